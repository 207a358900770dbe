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

/* Longest number pmn_text_put_int writes: "-9223372036854775808". */
#define PMN_TEXT_INT_MAX 20
/* v in decimal, a '-' before a negative one, at out (PMN_TEXT_INT_MAX bytes
** of room, no NUL): its length. Move texts are printed at every protocol
** reply and record line, where snprintf cost a tenth of a whole game. */
size_t pmn_text_put_int(char *out, int64_t v);

/* text[0..len) copied to buf as snprintf copies (at most size - 1 bytes and
** a NUL, nothing when size is 0): returns len. */
int pmn_text_give(const char *text, size_t len, char *buf, size_t size);

/* The white space that separates a tag value's words. */
static inline bool pmn_text_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

#endif
