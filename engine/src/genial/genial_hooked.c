/*
** genial_hooked.c: Einfach Genial's hook points, what script/ checks a
** script's table of hooks against and what a hook at each may do to the
** game (the calls themselves are in genial_apply.c and genial_start.c).
*/
#include "genial_hooks.h"

/* In bit order: bit k is point k (hooks.h). Scoring hooks only read; setup
** may set the rules by name (FamilyParams) and, like after_action, draw
** random numbers from the game's generator. */
const HookPoint genial_hook_points[GENIAL_NHOOKS] = {
    {"setup", HOOK_SETUP, HOOK_MAY_RANDOM | HOOK_MAY_SET_RULE},
    {"on_bonus", HOOK_ON_BONUS, 0},
    {"after_action", HOOK_AFTER_ACTION, HOOK_MAY_RANDOM},
    {"score_placement", HOOK_SCORE_PLACEMENT, 0},
    {"final_scores", HOOK_FINAL_SCORES, 0},
    {"is_over", HOOK_IS_OVER, 0},
};
