/*
** engine_int.h: what the files of pul engine's dispatcher share: the engine's
** state, the argument reader and the reply helpers (engine_proto.c), and the
** views of a game (engine_view.c: state, validmoves, theme, render).
*/
#ifndef PUL_ENGINE_INT_H
#define PUL_ENGINE_INT_H

#include "engine.h"
#include "engine_json.h"
#include "pul.h"

struct Engine {
    char *search_dirs;
    JsonBuf out;
    PulVariant *v;       /* the game's edition, NULL before newgame */
    char v_asked[PUL_NAME_MAX]; /* the name newgame opened v by ("" after load): the next
                                   newgame of that name reuses v, as reading its files again
                                   took half of a quick game's time */
    PulBot *bot;         /* the last bestmove's bot, of v: reseeded when the same spec comes */
    char bot_asked[256]; /* its spec as the command gave it */
    PulObservation *obs; /* bestmove's observation */
    PulGame *g;          /* the game */
    PulGame *start;      /* g as started, for undo's replay */
    PulGame *scratch;    /* trials: the points of a placement */
    PulGame *view;       /* a game rebuilt from one seat's observation: what state and
                            render show (never a copy of g, so nothing hidden is in it) */
    PulRecord *rec;      /* the record of g, moves as done (random ones resolved) */
    PulAction *done;     /* the same moves as actions */
    int ndone, capdone;
    PulAction *legal;    /* PUL_MAX_ACTIONS */
    char *text;          /* load's decoded record, ENGINE_LINE_MAX + 1 */
    bool quit;
};

/* The words of one command line after its name: blank-separated. */
typedef struct {
    const char *p, *end;
} EngineArgs;

/* The next word: false at the end. */
bool engine_arg_next(EngineArgs *a, const char **word, size_t *len);
/* Whether there is a game; the error reply (no_game) written when not. */
bool engine_need_game(Engine *e, const char *cmd);

/* Replies: engine_ok opens {"ok":true,"cmd":CMD and the caller adds keys and
** closes it with json_close. engine_fail writes a whole error reply. */
void engine_ok(Engine *e, const char *cmd);
void engine_fail(Engine *e, const char *cmd, const char *code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The error reply to a move the rules refuse (code illegal_move, reason the
** engine's PMN code); index is the move's number in a list, 0 for one move. */
void engine_fail_move(Engine *e, const char *cmd, const char *move, size_t len, PulReason why,
                      int index);

/* A move as the protocol writes it: PMN, or "t", "+", "x" for a take, refill
** or swap at random. */
void engine_move_text(const PulVariant *v, const PulAction *a, char *buf, size_t size);
/* The game's public status keys: to_move, over, reason, moves, scores, winners. */
void engine_put_status(Engine *e);
/* The arguments seat=N (1-based; default the seat to move, into a 0-based
** *seat) and, where lang or coords is not NULL, lang=L and coords=0|1; false
** with the error reply written for a seat the game has not or any other word. */
bool engine_seat_arg(Engine *e, const char *cmd, EngineArgs *a, int *seat, int *lang,
                     bool *coords);

/* engine_view.c */
void engine_cmd_variants(Engine *e, EngineArgs *a);
void engine_cmd_state(Engine *e, EngineArgs *a);
void engine_cmd_validmoves(Engine *e, EngineArgs *a);
void engine_cmd_theme(Engine *e, EngineArgs *a);
void engine_cmd_render(Engine *e, EngineArgs *a);

#endif
