/*
** codes.c: the codes of refusal reasons and end reasons that records and the
** referee print (PMN.md), one namespace for every family, with plain messages.
*/
#include "common.h"

/* Codes are PMN.md's; the messages of the conformance records where they
** have one, colour-neutral where a variant may rename the colours. */
static const struct {
    const char *code, *message;
} reasons[PUL_R_COUNT] = {
    [PUL_LEGAL] = {"legal", "the action is legal"},
    [PUL_R_SYNTAX] = {"syntax", "the move cannot be read"},
    [PUL_R_GAME_OVER] = {"game_over", "the game is already over"},
    [PUL_R_OCCUPIED] = {"occupied", "that cell already holds a tile"},
    [PUL_R_NOT_ADJACENT] = {"not_adjacent", "the cell shares no edge with a placed tile"},
    [PUL_R_NO_ATTACHMENT] = {"no_attachment",
                             "rule 1: no micropul of the tile touches a micropul of the same colour"},
    [PUL_R_COLOUR_CONFLICT] = {"colour_conflict",
                               "rule 2: a micropul would touch a micropul of another colour"},
    [PUL_R_NOT_IN_HAND] = {"not_in_hand", "that tile is not in the player's hand"},
    [PUL_R_HAND_FULL] = {"hand_full", "the hand already holds as many tiles as the rules allow"},
    [PUL_R_NOT_IN_SUPPLY] = {"not_in_supply", "that tile is not in the player's supply"},
    [PUL_R_NO_STONES] = {"no_stones", "the player has no stone left"},
    [PUL_R_NOT_MICROPUL] = {"not_micropul", "there is no micropul at that quadrant"},
    [PUL_R_ALREADY_CLAIMED] = {"already_claimed", "that group already carries a stone"},
    [PUL_R_NO_EXTRA_TURN] = {"no_extra_turn", "pass is only allowed in an extra turn"},
    [PUL_R_BAD_ACTION] = {"bad_action", "that is not an action (unknown kind, rotation or quadrant)"},
    [PUL_R_SCRIPT_ERROR] = {"script_error", "a rule script of the variant failed; the game is "
                                            "as it was before the move"},
    [PUL_R_REFILL_DUE] = {"refill_due", "the seat must refill or swap now"},
    [PUL_R_NOT_IN_RACK] = {"not_in_rack", "that tile is not on the seat's rack"},
    [PUL_R_OFF_BOARD] = {"off_board", "a cell is outside the play area"},
    [PUL_R_FIRST_ROUND] = {"first_round", "a first placement must touch a printed symbol that "
                                          "no earlier first placement touched"},
    [PUL_R_PLACEMENT_DUE] = {"placement_due", "the seat must place a tile first"},
    [PUL_R_NO_SWAP] = {"no_swap", "a swap is not allowed now"},
    [PUL_R_BAD_DRAW] = {"bad_draw", "those tiles are not what the rules draw from the bag"},
};

const char *pul_reason_code(PulReason r) {
    return (unsigned)r < PUL_R_COUNT ? reasons[r].code : "unknown";
}

const char *pul_reason_message(PulReason r) {
    return (unsigned)r < PUL_R_COUNT ? reasons[r].message : "unknown reason";
}

const char *pul_end_reason_code(PulEndReason r) {
    switch (r) {
    case PUL_END_NONE: return "unfinished";
    case PUL_END_CORE_EMPTY: return "core_empty";
    case PUL_END_NO_TILES: return "no_tiles";
    case PUL_END_NO_ACTION: return "no_action";
    case PUL_END_SCRIPT: return "script";
    case PUL_END_ACTION_LIMIT: return "action_limit";
    case PUL_END_BOARD_FULL: return "board_full";
    case PUL_END_SUDDEN_DEATH: return "sudden_death";
    case PUL_END_COUNT: break;
    }
    return "unknown";
}
