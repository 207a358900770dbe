/*
** game.c: the generic pul_* game functions. Each reads the common header
** (family/game.h) or makes one call through the game's family table; none
** knows a family's state, so a second family needs nothing here.
*/
#include <string.h>

#include "game.h"
#include "mem.h"

size_t pul_game_size(void) { return PUL_GAME_BYTES; }

PulGame *pul_game_new(const PulVariant *v) {
    PulGame *g = mem_alloc(PUL_GAME_BYTES);
    if (!g) return NULL;
    memset(g, 0, PUL_GAME_BYTES);
    g->v = v;
    g->fam = v->fam;
    return g;
}

void pul_game_free(PulGame *g) { mem_free(g); }

/* Only what the family uses: the tail up to PUL_GAME_BYTES stays as zeroed. */
void pul_game_copy(PulGame *dst, const PulGame *src) { memcpy(dst, src, src->fam->game_size); }

PulStatus pul_game_start(PulGame *g, int nseats, uint64_t seed, const uint8_t *deal, int ndeal,
                         PulError *err) {
    return g->fam->start(g, nseats, seed, deal, ndeal, err);
}

/* The header's fields. */
const PulVariant *pul_game_variant(const PulGame *g) { return g->v; }
int pul_game_seats(const PulGame *g) { return g->nseats; }
uint64_t pul_game_seed(const PulGame *g) { return g->seed; }
int pul_game_to_move(const PulGame *g) { return g->to_move; }
bool pul_game_over(const PulGame *g) { return g->over; }
PulEndReason pul_game_end_reason(const PulGame *g) { return (PulEndReason)g->end_reason; }
int pul_game_loser(const PulGame *g) { return g->loser; }
int pul_game_turns(const PulGame *g) { return g->turns; }

/* Actions. */
PulReason pul_check(const PulGame *g, const PulAction *a) { return g->fam->check(g, a); }
PulReason pul_apply(PulGame *g, const PulAction *a, PulEvents *ev) {
    return g->fam->apply(g, a, ev);
}
int pul_legal_actions(const PulGame *g, PulAction *out, int max) {
    return g->fam->legal_actions(g, out, max);
}
int pul_legal_placements(const PulGame *g, PulAction *out, int max) {
    return g->fam->legal_placements(g, out, max);
}
bool pul_random_action(const PulGame *g, PulRng *rng, PulAction *out) {
    return g->fam->random_action(g, rng, out);
}

/* The result. */
/* A seat each: min(seats, max) written, the seats returned (pul.h's list getters). */
int pul_game_scores(const PulGame *g, int *scores, int max) {
    int all[PUL_MAX_SEATS];
    g->fam->scores(g, all);
    int n = scores && max > 0 ? (g->nseats < max ? g->nseats : max) : 0;
    if (n) memcpy(scores, all, (size_t)n * sizeof *scores);
    return g->nseats;
}
int pul_game_winners(const PulGame *g, int *seats, int max) {
    return g->fam->winners(g, seats, seats ? max : 0);
}
bool pul_game_bounds(const PulGame *g, PulBounds *out) { return g->fam->bounds(g, out); }

/* Observation. */
void pul_observe(const PulGame *g, int seat, PulObservation *out) {
    g->fam->observe(g, seat, out);
}
PulStatus pul_game_from_observation(PulGame *g, const PulObservation *obs, PulRng *rng,
                                    PulError *err) {
    return g->fam->from_observation(g, obs, rng, err);
}
