/*
** families.h: the registry of rules families by name, above the families so
** that family/ never names one; a manifest's family: key is read through it.
*/
#ifndef PUL_FAMILIES_H
#define PUL_FAMILIES_H

#include "family.h"

/* The family called name, or NULL. */
const Family *families_find(const char *name);
/* The i-th family (0 first), or NULL past the last: for listings and hints. */
const Family *families_at(int i);
/* The family of an edition that names none (Micropul), and of a tile set's
** theme read through the public loaders. */
const Family *families_default(void);

#endif
