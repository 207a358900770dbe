/*
** packing.c: the packing facts Micropul's state relies on, as compile-time checks
** (no code). A change of a limit or of the state's layout that breaks one fails here,
** with the reason, instead of corrupting a game. The numbers in the messages are
** the places that rely on the fact.
*/
#include <stddef.h>
#include <stdint.h>

#include "micropul.h"

/* 0. Each layout holds its tile sets; the wide one every set the loaders take. */
#ifdef MICROPUL_WIDE
_Static_assert(MP_TILES == PUL_MAX_TILES, "the wide layout holds the largest tile set");
#else
_Static_assert(MP_TILES == MICROPUL_SMALL_TILES, "the small layout holds the shipped sets");
#endif
/* 1. known[] is a bit per tile id (apply, legal, observe, determinize, hooked). */
#ifdef MICROPUL_WIDE
_Static_assert(MP_TILES <= 64 * KNOWN_WORDS, "known[][] keeps a bit per tile id");
#else
_Static_assert(MP_TILES <= 64, "known[] keeps a bit per tile id in a uint64_t");
#endif
/* 2-3. A grid cell is 0, a placed index + 1 (1..MP_TILES) or FRONT_BASE + a
** frontier index (board.c, snapshot.c). */
_Static_assert(MP_TILES < FRONT_BASE, "placed codes stay below the frontier codes");
_Static_assert(FRONT_BASE + MAX_FRONT <= (CellCode)-1 + 1, "frontier codes fit a grid cell");
/* 4. A frontier never exceeds 2n + 2 cells. */
_Static_assert(MAX_FRONT >= 2 * MP_TILES + 2, "front[] holds the largest frontier");
/* 5. Small: the torus holds any connected layout, its frontier included.
** Wide: probes end at an empty slot (board_slot), so the grid never fills. */
#ifdef MICROPUL_WIDE
_Static_assert(MP_TILES + MAX_FRONT < GRID * GRID, "the grid always has an empty slot");
_Static_assert(GRID * GRID <= UINT16_MAX + 1, "a slot fits Placed.slot and Front.slot");
#else
_Static_assert(MP_TILES + 2 <= GRID, "no two cells that matter share a torus slot");
#endif
/* 6. Coordinates fit Coord (Placed, Front, the bounding box): a connected
** layout from (0, 0) reaches MP_TILES - 1 at most, plus one for its frontier. */
_Static_assert(MP_TILES + 1 <= (Coord)((1u << (8 * sizeof(Coord) - 1)) - 1),
               "board coordinates fit Coord");
/* 7-8. Node indexes and node counts fit NodeId (root, gnext, gcount, gsize). */
_Static_assert(MAX_NODES <= (NodeId)-1, "node indexes and counts fit NodeId");
/* 9. gopen counts a group's open slots: at most 8 per tile. */
_Static_assert(8 * MP_TILES <= INT16_MAX, "gopen fits int16_t");
/* 10. Stones on a group, stones on the board: bytes. */
_Static_assert(PUL_MAX_SEATS * PUL_MAX_STONES <= UINT8_MAX, "gstones and nstones_placed fit a byte");
/* 11. gowners and script_winners keep a bit per seat in a byte. */
_Static_assert(PUL_MAX_SEATS <= 8, "a bit per seat fits a byte");
/* 12. Counts kept in bytes: hands, supplies, stones, core, placed, frontier. */
_Static_assert(PUL_MAX_HAND <= UINT8_MAX && MP_TILES <= UINT8_MAX &&
                   PUL_MAX_STONES <= UINT8_MAX && MAX_FRONT <= (FrontIndex)-1,
               "counts fit their byte counters");
/* 13. unclaimed counts groups. */
_Static_assert(MAX_NODES <= INT16_MAX, "unclaimed fits int16_t");
/* 14. Feature masks (activate features, fired features) are 32 bits. */
_Static_assert(PUL_MAX_FEATURES <= 32, "a feature mask fits 32 bits");
/* 15. A colour code is feature + 1 in a byte; 8 slots of 8 bits fill edge. */
_Static_assert(PUL_MAX_FEATURES + 1 <= UINT8_MAX, "colour codes fit a byte");
_Static_assert(sizeof(((TileRot *)0)->edge) * 8 == 8 * 8, "edge holds a byte per slot");
/* 16. Front.ctx: 16 bits per side, 4 sides. */
_Static_assert(sizeof(((Front *)0)->ctx) * 8 == 4 * 16, "ctx holds two slot bytes per side");
/* 17. Tile ids stay below the special values of a move's tile. */
_Static_assert(MP_TILES <= PUL_NO_SUCH_TILE && PUL_NO_SUCH_TILE < PUL_NO_TILE,
               "tile ids, 'no such tile' and 'no tile' are apart");
/* 18. PUL_MAX_ACTIONS bounds every position: placements, takes, claims, a pass. */
_Static_assert(PUL_MAX_HAND * 4 * MAX_FRONT + (MP_TILES + 1) + MAX_NODES + 1 <= PUL_MAX_ACTIONS,
               "PUL_MAX_ACTIONS bounds the legal actions of any position");
/* 19. The random action's index arithmetic stays exact in 32 bits. */
_Static_assert(PUL_MAX_ACTIONS < (1 << 16) && PUL_MAX_HAND * 4 < (1 << 16),
               "random_action's products fit 32 bits");
/* 20. A start clears the counters only: every scalar lies before core[]. */
_Static_assert(offsetof(MicropulGame, known) < offsetof(MicropulGame, core) &&
                   offsetof(MicropulGame, rules) < offsetof(MicropulGame, core) &&
                   offsetof(MicropulGame, unclaimed) < offsetof(MicropulGame, core) &&
                   offsetof(MicropulGame, h) < offsetof(MicropulGame, core),
               "a start clears every counter by clearing what precedes core[]");
/* 21. The snapshot's ranges: counters, core, hands and supplies before placed[],
** then the lists, the group arrays, and the grid last. */
_Static_assert(offsetof(MicropulGame, core) < offsetof(MicropulGame, hand) &&
                   offsetof(MicropulGame, hand) < offsetof(MicropulGame, supply) &&
                   offsetof(MicropulGame, supply) < offsetof(MicropulGame, placed) &&
                   offsetof(MicropulGame, placed) < offsetof(MicropulGame, front) &&
                   offsetof(MicropulGame, front) < offsetof(MicropulGame, stone_list) &&
                   offsetof(MicropulGame, stone_list) < offsetof(MicropulGame, root) &&
                   offsetof(MicropulGame, root) < offsetof(MicropulGame, gnext) &&
                   offsetof(MicropulGame, gnext) < offsetof(MicropulGame, gcount) &&
                   offsetof(MicropulGame, gcount) < offsetof(MicropulGame, gsize) &&
                   offsetof(MicropulGame, gsize) < offsetof(MicropulGame, gpoints) &&
                   offsetof(MicropulGame, gpoints) < offsetof(MicropulGame, gopen) &&
                   offsetof(MicropulGame, gopen) < offsetof(MicropulGame, gstones) &&
                   offsetof(MicropulGame, gstones) < offsetof(MicropulGame, gowners) &&
                   offsetof(MicropulGame, gowners) < offsetof(MicropulGame, grid),
               "the state's arrays lie in the order the snapshot saves them");
_Static_assert(offsetof(MicropulGame, grid) + sizeof(((MicropulGame *)0)->grid) ==
                   sizeof(MicropulGame),
               "the grid is the state's last member");
/* 23-24. The common header is first, and a Micropul game fits the allocation. */
_Static_assert(offsetof(MicropulGame, h) == 0, "a MicropulGame begins with the header");
_Static_assert(offsetof(MicropulVariant, h) == 0, "a MicropulVariant begins with the common part");
#ifndef MICROPUL_WIDE
_Static_assert(sizeof(MicropulGame) <= PUL_GAME_BYTES, "a small Micropul game fits the allocation");
#endif
/* 25. PulAction has no padding: actions compare with memcmp (bots, tests). */
_Static_assert(sizeof(PulAction) == 4 + 2 * sizeof(int32_t), "PulAction has no padding");
