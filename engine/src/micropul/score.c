/*
** score.c: Micropul's scores as the rules count them (kept incrementally,
** or recounted from the board), a seat's score in its parts (closed groups as
** the rules count them, tiles left in supply and hand, what rule scripts
** changed), and the winners.
*/
#include <string.h>

#include "score.h"

static void add_tile_points(const MicropulGame *g, int *scores) {
    const PulRules *r = &g->rules;
    for (int s = 0; s < g->h.nseats; s++)
        scores[s] += r->points_supply * g->nsupply[s] + r->points_hand * g->nhand[s];
}

static void totals(const MicropulGame *g, int *scores) {
    for (int s = 0; s < g->h.nseats; s++) scores[s] = g->group_points[s] + g->h.final_adjust[s];
    add_tile_points(g, scores);
}

void score_totals(const PulGame *g, int *scores) { totals(MGC(g), scores); }

#ifndef MICROPUL_WIDE
int wide_pul_game_scores_recount(const PulGame *pg, int *scores, int max); /* wide_names.h */
#endif

int pul_game_scores_recount(const PulGame *pg, int *scores, int max) {
#ifndef MICROPUL_WIDE
    if (pg && pg->fam == &micropul_wide_family) return wide_pul_game_scores_recount(pg, scores, max);
#endif
    const MicropulGame *g = micropul_game(pg);
    if (!g) return 0;
    int all[PUL_MAX_SEATS];
    groups_recount(g, all);
    add_tile_points(g, all);
    int n = scores && max > 0 ? (g->h.nseats < max ? g->h.nseats : max) : 0;
    if (n) memcpy(scores, all, (size_t)n * sizeof *scores);
    return g->h.nseats;
}

int score_parts(const PulGame *pg, int seat, PulScorePart *out, int max) {
    const MicropulGame *g = MGC(pg);
    if (seat < 0 || seat >= g->h.nseats) return 0;
    int scores[PUL_MAX_SEATS], by_rules[PUL_MAX_SEATS];
    totals(g, scores);
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

int score_winners(const PulGame *pg, int *seats, int max) {
    const MicropulGame *g = MGC(pg);
    int scores[PUL_MAX_SEATS], best = 0, n = 0;
    if (g->h.script_winners) {
        /* A final_scores hook named them (breaking a tie, say). */
        for (int s = 0; s < g->h.nseats; s++)
            if (g->h.script_winners >> s & 1) {
                if (n < max) seats[n] = s;
                n++;
            }
        return n;
    }
    bool any = false;
    totals(g, scores);
    for (int s = 0; s < g->h.nseats; s++)
        if (s != g->h.loser && (!any || scores[s] > best)) {
            best = scores[s];
            any = true;
        }
    for (int s = 0; s < g->h.nseats; s++)
        if (s != g->h.loser && scores[s] == best && any) {
            if (n < max) seats[n] = s;
            n++;
        }
    return n;
}
