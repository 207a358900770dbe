/*
** variant.h: a variant compiled for speed: each tile in each rotation as
** edge bytes and slot masks, so a placement test is a few word operations.
*/
#ifndef PUL_VARIANT_H
#define PUL_VARIANT_H

#include "common.h"

/* A cell's eight outward slots, two per side: slot = side * 2 + k.
**   N: nw ne   E: ne se   S: sw se   W: nw sw
** Slot side*2+k of a cell faces slot (side^2)*2+k of its neighbour on that
** side, so one byte index pairs both ends of every cross-edge pair. */
enum { SIDE_N = 0, SIDE_E = 1, SIDE_S = 2, SIDE_W = 3 };
extern const uint8_t slot_quad[8];
extern const int8_t side_dx[4], side_dy[4];

typedef struct {
    uint64_t edge;      /* byte i: colour code (micropul feature + 1) on slot i, else 0 */
    uint64_t edge_nz;   /* 0x80 in byte i where edge byte i is not 0 */
    uint8_t quad[4];    /* feature per quadrant */
    uint8_t colour[4];  /* colour code per quadrant, 0 when not a micropul */
    uint8_t mic_slots;  /* bit i: slot i shows a micropul */
    uint8_t cat_slots;  /* bit i: slot i shows a catalyst (a big centre touches all 8) */
    uint8_t canonical;  /* lowest rotation giving the same layout */
} TileRot;

struct PulVariant {
    char name[128];
    PulTileSet ts;
    PulRules rules;
    PulVariantInfo info;  /* what variant.yaml said besides tiles and rules */
    PulTheme *theme;      /* owned; NULL when the variant has none */
    /* The scripts' compiled program (owned, immutable; NULL when none): the
    ** operations on it and its states, and its hooks table (MicropulHooks). */
    void *program;
    const struct ScriptOps *script_ops;
    const void *hooks;
    TileRot rot[PUL_MAX_TILES][4];
    uint8_t nrots[PUL_MAX_TILES];       /* distinct layouts of each tile */
    uint8_t rots[PUL_MAX_TILES][4];     /* their (lowest) rotations */
    int32_t draw[PUL_MAX_FEATURES];     /* per feature: tiles a catalyst draws */
    bool extra[PUL_MAX_FEATURES];       /* per feature: a catalyst granting an extra turn */
};

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

/* Give v the manifest's facts and a theme (v takes ownership of theme). */
void variant_attach(PulVariant *v, const PulVariantInfo *info, PulTheme *theme);

/* 0x80 in each byte of x that is not zero, exactly (no carries across bytes). */
static inline uint64_t bytes_nonzero(uint64_t x) {
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7FULL;
    return (((x & low7) + low7) | x) & 0x8080808080808080ULL;
}

/* Gather the top bit of each byte (as bytes_nonzero leaves them) into 8 bits:
** each bit lands alone, so the multiply never carries. */
static inline unsigned bytes_to_bits(uint64_t top_bits) {
    return (unsigned)(((top_bits >> 7) * 0x0102040810204080ULL) >> 56);
}

#endif
