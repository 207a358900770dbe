/*
** test_symbols_yaml.c: the Genial tile-file loader (symbols with record
** letters, kinds with counts) against variants/genial/tiles.yaml, and a
** table of malformed inputs with their exact codes and positions.
*/
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pul.h"

static PulStatus load(PulSymbolSet *ss, const char *text, PulError *err) {
    return pul_symbols_load_string(ss, text, strlen(text), "s.yaml", err);
}

static void test_genial_file(void) {
    PulSymbolSet ss;
    PulError err;
    PulStatus st = pul_symbols_load_file(&ss, "../variants/genial/tiles.yaml", &err);
    CHECK_INT(st, PUL_OK);
    if (st != PUL_OK) {
        fprintf(stderr, "  %s:%d:%d: %s\n", err.file, err.line, err.column, err.message);
        return;
    }
    CHECK_STR(ss.name, "genial");
    CHECK_INT(ss.nsymbols, 6);
    static const char letters[] = "rgboyp";
    static const char *const names[] = {"red", "green", "blue", "orange", "yellow", "purple"};
    for (int s = 0; s < 6; s++) {
        CHECK_INT(ss.symbol[s].letter, letters[s]);
        CHECK_STR(ss.symbol[s].name, names[s]);
    }
    CHECK_INT(ss.nkinds, 21);
    int total = 0, k = 0;
    /* Kind ids: the pairs a <= b row by row; doubles 5, the others 6. */
    for (int a = 0; a < 6; a++)
        for (int b = a; b < 6; b++, k++) {
            CHECK_INT(ss.kind[k].a, a);
            CHECK_INT(ss.kind[k].b, b);
            CHECK_INT(ss.kind[k].count, a == b ? 5 : 6);
            total += ss.kind[k].count;
        }
    CHECK_INT(total, 120);
}

/* Kinds left out have a kind id and no tiles; letters in either order. */
static void test_unlisted_and_order(void) {
    PulSymbolSet ss;
    PulError err;
    const char *text = "name: t\nsymbols: [{letter: a, name: one}, {letter: b, name: two},\n"
                       "  {letter: c, name: three}]\nkinds: {ca: 4, bb: 2}\n";
    CHECK_INT(load(&ss, text, &err), PUL_OK);
    CHECK_INT(ss.nkinds, 6);
    /* aa ab ac bb bc cc */
    static const int want[6] = {0, 0, 4, 2, 0, 0};
    for (int k = 0; k < 6; k++) CHECK_INT(ss.kind[k].count, want[k]);
    CHECK_INT(ss.kind[2].a, 0);
    CHECK_INT(ss.kind[2].b, 2);
}

static void test_errors(void) {
    static const struct {
        const char *text, *code;
        int line, col;
        const char *says;
    } cases[] = {
        {"", "missing-field", 1, 1, "empty"},
        {"[1]\n", "wrong-type", 1, 1, "mapping"},
        {"name: t\nsymbols: [{letter: a, name: x}, {letter: b, name: y}]\nkinds: {ab: 1}\nsize: 3\n",
         "unknown-key", 4, 1, "size"},
        {"name: t\nsymbol: []\n", "unknown-key", 2, 1, "did you mean 'symbols'"},
        {"name: t\nsymbols: [{letter: a, name: x}, {letter: b, name: y}]\n", "missing-field", 1,
         1, "kinds"},
        {"name: t\nsymbols: [{letter: a, name: x}]\nkinds: {aa: 1}\n", "out-of-range", 2, 10,
         "2 to 8"},
        {"name: t\nsymbols: [{letter: a, name: a}, {letter: b, name: b}, {letter: c, name: c},\n"
         "  {letter: d, name: d}, {letter: e, name: e}, {letter: f, name: f},\n"
         "  {letter: g, name: g}, {letter: h, name: h}, {letter: i, name: i}]\nkinds: {aa: 1}\n",
         "too-large", 4, 47, "at most 8"},
        {"name: t\nsymbols: [{letter: x, name: a}, {letter: b, name: y}]\nkinds: {bb: 1}\n",
         "bad-value", 2, 20, "swap"},
        {"name: t\nsymbols: [{letter: A, name: a}, {letter: b, name: y}]\nkinds: {bb: 1}\n",
         "bad-value", 2, 20, "lowercase"},
        {"name: t\nsymbols: [{letter: a, name: x}, {letter: a, name: y}]\nkinds: {aa: 1}\n",
         "duplicate-name", 2, 42, "letter 'a'"},
        {"name: t\nsymbols: [{letter: a, name: x}, {letter: b, name: x}]\nkinds: {aa: 1}\n",
         "duplicate-name", 2, 51, "name 'x'"},
        {"name: t\nsymbols: [{letter: a, name: x}, {letter: b, name: y}]\nkinds: {ac: 1}\n",
         "bad-reference", 3, 9, "a, b"},
        {"name: t\nsymbols: [{letter: a, name: x}, {letter: b, name: y}]\nkinds: {ab: 1, ba: 2}\n",
         "duplicate-key", 3, 16, "either order"},
        {"name: t\nsymbols: [{letter: a, name: x}, {letter: b, name: y}]\nkinds: {ab: 256}\n",
         "out-of-range", 3, 13, "0 to 255"},
        {"name: t\nsymbols: [{letter: a, name: x}, {letter: b, name: y}]\nkinds: {ab: \"6\"}\n",
         "wrong-type", 3, 13, "whole number"},
        {"name: t\nsymbols: [{letter: a, name: x}, {letter: b, name: y}]\nkinds: {ab: 200, aa: "
         "100}\n",
         "too-large", 3, 22, "at most 255"},
        {"name: t\nsymbols: [{letter: a, name: x}, {letter: b, name: y}]\nkinds: {ab: 0}\n",
         "out-of-range", 3, 8, "no tile"},
        {"name: t\nsymbols: [{letter: a}, {letter: b, name: y}]\nkinds: {ab: 1}\n",
         "missing-field", 2, 11, "name"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        PulSymbolSet ss;
        PulError err;
        memset(&err, 0, sizeof err);
        PulStatus st = load(&ss, cases[i].text, &err);
        CHECK(st != PUL_OK);
        if (strcmp(err.code, cases[i].code) != 0 || err.line != cases[i].line ||
            err.column != cases[i].col || !strstr(err.message, cases[i].says)) {
            fprintf(stderr, "  case %zu: got %s:%d:%d: %s: %s\n", i, err.file, err.line,
                    err.column, err.code, err.message);
            check_failures++;
        }
    }
}

int main(void) {
    RUN(test_genial_file);
    RUN(test_unlisted_and_order);
    RUN(test_errors);
    return CHECK_DONE();
}
