/*
** test_observe.c: what one seat may see: its own hand, counts of everything
** hidden, and an observation that does not change when hidden tiles move.
*/
#include "game_util.h"

static const int prefix_a[] = {4, 42, 46, 0, 1, 34, 12, 2, 3, 5, 6, 7, 8};
/* The same, except that seat 1 holds 47 instead of 12 and the first tile
** drawn is 10 instead of 8: nothing seat 0 may see. */
static const int prefix_b[] = {4, 42, 46, 0, 1, 34, 47, 2, 3, 5, 6, 7, 10};

static void test_start_observation(void) {
    PulVariant *v = micropul_with(NULL);
    PulGame *g = scripted(v, 2, prefix_a, 13);
    PulObservation o;
    pul_observe(g, 0, &o);
    CHECK_INT(o.seat, 0);
    CHECK_INT(o.nseats, 2);
    CHECK_INT(o.to_move, 0);
    CHECK(!o.extra_turn && !o.over);
    CHECK_INT(o.loser, -1);
    CHECK_INT(o.core_count, 35);
    CHECK(o.hand_count[0] == 6 && o.hand_count[1] == 6);
    CHECK(o.supply_count[0] == 0 && o.supply_count[1] == 0);
    CHECK(o.stones_left[0] == 3 && o.stones_left[1] == 3);
    for (int i = 0; i < 6; i++) CHECK_INT(o.hand[i], prefix_a[i]);
    CHECK_INT(o.nplaced, 1);
    CHECK(o.placed[0].tile == 40 && o.placed[0].x == 0 && o.placed[0].y == 0);
    CHECK_INT(o.nstones, 0);
    /* Unseen: every tile but the start tile and seat 0's hand, by id. */
    CHECK_INT(o.nunseen, 41);
    int k = 0;
    for (int t = 0; t < 48; t++) {
        if (t == 40 || t == 4 || t == 42 || t == 46 || t == 0 || t == 1 || t == 34) continue;
        if (k < o.nunseen) CHECK_INT(o.unseen[k], t);
        k++;
    }
    /* Seat 1 sees its own hand and not seat 0's. */
    pul_observe(g, 1, &o);
    for (int i = 0; i < 6; i++) CHECK_INT(o.hand[i], prefix_a[6 + i]);
    CHECK_INT(o.nunseen, 41);
    for (int i = 0; i < o.nunseen; i++) CHECK(o.unseen[i] != 12 && o.unseen[i] != 40);
    bool sees4 = false;
    for (int i = 0; i < o.nunseen; i++) sees4 = sees4 || o.unseen[i] == 4;
    CHECK(sees4);
    pul_game_free(g);
    pul_variant_free(v);
}

/* 4@1,0r1, a claim by seat 1, then the big white 42 at (1,-1): its centre
** dot touches the white of (1,0) (one tile drawn) and the cross of (1,0)
** touches it (extra turn). */
static void play(PulGame *g) {
    APPLY_OK(g, A_PLACE(4, 1, 0, 1), NULL);
    APPLY_OK(g, A_CLAIM(PUL_SW, 0, 0), NULL);
    PulEvents ev;
    APPLY_OK(g, A_PLACE(42, 1, -1, 0), &ev);
    const PulEvent *d = find_event(&ev, PUL_EV_DREW);
    CHECK(d && d->count == 1);
    CHECK(pul_game_in_extra_turn(g));
}

static void test_hidden_tiles_do_not_show(void) {
    PulVariant *v = micropul_with(NULL);
    PulGame *a = scripted(v, 2, prefix_a, 13);
    PulGame *b = scripted(v, 2, prefix_b, 13);
    PulObservation oa, ob;
    pul_observe(a, 0, &oa);
    pul_observe(b, 0, &ob);
    CHECK(memcmp(&oa, &ob, sizeof oa) == 0);
    pul_observe(a, 1, &oa);
    pul_observe(b, 1, &ob);
    CHECK(memcmp(&oa, &ob, sizeof oa) != 0); /* seat 1's own hand differs */

    play(a);
    play(b);
    /* Seat 0's supply holds 8 in one game and 10 in the other: a supply is
    ** face down, even to its owner. */
    uint8_t sa[4], sb[4];
    CHECK_INT(pul_game_supply(a, 0, sa, (int)(sizeof sa / sizeof sa[0])), 1);
    CHECK_INT(pul_game_supply(b, 0, sb, (int)(sizeof sb / sizeof sb[0])), 1);
    CHECK_INT(sa[0], 8);
    CHECK_INT(sb[0], 10);
    pul_observe(a, 0, &oa);
    pul_observe(b, 0, &ob);
    CHECK(memcmp(&oa, &ob, sizeof oa) == 0);
    CHECK_INT(oa.supply_count[0], 1);
    CHECK_INT(oa.hand_count[0], 4);
    CHECK(oa.extra_turn);
    CHECK_INT(oa.nstones, 1);
    CHECK(oa.stones[0].x == 0 && oa.stones[0].y == 0 && oa.stones[0].quad == PUL_SW &&
          oa.stones[0].seat == 1);
    CHECK(oa.stones_left[0] == 3 && oa.stones_left[1] == 2);
    CHECK_INT(oa.nplaced, 3);
    CHECK(oa.placed[2].tile == 42 && oa.placed[2].x == 1 && oa.placed[2].y == -1);
    /* 48 tiles less 3 placed less 4 in hand. */
    CHECK_INT(oa.nunseen, 41);
    for (int i = 1; i < oa.nunseen; i++) CHECK(oa.unseen[i - 1] < oa.unseen[i]);
    /* Exactly the core, every supply (seat 0's own included) and seat 1's
    ** hand, in id order. */
    bool hidden[48] = {false};
    uint8_t buf[48];
    int nc = pul_game_core_initial(a, buf, (int)(sizeof buf / sizeof buf[0]));
    for (int i = pul_game_core_drawn(a); i < nc; i++) hidden[buf[i]] = true;
    for (int s = 0; s < 2; s++) {
        int k = pul_game_supply(a, s, buf, (int)(sizeof buf / sizeof buf[0]));
        for (int i = 0; i < k; i++) hidden[buf[i]] = true;
    }
    int k = pul_game_hand(a, 1, buf, (int)(sizeof buf / sizeof buf[0]));
    for (int i = 0; i < k; i++) hidden[buf[i]] = true;
    int m = 0;
    for (int t = 0; t < 48; t++)
        if (hidden[t]) {
            if (m < oa.nunseen) CHECK_INT(oa.unseen[m], t);
            m++;
        }
    CHECK_INT(m, oa.nunseen);
    CHECK(hidden[8] && hidden[12]);
    /* Taking the tile makes it seen: the observations now differ. */
    APPLY_OK(a, A_TAKE(PUL_NO_TILE), NULL);
    APPLY_OK(b, A_TAKE(PUL_NO_TILE), NULL);
    pul_observe(a, 0, &oa);
    pul_observe(b, 0, &ob);
    CHECK(memcmp(&oa, &ob, sizeof oa) != 0);
    bool a8 = false, b10 = false;
    for (int i = 0; i < oa.hand_count[0]; i++) a8 = a8 || oa.hand[i] == 8;
    for (int i = 0; i < ob.hand_count[0]; i++) b10 = b10 || ob.hand[i] == 10;
    CHECK(a8 && b10);
    CHECK_INT(oa.nunseen, 40);
    /* Seat 1 saw nothing of it. */
    pul_observe(a, 1, &oa);
    CHECK_INT(oa.hand_count[0], 5);
    CHECK_INT(oa.supply_count[0], 0);
    pul_game_free(a);
    pul_game_free(b);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_start_observation);
    RUN(test_hidden_tiles_do_not_show);
    return CHECK_DONE();
}
