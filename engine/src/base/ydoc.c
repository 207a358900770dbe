/*
** ydoc.c: YAML (libyaml's event API) to a small tree that keeps every line
** and column, plus the checks schemas share, so every error can point home.
*/
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "stream.h"
#include "suggest.h"
#include "text.h"
#include "ydoc.h"
#include "mem.h"

/* A real YAML file of pul's is a few kilobytes, three or four levels deep and a
** few hundred nodes; these bounds keep hostile input from costing time or
** memory. */
enum { YDOC_MAX_BYTES = 1 << 20, YDOC_MAX_DEPTH = 16, YDOC_MAX_NODES = 20000 };

static PulStatus vfail(YDoc *d, int line, int col, const char *code, const char *fmt, va_list ap)
    PUL_PRINTF(5, 0);
static PulStatus vfail(YDoc *d, int line, int col, const char *code, const char *fmt, va_list ap) {
    char msg[sizeof((PulError *)0)->message];
    vsnprintf(msg, sizeof msg, fmt, ap);
    PulStatus st = err_set(d->err, err_code_status(code), d->src, line, col, "%s", msg);
    err_code(d->err, code);
    return st;
}

PulStatus ydoc_fail_at(YDoc *d, int line, int col, const char *code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    PulStatus st = vfail(d, line, col, code, fmt, ap);
    va_end(ap);
    return st;
}

PulStatus ydoc_fail(YDoc *d, const YNode *n, const char *code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    PulStatus st = vfail(d, n->line, n->col, code, fmt, ap);
    va_end(ap);
    return st;
}

/* Line and column of a byte offset, counted as libyaml counts marks
** (characters, not bytes), for the errors that only know an offset. */
static void position(const char *buf, size_t len, size_t off, int *line, int *col) {
    int ln = 1, c = 1;
    for (size_t i = 0, used = 1; i < off && i < len; i += used) {
        used = 1;
        if (buf[i] == '\r' && i + 1 < len && buf[i + 1] == '\n') continue;
        if (buf[i] == '\n' || buf[i] == '\r') {
            ln++;
            c = 1;
        } else {
            text_next(buf + i, len - i, &used);
            c++;
        }
    }
    *line = ln;
    *col = c;
}

const char *ydoc_shown(const YNode *n, char *buf, size_t size) {
    return text_shown(n->text, n->len, buf, size);
}

const char *ydoc_kind(const YNode *n, char *buf, size_t size) {
    if (n->kind == YDOC_SEQ) return "a list";
    if (n->kind == YDOC_MAP) return "a mapping";
    if (n->len == 0 && n->plain) return "empty";
    char text[40];
    snprintf(buf, size, "'%s'", ydoc_shown(n, text, sizeof text));
    return buf;
}

/* The byte where line:col of the source starts, counted as libyaml counts
** marks; the end of that line when col lies past it, d->len past the end. */
static size_t source_offset(const YDoc *d, int line, int col) {
    const char *b = d->buf;
    size_t i = 0;
    int ln = 1, c = 1;
    while (i < d->len) {
        if (ln == line && c == col) return i;
        bool crlf = b[i] == '\r' && i + 1 < d->len && b[i + 1] == '\n';
        if (b[i] == '\n' || b[i] == '\r') {
            if (ln == line) return i;
            i += crlf ? 2 : 1;
            ln++;
            c = 1;
            continue;
        }
        size_t used;
        text_next(b + i, d->len - i, &used);
        i += used;
        c++;
    }
    return d->len;
}

static int hex_value(char c) {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

/* The escape of a double-quoted scalar after its backslash, s[0..n): the
** code point it stands for in *cp (-2 when none, as for a line
** continuation) and the bytes it takes after the backslash. */
static size_t escape_at(const char *s, size_t n, long *cp) {
    static const char simple[] = "0abtnvfre \"/\\N_LP\t";
    static const long value[] = {0,   7,   8,   9,   10,     11,     12,    13,
                                 27,  ' ', '"', '/', '\\', 0x85, 0xA0, 0x2028, 0x2029, 9};
    *cp = -2;
    if (n == 0) return 0;
    const char *hit = s[0] ? strchr(simple, s[0]) : NULL;
    if (hit) {
        *cp = value[hit - simple];
        return 1;
    }
    size_t digits = s[0] == 'x' ? 2 : s[0] == 'u' ? 4 : s[0] == 'U' ? 8 : 0;
    if (digits == 0 || digits >= n) return 1;
    long v = 0;
    for (size_t k = 1; k <= digits; k++) {
        int h = hex_value(s[k]);
        if (h < 0) return 1;
        v = v * 16 + h;
    }
    *cp = v;
    return digits + 1;
}

void ydoc_text_position(const YDoc *d, const YNode *n, size_t off, int *line, int *col) {
    *line = n->line;
    *col = n->col;
    size_t used;
    long cp = off < n->len ? text_next(n->text + off, n->len - off, &used) : -1;
    if (cp < 0) return;
    /* Which occurrence of cp it is, to find the same one in the source. */
    int k = 0;
    for (size_t i = 0; i < off; i += used) {
        long c = text_next(n->text + i, n->len - i, &used);
        k += c == cp;
    }
    const char *b = d->buf;
    size_t i = source_offset(d, n->line, n->col), to = source_offset(d, n->end_line, n->end_col);
    bool quoted = i < to && b[i] == '"';
    if (i < to && (b[i] == '|' || b[i] == '>')) {
        /* A block's text starts on the line after its header, which may hold a comment. */
        while (i < to && b[i] != '\n' && b[i] != '\r') i++;
    }
    while (i < to) {
        long c;
        size_t step;
        if (quoted && b[i] == '\\') {
            step = 1 + escape_at(b + i + 1, to - i - 1, &c);
        } else if (b[i] == '\n' || b[i] == '\r') {
            c = -2; /* the layout's line breaks: the text's own are folded from them */
            step = 1;
        } else {
            c = text_next(b + i, to - i, &step);
        }
        if (c == cp && k-- == 0) {
            position(d->buf, d->len, i, line, col);
            return;
        }
        i += step;
    }
}

/* ------------------------------------------------------------ YAML to tree */

static PulStatus parser_fail(YDoc *d, const yaml_parser_t *p) {
    const char *problem = p->problem ? p->problem : "malformed YAML";
    int line, col;
    switch (p->error) {
    case YAML_MEMORY_ERROR:
        return ydoc_fail_at(d, 0, 0, "out-of-memory", "out of memory while reading the YAML");
    case YAML_READER_ERROR: {
        /* libyaml points at the byte that failed to continue a sequence; the
        ** mistake is the sequence, so point at its lead byte and name that:
        ** the first that does not start a character, as all before it do. */
        size_t off = p->problem_offset;
        if (strstr(problem, "trailing") && off <= d->len) {
            size_t k = 0, used;
            while (k < off && text_next(d->buf + k, d->len - k, &used) >= 0) k += used;
            if (k < off) {
                position(d->buf, d->len, k, &line, &col);
                return ydoc_fail_at(d, line, col, "bad-encoding",
                                    "byte 0x%02X starts a UTF-8 sequence that the bytes after it "
                                    "do not complete: %s is UTF-8 text; was it saved as "
                                    "Latin-1?",
                                    (unsigned)(unsigned char)d->buf[k], d->what);
            }
        }
        position(d->buf, d->len, off, &line, &col);
        /* UTF-8, but a character YAML forbids: say which, as binary files and
        ** pasted terminal colours both end here. */
        if (p->problem_value != -1 && strstr(problem, "control characters")) {
            long cp = p->problem_value;
            const char *why = text_unsafe_why(cp);
            return ydoc_fail_at(d, line, col, "bad-encoding",
                                "U+%04lX, %s, is not allowed in YAML text; remove it (%s is "
                                "text: if this file is not, give the right one)",
                                (unsigned long)cp, why ? why : "a control character", d->what);
        }
        if (p->problem_value != -1)
            return ydoc_fail_at(d, line, col, "bad-encoding",
                                "%s (0x%X): %s is UTF-8 text; is this the right file?", problem,
                                (unsigned)p->problem_value, d->what);
        return ydoc_fail_at(d, line, col, "bad-encoding",
                            "%s: %s is UTF-8 text; is this the right file?", problem, d->what);
    }
    default:
        line = (int)p->problem_mark.line + 1;
        col = (int)p->problem_mark.column + 1;
        if (p->context)
            return ydoc_fail_at(d, line, col, "yaml-syntax",
                                "YAML syntax: %s %s at line %d, column %d; check the brackets, "
                                "quotes and indentation",
                                problem, p->context, (int)p->context_mark.line + 1,
                                (int)p->context_mark.column + 1);
        return ydoc_fail_at(d, line, col, "yaml-syntax",
                            "YAML syntax: %s; check the brackets, quotes and indentation", problem);
    }
}

static int node_new(YDoc *d, int kind, const yaml_event_t *ev, PulStatus *st) {
    int line = (int)ev->start_mark.line + 1, col = (int)ev->start_mark.column + 1;
    if (d->nnode >= YDOC_MAX_NODES) {
        *st = ydoc_fail_at(d, line, col, "too-large",
                           "more than %d YAML values; %s needs a few hundred: is this the "
                           "right file?",
                           YDOC_MAX_NODES, d->what);
        return -1;
    }
    if (d->nnode == d->cap) {
        int cap = d->cap ? d->cap * 2 : 64;
        YNode *grown = mem_realloc(d->node, (size_t)cap * sizeof *grown);
        if (!grown) goto oom;
        d->node = grown;
        d->cap = cap;
    }
    YNode *n = &d->node[d->nnode];
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->line = line;
    n->col = col;
    n->end_line = (int)ev->end_mark.line + 1;
    n->end_col = (int)ev->end_mark.column + 1;
    if (kind == YDOC_SCALAR) {
        n->len = ev->data.scalar.length;
        n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
        n->text = mem_alloc(n->len + 1);
        if (!n->text) goto oom;
        memcpy(n->text, ev->data.scalar.value, n->len);
        n->text[n->len] = '\0';
    }
    return d->nnode++;
oom:
    *st = ydoc_fail_at(d, line, col, "out-of-memory", "out of memory while reading the YAML");
    return -1;
}

static PulStatus kid_add(YDoc *d, int parent, int child) {
    YNode *p = &d->node[parent];
    if (p->nkid == p->cap) {
        int cap = p->cap ? p->cap * 2 : 8;
        int *grown = mem_realloc(p->kid, (size_t)cap * sizeof *grown);
        if (!grown)
            return ydoc_fail_at(d, p->line, p->col, "out-of-memory",
                                "out of memory while reading the YAML");
        p->kid = grown;
        p->cap = cap;
    }
    p->kid[p->nkid++] = child;
    return PUL_OK;
}

static const yaml_char_t *event_tag(const yaml_event_t *ev) {
    switch (ev->type) {
    case YAML_SCALAR_EVENT:
        return ev->data.scalar.tag;
    case YAML_SEQUENCE_START_EVENT:
        return ev->data.sequence_start.tag;
    case YAML_MAPPING_START_EVENT:
        return ev->data.mapping_start.tag;
    default:
        return NULL;
    }
}

/* An anchor's, alias's or tag's name for a message (YAML lets them hold
** any printable character, bidirectional controls included). */
static const char *shown_word(const yaml_char_t *w, char *buf, size_t size) {
    const char *s = (const char *)w;
    return text_shown(s, strlen(s), buf, size);
}

static const yaml_char_t *event_anchor(const yaml_event_t *ev) {
    switch (ev->type) {
    case YAML_SCALAR_EVENT:
        return ev->data.scalar.anchor;
    case YAML_SEQUENCE_START_EVENT:
        return ev->data.sequence_start.anchor;
    case YAML_MAPPING_START_EVENT:
        return ev->data.mapping_start.anchor;
    default:
        return NULL;
    }
}

/* Events to nodes, refusing what these files never need (anchors, aliases, tags,
** more documents) before it can cost anything. */
static PulStatus build(YDoc *d, yaml_parser_t *p) {
    int stack[YDOC_MAX_DEPTH];
    int depth = 0, ndocs = 0;
    for (;;) {
        yaml_event_t ev;
        if (!yaml_parser_parse(p, &ev)) return parser_fail(d, p);
        PulStatus st = PUL_OK;
        bool done = false;
        char word[64];
        int line = (int)ev.start_mark.line + 1, col = (int)ev.start_mark.column + 1;
        int kind = ev.type == YAML_SCALAR_EVENT           ? YDOC_SCALAR
                   : ev.type == YAML_SEQUENCE_START_EVENT ? YDOC_SEQ
                                                          : YDOC_MAP;
        switch (ev.type) {
        case YAML_STREAM_END_EVENT:
            done = true;
            break;
        case YAML_DOCUMENT_START_EVENT:
            if (++ndocs > 1)
                st = ydoc_fail_at(d, line, col, "yaml-unsupported",
                                  "a second YAML document starts here; %s is one document, so "
                                  "remove this one or merge it into the first",
                                  d->what);
            break;
        case YAML_ALIAS_EVENT:
            st = ydoc_fail_at(d, line, col, "yaml-unsupported",
                              "alias '*%s': %s does not use anchors and aliases; write "
                              "the value out in full",
                              shown_word(ev.data.alias.anchor, word, sizeof word), d->what);
            break;
        case YAML_SCALAR_EVENT:
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT: {
            const yaml_char_t *tag = event_tag(&ev), *anchor = event_anchor(&ev);
            if (anchor) {
                st = ydoc_fail_at(d, line, col, "yaml-unsupported",
                                  "anchor '&%s': %s does not use anchors and aliases; remove "
                                  "the anchor and write out in full every value that repeats it",
                                  shown_word(anchor, word, sizeof word), d->what);
                break;
            }
            if (tag) {
                st = ydoc_fail_at(d, line, col, "yaml-unsupported",
                                  "the tag '%s' has no meaning in %s; remove it",
                                  shown_word(tag, word, sizeof word), d->what);
                break;
            }
            if (kind != YDOC_SCALAR && depth == YDOC_MAX_DEPTH) {
                st = ydoc_fail_at(d, line, col, "too-large",
                                  "nested more than %d levels deep; %s needs three or four "
                                  "(a mapping, a list, an entry)",
                                  YDOC_MAX_DEPTH, d->what);
                break;
            }
            int n = node_new(d, kind, &ev, &st);
            if (n < 0) break;
            if (depth > 0)
                st = kid_add(d, stack[depth - 1], n);
            else
                d->root = n;
            if (st == PUL_OK && kind != YDOC_SCALAR) stack[depth++] = n;
            break;
        }
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT:
            if (depth > 0) depth--;
            break;
        default:
            break;
        }
        yaml_event_delete(&ev);
        if (st != PUL_OK) return st;
        if (done) return PUL_OK;
    }
}

PulStatus ydoc_parse(YDoc *d, const char *text, size_t len, const char *src, const char *what,
                     PulError *err) {
    memset(d, 0, sizeof *d);
    d->src = src;
    d->what = what;
    d->buf = text ? text : "";
    d->len = text ? len : 0;
    d->root = -1;
    d->err = err;
    if (d->len > YDOC_MAX_BYTES) {
        int line, col;
        position(d->buf, d->len, YDOC_MAX_BYTES, &line, &col);
        return ydoc_fail_at(d, line, col, "too-large",
                            "the text goes on past %d bytes; %s is a few kilobytes: is this "
                            "the right file?",
                            YDOC_MAX_BYTES, what);
    }
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return ydoc_fail_at(d, 0, 0, "out-of-memory", "out of memory while reading the YAML");
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
    yaml_parser_set_input_string(&parser, (const unsigned char *)d->buf, d->len);
    PulStatus st = build(d, &parser);
    yaml_parser_delete(&parser);
    return st;
}

void ydoc_free(YDoc *d) {
    for (int i = 0; i < d->nnode; i++) {
        mem_free(d->node[i].text);
        mem_free(d->node[i].kid);
    }
    mem_free(d->node);
    d->node = NULL;
    d->nnode = d->cap = 0;
}

PulStatus ydoc_read_stream(FILE *f, const char *path, char **out, size_t *len, PulError *err) {
    /* One byte past the limit, so that ydoc_parse can say where it falls. */
    PulStatus st = stream_read(f, YDOC_MAX_BYTES, out, len);
    if (st == PUL_ERR_MEMORY)
        return err_set(err, PUL_ERR_MEMORY, path, 0, 0, "out of memory reading '%s'", path);
    if (st != PUL_OK)
        return err_set(err, PUL_ERR_IO, path, 0, 0, "cannot read '%s': %s", path, strerror(errno));
    return PUL_OK;
}

PulStatus ydoc_read_file(const char *path, char **out, size_t *len, PulError *err) {
    *out = NULL;
    *len = 0;
    if (!path || !path[0]) return err_set(err, PUL_ERR_IO, NULL, 0, 0, "no file name given");
    FILE *f = fopen(path, "rb");
    if (!f)
        return err_set(err, PUL_ERR_IO, path, 0, 0, "cannot open '%s': %s", path, strerror(errno));
    PulStatus st = ydoc_read_stream(f, path, out, len, err);
    fclose(f);
    return st;
}

/* ----------------------------------------------------------- schema checks */

const YNode *ydoc_root(const YDoc *d) { return d->root < 0 ? NULL : &d->node[d->root]; }

const YNode *ydoc_kid(const YDoc *d, const YNode *n, int i) { return &d->node[n->kid[i]]; }

bool ydoc_is(const YNode *n, const char *word) {
    return n->kind == YDOC_SCALAR && strlen(word) == n->len && memcmp(n->text, word, n->len) == 0;
}

int ydoc_char_col(const YNode *n, size_t i) {
    size_t quote = n->plain ? 0 : 1;
    if (n->end_line == n->line && n->end_col - n->col == (int)(n->len + 2 * quote))
        return n->col + (int)(quote + i);
    return n->col;
}

static void join(char *buf, size_t size, const char *const *words, int n) {
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && o < size; i++)
        o += (size_t)snprintf(buf + o, size - o, "%s%s", i ? ", " : "", words[i]);
}

PulStatus ydoc_map(YDoc *d, const YNode *map, const char *what, const char *const *keys, int nkeys,
                   const YNode **val, const YNode **keyn) {
    char text[48], list[400];
    for (int k = 0; k < nkeys; k++) val[k] = keyn[k] = NULL;
    for (int i = 0; i + 1 < map->nkid; i += 2) {
        const YNode *key = ydoc_kid(d, map, i);
        if (key->kind != YDOC_SCALAR)
            return ydoc_fail(d, key, "wrong-type", "a key of %s must be a word, not %s", what,
                             ydoc_kind(key, text, sizeof text));
        int k = 0;
        while (k < nkeys && !ydoc_is(key, keys[k])) k++;
        if (k == nkeys) {
            const char *hint = suggest_pick(key->text, key->len, keys, nkeys);
            join(list, sizeof list, keys, nkeys);
            if (hint)
                return ydoc_fail(d, key, "unknown-key",
                                 "unknown key '%s' in %s: did you mean '%s'? (the keys are %s)",
                                 ydoc_shown(key, text, sizeof text), what, hint, list);
            return ydoc_fail(d, key, "unknown-key", "unknown key '%s' in %s; the keys are %s",
                             ydoc_shown(key, text, sizeof text), what, list);
        }
        if (keyn[k])
            return ydoc_fail(d, key, "duplicate-key",
                             "key '%s' appears twice in %s (first at line %d, column %d); keep "
                             "one",
                             keys[k], what, keyn[k]->line, keyn[k]->col);
        keyn[k] = key;
        val[k] = ydoc_kid(d, map, i + 1);
    }
    return PUL_OK;
}

PulStatus ydoc_missing(YDoc *d, const YNode *map, const char *what, const char *key,
                       const char *hint) {
    return ydoc_fail(d, map, "missing-field", "%s has no '%s' key; %s", what, key, hint);
}

PulStatus ydoc_name(YDoc *d, const YNode *n, const char *what, char out[PUL_NAME_MAX]) {
    return ydoc_text(d, n, what, out, PUL_NAME_MAX, false);
}

bool ydoc_int(const YNode *n, long long *out) {
    if (n->kind != YDOC_SCALAR || !n->plain || n->len == 0) return false;
    size_t i = (n->text[0] == '+' || n->text[0] == '-') ? 1 : 0;
    if (i == n->len) return false;
    long long v = 0;
    for (; i < n->len; i++) {
        char c = n->text[i];
        if (c < '0' || c > '9') return false;
        if (v < 1000000000000LL) v = v * 10 + (c - '0');
    }
    *out = n->text[0] == '-' ? -v : v;
    return true;
}

PulStatus ydoc_bool(YDoc *d, const YNode *n, const char *what, bool *out) {
    char text[48];
    if (n->plain && ydoc_is(n, "true")) {
        *out = true;
        return PUL_OK;
    }
    if (n->plain && ydoc_is(n, "false")) {
        *out = false;
        return PUL_OK;
    }
    return ydoc_fail(d, n, "wrong-type",
                     "%s must be true or false (unquoted; yes/no and on/off are not accepted), "
                     "not %s",
                     what, ydoc_kind(n, text, sizeof text));
}

PulStatus ydoc_safe(YDoc *d, const YNode *n, const char *what, bool lines) {
    long cp;
    size_t at = text_find_unsafe(n->text, n->len, lines, &cp);
    if (at == n->len) return PUL_OK;
    int line, col;
    ydoc_text_position(d, n, at, &line, &col);
    if (cp < 0)
        return ydoc_fail_at(d, line, col, "bad-value",
                            "%s holds byte 0x%02X, which is not UTF-8 text; write it with "
                            "the characters themselves",
                            what, (unsigned)(unsigned char)n->text[at]);
    if (cp == '\n')
        return ydoc_fail_at(d, line, col, "bad-value",
                            "%s holds a line break (U+000A); write it on one line", what);
    return ydoc_fail_at(d, line, col, "bad-value",
                        "%s holds U+%04lX, %s; remove it",
                        what, (unsigned long)cp, text_unsafe_why(cp));
}

PulStatus ydoc_text(YDoc *d, const YNode *n, const char *what, char *out, size_t cap,
                    bool multiline) {
    char text[48];
    if (n->kind != YDOC_SCALAR)
        return ydoc_fail(d, n, "wrong-type", "%s must be text, not %s", what,
                         ydoc_kind(n, text, sizeof text));
    if (n->len == 0) return ydoc_fail(d, n, "bad-value", "%s is empty; write one", what);
    if (n->len >= cap)
        return ydoc_fail(d, n, "too-long", "%s '%s' is %zu bytes long; shorten it to %zu at most",
                         what, ydoc_shown(n, text, sizeof text), n->len, cap - 1);
    PulStatus st = ydoc_safe(d, n, what, multiline);
    if (st != PUL_OK) return st;
    memcpy(out, n->text, n->len);
    out[n->len] = '\0';
    return PUL_OK;
}

PulStatus ydoc_localised(YDoc *d, const YNode *n, const char *what, char *out, size_t stride,
                         size_t cap, bool multiline) {
    char text[48], label[96];
    if (n->kind == YDOC_SEQ)
        return ydoc_fail(d, n, "wrong-type",
                         "%s must be text or a mapping of languages like {en: ..., ja: ..., fr: "
                         "..., es: ...}, not %s",
                         what, ydoc_kind(n, text, sizeof text));
    PulStatus st = PUL_OK;
    const YNode *val[PUL_NLANGS] = {n, NULL, NULL, NULL};
    if (n->kind == YDOC_MAP) {
        const char *keys[PUL_NLANGS];
        const YNode *keyn[PUL_NLANGS];
        for (int l = 0; l < PUL_NLANGS; l++) keys[l] = pul_lang_code(l);
        st = ydoc_map(d, n, what, keys, PUL_NLANGS, val, keyn);
        if (st != PUL_OK) return st;
        if (!val[PUL_LANG_EN])
            return ydoc_missing(d, n, what, "en",
                                "every text needs English, which the other languages fall back "
                                "to");
    }
    for (int l = 0; l < PUL_NLANGS && st == PUL_OK; l++) {
        if (!val[l]) continue;
        if (n->kind == YDOC_MAP)
            snprintf(label, sizeof label, "%s (%s)", what, pul_lang_code(l));
        else
            snprintf(label, sizeof label, "%s", what);
        st = ydoc_text(d, val[l], label, out + (size_t)l * stride, cap, multiline);
    }
    for (int l = 1; l < PUL_NLANGS && st == PUL_OK; l++)
        if (!val[l]) memcpy(out + (size_t)l * stride, out, cap);
    return st;
}
