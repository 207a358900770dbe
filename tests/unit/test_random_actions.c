/*
** test_random_actions.c: pul_random_actions, n draws from one position in one
** call (Micropul shares the tries' set-up and the exact draw's counts between
** them), against n calls of pul_random_action: the same actions, the same
** count, and the generator left in the same state, on every position of
** games of every shipped edition, for 1 to 5 draws.
*/
#include <stdio.h>

#include "game_util.h"

enum { MAX_N = 5 };

typedef struct {
    long calls, mismatches;
    long exact;  /* single draws that went past the tries to the exact draw */
    long shared; /* calls where two draws or more went to the exact draw */
} Tally;

/* Generator steps from a to b (up to limit; limit + 1 when farther). */
static int steps_between(PulRng a, const PulRng *b, int limit) {
    for (int k = 0; k <= limit; k++) {
        if (memcmp(&a, b, sizeof a) == 0) return k;
        pul_rng_next(&a);
    }
    return limit + 1;
}

static void play(const PulVariant *v, int nseats, uint64_t seed, void *ctx) {
    Tally *t = ctx;
    PulGame *g = pul_game_new(v);
    CHECK(g != NULL);
    if (!g) return;
    CHECK(pul_game_start(g, nseats, seed, NULL, 0, NULL) == PUL_OK);
    PulRng rng;
    pul_rng_seed(&rng, seed * 7 + 3);
    for (int step = 0; step < 300 && !pul_game_over(g); step++) {
        for (int n = 1; n <= MAX_N; n++) {
            PulRng many_rng = rng, one_rng = rng;
            PulAction many[MAX_N], one[MAX_N];
            int got = pul_random_actions(g, &many_rng, many, n), want = 0, exact = 0;
            while (want < n) {
                PulRng before = one_rng;
                if (!pul_random_action(g, &one_rng, &one[want])) break;
                /* Four 64-bit draws serve the eight tries; one more is the exact draw. */
                exact += steps_between(before, &one_rng, 4) > 4;
                want++;
            }
            t->calls++;
            t->exact += exact;
            t->shared += exact >= 2;
            bool same = got == want && memcmp(&many_rng, &one_rng, sizeof rng) == 0;
            for (int i = 0; same && i < got; i++) same = same_action(&many[i], &one[i]);
            if (!same) {
                if (t->mismatches++ == 0)
                    fprintf(stderr, "  %s, %d seats, seed %llu, action %d, %d draws: not what %d "
                                    "single draws give (%d drawn, %d wanted)\n",
                            pul_variant_name(v), nseats, (unsigned long long)seed, step + 1, n, n,
                            got, want);
                CHECK(false);
                pul_game_free(g);
                return;
            }
        }
        PulAction a;
        if (!pul_random_action(g, &rng, &a)) break;
        CHECK(pul_apply_trusted(g, &a) == PUL_LEGAL);
    }
    if (pul_game_over(g)) {
        PulAction a[MAX_N];
        CHECK(pul_random_actions(g, &rng, a, MAX_N) == 0);
    }
    pul_game_free(g);
}

int main(void) {
    Tally t = {0, 0, 0, 0};
    each_shipped_game(6, play, &t);
    CHECK(t.mismatches == 0);
    /* Real games were played, and the shared counts were used again. */
    CHECK(t.calls > 5000);
    CHECK(t.exact > 100);
    CHECK(t.shared > 50);
    if (!check_failures)
        printf("test_random_actions: %ld calls alike (%ld draws past the tries, %ld calls with "
               "two or more)\n",
               t.calls, t.exact, t.shared);
    return CHECK_DONE();
}
