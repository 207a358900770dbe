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
typedef struct Meter Meter;
typedef struct {
    HookCall *call; /* NULL between calls */
    uint64_t serial;  /* bumped at each call */
    Meter *meter;     /* the state's (meter.h): a method charges it without a lookup */
} GameSlot;

/* Fields of the argument tables, by number: their names are kept as Lua
** strings in the cache, so that setting or reading one looks no name up. */
typedef enum {
    API_SEAT, API_FEATURE, API_X, API_Y, API_QUAD, API_DRAW, API_EXTRA_TURN, /* act */
    API_COLOUR, API_SIZE, API_STONES, API_OWNER, API_POINTS,                 /* group */
    API_HALF, API_SYMBOL, API_Q, API_R,                                      /* half */
    API_COUNT,                                                               /* bonus */
    API_NKEYS
} ApiKey;

/* The state's cache: a table in the registry (at the integer reference
** api_open returns) whose array holds what every hook call uses, so that a
** call finds each by index: the reused argument tables, the field names,
** the names of quadrants and of features (or symbols), and the hook
** handlers (host.c's slots from API_CACHE_HANDLERS on). Scripts cannot
** reach it. */
enum {
    API_CACHE_KEYS = 8,                          /* 1..7: the tables and their setters */
    API_CACHE_QUADS = API_CACHE_KEYS + API_NKEYS,             /* nw .. centre */
    API_CACHE_NAMES = API_CACHE_QUADS + 5,                    /* feature or symbol i, made at first use */
    API_CACHE_HANDLERS = API_CACHE_NAMES + PUL_MAX_FEATURES,
};

/* Register the game object's metatable (once per state, protected mode), its
** functions bound to slot, and make the cache of extra slots for the host
** (API_CACHE_HANDLERS on): returns its registry reference. */
int api_open(lua_State *L, GameSlot *slot, int extra);
/* Push the game object of the slot's current call (allocates nothing). */
void api_push_game(lua_State *L, GameSlot *slot);
/* Push field key's name, from the cache at stack index cache. */
void api_push_key(lua_State *L, int cache, ApiKey key);
/* Push field key of the table at index t (raw: no metamethod runs); returns its type. */
int api_get(lua_State *L, int cache, int t, ApiKey key);
/* Set field key of the table at index t to the value on top, popped (raw). */
void api_set(lua_State *L, int cache, int t, ApiKey key);

/* Names as scripts write them. */
const char *api_hook_name(const Family *fam, int hook); /* HOOK_* bit: "setup", ... */
const char *api_quad_name(int quad); /* "nw" .. "se", "centre" */

/* The argument tables (each pushes one table; cache: the cache's stack
** index). A hook's flat argument table (activation, group and its stones,
** half, bonus) is one table per state, reused from call to call, its fields
** all set again (scripts/README.md, section 4); events and score lists are
** made afresh. */
void api_push_activation(lua_State *L, int cache, const HookCall *call,
                         const MicropulActivation *act);
/* The same without allocating, for a call outside protected mode: pushes
** the table, then the setter and its eight arguments (the table and the
** fields' values), for the caller to call (protected: a script may have
** emptied the table, and setting a field back may then allocate). False,
** with nothing pushed, until api_push_activation has made the table and
** the name of act's feature. Needs 11 free stack slots. */
bool api_push_activation_quick(lua_State *L, int cache, const HookCall *call,
                               const MicropulActivation *act);
void api_push_events(lua_State *L, const PulGame *g, const PulEvents *ev, int n);
void api_push_group(lua_State *L, int cache, const PulGame *g, const MicropulGroup *grp);
void api_push_ints(lua_State *L, const int *values, int n);
/* Genial's: a half of a placement, a bonus. */
void api_push_half(lua_State *L, int cache, const PulGame *g, const GenialHalf *half);
void api_push_bonus(lua_State *L, int cache, const PulGame *g, const GenialBonus *b);

#endif
