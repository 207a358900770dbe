/*
** test_large_sets.c: tile sets over 62 tiles (issue 15 point 7), which play on
** Micropul's wide layout: the double and the largest set load and play.
*/
#include "game_util.h"

#define TOO_MANY "variants/micropul-too-many/tiles.yaml"

static const char *const large[] = {"variants/micropul-double", "variants/micropul-max"};
static const int large_tiles[] = {96, PUL_MAX_TILES};

static _Alignas(max_align_t) unsigned char save[PUL_SAVE_BYTES];
static PulAction list[PUL_MAX_ACTIONS];

/* Both editions load with all their tiles, on games larger than the
** shipped editions' (which keep pul_game_size()). */
static void test_load(void) {
    PulVariant *small = open_edition("micropul", NULL);
    if (small) CHECK_INT((int)pul_variant_game_size(small), (int)pul_game_size());
    pul_variant_free(small);
    for (int i = 0; i < 2; i++) {
        PulVariant *v = open_edition(large[i], NULL);
        if (!v) continue;
        CHECK_INT(pul_variant_tileset(v)->ntiles, large_tiles[i]);
        CHECK(pul_variant_game_size(v) > pul_game_size());
        CHECK_STR(pul_variant_family(v), "micropul");
        pul_variant_free(v);
    }
}

/* One past the largest is refused where the 251st tile is written. */
static void test_too_many(void) {
    PulTileSet ts;
    PulError err;
    CHECK_INT(pul_tileset_load_file(&ts, TOO_MANY, &err), PUL_ERR_RANGE);
    CHECK_STR(err.code, "too-large");
    CHECK(strstr(err.file, "micropul-too-many/tiles.yaml") != NULL);
    /* The line that lists tile id PUL_MAX_TILES (its comment says so). */
    FILE *f = fopen(TOO_MANY, "r");
    CHECK(f != NULL);
    int line = 0, want = 0;
    char buf[256], tag[16];
    snprintf(tag, sizeof tag, "# %d\n", PUL_MAX_TILES);
    while (f && fgets(buf, sizeof buf, f)) {
        line++;
        size_t n = strlen(buf), k = strlen(tag);
        if (n >= k && strcmp(buf + n - k, tag) == 0) want = line;
    }
    if (f) fclose(f);
    CHECK(want > 0);
    CHECK_INT(err.line, want);
    CHECK(pul_variant_open("variants/micropul-too-many", NULL, &err) == NULL);
    CHECK_STR(err.code, "too-large");
}

static bool same_game(const PulGame *a, const PulGame *b) {
    return memcmp(a, b, pul_variant_game_size(pul_game_variant(a))) == 0;
}

/* Random games to the end: at every position the checked path and the
** playout path agree, a save and undo puts the game back byte for byte, a
** determinization kept across the game equals one made afresh, and the
** record replays to the same bytes. */
static void play_checked(const PulVariant *v, int nseats, uint64_t seed) {
    PulGame *g = pul_game_new(v), *t = pul_game_new(v), *before = pul_game_new(v);
    PulGame *kept = pul_game_new(v);
    static PulAction moves[PUL_ACTION_LIMIT];
    static PulObservation obs;
    int nmoves = 0, bad = 0;
    PulError err;
    PulRng rng, r1, r2;
    pul_rng_seed(&rng, seed * 7919);
    CHECK_INT(pul_game_start(g, nseats, seed, NULL, 0, &err), PUL_OK);
    pul_game_copy(t, g);
    PulAction a;
    while (!pul_game_over(g) && nmoves < PUL_ACTION_LIMIT && pul_random_action(g, &rng, &a)) {
        int n = pul_legal_actions(g, list, PUL_MAX_ACTIONS);
        CHECK(n > 0 && n <= PUL_MAX_ACTIONS);
        bool listed = false;
        for (int i = 0; i < n && !listed; i++) listed = memcmp(&list[i], &a, sizeof a) == 0;
        CHECK(listed);
        pul_game_copy(before, g);
        size_t bytes = pul_game_save(g, save);
        CHECK(bytes > 0 && bytes <= PUL_SAVE_BYTES);
        static PulEvents ev;
        CHECK_INT(pul_apply(g, &a, &ev), PUL_LEGAL);
        CHECK_INT(pul_apply_trusted(t, &a), PUL_LEGAL);
        if (!same_game(g, t)) bad++;
        PulGame *u = pul_game_new(v);
        pul_game_copy(u, g);
        pul_game_undo(u, save);
        if (!same_game(u, before)) bad++;
        pul_game_free(u);
        pul_events_action(&ev, &moves[nmoves++]); /* a random take as the tile taken */
        int seat = pul_game_to_move(g);
        pul_observe(g, seat, &obs);
        pul_rng_seed(&r1, seed + (uint64_t)nmoves);
        r2 = r1;
        CHECK_INT(pul_game_from_observation(kept, &obs, &r1, &err), PUL_OK);
        PulGame *f = pul_game_new(v);
        CHECK_INT(pul_game_from_observation(f, &obs, &r2, &err), PUL_OK);
        if (!same_game(kept, f)) bad++;
        pul_game_free(f);
    }
    CHECK(pul_game_over(g));
    CHECK_INT(bad, 0);
    CHECK(tiles_conserved(g, "large game"));
    CHECK(replays_identically(g, moves, nmoves));
    pul_game_free(g);
    pul_game_free(t);
    pul_game_free(before);
    pul_game_free(kept);
}

static void test_games(void) {
    for (int i = 0; i < 2; i++) {
        PulVariant *v = open_edition(large[i], NULL);
        if (!v) continue;
        for (int seats = 1; seats <= 2; seats++)
            for (uint64_t seed = 1; seed <= 3; seed++) play_checked(v, seats, seed);
        pul_variant_free(v);
    }
}

/* A straight line of every tile but one, built from an observation (the
** determinization puts the tiles down in order): 249 tiles from x = -124
** to 124 span the 64-wide torus almost four times, so cells 64 apart share
** a home slot. The last tile then goes down through pul_apply. */
static void test_line(void) {
    PulTileSet ts;
    all_white_tiles(&ts, "line", PUL_MAX_TILES);
    PulError err;
    PulVariant *v = pul_variant_new(NULL, &ts, NULL, &err);
    CHECK(v != NULL);
    if (!v) return;
    CHECK(pul_variant_game_size(v) > pul_game_size());
    static PulObservation o;
    memset(&o, 0, sizeof o);
    o.seat = 0;
    o.nseats = 1;
    o.to_move = 0;
    o.end_reason = 0;
    o.loser = -1;
    o.turns = PUL_MAX_TILES - 2;
    pul_rules_default(&o.rules);
    const PulRules *vr = pul_variant_rules(v);
    o.rules = *vr;
    o.hand_count[0] = 1;
    o.hand[0] = PUL_MAX_TILES - 1;
    o.stones_left[0] = vr->stones;
    int n = PUL_MAX_TILES - 1;
    for (int i = 0; i < n; i++) {
        int x = i == 0 ? 0 : (i % 2 ? (i + 1) / 2 : -(i / 2));
        o.placed[i] = (PulPlaced){(uint8_t)i, 0, x, 0};
    }
    o.nplaced = n;
    PulGame *g = pul_game_new(v);
    CHECK_INT(pul_game_from_observation(g, &o, NULL, &err), PUL_OK);
    CHECK_INT(pul_game_placed(g, NULL, 0), n);
    PulBounds b;
    CHECK(pul_game_bounds(g, &b));
    CHECK_INT(b.minx, -124);
    CHECK_INT(b.maxx, 124);
    for (int x = -300; x <= 300; x++)
        for (int y = -1; y <= 1; y++) {
            int tile = -1;
            bool on = pul_game_cell(g, x, y, &tile, NULL);
            CHECK(on == (y == 0 && x >= -124 && x <= 124));
        }
    /* Open cells of a row of n tiles: n above, n below, two ends. */
    CHECK_INT(pul_legal_placements(g, NULL, 0), 2 * n + 2);
    CHECK_INT(pul_check(g, &(PulAction){PUL_PLACE, (uint8_t)n, 0, 0, 125 - 64, 0}), PUL_R_OCCUPIED);
    CHECK_INT(pul_check(g, &(PulAction){PUL_PLACE, (uint8_t)n, 0, 0, 125 + 64, 0}),
              PUL_R_NOT_ADJACENT);
    CHECK_INT(pul_check(g, &(PulAction){PUL_PLACE, (uint8_t)n, 0, 0, 61, 2}), PUL_R_NOT_ADJACENT);
    PulGroupInfo gi;
    CHECK(pul_game_group(g, -124, 0, PUL_SW, &gi));
    CHECK_INT(gi.size, n * 4);
    CHECK(!gi.closed);
    /* The last tile above the middle, undone and put at the east end. */
    PulGame *before = pul_game_new(v);
    pul_game_copy(before, g);
    pul_game_save(g, save);
    APPLY_OK(g, A_PLACE(n, 64, -1, 0), NULL);
    CHECK(pul_game_cell(g, 64, -1, NULL, NULL));
    CHECK(!pul_game_cell(g, 0, -1, NULL, NULL));
    pul_game_undo(g, save);
    CHECK(same_game(g, before));
    APPLY_OK(g, A_PLACE(n, 125, 0, 0), NULL);
    CHECK(pul_game_group(g, 125, 0, PUL_NE, &gi));
    CHECK_INT(gi.size, PUL_MAX_TILES * 4);
    CHECK(pul_game_over(g)); /* the seat holds nothing and the core is empty */
    pul_game_free(before);
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_load);
    RUN(test_too_many);
    RUN(test_games);
    RUN(test_line);
    return CHECK_DONE();
}
