/*
** error.c: filling and formatting PulError values.
** Every failing library call reports through here instead of printing.
*/
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

PulStatus err_set(PulError *err, PulStatus status, const char *file, int line, int column,
                  const char *fmt, ...) {
    if (!err) return status;
    err->status = status;
    snprintf(err->file, sizeof err->file, "%s", file ? file : "");
    err->line = line;
    err->column = column;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return status;
}

void err_clear(PulError *err) {
    if (err) memset(err, 0, sizeof *err);
}

const char *pul_error_format(const PulError *err, char *buf, size_t size) {
    if (!err || size == 0) return buf;
    if (err->file[0] && err->line > 0)
        snprintf(buf, size, "%s:%d:%d: %s", err->file, err->line, err->column > 0 ? err->column : 1,
                 err->message);
    else if (err->file[0])
        snprintf(buf, size, "%s: %s", err->file, err->message);
    else
        snprintf(buf, size, "%s", err->message);
    return buf;
}

void *mem_default_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}
