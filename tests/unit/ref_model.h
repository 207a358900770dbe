/*
** ref_model.h: a reference model of Micropul written from RULES.md alone:
** placement legality, catalysts fired, groups, for the property test.
**
** It reads only the public API (the placed tiles, the stones, the tile set)
** and shares no code with the engine, so the two can be compared.
*/
#ifndef PUL_REF_MODEL_H
#define PUL_REF_MODEL_H

#include <string.h>

#include "pul.h"

/* ------------------------------------------------------ tile geometry */

/* Across each outward edge of quadrant q: the neighbour cell and the
** neighbour's quadrant that faces q (RULES.md, geometry). */
static const struct {
    int dx, dy, oq;
} OUT[4][2] = {
    [PUL_NW] = {{0, -1, PUL_SW}, {-1, 0, PUL_NE}},
    [PUL_NE] = {{0, -1, PUL_SE}, {1, 0, PUL_NW}},
    [PUL_SW] = {{0, 1, PUL_NW}, {-1, 0, PUL_SE}},
    [PUL_SE] = {{0, 1, PUL_NE}, {1, 0, PUL_SW}},
};

/* One quarter turn clockwise of ab/cd is ca/db. */
static void turn_quads(const PulTileSet *ts, int t, int r, uint8_t q[4]) {
    memcpy(q, ts->tile[t].quad, 4);
    for (int k = 0; k < r; k++) {
        uint8_t n[4] = {q[PUL_SW], q[PUL_NW], q[PUL_SE], q[PUL_NE]};
        memcpy(q, n, 4);
    }
}

static int canonical_rot(const PulTileSet *ts, int t, int r) {
    uint8_t a[4], b[4];
    turn_quads(ts, t, r, a);
    for (int p = 0; p < r; p++) {
        turn_quads(ts, t, p, b);
        if (memcmp(a, b, 4) == 0) return p;
    }
    return r;
}

/* ------------------------------------------------------ reference board */

enum { MAXN = PUL_MAX_TILES * 4, MAPW = 128 };

typedef struct {
    const PulTileSet *ts;
    const PulRules *rules;
    int n;
    int x[PUL_MAX_TILES], y[PUL_MAX_TILES];
    int tile[PUL_MAX_TILES];
    uint8_t q[PUL_MAX_TILES][4];
    bool big[PUL_MAX_TILES];
    int minx, maxx, miny, maxy;
    int8_t map[MAPW * MAPW]; /* index + 1 at (x mod 128, y mod 128) */
    int nfront;
    int fx[4 * PUL_MAX_TILES], fy[4 * PUL_MAX_TILES];
    /* groups */
    int root[MAXN];          /* -1: not a micropul */
    int size[MAXN], points[MAXN], stones[MAXN];
    unsigned owners[MAXN];
    bool closed[MAXN];
    int unclaimed;
    int bad_stones;          /* stones on no micropul: must stay 0 */
    int map_clashes;         /* two tiles on one slot of map: must stay 0 */
} Ref;

static bool is_mic(const Ref *b, int f) { return b->ts->feature[f].cls == PUL_FEATURE_MICROPUL; }
static bool is_cat(const Ref *b, int f) { return b->ts->feature[f].cls == PUL_FEATURE_CATALYST; }

static int cell(const Ref *b, int x, int y) {
    if (x < -200 || x > 200 || y < -200 || y > 200) return -1;
    int i = b->map[(((unsigned)y & (MAPW - 1)) * MAPW) | ((unsigned)x & (MAPW - 1))] - 1;
    return i >= 0 && b->x[i] == x && b->y[i] == y ? i : -1;
}

static int lowest_bit(unsigned x) {
    int i = 0;
    while (x && !(x & 1u)) x >>= 1, i++;
    return i;
}

static int bit_count(unsigned x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

static int find(int *parent, int a) {
    while (parent[a] != a) a = parent[a] = parent[parent[a]];
    return a;
}

/* Scorer of a closed group: RULES.md, and merged_scoring. */
static int scorer(const Ref *b, int r) {
    if (b->stones[r] == 1) return lowest_bit(b->owners[r]);
    if (b->stones[r] > 1 && b->rules->merged_scoring == PUL_MERGED_SCORE_ONE_OWNER &&
        bit_count(b->owners[r]) == 1)
        return lowest_bit(b->owners[r]);
    return -1;
}

static void ref_build(Ref *b, const PulGame *g) {
    const PulVariant *v = pul_game_variant(g);
    for (int i = 0; i < b->n; i++)
        b->map[(((unsigned)b->y[i] & (MAPW - 1)) * MAPW) | ((unsigned)b->x[i] & (MAPW - 1))] = 0;
    b->ts = pul_variant_tileset(v);
    b->bad_stones = b->map_clashes = 0;
    b->rules = pul_variant_rules(v);
    PulPlaced pl[PUL_MAX_TILES];
    b->n = pul_game_placed(g, pl, PUL_MAX_TILES);
    for (int i = 0; i < b->n; i++) {
        b->x[i] = pl[i].x;
        b->y[i] = pl[i].y;
        b->tile[i] = pl[i].tile;
        turn_quads(b->ts, pl[i].tile, pl[i].rot, b->q[i]);
        b->big[i] = b->ts->tile[pl[i].tile].big;
        int8_t *m = &b->map[(((unsigned)pl[i].y & (MAPW - 1)) * MAPW) | ((unsigned)pl[i].x & (MAPW - 1))];
        if (*m) b->map_clashes++;
        *m = (int8_t)(i + 1);
        if (i == 0 || pl[i].x < b->minx) b->minx = pl[i].x;
        if (i == 0 || pl[i].x > b->maxx) b->maxx = pl[i].x;
        if (i == 0 || pl[i].y < b->miny) b->miny = pl[i].y;
        if (i == 0 || pl[i].y > b->maxy) b->maxy = pl[i].y;
    }
    /* Frontier: empty cells sharing an edge with a tile, each once. */
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    b->nfront = 0;
    for (int i = 0; i < b->n; i++)
        for (int s = 0; s < 4; s++) {
            int x = b->x[i] + dx[s], y = b->y[i] + dy[s];
            if (cell(b, x, y) >= 0) continue;
            bool dup = false;
            for (int k = 0; k < b->nfront && !dup; k++) dup = b->fx[k] == x && b->fy[k] == y;
            if (!dup) {
                b->fx[b->nfront] = x;
                b->fy[b->nfront++] = y;
            }
        }
    /* Groups: micropul of one colour joined inside a tile or across an edge. */
    int parent[MAXN];
    for (int nd = 0; nd < b->n * 4; nd++) {
        parent[nd] = nd;
        b->root[nd] = -1;
    }
    static const int inner[4][2] = {{PUL_NW, PUL_NE}, {PUL_NW, PUL_SW}, {PUL_NE, PUL_SE}, {PUL_SW, PUL_SE}};
    for (int i = 0; i < b->n; i++) {
        for (int k = 0; k < 4; k++) {
            int a = inner[k][0], c = inner[k][1];
            if (is_mic(b, b->q[i][a]) && b->q[i][a] == b->q[i][c])
                parent[find(parent, i * 4 + a)] = find(parent, i * 4 + c);
        }
        for (int q = 0; q < 4; q++) {
            if (!is_mic(b, b->q[i][q])) continue;
            for (int k = 0; k < 2; k++) {
                int j = cell(b, b->x[i] + OUT[q][k].dx, b->y[i] + OUT[q][k].dy);
                if (j >= 0 && b->q[j][OUT[q][k].oq] == b->q[i][q])
                    parent[find(parent, i * 4 + q)] = find(parent, j * 4 + OUT[q][k].oq);
            }
        }
    }
    for (int nd = 0; nd < b->n * 4; nd++) {
        b->size[nd] = b->points[nd] = b->stones[nd] = 0;
        b->owners[nd] = 0;
        b->closed[nd] = true;
    }
    for (int nd = 0; nd < b->n * 4; nd++) {
        int i = nd / 4, q = nd % 4;
        if (!is_mic(b, b->q[i][q])) continue;
        int r = find(parent, nd);
        b->root[nd] = r;
        if (!b->big[i] || q == 0) {
            b->size[r] += 1;
            b->points[r] += b->big[i] ? b->rules->points_big : b->rules->points_micropul;
        }
        for (int k = 0; k < 2; k++)
            if (cell(b, b->x[i] + OUT[q][k].dx, b->y[i] + OUT[q][k].dy) < 0) b->closed[r] = false;
    }
    PulStone st[PUL_MAX_SEATS * PUL_MAX_STONES];
    int ns = pul_game_stones_on_board(g, st, PUL_MAX_SEATS * PUL_MAX_STONES);
    for (int k = 0; k < ns; k++) {
        int j = cell(b, st[k].x, st[k].y);
        int r = j >= 0 ? b->root[j * 4 + st[k].quad] : -1;
        if (r < 0) {
            b->bad_stones++;
            continue;
        }
        b->stones[r]++;
        b->owners[r] |= 1u << st[k].seat;
    }
    b->unclaimed = 0;
    for (int nd = 0; nd < b->n * 4; nd++) b->unclaimed += b->root[nd] == nd && b->stones[nd] == 0;
}

static bool holds(const uint8_t *list, int n, int t) {
    for (int i = 0; i < n; i++)
        if (list[i] == t) return true;
    return false;
}

/* PMN.md's order for a placement: not_in_hand, occupied, not_adjacent,
** colour_conflict, no_attachment. */
static PulReason ref_place(const Ref *b, const uint8_t *hand, int nhand, int t, int r, int x,
                           int y) {
    if (r > 3) return PUL_R_BAD_ACTION;
    if (!holds(hand, nhand, t)) return PUL_R_NOT_IN_HAND;
    if (cell(b, x, y) >= 0) return PUL_R_OCCUPIED;
    if (cell(b, x + 1, y) < 0 && cell(b, x - 1, y) < 0 && cell(b, x, y + 1) < 0 &&
        cell(b, x, y - 1) < 0)
        return PUL_R_NOT_ADJACENT;
    uint8_t q[4];
    turn_quads(b->ts, t, r, q);
    bool conflict = false, attach = false;
    for (int k = 0; k < 4; k++) {
        if (!is_mic(b, q[k])) continue;
        for (int e = 0; e < 2; e++) {
            int j = cell(b, x + OUT[k][e].dx, y + OUT[k][e].dy);
            if (j < 0) continue;
            int f = b->q[j][OUT[k][e].oq];
            if (!is_mic(b, f)) continue;
            if (f == q[k]) attach = true;
            else conflict = true;
        }
    }
    if (conflict && b->rules->rule2_colours) return PUL_R_COLOUR_CONFLICT;
    if (!attach && b->rules->rule1_attachment) return PUL_R_NO_ATTACHMENT;
    return PUL_LEGAL;
}

typedef struct {
    int x, y, quad, feature;
} Fire;

/* The catalysts a placement fires (b is the board before it): each at most
** once; a big tile's centre touches all eight slots around it. */
static int ref_fire(const Ref *b, int t, int r, int x, int y, Fire *out) {
    uint8_t q[4];
    turn_quads(b->ts, t, r, q);
    bool big = b->ts->tile[t].big;
    int n = 0;
    for (int k = 0; k < 4; k++)
        for (int e = 0; e < 2; e++) {
            int nx = x + OUT[k][e].dx, ny = y + OUT[k][e].dy, oq = OUT[k][e].oq;
            int j = cell(b, nx, ny);
            if (j < 0) continue;
            Fire f[2];
            int nf = 0;
            if (is_mic(b, b->q[j][oq])) {
                if (big) f[nf++] = (Fire){x, y, PUL_CENTRE, b->ts->tile[t].centre};
                else if (is_cat(b, q[k])) f[nf++] = (Fire){x, y, k, q[k]};
            }
            if (is_mic(b, q[k])) {
                if (b->big[j]) f[nf++] = (Fire){nx, ny, PUL_CENTRE, b->ts->tile[b->tile[j]].centre};
                else if (is_cat(b, b->q[j][oq])) f[nf++] = (Fire){nx, ny, oq, b->q[j][oq]};
            }
            for (int i = 0; i < nf; i++) {
                bool dup = false;
                for (int m = 0; m < n && !dup; m++)
                    dup = out[m].x == f[i].x && out[m].y == f[i].y && out[m].quad == f[i].quad;
                if (!dup) out[n++] = f[i];
            }
        }
    return n;
}

static bool any_placement(const Ref *b, const uint8_t *hand, int nh) {
    for (int h = 0; h < nh; h++)
        for (int r = 0; r < 4; r++)
            for (int f = 0; f < b->nfront; f++)
                if (ref_place(b, hand, nh, hand[h], r, b->fx[f], b->fy[f]) == PUL_LEGAL) return true;
    return false;
}

#endif
