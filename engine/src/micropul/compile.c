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

/* The pattern id of a side's two colour bytes, numbered on first sight; -1
** when the variant has more patterns than a byte numbers. */
static int pattern_id(uint16_t *seen, int *n, uint16_t two) {
    for (int i = 0; i < *n; i++)
        if (seen[i] == two) return i;
    if (*n == LEGAL_MAX_PATTERNS) return -1;
    seen[*n] = two;
    return (*n)++;
}

/* fitb's byte for tile t against pattern two seen on the cell's side:
** each canonical rotation's two slots there, against the pattern's two
** colours, as rules 1 and 2 compare them (legal.c's fit, slot by slot). */
static uint8_t fit_byte(const MicropulVariant *v, int t, int side, uint16_t two) {
    unsigned compat = 0, attach = 0;
    for (int r = 0; r < 4; r++) {
        if (!(v->canon[t] >> r & 1)) continue;
        bool clash = false, joins = false;
        for (int k = 0; k < 2; k++) {
            unsigned mine = (unsigned)(v->rot[t][r].edge >> (8 * (2 * side + k))) & 0xFF;
            unsigned theirs = (unsigned)(two >> (8 * k)) & 0xFF;
            if (mine && theirs) {
                clash |= mine != theirs;
                joins |= mine == theirs;
            }
        }
        compat |= (unsigned)!clash << r;
        attach |= (unsigned)joins << r;
    }
    return (uint8_t)(compat | attach << 4);
}

/* Number the side patterns and fill the tables legal.c combines per cell;
** npat stays 0 when the tile set shows more patterns than a byte numbers. */
static void compile_legal_tables(MicropulVariant *v) {
    const PulTileSet *ts = &v->ts;
    uint16_t seen[LEGAL_MAX_PATTERNS];
    int n = 0;
    pattern_id(seen, &n, 0); /* id 0: a side showing no micropul */
    v->npat = 0;
    for (int t = 0; t < ts->ntiles; t++) {
        v->canon[t] = 0;
        for (int i = 0; i < v->nrots[t]; i++) v->canon[t] |= (uint8_t)(1u << v->rots[t][i]);
        for (int r = 0; r < 4; r++)
            for (int s = 0; s < 4; s++) {
                int id = pattern_id(seen, &n, (uint16_t)(v->rot[t][r].edge >> (16 * s)));
                if (id < 0) return;
                v->side_pat[t][r][s] = (uint8_t)id;
            }
    }
    for (int t = 0; t < ts->ntiles; t++)
        for (int p = 0; p < n; p++)
            for (int s = 0; s < 4; s++) v->fitb[t][p * 4 + s] = fit_byte(v, t, s, seen[p]);
    v->npat = (uint16_t)n;
}

PulStatus compile_variant(PulVariant *pv, PulError *err) {
    MicropulVariant *v = (MicropulVariant *)(void *)pv;
    const PulTileSet *ts = &v->ts;
    if (ts->ntiles > MP_TILES) /* pul_variant_new picks the layout that holds it */
        return err_set(err, PUL_ERR_RANGE, NULL, 0, 0, "%d tiles do not fit this layout (%d)",
                       ts->ntiles, MP_TILES);
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
    compile_legal_tables(v);
    place_tables_build(v);
    err_clear(err);
    return PUL_OK;
}
