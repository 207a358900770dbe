/*
** variant.c: compiling a tile set and rules into an immutable PulVariant.
** All per-tile geometry is worked out here once, never in the hot loop.
*/
#include <stdlib.h>
#include <string.h>

#include "hooked.h"
#include "mem.h"

const uint8_t slot_quad[8] = {PUL_NW, PUL_NE, PUL_NE, PUL_SE, PUL_SW, PUL_SE, PUL_NW, PUL_SW};
const int8_t side_dx[4] = {0, 1, 0, -1};
const int8_t side_dy[4] = {-1, 0, 1, 0};

static void compile_rotation(const PulTileSet *ts, int t, int r, TileRot *out) {
    const PulTileDef *d = &ts->tile[t];
    memset(out, 0, sizeof *out);
    pul_tileset_rotated(ts, t, r, out->quad);
    for (int q = 0; q < 4; q++)
        if (ts->feature[out->quad[q]].cls == PUL_FEATURE_MICROPUL)
            out->colour[q] = (uint8_t)(out->quad[q] + 1);
    for (int i = 0; i < 8; i++) {
        int q = slot_quad[i];
        if (out->colour[q]) {
            out->edge |= (uint64_t)out->colour[q] << (8 * i);
            out->mic_slots |= (uint8_t)(1u << i);
        }
        if (d->big || ts->feature[out->quad[q]].cls == PUL_FEATURE_CATALYST)
            out->cat_slots |= (uint8_t)(1u << i);
    }
    out->edge_nz = bytes_nonzero(out->edge);
}

static void compile(PulVariant *v) {
    const PulTileSet *ts = &v->ts;
    for (int f = 0; f < ts->nfeatures; f++) {
        bool cat = ts->feature[f].cls == PUL_FEATURE_CATALYST;
        v->draw[f] = cat ? ts->feature[f].draw : 0;
        v->extra[f] = cat && ts->feature[f].extra_turn;
    }
    for (int t = 0; t < ts->ntiles; t++) {
        v->nrots[t] = 0;
        for (int r = 0; r < 4; r++) {
            compile_rotation(ts, t, r, &v->rot[t][r]);
            int same = r;
            for (int p = 0; p < r; p++)
                if (memcmp(v->rot[t][p].quad, v->rot[t][r].quad, 4) == 0) {
                    same = p;
                    break;
                }
            v->rot[t][r].canonical = (uint8_t)same;
            if (same == r) v->rots[t][v->nrots[t]++] = (uint8_t)r;
        }
    }
}

PulVariant *pul_variant_new(const char *name, const PulTileSet *ts, const PulRules *rules,
                            PulError *err) {
    if (pul_tileset_validate(ts, err) != PUL_OK) return NULL;
    PulRules defaults;
    if (!rules) {
        pul_rules_default(&defaults);
        rules = &defaults;
    }
    if (pul_rules_validate(rules, err) != PUL_OK) return NULL;
    PulVariant *v = mem_alloc(sizeof *v);
    if (!v) {
        err_set(err, PUL_ERR_MEMORY, NULL, 0, 0, "out of memory building variant '%s'",
                name ? name : ts->name);
        return NULL;
    }
    memset(v, 0, sizeof *v);
    snprintf(v->name, sizeof v->name, "%s", name ? name : ts->name);
    snprintf(v->info.name, sizeof v->info.name, "%.*s", PUL_NAME_MAX - 1, v->name);
    for (int l = 0; l < PUL_NLANGS; l++)
        snprintf(v->info.title[l], sizeof v->info.title[l], "%s", v->info.name);
    v->ts = *ts;
    v->rules = *rules;
    compile(v);
    err_clear(err);
    return v;
}

void pul_variant_free(PulVariant *v) {
    if (!v) return;
    pul_theme_free(v->theme);
    if (v->program) v->script_ops->program_free(v->program);
    mem_free(v);
}

void variant_attach(PulVariant *v, const PulVariantInfo *info, PulTheme *theme) {
    v->info = *info;
    pul_theme_free(v->theme);
    v->theme = theme;
}

const PulVariantInfo *pul_variant_info(const PulVariant *v) { return &v->info; }
const PulTheme *pul_variant_theme(const PulVariant *v) { return v->theme; }

const char *pul_variant_title(const PulVariant *v, int lang) {
    if (lang < 0 || lang >= PUL_NLANGS) lang = PUL_LANG_EN;
    return v->info.title[lang][0] ? v->info.title[lang] : v->info.title[PUL_LANG_EN];
}

const char *pul_variant_name(const PulVariant *v) { return v->name; }
const PulTileSet *pul_variant_tileset(const PulVariant *v) { return &v->ts; }
const PulRules *pul_variant_rules(const PulVariant *v) { return &v->rules; }
