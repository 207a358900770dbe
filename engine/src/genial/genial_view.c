/*
** genial_view.c: the Genial sections of pul.h: a variant's board and symbols
** and the reads of a game (cells, tracks, racks, bag, bonus, the turn's end,
** the placed tiles, a placement's points), and the play area's box. Each
** answers NULL, 0, -2 (a cell not in play) or false for another family's game
** or variant, so a tool may ask without knowing the family first.
*/
#include <string.h>

#include "genial_state.h"

const GenialGame *genial_game(const PulGame *g) {
    return g && genial_is_family(g->fam) ? GGC(g) : NULL;
}

const GenialVariant *genial_variant(const PulVariant *v) {
    return v && genial_is_family(v->fam) ? GVV(v) : NULL;
}

const PulBoard *pul_variant_board(const PulVariant *v) {
    const GenialVariant *gv = genial_variant(v);
    return gv ? &gv->board : NULL;
}

const PulSymbolSet *pul_variant_symbols(const PulVariant *v) {
    const GenialVariant *gv = genial_variant(v);
    return gv ? &gv->symbols : NULL;
}

/* A started Genial game, or NULL. */
static const GenialGame *started(const PulGame *g) {
    const GenialGame *gg = genial_game(g);
    return gg && gg->h.started ? gg : NULL;
}

/* The cell at (q, r) when it is in the game's play area, else GENIAL_NONE. */
static int cell_in_play(const GenialGame *g, int32_t q, int32_t r) {
    const GenialVariant *v = GV(g);
    int c = genial_cell_at(v, q, r);
    if (c == GENIAL_NONE) return GENIAL_NONE;
    int rad = v->board.area_radius[g->h.nseats];
    return genial_distance(q, r) <= rad ? c : GENIAL_NONE;
}

int pul_genial_cell(const PulGame *pg, int32_t q, int32_t r) {
    const GenialGame *g = started(pg);
    int c = g ? cell_in_play(g, q, r) : GENIAL_NONE;
    if (c == GENIAL_NONE) return -2;
    return g->cell[c] ? g->cell[c] - 1 : -1;
}

bool pul_genial_is_printed(const PulGame *pg, int32_t q, int32_t r) {
    const GenialGame *g = started(pg);
    int c = g ? cell_in_play(g, q, r) : GENIAL_NONE;
    return c != GENIAL_NONE && GV(g)->printed_index[c] != GENIAL_NONE;
}

int pul_genial_tracks(const PulGame *pg, int seat, int *out, int max) {
    const GenialGame *g = started(pg);
    if (!g || seat < 0 || seat >= g->h.nseats) return 0;
    int n = GV(g)->nsym, t = genial_track_of(g, seat);
    for (int i = 0; out && i < n && i < max; i++) out[i] = g->track[t][i];
    return n;
}

int pul_genial_track_end(const PulGame *pg) {
    const GenialGame *g = started(pg);
    return g ? genial_track_end(&g->rules) : 0;
}

int pul_genial_rack(const PulGame *pg, int seat, uint8_t *kinds, int max) {
    const GenialGame *g = started(pg);
    if (!g || seat < 0 || seat >= g->h.nseats) return 0;
    int n = g->nrack[seat];
    if (kinds && max > 0) memcpy(kinds, g->rack[seat], (size_t)(n < max ? n : max));
    return n;
}

int pul_genial_bag(const PulGame *pg) {
    const GenialGame *g = started(pg);
    return g ? g->bag_n : 0;
}

int pul_genial_bonus_owed(const PulGame *pg) {
    const GenialGame *g = started(pg);
    return g && !g->h.over && g->phase == GENIAL_BONUS ? g->bonus_owed : 0;
}

bool pul_genial_turn_end_due(const PulGame *pg) {
    const GenialGame *g = started(pg);
    return g && !g->h.over && g->phase == GENIAL_END;
}

bool pul_genial_swap_allowed(const PulGame *pg) {
    const GenialGame *g = started(pg);
    return g && genial_swap_allowed(g);
}

int pul_genial_placed(const PulGame *pg, PulGenialPlaced *out, int max) {
    const GenialGame *g = started(pg);
    if (!g) return 0;
    const GenialVariant *v = GV(g);
    const GenialArea *a = genial_area(g);
    for (int i = 0; out && i < g->nplaced && i < max; i++) {
        const GenialPlaced *p = &g->placed[i];
        int dir = 0;
        while (dir < 5 && a->nb[p->a][dir] != p->b) dir++;
        out[i] = (PulGenialPlaced){p->kind, (uint8_t)dir, p->flip, v->cell_q[p->a],
                                   v->cell_r[p->a]};
    }
    return g->nplaced;
}

bool pul_genial_points(const PulGame *pg, const PulAction *a, int points[2]) {
    const GenialGame *g = started(pg);
    if (!g || !a || a->kind != PUL_PLACE || genial_check(pg, a) != PUL_LEGAL) return false;
    const GenialVariant *v = GV(g);
    int ca = genial_cell_at(v, a->x, a->y), cb = genial_area(g)->nb[ca][a->rot];
    genial_points(g, ca, v->kind_sym[a->tile][a->quad], cb, v->kind_sym[a->tile][a->quad ^ 1],
                  a->rot, points);
    return true;
}

bool genial_bounds(const PulGame *pg, PulBounds *out) {
    const GenialGame *g = started(pg);
    if (!g) return false;
    int rad = GV(g)->board.area_radius[g->h.nseats];
    *out = (PulBounds){-rad, -rad, rad, rad};
    return true;
}
