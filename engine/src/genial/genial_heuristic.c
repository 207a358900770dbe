/*
** genial_heuristic.c: Genial's heuristic value of a position for one seat
** (i13-plan.md 3.7), which the greedy bot and MCTS rollouts compare through
** pul_game_heuristic. Issue 14 tunes it; these are its first weights.
*/
#include "genial_records.h"
#include "genial_state.h"

/* The weights: the k-th lowest track counts W_FALL^k as much as the lowest,
** because the lowest is the score and the next ones break ties; an owed bonus
** placement is worth W_BONUS (about one more half that scores). */
static const double W_FALL = 0.5, W_BONUS = 0.5;

/* Sorted ascending in place: at most 8 values. */
static void heuristic_sort(int *v, int n) {
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            int t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
}

double genial_heuristic(const PulGame *g, int seat) {
    const GenialGame *gg = GGC(g);
    const GenialVariant *gv = GV(gg);
    int team = genial_track_of(gg, seat), t[GENIAL_MAX_SYMBOLS];
    for (int s = 0; s < gv->nsym; s++) t[s] = gg->track[team][s];
    heuristic_sort(t, gv->nsym);
    int end = genial_track_end(&gg->rules);
    double v = 0.0, w = 1.0;
    for (int s = 0; s < gv->nsym; s++, w *= W_FALL) v += w * t[s] / (end > 0 ? end : 1);
    /* The placing seat makes its team's bonus placements. */
    if (!g->over && gg->phase == GENIAL_BONUS && genial_track_of(gg, g->to_move) == team)
        v += W_BONUS * gg->bonus_owed;
    return v;
}
