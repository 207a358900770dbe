/*
** tileset_yaml.c: the tiles.yaml schema, read from a YAML tree into a PulTileSet.
** Every complaint names the file, line and column of the YAML at fault.
**
** The schema (one YAML document, a mapping with exactly these four keys):
**
**   name: micropul            # required, 1 to 31 bytes of printable text
**   features:                 # required, 1..PUL_MAX_FEATURES entries; the order
**                             # gives the feature index
**     - {symbol: W, name: white, class: micropul}
**     - {symbol: "1", name: one-dot, class: catalyst, draw: 1}
**     - {symbol: "+", name: cross, class: catalyst, extra_turn: true}
**     - {symbol: ".", name: blank, class: blank}
**   tiles:                    # required, 2..PUL_MAX_TILES entries; a tile's id
**                             # is its position in this list, from 0
**     - W./..                 # ordinary: "ab/cd" = nw ne / sw se, one symbol each
**     - {big: W, catalyst: "+"}   # big: that micropul in all four quadrants,
**                                 # that catalyst in the centre
**   start: 40                 # required: id of the start tile
**
** A feature has symbol (one printable ASCII character, not '/' nor space; quote
** it when YAML would read it otherwise: "1", "+", "#"), name (1 to 31 bytes,
** unique), class (micropul | catalyst | blank), and for a catalyst only: draw
** (integer 0..1000, default 0) and extra_turn (true | false, default false).
** Symbols are unique. Every tile holds at least one micropul. big names a
** micropul feature and catalyst a catalyst feature, by symbol or by name.
** Numbers and booleans are plain scalars: "3" in quotes is text, and only
** true/false are booleans (not yes/no/on/off). Names hold no character
** that is never shown raw (pul_text_unsafe). Unknown and duplicate keys,
** anchors (&x), aliases (*x), tags (!x) and a second document are errors.
*/
#include <stdlib.h>
#include <string.h>

#include "suggest.h"
#include "ydoc.h"
#include "mem.h"

static int feature_by_symbol(const PulTileSet *ts, char c) {
    for (int f = 0; f < ts->nfeatures; f++)
        if (ts->feature[f].symbol == c) return f;
    return -1;
}

/* "W, B" or "W B 1 2 + .": the symbols of one class (cls < 0: all). */
static const char *symbols(const PulTileSet *ts, int cls, const char *sep, char *buf, size_t size) {
    size_t o = 0;
    buf[0] = '\0';
    for (int f = 0; f < ts->nfeatures && o < size; f++)
        if (cls < 0 || ts->feature[f].cls == cls)
            o += (size_t)snprintf(buf + o, size - o, "%s%c", o ? sep : "", ts->feature[f].symbol);
    return buf;
}

static const char *const class_names[] = {"blank", "micropul", "catalyst"};

static PulStatus read_feature(YDoc *doc, const YNode *n, int index, PulTileSet *ts,
                              const YNode **symnode) {
    static const char *const keys[] = {"symbol", "name", "class", "draw", "extra_turn"};
    enum { K_SYMBOL, K_NAME, K_CLASS, K_DRAW, K_EXTRA, K_COUNT };
    char what[48], text[48], other[48];
    snprintf(what, sizeof what, "feature %d", index);
    if (n->kind != YDOC_MAP)
        return ydoc_fail(
            doc, n, "wrong-type",
            "%s must be a mapping like {symbol: W, name: white, class: micropul}, not %s", what,
            ydoc_kind(n, text, sizeof text));
    const YNode *val[K_COUNT], *keyn[K_COUNT];
    PulStatus st = ydoc_map(doc, n, what, keys, K_COUNT, val, keyn);
    if (st != PUL_OK) return st;
    if (!val[K_SYMBOL])
        return ydoc_missing(doc, n, what, "symbol", "give it one character to write it in tiles");
    if (!val[K_NAME]) return ydoc_missing(doc, n, what, "name", "give it a name such as 'white'");
    if (!val[K_CLASS])
        return ydoc_missing(doc, n, what, "class", "a class is micropul, catalyst or blank");

    PulFeature *f = &ts->feature[index];
    const YNode *s = val[K_SYMBOL];
    if (s->kind != YDOC_SCALAR || s->len != 1 || s->text[0] <= ' ' || s->text[0] > '~' ||
        s->text[0] == '/')
        return ydoc_fail(doc, s, "bad-value",
                         "the symbol of %s must be one printable ASCII character other than '/' "
                         "and space, not %s",
                         what, ydoc_kind(s, text, sizeof text));
    f->symbol = s->text[0];
    for (int j = 0; j < index; j++)
        if (ts->feature[j].symbol == f->symbol)
            return ydoc_fail(doc, s, "duplicate-name",
                             "symbol '%c' is already used by feature %d '%s' (line %d); give each "
                             "feature its own symbol",
                             f->symbol, j, ts->feature[j].name, symnode[j]->line);
    symnode[index] = s;

    char label[64];
    snprintf(label, sizeof label, "the name of %s", what);
    st = ydoc_name(doc, val[K_NAME], label, f->name);
    if (st != PUL_OK) return st;
    for (int j = 0; j < index; j++)
        if (strcmp(ts->feature[j].name, f->name) == 0)
            return ydoc_fail(
                doc, val[K_NAME], "duplicate-name",
                "name '%s' is already used by feature %d; give each feature its own name", f->name,
                j);

    const YNode *c = val[K_CLASS];
    int cls = 0;
    while (cls < 3 && !ydoc_is(c, class_names[cls])) cls++;
    if (cls == 3) {
        const char *hint =
            c->kind == YDOC_SCALAR ? suggest_pick(c->text, c->len, class_names, 3) : NULL;
        snprintf(other, sizeof other, "; did you mean '%s'?", hint ? hint : "");
        return ydoc_fail(
            doc, c, "bad-value",
            "unknown class %s for feature '%s'%s a class is micropul, catalyst or blank",
            ydoc_kind(c, text, sizeof text), f->name, hint ? other : ";");
    }
    f->cls = (uint8_t)cls;

    if (val[K_DRAW]) {
        const YNode *d = val[K_DRAW];
        long long v;
        if (cls != PUL_FEATURE_CATALYST)
            return ydoc_fail(doc, keyn[K_DRAW], "unknown-key",
                             "draw applies only to a catalyst, and '%s' is a %s feature; remove it",
                             f->name, class_names[cls]);
        if (!ydoc_int(d, &v))
            return ydoc_fail(doc, d, "wrong-type",
                             "draw of '%s' must be a whole number of tiles (unquoted), not %s",
                             f->name, ydoc_kind(d, text, sizeof text));
        if (v < 0 || v > 1000)
            return ydoc_fail(doc, d, "out-of-range",
                             "draw of '%s' is %s; a catalyst draws from 0 to 1000 tiles", f->name,
                             ydoc_shown(d, text, sizeof text));
        f->draw = (int32_t)v;
    }
    if (val[K_EXTRA]) {
        if (cls != PUL_FEATURE_CATALYST)
            return ydoc_fail(doc, keyn[K_EXTRA], "unknown-key",
                             "extra_turn applies only to a catalyst, and '%s' is a %s feature; "
                             "remove it",
                             f->name, class_names[cls]);
        snprintf(label, sizeof label, "extra_turn of '%s'", f->name);
        st = ydoc_bool(doc, val[K_EXTRA], label, &f->extra_turn);
        if (st != PUL_OK) return st;
    }
    return PUL_OK;
}

static PulStatus read_features(YDoc *doc, const YNode *n, PulTileSet *ts) {
    char text[48], list[128];
    if (n->kind != YDOC_SEQ)
        return ydoc_fail(doc, n, "wrong-type",
                         "features must be a list of features, each like '- {symbol: W, name: "
                         "white, class: micropul}', not %s",
                         ydoc_kind(n, text, sizeof text));
    if (n->nkid == 0)
        return ydoc_fail(doc, n, "missing-field",
                         "features is empty; declare at least one micropul feature");
    if (n->nkid > PUL_MAX_FEATURES)
        return ydoc_fail(doc, ydoc_kid(doc, n, PUL_MAX_FEATURES), "too-large",
                         "more than %d features; a tile set declares at most %d", PUL_MAX_FEATURES,
                         PUL_MAX_FEATURES);
    const YNode *symnode[PUL_MAX_FEATURES];
    for (int i = 0; i < n->nkid; i++) {
        PulStatus st = read_feature(doc, ydoc_kid(doc, n, i), i, ts, symnode);
        if (st != PUL_OK) return st;
    }
    ts->nfeatures = n->nkid;
    if (symbols(ts, PUL_FEATURE_MICROPUL, " ", list, sizeof list)[0] == '\0')
        return ydoc_fail(doc, n, "missing-field",
                         "no feature of class micropul; tiles join only through micropul, so "
                         "declare at least one");
    return PUL_OK;
}

/* A big tile's micropul or catalyst, named by symbol or by feature name. */
static int feature_ref(const PulTileSet *ts, const YNode *v) {
    if (v->kind != YDOC_SCALAR) return -1;
    if (v->len == 1) return feature_by_symbol(ts, v->text[0]);
    for (int f = 0; f < ts->nfeatures; f++)
        if (ydoc_is(v, ts->feature[f].name)) return f;
    return -1;
}

static PulStatus read_big(YDoc *doc, const YNode *n, int id, PulTileSet *ts) {
    static const char *const keys[] = {"big", "catalyst"};
    char what[32], text[48], list[128];
    snprintf(what, sizeof what, "tile %d", id);
    const YNode *val[2], *keyn[2];
    PulStatus st = ydoc_map(doc, n, what, keys, 2, val, keyn);
    if (st != PUL_OK) return st;
    if (!val[0])
        return ydoc_missing(doc, n, what, "big", "a big tile is written {big: W, catalyst: \"+\"}");
    if (!val[1])
        return ydoc_missing(doc, n, what, "catalyst",
                            "a big tile is written {big: W, catalyst: \"+\"}");
    int m = feature_ref(ts, val[0]);
    if (m < 0 || ts->feature[m].cls != PUL_FEATURE_MICROPUL)
        return ydoc_fail(doc, val[0], "bad-reference",
                         "big of tile %d is %s, which is not a micropul feature; use one of %s", id,
                         ydoc_kind(val[0], text, sizeof text),
                         symbols(ts, PUL_FEATURE_MICROPUL, ", ", list, sizeof list));
    int c = feature_ref(ts, val[1]);
    if (c < 0 || ts->feature[c].cls != PUL_FEATURE_CATALYST) {
        if (!symbols(ts, PUL_FEATURE_CATALYST, ", ", list, sizeof list)[0])
            snprintf(list, sizeof list, "(none: declare a feature of class catalyst)");
        return ydoc_fail(
            doc, val[1], "bad-reference",
            "catalyst of tile %d is %s, which is not a catalyst feature; use one of %s", id,
            ydoc_kind(val[1], text, sizeof text), list);
    }
    PulTileDef *d = &ts->tile[id];
    memset(d->quad, m, 4);
    d->big = true;
    d->centre = (uint8_t)c;
    return PUL_OK;
}

static PulStatus read_tile(YDoc *doc, const YNode *n, int id, PulTileSet *ts) {
    char text[48], list[128];
    if (n->kind == YDOC_MAP) return read_big(doc, n, id, ts);
    if (n->kind != YDOC_SCALAR)
        return ydoc_fail(doc, n, "wrong-type",
                         "tile %d must be text like W./.. or a big tile like {big: W, catalyst: "
                         "\"+\"}, not a list",
                         id);
    if (n->len != 5 || n->text[2] != '/')
        return ydoc_fail(doc, n, "bad-value",
                         "tile %d is %s; a tile is 5 characters 'ab/cd' (nw ne / sw se), one "
                         "feature symbol per quadrant",
                         id, ydoc_kind(n, text, sizeof text));
    static const int at[4] = {0, 1, 3, 4};
    PulTileDef *d = &ts->tile[id];
    for (int q = 0; q < 4; q++) {
        char c = n->text[at[q]];
        int f = feature_by_symbol(ts, c);
        if (f < 0) {
            if (c > ' ' && c <= '~')
                snprintf(text, sizeof text, "'%c'", c);
            else
                snprintf(text, sizeof text, "byte 0x%02X", (unsigned)(unsigned char)c);
            return ydoc_fail_at(doc, n->line, ydoc_char_col(n, (size_t)at[q]), "bad-reference",
                                "%s in tile %d is not a declared symbol; the symbols are %s", text,
                                id, symbols(ts, -1, " ", list, sizeof list));
        }
        d->quad[q] = (uint8_t)f;
    }
    bool micropul = false;
    for (int q = 0; q < 4; q++) micropul |= ts->feature[d->quad[q]].cls == PUL_FEATURE_MICROPUL;
    if (!micropul)
        return ydoc_fail(doc, n, "bad-tile",
                         "tile %d (%s) has no micropul, so it could never be placed; give it at "
                         "least one of %s",
                         id, ydoc_shown(n, text, sizeof text),
                         symbols(ts, PUL_FEATURE_MICROPUL, ", ", list, sizeof list));
    return PUL_OK;
}

static PulStatus read_tiles(YDoc *doc, const YNode *n, PulTileSet *ts) {
    char text[48];
    if (n->kind != YDOC_SEQ)
        return ydoc_fail(doc, n, "wrong-type",
                         "tiles must be a list of tiles, each like '- W./..', not %s",
                         ydoc_kind(n, text, sizeof text));
    if (n->nkid > PUL_MAX_TILES)
        return ydoc_fail(doc, ydoc_kid(doc, n, PUL_MAX_TILES), "too-large",
                         "more than %d tiles; a tile set holds at most %d, the start tile included",
                         PUL_MAX_TILES, PUL_MAX_TILES);
    if (n->nkid < 2)
        return ydoc_fail(doc, n, "out-of-range",
                         "tiles lists %d tile%s; a tile set needs at least 2 (the start tile and "
                         "one to play)",
                         n->nkid, n->nkid == 1 ? "" : "s");
    for (int i = 0; i < n->nkid; i++) {
        PulStatus st = read_tile(doc, ydoc_kid(doc, n, i), i, ts);
        if (st != PUL_OK) return st;
    }
    ts->ntiles = n->nkid;
    return PUL_OK;
}

static PulStatus read_start(YDoc *doc, const YNode *n, PulTileSet *ts) {
    char text[48];
    long long v;
    if (!ydoc_int(n, &v))
        return ydoc_fail(doc, n, "wrong-type", "start must be a tile id (a whole number), not %s",
                         ydoc_kind(n, text, sizeof text));
    if (v < 0 || v >= ts->ntiles)
        return ydoc_fail(
            doc, n, "out-of-range",
            "start is %s, but the tiles have ids 0 to %d; give the id of the start tile",
            ydoc_shown(n, text, sizeof text), ts->ntiles - 1);
    ts->start = (int)v;
    return PUL_OK;
}

/* pul_tileset_validate knows no YAML: point its complaint at the part of
** the file it most likely concerns. */
static const YNode *blame(const YDoc *doc, const char *msg, const YNode *root,
                          const YNode *const *val) {
    enum { K_FEATURES = 1, K_TILES, K_START };
    const char *t = strstr(msg, "tile ");
    if (strstr(msg, "start")) return val[K_START];
    if (t && t[5] >= '0' && t[5] <= '9') {
        int id = 0;
        for (t += 5; *t >= '0' && *t <= '9' && id <= PUL_MAX_TILES; t++) id = id * 10 + (*t - '0');
        if (id < val[K_TILES]->nkid) return ydoc_kid(doc, val[K_TILES], id);
    }
    if (strstr(msg, "feature") || strstr(msg, "catalyst") || strstr(msg, "symbol"))
        return val[K_FEATURES];
    if (strstr(msg, "tiles")) return val[K_TILES];
    return root;
}

static PulStatus read_tileset(YDoc *doc, PulTileSet *out) {
    static const char *const keys[] = {"name", "features", "tiles", "start"};
    enum { K_NAME, K_FEATURES, K_TILES, K_START, K_COUNT };
    char text[48];
    const YNode *root = ydoc_root(doc);
    if (!root)
        return ydoc_fail_at(doc, 1, 1, "missing-field",
                            "no tile set here, the text is empty; write the keys name, "
                            "features, tiles and start (see variants/micropul/tiles.yaml)");
    if (root->kind == YDOC_SCALAR && root->len == 0)
        return ydoc_fail(doc, root, "missing-field",
                         "the document is empty; write the keys name, features, tiles and "
                         "start (see variants/micropul/tiles.yaml)");
    if (root->kind != YDOC_MAP)
        return ydoc_fail(doc, root, "wrong-type",
                         "a tile set is a mapping of name, features, tiles and start, not %s",
                         ydoc_kind(root, text, sizeof text));
    const YNode *val[K_COUNT], *keyn[K_COUNT];
    PulStatus st = ydoc_map(doc, root, "the tile set", keys, K_COUNT, val, keyn);
    if (st != PUL_OK) return st;
    static const char *const hint[K_COUNT] = {
        "add 'name: <its name>'", "add 'features:' with the list of feature kinds",
        "add 'tiles:' with the list of tiles", "add 'start: <id>' naming the start tile"};
    for (int k = 0; k < K_COUNT; k++)
        if (!val[k]) return ydoc_missing(doc, root, "the tile set", keys[k], hint[k]);

    PulTileSet ts;
    memset(&ts, 0, sizeof ts);
    st = ydoc_name(doc, val[K_NAME], "the name of the tile set", ts.name);
    if (st == PUL_OK) st = read_features(doc, val[K_FEATURES], &ts);
    if (st == PUL_OK) st = read_tiles(doc, val[K_TILES], &ts);
    if (st == PUL_OK) st = read_start(doc, val[K_START], &ts);
    if (st != PUL_OK) return st;

    PulError verr;
    if (pul_tileset_validate(&ts, &verr) != PUL_OK) {
        const YNode *at = blame(doc, verr.message, root, val);
        return ydoc_fail(doc, at, verr.code, "%s", verr.message);
    }
    *out = ts;
    err_clear(doc->err);
    return PUL_OK;
}

/* ------------------------------------------------------------------ public */

PulStatus pul_tileset_load_string(PulTileSet *ts, const char *text, size_t len,
                                  const char *source_name, PulError *err) {
    const char *src = source_name && source_name[0] ? source_name : "<string>";
    if (!ts || (!text && len))
        return err_set(err, PUL_ERR_STATE, src, 0, 0,
                       "pul_tileset_load_string needs a tile set to fill and the text to read");
    YDoc doc;
    PulStatus st = ydoc_parse(&doc, text, len, src, "a tile set", err);
    if (st == PUL_OK) st = read_tileset(&doc, ts);
    ydoc_free(&doc);
    return st;
}

PulStatus pul_tileset_load_file(PulTileSet *ts, const char *path, PulError *err) {
    char *buf;
    size_t len;
    PulStatus st = ydoc_read_file(path, &buf, &len, err);
    if (st != PUL_OK) return st;
    st = pul_tileset_load_string(ts, buf, len, path, err);
    mem_free(buf);
    return st;
}
