/*
** test_genial_bots.c: the bots on every Genial edition: legal play to the
** end, the same choice for the same observation and seed, no choice swayed
** by what the seat cannot see; pul_action_estimates agreeing with applying;
** two variants with the same tiles dealt and drawn alike from one seed.
*/
#include <math.h>

#include "game_util.h"

static PulBot *bot(const PulVariant *v, const char *spec, uint64_t seed) {
    PulError err;
    PulBot *b = pul_bot_new(v, spec, seed, &err);
    if (!b) fprintf(stderr, "bot '%s': %s\n", spec, err.message);
    CHECK(b != NULL);
    return b;
}

/* Games of v with nseats between bot specs a (seat 1, 3) and b (the others),
** every choice checked legal before it is applied; returns how many games
** seat 1's side won (a shared win counts as a share). */
static double play_games(const PulVariant *v, int nseats, const char *a, const char *b,
                         int games, uint64_t seed) {
    PulError err;
    PulGame *g = pul_game_new(v);
    double won = 0;
    for (int i = 0; i < games; i++) {
        CHECK_INT(pul_game_start(g, nseats, seed + (uint64_t)i, NULL, 0, &err), PUL_OK);
        PulBot *bots[PUL_MAX_SEATS];
        for (int s = 0; s < nseats; s++) bots[s] = bot(v, s % 2 ? b : a, seed * 31 + (uint64_t)s);
        int refused = 0;
        while (!pul_game_over(g)) {
            int seat = pul_game_to_move(g);
            PulObservation o;
            pul_observe(g, seat, &o);
            PulAction act;
            if (pul_bot_choose(bots[seat], &o, &act, &err) != PUL_OK) {
                fprintf(stderr, "%s: %s\n", pul_bot_spec(bots[seat]), err.message);
                refused++;
                break;
            }
            if (pul_check(g, &act) != PUL_LEGAL) {
                refused++;
                break;
            }
            CHECK_INT(pul_apply(g, &act, NULL), PUL_LEGAL);
        }
        CHECK_INT(refused, 0);
        CHECK(pul_game_over(g));
        int w[PUL_MAX_SEATS], nw = pul_game_winners(g, w, PUL_MAX_SEATS);
        for (int k = 0; k < nw; k++)
            if (pul_game_team(g, w[k]) == pul_game_team(g, 0)) won += 1.0 / nw;
        for (int s = 0; s < nseats; s++) pul_bot_free(bots[s]);
    }
    pul_game_free(g);
    return won;
}

/* Every bot plays every edition to its end with legal actions only. */
static void test_legal_play(void) {
    PulVariant *v = open_edition("genial", NULL);
    if (v) {
        play_games(v, 2, "random", "random", 20, 1);
        play_games(v, 2, "greedy", "random", 6, 2);
        play_games(v, 3, "greedy", "greedy", 2, 3);
        play_games(v, 4, "mcts:iters=40", "random", 1, 4);
        play_games(v, 2, "mcts:iters=30,rollout=greedy,depth=6", "greedy", 1, 5);
        play_games(v, 2, "mcts:iters=30,widen=0", "random", 1, 6);
        pul_variant_free(v);
    }
    v = open_edition("genial-teams", NULL);
    if (v) {
        play_games(v, 4, "greedy", "random", 4, 7);
        play_games(v, 4, "mcts:iters=40", "greedy", 1, 8);
        pul_variant_free(v);
    }
    v = open_edition("genial-solo", NULL);
    if (v) {
        play_games(v, 1, "greedy", "greedy", 4, 9);
        play_games(v, 1, "mcts:iters=40", "mcts:iters=40", 1, 10);
        pul_variant_free(v);
    }
}

/* greedy wins nearly every game against random, whatever seat it takes. */
static void test_greedy_beats_random(void) {
    PulVariant *v = open_edition("genial", NULL);
    if (!v) return;
    double won = play_games(v, 2, "greedy", "random", 20, 100) +
                 (20 - play_games(v, 2, "random", "greedy", 20, 200));
    CHECK(won >= 38);
    pul_variant_free(v);
}

/* ------------------------------------------ determinism, no cheating */

static const char *const specs[] = {"random", "greedy", "mcts:iters=150",
                                    "mcts:iters=60,rollout=greedy,depth=4"};
enum { NSPECS = 4 };

/* The bots' actions on one observation, each bot made afresh with seed. */
static void choices(const PulVariant *v, const PulObservation *o, uint64_t seed, PulAction *out) {
    PulError err;
    for (int i = 0; i < NSPECS; i++) {
        PulBot *b = bot(v, specs[i], seed);
        memset(&out[i], 0, sizeof out[i]);
        if (b) CHECK_INT(pul_bot_choose(b, o, &out[i], &err), PUL_OK);
        pul_bot_free(b);
    }
}

/* A game of v with nseats, played at random for moves actions and on to a
** placement (a choice among many: not a refill due). */
static PulGame *played(const PulVariant *v, int nseats, uint64_t seed, int moves) {
    PulError err;
    PulGame *g = pul_game_new(v);
    CHECK_INT(pul_game_start(g, nseats, seed, NULL, 0, &err), PUL_OK);
    PulRng rng;
    pul_rng_seed(&rng, seed * 7 + 1);
    PulAction act;
    for (int i = 0; !pul_game_over(g) && (i < moves || pul_legal_actions(g, NULL, 0) < 3); i++) {
        pul_random_action(g, &rng, &act);
        CHECK_INT(pul_apply(g, &act, NULL), PUL_LEGAL);
    }
    return g;
}

/* The same observation and seed give the same action, from a fresh bot and
** from one that chose elsewhere before; another seed may differ. */
static void test_determinism(void) {
    PulVariant *v = open_edition("genial-teams", NULL);
    if (!v) return;
    PulError err;
    PulGame *g = played(v, 4, 42, 25);
    PulObservation o, other;
    pul_observe(g, pul_game_to_move(g), &o);
    PulAction first[NSPECS], second[NSPECS];
    choices(v, &o, 77, first);
    choices(v, &o, 77, second);
    for (int i = 0; i < NSPECS; i++) CHECK(same_action(&first[i], &second[i]));
    PulBot *b = bot(v, "mcts:iters=150", 77);
    PulAction again;
    CHECK_INT(pul_apply(g, &first[1], NULL), PUL_LEGAL);
    pul_observe(g, pul_game_to_move(g), &other);
    if (!pul_game_over(g)) CHECK_INT(pul_bot_choose(b, &other, &again, &err), PUL_OK);
    CHECK_INT(pul_bot_choose(b, &o, &again, &err), PUL_OK);
    CHECK(same_action(&again, &first[2]));
    CHECK(pul_bot_iterations(b) == 150);
    int changed = 0;
    for (uint64_t seed = 1; seed < 8; seed++) {
        PulAction c[NSPECS];
        choices(v, &o, seed, c);
        changed += !same_action(&c[0], &first[0]);
    }
    CHECK(changed > 0);
    pul_bot_free(b);
    pul_game_free(g);
    pul_variant_free(v);
}

/* Two true games that show the seat to move the same observation but hold
** other hidden racks and another bag (a second game made from the first
** one's observation): every bot chooses the same in both. */
static void test_no_cheating(void) {
    static const struct {
        const char *edition;
        int seats;
    } cases[] = {{"genial", 2}, {"genial", 3}, {"genial-teams", 4}};
    PulError err;
    int positions = 0, same = 0, differ = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        PulVariant *v = open_edition(cases[c].edition, NULL);
        if (!v) continue;
        for (uint64_t seed = 1; seed <= 3; seed++) {
            PulGame *a = played(v, cases[c].seats, seed, (int)(seed * 11));
            if (pul_game_over(a)) {
                pul_game_free(a);
                continue;
            }
            int seat = pul_game_to_move(a);
            PulObservation oa, ob;
            pul_observe(a, seat, &oa);
            PulGame *b = pul_game_new(v);
            PulRng rng;
            pul_rng_seed(&rng, seed + 500);
            CHECK_INT(pul_game_from_observation(b, &oa, &rng, &err), PUL_OK);
            pul_observe(b, seat, &ob);
            CHECK(pul_observation_hash(v, &oa) == pul_observation_hash(v, &ob));
            /* What the seat cannot see does differ: some other rack. */
            bool hidden_differs = false;
            for (int s = 0; s < cases[c].seats; s++) {
                uint8_t ra[16], rb[16];
                int na = pul_genial_rack(a, s, ra, 16), nb = pul_genial_rack(b, s, rb, 16);
                CHECK(s != seat || (na == nb && memcmp(ra, rb, (size_t)na) == 0));
                if (s != seat && (na != nb || memcmp(ra, rb, (size_t)na) != 0)) hidden_differs = true;
            }
            differ += hidden_differs;
            PulAction ca[NSPECS], cb[NSPECS];
            choices(v, &oa, seed, ca);
            choices(v, &ob, seed, cb);
            for (int i = 0; i < NSPECS; i++) {
                same += same_action(&ca[i], &cb[i]);
                CHECK_INT(pul_check(a, &ca[i]), PUL_LEGAL);
                CHECK_INT(pul_check(b, &cb[i]), PUL_LEGAL);
            }
            positions++;
            pul_game_free(a);
            pul_game_free(b);
        }
        pul_variant_free(v);
    }
    CHECK(positions >= 8);
    CHECK(differ >= positions - 1);
    CHECK_INT(same, NSPECS * positions);
}

/* ------------------------------------------------- action estimates */

/* Genial's estimate of each placement is the mover's heuristic after it is
** applied (unless it ends the game); a refused action gets -HUGE_VAL; a
** refill's or swap's is 0. Checked over the positions of random games. */
static void test_estimates(void) {
    static const char *const editions[] = {"genial", "genial-teams", "genial-solo"};
    static const int seats[] = {3, 4, 1};
    static PulAction list[PUL_MAX_ACTIONS];
    static double value[PUL_MAX_ACTIONS];
    int compared = 0;
    for (int e = 0; e < 3; e++) {
        PulVariant *v = open_edition(editions[e], NULL);
        if (!v) continue;
        PulGame *g = pul_game_new(v), *tmp = pul_game_new(v);
        PulError err;
        CHECK_INT(pul_game_start(g, seats[e], 5 + (uint64_t)e, NULL, 0, &err), PUL_OK);
        PulRng rng;
        pul_rng_seed(&rng, 9);
        for (int step = 0; !pul_game_over(g); step++) {
            int n = pul_legal_actions(g, list, PUL_MAX_ACTIONS);
            CHECK_INT(pul_action_estimates(g, list, n, NULL, value), PUL_LEGAL);
            int seat = pul_game_to_move(g);
            for (int i = 0; i < n; i += step % 5 == 0 ? 1 : 17) {
                pul_game_copy(tmp, g);
                CHECK_INT(pul_apply(tmp, &list[i], NULL), PUL_LEGAL);
                if (list[i].kind != PUL_PLACE) {
                    CHECK(value[i] == 0.0);
                    continue;
                }
                if (pul_game_over(tmp)) continue;
                double h = pul_game_heuristic(tmp, seat);
                if (fabs(h - value[i]) > 1e-9)
                    fprintf(stderr, "%s step %d action %d: estimate %g, applied %g\n",
                            editions[e], step, i, value[i], h);
                CHECK(fabs(h - value[i]) <= 1e-9);
                compared++;
            }
            /* A placement on an occupied cell and one off the board. */
            PulAction bad[2];
            int placed = 0;
            for (int i = 0; i < n && !placed; i++)
                if (list[i].kind == PUL_PLACE) {
                    PulGenialPlaced p[1];
                    bad[0] = list[i];
                    if (pul_genial_placed(g, p, 1) > 0) {
                        bad[0].x = p[0].q;
                        bad[0].y = p[0].r;
                    } else {
                        bad[0].rot = 9;
                    }
                    bad[1] = list[i];
                    bad[1].x = 100;
                    placed = 1;
                }
            if (placed) {
                CHECK_INT(pul_action_estimates(g, bad, 2, NULL, value), PUL_LEGAL);
                CHECK(value[0] == -HUGE_VAL && value[1] == -HUGE_VAL);
            }
            PulAction act;
            pul_random_action(g, &rng, &act);
            CHECK_INT(pul_apply(g, &act, NULL), PUL_LEGAL);
        }
        pul_game_free(tmp);
        pul_game_free(g);
        pul_variant_free(v);
    }
    CHECK(compared > 1000);

    /* Micropul's is the margin after applying it on the scratch game. */
    PulVariant *m = micropul_with(NULL);
    PulGame *g = pul_game_new(m), *scratch = pul_game_new(m), *tmp = pul_game_new(m);
    PulError err;
    CHECK_INT(pul_game_start(g, 2, 3, NULL, 0, &err), PUL_OK);
    int n = pul_legal_actions(g, list, PUL_MAX_ACTIONS);
    CHECK_INT(pul_action_estimates(g, list, n, scratch, value), PUL_LEGAL);
    for (int i = 0; i < n; i++) {
        pul_game_copy(tmp, g);
        CHECK_INT(pul_apply(tmp, &list[i], NULL), PUL_LEGAL);
        CHECK(value[i] == pul_game_margin(tmp, pul_game_to_move(g)));
    }
    pul_game_free(tmp);
    pul_game_free(scratch);
    pul_game_free(g);
    pul_variant_free(m);
}

/* In teams a partner is not a rival: the margin leaves the partner out. */
static void test_team_margin(void) {
    PulVariant *v = open_edition("genial-teams", NULL);
    if (!v) return;
    PulGame *g = played(v, 4, 3, 60);
    for (int s = 0; s < 4; s++) {
        int rival = (s + 1) % 4, partner = (s + 2) % 4;
        CHECK_INT(pul_game_team(g, s), pul_game_team(g, partner));
        CHECK(pul_game_team(g, s) != pul_game_team(g, rival));
        double want = pul_game_heuristic(g, s) -
                      (pul_game_heuristic(g, rival) + pul_game_heuristic(g, (s + 3) % 4)) / 2;
        CHECK(fabs(pul_game_margin(g, s) - want) < 1e-12);
    }
    pul_game_free(g);
    pul_variant_free(v);
}

/* ------------------------------------------------ A/B on the same deals */

/* Two Genial variants with the same tiles (genial, and genial with a
** track_max of 15) deal the same racks from one seed, and the same actions
** then draw the same tiles: an A/B run meets the same deals and draws. */
static void test_same_deals(void) {
    static const char text[] = "name: genial-15\nextends: genial\nrules:\n  track_max: 15\n";
    PulError err;
    PulVariant *a = open_edition("genial", NULL);
    PulVariant *b = pul_variant_load_string(text, sizeof text - 1, "genial-15", ".", NULL, &err);
    if (!b) fprintf(stderr, "genial-15: %s\n", err.message);
    CHECK(b != NULL);
    if (!a || !b) {
        pul_variant_free(a);
        pul_variant_free(b);
        return;
    }
    int i = 0;
    while (i < pul_variant_nparams(a) && strcmp(pul_variant_param(a, i)->name, "track_max") != 0) i++;
    CHECK(i < pul_variant_nparams(a));
    int draws = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        PulGame *ga = pul_game_new(a), *gb = pul_game_new(b);
        CHECK_INT(pul_game_start(ga, 2, seed, NULL, 0, &err), PUL_OK);
        CHECK_INT(pul_game_start(gb, 2, seed, NULL, 0, &err), PUL_OK);
        CHECK(pul_game_rule(ga, i) == 18 && pul_game_rule(gb, i) == 15);
        PulRng rng;
        pul_rng_seed(&rng, seed);
        for (int step = 0; step < 40 && !pul_game_over(ga); step++) {
            for (int s = 0; s < 2; s++) {
                uint8_t ra[16], rb[16];
                int na = pul_genial_rack(ga, s, ra, 16), nb = pul_genial_rack(gb, s, rb, 16);
                CHECK(na == nb && memcmp(ra, rb, (size_t)na) == 0);
            }
            CHECK_INT(pul_genial_bag(ga), pul_genial_bag(gb));
            PulAction act;
            pul_random_action(ga, &rng, &act);
            draws += act.kind == PUL_REFILL;
            CHECK_INT(pul_apply(ga, &act, NULL), PUL_LEGAL);
            CHECK_INT(pul_apply(gb, &act, NULL), PUL_LEGAL);
            /* Tracks part at 15: the games may part from there. */
            int ta[8], tb[8], n = pul_genial_tracks(ga, 0, ta, 8);
            pul_genial_tracks(gb, 0, tb, 8);
            bool part = false;
            for (int s = 0; s < n; s++) part = part || ta[s] != tb[s] || ta[s] >= 15;
            pul_genial_tracks(ga, 1, ta, 8);
            pul_genial_tracks(gb, 1, tb, 8);
            for (int s = 0; s < n; s++) part = part || ta[s] != tb[s] || ta[s] >= 15;
            if (part) break;
        }
        pul_game_free(ga);
        pul_game_free(gb);
    }
    CHECK(draws >= 20);
    pul_variant_free(a);
    pul_variant_free(b);
}

int main(void) {
    RUN(test_estimates);
    RUN(test_team_margin);
    RUN(test_same_deals);
    RUN(test_determinism);
    RUN(test_no_cheating);
    RUN(test_legal_play);
    RUN(test_greedy_beats_random);
    return CHECK_DONE();
}
