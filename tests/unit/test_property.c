/*
** test_property.c: thousands of random games checked after every action
** against a reference model written from RULES.md, plus record round trips.
**
** The model in this file re-derives, from the public tile data and board
** alone, what each action must do: placement legality and the reason of a
** refusal (PMN.md's order), catalysts fired, tiles drawn, groups (size,
** points, closure, stones, owners), merges and closures, scores, the next
** seat, extra turns, skips and the end of the game. The engine is compared
** with it after every action. PUL_PROPERTY_GAMES=n sets the number of
** two-player games (the other counts scale with it).
*/
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "game.h" /* only for offsetof(PulGame, rng): see round_trip() */
#include "game_util.h"
#include "ref_model.h"

/* --------------------------------------------------------- failures */

static int fail_prints;
static long checks_done;
static char where[160];

#define PCHECK(cond, ...)                                                        \
    do {                                                                         \
        checks_done++;                                                           \
        if (!(cond)) {                                                           \
            check_failures++;                                                    \
            if (fail_prints++ < 40) {                                            \
                fprintf(stderr, "%s:%d: %s: check failed: %s: ", __FILE__, __LINE__, \
                        where, #cond);                                           \
                fprintf(stderr, __VA_ARGS__);                                    \
                fputc('\n', stderr);                                             \
            }                                                                    \
        }                                                                        \
    } while (0)

static double square_root(double v) {
    double r = v > 1 ? v : 1;
    for (int i = 0; i < 60; i++) r = 0.5 * (r + v / r);
    return r;
}

/* ------------------------------------------------------ placement keys */

/* A small hash set of (tile, layout, cell) keys, emptied by a generation
** bump instead of clearing. */
enum { HCAP = 1 << 15 };
typedef struct {
    uint32_t key[HCAP], gen[HCAP], cur;
} KeySet;

static uint32_t place_key(const PulTileSet *ts, int t, int r, int x, int y) {
    return ((uint32_t)t << 24) | ((uint32_t)canonical_rot(ts, t, r) << 16) |
           ((uint32_t)(x + 128) & 0xFF) << 8 | ((uint32_t)(y + 128) & 0xFF);
}

/* Inserts; false if the key was there already. */
static bool keys_add(KeySet *k, uint32_t key) {
    uint32_t h = (key * 2654435761u) & (HCAP - 1);
    while (k->gen[h] == k->cur) {
        if (k->key[h] == key) return false;
        h = (h + 1) & (HCAP - 1);
    }
    k->gen[h] = k->cur;
    k->key[h] = key;
    return true;
}

static bool keys_has(const KeySet *k, uint32_t key) {
    uint32_t h = (key * 2654435761u) & (HCAP - 1);
    while (k->gen[h] == k->cur) {
        if (k->key[h] == key) return true;
        h = (h + 1) & (HCAP - 1);
    }
    return false;
}

/* ------------------------------------------------------ one game */

typedef struct {
    const PulVariant *v;
    const PulTileSet *ts;
    const PulRules *rules;
    PulRng rng;          /* the test's own choices */
    KeySet *keys;
    Ref *prev, *cur;
    PulGame *g, *copy, *replay;
    PulAction *acts, *places;
    PulAction *moves;    /* the game's actions as done */
    /* statistics */
    long games, actions, samples, brute_cells, refusals_checked, closed_events, merged_events,
        draws, extra_turns, skips, random_takes, named_takes, fallback_positions, round_trips,
        rng_only_diffs;
    long ends[4];
} Ctx;

/* Every tile exactly once across board, hands, supplies and the core. */
static void check_accounting(Ctx *c) {
    const PulGame *g = c->g;
    int seen[PUL_MAX_TILES] = {0};
    PulPlaced pl[PUL_MAX_TILES];
    int n = pul_game_placed(g, pl, PUL_MAX_TILES);
    for (int i = 0; i < n; i++) seen[pl[i].tile]++;
    uint8_t buf[PUL_MAX_TILES];
    for (int s = 0; s < pul_game_seats(g); s++) {
        int k = pul_game_hand(g, s, buf, PUL_MAX_TILES);
        PCHECK(k <= c->rules->hand_limit, "hand of %d", k);
        for (int i = 0; i < k; i++) {
            PCHECK(buf[i] < c->ts->ntiles, "hand holds tile %d", buf[i]);
            if (buf[i] < c->ts->ntiles) seen[buf[i]]++;
        }
        k = pul_game_supply(g, s, buf, (int)(sizeof buf / sizeof buf[0]));
        for (int i = 0; i < k; i++) {
            PCHECK(buf[i] < c->ts->ntiles, "supply holds tile %d", buf[i]);
            if (buf[i] < c->ts->ntiles) seen[buf[i]]++;
        }
    }
    int nc = pul_game_core_initial(g, buf, (int)(sizeof buf / sizeof buf[0]));
    PCHECK(nc == c->ts->ntiles - 1, "core_initial %d", nc);
    PCHECK(pul_game_core_count(g) == nc - pul_game_core_drawn(g), "core count %d", pul_game_core_count(g));
    for (int i = pul_game_core_drawn(g); i < nc; i++) seen[buf[i]]++;
    for (int t = 0; t < c->ts->ntiles; t++) PCHECK(seen[t] == 1, "tile %d seen %d times", t, seen[t]);
}

/* The engine's groups and scores against the reference. */
static void check_groups(Ctx *c) {
    const Ref *b = c->cur;
    const PulGame *g = c->g;
    PCHECK(b->bad_stones == 0, "%d stones on no micropul", b->bad_stones);
    PCHECK(b->map_clashes == 0, "placed tiles share a cell modulo 128");
    for (int nd = 0; nd < b->n * 4; nd++) {
        int i = nd / 4, q = nd % 4;
        PulGroupInfo gi;
        bool has = pul_game_group(g, b->x[i], b->y[i], q, &gi);
        PCHECK(has == (b->root[nd] >= 0), "group at %d,%d q%d", b->x[i], b->y[i], q);
        if (!has || b->root[nd] < 0) continue;
        int r = b->root[nd];
        PCHECK(gi.colour == b->q[i][q], "colour");
        PCHECK(gi.size == b->size[r], "size %d, reference %d at %d,%d q%d", gi.size, b->size[r], b->x[i], b->y[i], q);
        PCHECK(gi.points == b->points[r], "points %d, reference %d", gi.points, b->points[r]);
        PCHECK(gi.stones == b->stones[r], "stones %d, reference %d", gi.stones, b->stones[r]);
        PCHECK(gi.owners == b->owners[r], "owners %u, reference %u", gi.owners, b->owners[r]);
        PCHECK(gi.closed == b->closed[r], "closed %d, reference %d at %d,%d q%d", gi.closed, b->closed[r], b->x[i], b->y[i], q);
    }
    int n = pul_game_seats(g);
    int sc[PUL_MAX_SEATS], rc[PUL_MAX_SEATS], want[PUL_MAX_SEATS] = {0};
    pul_game_scores(g, sc, PUL_MAX_SEATS);
    pul_game_scores_recount(g, rc, PUL_MAX_SEATS);
    for (int nd = 0; nd < b->n * 4; nd++)
        if (b->root[nd] == nd && b->closed[nd]) {
            int who = scorer(b, nd);
            if (who >= 0) want[who] += b->points[nd];
        }
    for (int s = 0; s < n; s++) {
        want[s] += c->rules->points_hand * pul_game_hand(g, s, NULL, 0) +
                   c->rules->points_supply * pul_game_supply(g, s, NULL, 0);
        PCHECK(sc[s] == rc[s], "seat %d score %d, recount %d", s, sc[s], rc[s]);
        PCHECK(sc[s] == want[s], "seat %d score %d, reference %d", s, sc[s], want[s]);
    }
}

/* The legal list against the reference; fills c->keys with its placements.
** Returns the number of actions. */
static int check_legal(Ctx *c, bool brute) {
    const PulGame *g = c->g;
    const Ref *b = c->cur;
    int seat = pul_game_to_move(g);
    uint8_t hand[PUL_MAX_HAND], sup[PUL_MAX_TILES];
    int nh = pul_game_hand(g, seat, hand, PUL_MAX_HAND);
    int ns = pul_game_supply(g, seat, sup, PUL_MAX_TILES);
    int n = pul_legal_actions(g, c->acts, PUL_MAX_ACTIONS);
    PCHECK(n > 0 && n <= PUL_MAX_ACTIONS, "%d legal actions", n);
    if (n > PUL_MAX_ACTIONS) n = PUL_MAX_ACTIONS;
    int np = pul_legal_placements(g, c->places, PUL_MAX_ACTIONS);
    PCHECK(np == pul_legal_placements(g, NULL, 0), "placement count with and without a buffer");
    c->keys->cur++;
    int nplace = 0, ntake = 0, npass = 0, nclaim = 0;
    int claimed_roots[MAXN], ncr = 0;
    for (int i = 0; i < n; i++) {
        const PulAction *a = &c->acts[i];
        PCHECK(pul_check(g, a) == PUL_LEGAL, "listed action %d of kind %d refused: %s", i, a->kind,
               pul_reason_code(pul_check(g, a)));
        switch (a->kind) {
        case PUL_PLACE: {
            nplace++;
            PCHECK(ref_place(b, hand, nh, a->tile, a->rot, a->x, a->y) == PUL_LEGAL,
                   "listed %d@%d,%dr%d is illegal by the reference", a->tile, a->x, a->y, a->rot);
            PCHECK(a->rot == canonical_rot(c->ts, a->tile, a->rot), "rotation %d of tile %d is not the lowest of its layout", a->rot, a->tile);
            bool fresh = keys_add(c->keys, place_key(c->ts, a->tile, a->rot, a->x, a->y));
            PCHECK(fresh, "duplicate placement %d@%d,%dr%d", a->tile, a->x, a->y, a->rot);
            break;
        }
        case PUL_TAKE:
            ntake++;
            PCHECK(a->tile == PUL_NO_TILE, "listed take names tile %d", a->tile);
            break;
        case PUL_CLAIM: {
            nclaim++;
            int j = cell(b, a->x, a->y);
            int r = j >= 0 && a->quad < 4 ? b->root[j * 4 + a->quad] : -1;
            PCHECK(r >= 0 && b->stones[r] == 0, "listed claim on a claimed group or no micropul");
            for (int k = 0; k < ncr; k++) PCHECK(claimed_roots[k] != r, "two claims of one group");
            if (ncr < MAXN) claimed_roots[ncr++] = r;
            break;
        }
        case PUL_PASS:
            npass++;
            break;
        default:
            PCHECK(0, "listed action of kind %d", a->kind);
        }
    }
    PCHECK(nplace == np, "%d placements listed, pul_legal_placements says %d", nplace, np);
    /* pul_legal_placements gives the same set: as many, each listed above. */
    for (int i = 0; i < np && i < PUL_MAX_ACTIONS; i++) {
        const PulAction *p = &c->places[i];
        PCHECK(p->kind == PUL_PLACE && keys_has(c->keys, place_key(c->ts, p->tile, p->rot, p->x, p->y)) &&
                   p->rot == canonical_rot(c->ts, p->tile, p->rot),
               "pul_legal_placements gives %d@%d,%dr%d, which pul_legal_actions does not", p->tile,
               p->x, p->y, p->rot);
    }
    PCHECK(ntake == (ns > 0 && nh < c->rules->hand_limit), "take listed %d times", ntake);
    PCHECK(npass == pul_game_in_extra_turn(g), "pass listed %d times", npass);
    int want_claims = pul_game_stones(g, seat) > 0 ? b->unclaimed : 0;
    PCHECK(nclaim == want_claims, "%d claims listed, %d unclaimed groups", nclaim, want_claims);
    if (brute) {
        /* Every hand tile, rotation and cell near the board: the reference
        ** and pul_check agree, and the legal layouts are exactly those listed. */
        c->keys->cur++;
        int legal = 0;
        for (int h = 0; h < nh; h++)
            for (int r = 0; r < 4; r++)
                for (int y = b->miny - 2; y <= b->maxy + 2; y++)
                    for (int x = b->minx - 2; x <= b->maxx + 2; x++) {
                        PulAction a = A_PLACE(hand[h], x, y, r);
                        PulReason want = ref_place(b, hand, nh, hand[h], r, x, y);
                        PulReason got = pul_check(g, &a);
                        PCHECK(got == want, "%d@%d,%dr%d: %s, reference %s", hand[h], x, y, r,
                               pul_reason_code(got), pul_reason_code(want));
                        if (want == PUL_LEGAL && keys_add(c->keys, place_key(c->ts, hand[h], r, x, y))) legal++;
                        c->brute_cells++;
                    }
        PCHECK(legal == np, "%d legal layouts by brute force, %d listed", legal, np);
        /* Rebuild the listed set for the samples that follow. */
        c->keys->cur++;
        for (int i = 0; i < np; i++)
            keys_add(c->keys, place_key(c->ts, c->places[i].tile, c->places[i].rot, c->places[i].x, c->places[i].y));
    }
    return n;
}

/* A refused action leaves the game as it was, byte for byte. */
static void check_refusal_unchanged(Ctx *c, const PulAction *a, PulReason want) {
    pul_game_copy(c->copy, c->g);
    PulEvents ev;
    ev.n = -7;
    PulReason got = pul_apply(c->g, a, &ev);
    PCHECK(got == want, "apply said %s, check said %s", pul_reason_code(got), pul_reason_code(want));
    PCHECK(memcmp(c->copy, c->g, pul_game_size()) == 0, "refused action changed the game");
    if (memcmp(c->copy, c->g, pul_game_size()) != 0) pul_game_copy(c->g, c->copy);
    c->refusals_checked++;
}

/* Random actions of every kind, most of them illegal: pul_check must give
** the reference's reason. */
static void check_samples(Ctx *c, int count) {
    const PulGame *g = c->g;
    const Ref *b = c->cur;
    int seat = pul_game_to_move(g);
    uint8_t hand[PUL_MAX_HAND], sup[PUL_MAX_TILES];
    int nh = pul_game_hand(g, seat, hand, PUL_MAX_HAND);
    int ns = pul_game_supply(g, seat, sup, PUL_MAX_TILES);
    for (int i = 0; i < count; i++) {
        uint32_t kind = pul_rng_below(&c->rng, 10);
        PulAction a;
        PulReason want;
        if (kind < 7) {
            int t = nh && pul_rng_below(&c->rng, 5) ? hand[pul_rng_below(&c->rng, (uint32_t)nh)]
                                                    : (int)pul_rng_below(&c->rng, (uint32_t)c->ts->ntiles + 2);
            int r = (int)pul_rng_below(&c->rng, 4), x, y;
            uint32_t where_kind = pul_rng_below(&c->rng, 10);
            if (where_kind < 6) {
                int f = (int)pul_rng_below(&c->rng, (uint32_t)b->nfront);
                x = b->fx[f];
                y = b->fy[f];
            } else if (where_kind < 9) {
                x = b->minx - 2 + (int)pul_rng_below(&c->rng, (uint32_t)(b->maxx - b->minx + 5));
                y = b->miny - 2 + (int)pul_rng_below(&c->rng, (uint32_t)(b->maxy - b->miny + 5));
            } else {
                /* The same slot of the 64x64 grid as a cell near the board. */
                int f = (int)pul_rng_below(&c->rng, (uint32_t)b->nfront);
                x = b->fx[f] + 64 * ((int)pul_rng_below(&c->rng, 5) - 2);
                y = b->fy[f] + 64 * ((int)pul_rng_below(&c->rng, 3) - 1);
            }
            a = A_PLACE(t, x, y, r);
            want = ref_place(b, hand, nh, t, r, x, y);
            if (want == PUL_LEGAL)
                PCHECK(keys_has(c->keys, place_key(c->ts, t, r, x, y)), "legal %d@%d,%dr%d not listed", t, x, y, r);
        } else if (kind < 9) {
            int x, y;
            if (pul_rng_below(&c->rng, 4)) {
                int j = (int)pul_rng_below(&c->rng, (uint32_t)b->n);
                x = b->x[j];
                y = b->y[j];
            } else {
                x = b->minx - 1 + (int)pul_rng_below(&c->rng, (uint32_t)(b->maxx - b->minx + 3)) +
                    64 * (int)pul_rng_below(&c->rng, 2);
                y = b->miny - 1 + (int)pul_rng_below(&c->rng, (uint32_t)(b->maxy - b->miny + 3));
            }
            int q = (int)pul_rng_below(&c->rng, 4);
            a = A_CLAIM(q, x, y);
            int j = cell(b, x, y);
            if (pul_game_stones(g, seat) == 0) want = PUL_R_NO_STONES;
            else if (j < 0 || b->root[j * 4 + q] < 0) want = PUL_R_NOT_MICROPUL;
            else if (b->stones[b->root[j * 4 + q]] > 0) want = PUL_R_ALREADY_CLAIMED;
            else want = PUL_LEGAL;
        } else {
            if (pul_rng_below(&c->rng, 2)) {
                a = A_PASS();
                want = pul_game_in_extra_turn(g) ? PUL_LEGAL : PUL_R_NO_EXTRA_TURN;
            } else {
                int t = pul_rng_below(&c->rng, 3) ? (int)pul_rng_below(&c->rng, (uint32_t)c->ts->ntiles)
                                                  : PUL_NO_TILE;
                a = A_TAKE(t);
                if (nh >= c->rules->hand_limit) want = PUL_R_HAND_FULL;
                else if (ns == 0) want = PUL_R_NOT_IN_SUPPLY;
                else if (t != PUL_NO_TILE && !holds(sup, ns, t)) want = PUL_R_NOT_IN_SUPPLY;
                else want = PUL_LEGAL;
            }
        }
        PulReason got = pul_check(g, &a);
        PCHECK(got == want, "sample kind %d: %s, reference %s", a.kind, pul_reason_code(got), pul_reason_code(want));
        if (got != PUL_LEGAL) check_refusal_unchanged(c, &a, got);
        c->samples++;
    }
}

typedef struct {
    int seat, nseats;
    bool in_extra;
    int hand_n[PUL_MAX_SEATS], sup_n[PUL_MAX_SEATS];
    uint8_t hand[PUL_MAX_HAND], sup[PUL_MAX_TILES];
    int core_count, drawn;
} Before;

static void snapshot(const PulGame *g, Before *s) {
    s->seat = pul_game_to_move(g);
    s->nseats = pul_game_seats(g);
    s->in_extra = pul_game_in_extra_turn(g);
    for (int k = 0; k < s->nseats; k++) {
        s->hand_n[k] = pul_game_hand(g, k, NULL, 0);
        s->sup_n[k] = pul_game_supply(g, k, NULL, 0);
    }
    pul_game_hand(g, s->seat, s->hand, (int)(sizeof s->hand / sizeof s->hand[0]));
    pul_game_supply(g, s->seat, s->sup, (int)(sizeof s->sup / sizeof s->sup[0]));
    s->core_count = pul_game_core_count(g);
    s->drawn = pul_game_core_drawn(g);
}

/* What the action did, against the reference: events, hands, supply, draws,
** groups merged and closed, and the turn flow that follows. */
static void check_after(Ctx *c, const Before *s, const PulAction *a, const PulEvents *ev,
                        int *extra_left) {
    const PulGame *g = c->g;
    const Ref *pre = c->prev, *b = c->cur;
    const PulRules *R = c->rules;
    int seat = s->seat, n = s->nseats;
    PulAction done;
    pul_events_action(ev, &done);
    uint8_t hand[PUL_MAX_HAND], sup[PUL_MAX_TILES], core[PUL_MAX_TILES];
    int nh = pul_game_hand(g, seat, hand, PUL_MAX_HAND);
    int ns = pul_game_supply(g, seat, sup, PUL_MAX_TILES);
    pul_game_core_initial(g, core, PUL_MAX_TILES);
    int crosses = 0, want_draw = 0;
    int kinds[16] = {0};
    for (int i = 0; i < ev->n; i++) kinds[ev->ev[i].kind < 16 ? ev->ev[i].kind : 15]++;
    switch (a->kind) {
    case PUL_PLACE: {
        PCHECK(same_action(&done, a), "events say another action");
        PCHECK(kinds[PUL_EV_PLACED] == 1, "%d PLACED events", kinds[PUL_EV_PLACED]);
        PCHECK(nh == s->hand_n[seat] - 1 && !holds(hand, nh, a->tile), "hand after placing");
        Fire fire[16];
        int nf = ref_fire(pre, a->tile, a->rot, a->x, a->y, fire);
        PCHECK(kinds[PUL_EV_ACTIVATED] == nf, "%d activations, reference %d", kinds[PUL_EV_ACTIVATED], nf);
        for (int k = 0; k < nf; k++) {
            bool found = false;
            for (int i = 0; i < ev->n && !found; i++) {
                const PulEvent *e = &ev->ev[i];
                found = e->kind == PUL_EV_ACTIVATED && e->x == fire[k].x && e->y == fire[k].y &&
                        e->quad == fire[k].quad && e->feature == fire[k].feature;
            }
            PCHECK(found, "catalyst %d,%d q%d not reported", fire[k].x, fire[k].y, fire[k].quad);
            want_draw += c->ts->feature[fire[k].feature].draw;
            crosses += c->ts->feature[fire[k].feature].extra_turn;
        }
        int got = want_draw < s->core_count ? want_draw : s->core_count;
        PCHECK(kinds[PUL_EV_DREW] == (want_draw > 0), "%d DREW events for %d wanted", kinds[PUL_EV_DREW], want_draw);
        for (int i = 0; i < ev->n; i++)
            if (ev->ev[i].kind == PUL_EV_DREW)
                PCHECK(ev->ev[i].count == got && ev->ev[i].value == want_draw && ev->ev[i].seat == seat,
                       "DREW %d of %d, expected %d of %d", ev->ev[i].count, ev->ev[i].value, got, want_draw);
        /* The drawn tiles are the top of the core, appended to the supply. */
        PCHECK(ns == s->sup_n[seat] + got, "supply %d after drawing %d", ns, got);
        PCHECK(pul_game_core_drawn(g) == s->drawn + got, "core drawn");
        if (ns == s->sup_n[seat] + got) {
            PCHECK(memcmp(sup, s->sup, (size_t)s->sup_n[seat]) == 0, "supply reordered by a draw");
            PCHECK(memcmp(sup + s->sup_n[seat], core + s->drawn, (size_t)got) == 0, "drawn tiles are not the top of the core");
        }
        c->draws += got;
        /* Merges and closures. */
        int p = b->n - 1, nclosed = 0;
        int roots[4], nroots = 0;
        for (int q = 0; q < 4; q++) {
            int r = b->root[p * 4 + q];
            bool seen = r < 0;
            for (int k = 0; k < nroots && !seen; k++) seen = roots[k] == r;
            if (!seen) roots[nroots++] = r;
        }
        int nmerged = 0;
        for (int k = 0; k < nroots; k++) {
            int r = roots[k], olds[MAXN], nold = 0;
            for (int nd = 0; nd < p * 4; nd++) {
                if (b->root[nd] != r) continue;
                int o = pre->root[nd];
                bool seen = false;
                for (int m = 0; m < nold && !seen; m++) seen = olds[m] == o;
                if (!seen) olds[nold++] = o;
            }
            if (nold < 2) continue;
            nmerged++;
            bool found = false;
            for (int i = 0; i < ev->n && !found; i++) {
                const PulEvent *e = &ev->ev[i];
                found = e->kind == PUL_EV_MERGED && e->x == a->x && e->y == a->y && e->quad < 4 &&
                        b->root[p * 4 + e->quad] == r && e->count == nold && e->value == b->stones[r];
            }
            PCHECK(found, "merge of %d groups (%d stones) not reported", nold, b->stones[r]);
        }
        PCHECK(kinds[PUL_EV_MERGED] == nmerged, "%d MERGED events, reference %d", kinds[PUL_EV_MERGED], nmerged);
        c->merged_events += kinds[PUL_EV_MERGED];
        /* A closed group now is new unless an old member was already closed. */
        int newly[MAXN], nnew = 0;
        for (int r = 0; r < b->n * 4; r++) {
            if (b->root[r] != r || !b->closed[r]) continue;
            bool old_closed = false;
            for (int nd = 0; nd < p * 4 && !old_closed; nd++)
                old_closed = b->root[nd] == r && pre->closed[pre->root[nd]];
            if (!old_closed) newly[nnew++] = r;
        }
        int reported[MAXN], nrep = 0;
        for (int i = 0; i < ev->n; i++) {
            const PulEvent *e = &ev->ev[i];
            if (e->kind != PUL_EV_CLOSED) continue;
            nclosed++;
            int j = cell(b, e->x, e->y);
            int r = j >= 0 && e->quad < 4 ? b->root[j * 4 + e->quad] : -1;
            bool is_new = false;
            for (int k = 0; k < nnew && !is_new; k++) is_new = newly[k] == r;
            PCHECK(is_new, "CLOSED at %d,%d q%d: not a newly closed group", e->x, e->y, e->quad);
            for (int k = 0; k < nrep; k++) PCHECK(reported[k] != r, "group closed twice");
            if (r >= 0) {
                reported[nrep++] = r;
                PCHECK(e->count == b->size[r], "CLOSED size %d, reference %d", e->count, b->size[r]);
                PCHECK(e->value == scorer(b, r), "CLOSED owner %d, reference %d", e->value, scorer(b, r));
            }
        }
        PCHECK(nclosed == nnew, "%d CLOSED events, reference %d", nclosed, nnew);
        c->closed_events += nclosed;
        break;
    }
    case PUL_TAKE: {
        PCHECK(kinds[PUL_EV_TOOK] == 1, "%d TOOK events", kinds[PUL_EV_TOOK]);
        PCHECK(done.kind == PUL_TAKE && done.tile != PUL_NO_TILE, "take not resolved");
        if (a->tile != PUL_NO_TILE) PCHECK(done.tile == a->tile, "took %d, asked %d", done.tile, a->tile);
        PCHECK(holds(s->sup, s->sup_n[seat], done.tile), "took %d, which was not in the supply", done.tile);
        PCHECK(!holds(sup, ns, done.tile) && holds(hand, nh, done.tile), "taken tile not moved");
        PCHECK(ns == s->sup_n[seat] - 1 && nh == s->hand_n[seat] + 1, "counts after a take");
        break;
    }
    case PUL_CLAIM: {
        PCHECK(same_action(&done, a) && kinds[PUL_EV_CLAIMED] == 1, "claim events");
        PCHECK(pul_game_stones(g, seat) >= 0, "stones");
        int j = cell(b, a->x, a->y);
        int r = j >= 0 ? b->root[j * 4 + a->quad] : -1;
        PCHECK(r >= 0 && b->stones[r] == 1 && b->owners[r] == 1u << seat, "claimed group");
        PCHECK(kinds[PUL_EV_CLOSED] + kinds[PUL_EV_MERGED] + kinds[PUL_EV_ACTIVATED] == 0, "claim events");
        break;
    }
    default:
        PCHECK(done.kind == PUL_PASS && kinds[PUL_EV_PASSED] == 1, "pass events");
        break;
    }
    /* Nobody else's tiles moved; a claim or a pass moves none at all. */
    for (int k = 0; k < n; k++) {
        if (k == seat && (a->kind == PUL_PLACE || a->kind == PUL_TAKE)) continue;
        PCHECK(pul_game_hand(g, k, NULL, 0) == s->hand_n[k], "hand of seat %d", k);
        PCHECK(pul_game_supply(g, k, NULL, 0) == s->sup_n[k], "supply of seat %d", k);
    }

    /* Turn flow, as RULES.md and the rule parameters have it. */
    bool earned = crosses > 0 && (n > 1 || R->solo_extra_turn) && (!s->in_extra || R->extra_turn_chains);
    if (earned) *extra_left += R->extra_turn_per_catalyst ? crosses : 1;
    bool over = false, extra_event = false;
    int reason = PUL_END_NONE, loser = -1, es = seat, skipped[PUL_MAX_SEATS + 1], nskip = 0;
    bool ee = false;
    int core_left = pul_game_core_count(g);
    if (core_left == 0) {
        bool more = *extra_left > 0;
        if (R->core_empty_end == PUL_CORE_EMPTY_FINISH_ROUND) more = more || (seat + 1) % n != 0;
        if (R->core_empty_end == PUL_CORE_EMPTY_IMMEDIATE || !more) {
            over = true;
            reason = PUL_END_CORE_EMPTY;
        }
    }
    if (!over) {
        if (*extra_left > 0) {
            (*extra_left)--;
            ee = true;
            extra_event = true;
        } else {
            es = (seat + 1) % n;
        }
        /* RULES.md: an empty core ends the game before the start-of-turn
        ** checks, so in the finishing turn or round nobody loses by them: a
        ** seat without a tile, or without an action, skips instead. */
        bool finishing = core_left == 0;
        for (;;) {
            uint8_t h[PUL_MAX_HAND];
            int hn = pul_game_hand(g, es, h, PUL_MAX_HAND), sn = pul_game_supply(g, es, NULL, 0);
            bool no_tiles = R->no_tiles_loses && hn == 0 && sn == 0;
            if (no_tiles && !finishing) {
                over = true;
                reason = PUL_END_NO_TILES;
                loser = es;
                break;
            }
            bool can = !no_tiles && (ee || (sn > 0 && hn < R->hand_limit) ||
                                     (pul_game_stones(g, es) > 0 && b->unclaimed > 0) ||
                                     any_placement(b, h, hn));
            if (can) break;
            if (!no_tiles && R->no_action_loses && !finishing) {
                over = true;
                reason = PUL_END_NO_ACTION;
                loser = es;
                break;
            }
            skipped[nskip++] = es;
            if (!finishing && nskip >= n) {
                over = true;
                reason = PUL_END_NO_ACTION;
                break;
            }
            *extra_left = 0;
            ee = false;
            es = (es + 1) % n;
            if (finishing && (R->core_empty_end == PUL_CORE_EMPTY_FINISH_TURN || es == 0)) {
                over = true;
                reason = PUL_END_CORE_EMPTY;
                break;
            }
        }
    }
    PCHECK(pul_game_over(g) == over, "over %d, reference %d", pul_game_over(g), over);
    PCHECK(kinds[PUL_EV_GAME_OVER] == over, "%d GAME_OVER events", kinds[PUL_EV_GAME_OVER]);
    PCHECK(kinds[PUL_EV_EXTRA_TURN] == extra_event, "%d EXTRA_TURN events, reference %d", kinds[PUL_EV_EXTRA_TURN], extra_event);
    PCHECK(kinds[PUL_EV_TURN_SKIPPED] == nskip, "%d skips, reference %d", kinds[PUL_EV_TURN_SKIPPED], nskip);
    for (int i = 0, k = 0; i < ev->n; i++)
        if (ev->ev[i].kind == PUL_EV_TURN_SKIPPED && k < nskip)
            PCHECK(ev->ev[i].seat == skipped[k++], "skipped seat %d", ev->ev[i].seat);
    c->extra_turns += extra_event;
    c->skips += nskip;
    if (over) {
        PCHECK((int)pul_game_end_reason(g) == reason, "end %s, reference %s",
               pul_end_reason_code(pul_game_end_reason(g)), pul_end_reason_code((PulEndReason)reason));
        PCHECK(pul_game_loser(g) == loser, "loser %d, reference %d", pul_game_loser(g), loser);
        for (int i = 0; i < ev->n; i++)
            if (ev->ev[i].kind == PUL_EV_GAME_OVER)
                PCHECK(ev->ev[i].value == reason && ev->ev[i].seat == loser, "GAME_OVER event");
        int w[PUL_MAX_SEATS], sc[PUL_MAX_SEATS], best = 0;
        int nw = pul_game_winners(g, w, PUL_MAX_SEATS);
        bool any = false;
        pul_game_scores(g, sc, PUL_MAX_SEATS);
        for (int k = 0; k < n; k++)
            if (k != loser && (!any || sc[k] > best)) best = sc[k], any = true;
        int want_w = 0;
        for (int k = 0; k < n; k++) want_w += k != loser && any && sc[k] == best;
        PCHECK(nw == want_w, "%d winners, reference %d", nw, want_w);
        for (int k = 0; k < nw; k++) PCHECK(w[k] != loser && sc[w[k]] == best, "winner %d", w[k]);
    } else {
        PCHECK(pul_game_to_move(g) == es, "to move %d, reference %d", pul_game_to_move(g), es);
        PCHECK(pul_game_in_extra_turn(g) == ee, "extra turn %d, reference %d", pul_game_in_extra_turn(g), ee);
    }
}

/* Write the record, read it back, replay it: the same game, byte for byte.
** A game that differs only in its generator state is reported apart (see
** test_regress_seeded_replay.c). */
static void round_trip(Ctx *c, int nmoves) {
    PulRecord *r = pul_record_new();
    PCHECK(r != NULL, "record");
    if (!r) return;
    PCHECK(pul_record_from_start(r, c->g) == PUL_OK, "pul_record_from_start");
    for (int i = 0; i < nmoves; i++)
        PCHECK(pul_record_add_move(r, c->v, &c->moves[i]) == PUL_OK, "pul_record_add_move %d", i);
    size_t len = 0;
    char *text = pul_record_write(r, &len);
    PCHECK(text != NULL && len == strlen(text), "pul_record_write");
    PulRecord *r2 = pul_record_new();
    PulError err;
    PCHECK(text && pul_record_parse(r2, text, len, "property", &err) == PUL_OK, "parse: %s", err.message);
    PCHECK(pul_record_nmoves(r2) == nmoves, "%d moves read back of %d", pul_record_nmoves(r2), nmoves);
    size_t len2 = 0;
    char *text2 = pul_record_write(r2, &len2);
    PCHECK(text && text2 && strcmp(text, text2) == 0, "record text changed by a round trip");
    PCHECK(pul_record_start_game(r2, c->replay, &err) == PUL_OK, "start_game: %s", err.message);
    int applied = 0;
    for (int i = 0; i < pul_record_nmoves(r2); i++) {
        PulAction a;
        const char *m = pul_record_move(r2, i);
        if (!pul_action_parse(c->v, m, &a)) {
            PCHECK(0, "move %d \"%s\" does not parse", i, m ? m : "(null)");
            break;
        }
        PulReason why = pul_apply(c->replay, &a, NULL);
        PCHECK(why == PUL_LEGAL, "replayed move %d \"%s\": %s", i, m, pul_reason_code(why));
        if (why != PUL_LEGAL) break;
        applied++;
    }
    if (applied == nmoves) {
        const unsigned char *x = (const unsigned char *)c->g, *y = (const unsigned char *)c->replay;
        size_t ro = offsetof(PulGame, rng), re = ro + sizeof(PulRng);
        bool rest_same = memcmp(x, y, ro) == 0 && memcmp(x + re, y + re, pul_game_size() - re) == 0;
        bool rng_same = memcmp(x + ro, y + ro, sizeof(PulRng)) == 0;
        PCHECK(rest_same, "replayed game differs from the original");
        if (rest_same && !rng_same) {
            if (c->rng_only_diffs++ == 0)
                fprintf(stderr, "%s: replayed game differs from the original in its generator "
                        "state only (see test_regress_seeded_replay)\n", where);
            check_failures++;
        }
        c->round_trips++;
    }
    /* Whatever happened, keep the replay object in step with the original
    ** so that stale bytes of one game do not spoil the next comparison. */
    pul_game_copy(c->replay, c->g);
    free(text);
    free(text2);
    pul_record_free(r);
    pul_record_free(r2);
}

/* The space pul_random_action samples from: a measure of how sparse the
** legal actions are (which sends it to its fallback). */
static long candidate_space(const PulGame *g, const Ref *b) {
    int seat = pul_game_to_move(g);
    int nh = pul_game_hand(g, seat, NULL, 0);
    long space = (long)nh * 4 * b->nfront;
    space += pul_game_supply(g, seat, NULL, 0) > 0 && nh < pul_variant_rules(pul_game_variant(g))->hand_limit;
    if (pul_game_stones(g, seat) > 0 && b->unclaimed > 0) space += b->n * 4;
    space += pul_game_in_extra_turn(g);
    return space;
}

/* Uniform random play mostly ends when a hand runs dry; in "hoarding"
** games a seat, half the time, plays a placement that draws tiles (by the
** reference) or takes from its supply, so that more games run until the
** core is empty. */
static void play_game(Ctx *c, int nseats, uint64_t seed, bool brute, bool named_takes,
                      bool hoarding) {
    /* named_takes: the core is shuffled here and given to the engine, and
    ** every take names its tile; otherwise the engine shuffles from the seed
    ** and takes are random. */
    PulError err;
    PulGame *g = c->g;
    snprintf(where, sizeof where, "%s %dp seed %llu", pul_variant_name(c->v), nseats,
             (unsigned long long)seed);
    PulStatus st;
    if (named_takes) {
        uint8_t core[PUL_MAX_TILES];
        int n = 0;
        for (int t = 0; t < c->ts->ntiles; t++)
            if (t != c->ts->start) core[n++] = (uint8_t)t;
        for (int i = n - 1; i > 0; i--) {
            int j = (int)pul_rng_below(&c->rng, (uint32_t)i + 1);
            uint8_t t = core[i];
            core[i] = core[j];
            core[j] = t;
        }
        st = pul_game_start(g, nseats, seed, core, n, &err);
    } else {
        st = pul_game_start(g, nseats, seed, NULL, 0, &err);
    }
    PCHECK(st == PUL_OK, "start: %s", err.message);
    if (st != PUL_OK) return;
    PulRng arng;
    pul_rng_seed(&arng, seed ^ 0x5bd1e995u);
    int extra_left = 0, nmoves = 0;
    ref_build(c->cur, g);
    check_accounting(c);
    check_groups(c);
    while (!pul_game_over(g)) {
        if (nmoves >= 2000) {
            PCHECK(0, "no end after %d actions", nmoves);
            break;
        }
        snprintf(where, sizeof where, "%s %dp seed %llu action %d", pul_variant_name(c->v), nseats,
                 (unsigned long long)seed, nmoves + 1);
        int n = check_legal(c, brute);
        check_samples(c, brute ? 12 : 4);
        if (n > 0 && candidate_space(g, c->cur) > 40L * n) c->fallback_positions++;
        PulAction a;
        bool got = pul_random_action(g, &arng, &a);
        if (hoarding && pul_rng_below(&c->rng, 2)) {
            int good[PUL_MAX_ACTIONS], ngood = 0;
            for (int i = 0; i < n; i++) {
                const PulAction *b = &c->acts[i];
                if (b->kind == PUL_TAKE) {
                    good[ngood++] = i;
                } else if (b->kind == PUL_PLACE) {
                    Fire fire[16];
                    int nf = ref_fire(c->cur, b->tile, b->rot, b->x, b->y, fire), draw = 0;
                    for (int k = 0; k < nf; k++) draw += c->ts->feature[fire[k].feature].draw;
                    if (draw > 0) good[ngood++] = i;
                }
            }
            if (ngood) a = c->acts[good[pul_rng_below(&c->rng, (uint32_t)ngood)]];
        }
        PCHECK(got, "no random action in a live game");
        if (!got) break;
        bool listed = false;
        for (int i = 0; i < n && !listed; i++) listed = same_action(&c->acts[i], &a);
        PCHECK(listed, "random action of kind %d not in the legal list", a.kind);
        if (a.kind == PUL_TAKE) {
            if (named_takes) {
                uint8_t sup[PUL_MAX_TILES];
                int ns = pul_game_supply(g, pul_game_to_move(g), sup, PUL_MAX_TILES);
                a.tile = sup[pul_rng_below(&c->rng, (uint32_t)ns)];
                c->named_takes++;
            } else {
                c->random_takes++;
            }
        }
        Before before;
        snapshot(g, &before);
        /* Swap reference boards: prev is the board before the action. */
        Ref *t = c->prev;
        c->prev = c->cur;
        c->cur = t;
        PulEvents ev;
        PulReason why = pul_apply(g, &a, &ev);
        PCHECK(why == PUL_LEGAL, "random action refused: %s", pul_reason_code(why));
        if (why != PUL_LEGAL) break;
        pul_events_action(&ev, &c->moves[nmoves++]);
        c->actions++;
        ref_build(c->cur, g);
        check_after(c, &before, &a, &ev, &extra_left);
        check_accounting(c);
        check_groups(c);
    }
    snprintf(where, sizeof where, "%s %dp seed %llu, record round trip", pul_variant_name(c->v),
             nseats, (unsigned long long)seed);
    c->ends[pul_game_end_reason(g) & 3]++;
    c->games++;
    round_trip(c, nmoves);
}

static void run_games(Ctx *c, const PulVariant *v, int nseats, int count, uint64_t base) {
    c->v = v;
    c->ts = pul_variant_tileset(v);
    c->rules = pul_variant_rules(v);
    c->g = pul_game_new(v);
    c->copy = pul_game_new(v);
    c->replay = pul_game_new(v);
    for (int i = 0; i < count; i++) {
        int seats = nseats > 0 ? nseats : 1 + i % c->rules->max_players;
        play_game(c, seats, base + (uint64_t)i, i % 25 == 0, i % 2 == 1, i % 4 >= 2);
    }
    pul_game_free(c->g);
    pul_game_free(c->copy);
    pul_game_free(c->replay);
}

static int env_games(void) {
    const char *s = getenv("PUL_PROPERTY_GAMES");
    int n = s ? atoi(s) : 0;
    return n > 0 ? n : 3000;
}

static Ctx *ctx_new(void) {
    Ctx *c = calloc(1, sizeof *c);
    c->keys = calloc(1, sizeof *c->keys);
    c->prev = calloc(1, sizeof *c->prev);
    c->cur = calloc(1, sizeof *c->cur);
    c->acts = malloc(sizeof(PulAction) * PUL_MAX_ACTIONS);
    c->places = malloc(sizeof(PulAction) * PUL_MAX_ACTIONS);
    c->moves = malloc(sizeof(PulAction) * 4096);
    pul_rng_seed(&c->rng, 20240601);
    return c;
}

static void ctx_free(Ctx *c) {
    free(c->keys);
    free(c->prev);
    free(c->cur);
    free(c->acts);
    free(c->places);
    free(c->moves);
    free(c);
}

static void report(const char *name, const Ctx *c) {
    fprintf(stderr,
            "  %s: %ld games, %ld actions, %ld sampled actions, %ld brute-force cells, %ld refusals "
            "compared byte for byte, %ld draws, %ld extra turns, %ld skips, %ld closures, %ld merges, "
            "%ld random and %ld named takes, %ld sparse positions, %ld record round trips (%ld "
            "differing in the generator only); ends: %ld core_empty, %ld no_tiles, %ld no_action\n",
            name, c->games, c->actions, c->samples, c->brute_cells, c->refusals_checked, c->draws,
            c->extra_turns, c->skips, c->closed_events, c->merged_events, c->random_takes,
            c->named_takes, c->fallback_positions, c->round_trips, c->rng_only_diffs, c->ends[1],
            c->ends[2], c->ends[3]);
}

static void test_default_games(void) {
    PulVariant *v = micropul_with(NULL);
    if (!v) return;
    int n2 = env_games();
    Ctx *c = ctx_new();
    run_games(c, v, 2, n2, 1000000);
    report("two players", c);
    CHECK(c->games == n2);
    CHECK(c->closed_events > 0 && c->merged_events > 0 && c->extra_turns > 0);
    ctx_free(c);
    c = ctx_new();
    run_games(c, v, 1, n2 / 3, 2000000);
    report("solo", c);
    CHECK(c->extra_turns == 0); /* the cross does nothing solo */
    ctx_free(c);
    pul_variant_free(v);
}

typedef void (*RuleTweak)(PulRules *);
#define TWEAK(name, body) \
    static void name(PulRules *r) { body; }
TWEAK(t_farmopul, (r->extra_turn_chains = false, r->merged_scoring = PUL_MERGED_SCORE_ONE_OWNER))
TWEAK(t_per_catalyst, (r->extra_turn_per_catalyst = true, r->solo_extra_turn = true))
TWEAK(t_finish_turn, r->core_empty_end = PUL_CORE_EMPTY_FINISH_TURN)
TWEAK(t_finish_round, (r->core_empty_end = PUL_CORE_EMPTY_FINISH_ROUND, r->max_players = 4))
TWEAK(t_skip, (r->no_tiles_loses = false, r->no_action_loses = false, r->stones = 1, r->hand_size = 2))
TWEAK(t_points, (r->points_big = 5, r->points_micropul = 2, r->points_hand = -1, r->points_supply = 3))
TWEAK(t_simpler, r->rule1_attachment = false)
TWEAK(t_no_rule2, r->rule2_colours = false)
TWEAK(t_small_hand, (r->hand_size = 2, r->hand_limit = 3, r->stones = 5))
TWEAK(t_many_seats, (r->max_players = 6, r->hand_size = 4))

static void test_rule_variants(void) {
    static const struct {
        const char *name;
        RuleTweak f;
    } tweaks[] = {
        {"farmopul-like", t_farmopul}, {"per-catalyst", t_per_catalyst},
        {"finish-turn", t_finish_turn}, {"finish-round", t_finish_round},
        {"skip", t_skip},               {"points", t_points},
        {"simpler", t_simpler},         {"no-rule2", t_no_rule2},
        {"small-hand", t_small_hand},   {"many-seats", t_many_seats},
    };
    int per = env_games() / 10;
    if (per < 10) per = 10;
    for (size_t k = 0; k < sizeof tweaks / sizeof *tweaks; k++) {
        PulRules rules;
        pul_rules_default(&rules);
        tweaks[k].f(&rules);
        PulVariant *v = micropul_with(&rules);
        if (!v) continue;
        Ctx *c = ctx_new();
        run_games(c, v, 0, per, 3000000 + 1000 * k);
        report(tweaks[k].name, c);
        ctx_free(c);
        pul_variant_free(v);
    }
}

/* pul_random_action on fixed positions: every legal action drawn, and each
** about as often as the others (within 5 sigma of 200 draws). */
static void uniformity_at(const PulGame *g, const char *what) {
    PulAction *acts = malloc(sizeof(PulAction) * PUL_MAX_ACTIONS);
    int n = pul_legal_actions(g, acts, PUL_MAX_ACTIONS);
    int *count = calloc((size_t)n, sizeof(int));
    PulRng rng;
    pul_rng_seed(&rng, 31337);
    long draws = 200L * n, strays = 0;
    for (long d = 0; d < draws; d++) {
        PulAction a;
        if (!pul_random_action(g, &rng, &a)) {
            strays++;
            continue;
        }
        int i = 0;
        while (i < n && !same_action(&acts[i], &a)) i++;
        if (i == n) strays++;
        else count[i]++;
    }
    CHECK_INT(strays, 0);
    /* Binomial(200n, 1/n): sd = sqrt(200 (1 - 1/n)). */
    double sd = square_root(200.0 * (1 - 1.0 / n));
    int worst = 0, outside = 0;
    double chi = 0;
    for (int i = 0; i < n; i++) {
        int dev = abs(count[i] - 200);
        if (dev > worst) worst = dev;
        outside += dev > 5 * sd;
        chi += (count[i] - 200.0) * (count[i] - 200.0) / 200.0;
    }
    fprintf(stderr, "  %s: %d actions, worst deviation %d (5 sd = %.0f), chi-square %.0f (df %d)\n",
            what, n, worst, 5 * sd, chi, n - 1);
    CHECK_INT(outside, 0);
    /* Chi-square with n-1 df: mean n-1, sd sqrt(2(n-1)); 6 sd is far out. */
    CHECK(chi < (n - 1) + 6 * square_root(2.0 * (n - 1)) + 10);
    free(count);
    free(acts);
}

static void test_random_uniform(void) {
    PulVariant *v = micropul_with(NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v);
    Ref *ref = calloc(1, sizeof *ref);
    PulError err;
    PulRng rng;
    pul_rng_seed(&rng, 99);
    bool mid = false, extra = false, sparse = false;
    for (uint64_t seed = 1; seed < 400 && !(mid && extra && sparse); seed++) {
        pul_game_start(g, 2, seed, NULL, 0, &err);
        for (int step = 0; !pul_game_over(g) && step < 200; step++) {
            int n = pul_legal_actions(g, NULL, 0);
            if (!mid && step == 20 && n > 20) {
                uniformity_at(g, "mid-game position");
                mid = true;
            }
            if (!extra && pul_game_in_extra_turn(g) && n > 10) {
                uniformity_at(g, "extra-turn position (pass included)");
                extra = true;
            }
            if (!sparse && n >= 3 && n <= 30) {
                ref_build(ref, g);
                if (candidate_space(g, ref) > 40L * n) {
                    uniformity_at(g, "sparse position (rejection sampling falls back)");
                    sparse = true;
                }
            }
            PulAction a;
            if (!pul_random_action(g, &rng, &a)) break;
            pul_apply(g, &a, NULL);
        }
    }
    CHECK(mid && extra && sparse);
    /* The same generator state gives the same action. */
    pul_game_start(g, 2, 5, NULL, 0, &err);
    PulRng r1, r2;
    pul_rng_seed(&r1, 8);
    pul_rng_seed(&r2, 8);
    for (int i = 0; i < 100; i++) {
        PulAction a, b;
        CHECK(pul_random_action(g, &r1, &a) && pul_random_action(g, &r2, &b));
        CHECK(memcmp(&a, &b, sizeof a) == 0);
    }
    free(ref);
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_random_uniform);
    RUN(test_default_games);
    RUN(test_rule_variants);
    fprintf(stderr, "  %ld model checks evaluated\n", checks_done);
    return CHECK_DONE();
}
