/*
** quote.h: a value from a file as a message quotes it: whole when short,
** else cut, with its size, so a hostile file cannot flood a terminal.
*/
#ifndef PUL_QUOTE_H
#define PUL_QUOTE_H

#include <stddef.h>

/* Bytes of a value a message shows: enough to recognise it. */
#define QUOTE_MAX 60
/* A buffer that holds any quote_cut result. */
#define QUOTE_SIZE (QUOTE_MAX + 40)

/* s (len bytes) for a message: s itself when at most QUOTE_MAX bytes, else
** its first QUOTE_MAX bytes (fewer, to end on a whole UTF-8 character) and
** "... (N bytes)". NUL bytes in s end it. Returns out. */
const char *quote_cut(const char *s, size_t len, char *out, size_t size);

#endif
