/*
** test_apply.c: pul_check and pul_apply on scripted positions: each refusal
** reason in PMN.md's order, refusals that change nothing, and the events.
*/
#include "game_util.h"

/* Seat 0: 4 +W/WB, 42 big W 1, 46 WW/WW, 0 W./.., 1 B./.., 34 WB/BW.
** Seat 1: 12 W./1., 2, 3, 5, 6, 7. Then the core: 8, 9, 10, 11, 13, ... */
static const int faq_prefix[] = {4, 42, 46, 0, 1, 34, 12, 2, 3, 5, 6, 7};

static void test_place_reasons(void) {
    PulVariant *v = micropul_with(NULL);
    PulGame *g = scripted(v, 2, faq_prefix, 12);
    CHECK_INT(pul_game_to_move(g), 0);
    /* not_in_hand comes first, whatever else is wrong with the move. */
    CHECK_REFUSED(g, A_PLACE(12, 0, 0, 0), PUL_R_NOT_IN_HAND);   /* seat 1's tile, occupied cell */
    CHECK_REFUSED(g, A_PLACE(12, 1, 0, 0), PUL_R_NOT_IN_HAND);   /* ... on a legal cell */
    CHECK_REFUSED(g, A_PLACE(40, 0, 0, 0), PUL_R_NOT_IN_HAND);   /* the start tile */
    CHECK_REFUSED(g, A_PLACE(47, 9, 9, 0), PUL_R_NOT_IN_HAND);   /* in the core, far away */
    CHECK_REFUSED(g, A_PLACE(200, 0, 0, 0), PUL_R_NOT_IN_HAND);  /* no such tile */
    CHECK_REFUSED(g, A_PLACE(PUL_NO_TILE, 1, 0, 0), PUL_R_NOT_IN_HAND);
    /* occupied before not_adjacent: the lone start tile has no neighbour. */
    CHECK_REFUSED(g, A_PLACE(4, 0, 0, 0), PUL_R_OCCUPIED);
    CHECK_REFUSED(g, A_PLACE(46, 0, 0, 3), PUL_R_OCCUPIED);
    /* not_adjacent: two cells east, diagonal, far. */
    CHECK_REFUSED(g, A_PLACE(4, 2, 0, 0), PUL_R_NOT_ADJACENT);
    CHECK_REFUSED(g, A_PLACE(4, 1, 1, 0), PUL_R_NOT_ADJACENT);
    CHECK_REFUSED(g, A_PLACE(0, -1, -1, 0), PUL_R_NOT_ADJACENT);
    CHECK_REFUSED(g, A_PLACE(0, 0, 2, 0), PUL_R_NOT_ADJACENT);
    /* colour_conflict before no_attachment: 1 B./.. turned twice is ../.B;
    ** at (0,-1) its black se meets the start's white ne and nothing
    ** attaches: both rules broken, rule 2 reported. */
    CHECK_REFUSED(g, A_PLACE(1, 0, -1, 2), PUL_R_COLOUR_CONFLICT);
    /* 46 WW/WW at (1,0): its nw attaches to white, its sw meets black. */
    CHECK_REFUSED(g, A_PLACE(46, 1, 0, 0), PUL_R_COLOUR_CONFLICT);
    CHECK_REFUSED(g, A_PLACE(46, 0, 1, 0), PUL_R_COLOUR_CONFLICT);
    /* no_attachment: 1 B./.. at (0,-1) shows only blanks to the start; 0
    ** ../.W (rotation 2) at (0,1) likewise. */
    CHECK_REFUSED(g, A_PLACE(1, 0, -1, 0), PUL_R_NO_ATTACHMENT);
    CHECK_REFUSED(g, A_PLACE(0, 0, 1, 2), PUL_R_NO_ATTACHMENT);
    /* 34 WB/BW at (0,-1): its black sw meets white: conflict even though
    ** its white se attaches. */
    CHECK_REFUSED(g, A_PLACE(34, 0, -1, 0), PUL_R_COLOUR_CONFLICT);
    /* Not an action at all. */
    CHECK_REFUSED(g, A_PLACE(4, 1, 0, 4), PUL_R_BAD_ACTION);
    PulAction odd = A_PASS();
    odd.kind = 9;
    CHECK_REFUSED(g, odd, PUL_R_BAD_ACTION);
    CHECK_REFUSED(g, A_CLAIM(4, 0, 0), PUL_R_BAD_ACTION);
    /* And the legal ones are legal. */
    PulAction good[] = {A_PLACE(4, 1, 0, 1), A_PLACE(0, 0, -1, 3), A_PLACE(1, 0, 1, 1),
                        A_PLACE(34, 1, 0, 2), A_PLACE(42, 0, -1, 3)};
    for (size_t i = 0; i < sizeof good / sizeof *good; i++)
        CHECK_INT(pul_check(g, &good[i]), PUL_LEGAL);
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_take_claim_pass_reasons(void) {
    PulVariant *v = micropul_with(NULL);
    PulGame *g = scripted(v, 2, faq_prefix, 12);
    /* A full hand and an empty supply: hand_full first. */
    CHECK_REFUSED(g, A_TAKE(PUL_NO_TILE), PUL_R_HAND_FULL);
    CHECK_REFUSED(g, A_TAKE(8), PUL_R_HAND_FULL);
    CHECK_REFUSED(g, A_PASS(), PUL_R_NO_EXTRA_TURN);
    CHECK_REFUSED(g, A_CLAIM(PUL_NW, 1, 0), PUL_R_NOT_MICROPUL);   /* empty cell */
    CHECK_REFUSED(g, A_CLAIM(PUL_SE, -7, 12), PUL_R_NOT_MICROPUL);
    PulAction c = A_CLAIM(PUL_SE, 0, 0);
    CHECK_INT(pul_check(g, &c), PUL_LEGAL);
    /* 4@1,0r1, 12@0,-1r2, 42@1,-1: seat 0 draws 8 and 9 and moves again. */
    APPLY_OK(g, A_PLACE(4, 1, 0, 1), NULL);
    APPLY_OK(g, A_PLACE(12, 0, -1, 2), NULL);
    APPLY_OK(g, A_PLACE(42, 1, -1, 0), NULL);
    CHECK_INT(pul_game_to_move(g), 0);
    CHECK(pul_game_in_extra_turn(g));
    CHECK_INT(pul_game_hand(g, 0, NULL, 0), 4);
    CHECK_INT(pul_game_supply(g, 0, NULL, 0), 2);
    PulAction ok[] = {A_TAKE(PUL_NO_TILE), A_TAKE(8), A_TAKE(9), A_PASS(),
                      A_CLAIM(PUL_NW, 1, -1), A_CLAIM(PUL_SE, 1, -1), A_CLAIM(PUL_SE, 1, 0)};
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) CHECK_INT(pul_check(g, &ok[i]), PUL_LEGAL);
    CHECK_REFUSED(g, A_TAKE(10), PUL_R_NOT_IN_SUPPLY);  /* still in the core */
    CHECK_REFUSED(g, A_TAKE(3), PUL_R_NOT_IN_SUPPLY);   /* in seat 1's hand */
    CHECK_REFUSED(g, A_TAKE(46), PUL_R_NOT_IN_SUPPLY);  /* in seat 0's own hand */
    CHECK_REFUSED(g, A_TAKE(200), PUL_R_NOT_IN_SUPPLY);
    /* Catalysts and blanks are not micropul: the cross of 4 (ne of (1,0)),
    ** the blank and the dot of 12 .1/.W at (0,-1). */
    CHECK_REFUSED(g, A_CLAIM(PUL_NE, 1, 0), PUL_R_NOT_MICROPUL);
    CHECK_REFUSED(g, A_CLAIM(PUL_NW, 0, -1), PUL_R_NOT_MICROPUL);
    CHECK_REFUSED(g, A_CLAIM(PUL_NE, 0, -1), PUL_R_NOT_MICROPUL);
    /* Seat 0 claims the white group through the big tile; every micropul of
    ** that group is now already_claimed, for both seats. */
    APPLY_OK(g, A_CLAIM(PUL_SW, 1, -1), NULL);
    CHECK_INT(pul_game_to_move(g), 1);
    CHECK_INT(pul_game_stones(g, 0), 2);
    CHECK_REFUSED(g, A_CLAIM(PUL_NW, 0, 0), PUL_R_ALREADY_CLAIMED);
    CHECK_REFUSED(g, A_CLAIM(PUL_SE, 0, -1), PUL_R_ALREADY_CLAIMED);
    CHECK_REFUSED(g, A_CLAIM(PUL_NW, 1, 0), PUL_R_ALREADY_CLAIMED);
    CHECK_REFUSED(g, A_CLAIM(PUL_NE, 1, -1), PUL_R_ALREADY_CLAIMED);
    /* The lone white se of (1,0) is another group. */
    c = A_CLAIM(PUL_SE, 1, 0);
    CHECK_INT(pul_check(g, &c), PUL_LEGAL);
    /* Seat 1 holds 5 tiles and an empty supply: an empty supply is
    ** not_in_supply. */
    CHECK_REFUSED(g, A_TAKE(PUL_NO_TILE), PUL_R_NOT_IN_SUPPLY);
    CHECK_REFUSED(g, A_PASS(), PUL_R_NO_EXTRA_TURN);
    pul_game_free(g);
    pul_variant_free(v);

    /* One stone each: once it is down, no_stones comes before every other
    ** claim reason. */
    PulRules rules;
    pul_rules_default(&rules);
    rules.stones = 1;
    v = micropul_with(&rules);
    g = scripted(v, 2, faq_prefix, 12);
    APPLY_OK(g, A_CLAIM(PUL_NW, 0, 0), NULL);
    APPLY_OK(g, A_CLAIM(PUL_SW, 0, 0), NULL);
    APPLY_OK(g, A_PLACE(4, 1, 0, 1), NULL); /* seat 0 */
    APPLY_OK(g, A_PLACE(12, 0, -1, 2), NULL); /* seat 1 */
    CHECK_INT(pul_game_stones(g, 0), 0);
    CHECK_REFUSED(g, A_CLAIM(PUL_SE, 1, 0), PUL_R_NO_STONES);   /* would be legal */
    CHECK_REFUSED(g, A_CLAIM(PUL_NE, 0, 0), PUL_R_NO_STONES);   /* already claimed */
    CHECK_REFUSED(g, A_CLAIM(PUL_NE, 1, 0), PUL_R_NO_STONES);   /* a cross */
    CHECK_REFUSED(g, A_CLAIM(PUL_NW, 5, 5), PUL_R_NO_STONES);   /* an empty cell */
    CHECK_REFUSED(g, A_CLAIM(PUL_NW, 1000, -1000), PUL_R_NO_STONES);
    CHECK_REFUSED(g, A_CLAIM(7, 0, 0), PUL_R_BAD_ACTION);
    PulAction acts[PUL_MAX_ACTIONS];
    int n = pul_legal_actions(g, acts, PUL_MAX_ACTIONS);
    for (int i = 0; i < n; i++) CHECK(acts[i].kind != PUL_CLAIM);
    pul_game_free(g);
    pul_variant_free(v);
}

/* Every action of a finished game is game_over, even a malformed one. */
static void test_game_over_first(void) {
    PulVariant *v = micropul_with(NULL);
    PulGame *g = pul_game_new(v);
    PulAction a = A_PASS();
    CHECK_INT(pul_check(g, &a), PUL_R_BAD_ACTION); /* not started */
    CHECK_INT(pul_legal_actions(g, NULL, 0), 0);
    PulError err;
    CHECK_INT(pul_game_start(g, 2, 77, NULL, 0, &err), PUL_OK);
    PulRng rng;
    pul_rng_seed(&rng, 77);
    int steps = 0;
    while (!pul_game_over(g) && steps++ < 2000) {
        CHECK(pul_random_action(g, &rng, &a));
        APPLY_OK(g, a, NULL);
    }
    CHECK(pul_game_over(g));
    uint8_t hand[PUL_MAX_HAND];
    int seat = pul_game_to_move(g);
    int nh = pul_game_hand(g, seat, hand, PUL_MAX_HAND);
    PulAction all[] = {A_PASS(),          A_TAKE(PUL_NO_TILE),      A_TAKE(3),
                       A_CLAIM(PUL_NW, 0, 0), A_CLAIM(9, 0, 0),     A_PLACE(4, 0, 0, 9),
                       A_PLACE(200, 3000, 0, 0), A_PLACE(nh ? hand[0] : 0, 0, -1, 0)};
    all[1].kind = 17;
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) CHECK_REFUSED(g, all[i], PUL_R_GAME_OVER);
    /* The end of a game offers no action at all. */
    CHECK_INT(pul_legal_actions(g, NULL, 0), 0);
    CHECK_INT(pul_legal_placements(g, NULL, 0), 0);
    CHECK(!pul_random_action(g, &rng, &a));
    pul_game_free(g);
    pul_variant_free(v);
}

/* The rules FAQ example: tile 4 at (1,0) in rotation 1 is W+/BW, tile 12 at
** (0,-1) in rotation 2 is .1/.W. The big white 42 (one-dot centre) at
** (1,-1) touches the white nw of (1,0) and the white se of (0,-1): its
** centre fires; the cross of (1,0) and the dot of (0,-1) touch its white
** and fire too. Three activations, two tiles drawn, an extra turn. */
static void test_faq_events(void) {
    PulVariant *v = micropul_with(NULL);
    PulGame *g = scripted(v, 2, faq_prefix, 12);
    PulEvents ev;
    PulAction done;
    PulAction a = A_PLACE(4, 1, 0, 1);
    APPLY_OK(g, a, &ev);
    CHECK_INT(ev.n, 1);
    const PulEvent *e = find_event(&ev, PUL_EV_PLACED);
    CHECK(e && e->seat == 0 && e->tile == 4 && e->rot == 1 && e->x == 1 && e->y == 0);
    pul_events_action(&ev, &done);
    CHECK(same_action(&done, &a));
    CHECK_INT(pul_game_to_move(g), 1);

    a = A_PLACE(12, 0, -1, 2);
    APPLY_OK(g, a, &ev);
    CHECK_INT(ev.n, 1);
    e = find_event(&ev, PUL_EV_PLACED);
    CHECK(e && e->seat == 1 && e->tile == 12);
    pul_events_action(&ev, &done);
    CHECK(same_action(&done, &a));
    CHECK_INT(pul_game_core_count(g), 35);

    a = A_PLACE(42, 1, -1, 0);
    APPLY_OK(g, a, &ev);
    CHECK_INT(count_events(&ev, PUL_EV_PLACED), 1);
    CHECK_INT(count_events(&ev, PUL_EV_ACTIVATED), 3);
    CHECK(activated(&ev, 1, -1, PUL_CENTRE, F_ONE));
    CHECK(activated(&ev, 1, 0, PUL_NE, F_CROSS));
    CHECK(activated(&ev, 0, -1, PUL_NE, F_ONE));
    CHECK_INT(count_events(&ev, PUL_EV_DREW), 1);
    e = find_event(&ev, PUL_EV_DREW);
    CHECK(e && e->count == 2 && e->seat == 0);
    CHECK_INT(count_events(&ev, PUL_EV_EXTRA_TURN), 1);
    e = find_event(&ev, PUL_EV_EXTRA_TURN);
    CHECK(e && e->seat == 0);
    CHECK_INT(count_events(&ev, PUL_EV_CLOSED) + count_events(&ev, PUL_EV_MERGED), 0);
    CHECK_INT(count_events(&ev, PUL_EV_GAME_OVER), 0);
    CHECK_INT(ev.n, 6);
    pul_events_action(&ev, &done);
    CHECK(same_action(&done, &a));
    /* The two tiles under the deal, 8 then 9, went to seat 0's supply. */
    uint8_t sup[PUL_MAX_TILES];
    CHECK_INT(pul_game_supply(g, 0, sup, PUL_MAX_TILES), 2);
    CHECK(sup[0] == 8 && sup[1] == 9);
    CHECK_INT(pul_game_core_count(g), 33);
    CHECK_INT(pul_game_core_drawn(g), 14);
    CHECK_INT(pul_game_to_move(g), 0);
    CHECK(pul_game_in_extra_turn(g));
    CHECK_INT(pul_game_turns(g), 3);

    /* Extra turn: 46 WW/WW at (2,0) touches the cross of (1,0) again (a
    ** catalyst may fire again in a later turn) and the white se of (1,0).
    ** Chains are on: another extra turn, nothing drawn. */
    a = A_PLACE(46, 2, 0, 0);
    APPLY_OK(g, a, &ev);
    CHECK_INT(count_events(&ev, PUL_EV_ACTIVATED), 1);
    CHECK(activated(&ev, 1, 0, PUL_NE, F_CROSS));
    CHECK_INT(count_events(&ev, PUL_EV_DREW), 0);
    CHECK_INT(count_events(&ev, PUL_EV_EXTRA_TURN), 1);
    CHECK_INT(pul_game_to_move(g), 0);
    CHECK(pul_game_in_extra_turn(g));

    /* A random take in the extra turn: the event names the tile, which has
    ** left the supply for the hand. */
    a = A_TAKE(PUL_NO_TILE);
    APPLY_OK(g, a, &ev);
    e = find_event(&ev, PUL_EV_TOOK);
    CHECK(e != NULL);
    pul_events_action(&ev, &done);
    CHECK_INT(done.kind, PUL_TAKE);
    CHECK(done.tile == 8 || done.tile == 9);
    if (e) CHECK_INT(done.tile, e->tile);
    CHECK(hand_has(g, 0, done.tile));
    CHECK_INT(pul_game_supply(g, 0, sup, PUL_MAX_TILES), 1);
    CHECK(sup[0] == (done.tile == 8 ? 9 : 8));
    CHECK_INT(count_events(&ev, PUL_EV_EXTRA_TURN), 0);
    CHECK_INT(pul_game_to_move(g), 1);
    CHECK(!pul_game_in_extra_turn(g));
    /* The resolved take is what a record stores: t8 or t9. */
    char text[16];
    pul_action_format(pul_game_variant(g), &done, text, sizeof text);
    CHECK(strcmp(text, "t8") == 0 || strcmp(text, "t9") == 0);

    /* Seat 1's 2 WB/+. turned once is +W/.B: at (2,-1) its black se would
    ** meet the white ne of 46 at (2,0). */
    CHECK_REFUSED(g, A_PLACE(2, 2, -1, 1), PUL_R_COLOUR_CONFLICT);
    /* A big tile's centre fires when a new neighbour's micropul touches it:
    ** 6 W./.1 turned twice is 1./.W; at (1,-2) its white se lies on the big
    ** tile's white. Its own dot faces empty cells. Seat 1 draws 10. */
    a = A_PLACE(6, 1, -2, 2);
    APPLY_OK(g, a, &ev);
    CHECK_INT(count_events(&ev, PUL_EV_ACTIVATED), 1);
    CHECK(activated(&ev, 1, -1, PUL_CENTRE, F_ONE));
    e = find_event(&ev, PUL_EV_DREW);
    CHECK(e && e->count == 1 && e->seat == 1);
    CHECK_INT(pul_game_supply(g, 1, sup, PUL_MAX_TILES), 1);
    CHECK_INT(sup[0], 10);
    CHECK_INT(pul_game_to_move(g), 0);
    pul_game_free(g);
    pul_variant_free(v);
}

/* The start's black pair (sw se of (0,0)) closes when (1,0), (-1,0), (0,1)
** and (-1,1) are covered without extending it:
**   0 W./.. at (1,0): white nw on the start's white, blank sw on black.
**   26 W./.W turned once, .W/W., at (-1,0): white ne on white, blank se.
**   1 B./.. at (0,1): black nw on the start's sw; blank ne. The group is
**     now sw, se of (0,0) and nw of (0,1), open only west of (0,1).
**   6 W./.1 at (-1,1): white nw on the white sw of (-1,0), blank ne
**     against the black, its dot against the blank sw of (0,1).
** Seat 0 claimed the group first: CLOSED, size 3, owner seat 0. */
static const int close_prefix[] = {26, 6, 46, 42, 41, 34, 0, 1, 2, 3, 5, 7};

static void test_closed_event(void) {
    PulVariant *v = micropul_with(NULL);
    PulGame *g = scripted(v, 2, close_prefix, 12);
    PulEvents ev;
    APPLY_OK(g, A_CLAIM(PUL_SW, 0, 0), &ev);
    CHECK_INT(ev.n, 1);
    const PulEvent *e = find_event(&ev, PUL_EV_CLAIMED);
    CHECK(e && e->seat == 0 && e->x == 0 && e->y == 0 && e->quad == PUL_SW);
    APPLY_OK(g, A_PLACE(0, 1, 0, 0), &ev);
    CHECK_INT(ev.n, 1);
    APPLY_OK(g, A_PLACE(26, -1, 0, 1), &ev);
    CHECK_INT(ev.n, 1);
    APPLY_OK(g, A_PLACE(1, 0, 1, 0), &ev);
    CHECK_INT(ev.n, 1);
    PulGroupInfo gi;
    CHECK(pul_game_group(g, 0, 1, PUL_NW, &gi));
    CHECK_INT(gi.size, 3);
    CHECK(!gi.closed);
    APPLY_OK(g, A_PLACE(6, -1, 1, 0), &ev);
    CHECK_INT(count_events(&ev, PUL_EV_ACTIVATED), 0);
    CHECK_INT(count_events(&ev, PUL_EV_MERGED), 0);
    CHECK_INT(count_events(&ev, PUL_EV_CLOSED), 1);
    e = find_event(&ev, PUL_EV_CLOSED);
    if (e) {
        CHECK_INT(e->count, 3);
        CHECK_INT(e->value, 0);
        CHECK_INT(e->seat, 0);
        bool member = (e->x == 0 && e->y == 0 && (e->quad == PUL_SW || e->quad == PUL_SE)) ||
                      (e->x == 0 && e->y == 1 && e->quad == PUL_NW);
        CHECK(member);
    }
    CHECK(pul_game_group(g, 0, 0, PUL_SE, &gi));
    CHECK(gi.closed);
    /* Seat 0: the group's 3 points and 4 tiles in hand; seat 1: 4 tiles. */
    int sc[2], rc[2];
    pul_game_scores(g, sc, (int)(sizeof sc / sizeof sc[0]));
    pul_game_scores_recount(g, rc, (int)(sizeof rc / sizeof rc[0]));
    CHECK_INT(sc[0], 7);
    CHECK_INT(sc[1], 4);
    CHECK(sc[0] == rc[0] && sc[1] == rc[1]);
    pul_game_free(g);
    pul_variant_free(v);
}

/* Two claimed white singles joined by one placement:
**   35 BW/WB turned once is WB/BW: at (1,0) its nw meets white, its sw
**     black; its white se (X) is alone.
**   27 B./.B at (1,1): black nw on black; blank ne under X.
**   34 WB/BW at (2,1): black sw on the black se of (1,1); its white nw (Y)
**     is alone, facing the blank ne of (1,1).
**   0 W./.. turned three times is ../W.: at (2,0) its white sw touches X
**     (west) and Y (south) and nothing else: X, Y and it form one group
**     of 3 with every edge covered.
** Stones: seat 1 on X, seat 0 on Y: MERGED 2 groups, 2 stones; CLOSED of
** size 3 for nobody. */
static const int merge_prefix[] = {35, 34, 46, 42, 41, 26, 27, 0, 2, 3, 5, 7};

static void test_merged_event(void) {
    PulVariant *v = micropul_with(NULL);
    PulGame *g = scripted(v, 2, merge_prefix, 12);
    PulEvents ev;
    APPLY_OK(g, A_PLACE(35, 1, 0, 1), &ev);
    APPLY_OK(g, A_PLACE(27, 1, 1, 0), &ev);
    APPLY_OK(g, A_PLACE(34, 2, 1, 0), &ev);
    APPLY_OK(g, A_CLAIM(PUL_SE, 1, 0), &ev); /* seat 1 on X */
    APPLY_OK(g, A_CLAIM(PUL_NW, 2, 1), &ev); /* seat 0 on Y */
    PulGroupInfo gi;
    CHECK(pul_game_group(g, 1, 0, PUL_SE, &gi));
    CHECK(gi.size == 1 && gi.stones == 1 && gi.owners == 2u && !gi.closed);
    CHECK(pul_game_group(g, 2, 1, PUL_NW, &gi));
    CHECK(gi.size == 1 && gi.stones == 1 && gi.owners == 1u && !gi.closed);
    APPLY_OK(g, A_PLACE(0, 2, 0, 3), &ev); /* seat 1 */
    CHECK_INT(count_events(&ev, PUL_EV_ACTIVATED), 0);
    CHECK_INT(count_events(&ev, PUL_EV_MERGED), 1);
    const PulEvent *e = find_event(&ev, PUL_EV_MERGED);
    if (e) {
        CHECK(e->x == 2 && e->y == 0 && e->quad == PUL_SW);
        CHECK_INT(e->count, 2);
        CHECK_INT(e->value, 2);
        CHECK_INT(e->seat, 1);
    }
    CHECK_INT(count_events(&ev, PUL_EV_CLOSED), 1);
    e = find_event(&ev, PUL_EV_CLOSED);
    if (e) {
        CHECK_INT(e->count, 3);
        CHECK_INT(e->value, -1);
    }
    CHECK(pul_game_group(g, 1, 0, PUL_SE, &gi));
    CHECK(gi.size == 3 && gi.stones == 2 && gi.owners == 3u && gi.closed);
    int sc[2];
    pul_game_scores(g, sc, (int)(sizeof sc / sizeof sc[0]));
    CHECK_INT(sc[0], 4); /* 4 tiles in hand, the group scores nothing */
    CHECK_INT(sc[1], 4);
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_place_reasons);
    RUN(test_take_claim_pass_reasons);
    RUN(test_game_over_first);
    RUN(test_faq_events);
    RUN(test_closed_event);
    RUN(test_merged_event);
    return CHECK_DONE();
}
