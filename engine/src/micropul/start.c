/*
** start.c: starting a Micropul game: the start tile, the core shuffled from
** the seed or given, the setup hook, the deal, the first checks and end hooks.
*/
#include <stddef.h>
#include <string.h>

#include "hooked.h"

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

/* Every tile id in order: the unshuffled core is this list without the
** start tile, two copies rather than a test per tile. */
#define IDS4(n) n, n + 1, n + 2, n + 3
#define IDS16(n) IDS4(n), IDS4(n + 4), IDS4(n + 8), IDS4(n + 12)
#define IDS64(n) IDS16(n), IDS16(n + 16), IDS16(n + 32), IDS16(n + 48)
static const uint8_t tile_ids[256] = {IDS64(0), IDS64(64), IDS64(128), IDS64(192)};
#undef IDS64
#undef IDS16
#undef IDS4
_Static_assert(PUL_MAX_TILES <= 256, "tile_ids names every tile id");

/* The arrays need no clearing (see struct MicropulGame); a start clears only
** the counters and the cells in use, which keeps simulations fast. The
** determinization starts its games the same way. */
void start_reset(MicropulGame *g, const PulRules *rules, int nseats) {
    const PulVariant *v = g->h.v;
    board_clear(g);
    memset(g, 0, offsetof(MicropulGame, core));
    g->h.v = v;
    g->h.fam = v->fam;
    g->rules = *rules;
    g->h.nseats = (uint8_t)nseats;
}

/* The start tile at (0, 0), with the board and group code compiled in, no
** events to report (a start is in every playout). */
#if defined(__GNUC__)
__attribute__((flatten))
#endif
static void start_tile(MicropulGame *g, int tile) {
    int nb[4];
    board_place(g, tile, 0, 0, 0, -1, nb);
    const Front nothing = {0};
    groups_add_tile(g, 0, nb, &nothing, 0, NULL); /* no neighbour: no join */
}

PulStatus start_game(PulGame *pg, int nseats, uint64_t seed, const uint8_t *core, int ncore,
                     PulError *err) {
    MicropulGame *g = MG(pg);
    const MicropulVariant *v = MV(g);
    const PulTileSet *ts = &v->ts;
    const PulRules *rules = &v->rules;
    if (nseats < rules->min_players || nseats > rules->max_players)
        return err_set(err, PUL_ERR_RANGE, NULL, 0, 0,
                       "variant '%s' is for %d to %d players, not %d", v->h.name,
                       rules->min_players, rules->max_players, nseats);
    if (core) {
        PulStatus st = check_core(ts, core, ncore, err);
        if (st != PUL_OK) return st;
    }
    start_reset(g, &v->rules, nseats);
    g->h.loser = -1;
    g->h.seed = seed;
    pul_rng_seed(&g->h.rng, seed);
    g->ncore = (uint8_t)(ts->ntiles - 1);
    if (core) {
        memcpy(g->core, core, (size_t)g->ncore);
    } else {
        /* The shuffle has a generator of its own, so the game's generator
        ** starts the same whether the core was shuffled or read from a record. */
        PulRng shuffle;
        pul_rng_seed(&shuffle, seed ^ UINT64_C(0x53485546464C4521));
        int n = g->ncore;
        memcpy(g->core, tile_ids, (size_t)ts->start);
        memcpy(g->core + ts->start, tile_ids + ts->start + 1, (size_t)(n - ts->start));
        for (int i = n - 1; i > 0; i--) {
            int j = (int)pul_rng_below(&shuffle, (uint32_t)(i + 1));
            uint8_t t = g->core[i];
            g->core[i] = g->core[j];
            g->core[j] = t;
        }
    }
    start_tile(g, ts->start);
    HookCall call = {&g->h, NULL, HOOK_SETUP, -1, 0};
    const MicropulHooks *hooks = hooked_table(g);
    if (hooks && hooks->setup) {
        /* The seat count is known, nothing is dealt: the hook may set the rules. */
        PulError serr;
        if (hooks->setup(&call, &serr) != PUL_OK ||
            pul_rules_validate(&g->rules, &serr) != PUL_OK) {
            if (serr.status != PUL_ERR_SCRIPT) {
                /* The rules the setup hook left do not hold together: name its scripts. */
                const PulVariantInfo *info = pul_variant_info(&v->h);
                snprintf(serr.file, sizeof serr.file, "%.*s", (int)sizeof serr.file - 1,
                         info->script[0]);
                snprintf(serr.message + strlen(serr.message),
                         sizeof serr.message - strlen(serr.message),
                         " (as the setup hook left the rules)");
            }
            if (err) *err = serr;
            g->h.started = 0;
            return serr.status == PUL_ERR_SCRIPT ? PUL_ERR_SCRIPT : PUL_ERR_RANGE;
        }
    }
    rules = &g->rules;
    for (int s = 0; s < nseats; s++) {
        g->stones[s] = (uint8_t)rules->stones;
        /* The hand is empty (start_reset): its tiles are the core's next ones. */
        int n = g->ncore - g->core_top;
        if (rules->hand_size < n) n = rules->hand_size;
        if (n < 0) n = 0;
        const uint8_t *from = &g->core[g->core_top];
        if (PUL_LIKELY(g->core_top + PUL_MAX_HAND <= MP_TILES)) {
            /* One 16-byte move, not a byte per tile (a hand's bytes past its
            ** count are never read). */
            memcpy(g->hand[s], from, PUL_MAX_HAND);
        } else {
            memcpy(g->hand[s], from, (size_t)n);
        }
        g->nhand[s] = (uint8_t)n;
        g->core_top = (uint8_t)(g->core_top + n);
    }
    g->h.started = 1;
    if (g->core_top == g->ncore && rules->core_empty_end == PUL_CORE_EMPTY_IMMEDIATE) {
        g->h.over = 1;
        g->h.end_reason = PUL_END_CORE_EMPTY;
    } else {
        turn_begin_checks(g, NULL);
    }
    if (hooks && (hooks->defined & (HOOK_IS_OVER | HOOK_FINAL_SCORES)) &&
        apply_end_hooks(g, &call, false, err) != PUL_OK) {
        g->h.started = 0;
        return PUL_ERR_SCRIPT;
    }
    err_clear(err);
    return PUL_OK;
}

