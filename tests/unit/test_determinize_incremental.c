/*
** test_determinize_incremental.c: a determinization kept from one observation
** of a game to the next is byte for byte the one rebuilt from scratch, in
** every shipped edition, whoever observes and however far apart; and a
** searcher's copy re-dealt (pul_game_redeal) is the copy dealt again.
*/
#include "game_util.h"

typedef struct {
    long compared, extended, stones, replayed, redealt;
} Tally;

/* A rebuild of obs from scratch on a new game object, dealt from seed (0:
** no generator, the unseen tiles in order). */
static PulGame *fresh(const PulVariant *v, const PulObservation *obs, uint64_t seed) {
    PulGame *g = pul_game_new(v);
    PulRng rng;
    pul_rng_seed(&rng, seed);
    PulError err;
    CHECK(pul_game_from_observation(g, obs, seed ? &rng : NULL, &err) == PUL_OK);
    return g;
}

static bool same_game(const PulGame *a, const PulGame *b, const char *what, const PulVariant *v,
                      uint64_t seed, int step) {
    if (memcmp(a, b, pul_game_size()) == 0) return true;
    fprintf(stderr, "  %s, seed %llu, step %d: %s differs from a fresh rebuild\n",
            pul_variant_name(v), (unsigned long long)seed, step, what);
    CHECK(false);
    return false;
}

/* One random game; each seat keeps a determinization, brought up to date at
** steps that vary (every step, or after several actions), and compared with
** a rebuild from scratch each time. */
static void play(const PulVariant *v, int nseats, uint64_t seed, void *ctx) {
    Tally *t = ctx;
    PulGame *g = pul_game_new(v), *kept[PUL_MAX_SEATS] = {NULL}, *copy = pul_game_new(v);
    CHECK(g && copy && pul_game_start(g, nseats, seed, NULL, 0, NULL) == PUL_OK);
    for (int s = 0; s < nseats; s++) kept[s] = pul_game_new(v);
    PulRng rng;
    pul_rng_seed(&rng, seed * 31 + 7);
    PulObservation obs;
    for (int step = 0; step < PUL_ACTION_LIMIT && !pul_game_over(g) && !check_failures; step++) {
        for (int s = 0; s < nseats; s++) {
            /* the seat to move at every step, the others every (s + 2)th */
            if (s != pul_game_to_move(g) && step % (s + 2) != 0) continue;
            pul_observe(g, s, &obs);
            uint64_t deal = (step % 3 == 0) ? 0 : seed * 1000 + (uint64_t)step;
            int before = pul_game_placed(kept[s], NULL, 0);
            PulRng r;
            pul_rng_seed(&r, deal);
            PulError err;
            CHECK(pul_game_from_observation(kept[s], &obs, deal ? &r : NULL, &err) == PUL_OK);
            PulGame *f = fresh(v, &obs, deal);
            if (same_game(kept[s], f, "the kept determinization", v, seed, step)) t->compared++;
            if (before > 0) t->extended++;
            if (pul_game_stones_on_board(f, NULL, 0) > 0) t->stones++;
            /* Micropul: the points read off the groups are the board walk's */
            int a[PUL_MAX_SEATS], b[PUL_MAX_SEATS];
            pul_game_scores(f, a, PUL_MAX_SEATS);
            if (pul_game_scores_recount(f, b, PUL_MAX_SEATS) > 0)
                for (int k = 0; k < nseats; k++) CHECK_INT(a[k], b[k]);
            /* a searcher's copy dealt again from the same observation */
            pul_game_copy(copy, kept[s]);
            pul_rng_seed(&r, deal + 1);
            CHECK(pul_game_from_observation(copy, &obs, &r, &err) == PUL_OK);
            pul_game_free(f);
            f = fresh(v, &obs, deal + 1);
            same_game(copy, f, "a copy dealt again", v, seed, step);
            /* ... and one played on past the observation, then dealt again */
            PulAction act;
            if (!pul_game_over(copy) && pul_random_action(copy, &rng, &act) &&
                pul_apply_trusted(copy, &act) == PUL_LEGAL) {
                pul_rng_seed(&r, deal + 1);
                CHECK(pul_game_from_observation(copy, &obs, &r, &err) == PUL_OK);
                same_game(copy, f, "a game played on and dealt again", v, seed, step);
                t->replayed++;
            }
            /* pul_game_redeal, as MCTS deals each iteration: on a full copy,
            ** the fresh rebuild; on a copy of only what is used, into a game
            ** played on (copy), what pul_game_from_observation makes of the
            ** same copy in a twin of it; and the same draws of the generator */
            PulGame *twin = pul_game_new(v);
            pul_game_copy(twin, copy);
            pul_game_copy(copy, kept[s]);
            pul_rng_seed(&r, deal + 1);
            CHECK(pul_game_redeal(copy, &obs, &r, &err) == PUL_OK);
            uint64_t after = pul_rng_next(&r);
            same_game(copy, f, "a copy re-dealt", v, seed, step);
            pul_game_copy(copy, twin);
            pul_game_copy_used(copy, kept[s]);
            pul_game_copy_used(twin, kept[s]);
            pul_rng_seed(&r, deal + 1);
            CHECK(pul_game_redeal(copy, &obs, &r, &err) == PUL_OK);
            CHECK(pul_rng_next(&r) == after);
            pul_rng_seed(&r, deal + 1);
            CHECK(pul_game_from_observation(twin, &obs, &r, &err) == PUL_OK);
            CHECK(pul_rng_next(&r) == after);
            same_game(copy, twin, "a used copy re-dealt", v, seed, step);
            pul_game_free(twin);
            t->redealt++;
            pul_game_free(f);
        }
        PulAction a;
        if (!pul_random_action(g, &rng, &a)) break;
        CHECK(pul_apply(g, &a, NULL) == PUL_LEGAL);
    }
    for (int s = 0; s < nseats; s++) pul_game_free(kept[s]);
    pul_game_free(copy);
    pul_game_free(g);
}

/* A bad observation leaves no half-built game, and the next good one is
** rebuilt exactly. */
static void test_bad_then_good(void) {
    PulVariant *v = open_edition("micropul", NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v), *kept = pul_game_new(v);
    CHECK(pul_game_start(g, 2, 5, NULL, 0, NULL) == PUL_OK);
    PulRng rng;
    pul_rng_seed(&rng, 9);
    for (int i = 0; i < 12; i++) {
        PulAction a;
        CHECK(pul_random_action(g, &rng, &a) && pul_apply(g, &a, NULL) == PUL_LEGAL);
    }
    PulObservation obs, bad;
    pul_observe(g, 0, &obs);
    PulError err;
    CHECK(pul_game_from_observation(kept, &obs, NULL, &err) == PUL_OK);
    bad = obs;
    bad.placed[bad.nplaced - 1].x += 20; /* off the board: touches no earlier tile */
    bad.placed[bad.nplaced - 1].y += 20;
    CHECK(pul_game_from_observation(kept, &bad, NULL, &err) != PUL_OK);
    CHECK(pul_game_placed(kept, NULL, 0) == 0);
    CHECK(pul_game_from_observation(kept, &obs, NULL, &err) == PUL_OK);
    PulGame *f = fresh(v, &obs, 0);
    CHECK(memcmp(f, kept, pul_game_size()) == 0);
    pul_game_free(f);
    pul_game_free(kept);
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    Tally t = {0, 0, 0, 0, 0};
    each_shipped_game(3, play, &t);
    test_bad_then_good();
    /* Many comparisons, many of them Micropul games brought up to date (the
    ** count reads Micropul's placed list), many with stones on the board. */
    CHECK(t.compared > 2000 && t.extended > 1000 && t.stones > 200 && t.replayed > 1000 &&
          t.redealt > 2000);
    if (!check_failures)
        printf("test_determinize_incremental: %ld rebuilds alike (%ld brought up to date, %ld "
               "with stones, %ld played on, %ld re-dealt)\n",
               t.compared, t.extended, t.stones, t.replayed, t.redealt);
    return CHECK_DONE();
}
