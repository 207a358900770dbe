/*
** snapshot.c: the state of a game before a hooked action, so that a failing
** hook leaves the game exactly as it was. It copies what one action can
** touch: the counters, the hands and supplies of the seats in play, the
** entries an action can add to the append-only lists (tiles placed, stones),
** and the frontier and group lists up to their length plus what one action
** can add. The core's order is set at the start and only read after, and
** the grid is rebuilt from the lists on a restore (rare), so the snapshot
** stays a few hundred bytes to a few kilobytes.
*/
#include <string.h>

#include "micropul.h"

/* What one action can add to each list: a tile, its frontier cells, its
** four quadrant nodes, a stone. */
enum { ADD_PLACED = 1, ADD_FRONT = 4, ADD_NODES = 4, ADD_STONES = 1 };

static int clamp(int n, int max) { return n < max ? n : max; }

/* The extents saved, from the counts before the action: placed and stones
** are the counts (an action writes only the entries after the last), front
** and nodes the entries saved from the first. */
typedef struct {
    int placed, front, nodes, stones;
} Extent;

static Extent extent(const MicropulGame *g) {
    Extent e;
    e.placed = g->nplaced;
    e.front = clamp(g->nfront + ADD_FRONT, MAX_FRONT);
    e.nodes = clamp((g->nplaced + ADD_PLACED) * 4, MAX_NODES);
    e.stones = g->nstones_placed;
    return e;
}

/* The snapshot goes into a buffer of PUL_SNAPSHOT_MAX bytes on the stack of
** the guarded apply (family_guard, hooks.h): the counters and arrays before
** the grid, at most, plus the extents. */
_Static_assert(sizeof(Extent) + offsetof(MicropulGame, grid) == MICROPUL_SNAPSHOT_MAX &&
                   MICROPUL_SNAPSHOT_MAX <= PUL_SNAPSHOT_MAX,
               "a snapshot fits in the guard's buffer");

/* Copies each saved range between the game and buf (to_buf: game -> buf). */
static size_t transfer(MicropulGame *g, unsigned char *buf, Extent e, bool to_buf) {
    size_t o = 0;
#define MOVE(ptr, bytes)                                   \
    do {                                                   \
        size_t n_ = (size_t)(bytes);                       \
        if (to_buf)                                        \
            memcpy(buf + o, (const void *)(ptr), n_);      \
        else                                               \
            memcpy((void *)(ptr), buf + o, n_);            \
        o += n_;                                           \
    } while (0)
    MOVE(g, offsetof(MicropulGame, core)); /* counters, flags, rules, what seats know */
    /* Restored first, the header says the seats in play either way. */
    for (int s = 0; s < g->h.nseats; s++) {
        MOVE(g->hand[s], sizeof g->hand[s]);
        MOVE(g->supply[s], sizeof g->supply[s]);
    }
    MOVE(&g->placed[e.placed], sizeof g->placed[0] * (size_t)clamp(ADD_PLACED, MP_TILES - e.placed));
    MOVE(g->front, sizeof g->front[0] * (size_t)e.front);
    MOVE(&g->stone_list[e.stones],
         sizeof g->stone_list[0] *
             (size_t)clamp(ADD_STONES, PUL_MAX_SEATS * PUL_MAX_STONES - e.stones));
    MOVE(g->root, sizeof g->root[0] * (size_t)e.nodes);
    MOVE(g->gnext, sizeof g->gnext[0] * (size_t)e.nodes);
    MOVE(g->gcount, sizeof g->gcount[0] * (size_t)e.nodes);
    MOVE(g->gsize, sizeof g->gsize[0] * (size_t)e.nodes);
    MOVE(g->gpoints, sizeof g->gpoints[0] * (size_t)e.nodes);
    MOVE(g->gopen, sizeof g->gopen[0] * (size_t)e.nodes);
    MOVE(g->gstones, (size_t)e.nodes);
    MOVE(g->gowners, (size_t)e.nodes);
#undef MOVE
    return o;
}

size_t snapshot_save(const MicropulGame *g, void *buf) {
    Extent e = extent(g);
    memcpy(buf, &e, sizeof e);
    return sizeof e + transfer((MicropulGame *)g, (unsigned char *)buf + sizeof e, e, true);
}

void snapshot_restore(MicropulGame *g, const void *buf) {
    Extent e;
    memcpy(&e, buf, sizeof e);
    board_clear(g); /* the cells the failed action's lists say are set */
    transfer(g, (unsigned char *)buf + sizeof e, e, false);
    for (int i = 0; i < g->nplaced; i++) g->grid[PLACED_SLOT(&g->placed[i])] = (CellCode)(i + 1);
    for (int f = 0; f < g->nfront; f++)
        g->grid[FRONT_SLOT(&g->front[f])] = (CellCode)(FRONT_BASE + f);
}
