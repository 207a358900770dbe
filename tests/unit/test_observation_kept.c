/*
** test_observation_kept.c: pul_game_from_observation_kept, with its memo kept
** from move to move, builds byte for byte what pul_game_from_observation
** builds on a new game object, in every shipped edition; and whatever breaks
** the memo's premise (a bad observation, another game, a game played on) only
** costs a rebuild. The random bot, which keeps one, chooses as a new bot does.
*/
#include <stdlib.h>

#include "game_util.h"

typedef struct {
    long compared, other_game, played_on, bad, choices;
} Tally;

/* Whether kept holds what a new game object gets from obs (no generator). */
static bool same_as_fresh(const PulVariant *v, const PulGame *kept, const PulObservation *obs,
                          const char *what, uint64_t seed, int step) {
    PulGame *f = pul_game_new(v);
    PulError err;
    CHECK(pul_game_from_observation(f, obs, NULL, &err) == PUL_OK);
    bool same = memcmp(f, kept, pul_game_size()) == 0;
    if (!same)
        fprintf(stderr, "  %s, seed %llu, step %d: %s differs from a fresh rebuild\n",
                pul_variant_name(v), (unsigned long long)seed, step, what);
    CHECK(same);
    pul_game_free(f);
    return same;
}

/* One random game; each seat keeps a game and a memo, brought up to date at
** steps that vary, and compared with a fresh rebuild each time. */
static void play(const PulVariant *v, int nseats, uint64_t seed, void *ctx) {
    Tally *t = ctx;
    size_t size = pul_observation_memo_size(v);
    CHECK(size > 0); /* both families keep one */
    PulGame *g = pul_game_new(v), *other = pul_game_new(v), *kept[PUL_MAX_SEATS] = {NULL};
    void *memo[PUL_MAX_SEATS] = {NULL};
    CHECK(g && other && pul_game_start(g, nseats, seed, NULL, 0, NULL) == PUL_OK);
    CHECK(pul_game_start(other, nseats, seed + 100, NULL, 0, NULL) == PUL_OK);
    for (int s = 0; s < nseats; s++) {
        kept[s] = pul_game_new(v);
        memo[s] = calloc(1, size);
    }
    PulBot *fixed = pul_bot_new(v, "random", seed, NULL);
    CHECK(fixed != NULL);
    PulRng rng;
    pul_rng_seed(&rng, seed * 17 + 3);
    PulObservation obs, obs2;
    PulError err;
    for (int step = 0; step < PUL_ACTION_LIMIT && !pul_game_over(g) && !check_failures; step++) {
        for (int s = 0; s < nseats; s++) {
            if (s != pul_game_to_move(g) && step % (s + 2) != 0) continue;
            pul_observe(g, s, &obs);
            CHECK(pul_game_from_observation_kept(kept[s], &obs, memo[s], &err) == PUL_OK);
            if (same_as_fresh(v, kept[s], &obs, "the kept game", seed, step)) t->compared++;
        }
        int s = pul_game_to_move(g);
        if (step % 7 == 3) {
            /* the memo and game of another game, then back: rebuilt, not extended */
            pul_observe(other, s, &obs2);
            CHECK(pul_game_from_observation_kept(kept[s], &obs2, memo[s], &err) == PUL_OK);
            same_as_fresh(v, kept[s], &obs2, "the kept game given another game", seed, step);
            pul_observe(g, s, &obs);
            CHECK(pul_game_from_observation_kept(kept[s], &obs, memo[s], &err) == PUL_OK);
            same_as_fresh(v, kept[s], &obs, "the kept game given its own again", seed, step);
            t->other_game++;
        }
        if (step % 5 == 1) {
            /* against the contract, the kept game played on: the memo's check on it
            ** (its action count) sends it to the rebuild, so it still comes out right */
            PulAction a;
            pul_observe(g, s, &obs);
            if (pul_random_action(kept[s], &rng, &a) && pul_apply_trusted(kept[s], &a) == PUL_LEGAL) {
                CHECK(pul_game_from_observation_kept(kept[s], &obs, memo[s], &err) == PUL_OK);
                same_as_fresh(v, kept[s], &obs, "a kept game played on", seed, step);
                t->played_on++;
            }
        }
        if (step % 6 == 2) {
            /* a bad observation is refused, and leaves the next one right */
            pul_observe(g, s, &obs);
            obs2 = obs;
            obs2.nseats = 0;
            CHECK(pul_game_from_observation_kept(kept[s], &obs2, memo[s], &err) != PUL_OK);
            CHECK(pul_game_from_observation_kept(kept[s], &obs, memo[s], &err) == PUL_OK);
            same_as_fresh(v, kept[s], &obs, "the kept game after a bad observation", seed, step);
            t->bad++;
        }
        /* the random bot kept through the game chooses as a new one */
        PulAction a, b;
        pul_observe(g, s, &obs);
        if (!pul_game_over(g) && pul_bot_choose(fixed, &obs, &a, &err) == PUL_OK) {
            PulBot *fresh = pul_bot_new(v, "random", seed, NULL);
            CHECK(fresh && pul_bot_choose(fresh, &obs, &b, &err) == PUL_OK);
            char ta[64], tb[64];
            pul_action_format(v, &a, ta, sizeof ta);
            pul_action_format(v, &b, tb, sizeof tb);
            CHECK_STR(ta, tb);
            pul_bot_free(fresh);
            t->choices++;
        }
        if (!pul_random_action(g, &rng, &a)) break;
        CHECK(pul_apply(g, &a, NULL) == PUL_LEGAL);
        if (!pul_game_over(other) && pul_random_action(other, &rng, &a))
            CHECK(pul_apply(other, &a, NULL) == PUL_LEGAL);
    }
    pul_bot_free(fixed);
    for (int s = 0; s < nseats; s++) {
        pul_game_free(kept[s]);
        free(memo[s]);
    }
    pul_game_free(other);
    pul_game_free(g);
}

int main(void) {
    Tally t = {0, 0, 0, 0, 0};
    each_shipped_game(2, play, &t);
    CHECK(t.compared > 1000 && t.other_game > 100 && t.played_on > 100 && t.bad > 100 &&
          t.choices > 1000);
    if (!check_failures)
        printf("test_observation_kept: %ld kept rebuilds alike, %ld after another game, %ld "
               "after playing on, %ld after a bad observation; %ld random choices alike\n",
               t.compared, t.other_game, t.played_on, t.bad, t.choices);
    return CHECK_DONE();
}
