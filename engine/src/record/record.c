/*
** record.c: PMN game records (PMN.md) as text: split into tags, moves and
** comments, read within a size limit, written back with nothing lost.
*/
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "stream.h"
#include "mem.h"

/*
** Text form, as read (PMN.md, with the choices it leaves open):
** - A tag is one line: '[' Name '"' value '"' ']', white space allowed
**   between the parts, a ';' comment allowed after it. Name is letters,
**   digits and '_' (a letter first). In the value, \" is a quote and \\ a
**   backslash; any other backslash, or a line break, is an error. Tag names
**   are case-sensitive; a tag given twice is an error. Tags come before the
**   first move: a tag line after a move is an error.
** - ';' starts a comment that runs to the end of the line, anywhere outside
**   a tag value. Braces are not comments (PMN.md has none): "{" would be
**   read as part of a move and refused by the referee as syntax.
** - Moves are runs of other characters separated by white space. A move
**   number ("12.", digits and one dot) is dropped, also when glued to the
**   move ("12.t5"); it is not checked against the move's position. A move
**   never starts with '[' (that is a misplaced tag: an error).
** - A leading UTF-8 byte-order mark is skipped; a NUL byte is an error.
** - A text longer than PUL_RECORD_MAX bytes is refused before it is read.
** Comments are kept in place: those before or among the tags are written
** back among the tags, after as many tags as they followed; the others at
** their place among the moves. Tags keep their order.
*/

/* ------------------------------------------------------------ storage */

static char *dup_range(const char *s, size_t n) {
    char *d = mem_alloc(n + 1);
    if (!d) return NULL;
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

/* Grows *arr (elements of size elem) so that it holds at least need. */
static bool grow(void **arr, int *cap, int need, size_t elem) {
    if (need <= *cap) return true;
    int ncap = *cap ? *cap * 2 : 16;
    while (ncap < need) ncap *= 2;
    void *p = mem_realloc(*arr, (size_t)ncap * elem);
    if (!p) return false;
    *arr = p;
    *cap = ncap;
    return true;
}

void record_clear(PulRecord *r) {
    for (int i = 0; i < r->ntags; i++) {
        mem_free(r->tags[i].name);
        mem_free(r->tags[i].value);
    }
    for (int i = 0; i < r->nmoves; i++) mem_free(r->moves[i]);
    for (int i = 0; i < r->ncomments; i++) mem_free(r->comments[i].text);
    r->ntags = r->nmoves = r->ncomments = 0;
    if (r->index) memset(r->index, 0, (size_t)r->capindex * sizeof *r->index);
    r->source[0] = '\0';
}

PulRecord *pul_record_new(void) {
    return mem_calloc(1, sizeof(PulRecord));
}

void pul_record_free(PulRecord *r) {
    if (!r) return;
    record_clear(r);
    mem_free(r->tags);
    mem_free(r->index);
    mem_free(r->moves);
    mem_free(r->comments);
    mem_free(r);
}

/* ------------------------------------------------------- the tag index */

/* FNV-1a: tag names are short, and any spread will do for a table kept at
** most half full. */
static uint32_t name_hash(const char *s, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static bool same_name(const char *stored, const char *name, size_t len) {
    return strncmp(stored, name, len) == 0 && stored[len] == '\0';
}

static void index_put(PulRecord *r, int i) {
    const char *name = r->tags[i].name;
    size_t mask = (size_t)r->capindex - 1;
    size_t at = name_hash(name, strlen(name)) & mask;
    while (r->index[at]) at = (at + 1) & mask;
    r->index[at] = i + 1;
}

/* The index made again for every tag, with room for at least need of them. */
static bool index_rebuild(PulRecord *r, int need) {
    int cap = r->capindex ? r->capindex : 32;
    while (cap < 2 * need + 2) cap *= 2;
    if (cap != r->capindex) {
        int *p = mem_realloc(r->index, (size_t)cap * sizeof *p);
        if (!p) return false;
        r->index = p;
        r->capindex = cap;
    }
    memset(r->index, 0, (size_t)r->capindex * sizeof *r->index);
    for (int i = 0; i < r->ntags; i++) index_put(r, i);
    return true;
}

RecordTag *record_find_tag(const PulRecord *r, const char *name, size_t len) {
    if (!r->capindex) return NULL;
    size_t mask = (size_t)r->capindex - 1;
    for (size_t at = name_hash(name, len) & mask; r->index[at]; at = (at + 1) & mask) {
        RecordTag *t = &r->tags[r->index[at] - 1];
        if (same_name(t->name, name, len)) return t;
    }
    return NULL;
}

static RecordTag *find_tag(const PulRecord *r, const char *name) {
    return record_find_tag(r, name, strlen(name));
}

/* ---------------------------------------------------- tags, moves, comments */

static bool push_move(PulRecord *r, const char *s, size_t n) {
    if (!grow((void **)&r->moves, &r->capmoves, r->nmoves + 1, sizeof *r->moves)) return false;
    char *m = dup_range(s, n);
    if (!m) return false;
    r->moves[r->nmoves++] = m;
    return true;
}

static bool push_comment(PulRecord *r, const char *s, size_t n, int line) {
    if (!grow((void **)&r->comments, &r->capcomments, r->ncomments + 1, sizeof *r->comments))
        return false;
    char *t = dup_range(s, n);
    if (!t) return false;
    r->comments[r->ncomments++] = (RecordComment){t, r->nmoves, r->ntags, false, line};
    return true;
}

static bool valid_tag_name(const char *s, size_t n) {
    if (n == 0 || n > 64) return false;
    if (!((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z'))) return false;
    for (size_t i = 1; i < n; i++) {
        char c = s[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
            return false;
    }
    return true;
}

/* A new tag at position at (the others move up); takes ownership of value. */
static PulStatus insert_tag(PulRecord *r, int at, const char *name, size_t nlen, char *value,
                            int line, int column) {
    char *n = dup_range(name, nlen);
    if (!n || !grow((void **)&r->tags, &r->captags, r->ntags + 1, sizeof *r->tags)) {
        mem_free(n);
        mem_free(value);
        return PUL_ERR_MEMORY;
    }
    memmove(r->tags + at + 1, r->tags + at, (size_t)(r->ntags - at) * sizeof *r->tags);
    r->tags[at] = (RecordTag){n, value, line, column};
    r->ntags++;
    bool appended = at == r->ntags - 1;
    if (appended && 2 * r->ntags + 2 <= r->capindex) {
        index_put(r, at);
    } else if (!index_rebuild(r, r->ntags)) {
        /* Without its index the tag cannot be found: take it out again. */
        memmove(r->tags + at, r->tags + at + 1, (size_t)(r->ntags - 1 - at) * sizeof *r->tags);
        r->ntags--;
        mem_free(n);
        mem_free(value);
        return PUL_ERR_MEMORY;
    }
    if (!appended)
        for (int i = 0; i < r->ncomments; i++)
            if (r->comments[i].header && r->comments[i].after_tag > at) r->comments[i].after_tag++;
    return PUL_OK;
}

static void remove_tag(PulRecord *r, RecordTag *t) {
    int at = (int)(t - r->tags);
    mem_free(t->name);
    mem_free(t->value);
    memmove(t, t + 1, (size_t)(r->ntags - at - 1) * sizeof *t);
    r->ntags--;
    index_rebuild(r, 0); /* never grows, so never fails */
    for (int i = 0; i < r->ncomments; i++)
        if (r->comments[i].header && r->comments[i].after_tag > at) r->comments[i].after_tag--;
}

/* ------------------------------------------------------------ accessors */

const char *pul_record_tag(const PulRecord *r, const char *name) {
    if (!r || !name) return NULL;
    const RecordTag *t = find_tag(r, name);
    return t ? t->value : NULL;
}

/* Values may not hold line breaks: a tag is one line. */
PulStatus pul_record_set_tag(PulRecord *r, const char *name, const char *value) {
    if (!r || !name) return PUL_ERR_STATE;
    if (!valid_tag_name(name, strlen(name))) return PUL_ERR_RANGE;
    RecordTag *t = find_tag(r, name);
    if (!value) {
        if (t) remove_tag(r, t);
        return PUL_OK;
    }
    if (strpbrk(value, "\r\n")) return PUL_ERR_RANGE;
    char *v = dup_range(value, strlen(value));
    if (!v) return PUL_ERR_MEMORY;
    if (t) {
        mem_free(t->value);
        t->value = v;
        t->line = t->column = 0;
        return PUL_OK;
    }
    /* Variant and Players lead a record made in C, as PMN.md shows them. */
    int at = r->ntags;
    if (strcmp(name, "Variant") == 0) {
        at = 0;
    } else if (strcmp(name, "Players") == 0) {
        const RecordTag *variant = find_tag(r, "Variant");
        at = variant ? (int)(variant - r->tags) + 1 : 0;
    }
    return insert_tag(r, at, name, strlen(name), v, 0, 0);
}

int pul_record_ntags(const PulRecord *r) {
    return r ? r->ntags : 0;
}

const char *pul_record_tag_name(const PulRecord *r, int i) {
    return r && i >= 0 && i < r->ntags ? r->tags[i].name : NULL;
}

int pul_record_nmoves(const PulRecord *r) {
    return r ? r->nmoves : 0;
}

const char *pul_record_move(const PulRecord *r, int i) {
    return r && i >= 0 && i < r->nmoves ? r->moves[i] : NULL;
}

/* PUL_ERR_RANGE for an action with no PMN spelling (a random take not yet
** resolved: record the action pul_events_action gives back). */
PulStatus pul_record_add_move(PulRecord *r, const PulVariant *v, const PulAction *a) {
    if (!r || !v || !a) return PUL_ERR_STATE;
    char buf[64];
    int n = pul_action_format(v, a, buf, sizeof buf);
    if (n < 0 || (size_t)n >= sizeof buf) return PUL_ERR_RANGE;
    return push_move(r, buf, (size_t)n) ? PUL_OK : PUL_ERR_MEMORY;
}

PulStatus pul_record_truncate(PulRecord *r, int n) {
    if (!r || n < 0) return PUL_ERR_STATE;
    for (int i = n; i < r->nmoves; i++) mem_free(r->moves[i]);
    if (n < r->nmoves) r->nmoves = n;
    for (int i = 0; i < r->ncomments; i++)
        if (r->comments[i].before_move > n) r->comments[i].before_move = n;
    return PUL_OK;
}

/* The comment goes after the moves added so far; each line of text becomes
** one ';' line. */
PulStatus pul_record_add_comment(PulRecord *r, const char *text) {
    if (!r || !text) return PUL_ERR_STATE;
    const char *s = text;
    do {
        size_t n = strcspn(s, "\r\n");
        if (!push_comment(r, s, n, 0)) return PUL_ERR_MEMORY;
        s += n;
        if (*s == '\r' && s[1] == '\n') s++;
        if (*s) s++;
    } while (*s);
    return PUL_OK;
}

/* ------------------------------------------------------------ parsing */

typedef struct {
    const char *s, *end;
    const char *p;         /* next character */
    const char *line_start;
    int line;
    const char *source;
    PulError *err;
} Scan;

static int scan_col(const Scan *sc, const char *at) {
    return (int)(at - sc->line_start) + 1;
}

static bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

static void skip_blanks(Scan *sc) {
    while (sc->p < sc->end && (*sc->p == ' ' || *sc->p == '\t' || *sc->p == '\r' ||
                               *sc->p == '\v' || *sc->p == '\f'))
        sc->p++;
}

static void new_line(Scan *sc) {
    sc->p++; /* the '\n' */
    sc->line++;
    sc->line_start = sc->p;
}

/* A comment from ';' to the end of the line, the ';' and one space dropped.
** Every carriage return before the line feed goes with the line's end: were
** one kept, the writer's "\n" after it would read back without it. */
static bool read_comment(Scan *sc, PulRecord *r) {
    const char *b = ++sc->p;
    const char *nl = memchr(sc->p, '\n', (size_t)(sc->end - sc->p));
    sc->p = nl ? nl : sc->end;
    const char *e = sc->p;
    if (b < e && *b == ' ') b++;
    while (e > b && e[-1] == '\r') e--;
    return push_comment(r, b, (size_t)(e - b), sc->line);
}

static PulStatus syntax(Scan *sc, const char *at, const char *fmt, const char *what) {
    return err_setc(sc->err, "pmn-syntax", sc->source, sc->line, scan_col(sc, at), fmt, what);
}

static PulStatus out_of_memory(Scan *sc) {
    return err_setc(sc->err, "out-of-memory", sc->source, sc->line, 0,
                    "out of memory reading the record");
}

static PulStatus read_tag(Scan *sc, PulRecord *r) {
    const char *open = sc->p++;
    skip_blanks(sc);
    const char *name = sc->p;
    while (sc->p < sc->end && !is_space(*sc->p) && *sc->p != '"' && *sc->p != ']' &&
           *sc->p != ';')
        sc->p++;
    size_t nlen = (size_t)(sc->p - name);
    char nbuf[PUL_TEXT_CUT_SIZE];
    pul_text_cut(name, nlen, nbuf, sizeof nbuf);
    if (!valid_tag_name(name, nlen))
        return syntax(sc, name, "%s: a tag reads [Name \"value\"], Name being letters, digits "
                                "and '_' (64 at most)",
                      nlen ? "bad tag name" : "tag name missing");
    if (record_find_tag(r, name, nlen))
        return syntax(sc, name, "tag %s is given twice; keep one", nbuf);
    skip_blanks(sc);
    if (sc->p >= sc->end || *sc->p != '"')
        return syntax(sc, sc->p < sc->end ? sc->p : sc->end,
                      "tag %s: expected a quoted value, as in [Name \"value\"]", nbuf);
    const char *vstart = ++sc->p;
    /* The unescaped value is never longer than the quoted text. */
    const char *q = sc->p;
    while (q < sc->end && *q != '"' && *q != '\n') q += (*q == '\\' && q + 1 < sc->end) ? 2 : 1;
    char *value = mem_alloc((size_t)(q - vstart) + 1);
    if (!value) return out_of_memory(sc);
    size_t n = 0;
    for (;;) {
        if (sc->p >= sc->end || *sc->p == '\n') {
            mem_free(value);
            return syntax(sc, open, "tag %s: the value has no closing quote on its line", nbuf);
        }
        char c = *sc->p;
        if (c == '"') break;
        if (c == '\\') {
            char e = sc->p + 1 < sc->end ? sc->p[1] : '\0';
            if (e != '"' && e != '\\') {
                mem_free(value);
                return syntax(sc, sc->p, "tag %s: in a value only \\\" and \\\\ are escapes; "
                                         "write a backslash as \\\\",
                              nbuf);
            }
            value[n++] = e;
            sc->p += 2;
            continue;
        }
        value[n++] = c;
        sc->p++;
    }
    value[n] = '\0';
    sc->p++; /* closing quote */
    skip_blanks(sc);
    if (sc->p >= sc->end || *sc->p != ']') {
        mem_free(value);
        return syntax(sc, sc->p < sc->end ? sc->p : sc->end,
                      "tag %s: expected ']' after the value", nbuf);
    }
    sc->p++;
    skip_blanks(sc);
    if (sc->p < sc->end && *sc->p != '\n' && *sc->p != ';') {
        mem_free(value);
        return syntax(sc, sc->p, "tag %s: nothing but a comment may follow a tag on its line",
                      nbuf);
    }
    if (insert_tag(r, r->ntags, name, nlen, value, sc->line, scan_col(sc, vstart)) != PUL_OK)
        return out_of_memory(sc);
    return PUL_OK;
}

static bool is_move_number(const char *s, size_t n, size_t *skip) {
    size_t i = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') i++;
    if (i == 0 || i >= n || s[i] != '.') return false;
    *skip = i + 1;
    return true;
}

static PulStatus parse_text(PulRecord *r, Scan *sc) {
    if (sc->end - sc->p >= 3 && memcmp(sc->p, "\xEF\xBB\xBF", 3) == 0) sc->p += 3;
    sc->line_start = sc->p;
    const char *nul = memchr(sc->p, '\0', (size_t)(sc->end - sc->p));
    if (nul) {
        while (sc->p < nul)
            if (*sc->p == '\n') new_line(sc);
            else sc->p++;
        return syntax(sc, nul, "%s; a record is plain text", "the text holds a NUL byte");
    }
    int last_tag_line = 0;
    while (sc->p < sc->end) {
        char c = *sc->p;
        if (c == '\n') {
            new_line(sc);
        } else if (is_space(c)) {
            sc->p++;
        } else if (c == ';') {
            if (!read_comment(sc, r)) return out_of_memory(sc);
        } else if (c == '[') {
            if (r->nmoves > 0)
                return syntax(sc, sc->p, "%s: tags go before the first move",
                              "a tag after the moves");
            PulStatus st = read_tag(sc, r);
            if (st != PUL_OK) return st;
            last_tag_line = sc->line;
        } else {
            const char *b = sc->p;
            while (sc->p < sc->end && !is_space(*sc->p) && *sc->p != ';') sc->p++;
            size_t n = (size_t)(sc->p - b), skip = 0;
            /* "12." and "1.2." are numbers only, so no stored move starts
            ** like one and a written record reads back the same. */
            while (is_move_number(b, n, &skip)) {
                b += skip;
                n -= skip;
            }
            if (n == 0) continue;
            if (*b == '[')
                return syntax(sc, b, "%s: tags go on their own lines, before the first move",
                              "'[' after a move number");
            if (!push_move(r, b, n)) return out_of_memory(sc);
        }
    }
    /* Comments up to the last tag line belong to the header. */
    for (int i = 0; i < r->ncomments; i++)
        r->comments[i].header =
            r->comments[i].before_move == 0 && r->comments[i].line <= last_tag_line;
    return PUL_OK;
}

static PulStatus too_large(PulError *err, const char *source) {
    return err_setc(err, "too-large", source, 0, 0,
                    "the record is larger than %d bytes (1 MiB), the most pul reads; a game "
                    "record is a few KB",
                    PUL_RECORD_MAX);
}

/* The record's contents are replaced; on failure the record is left empty. */
PulStatus pul_record_parse(PulRecord *r, const char *text, size_t len, const char *source_name,
                           PulError *err) {
    err_clear(err);
    if (!r || (!text && len))
        return err_set(err, PUL_ERR_STATE, source_name, 0, 0, "no record or no text");
    record_clear(r);
    if (len > PUL_RECORD_MAX) return too_large(err, source_name);
    snprintf(r->source, sizeof r->source, "%s", source_name ? source_name : "");
    Scan sc = {text, text + len, text, text, 1, source_name, err};
    PulStatus st = len ? parse_text(r, &sc) : PUL_OK;
    if (st != PUL_OK) record_clear(r);
    return st;
}

PulStatus pul_record_load_stream(PulRecord *r, FILE *f, const char *source_name, PulError *err) {
    err_clear(err);
    if (!r || !f) return err_set(err, PUL_ERR_STATE, source_name, 0, 0, "no record or no stream");
    char *buf;
    size_t len;
    PulStatus st = stream_read(f, PUL_RECORD_MAX, &buf, &len);
    if (st == PUL_ERR_MEMORY)
        st = err_setc(err, "out-of-memory", source_name, 0, 0, "out of memory reading the record");
    else if (st != PUL_OK)
        st = err_setc(err, "unreadable", source_name, 0, 0, "cannot read the record: %s",
                      strerror(errno));
    else if (len > PUL_RECORD_MAX)
        st = too_large(err, source_name);
    else
        st = pul_record_parse(r, buf, len, source_name, err);
    mem_free(buf);
    if (st != PUL_OK) record_clear(r);
    return st;
}

PulStatus pul_record_load_file(PulRecord *r, const char *path, PulError *err) {
    err_clear(err);
    if (!r || !path) return err_set(err, PUL_ERR_STATE, path, 0, 0, "no record or no path");
    FILE *f = fopen(path, "rb");
    if (!f)
        return err_setc(err, "unreadable", path, 0, 0, "cannot open the record: %s",
                        strerror(errno));
    PulStatus st = pul_record_load_stream(r, f, path, err);
    fclose(f);
    return st;
}

/* ------------------------------------------------------------ writing */

typedef struct {
    char *s;
    size_t len, cap;
    bool failed;
} Buf;

static void buf_put(Buf *b, const char *s, size_t n) {
    if (b->failed) return;
    if (b->len + n + 1 > b->cap) {
        size_t ncap = b->cap ? b->cap : 1024;
        while (b->len + n + 1 > ncap) ncap *= 2;
        char *p = mem_realloc(b->s, ncap);
        if (!p) {
            b->failed = true;
            return;
        }
        b->s = p;
        b->cap = ncap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void buf_str(Buf *b, const char *s) {
    buf_put(b, s, strlen(s));
}

static void write_tag(Buf *b, const RecordTag *t) {
    buf_str(b, "[");
    buf_str(b, t->name);
    buf_str(b, " \"");
    for (const char *p = t->value; *p;) {
        size_t n = strcspn(p, "\"\\");
        buf_put(b, p, n);
        p += n;
        if (*p) {
            buf_put(b, "\\", 1);
            buf_put(b, p++, 1);
        }
    }
    buf_str(b, "\"]\n");
}

static void write_comment(Buf *b, const char *text) {
    buf_str(b, *text ? "; " : ";");
    buf_str(b, text);
    buf_str(b, "\n");
}

/* Moves wrap before this column, comments break the line. */
enum { WRAP_COLUMN = 80 };

char *pul_record_write(const PulRecord *r, size_t *len) {
    if (len) *len = 0;
    if (!r) return NULL;
    Buf b = {0};
    /* Header comments are in reading order, so their after_tag never falls. */
    int c = 0;
    for (int t = 0; t <= r->ntags; t++) {
        for (; c < r->ncomments && (!r->comments[c].header || r->comments[c].after_tag <= t); c++)
            if (r->comments[c].header) write_comment(&b, r->comments[c].text);
        if (t < r->ntags) write_tag(&b, &r->tags[t]);
    }
    bool body = r->nmoves > 0;
    for (int i = 0; i < r->ncomments; i++) body = body || !r->comments[i].header;
    if (body && b.len) buf_str(&b, "\n");
    size_t col = 0; /* length of the current move line */
    c = 0;
    for (int m = 0; m <= r->nmoves; m++) {
        for (; c < r->ncomments && (r->comments[c].header || r->comments[c].before_move <= m);
             c++) {
            if (r->comments[c].header) continue;
            if (col) buf_str(&b, "\n");
            col = 0;
            write_comment(&b, r->comments[c].text);
        }
        if (m == r->nmoves) break;
        char num[24];
        int nn = snprintf(num, sizeof num, "%d. ", m + 1);
        size_t w = (size_t)nn + strlen(r->moves[m]);
        if (col && col + 2 + w > WRAP_COLUMN) {
            buf_str(&b, "\n");
            col = 0;
        }
        if (col) {
            buf_str(&b, "  ");
            col += 2;
        }
        buf_str(&b, num);
        buf_str(&b, r->moves[m]);
        col += w;
    }
    if (col) buf_str(&b, "\n");
    if (!b.s && !b.failed) buf_put(&b, "", 0);
    if (b.failed) {
        mem_free(b.s);
        return NULL;
    }
    if (len) *len = b.len;
    return b.s;
}
