/*
** colourful_set.h: what the legal tables' tests (test_legal_tables.c,
** test_legal_list.c) play beyond the shipped editions: tile sets of many
** colours (more side patterns), and rule switches no edition makes.
*/
#ifndef PUL_COLOURFUL_SET_H
#define PUL_COLOURFUL_SET_H

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "game_util.h"
#include "micropul.h"
#include "pul.h"

/* A tile set of ncolours micropul colours (and a blank), tiles drawn from
** seed: tile sides then show up to (ncolours + 1)^2 patterns. */
static inline PulVariant *colourful(int ncolours, uint64_t seed) {
    PulTileSet ts;
    memset(&ts, 0, sizeof ts);
    snprintf(ts.name, sizeof ts.name, "colourful-%d", ncolours);
    ts.nfeatures = ncolours + 1;
    for (int c = 0; c < ncolours; c++)
        ts.feature[c] = (PulFeature){(char)('a' + c), "colour", PUL_FEATURE_MICROPUL, 0, false};
    ts.feature[ncolours] = (PulFeature){'.', "blank", PUL_FEATURE_BLANK, 0, false};
    PulRng rng;
    pul_rng_seed(&rng, seed);
    ts.ntiles = MICROPUL_SMALL_TILES; /* the layout this test reads (MVV) */
    for (int t = 0; t < ts.ntiles; t++) {
        for (int q = 0; q < 4; q++) {
            /* Few colours per tile, often one twice, so that some placements fit. */
            uint32_t d = pul_rng_below(&rng, 4);
            ts.tile[t].quad[q] = (uint8_t)(d == 0 ? (uint32_t)ncolours : pul_rng_below(&rng, (uint32_t)ncolours));
        }
        ts.tile[t].quad[0] = (uint8_t)pul_rng_below(&rng, (uint32_t)ncolours);
    }
    PulError err;
    PulVariant *v = pul_variant_new(ts.name, &ts, NULL, &err);
    if (!v) fprintf(stderr, "  cannot build %s: %s\n", ts.name, err.message);
    CHECK(v != NULL);
    return v;
}

/* Rule switches the editions do not show, by case (0 to RULE_SWITCHES - 1):
** rule 2 off, both off, and hands of more than eight tiles (the generator's
** second word). */
enum { RULE_SWITCHES = 3 };
static inline PulVariant *rule_switched(int c) {
    PulRules rules;
    pul_rules_default(&rules);
    if (c == 0) rules.rule2_colours = false;
    if (c == 1) rules.rule1_attachment = rules.rule2_colours = false;
    if (c == 2) rules.hand_limit = PUL_MAX_HAND;
    PulVariant *v = micropul_with(&rules);
    CHECK(v != NULL);
    return v;
}

#endif
