/*
** test_rules.c: the rule parameters: defaults equal RULES.md section 1, and
** pul_rules_validate refuses each out-of-range field, naming it.
*/
#include <string.h>

#include "check.h"
#include "pul.h"

static void test_defaults(void) {
    PulRules r;
    memset(&r, 0x5a, sizeof r);
    pul_rules_default(&r);
    CHECK_INT(r.min_players, 1);        /* Micropul is for 1-2 players */
    CHECK_INT(r.max_players, 2);
    CHECK_INT(r.hand_size, 6);          /* each player draws 6 tiles into hand */
    CHECK_INT(r.hand_limit, 6);         /* take only while the hand holds fewer than 6 */
    CHECK_INT(r.stones, 3);             /* 3 stones per player */
    CHECK_INT(r.points_micropul, 1);    /* 1 point per micropul of a scoring group */
    CHECK_INT(r.points_big, 1);         /* a big micropul is 1 point */
    CHECK_INT(r.points_supply, 2);      /* each supply tile 2 points */
    CHECK_INT(r.points_hand, 1);        /* each hand tile 1 point */
    CHECK(r.rule1_attachment);
    CHECK(r.rule2_colours);
    CHECK(!r.extra_turn_per_catalyst);  /* several crosses at once: one extra turn */
    CHECK(r.extra_turn_chains);         /* Micropul: chains are unlimited */
    CHECK(!r.solo_extra_turn);          /* solo: the cross has no effect */
    /* Nothing further, not even an extra turn. */
    CHECK_INT(r.core_empty_end, PUL_CORE_EMPTY_IMMEDIATE);
    CHECK(r.no_tiles_loses);
    CHECK(r.no_action_loses);
    CHECK_INT(r.merged_scoring, PUL_MERGED_SCORE_NONE); /* more than one stone: nobody */
    PulError err;
    CHECK_INT(pul_rules_validate(&r, &err), PUL_OK);
    CHECK_INT(err.status, PUL_OK);
}

/* The loaded Micropul variant uses the defaults. */
static void test_variant_defaults(void) {
    PulError err;
    PulVariant *v = pul_variant_open("micropul", NULL, &err);
    CHECK(v != NULL);
    if (!v) {
        fprintf(stderr, "  %s\n", err.message);
        return;
    }
    const PulRules *r = pul_variant_rules(v);
    PulRules d;
    pul_rules_default(&d);
    /* Field by field: the struct has padding. */
    CHECK_INT(r->min_players, d.min_players);
    CHECK_INT(r->max_players, d.max_players);
    CHECK_INT(r->hand_size, d.hand_size);
    CHECK_INT(r->hand_limit, d.hand_limit);
    CHECK_INT(r->stones, d.stones);
    CHECK_INT(r->points_micropul, d.points_micropul);
    CHECK_INT(r->points_big, d.points_big);
    CHECK_INT(r->points_supply, d.points_supply);
    CHECK_INT(r->points_hand, d.points_hand);
    CHECK_INT(r->rule1_attachment, d.rule1_attachment);
    CHECK_INT(r->rule2_colours, d.rule2_colours);
    CHECK_INT(r->extra_turn_per_catalyst, d.extra_turn_per_catalyst);
    CHECK_INT(r->extra_turn_chains, d.extra_turn_chains);
    CHECK_INT(r->solo_extra_turn, d.solo_extra_turn);
    CHECK_INT(r->core_empty_end, d.core_empty_end);
    CHECK_INT(r->no_tiles_loses, d.no_tiles_loses);
    CHECK_INT(r->no_action_loses, d.no_action_loses);
    CHECK_INT(r->merged_scoring, d.merged_scoring);
    pul_variant_free(v);
}

typedef void (*Mutate)(PulRules *);
#define MUT(name, body) \
    static void name(PulRules *r) { body; }
MUT(min0, r->min_players = 0)
MUT(min7, r->min_players = PUL_MAX_SEATS + 1)
MUT(maxlow, (r->min_players = 2, r->max_players = 1))
MUT(max7, r->max_players = PUL_MAX_SEATS + 1)
MUT(limit0, r->hand_limit = 0)
MUT(limit17, r->hand_limit = PUL_MAX_HAND + 1)
MUT(sizeneg, r->hand_size = -1)
MUT(sizebig, r->hand_size = 7) /* more than hand_limit 6 */
MUT(stonesneg, r->stones = -1)
MUT(stones17, r->stones = PUL_MAX_STONES + 1)
MUT(pmic, r->points_micropul = 1001)
MUT(pbig, r->points_big = -1001)
MUT(psup, r->points_supply = 100000)
MUT(phand, r->points_hand = -5000)
MUT(endneg, r->core_empty_end = -1)
MUT(end3, r->core_empty_end = 3)
MUT(merged2, r->merged_scoring = 2)
MUT(mergedneg, r->merged_scoring = -1)

static void test_validate_rejects(void) {
    static const struct {
        Mutate f;
        const char *field;
    } cases[] = {
        {min0, "min_players"},     {min7, "min_players"},       {maxlow, "max_players"},
        {max7, "max_players"},     {limit0, "hand_limit"},      {limit17, "hand_limit"},
        {sizeneg, "hand_size"},    {sizebig, "hand_size"},      {stonesneg, "stones"},
        {stones17, "stones"},      {pmic, "points_micropul"},   {pbig, "points_big"},
        {psup, "points_supply"},   {phand, "points_hand"},      {endneg, "core_empty_end"},
        {end3, "core_empty_end"},  {merged2, "merged_scoring"}, {mergedneg, "merged_scoring"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        PulRules r;
        pul_rules_default(&r);
        cases[i].f(&r);
        PulError err;
        memset(&err, 0, sizeof err);
        PulStatus st = pul_rules_validate(&r, &err);
        CHECK_INT(st, PUL_ERR_RANGE);
        CHECK_INT(err.status, PUL_ERR_RANGE);
        if (!strstr(err.message, cases[i].field)) {
            fprintf(stderr, "  message \"%s\" does not name %s\n", err.message, cases[i].field);
            CHECK(0);
        }
        /* A variant cannot be built with such rules either. */
        PulVariant *v = pul_variant_open("micropul", NULL, &err);
        if (v) {
            PulVariant *bad = pul_variant_new("bad", pul_variant_tileset(v), &r, &err);
            CHECK(bad == NULL);
            CHECK_INT(err.status, PUL_ERR_RANGE);
            CHECK(strstr(err.message, cases[i].field) != NULL);
            pul_variant_free(bad);
            pul_variant_free(v);
        }
    }
    /* NULL err is allowed: the status alone comes back. */
    PulRules r;
    pul_rules_default(&r);
    r.stones = -3;
    CHECK_INT(pul_rules_validate(&r, NULL), PUL_ERR_RANGE);
}

static void test_validate_accepts_edges(void) {
    PulRules r;
    pul_rules_default(&r);
    r.min_players = 1;
    r.max_players = PUL_MAX_SEATS;
    r.hand_limit = PUL_MAX_HAND;
    r.hand_size = 0;
    r.stones = 0;
    r.points_micropul = -1000;
    r.points_big = 1000;
    r.points_supply = 0;
    r.points_hand = -1;
    r.core_empty_end = PUL_CORE_EMPTY_FINISH_ROUND;
    r.merged_scoring = PUL_MERGED_SCORE_ONE_OWNER;
    r.rule1_attachment = r.rule2_colours = false;
    PulError err;
    CHECK_INT(pul_rules_validate(&r, &err), PUL_OK);
    r.hand_size = r.hand_limit; /* a full hand at the deal is allowed */
    r.stones = PUL_MAX_STONES;
    r.min_players = r.max_players = 2;
    CHECK_INT(pul_rules_validate(&r, &err), PUL_OK);
}

int main(void) {
    RUN(test_defaults);
    RUN(test_variant_defaults);
    RUN(test_validate_rejects);
    RUN(test_validate_accepts_edges);
    return CHECK_DONE();
}
