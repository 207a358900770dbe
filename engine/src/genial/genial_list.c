/*
** genial_list.c: the portable and SSE2 writers of Genial's placement list and
** the choice among them and the AVX2 one (genial_list_avx2.c), made once.
*/
#include "genial_list.h"
#include <stddef.h>
#include <stdatomic.h>
#include <string.h>

/* The placements of o on every pair of cand, in list order, from p on:
** each pair's copy of the same orientations. */
static void list_portable(const GenialVariant *gv, const GenialArea *a, const uint64_t *cand,
                          const GenialOrient *o, PulAction *p, int npairs) {
    (void)npairs;
    for (int w = 0; w < GENIAL_PAIR_WORDS; w++)
        for (uint64_t bits = cand[w]; bits; bits &= bits - 1) {
            int id = w * 64 + lowest_set64(bits), c = a->pair_a[id];
            PulAction one = {PUL_PLACE, 0, a->pair_dir[id], 0, gv->cell_q[c], gv->cell_r[c]};
            for (int i = 0; i < o->n; i++, p++) {
                *p = one;
                p->tile = o->kind[i];
                p->quad = o->flip[i];
            }
        }
}

#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#define LIST_SSE2 list_sse2

/* A placement as three 32-bit lanes: kind, tile, rot and quad; x; y. A
** pair's block of n placements is then the rack's block (tile and quad,
** the same for every pair) OR the pair's three lanes (rot, x, y) repeated,
** which in 16-byte vectors is a cycle of three: R X Y R, X Y R X, Y R X Y.
** So a placement costs three quarters of a vector store and one OR, and
** nothing per candidate beyond its pair. */
_Static_assert(sizeof(PulAction) == 12 && offsetof(PulAction, rot) == 2 &&
                   offsetof(PulAction, x) == 4 && offsetof(PulAction, y) == 8,
               "a placement is three 32-bit lanes, rot in the first one's third byte");

/* The placements of o on every pair of cand, in list order, from out on:
** each pair's copy of the same orientations, by vector stores. A block's
** last vector runs up to one placement past it, into the next pair's block,
** which writes over it; the last pair's block goes to a buffer of its own
** first, so that nothing past the list is written. */
static void list_sse2(const GenialVariant *gv, const GenialArea *a, const uint64_t *cand,
                      const GenialOrient *o, PulAction *out, int npairs) {
    enum { VMAX = (2 * GENIAL_RACK_MAX * 12 + 15) / 16 };
    /* the rack's block: up to 2 x GENIAL_RACK_MAX placements, zero after */
    PulAction rack[2 * GENIAL_RACK_MAX + 2], last[2 * GENIAL_RACK_MAX + 2];
    memset(rack, 0, sizeof rack);
    for (int i = 0; i < o->n; i++) {
        rack[i].tile = o->kind[i];
        rack[i].quad = o->flip[i];
    }
    __m128i t[VMAX];
    for (int k = 0; k < VMAX; k++)
        t[k] = _mm_loadu_si128((const __m128i *)(const void *)((const char *)rack + 16 * k));
    const int nv = (o->n * 12 + 15) / 16;
    const size_t step = (size_t)o->n * 12;
    char *p = (char *)out, *end = (char *)(out + (size_t)(npairs - 1) * (size_t)o->n);
    for (int w = 0; w < GENIAL_PAIR_WORDS; w++)
        for (uint64_t bits = cand[w]; bits; bits &= bits - 1, p += step) {
            int id = w * 64 + lowest_set64(bits);
            char *q = p == end ? (char *)last : p;
            /* lane 3 (the next cell's first lane) is never used */
            __m128i v = _mm_or_si128(
                _mm_loadu_si128((const __m128i *)(const void *)&gv->place_at[a->pair_a[id]]),
                _mm_cvtsi32_si128((int)a->pair_dir[id] << 16));
            __m128i c[3] = {_mm_shuffle_epi32(v, _MM_SHUFFLE(0, 2, 1, 0)),
                            _mm_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 2, 1)),
                            _mm_shuffle_epi32(v, _MM_SHUFFLE(2, 1, 0, 2))};
            /* from the block's last vector down: one jump, then straight stores */
#define LIST_V(k)                                                                                  \
    case (k) + 1:                                                                                  \
        _mm_storeu_si128((__m128i *)(void *)(q + 16 * (k)), _mm_or_si128(t[k], c[(k) % 3]));    \
        __attribute__((fallthrough))
            switch (nv) {
                LIST_V(11);
                LIST_V(10);
                LIST_V(9);
                LIST_V(8);
                LIST_V(7);
                LIST_V(6);
                LIST_V(5);
                LIST_V(4);
                LIST_V(3);
                LIST_V(2);
                LIST_V(1);
                LIST_V(0);
            default:
                break;
            }
#undef LIST_V
        }
    memcpy(end, last, step);
}
_Static_assert((2 * GENIAL_RACK_MAX * 12 + 15) / 16 == 12, "list_sse2's cases");
#else
#define LIST_SSE2 NULL
#endif

#if defined(GENIAL_LIST_HAS_AVX2)
GenialListWriter genial_list_avx2;
#define LIST_AVX2 genial_list_avx2
#else
#define LIST_AVX2 NULL
#endif

GenialListWriter *const genial_list_path[GENIAL_LIST_PATHS] = {list_portable, LIST_SSE2,
                                                                LIST_AVX2};

static bool list_runs(int path) {
    if (path < 0 || path >= GENIAL_LIST_PATHS || !genial_list_path[path]) return false;
    return path != GENIAL_LIST_AVX2 || cpu_x86_avx2();
}

/* Threads list at once: the choice is an atomic, written by the first call
** of each (the same value) and read by the rest. */
static _Atomic(GenialListWriter *) list_chosen;

GenialListWriter *genial_list_writer(void) {
    GenialListWriter *w = atomic_load_explicit(&list_chosen, memory_order_relaxed);
    if (PUL_LIKELY(w != NULL)) return w;
    int path = GENIAL_LIST_PATHS - 1;
    while (!list_runs(path)) path--;
    w = genial_list_path[path];
    atomic_store_explicit(&list_chosen, w, memory_order_relaxed);
    return w;
}

bool genial_list_use(int path) {
    if (!list_runs(path)) return false;
    atomic_store_explicit(&list_chosen, genial_list_path[path], memory_order_relaxed);
    return true;
}
