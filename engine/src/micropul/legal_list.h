/*
** legal_list.h: the placement list of a variant of few side patterns, on
** processors with AVX2 (legal_list.c); legal.c's tables serve the rest.
*/
#ifndef PUL_MICROPUL_LEGAL_LIST_H
#define PUL_MICROPUL_LEGAL_LIST_H

#include "micropul.h"

/* The legal placements of the mover in legal.c's order (hand tile, rotation,
** cell), to out[0..) when out is not NULL, and their count; -1 when this path
** does not serve the position (no AVX2, too many patterns or cells, or fewer
** than count + 1 places in out), and then nothing is written. Nothing past the
** count is left changed. */
int legal_list_fast(const MicropulGame *g, PulAction *out, int max);
/* Whether this processor takes the path (read once: base/cpu.c). */
bool legal_list_active(void);

/* legal.c: pul_legal_placements without legal_list_fast, for the tests that
** compare the two paths. */
int legal_placements_portable(const PulGame *pg, PulAction *out, int max);

#endif
