/*
** test_editions.c: every shipped edition, and the three-colour test edition,
** loads by name and plays random games to the end under each seat count it
** allows, with every tile accounted for after every action and the
** incremental score equal to a recount at the end.
*/
#include <stdlib.h>
#include <string.h>

#include "game_util.h"

enum { GAMES = 150 };

typedef struct {
    long actions, draws, extra_turns, games_over;
    long by_feature[PUL_MAX_FEATURES]; /* activations */
} Tally;

static void play(const PulVariant *v, int nseats, uint64_t seed, Tally *t, const char *what) {
    PulGame *g = pul_game_new(v);
    PulError err;
    CHECK(g != NULL);
    if (!g) return;
    CHECK_INT(pul_game_start(g, nseats, seed, NULL, 0, &err), PUL_OK);
    PulRng rng;
    pul_rng_seed(&rng, seed * 7919 + 1);
    PulAction a;
    PulEvents ev;
    int steps = 0;
    while (!pul_game_over(g) && steps++ < 2000) {
        if (!pul_random_action(g, &rng, &a)) break;
        PulReason r = pul_apply(g, &a, &ev);
        CHECK_INT(r, PUL_LEGAL);
        if (r != PUL_LEGAL) break;
        t->actions++;
        for (int i = 0; i < ev.n; i++) {
            if (ev.ev[i].kind == PUL_EV_DREW) t->draws += ev.ev[i].count;
            if (ev.ev[i].kind == PUL_EV_EXTRA_TURN) t->extra_turns++;
            if (ev.ev[i].kind == PUL_EV_ACTIVATED) t->by_feature[ev.ev[i].feature]++;
        }
        CHECK(tiles_conserved(g, what));
    }
    CHECK(pul_game_over(g));
    if (pul_game_over(g)) t->games_over++;
    int inc[PUL_MAX_SEATS], re[PUL_MAX_SEATS];
    pul_game_scores(g, inc, PUL_MAX_SEATS);
    pul_game_scores_recount(g, re, PUL_MAX_SEATS);
    for (int s = 0; s < nseats; s++) CHECK_INT(inc[s], re[s]);
    pul_game_free(g);
}

/* Open name, play GAMES games per allowed seat count; returns the tally. */
static PulVariant *play_edition(const char *name, const char *search, Tally *t) {
    PulVariant *v = open_edition(name, search);
    if (!v) return NULL;
    CHECK_STR(pul_variant_name(v), strrchr(name, '/') ? strrchr(name, '/') + 1 : name);
    CHECK(pul_variant_theme(v) != NULL);
    const PulRules *r = pul_variant_rules(v);
    memset(t, 0, sizeof *t);
    long want = 0;
    for (int seats = r->min_players; seats <= r->max_players; seats++)
        for (int i = 0; i < GAMES; i++, want++) play(v, seats, (uint64_t)(i + 1), t, name);
    CHECK_INT(t->games_over, want);
    printf("  %-18s %ld games, %ld actions, %ld tiles drawn, %ld extra turns\n", name, want,
           t->actions, t->draws, t->extra_turns);
    return v;
}

static int feature_named(const PulVariant *v, const char *name) {
    const PulTileSet *ts = pul_variant_tileset(v);
    for (int f = 0; f < ts->nfeatures; f++)
        if (strcmp(ts->feature[f].name, name) == 0) return f;
    return -1;
}

static void test_shipped(void) {
    Tally t;
    const char *names[] = {"micropul", "micropul-solo", "farmopul", "simpler-placement"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        PulVariant *v = play_edition(names[i], NULL, &t);
        if (!v) continue;
        const PulRules *r = pul_variant_rules(v);
        const PulVariantInfo *info = pul_variant_info(v);
        /* What each edition is: its rule differences from the base. */
        if (strcmp(names[i], "micropul-solo") == 0) {
            CHECK_INT(r->min_players, 1);
            CHECK_INT(r->max_players, 1);
            CHECK_INT(t.extra_turns, 0); /* the cross does nothing solo */
            CHECK_STR(info->extends, "micropul");
        } else if (strcmp(names[i], "farmopul") == 0) {
            CHECK(!r->extra_turn_chains);
            CHECK_INT(r->merged_scoring, PUL_MERGED_SCORE_ONE_OWNER);
            CHECK_STR(pul_variant_theme(v)->name, "farmopul");
            CHECK(strstr(info->theme_file, "farmopul/theme.yaml") != NULL);
        } else if (strcmp(names[i], "simpler-placement") == 0) {
            CHECK(!r->rule1_attachment);
            CHECK(r->rule2_colours);
        } else {
            CHECK_INT(r->min_players, 1);
            CHECK_INT(r->max_players, 2);
            CHECK(r->extra_turn_chains);
            CHECK(t.extra_turns > 0);
        }
        for (int l = 0; l < PUL_NLANGS; l++) CHECK(pul_variant_title(v, l)[0] != '\0');
        pul_variant_free(v);
    }
}

/* The test edition: three colours, a catalyst that draws 3, hands of 5. */
static void test_tricolour(void) {
    Tally t;
    PulVariant *v = play_edition("tricolour", NULL, &t);
    if (!v) return;
    const PulTileSet *ts = pul_variant_tileset(v);
    int colours = 0;
    for (int f = 0; f < ts->nfeatures; f++) colours += ts->feature[f].cls == PUL_FEATURE_MICROPUL;
    CHECK_INT(colours, 3);
    int three = feature_named(v, "three-dot");
    CHECK(three >= 0);
    if (three >= 0) {
        CHECK_INT(ts->feature[three].draw, 3);
        CHECK(t.by_feature[three] > 0); /* it fired */
    }
    CHECK_INT(pul_variant_rules(v)->hand_size, 5);
    CHECK_INT(pul_variant_rules(v)->stones, 4);
    /* A game's first hands are 5 tiles. */
    PulGame *g = pul_game_new(v);
    PulError err;
    uint8_t hand[PUL_MAX_HAND];
    if (g && pul_game_start(g, 2, 9, NULL, 0, &err) == PUL_OK)
        CHECK_INT(pul_game_hand(g, 0, hand, PUL_MAX_HAND), 5);
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    /* The tests run in tests/: ./variants is tests/variants (the test
    ** edition), and ctest puts the shipped ones on PUL_PATH. */
    RUN(test_shipped);
    RUN(test_tricolour);
    return CHECK_DONE();
}
