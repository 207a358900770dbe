/*
** test_genial_fast.c: Genial's fast paths (issue 15) against plain versions
** written here: the empty pair set and its counts as cells are taken, a
** placement's points, a bag draw, the lowest tracks and the swap, the random
** action by rank, the kept determinization when the rule values change,
** and the placement list (its vector writer) against one built cell by cell.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "game_util.h"
#include "genial_fixture.h"
#include "genial_moves.h"
#include "rng.h"

static PulAction list[PUL_MAX_ACTIONS];

/* The empty pairs from the cells alone: both cells of the pair empty. */
static void plain_empty(const GenialGame *g) {
    const GenialArea *a = genial_area(g);
    uint64_t want[GENIAL_PAIR_WORDS] = {0};
    int n = 0;
    for (int id = 0; id < a->npairs; id++)
        if (!g->cell[a->pair_a[id]] && !g->cell[a->pair_b[id]]) {
            want[id / 64] |= UINT64_C(1) << (id % 64);
            n++;
        }
    CHECK(memcmp(want, g->empty, sizeof want) == 0);
    CHECK_INT(g->nempty, n);
    for (int w = 0; w < GENIAL_PAIR_WORDS; w++) CHECK_INT(g->nempty_word[w], popcount64(want[w]));
    CHECK_INT(g->cell[GENIAL_NONE], 0);
}

/* A half's points walked cell by cell, the edge tested, its other half's
** direction left out. */
static int plain_half(const GenialGame *g, int c, int s, int back) {
    const GenialArea *a = genial_area(g);
    int n = 0;
    for (int d = 0; d < 6; d++) {
        if (d == back) continue;
        for (int x = a->nb[c][d]; x != GENIAL_NONE && g->cell[x] == s + 1; x = a->nb[x][d]) n++;
    }
    return n;
}

static void check_points(const GenialGame *g, const PulAction *a) {
    const GenialVariant *gv = GV(g);
    int ca = genial_cell_at(gv, a->x, a->y), cb = genial_area(g)->nb[ca][a->rot];
    int sa = gv->kind_sym[a->tile][a->quad], sb = gv->kind_sym[a->tile][a->quad ^ 1], pts[2];
    genial_points(g, ca, sa, cb, sb, a->rot, pts);
    CHECK_INT(pts[0], plain_half(g, ca, sa, a->rot));
    CHECK_INT(pts[1], plain_half(g, cb, sb, genial_opposite(a->rot)));
    CHECK_INT(genial_half_points(g, ca, sa), plain_half(g, ca, sa, -1));
}

/* The lowest tracks and the swap by their definitions (RULES-GENIAL.md). */
static void check_swap(const GenialGame *g) {
    int t = genial_track_of(g, g->h.to_move), end = genial_track_end(&g->rules), low = end;
    int nsym = GV(g)->nsym;
    for (int s = 0; s < nsym; s++)
        if (g->track[t][s] < low) low = g->track[t][s];
    unsigned m = 0;
    for (int s = 0; s < nsym; s++)
        if (g->track[t][s] == low) m |= 1u << s;
    CHECK_INT(genial_lowest_mask(g, t), m);
    bool allowed = g->h.started && !g->h.over && g->phase == GENIAL_END &&
                   g->rules.swap == GENIAL_SWAP_LOWEST_ABSENT && g->bag_n >= g->rules.rack_size;
    for (int i = 0; allowed && i < g->nrack[g->h.to_move]; i++)
        if (GV(g)->kind_mask[g->rack[g->h.to_move][i]] & m) allowed = false;
    CHECK_INT(genial_swap_allowed(g), allowed);
}

/* The random action as rank r of the legal list, r drawn as it draws. */
static void check_random(const GenialGame *g, PulRng *rng) {
    PulRng mine = *rng, plain = *rng;
    PulAction got, want;
    bool ok = genial_random_action(&g->h, &mine, &got);
    int n = genial_legal_actions(&g->h, list, PUL_MAX_ACTIONS);
    CHECK_INT(ok, n > 0);
    if (!ok || n == 0) return;
    if (g->phase == GENIAL_END)
        want = list[n == 2 ? rng_below(&plain, 2) : 0];
    else
        want = list[rng_below(&plain, (uint32_t)n)];
    CHECK(memcmp(&got, &want, sizeof got) == 0);
    CHECK(memcmp(&mine, &plain, sizeof mine) == 0);
    if (got.kind == PUL_PLACE) check_points(g, &got);
    /* and a placement off the rank's beaten path: the list's last */
    if (list[n - 1].kind == PUL_PLACE) check_points(g, &list[n - 1]);
}

static void play(const char *edition, int nseats, int games, uint64_t seed) {
    PulVariant *v = fx_variant(edition);
    CHECK(v != NULL);
    if (!v) return;
    PulRng rng;
    pul_rng_seed(&rng, seed);
    for (int k = 0; k < games; k++) {
        PulGame *g = pul_game_new(v);
        PulError err;
        CHECK(g && pul_game_start(g, nseats, seed + (uint64_t)k, NULL, 0, &err) == PUL_OK);
        if (!g) break;
        const GenialGame *gg = GGC(g);
        for (int steps = 0; !pul_game_over(g) && steps < 2000; steps++) {
            plain_empty(gg);
            check_swap(gg);
            check_random(gg, &rng);
            PulAction a;
            CHECK(genial_random_action(g, &rng, &a));
            /* the playout path and the checked one leave the same game */
            PulGame *twin = pul_game_new(v);
            CHECK(twin != NULL);
            if (!twin) break;
            memcpy(twin, g, sizeof(GenialGame));
            CHECK_INT(genial_apply(g, &a, NULL), PUL_LEGAL);
            CHECK_INT(genial_apply_trusted(twin, &a), PUL_LEGAL);
            CHECK(memcmp(twin, g, sizeof(GenialGame)) == 0);
            pul_game_free(twin);
        }
        plain_empty(gg);
        CHECK(pul_game_over(g));
        pul_game_free(g);
    }
    pul_variant_free(v);
}

static void test_games(void) {
    play("genial", 2, 3, 101);
    play("genial", 3, 2, 201);
    play("genial", 4, 2, 301);
    play("genial-teams", 4, 2, 401);
    play("genial-solo", 1, 2, 501);
}

/* Bag draws from bags of every shape (empty kinds, the last kinds, one
** tile) against the walk over the kinds. */
static void test_bag_draw(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g = v ? pul_game_new(v) : NULL;
    CHECK(g != NULL);
    if (!g) return;
    PulError err;
    CHECK(pul_game_start(g, 2, 7, NULL, 0, &err) == PUL_OK);
    GenialGame *gg = GG(g);
    PulRng rng;
    pul_rng_seed(&rng, 99);
    int nkinds = GV(gg)->nkinds;
    for (int round = 0; round < 20000; round++) {
        memset(gg->bag, 0, sizeof gg->bag);
        int n = 0, shape = round % 4;
        for (int k = 0; k < nkinds; k++) {
            int c = shape == 0   ? (int)rng_below(&rng, 7)
                    : shape == 1 ? (rng_below(&rng, 4) == 0 ? (int)rng_below(&rng, 6) : 0)
                    : shape == 2 ? (k >= nkinds - 2 ? (int)rng_below(&rng, 6) : 0)
                                 : 6;
            gg->bag[k] = (uint8_t)c;
            n += c;
        }
        if (n == 0) gg->bag[nkinds - 1] = (uint8_t)(n = 1);
        gg->bag_n = (uint8_t)n;
        uint8_t before[GENIAL_MAX_KINDS];
        memcpy(before, gg->bag, sizeof before);
        PulRng plain = rng;
        int r = (int)rng_below(&plain, (uint32_t)n), want = 0;
        while (r >= before[want]) r -= before[want++];
        int k = genial_bag_draw(gg, &rng);
        CHECK_INT(k, want);
        CHECK(memcmp(&rng, &plain, sizeof rng) == 0);
        CHECK_INT(gg->bag[k], before[k] - 1);
        CHECK_INT(gg->bag_n, n - 1);
        if (check_failures) break;
    }
    pul_game_free(g);
    pul_variant_free(v);
}

/* The lowest tracks and the swap on tracks of every shape: ties, every
** track at the end, one below it. */
static void test_lowest(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g = v ? pul_game_new(v) : NULL;
    CHECK(g != NULL);
    if (!g) return;
    PulError err;
    CHECK(pul_game_start(g, 2, 3, NULL, 0, &err) == PUL_OK);
    GenialGame *gg = GG(g);
    gg->phase = GENIAL_END;
    PulRng rng;
    pul_rng_seed(&rng, 3);
    int end = genial_track_end(&gg->rules);
    for (int round = 0; round < 5000 && !check_failures; round++) {
        for (int s = 0; s < GV(gg)->nsym; s++) {
            int pick = (int)rng_below(&rng, 4);
            gg->track[0][s] = (int16_t)(pick == 0   ? end
                                        : pick == 1 ? end - 1
                                                    : (round % 3 == 0 ? end : (int)rng_below(&rng, 3)));
        }
        check_swap(gg);
    }
    pul_game_free(g);
    pul_variant_free(v);
}

/* A kept determinization follows the observation's rule values: the memo's
** rules are taken only when the values are those it was made from. */
static void test_kept_rules(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g = v ? pul_game_new(v) : NULL, *kept = v ? pul_game_new(v) : NULL;
    PulGame *fresh = v ? pul_game_new(v) : NULL;
    CHECK(g && kept && fresh);
    if (!g || !kept || !fresh) return;
    PulError err;
    CHECK(pul_game_start(g, 2, 5, NULL, 0, &err) == PUL_OK);
    PulRng rng;
    pul_rng_seed(&rng, 5);
    GenialMemo memo;
    memset(&memo, 0, sizeof memo);
    static PulObservation obs;
    for (int step = 0; step < 30 && !pul_game_over(g); step++) {
        genial_observe(g, g->to_move, &obs);
        if (step % 3 == 2) {
            /* other values, in range and holding together: a longer track */
            obs.genial.rule[GENIAL_P_TRACK_MAX] = 18 + step;
        }
        CHECK_INT(genial_from_observation_kept(kept, &obs, &memo, &err), PUL_OK);
        CHECK_INT(genial_from_observation(fresh, &obs, NULL, &err), PUL_OK);
        CHECK(memcmp(kept, fresh, sizeof(GenialGame)) == 0);
        CHECK_INT(GGC(kept)->rules.track_max, obs.genial.rule[GENIAL_P_TRACK_MAX]);
        PulAction a;
        CHECK(genial_random_action(g, &rng, &a));
        CHECK_INT(genial_apply(g, &a, NULL), PUL_LEGAL);
    }
    pul_game_free(g);
    pul_game_free(kept);
    pul_game_free(fresh);
    pul_variant_free(v);
}

/* The placements cell by cell, as genial_moves.h words the order: each cell
** in id order, each direction e se sw to a neighbour in the play area, both
** empty (a printed cell never is), the first-round constraint by the two
** cells' printed neighbours; then each distinct kind of the rack in kind
** order, flip 0, then flip 1 unless a double. */
static int plain_placements(const GenialGame *g, PulAction *out) {
    if (!g->h.started || g->h.over || g->phase == GENIAL_END) return 0;
    const GenialVariant *gv = GV(g);
    const GenialArea *a = genial_area(g);
    unsigned need = genial_first_need(g);
    int n = 0, seat = g->h.to_move;
    for (int c = 0; c < gv->ncells; c++)
        for (int d = 0; d < 3; d++) {
            int b = a->nb[c][d];
            if (b == GENIAL_NONE || g->cell[c] || g->cell[b]) continue;
            if (need && !((a->touch[c] | a->touch[b]) & need)) continue;
            for (int k = 0; k < gv->nkinds; k++) {
                bool held = false;
                for (int i = 0; i < g->nrack[seat]; i++) held = held || g->rack[seat][i] == k;
                if (!held) continue;
                for (int f = 0; f < (gv->kind_sym[k][0] == gv->kind_sym[k][1] ? 1 : 2); f++)
                    out[n++] = (PulAction){PUL_PLACE, (uint8_t)k, (uint8_t)d, (uint8_t)f,
                                           gv->cell_q[c], gv->cell_r[c]};
            }
        }
    return n;
}

static PulAction plain_list[PUL_MAX_ACTIONS];

/* The list as a whole and cut short at max: the same entries in the same
** order, the count always the whole, nothing written past the list or max. */
static void check_list(const GenialGame *g) {
    static const PulAction mark = {0xEE, 0xEE, 0xEE, 0xEE, -77, -77};
    int want = plain_placements(g, plain_list);
    CHECK_INT(genial_legal_placements(&g->h, NULL, 0), want);
    int cuts[5] = {PUL_MAX_ACTIONS - 1, want, want - 1, want / 2, 1};
    for (int c = 0; c < 5 && !check_failures; c++) {
        int max = cuts[c];
        if (max <= 0) continue;
        int room = max < PUL_MAX_ACTIONS - 1 ? max + 1 : PUL_MAX_ACTIONS;
        for (int i = 0; i < room; i++) list[i] = mark;
        CHECK_INT(genial_legal_placements(&g->h, list, max), want);
        int wrote = want < max ? want : max;
        CHECK(memcmp(list, plain_list, (size_t)wrote * sizeof *list) == 0);
        for (int i = wrote; i < room; i++) CHECK(memcmp(&list[i], &mark, sizeof mark) == 0);
    }
}

/* check_list on every position of a game, and on each with racks of every
** size from 0 to GENIAL_RACK_MAX tiles of random kinds (1 to 16 orientations:
** every length of a pair's block). */
static void enum_game(const PulVariant *v, int nseats, uint64_t seed, void *ctx) {
    (void)ctx;
    if (strcmp(pul_variant_family(v), "genial") != 0) return;
    PulGame *g = pul_game_new(v), *other = pul_game_new(v);
    PulError err;
    CHECK(g && other && pul_game_start(g, nseats, seed, NULL, 0, &err) == PUL_OK);
    if (!g || !other) return;
    PulRng rng;
    pul_rng_seed(&rng, seed * 7 + (uint64_t)nseats);
    for (int step = 0; !pul_game_over(g) && step < 400 && !check_failures; step++) {
        check_list(GGC(g));
        pul_game_copy(other, g);
        GenialGame *o = GG(other);
        int seat = o->h.to_move, n = (int)rng_below(&rng, GENIAL_RACK_MAX + 1);
        o->nrack[seat] = 0;
        memset(o->rack[seat], 0, sizeof o->rack[seat]);
        for (int i = 0; i < n; i++) genial_rack_put(o, seat, (int)rng_below(&rng, GV(o)->nkinds));
        check_list(o);
        PulAction a;
        CHECK(pul_random_action(g, &rng, &a));
        CHECK_INT(pul_apply(g, &a, NULL), PUL_LEGAL);
    }
    pul_game_free(g);
    pul_game_free(other);
}

static void test_enumeration(void) { each_shipped_game(2, enum_game, NULL); }

int main(void) {
    RUN(test_enumeration);
    RUN(test_games);
    RUN(test_bag_draw);
    RUN(test_lowest);
    RUN(test_kept_rules);
    return CHECK_DONE();
}
