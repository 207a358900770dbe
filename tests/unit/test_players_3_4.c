/*
** test_players_3_4.c: the editions for three and four players (micropul-3p,
** -4p, farmopul-3p, -4p), whose rules are a rules: block of variant.yaml:
** the deal, every tile accounted for after every action, the round finished
** when the core runs out, and in that round a seat that cannot play skips its
** turn instead of losing (RULES.md: an empty core ends the game before the
** start-of-turn checks); scores and winners as the rules count them, and
** every game replays from its record to a byte-identical state.
**
** Games per edition: 2000 (about a second in a Release build, a few under
** ASan); the environment variable PUL_SCRIPTED_GAMES sets another number.
*/
#include <stdlib.h>
#include <string.h>

#include "game_util.h"

enum { MAX_MOVES = 2000, DEFAULT_GAMES = 2000 };

static int games_per_edition(void) {
    const char *env = getenv("PUL_SCRIPTED_GAMES");
    return env && atoi(env) > 0 ? atoi(env) : DEFAULT_GAMES;
}

typedef struct {
    long games, actions, core_empty, no_tiles, no_action, extra_turns, round_trips;
    long finishing_skips; /* turns skipped after the core ran out */
} Tally;

/* A random player that takes from its supply half the time it may: uniform
** random players seldom take and mostly run dry, and games that reach the
** end of the core are the ones the finish_round rule is about. */
static bool choose(const PulGame *g, PulRng *rng, PulAction *acts, PulAction *out) {
    int n = pul_legal_actions(g, acts, PUL_MAX_ACTIONS);
    if (n == 0) return false;
    int takes[PUL_MAX_TILES + 1], ntakes = 0;
    for (int i = 0; i < n; i++)
        if (acts[i].kind == PUL_TAKE && ntakes <= PUL_MAX_TILES) takes[ntakes++] = i;
    if (ntakes && pul_rng_below(rng, 2) == 0)
        *out = acts[takes[pul_rng_below(rng, (uint32_t)ntakes)]];
    else
        *out = acts[pul_rng_below(rng, (uint32_t)n)];
    return true;
}

/* What a skipped turn in the finishing round must leave: the game goes on
** with the next seat, or ends with the empty core when the round is done. */
static void check_skips(const PulGame *g, const PulEvents *ev, int seat, int *regular, Tally *t) {
    for (int i = 0; i < ev->n; i++) {
        if (ev->ev[i].kind != PUL_EV_TURN_SKIPPED) continue;
        int s = ev->ev[i].seat;
        /* The seat that just played skips only an extra turn; any other skips its own turn. */
        if (s != seat) regular[s]++;
        if (pul_game_core_count(g) == 0) t->finishing_skips++;
    }
}

static void play_multi(const PulVariant *v, int seats, uint64_t seed, Tally *t) {
    static PulAction acts[PUL_MAX_ACTIONS], moves[MAX_MOVES];
    PulGame *g = pul_game_new(v);
    PulError err;
    if (!g) return;
    CHECK_INT(pul_game_start(g, seats, seed, NULL, 0, &err), PUL_OK);
    /* The game's rules are the edition's: no script changes them. */
    const PulRules *r = pul_game_rules(g);
    CHECK(memcmp(r, pul_variant_rules(v), sizeof *r) == 0);
    int hand = r->hand_size;
    CHECK_INT(pul_game_core_count(g), pul_variant_tileset(v)->ntiles - 1 - seats * hand);
    for (int s = 0; s < seats; s++) {
        CHECK_INT(pul_game_hand(g, s, NULL, 0), hand);
        CHECK_INT(pul_game_stones(g, s), r->stones);
    }
    PulRng rng;
    pul_rng_seed(&rng, seed * 7919 + 3);
    PulEvents ev;
    PulAction a, done;
    int nmoves = 0, regular_turns[PUL_MAX_SEATS] = {0};
    while (!pul_game_over(g) && nmoves < MAX_MOVES) {
        if (!choose(g, &rng, acts, &a)) break;
        int seat = pul_game_to_move(g);
        bool extra = pul_game_in_extra_turn(g);
        PulReason why = pul_apply(g, &a, &ev);
        CHECK_INT(why, PUL_LEGAL);
        if (why != PUL_LEGAL) break;
        regular_turns[seat] += !extra;
        check_skips(g, &ev, seat, regular_turns, t);
        pul_events_action(&ev, &done);
        moves[nmoves++] = done;
        for (int i = 0; i < ev.n; i++) t->extra_turns += ev.ev[i].kind == PUL_EV_EXTRA_TURN;
        if (!tiles_conserved(g, "3-4 players")) {
            CHECK(false);
            break;
        }
        if (!pul_game_over(g)) {
            /* Whoever is to move can play: a seat that could not was skipped or lost. */
            int to = pul_game_to_move(g);
            CHECK(pul_game_hand(g, to, NULL, 0) + pul_game_supply(g, to, NULL, 0) > 0);
            CHECK(pul_legal_actions(g, acts, PUL_MAX_ACTIONS) > 0);
            int inc[PUL_MAX_SEATS], re[PUL_MAX_SEATS];
            pul_game_scores(g, inc, PUL_MAX_SEATS);
            pul_game_scores_recount(g, re, PUL_MAX_SEATS);
            for (int s = 0; s < seats; s++) CHECK_INT(inc[s], re[s]);
        }
    }
    t->games++;
    t->actions += nmoves;
    CHECK(pul_game_over(g));
    PulEndReason end = pul_game_end_reason(g);
    t->core_empty += end == PUL_END_CORE_EMPTY;
    t->no_tiles += end == PUL_END_NO_TILES;
    t->no_action += end == PUL_END_NO_ACTION;
    /* Nobody loses once the core is empty: the finishing round is played out. */
    if (end == PUL_END_NO_TILES || end == PUL_END_NO_ACTION) CHECK(pul_game_core_count(g) > 0);
    if (end == PUL_END_CORE_EMPTY) {
        /* The round was played out: every seat had as many turns, skipped ones included. */
        CHECK_INT(pul_game_core_count(g), 0);
        for (int s = 1; s < seats; s++) CHECK_INT(regular_turns[s], regular_turns[0]);
    }
    /* No points beyond the rules' own, and the winners follow the scores. */
    int inc[PUL_MAX_SEATS], re[PUL_MAX_SEATS], winners[PUL_MAX_SEATS];
    pul_game_scores(g, inc, PUL_MAX_SEATS);
    pul_game_scores_recount(g, re, PUL_MAX_SEATS);
    for (int s = 0; s < seats; s++) CHECK_INT(inc[s], re[s]);
    int nw = pul_game_winners(g, winners, PUL_MAX_SEATS), best = 0, want = 0;
    bool any = false;
    for (int s = 0; s < seats; s++)
        if (s != pul_game_loser(g) && (!any || inc[s] > best)) best = inc[s], any = true;
    for (int s = 0; s < seats; s++) want += s != pul_game_loser(g) && inc[s] == best;
    CHECK_INT(nw, want);
    for (int k = 0; k < nw; k++) CHECK(winners[k] != pul_game_loser(g) && inc[winners[k]] == best);
    bool same = replays_identically(g, moves, nmoves);
    CHECK(same);
    t->round_trips += same;
    pul_game_free(g);
}

static void test_players_3_4(void) {
    const char *names[] = {"micropul-3p", "micropul-4p", "farmopul-3p", "farmopul-4p"};
    int games = games_per_edition();
    long skips = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        PulVariant *v = open_edition(names[i], NULL);
        if (!v) continue;
        const char *parent = strncmp(names[i], "farmopul", 8) == 0 ? "farmopul" : "micropul";
        PulVariant *base = open_edition(parent, NULL);
        if (!base) {
            pul_variant_free(v);
            continue;
        }
        const PulRules *r = pul_variant_rules(v), *br = pul_variant_rules(base);
        int seats = strstr(names[i], "3p") ? 3 : 4;
        /* The rules: block, and the parent's own rules kept key by key. */
        CHECK_INT(r->min_players, seats);
        CHECK_INT(r->max_players, seats);
        CHECK_INT(r->hand_size, seats == 3 ? 5 : 4);
        CHECK_INT(r->hand_limit, 6);
        CHECK_INT(r->stones, 3);
        CHECK_INT(r->core_empty_end, PUL_CORE_EMPTY_FINISH_ROUND);
        CHECK_INT(r->extra_turn_chains, br->extra_turn_chains);
        CHECK_INT(r->merged_scoring, br->merged_scoring);
        CHECK(!pul_variant_has_scripts(v));
        CHECK_STR(pul_variant_info(v)->extends, parent);
        for (int l = 0; l < PUL_NLANGS; l++) CHECK(pul_variant_title(v, l)[0] != '\0');
        /* Only these seat counts may play. */
        PulGame *g = pul_game_new(v);
        PulError err;
        CHECK_INT(pul_game_start(g, seats == 3 ? 4 : 3, 1, NULL, 0, &err), PUL_ERR_RANGE);
        pul_game_free(g);
        Tally t = {0};
        for (int k = 0; k < games; k++) play_multi(v, seats, (uint64_t)k + 1, &t);
        CHECK_INT(t.games, games);
        CHECK_INT(t.round_trips, games);
        /* Both ways a game ends among these players, so both were checked. */
        CHECK(t.core_empty > 0);
        CHECK(t.no_tiles > 0);
        skips += t.finishing_skips;
        printf("  %-12s %ld games, %ld actions, %ld extra turns; ends: core %ld, no tiles %ld, "
               "no action %ld; turns skipped in the finishing round %ld\n",
               names[i], t.games, t.actions, t.extra_turns, t.core_empty, t.no_tiles,
               t.no_action, t.finishing_skips);
        pul_variant_free(base);
        pul_variant_free(v);
    }
    /* The finishing-round skip happened, so the checks above covered it. */
    CHECK(skips > 0);
}

int main(void) {
    /* The tests run in tests/; ctest puts the shipped editions on PUL_PATH. */
    RUN(test_players_3_4);
    return CHECK_DONE();
}
