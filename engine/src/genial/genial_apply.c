/*
** genial_apply.c: Genial's check (PMN.md's order of refusals) and apply: a
** placement scored and its tracks advanced with their segment ends, bonus
** placements owed and lost, the ends (sudden death, then a full board), a
** refill or swap drawn as named or at random, the next seat's turn; and the
** action read back from the events (i13-plan.md 1.2, 3.6).
*/
#include <string.h>

#include "genial_hooks.h"
#include "genial_state.h"
#include "rng.h"

/* ------------------------------------------------------------- hooks */

/* The hook calls of one action, and whether one has failed. */
typedef struct {
    const GenialHooks *tab;
    HookCall call;
    PulError err;
    bool failed;
} Hooks;

/* The variant's hooks table, or NULL when it has no scripts. */
static const GenialHooks *hooks_table(const GenialGame *g) {
    return (const GenialHooks *)GV(g)->h.hooks;
}

/* score_placement on both halves, in written order, before a track moves:
** pts become what the hook left (clamped to 0..GENIAL_HOOK_POINTS_MAX). */
static void hook_halves(Hooks *hk, const GenialGame *g, int seat, const int cell[2],
                        const int sym[2], int pts[2]) {
    if (hk->failed || !hk->tab->score_placement) return;
    for (int h = 0; h < 2; h++) {
        GenialHalf half = {seat, h, sym[h], GV(g)->cell_q[cell[h]], GV(g)->cell_r[cell[h]],
                           pts[h]};
        hk->call.hook = HOOK_SCORE_PLACEMENT;
        if (hk->tab->score_placement(&hk->call, &half, &hk->err) != PUL_OK) {
            hk->failed = true;
            return;
        }
        pts[h] = half.points < 0 ? 0
                 : half.points > GENIAL_HOOK_POINTS_MAX ? GENIAL_HOOK_POINTS_MAX
                                                        : half.points;
    }
}

/* on_bonus for one half whose track reached got segment ends: the bonus
** placements it gives (the rules': got when bonuses are on, else 0). */
static int hook_bonus(Hooks *hk, const GenialGame *g, int seat, int sym, int got) {
    int given = g->rules.bonus ? got : 0;
    if (!hk || hk->failed || !hk->tab->on_bonus || got == 0) return given;
    GenialBonus b = {seat, sym, given};
    hk->call.hook = HOOK_ON_BONUS;
    if (hk->tab->on_bonus(&hk->call, &b, &hk->err) != PUL_OK) {
        hk->failed = true;
        return given;
    }
    return b.count < 0 ? 0 : b.count > GENIAL_HOOK_BONUS_MAX ? GENIAL_HOOK_BONUS_MAX : b.count;
}

#if GENIAL_RACK_WORD
/* The rack word's bytes equal to kind k, each as its high bit; the lowest
** is exact (a false one lies above a true one), the slots past the tiles
** included. */
static inline uint64_t rack_matches(const GenialGame *g, int seat, int k) {
    const uint64_t L = UINT64_C(0x0101010101010101), H = UINT64_C(0x8080808080808080);
    uint64_t x;
    memcpy(&x, g->rack[seat], 8);
    x ^= (uint64_t)k * L;
    return (x - L) & ~x & H;
}
#endif

/* The first index of kind k on seat's rack, or -1. On a little-endian
** machine by the rack word, among the tiles: not a walk whose end the
** predictor missed about once a check. */
static int rack_find(const GenialGame *g, int seat, int k) {
#if GENIAL_RACK_WORD
    uint64_t m = rack_matches(g, seat, k) & genial_rack_below[g->nrack[seat]];
    return m ? lowest_set64(m) >> 3 : -1;
#else
    for (int i = 0; i < g->nrack[seat]; i++)
        if (g->rack[seat][i] == k) return i;
    return -1;
#endif
}

/* The first index of kind k, which seat's rack holds (a legal placement's):
** no test of the tiles' count, as one of them is k. */
static inline int rack_index(const GenialGame *g, int seat, int k) {
#if GENIAL_RACK_WORD
    return lowest_set64(rack_matches(g, seat, k)) >> 3;
#else
    return rack_find(g, seat, k);
#endif
}

/* The two cells of a placement: a on (x, y), b its neighbour in direction
** rot; GENIAL_NONE when either is not in the play area. */
static void place_cells(const GenialGame *g, const PulAction *a, int *ca, int *cb) {
    *ca = genial_cell_at(GV(g), a->x, a->y);
    *cb = *ca == GENIAL_NONE ? GENIAL_NONE : genial_area(g)->nb[*ca][a->rot];
}

static PulReason check_place(const GenialGame *g, const PulAction *a) {
    const GenialVariant *v = GV(g);
    /* One test of the fields' ranges, then one of the flip: as a chain of
    ** conditions the flip's test was a coin toss to the predictor. */
    if ((a->rot > 5) | (a->quad > 1) | (a->tile >= v->nkinds)) return PUL_R_BAD_ACTION;
    if (a->quad & (v->kind_sym[a->tile][0] == v->kind_sym[a->tile][1])) return PUL_R_BAD_ACTION;
    if (g->phase == GENIAL_END) return PUL_R_REFILL_DUE;
    int seat = g->h.to_move;
    if (rack_find(g, seat, a->tile) < 0) return PUL_R_NOT_IN_RACK;
    int ca, cb;
    place_cells(g, a, &ca, &cb);
    /* nb is GENIAL_NONE from a cell outside the area too */
    if (cb == GENIAL_NONE) return PUL_R_OFF_BOARD;
    if (g->cell[ca] || g->cell[cb]) return PUL_R_OCCUPIED;
    unsigned need = genial_first_need(g);
    const GenialArea *ar = genial_area(g);
    if (need && !((ar->touch[ca] | ar->touch[cb]) & need)) return PUL_R_FIRST_ROUND;
    return PUL_LEGAL;
}

/* The kinds a refill or swap names are in the bag, as many as it draws. */
static PulReason check_draws(const GenialGame *g, const PulAction *a, int want) {
    if (a->tile == PUL_NO_TILE) return PUL_LEGAL; /* drawn at random when applied */
    uint8_t kinds[PUL_DRAWS_MAX];
    int n = pul_action_draws(a, kinds, PUL_DRAWS_MAX);
    if (n != want || n > PUL_DRAWS_MAX) return PUL_R_BAD_DRAW;
    uint8_t used[GENIAL_MAX_KINDS] = {0};
    for (int i = 0; i < n; i++) {
        int k = kinds[i];
        if (k >= GV(g)->nkinds || used[k] >= g->bag[k]) return PUL_R_BAD_DRAW;
        used[k]++;
    }
    return PUL_LEGAL;
}

PulReason genial_check(const PulGame *pg, const PulAction *a) {
    const GenialGame *g = GGC(pg);
    if (!g->h.started) return PUL_R_BAD_ACTION;
    if (g->h.over) return PUL_R_GAME_OVER;
    switch (a->kind) {
    case PUL_PLACE:
        return check_place(g, a);
    case PUL_REFILL:
        if (g->phase != GENIAL_END) return PUL_R_PLACEMENT_DUE;
        return check_draws(g, a, genial_refill_count(g));
    case PUL_SWAP:
        if (g->phase != GENIAL_END) return PUL_R_PLACEMENT_DUE;
        if (!genial_swap_allowed(g)) return PUL_R_NO_SWAP;
        return check_draws(g, a, g->rules.rack_size);
    default:
        return PUL_R_BAD_ACTION;
    }
}

/* ------------------------------------------------------------ placing */

static void scored_event(PulEvents *ev, int seat, const GenialGame *g, int c, int sym, int half,
                         int pts, int track, int reached) {
    PulEvent *e = genial_event(ev, PUL_EV_SCORED, seat);
    if (!e) return;
    e->x = GV(g)->cell_q[c];
    e->y = GV(g)->cell_r[c];
    e->feature = (uint8_t)sym;
    e->quad = (uint8_t)half;
    e->count = pts;
    e->value = track;
    e->tile = (uint8_t)reached;
}

/* The two halves on team track t, in the order that leaves the track higher
** when both show one symbol (written order on a tie); returns the bonus
** placements earned (the segment ends reached when bonuses are on, or what
** on_bonus gave). cell/sym/pts are in written order. */
static int score_halves(GenialGame *g, int seat, int t, const int cell[2], const int sym[2],
                        const int pts[2], PulEvents *ev, Hooks *hk) {
    const GenialRules *r = &g->rules;
    int16_t *tr = g->track[t];
    int first = 0;
    /* the order matters only for one symbol scoring unequal points twice */
    if ((sym[0] == sym[1]) & (pts[0] != pts[1])) { /* one branch, rarely taken */
        int x0, x1, y0, y1;
        int a = genial_advance(r, genial_advance(r, tr[sym[0]], pts[0], &x0), pts[1], &x1);
        int b = genial_advance(r, genial_advance(r, tr[sym[0]], pts[1], &y0), pts[0], &y1);
        first = b > a ? 1 : 0;
    }
    if (!hk && !ev) {
        /* the playout path: a half of no points changes nothing. A loop of
        ** its own: one loop testing hk and ev per half cost 1.4k a 2-player
        ** random game (41.7k -> 43.1k). */
        int earned = 0;
        for (int i = 0; i < 2; i++) {
            int h = i ^ first, got;
            if (pts[h] <= 0) continue;
            tr[sym[h]] = (int16_t)genial_advance(r, tr[sym[h]], pts[h], &got);
            earned += got;
        }
        return r->bonus ? earned : 0;
    }
    int earned = 0;
    for (int i = 0; i < 2; i++) {
        int h = i ^ first, got;
        tr[sym[h]] = (int16_t)genial_advance(r, tr[sym[h]], pts[h], &got);
        earned += hk ? hook_bonus(hk, g, seat, sym[h], got) : r->bonus ? got : 0;
        scored_event(ev, seat, g, cell[h], sym[h], h, pts[h], tr[sym[h]], got);
    }
    return earned;
}

/* Whether every track of team t is at its end. */
static bool all_at_end(const GenialGame *g, int t) {
    int end = genial_track_end(&g->rules);
    for (int s = 0; s < GV(g)->nsym; s++)
        if (g->track[t][s] < end) return false;
    return true;
}

static void apply_place(GenialGame *g, const PulAction *a, PulEvents *ev, Hooks *hk) {
    const GenialVariant *v = GV(g);
    const GenialArea *ar = genial_area(g);
    int seat = g->h.to_move, k = a->tile;
    int cell[2], sym[2] = {v->kind_sym[k][a->quad], v->kind_sym[k][a->quad ^ 1]}, pts[2];
    /* a legal placement's cells: in the box and the area, no bound to test */
    cell[0] = v->cell_at[(a->x - v->qmin) + (a->y - v->rmin) * GENIAL_BOX];
    cell[1] = ar->nb[cell[0]][a->rot];
    PulEvent *e = genial_event(ev, PUL_EV_PLACED, seat);
    if (e) {
        e->tile = (uint8_t)k;
        e->rot = a->rot;
        e->quad = a->quad;
        e->x = a->x;
        e->y = a->y;
    }
    bool bonus_turn = g->phase == GENIAL_BONUS;
    if (!bonus_turn && !(g->placed_once >> seat & 1)) {
        /* the seat's first placement: the printed cells it touches are used */
        g->first_used |= (uint16_t)(ar->touch[cell[0]] | ar->touch[cell[1]]);
        g->placed_once |= (uint8_t)(1u << seat);
    }
    genial_rack_take(g, seat, rack_index(g, seat, k));
    genial_points(g, cell[0], sym[0], cell[1], sym[1], a->rot, pts);
    g->cell[cell[0]] = (uint8_t)(sym[0] + 1);
    g->cell[cell[1]] = (uint8_t)(sym[1] + 1);
    genial_take_cell(g, ar, cell[0]);
    genial_take_cell(g, ar, cell[1]);
    /* Kept as pul writes the move (from the cell whose direction to the
    ** other is e, se or sw): either spelling of a placement, the same game. */
    int from = a->rot >= 3, flip = from && v->kind_sym[k][0] != v->kind_sym[k][1];
    g->placed[g->nplaced++] =
        (GenialPlaced){(uint8_t)k, (uint8_t)cell[from], (uint8_t)cell[!from], (uint8_t)(a->quad ^ flip)};
    g->mover = (uint8_t)seat;
    int t = genial_track_of(g, seat);
    if (hk) {
        hook_halves(hk, g, seat, cell, sym, pts);
        if (hk->failed) return;
    }
    int earned = score_halves(g, seat, t, cell, sym, pts, ev, hk);
    if (hk && hk->failed) return;
    int owed = (bonus_turn ? g->bonus_owed - 1 : 0) + earned;
    g->bonus_owed = (uint8_t)owed;
    if (g->rules.sudden_death && all_at_end(g, t)) {
        genial_end(g, PUL_END_SUDDEN_DEATH, ev);
        return;
    }
    if (g->nempty == 0) {
        genial_end(g, PUL_END_BOARD_FULL, ev);
        return;
    }
    if (owed > 0 && g->nrack[seat] > 0) {
        g->phase = GENIAL_BONUS;
        e = genial_event(ev, PUL_EV_BONUS, seat);
        if (e) e->count = owed;
        return;
    }
    if (owed > 0) {
        /* an empty rack: the bonus placements still owed are lost */
        e = genial_event(ev, PUL_EV_BONUS_LOST, seat);
        if (e) e->count = owed;
    }
    g->bonus_owed = 0;
    g->phase = GENIAL_END;
}

/* ------------------------------------------------- refilling, swapping */

/* Draw n tiles onto seat's rack, the named kinds or at random; a named draw
** takes a number from the generator too, so that a replay of the record
** leaves the generator as the random game did. */
static void draw_tiles(GenialGame *g, int seat, const PulAction *a, int n, PulEvents *ev) {
    uint8_t named[PUL_DRAWS_MAX];
    bool random = a->tile == PUL_NO_TILE;
    if (!random) pul_action_draws(a, named, PUL_DRAWS_MAX);
    for (int i = 0; i < n; i++) {
        int k;
        if (random) {
            k = genial_bag_draw(g, &g->h.rng);
        } else {
            (void)rng_below(&g->h.rng, g->bag_n);
            k = named[i];
            g->bag[k]--;
            g->bag_n--;
        }
        genial_rack_put(g, seat, k);
        PulEvent *e = genial_event(ev, PUL_EV_DREW, seat);
        if (e) {
            e->tile = (uint8_t)k;
            e->count = 1;
        }
    }
}

static void apply_refill(GenialGame *g, const PulAction *a, PulEvents *ev) {
    int seat = g->h.to_move, n = genial_refill_count(g);
    PulEvent *e = genial_event(ev, PUL_EV_REFILLED, seat);
    if (e) e->count = n;
    draw_tiles(g, seat, a, n, ev);
}

static void apply_swap(GenialGame *g, const PulAction *a, PulEvents *ev) {
    int seat = g->h.to_move, n = g->rules.rack_size;
    uint8_t old[GENIAL_RACK_MAX];
    int nold = g->nrack[seat];
    memcpy(old, g->rack[seat], (size_t)nold);
    memset(g->rack[seat], 0, sizeof g->rack[seat]);
    g->nrack[seat] = 0;
    PulEvent *e = genial_event(ev, PUL_EV_SWAPPED, seat);
    if (e) e->count = n;
    draw_tiles(g, seat, a, n, ev);
    /* the old rack goes back only after the draw */
    for (int i = 0; i < nold; i++) {
        g->bag[old[i]]++;
        g->bag_n++;
        e = genial_event(ev, PUL_EV_RETURNED, seat);
        if (e) e->tile = old[i];
    }
}

/* The action's changes; hk is the hooks' state of a hooked apply, NULL on
** the fast path. */
static void apply_core(GenialGame *g, const PulAction *a, PulEvents *ev, Hooks *hk) {
    if (a->kind == PUL_PLACE) {
        apply_place(g, a, ev, hk);
        if (hk && hk->failed) return;
    } else {
        if (a->kind == PUL_SWAP) apply_swap(g, a, ev);
        else apply_refill(g, a, ev);
        g->h.to_move = (uint8_t)((g->h.to_move + 1) % g->h.nseats);
        genial_turn_begin(g, ev);
    }
    g->h.turns++;
    if (hk && hk->tab->after_action) {
        /* The action done, the next turn begun: the hook sees the game as
        ** the next seat will. */
        hk->call.hook = HOOK_AFTER_ACTION;
        if (hk->tab->after_action(&hk->call, ev, &hk->err) != PUL_OK) {
            hk->failed = true;
            return;
        }
    }
    /* Every turn places a tile, so the rules end a game long before this;
    ** the limit stays for hooks (pul.h), as in every family. */
    if (PUL_UNLIKELY(g->h.turns >= PUL_ACTION_LIMIT) && !g->h.over)
        genial_end(g, PUL_END_ACTION_LIMIT, ev);
}

PulStatus genial_end_hooks(GenialGame *g, HookCall *call, bool was_over, PulError *err) {
    const GenialHooks *tab = hooks_table(g);
    if (!g->h.over && tab->is_over) {
        bool over = false;
        call->hook = HOOK_IS_OVER;
        if (tab->is_over(call, &over, err) != PUL_OK) return PUL_ERR_SCRIPT;
        if (over) genial_end(g, PUL_END_SCRIPT, call->ev);
    }
    if (g->h.over && !was_over && tab->final_scores) {
        int before[PUL_MAX_SEATS], after[PUL_MAX_SEATS];
        unsigned winners = 0;
        genial_scores(&g->h, before);
        memcpy(after, before, sizeof after);
        call->hook = HOOK_FINAL_SCORES;
        if (tab->final_scores(call, after, &winners, err) != PUL_OK) return PUL_ERR_SCRIPT;
        for (int s = 0; s < g->h.nseats; s++) g->h.final_adjust[s] += after[s] - before[s];
        g->h.script_winners = (uint8_t)(winners & ((1u << g->h.nseats) - 1));
    }
    return PUL_OK;
}

/* An action during which hooks run, the game saved first by the guard
** (family_guard), which puts it back when a hook fails. */
static PulReason apply_hooked(PulGame *pg, const PulAction *a, PulEvents *ev) {
    GenialGame *g = GG(pg);
    /* The hooks work from the events, so they are kept even when the caller does not ask. */
    PulEvents own;
    if (!ev) ev = &own;
    ev->n = 0;
    bool was_over = g->h.over;
    Hooks hk = {hooks_table(g), {pg, ev, 0, g->h.to_move, 0}, {0}, false};
    apply_core(g, a, ev, &hk);
    /* is_over, then final_scores when the game has ended in this action. */
    if (!hk.failed && genial_end_hooks(g, &hk.call, was_over, &hk.err) != PUL_OK) hk.failed = true;
    return hk.failed ? PUL_R_SCRIPT_ERROR : PUL_LEGAL;
}

/* Apply a known to be legal (checked by genial_apply, generated for
** apply_trusted). */
static PulReason genial_apply_unchecked(PulGame *pg, const PulAction *a, PulEvents *ev) {
    GenialGame *g = GG(pg);
    const GenialHooks *tab = hooks_table(g);
    /* Only a placement runs score_placement and on_bonus; every action runs
    ** the others. A variant without scripts never leaves the fast path. */
    if (PUL_UNLIKELY(tab != NULL) &&
        ((tab->defined & (HOOK_AFTER_ACTION | HOOK_IS_OVER | HOOK_FINAL_SCORES)) ||
         (a->kind == PUL_PLACE && (tab->defined & (HOOK_SCORE_PLACEMENT | HOOK_ON_BONUS)))))
        return family_guard(pg, a, ev, apply_hooked);
    if (ev) ev->n = 0;
    apply_core(g, a, ev, NULL);
    return PUL_LEGAL;
}

PulReason genial_apply(PulGame *pg, const PulAction *a, PulEvents *ev) {
    PulReason r = genial_check(pg, a);
    if (r != PUL_LEGAL) return r;
    return genial_apply_unchecked(pg, a, ev);
}

PulReason genial_apply_trusted(PulGame *pg, const PulAction *a) {
    return genial_apply_unchecked(pg, a, NULL);
}

void genial_events_action(const PulEvents *ev, PulAction *out) {
    *out = (PulAction){PUL_PASS, PUL_NO_TILE, 0, 0, 0, 0};
    uint8_t kinds[PUL_DRAWS_MAX];
    int n = 0;
    for (int i = 0; i < ev->n; i++) {
        const PulEvent *e = &ev->ev[i];
        switch (e->kind) {
        case PUL_EV_PLACED:
            *out = (PulAction){PUL_PLACE, e->tile, e->rot, e->quad, e->x, e->y};
            return;
        case PUL_EV_REFILLED:
            out->kind = PUL_REFILL;
            break;
        case PUL_EV_SWAPPED:
            out->kind = PUL_SWAP;
            break;
        case PUL_EV_DREW:
            if (n < PUL_DRAWS_MAX) kinds[n++] = e->tile;
            break;
        default:
            break;
        }
    }
    if (out->kind == PUL_REFILL || out->kind == PUL_SWAP) pul_action_set_draws(out, kinds, n);
}
