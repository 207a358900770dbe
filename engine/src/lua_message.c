/*
** lua_message.c: the text of a script's error, made safe where it is made.
** A script chooses its messages; they reach terminals, JSON and records.
*/
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lua_message.h"

/* The length of the well-formed UTF-8 sequence at s (1 to 4) and its code
** point, or 0: no overlong forms, no surrogates, nothing past U+10FFFF. */
static int decode(const unsigned char *s, uint32_t *cp) {
    unsigned c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    int n;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        *cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        *cp = c & 0x0F;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        *cp = c & 0x07;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else {
        return 0;
    }
    for (int i = 1; i < n; i++) {
        unsigned b = s[i];
        if (b < (i == 1 ? lo : 0x80) || b > (i == 1 ? hi : 0xBF)) return 0;
        *cp = (*cp << 6) | (b & 0x3F);
    }
    return n;
}

/* The characters that reorder or hide what a reader sees, or break a line. */
static int is_invisible(uint32_t cp) {
    return (cp >= 0x80 && cp <= 0x9F) || cp == 0x061C || cp == 0x200E || cp == 0x200F ||
           (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x2028 ||
           cp == 0x2029;
}

char *message_clean(const char *text, char *out, size_t size) {
    const unsigned char *s = (const unsigned char *)text;
    size_t n = 0, room = size - 4; /* "..." and the terminating zero */
    while (*s) {
        char piece[16];
        uint32_t cp = 0;
        int k = decode(s, &cp);
        size_t len;
        if (k == 0) {
            len = (size_t)snprintf(piece, sizeof piece, "\\x%02X", *s);
            k = 1;
        } else if (cp < 0x20 || cp == 0x7F) {
            len = (size_t)snprintf(piece, sizeof piece, "\\x%02X", (unsigned)cp);
        } else if (is_invisible(cp)) {
            len = (size_t)snprintf(piece, sizeof piece, "\\u{%X}", (unsigned)cp);
        } else {
            memcpy(piece, s, (size_t)k);
            len = (size_t)k;
        }
        if (n + len > room) {
            memcpy(out + n, "...", 3);
            n += 3;
            break;
        }
        memcpy(out + n, piece, len);
        n += len;
        s += k;
    }
    out[n] = '\0';
    return out;
}
