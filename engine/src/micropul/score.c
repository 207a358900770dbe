/*
** score.c: a Micropul seat's score in its parts: closed groups as the rules
** count them, tiles left in supply and hand, and what rule scripts changed.
*/
#include "score.h"

int score_parts(const PulGame *g, int seat, PulScorePart *out, int max) {
    if (seat < 0 || seat >= g->nseats) return 0;
    int scores[PUL_MAX_SEATS], by_rules[PUL_MAX_SEATS];
    pul_game_scores(g, scores, PUL_MAX_SEATS);
    groups_recount(g, by_rules);
    const PulRules *r = &g->rules;
    PulScorePart part[4] = {
        {PUL_SCORE_GROUPS, 0, by_rules[seat]},
        {PUL_SCORE_SUPPLY, g->nsupply[seat], r->points_supply * g->nsupply[seat]},
        {PUL_SCORE_HAND, g->nhand[seat], r->points_hand * g->nhand[seat]},
        {PUL_SCORE_SCRIPTS, 0, 0},
    };
    /* The scripts' share is what the hooks left beyond the rules' own count
    ** (score_group and final_scores), so the parts always add up to the score. */
    part[3].points = scores[seat] - part[0].points - part[1].points - part[2].points;
    int n = part[3].points ? 4 : 3;
    for (int i = 0; i < n && i < max; i++) out[i] = part[i];
    return n;
}

/* family slot: score_parts */
int pul_game_score_parts(const PulGame *g, int seat, PulScorePart *out, int max) {
    return score_parts(g, seat, out, max);
}
