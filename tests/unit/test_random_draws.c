/*
** test_random_draws.c: the playout path's fast parts against plain models: the
** random action (legal.c) draws what a slot-by-slot rejection draw does, the
** frontier cells board_place keeps show what their neighbours show, in the
** order a plain model of its swaps gives, and a new start leaves the grid
** set at the new board's cells only.
*/
#include "micropul.h"
#include "game_util.h"

/* Lemire's draw below n from 32 bits, more draws in its rejection zone. */
static uint32_t ref_below(PulRng *rng, uint32_t bits, uint32_t n) {
    uint64_t m = (uint64_t)bits * n;
    if ((uint32_t)m < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while ((uint32_t)m < threshold) m = (uint64_t)(uint32_t)(pul_rng_next(rng) >> 32) * n;
    }
    return (uint32_t)(m >> 32);
}

/* Rules 1 and 2 slot by slot: no two facing colours differ (rule 2), one
** pair agrees (rule 1). */
static bool ref_fits(const MicropulGame *g, const TileRot *tr, const Front *f) {
    bool attach = false;
    for (int i = 0; i < 8; i++) {
        unsigned mine = (unsigned)(tr->edge >> (8 * i)) & 0xFF;
        unsigned theirs = (unsigned)(f->ctx >> (8 * i)) & 0xFF;
        if (!mine || !theirs) continue;
        if (mine != theirs && g->rules.rule2_colours) return false;
        if (mine == theirs) attach = true;
    }
    return attach || !g->rules.rule1_attachment;
}

static bool ref_claimable(const MicropulGame *g, int node) {
    const Placed *p = &g->placed[node >> 2];
    return MV(g)->rot[p->tile][p->rot].colour[node & 3] && g->root[node] == node &&
           g->gstones[node] == 0;
}

static int ref_known(const MicropulGame *g, int seat) {
    int n = 0;
    for (int k = 0; k < g->nsupply[seat]; k++) n += (int)(g->known[seat] >> g->supply[seat][k] & 1);
    return n;
}

static uint32_t ref_ntake(const MicropulGame *g, int seat) {
    if (g->nsupply[seat] == 0 || g->nhand[seat] >= g->rules.hand_limit) return 0;
    int known = ref_known(g, seat);
    return (uint32_t)((g->nsupply[seat] - known > 0) + known);
}

/* Take i: the random one while a supply tile is unknown, then the known ones. */
static PulAction ref_take(const MicropulGame *g, int seat, uint32_t i) {
    PulAction a = {PUL_TAKE, PUL_NO_TILE, 0, 0, 0, 0};
    if (g->nsupply[seat] - ref_known(g, seat) > 0) {
        if (i == 0) return a;
        i--;
    }
    for (int k = 0; k < g->nsupply[seat]; k++) {
        int t = g->supply[seat][k];
        if ((g->known[seat] >> t & 1) && i-- == 0) a.tile = (uint8_t)t;
    }
    return a;
}

static PulAction ref_place(int t, int r, const Front *f) {
    return (PulAction){PUL_PLACE, (uint8_t)t, (uint8_t)r, 0, f->x, f->y};
}

static PulAction ref_claim(const MicropulGame *g, int node) {
    const Placed *p = &g->placed[node >> 2];
    return (PulAction){PUL_CLAIM, PUL_NO_TILE, 0, (uint8_t)(node & 3), p->x, p->y};
}

static long ref_fallbacks; /* draws that reached the list */
/* ... with a hand of one or two tiles (legal.c reads the variant's rows per
** cell) and with more (it transposes them into a table first). */
static long ref_fallbacks_small, ref_fallbacks_large;

/* The documented draw: eight tries over (cell, hand tile, rotation), takes,
** micropul nodes and the pass, two from each 64-bit draw (high half first);
** a try is kept when the rotation is canonical and fits, or the node is an
** unclaimed group's root; after eight misses, one draw over the legal
** actions listed (cells in frontier order, hand tiles by eights, each
** cell's tiles then rotations; takes; claims in node order; the pass). */
static bool ref_random(const MicropulGame *g, PulRng *rng, PulAction *out) {
    const MicropulVariant *v = MV(g);
    int seat = g->h.to_move, nh = g->nhand[seat];
    uint32_t ncells = g->rules.rule1_attachment ? g->nattach : g->nfront;
    uint32_t per_cell = (uint32_t)nh * 4, nplace = per_cell * ncells;
    uint32_t ntake = ref_ntake(g, seat);
    uint32_t nclaim = g->stones[seat] > 0 && g->unclaimed > 0 ? g->nplaced * 4u : 0;
    uint32_t space = nplace + ntake + nclaim + g->in_extra;
    if (!space) return false;
    uint64_t bits = 0;
    for (int t = 0; t < 8; t++) {
        if (t % 2 == 0) bits = pul_rng_next(rng);
        uint32_t c = ref_below(rng, t % 2 ? (uint32_t)bits : (uint32_t)(bits >> 32), space);
        if (c < nplace) {
            uint32_t f = c / per_cell, h = c % per_cell / 4, r = c % 4;
            int tile = g->hand[seat][h];
            const TileRot *tr = &v->rot[tile][r];
            if (tr->canonical != r || !ref_fits(g, tr, &g->front[f])) continue;
            *out = ref_place(tile, (int)r, &g->front[f]);
            return true;
        }
        c -= nplace;
        if (c < ntake) {
            *out = ref_take(g, seat, c);
            return true;
        }
        c -= ntake;
        if (c < nclaim) {
            if (!ref_claimable(g, (int)c)) continue;
            *out = ref_claim(g, (int)c);
            return true;
        }
        *out = (PulAction){PUL_PASS, PUL_NO_TILE, 0, 0, 0, 0};
        return true;
    }
    static PulAction list[PUL_MAX_ACTIONS];
    int n = 0;
    ref_fallbacks++;
    if (nh > 2) ref_fallbacks_large++;
    else if (nh > 0) ref_fallbacks_small++;
    for (int h0 = 0; h0 < nh; h0 += 8)
        for (uint32_t f = 0; f < ncells; f++)
            for (int h = h0; h < nh && h < h0 + 8; h++)
                for (int r = 0; r < 4; r++) {
                    int tile = g->hand[seat][h];
                    const TileRot *tr = &v->rot[tile][r];
                    if (tr->canonical == r && ref_fits(g, tr, &g->front[f]))
                        list[n++] = ref_place(tile, r, &g->front[f]);
                }
    for (uint32_t i = 0; i < ntake; i++) list[n++] = ref_take(g, seat, i);
    if (g->stones[seat] > 0)
        for (int node = 0; node < g->nplaced * 4; node++)
            if (ref_claimable(g, node)) list[n++] = ref_claim(g, node);
    if (g->in_extra) list[n++] = (PulAction){PUL_PASS, PUL_NO_TILE, 0, 0, 0, 0};
    if (!n) return false;
    *out = list[ref_below(rng, (uint32_t)(pul_rng_next(rng) >> 32), (uint32_t)n)];
    return true;
}

/* Each frontier cell against its neighbours: the colours, micropul and
** catalysts they show its slots (slot i faces their slot i ^ 4), the side
** patterns, and the order (the cells some micropul faces first). */
static bool frontier_matches(const MicropulGame *g) {
    const MicropulVariant *v = MV(g);
    for (int f = 0; f < g->nfront; f++) {
        const Front *fr = &g->front[f];
        uint64_t ctx = 0;
        unsigned mic = 0, cat = 0;
        uint8_t pat[4] = {0, 0, 0, 0};
        for (int s = 0; s < 4; s++) {
            int j = board_tile_at(g, fr->x + side_dx[s], fr->y + side_dy[s]);
            if (j < 0) continue;
            const Placed *p = &g->placed[j];
            const TileRot *tr = &v->rot[p->tile][p->rot];
            pat[s] = v->side_pat[p->tile][p->rot][s ^ 2];
            for (int k = 0; k < 2; k++) {
                int i = s * 2 + k;
                ctx |= (tr->edge >> (8 * (i ^ 4)) & 0xFF) << (8 * i);
                mic |= (unsigned)(tr->mic_slots >> (i ^ 4) & 1) << i;
                cat |= (unsigned)(tr->cat_slots >> (i ^ 4) & 1) << i;
            }
        }
        uint64_t nz = 0;
        for (int i = 0; i < 8; i++)
            if (ctx >> (8 * i) & 0xFF) nz |= UINT64_C(0x80) << (8 * i);
        if (fr->ctx != ctx || fr->ctx_nz != nz || fr->mic8 != mic || fr->cat8 != cat ||
            memcmp(fr->pat, pat, sizeof pat) != 0 || (f < g->nattach) != (mic != 0) ||
            board_front_at(g, fr->x, fr->y) != f) {
            fprintf(stderr, "  frontier cell %d (%d, %d) is not what its neighbours show it\n", f,
                    fr->x, fr->y);
            return false;
        }
    }
    return true;
}

/* The frontier's order as documented (board.c): the cells some micropul
** faces first; a cell a tile fills is swapped with the last attachable cell
** (when it is one), then with the last cell, and dropped; then each side
** N E S W of the tile: a new cell is appended, and a cell a micropul now
** faces (new, or one no micropul faced) is swapped with the first cell past
** the attachable ones, which become one more. */
typedef struct {
    int32_t x[MAX_FRONT], y[MAX_FRONT];
    int n, nattach;
} FrontModel;

static void model_swap(FrontModel *m, int i, int j) {
    int32_t x = m->x[i], y = m->y[i];
    m->x[i] = m->x[j];
    m->y[i] = m->y[j];
    m->x[j] = x;
    m->y[j] = y;
}

static int model_find(const FrontModel *m, int32_t x, int32_t y) {
    for (int i = 0; i < m->n; i++)
        if (m->x[i] == x && m->y[i] == y) return i;
    return -1;
}

/* Whether a placed tile shows a micropul to cell (x, y). */
static bool model_faced(const MicropulGame *g, int32_t x, int32_t y) {
    const MicropulVariant *v = MV(g);
    for (int s = 0; s < 4; s++) {
        int j = board_tile_at(g, x + side_dx[s], y + side_dy[s]);
        if (j < 0) continue;
        const Placed *p = &g->placed[j];
        if (v->rot[p->tile][p->rot].mic_slots >> (2 * (s ^ 2)) & 3u) return true;
    }
    return false;
}

static void model_start(FrontModel *m, const MicropulGame *g) {
    m->n = g->nfront;
    m->nattach = g->nattach;
    for (int i = 0; i < m->n; i++) {
        m->x[i] = g->front[i].x;
        m->y[i] = g->front[i].y;
    }
}

/* The model after a tile was put down at (x, y) (g: the game after it). */
static void model_place(FrontModel *m, const MicropulGame *g, int32_t x, int32_t y) {
    int i = model_find(m, x, y);
    if (i < 0) return;
    if (i < m->nattach) {
        model_swap(m, i, m->nattach - 1);
        i = --m->nattach;
    }
    model_swap(m, i, --m->n);
    for (int s = 0; s < 4; s++) {
        int32_t nx = x + side_dx[s], ny = y + side_dy[s];
        if (board_tile_at(g, nx, ny) >= 0) continue;
        int f = model_find(m, nx, ny);
        if (f < 0) {
            f = m->n++;
            m->x[f] = nx;
            m->y[f] = ny;
        } else if (f < m->nattach) {
            continue;
        }
        if (model_faced(g, nx, ny)) model_swap(m, f, m->nattach++);
    }
}

static bool model_matches(const FrontModel *m, const MicropulGame *g) {
    if (m->n != g->nfront || m->nattach != g->nattach) return false;
    for (int i = 0; i < m->n; i++)
        if (m->x[i] != g->front[i].x || m->y[i] != g->front[i].y) return false;
    return true;
}

/* The grid is set exactly at the placed and frontier cells, with their codes. */
static bool grid_matches(const MicropulGame *g) {
    int set = 0;
    for (int c = 0; c < GRID * GRID; c++) set += g->grid[c] != 0;
    if (set != g->nplaced + g->nfront) return false;
    for (int i = 0; i < g->nplaced; i++)
        if (board_tile_at(g, g->placed[i].x, g->placed[i].y) != i) return false;
    for (int f = 0; f < g->nfront; f++)
        if (board_front_at(g, g->front[f].x, g->front[f].y) != f) return false;
    return true;
}

typedef struct {
    long draws, fallbacks, mismatches, placements;
} Tally;

static void play(const PulVariant *v, int nseats, uint64_t seed, void *ctx) {
    Tally *t = ctx;
    const PulTileSet *ts = pul_variant_tileset(v);
    if (!ts || ts->ntiles > MICROPUL_SMALL_TILES) return; /* Genial; the wide layout */
    PulGame *pg = pul_game_new(v);
    CHECK(pg != NULL);
    if (!pg) return;
    CHECK(pul_game_start(pg, nseats, seed, NULL, 0, NULL) == PUL_OK);
    const MicropulGame *g = MGC(pg);
    PulRng rng;
    pul_rng_seed(&rng, seed * 31 + 5);
    static FrontModel model;
    model_start(&model, g);
    for (int step = 0; step < 400 && !pul_game_over(pg); step++) {
        if (!frontier_matches(g)) {
            CHECK(false);
            break;
        }
        if (!model_matches(&model, g)) {
            fprintf(stderr, "  %s, %d seats, seed %llu, action %d: the frontier's order is not "
                            "the model's\n",
                    pul_variant_name(v), nseats, (unsigned long long)seed, step + 1);
            CHECK(false);
            break;
        }
        PulRng ref = rng;
        PulAction a, b;
        bool got = pul_random_action(pg, &rng, &a), want = ref_random(g, &ref, &b);
        t->draws++;
        if (got != want || (got && !same_action(&a, &b)) || memcmp(&rng, &ref, sizeof rng) != 0) {
            if (t->mismatches++ == 0)
                fprintf(stderr, "  %s, %d seats, seed %llu, action %d: the draw differs from "
                                "the plain model\n",
                        pul_variant_name(v), nseats, (unsigned long long)seed, step + 1);
            CHECK(false);
            break;
        }
        if (!got) break;
        CHECK(pul_apply_trusted(pg, &a) == PUL_LEGAL);
        if (a.kind == PUL_PLACE) {
            model_place(&model, g, a.x, a.y);
            t->placements++;
        }
    }
    /* A new start on the board just played: nothing of it stays in the grid. */
    CHECK(grid_matches(g));
    CHECK(pul_game_start(pg, nseats, seed + 1, NULL, 0, NULL) == PUL_OK);
    if (!grid_matches(g)) {
        fprintf(stderr, "  %s, %d seats, seed %llu: a new start left cells of the last board\n",
                pul_variant_name(v), nseats, (unsigned long long)seed);
        CHECK(false);
    }
    pul_game_free(pg);
}

int main(void) {
    Tally t = {0, 0, 0, 0};
    each_shipped_game(20, play, &t);
    t.fallbacks = ref_fallbacks;
    /* Real games were played, and the exact draw after eight misses was reached. */
    CHECK(t.draws > 2000);
    CHECK(t.fallbacks > 0);
    CHECK(ref_fallbacks_small > 0 && ref_fallbacks_large > 0);
    CHECK(t.mismatches == 0);
    CHECK(t.placements > 500);
    if (!check_failures)
        printf("test_random_draws: %ld draws alike (%ld past the tries: %ld with a hand of 1-2, "
               "%ld of more)\n",
               t.draws, t.fallbacks, ref_fallbacks_small, ref_fallbacks_large);
    return CHECK_DONE();
}
