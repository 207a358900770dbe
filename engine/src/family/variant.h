/*
** variant.h: the part of a variant every rules family shares (its name, what
** its manifest said, its theme, its family's table, its scripts); a family's
** variant begins with it (as its member h) and adds its compiled tables.
*/
#ifndef PUL_FAMILY_VARIANT_H
#define PUL_FAMILY_VARIANT_H

#include "family.h"
#include "hooks.h"

struct PulVariant {
    char name[128];
    const Family *fam;
    PulVariantInfo info;  /* what variant.yaml said besides tiles and rules */
    PulTheme *theme;      /* owned; NULL when the variant has none */
    /* The scripts' compiled program (owned, immutable; NULL when none), set once
    ** by the loader: the operations that free it and the states made from it
    ** (family/ frees both without naming Lua), and the family's hooks table
    ** inside it (Micropul's: MicropulHooks, micropul/hooked.h). */
    void *program;
    const ScriptOps *script_ops;
    const void *hooks;
};

/* Give v the manifest's facts and a theme (v takes ownership of theme). */
void variant_attach(PulVariant *v, const PulVariantInfo *info, PulTheme *theme);
/* A zeroed variant of fam, fam->variant_size bytes, with the common part set:
** name, info's name and titles, fam. */
PulVariant *variant_alloc(const Family *fam, const char *name, PulError *err);
/* Give v its scripts' program (v owns it from now on): ops free it and the
** states made from it, hooks is the family's table inside it. */
void variant_attach_program(PulVariant *v, void *program, const ScriptOps *ops,
                            const void *hooks);

#endif
