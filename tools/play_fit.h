/*
** play_fit.h: text measured and cut in terminal columns, for fitting the
** screens of `pul play` to the terminal (play_fit.c): lines split, widths
** that skip the tool's colour sequences, cuts and word wrapping.
*/
#ifndef PUL_PLAY_FIT_H
#define PUL_PLAY_FIT_H

#include <stdbool.h>
#include <stdio.h>

/* A text split into lines, each without its newline; one allocation. */
typedef struct {
    char **line;
    int n;
} FitLines;

/* text split at newlines (a last line without one counts); false: out of memory. */
bool fit_split(FitLines *l, const char *text);
void fit_free(FitLines *l);

/* The columns line takes on a terminal, its colour sequences taking none. */
int fit_width(const char *line);
/* The columns [from, from + ncols) of line, with every colour sequence of
** line (so colours stay right) and a reset after them when there were any. */
void fit_put_cut(FILE *out, const char *line, int from, int ncols);
/* line on lines of at most cols columns, broken at spaces where it can be;
** writes nothing when out is NULL; returns the number of lines. */
int fit_put_wrapped(FILE *out, const char *line, int cols);

#endif
