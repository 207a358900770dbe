/*
** cli.c: the helpers of cli.h: option parsing, checked numbers, variant
** opening and JSON strings, so that every sub-command reports errors alike.
*/
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "suggest.h" /* the engine's edit distance, shared rather than written twice */

void cli_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "pul %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

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

const char *cli_action_text(const PulAction *a, char *buf, size_t size) {
    if (pul_action_format(a, buf, size) >= 0) return buf;
    if (a->kind == PUL_TAKE)
        snprintf(buf, size, "t (a take at random)");
    else
        snprintf(buf, size, "(not an action: kind %d)", a->kind);
    return buf;
}

const char *cli_did_you_mean(const char *word, const char *const *candidates, int n) {
    size_t len = strlen(word);
    const char *near = suggest_pick(word, len, candidates, n);
    if (near || len < 2) return near;
    /* A typed prefix ("ref") is as good a hint, when only one name has it. */
    for (int k = 0; k < n; k++) {
        if (strncmp(candidates[k], word, len) != 0) continue;
        if (near) return NULL;
        near = candidates[k];
    }
    return near;
}

PulVariant *cli_open_variant(const char *cmd, const char *name) {
    PulError err;
    memset(&err, 0, sizeof err);
    PulVariant *v = pul_variant_open(name, NULL, &err);
    if (!v) {
        char buf[1024];
        cli_error(cmd, "%s", pul_error_format(&err, buf, sizeof buf));
    }
    return v;
}

void cli_json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        switch (*c) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        case '\b': fputs("\\b", f); break;
        case '\f': fputs("\\f", f); break;
        default:
            if (*c < 0x20)
                fprintf(f, "\\u%04x", *c);
            else
                fputc(*c, f);
        }
    }
    fputc('"', f);
}

/* East Asian wide and fullwidth characters and emoji take two terminal cells;
** combining marks, zero-width characters and variation selectors none; a
** variation selector 16 asks for the emoji form, two cells. A rough table of
** the common blocks, enough for glyphs and names in the four languages. */
static int codepoint_width(unsigned cp) {
    if (cp == 0 || (cp >= 0x300 && cp <= 0x36F) || (cp >= 0x200B && cp <= 0x200F) ||
        (cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0x20D0 && cp <= 0x20FF) || cp == 0x2060)
        return 0;
    bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0x303E) ||
                (cp >= 0x3041 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3) ||
                (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) ||
                (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0xFFE0 && cp <= 0xFFE6) ||
                (cp >= 0x1F300 && cp <= 0x1F64F) || (cp >= 0x1F900 && cp <= 0x1F9FF) ||
                (cp >= 0x1FA70 && cp <= 0x1FAFF) || (cp >= 0x1F680 && cp <= 0x1F6FF) ||
                cp >= 0x20000;
    return wide ? 2 : 1;
}

int cli_display_width(const char *s) {
    int width = 0, last = 0;
    for (const unsigned char *c = (const unsigned char *)s; *c;) {
        unsigned cp = *c++;
        int extra = cp >= 0xF0 ? 3 : cp >= 0xE0 ? 2 : cp >= 0xC0 ? 1 : 0;
        cp &= 0x7Fu >> extra; /* the lead byte's payload bits */
        for (; extra && (*c & 0xC0) == 0x80; extra--, c++) cp = (cp << 6) | (*c & 0x3F);
        int w = codepoint_width(cp);
        if (cp == 0xFE0F && last == 1) w = 1; /* the emoji form widens the character before */
        width += w;
        if (w) last = w;
    }
    return width;
}
