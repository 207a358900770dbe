/*
** bot_random.c: the random bot: uniform over the legal actions of the
** seat to move, drawn from a determinization (the seat's own actions are
** the same in every determinization, so one with the unseen tiles unshuffled
** will do; kept from choice to choice with what it was built from, it only
** gains the new tiles).
*/
#include "bot.h"

static PulStatus random_choose(PulBot *b, const PulObservation *obs, PulRng *rng, PulAction *out,
                               PulError *err) {
    /* err is filled only on a failure (made again then): clearing it at
    ** every move cost as much as a check of the observation. */
    if (pul_game_from_observation_kept(b->det, obs, b->memo, NULL) != PUL_OK)
        return pul_game_from_observation_kept(b->det, obs, b->memo, err);
    if (!pul_random_action(b->det, rng, out))
        return err_setc(err, "bad-state", NULL, 0, 0, "seat %d has no legal action",
                        obs->seat + 1);
    return PUL_OK;
}

const BotKind bot_random_kind = {
    "random", "a legal action at random, each as likely", NULL, 0, random_choose, NULL, NULL,
};
