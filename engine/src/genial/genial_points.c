/*
** genial_points.c: what a placement scores, worked out on the board before
** the tile goes down, so that apply, pul_genial_points and the bots' ordering
** share it (i13-plan.md 4.3); and a track's advance over its segment ends.
*/
#include "genial_state.h"

/* Like symbols in a straight line from cell c in direction d, c excluded:
** the area's neighbour table stops at its edge, an empty cell (0) or another
** symbol stops the run. */
static int ray(const GenialArea *a, const uint8_t *cell, int c, int d, int code) {
    int n = 0;
    for (int x = a->nb[c][d]; x != GENIAL_NONE && cell[x] == code; x = a->nb[x][d]) n++;
    return n;
}

/* A half on cell c with symbol s: the five directions but back, its other half. */
static int half(const GenialArea *a, const uint8_t *cell, int c, int s, int back) {
    int n = 0;
    for (int d = 0; d < 6; d++)
        if (d != back) n += ray(a, cell, c, d, s + 1);
    return n;
}

void genial_points(const GenialGame *g, int ca, int sa, int cb, int sb, int dir, int pts[2]) {
    const GenialArea *a = genial_area(g);
    pts[0] = half(a, g->cell, ca, sa, dir);
    pts[1] = half(a, g->cell, cb, sb, genial_opposite(dir));
}

int genial_half_points(const GenialGame *g, int c, int s) {
    return half(genial_area(g), g->cell, c, s, -1);
}

int genial_advance(const GenialRules *r, int t, int p, int *reached) {
    *reached = 0;
    int end = genial_track_end(r);
    if (p <= 0 || t >= end) return t;
    int seg_end = (t / r->track_max + 1) * r->track_max;
    if (t + p >= seg_end) {
        *reached = 1;
        return seg_end;
    }
    return t + p;
}
