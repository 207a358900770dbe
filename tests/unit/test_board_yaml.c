/*
** test_board_yaml.c: the board.yaml loader against variants/genial/board.yaml
** (radius 7, play areas 5/5/6/7, six printed symbols at distance 5, as
** test_genial_board.c builds by hand), and malformed boards with their exact
** codes and positions.
*/
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pul.h"

static PulStatus load(PulBoard *b, const char *text, PulError *err) {
    return pul_board_load_string(b, text, strlen(text), "b.yaml", err);
}

static void test_genial_file(void) {
    PulBoard b;
    PulError err;
    PulStatus st = pul_board_load_file(&b, "../variants/genial/board.yaml", &err);
    CHECK_INT(st, PUL_OK);
    if (st != PUL_OK) {
        fprintf(stderr, "  %s:%d:%d: %s\n", err.file, err.line, err.column, err.message);
        return;
    }
    CHECK_STR(b.name, "genial");
    CHECK_INT(b.grid, PUL_GRID_HEX);
    CHECK_INT(b.radius, 7);
    static const int area[PUL_MAX_SEATS + 1] = {0, 5, 5, 6, 7};
    for (int s = 0; s <= PUL_MAX_SEATS; s++) CHECK_INT(b.area_radius[s], area[s]);
    CHECK_INT(b.nprinted, 6);
    static const int at[6][2] = {{5, -5}, {5, 0}, {0, 5}, {-5, 5}, {-5, 0}, {0, -5}};
    static const char *const letter[6] = {"r", "g", "b", "o", "y", "p"};
    for (int i = 0; i < 6; i++) {
        CHECK_INT(b.printed[i].q, at[i][0]);
        CHECK_INT(b.printed[i].r, at[i][1]);
        CHECK_INT(b.printed[i].symbol, PUL_GENIAL_UNBOUND);
        CHECK_STR(b.written[i], letter[i]);
        CHECK_INT(b.printed[i].line, 14 + i);
        CHECK_INT(b.printed[i].column, 5);
    }
}

/* Printed symbols by name, no printed cells at all, and "printed:" empty. */
static void test_forms(void) {
    PulBoard b;
    PulError err;
    CHECK_INT(load(&b, "name: x\ngrid: hex\nshape: {hexagon: 2}\nplay_area: {2: {hexagon: 2}}\n"
                       "printed:\n  - {at: [1, -2], symbol: blue}\n",
                   &err),
              PUL_OK);
    CHECK_STR(b.written[0], "blue");
    CHECK_INT(b.nprinted, 1);
    CHECK_INT(load(&b, "name: x\ngrid: hex\nshape: {hexagon: 1}\nplay_area: {1: {hexagon: 1}}\n",
                   &err),
              PUL_OK);
    CHECK_INT(b.nprinted, 0);
    CHECK_INT(b.area_radius[1], 1);
    CHECK_INT(b.area_radius[2], 0);
    /* Radius 8 holds 217 cells; its full area has 600 pairs, more than an
    ** area may: the board may be that large, an area not. */
    CHECK_INT(load(&b, "name: x\ngrid: hex\nshape: {hexagon: 8}\nplay_area: {2: {hexagon: 7}}\n",
                   &err),
              PUL_OK);
}

static void test_errors(void) {
    static const char head[] = "name: x\ngrid: hex\nshape: {hexagon: 7}\n";
    static const struct {
        const char *text, *code;
        int line, col;
        const char *says;
        bool with_head;
    } cases[] = {
        {"", "missing-field", 1, 1, "empty", false},
        {"- 1\n", "wrong-type", 1, 1, "mapping", false},
        {"name: x\ngird: hex\n", "unknown-key", 2, 1, "did you mean 'grid'", false},
        {"name: x\ngrid: hex\ngrid: hex\n", "duplicate-key", 3, 1, "twice", false},
        {"name: x\nshape: {hexagon: 7}\nplay_area: {2: {hexagon: 5}}\n", "missing-field", 1, 1,
         "grid", false},
        {"name: x\ngrid: square\nshape: {hexagon: 7}\nplay_area: {2: {hexagon: 5}}\n",
         "bad-value", 2, 7, "reserved", false},
        {"name: x\ngrid: hexx\nshape: {hexagon: 7}\nplay_area: {2: {hexagon: 5}}\n", "bad-value",
         2, 7, "did you mean 'hex'", false},
        {"name: x\ngrid: hex\nshape: {hexagon: 9}\nplay_area: {2: {hexagon: 5}}\n",
         "out-of-range", 3, 18, "1 to 8", false},
        {"name: x\ngrid: hex\nshape: {circle: 7}\nplay_area: {2: {hexagon: 5}}\n", "unknown-key",
         3, 9, "hexagon", false},
        {"name: x\ngrid: hex\nshape: {}\nplay_area: {2: {hexagon: 5}}\n", "missing-field", 3, 8,
         "hexagon", false},
        {"play_area: {2: {hexagon: 8}}\n", "out-of-range", 4, 26, "inside the board", true},
        {"play_area: {7: {hexagon: 5}}\n", "out-of-range", 4, 13, "1 to 6", true},
        {"play_area: {2: {hexagon: 5}, 2: {hexagon: 6}}\n", "duplicate-key", 4, 30, "twice", true},
        {"play_area: {two: {hexagon: 5}}\n", "wrong-type", 4, 13, "seat count", true},
        {"play_area: {2: {hexagon: \"5\"}}\n", "wrong-type", 4, 26, "radius", true},
        {"play_area: {2: {hexagon: 5}}\nprinted: [{at: [8, 0], symbol: r}]\n", "out-of-range", 5,
         16, "off the board", true},
        {"play_area: {2: {hexagon: 5}}\nprinted: [{at: [1, 0], symbol: r}, {at: [1, 0], symbol: "
         "g}]\n",
         "bad-value", 5, 41, "already", true},
        {"play_area: {2: {hexagon: 5}}\nprinted: [{at: [1], symbol: r}]\n", "wrong-type", 5, 16,
         "two whole numbers", true},
        {"play_area: {2: {hexagon: 5}}\nprinted: [{at: [1, 0]}]\n", "missing-field", 5, 11,
         "symbol", true},
        {"play_area: {2: {hexagon: 5}}\nprinted: {at: [1, 0]}\n", "wrong-type", 5, 10, "list",
         true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s%s", cases[i].with_head ? head : "", cases[i].text);
        PulBoard b;
        PulError err;
        memset(&err, 0, sizeof err);
        PulStatus st = load(&b, text, &err);
        CHECK(st != PUL_OK);
        if (strcmp(err.code, cases[i].code) != 0 || err.line != cases[i].line ||
            err.column != cases[i].col || !strstr(err.message, cases[i].says)) {
            fprintf(stderr, "  case %zu: got %s:%d:%d: %s: %s\n", i, err.file, err.line,
                    err.column, err.code, err.message);
            check_failures++;
        }
    }
}

/* More printed cells than a board holds, and an area with too many pairs. */
static void test_limits(void) {
    char text[2048];
    size_t o = (size_t)snprintf(text, sizeof text, "name: x\ngrid: hex\nshape: {hexagon: 7}\n"
                                                   "play_area: {2: {hexagon: 5}}\nprinted:\n");
    for (int i = 0; i < PUL_GENIAL_MAX_PRINTED + 1; i++)
        o += (size_t)snprintf(text + o, sizeof text - o, "  - {at: [%d, 0], symbol: r}\n", i - 7);
    PulBoard b;
    PulError err;
    CHECK(load(&b, text, &err) != PUL_OK);
    CHECK_STR(err.code, "too-large");
    CHECK_INT(err.line, 6 + PUL_GENIAL_MAX_PRINTED);
    CHECK(load(&b, "name: x\ngrid: hex\nshape: {hexagon: 8}\nplay_area: {4: {hexagon: 8}}\n",
               &err) != PUL_OK);
    CHECK_STR(err.code, "too-large");
    CHECK_INT(err.line, 4);
    CHECK_INT(err.column, 13);
    CHECK(strstr(err.message, "600 pairs") != NULL);
}

int main(void) {
    RUN(test_genial_file);
    RUN(test_forms);
    RUN(test_errors);
    RUN(test_limits);
    return CHECK_DONE();
}
