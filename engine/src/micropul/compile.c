/*
** compile.c: a Micropul tile set compiled for speed: each tile in each
** rotation as edge bytes and slot masks, so a placement test is a few word
** operations. All per-tile geometry is worked out here once, never in the hot loop.
*/
#include <string.h>

#include "micropul.h"

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

PulStatus compile_variant(PulVariant *pv, PulError *err) {
    MicropulVariant *v = (MicropulVariant *)(void *)pv;
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
    place_tables_build(v);
    err_clear(err);
    return PUL_OK;
}
