/*
** test_sim_summary.c: the summary and report of `pul sim` from synthetic
** rows: hand-computed means, intervals and win shares, order independence,
** A/B verdicts and the escaping of a hostile variant name; the statistics
** (t, Wilson, chi-square) against published tables; the verdict in words:
** seats per variant and their fair shares, seat balance, per-bot rates with
** --swap, the random-bot warning, one unit per difference; a family of
** invented figures, whose words and order the summary and report follow
** with no word of Micropul's.
** With a path argument it also writes an A/B report there, for
** tests/report_check.py to parse.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sim.h"

#define CHECK_NEAR(a, b, eps)                                                                 \
    do {                                                                                      \
        double check_a_ = (a), check_b_ = (b);                                                \
        if (!(fabs(check_a_ - check_b_) <= (eps))) {                                          \
            fprintf(stderr, "%s:%d: %s is %.9f, expected %.9f\n", __FILE__, __LINE__, #a,     \
                    check_a_, check_b_);                                                      \
            check_failures++;                                                                 \
        }                                                                                     \
    } while (0)

/* Markup, then what XML 1.0 refuses or a terminal obeys: a C0 control, an
** escape sequence, CSI as a C1 control, a bidi override, a byte that is not
** UTF-8 and U+FFFE. */
static const char HOSTILE[] = "<script>alert(\"x\")</script> & 'q' \x01]]> \x1b[2J\xc2\x9b"
                              "\xe2\x80\xae\xff\xef\xbf\xbe";

/* A tile set with two micropul colours and two catalysts, enough for names. */
static PulTileSet make_tileset(void) {
    PulTileSet ts;
    memset(&ts, 0, sizeof ts);
    static const char *const names[] = {"blank", "white", "black", "one-dot", "two-dots"};
    ts.nfeatures = 5;
    for (int i = 0; i < 5; i++) {
        strcpy(ts.feature[i].name, names[i]);
        ts.feature[i].cls = i == 0 ? PUL_FEATURE_BLANK
                            : i < 3 ? PUL_FEATURE_MICROPUL
                                    : PUL_FEATURE_CATALYST;
    }
    return ts;
}

/* The synthetic rows' figures: a family's table as pul_variant_metrics
** gives one, with slots of this test's own choosing (not Micropul's), so the
** summary must find each figure where the table says. */
enum { T_EXTRA = 0, T_GROUPS = 1, T_TILES = 2, T_DRAWS = 3, T_ACT = 10, T_SIZES = 60,
       T_NSIZES = 65 /* the last bin: that size or more */ };
static const PulMetricInfo figures[] = {
    {.key = "placements", .label = "placements", .help = "tiles placed", .kind = PUL_METRIC_COUNT,
     .first = 200, .n = 1, .flags = PUL_METRIC_ROWS_ONLY | PUL_METRIC_ACTION, .feature_class = -1},
    {.key = "draws", .label = "draws", .help = "tiles drawn", .kind = PUL_METRIC_COUNT,
     .first = T_DRAWS, .n = 1, .feature_class = -1},
    {.key = "extra_turns", .label = "extra turns", .help = "extra turns earned",
     .kind = PUL_METRIC_COUNT, .first = T_EXTRA, .n = 1, .feature_class = -1},
    {.key = "activations", .label = "activations", .help = "activations of each catalyst",
     .kind = PUL_METRIC_PER_FEATURE, .first = T_ACT, .n = PUL_MAX_FEATURES,
     .feature_class = PUL_FEATURE_CATALYST, .title = "Catalyst activations",
     .note = "Mean activations per game of each catalyst", .unit = "activations per game"},
    {.key = "closed_groups", .label = "closed groups", .help = "groups closed",
     .kind = PUL_METRIC_COUNT, .first = T_GROUPS, .n = 1, .feature_class = -1},
    {.key = "closed_sizes", .label = "closed group sizes", .help = "closed groups by size",
     .kind = PUL_METRIC_HISTOGRAM, .first = T_SIZES, .n = T_NSIZES, .feature_class = -1,
     .anchor = "groups", .title = "Closed groups", .unit = "groups", .bins = "group size",
     .total = "closed_groups"},
    {.key = "tiles_left", .label = "tiles left", .help = "tiles left at the end",
     .kind = PUL_METRIC_COUNT, .first = T_TILES, .n = 1, .feature_class = -1},
};
static const PulMetricInfo *const figs[] = {figures, figures};
static const int nfigs[] = {(int)(sizeof figures / sizeof figures[0]),
                            (int)(sizeof figures / sizeof figures[0])};

static SimRow row(uint64_t index, int variant, int s0, int s1, unsigned winners, int turns) {
    SimRow r;
    memset(&r, 0, sizeof r);
    r.index = index;
    r.seed = 1000 + index;
    r.variant = variant;
    r.seats = 2;
    r.scores[0] = s0;
    r.scores[1] = s1;
    r.winners = winners;
    r.end_reason = PUL_END_CORE_EMPTY;
    r.loser = -1;
    r.turns = turns;
    return r;
}

/* A made tile set's features, as sim_features gives a variant's. */
static void tileset_features(const PulTileSet *ts, SimFeatures *out) {
    out->n = ts->nfeatures;
    for (int f = 0; f < ts->nfeatures; f++) {
        out->name[f] = ts->feature[f].name;
        out->cls[f] = ts->feature[f].cls;
    }
}

static SimSummary summary;  /* large: kept off the stack */
static SimSummary summary2;

static void test_means_and_intervals(void) {
    PulTileSet ts = make_tileset();
    SimFeatures tsp[1];
    tileset_features(&ts, &tsp[0]);
    const char *names[] = {"base"};
    const char *bots[] = {"greedy", "random"};
    SimSummarySpec spec = {1, names, tsp, (const int[]){2}, 2, bots, false, figs, nfigs};
    SimSummaryBuilder *b = sim_summary_new(&spec);
    CHECK(b != NULL);
    SimRow r[3] = {row(0, 0, 10, 7, 1u, 5), row(1, 0, 20, 7, 3u, 5), row(2, 0, 30, 40, 2u, 5)};
    r[0].m[T_ACT + 3] = 1;
    r[1].m[T_ACT + 3] = 2;
    r[2].m[T_ACT + 3] = 6;
    r[0].m[T_ACT + 1] = 9; /* a micropul colour: not a catalyst, not reported */
    r[1].m[T_GROUPS] = 2;
    r[1].m[T_SIZES + 3] = 1;
    r[1].m[T_SIZES + T_NSIZES - 1] = 1; /* 70 or so: the last bin */
    r[2].end_reason = PUL_END_NO_ACTION;
    for (int i = 0; i < 3; i++) CHECK(sim_summary_add(b, &r[i]));
    SimRow bad = row(3, 1, 0, 0, 0, 0); /* no variant 1 */
    CHECK(!sim_summary_add(b, &bad));
    sim_summary_finish(b, &summary);
    sim_summary_free(b);

    const SimVariantSummary *v = &summary.v[0];
    CHECK_INT(summary.nvariants, 1);
    CHECK_INT(v->games, 3);
    CHECK_INT(v->seats, 2);
    CHECK_STR(v->bots[0], "greedy");
    CHECK_STR(v->bots[1], "random");
    CHECK_STR(v->bots[5], "random"); /* the last bot repeats */
    /* seat 1 scores 10, 20, 30: mean 20, sd 10, half-width t(2) * 10 / sqrt 3
    ** (Student's t with 2 degrees of freedom, 4.302653: three games say little) */
    CHECK_NEAR(v->score[0].mean, 20.0, 1e-9);
    CHECK_NEAR(v->score[0].sd, 10.0, 1e-9);
    CHECK_NEAR(v->score[0].lo, 20.0 - 24.841377, 1e-5);
    CHECK_NEAR(v->score[0].hi, 20.0 + 24.841377, 1e-5);
    CHECK_INT(v->score[0].n, 3);
    CHECK_INT(v->score_hist[0][10], 1);
    CHECK_INT(v->score_hist[1][7], 2);
    /* equal values: no spread, the interval is the mean */
    CHECK_NEAR(v->turns.mean, 5.0, 1e-12);
    CHECK(v->turns.sd == 0 && v->turns.lo == 5.0 && v->turns.hi == 5.0);
    /* ties split: seat 1 wins, a tie, seat 2 wins: 1.5 / 3 each */
    CHECK_NEAR(v->win_rate[0], 0.5, 1e-12);
    CHECK_NEAR(v->win_rate[1], 0.5, 1e-12);
    CHECK_INT(v->length_hist[5], 3);
    CHECK_INT(v->end_reasons[PUL_END_CORE_EMPTY], 2);
    CHECK_INT(v->end_reasons[PUL_END_NO_ACTION], 1);
    /* the figures sit where the table says */
    CHECK(v->metrics == figures && v->nmetrics == nfigs[0]);
    CHECK_INT(sim_figure_find(v, "placements"), -1); /* rows only */
    CHECK_INT(sim_figure_find(v, "closed_sizes"), 5);
    CHECK_INT(v->total[T_SIZES + 3], 1);
    CHECK_INT(v->total[T_SIZES + T_NSIZES - 1], 1);
    CHECK_NEAR(v->stat[T_GROUPS].mean, 2.0 / 3, 1e-12);
    /* catalyst one-dot: 1, 2, 6 per game: mean 3, sd sqrt(7) */
    CHECK_INT(v->nfeatures, 5);
    CHECK(v->shown[T_ACT + 3] && v->shown[T_ACT + 4] && !v->shown[T_ACT + 1]);
    CHECK_STR(v->feature_name[3], "one-dot");
    CHECK_NEAR(v->stat[T_ACT + 3].mean, 3.0, 1e-12);
    CHECK_NEAR(v->stat[T_ACT + 3].sd, sqrt(7.0), 1e-9);
    CHECK_INT(summary.ndiff[1], 0);
}

static void test_wilson(void) {
    const char *names[] = {"w"};
    SimSummarySpec spec = {1, names, NULL, NULL, 0, NULL, false, figs, nfigs};
    SimSummaryBuilder *b = sim_summary_new(&spec);
    /* seat 1 wins 5 of 10; seat 2 the other 5, seat 2 never alone in a tie */
    for (int i = 0; i < 10; i++) {
        SimRow r = row((uint64_t)i, 0, 1, 1, i < 5 ? 1u : 2u, 3);
        CHECK(sim_summary_add(b, &r));
    }
    sim_summary_finish(b, &summary);
    sim_summary_free(b);
    CHECK_NEAR(summary.v[0].win_rate[0], 0.5, 1e-12);
    CHECK_NEAR(summary.v[0].win_lo[0], 0.236593, 1e-5);
    CHECK_NEAR(summary.v[0].win_hi[0], 0.763407, 1e-5);

    /* no win in 10: the interval still reaches 0.2775 */
    b = sim_summary_new(&spec);
    for (int i = 0; i < 10; i++) {
        SimRow r = row((uint64_t)i, 0, 0, 1, 2u, 3);
        CHECK(sim_summary_add(b, &r));
    }
    sim_summary_finish(b, &summary);
    sim_summary_free(b);
    CHECK_NEAR(summary.v[0].win_rate[0], 0.0, 1e-12);
    CHECK_NEAR(summary.v[0].win_lo[0], 0.0, 1e-9);
    CHECK_NEAR(summary.v[0].win_hi[0], 0.277533, 1e-5);
    CHECK_NEAR(summary.v[0].win_rate[1], 1.0, 1e-12);
    CHECK_NEAR(summary.v[0].win_lo[1], 1 - 0.277533, 1e-5);
}

/* Deterministic pseudo-random synthetic games of an A/B run: B scores 5
** more at seat 1, draws 2 fewer, and plays the same number of turns. */
static uint64_t lcg(uint64_t *s) {
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

enum { AB_GAMES = 300 };

static void make_ab_rows(SimRow *rows) {
    uint64_t st = 42;
    for (int i = 0; i < AB_GAMES; i++) {
        int s0 = 30 + (int)(lcg(&st) % 40), s1 = 30 + (int)(lcg(&st) % 40);
        int turns = 40 + (int)(lcg(&st) % 30), draws = 3 + (int)(lcg(&st) % 5);
        for (int v = 0; v < 2; v++) {
            int a0 = s0 + (v ? 5 : 0) + (int)(lcg(&st) % 3);
            SimRow r = row((uint64_t)i, v, a0, s1, a0 > s1 ? 1u : a0 < s1 ? 2u : 3u, turns);
            r.m[T_DRAWS] = draws - (v ? 2 : 0);
            r.m[T_EXTRA] = (int)(lcg(&st) % 3);
            r.m[T_ACT + 3] = (int)(lcg(&st) % 4);
            r.m[T_ACT + 4] = 1 + (int)(lcg(&st) % 2);
            r.m[T_GROUPS] = 1 + (int)(lcg(&st) % 4);
            for (int g = 0; g < r.m[T_GROUPS]; g++) r.m[T_SIZES + 2 + (int)(lcg(&st) % 6)]++;
            r.end_reason = lcg(&st) % 5 == 0 ? PUL_END_NO_TILES : PUL_END_CORE_EMPTY;
            rows[2 * i + v] = r;
        }
    }
}

static char *build_outputs(const SimRow *rows, const int *order, int n, const char *bname,
                           size_t *json_len, char **html, size_t *html_len) {
    PulTileSet ts = make_tileset();
    SimFeatures tsp[2];
    tileset_features(&ts, &tsp[0]);
    tileset_features(&ts, &tsp[1]);
    const char *names[] = {"base", bname};
    const char *bots[] = {"greedy"};
    SimSummarySpec spec = {2, names, tsp, (const int[]){2, 2}, 1, bots, false, figs, nfigs};
    SimSummaryBuilder *b = sim_summary_new(&spec);
    for (int i = 0; i < n; i++) CHECK(sim_summary_add(b, &rows[order[i]]));
    sim_summary_finish(b, &summary2);
    sim_summary_free(b);
    FILE *f = tmpfile();
    sim_summary_write_json(f, &summary2);
    long jl = ftell(f);
    CHECK(sim_report_write_html(f, &summary2, "A/B <test>"));
    long total = ftell(f);
    char *buf = malloc((size_t)total + 1);
    rewind(f);
    CHECK_INT(fread(buf, 1, (size_t)total, f), total);
    buf[total] = '\0';
    fclose(f);
    *json_len = (size_t)jl;
    *html = buf + jl;
    *html_len = (size_t)(total - jl);
    return buf;
}

static const SimDiff *find_diff(const SimSummary *s, int k, const char *metric) {
    for (int i = 0; i < s->ndiff[k]; i++)
        if (strcmp(s->diffs[k][i].metric, metric) == 0) return &s->diffs[k][i];
    return NULL;
}

static void test_order_and_ab(void) {
    static SimRow rows[2 * AB_GAMES];
    static int fwd[2 * AB_GAMES], shuffled[2 * AB_GAMES];
    make_ab_rows(rows);
    int n = 2 * AB_GAMES;
    for (int i = 0; i < n; i++) fwd[i] = shuffled[i] = i;
    /* B rows first, then A rows from the back, then a shuffle: nothing is paired early */
    uint64_t st = 7;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(lcg(&st) % (uint64_t)(i + 1)), t = shuffled[i];
        shuffled[i] = shuffled[j];
        shuffled[j] = t;
    }
    size_t jl1, hl1, jl2, hl2;
    char *h1, *h2;
    char *o1 = build_outputs(rows, fwd, n, "bigger core", &jl1, &h1, &hl1);
    SimSummary first = summary2;
    char *o2 = build_outputs(rows, shuffled, n, "bigger core", &jl2, &h2, &hl2);
    CHECK(jl1 == jl2 && memcmp(o1, o2, jl1) == 0);
    CHECK(hl1 == hl2 && memcmp(h1, h2, hl1) == 0);
    CHECK(memcmp(&first.diffs, &summary2.diffs, sizeof first.diffs) == 0);
    free(o1);
    free(o2);

    const SimSummary *s = &summary2;
    CHECK_INT(s->nvariants, 2);
    CHECK_INT(s->ndiffs, 1);
    const SimDiff *d = find_diff(s, 1, "score seat 1");
    CHECK(d && strcmp(d->verdict, "higher") == 0 && d->diff > 4.0 && d->diff < 6.0);
    CHECK(d && fabs(d->diff - (d->b - d->a)) < 1e-9 && d->lo > 0);
    d = find_diff(s, 1, "score seat 2");
    CHECK(d && strcmp(d->verdict, "no clear difference") == 0 && d->diff == 0);
    d = find_diff(s, 1, "turns");
    CHECK(d && strcmp(d->verdict, "no clear difference") == 0 && d->lo == 0 && d->hi == 0);
    d = find_diff(s, 1, "draws");
    CHECK(d && strcmp(d->verdict, "lower") == 0 && fabs(d->diff + 2) < 1e-12);
    d = find_diff(s, 1, "win rate seat 1");
    CHECK(d && strcmp(d->verdict, "higher") == 0 && d->a < d->b);
    d = find_diff(s, 1, "win rate seat 2");
    CHECK(d && strcmp(d->verdict, "lower") == 0);
    CHECK(find_diff(s, 1, "activations one-dot") != NULL);
    CHECK(find_diff(s, 1, "activations two-dots") != NULL);
    CHECK(find_diff(s, 1, "end core_empty") != NULL);
    CHECK(find_diff(s, 1, "end no_action") == NULL); /* never happens: no row */
}

static void test_identical_variants(void) {
    static SimRow rows[2 * AB_GAMES];
    static int order[2 * AB_GAMES];
    make_ab_rows(rows);
    for (int i = 0; i < AB_GAMES; i++) rows[2 * i + 1] = rows[2 * i], rows[2 * i + 1].variant = 1;
    for (int i = 0; i < 2 * AB_GAMES; i++) order[i] = i;
    size_t jl, hl;
    char *h;
    free(build_outputs(rows, order, 2 * AB_GAMES, "same", &jl, &h, &hl));
    CHECK(summary2.ndiff[1] > 10);
    for (int i = 0; i < summary2.ndiff[1]; i++) {
        const SimDiff *d = &summary2.diffs[1][i];
        CHECK_STR(d->verdict, "no clear difference");
        CHECK(d->diff == 0 && d->a == d->b);
    }
}

static void test_escaping(const char *out_path) {
    static SimRow rows[2 * AB_GAMES];
    static int order[2 * AB_GAMES];
    make_ab_rows(rows);
    for (int i = 0; i < 2 * AB_GAMES; i++) order[i] = i;
    size_t jl, hl;
    char *h;
    char *all = build_outputs(rows, order, 2 * AB_GAMES, HOSTILE, &jl, &h, &hl);
    CHECK(strstr(h, "<script") == NULL);
    CHECK(strstr(h, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;") != NULL);
    CHECK(strstr(h, "]]>") == NULL);
    CHECK(strchr(h, '\x01') == NULL);
    CHECK(strchr(h, '\x1b') == NULL);
    CHECK(strstr(h, "\xc2\x9b") == NULL);
    CHECK(strstr(h, "\xe2\x80\xae") == NULL);
    CHECK(strstr(h, "\xef\xbf\xbe") == NULL);
    CHECK(strstr(h, " \\x01]]&gt; \\x1b[2J\\u009b\\u202e\\xff\\ufffe") != NULL);
    CHECK(strstr(h, "&lt;test&gt;") != NULL); /* the title */
    /* JSON escapes the quote and the control characters, and stays UTF-8 */
    CHECK(strstr(all, "\"<script>alert(\\\"x\\\")</script> & 'q' \\u0001]]> \\u001b[2J\\u009b"
                      "\\u202e\xef\xbf\xbd\\ufffe\"") != NULL);
    static const char *const ids[] = {"scores", "wins",   "length", "ends",
                                      "activations", "groups", "ab"};
    for (int i = 0; i < 7; i++) {
        char id[64];
        snprintf(id, sizeof id, "<section id=\"%s\">", ids[i]);
        CHECK(strstr(h, id) != NULL);
    }
    /* the verdict names B: the page escapes it, and so does the terminal */
    CHECK(summary2.nverdict > 0 && strstr(summary2.verdict[0], HOSTILE) != NULL);
    FILE *t = tmpfile();
    sim_verdict_print(t, &summary2, 79);
    long tl = ftell(t);
    char *term = calloc(1, (size_t)tl + 1);
    rewind(t);
    CHECK_INT(fread(term, 1, (size_t)tl, t), tl);
    fclose(t);
    CHECK(strchr(term, '\x1b') == NULL && strchr(term, '\x01') == NULL);
    CHECK(strstr(term, "\xc2\x9b") == NULL && strstr(term, "\xe2\x80\xae") == NULL);
    CHECK(strstr(term, "\\x1b[2J\\u009b\\u202e\\xff\\ufffe") != NULL);
    CHECK(strncmp(term, "- ", 2) == 0);
    free(term);
    if (out_path) {
        FILE *f = fopen(out_path, "w");
        CHECK(f != NULL);
        if (f) {
            fwrite(h, 1, hl, f);
            fclose(f);
        }
    }
    free(all);

    /* one variant: no A/B section */
    const char *names[] = {"solo"};
    SimSummarySpec spec = {1, names, NULL, NULL, 0, NULL, false, figs, nfigs};
    SimSummaryBuilder *b = sim_summary_new(&spec);
    SimRow r = row(0, 0, 3, 4, 2u, 9);
    CHECK(sim_summary_add(b, &r));
    sim_summary_finish(b, &summary);
    sim_summary_free(b);
    FILE *f = tmpfile();
    CHECK(sim_report_write_html(f, &summary, NULL));
    long n = ftell(f);
    char *page = calloc(1, (size_t)n + 1);
    rewind(f);
    CHECK_INT(fread(page, 1, (size_t)n, f), n);
    fclose(f);
    CHECK(strstr(page, "id=\"ab\"") == NULL);
    CHECK(strstr(page, "id=\"scores\"") != NULL);
    free(page);
}

/* ------------------------------------------------ statistics and verdict */

static void test_stats(void) {
    /* Student's t, two-sided 95%: the table, and the expansion beyond it */
    CHECK_NEAR(sim_t_quantile(1), 12.706205, 1e-6);
    CHECK_NEAR(sim_t_quantile(2), 4.302653, 1e-6);
    CHECK_NEAR(sim_t_quantile(30), 2.042272, 1e-6);
    CHECK_NEAR(sim_t_quantile(31), 2.039513, 1e-5);
    CHECK_NEAR(sim_t_quantile(100), 1.983972, 1e-5);
    CHECK_NEAR(sim_t_quantile(100000), 1.959988, 1e-5);
    CHECK(isinf(sim_t_quantile(0)));
    /* chi-square: the 5% critical values give p = 0.05 for 1 to 5 degrees of freedom */
    static const double crit[] = {3.841459, 5.991465, 7.814728, 9.487729, 11.070498};
    for (int df = 1; df <= 5; df++) CHECK_NEAR(sim_chi2_sf(crit[df - 1], df), 0.05, 1e-6);
    CHECK_NEAR(sim_chi2_sf(1.0, 1), 0.317311, 1e-6);
    CHECK_NEAR(sim_chi2_sf(0, 2), 1.0, 1e-12);
    double lo, hi;
    sim_wilson(0.5, 10, &lo, &hi);
    CHECK_NEAR(lo, 0.236593, 1e-5);
    CHECK_NEAR(hi, 0.763407, 1e-5);
}

/* A summary of n games of one variant with seats seats, seat `winner(i)` winning game i. */
static void one_variant(int seats, int n, int (*winner)(int), const char *const *bots, int nbots,
                        bool swap, SimSummary *out) {
    const char *names[] = {"v"};
    SimSummarySpec spec = {1, names, NULL, (const int[]){seats}, nbots, bots, swap, figs, nfigs};
    SimSummaryBuilder *b = sim_summary_new(&spec);
    for (int i = 0; i < n; i++) {
        SimRow r = row((uint64_t)i, 0, 10, 10, 0, 40);
        r.seats = seats;
        int w = winner(i);
        r.winners = w < 0 ? 3u : 1u << w; /* -1: seats 1 and 2 tie */
        for (int st = 0; st < seats; st++) {
            int bot = swap ? (st + seats - i % seats) % seats : st;
            r.bot[st] = (int8_t)(bot < nbots ? bot : nbots - 1);
        }
        CHECK(sim_summary_add(b, &r));
    }
    sim_summary_finish(b, out);
    sim_summary_free(b);
}

static bool verdict_has(const SimSummary *s, const char *text) {
    for (int i = 0; i < s->nverdict; i++)
        if (strstr(s->verdict[i], text)) return true;
    return false;
}

static int seat2_61(int i) { return i % 100 < 61 ? 1 : 0; }
static int seat2_55(int i) { return i % 100 < 55 ? 1 : 0; }
static int with_draws(int i) { return i % 10 == 0 ? -1 : i % 2; }
static int seat3_of_3(int i) { return i % 3 == 0 || i % 7 == 0 ? 2 : i % 3; }

static void test_seat_balance(void) {
    const char *greedy[] = {"greedy"};
    /* 61 of 100 to seat 2: chi-square 4.84, p = 0.0278: favoured */
    one_variant(2, 100, seat2_61, greedy, 1, false, &summary);
    const SimVariantSummary *v = &summary.v[0];
    CHECK_INT(v->decisive, 100);
    CHECK(v->seat_tested);
    CHECK_NEAR(v->seat_chi2, 4.84, 1e-9);
    CHECK_NEAR(v->seat_p, 0.027807, 1e-5);
    CHECK_NEAR(v->fair_share, 0.5, 1e-12);
    CHECK(summary.nverdict >= 1);
    CHECK(strstr(summary.verdict[0], "v (2 seats) favours seat 2: 61.0% vs 39.0%") ==
          summary.verdict[0]);
    CHECK(verdict_has(&summary, "significant, p = 0.03 (chi-square test of 100 decisive games, "
                                "alpha 0.05)"));
    CHECK(!verdict_has(&summary, "Warning"));
    /* 55 of 100: p = 0.32, nobody favoured */
    one_variant(2, 100, seat2_55, greedy, 1, false, &summary);
    CHECK(strstr(summary.verdict[0], "no seat is favoured: 45.0% vs 55.0%") != NULL);
    CHECK(strstr(summary.verdict[0], "not significant, p = 0.32") != NULL);
    /* 6 games: too few to judge, and said so */
    one_variant(2, 6, seat2_61, greedy, 1, false, &summary);
    CHECK(!summary.v[0].seat_tested);
    CHECK(strstr(summary.verdict[0], "too few decisive games (6)") != NULL);
    /* draws: split in the rates, out of the test */
    one_variant(2, 100, with_draws, greedy, 1, false, &summary);
    v = &summary.v[0];
    CHECK_INT(v->drawn, 10);
    CHECK_INT(v->decisive, 90);
    CHECK_INT(v->seat_wins[0] + v->seat_wins[1], 90);
    CHECK_NEAR(v->win_rate[0] + v->win_rate[1], 1.0, 1e-12);
    CHECK(verdict_has(&summary, "10 drawn games are split between the tied seats, outside the "
                                "test"));
    /* three seats: fair share one third, chi-square with 2 degrees of freedom */
    one_variant(3, 210, seat3_of_3, greedy, 1, false, &summary);
    v = &summary.v[0];
    CHECK_INT(v->seats, 3);
    CHECK_NEAR(v->fair_share, 1.0 / 3, 1e-12);
    double e = 70, chi2 = 0;
    for (int st = 0; st < 3; st++) chi2 += (v->seat_wins[st] - e) * (v->seat_wins[st] - e) / e;
    CHECK_NEAR(v->seat_chi2, chi2, 1e-9);
    CHECK_NEAR(v->seat_p, exp(-chi2 / 2), 1e-9);
    CHECK(v->seat_wins[2] > 70 && v->seat_p < 0.05);
    CHECK(strstr(summary.verdict[0], "v (3 seats) favours seat 3:") == summary.verdict[0]);
    CHECK(strstr(summary.verdict[0], "fair share 33.3%") != NULL);
}

static int bot0_wins_80(int i) {
    /* with --swap bot 0 sits at seat i % 2 in game i: it wins 4 games in 5 */
    int seat0 = i % 2;
    return i % 5 == 0 ? 1 - seat0 : seat0;
}

static void test_bots(void) {
    const char *two[] = {"greedy", "random"};
    one_variant(2, 200, bot0_wins_80, two, 2, true, &summary);
    const SimVariantSummary *v = &summary.v[0];
    CHECK_INT(v->nbots, 2);
    CHECK_STR(v->bot[0].spec, "greedy");
    CHECK_INT(v->bot[0].seats, 200);
    CHECK_NEAR(v->bot[0].win_rate, 0.8, 1e-12);
    CHECK_NEAR(v->bot[1].win_rate, 0.2, 1e-12);
    double lo, hi;
    sim_wilson(0.8, 200, &lo, &hi);
    CHECK_NEAR(v->bot[0].lo, lo, 1e-12);
    CHECK(lo > 0.5);
    /* the seats are even: the swap balanced them */
    CHECK_NEAR(v->win_rate[0], 0.5, 1e-12);
    CHECK(verdict_has(&summary, "greedy wins 80.0% of its seats"));
    CHECK(verdict_has(&summary, "greedy is stronger"));
    /* the warning about random bots comes first */
    CHECK(strncmp(summary.verdict[0], "Warning: random bots", 20) == 0);
    /* a spec given twice is one bot; "randomish" is not random */
    const char *same[] = {"randomish", "randomish"};
    one_variant(2, 20, bot0_wins_80, same, 2, true, &summary);
    CHECK_INT(summary.v[0].nbots, 1);
    CHECK_INT(summary.v[0].bot[0].seats, 40);
    CHECK(!verdict_has(&summary, "Warning"));
    CHECK(!verdict_has(&summary, "by bot"));
    const char *rnd[] = {"random:x=1"};
    one_variant(2, 20, bot0_wins_80, rnd, 1, false, &summary);
    CHECK(strncmp(summary.verdict[0], "Warning: random bots", 20) == 0);
    /* without --swap and with different bots: a seat's rate is its bot's, and that is said */
    one_variant(2, 200, seat2_61, two, 2, false, &summary);
    CHECK(verdict_has(&summary, "seat 1 (greedy) wins 39.0%, seat 2 (random) wins 61.0%"));
    CHECK(verdict_has(&summary, "add --swap"));
    CHECK(!verdict_has(&summary, "favours"));
}

/* Variant 0 with 2 seats, variant 1 with 3, over the same game indexes. */
static void test_mixed_seats(void) {
    const char *names[] = {"micropul", "micropul-3p"};
    const char *bots[] = {"greedy"};
    SimSummarySpec spec = {2, names, NULL, (const int[]){2, 3}, 1, bots, false, figs, nfigs};
    SimSummaryBuilder *b = sim_summary_new(&spec);
    for (int i = 0; i < 60; i++) {
        SimRow a = row((uint64_t)i, 0, 20, 20, i % 2 ? 2u : 1u, 50);
        SimRow c = row((uint64_t)i, 1, 15, 15, 1u << (i % 3), 45 + i % 3);
        c.seats = 3;
        c.scores[2] = 15;
        CHECK(sim_summary_add(b, &a));
        CHECK(sim_summary_add(b, &c));
    }
    SimChange ch[2];
    memset(ch, 0, sizeof ch);
    strcpy(ch[0].kind, "seats");
    strcpy(ch[0].a, "2");
    strcpy(ch[0].b, "3");
    strcpy(ch[1].kind, "rule at setup");
    strcpy(ch[1].name, "hand_size");
    strcpy(ch[1].a, "6");
    strcpy(ch[1].b, "5");
    sim_summary_set_changes(b, 1, ch, 2);
    sim_summary_finish(b, &summary);
    sim_summary_free(b);
    CHECK_INT(summary.v[0].seats, 2);
    CHECK_INT(summary.v[1].seats, 3);
    CHECK_NEAR(summary.v[0].fair_share, 0.5, 1e-12);
    CHECK_NEAR(summary.v[1].fair_share, 1.0 / 3, 1e-12);
    CHECK(!summary.same_seats[1]);
    /* a seat of a 2-player and of a 3-player game are not compared */
    for (int i = 0; i < summary.ndiff[1]; i++) {
        CHECK(strncmp(summary.diffs[1][i].metric, "win rate", 8) != 0);
        CHECK(strncmp(summary.diffs[1][i].metric, "score", 5) != 0);
    }
    const SimDiff *d = find_diff(&summary, 1, "turns");
    CHECK(d && strcmp(d->verdict, "lower") == 0 && !d->share);
    CHECK(verdict_has(&summary, "micropul-3p vs micropul: what differs: seats 2 \u2192 3; "
                                "hand_size 6 \u2192 5 at setup"));
    CHECK(verdict_has(&summary, "micropul-3p is played by 3 seats and micropul by 2"));
    CHECK(verdict_has(&summary, "micropul (2 seats)"));
    CHECK(verdict_has(&summary, "micropul-3p (3 seats)"));
    CHECK(verdict_has(&summary, "fair share 33.3%"));
    /* turns 50 -> 46: -8.0% of A, in the verdict, the table and the chart alike */
    char buf[48];
    sim_diff_text(d, d->diff, buf, sizeof buf);
    CHECK_STR(buf, "\u22128.0%");
    CHECK(verdict_has(&summary, "turns \u22128.0% (50.0 \u2192 46.0;"));
    FILE *f = tmpfile();
    sim_summary_write_json(f, &summary);
    long jl = ftell(f);
    CHECK(sim_report_write_html(f, &summary, "mixed"));
    long n = ftell(f);
    char *all = calloc(1, (size_t)n + 1);
    rewind(f);
    CHECK_INT(fread(all, 1, (size_t)n, f), n);
    fclose(f);
    const char *html = all + jl;
    CHECK(strstr(all, "{\n  \"verdict\": [\n    \"micropul-3p vs micropul: what differs") == all);
    CHECK(strstr(all, "\"same_seats\": false") != NULL);
    CHECK(strstr(all, "{\"kind\": \"rule at setup\", \"name\": \"hand_size\", \"a\": \"6\", "
                      "\"b\": \"5\"}") != NULL);
    CHECK(strstr(html, "<td class=\"n\">\u22128.0%</td>") != NULL);
    CHECK(strstr(html, "fair share: 2 seats 50.0%, 3 seats 33.3%") != NULL);
    CHECK(strstr(html, "Played with 3 and 2 seats") != NULL);
    /* the verdict opens the page, before the first chart */
    const char *verdict = strstr(html, "<ul class=\"verdict-lines\">");
    CHECK(verdict && verdict < strstr(html, "<section"));
    free(all);
}

static void test_units(void) {
    SimDiff d;
    memset(&d, 0, sizeof d);
    d.share = true;
    d.a = 0.475;
    char buf[48];
    sim_diff_text(&d, 0.04, buf, sizeof buf);
    CHECK_STR(buf, "+4.0 pp");
    sim_diff_text(&d, -0.0004, buf, sizeof buf);
    CHECK_STR(buf, "0.0 pp");
    d.share = false;
    d.a = 50;
    sim_diff_text(&d, -1.65, buf, sizeof buf);
    CHECK_STR(buf, "\u22123.3%");
    d.a = 0;
    sim_diff_text(&d, 0.35, buf, sizeof buf);
    CHECK_STR(buf, "+0.35");
    /* the A/B table of test_order_and_ab's rows gives win rates in pp */
    static SimRow rows[2 * AB_GAMES];
    static int order[2 * AB_GAMES];
    make_ab_rows(rows);
    for (int i = 0; i < 2 * AB_GAMES; i++) order[i] = i;
    size_t jl, hl;
    char *h;
    char *all = build_outputs(rows, order, 2 * AB_GAMES, "b", &jl, &h, &hl);
    const SimDiff *w = find_diff(&summary2, 1, "win rate seat 1");
    CHECK(w && w->share);
    sim_diff_text(w, w->diff, buf, sizeof buf);
    char cell[80];
    snprintf(cell, sizeof cell, "<td class=\"n\">%s</td>", buf);
    CHECK(strstr(h, cell) != NULL);
    CHECK(strstr(buf, " pp") != NULL);
    CHECK(strstr(h, "in percentage points (95% CI)") != NULL);
    CHECK(strstr(h, "in percent of A (95% CI)") != NULL);
    /* fewer than SIM_MIN_PAIRS paired games: no verdict on any difference */
    free(all);
    all = build_outputs(rows, order, 2 * 5, "b", &jl, &h, &hl);
    for (int i = 0; i < summary2.ndiff[1]; i++) CHECK_STR(summary2.diffs[1][i].verdict, "too few games");
    CHECK(verdict_has(&summary2, "too few paired games (5)"));
    free(all);
}

/* ------------------------------------------------ a family of its own */

/* A family the tools have never heard of: its figures, their slots and the
** report's words are all its table's, so the summary and the report must
** show them and nothing of Micropul's. */
enum { I_MOVES = 100, I_SWAPS = 101, I_REFILLS = 7, I_BONUS = 20, I_LOWEST = 40, I_NLOWEST = 19 };
static const PulMetricInfo invented[] = {
    {.key = "moves", .label = "moves", .help = "pieces laid", .kind = PUL_METRIC_COUNT,
     .first = I_MOVES, .n = 1, .flags = PUL_METRIC_ROWS_ONLY | PUL_METRIC_ACTION,
     .feature_class = -1},
    {.key = "lowest", .label = "lowest tracks", .help = "seats by their lowest track",
     .kind = PUL_METRIC_HISTOGRAM, .first = I_LOWEST, .n = I_NLOWEST, .feature_class = -1,
     .title = "Lowest track", .note = "Share of seats by their lowest track at the end",
     .chart = "Lowest tracks", .unit = "seats", .bins = "track", .empty = "No tracks.",
     .total = "refills"},
    {.key = "refills", .label = "refills", .help = "racks refilled", .kind = PUL_METRIC_COUNT,
     .first = I_REFILLS, .n = 1, .feature_class = -1, .title = "Refills per game"},
    {.key = "bonus", .label = "bonus turns", .help = "bonus turns of each colour",
     .kind = PUL_METRIC_PER_FEATURE, .first = I_BONUS, .n = PUL_MAX_FEATURES,
     .feature_class = -1, .title = "Bonus turns", .note = "Mean bonus turns per game of each colour",
     .chart = "Bonus turns per game", .unit = "bonus turns per game", .empty = "No bonus turns."},
    {.key = "swaps", .label = "swaps", .help = "racks swapped", .kind = PUL_METRIC_COUNT,
     .first = I_SWAPS, .n = 1, .flags = PUL_METRIC_ROWS_ONLY | PUL_METRIC_ACTION,
     .feature_class = -1},
};

static char *read_back(FILE *f) {
    long n = ftell(f);
    char *text = calloc(1, (size_t)n + 1);
    rewind(f);
    CHECK_INT(fread(text, 1, (size_t)n, f), n);
    fclose(f);
    return text;
}

/* Where text occurs in page, or -1 (checked). */
static long at(const char *page, const char *text) {
    const char *p = strstr(page, text);
    if (!p) fprintf(stderr, "missing: %s\n", text);
    CHECK(p != NULL);
    return p ? (long)(p - page) : -1;
}

static void test_invented_family(void) {
    PulTileSet ts;
    memset(&ts, 0, sizeof ts);
    static const char *const colours[] = {"red", "green", "blue"};
    ts.nfeatures = 3;
    for (int i = 0; i < 3; i++) strcpy(ts.feature[i].name, colours[i]);
    SimFeatures tsp[2];
    tileset_features(&ts, &tsp[0]);
    tileset_features(&ts, &tsp[1]);
    const PulMetricInfo *tables[] = {invented, invented};
    const int ntables[] = {(int)(sizeof invented / sizeof invented[0]),
                           (int)(sizeof invented / sizeof invented[0])};
    const char *names[] = {"plain", "richer"};
    const char *bots[] = {"greedy"};
    SimSummarySpec spec = {2, names, tsp, (const int[]){2, 2}, 1, bots, false, tables, ntables};
    SimSummaryBuilder *b = sim_summary_new(&spec);
    uint64_t st = 5;
    for (int i = 0; i < 40; i++) {
        for (int v = 0; v < 2; v++) {
            SimRow r = row((uint64_t)i, v, 100 + (int)(lcg(&st) % 20), 100, 1u, 30);
            r.m[I_MOVES] = 25;
            r.m[I_SWAPS] = 5;
            r.m[I_REFILLS] = 6 + 3 * v + i % 2;
            r.m[I_BONUS + 1] = 1 + (int)(lcg(&st) % 3);
            r.m[I_LOWEST + 4 + (int)(lcg(&st) % 5)]++;
            if (i == 0) r.m[I_LOWEST + I_NLOWEST - 1] = 1; /* 18 or more */
            CHECK(sim_summary_add(b, &r));
        }
    }
    sim_summary_finish(b, &summary2);
    sim_summary_free(b);
    const SimVariantSummary *v = &summary2.v[1];
    CHECK_INT(sim_figure_find(v, "moves"), -1);
    CHECK_INT(sim_figure_find(v, "refills"), 2);
    CHECK(v->stat[I_REFILLS].mean >= 9 && v->stat[I_REFILLS].mean <= 10);
    CHECK(v->shown[I_BONUS] && v->shown[I_BONUS + 1] && v->shown[I_BONUS + 2]); /* every class */
    CHECK(!v->shown[I_BONUS + 3]);
    CHECK_INT(v->total[I_LOWEST + I_NLOWEST - 1], 1);
    /* A/B: the count and each colour, by the table's labels */
    const SimDiff *d = find_diff(&summary2, 1, "refills");
    CHECK(d && strcmp(d->verdict, "higher") == 0 && fabs(d->diff - 3) < 1e-12);
    CHECK(find_diff(&summary2, 1, "bonus turns green") != NULL);
    CHECK(find_diff(&summary2, 1, "bonus turns red") != NULL);
    CHECK(find_diff(&summary2, 1, "moves") == NULL); /* rows only */

    FILE *f = tmpfile();
    sim_summary_write_json(f, &summary2);
    char *json = read_back(f);
    /* the figures by kind, each kind in the table's order */
    long turns = at(json, "\"turns\": {"), refills = at(json, "\"refills\": {\"mean\": ");
    long ends = at(json, "\"end_reasons\": {"), bonus = at(json, "\"bonus\": [{\"feature\": \"red\"");
    long lowest = at(json, "\"lowest\": [");
    CHECK(turns < refills && refills < ends && ends < bonus && bonus < lowest);
    at(json, "},\n               {\"feature\": \"green\""); /* lined up under the first */
    CHECK(strstr(json, "\"moves\"") == NULL && strstr(json, "\"swaps\"") == NULL);

    f = tmpfile();
    CHECK(sim_report_write_html(f, &summary2, "invented"));
    char *page = read_back(f);
    at(page, "<th>actions</th><th>refills</th></tr>");
    at(page, "Share of games by actions played (moves and swaps); the dashed line");
    at(page, "<section id=\"bonus\">\n<h2>Bonus turns</h2>\n<p class=\"note\">Mean bonus turns "
             "per game of each colour.</p>");
    at(page, "<title>Bonus turns per game</title>");
    at(page, ">bonus turns per game</text>");
    at(page, "<section id=\"lowest\">\n<h2>Lowest track</h2>\n<p class=\"note\">Share of seats by "
             "their lowest track at the end. Refills per game: plain ");
    at(page, "<title>Lowest tracks</title>");
    at(page, ">18+</text>");
    at(page, ">track</text>");
    CHECK(at(page, "id=\"bonus\"") < at(page, "id=\"lowest\"")); /* per-feature, then histograms */
    /* nothing of Micropul's */
    static const char *const micropul[] = {"atalyst", "ctivation", "closed", "group", "draws",
                                           "extra turn", "tiles left", "placement", "claim",
                                           "stone"};
    for (int i = 0; i < (int)(sizeof micropul / sizeof micropul[0]); i++) {
        if (strstr(page, micropul[i]) || strstr(json, micropul[i]))
            fprintf(stderr, "Micropul's word: %s\n", micropul[i]);
        CHECK(strstr(json, micropul[i]) == NULL);
        CHECK(strstr(page, micropul[i]) == NULL);
    }
    free(json);
    free(page);

    /* nothing to show (no tile set: only features that fire are shown):
    ** each section says so in its own words */
    spec.features = NULL;
    b = sim_summary_new(&spec);
    SimRow r = row(0, 0, 3, 4, 2u, 9);
    CHECK(sim_summary_add(b, &r));
    sim_summary_finish(b, &summary2);
    sim_summary_free(b);
    f = tmpfile();
    CHECK(sim_report_write_html(f, &summary2, NULL));
    page = read_back(f);
    at(page, "<p class=\"empty\">No bonus turns.</p>");
    at(page, "<p class=\"empty\">No tracks.</p>");
    free(page);
}

int main(int argc, char **argv) {
    RUN(test_means_and_intervals);
    RUN(test_wilson);
    RUN(test_order_and_ab);
    RUN(test_identical_variants);
    RUN(test_stats);
    RUN(test_seat_balance);
    RUN(test_bots);
    RUN(test_mixed_seats);
    RUN(test_units);
    RUN(test_invented_family);
    int before = check_failures;
    test_escaping(argc > 1 ? argv[1] : NULL);
    fprintf(stderr, "%s test_escaping\n", check_failures != before ? "FAIL" : "ok  ");
    return CHECK_DONE();
}
