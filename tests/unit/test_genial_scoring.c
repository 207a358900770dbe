/*
** test_genial_scoring.c: how a Genial placement scores (RULES-GENIAL.md):
** runs of like symbols in five directions from each half, printed cells
** counting, lines stopping at the play area's edge; a double's halves in the
** order that leaves its track higher; track ends and segments; bonus
** placements earned, accumulated in a chain, and lost to an empty rack.
*/
#include "check.h"
#include "genial_setup.h"

static const char *const DEAL2 = "rr gg bb oo yy pp / rg bo yp rg bo yp";

static PulVariant *variant_with(const char *edition, int first_round, int segments) {
    GenialRules r;
    fx_rules(edition, &r);
    r.first_round = first_round;
    r.segments = segments;
    return fx_variant_rules(&r);
}

static void points_of(PulGame *g, const char *move, int want0, int want1) {
    PulAction a;
    int pts[2] = {-1, -1};
    CHECK(fx_action(g->v, move, &a));
    CHECK(pul_genial_points(g, &a, pts));
    CHECK_INT(pts[0], want0);
    CHECK_INT(pts[1], want1);
}

/* Runs in each direction, stopping at an empty cell or another symbol. */
static void test_rays(void) {
    PulVariant *v = variant_with("genial", GENIAL_FIRST_NONE, 1);
    PulGame *g = fx_start(v, 2, DEAL2);
    if (!g) goto done;
    st_cell(g, 1, 0, 0);
    st_cell(g, 2, 0, 0);
    st_cell(g, 3, 0, 0);
    st_cell(g, 4, 0, 2);      /* blue: the red run ends before it */
    st_cell(g, -1, 1, 0);     /* sw of (0, 0)... */
    st_cell(g, -3, 3, 0);     /* ... with a gap: only (-1, 1) counts */
    /* r on (0,0): e 3, sw 1; r on (0,1): ne (1,0) 1, w (-1,1) 1 */
    points_of(g, "rr@0,0se", 4, 2);
    /* the same tile written from its other cell: halves swap */
    points_of(g, "rr@0,1nw", 2, 4);
    /* a symbol that is not red scores nothing there */
    points_of(g, "gg@0,0se", 0, 0);
    PulEvents ev;
    CHECK_INT(fx_play(g, "rr@0,0se", &ev), PUL_LEGAL);
    CHECK_INT(pul_genial_tracks(g, 0, NULL, 0), 6);
    int t[6];
    pul_genial_tracks(g, 0, t, 6);
    CHECK_INT(t[0], 6);
    const PulEvent *e = st_event(&ev, PUL_EV_SCORED, 0);
    CHECK(e && e->quad == 0 && e->count == 4 && e->x == 0 && e->y == 0 && e->feature == 0);
    e = st_event(&ev, PUL_EV_SCORED, 1);
    CHECK(e && e->quad == 1 && e->count == 2 && e->value == 6);
    /* seat 2 next: r on (1,1) sees nw (1,0), w (0,1) (-1,1), ne (2,0); the
    ** placed tile's own halves count for the next tile like any */
    CHECK_INT(fx_play(g, "+rg", NULL), PUL_LEGAL);
    points_of(g, "rg@1,1e", 4, 0);
done:
    pul_game_free(g);
    pul_variant_free(v);
}

/* Printed cells score like a half; lines stop at the play area's edge. */
static void test_printed_and_edge(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g2 = fx_start(v, 2, DEAL2);
    PulGame *g4 = fx_start(v, 4, "rr gg bb oo yy pp / rg bo yp rg bo yp / rb ro rp gb go gp / "
                                 "by bp oy op yp rg");
    if (!g2 || !g4) goto done;
    /* g on (4,0) looks e at the printed green (5,0) */
    points_of(g2, "gg@4,0w", 1, 0);
    points_of(g4, "gg@4,0w", 1, 0);
    /* (6,0) green: outside the 2-seat area (radius 5), inside the 4-seat one */
    GG(g2)->cell[genial_cell_at(GV(GGC(g2)), 6, 0)] = 2;
    st_cell(g4, 6, 0, 1);
    points_of(g2, "gg@4,0w", 1, 0);
    points_of(g4, "gg@4,0w", 2, 0);
    /* the two areas' cells */
    CHECK_INT(pul_genial_cell(g2, 6, 0), -2);
    CHECK_INT(pul_genial_cell(g4, 6, 0), 1);
    CHECK_INT(pul_genial_cell(g2, 5, 0), 1);
    CHECK(pul_genial_is_printed(g2, 5, 0));
    CHECK(!pul_genial_is_printed(g2, 4, 0));
    CHECK_INT(pul_genial_cell(g2, 4, 0), -1);
    /* a printed cell is occupied */
    PulAction a;
    CHECK(fx_action(v, "gg@5,0w", &a));
    CHECK_INT(pul_check(g2, &a), PUL_R_OCCUPIED);
    CHECK(fx_action(v, "gg@5,1e", &a));   /* (6,1) is outside radius 5 */
    CHECK_INT(pul_check(g2, &a), PUL_R_OFF_BOARD);
    CHECK(fx_action(v, "gg@7,-1sw", &a)); /* (7,-1) outside radius 5: its neighbour too */
    CHECK_INT(pul_check(g2, &a), PUL_R_OFF_BOARD);
    CHECK(fx_action(v, "gg@40000,-1sw", &a));
    CHECK_INT(pul_check(g2, &a), PUL_R_OFF_BOARD);
done:
    pul_game_free(g2);
    pul_game_free(g4);
    pul_variant_free(v);
}

/* A track reaches a segment end at most once per half, stops there, and
** goes on from it on a later segment; nothing passes the final end. */
static void test_advance(void) {
    GenialRules r;
    genial_rules_default(&r);
    int hit;
    CHECK_INT(genial_advance(&r, 10, 7, &hit), 17);
    CHECK_INT(hit, 0);
    CHECK_INT(genial_advance(&r, 10, 8, &hit), 18);
    CHECK_INT(hit, 1);
    CHECK_INT(genial_advance(&r, 10, 20, &hit), 18);
    CHECK_INT(hit, 1);
    CHECK_INT(genial_advance(&r, 18, 5, &hit), 18);
    CHECK_INT(hit, 0);
    CHECK_INT(genial_advance(&r, 17, 0, &hit), 17);
    CHECK_INT(hit, 0);
    r.segments = 2;
    CHECK_INT(genial_advance(&r, 18, 5, &hit), 23);
    CHECK_INT(hit, 0);
    CHECK_INT(genial_advance(&r, 15, 30, &hit), 18);
    CHECK_INT(hit, 1);
    CHECK_INT(genial_advance(&r, 30, 10, &hit), 36);
    CHECK_INT(hit, 1);
    CHECK_INT(genial_advance(&r, 36, 10, &hit), 36);
    CHECK_INT(hit, 0);
    r.segments = 3;
    r.track_max = 5;
    CHECK_INT(genial_advance(&r, 5, 5, &hit), 10);
    CHECK_INT(hit, 1);
    CHECK_INT(genial_advance(&r, 12, 2, &hit), 14);
    CHECK_INT(hit, 0);
    CHECK_INT(genial_track_end(&r), 15);
}

/* A double's halves go on one track in the order that leaves it higher;
** on equal results the half written first goes first. */
static void test_double_order(void) {
    for (int segs = 1; segs <= 2; segs++) {
        PulVariant *v = variant_with("genial", GENIAL_FIRST_NONE, segs);
        for (int spelling = 0; spelling < 2; spelling++) {
            PulGame *g = fx_start(v, 2, DEAL2);
            if (!g) continue;
            for (int q = -1; q >= -4; q--) st_cell(g, q, 0, 0);
            st_cell(g, 0, -1, 0);
            st_cell(g, 2, 0, 0);
            int tr[6] = {15, 0, 0, 0, 0, 0};
            st_tracks(g, 0, tr);
            /* r on (0,0) scores 5 (w 4, nw 1), r on (1,0) scores 1 (e) */
            const char *mv = spelling ? "rr@1,0w" : "rr@0,0e";
            int p0 = spelling ? 1 : 5, p1 = spelling ? 5 : 1;
            points_of(g, mv, p0, p1);
            PulEvents ev;
            CHECK_INT(fx_play(g, mv, &ev), PUL_LEGAL);
            const PulEvent *a = st_event(&ev, PUL_EV_SCORED, 0), *b = st_event(&ev, PUL_EV_SCORED, 1);
            CHECK(a && b);
            if (!a || !b) continue;
            int t[6];
            pul_genial_tracks(g, 0, t, 6);
            if (segs == 2) {
                /* 5 first: 18 (an end), then 19; 1 first: 16, then 18 */
                CHECK_INT(t[0], 19);
                CHECK_INT(a->count, 5);
                CHECK_INT(a->quad, spelling ? 1 : 0);
                CHECK_INT(a->value, 18);
                CHECK_INT(a->tile, 1);
                CHECK_INT(b->value, 19);
                CHECK_INT(b->tile, 0);
            } else {
                /* 18 either way: the written order */
                CHECK_INT(t[0], 18);
                CHECK_INT(a->quad, 0);
                CHECK_INT(a->count, p0);
            }
            /* one end reached either way: one bonus placement */
            CHECK_INT(pul_genial_bonus_owed(g), 1);
            pul_game_free(g);
        }
        pul_variant_free(v);
    }
}

/* Two ends in one tile owe two placements; a bonus placement reaching an end
** owes one more; they run out one at a time; an empty rack loses the rest. */
static void test_bonus_chain_and_loss(void) {
    PulVariant *v = variant_with("genial", GENIAL_FIRST_NONE, 1);
    PulGame *g = fx_start(v, 2, DEAL2);
    if (!g) goto done;
    st_rack(g, 0, "gy rr bb oo pp gg");
    st_cell(g, -1, 0, 1); /* green w of (0,0) */
    st_cell(g, 2, 0, 4);  /* yellow e of (1,0) */
    st_cell(g, -2, -2, 0); /* red, for the chain */
    int tr[6] = {17, 17, 0, 0, 17, 0};
    st_tracks(g, 0, tr);
    PulEvents ev;
    CHECK_INT(fx_play(g, "gy@0,0e", &ev), PUL_LEGAL);
    const PulEvent *e = st_event(&ev, PUL_EV_BONUS, 0);
    CHECK(e && e->count == 2);
    CHECK_INT(pul_genial_bonus_owed(g), 2);
    CHECK(!pul_genial_turn_end_due(g));
    CHECK_INT(pul_game_to_move(g), 0);
    /* a refill is refused while placements are owed */
    CHECK_INT(fx_play(g, "+", NULL), PUL_R_PLACEMENT_DUE);
    /* a bonus placement that reaches red's end: 2 - 1 + 1 */
    CHECK_INT(fx_play(g, "rr@-2,-1se", &ev), PUL_LEGAL);
    CHECK_INT(pul_genial_bonus_owed(g), 2);
    CHECK_INT(fx_play(g, "bb@3,-3e", &ev), PUL_LEGAL);
    CHECK_INT(pul_genial_bonus_owed(g), 1);
    CHECK_INT(fx_play(g, "oo@-3,3e", &ev), PUL_LEGAL);
    CHECK_INT(pul_genial_bonus_owed(g), 0);
    CHECK(st_event(&ev, PUL_EV_BONUS, 0) == NULL);
    CHECK(pul_genial_turn_end_due(g));
    CHECK_INT(fx_play(g, "pp@-4,4e", NULL), PUL_R_REFILL_DUE);
    pul_game_free(g);

    /* the same two ends from the last tile of a rack: both lost */
    g = fx_start(v, 2, DEAL2);
    if (!g) goto done;
    st_rack(g, 0, "gy");
    st_cell(g, -1, 0, 1);
    st_cell(g, 2, 0, 4);
    st_tracks(g, 0, tr);
    CHECK_INT(fx_play(g, "gy@0,0e", &ev), PUL_LEGAL);
    e = st_event(&ev, PUL_EV_BONUS_LOST, 0);
    CHECK(e && e->count == 2);
    CHECK(st_event(&ev, PUL_EV_BONUS, 0) == NULL);
    CHECK_INT(pul_genial_bonus_owed(g), 0);
    CHECK(pul_genial_turn_end_due(g));
    pul_game_free(g);
    pul_variant_free(v);

    /* bonus false: ends give nothing */
    GenialRules r;
    fx_rules("genial", &r);
    r.first_round = GENIAL_FIRST_NONE;
    r.bonus = false;
    v = fx_variant_rules(&r);
    g = fx_start(v, 2, DEAL2);
    if (!g) goto done;
    st_rack(g, 0, "gy rr");
    st_cell(g, -1, 0, 1);
    st_cell(g, 2, 0, 4);
    st_tracks(g, 0, tr);
    CHECK_INT(fx_play(g, "gy@0,0e", &ev), PUL_LEGAL);
    CHECK(st_event(&ev, PUL_EV_BONUS, 0) == NULL);
    CHECK(pul_genial_turn_end_due(g));
done:
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_rays);
    RUN(test_printed_and_edge);
    RUN(test_advance);
    RUN(test_double_order);
    RUN(test_bonus_chain_and_loss);
    return CHECK_DONE();
}
