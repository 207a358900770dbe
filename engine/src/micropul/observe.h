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

/* What a bot keeps beside its determinization (pul_game_from_observation_kept):
** the lists of the observation it was last built from, whose tiles were then
** found in range and each listed once (bits: those placed). */
typedef struct {
    int32_t valid, nplaced, nstones, turns;
    uint64_t bits[LAYOUT_TILE_WORDS];
    PulPlaced placed[MP_TILES];
    PulStone stones[PUL_MAX_SEATS * PUL_MAX_STONES];
} MicropulMemo;

/* determinize_game without a generator, memo kept by the caller. */
PulStatus determinize_kept(PulGame *g, const PulObservation *obs, void *memo, PulError *err);
/* determinize_game on a copy of a game it built from obs (pul_game_redeal). */
void determinize_redeal(PulGame *g, const PulObservation *obs, PulRng *rng);

/* FNV-1a over what o shows, field by field (never padding). */
uint64_t observe_hash(const PulVariant *v, const PulObservation *o);

#endif
