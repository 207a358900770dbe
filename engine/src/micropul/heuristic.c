/*
** heuristic.c: Micropul's heuristic value of a position for one seat, with
** its weights, and an action's estimate; the bots reach them through pul.h.
*/
#include <math.h>

#include "heuristic.h"

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
} W = {30.0, 0.75, 0.2, 1.0, 1.0, 0.8, 1.5, 25.0};

/* Share of an open group's points the heuristic counts. */
static double potential(int open) { return W.close_chance / (1.0 + W.per_open * open); }

double heuristic_value(const PulGame *pg, int seat) {
    const MicropulGame *g = MGC(pg);
    int scores[PUL_MAX_SEATS];
    pul_game_scores(pg, scores, PUL_MAX_SEATS);
    double v = scores[seat];
    if (g->h.over) {
        int winners[PUL_MAX_SEATS];
        int n = pul_game_winners(pg, winners, PUL_MAX_SEATS);
        for (int i = 0; i < n; i++)
            if (winners[i] == seat) v += W.win / n;
        return v;
    }
    int left = g->ncore - g->core_top, all = MV(g)->ts.ntiles - 1;
    double time_left = all > 0 ? (double)left / all : 0.0;
    double stone = W.stone * time_left;
    bool moving = g->h.to_move == seat;
    double best_claim = 0.0;
    for (int n = 0; n < g->nplaced * 4; n++) {
        if (g->root[n] != n) continue;
        const Placed *p = &g->placed[n >> 2];
        if (!MV(g)->rot[p->tile][p->rot].colour[n & 3]) continue;
        int open = g->gopen[n];
        if (g->gstones[n] == 0) {
            if (moving && g->stones[seat] > 0) {
                double gain = (open ? g->gpoints[n] * potential(open) : g->gpoints[n]) - stone;
                if (gain > best_claim) best_claim = gain;
            }
        } else if (open > 0 && groups_scorer(g, n) == seat) {
            v += g->gpoints[n] * potential(open);
        }
    }
    v += g->stones[seat] * stone;
    if (moving) v += W.to_move + W.claim * best_claim;
    if (g->nhand[seat] == 0) v -= g->nsupply[seat] == 0 ? W.no_tiles : W.empty_hand;
    return v;
}

/* Micropul has no cheaper reading of an action than its result: groups merge
** and close in ways only apply works out. */
PulReason heuristic_estimates(const PulGame *g, const PulAction *a, int n, PulGame *scratch,
                              double *values) {
    for (int i = 0; i < n; i++) {
        pul_game_copy(scratch, g);
        PulReason r = pul_apply(scratch, &a[i], NULL);
        if (r == PUL_R_SCRIPT_ERROR) return r;
        values[i] = r == PUL_LEGAL ? pul_game_margin(scratch, g->to_move) : -HUGE_VAL;
    }
    return PUL_LEGAL;
}
