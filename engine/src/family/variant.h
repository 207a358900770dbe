/*
** variant.h: the part of a variant every rules family shares (its name, what
** its manifest said, its theme, its family's table, its scripts); a family's
** variant begins with it (as its member h) and adds its compiled tables.
*/
#ifndef PUL_FAMILY_VARIANT_H
#define PUL_FAMILY_VARIANT_H

#include "family.h"

struct ScriptHost;

struct PulVariant {
    char name[128];
    const Family *fam;
    PulVariantInfo info;  /* what variant.yaml said besides tiles and rules */
    PulTheme *theme;      /* owned; NULL when the variant has none */
    struct ScriptHost *host; /* owned: the Lua state of its scripts; NULL when none */
    struct PulGame *scratch; /* owned, with host: the state before a hooked action */
    /* frees host and scratch: set with them by the script layer, so family/ frees a
    ** variant without naming the Lua host */
    void (*release_scripts)(PulVariant *v);
};

/* Give v the manifest's facts and a theme (v takes ownership of theme). */
void variant_attach(PulVariant *v, const PulVariantInfo *info, PulTheme *theme);
/* A zeroed variant of fam, fam->variant_size bytes, with the common part set:
** name, info's name and titles, fam. */
PulVariant *variant_alloc(const Family *fam, const char *name, PulError *err);

#endif
