/*
** game.h: the common header every family's game begins with, and the common
** part every family's variant begins with (family/variant.h). family/ reads a
** game only through this header; a family's own state follows it.
*/
#ifndef PUL_FAMILY_GAME_H
#define PUL_FAMILY_GAME_H

#include "family.h"
#include "variant.h"

/* Every family's game begins with this (as its member h). It is what the
** generic pul_* functions read without a call: to-move, over, seats, turns,
** seed, end reason, loser; and the script's final word on the result. */
struct PulGame {
    const PulVariant *v;
    const Family *fam;        /* == v->fam: one load on the dispatch path */
    PulRng rng;               /* random takes, game:random() */
    uint64_t seed;            /* what rng was seeded with */
    uint8_t started, nseats, to_move;
    uint8_t over, end_reason;
    int8_t loser;
    uint8_t script_winners;   /* final_scores hook: bit per winning seat; 0: by the scores */
    int32_t turns;            /* actions applied: up to PUL_ACTION_LIMIT */
    int32_t final_adjust[PUL_MAX_SEATS];  /* final_scores hook: added to the rules' totals */
};

/* Kept just before each game object, never copied nor compared (like Lua's
** LUA_EXTRASPACE): the script state of that object (made at its first hook
** call, freed with the object), so a variant stays immutable and games on
** other threads never share one. */
typedef struct {
    _Alignas(16) void *script;
} GameEnv;

static inline GameEnv *game_env(const PulGame *g) { return (GameEnv *)(uintptr_t)g - 1; }

/* pul_game_size(): the least every game object is allocated with, whatever
** its family, so that callers may compare two games byte for byte over it
** (the tail past a family's game_size is zeroed at pul_game_new and never
** written); a family layout larger than this (Micropul's wide one) gets its
** own size (pul_variant_game_size). */
#define PUL_GAME_BYTES 16384

_Static_assert(PUL_ACTION_LIMIT <= INT32_MAX, "turns counts up to the action limit");
_Static_assert(PUL_MAX_SEATS <= 8, "script_winners has a bit per seat in a byte");

#endif
