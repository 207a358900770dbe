/*
** determinize.c: a full game state consistent with one seat's observation.
** The board, stones and counts are rebuilt as shown; the tiles the seat
** cannot see are dealt at random. Bots search such states, so what they
** decide can depend only on what the seat may see.
*/
#include <stddef.h>
#include <string.h>

#include "micropul.h"
#include "rng.h"

static PulStatus bad_obs(PulError *err, const char *what) {
    return err_setc(err, "bad-value", NULL, 0, 0,
                    "the observation is not one of a game of this variant: %s", what);
}

/* The checks that keep the rebuild inside the state's arrays. */
static PulStatus check_counts(const MicropulGame *g, const PulObservation *o, PulError *err) {
    const PulTileSet *ts = &MV(g)->ts;
    if (o->nseats < 1 || o->nseats > PUL_MAX_SEATS || o->seat < 0 || o->seat >= o->nseats ||
        o->to_move < 0 || o->to_move >= o->nseats)
        return bad_obs(err, "seat numbers out of range");
    if (o->nplaced < 1 || o->nplaced > ts->ntiles || o->nunseen < 0 ||
        o->nunseen > ts->ntiles || o->nknown < 0 || o->nknown > ts->ntiles ||
        o->core_count < 0 || o->nstones < 0 || o->nstones > PUL_MAX_SEATS * PUL_MAX_STONES)
        return bad_obs(err, "a list length is out of range");
    if (o->turns < 0 || o->turns > PUL_ACTION_LIMIT)
        return bad_obs(err, "the action count is out of range");
    int hidden = o->core_count, total = o->nplaced + o->core_count;
    for (int s = 0; s < o->nseats; s++) {
        if (o->hand_count[s] < 0 || o->hand_count[s] > PUL_MAX_HAND || o->supply_count[s] < 0 ||
            o->supply_count[s] > ts->ntiles || o->stones_left[s] < 0 ||
            o->stones_left[s] > PUL_MAX_STONES)
            return bad_obs(err, "a hand, supply or stone count is out of range");
        total += o->hand_count[s] + o->supply_count[s];
        if (s != o->seat) hidden += o->hand_count[s] + o->supply_count[s];
    }
    if (o->nknown > o->supply_count[o->seat]) return bad_obs(err, "more known tiles than supply");
    hidden += o->supply_count[o->seat] - o->nknown;
    if (total != ts->ntiles) return bad_obs(err, "the tile counts do not add up to the tile set");
    if (hidden != o->nunseen) return bad_obs(err, "the unseen list does not match the counts");
    bool seen[PUL_MAX_TILES] = {false};
    int ids[3 * PUL_MAX_TILES], n = 0;
    for (int i = 0; i < o->hand_count[o->seat]; i++) ids[n++] = o->hand[i];
    for (int i = 0; i < o->nknown; i++) ids[n++] = o->known[i];
    for (int i = 0; i < o->nplaced; i++) ids[n++] = o->placed[i].tile;
    for (int i = 0; i < o->nunseen; i++) ids[n++] = o->unseen[i];
    for (int i = 0; i < n; i++) {
        if (ids[i] < 0 || ids[i] >= ts->ntiles) return bad_obs(err, "a tile id is out of range");
        if (seen[ids[i]]) return bad_obs(err, "a tile is listed twice");
        seen[ids[i]] = true;
    }
    return PUL_OK;
}

/* Put the placed tiles down in order, as the game did, without activations
** or draws: only the board and the groups. */
static PulStatus rebuild_board(MicropulGame *g, const PulObservation *o, PulError *err) {
    for (int i = 0; i < o->nplaced; i++) {
        const PulPlaced *p = &o->placed[i];
        if (p->rot > 3 || p->x < -GRID / 2 || p->x >= GRID / 2 || p->y < -GRID / 2 ||
            p->y >= GRID / 2)
            return bad_obs(err, "a placed tile is off the board");
        int f = -1;
        Front seen = {0, 0, 0, 0, 0, 0, {0, 0, 0, 0}};
        if (i > 0) {
            f = board_front_at(g, p->x, p->y);
            if (f < 0) return bad_obs(err, "a placed tile touches no earlier tile");
            seen = g->front[f];
        }
        int nb[4];
        board_place(g, p->tile, p->rot, p->x, p->y, f, nb);
        groups_add_tile(g, i, nb, &seen, NULL);
    }
    return PUL_OK;
}

static PulStatus put_stones(MicropulGame *g, const PulObservation *o, PulError *err) {
    for (int i = 0; i < o->nstones; i++) {
        const PulStone *st = &o->stones[i];
        int j = board_tile_at(g, st->x, st->y);
        if (j < 0 || st->quad > 3 || st->seat < 0 || st->seat >= o->nseats)
            return bad_obs(err, "a stone is not on a placed tile");
        const Placed *p = &g->placed[j];
        if (!MV(g)->rot[p->tile][p->rot].colour[st->quad])
            return bad_obs(err, "a stone is not on a micropul");
        groups_claim(g, g->root[j * 4 + st->quad], st->seat);
        g->stone_list[g->nstones_placed++] = *st;
    }
    /* Claims made before merges and closures are replayed here after them,
    ** so the incremental points may differ: the rules' count is the truth. */
    groups_recount(g, g->group_points);
    return PUL_OK;
}

/* Deal the unseen tiles at random: other hands, the unknown part of every
** supply, then the core. The tiles that already left the core go first in
** the core array (its drawn part), so a later draw takes from the rest. */
static void deal_hidden(MicropulGame *g, const PulObservation *o, PulRng *rng) {
    uint8_t pool[PUL_MAX_TILES];
    int n = o->nunseen;
    for (int i = 0; i < n; i++) pool[i] = o->unseen[i];
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(rng, (uint32_t)(i + 1));
        uint8_t t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    int next = 0, me = o->seat;
    for (int s = 0; s < o->nseats; s++) {
        g->nhand[s] = (uint8_t)o->hand_count[s];
        g->nsupply[s] = (uint8_t)o->supply_count[s];
        g->stones[s] = (uint8_t)o->stones_left[s];
        if (s == me) {
            for (int i = 0; i < o->hand_count[s]; i++) g->hand[s][i] = (uint8_t)o->hand[i];
            int k = 0;
            for (int i = 0; i < o->nknown; i++) {
                g->supply[s][k++] = (uint8_t)o->known[i];
                g->known[s] |= UINT64_C(1) << o->known[i];
            }
            while (k < o->supply_count[s]) g->supply[s][k++] = pool[next++];
        } else {
            for (int i = 0; i < o->hand_count[s]; i++) g->hand[s][i] = pool[next++];
            for (int i = 0; i < o->supply_count[s]; i++) g->supply[s][i] = pool[next++];
        }
    }
    /* Drawn part: every tile off the core but the start tile, any order. */
    int k = 0;
    for (int i = 1; i < o->nplaced; i++) g->core[k++] = o->placed[i].tile;
    for (int s = 0; s < o->nseats; s++) {
        for (int i = 0; i < g->nhand[s]; i++) g->core[k++] = g->hand[s][i];
        for (int i = 0; i < g->nsupply[s]; i++) g->core[k++] = g->supply[s][i];
    }
    g->core_top = (uint8_t)k;
    while (next < n) g->core[k++] = pool[next++];
    g->ncore = (uint8_t)k;
}

PulStatus determinize_game(PulGame *pg, const PulObservation *obs, PulRng *rng, PulError *err) {
    MicropulGame *g = MG(pg);
    PulStatus st = check_counts(g, obs, err);
    if (st != PUL_OK) return st;
    st = pul_rules_validate(&obs->rules, err);
    if (st != PUL_OK) return st;
    start_reset(g, &obs->rules, obs->nseats);
    g->h.loser = (int8_t)obs->loser;
    g->h.to_move = (uint8_t)obs->to_move;
    g->in_extra = obs->extra_turn;
    g->extra_left = (uint8_t)(obs->extra_pending < 0 ? 0 : obs->extra_pending > 255 ? 255
                                                                                     : obs->extra_pending);
    g->h.over = obs->over;
    g->h.end_reason = (uint8_t)obs->end_reason;
    g->h.turns = obs->turns;
    if ((st = rebuild_board(g, obs, err)) != PUL_OK || (st = put_stones(g, obs, err)) != PUL_OK) {
        board_clear(g);
        return st;
    }
    deal_hidden(g, obs, rng);
    g->h.seed = rng_next(rng);
    pul_rng_seed(&g->h.rng, g->h.seed);
    g->h.started = 1;
    err_clear(err);
    return PUL_OK;
}
