/*
** test_action_draws.c: the kinds a Genial refill or swap names, packed into a
** PulAction (pul_action_draws, pul_action_set_draws): round trips, the packed
** values, the count past eight and the actions that name none.
*/
#include <stdint.h>
#include <string.h>

#include "game_util.h"

/* Every count 0..8 comes back as set, in order, whatever a held before. */
static void test_round_trip(void) {
    static const uint8_t kinds[8] = {20, 0, 35, 7, 255, 1, 128, 9};
    for (int kind = PUL_REFILL; kind <= PUL_SWAP; kind++) {
        for (int n = 0; n <= 8; n++) {
            PulAction a = {(uint8_t)kind, 3, 4, 1, -1, INT32_MIN};
            pul_action_set_draws(&a, kinds, n);
            uint8_t got[8] = {0};
            CHECK_INT(pul_action_draws(&a, got, 8), n);
            CHECK(memcmp(got, kinds, (size_t)n) == 0);
            CHECK_INT(a.kind, kind);
            CHECK_INT(a.tile, n);
            CHECK_INT(a.rot, 4);   /* only tile, x and y carry the draws */
            CHECK_INT(a.quad, 1);
        }
    }
}

/* Kind i lies in byte i % 4 of x (i < 4) or y, counted from the low end of
** the value, so a record written on one machine means the same on another;
** the bytes past the count are 0, so equal draws make equal actions. */
static void test_packing(void) {
    static const uint8_t kinds[8] = {1, 2, 3, 4, 5, 6, 7, 0xff};
    PulAction a = {PUL_REFILL, 0, 0, 0, 0, 0};
    pul_action_set_draws(&a, kinds, 8);
    CHECK_INT(a.x, 0x04030201);
    CHECK_INT((uint32_t)a.y, 0xff070605u);
    CHECK(a.y < 0);
    pul_action_set_draws(&a, kinds, 5);
    CHECK_INT(a.x, 0x04030201);
    CHECK_INT(a.y, 5);
    PulAction b = {PUL_REFILL, 9, 0, 0, 77, -77};
    pul_action_set_draws(&b, kinds, 5);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    pul_action_set_draws(&b, kinds, 0);
    CHECK_INT(b.tile, 0);
    CHECK_INT(b.x, 0);
    CHECK_INT(b.y, 0);
}

/* More than eight named: the first eight are kept and the count stays what
** was named (254 at most: 255 is a random draw), so the family can refuse it. */
static void test_more_than_eight(void) {
    uint8_t kinds[300];
    for (int i = 0; i < 300; i++) kinds[i] = (uint8_t)(i + 10);
    PulAction a = {PUL_SWAP, 0, 0, 0, 0, 0};
    pul_action_set_draws(&a, kinds, 9);
    uint8_t got[16];
    memset(got, 0xee, sizeof got);
    CHECK_INT(pul_action_draws(&a, got, 16), 9);
    CHECK(memcmp(got, kinds, 8) == 0);
    CHECK_INT(got[8], 0xee);
    pul_action_set_draws(&a, kinds, 300);
    CHECK_INT(pul_action_draws(&a, got, 16), PUL_NO_SUCH_TILE);
    CHECK(memcmp(got, kinds, 8) == 0);
    /* a short buffer takes what fits; NULL with max 0 counts */
    memset(got, 0xee, sizeof got);
    CHECK_INT(pul_action_draws(&a, got, 3), PUL_NO_SUCH_TILE);
    CHECK(memcmp(got, kinds, 3) == 0 && got[3] == 0xee);
    CHECK_INT(pul_action_draws(&a, NULL, 0), PUL_NO_SUCH_TILE);
    pul_action_set_draws(&a, kinds, -3);
    CHECK_INT(pul_action_draws(&a, got, 16), 0);
}

/* A random draw and every action that is not a refill or swap name none. */
static void test_names_none(void) {
    uint8_t got[8];
    PulAction random_refill = {PUL_REFILL, PUL_NO_TILE, 0, 0, 0x01010101, 0};
    CHECK_INT(pul_action_draws(&random_refill, got, 8), 0);
    for (int kind = PUL_PLACE; kind <= PUL_PASS; kind++) {
        PulAction a = {(uint8_t)kind, 3, 0, 0, 0x01010101, 0x01010101};
        CHECK_INT(pul_action_draws(&a, got, 8), 0);
    }
    CHECK_INT(pul_action_draws(NULL, got, 8), 0);
    pul_action_set_draws(NULL, got, 3);   /* no crash */
}

/* Micropul has no refill or swap: its check refuses them as no action at all,
** and the game is left as it was. */
static void test_micropul_refuses(void) {
    PulVariant *v = micropul_with(NULL);
    PulGame *g = v ? pul_game_new(v) : NULL;
    PulGame *before = v ? pul_game_new(v) : NULL;
    PulError err;
    if (!g || !before || pul_game_start(g, 2, 7, NULL, 0, &err) != PUL_OK) {
        CHECK(false);
    } else {
        static const uint8_t kinds[2] = {0, 1};
        for (int kind = PUL_REFILL; kind <= PUL_SWAP; kind++) {
            PulAction a = {(uint8_t)kind, 0, 0, 0, 0, 0};
            pul_action_set_draws(&a, kinds, 2);
            pul_game_copy(before, g);
            CHECK_INT(pul_check(g, &a), PUL_R_BAD_ACTION);
            CHECK_INT(pul_apply(g, &a, NULL), PUL_R_BAD_ACTION);
            CHECK(memcmp(g, before, pul_game_size()) == 0);
        }
    }
    pul_game_free(before);
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_round_trip);
    RUN(test_packing);
    RUN(test_more_than_eight);
    RUN(test_names_none);
    RUN(test_micropul_refuses);
    return CHECK_DONE();
}
