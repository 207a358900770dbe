/*
** test_metrics.c: a family's figures of a game for the lab (pul.h's
** pul_variant_metrics, pul_game_tally, pul_game_tally_end): the table's slots
** are disjoint and fit, and a played game's figures agree with the game.
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
        for (int k = t[i].first; k < t[i].first + t[i].n && k < PUL_MAX_METRIC_SLOTS; k++) {
            CHECK(!used[k]);
            used[k] = true;
        }
        for (int j = 0; j < i; j++) CHECK(strcmp(t[i].key, t[j].key) != 0);
    }
    pul_variant_free(v);
}

/* Random games, counted action by action: every action is one placement,
** take, claim or pass; the closed groups are the histogram's sum; the tiles
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

int main(void) {
    RUN(test_table);
    RUN(test_tally);
    return CHECK_DONE();
}
