/*
** team.c: Micropul's teams: no partners, each seat its own team; the bots
** ask pul_game_team who is a rival, so partners in another family are not.
*/
#include "team.h"

int team_of(const PulGame *g, int seat) {
    (void)g;
    return seat;
}

/* family slot: team */
int pul_game_team(const PulGame *g, int seat) { return team_of(g, seat); }
