/*
** bench.h: what `pul bench` (cmd_bench.c) shares with its side-by-side
** mode (bench_compare.c), which runs this build's bench and another's in turn.
*/
#ifndef PUL_BENCH_H
#define PUL_BENCH_H

#include <stdbool.h>

/* The arguments both builds' benches are run with (NULL: not given). */
typedef struct {
    const char *other;   /* the other pul executable */
    int rounds;
    const char *seconds, *variant, *hooks;
    bool json;
} BenchCompare;

/* Runs the rounds, prints the comparison; a CLI_ exit code. */
int bench_compare(const BenchCompare *c);

#endif
