/*
** hooked.h: Micropul's hooks table, the typed entry points through which its
** rules call a variant's scripts (NULL where the scripts define no such hook,
** the table NULL when the variant has none), and what a hook may do to a
** Micropul game (hooked.c, called by the script side).
*/
#ifndef PUL_HOOKED_H
#define PUL_HOOKED_H

#include "hooks.h"
#include "micropul.h"

/* What the scoring hooks may give: points per score_group call, and a seat's
** total from final_scores, either sign. score_group runs at most once per
** group that closes and once per stone put on a closed group, so a seat's
** total and the difference of two totals stay within an int however the hooks
** score (the static assertions in apply.c). */
#define HOOK_GROUP_POINTS_MAX 1000000
#define HOOK_SCORE_MAX 1000000000

/* A catalyst that fired: what on_activate sees and may change. */
typedef struct {
    int feature;             /* feature index of the catalyst */
    int32_t x, y;
    int quad;                /* PUL_NW..PUL_SE, or PUL_CENTRE for a big tile */
    int draw;                /* in: the tile set's draw; out: what to draw */
    bool extra_turn;         /* in: the tile set's extra_turn; out: whether it grants one */
} MicropulActivation;

/* A group that closed: what score_group sees and may change. */
typedef struct {
    int colour;              /* micropul feature index */
    int size;                /* micropul, a big one counting 1 */
    int stones[PUL_MAX_SEATS];
    int32_t x, y;            /* a micropul of the group */
    int quad;
    int owner;               /* in: who scores under the rules (-1 nobody); out: who scores */
    int points;              /* in: what the rules give; out: what the owner scores */
} MicropulGroup;

/* The hooks of a variant's program, immutable once loaded. Each returns
** PUL_OK, or fills *err (and the game object's last script error) with status
** PUL_ERR_SCRIPT and code script-error, script-budget or script-memory; the
** rules then put the game back as it was. */
typedef struct {
    unsigned defined;             /* HOOK_* bits the scripts define */
    uint32_t activate_features;   /* bit f: on_activate hears of catalyst feature f */
    /* heard[t][r]: bit i when tile t in rotation r shows slot i (micropul.h's
    ** slots) a catalyst on_activate hears of (a big tile's heard centre: all
    ** eight). Only placements that put such a slot against a micropul, or a
    ** micropul against one, are saved first (apply.c): a mask or two each. */
    uint8_t heard[PUL_MAX_TILES][4];
    PulStatus (*setup)(HookCall *c, PulError *err);
    PulStatus (*on_activate)(HookCall *c, MicropulActivation *act, PulError *err);
    PulStatus (*after_action)(HookCall *c, const PulEvents *done, PulError *err);
    PulStatus (*score_group)(HookCall *c, MicropulGroup *grp, PulError *err);
    /* scores: in the rules' totals, out the final ones; winners: out a bit
    ** per winning seat, or 0 to let the rules decide from the scores. */
    PulStatus (*final_scores)(HookCall *c, int *scores, unsigned *winners, PulError *err);
    /* over: out true to end the game now. */
    PulStatus (*is_over)(HookCall *c, bool *over, PulError *err);
} MicropulHooks;

/* Micropul's hook points, in bit order (HOOK_SETUP first): its family
** table's hooks, what script/ checks a script's table of hooks against, and
** what a hook at each point may do (HOOK_MAY_*). */
enum { MICROPUL_NHOOKS = 6 };
extern const HookPoint micropul_hook_points[MICROPUL_NHOOKS];

/* ------------------------------------------------ what scripts may do */

/* Move up to n tiles from the core to seat's supply (DREW event). Returns
** the number moved (fewer when the core runs out). */
int hooked_draw(HookCall *c, int seat, int n);
/* The seat acting earns one more extra turn (subject to the rules on
** chaining and solo, as a catalyst's would be). */
void hooked_extra_turn(HookCall *c);
/* Make the most recently drawn tile of seat's supply that the seat does not
** know yet known to it (REVEALED event). Returns the tile, or -1 when every
** supply tile is already known or the supply is empty. */
int hooked_reveal(HookCall *c, int seat);
/* Set rule parameter i (setup only; range-checked by pul_rules_set). */
PulStatus hooked_set_rule(HookCall *c, int i, int value, PulError *err);
/* Uniform in [0, n) from the game's generator (n > 0). */
uint32_t hooked_random(HookCall *c, uint32_t n);

/* ------------------------------------------------ the rules' side */

/* The variant's hooks table, or NULL when it has no scripts. */
static inline const MicropulHooks *hooked_table(const MicropulGame *g) {
    return (const MicropulHooks *)MV(g)->h.hooks;
}
/* is_over, then final_scores if the game has ended (and was_over is false).
** PUL_ERR_SCRIPT with err filled when a hook fails (apply.c). */
PulStatus apply_end_hooks(MicropulGame *g, HookCall *call, bool was_over, PulError *err);

#endif
