/*
** text_safe.h: which characters of a modder's text may reach a terminal, and
** how to quote text that holds others in a message without passing them on.
*/
#ifndef PUL_TEXT_SAFE_H
#define PUL_TEXT_SAFE_H

#include <stdbool.h>
#include <stddef.h>

/* The code point at s (n > 0 bytes left) and its length in *used; -1 when
** the bytes there are not UTF-8 (*used is then 1). */
long text_utf8_next(const unsigned char *s, size_t n, size_t *used);

/* Why cp must not be shown raw, as a phrase that follows "U+XXXX, ": C0
** controls, DEL, C1 controls and the bidirectional controls (U+061C, U+200E,
** U+200F, U+202A-U+202E, U+2066-U+2069); NULL for any other code point. */
const char *text_unsafe(long cp);

/* The first code point of s[0..n) that is unsafe or not UTF-8: its byte
** offset, or n when there is none. *cp gets it (-1: not UTF-8). A line
** break is let through when lines is true. */
size_t text_find_unsafe(const char *s, size_t n, bool lines, long *cp);

/* s[0..n) fit for a message in buf (size >= 16): unsafe code points written
** as <U+XXXX> and bytes that are not UTF-8 as <0xXX>, cut with "..." when
** it does not fit, never in the middle of a character. Returns buf. */
const char *text_shown(const char *s, size_t n, char *buf, size_t size);

#endif
