/*
** sandbox.h: the libraries of a rule script's state (sandbox.c,
** with strings.c and tables.c).
*/
#ifndef PUL_LUA_SANDBOX_H
#define PUL_LUA_SANDBOX_H

#include <stdbool.h>
#include <stddef.h>

#include <lua.h>

/* Open base, string, table, math and utf8 as sandboxed, and the `pul` table
** (api_version), in the state's globals (protected mode). Every C function
** a script can reach is then metered (meter.h). */
void sandbox_open_libs(lua_State *L);

/* Compile text as a chunk named name (text only), handing it to the
** parser a slice at a time so the deadline is looked at as it goes: a
** parse cut short by the deadline sets *late. Returns lua_load's status,
** with the function or the message pushed. */
int sandbox_load_text(lua_State *L, const char *text, size_t len, const char *name, bool *late);

/* strings.c: string.find, match, gmatch, gsub and rep into the table at lib. */
void strings_open(lua_State *L, int lib);
/* tables.c: the table library's functions into the table at lib. */
void tables_open(lua_State *L, int lib);

#endif
