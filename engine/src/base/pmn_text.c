/*
** pmn_text.c: PMN's decimal numbers, read to the letter (no sign, no
** leading zero, no overflow), for records and the families' deal tags.
*/
#include "pmn_text.h"

#include <string.h>

bool pmn_text_number(const char *s, size_t len, uint64_t max, uint64_t *out) {
    if (len == 0 || len > 20 || (s[0] == '0' && len > 1)) return false;
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (max - d) / 10) return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

size_t pmn_text_put_int(char *out, int64_t v) {
    char digits[PMN_TEXT_INT_MAX];
    size_t n = 0, len = 0;
    /* The magnitude as unsigned, so that INT64_MIN has one too. */
    uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do {
        digits[n++] = (char)('0' + m % 10);
        m /= 10;
    } while (m);
    if (v < 0) out[len++] = '-';
    while (n) out[len++] = digits[--n];
    return len;
}

int pmn_text_give(const char *text, size_t len, char *buf, size_t size) {
    if (buf && size) {
        size_t n = len < size - 1 ? len : size - 1;
        memcpy(buf, text, n);
        buf[n] = '\0';
    }
    return (int)len;
}
