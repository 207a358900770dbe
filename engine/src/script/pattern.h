/*
** pattern.h: Lua 5.4 string patterns with a step limit (pattern.c),
** for string.find, match, gmatch and gsub in rule scripts (strings.c).
*/
#ifndef PUL_LUA_PATTERN_H
#define PUL_LUA_PATTERN_H

#include <stddef.h>
#include <stdint.h>

#define PATTERN_MAXCAPTURES 32 /* as Lua's own matcher */

/* The length of a capture still open, and of a position capture "()". */
enum { PATTERN_OPEN = -1, PATTERN_POSITION = -2 };

typedef enum {
    PATTERN_OK = 0,
    PATTERN_LIMIT,          /* ran past its step limit */
    PATTERN_ENDS_WITH_ESC,  /* "malformed pattern (ends with '%')" */
    PATTERN_MISSING_BRACKET,/* "malformed pattern (missing ']')" */
    PATTERN_BALANCE_ARGS,   /* "malformed pattern (missing arguments to '%b')" */
    PATTERN_FRONTIER,       /* "missing '[' after '%f' in pattern" */
    PATTERN_CAPTURE_INDEX,  /* "invalid capture index %N" */
    PATTERN_BAD_CAPTURE,    /* "invalid pattern capture" */
    PATTERN_TOO_MANY,       /* "too many captures" */
    PATTERN_TOO_COMPLEX     /* "pattern too complex" */
} PatternStatus;

typedef struct {
    const char *src, *src_end; /* the subject */
    const char *pat_end;       /* the end of the pattern */
    int depth;                 /* nested matches left */
    int level;                 /* captures begun */
    PatternStatus status;
    int bad_index;             /* for PATTERN_CAPTURE_INDEX */
    uint64_t steps, limit;     /* steps taken; stop past limit */
    struct {
        const char *init;
        ptrdiff_t len;         /* or PATTERN_OPEN, PATTERN_POSITION */
    } capture[PATTERN_MAXCAPTURES];
} PatternMatch;

/* Prepare m for subject s (len bytes) and a pattern ending at pat_end. */
void pattern_init(PatternMatch *m, const char *s, size_t len, const char *pat_end);
/* Whether the pattern p matches at s, which must lie in the subject:
** the end of the match, or NULL (and m->status says if it is an error or
** the limit). The captures and steps are left in m; the steps of one
** call are added to m->steps and the call stops once they pass m->limit. */
const char *pattern_match(PatternMatch *m, const char *s, const char *p);
/* Whether p (lp bytes) holds a character that makes it a pattern rather
** than plain text. */
int pattern_has_specials(const char *p, size_t lp);
/* Plain search for p (lp bytes) in s (ls bytes): the first place, or NULL.
** Steps are added to *steps, and the search gives up past limit (then
** *steps > limit and it returns NULL). */
const char *pattern_find_plain(const char *s, size_t ls, const char *p, size_t lp,
                               uint64_t *steps, uint64_t limit);
/* The message of an error status ("" for PATTERN_OK and PATTERN_LIMIT). */
const char *pattern_message(const PatternMatch *m, char *buf, size_t size);

#endif
