/*
** genial_metrics.c: Genial's figures of one game for the lab (i13-plan.md
** 3.7; issue 14 lists the rows): what each applied action did (placements,
** refills, swaps, bonus placements, segment ends, forfeited bonuses, points)
** and what the end left (the bag, seat 1's team tracks, how deep the ranking
** had to look), and what differs between the pieces of two Genial variants.
*/
#include <stdio.h>
#include <string.h>

#include "genial_records.h"
#include "genial_state.h"

/* Slots of the figures in a game's int32_t array, in the table's order. */
enum {
    M_PLACEMENTS = 0,
    M_REFILLS,
    M_SWAPS,
    M_BONUS_PLACEMENTS,
    M_SEGMENT_ENDS,
    M_BONUS_LOST,
    M_POINTS,
    M_TILES_LEFT,
    M_TRACKS,                                    /* one per symbol index */
    M_TIEBREAK = M_TRACKS + GENIAL_MAX_SYMBOLS,  /* the ranking's depth, 0 .. symbols + 1 */
    M_TIEBREAK_BINS = GENIAL_MAX_SYMBOLS + 2,
    /* No figure: whether the next placement is a bonus placement (a bonus
    ** was owed after the last action), for the tally of the next. */
    M_OWED = M_TIEBREAK + M_TIEBREAK_BINS,
    M_SLOTS
};
_Static_assert(M_SLOTS <= PUL_MAX_METRIC_SLOTS, "Genial's figures fit a game's slots");
_Static_assert(GENIAL_MAX_SYMBOLS <= PUL_MAX_FEATURES, "a track per symbol fits a figure");

const PulMetricInfo genial_metrics[GENIAL_NMETRICS] = {
    {.key = "placements", .label = "placements", .help = "tiles placed, bonus placements included",
     .kind = PUL_METRIC_COUNT, .first = M_PLACEMENTS, .n = 1,
     .flags = PUL_METRIC_ROWS_ONLY | PUL_METRIC_ACTION, .feature_class = -1},
    {.key = "refills", .label = "refills", .help = "turns ended by refilling the rack",
     .kind = PUL_METRIC_COUNT, .first = M_REFILLS, .n = 1,
     .flags = PUL_METRIC_ROWS_ONLY | PUL_METRIC_ACTION, .feature_class = -1},
    {.key = "swaps", .label = "swaps", .help = "turns ended by swapping the rack",
     .kind = PUL_METRIC_COUNT, .first = M_SWAPS, .n = 1, .flags = PUL_METRIC_ACTION,
     .feature_class = -1, .title = "Swaps per game"},
    {.key = "bonus_placements", .label = "bonus placements",
     .help = "placements made for a segment end reached", .kind = PUL_METRIC_COUNT,
     .first = M_BONUS_PLACEMENTS, .n = 1, .feature_class = -1,
     .title = "Bonus placements per game"},
    {.key = "segment_ends", .label = "segment ends", .help = "track segment ends reached",
     .kind = PUL_METRIC_COUNT, .first = M_SEGMENT_ENDS, .n = 1, .feature_class = -1},
    {.key = "bonus_lost", .label = "forfeited bonuses",
     .help = "bonus placements lost to an empty rack", .kind = PUL_METRIC_COUNT,
     .first = M_BONUS_LOST, .n = 1, .feature_class = -1,
     .title = "Forfeited bonus placements per game"},
    {.key = "points", .label = "points", .help = "points scored by placed halves, before track ends",
     .kind = PUL_METRIC_COUNT, .first = M_POINTS, .n = 1, .flags = PUL_METRIC_ROWS_ONLY,
     .feature_class = -1},
    {.key = "tiles_left", .label = "tiles left", .help = "tiles left in the bag at the end",
     .kind = PUL_METRIC_COUNT, .first = M_TILES_LEFT, .n = 1, .feature_class = -1},
    /* A slot per symbol index: the lab names them by the variant's symbols. */
    {.key = "tracks", .label = "final tracks", .help = "seat 1's (team's) track of each symbol at the end",
     .kind = PUL_METRIC_PER_FEATURE, .first = M_TRACKS, .n = GENIAL_MAX_SYMBOLS,
     .feature_class = -1, .title = "Final tracks",
     .note = "Mean final track of each symbol for seat 1 (its team), with 95% confidence "
             "intervals",
     .chart = "Final tracks of seat 1", .unit = "track at the end",
     .empty = "No Genial games in these variants."},
    {.key = "tiebreak_depth", .label = "tie-break depth",
     .help = "sorted tracks the ranking compared: 1 the lowest alone, one more than the symbols "
             "for a shared win, 0 with one team",
     .kind = PUL_METRIC_HISTOGRAM, .first = M_TIEBREAK, .n = M_TIEBREAK_BINS, .feature_class = -1,
     .anchor = "tiebreak", .title = "Tie-breaks",
     .note = "Share of games by how many of the sorted tracks decided the winner (1: the score "
             "alone)",
     .chart = "Tie-break depth", .unit = "games", .bins = "tracks compared",
     .empty = "No ranked games."},
};

void genial_tally(const PulGame *g, const PulEvents *ev, int32_t *m) {
    const GenialGame *gg = GGC(g);
    for (int k = 0; k < ev->n; k++) {
        const PulEvent *e = &ev->ev[k];
        switch (e->kind) {
        case PUL_EV_PLACED:
            m[M_PLACEMENTS]++;
            /* The phase before this apply is gone: the game's own slot kept it. */
            if (m[M_OWED]) m[M_BONUS_PLACEMENTS]++;
            break;
        case PUL_EV_REFILLED: m[M_REFILLS]++; break;
        case PUL_EV_SWAPPED: m[M_SWAPS]++; break;
        case PUL_EV_SCORED:
            m[M_POINTS] += e->count;
            if (e->tile) m[M_SEGMENT_ENDS]++;
            break;
        case PUL_EV_BONUS_LOST: m[M_BONUS_LOST] += e->count; break;
        default: break;
        }
    }
    m[M_OWED] = !g->over && gg->phase == GENIAL_BONUS;
}

/* A team's tracks sorted from the lowest. */
static void metrics_sorted(const GenialGame *gg, int team, int nsym, int *out) {
    for (int s = 0; s < nsym; s++) {
        int v = gg->track[team][s], j = s;
        for (; j > 0 && out[j - 1] > v; j--) out[j] = out[j - 1];
        out[j] = v;
    }
}

/* Tracks the sorted lists of a and b share from the lowest up. */
static int metrics_common(const int *a, const int *b, int n) {
    int i = 0;
    while (i < n && a[i] == b[i]) i++;
    return i;
}

/* How many sorted tracks the ranking compared to set the top team apart from
** the best other (the one sharing the longest run from the lowest): 1 when
** the lowest did, nsym + 1 when another team tied on all of them (a shared
** win), 0 when there is one team (solo). */
static int metrics_tiebreak(const GenialGame *gg, int nsym) {
    int st[PUL_MAX_SEATS][GENIAL_MAX_SYMBOLS];
    bool seen[PUL_MAX_SEATS] = {false};
    int teams = 0;
    for (int s = 0; s < gg->h.nseats; s++) {
        int t = genial_track_of(gg, s);
        if (seen[t]) continue;
        seen[t] = true;
        metrics_sorted(gg, t, nsym, st[teams++]);
    }
    if (teams < 2) return 0;
    int best = 0;
    for (int t = 1; t < teams; t++) {
        int i = metrics_common(st[t], st[best], nsym);
        if (i < nsym && st[t][i] > st[best][i]) best = t;
    }
    int shared = 0;
    for (int t = 0; t < teams; t++) {
        if (t == best) continue;
        int i = metrics_common(st[t], st[best], nsym);
        if (i > shared) shared = i;
    }
    return shared + 1;
}

void genial_tally_end(const PulGame *g, int32_t *m) {
    const GenialGame *gg = GGC(g);
    const GenialVariant *gv = GV(gg);
    m[M_TILES_LEFT] = gg->bag_n;
    int team = genial_track_of(gg, 0);
    for (int s = 0; s < gv->nsym; s++) m[M_TRACKS + s] = gg->track[team][s];
    int depth = metrics_tiebreak(gg, gv->nsym);
    m[M_TIEBREAK + (depth < M_TIEBREAK_BINS ? depth : M_TIEBREAK_BINS - 1)]++;
}

int genial_feature(const PulVariant *v, int f, const char **name, int *cls) {
    const GenialVariant *gv = GVV(v);
    if (f >= 0 && f < gv->nsym) {
        if (name) *name = gv->symbols.symbol[f].name;
        if (cls) *cls = -1;
    }
    return gv->nsym;
}

/* ------------------------------------------------ pieces of two variants */

typedef struct {
    PulPieceChange *out;
    int n, max;
} MetricsChanges;

static PulPieceChange *metrics_add(MetricsChanges *c, const char *kind, const char *name) {
    if (c->n >= c->max) return NULL;
    PulPieceChange *ch = &c->out[c->n++];
    memset(ch, 0, sizeof *ch);
    pul_text_copy(ch->kind, sizeof ch->kind, kind);
    pul_text_copy(ch->name, sizeof ch->name, name);
    return ch;
}

/* The symbol index of letter in v, or -1. */
static int metrics_symbol(const GenialVariant *v, char letter) {
    for (int s = 0; s < v->nsym; s++)
        if (v->symbols.symbol[s].letter == letter) return s;
    return -1;
}

/* Tiles of the kind of letters x, y in v (0 when v has no such kind). */
static int metrics_count(const GenialVariant *v, char x, char y) {
    int a = metrics_symbol(v, x), b = metrics_symbol(v, y);
    return a < 0 || b < 0 ? 0 : v->kind_count[v->kind_of[a][b]];
}

/* Kinds whose counts differ between a and b, each pair of letters once. */
static int metrics_kinds_differ(const GenialVariant *a, const GenialVariant *b) {
    int differ = 0;
    for (int k = 0; k < a->nkinds; k++) {
        char x = a->symbols.symbol[a->kind_sym[k][0]].letter;
        char y = a->symbols.symbol[a->kind_sym[k][1]].letter;
        differ += a->kind_count[k] != metrics_count(b, x, y);
    }
    for (int k = 0; k < b->nkinds; k++) {
        char x = b->symbols.symbol[b->kind_sym[k][0]].letter;
        char y = b->symbols.symbol[b->kind_sym[k][1]].letter;
        /* Kinds of letters a also has were counted above. */
        differ += b->kind_count[k] != 0 && (metrics_symbol(a, x) < 0 || metrics_symbol(a, y) < 0);
    }
    return differ;
}

/* The board in a phrase: "radius 7, play areas 0/5/5/6/7 by seats, 6 printed: r@5,-5 ...". */
static void metrics_board_text(const GenialVariant *v, char *buf, size_t size) {
    const PulBoard *b = &v->board;
    size_t n = (size_t)snprintf(buf, size, "radius %d, play areas", b->radius);
    for (int s = 1; s <= PUL_MAX_SEATS && n < size; s++)
        if (b->area_radius[s]) n += (size_t)snprintf(buf + n, size - n, " %d:%d", s, b->area_radius[s]);
    if (n < size) n += (size_t)snprintf(buf + n, size - n, ", printed");
    for (int i = 0; i < b->nprinted && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, " %c@%d,%d",
                              v->symbols.symbol[b->printed[i].symbol].letter, b->printed[i].q,
                              b->printed[i].r);
}

int genial_piece_changes(const PulVariant *va, const PulVariant *vb, PulPieceChange *out,
                         int max) {
    const GenialVariant *a = GVV(va), *b = GVV(vb);
    MetricsChanges ch = {out, 0, max}, *c = &ch;
    char letter[2] = "";
    /* Symbols by letter: the letter is what records and kinds use. */
    for (int s = 0; s < a->nsym; s++) {
        int t = metrics_symbol(b, a->symbols.symbol[s].letter);
        if (t >= 0 && strcmp(a->symbols.symbol[s].name, b->symbols.symbol[t].name) == 0) continue;
        letter[0] = a->symbols.symbol[s].letter;
        PulPieceChange *x = metrics_add(c, "symbol", letter);
        if (!x) return c->n;
        pul_text_copy(x->a, sizeof x->a, a->symbols.symbol[s].name);
        if (t >= 0) pul_text_copy(x->b, sizeof x->b, b->symbols.symbol[t].name);
    }
    for (int t = 0; t < b->nsym; t++) {
        if (metrics_symbol(a, b->symbols.symbol[t].letter) >= 0) continue;
        letter[0] = b->symbols.symbol[t].letter;
        PulPieceChange *x = metrics_add(c, "symbol", letter);
        if (!x) return c->n;
        pul_text_copy(x->b, sizeof x->b, b->symbols.symbol[t].name);
    }
    int differ = metrics_kinds_differ(a, b);
    if (differ) {
        PulPieceChange *x = metrics_add(c, "tiles", "");
        if (!x) return c->n;
        snprintf(x->a, sizeof x->a, "%d tiles in %d kinds", a->ntiles, a->nkinds);
        snprintf(x->b, sizeof x->b, "%d tiles in %d kinds (%d of them differ from A's)",
                 b->ntiles, b->nkinds, differ);
    }
    char ta[PUL_CHANGE_TEXT], tb[PUL_CHANGE_TEXT];
    metrics_board_text(a, ta, sizeof ta);
    metrics_board_text(b, tb, sizeof tb);
    if (strcmp(ta, tb) != 0) {
        PulPieceChange *x = metrics_add(c, "board", "");
        if (!x) return c->n;
        pul_text_copy(x->a, sizeof x->a, ta);
        pul_text_copy(x->b, sizeof x->b, tb);
    }
    return c->n;
}
