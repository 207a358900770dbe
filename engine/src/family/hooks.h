/*
** hooks.h: the generic side of rule hooks, what a family's rules need to call
** the scripts of a variant without knowing Lua: the call a hook runs in, the
** hook bits and what a hook may do, the operations script/ gives for a
** program and its per-game states (kept in each game object's GameEnv,
** game.h), and the guard that puts a game back when a hook fails.
*/
#ifndef PUL_HOOKS_H
#define PUL_HOOKS_H

#include "common.h"

/* The hooks a variant's scripts may define (bit flags). */
enum {
    HOOK_SETUP = 1 << 0,         /* setup(game) */
    HOOK_ON_ACTIVATE = 1 << 1,   /* on_activate(game, act) */
    HOOK_AFTER_ACTION = 1 << 2,  /* after_action(game, events) */
    HOOK_SCORE_GROUP = 1 << 3,   /* score_group(game, group) */
    HOOK_FINAL_SCORES = 1 << 4,  /* final_scores(game, scores) */
    HOOK_IS_OVER = 1 << 5,       /* is_over(game) */
    /* Bit k is a family's k-th hook point (script/ keeps per-point arrays), so
    ** Genial's two own points take the bits of Micropul's that it lacks. */
    HOOK_ON_BONUS = 1 << 1,        /* on_bonus(game, bonus): Genial */
    HOOK_SCORE_PLACEMENT = 1 << 3  /* score_placement(game, half): Genial */
};

/* What a hook may do to the game besides reading it (HookPoint.may, family.h):
** act on it (draw, extra turns, reveal), take random numbers from its
** generator, set its rule parameters. */
enum { HOOK_MAY_ACT = 1 << 0, HOOK_MAY_RANDOM = 1 << 1, HOOK_MAY_SET_RULE = 1 << 2 };

/* What the rules hand a hook and what the hook may change. The script side
** reaches the game through g, and pushes the events of its actions (DREW,
** EXTRA_TURN, REVEALED) to ev. */
typedef struct HookCall {
    PulGame *g;
    PulEvents *ev;           /* may be NULL */
    int hook;                /* HOOK_*: which hook runs (what actions it may take) */
    int seat;                /* the seat acting, 0-based */
    int extra_turns;         /* extra turns the hook granted with game:extra_turn() */
} HookCall;

/* What script/ gives with a compiled program, for the parts of the engine
** that own its lifetime (the variant) and a game object's state. */
typedef struct ScriptOps {
    void (*state_free)(void *state);                    /* pul_game_free */
    const PulError *(*state_error)(const void *state);  /* pul_game_script_error */
    size_t (*state_memory)(const void *state);          /* bytes its Lua state holds */
    void (*program_free)(void *program);                /* pul_variant_free */
} ScriptOps;

/* The guarded apply of an action that may run hooks (family/game.c): the
** family's snapshot of g on this thread's stack (a variant is shared, so it
** holds no scratch game), then run(g, a, ev); should run return
** PUL_R_SCRIPT_ERROR, g is restored byte for byte and ev emptied. */
typedef PulReason (*HookedApply)(PulGame *g, const PulAction *a, PulEvents *ev);
PulReason family_guard(PulGame *g, const PulAction *a, PulEvents *ev, HookedApply run);

#endif
