/*
** play_level.c: the bots of `pul play` offered as difficulty levels, so a
** new player can say --seats human,easy without knowing the bots' names.
*/
#include <string.h>

#include "play.h"

/* From the weakest to the strongest: a random player, the greedy bot that
** looks one move ahead, and MCTS with its default budget said out loud. */
static const struct {
    const char *name, *spec;
} levels[] = {
    {"easy", "random"},
    {"normal", "greedy"},
    {"hard", "mcts:iters=1000"},
};

const char *play_level_spec(const char *name) {
    for (size_t k = 0; k < sizeof levels / sizeof levels[0]; k++)
        if (strcmp(name, levels[k].name) == 0) return levels[k].spec;
    return NULL;
}

const char *play_bot_spec(const char *seat) {
    const char *spec = play_level_spec(seat);
    return spec ? spec : seat;
}
