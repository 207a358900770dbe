/*
** rules.c: the rule-parameter struct, its RULES.md defaults and its limits.
** Every rule choice the seeds leave open is a field here, never a constant.
*/
#include "common.h"

void pul_rules_default(PulRules *r) {
    r->min_players = 1;
    r->max_players = 2;
    r->hand_size = 6;
    r->hand_limit = 6;
    r->stones = 3;
    r->points_micropul = 1;
    r->points_big = 1;
    r->points_supply = 2;
    r->points_hand = 1;
    r->rule1_attachment = true;
    r->rule2_colours = true;
    r->extra_turn_per_catalyst = false;
    r->extra_turn_chains = true;
    r->solo_extra_turn = false;
    r->core_empty_end = PUL_CORE_EMPTY_IMMEDIATE;
    r->no_tiles_loses = true;
    r->no_action_loses = true;
    r->merged_scoring = PUL_MERGED_SCORE_NONE;
}

#define CHECK_RANGE(field, lo, hi)                                                       \
    do {                                                                                 \
        if (r->field < (lo) || r->field > (hi))                                          \
            return err_set(err, PUL_ERR_RANGE, NULL, 0, 0,                               \
                           "rule parameter " #field " is %d; it must be from %d to %d", \
                           (int)r->field, (int)(lo), (int)(hi));                         \
    } while (0)

PulStatus pul_rules_validate(const PulRules *r, PulError *err) {
    CHECK_RANGE(min_players, 1, PUL_MAX_SEATS);
    CHECK_RANGE(max_players, r->min_players, PUL_MAX_SEATS);
    CHECK_RANGE(hand_limit, 1, PUL_MAX_HAND);
    CHECK_RANGE(hand_size, 0, r->hand_limit);
    CHECK_RANGE(stones, 0, PUL_MAX_STONES);
    CHECK_RANGE(points_micropul, -1000, 1000);
    CHECK_RANGE(points_big, -1000, 1000);
    CHECK_RANGE(points_supply, -1000, 1000);
    CHECK_RANGE(points_hand, -1000, 1000);
    CHECK_RANGE(core_empty_end, PUL_CORE_EMPTY_IMMEDIATE, PUL_CORE_EMPTY_FINISH_ROUND);
    CHECK_RANGE(merged_scoring, PUL_MERGED_SCORE_NONE, PUL_MERGED_SCORE_ONE_OWNER);
    err_clear(err);
    return PUL_OK;
}
