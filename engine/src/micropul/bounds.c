/*
** bounds.c: the bounding box of the placed tiles, read from the one the
** board keeps (board_place widens it), for the board drawings.
*/
#include "bounds.h"

bool bounds_get(const PulGame *g, PulBounds *out) {
    if (!g->nplaced) return false;
    *out = (PulBounds){g->minx, g->miny, g->maxx, g->maxy};
    return true;
}

/* family slot: bounds */
bool pul_game_bounds(const PulGame *g, PulBounds *out) { return bounds_get(g, out); }
