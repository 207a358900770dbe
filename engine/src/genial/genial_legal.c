/*
** genial_legal.c: what the seat to move may do in an Einfach Genial game
** (i13-plan.md 4.1-4.4): the legal list in its canonical order, the count of
** placements PMN's --legal prints, and a uniform random action found by rank
** in the candidate pair set, with no list, no rejection and no allocation.
*/
#include "genial_list.h"
#include "genial_moves.h"
#include <stddef.h>
#include <string.h>

#include "rng.h"

/* Index of the lowest set bit of x (x != 0). Not by counting the bits
** below it: without a popcount instruction that count is a library call
** per bit, and the enumeration takes one per candidate pair. */
static inline int legal_low(uint64_t x) { return lowest_set64(x); }

/* 1 << k for a kind k: a load and an OR per rack tile, where a shift by a
** variable count (no BMI2 in the x86-64 baseline) takes three moves more. */
#define LEGAL_B(n) UINT64_C(1) << (n)
#define LEGAL_B4(n) LEGAL_B(n), LEGAL_B(n + 1), LEGAL_B(n + 2), LEGAL_B(n + 3)
#define LEGAL_B16(n) LEGAL_B4(n), LEGAL_B4(n + 4), LEGAL_B4(n + 8), LEGAL_B4(n + 12)
static const uint64_t legal_bit[64] = {LEGAL_B16(0), LEGAL_B16(16), LEGAL_B16(32), LEGAL_B16(48)};
#undef LEGAL_B16
#undef LEGAL_B4
#undef LEGAL_B

/* The rack's orientations in list order (GenialOrient, genial_list.h).
** Each kind writes both flips and counts the second only for a kind of two
** symbols: no branch on the kind, which random racks mispredict. A rack has
** at most GENIAL_RACK_MAX kinds, so the second is at most entry 2 x 8 - 1. */
static void legal_orient(const GenialGame *g, GenialOrient *o) {
    const GenialVariant *gv = GV(g);
    int seat = g->h.to_move, n = 0;
    uint64_t kinds = 0;   /* bit per kind on the rack: GENIAL_MAX_KINDS <= 64 */
    for (int i = 0; i < g->nrack[seat]; i++) kinds |= legal_bit[g->rack[seat][i]];
    for (; kinds; kinds &= kinds - 1) {
        int k = legal_low(kinds);
        o->kind[n] = o->kind[n + 1] = (uint8_t)k;
        o->flip[n] = 0;
        o->flip[n + 1] = 1;
        n += 1 + (int)((gv->kind_mixed >> k) & 1);
    }
    o->n = n;
}
_Static_assert(GENIAL_RACK_MAX * 2 == sizeof(((GenialOrient *)0)->kind),
               "legal_orient's second flip stays inside");
_Static_assert(GENIAL_MAX_KINDS <= 64, "a rack's kinds fit one word");

/* A placement of orientation i on pair id, from the pair's lower cell. */
static inline PulAction legal_place(const GenialVariant *gv, const GenialArea *a, int id,
                                    const GenialOrient *o, int i) {
    int c = a->pair_a[id];
    return (PulAction){PUL_PLACE, o->kind[i], a->pair_dir[id], o->flip[i], gv->cell_q[c],
                       gv->cell_r[c]};
}

/* Whether the seat to move is placing (PLACE or BONUS) in a live game. */
static inline bool legal_placing(const GenialGame *g) {
    return g->h.started && !g->h.over && g->phase != GENIAL_END;
}

int genial_legal_placements(const PulGame *pg, PulAction *out, int max) {
    const GenialGame *g = GGC(pg);
    if (!legal_placing(g)) return 0;
    uint64_t cand[GENIAL_PAIR_WORDS];
    int npairs = genial_candidates(g, cand);
    GenialOrient o;
    legal_orient(g, &o);
    int total = npairs * o.n;
    if (!out || max <= 0 || total == 0) return total;
    const GenialVariant *gv = GV(g);
    const GenialArea *a = genial_area(g);
    if (total <= max) {
        /* Room for the whole list (the usual buffer): no bound to test per
        ** placement. */
        genial_list_writer()(gv, a, cand, &o, out, npairs);
        return total;
    }
    int n = 0;
    for (int w = 0; w < GENIAL_PAIR_WORDS && n < max; w++)
        for (uint64_t bits = cand[w]; bits && n < max; bits &= bits - 1) {
            int id = w * 64 + legal_low(bits);
            for (int i = 0; i < o.n && n < max; i++) out[n++] = legal_place(gv, a, id, &o, i);
        }
    return total;
}

/* The END phase's actions: a random refill, then a random swap if allowed. */
static int legal_turn_end(const GenialGame *g, PulAction *out, int max) {
    PulAction refill = {PUL_REFILL, PUL_NO_TILE, 0, 0, 0, 0};
    PulAction swap = {PUL_SWAP, PUL_NO_TILE, 0, 0, 0, 0};
    int n = genial_swap_allowed(g) ? 2 : 1;
    if (out && max > 0) out[0] = refill;
    if (out && max > 1 && n > 1) out[1] = swap;
    return n;
}

int genial_legal_actions(const PulGame *pg, PulAction *out, int max) {
    const GenialGame *g = GGC(pg);
    if (!g->h.started || g->h.over) return 0;
    if (g->phase == GENIAL_END) return legal_turn_end(g, out, max);
    return genial_legal_placements(pg, out, max);
}

static const uint64_t LEGAL_L = UINT64_C(0x0101010101010101), LEGAL_H = UINT64_C(0x8080808080808080);

/* How many bytes of run are k or less, for bytes below 128 that do not fall
** from low to high and k below 128: one subtract of every byte at once (a
** byte at 128 or more cannot borrow from the next), no branch. */
static inline int legal_bytes_le(uint64_t run, int k) {
    uint64_t le = (~((run | LEGAL_H) - (uint64_t)(k + 1) * LEGAL_L) & LEGAL_H) >> 7;
    return (int)((le * LEGAL_L) >> 56);
}

/* The low byte b's bits as bytes: byte i is 1 when bit i of b is set. */
static inline uint64_t legal_spread8(uint64_t b) {
    const uint64_t low7 = UINT64_C(0x7F7F7F7F7F7F7F7F);
    uint64_t m = ((b & 0xFF) * LEGAL_L) & UINT64_C(0x8040201008040201);
    return ((((m & low7) + low7) | m) & LEGAL_H) >> 7;
}

/* Byte j - 1 of run, 0 for j = 0 (j at most 8). */
static inline int legal_byte_before(uint64_t run, int j) {
    return (int)(((run << 8) >> (8 * j)) & 0xFF);
}

/* The id of the set bit of rank k (0-based) in bits (k < popcount): the
** byte that holds it found from the bytes' running counts (each at most 64,
** so a byte compare works), then the bit inside that byte the same way from
** its bits' running counts. No loop: the steps inside the byte were a loop
** whose length the predictor missed about once a draw. */
static inline int legal_select(uint64_t bits, int k) {
    uint64_t c = bits - ((bits >> 1) & UINT64_C(0x5555555555555555));
    c = (c & UINT64_C(0x3333333333333333)) + ((c >> 2) & UINT64_C(0x3333333333333333));
    c = (c + (c >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    uint64_t run = c * LEGAL_L; /* byte i: the set bits of bytes 0..i */
    /* the bytes whose running count is k or less come before the one */
    int byte = legal_bytes_le(run, k);
    int before = legal_byte_before(run, byte);
    uint64_t inside = legal_spread8(bits >> (8 * byte)) * LEGAL_L;
    return 8 * byte + legal_bytes_le(inside, k - before);
}

/* The kind of orientation i (below the count) in legal_orient's order,
** with its flip in *flip: kinds is the rack's (at most GENIAL_RACK_MAX
** bits), mixed the kinds of two symbols among them, which list a second
** flip; counts holds each byte's set bits of kinds plus those of mixed. As
** legal_select, by running counts: the byte, then the bit. The walk over
** the kinds it replaces ended at a point the predictor missed about twice a
** draw. */
static inline int legal_orient_at(uint64_t kinds, uint64_t mixed, uint64_t counts, int i,
                                  int *flip) {
    uint64_t run = counts * LEGAL_L; /* at most 2 x GENIAL_RACK_MAX a byte */
    int byte = legal_bytes_le(run, i);
    int before = legal_byte_before(run, byte);
    uint64_t inside = (legal_spread8(kinds >> (8 * byte)) + legal_spread8(mixed >> (8 * byte))) *
                      LEGAL_L;
    int bit = legal_bytes_le(inside, i - before);
    *flip = i - before - legal_byte_before(inside, bit);
    return 8 * byte + bit;
}
_Static_assert(2 * GENIAL_RACK_MAX < 128, "legal_orient_at's running counts fit a byte compare");

/* The word of set that holds its set bit of rank *rank (below the set's
** size), *rank made the rank within that word; count is the words' set
** bits (the empty set's kept counts), or NULL to count them here. */
static inline int legal_word(const uint64_t *set, const uint8_t *count, int *rank) {
    int k = *rank, w = 0;
    if (count) {
        for (; k >= count[w]; w++) k -= count[w];
    } else {
        for (int c; k >= (c = popcount64(set[w])); w++) k -= c;
    }
    *rank = k;
    return w;
}

/* The random placement (PLACE or BONUS phase). Its own function, so that
** the turn's end, every other call, does not pay for its registers. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static bool legal_random_place(const GenialGame *g, PulRng *rng, PulAction *out) {
    const GenialVariant *gv = GV(g);
    /* The orientations as legal_orient lists them, counted from the rack's
    ** kinds: one per kind, and a second per kind of two symbols. */
    int seat = g->h.to_move, nr = g->nrack[seat];
    uint64_t kinds = 0;
    for (int i = 0; i < nr; i++) kinds |= legal_bit[g->rack[seat][i]];
    uint64_t mixed = kinds & gv->kind_mixed;
    /* popcount64(kinds) + popcount64(mixed) as one bit-sliced sum: the
    ** halves' 2-bit counts added, then one sum of the nibbles */
    uint64_t x = kinds - ((kinds >> 1) & UINT64_C(0x5555555555555555));
    uint64_t y = mixed - ((mixed >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333)) +
        (y & UINT64_C(0x3333333333333333)) + ((y >> 2) & UINT64_C(0x3333333333333333));
    x = (x & UINT64_C(0x0F0F0F0F0F0F0F0F)) + ((x >> 4) & UINT64_C(0x0F0F0F0F0F0F0F0F));
    int norient = (int)((x * UINT64_C(0x0101010101010101)) >> 56);
    /* The candidate pairs: the empty set itself, with its kept count, when
    ** no first-round constraint narrows it (all but the first placements). */
    uint64_t cand[GENIAL_PAIR_WORDS];
    const uint64_t *set = g->empty;
    const uint8_t *count = g->nempty_word;
    int npairs = g->nempty;
    if (genial_first_need(g)) {
        npairs = genial_candidates(g, cand);
        set = cand;
        count = NULL;
    }
    if (npairs == 0 || norient == 0) return false;
    uint32_t r = rng_below(rng, (uint32_t)(npairs * norient));
    int rank = (int)(r / (uint32_t)norient), i;
    /* orientation r % norient: kind-index order, flip 0 then flip 1 */
    int k = legal_orient_at(kinds, mixed, x, (int)(r % (uint32_t)norient), &i);
    const GenialArea *a = genial_area(g);
    int w = legal_word(set, count, &rank);
    int id = w * 64 + legal_select(set[w], rank), cell = a->pair_a[id];
    *out = (PulAction){PUL_PLACE, (uint8_t)k, a->pair_dir[id], (uint8_t)i, gv->cell_q[cell],
                       gv->cell_r[cell]};
    return true;
}

bool genial_random_action(const PulGame *pg, PulRng *rng, PulAction *out) {
    const GenialGame *g = GGC(pg);
    if (!g->h.started || g->h.over) return false;
    if (g->phase != GENIAL_END) return legal_random_place(g, rng, out);
    /* one draw only when there is a choice */
    bool swap = genial_swap_allowed(g) && rng_below(rng, 2) == 1;
    *out = (PulAction){swap ? PUL_SWAP : PUL_REFILL, PUL_NO_TILE, 0, 0, 0, 0};
    return true;
}
