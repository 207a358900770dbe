/*
** test_groups.c: micropul groups on scripted boards: size (a big micropul
** counts 1), closure, stones, owners, and what closed groups score.
*/
#include "game_util.h"

static void check_scores(const PulGame *g, int s0, int s1) {
    int sc[2], rc[2];
    pul_game_scores(g, sc, (int)(sizeof sc / sizeof sc[0]));
    pul_game_scores_recount(g, rc, (int)(sizeof rc / sizeof rc[0]));
    CHECK_INT(sc[0], s0);
    CHECK_INT(sc[1], s1);
    CHECK_INT(rc[0], s0);
    CHECK_INT(rc[1], s1);
}

static void test_start_groups(void) {
    PulVariant *v = micropul_with(NULL);
    static const int prefix[] = {4, 42, 46, 0, 1, 34, 12, 2, 3, 5, 6, 7};
    PulGame *g = scripted(v, 2, prefix, 12);
    PulGroupInfo gi;
    /* The start tile's two whites are one group, its two blacks another. */
    CHECK(pul_game_group(g, 0, 0, PUL_NW, &gi));
    CHECK_INT(gi.colour, F_WHITE);
    CHECK_INT(gi.size, 2);
    CHECK_INT(gi.points, 2);
    CHECK_INT(gi.stones, 0);
    CHECK_INT(gi.owners, 0);
    CHECK(!gi.closed);
    CHECK(pul_game_group(g, 0, 0, PUL_SE, &gi));
    CHECK_INT(gi.colour, F_BLACK);
    CHECK_INT(gi.size, 2);
    CHECK(!pul_game_group(g, 1, 0, PUL_NW, &gi)); /* empty cell */
    CHECK(!pul_game_group(g, 0, 0, 4, &gi));
    CHECK(!pul_game_group(g, 0, 0, -1, &gi));
    check_scores(g, 6, 6);
    pul_game_free(g);
    pul_variant_free(v);
}

/* After 4@1,0r1 (W+/BW), 12@0,-1r2 (.1/.W) and the big white 42 at (1,-1),
** one white group holds the start's nw and ne, the nw of (1,0), the se of
** (0,-1) and the big micropul: 4 + 1 = 5. The se of (1,0) is a group of 1. */
static void test_big_counts_one(void) {
    static const int prefix[] = {4, 42, 46, 0, 1, 34, 12, 2, 3, 5, 6, 7};
    for (int variant = 0; variant < 2; variant++) {
        PulRules rules;
        pul_rules_default(&rules);
        if (variant) {
            rules.points_micropul = 3;
            rules.points_big = 10;
        }
        PulVariant *v = micropul_with(&rules);
        PulGame *g = scripted(v, 2, prefix, 12);
        APPLY_OK(g, A_PLACE(4, 1, 0, 1), NULL);
        APPLY_OK(g, A_PLACE(12, 0, -1, 2), NULL);
        APPLY_OK(g, A_PLACE(42, 1, -1, 0), NULL);
        int pts = variant ? 4 * 3 + 10 : 5;
        static const struct {
            int x, y, q;
        } members[] = {{0, 0, PUL_NW}, {0, 0, PUL_NE}, {1, 0, PUL_NW}, {0, -1, PUL_SE},
                       {1, -1, PUL_NW}, {1, -1, PUL_NE}, {1, -1, PUL_SW}, {1, -1, PUL_SE}};
        for (size_t i = 0; i < sizeof members / sizeof *members; i++) {
            PulGroupInfo gi;
            CHECK(pul_game_group(g, members[i].x, members[i].y, members[i].q, &gi));
            CHECK_INT(gi.size, 5);
            CHECK_INT(gi.points, pts);
            CHECK_INT(gi.colour, F_WHITE);
            CHECK(!gi.closed);
        }
        PulGroupInfo gi;
        CHECK(pul_game_group(g, 1, 0, PUL_SE, &gi));
        CHECK_INT(gi.size, 1);
        CHECK_INT(gi.points, variant ? 3 : 1);
        CHECK(!pul_game_group(g, 1, 0, PUL_NE, &gi)); /* the cross */
        CHECK(!pul_game_group(g, 0, -1, PUL_NE, &gi)); /* the dot */
        /* The black group: the start's sw, se and the sw of (1,0). */
        CHECK(pul_game_group(g, 1, 0, PUL_SW, &gi));
        CHECK_INT(gi.size, 3);
        CHECK_INT(gi.colour, F_BLACK);
        /* Claimed through the big tile, owned by seat 0. */
        APPLY_OK(g, A_CLAIM(PUL_SE, 1, -1), NULL);
        CHECK(pul_game_group(g, 0, 0, PUL_NE, &gi));
        CHECK_INT(gi.stones, 1);
        CHECK_INT(gi.owners, 1);
        PulStone st[8];
        CHECK_INT(pul_game_stones_on_board(g, st, (int)(sizeof st / sizeof st[0])), 1);
        CHECK(st[0].x == 1 && st[0].y == -1 && st[0].quad == PUL_SE && st[0].seat == 0);
        /* Open: only tiles count. Seat 0: 4 in hand, 2 in supply. */
        check_scores(g, 4 + 2 * 2, 5);
        pul_game_free(g);
        pul_variant_free(v);
    }
}

/* The close scenario of test_apply.c, closing before the claim:
** 26@-1,0r1 (.W/W.), 0@1,0, 6@-1,1 (W./.1), then 1@0,1 closes the black
** sw, se of (0,0) and nw of (0,1), with no stone. A later claim scores it. */
static void test_closed_then_claimed(void) {
    PulVariant *v = micropul_with(NULL);
    static const int prefix[] = {26, 6, 46, 42, 41, 34, 0, 1, 2, 3, 5, 7};
    PulGame *g = scripted(v, 2, prefix, 12);
    PulEvents ev;
    APPLY_OK(g, A_PLACE(26, -1, 0, 1), NULL);
    APPLY_OK(g, A_PLACE(0, 1, 0, 0), NULL);
    APPLY_OK(g, A_PLACE(6, -1, 1, 0), NULL);
    APPLY_OK(g, A_PLACE(1, 0, 1, 0), &ev);
    const PulEvent *e = find_event(&ev, PUL_EV_CLOSED);
    CHECK(e != NULL);
    if (e) {
        CHECK_INT(e->count, 3);
        CHECK_INT(e->value, -1);
    }
    PulGroupInfo gi;
    CHECK(pul_game_group(g, 0, 0, PUL_SW, &gi));
    CHECK(gi.closed);
    CHECK_INT(gi.stones, 0);
    CHECK_INT(gi.scorer, -1); /* closed without a stone: it scores for nobody */
    check_scores(g, 4, 4);
    /* A closed group may be claimed; it scores at once for seat 0. */
    APPLY_OK(g, A_CLAIM(PUL_NW, 0, 1), NULL);
    check_scores(g, 3 + 4, 4);
    CHECK(pul_game_group(g, 0, 0, PUL_SE, &gi));
    CHECK_INT(gi.stones, 1);
    CHECK_INT(gi.owners, 1);
    CHECK_INT(gi.scorer, 0);
    /* The white group west of it, sw of (-1,0) and nw of (-1,1), is open. */
    CHECK(pul_game_group(g, -1, 1, PUL_NW, &gi));
    CHECK_INT(gi.size, 2);
    CHECK(!gi.closed);
    CHECK_INT(gi.scorer, -1);
    pul_game_free(g);
    pul_variant_free(v);
}

/* The merge scenario of test_apply.c: X (se of (1,0)) and Y (nw of (2,1))
** joined by 0@2,0r3 into a closed group of 3. Who holds the stones on X
** and Y, and the merged-scoring rule, decide what it scores. */
static void merged(int merged_scoring, int seat_x, int expect_owner, int s0, int s1) {
    PulRules rules;
    pul_rules_default(&rules);
    rules.merged_scoring = merged_scoring;
    PulVariant *v = micropul_with(&rules);
    static const int prefix[] = {35, 34, 46, 42, 41, 26, 27, 0, 2, 3, 5, 7};
    PulGame *g = scripted(v, 2, prefix, 12);
    APPLY_OK(g, A_PLACE(35, 1, 0, 1), NULL);  /* seat 0 */
    APPLY_OK(g, A_PLACE(27, 1, 1, 0), NULL);  /* seat 1 */
    APPLY_OK(g, A_PLACE(34, 2, 1, 0), NULL);  /* seat 0 */
    if (seat_x == 1) {
        APPLY_OK(g, A_CLAIM(PUL_SE, 1, 0), NULL); /* seat 1 on X */
        APPLY_OK(g, A_CLAIM(PUL_NW, 2, 1), NULL); /* seat 0 on Y */
    } else {
        APPLY_OK(g, A_CLAIM(PUL_SW, 0, 0), NULL); /* seat 1 on the blacks */
        APPLY_OK(g, A_CLAIM(PUL_SE, 1, 0), NULL); /* seat 0 on X */
        APPLY_OK(g, A_CLAIM(PUL_NW, 0, 0), NULL); /* seat 1 on the whites */
        APPLY_OK(g, A_CLAIM(PUL_NW, 2, 1), NULL); /* seat 0 on Y */
    }
    CHECK_INT(pul_game_to_move(g), 1);
    PulEvents ev;
    APPLY_OK(g, A_PLACE(0, 2, 0, 3), &ev);
    const PulEvent *e = find_event(&ev, PUL_EV_CLOSED);
    CHECK(e != NULL);
    if (e) {
        CHECK_INT(e->count, 3);
        CHECK_INT(e->value, expect_owner);
    }
    PulGroupInfo gi;
    CHECK(pul_game_group(g, 2, 0, PUL_SW, &gi));
    CHECK_INT(gi.size, 3);
    CHECK_INT(gi.stones, 2);
    CHECK_INT(gi.owners, seat_x == 1 ? 3 : 1);
    CHECK(gi.closed);
    CHECK_INT(gi.scorer, expect_owner); /* the engine's answer, as the CLOSED event's */
    check_scores(g, s0, s1);
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_merged_scoring(void) {
    /* Each seat keeps 4 tiles in hand. */
    merged(PUL_MERGED_SCORE_NONE, 1, -1, 4, 4);       /* two owners: nobody */
    merged(PUL_MERGED_SCORE_NONE, 0, -1, 4, 4);       /* both seat 0's: still nobody */
    merged(PUL_MERGED_SCORE_ONE_OWNER, 1, -1, 4, 4);  /* Farmopul, two owners: nobody */
    merged(PUL_MERGED_SCORE_ONE_OWNER, 0, 0, 3 + 4, 4); /* Farmopul, one owner: once */
}

int main(void) {
    RUN(test_start_groups);
    RUN(test_big_counts_one);
    RUN(test_closed_then_claimed);
    RUN(test_merged_scoring);
    return CHECK_DONE();
}
