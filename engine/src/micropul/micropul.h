/*
** micropul.h: the Micropul family's state and tables: its game (a flat block
** beginning with the common header, copied with memcpy), its compiled variant,
** and the internal functions of its board, groups, turn-flow and legality modules.
*/
#ifndef PUL_MICROPUL_H
#define PUL_MICROPUL_H

#include "game.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Two layouts of the same code (issue 15, point 7). A tile set of up to
** MICROPUL_SMALL_TILES tiles plays on the small layout: byte cells, byte node
** ids, int8 coordinates, a 64-bit known set, a direct-mapped 64 x 64 torus,
** about 12 KB a game, which is what search copies per iteration. A larger set
** (up to PUL_MAX_TILES) plays on the wide layout: every file of this folder
** that reads the state is compiled a second time with MICROPUL_WIDE defined
** (micropul/CMakeLists.txt), its external names renamed by wide_names.h, into
** a family table of its own (micropul_wide_family) that the variant picks when
** it compiles. So the small editions run the code and copy the bytes they did
** before, and the wide layout costs only the editions that need it. */
#define MICROPUL_SMALL_TILES 62
#ifdef MICROPUL_WIDE
#include "wide_names.h" /* also forced first into each wide file, before pul.h */
#endif
/* The wide layout's table, and where the small build's public functions
** (view.c) send a wide game. */
extern const Family micropul_wide_family;

/* A cell's eight outward slots, two per side: slot = side * 2 + k.
**   N: nw ne   E: ne se   S: sw se   W: nw sw
** Slot side*2+k of a cell faces slot (side^2)*2+k of its neighbour on that
** side, so one byte index pairs both ends of every cross-edge pair. */
enum { SIDE_N = 0, SIDE_E = 1, SIDE_S = 2, SIDE_W = 3 };
extern const uint8_t slot_quad[8];
extern const int8_t side_dx[4], side_dy[4];

typedef struct {
    uint64_t edge;      /* byte i: colour code (micropul feature + 1) on slot i, else 0 */
    uint64_t edge_nz;   /* 0x80 in byte i where edge byte i is not 0 */
    uint8_t quad[4];    /* feature per quadrant */
    uint8_t colour[4];  /* colour code per quadrant, 0 when not a micropul */
    uint8_t mic_slots;  /* bit i: slot i shows a micropul */
    uint8_t cat_slots;  /* bit i: slot i shows a catalyst (a big centre touches all 8) */
    uint8_t canonical;  /* lowest rotation giving the same layout */
} TileRot;

/* A group node's id, also a node count (gcount, gsize): wide enough for
** MAX_NODES of the layout (below). */
#ifdef MICROPUL_WIDE
typedef uint16_t NodeId;
#else
typedef uint8_t NodeId;
#endif

/* Side patterns a variant may number for the tables (a pattern id is a byte). */
#define LEGAL_MAX_PATTERNS 256
/* What placing one rotated tile does (place_tables.c), so that placing is
** table work. Quadrant q's in-tile group is rooted at lroot[q], the lowest
** quadrant of its colour it touches; the fields at a root hold the group's
** figures (elsewhere 0). The fields every apply reads come first, side by
** side: the table (a few hundred entries of 512 bytes) is far larger than
** the first-level cache, so a placement pays for each line it touches. */
typedef struct {
    /* What the tile shows the cell beyond its side s, in that cell's frame:
    ** its side s ^ 2 faced the empty cell this tile fills, so showed nothing
    ** before, and board_place only ORs these in (colour bytes, their
    ** bytes_nonzero marks, micropul and catalyst slots). */
    uint64_t out_ctx[4], out_nz[4];
    /* The same for the small layout's frontier entry past its colours
    ** (FRONT_TAIL): its micropul and catalyst slots and the pattern of
    ** side s ^ 2 where a Front keeps them, the coordinates' bytes 0. */
    uint64_t out_tail[4];
    /* Per node of a tile: its micropul as (small, big) counts, so that one
    ** multiply-add of pairs by (points_micropul, points_big) gives the four
    ** nodes' points (groups_add_tile). */
    int16_t node_sb[4][2];
    /* The figures below in the game's own types, so that groups_add_tile
    ** copies a tile's four nodes whole: node ids of a tile placed at index 0
    ** (lroot, lnext), lcount, lsize, and open_empty per quadrant. */
    NodeId node_root[4], node_next[4], node_count[4], node_size[4];
    /* Per set of empty sides (bit s: side s): the in-tile roots (bit q) with
    ** no open edge once the tile is down, which may close with it. */
    uint8_t shut[16];
    uint8_t roots[4];      /* the in-tile roots, ascending */
    uint8_t ngroups;       /* in-tile groups */
    bool big;
    uint8_t out_mic[4], out_cat[4];
    /* Catalysts firing at a set of quadrants (a bit each; a big tile's centre
    ** fires once for any): draws | extra turns << 16. A catalyst draws at
    ** most 1000 tiles (tileset.c) and a placement fires at most 12, so sums
    ** stay within the low 16 bits. */
    uint32_t fire[16];
    int16_t node_open[16][4];
    uint8_t lroot[4];      /* in-tile root of each quadrant (itself when no micropul) */
    uint8_t lnext[4];      /* next member of its in-tile group, circular */
    uint8_t lcount[4];     /* members (quadrants) at each root */
    uint8_t lsize[4];      /* micropul at each root, a big one counting 1 */
    uint32_t open_side[4]; /* per side: byte q is root q's micropul slots on it */
    uint32_t open_empty[16]; /* open_side summed over a set of empty sides (bit s: side s) */
    /* Up to a power of two: the hot loops index the table by tile and
    ** rotation, and a shift beats the multiply-adds of 384 bytes (the wide
    ** layout's node ids take 16 more). */
#ifdef MICROPUL_WIDE
    uint8_t pad[46];
#else
    uint8_t pad[62];
#endif
} PlaceRot;
_Static_assert(sizeof(PlaceRot) == 512, "PlaceRot's pad brings it to 512 bytes");

/* Tiles one layout holds (MicropulVariant, MicropulGame). */
#ifdef MICROPUL_WIDE
#define MP_TILES PUL_MAX_TILES
#else
#define MP_TILES MICROPUL_SMALL_TILES
#endif

typedef struct MicropulVariant {
    PulVariant h;                       /* first: a MicropulVariant * is a PulVariant * */
    PulTileSet ts;
    PulRules rules;
    TileRot rot[MP_TILES][4];
    uint8_t nrots[MP_TILES];       /* distinct layouts of each tile */
    uint8_t rots[MP_TILES][4];     /* their (lowest) rotations */
    int32_t draw[PUL_MAX_FEATURES];     /* per feature: tiles a catalyst draws */
    bool extra[PUL_MAX_FEATURES];       /* per feature: a catalyst granting an extra turn */
    /* Legality tables (compile.c, read by legal.c and board.c). A pattern is
    ** the pair of colour codes one side of a tile shows its neighbour; the
    ** variant numbers the distinct ones, 0 for a side showing none. */
    uint16_t npat;                      /* patterns; 0: too many, legal.c tests slot by slot */
    uint8_t canon[MP_TILES];       /* bit r: rotation r is canonical */
    uint8_t side_pat[MP_TILES][4][4]; /* [tile][rot][side]: the pattern that side shows */
    /* [tile][pattern * 4 + side]: for a cell whose neighbour on that side
    ** shows that pattern, bit r (canonical rotations only): rotation r agrees
    ** in colour there (rule 2); bit 4 + r: it attaches there (rule 1). */
    uint8_t fitb[MP_TILES][4 * LEGAL_MAX_PATTERNS];
    PlaceRot place[MP_TILES][4];   /* place_tables.c */
    uint8_t slot_quads[256];            /* quadrants (a bit each) of a set of slots */
} MicropulVariant;

/* The board is a torus of GRID x GRID cells. Small layout: a connected
** layout of at most MICROPUL_SMALL_TILES tiles spans fewer than GRID cells
** in each direction, frontier included, so no two cells that matter share a
** slot and a cell's slot is CELL_INDEX(x, y). Wide layout: a layout may span
** more than GRID (a line of every tile), so a cell sits in the first slot
** from CELL_INDEX(x, y) on (wrapping) that is empty or holds it, found by
** comparing the coordinates of the tile or frontier entry a slot names
** (board_slot); cells are never removed one by one (a frontier cell turns
** into a placed one in its slot), so the probe chains stay whole, and each
** entry keeps its slot, so a restore puts every code back where it was. The
** grid holds at most 3 * PUL_MAX_TILES + 2 of its 4096 slots: probes end.
** Coordinates outside the bounding box plus one are rejected before the grid
** is consulted. */
#define GRID_BITS 6
#define GRID (1 << GRID_BITS)
#define CELL_INDEX(x, y) ((((unsigned)(y) & (GRID - 1)) << GRID_BITS) | ((unsigned)(x) & (GRID - 1)))

/* A grid cell: 0 empty, 1..MP_TILES a placed tile (index + 1), FRONT_BASE + i
** the empty cell i of the frontier list. A node is placed index * 4 + quad. */
#define MAX_FRONT (2 * MP_TILES + 4)   /* a frontier never exceeds 2 * tiles + 2 cells */
#define MAX_NODES (MP_TILES * 4)
#ifdef MICROPUL_WIDE
#define FRONT_BASE 256
typedef uint16_t CellCode;
typedef uint16_t FrontIndex; /* a frontier count or index */
typedef int16_t Coord;
#define KNOWN_WORDS ((MP_TILES + 63) / 64)
#else
#define FRONT_BASE 64
typedef uint8_t CellCode;
typedef uint8_t FrontIndex;
typedef int8_t Coord;
#endif

typedef struct {
    uint8_t tile, rot;
    Coord x, y;
#ifdef MICROPUL_WIDE
    uint16_t slot;    /* its grid slot (board_slot) */
#endif
} Placed;

/* An empty cell next to the board, with what its neighbours show it. */
typedef struct {
    uint64_t ctx;     /* byte i: colour code facing slot i, 0 when none */
    uint64_t ctx_nz;  /* bytes_nonzero(ctx) */
    Coord x, y;
    uint8_t mic8;     /* bit i: a micropul faces slot i */
    uint8_t cat8;     /* bit i: a catalyst faces slot i */
    uint8_t pat[4];   /* per side: the pattern its neighbour shows (0: none; MicropulVariant) */
#ifdef MICROPUL_WIDE
    uint16_t slot;    /* its grid slot (board_slot) */
#endif
} Front;

/* On the small layout a frontier entry's eight bytes past its colours (x,
** y, mic8, cat8, pat) are one little-endian word to board_place, which
** writes or ORs them whole (PlaceRot's out_tail). */
#if !defined(MICROPUL_WIDE) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define FRONT_TAIL 1
#define FRONT_TAIL_AT offsetof(Front, x)
/* The tail's mic8 byte: the cell faces a micropul (is attachable) when it is not 0. */
#define FRONT_TAIL_MIC8 ((uint64_t)0xFF << 8 * (offsetof(Front, mic8) - FRONT_TAIL_AT))
_Static_assert(offsetof(Front, x) == 16 && offsetof(Front, y) == 17 && offsetof(Front, mic8) == 18 &&
                   offsetof(Front, cat8) == 19 && offsetof(Front, pat) == 20 && sizeof(Front) == 24,
               "a Front's tail is x, y, mic8, cat8 and pat[4], in eight bytes");
#else
#define FRONT_TAIL 0
#endif

typedef struct MicropulGame {
    PulGame h;                /* first: a MicropulGame * is a PulGame * (see MG) */
    /* Counters and flags: cleared at every start (with the header). */
    uint8_t in_extra;         /* the current turn is an extra turn */
    uint8_t extra_left;       /* extra turns earned and not yet begun */
    uint8_t ncore, core_top;  /* core[core_top..ncore) is still in the core */
    uint8_t nhand[PUL_MAX_SEATS], nsupply[PUL_MAX_SEATS], stones[PUL_MAX_SEATS];
    int32_t group_points[PUL_MAX_SEATS];   /* points from scoring closed groups */
    uint8_t nplaced;
    FrontIndex nfront;
    uint8_t nstones_placed;
    FrontIndex nattach;       /* frontier cells some micropul faces: front[0..nattach) */
    Coord minx, maxx, miny, maxy;
    int16_t unclaimed;        /* groups carrying no stone */
    PulRules rules;           /* the variant's, as its setup hook left them */
#ifdef MICROPUL_WIDE
    uint64_t known[PUL_MAX_SEATS][KNOWN_WORDS]; /* (known_has) */
#else
    uint64_t known[PUL_MAX_SEATS];        /* bit t: seat knows supply tile t (revealed) */
#endif

    /* Arrays: each entry is written before it is read, so a start need not
    ** clear them (the grid is cleared cell by cell, see pul_game_start). */
    uint8_t core[MP_TILES];
    uint8_t hand[PUL_MAX_SEATS][PUL_MAX_HAND];
    uint8_t supply[PUL_MAX_SEATS][MP_TILES];
    Placed placed[MP_TILES];
    Front front[MAX_FRONT];
    PulStone stone_list[PUL_MAX_SEATS * PUL_MAX_STONES];

    /* Groups over micropul quadrants, node = placed index * 4 + quad. Every
    ** node points straight at its group's root (the smaller group is
    ** relabelled on a merge, through the circular member list), so reading a
    ** group never walks a chain. Root fields hold the whole group's figures. */
    NodeId root[MAX_NODES];
    NodeId gnext[MAX_NODES];       /* next member, circular */
    NodeId gcount[MAX_NODES];      /* members (quadrant nodes) */
    NodeId gsize[MAX_NODES];       /* micropul, a big one counting 1 */
    int32_t gpoints[MAX_NODES];    /* worth when it scores: up to MAX_NODES x 1000 */
    int16_t gopen[MAX_NODES];      /* outward slots facing an empty cell */
    uint8_t gstones[MAX_NODES];
    uint8_t gowners[MAX_NODES];    /* bit s: seat s has a stone on it */

    /* Non-zero exactly at placed and frontier cells (an invariant every
    ** function keeps), so a start clears only those. */
    CellCode grid[GRID * GRID];
} MicropulGame;

/* The header as a member, not a field list shared by two structs: family/ reads
** it through PulGame *, micropul/ writes it through MicropulGame *, and since
** every access is to a real PulGame object (C11 6.7.2.1p15: a pointer to a
** struct, converted, points to its first member) strict aliasing holds even
** when LTO inlines one into the other. MG/MV convert a game or variant known
** to be Micropul's; micropul_game (view.c) checks the family first. */
static inline MicropulGame *MG(PulGame *g) { return (MicropulGame *)(void *)g; }
static inline const MicropulGame *MGC(const PulGame *g) {
    return (const MicropulGame *)(const void *)g;
}
static inline const MicropulVariant *MV(const MicropulGame *g) {
    return (const MicropulVariant *)(const void *)g->h.v;
}
static inline const MicropulVariant *MVV(const PulVariant *v) {
    return (const MicropulVariant *)(const void *)v;
}

/* The counters' widths hold what an edition can drive them to: a game ends
** at PUL_ACTION_LIMIT actions, and a group is worth at most its micropul
** times the largest points rule (RULES_POINTS_MAX, common.h). */
_Static_assert(PUL_ACTION_LIMIT <= INT32_MAX, "turns counts up to the action limit");
_Static_assert((int64_t)MAX_NODES * RULES_POINTS_MAX <= INT32_MAX,
               "gpoints holds the worth of a group of every micropul");
_Static_assert(MAX_NODES <= (NodeId)-1, "node indexes fit NodeId (root, gnext)");

/* The table (micropul.c) and the slots' implementations, by file. */
extern const Family micropul_family;
extern const FamilyParams micropul_params;                                    /* params.c */
/* g as a Micropul game, or NULL when g is not one (view.c). */
const MicropulGame *micropul_game(const PulGame *g);
PulStatus compile_variant(PulVariant *v, PulError *err);                       /* compile.c */
/* Clear a game for a start (the counters and the cells in use), keeping its
** variant, with these rules and seats. */
void start_reset(MicropulGame *g, const PulRules *rules, int nseats);
PulStatus start_game(PulGame *g, int nseats, uint64_t seed, const uint8_t *core, int ncore,
                     PulError *err);                                           /* start.c */
int legal_actions(const PulGame *g, PulAction *out, int max);                  /* legal.c */
int legal_placements(const PulGame *g, PulAction *out, int max);
bool legal_random(const PulGame *g, PulRng *rng, PulAction *out);
int legal_random_n(const PulGame *g, PulRng *rng, PulAction *out, int n);
PulReason apply_check(const PulGame *g, const PulAction *a);                   /* apply.c */
PulReason apply_action(PulGame *g, const PulAction *a, PulEvents *ev);
PulReason apply_trusted(PulGame *g, const PulAction *a);
void apply_events_action(const PulEvents *ev, PulAction *out);
/* Draws | extra turns << 16 that placing tile in rotation rot on the cell
** seen fires (nb: the placed index on each side, or -1), before or after. */
uint32_t apply_fired(const MicropulGame *g, int tile, int rot, const int nb[4], const Front *seen);
void score_totals(const PulGame *g, int *scores);                              /* score.c */
int score_winners(const PulGame *g, int *seats, int max);
void observe_seat(const PulGame *g, int seat, PulObservation *out);            /* observe.c */
/* observe_seat for o holding an earlier observation of that seat of g (pul_observe_update) */
void observe_seat_update(const PulGame *g, int seat, PulObservation *o);      /* observe.c */
PulStatus determinize_game(PulGame *g, const PulObservation *obs, PulRng *rng,
                           PulError *err);                                     /* determinize.c */
bool view_bounds(const PulGame *g, PulBounds *out);                            /* view.c */

/* board.c */
/* Each axis as one unsigned compare (a coordinate below the window wraps
** to a large number), and the two joined by &: four compares and their
** branches were 24 instructions of every checked placement. */
static inline bool board_in_window(const MicropulGame *g, int32_t x, int32_t y) {
    uint32_t dx = (uint32_t)x - (uint32_t)(g->minx - 1), wx = (uint32_t)(g->maxx - g->minx + 2);
    uint32_t dy = (uint32_t)y - (uint32_t)(g->miny - 1), wy = (uint32_t)(g->maxy - g->miny + 2);
    return (dx <= wx) & (dy <= wy);
}
/* Placed index at (x, y), or -1. */
int board_tile_at(const MicropulGame *g, int32_t x, int32_t y);
/* Frontier index at (x, y), or -1. */
int board_front_at(const MicropulGame *g, int32_t x, int32_t y);
/* Frontier cells a placement could use: under rule 1 only those some
** micropul faces (they come first in the list). */
/* A rule the game switches off is met by every canonical rotation of a
** tile: legal_off_mask gives the fitb bits it sets (low nibble rule 2,
** high nibble rule 1), legal_always those bits for tile t, which every
** entry of t's fitb row then has (legal.c, legal_list.c). */
static inline unsigned legal_off_mask(const MicropulGame *g) {
    return (g->rules.rule2_colours ? 0 : 0x0Fu) | (g->rules.rule1_attachment ? 0 : 0xF0u);
}
static inline unsigned legal_always(const MicropulVariant *v, int t, unsigned off) {
    return (v->canon[t] | (unsigned)v->canon[t] << 4) & off;
}

static inline int board_candidates(const MicropulGame *g) {
    return g->rules.rule1_attachment ? g->nattach : g->nfront;
}
/* Put a tile down on frontier cell f (-1 for the start tile); nb receives
** the placed index on each side N E S W, or -1. */
void board_place(MicropulGame *g, int tile, int rot, int x, int y, int f, int nb[4]);
/* Empty the board: clears exactly the cells the invariant allows to be set. */
void board_clear(MicropulGame *g);

/* groups.c */
/* Add the nodes of the just-placed tile and join them; emits MERGED/CLOSED.
** seen is what the cell's neighbours showed it before (its frontier entry),
** same the slots where it and the tile show the same colour (edges_joined:
** the checked apply has it from its test of the placement). */
void groups_add_tile(MicropulGame *g, int idx, const int nb[4], const Front *seen, unsigned same,
                     PulEvents *ev);
/* Score of a closed group's root for one seat's stone rules: owner seat or -1. */
int groups_scorer(const MicropulGame *g, int root);
/* The same for a group with these stones and owners (bit s: seat s). */
int groups_scorer_of(const PulRules *rules, int stones, unsigned owners);
void groups_claim(MicropulGame *g, int root, int seat);
void groups_recount(const MicropulGame *g, int *points);

/* legal.c */
bool legal_any(const MicropulGame *g);

/* The supply tiles seat knows (revealed by a script): a bit per tile id. */
#ifdef MICROPUL_WIDE
static inline bool known_has(const MicropulGame *g, int seat, int t) {
    return g->known[seat][t >> 6] >> (t & 63) & 1;
}
static inline void known_add(MicropulGame *g, int seat, int t) {
    g->known[seat][t >> 6] |= UINT64_C(1) << (t & 63);
}
static inline void known_remove(MicropulGame *g, int seat, int t) {
    g->known[seat][t >> 6] &= ~(UINT64_C(1) << (t & 63));
}
static inline int known_count(const MicropulGame *g, int seat) {
    int n = 0;
    for (int w = 0; w < KNOWN_WORDS; w++) n += popcount64(g->known[seat][w]);
    return n;
}
static inline void known_clear(MicropulGame *g, int seat) {
    for (int w = 0; w < KNOWN_WORDS; w++) g->known[seat][w] = 0;
}
#else
static inline bool known_has(const MicropulGame *g, int seat, int t) {
    return g->known[seat] >> t & 1;
}
static inline void known_add(MicropulGame *g, int seat, int t) {
    g->known[seat] |= UINT64_C(1) << t;
}
static inline void known_remove(MicropulGame *g, int seat, int t) {
    g->known[seat] &= ~(UINT64_C(1) << t);
}
static inline int known_count(const MicropulGame *g, int seat) {
    uint64_t known = g->known[seat]; /* 0 unless a script revealed tiles: skip the count */
    /* gcc folds "known ? popcount64(known) : 0" into the count itself, a
    ** library call without a popcount instruction: the test is kept apart. */
    if (PUL_LIKELY(known == 0)) return 0;
#if defined(__GNUC__)
    __asm__("" : "+r"(known));
#endif
    return popcount64(known);
}
static inline void known_clear(MicropulGame *g, int seat) { g->known[seat] = 0; }
#endif

/* Whether seat may take a tile now: one in its supply and room in its hand. */
static inline bool seat_can_take(const MicropulGame *g, int seat) {
    return g->nsupply[seat] > 0 && g->nhand[seat] < g->rules.hand_limit;
}

/* Supply tiles of seat it does not know (all of them unless a script revealed some). */
static inline int supply_unknown(const MicropulGame *g, int seat) {
    return g->nsupply[seat] - known_count(g, seat);
}

/* The grid slot of cell (x, y): where it is, or the empty slot it would take
** (see GRID); and the slot a placed tile or frontier cell holds. */
static inline unsigned board_slot(const MicropulGame *g, int32_t x, int32_t y) {
#ifdef MICROPUL_WIDE
    for (unsigned h = CELL_INDEX(x, y);; h = (h + 1) & (GRID * GRID - 1)) {
        unsigned c = g->grid[h];
        if (c == 0) return h;
        int32_t cx, cy;
        if (c < FRONT_BASE) {
            cx = g->placed[c - 1].x;
            cy = g->placed[c - 1].y;
        } else {
            cx = g->front[c - FRONT_BASE].x;
            cy = g->front[c - FRONT_BASE].y;
        }
        if (cx == x && cy == y) return h;
    }
#else
    (void)g;
    return CELL_INDEX(x, y);
#endif
}
#ifdef MICROPUL_WIDE
#define PLACED_SLOT(p) ((p)->slot)
#define FRONT_SLOT(f) ((f)->slot)
#else
#define PLACED_SLOT(p) CELL_INDEX((p)->x, (p)->y)
#define FRONT_SLOT(f) CELL_INDEX((f)->x, (f)->y)
#endif


/* place_tables.c */
/* Fill v->place from v->rot, v->ts, v->draw and v->extra (compile_variant). */
void place_tables_build(MicropulVariant *v);
/* apply.c */
/* Move up to want tiles from the core to seat's supply (a DREW event). */
int game_draw_tiles(MicropulGame *g, int seat, int want, PulEvents *ev);

/* snapshot.c */
/* Most bytes a snapshot takes: its extents (four ints), then every field before the grid. */
#define MICROPUL_SNAPSHOT_MAX (4 * sizeof(int) + offsetof(MicropulGame, grid))
/* Save what one action can change into buf (MICROPUL_SNAPSHOT_MAX bytes at
** most, the count returned), and put it back: the game is then byte-identical
** to when it was saved. */
size_t snapshot_save(const MicropulGame *g, void *buf);
void snapshot_restore(MicropulGame *g, const void *buf);
/* dst becomes src in every byte a function of the family reads (Family's
** copy_used): the counters and small arrays whole, each list up to its
** length, the grid's cells in use; dst is a game of src's variant (as
** pul_game_new or any function left it: the grid invariant holds). */
void snapshot_copy_used(MicropulGame *dst, const MicropulGame *src);

/* turn.c */
/* The game ends now (a GAME_OVER event). */
void game_end(MicropulGame *g, PulEndReason reason, int loser, PulEvents *ev);
/* End the current action: empty-core end, extra turns, next seat, losses. */
void turn_finish(MicropulGame *g, bool earned_extra, int extra_count, PulEvents *ev);
/* The start-of-turn checks (no tiles, no action), for the seat to move. */
void turn_begin_checks(MicropulGame *g, PulEvents *ev);

/* events */
static inline PulEvent *event_push(PulEvents *ev, int kind, int seat) {
    if (!ev || ev->n >= PUL_MAX_EVENTS) return NULL;
    PulEvent *e = &ev->ev[ev->n++];
    *e = (PulEvent){0};
    e->kind = (uint8_t)kind;
    e->seat = (int8_t)seat;
    return e;
}

/* 0x80 in each byte of x that is not zero, exactly (no carries across bytes). */
static inline uint64_t bytes_nonzero(uint64_t x) {
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7FULL;
    return (((x & low7) + low7) | x) & 0x8080808080808080ULL;
}

/* Gather the top bit of each byte (as bytes_nonzero leaves them) into 8 bits:
** each bit lands alone, so the multiply never carries. */
static inline unsigned bytes_to_bits(uint64_t top_bits) {
    return (unsigned)(((top_bits >> 7) * 0x0102040810204080ULL) >> 56);
}

/* Where a rotated tile meets a cell (legal.c's placement tests, groups.c's
** joins), a bit per slot: both, the slot shows a colour on both sides;
** same, the two codes are equal there (with SSE2 bits 8 and up may be set
** too: read it masked by both). With SSE2 a tile's edge and edge_nz and a
** cell's ctx and ctx_nz are one 16-byte row each: one compare and one AND
** of the rows, two movemasks, where the 64-bit words took the byte
** arithmetic of bytes_nonzero and its constants (about 10 instructions of
** each of the draw's tries). */
typedef struct {
    unsigned both, same;
} EdgeMeet;
_Static_assert(offsetof(TileRot, edge_nz) == offsetof(TileRot, edge) + 8 &&
                   offsetof(Front, ctx_nz) == offsetof(Front, ctx) + 8,
               "a tile's and a cell's colours and their marks are one 16-byte row");

static inline EdgeMeet edges_meet(const TileRot *tr, const Front *f) {
#if defined(__SSE2__)
    __m128i a = _mm_loadu_si128((const __m128i *)(const void *)&tr->edge);
    __m128i b = _mm_loadu_si128((const __m128i *)(const void *)&f->ctx);
    return (EdgeMeet){(unsigned)_mm_movemask_epi8(_mm_and_si128(a, b)) >> 8,
                      (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, b))};
#else
    return (EdgeMeet){bytes_to_bits(tr->edge_nz & f->ctx_nz),
                      bytes_to_bits(bytes_nonzero(tr->edge ^ f->ctx)) ^ 0xFFu};
#endif
}

/* The slots where both sides show the same colour: a placement joins the
** tile's group and the neighbour's there (groups.c, and the heuristic's
** estimate of it). */
static inline unsigned edges_joined(const TileRot *tr, const Front *f) {
    EdgeMeet m = edges_meet(tr, f);
    return m.both & m.same;
}

/* Rules 2 then 1 on where a tile meets a cell: the one placement test of
** the generators (legal.c's fit) and of the checked apply (apply.c's
** place_check), in PMN.md's order of reasons. */
static inline PulReason edges_fit(const PulRules *rules, EdgeMeet m) {
    if (rules->rule2_colours && (m.both & ~m.same)) return PUL_R_COLOUR_CONFLICT;
    if (rules->rule1_attachment && !(m.both & m.same)) return PUL_R_NO_ATTACHMENT;
    return PUL_LEGAL;
}

#endif
