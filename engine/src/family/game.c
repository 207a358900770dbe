/*
** game.c: the generic pul_* game functions. Each reads the common header
** (family/game.h) or makes one call through the game's family table; none
** knows a family's state, so a second family needs nothing here.
*/
#include <stdalign.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "mem.h"

size_t pul_game_size(void) { return PUL_GAME_BYTES; }

/* Each variant's games are as large as its family's layout needs, and never
** less than PUL_GAME_BYTES, so a compare over pul_game_size() stays inside
** any game. */
size_t pul_variant_game_size(const PulVariant *v) {
    return v->fam->game_size > PUL_GAME_BYTES ? v->fam->game_size : PUL_GAME_BYTES;
}

/* A game object is allocated with its GameEnv just before it (game.h): the
** script state of that object, outside the bytes a copy or a compare sees. */
_Static_assert(sizeof(GameEnv) % _Alignof(PulGame) == 0, "the game after its env is aligned");
_Static_assert(sizeof(GameEnv) % _Alignof(max_align_t) == 0,
               "the game after its env is aligned for any family's state");

PulGame *pul_game_new(const PulVariant *v) {
    size_t bytes = pul_variant_game_size(v);
    GameEnv *env = mem_alloc(sizeof *env + bytes);
    if (!env) return NULL;
    memset(env, 0, sizeof *env + bytes);
    PulGame *g = (PulGame *)(void *)(env + 1);
    g->v = v;
    g->fam = v->fam;
    return g;
}

void pul_game_free(PulGame *g) {
    if (!g) return;
    GameEnv *env = game_env(g);
    if (env->script) g->v->script_ops->state_free(env->script);
    mem_free(env);
}

const PulError *pul_game_script_error(const PulGame *g) {
    const void *state = game_env(g)->script;
    if (!state) return NULL;
    const PulError *e = g->v->script_ops->state_error(state);
    return e && e->status != PUL_OK ? e : NULL;
}

PulReason family_guard(PulGame *g, const PulAction *a, PulEvents *ev, HookedApply run) {
    alignas(max_align_t) unsigned char snap[PUL_SNAPSHOT_MAX];
    PUL_ASSERT(g->fam->snapshot_max <= sizeof snap);
    g->fam->snapshot(g, snap);
    PulReason r = run(g, a, ev);
    if (r == PUL_R_SCRIPT_ERROR) {
        g->fam->restore(g, snap);
        if (ev) ev->n = 0; /* nothing happened, as for any refused action */
    }
    return r;
}

/* Only what the family uses: the tail up to the allocation stays as zeroed. */
void pul_game_copy(PulGame *dst, const PulGame *src) { memcpy(dst, src, src->fam->game_size); }

/* A family without the slot, or dst of another variant (its lists say
** nothing of src's layout), takes the whole copy. */
void pul_game_copy_used(PulGame *dst, const PulGame *src) {
    if (src->fam->copy_used && dst->v == src->v)
        src->fam->copy_used(dst, src);
    else
        pul_game_copy(dst, src);
}

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
/* The events keep the action as done, so that pul_events_action needs no
** game to ask its family how to read them back. */
PulReason pul_apply(PulGame *g, const PulAction *a, PulEvents *ev) {
    PulReason r = g->fam->apply(g, a, ev);
    if (ev) {
        if (r != PUL_LEGAL) ev->n = 0; /* a refused action did nothing */
        g->fam->events_action(ev, &ev->done);
    }
    return r;
}
PulReason pul_apply_trusted(PulGame *g, const PulAction *a) { return g->fam->apply_trusted(g, a); }
_Static_assert(PUL_SNAPSHOT_MAX <= PUL_SAVE_BYTES, "a family's snapshot fits pul.h's buffer");
size_t pul_game_save(const PulGame *g, void *buf) { return g->fam->snapshot(g, buf); }
void pul_game_undo(PulGame *g, const void *buf) { g->fam->restore(g, buf); }
void pul_events_action(const PulEvents *ev, PulAction *out) { *out = ev->done; }
int pul_legal_actions(const PulGame *g, PulAction *out, int max) {
    return g->fam->legal_actions(g, out, max);
}
int pul_legal_placements(const PulGame *g, PulAction *out, int max) {
    return g->fam->legal_placements(g, out, max);
}
bool pul_random_action(const PulGame *g, PulRng *rng, PulAction *out) {
    return g->fam->random_action(g, rng, out);
}
int pul_random_actions(const PulGame *g, PulRng *rng, PulAction *out, int n) {
    if (g->fam->random_actions) return g->fam->random_actions(g, rng, out, n);
    int k = 0;
    while (k < n && g->fam->random_action(g, rng, &out[k])) k++;
    return k;
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
int pul_game_team(const PulGame *g, int seat) { return g->fam->team(g, seat); }
int pul_game_score_parts(const PulGame *g, int seat, PulScorePart *out, int max) {
    return g->fam->score_parts(g, seat, out, max);
}
bool pul_game_bounds(const PulGame *g, PulBounds *out) { return g->fam->bounds(g, out); }
int pul_game_rule(const PulGame *g, int i) {
    const FamilyParams *p = g->fam->params;
    return p->get((const char *)g + p->in_game, i);
}

/* Observation. */
void pul_observe(const PulGame *g, int seat, PulObservation *out) {
    g->fam->observe(g, seat, out);
}
void pul_observe_update(const PulGame *g, int seat, PulObservation *obs) {
    g->fam->observe_update(g, seat, obs);
}
PulStatus pul_game_from_observation(PulGame *g, const PulObservation *obs, PulRng *rng,
                                    PulError *err) {
    return g->fam->from_observation(g, obs, rng, err);
}
PulStatus pul_game_redeal(PulGame *g, const PulObservation *obs, PulRng *rng, PulError *err) {
    if (!g->fam->redeal) return g->fam->from_observation(g, obs, rng, err);
    g->fam->redeal(g, obs, rng);
    return PUL_OK;
}
size_t pul_observation_memo_size(const PulVariant *v) {
    return v->fam->from_observation_kept ? v->fam->memo_size : 0;
}
PulStatus pul_game_from_observation_kept(PulGame *g, const PulObservation *obs, void *memo,
                                         PulError *err) {
    if (!g->fam->from_observation_kept || !memo) return g->fam->from_observation(g, obs, NULL, err);
    return g->fam->from_observation_kept(g, obs, memo, err);
}
uint64_t pul_observation_hash(const PulVariant *v, const PulObservation *o) {
    return v->fam->observation_hash(v, o);
}
double pul_game_heuristic(const PulGame *g, int seat) { return g->fam->heuristic(g, seat); }
double pul_game_margin(const PulGame *g, int seat) {
    if (g->fam->margin) return g->fam->margin(g, seat);
    double mine = g->fam->heuristic(g, seat), others = 0.0;
    int rivals = 0, my = g->fam->team(g, seat);
    for (int s = 0; s < g->nseats; s++)
        if (g->fam->team(g, s) != my) {
            others += g->fam->heuristic(g, s);
            rivals++;
        }
    return rivals ? mine - others / rivals : mine;
}
PulReason pul_action_estimates(const PulGame *g, const PulAction *a, int n, PulGame *scratch,
                               double *values) {
    return g->fam->estimates(g, a, n, false, scratch, values);
}
PulReason pul_legal_estimates(const PulGame *g, const PulAction *a, int n, PulGame *scratch,
                              double *values) {
    return g->fam->estimates(g, a, n, true, scratch, values);
}
PulReason pul_legal_margins(PulGame *g, const PulAction *a, int n, double *values) {
    if (g->fam->margins) return g->fam->margins(g, a, n, values);
    if (n <= 0) return PUL_LEGAL;
    alignas(max_align_t) unsigned char undo[PUL_SAVE_BYTES];
    int seat = g->to_move;
    pul_game_save(g, undo);
    for (int i = 0; i < n; i++) {
        PulReason r = pul_apply_trusted(g, &a[i]);
        if (r != PUL_LEGAL) return r; /* a script failed: the guard put g back */
        values[i] = pul_game_margin(g, seat);
        pul_game_undo(g, undo);
    }
    return PUL_LEGAL;
}

/* The referee's family fields and words. */
int pul_referee_fields(const PulGame *g, const PulEvents *ev, PulReason why, char *buf,
                       size_t size) {
    return g->fam->report_move(g, ev, why, buf, size);
}
int pul_referee_final_fields(const PulGame *g, char *buf, size_t size) {
    return g->fam->report_final(g, buf, size);
}
int pul_reason_text(const PulGame *g, PulReason r, char *buf, size_t size) {
    if (g->fam->reason_text) return g->fam->reason_text(g, r, buf, size);
    if (!buf || size == 0) return 0;
    snprintf(buf, size, "%s", pul_reason_message(r));
    return (int)strlen(buf);
}

/* Records: the tags that deal a game (tags.h). */
PulStatus family_deal_read(const PulVariant *v, const TagReader *tags, uint8_t *deal,
                           int *ndeal, bool *given, PulError *err) {
    return v->fam->deal_read(v, tags, deal, ndeal, given, err);
}
int family_deal_tags(const PulGame *g, TagOut *out, int max) {
    return g->fam->deal_tags(g, out, max);
}

/* The lab's figures. */
void pul_game_tally(const PulGame *g, const PulEvents *ev, int32_t *m) { g->fam->tally(g, ev, m); }
void pul_game_tally_end(const PulGame *g, int32_t *m) { g->fam->tally_end(g, m); }
