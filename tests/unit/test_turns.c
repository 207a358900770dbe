/*
** test_turns.c: turn flow under each rule parameter: extra turns (chains,
** one per cross, solo), the end when the core empties, losses and winners.
*/
#include "game_util.h"

/* The FAQ position: 4@1,0r1 (W+/BW) by seat 0, 12@0,-1r2 (.1/.W) by seat 1;
** seat 0 then holds big_tile, 46, 0, 1, 34. */
static PulGame *faq(const PulVariant *v, int nseats, int big_tile) {
    int two[] = {4, big_tile, 46, 0, 1, 34, 12, 2, 3, 5, 6, 7};
    int solo[] = {4, 12, big_tile, 46, 0, 1};
    PulGame *g = nseats == 2 ? scripted(v, 2, two, 12) : scripted(v, 1, solo, 6);
    APPLY_OK(g, A_PLACE(4, 1, 0, 1), NULL);
    APPLY_OK(g, A_PLACE(12, 0, -1, 2), NULL);
    CHECK_INT(pul_game_to_move(g), 0);
    return g;
}

static bool has_pass(const PulGame *g) {
    PulAction acts[PUL_MAX_ACTIONS];
    int n = pul_legal_actions(g, acts, PUL_MAX_ACTIONS);
    for (int i = 0; i < n; i++)
        if (acts[i].kind == PUL_PASS) return true;
    return false;
}

/* In the extra turn earned by 42, 46 at (2,0) fires the cross of (1,0)
** again. Micropul chains extra turns; Farmopul does not. */
static void test_chains(void) {
    for (int chains = 1; chains >= 0; chains--) {
        PulRules rules;
        pul_rules_default(&rules);
        rules.extra_turn_chains = chains;
        PulVariant *v = micropul_with(&rules);
        PulGame *g = faq(v, 2, 42);
        PulEvents ev;
        APPLY_OK(g, A_PLACE(42, 1, -1, 0), &ev);
        CHECK_INT(count_events(&ev, PUL_EV_EXTRA_TURN), 1);
        CHECK(pul_game_in_extra_turn(g));
        CHECK(has_pass(g));
        APPLY_OK(g, A_PLACE(46, 2, 0, 0), &ev);
        CHECK(activated(&ev, 1, 0, PUL_NE, F_CROSS));
        CHECK_INT(count_events(&ev, PUL_EV_EXTRA_TURN), chains ? 1 : 0);
        CHECK_INT(pul_game_to_move(g), chains ? 0 : 1);
        CHECK_INT(pul_game_in_extra_turn(g), chains);
        CHECK_INT(has_pass(g), chains);
        if (chains) {
            APPLY_OK(g, A_PASS(), &ev);
            CHECK_INT(count_events(&ev, PUL_EV_PASSED), 1);
            CHECK_INT(count_events(&ev, PUL_EV_EXTRA_TURN), 0);
            CHECK_INT(pul_game_to_move(g), 1);
            CHECK(!pul_game_in_extra_turn(g));
        }
        CHECK_REFUSED(g, A_PASS(), PUL_R_NO_EXTRA_TURN);
        pul_game_free(g);
        pul_variant_free(v);
    }
}

/* The big white 36 has a cross in its centre: at (1,-1) it fires, with the
** cross of (1,0) and the dot of (0,-1). Two crosses: one extra turn, or two
** when each catalyst counts. */
static void test_per_catalyst(void) {
    for (int per = 0; per < 2; per++) {
        PulRules rules;
        pul_rules_default(&rules);
        rules.extra_turn_per_catalyst = per;
        PulVariant *v = micropul_with(&rules);
        PulGame *g = faq(v, 2, 36);
        PulEvents ev;
        APPLY_OK(g, A_PLACE(36, 1, -1, 0), &ev);
        CHECK_INT(count_events(&ev, PUL_EV_ACTIVATED), 3);
        CHECK(activated(&ev, 1, -1, PUL_CENTRE, F_CROSS));
        CHECK(activated(&ev, 1, 0, PUL_NE, F_CROSS));
        CHECK(activated(&ev, 0, -1, PUL_NE, F_ONE));
        const PulEvent *d = find_event(&ev, PUL_EV_DREW);
        CHECK(d && d->count == 1);
        CHECK_INT(count_events(&ev, PUL_EV_EXTRA_TURN), 1);
        CHECK(pul_game_in_extra_turn(g));
        APPLY_OK(g, A_PASS(), &ev);
        if (per) {
            /* The second extra turn begins. */
            CHECK_INT(count_events(&ev, PUL_EV_EXTRA_TURN), 1);
            CHECK_INT(pul_game_to_move(g), 0);
            CHECK(pul_game_in_extra_turn(g));
            APPLY_OK(g, A_PASS(), &ev);
        }
        CHECK_INT(count_events(&ev, PUL_EV_EXTRA_TURN), 0);
        CHECK_INT(pul_game_to_move(g), 1);
        CHECK(!pul_game_in_extra_turn(g));
        CHECK_INT(pul_game_turns(g), per ? 5 : 4);
        pul_game_free(g);
        pul_variant_free(v);
    }
}

/* Solo: the same three tiles by the one seat. The cross fires but gives no
** extra turn, so pass is never legal; with solo_extra_turn it does. */
static void test_solo_cross(void) {
    for (int extra = 0; extra < 2; extra++) {
        PulRules rules;
        pul_rules_default(&rules);
        rules.solo_extra_turn = extra;
        PulVariant *v = micropul_with(&rules);
        PulGame *g = faq(v, 1, 42);
        PulEvents ev;
        APPLY_OK(g, A_PLACE(42, 1, -1, 0), &ev);
        CHECK_INT(count_events(&ev, PUL_EV_ACTIVATED), 3);
        CHECK(activated(&ev, 1, 0, PUL_NE, F_CROSS));
        const PulEvent *d = find_event(&ev, PUL_EV_DREW);
        CHECK(d && d->count == 2);
        CHECK_INT(count_events(&ev, PUL_EV_EXTRA_TURN), extra);
        CHECK_INT(pul_game_to_move(g), 0);
        CHECK_INT(pul_game_in_extra_turn(g), extra);
        CHECK_INT(has_pass(g), extra);
        if (extra) {
            APPLY_OK(g, A_PASS(), &ev);
            CHECK(!pul_game_in_extra_turn(g));
        }
        CHECK_REFUSED(g, A_PASS(), PUL_R_NO_EXTRA_TURN);
        CHECK(!pul_game_over(g));
        pul_game_free(g);
        pul_variant_free(v);
    }
}

/* A 14-tile set for the end of the game: the start tile, then Micropul's
** 4 42 46 0 1 34 (seat 0), 12 2 3 5 6 7 (seat 1) and 8, ids 1-13 in this
** order. After the deal one tile is left in the core. */
static const int mini_ids[] = {40, 4, 42, 46, 0, 1, 34, 12, 2, 3, 5, 6, 7, 8};
enum { M4 = 1, M42 = 2, M46 = 3, M12 = 7, MINI_N = 14 };

static PulGame *mini_game(PulVariant **vout, int core_empty_end) {
    PulTileSet mp, ts;
    PulError err;
    *vout = NULL;
    if (pul_tileset_load_file(&mp, MICROPUL_TILES, &err) != PUL_OK) return NULL;
    ts = mp;
    snprintf(ts.name, sizeof ts.name, "mini");
    ts.ntiles = MINI_N;
    for (int i = 0; i < MINI_N; i++) ts.tile[i] = mp.tile[mini_ids[i]];
    ts.start = 0;
    PulRules rules;
    pul_rules_default(&rules);
    rules.core_empty_end = core_empty_end;
    PulVariant *v = pul_variant_new(NULL, &ts, &rules, &err);
    CHECK(v != NULL);
    if (!v) return NULL;
    *vout = v;
    uint8_t core[MINI_N - 1];
    for (int i = 0; i < MINI_N - 1; i++) core[i] = (uint8_t)(i + 1);
    PulGame *g = pul_game_new(v);
    CHECK_INT(pul_game_start(g, 2, 5, core, MINI_N - 1, &err), PUL_OK);
    CHECK_INT(pul_game_core_count(g), 1);
    /* The FAQ moves: 42 wants two tiles and gets the last one. */
    APPLY_OK(g, A_PLACE(M4, 1, 0, 1), NULL);
    APPLY_OK(g, A_PLACE(M12, 0, -1, 2), NULL);
    return g;
}

static void check_winners(const PulGame *g, int n, int w0, int w1) {
    int w[PUL_MAX_SEATS];
    CHECK_INT(pul_game_winners(g, w, PUL_MAX_SEATS), n);
    if (n > 0) CHECK_INT(w[0], w0);
    if (n > 1) CHECK_INT(w[1], w1);
}

static void check_scores(const PulGame *g, int s0, int s1) {
    int sc[2], rc[2];
    pul_game_scores(g, sc, (int)(sizeof sc / sizeof sc[0]));
    pul_game_scores_recount(g, rc, (int)(sizeof rc / sizeof rc[0]));
    CHECK_INT(sc[0], s0);
    CHECK_INT(sc[1], s1);
    CHECK(sc[0] == rc[0] && sc[1] == rc[1]);
}

static void test_core_empty_immediate(void) {
    PulVariant *v;
    PulGame *g = mini_game(&v, PUL_CORE_EMPTY_IMMEDIATE);
    if (!g) return;
    PulEvents ev;
    APPLY_OK(g, A_PLACE(M42, 1, -1, 0), &ev);
    const PulEvent *d = find_event(&ev, PUL_EV_DREW);
    CHECK(d && d->count == 1 && d->value == 2);
    CHECK_INT(count_events(&ev, PUL_EV_EXTRA_TURN), 0);
    const PulEvent *e = find_event(&ev, PUL_EV_GAME_OVER);
    CHECK(e && e->value == PUL_END_CORE_EMPTY && e->seat == -1);
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_CORE_EMPTY);
    CHECK_STR(pul_end_reason_code(pul_game_end_reason(g)), "core_empty");
    CHECK_INT(pul_game_loser(g), -1);
    CHECK(!pul_game_in_extra_turn(g));
    CHECK_INT(pul_game_core_count(g), 0);
    /* Seat 0: 4 in hand, 1 in supply; seat 1: 5 in hand. */
    check_scores(g, 4 + 2, 5);
    check_winners(g, 1, 0, -1);
    CHECK_REFUSED(g, A_PASS(), PUL_R_GAME_OVER);
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_core_empty_finish_turn(void) {
    PulVariant *v;
    PulGame *g = mini_game(&v, PUL_CORE_EMPTY_FINISH_TURN);
    if (!g) return;
    PulEvents ev;
    APPLY_OK(g, A_PLACE(M42, 1, -1, 0), &ev);
    CHECK_INT(count_events(&ev, PUL_EV_EXTRA_TURN), 1);
    CHECK(!pul_game_over(g));
    CHECK_INT(pul_game_core_count(g), 0);
    /* The extra turn earns another (the cross of (1,0) again). */
    APPLY_OK(g, A_PLACE(M46, 2, 0, 0), &ev);
    CHECK_INT(count_events(&ev, PUL_EV_EXTRA_TURN), 1);
    CHECK(!pul_game_over(g));
    APPLY_OK(g, A_PASS(), &ev);
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_CORE_EMPTY);
    CHECK_INT(count_events(&ev, PUL_EV_GAME_OVER), 1);
    /* 3 in hand and 1 in supply against 5 in hand: a shared win. */
    check_scores(g, 3 + 2, 5);
    check_winners(g, 2, 0, 1);
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_core_empty_finish_round(void) {
    PulVariant *v;
    PulGame *g = mini_game(&v, PUL_CORE_EMPTY_FINISH_ROUND);
    if (!g) return;
    PulEvents ev;
    APPLY_OK(g, A_PLACE(M42, 1, -1, 0), &ev);
    CHECK_INT(count_events(&ev, PUL_EV_EXTRA_TURN), 1);
    APPLY_OK(g, A_PLACE(M46, 2, 0, 0), &ev);
    APPLY_OK(g, A_PASS(), &ev);
    /* Seat 1 has not had its turn of this round yet. */
    CHECK(!pul_game_over(g));
    CHECK_INT(pul_game_to_move(g), 1);
    CHECK(!pul_game_in_extra_turn(g));
    APPLY_OK(g, A_CLAIM(PUL_SW, 0, 0), &ev);
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_CORE_EMPTY);
    check_scores(g, 3 + 2, 5);
    check_winners(g, 2, 0, 1);
    pul_game_free(g);
    pul_variant_free(v);
}

/* One tile each: seat 0 holds 0, seat 1 holds 12, tile 1 is next in the
** core. Seat 0 plays 0 turned twice (../.W) at (0,-1); seat 1 plays 12
** W./1. at (1,0), whose dot meets the start's black: it draws tile 1. Seat
** 0 then begins a turn with nothing in hand or supply. */
static PulGame *bare(PulVariant **vout, PulRules *rules, PulEvents *ev) {
    rules->hand_size = 1;
    *vout = micropul_with(rules);
    static const int prefix[] = {0, 12, 1};
    PulGame *g = scripted(*vout, 2, prefix, 3);
    APPLY_OK(g, A_PLACE(0, 0, -1, 2), ev);
    CHECK(!pul_game_over(g));
    APPLY_OK(g, A_PLACE(12, 1, 0, 0), ev);
    const PulEvent *d = find_event(ev, PUL_EV_DREW);
    CHECK(d && d->count == 1);
    return g;
}

static void test_no_tiles(void) {
    PulRules rules;
    pul_rules_default(&rules);
    PulVariant *v;
    PulEvents ev;
    PulGame *g = bare(&v, &rules, &ev);
    /* Seat 0 could still claim a group, but it has no tiles: it loses. */
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_NO_TILES);
    CHECK_INT(pul_game_loser(g), 0);
    const PulEvent *e = find_event(&ev, PUL_EV_GAME_OVER);
    CHECK(e && e->seat == 0 && e->value == PUL_END_NO_TILES);
    check_scores(g, 0, 2);
    check_winners(g, 1, 1, -1);
    pul_game_free(g);
    pul_variant_free(v);

    /* A losing seat never wins, even with the higher score. */
    pul_rules_default(&rules);
    rules.points_supply = -5;
    g = bare(&v, &rules, &ev);
    CHECK_INT(pul_game_loser(g), 0);
    check_scores(g, 0, -5);
    check_winners(g, 1, 1, -1);
    pul_game_free(g);
    pul_variant_free(v);

    /* Solo: the one tile placed, nothing drawn: the seat loses, nobody wins. */
    pul_rules_default(&rules);
    rules.hand_size = 1;
    v = micropul_with(&rules);
    static const int prefix[] = {0};
    g = scripted(v, 1, prefix, 1);
    APPLY_OK(g, A_PLACE(0, 0, -1, 2), &ev);
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_NO_TILES);
    CHECK_INT(pul_game_loser(g), 0);
    check_winners(g, 0, -1, -1);
    pul_game_free(g);
    pul_variant_free(v);
}

/* An extra turn is a turn: starting it with no tile loses too. Seat 0
** holds 4 and 36: 36 (big white, cross) at (1,-1) over 4 W+/BW fires its
** own cross and that of (1,0), draws nothing, and leaves seat 0 bare. */
static void test_no_tiles_in_extra_turn(void) {
    PulRules rules;
    pul_rules_default(&rules);
    rules.hand_size = 2;
    PulVariant *v = micropul_with(&rules);
    static const int prefix[] = {4, 36, 12, 0};
    PulGame *g = scripted(v, 2, prefix, 4);
    PulEvents ev;
    APPLY_OK(g, A_PLACE(4, 1, 0, 1), &ev);
    APPLY_OK(g, A_CLAIM(PUL_SW, 0, 0), &ev);
    APPLY_OK(g, A_PLACE(36, 1, -1, 0), &ev);
    CHECK_INT(count_events(&ev, PUL_EV_ACTIVATED), 2);
    CHECK_INT(count_events(&ev, PUL_EV_DREW), 0);
    CHECK_INT(count_events(&ev, PUL_EV_EXTRA_TURN), 1);
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_NO_TILES);
    CHECK_INT(pul_game_loser(g), 0);
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_no_action(void) {
    /* Without stones and with the no-tiles rule off, seat 0 has no action. */
    PulRules rules;
    pul_rules_default(&rules);
    rules.no_tiles_loses = false;
    rules.stones = 0;
    PulVariant *v;
    PulEvents ev;
    PulGame *g = bare(&v, &rules, &ev);
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_NO_ACTION);
    CHECK_STR(pul_end_reason_code(PUL_END_NO_ACTION), "no_action");
    CHECK_INT(pul_game_loser(g), 0);
    check_winners(g, 1, 1, -1);
    pul_game_free(g);
    pul_variant_free(v);

    /* With no_action_loses off the turn is skipped instead. */
    pul_rules_default(&rules);
    rules.no_tiles_loses = false;
    rules.no_action_loses = false;
    rules.stones = 0;
    g = bare(&v, &rules, &ev);
    CHECK(!pul_game_over(g));
    const PulEvent *e = find_event(&ev, PUL_EV_TURN_SKIPPED);
    CHECK(e && e->seat == 0);
    CHECK_INT(pul_game_to_move(g), 1);
    /* Seat 1 can only take its drawn tile. */
    PulAction acts[PUL_MAX_ACTIONS];
    CHECK_INT(pul_legal_actions(g, acts, PUL_MAX_ACTIONS), 1);
    CHECK_INT(acts[0].kind, PUL_TAKE);
    APPLY_OK(g, A_TAKE(PUL_NO_TILE), &ev);
    e = find_event(&ev, PUL_EV_TOOK);
    CHECK(e && e->tile == 1);
    CHECK_INT(count_events(&ev, PUL_EV_TURN_SKIPPED), 1);
    CHECK_INT(pul_game_to_move(g), 1);
    /* 1 B./.. at (0,1); then neither seat can act: the game ends, no loser. */
    APPLY_OK(g, A_PLACE(1, 0, 1, 0), &ev);
    CHECK_INT(count_events(&ev, PUL_EV_TURN_SKIPPED), 2);
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_NO_ACTION);
    CHECK_INT(pul_game_loser(g), -1);
    check_scores(g, 0, 0);
    check_winners(g, 2, 0, 1);
    pul_game_free(g);
    pul_variant_free(v);
}

/* Stones left but every group already carries one: that is no action.
** Both start groups are claimed, and the tiles 0 and 12 only add micropul
** to the claimed white group. */
static void test_stones_without_groups(void) {
    PulRules rules;
    pul_rules_default(&rules);
    rules.no_tiles_loses = false;
    rules.hand_size = 1;
    PulVariant *v = micropul_with(&rules);
    static const int prefix[] = {0, 12, 1};
    PulGame *g = scripted(v, 2, prefix, 3);
    APPLY_OK(g, A_CLAIM(PUL_NW, 0, 0), NULL);
    APPLY_OK(g, A_CLAIM(PUL_SW, 0, 0), NULL);
    APPLY_OK(g, A_PLACE(0, 0, -1, 2), NULL);
    CHECK(!pul_game_over(g));
    APPLY_OK(g, A_PLACE(12, 1, 0, 0), NULL);
    CHECK_INT(pul_game_stones(g, 0), 2);
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_NO_ACTION);
    CHECK_INT(pul_game_loser(g), 0);
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_winners_unfinished(void) {
    PulVariant *v = micropul_with(NULL);
    static const int prefix[] = {4, 42, 46, 0, 1, 34, 12, 2, 3, 5, 6, 7};
    PulGame *g = scripted(v, 2, prefix, 12);
    check_winners(g, 2, 0, 1); /* 6 and 6 */
    APPLY_OK(g, A_PLACE(4, 1, 0, 1), NULL);
    check_winners(g, 1, 1, -1); /* 5 and 6 */
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_chains);
    RUN(test_per_catalyst);
    RUN(test_solo_cross);
    RUN(test_core_empty_immediate);
    RUN(test_core_empty_finish_turn);
    RUN(test_core_empty_finish_round);
    RUN(test_no_tiles);
    RUN(test_no_tiles_in_extra_turn);
    RUN(test_no_action);
    RUN(test_stones_without_groups);
    RUN(test_winners_unfinished);
    return CHECK_DONE();
}
