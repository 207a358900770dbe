/*
** fuzz_loaders.c: libFuzzer target over the YAML loaders a modder's files go through.
**
** The first input byte chooses the loader (byte % 4, so the seed files can
** start with an ASCII digit), the rest is the file's text:
**   0  tiles.yaml     pul_tileset_load_string
**   1  theme.yaml     pul_theme_load_string, checked alone (no tile set)
**   2  theme.yaml     pul_theme_load_string, bound to the Micropul tile set
**   3  variant.yaml   pul_variant_load_string, in variants/micropul, so that
**                     relative references and extends: resolve against the repo
** PUL_FUZZ_LOADER=0..3 in the environment sends every input to one loader
** (the first byte is still skipped), to give one loader a run of its own.
**
** Beyond "no crash, no leak, no undefined behaviour" it checks the loaders'
** contract and aborts on a breach, so that libFuzzer saves the input:
** a failed load leaves a PulError with a status, a code and a message, and a
** syntax or schema error also names the file and a line; a successful load
** gives a tile set that passes pul_tileset_validate.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

#ifndef PUL_FUZZ_VARIANTS_DIR
#error "PUL_FUZZ_VARIANTS_DIR (the repo's variants/ folder) must be defined by the build"
#endif
#define MICROPUL_DIR PUL_FUZZ_VARIANTS_DIR "/micropul"

const char fuzz_target[] = "fuzz_loaders";

enum { SEL_TILESET, SEL_THEME_ALONE, SEL_THEME_BOUND, SEL_VARIANT, SEL_COUNT };
static const char *const sel_name[SEL_COUNT] = {"tile set", "theme alone",
                                                "theme bound to micropul", "variant"};

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

static void load_variant(const char *text, size_t len) {
    PulError err;
    memset(&err, 0, sizeof err);
    PulVariant *v =
        pul_variant_load_string(text, len, "fuzz.yaml", MICROPUL_DIR, PUL_FUZZ_VARIANTS_DIR, &err);
    if (!v) {
        check_failure(SEL_VARIANT, &err);
        return;
    }
    const PulTileSet *ts = pul_variant_tileset(v);
    check_tileset(SEL_VARIANT, ts);
    const PulRules *rules = pul_variant_rules(v);
    memset(&err, 0, sizeof err);
    if (pul_rules_validate(rules, &err) != PUL_OK)
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
    default:
        load_variant(text, len);
        break;
    }
    return 0;
}
