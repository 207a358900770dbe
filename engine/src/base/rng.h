/*
** rng.h: the engine's generator (xoroshiro128**) inline, for the hot loops;
** rng.c exports the same functions to the public API.
*/
#ifndef PUL_RNG_H
#define PUL_RNG_H

#include "pul.h"

static inline uint64_t rng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(PulRng *rng) {
    uint64_t s0 = rng->s[0], s1 = rng->s[1];
    uint64_t result = rng_rotl(s0 * 5, 7) * 9;
    s1 ^= s0;
    rng->s[0] = rng_rotl(s0, 24) ^ s1 ^ (s1 << 16);
    rng->s[1] = rng_rotl(s1, 37);
    return result;
}

/* Lemire's multiply-and-reject on 32 random bits: unbiased, and the
** division runs only in the rare rejection zone. */
static inline uint32_t rng_below32(uint32_t bits, uint32_t n, PulRng *rng) {
    uint64_t m = (uint64_t)bits * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(rng_next(rng) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

static inline uint32_t rng_below(PulRng *rng, uint32_t n) {
    return rng_below32((uint32_t)(rng_next(rng) >> 32), n, rng);
}

#endif
