/*
** bot_greedy.c: the greedy bot (one ply: every legal action tried on a
** copy of a determinization, the best by a heuristic kept) and the
** heuristic itself, which the MCTS rollouts share.
*/
#include <string.h>

#include "bot.h"
#include "rng.h"

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

double bot_value(const PulGame *g, int seat) {
    int scores[PUL_MAX_SEATS];
    pul_game_scores(g, scores, PUL_MAX_SEATS);
    double v = scores[seat];
    if (g->over) {
        int winners[PUL_MAX_SEATS];
        int n = pul_game_winners(g, winners, PUL_MAX_SEATS);
        for (int i = 0; i < n; i++)
            if (winners[i] == seat) v += W.win / n;
        return v;
    }
    int left = g->ncore - g->core_top, all = g->v->ts.ntiles - 1;
    double time_left = all > 0 ? (double)left / all : 0.0;
    double stone = W.stone * time_left;
    bool moving = g->to_move == seat;
    double best_claim = 0.0;
    for (int n = 0; n < g->nplaced * 4; n++) {
        if (g->root[n] != n) continue;
        const Placed *p = &g->placed[n >> 2];
        if (!g->v->rot[p->tile][p->rot].colour[n & 3]) continue;
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

double bot_eval(const PulGame *g, int seat) {
    double mine = bot_value(g, seat), others = 0.0;
    if (g->nseats < 2) return mine;
    for (int s = 0; s < g->nseats; s++)
        if (s != seat) others += bot_value(g, s);
    return mine - others / (g->nseats - 1);
}

/* Applies a to a copy of g and scores the result for the seat to move. */
static double try_action(const PulGame *g, PulGame *tmp, const PulAction *a) {
    pul_game_copy(tmp, g);
    if (pul_apply(tmp, a, NULL) != PUL_LEGAL) return -1e9;
    return bot_eval(tmp, g->to_move);
}

bool bot_greedy_action(const PulGame *g, PulGame *tmp, PulRng *rng, PulAction *out) {
    PulAction list[PUL_MAX_ACTIONS];
    int n = pul_legal_actions(g, list, PUL_MAX_ACTIONS);
    if (n == 0) return false;
    double best = -1e18;
    int ties = 0;
    for (int i = 0; i < n; i++) {
        double s = try_action(g, tmp, &list[i]);
        if (s > best + 1e-9) {
            best = s;
            ties = 1;
            *out = list[i];
        } else if (s > best - 1e-9 && rng_below(rng, (uint32_t)++ties) == 0) {
            *out = list[i];
        }
    }
    return true;
}

bool bot_greedy_lite_action(const PulGame *g, PulGame *tmp, PulRng *rng, int samples,
                            PulAction *out) {
    PulAction a;
    double best = -1e18;
    bool any = false;
    for (int i = 0; i < samples; i++) {
        if (!pul_random_action(g, rng, &a)) return any;
        double s = try_action(g, tmp, &a);
        if (!any || s > best) {
            best = s;
            *out = a;
            any = true;
        }
    }
    return any;
}

/* The greedy bot keeps a second game for its trials. */
static PulStatus greedy_choose(PulBot *b, const PulObservation *obs, PulRng *rng, PulAction *out,
                               PulError *err) {
    PulStatus st = pul_game_from_observation(b->det, obs, rng, err);
    if (st != PUL_OK) return st;
    if (!b->state && !(b->state = pul_game_new(b->v)))
        return err_setc(err, "out-of-memory", NULL, 0, 0, "no memory for the greedy bot");
    if (!bot_greedy_action(b->det, b->state, rng, out))
        return err_setc(err, "bad-state", NULL, 0, 0, "seat %d has no legal action",
                        obs->seat + 1);
    return PUL_OK;
}

static void greedy_free(PulBot *b) { pul_game_free(b->state); }

const BotKind bot_greedy_kind = {
    "greedy",     "the legal action that looks best one move ahead (points, open groups, draws)",
    NULL,         0,
    greedy_choose, greedy_free,
};
