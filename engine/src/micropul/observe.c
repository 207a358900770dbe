/*
** observe.c: what one seat may see of a game. Bots get only this, so the
** hidden parts (other hands, every supply, the core's order) never leak.
*/
#include <string.h>

#include "game.h"

void pul_observe(const PulGame *g, int seat, PulObservation *o) {
    memset(o, 0, sizeof *o);
    o->seat = seat;
    o->nseats = g->nseats;
    o->to_move = g->to_move;
    o->extra_turn = g->in_extra;
    o->over = g->over;
    o->extra_pending = g->extra_left;
    o->turns = g->turns;
    o->rules = g->rules;
    o->end_reason = g->end_reason;
    o->loser = g->loser;
    o->core_count = g->ncore - g->core_top;
    bool seen[PUL_MAX_TILES] = {false};
    for (int s = 0; s < g->nseats; s++) {
        o->hand_count[s] = g->nhand[s];
        o->supply_count[s] = g->nsupply[s];
        o->stones_left[s] = g->stones[s];
    }
    for (int i = 0; i < g->nhand[seat]; i++) {
        o->hand[i] = g->hand[seat][i];
        seen[g->hand[seat][i]] = true;
    }
    /* Supply tiles a script revealed to this seat, in supply order. */
    for (int i = 0; i < g->nsupply[seat]; i++) {
        int t = g->supply[seat][i];
        if (g->known[seat] >> t & 1) {
            o->known[o->nknown++] = t;
            seen[t] = true;
        }
    }
    o->nplaced = pul_game_placed(g, o->placed, PUL_MAX_TILES);
    for (int i = 0; i < g->nplaced; i++) seen[g->placed[i].tile] = true;
    o->nstones = pul_game_stones_on_board(g, o->stones, PUL_MAX_SEATS * PUL_MAX_STONES);
    /* In id order, so the list says nothing of where each tile lies. */
    for (int t = 0; t < g->v->ts.ntiles; t++)
        if (!seen[t]) o->unseen[o->nunseen++] = (uint8_t)t;
}
