/*
** genial_list.h: the writers of Genial's placement list (genial_legal.c's
** hot loop, issue 15): each candidate pair's block of the rack's orientations.
** Three writers give the same bytes, one chosen once at run time from what the
** processor has (AVX2, SSE2, or portable C for the wasm build and others);
** tests force each in turn (test_genial_list.c).
*/
#ifndef PUL_GENIAL_LIST_H
#define PUL_GENIAL_LIST_H

#include "genial_state.h"

/* The rack's orientations: each distinct kind once, in kind-index order,
** flip 0 then flip 1 (not for a double): the placements one candidate pair
** offers, in list order. Every pair offers the same ones, so a placement's
** rank is pair rank x n + orientation. */
typedef struct {
    int n;
    uint8_t kind[2 * GENIAL_RACK_MAX], flip[2 * GENIAL_RACK_MAX];
} GenialOrient;

/* Writes the placements of o (n >= 1) on every pair of cand (npairs >= 1 of
** them), pair-id order, each pair's block of o's orientations, from out on:
** exactly npairs x n placements, and nothing past them. */
typedef void GenialListWriter(const GenialVariant *gv, const GenialArea *a, const uint64_t *cand,
                              const GenialOrient *o, PulAction *out, int npairs);

/* The AVX2 writer is built for x86 compilers that take a function's target
** (gcc, clang) and chosen only where the processor runs it (cpu_x86_avx2). */
#include "cpu.h"
#ifdef CPU_X86_TARGETS
#define GENIAL_LIST_HAS_AVX2 1
#endif

enum { GENIAL_LIST_PORTABLE, GENIAL_LIST_SSE2, GENIAL_LIST_AVX2, GENIAL_LIST_PATHS };

/* The writer this processor runs best, found at the first call and kept. */
GenialListWriter *genial_list_writer(void);
/* Makes path (GENIAL_LIST_*) the writer from now on, for tests; false, and
** nothing changed, when this build or processor lacks it. */
bool genial_list_use(int path);

/* The writers themselves (genial_list.c, genial_list_avx2.c); a path this
** build lacks is NULL. */
extern GenialListWriter *const genial_list_path[GENIAL_LIST_PATHS];

#endif
