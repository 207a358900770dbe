/*
** board_yaml.c: the board.yaml schema of hex editions (Einfach Genial), read
** from a YAML tree into a PulBoard. Every complaint names the file, line and
** column of the YAML at fault.
**
** The schema (one YAML document, a mapping of these keys; printed optional):
**
**   name: genial              # required, 1 to 31 bytes of printable text
**   grid: hex                 # required: pointy-top hexes, axial (q, r);
**                             # "square" is reserved for later boards
**   shape: {hexagon: 7}       # required: every cell at distance <= 7 from
**                             # (0, 0); radius 1 to 8 (at most 255 cells)
**   play_area:                # required: by seat count (1 to PUL_MAX_SEATS),
**     {1: {hexagon: 5}, 2: {hexagon: 5}, 3: {hexagon: 6}, 4: {hexagon: 7}}
**                             # the cells in play, inside the shape; at most
**                             # 544 pairs of neighbouring unprinted cells
**   printed:                  # optional: symbols printed on the board, by
**     - {at: [5, -5], symbol: r}   # the tile file's letter or symbol name;
**     - {at: [0, 5], symbol: blue} # at most 16, each on its own cell
**
** A shape or play area is a mapping with one key: hexagon: R now, with room
** for other shapes (cells: a list) later. Bound to a tile file's symbols
** (a manifest's board:), a printed symbol must be one of them, and every
** seat count of the edition needs a play area. Unknown and duplicate keys,
** anchors (&x), aliases (*x), tags (!x) and a second document are errors.
*/
#include <stdlib.h>
#include <string.h>

#include "board_yaml.h"
#include "mem.h"
#include "suggest.h"
#include "ydoc.h"

enum {
    BOARD_MAX_CELLS = 255, /* cell ids are bytes beside a "no cell" value */
    BOARD_MAX_RADIUS = 8, /* the largest hexagon within BOARD_MAX_CELLS: 217 cells */
    /* Every placement of an area (each pair both ways round, for each of the
    ** rack's kinds, at most PUL_GENIAL_RACK_MAX) must fit PUL_GENIAL_MAX_ACTIONS. */
    BOARD_MAX_PAIRS = PUL_GENIAL_MAX_ACTIONS / (2 * PUL_GENIAL_RACK_MAX)
};
_Static_assert(3 * BOARD_MAX_RADIUS * (BOARD_MAX_RADIUS + 1) + 1 <= BOARD_MAX_CELLS,
               "the largest hexagon has a cell id for every cell");
_Static_assert(3 * (BOARD_MAX_RADIUS + 1) * (BOARD_MAX_RADIUS + 2) + 1 > BOARD_MAX_CELLS,
               "BOARD_MAX_RADIUS is the largest such radius");

static const char *const grid_names[] = {"hex", "square"};

int board_hex_cells(int r) { return r < 0 ? 0 : 3 * r * (r + 1) + 1; }

static int hex_distance(int q, int r) {
    int a = abs(q), b = abs(r), c = abs(q + r);
    return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

static bool is_printed(const PulBoard *b, int q, int r) {
    for (int i = 0; i < b->nprinted; i++)
        if (b->printed[i].q == q && b->printed[i].r == r) return true;
    return false;
}

int board_area_pairs(const PulBoard *b, int area) {
    /* e, se, sw: each pair once, from its first cell */
    static const int step[3][2] = {{1, 0}, {0, 1}, {-1, 1}};
    int n = 0;
    for (int r = -area; r <= area; r++)
        for (int q = -area; q <= area; q++) {
            if (hex_distance(q, r) > area || is_printed(b, q, r)) continue;
            for (int d = 0; d < 3; d++) {
                int q2 = q + step[d][0], r2 = r + step[d][1];
                if (hex_distance(q2, r2) <= area && !is_printed(b, q2, r2)) n++;
            }
        }
    return n;
}

const char *symbols_letters(const PulSymbolSet *ss, char *buf, size_t size) {
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; i < ss->nsymbols && o < size; i++)
        o += (size_t)snprintf(buf + o, size - o, "%s%c", i ? ", " : "", ss->symbol[i].letter);
    return buf;
}

/* {hexagon: R}: the radius, 1 .. max (the board's, or BOARD_MAX_RADIUS for
** the board itself). */
static PulStatus read_shape(YDoc *doc, const YNode *n, const char *what, int max, int *radius) {
    static const char *const keys[] = {"hexagon"};
    char text[48];
    if (n->kind != YDOC_MAP)
        return ydoc_fail(doc, n, "wrong-type",
                         "%s must be a mapping with one key, like {hexagon: 5}, not %s", what,
                         ydoc_kind(n, text, sizeof text));
    const YNode *val[1], *keyn[1];
    PulStatus st = ydoc_map(doc, n, what, keys, 1, val, keyn);
    if (st != PUL_OK) return st;
    if (!val[0])
        return ydoc_missing(doc, n, what, "hexagon",
                            "give its radius, like {hexagon: 5}: every cell at that distance "
                            "from (0, 0) or nearer");
    long long v;
    if (!ydoc_int(val[0], &v))
        return ydoc_fail(doc, val[0], "wrong-type",
                         "the hexagon of %s must be a radius (a whole number, unquoted), not %s",
                         what, ydoc_kind(val[0], text, sizeof text));
    if (v < 1 || v > max) {
        if (max == BOARD_MAX_RADIUS)
            return ydoc_fail(doc, val[0], "out-of-range",
                             "the hexagon of %s has radius %s; a board's radius is 1 to %d (at "
                             "most %d cells)",
                             what, ydoc_shown(val[0], text, sizeof text), BOARD_MAX_RADIUS,
                             BOARD_MAX_CELLS);
        return ydoc_fail(doc, val[0], "out-of-range",
                         "the hexagon of %s has radius %s; a play area lies inside the board, "
                         "so its radius is 1 to %d (the shape's)",
                         what, ydoc_shown(val[0], text, sizeof text), max);
    }
    *radius = (int)v;
    return PUL_OK;
}

static PulStatus read_grid(YDoc *doc, const YNode *n, PulBoard *b) {
    char text[48], hint[64] = "";
    if (ydoc_is(n, "hex")) {
        b->grid = PUL_GRID_HEX;
        return PUL_OK;
    }
    if (ydoc_is(n, "square"))
        return ydoc_fail(doc, n, "bad-value",
                         "grid square is reserved for boards of square cells, which no family "
                         "reads yet; write grid: hex");
    const char *close =
        n->kind == YDOC_SCALAR ? suggest_pick(n->text, n->len, grid_names, 1) : NULL;
    if (close) snprintf(hint, sizeof hint, " did you mean '%s'?", close);
    return ydoc_fail(doc, n, "bad-value", "unknown grid %s;%s the grid is hex",
                     ydoc_kind(n, text, sizeof text), hint);
}

/* play_area: {seats: {hexagon: R}, ...}; keys the seat counts 1..PUL_MAX_SEATS.
 */
static PulStatus read_areas(YDoc *doc, const YNode *n, PulBoard *b, const YNode **seen) {
    char text[48], what[48];
    if (n->kind != YDOC_MAP)
        return ydoc_fail(doc, n, "wrong-type",
                         "play_area must be a mapping from seat counts to areas, like {1: "
                         "{hexagon: 5}, 2: {hexagon: 5}}, not %s",
                         ydoc_kind(n, text, sizeof text));
    if (n->nkid == 0)
        return ydoc_fail(doc, n, "missing-field",
                         "play_area is empty; give the area for each seat count, like {2: "
                         "{hexagon: 5}}");
    for (int i = 0; i + 1 < n->nkid; i += 2) {
        const YNode *key = ydoc_kid(doc, n, i);
        long long seats;
        if (!ydoc_int(key, &seats))
            return ydoc_fail(doc, key, "wrong-type",
                             "a key of play_area must be a seat count (a whole number, "
                             "unquoted), not %s",
                             ydoc_kind(key, text, sizeof text));
        if (seats < 1 || seats > PUL_MAX_SEATS)
            return ydoc_fail(doc, key, "out-of-range",
                             "play_area has an area for %s seats; the engine seats 1 to %d",
                             ydoc_shown(key, text, sizeof text), PUL_MAX_SEATS);
        if (seen[seats])
            return ydoc_fail(doc, key, "duplicate-key",
                             "play_area gives %lld seats twice (first at line %d, column %d); "
                             "keep one",
                             seats, seen[seats]->line, seen[seats]->col);
        seen[seats] = key;
        snprintf(what, sizeof what, "the play area for %lld seats", seats);
        PulStatus st =
            read_shape(doc, ydoc_kid(doc, n, i + 1), what, b->radius, &b->area_radius[seats]);
        if (st != PUL_OK) return st;
    }
    return PUL_OK;
}

/* A printed symbol's name: a letter or a name of ss, its index; -1 if none. */
static int symbol_ref(const PulSymbolSet *ss, const char *w) {
    for (int i = 0; i < ss->nsymbols; i++)
        if ((w[0] == ss->symbol[i].letter && w[1] == '\0') || strcmp(w, ss->symbol[i].name) == 0)
            return i;
    return -1;
}

static PulStatus read_printed_one(YDoc *doc, const YNode *n, int index, PulBoard *b,
                                  const PulSymbolSet *ss, const YNode **atn) {
    static const char *const keys[] = {"at", "symbol"};
    char text[48], what[32], list[64];
    snprintf(what, sizeof what, "printed entry %d", index + 1);
    if (n->kind != YDOC_MAP)
        return ydoc_fail(doc, n, "wrong-type",
                         "%s must be a mapping like {at: [5, -5], symbol: r}, not %s", what,
                         ydoc_kind(n, text, sizeof text));
    const YNode *val[2], *keyn[2];
    PulStatus st = ydoc_map(doc, n, what, keys, 2, val, keyn);
    if (st != PUL_OK) return st;
    if (!val[0]) return ydoc_missing(doc, n, what, "at", "give its cell, like at: [5, -5]");
    if (!val[1])
        return ydoc_missing(doc, n, what, "symbol",
                            "give the symbol printed there by its letter or name, like symbol: r");
    const YNode *at = val[0];
    long long c[2] = {0, 0};
    if (at->kind != YDOC_SEQ || at->nkid != 2 || !ydoc_int(ydoc_kid(doc, at, 0), &c[0]) ||
        !ydoc_int(ydoc_kid(doc, at, 1), &c[1]))
        return ydoc_fail(doc, at, "wrong-type",
                         "at of %s must be a cell as two whole numbers [q, r], like [5, -5], "
                         "not %s",
                         what, ydoc_kind(at, text, sizeof text));
    PulPrinted *p = &b->printed[index];
    if (llabs(c[0]) > b->radius || llabs(c[1]) > b->radius ||
        hex_distance((int)c[0], (int)c[1]) > b->radius)
        return ydoc_fail(doc, at, "out-of-range",
                         "%s is at [%lld, %lld], off the board of radius %d; a "
                         "cell (q, r) is on "
                         "it when max(|q|, |r|, |q + r|) <= %d",
                         what, c[0], c[1], b->radius, b->radius);
    for (int j = 0; j < index; j++)
        if (b->printed[j].q == c[0] && b->printed[j].r == c[1])
            return ydoc_fail(doc, at, "bad-value",
                             "%s is at [%lld, %lld], where printed entry %d (line %d) already "
                             "is; print one symbol per cell",
                             what, c[0], c[1], j + 1, atn[j]->line);
    atn[index] = at;
    p->q = (int8_t)c[0];
    p->r = (int8_t)c[1];
    p->line = n->line;
    p->column = n->col;
    char label[48];
    snprintf(label, sizeof label, "the symbol of %s", what);
    st = ydoc_name(doc, val[1], label, b->written[index]);
    if (st != PUL_OK) return st;
    p->symbol = PUL_GENIAL_UNBOUND;
    if (!ss) return PUL_OK;
    int s = symbol_ref(ss, b->written[index]);
    if (s < 0) {
        const char *names[PUL_GENIAL_MAX_SYMBOLS];
        char hint[64] = "";
        for (int i = 0; i < ss->nsymbols; i++) names[i] = ss->symbol[i].name;
        const char *close =
            suggest_pick(b->written[index], strlen(b->written[index]), names, ss->nsymbols);
        if (close) snprintf(hint, sizeof hint, " did you mean '%s'?", close);
        return ydoc_fail(doc, val[1], "bad-reference",
                         "%s prints '%s', which is not a symbol of the tile file '%s';%s its "
                         "symbols are %s (by letter or name)",
                         what, b->written[index], ss->name, hint,
                         symbols_letters(ss, list, sizeof list));
    }
    p->symbol = (uint8_t)s;
    return PUL_OK;
}

static PulStatus read_printed(YDoc *doc, const YNode *n, PulBoard *b, const PulSymbolSet *ss) {
    char text[48];
    if (n->kind == YDOC_SCALAR && n->len == 0) return PUL_OK; /* "printed:" with nothing */
    if (n->kind != YDOC_SEQ)
        return ydoc_fail(doc, n, "wrong-type",
                         "printed must be a list of cells, each like '- {at: [5, -5], symbol: "
                         "r}', not %s",
                         ydoc_kind(n, text, sizeof text));
    if (n->nkid > PUL_GENIAL_MAX_PRINTED)
        return ydoc_fail(doc, ydoc_kid(doc, n, PUL_GENIAL_MAX_PRINTED), "too-large",
                         "more than %d printed cells; a board prints at most %d",
                         PUL_GENIAL_MAX_PRINTED, PUL_GENIAL_MAX_PRINTED);
    const YNode *atn[PUL_GENIAL_MAX_PRINTED];
    for (int i = 0; i < n->nkid; i++) {
        PulStatus st = read_printed_one(doc, ydoc_kid(doc, n, i), i, b, ss, atn);
        if (st != PUL_OK) return st;
        b->nprinted = i + 1;
    }
    return PUL_OK;
}

static PulStatus read_board(YDoc *doc, PulBoard *out, const PulSymbolSet *ss, int min_seats,
                            int max_seats) {
    static const char *const keys[] = {"name", "grid", "shape", "play_area", "printed"};
    enum { K_NAME, K_GRID, K_SHAPE, K_AREA, K_PRINTED, K_COUNT };
    char text[48];
    const YNode *root = ydoc_root(doc);
    if (!root || (root->kind == YDOC_SCALAR && root->len == 0))
        return ydoc_fail_at(doc, root ? root->line : 1, root ? root->col : 1, "missing-field",
                            "no board here, the text is empty; write the keys name, grid, shape "
                            "and play_area (see variants/genial/board.yaml)");
    if (root->kind != YDOC_MAP)
        return ydoc_fail(doc, root, "wrong-type",
                         "a board is a mapping of name, grid, shape, play_area and printed, "
                         "not %s",
                         ydoc_kind(root, text, sizeof text));
    const YNode *val[K_COUNT], *keyn[K_COUNT];
    PulStatus st = ydoc_map(doc, root, "the board", keys, K_COUNT, val, keyn);
    if (st != PUL_OK) return st;
    static const char *const hint[K_PRINTED] = {
        "add 'name: <its name>'", "add 'grid: hex'",
        "add 'shape: {hexagon: 7}' with the board's radius",
        "add 'play_area:' with an area for each seat count, like {2: {hexagon: 5}}"};
    for (int k = 0; k < K_PRINTED; k++)
        if (!val[k]) return ydoc_missing(doc, root, "the board", keys[k], hint[k]);

    PulBoard *b = mem_calloc(1, sizeof *b);
    if (!b) return ydoc_fail(doc, root, "out-of-memory", "out of memory reading the board");
    const YNode *seen[PUL_MAX_SEATS + 1] = {NULL};
    st = ydoc_name(doc, val[K_NAME], "the name of the board", b->name);
    if (st == PUL_OK) st = read_grid(doc, val[K_GRID], b);
    if (st == PUL_OK) st = read_shape(doc, val[K_SHAPE], "shape", BOARD_MAX_RADIUS, &b->radius);
    if (st == PUL_OK) st = read_areas(doc, val[K_AREA], b, seen);
    if (st == PUL_OK && val[K_PRINTED]) st = read_printed(doc, val[K_PRINTED], b, ss);
    /* The pairs bound: the placements of a full rack must fit one list. */
    for (int s = 1; st == PUL_OK && s <= PUL_MAX_SEATS; s++) {
        if (!b->area_radius[s]) continue;
        int pairs = board_area_pairs(b, b->area_radius[s]);
        if (pairs > BOARD_MAX_PAIRS)
            st = ydoc_fail(doc, seen[s], "too-large",
                           "the play area for %d seats has %d pairs of neighbouring cells; an "
                           "area has at most %d, so that every placement of a full rack fits "
                           "the list of actions (radius 7 has 462)",
                           s, pairs, BOARD_MAX_PAIRS);
    }
    for (int s = min_seats; st == PUL_OK && max_seats > 0 && s <= max_seats; s++)
        if (s >= 1 && s <= PUL_MAX_SEATS && !b->area_radius[s])
            st = ydoc_fail(doc, val[K_AREA], "missing-field",
                           "play_area has no area for %d seats, which the edition "
                           "seats (players "
                           "%d to %d); add '%d: {hexagon: R}'",
                           s, min_seats, max_seats, s);
    if (st == PUL_OK) {
        *out = *b;
        err_clear(doc->err);
    }
    mem_free(b);
    return st;
}

PulStatus board_read(PulBoard *b, const char *text, size_t len, const char *src,
                     const PulSymbolSet *ss, int min_seats, int max_seats, PulError *err) {
    YDoc doc;
    PulStatus st = ydoc_parse(&doc, text, len, src, "a board", err);
    if (st == PUL_OK) st = read_board(&doc, b, ss, min_seats, max_seats);
    ydoc_free(&doc);
    return st;
}

/* ------------------------------------------------------------------ public */

PulStatus pul_board_load_string(PulBoard *b, const char *text, size_t len, const char *source,
                                PulError *err) {
    const char *src = source && source[0] ? source : "<string>";
    if (!b || (!text && len))
        return err_set(err, PUL_ERR_STATE, src, 0, 0,
                       "pul_board_load_string needs a board to fill and the text to read");
    return board_read(b, text, len, src, NULL, 0, 0, err);
}

PulStatus pul_board_load_file(PulBoard *b, const char *path, PulError *err) {
    char *buf;
    size_t len;
    PulStatus st = ydoc_read_file(path, &buf, &len, err);
    if (st != PUL_OK) return st;
    st = pul_board_load_string(b, buf, len, path, err);
    mem_free(buf);
    return st;
}
