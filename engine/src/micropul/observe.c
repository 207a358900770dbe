/*
** observe.c: what one seat may see of a game. Bots get only this, so the
** hidden parts (other hands, every supply, the core's order) never leak.
*/
#include <string.h>

#include "observe.h"

/* Whether a script revealed any supply tile to seat. */
static inline bool known_any(const MicropulGame *g, int seat) {
#ifdef MICROPUL_WIDE
    uint64_t any = 0;
    for (int w = 0; w < KNOWN_WORDS; w++) any |= g->known[seat][w];
    return any != 0;
#else
    return g->known[seat] != 0;
#endif
}

/* Writes what seat sees of g into o, which holds an observation of that
** seat of g made earlier in the same game (or o zeroed, with its counts 0):
** placed tiles and stones from o's counts on are added, the lists that may
** shrink are zeroed past their new ends, so o ends byte for byte as a fresh
** observation. */
static void observe_fill(const MicropulGame *g, int seat, PulObservation *o) {
    o->seat = seat;
    o->nseats = g->h.nseats;
    o->to_move = g->h.to_move;
    o->extra_turn = g->in_extra;
    o->over = g->h.over;
    o->extra_pending = g->extra_left;
    o->turns = g->h.turns;
    o->rules = g->rules;
    o->end_reason = g->h.end_reason;
    o->loser = g->h.loser;
    o->core_count = g->ncore - g->core_top;
    int nt = MV(g)->ts.ntiles;
    /* A bit per tile the seat sees; the unseen ones are read off the
    ** words, so no branch depends on where each tile lies. */
    uint64_t seen[LAYOUT_TILE_WORDS] = {0};
    int had = o->hand_count[seat];
    for (int s = 0; s < g->h.nseats; s++) {
        o->hand_count[s] = g->nhand[s];
        o->supply_count[s] = g->nsupply[s];
        o->stones_left[s] = g->stones[s];
    }
    int nhand = g->nhand[seat];
    for (int i = 0; i < nhand; i++) {
        int t = g->hand[seat][i];
        o->hand[i] = t;
        seen[t >> 6] |= UINT64_C(1) << (t & 63);
    }
    for (int i = nhand; i < had; i++) o->hand[i] = 0;
    /* Supply tiles a script revealed to this seat, in supply order (none
    ** without a script that reveals). */
    int nknown = 0;
    if (known_any(g, seat))
        for (int i = 0; i < g->nsupply[seat]; i++) {
            int t = g->supply[seat][i];
            if (known_has(g, seat, t)) {
                o->known[nknown++] = t;
                seen[t >> 6] |= UINT64_C(1) << (t & 63);
            }
        }
    for (int i = nknown; i < o->nknown; i++) o->known[i] = 0;
    o->nknown = nknown;
    int nplaced = g->nplaced, from = o->nplaced;
    for (int i = from; i < nplaced; i++) {
        const Placed *p = &g->placed[i];
        PulPlaced *q = &o->placed[i];
        q->tile = p->tile;
        q->rot = p->rot;
        q->x = p->x;
        q->y = p->y;
        seen[p->tile >> 6] |= UINT64_C(1) << (p->tile & 63);
    }
    o->nplaced = nplaced;
    memcpy(o->stones + o->nstones, g->stone_list + o->nstones,
           (size_t)(g->nstones_placed - o->nstones) * sizeof *o->stones);
    o->nstones = g->nstones_placed;
    for (int i = 0; i < from; i++) {
        int t = g->placed[i].tile;
        seen[t >> 6] |= UINT64_C(1) << (t & 63);
    }
    /* In id order, so the list says nothing of where each tile lies. A
    ** local count: the byte stores may alias o's. */
    int old = o->nunseen, n = 0;
    for (int w = 0; w * 64 < nt; w++) {
        uint64_t left = ~seen[w];
        if (nt - w * 64 < 64) left &= (UINT64_C(1) << (nt - w * 64)) - 1;
        while (left) {
            o->unseen[n++] = (uint8_t)(w * 64 + lowest_set64(left));
            left &= left - 1;
        }
    }
    for (int i = n; i < old; i++) o->unseen[i] = 0;
    o->nunseen = n;
}

void observe_seat(const PulGame *pg, int seat, PulObservation *o) {
    memset(o, 0, sizeof *o);
    observe_fill(MGC(pg), seat, o);
}

void observe_seat_update(const PulGame *pg, int seat, PulObservation *o) {
    const MicropulGame *g = MGC(pg);
    int from = o->nplaced, stones = o->nstones;
    int had = o->hand_count[seat < 0 ? 0 : seat % PUL_MAX_SEATS]; /* read before seat is checked */
    /* What cannot be an earlier observation of this seat of g (nothing is
    ** ever taken off g's board but by an undo, which the caller rules out):
    ** observed afresh. The last placed tile o holds is compared as a check
    ** on a caller's mistake, not as a proof. */
    bool earlier = o->seat == seat && o->nseats == g->h.nseats && o->turns <= g->h.turns &&
                   from >= 1 && from <= g->nplaced && stones >= 0 &&
                   stones <= g->nstones_placed && had >= 0 && had <= PUL_MAX_HAND &&
                   o->nknown >= 0 && o->nknown <= PUL_MAX_TILES && o->nunseen >= 0 &&
                   o->nunseen <= MV(g)->ts.ntiles;
    if (earlier) {
        const Placed *p = &g->placed[from - 1];
        const PulPlaced *q = &o->placed[from - 1];
        earlier = p->tile == q->tile && p->rot == q->rot && p->x == q->x && p->y == q->y;
    }
    if (!earlier) {
        observe_seat(pg, seat, o);
        return;
    }
    observe_fill(g, seat, o);
}

/* FNV-1a over what the observation shows, field by field (never padding).
** Nearly every field is a byte's worth (0..255): its seven high bytes are 0,
** and xoring 0 leaves h, so those seven steps are one multiply by the prime's
** seventh power (2^64 wraps alike either way): the same hash at a fraction of
** the multiplies, which bots other than random pay at every move. */
static uint64_t mix(uint64_t h, int64_t x) {
    if (PUL_LIKELY((uint64_t)x < 256)) return (h ^ (uint64_t)x) * UINT64_C(0x1EFAC7090AEF4A21);
    for (int i = 0; i < 8; i++) {
        h ^= (uint64_t)(x >> (8 * i)) & 0xFF;
        h *= UINT64_C(0x100000001B3);
    }
    return h;
}

uint64_t observe_hash(const PulVariant *v, const PulObservation *o) {
    (void)v; /* every Micropul edition shows the same fields */
    uint64_t h = UINT64_C(0xCBF29CE484222325);
    h = mix(h, o->seat);
    h = mix(h, o->nseats);
    h = mix(h, o->to_move);
    h = mix(h, o->extra_turn);
    h = mix(h, o->extra_pending);
    h = mix(h, o->turns);
    h = mix(h, o->core_count);
    for (int s = 0; s < o->nseats && s < PUL_MAX_SEATS; s++) {
        h = mix(h, o->hand_count[s]);
        h = mix(h, o->supply_count[s]);
        h = mix(h, o->stones_left[s]);
    }
    for (int i = 0; i < o->hand_count[o->seat] && i < PUL_MAX_HAND; i++) h = mix(h, o->hand[i]);
    for (int i = 0; i < o->nknown && i < PUL_MAX_TILES; i++) h = mix(h, o->known[i]);
    for (int i = 0; i < o->nplaced && i < PUL_MAX_TILES; i++) {
        const PulPlaced *p = &o->placed[i];
        h = mix(h, p->tile | p->rot << 8);
        h = mix(h, p->x);
        h = mix(h, p->y);
    }
    for (int i = 0; i < o->nstones && i < PUL_MAX_SEATS * PUL_MAX_STONES; i++) {
        const PulStone *st = &o->stones[i];
        h = mix(h, st->x);
        h = mix(h, st->y);
        h = mix(h, st->quad);
        h = mix(h, st->seat);
    }
    return h;
}
