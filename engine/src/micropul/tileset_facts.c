/*
** tileset_facts.c: facts about the tiles of a set that depend on rotation:
** which tiles are the same tile turned (twins), and how many distinct
** layouts a tile shows over its four rotations. Reports and checks use them.
*/
#include <string.h>

#include "common.h"

/* Tile a shows the same faces as tile b turned by r quarter turns. A big
** tile is one micropul with a centre catalyst that no turn moves, so two
** big tiles match when their micropul and catalyst do, and a big tile never
** matches an ordinary one even when all four quadrants agree. */
static bool same_turned(const PulTileSet *ts, int a, int b, int r) {
    const PulTileDef *da = &ts->tile[a], *db = &ts->tile[b];
    if (da->big != db->big) return false;
    if (da->big) return da->quad[0] == db->quad[0] && da->centre == db->centre;
    uint8_t q[4];
    pul_tileset_rotated(ts, b, r, q);
    return memcmp(q, da->quad, 4) == 0;
}

int pul_tileset_twin(const PulTileSet *ts, int t) {
    if (!ts || t < 0 || t >= ts->ntiles) return -1;
    for (int u = 0; u < t; u++)
        for (int r = 0; r < 4; r++)
            if (same_turned(ts, t, u, r)) return u;
    return -1;
}

/* The layouts repeat with the smallest turn that maps the tile onto itself:
** a quarter turn (1 layout), else a half turn (2), else only a full one (4). */
int pul_tileset_layouts(const PulTileSet *ts, int t) {
    if (!ts || t < 0 || t >= ts->ntiles) return 0;
    if (same_turned(ts, t, t, 1)) return 1;
    if (same_turned(ts, t, t, 2)) return 2;
    return 4;
}
