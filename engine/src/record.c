/*
** record.c: PMN game records (PMN.md): split text into tags, moves and
** comments, write them back, and start a game from a record's tags.
*/
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

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
** Comments are kept: those before the tags (or among them) are written back
** before the tags, the others at their place among the moves.
*/

typedef struct {
    char *name, *value;
    int line, column; /* of the value's first character; 0 when set in C */
} Tag;

typedef struct {
    char *text;
    int before_move; /* the comment comes after this many moves */
    bool header;     /* it came before or among the tags */
    int line;        /* where it was read; 0 when added in C */
} Comment;

struct PulRecord {
    char source[256];
    Tag *tags;
    int ntags, captags;
    char **moves;
    int nmoves, capmoves;
    Comment *comments;
    int ncomments, capcomments;
};

/* ------------------------------------------------------------ storage */

static char *dup_range(const char *s, size_t n) {
    char *d = malloc(n + 1);
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
    void *p = realloc(*arr, (size_t)ncap * elem);
    if (!p) return false;
    *arr = p;
    *cap = ncap;
    return true;
}

static void record_clear(PulRecord *r) {
    for (int i = 0; i < r->ntags; i++) {
        free(r->tags[i].name);
        free(r->tags[i].value);
    }
    for (int i = 0; i < r->nmoves; i++) free(r->moves[i]);
    for (int i = 0; i < r->ncomments; i++) free(r->comments[i].text);
    r->ntags = r->nmoves = r->ncomments = 0;
    r->source[0] = '\0';
}

PulRecord *pul_record_new(void) {
    return calloc(1, sizeof(PulRecord));
}

void pul_record_free(PulRecord *r) {
    if (!r) return;
    record_clear(r);
    free(r->tags);
    free(r->moves);
    free(r->comments);
    free(r);
}

static Tag *find_tag(const PulRecord *r, const char *name) {
    for (int i = 0; i < r->ntags; i++)
        if (strcmp(r->tags[i].name, name) == 0) return &r->tags[i];
    return NULL;
}

static bool push_move(PulRecord *r, const char *s, size_t n) {
    if (!grow((void **)&r->moves, &r->capmoves, r->nmoves + 1, sizeof *r->moves)) return false;
    char *m = dup_range(s, n);
    if (!m) return false;
    r->moves[r->nmoves++] = m;
    return true;
}

static bool push_comment(PulRecord *r, const char *s, size_t n, bool header) {
    if (!grow((void **)&r->comments, &r->capcomments, r->ncomments + 1, sizeof *r->comments))
        return false;
    char *t = dup_range(s, n);
    if (!t) return false;
    r->comments[r->ncomments++] = (Comment){t, r->nmoves, header, 0};
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

/* Takes ownership of value. */
static PulStatus put_tag(PulRecord *r, const char *name, size_t nlen, char *value, int line,
                         int column) {
    if (!grow((void **)&r->tags, &r->captags, r->ntags + 1, sizeof *r->tags)) {
        free(value);
        return PUL_ERR_MEMORY;
    }
    char *n = dup_range(name, nlen);
    if (!n) {
        free(value);
        return PUL_ERR_MEMORY;
    }
    r->tags[r->ntags++] = (Tag){n, value, line, column};
    return PUL_OK;
}

/* ------------------------------------------------------------ accessors */

const char *pul_record_tag(const PulRecord *r, const char *name) {
    if (!r || !name) return NULL;
    const Tag *t = find_tag(r, name);
    return t ? t->value : NULL;
}

/* A NULL value removes the tag. Values may not hold line breaks: a tag is
** one line. */
PulStatus pul_record_set_tag(PulRecord *r, const char *name, const char *value) {
    if (!r || !name) return PUL_ERR_STATE;
    if (!valid_tag_name(name, strlen(name))) return PUL_ERR_RANGE;
    Tag *t = find_tag(r, name);
    if (!value) {
        if (t) {
            free(t->name);
            free(t->value);
            memmove(t, t + 1, (size_t)(r->tags + r->ntags - (t + 1)) * sizeof *t);
            r->ntags--;
        }
        return PUL_OK;
    }
    if (strpbrk(value, "\r\n")) return PUL_ERR_RANGE;
    char *v = dup_range(value, strlen(value));
    if (!v) return PUL_ERR_MEMORY;
    if (t) {
        free(t->value);
        t->value = v;
        t->line = t->column = 0;
        return PUL_OK;
    }
    return put_tag(r, name, strlen(name), v, 0, 0);
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
PulStatus pul_record_add_move(PulRecord *r, const PulAction *a) {
    if (!r || !a) return PUL_ERR_STATE;
    char buf[64];
    int n = pul_action_format(a, buf, sizeof buf);
    if (n < 0 || (size_t)n >= sizeof buf) return PUL_ERR_RANGE;
    return push_move(r, buf, (size_t)n) ? PUL_OK : PUL_ERR_MEMORY;
}

/* The comment goes after the moves added so far; each line of text becomes
** one ';' line. */
PulStatus pul_record_add_comment(PulRecord *r, const char *text) {
    if (!r || !text) return PUL_ERR_STATE;
    const char *s = text;
    do {
        size_t n = strcspn(s, "\r\n");
        if (!push_comment(r, s, n, false)) return PUL_ERR_MEMORY;
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

/* A comment from ';' to the end of the line, the ';' and one space dropped. */
static bool read_comment(Scan *sc, PulRecord *r) {
    const char *b = ++sc->p;
    while (sc->p < sc->end && *sc->p != '\n') sc->p++;
    const char *e = sc->p;
    if (b < e && *b == ' ') b++;
    if (e > b && e[-1] == '\r') e--;
    if (!push_comment(r, b, (size_t)(e - b), false)) return false;
    r->comments[r->ncomments - 1].line = sc->line;
    return true;
}

static PulStatus syntax(Scan *sc, const char *at, const char *fmt, const char *what) {
    return err_set(sc->err, PUL_ERR_SYNTAX, sc->source, sc->line, scan_col(sc, at), fmt, what);
}

static PulStatus read_tag(Scan *sc, PulRecord *r) {
    const char *open = sc->p++;
    skip_blanks(sc);
    const char *name = sc->p;
    while (sc->p < sc->end && !is_space(*sc->p) && *sc->p != '"' && *sc->p != ']' &&
           *sc->p != ';')
        sc->p++;
    size_t nlen = (size_t)(sc->p - name);
    if (!valid_tag_name(name, nlen))
        return syntax(sc, name, "%s: a tag reads [Name \"value\"], Name being letters, digits "
                                "and '_'",
                      nlen ? "bad tag name" : "tag name missing");
    char nbuf[65];
    memcpy(nbuf, name, nlen);
    nbuf[nlen] = '\0';
    if (find_tag(r, nbuf))
        return syntax(sc, name, "tag %s is given twice; keep one", nbuf);
    skip_blanks(sc);
    if (sc->p >= sc->end || *sc->p != '"')
        return syntax(sc, sc->p < sc->end ? sc->p : sc->end,
                      "tag %s: expected a quoted value, as in [Name \"value\"]", nbuf);
    const char *vstart = ++sc->p;
    /* The unescaped value is never longer than the quoted text. */
    const char *q = sc->p;
    while (q < sc->end && *q != '"' && *q != '\n') q += (*q == '\\' && q + 1 < sc->end) ? 2 : 1;
    char *value = malloc((size_t)(q - vstart) + 1);
    if (!value) return err_set(sc->err, PUL_ERR_MEMORY, sc->source, sc->line, 0, "out of memory");
    size_t n = 0;
    for (;;) {
        if (sc->p >= sc->end || *sc->p == '\n') {
            free(value);
            return syntax(sc, open, "tag %s: the value has no closing quote on its line", nbuf);
        }
        char c = *sc->p;
        if (c == '"') break;
        if (c == '\\') {
            char e = sc->p + 1 < sc->end ? sc->p[1] : '\0';
            if (e != '"' && e != '\\') {
                free(value);
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
        free(value);
        return syntax(sc, sc->p < sc->end ? sc->p : sc->end,
                      "tag %s: expected ']' after the value", nbuf);
    }
    sc->p++;
    skip_blanks(sc);
    if (sc->p < sc->end && *sc->p != '\n' && *sc->p != ';') {
        free(value);
        return syntax(sc, sc->p, "tag %s: nothing but a comment may follow a tag on its line",
                      nbuf);
    }
    PulStatus st = put_tag(r, name, nlen, value, sc->line, scan_col(sc, vstart));
    if (st != PUL_OK) return err_set(sc->err, st, sc->source, sc->line, 0, "out of memory");
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
            if (!read_comment(sc, r))
                return err_set(sc->err, PUL_ERR_MEMORY, sc->source, sc->line, 0, "out of memory");
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
            if (!push_move(r, b, n))
                return err_set(sc->err, PUL_ERR_MEMORY, sc->source, sc->line, 0, "out of memory");
        }
    }
    /* Comments up to the last tag line belong to the header. */
    for (int i = 0; i < r->ncomments; i++)
        r->comments[i].header =
            r->comments[i].before_move == 0 && r->comments[i].line <= last_tag_line;
    return PUL_OK;
}

/* The record's contents are replaced; on failure the record is left empty. */
PulStatus pul_record_parse(PulRecord *r, const char *text, size_t len, const char *source_name,
                           PulError *err) {
    err_clear(err);
    if (!r || (!text && len))
        return err_set(err, PUL_ERR_STATE, source_name, 0, 0, "no record or no text");
    record_clear(r);
    snprintf(r->source, sizeof r->source, "%s", source_name ? source_name : "");
    Scan sc = {text, text + len, text, text, 1, source_name, err};
    PulStatus st = len ? parse_text(r, &sc) : PUL_OK;
    if (st != PUL_OK) record_clear(r);
    return st;
}

PulStatus pul_record_load_file(PulRecord *r, const char *path, PulError *err) {
    err_clear(err);
    if (!r || !path) return err_set(err, PUL_ERR_STATE, path, 0, 0, "no record or no path");
    FILE *f = fopen(path, "rb");
    if (!f)
        return err_set(err, PUL_ERR_IO, path, 0, 0, "cannot open the record: %s", strerror(errno));
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(f);
            return err_set(err, PUL_ERR_MEMORY, path, 0, 0, "out of memory reading the record");
        }
        len += fread(buf + len, 1, cap - len, f);
        if (len < cap) break;
        char *nb = realloc(buf, cap * 2);
        if (!nb) free(buf);
        buf = nb;
        cap *= 2;
    }
    bool bad = ferror(f) != 0;
    int e = errno;
    fclose(f);
    if (bad) {
        free(buf);
        return err_set(err, PUL_ERR_IO, path, 0, 0, "cannot read the record: %s", strerror(e));
    }
    PulStatus st = pul_record_parse(r, buf, len, path, err);
    free(buf);
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
        char *p = realloc(b->s, ncap);
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

static void write_tag(Buf *b, const Tag *t) {
    buf_str(b, "[");
    buf_str(b, t->name);
    buf_str(b, " \"");
    for (const char *p = t->value; *p; p++) {
        if (*p == '"' || *p == '\\') buf_put(b, "\\", 1);
        buf_put(b, p, 1);
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
    for (int i = 0; i < r->ncomments; i++)
        if (r->comments[i].header) write_comment(&b, r->comments[i].text);
    static const char *const first[] = {"Variant", "Players"};
    for (int k = 0; k < 2; k++) {
        const Tag *t = find_tag(r, first[k]);
        if (t) write_tag(&b, t);
    }
    for (int i = 0; i < r->ntags; i++)
        if (strcmp(r->tags[i].name, first[0]) != 0 && strcmp(r->tags[i].name, first[1]) != 0)
            write_tag(&b, &r->tags[i]);
    bool body = r->nmoves > 0;
    for (int i = 0; i < r->ncomments; i++) body = body || !r->comments[i].header;
    if (body && b.len) buf_str(&b, "\n");
    size_t col = 0; /* length of the current move line */
    int c = 0;
    for (int m = 0; m <= r->nmoves; m++) {
        for (; c < r->ncomments && r->comments[c].before_move <= m; c++) {
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
        free(b.s);
        return NULL;
    }
    if (len) *len = b.len;
    return b.s;
}

/* ------------------------------------------------------------ games */

/* A PUL_ERR_SCHEMA error at the tag's value, offset characters in. */
static PulStatus tag_error(PulError *err, const PulRecord *r, const Tag *t, int offset,
                           const char *fmt, ...) PUL_PRINTF(5, 6);
static PulStatus tag_error(PulError *err, const PulRecord *r, const Tag *t, int offset,
                           const char *fmt, ...) {
    char msg[sizeof err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int line = t ? t->line : 0;
    return err_set(err, PUL_ERR_SCHEMA, r->source, line, line ? t->column + offset : 0, "%s", msg);
}

/* A plain decimal number: digits only (after an optional '-' when
** allow_minus), no other character. */
static bool parse_decimal(const char *s, bool allow_minus, uint64_t max, bool *neg, uint64_t *out) {
    *neg = false;
    if (allow_minus && *s == '-') {
        *neg = true;
        s++;
    }
    if (*s < '0' || *s > '9') return false;
    uint64_t v = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        unsigned d = (unsigned)(*s - '0');
        if (v > (max - d) / 10) return false;
        v = v * 10 + d;
    }
    if (*s) return false;
    *out = v;
    return true;
}

/* Reads the Core tag into core, checking it is the tile set minus the start
** tile, each once. */
static PulStatus read_core(const PulRecord *r, const Tag *t, const PulVariant *v, uint8_t *core,
                           int *ncore, PulError *err) {
    const PulTileSet *ts = pul_variant_tileset(v);
    const char *name = pul_variant_name(v);
    int seen_at[PUL_MAX_TILES]; /* offset of the id in the value, -1 when not seen */
    for (int i = 0; i < PUL_MAX_TILES; i++) seen_at[i] = -1;
    int n = 0;
    const char *s = t->value;
    while (*s) {
        if (is_space(*s)) {
            s++;
            continue;
        }
        const char *b = s;
        while (*s && !is_space(*s)) s++;
        int wl = (int)(s - b), off = (int)(b - t->value);
        char word[24];
        snprintf(word, sizeof word, "%.*s", wl < 20 ? wl : 20, b);
        bool neg;
        uint64_t id;
        if (wl >= 20 || !parse_decimal(word, false, 1000000, &neg, &id))
            return tag_error(err, r, t, off,
                             "Core: \"%s\" is not a tile id; Core lists tile ids separated by "
                             "spaces", word);
        if (id >= (uint64_t)ts->ntiles)
            return tag_error(err, r, t, off, "Core: %s is not a tile of %s (ids 0-%d)", word,
                             name, ts->ntiles - 1);
        if ((int)id == ts->start)
            return tag_error(err, r, t, off,
                             "Core: %s is the start tile of %s, which is placed before the deal "
                             "and is not in the core", word, name);
        if (seen_at[id] >= 0)
            return tag_error(err, r, t, off,
                             "Core: tile %s is listed twice; each tile of the core appears once",
                             word);
        seen_at[id] = off;
        core[n++] = (uint8_t)id;
    }
    for (int i = 0; i < ts->ntiles; i++)
        if (i != ts->start && seen_at[i] < 0)
            return tag_error(err, r, t, 0,
                             "Core: tile %d is missing; Core lists every tile of %s but the "
                             "start tile (%d ids)", i, name, ts->ntiles - 1);
    *ncore = n;
    return PUL_OK;
}

/* Variant is not checked here: the caller made g for a variant already. */
PulStatus pul_record_start_game(const PulRecord *r, PulGame *g, PulError *err) {
    err_clear(err);
    if (!r || !g) return err_set(err, PUL_ERR_STATE, NULL, 0, 0, "no record or no game");
    const PulVariant *v = pul_game_variant(g);
    const PulRules *rules = pul_variant_rules(v);
    const Tag *pt = find_tag(r, "Players");
    if (!pt)
        return err_set(err, PUL_ERR_SCHEMA, r->source, 0, 0,
                       "the record has no Players tag; add one, as in [Players \"2\"]");
    bool neg;
    uint64_t players;
    if (!parse_decimal(pt->value, false, 1000, &neg, &players) || players < 1 ||
        players > PUL_MAX_SEATS || (int)players < rules->min_players ||
        (int)players > rules->max_players)
        return tag_error(err, r, pt, 0, "Players \"%s\": %s is played by %d to %d players",
                         pt->value, pul_variant_name(v), rules->min_players, rules->max_players);
    uint64_t seed = 0;
    const Tag *st = find_tag(r, "Seed");
    if (st && !parse_decimal(st->value, false, UINT64_MAX, &neg, &seed))
        return tag_error(err, r, st, 0,
                         "Seed \"%s\": expected an unsigned decimal number below 2^64",
                         st->value);
    const Tag *ct = find_tag(r, "Core");
    if (!ct) return pul_game_start(g, (int)players, seed, NULL, 0, err);
    uint8_t core[PUL_MAX_TILES];
    int ncore = 0;
    PulStatus s = read_core(r, ct, v, core, &ncore, err);
    if (s != PUL_OK) return s;
    return pul_game_start(g, (int)players, seed, core, ncore, err);
}

/* The record is emptied first. */
PulStatus pul_record_from_start(PulRecord *r, const PulGame *g) {
    if (!r || !g) return PUL_ERR_STATE;
    record_clear(r);
    char buf[PUL_MAX_TILES * 4 + 8];
    uint8_t core[PUL_MAX_TILES];
    int n = pul_game_core_initial(g, core);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < sizeof buf; i++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, i ? " %d" : "%d", core[i]);
    char players[16];
    snprintf(players, sizeof players, "%d", pul_game_seats(g));
    PulStatus s = pul_record_set_tag(r, "Variant", pul_variant_name(pul_game_variant(g)));
    if (s == PUL_OK) s = pul_record_set_tag(r, "Players", players);
    if (s == PUL_OK) s = pul_record_set_tag(r, "Core", buf);
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)pul_game_seed(g));
    if (s == PUL_OK) s = pul_record_set_tag(r, "Seed", seed);
    return s;
}
