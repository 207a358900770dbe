/*
** heuristic.c: Micropul's heuristic value of a position for one seat, with
** its weights, and an action's estimate worked out without applying it;
** the bots reach them through pul.h.
*/
#include <math.h>
#include <stdalign.h>
#include <stddef.h>
#include <string.h>

#include "heuristic.h"
#include "hooked.h"

/* The share of an open group's points counted now, and how fast it falls
** with each open edge (named for potential()'s table). */
#define CLOSE_CHANCE 0.75
#define PER_OPEN 0.2

/* The heuristic's weights, in points. Tuned by play against the random bot
** and by MCTS strength (see the report of the bots' issue). */
static const struct {
    double win;          /* a won game over a lost one, on top of the scores */
    double close_chance; /* share of an open own group's points counted now */
    double per_open;     /* how fast that share falls with each open edge */
    double stone;        /* a stone in hand early in the game (falls to 0 at the end) */
    double to_move;      /* moving next (a tempo, an extra turn) */
    double claim;        /* share of the best claim open to the seat to move */
    double empty_hand;   /* a hand with no tile: only takes and claims are left */
    double no_tiles;     /* no tile in hand or supply: the seat loses at its turn */
} W = {30.0, CLOSE_CHANCE, PER_OPEN, 1.0, 1.0, 0.8, 1.5, 25.0};

/* Share of an open group's points the heuristic counts. Every estimate
** needs it for each group it touches, so the usual counts of open edges come
** from a table (a division is a long wait on the way to each value): the
** compiler works each entry out as the expression below would, rounding
** step by step as IEEE doubles do, so the values are the same to the bit. */
#define POTENTIAL(open) (CLOSE_CHANCE / (1.0 + PER_OPEN * (open)))
#define POTENTIAL4(o) POTENTIAL(o), POTENTIAL((o) + 1), POTENTIAL((o) + 2), POTENTIAL((o) + 3)
#define POTENTIAL16(o) POTENTIAL4(o), POTENTIAL4((o) + 4), POTENTIAL4((o) + 8), POTENTIAL4((o) + 12)
static const double potential_of[] = {POTENTIAL16(0), POTENTIAL16(16), POTENTIAL16(32),
                                      POTENTIAL16(48)};
enum { POTENTIAL_TABLE = (int)(sizeof potential_of / sizeof potential_of[0]) };

static double potential(int open) {
    if ((unsigned)open < POTENTIAL_TABLE) return potential_of[open];
    return W.close_chance / (1.0 + W.per_open * open);
}

/* potential_of with 1.0 for no open edge: a closed group's points times
** 1.0 are its points exactly, so claim_worth needs no branch on open. */
#define WORTH4(o) ((o) ? POTENTIAL(o) : 1.0), POTENTIAL((o) + 1), POTENTIAL((o) + 2), POTENTIAL((o) + 3)
static const double worth_of[] = {WORTH4(0), POTENTIAL4(4), POTENTIAL4(8), POTENTIAL4(12),
                                  POTENTIAL16(16), POTENTIAL16(32), POTENTIAL16(48)};
_Static_assert(sizeof worth_of == sizeof potential_of, "a factor for every potential");

/* What a claim on a group without a stone is worth before the stone's own
** value: its points, or their open share. */
static double claim_worth(int points, int open) {
    if ((unsigned)open < POTENTIAL_TABLE) return points * worth_of[open];
    return open ? points * potential(open) : points;
}

/* The seats' own terms, after the groups': stones in hand, the seat to move
** (with the best claim open to it) and empty hands. */
static inline void values_tail(int seats, int mover, double stone, double best_claim,
                        const uint8_t *stones, const uint8_t *nhand, const uint8_t *nsupply,
                        double *v) {
    /* The mover's term after every seat's stones (each seat's sum in the
    ** same order as ever): no test of which seat moves, which varies from
    ** one estimate to the next. Empty hands are rare: that test is guessed. */
    for (int s = 0; s < seats; s++) v[s] += stones[s] * stone;
    v[mover] += W.to_move + W.claim * best_claim;
    for (int s = 0; s < seats; s++)
        if (nhand[s] == 0) v[s] -= nsupply[s] == 0 ? W.no_tiles : W.empty_hand;
}

/* The stone term's value with left tiles still in the core. */
static double stone_value(const MicropulGame *g, int left) {
    int all = MV(g)->ts.ntiles - 1;
    double time_left = all > 0 ? (double)left / all : 0.0;
    return W.stone * time_left;
}

/* The group roots among the 64 nodes from node from on (fewer at the end of
** the placed tiles), a bit each. Node n is the root of a group of micropul
** when root[n] is n and its member count is not 0: a quadrant of another
** feature is its own root and no group, and place_tables.c counts only
** micropul quadrants. Two reads at n, not a walk through the placed tile to
** its layout, and no branch per node, whose outcome the predictor cannot
** guess; the roots are then read in ascending order. On the small layout
** (byte node ids) eight nodes are tested at once, as words. */
#if !defined(MICROPUL_WIDE) && !(defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
static uint64_t group_roots(const MicropulGame *g, int from) {
    _Static_assert(sizeof(NodeId) == 1 && MAX_NODES % 8 == 0 && MAX_NODES <= 256,
                   "eight byte node ids a word, each word within the arrays");
    int count = g->nplaced * 4 - from;
    if (count > 64) count = 64;
    uint64_t roots = 0;
    for (int k = 0; k < count; k += 8) {
        uint64_t root, members;
        memcpy(&root, &g->root[from + k], 8);
        memcpy(&members, &g->gcount[from + k], 8);
        /* Byte i of the word is node from + k + i (< 256: no carry). */
        uint64_t self = 0x0706050403020100ULL + (uint64_t)(from + k) * 0x0101010101010101ULL;
        uint64_t hit = ~bytes_nonzero(root ^ self) & bytes_nonzero(members);
        roots |= (uint64_t)bytes_to_bits(hit) << k;
    }
    /* The nodes past the placed tiles' are read (within the arrays) but not kept. */
    return count < 64 ? roots & ((UINT64_C(1) << count) - 1) : roots;
}
#else
static uint64_t group_roots(const MicropulGame *g, int from) {
    int count = g->nplaced * 4 - from;
    if (count > 64) count = 64;
    uint64_t roots = 0;
    for (int k = 0; k < count; k++) {
        int n = from + k;
        roots |= (uint64_t)(g->root[n] == n && g->gcount[n] != 0) << k;
    }
    return roots;
}
#endif

/* The heuristic of every seat in one pass over the groups (the margin needs
** them all); each seat's sum is made in the order heuristic_value always
** made it, so the values are the same to the last bit. */
static void values(const MicropulGame *g, double *v) {
    int scores[PUL_MAX_SEATS], seats = g->h.nseats;
    score_totals(&g->h, scores);
    for (int s = 0; s < seats; s++) v[s] = scores[s];
    if (g->h.over) {
        int winners[PUL_MAX_SEATS];
        int n = score_winners(&g->h, winners, PUL_MAX_SEATS);
        for (int i = 0; i < n && i < PUL_MAX_SEATS; i++) v[winners[i]] += W.win / n;
        return;
    }
    double stone = stone_value(g, g->ncore - g->core_top);
    int mover = g->h.to_move;
    bool may_claim = g->stones[mover] > 0;
    double best_claim = 0.0;
    for (int from = 0; from < g->nplaced * 4; from += 64) {
        for (uint64_t roots = group_roots(g, from); roots; roots &= roots - 1) {
            int n = from + lowest_set64(roots);
            int open = g->gopen[n];
            if (g->gstones[n] == 0) {
                if (may_claim) {
                    double gain = claim_worth(g->gpoints[n], open) - stone;
                    if (gain > best_claim) best_claim = gain;
                }
            } else if (open > 0) {
                int who = groups_scorer(g, n);
                if (who >= 0) v[who] += g->gpoints[n] * potential(open);
            }
        }
    }
    values_tail(seats, mover, stone, best_claim, g->stones, g->nhand, g->nsupply, v);
}

/* Micropul has no partners: every other seat is a rival (pul_game_margin). */
static inline double margin_of(const double *v, int seats, int seat) {
    /* Two seats: others would be 0.0 + the rival's value, which is that
    ** value (never -0.0, see values_tail), and x / 1 is x exactly. */
    if (seats == 2) return v[seat] - v[seat ^ 1];
    double others = 0.0;
    for (int s = 0; s < seats; s++)
        if (s != seat) others += v[s];
    return seats > 1 ? v[seat] - others / (seats - 1) : v[seat];
}

double heuristic_value(const PulGame *pg, int seat) {
    double v[PUL_MAX_SEATS];
    values(MGC(pg), v);
    return v[seat];
}

double heuristic_margin(const PulGame *pg, int seat) {
    double v[PUL_MAX_SEATS];
    values(MGC(pg), v);
    return margin_of(v, pg->nseats, seat);
}

/* ------------------------------------------------------------ estimates */

/* An action's margin worked out from the groups it touches, without
** applying it: the groups' figures after it, the seats' counts and the turn
** that follows, put together in the order values() adds them, so the value
** is the applied one to the last bit. Where the turn that follows could end
** the game (the core runs out, a seat cannot move, the action limit) or a
** hook could run, the action is applied on a trial game instead. */

enum {
    MAX_TOUCHED = 12, /* a tile's own groups and the groups facing it */
    MAX_CLAIMED = PUL_MAX_SEATS * PUL_MAX_STONES
};

/* The position every estimate of one call starts from. */
typedef struct {
    int scores[PUL_MAX_SEATS];
    /* Groups with a stone and open edges that score for a seat, by root. */
    int nc;
    int croot[MAX_CLAIMED], cwho[MAX_CLAIMED];
    double cval[MAX_CLAIMED];
    uint64_t cbits;     /* bit croot % 64 of each */
    /* The two groups without a stone that a claim values most, best first
    ** (-1, -HUGE_VAL: none); the first of equals first. */
    int uroot[2];
    double uval[2];
} Base;

/* A group the action touches: one on the board (old) or one of the new
** tile's, joined locally as groups.c joins them. */
typedef struct {
    int root;  /* the node its root is at */
    int up;    /* the touched group it joined, itself while a root */
    int count, points, open, stones;
    unsigned owners;
    bool old;
} Touched;

/* On the small layout (at most 256 nodes) the old groups touched are a set
** of bits, one per node, with the entry of each in at: whether a root was
** touched, and which entry it is, are read without a walk over the list
** (a guess per entry to the predictor). The wide layout keeps a bit per
** root % 64 and walks the list when it is set. */
#ifndef MICROPUL_WIDE
#define OLD_SET 1
enum { OLD_WORDS = (MAX_NODES + 63) / 64 };
_Static_assert(MAX_NODES <= 256, "an entry index per node in a byte, four words at most");
#else
#define OLD_SET 0
#endif

_Static_assert(MAX_TOUCHED <= 32 && MAX_TOUCHED <= UINT8_MAX,
               "an entry is a bit of Effect.roots and fits Effect.at");

/* What the action changes. */
typedef struct {
    Touched t[MAX_TOUCHED];
    int nt;
#if OLD_SET
    uint64_t old_set[OLD_WORDS]; /* bit root % 64 of word root / 64: an old group touched */
    uint8_t at[MAX_NODES];       /* its entry in t (read only where old_set has the bit) */
#else
    /* Bit root % 64 of each old group touched: most roots the estimate asks
    ** about were not, and one bit says so without a look at the list. */
    uint64_t old_bits;
#endif
    /* Bit i: t[i] is a root (up == i), for the walk over the touched
    ** groups, which a test of up at each entry made a guess per entry. */
    unsigned roots;
    int add[PUL_MAX_SEATS];      /* points of groups it closes or claims closed */
    int hand, supply, stones;    /* the mover's changes */
    int drawn;                   /* tiles leaving the core */
    int unclaimed;               /* change of the groups without a stone */
    int extra;                   /* extra turns its catalysts grant */
    bool closing;                /* a placement: its touched groups left with no open edge close */
} Effect;

static void base_of(const MicropulGame *g, Base *b) {
    score_totals(&g->h, b->scores);
    b->nc = 0;
    b->cbits = 0;
    int r0 = -1, r1 = -1;
    double u0 = -HUGE_VAL, u1 = -HUGE_VAL;
    for (int from = 0; from < g->nplaced * 4; from += 64) {
        for (uint64_t roots = group_roots(g, from); roots; roots &= roots - 1) {
            int n = from + lowest_set64(roots);
            int open = g->gopen[n];
            if (g->gstones[n] == 0) {
                /* The best two values as a maximum and a minimum (maxsd,
                ** minsd) and their roots by conditional moves: written as
                ** conditional expressions, they were branches on each
                ** group's worth, a coin toss to the predictor. */
                double w = claim_worth(g->gpoints[n], open);
                bool first = w > u0, second = w > u1;
                r1 = first ? r0 : second ? n : r1;
                r0 = first ? n : r0;
                double below = w > u0 ? u0 : w;
                u1 = below > u1 ? below : u1;
                u0 = w > u0 ? w : u0;
            } else if (open > 0) {
                int who = groups_scorer(g, n);
                if (who < 0 || b->nc == MAX_CLAIMED) continue;
                b->croot[b->nc] = n;
                b->cbits |= UINT64_C(1) << (n & 63);
                b->cwho[b->nc] = who;
                b->cval[b->nc++] = g->gpoints[n] * potential(open);
            }
        }
    }
    b->uroot[0] = r0;
    b->uroot[1] = r1;
    b->uval[0] = u0;
    b->uval[1] = u1;
}

/* Bit root % 64 of each old group touched. */
static inline uint64_t touched_bits(const Effect *e) {
#if OLD_SET
    uint64_t bits = 0;
    for (int w = 0; w < OLD_WORDS; w++) bits |= e->old_set[w];
    return bits;
#else
    return e->old_bits;
#endif
}

/* Whether e touches the old group at root (-1: none). */
static bool touched_old(const Effect *e, int root) {
#if OLD_SET
    unsigned r = (unsigned)root;
    return r < MAX_NODES && (e->old_set[r >> 6] >> (r & 63) & 1);
#else
    if (!(e->old_bits >> (root & 63) & 1)) return false;
    for (int i = 0; i < e->nt; i++)
        if (e->t[i].old && e->t[i].root == root) return true;
    return false;
#endif
}

static int touched_find(const Effect *e, int i) {
    while (e->t[i].up != i) i = e->t[i].up;
    return i;
}

/* The touched group of a root on the board, added when new. */
__attribute__((always_inline)) static inline int touch_old(const MicropulGame *g, Effect *e, int root) {
    uint64_t bit = UINT64_C(1) << (root & 63);
#if OLD_SET
    uint64_t *word = &e->old_set[(unsigned)root >> 6];
    if (*word & bit) return touched_find(e, e->at[root]);
    *word |= bit;
    e->at[root] = (uint8_t)e->nt;
#else
    if (e->old_bits & bit)
        for (int i = 0; i < e->nt; i++)
            if (e->t[i].old && e->t[i].root == root) return touched_find(e, i);
    e->old_bits |= bit;
#endif
    e->roots |= 1u << e->nt;
    Touched *t = &e->t[e->nt];
    *t = (Touched){root, e->nt, g->gcount[root], g->gpoints[root], g->gopen[root],
                   g->gstones[root], g->gowners[root], true};
    return e->nt++;
}

/* groups.c's join: the larger group's root stays (a's on a tie). */
__attribute__((always_inline)) static inline void touched_join(Effect *e, int a, int b) {
    int ra = touched_find(e, a), rb = touched_find(e, b);
    if (ra == rb) return;
    int keep = e->t[ra].count < e->t[rb].count ? rb : ra, gone = ra ^ rb ^ keep;
    Touched *k = &e->t[keep], *o = &e->t[gone];
    e->unclaimed -= (k->stones == 0) | (o->stones == 0);
    k->count += o->count;
    k->points += o->points;
    k->open += o->open;
    k->stones += o->stones;
    k->owners |= o->owners;
    o->up = keep;
    e->roots &= ~(1u << gone);
}

/* The frontier cell (x, y) a listed placement fills, with the placed index
** on each side of it (nb, -1 where none). On the small layout the slots are
** read without board_tile_at's window test: a cell beyond the bounding box
** plus one holds 0 (micropul.h), and a neighbour of a frontier cell, at most
** two cells beyond the box, never shares a slot with a placed tile: a
** layout of at most MICROPUL_SMALL_TILES tiles spans at most that many
** columns (rows), so such a cell lies 2 to MICROPUL_SMALL_TILES + 1 < GRID
** columns (rows) from each tile in its own row (column). */
static inline const Front *place_cells(const MicropulGame *g, int x, int y, int nb[4]) {
#ifndef MICROPUL_WIDE
    _Static_assert(MICROPUL_SMALL_TILES + 1 < GRID, "a frontier cell's neighbours never wrap onto a tile");
    for (int s = 0; s < 4; s++) {
        unsigned b = g->grid[CELL_INDEX(x + side_dx[s], y + side_dy[s])];
        nb[s] = (b - 1u < FRONT_BASE - 1u) ? (int)b - 1 : -1;
    }
    return &g->front[g->grid[CELL_INDEX(x, y)] - FRONT_BASE];
#else
    for (int s = 0; s < 4; s++) nb[s] = board_tile_at(g, x + side_dx[s], y + side_dy[s]);
    return &g->front[board_front_at(g, x, y)];
#endif
}

/* A placement as groups_add_tile and activate work it out. */
static void effect_place(const MicropulGame *g, const PulAction *a, Effect *e) {
    const MicropulVariant *v = MV(g);
    const TileRot *tr = &v->rot[a->tile][a->rot];
    const PlaceRot *pr = &v->place[a->tile][a->rot];
    int nb[4], base = g->nplaced * 4, own[4];
    const Front *seen = place_cells(g, a->x, a->y, nb);
    unsigned empty = 0;
    for (int s = 0; s < 4; s++) empty |= (unsigned)(nb[s] < 0) << s;
    uint32_t open = pr->open_empty[empty];
    int points = pr->big ? g->rules.points_big : g->rules.points_micropul;
    for (int k = 0; k < pr->ngroups; k++) {
        int q = pr->roots[k];
        own[q] = e->nt;
        e->roots |= 1u << e->nt;
        e->t[e->nt] = (Touched){base + q, e->nt, pr->lcount[q], pr->lsize[q] * points,
                                (int)(open >> (8 * q) & 0xFFu), 0, 0, false};
        e->nt++;
    }
    e->unclaimed = pr->ngroups;
    /* Each slot a micropul faces: its group loses that open edge. The
    ** touched entry is kept per slot for the joins below, whose slots are
    ** among these (a colour faces a slot where a micropul does). */
    int at[8];
    for (unsigned m = seen->mic8; m; m &= m - 1) {
        int i = lowest_set(m);
        at[i] = touch_old(g, e, g->root[nb[i >> 1] * 4 + slot_quad[i ^ 4]]);
        e->t[at[i]].open--;
    }
    unsigned same = edges_joined(tr, seen);
    for (; same; same &= same - 1) {
        int i = lowest_set(same);
        int old = seen->mic8 >> i & 1 ? at[i]
                                      : touch_old(g, e, g->root[nb[i >> 1] * 4 + slot_quad[i ^ 4]]);
        touched_join(e, own[pr->lroot[slot_quad[i]]], old);
    }
    uint32_t fired = apply_fired(g, a->tile, a->rot, nb, seen);
    int draw = (int)(fired & 0xFFFFu), left = g->ncore - g->core_top;
    e->drawn = draw < left ? draw : left;
    e->supply = e->drawn;
    e->hand = -1;
    e->extra = (int)(fired >> 16);
    e->closing = true;
}

/* A claim as groups_claim works it out. */
static void effect_claim(const MicropulGame *g, const PulAction *a, Effect *e) {
    int seat = g->h.to_move;
    Touched *t = &e->t[touch_old(g, e, g->root[board_tile_at(g, a->x, a->y) * 4 + a->quad])];
    if (t->stones == 0) e->unclaimed = -1;
    t->stones++;
    t->owners |= 1u << seat;
    if (t->open == 0) {
        int who = groups_scorer_of(&g->rules, t->stones, t->owners);
        if (who >= 0) e->add[who] += t->points;
    }
    e->stones = -1;
}

/* The best worth of a claim among the groups without a stone that e does
** not touch (-HUGE_VAL: none), when it touches the best two: a walk
** over the groups as base_of's, which most estimates are spared. */
static __attribute__((noinline)) double untouched_top(const MicropulGame *g, const Effect *e) {
    double top = -HUGE_VAL;
    for (int from = 0; from < g->nplaced * 4; from += 64)
        for (uint64_t roots = group_roots(g, from); roots; roots &= roots - 1) {
            int n = from + lowest_set64(roots);
            if (g->gstones[n] != 0 || touched_old(e, n)) continue;
            double w = claim_worth(g->gpoints[n], g->gopen[n]);
            if (w > top) top = w;
        }
    return top;
}

/* The margin after the action whose changes e holds, or false when the
** turn that follows needs the action applied (turn.c's end and checks). */
__attribute__((always_inline)) static inline bool
effect_margin_of(const MicropulGame *g, const Base *b, const Effect *e, int seats, double *out) {
    const PulRules *rules = &g->rules;
    int seat = g->h.to_move;
    int core_top = g->core_top + e->drawn;
    if (g->h.turns + 1 >= PUL_ACTION_LIMIT || core_top >= g->ncore) return false;
    int extra_left = g->extra_left;
    if (e->extra > 0 && (seats > 1 || rules->solo_extra_turn) &&
        (!g->in_extra || rules->extra_turn_chains)) {
        int x = extra_left + (rules->extra_turn_per_catalyst ? e->extra : 1);
        extra_left = x > 255 ? 255 : x;
    }
    bool in_extra = extra_left > 0;
    int next = in_extra ? seat : seat + 1 == seats ? 0 : seat + 1; /* no division */
    uint8_t nhand[PUL_MAX_SEATS], nsupply[PUL_MAX_SEATS], stones[PUL_MAX_SEATS];
    memcpy(nhand, g->nhand, sizeof nhand);
    memcpy(nsupply, g->nsupply, sizeof nsupply);
    memcpy(stones, g->stones, sizeof stones);
    nhand[seat] = (uint8_t)(nhand[seat] + e->hand);
    nsupply[seat] = (uint8_t)(nsupply[seat] + e->supply);
    stones[seat] = (uint8_t)(stones[seat] + e->stones);
    /* legal_any's quick answers for the seat to move next; otherwise its
    ** start-of-turn checks are left to the applied game. */
    if (nhand[next] == 0 && nsupply[next] == 0) return false;
    if (!in_extra && !(nsupply[next] > 0 && nhand[next] < rules->hand_limit) &&
        !(stones[next] > 0 && g->unclaimed + e->unclaimed > 0))
        return false;

    /* One pass over the touched groups' roots: the points of those a
    ** placement closes, the best worth of a claim among those without a
    ** stone (a maximum, which the order of comparing does not change), and
    ** the claimed ones' terms in root order. */
    int add[PUL_MAX_SEATS];
    memcpy(add, e->add, sizeof add);
    bool claim_open = stones[next] > 0;
    double touched_top = -HUGE_VAL;
    int nroot[MAX_TOUCHED], nwho[MAX_TOUCHED], nn = 0;
    double nval[MAX_TOUCHED];
    for (unsigned m = e->roots; m; m &= m - 1) {
        const Touched *t = &e->t[lowest_set(m)];
        if (t->stones == 0) {
            if (claim_open) {
                double w = claim_worth(t->points, t->open);
                if (w > touched_top) touched_top = w;
            }
            continue;
        }
        if (t->open <= 0) {
            if (e->closing && t->open == 0) {
                int who = groups_scorer_of(rules, t->stones, t->owners);
                if (who >= 0) add[who] += t->points;
            }
            continue;
        }
        int who = groups_scorer_of(rules, t->stones, t->owners);
        if (who < 0) continue;
        int k = nn++;
        for (; k > 0 && nroot[k - 1] > t->root; k--) {
            nroot[k] = nroot[k - 1];
            nwho[k] = nwho[k - 1];
            nval[k] = nval[k - 1];
        }
        nroot[k] = t->root;
        nwho[k] = who;
        nval[k] = t->points * potential(t->open);
    }
    /* The same integer sums as the applied game's scores, converted once. */
    double v[PUL_MAX_SEATS];
    for (int s = 0; s < seats; s++) v[s] = b->scores[s] + add[s];
    v[seat] = b->scores[seat] + add[seat] + rules->points_supply * e->supply +
              rules->points_hand * e->hand;
    /* A division each estimate, not a branch on whether it draws a tile. */
    double stone = stone_value(g, g->ncore - core_top);
    double best_claim = 0.0;
    if (claim_open) {
        double top = !touched_old(e, b->uroot[0])   ? b->uval[0]
                     : !touched_old(e, b->uroot[1]) ? b->uval[1]
                                                    : untouched_top(g, e);
        if (touched_top > top) top = touched_top;
        /* Rounding is monotonic: the best gain is the best worth less the stone. */
        double gain = top - stone;
        if (gain > best_claim) best_claim = gain;
    }
    if (nn == 0 && !(touched_bits(e) & b->cbits)) {
        /* No claimed group touched (most estimates): the base's in order. */
        for (int i = 0; i < b->nc; i++) v[b->cwho[i]] += b->cval[i];
    } else {
        for (int i = 0, j = 0; i < b->nc || j < nn;) {
            if (i < b->nc && (j == nn || b->croot[i] < nroot[j])) {
                if (!touched_old(e, b->croot[i])) v[b->cwho[i]] += b->cval[i];
                i++;
            } else {
                v[nwho[j]] += nval[j];
                j++;
            }
        }
    }
    values_tail(seats, next, stone, best_claim, stones, nhand, nsupply, v);
    *out = margin_of(v, seats, seat);
    return true;
}

/* Two seats, the usual game, with the count a constant: the loops over
** the seats are straight code. */
static bool effect_margin(const MicropulGame *g, const Base *b, const Effect *e, double *out) {
    if (g->h.nseats == 2) return effect_margin_of(g, b, e, 2, out);
    return effect_margin_of(g, b, e, g->h.nseats, out);
}

/* The margin after a, worked out; false when it must be applied. */
static bool estimate(const MicropulGame *g, const Base *b, const PulAction *a, double *out) {
    Effect e;
    e.nt = 0;
#if OLD_SET
    memset(e.old_set, 0, sizeof e.old_set);
#else
    e.old_bits = 0;
#endif
    e.roots = 0;
    memset(e.add, 0, sizeof e.add);
    e.hand = e.supply = e.stones = e.drawn = e.unclaimed = e.extra = 0;
    e.closing = false;
    switch (a->kind) {
    case PUL_PLACE:
        effect_place(g, a, &e);
        break;
    case PUL_CLAIM:
        effect_claim(g, a, &e);
        break;
    case PUL_TAKE:
        e.hand = 1;
        e.supply = -1;
        break;
    default:
        break;
    }
    return effect_margin(g, b, &e, out);
}

/* Whether a hook can run during an action (then every action is applied). */
static bool hooks_may_run(const MicropulGame *g) {
    const MicropulHooks *tab = hooked_table(g);
    return tab && (tab->defined & ~HOOK_SETUP);
}

/* The values of n actions of g; those estimate() cannot work out are
** applied on trial (a copy of g made on first need when copy, else g itself)
** and undone from one snapshot. */
static PulReason margins(const MicropulGame *g, PulGame *trial, bool copy, const PulAction *a,
                         int n, bool listed, double *values) {
    alignas(max_align_t) unsigned char snap[MICROPUL_SNAPSHOT_MAX];
    bool fast = !hooks_may_run(g), saved = false;
    int seat = g->h.to_move;
    Base b;
    if (fast) base_of(g, &b);
    for (int i = 0; i < n; i++) {
        if (!listed && apply_check(&g->h, &a[i]) != PUL_LEGAL) {
            values[i] = -HUGE_VAL;
            continue;
        }
        if (fast && estimate(g, &b, &a[i], &values[i])) continue;
        if (!saved) {
            if (copy) pul_game_copy_used(trial, &g->h);
            snapshot_save(MGC(trial), snap);
            saved = true;
        }
        PulReason r = pul_apply_trusted(trial, &a[i]);
        if (r != PUL_LEGAL) return r; /* a script failed: the guard left trial as it was */
        values[i] = pul_game_margin(trial, seat);
        snapshot_restore(MG(trial), snap);
    }
    return PUL_LEGAL;
}

PulReason heuristic_estimates(const PulGame *g, const PulAction *a, int n, bool listed,
                              PulGame *scratch, double *values) {
    return margins(MGC(g), scratch, true, a, n, listed, values);
}

PulReason heuristic_margins(PulGame *g, const PulAction *a, int n, double *values) {
    return margins(MGC(g), g, false, a, n, true, values);
}
