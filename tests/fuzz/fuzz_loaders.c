/*
** fuzz_loaders.c: libFuzzer target over the YAML loaders a modder's files go through.
**
** The first input byte chooses the loader (byte % 8, so the seed files can
** start with an ASCII digit), the rest is the file's text:
**   0  tiles.yaml     pul_tileset_load_string
**   1  theme.yaml     pul_theme_load_string, checked alone (no tile set)
**   2  theme.yaml     pul_theme_load_string, bound to the Micropul tile set
**   3  variant.yaml   pul_variant_load_string, in variants/micropul, so that
**                     relative references and extends: resolve against the repo
**   4  board.yaml     pul_board_load_string
**   5  tiles.yaml     pul_symbols_load_string (a Genial tile file)
**   6  theme.yaml     theme_load_named, bound to the Genial symbols with the
**                     Genial parts (bag, rack, track, bonus)
**   7  variant.yaml   pul_variant_load_string, in variants/genial
** PUL_FUZZ_LOADER=0..7 in the environment sends every input to one loader
** (the first byte is still skipped), to give one loader a run of its own.
**
** Beyond "no crash, no leak, no undefined behaviour" it checks the loaders'
** contract and aborts on a breach, so that libFuzzer saves the input:
** a failed load leaves a PulError with a status, a code and a message, and a
** syntax or schema error also names the file and a line; a successful load
** gives a tile set that passes pul_tileset_validate, a board and a symbol
** set within the limits their loaders promise (pul.h).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "theme_yaml.h"

#ifndef PUL_FUZZ_VARIANTS_DIR
#error "PUL_FUZZ_VARIANTS_DIR (the repo's variants/ folder) must be defined by the build"
#endif
#define MICROPUL_DIR PUL_FUZZ_VARIANTS_DIR "/micropul"
#define GENIAL_DIR PUL_FUZZ_VARIANTS_DIR "/genial"

const char fuzz_target[] = "fuzz_loaders";

enum {
    SEL_TILESET,
    SEL_THEME_ALONE,
    SEL_THEME_BOUND,
    SEL_VARIANT,
    SEL_BOARD,
    SEL_SYMBOLS,
    SEL_THEME_SYMBOLS,
    SEL_VARIANT_GENIAL,
    SEL_COUNT
};
static const char *const sel_name[SEL_COUNT] = {
    "tile set", "theme alone",          "theme bound to micropul",  "variant",
    "board",    "tile file of symbols", "theme bound to genial", "variant in genial"};

/* The Genial parts, as the family's table names them (Family.theme_parts). */
#define GENIAL_PARTS                                                                    \
    (1u << PUL_PART_BAG | 1u << PUL_PART_RACK | 1u << PUL_PART_TRACK | 1u << PUL_PART_BONUS)
static PulSymbolSet genial;                /* the symbols Genial themes are bound to */
static const char *genial_names[PUL_GENIAL_MAX_SYMBOLS];

static PulTileSet micropul; /* the tile set themes are bound to */
static int only = -1;       /* PUL_FUZZ_LOADER, or -1 */

static void breach(int sel, const char *what, const PulError *err) {
    fuzz_breachf(err, "(%s) %s", sel_name[sel], what);
}

/* What every failed load must leave behind: fuzz_check_failure's, and a
** file and a line for a syntax or schema error. */
static void check_failure(int sel, const PulError *err) {
    fuzz_check_failure(err, PUL_OK);
    if (err->status == PUL_ERR_SYNTAX || err->status == PUL_ERR_SCHEMA) {
        if (!err->file[0]) breach(sel, "a syntax or schema error names no file", err);
        if (err->line <= 0) breach(sel, "a syntax or schema error has no line", err);
    }
}

static void check_tileset(int sel, const PulTileSet *ts) {
    PulError err;
    memset(&err, 0, sizeof err);
    if (pul_tileset_validate(ts, &err) != PUL_OK)
        breach(sel, "a loaded tile set fails pul_tileset_validate", &err);
}

static void check_theme(int sel, const PulTheme *theme, const PulTileSet *ts) {
    if (theme->nfeatures < 0 || theme->nfeatures > PUL_MAX_FEATURES)
        breach(sel, "a loaded theme has an impossible feature count", NULL);
    if (ts && theme->nfeatures != ts->nfeatures)
        breach(sel, "a theme bound to a tile set does not have one entry per feature", NULL);
    if (!fuzz_terminated(theme->name, sizeof theme->name))
        breach(sel, "a loaded theme's name is not NUL-terminated", NULL);
    for (int f = 0; f < theme->nfeatures; f++)
        for (int lang = 0; lang < PUL_NLANGS; lang++)
            if (!pul_theme_feature_name(theme, f, lang))
                breach(sel, "pul_theme_feature_name returned NULL", NULL);
}

static int hex_distance(int q, int r) {
    int a = abs(q), b = abs(r), c = abs(q + r);
    return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

static void load_board(const char *text, size_t len) {
    PulBoard *b = malloc(sizeof *b);
    PulError err;
    memset(&err, 0, sizeof err);
    if (!b) return;
    PulStatus st = pul_board_load_string(b, text, len, "fuzz.board.yaml", &err);
    if (st != PUL_OK) {
        fuzz_check_failure(&err, st);
        check_failure(SEL_BOARD, &err);
        free(b);
        return;
    }
    if (b->grid != PUL_GRID_HEX || b->radius < 1 || 3 * b->radius * (b->radius + 1) + 1 > 255)
        breach(SEL_BOARD, "a loaded board has an impossible grid or radius", NULL);
    for (int s = 0; s <= PUL_MAX_SEATS; s++)
        if (b->area_radius[s] < 0 || b->area_radius[s] > b->radius || (s == 0 && b->area_radius[s]))
            breach(SEL_BOARD, "a loaded board has a play area outside it", NULL);
    if (b->nprinted < 0 || b->nprinted > PUL_GENIAL_MAX_PRINTED)
        breach(SEL_BOARD, "a loaded board has an impossible printed count", NULL);
    for (int i = 0; i < b->nprinted; i++) {
        if (hex_distance(b->printed[i].q, b->printed[i].r) > b->radius)
            breach(SEL_BOARD, "a loaded board prints a cell off itself", NULL);
        if (!fuzz_terminated(b->written[i], sizeof b->written[i]) || !b->written[i][0])
            breach(SEL_BOARD, "a printed symbol's text is empty or not NUL-terminated", NULL);
        for (int j = 0; j < i; j++)
            if (b->printed[j].q == b->printed[i].q && b->printed[j].r == b->printed[i].r)
                breach(SEL_BOARD, "a loaded board prints one cell twice", NULL);
    }
    free(b);
}

static void check_symbols(int sel, const PulSymbolSet *ss) {
    int n = ss->nsymbols, total = 0;
    if (n < 2 || n > PUL_GENIAL_MAX_SYMBOLS || ss->nkinds != n * (n + 1) / 2)
        breach(sel, "a loaded symbol set has an impossible symbol or kind count", NULL);
    for (int i = 0; i < n && n <= PUL_GENIAL_MAX_SYMBOLS; i++) {
        char c = ss->symbol[i].letter;
        if (c < 'a' || c > 'z' || c == 'x') breach(sel, "a symbol's letter is not a-z but x", NULL);
        for (int j = 0; j < i; j++)
            if (ss->symbol[j].letter == c || strcmp(ss->symbol[j].name, ss->symbol[i].name) == 0)
                breach(sel, "two symbols share a letter or a name", NULL);
    }
    for (int k = 0; k < ss->nkinds && k < PUL_GENIAL_MAX_KINDS; k++) {
        if (ss->kind[k].a > ss->kind[k].b || ss->kind[k].b >= n)
            breach(sel, "a kind's symbols are out of order or undeclared", NULL);
        total += ss->kind[k].count;
    }
    if (total < 1 || total > 255) breach(sel, "a loaded symbol set holds 0 or over 255 tiles", NULL);
}

static void load_symbols(const char *text, size_t len) {
    PulSymbolSet ss;
    PulError err;
    memset(&err, 0, sizeof err);
    PulStatus st = pul_symbols_load_string(&ss, text, len, "fuzz.symbols.yaml", &err);
    if (st == PUL_OK) {
        check_symbols(SEL_SYMBOLS, &ss);
        return;
    }
    fuzz_check_failure(&err, st);
    check_failure(SEL_SYMBOLS, &err);
}

static void load_theme_symbols(const char *text, size_t len) {
    PulError err;
    memset(&err, 0, sizeof err);
    PulTheme *theme = theme_load_named(text, len, "fuzz.theme.yaml", genial.name, genial_names,
                                       genial.nsymbols, GENIAL_PARTS, &err);
    if (!theme) {
        check_failure(SEL_THEME_SYMBOLS, &err);
        return;
    }
    if (theme->nfeatures != genial.nsymbols || theme->parts != GENIAL_PARTS)
        breach(SEL_THEME_SYMBOLS, "a theme bound to symbols lacks an entry or a part", NULL);
    for (int i = 0; i < theme->nfeatures; i++)
        for (int j = 0; j < i; j++)
            if (strcmp(theme->feature[i].glyph, theme->feature[j].glyph) == 0)
                breach(SEL_THEME_SYMBOLS, "two symbols of a theme share a glyph", NULL);
    check_theme(SEL_THEME_SYMBOLS, theme, NULL);
    pul_theme_free(theme);
}

static void load_tileset(const char *text, size_t len) {
    PulTileSet ts;
    PulError err;
    memset(&err, 0, sizeof err);
    PulStatus st = pul_tileset_load_string(&ts, text, len, "fuzz.yaml", &err);
    if (st == PUL_OK) {
        check_tileset(SEL_TILESET, &ts);
        return;
    }
    fuzz_check_failure(&err, st);
    check_failure(SEL_TILESET, &err);
}

static void load_theme(int sel, const char *text, size_t len) {
    const PulTileSet *ts = sel == SEL_THEME_BOUND ? &micropul : NULL;
    PulError err;
    memset(&err, 0, sizeof err);
    PulTheme *theme = pul_theme_load_string(text, len, "fuzz.theme.yaml", ts, &err);
    if (!theme) {
        check_failure(sel, &err);
        return;
    }
    check_theme(sel, theme, ts);
    pul_theme_free(theme);
}

/* A variant in variants/genial: whatever family it names, a success gives
** a variant whose rules pass its family's validate (pul_variant_rule's
** values within each parameter's range) and whose texts are there. */
static void load_variant_genial(const char *text, size_t len) {
    PulError err;
    memset(&err, 0, sizeof err);
    PulVariant *v =
        pul_variant_load_string(text, len, "fuzz.yaml", GENIAL_DIR, PUL_FUZZ_VARIANTS_DIR, &err);
    if (!v) {
        check_failure(SEL_VARIANT_GENIAL, &err);
        return;
    }
    for (int i = 0; i < pul_variant_nparams(v); i++) {
        const PulParamInfo *p = pul_variant_param(v, i);
        int value = pul_variant_rule(v, i);
        if (!p || value < p->min || value > p->max)
            breach(SEL_VARIANT_GENIAL, "a loaded variant has a rule outside its range", NULL);
    }
    if (!pul_variant_info(v)) breach(SEL_VARIANT_GENIAL, "a loaded variant has no info", NULL);
    for (int lang = 0; lang < PUL_NLANGS; lang++)
        if (!pul_variant_title(v, lang))
            breach(SEL_VARIANT_GENIAL, "pul_variant_title returned NULL", NULL);
    pul_variant_free(v);
}

static void load_variant(const char *text, size_t len) {
    PulError err;
    memset(&err, 0, sizeof err);
    PulVariant *v =
        pul_variant_load_string(text, len, "fuzz.yaml", MICROPUL_DIR, PUL_FUZZ_VARIANTS_DIR, &err);
    if (!v) {
        check_failure(SEL_VARIANT, &err);
        return;
    }
    /* A tile set and rules are the Micropul family's; an edition of another
    ** family (extends: genial) has neither. */
    const PulTileSet *ts = pul_variant_tileset(v);
    const PulRules *rules = pul_variant_rules(v);
    bool micropul = !strcmp(pul_variant_family(v), "micropul");
    if (micropul != (ts != NULL) || micropul != (rules != NULL))
        breach(SEL_VARIANT, "a loaded variant's tile set and rules do not follow its family", NULL);
    if (ts) check_tileset(SEL_VARIANT, ts);
    memset(&err, 0, sizeof err);
    if (rules && pul_rules_validate(rules, &err) != PUL_OK)
        breach(SEL_VARIANT, "a loaded variant's rules fail pul_rules_validate", &err);
    if (!pul_variant_info(v)) breach(SEL_VARIANT, "a loaded variant has no info", NULL);
    const PulTheme *theme = pul_variant_theme(v);
    if (theme) check_theme(SEL_VARIANT, theme, ts);
    for (int lang = 0; lang < PUL_NLANGS; lang++)
        if (!pul_variant_title(v, lang))
            breach(SEL_VARIANT, "pul_variant_title returned NULL", NULL);
    pul_variant_free(v);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    PulError err;
    if (pul_tileset_load_file(&micropul, MICROPUL_DIR "/tiles.yaml", &err) != PUL_OK) {
        char line[1024];
        fprintf(stderr, "fuzz_loaders: cannot load the Micropul tile set: %s\n",
                pul_error_format(&err, line, sizeof line));
        exit(1);
    }
    if (pul_symbols_load_file(&genial, GENIAL_DIR "/tiles.yaml", &err) != PUL_OK) {
        char line[1024];
        fprintf(stderr, "fuzz_loaders: cannot load the Genial tile file: %s\n",
                pul_error_format(&err, line, sizeof line));
        exit(1);
    }
    for (int i = 0; i < genial.nsymbols; i++) genial_names[i] = genial.symbol[i].name;
    const char *pin = getenv("PUL_FUZZ_LOADER");
    if (pin && pin[0]) {
        if (pin[0] < '0' || pin[0] >= '0' + SEL_COUNT || pin[1]) {
            fprintf(stderr, "fuzz_loaders: PUL_FUZZ_LOADER is 0 to %d, not '%s'\n", SEL_COUNT - 1,
                    pin);
            exit(1);
        }
        only = pin[0] - '0';
        fprintf(stderr, "fuzz_loaders: every input goes to the %s loader\n", sel_name[only]);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    int sel = only >= 0 ? only : data[0] % SEL_COUNT;
    /* libFuzzer's buffer is exactly size bytes, so the sanitizers see any read
    ** past the text's end. */
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    switch (sel) {
    case SEL_TILESET:
        load_tileset(text, len);
        break;
    case SEL_THEME_ALONE:
    case SEL_THEME_BOUND:
        load_theme(sel, text, len);
        break;
    case SEL_VARIANT:
        load_variant(text, len);
        break;
    case SEL_BOARD:
        load_board(text, len);
        break;
    case SEL_SYMBOLS:
        load_symbols(text, len);
        break;
    case SEL_THEME_SYMBOLS:
        load_theme_symbols(text, len);
        break;
    default:
        load_variant_genial(text, len);
        break;
    }
    return 0;
}
