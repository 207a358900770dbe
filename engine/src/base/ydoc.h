/*
** ydoc.h: a YAML document read with libyaml into a small tree with positions,
** and the checks every schema needs (known keys, integers, booleans, names).
*/
#ifndef PUL_YDOC_H
#define PUL_YDOC_H

#include <stdio.h>

#include "common.h"

enum { YDOC_SCALAR, YDOC_SEQ, YDOC_MAP };

typedef struct {
    int kind; /* YDOC_* */
    bool plain; /* plain scalar: the only style read as a number or boolean */
    int line, col; /* 1-based start */
    int end_line, end_col;
    char *text; /* scalar value, NUL-terminated; len counts inner NULs too */
    size_t len;
    int *kid; /* seq: items; map: key, value, key, value ... */
    int nkid, cap;
} YNode;

typedef struct {
    const char *src; /* file or source name for errors */
    const char *what; /* what the file holds, for messages: "a tile set" */
    const char *buf;
    size_t len;
    YNode *node;
    int nnode, cap;
    int root; /* index of the document's root node, -1 when none */
    PulError *err;
} YDoc;

/* Parse one YAML document. Anchors, aliases, tags, a second document, more than
** YDOC_MAX_* of anything are errors. Call ydoc_free whatever it returns. */
PulStatus ydoc_parse(YDoc *d, const char *text, size_t len, const char *src, const char *what,
                     PulError *err);
void ydoc_free(YDoc *d);
/* Read a whole file (at most a little past the size limit; ydoc_parse says
** where the limit falls). *buf is malloc'd. */
PulStatus ydoc_read_file(const char *path, char **buf, size_t *len, PulError *err);
/* The same from an open file, named path in errors; f stays open. */
PulStatus ydoc_read_stream(FILE *f, const char *path, char **buf, size_t *len, PulError *err);

/* Fill d->err at a node or a position with an error code (the table in
** err.c: "unknown-key", "wrong-type", ...) and return the code's status. */
PulStatus ydoc_fail(YDoc *d, const YNode *n, const char *code, const char *fmt, ...)
    PUL_PRINTF(4, 5);
PulStatus ydoc_fail_at(YDoc *d, int line, int col, const char *code, const char *fmt, ...)
    PUL_PRINTF(5, 6);

const YNode *ydoc_root(const YDoc *d); /* NULL when the stream holds no document */
const YNode *ydoc_kid(const YDoc *d, const YNode *n, int i);
bool ydoc_is(const YNode *n, const char *word);
/* A scalar's text fit for a message: short, one line, printable. */
const char *ydoc_shown(const YNode *n, char *buf, size_t size);
/* "a list", "a mapping", "empty" or the quoted text, for "must be X, not Y". */
const char *ydoc_kind(const YNode *n, char *buf, size_t size);
/* Column of byte i of a one-line scalar when the text sits in the source
** unchanged (no escapes); else the scalar's start column. */
int ydoc_char_col(const YNode *n, size_t i);

/* The values of map's keys, in the order of keys (NULL when absent; keyn
** gets the key nodes). Unknown keys, with a suggestion, and repeated keys
** are errors. what names the map in messages: "the tile set", "feature 2". */
PulStatus ydoc_map(YDoc *d, const YNode *map, const char *what, const char *const *keys, int nkeys,
                   const YNode **val, const YNode **keyn);
PulStatus ydoc_missing(YDoc *d, const YNode *map, const char *what, const char *key,
                       const char *hint);
/* A non-empty printable text of fewer than PUL_NAME_MAX bytes. */
PulStatus ydoc_name(YDoc *d, const YNode *n, const char *what, char out[PUL_NAME_MAX]);
/* A text of 1 to cap-1 bytes that ydoc_safe lets through (line breaks
** allowed when multiline), copied to out. */
PulStatus ydoc_text(YDoc *d, const YNode *n, const char *what, char *out, size_t cap,
                    bool multiline);
/* Refuse a scalar whose text holds a character that must not reach a
** terminal (text.h; line breaks pass when lines is true), at that
** character's own line and column, naming it. */
PulStatus ydoc_safe(YDoc *d, const YNode *n, const char *what, bool lines);
/* Line and column of byte off of scalar n's text: where that character
** stands in the source, written out or as an escape; the scalar's start
** when the layout made it (a folded line break). */
void ydoc_text_position(const YDoc *d, const YNode *n, size_t off, int *line, int *col);
/* A localised text: plain text (English), or a mapping of the language codes
** en, ja, fr, es with en required. out holds PUL_NLANGS texts stride bytes
** apart, each of cap bytes at most; a language left out gets the English. */
PulStatus ydoc_localised(YDoc *d, const YNode *n, const char *what, char *out, size_t stride,
                         size_t cap, bool multiline);
/* A plain decimal integer, saturated far beyond any schema's limits. */
bool ydoc_int(const YNode *n, long long *out);
/* Plain true or false; anything else is an error naming what. */
PulStatus ydoc_bool(YDoc *d, const YNode *n, const char *what, bool *out);

#endif
