/*
** replay_text.h: every message `pul replay` shows, in en, ja, fr and es
** (replay_text.c). A format's conversions are the same, in the same order, in
** all four languages, so one call fits every language.
*/
#ifndef PUL_REPLAY_TEXT_H
#define PUL_REPLAY_TEXT_H

typedef enum {
    RT_USAGE,
    RT_NEED_RECORD,
    RT_BAD_LANG,
    RT_CANNOT_READ,
    RT_NO_TAG,
    RT_OUT_OF_MEMORY,
    RT_BAD_AT,
    RT_BAD_JUMP,
    RT_UNKNOWN_COMMAND,
    RT_ILLEGAL,
    RT_STOPPED_HERE,
    RT_START,
    RT_POSITION,
    RT_MOVE_BY,
    RT_KEYS,
    RT_JUMP_PROMPT,
    RT_EV_PLACED,
    RT_EV_TOOK,
    RT_EV_CLAIMED,
    RT_EV_PASSED,
    RT_EV_ACTIVATED,
    RT_EV_DREW,
    RT_EV_EXTRA_TURN,
    RT_EV_MERGED,
    RT_EV_CLOSED_OWNER,
    RT_EV_CLOSED_NOBODY,
    RT_EV_SKIPPED,
    RT_EV_GAME_OVER,
    RT_EV_REVEALED,
    RT_END_SEAT, /* words (issue 11, item 5) */
    RT_END_SOLO,
    RT_END_SCRIPTS,
    RT_END_WINS,
    RT_END_LOST,
    /* Einfach Genial (replay_genial.c) */
    RT_G_PLACED,
    RT_G_SCORED,
    RT_G_SEGMENT_END,
    RT_G_BONUS,
    RT_G_BONUS_LOST,
    RT_G_REFILLED,
    RT_G_SWAPPED,
    RT_G_DREW,
    RT_G_RETURNED,
    RT_G_TO_PLACE,
    RT_G_TO_BONUS,
    RT_G_TO_END,
    RT_G_TO_REFILL,
    RT_G_OVER,
    RT_G_END_SEAT,
    RT_G_END_SOLO,
    RT_COUNT
} ReplayTextId;

/* The message id in lang (a PulLang; others give English). Never NULL. */
const char *replay_text(int id, int lang);
/* The id's name, "usage", "ev-drew" ...; NULL out of range. */
const char *replay_text_name(int id);

#endif
