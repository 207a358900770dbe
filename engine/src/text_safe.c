/*
** text_safe.c: the characters a shared edition must not slip into a player's
** terminal, and a quoting of hostile text that is itself safe to print.
*/
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "text_safe.h"

long text_utf8_next(const unsigned char *s, size_t n, size_t *used) {
    *used = 1;
    int extra = s[0] < 0x80    ? 0
                : s[0] >= 0xF8 ? -1
                : s[0] >= 0xF0 ? 3
                : s[0] >= 0xE0 ? 2
                : s[0] >= 0xC2 ? 1
                               : -1;
    if (extra < 0 || (size_t)extra >= n) return -1;
    long cp = extra == 0 ? s[0] : s[0] & (0x3F >> extra);
    for (int k = 1; k <= extra; k++) {
        if ((s[k] & 0xC0) != 0x80) return -1;
        cp = (cp << 6) | (s[k] & 0x3F);
    }
    /* Overlong forms and surrogates would let a control hide behind a
    ** spelling the checks do not expect. */
    static const long least[4] = {0, 0x80, 0x800, 0x10000};
    if (cp < least[extra] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return -1;
    *used = (size_t)extra + 1;
    return cp;
}

const char *text_unsafe(long cp) {
    switch (cp) {
    case 0x00:
        return "a NUL byte";
    case 0x09:
        return "a tab, a control character";
    case 0x0A:
        return "a line break";
    case 0x0D:
        return "a carriage return, a control character";
    case 0x1B:
        return "the escape character, which starts terminal commands";
    case 0x7F:
        return "DEL, a control character";
    case 0x061C:
    case 0x200E:
    case 0x200F:
        return "a bidirectional mark, which can change the order in which the text around it "
               "shows";
    default:
        break;
    }
    if (cp < 0x20) return "a control character";
    if (cp >= 0x80 && cp <= 0x9F)
        return "a C1 control character, which some terminals obey as a command";
    if ((cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069))
        return "a bidirectional control, which makes the text around it show in another "
               "order than it is written";
    return NULL;
}

size_t text_find_unsafe(const char *s, size_t n, bool lines, long *cp) {
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0, used = 1; i < n; i += used) {
        long c = text_utf8_next(u + i, n - i, &used);
        if (c < 0 || (text_unsafe(c) && !(lines && c == '\n'))) {
            *cp = c;
            return i;
        }
    }
    *cp = 0;
    return n;
}

const char *text_shown(const char *s, size_t n, char *buf, size_t size) {
    const unsigned char *u = (const unsigned char *)s;
    size_t o = 0, room = size - 4; /* "..." and the NUL always fit */
    size_t i = 0;
    while (i < n) {
        size_t used;
        long c = text_utf8_next(u + i, n - i, &used);
        char piece[16];
        size_t plen;
        if (c < 0) {
            plen = (size_t)snprintf(piece, sizeof piece, "<0x%02X>", (unsigned)u[i]);
        } else if (text_unsafe(c)) {
            plen = (size_t)snprintf(piece, sizeof piece, "<U+%04lX>", (unsigned long)c);
        } else {
            memcpy(piece, s + i, used);
            plen = used;
        }
        if (o + plen > room) break;
        memcpy(buf + o, piece, plen);
        o += plen;
        i += used;
    }
    if (i < n) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o] = '\0';
    return buf;
}
