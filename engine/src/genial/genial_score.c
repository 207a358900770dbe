/*
** genial_score.c: Genial's result: a seat's score is its (team's) lowest
** track; the winners are the seats whose tracks, sorted ascending, compare
** greatest (ties broken by the next-lowest track, identical lists share the
** win; none in solo); a seat's team; the score in its parts.
*/
#include "genial_state.h"

int genial_team(const PulGame *g, int seat) { return genial_track_of(GGC(g), seat); }

/* The lowest track of team t and its symbol (the first of the lowest). */
static int lowest(const GenialGame *g, int t, int *sym) {
    int best = 0;
    for (int s = 1; s < GV(g)->nsym; s++)
        if (g->track[t][s] < g->track[t][best]) best = s;
    if (sym) *sym = best;
    return g->track[t][best];
}

void genial_scores(const PulGame *pg, int *scores) {
    const GenialGame *g = GGC(pg);
    for (int s = 0; s < g->h.nseats; s++)
        scores[s] = lowest(g, genial_track_of(g, s), NULL) + g->h.final_adjust[s];
}

/* Team t's tracks sorted ascending (insertion: eight at most). */
static void sorted_tracks(const GenialGame *g, int t, int *out) {
    int n = GV(g)->nsym;
    for (int i = 0; i < n; i++) {
        int x = g->track[t][i], j = i;
        for (; j > 0 && out[j - 1] > x; j--) out[j] = out[j - 1];
        out[j] = x;
    }
}

/* <0, 0, >0 as seat a's sorted tracks rank below, equal to, above seat b's;
** a final_scores hook's adjustments (WP-F) come first, as they move the score. */
static int compare(const GenialGame *g, int a, int b) {
    int sa = g->h.final_adjust[a], sb = g->h.final_adjust[b];
    int ta[GENIAL_MAX_SYMBOLS] = {0}, tb[GENIAL_MAX_SYMBOLS] = {0};
    sorted_tracks(g, genial_track_of(g, a), ta);
    sorted_tracks(g, genial_track_of(g, b), tb);
    if (ta[0] + sa != tb[0] + sb) return ta[0] + sa < tb[0] + sb ? -1 : 1;
    for (int i = 1; i < GV(g)->nsym; i++)
        if (ta[i] != tb[i]) return ta[i] < tb[i] ? -1 : 1;
    return 0;
}

int genial_winners(const PulGame *pg, int *seats, int max) {
    const GenialGame *g = GGC(pg);
    int n = 0;
    if (g->h.script_winners) {
        /* a final_scores hook named them */
        for (int s = 0; s < g->h.nseats; s++)
            if (g->h.script_winners >> s & 1) {
                if (n < max) seats[n] = s;
                n++;
            }
        return n;
    }
    if (g->h.nseats < 2) return 0; /* solo: a score, no winner */
    int best = 0;
    for (int s = 1; s < g->h.nseats; s++)
        if (compare(g, s, best) > 0) best = s;
    for (int s = 0; s < g->h.nseats; s++)
        if (compare(g, s, best) == 0) {
            if (n < max) seats[n] = s;
            n++;
        }
    return n;
}

int genial_score_parts(const PulGame *pg, int seat, PulScorePart *out, int max) {
    const GenialGame *g = GGC(pg);
    if (seat < 0 || seat >= g->h.nseats) return 0;
    int sym, low = lowest(g, genial_track_of(g, seat), &sym);
    PulScorePart part[2] = {{PUL_SCORE_LOWEST_TRACK, sym, low},
                            {PUL_SCORE_SCRIPTS, 0, g->h.final_adjust[seat]}};
    int n = part[1].points ? 2 : 1;
    for (int i = 0; i < n && i < max; i++) out[i] = part[i];
    return n;
}
