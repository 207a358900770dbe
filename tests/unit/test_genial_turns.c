/*
** test_genial_turns.c: the turn of a Genial game (RULES-GENIAL.md): place,
** then refill or swap, in that order; the first round in its three modes and
** its fallback; refill and swap counts and when a swap is allowed; the three
** ends; the ranking with its tie-breaks and shared wins; teams on shared
** tracks; solo; snapshots, the action read back from the events, and what
** pul.h's Genial reads say of a game of another family.
*/
#include "check.h"
#include "genial_setup.h"

static const char *const DEAL2 = "rr gg bb oo yy pp / rg bo yp rg bo yp";
static const char *const DEAL4 = "rr gg bb oo yy pp / rg bo yp rg bo yp / rb ro rp gb go gp / "
                                 "by bp oy op yp rg";

static PulAction random_draw(int kind) {
    PulAction a = {(uint8_t)kind, PUL_NO_TILE, 0, 0, 0, 0};
    return a;
}

static void tracks_are(PulGame *g, int seat, const int *want) {
    int t[6];
    CHECK_INT(pul_genial_tracks(g, seat, t, 6), 6);
    for (int i = 0; i < 6; i++) CHECK_INT(t[i], want[i]);
}

/* Place first, then refill (or swap); then the next seat. */
static void test_phases(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g = fx_start(v, 2, DEAL2), *copy = pul_game_new(v);
    if (!g || !copy) goto done;
    CHECK_INT(pul_genial_bag(g), 108);
    CHECK_INT(pul_genial_rack(g, 0, NULL, 0), 6);
    CHECK_INT(pul_genial_track_end(g), 18);
    CHECK(!pul_genial_turn_end_due(g));
    CHECK_INT(fx_play(g, "+", NULL), PUL_R_PLACEMENT_DUE);
    CHECK_INT(fx_play(g, "x", NULL), PUL_R_PLACEMENT_DUE);
    PulEvents ev;
    CHECK_INT(fx_play(g, "pp@0,-4sw", &ev), PUL_LEGAL);
    CHECK_INT(ev.ev[0].kind, PUL_EV_PLACED);
    CHECK_INT(pul_genial_rack(g, 0, NULL, 0), 5);
    CHECK(pul_genial_turn_end_due(g));
    CHECK_INT(pul_game_to_move(g), 0);
    CHECK_INT(fx_play(g, "rr@0,0e", NULL), PUL_R_REFILL_DUE);
    CHECK_INT(fx_play(g, "+", NULL), PUL_R_BAD_DRAW);        /* one tile is due */
    CHECK_INT(fx_play(g, "+gg,bb", NULL), PUL_R_BAD_DRAW);
    CHECK_INT(fx_play(g, "+rg", &ev), PUL_LEGAL);
    CHECK_INT(pul_genial_rack(g, 0, NULL, 0), 6);
    CHECK_INT(pul_genial_bag(g), 107);
    CHECK_INT(pul_game_to_move(g), 1);
    CHECK(!pul_genial_turn_end_due(g));
    const PulEvent *e = st_event(&ev, PUL_EV_REFILLED, 0);
    CHECK(e && e->count == 1);
    e = st_event(&ev, PUL_EV_DREW, 0);
    CHECK(e && e->tile == fx_kind(v, "rg") && e->count == 1);
    /* seat 2 places, then draws at random: the action read back names the
    ** kind drawn, and replaying it leaves the same game, generator included */
    CHECK_INT(fx_play(g, "rg@5,-4w", NULL), PUL_LEGAL);
    pul_game_copy(copy, g);
    PulAction a = random_draw(PUL_REFILL);
    CHECK_INT(pul_check(g, &a), PUL_LEGAL);
    CHECK_INT(pul_apply(g, &a, &ev), PUL_LEGAL);
    uint8_t kinds[8], rack[8];
    CHECK_INT(ev.done.kind, PUL_REFILL);
    CHECK_INT(pul_action_draws(&ev.done, kinds, 8), 1);
    /* the rack keeps kind order, so the kind drawn is counted, not found last */
    uint8_t before[8];
    CHECK_INT(pul_genial_rack(copy, 1, before, 8), 5);
    CHECK_INT(pul_genial_rack(g, 1, rack, 8), 6);
    int had = 0, has = 0;
    for (int i = 0; i < 5; i++) had += before[i] == kinds[0];
    for (int i = 0; i < 6; i++) has += rack[i] == kinds[0];
    CHECK_INT(has, had + 1);
    for (int i = 1; i < 6; i++) CHECK(rack[i - 1] <= rack[i]);
    CHECK_INT(pul_apply(copy, &ev.done, NULL), PUL_LEGAL);
    CHECK(memcmp(copy, g, sizeof(GenialGame)) == 0);
    CHECK_INT(pul_game_turns(g), 4);
done:
    pul_game_free(copy);
    pul_game_free(g);
    pul_variant_free(v);
}

static PulGame *start_first(const char *edition, int first_round, int nseats, const char *deal,
                            PulVariant **v) {
    GenialRules r;
    fx_rules(edition, &r);
    r.first_round = first_round;
    *v = fx_variant_rules(&r);
    return *v ? fx_start(*v, nseats, deal) : NULL;
}

static int candidates(const PulGame *g) {
    uint64_t c[GENIAL_PAIR_WORDS];
    return genial_candidates(GGC(g), c);
}

/* The first round: distinct printed cells, any printed cell, or none. */
static void test_first_round(void) {
    PulVariant *v;
    PulGame *g = start_first("genial", GENIAL_FIRST_DISTINCT, 2, DEAL2, &v);
    if (!g) goto done;
    CHECK_INT(candidates(g), 54);
    CHECK_INT(fx_play(g, "rr@0,0e", NULL), PUL_R_FIRST_ROUND);
    CHECK_INT(fx_play(g, "pp@0,-4sw", NULL), PUL_LEGAL);
    CHECK_INT(fx_play(g, "+rg", NULL), PUL_LEGAL);
    /* seat 2 may not use purple's printed cell again: 5 x 9 pairs left */
    CHECK_INT(candidates(g), 45);
    CHECK_INT(fx_play(g, "yp@1,-5e", NULL), PUL_R_FIRST_ROUND);
    CHECK_INT(fx_play(g, "yp@1,-5sw", NULL), PUL_R_OCCUPIED);  /* occupied comes first */
    CHECK_INT(fx_play(g, "rg@5,-4w", NULL), PUL_LEGAL);
    CHECK_INT(fx_play(g, "+rg", NULL), PUL_LEGAL);
    /* after every seat's first: anywhere */
    CHECK_INT(candidates(g), GGC(g)->nempty);
    CHECK_INT(fx_play(g, "rr@0,0e", NULL), PUL_LEGAL);
    pul_game_free(g);
    pul_variant_free(v);

    /* a bonus placement is never a first placement */
    g = start_first("genial", GENIAL_FIRST_DISTINCT, 2, DEAL2, &v);
    if (!g) goto done;
    GG(g)->phase = GENIAL_BONUS;
    CHECK_INT(genial_first_need(GGC(g)), 0);
    CHECK_INT(fx_play(g, "rr@0,0e", NULL), PUL_LEGAL);
    pul_game_free(g);
    /* no pair left by a printed cell still free: the constraint falls away */
    g = fx_start(v, 2, DEAL2);
    if (!g) goto done;
    GG(g)->first_used = 0x3F;
    CHECK_INT(genial_first_need(GGC(g)), 0);
    CHECK_INT(candidates(g), 222);
    CHECK_INT(fx_play(g, "rr@0,0e", NULL), PUL_LEGAL);
    pul_game_free(g);
    pul_variant_free(v);

    /* any_printed: the second seat may touch purple too */
    g = start_first("genial", GENIAL_FIRST_ANY, 2, DEAL2, &v);
    if (!g) goto done;
    CHECK_INT(fx_play(g, "rr@0,0e", NULL), PUL_R_FIRST_ROUND);
    CHECK_INT(fx_play(g, "pp@0,-4sw", NULL), PUL_LEGAL);
    CHECK_INT(fx_play(g, "+rg", NULL), PUL_LEGAL);
    CHECK_INT(candidates(g), 48);   /* 54 less the 6 pairs through the tile's cells */
    CHECK_INT(fx_play(g, "yp@1,-5e", NULL), PUL_LEGAL);
    pul_game_free(g);
    pul_variant_free(v);

    /* none: anywhere from the start */
    g = start_first("genial", GENIAL_FIRST_NONE, 2, DEAL2, &v);
    if (!g) goto done;
    CHECK_INT(candidates(g), 222);
    CHECK_INT(fx_play(g, "rr@0,0e", NULL), PUL_LEGAL);
    pul_game_free(g);
    pul_variant_free(v);

    /* solo: distinct_printed is any_printed with one seat */
    g = start_first("genial-solo", GENIAL_FIRST_DISTINCT, 1, "rr", &v);
    if (!g) goto done;
    CHECK_INT(candidates(g), 54);
    CHECK_INT(fx_play(g, "rr@0,0e", NULL), PUL_R_FIRST_ROUND);
    CHECK_INT(fx_play(g, "rr@4,-4w", NULL), PUL_LEGAL);
done:
    pul_game_free(g);
    pul_variant_free(v);
}

/* A refill draws up to the rack's size or what the bag holds. */
static void test_refill_counts(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g = fx_start(v, 2, DEAL2);
    if (!g) goto done;
    CHECK_INT(fx_play(g, "pp@0,-4sw", NULL), PUL_LEGAL);
    st_rack(g, 0, "rr gg bb");
    st_bag(g, fx_kind(v, "rg"), 2);
    CHECK_INT(fx_play(g, "+rg", NULL), PUL_R_BAD_DRAW);
    CHECK_INT(fx_play(g, "+rg,rg,rg", NULL), PUL_R_BAD_DRAW);
    CHECK_INT(fx_play(g, "+rg,bo", NULL), PUL_R_BAD_DRAW);
    CHECK_INT(fx_play(g, "+rg,rg", NULL), PUL_LEGAL);
    CHECK_INT(pul_genial_rack(g, 0, NULL, 0), 5);
    CHECK_INT(pul_genial_bag(g), 0);
    /* an empty bag: only a bare refill */
    CHECK_INT(fx_play(g, "rg@5,-4w", NULL), PUL_LEGAL);
    CHECK_INT(fx_play(g, "+rg", NULL), PUL_R_BAD_DRAW);
    PulEvents ev;
    CHECK_INT(fx_play(g, "+", &ev), PUL_LEGAL);
    const PulEvent *e = st_event(&ev, PUL_EV_REFILLED, 0);
    CHECK(e && e->count == 0);
    CHECK_INT(pul_genial_rack(g, 1, NULL, 0), 5);
done:
    pul_game_free(g);
    pul_variant_free(v);
}

/* A swap: only when the rack shows none of the lowest tracks' symbols and the
** bag holds a rack; draws first, then the old rack goes back. */
static void test_swap(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g = fx_start(v, 2, DEAL2), *g0 = pul_game_new(v);
    if (!g || !g0) goto done;
    CHECK_INT(fx_play(g, "pp@0,-4sw", NULL), PUL_LEGAL);
    pul_game_copy(g0, g);
    /* rack rr gg bb oo yy; tracks r g b o y tied lowest at 0 */
    CHECK(!pul_genial_swap_allowed(g));
    CHECK_INT(fx_play(g, "x", NULL), PUL_R_NO_SWAP);
    int low_p[6] = {1, 1, 1, 1, 1, 0};
    st_tracks(g, 0, low_p);
    CHECK(pul_genial_swap_allowed(g));
    CHECK_INT(fx_play(g, "xbo,bo,bo,bo,yp", NULL), PUL_R_BAD_DRAW);      /* five, not six */
    CHECK_INT(fx_play(g, "xbo,bo,bo,bo,bo,yp", NULL), PUL_R_BAD_DRAW);   /* four bo in the bag */
    PulEvents ev;
    CHECK_INT(fx_play(g, "xbo,bo,bo,bo,yp,yp", &ev), PUL_LEGAL);
    CHECK_INT(pul_genial_bag(g), 108 - 6 + 5);
    uint8_t rack[8];
    CHECK_INT(pul_genial_rack(g, 0, rack, 8), 6);
    CHECK_INT(rack[0], fx_kind(v, "bo"));
    CHECK_INT(rack[5], fx_kind(v, "yp"));
    const PulEvent *e = st_event(&ev, PUL_EV_SWAPPED, 0);
    CHECK(e && e->count == 6);
    CHECK(st_event(&ev, PUL_EV_RETURNED, 4) != NULL && st_event(&ev, PUL_EV_RETURNED, 5) == NULL);
    CHECK_INT(GGC(g)->bag[fx_kind(v, "rr")], 5);   /* rr back: 4 + 1 */
    CHECK_INT(pul_game_to_move(g), 1);
    CHECK_INT(ev.done.kind, PUL_SWAP);
    CHECK_INT(pul_action_draws(&ev.done, NULL, 0), 6);

    /* tied lowest: red and green; the rack shows red */
    pul_game_copy(g, g0);
    int low_rg[6] = {0, 0, 1, 1, 1, 1};
    st_tracks(g, 0, low_rg);
    CHECK(!pul_genial_swap_allowed(g));
    st_rack(g, 0, "bb oo yy");
    CHECK(pul_genial_swap_allowed(g));
    /* a track at its end is not lowest, unless all are */
    int red_end[6] = {18, 5, 5, 5, 5, 5};
    st_tracks(g, 0, red_end);
    st_rack(g, 0, "rr gg");
    CHECK(!pul_genial_swap_allowed(g));
    st_rack(g, 0, "rr rr");
    CHECK(pul_genial_swap_allowed(g));
    int all_end[6] = {18, 18, 18, 18, 18, 18};
    st_tracks(g, 0, all_end);
    CHECK(!pul_genial_swap_allowed(g));
    /* an empty rack may swap */
    st_rack(g, 0, "");
    CHECK(pul_genial_swap_allowed(g));
    /* a bag with fewer than a rack may not */
    st_bag(g, fx_kind(v, "rg"), 5);
    CHECK(!pul_genial_swap_allowed(g));
    CHECK_INT(fx_play(g, "x", NULL), PUL_R_NO_SWAP);
    st_bag(g, fx_kind(v, "rg"), 6);
    PulAction a = random_draw(PUL_SWAP);
    CHECK_INT(pul_apply(g, &a, &ev), PUL_LEGAL);
    CHECK_INT(pul_genial_bag(g), 0);
    CHECK_INT(pul_genial_rack(g, 0, NULL, 0), 6);
    pul_game_free(g);
    pul_game_free(g0);
    g = g0 = NULL;
    pul_variant_free(v);

    /* swap never (solo) */
    v = fx_variant("genial-solo");
    g = fx_start(v, 1, "rr");
    if (!g) goto done;
    CHECK_INT(fx_play(g, "rr@4,-4w", NULL), PUL_LEGAL);
    CHECK(!pul_genial_swap_allowed(g));
    CHECK_INT(fx_play(g, "x", NULL), PUL_R_NO_SWAP);
done:
    pul_game_free(g0);
    pul_game_free(g);
    pul_variant_free(v);
}

/* Sudden death, a full board, a seat with no tile and an empty bag. */
static void test_ends(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g = fx_start(v, 2, DEAL2);
    if (!g) goto done;
    int near[6] = {18, 18, 18, 18, 18, 17};
    st_tracks(g, 0, near);
    PulEvents ev;
    CHECK_INT(fx_play(g, "pp@0,-4sw", &ev), PUL_LEGAL);
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_SUDDEN_DEATH);
    CHECK_INT(pul_game_to_move(g), 0);
    CHECK_INT(pul_genial_bonus_owed(g), 0);
    CHECK_INT(GGC(g)->bonus_owed, 0);
    const PulEvent *e = st_event(&ev, PUL_EV_GAME_OVER, 0);
    CHECK(e && e->value == PUL_END_SUDDEN_DEATH && e->seat == -1);
    CHECK_INT(fx_play(g, "+", NULL), PUL_R_GAME_OVER);
    int w[4];
    CHECK_INT(pul_game_winners(g, w, 4), 1);
    CHECK_INT(w[0], 0);
    pul_game_free(g);
    pul_variant_free(v);

    /* without sudden death the game goes on, with a bonus placement */
    GenialRules r;
    fx_rules("genial", &r);
    r.sudden_death = false;
    v = fx_variant_rules(&r);
    g = fx_start(v, 2, DEAL2);
    if (!g) goto done;
    st_tracks(g, 0, near);
    CHECK_INT(fx_play(g, "pp@0,-4sw", NULL), PUL_LEGAL);
    CHECK(!pul_game_over(g));
    CHECK_INT(pul_genial_bonus_owed(g), 1);
    pul_game_free(g);
    pul_variant_free(v);

    /* a full board: every cell of the area taken but (0,0) and (1,0); the
    ** first-round constraint falls away, and the tile ends the game */
    v = fx_variant("genial");
    g = fx_start(v, 2, DEAL2);
    if (!g) goto done;
    for (int q = -5; q <= 5; q++)
        for (int rr = -5; rr <= 5; rr++) {
            if (genial_distance(q, rr) > 5 || pul_genial_cell(g, q, rr) != -1) continue;
            if (rr == 0 && (q == 0 || q == 1)) continue;
            st_cell(g, q, rr, (q + 2 * rr + 40) % 6);
        }
    CHECK_INT(GGC(g)->nempty, 1);
    CHECK_INT(candidates(g), 1);
    CHECK_INT(fx_play(g, "rr@0,0e", &ev), PUL_LEGAL);
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_BOARD_FULL);
    CHECK_INT(pul_game_to_move(g), 0);
    CHECK_INT(candidates(g), 0);
    pul_game_free(g);

    /* no tile: the next seat's rack and the bag are empty */
    g = fx_start(v, 2, DEAL2);
    if (!g) goto done;
    CHECK_INT(fx_play(g, "pp@0,-4sw", NULL), PUL_LEGAL);
    st_rack(g, 1, "");
    st_bag(g, -1, 0);
    CHECK_INT(fx_play(g, "+", &ev), PUL_LEGAL);
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_NO_TILES);
    CHECK_INT(pul_game_to_move(g), 1);
    pul_game_free(g);
    /* an empty rack with tiles in the bag: its turn begins with the refill */
    g = fx_start(v, 2, DEAL2);
    if (!g) goto done;
    CHECK_INT(fx_play(g, "pp@0,-4sw", NULL), PUL_LEGAL);
    st_rack(g, 1, "");
    CHECK_INT(fx_play(g, "+rg", NULL), PUL_LEGAL);
    CHECK(!pul_game_over(g));
    CHECK(pul_genial_turn_end_due(g));
    CHECK_INT(fx_play(g, "+rg,rg,rg,rb,rb,rb", NULL), PUL_LEGAL);
    CHECK_INT(pul_game_to_move(g), 0);
    pul_game_free(g);
    pul_variant_free(v);

    /* solo: the bag runs out */
    v = fx_variant("genial-solo");
    g = fx_start(v, 1, "rr");
    if (!g) goto done;
    st_bag(g, -1, 0);
    CHECK_INT(fx_play(g, "rr@4,-4w", NULL), PUL_LEGAL);
    CHECK(!pul_game_over(g));
    CHECK_INT(fx_play(g, "+", NULL), PUL_LEGAL);
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_NO_TILES);
done:
    pul_game_free(g);
    pul_variant_free(v);
}

/* Sorted tracks compare from the lowest: ties go to the next-lowest, equal
** lists share the win; solo has none; a score is the lowest track. */
static void test_ranking(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g = fx_start(v, 3, "rr gg bb oo yy pp / rg bo yp rg bo yp / rb ro rp gb go gp");
    if (!g) goto done;
    int a[6] = {3, 3, 5, 9, 9, 7}, b[6] = {10, 3, 4, 10, 3, 10}, c[6] = {2, 40, 40, 40, 40, 40};
    st_tracks(g, 0, a);
    st_tracks(g, 1, b);
    st_tracks(g, 2, c);
    int s[3], w[3];
    CHECK_INT(pul_game_scores(g, s, 3), 3);
    CHECK_INT(s[0], 3);
    CHECK_INT(s[1], 3);
    CHECK_INT(s[2], 2);
    CHECK_INT(pul_game_winners(g, w, 3), 1);   /* 3 3 5 beats 3 3 4 at the third */
    CHECK_INT(w[0], 0);
    int a2[6] = {9, 7, 9, 5, 3, 3};            /* seat 2 equal to seat 1, reordered */
    st_tracks(g, 1, a2);
    CHECK_INT(pul_game_winners(g, w, 3), 2);
    CHECK_INT(w[0], 0);
    CHECK_INT(w[1], 1);
    PulScorePart part[4];
    CHECK_INT(pul_game_score_parts(g, 1, part, 4), 1);
    CHECK_INT(part[0].kind, PUL_SCORE_LOWEST_TRACK);
    CHECK_INT(part[0].count, 4);    /* yellow, the first of the lowest */
    CHECK_INT(part[0].points, 3);
    CHECK_INT(pul_game_score_parts(g, 3, part, 4), 0);
    CHECK_INT(pul_game_team(g, 2), 2);
    pul_game_free(g);
    pul_variant_free(v);

    v = fx_variant("genial-solo");
    g = fx_start(v, 1, "rr");
    if (!g) goto done;
    int t[6] = {20, 30, 21, 33, 36, 19};
    st_tracks(g, 0, t);
    CHECK_INT(pul_game_winners(g, w, 3), 0);
    CHECK_INT(pul_game_scores(g, s, 3), 1);
    CHECK_INT(s[0], 19);
    CHECK_INT(pul_genial_track_end(g), 36);
done:
    pul_game_free(g);
    pul_variant_free(v);
}

/* Teams: seats 1 and 3 score on one set of tracks, 2 and 4 on the other. */
static void test_teams(void) {
    PulVariant *v = fx_variant("genial-teams");
    PulGame *g = fx_start(v, 4, DEAL4);
    if (!g) goto done;
    CHECK_INT(pul_genial_track_end(g), 36);
    for (int s = 0; s < 4; s++) CHECK_INT(pul_game_team(g, s), s % 2);
    PulAction refill = random_draw(PUL_REFILL);
    CHECK_INT(fx_play(g, "pp@0,-4sw", NULL), PUL_LEGAL);
    CHECK_INT(pul_apply(g, &refill, NULL), PUL_LEGAL);
    CHECK_INT(fx_play(g, "rg@5,-4w", NULL), PUL_LEGAL);
    CHECK_INT(pul_apply(g, &refill, NULL), PUL_LEGAL);
    int t0[6] = {0, 0, 0, 0, 0, 1}, t1[6] = {1, 0, 0, 0, 0, 0};
    tracks_are(g, 2, t0);
    tracks_are(g, 3, t1);
    /* seat 3's green point moves team 1+3's green to the end: sudden death */
    int near[6] = {36, 35, 36, 36, 36, 36};
    st_tracks(g, 0, near);
    CHECK_INT(pul_game_to_move(g), 2);
    CHECK_INT(fx_play(g, "gb@4,0w", NULL), PUL_LEGAL);
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_SUDDEN_DEATH);
    int all[6] = {36, 36, 36, 36, 36, 36};
    tracks_are(g, 0, all);
    int w[4];
    CHECK_INT(pul_game_winners(g, w, 4), 2);
    CHECK_INT(w[0], 0);
    CHECK_INT(w[1], 2);
    /* racks stay each seat's own */
    CHECK_INT(pul_genial_rack(g, 2, NULL, 0), 5);
    CHECK_INT(pul_genial_rack(g, 0, NULL, 0), 6);
done:
    pul_game_free(g);
    pul_variant_free(v);
}

/* A snapshot puts a game back byte for byte; a refused action changes nothing. */
static void test_snapshot(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g = fx_start(v, 2, NULL), *before = pul_game_new(v);
    if (!g || !before) goto done;
    PulRng rng;
    pul_rng_seed(&rng, 7);
    static unsigned char buf[PUL_SNAPSHOT_MAX];
    for (int i = 0; i < 60 && !pul_game_over(g); i++) {
        pul_game_copy(before, g);
        size_t n = genial_snapshot(g, buf);
        CHECK(n <= GENIAL_SNAPSHOT_MAX);
        PulAction a = random_draw(PUL_REFILL);
        if (!pul_genial_turn_end_due(g)) {
            /* the first candidate pair with the first rack kind */
            const GenialGame *gg = GGC(g);
            uint64_t c[GENIAL_PAIR_WORDS];
            genial_candidates(gg, c);
            int id = 0;
            while (!(c[id / 64] >> (id % 64) & 1)) id++;
            const GenialArea *ar = genial_area(gg);
            a = (PulAction){PUL_PLACE, gg->rack[gg->h.to_move][0], ar->pair_dir[id], 0,
                            GV(gg)->cell_q[ar->pair_a[id]], GV(gg)->cell_r[ar->pair_a[id]]};
        }
        PulAction bad = {PUL_PLACE, 0, 0, 0, 99, 99};
        pul_apply(g, &bad, NULL);
        CHECK(memcmp(before, g, sizeof(GenialGame)) == 0);
        CHECK_INT(pul_apply(g, &a, NULL), PUL_LEGAL);
        genial_restore(g, buf);
        CHECK(memcmp(before, g, sizeof(GenialGame)) == 0);
        CHECK_INT(pul_apply(g, &a, NULL), PUL_LEGAL);
    }
    PulBounds b;
    CHECK(pul_game_bounds(g, &b));
    CHECK(b.minx == -5 && b.maxx == 5 && b.miny == -5 && b.maxy == 5);
    PulGenialPlaced placed[128];
    int n = pul_genial_placed(g, placed, 128);
    CHECK(n > 0);
    for (int i = 0; i < n; i++)
        CHECK(pul_genial_cell(g, placed[i].q, placed[i].r) >= 0);
done:
    pul_game_free(before);
    pul_game_free(g);
    pul_variant_free(v);
}

/* Starts: seat counts, deals checked, a shuffled deal; variants refused. */
static void test_start_and_make(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g = pul_game_new(v);
    uint8_t deal[64];
    PulError err;
    if (!g) goto done;
    CHECK(pul_game_start(g, 5, 1, NULL, 0, &err) != PUL_OK);
    int n = fx_deal(v, "rr gg bb oo yy / rg bo yp rg bo yp", deal, 64);
    CHECK(pul_game_start(g, 2, 1, deal, n, &err) != PUL_OK);
    CHECK_STR(err.code, "pmn-tag");
    n = fx_deal(v, "rr rr rr rr rr rr / rr bo yp rg bo yp", deal, 64);  /* 7 rr of 5 */
    CHECK(pul_game_start(g, 2, 1, deal, n, &err) != PUL_OK);
    n = fx_deal(v, "rr gg bb oo yy pp", deal, 64);
    CHECK(pul_game_start(g, 2, 1, deal, n, &err) != PUL_OK);
    CHECK_INT(pul_game_start(g, 3, 99, NULL, 0, &err), PUL_OK);
    int total = pul_genial_bag(g);
    for (int s = 0; s < 3; s++) total += pul_genial_rack(g, s, NULL, 0);
    CHECK_INT(total, 120);
    CHECK_INT(pul_genial_bag(g), 102);
    pul_variant_free(v);
    v = NULL;

    GenialRules r;
    fx_rules("genial", &r);
    r.max_players = 5;   /* the board has no area for 5 */
    PulSymbolSet ss;
    PulBoard b;
    fx_symbols(&ss);
    fx_board(&b);
    FamilyData data = {NULL, &ss, &b};
    CHECK(genial_variant_new(&fx_family, "x", &data, &r, &err) == NULL);
    CHECK_STR(err.code, "out-of-range");
    fx_rules("genial", &r);
    r.teams = GENIAL_TEAMS_ALTERNATE;
    r.min_players = 3;                  /* alternate teams need even seat counts */
    CHECK(genial_variant_new(&fx_family, "x", &data, &r, &err) == NULL);
    CHECK_STR(err.code, "out-of-range");
    r.min_players = 2;                  /* 2 to 4: a game of 3 is refused at its start */
    v = genial_variant_new(&fx_family, "x", &data, &r, &err);
    CHECK(v != NULL);
    PulGame *g3 = v ? pul_game_new(v) : NULL;
    CHECK(g3 && pul_game_start(g3, 3, 1, NULL, 0, &err) == PUL_ERR_RANGE);
    CHECK(g3 && pul_game_start(g3, 4, 1, NULL, 0, &err) == PUL_OK);
    pul_game_free(g3);
    pul_variant_free(v);
    v = NULL;
    fx_rules("genial", &r);
    ss.kind[3].count = 200;
    CHECK(genial_variant_new(&fx_family, "x", &data, &r, &err) == NULL);
    CHECK_STR(err.code, "too-large");
    v = genial_variant_new(&fx_family, "x", &data, NULL, &err);
    CHECK(v == NULL);
    fx_symbols(&ss);
    v = genial_variant_new(&fx_family, "x", &data, NULL, &err);
    CHECK(v != NULL);
    CHECK(pul_variant_board(v) != NULL && pul_variant_board(v)->radius == 7);
    CHECK(pul_variant_symbols(v) != NULL && pul_variant_symbols(v)->nkinds == 21);
    int lo, hi;
    pul_variant_players(v, &lo, &hi);
    CHECK(lo == 2 && hi == 4);
    CHECK_INT(pul_variant_rule(v, GENIAL_P_TRACK_MAX), 18);
    CHECK_INT(genial_param_find("first_round"), GENIAL_P_FIRST_ROUND);
    CHECK_INT(genial_param(GENIAL_P_SWAP)->max, 1);
done:
    pul_game_free(g);
    pul_variant_free(v);
}

/* pul.h's Genial reads of another family's game or variant. */
static void test_other_family(void) {
    static const Family other = {.name = "other"};
    PulVariant v;
    memset(&v, 0, sizeof v);
    v.fam = &other;
    /* A Genial game's room, though only the header is used: with LTO, gcc inlines the
    ** reads and, not seeing that they stop at the family check, warns of a read past a
    ** bare header's end. */
    static union {
        PulGame h;
        GenialGame room;
    } other_game;
    PulGame *g = &other_game.h;
    g->v = &v;
    g->fam = &other;
    g->started = 1;
    g->nseats = 2;
    CHECK(pul_variant_board(&v) == NULL);
    CHECK(pul_variant_symbols(&v) == NULL);
    CHECK_INT(pul_genial_cell(g, 0, 0), -2);
    CHECK(!pul_genial_is_printed(g, 5, 0));
    int t[6];
    uint8_t k[8];
    PulGenialPlaced p[2];
    CHECK_INT(pul_genial_tracks(g, 0, t, 6), 0);
    CHECK_INT(pul_genial_track_end(g), 0);
    CHECK_INT(pul_genial_rack(g, 0, k, 8), 0);
    CHECK_INT(pul_genial_bag(g), 0);
    CHECK_INT(pul_genial_bonus_owed(g), 0);
    CHECK(!pul_genial_turn_end_due(g));
    CHECK(!pul_genial_swap_allowed(g));
    CHECK_INT(pul_genial_placed(g, p, 2), 0);
    PulAction a = {PUL_PLACE, 0, 0, 0, 0, 0};
    int pts[2];
    CHECK(!pul_genial_points(g, &a, pts));
    CHECK(genial_game(NULL) == NULL);
}

/* A random action of the seat to move, either spelling of a placement. */
static PulAction random_action(const PulGame *pg, PulRng *rng) {
    const GenialGame *g = GGC(pg);
    if (g->phase == GENIAL_END) {
        PulAction a = random_draw(genial_swap_allowed(g) && pul_rng_below(rng, 2) ? PUL_SWAP
                                                                                   : PUL_REFILL);
        return a;
    }
    uint64_t c[GENIAL_PAIR_WORDS];
    int n = genial_candidates(g, c), pick = (int)pul_rng_below(rng, (uint32_t)n), id = 0;
    for (;; id++)
        if ((c[id / 64] >> (id % 64) & 1) && pick-- == 0) break;
    const GenialArea *ar = genial_area(g);
    const GenialVariant *v = GV(g);
    int seat = g->h.to_move, k = g->rack[seat][pul_rng_below(rng, g->nrack[seat])];
    int flip = v->kind_sym[k][0] == v->kind_sym[k][1] ? 0 : (int)pul_rng_below(rng, 2);
    int from = ar->pair_a[id], dir = ar->pair_dir[id];
    if (pul_rng_below(rng, 2)) {
        from = ar->pair_b[id];
        dir = genial_opposite(dir);
    }
    PulAction a = {PUL_PLACE, (uint8_t)k, (uint8_t)dir, (uint8_t)flip, v->cell_q[from],
                   v->cell_r[from]};
    return a;
}

/* What every position keeps: each kind's tiles in the bag, on racks or on
** the board; the empty pair count; tracks within their end. */
static void invariants(const PulGame *pg) {
    const GenialGame *g = GGC(pg);
    const GenialVariant *v = GV(g);
    int count[GENIAL_MAX_KINDS] = {0}, bag = 0;
    for (int k = 0; k < v->nkinds; k++) count[k] = g->bag[k], bag += g->bag[k];
    CHECK_INT(bag, g->bag_n);
    for (int s = 0; s < g->h.nseats; s++)
        for (int i = 0; i < g->nrack[s]; i++) count[g->rack[s][i]]++;
    for (int i = 0; i < g->nplaced; i++) count[g->placed[i].kind]++;
    for (int k = 0; k < v->nkinds; k++) CHECK_INT(count[k], v->kind_count[k]);
    const GenialArea *ar = genial_area(g);
    int empty = 0, bits = 0;
    for (int id = 0; id < ar->npairs; id++) empty += !g->cell[ar->pair_a[id]] && !g->cell[ar->pair_b[id]];
    for (int w = 0; w < GENIAL_PAIR_WORDS; w++) bits += popcount64(g->empty[w]);
    CHECK_INT(g->nempty, empty);
    CHECK_INT(bits, empty);
    for (int t = 0; t < g->nteams; t++)
        for (int s = 0; s < v->nsym; s++)
            CHECK(g->track[t][s] >= 0 && g->track[t][s] <= genial_track_end(&g->rules));
    CHECK(g->h.over || g->phase != GENIAL_BONUS || g->bonus_owed > 0);
}

/* Random games of each edition end by the rules, keeping the invariants. */
static void test_random_games(void) {
    static const struct { const char *edition; int seats; } eds[] = {
        {"genial", 2}, {"genial", 3}, {"genial", 4}, {"genial-teams", 4}, {"genial-solo", 1}};
    for (size_t e = 0; e < sizeof eds / sizeof eds[0]; e++) {
        PulVariant *v = fx_variant(eds[e].edition);
        PulGame *g = v ? pul_game_new(v) : NULL;
        PulRng rng;
        pul_rng_seed(&rng, 1234 + e);
        int ends[PUL_END_COUNT] = {0};
        for (int game = 0; g && game < 40; game++) {
            PulError err;
            CHECK_INT(pul_game_start(g, eds[e].seats, (uint64_t)game, NULL, 0, &err), PUL_OK);
            int failures = check_failures;
            while (!pul_game_over(g) && check_failures == failures) {
                PulAction a = random_action(g, &rng);
                CHECK_INT(pul_check(g, &a), PUL_LEGAL);
                CHECK_INT(pul_apply(g, &a, NULL), PUL_LEGAL);
                invariants(g);
            }
            ends[pul_game_end_reason(g)]++;
            CHECK(pul_game_turns(g) < 400 && pul_game_turns(g) > 20);
        }
        CHECK_INT(ends[PUL_END_BOARD_FULL] + ends[PUL_END_SUDDEN_DEATH] + ends[PUL_END_NO_TILES], 40);
        pul_game_free(g);
        pul_variant_free(v);
    }
}

int main(void) {
    RUN(test_random_games);
    RUN(test_phases);
    RUN(test_first_round);
    RUN(test_refill_counts);
    RUN(test_swap);
    RUN(test_ends);
    RUN(test_ranking);
    RUN(test_teams);
    RUN(test_snapshot);
    RUN(test_start_and_make);
    RUN(test_other_family);
    return CHECK_DONE();
}
