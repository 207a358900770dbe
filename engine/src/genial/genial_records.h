/*
** genial_records.h: what the Genial family says about a game to the referee
** and the lab: the referee's JSON fields and refusal words (genial_report.c),
** the heuristic (genial_heuristic.c), and the lab's figures of a game and of
** two variants' pieces (genial_metrics.c). Each has the signature of its slot
** in family/family.h; the family table (genial.c) points at them.
*/
#ifndef PUL_GENIAL_RECORDS_H
#define PUL_GENIAL_RECORDS_H

#include "genial.h"

/* The referee (PMN.md, "Einfach Genial records"): a move line's
** ',"points":[a,b],"tracks":[...],"bonus":N,"bag":N' and the final line's
** ',"tracks":[[...] per seat],"scores":[...]'; snprintf-like. */
int genial_report_move(const PulGame *g, const PulEvents *ev, PulReason why, char *buf,
                       size_t size);
int genial_report_final(const PulGame *g, char *buf, size_t size);
/* A refusal in the shared records' words (a printed symbol occupies a cell
** too); writes at most size bytes, returns the length written. */
int genial_reason_text(const PulGame *g, PulReason r, char *buf, size_t size);

/* How good g looks for seat's team: its tracks sorted from the lowest, each
** worth a share of the one before, as shares of the track's end, the bonus
** placements its team is owed now, and how well seat's rack shows the
** symbols of the weakest tracks (a partner's tracks are the seat's own). */
double genial_heuristic(const PulGame *g, int seat);
/* Slot estimates: the seat to move's genial_heuristic after each placement,
** worked out from its points without applying it; 0 for a refill or swap.
** Hooks do not run. listed: the actions are legal, not checked again. */
PulReason genial_estimates(const PulGame *g, const PulAction *a, int n, bool listed,
                           PulGame *scratch, double *values);

/* The lab's figures of one Genial game, in the order rows show them. */
enum { GENIAL_NMETRICS = 10 };
extern const PulMetricInfo genial_metrics[GENIAL_NMETRICS];
void genial_tally(const PulGame *g, const PulEvents *ev, int32_t *m);
void genial_tally_end(const PulGame *g, int32_t *m);
/* Slot feature: the symbols (the final tracks' names), without classes. */
int genial_feature(const PulVariant *v, int f, const char **name, int *cls);
/* What differs between the symbols, tiles and boards of two Genial variants. */
int genial_piece_changes(const PulVariant *a, const PulVariant *b, PulPieceChange *out,
                         int max);

#endif
