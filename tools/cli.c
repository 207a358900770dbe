/*
** cli.c: the helpers of cli.h: option parsing, checked numbers, variant
** opening, safe text and JSON strings, so every sub-command reports alike.
*/
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void cli_init(CliParser *p, const char *cmd, int argc, char **argv) {
    p->cmd = cmd;
    p->argc = argc;
    p->argv = argv;
    p->i = 1;
    p->operands_only = false;
}

static int find_long(const CliOption *opts, const char *name, size_t len) {
    for (int k = 0; opts[k].name; k++)
        if (strlen(opts[k].name) == len && strncmp(opts[k].name, name, len) == 0) return k;
    return -1;
}

static void unknown_option(const CliParser *p, const CliOption *opts, const char *arg) {
    const char *names[64];
    char spelled[64][PUL_NAME_MAX + 2];
    int n = 0;
    for (int k = 0; opts[k].name && n < 64; k++) {
        snprintf(spelled[n], sizeof spelled[n], "--%s", opts[k].name);
        names[n] = spelled[n];
        n++;
    }
    char word[64];
    size_t len = strcspn(arg, "=");
    snprintf(word, sizeof word, "%.*s", (int)(len < sizeof word ? len : sizeof word - 1), arg);
    const char *near = cli_did_you_mean(word, names, n);
    if (near)
        cli_error(p->cmd, "unknown option %s; did you mean %s? (see pul %s --help)", word, near,
                  p->cmd);
    else
        cli_error(p->cmd, "unknown option %s (see pul %s --help)", word, p->cmd);
}

int cli_next(CliParser *p, const CliOption *opts, const char **value) {
    *value = NULL;
    if (p->i >= p->argc) return CLI_END;
    const char *arg = p->argv[p->i++];
    if (p->operands_only || arg[0] != '-' || arg[1] == '\0') {
        *value = arg;
        return CLI_OPERAND;
    }
    if (strcmp(arg, "--") == 0) {
        p->operands_only = true;
        return cli_next(p, opts, value);
    }
    int k;
    const char *inline_value = NULL;
    if (arg[1] == '-') {
        const char *name = arg + 2;
        const char *eq = strchr(name, '=');
        k = find_long(opts, name, eq ? (size_t)(eq - name) : strlen(name));
        if (eq) inline_value = eq + 1;
    } else {
        k = -1;
        if (arg[2] == '\0')
            for (int j = 0; opts[j].name; j++)
                if (opts[j].short_name && opts[j].short_name == arg[1]) k = j;
    }
    if (k < 0) {
        unknown_option(p, opts, arg);
        return CLI_ERROR;
    }
    if (!opts[k].takes_value) {
        if (inline_value) {
            cli_error(p->cmd, "--%s takes no value", opts[k].name);
            return CLI_ERROR;
        }
        return k;
    }
    if (inline_value) {
        *value = inline_value;
    } else if (p->i < p->argc) {
        *value = p->argv[p->i++];
    } else {
        cli_error(p->cmd, "--%s needs a value (see pul %s --help)", opts[k].name, p->cmd);
        return CLI_ERROR;
    }
    return k;
}

bool cli_parse_int(const char *cmd, const char *opt, const char *text, long min, long max,
                   long *out) {
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    /* strtol also takes blanks and a '+' before the number: only digits here. */
    const char *digits = text[0] == '-' ? text + 1 : text;
    if (digits[0] < '0' || digits[0] > '9' || *end != '\0' || errno == ERANGE || v < min ||
        v > max) {
        cli_error(cmd, "%s must be a whole number from %ld to %ld, not \"%s\"", opt, min, max, text);
        return false;
    }
    *out = v;
    return true;
}

bool cli_parse_u64_range(const char *cmd, const char *opt, const char *text, uint64_t min,
                         uint64_t max, uint64_t *out) {
    char *end;
    errno = 0;
    /* strtoull accepts "-1" and wraps it, so a sign is refused first. */
    unsigned long long v = strtoull(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno == ERANGE || v < min ||
        v > max) {
        cli_error(cmd, "%s must be a whole number from %llu to %llu, not \"%s\"", opt,
                  (unsigned long long)min, (unsigned long long)max, text);
        return false;
    }
    *out = (uint64_t)v;
    return true;
}

bool cli_parse_u64(const char *cmd, const char *opt, const char *text, uint64_t *out) {
    return cli_parse_u64_range(cmd, opt, text, 0, UINT64_MAX, out);
}

bool cli_parse_double(const char *cmd, const char *opt, const char *text, double min, double max,
                      double *out) {
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    /* strtod also takes blanks before the number and hex ("0x1p-3"): refused. */
    const char *digits = text[0] == '-' ? text + 1 : text;
    bool plain = (digits[0] >= '0' && digits[0] <= '9') || digits[0] == '.';
    if (!plain || strpbrk(text, "xX") || *end != '\0' || errno == ERANGE || !isfinite(v) ||
        v < min || v > max) {
        cli_error(cmd, "%s must be a number from %g to %g, not \"%s\"", opt, min, max, text);
        return false;
    }
    *out = v;
    return true;
}

const char *cli_action_text(const PulVariant *v, const PulAction *a, char *buf, size_t size) {
    if (pul_action_format(v, a, buf, size) >= 0) return buf;
    if (a->kind == PUL_TAKE)
        snprintf(buf, size, "t (a take at random)");
    else
        snprintf(buf, size, "(not an action: kind %d)", a->kind);
    return buf;
}

void cli_score(const PulGame *g, int seat, CliScore *out) {
    memset(out, 0, sizeof *out);
    PulScorePart part[PUL_SCORE_PARTS_MAX];
    int n = pul_game_score_parts(g, seat, part, PUL_SCORE_PARTS_MAX);
    for (int i = 0; i < n && i < PUL_SCORE_PARTS_MAX; i++) {
        out->total += part[i].points;
        if (part[i].kind >= 0 && part[i].kind < PUL_SCORE_PARTS_MAX) {
            out->points[part[i].kind] += part[i].points;
            out->count[part[i].kind] += part[i].count;
        }
    }
}

const char *cli_did_you_mean(const char *word, const char *const *candidates, int n) {
    size_t len = strlen(word);
    const char *near = pul_text_suggest(word, len, candidates, n);
    if (near || len < 2) return near;
    /* A typed prefix ("ref") is as good a hint, when only one name has it. */
    for (int k = 0; k < n; k++) {
        if (strncmp(candidates[k], word, len) != 0) continue;
        if (near) return NULL;
        near = candidates[k];
    }
    return near;
}

bool cli_drawable(const char *cmd, const PulVariant *v) {
    const char *family = pul_variant_family(v);
    if (strcmp(family, "micropul") == 0) return true;
    cli_error(cmd,
              "%s is an edition of the %s family, which has neither a Micropul tile set nor "
              "a board for %s to draw; pul referee checks its records and pul sim runs it",
              pul_variant_name(v), family, cmd);
    return false;
}

PulVariant *cli_open_variant(const char *cmd, const char *name) {
    PulError err;
    memset(&err, 0, sizeof err);
    PulVariant *v = pul_variant_open(name, cli_search_dirs(NULL), &err);
    if (!v) {
        char buf[1024];
        cli_error(cmd, "%s", pul_error_format(&err, buf, sizeof buf));
    }
    return v;
}

PulRecord *cli_read_record(const char *path, PulError *err) {
    PulRecord *rec = pul_record_new();
    if (!rec) {
        snprintf(err->message, sizeof err->message, "out of memory");
        snprintf(err->code, sizeof err->code, "out-of-memory");
        err->status = PUL_ERR_MEMORY;
        return NULL;
    }
    PulStatus st = !path || strcmp(path, "-") == 0
                       ? pul_record_load_stream(rec, stdin, "<stdin>", err)
                       : pul_record_load_file(rec, path, err);
    if (st == PUL_OK) return rec;
    pul_record_free(rec);
    return NULL;
}

PulVariant *cli_record_variant(const PulRecord *rec, const char *trusted, PulError *err) {
    if (trusted) {
        /* The person named this edition: it may be a path, and it is opened
        ** even when the record's tag is wrong, to say which edition it is. */
        PulVariant *v = pul_variant_open(trusted, cli_search_dirs(NULL), err);
        if (!v) return NULL;
        if (pul_record_check_variant(rec, v, err) == PUL_OK) return v;
        pul_variant_free(v);
        return NULL;
    }
    PulVariant *v = pul_record_open_variant(rec, cli_search_dirs(NULL), err);
    if (!v && pul_record_tag(rec, "Variant") &&
        (strcmp(err->code, "pmn-tag") == 0 || strcmp(err->code, "not-found") == 0)) {
        size_t n = strlen(err->message);
        snprintf(err->message + n, sizeof err->message - n,
                 "; to use an edition you trust, by name or by path, give it with --variant");
    }
    return v;
}

/* ------------------------------------------------------------ safe text */

/* One character of s (n > 0 bytes left): its length, its code point in *cp
** (-1: not UTF-8) and its escape in esc, "" when it shows as it is. */
static int next_char(const char *s, size_t n, long *cp, char esc[CLI_ESC_MAX]) {
    uint32_t c;
    int len = pul_utf8_next(s, n, &c);
    *cp = len ? (long)c : -1;
    if (len && !pul_text_unsafe(c))
        esc[0] = '\0';
    else
        pul_text_escape(esc, CLI_ESC_MAX, s, len ? (size_t)len : 1, NULL);
    return len ? len : 1;
}

int cli_text_char(const char *s, char esc[CLI_ESC_MAX]) {
    long cp;
    return next_char(s, SIZE_MAX, &cp, esc);
}

const char *cli_text(char *buf, size_t size, const char *s) {
    pul_text_escape(buf, size, s, strlen(s), "\xe2\x80\xa6"); /* U+2026, the ellipsis */
    return buf;
}

void cli_put_text(FILE *f, const char *s) {
    const char *run = s; /* the safe bytes not written yet */
    for (const char *p = s; *p;) {
        char esc[CLI_ESC_MAX];
        int len = cli_text_char(p, esc);
        if (esc[0]) {
            fwrite(run, 1, (size_t)(p - run), f);
            fputs(esc, f);
            run = p + len;
        }
        p += len;
    }
    fputs(run, f);
}

void cli_error(const char *cmd, const char *fmt, ...) {
    char msg[4096];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    bool cut = n >= (int)sizeof msg;
    if (cut) {
        /* A character vsnprintf cut in two is dropped, not shown as bytes:
        ** what does not decode in the last three bytes goes. */
        size_t len = strlen(msg), keep = 0;
        for (size_t at = 0; at < len;) {
            uint32_t cp;
            int k = pul_utf8_next(msg + at, len - at, &cp);
            bool whole = k || len - at > 3;
            at += k ? (size_t)k : 1;
            if (whole) keep = at;
        }
        msg[keep] = '\0';
    }
    fprintf(stderr, "pul %s: ", cmd);
    cli_put_text(stderr, msg);
    if (cut) fputs("\xe2\x80\xa6", stderr);
    fputc('\n', stderr);
}

int cli_xml_char(const char *s, char out[CLI_ESC_MAX]) {
    static const char markup[] = "&<>\"'";
    static const char *const entity[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&#39;"};
    const char *m = *s ? strchr(markup, *s) : NULL;
    if (m) {
        snprintf(out, CLI_ESC_MAX, "%s", entity[m - markup]);
        return 1;
    }
    return cli_text_char(s, out);
}

/* The letter of JSON's two-character escape of cp ('n' for a line feed), or 0. */
char cli_json_short(long cp) {
    switch (cp) {
    case '"': return '"';
    case '\\': return '\\';
    case '\b': return 'b';
    case '\f': return 'f';
    case '\n': return 'n';
    case '\r': return 'r';
    case '\t': return 't';
    default: return 0;
    }
}

size_t cli_decimal(char out[CLI_DECIMAL_MAX], uint64_t u, bool negative) {
    char digits[CLI_DECIMAL_MAX];
    size_t n = 0, len = 0;
    do {
        digits[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (negative) out[len++] = '-';
    while (n) out[len++] = digits[--n];
    return len;
}

void cli_json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (size_t i = 0, n = strlen(s); i < n;) {
        long cp;
        char esc[CLI_ESC_MAX];
        int len = next_char(s + i, n - i, &cp, esc);
        if (cp < 0)
            fputs("\xef\xbf\xbd", f); /* U+FFFD, the replacement character */
        else if (cli_json_short(cp))
            fprintf(f, "\\%c", cli_json_short(cp));
        else if (esc[0])
            fprintf(f, "\\u%04x", (unsigned)cp);
        else
            fwrite(s + i, 1, (size_t)len, f);
        i += (size_t)len;
    }
    fputc('"', f);
}

/* Columns by the engine's one table (pul_text_width), which the loaders use
** for glyphs too; a variation selector 16 asks for the emoji form, two cells. */
int cli_display_width(const char *s) {
    int width = 0, last = 0;
    for (size_t i = 0, n = strlen(s); i < n;) {
        long cp;
        char esc[CLI_ESC_MAX];
        i += (size_t)next_char(s + i, n - i, &cp, esc);
        int w = esc[0] ? (int)strlen(esc) : pul_text_width((uint32_t)cp);
        if (cp == 0xFE0F && last == 1) w = 1; /* the emoji form widens the character before */
        width += w;
        if (w) last = w;
    }
    return width;
}

/* Set once by main before any command runs, then only read. */
static const char *cli_program_path = "pul";

void cli_set_program(const char *path) {
    if (path && *path) cli_program_path = path;
}

const char *cli_program(void) { return cli_program_path; }
