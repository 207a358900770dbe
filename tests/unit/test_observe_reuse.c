/*
** test_observe_reuse.c: what the lab's speed rests on (issue 15 point 4): an
** observation does not depend on what its buffer held, a bot kept from game
** to game (pul_bot_reseed) chooses as a new one, an observation brought up
** to date (pul_observe_update) is byte for byte a fresh one, bots sharing
** their determinization (pul_bot_share_game) choose as bots alone, and a bad
** tile list is named.
*/
#include <stdlib.h>

#include "game_util.h"

typedef struct {
    long observed, chosen;
} Tally;

/* pul_observe of seat into a buffer that held junk, and into one that held
** the seat's last observation, against one into zeroed memory; the seat's
** observation kept through the game and brought up to date (upd), and one of
** another seat brought up to date for this one (observed afresh), alike. */
static void same_observation(const PulGame *g, int seat, PulObservation *last,
                             PulObservation *upd, const PulObservation *other) {
    static PulObservation zero, junk, cross;
    memset(&zero, 0, sizeof zero);
    memset(&junk, 0xA5, sizeof junk);
    pul_observe(g, seat, &zero);
    pul_observe(g, seat, &junk);
    pul_observe(g, seat, last);
    pul_observe_update(g, seat, upd);
    cross = *other;
    pul_observe_update(g, seat, &cross);
    CHECK(memcmp(&zero, &junk, sizeof zero) == 0);
    CHECK(memcmp(&zero, last, sizeof zero) == 0);
    CHECK(memcmp(&zero, upd, sizeof zero) == 0);
    CHECK(memcmp(&zero, &cross, sizeof zero) == 0);
}

/* Two games in a row with the same seats: each seat has a bot kept from the
** first game into the second (reseeded; the seats' kept bots share one
** determinization) and a bot made for this game; both must choose the same
** action at every move. The kind varies with the seed. */
static void play(const PulVariant *v, int nseats, uint64_t seed, void *ctx) {
    Tally *t = ctx;
    static const char *const kinds[] = {"random", "greedy", "mcts:iters=30"};
    const char *spec = kinds[seed % 3];
    PulBot *kept[PUL_MAX_SEATS] = {NULL};
    static PulObservation last[PUL_MAX_SEATS], upd[PUL_MAX_SEATS];
    memset(last, 0, sizeof last);
    PulGame *g = pul_game_new(v);
    for (int round = 0; round < 2 && !check_failures; round++) {
        uint64_t game_seed = seed * 100 + (uint64_t)round;
        CHECK(pul_game_start(g, nseats, game_seed, NULL, 0, NULL) == PUL_OK);
        PulBot *fresh[PUL_MAX_SEATS] = {NULL};
        for (int s = 0; s < nseats; s++) {
            uint64_t bs = game_seed * 7 + (uint64_t)s;
            if (kept[s]) {
                pul_bot_reseed(kept[s], bs);
            } else {
                kept[s] = pul_bot_new(v, spec, bs, NULL);
                /* the kept bots share one game, as pul sim's do (MCTS cannot) */
                if (s > 0 && kept[s])
                    CHECK(pul_bot_share_game(kept[s], kept[s - 1]) == (seed % 3 != 2));
            }
            fresh[s] = pul_bot_new(v, spec, bs, NULL);
            CHECK(kept[s] && fresh[s]);
        }
        for (int s = 0; s < nseats; s++) pul_observe(g, s, &upd[s]);
        /* greedy and MCTS are slow: a few dozen moves of them tell */
        int limit = seed % 3 ? 16 : PUL_ACTION_LIMIT;
        for (int step = 0; step < limit && !pul_game_over(g) && !check_failures; step++) {
            for (int s = 0; s < nseats; s++) {
                same_observation(g, s, &last[s], &upd[s], &upd[(s + 1) % nseats]);
                t->observed++;
            }
            int seat = pul_game_to_move(g);
            PulAction a, b;
            PulError err;
            CHECK(pul_bot_choose(kept[seat], &last[seat], &a, &err) == PUL_OK);
            CHECK(pul_bot_choose(fresh[seat], &last[seat], &b, &err) == PUL_OK);
            CHECK(memcmp(&a, &b, sizeof a) == 0);
            t->chosen++;
            CHECK(pul_apply(g, &a, NULL) == PUL_LEGAL);
        }
        for (int s = 0; s < nseats; s++) pul_bot_free(fresh[s]);
    }
    for (int s = 0; s < nseats; s++) pul_bot_free(kept[s]);
    pul_game_free(g);
}

/* A tile listed twice, or out of range, is named as such (the first fault
** in list order: hand, known, placed, unseen), and nothing half built stays. */
static void test_bad_tiles(void) {
    PulVariant *v = open_edition("micropul", NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v), *det = pul_game_new(v);
    CHECK(pul_game_start(g, 2, 3, NULL, 0, NULL) == PUL_OK);
    PulRng rng;
    pul_rng_seed(&rng, 4);
    for (int i = 0; i < 10; i++) {
        PulAction a;
        CHECK(pul_random_action(g, &rng, &a) && pul_apply(g, &a, NULL) == PUL_LEGAL);
    }
    PulObservation obs, bad;
    pul_observe(g, 0, &obs);
    CHECK(obs.hand_count[0] > 0 && obs.nunseen > 1);
    PulError err;
    CHECK(pul_game_from_observation(det, &obs, NULL, &err) == PUL_OK);

    /* a check fails before the game is touched: it stays as it was */
    PulGame *before = pul_game_new(v);
    pul_game_copy(before, det);
    bad = obs;
    bad.unseen[1] = bad.unseen[0];
    CHECK(pul_game_from_observation(det, &bad, NULL, &err) != PUL_OK);
    CHECK(strstr(err.message, "a tile is listed twice") != NULL);
    CHECK(memcmp(before, det, pul_game_size()) == 0);
    pul_game_free(before);

    bad = obs;
    bad.hand[0] = 200;
    CHECK(pul_game_from_observation(det, &bad, NULL, &err) != PUL_OK);
    CHECK(strstr(err.message, "a tile id is out of range") != NULL);

    bad = obs;
    bad.hand[0] = -1;
    CHECK(pul_game_from_observation(det, &bad, NULL, &err) != PUL_OK);
    CHECK(strstr(err.message, "a tile id is out of range") != NULL);

    /* out of range in the hand comes before a repeat in the unseen list */
    bad = obs;
    bad.hand[0] = 99;
    bad.unseen[1] = bad.unseen[0];
    CHECK(pul_game_from_observation(det, &bad, NULL, &err) != PUL_OK);
    CHECK(strstr(err.message, "a tile id is out of range") != NULL);

    /* a hand tile also shown as placed */
    bad = obs;
    bad.hand[0] = bad.placed[0].tile;
    CHECK(pul_game_from_observation(det, &bad, NULL, &err) != PUL_OK);
    CHECK(strstr(err.message, "a tile is listed twice") != NULL);

    /* Ids past 63 that share their low six bits with a tile of the set, in
    ** each list, on both paths (the kept one with its memo's placed tiles):
    ** an id is tested whole, not by the bit it would set. */
    size_t msize = pul_observation_memo_size(v);
    void *memo = calloc(1, msize);
    PulGame *kept = pul_game_new(v);
    CHECK(memo && kept);
    for (int path = 0; path < 2; path++) {
        for (int c = 0; c < 5; c++) {
            /* the kept path meets each bad observation with its memo up to date */
            if (path) CHECK(pul_game_from_observation_kept(kept, &obs, memo, &err) == PUL_OK);
            bad = obs;
            switch (c) {
            case 0: bad.unseen[0] = (uint8_t)(bad.unseen[0] + 64); break;
            case 1: bad.unseen[bad.nunseen - 1] = (uint8_t)(bad.unseen[bad.nunseen - 1] + 192); break;
            case 2: bad.hand[0] += 128; break;
            case 3: bad.hand[0] -= 64 * (bad.hand[0] / 64 + 1); break; /* negative */
            default: bad.placed[bad.nplaced - 1].tile = (uint8_t)(bad.placed[bad.nplaced - 1].tile + 64); break;
            }
            PulStatus st = path ? pul_game_from_observation_kept(kept, &bad, memo, &err)
                                : pul_game_from_observation(det, &bad, NULL, &err);
            CHECK(st != PUL_OK);
            if (st != PUL_OK && c < 4) CHECK(strstr(err.message, "a tile id is out of range") != NULL);
        }
    }
    /* and a tile of the set missing (one listed twice) with the memo's help */
    CHECK(pul_game_from_observation_kept(kept, &obs, memo, &err) == PUL_OK);
    bad = obs;
    bad.unseen[0] = bad.placed[0].tile;
    CHECK(pul_game_from_observation_kept(kept, &bad, memo, &err) != PUL_OK);
    CHECK(strstr(err.message, "a tile is listed twice") != NULL);
    pul_game_free(kept);
    free(memo);

    /* and the good one again is the rebuild a new object gets */
    CHECK(pul_game_from_observation(det, &obs, NULL, &err) == PUL_OK);
    PulGame *f = pul_game_new(v);
    CHECK(pul_game_from_observation(f, &obs, NULL, &err) == PUL_OK);
    CHECK(memcmp(f, det, pul_game_size()) == 0);
    pul_game_free(f);
    pul_game_free(det);
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    Tally t = {0, 0};
    each_shipped_game(3, play, &t);
    test_bad_tiles();
    CHECK(t.observed > 3000 && t.chosen > 1000);
    if (!check_failures)
        printf("test_observe_reuse: %ld observations alike whatever the buffer held, %ld "
               "choices of kept bots alike\n",
               t.observed, t.chosen);
    return CHECK_DONE();
}
