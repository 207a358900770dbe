/*
** pieces.h: what differs between the tile sets of two Micropul variants, in
** words, for the lab's A/B comparison (pul_variant_piece_changes).
*/
#ifndef PUL_PIECES_H
#define PUL_PIECES_H

#include "micropul.h"

/* The features (by name: class, draw, extra turn) and tiles (by content)
** that differ between a and b; returns the count written, at most max. */
int pieces_changes(const PulVariant *a, const PulVariant *b, PulPieceChange *out, int max);

#endif
