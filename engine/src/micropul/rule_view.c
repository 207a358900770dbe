/*
** rule_view.c: Micropul's PulRules read by parameter number for whoever
** holds only a variant or a game (pul check, pul play's seat range, records).
*/
#include "rule_view.h"

void rule_view_players(const PulVariant *v, int *min, int *max) {
    if (min) *min = v->rules.min_players;
    if (max) *max = v->rules.max_players;
}

int rule_view_nparams(const PulVariant *v) {
    (void)v;
    return pul_rules_nparams();
}

const PulParamInfo *rule_view_param(const PulVariant *v, int i) {
    (void)v;
    return pul_rules_param(i);
}

int rule_view_rule(const PulVariant *v, int i) { return pul_rules_get(&v->rules, i); }

/* The base game's rules (RULES.md section 1), what an edition differs from. */
int rule_view_rule_default(const PulVariant *v, int i) {
    (void)v;
    PulRules base;
    pul_rules_default(&base);
    return pul_rules_get(&base, i);
}

int rule_view_game_rule(const PulGame *g, int i) { return pul_rules_get(&g->rules, i); }

/* family slot: params */
void pul_variant_players(const PulVariant *v, int *min, int *max) {
    rule_view_players(v, min, max);
}
/* family slot: params */
int pul_variant_nparams(const PulVariant *v) { return rule_view_nparams(v); }
/* family slot: params */
const PulParamInfo *pul_variant_param(const PulVariant *v, int i) {
    return rule_view_param(v, i);
}
/* family slot: params */
int pul_variant_rule(const PulVariant *v, int i) { return rule_view_rule(v, i); }
/* family slot: params */
int pul_variant_rule_default(const PulVariant *v, int i) { return rule_view_rule_default(v, i); }
/* family slot: params */
int pul_game_rule(const PulGame *g, int i) { return rule_view_game_rule(g, i); }
