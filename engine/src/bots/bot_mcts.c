/*
** bot_mcts.c: information-set Monte Carlo tree search (single observer).
** Each iteration deals a determinization from the observation, walks the
** tree with UCB1 over the children legal in that deal (availability counts),
** adds one node, plays the game out and backs up a reward in [0, 1] for
** every seat. The tree is over actions, not states, so the hidden tiles of
** each deal never reach the choice except through the rewards' average.
*/
#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */

#include <limits.h>
#include <math.h>
#include <stdalign.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

#include "bot.h"
#include "mem.h"
#include "rng.h"

enum {
    OPT_ITERS = 0, OPT_TIME, OPT_C, OPT_ROLLOUT, OPT_DEPTH, OPT_WIDEN, OPT_TEMP, OPT_JUDGE,
    OPT_SAMPLES, OPT_RANK
};
enum { ROLLOUT_RANDOM = 0, ROLLOUT_GREEDY, ROLLOUT_BEST };
enum { JUDGE_LEAF = 0, JUDGE_TURN };
enum {
    MAX_PATH = 512,           /* tree depth walked; games are far shorter */
    TO_THE_END = 1000,        /* the depth option that plays out to the end of the game */
    NODE_CAP_TIMED = 1 << 20, /* nodes kept when the budget is time */
    LITE_SAMPLES = 8,         /* most random actions a greedy rollout step compares */
    MAX_REPLY = 64,           /* most actions a playout to the seat's next turn takes */
    CAND_BLOCK_FIRST = 4,     /* candidates a node ranks first; each later block doubles */
    CAND_BLOCK_MAX = 256,     /* most candidates one ranking keeps */
    CAND_POOL_MIN = 4096,     /* candidates kept at first (then about two per node) */
    SEEN_SIZE = 65536,        /* the children's hash set: a power of 2 above PUL_MAX_ACTIONS */
    LOG_TABLE = 4096,         /* availability counts whose logarithm UCB1 keeps */
    SELECT_MIN = 32,          /* candidates wanted from which a ranking selects its cut first */
    SMALL_TOP = 16,           /* candidates wanted up to which a ranking counts, not searches */
    FILTER_WORDS = 16,        /* the children's filter: 1024 bits */
    FILTER_SHIFT = 22,        /* an action_hash's bits above this pick its filter bit */
    RANK_SMALL_MAX = 32       /* most values a ranking of 4 or 8 inserts every one of */
};
_Static_assert(FILTER_WORDS * 64 == 1 << (32 - FILTER_SHIFT), "a filter bit per high hash value");

/* How much of the reward is the score margin (the rest is win, draw, loss),
** and the margin that counts for about half of that part. */
static const double MARGIN_SHARE = 0.3, MARGIN_SCALE = 10.0;

static const char *const rollout_words[] = {"random", "greedy", "best", NULL};
static const char *const judge_words[] = {"leaf", "turn", NULL};
static const BotOption mcts_options[] = {
    {"iters", BOT_OPT_INT, 1, 100000000, 1000, NULL, false, "iterations per choice"},
    {"time", BOT_OPT_REAL, 0, 3600, 0, NULL, true,
     "seconds per choice instead (0: none); the choice then depends on the machine"},
    {"c", BOT_OPT_REAL, 0, 100, 0.35, NULL, false, "UCB1 exploration constant"},
    {"rollout", BOT_OPT_WORD, 0, 2, ROLLOUT_GREEDY, rollout_words, false,
     "playout policy: random, greedy (the best of a few random actions tried), or best "
     "(the best legal action by the family's cheap estimate)"},
    {"depth", BOT_OPT_INT, 0, TO_THE_END, 4, NULL, false,
     "playout actions before the heuristic judges the position (1000: to the end)"},
    {"widen", BOT_OPT_REAL, 0, 100, 0.5, NULL, false,
     "progressive widening: a node has at most 1 + widen * sqrt(visits) children, the "
     "ones the family's estimate ranks best first (0: every legal action)"},
    {"temp", BOT_OPT_REAL, 0.1, 1000, 6, NULL, false,
     "points of heuristic margin that make a judged position about 73% won"},
    {"judge", BOT_OPT_WORD, 0, 1, JUDGE_LEAF, judge_words, false,
     "where a playout is judged: at its leaf (after depth actions), or at the start of the "
     "seat's next turn (the other seats' replies played by the rollout policy first)"},
    {"samples", BOT_OPT_INT, 1, LITE_SAMPLES, 3, NULL, true,
     "random actions a greedy playout step compares"},
    {"rank", BOT_OPT_INT, 0, PUL_MAX_ACTIONS, 0, NULL, true,
     "legal actions, drawn at random, that a ranking of a node below the root estimates "
     "(0: all of them; the root ranks all)"},
};

typedef struct {
    PulAction act;      /* the action leading here (a take: any tile, as listed) */
    int32_t child;      /* first child, -1 none */
    int32_t sibling;    /* next sibling, -1 none */
    int32_t visits;     /* times chosen */
    int32_t avail;      /* times it was legal when its parent was visited */
    double reward;      /* sum of rewards of the seat that chose act */
    int32_t cand;       /* its ranked candidates: first in Mcts.cand, -1 none yet */
    int16_t ncand;      /* how many */
    int8_t ranked;      /* times they were ranked (each block twice the last) */
    int8_t mover;       /* the seat that chose act */
} Node;

/* A candidate child, ranked by pul_action_estimate when its block was made. */
typedef struct {
    PulAction act;
    bool taken;         /* made a child */
} Cand;

typedef struct {
    Node *pool;
    int cap, n;
    Cand *cand;         /* the nodes' blocks of ranked candidates */
    int ccap, cn;
    PulGame *tmp;       /* the estimates' scratch */
    /* The decision's first deal: each iteration deals again on a copy of it
    ** (pul_game_redeal: no check of the observation again and, in a family
    ** that can, only the hidden tiles dealt). */
    PulGame *root;
    int nlog;                       /* logs[0..nlog) are filled */
    PulAction buf[PUL_MAX_ACTIONS];
    double value[PUL_MAX_ACTIONS];  /* buf's estimates */
    double sel[PUL_MAX_ACTIONS];    /* the selection's two scratch buffers */
    double sel2[PUL_MAX_ACTIONS];
    int32_t seen[SEEN_SIZE];        /* a node's children by action_hash, -1 empty */
    Cand top[CAND_BLOCK_MAX];
    uint16_t top_at[CAND_BLOCK_MAX]; /* the ranking's best so far: indexes into buf */
    int path[MAX_PATH];
    /* log(k), each worked out once by log() itself (so to the bit what it
    ** gives): UCB1 takes one for every child at every visit. */
    double logs[LOG_TABLE];
    /* The edition's scripts failed in a trial or a rollout: the search stops
    ** (each further apply could cost a hook its whole deadline). */
    bool failed;
    /* The playout's last action was a greedy step's: last_margin is
    ** pul_game_margin of last_mover in the game it left (pul_legal_margins). */
    bool last_known;
    int last_mover;
    double last_margin;
} Mcts;

_Static_assert(PUL_MAX_ACTIONS <= UINT16_MAX, "an action's index in buf fits top_at");
_Static_assert(2 * SMALL_TOP + 1 <= CAND_BLOCK_MAX, "a small ranking's fixed move stays in top_at");
_Static_assert(4 * CAND_BLOCK_FIRST + 1 <= CAND_BLOCK_MAX, "rank_small's slots and runs stay in top_at");
_Static_assert(SEEN_SIZE > PUL_MAX_ACTIONS, "a node's children never fill the set: probes end");

/* Every byte of an action is a field (no padding), so equal bytes are equal
** actions: the comparison holds for any family's use of the fields. */
_Static_assert(sizeof(PulAction) == 4 * sizeof(uint8_t) + 2 * sizeof(int32_t),
               "PulAction has no padding");

static bool same_action(const PulAction *a, const PulAction *b) {
    return memcmp(a, b, sizeof *a) == 0;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A node with room for it, or -1 when the pool may not grow. */
static int new_node(Mcts *m, int limit) {
    if (m->n >= m->cap) {
        if (m->cap >= limit) return -1;
        int cap = m->cap ? m->cap * 2 : 1024;
        if (cap > limit) cap = limit;
        Node *p = mem_realloc(m->pool, sizeof(Node) * (size_t)cap);
        if (!p) return -1;
        m->pool = p;
        m->cap = cap;
    }
    Node *nd = &m->pool[m->n];
    memset(nd, 0, sizeof *nd);
    nd->child = nd->sibling = nd->cand = -1;
    return m->n++;
}

/* Reward in [0, 1] per seat of a game not over: the heuristic's margin
** through a logistic curve. */
static void judged_rewards(const PulGame *g, const Mcts *mc, double temp, double *r) {
    int seats = pul_game_seats(g);
    if (seats == 2 && pul_game_team(g, 0) != pul_game_team(g, 1)) {
        /* Each seat's only rival is the other: its margin is the other's
        ** negated, exactly (a - b == -(b - a) in floating point), so one
        ** pass over the position gives both, and the last greedy step has
        ** already made that pass. */
        double m = !mc->last_known        ? pul_game_margin(g, 0)
                   : mc->last_mover == 0 ? mc->last_margin
                                         : -mc->last_margin;
        r[0] = 1.0 / (1.0 + exp(-m / temp));
        r[1] = 1.0 / (1.0 + exp(m / temp));
        return;
    }
    for (int s = 0; s < seats; s++) r[s] = 1.0 / (1.0 + exp(-pul_game_margin(g, s) / temp));
}

/* Reward in [0, 1] per seat: a win (shared between the winning teams; the
** partners of a team each get the team's share) blended with the margin
** over the best rival, a seat of another team. */
static void rewards(const PulGame *g, double *r) {
    int scores[PUL_MAX_SEATS], winners[PUL_MAX_SEATS], team[PUL_MAX_SEATS];
    int seats = pul_game_seats(g);
    pul_game_scores(g, scores, PUL_MAX_SEATS);
    for (int s = 0; s < seats; s++) team[s] = pul_game_team(g, s);
    int nw = pul_game_winners(g, winners, PUL_MAX_SEATS), teams = 0;
    for (int i = 0; i < nw; i++) {
        bool seen = false;
        for (int k = 0; k < i && !seen; k++) seen = team[winners[k]] == team[winners[i]];
        teams += !seen;
    }
    for (int s = 0; s < seats; s++) {
        double win = 0.0;
        for (int i = 0; i < nw; i++)
            if (winners[i] == s) win = 1.0 / teams;
        /* Scoring hooks reach far below any fixed floor (script.h). */
        int best_rival = INT_MIN;
        bool rival = false;
        for (int t = 0; t < seats; t++)
            if (team[t] != team[s]) {
                rival = true;
                if (scores[t] > best_rival) best_rival = scores[t];
            }
        double margin = rival ? (double)scores[s] - best_rival : scores[s];
        double squash = 0.5 + 0.5 * margin / (fabs(margin) + MARGIN_SCALE);
        r[s] = (1.0 - MARGIN_SHARE) * win + MARGIN_SHARE * squash;
    }
}

/* The best legal action of g by pul_legal_estimates, ties at random. */
static bool best_action(Mcts *m, const PulGame *g, PulRng *rng, PulAction *out) {
    int n = pul_legal_actions(g, m->buf, PUL_MAX_ACTIONS);
    if (n > PUL_MAX_ACTIONS) n = PUL_MAX_ACTIONS;
    if (n == 0) return false;
    if (pul_legal_estimates(g, m->buf, n, m->tmp, m->value) == PUL_R_SCRIPT_ERROR) {
        m->failed = true;
        return false;
    }
    int best = -1, ties = 0;
    for (int i = 0; i < n; i++) {
        if (best >= 0 && m->value[i] < m->value[best]) continue;
        if (best >= 0 && m->value[i] == m->value[best]) {
            if (rng_below(rng, (uint32_t)++ties) == 0) best = i;
            continue;
        }
        best = i;
        ties = 1;
    }
    *out = m->buf[best];
    return true;
}

/* The greedy rollout step, played on g itself: of samples random legal
** actions (drawn from the same position), the one whose result
** pul_game_margin likes best for the seat to move (the first of equals) is
** applied; pul_legal_margins reads each result, without applying it where
** the family can. False when g has no action or the edition's scripts
** failed on one (m->failed). */
static bool lite_step(Mcts *m, PulGame *g, PulRng *rng, int samples) {
    PulAction a[LITE_SAMPLES];
    double v[LITE_SAMPLES];
    int n = 0;
    if (samples > LITE_SAMPLES) samples = LITE_SAMPLES;
    /* The samples in one call, which shares their set-up (the same draws). */
    int drawn = pul_random_actions(g, rng, a, samples);
    for (int i = 0; i < drawn; i++) {
        /* A repeat of a sample has its value, so it never beats the first
        ** of equals: it is not valued again. */
        bool again = false;
        for (int k = 0; k < n && !again; k++) again = same_action(&a[k], &a[i]);
        if (!again) a[n++] = a[i];
    }
    if (n == 0) return false;
    if (pul_legal_margins(g, a, n, v) != PUL_LEGAL) {
        m->failed = true; /* g as it was */
        return false;
    }
    int best = 0;
    for (int i = 1; i < n; i++)
        if (v[i] > v[best]) best = i;
    m->last_mover = pul_game_to_move(g);
    m->last_margin = v[best];
    if (pul_apply_trusted(g, &a[best]) != PUL_LEGAL) m->failed = true;
    m->last_known = !m->failed;
    return m->last_known;
}

/* Up to depth actions, or to the end when depth is TO_THE_END: the engine's
** action limit (pul.h) ends every game, even one whose hooks would not.
** With seat >= 0, on until that seat begins a turn again after another seat
** has moved (the replies to its move played out), within MAX_REPLY actions. */
static void rollout(PulGame *g, Mcts *m, PulRng *rng, int policy, int depth, int seat,
                    int samples) {
    PulAction a;
    bool others = false;
    m->last_known = false;
    for (int steps = 0; !pul_game_over(g); steps++) {
        int mover = pul_game_to_move(g);
        others = others || mover != seat;
        if (seat >= 0 ? (others && mover == seat) || steps >= MAX_REPLY
                      : depth < TO_THE_END && steps >= depth)
            break;
        if (policy == ROLLOUT_GREEDY) {
            if (!lite_step(m, g, rng, samples)) break;
            continue;
        }
        bool ok = policy == ROLLOUT_BEST ? best_action(m, g, rng, &a) : pul_random_action(g, rng, &a);
        if (!ok) break;
        m->last_known = false;
        if (pul_apply_trusted(g, &a) != PUL_LEGAL) {
            m->failed = true;
            break;
        }
    }
}

/* log(n) for a count n >= 1. */
static double count_log(Mcts *m, int n) {
    if (n < m->nlog) return m->logs[n];
    if (n >= LOG_TABLE) return log((double)n);
    for (; m->nlog <= n; m->nlog++) m->logs[m->nlog] = log((double)m->nlog);
    return m->logs[n];
}

/* Among node's children legal in g: count each as available and pick by
** UCB1. Returns the child, or -1 when none is legal; *nlegal gets their count.
** The root's children are legal in every deal: what a seat may do on its
** turn is what it sees (its hand, the board, the counts), which every deal
** keeps; were it otherwise, the choice itself could be illegal in the game. */
static int select_child(Mcts *m, int node, const PulGame *g, double c, int *nlegal) {
    int best = -1, legal = 0;
    double best_score = -1e300;
    bool seen = node == 0;
    for (int ch = m->pool[node].child; ch >= 0; ch = m->pool[ch].sibling) {
        Node *nd = &m->pool[ch];
        if (!seen && pul_check(g, &nd->act) != PUL_LEGAL) continue;
        nd->avail++;
        legal++;
        double score = nd->reward / nd->visits + c * sqrt(count_log(m, nd->avail) / nd->visits);
        if (score > best_score) {
            best_score = score;
            best = ch;
        }
    }
    *nlegal = legal;
    return best;
}

/* A slot of the children's hash set for an action: its bytes as a word and
** a half (the fields and x, then y), mixed by multiplication (a Genial node
** ranks a thousand actions). Two multiplications; only membership is asked
** of the set, so any mix that spreads the actions serves. */
static uint32_t action_hash_words(uint64_t lo, uint32_t hi) {
    uint64_t h = (lo + hi * 0x9e3779b97f4a7c15ull) * 0xc2b2ae3d27d4eb4full;
    return (uint32_t)(h >> 32);
}

_Static_assert(offsetof(PulAction, y) == sizeof(uint64_t) && sizeof(PulAction) == 12,
               "an action is a word (the fields and x) and a half (y)");

static uint32_t action_hash(const PulAction *a) {
    uint64_t lo;
    uint32_t hi;
    memcpy(&lo, a, sizeof lo);
    memcpy(&hi, &a->y, sizeof hi);
    return action_hash_words(lo, hi);
}

/* Whether node has a child for action a. */
static bool has_child(const Mcts *m, int node, const PulAction *a) {
    for (int ch = m->pool[node].child; ch >= 0; ch = m->pool[ch].sibling)
        if (same_action(&m->pool[ch].act, a)) return true;
    return false;
}

/* The median of three values (no NaN). */
static double median3(double a, double b, double c) {
    double lo = a < b ? a : b, hi = a < b ? b : a;
    return c < lo ? lo : c > hi ? hi : c;
}

/* The value at index k of vals[0..n) sorted in descending order (0 <= k < n;
** no NaN), and in *above how many of vals exceed it. Each round splits the
** part that holds index k around a pivot of its own values into the other
** scratch buffer, the greater to its front and the smaller to its back:
** every value is written to both ends and only the counts move on, so no
** branch depends on the values (a Hoare scan's stops did, each a coin toss:
** a Genial ranking of a thousand actions mispredicted some 800 of them). */
static double select_desc(const double *vals, double *buf0, double *buf1, int n, int k,
                          int *above) {
    const double *src = vals;
    double *dst = buf0, *spare = buf1;
    int over = 0;
    while (n > 1) {
        double p = median3(src[0], src[n / 2], src[n - 1]);
        int ng = 0, nl = 0;
        for (int i = 0; i < n; i++) {
            double x = src[i];
            dst[ng] = x;
            dst[n - 1 - nl] = x;
            ng += x > p;
            nl += x < p;
        }
        int ne = n - ng - nl; /* p's ties: at least p itself, so each round shrinks */
        if (k >= ng && k < ng + ne) {
            *above = over + ng;
            return p;
        }
        if (k < ng) {
            src = dst;
            n = ng;
        } else {
            over += ng + ne;
            k -= ng + ne;
            src = dst + ng + ne;
            n = nl;
        }
        double *t = spare; /* src now lies in dst: the next round writes the other */
        spare = dst;
        dst = t;
    }
    *above = over;
    return src[0];
}

/* The best want (4 or 8: slots) of value[0..n), scanned from start round to
** start - 1, in top as indexes: in descending order, the first of equals in
** the scan first, -HUGE_VAL never kept (what the general scan keeps; it
** skips most values with one test, a coin toss while few are seen, which
** mispredicted about one in two of a Micropul ranking's twenty). Every value
** is inserted into slots of kept values (-HUGE_VAL when empty) after those
** >= it, a fixed run moved on: a value that is no better lands past the
** slots. Returns how many were kept, or -1 when a value is NaN (the general
** scan's order then). kv and top: 2 * slots + 1 entries. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int rank_small(const double *value, int n, int start, int slots, double *kv,
                             uint16_t *top) {
    for (int k = 0; k < 2 * slots + 1; k++) kv[k] = -HUGE_VAL;
    bool nan = false;
    for (int i = 0, at = start; i < n; i++) {
        double e = value[at];
        nan |= e != e;
        int lo = 0;
        for (int k = 0; k < slots; k++) lo += kv[k] >= e;
        double run[CAND_BLOCK_FIRST * 2];
        uint16_t at_run[CAND_BLOCK_FIRST * 2];
        memcpy(run, &kv[lo], sizeof run[0] * (size_t)slots);
        memcpy(&kv[lo + 1], run, sizeof run[0] * (size_t)slots);
        memcpy(at_run, &top[lo], sizeof at_run[0] * (size_t)slots);
        memcpy(&top[lo + 1], at_run, sizeof at_run[0] * (size_t)slots);
        kv[lo] = e;
        top[lo] = (uint16_t)at;
        at = at + 1 < n ? at + 1 : 0;
    }
    int kept = 0;
    for (int k = 0; k < slots; k++) kept += kv[k] != -HUGE_VAL;
    return nan ? -1 : kept;
}

/* rank_untried's general ranking: the best want of value[0..n) into top
** (indexes), the values below cut and the ties of cut past the first ties
** left out; returns how many are kept. */
static int rank_scan(const double *value, int n, int start, int want, double cut, int ties,
                     uint16_t *top) {
    int kept = 0;
    /* A value is kept when it is not -HUGE_VAL nor below cut and, with want
    ** kept, above the last of them (bar; kept values are at least cut, or
    ** NaN, when bar stays -HUGE_VAL): two tests a value. The scan runs from
    ** start to the end, then from 0 to start. */
    double bar = -HUGE_VAL;
    bool small = want <= SMALL_TOP, nan_kept = false;
    for (int pass = 0, at = start, end = n; pass < 2; pass++, at = 0, end = start) {
        for (; at < end; at++) {
            double e = value[at];
            if (e < cut || e <= bar) continue;
            if (e == cut && ties-- <= 0) continue;
            /* After every kept value >= e (the first of equals stays first). */
            int lo = 0;
            if (small && !nan_kept) {
                /* The kept values counted, not searched: where e goes is a
                ** coin toss that cost the search's branches a misprediction
                ** or two. They are in descending order, so those >= e are
                ** the first lo (a NaN among them would break the order:
                ** then the search below, as before). A fixed run is moved
                ** one place on (two vector moves, no call): past kept, top
                ** holds nothing read. */
                for (int k = 0; k < kept; k++) lo += value[top[k]] >= e;
                uint16_t run[SMALL_TOP];
                memcpy(run, &top[lo], sizeof run);
                memcpy(&top[lo + 1], run, sizeof run);
                kept += kept < want;
            } else {
                int hi = kept;
                while (lo < hi) {
                    int mid = (lo + hi) / 2;
                    if (value[top[mid]] >= e)
                        lo = mid + 1;
                    else
                        hi = mid;
                }
                if (kept < want) kept++;
                int moved = kept - 1 - lo;
                if (moved > 0) memmove(&top[lo + 1], &top[lo], sizeof top[0] * (size_t)moved);
            }
            nan_kept = nan_kept || e != e;
            top[lo] = (uint16_t)at;
            if (kept == want) {
                double last = value[top[kept - 1]];
                bar = last > -HUGE_VAL ? last : -HUGE_VAL;
            }
        }
    }
    return kept;
}

/* Ranks the legal actions of g that node has no child for (sample > 0: a
** random sample of them) by pul_legal_estimates (ties in a random order),
** keeps the best want of them in m->top; returns how many. */
static int rank_untried(Mcts *m, int node, const PulGame *g, int want, int sample,
                        PulRng *rng) {
    int n = pul_legal_actions(g, m->buf, PUL_MAX_ACTIONS);
    if (n > PUL_MAX_ACTIONS) n = PUL_MAX_ACTIONS;
    if (m->pool[node].child >= 0) {
        /* The children in a hash set: a node may have hundreds of them. */
        uint32_t size = 16;
        for (int ch = m->pool[node].child, c = 0; ch >= 0; ch = m->pool[ch].sibling)
            if (2 * ++c > (int)size && size < SEEN_SIZE) size *= 2;
        uint32_t mask = size - 1;
        memset(m->seen, 0xff, sizeof m->seen[0] * size);
        for (int ch = m->pool[node].child; ch >= 0; ch = m->pool[ch].sibling) {
            uint32_t h = action_hash(&m->pool[ch].act) & mask;
            while (m->seen[h] >= 0) h = (h + 1) & mask;
            m->seen[h] = ch;
        }
        /* A bit per child in a small filter (the hash's high bits): most
        ** actions are no child, and one bit, clear, says so with a branch
        ** the predictor gets right, where a probe of the set ended after a
        ** varying number of slots (Genial's rankings of a thousand
        ** actions mispredicted a quarter of them). */
        uint64_t filter[FILTER_WORDS] = {0};
        for (int ch = m->pool[node].child; ch >= 0; ch = m->pool[ch].sibling) {
            uint32_t f = action_hash(&m->pool[ch].act) >> FILTER_SHIFT;
            filter[f >> 6] |= UINT64_C(1) << (f & 63);
        }
        /* Each action read once as its two words, which are hashed and
        ** written back in place (a Genial node filters a thousand). */
        int u = 0;
        for (int k = 0; k < n; k++) {
            uint64_t lo;
            uint32_t hi;
            memcpy(&lo, &m->buf[k], sizeof lo);
            memcpy(&hi, &m->buf[k].y, sizeof hi);
            uint32_t hash = action_hash_words(lo, hi), f = hash >> FILTER_SHIFT;
            bool known = false;
            if (filter[f >> 6] >> (f & 63) & 1)
                for (uint32_t h = hash & mask; !known && m->seen[h] >= 0; h = (h + 1) & mask)
                    known = same_action(&m->pool[m->seen[h]].act, &m->buf[k]);
            memcpy(&m->buf[u], &lo, sizeof lo);
            memcpy(&m->buf[u].y, &hi, sizeof hi);
            u += !known;
        }
        n = u;
    }
    if (n == 0) return 0;
    if (sample > 0 && n > sample) {
        /* Below the root, a node is ranked again whenever none of its
        ** candidates is legal in the deal (an opponent's hand differs in
        ** every deal), so estimating every action cost half an iteration:
        ** a random few are estimated instead (a partial shuffle). */
        for (int k = 0; k < sample; k++) {
            int j = k + (int)rng_below(rng, (uint32_t)(n - k));
            PulAction t = m->buf[k];
            m->buf[k] = m->buf[j];
            m->buf[j] = t;
        }
        n = sample;
    }
    if (pul_legal_estimates(g, m->buf, n, m->tmp, m->value) == PUL_R_SCRIPT_ERROR) {
        m->failed = true; /* scripts failing: no further trials */
        return 0;
    }
    int start = (int)rng_below(rng, (uint32_t)n);
    /* The best are kept as indexes (two bytes moved per place, not a
    ** candidate and its value: a Genial root keeps hundreds). */
    uint16_t *top = m->top_at;
    const double *value = m->value;
    /* Wanting many, the want-th best value (cut) is selected first, so
    ** that only the kept are inserted below: those above it, and the first
    ** ties of it in the scan's order. The same ones, in the same order, as
    ** inserting each better one and dropping the last would keep. */
    double cut = -HUGE_VAL;
    int ties = 0;
    if (want >= SELECT_MIN && n > want) {
        /* Ranks below nv are those of the values above -HUGE_VAL (nv of
        ** them), so the cut is selected among all n, and none of the
        ** others exceeds it. */
        int nv = 0;
        bool nan = false;
        for (int k = 0; k < n; k++) {
            nan |= value[k] != value[k];
            nv += value[k] != -HUGE_VAL;
        }
        if (!nan && nv > want) {
            int above;
            cut = select_desc(value, m->sel, m->sel2, n, want - 1, &above);
            ties = want - above;
        }
    }
    /* A few wanted of a few: every value inserted, no test of it first (a
    ** call per count of slots, a constant in each inlined copy); with a NaN
    ** among the values, the general scan. */
    int kept = -1;
    if (n <= RANK_SMALL_MAX && want == CAND_BLOCK_FIRST)
        kept = rank_small(value, n, start, CAND_BLOCK_FIRST, m->sel, top);
    else if (n <= RANK_SMALL_MAX && want == 2 * CAND_BLOCK_FIRST)
        kept = rank_small(value, n, start, 2 * CAND_BLOCK_FIRST, m->sel, top);
    if (kept < 0) kept = rank_scan(value, n, start, want, cut, ties, top);
    for (int k = 0; k < kept; k++) m->top[k] = (Cand){m->buf[top[k]], false};
    return kept;
}

/* A new block of ranked candidates for node, from g; false when it has none
** (the best one is still in m->top[0] when only the block could not be kept). */
static bool rank_block(Mcts *m, int node, const PulGame *g, int sample, PulRng *rng) {
    Node *nd = &m->pool[node];
    int want = CAND_BLOCK_FIRST << nd->ranked;
    if (want > CAND_BLOCK_MAX) want = CAND_BLOCK_MAX;
    int kept = rank_untried(m, node, g, want, node != 0 ? sample : 0, rng);
    if (kept == 0) return false;
    nd = &m->pool[node];
    if (nd->ranked < 6) nd->ranked++;
    nd->cand = -1;
    nd->ncand = 0;
    if (m->cn + kept > m->ccap) {
        /* The blocks stay within a few per node: twice the node pool. */
        int cap = m->ccap ? m->ccap * 2 : CAND_POOL_MIN;
        while (cap < m->cn + kept) cap *= 2;
        if (cap > 2 * m->cap + CAND_POOL_MIN) return true;
        Cand *c = mem_realloc(m->cand, sizeof(Cand) * (size_t)cap);
        if (!c) return true;
        m->cand = c;
        m->ccap = cap;
    }
    memcpy(&m->cand[m->cn], m->top, sizeof(Cand) * (size_t)kept);
    nd->cand = m->cn;
    nd->ncand = (int16_t)kept;
    m->cn += kept;
    return true;
}

/* The untried action of g the node tries next: with ordering, its best
** ranked candidate legal in this deal (the candidates ranked once for the
** node, ranked again from this deal when none of them is left); without, any
** legal action it has no child for. */
static bool untried_action(Mcts *m, int node, const PulGame *g, bool ordered, int sample,
                           PulRng *rng, PulAction *out) {
    if (!ordered) {
        int n = pul_legal_actions(g, m->buf, PUL_MAX_ACTIONS);
        if (n > PUL_MAX_ACTIONS) n = PUL_MAX_ACTIONS;
        int start = n ? (int)rng_below(rng, (uint32_t)n) : 0;
        for (int k = 0; k < n; k++) {
            const PulAction *a = &m->buf[(start + k) % n];
            if (has_child(m, node, a)) continue;
            *out = *a;
            return true;
        }
        return false;
    }
    for (int pass = 0; pass < 2; pass++) {
        const Node *nd = &m->pool[node];
        for (int i = 0; i < nd->ncand; i++) {
            Cand *c = &m->cand[nd->cand + i];
            if (c->taken || pul_check(g, &c->act) != PUL_LEGAL) continue;
            c->taken = true;
            *out = c->act;
            return true;
        }
        if (pass == 1 || !rank_block(m, node, g, sample, rng)) break;
        if (m->pool[node].ncand == 0) {
            *out = m->top[0].act; /* no room to keep the block */
            return true;
        }
    }
    return false;
}

static void iterate(PulBot *b, Mcts *m, const PulObservation *obs, PulRng *rng, int limit) {
    PulGame *g = b->det;
    double c = b->opt[OPT_C], widen = b->opt[OPT_WIDEN];
    int depth = 0, node = 0;
    m->path[depth++] = 0;
    pul_game_copy_used(g, m->root);
    if (pul_game_redeal(g, obs, rng, NULL) != PUL_OK) return;
    while (!pul_game_over(g) && depth < MAX_PATH) {
        int nlegal, mover = pul_game_to_move(g);
        int next = select_child(m, node, g, c, &nlegal);
        PulAction a;
        /* Progressive widening: a new child only while the node has few
        ** for its visits (or none of its children is legal in this deal);
        ** the legal actions are counted only then. */
        bool room = widen <= 0 || next < 0 ||
                    nlegal < 1 + widen * sqrt((double)m->pool[node].visits);
        /* A node with no child legal here and no candidates left to check
        ** goes straight to a ranking, which lists the legal actions itself
        ** (and finds none where the count would be 0): no count first. */
        bool fresh_rank = widen > 0 && nlegal == 0 && m->pool[node].ncand == 0;
        bool untried = room && (fresh_rank || nlegal < pul_legal_actions(g, NULL, 0)) &&
                       untried_action(m, node, g, widen > 0, (int)b->opt[OPT_RANK], rng, &a);
        if (m->failed) return; /* the search stops; nothing to back up */
        if (untried) {
            int fresh = new_node(m, limit);
            if (fresh < 0) {
                if (next < 0) break; /* the pool is full: play out from here */
            } else {
                Node *nd = &m->pool[fresh];
                nd->act = a;
                nd->mover = (int8_t)mover;
                nd->avail = 1;
                nd->sibling = m->pool[node].child;
                m->pool[node].child = fresh;
                if (pul_apply_trusted(g, &a) != PUL_LEGAL) m->failed = true;
                m->path[depth++] = fresh;
                break;
            }
        }
        if (next < 0) break;
        if (pul_apply_trusted(g, &m->pool[next].act) != PUL_LEGAL) {
            m->failed = true;
            return;
        }
        m->path[depth++] = node = next;
    }
    /* A fresh node whose own apply failed is backed up without a rollout, so
    ** no child is left without a visit. */
    int playout = (int)b->opt[OPT_DEPTH];
    int judged = (int)b->opt[OPT_JUDGE] == JUDGE_TURN && pul_game_seats(g) > 1 ? obs->seat : -1;
    m->last_known = false;
    if (!m->failed) rollout(g, m, rng, (int)b->opt[OPT_ROLLOUT], playout, judged,
                                 (int)b->opt[OPT_SAMPLES]);
    double r[PUL_MAX_SEATS];
    if (pul_game_over(g))
        rewards(g, r);
    else
        judged_rewards(g, m, b->opt[OPT_TEMP], r);
    for (int i = 0; i < depth; i++) {
        Node *nd = &m->pool[m->path[i]];
        nd->visits++;
        nd->reward += r[nd->mover];
    }
}

static PulStatus mcts_choose(PulBot *b, const PulObservation *obs, PulRng *rng, PulAction *out,
                             PulError *err) {
    Mcts *m = b->state;
    if (!m) {
        /* Only the fields before the buffers are cleared: the buffers (most
        ** of the megabyte) are written before they are read, so their pages
        ** are never touched beyond what a search uses. */
        m = b->state = mem_alloc(sizeof *m);
        if (!m) return err_setc(err, "out-of-memory", NULL, 0, 0, "no memory for the MCTS bot");
        memset(m, 0, offsetof(Mcts, buf));
        m->failed = false;
    }
    if ((!m->tmp && !(m->tmp = pul_game_new(b->v))) ||
        (!m->root && !(m->root = pul_game_new(b->v))))
        return err_setc(err, "out-of-memory", NULL, 0, 0, "no memory for the MCTS bot");
    /* The first deal checks the observation; the root's own actions are the
    ** same in every deal (the seat knows its hand). */
    PulStatus st = pul_game_from_observation(b->det, obs, rng, err);
    if (st != PUL_OK) return st;
    /* Only what pul_game_copy_used reads of it: the root is only ever the
    ** source of that copy (a whole copy moved the game's every byte). */
    pul_game_copy_used(m->root, b->det);
    if (!pul_random_action(b->det, rng, out))
        return err_setc(err, "bad-state", NULL, 0, 0, "seat %d has no legal action",
                        obs->seat + 1);
    long iters = (long)b->opt[OPT_ITERS];
    double seconds = b->given[OPT_TIME] ? b->opt[OPT_TIME] : 0.0;
    int limit = seconds > 0 ? NODE_CAP_TIMED : (int)(iters < NODE_CAP_TIMED ? iters + 1 : NODE_CAP_TIMED);
    m->n = 0;
    m->cn = 0;
    m->failed = false;
    new_node(m, limit);
    if (m->n == 0) return err_setc(err, "out-of-memory", NULL, 0, 0, "no memory for the MCTS tree");
    m->pool[0].mover = (int8_t)obs->seat;
    double t0 = seconds > 0 ? now() : 0.0;
    long done = 0;
    for (;;) {
        if (seconds > 0 ? (done % 16 == 0 && now() - t0 >= seconds) : done >= iters) break;
        iterate(b, m, obs, rng, limit);
        done++;
        if (m->failed) break; /* scripts failing: choose from the tree so far */
    }
    b->iterations = done;
    int best = -1;
    for (int ch = m->pool[0].child; ch >= 0; ch = m->pool[ch].sibling) {
        const Node *nd = &m->pool[ch];
        if (best < 0 || nd->visits > m->pool[best].visits ||
            (nd->visits == m->pool[best].visits &&
             nd->reward / nd->visits > m->pool[best].reward / m->pool[best].visits))
            best = ch;
    }
    if (best >= 0) *out = m->pool[best].act;
    return PUL_OK;
}

static void mcts_drop_games(PulBot *b) {
    Mcts *m = b->state;
    if (!m) return;
    pul_game_free(m->tmp);
    pul_game_free(m->root);
    m->tmp = m->root = NULL;
}

static void mcts_free(PulBot *b) {
    Mcts *m = b->state;
    if (!m) return;
    pul_game_free(m->tmp);
    pul_game_free(m->root);
    mem_free(m->pool);
    mem_free(m->cand);
    mem_free(m);
}

const BotKind bot_mcts_kind = {
    "mcts",
    "information-set Monte Carlo tree search over determinizations of what the seat sees",
    mcts_options,
    (int)(sizeof mcts_options / sizeof mcts_options[0]),
    mcts_choose,
    mcts_free,
    mcts_drop_games,
};
