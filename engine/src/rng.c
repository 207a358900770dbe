/*
** rng.c: the engine's one seedable generator (xoroshiro128**).
** Every random choice of the engine, bots and tools goes through it.
*/
#include "pul.h"

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

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

uint64_t pul_rng_next(PulRng *rng) {
    uint64_t s0 = rng->s[0], s1 = rng->s[1];
    uint64_t result = rotl(s0 * 5, 7) * 9;
    s1 ^= s0;
    rng->s[0] = rotl(s0, 24) ^ s1 ^ (s1 << 16);
    rng->s[1] = rotl(s1, 37);
    return result;
}

/* Lemire's multiply-and-reject: unbiased without a division in the common case. */
uint32_t pul_rng_below(PulRng *rng, uint32_t n) {
    uint64_t m = (uint64_t)(uint32_t)(pul_rng_next(rng) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(pul_rng_next(rng) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}
