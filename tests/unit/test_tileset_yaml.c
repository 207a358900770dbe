/*
** test_tileset_yaml.c: the YAML tile-set loader against the Micropul tile
** sheet, a table of malformed inputs with exact positions, and hostile text.
*/
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pul.h"

/* reference/micropul-tiles.txt, ids 0-47: "big C k" for a big tile. */
static const char *const reference[48] = {
    "W./..", "B./..", "WB/+.", "BW/+.", "+W/WB", "+B/BW", "W./.1", "B./.1",
    "WB/.1", "BW/.1", "1W/WB", "1B/BW", "W./1.", "B./1.", "WW/.1", "BB/.1",
    "WW/1W", "BB/1B", "W1/+.", "B1/+.", "WW/2.", "BB/2.", "WW/2B", "BB/2W",
    "W1/.1", "B1/.1", "W./.W", "B./.B", "WW/WB", "BB/BW", "W2/.1", "B2/.1",
    "W./1B", "B./1W", "WB/BW", "BW/WB", "big W +", "big B +", "W+/1W", "B+/1B",
    "WW/BB", "BB/WW", "big W 1", "big B 1", "W1/1B", "B1/1W", "WW/WW", "BB/BB",
};

static PulStatus load(PulTileSet *ts, const char *text, PulError *err) {
    return pul_tileset_load_string(ts, text, strlen(text), "t.yaml", err);
}

static void test_micropul_file(void) {
    PulTileSet ts;
    PulError err;
    PulStatus st = pul_tileset_load_file(&ts, "../variants/micropul/tiles.yaml", &err);
    CHECK_INT(st, PUL_OK);
    if (st != PUL_OK) {
        fprintf(stderr, "  %s:%d:%d: %s\n", err.file, err.line, err.column, err.message);
        return;
    }
    CHECK_STR(ts.name, "micropul");
    CHECK_INT(ts.nfeatures, 6);
    CHECK_INT(ts.ntiles, 48);
    CHECK_INT(ts.start, 40);
    static const struct {
        char symbol;
        const char *name;
        int cls, draw;
        bool extra;
    } want[6] = {
        {'W', "white", PUL_FEATURE_MICROPUL, 0, false},
        {'B', "black", PUL_FEATURE_MICROPUL, 0, false},
        {'1', "one-dot", PUL_FEATURE_CATALYST, 1, false},
        {'2', "two-dot", PUL_FEATURE_CATALYST, 2, false},
        {'+', "cross", PUL_FEATURE_CATALYST, 0, true},
        {'.', "blank", PUL_FEATURE_BLANK, 0, false},
    };
    for (int f = 0; f < 6; f++) {
        CHECK_INT(ts.feature[f].symbol, want[f].symbol);
        CHECK_STR(ts.feature[f].name, want[f].name);
        CHECK_INT(ts.feature[f].cls, want[f].cls);
        CHECK_INT(ts.feature[f].draw, want[f].draw);
        CHECK_INT(ts.feature[f].extra_turn, want[f].extra);
    }
    for (int t = 0; t < 48; t++) {
        const PulTileDef *d = &ts.tile[t];
        char got[16];
        if (d->big)
            snprintf(got, sizeof got, "big %c %c", ts.feature[d->quad[0]].symbol,
                     ts.feature[d->centre].symbol);
        else
            snprintf(got, sizeof got, "%c%c/%c%c", ts.feature[d->quad[PUL_NW]].symbol,
                     ts.feature[d->quad[PUL_NE]].symbol, ts.feature[d->quad[PUL_SW]].symbol,
                     ts.feature[d->quad[PUL_SE]].symbol);
        if (strcmp(got, reference[t]) != 0)
            fprintf(stderr, "  tile %d is %s, expected %s\n", t, got, reference[t]);
        CHECK_STR(got, reference[t]);
        if (d->big) {
            for (int q = 1; q < 4; q++) CHECK_INT(d->quad[q], d->quad[0]);
            CHECK_INT(ts.feature[d->quad[0]].cls, PUL_FEATURE_MICROPUL);
        }
    }
    CHECK(pul_tileset_validate(&ts, &err) == PUL_OK);
}

/* A small valid tile set; the table below changes one thing at a time. */
#define HEAD "name: t\n"
#define FEATURES                                             \
    "features:\n"                                            \
    "  - {symbol: W, name: white, class: micropul}\n"        \
    "  - {symbol: \"1\", name: one, class: catalyst, draw: 1}\n" \
    "  - {symbol: \".\", name: blank, class: blank}\n"
#define TILES          \
    "tiles:\n"         \
    "  - W./..\n"      \
    "  - WW/.1\n"      \
    "  - {big: W, catalyst: \"1\"}\n"
#define START "start: 0\n"

static void test_small_valid(void) {
    PulTileSet ts;
    PulError err;
    CHECK_INT(load(&ts, HEAD FEATURES TILES START, &err), PUL_OK);
    CHECK_INT(err.status, PUL_OK);
    CHECK_INT(ts.ntiles, 3);
    CHECK(ts.tile[2].big);
    CHECK_INT(ts.tile[2].quad[3], 0);
    CHECK_INT(ts.tile[2].centre, 1);
    /* big and catalyst may name features by name as well as by symbol */
    CHECK_INT(load(&ts, HEAD FEATURES "tiles: [W./.., {big: white, catalyst: one}]\n" START, &err),
              PUL_OK);
    CHECK(ts.tile[1].big);
    CHECK_INT(ts.tile[1].centre, 1);
}

static void test_many_colours(void) {
    const char *text =
        "name: five\n"
        "features:\n"
        "  - {symbol: R, name: red, class: micropul}\n"
        "  - {symbol: G, name: green, class: micropul}\n"
        "  - {symbol: U, name: blue, class: micropul}\n"
        "  - {symbol: Y, name: yellow, class: micropul}\n"
        "  - {symbol: K, name: black, class: micropul}\n"
        "  - {symbol: \"3\", name: three-dot, class: catalyst, draw: 3}\n"
        "  - {symbol: \"+\", name: cross, class: catalyst, extra_turn: true, draw: 0}\n"
        "  - {symbol: \"#\", name: rock, class: blank}\n"
        "tiles: [RG/UY, K3/#+, {big: Y, catalyst: \"3\"}, R#/##]\n"
        "start: 1\n";
    PulTileSet ts;
    PulError err;
    CHECK_INT(load(&ts, text, &err), PUL_OK);
    CHECK_INT(ts.nfeatures, 8);
    CHECK_INT(ts.feature[5].draw, 3);
    CHECK(ts.feature[6].extra_turn);
    CHECK_INT(ts.feature[7].cls, PUL_FEATURE_BLANK);
    CHECK_INT(ts.ntiles, 4);
    CHECK_INT(ts.start, 1);
    CHECK_INT(ts.tile[0].quad[PUL_SE], 3);
    CHECK_INT(ts.tile[2].quad[0], 3);
    CHECK_INT(ts.tile[2].centre, 5);

    /* every feature slot used: 31 colours and a catalyst */
    char big[4096];
    size_t o = (size_t)snprintf(big, sizeof big, "name: many\nfeatures:\n");
    for (int i = 0; i < PUL_MAX_FEATURES - 1; i++)
        o += (size_t)snprintf(big + o, sizeof big - o,
                              "  - {symbol: '%c', name: c%d, class: micropul}\n", 'A' + i, i);
    o += (size_t)snprintf(big + o, sizeof big - o,
                          "  - {symbol: \"*\", name: star, class: catalyst, draw: 1000}\n"
                          "tiles: [AB/CD, \"_^/]*\"]\nstart: 0\n");
    CHECK_INT(load(&ts, big, &err), PUL_OK);
    CHECK_INT(ts.nfeatures, PUL_MAX_FEATURES);
    CHECK_INT(ts.feature[31].draw, 1000);
    CHECK_INT(ts.tile[1].quad[PUL_SE], 31);
}

typedef struct {
    const char *what;
    const char *text;
    PulStatus status;
    int line, column;
    const char *message;  /* a part of the message */
} Bad;

static const Bad bad[] = {
    {"unknown top-level key", HEAD FEATURES TILES "strat: 0\n", PUL_ERR_SCHEMA, 10, 1,
     "unknown key 'strat' in the tile set: did you mean 'start'?"},
    {"unknown key, nothing close", HEAD FEATURES TILES START "colours: 2\n", PUL_ERR_SCHEMA, 11, 1,
     "the keys are name, features, tiles, start"},
    {"missing tiles", HEAD FEATURES START, PUL_ERR_SCHEMA, 1, 1, "has no 'tiles' key"},
    {"missing start", HEAD FEATURES TILES, PUL_ERR_SCHEMA, 1, 1, "has no 'start' key"},
    {"missing name", FEATURES TILES START, PUL_ERR_SCHEMA, 1, 1, "has no 'name' key"},
    {"start out of range", HEAD FEATURES TILES "start: 3\n", PUL_ERR_RANGE, 10, 8,
     "the tiles have ids 0 to 2"},
    {"negative start", HEAD FEATURES TILES "start: -1\n", PUL_ERR_RANGE, 10, 8, "start is -1"},
    {"start not a number", HEAD FEATURES TILES "start: first\n", PUL_ERR_SCHEMA, 10, 8,
     "start must be a tile id"},
    {"bad symbol in a tile", HEAD FEATURES "tiles:\n  - W./..\n  - WX/..\n" START,
     PUL_ERR_SCHEMA, 8, 6, "'X' in tile 1 is not a declared symbol; the symbols are W 1 ."},
    {"bad symbol in a quoted tile", HEAD FEATURES "tiles: [W./.., \"W./.Q\"]\n" START,
     PUL_ERR_SCHEMA, 6, 21, "'Q' in tile 1"},
    {"tile of wrong length", HEAD FEATURES "tiles:\n  - W./..\n  - W./.\n" START,
     PUL_ERR_SCHEMA, 8, 5, "tile 1 is 'W./.'; a tile is 5 characters 'ab/cd'"},
    {"tile without the slash", HEAD FEATURES "tiles: [W./.., W.-..]\n" START, PUL_ERR_SCHEMA, 6,
     16, "a tile is 5 characters"},
    {"tile as a list", HEAD FEATURES "tiles: [W./.., [W, W]]\n" START, PUL_ERR_SCHEMA, 6, 16,
     "tile 1 must be text like W./.."},
    {"unknown class", HEAD
     "features:\n  - {symbol: W, name: white, class: micropul}\n"
     "  - {symbol: \"1\", name: one, class: catalist}\n" TILES START,
     PUL_ERR_SCHEMA, 4, 37, "unknown class 'catalist' for feature 'one'; did you mean 'catalyst'?"},
    {"draw on a blank", HEAD
     "features:\n  - {symbol: W, name: white, class: micropul}\n"
     "  - {symbol: \".\", name: blank, class: blank, draw: 1}\n" "tiles: [W./.., WW/..]\n" START,
     PUL_ERR_SCHEMA, 4, 46, "draw applies only to a catalyst, and 'blank' is a blank feature"},
    {"extra_turn on a micropul", HEAD
     "features:\n  - {symbol: W, name: white, class: micropul, extra_turn: false}\n"
     "tiles: [W./.., WW/..]\n" START,
     PUL_ERR_SCHEMA, 3, 47, "extra_turn applies only to a catalyst"},
    {"negative draw", HEAD
     "features:\n  - {symbol: W, name: white, class: micropul}\n"
     "  - {symbol: \"1\", name: one, class: catalyst, draw: -2}\n" TILES START,
     PUL_ERR_RANGE, 4, 53, "draw of 'one' is -2; a catalyst draws from 0 to 1000 tiles"},
    {"draw too large", HEAD
     "features:\n  - {symbol: W, name: white, class: micropul}\n"
     "  - {symbol: \"1\", name: one, class: catalyst, draw: 99999999999999999999}\n" TILES START,
     PUL_ERR_RANGE, 4, 53, "draw of 'one' is 99999999999999999999"},
    {"draw not an integer", HEAD
     "features:\n  - {symbol: W, name: white, class: micropul}\n"
     "  - {symbol: \"1\", name: one, class: catalyst, draw: 1.5}\n" TILES START,
     PUL_ERR_SCHEMA, 4, 53, "draw of 'one' must be a whole number of tiles (unquoted), not '1.5'"},
    {"draw quoted", HEAD
     "features:\n  - {symbol: W, name: white, class: micropul}\n"
     "  - {symbol: \"1\", name: one, class: catalyst, draw: \"1\"}\n" TILES START,
     PUL_ERR_SCHEMA, 4, 53, "must be a whole number"},
    {"extra_turn yes", HEAD
     "features:\n  - {symbol: W, name: white, class: micropul}\n"
     "  - {symbol: \"+\", name: cross, class: catalyst, extra_turn: yes}\n" TILES START,
     PUL_ERR_SCHEMA, 4, 61, "must be true or false"},
    {"unknown feature key, close", HEAD
     "features:\n  - {symbol: W, name: white, class: micropul}\n"
     "  - {symbol: \"+\", name: cross, class: catalyst, extra_trun: true}\n" TILES START,
     PUL_ERR_SCHEMA, 4, 49, "unknown key 'extra_trun' in feature 1: did you mean 'extra_turn'?"},
    {"duplicate key", HEAD HEAD FEATURES TILES START, PUL_ERR_SCHEMA, 2, 1,
     "key 'name' appears twice in the tile set (first at line 1, column 1)"},
    {"duplicate key in a feature", HEAD
     "features:\n  - {symbol: W, name: white, class: micropul, symbol: B}\n" TILES START,
     PUL_ERR_SCHEMA, 3, 47, "key 'symbol' appears twice in feature 0"},
    {"duplicate symbol", HEAD
     "features:\n  - {symbol: W, name: white, class: micropul}\n"
     "  - {symbol: W, name: wheat, class: micropul}\n" "tiles: [W./.., WW/..]\n" START,
     PUL_ERR_SCHEMA, 4, 14, "symbol 'W' is already used by feature 0 'white' (line 3)"},
    {"duplicate feature name", HEAD
     "features:\n  - {symbol: W, name: white, class: micropul}\n"
     "  - {symbol: V, name: white, class: micropul}\n" "tiles: [W./.., WW/..]\n" START,
     PUL_ERR_SCHEMA, 4, 23, "name 'white' is already used by feature 0"},
    {"symbol of two characters", HEAD
     "features:\n  - {symbol: WW, name: white, class: micropul}\n" TILES START,
     PUL_ERR_SCHEMA, 3, 14, "must be one printable ASCII character other than '/'"},
    {"symbol slash", HEAD
     "features:\n  - {symbol: /, name: white, class: micropul}\n" TILES START,
     PUL_ERR_SCHEMA, 3, 14, "not '/'"},
    {"feature without class", HEAD
     "features:\n  - {symbol: W, name: white}\n" TILES START,
     PUL_ERR_SCHEMA, 3, 5, "feature 0 has no 'class' key"},
    {"tile with no micropul", HEAD FEATURES "tiles:\n  - W./..\n  - ../.1\n" START,
     PUL_ERR_SCHEMA, 8, 5, "tile 1 (../.1) has no micropul, so it could never be placed"},
    {"big with a non-micropul", HEAD FEATURES "tiles:\n  - W./..\n  - {big: \"1\", catalyst: \"1\"}\n" START,
     PUL_ERR_SCHEMA, 8, 11, "big of tile 1 is '1', which is not a micropul feature; use one of W"},
    {"big with a non-catalyst centre", HEAD FEATURES
     "tiles:\n  - W./..\n  - {big: W, catalyst: blank}\n" START,
     PUL_ERR_SCHEMA, 8, 24, "catalyst of tile 1 is 'blank', which is not a catalyst feature; use one of 1"},
    {"big without catalyst", HEAD FEATURES "tiles:\n  - W./..\n  - {big: W}\n" START,
     PUL_ERR_SCHEMA, 8, 5, "tile 1 has no 'catalyst' key"},
    {"features not a list", HEAD "features: {symbol: W, name: white, class: micropul}\n" TILES START,
     PUL_ERR_SCHEMA, 2, 11, "features must be a list of features"},
    {"features empty", HEAD "features: []\n" TILES START, PUL_ERR_SCHEMA, 2, 11,
     "features is empty"},
    {"feature not a mapping", HEAD "features:\n  - W\n" TILES START, PUL_ERR_SCHEMA, 3, 5,
     "feature 0 must be a mapping like {symbol: W, name: white, class: micropul}, not 'W'"},
    {"no micropul feature", HEAD "features:\n  - {symbol: \".\", name: blank, class: blank}\n"
     "tiles: [../.., ../..]\n" START, PUL_ERR_SCHEMA, 3, 3, "no feature of class micropul"},
    {"one tile only", HEAD FEATURES "tiles: [W./..]\n" START, PUL_ERR_RANGE, 6, 8,
     "tiles lists 1 tile; a tile set needs at least 2"},
    {"name too long", "name: abcdefghijklmnopqrstuvwxyz0123456789\n" FEATURES TILES START,
     PUL_ERR_RANGE, 1, 7, "is 36 bytes long; shorten it to 31 at most"},
    {"name empty", "name:\n" FEATURES TILES START, PUL_ERR_SCHEMA, 1, 6,
     "the name of the tile set is empty; write one"},
    {"top level a list", "- name: t\n", PUL_ERR_SCHEMA, 1, 1,
     "a tile set is a mapping of name, features, tiles and start, not a list"},
    {"top level text", "hello\n", PUL_ERR_SCHEMA, 1, 1, "not 'hello'"},
    {"unclosed bracket", HEAD "features: [ {symbol: W, name: white, class: micropul}\n" TILES START,
     PUL_ERR_SYNTAX, 3, 1, "did not find expected ',' or ']' while parsing a flow sequence at line 2, column 11"},
    {"bad indentation", "name: t\n  features: x\n", PUL_ERR_SYNTAX, 2, 11,
     "mapping values are not allowed in this context"},
    {"unclosed quote", "name: \"t\nstart: 0\n", PUL_ERR_SYNTAX, 3, 1, "found unexpected end of stream"},
    {"empty document", "", PUL_ERR_SCHEMA, 1, 1, "the text is empty"},
    {"only comments", "# nothing\n\n", PUL_ERR_SCHEMA, 1, 1, "the text is empty"},
    {"bare document marker", "---\n", PUL_ERR_SCHEMA, 2, 1, "the document is empty"},
    {"anchor", "name: &n t\n" FEATURES TILES "start: *n\n", PUL_ERR_SCHEMA, 1, 7,
     "anchor '&n': a tile set does not use anchors and aliases"},
    {"anchor never used", HEAD FEATURES "tiles: &all [W./.., WW/..]\n" START, PUL_ERR_SCHEMA, 6, 8,
     "anchor '&all'"},
    {"anchor on a mapping", HEAD "features:\n  - &w {symbol: W, name: white, class: micropul}\n"
     "tiles: [W./.., WW/..]\n" START, PUL_ERR_SCHEMA, 3, 5, "anchor '&w'"},
    {"tag", HEAD FEATURES TILES "start: !!int 0\n", PUL_ERR_SCHEMA, 10, 8,
     "the tag 'tag:yaml.org,2002:int' has no meaning in a tile set"},
    {"second document", HEAD FEATURES TILES START "---\nname: u\n", PUL_ERR_SCHEMA, 11, 1,
     "a second YAML document starts here"},
    {"control character", "name: t\x01\n", PUL_ERR_SYNTAX, 1, 8,
     "U+0001, a control character, is not allowed in YAML text"},
    {"raw escape character", "name: t\x1b[2J\n", PUL_ERR_SYNTAX, 1, 8,
     "U+001B, the escape character, which starts terminal commands, is not allowed"},
    {"escaped escape character", "name: \"t\\e[2J\"\n" FEATURES TILES START, PUL_ERR_SCHEMA, 1, 9,
     "the name of the tile set holds U+001B, the escape character"},
    {"C1 control in a feature name", HEAD "features:\n  - {symbol: W, name: \"wh\\x9bite\", class: "
     "micropul}\n" TILES START, PUL_ERR_SCHEMA, 3, 26, "holds U+009B, a C1 control character"},
    {"bidi control in a feature name", HEAD "features:\n  - {symbol: W, name: wh\xe2\x80\xaeite, class: "
     "micropul}\n" TILES START, PUL_ERR_SCHEMA, 3, 25, "holds U+202E, a bidirectional control"},
    {"invalid UTF-8", "name: t\n# caf\xe9\n", PUL_ERR_SYNTAX, 2, 6, "UTF-8"},
};

static void test_bad_inputs(void) {
    int n = (int)(sizeof bad / sizeof bad[0]);
    CHECK(n >= 20);
    for (int i = 0; i < n; i++) {
        PulTileSet ts;
        PulError err;
        memset(&err, 0, sizeof err);
        PulStatus st = load(&ts, bad[i].text, &err);
        bool ok = st == bad[i].status && err.status == st && err.line == bad[i].line &&
                  err.column == bad[i].column && strcmp(err.file, "t.yaml") == 0 &&
                  strstr(err.message, bad[i].message) != NULL;
        if (!ok) {
            fprintf(stderr,
                    "%s:%d: case '%s': got status %d at %s:%d:%d \"%s\"; expected status %d at "
                    "%d:%d with \"%s\"\n",
                    __FILE__, __LINE__, bad[i].what, (int)st, err.file, err.line, err.column,
                    err.message, (int)bad[i].status, bad[i].line, bad[i].column,
                    bad[i].message);
            check_failures++;
        }
    }
}

static void test_too_many_tiles(void) {
    char text[4096];
    size_t o = (size_t)snprintf(text, sizeof text, HEAD FEATURES "tiles:\n");
    for (int i = 0; i <= PUL_MAX_TILES; i++)
        o += (size_t)snprintf(text + o, sizeof text - o, "  - W./..\n");
    snprintf(text + o, sizeof text - o, START);
    PulTileSet ts;
    PulError err;
    CHECK_INT(load(&ts, text, &err), PUL_ERR_RANGE);
    CHECK_INT(err.line, 6 + PUL_MAX_TILES + 1);  /* the tile past the limit */
    CHECK_INT(err.column, 5);
    char want[96];
    snprintf(want, sizeof want, "more than %d tiles; a tile set holds at most %d", PUL_MAX_TILES,
             PUL_MAX_TILES);
    CHECK(strstr(err.message, want) != NULL);

    /* exactly the limit loads */
    o = (size_t)snprintf(text, sizeof text, HEAD FEATURES "tiles:\n");
    for (int i = 0; i < PUL_MAX_TILES; i++)
        o += (size_t)snprintf(text + o, sizeof text - o, "  - W./..\n");
    snprintf(text + o, sizeof text - o, "start: 61\n");
    CHECK_INT(load(&ts, text, &err), PUL_OK);
    CHECK_INT(ts.ntiles, PUL_MAX_TILES);
}

static void test_files(void) {
    PulTileSet ts;
    PulError err;
    CHECK_INT(pul_tileset_load_file(&ts, "no/such/dir/tiles.yaml", &err), PUL_ERR_IO);
    CHECK_STR(err.file, "no/such/dir/tiles.yaml");
    CHECK(strstr(err.message, "no/such/dir/tiles.yaml") != NULL);
    CHECK_INT(pul_tileset_load_file(&ts, "../variants", &err), PUL_ERR_IO);
    CHECK_INT(pul_tileset_load_file(&ts, NULL, &err), PUL_ERR_IO);
    CHECK_INT(pul_tileset_load_file(&ts, "../variants/micropul/tiles.yaml", NULL), PUL_OK);
    CHECK_INT(pul_tileset_load_string(NULL, "x", 1, NULL, &err), PUL_ERR_STATE);
    CHECK_INT(pul_tileset_load_string(&ts, "x: [", 4, NULL, &err), PUL_ERR_SYNTAX);
    CHECK_STR(err.file, "<string>");
}

/* Hostile text: each must fail cleanly (the sanitizer build checks leaks). */
static void test_hostile(void) {
    PulTileSet ts;
    PulError err;
    static const char binary[] = "\x7f" "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0";
    CHECK_INT(pul_tileset_load_string(&ts, binary, sizeof binary - 1, "b", &err), PUL_ERR_SYNTAX);
    CHECK_INT(err.line, 1);
    CHECK_INT(err.column, 1);
    CHECK_INT(pul_tileset_load_string(&ts, "name: t\n\0\0", 10, "b", &err), PUL_ERR_SYNTAX);
    CHECK_INT(err.line, 2);
    CHECK_INT(pul_tileset_load_string(&ts, "\xff\xfe" "n\0a\0", 6, "b", &err), PUL_ERR_SYNTAX);

    /* deep nesting stops at the depth limit */
    size_t n = 100000;
    char *deep = malloc(2 * n);
    CHECK(deep != NULL);
    if (!deep) return;
    memset(deep, '[', n);
    memset(deep + n, ']', n);
    CHECK_INT(pul_tileset_load_string(&ts, deep, 2 * n, "deep", &err), PUL_ERR_RANGE);
    CHECK_INT(err.line, 1);
    CHECK_INT(err.column, 17);
    CHECK(strstr(err.message, "nested more than 16 levels") != NULL);
    memset(deep, '{', n);
    memset(deep + n, '}', n);
    CHECK_INT(pul_tileset_load_string(&ts, deep, 2 * n, "deep", &err), PUL_ERR_RANGE);

    /* many values stop at the node limit */
    deep[0] = '[';
    for (size_t i = 1; i < 2 * n; i++) deep[i] = (i % 2) ? '1' : ',';
    deep[2 * n - 1] = ']';  /* "[1,1,...,1]" */
    CHECK_INT(pul_tileset_load_string(&ts, deep, 2 * n, "wide", &err), PUL_ERR_RANGE);
    CHECK(strstr(err.message, "more than 20000 YAML values") != NULL);
    free(deep);

    /* more than the size limit is refused before parsing */
    size_t huge = (1u << 20) + 10;
    char *big = malloc(huge);
    CHECK(big != NULL);
    if (!big) return;
    for (size_t i = 0; i < huge; i++) big[i] = (i % 64 == 63) ? '\n' : 'a';
    CHECK_INT(pul_tileset_load_string(&ts, big, huge, "huge", &err), PUL_ERR_RANGE);
    CHECK_INT(err.line, (1 << 20) / 64 + 1);
    CHECK_INT(err.column, 1);
    free(big);
}

/* Every prefix and many one-byte changes of the real file: never a crash,
** always a status with a position or success. */
static void test_mutations(void) {
    FILE *f = fopen("../variants/micropul/tiles.yaml", "rb");
    CHECK(f != NULL);
    if (!f) return;
    static char text[16384];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    CHECK(len > 0 && len < sizeof text);
    PulTileSet ts;
    PulError err;
    for (size_t k = 0; k <= len; k += 3) {
        PulStatus st = pul_tileset_load_string(&ts, text, k, "prefix", &err);
        if (st != PUL_OK) CHECK(err.line > 0 && err.column > 0 && err.message[0]);
    }
    uint32_t seed = 12345;
    static const char alphabet[] = "WB12+./ :-{}[],\"'#&*!\n\t\x01\xc3\xa9";
    for (int i = 0; i < 3000; i++) {
        seed = seed * 1103515245u + 12345u;
        size_t at = (seed >> 8) % len;
        char keep = text[at];
        seed = seed * 1103515245u + 12345u;
        text[at] = alphabet[(seed >> 8) % (sizeof alphabet - 1)];
        PulStatus st = pul_tileset_load_string(&ts, text, len, "mutant", &err);
        if (st != PUL_OK) CHECK(err.line > 0 && err.column > 0 && err.message[0]);
        text[at] = keep;
    }
}

int main(void) {
    RUN(test_micropul_file);
    RUN(test_small_valid);
    RUN(test_many_colours);
    RUN(test_bad_inputs);
    RUN(test_too_many_tiles);
    RUN(test_files);
    RUN(test_hostile);
    RUN(test_mutations);
    return CHECK_DONE();
}
