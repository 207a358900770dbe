/*
** genial.h: the Einfach Genial family's state (i13-plan.md 3.1): its rules,
** its variant with the board tables built once at load, its game, and the
** hex geometry that builds those tables (genial_board.c).
*/
#ifndef PUL_GENIAL_H
#define PUL_GENIAL_H

#include "common.h"
#include "game.h"

enum {
    GENIAL_MAX_SYMBOLS = PUL_GENIAL_MAX_SYMBOLS,
    GENIAL_MAX_KINDS = PUL_GENIAL_MAX_KINDS,
    GENIAL_RACK_MAX = PUL_GENIAL_RACK_MAX,
    GENIAL_MAX_CELLS = 255,          /* cell ids 0..254 of the whole board */
    GENIAL_NONE = 255,               /* no cell: off the board or out of the play area */
    GENIAL_MAX_PAIRS = 768,          /* adjacent cell pairs of one play area, room for the bitset */
    GENIAL_PAIR_WORDS = GENIAL_MAX_PAIRS / 64,
    GENIAL_NO_PAIR = 0xFFFF,
    GENIAL_MAX_PRINTED = PUL_GENIAL_MAX_PRINTED,
    GENIAL_MAX_PLACED = PUL_GENIAL_MAX_PLACED,
    GENIAL_MAX_AREAS = PUL_MAX_SEATS,
    GENIAL_MAX_RADIUS = 8,           /* the board's radius: 217 cells, a 17 x 17 box */
    GENIAL_BOX = 32,                 /* cell_at's side */
    /* A play area may have no more pairs than this, so that every placement
    ** (each pair both ways round, for each of 8 distinct rack kinds) fits in
    ** PUL_GENIAL_MAX_ACTIONS: 544 x 2 x 8 = 8704. Radius 7 has 426. */
    GENIAL_AREA_PAIRS_MAX = PUL_GENIAL_MAX_ACTIONS / (2 * GENIAL_RACK_MAX)
};
enum { GENIAL_PLACE = 0, GENIAL_BONUS, GENIAL_END };   /* GenialGame.phase */

/* The rule parameters, in the order of the parameter table (plan 1.3). */
typedef struct {
    int min_players, max_players;
    int rack_size;                   /* tiles a rack is refilled to: 6 */
    int track_max;                   /* one segment of a track: 18 */
    int segments;                    /* segments of a track: 1 */
    bool bonus;                      /* a segment end reached gives a bonus placement */
    int first_round;                 /* distinct_printed, any_printed, none */
    int swap;                        /* lowest_absent, never */
    bool sudden_death;               /* all of a seat's (team's) tracks at the end end the game */
    int teams;                       /* none, alternate */
} GenialRules;

/* A placed tile: kind, cells a and b as pul writes the move (the direction
** from a to b is e, se or sw), flip 1 when the kind's second symbol is on a. */
typedef struct { uint8_t kind, a, b, flip; } GenialPlaced;

/* One play area, every table restricted to it: cells outside it do not
** exist, so rays and pairs stop at its edge with no test. */
typedef struct {
    uint8_t nb[GENIAL_MAX_CELLS][6];             /* neighbour in the area, GENIAL_NONE outside */
    uint16_t touch[GENIAL_MAX_CELLS];            /* bit i: printed cell i is a neighbour */
    uint16_t npairs;                             /* pairs of two non-printed cells of the area */
    uint8_t pair_a[GENIAL_MAX_PAIRS], pair_b[GENIAL_MAX_PAIRS]; /* a < b */
    uint8_t pair_dir[GENIAL_MAX_PAIRS];          /* from a to b: 0..2 (e se sw) */
    uint16_t cell_pair[GENIAL_MAX_CELLS][6];     /* pair id per direction, or GENIAL_NO_PAIR */
    uint64_t all[GENIAL_PAIR_WORDS];             /* every pair: the start's empty pairs */
    uint8_t all_count[GENIAL_PAIR_WORDS];        /* set bits of each word of all */
    uint64_t touch_pairs[GENIAL_MAX_PRINTED][GENIAL_PAIR_WORDS]; /* pairs touching printed i */
    uint8_t ncells;                              /* cells of the area, printed ones included */
    uint8_t nprinted_in;                         /* printed cells inside the area */
    /* The pairs through a cell as two words of the pair set from word
    ** cell_word (their ids lie within 64 of each other), so that taking the
    ** cell clears them with masks instead of a test per direction. */
    uint8_t cell_word[GENIAL_MAX_CELLS];
    uint64_t cell_mask[GENIAL_MAX_CELLS][2];
} GenialArea;

typedef struct GenialVariant {
    PulVariant h;                                /* first, as in every family */
    GenialRules rules;
    PulSymbolSet symbols;                        /* as loaded */
    PulBoard board;                              /* as loaded */
    uint8_t nsym, nkinds, ntiles;
    uint8_t kind_of[GENIAL_MAX_SYMBOLS][GENIAL_MAX_SYMBOLS]; /* both orders -> kind */
    uint8_t kind_sym[GENIAL_MAX_KINDS][2], kind_count[GENIAL_MAX_KINDS];
    uint8_t kind_mask[GENIAL_MAX_KINDS];         /* bit per symbol of the kind */
    uint64_t kind_mixed;                         /* bit per kind of two symbols (not a double) */
    int8_t qmin, rmin;                           /* the board's box: cell_at's origin */
    uint8_t w, hgt, ncells;
    uint8_t cell_at[GENIAL_BOX * GENIAL_BOX];    /* (q - qmin) + (r - rmin) * GENIAL_BOX */
    int8_t cell_q[GENIAL_MAX_CELLS], cell_r[GENIAL_MAX_CELLS];
    uint8_t printed_sym[GENIAL_MAX_CELLS];       /* symbol printed there, or GENIAL_NONE */
    uint8_t printed_index[GENIAL_MAX_CELLS];     /* its index in board.printed, or GENIAL_NONE */
    uint8_t area_for_seats[PUL_MAX_SEATS + 1], nareas;
    GenialArea area[GENIAL_MAX_AREAS];
    /* A placement from each cell with direction, kind and flip 0: the part
    ** of a listed placement its pair gives, read 16 bytes at a time by the
    ** enumeration (one entry more, so the last cell's read stays inside). */
    PulAction place_at[GENIAL_MAX_CELLS + 1];
} GenialVariant;

typedef struct GenialGame {
    PulGame h;                                   /* first */
    GenialRules rules;                           /* the variant's, as the setup hook left them */
    uint8_t area, phase, bonus_owed, nteams, mover;
    uint8_t placed_once;                         /* bit per seat that made its first placement */
    uint16_t first_used;                         /* printed cells first placements touched */
    uint8_t bag_n, nplaced;
    int16_t nempty;                              /* set bits of empty[] */
    uint8_t bag[GENIAL_MAX_KINDS];               /* tiles left per kind: the bag has no order */
    uint8_t nrack[PUL_MAX_SEATS], rack[PUL_MAX_SEATS][GENIAL_RACK_MAX];   /* kinds */
    int16_t track[PUL_MAX_SEATS][GENIAL_MAX_SYMBOLS];                     /* by team */
    uint64_t empty[GENIAL_PAIR_WORDS];           /* bit per pair with both cells empty */
    /* Set bits of each word of empty, kept as cells are taken: the random
    ** action finds the word of a rank with no count of its own. */
    uint8_t nempty_word[GENIAL_PAIR_WORDS];
    /* 0 empty, else 1 + symbol (printed preset); cell[GENIAL_NONE] is
    ** never a cell and stays 0, so a run of symbols stops at an area's edge. */
    uint8_t cell[GENIAL_MAX_CELLS + 1];
    GenialPlaced placed[GENIAL_MAX_PLACED];
} GenialGame;

/* The limits hold together: */
_Static_assert(GENIAL_MAX_KINDS == GENIAL_MAX_SYMBOLS * (GENIAL_MAX_SYMBOLS + 1) / 2,
               "a kind per pair a <= b of symbols");
_Static_assert(GENIAL_RACK_MAX == PUL_DRAWS_MAX, "a refill or swap names a rack at most");
_Static_assert(GENIAL_MAX_PAIRS % 64 == 0, "pair sets are whole words");
_Static_assert(GENIAL_AREA_PAIRS_MAX <= GENIAL_MAX_PAIRS, "an area's pairs fit the bitset");
_Static_assert(GENIAL_MAX_PAIRS < GENIAL_NO_PAIR, "pair ids fit cell_pair");
_Static_assert(GENIAL_MAX_CELLS <= GENIAL_NONE, "cell ids fit a byte beside GENIAL_NONE");
_Static_assert(GENIAL_NONE == GENIAL_MAX_CELLS, "cell[GENIAL_NONE] is the game's spare byte");
_Static_assert(3 * GENIAL_MAX_RADIUS * (GENIAL_MAX_RADIUS + 1) + 1 <= GENIAL_MAX_CELLS,
               "a board of the largest radius has a cell id for every cell");
_Static_assert(2 * GENIAL_MAX_RADIUS + 1 <= GENIAL_BOX, "the board's box fits cell_at");
_Static_assert(GENIAL_MAX_PRINTED <= 16, "first_used and touch have a bit per printed cell");
_Static_assert(PUL_MAX_SEATS <= 8, "placed_once has a bit per seat");
_Static_assert(2 * GENIAL_MAX_PLACED >= GENIAL_MAX_CELLS - 1, "a full board's tiles fit placed");
_Static_assert(60 * 4 <= INT16_MAX, "a track's end, track_max x segments, fits int16_t");
/* ... and the game fits every game object (family/game.h). */
_Static_assert(sizeof(GenialGame) <= PUL_GAME_BYTES, "a Genial game fits PUL_GAME_BYTES");

/* ------------------------------------------------------ hex geometry */

/* Direction d (an action's rot, 0-5: e se sw w nw ne, clockwise) as a step
** in (q, r); the opposite of d is (d + 3) % 6. */
extern const int8_t genial_dir[6][2];
static inline int genial_opposite(int d) { return (d + 3) % 6; }
/* Hex distance of (q, r) from (0, 0): max(|q|, |r|, |q + r|), exact for
** every int32 pair. */
int64_t genial_distance(int64_t q, int64_t r);

/* The board's cells from gv->board: cell ids (row by row: r, then q), the
** box, cell_at, cell_q and cell_r, printed_sym and printed_index. Refuses a
** board the tables cannot hold (too-large) and a printed cell off the board
** or twice (out-of-range, bad-value). */
PulStatus genial_board_cells(GenialVariant *gv, PulError *err);
/* The cell at (q, r), or GENIAL_NONE off the board (any int32 pair). */
int genial_cell_at(const GenialVariant *gv, int32_t q, int32_t r);
/* The play area of the given radius (after genial_board_cells): neighbours,
** printed neighbours, the pairs of two non-printed cells (each once, from the
** lower cell id, direction 0-2) and their sets. too-large past
** GENIAL_AREA_PAIRS_MAX pairs; out-of-range when the area is not inside the
** board. */
PulStatus genial_area_build(const GenialVariant *gv, int radius, GenialArea *a, PulError *err);

#endif
