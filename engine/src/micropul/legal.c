/*
** legal.c: the one legal-move generator: the placement test, the full list
** of legal actions, a uniform random action without listing, and the
** "is there any action at all" question the turn flow asks.
*/
#include "micropul.h"
#include "rng.h"

/* The placement test of the hot loop: rules 1 and 2 on all eight slot pairs. */
static inline PulReason fit(const PulRules *rules, const TileRot *tr, const Front *f) {
    uint64_t both = tr->edge_nz & f->ctx_nz;
    uint64_t differ = bytes_nonzero(tr->edge ^ f->ctx);
    if (rules->rule2_colours && (both & differ)) return PUL_R_COLOUR_CONFLICT;
    if (rules->rule1_attachment && !(both & ~differ)) return PUL_R_NO_ATTACHMENT;
    return PUL_LEGAL;
}

static bool hand_holds(const MicropulGame *g, int seat, int tile) {
    for (int i = 0; i < g->nhand[seat]; i++)
        if (g->hand[seat][i] == tile) return true;
    return false;
}

PulReason legal_check_place(const MicropulGame *g, const PulAction *a) {
    if (a->rot > 3) return PUL_R_BAD_ACTION;
    if (!hand_holds(g, g->h.to_move, a->tile)) return PUL_R_NOT_IN_HAND;
    if (board_tile_at(g, a->x, a->y) >= 0) return PUL_R_OCCUPIED;
    int f = board_front_at(g, a->x, a->y);
    if (f < 0) return PUL_R_NOT_ADJACENT;
    return fit(&g->rules, &MV(g)->rot[a->tile][a->rot], &g->front[f]);
}

static bool can_take(const MicropulGame *g, int seat) {
    return g->nsupply[seat] > 0 && g->nhand[seat] < g->rules.hand_limit;
}

/* The takes on offer: one random take while some supply tile is unknown to
** the seat, and one per tile it knows (revealed by a script). */
static uint32_t take_count(const MicropulGame *g, int seat) {
    if (!can_take(g, seat)) return 0;
    uint64_t known = g->known[seat];
    if (!known) return 1;
    return (uint32_t)((supply_unknown(g, seat) > 0) + popcount64(known));
}

/* Take number i of take_count's, in order: the random one, then the known
** tiles in supply order. */
static PulAction make_take(const MicropulGame *g, int seat, uint32_t i) {
    PulAction a = {PUL_TAKE, PUL_NO_TILE, 0, 0, 0, 0};
    if (supply_unknown(g, seat) > 0) {
        if (i == 0) return a;
        i--;
    }
    for (int k = 0; k < g->nsupply[seat]; k++) {
        int t = g->supply[seat][k];
        if ((g->known[seat] >> t & 1) && i-- == 0) {
            a.tile = (uint8_t)t;
            break;
        }
    }
    return a;
}

static PulAction make_place(int tile, int rot, const Front *f) {
    return (PulAction){PUL_PLACE, (uint8_t)tile, (uint8_t)rot, 0, f->x, f->y};
}

static bool claimable_node(const MicropulGame *g, int node) {
    const Placed *p = &g->placed[node >> 2];
    return MV(g)->rot[p->tile][p->rot].colour[node & 3] && g->root[node] == node &&
           g->gstones[node] == 0;
}

static PulAction make_claim(const MicropulGame *g, int node) {
    const Placed *p = &g->placed[node >> 2];
    return (PulAction){PUL_CLAIM, PUL_NO_TILE, 0, (uint8_t)(node & 3), p->x, p->y};
}

/* Where the generator writes: a buffer (pick < 0: action i to out[i] while
** i < max), or only the action numbered pick, to out[0]. */
typedef struct {
    PulAction *out;
    int max, pick, n;
} Sink;

static inline void sink_put(Sink *k, PulAction a) {
    if (k->out) {
        if (k->pick < 0 ? k->n < k->max : k->n == k->pick) k->out[k->pick < 0 ? k->n : 0] = a;
    }
    k->n++;
}

static void gen_placements(const MicropulGame *g, Sink *k) {
    const MicropulVariant *v = MV(g);
    int ncells = board_candidates(g);
    int seat = g->h.to_move;
    for (int h = 0; h < g->nhand[seat]; h++) {
        int t = g->hand[seat][h];
        for (int i = 0; i < v->nrots[t]; i++) {
            int r = v->rots[t][i];
            const TileRot *tr = &v->rot[t][r];
            for (int f = 0; f < ncells; f++)
                if (fit(&g->rules, tr, &g->front[f]) == PUL_LEGAL)
                    sink_put(k, make_place(t, r, &g->front[f]));
        }
    }
}

static void gen_actions(const MicropulGame *g, Sink *k) {
    int seat = g->h.to_move;
    gen_placements(g, k);
    uint32_t ntake = take_count(g, seat);
    for (uint32_t i = 0; i < ntake; i++) sink_put(k, make_take(g, seat, i));
    if (g->stones[seat] > 0)
        for (int node = 0; node < g->nplaced * 4; node++)
            if (claimable_node(g, node)) sink_put(k, make_claim(g, node));
    if (g->in_extra) sink_put(k, (PulAction){PUL_PASS, PUL_NO_TILE, 0, 0, 0, 0});
}

int legal_placements(const PulGame *pg, PulAction *out, int max) {
    const MicropulGame *g = MGC(pg);
    if (!g->h.started || g->h.over) return 0;
    Sink k = {out, max, -1, 0};
    gen_placements(g, &k);
    return k.n;
}

int legal_actions(const PulGame *pg, PulAction *out, int max) {
    const MicropulGame *g = MGC(pg);
    if (!g->h.started || g->h.over) return 0;
    Sink k = {out, max, -1, 0};
    gen_actions(g, &k);
    return k.n;
}

bool legal_any(const MicropulGame *g) {
    int seat = g->h.to_move;
    if (g->in_extra || can_take(g, seat)) return true;
    if (g->stones[seat] > 0 && g->unclaimed > 0) return true;
    const MicropulVariant *v = MV(g);
    int ncells = board_candidates(g);
    for (int h = 0; h < g->nhand[seat]; h++) {
        int t = g->hand[seat][h];
        for (int k = 0; k < v->nrots[t]; k++) {
            const TileRot *tr = &v->rot[t][v->rots[t][k]];
            for (int f = 0; f < ncells; f++)
                if (fit(&g->rules, tr, &g->front[f]) == PUL_LEGAL) return true;
        }
    }
    return false;
}

/* Rejection sampling over a candidate space in which every legal action has
** exactly one candidate: (hand tile, rotation, open cell) with the rotation
** canonical, the take, one node per micropul (a group is drawn through its
** root), and the pass. Uniform over legal actions, and no list is built. */
bool legal_random(const PulGame *pg, PulRng *rng, PulAction *out) {
    const MicropulGame *g = MGC(pg);
    if (!g->h.started || g->h.over) return false;
    const MicropulVariant *v = MV(g);
    int seat = g->h.to_move;
    uint32_t per_cell = g->nhand[seat] * 4u;
    uint32_t nplace = per_cell * (uint32_t)board_candidates(g);
    uint32_t ntake = take_count(g, seat);
    uint32_t nclaim = g->stones[seat] > 0 && g->unclaimed > 0 ? g->nplaced * 4u : 0;
    uint32_t npass = g->in_extra;
    uint32_t space = nplace + ntake + nclaim + npass;
    /* c / per_cell as a multiply: exact for c and per_cell below 2^16. */
    uint64_t inverse = per_cell ? UINT64_C(0xFFFFFFFF) / per_cell + 1 : 0;
    uint64_t bits = 0;
    for (int tries = 0; space && tries < 128; tries++) {
        /* Each 64-bit draw serves two candidates. */
        uint32_t half = (tries & 1) ? (uint32_t)bits : (uint32_t)((bits = rng_next(rng)) >> 32);
        uint32_t c = rng_below32(half, space, rng);
        if (c < nplace) {
            uint32_t f = (uint32_t)((c * inverse) >> 32), rest = c - f * per_cell;
            int t = g->hand[seat][rest >> 2], r = (int)(rest & 3);
            const TileRot *tr = &v->rot[t][r];
            if (tr->canonical != r || fit(&g->rules, tr, &g->front[f]) != PUL_LEGAL) continue;
            *out = make_place(t, r, &g->front[f]);
            return true;
        }
        c -= nplace;
        if (c < ntake) {
            *out = make_take(g, seat, c);
            return true;
        }
        c -= ntake;
        if (c < nclaim) {
            if (!claimable_node(g, (int)c)) continue;
            *out = make_claim(g, (int)c);
            return true;
        }
        *out = (PulAction){PUL_PASS, PUL_NO_TILE, 0, 0, 0, 0};
        return true;
    }
    /* Rare: few legal actions in a large space. Count them, draw a number,
    ** and walk the generator to it. */
    Sink count = {NULL, 0, -1, 0};
    gen_actions(g, &count);
    if (count.n == 0) return false;
    Sink one = {out, 1, (int)rng_below(rng, (uint32_t)count.n), 0};
    gen_actions(g, &one);
    return true;
}
