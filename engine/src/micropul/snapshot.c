/*
** snapshot.c: the state of a game before a hooked action, so that a failing
** hook leaves the game exactly as it was. It copies what one action can
** touch: the counters, the small per-seat arrays, and each list up to its
** length plus what one action can add. The grid is rebuilt from the lists on
** a restore (rare), so the snapshot stays a few kilobytes. The same ranges,
** each list only up to its length, copy a game to another (search's copy).
*/
#include <string.h>

#include "micropul.h"

/* What one action can add to each list: a tile, its frontier cells, its
** four quadrant nodes, a stone. */
enum { ADD_PLACED = 1, ADD_FRONT = 4, ADD_NODES = 4, ADD_STONES = 1 };

static int clamp(int n, int max) { return n < max ? n : max; }

/* The extents saved, from the counts before the action. */
typedef struct {
    int placed, front, nodes, stones;
} Extent;

static Extent extent(const MicropulGame *g) {
    Extent e;
    e.placed = clamp(g->nplaced + ADD_PLACED, MP_TILES);
    e.front = clamp(g->nfront + ADD_FRONT, MAX_FRONT);
    e.nodes = clamp((g->nplaced + ADD_PLACED) * 4, MAX_NODES);
    e.stones = clamp(g->nstones_placed + ADD_STONES, PUL_MAX_SEATS * PUL_MAX_STONES);
    return e;
}

/* The snapshot goes into a buffer of PUL_SNAPSHOT_MAX bytes on the stack of
** the guarded apply (family_guard, hooks.h): the counters and arrays before
** the grid, at most, plus the extents. */
_Static_assert(sizeof(Extent) + offsetof(MicropulGame, grid) == MICROPUL_SNAPSHOT_MAX &&
                   MICROPUL_SNAPSHOT_MAX <= PUL_SNAPSHOT_MAX,
               "a snapshot fits in the guard's buffer");

/* A range of one game into another, by the C library's memcpy: inlined,
** gcc makes each such copy of a size it only knows to be a multiple of 8 a
** rep movsq, whose start-up costs more than the few hundred bytes it moves
** (search copies a game's dozen ranges every iteration). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void copy_range(void *dst, const void *src, size_t bytes) {
    memcpy(dst, src, bytes);
}

/* Where transfer moves each range: into buf, out of buf, or from the game
** buf is (same offsets) into g. */
enum { TO_BUF, FROM_BUF, FROM_GAME };

/* Copies each saved range between the game and buf as way says. */
static size_t transfer(MicropulGame *g, unsigned char *buf, Extent e, int way) {
    size_t o = 0;
#define MOVE(ptr, bytes)                                                              \
    do {                                                                              \
        size_t n_ = (size_t)(bytes);                                                  \
        if (way == TO_BUF)                                                            \
            memcpy(buf + o, (const void *)(ptr), n_);                                 \
        else if (way == FROM_BUF)                                                     \
            memcpy((void *)(ptr), buf + o, n_);                                       \
        else                                                                          \
            copy_range((void *)(ptr), buf + ((const char *)(ptr) - (const char *)g), n_); \
        o += n_;                                                                      \
    } while (0)
    MOVE(g, offsetof(MicropulGame, placed)); /* counters, core, hands, supplies */
    MOVE(g->placed, sizeof g->placed[0] * (size_t)e.placed);
    MOVE(g->front, sizeof g->front[0] * (size_t)e.front);
    MOVE(g->stone_list, sizeof g->stone_list[0] * (size_t)e.stones);
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
    return sizeof e + transfer((MicropulGame *)g, (unsigned char *)buf + sizeof e, e, TO_BUF);
}

/* The grid's cells from the lists (the grid clear but at them, micropul.h). */
static void grid_from_lists(MicropulGame *g) {
    for (int i = 0; i < g->nplaced; i++) g->grid[PLACED_SLOT(&g->placed[i])] = (CellCode)(i + 1);
    for (int f = 0; f < g->nfront; f++)
        g->grid[FRONT_SLOT(&g->front[f])] = (CellCode)(FRONT_BASE + f);
}

void snapshot_restore(MicropulGame *g, const void *buf) {
    Extent e;
    memcpy(&e, buf, sizeof e);
    board_clear(g); /* the cells the failed action's lists say are set */
    transfer(g, (unsigned char *)buf + sizeof e, e, FROM_BUF);
    grid_from_lists(g);
}

void snapshot_copy_used(MicropulGame *dst, const MicropulGame *src) {
    Extent e = {src->nplaced, src->nfront, src->nplaced * 4, src->nstones_placed};
    board_clear(dst); /* its own cells: then the grid is src's where src's lists set it */
    transfer(dst, (unsigned char *)(uintptr_t)src, e, FROM_GAME);
    grid_from_lists(dst);
}
