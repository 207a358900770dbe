/*
** apply.c: the one apply. It validates an action (the reasons in PMN.md's
** order), then changes the state and reports what happened as events. A
** variant with Lua hooks runs them at fixed points of the action, through its
** hooks table (hooked.h); should one fail, the game is put back as it was
** before the action.
*/
#include <string.h>

#include "rng.h"
#include "hooked.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* However the scoring hooks score (hooked.h), a seat's total and the
** difference of two totals fit an int: score_group runs at most once per
** group that closes and once per stone on a closed group, each time moving a
** seat's points by its own points and the rules' worth of the group. */
enum {
    SCORE_GROUP_CALLS = MAX_NODES + PUL_MAX_SEATS * PUL_MAX_STONES,
    GROUP_WORTH_MAX = MAX_NODES * RULES_POINTS_MAX,
    TILE_POINTS_MAX = MP_TILES * RULES_POINTS_MAX
};
#ifndef MICROPUL_WIDE
_Static_assert((int64_t)SCORE_GROUP_CALLS * (HOOK_GROUP_POINTS_MAX + GROUP_WORTH_MAX) +
                       GROUP_WORTH_MAX + TILE_POINTS_MAX <=
                   HOOK_SCORE_MAX,
               "the totals before final_scores stay within its range");
#else
/* The wide layout has too many groups for the bound above: after each
** score_group call a seat's group points saturate at GROUP_POINTS_CAP, and
** the rules' own points add at most a group's worth per closing (all of them
** together one board's worth) and per stone put on a closed group. */
enum { GROUP_POINTS_CAP = HOOK_SCORE_MAX / 2 };
_Static_assert((int64_t)GROUP_POINTS_CAP +
                       (int64_t)(2 + PUL_MAX_SEATS * PUL_MAX_STONES) * GROUP_WORTH_MAX +
                       TILE_POINTS_MAX <=
                   HOOK_SCORE_MAX,
               "the totals before final_scores stay within its range");
#endif
_Static_assert(2 * (int64_t)HOOK_SCORE_MAX <= INT32_MAX,
               "the difference of two totals fits an int (final_adjust, the bots' margins)");

static int index_of(const uint8_t *list, int n, int value) {
    for (int i = 0; i < n; i++)
        if (list[i] == value) return i;
    return -1;
}

/* index_of for a hand: its index of tile, or -1. Its PUL_MAX_HAND bytes
** are compared at once and the first match found by its bit, where the
** loop's exit was a coin toss to the branch predictor. */
static inline int hand_find(const uint8_t *hand, int n, int tile) {
#if defined(__SSE2__)
    _Static_assert(PUL_MAX_HAND == 16, "a hand is one 16-byte vector");
    __m128i row = _mm_loadu_si128((const __m128i *)(const void *)hand);
    unsigned eq = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(row, _mm_set1_epi8((char)tile)));
    eq &= (1u << n) - 1;
    return eq ? lowest_set(eq) : -1;
#else
    return index_of(hand, n, tile);
#endif
}

/* hand_find for a hand that holds the tile (the action is legal). */
static inline int hand_index(const uint8_t *hand, int n, int tile) {
    int i = hand_find(hand, n, tile);
    PUL_ASSERT(i >= 0);
    return i;
}

/* What the test of a placement finds that its apply reads again: the
** tile's index in the hand, the cell's frontier entry, and the slots where
** the tile shows a neighbour its own colour (edges_joined, the groups'
** joins). The checked apply without events keeps them from the test when
** no hook runs during the placement; every other path (trusted, events,
** hooks) works them out where it needs them (apply_place, given NULL). */
typedef struct {
    int hand_at, front;
    unsigned joined;
} PlaceFound;

/* The test of a placement, the reasons in PMN.md's order (as the
** generators' test, edges_fit): where it is legal, found holds
** what the apply reads again, so that nothing is looked up twice. */
static inline PulReason place_check(const MicropulGame *g, const PulAction *a, PlaceFound *found) {
    if (a->rot > 3) return PUL_R_BAD_ACTION;
    int seat = g->h.to_move;
    int at = hand_find(g->hand[seat], g->nhand[seat], a->tile);
    if (at < 0) return PUL_R_NOT_IN_HAND;
    if (!board_in_window(g, a->x, a->y)) return PUL_R_NOT_ADJACENT;
    unsigned code = g->grid[board_slot(g, a->x, a->y)];
    if (code < FRONT_BASE) return code ? PUL_R_OCCUPIED : PUL_R_NOT_ADJACENT;
    int f = (int)(code - FRONT_BASE);
    EdgeMeet m = edges_meet(&MV(g)->rot[a->tile][a->rot], &g->front[f]);
    PulReason r = edges_fit(&g->rules, m);
    if (r == PUL_LEGAL) *found = (PlaceFound){at, f, m.both & m.same};
    return r;
}

static void remove_at(uint8_t *list, uint8_t *n, int i) {
    list[i] = list[--*n];
}

/* apply_check with the action's kind as an argument: a constant where the
** checked apply already knows it (a placement), so the switch folds away. */
static inline PulReason check_kind(const MicropulGame *g, const PulAction *a, int kind,
                                   PlaceFound *found) {
    if (!g->h.started) return PUL_R_BAD_ACTION;
    if (g->h.over) return PUL_R_GAME_OVER;
    int seat = g->h.to_move;
    switch (kind) {
    case PUL_PLACE:
        return place_check(g, a, found);
    case PUL_TAKE:
        if (g->nhand[seat] >= g->rules.hand_limit) return PUL_R_HAND_FULL;
        /* A random take draws among the tiles the seat does not know. */
        if (a->tile == PUL_NO_TILE ? supply_unknown(g, seat) == 0
                                   : index_of(g->supply[seat], g->nsupply[seat], a->tile) < 0)
            return PUL_R_NOT_IN_SUPPLY;
        return PUL_LEGAL;
    case PUL_CLAIM: {
        if (a->quad > 3) return PUL_R_BAD_ACTION;
        if (g->stones[seat] == 0) return PUL_R_NO_STONES;
        int j = board_tile_at(g, a->x, a->y);
        if (j < 0) return PUL_R_NOT_MICROPUL;
        const Placed *p = &g->placed[j];
        if (!MV(g)->rot[p->tile][p->rot].colour[a->quad]) return PUL_R_NOT_MICROPUL;
        if (g->gstones[g->root[j * 4 + a->quad]] > 0) return PUL_R_ALREADY_CLAIMED;
        return PUL_LEGAL;
    }
    case PUL_PASS:
        return g->in_extra ? PUL_LEGAL : PUL_R_NO_EXTRA_TURN;
    default:
        return PUL_R_BAD_ACTION;
    }
}

PulReason apply_check(const PulGame *pg, const PulAction *a) {
    PlaceFound unused;
    return check_kind(MGC(pg), a, a->kind, &unused);
}

/* An ACTIVATED event for each catalyst of placed tile q firing at quadrants
** quads (a big tile's centre once), in quadrant order. */
static void activate_events(MicropulGame *g, const Placed *q, unsigned quads, PulEvents *ev) {
    const MicropulVariant *v = MV(g);
    const PulTileDef *d = &v->ts.tile[q->tile];
    if (d->big) quads = quads ? 1u << PUL_CENTRE : 0;
    for (; quads; quads &= quads - 1) {
        int quad = lowest_set(quads);
        int f = quad == PUL_CENTRE ? d->centre : v->rot[q->tile][q->rot].quad[quad];
        PulEvent *e = event_push(ev, PUL_EV_ACTIVATED, g->h.to_move);
        if (!e) return;
        e->x = q->x;
        e->y = q->y;
        e->quad = (uint8_t)quad;
        e->feature = (uint8_t)f;
        e->tile = q->tile;
        e->count = v->draw[f];
        e->value = v->extra[f];
    }
}

/* The neighbours whose catalysts face a tile's micropul, from what they
** showed its cell (seen) and the tile's micropul slots (tr): bit 2s of
** sides for side s N E S W, and facing, their slots that face the tile
** (slot i faces slot i ^ 4). */
typedef struct {
    unsigned sides, facing;
} Facing;

static inline Facing facing_catalysts(const Front *seen, const TileRot *tr) {
    unsigned theirs = seen->cat8 & tr->mic_slots;
    return (Facing){(theirs | theirs >> 1) & 0x55u, (theirs >> 4 | theirs << 4) & 0xFFu};
}

/* The slots of the neighbour on side s that face the tile. */
static inline unsigned facing_slots(Facing f, int s) { return f.facing & 3u << (2 * (s ^ 2)); }

/* Catalysts placing tile in rotation rot on a cell fires, each at most
** once: the tile's own, then each neighbour's, sides N E S W. nb: the placed
** index on each side, or -1; seen is what the neighbours showed the cell
** (micropul and catalysts per slot). Returns the draws and extra turns
** (place_fire); it reads only the neighbours, so it holds before the tile is
** down as after. */
uint32_t apply_fired(const MicropulGame *g, int tile, int rot, const int nb[4], const Front *seen) {
    const MicropulVariant *v = MV(g);
    const TileRot *tr = &v->rot[tile][rot];
    uint32_t fired = v->place[tile][rot].fire[v->slot_quads[tr->cat_slots & seen->mic8]];
    Facing f = facing_catalysts(seen, tr);
    for (unsigned sides = f.sides; sides; sides &= sides - 1) {
        int s = lowest_set(sides) >> 1;
        const Placed *q = &g->placed[nb[s]];
        fired += v->place[q->tile][q->rot].fire[v->slot_quads[facing_slots(f, s)]];
    }
    return fired;
}

/* apply_fired for the tile just placed at idx, with the ACTIVATED events
** when ev is not NULL. */
static uint32_t activate(MicropulGame *g, int idx, const int nb[4], const Front *seen,
                         PulEvents *ev) {
    const Placed *p = &g->placed[idx];
    uint32_t fired = apply_fired(g, p->tile, p->rot, nb, seen);
    if (!ev) return fired;
    const MicropulVariant *v = MV(g);
    const TileRot *tr = &v->rot[p->tile][p->rot];
    activate_events(g, p, v->slot_quads[tr->cat_slots & seen->mic8], ev);
    Facing f = facing_catalysts(seen, tr);
    for (unsigned sides = f.sides; sides; sides &= sides - 1) {
        int s = lowest_set(sides) >> 1;
        activate_events(g, &g->placed[nb[s]], v->slot_quads[facing_slots(f, s)], ev);
    }
    return fired;
}

int game_draw_tiles(MicropulGame *g, int seat, int want, PulEvents *ev) {
    int n = g->ncore - g->core_top;
    if (want < n) n = want;
    if (n < 0) n = 0;
    uint8_t *to = &g->supply[seat][g->nsupply[seat]];
    const uint8_t *from = &g->core[g->core_top];
    if (PUL_LIKELY(n <= 8 && g->nsupply[seat] + 8 <= MP_TILES && g->core_top + 8 <= MP_TILES)) {
        /* A catalyst's usual tile or two: one 8-byte move within both rows
        ** (a supply's bytes past its count are never read), where a copy of
        ** a size known only at run time branched on the size. */
        uint64_t w;
        memcpy(&w, from, sizeof w);
        memcpy(to, &w, sizeof w);
    } else {
        memcpy(to, from, (size_t)n);
    }
    g->nsupply[seat] = (uint8_t)(g->nsupply[seat] + n);
    g->core_top = (uint8_t)(g->core_top + n);
    PulEvent *e = event_push(ev, PUL_EV_DREW, seat);
    if (e) {
        e->count = n;
        e->value = want;
    }
    return n;
}

/* ------------------------------------------------------------------ hooks */

/* The hook calls of one action, and whether one has failed. */
typedef struct {
    const MicropulHooks *tab;
    unsigned hooks;
    uint32_t activate; /* features on_activate hears of */
    HookCall call;
    PulError err;
    bool failed;
} Hooks;

/* The hooks' side of a placement stays out of line, so that the plain
** apply, which every playout takes, is compiled as if it were not there. */
#if defined(__GNUC__)
#define HOOKS_OUT_OF_LINE __attribute__((noinline))
#else
#define HOOKS_OUT_OF_LINE
#endif

/* on_activate for one catalyst that fired, given its tile set's draw and
** extra turn: the placement's draws and extra turns become what the hook
** left. False when the hook failed. */
static bool hook_activate(Hooks *hk, MicropulActivation *act, int *draw, int *extra) {
    int base_draw = act->draw, base_extra = act->extra_turn;
    hk->call.hook = HOOK_ON_ACTIVATE;
    if (hk->tab->on_activate(&hk->call, act, &hk->err) != PUL_OK) {
        hk->failed = true;
        return false;
    }
    if (act->draw < 0) act->draw = 0;
    *draw += act->draw - base_draw;
    *extra += (int)act->extra_turn - base_extra;
    return true;
}

/* on_activate for each catalyst of placed tile q firing at quadrants quads
** that the scripts hear of, in activate_events' order, with no event to
** read them from (hook_activations). */
static void hook_fired_at(Hooks *hk, MicropulGame *g, const Placed *q, unsigned quads, int *draw,
                          int *extra) {
    const MicropulVariant *v = MV(g);
    const PulTileDef *d = &v->ts.tile[q->tile];
    if (d->big) quads = quads ? 1u << PUL_CENTRE : 0;
    for (; quads && !hk->failed; quads &= quads - 1) {
        int quad = lowest_set(quads);
        int f = quad == PUL_CENTRE ? d->centre : v->rot[q->tile][q->rot].quad[quad];
        if (!(hk->activate >> f & 1)) continue;
        MicropulActivation act = {f, q->x, q->y, quad, v->draw[f], v->extra[f]};
        hook_activate(hk, &act, draw, extra);
    }
}

/* on_activate for each catalyst the placement of tile idx fired that the
** scripts hear of. With events (ev not NULL), for each ACTIVATED one from
** index first on, which then shows what the hook left; without, for the
** catalysts activate found, in the same order, so that an apply nobody
** reads the events of records none (apply_hooked). */
HOOKS_OUT_OF_LINE static void hook_activations(Hooks *hk, MicropulGame *g, int idx, const int nb[4],
                             const Front *seen, PulEvents *ev, int first, int *draw, int *extra) {
    if (!ev) {
        /* Only the tiles showing a heard catalyst where it fires (the
        ** masks of fires_heard) are walked. */
        const MicropulVariant *v = MV(g);
        const Placed *p = &g->placed[idx];
        const TileRot *tr = &v->rot[p->tile][p->rot];
        if (hk->tab->heard[p->tile][p->rot] & seen->mic8)
            hook_fired_at(hk, g, p, v->slot_quads[tr->cat_slots & seen->mic8], draw, extra);
        Facing f = facing_catalysts(seen, tr);
        for (unsigned sides = f.sides; sides && !hk->failed; sides &= sides - 1) {
            int s = lowest_set(sides) >> 1;
            const Placed *q = &g->placed[nb[s]];
            unsigned slots = facing_slots(f, s);
            if (hk->tab->heard[q->tile][q->rot] & slots)
                hook_fired_at(hk, g, q, v->slot_quads[slots], draw, extra);
        }
        return;
    }
    for (int i = first; i < ev->n && !hk->failed; i++) {
        PulEvent *e = &ev->ev[i];
        if (e->kind != PUL_EV_ACTIVATED || !(hk->activate >> e->feature & 1)) continue;
        MicropulActivation act = {e->feature, e->x, e->y, e->quad, e->count, e->value != 0};
        if (!hook_activate(hk, &act, draw, extra)) return;
        e->count = act.draw;
        e->value = act.extra_turn;
    }
}

/* score_group for a group that just closed, or was claimed closed: the
** points the rules gave (already counted) are replaced by the hook's. */
static void hook_score(Hooks *hk, MicropulGame *g, int root, int32_t x, int32_t y, int quad) {
    if (hk->failed || !(hk->hooks & HOOK_SCORE_GROUP)) return;
    MicropulGroup grp = {0};
    grp.colour = MV(g)->rot[g->placed[root >> 2].tile][g->placed[root >> 2].rot].quad[root & 3];
    grp.size = g->gsize[root];
    for (int i = 0; i < g->nstones_placed; i++) {
        const PulStone *st = &g->stone_list[i];
        int j = board_tile_at(g, st->x, st->y);
        if (j >= 0 && g->root[j * 4 + st->quad] == root) grp.stones[st->seat]++;
    }
    grp.x = x;
    grp.y = y;
    grp.quad = quad;
    grp.owner = groups_scorer(g, root);
    grp.points = g->gpoints[root];
    int owner = grp.owner, points = grp.points;
    hk->call.hook = HOOK_SCORE_GROUP;
    if (hk->tab->score_group(&hk->call, &grp, &hk->err) != PUL_OK) {
        hk->failed = true;
        return;
    }
    if (owner >= 0) g->group_points[owner] -= points;
    if (grp.owner >= 0 && grp.owner < g->h.nseats) g->group_points[grp.owner] += grp.points;
#ifdef MICROPUL_WIDE
    for (int s = 0; s < g->h.nseats; s++) {
        if (g->group_points[s] > GROUP_POINTS_CAP) g->group_points[s] = GROUP_POINTS_CAP;
        if (g->group_points[s] < -GROUP_POINTS_CAP) g->group_points[s] = -GROUP_POINTS_CAP;
    }
#endif
}

/* score_group for each CLOSED event from index first on (apply_hooked
** keeps the events when score_group is defined). */
HOOKS_OUT_OF_LINE static void hook_closures(Hooks *hk, MicropulGame *g, const PulEvents *ev, int first) {
    if (!(hk->hooks & HOOK_SCORE_GROUP)) return;
    for (int i = first; i < ev->n && !hk->failed; i++) {
        const PulEvent *e = &ev->ev[i];
        if (e->kind != PUL_EV_CLOSED) continue;
        int j = board_tile_at(g, e->x, e->y);
        hook_score(hk, g, g->root[j * 4 + e->quad], e->x, e->y, e->quad);
    }
}

/* A placement; found: what its test found, or NULL (place_check). */
static inline void apply_place(MicropulGame *g, const PulAction *a, const PlaceFound *found,
                               PulEvents *ev, int *extra, Hooks *hk) {
    int seat = g->h.to_move;
    int at = found ? found->hand_at : hand_index(g->hand[seat], g->nhand[seat], a->tile);
    remove_at(g->hand[seat], &g->nhand[seat], at);
    /* The action is legal (checked, or generated for this position): its
    ** cell is a frontier cell inside the window, so its slot says which. */
    int f = found ? found->front : (int)g->grid[board_slot(g, a->x, a->y)] - FRONT_BASE;
    PUL_ASSERT(f == board_front_at(g, a->x, a->y));
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
    int first = ev ? ev->n : 0;
    uint32_t fired = activate(g, idx, nb, &seen, ev);
    int draw = (int)(fired & 0xFFFFu);
    *extra += (int)(fired >> 16);
    int closed_from = ev ? ev->n : 0;
    const Placed *p = &g->placed[idx]; /* as activate reads it: its rotation's row is at hand */
    unsigned joined = found ? found->joined : edges_joined(&MV(g)->rot[p->tile][p->rot], &seen);
    groups_add_tile(g, idx, nb, &seen, joined, ev);
    if (hk) {
        /* After the groups, so that hooks see the board as it now is. */
        if (hk->activate) hook_activations(hk, g, idx, nb, &seen, ev, first, &draw, extra);
        hook_closures(hk, g, ev, closed_from);
        if (hk->failed) return;
    }
    if (draw > 0) game_draw_tiles(g, seat, draw, ev);
}

/* Index in seat's supply of its n-th tile the seat does not know. */
static int nth_unknown(const MicropulGame *g, int seat, int n) {
    for (int i = 0; i < g->nsupply[seat]; i++)
        if (!known_has(g, seat, g->supply[seat][i]) && n-- == 0) return i;
    return 0; /* unreachable: n < supply_unknown */
}

static void apply_take(MicropulGame *g, const PulAction *a, PulEvents *ev) {
    int seat = g->h.to_move;
    int i;
    if (a->tile != PUL_NO_TILE && known_has(g, seat, a->tile)) {
        i = index_of(g->supply[seat], g->nsupply[seat], a->tile); /* chosen: no draw */
    } else {
        /* A draw among the unknown tiles is made even when the record names
        ** the tile, so that a replay ends with the same generator state. */
        int drawn = (int)rng_below(&g->h.rng, (uint32_t)supply_unknown(g, seat));
        if (a->tile != PUL_NO_TILE)
            i = index_of(g->supply[seat], g->nsupply[seat], a->tile);
        else
            i = known_count(g, seat) ? nth_unknown(g, seat, drawn) : drawn; /* none known: the n-th */
    }
    int tile = g->supply[seat][i];
    known_remove(g, seat, tile);
    /* Keep the supply's order: a random take must not reorder what is left. */
    g->nsupply[seat]--;
    uint8_t *from = &g->supply[seat][i];
    int after = g->nsupply[seat] - i;
    if (PUL_LIKELY(after <= 16 && i + 17 <= MP_TILES)) {
        /* The usual few tiles: one 16-byte move within the row (the bytes
        ** past the count are never read), not a library call. */
        uint8_t moved[16];
        memcpy(moved, from + 1, sizeof moved);
        memcpy(from, moved, sizeof moved);
    } else {
        memmove(from, from + 1, (size_t)after);
    }
    g->hand[seat][g->nhand[seat]++] = (uint8_t)tile;
    PulEvent *e = event_push(ev, PUL_EV_TOOK, seat);
    if (e) e->tile = (uint8_t)tile;
}

static void apply_claim(MicropulGame *g, const PulAction *a, PulEvents *ev, Hooks *hk) {
    int seat = g->h.to_move;
    int j = board_tile_at(g, a->x, a->y);
    int root = g->root[j * 4 + a->quad];
    groups_claim(g, root, seat);
    if (hk && g->gopen[root] == 0) hook_score(hk, g, root, a->x, a->y, a->quad);
    g->stones[seat]--;
    g->stone_list[g->nstones_placed++] = (PulStone){a->x, a->y, a->quad, (int8_t)seat};
    PulEvent *e = event_push(ev, PUL_EV_CLAIMED, seat);
    if (e) {
        e->x = a->x;
        e->y = a->y;
        e->quad = a->quad;
    }
}

/* The action's changes, with the hooks' calls when hk is not NULL; kind is
** a->kind, a constant where the caller knows it (apply_plain_place); found,
** for a placement, what its test found, or NULL to work it out. */
static inline void apply_kind(MicropulGame *g, const PulAction *a, PulEvents *ev, Hooks *hk,
                              int kind, const PlaceFound *found) {
    int extra = 0;
    switch (kind) {
    case PUL_PLACE:
        apply_place(g, a, found, ev, &extra, hk);
        break;
    case PUL_TAKE:
        apply_take(g, a, ev);
        break;
    case PUL_CLAIM:
        apply_claim(g, a, ev, hk);
        break;
    default:
        event_push(ev, PUL_EV_PASSED, g->h.to_move);
        break;
    }
    g->h.turns++;
    if (hk) {
        if (!hk->failed && (hk->hooks & HOOK_AFTER_ACTION)) {
            /* Before the turn passes: its extra turns and draws count now. */
            hk->call.hook = HOOK_AFTER_ACTION;
            if (hk->tab->after_action(&hk->call, ev, &hk->err) != PUL_OK) hk->failed = true;
        }
        if (hk->failed) return;
        extra += hk->call.extra_turns;
    }
    const PulRules *rules = &g->rules;
    bool earned = extra > 0 && (g->h.nseats > 1 || rules->solo_extra_turn) &&
                  (!g->in_extra || rules->extra_turn_chains);
    turn_finish(g, earned, rules->extra_turn_per_catalyst ? extra : 1, ev);
    /* Only hooks can keep a game going this long (pul.h): the limit ends it
    ** here, in the one apply, so no driver can loop for ever. */
    if (PUL_UNLIKELY(g->h.turns >= PUL_ACTION_LIMIT) && !g->h.over)
        game_end(g, PUL_END_ACTION_LIMIT, -1, ev);
}

static void apply_core(MicropulGame *g, const PulAction *a, PulEvents *ev, Hooks *hk) {
    apply_kind(g, a, ev, hk, a->kind, NULL);
}

/* The hooks that run at the end of an action or of a game: is_over, then
** final_scores when the game has just ended. */
PulStatus apply_end_hooks(MicropulGame *g, HookCall *call, bool was_over, PulError *err) {
    const MicropulHooks *tab = hooked_table(g);
    unsigned hooks = tab->defined;
    if (!g->h.over && (hooks & HOOK_IS_OVER)) {
        bool over = false;
        call->hook = HOOK_IS_OVER;
        if (tab->is_over(call, &over, err) != PUL_OK) return PUL_ERR_SCRIPT;
        if (over) game_end(g, PUL_END_SCRIPT, -1, call->ev);
    }
    if (g->h.over && !was_over && (hooks & HOOK_FINAL_SCORES)) {
        int before[PUL_MAX_SEATS], after[PUL_MAX_SEATS];
        unsigned winners = 0;
        score_totals(&g->h, before);
        memcpy(after, before, sizeof after);
        call->hook = HOOK_FINAL_SCORES;
        if (tab->final_scores(call, after, &winners, err) != PUL_OK) return PUL_ERR_SCRIPT;
        for (int s = 0; s < g->h.nseats; s++) g->h.final_adjust[s] += after[s] - before[s];
        g->h.script_winners = (uint8_t)(winners & ((1u << g->h.nseats) - 1));
    }
    return PUL_OK;
}

/* Whether placement a fires a catalyst that on_activate hears of, worked
** out before the tile is down (what activate finds after): a catalyst fires
** where a micropul faces it (apply_fired), so the tile's heard slots against
** the micropul its cell is shown, then each neighbour showing a catalyst to
** the tile's micropul, its heard slots against those it shows. front: the
** cell's frontier entry; a side showing a catalyst holds a tile. */
static inline bool fires_heard(const MicropulGame *g, const PulAction *a, const MicropulHooks *tab,
                               int front) {
    const Front *seen = &g->front[front];
    if (tab->heard[a->tile][a->rot] & seen->mic8) return true;
    Facing f = facing_catalysts(seen, &MV(g)->rot[a->tile][a->rot]);
    for (unsigned sides = f.sides; sides; sides &= sides - 1) {
        int s = lowest_set(sides) >> 1;
        const Placed *q = &g->placed[g->grid[board_slot(g, a->x + side_dx[s], a->y + side_dy[s])] - 1];
        if (tab->heard[q->tile][q->rot] & facing_slots(f, s)) return true;
    }
    return false;
}

/* Whether a hook other than setup can run during action a: only then is the
** state saved first. on_activate runs only when the placement fires a
** catalyst, score_group only when a placement or claim can close a group;
** the other hooks run at every action. front: for a placement, the
** frontier entry its test found, or -1. */
static inline bool hooks_may_run(const MicropulGame *g, const PulAction *a,
                                 const MicropulHooks *tab, int kind, int front) {
    unsigned hooks = tab->defined;
    if (hooks & (HOOK_AFTER_ACTION | HOOK_IS_OVER | HOOK_FINAL_SCORES)) return true;
    if (kind != PUL_PLACE) return kind == PUL_CLAIM && (hooks & HOOK_SCORE_GROUP);
    if (hooks & HOOK_SCORE_GROUP) return true;
    if (!tab->activate_features) return false;
    /* The action is legal: its cell is a frontier cell, so its slot says
    ** which (as in apply_place), unless its test has found it. */
    if (front < 0) front = (int)g->grid[board_slot(g, a->x, a->y)] - FRONT_BASE;
    return fires_heard(g, a, tab, front);
}

/* apply_core with hooks and no events (only on_activate's, which do
** without), compiled on its own like apply_plain: the event tests fold away. */
#if defined(__GNUC__)
__attribute__((flatten))
#endif
static void apply_quiet(MicropulGame *g, const PulAction *a, Hooks *hk) {
    apply_core(g, a, NULL, hk);
}

/* An action during which hooks run, with the game saved first by the
** guard (family_guard): on a failing hook it puts the game back. */
static PulReason apply_hooked(PulGame *pg, const PulAction *a, PulEvents *ev) {
    MicropulGame *g = MG(pg);
    const MicropulHooks *tab = hooked_table(g);
    /* score_group and after_action work from the events, so they are kept
    ** for them even when the caller does not ask; on_activate does without. */
    PulEvents own;
    if (!ev && (tab->defined & (HOOK_SCORE_GROUP | HOOK_AFTER_ACTION))) ev = &own;
    if (ev) ev->n = 0;
    /* hk.err is filled only by a hook that fails (not cleared: it is large). */
    Hooks hk;
    hk.tab = tab;
    hk.hooks = tab->defined;
    hk.activate = tab->activate_features;
    hk.call = (HookCall){pg, ev, 0, g->h.to_move, 0};
    hk.failed = false;
    if (ev)
        apply_core(g, a, ev, &hk);
    else
        apply_quiet(g, a, &hk);
    if (!hk.failed && apply_end_hooks(g, &hk.call, false, &hk.err) != PUL_OK) hk.failed = true;
    return hk.failed ? PUL_R_SCRIPT_ERROR : PUL_LEGAL;
}

/* apply_core with neither events nor hooks, compiled on its own so that
** every test of them folds away: the playout path. */
#if defined(__GNUC__)
__attribute__((flatten))
#endif
static void apply_plain(MicropulGame *g, const PulAction *a) {
    apply_core(g, a, NULL, NULL);
}

/* apply_plain for a placement, known to be one: the checked apply has
** already asked the action's kind, and a second multiway switch on it was
** a second coin toss to the branch predictor. */
#if defined(__GNUC__)
__attribute__((flatten))
#endif
static void apply_plain_place(MicropulGame *g, const PulAction *a, const PlaceFound *found) {
    apply_kind(g, a, NULL, NULL, PUL_PLACE, found);
}

/* apply_plain for a take, known to be one (apply_plain_place). */
#if defined(__GNUC__)
__attribute__((flatten))
#endif
static void apply_plain_take(MicropulGame *g, const PulAction *a) {
    apply_kind(g, a, NULL, NULL, PUL_TAKE, NULL);
}

/* An action no hook runs during: the playout path when no events are asked
** for, else the events' path. */
static PulReason apply_unhooked(MicropulGame *g, const PulAction *a, PulEvents *ev) {
    if (!ev) {
        apply_plain(g, a);
        return PUL_LEGAL;
    }
    ev->n = 0;
    apply_core(g, a, ev, NULL);
    return PUL_LEGAL;
}

/* An action of an edition with hooks besides setup: saved first and run
** with them when one may run during it, else applied as in an edition
** without hooks (the playout path when no events are asked for), so that a
** hooked game pays only for the calls it makes. */
HOOKS_OUT_OF_LINE static PulReason apply_with_hooks(PulGame *pg, const PulAction *a,
                                                    PulEvents *ev) {
    MicropulGame *g = MG(pg);
    if (hooks_may_run(g, a, hooked_table(g), a->kind, -1))
        return family_guard(pg, a, ev, apply_hooked);
    return apply_unhooked(g, a, ev);
}

/* Whether a hook may run during checked placement a of an edition with
** hooks (hooks_may_run), out of line: the plain edition's checked apply
** has only hooks_during_actions to ask. front: the frontier entry its test
** found, by value, so that what the test found stays in registers. */
HOOKS_OUT_OF_LINE static bool place_may_hook(const MicropulGame *g, const PulAction *a, int front) {
    return hooks_may_run(g, a, hooked_table(g), PUL_PLACE, front);
}

/* Whether the edition has hooks that may run during an action (setup runs
** only at the start). */
static inline bool hooks_during_actions(const MicropulGame *g) {
    const MicropulHooks *tab = hooked_table(g);
    return PUL_UNLIKELY(tab != NULL) && (tab->defined & ~HOOK_SETUP);
}

PulReason apply_trusted(PulGame *pg, const PulAction *a) {
    MicropulGame *g = MG(pg);
    if (hooks_during_actions(g)) return apply_with_hooks(pg, a, NULL);
    apply_plain(g, a);
    return PUL_LEGAL;
}

PulReason apply_action(PulGame *pg, const PulAction *a, PulEvents *ev) {
    MicropulGame *g = MG(pg);
    PlaceFound found;
    if (a->kind == PUL_PLACE) {
        /* The placement checked and applied without asking its kind again,
        ** nor looking up again what its test found. */
        PulReason r = check_kind(g, a, PUL_PLACE, &found);
        if (r != PUL_LEGAL) return r;
        /* An edition with hooks saves the game and runs them when one may
        ** run during the placement; else the placement goes the plain
        ** edition's way, inlined here with what its test found, as every
        ** placement of an edition without hooks does: a copy of its own,
        ** called apart from the test and working its findings out again,
        ** cost micropul-solo-peek some 3% of its time (its four placements
        ** in five that run no hook). The same for a take. */
        if (hooks_during_actions(g) && place_may_hook(g, a, found.front))
            return family_guard(pg, a, ev, apply_hooked);
        if (ev) return apply_unhooked(g, a, ev);
        apply_plain_place(g, a, &found);
        return PUL_LEGAL;
    }
    if (a->kind == PUL_TAKE) {
        /* The same for a take, the next most usual action. */
        PulReason r = check_kind(g, a, PUL_TAKE, &found);
        if (r != PUL_LEGAL) return r;
        if (hooks_during_actions(g) && hooks_may_run(g, a, hooked_table(g), PUL_TAKE, -1))
            return family_guard(pg, a, ev, apply_hooked);
        if (ev) return apply_unhooked(g, a, ev);
        apply_plain_take(g, a);
        return PUL_LEGAL;
    }
    PulReason r = check_kind(g, a, a->kind, &found);
    if (r != PUL_LEGAL) return r;
    if (hooks_during_actions(g)) return apply_with_hooks(pg, a, ev);
    return apply_unhooked(g, a, ev);
}

void apply_events_action(const PulEvents *ev, PulAction *out) {
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

