/*
** params.c: the rule parameters by name. variant.yaml, Lua scripts and
** reports reach the fields of PulRules through this one table, so a new
** parameter is added here once and every reader knows it.
*/
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "micropul.h"

static const char *const end_words[] = {"immediate", "finish_turn", "finish_round", NULL};
static const char *const merged_words[] = {"none", "one_owner", NULL};

typedef struct {
    PulParamInfo info;
    size_t offset; /* of the field in PulRules */
    bool is_bool;  /* the field is a bool, else an int */
} Param;

#define INT_P(f, lo, hi, help) {{#f, PUL_PARAM_INT, lo, hi, NULL, help}, offsetof(PulRules, f), false}
#define BOOL_P(f, help) {{#f, PUL_PARAM_BOOL, 0, 1, NULL, help}, offsetof(PulRules, f), true}
#define ENUM_P(f, words, n, help) {{#f, PUL_PARAM_ENUM, 0, n - 1, words, help}, offsetof(PulRules, f), false}

static const Param params[] = {
    INT_P(min_players, 1, PUL_MAX_SEATS, "fewest seats a game may have"),
    INT_P(max_players, 1, PUL_MAX_SEATS, "most seats a game may have"),
    INT_P(hand_size, 0, PUL_MAX_HAND, "tiles dealt to each hand"),
    INT_P(hand_limit, 1, PUL_MAX_HAND, "a take is allowed only while the hand holds fewer tiles"),
    INT_P(stones, 0, PUL_MAX_STONES, "stones per seat"),
    INT_P(points_micropul, -1000, 1000, "points per micropul of a scoring group"),
    INT_P(points_big, -1000, 1000, "points per big micropul of a scoring group"),
    INT_P(points_supply, -1000, 1000, "points per tile left in supply"),
    INT_P(points_hand, -1000, 1000, "points per tile left in hand"),
    BOOL_P(rule1_attachment, "rule 1: a new tile's micropul must touch a placed tile's micropul"),
    BOOL_P(rule2_colours, "rule 2: touching micropul must be of one colour"),
    BOOL_P(extra_turn_per_catalyst, "each activated extra-turn catalyst gives its own extra turn"),
    BOOL_P(extra_turn_chains, "an extra turn can earn another extra turn"),
    BOOL_P(solo_extra_turn, "in solo, extra-turn catalysts still give extra turns"),
    ENUM_P(core_empty_end, end_words, 3,
           "when the core runs out: end at once, finish the turn, or finish the round"),
    BOOL_P(no_tiles_loses, "a seat with no tile in hand nor supply at its turn loses"),
    BOOL_P(no_action_loses, "a seat with no legal action loses (else its turn is skipped)"),
    ENUM_P(merged_scoring, merged_words, 2,
           "a group with stones of several seats scores nothing; one_owner: one seat's stones "
           "still score"),
};

enum { NPARAMS = (int)(sizeof params / sizeof params[0]) };

int pul_rules_nparams(void) { return NPARAMS; }

const PulParamInfo *pul_rules_param(int i) {
    return i >= 0 && i < NPARAMS ? &params[i].info : NULL;
}

int pul_rules_param_find(const char *name) {
    for (int i = 0; name && i < NPARAMS; i++)
        if (strcmp(params[i].info.name, name) == 0) return i;
    return -1;
}

int pul_rules_get(const PulRules *r, int i) {
    if (i < 0 || i >= NPARAMS) return 0;
    const char *field = (const char *)r + params[i].offset;
    if (params[i].is_bool) return *(const bool *)field;
    return *(const int *)field;
}

PulStatus pul_rules_set(PulRules *r, int i, int value, PulError *err) {
    if (i < 0 || i >= NPARAMS)
        return err_setc(err, "bad-reference", NULL, 0, 0, "no rule parameter number %d (0 to %d)",
                        i, NPARAMS - 1);
    const PulParamInfo *p = &params[i].info;
    if (value < p->min || value > p->max)
        return err_setc(err, "out-of-range", NULL, 0, 0,
                        "rule parameter %s is %d; it must be from %d to %d", p->name, value,
                        p->min, p->max);
    char *field = (char *)r + params[i].offset;
    if (params[i].is_bool)
        *(bool *)field = value != 0;
    else
        *(int *)field = value;
    err_clear(err);
    return PUL_OK;
}

/* The rules struct seen through the table's untyped slots. */
static void params_defaults(void *r) { pul_rules_default(r); }
static PulStatus params_validate(const void *r, PulError *err) { return pul_rules_validate(r, err); }
static int params_get(const void *r, int i) { return pul_rules_get(r, i); }
static PulStatus params_set(void *r, int i, int value, PulError *err) {
    return pul_rules_set(r, i, value, err);
}

/* A hand is dealt from the rules' hand_size and must fit under hand_limit;
** validate refuses it too, but this names both values as the manifest set them. */
static bool params_manifest_check(const void *rules, char *msg, size_t size) {
    const PulRules *r = rules;
    if (r->hand_size <= r->hand_limit) return true;
    snprintf(msg, size, "hand_size is %d but hand_limit is %d; a hand is dealt at most its limit",
             r->hand_size, r->hand_limit);
    return false;
}

_Static_assert(sizeof(PulRules) <= FAMILY_RULES_MAX, "the rules fit pul_variant_rule_default's buffer");
const FamilyParams micropul_params = {
    .n = NPARAMS,
    .param = pul_rules_param,
    .size = sizeof(PulRules),
    .in_variant = offsetof(MicropulVariant, rules),
    .in_game = offsetof(MicropulGame, rules),
    .defaults = params_defaults,
    .validate = params_validate,
    .get = params_get,
    .set = params_set,
    .manifest_check = params_manifest_check,
};
