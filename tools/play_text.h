/*
** play_text.h: every message of `pul play` in the four languages (play_text.c),
** looked up by id. Templates are printf formats whose conversions come in the
** same order in every language; {core}, {supply}, {stone}, {group}, {big},
** {bag}, {rack}, {track} and {bonus} are replaced by the theme's names for
** those things in the language.
*/
#ifndef PUL_PLAY_TEXT_H
#define PUL_PLAY_TEXT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "pul.h"

typedef enum {
    PM_NAME_BIG, /* the names used when a variant has no theme, in PulPart order */
    PM_NAME_STONE,
    PM_NAME_CORE,
    PM_NAME_SUPPLY,
    PM_NAME_GROUP,
    PM_NAME_BAG,
    PM_NAME_RACK,
    PM_NAME_TRACK,
    PM_NAME_BONUS,
    PM_START,
    PM_RESUMED,
    PM_SEAT_YOU,
    PM_SEAT_BOT,
    PM_HEADER,
    PM_HEADER_EXTRA,
    PM_LEGAL_TITLE,
    PM_LIST_TILE,
    PM_LIST_TAKE,
    PM_LIST_CLAIM,
    PM_LIST_PASS,
    PM_PROMPT,
    PM_HANDOFF,
    PM_HELP,
    PM_NOT_UNDERSTOOD,
    PM_NO_SUCH_NUMBER,
    PM_ILLEGAL,
    PM_TAKE_UNKNOWN,
    PM_PREVIEW,
    PM_NO_SUCH_TILE,
    PM_HINT,
    PM_HINT_FAILED,
    PM_UNDO_WITH_BOTS,
    PM_UNDO_NOTHING,
    PM_UNDONE,
    PM_PLAYED_SEAT,
    PM_PLAYED_BOT,
    PM_EXTRA_TURN,
    PM_DREW,
    PM_SKIPPED,
    PM_QUIT,
    PM_SAVE_FAILED,
    PM_GAME_OVER,
    PM_SCORE_LINE,
    PM_SCORE_SCRIPTS,
    PM_SCORE_END,
    PM_LOST,
    PM_WINNER,
    PM_WINNERS_TIED,
    PM_NO_WINNER,
    /* issue 11, hidden information and resume: */
    PM_TOOK_SEAT,      /* a take announced without its tile */
    PM_TOOK_BOT,
    PM_PEEK,           /* a supply tile shown to its seat only */
    PM_KNOWN_SUPPLY,
    PM_UNDO_NOT_YOURS,
    PM_UNDO_HIDDEN,
    PM_SOLO_SCORE, /* words (issue 11, item 5) */
    /* The board (issue 11, item 2): what a claim's group is, after the claim
    ** in the list of moves: its micropul's name (%s), its size, open or closed. */
    PM_CLAIM_OPEN,
    PM_CLAIM_CLOSED,
    /* Terminal comfort (issue 11, item 6): the folded list, the cut board, where
    ** a tile can go, the hint's number, the commands it adds. */
    PM_LIST_FOLDED_ITEM,
    PM_LIST_FOLDED_NOTE,
    PM_BOARD_CUT,
    PM_ROTATIONS_WHERE,
    PM_ROTATIONS_NONE,
    PM_ROTATION_NOWHERE,
    PM_HINT_NUMBER,
    PM_HELP_MORE,
    PM_HELP_EDITING,
    /* Einfach Genial (play_genial.c, issue 14): its commands, the list's
    ** groups, the header's phase, the news of a turn, the end. */
    PM_G_HELP,
    PM_G_HELP_MORE,
    PM_G_SYNTAX,
    PM_G_DRAW_RANDOM,
    PM_G_LIST_REFILL,
    PM_G_LIST_SWAP,
    PM_G_MORE,
    PM_G_NO_KIND,
    PM_G_HEADER_BONUS,
    PM_G_HEADER_END,
    PM_G_HEADER_REFILL,
    PM_G_BONUS,
    PM_G_BONUS_LOST,
    PM_G_REFILLED_SEAT,
    PM_G_REFILLED_BOT,
    PM_G_SWAPPED_SEAT,
    PM_G_SWAPPED_BOT,
    PM_G_YOU_DREW,
    PM_G_SCORE_LINE,
    PM_COUNT
} PlayMsg;

/* The template of id in lang (English when lang is out of range). */
const char *play_template(int lang, PlayMsg id);
/* The message formatted and its names filled in from theme (may be NULL). */
void play_vformat(char *buf, size_t size, int lang, const PulTheme *theme, PlayMsg id,
                  va_list ap);
void play_format(char *buf, size_t size, int lang, const PulTheme *theme, PlayMsg id, ...);

#endif
