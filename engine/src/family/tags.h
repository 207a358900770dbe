/*
** tags.h: a record's tags as a rules family reads and writes them (plan
** section 3.1): record/ gives the family a reader and writes what it returns.
*/
#ifndef PUL_TAGS_H
#define PUL_TAGS_H

#include "common.h"

/* A record tag as a family reads it: its value and where that starts. */
typedef struct {
    const char *value;
    int line, column;          /* of the value's first character; 0 when set in C */
} TagValue;
typedef struct {
    const void *ud;
    const char *source;        /* for errors: the record's name */
    bool (*get)(const void *ud, const char *name, TagValue *out);  /* false: no such tag */
} TagReader;

#define PUL_TAG_VALUE_MAX 1024 /* a Core tag is at most 249 ids of 3 digits + spaces */
typedef struct {
    const char *name;
    char value[PUL_TAG_VALUE_MAX];
} TagOut;

/* Most items of one deal, the size of deal below: Micropul's core is at most
** PUL_MAX_TILES - 1 tiles; Genial's racks at most 6 seats of 8 kinds with a
** separator between seats (53). */
#define PUL_DEAL_MAX 256
_Static_assert(PUL_MAX_TILES - 1 <= PUL_DEAL_MAX, "a Micropul core fits a deal");
_Static_assert(PUL_MAX_SEATS * (PUL_GENIAL_RACK_MAX + 1) - 1 <= PUL_DEAL_MAX,
               "Genial's racks and seat separators fit a deal");

/* The family's deal from its tags (Micropul: Core, every tile but the start
** tile once, top first) into deal[0..*ndeal), PUL_DEAL_MAX at most; *given
** false when the record has none (the start shuffles from Seed). Errors are
** pmn-tag at the value. */
PulStatus family_deal_read(const PulVariant *v, const TagReader *tags, uint8_t *deal,
                           int *ndeal, bool *given, PulError *err);
/* The tags that make g's start reproducible, in order; at most max, returns
** how many. */
int family_deal_tags(const PulGame *g, TagOut *out, int max);

#endif
