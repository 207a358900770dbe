/*
** test_sim_rows.c: the rows of `pul sim` follow the family's table of
** figures (pul_variant_metrics), not names of their own: every figure's key
** is a field of a JSON row and a column (or, per feature, columns) of the
** CSV, and a row read back (`pul sim merge`) has the figures it was written
** with, slot by slot; a row without one of the table's figures is refused,
** and so is one whose figure is not as the table says, naming the field.
*/
#include "game_util.h"
#include "sim.h"

static SimConfig config(void) {
    SimConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.nvariants = 1;
    snprintf(cfg.variants[0], SIM_NAME_MAX, "micropul");
    cfg.nbots = 1;
    snprintf(cfg.bots[0], SIM_SPEC_MAX, "random");
    cfg.games = 1;
    cfg.nshards = 1;
    return cfg;
}

/* A row whose every slot of every figure holds a value of its own. */
static SimRow sample_row(const PulMetricInfo *t, int nt) {
    SimRow r;
    memset(&r, 0, sizeof r);
    r.seats = 2;
    r.scores[0] = 12;
    r.scores[1] = 9;
    r.winners = 1u;
    r.end_reason = PUL_END_CORE_EMPTY;
    r.loser = -1;
    r.turns = 40;
    for (int i = 0; i < nt; i++)
        for (int k = 0; k < t[i].n; k++) r.m[t[i].first + k] = 100 * (i + 1) + k;
    return r;
}

static char *slurp(FILE *f) {
    long n = ftell(f);
    rewind(f);
    char *s = calloc((size_t)n + 1, 1);
    CHECK(s && fread(s, 1, (size_t)n, f) == (size_t)n);
    fclose(f);
    return s;
}

static void test_rows_follow_the_table(void) {
    PulVariant *v = micropul_with(NULL);
    CHECK(v != NULL);
    if (!v) return;
    PulVariant *vs[] = {v};
    const PulTileSet *ts = pul_variant_tileset(v);
    const PulMetricInfo *t;
    int nt = pul_variant_metrics(v, &t);
    CHECK(nt > 0);
    SimConfig cfg = config();
    SimRow r = sample_row(t, nt);
    const char *bots[] = {"random", "random"};

    FILE *f = tmpfile();
    sim_row_write_json(f, &r, "micropul", v, bots);
    char *json = slurp(f);
    for (int i = 0; i < nt; i++) {
        char field[PUL_NAME_MAX + 8];
        snprintf(field, sizeof field, "\"%s\":", t[i].key);
        CHECK(strstr(json, field) != NULL);
    }

    /* Read back: every slot the row shows comes back as written. */
    SimRow back;
    char why[256] = "";
    CHECK(sim_row_parse(json, &cfg, vs, &back, why, sizeof why));
    if (why[0]) fprintf(stderr, "%s\n", why);
    for (int i = 0; i < nt; i++)
        for (int k = 0; k < t[i].n; k++) {
            bool shown = t[i].kind != PUL_METRIC_PER_FEATURE ||
                         (k < ts->nfeatures &&
                          (t[i].feature_class < 0 || ts->feature[k].cls == t[i].feature_class));
            CHECK_INT(back.m[t[i].first + k], shown ? r.m[t[i].first + k] : 0);
        }

    /* A row without the table's last figure is refused, naming it. */
    char *cut = strstr(json, t[nt - 1].key);
    CHECK(cut != NULL && cut[-2] == ',');
    snprintf(cut - 2, 3, "}\n");
    CHECK(!sim_row_parse(json, &cfg, vs, &back, why, sizeof why));
    CHECK(strstr(why, t[nt - 1].key) != NULL);
    free(json);

    /* CSV: a column per figure, or one per feature it shows. */
    SimCsvLayout *l = calloc(1, sizeof *l);
    CHECK(l != NULL);
    sim_csv_layout(l, 1, vs, 2);
    f = tmpfile();
    sim_row_write_csv_header(f, l);
    char *csv = slurp(f);
    for (int i = 0; i < nt; i++) {
        char col[PUL_NAME_MAX + 8];
        snprintf(col, sizeof col, t[i].kind == PUL_METRIC_PER_FEATURE ? ",%s_" : ",%s", t[i].key);
        CHECK(strstr(csv, col) != NULL);
    }
    free(csv);
    free(l);
    pul_variant_free(v);
}

/* line with its first `from` replaced by `to` must be refused, saying `why_has`. */
static void refused(const char *line, const SimConfig *cfg, PulVariant *const *vs,
                    const char *from, const char *to, const char *why_has) {
    char edited[4096];
    const char *at = strstr(line, from);
    CHECK(at != NULL && strlen(line) + strlen(to) < sizeof edited);
    if (!at || strlen(line) + strlen(to) >= sizeof edited) return;
    snprintf(edited, sizeof edited, "%.*s%s%s", (int)(at - line), line, to, at + strlen(from));
    SimRow back;
    char why[256] = "";
    CHECK(!sim_row_parse(edited, cfg, vs, &back, why, sizeof why));
    if (!strstr(why, why_has)) fprintf(stderr, "why: %s\nexpected: %s\n", why, why_has);
    CHECK(strstr(why, why_has) != NULL);
}

/* A row read back is refused when a figure is not as its table says, and
** the reason names the field (and the feature) that is wrong. */
static void test_malformed_figures(void) {
    PulVariant *v = micropul_with(NULL);
    CHECK(v != NULL);
    if (!v) return;
    PulVariant *vs[] = {v};
    const PulMetricInfo *t;
    int nt = pul_variant_metrics(v, &t);
    SimConfig cfg = config();
    SimRow r = sample_row(t, nt);
    const char *bots[] = {"random", "random"};
    FILE *f = tmpfile();
    sim_row_write_json(f, &r, "micropul", v, bots);
    char *json = slurp(f);
    json[strcspn(json, "\n")] = '\0';
    refused(json, &cfg, vs, "\"draws\":", "\"drawz\":", "unknown field \"drawz\" in a row");
    refused(json, &cfg, vs, "\"index\":", "\"draws\":1,\"index\":",
            "unknown field \"draws\" before \"variant\" (a row's figures come after its variant");
    refused(json, &cfg, vs, "\"takes\":", "\"takes\":1,\"takes\":", "the field \"takes\" twice");
    refused(json, &cfg, vs, "\"closed_groups\":", "\"closed_groups\":-1,\"x\":",
            "out of range 0..1073741824 in the field \"closed_groups\"");
    refused(json, &cfg, vs, "\"closed_sizes\":[", "\"closed_sizes\":[x,",
            "expected a whole number in the field \"closed_sizes\"");
    /* a histogram longer than its slots */
    char longer[1024] = "\"closed_sizes\":[";
    for (int k = 0; k <= PUL_METRIC_SIZES; k++) strcat(longer, "0,");
    refused(json, &cfg, vs, "\"closed_sizes\":[", longer,
            "a list longer than 65 in the field \"closed_sizes\"");
    /* per feature: only the features of the figure's class, each once */
    const PulTileSet *ts = pul_variant_tileset(v);
    int colour = -1, catalyst = -1;
    for (int k = 0; k < ts->nfeatures; k++) {
        if (ts->feature[k].cls == PUL_FEATURE_MICROPUL && colour < 0) colour = k;
        if (ts->feature[k].cls == PUL_FEATURE_CATALYST && catalyst < 0) catalyst = k;
    }
    CHECK(colour >= 0 && catalyst >= 0);
    if (colour >= 0 && catalyst >= 0) {
        char from[64], to[64], why[160];
        snprintf(from, sizeof from, "\"activations\":{");
        snprintf(to, sizeof to, "\"activations\":{\"%s\":1,", ts->feature[colour].name);
        snprintf(why, sizeof why, "\"%s\" is not a feature of tile set %s that \"activations\" counts",
                 ts->feature[colour].name, ts->name);
        refused(json, &cfg, vs, from, to, why);
        snprintf(to, sizeof to, "\"activations\":{\"%s\":1,", ts->feature[catalyst].name);
        snprintf(why, sizeof why, "\"%s\" twice in the field \"activations\"",
                 ts->feature[catalyst].name);
        refused(json, &cfg, vs, from, to, why);
    }
    free(json);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_rows_follow_the_table);
    RUN(test_malformed_figures);
    return CHECK_DONE();
}
