/*
** apply.c: the one apply. It validates an action (the reasons in PMN.md's
** order), then changes the state and reports what happened as events.
*/
#include "game.h"
#include "rng.h"

static int index_of(const uint8_t *list, int n, int value) {
    for (int i = 0; i < n; i++)
        if (list[i] == value) return i;
    return -1;
}

static void remove_at(uint8_t *list, uint8_t *n, int i) {
    list[i] = list[--*n];
}

PulReason pul_check(const PulGame *g, const PulAction *a) {
    if (!g->started) return PUL_R_BAD_ACTION;
    if (g->over) return PUL_R_GAME_OVER;
    int seat = g->to_move;
    switch (a->kind) {
    case PUL_PLACE:
        return legal_check_place(g, a);
    case PUL_TAKE:
        if (g->nhand[seat] >= g->v->rules.hand_limit) return PUL_R_HAND_FULL;
        if (g->nsupply[seat] == 0) return PUL_R_NOT_IN_SUPPLY;
        if (a->tile != PUL_NO_TILE && index_of(g->supply[seat], g->nsupply[seat], a->tile) < 0)
            return PUL_R_NOT_IN_SUPPLY;
        return PUL_LEGAL;
    case PUL_CLAIM: {
        if (a->quad > 3) return PUL_R_BAD_ACTION;
        if (g->stones[seat] == 0) return PUL_R_NO_STONES;
        int j = board_tile_at(g, a->x, a->y);
        if (j < 0) return PUL_R_NOT_MICROPUL;
        const Placed *p = &g->placed[j];
        if (!g->v->rot[p->tile][p->rot].colour[a->quad]) return PUL_R_NOT_MICROPUL;
        if (g->gstones[g->root[j * 4 + a->quad]] > 0) return PUL_R_ALREADY_CLAIMED;
        return PUL_LEGAL;
    }
    case PUL_PASS:
        return g->in_extra ? PUL_LEGAL : PUL_R_NO_EXTRA_TURN;
    default:
        return PUL_R_BAD_ACTION;
    }
}

/* Catalysts this placement fires: each at most once, the new tile's own
** first (nw ne sw se centre), then each neighbour's, sides N E S W. seen is
** what the neighbours showed the cell: micropul and catalysts per slot. */
static void activate(PulGame *g, int idx, const int nb[4], const Front *seen, PulEvents *ev,
                     int *draw, int *extra) {
    const PulVariant *v = g->v;
    const Placed *p = &g->placed[idx];
    const TileRot *tr = &v->rot[p->tile][p->rot];
    unsigned mine = 0, fired = tr->cat_slots & seen->mic8;
    if (fired && v->ts.tile[p->tile].big) mine = 1u << PUL_CENTRE;
    else
        for (; fired; fired &= fired - 1) mine |= 1u << slot_quad[lowest_set(fired)];
    unsigned theirs = seen->cat8 & tr->mic_slots;
    for (int s = -1; s < 4; s++) {
        unsigned mask = mine;
        const Placed *q = p;
        if (s >= 0) {
            unsigned two = (theirs >> (2 * s)) & 3u;
            if (!two) continue;
            q = &g->placed[nb[s]];
            mask = 0;
            if (v->ts.tile[q->tile].big) mask = 1u << PUL_CENTRE;
            else
                for (int k = 0; k < 2; k++)
                    if (two >> k & 1) mask |= 1u << slot_quad[(s ^ 2) * 2 + k];
        }
        for (; mask; mask &= mask - 1) {
            int quad = lowest_set(mask);
            int f = quad == PUL_CENTRE ? v->ts.tile[q->tile].centre
                                       : v->rot[q->tile][q->rot].quad[quad];
            *draw += v->draw[f];
            *extra += v->extra[f];
            PulEvent *e = event_push(ev, PUL_EV_ACTIVATED, g->to_move);
            if (e) {
                e->x = q->x;
                e->y = q->y;
                e->quad = (uint8_t)quad;
                e->feature = (uint8_t)f;
                e->tile = q->tile;
                e->count = v->draw[f];
                e->value = v->extra[f];
            }
        }
    }
}

static void draw_tiles(PulGame *g, int seat, int want, PulEvents *ev) {
    int n = g->ncore - g->core_top;
    if (want < n) n = want;
    for (int i = 0; i < n; i++) g->supply[seat][g->nsupply[seat]++] = g->core[g->core_top++];
    PulEvent *e = event_push(ev, PUL_EV_DREW, seat);
    if (e) {
        e->count = n;
        e->value = want;
    }
}

static void apply_place(PulGame *g, const PulAction *a, PulEvents *ev, int *extra) {
    int seat = g->to_move;
    remove_at(g->hand[seat], &g->nhand[seat], index_of(g->hand[seat], g->nhand[seat], a->tile));
    int f = board_front_at(g, a->x, a->y);
    Front seen = g->front[f];
    int nb[4];
    board_place(g, a->tile, a->rot, a->x, a->y, f, nb);
    int idx = g->nplaced - 1;
    PulEvent *e = event_push(ev, PUL_EV_PLACED, seat);
    if (e) {
        e->tile = a->tile;
        e->rot = a->rot;
        e->x = a->x;
        e->y = a->y;
    }
    int draw = 0;
    activate(g, idx, nb, &seen, ev, &draw, extra);
    groups_add_tile(g, idx, nb, &seen, ev);
    if (draw > 0) draw_tiles(g, seat, draw, ev);
}

static void apply_take(PulGame *g, const PulAction *a, PulEvents *ev) {
    int seat = g->to_move;
    /* The draw is made even when the record names the tile, so that a game
    ** replayed from its record ends with the same generator state. */
    int drawn = (int)rng_below(&g->rng, g->nsupply[seat]);
    int i = a->tile == PUL_NO_TILE ? drawn : index_of(g->supply[seat], g->nsupply[seat], a->tile);
    int tile = g->supply[seat][i];
    /* Keep the supply's order: a random take must not reorder what is left. */
    for (int k = i; k + 1 < g->nsupply[seat]; k++) g->supply[seat][k] = g->supply[seat][k + 1];
    g->nsupply[seat]--;
    g->hand[seat][g->nhand[seat]++] = (uint8_t)tile;
    PulEvent *e = event_push(ev, PUL_EV_TOOK, seat);
    if (e) e->tile = (uint8_t)tile;
}

static void apply_claim(PulGame *g, const PulAction *a, PulEvents *ev) {
    int seat = g->to_move;
    int j = board_tile_at(g, a->x, a->y);
    groups_claim(g, g->root[j * 4 + a->quad], seat);
    g->stones[seat]--;
    g->stone_list[g->nstones_placed++] = (PulStone){a->x, a->y, a->quad, (int8_t)seat};
    PulEvent *e = event_push(ev, PUL_EV_CLAIMED, seat);
    if (e) {
        e->x = a->x;
        e->y = a->y;
        e->quad = a->quad;
    }
}

PulReason pul_apply(PulGame *g, const PulAction *a, PulEvents *ev) {
    PulReason r = pul_check(g, a);
    if (r != PUL_LEGAL) return r;
    if (ev) ev->n = 0;
    int extra = 0;
    switch (a->kind) {
    case PUL_PLACE:
        apply_place(g, a, ev, &extra);
        break;
    case PUL_TAKE:
        apply_take(g, a, ev);
        break;
    case PUL_CLAIM:
        apply_claim(g, a, ev);
        break;
    default:
        event_push(ev, PUL_EV_PASSED, g->to_move);
        break;
    }
    g->turns++;
    const PulRules *rules = &g->v->rules;
    bool earned = extra > 0 && (g->nseats > 1 || rules->solo_extra_turn) &&
                  (!g->in_extra || rules->extra_turn_chains);
    turn_finish(g, earned, rules->extra_turn_per_catalyst ? extra : 1, ev);
    return PUL_LEGAL;
}

void pul_events_action(const PulEvents *ev, PulAction *out) {
    *out = (PulAction){PUL_PASS, PUL_NO_TILE, 0, 0, 0, 0};
    for (int i = 0; i < ev->n; i++) {
        const PulEvent *e = &ev->ev[i];
        switch (e->kind) {
        case PUL_EV_PLACED:
            *out = (PulAction){PUL_PLACE, e->tile, e->rot, 0, e->x, e->y};
            return;
        case PUL_EV_TOOK:
            *out = (PulAction){PUL_TAKE, e->tile, 0, 0, 0, 0};
            return;
        case PUL_EV_CLAIMED:
            *out = (PulAction){PUL_CLAIM, PUL_NO_TILE, 0, e->quad, e->x, e->y};
            return;
        case PUL_EV_PASSED:
            return;
        default:
            break;
        }
    }
}
