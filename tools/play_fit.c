/*
** play_fit.c: text measured, cut and wrapped in terminal columns
** (play_fit.h). Lines come from pul's own drawing, already made safe: the
** only escapes in them are the tool's colour sequences, ESC [ ... m.
*/
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "play_fit.h"

bool fit_split(FitLines *l, const char *text) {
    size_t len = strlen(text);
    int n = 1;
    for (const char *s = text; *s; s++) n += *s == '\n';
    if (len && text[len - 1] == '\n') n--;
    /* The pointers, then a copy of the text, in one block. */
    char *block = malloc((size_t)(n + 1) * sizeof(char *) + len + 1);
    l->line = (char **)block;
    l->n = 0;
    if (!block) return false;
    char *copy = block + (size_t)(n + 1) * sizeof(char *);
    memcpy(copy, text, len + 1);
    for (char *s = copy; l->n < n;) {
        l->line[l->n++] = s;
        char *end = strchr(s, '\n');
        if (!end) break;
        *end = '\0';
        s = end + 1;
    }
    return true;
}

void fit_free(FitLines *l) {
    free(l->line);
    l->line = NULL;
    l->n = 0;
}

/* The bytes of the piece of s that starts it: a colour sequence (*cols 0,
** *sgr true) or one character (*cols its width). */
static size_t piece(const char *s, int *cols, bool *sgr) {
    *sgr = false;
    if (s[0] == '\x1b' && s[1] == '[') {
        size_t k = 2;
        while (s[k] && !(s[k] >= '@' && s[k] <= '~')) k++;
        *sgr = true;
        *cols = 0;
        return s[k] ? k + 1 : k;
    }
    unsigned char c = (unsigned char)s[0];
    size_t k = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    for (size_t i = 1; i < k; i++)
        if (!s[i]) k = i;
    char one[5];
    memcpy(one, s, k);
    one[k] = '\0';
    *cols = cli_display_width(one);
    return k;
}

int fit_width(const char *line) {
    int width = 0, w;
    bool sgr;
    for (const char *s = line; *s;) {
        s += piece(s, &w, &sgr);
        width += w;
    }
    return width;
}

void fit_put_cut(FILE *out, const char *line, int from, int ncols) {
    int col = 0, w;
    bool sgr, coloured = false;
    for (const char *s = line; *s;) {
        size_t k = piece(s, &w, &sgr);
        if (sgr) {
            fwrite(s, 1, k, out);
            coloured = true;
        } else if (col >= from && col + w <= from + ncols) {
            fwrite(s, 1, k, out);
        } else if (col < from + ncols && col + w > from) {
            fputc(' ', out); /* half of a wide character at an edge */
        }
        col += w;
        s += k;
    }
    if (coloured) fputs("\x1b[0m", out);
}

int fit_put_wrapped(FILE *out, const char *line, int cols) {
    int lines = 0;
    const char *s = line;
    do {
        /* The longest run that fits, ended at its last space when it has one. */
        int col = 0, w;
        bool sgr;
        const char *end = s, *space = NULL;
        while (*end) {
            size_t k = piece(end, &w, &sgr);
            if (col + w > cols && col > 0) break;
            if (*end == ' ' && end > s) space = end;
            col += w;
            end += k;
        }
        const char *next = end;
        if (*end && space) {
            end = space;
            next = space + 1;
        }
        if (out) {
            fwrite(s, 1, (size_t)(end - s), out);
            fputc('\n', out);
        }
        lines++;
        s = next;
        while (*end && *s == ' ') s++;
    } while (*s);
    return lines;
}
