/*
** cpu.h: what the processor offers the engine's vector paths (issue 15), read
** once and kept, so that a hot path's choice is one load, never a query.
*/
#ifndef PUL_CPU_H
#define PUL_CPU_H

#include <stdbool.h>

/* Whether this x86 processor runs AVX2, BMI1 and POPCNT, the instructions of
** the placement lists' AVX2 paths (Micropul's legal_list.c, Genial's
** genial_list_avx2.c); false on every other processor and in the wasm build. */
bool cpu_x86_avx2(void);

/* Whether this compiler builds functions for AVX2 with a target attribute
** while the rest of the engine keeps the baseline (gcc and clang on x86). */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__)) && !defined(__EMSCRIPTEN__)
#define CPU_X86_TARGETS 1
#endif

#endif
