/*
** turn.c: turn flow: the end of the game when the core empties (with its
** timing parameter), extra turns, the next seat, and the start-of-turn
** losses (no tiles, no legal action).
*/
#include "micropul.h"

void game_end(MicropulGame *g, PulEndReason reason, int loser, PulEvents *ev) {
    g->h.over = 1;
    g->h.end_reason = (uint8_t)reason;
    g->h.loser = (int8_t)loser;
    g->extra_left = 0;
    PulEvent *e = event_push(ev, PUL_EV_GAME_OVER, loser);
    if (e) e->value = reason;
}

/* Whether the core has run out while the game goes on: the finishing turn
** (finish_turn) or round (finish_round). RULES.md: an empty core ends the
** game before the start-of-turn checks, so in this part nobody loses by
** them; a seat that cannot play skips its turn instead. */
static bool turn_finishing(const MicropulGame *g) {
    return g->core_top == g->ncore && g->rules.core_empty_end != PUL_CORE_EMPTY_IMMEDIATE;
}

void turn_begin_checks(MicropulGame *g, PulEvents *ev) {
    const PulRules *rules = &g->rules;
    for (int skipped = 0;;) {
        int seat = g->h.to_move;
        /* The usual case, first: a seat that can take has an action, and
        ** holds tiles (its supply), so none of the checks below applies. */
        if (PUL_LIKELY(seat_can_take(g, seat))) return;
        bool finishing = turn_finishing(g);
        bool no_tiles = g->nhand[seat] == 0 && g->nsupply[seat] == 0;
        if (rules->no_tiles_loses && no_tiles && !finishing) {
            game_end(g, PUL_END_NO_TILES, seat, ev);
            return;
        }
        /* A seat with no tile skips the finishing round even when it holds a stone to place:
        ** the no-tiles rule would have ended its game, and the empty core stands in for it. */
        bool skip_no_tiles = rules->no_tiles_loses && no_tiles;
        if (!skip_no_tiles && legal_any(g)) return;
        if (!skip_no_tiles && rules->no_action_loses && !finishing) {
            game_end(g, PUL_END_NO_ACTION, seat, ev);
            return;
        }
        event_push(ev, PUL_EV_TURN_SKIPPED, seat);
        if (!finishing && ++skipped >= g->h.nseats) {
            game_end(g, PUL_END_NO_ACTION, -1, ev);
            return;
        }
        g->extra_left = 0;
        g->in_extra = 0;
        g->h.to_move = (uint8_t)((seat + 1) % g->h.nseats);
        /* In the finishing part, the skipped turn was its last one, or the round wrapped
        ** (within nseats skips, so this loop ends). */
        if (finishing && (rules->core_empty_end == PUL_CORE_EMPTY_FINISH_TURN || g->h.to_move == 0)) {
            game_end(g, PUL_END_CORE_EMPTY, -1, ev);
            return;
        }
    }
}

void turn_finish(MicropulGame *g, bool earned_extra, int extra_count, PulEvents *ev) {
    int seat = g->h.to_move;
    if (earned_extra) {
        int e = g->extra_left + extra_count;
        g->extra_left = (uint8_t)(e > 255 ? 255 : e);
    }
    if (g->core_top == g->ncore) {
        int mode = g->rules.core_empty_end;
        bool more = g->extra_left > 0;
        if (mode == PUL_CORE_EMPTY_FINISH_ROUND) more = more || (seat + 1) % g->h.nseats != 0;
        if (mode == PUL_CORE_EMPTY_IMMEDIATE || !more) {
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
        /* Not a modulo: a divide at every turn is slow next to a compare. */
        g->h.to_move = (uint8_t)(seat + 1 < g->h.nseats ? seat + 1 : 0);
    }
    turn_begin_checks(g, ev);
}
