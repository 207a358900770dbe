/*
** game.h: the one game state (a flat struct copied with memcpy) and the
** internal functions of the board, groups, turn-flow and legality modules.
*/
#ifndef PUL_GAME_H
#define PUL_GAME_H

#include "variant.h"

/* The board is a torus: a connected layout of at most PUL_MAX_TILES tiles
** spans fewer than GRID cells in each direction, frontier included, so no
** two cells that matter share a slot. Coordinates outside the bounding box
** plus one are rejected before the grid is consulted. */
#define GRID_BITS 6
#define GRID (1 << GRID_BITS)
#define CELL_INDEX(x, y) ((((unsigned)(y) & (GRID - 1)) << GRID_BITS) | ((unsigned)(x) & (GRID - 1)))

/* A grid byte: 0 empty, 1..PUL_MAX_TILES a placed tile (index + 1),
** FRONT_BASE + i the empty cell i of the frontier list. */
#define FRONT_BASE 64
#define MAX_FRONT 128   /* a frontier never exceeds 2 * tiles + 2 cells */
#define MAX_NODES (PUL_MAX_TILES * 4)

typedef struct {
    uint8_t tile, rot;
    int8_t x, y;
} Placed;

/* An empty cell next to the board, with what its neighbours show it. */
typedef struct {
    uint64_t ctx;     /* byte i: colour code facing slot i, 0 when none */
    uint64_t ctx_nz;  /* bytes_nonzero(ctx) */
    int8_t x, y;
    uint8_t mic8;     /* bit i: a micropul faces slot i */
    uint8_t cat8;     /* bit i: a catalyst faces slot i */
} Front;

struct PulGame {
    /* Counters and flags: cleared at every start. */
    const PulVariant *v;
    PulRng rng;               /* random takes */
    uint64_t seed;            /* what rng was seeded with */
    uint8_t started, nseats, to_move;
    uint8_t in_extra;         /* the current turn is an extra turn */
    uint8_t extra_left;       /* extra turns earned and not yet begun */
    uint8_t over, end_reason;
    int8_t loser;
    int32_t turns;            /* actions applied: up to PUL_ACTION_LIMIT */
    uint8_t ncore, core_top;  /* core[core_top..ncore) is still in the core */
    uint8_t nhand[PUL_MAX_SEATS], nsupply[PUL_MAX_SEATS], stones[PUL_MAX_SEATS];
    int32_t group_points[PUL_MAX_SEATS];   /* points from scoring closed groups */
    uint8_t nplaced, nfront, nstones_placed;
    uint8_t nattach;          /* frontier cells some micropul faces: front[0..nattach) */
    int8_t minx, maxx, miny, maxy;
    int16_t unclaimed;        /* groups carrying no stone */
    PulRules rules;           /* the variant's, as its setup hook left them */
    uint64_t known[PUL_MAX_SEATS];        /* bit t: seat knows supply tile t (revealed) */
    int32_t final_adjust[PUL_MAX_SEATS];  /* final_scores hook: added to the rules' totals */
    uint8_t script_winners;   /* final_scores hook: bit per winning seat; 0: by the scores */

    /* Arrays: each entry is written before it is read, so a start need not
    ** clear them (the grid is cleared cell by cell, see pul_game_start). */
    uint8_t core[PUL_MAX_TILES];
    uint8_t hand[PUL_MAX_SEATS][PUL_MAX_HAND];
    uint8_t supply[PUL_MAX_SEATS][PUL_MAX_TILES];
    Placed placed[PUL_MAX_TILES];
    Front front[MAX_FRONT];
    PulStone stone_list[PUL_MAX_SEATS * PUL_MAX_STONES];

    /* Groups over micropul quadrants, node = placed index * 4 + quad. Every
    ** node points straight at its group's root (the smaller group is
    ** relabelled on a merge, through the circular member list), so reading a
    ** group never walks a chain. Root fields hold the whole group's figures. */
    uint8_t root[MAX_NODES];
    uint8_t gnext[MAX_NODES];      /* next member, circular */
    uint8_t gcount[MAX_NODES];     /* members (quadrant nodes) */
    uint8_t gsize[MAX_NODES];      /* micropul, a big one counting 1 */
    int32_t gpoints[MAX_NODES];    /* worth when it scores: up to MAX_NODES x 1000 */
    int16_t gopen[MAX_NODES];      /* outward slots facing an empty cell */
    uint8_t gstones[MAX_NODES];
    uint8_t gowners[MAX_NODES];    /* bit s: seat s has a stone on it */

    /* Non-zero exactly at placed and frontier cells (an invariant every
    ** function keeps), so a start clears only those. */
    uint8_t grid[GRID * GRID];
};

/* The counters' widths hold what an edition can drive them to: a game ends
** at PUL_ACTION_LIMIT actions, and a group is worth at most its micropul
** times the largest points rule (RULES_POINTS_MAX, common.h). */
_Static_assert(PUL_ACTION_LIMIT <= INT32_MAX, "turns counts up to the action limit");
_Static_assert((int64_t)MAX_NODES * RULES_POINTS_MAX <= INT32_MAX,
               "gpoints holds the worth of a group of every micropul");
_Static_assert(MAX_NODES <= 255, "node indexes are bytes (root, gnext)");

/* board.c */
static inline bool board_in_window(const PulGame *g, int32_t x, int32_t y) {
    return x >= g->minx - 1 && x <= g->maxx + 1 && y >= g->miny - 1 && y <= g->maxy + 1;
}
/* Placed index at (x, y), or -1. */
int board_tile_at(const PulGame *g, int32_t x, int32_t y);
/* Frontier index at (x, y), or -1. */
int board_front_at(const PulGame *g, int32_t x, int32_t y);
/* Frontier cells a placement could use: under rule 1 only those some
** micropul faces (they come first in the list). */
static inline int board_candidates(const PulGame *g) {
    return g->rules.rule1_attachment ? g->nattach : g->nfront;
}
/* Put a tile down on frontier cell f (-1 for the start tile); nb receives
** the placed index on each side N E S W, or -1. */
void board_place(PulGame *g, int tile, int rot, int x, int y, int f, int nb[4]);
/* Empty the board: clears exactly the cells the invariant allows to be set. */
void board_clear(PulGame *g);

/* groups.c */
/* Add the nodes of the just-placed tile and join them; emits MERGED/CLOSED.
** seen is what the cell's neighbours showed it before (its frontier entry). */
void groups_add_tile(PulGame *g, int idx, const int nb[4], const Front *seen, PulEvents *ev);
/* Score of a closed group's root for one seat's stone rules: owner seat or -1. */
int groups_scorer(const PulGame *g, int root);
void groups_claim(PulGame *g, int root, int seat);
void groups_recount(const PulGame *g, int *points);

/* legal.c */
bool legal_any(const PulGame *g);
PulReason legal_check_place(const PulGame *g, const PulAction *a);

/* Supply tiles of seat it does not know (all of them unless a script revealed some). */
static inline int supply_unknown(const PulGame *g, int seat) {
    uint64_t known = g->known[seat]; /* 0 unless a script revealed tiles: skip the count */
    return g->nsupply[seat] - (known ? popcount64(known) : 0);
}

/* apply.c */
/* Move up to want tiles from the core to seat's supply (a DREW event). */
int game_draw_tiles(PulGame *g, int seat, int want, PulEvents *ev);

/* snapshot.c */
/* Save what one action can change into buf (SNAPSHOT_BYTES bytes, which
** snapshot.c checks: its extents and the game up to the grid), and put it
** back: the game is then byte-identical to when it was saved. */
#define SNAPSHOT_BYTES (4 * sizeof(int) + offsetof(PulGame, grid))
void snapshot_save(const PulGame *g, void *buf);
void snapshot_restore(PulGame *g, const void *buf);

/* turn.c */
/* The game ends now (a GAME_OVER event). */
void game_end(PulGame *g, PulEndReason reason, int loser, PulEvents *ev);
/* End the current action: empty-core end, extra turns, next seat, losses. */
void turn_finish(PulGame *g, bool earned_extra, int extra_count, PulEvents *ev);
/* The start-of-turn checks (no tiles, no action), for the seat to move. */
void turn_begin_checks(PulGame *g, PulEvents *ev);

/* events */
static inline PulEvent *event_push(PulEvents *ev, int kind, int seat) {
    if (!ev || ev->n >= PUL_MAX_EVENTS) return NULL;
    PulEvent *e = &ev->ev[ev->n++];
    *e = (PulEvent){0};
    e->kind = (uint8_t)kind;
    e->seat = (int8_t)seat;
    return e;
}

#endif
