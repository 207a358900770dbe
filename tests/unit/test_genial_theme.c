/*
** test_genial_theme.c: a theme bound to a tile file's symbols by name, with
** the Genial family's parts (bag, rack, track, bonus): the shipped
** variants/genial/theme.yaml (names in four languages, glyphs one cell wide
** and pairwise different, art for every symbol), and the refusals the named
** binding adds: glyph or art twice, a part missing or another family's.
*/
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pul.h"
#include "text.h"
#include "theme_yaml.h"

#define GENIAL_PARTS                                                                    \
    (1u << PUL_PART_BAG | 1u << PUL_PART_RACK | 1u << PUL_PART_TRACK | 1u << PUL_PART_BONUS)

static const char *const names[6] = {"red", "green", "blue", "orange", "yellow", "purple"};

static char *read_all(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = malloc(1 << 16);
    *len = buf ? fread(buf, 1, (1 << 16) - 1, f) : 0;
    fclose(f);
    if (buf) buf[*len] = '\0';
    return buf;
}

static PulTheme *load(const char *text, PulError *err) {
    return theme_load_named(text, strlen(text), "t.yaml", "genial", names, 6, GENIAL_PARTS, err);
}

static void test_shipped(void) {
    PulSymbolSet ss;
    PulError err;
    CHECK_INT(pul_symbols_load_file(&ss, "../variants/genial/tiles.yaml", &err), PUL_OK);
    const char *bound[PUL_GENIAL_MAX_SYMBOLS];
    for (int s = 0; s < ss.nsymbols; s++) bound[s] = ss.symbol[s].name;
    size_t len;
    char *text = read_all("../variants/genial/theme.yaml", &len);
    CHECK(text != NULL);
    if (!text) return;
    /* The file lists the symbols in another order than the tile file: the
    ** entries come out in the symbols' order. */
    PulTheme *th = theme_load_named(text, len, "theme.yaml", ss.name, bound, ss.nsymbols,
                                    GENIAL_PARTS, &err);
    free(text);
    CHECK(th != NULL);
    if (!th) {
        fprintf(stderr, "  %s:%d:%d: %s: %s\n", err.file, err.line, err.column, err.code,
                err.message);
        return;
    }
    CHECK_INT(th->nfeatures, 6);
    CHECK_INT(th->parts, GENIAL_PARTS);
    for (int s = 0; s < 6; s++) {
        const PulThemeEntry *e = &th->feature[s];
        CHECK_STR(e->key, names[s]);
        CHECK(e->art[0] != '\0');
        /* Every language given, none the English copy. */
        for (int l = 1; l < PUL_NLANGS; l++) CHECK(strcmp(e->name[l], e->name[PUL_LANG_EN]) != 0);
        /* One character, one terminal cell by the loader's width table. */
        size_t used;
        long cp = text_next(e->glyph, strlen(e->glyph), &used);
        CHECK_INT(used, strlen(e->glyph));
        CHECK_INT(pul_text_width((uint32_t)cp), 1);
        for (int o = 0; o < s; o++) {
            CHECK(strcmp(e->glyph, th->feature[o].glyph) != 0);
            CHECK(strcmp(e->colour, th->feature[o].colour) != 0);
            CHECK(strcmp(e->art, th->feature[o].art) != 0);
        }
    }
    CHECK_STR(pul_theme_part_name(th, PUL_PART_BONUS, PUL_LANG_EN), "Brilliant!");
    CHECK_STR(pul_theme_part_name(th, PUL_PART_RACK, PUL_LANG_FR), "chevalet");
    CHECK_STR(pul_theme_part_name(th, PUL_PART_STONE, PUL_LANG_EN), "");
    for (int p = PUL_PART_BAG; p <= PUL_PART_BONUS; p++)
        for (int l = 1; l < PUL_NLANGS; l++)
            CHECK(strcmp(th->part[p].name[l], th->part[p].name[PUL_LANG_EN]) != 0);
    pul_theme_free(th);
}

/* A theme of two symbols and the four parts, where one line is swapped in. */
static const char base[] =
    "name: t\ntitle: T\nfeatures:\n"
    "  red: {name: red, glyph: \"A\", colour: red, art: '<circle cx=\"0.5\" cy=\"0.5\" r=\"0.3\"/>'}\n"
    "  green: {name: green, glyph: \"B\", colour: green, art: '<rect x=\"0\" y=\"0\" width=\"1\" "
    "height=\"1\"/>'}\n"
    "  blue: {name: blue, glyph: \"C\", colour: blue, art: '<circle cx=\"0.5\" cy=\"0.5\" "
    "r=\"0.2\"/>'}\n"
    "  orange: {name: orange, glyph: \"D\", colour: red, art: '<circle cx=\"0.5\" cy=\"0.5\" "
    "r=\"0.1\"/>'}\n"
    "  yellow: {name: yellow, glyph: \"E\", colour: yellow, art: '<circle cx=\"0.4\" cy=\"0.5\" "
    "r=\"0.1\"/>'}\n"
    "  purple: {name: purple, glyph: \"F\", colour: magenta, art: '<circle cx=\"0.3\" cy=\"0.5\" "
    "r=\"0.1\"/>'}\n"
    "parts:\n"
    "  bag: {name: bag, glyph: \"b\", colour: cyan}\n"
    "  rack: {name: rack, glyph: \"r\", colour: cyan}\n"
    "  track: {name: track, glyph: \"t\", colour: cyan}\n"
    "  bonus: {name: Brilliant!, glyph: \"!\", colour: cyan}\n";

/* base with the first occurrence of from replaced by to. */
static PulTheme *load_edited(const char *from, const char *to, PulError *err) {
    static char text[4096];
    const char *at = strstr(base, from);
    CHECK(at != NULL);
    if (!at) return NULL;
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - base), base, to, at + strlen(from));
    return load(text, err);
}

static void test_refusals(void) {
    PulError err;
    PulTheme *th = load(base, &err);
    CHECK(th != NULL);
    pul_theme_free(th);
    static const struct {
        const char *from, *to, *code;
        int line, col;
        const char *says;
    } cases[] = {
        {"glyph: \"B\"", "glyph: \"A\"", "bad-value", 5, 31, "shape as well as colour"},
        {"r=\"0.2\"", "r=\"0.3\"", "bad-value", 6, 53, "draw each its own way"},
        {"  bonus: {name: Brilliant!, glyph: \"!\", colour: cyan}\n", "", "missing-field", 11, 3,
         "'bonus'"},
        {"  bag:", "  big:", "unknown-key", 11, 3, "did you mean 'bag'"},
        {"  purple:", "  purpel:", "bad-reference", 9, 3, "did you mean 'purple'"},
        {"  red:", "  # red:", "missing-field", 5, 3, "no entry for 'red', symbol 0 of tile file"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(&err, 0, sizeof err);
        th = load_edited(cases[i].from, cases[i].to, &err);
        CHECK(th == NULL);
        pul_theme_free(th);
        if (strcmp(err.code, cases[i].code) != 0 || err.line != cases[i].line ||
            err.column != cases[i].col || !strstr(err.message, cases[i].says)) {
            fprintf(stderr, "  case %zu: got %s:%d:%d: %s: %s\n", i, err.file, err.line,
                    err.column, err.code, err.message);
            check_failures++;
        }
    }
}

/* Micropul's binding is unchanged: its theme still takes its five parts. */
static void test_micropul_unchanged(void) {
    PulTileSet ts;
    PulError err;
    CHECK_INT(pul_tileset_load_file(&ts, "../variants/micropul/tiles.yaml", &err), PUL_OK);
    PulTheme *th = pul_theme_load_file("../variants/micropul/theme.yaml", &ts, &err);
    CHECK(th != NULL);
    if (th) CHECK_INT(th->parts, (1u << PUL_PART_BAG) - 1);
    pul_theme_free(th);
}

int main(void) {
    RUN(test_shipped);
    RUN(test_refusals);
    RUN(test_micropul_unchanged);
    return CHECK_DONE();
}
