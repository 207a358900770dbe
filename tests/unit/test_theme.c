/*
** test_theme.c: the theme.yaml loader against the three themes of the repo
** (names in four languages, glyphs, colours, art), a table of malformed
** themes with exact positions and error codes, the art checker's edge cases,
** and hostile text.
*/
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pul.h"
#include "svg_check.h"

static bool load_tiles(PulTileSet *ts, const char *path) {
    PulError err;
    if (pul_tileset_load_file(ts, path, &err) == PUL_OK) return true;
    fprintf(stderr, "  %s:%d:%d: %s\n", err.file, err.line, err.column, err.message);
    check_failures++;
    return false;
}

static PulTheme *load_theme(const char *path, const PulTileSet *ts) {
    PulError err;
    PulTheme *th = pul_theme_load_file(path, ts, &err);
    if (th) return th;
    char line[1024];
    fprintf(stderr, "  %s\n", pul_error_format(&err, line, sizeof line));
    check_failures++;
    return NULL;
}

/* Micropul's parts come first in PulPart: big, stone, core, supply, group. */
enum { MICROPUL_PARTS = PUL_PART_GROUP + 1 };

/* What one entry of a real theme must hold; names in PulLang order. */
typedef struct {
    const char *key;
    const char *name[PUL_NLANGS];
    const char *glyph, *colour;
    const char *art_has; /* a piece of the art, NULL for none */
} Want;

static void check_entry(const PulThemeEntry *e, const Want *w, const char *where) {
    if (strcmp(e->key, w->key) != 0) fprintf(stderr, "  %s: entry %s\n", where, w->key);
    CHECK_STR(e->key, w->key);
    for (int l = 0; l < PUL_NLANGS; l++) CHECK_STR(e->name[l], w->name[l]);
    CHECK_STR(e->glyph, w->glyph);
    CHECK_STR(e->colour, w->colour);
    if (w->art_has) {
        CHECK(strstr(e->art, w->art_has) != NULL);
        SvgReport rep;
        CHECK(svg_check(e->art, strlen(e->art), &rep));
        CHECK(rep.shapes > 0);
    } else {
        CHECK_STR(e->art, "");
    }
}

static void check_theme(const char *file, const char *tiles, const char *name,
                        const char *const title[PUL_NLANGS], const Want *features, int nfeatures,
                        const Want parts[MICROPUL_PARTS]) {
    PulTileSet ts;
    if (!load_tiles(&ts, tiles)) return;
    CHECK_INT(ts.nfeatures, nfeatures);
    PulTheme *th = load_theme(file, &ts);
    if (!th) return;
    CHECK_STR(th->name, name);
    for (int l = 0; l < PUL_NLANGS; l++) CHECK_STR(th->title[l], title[l]);
    CHECK_INT(th->nfeatures, nfeatures);
    for (int f = 0; f < nfeatures && f < th->nfeatures; f++) {
        check_entry(&th->feature[f], &features[f], file);
        CHECK_STR(th->feature[f].key, ts.feature[f].name);
        for (int l = 0; l < PUL_NLANGS; l++)
            CHECK_STR(pul_theme_feature_name(th, f, l), features[f].name[l]);
    }
    /* A tile set's theme gives Micropul's five parts and no other family's. */
    CHECK_INT(th->parts, (1u << MICROPUL_PARTS) - 1);
    for (int p = 0; p < MICROPUL_PARTS; p++) {
        check_entry(&th->part[p], &parts[p], file);
        CHECK_STR(th->part[p].key, pul_part_key(p));
        for (int l = 0; l < PUL_NLANGS; l++)
            CHECK_STR(pul_theme_part_name(th, p, l), parts[p].name[l]);
    }
    for (int p = MICROPUL_PARTS; p < PUL_NPARTS; p++) {
        CHECK_STR(th->part[p].key, "");
        CHECK_STR(pul_theme_part_name(th, p, PUL_LANG_EN), "");
    }
    /* Read alone, the same file gives the same entries in the file's order,
    ** which these files keep equal to the tile set's. */
    PulTheme *alone = load_theme(file, NULL);
    if (alone) {
        CHECK_INT(alone->nfeatures, nfeatures);
        CHECK(memcmp(alone->feature, th->feature, sizeof th->feature) == 0);
        CHECK(memcmp(alone->part, th->part, sizeof th->part) == 0);
    }
    pul_theme_free(alone);
    pul_theme_free(th);
}

static void test_micropul(void) {
    static const char *const title[] = {"Micropul", "マイクロプル", "micropul", "Micropul"};
    static const Want features[] = {
        {"white",
         {"white micropul", "白マイクロプル", "micropul blanc", "micropul blanco"},
         "○",
         "bright-white",
         "<circle"},
        {"black",
         {"black micropul", "黒マイクロプル", "micropul noir", "micropul negro"},
         "●",
         "bright-black",
         "<circle"},
        {"one-dot",
         {"one-dot catalyst", "点1触媒", "catalyseur à un point", "catalizador de un punto"},
         "·",
         "bright-cyan",
         "<circle"},
        {"two-dot",
         {"two-dot catalyst", "点2触媒", "catalyseur à deux points", "catalizador de dos puntos"},
         ":",
         "bright-cyan",
         "<circle"},
        {"cross",
         {"cross catalyst", "十字触媒", "croix", "catalizador de cruz"},
         "+",
         "bright-magenta",
         "<path"},
        {"blank", {"blank", "空白", "vide", "vacío"}, ".", "#8a8170", "<rect"},
    };
    static const Want parts[] = {
        {"big",
         {"big micropul", "大マイクロプル", "mega micropul", "micropul grande"},
         "◎",
         "bright-white",
         "<circle"},
        {"stone", {"stone", "マーカー", "pierre", "piedra"}, "◆", "bright-red", "currentColor"},
        {"core", {"core", "コア", "noyau", "núcleo"}, "▦", "cyan", "<rect"},
        {"supply", {"supply", "山札", "réserve", "suministro"}, "▤", "bright-blue", "<rect"},
        {"group", {"group", "グループ", "groupe", "grupo"}, "◌", "yellow", "<circle"},
    };
    check_theme("../variants/micropul/theme.yaml", "../variants/micropul/tiles.yaml", "micropul",
                title, features, 6, parts);
}

static void test_farmopul(void) {
    static const char *const title[] = {"Farmopul", "Farmopul", "Farmopul", "Farmopul"};
    static const Want features[] = {
        {"white", {"field", "畑", "champ", "campo"}, "▒", "bright-yellow", "<path"},
        {"black", {"soil", "土壌", "terreau", "tierra"}, "▓", "#8a5a34", "<path"},
        {"one-dot",
         {"one hut", "1 棟の作業小屋", "une cabane", "una cabaña"},
         "⌂",
         "red",
         "<polygon"},
        {"two-dot",
         {"two huts", "2 棟の作業小屋", "deux cabanes", "dos cabañas"},
         "△",
         "bright-red",
         "<g transform"},
        {"cross",
         {"windmill", "風車小屋", "moulin à vent", "molino de viento"},
         "✣",
         "bright-magenta",
         "rotate(90 0.5 0.44)"},
        {"blank", {"vacant lot", "空き地", "terrain vague", "solar"}, "░", "green", "<rect"},
    };
    static const Want parts[] = {
        {"big",
         {"big farmland", "大きな農地", "grande terre agricole", "gran tierra de cultivo"},
         "▣",
         "bright-yellow",
         "<rect"},
        {"stone", {"farmer", "農夫", "fermier", "granjero"}, "♙", "bright-red", "currentColor"},
        {"core", {"land", "大地", "terres", "terreno"}, "▦", "yellow", "<rect"},
        {"supply",
         {"owned land", "所有地", "propriété", "terreno propio"},
         "▤",
         "bright-green",
         "<polygon"},
        {"group", {"farm", "農場", "ferme", "granja"}, "◌", "yellow", "<polygon"},
    };
    check_theme("../variants/farmopul/theme.yaml", "../variants/micropul/tiles.yaml", "farmopul",
                title, features, 6, parts);
}

static void test_tricolour(void) {
    static const char *const title[] = {"Tricolour", "トリカラー", "Tricolore", "Tricolor"};
    static const Want features[] = {
        {"red",
         {"red micropul", "赤マイクロプル", "micropul rouge", "micropul rojo"},
         "R",
         "red",
         "#c8453b"},
        {"green",
         {"green micropul", "緑マイクロプル", "micropul vert", "micropul verde"},
         "G",
         "green",
         "#4f9a4a"},
        {"blue",
         {"blue micropul", "青マイクロプル", "micropul bleu", "micropul azul"},
         "B",
         "blue",
         "#3f6fb5"},
        {"one-dot",
         {"one-dot catalyst", "点1触媒", "catalyseur à un point", "catalizador de un punto"},
         "·",
         "bright-cyan",
         "<circle"},
        {"three-dot",
         {"three-dot catalyst", "点3触媒", "catalyseur à trois points",
          "catalizador de tres puntos"},
         "∴",
         "bright-cyan",
         "cy=\"0.66\""},
        {"cross",
         {"cross catalyst", "十字触媒", "croix", "catalizador de cruz"},
         "+",
         "bright-magenta",
         "<path"},
        {"blank", {"blank", "空白", "vide", "vacío"}, ".", "bright-black", "<rect"},
    };
    static const Want parts[] = {
        {"big",
         {"big micropul", "大マイクロプル", "mega micropul", "micropul grande"},
         "◎",
         "bright-white",
         "<circle"},
        {"stone", {"stone", "マーカー", "pierre", "piedra"}, "◆", "bright-red", "<ellipse"},
        {"core", {"core", "コア", "noyau", "núcleo"}, "▦", "cyan", NULL},
        {"supply", {"supply", "山札", "réserve", "suministro"}, "▤", "bright-blue", NULL},
        {"group", {"group", "グループ", "groupe", "grupo"}, "◌", "yellow", NULL},
    };
    check_theme("../tests/variants/tricolour/theme.yaml", "../tests/variants/tricolour/tiles.yaml",
                "tricolour", title, features, 7, parts);
}

/* ------------------------------------------------------------ small themes */

/* A tile set of three features and a valid theme for it, one line per
** macro so that a case can change one line and know where it is. */
static const char mini_tiles[] = "name: mini\n"
                                 "features:\n"
                                 "  - {symbol: W, name: white, class: micropul}\n"
                                 "  - {symbol: \"1\", name: one-dot, class: catalyst, draw: 1}\n"
                                 "  - {symbol: \".\", name: blank, class: blank}\n"
                                 "tiles: [W./.., WW/.1]\n"
                                 "start: 0\n";

#define L1 "name: mini\n"
#define L2 "title: {en: Mini, ja: ミニ}\n"
#define L3 "features:\n"
#define L4 "  white:\n"
#define L5 "    name: {en: white micropul, fr: micropul blanc}\n"
#define L6 "    glyph: \"○\"\n"
#define L7 "    colour: white\n"
#define L8 "    art: |\n"
#define L9 "      <circle cx=\"0.5\" cy=\"0.5\" r=\"0.4\" fill=\"#fff\"/>\n"
#define L10                                                                                        \
    "  one-dot: {name: one dot, glyph: \"·\", colour: \"#3B4A5A\", art: '<circle cx=\"0.5\" "     \
    "r=\"0.1\"/>'}\n"
#define L11                                                                                        \
    "  blank: {name: blank, glyph: \".\", colour: bright-black, art: '<rect width=\"1\" "          \
    "height=\"1\"/>'}\n"
#define L12 "parts:\n"
#define L13                                                                                        \
    "  big: {name: big micropul, glyph: \"◎\", colour: white, art: '<circle r=\"0.45\"/>'}\n"
#define L14 "  stone: {name: stone, glyph: \"◆\", colour: red, art: '<circle r=\"0.4\"/>'}\n"
#define L15 "  core: {name: core, glyph: \"▦\", colour: cyan}\n"
#define L16 "  supply: {name: supply, glyph: \"▤\", colour: blue}\n"
#define L17 "  group: {name: group, glyph: \"◌\", colour: yellow}\n"
#define WHITE L4 L5 L6 L7 L8 L9
#define PARTS L12 L13 L14 L15 L16 L17
#define MINI L1 L2 L3 WHITE L10 L11 PARTS
/* L1 L2 L3, then the white entry up to its art's head, for art cases */
#define ART_HEAD L1 L2 L3 L4 L5 L6 L7 L8
#define AFTER_ART L10 L11 PARTS

static PulTheme *load_str(const char *text, bool bound, PulError *err) {
    static PulTileSet mini;
    static bool have;
    if (bound && !have) {
        PulError terr;
        have =
            pul_tileset_load_string(&mini, mini_tiles, strlen(mini_tiles), "mini", &terr) == PUL_OK;
        CHECK(have);
    }
    return pul_theme_load_string(text, strlen(text), "t.yaml", bound ? &mini : NULL, err);
}

static void test_mini_valid(void) {
    PulError err;
    PulTheme *th = load_str(MINI, true, &err);
    CHECK(th != NULL);
    if (!th) {
        fprintf(stderr, "  %d:%d: %s: %s\n", err.line, err.column, err.code, err.message);
        return;
    }
    CHECK_INT(err.status, PUL_OK);
    CHECK_INT(th->nfeatures, 3);
    CHECK_STR(th->title[PUL_LANG_JA], "ミニ");
    CHECK_STR(th->title[PUL_LANG_FR], "Mini"); /* not given: English */
    CHECK_STR(th->feature[0].name[PUL_LANG_FR], "micropul blanc");
    CHECK_STR(th->feature[0].name[PUL_LANG_ES], "white micropul");
    CHECK_STR(th->feature[1].name[PUL_LANG_JA], "one dot"); /* plain text: English */
    CHECK_STR(th->feature[1].colour, "#3b4a5a");            /* hex kept in lower case */
    CHECK_STR(th->feature[0].art, "<circle cx=\"0.5\" cy=\"0.5\" r=\"0.4\" fill=\"#fff\"/>\n");
    CHECK_STR(th->part[PUL_PART_CORE].art, "");
    CHECK_INT(th->nseat_colours, 0); /* seats left out: the tools' own colours */
    CHECK_STR(pul_theme_feature_name(th, 0, PUL_LANG_FR), "micropul blanc");
    CHECK_STR(pul_theme_feature_name(th, 0, 99), "white micropul"); /* unknown: English */
    CHECK_STR(pul_theme_feature_name(th, 0, -1), "white micropul");
    CHECK_STR(pul_theme_feature_name(th, 3, PUL_LANG_EN), ""); /* no such feature */
    CHECK_STR(pul_theme_feature_name(NULL, 0, PUL_LANG_EN), "");
    CHECK_STR(pul_theme_part_name(th, PUL_PART_GROUP, PUL_LANG_JA), "group");
    CHECK_STR(pul_theme_part_name(th, PUL_NPARTS, PUL_LANG_EN), "");
    pul_theme_free(th);
    pul_theme_free(NULL);

    /* seats: one colour per seat, from seat 1, as colour takes them. */
    th = load_str(MINI "seats: [bright-red, \"#A0B0C0\", blue]\n", true, &err);
    CHECK(th != NULL);
    if (th) {
        CHECK_INT(th->nseat_colours, 3);
        CHECK_STR(th->seat_colour[0], "bright-red");
        CHECK_STR(th->seat_colour[1], "#a0b0c0");
        CHECK_STR(th->seat_colour[2], "blue");
    }
    pul_theme_free(th);
    th = load_str(MINI "seats: [red, green, yellow, blue, magenta, cyan]\n", true, &err);
    CHECK(th != NULL && th->nseat_colours == PUL_MAX_SEATS);
    pul_theme_free(th);

    /* Bound, entries follow the tile set; alone, the file. */
    const char *reordered = L1 L2 L3 L11 L10 WHITE PARTS;
    th = load_str(reordered, true, &err);
    CHECK(th != NULL);
    if (th) {
        CHECK_STR(th->feature[0].key, "white");
        CHECK_STR(th->feature[1].key, "one-dot");
        CHECK_STR(th->feature[2].key, "blank");
    }
    pul_theme_free(th);
    th = load_str(reordered, false, &err);
    CHECK(th != NULL);
    if (th) {
        CHECK_INT(th->nfeatures, 3);
        CHECK_STR(th->feature[0].key, "blank");
        CHECK_STR(th->feature[1].key, "one-dot");
        CHECK_STR(th->feature[2].key, "white");
    }
    pul_theme_free(th);
    /* Alone, a theme may name features no tile set has yet. */
    th = load_str(L1 L2 L3 L10 "  rock: {name: rock, glyph: \"#\", colour: \"#777777\", art: "
                               "'<rect width=\"1\" height=\"1\"/>'}\n" PARTS,
                  false, &err);
    CHECK(th != NULL);
    if (th) CHECK_STR(th->feature[1].key, "rock");
    pul_theme_free(th);
}

static void test_lang_and_parts(void) {
    static const char *const codes[] = {"en", "ja", "fr", "es"};
    for (int l = 0; l < PUL_NLANGS; l++) {
        CHECK_STR(pul_lang_code(l), codes[l]);
        CHECK_INT(pul_lang_find(codes[l]), l);
    }
    CHECK(pul_lang_code(PUL_NLANGS) == NULL);
    CHECK(pul_lang_code(-1) == NULL);
    CHECK_INT(pul_lang_find("de"), -1);
    CHECK_INT(pul_lang_find("EN"), -1);
    CHECK_INT(pul_lang_find(""), -1);
    CHECK_INT(pul_lang_find(NULL), -1);
    static const char *const keys[] = {"big", "stone", "core", "supply", "group",
                                       "bag", "rack", "track", "bonus"};
    CHECK_INT(sizeof keys / sizeof keys[0], PUL_NPARTS);
    for (int p = 0; p < PUL_NPARTS; p++) CHECK_STR(pul_part_key(p), keys[p]);
    CHECK(pul_part_key(PUL_NPARTS) == NULL);
    CHECK(pul_part_key(-1) == NULL);
}

typedef struct {
    const char *what;
    const char *text;
    bool bound; /* to the mini tile set, else read alone */
    int line, column;
    const char *code;
    const char *message; /* a part of the message */
} Bad;

static const Bad bad[] = {
    /* seats (issue 11): a list of distinct colours, one per seat */
    {"seats not a list", MINI "seats: red\n", true, 18, 8, "wrong-type",
     "seats must be a list of colours"},
    {"seats empty", MINI "seats: []\n", true, 18, 8, "bad-value", "seats is an empty list"},
    {"seats: two alike", MINI "seats: [red, \"#00ff00\", \"#00FF00\"]\n", true, 18, 25,
     "bad-value", "seat 3 has the colour of seat 2 (#00ff00)"},
    {"seats: a typo", MINI "seats:\n  - red\n  - bleu\n", true, 20, 5, "bad-value",
     "unknown colour 'bleu' for seat 2; did you mean 'blue'?"},
    {"seats: seven", MINI "seats: [red, green, yellow, blue, magenta, cyan, white]\n", true, 18,
     50, "too-large", "a game has at most 6 seats"},
    /* keys */
    {"unknown top-level key", L1 "titel: {en: Mini}\n" L3 WHITE L10 L11 PARTS, true, 2, 1,
     "unknown-key", "unknown key 'titel' in the theme: did you mean 'title'?"},
    {"colour spelt color", L1 L2 L3 L4 L5 L6 "    color: white\n" L8 L9 AFTER_ART, true, 7, 5,
     "unknown-key", "unknown key 'color' in feature 'white': did you mean 'colour'?"},
    {"unknown language", L1 "title: {en: Mini, jp: ミニ}\n" L3 WHITE AFTER_ART, true, 2, 19,
     "unknown-key", "unknown key 'jp' in the title of the theme: did you mean 'ja'?"},
    {"language nothing like one",
     L1 L2 L3 L4 "    name: {en: w, deutsch: weiss}\n" L6 L7 L8 L9 AFTER_ART, true, 5, 19,
     "unknown-key", "the keys are en, ja, fr, es"},
    {"unknown part",
     L1 L2 L3 WHITE L10 L11 L12 L13
     "  stones: {name: stone, glyph: \"◆\", colour: red, art: '<circle r=\"0.4\"/>'}\n" L15 L16 L17,
     true, 14, 3, "unknown-key", "unknown key 'stones' in parts: did you mean 'stone'?"},
    /* a Genial part is no part of a tile set's theme, bound or alone */
    {"another family's part", MINI "  bag: {name: bag, glyph: b, colour: red}\n", true, 18, 3,
     "unknown-key", "unknown key 'bag' in parts"},
    {"another family's part, alone", MINI "  rack: {name: rack, glyph: r, colour: red}\n", false,
     18, 3, "unknown-key", "unknown key 'rack' in parts"},
    {"duplicate key in an entry", L1 L2 L3 L4 L5 L6 L7 "    glyph: x\n" L8 L9 AFTER_ART, true, 8, 5,
     "duplicate-key", "key 'glyph' appears twice in feature 'white' (first at line 6, column 5)"},
    {"feature entry twice",
     L1 L2 L3 WHITE L10 L11
     "  white: {name: w, glyph: w, colour: white, art: '<circle r=\"0.1\"/>'}\n" PARTS,
     true, 12, 3, "duplicate-key", "'white' appears twice in features (first at line 4, column 3)"},
    {"feature entry twice, alone", L1 L2 L3 L10 L10 PARTS, false, 5, 3, "duplicate-key",
     "'one-dot' appears twice in features (first at line 4, column 3)"},

    /* missing */
    {"missing title", L1 L3 WHITE L10 L11 PARTS, true, 1, 1, "missing-field",
     "the theme has no 'title' key"},
    {"missing parts", L1 L2 L3 WHITE L10 L11, true, 1, 1, "missing-field",
     "the theme has no 'parts' key"},
    {"missing English",
     L1 L2 L3 L4 "    name: {fr: micropul blanc, ja: 白}\n" L6 L7 L8 L9 AFTER_ART, true, 5, 11,
     "missing-field", "the name of feature 'white' has no 'en' key; every text needs English"},
    {"missing feature entry", L1 L2 L3 WHITE L10 PARTS, true, 4, 3, "missing-field",
     "features has no entry for 'blank', feature 2 of tile set 'mini'; add 'blank: {name:"},
    {"missing glyph", L1 L2 L3 L4 L5 L7 L8 L9 AFTER_ART, true, 5, 5, "missing-field",
     "feature 'white' has no 'glyph' key"},
    {"missing art of a feature", L1 L2 L3 L4 L5 L6 L7 AFTER_ART, true, 5, 5, "missing-field",
     "feature 'white' has no 'art' key"},
    {"missing art of big",
     L1 L2 L3 WHITE L10 L11 L12
     "  big: {name: big micropul, glyph: \"◎\", colour: white}\n" L14 L15 L16 L17,
     true, 13, 8, "missing-field", "part 'big' has no 'art' key"},
    {"missing part", L1 L2 L3 WHITE L10 L11 L12 L13 L14 L15 L16, true, 13, 3, "missing-field",
     "parts has no 'group' key; add 'group: {name: ..., glyph: ..., colour: ...}'"},
    {"empty features, alone", L1 L2 "features: {}\n" PARTS, false, 3, 11, "missing-field",
     "features is empty"},
    {"empty features, bound", L1 L2 "features: {}\n" PARTS, true, 3, 11, "missing-field",
     "features has no entry for 'white'"},
    {"empty document", "# nothing\n", true, 1, 1, "missing-field", "no theme here"},

    /* references */
    {"feature not in the tile set, close", L1 L2 L3 "  whte:\n" L5 L6 L7 L8 L9 AFTER_ART, true, 4,
     3, "bad-reference",
     "features has an entry for 'whte', which is not a feature of tile set 'mini'; did you mean "
     "'white'? its features are white, one-dot, blank"},
    {"feature not in the tile set",
     L1 L2 L3 WHITE L10 L11
     "  two-dot: {name: two, glyph: \":\", colour: cyan, art: '<circle r=\"0.1\"/>'}\n" PARTS,
     true, 12, 3, "bad-reference", "'two-dot', which is not a feature of tile set 'mini'; its"},

    /* types */
    {"root is a list", "- name: mini\n", true, 1, 1, "wrong-type",
     "a theme is a mapping of name, title, features and parts, not a list"},
    {"features as a list", L1 L2 "features: [white, one-dot]\n" PARTS, true, 3, 11, "wrong-type",
     "features must be a mapping from each feature's name"},
    {"entry as text", L1 L2 L3 WHITE "  one-dot: just text\n" L11 PARTS, true, 10, 12, "wrong-type",
     "feature 'one-dot' must be a mapping of name, glyph, colour and art, not 'just"},
    {"name as a list", L1 L2 L3 L4 "    name: [white, micropul]\n" L6 L7 L8 L9 AFTER_ART, true, 5,
     11, "wrong-type", "the name of feature 'white' must be text or a mapping of languages"},
    {"a language's text as a mapping", L1 "title: {en: {text: Mini}}\n" L3 WHITE AFTER_ART, true, 2,
     13, "wrong-type", "the title of the theme (en) must be text, not a mapping"},
    {"colour as a list", L1 L2 L3 L4 L5 L6 "    colour: [255, 255, 255]\n" L8 L9 AFTER_ART, true, 7,
     13, "wrong-type", "the colour of feature 'white' must be text"},
    {"art as a list", L1 L2 L3 L4 L5 L6 L7 "    art: [circle]\n" AFTER_ART, true, 8, 10,
     "wrong-type", "the art of feature 'white' must be text holding SVG elements"},
    {"feature key as a list, alone", L1 L2 L3 "  [a, b]: {}\n" PARTS, false, 4, 3, "wrong-type",
     "a key of features must be a feature's name, not a list"},

    /* values */
    {"empty name", L1 L2 L3 L4 "    name: {en: \"\"}\n" L6 L7 L8 L9 AFTER_ART, true, 5, 16,
     "bad-value", "the name of feature 'white' (en) is empty"},
    {"name with a tab", L1 L2 L3 L4 "    name: \"white\\tmicropul\"\n" L6 L7 L8 L9 AFTER_ART, true,
     5, 17, "bad-value", "the name of feature 'white' holds U+0009, a tab, a control character"},
    {"name with a bidi control", L1 L2 L3 L4 "    name: {en: white, fr: bl\xe2\x80\xae" "anc}\n" L6 L7 L8 L9
     AFTER_ART, true, 5, 29, "bad-value",
     "the name of feature 'white' (fr) holds U+202E, a bidirectional control"},
    {"name with a C1 control", L1 L2 L3 L4 "    name: \"white\\u009b\"\n" L6 L7 L8 L9 AFTER_ART,
     true, 5, 17, "bad-value", "the name of feature 'white' holds U+009B, a C1 control character"},
    {"theme title with an isolate", "name: m\ntitle: {en: \"Micro\\u2066pul\"}\n" L3 WHITE AFTER_ART,
     true, 2, 19, "bad-value", "the title of the theme (en) holds U+2066, a bidirectional control"},
    {"theme name empty", "name: \"\"\n" L2 L3 WHITE AFTER_ART, true, 1, 7, "bad-value",
     "the name of the theme is empty"},
    {"glyph of three characters", L1 L2 L3 L4 L5 "    glyph: abc\n" L7 L8 L9 AFTER_ART, true, 6, 12,
     "bad-value", "the glyph of feature 'white' is 'abc', 3 characters"},
    {"empty glyph", L1 L2 L3 L4 L5 "    glyph: \"\"\n" L7 L8 L9 AFTER_ART, true, 6, 12, "bad-value",
     "the glyph of feature 'white' is empty"},
    {"glyph a lone combining mark", L1 L2 L3 L4 L5 "    glyph: \"\\u0301\"\n" L7 L8 L9 AFTER_ART,
     true, 6, 12, "bad-value", "starts with a combining mark"},
    {"glyph a control character", L1 L2 L3 L4 L5 "    glyph: \"\\t\"\n" L7 L8 L9 AFTER_ART, true, 6,
     13, "bad-value", "the glyph of feature 'white' holds U+0009, a tab, a control character"},
    {"glyph an escape character", L1 L2 L3 L4 L5 "    glyph: \"o\\e\"\n" L7 L8 L9 AFTER_ART, true,
     6, 14, "bad-value", "the glyph of feature 'white' holds U+001B, the escape character"},
    {"glyph after a bidi mark", L1 L2 L3 L4 L5 "    glyph: \xe2\x80\x8fo\n" L7 L8 L9 AFTER_ART, true,
     6, 12, "bad-value", "holds U+200F, a bidirectional mark"},
    {"glyph of two wide characters", L1 L2 L3 L4 L5 "    glyph: 漢字\n" L7 L8 L9 AFTER_ART, true, 6,
     12, "bad-value",
     "the glyph of feature 'white' is '漢字', 2 characters; a glyph is one "
     "character, which a combining mark or variation selector may follow"},
    {"glyph of two narrow characters", L1 L2 L3 L4 L5 "    glyph: \"++\"\n" L7 L8 L9 AFTER_ART,
     true, 6, 12, "bad-value", "'++', 2 characters"},
    {"glyph too long", L1 L2 L3 L4 L5 "    glyph: ○○○○○○\n" L7 L8 L9 AFTER_ART, true, 6, 12,
     "too-long", "the glyph of feature 'white' is 18 bytes long"},
    {"colour misspelt", L1 L2 L3 L4 L5 L6 "    colour: whte\n" L8 L9 AFTER_ART, true, 7, 13,
     "bad-value", "unknown colour 'whte' for feature 'white'; did you mean 'white'?"},
    {"bright colour misspelt", L1 L2 L3 L4 L5 L6 "    colour: brightwhite\n" L8 L9 AFTER_ART, true,
     7, 13, "bad-value", "did you mean 'bright-white'?"},
    {"short hex colour", L1 L2 L3 L4 L5 L6 "    colour: \"#fff\"\n" L8 L9 AFTER_ART, true, 7, 13,
     "bad-value", "the colour of feature 'white' is '#fff'; write \"#rrggbb\""},
    {"hex colour with a non-digit", L1 L2 L3 L4 L5 L6 "    colour: \"#ffffgg\"\n" L8 L9 AFTER_ART,
     true, 7, 13, "bad-value", "six hex digits"},
    {"colour too long",
     L1 L2 L3 L4 L5 L6 "    colour: bright-white-and-shiny-too\n" L8 L9 AFTER_ART, true, 7, 13,
     "too-long", "the colour of feature 'white' is 26 bytes long"},
    {"name too long",
     L1 L2 L3 L4
     "    name: {en: white micropul, ja: "
     "白いマイクロプル白いマイクロプル白いマイクロプル白いマイクロプル}\n" L6 L7 L8 L9 AFTER_ART,
     true, 5, 36, "too-long",
     "the name of feature 'white' (ja) '白いマイクロプル白いマイクロ...' is 96 bytes long; "
     "shorten it to 95 at most"},
    {"feature key too long, alone", L1 L2 L3 "  a-feature-name-longer-than-thirty-one: {}\n" PARTS,
     false, 4, 3, "too-long", "is 37 bytes long; shorten it to 31 at most"},
    {"art draws nothing", L1 L2 L3 L4 L5 L6 L7 "    art: '<g> </g>'\n" AFTER_ART, true, 8, 10,
     "bad-value", "the art of feature 'white' draws nothing"},

    /* SVG, reported at the byte at fault inside a literal block */
    {"svg: text element", ART_HEAD "      <text x=\"0\">hi</text>\n" AFTER_ART, true, 9, 7,
     "bad-svg", "in the art of feature 'white': element <text> is not allowed in art"},
    {"svg: misspelt element", ART_HEAD "      <cirle r=\"0.4\"/>\n" AFTER_ART, true, 9, 7,
     "bad-svg", "element <cirle> is not allowed in art (did you mean <circle>?)"},
    {"svg: script", ART_HEAD "      <script>alert(1)</script>\n" AFTER_ART, true, 9, 7, "bad-svg",
     "element <script> is not allowed"},
    {"svg: event attribute", ART_HEAD "      <circle r=\"0.4\" onclick=\"x()\"/>\n" AFTER_ART, true,
     9, 23, "bad-svg", "event attribute 'onclick' on <circle>: art must not run scripts"},
    {"svg: href", ART_HEAD "      <circle r=\"0.4\" xlink:href=\"#a\"/>\n" AFTER_ART, true, 9, 23,
     "bad-svg", "link attribute 'xlink:href' on <circle>"},
    {"svg: url() paint", ART_HEAD "      <circle r=\"0.4\" fill=\"url(#g)\"/>\n" AFTER_ART, true, 9,
     29, "bad-svg", "fill=\"url(#g)\": url(...) references are not allowed"},
    {"svg: url() hidden in an entity",
     ART_HEAD "      <circle r=\"0.4\" fill=\"&#117;rl(#g)\"/>\n" AFTER_ART, true, 9, 29, "bad-svg",
     "url(...) references are not allowed"},
    {"svg: javascript", ART_HEAD "      <path d=\"javascript:alert(1)\"/>\n" AFTER_ART, true, 9, 16,
     "bad-svg", "art must not hold scripts"},
    {"svg: style attribute", ART_HEAD "      <rect style=\"fill:red\"/>\n" AFTER_ART, true, 9, 13,
     "bad-svg", "style on <rect> is not allowed; use the attributes fill, stroke"},
    {"svg: misspelt attribute", ART_HEAD "      <line x1=\"0\" stroke-widht=\"0.1\"/>\n" AFTER_ART,
     true, 9, 20, "bad-svg",
     "attribute 'stroke-widht' on <line> is not allowed in art: did you "
     "mean 'stroke-width'?"},
    {"svg: unknown attribute", ART_HEAD "      <rect class=\"big\"/>\n" AFTER_ART, true, 9, 13,
     "bad-svg", "use only cx cy r rx ry x y width height"},
    {"svg: unquoted value", ART_HEAD "      <circle r=0.4/>\n" AFTER_ART, true, 9, 17, "bad-svg",
     "the value of r must be in quotes: r=\"...\""},
    {"svg: attribute without value", ART_HEAD "      <circle r/>\n" AFTER_ART, true, 9, 15,
     "bad-svg", "r on <circle> has no value"},
    {"svg: unit on a number", ART_HEAD "      <circle r=\"4px\"/>\n" AFTER_ART, true, 9, 18,
     "bad-svg", "r=\"4px\" is not a number; write a plain number such as 0.5"},
    {"svg: bare ampersand", ART_HEAD "      <circle r=\"0.4\" fill=\"a&b\"/>\n" AFTER_ART, true, 9,
     30, "bad-svg", "'&' in the value of fill does not start an entity; write &amp;"},
    {"svg: '<' in a value", ART_HEAD "      <circle r=\"0.4\" fill=\"<b\"/>\n" AFTER_ART, true, 9,
     29, "bad-svg", "'<' inside the value of fill"},
    {"svg: unclosed element", ART_HEAD "      <g><circle r=\"0.4\"/>\n" AFTER_ART, true, 9, 7,
     "bad-svg", "<g> is never closed; add </g>"},
    {"svg: crossed tags", ART_HEAD "      <g><circle r=\"0.4\"/></rect>\n" AFTER_ART, true, 9, 27,
     "bad-svg", "</rect> does not match <g>"},
    {"svg: closing tag alone", ART_HEAD "      </g>\n" AFTER_ART, true, 9, 7, "bad-svg",
     "</g> closes nothing"},
    {"svg: shape holding a shape", ART_HEAD "      <circle r=\"0.4\"><rect/></circle>\n" AFTER_ART,
     true, 9, 7, "bad-svg",
     "this <circle> holds another element, which only <g> may; end it with '/>'"},
    {"svg: comment", ART_HEAD "      <!-- a circle -->\n" AFTER_ART, true, 9, 7, "bad-svg",
     "comments are not allowed in art"},
    {"svg: CDATA", ART_HEAD "      <![CDATA[x]]>\n" AFTER_ART, true, 9, 7, "bad-svg",
     "CDATA sections are not allowed"},
    {"svg: DOCTYPE", ART_HEAD "      <!DOCTYPE svg>\n" AFTER_ART, true, 9, 7, "bad-svg",
     "declarations such as DOCTYPE are not allowed"},
    {"svg: processing instruction", ART_HEAD "      <?xml version=\"1.0\"?>\n" AFTER_ART, true, 9,
     7, "bad-svg", "processing instructions such as <?xml ...?> are not allowed"},
    {"svg: text outside a tag", ART_HEAD "      <circle r=\"0.4\"/> hello\n" AFTER_ART, true, 9, 25,
     "bad-svg", "text \"hello\" outside a tag"},
    {"svg: unterminated tag", ART_HEAD "      <circle r=\"0.4\"\n" AFTER_ART, true, 9, 7, "bad-svg",
     "the tag <circle is not closed; end it with '/>'"},
    {"svg: bad transform",
     ART_HEAD "      <g transform=\"spin(45)\"><circle r=\"0.4\"/></g>\n" AFTER_ART, true, 9, 21,
     "bad-svg", "transform=\"spin(45)\" is not a transform list"},
    {"svg: error on a more indented second line",
     ART_HEAD "      <circle r=\"0.4\"/>\n"
              "        <rect width=\"1\" height=\"x\"/>\n" AFTER_ART,
     true, 10, 33, "bad-svg", "height=\"x\" is not a number"},
    {"svg: error after a non-ASCII character",
     ART_HEAD "      <g><circle r=\"0.4\"/></g>\n"
              "      <path d=\"M0 0 L1 1\" fill=\"é&x\"/>\n" AFTER_ART,
     true, 10, 34, "bad-svg", "'&' in the value of fill does not start an entity"},
    {"svg: value with a non-ASCII character",
     ART_HEAD "      <path d=\"M0 0\" fill=\"blé\"/>\n" AFTER_ART, true, 9, 28, "bad-svg",
     "fill=\"blé\" is not a paint"},
    {"svg: in a one-line flow scalar",
     L1 L2 L3 WHITE
     "  one-dot: {name: one dot, glyph: \"·\", colour: cyan, art: '<circle r=\"0.1\" "
     "fill=\"#12\"/>'}\n" L11 PARTS,
     true, 10, 82, "bad-svg", "in the art of feature 'one-dot': fill=\"#12\" is not a paint"},
    {"svg: in a double-quoted scalar with escapes: its start",
     L1 L2 L3 L4 L5 L6 L7 "    art: \"<circle r=\\\"0.4\\\" onload=\\\"x\\\"/>\"\n" AFTER_ART, true,
     8, 10, "bad-svg", "event attribute 'onload'"},
    {"svg: in a folded block: its start",
     L1 L2 L3 L4 L5 L6 L7 "    art: >\n"
                          "      <circle r=\"0.4\"\n      onmouseover=\"x\"/>\n" AFTER_ART,
     true, 8, 10, "bad-svg", "event attribute 'onmouseover'"},
    {"svg: stone art",
     L1 L2 L3 WHITE L10 L11 L12 L13
     "  stone: {name: stone, glyph: \"◆\", colour: red, art: '<image href=\"x.png\"/>'}\n" L15 L16
         L17,
     true, 14, 55, "bad-svg", "in the art of part 'stone': element <image> is not allowed"},
};

static void test_bad_inputs(void) {
    int n = (int)(sizeof bad / sizeof bad[0]);
    CHECK(n >= 25);
    for (int i = 0; i < n; i++) {
        PulError err;
        memset(&err, 0, sizeof err);
        PulTheme *th = load_str(bad[i].text, bad[i].bound, &err);
        bool ok = th == NULL && err.status != PUL_OK && err.line == bad[i].line &&
                  err.column == bad[i].column && strcmp(err.file, "t.yaml") == 0 &&
                  strcmp(err.code, bad[i].code) == 0 && strstr(err.message, bad[i].message);
        if (!ok) {
            fprintf(stderr,
                    "%s:%d: case '%s': got %s at %s:%d:%d \"%s\"; expected %s at %d:%d with "
                    "\"%s\"\n",
                    __FILE__, __LINE__, bad[i].what, th ? "success" : err.code, err.file, err.line,
                    err.column, err.message, bad[i].code, bad[i].line, bad[i].column,
                    bad[i].message);
            check_failures++;
        }
        pul_theme_free(th);
    }
}

/* Art at and just over PUL_ART_MAX-1 bytes, and labels at PUL_LABEL_MAX-1. */
static void test_limits(void) {
    static char text[8192];
    static char art[PUL_ART_MAX + 1];
    const char *shape = "<circle r=\"0.4\"/> "; /* 18 bytes */
    for (int over = 0; over <= 1; over++) {
        size_t n = 0;
        art[0] = '\0';
        while (n + 18 <= PUL_ART_MAX - 1)
            n += (size_t)snprintf(art + n, sizeof art - n, "%s", shape);
        while (n < PUL_ART_MAX - 1 + (size_t)over) art[n++] = ' ';
        art[n] = '\0';
        CHECK_INT(strlen(art), PUL_ART_MAX - 1 + over);
        snprintf(text, sizeof text, L1 L2 L3 L4 L5 L6 L7 "    art: '%s'\n" AFTER_ART, art);
        PulError err;
        PulTheme *th = load_str(text, true, &err);
        if (over) {
            CHECK(th == NULL);
            CHECK_STR(err.code, "too-long");
            CHECK_INT(err.line, 8);
            CHECK_INT(err.column, 10);
        } else {
            CHECK(th != NULL);
            if (th) CHECK_INT(strlen(th->feature[0].art), PUL_ART_MAX - 1);
        }
        pul_theme_free(th);
    }
    char label[PUL_LABEL_MAX + 1];
    for (int over = 0; over <= 1; over++) {
        memset(label, 'a', sizeof label);
        label[PUL_LABEL_MAX - 1 + over] = '\0';
        snprintf(text, sizeof text, L1 "title: %s\n" L3 WHITE AFTER_ART, label);
        PulError err;
        PulTheme *th = load_str(text, true, &err);
        CHECK((th != NULL) == !over);
        if (th) CHECK_INT(strlen(th->title[PUL_LANG_ES]), PUL_LABEL_MAX - 1);
        if (over) CHECK_STR(err.code, "too-long");
        pul_theme_free(th);
    }
    /* More entries than a tile set can have, read alone. */
    size_t o = (size_t)snprintf(text, sizeof text, L1 L2 L3);
    for (int f = 0; f <= PUL_MAX_FEATURES; f++)
        o += (size_t)snprintf(text + o, sizeof text - o,
                              "  f%d: {name: f, glyph: f, colour: red, art: '<rect/>'}\n", f);
    snprintf(text + o, sizeof text - o, PARTS);
    PulError err;
    PulTheme *th = load_str(text, false, &err);
    CHECK(th == NULL);
    CHECK_STR(err.code, "too-large");
    CHECK_INT(err.line, 4 + PUL_MAX_FEATURES);
    pul_theme_free(th);
}

/* Glyphs that pass: narrow, wide, with a combining mark or a variation selector. */
static void test_glyphs(void) {
    static const char *const good[] = {
        "漢", "é", "e\xcc\x81", "\xe2\x9a\x99\xef\xb8\x8f", " ", "\xf0\x9f\x8c\xbe"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        char text[4096];
        snprintf(text, sizeof text, L1 L2 L3 L4 L5 "    glyph: \"%s\"\n" L7 L8 L9 AFTER_ART,
                 good[i]);
        PulError err;
        PulTheme *th = load_str(text, true, &err);
        if (!th) fprintf(stderr, "  glyph %zu: %s\n", i, err.message);
        CHECK(th != NULL);
        if (th) CHECK_STR(th->feature[0].glyph, good[i]);
        pul_theme_free(th);
    }
}

/* The art checker alone: what passes, and where the rest fails. */
static void test_svg_check(void) {
    static const char *const good[] = {
        "",
        "  \n\t",
        "<g transform=\"translate(0.5,0.5) rotate(45) scale(0.5 0.4) matrix(1 0 0 1 0 0) "
        "skewX(10)\"><circle r=\"0.4\"/></g>",
        "<g><g><rect x=\"0\" y=\"0\" width=\"1\" height=\"1\"/></g></g >",
        "<path d=\"M0.1 0.1 L.9.9 h-.2 v.1 C0 0 1 1 .5 .5 Q1 1 0 0 A0.5 0.5 0 0 1 1e-1 1E0 Z\" "
        "fill-rule=\"evenodd\"/>",
        "<polyline points=\"0,0 1,1 0.5-0.5\" stroke-linecap='round' stroke-linejoin='bevel'/>",
        "<circle fill=\"none\" stroke=\"currentColor\" opacity=\" 0.5 \" fill-opacity=\"1\" "
        "stroke-opacity=\"+.5\"/>",
        "<ellipse rx=\"&#48;.5\" ry=\"0&#x2e;5\" fill=\"#ABC\"/>",
        "<line x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\" stroke = \"black\" ></line>",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        SvgReport rep;
        bool ok = svg_check(good[i], strlen(good[i]), &rep);
        if (!ok) fprintf(stderr, "  good %zu: byte %zu: %s\n", i, rep.offset, rep.message);
        CHECK(ok);
    }
    SvgReport rep;
    CHECK(svg_check(good[3], strlen(good[3]), &rep));
    CHECK_INT(rep.shapes, 1);
    CHECK(svg_check(NULL, 0, &rep));
    CHECK_INT(rep.shapes, 0);

    static const struct {
        const char *text;
        size_t offset;
        const char *message;
    } bad[] = {
        {"<circle r=\"1\" r=\"2\"/>", 14, "r is given twice"},
        {"<circle r=\"1\"cx=\"2\"/>", 13, "put a space between the attributes"},
        {"<circle r=\"0.4\" / >", 16, "'/' in the tag <circle must be followed by '>'"},
        {"<circle r=\"0.4", 10, "the value of r is never closed"},
        {"<polygon points=\"0,0 1\"/>", 17, "not a list of at least two x,y pairs"},
        {"<path d=\"L0 0\"/>", 9, "start with M"},
        {"<rect fill=\"#12345\"/>", 12, "is not a paint"},
        {"<rect fill=\"rgb(1,2,3)\"/>", 12, "is not a paint"},
        {"<rect stroke-linecap=\"flat\"/>", 22, "write butt, round or square"},
        {"<rect stroke-linejoin=\"sharp\"/>", 23, "write miter, round, bevel"},
        {"<rect fill-rule=\"odd\"/>", 17, "write nonzero or evenodd"},
        {"<g transform=\"rotate(1 2)\"></g>", 14, "is not a transform list"},
        {"<g transform=\"matrix(1 2 3)\"></g>", 14, "is not a transform list"},
        {"<rect fill=\"&#0;\"/>", 12, "does not start an entity"},
        {"<rect fill=\"&#xD800;\"/>", 12, "does not start an entity"},
        {"<rect fill=\"&nbsp;\"/>", 12, "does not start an entity"},
        {"<rect onload=\"x\"/>", 6, "event attribute 'onload'"},
        {"<rect ONCLICK=\"x\"/>", 6, "event attribute 'ONCLICK'"},
        {"<rect href=\"x\"/>", 6, "link attribute 'href'"},
        {"<", 0, "'<' must be followed by an element name"},
        {"< circle/>", 0, "'<' must be followed by an element name"},
        {"<circle\x01/>", 7, "in the tag <circle: expected an attribute"},
        {"</>", 0, "'</' must be followed by the name"},
        {"<g></g", 3, "</g must end with '>'"},
        {"&amp;", 0, "text \"&amp;\" outside a tag"},
        {"<rect/>\xc3\xa9", 7, "text \"\xc3\xa9\" outside a tag"},
        {"<rect fill=\"u&#x52;l(#a)\"/>", 12, "url(...) references are not allowed"},
        {"<rect fill=\"SCRIPT\"/>", 12, "must not hold scripts"},
        /* values are quoted as decoded, so that what entities hide shows, escaped */
        {"<rect fill=\"&lt;script&gt;alert(1)&lt;/script&gt;\"/>", 12,
         "fill=\"<script>alert(1)</script>\" (its entities decoded): art must not hold scripts"},
        {"<rect fill=\"&#x3C;SCRIPT&#62;\"/>", 12, "fill=\"<SCRIPT>\" (its entities decoded)"},
        {"<rect x=\"&#x1b;[2J\"/>", 9, "x=\"\\x1b[2J\" (its entities decoded) is not a number"},
        {"<rect fill=\"&#x202E;red\"/>", 12, "fill=\"\\u202ered\" (its entities decoded) is not a paint"},
        {"<rect fill=\"&#233;\"/>", 12, "fill=\"\xc3\xa9\" (its entities decoded) is not a paint"},
        {"<rect fill=\"re d\"/>", 12, "fill=\"re d\" is not a paint"},
        {"<rect stroke=\"url(#a)&#10;x\"/>", 14, "stroke=\"url(#a)\\nx\" (its entities decoded)"},
        {"<rect x=\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"/>", 9,
         "x=\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...\" is not a number"},
        {"<rect/>\xe2\x80\xae", 7, "text \"\\u202e\" outside a tag"},
        {"<circle\xc2\x9b/>", 7, "'\\u009b' in the tag <circle"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bool ok = svg_check(bad[i].text, strlen(bad[i].text), &rep);
        bool right = !ok && rep.offset == bad[i].offset && strstr(rep.message, bad[i].message);
        if (!right)
            fprintf(stderr, "  bad %zu (%s): %s at byte %zu \"%s\"; expected byte %zu \"%s\"\n", i,
                    bad[i].text, ok ? "passed" : "failed", rep.offset, rep.message, bad[i].offset,
                    bad[i].message);
        CHECK(right);
    }
    /* Deep nesting stops at the limit instead of overflowing. */
    char deep[16 * 3 + 16];
    size_t o = 0;
    for (int i = 0; i < 17; i++) o += (size_t)snprintf(deep + o, sizeof deep - o, "<g>");
    CHECK(!svg_check(deep, o, &rep));
    CHECK_INT(rep.offset, 16 * 3);
    CHECK(strstr(rep.message, "nested more than 16 deep") != NULL);
}

static void test_files_and_api(void) {
    PulError err;
    CHECK(pul_theme_load_file("no/such/theme.yaml", NULL, &err) == NULL);
    CHECK_INT(err.status, PUL_ERR_IO);
    CHECK_STR(err.code, "unreadable");
    CHECK_STR(err.file, "no/such/theme.yaml");
    CHECK(pul_theme_load_file(NULL, NULL, &err) == NULL);
    CHECK(pul_theme_load_string(NULL, 5, "x", NULL, &err) == NULL);
    CHECK_STR(err.code, "bad-state");
    CHECK(pul_theme_load_string("x: [", 4, NULL, NULL, &err) == NULL);
    CHECK_STR(err.file, "<string>");
    CHECK_STR(err.code, "yaml-syntax");
    /* No error record: the result alone tells. */
    CHECK(pul_theme_load_string("x: 1", 4, NULL, NULL, NULL) == NULL);
    PulTheme *th = pul_theme_load_string(MINI, strlen(MINI), NULL, NULL, NULL);
    CHECK(th != NULL);
    pul_theme_free(th);
    /* The formatted error gives file:line:col: code: message. */
    const char *text = L1 L2 L3 L4 L5 L6 "    colour: whte\n" L8 L9 AFTER_ART;
    CHECK(pul_theme_load_string(text, strlen(text), "mine/theme.yaml", NULL, &err) == NULL);
    char line[1024];
    pul_error_format(&err, line, sizeof line);
    const char *want = "mine/theme.yaml:7:13: bad-value: unknown colour 'whte'";
    CHECK(strncmp(line, want, strlen(want)) == 0);
}

/* Every prefix and many one-byte changes of a real theme: never a crash,
** always a result or an error with a code and a position. */
static void test_mutations(void) {
    FILE *f = fopen("../variants/farmopul/theme.yaml", "rb");
    CHECK(f != NULL);
    if (!f) return;
    static char text[32768];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    CHECK(len > 0 && len < sizeof text);
    PulTileSet ts;
    if (!load_tiles(&ts, "../variants/micropul/tiles.yaml")) return;
    PulError err;
    for (size_t k = 0; k <= len; k += 7) {
        PulTheme *th = pul_theme_load_string(text, k, "prefix", &ts, &err);
        if (!th) CHECK(err.line > 0 && err.column > 0 && err.code[0] && err.message[0]);
        pul_theme_free(th);
    }
    uint32_t seed = 2024;
    static const char alphabet[] = "<>/=\"' :-{}[],#&;|\n\tacgx0.\x01\xc3\xa9";
    for (int i = 0; i < 1500; i++) {
        seed = seed * 1103515245u + 12345u;
        size_t at = (seed >> 8) % len;
        char keep = text[at];
        seed = seed * 1103515245u + 12345u;
        text[at] = alphabet[(seed >> 8) % (sizeof alphabet - 1)];
        PulTheme *th = pul_theme_load_string(text, len, "mutant", i % 2 ? &ts : NULL, &err);
        if (!th) CHECK(err.line > 0 && err.column > 0 && err.code[0] && err.message[0]);
        pul_theme_free(th);
        text[at] = keep;
    }
}

int main(void) {
    RUN(test_lang_and_parts);
    RUN(test_micropul);
    RUN(test_farmopul);
    RUN(test_tricolour);
    RUN(test_mini_valid);
    RUN(test_bad_inputs);
    RUN(test_limits);
    RUN(test_glyphs);
    RUN(test_svg_check);
    RUN(test_files_and_api);
    RUN(test_mutations);
    return CHECK_DONE();
}
