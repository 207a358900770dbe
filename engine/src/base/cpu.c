/*
** cpu.c: the processor's features, read at the first question and kept.
** Threads may ask at once: each reads the same answer and stores it, so a
** relaxed atomic is enough and no lock is needed.
*/
#include <stdatomic.h>

#include "cpu.h"

#ifdef CPU_X86_TARGETS

enum { CPU_UNREAD, CPU_NO, CPU_YES };
static _Atomic int cpu_avx2 = CPU_UNREAD;

bool cpu_x86_avx2(void) {
    int known = atomic_load_explicit(&cpu_avx2, memory_order_relaxed);
    if (known == CPU_UNREAD) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
                        __builtin_cpu_supports("popcnt")
                    ? CPU_YES
                    : CPU_NO;
        atomic_store_explicit(&cpu_avx2, known, memory_order_relaxed);
    }
    return known == CPU_YES;
}

#else

bool cpu_x86_avx2(void) { return false; }

#endif
