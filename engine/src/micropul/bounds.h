/*
** bounds.h: the cells a Micropul board spans (bounds.c), kept by the board
** as tiles are placed, so the drawing tools need not work it out again.
*/
#ifndef PUL_BOUNDS_H
#define PUL_BOUNDS_H

#include "game.h"

/* False when no tile is placed (a game not started). */
bool bounds_get(const PulGame *g, PulBounds *out);

#endif
