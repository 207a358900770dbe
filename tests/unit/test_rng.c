/*
** test_rng.c: the engine's generator: known answers of the published
** algorithms, determinism per seed, range and uniformity of pul_rng_below.
*/
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "pul.h"

/* splitmix64 seeding then xoroshiro128** 1.0 (Blackman and Vigna), worked
** out with an independent script from the published reference code; the
** first splitmix64 output of seed 0, 0xe220a8397b1dcdaf, is the published
** test value. Records that carry only a Seed tag replay only if these hold. */
static void test_known_answers(void) {
    static const struct {
        uint64_t seed;
        uint64_t out[4];
    } kat[] = {
        {0, {0xdec90d521e93e35dULL, 0x6d33ac6f18895e08ULL, 0xab21904eec6fa48aULL,
             0x87afdbc188423fbeULL}},
        {1, {0x65094a0ab526fa3aULL, 0xc768da5cffe53bafULL, 0xea499c65b6398c2dULL,
             0xd5889106271cf596ULL}},
        {12345, {0x89f4caece00c92fdULL, 0x79e82d14ca5e32f1ULL, 0xe0ee89f06b09ec55ULL,
                 0x991a5fdcdc06551eULL}},
    };
    for (size_t k = 0; k < sizeof kat / sizeof *kat; k++) {
        PulRng rng;
        pul_rng_seed(&rng, kat[k].seed);
        for (int i = 0; i < 4; i++) {
            uint64_t v = pul_rng_next(&rng);
            if (v != kat[k].out[i])
                fprintf(stderr, "  seed %llu output %d: %016llx, expected %016llx\n",
                        (unsigned long long)kat[k].seed, i, (unsigned long long)v,
                        (unsigned long long)kat[k].out[i]);
            CHECK(v == kat[k].out[i]);
        }
    }
}

static void test_determinism(void) {
    PulRng a, b;
    pul_rng_seed(&a, 987654321);
    pul_rng_seed(&b, 987654321);
    bool same = true;
    for (int i = 0; i < 10000; i++) same = same && pul_rng_next(&a) == pul_rng_next(&b);
    CHECK(same);
    pul_rng_seed(&a, 7);
    pul_rng_seed(&b, 7);
    same = true;
    for (int i = 0; i < 10000; i++) same = same && pul_rng_below(&a, 1000) == pul_rng_below(&b, 1000);
    CHECK(same);
    /* Seeding again restarts the sequence. */
    pul_rng_seed(&a, 99);
    uint64_t first = pul_rng_next(&a);
    pul_rng_next(&a);
    pul_rng_seed(&a, 99);
    CHECK(pul_rng_next(&a) == first);
}

static void test_seeds_differ(void) {
    /* Neighbouring seeds (and seed 0) give unrelated sequences: no two of the
    ** first outputs coincide, and the all-zero state is never reached. */
    enum { NSEEDS = 64 };
    uint64_t firsts[NSEEDS];
    for (int s = 0; s < NSEEDS; s++) {
        PulRng r;
        pul_rng_seed(&r, (uint64_t)s);
        CHECK(r.s[0] != 0 || r.s[1] != 0);
        firsts[s] = pul_rng_next(&r);
    }
    int clashes = 0;
    for (int i = 0; i < NSEEDS; i++)
        for (int j = i + 1; j < NSEEDS; j++) clashes += firsts[i] == firsts[j];
    CHECK_INT(clashes, 0);
    PulRng a, b;
    pul_rng_seed(&a, 1);
    pul_rng_seed(&b, 2);
    int equal = 0;
    for (int i = 0; i < 1000; i++) equal += pul_rng_below(&a, 6) == pul_rng_below(&b, 6);
    /* Two independent dice agree about 1000/6 = 167 times. */
    CHECK(equal > 100 && equal < 240);
}

static void test_below_range(void) {
    static const uint32_t ns[] = {1, 2, 3, 5, 6, 7, 47, 100, 255, 65536, 1000000007u,
                                  0x80000000u, 0x80000001u, 0xFFFFFFFEu, 0xFFFFFFFFu};
    PulRng rng;
    pul_rng_seed(&rng, 2024);
    for (size_t k = 0; k < sizeof ns / sizeof *ns; k++) {
        uint32_t n = ns[k], lo = UINT32_MAX, hi = 0;
        bool in_range = true;
        for (int i = 0; i < 20000; i++) {
            uint32_t v = pul_rng_below(&rng, n);
            in_range = in_range && v < n;
            if (v < lo) lo = v;
            if (v > hi) hi = v;
        }
        if (!in_range) fprintf(stderr, "  pul_rng_below(%u) left its range\n", n);
        CHECK(in_range);
        if (n == 1) CHECK_INT(hi, 0);
        /* For large n, 20000 draws spread over most of the range. */
        if (n >= 65536) CHECK(lo < n / 100 && hi > n - n / 100);
        if (n <= 100) CHECK_INT(hi, n - 1);
        if (n <= 100) CHECK_INT(lo, 0);
    }
    /* Upper half versus lower half for n just above 2^31 (where a naive
    ** modulo would be badly biased toward the low values). */
    pul_rng_seed(&rng, 5);
    int low = 0;
    for (int i = 0; i < 100000; i++) low += pul_rng_below(&rng, 0xC0000000u) < 0x60000000u;
    /* Expected 50000, sd 158: a 5-sigma bound. */
    CHECK(low > 50000 - 790 && low < 50000 + 790);
}

/* Pearson's statistic over n cells with `per` expected draws per cell. */
static double chi_square(uint64_t seed, uint32_t n, int per) {
    int count[64] = {0};
    PulRng rng;
    pul_rng_seed(&rng, seed);
    for (int i = 0; i < per * (int)n; i++) count[pul_rng_below(&rng, n)]++;
    double chi = 0;
    for (uint32_t k = 0; k < n; k++) {
        double d = count[k] - per;
        chi += d * d / per;
    }
    return chi;
}

static void test_below_uniform(void) {
    /* Degrees of freedom n-1. The bounds are far in the tail (p < 1e-6 for
    ** a good generator: 5 df -> 35.9, 6 df -> 38.3, 46 df -> 110), so a
    ** failure means bias, not bad luck. */
    static const struct {
        uint32_t n;
        double bound;
    } cases[] = {{6, 36.0}, {7, 38.5}, {47, 110.0}, {2, 24.0}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
        for (uint64_t seed = 1; seed <= 5; seed++) {
            double chi = chi_square(seed * 7919, cases[c].n, 20000);
            if (chi >= cases[c].bound)
                fprintf(stderr, "  n=%u seed=%llu chi-square %.1f\n", cases[c].n,
                        (unsigned long long)seed, chi);
            CHECK(chi < cases[c].bound);
        }
    /* And the statistic is not suspiciously small either over 5 runs of
    ** n=7: the mean of chi-square with 6 df is 6. */
    double sum = 0;
    for (uint64_t seed = 100; seed < 105; seed++) sum += chi_square(seed, 7, 20000);
    CHECK(sum / 5 > 0.5);
}

int main(void) {
    RUN(test_known_answers);
    RUN(test_determinism);
    RUN(test_seeds_differ);
    RUN(test_below_range);
    RUN(test_below_uniform);
    return CHECK_DONE();
}
