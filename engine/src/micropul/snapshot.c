/*
** snapshot.c: the state of a game before a hooked action, so that a failing
** hook leaves the game exactly as it was. It copies what one action can
** touch: the counters, the hands and supplies of the seats in play, the
** entries an action can add to the append-only lists (tiles placed, stones),
** and the frontier and group lists up to their length plus what one action
** can add. The core's order is set at the start and only read after, and
** the grid is rebuilt from the lists on a restore (rare), so the snapshot
** stays a few hundred bytes to a few kilobytes. A copy of a game into
** another (search's copy) moves the same kinds of range, each list whole
** up to its length.
*/
#include <string.h>

#include "micropul.h"

/* What one action can add to each list: a tile, its frontier cells, its
** four quadrant nodes, a stone. */
enum { ADD_PLACED = 1, ADD_FRONT = 4, ADD_NODES = 4, ADD_STONES = 1 };

static int clamp(int n, int max) { return n < max ? n : max; }

/* The frontier entries and group nodes saved are rounded up to these
** steps: the library's copy of a size it is given branches on the size,
** and sizes from a few steps keep those branches the same from one
** action to the next. What is saved past the counts is put back as it
** was, which is what a restore is for. */
enum { FRONT_STEP = 8, NODE_STEP = 64 };

static int round_up(int n, int step, int max) { return clamp((n + step - 1) / step * step, max); }

/* The extents saved, from the counts before the action: placed and stones
** are the counts (an action writes only the entries after the last), front
** and nodes the entries saved from the first. */
typedef struct {
    int placed, front, nodes, stones;
} Extent;

static Extent extent(const MicropulGame *g) {
    Extent e;
    e.placed = g->nplaced;
    e.front = round_up(g->nfront + ADD_FRONT, FRONT_STEP, MAX_FRONT);
    e.nodes = round_up((g->nplaced + ADD_PLACED) * 4, NODE_STEP, MAX_NODES);
    e.stones = g->nstones_placed;
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

/* The movers are inlined into each caller, whose direction is a constant:
** each range becomes a plain copy (a save before a guarded action, and the
** bots' trials, take one per action). */
#if defined(__GNUC__)
#define MOVER static inline __attribute__((always_inline))
#else
#define MOVER static inline
#endif

/* Where a range goes: into buf, out of buf, or from the game buf is (same
** offsets) into g. */
enum { TO_BUF, FROM_BUF, FROM_GAME };

/* One pass of ranges between a game and a buffer, and how far into the
** buffer it has come. */
typedef struct {
    MicropulGame *g;
    unsigned char *buf;
    size_t at;
    int way;
} Transfer;

/* A range of a size known when compiling is copied inline (a few vector
** moves); one of a size known only from the counts by the library. */
#if defined(__GNUC__)
#define COPY(dst, src, bytes)                                                  \
    (__builtin_constant_p(bytes) ? (void)memcpy(dst, src, bytes) : copy_range(dst, src, bytes))
#else
#define COPY(dst, src, bytes) copy_range(dst, src, bytes)
#endif

MOVER void move(Transfer *t, const void *ptr, size_t bytes) {
    if (t->way == TO_BUF)
        COPY(t->buf + t->at, ptr, bytes);
    else if (t->way == FROM_BUF)
        COPY((void *)(uintptr_t)ptr, t->buf + t->at, bytes);
    else
        copy_range((void *)(uintptr_t)ptr, t->buf + ((const char *)ptr - (const char *)t->g),
                   bytes);
    t->at += bytes;
}

/* The frontier's first front entries and the group arrays' first nodes. */
MOVER void move_front_groups(Transfer *t, int front, int nodes) {
    MicropulGame *g = t->g;
    size_t n = (size_t)nodes;
    move(t, g->front, sizeof g->front[0] * (size_t)front);
    move(t, g->root, sizeof g->root[0] * n);
    move(t, g->gnext, sizeof g->gnext[0] * n);
    move(t, g->gcount, sizeof g->gcount[0] * n);
    move(t, g->gsize, sizeof g->gsize[0] * n);
    move(t, g->gpoints, sizeof g->gpoints[0] * n);
    move(t, g->gopen, sizeof g->gopen[0] * n);
    move(t, g->gstones, n);
    move(t, g->gowners, n);
}

/* Copies each range a snapshot keeps between the game and buf as way says. */
MOVER size_t transfer(MicropulGame *g, unsigned char *buf, Extent e, int way) {
    Transfer t = {g, buf, 0, way};
    move(&t, g, offsetof(MicropulGame, core)); /* counters, flags, rules, what seats know */
    /* Restored first, the header says the seats in play either way. */
    for (int s = 0; s < g->h.nseats; s++) {
        move(&t, g->hand[s], sizeof g->hand[s]);
        move(&t, g->supply[s], sizeof g->supply[s]);
    }
    /* The entries an action can add, as a window of fixed size (copied
    ** inline) that ends inside the list when the list is all but full. */
    move(&t, &g->placed[clamp(e.placed, MP_TILES - ADD_PLACED)], sizeof g->placed[0] * ADD_PLACED);
    move(&t, &g->stone_list[clamp(e.stones, PUL_MAX_SEATS * PUL_MAX_STONES - ADD_STONES)],
         sizeof g->stone_list[0] * ADD_STONES);
    move_front_groups(&t, e.front, e.nodes);
    return t.at;
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
    board_clear(dst); /* its own cells: then the grid is src's where src's lists set it */
    Transfer t = {dst, (unsigned char *)(uintptr_t)src, 0, FROM_GAME};
    move(&t, dst, offsetof(MicropulGame, placed)); /* counters, core, hands, supplies */
    move(&t, dst->placed, sizeof dst->placed[0] * (size_t)src->nplaced);
    move(&t, dst->stone_list, sizeof dst->stone_list[0] * (size_t)src->nstones_placed);
    move_front_groups(&t, src->nfront, src->nplaced * 4);
    grid_from_lists(dst);
}
