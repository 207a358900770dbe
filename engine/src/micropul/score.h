/*
** score.h: what a Micropul seat's score is made of (score.c), for the end
** screens and the referee: the rules' arithmetic done once, here.
*/
#ifndef PUL_SCORE_H
#define PUL_SCORE_H

#include "micropul.h"

/* Groups, supply, hand and (when not 0) scripts; see pul_game_score_parts. */
int score_parts(const PulGame *g, int seat, PulScorePart *out, int max);

#endif
