/*
** team.h: Micropul's teams: every seat plays for itself, so a seat's team
** is the seat (pul_game_team; families with partners answer otherwise).
*/
#ifndef PUL_TEAM_H
#define PUL_TEAM_H

#include "game.h"

/* The team seat plays for: in Micropul, the seat itself. */
int team_of(const PulGame *g, int seat);

#endif
