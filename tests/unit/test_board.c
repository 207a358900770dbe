/*
** test_board.c: cells and the frontier: legal placements at the start
** counted by hand, and far coordinates that alias on the 64x64 torus grid.
*/
#include "game_util.h"

/* Seat 0 holds 0 W./.., 1 B./.., 46 WW/WW, 42 big W 1, 41 BB/WW, 34 WB/BW.
** Around the start tile WW/BB the open cells show: (0,-1) W W to its sw se;
** (0,1) B B to its nw ne; (1,0) W to its nw, B to its sw; (-1,0) W to its
** ne, B to its se. Counting by hand the layouts that attach without a
** colour conflict:
**   0:  (0,-1) W at sw or se: 2; (1,0) W at nw: 1; (-1,0) W at ne: 1 -> 4
**   1:  (0,1) B at nw or ne: 2; (1,0) B at sw: 1; (-1,0) B at se: 1 -> 4
**   46: only (0,-1) -> 1;  42 (big, one layout): only (0,-1) -> 1
**   41 BB/WW (4 layouts): BB/WW at (0,-1) and (0,1), WW/BB at (1,0) and
**      (-1,0) -> 4
**   34 WB/BW (2 layouts: WB/BW, BW/WB): WB/BW at (1,0), BW/WB at (-1,0) -> 2
** 16 placements; with the two unclaimed groups of the start tile, 18 actions. */
static void test_start_placements(void) {
    PulVariant *v = micropul_with(NULL);
    static const int prefix[] = {0, 1, 46, 42, 41, 34, 12, 2, 3, 5, 6, 7};
    PulGame *g = scripted(v, 2, prefix, 12);
    CHECK_INT(pul_legal_placements(g, NULL, 0), 16);
    PulAction acts[PUL_MAX_ACTIONS];
    int n = pul_legal_actions(g, acts, PUL_MAX_ACTIONS);
    CHECK_INT(n, 18);
    int per_tile[48] = {0}, claims = 0, takes = 0, passes = 0;
    for (int i = 0; i < n; i++) {
        if (acts[i].kind == PUL_PLACE) per_tile[acts[i].tile]++;
        claims += acts[i].kind == PUL_CLAIM;
        takes += acts[i].kind == PUL_TAKE;
        passes += acts[i].kind == PUL_PASS;
        CHECK_INT(pul_check(g, &acts[i]), PUL_LEGAL);
    }
    CHECK_INT(per_tile[0], 4);
    CHECK_INT(per_tile[1], 4);
    CHECK_INT(per_tile[46], 1);
    CHECK_INT(per_tile[42], 1);
    CHECK_INT(per_tile[41], 4);
    CHECK_INT(per_tile[34], 2);
    CHECK_INT(claims, 2);
    CHECK_INT(takes, 0);
    CHECK_INT(passes, 0);
    /* The ones named above, each once, at its lowest rotation. */
    static const struct {
        int tile, x, y, rot;
    } expect[] = {
        {0, 0, -1, 2}, {0, 0, -1, 3}, {0, 1, 0, 0},  {0, -1, 0, 1},  {1, 0, 1, 0},
        {1, 0, 1, 1},  {1, 1, 0, 3},  {1, -1, 0, 2}, {46, 0, -1, 0}, {42, 0, -1, 0},
        {41, 0, -1, 0}, {41, 0, 1, 0}, {41, 1, 0, 2}, {41, -1, 0, 2}, {34, 1, 0, 0},
        {34, -1, 0, 1},
    };
    for (size_t k = 0; k < sizeof expect / sizeof *expect; k++) {
        int found = 0;
        for (int i = 0; i < n; i++)
            found += acts[i].kind == PUL_PLACE && acts[i].tile == expect[k].tile &&
                     acts[i].x == expect[k].x && acts[i].y == expect[k].y &&
                     acts[i].rot == expect[k].rot;
        if (found != 1)
            fprintf(stderr, "  %d@%d,%dr%d listed %d times\n", expect[k].tile, expect[k].x,
                    expect[k].y, expect[k].rot, found);
        CHECK_INT(found, 1);
    }
    /* 34 in rotation 2 is the same layout as rotation 0: legal, not listed. */
    PulAction a = A_PLACE(34, 1, 0, 2);
    CHECK_INT(pul_check(g, &a), PUL_LEGAL);
    /* The limit on the output is respected, the count is not cut. */
    PulAction few[3];
    CHECK_INT(pul_legal_actions(g, few, 3), 18);
    CHECK_INT(pul_legal_placements(g, few, 2), 16);
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_cells(void) {
    PulVariant *v = micropul_with(NULL);
    static const int prefix[] = {4, 42, 46, 0, 1, 34, 12, 2, 3, 5, 6, 7};
    PulGame *g = scripted(v, 2, prefix, 12);
    int t = -1, r = -1;
    CHECK(pul_game_cell(g, 0, 0, &t, &r));
    CHECK_INT(t, 40);
    CHECK_INT(r, 0);
    CHECK(!pul_game_cell(g, 1, 0, NULL, NULL));
    APPLY_OK(g, A_PLACE(4, 1, 0, 1), NULL);
    CHECK(pul_game_cell(g, 1, 0, &t, &r));
    CHECK_INT(t, 4);
    CHECK_INT(r, 1);
    PulPlaced pl[PUL_MAX_TILES];
    CHECK_INT(pul_game_placed(g, pl, PUL_MAX_TILES), 2);
    CHECK(pl[0].tile == 40 && pl[0].x == 0 && pl[0].y == 0 && pl[0].rot == 0);
    CHECK(pl[1].tile == 4 && pl[1].x == 1 && pl[1].y == 0 && pl[1].rot == 1);
    pul_game_free(g);
    pul_variant_free(v);
}

/* The grid is a 64x64 torus: (x+64k, y+64m) share a slot with (x, y). Far
** cells must read as empty and never adjacent. */
static void test_far_coordinates(void) {
    PulVariant *v = micropul_with(NULL);
    static const int prefix[] = {4, 42, 46, 0, 1, 34, 12, 2, 3, 5, 6, 7};
    PulGame *g = scripted(v, 2, prefix, 12);
    /* 0 in rotation 0 at (1,0) and in rotation 2 at (0,-1) are legal. */
    PulAction ok1 = A_PLACE(0, 1, 0, 0), ok2 = A_PLACE(0, 0, -1, 2);
    CHECK_INT(pul_check(g, &ok1), PUL_LEGAL);
    CHECK_INT(pul_check(g, &ok2), PUL_LEGAL);
    CHECK_REFUSED(g, A_PLACE(0, 65, 0, 0), PUL_R_NOT_ADJACENT);     /* aliases (1,0) */
    CHECK_REFUSED(g, A_PLACE(0, -63, 0, 0), PUL_R_NOT_ADJACENT);    /* aliases (1,0) */
    CHECK_REFUSED(g, A_PLACE(0, 0, -65, 2), PUL_R_NOT_ADJACENT);    /* aliases (0,-1) */
    CHECK_REFUSED(g, A_PLACE(0, 64, 63, 2), PUL_R_NOT_ADJACENT);    /* aliases (0,-1) */
    CHECK_REFUSED(g, A_PLACE(0, 64, 0, 0), PUL_R_NOT_ADJACENT);     /* aliases (0,0) */
    CHECK_REFUSED(g, A_PLACE(0, -64, -64, 0), PUL_R_NOT_ADJACENT);  /* aliases (0,0) */
    CHECK_REFUSED(g, A_PLACE(0, 1000, -1000, 0), PUL_R_NOT_ADJACENT);
    CHECK_REFUSED(g, A_PLACE(0, 1025, 0, 0), PUL_R_NOT_ADJACENT);   /* aliases (1,0) */
    CHECK_REFUSED(g, A_PLACE(0, INT32_MIN, 0, 0), PUL_R_NOT_ADJACENT);
    CHECK_REFUSED(g, A_PLACE(0, INT32_MAX, INT32_MAX, 0), PUL_R_NOT_ADJACENT);
    CHECK_REFUSED(g, A_PLACE(0, 1, INT32_MIN, 0), PUL_R_NOT_ADJACENT);
    /* The start tile's white is at nw of (0,0); its aliases hold nothing. */
    CHECK_REFUSED(g, A_CLAIM(PUL_NW, 64, 0), PUL_R_NOT_MICROPUL);
    CHECK_REFUSED(g, A_CLAIM(PUL_NW, 0, -64), PUL_R_NOT_MICROPUL);
    CHECK_REFUSED(g, A_CLAIM(PUL_SE, 1024, -1024), PUL_R_NOT_MICROPUL);
    CHECK_REFUSED(g, A_CLAIM(PUL_SE, INT32_MIN, INT32_MIN), PUL_R_NOT_MICROPUL);
    CHECK_REFUSED(g, A_CLAIM(PUL_NW, 1000, -1000), PUL_R_NOT_MICROPUL);
    CHECK(!pul_game_cell(g, 64, 0, NULL, NULL));
    CHECK(!pul_game_cell(g, 0, 64, NULL, NULL));
    CHECK(!pul_game_cell(g, INT32_MIN, INT32_MIN, NULL, NULL));
    PulGroupInfo gi;
    CHECK(!pul_game_group(g, 64, 64, PUL_NW, &gi));
    CHECK(pul_game_group(g, 0, 0, PUL_NW, &gi));
    /* After the board grows east and north, the same holds at its new edges. */
    APPLY_OK(g, A_PLACE(4, 1, 0, 1), NULL);
    APPLY_OK(g, A_PLACE(12, 0, -1, 2), NULL);
    /* (2,0) is open next to 4 W+/BW; 46 there would touch its cross and
    ** its white: legal. Its aliases are not. */
    PulAction ok3 = A_PLACE(46, 2, 0, 0);
    CHECK_INT(pul_check(g, &ok3), PUL_LEGAL);
    CHECK_REFUSED(g, A_PLACE(46, 66, 0, 0), PUL_R_NOT_ADJACENT);
    CHECK_REFUSED(g, A_PLACE(46, 2, 64, 0), PUL_R_NOT_ADJACENT);
    CHECK_REFUSED(g, A_PLACE(46, -62, 0, 0), PUL_R_NOT_ADJACENT);
    CHECK_REFUSED(g, A_PLACE(46, 65, 0, 0), PUL_R_NOT_ADJACENT); /* aliases occupied (1,0) */
    CHECK_REFUSED(g, A_CLAIM(PUL_SE, 65, 64), PUL_R_NOT_MICROPUL);
    pul_game_free(g);
    pul_variant_free(v);
}

/* A line of 61 tiles: 62 "WW/WW" tiles (the start one of them), four seats
** of 15 tiles each, one tile left in the core. The row fills x = -30..30,
** so the open cells at x = -31 and x = 31 lie 62 apart: still two slots. */
static void test_long_line(void) {
    PulTileSet ts;
    all_white_tiles(&ts, "line", 62); /* the compact layout's largest set */
    PulRules rules;
    pul_rules_default(&rules);
    rules.max_players = 4;
    rules.hand_size = 15;
    rules.hand_limit = 15;
    PulError err;
    PulVariant *v = pul_variant_new(NULL, &ts, &rules, &err);
    CHECK(v != NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v);
    CHECK_INT(pul_game_start(g, 4, 3, NULL, 0, &err), PUL_OK);
    CHECK_INT(pul_game_core_count(g), 1);
    int east = 0, west = 0;
    for (int i = 0; i < 60; i++) {
        int seat = pul_game_to_move(g);
        CHECK_INT(seat, i % 4);
        uint8_t hand[PUL_MAX_HAND];
        CHECK(pul_game_hand(g, seat, hand, PUL_MAX_HAND) > 0);
        /* Open cells of a row of n tiles: n above, n below, two ends. */
        int n = 1 + east + west;
        CHECK_INT(pul_legal_placements(g, NULL, 0), (2 * n + 2) * pul_game_hand(g, seat, NULL, 0));
        int x = i % 2 ? -(++west) : ++east;
        /* The cell 64 away on either side is not the cell itself. */
        CHECK_REFUSED(g, A_PLACE(hand[0], x + 64, 0, 0), PUL_R_NOT_ADJACENT);
        CHECK_REFUSED(g, A_PLACE(hand[0], x - 64, 0, 0), PUL_R_NOT_ADJACENT);
        APPLY_OK(g, A_PLACE(hand[0], x, 0, 0), NULL);
    }
    CHECK_INT(east, 30);
    CHECK_INT(west, 30);
    for (int x = -100; x <= 100; x++) {
        bool on = pul_game_cell(g, x, 0, NULL, NULL);
        if (on != (x >= -30 && x <= 30)) fprintf(stderr, "  cell %d,0 reads %d\n", x, on);
        CHECK(on == (x >= -30 && x <= 30));
    }
    /* One white group of 61 tiles, open above and below. */
    PulGroupInfo gi;
    CHECK(pul_game_group(g, -30, 0, PUL_SW, &gi));
    CHECK_INT(gi.size, 61 * 4);
    CHECK(!gi.closed);
    CHECK(pul_game_group(g, 30, 0, PUL_NE, &gi));
    CHECK_INT(gi.size, 61 * 4);
    /* Every seat has played its 15 tiles: seat 0 begins with nothing. */
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_NO_TILES);
    CHECK_INT(pul_game_loser(g), 0);
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_start_placements);
    RUN(test_cells);
    RUN(test_far_coordinates);
    RUN(test_long_line);
    return CHECK_DONE();
}
