/*
** test_services.c: what the engine answers so that the tools need no rules
** of their own: did-you-mean, seat range and rule parameters by variant,
** the board's bounds, the referee's family fields and a refusal's wording.
*/
#include "game_util.h"

static void test_suggest(void) {
    static const char *const names[] = {"referee", "replay", "render"};
    CHECK_STR(pul_text_suggest("refere", 6, names, 3), "referee");
    CHECK_STR(pul_text_suggest("REPLAY", 6, names, 3), "replay");
    CHECK(pul_text_suggest("x", 1, names, 3) == NULL);
    CHECK(pul_text_suggest("zzzzzz", 6, names, 3) == NULL);
    CHECK(pul_text_suggest("render", 6, names, 0) == NULL);
}

static void test_players_and_rules(void) {
    PulVariant *v = open_edition("micropul", NULL);
    PulVariant *solo = open_edition("micropul-solo", NULL);
    if (!v || !solo) return;
    int min = -1, max = -1;
    pul_variant_players(v, &min, &max);
    CHECK_INT(min, pul_variant_rules(v)->min_players);
    CHECK_INT(max, pul_variant_rules(v)->max_players);
    pul_variant_players(solo, &min, NULL);
    pul_variant_players(solo, NULL, &max);
    CHECK_INT(min, 1);
    CHECK_INT(max, 1);
    PulRules base;
    pul_rules_default(&base);
    CHECK_INT(pul_variant_nparams(v), pul_rules_nparams());
    int differ = 0;
    for (int i = 0; i < pul_variant_nparams(solo); i++) {
        CHECK(pul_variant_param(solo, i) == pul_rules_param(i));
        CHECK_INT(pul_variant_rule(solo, i), pul_rules_get(pul_variant_rules(solo), i));
        CHECK_INT(pul_variant_rule_default(solo, i), pul_rules_get(&base, i));
        differ += pul_variant_rule(solo, i) != pul_variant_rule_default(solo, i);
    }
    CHECK(differ > 0); /* the solo edition is for one player */
    CHECK(pul_variant_param(v, -1) == NULL);
    CHECK(pul_variant_param(v, pul_variant_nparams(v)) == NULL);
    PulGame *g = pul_game_new(v);
    PulError err;
    CHECK_INT(pul_game_start(g, 2, 7, NULL, 0, &err), PUL_OK);
    int limit = pul_rules_param_find("hand_limit");
    CHECK_INT(pul_game_rule(g, limit), pul_game_rules(g)->hand_limit);
    pul_game_free(g);
    pul_variant_free(solo);
    pul_variant_free(v);
}

/* The bounds are the placed tiles' box, after every move of random games. */
static void test_bounds(void) {
    PulVariant *v = open_edition("micropul", NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v);
    PulBounds b = {1, 2, 3, 4};
    CHECK(!pul_game_bounds(g, &b)); /* not started: nothing placed */
    CHECK(b.minx == 1 && b.miny == 2 && b.maxx == 3 && b.maxy == 4);
    for (int k = 0; k < 5; k++) {
        PulError err;
        CHECK_INT(pul_game_start(g, 2, 50 + (uint64_t)k, NULL, 0, &err), PUL_OK);
        PulRng rng;
        pul_rng_seed(&rng, (uint64_t)k);
        PulAction a;
        do {
            PulPlaced placed[PUL_MAX_TILES];
            int n = pul_game_placed(g, placed, PUL_MAX_TILES);
            PulBounds want = {placed[0].x, placed[0].y, placed[0].x, placed[0].y};
            for (int i = 1; i < n; i++) {
                if (placed[i].x < want.minx) want.minx = placed[i].x;
                if (placed[i].x > want.maxx) want.maxx = placed[i].x;
                if (placed[i].y < want.miny) want.miny = placed[i].y;
                if (placed[i].y > want.maxy) want.maxy = placed[i].y;
            }
            CHECK(pul_game_bounds(g, &b));
            CHECK(memcmp(&b, &want, sizeof b) == 0);
        } while (!pul_game_over(g) && pul_random_action(g, &rng, &a) &&
                 pul_apply(g, &a, NULL) == PUL_LEGAL);
    }
    pul_game_free(g);
    pul_variant_free(v);
}

/* The referee's fields of Micropul: draws and an extra turn from the events,
** the core left; the scores at the end; the hand limit in hand_full's words. */
static void test_referee_fields(void) {
    PulVariant *v = open_edition("micropul", NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v);
    PulError err;
    CHECK_INT(pul_game_start(g, 2, 3, NULL, 0, &err), PUL_OK);
    PulEvents ev = {0};
    ev.n = 3;
    ev.ev[0].kind = PUL_EV_DREW;
    ev.ev[0].count = 2;
    ev.ev[1].kind = PUL_EV_DREW;
    ev.ev[1].count = 1;
    ev.ev[2].kind = PUL_EV_EXTRA_TURN;
    char buf[128], want[128];
    int core = pul_game_core_count(g);
    snprintf(want, sizeof want, ",\"drawn\":3,\"extra_turn\":true,\"core\":%d", core);
    CHECK_INT(pul_referee_fields(g, &ev, PUL_LEGAL, buf, sizeof buf), strlen(want));
    CHECK_STR(buf, want);
    /* A refused move drew nothing, whatever ev holds. */
    snprintf(want, sizeof want, ",\"drawn\":0,\"extra_turn\":false,\"core\":%d", core);
    pul_referee_fields(g, &ev, PUL_R_OCCUPIED, buf, sizeof buf);
    CHECK_STR(buf, want);
    /* snprintf-like: the length needed, the text cut. */
    char small[8];
    CHECK_INT(pul_referee_fields(g, &ev, PUL_R_OCCUPIED, small, sizeof small), strlen(want));
    CHECK_STR(small, ",\"drawn");
    CHECK_INT(pul_referee_fields(g, &ev, PUL_R_OCCUPIED, NULL, 0), strlen(want));
    int scores[PUL_MAX_SEATS];
    pul_game_scores(g, scores, PUL_MAX_SEATS);
    snprintf(want, sizeof want, ",\"scores\":[%d,%d]", scores[0], scores[1]);
    CHECK_INT(pul_referee_final_fields(g, buf, sizeof buf), strlen(want));
    CHECK_STR(buf, want);
    char text[512], explain[512];
    int n = pul_reason_text(g, PUL_R_HAND_FULL, text, sizeof text);
    CHECK_INT(n, strlen(text));
    CHECK_STR(text, pul_reason_explain(g, PUL_R_HAND_FULL, PUL_LANG_EN, explain, sizeof explain));
    CHECK(strstr(text, "6") != NULL); /* the hand limit of the rules */
    pul_game_free(g);
    pul_variant_free(v);
}

/* Two games dealt alike: the same core order and hands. */
static bool same_deal(const PulGame *a, const PulGame *b) {
    uint8_t x[PUL_MAX_TILES], y[PUL_MAX_TILES];
    int n = pul_game_core_initial(a, x, PUL_MAX_TILES);
    if (n != pul_game_core_initial(b, y, PUL_MAX_TILES) || memcmp(x, y, (size_t)n) != 0)
        return false;
    for (int s = 0; s < pul_game_seats(a); s++) {
        n = pul_game_hand(a, s, x, PUL_MAX_TILES);
        if (n != pul_game_hand(b, s, y, PUL_MAX_TILES) || memcmp(x, y, (size_t)n) != 0) return false;
    }
    return pul_game_core_count(a) == pul_game_core_count(b);
}

/* A record's deal tag comes from the family and starts the same game. */
static void test_deal_tags(void) {
    PulVariant *v = open_edition("micropul", NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v), *again = pul_game_new(v);
    PulRecord *r = pul_record_new();
    PulError err;
    CHECK_INT(pul_game_start(g, 2, 99, NULL, 0, &err), PUL_OK);
    CHECK_INT(pul_record_from_start(r, g), PUL_OK);
    CHECK_INT(pul_record_ntags(r), 4);
    CHECK_STR(pul_record_tag_name(r, 2), "Core");
    uint8_t core[PUL_MAX_TILES];
    int n = pul_game_core_initial(g, core, PUL_MAX_TILES);
    char want[PUL_MAX_TILES * 4] = "";
    for (int i = 0; i < n; i++)
        snprintf(want + strlen(want), sizeof want - strlen(want), i ? " %d" : "%d", core[i]);
    CHECK_STR(pul_record_tag(r, "Core"), want);
    CHECK_INT(pul_record_start_game(r, again, &err), PUL_OK);
    CHECK(same_deal(g, again));
    /* A bad Core is refused at its tag, a missing one shuffles from Seed. */
    CHECK_INT(pul_record_set_tag(r, "Core", "1 1"), PUL_OK);
    CHECK_INT(pul_record_start_game(r, again, &err), PUL_ERR_SCHEMA);
    CHECK_STR(err.code, "pmn-tag");
    CHECK_INT(pul_record_set_tag(r, "Core", NULL), PUL_OK);
    CHECK_INT(pul_record_start_game(r, again, &err), PUL_OK);
    CHECK(same_deal(g, again));
    pul_record_free(r);
    pul_game_free(again);
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_suggest);
    RUN(test_players_and_rules);
    RUN(test_bounds);
    RUN(test_referee_fields);
    RUN(test_deal_tags);
    return CHECK_DONE();
}
