/*
** symbols_yaml.c: the tile file of hex editions (Einfach Genial), read from a
** YAML tree into a PulSymbolSet: the symbols with their record letters, and
** the tile kinds (pairs of symbols) with how many tiles of each. Every
** complaint names the file, line and column of the YAML at fault.
**
** The schema (one YAML document, a mapping of exactly these three keys):
**
**   name: genial              # required, 1 to 31 bytes of printable text
**   symbols:                  # required, 2 to 8 entries; the order is the
**     - {letter: r, name: red}     # canonical order of records and kinds
**     - {letter: g, name: green}
**   kinds:                    # required: a kind's two letters (either order)
**     {rg: 6, rr: 5, gg: 5}   # and its count, 0 to 255
**
** A letter is one of a to z but x (which begins a swap in records); letters
** and names (1 to 31 bytes, as a feature's) are unique. A kind not listed has
** no tiles, but still has a kind id, so any two letters read in records: the
** ids are the pairs a <= b in symbol order, row by row (21 for 6 symbols).
** The tiles together are 1 to 255. Unknown and duplicate keys, anchors (&x),
** aliases (*x), tags (!x) and a second document are errors.
*/
#include <string.h>

#include "board_yaml.h"
#include "mem.h"
#include "ydoc.h"

enum { SYMBOLS_MIN = 2, SYMBOLS_MAX_TILES = 255 };

static int letter_index(const PulSymbolSet *ss, char c) {
    for (int i = 0; i < ss->nsymbols; i++)
        if (ss->symbol[i].letter == c) return i;
    return -1;
}

/* Kind id of symbols a <= b among n: the pairs row by row. */
static int kind_id(int n, int a, int b) { return a * n - a * (a - 1) / 2 + (b - a); }

static PulStatus read_symbol(YDoc *doc, const YNode *n, int index, PulSymbolSet *ss,
                             const YNode **letn, const YNode **namen) {
    static const char *const keys[] = {"letter", "name"};
    char text[48], what[32];
    snprintf(what, sizeof what, "symbol %d", index + 1);
    if (n->kind != YDOC_MAP)
        return ydoc_fail(doc, n, "wrong-type",
                         "%s must be a mapping like {letter: r, name: red}, not %s", what,
                         ydoc_kind(n, text, sizeof text));
    const YNode *val[2], *keyn[2];
    PulStatus st = ydoc_map(doc, n, what, keys, 2, val, keyn);
    if (st != PUL_OK) return st;
    if (!val[0])
        return ydoc_missing(doc, n, what, "letter",
                            "give the lowercase letter records write it with, like letter: r");
    if (!val[1])
        return ydoc_missing(doc, n, what, "name",
                            "give it a name, like name: red, which its theme's entry uses");
    PulSymbol *s = &ss->symbol[index];
    const YNode *l = val[0];
    if (l->kind != YDOC_SCALAR || l->len != 1 || l->text[0] < 'a' || l->text[0] > 'z')
        return ydoc_fail(doc, l, "bad-value",
                         "the letter of %s must be one lowercase letter a to z, not %s", what,
                         ydoc_kind(l, text, sizeof text));
    if (l->text[0] == 'x')
        return ydoc_fail(doc, l, "bad-value",
                         "the letter of %s is x, which begins a swap in records; choose another "
                         "letter",
                         what);
    s->letter = l->text[0];
    for (int j = 0; j < index; j++)
        if (ss->symbol[j].letter == s->letter)
            return ydoc_fail(doc, l, "duplicate-name",
                             "letter '%c' is already symbol %d's (line %d); give each symbol its "
                             "own letter",
                             s->letter, j + 1, letn[j]->line);
    letn[index] = l;
    char label[48];
    snprintf(label, sizeof label, "the name of %s", what);
    st = ydoc_name(doc, val[1], label, s->name);
    if (st != PUL_OK) return st;
    for (int j = 0; j < index; j++)
        if (strcmp(ss->symbol[j].name, s->name) == 0)
            return ydoc_fail(doc, val[1], "duplicate-name",
                             "name '%s' is already symbol %d's (line %d); give each symbol its "
                             "own name",
                             s->name, j + 1, namen[j]->line);
    namen[index] = val[1];
    return PUL_OK;
}

static PulStatus read_symbols(YDoc *doc, const YNode *n, PulSymbolSet *ss) {
    char text[48];
    if (n->kind != YDOC_SEQ)
        return ydoc_fail(doc, n, "wrong-type",
                         "symbols must be a list of symbols, each like '- {letter: r, name: "
                         "red}', not %s",
                         ydoc_kind(n, text, sizeof text));
    if (n->nkid > PUL_GENIAL_MAX_SYMBOLS)
        return ydoc_fail(doc, ydoc_kid(doc, n, PUL_GENIAL_MAX_SYMBOLS), "too-large",
                         "more than %d symbols; a tile file declares at most %d",
                         PUL_GENIAL_MAX_SYMBOLS, PUL_GENIAL_MAX_SYMBOLS);
    if (n->nkid < SYMBOLS_MIN)
        return ydoc_fail(doc, n, "out-of-range",
                         "symbols lists %d symbol%s; a tile file declares %d to %d", n->nkid,
                         n->nkid == 1 ? "" : "s", SYMBOLS_MIN, PUL_GENIAL_MAX_SYMBOLS);
    const YNode *letn[PUL_GENIAL_MAX_SYMBOLS], *namen[PUL_GENIAL_MAX_SYMBOLS];
    for (int i = 0; i < n->nkid; i++) {
        PulStatus st = read_symbol(doc, ydoc_kid(doc, n, i), i, ss, letn, namen);
        if (st != PUL_OK) return st;
        ss->nsymbols = i + 1;
    }
    return PUL_OK;
}

static PulStatus read_kinds(YDoc *doc, const YNode *n, PulSymbolSet *ss) {
    char text[48], list[64];
    if (n->kind != YDOC_MAP)
        return ydoc_fail(doc, n, "wrong-type",
                         "kinds must be a mapping from a kind's two letters to its count, like "
                         "{rg: 6, rr: 5}, not %s",
                         ydoc_kind(n, text, sizeof text));
    if (n->nkid == 0)
        return ydoc_fail(doc, n, "missing-field",
                         "kinds is empty; give each kind of tile with its count, like {rg: 6}");
    int ns = ss->nsymbols;
    ss->nkinds = ns * (ns + 1) / 2;
    for (int a = 0; a < ns; a++)
        for (int b = a; b < ns; b++) {
            PulKind *k = &ss->kind[kind_id(ns, a, b)];
            k->a = (uint8_t)a;
            k->b = (uint8_t)b;
            k->count = 0;
        }
    const YNode *seen[PUL_GENIAL_MAX_KINDS] = {NULL};
    int total = 0;
    for (int i = 0; i + 1 < n->nkid; i += 2) {
        const YNode *key = ydoc_kid(doc, n, i), *v = ydoc_kid(doc, n, i + 1);
        if (key->kind != YDOC_SCALAR)
            return ydoc_fail(doc, key, "wrong-type",
                             "a key of kinds must be a kind's two letters, like rg, not %s",
                             ydoc_kind(key, text, sizeof text));
        int a = key->len == 2 ? letter_index(ss, key->text[0]) : -1;
        int b = key->len == 2 ? letter_index(ss, key->text[1]) : -1;
        if (a < 0 || b < 0)
            return ydoc_fail(doc, key, "bad-reference",
                             "kind %s is not two letters of the symbols; write two of %s, like "
                             "%c%c",
                             ydoc_kind(key, text, sizeof text),
                             symbols_letters(ss, list, sizeof list), ss->symbol[0].letter,
                             ss->symbol[1].letter);
        if (a > b) {
            int t = a;
            a = b;
            b = t;
        }
        int id = kind_id(ns, a, b);
        if (seen[id])
            return ydoc_fail(doc, key, "duplicate-key",
                             "kind %c%c appears twice in kinds (first as '%s' at line %d, column "
                             "%d; a kind's letters may come in either order); keep one",
                             ss->symbol[a].letter, ss->symbol[b].letter, seen[id]->text,
                             seen[id]->line, seen[id]->col);
        seen[id] = key;
        long long count;
        if (!ydoc_int(v, &count))
            return ydoc_fail(doc, v, "wrong-type",
                             "the count of kind %c%c must be a whole number (unquoted), not %s",
                             ss->symbol[a].letter, ss->symbol[b].letter,
                             ydoc_kind(v, text, sizeof text));
        if (count < 0 || count > SYMBOLS_MAX_TILES)
            return ydoc_fail(doc, v, "out-of-range", "kind %c%c has %s tiles; a kind has 0 to %d",
                             ss->symbol[a].letter, ss->symbol[b].letter,
                             ydoc_shown(v, text, sizeof text), SYMBOLS_MAX_TILES);
        ss->kind[id].count = (uint8_t)count;
        total += (int)count;
        if (total > SYMBOLS_MAX_TILES)
            return ydoc_fail(doc, v, "too-large",
                             "the kinds come to %d tiles by kind %c%c; a tile file holds at most "
                             "%d",
                             total, ss->symbol[a].letter, ss->symbol[b].letter, SYMBOLS_MAX_TILES);
    }
    if (total == 0)
        return ydoc_fail(doc, n, "out-of-range",
                         "the kinds hold no tile; give at least one kind a count above 0");
    return PUL_OK;
}

static PulStatus read_set(YDoc *doc, PulSymbolSet *out) {
    static const char *const keys[] = {"name", "symbols", "kinds"};
    enum { K_NAME, K_SYMBOLS, K_KINDS, K_COUNT };
    char text[48];
    const YNode *root = ydoc_root(doc);
    if (!root || (root->kind == YDOC_SCALAR && root->len == 0))
        return ydoc_fail_at(doc, root ? root->line : 1, root ? root->col : 1, "missing-field",
                            "no tile file here, the text is empty; write the keys name, symbols "
                            "and kinds (see variants/genial/tiles.yaml)");
    if (root->kind != YDOC_MAP)
        return ydoc_fail(doc, root, "wrong-type",
                         "a tile file of symbols is a mapping of name, symbols and "
                         "kinds, not %s",
                         ydoc_kind(root, text, sizeof text));
    const YNode *val[K_COUNT], *keyn[K_COUNT];
    PulStatus st = ydoc_map(doc, root, "the tile file", keys, K_COUNT, val, keyn);
    if (st != PUL_OK) return st;
    static const char *const hint[K_COUNT] = {
        "add 'name: <its name>'", "add 'symbols:' with the list of symbols",
        "add 'kinds:' with each kind of tile and its count, like {rg: 6}"};
    for (int k = 0; k < K_COUNT; k++)
        if (!val[k]) return ydoc_missing(doc, root, "the tile file", keys[k], hint[k]);
    PulSymbolSet *ss = mem_calloc(1, sizeof *ss);
    if (!ss) return ydoc_fail(doc, root, "out-of-memory", "out of memory reading the tile file");
    st = ydoc_name(doc, val[K_NAME], "the name of the tile file", ss->name);
    if (st == PUL_OK) st = read_symbols(doc, val[K_SYMBOLS], ss);
    if (st == PUL_OK) st = read_kinds(doc, val[K_KINDS], ss);
    if (st == PUL_OK) {
        *out = *ss;
        err_clear(doc->err);
    }
    mem_free(ss);
    return st;
}

/* ------------------------------------------------------------------ public */

PulStatus pul_symbols_load_string(PulSymbolSet *ss, const char *text, size_t len,
                                  const char *source, PulError *err) {
    const char *src = source && source[0] ? source : "<string>";
    if (!ss || (!text && len))
        return err_set(err, PUL_ERR_STATE, src, 0, 0,
                       "pul_symbols_load_string needs a symbol set to fill and the "
                       "text to read");
    YDoc doc;
    PulStatus st = ydoc_parse(&doc, text, len, src, "a tile file", err);
    if (st == PUL_OK) st = read_set(&doc, ss);
    ydoc_free(&doc);
    return st;
}

PulStatus pul_symbols_load_file(PulSymbolSet *ss, const char *path, PulError *err) {
    char *buf;
    size_t len;
    PulStatus st = ydoc_read_file(path, &buf, &len, err);
    if (st != PUL_OK) return st;
    st = pul_symbols_load_string(ss, buf, len, path, err);
    mem_free(buf);
    return st;
}
