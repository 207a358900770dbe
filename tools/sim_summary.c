/*
** sim_summary.c: the summary of a simulation, made from its rows.
**
** Rows arrive in any order (threads, shards, `pul sim merge`), so every
** figure is kept as exact integer sums (count, sum, sum of squares) that do
** not depend on the order of addition; doubles are only made in
** sim_summary_finish. Win shares are split between tied seats, so they are
** counted in WIN_UNIT-ths of a game (WIN_UNIT divides by every seat count).
**
** A/B: variant k is compared with variant 0 game by game over the games of
** the same index (the same deal: common random numbers). Each row becomes a
** vector of metric values; a game's vectors wait in a hash table until all
** variants of that index are in, then the paired differences are summed and
** the vectors freed, so memory holds only the games still waiting. Figures
** by seat are paired only between variants played with the same seats: a
** seat of a two-player game and of a three-player one do not compare.
*/
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sim.h"

enum {
    WIN_UNIT = 60,               /* lcm(1..6): a tie among k seats gives WIN_UNIT / k each */
    MAX_REASONS = 8,             /* SimVariantSummary.end_reasons */
    MAX_COLUMNS = 64,            /* per-feature figures' features, by name, over all variants */
    MAX_METRICS = 64,            /* SimSummary.diffs per variant */
    /* the metric vector of one row: scores and wins by seat, turns, each
    ** count figure (at its index among the summary's figures), end reasons,
    ** each feature column */
    M_SCORE = 0,
    M_WIN = M_SCORE + PUL_MAX_SEATS,
    M_TURNS = M_WIN + PUL_MAX_SEATS,
    M_FIG,
    M_END = M_FIG + SIM_MAX_FIGURES,
    M_ACT = M_END + MAX_REASONS,
    M_COUNT = M_ACT + MAX_COLUMNS
};
_Static_assert((int)PUL_END_COUNT <= (int)MAX_REASONS, "every end reason has its count");

/* Exact sums; __int128 keeps n * sum of squares exact for any realistic run. */
__extension__ typedef __int128 Wide;

typedef struct {
    long n;
    int64_t sum, sumsq;
} Moments;

typedef struct {
    long games;
    int seats;                              /* largest seat count seen */
    Moments score[PUL_MAX_SEATS];
    long score_hist[PUL_MAX_SEATS][201];
    int64_t wins[PUL_MAX_SEATS];            /* in WIN_UNIT-ths of a game */
    Moments turns;
    long length_hist[256];
    long end_reasons[MAX_REASONS];
    Moments slot[PUL_MAX_METRIC_SLOTS];     /* the figures' slots, as the variant's table says */
    long decisive, drawn, unwon;            /* games with one winner, several, none */
    long seat_wins[PUL_MAX_SEATS];          /* decisive games won, by seat */
    long bot_seats[PUL_MAX_SEATS];          /* seat-games, by bot group */
    int64_t bot_wins[PUL_MAX_SEATS];        /* in WIN_UNIT-ths, by bot group */
    int nfeatures;                          /* from the tile set, or as seen */
} VariantAcc;

/* Paired sums of one comparison (variant k against 0) for every metric. */
typedef struct {
    bool mixed_seats;                       /* some game's seats differ from A's */
    long n[M_COUNT];
    int64_t sum_a[M_COUNT], sum_b[M_COUNT], sum_d[M_COUNT], sumsq_d[M_COUNT];
} PairAcc;

/* A game index whose rows are not all in yet. */
typedef struct Pending {
    struct Pending *next;
    uint64_t index;
    unsigned have;                          /* bit per variant whose row is in */
    int seats[SIM_MAX_VARIANTS];
    int32_t vec[];                          /* nvariants * M_COUNT values */
} Pending;

struct SimSummaryBuilder {
    int nvariants;
    int seats[SIM_MAX_VARIANTS];            /* 0: as the rows say */
    char names[SIM_MAX_VARIANTS][SIM_NAME_MAX];
    int nbots;                              /* the run's --bots */
    char bots[PUL_MAX_SEATS][SIM_SPEC_MAX]; /* per seat, the last repeated */
    int bot_group[PUL_MAX_SEATS];           /* --bots index -> the first with that spec */
    bool swap;
    int nchanges[SIM_MAX_VARIANTS];
    SimChange changes[SIM_MAX_VARIANTS][SIM_MAX_CHANGES];
    bool changes_known;
    char feature_name[SIM_MAX_VARIANTS][PUL_MAX_FEATURES][PUL_NAME_MAX];
    int feature_cls[SIM_MAX_VARIANTS][PUL_MAX_FEATURES]; /* PulFeatureClass */
    bool has_features[SIM_MAX_VARIANTS];
    const PulMetricInfo *table[SIM_MAX_VARIANTS]; /* each variant's figures */
    int ntable[SIM_MAX_VARIANTS];
    /* The figures the summary shows (none PUL_METRIC_ROWS_ONLY), by key over
    ** all variants in the order of their tables; the A/B vector pairs them. */
    int nfig;
    const PulMetricInfo *fig[SIM_MAX_FIGURES];                /* the first table's entry */
    const PulMetricInfo *vfig[SIM_MAX_VARIANTS][SIM_MAX_FIGURES]; /* each variant's, NULL none */
    /* Per-feature figures by feature name over all variants: the A/B columns. */
    int ncols;
    int col_fig[MAX_COLUMNS];
    char col_name[MAX_COLUMNS][PUL_NAME_MAX];
    int column[SIM_MAX_VARIANTS][SIM_MAX_FIGURES][PUL_MAX_FEATURES]; /* feature -> column, -1 */
    VariantAcc acc[SIM_MAX_VARIANTS];
    PairAcc pair[SIM_MAX_VARIANTS];         /* [k >= 1] */
    Pending **bucket;
    size_t nbuckets, npending;
};

static void copy_str(char *dst, size_t size, const char *src) {
    size_t n = src ? strlen(src) : 0;
    if (n >= size) n = size - 1;
    if (n) memcpy(dst, src, n);
    dst[n] = '\0';
}

static int column_index(SimSummaryBuilder *b, int fig, const char *name) {
    for (int i = 0; i < b->ncols; i++)
        if (b->col_fig[i] == fig && strcmp(b->col_name[i], name) == 0) return i;
    if (b->ncols == MAX_COLUMNS) return -1;
    b->col_fig[b->ncols] = fig;
    copy_str(b->col_name[b->ncols], PUL_NAME_MAX, name);
    return b->ncols++;
}

/* Whether the figure's slots lie within a row's; a table that says otherwise is left out. */
static bool figure_fits(const PulMetricInfo *m) {
    return m->first >= 0 && m->n >= 1 && m->n <= PUL_MAX_METRIC_SLOTS - m->first &&
           (m->kind != PUL_METRIC_PER_FEATURE || m->n <= PUL_MAX_FEATURES);
}

/* The summary's figures: each variant's, by key, in the order of first appearance. */
static void collect_figures(SimSummaryBuilder *b, const SimSummarySpec *spec) {
    for (int v = 0; v < b->nvariants; v++) {
        int nt = spec->metrics && spec->nmetrics ? spec->nmetrics[v] : 0;
        const PulMetricInfo *t = nt > 0 ? spec->metrics[v] : NULL;
        b->table[v] = t;
        b->ntable[v] = t ? nt : 0;
        for (int k = 0; t && k < nt; k++) {
            if ((t[k].flags & PUL_METRIC_ROWS_ONLY) || !figure_fits(&t[k])) continue;
            int i = 0;
            while (i < b->nfig && strcmp(b->fig[i]->key, t[k].key) != 0) i++;
            if (i == b->nfig) {
                if (b->nfig == SIM_MAX_FIGURES) continue;
                b->fig[b->nfig++] = &t[k];
            }
            if (!b->vfig[v][i] && b->fig[i]->kind == t[k].kind) b->vfig[v][i] = &t[k];
        }
    }
}

void sim_features(const PulVariant *v, SimFeatures *out) {
    int n = pul_variant_feature(v, 0, NULL, NULL);
    out->n = n < PUL_MAX_FEATURES ? n : PUL_MAX_FEATURES;
    for (int f = 0; f < out->n; f++) {
        out->name[f] = "";
        out->cls[f] = -1;
        pul_variant_feature(v, f, &out->name[f], &out->cls[f]);
    }
}

SimSummaryBuilder *sim_summary_new(const SimSummarySpec *spec) {
    int nvariants = spec ? spec->nvariants : 0;
    if (nvariants < 1 || nvariants > SIM_MAX_VARIANTS) return NULL;
    SimSummaryBuilder *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    const char *const *names = spec->names;
    const SimFeatures *fs = spec->features;
    b->nvariants = nvariants;
    for (int v = 0; v < nvariants; v++) {
        int seats = spec->seats ? spec->seats[v] : 0;
        b->seats[v] = seats > 0 && seats <= PUL_MAX_SEATS ? seats : 0;
    }
    /* bots: later seats repeat the last; a spec given twice is one bot */
    b->nbots = spec->bots && spec->nbots > 0 ? spec->nbots : 0;
    if (b->nbots > PUL_MAX_SEATS) b->nbots = PUL_MAX_SEATS;
    for (int i = 0; i < b->nbots; i++) {
        copy_str(b->bots[i], SIM_SPEC_MAX, spec->bots[i]);
        b->bot_group[i] = i;
        for (int j = 0; j < i; j++)
            if (strcmp(b->bots[i], b->bots[j]) == 0 && b->bot_group[i] == i) b->bot_group[i] = j;
    }
    for (int s = b->nbots; s > 0 && s < PUL_MAX_SEATS; s++)
        copy_str(b->bots[s], SIM_SPEC_MAX, b->bots[s - 1]);
    b->swap = spec->swap;
    collect_figures(b, spec);
    for (int v = 0; v < nvariants; v++) {
        VariantAcc *a = &b->acc[v];
        copy_str(b->names[v], SIM_NAME_MAX, names && names[v] ? names[v] : "");
        if (fs) {
            const SimFeatures *t = &fs[v];
            b->has_features[v] = true;
            a->nfeatures = t->n < PUL_MAX_FEATURES ? t->n : PUL_MAX_FEATURES;
            for (int f = 0; f < a->nfeatures; f++) {
                copy_str(b->feature_name[v][f], PUL_NAME_MAX, t->name[f]);
                b->feature_cls[v][f] = t->cls[f];
            }
        } else {
            /* No variant (e.g. rows read back without it): a
            ** per-feature figure shows every feature that fires, named by
            ** its index. */
            for (int f = 0; f < PUL_MAX_FEATURES; f++)
                snprintf(b->feature_name[v][f], PUL_NAME_MAX, "feature %d", f);
        }
    }
    /* The A/B columns of the per-feature figures, figure by figure, then in
    ** the variants' order, so the same names get the same columns; the
    ** features of a figure's class only, of variants whose features are known. */
    for (int i = 0; i < b->nfig; i++) {
        for (int v = 0; v < nvariants; v++) {
            const PulMetricInfo *m = b->vfig[v][i];
            for (int f = 0; f < PUL_MAX_FEATURES; f++) b->column[v][i][f] = -1;
            if (!m || m->kind != PUL_METRIC_PER_FEATURE || !b->has_features[v]) continue;
            for (int f = 0; f < b->acc[v].nfeatures && f < m->n; f++)
                if (m->feature_class < 0 || b->feature_cls[v][f] == m->feature_class)
                    b->column[v][i][f] = column_index(b, i, b->feature_name[v][f]);
        }
    }
    if (nvariants > 1) {
        b->nbuckets = 1024;
        b->bucket = calloc(b->nbuckets, sizeof *b->bucket);
        if (!b->bucket) {
            free(b);
            return NULL;
        }
    }
    return b;
}

static void moments_add(Moments *m, int64_t x) {
    m->n++;
    m->sum += x;
    m->sumsq += x * x;
}

/* The row's metric values, in the layout of M_*. */
static void row_vector(const SimSummaryBuilder *b, const SimRow *row, int32_t *vec) {
    memset(vec, 0, M_COUNT * sizeof *vec);
    int tied = 0;
    for (int s = 0; s < row->seats; s++) tied += (row->winners >> s) & 1u;
    for (int s = 0; s < row->seats; s++) {
        vec[M_SCORE + s] = row->scores[s];
        vec[M_WIN + s] = ((row->winners >> s) & 1u) ? WIN_UNIT / tied : 0;
    }
    vec[M_TURNS] = row->turns;
    int reason = row->end_reason;
    if (reason >= 0 && reason < MAX_REASONS) vec[M_END + reason] = 1;
    for (int i = 0; i < b->nfig; i++) {
        const PulMetricInfo *m = b->vfig[row->variant][i];
        if (!m) continue; /* a figure its family has not: 0 */
        if (m->kind == PUL_METRIC_COUNT) vec[M_FIG + i] = row->m[m->first];
        if (m->kind != PUL_METRIC_PER_FEATURE) continue;
        for (int f = 0; f < m->n; f++) {
            int c = b->column[row->variant][i][f];
            if (c >= 0) vec[M_ACT + c] += row->m[m->first + f];
        }
    }
}

static void variant_add(SimSummaryBuilder *b, const SimRow *row, const int32_t *vec) {
    VariantAcc *a = &b->acc[row->variant];
    a->games++;
    if (row->seats > a->seats) a->seats = row->seats;
    int nwin = 0, winner = -1;
    for (int s = 0; s < row->seats; s++) {
        moments_add(&a->score[s], row->scores[s]);
        int sc = row->scores[s];
        a->score_hist[s][sc < 0 ? 0 : sc > 200 ? 200 : sc]++;
        a->wins[s] += vec[M_WIN + s];
        if ((row->winners >> s) & 1u) nwin++, winner = s;
        int bot = row->bot[s];
        if (bot >= 0 && bot < b->nbots) {
            a->bot_seats[b->bot_group[bot]]++;
            a->bot_wins[b->bot_group[bot]] += vec[M_WIN + s];
        }
    }
    if (nwin == 1) {
        a->decisive++;
        a->seat_wins[winner]++;
    } else if (nwin > 1) {
        a->drawn++;
    } else {
        a->unwon++;
    }
    moments_add(&a->turns, row->turns);
    a->length_hist[row->turns < 0 ? 0 : row->turns > 255 ? 255 : row->turns]++;
    a->end_reasons[row->end_reason >= 0 && row->end_reason < MAX_REASONS ? row->end_reason
                                                                         : MAX_REASONS - 1]++;
    for (int i = 0; i < b->nfig; i++) {
        const PulMetricInfo *m = b->vfig[row->variant][i];
        if (!m) continue;
        for (int k = 0; k < m->n; k++) {
            int32_t x = row->m[m->first + k];
            moments_add(&a->slot[m->first + k], x);
            if (m->kind == PUL_METRIC_PER_FEATURE && !b->has_features[row->variant] && x &&
                k >= a->nfeatures)
                a->nfeatures = k + 1;
        }
    }
}

/* Variant k's game against variant 0's game of the same index. */
static void pair_add(PairAcc *p, const int32_t *va, int seats_a, const int32_t *vb, int seats_b) {
    if (seats_a != seats_b) p->mixed_seats = true;
    for (int m = 0; m < M_COUNT; m++) {
        bool seat_metric = m < M_TURNS;
        if (seat_metric && (seats_a != seats_b || (m - M_SCORE) % PUL_MAX_SEATS >= seats_a))
            continue;
        int64_t d = (int64_t)vb[m] - va[m];
        p->n[m]++;
        p->sum_a[m] += va[m];
        p->sum_b[m] += vb[m];
        p->sum_d[m] += d;
        p->sumsq_d[m] += d * d;
    }
}

static void pending_settle(SimSummaryBuilder *b, const Pending *p) {
    if (!(p->have & 1u)) return;
    for (int k = 1; k < b->nvariants; k++)
        if (p->have & (1u << k))
            pair_add(&b->pair[k], p->vec, p->seats[0], p->vec + (size_t)k * M_COUNT, p->seats[k]);
}

static size_t hash_index(uint64_t index, size_t nbuckets) {
    index ^= index >> 33;
    index *= 0xff51afd7ed558ccdull;
    index ^= index >> 33;
    return (size_t)(index & (nbuckets - 1));
}

static bool grow_buckets(SimSummaryBuilder *b) {
    size_t n = b->nbuckets * 2;
    Pending **nb = calloc(n, sizeof *nb);
    if (!nb) return false;
    for (size_t i = 0; i < b->nbuckets; i++) {
        for (Pending *p = b->bucket[i], *next; p; p = next) {
            next = p->next;
            size_t h = hash_index(p->index, n);
            p->next = nb[h];
            nb[h] = p;
        }
    }
    free(b->bucket);
    b->bucket = nb;
    b->nbuckets = n;
    return true;
}

static bool pair_row(SimSummaryBuilder *b, const SimRow *row, const int32_t *vec) {
    size_t h = hash_index(row->index, b->nbuckets);
    Pending **link = &b->bucket[h];
    while (*link && (*link)->index != row->index) link = &(*link)->next;
    Pending *p = *link;
    if (!p) {
        if (b->npending >= b->nbuckets * 2) {
            if (!grow_buckets(b)) return false;
            return pair_row(b, row, vec);
        }
        p = calloc(1, sizeof *p + (size_t)b->nvariants * M_COUNT * sizeof(int32_t));
        if (!p) return false;
        p->index = row->index;
        p->next = b->bucket[h];
        b->bucket[h] = p;
        b->npending++;
        link = &b->bucket[h];
    }
    unsigned bit = 1u << row->variant;
    if (p->have & bit) return false; /* the same game twice */
    p->have |= bit;
    p->seats[row->variant] = row->seats;
    memcpy(p->vec + (size_t)row->variant * M_COUNT, vec, M_COUNT * sizeof *vec);
    if (p->have == (1u << b->nvariants) - 1) {
        pending_settle(b, p);
        *link = p->next;
        free(p);
        b->npending--;
    }
    return true;
}

bool sim_summary_add(SimSummaryBuilder *b, const SimRow *row) {
    if (!b || !row || row->variant < 0 || row->variant >= b->nvariants || row->seats < 1 ||
        row->seats > PUL_MAX_SEATS)
        return false;
    int32_t vec[M_COUNT];
    row_vector(b, row, vec);
    if (b->nvariants > 1 && !pair_row(b, row, vec)) return false;
    variant_add(b, row, vec);
    return true;
}

/* ------------------------------------------------------------ finishing */

/* Mean, standard deviation and 95% interval (Student's t, so a small sample
** gets the wider interval it needs) of scale-th parts. */
static SimStat stat_of(long n, int64_t sum, int64_t sumsq, double scale) {
    SimStat st = {0, 0, 0, 0, n};
    if (n <= 0) return st;
    st.mean = (double)sum / (double)n / scale;
    if (n > 1) {
        /* n * sumsq - sum^2 is exact, so equal values give exactly 0 */
        Wide num = (Wide)n * sumsq - (Wide)sum * sum;
        double var = (double)num / ((double)n * (double)(n - 1));
        st.sd = sqrt(var > 0 ? var : 0) / scale;
    }
    double half = n > 1 ? sim_t_quantile(n - 1) * st.sd / sqrt((double)n) : 0;
    st.lo = st.mean - half;
    st.hi = st.mean + half;
    return st;
}

static SimStat moments_stat(const Moments *m) {
    return stat_of(m->n, m->sum, m->sumsq, 1.0);
}

/* Seat balance: decisive games' winners against an even split (chi-square
** goodness of fit, seats - 1 degrees of freedom), when every seat expects
** SIM_MIN_PER_SEAT wins at least. */
static void seat_test(const VariantAcc *a, SimVariantSummary *out) {
    out->decisive = a->decisive;
    out->drawn = a->drawn;
    out->unwon = a->unwon;
    memcpy(out->seat_wins, a->seat_wins, sizeof out->seat_wins);
    int k = out->seats;
    double expect = k > 0 ? (double)a->decisive / k : 0;
    out->seat_tested = k > 1 && expect >= SIM_MIN_PER_SEAT;
    if (!out->seat_tested) return;
    double chi2 = 0;
    for (int s = 0; s < k; s++) {
        double d = (double)a->seat_wins[s] - expect;
        chi2 += d * d / expect;
    }
    out->seat_chi2 = chi2;
    out->seat_p = sim_chi2_sf(chi2, k - 1);
}

/* Each distinct bot over the seat-games it played, in --bots order. */
static void bot_rates(const SimSummaryBuilder *b, const VariantAcc *a, SimVariantSummary *out) {
    out->nbots = 0;
    for (int i = 0; i < b->nbots; i++) {
        if (b->bot_group[i] != i || !a->bot_seats[i]) continue;
        SimBotSummary *bs = &out->bot[out->nbots++];
        copy_str(bs->spec, SIM_SPEC_MAX, b->bots[i]);
        bs->seats = a->bot_seats[i];
        bs->win_rate = (double)a->bot_wins[i] / WIN_UNIT / (double)a->bot_seats[i];
        sim_wilson(bs->win_rate, (double)bs->seats, &bs->lo, &bs->hi);
    }
}

static void finish_variant(const SimSummaryBuilder *b, int v, SimVariantSummary *out) {
    const VariantAcc *a = &b->acc[v];
    copy_str(out->name, SIM_NAME_MAX, b->names[v]);
    out->games = a->games;
    out->seats = a->seats ? a->seats : b->seats[v];
    out->fair_share = out->seats ? 1.0 / out->seats : 0;
    for (int s = 0; s < PUL_MAX_SEATS; s++) copy_str(out->bots[s], SIM_SPEC_MAX, b->bots[s]);
    for (int s = 0; s < PUL_MAX_SEATS; s++) {
        out->score[s] = moments_stat(&a->score[s]);
        memcpy(out->score_hist[s], a->score_hist[s], sizeof out->score_hist[s]);
        long n = a->score[s].n;
        out->win_rate[s] = n ? (double)a->wins[s] / WIN_UNIT / (double)n : 0;
        sim_wilson(out->win_rate[s], (double)n, &out->win_lo[s], &out->win_hi[s]);
    }
    seat_test(a, out);
    bot_rates(b, a, out);
    out->turns = moments_stat(&a->turns);
    memcpy(out->length_hist, a->length_hist, sizeof out->length_hist);
    memcpy(out->end_reasons, a->end_reasons, sizeof out->end_reasons);
    out->nfeatures = a->nfeatures;
    for (int f = 0; f < a->nfeatures; f++)
        copy_str(out->feature_name[f], PUL_NAME_MAX, b->feature_name[v][f]);
    out->metrics = b->table[v];
    out->nmetrics = b->ntable[v];
    for (int i = 0; i < b->nfig; i++) {
        const PulMetricInfo *m = b->vfig[v][i];
        if (!m) continue;
        for (int k = 0; k < m->n; k++) {
            const Moments *mo = &a->slot[m->first + k];
            out->stat[m->first + k] = moments_stat(mo);
            out->total[m->first + k] = (long)mo->sum;
            if (m->kind != PUL_METRIC_PER_FEATURE || k >= a->nfeatures) continue;
            out->shown[m->first + k] =
                b->has_features[v] ? m->feature_class < 0 || b->feature_cls[v][k] == m->feature_class
                                  : mo->sum != 0;
        }
    }
}

int sim_figure_find(const SimVariantSummary *v, const char *key) {
    for (int k = 0; v->metrics && k < v->nmetrics; k++)
        if (!(v->metrics[k].flags & PUL_METRIC_ROWS_ONLY) && figure_fits(&v->metrics[k]) &&
            strcmp(v->metrics[k].key, key) == 0)
            return k;
    return -1;
}

static void metric_name(const SimSummaryBuilder *b, int m, char *buf, size_t size) {
    if (m < M_WIN)
        snprintf(buf, size, "score seat %d", m - M_SCORE + 1);
    else if (m < M_TURNS)
        snprintf(buf, size, "win rate seat %d", m - M_WIN + 1);
    else if (m == M_TURNS)
        snprintf(buf, size, "turns");
    else if (m < M_END)
        snprintf(buf, size, "%s", b->fig[m - M_FIG]->label);
    else if (m < M_ACT)
        snprintf(buf, size, "end %s", pul_end_reason_code((PulEndReason)(m - M_END)));
    else
        snprintf(buf, size, "%s %s", b->fig[b->col_fig[m - M_ACT]]->label, b->col_name[m - M_ACT]);
}

/* Whether metric m is worth a row for variant k: seats both have, the
** count figures, end reasons and features that occur in either variant. */
static bool metric_shown(const SimSummaryBuilder *b, const PairAcc *p, int m) {
    if (p->n[m] == 0) return false;
    if (m >= M_FIG && m < M_END)
        return m - M_FIG < b->nfig && b->fig[m - M_FIG]->kind == PUL_METRIC_COUNT;
    if (m >= M_END && m < M_ACT) return p->sum_a[m] || p->sum_b[m];
    if (m >= M_ACT) return m - M_ACT < b->ncols;
    return true;
}

static void finish_pair(const SimSummaryBuilder *b, int k, SimSummary *out) {
    const PairAcc *p = &b->pair[k];
    int nd = 0;
    for (int m = 0; m < M_COUNT && nd < MAX_METRICS; m++) {
        if (!metric_shown(b, p, m)) continue;
        SimDiff *d = &out->diffs[k][nd++];
        /* win rates count WIN_UNIT-ths; end reasons are shares of games */
        double scale = m >= M_WIN && m < M_TURNS ? WIN_UNIT : 1.0;
        metric_name(b, m, d->metric, sizeof d->metric);
        d->share = (m >= M_WIN && m < M_TURNS) || (m >= M_END && m < M_ACT);
        d->n = p->n[m];
        d->a = (double)p->sum_a[m] / (double)p->n[m] / scale;
        d->b = (double)p->sum_b[m] / (double)p->n[m] / scale;
        SimStat st = stat_of(p->n[m], p->sum_d[m], p->sumsq_d[m], scale);
        d->diff = st.mean;
        d->lo = st.lo;
        d->hi = st.hi;
        copy_str(d->verdict, sizeof d->verdict,
                 p->n[m] < SIM_MIN_PAIRS ? "too few games"
                 : st.lo > 0             ? "higher"
                 : st.hi < 0             ? "lower"
                                         : "no clear difference");
    }
    out->ndiff[k] = nd;
    out->same_seats[k] = !p->mixed_seats && out->v[0].seats == out->v[k].seats;
}

void sim_summary_finish(SimSummaryBuilder *b, SimSummary *out) {
    memset(out, 0, sizeof *out);
    if (!b) return;
    /* Games some variant lacks (a run stopped early): pair what is there. */
    for (size_t i = 0; i < b->nbuckets; i++)
        for (Pending *p = b->bucket[i]; p; p = p->next) pending_settle(b, p);
    out->nvariants = b->nvariants;
    for (int v = 0; v < b->nvariants; v++) finish_variant(b, v, &out->v[v]);
    for (int k = 1; k < b->nvariants; k++) finish_pair(b, k, out);
    out->ndiffs = b->nvariants - 1;
    out->nbots = b->nbots;
    for (int i = 0; i < b->nbots; i++) copy_str(out->bots[i], SIM_SPEC_MAX, b->bots[i]);
    out->swap = b->swap;
    out->changes_known = b->changes_known;
    memcpy(out->nchanges, b->nchanges, sizeof out->nchanges);
    memcpy(out->changes, b->changes, sizeof out->changes);
    /* settled: a second finish must not count the waiting games twice */
    for (size_t i = 0; i < b->nbuckets; i++) {
        for (Pending *p = b->bucket[i], *next; p; p = next) {
            next = p->next;
            free(p);
        }
        b->bucket[i] = NULL;
    }
    b->npending = 0;
    sim_verdict_make(out);
}

void sim_summary_set_changes(SimSummaryBuilder *b, int k, const SimChange *changes, int n) {
    if (!b || k < 1 || k >= b->nvariants || n < 0) return;
    if (n > SIM_MAX_CHANGES) n = SIM_MAX_CHANGES;
    if (n) memcpy(b->changes[k], changes, (size_t)n * sizeof *changes);
    b->nchanges[k] = n;
    b->changes_known = true;
}

void sim_summary_free(SimSummaryBuilder *b) {
    if (!b) return;
    for (size_t i = 0; i < b->nbuckets; i++) {
        for (Pending *p = b->bucket[i], *next; p; p = next) {
            next = p->next;
            free(p);
        }
    }
    free(b->bucket);
    free(b);
}

/* ----------------------------------------------------------------- JSON */

/* Fixed precision, and never "-0.000000", so equal summaries print equal bytes. */
static void json_num(FILE *f, double x) {
    char buf[64];
    snprintf(buf, sizeof buf, "%.6f", x);
    fputs(strcmp(buf, "-0.000000") == 0 ? "0.000000" : buf, f);
}

static void json_stat(FILE *f, const char *key, const SimStat *st) {
    cli_json_string(f, key);
    fputs(": {\"mean\": ", f);
    json_num(f, st->mean);
    fputs(", \"sd\": ", f);
    json_num(f, st->sd);
    fputs(", \"lo\": ", f);
    json_num(f, st->lo);
    fputs(", \"hi\": ", f);
    json_num(f, st->hi);
    fprintf(f, ", \"n\": %ld}", st->n);
}

/* A histogram without its trailing zeros. */
static void json_hist(FILE *f, const long *h, int n) {
    while (n > 0 && h[n - 1] == 0) n--;
    fputc('[', f);
    for (int i = 0; i < n; i++) fprintf(f, "%s%ld", i ? ", " : "", h[i]);
    fputc(']', f);
}

/* Each figure of v's table of that kind that the summary shows, as
** ",\n     key: value": a count's mean per game; a per-feature figure's
** mean per game of each feature it shows; a histogram's bins over all games. */
static void json_figures(FILE *f, const SimVariantSummary *v, int kind) {
    for (int k = 0; v->metrics && k < v->nmetrics; k++) {
        const PulMetricInfo *m = &v->metrics[k];
        if (m->kind != kind || sim_figure_find(v, m->key) != k) continue;
        fputs(",\n     ", f);
        if (kind == PUL_METRIC_COUNT) {
            json_stat(f, m->key, &v->stat[m->first]);
            continue;
        }
        cli_json_string(f, m->key);
        fputs(": ", f);
        if (kind == PUL_METRIC_HISTOGRAM) {
            json_hist(f, v->total + m->first, m->n);
            continue;
        }
        /* the later entries line up under the first */
        int indent = 5 + (int)strlen(m->key) + 2 + 3;
        fputc('[', f);
        bool first = true;
        for (int i = 0; i < v->nfeatures && i < m->n; i++) {
            if (!v->shown[m->first + i]) continue;
            if (!first) fprintf(f, ",\n%*s", indent, "");
            fputs("{\"feature\": ", f);
            cli_json_string(f, v->feature_name[i]);
            fputs(", ", f);
            json_stat(f, "per_game", &v->stat[m->first + i]);
            fputc('}', f);
            first = false;
        }
        fputc(']', f);
    }
}

static void json_variant(FILE *f, const SimVariantSummary *v) {
    fputs("    {\"name\": ", f);
    cli_json_string(f, v->name);
    fprintf(f, ", \"games\": %ld, \"seats\": %d,\n     \"bots\": [", v->games, v->seats);
    for (int s = 0; s < v->seats; s++) {
        if (s) fputs(", ", f);
        cli_json_string(f, v->bots[s]);
    }
    fputs("],\n     \"fair_share\": ", f);
    json_num(f, v->fair_share);
    fprintf(f, ",\n     \"seat_balance\": {\"test\": \"chi-square goodness of fit, decisive games\", "
               "\"decisive\": %ld, \"drawn\": %ld, \"unwon\": %ld, \"wins_by_seat\": [",
            v->decisive, v->drawn, v->unwon);
    for (int s = 0; s < v->seats; s++) fprintf(f, "%s%ld", s ? ", " : "", v->seat_wins[s]);
    fprintf(f, "], \"tested\": %s", v->seat_tested ? "true" : "false");
    if (v->seat_tested) {
        fputs(", \"chi2\": ", f);
        json_num(f, v->seat_chi2);
        fputs(", \"p\": ", f);
        json_num(f, v->seat_p);
        fprintf(f, ", \"significant\": %s", v->seat_p < SIM_ALPHA ? "true" : "false");
    }
    fputs("},\n     \"bot_win_rate\": [", f);
    for (int i = 0; i < v->nbots; i++) {
        fputs(i ? ", {\"bot\": " : "{\"bot\": ", f);
        cli_json_string(f, v->bot[i].spec);
        fprintf(f, ", \"seat_games\": %ld, \"rate\": ", v->bot[i].seats);
        json_num(f, v->bot[i].win_rate);
        fputs(", \"lo\": ", f);
        json_num(f, v->bot[i].lo);
        fputs(", \"hi\": ", f);
        json_num(f, v->bot[i].hi);
        fputc('}', f);
    }
    fputs("],\n     \"score\": [", f);
    for (int s = 0; s < v->seats; s++) {
        fprintf(f, "%s{\"seat\": %d, ", s ? ",\n               " : "", s + 1);
        json_stat(f, "score", &v->score[s]);
        fputs(", \"hist\": ", f);
        json_hist(f, v->score_hist[s], 201);
        fputc('}', f);
    }
    fputs("],\n     \"win_rate\": [", f);
    for (int s = 0; s < v->seats; s++) {
        fprintf(f, "%s{\"seat\": %d, \"rate\": ", s ? ", " : "", s + 1);
        json_num(f, v->win_rate[s]);
        fputs(", \"lo\": ", f);
        json_num(f, v->win_lo[s]);
        fputs(", \"hi\": ", f);
        json_num(f, v->win_hi[s]);
        fputc('}', f);
    }
    fputs("],\n     ", f);
    json_stat(f, "turns", &v->turns);
    /* The family's figures by kind, each kind in its table's order: the
    ** counts beside the turns, the per-feature figures and histograms after
    ** the end reasons. */
    json_figures(f, v, PUL_METRIC_COUNT);
    fputs(",\n     \"length_hist\": ", f);
    json_hist(f, v->length_hist, 256);
    fputs(",\n     \"end_reasons\": {", f);
    bool first = true;
    for (int r = 0; r < MAX_REASONS; r++) {
        if (!v->end_reasons[r]) continue;
        if (!first) fputs(", ", f);
        cli_json_string(f, pul_end_reason_code((PulEndReason)r));
        fprintf(f, ": %ld", v->end_reasons[r]);
        first = false;
    }
    fputc('}', f);
    json_figures(f, v, PUL_METRIC_PER_FEATURE);
    json_figures(f, v, PUL_METRIC_HISTOGRAM);
    fputc('}', f);
}

static void json_change(FILE *f, const SimChange *c) {
    fputs("{\"kind\": ", f);
    cli_json_string(f, c->kind);
    fputs(", \"name\": ", f);
    cli_json_string(f, c->name);
    fputs(", \"a\": ", f);
    cli_json_string(f, c->a);
    fputs(", \"b\": ", f);
    cli_json_string(f, c->b);
    fputc('}', f);
}

void sim_summary_write_json(FILE *f, const SimSummary *s) {
    /* The verdict first: the answer, before the figures behind it. */
    fputs("{\n  \"verdict\": [", f);
    for (int i = 0; i < s->nverdict; i++) {
        fputs(i ? ",\n    " : "\n    ", f);
        cli_json_string(f, s->verdict[i]);
    }
    fputs(s->nverdict ? "\n  ],\n" : "],\n", f);
    fputs("  \"alpha\": ", f);
    json_num(f, SIM_ALPHA);
    fputs(",\n  \"bots\": [", f);
    for (int i = 0; i < s->nbots; i++) {
        if (i) fputs(", ", f);
        cli_json_string(f, s->bots[i]);
    }
    fprintf(f, "], \"swap\": %s,\n  \"variants\": [\n", s->swap ? "true" : "false");
    for (int v = 0; v < s->nvariants; v++) {
        json_variant(f, &s->v[v]);
        fputs(v + 1 < s->nvariants ? ",\n" : "\n", f);
    }
    fputs("  ],\n  \"ab\": [", f);
    for (int k = 1; k < s->nvariants; k++) {
        fputs(k > 1 ? ",\n" : "\n", f);
        fputs("    {\"a\": ", f);
        cli_json_string(f, s->v[0].name);
        fputs(", \"b\": ", f);
        cli_json_string(f, s->v[k].name);
        fprintf(f, ", \"same_seats\": %s, \"changes\": ", s->same_seats[k] ? "true" : "false");
        if (!s->changes_known) {
            fputs("null", f);
        } else {
            fputc('[', f);
            for (int i = 0; i < s->nchanges[k]; i++) {
                fputs(i ? ",\n      " : "\n      ", f);
                json_change(f, &s->changes[k][i]);
            }
            fputc(']', f);
        }
        fputs(", \"diffs\": [", f);
        for (int i = 0; i < s->ndiff[k]; i++) {
            const SimDiff *d = &s->diffs[k][i];
            fputs(i ? ",\n      " : "\n      ", f);
            fputs("{\"metric\": ", f);
            cli_json_string(f, d->metric);
            fputs(", \"a\": ", f);
            json_num(f, d->a);
            fputs(", \"b\": ", f);
            json_num(f, d->b);
            fputs(", \"diff\": ", f);
            json_num(f, d->diff);
            fputs(", \"lo\": ", f);
            json_num(f, d->lo);
            fputs(", \"hi\": ", f);
            json_num(f, d->hi);
            fprintf(f, ", \"n\": %ld, \"unit\": \"%s\", \"verdict\": ", d->n,
                    d->share ? "share" : "count");
            cli_json_string(f, d->verdict);
            fputc('}', f);
        }
        fputs("]}", f);
    }
    fputs(s->nvariants > 1 ? "\n  ]\n}\n" : "]\n}\n", f);
}
