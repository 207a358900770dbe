/*
** wide_names.h: the external names of the wide layout's build (MICROPUL_WIDE,
** micropul.h): every function and table this folder defines for the state,
** renamed so both builds link into one library. A name missing here is a
** "multiple definition" at link time, never a silent mix of layouts.
*/
#ifndef PUL_MICROPUL_WIDE_NAMES_H
#define PUL_MICROPUL_WIDE_NAMES_H

#define micropul_family micropul_wide_family
#define apply_action wide_apply_action
#define apply_check wide_apply_check
#define apply_end_hooks wide_apply_end_hooks
#define apply_events_action wide_apply_events_action
#define apply_fired wide_apply_fired
#define apply_trusted wide_apply_trusted
#define board_clear wide_board_clear
#define board_front_at wide_board_front_at
#define board_place wide_board_place
#define board_tile_at wide_board_tile_at
#define compile_variant wide_compile_variant
#define deal_read wide_deal_read
#define deal_tags wide_deal_tags
#define determinize_game wide_determinize_game
#define determinize_kept wide_determinize_kept
#define determinize_redeal wide_determinize_redeal
#define game_draw_tiles wide_game_draw_tiles
#define game_end wide_game_end
#define groups_add_tile wide_groups_add_tile
#define groups_claim wide_groups_claim
#define groups_recount wide_groups_recount
#define groups_scorer wide_groups_scorer
#define groups_scorer_of wide_groups_scorer_of
#define heuristic_estimates wide_heuristic_estimates
#define heuristic_margin wide_heuristic_margin
#define heuristic_margins wide_heuristic_margins
#define heuristic_value wide_heuristic_value
#define hooked_draw wide_hooked_draw
#define hooked_extra_turn wide_hooked_extra_turn
#define hooked_random wide_hooked_random
#define hooked_reveal wide_hooked_reveal
#define hooked_set_rule wide_hooked_set_rule
#define legal_actions wide_legal_actions
#define legal_any wide_legal_any
#define legal_list_active wide_legal_list_active
#define legal_list_fast wide_legal_list_fast
#define legal_placements wide_legal_placements
#define legal_placements_portable wide_legal_placements_portable
#define legal_random wide_legal_random
#define legal_random_n wide_legal_random_n
#define metrics_feature wide_metrics_feature
#define metrics_info wide_metrics_info
#define metrics_tally wide_metrics_tally
#define metrics_tally_end wide_metrics_tally_end
#define micropul_game wide_micropul_game
#define micropul_hook_points wide_micropul_hook_points
#define micropul_params wide_micropul_params
#define observe_hash wide_observe_hash
#define observe_seat wide_observe_seat
#define observe_seat_update wide_observe_seat_update
#define pieces_changes wide_pieces_changes
#define place_tables_build wide_place_tables_build
#define pul_game_cell wide_pul_game_cell
#define pul_game_core_count wide_pul_game_core_count
#define pul_game_core_drawn wide_pul_game_core_drawn
#define pul_game_core_initial wide_pul_game_core_initial
#define pul_game_group wide_pul_game_group
#define pul_game_hand wide_pul_game_hand
#define pul_game_in_extra_turn wide_pul_game_in_extra_turn
#define pul_game_known wide_pul_game_known
#define pul_game_knows wide_pul_game_knows
#define pul_game_placed wide_pul_game_placed
#define pul_game_rules wide_pul_game_rules
#define pul_game_scores_recount wide_pul_game_scores_recount
#define pul_game_stones wide_pul_game_stones
#define pul_game_stones_on_board wide_pul_game_stones_on_board
#define pul_game_supply wide_pul_game_supply
#define pul_rules_get wide_pul_rules_get
#define pul_rules_nparams wide_pul_rules_nparams
#define pul_rules_param wide_pul_rules_param
#define pul_rules_param_find wide_pul_rules_param_find
#define pul_rules_set wide_pul_rules_set
#define pul_variant_new wide_pul_variant_new
#define pul_variant_rules wide_pul_variant_rules
#define pul_variant_tileset wide_pul_variant_tileset
#define score_parts wide_score_parts
#define score_totals wide_score_totals
#define score_winners wide_score_winners
#define side_dx wide_side_dx
#define side_dy wide_side_dy
#define slot_quad wide_slot_quad
#define snapshot_copy_used wide_snapshot_copy_used
#define snapshot_restore wide_snapshot_restore
#define snapshot_save wide_snapshot_save
#define start_game wide_start_game
#define start_reset wide_start_reset
#define turn_begin_checks wide_turn_begin_checks
#define turn_finish wide_turn_finish
#define view_bounds wide_view_bounds

#endif
