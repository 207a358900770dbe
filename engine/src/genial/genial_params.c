/*
** genial_params.c: the Genial family's rule parameters (RULES-GENIAL.md's
** table, i13-plan.md 1.3): defaults, limits, and reading and setting them by
** name or number for variant.yaml, scripts and reports.
*/
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "genial_state.h"

static const char *const first_words[] = {"distinct_printed", "any_printed", "none", NULL};
static const char *const swap_words[] = {"lowest_absent", "never", NULL};
static const char *const teams_words[] = {"none", "alternate", NULL};

typedef struct {
    PulParamInfo info;
    size_t offset; /* of the field in GenialRules */
    bool is_bool;  /* the field is a bool, else an int */
} Param;

#define INT_P(f, lo, hi, help) {{#f, PUL_PARAM_INT, lo, hi, NULL, help}, offsetof(GenialRules, f), false}
#define BOOL_P(f, help) {{#f, PUL_PARAM_BOOL, 0, 1, NULL, help}, offsetof(GenialRules, f), true}
#define ENUM_P(f, words, n, help) {{#f, PUL_PARAM_ENUM, 0, n - 1, words, help}, offsetof(GenialRules, f), false}

static const Param params[] = {
    INT_P(min_players, 1, PUL_MAX_SEATS, "fewest seats a game may have"),
    INT_P(max_players, 1, PUL_MAX_SEATS, "most seats a game may have"),
    INT_P(rack_size, 1, GENIAL_RACK_MAX, "tiles a rack is dealt and refilled to"),
    INT_P(track_max, 1, 60, "points of one segment of a track"),
    INT_P(segments, 1, 4, "segments of a track; its end is track_max times segments"),
    BOOL_P(bonus, "each segment end a track reaches gives a bonus placement"),
    ENUM_P(first_round, first_words, 3,
           "a seat's first placement must touch a printed symbol no earlier first placement "
           "touched, any printed symbol, or nothing"),
    ENUM_P(swap, swap_words, 2,
           "a seat whose rack shows none of its lowest tracks' symbols may swap it, or never"),
    BOOL_P(sudden_death, "a seat (team) with every track at its end wins at once"),
    ENUM_P(teams, teams_words, 2, "no teams, or seats 1 and 3 against 2 and 4 on shared tracks"),
};

enum { NPARAMS = (int)(sizeof params / sizeof params[0]) };
_Static_assert((int)NPARAMS == (int)GENIAL_NPARAMS, "a row per field of GenialRules");

void genial_rules_default(GenialRules *r) {
    r->min_players = 2;
    r->max_players = 4;
    r->rack_size = 6;
    r->track_max = 18;
    r->segments = 1;
    r->bonus = true;
    r->first_round = GENIAL_FIRST_DISTINCT;
    r->swap = GENIAL_SWAP_LOWEST_ABSENT;
    r->sudden_death = true;
    r->teams = GENIAL_TEAMS_NONE;
}

const PulParamInfo *genial_param(int i) { return i >= 0 && i < NPARAMS ? &params[i].info : NULL; }

int genial_param_find(const char *name) {
    for (int i = 0; name && i < NPARAMS; i++)
        if (strcmp(params[i].info.name, name) == 0) return i;
    return -1;
}

int genial_rules_get(const GenialRules *r, int i) {
    if (i < 0 || i >= NPARAMS) return 0;
    const char *field = (const char *)r + params[i].offset;
    if (params[i].is_bool) return *(const bool *)field;
    return *(const int *)field;
}

PulStatus genial_rules_set(GenialRules *r, int i, int value, PulError *err) {
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

/* Teams alternate round the table: with an odd seat count one team would
** have a seat more (i13-plan.md 7.2 Q7). */
static bool teams_fit(const GenialRules *r, char *msg, size_t size) {
    if (r->teams != GENIAL_TEAMS_ALTERNATE || (r->min_players % 2 == 0 && r->max_players % 2 == 0))
        return true;
    if (msg)
        snprintf(msg, size,
                 "teams is alternate but players are %d to %d; alternate teams (seats 1 and 3 "
                 "against 2 and 4) need an even seat count, so make players min and max even, "
                 "like players: {min: 4, max: 4}, or write teams: none",
                 r->min_players, r->max_players);
    return false;
}

PulStatus genial_rules_validate(const GenialRules *r, PulError *err) {
    for (int i = 0; i < NPARAMS; i++) {
        const PulParamInfo *p = &params[i].info;
        int v = genial_rules_get(r, i);
        int lo = i == GENIAL_P_MAX_PLAYERS ? r->min_players : p->min;
        if (v < lo || v > p->max)
            return err_setc(err, "out-of-range", NULL, 0, 0,
                            "rule parameter %s is %d; it must be from %d to %d", p->name, v, lo,
                            p->max);
    }
    char msg[320];
    if (!teams_fit(r, msg, sizeof msg)) return err_setc(err, "out-of-range", NULL, 0, 0, "%s", msg);
    err_clear(err);
    return PUL_OK;
}

/* The rules struct seen through the table's untyped slots. */
static void params_defaults(void *r) { genial_rules_default(r); }
static PulStatus params_validate(const void *r, PulError *err) { return genial_rules_validate(r, err); }
static int params_get(const void *r, int i) { return genial_rules_get(r, i); }
static PulStatus params_set(void *r, int i, int value, PulError *err) {
    return genial_rules_set(r, i, value, err);
}
static bool params_manifest_check(const void *rules, char *msg, size_t size) {
    return teams_fit(rules, msg, size);
}

_Static_assert(sizeof(GenialRules) <= FAMILY_RULES_MAX, "the rules fit pul_variant_rule_default's buffer");
_Static_assert(GENIAL_NPARAMS <= 16, "the observation's rule[16] holds every parameter");
const FamilyParams genial_params = {
    .n = NPARAMS,
    .param = genial_param,
    .size = sizeof(GenialRules),
    .in_variant = offsetof(GenialVariant, rules),
    .in_game = offsetof(GenialGame, rules),
    .defaults = params_defaults,
    .validate = params_validate,
    .get = params_get,
    .set = params_set,
    .manifest_check = params_manifest_check,
};
