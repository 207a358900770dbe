/*
** test_variant.c: tile sets built in C: validation errors, rotation, and a
** four-colour variant with a draw-3 catalyst played by hand and at random.
*/
#include <string.h>

#include "game_util.h"

/* The four-colour set: W B R G micropul, a catalyst drawing 3, a cross. */
enum { C_W = 0, C_B, C_R, C_G, C_THREE, C_CROSS, C_BLANK, C_NFEAT };

static void add_feature(PulTileSet *ts, char symbol, const char *name, int cls, int draw,
                        bool extra) {
    PulFeature *f = &ts->feature[ts->nfeatures++];
    memset(f, 0, sizeof *f);
    f->symbol = symbol;
    snprintf(f->name, sizeof f->name, "%s", name);
    f->cls = (uint8_t)cls;
    f->draw = draw;
    f->extra_turn = extra;
}

static void add_tile(PulTileSet *ts, int nw, int ne, int sw, int se) {
    PulTileDef *d = &ts->tile[ts->ntiles++];
    memset(d, 0, sizeof *d);
    d->quad[0] = (uint8_t)nw;
    d->quad[1] = (uint8_t)ne;
    d->quad[2] = (uint8_t)sw;
    d->quad[3] = (uint8_t)se;
}

static void add_big(PulTileSet *ts, int colour, int centre) {
    add_tile(ts, colour, colour, colour, colour);
    ts->tile[ts->ntiles - 1].big = true;
    ts->tile[ts->ntiles - 1].centre = (uint8_t)centre;
}

/* 42 tiles: 0 the start "WR/BG", 1 "R./3.", 2 "G./..", then 39 made by a
** fixed rule so that each holds a micropul, every fifth a big one. */
static void four_colours(PulTileSet *ts) {
    memset(ts, 0, sizeof *ts);
    snprintf(ts->name, sizeof ts->name, "four");
    add_feature(ts, 'W', "white", PUL_FEATURE_MICROPUL, 0, false);
    add_feature(ts, 'B', "black", PUL_FEATURE_MICROPUL, 0, false);
    add_feature(ts, 'R', "red", PUL_FEATURE_MICROPUL, 0, false);
    add_feature(ts, 'G', "green", PUL_FEATURE_MICROPUL, 0, false);
    add_feature(ts, '3', "three-dot", PUL_FEATURE_CATALYST, 3, false);
    add_feature(ts, '+', "cross", PUL_FEATURE_CATALYST, 0, true);
    add_feature(ts, '.', "blank", PUL_FEATURE_BLANK, 0, false);
    add_tile(ts, C_W, C_R, C_B, C_G);
    add_tile(ts, C_R, C_BLANK, C_THREE, C_BLANK);
    add_tile(ts, C_G, C_BLANK, C_BLANK, C_BLANK);
    for (int i = 3; i < 42; i++) {
        if (i % 5 == 0) {
            add_big(ts, i % 4, i % 10 == 0 ? C_CROSS : C_THREE);
            continue;
        }
        int q[4];
        for (int k = 0; k < 4; k++) {
            int v = (i * 5 + k * 3 + i * k) % 9; /* 0-3 colours, 4-8 others */
            q[k] = v < 4 ? v : v < 6 ? C_BLANK : v < 8 ? C_THREE : C_CROSS;
        }
        if (q[0] > C_G && q[1] > C_G && q[2] > C_G && q[3] > C_G) q[i % 4] = i % 4;
        add_tile(ts, q[0], q[1], q[2], q[3]);
    }
    ts->start = 0;
}

static void expect_invalid(const PulTileSet *ts, PulStatus status, const char *words) {
    PulError err;
    memset(&err, 0, sizeof err);
    CHECK_INT(pul_tileset_validate(ts, &err), status);
    CHECK_INT(err.status, status);
    if (!strstr(err.message, words)) {
        fprintf(stderr, "  message \"%s\" lacks \"%s\"\n", err.message, words);
        CHECK(0);
    }
    /* pul_variant_new refuses it the same way. */
    PulVariant *v = pul_variant_new("x", ts, NULL, &err);
    CHECK(v == NULL);
    CHECK_INT(err.status, status);
    pul_variant_free(v);
}

static void test_validate(void) {
    PulTileSet ts, bad;
    PulError err;
    four_colours(&ts);
    CHECK_INT(pul_tileset_validate(&ts, &err), PUL_OK);

    /* No micropul feature at all: the micropul classes become blanks. */
    bad = ts;
    for (int f = C_W; f <= C_G; f++) bad.feature[f].cls = PUL_FEATURE_BLANK;
    expect_invalid(&bad, PUL_ERR_SCHEMA, "no micropul feature");

    /* One tile of catalysts and blanks only. */
    bad = ts;
    bad.tile[7] = (PulTileDef){{C_THREE, C_BLANK, C_CROSS, C_BLANK}, false, 0};
    expect_invalid(&bad, PUL_ERR_SCHEMA, "tile 7 has no micropul");

    /* Start tile outside the set, above and below. */
    bad = ts;
    bad.start = ts.ntiles;
    expect_invalid(&bad, PUL_ERR_RANGE, "start tile 42");
    bad.start = -1;
    expect_invalid(&bad, PUL_ERR_RANGE, "start tile -1");

    /* A big tile whose centre is a micropul, or a blank. */
    bad = ts;
    bad.tile[5].centre = C_R;
    expect_invalid(&bad, PUL_ERR_SCHEMA, "big tile 5 needs a catalyst");
    bad.tile[5].centre = C_BLANK;
    expect_invalid(&bad, PUL_ERR_SCHEMA, "big tile 5 needs a catalyst");
    bad.tile[5].centre = 200; /* not a feature */
    expect_invalid(&bad, PUL_ERR_SCHEMA, "big tile 5 needs a catalyst");

    /* A big tile with two colours. */
    bad = ts;
    bad.tile[5].quad[3] = C_W;
    bad.tile[5].quad[0] = C_B;
    expect_invalid(&bad, PUL_ERR_SCHEMA, "big tile 5");

    /* Two features share a symbol. */
    bad = ts;
    bad.feature[C_G].symbol = 'R';
    expect_invalid(&bad, PUL_ERR_SCHEMA, "share the symbol 'R'");

    /* A symbol that is not printable, or the separator. */
    bad = ts;
    bad.feature[C_BLANK].symbol = '/';
    expect_invalid(&bad, PUL_ERR_SCHEMA, "blank");
    bad.feature[C_BLANK].symbol = ' ';
    expect_invalid(&bad, PUL_ERR_SCHEMA, "blank");

    /* A quadrant naming an undeclared feature. */
    bad = ts;
    bad.tile[9].quad[2] = C_NFEAT;
    expect_invalid(&bad, PUL_ERR_RANGE, "tile 9");

    /* Counts out of range. */
    bad = ts;
    bad.ntiles = 1;
    expect_invalid(&bad, PUL_ERR_RANGE, "1 tiles");
    bad.ntiles = PUL_MAX_TILES + 1;
    expect_invalid(&bad, PUL_ERR_RANGE, "tiles");
    bad = ts;
    bad.nfeatures = 0;
    expect_invalid(&bad, PUL_ERR_RANGE, "feature");

    /* A catalyst drawing a negative count. */
    bad = ts;
    bad.feature[C_THREE].draw = -1;
    expect_invalid(&bad, PUL_ERR_RANGE, "three-dot");

    /* A feature class that does not exist. */
    bad = ts;
    bad.feature[C_BLANK].cls = 7;
    expect_invalid(&bad, PUL_ERR_SCHEMA, "class");
}

static void test_rotated(void) {
    PulTileSet ts;
    four_colours(&ts);
    /* Tile 0 is ab/cd = WR/BG with four different features. */
    uint8_t q[4];
    pul_tileset_rotated(&ts, 0, 0, q);
    CHECK(q[PUL_NW] == C_W && q[PUL_NE] == C_R && q[PUL_SW] == C_B && q[PUL_SE] == C_G);
    /* One quarter turn clockwise: ab/cd -> ca/db, so BW/GR. */
    pul_tileset_rotated(&ts, 0, 1, q);
    CHECK(q[PUL_NW] == C_B && q[PUL_NE] == C_W && q[PUL_SW] == C_G && q[PUL_SE] == C_R);
    /* Half a turn: dc/ba, so GB/RW. */
    pul_tileset_rotated(&ts, 0, 2, q);
    CHECK(q[PUL_NW] == C_G && q[PUL_NE] == C_B && q[PUL_SW] == C_R && q[PUL_SE] == C_W);
    /* Three quarters: bd/ac, so RG/WB. */
    pul_tileset_rotated(&ts, 0, 3, q);
    CHECK(q[PUL_NW] == C_R && q[PUL_NE] == C_G && q[PUL_SW] == C_W && q[PUL_SE] == C_B);
    /* Four quarter turns, step by step, give the tile back, for every tile. */
    for (int t = 0; t < ts.ntiles; t++) {
        uint8_t cur[4];
        memcpy(cur, ts.tile[t].quad, 4);
        for (int step = 0; step < 4; step++) {
            /* turn cur once by hand: nw<-sw, ne<-nw, sw<-se, se<-ne */
            uint8_t n[4] = {cur[PUL_SW], cur[PUL_NW], cur[PUL_SE], cur[PUL_NE]};
            memcpy(cur, n, 4);
            pul_tileset_rotated(&ts, t, (step + 1) % 4, q);
            CHECK(memcmp(q, cur, 4) == 0);
        }
        CHECK(memcmp(cur, ts.tile[t].quad, 4) == 0);
    }
    /* Micropul tile 4, +W/WB, in rotation 1 is W+/BW. */
    PulTileSet mp;
    PulError err;
    CHECK_INT(pul_tileset_load_file(&mp, MICROPUL_TILES, &err), PUL_OK);
    pul_tileset_rotated(&mp, 4, 1, q);
    CHECK(q[PUL_NW] == F_WHITE && q[PUL_NE] == F_CROSS && q[PUL_SW] == F_BLACK &&
          q[PUL_SE] == F_WHITE);
    /* Tile 12, W./1., in rotation 2 is .1/.W. */
    pul_tileset_rotated(&mp, 12, 2, q);
    CHECK(q[PUL_NW] == F_BLANK && q[PUL_NE] == F_ONE && q[PUL_SW] == F_BLANK &&
          q[PUL_SE] == F_WHITE);
    /* A big tile is the same in every rotation. */
    for (int r = 0; r < 4; r++) {
        pul_tileset_rotated(&mp, 42, r, q);
        CHECK(q[0] == F_WHITE && q[1] == F_WHITE && q[2] == F_WHITE && q[3] == F_WHITE);
    }
}

/* The start tile WR/BG at (0,0); tile 1 R./3. at (1,0) puts its red on the
** start's red and its draw-3 catalyst on the start's green: it fires. */
static void test_four_colours_scripted(void) {
    PulTileSet ts;
    four_colours(&ts);
    PulError err;
    PulVariant *v = pul_variant_new(NULL, &ts, NULL, &err);
    CHECK(v != NULL);
    if (!v) return;
    CHECK_STR(pul_variant_name(v), "four");
    static const int prefix[] = {1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 16, 17, 18, 19};
    PulGame *g = scripted(v, 2, prefix, 16);
    /* Tile 2 G./.. at (1,0): its green faces the start's red: rule 2. */
    CHECK_REFUSED(g, A_PLACE(2, 1, 0, 0), PUL_R_COLOUR_CONFLICT);
    /* Rotated once it is .G/..: nothing faces the start, so rule 1 fails. */
    CHECK_REFUSED(g, A_PLACE(2, 1, 0, 1), PUL_R_NO_ATTACHMENT);
    PulEvents ev;
    APPLY_OK(g, A_PLACE(1, 1, 0, 0), &ev);
    CHECK_INT(count_events(&ev, PUL_EV_ACTIVATED), 1);
    CHECK(activated(&ev, 1, 0, PUL_SW, C_THREE));
    const PulEvent *d = find_event(&ev, PUL_EV_DREW);
    CHECK(d != NULL);
    if (d) CHECK_INT(d->count, 3);
    uint8_t sup[PUL_MAX_TILES];
    CHECK_INT(pul_game_supply(g, 0, sup, PUL_MAX_TILES), 3);
    CHECK(sup[0] == 16 && sup[1] == 17 && sup[2] == 18);
    CHECK_INT(pul_game_core_count(g), 41 - 12 - 3);
    CHECK_INT(pul_game_to_move(g), 1);
    /* The red group: the start's ne and the new tile's nw. */
    PulGroupInfo gi;
    CHECK(pul_game_group(g, 0, 0, PUL_NE, &gi));
    CHECK_INT(gi.size, 2);
    CHECK_INT(gi.colour, C_R);
    CHECK(pul_game_group(g, 0, 0, PUL_SE, &gi));
    CHECK_INT(gi.size, 1);
    CHECK_INT(gi.colour, C_G);
    pul_game_free(g);
    pul_variant_free(v);
}

static void check_accounting(const PulGame *g, int ntiles) {
    int seen[PUL_MAX_TILES] = {0};
    PulPlaced placed[PUL_MAX_TILES];
    int np = pul_game_placed(g, placed, PUL_MAX_TILES);
    for (int i = 0; i < np; i++) seen[placed[i].tile]++;
    uint8_t buf[PUL_MAX_TILES];
    for (int s = 0; s < pul_game_seats(g); s++) {
        int n = pul_game_hand(g, s, buf, PUL_MAX_TILES);
        for (int i = 0; i < n; i++) seen[buf[i]]++;
        n = pul_game_supply(g, s, buf, PUL_MAX_TILES);
        for (int i = 0; i < n; i++) seen[buf[i]]++;
    }
    int nc = pul_game_core_initial(g, buf, PUL_MAX_TILES);
    for (int i = pul_game_core_drawn(g); i < nc; i++) seen[buf[i]]++;
    int bad = 0;
    for (int t = 0; t < ntiles; t++) bad += seen[t] != 1;
    CHECK_INT(bad, 0);
}

static void test_four_colours_random(void) {
    PulTileSet ts;
    four_colours(&ts);
    PulError err;
    PulRules rules;
    pul_rules_default(&rules);
    rules.max_players = 4;
    PulVariant *v = pul_variant_new("four", &ts, &rules, &err);
    CHECK(v != NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v);
    PulRng rng;
    pul_rng_seed(&rng, 4);
    int ends[4] = {0}, draws3 = 0;
    for (int game = 0; game < 200; game++) {
        int seats = 1 + game % 4;
        CHECK_INT(pul_game_start(g, seats, (uint64_t)game, NULL, 0, &err), PUL_OK);
        int steps = 0;
        while (!pul_game_over(g) && steps < 1000) {
            PulAction a;
            CHECK(pul_random_action(g, &rng, &a));
            CHECK_INT(pul_check(g, &a), PUL_LEGAL);
            PulEvents ev;
            CHECK_INT(pul_apply(g, &a, &ev), PUL_LEGAL);
            for (int i = 0; i < ev.n; i++)
                draws3 += ev.ev[i].kind == PUL_EV_DREW && ev.ev[i].value % 3 == 0 &&
                          ev.ev[i].value > 0;
            int s1[PUL_MAX_SEATS], s2[PUL_MAX_SEATS];
            pul_game_scores(g, s1, PUL_MAX_SEATS);
            pul_game_scores_recount(g, s2, PUL_MAX_SEATS);
            CHECK(memcmp(s1, s2, sizeof(int) * (size_t)seats) == 0);
            steps++;
        }
        CHECK(pul_game_over(g));
        check_accounting(g, ts.ntiles);
        ends[pul_game_end_reason(g)]++;
    }
    CHECK_INT(ends[PUL_END_NONE], 0);
    CHECK(draws3 > 0);
    fprintf(stderr, "  four colours: %d core_empty, %d no_tiles, %d no_action; %d draw-3 events\n",
            ends[1], ends[2], ends[3], draws3);
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_validate);
    RUN(test_rotated);
    RUN(test_four_colours_scripted);
    RUN(test_four_colours_random);
    return CHECK_DONE();
}
