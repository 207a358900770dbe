/*
** pmn_text.c: PMN's decimal numbers, read to the letter (no sign, no
** leading zero, no overflow), for records and the families' deal tags.
*/
#include "pmn_text.h"

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
