/*
** metrics.h: Micropul's figures of one game for the lab (`pul sim`): the
** table that names them and the counting of a game's events into them.
*/
#ifndef PUL_METRICS_H
#define PUL_METRICS_H

#include "micropul.h"

/* The table of Micropul's figures, in the order rows show them (the family
** table's metrics, nmetrics). */
enum { METRICS_N = 10 };
extern const PulMetricInfo metrics_info[METRICS_N];
/* Adds what one applied action's events did to m (slots as the table says). */
void metrics_tally(const PulGame *g, const PulEvents *ev, int32_t *m);
/* The figures known only at the end of a game (the tiles left in the core). */
void metrics_tally_end(const PulGame *g, int32_t *m);
/* Slot feature: the tile set's features. */
int metrics_feature(const PulVariant *v, int f, const char **name, int *cls);

#endif
