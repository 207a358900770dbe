/*
** test_place_tables.c: the placement tables (place_tables.c) against the slow
** derivation for every tile, rotation, side and slot set, and games whose groups match a flood fill.
*/
#include "micropul.h"
#include "game_util.h"

static const char *const editions[] = {"micropul", "micropul-3p", "farmopul",
                                       "simpler-placement", "micropul-solo-peek"};

/* Features' draws and extra turns as the tile set declares them. */
static uint32_t feature_fire(const PulTileSet *ts, int f) {
    const PulFeature *ft = &ts->feature[f];
    if (ft->cls != PUL_FEATURE_CATALYST) return 0;
    return (uint32_t)ft->draw | (uint32_t)(ft->extra_turn ? 1 : 0) << 16;
}

/* The catalysts firing at slots m of tile t in rotation r, the way apply.c
** worked before the tables: a big tile's centre once, else each quadrant of
** a fired slot once. */
static uint32_t slow_fire(const PulTileSet *ts, const TileRot *tr, int t, unsigned slots) {
    if (!slots) return 0;
    if (ts->tile[t].big) return feature_fire(ts, ts->tile[t].centre);
    unsigned quads = 0;
    for (int i = 0; i < 8; i++)
        if (slots >> i & 1) quads |= 1u << slot_quad[i];
    uint32_t sum = 0;
    for (int q = 0; q < 4; q++)
        if (quads >> q & 1) sum += feature_fire(ts, tr->quad[q]);
    return sum;
}

/* In-tile components by a walk over touching same-colour quadrants. */
static void slow_components(const TileRot *tr, int comp[4]) {
    for (int q = 0; q < 4; q++) comp[q] = -1;
    for (int q = 0; q < 4; q++) {
        if (!tr->colour[q] || comp[q] >= 0) continue;
        int stack[4], top = 0;
        stack[top++] = q;
        comp[q] = q;
        while (top) {
            int a = stack[--top];
            for (int b = 0; b < 4; b++) {
                bool touch = (a == PUL_NW && (b == PUL_NE || b == PUL_SW)) ||
                             (a == PUL_NE && (b == PUL_NW || b == PUL_SE)) ||
                             (a == PUL_SW && (b == PUL_NW || b == PUL_SE)) ||
                             (a == PUL_SE && (b == PUL_NE || b == PUL_SW));
                if (touch && comp[b] < 0 && tr->colour[b] == tr->colour[a]) {
                    comp[b] = q;
                    stack[top++] = b;
                }
            }
        }
    }
}

static void check_layout(const MicropulVariant *v, int t, int r) {
    const PulTileSet *ts = &v->ts;
    const TileRot *tr = &v->rot[t][r];
    const PlaceRot *pr = &v->place[t][r];
    bool big = ts->tile[t].big;
    int comp[4];
    slow_components(tr, comp);
    int nroots = 0;
    for (int q = 0; q < 4; q++) {
        if (comp[q] < 0) continue;
        int root = comp[q], members = 0;
        for (int p = 0; p < 4; p++) members += comp[p] == root;
        CHECK_INT(pr->lroot[q], root);
        if (root == q) {
            CHECK(nroots < pr->ngroups && pr->roots[nroots] == q);
            nroots++;
            CHECK_INT(pr->lcount[q], members);
            CHECK_INT(pr->lsize[q], big ? 1 : members);
            /* The circular list visits the members, each once. */
            int n = q, seen = 0;
            do {
                CHECK(comp[n] == root);
                seen++;
                n = pr->lnext[n];
            } while (n != q && seen <= 4);
            CHECK_INT(seen, members);
        } else {
            CHECK_INT(pr->lcount[q], 0);
            CHECK_INT(pr->lsize[q], 0);
        }
    }
    CHECK_INT(pr->ngroups, nroots);
    CHECK(pr->big == big);
    /* Open edges for every set of empty sides. */
    for (unsigned empty = 0; empty < 16; empty++) {
        uint32_t open = 0;
        for (int s = 0; s < 4; s++)
            if (empty >> s & 1) open += pr->open_side[s];
        for (int q = 0; q < 4; q++) {
            int want = 0;
            for (int i = 0; i < 8; i++)
                if ((empty >> (i >> 1) & 1) && tr->colour[slot_quad[i]] && comp[q] == q &&
                    comp[slot_quad[i]] == q)
                    want++;
            CHECK_INT(open >> (8 * q) & 0xFF, want);
            CHECK_INT(pr->open_empty[empty] >> (8 * q) & 0xFF, want);
            CHECK_INT(pr->node_open[empty][q], want);
            /* shut: the tile's groups left with no open edge, which alone
            ** of its groups may close as it goes down. */
            CHECK_INT(pr->shut[empty] >> q & 1, comp[q] == q && want == 0);
        }
    }
    /* A node's micropul split into (small, big) for the points' multiply-add:
    ** a group of a big tile counts one big micropul, else its members. */
    for (int q = 0; q < 4; q++) {
        int members = 0;
        for (int p = 0; p < 4; p++) members += comp[q] == q && comp[p] == q;
        CHECK_INT(pr->node_sb[q][0], big ? 0 : members);
        CHECK_INT(pr->node_sb[q][1], big && members ? 1 : 0);
    }
    /* The copies groups_add_tile takes whole agree with the figures above. */
    for (int q = 0; q < 4; q++) {
        CHECK_INT(pr->node_root[q], pr->lroot[q]);
        CHECK_INT(pr->node_next[q], pr->lnext[q]);
        CHECK_INT(pr->node_count[q], pr->lcount[q]);
        CHECK_INT(pr->node_size[q], pr->lsize[q]);
    }
    /* What the cell beyond side s is shown, slot by slot in its own frame:
    ** its slot (s ^ 2) * 2 + k faces this tile's slot s * 2 + k. */
    for (int s = 0; s < 4; s++) {
        uint64_t ctx = 0, nz = 0;
        unsigned mic = 0, cat = 0;
        for (int k = 0; k < 2; k++) {
            int mine = s * 2 + k, theirs = (s ^ 2) * 2 + k;
            int code = tr->colour[slot_quad[mine]];
            ctx |= (uint64_t)code << (8 * theirs);
            if (code) nz |= UINT64_C(0x80) << (8 * theirs);
            if (code) mic |= 1u << theirs;
            if (tr->cat_slots >> mine & 1) cat |= 1u << theirs;
        }
        CHECK(pr->out_ctx[s] == ctx);
        CHECK(pr->out_nz[s] == nz);
        CHECK_INT(pr->out_mic[s], mic);
        CHECK_INT(pr->out_cat[s], cat);
    }
    /* Catalysts: the tile's own, for every set of slots a micropul faces;
    ** and as a neighbour, for the slots of each side facing a new tile. */
    for (unsigned m = 0; m < 256; m++)
        CHECK_INT(pr->fire[v->slot_quads[tr->cat_slots & m]], slow_fire(ts, tr, t, tr->cat_slots & m));
    for (int s = 0; s < 4; s++)
        for (unsigned two = 0; two < 4; two++) {
            unsigned slots = (two << (2 * s)) & tr->cat_slots;
            CHECK_INT(pr->fire[v->slot_quads[slots]], slow_fire(ts, tr, t, slots));
        }
}

static void test_tables(const MicropulVariant *v) {
    for (unsigned m = 0; m < 256; m++) {
        unsigned quads = 0;
        for (int i = 0; i < 8; i++)
            if (m >> i & 1) quads |= 1u << slot_quad[i];
        CHECK_INT(v->slot_quads[m], quads);
    }
    for (int t = 0; t < v->ts.ntiles; t++)
        for (int r = 0; r < 4; r++) check_layout(v, t, r);
}

/* Every group of the board against a flood fill of it: members, root,
** circular list, size, points, open edges, stones and owners. */
static void check_groups(const MicropulGame *g) {
    const MicropulVariant *v = MV(g);
    int label[MAX_NODES];
    for (int n = 0; n < MAX_NODES; n++) label[n] = -1;
    int unclaimed = 0;
    for (int start = 0; start < g->nplaced * 4; start++) {
        const Placed *p0 = &g->placed[start >> 2];
        if (label[start] >= 0 || !v->rot[p0->tile][p0->rot].colour[start & 3]) continue;
        int stack[MAX_NODES], top = 0, members = 0, size = 0, points = 0, open = 0;
        stack[top++] = start;
        label[start] = start;
        while (top) {
            int n = stack[--top], q = n & 3;
            const Placed *p = &g->placed[n >> 2];
            const TileRot *tr = &v->rot[p->tile][p->rot];
            bool big = v->ts.tile[p->tile].big;
            members++;
            size += !big || q == 0;
            points += big ? (q == 0 ? g->rules.points_big : 0) : g->rules.points_micropul;
            for (int o = 0; o < 4; o++) {
                bool touch = o != q && (o ^ q) != 3;
                if (touch && tr->colour[o] == tr->colour[q] && label[(n & ~3) + o] < 0) {
                    label[(n & ~3) + o] = start;
                    stack[top++] = (n & ~3) + o;
                }
            }
            for (int i = 0; i < 8; i++) {
                if (slot_quad[i] != q) continue;
                int j = board_tile_at(g, p->x + side_dx[i >> 1], p->y + side_dy[i >> 1]);
                if (j < 0) {
                    open++;
                    continue;
                }
                const Placed *pn = &g->placed[j];
                int m = j * 4 + slot_quad[i ^ 4];
                if (v->rot[pn->tile][pn->rot].colour[m & 3] == tr->colour[q] && label[m] < 0) {
                    label[m] = start;
                    stack[top++] = m;
                }
            }
        }
        int r = g->root[start], stones = 0;
        unsigned owners = 0;
        for (int i = 0; i < g->nstones_placed; i++) {
            const PulStone *st = &g->stone_list[i];
            if (label[board_tile_at(g, st->x, st->y) * 4 + st->quad] == start) {
                stones++;
                owners |= 1u << st->seat;
            }
        }
        unclaimed += stones == 0;
        CHECK(label[r] == start);
        CHECK_INT(g->gcount[r], members);
        CHECK_INT(g->gsize[r], size);
        CHECK_INT(g->gpoints[r], points);
        CHECK_INT(g->gopen[r], open);
        CHECK_INT(g->gstones[r], stones);
        CHECK_INT(g->gowners[r], owners);
        int n = r, seen = 0;
        do {
            CHECK(label[n] == start && g->root[n] == r);
            n = g->gnext[n];
        } while (n != r && ++seen <= members);
        CHECK_INT(seen + 1, members);
    }
    CHECK_INT(g->unclaimed, unclaimed);
}

/* Random games, checked after every action; the draws a placement makes
** from the tables against the ACTIVATED events (worked out slot by slot). */
static long play(const PulVariant *pv, int nseats, uint64_t seed) {
    PulGame *pg = pul_game_new(pv);
    long actions = 0;
    CHECK(pg && pul_game_start(pg, nseats, seed, NULL, 0, NULL) == PUL_OK);
    PulRng rng;
    pul_rng_seed(&rng, seed);
    PulAction a;
    int before = check_failures;
    while (pg && !pul_game_over(pg) && pul_random_action(pg, &rng, &a) && check_failures == before) {
        PulEvents ev;
        CHECK(pul_apply(pg, &a, &ev) == PUL_LEGAL);
        int activated = 0, wanted = -1;
        for (int i = 0; i < ev.n; i++) {
            if (ev.ev[i].kind == PUL_EV_ACTIVATED) activated += ev.ev[i].count;
            if (ev.ev[i].kind == PUL_EV_DREW && wanted < 0) wanted = ev.ev[i].value;
        }
        if (a.kind == PUL_PLACE) CHECK_INT(wanted < 0 ? 0 : wanted, activated);
        check_groups(MGC(pg));
        int sc[PUL_MAX_SEATS], rc[PUL_MAX_SEATS];
        pul_game_scores(pg, sc, PUL_MAX_SEATS);
        pul_game_scores_recount(pg, rc, PUL_MAX_SEATS);
        for (int s = 0; s < nseats; s++) CHECK_INT(sc[s], rc[s]);
        actions++;
    }
    pul_game_free(pg);
    return actions;
}

int main(void) {
    long actions = 0;
    for (size_t i = 0; i < sizeof editions / sizeof *editions; i++) {
        PulVariant *v = open_edition(editions[i], NULL);
        if (!v) continue;
        test_tables(MVV(v));
        int lo, hi;
        pul_variant_players(v, &lo, &hi);
        for (uint64_t seed = 1; seed <= 8; seed++) actions += play(v, lo + (int)(seed % 2) * (hi > lo), seed);
        pul_variant_free(v);
    }
    CHECK(actions > 1000);
    if (!check_failures) printf("test_place_tables: tables and %ld actions' groups alike\n", actions);
    return CHECK_DONE();
}
