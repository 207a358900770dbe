/*
** board.c: cells, the bounding box and the frontier of open cells.
** Each open cell keeps the colours its neighbours show it, and the pattern
** number of each side, so legality is read off without visiting neighbours.
*/
#include <stddef.h>
#include <string.h>

#include "micropul.h"

int board_tile_at(const MicropulGame *g, int32_t x, int32_t y) {
    if (!board_in_window(g, x, y)) return -1;
    unsigned b = g->grid[board_slot(g, x, y)];
    return (b >= 1 && b < FRONT_BASE) ? (int)b - 1 : -1;
}

int board_front_at(const MicropulGame *g, int32_t x, int32_t y) {
    if (!board_in_window(g, x, y)) return -1;
    unsigned b = g->grid[board_slot(g, x, y)];
    return b >= FRONT_BASE ? (int)(b - FRONT_BASE) : -1;
}

/* The frontier keeps the cells some micropul faces first, [0, nattach):
** under rule 1 only they can take a tile, so the generators skip the rest. */
static void front_swap(MicropulGame *g, int i, int j) {
    if (i == j) return;
    Front t = g->front[i];
    g->front[i] = g->front[j];
    g->front[j] = t;
    g->grid[FRONT_SLOT(&g->front[i])] = (CellCode)(FRONT_BASE + i);
    g->grid[FRONT_SLOT(&g->front[j])] = (CellCode)(FRONT_BASE + j);
}

/* Entry from takes slot to, in the list and in the grid. */
static inline void front_move(MicropulGame *g, int to, int from) {
    g->front[to] = g->front[from];
    g->grid[FRONT_SLOT(&g->front[to])] = (CellCode)(FRONT_BASE + to);
}

/* The cell a tile now fills leaves the list: the last attachable cell takes
** its place, the last cell that one's, so the order is what two swaps give;
** the entry past the end is stale (a list is read only up to its length),
** and the caller writes the cell's grid slot. The second move is left
** pending when its place is the first past the attachable cells (the usual
** case): returned, that place (the hole) is stale and the cell to fill it
** sits just past the end, its grid slot still naming it there. A new
** attachable cell then takes the hole, and that cell stays where it is,
** which is what the two moves a swap would give come to (place_side);
** anything else fills the hole first (hole_fill). -1: nothing pending. */
static int front_remove(MicropulGame *g, int i) {
    if (i < g->nattach) {
        int last_attachable = --g->nattach;
        if (i != last_attachable) front_move(g, i, last_attachable);
        i = last_attachable;
    }
    int last = --g->nfront;
    if (i == last) return -1;
    if (i == g->nattach) return i;
    front_move(g, i, last);
    return -1;
}

/* The pending move of front_remove, done. */
static inline void hole_fill(MicropulGame *g, int *hole) {
    if (*hole >= 0) {
        front_move(g, *hole, g->nfront);
        *hole = -1;
    }
}

void board_clear(MicropulGame *g) {
#ifdef MICROPUL_WIDE
    for (int i = 0; i < g->nplaced; i++) g->grid[PLACED_SLOT(&g->placed[i])] = 0;
    for (int i = 0; i < g->nfront; i++) g->grid[FRONT_SLOT(&g->front[i])] = 0;
#else
    /* Every placed and frontier cell lies in the bounding box or the ring
    ** around it, and the grid holds nothing else (the invariant): whole rows
    ** of the box are cleared, a few wide stores each rather than a scattered
    ** byte per cell. Frontier cells come only from placed tiles. */
    if (g->nplaced) {
        int rows = g->maxy - g->miny + 3;
        if (rows > GRID) rows = GRID;
        for (int i = 0, y = g->miny - 1; i < rows; i++, y++)
            memset(&g->grid[CELL_INDEX(0, y)], 0, GRID * sizeof g->grid[0]);
    }
#endif
    g->nplaced = 0;
    g->nfront = 0;
    g->nattach = 0;
}

/* Tell the cell beyond side s of the tile just placed what the tile shows
** it; nb receives the placed index there, or -1. Inlined once per side, so
** the side's offsets and table fields are constants. */
static inline void place_side(MicropulGame *g, const PlaceRot *pr, const uint8_t *side_pat,
                              int s, int nx, int ny, unsigned slot, int *nb, int *hole) {
    CellCode *cell = &g->grid[slot];
    unsigned code = *cell;
    if (code >= 1 && code < FRONT_BASE) {
        *nb = (int)code - 1;
        return;
    }
    *nb = -1;
    if (code == 0) {
        /* A new frontier cell: the tile is all it is shown, written whole,
        ** at the end of the list, or, when the tile shows it a micropul,
        ** where the first cell past the attachable ones was, that cell
        ** moving to the end (the order a swap gives, one copy fewer): into
        ** the hole front_remove left, whose cell is at the end already. */
        PUL_ASSERT(g->nfront < MAX_FRONT);
        int f;
        if (pr->out_mic[s]) {
            f = g->nattach++;
            int end = g->nfront++;
            if (*hole >= 0)
                *hole = -1;
            else if (f != end)
                front_move(g, end, f);
        } else {
            hole_fill(g, hole);
            f = g->nfront++;
        }
        Front *fr = &g->front[f];
        fr->ctx = pr->out_ctx[s];
        fr->ctx_nz = pr->out_nz[s];
#if FRONT_TAIL
        /* x, y, mic8, cat8 and pat in one store, not eight. */
        (void)side_pat;
        uint64_t tail = pr->out_tail[s] | (uint64_t)(uint8_t)nx | (uint64_t)(uint8_t)ny << 8;
        memcpy((char *)fr + FRONT_TAIL_AT, &tail, sizeof tail);
#else
        fr->x = (Coord)nx;
        fr->y = (Coord)ny;
        fr->mic8 = pr->out_mic[s];
        fr->cat8 = pr->out_cat[s];
        memset(fr->pat, 0, sizeof fr->pat);
        fr->pat[s ^ 2] = side_pat[s];
#endif
#ifdef MICROPUL_WIDE
        fr->slot = (uint16_t)(cell - g->grid);
#endif
        *cell = (CellCode)(FRONT_BASE + f);
        return;
    }
    /* The neighbour's side s^2 faces this tile's side s, slot for slot,
    ** and showed nothing before (this cell was empty): the tables' bits
    ** are ORed in. (The cell may be the one waiting past the end for the
    ** hole: it is changed where it is.) */
    int f = (int)code - FRONT_BASE;
    Front *fr = &g->front[f];
    fr->ctx |= pr->out_ctx[s];
    fr->ctx_nz |= pr->out_nz[s];
#if FRONT_TAIL
    /* Its pattern on side s ^ 2 was 0 (the side faced this empty cell), so
    ** ORing the tail sets it, with mic8 and cat8, in one store. */
    uint64_t tail;
    memcpy(&tail, (char *)fr + FRONT_TAIL_AT, sizeof tail);
    bool was_attachable = (tail & FRONT_TAIL_MIC8) != 0;
    tail |= pr->out_tail[s];
    memcpy((char *)fr + FRONT_TAIL_AT, &tail, sizeof tail);
    if (!was_attachable && (tail & FRONT_TAIL_MIC8)) {
#else
    fr->pat[s ^ 2] = side_pat[s];
    bool was_attachable = fr->mic8 != 0;
    fr->mic8 |= pr->out_mic[s];
    fr->cat8 |= pr->out_cat[s];
    if (!was_attachable && fr->mic8) {
#endif
        hole_fill(g, hole);
        front_swap(g, (int)*cell - FRONT_BASE, g->nattach++);
    }
}

/* Put the tile down, then tell each empty neighbour what the tile shows it. */
void board_place(MicropulGame *g, int tile, int rot, int x, int y, int f_here, int nb[4]) {
    PUL_ASSERT(g->nplaced < MP_TILES);
    /* Before the frontier entry goes: a probe compares its coordinates. */
    unsigned here = board_slot(g, x, y);
    int idx = g->nplaced++;
#ifdef MICROPUL_WIDE
    g->placed[idx] = (Placed){(uint8_t)tile, (uint8_t)rot, (Coord)x, (Coord)y, (uint16_t)here};
#else
    g->placed[idx] = (Placed){(uint8_t)tile, (uint8_t)rot, (Coord)x, (Coord)y};
#endif
    int hole = -1;
    if (idx == 0) {
        g->minx = g->maxx = (Coord)x;
        g->miny = g->maxy = (Coord)y;
    } else {
        if (f_here >= 0) hole = front_remove(g, f_here);
        /* Stored whether or not they move, so that each is a conditional
        ** move: whether a tile widens the box is a coin toss to the branch
        ** predictor. */
        Coord cx = (Coord)x, cy = (Coord)y, lo, hi;
        lo = g->minx;
        hi = g->maxx;
        g->minx = cx < lo ? cx : lo;
        g->maxx = cx > hi ? cx : hi;
        lo = g->miny;
        hi = g->maxy;
        g->miny = cy < lo ? cy : lo;
        g->maxy = cy > hi ? cy : hi;
    }
    g->grid[here] = (CellCode)(idx + 1);

    const MicropulVariant *v = MV(g);
    const PlaceRot *pr = &v->place[tile][rot];
    const uint8_t *side_pat = v->side_pat[tile][rot];
    /* Sides N E S W, in that order (side_dx, side_dy): the frontier's order
    ** depends on it. The wide layout probes each neighbour's slot when its
    ** turn comes (an earlier side may have filled a slot on its chain); the
    ** small one steps from this cell's slot on the torus, a row up or down
    ** or a column across within the row, fewer instructions than each
    ** neighbour's CELL_INDEX. */
#ifdef MICROPUL_WIDE
#define NEIGHBOUR_SLOT(nx, ny, step) board_slot(g, nx, ny)
#else
    const unsigned row = GRID - 1, torus = GRID * GRID - 1;
#define NEIGHBOUR_SLOT(nx, ny, step) (step)
#endif
    place_side(g, pr, side_pat, SIDE_N, x, y - 1, NEIGHBOUR_SLOT(x, y - 1, (here - GRID) & torus),
               &nb[SIDE_N], &hole);
    place_side(g, pr, side_pat, SIDE_E, x + 1, y,
               NEIGHBOUR_SLOT(x + 1, y, (here & ~row) | ((here + 1) & row)), &nb[SIDE_E], &hole);
    place_side(g, pr, side_pat, SIDE_S, x, y + 1, NEIGHBOUR_SLOT(x, y + 1, (here + GRID) & torus),
               &nb[SIDE_S], &hole);
    place_side(g, pr, side_pat, SIDE_W, x - 1, y,
               NEIGHBOUR_SLOT(x - 1, y, (here & ~row) | ((here - 1) & row)), &nb[SIDE_W], &hole);
#undef NEIGHBOUR_SLOT
    hole_fill(g, &hole);
}
