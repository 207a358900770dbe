/*
** text.h: UTF-8 and the characters never shown raw, for the whole engine
** (the public part, pul_utf8_next and pul_text_*, is in pul.h).
*/
#ifndef PUL_TEXT_H
#define PUL_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The code point at s (n > 0 bytes left), -1 when the bytes there are not
** UTF-8; *used gets the bytes it takes, 1 for such a byte, so that a walk
** over any bytes goes on one at a time. */
long text_next(const char *s, size_t n, size_t *used);

/* Characters in s[0..n), each byte that is not UTF-8 counting as one. */
size_t text_chars(const char *s, size_t n);

/* cp (at most U+10FFFF, not a surrogate) written as UTF-8; its length. */
size_t text_encode(char out[4], uint32_t cp);

/* Why cp must not be shown raw, as a phrase that follows "U+XXXX, ", for
** every cp pul_text_unsafe names; NULL for any other. */
const char *text_unsafe_why(long cp);

/* The first code point of s[0..n) that pul_text_unsafe names or that is not
** UTF-8: its byte offset, or n when there is none. *cp gets it (-1: not
** UTF-8). A line break is let through when lines is true. */
size_t text_find_unsafe(const char *s, size_t n, bool lines, long *cp);

/* s[0..n) for a message, in buf (size >= 4): escaped as pul_text_escape
** does, cut with "..." when it does not fit. Returns buf. */
const char *text_shown(const char *s, size_t n, char *buf, size_t size);

#endif
