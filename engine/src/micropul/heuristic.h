/*
** heuristic.h: Micropul's heuristic value of a position for one seat, which
** the bots' greedy choice and MCTS rollouts read through pul_game_heuristic.
*/
#ifndef PUL_HEURISTIC_H
#define PUL_HEURISTIC_H

#include "micropul.h"

/* How good g looks for seat: its score, what its open claimed groups may
** still bring, stones kept for later, the claim open to the seat to move,
** an extra turn in hand, and a won or lost game when it is over. */
double heuristic_value(const PulGame *g, int seat);
/* Slot margin: pul_game_margin of seat, all seats' values from one pass. */
double heuristic_margin(const PulGame *g, int seat);
/* Slot estimates: each action applied on scratch, the result's
** pul_game_margin for the seat that moved (listed: each is legal, applied
** without the check). */
PulReason heuristic_estimates(const PulGame *g, const PulAction *a, int n, bool listed,
                              PulGame *scratch, double *values);

#endif
