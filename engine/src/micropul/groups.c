/*
** groups.c: micropul groups kept incrementally as tiles are placed: members,
** size, open edges (an open-edge count per group beats rescanning the board),
** stones, merging, closing and the points a closed group scores.
*/
#include <string.h>

#include "micropul.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static const uint8_t inner_pairs[4][2] = {
    {PUL_NW, PUL_NE}, {PUL_NW, PUL_SW}, {PUL_NE, PUL_SE}, {PUL_SW, PUL_SE}};

static int popcount8(unsigned x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}


/* Who a closed group with these stones scores for, or -1. */
static int scorer_of(const PulRules *rules, int stones, unsigned owners) {
    if (stones == 1) return lowest_set(owners);
    if (stones > 1 && rules->merged_scoring == PUL_MERGED_SCORE_ONE_OWNER && popcount8(owners) == 1)
        return lowest_set(owners);
    return -1;
}

int groups_scorer(const MicropulGame *g, int r) {
    return scorer_of(&g->rules, g->gstones[r], g->gowners[r]);
}

int groups_scorer_of(const PulRules *rules, int stones, unsigned owners) {
    return scorer_of(rules, stones, owners);
}

/* Join the groups of nodes a and b; returns the surviving root: the larger
** group's (a's on a tie), whose members are not relabelled. */
static int join(MicropulGame *g, int a, int b) {
    int ra = g->root[a], rb = g->root[b];
    if (ra == rb) return ra;
    /* Which group is larger is a coin toss to the branch predictor: a
    ** mask picks, which the compiler cannot turn back into a branch. */
    unsigned smaller = -(unsigned)(g->gcount[ra] < g->gcount[rb]);
    int keep = ra ^ (int)((unsigned)(ra ^ rb) & smaller), gone = ra ^ rb ^ keep;
    /* Relabel the smaller group, two members a round: it has one or two in
    ** nine joins in ten (often the new tile's own), so the loop's exit
    ** stops depending on the count. The list is circular, so the steps past
    ** the count go round again and write keep where it already is. */
    int n = gone;
    int k = g->gcount[gone];
    do {
        g->root[n] = (NodeId)keep;
        n = g->gnext[n];
        g->root[n] = (NodeId)keep;
        n = g->gnext[n];
    } while ((k -= 2) > 0);
    NodeId t = g->gnext[keep];
    g->gnext[keep] = g->gnext[gone];
    g->gnext[gone] = t;
    g->unclaimed = (int16_t)(g->unclaimed - ((g->gstones[keep] == 0) | (g->gstones[gone] == 0)));
    g->gcount[keep] = (NodeId)(g->gcount[keep] + g->gcount[gone]);
    g->gsize[keep] = (NodeId)(g->gsize[keep] + g->gsize[gone]);
    g->gpoints[keep] += g->gpoints[gone];
    g->gopen[keep] = (int16_t)(g->gopen[keep] + g->gopen[gone]);
    g->gstones[keep] = (uint8_t)(g->gstones[keep] + g->gstones[gone]);
    g->gowners[keep] |= g->gowners[gone];
    return keep;
}

static void node_position(const MicropulGame *g, int n, int32_t *x, int32_t *y, int *quad) {
    *x = g->placed[n >> 2].x;
    *y = g->placed[n >> 2].y;
    *quad = n & 3;
}

static bool contains(const int *list, int n, int value) {
    for (int i = 0; i < n; i++)
        if (list[i] == value) return true;
    return false;
}

/* A MERGED event for each group of the new tile that joined two or more
** groups that were already on the board (old_roots: their roots before,
** each once). */
static void report_merges(MicropulGame *g, int base, const TileRot *tr, const int *old_roots,
                          int nold, PulEvents *ev) {
    int seen[4], nseen = 0;
    for (int q = 0; q < 4; q++) {
        if (!tr->colour[q]) continue;
        int r = g->root[base + q];
        if (contains(seen, nseen, r)) continue;
        seen[nseen++] = r;
        int joined = 0;
        for (int i = 0; i < nold; i++) joined += g->root[old_roots[i]] == r;
        PulEvent *e;
        if (joined >= 2 && (e = event_push(ev, PUL_EV_MERGED, g->h.to_move))) {
            int qq;
            node_position(g, base + q, &e->x, &e->y, &qq);
            e->quad = (uint8_t)qq;
            e->count = joined;
            e->value = g->gstones[r];
        }
    }
}

/* A tile's four node ids, numbered from 0 in src, numbered from base in dst. */
static inline void nodes_offset(NodeId *dst, const NodeId *src, unsigned base) {
#ifdef MICROPUL_WIDE
    for (int q = 0; q < 4; q++) dst[q] = (NodeId)(src[q] + base);
#else
    /* Four byte lanes at once: every id stays below MAX_NODES, so no lane carries. */
    uint32_t w;
    memcpy(&w, src, sizeof w);
    w += base * 0x01010101u;
    memcpy(dst, &w, sizeof w);
#endif
}

/* The points of a tile's four nodes: (small, big) micropul counts by
** (points_micropul, points_big), pairs multiplied and added, four at once
** where SSE2 is (rules.c keeps points within RULES_POINTS_MAX). */
_Static_assert(RULES_POINTS_MAX <= INT16_MAX, "points are 16-bit lanes");
static inline void node_points(int32_t *dst, const PlaceRot *pr, const PulRules *rules) {
#if defined(__SSE2__)
    __m128i sb = _mm_loadu_si128((const __m128i *)(const void *)pr->node_sb);
    uint32_t pair = (uint16_t)rules->points_micropul | (uint32_t)(uint16_t)rules->points_big << 16;
    __m128i pts = _mm_set1_epi32((int)pair);
    _mm_storeu_si128((__m128i *)(void *)dst, _mm_madd_epi16(sb, pts));
#else
    for (int q = 0; q < 4; q++)
        dst[q] = pr->node_sb[q][0] * rules->points_micropul + pr->node_sb[q][1] * rules->points_big;
#endif
}

/* Bit s: no tile on side s (nb[s] < 0). */
static inline unsigned empty_sides(const int nb[4]) {
#if defined(__SSE2__)
    /* The four sign bits at once. */
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)nb);
    return (unsigned)_mm_movemask_ps(_mm_castsi128_ps(v));
#else
    return (unsigned)(nb[0] < 0) | (unsigned)(nb[1] < 0) << 1 | (unsigned)(nb[2] < 0) << 2 |
           (unsigned)(nb[3] < 0) << 3;
#endif
}

/* The node each of a cell's eight slots faces: slot i faces slot i ^ 4 of
** the tile on side i >> 1. Where no tile is (nb < 0) it reads tile 0's
** quadrant, a real node, so that a step past the last slot stays in bounds. */
_Static_assert(MAX_NODES <= INT16_MAX, "faced nodes are 16-bit lanes");
static inline void faced_nodes(NodeId out[8], const int nb[4]) {
#if defined(__SSE2__)
    /* slot_quad[i ^ 4] (compile.c), per slot. */
    const __m128i quad = _mm_setr_epi16(PUL_SW, PUL_SE, PUL_NW, PUL_SW, PUL_NW, PUL_NE, PUL_NE, PUL_SE);
    __m128i v = _mm_slli_epi32(_mm_loadu_si128((const __m128i *)(const void *)nb), 2);
    v = _mm_max_epi16(_mm_packs_epi32(v, v), _mm_setzero_si128()); /* MAX_NODES fits int16 */
    v = _mm_add_epi16(_mm_unpacklo_epi16(v, v), quad);              /* two slots a side */
#ifdef MICROPUL_WIDE
    _mm_storeu_si128((__m128i *)(void *)out, v);
#else
    _mm_storel_epi64((__m128i *)(void *)out, _mm_packus_epi16(v, v));
#endif
#else
    for (int i = 0; i < 8; i++) {
        int j = nb[i >> 1];
        out[i] = (NodeId)((j < 0 ? 0 : j) * 4 + slot_quad[i ^ 4]);
    }
#endif
}

/* The tile's own groups come whole from its table (place_tables.c): only
** the joins with its neighbours' groups are worked out here. */
void groups_add_tile(MicropulGame *g, int idx, const int nb[4], const Front *seen, unsigned same,
                     PulEvents *ev) {
    const MicropulVariant *v = MV(g);
    const Placed *p = &g->placed[idx];
    const TileRot *tr = &v->rot[p->tile][p->rot];
    const PlaceRot *pr = &v->place[p->tile][p->rot];
    int base = idx * 4;

    /* Slots of the new tile facing an empty cell are open edges. */
    unsigned empty = empty_sides(nb);
    nodes_offset(&g->root[base], pr->node_root, (unsigned)base);
    nodes_offset(&g->gnext[base], pr->node_next, (unsigned)base);
    memcpy(&g->gcount[base], pr->node_count, sizeof pr->node_count);
    memcpy(&g->gsize[base], pr->node_size, sizeof pr->node_size);
    memcpy(&g->gopen[base], pr->node_open[empty], sizeof pr->node_open[empty]);
    memset(&g->gstones[base], 0, 4);
    memset(&g->gowners[base], 0, 4);
    node_points(&g->gpoints[base], pr, &g->rules);
    g->unclaimed = (int16_t)(g->unclaimed + pr->ngroups);

    /* Each neighbour micropul facing this cell was an open edge and no longer
    ** is; closure candidates: this tile's groups, then the neighbours' (by
    ** their roots before the joins, which the CLOSED events are placed at). */
    NodeId cand[12];
    int ncand = pr->ngroups, last = -1;
    /* The first micropul quadrant of each group is its in-tile root, so the
    ** roots stand for all of the tile's quadrants (written whole: the count says how many). */
    NodeId roots[4] = {pr->roots[0], pr->roots[1], pr->roots[2], pr->roots[3]};
    nodes_offset(cand, roots, (unsigned)base);
    int first_old = ncand;
    /* Only a group left with no open edge can close: a tile's group with
    ** none (its table), or a neighbour's whose last one this cell was; a
    ** join adds open edges, so a group joined to an open one stays open. */
    unsigned shut = pr->shut[empty];
    /* One or two micropul face the new tile in four placements of five: the
    ** first two slots are done without a branch (a step past the last slot
    ** changes nothing), the rest in a loop that is seldom entered. */
    NodeId faced[8];
    faced_nodes(faced, nb);
    unsigned m = seen->mic8;
    for (int step = 0; step < 2; step++) {
        unsigned live = m != 0;
        /* Past the last slot (or for the first tile, mic8 0) slot 7 stands in. */
        int r = g->root[faced[lowest_set(m | 0x80u)]];
        g->gopen[r] = (int16_t)(g->gopen[r] - (int)live);
        shut |= live & (g->gopen[r] == 0);
        /* The slots of one side often face one group: a repeat adds nothing. */
        cand[ncand] = (NodeId)r;
        ncand += live & (r != last);
        last = r;
        m &= m - 1;
    }
    for (; m; m &= m - 1) {
        int r = g->root[faced[lowest_set(m)]];
        shut |= --g->gopen[r] == 0;
        cand[ncand] = (NodeId)r;
        ncand += r != last;
        last = r;
    }
    PUL_ASSERT(ncand <= 12);
    PUL_ASSERT(same == edges_joined(tr, seen));
    for (; same; same &= same - 1) {
        int i = lowest_set(same);
        join(g, base + slot_quad[i], faced[i]);
    }

    /* Each closed group is settled once (candidates may share a root). */
    int done[12], ndone = 0;
    for (int i = 0; i < (shut ? ncand : 0); i++) {
        int r = g->root[cand[i]];
        if (PUL_LIKELY(g->gopen[r] != 0) || contains(done, ndone, r)) continue;
        done[ndone++] = r;
        int who = groups_scorer(g, r);
        if (who >= 0) g->group_points[who] += g->gpoints[r];
        PulEvent *e = event_push(ev, PUL_EV_CLOSED, g->h.to_move);
        if (e) {
            int qq;
            node_position(g, cand[i], &e->x, &e->y, &qq);
            e->quad = (uint8_t)qq;
            e->count = g->gsize[r];
            e->value = who;
        }
    }
    if (ev) {
        int old_roots[8], nold = 0;
        for (int i = first_old; i < ncand; i++)
            if (!contains(old_roots, nold, cand[i])) old_roots[nold++] = cand[i];
        if (nold >= 2) report_merges(g, base, tr, old_roots, nold, ev);
    }
}

void groups_claim(MicropulGame *g, int r, int seat) {
    if (g->gstones[r] == 0) g->unclaimed--;
    g->gstones[r]++;
    g->gowners[r] |= (uint8_t)(1u << seat);
    if (g->gopen[r] == 0) {
        int who = groups_scorer(g, r);
        if (who >= 0) g->group_points[who] += g->gpoints[r];
    }
}

/* From scratch, by walking the board: a check on everything above. */
void groups_recount(const MicropulGame *g, int *points) {
    const MicropulVariant *v = MV(g);
    int label[MAX_NODES];
    int stack[MAX_NODES];
    for (int i = 0; i < MAX_NODES; i++) label[i] = -1;
    for (int s = 0; s < g->h.nseats; s++) points[s] = 0;
    for (int start = 0; start < g->nplaced * 4; start++) {
        const Placed *p0 = &g->placed[start >> 2];
        if (label[start] >= 0 || !v->rot[p0->tile][p0->rot].colour[start & 3]) continue;
        int top = 0, pts = 0;
        bool open = false;
        stack[top++] = start;
        label[start] = start;
        while (top) {
            int n = stack[--top], idx = n >> 2, q = n & 3;
            const Placed *p = &g->placed[idx];
            const TileRot *tr = &v->rot[p->tile][p->rot];
            bool big = v->ts.tile[p->tile].big;
            if (!big || q == 0) pts += big ? g->rules.points_big : g->rules.points_micropul;
            for (int i = 0; i < 4; i++) {
                int a = inner_pairs[i][0], b = inner_pairs[i][1], other = -1;
                if (a == q) other = b;
                if (b == q) other = a;
                if (other >= 0 && tr->colour[other] == tr->colour[q] && label[idx * 4 + other] < 0) {
                    label[idx * 4 + other] = start;
                    stack[top++] = idx * 4 + other;
                }
            }
            for (int slot = 0; slot < 8; slot++) {
                if (slot_quad[slot] != q) continue;
                int s = slot / 2, k = slot % 2;
                int j = board_tile_at(g, p->x + side_dx[s], p->y + side_dy[s]);
                if (j < 0) {
                    open = true;
                    continue;
                }
                const Placed *pn = &g->placed[j];
                int oq = slot_quad[(s ^ 2) * 2 + k];
                int m = j * 4 + oq;
                if (v->rot[pn->tile][pn->rot].colour[oq] == tr->colour[q] && label[m] < 0) {
                    label[m] = start;
                    stack[top++] = m;
                }
            }
        }
        if (open) continue;
        int stones = 0;
        unsigned owners = 0;
        for (int i = 0; i < g->nstones_placed; i++) {
            const PulStone *st = &g->stone_list[i];
            int j = board_tile_at(g, st->x, st->y);
            if (j >= 0 && label[j * 4 + st->quad] == start) {
                stones++;
                owners |= 1u << st->seat;
            }
        }
        int who = scorer_of(&g->rules, stones, owners);
        if (who >= 0) points[who] += pts;
    }
}
