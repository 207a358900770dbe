/*
** genial_hooks.h: Einfach Genial's hooks table, the typed entry points
** through which its rules call a variant's scripts (NULL where the scripts
** define no such hook, the table NULL when the variant has none), on the
** pattern of Micropul's (micropul/hooked.h), and its hook points.
*/
#ifndef PUL_GENIAL_HOOKS_H
#define PUL_GENIAL_HOOKS_H

#include "family.h"
#include "hooks.h"

/* What the hooks may give: a half's points, a bonus count per half, a
** seat's total from final_scores. Bounded so that a track (int16_t, clamped
** at its end by genial_advance) and the bonus placements owed (a byte: at
** most 2 halves x GENIAL_HOOK_BONUS_MAX per placement, a rack's worth of
** placements) cannot overflow. */
#define GENIAL_HOOK_POINTS_MAX 1000
#define GENIAL_HOOK_BONUS_MAX 8
#define GENIAL_HOOK_SCORE_MAX 1000000000

/* One half of a placement, before its track moves: what score_placement
** sees and may change. */
typedef struct {
    int seat;                /* the seat placing, 0-based */
    int half;                /* 0: the kind's first symbol, 1: its second */
    int symbol;              /* symbol index */
    int32_t q, r;            /* its cell */
    int points;              /* in: what the rules give; out: what the track gains (>= 0) */
} GenialHalf;

/* Segment ends reached on one track: what on_bonus sees and may change. */
typedef struct {
    int seat;
    int symbol;
    int count;               /* in: bonus placements the rules give; out: what is given (>= 0) */
} GenialBonus;

typedef struct {
    unsigned defined;        /* HOOK_* bits the scripts define */
    PulStatus (*setup)(HookCall *c, PulError *err);
    PulStatus (*on_bonus)(HookCall *c, GenialBonus *b, PulError *err);
    PulStatus (*after_action)(HookCall *c, const PulEvents *done, PulError *err);
    PulStatus (*score_placement)(HookCall *c, GenialHalf *half, PulError *err);
    /* scores: in the rules' totals, out the final ones; winners: out a bit
    ** per winning seat, or 0 to let the rules decide. */
    PulStatus (*final_scores)(HookCall *c, int *scores, unsigned *winners, PulError *err);
    PulStatus (*is_over)(HookCall *c, bool *over, PulError *err);
} GenialHooks;

/* Genial's hook points, in bit order (hooks.h: bit k is point k). */
enum { GENIAL_NHOOKS = 6 };
extern const HookPoint genial_hook_points[GENIAL_NHOOKS];

#endif
