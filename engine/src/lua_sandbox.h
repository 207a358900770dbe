/*
** lua_sandbox.h: the libraries of a rule script's state (lua_sandbox.c).
*/
#ifndef PUL_LUA_SANDBOX_H
#define PUL_LUA_SANDBOX_H

#include <lua.h>

/* Open base, string, table, math and utf8 as sandboxed, and the `pul` table
** (api_version), in the state's globals (protected mode). */
void sandbox_open_libs(lua_State *L);

#endif
