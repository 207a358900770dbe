/*
** tables.c: the table library as rule scripts get it: Lua 5.4's
** functions, each charging the elements it will touch before its loop.
**
** Lua's own loop over a range the script chooses (a __len of 2^40, a move
** over 2^62 slots, a sort whose every access runs a metamethod) counts as
** one instruction. Here a loop charges its length first, so a huge one is
** the budget error at once, and each access a metamethod makes charges
** itself (a Lua function counts its instructions, a library function its
** call). sort is a merge sort: stable and deterministic (Lua's quicksort
** picks random pivots from the clock on some inputs), n log n comparisons
** at worst whatever the order function answers, each one charged, with
** the bytes of the strings it compares.
*/
#include <limits.h>

#include <lauxlib.h>

#include "meter.h"
#include "sandbox.h"

enum { TAB_R = 1, TAB_W = 2, TAB_L = 4, TAB_RW = TAB_R | TAB_W };

static void charge_elements(lua_State *L, lua_Unsigned n) {
    meter_charge(L, n > UINT64_MAX / METER_ELEMENT ? UINT64_MAX : (uint64_t)n * METER_ELEMENT);
}

static int has_field(lua_State *L, int mt, const char *key) {
    lua_pushstring(L, key);
    int t = lua_rawget(L, mt);
    lua_pop(L, 1);
    return t != LUA_TNIL;
}

/* A table, or a value whose metatable has what the function needs. */
static void check_table(lua_State *L, int arg, int what) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    int top = lua_gettop(L);
    if (lua_getmetatable(L, arg)) {
        int mt = lua_gettop(L);
        int ok = (!(what & TAB_R) || has_field(L, mt, "__index")) &&
                 (!(what & TAB_W) || has_field(L, mt, "__newindex")) &&
                 (!(what & TAB_L) || has_field(L, mt, "__len"));
        lua_settop(L, top);
        if (ok) return;
    }
    luaL_checktype(L, arg, LUA_TTABLE); /* raises the usual message */
}

static lua_Integer length(lua_State *L, int arg, int what) {
    check_table(L, arg, what | TAB_L);
    return luaL_len(L, arg);
}

static int t_insert(lua_State *L) {
    lua_Integer e = luaL_intop(+, length(L, 1, TAB_RW), 1); /* the first empty slot */
    lua_Integer pos;
    meter_charge(L, METER_CALL);
    switch (lua_gettop(L)) {
    case 2: pos = e; break;
    case 3:
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
        charge_elements(L, (lua_Unsigned)e - (lua_Unsigned)pos);
        for (lua_Integer i = e; i > pos; i--) {
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
        }
        break;
    default: return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

static int t_remove(lua_State *L) {
    lua_Integer size = length(L, 1, TAB_RW);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    meter_charge(L, METER_CALL);
    if (pos != size)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
    lua_geti(L, 1, pos);
    if (pos < size) charge_elements(L, (lua_Unsigned)size - (lua_Unsigned)pos);
    for (; pos < size; pos++) {
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

static int t_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int tt = !lua_isnoneornil(L, 5) ? 5 : 1;
    check_table(L, 1, TAB_R);
    check_table(L, tt, TAB_W);
    meter_charge(L, METER_CALL);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        charge_elements(L, (lua_Unsigned)n);
        /* Backwards only when the destination overlaps the source from above. */
        if (t > e || t <= f || (tt != 1 && !lua_compare(L, 1, tt, LUA_OPEQ))) {
            for (lua_Integer i = 0; i < n; i++) {
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
            }
        } else {
            for (lua_Integer i = n - 1; i >= 0; i--) {
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
            }
        }
    }
    lua_pushvalue(L, tt);
    return 1;
}

static void add_field(lua_State *L, luaL_Buffer *b, lua_Integer i) {
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1))
        luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1),
                   (LUAI_UACINT)i);
    luaL_addvalue(b);
}

static int t_concat(lua_State *L) {
    lua_Integer last = length(L, 1, TAB_R);
    size_t lsep;
    const char *sep = luaL_optlstring(L, 2, "", &lsep);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    meter_charge(L, METER_CALL);
    if (i <= last) charge_elements(L, (lua_Unsigned)last - (lua_Unsigned)i + 1u);
    luaL_Buffer b;
    luaL_buffinit(L, &b); /* the bytes it grows to, the allocator charges */
    for (; i < last; i++) {
        add_field(L, &b, i);
        luaL_addlstring(&b, sep, lsep);
    }
    if (i == last) add_field(L, &b, i);
    luaL_pushresult(&b);
    return 1;
}

static int t_pack(lua_State *L) {
    int n = lua_gettop(L);
    meter_charge(L, METER_CALL + (uint64_t)n * METER_ELEMENT);
    lua_createtable(L, n, 1);
    lua_insert(L, 1);
    for (int i = n; i >= 1; i--) lua_seti(L, 1, i);
    lua_pushinteger(L, n);
    lua_setfield(L, 1, "n");
    return 1;
}

static int t_unpack(lua_State *L) {
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer e = luaL_opt(L, luaL_checkinteger, 3, luaL_len(L, 1));
    meter_charge(L, METER_CALL);
    if (i > e) return 0;
    lua_Unsigned n = (lua_Unsigned)e - (lua_Unsigned)i;
    if (n >= (unsigned int)INT_MAX) return luaL_error(L, "too many results to unpack");
    charge_elements(L, ++n);
    if (!lua_checkstack(L, (int)n)) return luaL_error(L, "too many results to unpack");
    for (; i < e; i++) lua_geti(L, 1, i);
    lua_geti(L, 1, e);
    return (int)n;
}

/* ------------------------------------------------------------------ sort */

/* Whether the value at a sorts before the one at b (the order function at
** index 2, or <), charged with the bytes of the strings it compares. */
static int sorts_before(lua_State *L, int a, int b) {
    a = lua_absindex(L, a);
    b = lua_absindex(L, b);
    uint64_t cost = METER_ELEMENT;
    if (lua_type(L, a) == LUA_TSTRING && lua_type(L, b) == LUA_TSTRING) {
        size_t la = lua_rawlen(L, a), lb = lua_rawlen(L, b);
        cost += (la < lb ? la : lb) / METER_BYTES;
    }
    if (!lua_isnil(L, 2)) cost += METER_CALL;
    meter_charge(L, cost);
    if (lua_isnil(L, 2)) return lua_compare(L, a, b, LUA_OPLT);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, a);
    lua_pushvalue(L, b);
    lua_call(L, 2, 1);
    int yes = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return yes;
}

/* Merge the sorted runs [lo, mid) and [mid, hi) of table src into dst. */
static void merge(lua_State *L, int src, int dst, lua_Integer lo, lua_Integer mid,
                  lua_Integer hi) {
    lua_Integer i = lo, j = mid, k = lo;
    while (i < mid && j < hi) {
        lua_rawgeti(L, src, j);
        lua_rawgeti(L, src, i);
        if (sorts_before(L, -2, -1)) { /* only a strictly smaller right one goes first: stable */
            lua_pop(L, 1);
            j++;
        } else {
            lua_remove(L, -2);
            i++;
        }
        lua_rawseti(L, dst, k++);
    }
    for (; i < mid; i++) {
        lua_rawgeti(L, src, i);
        lua_rawseti(L, dst, k++);
    }
    for (; j < hi; j++) {
        lua_rawgeti(L, src, j);
        lua_rawseti(L, dst, k++);
    }
}

static int t_sort(lua_State *L) {
    lua_Integer n = length(L, 1, TAB_RW);
    meter_charge(L, METER_CALL);
    if (n <= 1) return 0;
    luaL_argcheck(L, n < INT_MAX, 1, "array too big");
    if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    charge_elements(L, 2 * (lua_Unsigned)n); /* read, and write back */
    lua_createtable(L, (int)n, 0);           /* 3: the values */
    lua_createtable(L, (int)n, 0);           /* 4: room to merge into */
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, 1, i);
        lua_rawseti(L, 3, i);
    }
    int src = 3, dst = 4;
    for (lua_Integer width = 1; width < n; width *= 2) {
        for (lua_Integer lo = 1; lo <= n; lo += 2 * width) {
            lua_Integer mid = lo + width < n + 1 ? lo + width : n + 1;
            lua_Integer hi = lo + 2 * width < n + 1 ? lo + 2 * width : n + 1;
            merge(L, src, dst, lo, mid, hi);
        }
        int swap = src;
        src = dst;
        dst = swap;
    }
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, src, i);
        lua_seti(L, 1, i);
    }
    return 0;
}

void tables_open(lua_State *L, int lib) {
    static const luaL_Reg fns[] = {{"insert", t_insert}, {"remove", t_remove}, {"move", t_move},
                                   {"concat", t_concat}, {"pack", t_pack},     {"unpack", t_unpack},
                                   {"sort", t_sort},     {NULL, NULL}};
    lib = lua_absindex(L, lib);
    for (int i = 0; fns[i].name; i++) {
        lua_pushcfunction(L, fns[i].func);
        lua_setfield(L, lib, fns[i].name);
    }
}
