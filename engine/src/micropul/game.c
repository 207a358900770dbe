/*
** game.c: starting a game (start tile, core, deal), reading its state,
** and the scores and winners as the rules count them.
*/
#include <stddef.h>
#include <string.h>

#include "hooked.h"
#include "mem.h"

size_t pul_game_size(void) { return sizeof(PulGame); }

/* A game object is allocated with its GameEnv just before it (hooks.h): the
** script state of that object, outside the bytes a copy or a compare sees. */
_Static_assert(sizeof(GameEnv) % _Alignof(PulGame) == 0, "the game after its env is aligned");

PulGame *pul_game_new(const PulVariant *v) {
    GameEnv *env = mem_alloc(sizeof *env + sizeof(PulGame));
    if (!env) return NULL;
    memset(env, 0, sizeof *env + sizeof(PulGame));
    PulGame *g = (PulGame *)(env + 1);
    g->v = v;
    return g;
}

void pul_game_free(PulGame *g) {
    if (!g) return;
    GameEnv *env = game_env(g);
    const PulVariant *v = g->v;
    if (env->script) v->script_ops->state_free(env->script);
    mem_free(env);
}

void pul_game_copy(PulGame *dst, const PulGame *src) { memcpy(dst, src, sizeof *dst); }

static PulStatus check_core(const PulTileSet *ts, const uint8_t *core, int ncore, PulError *err) {
    bool seen[PUL_MAX_TILES] = {false};
    for (int i = 0; i < ncore; i++) {
        int t = core[i];
        if (t >= ts->ntiles)
            return err_set(err, PUL_ERR_SCHEMA, NULL, 0, 0,
                           "the core lists tile %d, but the tile set has ids 0 to %d", t,
                           ts->ntiles - 1);
        if (t == ts->start)
            return err_set(err, PUL_ERR_SCHEMA, NULL, 0, 0,
                           "the core lists the start tile %d, which is on the board", t);
        if (seen[t])
            return err_set(err, PUL_ERR_SCHEMA, NULL, 0, 0, "the core lists tile %d twice", t);
        seen[t] = true;
    }
    for (int t = 0; t < ts->ntiles; t++)
        if (t != ts->start && !seen[t])
            return err_set(err, PUL_ERR_SCHEMA, NULL, 0, 0,
                           "the core does not list tile %d; it must list every tile but the "
                           "start tile once",
                           t);
    return PUL_OK;
}

PulStatus pul_game_start(PulGame *g, int nseats, uint64_t seed, const uint8_t *core, int ncore,
                         PulError *err) {
    const PulVariant *v = g->v;
    const PulTileSet *ts = &v->ts;
    const PulRules *rules = &v->rules;
    if (nseats < rules->min_players || nseats > rules->max_players)
        return err_set(err, PUL_ERR_RANGE, NULL, 0, 0,
                       "variant '%s' is for %d to %d players, not %d", v->name,
                       rules->min_players, rules->max_players, nseats);
    if (core) {
        PulStatus st = check_core(ts, core, ncore, err);
        if (st != PUL_OK) return st;
    }
    /* The arrays need no clearing (see struct PulGame); a start clears only
    ** the counters and the cells in use, which keeps simulations fast. */
    board_clear(g);
    memset(g, 0, offsetof(PulGame, core));
    g->v = v;
    g->rules = v->rules;
    g->nseats = (uint8_t)nseats;
    g->loser = -1;
    g->seed = seed;
    pul_rng_seed(&g->rng, seed);
    g->ncore = (uint8_t)(ts->ntiles - 1);
    if (core) {
        memcpy(g->core, core, (size_t)g->ncore);
    } else {
        /* The shuffle has a generator of its own, so the game's generator
        ** starts the same whether the core was shuffled or read from a record. */
        PulRng shuffle;
        pul_rng_seed(&shuffle, seed ^ UINT64_C(0x53485546464C4521));
        int n = 0;
        for (int t = 0; t < ts->ntiles; t++)
            if (t != ts->start) g->core[n++] = (uint8_t)t;
        for (int i = n - 1; i > 0; i--) {
            int j = (int)pul_rng_below(&shuffle, (uint32_t)(i + 1));
            uint8_t t = g->core[i];
            g->core[i] = g->core[j];
            g->core[j] = t;
        }
    }
    int nb[4];
    board_place(g, ts->start, 0, 0, 0, -1, nb);
    const Front nothing = {0, 0, 0, 0, 0, 0};
    groups_add_tile(g, 0, nb, &nothing, NULL);
    HookCall call = {g, NULL, HOOK_SETUP, -1, 0};
    const MicropulHooks *hooks = v->hooks;
    if (hooks && hooks->setup) {
        /* The seat count is known, nothing is dealt: the hook may set the rules. */
        PulError serr;
        if (hooks->setup(&call, &serr) != PUL_OK ||
            pul_rules_validate(&g->rules, &serr) != PUL_OK) {
            if (serr.status != PUL_ERR_SCRIPT) {
                /* The rules the setup hook left do not hold together: name its scripts. */
                const PulVariantInfo *info = pul_variant_info(v);
                snprintf(serr.file, sizeof serr.file, "%.*s", (int)sizeof serr.file - 1,
                         info->script[0]);
                snprintf(serr.message + strlen(serr.message),
                         sizeof serr.message - strlen(serr.message),
                         " (as the setup hook left the rules)");
            }
            if (err) *err = serr;
            g->started = 0;
            return serr.status == PUL_ERR_SCRIPT ? PUL_ERR_SCRIPT : PUL_ERR_RANGE;
        }
    }
    rules = &g->rules;
    for (int s = 0; s < nseats; s++) {
        g->stones[s] = (uint8_t)rules->stones;
        for (int k = 0; k < rules->hand_size && g->core_top < g->ncore; k++)
            g->hand[s][g->nhand[s]++] = g->core[g->core_top++];
    }
    g->started = 1;
    if (g->core_top == g->ncore && rules->core_empty_end == PUL_CORE_EMPTY_IMMEDIATE) {
        g->over = 1;
        g->end_reason = PUL_END_CORE_EMPTY;
    } else {
        turn_begin_checks(g, NULL);
    }
    if (hooks && (hooks->defined & (HOOK_IS_OVER | HOOK_FINAL_SCORES)) &&
        apply_end_hooks(g, &call, false, err) != PUL_OK) {
        g->started = 0;
        return PUL_ERR_SCRIPT;
    }
    err_clear(err);
    return PUL_OK;
}

const PulVariant *pul_game_variant(const PulGame *g) { return g->v; }
int pul_game_seats(const PulGame *g) { return g->nseats; }
uint64_t pul_game_seed(const PulGame *g) { return g->seed; }
int pul_game_to_move(const PulGame *g) { return g->to_move; }
bool pul_game_in_extra_turn(const PulGame *g) { return g->in_extra; }
bool pul_game_over(const PulGame *g) { return g->over; }
PulEndReason pul_game_end_reason(const PulGame *g) { return (PulEndReason)g->end_reason; }
int pul_game_loser(const PulGame *g) { return g->loser; }
int pul_game_turns(const PulGame *g) { return g->turns; }
int pul_game_core_count(const PulGame *g) { return g->ncore - g->core_top; }
int pul_game_core_drawn(const PulGame *g) { return g->core_top; }
int pul_game_stones(const PulGame *g, int seat) { return g->stones[seat]; }
uint64_t pul_game_known(const PulGame *g, int seat) { return g->known[seat]; }
const PulRules *pul_game_rules(const PulGame *g) { return &g->rules; }

/* How many of n entries fit a caller's buffer of max (out NULL: none). */
static int fits(const void *out, int n, int max) {
    if (!out || max <= 0) return 0;
    return n < max ? n : max;
}

int pul_game_core_initial(const PulGame *g, uint8_t *out, int max) {
    int n = fits(out, g->ncore, max);
    if (n) memcpy(out, g->core, (size_t)n);
    return g->ncore;
}

int pul_game_hand(const PulGame *g, int seat, uint8_t *out, int max) {
    int n = fits(out, g->nhand[seat], max);
    if (n) memcpy(out, g->hand[seat], (size_t)n);
    return g->nhand[seat];
}

int pul_game_supply(const PulGame *g, int seat, uint8_t *out, int max) {
    int n = fits(out, g->nsupply[seat], max);
    if (n) memcpy(out, g->supply[seat], (size_t)n);
    return g->nsupply[seat];
}

int pul_game_placed(const PulGame *g, PulPlaced *out, int max) {
    int n = fits(out, g->nplaced, max);
    for (int i = 0; i < n; i++)
            out[i] = (PulPlaced){g->placed[i].tile, g->placed[i].rot, g->placed[i].x,
                                 g->placed[i].y};
    return g->nplaced;
}

bool pul_game_cell(const PulGame *g, int32_t x, int32_t y, int *tile, int *rot) {
    int j = board_tile_at(g, x, y);
    if (j < 0) return false;
    if (tile) *tile = g->placed[j].tile;
    if (rot) *rot = g->placed[j].rot;
    return true;
}

bool pul_game_group(const PulGame *g, int32_t x, int32_t y, int quad, PulGroupInfo *out) {
    int j = board_tile_at(g, x, y);
    if (j < 0 || quad < 0 || quad > 3) return false;
    const Placed *p = &g->placed[j];
    const TileRot *tr = &g->v->rot[p->tile][p->rot];
    if (!tr->colour[quad]) return false;
    int r = g->root[j * 4 + quad];
    out->colour = tr->quad[quad];
    out->size = g->gsize[r];
    out->points = g->gpoints[r];
    out->stones = g->gstones[r];
    out->owners = g->gowners[r];
    out->closed = g->gopen[r] == 0;
    out->scorer = out->closed ? groups_scorer(g, r) : -1;
    return true;
}

int pul_game_stones_on_board(const PulGame *g, PulStone *out, int max) {
    int n = fits(out, g->nstones_placed, max);
    if (n) memcpy(out, g->stone_list, (size_t)n * sizeof *out);
    return g->nstones_placed;
}

static void add_tile_points(const PulGame *g, int *scores) {
    const PulRules *r = &g->rules;
    for (int s = 0; s < g->nseats; s++)
        scores[s] += r->points_supply * g->nsupply[s] + r->points_hand * g->nhand[s];
}

/* The scores as the rules keep them, every seat. */
static void scores_now(const PulGame *g, int *scores) {
    for (int s = 0; s < g->nseats; s++) scores[s] = g->group_points[s] + g->final_adjust[s];
    add_tile_points(g, scores);
}

int pul_game_scores(const PulGame *g, int *scores, int max) {
    int all[PUL_MAX_SEATS];
    scores_now(g, all);
    int n = fits(scores, g->nseats, max);
    if (n) memcpy(scores, all, (size_t)n * sizeof *scores);
    return g->nseats;
}

int pul_game_scores_recount(const PulGame *g, int *scores, int max) {
    int all[PUL_MAX_SEATS];
    groups_recount(g, all);
    add_tile_points(g, all);
    int n = fits(scores, g->nseats, max);
    if (n) memcpy(scores, all, (size_t)n * sizeof *scores);
    return g->nseats;
}

int pul_game_winners(const PulGame *g, int *seats, int max) {
    int scores[PUL_MAX_SEATS], best = 0, n = 0;
    int room = fits(seats, g->nseats, max);
    if (g->script_winners) {
        /* A final_scores hook named them (breaking a tie, say). */
        for (int s = 0; s < g->nseats; s++)
            if (g->script_winners >> s & 1) {
                if (n < room) seats[n] = s;
                n++;
            }
        return n;
    }
    bool any = false;
    scores_now(g, scores);
    for (int s = 0; s < g->nseats; s++)
        if (s != g->loser && (!any || scores[s] > best)) {
            best = scores[s];
            any = true;
        }
    for (int s = 0; s < g->nseats; s++)
        if (s != g->loser && scores[s] == best && any) {
            if (n < room) seats[n] = s;
            n++;
        }
    return n;
}
