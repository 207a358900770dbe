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
/* Slot estimates: each action's pul_game_margin after it for the seat that
** moves, worked out where the turn that follows cannot end the game and no
** hook can run, else applied on scratch (listed: each is legal, applied
** without the check). */
PulReason heuristic_estimates(const PulGame *g, const PulAction *a, int n, bool listed,
                              PulGame *scratch, double *values);
/* Slot margins: the same values, the actions not worked out applied to g
** itself and undone. */
PulReason heuristic_margins(PulGame *g, const PulAction *a, int n, double *values);

#endif
