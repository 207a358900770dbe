/*
** score.c: Micropul's scores as the rules count them (kept incrementally,
** or recounted from the board), a seat's breakdown, and the winners.
*/
#include <string.h>

#include "micropul.h"

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

int pul_game_scores_recount(const PulGame *pg, int *scores, int max) {
    const MicropulGame *g = micropul_game(pg);
    if (!g) return 0;
    int all[PUL_MAX_SEATS];
    groups_recount(g, all);
    add_tile_points(g, all);
    int n = scores && max > 0 ? (g->h.nseats < max ? g->h.nseats : max) : 0;
    if (n) memcpy(scores, all, (size_t)n * sizeof *scores);
    return g->h.nseats;
}

void pul_game_score_breakdown(const PulGame *pg, int seat, PulScoreBreakdown *out) {
    const MicropulGame *g = micropul_game(pg);
    memset(out, 0, sizeof *out);
    if (!g || seat < 0 || seat >= g->h.nseats) return;
    int scores[PUL_MAX_SEATS], by_rules[PUL_MAX_SEATS];
    totals(g, scores);
    groups_recount(g, by_rules);
    out->total = scores[seat];
    out->groups = by_rules[seat];
    out->supply_tiles = g->nsupply[seat];
    out->supply_points = g->rules.points_supply * g->nsupply[seat];
    out->hand_tiles = g->nhand[seat];
    out->hand_points = g->rules.points_hand * g->nhand[seat];
    out->scripts = out->total - out->groups - out->supply_points - out->hand_points;
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
