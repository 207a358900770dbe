/*
** test_apply_trusted.c: the playout path (pul_apply_trusted) leaves every
** game exactly as pul_apply does, in every shipped edition (hooked ones too).
*/
#include "game_util.h"

/* Two games in lockstep: one through pul_apply, one through
** pul_apply_trusted, the same random actions; byte-identical after each. */
static void lockstep(const PulVariant *v, int nseats, uint64_t seed, void *ctx) {
    long *actions = ctx;
    PulGame *checked = pul_game_new(v), *trusted = pul_game_new(v);
    CHECK(checked && trusted);
    if (!checked || !trusted) goto done;
    CHECK(pul_game_start(checked, nseats, seed, NULL, 0, NULL) == PUL_OK);
    CHECK(pul_game_start(trusted, nseats, seed, NULL, 0, NULL) == PUL_OK);
    PulRng rng;
    pul_rng_seed(&rng, seed * 7 + 1);
    for (int step = 0; step < PUL_ACTION_LIMIT && !pul_game_over(checked); step++) {
        PulAction a;
        if (!pul_random_action(checked, &rng, &a)) break;
        PulEvents ev;
        CHECK(pul_apply(checked, &a, &ev) == PUL_LEGAL);
        CHECK(pul_apply_trusted(trusted, &a) == PUL_LEGAL);
        /* a random take resolves the same way: both games drew from one rng state */
        if (memcmp(checked, trusted, pul_game_size()) != 0) {
            fprintf(stderr, "  %s, seed %llu: games differ after action %d\n",
                    pul_variant_name(v), (unsigned long long)seed, step + 1);
            CHECK(false);
            break;
        }
        (*actions)++;
    }
    CHECK(pul_game_over(checked) == pul_game_over(trusted));
done:
    pul_game_free(checked);
    pul_game_free(trusted);
}

int main(void) {
    long actions = 0;
    each_shipped_game(6, lockstep, &actions);
    /* Games of every edition were really played (not cut short at the start). */
    CHECK(actions > 2000);
    if (!check_failures) printf("test_apply_trusted: %ld actions alike\n", actions);
    return CHECK_DONE();
}
