/*
** pmn_text.h: the spelling of numbers and white space in PMN records
** (PMN.md), shared by record/ (Players, Seed) and each family's deal tags.
*/
#ifndef PUL_PMN_TEXT_H
#define PUL_PMN_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A number as PMN.md spells it: decimal digits, no sign, no leading zero,
** at most max; the whole of s[0..len). */
bool pmn_text_number(const char *s, size_t len, uint64_t max, uint64_t *out);

/* The white space that separates a tag value's words. */
static inline bool pmn_text_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

#endif
