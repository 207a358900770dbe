/*
** genial_heuristic.c: Genial's heuristic value of a position for one seat,
** which the greedy bot and MCTS compare through pul.h, and the estimate of a
** placement worked out from its points without applying it (MCTS's ordering).
*/
#include <math.h>
#include <string.h>

#include "genial_records.h"
#include "genial_state.h"

/* The weights, in track points (the family's points, as pul.h asks: the
** bots' temperatures and margins are in points), tuned with the lab
** (variants/README.md, "What the lab found"): the k-th lowest track counts
** fall^k as much as the lowest, because the lowest is the score and the next
** ones break ties; an owed bonus placement is worth bonus points; a rack
** tile showing the symbol of a weak track is worth rack points, as much less
** per rank as its track (at most rack_cap tiles of a symbol count); a won
** sudden death, win. */
static const struct {
    double fall, bonus, rack;
    int rack_cap;
    double win;
} W = {0.7, 4.0, 0.5, 2, 1000.0};

/* Sorted ascending in place, with the symbols alongside: at most 8 values. */
static void heuristic_sort(int *v, int *sym, int n) {
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            int t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
            t = sym[j];
            sym[j] = sym[j - 1];
            sym[j - 1] = t;
        }
}

/* How many tiles of a rack show each symbol (a double once). */
static void heuristic_shows(const GenialVariant *gv, const uint8_t *rack, int nrack, int *shows) {
    for (int s = 0; s < GENIAL_MAX_SYMBOLS; s++) shows[s] = 0;
    for (int i = 0; i < nrack; i++) {
        int a = gv->kind_sym[rack[i]][0], b = gv->kind_sym[rack[i]][1];
        shows[a]++;
        if (b != a) shows[b]++;
    }
}

/* The value of a team at tracks tr, owed bonus placements, and a rack
** showing each symbol shows[s] times. */
static double heuristic_of(const GenialGame *gg, const int16_t *tr, int owed, const int *shows) {
    const GenialVariant *gv = GV(gg);
    int end = genial_track_end(&gg->rules), t[GENIAL_MAX_SYMBOLS], sym[GENIAL_MAX_SYMBOLS];
    bool all = true;
    for (int s = 0; s < gv->nsym; s++) {
        t[s] = tr[s];
        sym[s] = s;
        all = all && tr[s] >= end;
    }
    if (all && gg->rules.sudden_death) return W.win;
    heuristic_sort(t, sym, gv->nsym);
    double v = 0.0, w = 1.0;
    for (int k = 0; k < gv->nsym; k++, w *= W.fall) {
        v += w * t[k];
        if (t[k] < end) {
            int c = shows[sym[k]] < W.rack_cap ? shows[sym[k]] : W.rack_cap;
            v += W.rack * w * c / W.rack_cap;
        }
    }
    return v + W.bonus * owed;
}

double genial_heuristic(const PulGame *g, int seat) {
    const GenialGame *gg = GGC(g);
    int team = genial_track_of(gg, seat), shows[GENIAL_MAX_SYMBOLS];
    /* The placing seat makes its team's bonus placements. */
    int owed = !g->over && gg->phase == GENIAL_BONUS && genial_track_of(gg, g->to_move) == team
                   ? gg->bonus_owed
                   : 0;
    heuristic_shows(GV(gg), gg->rack[seat], gg->nrack[seat], shows);
    return heuristic_of(gg, gg->track[team], owed, shows);
}

/* Both halves onto tracks tr as apply scores them (the order that leaves a
** shared track higher); returns the segment ends reached. */
static int heuristic_advance(const GenialRules *r, int16_t *tr, const int sym[2],
                             const int pts[2]) {
    int first = 0, got, ends = 0;
    if (sym[0] == sym[1]) {
        int a = genial_advance(r, genial_advance(r, tr[sym[0]], pts[0], &got), pts[1], &got);
        int b = genial_advance(r, genial_advance(r, tr[sym[0]], pts[1], &got), pts[0], &got);
        first = b > a;
    }
    for (int i = 0; i < 2; i++) {
        int h = i ^ first;
        tr[sym[h]] = (int16_t)genial_advance(r, tr[sym[h]], pts[h], &got);
        ends += got;
    }
    return ends;
}

/* The points of a half of symbol s on empty cell c, kept per cell and symbol
** for one position: many placements share a half. */
static int heuristic_half(const GenialGame *gg, int16_t (*memo)[GENIAL_MAX_SYMBOLS], int c, int s) {
    if (memo[c][s] < 0) memo[c][s] = (int16_t)genial_half_points(gg, c, s);
    return memo[c][s];
}

enum { MEMO_BITS = 9, MEMO_SIZE = 1 << MEMO_BITS }; /* the values by symbols and points */

PulReason genial_estimates(const PulGame *g, const PulAction *a, int n, bool listed,
                           PulGame *scratch, double *values) {
    (void)scratch;
    const GenialGame *gg = GGC(g);
    const GenialVariant *gv = GV(gg);
    const GenialArea *ar = genial_area(gg);
    int seat = g->to_move, team = genial_track_of(gg, seat), shows[GENIAL_MAX_SYMBOLS];
    int16_t memo[GENIAL_MAX_CELLS][GENIAL_MAX_SYMBOLS];
    memset(memo, 0xff, sizeof memo);
    struct {
        uint32_t key; /* 0: empty */
        double value;
    } seen[MEMO_SIZE];
    memset(seen, 0, sizeof seen);
    int nseen = 0;
    heuristic_shows(gv, gg->rack[seat], gg->nrack[seat], shows);
    for (int i = 0; i < n; i++) {
        if (!listed && genial_check(g, &a[i]) != PUL_LEGAL) {
            values[i] = -HUGE_VAL;
            continue;
        }
        if (a[i].kind != PUL_PLACE) {
            values[i] = 0.0; /* a refill or a swap: what it draws is not known yet */
            continue;
        }
        int k = a[i].tile, ca = genial_cell_at(gv, a[i].x, a[i].y), cb = ar->nb[ca][a[i].rot];
        int sym[2] = {gv->kind_sym[k][a[i].quad], gv->kind_sym[k][a[i].quad ^ 1]};
        int pts[2] = {heuristic_half(gg, memo, ca, sym[0]), heuristic_half(gg, memo, cb, sym[1])};
        /* The value hangs on the symbols and their points alone: many
        ** placements of a position share them. */
        uint32_t key = 1u + (uint32_t)sym[0] + ((uint32_t)sym[1] << 4) +
                       ((uint32_t)(pts[0] > 255 ? 255 : pts[0]) << 8) +
                       ((uint32_t)(pts[1] > 255 ? 255 : pts[1]) << 16);
        uint32_t h = (key * 2654435761u) >> (32 - MEMO_BITS);
        while (seen[h].key && seen[h].key != key) h = (h + 1) & (MEMO_SIZE - 1);
        if (seen[h].key == key) {
            values[i] = seen[h].value;
            continue;
        }
        int16_t tr[GENIAL_MAX_SYMBOLS];
        memcpy(tr, gg->track[team], sizeof tr);
        int ends = heuristic_advance(&gg->rules, tr, sym, pts);
        int owed = (gg->phase == GENIAL_BONUS ? gg->bonus_owed - 1 : 0) +
                   (gg->rules.bonus ? ends : 0);
        if (gg->nrack[seat] == 1) owed = 0; /* owed placements with an empty rack are lost */
        /* The placed tile leaves the rack. */
        shows[sym[0]]--;
        if (sym[1] != sym[0]) shows[sym[1]]--;
        values[i] = heuristic_of(gg, tr, owed, shows);
        shows[sym[0]]++;
        if (sym[1] != sym[0]) shows[sym[1]]++;
        if (nseen < MEMO_SIZE / 2) {
            seen[h].key = key;
            seen[h].value = values[i];
            nseen++;
        }
    }
    return PUL_LEGAL;
}
