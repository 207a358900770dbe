/*
** test_edition_bots.c: the defaults an edition gives its bots (variant.yaml
** bots:). They reach PulVariantInfo.bots merged down the extends chain (a
** child's value replaces its parent's for that option alone), a bot made
** for the edition starts from them and shows them in its full spec, a
** spec's own values override them, and a bot with the edition's defaults
** chooses exactly as the same bot spelled out on the plain edition.
*/
#include "game_util.h"

/* An edition from its manifest's text; search_dirs as pul_variant_open's. */
static PulVariant *edition(const char *yaml, const char *name, const char *search_dirs) {
    PulError err;
    PulVariant *v = pul_variant_load_string(yaml, strlen(yaml), name, ".", search_dirs, &err);
    if (!v) fprintf(stderr, "  %s: %s\n", name, err.message);
    CHECK(v != NULL);
    return v;
}

static const char *spec_of(const PulVariant *v, const char *spec, char *out, size_t size) {
    PulError err;
    PulBot *b = pul_bot_new(v, spec, 1, &err);
    if (!b) fprintf(stderr, "  bot '%s': %s\n", spec, err.message);
    CHECK(b != NULL);
    snprintf(out, size, "%s", b ? pul_bot_spec(b) : "");
    pul_bot_free(b);
    return out;
}

static void test_merged_down_the_chain(void) {
    PulVariant *base = pul_variant_open("micropul", NULL, &(PulError){0});
    CHECK(base != NULL);
    if (base) CHECK_STR(pul_variant_info(base)->bots, "");
    pul_variant_free(base);

    /* The options in the bot's order, whatever the order written. */
    static const char parent[] = "name: tuned\n"
                                 "extends: micropul\n"
                                 "bots:\n"
                                 "  mcts: {depth: 1, samples: 2, iters: 1700}\n";
    PulVariant *p = edition(parent, "tuned.yaml", NULL);
    if (p) CHECK_STR(pul_variant_info(p)->bots, "mcts:iters=1700,depth=1,samples=2\n");
    pul_variant_free(p);

    /* A child of an edition on the search path (tests/variants/bots-tuned,
    ** the same bots: as above) names one option anew and adds one; the
    ** parent's third stays. */
    static const char child[] = "name: retuned\n"
                                "extends: bots-tuned\n"
                                "bots:\n"
                                "  mcts: {depth: 3, rollout: best}\n";
    PulVariant *c = edition(child, "retuned.yaml", "variants");
    if (!c) return;
    CHECK_STR(pul_variant_info(c)->bots, "mcts:iters=1700,rollout=best,depth=3,samples=2\n");
    char spec[256];
    CHECK_STR(spec_of(c, "mcts", spec, sizeof spec),
              "mcts:iters=1700,c=0.35,rollout=best,depth=3,widen=0.5,temp=6,judge=leaf,"
              "samples=2");
    pul_variant_free(c);
}

static void test_spec_overrides(void) {
    static const char yaml[] = "name: tuned\n"
                               "extends: micropul\n"
                               "bots:\n"
                               "  mcts:\n"
                               "    depth: 1\n"
                               "    samples: 2\n"
                               "  greedy:\n";
    PulVariant *v = edition(yaml, "tuned.yaml", NULL);
    if (!v) return;
    char spec[256];
    CHECK_STR(spec_of(v, "mcts", spec, sizeof spec),
              "mcts:iters=1000,c=0.35,rollout=greedy,depth=1,widen=0.5,temp=6,judge=leaf,"
              "samples=2");
    CHECK_STR(spec_of(v, "mcts:depth=4,samples=3,iters=20", spec, sizeof spec),
              "mcts:iters=20,c=0.35,rollout=greedy,depth=4,widen=0.5,temp=6,judge=leaf,"
              "samples=3");
    CHECK_STR(spec_of(v, "greedy", spec, sizeof spec), "greedy");
    /* A spec still may not name an option twice, edition or not. */
    PulError err;
    PulBot *b = pul_bot_new(v, "mcts:depth=2,depth=3", 1, &err);
    CHECK(b == NULL);
    CHECK_STR(err.code, "duplicate-key");
    pul_bot_free(b);
    pul_variant_free(v);
}

/* The edition's defaults are the spec's values by another road: the same
** choices, move by move, as the spelled-out spec on the plain edition. */
static void test_same_choices(void) {
    static const char yaml[] = "name: tuned\n"
                               "extends: micropul\n"
                               "bots: {mcts: {depth: 1, samples: 2, iters: 60}}\n";
    PulVariant *tuned = edition(yaml, "tuned.yaml", NULL);
    PulVariant *plain = pul_variant_open("micropul", NULL, &(PulError){0});
    CHECK(plain != NULL);
    if (!tuned || !plain) {
        pul_variant_free(tuned);
        pul_variant_free(plain);
        return;
    }
    PulError err;
    PulBot *a = pul_bot_new(tuned, "mcts", 7, &err);
    PulBot *b = pul_bot_new(plain, "mcts:depth=1,samples=2,iters=60", 7, &err);
    PulBot *d = pul_bot_new(plain, "mcts:iters=60", 7, &err);
    CHECK(a && b && d);
    PulGame *g = pul_game_new(plain);
    static PulObservation obs_store;
    PulObservation *obs = &obs_store;
    int differ_default = 0, moves = 0;
    CHECK_INT(pul_game_start(g, 2, 11, NULL, 0, &err), PUL_OK);
    for (; a && b && d && moves < 12 && !pul_game_over(g); moves++) {
        pul_observe(g, pul_game_to_move(g), obs);
        PulAction x, y, z;
        CHECK_INT(pul_bot_choose(a, obs, &x, &err), PUL_OK);
        CHECK_INT(pul_bot_choose(b, obs, &y, &err), PUL_OK);
        CHECK_INT(pul_bot_choose(d, obs, &z, &err), PUL_OK);
        CHECK(memcmp(&x, &y, sizeof x) == 0);
        CHECK_INT(pul_bot_iterations(a), 60);
        differ_default += memcmp(&x, &z, sizeof x) != 0;
        CHECK_INT(pul_apply(g, &x, NULL), PUL_LEGAL);
    }
    CHECK_INT(moves, 12);
    /* The defaults did change the search: the kind's own play differs. */
    CHECK(differ_default > 0);
    pul_game_free(g);
    pul_bot_free(a);
    pul_bot_free(b);
    pul_bot_free(d);
    pul_variant_free(tuned);
    pul_variant_free(plain);
}

int main(void) {
    RUN(test_merged_down_the_chain);
    RUN(test_spec_overrides);
    RUN(test_same_choices);
    return CHECK_DONE();
}
