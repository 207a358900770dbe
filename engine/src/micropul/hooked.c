/*
** hooked.c: what a Lua hook may do to a game (the engine side of
** api.c), and a variant's scripts as the rest of the engine sees them.
** Each action pushes its events to the call, so callers see it happen.
*/
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "script.h"
#include "mem.h"

int game_script_draw(ScriptCall *call, int seat, int n) {
    if (seat < 0 || seat >= call->g->nseats || n <= 0) return 0;
    return game_draw_tiles(MG(call->g), seat, n, call->ev);
}

void game_script_extra_turn(ScriptCall *call) {
    /* Earned like a catalyst's: turn_finish applies the rules (solo,
    ** chaining) and reports the extra turn when it begins. */
    call->extra_turns++;
}

int game_script_reveal(ScriptCall *call, int seat) {
    MicropulGame *g = MG(call->g);
    if (seat < 0 || seat >= g->h.nseats) return -1;
    /* The most recently drawn tile it does not know: no random choice, so a
    ** record replays without naming it. */
    for (int i = g->nsupply[seat] - 1; i >= 0; i--) {
        int t = g->supply[seat][i];
        if (g->known[seat] >> t & 1) continue;
        g->known[seat] |= UINT64_C(1) << t;
        PulEvent *e = event_push(call->ev, PUL_EV_REVEALED, seat);
        if (e) e->tile = (uint8_t)t;
        return t;
    }
    return -1;
}

PulStatus game_script_set_rule(ScriptCall *call, int i, int value, PulError *err) {
    if (call->hook != HOOK_SETUP)
        return err_setc(err, "script-error", NULL, 0, 0,
                        "rules can be changed in the setup hook only");
    return pul_rules_set(&MG(call->g)->rules, i, value, err);
}

uint32_t game_script_random(ScriptCall *call, uint32_t n) {
    return n ? rng_below(&call->g->rng, n) : 0;
}

/* ------------------------------------------------------------- variants */

/* What a variant's scripts own, for pul_variant_free (family/variant.c). */
static void hooked_release(PulVariant *v) {
    script_host_free(v->host);
    mem_free(v->scratch);
}

PulStatus variant_attach_scripts(PulVariant *v, ScriptHost *host, PulError *err) {
    PulGame *scratch = mem_alloc(pul_game_size());
    if (!scratch) {
        script_host_free(host);
        return err_setc(err, "out-of-memory", NULL, 0, 0, "out of memory loading the scripts");
    }
    script_host_free(v->host);
    mem_free(v->scratch);
    v->host = host;
    v->scratch = scratch;
    v->release_scripts = hooked_release;
    return PUL_OK;
}

bool pul_variant_has_scripts(const PulVariant *v) { return v->host != NULL; }

const PulError *pul_variant_script_error(const PulVariant *v) {
    if (!v->host) return NULL;
    const PulError *e = script_last_error(v->host);
    return e && e->status != PUL_OK ? e : NULL;
}
