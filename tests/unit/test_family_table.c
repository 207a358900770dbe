/*
** test_family_table.c: every rules family in the registry fills its game
** interface (family/family.h): each required slot is set, sizes fit the
** bounds the generic code relies on, names and figures are usable.
*/
#include "check.h"
#include "families.h"
#include "game.h"

#include <string.h>

/* A NULL slot would be a crash in family/game.c's dispatch, found only when
** some tool first calls it; here it is found at once, slot by name. (The name
** slot is one of them: gcc -O3 sees the message reach %s with it NULL.) */
#define REQUIRE_IN(fam, s, slot)                                                  \
    do {                                                                          \
        if (!(s)->slot)                                                           \
            fprintf(stderr, "family %s: slot %s is NULL\n",                      \
                    (fam)->name ? (fam)->name : "(no name)", #slot);              \
        CHECK((s)->slot != NULL);                                                 \
    } while (0)
#define REQUIRE_SLOT(f, slot) REQUIRE_IN(f, f, slot)

static void check_slots(const Family *f) {
    REQUIRE_SLOT(f, name);
    REQUIRE_SLOT(f, params);
    REQUIRE_SLOT(f, make);
    REQUIRE_SLOT(f, compile);
    REQUIRE_SLOT(f, players);
    REQUIRE_SLOT(f, start);
    REQUIRE_SLOT(f, legal_actions);
    REQUIRE_SLOT(f, legal_placements);
    REQUIRE_SLOT(f, random_action);
    REQUIRE_SLOT(f, check);
    REQUIRE_SLOT(f, apply);
    REQUIRE_SLOT(f, apply_trusted);
    REQUIRE_SLOT(f, events_action);
    REQUIRE_SLOT(f, scores);
    REQUIRE_SLOT(f, winners);
    REQUIRE_SLOT(f, team);
    REQUIRE_SLOT(f, score_parts);
    REQUIRE_SLOT(f, observe);
    REQUIRE_SLOT(f, from_observation);
    REQUIRE_SLOT(f, observation_hash);
    REQUIRE_SLOT(f, heuristic);
    REQUIRE_SLOT(f, action_parse);
    REQUIRE_SLOT(f, action_format);
    REQUIRE_SLOT(f, deal_read);
    REQUIRE_SLOT(f, deal_tags);
    REQUIRE_SLOT(f, report_move);
    REQUIRE_SLOT(f, report_final);
    REQUIRE_SLOT(f, bounds);
    REQUIRE_SLOT(f, snapshot);
    REQUIRE_SLOT(f, restore);
    REQUIRE_SLOT(f, metrics);
    REQUIRE_SLOT(f, tally);
    REQUIRE_SLOT(f, tally_end);
    REQUIRE_SLOT(f, piece_changes);

    const FamilyParams *p = f->params;
    REQUIRE_IN(f, p, param);
    REQUIRE_IN(f, p, defaults);
    REQUIRE_IN(f, p, validate);
    REQUIRE_IN(f, p, get);
    REQUIRE_IN(f, p, set);
    REQUIRE_IN(f, p, manifest_check);
    /* a theme of the family names some parts, and only parts pul.h has */
    CHECK(f->theme_parts != 0 && (f->theme_parts >> PUL_NPARTS) == 0);
}

/* The generic code allocates PUL_GAME_BYTES for any game and snapshots into a
** PUL_SNAPSHOT_MAX stack buffer; the rules struct sits inside both objects. */
static void check_sizes(const Family *f) {
    CHECK(f->game_size > sizeof(PulGame) && f->game_size <= PUL_GAME_BYTES);
    CHECK(f->variant_size > 0);
    CHECK(f->snapshot_max > 0 && f->snapshot_max <= PUL_SNAPSHOT_MAX);
    CHECK(f->max_actions > 0 && f->max_actions <= PUL_MAX_ACTIONS);
    const FamilyParams *p = f->params;
    CHECK(p->size > 0 && p->size <= FAMILY_RULES_MAX);
    CHECK(p->in_game + p->size <= f->game_size);
    CHECK(p->in_variant + p->size <= f->variant_size);
    CHECK((f->hooks == NULL) == (f->nhooks == 0));
}

/* Parameters and figures are read by name in variant.yaml, `pul check`, Lua's
** set_rule and the lab's rows: each needs a unique, non-empty name. */
static void check_names(const Family *f) {
    CHECK(f->name[0] != '\0');
    CHECK(families_find(f->name) == f);
    const FamilyParams *p = f->params;
    CHECK(p->n > 0);
    CHECK(p->param(-1) == NULL && p->param(p->n) == NULL);
    for (int i = 0; i < p->n; i++) {
        const PulParamInfo *a = p->param(i);
        CHECK(a != NULL && a->name && a->name[0] && a->help && a->help[0]);
        if (!a) continue;
        for (int j = 0; j < i; j++) CHECK(strcmp(a->name, p->param(j)->name) != 0);
    }
    CHECK(f->nmetrics > 0);
    for (int i = 0; i < f->nmetrics; i++) {
        CHECK(f->metrics[i].key && f->metrics[i].key[0]);
        for (int j = 0; j < i; j++) CHECK(strcmp(f->metrics[i].key, f->metrics[j].key) != 0);
    }
    for (int i = 0; i < f->nhooks; i++) {
        CHECK(f->hooks[i].name && f->hooks[i].name[0] && f->hooks[i].bit != 0);
        for (int j = 0; j < i; j++) {
            CHECK(strcmp(f->hooks[i].name, f->hooks[j].name) != 0);
            CHECK((f->hooks[i].bit & f->hooks[j].bit) == 0);
        }
    }
}

/* Each family's defaults are valid rules: a variant made with no rules line
** at all must load. */
static void check_defaults(const Family *f) {
    const FamilyParams *p = f->params;
    unsigned char rules[FAMILY_RULES_MAX];
    memset(rules, 0xa5, sizeof rules);
    p->defaults(rules);
    PulError err;
    CHECK(p->validate(rules, &err) == PUL_OK);
    char msg[256];
    CHECK(p->manifest_check(rules, msg, sizeof msg));
    for (int i = 0; i < p->n; i++) {
        const PulParamInfo *a = p->param(i);
        int v = p->get(rules, i);
        CHECK(v >= a->min && v <= a->max);
        CHECK(p->set(rules, i, v, &err) == PUL_OK && p->get(rules, i) == v);
    }
}

static void test_every_family(void) {
    int n = 0;
    for (const Family *f; (f = families_at(n)) != NULL; n++) {
        check_slots(f);
        check_sizes(f);
        check_names(f);
        check_defaults(f);
        for (int j = 0; j < n; j++) CHECK(strcmp(families_at(j)->name, f->name) != 0);
    }
    CHECK(n >= 1);
    CHECK(families_at(-1) == NULL);
    CHECK(families_find("micropul") != NULL);
    CHECK(families_find("no-such-family") == NULL);
    CHECK(families_find(NULL) == NULL);
}

int main(void) {
    RUN(test_every_family);
    return CHECK_DONE();
}
