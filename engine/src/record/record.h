/*
** record.h: the PMN record model shared by record.c (text in and out) and
** record_game.c (what the tags say: the variant, the players, the deal).
*/
#ifndef PUL_RECORD_H
#define PUL_RECORD_H

#include "common.h"

typedef struct {
    char *name, *value;
    int line, column; /* of the value's first character; 0 when set in C */
} RecordTag;

typedef struct {
    char *text;
    int before_move; /* a body comment comes after this many moves */
    int after_tag;   /* a header comment comes after this many tags */
    bool header;     /* it came before or among the tags */
    int line;        /* where it was read; 0 when added in C */
} RecordComment;

struct PulRecord {
    char source[256];
    RecordTag *tags; /* in the record's order */
    int ntags, captags;
    int *index;      /* tags by name, open addressing: tag number + 1, 0 for none */
    int capindex;    /* a power of two above twice ntags, or 0 */
    char **moves;
    int nmoves, capmoves;
    RecordComment *comments;
    int ncomments, capcomments;
};

/* The tag called name (len bytes), or NULL. Constant time: a record may
** carry tens of thousands of tags. */
RecordTag *record_find_tag(const PulRecord *r, const char *name, size_t len);

/* Empty the record: no tags, moves, comments or source name. */
void record_clear(PulRecord *r);

#endif
