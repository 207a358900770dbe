/*
** test_sim_summary.c: the summary and report of `pul sim` from synthetic
** rows: hand-computed means, intervals and win shares, order independence,
** A/B verdicts and the escaping of a hostile variant name; the statistics
** (t, Wilson, chi-square) against published tables; the verdict in words:
** seats per variant and their fair shares, seat balance, per-bot rates with
** --swap, the random-bot warning, one unit per difference.
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

static SimSummary summary;  /* large: kept off the stack */
static SimSummary summary2;

static void test_means_and_intervals(void) {
    PulTileSet ts = make_tileset();
    const PulTileSet *tsp[] = {&ts};
    const char *names[] = {"base"};
    const char *bots[] = {"greedy", "random"};
    SimSummarySpec spec = {1, names, tsp, (const int[]){2}, 2, bots, false};
    SimSummaryBuilder *b = sim_summary_new(&spec);
    CHECK(b != NULL);
    SimRow r[3] = {row(0, 0, 10, 7, 1u, 5), row(1, 0, 20, 7, 3u, 5), row(2, 0, 30, 40, 2u, 5)};
    r[0].activations[3] = 1;
    r[1].activations[3] = 2;
    r[2].activations[3] = 6;
    r[0].activations[1] = 9; /* a micropul colour: not a catalyst, not reported */
    r[1].closed_groups = 2;
    r[1].closed_sizes[3] = 1;
    r[1].closed_sizes[70 > SIM_MAX_GROUP ? SIM_MAX_GROUP : 70] = 1;
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
    CHECK_INT(v->closed_sizes[3], 1);
    CHECK_INT(v->closed_sizes[SIM_MAX_GROUP], 1);
    CHECK_NEAR(v->closed_groups.mean, 2.0 / 3, 1e-12);
    /* catalyst one-dot: 1, 2, 6 per game: mean 3, sd sqrt(7) */
    CHECK_INT(v->nfeatures, 5);
    CHECK(v->is_catalyst[3] && v->is_catalyst[4] && !v->is_catalyst[1]);
    CHECK_STR(v->feature_name[3], "one-dot");
    CHECK_NEAR(v->activations[3].mean, 3.0, 1e-12);
    CHECK_NEAR(v->activations[3].sd, sqrt(7.0), 1e-9);
    CHECK_INT(summary.ndiff[1], 0);
}

static void test_wilson(void) {
    const char *names[] = {"w"};
    SimSummarySpec spec = {1, names, NULL, NULL, 0, NULL, false};
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
            r.draws = draws - (v ? 2 : 0);
            r.extra_turns = (int)(lcg(&st) % 3);
            r.activations[3] = (int)(lcg(&st) % 4);
            r.activations[4] = 1 + (int)(lcg(&st) % 2);
            r.closed_groups = 1 + (int)(lcg(&st) % 4);
            for (int g = 0; g < r.closed_groups; g++) r.closed_sizes[2 + (int)(lcg(&st) % 6)]++;
            r.end_reason = lcg(&st) % 5 == 0 ? PUL_END_NO_TILES : PUL_END_CORE_EMPTY;
            rows[2 * i + v] = r;
        }
    }
}

static char *build_outputs(const SimRow *rows, const int *order, int n, const char *bname,
                           size_t *json_len, char **html, size_t *html_len) {
    PulTileSet ts = make_tileset();
    const PulTileSet *tsp[] = {&ts, &ts};
    const char *names[] = {"base", bname};
    const char *bots[] = {"greedy"};
    SimSummarySpec spec = {2, names, tsp, (const int[]){2, 2}, 1, bots, false};
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
    SimSummarySpec spec = {1, names, NULL, NULL, 0, NULL, false};
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

int main(int argc, char **argv) {
    RUN(test_means_and_intervals);
    RUN(test_wilson);
    RUN(test_order_and_ab);
    RUN(test_identical_variants);
    int before = check_failures;
    test_escaping(argc > 1 ? argv[1] : NULL);
    fprintf(stderr, "%s test_escaping\n", check_failures != before ? "FAIL" : "ok  ");
    return CHECK_DONE();
}
