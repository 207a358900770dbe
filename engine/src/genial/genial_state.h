/*
** genial_state.h: what package i13-state gives the Genial family (issue 13):
** the rule parameters, making and compiling a variant, starting a game, the
** shared rule predicates, scoring without applying, check and apply with their
** events, the result, snapshots and the reads of pul.h's Genial sections.
** Slot functions have the exact signatures of family/family.h's Family slots.
*/
#ifndef PUL_GENIAL_STATE_H
#define PUL_GENIAL_STATE_H

#include <string.h>

#include "genial.h"
#include "hooks.h"

#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#define GENIAL_TAKE_VEC 1
#else
#define GENIAL_TAKE_VEC 0
#endif

/* GenialRules.first_round, .swap and .teams (the enum words of genial_params). */
enum { GENIAL_FIRST_DISTINCT = 0, GENIAL_FIRST_ANY, GENIAL_FIRST_NONE };
enum { GENIAL_SWAP_LOWEST_ABSENT = 0, GENIAL_SWAP_NEVER };
enum { GENIAL_TEAMS_NONE = 0, GENIAL_TEAMS_ALTERNATE };

/* The parameters by number: the order of GenialRules and of the table. */
enum {
    GENIAL_P_MIN_PLAYERS = 0,
    GENIAL_P_MAX_PLAYERS,
    GENIAL_P_RACK_SIZE,
    GENIAL_P_TRACK_MAX,
    GENIAL_P_SEGMENTS,
    GENIAL_P_BONUS,
    GENIAL_P_FIRST_ROUND,
    GENIAL_P_SWAP,
    GENIAL_P_SUDDEN_DEATH,
    GENIAL_P_TEAMS,
    GENIAL_NPARAMS
};

/* The family's table (genial.c, written by the lead at integration). Only
** genial_make names it; everything else recognises a Genial game or variant
** by its parameter table (genial_is_family), which exists before the table. */
extern const Family genial_family;

/* ---------------------------------------------------- genial_params.c */
extern const FamilyParams genial_params;
void genial_rules_default(GenialRules *r);
/* Each field in range, max_players >= min_players, even seat counts for teams. */
PulStatus genial_rules_validate(const GenialRules *r, PulError *err);
const PulParamInfo *genial_param(int i);             /* NULL out of range */
int genial_param_find(const char *name);             /* index, or -1 */
int genial_rules_get(const GenialRules *r, int i);   /* 0 out of range */
PulStatus genial_rules_set(GenialRules *r, int i, int value, PulError *err);

/* ------------------------------------- genial_compile.c, genial_make.c */
/* A Genial variant of family fam (the table, or a test's) from symbols, board
** and rules (NULL: the defaults), checked and compiled. */
PulVariant *genial_variant_new(const Family *fam, const char *name, const FamilyData *data,
                               const void *rules, PulError *err);
/* Slot make: genial_variant_new with genial_family (genial_make.c). */
PulVariant *genial_make(const char *name, const FamilyData *data, const void *rules,
                        PulError *err);
/* Slot compile: kind tables, cells, a play area per seat count. */
PulStatus genial_compile(PulVariant *v, PulError *err);
/* Slot players. */
void genial_players(const PulVariant *v, int *min, int *max);

/* ----------------------------------------------------- genial_start.c */
/* Slot start: deal is each seat's rack as kind ids, seat after seat, with
** GENIAL_DEAL_SEP between seats (genial_deal_read's output); NULL to deal
** from seed with a generator of its own, so h.rng starts alike either way. */
#define GENIAL_DEAL_SEP 0xFF
PulStatus genial_start(PulGame *g, int nseats, uint64_t seed, const uint8_t *deal, int ndeal,
                       PulError *err);

/* A rack is kept in kind order, however its tiles came (a deal, draws, a
** determinization): a game and its replay from the record, whose Deal lists
** kinds in that order, are then byte for byte the same. */
/* A rack's slots past its tiles hold 0. On a little-endian machine the
** eight slots are one word: the place of a kind is how many of the tiles
** are at most it (a byte compare of the word), and putting or taking is
** two masks and a shift, no loop over the tiles. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define GENIAL_RACK_WORD 1
#else
#define GENIAL_RACK_WORD 0
#endif
#if GENIAL_RACK_WORD
/* The rack word's bytes below slot i: (1 << 8i) - 1 from a table, where a
** shift by a variable count costs three moves more without BMI2. */
static const uint64_t genial_rack_below[GENIAL_RACK_MAX + 1] = {
    0, 0xFF, 0xFFFF, 0xFFFFFF, UINT64_C(0xFFFFFFFF), UINT64_C(0xFFFFFFFFFF),
    UINT64_C(0xFFFFFFFFFFFF), UINT64_C(0xFFFFFFFFFFFFFF), UINT64_C(0xFFFFFFFFFFFFFFFF)};
#endif
static inline void genial_rack_put(GenialGame *g, int seat, int kind) {
    uint8_t *r = g->rack[seat];
    int i = g->nrack[seat]++;
#if GENIAL_RACK_WORD
    if (i < 8) {
        const uint64_t L = UINT64_C(0x0101010101010101), H = UINT64_C(0x8080808080808080);
        uint64_t x;
        memcpy(&x, r, 8);
        /* high bit of each byte at most kind (kinds are below 128), among the i tiles */
        uint64_t le = ~((x | H) - (uint64_t)(kind + 1) * L) & H & genial_rack_below[i];
        int at = (int)(((le >> 7) * L) >> 56);
        uint64_t below = genial_rack_below[at];
        x = (x & below) | (uint64_t)kind * (below + 1) | (x & ~below) << 8;
        memcpy(r, &x, 8);
        return;
    }
#endif
    for (; i > 0 && r[i - 1] > kind; i--) r[i] = r[i - 1];
    r[i] = (uint8_t)kind;
}
static inline void genial_rack_take(GenialGame *g, int seat, int i) {
    uint8_t *r = g->rack[seat];
    int n = --g->nrack[seat];
#if GENIAL_RACK_WORD
    uint64_t x;
    memcpy(&x, r, 8);
    uint64_t below = genial_rack_below[i];
    x = (x & below) | ((x >> 8) & ~below);
    memcpy(r, &x, 8);
    (void)n;
#else
    for (; i < n; i++) r[i] = r[i + 1];
    r[n] = 0;
#endif
}
_Static_assert(GENIAL_RACK_MAX == 8, "a rack is one word of eight kinds");

/* Cell c of area a is taken: every pair through it leaves the empty set
** (the cell's pairs as two masks: no test per direction), and the two
** words' counts and the set's count go down by the bits taken. */
static inline void genial_take_cell(GenialGame *g, const GenialArea *a, int c) {
    int w = a->cell_word[c], n0, n1;
#if GENIAL_TAKE_VEC
    /* both words in one vector: the mask, the bit-sliced count of both at
    ** once, the bytes of each summed by psadbw */
    const __m128i m1 = _mm_set1_epi8(0x55), m2 = _mm_set1_epi8(0x33), m4 = _mm_set1_epi8(0x0F);
    __m128i e = _mm_loadu_si128((const __m128i *)(const void *)&g->empty[w]);
    __m128i t = _mm_and_si128(e, _mm_loadu_si128((const __m128i *)(const void *)a->cell_mask[c]));
    _mm_storeu_si128((__m128i *)(void *)&g->empty[w], _mm_xor_si128(e, t));
    t = _mm_sub_epi64(t, _mm_and_si128(_mm_srli_epi64(t, 1), m1));
    t = _mm_add_epi64(_mm_and_si128(t, m2), _mm_and_si128(_mm_srli_epi64(t, 2), m2));
    t = _mm_and_si128(_mm_add_epi64(t, _mm_srli_epi64(t, 4)), m4);
    t = _mm_sad_epu8(t, _mm_setzero_si128());
    n0 = _mm_cvtsi128_si32(t);
    n1 = _mm_cvtsi128_si32(_mm_srli_si128(t, 8));
#else
    uint64_t t0 = g->empty[w] & a->cell_mask[c][0], t1 = g->empty[w + 1] & a->cell_mask[c][1];
    g->empty[w] ^= t0;
    g->empty[w + 1] ^= t1;
    n0 = popcount64(t0);
    n1 = popcount64(t1);
#endif
    g->nempty_word[w] = (uint8_t)(g->nempty_word[w] - n0);
    g->nempty_word[w + 1] = (uint8_t)(g->nempty_word[w + 1] - n1);
    g->nempty = (int16_t)(g->nempty - n0 - n1);
}

/* ----------------------------------------------------- genial_rules.c */
/* The track index (team) of seat: seat % 2 with teams alternate, else seat. */
static inline int genial_track_of(const GenialGame *g, int seat) {
    return g->rules.teams == GENIAL_TEAMS_ALTERNATE ? seat % 2 : seat;
}
/* The end of a track: track_max x segments. */
static inline int genial_track_end(const GenialRules *r) { return r->track_max * r->segments; }
/* Bit per symbol of team track t's lowest live tracks (those below the end),
** or of every symbol when all are at the end: the swap's L (RULES-GENIAL.md). */
unsigned genial_lowest_mask(const GenialGame *g, int t);
/* A swap is allowed to the seat to move now: phase END, swap lowest_absent,
** the bag holds rack_size tiles, and its rack shows no symbol of L. */
bool genial_swap_allowed(const GenialGame *g);
/* The printed cells (bit per printed index) the seat to move's placement must
** touch, or 0 when nothing constrains it: not its first placement, a bonus
** placement, first_round none, or no empty pair touching them (the constraint
** then falls away, so a game never stalls; i13-plan.md 1.5 Q4). */
unsigned genial_first_need_open(const GenialGame *g); /* the rest, when it may constrain */
static inline unsigned genial_first_need(const GenialGame *g) {
    if (g->phase != GENIAL_PLACE || (g->placed_once >> g->h.to_move & 1) ||
        g->rules.first_round == GENIAL_FIRST_NONE)
        return 0;
    return genial_first_need_open(g);
}
/* The pairs the seat to move may place on (out: GENIAL_PAIR_WORDS words):
** the empty pairs, first-round constraint applied; returns how many. 0 in
** END or once over. */
int genial_candidates(const GenialGame *g, uint64_t *out);
/* Tiles a refill would draw now: min(rack_size - rack, bag). */
int genial_refill_count(const GenialGame *g);
/* The turn of the seat to move begins (after a refill or swap, and at the
** start): over with no_tiles when its rack and the bag are empty; refill due
** (phase END) when only its rack is, which only scripts can bring about. */
void genial_turn_begin(GenialGame *g, PulEvents *ev);
/* The game ends now: no bonus is owed any more; a GAME_OVER event (seat -1). */
void genial_end(GenialGame *g, PulEndReason reason, PulEvents *ev);
/* One tile at random from the bag (bag_n > 0), taken out (genial_start.c). */
int genial_bag_draw(GenialGame *g, PulRng *rng);

/* An event appended to ev (NULL when ev is NULL or full), cleared. */
static inline PulEvent *genial_event(PulEvents *ev, int kind, int seat) {
    if (!ev || ev->n >= PUL_MAX_EVENTS) return NULL;
    PulEvent *e = &ev->ev[ev->n++];
    *e = (PulEvent){0};
    e->kind = (uint8_t)kind;
    e->seat = (int8_t)seat;
    return e;
}

/* ---------------------------------------------------- genial_points.c */
/* The points of the two halves of a tile with symbol sa on cell ca and sb on
** its neighbour cb in direction dir (ca to cb), on the board as it is (the
** tile not yet down): the runs of like symbols in the five directions of each
** half that do not point into the other half. Both cells are empty (a legal
** placement's). */
void genial_points(const GenialGame *g, int ca, int sa, int cb, int sb, int dir, int pts[2]);
/* The points of one half of symbol s on empty cell c whose other half's cell
** is empty too (so its direction scores nothing): what genial_points gives
** that half, for ranking placements half by half. */
int genial_half_points(const GenialGame *g, int c, int s);
/* A track at t after one half's p points: at most one segment end is
** reached (*reached 1), the rest of the points are lost; nothing past the
** final end. */
static inline int genial_advance(const GenialRules *r, int t, int p, int *reached) {
    *reached = 0;
    int end = genial_track_end(r);
    if (p <= 0 || t >= end) return t;
    int seg_end = (t / r->track_max + 1) * r->track_max;
    if (t + p >= seg_end) {
        *reached = 1;
        return seg_end;
    }
    return t + p;
}

/* ----------------------------------------------------- genial_apply.c */
PulReason genial_check(const PulGame *g, const PulAction *a);          /* slot check */
/* The hooks at the end of an action or of the start: is_over, then
** final_scores if the game has ended (and was_over is false). The variant
** has a hooks table. PUL_ERR_SCRIPT with err filled when a hook fails. */
PulStatus genial_end_hooks(GenialGame *g, HookCall *call, bool was_over, PulError *err);
PulReason genial_apply(PulGame *g, const PulAction *a, PulEvents *ev); /* slot apply */
PulReason genial_apply_trusted(PulGame *g, const PulAction *a);         /* slot apply_trusted */
void genial_events_action(const PulEvents *ev, PulAction *out);        /* slot events_action */

/* ----------------------------------------------------- genial_score.c */
void genial_scores(const PulGame *g, int *scores);                     /* slot scores */
int genial_winners(const PulGame *g, int *seats, int max);             /* slot winners */
int genial_team(const PulGame *g, int seat);                           /* slot team */
int genial_score_parts(const PulGame *g, int seat, PulScorePart *out, int max);

/* -------------------------------------------------- genial_snapshot.c */
/* The counters, racks, tracks, pair set and cells, and the placed list up to
** one more entry than it holds: all one action can change. */
#define GENIAL_SNAPSHOT_MAX (offsetof(GenialGame, placed) + sizeof(GenialPlaced) * GENIAL_MAX_PLACED)
size_t genial_snapshot(const PulGame *g, void *buf);                   /* slot snapshot */
void genial_restore(PulGame *g, const void *buf);                      /* slot restore */

/* ------------------------------------------------------ genial_view.c */
/* Whether fam is the Genial family: its parameter table is genial_params,
** which the lead's table points at, and a test's table too. */
static inline bool genial_is_family(const Family *fam) {
    return fam != NULL && fam->params == &genial_params;
}
/* g or v as Genial's, or NULL for another family. */
const GenialGame *genial_game(const PulGame *g);
const GenialVariant *genial_variant(const PulVariant *v);
/* Slot bounds: the play area's box in (q, r). */
bool genial_bounds(const PulGame *g, PulBounds *out);

/* Casts for a game or variant known to be Genial's. */
static inline GenialGame *GG(PulGame *g) { return (GenialGame *)(void *)g; }
static inline const GenialGame *GGC(const PulGame *g) {
    return (const GenialGame *)(const void *)g;
}
static inline const GenialVariant *GV(const GenialGame *g) {
    return (const GenialVariant *)(const void *)g->h.v;
}
static inline const GenialVariant *GVV(const PulVariant *v) {
    return (const GenialVariant *)(const void *)v;
}
static inline const GenialArea *genial_area(const GenialGame *g) {
    return &GV(g)->area[g->area];
}

#endif
