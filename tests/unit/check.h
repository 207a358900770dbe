/*
** check.h: the few assertion macros the unit tests share.
** A failed check prints file:line and the values, and the test exits 1.
*/
#ifndef PUL_CHECK_H
#define PUL_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_failures;

#define CHECK(cond)                                                               \
    do {                                                                          \
        if (!(cond)) {                                                            \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            check_failures++;                                                     \
        }                                                                         \
    } while (0)

#define CHECK_INT(a, b)                                                                   \
    do {                                                                                  \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);                   \
        if (check_a_ != check_b_) {                                                       \
            fprintf(stderr, "%s:%d: %s is %lld, expected %lld\n", __FILE__, __LINE__, #a, \
                    check_a_, check_b_);                                                  \
            check_failures++;                                                             \
        }                                                                                 \
    } while (0)

#define CHECK_STR(a, b)                                                                     \
    do {                                                                                    \
        const char *check_a_ = (a), *check_b_ = (b);                                        \
        if (!check_a_ || !check_b_ || strcmp(check_a_, check_b_) != 0) {                    \
            fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, __LINE__, #a, \
                    check_a_ ? check_a_ : "(null)", check_b_ ? check_b_ : "(null)");        \
            check_failures++;                                                               \
        }                                                                                   \
    } while (0)

/* Run one test function and report it by name. */
#define RUN(fn)                                                               \
    do {                                                                      \
        int check_before_ = check_failures;                                   \
        fn();                                                                 \
        fprintf(stderr, "%s %s\n", check_failures == check_before_ ? "ok  " : "FAIL", #fn); \
    } while (0)

#define CHECK_DONE() (check_failures ? 1 : 0)

#endif
