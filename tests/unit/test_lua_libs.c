/*
** test_lua_libs.c: the string and table functions rule scripts get from
** this project (pattern.c, strings.c, tables.c) against Lua's
** own, and the matcher's step limit.
**
** A plain Lua state holds both: `string` and `table` are Lua's libraries,
** `mine` this project's functions; test_lua_patterns.lua runs thousands of
** patterns through both, test_lua_tables.lua the table functions, and each
** compares results, tables and errors.
*/
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "check.h"
#include "meter.h"
#include "pattern.h"
#include "sandbox.h"

/* Run file in a plain state where `mine` holds open's functions; it
** returns how many cases it compared. */
static void same_as_lua(const char *file, void (*open)(lua_State *, int), lua_Integer least) {
    Meter meter = {0}; /* not running: nothing is charged, the memory caps hold */
    lua_State *L = meter_open(&meter);
    CHECK(L != NULL);
    if (!L) return;
    luaL_openlibs(L);
    lua_newtable(L);
    open(L, -1);
    lua_setglobal(L, "mine");
    if (luaL_dofile(L, file) != LUA_OK) {
        fprintf(stderr, "  %s\n", lua_tostring(L, -1));
        CHECK(0);
    } else {
        lua_Integer n = lua_tointeger(L, -1);
        fprintf(stderr, "  %s: %lld cases the same\n", file, (long long)n);
        CHECK(n >= least);
    }
    lua_close(L);
}

static void test_patterns_as_lua(void) {
    same_as_lua("unit/test_lua_patterns.lua", strings_open, 100000);
}

static void test_tables_as_lua(void) { same_as_lua("unit/test_lua_tables.lua", tables_open, 900); }

/* The steps a match takes, or -1 when it stops at the limit. */
static long long steps_of(const char *s, const char *p, uint64_t limit) {
    PatternMatch m;
    pattern_init(&m, s, strlen(s), p + strlen(p));
    m.limit = limit;
    const char *end = NULL;
    for (const char *at = s; at <= s + strlen(s) && !end; at++) {
        end = pattern_match(&m, at, p);
        if (m.status == PATTERN_LIMIT) return -1;
        CHECK_INT(m.status, PATTERN_OK);
    }
    return (long long)m.steps;
}

static void test_steps(void) {
    /* A plain match takes about a step per character. */
    long long plain = steps_of("hello world", "world", 1000000);
    CHECK(plain > 0 && plain < 100);
    /* Each ".-" multiplies the backtracking: the steps grow with it, and the
    ** matcher stops at its limit instead of running for minutes. */
    char p[64] = "";
    long long last = 0;
    for (int k = 1; k <= 4; k++) {
        strcat(p, ".-");
        char q[80];
        snprintf(q, sizeof q, "%sb", p);
        long long n = steps_of("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", q, 100000000);
        CHECK(n > 3 * last);
        last = n;
    }
    CHECK_INT(steps_of("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                       ".-.-.-.-.-.-.-.-.-.-.-.-b", 1000000), -1);
    /* A plain search charges its candidates and comparisons. */
    char big[4096];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    uint64_t steps = 0;
    CHECK(pattern_find_plain(big, strlen(big), "aab", 3, &steps, 1000000) == NULL);
    CHECK(steps >= strlen(big) - 3);
    steps = 0;
    CHECK(pattern_find_plain(big, strlen(big), "aab", 3, &steps, 100) == NULL);
    CHECK(steps > 100);
    steps = 0;
    CHECK(pattern_find_plain("xxab", 4, "ab", 2, &steps, 100) != NULL);
}

int main(void) {
    RUN(test_patterns_as_lua);
    RUN(test_tables_as_lua);
    RUN(test_steps);
    return CHECK_DONE();
}
