/*
** legal.c: the one legal-move generator: the placement test, the full list
** of legal actions, a uniform random action without listing, and the
** "is there any action at all" question the turn flow asks.
*/
#include <stddef.h>
#include <string.h>

#include "legal_list.h"
#include "micropul.h"
#include "rng.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__GNUC__)
#define LEGAL_NOINLINE __attribute__((noinline))
#define LEGAL_INLINE inline __attribute__((always_inline))
#else
#define LEGAL_NOINLINE
#define LEGAL_INLINE inline
#endif

/* The placement test of the hot loop: rules 1 and 2 on all eight slot pairs. */
static inline PulReason fit(const PulRules *rules, const TileRot *tr, const Front *f) {
    return edges_fit(rules, edges_meet(tr, f));
}

/* The takes on offer: one random take while some supply tile is unknown to
** the seat, and one per tile it knows (revealed by a script). */
static uint32_t take_count(const MicropulGame *g, int seat) {
    if (!seat_can_take(g, seat)) return 0;
    int known = known_count(g, seat);
    if (!known) return 1;
    return (uint32_t)((g->nsupply[seat] - known > 0) + known);
}

/* Take number i of take_count's, in order: the random one, then the known
** tiles in supply order. */
static PulAction make_take(const MicropulGame *g, int seat, uint32_t i) {
    PulAction a = {PUL_TAKE, PUL_NO_TILE, 0, 0, 0, 0};
    if (supply_unknown(g, seat) > 0) {
        if (i == 0) return a;
        i--;
    }
    for (int k = 0; k < g->nsupply[seat]; k++) {
        int t = g->supply[seat][k];
        if (known_has(g, seat, t) && i-- == 0) {
            a.tile = (uint8_t)t;
            break;
        }
    }
    return a;
}

static PulAction make_place(int tile, int rot, const Front *f) {
    return (PulAction){PUL_PLACE, (uint8_t)tile, (uint8_t)rot, 0, f->x, f->y};
}

/* A group's root without a stone. A quadrant showing no micropul is its own
** root with no members (place_tables.c gives it count 0, and joins touch
** only micropul), so the count stands for the micropul test: three loads
** from the game, none from the variant, and no branch. */
static bool claimable_node(const MicropulGame *g, int node) {
    unsigned ok = (g->root[node] == node) & (g->gcount[node] != 0) & (g->gstones[node] == 0);
#if defined(__GNUC__)
    __asm__("" : "+r"(ok)); /* one branch on the answer (try_place) */
#endif
    return ok;
}

static PulAction make_claim(const MicropulGame *g, int node) {
    const Placed *p = &g->placed[node >> 2];
    return (PulAction){PUL_CLAIM, PUL_NO_TILE, 0, (uint8_t)(node & 3), p->x, p->y};
}

/* Where the generator writes: a buffer (pick < 0: action i to out[i] while
** i < max), or only the action numbered pick, to out[0]. */
typedef struct {
    PulAction *out;
    int max, pick, n;
} Sink;

static inline void sink_put(Sink *k, PulAction a) {
    if (k->out) {
        if (k->pick < 0 ? k->n < k->max : k->n == k->pick) k->out[k->pick < 0 ? k->n : 0] = a;
    }
    k->n++;
}

/* ------------------------------------------------------------ the tables
** A candidate cell's legal placements are read off the variant's tables
** (compile.c): per side of the cell, the pattern its neighbour shows picks
** one byte per hand tile, low nibble "agrees there" (rule 2), high nibble
** "attaches there" (rule 1), one bit per canonical rotation. Laid side by
** side for up to eight hand tiles, the four sides' words combine as
** AND (agrees everywhere) and OR (attaches somewhere): one word per cell
** holds every (hand tile, rotation) that fits it, bit 8 * tile + rotation. */

enum { CHUNK = 8 }; /* hand tiles per word */
#define LOW_NIBBLES 0x0F0F0F0F0F0F0F0FULL

static inline int low64(uint64_t x) {
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int i = 0;
    for (; !(x & 1); x >>= 1) i++;
    return i;
#endif
}

/* Set bits of x, whose bits lie in the low nibble of each byte. */
static inline unsigned nibble_bits(uint64_t x) {
#if defined(__GNUC__) && defined(__POPCNT__)
    return (unsigned)__builtin_popcountll(x);
#else
    /* Without the instruction the builtin is a library call: two adder
    ** steps leave each byte's count in its low nibble. */
    x = x - ((x >> 1) & 0x0505050505050505ULL);
    x = (x & 0x0303030303030303ULL) + ((x >> 2) & 0x0303030303030303ULL);
    return (unsigned)((x * 0x0101010101010101ULL) >> 56);
#endif
}

/* Bit k (counted from 0) of the set bits of x, k below their count. */
static inline int nth_bit(uint64_t x, unsigned k) {
    for (; k; k--) x &= x - 1;
    return low64(x);
}

/* Byte of a table word that holds hand tile h (bits 8h..8h+7 of the word). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define HAND_BYTE(h) (7 - (h))
#else
#define HAND_BYTE(h) (h)
#endif

/* The words of hand tiles h0.. (at most CHUNK) for every side pattern,
** with the rules the game has switched off read as always met: each hand
** tile's row of the variant's table becomes one byte column, a transpose. */
#if defined(__SSE2__)
/* Sixteen entries of eight rows at a time: three rounds of interleaving
** turn the rows' bytes into each entry's eight. */
static void table_fill(const MicropulGame *g, int h0, uint64_t *tab) {
    static const uint8_t none[4 * LEGAL_MAX_PATTERNS];
    const MicropulVariant *v = MV(g);
    int ne = 4 * v->npat, seat = g->h.to_move;
    int nh = g->nhand[seat] - h0 < CHUNK ? g->nhand[seat] - h0 : CHUNK;
    const uint8_t *hand = &g->hand[seat][h0];
    const uint8_t *row[CHUNK] = {none, none, none, none, none, none, none, none};
    /* The switched-off rules, as bits every entry of a tile's column has. */
    unsigned off = legal_off_mask(g);
    uint64_t always = 0;
    for (int h = 0; h < nh; h++) {
        row[h] = v->fitb[hand[h]];
        always |= (uint64_t)legal_always(v, hand[h], off) << (8 * h);
    }
    const uint8_t *r0 = row[0], *r1 = row[1], *r2 = row[2], *r3 = row[3];
    const uint8_t *r4 = row[4], *r5 = row[5], *r6 = row[6], *r7 = row[7];
    const __m128i all = _mm_set1_epi64x((long long)always);
#define ROW(h) _mm_loadu_si128((const __m128i *)(const void *)(r##h + e))
    if (nh <= 2) {
        /* A hand of one or two tiles (the usual in a 2-player game): the
        ** other six bytes of every entry are 0, so two rows are widened. */
        const __m128i zero = _mm_setzero_si128();
        for (int e = 0; e < ne; e += 16) {
            __m128i a0 = ROW(0), a1 = ROW(1);
            __m128i pl = _mm_unpacklo_epi8(a0, a1), ph = _mm_unpackhi_epi8(a0, a1);
            __m128i q0 = _mm_unpacklo_epi16(pl, zero), q1 = _mm_unpackhi_epi16(pl, zero);
            __m128i q2 = _mm_unpacklo_epi16(ph, zero), q3 = _mm_unpackhi_epi16(ph, zero);
            __m128i *out = (__m128i *)(void *)(tab + e);
            _mm_storeu_si128(out + 0, _mm_or_si128(_mm_unpacklo_epi32(q0, zero), all));
            _mm_storeu_si128(out + 1, _mm_or_si128(_mm_unpackhi_epi32(q0, zero), all));
            _mm_storeu_si128(out + 2, _mm_or_si128(_mm_unpacklo_epi32(q1, zero), all));
            _mm_storeu_si128(out + 3, _mm_or_si128(_mm_unpackhi_epi32(q1, zero), all));
            _mm_storeu_si128(out + 4, _mm_or_si128(_mm_unpacklo_epi32(q2, zero), all));
            _mm_storeu_si128(out + 5, _mm_or_si128(_mm_unpackhi_epi32(q2, zero), all));
            _mm_storeu_si128(out + 6, _mm_or_si128(_mm_unpacklo_epi32(q3, zero), all));
            _mm_storeu_si128(out + 7, _mm_or_si128(_mm_unpackhi_epi32(q3, zero), all));
        }
        return;
    }
    for (int e = 0; e < ne; e += 16) {
        __m128i a0 = ROW(0), a1 = ROW(1), a2 = ROW(2), a3 = ROW(3);
        __m128i a4 = ROW(4), a5 = ROW(5), a6 = ROW(6), a7 = ROW(7);
        /* Rows paired: entries 0-7 (lo) and 8-15 (hi). */
        __m128i p01l = _mm_unpacklo_epi8(a0, a1), p01h = _mm_unpackhi_epi8(a0, a1);
        __m128i p23l = _mm_unpacklo_epi8(a2, a3), p23h = _mm_unpackhi_epi8(a2, a3);
        __m128i p45l = _mm_unpacklo_epi8(a4, a5), p45h = _mm_unpackhi_epi8(a4, a5);
        __m128i p67l = _mm_unpacklo_epi8(a6, a7), p67h = _mm_unpackhi_epi8(a6, a7);
        /* Rows in fours: entries 0-3, 4-7, 8-11, 12-15. */
        __m128i q0 = _mm_unpacklo_epi16(p01l, p23l), q1 = _mm_unpackhi_epi16(p01l, p23l);
        __m128i q2 = _mm_unpacklo_epi16(p01h, p23h), q3 = _mm_unpackhi_epi16(p01h, p23h);
        __m128i q4 = _mm_unpacklo_epi16(p45l, p67l), q5 = _mm_unpackhi_epi16(p45l, p67l);
        __m128i q6 = _mm_unpacklo_epi16(p45h, p67h), q7 = _mm_unpackhi_epi16(p45h, p67h);
        /* All eight rows: two entries per register. */
        __m128i *out = (__m128i *)(void *)(tab + e);
        _mm_storeu_si128(out + 0, _mm_or_si128(_mm_unpacklo_epi32(q0, q4), all));
        _mm_storeu_si128(out + 1, _mm_or_si128(_mm_unpackhi_epi32(q0, q4), all));
        _mm_storeu_si128(out + 2, _mm_or_si128(_mm_unpacklo_epi32(q1, q5), all));
        _mm_storeu_si128(out + 3, _mm_or_si128(_mm_unpackhi_epi32(q1, q5), all));
        _mm_storeu_si128(out + 4, _mm_or_si128(_mm_unpacklo_epi32(q2, q6), all));
        _mm_storeu_si128(out + 5, _mm_or_si128(_mm_unpackhi_epi32(q2, q6), all));
        _mm_storeu_si128(out + 6, _mm_or_si128(_mm_unpacklo_epi32(q3, q7), all));
        _mm_storeu_si128(out + 7, _mm_or_si128(_mm_unpackhi_epi32(q3, q7), all));
    }
#undef ROW
}
#else
/* Portably, a byte at a time. */
static void table_fill(const MicropulGame *g, int h0, uint64_t *tab) {
    const MicropulVariant *v = MV(g);
    int ne = 4 * v->npat, seat = g->h.to_move;
    int nh = g->nhand[seat] - h0 < CHUNK ? g->nhand[seat] - h0 : CHUNK;
    const uint8_t *hand = &g->hand[seat][h0];
    uint8_t *bytes = (uint8_t *)tab;
    if (nh < CHUNK) memset(tab, 0, sizeof *tab * (size_t)ne);
    unsigned off = legal_off_mask(g);
    for (int h = 0; h < nh; h++) {
        uint8_t always = (uint8_t)legal_always(v, hand[h], off);
        const uint8_t *row = v->fitb[hand[h]];
        uint8_t *col = bytes + HAND_BYTE(h);
        for (int e = 0; e < ne; e++) col[e * CHUNK] = (uint8_t)(row[e] | always);
    }
}
#endif

static inline uint64_t cell_fits(const uint64_t *tab, const Front *f) {
    uint64_t a = tab[f->pat[0] * 4 + 0], b = tab[f->pat[1] * 4 + 1];
    uint64_t c = tab[f->pat[2] * 4 + 2], d = tab[f->pat[3] * 4 + 3];
    return a & b & c & d & ((a | b | c | d) >> 4) & LOW_NIBBLES;
}

/* A hand of at most SMALL_HAND tiles (the usual at the exact draw and at
** legal_any: a 2-player hand holds one or two) reads each cell's bytes
** straight from the variant's rows, one tile at a time, rather than
** transposing the whole table first (table_fill): the table's few hundred
** instructions cost more than the cells read from it. */
enum { SMALL_HAND = 2 };

/* The rows of the mover's first nh (at most SMALL_HAND) hand tiles, and
** each one's always-met bits (legal_always). */
typedef struct {
    const uint8_t *row[SMALL_HAND];
    unsigned lanes; /* the always-met bits, byte h for hand tile h */
    int nh;
} SmallHand;

static inline void small_hand(const MicropulGame *g, SmallHand *sh) {
    const MicropulVariant *v = MV(g);
    int seat = g->h.to_move;
    unsigned off = legal_off_mask(g);
    sh->nh = g->nhand[seat];
    sh->lanes = 0;
    for (int h = 0; h < sh->nh; h++) {
        int t = g->hand[seat][h];
        sh->row[h] = v->fitb[t];
        sh->lanes |= legal_always(v, t, off) << (8 * h);
    }
}

/* cell_fits' word for a small hand of nh tiles: byte h for hand tile h.
** Inlined with nh a constant (small_hand_fits), so that two tiles are
** worked in two byte lanes at once and one alone. al: the always-met bits
** (sh->lanes), passed so that the exact draw inlines it as the constant 0
** where both rules hold, four ORs a cell fewer. */
static inline uint64_t small_fits_lanes(const SmallHand *sh, int nh, unsigned al, const Front *f) {
    unsigned i0 = f->pat[0] * 4u + 0, i1 = f->pat[1] * 4u + 1;
    unsigned i2 = f->pat[2] * 4u + 2, i3 = f->pat[3] * 4u + 3;
    const uint8_t *r0 = sh->row[0], *r1 = sh->row[nh - 1];
    unsigned a = r0[i0], b = r0[i1], c = r0[i2], d = r0[i3];
    if (nh == 2) {
        a |= (unsigned)r1[i0] << 8;
        b |= (unsigned)r1[i1] << 8;
        c |= (unsigned)r1[i2] << 8;
        d |= (unsigned)r1[i3] << 8;
    }
    a |= al;
    b |= al;
    c |= al;
    d |= al;
    return a & b & c & d & ((a | b | c | d) >> 4) & 0x0F0Fu;
}

static inline uint64_t small_fits(const SmallHand *sh, int nh, const Front *f) {
    return small_fits_lanes(sh, nh, sh->lanes, f);
}

/* Set bits of a small hand's word (small_fits): a nibble's count each. */
static inline unsigned small_count(uint64_t word) {
    static const uint8_t bits4[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    return (unsigned)bits4[word & 15] + bits4[word >> 8 & 15];
}

/* A cell's coordinates as PulAction holds them, x then y. */
typedef struct {
    int32_t x, y;
} CellXY;
_Static_assert(offsetof(PulAction, y) == offsetof(PulAction, x) + sizeof(int32_t) &&
                   sizeof(CellXY) == 2 * sizeof(int32_t),
               "a placement's x and y are copied as one CellXY");

#if defined(__SSE2__)
/* The cell sets of sixteen cells' words from fits + f0 into sets[4 * h + r]
** (bit f0 + i when cell f0 + i's word holds hand tile h, rotation r), set
** for the first sixteen, added to after. A byte transpose: register i holds
** cells 2i and 2i + 1, so its number holds the cell's bits 3..1 and a byte's
** position bit 3 the cell's bit 0; each round of interleaving pairs the
** registers differing in one bit of their number, moves that bit into the
** byte positions and the position's top bit into the register number, so
** after four the register of tile h holds its byte of each cell in cell
** order. A shift brings rotation r's bit to each byte's top, which movemask
** gathers. No branch depends on the words (a scatter bit by bit mispredicted
** about once per cell). */
static inline void group_sets(const uint64_t *fits, int f0, bool first, uint64_t sets[4 * CHUNK]) {
    const __m128i *p = (const __m128i *)(const void *)(fits + f0);
    __m128i r[8], a[8];
    for (int i = 0; i < 8; i++) r[i] = _mm_loadu_si128(p + i);
#define ROUND(src, dst, bit)                                                    \
    for (int i = 0; i < 8; i++)                                                 \
        if (!(i & (bit))) {                                                     \
            dst[i] = _mm_unpacklo_epi8(src[i], src[i | (bit)]);                 \
            dst[i | (bit)] = _mm_unpackhi_epi8(src[i], src[i | (bit)]);         \
        }
    ROUND(r, a, 4) /* cell bit 3 in; cell bit 0 now the register's bit 2 */
    ROUND(a, r, 2) /* cell bit 2 in; tile bit 2 now the register's bit 1 */
    ROUND(r, a, 1) /* cell bit 1 in; tile bit 1 now the register's bit 0 */
    ROUND(a, r, 4) /* cell bit 0 in; tile bit 0 now the register's bit 2 */
#undef ROUND
    for (int h = 0; h < CHUNK; h++) {
        __m128i t = r[(h & 1) << 2 | (h >> 2 & 1) << 1 | (h >> 1 & 1)];
        uint64_t m[4] = {(unsigned)_mm_movemask_epi8(_mm_slli_epi64(t, 7)),
                         (unsigned)_mm_movemask_epi8(_mm_slli_epi64(t, 6)),
                         (unsigned)_mm_movemask_epi8(_mm_slli_epi64(t, 5)),
                         (unsigned)_mm_movemask_epi8(_mm_slli_epi64(t, 4))};
        for (int k = 0; k < 4; k++) sets[4 * h + k] = first ? m[k] : sets[4 * h + k] | m[k] << f0;
    }
}

/* The cell sets of ncells cells' words (group_sets); fits must be readable
** and zero up to ncells rounded up to 16. */
static void cell_sets(const uint64_t *fits, int ncells, uint64_t sets[4 * CHUNK]) {
    group_sets(fits, 0, true, sets);
    for (int f0 = 16; f0 < ncells; f0 += 16) group_sets(fits, f0, false, sets);
}

/* chunk_emit for at most SET_CELLS cells (total: the chunk's placements).
** The cell sets at once (cell_sets); then each non-empty set, while a block
** of BLOCK placements fits before the end, is written as such a block
** whether it has that many cells or fewer, and the list moves on by the
** set's count, so the placements of a set of up to BLOCK cells depend on no
** branch; a loop takes the cells of a larger set past its block. A
** placement is one 16-byte store of its cell's x and y with the set's first
** four bytes. The set carries BLOCK stop bits above its cells, each a cell
** that writes nothing that stays: the block takes its cells then stop bits,
** and the stop bits left tell its count. The places written past a set's
** count are written again by the sets after it, and the sets near the end
** are written exactly. BLOCK: bench positions' sets hold 3.9 cells on
** average, two thirds of them at most 4; blocks of 3, 4 and 5 timed alike,
** 8 (no loop for 98% of sets but twice the stores) 15% slower. */
enum { BLOCK = 4, SET_CELLS = 64 - BLOCK };
#define STOP_BITS (~UINT64_C(0) << SET_CELLS)
static int chunk_emit_sets(const MicropulGame *g, int h0, uint64_t *fits, uint64_t any,
                           int ncells, int total, PulAction *out) {
    _Static_assert(sizeof(PulAction) == 12 && offsetof(PulAction, x) == 4,
                   "a placement is its four bytes, then x and y");
    uint64_t sets[4 * CHUNK];
    __m128i cell[64];
    const uint8_t *hand = &g->hand[g->h.to_move][h0];
    for (int f = 0; f < 16; f++) fits[ncells + f] = 0;
    cell_sets(fits, ncells, sets);
    for (int f = SET_CELLS; f < 64; f++) cell[f] = _mm_setzero_si128();
    for (int f = 0; f < ncells; f++) cell[f] = _mm_set_epi32(0, g->front[f].y, g->front[f].x, 0);
    /* A placement's first four bytes, as a word: the tile's plus the rotation's. */
    uint32_t tile_word[CHUNK], rot_word[4];
    for (int r = 0; r < 4; r++) {
        const uint8_t bytes[4] = {0, 0, (uint8_t)r, 0};
        memcpy(&rot_word[r], bytes, sizeof bytes);
    }
    int nh = g->nhand[g->h.to_move] - h0 < CHUNK ? g->nhand[g->h.to_move] - h0 : CHUNK;
    for (int h = 0; h < nh; h++) {
        const uint8_t bytes[4] = {PUL_PLACE, hand[h], 0, 0};
        memcpy(&tile_word[h], bytes, sizeof bytes);
    }
    PulAction *o = out, *end = out + total;
    /* The non-empty sets are the bits of any (bit 8 * tile + rotation), in
    ** the generator's order. */
    uint64_t m = any;
    for (; m && end - o > BLOCK; m &= m - 1) {
        int b = low64(m);
        uint32_t head = tile_word[b >> 3] | rot_word[b & 3];
        uint64_t c = sets[4 * (b >> 3) + (b & 3)] | STOP_BITS;
        const __m128i hd = _mm_cvtsi32_si128((int)head);
        uint8_t *at = (uint8_t *)o;
        for (int j = 0; j < BLOCK; j++, at += sizeof *o) { /* unrolled: no branch on c */
            _mm_storeu_si128((__m128i *)(void *)at, _mm_or_si128(cell[(size_t)(unsigned)low64(c)], hd));
            c &= c - 1;
        }
        if (PUL_LIKELY(!(c & ~STOP_BITS))) {
            o += 64 - low64(c); /* the stop bits left */
            continue;
        }
        int j = BLOCK;
        for (c &= ~STOP_BITS; c; j++, c &= c - 1) { /* more than BLOCK cells */
            memcpy(&o[j], &head, sizeof(uint32_t));
            o[j].x = g->front[low64(c)].x;
            o[j].y = g->front[low64(c)].y;
        }
        o += j;
    }
    for (; m; m &= m - 1) {
        int b = low64(m);
        uint32_t head = tile_word[b >> 3] | rot_word[b & 3];
        for (uint64_t c = sets[4 * (b >> 3) + (b & 3)]; c; c &= c - 1, o++) {
            memcpy(o, &head, sizeof head);
            o->x = g->front[low64(c)].x;
            o->y = g->front[low64(c)].y;
        }
    }
    return (int)(o - out);
}
#undef STOP_BITS
#endif

/* Write the placements of one chunk's cell words in the generator's order
** (hand tile, rotation, cell): each word's bits are scattered into one cell
** set per (tile, rotation), then each set is read in cell order. n + total
** (the chunk's placements) must be at most max: the caller checks. */
static int chunk_emit(const MicropulGame *g, int h0, const uint64_t *fits, uint64_t any,
                      int ncells, PulAction *out) {
    enum { WORDS = (MAX_FRONT + 63) / 64 };
    uint64_t cells[8 * CHUNK][WORDS];
    CellXY xy[MAX_FRONT];
    const uint8_t *hand = &g->hand[g->h.to_move][h0];
    PulAction *first = out;
    for (int f = 0; f < ncells; f++) xy[f] = (CellXY){g->front[f].x, g->front[f].y};
    if (ncells <= 64) {
        /* The common case: one word of cells per (tile, rotation). */
        for (uint64_t m = any; m; m &= m - 1) cells[low64(m)][0] = 0;
        for (int f = 0; f < ncells; f++)
            for (uint64_t m = fits[f]; m; m &= m - 1) cells[low64(m)][0] |= 1ULL << f;
        for (uint64_t m = any; m; m &= m - 1) {
            int b = low64(m);
            const PulAction head = {PUL_PLACE, hand[b >> 3], (uint8_t)(b & 7), 0, 0, 0};
            for (uint64_t c = cells[b][0]; c; c &= c - 1, out++) {
                memcpy(out, &head, offsetof(PulAction, x));
                memcpy(&out->x, &xy[low64(c)], sizeof(CellXY));
            }
        }
        return (int)(out - first);
    }
    for (uint64_t m = any; m; m &= m - 1)
        for (int k = 0; k < WORDS; k++) cells[low64(m)][k] = 0;
    for (int f = 0; f < ncells; f++)
        for (uint64_t m = fits[f]; m; m &= m - 1) cells[low64(m)][f >> 6] |= 1ULL << (f & 63);
    for (uint64_t m = any; m; m &= m - 1) {
        int b = low64(m);
        const PulAction head = {PUL_PLACE, hand[b >> 3], (uint8_t)(b & 7), 0, 0, 0};
        for (int k = 0; k < WORDS; k++)
            for (uint64_t c = cells[b][k]; c; c &= c - 1, out++) {
                memcpy(out, &head, offsetof(PulAction, x));
                memcpy(&out->x, &xy[k * 64 + low64(c)], sizeof(CellXY));
            }
    }
    return (int)(out - first);
}

/* The placements of hand tiles [h0, h1) by testing each candidate: for a
** variant whose tile set shows more side patterns than the tables number
** (npat 0), and for a buffer too short for a chunk (rare). */
static void gen_placements_slow(const MicropulGame *g, int h0, int h1, Sink *k) {
    const MicropulVariant *v = MV(g);
    int ncells = board_candidates(g);
    int seat = g->h.to_move;
    for (int h = h0; h < h1; h++) {
        int t = g->hand[seat][h];
        for (int i = 0; i < v->nrots[t]; i++) {
            int r = v->rots[t][i];
            const TileRot *tr = &v->rot[t][r];
            for (int f = 0; f < ncells; f++)
                if (fit(&g->rules, tr, &g->front[f]) == PUL_LEGAL)
                    sink_put(k, make_place(t, r, &g->front[f]));
        }
    }
}

/* One chunk's placements to a buffer (in order) or counted. */
static int chunk_placements(const MicropulGame *g, int h0, const uint64_t *tab,
                            PulAction *out, int n, int max) {
    uint64_t fits[MAX_FRONT + 16], any = 0; /* room to pad a group of 16 (chunk_emit_sets) */
    int ncells = board_candidates(g), total = 0;
    int seat = g->h.to_move;
    int nh = g->nhand[seat] - h0 < CHUNK ? g->nhand[seat] - h0 : CHUNK;
    for (int f = 0; f < ncells; f++) {
        any |= fits[f] = cell_fits(tab, &g->front[f]);
        total += (int)nibble_bits(fits[f]);
    }
    if (!out || !total) return n + total;
    if (n + total <= max) {
#if defined(__SSE2__)
        if (ncells <= SET_CELLS) return n + chunk_emit_sets(g, h0, fits, any, ncells, total, out + n);
#endif
        chunk_emit(g, h0, fits, any, ncells, out + n);
    } else if (n < max) {
        /* A buffer too short for the chunk (rare): the same list, bounded. */
        Sink k = {out, max, -1, n};
        int h1 = h0 + nh;
        gen_placements_slow(g, h0, h1, &k);
        PUL_ASSERT(k.n == n + total);
    }
    return n + total;
}

/* Placements through the tables, in the generator's order. out NULL: count. */
static int table_placements(const MicropulGame *g, PulAction *out, int max) {
    uint64_t tab[4 * LEGAL_MAX_PATTERNS];
    int seat = g->h.to_move, n = 0;
    for (int h0 = 0; h0 < g->nhand[seat]; h0 += CHUNK) {
        table_fill(g, h0, tab);
        n = chunk_placements(g, h0, tab, out, n, max);
    }
    return n;
}

/* fast: legal_list.c's path first, where it serves (false: the tests' comparison). */
static void gen_placements(const MicropulGame *g, Sink *k, bool fast) {
    if (!MV(g)->npat) {
        gen_placements_slow(g, 0, g->nhand[g->h.to_move], k);
        return;
    }
    if (k->pick < 0) {
        PulAction *out = k->out ? k->out + k->n : NULL;
        int max = k->out ? k->max - k->n : 0, n = fast ? legal_list_fast(g, out, max) : -1;
        k->n += n >= 0 ? n : table_placements(g, out, max);
        return;
    }
    gen_placements_slow(g, 0, g->nhand[g->h.to_move], k); /* one action by number: the rare path of a slow variant */
}

#if defined(__SSE2__) && !defined(MICROPUL_WIDE)
/* Nodes [base, base + 16) that claimable_node accepts, a bit each: its three
** tests on sixteen nodes at once (node by node they were a coin toss to the
** branch predictor). The nodes past the placed tiles are masked off; the
** caller keeps base + 16 within the arrays. */
_Static_assert(sizeof(NodeId) == 1, "16 nodes to a 16-byte row");
static inline unsigned claimable_row(const MicropulGame *g, int base, int nodes) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i ids = _mm_add_epi8(_mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                     _mm_set1_epi8((char)base));
    __m128i root = _mm_loadu_si128((const __m128i *)(const void *)&g->root[base]);
    __m128i count = _mm_loadu_si128((const __m128i *)(const void *)&g->gcount[base]);
    __m128i stones = _mm_loadu_si128((const __m128i *)(const void *)&g->gstones[base]);
    __m128i no = _mm_or_si128(_mm_cmpeq_epi8(count, zero),
                              _mm_xor_si128(_mm_cmpeq_epi8(stones, zero), _mm_set1_epi8(-1)));
    unsigned m = (unsigned)_mm_movemask_epi8(_mm_andnot_si128(no, _mm_cmpeq_epi8(root, ids)));
    if (nodes - base < 16) m &= (1u << (nodes - base)) - 1;
    return m;
}
#endif

/* The claims, in node order. A count needs no walk: unclaimed is the number
** of claimable roots (groups.c keeps it; the exact draw relies on it too),
** and a searcher counts the actions at every node it widens. */
static void claims_put(const MicropulGame *g, Sink *k) {
    if (g->stones[g->h.to_move] == 0 || g->unclaimed <= 0) return;
    if (!k->out) {
        k->n += g->unclaimed;
        return;
    }
    int nodes = g->nplaced * 4, base = 0;
#if defined(__SSE2__) && !defined(MICROPUL_WIDE)
    for (; base < nodes && base + 16 <= MAX_NODES; base += 16)
        for (unsigned m = claimable_row(g, base, nodes); m; m &= m - 1)
            sink_put(k, make_claim(g, base + lowest_set(m)));
#endif
    for (int node = base; node < nodes; node++)
        if (claimable_node(g, node)) sink_put(k, make_claim(g, node));
}

static void gen_actions(const MicropulGame *g, Sink *k) {
    int seat = g->h.to_move;
    gen_placements(g, k, true);
    uint32_t ntake = take_count(g, seat);
    for (uint32_t i = 0; i < ntake; i++) sink_put(k, make_take(g, seat, i));
    claims_put(g, k);
    if (g->in_extra) sink_put(k, (PulAction){PUL_PASS, PUL_NO_TILE, 0, 0, 0, 0});
}

static int placements(const PulGame *pg, PulAction *out, int max, bool fast) {
    const MicropulGame *g = MGC(pg);
    if (!g->h.started || g->h.over) return 0;
    Sink k = {out, max, -1, 0};
    gen_placements(g, &k, fast);
    return k.n;
}

int legal_placements(const PulGame *pg, PulAction *out, int max) { return placements(pg, out, max, true); }

int legal_placements_portable(const PulGame *pg, PulAction *out, int max) {
    return placements(pg, out, max, false);
}

int legal_actions(const PulGame *pg, PulAction *out, int max) {
    const MicropulGame *g = MGC(pg);
    if (!g->h.started || g->h.over) return 0;
    Sink k = {out, max, -1, 0};
    gen_actions(g, &k);
    return k.n;
}

/* Out of line: the turn flow asks only for a seat that cannot take, and
** inlined into the apply its 8 KB table and registers weighed on every action. */
LEGAL_NOINLINE bool legal_any(const MicropulGame *g) {
    int seat = g->h.to_move;
    if (g->in_extra || seat_can_take(g, seat)) return true;
    if (g->stones[seat] > 0 && g->unclaimed > 0) return true;
    const MicropulVariant *v = MV(g);
    int ncells = board_candidates(g);
    if (v->npat && g->nhand[seat] <= SMALL_HAND) {
        SmallHand sh;
        small_hand(g, &sh);
        for (int f = 0; f < ncells && sh.nh; f++)
            if (small_fits(&sh, sh.nh, &g->front[f])) return true;
        return false;
    }
    if (v->npat) {
        uint64_t tab[4 * LEGAL_MAX_PATTERNS];
        for (int h0 = 0; h0 < g->nhand[seat]; h0 += CHUNK) {
            table_fill(g, h0, tab);
            for (int f = 0; f < ncells; f++)
                if (cell_fits(tab, &g->front[f])) return true;
        }
        return false;
    }
    for (int h = 0; h < g->nhand[seat]; h++) {
        int t = g->hand[seat][h];
        for (int k = 0; k < v->nrots[t]; k++) {
            const TileRot *tr = &v->rot[t][v->rots[t][k]];
            for (int f = 0; f < ncells; f++)
                if (fit(&g->rules, tr, &g->front[f]) == PUL_LEGAL) return true;
        }
    }
    return false;
}

/* Count the actions, draw a number, and walk the generator to it. */
static bool random_by_walk(const MicropulGame *g, PulRng *rng, PulAction *out) {
    Sink count = {NULL, 0, -1, 0};
    gen_actions(g, &count);
    if (count.n == 0) return false;
    Sink one = {out, 1, (int)rng_below(rng, (uint32_t)count.n), 0};
    gen_actions(g, &one);
    return true;
}

/* The claimable root numbered k in node order, or -1. */
static LEGAL_INLINE int nth_claimable(const MicropulGame *g, uint32_t k) {
    int nodes = g->nplaced * 4, base = 0;
#if defined(__SSE2__) && !defined(MICROPUL_WIDE)
    /* A row that would pass the end of the arrays is left to the loop below. */
    for (; base < nodes && base + 16 <= MAX_NODES; base += 16) {
        unsigned m = claimable_row(g, base, nodes);
        uint32_t here = (uint32_t)popcount64(m);
        if (k < here) {
            for (; k; k--) m &= m - 1;
            return base + lowest_set(m);
        }
        k -= here;
    }
#endif
    for (int node = base; node < nodes; node++)
        if (claimable_node(g, node) && k-- == 0) return node;
    return -1;
}

/* Tries of the rejection draw before the exact one (random_by_rejection). */
enum { REJECT_TRIES = 8 };

/* 2^32 / per_cell rounded up, for per_cell = 4 * hand tiles (a divide is
** slow next to a load). */
#define INV(n) ((uint64_t)(UINT32_C(0xFFFFFFFF) / (4u * (n))) + 1)
static const uint64_t per_cell_inverse[PUL_MAX_HAND + 1] = {
    0, INV(1), INV(2), INV(3), INV(4), INV(5), INV(6), INV(7), INV(8),
    INV(9), INV(10), INV(11), INV(12), INV(13), INV(14), INV(15), INV(16)};
#undef INV
_Static_assert(PUL_MAX_HAND == 16, "per_cell_inverse lists every hand size");

/* What one try of the rejection loop needs, read once per call. */
typedef struct {
    const MicropulGame *g;
    const TileRot *rot;   /* the variant's rotations, a row of 4 per tile */
    const uint8_t *hand;  /* the mover's */
    uint64_t inverse;     /* per_cell_inverse of the hand */
    unsigned colours;     /* all ones when rule 2 holds, else 0 */
    uint32_t per_cell, nplace, ntake, nclaim;
    unsigned no_attach;   /* 0 when rule 1 holds, else all ones */
} Tries;

/* Whether candidate c (below nplace) is a legal placement: its rotation
** canonical and fit's test met, as one answer, so a try takes one branch
** on the outcome rather than one per condition. */
static inline bool try_place(const Tries *t, uint32_t c, uint32_t *f, int *tile, int *r) {
    uint32_t cell = (uint32_t)((c * t->inverse) >> 32), rest = c - cell * t->per_cell;
    int tl = t->hand[rest >> 2], rr = (int)(rest & 3);
    const TileRot *tr = &t->rot[tl * 4 + rr];
    const Front *fr = &t->g->front[cell];
    EdgeMeet m = edges_meet(tr, fr);
    *f = cell;
    *tile = tl;
    *r = rr;
    unsigned ok = (tr->canonical == rr) & ((m.both & ~m.same & t->colours) == 0) &
                  (((m.both & m.same) | t->no_attach) != 0);
#if defined(__GNUC__)
    /* One value, one branch: gcc otherwise split the three tests into two
    ** branches, each a coin toss to the predictor. */
    __asm__("" : "+r"(ok));
#endif
    return ok;
}

/* One try on 32 random bits: true when it drew a legal action (in out). */
static LEGAL_INLINE bool one_try(const MicropulGame *g, const Tries *t, PulRng *rng,
                                 uint32_t bits, uint32_t space, PulAction *out) {
    uint32_t c = rng_below32(bits, space, rng);
    if (PUL_LIKELY(c < t->nplace)) {
        uint32_t f;
        int tile, r;
        if (!try_place(t, c, &f, &tile, &r)) return false;
        *out = make_place(tile, r, &g->front[f]);
        return true;
    }
    c -= t->nplace;
    if (c < t->ntake) {
        /* The usual take, with no supply tile known (the only one then),
        ** without the call make_take is. */
        if (PUL_LIKELY(known_count(g, g->h.to_move) == 0))
            *out = (PulAction){PUL_TAKE, PUL_NO_TILE, 0, 0, 0, 0};
        else
            *out = make_take(g, g->h.to_move, c);
        return true;
    }
    c -= t->ntake;
    if (c < t->nclaim) {
        if (!claimable_node(g, (int)c)) return false;
        *out = make_claim(g, (int)c);
        return true;
    }
    *out = (PulAction){PUL_PASS, PUL_NO_TILE, 0, 0, 0, 0};
    return true;
}

/* Two tries on one 64-bit draw: its high half, then its low half. */
static LEGAL_INLINE bool two_tries(const MicropulGame *g, const Tries *t, PulRng *rng,
                                   uint32_t space, PulAction *out) {
    uint64_t bits = rng_next(rng);
    return one_try(g, t, rng, (uint32_t)(bits >> 32), space, out) ||
           one_try(g, t, rng, (uint32_t)bits, space, out);
}

/* What the tries need, read off the position; returns the space of
** candidates (random_by_rejection). */
static LEGAL_INLINE uint32_t tries_setup(const MicropulGame *g, Tries *t) {
    const MicropulVariant *v = MV(g);
    int seat = g->h.to_move;
    t->g = g;
    t->rot = &v->rot[0][0];
    t->hand = g->hand[seat];
    t->per_cell = g->nhand[seat] * 4u;
    t->inverse = per_cell_inverse[g->nhand[seat]];
    t->colours = g->rules.rule2_colours ? ~0u : 0;
    t->no_attach = g->rules.rule1_attachment ? 0 : ~0u;
    t->nplace = t->per_cell * (uint32_t)board_candidates(g);
    t->ntake = take_count(g, seat);
    t->nclaim = g->stones[seat] > 0 && g->unclaimed > 0 ? g->nplaced * 4u : 0;
    return t->nplace + t->ntake + t->nclaim + g->in_extra; /* the space */
}

/* The REJECT_TRIES tries of random_by_rejection on t's space. */
static LEGAL_INLINE bool rejection_tries(const MicropulGame *g, const Tries *t, PulRng *rng,
                                         uint32_t space, PulAction *out) {
    /* Written out, not looped: no counter, and each half picked without a test. */
    _Static_assert(REJECT_TRIES == 8, "four draws of two tries each");
    return two_tries(g, t, rng, space, out) || two_tries(g, t, rng, space, out) ||
           two_tries(g, t, rng, space, out) || two_tries(g, t, rng, space, out);
}

/* A few tries by rejection first, over a space where every legal action
** has exactly one candidate: (hand tile, rotation, frontier cell) with the
** rotation canonical, the takes, one node per micropul (a group drawn
** through its root), the pass. A try is one fit test, and a legal candidate
** drawn uniformly is a uniform legal action; most positions have many, so
** this usually ends at the first tries (measured: the count draw alone cost
** 2.3x the instructions of the old rejection loop). After REJECT_TRIES misses
** the exact draw from the counts takes over (random_by_counts), itself
** uniform, so the mix is uniform and a position with few legal actions
** costs one count draw more. Each 64-bit draw serves two tries: its high
** half, then its low half. */
static bool random_by_rejection(const MicropulGame *g, PulRng *rng, PulAction *out) {
    Tries t;
    uint32_t space = tries_setup(g, &t);
    if (!space) return false;
    return rejection_tries(g, &t, rng, space, out);
}

/* A small hand's word and count per cell (random_by_counts), with nh a
** constant where it is inlined; returns the placements. */
static LEGAL_INLINE uint32_t small_counts(const MicropulGame *g, const SmallHand *sh, int nh,
                                          unsigned lanes, int ncells, uint64_t *fits,
                                          uint8_t *counts) {
    uint32_t n = 0;
    for (int f = 0; f < ncells; f++) {
        fits[f] = small_fits_lanes(sh, nh, lanes, &g->front[f]);
        counts[f] = (uint8_t)small_count(fits[f]);
        n += counts[f];
    }
    return n;
}

/* The exact draw's counts (random_by_counts): per cell, the word of the
** (hand tile, rotation) pairs that fit it and their number; the space's parts. */
typedef struct {
    uint64_t fits[PUL_MAX_HAND / CHUNK][MAX_FRONT];
    uint8_t counts[PUL_MAX_HAND / CHUNK][MAX_FRONT]; /* each word's set bits, for the walk */
    uint32_t nplace, ntake, nclaim, space;
    int nchunks, ncells;
} Counts;

/* Count each kind of action (per cell, the set bits of its word); a variant
** with tables only (npat). */
static LEGAL_INLINE void counts_build(const MicropulGame *g, Counts *k) {
    int seat = g->h.to_move, ncells = board_candidates(g);
    uint32_t nplace = 0;
    int nchunks = (g->nhand[seat] + CHUNK - 1) / CHUNK;
    if (g->nhand[seat] <= SMALL_HAND) {
        SmallHand sh;
        small_hand(g, &sh);
        /* Both rules in force (the usual): no always-met bits, constant 0. */
        if (sh.lanes == 0) {
            if (sh.nh == 1) nplace = small_counts(g, &sh, 1, 0, ncells, k->fits[0], k->counts[0]);
            else if (sh.nh == 2) nplace = small_counts(g, &sh, 2, 0, ncells, k->fits[0], k->counts[0]);
        } else {
            if (sh.nh == 1) nplace = small_counts(g, &sh, 1, sh.lanes, ncells, k->fits[0], k->counts[0]);
            else if (sh.nh == 2) nplace = small_counts(g, &sh, 2, sh.lanes, ncells, k->fits[0], k->counts[0]);
        }
    } else {
        uint64_t tab[4 * LEGAL_MAX_PATTERNS];
        for (int c = 0; c < nchunks; c++) {
            table_fill(g, c * CHUNK, tab);
            for (int f = 0; f < ncells; f++) {
                k->fits[c][f] = cell_fits(tab, &g->front[f]);
                /* This draw comes after the tries missed: most cells take nothing. */
                k->counts[c][f] = k->fits[c][f] ? (uint8_t)nibble_bits(k->fits[c][f]) : 0;
                nplace += k->counts[c][f];
            }
        }
    }
    k->nplace = nplace;
    k->nchunks = nchunks;
    k->ncells = ncells;
    k->ntake = take_count(g, seat);
    k->nclaim = g->stones[seat] > 0 && g->unclaimed > 0 ? (uint32_t)g->unclaimed : 0;
    k->space = nplace + k->ntake + k->nclaim + g->in_extra;
}

/* Draw a number below the counts' space and walk the counts to it. */
static LEGAL_INLINE bool counts_draw(const MicropulGame *g, const Counts *cs, PulRng *rng,
                                     PulAction *out) {
    int seat = g->h.to_move;
    if (!cs->space) return false;
    uint32_t k = rng_below(rng, cs->space);
    if (k < cs->nplace) {
        for (int c = 0; c < cs->nchunks; c++)
            for (int f = 0; f < cs->ncells; f++) {
                uint32_t here = cs->counts[c][f];
                if (k < here) {
                    int b = nth_bit(cs->fits[c][f], k);
                    *out = make_place(g->hand[seat][c * CHUNK + (b >> 3)], b & 7, &g->front[f]);
                    return true;
                }
                k -= here;
            }
    }
    k -= cs->nplace;
    if (k < cs->ntake) {
        *out = make_take(g, seat, k);
        return true;
    }
    k -= cs->ntake;
    if (k < cs->nclaim) {
        int node = nth_claimable(g, k);
        PUL_ASSERT(node >= 0);
        if (node < 0) return random_by_walk(g, rng, out);
        *out = make_claim(g, node);
        return true;
    }
    *out = (PulAction){PUL_PASS, PUL_NO_TILE, 0, 0, 0, 0};
    return true;
}

/* The exact draw after the tries missed: count each kind of action (per
** cell, the set bits of its word), draw a number, walk the counts to it.
** Out of line: its tables would otherwise weigh on every call's frame. */
LEGAL_NOINLINE static bool random_by_counts(const MicropulGame *g, PulRng *rng, PulAction *out) {
    if (!MV(g)->npat) return random_by_walk(g, rng, out);
    Counts k;
    counts_build(g, &k);
    return counts_draw(g, &k, rng, out);
}

bool legal_random(const PulGame *pg, PulRng *rng, PulAction *out) {
    const MicropulGame *g = MGC(pg);
    if (!g->h.started || g->h.over) return false;
    if (random_by_rejection(g, rng, out)) return true;
    return random_by_counts(g, rng, out);
}

/* n draws from one position, each the action legal_random would draw with
** the generator as the draws before left it: the tries' set-up is made once,
** and the exact draw's counts once, at the first draw that needs them.
** Out of line, like random_by_counts, for its tables. */
LEGAL_NOINLINE int legal_random_n(const PulGame *pg, PulRng *rng, PulAction *out, int n) {
    const MicropulGame *g = MGC(pg);
    if (!g->h.started || g->h.over) return 0;
    Tries t;
    uint32_t space = tries_setup(g, &t);
    Counts k;
    bool counted = false;
    for (int i = 0; i < n; i++) {
        if (space && rejection_tries(g, &t, rng, space, &out[i])) continue;
        if (!MV(g)->npat) {
            if (!random_by_walk(g, rng, &out[i])) return i;
            continue;
        }
        if (!counted) counts_build(g, &k);
        counted = true;
        if (!counts_draw(g, &k, rng, &out[i])) return i;
    }
    return n;
}
