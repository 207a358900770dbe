/*
** runner.c: the one program of every unit test (tests/CMakeLists.txt): each test_*.c's main
** is compiled as pul_unit_NAME, and `pul_unit_tests NAME` runs that test alone, as its own
** program would; one link instead of one per test (link-time optimisation, emcc).
*/
#include <stdio.h>
#include <string.h>

/* PUL_UNIT_LIST: PUL_UNIT(name) for each test, written by tests/CMakeLists.txt. */
#include "pul_unit_list.h"

#define PUL_UNIT(name) int pul_unit_##name(void);
PUL_UNIT_LIST
#undef PUL_UNIT

static const struct {
    const char *name;
    int (*run)(void);
} units[] = {
#define PUL_UNIT(name) {#name, pul_unit_##name},
    PUL_UNIT_LIST
#undef PUL_UNIT
};

int main(int argc, char **argv) {
    size_t n = sizeof units / sizeof units[0];
    if (argc == 2) {
        for (size_t i = 0; i < n; i++) {
            if (strcmp(argv[1], units[i].name) == 0) return units[i].run();
        }
    }
    fprintf(stderr, "usage: pul_unit_tests TEST, the TEST one of:\n");
    for (size_t i = 0; i < n; i++) fprintf(stderr, "  %s\n", units[i].name);
    return 2;
}
