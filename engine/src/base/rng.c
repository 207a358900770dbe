/*
** rng.c: the engine's one seedable generator (xoroshiro128**), exported.
** Every random choice of the engine, bots and tools goes through it.
*/
#include "rng.h"

/* splitmix64 spreads any seed, 0 included, over the whole state. */
static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void pul_rng_seed(PulRng *rng, uint64_t seed) {
    rng->s[0] = splitmix(&seed);
    rng->s[1] = splitmix(&seed);
}

uint64_t pul_rng_next(PulRng *rng) { return rng_next(rng); }

uint32_t pul_rng_below(PulRng *rng, uint32_t n) { return rng_below(rng, n); }
