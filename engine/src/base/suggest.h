/*
** suggest.h: "did you mean" help for names a person mistyped.
** Used by the loaders (YAML keys, class names) and the variant search.
*/
#ifndef PUL_SUGGEST_H
#define PUL_SUGGEST_H

#include <stddef.h>

/* Edit distance (insert, delete, substitute one character) between a and b,
** ASCII case ignored when fold is non-zero. Strings longer than
** SUGGEST_MAX_LEN count as far from everything: a suggestion is for typos. */
#define SUGGEST_MAX_LEN 64
#define SUGGEST_FAR 1000
int suggest_distance(const char *a, size_t alen, const char *b, size_t blen, int fold);

/* The closest of n candidates to word, or NULL when none is within 2 edits
** (and fewer edits than the word has characters, so "x" suggests nothing). */
const char *suggest_pick(const char *word, size_t len, const char *const *candidates, int n);

#endif
