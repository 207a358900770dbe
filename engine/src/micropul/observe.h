/*
** observe.h: the hash of a Micropul observation (what a seat sees), which
** seeds a bot's choice so the same observation gives the same action.
*/
#ifndef PUL_OBSERVE_H
#define PUL_OBSERVE_H

#include "micropul.h"

/* Words of a set of tile ids, a bit each. */
#define TILE_WORDS ((PUL_MAX_TILES + 63) / 64)
/* The same for this layout's tile ids: one word on the small layout, which a
** register then holds. */
#define LAYOUT_TILE_WORDS ((MP_TILES + 63) / 64)

/* FNV-1a over what o shows, field by field (never padding). */
uint64_t observe_hash(const PulVariant *v, const PulObservation *o);

#endif
