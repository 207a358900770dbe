/*
** genial.c: the Einfach Genial family's table (family/family.h): every slot
** names a function of the family's packages (genial_state.h: rules and
** state; genial_moves.h: legal moves, text, deal, observation;
** genial_records.h: the referee's words, heuristic, the lab's figures).
*/
#include "genial_hooks.h"
#include "genial_moves.h"
#include "genial_records.h"
#include "genial_state.h"

/* The parts a Genial theme names (PulPart): the bag, a rack, a track and
** the bonus placement's shout. */
#define GENIAL_THEME_PARTS                                                              \
    ((1u << PUL_PART_BAG) | (1u << PUL_PART_RACK) | (1u << PUL_PART_TRACK) |            \
     (1u << PUL_PART_BONUS))

_Static_assert(GENIAL_SNAPSHOT_MAX <= PUL_SNAPSHOT_MAX, "a Genial snapshot fits the buffer");

const Family genial_family = {
    .name = "genial",
    .game_size = sizeof(GenialGame),
    .variant_size = sizeof(GenialVariant),
    .snapshot_max = GENIAL_SNAPSHOT_MAX,
    .max_actions = PUL_MAX_ACTIONS,
    .params = &genial_params,
    .hooks = genial_hook_points,
    .nhooks = GENIAL_NHOOKS,
    .files = FAMILY_FILE_SYMBOLS | FAMILY_FILE_BOARD,
    .theme_parts = GENIAL_THEME_PARTS,
    .make = genial_make,
    .compile = genial_compile,
    .players = genial_players,
    .start = genial_start,
    .legal_actions = genial_legal_actions,
    .legal_placements = genial_legal_placements,
    .random_action = genial_random_action,
    .check = genial_check,
    .apply = genial_apply,
    .apply_trusted = genial_apply_trusted,
    .events_action = genial_events_action,
    .scores = genial_scores,
    .winners = genial_winners,
    .team = genial_team,
    .score_parts = genial_score_parts,
    .observe = genial_observe,
    .observe_update = genial_observe_update,
    .from_observation = genial_from_observation,
    .from_observation_kept = genial_from_observation_kept,
    .memo_size = sizeof(GenialMemo),
    .observation_hash = genial_observation_hash,
    .heuristic = genial_heuristic,
    .estimates = genial_estimates,
    .action_parse = genial_action_parse,
    .action_format = genial_action_format,
    .reason_text = genial_reason_text,
    .deal_read = genial_deal_read,
    .deal_tags = genial_deal_tags,
    .report_move = genial_report_move,
    .report_final = genial_report_final,
    .bounds = genial_bounds,
    .snapshot = genial_snapshot,
    .restore = genial_restore,
    .metrics = genial_metrics,
    .nmetrics = GENIAL_NMETRICS,
    .tally = genial_tally,
    .tally_end = genial_tally_end,
    .feature = genial_feature,
    .piece_changes = genial_piece_changes,
};
