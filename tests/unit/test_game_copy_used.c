/*
** test_game_copy_used.c: search's copy (pul_game_copy_used) gives a game that
** plays as a whole copy does, in every shipped edition and the wide layout,
** whatever game the target held before: the same actions, values, results.
*/
#include "game_util.h"

static PulAction list_a[PUL_MAX_ACTIONS], list_b[PUL_MAX_ACTIONS];
static PulObservation obs_a, obs_b;

/* Whether a and b answer every question alike now. */
static bool same_answers(const PulGame *a, const PulGame *b) {
    int n = pul_legal_actions(a, list_a, PUL_MAX_ACTIONS);
    if (n != pul_legal_actions(b, list_b, PUL_MAX_ACTIONS)) return false;
    if (n > PUL_MAX_ACTIONS) n = PUL_MAX_ACTIONS;
    if (memcmp(list_a, list_b, sizeof list_a[0] * (size_t)n) != 0) return false;
    if (pul_game_over(a) != pul_game_over(b) || pul_game_to_move(a) != pul_game_to_move(b) ||
        pul_game_turns(a) != pul_game_turns(b))
        return false;
    int sa[PUL_MAX_SEATS], sb[PUL_MAX_SEATS], seats = pul_game_seats(a);
    if (seats != pul_game_seats(b)) return false;
    pul_game_scores(a, sa, PUL_MAX_SEATS);
    pul_game_scores(b, sb, PUL_MAX_SEATS);
    for (int s = 0; s < seats; s++) {
        if (sa[s] != sb[s] || pul_game_margin(a, s) != pul_game_margin(b, s)) return false;
        pul_observe(a, s, &obs_a);
        pul_observe(b, s, &obs_b);
        if (pul_observation_hash(pul_game_variant(a), &obs_a) !=
            pul_observation_hash(pul_game_variant(b), &obs_b))
            return false;
    }
    return true;
}

/* a and b played on alike (the same draws on each) up to moves actions:
** whether they stay alike, checked after every action. */
static bool play_alike(PulGame *a, PulGame *b, uint64_t seed, int moves) {
    PulRng ra, rb;
    pul_rng_seed(&ra, seed);
    pul_rng_seed(&rb, seed);
    for (int k = 0; k < moves && !pul_game_over(a); k++) {
        PulAction x, y;
        bool got = pul_random_action(a, &ra, &x);
        if (got != pul_random_action(b, &rb, &y)) return false;
        if (!got) break;
        if (memcmp(&x, &y, sizeof x) != 0) return false;
        /* one side on each apply: their results must still agree */
        if (pul_apply(a, &x, NULL) != PUL_LEGAL || pul_apply_trusted(b, &y) != PUL_LEGAL)
            return false;
        if (!same_answers(a, b)) return false;
    }
    return true;
}

typedef struct {
    long copies;
    bool failed;
} Counts;

/* A random game g of v; at each position its search copy (over a target
** that held another game, further on or just begun) must play as its whole
** copy does, on from there and after a deal from the seat's observation. */
static void play(const PulVariant *v, int nseats, uint64_t seed, void *ctx) {
    Counts *c = ctx;
    PulGame *g = pul_game_new(v), *other = pul_game_new(v), *used = pul_game_new(v),
            *whole = pul_game_new(v);
    CHECK(g && other && used && whole);
    if (!g || !other || !used || !whole) goto done;
    CHECK(pul_game_start(g, nseats, seed, NULL, 0, NULL) == PUL_OK);
    /* The other game: another deal, played further than g gets to at first. */
    CHECK(pul_game_start(other, nseats, seed + 1000, NULL, 0, NULL) == PUL_OK);
    PulRng rng;
    pul_rng_seed(&rng, seed * 7 + 3);
    PulAction a;
    for (int k = 0; k < 12 && pul_random_action(other, &rng, &a); k++)
        CHECK(pul_apply_trusted(other, &a) == PUL_LEGAL);
    for (int step = 0; step < PUL_ACTION_LIMIT && !pul_game_over(g) && !c->failed; step++) {
        /* Targets in turn: the other game, a game begun, the last copy played on. */
        if (step % 3 == 0) pul_game_copy(used, other);
        if (step % 3 == 1) CHECK(pul_game_start(used, nseats, seed + 2000, NULL, 0, NULL) == PUL_OK);
        pul_game_copy_used(used, g);
        pul_game_copy(whole, g);
        bool alike = same_answers(used, whole) && play_alike(used, whole, seed + (uint64_t)step, 8);
        if (alike && step % 4 == 0) {
            /* A deal from the observation on each, as MCTS deals on its copy. */
            int seat = pul_game_to_move(g);
            pul_game_copy_used(used, g);
            pul_game_copy(whole, g);
            pul_observe(g, seat, &obs_a);
            PulRng da, db;
            pul_rng_seed(&da, seed + 77);
            pul_rng_seed(&db, seed + 77);
            alike = pul_game_from_observation(used, &obs_a, &da, NULL) == PUL_OK &&
                    pul_game_from_observation(whole, &obs_a, &db, NULL) == PUL_OK &&
                    same_answers(used, whole) && play_alike(used, whole, seed + 5, 8);
        }
        if (!alike) {
            fprintf(stderr, "  %s, %d seats, seed %llu: the copy differs at action %d\n",
                    pul_variant_name(v), nseats, (unsigned long long)seed, step + 1);
            CHECK(false);
            c->failed = true; /* one report is enough */
            break;
        }
        c->copies++;
        if (!pul_random_action(g, &rng, &a)) break;
        CHECK(pul_apply_trusted(g, &a) == PUL_LEGAL);
        /* Now and then the other game moves on too: its board changes under the target. */
        if (step % 5 == 4 && !pul_game_over(other) && pul_random_action(other, &rng, &a))
            CHECK(pul_apply_trusted(other, &a) == PUL_LEGAL);
    }
done:
    pul_game_free(g);
    pul_game_free(other);
    pul_game_free(used);
    pul_game_free(whole);
}

int main(void) {
    Counts c = {0, false};
    each_shipped_game(2, play, &c);
    /* The wide layout (more than 62 tiles): its cells sit in probed slots. */
    PulTileSet ts;
    all_white_tiles(&ts, "white-90", 90);
    PulError err;
    PulVariant *wide = pul_variant_new("white-90", &ts, NULL, &err);
    CHECK(wide != NULL);
    if (wide) {
        CHECK(pul_variant_game_size(wide) > pul_game_size());
        for (uint64_t seed = 1; seed <= 2; seed++) play(wide, 2, seed, &c);
        pul_variant_free(wide);
    }
    CHECK(c.copies > 1000);
    if (!check_failures) printf("test_game_copy_used: %ld copies played as whole ones\n", c.copies);
    return CHECK_DONE();
}
