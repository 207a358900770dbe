/*
** genial_moves.h: what a seat of an Einfach Genial game may do and how moves
** and deals read and write (i13-plan.md 3.4, 4.1-4.4, 5.1, 5.2): the legal
** list and a uniform random action (genial_legal.c), PMN move text
** (genial_text.c), the Deal tag (genial_deal.c) and one seat's observation
** with its determinization (genial_observe.c). Each function has the exact
** signature of its Family slot (family/family.h).
*/
#ifndef PUL_GENIAL_MOVES_H
#define PUL_GENIAL_MOVES_H

#include "genial_state.h"
#include "tags.h"

/* ------------------------------------------------ legal (genial_legal.c) */

/* The legal actions of the seat to move, canonical order:
**   PLACE / BONUS phase: the placements only. For each candidate pair (empty,
**   and allowed by the first-round constraint) in pair-id order (the area's
**   pair list: cells row by row, then e se sw), for each distinct kind on the
**   rack in kind-index order: flip 0, then flip 1 unless the kind is a double.
**   Every placement is written from the pair's lower cell, direction 0-2 (e se
**   sw), the spelling records use.
**   END phase: a refill drawing at random (tile PUL_NO_TILE), then a swap
**   drawing at random when genial_swap_allowed.
** None once over or before the start. Writes at most max (out may be NULL
** with max 0) and returns how many there are. */
int genial_legal_actions(const PulGame *g, PulAction *out, int max);
/* The placements of that list alone (0 in the END phase): the count is PMN's
** --legal "placements", O(pair words) when out is NULL. */
int genial_legal_placements(const PulGame *g, PulAction *out, int max);
/* The action of genial_legal_actions' list at a uniform random rank, found by
** rank selection in the candidate pair set: no list, no rejection. False
** when the list is empty. */
bool genial_random_action(const PulGame *g, PulRng *rng, PulAction *out);

/* ------------------------------------------------- text (genial_text.c) */

/* PMN move text (PMN.md "Einfach Genial records"): <a><b>@<q>,<r><dir> with
** dir e se sw w nw ne, +[kind{,kind}], x[kind{,kind}]. Both spellings of a
** placement read; a refill or swap naming more than PUL_DRAWS_MAX kinds keeps
** the first ones and the count (check refuses it: bad_draw). False (syntax)
** for anything else. */
bool genial_action_parse(const PulVariant *v, const char *text, PulAction *out);
/* The canonical spelling (direction e, se or sw; kinds in symbol order), the
** snprintf result; -1 and "" for an action with no spelling: a random refill
** or swap (tile PUL_NO_TILE), more kinds named than kept, a kind, direction
** or flip out of range. */
int genial_action_format(const PulVariant *v, const PulAction *a, char *buf, size_t size);
/* A kind's two letters in symbol order and a NUL, into buf[3]; "??" for a
** kind the variant does not have. */
void genial_kind_text(const GenialVariant *gv, int kind, char buf[3]);

/* ------------------------------------------------- deal (genial_deal.c) */

/* The Deal tag (required): each seat's rack, seat 1 first, racks separated by
** '/', kinds by white space, either letter order. Writes the kind ids with
** GENIAL_DEAL_SEP (genial_state.h) between seats; every error is pmn-tag at the value's
** line and column (the word at fault). */
PulStatus genial_deal_read(const PulVariant *v, const TagReader *tags, uint8_t *deal, int *ndeal,
                           bool *given, PulError *err);
/* One tag, Deal: every seat's rack as g holds it, kinds in canonical order,
** seats joined by " / ". At the start (where records take it) that is the
** deal itself. */
int genial_deal_tags(const PulGame *g, TagOut *out, int max);

/* ------------------------------------------ observation (genial_observe.c) */

/* What seat sees: the board in placement order, every team's tracks, counts
** (bag, every rack), its own rack, the first-round marks, the phase; every
** other seat's rack (a partner's too) is hidden, and the bag is counts. */
void genial_observe(const PulGame *g, int seat, PulObservation *out);
/* genial_observe for o holding an earlier observation of that seat of g
** (pul_observe_update): only the new placed tiles are converted. */
void genial_observe_update(const PulGame *g, int seat, PulObservation *o);
/* A started game consistent with obs: the board, tracks and counts as shown,
** the seat's rack; the tiles it cannot see (all tiles minus the board minus
** its rack) dealt at random from rng into the other racks, the rest to the
** bag. Reads nothing of g but its variant. bad-value for an observation
** that is not one of a game of this variant. */
PulStatus genial_from_observation(PulGame *g, const PulObservation *obs, PulRng *rng,
                                  PulError *err);
/* What a bot keeps beside its determinization (pul_game_from_observation_kept):
** the placed tiles of the observation it was last built from, how many of
** each kind they hold, and its rule values with the rules read from them. */
typedef struct {
    int32_t valid, nplaced, turns;
    uint8_t used[GENIAL_MAX_KINDS];
    PulGenialPlaced placed[GENIAL_MAX_PLACED];
    int rule[16];                    /* the observation's rule[] */
    GenialRules rules;
} GenialMemo;
/* genial_from_observation without a generator, memo kept by the caller. */
PulStatus genial_from_observation_kept(PulGame *g, const PulObservation *obs, void *memo,
                                       PulError *err);
/* FNV-1a over every field obs shows. */
uint64_t genial_observation_hash(const PulVariant *v, const PulObservation *obs);

#endif
