/*
** test_words.c: the engine's words for people: refusals explained in an
** edition's words and four languages (pul_reason_explain), and each seat's
** score broken down (pul_game_score_parts) as the end screens print it.
*/
#include "game_util.h"

static bool has(const char *text, const char *part) {
    return strstr(text, part) != NULL;
}

/* Farmopul's refusals name fields and soil, farmers and farms, never micropul. */
static void test_farmopul_words(void) {
    PulVariant *v = open_edition("farmopul", NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v);
    PulError err;
    CHECK(pul_game_start(g, 2, 1, NULL, 0, &err) == PUL_OK);
    static const char *const fields[PUL_NLANGS][2] = {
        {"field", "soil"}, {"畑", "土壌"}, {"champ", "terreau"}, {"campo", "tierra"}};
    static const char *const farmer[PUL_NLANGS] = {"farmer", "農夫", "fermier", "granjero"};
    char buf[512];
    for (int lang = 0; lang < PUL_NLANGS; lang++) {
        for (int r = PUL_LEGAL; r < PUL_R_COUNT; r++) {
            pul_reason_explain(g, (PulReason)r, lang, buf, sizeof buf);
            CHECK(strlen(buf) > 8);
            CHECK(!has(buf, "micropul") && !has(buf, "マイクロプル") && !has(buf, "{"));
        }
        for (int r = PUL_R_NO_ATTACHMENT; r <= PUL_R_COLOUR_CONFLICT; r++) {
            pul_reason_explain(g, (PulReason)r, lang, buf, sizeof buf);
            CHECK(has(buf, fields[lang][0]) && has(buf, fields[lang][1]));
            CHECK(has(buf, r == PUL_R_NO_ATTACHMENT ? "1" : "2"));
        }
        pul_reason_explain(g, PUL_R_NOT_MICROPUL, lang, buf, sizeof buf);
        CHECK(has(buf, fields[lang][0]) && has(buf, fields[lang][1]));
        pul_reason_explain(g, PUL_R_NO_STONES, lang, buf, sizeof buf);
        CHECK(has(buf, farmer[lang]));
        pul_reason_explain(g, PUL_R_HAND_FULL, lang, buf, sizeof buf);
        CHECK(has(buf, "6"));
    }
    CHECK_STR(pul_reason_explain(g, PUL_R_COLOUR_CONFLICT, PUL_LANG_EN, buf, sizeof buf),
              "rule 2: where tiles touch, only like may meet like (field to field, soil to "
              "soil), and here two different ones would touch");
    CHECK_STR(pul_reason_explain(g, PUL_R_NOT_MICROPUL, PUL_LANG_FR, buf, sizeof buf),
              "il n'y a ni champ ni terreau dans ce quart");
    pul_game_free(g);
    pul_variant_free(v);
}

/* Three kinds (tricolour) are all listed; no game gives Micropul's words;
** a short buffer is cut, ended, never overrun. */
static void test_kinds_and_limits(void) {
    PulVariant *v = open_edition("../tests/variants/tricolour", NULL);
    char buf[512];
    if (v) {
        PulGame *g = pul_game_new(v);
        PulError err;
        CHECK(pul_game_start(g, 2, 1, NULL, 0, &err) == PUL_OK);
        CHECK_STR(pul_reason_explain(g, PUL_R_NOT_MICROPUL, PUL_LANG_ES, buf, sizeof buf),
                  "no hay micropul rojo ni micropul verde ni micropul azul en ese cuadrante");
        pul_game_free(g);
        pul_variant_free(v);
    }
    CHECK_STR(pul_reason_explain(NULL, PUL_R_NO_ATTACHMENT, PUL_LANG_EN, buf, sizeof buf),
              "rule 1: a new tile must touch a placed tile like to like (white micropul to white "
              "micropul, black micropul to black micropul) at least once, and this one does not");
    CHECK_STR(pul_reason_explain(NULL, PUL_R_NO_STONES, PUL_LANG_JA, buf, sizeof buf),
              "マーカーが残っていません");
    CHECK_STR(pul_reason_explain(NULL, PUL_R_OCCUPIED, 99, buf, sizeof buf),
              "that cell already holds a tile");
    CHECK_STR(pul_reason_explain(NULL, (PulReason)999, PUL_LANG_EN, buf, sizeof buf),
              pul_reason_explain(NULL, PUL_R_BAD_ACTION, PUL_LANG_EN, buf + 256, 256));
    char small[8];
    memset(small, 'x', sizeof small);
    pul_reason_explain(NULL, PUL_R_NO_ATTACHMENT, PUL_LANG_EN, small, sizeof small);
    CHECK_STR(small, "rule 1:");
    pul_reason_explain(NULL, PUL_R_NO_ATTACHMENT, PUL_LANG_EN, small, 1);
    CHECK_STR(small, "");
    CHECK(pul_reason_explain(NULL, PUL_R_NO_ATTACHMENT, PUL_LANG_EN, NULL, 0) == NULL);
}

/* Genial's refusals, with no Genial theme to name the rack and the bag, use
** the plain names in each language, every placeholder filled. */
static void test_genial_plain_words(void) {
    char buf[512];
    CHECK_STR(pul_reason_explain(NULL, PUL_R_NOT_IN_RACK, PUL_LANG_EN, buf, sizeof buf),
              "that tile is not on your rack");
    CHECK_STR(pul_reason_explain(NULL, PUL_R_NO_SWAP, PUL_LANG_JA, buf, sizeof buf),
              "今はラックを交換できません");
    CHECK_STR(pul_reason_explain(NULL, PUL_R_BAD_DRAW, PUL_LANG_FR, buf, sizeof buf),
              "ces tuiles ne sont pas celles que les règles font tirer du sac (sac)");
    CHECK_STR(pul_reason_explain(NULL, PUL_R_REFILL_DUE, PUL_LANG_ES, buf, sizeof buf),
              "ahora debes reponer o cambiar tu atril");
    for (int lang = 0; lang < PUL_NLANGS; lang++)
        for (int r = PUL_R_REFILL_DUE; r < PUL_R_COUNT; r++) {
            pul_reason_explain(NULL, (PulReason)r, lang, buf, sizeof buf);
            CHECK(strlen(buf) > 8 && !has(buf, "{"));
        }
}

/* Random games to the end: each seat's parts add up to its score, and
** scripts are what the hooks gave beyond the rules' recount. */
static void check_breakdowns(const char *edition, int nseats, int games, bool want_scripts) {
    PulVariant *v = open_edition(edition, NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v);
    int seen_scripts = 0, seen_tiles = 0;
    for (int k = 0; k < games; k++) {
        PulError err;
        if (pul_game_start(g, nseats, 100 + (uint64_t)k, NULL, 0, &err) != PUL_OK) {
            CHECK(false);
            break;
        }
        PulRng rng;
        pul_rng_seed(&rng, (uint64_t)k);
        PulAction a;
        while (!pul_game_over(g) && pul_random_action(g, &rng, &a))
            CHECK_INT(pul_apply(g, &a, NULL), PUL_LEGAL);
        int scores[PUL_MAX_SEATS], by_rules[PUL_MAX_SEATS];
        pul_game_scores(g, scores, PUL_MAX_SEATS);
        pul_game_scores_recount(g, by_rules, PUL_MAX_SEATS);
        const PulRules *rules = pul_game_rules(g);
        for (int s = 0; s < nseats; s++) {
            PulScorePart part[PUL_SCORE_PARTS_MAX];
            uint8_t tiles[PUL_MAX_TILES];
            int n = pul_game_score_parts(g, s, part, PUL_SCORE_PARTS_MAX);
            CHECK(n == 3 || n == 4);
            CHECK_INT(part[0].kind, PUL_SCORE_GROUPS);
            CHECK_INT(part[1].kind, PUL_SCORE_SUPPLY);
            CHECK_INT(part[2].kind, PUL_SCORE_HAND);
            int scripts = 0, total = 0;
            if (n == 4) {
                CHECK_INT(part[3].kind, PUL_SCORE_SCRIPTS);
                CHECK(part[3].points != 0); /* a scripts part only when they gave something */
                scripts = part[3].points;
            }
            for (int i = 0; i < n; i++) total += part[i].points;
            CHECK_INT(total, scores[s]);
            CHECK_INT(part[0].points, by_rules[s] - part[1].points - part[2].points);
            CHECK_INT(scripts, scores[s] - by_rules[s]);
            CHECK_INT(part[1].count, pul_game_supply(g, s, tiles, PUL_MAX_TILES));
            CHECK_INT(part[2].count, pul_game_hand(g, s, tiles, PUL_MAX_TILES));
            CHECK_INT(part[1].points, part[1].count * rules->points_supply);
            CHECK_INT(part[2].points, part[2].count * rules->points_hand);
            seen_scripts += scripts != 0;
            seen_tiles += part[1].count + part[2].count > 0;
            /* A short buffer gets what fits; the count says how many there are. */
            PulScorePart one[1];
            CHECK_INT(pul_game_score_parts(g, s, one, 1), n);
            CHECK_INT(one[0].kind, PUL_SCORE_GROUPS);
        }
    }
    PulScorePart none[PUL_SCORE_PARTS_MAX];
    CHECK_INT(pul_game_score_parts(g, nseats, none, PUL_SCORE_PARTS_MAX), 0);
    CHECK_INT(pul_game_score_parts(g, -1, none, PUL_SCORE_PARTS_MAX), 0);
    CHECK(want_scripts ? seen_scripts > 0 : seen_scripts == 0);
    CHECK(seen_tiles > 0);
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_breakdowns(void) {
    check_breakdowns("micropul", 2, 40, false);
    check_breakdowns("micropul-solo", 1, 40, false);
    check_breakdowns("farmopul", 2, 20, false);
    check_breakdowns("../tests/variants/hooks-all", 2, 5, true);
}

/* Why a game ended, in the edition's words: Farmopul's land runs out, not
** its core; a game not over says so; the action limit gives its number. */
static void test_end_explained(void) {
    PulVariant *v = open_edition("farmopul", NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v);
    PulError err;
    char buf[512];
    CHECK(pul_game_start(g, 2, 1, NULL, 0, &err) == PUL_OK);
    CHECK_STR(pul_end_explain(g, PUL_LANG_EN, buf, sizeof buf), "the game is not finished");
    /* Random players that take half the time they may, until a game ends with the land. */
    static PulAction acts[PUL_MAX_ACTIONS];
    PulRng rng;
    pul_rng_seed(&rng, 4);
    for (uint64_t seed = 1; seed <= 500; seed++) {
        CHECK(pul_game_start(g, 2, seed, NULL, 0, &err) == PUL_OK);
        while (!pul_game_over(g)) {
            int n = pul_legal_actions(g, acts, PUL_MAX_ACTIONS), pick = -1;
            for (int k = 0; k < n && pick < 0; k++)
                if (acts[k].kind == PUL_TAKE && pul_rng_below(&rng, 2)) pick = k;
            PulAction a = acts[pick >= 0 ? pick : (int)pul_rng_below(&rng, (uint32_t)n)];
            if (pul_apply(g, &a, NULL) != PUL_LEGAL) break;
        }
        if (pul_game_end_reason(g) == PUL_END_CORE_EMPTY) break;
    }
    static const char *const land[PUL_NLANGS] = {"land", "大地", "terres", "terreno"};
    for (int lang = 0; lang < PUL_NLANGS; lang++) {
        pul_end_explain(g, lang, buf, sizeof buf);
        CHECK(strlen(buf) > 8 && !has(buf, "{") && !has(buf, "core") && !has(buf, "コア"));
        if (pul_game_end_reason(g) == PUL_END_CORE_EMPTY) CHECK(has(buf, land[lang]));
    }
    CHECK(pul_game_end_reason(g) == PUL_END_CORE_EMPTY);
    CHECK_STR(pul_end_explain(g, PUL_LANG_EN, buf, sizeof buf), "the last tile left the land");
    CHECK(pul_end_explain(g, PUL_LANG_EN, NULL, 0) == NULL);
    char small[8];
    CHECK_STR(pul_end_explain(g, PUL_LANG_EN, small, sizeof small), "the las");
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_farmopul_words);
    RUN(test_kinds_and_limits);
    RUN(test_genial_plain_words);
    RUN(test_breakdowns);
    RUN(test_end_explained);
    return CHECK_DONE();
}
