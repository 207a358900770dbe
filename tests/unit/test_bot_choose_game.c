/*
** test_bot_choose_game.c: pul_bot_choose_game, which the lab calls on the game
** itself, chooses as pul_observe and pul_bot_choose do, in every edition.
** The random bot then makes no observation at all; greedy and MCTS observe.
*/
#include <stdint.h>
#include <stdlib.h>

#include "game_util.h"

typedef struct {
    const char *spec;
    int seeds;          /* of each seat count */
    int moves;          /* compared in a game, from its start (the rest are played at random) */
    long choices;       /* compared */
} Kind;

/* Whether a and b are the same action, said with where when not. */
static bool same_choice(const PulVariant *v, const PulAction *a, const PulAction *b,
                        const char *what, const char *spec, int nseats, uint64_t seed, int step) {
    char ta[64], tb[64];
    pul_action_format(v, a, ta, sizeof ta);
    pul_action_format(v, b, tb, sizeof tb);
    if (strcmp(ta, tb) == 0) return true;
    fprintf(stderr, "  %s, %s, %d seats, seed %llu, move %d: %s chose %s, the observation %s\n",
            pul_variant_name(v), spec, nseats, (unsigned long long)seed, step, what, ta, tb);
    CHECK_STR(ta, tb);
    return false;
}

/* One game of v played by spec at every seat, each move the choice of the
** game path of a bot kept through the game; at each, that choice is compared
** with the observation path of another kept bot and of a bot made fresh. */
static void play(const PulVariant *v, int nseats, uint64_t seed, Kind *k) {
    PulGame *g = pul_game_new(v);
    PulError err;
    CHECK(g && pul_game_start(g, nseats, seed, NULL, 0, &err) == PUL_OK);
    PulBot *fast[PUL_MAX_SEATS] = {NULL}, *slow[PUL_MAX_SEATS] = {NULL};
    for (int s = 0; s < nseats; s++) {
        uint64_t bseed = seed * 1000 + (uint64_t)s;
        fast[s] = pul_bot_new(v, k->spec, bseed, &err);
        slow[s] = pul_bot_new(v, k->spec, bseed, &err);
        CHECK(fast[s] && slow[s]);
    }
    /* A scratch observation per seat, kept through the game as the lab keeps
    ** them (brought up to date), one made anew for each fresh bot; both
    ** filled with bytes that cannot be an observation (seat < 0). The random
    ** bot leaves them alone; the others write what pul_observe writes. */
    PulObservation *kept = malloc(PUL_MAX_SEATS * sizeof *kept), *scratch = malloc(sizeof *scratch),
                   *obs = malloc(sizeof *obs);
    memset(kept, 0xa5, PUL_MAX_SEATS * sizeof *kept);
    bool random = strcmp(k->spec, "random") == 0;
    for (int step = 0; step < k->moves && !pul_game_over(g) && !check_failures; step++) {
        int s = pul_game_to_move(g);
        memset(scratch, 0xa5, sizeof *scratch);
        PulAction a, b, c;
        PulStatus st = pul_bot_choose_game(fast[s], g, &kept[s], &a, &err);
        CHECK_INT(st, PUL_OK);
        CHECK_INT(err.status, PUL_OK);
        if (st != PUL_OK) break;
        pul_observe(g, s, obs);
        if (random) {
            bool untouched = true;
            for (size_t i = 0; i < sizeof *kept; i++)
                untouched &= ((const unsigned char *)&kept[s])[i] == 0xa5;
            CHECK(untouched);
        } else {
            CHECK(memcmp(&kept[s], obs, sizeof *obs) == 0);
        }
        CHECK_INT(pul_bot_choose(slow[s], obs, &b, &err), PUL_OK);
        same_choice(v, &a, &b, "the game path", k->spec, nseats, seed, step);
        PulBot *fresh = pul_bot_new(v, k->spec, seed * 1000 + (uint64_t)s, &err);
        CHECK(fresh != NULL);
        if (fresh && pul_bot_choose_game(fresh, g, scratch, &c, &err) == PUL_OK) {
            same_choice(v, &c, &b, "the game path of a bot made fresh", k->spec, nseats, seed,
                        step);
            if (!random) CHECK(memcmp(scratch, obs, sizeof *obs) == 0);
        } else {
            CHECK(false);
        }
        pul_bot_free(fresh);
        k->choices++;
        PulReason r = pul_apply(g, &a, NULL);
        if (r != PUL_LEGAL)
            fprintf(stderr, "  %s, %s, %d seats, seed %llu, move %d: refused (%s)\n",
                    pul_variant_name(v), k->spec, nseats, (unsigned long long)seed, step,
                    pul_reason_code(r));
        CHECK_INT(r, PUL_LEGAL);
    }
    PulRng rng;
    pul_rng_seed(&rng, seed);
    PulAction rest;
    while (!check_failures && !pul_game_over(g) && pul_random_action(g, &rng, &rest))
        CHECK_INT(pul_apply(g, &rest, NULL), PUL_LEGAL);
    /* Over: both paths refuse alike. */
    if (!check_failures) {
        CHECK(pul_game_over(g));
        PulAction a;
        PulError e1, e2;
        CHECK_INT(pul_bot_choose_game(fast[0], g, scratch, &a, &e1), PUL_ERR_STATE);
        pul_observe(g, 0, obs);
        CHECK_INT(pul_bot_choose(slow[0], obs, &a, &e2), PUL_ERR_STATE);
        CHECK_STR(e1.code, e2.code);
        CHECK_STR(e1.message, e2.message);
    }
    free(kept);
    free(scratch);
    free(obs);
    for (int s = 0; s < nseats; s++) {
        pul_bot_free(fast[s]);
        pul_bot_free(slow[s]);
    }
    pul_game_free(g);
}

int main(void) {
    /* The shipped editions (both families, the scripted ones too) and the
    ** test editions whose scripts reveal supply tiles (peek-duo), change every
    ** hook (hooks-all, hooks-chain), or whose tile sets are odd. */
    static const struct {
        const char *name;
        int min_seats;  /* hooks-all's final_scores names seat 2 */
    } editions[] = {
        {"micropul", 0},     {"micropul-3p", 0},   {"micropul-4p", 0},  {"micropul-solo", 0},
        {"micropul-solo-peek", 0}, {"farmopul", 0}, {"farmopul-3p", 0}, {"farmopul-4p", 0},
        {"simpler-placement", 0}, {"genial", 0},   {"genial-teams", 0}, {"genial-solo", 0},
        {"genial-catchup", 0}, {"peek-duo", 0},    {"hooks-all", 2},    {"hooks-chain", 0},
        {"tricolour", 0},    {"micropul-max", 0},  {"genial-tiny", 0},
    };
    /* Every move of the random bot's games; the first moves of the others'
    ** (the time of a few seconds of test). */
    Kind kinds[] = {{"random", 12, PUL_ACTION_LIMIT, 0}, {"greedy", 2, 40, 0},
                    {"mcts:iters=20", 1, 30, 0}};
    int nkinds = (int)(sizeof kinds / sizeof *kinds);
    for (size_t i = 0; i < sizeof editions / sizeof *editions; i++) {
        PulVariant *v = open_edition(editions[i].name, NULL);
        if (!v) continue;
        int lo, hi;
        pul_variant_players(v, &lo, &hi);
        if (lo < editions[i].min_seats) lo = editions[i].min_seats;
        for (int k = 0; k < nkinds; k++)
            for (int seats = lo; seats <= hi; seats++)
                for (int seed = 1; seed <= kinds[k].seeds; seed++)
                    play(v, seats, (uint64_t)seed, &kinds[k]);
        pul_variant_free(v);
    }
    CHECK(kinds[0].choices > 10000 && kinds[1].choices > 1000 && kinds[2].choices > 500);
    if (!check_failures)
        printf("test_bot_choose_game: the game path chose as the observation path %ld times "
               "(random), %ld (greedy), %ld (mcts:iters=20)\n",
               kinds[0].choices, kinds[1].choices, kinds[2].choices);
    return CHECK_DONE();
}
