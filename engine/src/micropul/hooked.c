/*
** hooked.c: Micropul's hook points, and what a Lua hook may do to a
** Micropul game (the engine side of the script/ API). Each action pushes its
** events to the call, so callers see it happen.
*/
#include <string.h>

#include "hooked.h"
#include "rng.h"

const HookPoint micropul_hook_points[MICROPUL_NHOOKS] = {
    {"setup", HOOK_SETUP, HOOK_MAY_RANDOM | HOOK_MAY_SET_RULE},
    {"on_activate", HOOK_ON_ACTIVATE, HOOK_MAY_ACT | HOOK_MAY_RANDOM},
    {"after_action", HOOK_AFTER_ACTION, HOOK_MAY_ACT | HOOK_MAY_RANDOM},
    {"score_group", HOOK_SCORE_GROUP, 0},
    {"final_scores", HOOK_FINAL_SCORES, 0},
    {"is_over", HOOK_IS_OVER, 0},
};

/* The script layer calls these with a game of either layout (micropul.h):
** the small build sends a wide game to the wide build's own. */
#ifndef MICROPUL_WIDE
int wide_hooked_draw(HookCall *c, int seat, int n);
int wide_hooked_reveal(HookCall *c, int seat);
PulStatus wide_hooked_set_rule(HookCall *c, int i, int value, PulError *err);
#define TO_WIDE(call)                                                          \
    do {                                                                       \
        if (c->g->fam == &micropul_wide_family) return call;                   \
    } while (0)
#else
#define TO_WIDE(call) ((void)0)
#endif

int hooked_draw(HookCall *c, int seat, int n) {
    TO_WIDE(wide_hooked_draw(c, seat, n));
    if (seat < 0 || seat >= c->g->nseats || n <= 0) return 0;
    return game_draw_tiles(MG(c->g), seat, n, c->ev);
}

void hooked_extra_turn(HookCall *c) {
    /* Earned like a catalyst's: turn_finish applies the rules (solo,
    ** chaining) and reports the extra turn when it begins. */
    c->extra_turns++;
}

int hooked_reveal(HookCall *c, int seat) {
    TO_WIDE(wide_hooked_reveal(c, seat));
    MicropulGame *g = MG(c->g);
    if (seat < 0 || seat >= g->h.nseats) return -1;
    /* The most recently drawn tile it does not know: no random choice, so a
    ** record replays without naming it. */
    for (int i = g->nsupply[seat] - 1; i >= 0; i--) {
        int t = g->supply[seat][i];
        if (known_has(g, seat, t)) continue;
        known_add(g, seat, t);
        PulEvent *e = event_push(c->ev, PUL_EV_REVEALED, seat);
        if (e) e->tile = (uint8_t)t;
        return t;
    }
    return -1;
}

PulStatus hooked_set_rule(HookCall *c, int i, int value, PulError *err) {
    TO_WIDE(wide_hooked_set_rule(c, i, value, err));
    if (c->hook != HOOK_SETUP)
        return err_setc(err, "script-error", NULL, 0, 0,
                        "rules can be changed in the setup hook only");
    return pul_rules_set(&MG(c->g)->rules, i, value, err);
}

uint32_t hooked_random(HookCall *c, uint32_t n) {
    return n ? rng_below(&c->g->rng, n) : 0;
}
