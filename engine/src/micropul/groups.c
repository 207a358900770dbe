/*
** groups.c: micropul groups kept incrementally as tiles are placed: members,
** size, open edges (an open-edge count per group beats rescanning the board),
** stones, merging, closing and the points a closed group scores.
*/
#include "micropul.h"

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

static void new_node(MicropulGame *g, int n, int size, int points) {
    g->root[n] = (uint8_t)n;
    g->gnext[n] = (uint8_t)n;
    g->gcount[n] = 1;
    g->gsize[n] = (uint8_t)size;
    g->gpoints[n] = points;
    g->gopen[n] = 0;
    g->gstones[n] = 0;
    g->gowners[n] = 0;
    g->unclaimed++;
}

/* Join the groups of nodes a and b; returns the surviving root. */
static int join(MicropulGame *g, int a, int b) {
    int ra = g->root[a], rb = g->root[b];
    if (ra == rb) return ra;
    if (g->gcount[ra] < g->gcount[rb]) {
        int t = ra;
        ra = rb;
        rb = t;
    }
    int n = rb;
    do {
        g->root[n] = (uint8_t)ra;
        n = g->gnext[n];
    } while (n != rb);
    uint8_t t = g->gnext[ra];
    g->gnext[ra] = g->gnext[rb];
    g->gnext[rb] = t;
    if (g->gstones[ra] == 0 || g->gstones[rb] == 0) g->unclaimed--;
    g->gcount[ra] = (uint8_t)(g->gcount[ra] + g->gcount[rb]);
    g->gsize[ra] = (uint8_t)(g->gsize[ra] + g->gsize[rb]);
    g->gpoints[ra] += g->gpoints[rb];
    g->gopen[ra] = (int16_t)(g->gopen[ra] + g->gopen[rb]);
    g->gstones[ra] = (uint8_t)(g->gstones[ra] + g->gstones[rb]);
    g->gowners[ra] |= g->gowners[rb];
    return ra;
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
** groups that were already on the board. */
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

void groups_add_tile(MicropulGame *g, int idx, const int nb[4], const Front *seen, PulEvents *ev) {
    const MicropulVariant *v = MV(g);
    const Placed *p = &g->placed[idx];
    const TileRot *tr = &v->rot[p->tile][p->rot];
    bool big = v->ts.tile[p->tile].big;
    int base = idx * 4;

    int points = big ? g->rules.points_big : g->rules.points_micropul;
    for (int q = 0; q < 4; q++)
        if (tr->colour[q])
            new_node(g, base + q, big ? q == 0 : 1, big ? (q == 0 ? points : 0) : points);

    /* Slots of the new tile facing an empty cell are open edges; each
    ** neighbour micropul facing this cell was one and no longer is. */
    unsigned occupied = 0;
    for (int s = 0; s < 4; s++)
        if (nb[s] >= 0) occupied |= 3u << (2 * s);
    for (unsigned m = tr->mic_slots & ~occupied; m; m &= m - 1)
        g->gopen[g->root[base + slot_quad[lowest_set(m)]]]++;
    unsigned same = bytes_to_bits(tr->edge_nz & seen->ctx_nz & ~bytes_nonzero(tr->edge ^ seen->ctx));
    int old_roots[8], nold = 0;      /* neighbour groups this tile touches */
    int links[8][2], nlinks = 0;     /* (new node, neighbour node) of one colour */
    for (unsigned m = seen->mic8; m; m &= m - 1) {
        int i = lowest_set(m), s = i >> 1, k = i & 1;
        int nn = nb[s] * 4 + slot_quad[(s ^ 2) * 2 + k];
        int r = g->root[nn];
        g->gopen[r]--;
        if (!contains(old_roots, nold, r)) old_roots[nold++] = r;
        if (same >> i & 1) {
            links[nlinks][0] = base + slot_quad[i];
            links[nlinks][1] = nn;
            nlinks++;
        }
    }

    for (int i = 0; i < 4; i++) {
        int a = inner_pairs[i][0], b = inner_pairs[i][1];
        if (tr->colour[a] && tr->colour[a] == tr->colour[b]) join(g, base + a, base + b);
    }
    for (int i = 0; i < nlinks; i++) join(g, links[i][0], links[i][1]);

    /* Closures: only a group this tile touched can have closed, and each
    ** closed group is settled once (two candidates may share a root). */
    int cand[12], ncand = 0, done[12], ndone = 0;
    for (int q = 0; q < 4; q++)
        if (tr->colour[q]) cand[ncand++] = base + q;
    for (int i = 0; i < nold; i++) cand[ncand++] = old_roots[i];
    PUL_ASSERT(nold <= 8 && nlinks <= 8 && ncand <= 12);
    for (int i = 0; i < ncand; i++) {
        int r = g->root[cand[i]];
        if (g->gopen[r] != 0 || contains(done, ndone, r)) continue;
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
    if (ev && nold >= 2) report_merges(g, base, tr, old_roots, nold, ev);
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
