/*
** theme_yaml.c: the theme.yaml schema, read from a YAML tree into a PulTheme:
** what each feature kind of a tile set and each part of the game is called
** and how it looks, so that the renderers draw any theme without code of
** their own. Every complaint names the file, line and column at fault.
**
** The schema (one YAML document, a mapping of these four keys and the
** optional fifth, seats):
**
**   name: micropul                # required, 1 to 31 bytes of printable text
**   title: {en: Micropul, fr: micropul}   # required, a localised text (below)
**   features:                     # required: one entry per feature kind of
**     white:                      # the tile set, keyed by the feature's name
**       name: {en: white micropul, fr: micropul blanc}   # required, localised
**       glyph: "○"                # required
**       colour: white             # required
**       art: |                    # required
**         <circle cx="0.5" cy="0.5" r="0.42" fill="#f4f1e8"/>
**     ...
**   parts:                        # required: exactly the family's parts; Micropul's
**                                 # are these five keys
**     big:    {name: big micropul, glyph: "◎", colour: white, art: ...}
**     stone:  {name: stone, glyph: "■", colour: red, art: ...}
**     core:   {name: core, glyph: "▦", colour: cyan}      # art optional
**     supply: {name: supply, glyph: "▤", colour: cyan}    # art optional
**     group:  {name: group, glyph: "◌", colour: yellow}   # art optional
**   seats: [bright-red, bright-blue, "#e8b730"]   # optional: seat 1's colour,
**                                 # seat 2's ...; 1 to PUL_MAX_SEATS colours,
**                                 # no two alike; seats past the list keep the
**                                 # tools' own colours
**
** A localised text (title, name) is either plain text, which is English, or
** a mapping of the language codes en, ja, fr, es to texts; en is required and
** a language left out falls back to English. A text is 1 to PUL_LABEL_MAX-1
** bytes without a character that is never shown raw (pul_text_unsafe).
**
** glyph: what a terminal draws: one character (code point), 1 or 2 terminal
** cells wide, not a control, bidirectional or zero-width character (a combining
** mark, a variation selector), which may be followed by one zero-width
** character ("e" and U+0301, "⚙" and U+FE0F); shorter than PUL_GLYPH_MAX
** bytes. Quote it when YAML would read it otherwise (":", "#").
**
** colour: the terminal colour, "#rrggbb" (quoted: # starts a YAML comment) or
** one of black red green yellow blue magenta cyan white, or one of those
** with "bright-" before it (bright-black ... bright-white).
**
** art: SVG elements drawn in the unit square (0,0)-(1,1): one quadrant for a
** feature, the whole tile for big, the stone itself for stone. Shorter than
** PUL_ART_MAX bytes, only simple shapes with presentation attributes (the
** whitelist is in svg_check.h), and for features, big and stone at least one
** shape; core, supply and group may leave art out. Write it as a literal
** block (art: |) so that an error in it is reported at its line and column.
**
** Bound to a tile set, every feature of the set needs an entry and every
** entry must name a feature; entries are stored in the tile set's feature
** order. Read alone, entries are stored in the file's order. Unknown and
** repeated keys, anchors (&x), aliases (*x), tags (!x) and a second document
** are errors.
*/
#include <stdlib.h>
#include <string.h>

#include "families.h"
#include "theme_yaml.h"
#include "suggest.h"
#include "svg_check.h"
#include "text.h"
#include "ydoc.h"
#include "mem.h"

/* ----------------------------------------------------------- texts */

/* A localised name: plain text (English) or {en: ..., ja: ..., fr: ..., es: ...}. */
static PulStatus read_label(YDoc *doc, const YNode *n, const char *what,
                            char out[PUL_NLANGS][PUL_LABEL_MAX]) {
    return ydoc_localised(doc, n, what, out[0], PUL_LABEL_MAX, PUL_LABEL_MAX, false);
}

/* ----------------------------------------------------------- glyphs */

static PulStatus read_glyph(YDoc *doc, const YNode *n, const char *what, char out[PUL_GLYPH_MAX]) {
    char text[48];
    if (n->kind != YDOC_SCALAR)
        return ydoc_fail(doc, n, "wrong-type", "the glyph of %s must be one character, not %s",
                         what, ydoc_kind(n, text, sizeof text));
    if (n->len == 0)
        return ydoc_fail(doc, n, "bad-value",
                         "the glyph of %s is empty; give the character a terminal shows for it, "
                         "such as \"o\"",
                         what);
    if (n->len >= PUL_GLYPH_MAX)
        return ydoc_fail(doc, n, "too-long",
                         "the glyph of %s is %zu bytes long; a glyph is one character (at most "
                         "%d bytes)",
                         what, n->len, PUL_GLYPH_MAX - 1);
    char label[64];
    snprintf(label, sizeof label, "the glyph of %s", what);
    PulStatus st = ydoc_safe(doc, n, label, false);
    if (st != PUL_OK) return st;
    /* Zeroed: some GCC builds (seen in CI's ThreadSanitizer build) cannot see
    ** that the non-empty check above makes the loop fill cp[0]. */
    long cp[PUL_GLYPH_MAX] = {0};
    int count = 0;
    for (size_t i = 0, used = 0; i < n->len && count < PUL_GLYPH_MAX; i += used, count++)
        cp[count] = text_next(n->text + i, n->len - i, &used);
    if (pul_text_width((uint32_t)cp[0]) == 0)
        return ydoc_fail(doc, n, "bad-value",
                         "the glyph of %s starts with a combining mark or other zero-width "
                         "character, which draws nothing alone; put a visible character first",
                         what);
    /* One character, 1 or 2 cells, and at most one zero-width mark on it:
    ** so a glyph never takes more than 2 cells. */
    if (count > 2 || (count == 2 && pul_text_width((uint32_t)cp[1]) != 0))
        return ydoc_fail(doc, n, "bad-value",
                         "the glyph of %s is '%s', %d characters; a glyph is one character, "
                         "which a combining mark or variation selector may follow",
                         what, ydoc_shown(n, text, sizeof text), count);
    memcpy(out, n->text, n->len);
    out[n->len] = '\0';
    return PUL_OK;
}

/* ----------------------------------------------------------- colours */

static const char *const colour_names[] = {
    "black",        "red",           "green",       "yellow",         "blue",
    "magenta",      "cyan",          "white",       "bright-black",   "bright-red",
    "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan",
    "bright-white"};
enum { NCOLOURS = sizeof colour_names / sizeof colour_names[0] };

static bool is_hex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static PulStatus read_colour(YDoc *doc, const YNode *n, const char *what,
                             char out[PUL_COLOUR_MAX]) {
    char text[48], hint[96] = "";
    if (n->kind != YDOC_SCALAR)
        return ydoc_fail(doc, n, "wrong-type",
                         "the colour of %s must be text such as white or \"#f4f1e8\", not %s", what,
                         ydoc_kind(n, text, sizeof text));
    if (n->len >= PUL_COLOUR_MAX)
        return ydoc_fail(doc, n, "too-long",
                         "the colour of %s is %zu bytes long; a colour is \"#rrggbb\" or a name "
                         "such as bright-white",
                         what, n->len);
    if (n->len > 0 && n->text[0] == '#') {
        bool ok = n->len == 7;
        for (size_t i = 1; i < n->len && ok; i++) ok = is_hex(n->text[i]);
        if (!ok)
            return ydoc_fail(doc, n, "bad-value",
                             "the colour of %s is '%s'; write \"#rrggbb\" with six hex digits, "
                             "such as \"#f4f1e8\"",
                             what, ydoc_shown(n, text, sizeof text));
        for (size_t i = 0; i < n->len; i++)
            out[i] =
                (n->text[i] >= 'A' && n->text[i] <= 'F') ? (char)(n->text[i] | 0x20) : n->text[i];
        out[n->len] = '\0';
        return PUL_OK;
    }
    for (int c = 0; c < NCOLOURS; c++)
        if (ydoc_is(n, colour_names[c])) {
            memcpy(out, n->text, n->len + 1);
            return PUL_OK;
        }
    const char *close = suggest_pick(n->text, n->len, colour_names, NCOLOURS);
    if (close) snprintf(hint, sizeof hint, " did you mean '%s'?", close);
    /* colour: #202020 unquoted is an empty value followed by a comment. */
    if (n->len == 0 && n->plain)
        snprintf(hint, sizeof hint, " in YAML '#' starts a comment, so quote the value: "
                                    "colour: \"#rrggbb\";");
    return ydoc_fail(doc, n, "bad-value",
                     "unknown colour %s for %s;%s a colour is \"#rrggbb\" or one of black, red, "
                     "green, yellow, blue, magenta, cyan, white, each also with bright- before it",
                     ydoc_kind(n, text, sizeof text), what, hint);
}

/* The optional seats: one colour per seat from seat 1, so that a theme whose
** art is the colour of a default seat can keep its stones in sight. */
static PulStatus read_seats(YDoc *doc, const YNode *n, PulTheme *th) {
    char text[48], what[32];
    if (n->kind != YDOC_SEQ)
        return ydoc_fail(doc, n, "wrong-type",
                         "seats must be a list of colours, seat 1's first, such as "
                         "[bright-red, bright-blue], not %s",
                         ydoc_kind(n, text, sizeof text));
    if (n->nkid == 0)
        return ydoc_fail(doc, n, "bad-value",
                         "seats is an empty list; give seat 1's colour first, such as "
                         "[bright-red, bright-blue], or leave seats out");
    if (n->nkid > PUL_MAX_SEATS)
        return ydoc_fail(doc, ydoc_kid(doc, n, PUL_MAX_SEATS), "too-large",
                         "seats lists %d colours; a game has at most %d seats, so give %d at "
                         "most",
                         n->nkid, PUL_MAX_SEATS, PUL_MAX_SEATS);
    for (int s = 0; s < n->nkid; s++) {
        const YNode *c = ydoc_kid(doc, n, s);
        snprintf(what, sizeof what, "seat %d", s + 1);
        PulStatus st = read_colour(doc, c, what, th->seat_colour[s]);
        if (st != PUL_OK) return st;
        for (int o = 0; o < s; o++)
            if (strcmp(th->seat_colour[o], th->seat_colour[s]) == 0)
                return ydoc_fail(doc, c, "bad-value",
                                 "seat %d has the colour of seat %d (%s); give each seat its "
                                 "own colour, so that their stones can be told apart",
                                 s + 1, o + 1, th->seat_colour[s]);
    }
    th->nseat_colours = n->nkid;
    return PUL_OK;
}

/* ----------------------------------------------------------- art */

/* The byte where line (1-based) starts in the document, or NULL; line breaks
** are counted as libyaml counts them (\n, \r\n, \r). */
static const char *line_start(const YDoc *doc, int line) {
    const char *s = doc->buf, *end = doc->buf + doc->len;
    for (int ln = 1; ln < line; ln++) {
        while (s < end && *s != '\n' && *s != '\r') s++;
        if (s == end) return NULL;
        s += (s[0] == '\r' && s + 1 < end && s[1] == '\n') ? 2 : 1;
    }
    return s;
}

static size_t line_length(const YDoc *doc, const char *s) {
    size_t n = 0, left = (size_t)(doc->buf + doc->len - s);
    while (n < left && s[n] != '\n' && s[n] != '\r') n++;
    return n;
}

/* Line and column of byte off of scalar n's text. Exact for a one-line
** scalar without escapes and for a literal block (art: |), whose lines
** stand in the source as they are, after the indentation; otherwise the
** scalar's start. A literal line is trusted only when the source line is
** spaces followed by exactly that text. */
static void art_position(const YDoc *doc, const YNode *n, size_t off, int *line, int *col) {
    *line = n->line;
    *col = n->col;
    if (n->end_line == n->line) {
        *col = ydoc_char_col(n, off);
        return;
    }
    const char *head = line_start(doc, n->line);
    if (!head) return;
    size_t hlen = line_length(doc, head), i = 0;
    for (int c = 1; c < n->col && i < hlen; c++) {
        size_t used;
        text_next(head + i, hlen - i, &used);
        i += used;
    }
    if (i >= hlen || head[i] != '|') return;
    if (off >= n->len) off = n->len ? n->len - 1 : 0;
    size_t from = off;
    while (from > 0 && n->text[from - 1] != '\n') from--;
    size_t to = off;
    while (to < n->len && n->text[to] != '\n') to++;
    int k = 0;
    for (size_t j = 0; j < from; j++) k += n->text[j] == '\n';
    const char *src = line_start(doc, n->line + 1 + k);
    if (!src) return;
    size_t slen = line_length(doc, src), tlen = to - from;
    if (slen < tlen || memcmp(src + slen - tlen, n->text + from, tlen) != 0) return;
    for (size_t j = 0; j < slen - tlen; j++)
        if (src[j] != ' ') return;
    *line = n->line + 1 + k;
    *col = 1 + (int)(slen - tlen) + (int)text_chars(n->text + from, off - from);
}

static PulStatus read_art(YDoc *doc, const YNode *n, const char *what, bool required,
                          char out[PUL_ART_MAX]) {
    char text[48];
    if (n->kind != YDOC_SCALAR)
        return ydoc_fail(doc, n, "wrong-type",
                         "the art of %s must be text holding SVG elements (write it as a block, "
                         "'art: |', with the elements on the lines below), not %s",
                         what, ydoc_kind(n, text, sizeof text));
    if (n->len >= PUL_ART_MAX)
        return ydoc_fail(doc, n, "too-long",
                         "the art of %s is %zu bytes long; shorten it to %d at most (fewer "
                         "points, fewer decimals)",
                         what, n->len, PUL_ART_MAX - 1);
    SvgReport rep;
    if (!svg_check(n->text, n->len, &rep)) {
        int line, col;
        art_position(doc, n, rep.offset, &line, &col);
        return ydoc_fail_at(doc, line, col, "bad-svg", "in the art of %s: %s", what, rep.message);
    }
    if (required && rep.shapes == 0)
        return ydoc_fail(doc, n, "bad-value",
                         "the art of %s draws nothing; give it at least one shape, such as <rect "
                         "x=\"0\" y=\"0\" width=\"1\" height=\"1\" fill=\"#ddd\"/>",
                         what);
    memcpy(out, n->text, n->len);
    out[n->len] = '\0';
    return PUL_OK;
}

/* ----------------------------------------------------------- entries */

static PulStatus read_entry(YDoc *doc, const YNode *n, const char *what, bool art_required,
                            PulThemeEntry *e) {
    static const char *const keys[] = {"name", "glyph", "colour", "art"};
    enum { K_NAME, K_GLYPH, K_COLOUR, K_ART, K_COUNT };
    char text[48], label[96];
    if (n->kind != YDOC_MAP)
        return ydoc_fail(doc, n, "wrong-type",
                         "%s must be a mapping of name, glyph, colour and art, not %s", what,
                         ydoc_kind(n, text, sizeof text));
    const YNode *val[K_COUNT], *keyn[K_COUNT];
    PulStatus st = ydoc_map(doc, n, what, keys, K_COUNT, val, keyn);
    if (st != PUL_OK) return st;
    if (!val[K_NAME])
        return ydoc_missing(doc, n, what, "name",
                            "give what it is called: name: {en: ..., ja: ..., fr: ..., es: ...}");
    if (!val[K_GLYPH])
        return ydoc_missing(doc, n, what, "glyph",
                            "give the character a terminal draws for it, such as glyph: \"o\"");
    if (!val[K_COLOUR])
        return ydoc_missing(doc, n, what, "colour",
                            "give its terminal colour, such as colour: white or colour: "
                            "\"#f4f1e8\"");
    if (!val[K_ART] && art_required)
        return ydoc_missing(doc, n, what, "art",
                            "give the SVG shapes that draw it in the unit square, as a block "
                            "under 'art: |'");
    snprintf(label, sizeof label, "the name of %s", what);
    st = read_label(doc, val[K_NAME], label, e->name);
    if (st == PUL_OK) st = read_glyph(doc, val[K_GLYPH], what, e->glyph);
    if (st == PUL_OK) st = read_colour(doc, val[K_COLOUR], what, e->colour);
    if (st == PUL_OK && val[K_ART]) st = read_art(doc, val[K_ART], what, art_required, e->art);
    return st;
}

/* What a theme's features are bound to: a tile set's feature names, or a
** tile file's symbol names (theme_load_named). */
typedef struct {
    const char *const *names;
    int n;
    const char *set;  /* the tile set's or tile file's name, for messages */
    const char *kind; /* "feature" or "symbol" */
    bool distinct;    /* glyphs and art must differ between entries */
} Binding;

/* "white, black, one-dot" */
static const char *feature_list(const Binding *bd, char *buf, size_t size) {
    size_t o = 0;
    buf[0] = '\0';
    for (int f = 0; f < bd->n && o < size; f++)
        o += (size_t)snprintf(buf + o, size - o, "%s%s", f ? ", " : "", bd->names[f]);
    return buf;
}

/* The feature a key of features: names, or a failure. */
static PulStatus bind_feature(YDoc *doc, const YNode *key, const Binding *bd, int *out) {
    char text[48], list[PUL_MAX_FEATURES * 8], hint[64] = "";
    for (int f = 0; f < bd->n; f++)
        if (ydoc_is(key, bd->names[f])) {
            *out = f;
            return PUL_OK;
        }
    const char *close = suggest_pick(key->text, key->len, bd->names, bd->n);
    if (close) snprintf(hint, sizeof hint, " did you mean '%s'?", close);
    if (strcmp(bd->kind, "feature") != 0)
        return ydoc_fail(doc, key, "bad-reference",
                         "features has an entry for '%s', which is not a symbol of tile file "
                         "'%s';%s its symbols are %s",
                         ydoc_shown(key, text, sizeof text), bd->set, hint,
                         feature_list(bd, list, sizeof list));
    return ydoc_fail(doc, key, "bad-reference",
                     "features has an entry for '%s', which is not a feature of tile set '%s';%s "
                     "its features are %s",
                     ydoc_shown(key, text, sizeof text), bd->set, hint,
                     feature_list(bd, list, sizeof list));
}

/* The value of key in entry map n, or NULL. */
static const YNode *entry_value(const YDoc *doc, const YNode *n, const char *key) {
    for (int i = 0; n->kind == YDOC_MAP && i + 1 < n->nkid; i += 2)
        if (ydoc_is(ydoc_kid(doc, n, i), key)) return ydoc_kid(doc, n, i + 1);
    return NULL;
}

/* The i-th entry of features (file order), just read, against those before
** it: symbols must differ by shape as well as colour (RULES-GENIAL.md), so no
** two share a glyph, nor their art. seen[slot] is the key read into slot, of
** nslots; kind names an entry in messages ("symbol"). */
static PulStatus check_distinct(YDoc *doc, const YNode *n, int i, int nslots, const char *kind,
                                const PulTheme *th, const YNode *const *seen) {
    const YNode *key = ydoc_kid(doc, n, 2 * i), *entry = ydoc_kid(doc, n, 2 * i + 1);
    int slot = 0;
    while (slot < nslots && seen[slot] != key) slot++;
    const PulThemeEntry *e = &th->feature[slot];
    for (int j = 0; j < i; j++) {
        const YNode *okey = ydoc_kid(doc, n, 2 * j);
        int o = 0;
        while (o < nslots && seen[o] != okey) o++;
        if (o == nslots) continue;
        const PulThemeEntry *f = &th->feature[o];
        if (strcmp(e->glyph, f->glyph) == 0)
            return ydoc_fail(doc, entry_value(doc, entry, "glyph"), "bad-value",
                             "the glyph of %s '%s' is '%s', the same as %s '%s' (line %d); symbols "
                             "must differ by shape as well as colour, so give each its own glyph",
                             kind, e->key, e->glyph, kind, f->key, okey->line);
        if (strcmp(e->art, f->art) == 0)
            return ydoc_fail(doc, entry_value(doc, entry, "art"), "bad-value",
                             "the art of %s '%s' is the same as that of %s '%s' (line %d); symbols "
                             "must differ by shape as well as colour, so draw each its own way",
                             kind, e->key, kind, f->key, okey->line);
    }
    return PUL_OK;
}

/* Read alone (ts NULL), distinct says whether the family the theme's parts
** name draws symbols that must differ by shape (Genial's). */
static PulStatus read_features(YDoc *doc, const YNode *n, const Binding *ts, bool distinct,
                               PulTheme *th) {
    char text[48], what[PUL_NAME_MAX + 16];
    if (n->kind != YDOC_MAP)
        return ydoc_fail(doc, n, "wrong-type",
                         "features must be a mapping from each feature's name to how it looks, "
                         "like 'white: {name: ..., glyph: ..., colour: ..., art: ...}', not %s",
                         ydoc_kind(n, text, sizeof text));
    int count = n->nkid / 2;
    if (!ts && count > PUL_MAX_FEATURES)
        return ydoc_fail(doc, ydoc_kid(doc, n, 2 * PUL_MAX_FEATURES), "too-large",
                         "more than %d entries in features; a tile set has at most %d feature "
                         "kinds",
                         PUL_MAX_FEATURES, PUL_MAX_FEATURES);
    const YNode *seen[PUL_MAX_FEATURES] = {NULL};
    for (int i = 0; i < count; i++) {
        const YNode *key = ydoc_kid(doc, n, 2 * i);
        char name[PUL_NAME_MAX] = ""; /* zero-filled, so that entries compare bytewise */
        int slot = i;
        if (key->kind != YDOC_SCALAR)
            return ydoc_fail(doc, key, "wrong-type",
                             "a key of features must be a feature's name, not %s",
                             ydoc_kind(key, text, sizeof text));
        PulStatus st = ts ? bind_feature(doc, key, ts, &slot)
                          : ydoc_name(doc, key, "a feature's name in features", name);
        if (st != PUL_OK) return st;
        if (ts) snprintf(name, sizeof name, "%s", ts->names[slot]);
        const YNode *first = ts ? seen[slot] : NULL;
        for (int j = 0; !ts && j < i && !first; j++)
            if (strcmp(th->feature[j].key, name) == 0) first = seen[j];
        if (first)
            return ydoc_fail(doc, key, "duplicate-key",
                             "'%s' appears twice in features (first at line %d, column %d); keep "
                             "one",
                             name, first->line, first->col);
        seen[slot] = key;
        snprintf(what, sizeof what, "feature '%s'", name);
        st = read_entry(doc, ydoc_kid(doc, n, 2 * i + 1), what, true, &th->feature[slot]);
        if (st != PUL_OK) return st;
        memcpy(th->feature[slot].key, name, PUL_NAME_MAX);
        if (ts ? ts->distinct : distinct) {
            st = check_distinct(doc, n, i, ts ? ts->n : count, ts ? ts->kind : "symbol", th,
                                seen);
            if (st != PUL_OK) return st;
        }
    }
    if (!ts) {
        if (count == 0)
            return ydoc_fail(doc, n, "missing-field",
                             "features is empty; give an entry for each feature kind of the tile "
                             "set");
        th->nfeatures = count;
        return PUL_OK;
    }
    for (int f = 0; f < ts->n; f++)
        if (!seen[f])
            return ydoc_fail(doc, n, "missing-field",
                             "features has no entry for '%s', %s %d of tile %s '%s'; add "
                             "'%s: {name: ..., glyph: ..., colour: ..., art: ...}'",
                             ts->names[f], ts->kind, f,
                             strcmp(ts->kind, "feature") == 0 ? "set" : "file", ts->set,
                             ts->names[f]);
    th->nfeatures = ts->n;
    return PUL_OK;
}

/* The keys of the parts in mask ("big, stone, core, supply and group"),
** for messages. */
static const char *parts_list(unsigned mask, char *buf, size_t size) {
    int n = 0, total = 0;
    for (int p = 0; p < PUL_NPARTS; p++) total += (mask >> p) & 1u;
    buf[0] = '\0';
    for (int p = 0; p < PUL_NPARTS; p++) {
        if (!((mask >> p) & 1u)) continue;
        size_t used = strlen(buf);
        snprintf(buf + used, size - used, "%s%s", n == 0 ? "" : n + 1 == total ? " and " : ", ",
                 pul_part_key(p));
        n++;
    }
    return buf;
}

/* parts: exactly the parts in mask (the family's, Family.theme_parts), in
** PulPart order; a key of another family's part is unknown here. */
static PulStatus read_parts(YDoc *doc, const YNode *n, unsigned mask, PulTheme *th) {
    char text[48], what[32], hint[128], list[96];
    if (n->kind != YDOC_MAP)
        return ydoc_fail(doc, n, "wrong-type", "parts must be a mapping of %s, not %s",
                         parts_list(mask, list, sizeof list), ydoc_kind(n, text, sizeof text));
    const char *keys[PUL_NPARTS];
    int part[PUL_NPARTS], nkeys = 0;
    for (int p = 0; p < PUL_NPARTS; p++) {
        if (!((mask >> p) & 1u)) continue;
        part[nkeys] = p;
        keys[nkeys++] = pul_part_key(p);
    }
    const YNode *val[PUL_NPARTS], *keyn[PUL_NPARTS];
    PulStatus st = ydoc_map(doc, n, "parts", keys, nkeys, val, keyn);
    if (st != PUL_OK) return st;
    for (int k = 0; k < nkeys; k++) {
        bool art = part[k] == PUL_PART_BIG || part[k] == PUL_PART_STONE;
        snprintf(hint, sizeof hint, "add '%s: {name: ..., glyph: ..., colour: ...%s}'", keys[k],
                 art ? ", art: ..." : "");
        if (!val[k]) return ydoc_missing(doc, n, "parts", keys[k], hint);
    }
    for (int k = 0; k < nkeys; k++) {
        int p = part[k];
        snprintf(what, sizeof what, "part '%s'", keys[k]);
        bool art = p == PUL_PART_BIG || p == PUL_PART_STONE;
        st = read_entry(doc, val[k], what, art, &th->part[p]);
        if (st != PUL_OK) return st;
        snprintf(th->part[p].key, sizeof th->part[p].key, "%s", keys[k]);
    }
    th->parts = mask;
    return PUL_OK;
}

/* Whether the family whose theme has these parts reads symbols, which must
** differ by shape: a theme checked alone is held to it too. */
static bool parts_distinct(unsigned parts) {
    for (int f = 0; families_at(f); f++)
        if (families_at(f)->theme_parts == parts)
            return (families_at(f)->files & FAMILY_FILE_SYMBOLS) != 0;
    return false;
}

static PulStatus read_theme(YDoc *doc, const Binding *ts, unsigned parts, PulTheme *th) {
    static const char *const keys[] = {"name", "title", "features", "parts", "seats"};
    enum { K_NAME, K_TITLE, K_FEATURES, K_PARTS, K_SEATS, K_COUNT };
    char text[48];
    const YNode *root = ydoc_root(doc);
    if (!root || (root->kind == YDOC_SCALAR && root->len == 0))
        return ydoc_fail_at(doc, root ? root->line : 1, root ? root->col : 1, "missing-field",
                            "no theme here, the text is empty; write the keys name, title, "
                            "features and parts (see variants/micropul/theme.yaml)");
    if (root->kind != YDOC_MAP)
        return ydoc_fail(doc, root, "wrong-type",
                         "a theme is a mapping of name, title, features and parts, not %s",
                         ydoc_kind(root, text, sizeof text));
    const YNode *val[K_COUNT], *keyn[K_COUNT];
    PulStatus st = ydoc_map(doc, root, "the theme", keys, K_COUNT, val, keyn);
    if (st != PUL_OK) return st;
    char list[96], parts_hint[128];
    snprintf(parts_hint, sizeof parts_hint, "add 'parts:' with %s",
             parts_list(parts, list, sizeof list));
    const char *const hint[K_COUNT] = {
        "add 'name: <its name>'", "add 'title: {en: ..., ja: ..., fr: ..., es: ...}'",
        "add 'features:' with an entry for each feature kind of the tile set", parts_hint, NULL};
    for (int k = 0; k < K_SEATS; k++)
        if (!val[k]) return ydoc_missing(doc, root, "the theme", keys[k], hint[k]);
    st = ydoc_name(doc, val[K_NAME], "the name of the theme", th->name);
    if (st == PUL_OK) st = read_label(doc, val[K_TITLE], "the title of the theme", th->title);
    if (st == PUL_OK) st = read_features(doc, val[K_FEATURES], ts, parts_distinct(parts), th);
    if (st == PUL_OK) st = read_parts(doc, val[K_PARTS], parts, th);
    if (st == PUL_OK && val[K_SEATS]) st = read_seats(doc, val[K_SEATS], th);
    return st;
}

/* ------------------------------------------------------------------ public */

/* The parts a theme read alone gives: those of the first family whose parts
** hold every key of its parts: (Micropul's when none does, whose message
** then names the key that is not Micropul's). */
static unsigned alone_parts(const YDoc *doc) {
    const YNode *root = ydoc_root(doc), *parts = NULL;
    unsigned fallback = families_default()->theme_parts;
    if (root && root->kind == YDOC_MAP) parts = entry_value(doc, root, "parts");
    if (!parts || parts->kind != YDOC_MAP) return fallback;
    unsigned given = 0;
    for (int i = 0; i + 1 < parts->nkid; i += 2) {
        int p = 0;
        while (p < PUL_NPARTS && !ydoc_is(ydoc_kid(doc, parts, i), pul_part_key(p))) p++;
        if (p == PUL_NPARTS) return fallback;
        given |= 1u << p;
    }
    for (int f = 0; families_at(f); f++)
        if ((given & ~families_at(f)->theme_parts) == 0) return families_at(f)->theme_parts;
    return fallback;
}

static PulTheme *load_bound(const char *text, size_t len, const char *src, const Binding *bd,
                            unsigned parts, PulError *err) {
    PulTheme *th = mem_calloc(1, sizeof *th);
    if (!th) {
        err_setc(err, "out-of-memory", src, 0, 0, "out of memory reading the theme");
        return NULL;
    }
    YDoc doc;
    PulStatus st = ydoc_parse(&doc, text, len, src, "a theme", err);
    if (st == PUL_OK) st = read_theme(&doc, bd, parts ? parts : alone_parts(&doc), th);
    ydoc_free(&doc);
    if (st != PUL_OK) {
        mem_free(th);
        return NULL;
    }
    err_clear(err);
    return th;
}

PulTheme *theme_load_named(const char *text, size_t len, const char *source_name,
                           const char *set, const char *const *names, int n, unsigned parts,
                           PulError *err) {
    const char *src = source_name && source_name[0] ? source_name : "<string>";
    if ((!text && len) || !names || n < 1 || n > PUL_MAX_FEATURES || !parts) {
        err_setc(err, "bad-state", src, 0, 0,
                 "theme_load_named needs the text to read, 1 to %d names and the parts",
                 PUL_MAX_FEATURES);
        return NULL;
    }
    Binding bd = {names, n, set ? set : "", "symbol", true};
    return load_bound(text, len, src, &bd, parts, err);
}

PulTheme *pul_theme_load_string(const char *text, size_t len, const char *source_name,
                                const PulTileSet *ts, PulError *err) {
    const char *src = source_name && source_name[0] ? source_name : "<string>";
    if ((!text && len) || (ts && (ts->nfeatures < 0 || ts->nfeatures > PUL_MAX_FEATURES))) {
        err_setc(err, "bad-state", src, 0, 0,
                 "pul_theme_load_string needs the text to read and, if any, a valid tile set");
        return NULL;
    }
    /* A tile set's theme is a theme of the family whose editions have tile
    ** sets: the family of a manifest without family:. One read alone takes
    ** the parts of the family its parts: name. */
    if (!ts) return load_bound(text, len, src, NULL, 0, err);
    const char *names[PUL_MAX_FEATURES];
    for (int f = 0; f < ts->nfeatures; f++) names[f] = ts->feature[f].name;
    Binding bd = {names, ts->nfeatures, ts->name, "feature", false};
    return load_bound(text, len, src, &bd, families_default()->theme_parts, err);
}

PulTheme *pul_theme_load_file(const char *path, const PulTileSet *ts, PulError *err) {
    char *buf;
    size_t len;
    if (ydoc_read_file(path, &buf, &len, err) != PUL_OK) return NULL;
    PulTheme *th = pul_theme_load_string(buf, len, path, ts, err);
    mem_free(buf);
    return th;
}

void pul_theme_free(PulTheme *theme) { mem_free(theme); }

static const char *entry_name(const PulThemeEntry *e, int lang) {
    if (lang < 0 || lang >= PUL_NLANGS || !e->name[lang][0]) lang = PUL_LANG_EN;
    return e->name[lang];
}

const char *pul_theme_feature_name(const PulTheme *theme, int feature, int lang) {
    if (!theme || feature < 0 || feature >= theme->nfeatures || feature >= PUL_MAX_FEATURES)
        return "";
    return entry_name(&theme->feature[feature], lang);
}

const char *pul_theme_part_name(const PulTheme *theme, int part, int lang) {
    if (!theme || part < 0 || part >= PUL_NPARTS || !((theme->parts >> part) & 1u)) return "";
    return entry_name(&theme->part[part], lang);
}
