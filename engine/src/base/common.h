/*
** common.h: helpers shared by the engine's modules (not public).
** Errors are values: modules fill a PulError, nothing prints.
*/
#ifndef PUL_COMMON_H
#define PUL_COMMON_H

#include "pul.h"

#if defined(__GNUC__)
#define PUL_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define PUL_LIKELY(x) __builtin_expect(!!(x), 1)
#define PUL_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define PUL_PRINTF(f, a)
#define PUL_LIKELY(x) (x)
#define PUL_UNLIKELY(x) (x)
#endif

/* The largest points_* rule parameter, either sign (the table of
** params.c, which a unit test holds to it); the counters of points are
** as wide as it requires (game.h). */
#define RULES_POINTS_MAX 1000

/* Index of the lowest set bit of x (x != 0). */
static inline int lowest_set64(uint64_t x) {
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int i = 0;
    while (!(x & 1u)) {
        x >>= 1;
        i++;
    }
    return i;
#endif
}

/* Index of the lowest set bit of x (x != 0). */
static inline int lowest_set(unsigned x) { return lowest_set64(x); }

/* Set bits of x. Without a popcount instruction (__POPCNT__: the x86-64
** baseline has none) gcc makes __builtin_popcountll a library call; the
** bit-sliced sum below is inline and has no branch. */
static inline int popcount64(uint64_t x) {
#if defined(__GNUC__) && (defined(__POPCNT__) || !defined(__x86_64__))
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
#endif
}

/* An internal invariant, checked in the sanitizer builds (PUL_CHECKS, set by
** PUL_SANITIZE and PUL_TSAN) and free in the others. Only for what the engine's
** own code guarantees, never for input: bad input is an error value. A failed
** check prints the expression and its place to stderr and aborts. */
#ifdef PUL_CHECKS
#define PUL_ASSERT(c) ((c) ? (void)0 : check_failed(#c, __FILE__, __LINE__))
#else
#define PUL_ASSERT(c) ((void)sizeof(!(c)))   /* compiled, never evaluated */
#endif
#if defined(__GNUC__)
__attribute__((noreturn))
#endif
void check_failed(const char *expr, const char *file, int line);

/* Fill err (if not NULL) and return status. file may be NULL. */
PulStatus err_set(PulError *err, PulStatus status, const char *file, int line, int column,
                  const char *fmt, ...) PUL_PRINTF(6, 7);
/* The same with an error code (the table in err.c); the status follows from it. */
PulStatus err_setc(PulError *err, const char *code, const char *file, int line, int column,
                   const char *fmt, ...) PUL_PRINTF(6, 7);
void err_clear(PulError *err);
/* Replace the code err_set derived from the status with a finer one. */
void err_code(PulError *err, const char *code);
/* The status an error code stands for (the table in err.c). */
PulStatus err_code_status(const char *code);

#endif
