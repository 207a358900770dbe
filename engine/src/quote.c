/*
** quote.c: values cut for messages (quote.h), for the record reader and the
** pul command alike, so every message about a hostile value is short.
*/
#include "quote.h"

#include <stdio.h>
#include <string.h>

const char *quote_cut(const char *s, size_t len, char *out, size_t size) {
    if (!out || size == 0) return out;
    const char *nul = memchr(s, '\0', len);
    if (nul) len = (size_t)(nul - s);
    if (len <= QUOTE_MAX) {
        snprintf(out, size, "%.*s", (int)len, s);
        return out;
    }
    size_t keep = QUOTE_MAX;
    /* Back up over continuation bytes so no character is split. */
    while (keep > 0 && ((unsigned char)s[keep] & 0xC0) == 0x80) keep--;
    snprintf(out, size, "%.*s... (%zu bytes)", (int)keep, s, len);
    return out;
}
