/*
** suggest.c: edit distance for "did you mean" suggestions.
** Inputs are short names, so a two-row table on the stack is enough.
*/
#include <ctype.h>

#include "pul.h"
#include "suggest.h"

static int fold_char(int c, int fold) {
    return fold ? tolower((unsigned char)c) : (unsigned char)c;
}

int suggest_distance(const char *a, size_t alen, const char *b, size_t blen, int fold) {
    if (alen > SUGGEST_MAX_LEN || blen > SUGGEST_MAX_LEN) return SUGGEST_FAR;
    int row[SUGGEST_MAX_LEN + 1], next[SUGGEST_MAX_LEN + 1];
    for (size_t j = 0; j <= blen; j++) row[j] = (int)j;
    for (size_t i = 1; i <= alen; i++) {
        next[0] = (int)i;
        for (size_t j = 1; j <= blen; j++) {
            int cost = fold_char(a[i - 1], fold) != fold_char(b[j - 1], fold);
            int best = row[j - 1] + cost;
            if (row[j] + 1 < best) best = row[j] + 1;
            if (next[j - 1] + 1 < best) best = next[j - 1] + 1;
            next[j] = best;
        }
        for (size_t j = 0; j <= blen; j++) row[j] = next[j];
    }
    return row[blen];
}

const char *suggest_pick(const char *word, size_t len, const char *const *candidates, int n) {
    const char *best = NULL;
    int best_d = 3;
    for (int i = 0; i < n; i++) {
        size_t clen = 0;
        while (candidates[i][clen]) clen++;
        int d = suggest_distance(word, len, candidates[i], clen, 1);
        if (d < best_d && (size_t)d < len) {
            best = candidates[i];
            best_d = d;
        }
    }
    return best;
}

/* The public name of suggest_pick, for the tools' own names (commands, options). */
const char *pul_text_suggest(const char *word, size_t len, const char *const *cands, int n) {
    if (!word || (n > 0 && !cands)) return NULL;
    return suggest_pick(word, len, cands, n);
}
