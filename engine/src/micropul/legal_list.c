/*
** legal_list.c: the placement list of a variant of at most 16 side patterns
** (every shipped Micropul edition shows 9), with AVX2 when the processor has it.
**
** legal.c's tables hold, per hand tile, side and neighbour pattern, a byte of
** rotation bits: low nibble "agrees there" (rule 2), high nibble "attaches
** there" (rule 1). With 16 patterns at most, one tile's row for one side is a
** 16-byte lookup table, and vpshufb reads it for sixteen cells at once with
** the cells' patterns as indexes: per tile and group of sixteen cells, two
** shuffles (two sides per 256-bit register) give every (rotation, cell) that
** fits, and two movemasks turn them into one word of bits rotation * 16 + cell,
** already in the list's order. legal.c's path transposes the table into words
** per cell and back into sets per (tile, rotation): 2.8k instructions a bench
** position, against this path's (see the commit that added it).
*/
#include <string.h>

#include "cpu.h"
#include "legal_list.h"

#if defined(CPU_X86_TARGETS) && defined(__x86_64__) && !defined(PUL_NO_AVX2)
#define LIST_AVX2 1
#include <immintrin.h>
#endif

#ifdef LIST_AVX2

#define LIST_TARGET __attribute__((target("avx2,bmi,popcnt")))
/* Inlined with the group count a constant: one straight body per width. */
#define LIST_INLINE static inline __attribute__((always_inline))

/* The processor is read once (base/cpu.c); a call pays one load. */
bool legal_list_active(void) { return cpu_x86_avx2(); }

enum { GROUP = 16, MAX_GROUPS = 4, LIST_CELLS = GROUP * MAX_GROUPS };

/* Sixteen entries of four side bytes (64 bytes from src) as two registers:
** u holds side 0 of the sixteen in its low lane and side 2 in its high one,
** v sides 1 and 3. Serves a tile's row (entries: patterns) and the cells'
** patterns (entries: cells). */
LIST_TARGET LIST_INLINE void list_sides(const void *src, __m256i *u, __m256i *v) {
    const __m256i by_side = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15,
                                             0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    const __m256i pair = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    const __m256i *p = (const __m256i *)src;
    /* Each: 64-bit word s holds side s of eight entries. */
    __m256i lo = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(_mm256_loadu_si256(p), by_side), pair);
    __m256i hi = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(_mm256_loadu_si256(p + 1), by_side), pair);
    *u = _mm256_unpacklo_epi64(lo, hi);
    *v = _mm256_unpackhi_epi64(lo, hi);
}

/* One tile (rows u, v) on one group of cells (patterns pu, pv): bit r of byte
** i, in both lanes, when rotation r fits cell i: agrees on all four sides and
** attaches on one. A cell past the last has index bytes 0x80, which vpshufb
** reads as 0: it fits nowhere. */
LIST_TARGET LIST_INLINE __m256i list_fit(__m256i u, __m256i v, __m256i pu, __m256i pv) {
    __m256i x = _mm256_shuffle_epi8(u, pu), y = _mm256_shuffle_epi8(v, pv);
    __m256i a = _mm256_and_si256(x, y), o = _mm256_or_si256(x, y);
    a = _mm256_and_si256(a, _mm256_permute2x128_si256(a, a, 1));
    o = _mm256_or_si256(o, _mm256_permute2x128_si256(o, o, 1));
    /* Only bit r of each byte is read after (list_words): no mask. */
    return _mm256_and_si256(a, _mm256_srli_epi16(o, 4));
}

/* Bit 7 of each byte of x shifted left by n, as 32 bits. */
#define TOP(x, n) ((uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16((x), (n))))

/* A tile's words for ngroups groups of cells (a constant once inlined): a
** stride of cw = 16, 32 or 64 cells per rotation, bit r * cw + cell of the
** tile's 4 * cw / 64 words. Returns their set bits. */
LIST_TARGET LIST_INLINE int list_words(int ngroups, __m256i u, __m256i v, const __m256i *pu,
                                         const __m256i *pv, uint64_t *w) {
    if (ngroups == 1) {
        /* Lane 0 moves rotation 0's bit (then 2's) to the top, lane 1 rotation 1's (3's). */
        const __m256i s01 = _mm256_setr_epi32(7, 7, 7, 7, 6, 6, 6, 6);
        const __m256i s23 = _mm256_setr_epi32(5, 5, 5, 5, 4, 4, 4, 4);
        __m256i f = list_fit(u, v, pu[0], pv[0]);
        w[0] = (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_sllv_epi32(f, s01)) |
               (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_sllv_epi32(f, s23)) << 32;
        return __builtin_popcountll(w[0]);
    }
    __m256i lo = _mm256_permute2x128_si256(list_fit(u, v, pu[0], pv[0]), list_fit(u, v, pu[1], pv[1]), 0x20);
    if (ngroups == 2) {
        w[0] = TOP(lo, 7) | TOP(lo, 6) << 32;
        w[1] = TOP(lo, 5) | TOP(lo, 4) << 32;
        return __builtin_popcountll(w[0]) + __builtin_popcountll(w[1]);
    }
    __m256i hi = _mm256_permute2x128_si256(list_fit(u, v, pu[2], pv[2]), list_fit(u, v, pu[3], pv[3]), 0x20);
    w[0] = TOP(lo, 7) | TOP(hi, 7) << 32;
    w[1] = TOP(lo, 6) | TOP(hi, 6) << 32;
    w[2] = TOP(lo, 5) | TOP(hi, 5) << 32;
    w[3] = TOP(lo, 4) | TOP(hi, 4) << 32;
    return __builtin_popcountll(w[0]) + __builtin_popcountll(w[1]) + __builtin_popcountll(w[2]) +
           __builtin_popcountll(w[3]);
}
#undef TOP

/* The list for ngroups groups of cells (a constant once inlined). */
LIST_TARGET LIST_INLINE int list_groups(const MicropulGame *g, int ngroups, int ncells, PulAction *out,
                                          int max) {
    _Static_assert(sizeof(PulAction) == 12 && offsetof(PulAction, x) == 4 &&
                       offsetof(PulAction, y) == 8 && PUL_PLACE == 0,
                   "a placement is kind 0, tile, rotation, a zero byte, then x and y");
    const MicropulVariant *v = MV(g);
    int seat = g->h.to_move, nh = g->nhand[seat];
    const uint8_t *hand = g->hand[seat];
    const int cw = ngroups == 1 ? 16 : ngroups == 2 ? 32 : 64, nw = 4 * cw / 64;
    /* The cells' patterns, four bytes a cell, gathered; past the last, 0x80
    ** (fits nowhere). Three groups are worked as four (list_avx2_run). */
    __m256i pats[2 * MAX_GROUPS];
    {
        const int *base = (const int *)(const void *)g->front[0].pat;
        const __m256i step = _mm256_set1_epi32(8), bytes = _mm256_set1_epi32((int)sizeof(Front));
        const __m256i none = _mm256_set1_epi32((int)0x80808080u), last = _mm256_set1_epi32(ncells);
        __m256i cell = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        for (int k = 0; k < 2 * ngroups; k++, cell = _mm256_add_epi32(cell, step))
            pats[k] = _mm256_mask_i32gather_epi32(none, base, _mm256_mullo_epi32(cell, bytes),
                                                  _mm256_cmpgt_epi32(last, cell), 1);
    }
    __m256i pu[MAX_GROUPS], pv[MAX_GROUPS];
    for (int k = 0; k < ngroups; k++) list_sides(&pats[2 * k], &pu[k], &pv[k]);
    /* The rules the game has switched off, as bits every entry of a row has. */
    unsigned off = legal_off_mask(g);
    uint64_t words[PUL_MAX_HAND][4];
    int total = 0;
    for (int h = 0; h < nh; h++) {
        int t = hand[h];
        __m256i u, w;
        list_sides(v->fitb[t], &u, &w);
        if (off) { /* rarely: the editions keep both rules */
            __m256i always = _mm256_set1_epi8((char)legal_always(v, t, off));
            u = _mm256_or_si256(u, always);
            w = _mm256_or_si256(w, always);
        }
        total += list_words(ngroups, u, w, pu, pv, words[h]);
    }
    if (!out) return total;
    if (total >= max) return -1; /* the last 16-byte store needs 4 bytes more */
    /* Each (rotation, cell) as its placement: rotation, then x and y. */
    __m128i entry[4 * LIST_CELLS];
    for (int f = 0; f < ncells; f++) {
        __m128i c = _mm_set_epi32(0, g->front[f].y, g->front[f].x, 0);
        entry[0 * cw + f] = c;
        entry[1 * cw + f] = _mm_or_si128(c, _mm_cvtsi32_si128(1 << 16));
        entry[2 * cw + f] = _mm_or_si128(c, _mm_cvtsi32_si128(2 << 16));
        entry[3 * cw + f] = _mm_or_si128(c, _mm_cvtsi32_si128(3 << 16));
    }
    /* A placement is one 16-byte store whose last 4 bytes the next one
    ** overwrites; those past the list are put back. */
    uint8_t *o = (uint8_t *)out, *end = (uint8_t *)(out + total);
    uint32_t kept;
    memcpy(&kept, end, sizeof kept);
    for (int h = 0; h < nh; h++) {
        const __m128i tile = _mm_cvtsi32_si128(hand[h] << 8);
        for (int k = 0; k < nw; k++) {
            const uint8_t *e = (const uint8_t *)(entry + 64 * k);
            __asm__("" : "+r"(e)); /* a base register: no index arithmetic per placement */
            for (uint64_t m = words[h][k]; m; m &= m - 1, o += sizeof(PulAction)) {
                __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(e + 16 * (size_t)__builtin_ctzll(m)));
                _mm_storeu_si128((__m128i *)(void *)o, _mm_or_si128(a, tile));
            }
        }
    }
    memcpy(end, &kept, sizeof kept);
    return total;
}

LIST_TARGET static int list_avx2_run(const MicropulGame *g, PulAction *out, int max) {
    int ncells = board_candidates(g);
    if (ncells <= GROUP) return list_groups(g, 1, ncells, out, max);
    if (ncells <= 2 * GROUP) return list_groups(g, 2, ncells, out, max);
    if (ncells <= LIST_CELLS) return list_groups(g, 4, ncells, out, max);
    return -1;
}

int legal_list_fast(const MicropulGame *g, PulAction *out, int max) {
    unsigned npat = MV(g)->npat;
    if (!cpu_x86_avx2() || npat == 0 || npat > 16) return -1;
    return list_avx2_run(g, out, max);
}

#else

bool legal_list_active(void) { return false; }

int legal_list_fast(const MicropulGame *g, PulAction *out, int max) {
    (void)g, (void)out, (void)max;
    return -1;
}

#endif
