/*
** genial_setup.h: ways the Genial unit tests put a game into a position
** directly (a symbol on a cell, tracks, a rack, the bag), keeping the pair set
** and the counts as apply would, so that a test need not play up to it.
*/
#ifndef PUL_GENIAL_SETUP_H
#define PUL_GENIAL_SETUP_H

#include "genial_fixture.h"

/* Symbol sym on (q, r), as a placed half would be: its pairs leave the set. */
static inline void st_cell(PulGame *pg, int q, int r, int sym) {
    GenialGame *g = GG(pg);
    const GenialArea *a = genial_area(g);
    int c = genial_cell_at(GV(g), q, r);
    g->cell[c] = (uint8_t)(sym + 1);
    for (int d = 0; d < 6; d++) {
        int id = a->cell_pair[c][d];
        if (id == GENIAL_NO_PAIR) continue;
        uint64_t bit = 1ull << (id % 64);
        if (g->empty[id / 64] & bit) {
            g->empty[id / 64] &= ~bit;
            g->nempty_word[id / 64]--;
            g->nempty--;
        }
    }
}

/* Team track t's six tracks. */
static inline void st_tracks(PulGame *pg, int t, const int *v) {
    for (int s = 0; s < 6; s++) GG(pg)->track[t][s] = (int16_t)v[s];
}

/* seat's rack: the kinds of a text like "gy rr" (not taken from the bag). */
static inline void st_rack(PulGame *pg, int seat, const char *text) {
    GenialGame *g = GG(pg);
    g->nrack[seat] = 0;
    for (const char *p = text; *p; p++) {
        if (*p == ' ') continue;
        g->rack[seat][g->nrack[seat]++] = (uint8_t)fx_kind(pg->v, p);
        p++;
    }
}

/* The bag holds n tiles of kind k and nothing else (k < 0: empty). */
static inline void st_bag(PulGame *pg, int k, int n) {
    GenialGame *g = GG(pg);
    memset(g->bag, 0, sizeof g->bag);
    g->bag_n = 0;
    if (k >= 0) {
        g->bag[k] = (uint8_t)n;
        g->bag_n = (uint8_t)n;
    }
}

/* The first event of kind in ev, or NULL. */
static inline const PulEvent *st_event(const PulEvents *ev, int kind, int nth) {
    for (int i = 0; i < ev->n; i++)
        if (ev->ev[i].kind == kind && nth-- == 0) return &ev->ev[i];
    return NULL;
}

#endif
