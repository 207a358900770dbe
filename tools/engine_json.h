/*
** engine_json.h: the JSON of pul engine's replies, written into a buffer that
** grows (no stdio, so every transport and the wasm build share it), and the
** one JSON value the protocol reads: a string (load's record).
*/
#ifndef PUL_ENGINE_JSON_H
#define PUL_ENGINE_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { JSON_DEPTH_MAX = 16 };

/* One JSON text being written. Commas are put by the writer: each value in
** an array or after a key follows the rules, so a caller only opens, names
** and closes. failed once memory ran out (text is then "" after json_end). */
typedef struct {
    char *buf;
    size_t len, cap;
    bool failed;
    int depth;
    bool first[JSON_DEPTH_MAX]; /* no value yet in the object or array at this depth */
    char close[JSON_DEPTH_MAX]; /* its closing bracket */
    bool after_key;             /* a key was written: its value needs no comma */
} JsonBuf;

void json_reset(JsonBuf *j);     /* empty, keeping the memory */
void json_free(JsonBuf *j);
void json_open(JsonBuf *j, char bracket);   /* '{' or '[' */
void json_close(JsonBuf *j);
void json_key(JsonBuf *j, const char *key); /* a key of the open object (plain ASCII) */
/* s as a JSON string, whatever its bytes: a byte that is not UTF-8 becomes
** U+FFFD, controls, bidi controls, U+2028/9, U+FFFE/F are \u escapes, so the
** reply is valid JSON and valid UTF-8, safe to show. */
void json_str(JsonBuf *j, const char *s);
void json_strn(JsonBuf *j, const char *s, size_t n);
void json_int(JsonBuf *j, long long v);
void json_bool(JsonBuf *j, bool v);
void json_null(JsonBuf *j);
/* Shorthands: a key and its value. */
void json_kstr(JsonBuf *j, const char *key, const char *s);
void json_kint(JsonBuf *j, const char *key, long long v);
void json_kbool(JsonBuf *j, const char *key, bool v);

/* A JSON string at s[0..n) (leading blanks skipped), decoded into out (size
** bytes, NUL-terminated): false when it is not one string and nothing after
** it but blanks, when a \u escape is a lone surrogate or U+0000, or when it
** does not fit. */
bool json_read_string(const char *s, size_t n, char *out, size_t size, size_t *out_len);

#endif
