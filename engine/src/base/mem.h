/*
** mem.h: the engine's one allocation choke point (mem.c). Every block the engine
** allocates comes from here; a hook can return here the day a caller needs one.
*/
#ifndef PUL_MEM_H
#define PUL_MEM_H

#include <stddef.h>

/* The C library's allocator underneath: a block from mem_alloc, mem_calloc,
** mem_realloc or mem_strdup may be given to free() by a caller of the public
** API (pul_record_write's text, pul_theme_load's theme), and a block malloc'd
** outside may be given to mem_free. Each returns NULL when out of memory. */
void *mem_alloc(size_t n);
void *mem_calloc(size_t count, size_t size);
/* As realloc: p NULL allocates; on failure p is left as it was. */
void *mem_realloc(void *p, size_t n);
/* p may be NULL. */
void mem_free(void *p);
/* A malloc'd copy of the string s. */
char *mem_strdup(const char *s);

#endif
