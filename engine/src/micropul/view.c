/*
** view.c: the Micropul family's section of pul.h: a game's hand, supply,
** core, stones, board cells and groups. Each answers 0, false or NULL for a
** game of another family, so a tool may ask without knowing the family first.
*/
#include <string.h>

#include "micropul.h"

#ifndef MICROPUL_WIDE
/* The wide build's own (wide_names.h): a game of the wide layout goes there. */
bool wide_pul_game_in_extra_turn(const PulGame *g);
int wide_pul_game_core_count(const PulGame *g);
int wide_pul_game_core_drawn(const PulGame *g);
int wide_pul_game_stones(const PulGame *g, int seat);
uint64_t wide_pul_game_known(const PulGame *g, int seat);
bool wide_pul_game_knows(const PulGame *g, int seat, int tile);
const PulRules *wide_pul_game_rules(const PulGame *g);
int wide_pul_game_core_initial(const PulGame *g, uint8_t *out, int max);
int wide_pul_game_hand(const PulGame *g, int seat, uint8_t *out, int max);
int wide_pul_game_supply(const PulGame *g, int seat, uint8_t *out, int max);
int wide_pul_game_placed(const PulGame *g, PulPlaced *out, int max);
bool wide_pul_game_cell(const PulGame *g, int32_t x, int32_t y, int *tile, int *rot);
bool wide_pul_game_group(const PulGame *g, int32_t x, int32_t y, int quad, PulGroupInfo *out);
int wide_pul_game_stones_on_board(const PulGame *g, PulStone *out, int max);
#define TO_WIDE(g, call)                                                       \
    do {                                                                       \
        if ((g) && (g)->fam == &micropul_wide_family) return call;             \
    } while (0)
#else
#define TO_WIDE(g, call) ((void)0)
#endif

const MicropulGame *micropul_game(const PulGame *g) {
    return g && g->fam == &micropul_family ? MGC(g) : NULL;
}

bool pul_game_in_extra_turn(const PulGame *g) {
    TO_WIDE(g, wide_pul_game_in_extra_turn(g));
    const MicropulGame *m = micropul_game(g);
    return m && m->in_extra;
}

int pul_game_core_count(const PulGame *g) {
    TO_WIDE(g, wide_pul_game_core_count(g));
    const MicropulGame *m = micropul_game(g);
    return m ? m->ncore - m->core_top : 0;
}

int pul_game_core_drawn(const PulGame *g) {
    TO_WIDE(g, wide_pul_game_core_drawn(g));
    const MicropulGame *m = micropul_game(g);
    return m ? m->core_top : 0;
}

int pul_game_stones(const PulGame *g, int seat) {
    TO_WIDE(g, wide_pul_game_stones(g, seat));
    const MicropulGame *m = micropul_game(g);
    return m ? m->stones[seat] : 0;
}

uint64_t pul_game_known(const PulGame *g, int seat) {
    TO_WIDE(g, wide_pul_game_known(g, seat));
    const MicropulGame *m = micropul_game(g);
#ifdef MICROPUL_WIDE
    return m ? m->known[seat][0] : 0; /* tiles 0-63: pul_game_knows for the others */
#else
    return m ? m->known[seat] : 0;
#endif
}

bool pul_game_knows(const PulGame *g, int seat, int tile) {
    TO_WIDE(g, wide_pul_game_knows(g, seat, tile));
    const MicropulGame *m = micropul_game(g);
    return m && seat >= 0 && seat < m->h.nseats && tile >= 0 && tile < MV(m)->ts.ntiles &&
           known_has(m, seat, tile);
}

const PulRules *pul_game_rules(const PulGame *g) {
    TO_WIDE(g, wide_pul_game_rules(g));
    const MicropulGame *m = micropul_game(g);
    return m ? &m->rules : NULL;
}

/* How many of n entries fit a caller's buffer of max (out NULL: none). */
static int fits(const void *out, int n, int max) {
    if (!out || max <= 0) return 0;
    return n < max ? n : max;
}

int pul_game_core_initial(const PulGame *g, uint8_t *out, int max) {
    TO_WIDE(g, wide_pul_game_core_initial(g, out, max));
    const MicropulGame *m = micropul_game(g);
    if (!m) return 0;
    int n = fits(out, m->ncore, max);
    if (n) memcpy(out, m->core, (size_t)n);
    return m->ncore;
}

int pul_game_hand(const PulGame *g, int seat, uint8_t *out, int max) {
    TO_WIDE(g, wide_pul_game_hand(g, seat, out, max));
    const MicropulGame *m = micropul_game(g);
    if (!m) return 0;
    int n = fits(out, m->nhand[seat], max);
    if (n) memcpy(out, m->hand[seat], (size_t)n);
    return m->nhand[seat];
}

int pul_game_supply(const PulGame *g, int seat, uint8_t *out, int max) {
    TO_WIDE(g, wide_pul_game_supply(g, seat, out, max));
    const MicropulGame *m = micropul_game(g);
    if (!m) return 0;
    int n = fits(out, m->nsupply[seat], max);
    if (n) memcpy(out, m->supply[seat], (size_t)n);
    return m->nsupply[seat];
}

int pul_game_placed(const PulGame *g, PulPlaced *out, int max) {
    TO_WIDE(g, wide_pul_game_placed(g, out, max));
    const MicropulGame *m = micropul_game(g);
    if (!m) return 0;
    int n = fits(out, m->nplaced, max);
    for (int i = 0; i < n; i++)
            out[i] = (PulPlaced){m->placed[i].tile, m->placed[i].rot, m->placed[i].x,
                                 m->placed[i].y};
    return m->nplaced;
}

bool pul_game_cell(const PulGame *g, int32_t x, int32_t y, int *tile, int *rot) {
    TO_WIDE(g, wide_pul_game_cell(g, x, y, tile, rot));
    const MicropulGame *m = micropul_game(g);
    int j = m ? board_tile_at(m, x, y) : -1;
    if (j < 0) return false;
    if (tile) *tile = m->placed[j].tile;
    if (rot) *rot = m->placed[j].rot;
    return true;
}

bool pul_game_group(const PulGame *g, int32_t x, int32_t y, int quad, PulGroupInfo *out) {
    TO_WIDE(g, wide_pul_game_group(g, x, y, quad, out));
    const MicropulGame *m = micropul_game(g);
    int j = m ? board_tile_at(m, x, y) : -1;
    if (j < 0 || quad < 0 || quad > 3) return false;
    const Placed *p = &m->placed[j];
    const TileRot *tr = &MV(m)->rot[p->tile][p->rot];
    if (!tr->colour[quad]) return false;
    int r = m->root[j * 4 + quad];
    out->colour = tr->quad[quad];
    out->size = m->gsize[r];
    out->points = m->gpoints[r];
    out->stones = m->gstones[r];
    out->owners = m->gowners[r];
    out->closed = m->gopen[r] == 0;
    out->scorer = out->closed ? groups_scorer(m, r) : -1;
    out->id = r;
    return true;
}

int pul_game_stones_on_board(const PulGame *g, PulStone *out, int max) {
    TO_WIDE(g, wide_pul_game_stones_on_board(g, out, max));
    const MicropulGame *m = micropul_game(g);
    if (!m) return 0;
    int n = fits(out, m->nstones_placed, max);
    if (n) memcpy(out, m->stone_list, (size_t)n * sizeof *out);
    return m->nstones_placed;
}

/* The bounding box of the placed tiles, kept as tiles go down. */
bool view_bounds(const PulGame *g, PulBounds *out) {
    const MicropulGame *m = MGC(g);
    if (m->nplaced == 0) return false;
    *out = (PulBounds){m->minx, m->miny, m->maxx, m->maxy};
    return true;
}
