/*
** play_input.h: how `pul play` reads a line at a terminal: with line editing
** and a history per seat (libedit, when the build found it), else plain
** reading. On a pipe pul play does not use it: lines are read as they come.
*/
#ifndef PUL_PLAY_INPUT_H
#define PUL_PLAY_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct PlayInput PlayInput;

/* A line editor on in and out, both terminals; NULL when the build has no
** line editing (or out of memory): the caller then reads plainly. */
PlayInput *play_input_open(FILE *in, FILE *out);
void play_input_close(PlayInput *in);

/* One line typed after prompt, its newline removed, into buf; false at the
** end of input (Ctrl-D) or on an error. A non-empty line goes into the
** history of seat (-1: none), so Up recalls a seat's own lines only, and a
** hot-seat player never sees what the other typed. */
bool play_input_read(PlayInput *in, const char *prompt, int seat, char *buf, size_t size);

/* Which library edits lines, "libedit", or "none". */
const char *play_input_library(void);

#endif
