/*
** strings.c: string.find, match, gmatch, gsub and rep as rule scripts
** get them: Lua 5.4's behaviour, on pattern.c's matcher, charged.
**
** The matcher is given the steps the run has left and the steps it took
** are charged, so a pattern that backtracks stops at the budget. A plain
** find charges its comparisons; gsub the replacement text it reads; rep
** copies by doubling, so its time follows the bytes it makes, which the
** allocator charges (an empty result costs nothing, however many times).
*/
#include <string.h>

#include <lauxlib.h>

#include "meter.h"
#include "pattern.h"
#include "sandbox.h"

/* A 1-based position as string.find reads it, turned 1-based and clamped. */
static size_t start_at(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0 || pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

/* ------------------------------------------------------- metered matching */

static void begin(lua_State *L, PatternMatch *m) {
    m->steps = 0;
    m->limit = meter_left(L);
}

/* Charge the steps taken so far (raises past the budget). */
static void settle(lua_State *L, PatternMatch *m) {
    uint64_t steps = m->steps;
    m->steps = 0;
    meter_charge(L, steps);
    m->limit = meter_left(L);
}

/* The end of a match at s, or NULL; an error of the pattern, or the
** budget, raises. */
static const char *try_at(lua_State *L, PatternMatch *m, const char *s, const char *p) {
    const char *end = pattern_match(m, s, p);
    if (m->status != PATTERN_OK) {
        settle(L, m); /* past the limit: this raises the budget error */
        char msg[64];
        if (m->status == PATTERN_LIMIT) luaL_error(L, "pattern ran past the budget");
        luaL_error(L, "%s", pattern_message(m, msg, sizeof msg));
    }
    return end;
}

/* ------------------------------------------------------------- captures */

/* Capture i as text (*text, returning its length), or pushed as a position
** (returning PATTERN_POSITION); without captures, index 0 is the match. */
static ptrdiff_t capture(lua_State *L, const PatternMatch *m, int i, const char *s, const char *e,
                         const char **text) {
    if (i >= m->level) {
        if (i != 0) luaL_error(L, "invalid capture index %%%d", i + 1);
        *text = s;
        return e - s;
    }
    ptrdiff_t len = m->capture[i].len;
    *text = m->capture[i].init;
    if (len == PATTERN_OPEN) luaL_error(L, "unfinished capture");
    if (len == PATTERN_POSITION) lua_pushinteger(L, (m->capture[i].init - m->src) + 1);
    return len;
}

static void push_capture(lua_State *L, const PatternMatch *m, int i, const char *s,
                         const char *e) {
    const char *text;
    ptrdiff_t len = capture(L, m, i, s, e, &text);
    if (len != PATTERN_POSITION) lua_pushlstring(L, text, (size_t)len);
}

/* The captures, or the whole match when there are none and s is given. */
static int push_captures(lua_State *L, const PatternMatch *m, const char *s, const char *e) {
    int n = (m->level == 0 && s) ? 1 : m->level;
    luaL_checkstack(L, n, "too many captures");
    for (int i = 0; i < n; i++) push_capture(L, m, i, s, e);
    return n;
}

/* --------------------------------------------------------- find, match */

static int find_or_match(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_at(luaL_optinteger(L, 3, 1), ls) - 1;
    meter_charge(L, METER_CALL);
    if (init > ls) { /* starts after the end: nothing to find */
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || (meter_bytes(L, lp), !pattern_has_specials(p, lp)))) {
        uint64_t steps = 0;
        const char *hit = pattern_find_plain(s + init, ls - init, p, lp, &steps, meter_left(L));
        meter_charge(L, steps);
        if (hit) {
            lua_pushinteger(L, (hit - s) + 1);
            lua_pushinteger(L, (lua_Integer)((size_t)(hit - s) + lp));
            return 2;
        }
    } else {
        PatternMatch m;
        const char *s1 = s + init;
        int anchor = (*p == '^');
        if (anchor) {
            p++;
            lp--;
        }
        pattern_init(&m, s, ls, p + lp);
        begin(L, &m);
        do {
            const char *e = try_at(L, &m, s1, p);
            if (e) {
                settle(L, &m);
                if (!find) return push_captures(L, &m, s1, e);
                lua_pushinteger(L, (s1 - s) + 1);
                lua_pushinteger(L, e - s);
                return push_captures(L, &m, NULL, NULL) + 2;
            }
        } while (s1++ < m.src_end && !anchor);
        settle(L, &m);
    }
    luaL_pushfail(L);
    return 1;
}

static int str_find(lua_State *L) { return find_or_match(L, 1); }

static int str_match(lua_State *L) { return find_or_match(L, 0); }

/* ---------------------------------------------------------------- gmatch */

typedef struct {
    PatternMatch m;
    const char *src, *p, *last;
} GMatch;

/* The iterator: upvalues 1 and 2 keep the subject and the pattern alive. */
static int gmatch_next(lua_State *L) {
    GMatch *g = lua_touserdata(L, lua_upvalueindex(3));
    meter_charge(L, METER_CALL);
    begin(L, &g->m);
    for (const char *src = g->src; src <= g->m.src_end; src++) {
        const char *e = try_at(L, &g->m, src, g->p);
        if (e && e != g->last) { /* an empty match right after the last is skipped */
            g->src = g->last = e;
            settle(L, &g->m);
            return push_captures(L, &g->m, src, e);
        }
    }
    settle(L, &g->m);
    return 0;
}

static int str_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_at(luaL_optinteger(L, 3, 1), ls) - 1;
    meter_charge(L, METER_CALL);
    lua_settop(L, 2);
    GMatch *g = lua_newuserdatauv(L, sizeof *g, 0);
    if (init > ls) init = ls + 1; /* past the end: the iterator finds nothing */
    pattern_init(&g->m, s, ls, p + lp);
    g->src = s + init;
    g->p = p;
    g->last = NULL;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

/* ------------------------------------------------------------------ gsub */

/* A replacement string: %0-%9 and %%. */
static void add_string(lua_State *L, const PatternMatch *m, luaL_Buffer *b, const char *s,
                       const char *e) {
    size_t l;
    const char *news = lua_tolstring(L, 3, &l);
    meter_bytes(L, l);
    const char *p;
    while ((p = memchr(news, '%', l)) != NULL) {
        luaL_addlstring(b, news, (size_t)(p - news));
        p++; /* the character after '%' (the terminating zero at the end) */
        if (*p == '%') {
            luaL_addchar(b, *p);
        } else if (*p == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (*p >= '1' && *p <= '9') {
            const char *text;
            ptrdiff_t len = capture(L, m, *p - '1', s, e, &text);
            if (len == PATTERN_POSITION)
                luaL_addvalue(b);
            else
                luaL_addlstring(b, text, (size_t)len);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", '%');
        }
        l -= (size_t)(p + 1 - news);
        news = p + 1;
    }
    luaL_addlstring(b, news, l);
}

/* Add the replacement of the match s..e; whether it changed anything. */
static int add_value(lua_State *L, PatternMatch *m, luaL_Buffer *b, const char *s, const char *e,
                     int tr) {
    if (tr == LUA_TFUNCTION) {
        meter_charge(L, METER_CALL);
        lua_pushvalue(L, 3);
        int n = push_captures(L, m, s, e);
        lua_call(L, n, 1);
    } else if (tr == LUA_TTABLE) {
        push_capture(L, m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_string(L, m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) { /* nil or false: keep the original text */
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1))
        return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int str_gsub(lua_State *L) {
    size_t srcl, lp;
    const char *src = luaL_checklstring(L, 1, &srcl);
    const char *p = luaL_checklstring(L, 2, &lp);
    const char *last = NULL;
    int tr = lua_type(L, 3);
    lua_Integer max_s = luaL_optinteger(L, 4, (lua_Integer)srcl + 1);
    int anchor = (*p == '^');
    lua_Integer n = 0;
    int changed = 0;
    luaL_argexpected(L,
                     tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION ||
                         tr == LUA_TTABLE,
                     3, "string/function/table");
    meter_charge(L, METER_CALL);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (anchor) {
        p++;
        lp--;
    }
    PatternMatch m;
    pattern_init(&m, src, srcl, p + lp);
    begin(L, &m);
    while (n < max_s) {
        const char *e = try_at(L, &m, src, p);
        if (e && e != last) {
            n++;
            settle(L, &m); /* the replacement may run script code, which charges too */
            changed = add_value(L, &m, &b, src, e, tr) | changed;
            begin(L, &m);
            src = last = e;
        } else if (src < m.src_end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchor) break;
    }
    settle(L, &m);
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, src, (size_t)(m.src_end - src));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}

/* ------------------------------------------------------------------- rep */

static int str_rep(lua_State *L) {
    size_t l, lsep;
    const char *s = luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *sep = luaL_optlstring(L, 3, "", &lsep);
    meter_charge(L, METER_CALL);
    if (n <= 0 || l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    size_t unit = l + lsep;
    if ((lua_Unsigned)n > (SIZE_MAX / 2) / unit) return luaL_error(L, "resulting string too large");
    size_t total = (size_t)n * unit - lsep;
    luaL_Buffer b;
    char *out = luaL_buffinitsize(L, &b, total); /* the block cap refuses a huge one */
    size_t filled = unit < total ? unit : total;
    memcpy(out, s, l);
    if (filled > l) memcpy(out + l, sep, filled - l);
    /* The text repeats every unit bytes: copy what is there onto what follows. */
    while (filled < total) {
        size_t k = filled < total - filled ? filled : total - filled;
        memcpy(out + filled, out, k);
        filled += k;
    }
    luaL_pushresultsize(&b, total);
    return 1;
}

void strings_open(lua_State *L, int lib) {
    static const luaL_Reg fns[] = {{"find", str_find},   {"match", str_match},
                                   {"gmatch", str_gmatch}, {"gsub", str_gsub},
                                   {"rep", str_rep},     {NULL, NULL}};
    lib = lua_absindex(L, lib);
    for (int i = 0; fns[i].name; i++) {
        lua_pushcfunction(L, fns[i].func);
        lua_setfield(L, lib, fns[i].name);
    }
}
