/*
** game_util.h: helpers the engine's unit tests share: the Micropul variant
** with given rules, scripted games from an explicit core, action builders.
*/
#ifndef PUL_GAME_UTIL_H
#define PUL_GAME_UTIL_H

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pul.h"

#define MICROPUL_TILES "../variants/micropul/tiles.yaml"

/* Micropul's features, as tiles.yaml declares them. */
enum { F_WHITE = 0, F_BLACK, F_ONE, F_TWO, F_CROSS, F_BLANK };

/* The Micropul tile set under the given rules (NULL: the defaults). */
static inline PulVariant *micropul_with(const PulRules *rules) {
    PulTileSet ts;
    PulError err;
    if (pul_tileset_load_file(&ts, MICROPUL_TILES, &err) != PUL_OK) {
        fprintf(stderr, "cannot load %s: %s\n", MICROPUL_TILES, err.message);
        return NULL;
    }
    PulVariant *v = pul_variant_new("micropul", &ts, rules, &err);
    if (!v) fprintf(stderr, "cannot build micropul: %s\n", err.message);
    return v;
}

/* An edition by name or path (search: NULL for PUL_PATH); NULL, with the
** error said and counted as a failure, when it does not open. */
static inline PulVariant *open_edition(const char *name, const char *search) {
    PulError err;
    PulVariant *v = pul_variant_open(name, search, &err);
    if (!v) {
        char buf[1024];
        fprintf(stderr, "  cannot open %s: %s\n", name, pul_error_format(&err, buf, sizeof buf));
    }
    CHECK(v != NULL);
    return v;
}

/* A tile set of ntiles tiles white all over (features: white, blank), tile
** 0 the start: every placement next to the board fits. */
static inline void all_white_tiles(PulTileSet *ts, const char *name, int ntiles) {
    memset(ts, 0, sizeof *ts);
    snprintf(ts->name, sizeof ts->name, "%s", name);
    ts->nfeatures = 2;
    ts->feature[0] = (PulFeature){'W', "white", PUL_FEATURE_MICROPUL, 0, false};
    ts->feature[1] = (PulFeature){'.', "blank", PUL_FEATURE_BLANK, 0, false};
    ts->ntiles = ntiles;
    for (int t = 0; t < ntiles; t++) ts->tile[t] = (PulTileDef){{0, 0, 0, 0}, false, 0};
    ts->start = 0;
}

/* A full core: the tiles of prefix first (top first), then every other
** non-start tile in increasing id order. Returns its length. */
static inline int make_core(const PulTileSet *ts, const int *prefix, int n, uint8_t *core) {
    bool used[PUL_MAX_TILES] = {false};
    int k = 0;
    for (int i = 0; i < n; i++) {
        core[k++] = (uint8_t)prefix[i];
        used[prefix[i]] = true;
    }
    for (int t = 0; t < ts->ntiles; t++)
        if (t != ts->start && !used[t]) core[k++] = (uint8_t)t;
    return k;
}

/* A started game whose core begins with prefix: with hands of 6, seat 0
** holds prefix[0..5], seat 1 prefix[6..11], and draws come from prefix[12..]. */
static inline PulGame *scripted(const PulVariant *v, int nseats, const int *prefix, int n) {
    uint8_t core[PUL_MAX_TILES];
    int ncore = make_core(pul_variant_tileset(v), prefix, n, core);
    PulGame *g = pul_game_new(v);
    PulError err;
    if (pul_game_start(g, nseats, 1, core, ncore, &err) != PUL_OK) {
        fprintf(stderr, "cannot start: %s\n", err.message);
        pul_game_free(g);
        return NULL;
    }
    return g;
}

static inline PulAction A_PLACE(int tile, int x, int y, int rot) {
    PulAction a = {PUL_PLACE, (uint8_t)tile, (uint8_t)rot, 0, x, y};
    return a;
}
static inline PulAction A_CLAIM(int quad, int x, int y) {
    PulAction a = {PUL_CLAIM, PUL_NO_TILE, 0, (uint8_t)quad, x, y};
    return a;
}
static inline PulAction A_TAKE(int tile) {
    PulAction a = {PUL_TAKE, (uint8_t)tile, 0, 0, 0, 0};
    return a;
}
static inline PulAction A_PASS(void) {
    PulAction a = {PUL_PASS, PUL_NO_TILE, 0, 0, 0, 0};
    return a;
}

/* Apply an action that must be legal. */
#define APPLY_OK(g, act, ev)                                  \
    do {                                                      \
        PulAction apply_a_ = (act);                           \
        CHECK_INT(pul_apply((g), &apply_a_, (ev)), PUL_LEGAL); \
    } while (0)

/* An action that must be refused for `reason`, by pul_check and by
** pul_apply, with the game left byte for byte as it was. */
#define CHECK_REFUSED(g, act, reason)                                          \
    do {                                                                       \
        PulAction ref_a_ = (act);                                              \
        CHECK_STR(pul_reason_code(pul_check((g), &ref_a_)), pul_reason_code(reason)); \
        PulGame *ref_copy_ = pul_game_new(pul_game_variant(g));                \
        pul_game_copy(ref_copy_, (g));                                         \
        PulEvents ref_ev_;                                                     \
        ref_ev_.n = 0;                                                         \
        CHECK_INT(pul_apply((g), &ref_a_, &ref_ev_), (reason));                \
        CHECK(memcmp(ref_copy_, (g), pul_game_size()) == 0);                   \
        pul_game_free(ref_copy_);                                              \
    } while (0)

/* Two actions are the same move (fields a kind does not use are ignored). */
static inline bool same_action(const PulAction *a, const PulAction *b) {
    if (a->kind != b->kind) return false;
    switch (a->kind) {
    case PUL_PLACE:
        return a->tile == b->tile && a->rot == b->rot && a->x == b->x && a->y == b->y;
    case PUL_CLAIM:
        return a->quad == b->quad && a->x == b->x && a->y == b->y;
    case PUL_TAKE:
        return a->tile == b->tile;
    default:
        return true;
    }
}

static inline int count_events(const PulEvents *ev, int kind) {
    int n = 0;
    for (int i = 0; i < ev->n; i++) n += ev->ev[i].kind == kind;
    return n;
}

/* The first event of a kind, or NULL. */
static inline const PulEvent *find_event(const PulEvents *ev, int kind) {
    for (int i = 0; i < ev->n; i++)
        if (ev->ev[i].kind == kind) return &ev->ev[i];
    return NULL;
}

/* Whether an ACTIVATED event names this catalyst. */
static inline bool activated(const PulEvents *ev, int x, int y, int quad, int feature) {
    for (int i = 0; i < ev->n; i++) {
        const PulEvent *e = &ev->ev[i];
        if (e->kind == PUL_EV_ACTIVATED && e->x == x && e->y == y && e->quad == quad &&
            e->feature == feature)
            return true;
    }
    return false;
}

static inline bool hand_has(const PulGame *g, int seat, int tile) {
    uint8_t h[PUL_MAX_HAND];
    int n = pul_game_hand(g, seat, h, PUL_MAX_HAND);
    for (int i = 0; i < n; i++)
        if (h[i] == tile) return true;
    return false;
}


/* Hand, supply, board and core together hold each tile exactly once; false
** (with the tile named on stderr) when not. */
static inline bool tiles_conserved(const PulGame *g, const char *what) {
    int ntiles = pul_variant_tileset(pul_game_variant(g))->ntiles;
    int count[PUL_MAX_TILES] = {0};
    uint8_t buf[PUL_MAX_TILES];
    PulPlaced placed[PUL_MAX_TILES];
    for (int s = 0; s < pul_game_seats(g); s++) {
        int n = pul_game_hand(g, s, buf, PUL_MAX_TILES);
        for (int i = 0; i < n; i++) count[buf[i]]++;
        n = pul_game_supply(g, s, buf, PUL_MAX_TILES);
        for (int i = 0; i < n; i++) count[buf[i]]++;
    }
    int n = pul_game_placed(g, placed, PUL_MAX_TILES);
    for (int i = 0; i < n; i++) count[placed[i].tile]++;
    int ncore = pul_game_core_initial(g, buf, PUL_MAX_TILES);
    for (int i = pul_game_core_drawn(g); i < ncore; i++) count[buf[i]]++;
    for (int t = 0; t < ntiles; t++)
        if (count[t] != 1) {
            fprintf(stderr, "  %s: tile %d is held %d times\n", what, t, count[t]);
            return false;
        }
    return true;
}

/* Write the record of g's game (its start and moves), read it back, replay
** it in a new game: the replay must end byte for byte where g is. */
static inline bool replays_identically(const PulGame *g, const PulAction *moves, int nmoves) {
    const PulVariant *v = pul_game_variant(g);
    PulRecord *r = pul_record_new(), *back = pul_record_new();
    PulGame *replay = pul_game_new(v);
    char *text = NULL;
    bool same = false;
    PulError err;
    if (!r || !back || !replay || pul_record_from_start(r, g) != PUL_OK) goto done;
    for (int i = 0; i < nmoves; i++)
        if (pul_record_add_move(r, v, &moves[i]) != PUL_OK) goto done;
    size_t len = 0;
    text = pul_record_write(r, &len);
    if (!text || pul_record_parse(back, text, len, "replay", &err) != PUL_OK) goto done;
    CHECK_INT(pul_record_nmoves(back), nmoves);
    CHECK_STR(pul_record_tag(back, "Variant"), pul_variant_name(v));
    if (pul_record_start_game(back, replay, &err) != PUL_OK) {
        fprintf(stderr, "  replay does not start: %s\n", err.message);
        goto done;
    }
    for (int i = 0; i < pul_record_nmoves(back); i++) {
        PulAction a;
        const char *m = pul_record_move(back, i);
        PulReason why = pul_action_parse(v, m, &a) ? pul_apply(replay, &a, NULL) : PUL_R_SYNTAX;
        if (why != PUL_LEGAL) {
            fprintf(stderr, "  replayed move %d \"%s\": %s\n", i + 1, m, pul_reason_code(why));
            goto done;
        }
    }
    same = memcmp(g, replay, pul_variant_game_size(v)) == 0;
done:
    free(text);
    pul_record_free(r);
    pul_record_free(back);
    pul_game_free(replay);
    return same;
}

/* A game to play in each_shipped_game: a variant, its seats, a seed. */
typedef void (*ShippedGame)(const PulVariant *v, int nseats, uint64_t seed, void *ctx);

/* f over every shipped edition (both families, scripted ones too), every
** seat count each allows, and seeds 1 .. nseeds. */
static inline void each_shipped_game(int nseeds, ShippedGame f, void *ctx) {
    static const char *const editions[] = {
        "micropul",     "micropul-3p", "micropul-4p",  "micropul-solo", "micropul-solo-peek",
        "farmopul",     "farmopul-3p", "farmopul-4p",  "simpler-placement",
        "genial",       "genial-teams", "genial-solo", "genial-catchup",
    };
    for (size_t i = 0; i < sizeof editions / sizeof *editions; i++) {
        PulVariant *v = open_edition(editions[i], NULL);
        if (!v) continue;
        int lo, hi;
        pul_variant_players(v, &lo, &hi);
        for (int seats = lo; seats <= hi; seats++)
            for (uint64_t seed = 1; seed <= (uint64_t)nseeds; seed++) f(v, seats, seed, ctx);
        pul_variant_free(v);
    }
}

#endif
