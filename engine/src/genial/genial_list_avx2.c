/*
** genial_list_avx2.c: the AVX2 writer of Genial's placement list, compiled
** for AVX2 function by function (the rest of the engine keeps the baseline)
** and chosen at run time (genial_list.c).
*/
#include <string.h>

#include "genial_list.h"

#if defined(GENIAL_LIST_HAS_AVX2)
#include <immintrin.h>

/* BMI1 too (every AVX2 processor has it): tzcnt gives a 64-bit index and
** blsr clears the lowest bit in one instruction each, per pair. */
#define LIST_AVX2 __attribute__((target("avx2,bmi")))
#define LIST_INLINE static inline __attribute__((always_inline))

GenialListWriter genial_list_avx2;

/* The pairs this writer leaves to a buffer of its own (its stores run
** up to one vector past a block, which the next block writes over, but past
** the last ones nothing may be written): rest's first words become cand's
** (the set is in them) without its k (<= 2, <= its size) highest pairs,
** whose ids go to ids, lowest first. */
static inline void avx2_peel(const uint64_t *cand, uint64_t *rest, int words, int k, int *ids) {
    memcpy(rest, cand, (size_t)words * sizeof *rest);
    for (int w = words - 1; k > 0; w--)
        for (; k > 0 && rest[w]; k--) {
            int b = 63 - __builtin_clzll(rest[w]);
            rest[w] &= ~(UINT64_C(1) << b);
            ids[k - 1] = w * 64 + b;
        }
}

/* A placement is three 32-bit lanes (kind, tile, rot and quad; x; y: see
** genial_list.c), so a pair's block is the rack's block (tile, quad) OR the
** pair's lanes R X Y repeated, which in 32-byte vectors is a cycle of three:
** vector k starts at lane 8k, lane (8k mod 3) of R X Y. */
enum { AVX2_VMAX = (2 * GENIAL_RACK_MAX * 12 + 31) / 32 };
_Static_assert(AVX2_VMAX * 32 == 2 * GENIAL_RACK_MAX * 12, "the rack's block is whole vectors");

/* The rack's block (tile and quad of each orientation, zero elsewhere and
** after the n-th), as vectors: each byte picked from the orientations'
** kinds or flips by a shuffle whose table is fixed, not byte by byte through
** memory. Byte 12 i + 1 is kind[i], 12 i + 3 is flip[i]; a shuffle picks
** within 16-byte halves, so both halves hold all 16 kinds (or flips). */
static const int8_t avx2_pick[2][AVX2_VMAX * 32] = {
#define PICK(f, g) ((g) % 12 == 1 + 2 * (f) ? (g) / 12 : -1)
#define PICK4(f, g) PICK(f, g), PICK(f, g + 1), PICK(f, g + 2), PICK(f, g + 3)
#define PICK16(f, g) PICK4(f, g), PICK4(f, g + 4), PICK4(f, g + 8), PICK4(f, g + 12)
#define PICK32(f, g) PICK16(f, g), PICK16(f, g + 16)
#define PICK192(f) PICK32(f, 0), PICK32(f, 32), PICK32(f, 64), PICK32(f, 96), PICK32(f, 128),   \
                   PICK32(f, 160)
    {PICK192(0)},
    {PICK192(1)}};
#undef PICK192
#undef PICK32
#undef PICK16
#undef PICK4
#undef PICK
_Static_assert(AVX2_VMAX == 6 && sizeof(((GenialOrient *)0)->kind) == 16 &&
                   sizeof(((GenialOrient *)0)->flip) == 16,
               "avx2_pick: six vectors, 16 orientations");

LIST_AVX2 LIST_INLINE void avx2_rack(const GenialOrient *o, __m256i *t) {
    const __m128i live = _mm_cmpgt_epi8(_mm_set1_epi8((char)o->n),
                                        _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                                                      13, 14, 15));
    __m256i kind = _mm256_broadcastsi128_si256(
        _mm_and_si128(live, _mm_loadu_si128((const __m128i *)(const void *)o->kind)));
    __m256i flip = _mm256_broadcastsi128_si256(
        _mm_and_si128(live, _mm_loadu_si128((const __m128i *)(const void *)o->flip)));
    for (int k = 0; k < AVX2_VMAX; k++)
        t[k] = _mm256_or_si256(
            _mm256_shuffle_epi8(kind, _mm256_loadu_si256((const __m256i *)(const void *)
                                                             &avx2_pick[0][32 * k])),
            _mm256_shuffle_epi8(flip, _mm256_loadu_si256((const __m256i *)(const void *)
                                                             &avx2_pick[1][32 * k])));
}

/* One pair's block at q: nv vectors (a constant where inlined). */
LIST_AVX2 LIST_INLINE void avx2_block(char *q, const __m256i *t, const __m256i *c, int nv) {
    for (int k = 0; k < nv; k++)
        _mm256_storeu_si256((__m256i *)(void *)(q + 32 * k), _mm256_or_si256(t[k], c[k % 3]));
}

/* The lanes R X Y of the pair of cell pa[i] and direction pd[i], in the
** three phases of the cycle. */
LIST_AVX2 LIST_INLINE void avx2_lanes(const GenialVariant *gv, const uint8_t *pa,
                                      const uint8_t *pd, uint64_t i, const __m256i *perm,
                                      __m256i *c) {
    /* lane 3 (the next cell's first lane) is never used */
    __m128i v = _mm_or_si128(
        _mm_loadu_si128((const __m128i *)(const void *)&gv->place_at[pa[i]]),
        _mm_cvtsi32_si128((int)pd[i] << 16));
    __m256i w = _mm256_castsi128_si256(v);
    for (int k = 0; k < 3; k++) c[k] = _mm256_permutevar8x32_epi32(w, perm[k]);
}

/* Every pair of set's first words, blocks from p on, nv a constant where
** inlined. The word's 64 pairs' cells and directions from its own base: the
** bit's index is the offset, with nothing added or widened. */
LIST_AVX2 LIST_INLINE void avx2_pairs(const GenialVariant *gv, const GenialArea *a,
                                      const uint64_t *set, int words, const __m256i *t,
                                      const __m256i *perm, char *p, size_t step, int nv) {
    for (int w = 0; w < words; w++) {
        const uint8_t *pa = a->pair_a + 64 * w, *pd = a->pair_dir + 64 * w;
        for (uint64_t bits = set[w]; bits; bits = _blsr_u64(bits), p += step) {
            __m256i c[3];
            avx2_lanes(gv, pa, pd, _tzcnt_u64(bits), perm, c);
            avx2_block(p, t, c, nv);
        }
    }
}

LIST_AVX2 void genial_list_avx2(const GenialVariant *gv, const GenialArea *a,
                                const uint64_t *cand, const GenialOrient *o, PulAction *out,
                                int npairs) {
    __m256i t[AVX2_VMAX];
    avx2_rack(o, t);
    const __m256i perm[3] = {_mm256_setr_epi32(0, 1, 2, 0, 1, 2, 0, 1),
                             _mm256_setr_epi32(2, 0, 1, 2, 0, 1, 2, 0),
                             _mm256_setr_epi32(1, 2, 0, 1, 2, 0, 1, 2)};
    const int n = o->n, nv = (n * 12 + 31) / 32;
    const size_t step = (size_t)n * 12;
    /* the last pairs whose vectors would run past the list: those within
    ** 32 nv bytes of its end (two for n = 1, none when 12 n is 32 nv) */
    int k = (32 * nv - 1) / (12 * n);
    if (k > npairs) k = npairs;
    const int words = (a->npairs + 63) / 64; /* the area's: none after them */
    uint64_t rest[GENIAL_PAIR_WORDS];
    int ids[2];
    avx2_peel(cand, rest, words, k, ids);
    char *p = (char *)out;
    /* one loop per vector count, so that a block is straight stores */
    switch (nv) {
    case 1: avx2_pairs(gv, a, rest, words, t, perm, p, step, 1); break;
    case 2: avx2_pairs(gv, a, rest, words, t, perm, p, step, 2); break;
    case 3: avx2_pairs(gv, a, rest, words, t, perm, p, step, 3); break;
    case 4: avx2_pairs(gv, a, rest, words, t, perm, p, step, 4); break;
    case 5: avx2_pairs(gv, a, rest, words, t, perm, p, step, 5); break;
    default: avx2_pairs(gv, a, rest, words, t, perm, p, step, AVX2_VMAX); break;
    }
    _Static_assert(AVX2_VMAX == 6, "genial_list_avx2's cases");
    if (k == 0) return;
    char last[3 * 2 * GENIAL_RACK_MAX * 12];
    for (int j = 0; j < k; j++) {
        __m256i c[3];
        avx2_lanes(gv, a->pair_a, a->pair_dir, (uint64_t)ids[j], perm, c);
        avx2_block(last + (size_t)j * step, t, c, nv);
    }
    memcpy(p + (size_t)(npairs - k) * step, last, (size_t)k * step);
}
#endif
