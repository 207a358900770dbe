/*
** genial_points.c: what a placement scores, worked out on the board before
** the tile goes down, so that apply, pul_genial_points and the bots' ordering
** share it (i13-plan.md 4.3); and a track's advance over its segment ends.
*/
#include "genial_state.h"

/* A half of symbol code - 1 on empty cell c: the like symbols in a straight
** line from c in each direction, c excluded. The area's neighbour table gives
** GENIAL_NONE past its edge, and cell[GENIAL_NONE] is never a cell (the
** array has one byte more, always 0), so an edge stops a run as an empty
** cell or another symbol does, with no test of its own. The direction into
** the other half counts too: that cell is empty (the tile is not down), so
** it adds 0, and no direction need be left out. */
static inline int ray(const GenialArea *a, const uint8_t *cell, int x, int d, int code) {
    int n = 0;
    for (; cell[x] == code; x = a->nb[x][d]) n++;
    return n;
}

static inline int half(const GenialArea *a, const uint8_t *cell, int c, int code) {
    const uint8_t *nb = a->nb[c];
    /* written out: most runs are empty, one test each */
    return ray(a, cell, nb[0], 0, code) + ray(a, cell, nb[1], 1, code) +
           ray(a, cell, nb[2], 2, code) + ray(a, cell, nb[3], 3, code) +
           ray(a, cell, nb[4], 4, code) + ray(a, cell, nb[5], 5, code);
}

void genial_points(const GenialGame *g, int ca, int sa, int cb, int sb, int dir, int pts[2]) {
    (void)dir; /* cb is ca's neighbour that way: empty, so it scores nothing */
    const GenialArea *a = genial_area(g);
    pts[0] = half(a, g->cell, ca, sa + 1);
    pts[1] = half(a, g->cell, cb, sb + 1);
}

int genial_half_points(const GenialGame *g, int c, int s) {
    return half(genial_area(g), g->cell, c, s + 1);
}
