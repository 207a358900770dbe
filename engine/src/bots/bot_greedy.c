/*
** bot_greedy.c: the greedy bot (one ply: every legal action tried on a
** copy of a determinization, the best by pul_game_margin kept) and the cheap
** greedy step the MCTS rollouts use. Trials undo themselves (pul_game_save)
** rather than copy the whole game each.
*/
#include <stddef.h>
#include <string.h>

#include "bot.h"
#include "rng.h"

/* Applies a to tmp (saved in buf) and scores the result for the seat to
** move, then puts tmp back. *failed says the edition's scripts failed on it
** (PUL_R_SCRIPT_ERROR). The playout path's apply gives the game pul_apply
** gives (test_apply_trusted): a is one of the position's legal actions. */
static double try_action(PulGame *tmp, const void *buf, const PulAction *a, bool *failed) {
    int seat = pul_game_to_move(tmp);
    PulReason r = pul_apply_trusted(tmp, a);
    *failed = r == PUL_R_SCRIPT_ERROR;
    double s = r == PUL_LEGAL ? pul_game_margin(tmp, seat) : -1e9;
    pul_game_undo(tmp, buf);
    return s;
}

/* tmp as g, saved: each trial then undoes itself instead of copying g. */
static void trials_begin(const PulGame *g, PulGame *tmp, void *buf) {
    pul_game_copy(tmp, g);
    pul_game_save(tmp, buf);
}

/* The best of the n actions of list, each tried on tmp (saved in buf) and
** undone; ties drawn at random. */
static void best_of(PulGame *tmp, const void *buf, const PulAction *list, int n, PulRng *rng,
                    PulAction *out) {
    double best = -1e18;
    int ties = 0;
    for (int i = 0; i < n; i++) {
        bool failed;
        double s = try_action(tmp, buf, &list[i], &failed);
        /* The edition's scripts are failing: each further trial could cost a
        ** hook its whole deadline. Play the best so far, else the first. */
        if (failed) {
            if (i == 0) *out = list[0];
            break;
        }
        if (s > best + 1e-9) {
            best = s;
            ties = 1;
            *out = list[i];
        } else if (s > best - 1e-9 && rng_below(rng, (uint32_t)++ties) == 0) {
            *out = list[i];
        }
    }
}

bool bot_greedy_action(const PulGame *g, PulGame *tmp, PulRng *rng, PulAction *out) {
    PulAction list[PUL_MAX_ACTIONS];
    int n = pul_legal_actions(g, list, PUL_MAX_ACTIONS);
    if (n == 0) return false;
    _Alignas(max_align_t) unsigned char buf[PUL_SAVE_BYTES];
    trials_begin(g, tmp, buf);
    best_of(tmp, buf, list, n, rng, out);
    return true;
}

/* bot_greedy_action with the trials on g itself: each is undone, and an undo
** puts back every byte an action wrote (snapshot.c), so g ends as it began
** and the choice is the one a copy gives, without copying the whole game at
** every move (a fifth of a greedy game's instructions). Editions with
** scripts keep the copy: its hooks run in the copy's own script state. */
static bool greedy_action_here(PulGame *g, PulRng *rng, PulAction *out) {
    PulAction list[PUL_MAX_ACTIONS];
    int n = pul_legal_actions(g, list, PUL_MAX_ACTIONS);
    if (n == 0) return false;
    _Alignas(max_align_t) unsigned char buf[PUL_SAVE_BYTES];
    pul_game_save(g, buf);
    best_of(g, buf, list, n, rng, out);
    return true;
}

bool bot_greedy_lite_action(const PulGame *g, PulGame *tmp, PulRng *rng, int samples,
                            PulAction *out) {
    PulAction a;
    double best = -1e18;
    bool any = false;
    _Alignas(max_align_t) unsigned char buf[PUL_SAVE_BYTES];
    for (int i = 0; i < samples; i++) {
        if (!pul_random_action(g, rng, &a)) return any;
        if (i == 0) trials_begin(g, tmp, buf);
        bool failed;
        double s = try_action(tmp, buf, &a, &failed);
        if (failed) return any; /* scripts failing: no further trials (above) */
        if (!any || s > best) {
            best = s;
            *out = a;
            any = true;
        }
    }
    return any;
}

/* The greedy bot keeps a second game for its trials. */
static PulStatus greedy_choose(PulBot *b, const PulObservation *obs, PulRng *rng, PulAction *out,
                               PulError *err) {
    PulStatus st = pul_game_from_observation(b->det, obs, rng, err);
    if (st != PUL_OK) return st;
    if (!pul_variant_has_scripts(b->v)) {
        if (!greedy_action_here(b->det, rng, out))
            return err_setc(err, "bad-state", NULL, 0, 0, "seat %d has no legal action",
                            obs->seat + 1);
        return PUL_OK;
    }
    if (!b->state && !(b->state = pul_game_new(b->v)))
        return err_setc(err, "out-of-memory", NULL, 0, 0, "no memory for the greedy bot");
    if (!bot_greedy_action(b->det, b->state, rng, out))
        return err_setc(err, "bad-state", NULL, 0, 0, "seat %d has no legal action",
                        obs->seat + 1);
    return PUL_OK;
}

static void greedy_free(PulBot *b) { pul_game_free(b->state); }

static void greedy_drop_games(PulBot *b) {
    pul_game_free(b->state);
    b->state = NULL;
}

const BotKind bot_greedy_kind = {
    "greedy",     "the legal action that looks best one move ahead, by the family's heuristic (Micropul: points, open groups, draws; Genial: the sorted tracks, owed bonuses, the rack)",
    NULL,         0,
    greedy_choose, greedy_free,   greedy_drop_games,
};
