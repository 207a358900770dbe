/*
** micropul.c: the Micropul family's table (the game interface every pul_*
** game function dispatches through), its rule parameters as the table sees
** them, and making a Micropul variant from a tile set and rules.
*/
#include <stddef.h>
#include <string.h>

#include "deal.h"
#include "heuristic.h"
#include "hooked.h"
#include "metrics.h"
#include "micropul.h"
#include "move_text.h"
#include "observe.h"
#include "pieces.h"
#include "report.h"
#include "score.h"

/* Micropul has no partners: a seat is its own team. */
static int micropul_team(const PulGame *g, int seat) {
    (void)g;
    return seat;
}

static void micropul_players(const PulVariant *v, int *min, int *max) {
    const PulRules *r = &MVV(v)->rules;
    if (min) *min = r->min_players;
    if (max) *max = r->max_players;
}

static PulVariant *micropul_make(const char *name, const FamilyData *data, const void *rules,
                                  PulError *err) {
    return pul_variant_new(name, data->tiles, rules, err);
}

/* Micropul's theme names these parts (the theme loader asks for them, no other). */
#define MICROPUL_THEME_PARTS                                                        \
    (1u << PUL_PART_BIG | 1u << PUL_PART_STONE | 1u << PUL_PART_CORE |              \
     1u << PUL_PART_SUPPLY | 1u << PUL_PART_GROUP)

static size_t micropul_snapshot(const PulGame *g, void *buf) { return snapshot_save(MGC(g), buf); }
static void micropul_restore(PulGame *g, const void *buf) { snapshot_restore(MG(g), buf); }
static void micropul_copy_used(PulGame *dst, const PulGame *src) {
    snapshot_copy_used(MG(dst), MGC(src));
}

const Family micropul_family = {
    .name = "micropul",
    .game_size = sizeof(MicropulGame),
    .variant_size = sizeof(MicropulVariant),
    .snapshot_max = MICROPUL_SNAPSHOT_MAX,
    .max_actions = PUL_MAX_ACTIONS,
    .params = &micropul_params,
    .hooks = micropul_hook_points,
    .nhooks = MICROPUL_NHOOKS,
    .files = FAMILY_FILE_TILESET,
    .theme_parts = MICROPUL_THEME_PARTS,
    .make = micropul_make,
    .compile = compile_variant,
    .players = micropul_players,
    .start = start_game,
    .legal_actions = legal_actions,
    .legal_placements = legal_placements,
    .random_action = legal_random,
    .random_actions = legal_random_n,
    .check = apply_check,
    .apply = apply_action,
    .apply_trusted = apply_trusted,
    .events_action = apply_events_action,
    .scores = score_totals,
    .winners = score_winners,
    .team = micropul_team,
    .score_parts = score_parts,
    .observe = observe_seat,
    .observe_update = observe_seat_update,
    .from_observation = determinize_game,
    .from_observation_kept = determinize_kept,
    .memo_size = sizeof(MicropulMemo),
    .redeal = determinize_redeal,
    .observation_hash = observe_hash,
    .heuristic = heuristic_value,
    .margin = heuristic_margin,
    .estimates = heuristic_estimates,
    .margins = heuristic_margins,
    .action_parse = move_text_parse,
    .action_format = move_text_format,
    .reason_text = report_reason_text,
    .deal_read = deal_read,
    .deal_tags = deal_tags,
    .report_move = report_move_fields,
    .report_final = report_final_fields,
    .bounds = view_bounds,
    .snapshot = micropul_snapshot,
    .restore = micropul_restore,
    .copy_used = micropul_copy_used,
    .metrics = metrics_info,
    .nmetrics = METRICS_N,
    .tally = metrics_tally,
    .tally_end = metrics_tally_end,
    .feature = metrics_feature,
    .piece_changes = pieces_changes,
};

PulVariant *pul_variant_new(const char *name, const PulTileSet *ts, const PulRules *rules,
                            PulError *err) {
    if (pul_tileset_validate(ts, err) != PUL_OK) return NULL;
    PulRules defaults;
    if (!rules) {
        pul_rules_default(&defaults);
        rules = &defaults;
    }
    if (pul_rules_validate(rules, err) != PUL_OK) return NULL;
    /* The layout the tile set needs (micropul.h): each build compiles its own. */
    bool wide = ts->ntiles > MICROPUL_SMALL_TILES;
    const Family *fam = wide ? &micropul_wide_family : &micropul_family;
    PulVariant *v = variant_alloc(fam, name ? name : ts->name, err);
    if (!v) return NULL;
    MicropulVariant *m = (MicropulVariant *)(void *)v;
    m->ts = *ts;
    m->rules = *rules;
    fam->compile(v, NULL);
    err_clear(err);
    return v;
}

/* ts and rules lie at the same offsets in both layouts (they follow the
** common part, and their types do not depend on the layout). */
static bool micropul_variant(const PulVariant *v) {
    return v->fam == &micropul_family || v->fam == &micropul_wide_family;
}

const PulTileSet *pul_variant_tileset(const PulVariant *v) {
    return micropul_variant(v) ? &MVV(v)->ts : NULL;
}

const PulRules *pul_variant_rules(const PulVariant *v) {
    return micropul_variant(v) ? &MVV(v)->rules : NULL;
}
