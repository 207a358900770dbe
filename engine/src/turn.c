/*
** turn.c: turn flow: the end of the game when the core empties (with its
** timing parameter), extra turns, the next seat, and the start-of-turn
** losses (no tiles, no legal action).
*/
#include "game.h"

void game_end(PulGame *g, PulEndReason reason, int loser, PulEvents *ev) {
    g->over = 1;
    g->end_reason = (uint8_t)reason;
    g->loser = (int8_t)loser;
    g->extra_left = 0;
    PulEvent *e = event_push(ev, PUL_EV_GAME_OVER, loser);
    if (e) e->value = reason;
}

void turn_begin_checks(PulGame *g, PulEvents *ev) {
    const PulRules *rules = &g->rules;
    for (int skipped = 0;;) {
        int seat = g->to_move;
        if (rules->no_tiles_loses && g->nhand[seat] == 0 && g->nsupply[seat] == 0) {
            game_end(g, PUL_END_NO_TILES, seat, ev);
            return;
        }
        if (legal_any(g)) return;
        if (rules->no_action_loses) {
            game_end(g, PUL_END_NO_ACTION, seat, ev);
            return;
        }
        event_push(ev, PUL_EV_TURN_SKIPPED, seat);
        if (++skipped >= g->nseats) {
            game_end(g, PUL_END_NO_ACTION, -1, ev);
            return;
        }
        g->extra_left = 0;
        g->in_extra = 0;
        g->to_move = (uint8_t)((seat + 1) % g->nseats);
        if (g->core_top == g->ncore && rules->core_empty_end == PUL_END_FINISH_ROUND &&
            g->to_move == 0) {
            game_end(g, PUL_END_CORE_EMPTY, -1, ev);
            return;
        }
    }
}

void turn_finish(PulGame *g, bool earned_extra, int extra_count, PulEvents *ev) {
    int seat = g->to_move;
    if (earned_extra) {
        int e = g->extra_left + extra_count;
        g->extra_left = (uint8_t)(e > 255 ? 255 : e);
    }
    if (g->core_top == g->ncore) {
        int mode = g->rules.core_empty_end;
        bool more = g->extra_left > 0;
        if (mode == PUL_END_FINISH_ROUND) more = more || (seat + 1) % g->nseats != 0;
        if (mode == PUL_END_IMMEDIATE || !more) {
            game_end(g, PUL_END_CORE_EMPTY, -1, ev);
            return;
        }
    }
    if (g->extra_left > 0) {
        g->extra_left--;
        g->in_extra = 1;
        event_push(ev, PUL_EV_EXTRA_TURN, seat);
    } else {
        g->in_extra = 0;
        g->to_move = (uint8_t)((seat + 1) % g->nseats);
    }
    turn_begin_checks(g, ev);
}
