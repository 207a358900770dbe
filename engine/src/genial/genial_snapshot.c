/*
** genial_snapshot.c: a Genial game saved before a hooked action and put back
** byte for byte should a hook fail: everything before the placed list, and
** the list up to one entry more than it holds (one action adds one tile).
*/
#include <string.h>

#include "genial_state.h"

_Static_assert(GENIAL_SNAPSHOT_MAX <= PUL_SNAPSHOT_MAX, "a snapshot fits in the guard's buffer");

static size_t placed_saved(const GenialGame *g) {
    int n = g->nplaced + 1;
    return sizeof(GenialPlaced) * (size_t)(n < GENIAL_MAX_PLACED ? n : GENIAL_MAX_PLACED);
}

size_t genial_snapshot(const PulGame *pg, void *buf) {
    const GenialGame *g = GGC(pg);
    size_t head = offsetof(GenialGame, placed), tail = placed_saved(g);
    memcpy(buf, g, head);
    memcpy((unsigned char *)buf + head, g->placed, tail);
    return head + tail;
}

void genial_restore(PulGame *pg, const void *buf) {
    GenialGame *g = GG(pg);
    size_t head = offsetof(GenialGame, placed);
    memcpy(g, buf, head);
    memcpy(g->placed, (const unsigned char *)buf + head, placed_saved(g));
}
