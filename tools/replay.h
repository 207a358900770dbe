/*
** replay.h: `pul replay`'s state (cmd_replay.c: the record checked once,
** every position kept, keys and line commands) and what each family draws
** of a position (replay_genial.c for Einfach Genial).
*/
#ifndef PUL_REPLAY_H
#define PUL_REPLAY_H

#include <stdio.h>

#include "pul.h"
#include "term.h"

typedef struct {
    const char *path;
    const char *trusted; /* --variant: the edition the person named, or NULL */
    PulRecord *rec;
    PulVariant *variant;
    const PulTheme *theme;
    int nmoves;          /* moves in the record */
    int nlegal;          /* legal moves from the start: positions 0 .. nlegal */
    PulGame **pos;       /* pos[k]: the game after move k, a copy of work */
    PulGame *work;       /* the one object the moves are applied on: with scripts, the
                            one Lua state, and the script error of a refused move */
    PulEvents *events;   /* events[k - 1]: what move k did */
    int bad_move;        /* 1-based number of the first illegal move, 0 when none */
    PulReason bad_reason;
    TermStyle style;
    int cols;            /* the terminal's width (80 on a pipe, or $COLUMNS) */
} Replay;

/* Message id (replay_text.h) as one line after indent, made safe: its
** arguments are the record's moves and the theme's names. */
void replay_show(FILE *out, const Replay *r, const char *indent, int id, ...);

/* replay_genial.c: what move k did, one event a line; and the position after
** it: the board, the tracks, the bag and the rack of the seat to move (a
** replay hides nothing), the result once the game is over. */
void replay_genial_events(FILE *out, const Replay *r, int k);
void replay_genial_position(FILE *out, const Replay *r, int k);

#endif
