/*
** fuzz_common.h: what the fuzz targets share: reporting a broken contract
** (abort, so libFuzzer keeps the input) and the contract of every PulError.
*/
#ifndef PUL_FUZZ_COMMON_H
#define PUL_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pul.h"

/* Each target names itself for the messages ("fuzz_records"). */
extern const char fuzz_target[];

/* Print what broke (and the error, if any) and abort. */
_Noreturn void fuzz_breach(const char *what, const PulError *err);
/* The same with a printf-style message. */
_Noreturn void fuzz_breachf(const PulError *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* What every failure leaves: status (the one returned, when returned is
** not PUL_OK), a code that belongs to that status, a message, and text
** fields that end within their arrays. */
void fuzz_check_failure(const PulError *err, PulStatus returned);

/* A NUL within the array: a text field that can be printed. */
static inline bool fuzz_terminated(const char *s, size_t size) {
    for (size_t i = 0; i < size; i++)
        if (!s[i]) return true;
    return false;
}

/* A cursor over the input, for targets that decode choices from it: once
** the bytes are used up every choice is 0, so any input decodes. */
typedef struct {
    const uint8_t *p, *end;
} FuzzBytes;

static inline unsigned fuzz_byte(FuzzBytes *b) {
    return b->p < b->end ? *b->p++ : 0;
}

/* A choice in [0, n), n >= 1. */
static inline unsigned fuzz_pick(FuzzBytes *b, unsigned n) {
    return n <= 1 ? 0 : fuzz_byte(b) % n;
}

/* FNV-1a of the input: seeds for what the input does not spell out. */
static inline uint64_t fuzz_hash(const uint8_t *data, size_t size) {
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < size; i++) h = (h ^ data[i]) * 1099511628211ull;
    return h;
}

#endif
