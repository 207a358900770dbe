/*
** test_tileset_facts.c: twins and rotation layouts on the Micropul tile
** sheet (worked out by hand from variants/micropul/tiles.yaml) and on small
** sets built to catch big tiles mistaken for ordinary ones.
*/
#include <string.h>

#include "check.h"
#include "pul.h"

static bool load_micropul(PulTileSet *ts) {
    PulError err;
    if (pul_tileset_load_file(ts, "../variants/micropul/tiles.yaml", &err) == PUL_OK) return true;
    fprintf(stderr, "  %s:%d:%d: %s\n", err.file, err.line, err.column, err.message);
    check_failures++;
    return false;
}

/* 35 BW/WB is 34 WB/BW after a quarter turn; 41 BB/WW and 45 B1/1W are 40
** WW/BB and 44 W1/1B after a half turn. Every other tile is unique. */
static void test_micropul_twins(void) {
    PulTileSet ts;
    if (!load_micropul(&ts)) return;
    int twins = 0;
    for (int t = 0; t < ts.ntiles; t++) {
        int want = t == 35 ? 34 : t == 41 ? 40 : t == 45 ? 44 : -1;
        int got = pul_tileset_twin(&ts, t);
        if (got != want) fprintf(stderr, "  tile %d: twin %d, expected %d\n", t, got, want);
        CHECK_INT(got, want);
        twins += got >= 0;
    }
    CHECK_INT(twins, 3);
    /* Only earlier tiles count: 34 has no twin though 35 is its double. */
    CHECK_INT(pul_tileset_twin(&ts, 34), -1);
    CHECK_INT(pul_tileset_twin(&ts, -1), -1);
    CHECK_INT(pul_tileset_twin(&ts, ts.ntiles), -1);
}

static void test_micropul_layouts(void) {
    PulTileSet ts;
    if (!load_micropul(&ts)) return;
    CHECK_INT(pul_tileset_layouts(&ts, 0), 4);  /* W./.. */
    CHECK_INT(pul_tileset_layouts(&ts, 2), 4);  /* WB/+. */
    CHECK_INT(pul_tileset_layouts(&ts, 26), 2); /* W./.W: a half turn swaps the two W */
    CHECK_INT(pul_tileset_layouts(&ts, 34), 2); /* WB/BW */
    CHECK_INT(pul_tileset_layouts(&ts, 35), 2); /* BW/WB */
    CHECK_INT(pul_tileset_layouts(&ts, 40), 4); /* WW/BB: a half turn gives BB/WW */
    CHECK_INT(pul_tileset_layouts(&ts, 44), 4); /* W1/1B */
    CHECK_INT(pul_tileset_layouts(&ts, 46), 1); /* WW/WW */
    CHECK_INT(pul_tileset_layouts(&ts, 47), 1); /* BB/BB */
    CHECK_INT(pul_tileset_layouts(&ts, 36), 1); /* big white, cross */
    CHECK_INT(pul_tileset_layouts(&ts, 43), 1); /* big black, one-dot */
    /* By hand over the sheet: 6 tiles look the same after a quarter turn
    ** (46, 47 and the big 36, 37, 42, 43), 4 only after a half turn (26, 27,
    ** 34, 35: nw = se and ne = sw). */
    int one = 0, two = 0;
    for (int t = 0; t < ts.ntiles; t++) {
        int n = pul_tileset_layouts(&ts, t);
        CHECK(n == 1 || n == 2 || n == 4);
        one += n == 1;
        two += n == 2;
    }
    CHECK_INT(one, 6);
    CHECK_INT(two, 4);
}

/* Features: 0 W, 1 B, 2 one-dot, 3 cross, 4 blank. */
static void small_set(PulTileSet *ts) {
    memset(ts, 0, sizeof *ts);
    strcpy(ts->name, "facts");
    static const struct {
        char symbol;
        const char *name;
        int cls;
    } f[5] = {{'W', "white", PUL_FEATURE_MICROPUL},
              {'B', "black", PUL_FEATURE_MICROPUL},
              {'1', "one-dot", PUL_FEATURE_CATALYST},
              {'+', "cross", PUL_FEATURE_CATALYST},
              {'.', "blank", PUL_FEATURE_BLANK}};
    ts->nfeatures = 5;
    for (int k = 0; k < 5; k++) {
        ts->feature[k].symbol = f[k].symbol;
        strcpy(ts->feature[k].name, f[k].name);
        ts->feature[k].cls = (uint8_t)f[k].cls;
    }
}

static void add_plain(PulTileSet *ts, uint8_t nw, uint8_t ne, uint8_t sw, uint8_t se) {
    PulTileDef *d = &ts->tile[ts->ntiles++];
    d->quad[PUL_NW] = nw;
    d->quad[PUL_NE] = ne;
    d->quad[PUL_SW] = sw;
    d->quad[PUL_SE] = se;
}

static void add_big(PulTileSet *ts, uint8_t micropul, uint8_t centre) {
    PulTileDef *d = &ts->tile[ts->ntiles++];
    memset(d->quad, micropul, 4);
    d->big = true;
    d->centre = centre;
}

static void test_big_tiles(void) {
    PulTileSet ts;
    small_set(&ts);
    add_big(&ts, 0, 3);         /* 0: big W + */
    add_plain(&ts, 0, 0, 0, 0); /* 1: WW/WW, ordinary: not the big white tile */
    add_big(&ts, 0, 2);         /* 2: big W 1 : another catalyst */
    add_big(&ts, 1, 3);         /* 3: big B + : another micropul */
    add_big(&ts, 0, 3);         /* 4: big W + again */
    add_plain(&ts, 0, 0, 0, 0); /* 5: WW/WW again */
    add_plain(&ts, 0, 4, 4, 2); /* 6: W./.1 */
    add_plain(&ts, 4, 0, 2, 4); /* 7: .W/1. = 6 turned a quarter */
    add_plain(&ts, 2, 4, 4, 0); /* 8: 1./.W = 6 turned a half */
    add_plain(&ts, 4, 2, 0, 4); /* 9: .1/W. = 6 turned three quarters */
    add_plain(&ts, 0, 4, 4, 3); /* 10: W./.+ : like 6 but another catalyst */
    add_plain(&ts, 4, 0, 0, 4); /* 11: .W/W. */
    add_plain(&ts, 0, 4, 4, 0); /* 12: W./.W = 11 turned a quarter */
    ts.start = 0;
    PulError err;
    CHECK_INT(pul_tileset_validate(&ts, &err), PUL_OK);
    static const int want_twin[13] = {-1, -1, -1, -1, 0, 1, -1, 6, 6, 6, -1, -1, 11};
    static const int want_layouts[13] = {1, 1, 1, 1, 1, 1, 4, 4, 4, 4, 4, 2, 2};
    for (int t = 0; t < ts.ntiles; t++) {
        CHECK_INT(pul_tileset_twin(&ts, t), want_twin[t]);
        CHECK_INT(pul_tileset_layouts(&ts, t), want_layouts[t]);
    }
}

int main(void) {
    RUN(test_micropul_twins);
    RUN(test_micropul_layouts);
    RUN(test_big_tiles);
    return CHECK_DONE();
}
