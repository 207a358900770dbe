/*
** lua_sandbox.c: the libraries a rule script gets, and nothing more: base,
** string, table, math and utf8, without what reaches outside the game
** (files, the OS, printing, bytecode, finalizers) or makes it depend on
** anything but its seed (math.random). Reading a removed name is an error
** that says why; the C loops that the instruction budget cannot see are
** bounded.
*/
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "lua_sandbox.h"
#include "script.h"

#define SANDBOX_HINT "is not available to rule scripts (sandbox): see scripts/README.md"

/* __index of the globals, math and string: a forbidden name raises its
** message (upvalue 1: name -> message); anything else is nil as usual. */
static int forbidden_index(lua_State *L) {
    if (lua_type(L, 2) == LUA_TSTRING) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, lua_upvalueindex(1)) == LUA_TSTRING)
            return luaL_error(L, "%s", lua_tostring(L, -1));
    }
    return 0;
}

/* A name scripts must not use, and what to do instead ("" when nothing). */
typedef struct {
    const char *name, *hint;
} Forbidden;

/* Remove the names (up to a NULL name) from the table at idx and make
** reading any of them an error naming prefix..name. */
static void forbid(lua_State *L, int idx, const char *prefix, const Forbidden *names) {
    idx = lua_absindex(L, idx);
    lua_newtable(L); /* the metatable */
    lua_newtable(L); /* name -> message */
    for (int i = 0; names[i].name; i++) {
        lua_pushnil(L);
        lua_setfield(L, idx, names[i].name);
        lua_pushfstring(L, "%s%s %s%s", prefix, names[i].name, SANDBOX_HINT, names[i].hint);
        lua_setfield(L, -2, names[i].name);
    }
    lua_pushcclosure(L, forbidden_index, 1);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable"); /* scripts cannot lift it */
    lua_setmetatable(L, idx);
}

/* Call the function in upvalue 1 with this call's arguments. */
static int call_original(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* load: text chunks only, always in the sandbox's globals (upvalue 1: the
** library's load, 2: the globals). Mode and environment arguments are
** ignored, so a binary chunk is refused and no chunk sees other globals. */
static int sandbox_load(lua_State *L) {
    luaL_checkany(L, 1);
    lua_settop(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_pushliteral(L, "t");
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_call(L, 4, LUA_MULTRET);
    return lua_gettop(L);
}

/* setmetatable without __gc: a finalizer would run at a time only the
** garbage collector knows, outside every budget and every game. */
static int sandbox_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "__gc metamethods are not available to rule scripts (sandbox): "
                                 "see scripts/README.md");
        lua_pop(L, 1);
    }
    lua_settop(L, 2);
    return call_original(L);
}

/* table.move loops in C, where the instruction budget cannot see it: a
** move over a range of 2^40 empty slots would never end. */
static int sandbox_table_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
    if (e >= f && (lua_Unsigned)e - (lua_Unsigned)f >= SCRIPT_INSTRUCTION_BUDGET)
        return luaL_error(L,
                          "table.move of more than %d elements is not available to rule "
                          "scripts (sandbox): see scripts/README.md",
                          SCRIPT_INSTRUCTION_BUDGET);
    return call_original(L);
}

/* table.insert and table.remove shift every element up to #t in C: a __len
** could make that endless (upvalue 2: the function's name). */
static int sandbox_table_shift(lua_State *L) {
    if (luaL_getmetafield(L, 1, "__len") != LUA_TNIL)
        return luaL_error(L,
                          "%s on a table with a __len metamethod is not available to rule "
                          "scripts (sandbox): see scripts/README.md",
                          lua_tostring(L, lua_upvalueindex(2)));
    return call_original(L);
}

static void wrap_table_function(lua_State *L, int tbl, const char *name, lua_CFunction fn) {
    lua_getfield(L, tbl, name);
    lua_pushfstring(L, "table.%s", name);
    lua_pushcclosure(L, fn, 2);
    lua_setfield(L, tbl, name);
}

void sandbox_open_libs(lua_State *L) {
    static const luaL_Reg libs[] = {{LUA_GNAME, luaopen_base},
                                    {LUA_STRLIBNAME, luaopen_string},
                                    {LUA_TABLIBNAME, luaopen_table},
                                    {LUA_MATHLIBNAME, luaopen_math},
                                    {LUA_UTF8LIBNAME, luaopen_utf8}};
    for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++) {
        luaL_requiref(L, libs[i].name, libs[i].func, 1);
        lua_pop(L, 1);
    }
    lua_pushglobaltable(L);
    int G = lua_gettop(L);

    lua_getfield(L, G, "load");
    lua_pushvalue(L, G);
    lua_pushcclosure(L, sandbox_load, 2);
    lua_setfield(L, G, "load");
    lua_getfield(L, G, "setmetatable");
    lua_pushcclosure(L, sandbox_setmetatable, 1);
    lua_setfield(L, G, "setmetatable");

    static const Forbidden globals[] = {
        {"io", ""},
        {"os", ""},
        {"package", ""},
        {"debug", ""},
        {"require", ""},
        {"dofile", ""},
        {"loadfile", ""},
        {"collectgarbage", ""},
        {"coroutine", ""},
        {"print", " (the library never prints; raise error(...) to report a problem)"},
        {NULL, NULL}};
    static const Forbidden maths[] = {
        {"random", " (use game:random(n))"}, {"randomseed", " (use game:random(n))"}, {NULL, NULL}};
    static const Forbidden strings[] = {{"dump", ""}, {NULL, NULL}};
    forbid(L, G, "", globals);
    lua_getfield(L, G, LUA_MATHLIBNAME);
    forbid(L, -1, "math.", maths);
    lua_pop(L, 1);
    lua_getfield(L, G, LUA_STRLIBNAME);
    forbid(L, -1, "string.", strings);
    lua_pop(L, 1);

    lua_getfield(L, G, LUA_TABLIBNAME);
    wrap_table_function(L, lua_gettop(L), "move", sandbox_table_move);
    wrap_table_function(L, lua_gettop(L), "insert", sandbox_table_shift);
    wrap_table_function(L, lua_gettop(L), "remove", sandbox_table_shift);
    lua_pop(L, 1);

    lua_createtable(L, 0, 1);
    lua_pushinteger(L, SCRIPT_API_VERSION);
    lua_setfield(L, -2, "api_version");
    lua_setfield(L, G, "pul");
    lua_pop(L, 1); /* the globals */
}
