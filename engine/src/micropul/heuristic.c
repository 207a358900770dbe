/*
** heuristic.c: Micropul's heuristic value of a position for one seat, with
** its weights, and an action's estimate; the bots reach them through pul.h.
*/
#include <math.h>
#include <stdalign.h>
#include <stddef.h>

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
    int left = g->ncore - g->core_top, all = MV(g)->ts.ntiles - 1;
    double time_left = all > 0 ? (double)left / all : 0.0;
    double stone = W.stone * time_left;
    int mover = g->h.to_move;
    bool may_claim = g->stones[mover] > 0;
    double best_claim = 0.0;
    const TileRot(*rot)[4] = MV(g)->rot;
    for (int n = 0; n < g->nplaced * 4; n++) {
        if (g->root[n] != n) continue;
        const Placed *p = &g->placed[n >> 2];
        if (!rot[p->tile][p->rot].colour[n & 3]) continue;
        int open = g->gopen[n];
        if (g->gstones[n] == 0) {
            if (may_claim) {
                double gain = (open ? g->gpoints[n] * potential(open) : g->gpoints[n]) - stone;
                if (gain > best_claim) best_claim = gain;
            }
        } else if (open > 0) {
            int who = groups_scorer(g, n);
            if (who >= 0) v[who] += g->gpoints[n] * potential(open);
        }
    }
    for (int s = 0; s < seats; s++) {
        v[s] += g->stones[s] * stone;
        if (s == mover) v[s] += W.to_move + W.claim * best_claim;
        if (g->nhand[s] == 0) v[s] -= g->nsupply[s] == 0 ? W.no_tiles : W.empty_hand;
    }
}

double heuristic_value(const PulGame *pg, int seat) {
    double v[PUL_MAX_SEATS];
    values(MGC(pg), v);
    return v[seat];
}

/* Micropul has no partners: every other seat is a rival (pul_game_margin). */
double heuristic_margin(const PulGame *pg, int seat) {
    double v[PUL_MAX_SEATS], others = 0.0;
    int seats = pg->nseats;
    values(MGC(pg), v);
    for (int s = 0; s < seats; s++)
        if (s != seat) others += v[s];
    return seats > 1 ? v[seat] - others / (seats - 1) : v[seat];
}

/* Micropul has no cheaper reading of an action than its result: groups merge
** and close in ways only apply works out. The position is copied to scratch
** once and each action applied there and undone from one snapshot (a few
** kilobytes put back instead of the whole game copied per action). */
PulReason heuristic_estimates(const PulGame *g, const PulAction *a, int n, bool listed,
                              PulGame *scratch, double *values) {
    if (n <= 0) return PUL_LEGAL;
    alignas(max_align_t) unsigned char snap[MICROPUL_SNAPSHOT_MAX];
    pul_game_copy(scratch, g);
    snapshot_save(MGC(scratch), snap);
    for (int i = 0; i < n; i++) {
        PulReason r = listed ? pul_apply_trusted(scratch, &a[i]) : pul_apply(scratch, &a[i], NULL);
        if (r == PUL_R_SCRIPT_ERROR) return r; /* the guard left scratch as it was */
        if (r != PUL_LEGAL) {
            values[i] = -HUGE_VAL; /* refused: scratch untouched */
            continue;
        }
        values[i] = pul_game_margin(scratch, g->to_move);
        snapshot_restore(MG(scratch), snap);
    }
    return PUL_LEGAL;
}
