/*
** test_metrics.c: a family's figures of a game for the lab (pul.h's
** pul_variant_metrics, pul_game_tally, pul_game_tally_end): the table's slots
** are disjoint and fit, and a played game's figures agree with the game;
** and what differs between the pieces of two variants
** (pul_variant_piece_changes), the A/B report's words for them.
*/
#include "game_util.h"

static const PulMetricInfo *find(const PulMetricInfo *t, int n, const char *key) {
    for (int i = 0; i < n; i++)
        if (strcmp(t[i].key, key) == 0) return &t[i];
    fprintf(stderr, "no figure '%s'\n", key);
    CHECK(false);
    return NULL;
}

static void test_table(void) {
    PulVariant *v = micropul_with(NULL);
    const PulMetricInfo *t;
    int n = pul_variant_metrics(v, &t);
    CHECK(n > 0);
    bool used[PUL_MAX_METRIC_SLOTS] = {false};
    for (int i = 0; i < n; i++) {
        CHECK(t[i].key && t[i].label && t[i].help && t[i].key[0] && t[i].help[0]);
        CHECK(t[i].kind >= PUL_METRIC_COUNT && t[i].kind <= PUL_METRIC_HISTOGRAM);
        CHECK(t[i].n >= 1 && (t[i].kind != PUL_METRIC_COUNT || t[i].n == 1));
        CHECK(t[i].kind != PUL_METRIC_PER_FEATURE || t[i].n == PUL_MAX_FEATURES);
        CHECK(t[i].first >= 0 && t[i].first + t[i].n <= PUL_MAX_METRIC_SLOTS);
        CHECK((t[i].flags & ~(PUL_METRIC_ROWS_ONLY | PUL_METRIC_ACTION)) == 0);
        CHECK(!(t[i].flags & PUL_METRIC_ACTION) || t[i].kind == PUL_METRIC_COUNT);
        /* a figure the report gives a section has its words; a histogram's
        ** total is a count the summary shows */
        bool section = t[i].kind != PUL_METRIC_COUNT && !(t[i].flags & PUL_METRIC_ROWS_ONLY);
        if (section) {
            CHECK(t[i].title && t[i].note && t[i].chart && t[i].unit && t[i].empty);
            CHECK(t[i].note && t[i].note[strlen(t[i].note) - 1] != '.');
        }
        if (section && t[i].kind == PUL_METRIC_HISTOGRAM) {
            CHECK(t[i].bins != NULL);
            const PulMetricInfo *total = t[i].total ? find(t, n, t[i].total) : NULL;
            CHECK(total && total->kind == PUL_METRIC_COUNT &&
                  !(total->flags & PUL_METRIC_ROWS_ONLY) && total->title);
        }
        CHECK(t[i].feature_class >= -1 && t[i].feature_class <= PUL_FEATURE_CATALYST);
        CHECK(t[i].kind == PUL_METRIC_PER_FEATURE || t[i].feature_class == -1);
        for (int k = t[i].first; k < t[i].first + t[i].n && k < PUL_MAX_METRIC_SLOTS; k++) {
            CHECK(!used[k]);
            used[k] = true;
        }
        for (int j = 0; j < i; j++) CHECK(strcmp(t[i].key, t[j].key) != 0);
    }
    pul_variant_free(v);
}

/* Random games, counted action by action: every action is one placement,
** take, claim or pass (the table's ACTION counts); the closed groups are the histogram's sum; the tiles
** placed and left in the core are the game's. */
static void test_tally(void) {
    PulVariant *v = micropul_with(NULL);
    const PulMetricInfo *t;
    int n = pul_variant_metrics(v, &t);
    const PulMetricInfo *place = find(t, n, "placements"), *take = find(t, n, "takes"),
                        *claim = find(t, n, "claims"), *pass = find(t, n, "passes"),
                        *groups = find(t, n, "closed_groups"), *sizes = find(t, n, "closed_sizes"),
                        *left = find(t, n, "tiles_left"), *act = find(t, n, "activations");
    if (!place || !take || !claim || !pass || !groups || !sizes || !left || !act) return;
    PulGame *g = pul_game_new(v);
    PulRng rng;
    pul_rng_seed(&rng, 3);
    int activations = 0;
    for (int game = 0; game < 40; game++) {
        PulError err;
        CHECK_INT(pul_game_start(g, 2, (uint64_t)game, NULL, 0, &err), PUL_OK);
        int32_t m[PUL_MAX_METRIC_SLOTS] = {0};
        PulAction a;
        PulEvents ev;
        while (!pul_game_over(g) && pul_random_action(g, &rng, &a)) {
            CHECK_INT(pul_apply(g, &a, &ev), PUL_LEGAL);
            pul_game_tally(g, &ev, m);
        }
        pul_game_tally_end(g, m);
        CHECK_INT(m[place->first] + m[take->first] + m[claim->first] + m[pass->first],
                  pul_game_turns(g));
        int actions = 0;
        for (int i = 0; i < n; i++)
            if (t[i].flags & PUL_METRIC_ACTION) actions += m[t[i].first];
        CHECK_INT(actions, pul_game_turns(g));
        CHECK_INT(m[place->first] + 1, pul_game_placed(g, NULL, 0));
        long sum = 0;
        for (int k = 0; k < sizes->n; k++) sum += m[sizes->first + k];
        CHECK_INT(sum, m[groups->first]);
        CHECK_INT(m[left->first], pul_game_core_count(g));
        for (int k = 0; k < act->n; k++) activations += m[act->first + k];
    }
    CHECK(activations > 0);
    pul_game_free(g);
    pul_variant_free(v);
}

/* What differs between the pieces of two variants, in the family's words:
** nothing between a variant and itself; a catalyst that draws more, a
** feature only one side has, and tiles that differ, each once. */
static void test_piece_changes(void) {
    PulVariant *a = micropul_with(NULL);
    if (!a) return;
    PulPieceChange pc[8];
    CHECK_INT(pul_variant_piece_changes(a, a, pc, 8), 0);
    PulTileSet ts = *pul_variant_tileset(a);
    ts.feature[F_ONE].draw++;
    snprintf(ts.feature[F_CROSS].name, PUL_NAME_MAX, "star");
    ts.tile[1].quad[0] = ts.tile[1].quad[0] == F_WHITE ? F_BLACK : F_WHITE;
    PulError err;
    PulVariant *b = pul_variant_new("changed", &ts, NULL, &err);
    CHECK(b != NULL);
    if (b) {
        int n = pul_variant_piece_changes(a, b, pc, 8);
        CHECK_INT(n, 4);
        /* one-dot draws one more; cross is gone and star is new (the tiles
        ** that showed cross show star: they differ by name, as tile 1 does) */
        char one[64];
        snprintf(one, sizeof one, "catalyst, draw %d", ts.feature[F_ONE].draw);
        CHECK(n >= 4 && strcmp(pc[0].kind, "feature") == 0 && strcmp(pc[0].b, one) == 0);
        CHECK(n >= 4 && strcmp(pc[0].name, ts.feature[F_ONE].name) == 0);
        CHECK(n >= 4 && strcmp(pc[1].name, "cross") == 0 && pc[1].a[0] && !pc[1].b[0]);
        CHECK(n >= 4 && strcmp(pc[2].name, "star") == 0 && !pc[2].a[0] &&
              strcmp(pc[2].b, pc[1].a) == 0);
        int cross = 0;
        for (int t = 0; t < ts.ntiles; t++) {
            bool has = ts.tile[t].big && ts.tile[t].centre == F_CROSS;
            for (int q = 0; q < 4; q++) has |= ts.tile[t].quad[q] == F_CROSS;
            cross += has || t == 1;
        }
        char differ[64];
        snprintf(differ, sizeof differ, "(%d of them differ from A's)", cross);
        CHECK(n >= 4 && strcmp(pc[3].kind, "tiles") == 0 && strstr(pc[3].b, differ));
        CHECK_INT(pul_variant_piece_changes(a, b, pc, 2), 2); /* max kept */
        pul_variant_free(b);
    }
    pul_variant_free(a);
}

int main(void) {
    RUN(test_table);
    RUN(test_tally);
    RUN(test_piece_changes);
    return CHECK_DONE();
}
