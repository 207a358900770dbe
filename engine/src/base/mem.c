/*
** mem.c: the only file of the engine that calls the C library's allocator,
** so that allocation can be counted, checked or redirected in one place.
*/
#include <stdlib.h>
#include <string.h>

#include "mem.h"

void *mem_alloc(size_t n) { return malloc(n); }

void *mem_calloc(size_t count, size_t size) { return calloc(count, size); }

void *mem_realloc(void *p, size_t n) { return realloc(p, n); }

void mem_free(void *p) { free(p); }

char *mem_strdup(const char *s) {
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}
