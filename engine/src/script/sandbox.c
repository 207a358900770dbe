/*
** sandbox.c: the libraries a rule script gets, and nothing more: base,
** string, table, math and utf8, without what reaches outside the game
** (files, the OS, printing, bytecode, finalizers, weak tables) or makes it
** depend on anything but its seed (math.random). Reading a removed name
** is an error that says why.
**
** Every C function a script can reach is metered (meter.h): each
** library function is wrapped to charge its call, its arguments and the
** bytes of its string arguments before it runs (a string is read in O(its
** length) at most, by a conversion, a search or a copy) and its results
** after; the wrapper calls the library function directly, on its own
** stack frame, so nothing else changes. Where that price does not bound
** the work, the function is this project's own (the patterns, rep and the
** table functions in strings.c and tables.c; load, next, pairs
** and ipairs here) or has a price of its own: error (its level walks the
** stack), string.format (a byte at a time) and utf8.codes' iterator.
** Metamethods run from inside C (sort's comparisons, concat's reads,
** __index, __tostring) are Lua functions, which count their instructions,
** or these metered functions.
**
** setmetatable seals: the table a script gives is copied into a metatable
** only this file can reach, so a metatable cannot gain __gc or __mode
** after the check. Lua reads __mode at every collection: a weak table set
** up as a chain of ephemerons makes one collection quadratic in the
** state's size (20,000 entries take 2 s), in C where nothing can stop it.
** getmetatable still returns the script's table.
*/
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "meter.h"
#include "sandbox.h"
#include "script.h"

#define SANDBOX_HINT "is not available to rule scripts (sandbox): see scripts/README.md"

/* The parser is handed this much text at a time, and the clock looked at in between. */
enum { SLICE = 256 };

static const char seal_key = 's';  /* sealed metatable: the script's table it copies */
static const char count_key = 'n'; /* sealed metatable: how many fields it copied */
static const char seals_key = 'c'; /* registry: script's table -> sealed copy (both weak) */

/* ------------------------------------------------------------- forbidden */

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

/* --------------------------------------------------------------- metering */

/* What a call costs before it runs. */
static uint64_t call_cost(lua_State *L) {
    int n = lua_gettop(L);
    uint64_t cost = METER_CALL + (uint64_t)n;
    for (int i = 1; i <= n; i++)
        if (lua_type(L, i) == LUA_TSTRING) cost += lua_rawlen(L, i) / METER_BYTES;
    return cost;
}

/* A library function (upvalue 1), charged. */
static int metered(lua_State *L) {
    lua_CFunction fn = lua_tocfunction(L, lua_upvalueindex(1));
    meter_charge(L, call_cost(L));
    int n = fn(L);
    meter_charge(L, (uint64_t)n);
    return n;
}

/* error (upvalue 1): its level walks that many frames up the stack. */
static int metered_error(lua_State *L) {
    lua_CFunction fn = lua_tocfunction(L, lua_upvalueindex(1));
    lua_Integer level = lua_tointegerx(L, 2, NULL);
    uint64_t cost = call_cost(L);
    if (level > 0) cost += level < 65536 ? (uint64_t)level : 65536;
    meter_charge(L, cost);
    return fn(L);
}

/* string.format (upvalue 1) works through its strings a byte at a time,
** with a C library call per item ("%q" escapes each control character
** with one): four steps a byte. */
static int metered_format(lua_State *L) {
    lua_CFunction fn = lua_tocfunction(L, lua_upvalueindex(1));
    int n = lua_gettop(L);
    uint64_t cost = call_cost(L) + (uint64_t)n * METER_CALL;
    for (int i = 1; i <= n; i++)
        if (lua_type(L, i) == LUA_TSTRING) cost += 4 * (uint64_t)lua_rawlen(L, i);
    meter_charge(L, cost);
    return fn(L);
}

/* utf8.codes' iterator (upvalue 1) skips the continuation bytes after
** the last character, which may be the whole string: charge them. They
** are counted by Lua's own test of a byte (10xxxxxx), not by decoding as
** text.c does, so that the charge is for the bytes Lua walks. */
static int metered_utf8_step(lua_State *L) {
    lua_CFunction fn = lua_tocfunction(L, lua_upvalueindex(1));
    size_t len = 0, run = 0;
    const char *s = lua_type(L, 1) == LUA_TSTRING ? lua_tolstring(L, 1, &len) : NULL;
    lua_Integer at = lua_tointegerx(L, 2, NULL);
    if (s && at >= 0 && (lua_Unsigned)at < len)
        while ((size_t)at + run < len && ((unsigned char)s[at + run] & 0xC0) == 0x80) run++;
    meter_charge(L, METER_CALL + run / METER_BYTES);
    return fn(L);
}

/* utf8.codes (upvalue 1): the iterator it returns is metered too. */
static int metered_utf8_codes(lua_State *L) {
    lua_CFunction fn = lua_tocfunction(L, lua_upvalueindex(1));
    meter_charge(L, call_cost(L));
    int n = fn(L);
    if (n >= 1 && lua_iscfunction(L, -n)) {
        lua_pushcfunction(L, lua_tocfunction(L, -n));
        lua_pushcclosure(L, metered_utf8_step, 1);
        lua_replace(L, -n - 1);
    }
    return n;
}

/* Meter every C function of the table at lib. */
static void meter_library(lua_State *L, int lib) {
    lib = lua_absindex(L, lib);
    lua_pushnil(L);
    while (lua_next(L, lib)) {
        if (lua_iscfunction(L, -1)) {
            lua_pushvalue(L, -2);
            lua_pushvalue(L, -2);
            lua_pushcclosure(L, metered, 1);
            lua_rawset(L, lib); /* changing an existing field keeps the traversal valid */
        }
        lua_pop(L, 1);
    }
}

/* Give lib.name, metered, a wrapper of its own (same library function). */
static void remeter(lua_State *L, int lib, const char *name, lua_CFunction wrapper) {
    lua_getfield(L, lib, name);
    lua_getupvalue(L, -1, 1);
    lua_pushcclosure(L, wrapper, 1);
    lua_setfield(L, lib, name);
    lua_pop(L, 1);
}

/* -------------------------------------------------------------- loading */

typedef struct {
    const char *text;
    size_t len, pos;
    int fn;      /* stack index of a reader function, 0 when none (or done) */
    int slot;    /* stack index keeping the reader's last piece alive */
    bool charge; /* a script's own load: a step per byte */
    bool late;
} Chunk;

static const char *chunk_read(lua_State *L, void *ud, size_t *size) {
    Chunk *c = ud;
    *size = 0;
    if (c->pos == c->len) {
        if (!c->fn) return NULL;
        luaL_checkstack(L, 2, "too many nested functions");
        lua_pushvalue(L, c->fn);
        lua_call(L, 0, 1);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            c->fn = 0;
            return NULL;
        }
        if (!lua_isstring(L, -1)) luaL_error(L, "reader function must return a string");
        lua_replace(L, c->slot);
        c->text = lua_tolstring(L, c->slot, &c->len);
        c->pos = 0;
        if (c->len == 0) {
            c->fn = 0;
            return NULL;
        }
    }
    if (meter_late(meter_of(L))) {
        c->late = true;
        return NULL;
    }
    size_t n = c->len - c->pos < SLICE ? c->len - c->pos : SLICE;
    if (c->charge) meter_charge(L, n);
    const char *p = c->text + c->pos;
    c->pos += n;
    *size = n;
    return p;
}

int sandbox_load_text(lua_State *L, const char *text, size_t len, const char *name, bool *late) {
    Chunk c = {text, len, 0, 0, 0, false, false};
    int st = lua_load(L, chunk_read, &c, name, "t");
    *late = c.late;
    return st;
}

/* load: text chunks only, always in the sandbox's globals. The mode and
** environment arguments are ignored, so a binary chunk is refused and no
** chunk sees other globals. */
static int sandbox_load(lua_State *L) {
    size_t len = 0;
    const char *s = lua_tolstring(L, 1, &len);
    const char *name;
    Chunk c = {NULL, 0, 0, 0, 3, true, false};
    meter_charge(L, METER_CALL);
    if (s) {
        name = luaL_optstring(L, 2, s);
        c.text = s;
        c.len = len;
    } else {
        name = luaL_optstring(L, 2, "=(load)");
        luaL_checktype(L, 1, LUA_TFUNCTION);
        c.fn = 1;
    }
    lua_settop(L, 3);
    int st = lua_load(L, chunk_read, &c, name, "t");
    if (st == LUA_OK && !c.late) return 1;
    if (c.late) {
        char msg[160];
        lua_pop(L, 1);
        lua_pushstring(L, meter_stop_message(meter_of(L), msg, sizeof msg));
    }
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
}

/* ----------------------------------------------------------- metatables */

static bool is_key(lua_State *L, int idx, const char *name, size_t n) {
    return lua_type(L, idx) == LUA_TSTRING && lua_rawlen(L, idx) == n &&
           memcmp(lua_tostring(L, idx), name, n) == 0;
}

/* Whether the sealed copy at copy still has exactly the fields of mt. */
static bool same_fields(lua_State *L, int copy, int mt) {
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, mt)) {
        meter_charge(L, METER_CALL);
        lua_pushvalue(L, -2);
        lua_rawget(L, copy);
        bool same = lua_rawequal(L, -1, -2);
        lua_pop(L, 2);
        if (!same) {
            lua_pop(L, 1);
            return false;
        }
        n++;
    }
    lua_rawgetp(L, copy, &count_key);
    bool same = lua_tointeger(L, -1) == n;
    lua_pop(L, 1);
    return same;
}

/* Push the metatable to give a table for the script's table at mt: its
** sealed copy, made anew when mt changed since. */
static void push_sealed(lua_State *L, int mt) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &seals_key);
    int cache = lua_gettop(L);
    lua_pushvalue(L, mt);
    if (lua_rawget(L, cache) == LUA_TTABLE && same_fields(L, cache + 1, mt)) {
        lua_remove(L, cache);
        return;
    }
    lua_settop(L, cache);
    lua_newtable(L);
    int copy = lua_gettop(L);
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, mt)) {
        meter_charge(L, METER_CALL);
        if (is_key(L, -2, "__gc", 4))
            luaL_error(L, "__gc metamethods are not available to rule scripts (sandbox): see "
                          "scripts/README.md");
        if (is_key(L, -2, "__mode", 6))
            luaL_error(L, "__mode (weak tables) is not available to rule scripts (sandbox): see "
                          "scripts/README.md");
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, copy);
        n++;
    }
    lua_pushvalue(L, mt);
    lua_rawsetp(L, copy, &seal_key);
    lua_pushinteger(L, n);
    lua_rawsetp(L, copy, &count_key);
    lua_pushvalue(L, mt);
    lua_pushvalue(L, copy);
    lua_rawset(L, cache);
    lua_remove(L, cache);
}

static int sandbox_setmetatable(lua_State *L) {
    int t = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    meter_charge(L, METER_CALL);
    lua_settop(L, 2);
    if (t == LUA_TTABLE) {
        push_sealed(L, 2);
        lua_replace(L, 2);
    }
    lua_setmetatable(L, 1);
    return 1;
}

static int sandbox_getmetatable(lua_State *L) {
    luaL_checkany(L, 1);
    meter_charge(L, METER_CALL);
    if (!lua_getmetatable(L, 1)) {
        lua_pushnil(L);
        return 1;
    }
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL) return 1;
    if (lua_rawgetp(L, -1, &seal_key) != LUA_TNIL) return 1; /* the script's own table */
    lua_pop(L, 1);
    return 1; /* a metatable the sandbox set: the strings' */
}

/* -------------------------------------------------------------- traversal */

static int sandbox_next(lua_State *L) {
    /* Once per step of every pairs loop: the checks cost only when they fail. */
    if (lua_type(L, 1) != LUA_TTABLE) luaL_checktype(L, 1, LUA_TTABLE);
    meter_charge(L, METER_CALL);
    if (lua_gettop(L) != 2) lua_settop(L, 2);
    if (lua_next(L, 1)) return 2;
    lua_pushnil(L);
    return 1;
}

static int sandbox_pairs(lua_State *L) {
    luaL_checkany(L, 1);
    meter_charge(L, METER_CALL);
    if (luaL_getmetafield(L, 1, "__pairs") == LUA_TNIL) {
        lua_pushcfunction(L, sandbox_next);
        lua_pushvalue(L, 1);
        lua_pushnil(L);
    } else {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
    }
    return 3;
}

static int ipairs_step(lua_State *L) {
    lua_Integer i = luaL_checkinteger(L, 2);
    meter_charge(L, METER_ELEMENT);
    i = luaL_intop(+, i, 1);
    lua_pushinteger(L, i);
    return lua_geti(L, 1, i) == LUA_TNIL ? 1 : 2;
}

static int sandbox_ipairs(lua_State *L) {
    luaL_checkany(L, 1);
    meter_charge(L, METER_CALL);
    lua_pushcfunction(L, ipairs_step);
    lua_pushvalue(L, 1);
    lua_pushinteger(L, 0);
    return 3;
}

/* ----------------------------------------------------------------- open */

void sandbox_open_libs(lua_State *L) {
    static const luaL_Reg libs[] = {{LUA_GNAME, luaopen_base},
                                    {LUA_STRLIBNAME, luaopen_string},
                                    {LUA_TABLIBNAME, luaopen_table},
                                    {LUA_MATHLIBNAME, luaopen_math},
                                    {LUA_UTF8LIBNAME, luaopen_utf8}};
    for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++) {
        luaL_requiref(L, libs[i].name, libs[i].func, 1);
        meter_library(L, -1);
        lua_pop(L, 1);
    }
    lua_pushglobaltable(L);
    int G = lua_gettop(L);
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1); /* the strings' arithmetic metamethods */
    meter_library(L, -1);
    lua_pop(L, 2);
    remeter(L, G, "error", metered_error);
    lua_getfield(L, G, LUA_STRLIBNAME);
    remeter(L, lua_gettop(L), "format", metered_format);
    lua_pop(L, 1);
    lua_getfield(L, G, LUA_UTF8LIBNAME);
    remeter(L, lua_gettop(L), "codes", metered_utf8_codes);
    lua_pop(L, 1);

    static const luaL_Reg own[] = {{"load", sandbox_load},
                                   {"setmetatable", sandbox_setmetatable},
                                   {"getmetatable", sandbox_getmetatable},
                                   {"next", sandbox_next},
                                   {"pairs", sandbox_pairs},
                                   {"ipairs", sandbox_ipairs},
                                   {NULL, NULL}};
    for (int i = 0; own[i].name; i++) {
        lua_pushcfunction(L, own[i].func);
        lua_setfield(L, G, own[i].name);
    }
    lua_getfield(L, G, LUA_STRLIBNAME);
    strings_open(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, G, LUA_TABLIBNAME);
    tables_open(L, -1);
    lua_pop(L, 1);

    /* The sealed metatables, by the script's table: weak keys and values,
    ** so an entry goes with either, and no ephemeron is made. */
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "kv");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &seals_key);

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

    lua_createtable(L, 0, 1);
    lua_pushinteger(L, SCRIPT_API_VERSION);
    lua_setfield(L, -2, "api_version");
    lua_setfield(L, G, "pul");
    lua_pop(L, 1); /* the globals */
}
