/*
** find.h: where a variant is on disk (the search path, its folder, its
** manifest), and loading a variant.yaml found there.
*/
#ifndef PUL_FIND_H
#define PUL_FIND_H

#include "common.h"

/* Where a variant is: its folder and its manifest (variant.yaml), or a bare
** tile set file standing for a variant with the default rules. */
typedef struct {
    char dir[PUL_PATH_MAX];
    char file[PUL_PATH_MAX];
    char name[128];   /* the folder's name (the tile set file's, for a bare one) */
    bool manifest;    /* file is a variant.yaml */
} VariantPlace;

/* Find a variant by name on the search path or by path. Manifests whose real
** path is in skip (nskip of them) are passed over; when that leaves none, the
** error code is extends-cycle. */
PulStatus variant_find(const char *name_or_path, const char *search_dirs, const char *const *skip,
                       int nskip, VariantPlace *out, PulError *err);
/* Call fn with each folder of the search path, in order (those that do not
** exist too). */
void variant_search_path(const char *search_dirs, void (*fn)(const char *dir, void *ud),
                         void *ud);
/* Load the variant.yaml at file (in folder dir, named folder). */
PulVariant *variant_load_manifest(const char *file, const char *dir, const char *folder,
                                  const char *search_dirs, PulError *err);

#endif
