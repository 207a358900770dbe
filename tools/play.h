/*
** play.h: interactive `pul play`: the session (play_game.c: the turn loop,
** saving, resuming, undo) and what it shows (play_screen.c: the legal moves,
** the rotation preview, the end screen). cmd_play.c reads the options.
*/
#ifndef PUL_PLAY_H
#define PUL_PLAY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "play_input.h"
#include "play_text.h"
#include "pul.h"
#include "term.h"

#define PLAY_SPEC_MAX 96

/* What cmd_play.c hands over: a started game is made from these. */
typedef struct {
    const char *variant_arg;    /* the edition as the person gave it, when that is not its
                                   name (a path): resuming needs it again, as --variant */
    int nseats;
    char seat[PUL_MAX_SEATS][PLAY_SPEC_MAX]; /* "human", a level (easy, normal, hard:
                                                play_level.c) or a bot spec */
    uint64_t seed;
    int lang;
    bool colour;                /* false: --no-colour */
    const char *record_path;    /* NULL: the default name (or the resumed file) */
    const char *resume_path;    /* NULL: a new game */
    const char *program;        /* the pul executable as invoked, for the command that
                                   resumes the game */
} PlayConfig;

/* The tags of the record that `pul play` reads back on resume (the referee
** ignores them, PMN.md): who sat where ("human" or the bot's full spec,
** comma-separated as --seats takes it) and the language of the messages. */
#define PLAY_TAG_SEATS "Seats"
#define PLAY_TAG_LANG "Lang"

/* What the session knows of each move done, beside the move itself. */
typedef struct {
    int8_t seat;                /* the seat that made it */
    bool hidden;                /* it showed that seat a hidden tile (a take, a peek) */
} PlayMoveInfo;

/* What a family's screen shows beside an entry of the list of legal moves
** (play_genial.c: the points of a placement's halves, whether it reaches a
** track end); each family fills what it needs when it orders the list. */
typedef struct {
    int16_t points[2];
    bool bonus;
} PlayEntry;

typedef struct Play Play;

/* What the session (play_game.c) asks of the family it plays, so that the
** turn loop, saving, resuming, undo, hint and the hand-over are one code for
** every family: play_micropul.c and play_genial.c fill one each. */
typedef struct {
    /* The legal actions put in the order the list numbers them, p->entry
    ** filled to match. */
    void (*order)(Play *p, PulAction *legal, int n);
    /* The screen of seat's turn (whole: not fitted to the terminal). */
    void (*screen)(Play *p, int seat, const PulAction *legal, int n, bool whole);
    /* The whole list, for "moves". */
    void (*list)(Play *p, const PulAction *legal, int n);
    /* A line that is neither a number nor a command the session knows: a move
    ** into *a (true), or an answer given (false): a family's own command, or
    ** why the line is not a move. */
    bool (*read)(Play *p, int seat, const char *line, const PulAction *legal, int n, PulAction *a);
    /* The news of done, which seat did (bot: its name, NULL for a person):
    ** what everyone may know, and to seat alone what only it may. */
    void (*told)(Play *p, int seat, const char *bot, const PulAction *done, const PulEvents *ev);
    /* Whether done showed its seat something hidden (a draw, a take, a peek):
    ** undo never takes such a move back. */
    bool (*hidden)(const PulAction *done, const PulEvents *ev);
    /* The number of a in the list, 0 when it is not there. */
    int (*number)(const PulAction *a, const PulAction *legal, int n);
    /* a as a message shows it: the move text, or what a random draw is typed as. */
    void (*text)(Play *p, const PulAction *a, char *buf, size_t size);
    /* The end: the final board and each seat's score. */
    void (*end)(Play *p);
    PlayMsg help, help_more; /* the commands, in the family's move text */
    bool undo_with_bots;  /* undo offered with bots at the table (play --help says when) */
} PlayFamily;

extern const PlayFamily play_micropul, play_genial;

/* One game being played at the terminal or through a pipe. */
struct Play {
    const PlayConfig *cfg;
    PulVariant *v;
    const PulTheme *theme;
    PulGame *g;
    PulBot *bot[PUL_MAX_SEATS];   /* NULL for a human seat */
    int nhumans, nbots;
    PulAction *moves;             /* every action done, as done (random takes resolved) */
    PlayMoveInfo *info;           /* for each of moves */
    int nmoves, cap;
    PulRecord *rec;               /* what is saved: the resumed record (its tags and comments
                                     kept) or own_rec, its moves those of moves */
    PulRecord *own_rec;           /* the record of a new game, NULL when resumed */
    char record_path[1024];
    bool tty;                     /* a person at a terminal: clear screens, hand-over prompts */
    TermStyle st;
    FILE *in, *out;
    char news[4096];              /* what happened since the last screen */
    char secret[PUL_MAX_SEATS][1024]; /* what only that seat may know (a peek), shown
                                         on its own next screen and nowhere else */
    int last_human;               /* the seat that last had the screen, -1: none yet */
    /* Terminal comfort: */
    PlayInput *input;             /* the line editor at a terminal, NULL: plain reading */
    int cols, rows;               /* the terminal's size (play_term_size), 80x24 on a pipe */
    const PlayFamily *fam;        /* the family's screens and words */
    PlayEntry *entry;             /* beside each legal action of the turn, PUL_MAX_ACTIONS */
};

/* Runs the whole game, from the start or from the record resume (NULL: a
** new game), which then takes the moves played and is saved with all its
** tags and comments; returns the exit code. The caller keeps v and resume. */
int play_interactive(const PlayConfig *cfg, PulVariant *v, PulRecord *resume);

/* A message in the session's language, with a newline, on its output. */
void play_say(Play *p, PlayMsg id, ...);
/* The same, appended to the news shown above the next screen. */
void play_news(Play *p, PlayMsg id, ...);
/* The same for seat's eyes only: shown above that seat's next screen (never
** on a bot's seat). */
void play_news_to(Play *p, int seat, PlayMsg id, ...);

/* play_level.c */
/* The bot spec of a difficulty level, easy, normal or hard; NULL for another name. */
const char *play_level_spec(const char *name);
/* The bot spec of a seat of --seats: a level's, else the seat as given. */
const char *play_bot_spec(const char *seat);

/* play_screen.c */
/* The terminal's size into p->cols and p->rows: asked of the terminal, else
** $COLUMNS and $LINES, else 80x24. */
void play_measure(Play *p);
/* The screen of seat's turn: the news, the board, the status and the legal
** moves. At a terminal it fits the terminal unless whole is true: the list
** folds its longest groups, the oldest news goes, the board is cut to the
** rows and columns round the last placement, and lines wrap. */
void play_show_screen(Play *p, int seat, const PulAction *legal, int n, bool whole);
/* The numbered list of the legal actions a (n of them), placements grouped by tile. */
void play_show_legal(Play *p, const PulAction *a, int n);
/* Tile t in its four rotations side by side, then where each rotation can
** go among the legal actions (n of them) with their numbers in the list. */
void play_show_rotations(Play *p, int tile, const PulAction *legal, int n);
/* The number in the list of the legal actions (n of them) of an action
** like a, 0 when a is not among them. */
int play_list_number(const PulAction *a, const PulAction *legal, int n);
/* The tiles of seat's supply that it knows (a peek showed them), drawn to
** out as its hand is; nothing when it knows none. */
void play_show_known_supply(Play *p, FILE *out, int seat);
/* The final board, the score breakdown per seat, the winners and why it ended. */
void play_show_end(Play *p);
/* The winners (tied ones together), or the score of a solo game. */
void play_show_winners(Play *p);

#endif
