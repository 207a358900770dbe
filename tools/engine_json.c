/*
** engine_json.c: JSON writing into a growing buffer for pul engine's replies
** (escaping by the engine's text rules) and reading one JSON string.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "engine_json.h"
#include "pul.h"

static void put(JsonBuf *j, const char *s, size_t n) {
    if (j->failed) return;
    if (j->len + n + 1 > j->cap) {
        size_t cap = j->cap ? j->cap : 4096;
        while (cap < j->len + n + 1) cap *= 2;
        char *b = realloc(j->buf, cap);
        if (!b) {
            j->failed = true;
            return;
        }
        j->buf = b;
        j->cap = cap;
    }
    memcpy(j->buf + j->len, s, n);
    j->len += n;
    j->buf[j->len] = '\0';
}

static void puts_(JsonBuf *j, const char *s) { put(j, s, strlen(s)); }

void json_reset(JsonBuf *j) {
    j->len = 0;
    if (j->buf) j->buf[0] = '\0';
    j->failed = false;
    j->depth = 0;
    j->after_key = false;
}

void json_free(JsonBuf *j) {
    free(j->buf);
    memset(j, 0, sizeof *j);
}

/* The comma before a value or key, where one is due. */
static void value_start(JsonBuf *j) {
    if (j->after_key) {
        j->after_key = false;
        return;
    }
    if (j->depth > 0) {
        if (!j->first[j->depth - 1]) put(j, ",", 1);
        j->first[j->depth - 1] = false;
    }
}

void json_open(JsonBuf *j, char bracket) {
    value_start(j);
    put(j, &bracket, 1);
    /* Deeper than any reply goes: marked failed rather than written wrong. */
    if (j->depth >= JSON_DEPTH_MAX) {
        j->failed = true;
        return;
    }
    j->close[j->depth] = bracket == '{' ? '}' : ']';
    j->first[j->depth++] = true;
}

void json_close(JsonBuf *j) {
    if (j->depth <= 0) return;
    j->depth--;
    put(j, &j->close[j->depth], 1);
}

static void write_string(JsonBuf *j, const char *s, size_t n);

void json_key(JsonBuf *j, const char *key) {
    value_start(j);
    write_string(j, key, strlen(key));
    put(j, ":", 1);
    j->after_key = true;
}

void json_strn(JsonBuf *j, const char *s, size_t n) {
    value_start(j);
    write_string(j, s, n);
}

static void write_string(JsonBuf *j, const char *s, size_t n) {
    put(j, "\"", 1);
    for (size_t i = 0; i < n;) {
        /* Most of a reply is plain ASCII (keys, moves, names): a run at a time. */
        size_t run = i;
        while (run < n && cli_json_plain((unsigned char)s[run])) run++;
        if (run > i) {
            put(j, s + i, run - i);
            i = run;
            continue;
        }
        uint32_t cp;
        int len = pul_utf8_next(s + i, n - i, &cp);
        if (len == 0) {
            puts_(j, "\xef\xbf\xbd"); /* U+FFFD for a byte that is not UTF-8 */
            i++;
            continue;
        }
        char esc[16];
        if (cli_json_short(cp)) {
            esc[0] = '\\';
            esc[1] = cli_json_short(cp);
            put(j, esc, 2);
        } else if (cp < 0x20 || pul_text_unsafe(cp)) {
            snprintf(esc, sizeof esc, "\\u%04x", (unsigned)cp);
            puts_(j, esc);
        } else {
            put(j, s + i, (size_t)len);
        }
        i += (size_t)len;
    }
    put(j, "\"", 1);
}

void json_str(JsonBuf *j, const char *s) { json_strn(j, s ? s : "", s ? strlen(s) : 0); }

void json_int(JsonBuf *j, long long v) {
    char num[CLI_DECIMAL_MAX];
    size_t len = cli_decimal(num, v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v, v < 0);
    value_start(j);
    put(j, num, len);
}

void json_bool(JsonBuf *j, bool v) {
    value_start(j);
    puts_(j, v ? "true" : "false");
}

void json_null(JsonBuf *j) {
    value_start(j);
    puts_(j, "null");
}

void json_kstr(JsonBuf *j, const char *key, const char *s) {
    json_key(j, key);
    json_str(j, s);
}

void json_kint(JsonBuf *j, const char *key, long long v) {
    json_key(j, key);
    json_int(j, v);
}

void json_kbool(JsonBuf *j, const char *key, bool v) {
    json_key(j, key);
    json_bool(j, v);
}

/* ------------------------------------------------------------ reading */

static int hex4(const char *s, size_t n, size_t i, uint32_t *out) {
    if (i + 4 > n) return 0;
    uint32_t v = 0;
    for (int k = 0; k < 4; k++) {
        char c = s[i + (size_t)k];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (uint32_t)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (uint32_t)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (uint32_t)(c - 'A' + 10);
        else return 0;
    }
    *out = v;
    return 1;
}

static bool emit(char *out, size_t size, size_t *len, uint32_t cp) {
    char u[4];
    size_t k;
    if (cp < 0x80) u[0] = (char)cp, k = 1;
    else if (cp < 0x800) u[0] = (char)(0xC0 | (cp >> 6)), u[1] = (char)(0x80 | (cp & 0x3F)), k = 2;
    else if (cp < 0x10000)
        u[0] = (char)(0xE0 | (cp >> 12)), u[1] = (char)(0x80 | ((cp >> 6) & 0x3F)),
        u[2] = (char)(0x80 | (cp & 0x3F)), k = 3;
    else
        u[0] = (char)(0xF0 | (cp >> 18)), u[1] = (char)(0x80 | ((cp >> 12) & 0x3F)),
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), u[3] = (char)(0x80 | (cp & 0x3F)), k = 4;
    if (*len + k + 1 > size) return false;
    memcpy(out + *len, u, k);
    *len += k;
    return true;
}

bool json_read_string(const char *s, size_t n, char *out, size_t size, size_t *out_len) {
    size_t i = 0, len = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    if (i >= n || s[i] != '"' || size == 0) return false;
    i++;
    for (;;) {
        if (i >= n) return false;
        unsigned char c = (unsigned char)s[i];
        if (c == '"') break;
        if (c < 0x20) return false;
        if (c != '\\') {
            if (len + 2 > size) return false;
            out[len++] = (char)c;
            i++;
            continue;
        }
        if (++i >= n) return false;
        uint32_t cp;
        switch (s[i]) {
        case '"': cp = '"'; break;
        case '\\': cp = '\\'; break;
        case '/': cp = '/'; break;
        case 'b': cp = '\b'; break;
        case 'f': cp = '\f'; break;
        case 'n': cp = '\n'; break;
        case 'r': cp = '\r'; break;
        case 't': cp = '\t'; break;
        case 'u':
            if (!hex4(s, n, i + 1, &cp)) return false;
            i += 4;
            if (cp >= 0xDC00 && cp <= 0xDFFF) return false;
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                uint32_t lo;
                if (i + 2 >= n || s[i + 1] != '\\' || s[i + 2] != 'u' ||
                    !hex4(s, n, i + 3, &lo) || lo < 0xDC00 || lo > 0xDFFF)
                    return false;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                i += 6;
            }
            break;
        default: return false;
        }
        if (cp == 0 || !emit(out, size, &len, cp)) return false;
        i++;
    }
    i++;
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    if (i != n) return false;
    out[len] = '\0';
    if (out_len) *out_len = len;
    return true;
}
