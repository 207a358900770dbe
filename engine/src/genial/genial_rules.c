/*
** genial_rules.c: the rule predicates that check, apply and the legal moves
** share, so that they agree by construction: the lowest tracks, whether a
** swap is allowed, the first-round constraint as printed cells and as a pair
** set, the candidate pairs, the refill's count, the start of a turn, the end.
*/
#include "genial_state.h"

#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#define RULES_VEC 1
#else
#define RULES_VEC 0
#endif

#if !RULES_VEC
/* The smaller of a and b, and the lowest of v[0..7]: a fixed tree of
** compares, no loop and no branch. */
static inline int rules_min(int a, int b) { return a < b ? a : b; }
static inline int rules_min8(const int *v) {
    return rules_min(rules_min(rules_min(v[0], v[1]), rules_min(v[2], v[3])),
                     rules_min(rules_min(v[4], v[5]), rules_min(v[6], v[7])));
}
_Static_assert(GENIAL_MAX_SYMBOLS == 8, "rules_min8 reads every symbol's track");
#endif

unsigned genial_lowest_mask(const GenialGame *g, int t) {
    /* No track passes the end, so the lowest is the end only when every
    ** track is at it: then all of them count as lowest. The slots past
    ** nsym read as the end and are masked off. */
    const int16_t *tr = g->track[t];
    int nsym = GV(g)->nsym, end = genial_track_end(&g->rules);
#if RULES_VEC
    /* the eight tracks as one vector: the lowest by three halvings, the
    ** lowest ones by one compare */
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)tr);
    __m128i in = _mm_cmpgt_epi16(_mm_set1_epi16((short)nsym), _mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7));
    v = _mm_or_si128(_mm_and_si128(in, v), _mm_andnot_si128(in, _mm_set1_epi16((short)end)));
    __m128i low = _mm_min_epi16(v, _mm_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 3, 2)));
    low = _mm_min_epi16(low, _mm_shuffle_epi32(low, _MM_SHUFFLE(2, 3, 0, 1)));
    low = _mm_min_epi16(low, _mm_shufflelo_epi16(low, _MM_SHUFFLE(2, 3, 0, 1)));
    low = _mm_shuffle_epi32(_mm_shufflelo_epi16(low, 0), 0);
    __m128i eq = _mm_cmpeq_epi16(v, low);
    unsigned m = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(eq, _mm_setzero_si128()));
    return m & ((1u << nsym) - 1);
#else
    int v[GENIAL_MAX_SYMBOLS];
    for (int s = 0; s < GENIAL_MAX_SYMBOLS; s++) v[s] = s < nsym ? tr[s] : end;
    int low = rules_min8(v);
    unsigned m = 0;
    for (int s = 0; s < GENIAL_MAX_SYMBOLS; s++) m |= (unsigned)(v[s] == low) << s;
    return m & ((1u << nsym) - 1);
#endif
}

bool genial_swap_allowed(const GenialGame *g) {
    if (!g->h.started || g->h.over || g->phase != GENIAL_END) return false;
    if (g->rules.swap != GENIAL_SWAP_LOWEST_ABSENT || g->bag_n < g->rules.rack_size) return false;
    int seat = g->h.to_move, n = g->nrack[seat];
    const uint8_t *rack = g->rack[seat], *mask = GV(g)->kind_mask;
    /* The lowest tracks first (never none): most racks show one of them in
    ** their first tile or two, and the walk stops there. */
    unsigned low = genial_lowest_mask(g, genial_track_of(g, seat));
    for (int i = 0; i < n; i++)
        if (mask[rack[i]] & low) return false;
    return true;
}

/* Whether some empty pair touches one of the printed cells in need. */
static bool any_touching(const GenialGame *g, unsigned need) {
    const GenialArea *a = genial_area(g);
    int words = (a->npairs + 63) / 64;
    for (; need; need &= need - 1) {
        const uint64_t *tp = a->touch_pairs[lowest_set(need)];
        for (int w = 0; w < words; w++)
            if (g->empty[w] & tp[w]) return true;
    }
    return false;
}

unsigned genial_first_need_open(const GenialGame *g) {
    unsigned all = (1u << GV(g)->board.nprinted) - 1;
    unsigned need = g->rules.first_round == GENIAL_FIRST_DISTINCT ? all & ~(unsigned)g->first_used
                                                                  : all;
    return any_touching(g, need) ? need : 0;
}

int genial_candidates(const GenialGame *g, uint64_t *out) {
    const GenialArea *a = genial_area(g);
    int words = (a->npairs + 63) / 64, n = 0;
    if (!g->h.started || g->h.over || g->phase == GENIAL_END) {
        for (int w = 0; w < GENIAL_PAIR_WORDS; w++) out[w] = 0;
        return 0;
    }
    unsigned need = genial_first_need(g);
    for (int w = 0; w < GENIAL_PAIR_WORDS; w++) out[w] = w < words ? g->empty[w] : 0;
    if (need) {
        uint64_t mask[GENIAL_PAIR_WORDS] = {0};
        for (unsigned m = need; m; m &= m - 1)
            for (int w = 0; w < words; w++) mask[w] |= a->touch_pairs[lowest_set(m)][w];
        for (int w = 0; w < words; w++) out[w] &= mask[w];
    }
    if (!need) return g->nempty; /* the empty set's count, kept as it changes */
    for (int w = 0; w < words; w++) n += popcount64(out[w]);
    return n;
}

int genial_refill_count(const GenialGame *g) {
    int want = g->rules.rack_size - g->nrack[g->h.to_move];
    if (want < 0) want = 0;
    return want < g->bag_n ? want : g->bag_n;
}

void genial_end(GenialGame *g, PulEndReason reason, PulEvents *ev) {
    g->h.over = 1;
    g->h.end_reason = (uint8_t)reason;
    g->h.loser = -1;
    g->bonus_owed = 0;
    PulEvent *e = genial_event(ev, PUL_EV_GAME_OVER, -1);
    if (e) e->value = reason;
}

void genial_turn_begin(GenialGame *g, PulEvents *ev) {
    g->phase = GENIAL_PLACE;
    g->bonus_owed = 0;
    if (g->nrack[g->h.to_move] > 0) return;
    if (g->bag_n == 0) genial_end(g, PUL_END_NO_TILES, ev);
    else g->phase = GENIAL_END;
}
