/*
** place_tables.c: what placing each rotated tile does, worked out when the
** variant loads: its in-tile groups, open edges per empty side and catalysts.
*/
#include "micropul.h"

/* Quadrants a and b touch inside a tile: NW-NE, NW-SW, NE-SE, SW-SE (the
** ring; the diagonals do not touch). */
static bool place_touch(int a, int b) { return (a ^ b) == 1 || (a ^ b) == 2; }

static void place_build(const MicropulVariant *v, int t, int r, PlaceRot *out) {
    const TileRot *tr = &v->rot[t][r];
    const PulTileDef *d = &v->ts.tile[t];
    *out = (PlaceRot){0};
    out->big = d->big;
    /* In-tile groups: same-colour quadrants that touch, rooted at the lowest. */
    uint8_t group[4];
    for (int q = 0; q < 4; q++) group[q] = (uint8_t)q;
    for (bool changed = true; changed;) {
        changed = false;
        for (int a = 0; a < 4; a++)
            for (int b = 0; b < 4; b++)
                if (tr->colour[a] && tr->colour[a] == tr->colour[b] && place_touch(a, b) &&
                    group[b] < group[a]) {
                    group[a] = group[b];
                    changed = true;
                }
    }
    for (int q = 0; q < 4; q++) {
        out->lroot[q] = group[q];
        out->lnext[q] = (uint8_t)q;
        if (!tr->colour[q]) continue;
        int root = group[q];
        if (root == q) out->roots[out->ngroups++] = (uint8_t)q;
        out->lcount[root]++;
        if (!d->big || q == 0) out->lsize[root]++;
        /* The members in ascending order, the last back to the root. */
        int next = root;
        for (int p = q + 1; p < 4; p++)
            if (tr->colour[p] && group[p] == root) {
                next = p;
                break;
            }
        out->lnext[q] = (uint8_t)next;
    }
    for (int i = 0; i < 8; i++)
        if (tr->mic_slots >> i & 1) out->open_side[i >> 1] += 1u << (8 * group[slot_quad[i]]);
    for (unsigned m = 0; m < 16; m++)
        for (int s = 0; s < 4; s++)
            if (m >> s & 1) out->open_empty[m] += out->open_side[s];
    for (int q = 0; q < 4; q++) {
        out->node_root[q] = out->lroot[q];
        out->node_next[q] = out->lnext[q];
        out->node_count[q] = out->lcount[q];
        out->node_size[q] = out->lsize[q];
        for (unsigned m = 0; m < 16; m++)
            out->node_open[m][q] = (int16_t)(out->open_empty[m] >> (8 * q) & 0xFFu);
        out->node_sb[q][d->big ? 1 : 0] = (int16_t)out->lsize[q];
    }
    for (unsigned m = 0; m < 16; m++)
        for (int k = 0; k < out->ngroups; k++)
            if (out->node_open[m][out->roots[k]] == 0) out->shut[m] |= (uint8_t)(1u << out->roots[k]);
    for (int s = 0; s < 4; s++) {
        int os = s ^ 2; /* the neighbour's side facing side s, slot for slot */
        out->out_ctx[s] = ((tr->edge >> (16 * s)) & 0xFFFFu) << (16 * os);
        out->out_nz[s] = bytes_nonzero(out->out_ctx[s]);
        out->out_mic[s] = (uint8_t)(((tr->mic_slots >> (2 * s)) & 3u) << (2 * os));
        out->out_cat[s] = (uint8_t)(((tr->cat_slots >> (2 * s)) & 3u) << (2 * os));
        out->out_tail[s] = (uint64_t)out->out_mic[s] << 16 | (uint64_t)out->out_cat[s] << 24 |
                           (uint64_t)v->side_pat[t][r][s] << (32 + 8 * os);
    }
    for (unsigned m = 1; m < 16; m++) {
        if (d->big) {
            out->fire[m] = (uint32_t)v->draw[d->centre] | (uint32_t)v->extra[d->centre] << 16;
            continue;
        }
        for (int q = 0; q < 4; q++)
            if (m >> q & 1)
                out->fire[m] += (uint32_t)v->draw[tr->quad[q]] | (uint32_t)v->extra[tr->quad[q]] << 16;
    }
}

void place_tables_build(MicropulVariant *v) {
    for (unsigned m = 0; m < 256; m++) {
        unsigned quads = 0;
        for (int i = 0; i < 8; i++)
            if (m >> i & 1) quads |= 1u << slot_quad[i];
        v->slot_quads[m] = (uint8_t)quads;
    }
    for (int t = 0; t < v->ts.ntiles; t++)
        for (int r = 0; r < 4; r++) place_build(v, t, r, &v->place[t][r]);
}
