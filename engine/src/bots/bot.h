/*
** bot.h: the bots' shared parts (not public): the kinds and their options,
** the bot object, and the greedy moves the greedy bot and MCTS rollouts share.
** Bots see a game only through pul.h, so they play any rules family.
*/
#ifndef PUL_BOT_H
#define PUL_BOT_H

#include "common.h"

enum { BOT_OPT_INT = 0, BOT_OPT_REAL, BOT_OPT_WORD };
enum { BOT_MAX_OPTIONS = 12, BOT_SPEC_MAX = 256 };

/* One key=value option of a bot spec. */
typedef struct {
    const char *key;
    int type;                   /* BOT_OPT_INT, BOT_OPT_REAL, BOT_OPT_WORD */
    double min, max, def;       /* word: def is the index of the default word */
    const char *const *words;   /* word: the values, NULL-terminated */
    bool optional;              /* left out of the full spec unless given (or the
                                   edition sets it) */
    const char *help;
} BotOption;

typedef struct BotKind BotKind;
typedef struct BotShared BotShared;

struct PulBot {
    const PulVariant *v;
    const BotKind *kind;
    uint64_t seed;
    double opt[BOT_MAX_OPTIONS];    /* by the kind's option order */
    bool given[BOT_MAX_OPTIONS];    /* set by the spec or by the edition's bots: */
    char spec[BOT_SPEC_MAX];
    long iterations;
    PulGame *det;                   /* a determinization, reused between choices
                                       (made again at each of an edition with scripts
                                       by a kind that applies actions on it) */
    void *state;                    /* the kind's own (MCTS: its node pool) */
    void *memo;                     /* what the random bot keeps beside det
                                       (pul_game_from_observation_kept), zeroed
                                       with each det made; NULL when the family
                                       needs none */
    BotShared *shared;              /* det and memo held with other bots
                                       (pul_bot_share_game), else NULL */
};

/* A determinization and its memo that bots share: freed with the last. */
struct BotShared {
    int refs;
    PulGame *det;
    void *memo;
};

struct BotKind {
    const char *name;
    const char *help;
    const BotOption *options;
    int noptions;
    /* rng is the choice's own generator: seeded from the bot's seed and the
    ** observation, so the same observation gives the same action. */
    PulStatus (*choose)(PulBot *b, const PulObservation *obs, PulRng *rng, PulAction *out,
                        PulError *err);
    void (*free_state)(PulBot *b);
    /* Free the game objects of its own it applies actions on, to be made
    ** again at its next choice (NULL: it has none). */
    void (*drop_games)(PulBot *b);
};

extern const BotKind bot_random_kind, bot_greedy_kind, bot_mcts_kind;

/* Every kind, for the spec parser and help: NULL-terminated. */
const BotKind *const *bot_kinds(void);

/* Whether value (a NUL-terminated text) is one that option i of kind k
** takes, as an edition's default (variant.yaml bots:, read by load/): PUL_OK,
** or err says why, placed in the spec (the caller places it in its file). */
PulStatus bot_option_check(const BotKind *k, int i, const char *value, PulError *err);

/* ---------------------------------------------------------- heuristics */

/* The greedy bot's move in g for the seat to move: the legal action whose
** result pul_game_margin likes best (ties broken by rng). tmp is scratch. */
bool bot_greedy_action(const PulGame *g, PulGame *tmp, PulRng *rng, PulAction *out);
/* A cheap rollout move: the best by pul_game_margin of a few random legal actions. */
bool bot_greedy_lite_action(const PulGame *g, PulGame *tmp, PulRng *rng, int samples,
                            PulAction *out);

#endif
