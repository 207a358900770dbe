/*
** test_list_getters.c: the getters that fill a caller's list take its size:
** a short buffer gets exactly max entries and nothing past them, a NULL one
** with max 0 counts, and each returns the full count either way.
*/
#include "game_util.h"

/* What a buffer holds before a getter writes, to see where it stopped. */
#define MARK 0xA5

/* part holds MARK in every byte after its first kept entries (elem bytes
** each), up to size bytes: nothing was written past them. */
static void check_rest(const void *part, size_t elem, int kept, size_t size) {
    const unsigned char *p = part;
    for (size_t i = (size_t)kept * elem; i < size; i++)
        if (p[i] != MARK) {
            CHECK_INT(p[i], MARK);
            break;
        }
}

/* A seeded game played at random until the lists are long enough to cut:
** three tiles placed, two stones on the board, a supply of two, seat 0's
** hand of two. */
static PulGame *played(const PulVariant *v) {
    PulGame *g = pul_game_new(v);
    for (uint64_t seed = 1; seed < 200; seed++) {
        PulError err;
        if (pul_game_start(g, 2, seed, NULL, 0, &err) != PUL_OK) break;
        PulRng rng;
        pul_rng_seed(&rng, seed);
        for (int step = 0; step < 200 && !pul_game_over(g); step++) {
            if (pul_game_placed(g, NULL, 0) >= 3 && pul_game_stones_on_board(g, NULL, 0) >= 2 &&
                pul_game_hand(g, 0, NULL, 0) >= 2 &&
                (pul_game_supply(g, 0, NULL, 0) >= 2 || pul_game_supply(g, 1, NULL, 0) >= 2))
                return g;
            PulAction a;
            if (!pul_random_action(g, &rng, &a) || pul_apply(g, &a, NULL) != PUL_LEGAL) break;
        }
    }
    pul_game_free(g);
    return NULL;
}

/* One byte-list getter: full, cut to n - 1, to 0, and counted with NULL. */
#define CHECK_TILE_LIST(call_with)                                                \
    do {                                                                          \
        uint8_t full[PUL_MAX_TILES], part[PUL_MAX_TILES];                         \
        uint8_t *buf = full;                                                      \
        int max = PUL_MAX_TILES;                                                  \
        int n = call_with;                                                        \
        CHECK(n >= 2);                                                            \
        buf = part;                                                               \
        memset(part, MARK, sizeof part);                                          \
        max = n - 1;                                                              \
        CHECK_INT(call_with, n);                                                  \
        CHECK(memcmp(full, part, (size_t)n - 1) == 0);                            \
        check_rest(part, 1, n - 1, sizeof part);                                  \
        memset(part, MARK, sizeof part);                                          \
        max = 0;                                                                  \
        CHECK_INT(call_with, n);                                                  \
        check_rest(part, 1, 0, sizeof part);                                      \
        buf = NULL;                                                               \
        CHECK_INT(call_with, n);                                                  \
    } while (0)

static void test_tile_lists(void) {
    PulVariant *v = micropul_with(NULL);
    PulGame *g = played(v);
    CHECK(g != NULL);
    if (!g) return;
    int rich = pul_game_supply(g, 0, NULL, 0) >= 2 ? 0 : 1;
    CHECK_TILE_LIST(pul_game_core_initial(g, buf, max));
    CHECK_TILE_LIST(pul_game_hand(g, 0, buf, max));
    CHECK_TILE_LIST(pul_game_supply(g, rich, buf, max));
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_board_lists(void) {
    PulVariant *v = micropul_with(NULL);
    PulGame *g = played(v);
    CHECK(g != NULL);
    if (!g) return;
    PulPlaced pfull[PUL_MAX_TILES], ppart[PUL_MAX_TILES];
    int np = pul_game_placed(g, pfull, PUL_MAX_TILES);
    CHECK(np >= 3);
    memset(ppart, MARK, sizeof ppart);
    CHECK_INT(pul_game_placed(g, ppart, 2), np);
    check_rest(ppart, sizeof *ppart, 2, sizeof ppart);
    memset(ppart, MARK, sizeof ppart);
    CHECK_INT(pul_game_placed(g, ppart, np), np);
    check_rest(ppart, sizeof *ppart, np, sizeof ppart);
    for (int i = 0; i < np; i++)
        CHECK(ppart[i].tile == pfull[i].tile && ppart[i].rot == pfull[i].rot &&
              ppart[i].x == pfull[i].x && ppart[i].y == pfull[i].y);

    PulStone sfull[PUL_MAX_SEATS * PUL_MAX_STONES], spart[PUL_MAX_SEATS * PUL_MAX_STONES];
    int ns = pul_game_stones_on_board(g, sfull, PUL_MAX_SEATS * PUL_MAX_STONES);
    CHECK(ns >= 2);
    memset(spart, MARK, sizeof spart);
    CHECK_INT(pul_game_stones_on_board(g, spart, 1), ns);
    check_rest(spart, sizeof *spart, 1, sizeof spart);
    CHECK(spart[0].x == sfull[0].x && spart[0].y == sfull[0].y &&
          spart[0].quad == sfull[0].quad && spart[0].seat == sfull[0].seat);
    memset(spart, MARK, sizeof spart);
    CHECK_INT(pul_game_stones_on_board(g, spart, 0), ns);
    check_rest(spart, sizeof *spart, 0, sizeof spart);
    CHECK_INT(pul_game_stones_on_board(g, NULL, 0), ns);
    pul_game_free(g);
    pul_variant_free(v);
}

/* Scores a seat each, and winners: the two seats tie at the start. */
static void test_seat_lists(void) {
    PulVariant *v = micropul_with(NULL);
    PulGame *g = played(v);
    CHECK(g != NULL);
    if (!g) return;
    int full[PUL_MAX_SEATS], part[PUL_MAX_SEATS];
    CHECK_INT(pul_game_scores(g, full, PUL_MAX_SEATS), 2);
    memset(part, MARK, sizeof part);
    CHECK_INT(pul_game_scores(g, part, 1), 2);
    CHECK_INT(part[0], full[0]);
    check_rest(part, sizeof *part, 1, sizeof part);
    CHECK_INT(pul_game_scores(g, NULL, 0), 2);
    CHECK_INT(pul_game_scores_recount(g, full, PUL_MAX_SEATS), 2);
    memset(part, MARK, sizeof part);
    CHECK_INT(pul_game_scores_recount(g, part, 1), 2);
    CHECK_INT(part[0], full[0]);
    check_rest(part, sizeof *part, 1, sizeof part);
    CHECK_INT(pul_game_scores_recount(g, NULL, 0), 2);
    pul_game_free(g);

    g = pul_game_new(v);
    PulError err;
    CHECK_INT(pul_game_start(g, 2, 7, NULL, 0, &err), PUL_OK);
    CHECK_INT(pul_game_winners(g, full, PUL_MAX_SEATS), 2);
    CHECK(full[0] == 0 && full[1] == 1);
    memset(part, MARK, sizeof part);
    CHECK_INT(pul_game_winners(g, part, 1), 2);
    CHECK_INT(part[0], full[0]);
    check_rest(part, sizeof *part, 1, sizeof part);
    memset(part, MARK, sizeof part);
    CHECK_INT(pul_game_winners(g, part, 0), 2);
    check_rest(part, sizeof *part, 0, sizeof part);
    CHECK_INT(pul_game_winners(g, NULL, 0), 2);
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_tile_lists);
    RUN(test_board_lists);
    RUN(test_seat_lists);
    return CHECK_DONE();
}
