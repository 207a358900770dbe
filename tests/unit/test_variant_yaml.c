/*
** test_variant_yaml.c: variant.yaml manifests: inheritance through extends,
** every rule parameter by name, and each mistake reported at its line and
** column with its error code.
*/
#include <string.h>

#include "check.h"
#include "pul.h"

#define DIR "../variants/micropul" /* relative paths in the texts start here */

static PulVariant *load(const char *text, PulError *err) {
    return pul_variant_load_string(text, strlen(text), "v.yaml", DIR, "../variants", err);
}

static void test_inherit(void) {
    PulError err;
    PulVariant *v = load("name: mine\n"
                         "extends: micropul\n"
                         "title: {en: Mine, fr: La mienne}\n"
                         "players: {max: 1}\n"
                         "rules:\n"
                         "  stones: 5\n"
                         "  core_empty_end: finish_round\n"
                         "  merged_scoring: one_owner\n"
                         "  rule2_colours: false\n",
                         &err);
    CHECK(v != NULL);
    if (!v) {
        fprintf(stderr, "  %s:%d:%d: %s: %s\n", err.file, err.line, err.column, err.code,
                err.message);
        return;
    }
    const PulRules *r = pul_variant_rules(v);
    CHECK_INT(r->stones, 5);
    CHECK_INT(r->core_empty_end, PUL_CORE_EMPTY_FINISH_ROUND);
    CHECK_INT(r->merged_scoring, PUL_MERGED_SCORE_ONE_OWNER);
    CHECK(!r->rule2_colours);
    CHECK_INT(r->min_players, 1); /* from micropul */
    CHECK_INT(r->max_players, 1);
    CHECK_INT(r->hand_size, 6);   /* the base */
    const PulVariantInfo *info = pul_variant_info(v);
    CHECK_STR(info->name, "mine");
    CHECK_STR(info->extends, "micropul");
    CHECK_STR(info->file, "v.yaml");
    CHECK_STR(pul_variant_title(v, PUL_LANG_EN), "Mine");
    CHECK_STR(pul_variant_title(v, PUL_LANG_FR), "La mienne");
    CHECK_STR(pul_variant_title(v, PUL_LANG_JA), "Mine"); /* falls back to English */
    /* a new title drops the parent's description rather than mixing them */
    CHECK_STR(info->description[PUL_LANG_EN], "");
    CHECK(strstr(info->tiles_file, "variants/micropul/tiles.yaml") != NULL);
    CHECK(pul_variant_theme(v) != NULL);
    CHECK_INT(pul_variant_tileset(v)->ntiles, 48);
    pul_variant_free(v);

    /* Nothing given but the name: the parent whole, title and description too. */
    v = load("name: same\nextends: farmopul\n", &err);
    CHECK(v != NULL);
    if (v) {
        CHECK_STR(pul_variant_title(v, PUL_LANG_EN), "Farmopul");
        CHECK(pul_variant_info(v)->description[PUL_LANG_EN][0] != '\0');
        CHECK(!pul_variant_rules(v)->extra_turn_chains);
        CHECK_STR(pul_variant_info(v)->extends, "farmopul");
        pul_variant_free(v);
    }
}

/* Every parameter is reachable by name, alone, and round-trips. */
static void test_params(void) {
    PulRules base, r;
    pul_rules_default(&base);
    CHECK_INT(pul_rules_nparams(), 18);
    for (int i = 0; i < pul_rules_nparams(); i++) {
        const PulParamInfo *p = pul_rules_param(i);
        CHECK(p != NULL && p->help && p->help[0]);
        CHECK_INT(pul_rules_param_find(p->name), i);
        r = base;
        int old = pul_rules_get(&r, i);
        int value = old == p->max ? p->min : p->max;
        CHECK_INT(pul_rules_set(&r, i, value, NULL), PUL_OK);
        CHECK_INT(pul_rules_get(&r, i), value);
        CHECK(memcmp(&r, &base, sizeof r) != 0);
        for (int j = 0; j < pul_rules_nparams(); j++)
            if (j != i) CHECK_INT(pul_rules_get(&r, j), pul_rules_get(&base, j));
        PulError err;
        CHECK_INT(pul_rules_set(&r, i, p->max + 1, &err), PUL_ERR_RANGE);
        CHECK_STR(err.code, "out-of-range");
        CHECK_INT(pul_rules_get(&r, i), value);
        if (p->type == PUL_PARAM_ENUM)
            for (int w = 0; w <= p->max; w++) CHECK(p->words[w] != NULL);
    }
    CHECK_INT(pul_rules_param_find("no_such_rule"), -1);
    CHECK(pul_rules_param(-1) == NULL);
    CHECK(pul_rules_param(pul_rules_nparams()) == NULL);
    /* Each field of PulRules by name. */
    const char *fields[] = {"min_players",     "max_players",     "hand_size",
                            "hand_limit",      "stones",          "points_micropul",
                            "points_big",      "points_supply",   "points_hand",
                            "rule1_attachment", "rule2_colours",  "extra_turn_per_catalyst",
                            "extra_turn_chains", "solo_extra_turn", "core_empty_end",
                            "no_tiles_loses",  "no_action_loses", "merged_scoring"};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        CHECK(pul_rules_param_find(fields[i]) >= 0);
    r = base;
    CHECK_INT(pul_rules_set(&r, pul_rules_param_find("hand_limit"), 9, NULL), PUL_OK);
    CHECK_INT(r.hand_limit, 9);
    CHECK_INT(pul_rules_set(&r, pul_rules_param_find("solo_extra_turn"), 1, NULL), PUL_OK);
    CHECK(r.solo_extra_turn);
}

typedef struct {
    const char *what, *text;
    int line, col;
    const char *code, *words;
} Bad;

static const Bad bad[] = {
    {"typo at the top", "name: x\nextend: micropul\n", 2, 1, "unknown-key",
     "did you mean 'extends'?"},
    {"typo in a rule", "name: x\nextends: micropul\nrules:\n  hand_sise: 5\n", 4, 3,
     "unknown-key", "did you mean 'hand_size'?"},
    {"quoted number", "name: x\nextends: micropul\nrules: {stones: \"4\"}\n", 3, 17, "wrong-type",
     "whole number"},
    {"too many stones", "name: x\nextends: micropul\nrules: {stones: 99}\n", 3, 17,
     "out-of-range", "from 0 to 16"},
    {"enum typo", "name: x\nextends: micropul\nrules: {core_empty_end: finish_trun}\n", 3, 25,
     "bad-value", "did you mean 'finish_turn'?"},
    {"enum as bool", "name: x\nextends: micropul\nrules: {merged_scoring: true}\n", 3, 25,
     "bad-value", "none, one_owner"},
    {"bool as word", "name: x\nextends: micropul\nrules: {rule1_attachment: off}\n", 3, 27,
     "wrong-type", "true or false"},
    {"players in rules", "name: x\nextends: micropul\nrules: {max_players: 4}\n", 3, 9,
     "unknown-key", "players: {min: N, max: M}"},
    {"min above max", "name: x\nextends: micropul\nplayers: {min: 3, max: 2}\n", 3, 16,
     "out-of-range", "min is 3 but max is 2"},
    {"no seats", "name: x\nextends: micropul\nplayers: {min: 0}\n", 3, 16, "out-of-range",
     "1 to 6"},
    {"players as number", "name: x\nextends: micropul\nplayers: 2\n", 3, 10, "wrong-type",
     "{min: 1, max: 2}"},
    {"hand over limit", "name: x\nextends: micropul\nrules: {hand_size: 8}\n", 3, 8,
     "out-of-range", "hand_limit is 6"},
    {"no title, no extends",
     "name: x\nplayers: {min: 1, max: 2}\ntiles: tiles.yaml\ntheme: theme.yaml\n", 1, 1,
     "missing-field", "'title'"},
    {"no name", "title: X\n", 1, 1, "missing-field", "'name'"},
    {"missing tiles file", "name: x\nextends: micropul\ntiles: tile.yaml\n", 3, 8,
     "missing-file", "tile.yaml"},
    {"missing theme file", "name: x\nextends: micropul\ntheme: themes/farm.yaml\n", 3, 8,
     "missing-file", "themes/farm.yaml"},
    {"missing script", "name: x\nextends: micropul\nscripts: [nope.lua]\n", 3, 11,
     "missing-file", "nope.lua"},
    {"scripts not a list", "name: x\nextends: micropul\nscripts: {a: b}\n", 3, 10, "wrong-type",
     "list of Lua files"},
    {"unknown parent", "name: x\nextends: micropol\n", 2, 10, "bad-reference",
     "did you mean 'micropul'?"},
    {"parent path missing", "name: x\nextends: ./nowhere\n", 2, 10, "bad-reference",
     "nowhere"},
    {"unknown language", "name: x\nextends: micropul\ntitle: {en: X, de: Y}\n", 3, 16,
     "unknown-key", "de"},
    {"no English", "name: x\nextends: micropul\ntitle: {fr: X}\n", 3, 8, "missing-field",
     "'en'"},
    {"title on two lines", "name: x\nextends: micropul\ntitle: \"a\\nb\"\n", 3, 10, "bad-value",
     "title holds a line break (U+000A); write it on one line"},
    {"title with a right-to-left override", "name: x\nextends: micropul\ntitle: Koi \xe2\x80\xae"
     "dnop\n", 3, 12, "bad-value", "title holds U+202E, a bidirectional control"},
    {"description block with an isolate", "name: x\nextends: micropul\ndescription:\n  en: >-\n"
     "    calm\n    wa\xe2\x81\xa7ter\n", 6, 7, "bad-value", "description (en) holds U+2067"},
    {"description with an escape character", "name: x\nextends: micropul\ndescription: \"calm\n"
     "  water \\e[2J\"\n", 4, 9, "bad-value", "description holds U+001B, the escape character"},
    {"title with a line separator", "name: x\nextends: micropul\ntitle: \"a\\u2028b\"\n", 3, 10,
     "bad-value", "title holds U+2028, a line or paragraph separator"},
    {"title with a noncharacter", "name: x\nextends: micropul\ntitle: \"a\\uFFFEb\"\n", 3, 10,
     "bad-value", "title holds U+FFFE, a noncharacter"},
    /* a value quoted in a message shows its characters as the commands do */
    {"unknown key with a bidi control", "name: x\nextends: micropul\n\"ti\\u202etle\": y\n", 3, 1,
     "unknown-key", "unknown key 'ti\\u202etle'"},
    {"unknown key with a C1 control", "name: x\nextends: micropul\n\"ti\\x9b2J\": y\n", 3, 1,
     "unknown-key", "unknown key 'ti\\u009b2J'"},
    {"anchor", "name: x\nextends: micropul\nrules: &r {stones: 4}\n", 3, 8, "yaml-unsupported",
     "anchor '&r': a variant manifest does not use anchors and aliases"},
    {"list at the top", "- name: x\n", 1, 1, "wrong-type", "mapping"},
    {"empty", "", 1, 1, "missing-field", "empty"},
    {"duplicate key", "name: x\nextends: micropul\nname: y\n", 3, 1, "duplicate-key",
     "appears twice"},
    {"bad YAML", "name: x\nextends: [micropul\n", 3, 1, "yaml-syntax", "YAML syntax"},
};

static void test_errors(void) {
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const Bad *b = &bad[i];
        PulError err;
        memset(&err, 0, sizeof err);
        PulVariant *v = load(b->text, &err);
        bool ok = v == NULL && err.line == b->line && err.column == b->col &&
                  strcmp(err.code, b->code) == 0 && strstr(err.message, b->words) != NULL &&
                  strcmp(err.file, "v.yaml") == 0;
        if (!ok)
            fprintf(stderr, "  case '%s': got %s:%d:%d: %s: %s; expected %d:%d %s with \"%s\"\n",
                    b->what, err.file, err.line, err.column, err.code, err.message, b->line,
                    b->col, b->code, b->words);
        CHECK(ok);
        pul_variant_free(v);
    }
}

/* A name that differs from the folder, through pul_variant_open. */
static void test_folder_name(void) {
    PulError err;
    PulVariant *v = pul_variant_open("../variants/micropul/variant.yaml", NULL, &err);
    CHECK(v != NULL);
    pul_variant_free(v);
    CHECK(pul_variant_load_string("x", 1, "v.yaml", NULL, NULL, &err) == NULL);
    CHECK_STR(err.code, "bad-state");
}

int main(void) {
    RUN(test_inherit);
    RUN(test_params);
    RUN(test_errors);
    RUN(test_folder_name);
    return CHECK_DONE();
}
