/*
** script.h: the contract between the engine and the Lua hooks of a variant.
**
** host.c owns the sandboxed Lua state (one per variant) and calls the
** hooks; api.c is the `game` object scripts see. The engine (game.c,
** apply.c, groups.c, turn.c) calls the script_* functions below at the fixed
** points of an action, never per legal-move candidate, and gives the Lua side
** the game_* functions to act on the game. scripts/README.md documents the
** Lua side for modders.
*/
#ifndef PUL_SCRIPT_H
#define PUL_SCRIPT_H

#include "micropul.h"

/* The hooks a variant's scripts may define (bit flags). */
enum {
    HOOK_SETUP = 1 << 0,         /* setup(game) */
    HOOK_ON_ACTIVATE = 1 << 1,   /* on_activate(game, act) */
    HOOK_AFTER_ACTION = 1 << 2,  /* after_action(game, events) */
    HOOK_SCORE_GROUP = 1 << 3,   /* score_group(game, group) */
    HOOK_FINAL_SCORES = 1 << 4,  /* final_scores(game, scores) */
    HOOK_IS_OVER = 1 << 5        /* is_over(game) */
};

/* What scripts may spend (meter.c enforces it, scripts/README.md
** section 6 tells modders):
** - per hook function call, and per script's first run: steps, each a Lua
**   instruction or library work priced like one, the same on every machine;
** - per hook call (all its handlers) and per script load, compiling
**   included: CPU time, the backstop for what the prices do not foresee;
** - the whole Lua state of a variant, at all times and across calls: bytes,
**   the largest single block (a table's part, the stack, a buffer) and the
**   longest string (each instruction on strings is then bounded: a
**   comparison, a conversion to a number). */
#define SCRIPT_INSTRUCTION_BUDGET 1000000
#define SCRIPT_CPU_LIMIT_MS 80
#define SCRIPT_MEMORY_CAP (64u << 20)
#define SCRIPT_BLOCK_MAX (256u << 10)
#define SCRIPT_STRING_MAX (64u << 10)
#define SCRIPT_API_VERSION 1

/* What the scoring hooks may give: points per score_group call, and a seat's
** total from final_scores, either sign. score_group runs at most once per
** group that closes and once per stone put on a closed group, so a seat's
** total and the difference of two totals stay within an int however the hooks
** score (the static assertions in apply.c). */
#define SCRIPT_GROUP_POINTS_MAX 1000000
#define SCRIPT_SCORE_MAX 1000000000

typedef struct ScriptHost ScriptHost;

/* What the engine hands a hook and what the hook may change. The Lua side
** reaches the game through call->g, and pushes the events of its actions
** (DREW, EXTRA_TURN, REVEALED) to call->ev. */
typedef struct {
    PulGame *g;
    PulEvents *ev;           /* may be NULL */
    int hook;                /* HOOK_*: which hook runs (what actions it may take) */
    int seat;                /* the seat acting, 0-based */
    int extra_turns;         /* extra turns the hook granted with game:extra_turn() */
} ScriptCall;

/* A catalyst that fired: what on_activate sees and may change. */
typedef struct {
    int feature;             /* feature index of the catalyst */
    int32_t x, y;
    int quad;                /* PUL_NW..PUL_SE, or PUL_CENTRE for a big tile */
    int draw;                /* in: the tile set's draw; out: what to draw */
    bool extra_turn;         /* in: the tile set's extra_turn; out: whether it grants one */
} ScriptActivation;

/* A group that closed: what score_group sees and may change. */
typedef struct {
    int colour;              /* micropul feature index */
    int size;                /* micropul, a big one counting 1 */
    int stones[PUL_MAX_SEATS];
    int32_t x, y;            /* a micropul of the group */
    int quad;
    int owner;               /* in: who scores under the rules (-1 nobody); out: who scores */
    int points;              /* in: what the rules give; out: what the owner scores */
} ScriptGroup;

/* ---------------------------------------------------------- host.c */

/* A sandboxed state holding the variant's scripts (info->script, in order),
** each loaded as text and run once; it returns its table of hooks. NULL with
** err filled (file and line of the script) when one cannot be loaded. */
ScriptHost *script_host_new(const PulVariantInfo *info, const PulTileSet *ts, PulError *err);
void script_host_free(ScriptHost *h);
unsigned script_hooks(const ScriptHost *h);               /* HOOK_* bits defined */
/* Bit f set: on_activate wants to hear of catalyst feature f (a function
** hook hears of all; a table of handlers keyed by feature name, only those). */
uint32_t script_activate_features(const ScriptHost *h);
/* The last error a hook raised (file: the script, line, message naming the hook). */
const PulError *script_last_error(const ScriptHost *h);
/* Bytes the scripts' Lua state holds now (at most SCRIPT_MEMORY_CAP). */
size_t script_memory(const ScriptHost *h);

/* The calls. Each returns PUL_OK, or fills *err (and the host's last error)
** with status PUL_ERR_SCRIPT and code script-error, script-budget or
** script-memory. The engine then puts the game back as it was. */
PulStatus script_setup(ScriptHost *h, ScriptCall *call, PulError *err);
PulStatus script_on_activate(ScriptHost *h, ScriptCall *call, ScriptActivation *act,
                             PulError *err);
PulStatus script_after_action(ScriptHost *h, ScriptCall *call, const PulEvents *done,
                              PulError *err);
PulStatus script_score_group(ScriptHost *h, ScriptCall *call, ScriptGroup *grp, PulError *err);
/* scores: in the rules' totals, out the final ones; winners: out a bit per
** winning seat, or 0 to let the engine decide from the scores. */
PulStatus script_final_scores(ScriptHost *h, ScriptCall *call, int *scores, unsigned *winners,
                              PulError *err);
/* over: out true to end the game now. */
PulStatus script_is_over(ScriptHost *h, ScriptCall *call, bool *over, PulError *err);

/* ------------------------------------------- engine side, for api.c */

/* Move up to n tiles from the core to seat's supply (DREW event). Returns
** the number moved (fewer when the core runs out). */
int game_script_draw(ScriptCall *call, int seat, int n);
/* The seat acting earns one more extra turn (subject to the rules on
** chaining and solo, as a catalyst's would be). */
void game_script_extra_turn(ScriptCall *call);
/* Make the most recently drawn tile of seat's supply that the seat does not
** know yet known to it (REVEALED event). Returns the tile, or -1 when every
** supply tile is already known or the supply is empty. */
int game_script_reveal(ScriptCall *call, int seat);
/* Set rule parameter i (setup only; range-checked by pul_rules_set). */
PulStatus game_script_set_rule(ScriptCall *call, int i, int value, PulError *err);
/* Uniform in [0, n) from the game's generator (n > 0). */
uint32_t game_script_random(ScriptCall *call, uint32_t n);

/* --------------------------------------------------- engine side, inside */

/* is_over, then final_scores if the game has ended (and was_over is false).
** PUL_ERR_SCRIPT with err filled when a hook fails. */
PulStatus game_hooks_after(MicropulGame *g, ScriptCall *call, bool was_over, PulError *err);
/* Give v the host of its scripts (v owns it from now on). */
PulStatus variant_attach_scripts(PulVariant *v, ScriptHost *host, PulError *err);

#endif
