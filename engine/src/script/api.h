/*
** api.h: the Lua view of a game (api.c), for host.c: the `game`
** object hooks receive, and the argument tables of each hook.
*/
#ifndef PUL_LUA_API_H
#define PUL_LUA_API_H

#include <lua.h>

#include "script.h"

/* The call a game object may act in. The host keeps one slot; a game object
** made during call number `serial` works only while the slot still holds
** that call, so one kept past its hook raises a clean Lua error. */
typedef struct {
    HookCall *call; /* NULL between calls */
    uint64_t serial;  /* bumped at each call */
} GameSlot;

/* Register the game object's metatable (once per state, protected mode), its
** functions bound to slot. */
void api_open(lua_State *L, GameSlot *slot);
/* Push the game object of the slot's current call (allocates nothing). */
void api_push_game(lua_State *L, GameSlot *slot);

/* Names as scripts write them. */
const char *api_hook_name(const Family *fam, int hook); /* HOOK_* bit: "setup", ... */
const char *api_quad_name(int quad); /* "nw" .. "se", "centre" */

/* The argument tables (each pushes one table). A hook's flat argument table
** (activation, group and its stones, half, bonus) is one table per state,
** reused from call to call, its fields all set again (scripts/README.md,
** section 4); events and score lists are made afresh. */
void api_push_activation(lua_State *L, const HookCall *call, const MicropulActivation *act);
void api_push_events(lua_State *L, const PulGame *g, const PulEvents *ev, int n);
void api_push_group(lua_State *L, const PulGame *g, const MicropulGroup *grp);
void api_push_ints(lua_State *L, const int *values, int n);
/* Genial's: a half of a placement, a bonus. */
void api_push_half(lua_State *L, const PulGame *g, const GenialHalf *half);
void api_push_bonus(lua_State *L, const PulGame *g, const GenialBonus *b);

#endif
