/*
** test_action_limit.c: the engine's one action limit (PUL_ACTION_LIMIT) and the widths of
** its counters: a game whose hooks would never end it ends there, for every driver.
*/
#include <stdint.h>

#include "common.h"
#include "game_util.h"

/* tests/hostile/progress/endless: every action earns another extra turn, so
** only the limit ends its games (the unit tests run in tests/). */
#define ENDLESS "hostile/progress/endless"

/* Random actions until turns reach stop or the game ends; the last apply's events in ev. */
static void play_random(PulGame *g, PulRng *rng, int stop, PulEvents *ev) {
    PulAction a;
    while (!pul_game_over(g) && pul_game_turns(g) < stop) {
        if (!pul_random_action(g, rng, &a)) {
            CHECK(!"a game not over has no action");
            return;
        }
        PulReason r = pul_apply(g, &a, ev);
        if (r != PUL_LEGAL) {
            fprintf(stderr, "  refused after %d actions: %s\n", pul_game_turns(g),
                    pul_reason_code(r));
            CHECK(r == PUL_LEGAL);
            return;
        }
    }
}

/* Start g with nseats and seed, seed rng with it too, and play_random to stop. */
static void start_and_play(PulGame *g, int nseats, uint64_t seed, PulRng *rng, int stop,
                           PulEvents *ev) {
    PulError err;
    CHECK_INT(pul_game_start(g, nseats, seed, NULL, 0, &err), PUL_OK);
    pul_rng_seed(rng, seed);
    play_random(g, rng, stop, ev);
}

static void test_endless_ends_at_the_limit(void) {
    PulVariant *v = open_edition(ENDLESS, NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v);
    PulRng rng;
    PulEvents ev;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        start_and_play(g, 2, seed, &rng, PUL_ACTION_LIMIT - 1, &ev);
        /* One short of the limit the game goes on: only the limit ends it. */
        CHECK(!pul_game_over(g));
        CHECK_INT(pul_game_turns(g), PUL_ACTION_LIMIT - 1);
        play_random(g, &rng, PUL_ACTION_LIMIT + 5, &ev);
        CHECK(pul_game_over(g));
        CHECK_INT(pul_game_turns(g), PUL_ACTION_LIMIT);
        CHECK_INT(pul_game_end_reason(g), PUL_END_ACTION_LIMIT);
        CHECK_STR(pul_end_reason_code(pul_game_end_reason(g)), "action_limit");
        CHECK_INT(pul_game_loser(g), -1);
        /* The last action reports the end, with the reason. */
        const PulEvent *last = ev.n ? &ev.ev[ev.n - 1] : NULL;
        CHECK(last && last->kind == PUL_EV_GAME_OVER && last->value == PUL_END_ACTION_LIMIT);
        PulAction pass = A_PASS();
        CHECK_INT(pul_check(g, &pass), PUL_R_GAME_OVER);
        /* The winners are the seats at the top of the scores as they stand. */
        int scores[PUL_MAX_SEATS], winners[PUL_MAX_SEATS];
        pul_game_scores(g, scores, PUL_MAX_SEATS);
        int nw = pul_game_winners(g, winners, PUL_MAX_SEATS);
        int top = scores[0] > scores[1] ? scores[0] : scores[1];
        CHECK(nw >= 1);
        for (int k = 0; k < nw; k++) CHECK_INT(scores[winners[k]], top);
    }
    pul_game_free(g);
    pul_variant_free(v);
}

/* A determinization keeps the count, so a bot's search ends where the game does. */
static void test_observation_keeps_the_count(void) {
    PulVariant *v = open_edition(ENDLESS, NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v), *det = pul_game_new(v);
    PulError err;
    PulRng rng;
    PulEvents ev;
    start_and_play(g, 2, 7, &rng, PUL_ACTION_LIMIT - 1, &ev);
    PulObservation obs;
    pul_observe(g, pul_game_to_move(g), &obs);
    CHECK_INT(obs.turns, PUL_ACTION_LIMIT - 1);
    CHECK_INT(pul_game_from_observation(det, &obs, &rng, &err), PUL_OK);
    CHECK_INT(pul_game_turns(det), PUL_ACTION_LIMIT - 1);
    PulAction a;
    CHECK(pul_random_action(det, &rng, &a));
    CHECK_INT(pul_apply(det, &a, NULL), PUL_LEGAL);
    CHECK(pul_game_over(det));
    CHECK_INT(pul_game_end_reason(det), PUL_END_ACTION_LIMIT);
    /* A count the engine could not have reached is not an observation. */
    obs.turns = PUL_ACTION_LIMIT + 1;
    CHECK(pul_game_from_observation(det, &obs, &rng, &err) != PUL_OK);
    CHECK_STR(err.code, "bad-value");
    obs.turns = -1;
    CHECK(pul_game_from_observation(det, &obs, &rng, &err) != PUL_OK);
    pul_game_free(det);
    pul_game_free(g);
    pul_variant_free(v);
}

/* Bots whose playouts run to the end (depth 1000) choose near the limit:
** their playouts end on it, as the game does. */
static void test_bots_near_the_limit(void) {
    PulVariant *v = open_edition(ENDLESS, NULL);
    if (!v) return;
    static const char *const specs[] = {"mcts:iters=30,depth=1000",
                                        "mcts:iters=30,depth=1000,rollout=greedy", "greedy",
                                        "random"};
    PulGame *g = pul_game_new(v);
    PulError err;
    PulRng rng;
    PulEvents ev;
    start_and_play(g, 2, 11, &rng, PUL_ACTION_LIMIT - 40, &ev);
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        PulBot *b = pul_bot_new(v, specs[i], 5, &err);
        CHECK(b != NULL);
        if (!b) continue;
        PulGame *h = pul_game_new(v);
        pul_game_copy(h, g);
        /* Each choice searches to the limit; the bots play the game out to it. */
        while (!pul_game_over(h)) {
            PulObservation obs;
            PulAction a;
            pul_observe(h, pul_game_to_move(h), &obs);
            if (pul_bot_choose(b, &obs, &a, &err) != PUL_OK) {
                fprintf(stderr, "  %s: %s\n", specs[i], err.message);
                CHECK(!"the bot chose nothing");
                break;
            }
            CHECK_INT(pul_apply(h, &a, NULL), PUL_LEGAL);
        }
        CHECK_INT(pul_game_turns(h), PUL_ACTION_LIMIT);
        CHECK_INT(pul_game_end_reason(h), PUL_END_ACTION_LIMIT);
        pul_game_free(h);
        pul_bot_free(b);
    }
    pul_game_free(g);
    pul_variant_free(v);
}

/* The limit is far from any game without hooks: random Micropul games end
** by the rules in well under a tenth of it. */
static void test_real_games_are_far_below(void) {
    PulVariant *v = micropul_with(NULL);
    CHECK(v != NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v);
    PulRng rng;
    PulEvents ev;
    int longest = 0;
    for (uint64_t seed = 1; seed <= 500; seed++) {
        start_and_play(g, 1 + (int)(seed % 2), seed, &rng, PUL_ACTION_LIMIT, &ev);
        CHECK(pul_game_over(g));
        CHECK(pul_game_end_reason(g) != PUL_END_ACTION_LIMIT);
        if (pul_game_turns(g) > longest) longest = pul_game_turns(g);
    }
    CHECK(longest < PUL_ACTION_LIMIT / 10);
    pul_game_free(g);
    pul_variant_free(v);
}

/* A group's worth is counted in full however large: a tile set of tiles
** white all over, 1000 points a micropul, one group of 4 micropul a tile. */
static void test_group_worth_is_wide(void) {
    PulTileSet ts;
    all_white_tiles(&ts, "white", 30);
    PulRules rules;
    pul_rules_default(&rules);
    rules.points_micropul = RULES_POINTS_MAX;
    PulError err;
    PulVariant *v = pul_variant_new("white", &ts, &rules, &err);
    CHECK(v != NULL);
    if (!v) return;
    uint8_t core[PUL_MAX_TILES];
    for (int i = 0; i < ts.ntiles - 1; i++) core[i] = (uint8_t)(i + 1);
    PulGame *g = pul_game_new(v);
    CHECK_INT(pul_game_start(g, 2, 1, core, ts.ntiles - 1, &err), PUL_OK);
    /* Seat 1 holds 1-6, seat 2 holds 7-12: a row of twelve tiles east of the start. */
    for (int k = 0; k < 12; k++) {
        int tile = k % 2 == 0 ? 1 + k / 2 : 7 + k / 2;
        PulAction a = A_PLACE(tile, 1 + k, 0, 0);
        CHECK_INT(pul_apply(g, &a, NULL), PUL_LEGAL);
    }
    PulGroupInfo gi;
    CHECK(pul_game_group(g, 0, 0, PUL_NW, &gi));
    CHECK_INT(gi.size, 13 * 4);
    CHECK_INT(gi.points, 13 * 4 * RULES_POINTS_MAX); /* 52000: past an int16_t */
    pul_game_free(g);
    pul_variant_free(v);
}

/* RULES_POINTS_MAX, which the widths are asserted against, is the points
** parameters' range. */
static void test_points_range(void) {
    static const char *const names[] = {"points_micropul", "points_big", "points_supply",
                                        "points_hand"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const PulParamInfo *p = pul_rules_param(pul_rules_param_find(names[i]));
        CHECK(p != NULL);
        if (!p) continue;
        CHECK_INT(p->min, -RULES_POINTS_MAX);
        CHECK_INT(p->max, RULES_POINTS_MAX);
    }
}

int main(void) {
    RUN(test_endless_ends_at_the_limit);
    RUN(test_observation_keeps_the_count);
    RUN(test_bots_near_the_limit);
    RUN(test_real_games_are_far_below);
    RUN(test_group_worth_is_wide);
    RUN(test_points_range);
    return CHECK_DONE();
}
