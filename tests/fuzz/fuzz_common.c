/*
** fuzz_common.c: the contract checks the fuzz targets share (fuzz_common.h):
** a broken one is reported on stderr and aborts, so the input is kept.
*/
#include "fuzz_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h" /* err_code_status: which status each error code belongs to */

_Noreturn void fuzz_breach(const char *what, const PulError *err) {
    fprintf(stderr, "%s: contract broken: %s\n", fuzz_target, what);
    if (err) {
        /* The fields may be the broken part: print them within their arrays. */
        fprintf(stderr, "  status %d, code \"%.*s\", file \"%.*s\", line %d, column %d\n",
                (int)err->status, (int)sizeof err->code, err->code, (int)sizeof err->file,
                err->file, err->line, err->column);
        fprintf(stderr, "  message \"%.*s\"\n", (int)sizeof err->message, err->message);
    }
    abort();
}

_Noreturn void fuzz_breachf(const PulError *err, const char *fmt, ...) {
    char what[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    fuzz_breach(what, err);
}

void fuzz_check_failure(const PulError *err, PulStatus returned) {
    if (!fuzz_terminated(err->code, sizeof err->code) ||
        !fuzz_terminated(err->file, sizeof err->file) ||
        !fuzz_terminated(err->message, sizeof err->message))
        fuzz_breach("a PulError text field is not NUL-terminated", err);
    if (err->status == PUL_OK) fuzz_breach("a failure whose error's status is PUL_OK", err);
    if (returned != PUL_OK && err->status != returned)
        fuzz_breach("the status returned is not the error's", err);
    if (!err->code[0]) fuzz_breach("a failure with an empty error code", err);
    if (err_code_status(err->code) != err->status)
        fuzz_breach("the error code is not one of its status (err.c's table)", err);
    if (!err->message[0]) fuzz_breach("a failure with an empty message", err);
    if (err->line < 0 || err->column < 0) fuzz_breach("negative line or column", err);
}
