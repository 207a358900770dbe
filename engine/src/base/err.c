/*
** err.c: filling and formatting PulError values.
** Every failing library call reports through here instead of printing.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

/* Every error code and the status it belongs to. err_set picks the first
** code of the status; the loaders name a finer one. */
static const struct {
    const char *code;
    PulStatus status;
} codes[] = {
    {"unreadable", PUL_ERR_IO},          /* the file cannot be opened or read */
    {"yaml-syntax", PUL_ERR_SYNTAX},     /* not well-formed YAML */
    {"pmn-syntax", PUL_ERR_SYNTAX},      /* a game record not made of tags and moves */
    {"bad-encoding", PUL_ERR_SYNTAX},    /* not UTF-8 text */
    {"wrong-type", PUL_ERR_SCHEMA},      /* a list where text belongs, text for a number... */
    {"yaml-unsupported", PUL_ERR_SCHEMA},/* anchors, aliases, tags, a second document */
    {"unknown-key", PUL_ERR_SCHEMA},     /* a key the schema does not have */
    {"duplicate-key", PUL_ERR_SCHEMA},   /* a key given twice in one mapping */
    {"missing-field", PUL_ERR_SCHEMA},   /* a required key is absent */
    {"bad-value", PUL_ERR_SCHEMA},       /* right type, but not a value the field takes */
    {"duplicate-name", PUL_ERR_SCHEMA},  /* two entries share a name or symbol */
    {"bad-reference", PUL_ERR_SCHEMA},   /* names a feature, tile or variant that is not there,
                                            or a file outside the edition's roots (roots.h) */
    {"bad-tile", PUL_ERR_SCHEMA},        /* a tile the game cannot use (no micropul...) */
    {"bad-svg", PUL_ERR_SCHEMA},         /* art that is not a safe SVG fragment */
    {"pmn-tag", PUL_ERR_SCHEMA},         /* a record's tag missing, or its value not PMN's */
    {"extends-cycle", PUL_ERR_SCHEMA},   /* a variant extends itself, maybe through others */
    {"out-of-range", PUL_ERR_RANGE},     /* a number outside what the engine allows */
    {"too-long", PUL_ERR_RANGE},         /* a text longer than its field */
    {"too-large", PUL_ERR_RANGE},        /* a file or list larger than any real one */
    {"not-found", PUL_ERR_NOT_FOUND},    /* a named variant does not exist */
    {"missing-file", PUL_ERR_NOT_FOUND}, /* a file a variant names does not exist */
    {"out-of-memory", PUL_ERR_MEMORY},
    {"bad-state", PUL_ERR_STATE},        /* the call does not fit the object's state */
    {"script-error", PUL_ERR_SCRIPT},    /* a Lua script raised an error or broke the API */
    {"script-syntax", PUL_ERR_SCRIPT},   /* a Lua script does not compile */
    {"script-budget", PUL_ERR_SCRIPT},   /* a hook ran past its instruction budget */
    {"script-memory", PUL_ERR_SCRIPT},   /* a hook allocated past its memory cap */
};

PulStatus err_code_status(const char *code) {
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (strcmp(codes[i].code, code) == 0) return codes[i].status;
    return PUL_ERR_SCHEMA;
}

void err_code(PulError *err, const char *code) {
    if (err) snprintf(err->code, sizeof err->code, "%s", code);
}

static const char *status_code(PulStatus status) {
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (codes[i].status == status) return codes[i].code;
    return "";
}

PulStatus err_set(PulError *err, PulStatus status, const char *file, int line, int column,
                  const char *fmt, ...) {
    if (!err) return status;
    err->status = status;
    snprintf(err->code, sizeof err->code, "%s", status_code(status));
    snprintf(err->file, sizeof err->file, "%s", file ? file : "");
    err->line = line;
    err->column = column;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return status;
}

PulStatus err_setc(PulError *err, const char *code, const char *file, int line, int column,
                   const char *fmt, ...) {
    PulStatus status = err_code_status(code);
    if (!err) return status;
    char msg[sizeof err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    err_set(err, status, file, line, column, "%s", msg);
    err_code(err, code);
    return status;
}

void err_clear(PulError *err) {
    if (err) memset(err, 0, sizeof *err);
}

const char *pul_error_format(const PulError *err, char *buf, size_t size) {
    if (!err || size == 0) return buf;
    char code[40] = "";
    if (err->code[0]) snprintf(code, sizeof code, "%s: ", err->code);
    if (err->file[0] && err->line > 0)
        snprintf(buf, size, "%s:%d:%d: %s%s", err->file, err->line,
                 err->column > 0 ? err->column : 1, code, err->message);
    else if (err->file[0])
        snprintf(buf, size, "%s: %s%s", err->file, code, err->message);
    else
        snprintf(buf, size, "%s%s", code, err->message);
    return buf;
}

/* PUL_ASSERT's failure (common.h): an engine bug, so the one place the library
** prints; only in the checked builds. */
void check_failed(const char *expr, const char *file, int line) {
    fprintf(stderr, "%s:%d: internal check failed: %s\n", file, line, expr);
    abort();
}
