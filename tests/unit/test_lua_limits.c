/*
** test_lua_limits.c: what rule scripts may spend (meter.c): library work
** charged to the step budget, the CPU-time limit, the state's memory cap
** across calls, the game put back after each, and error text made safe.
**
** Scripts are written to a scratch folder; the hooks are called directly
** (script.h) or through pul_apply on scratch variants extending Micropul.
*/
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lualib.h>

#include "meter.h"
#include "sandbox.h"
#include "script_util.h"
#include "variant.h"

/* The faq game's first moves (test_lua_sandbox.c): a game to call hooks on. */
static const int faq_prefix[] = {4, 42, 46, 0, 1, 34, 12, 2, 3, 5, 6, 7};

/* Run body as the setup hook on a fresh game, its calls limited to cpu_ms
** of CPU time (0: the engine's limit): the status, err filled. The game must
** be unchanged whatever happened. */
static PulStatus setup_timed(const char *body, int cpu_ms, PulError *err) {
    char lua[4096];
    snprintf(lua, sizeof lua, "return { setup = function(game)\n%s\nend }\n", body);
    ScriptHost *h = host_text("setup.lua", lua, err);
    CHECK(h != NULL);
    if (!h) {
        fprintf(stderr, "  %s\n", err->message);
        return PUL_ERR_SCRIPT;
    }
    script_host_set_cpu_limit(h, cpu_ms);
    PulGame *g = scripted(plain, 2, faq_prefix, 12);
    PulGame *before = pul_game_new(plain);
    pul_game_copy(before, g);
    HookCall call = {g, NULL, HOOK_SETUP, 0, 0};
    PulStatus st = script_setup(h, &call, err);
    CHECK(memcmp(before, g, pul_game_size()) == 0);
    pul_game_free(before);
    pul_game_free(g);
    script_host_free(h);
    return st;
}

static PulStatus setup_with(const char *body, PulError *err) { return setup_timed(body, 0, err); }

/* The step budget is what this pins: the clock (80 ms) can come first under
** the sanitizers on a busy machine, so it is lifted here; the budget still
** ends every body in a fraction of a second. */
static void check_budget(const char *body) {
    PulError err;
    PulStatus st = setup_timed(body, 60000, &err);
    if (st != PUL_ERR_SCRIPT || strcmp(err.code, "script-budget") != 0)
        fprintf(stderr, "  body: %s\n  gave: %s %s\n", body, err.code, err.message);
    CHECK_INT(st, PUL_ERR_SCRIPT);
    CHECK_STR(err.code, "script-budget");
    CHECK(has(err.message, "in hook setup: ran past its budget of 1000000 instructions"));
}

static void check_ok(const char *body) {
    PulError err;
    PulStatus st = setup_with(body, &err);
    if (st != PUL_OK) fprintf(stderr, "  body: %s\n  gave: %s %s\n", body, err.code, err.message);
    CHECK_INT(st, PUL_OK);
}

/* ---------------------------------------------------------------- charges */

/* Library calls are charged for the work they do: the same loop passes on
** short strings and runs out of budget on long ones, well before the
** CPU-time limit (each failing case here takes milliseconds). */
static void test_library_work_charged(void) {
    static const char *const work[] = {
        "local u = s:upper()",
        "local n = tonumber(s)",
        "local n = s + 0",
        "local f = s:find('12', 1, true)",
        "local f = s:find('1.-2')",
        "local r = s:gsub('1', '%0')",
        "local r = s:rep(1)",
        "local b = {s:byte(1, 5000)}",
        "local r = s:reverse()",
        "local q = string.format('%q', s)",
        "local e = rawequal(s, s .. '')",
        "local n = utf8.len(s)",
        "local t = table.concat({s})",
        "for w in s:gmatch('1+') do end",
    };
    for (size_t i = 0; i < sizeof work / sizeof work[0]; i++) {
        char body[512];
        snprintf(body, sizeof body, "local s = string.rep('1', 16)\nfor i = 1, 500 do %s end",
                 work[i]);
        check_ok(body);
        snprintf(body, sizeof body,
                 "local s = string.rep('1', 60000)\nfor i = 1, 20000 do %s end", work[i]);
        check_budget(body);
    }
    /* A loop in C over a range the script chooses is charged its length first. */
    check_budget("table.move({}, 1, 1 << 40, 1)");
    check_budget("local t = table.pack(table.unpack({}, 1, 5000)) for i = 1, 1e6 do"
                 " table.insert(t, 1, i) table.remove(t) end");
    check_budget("table.concat(setmetatable({}, {__len = function() return 1 << 40 end,"
                 " __index = function() return '' end}))");
    check_budget("local s = string.rep('', 1 << 62) while true do end");
    /* Metamethods called from inside C are charged too: a sort whose every
    ** read runs a library search (no Lua instruction at all). */
    check_budget("local s = string.rep('1', 15000)\n"
                 "local mt = getmetatable('')\n"
                 "mt.__len, mt.__index, mt.__newindex = rawlen, string.find, rawequal\n"
                 "table.sort(s, getmetatable)");
    check_budget("local t = {} for i = 1, 15000 do t[i] = -i end table.sort(t, math.max)");
    /* error's level walks the stack: charged by it. */
    check_budget("while true do pcall(error, 'x', 60000) end");
}

/* The backtracking pattern of issue 10 ends at the budget, in milliseconds. */
static void test_patterns_bounded(void) {
    check_budget("local s = string.rep('a', 30)\ns:find(string.rep('.-', 12) .. 'b')");
    check_budget("local s = string.rep('a', 60000)\nfor i = 1, 140000 do s:find('ab', 1, true) end");
    check_ok("assert(('hello world'):find('o w') == 5)\n"
             "assert(('key = value'):match('(%w+) = (%w+)') == 'key')\n"
             "assert(select(2, ('a,b,,c'):gsub(',', ';')) == 3)");
}

/* -------------------------------------------------------------- deadline */

/* Work no price foresees (here: comparing two long strings, one instruction
** each) ends at the CPU-time limit with the same error code. Whether the
** budget or the limit comes first depends on the machine; either way it
** ends, in a fraction of a second. */
static void test_uncharged_work_ends(void) {
    static const char *const bodies[] = {
        "local a, b = string.rep('x', 60000) .. 'a', string.rep('x', 60000) .. 'b'\n"
        "local n = 0 while true do if a < b then n = n + 1 end end",
        "local t = {v = 1} for i = 1, 1990 do t = setmetatable({}, {__index = t}) end\n"
        "local n = 0 while true do n = n + (t.w or 0) end",
        "local d = string.rep('1', 60000)\nwhile true do for i = 1, d do break end end",
    };
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
        PulError err;
        CHECK_INT(setup_with(bodies[i], &err), PUL_ERR_SCRIPT);
        CHECK_STR(err.code, "script-budget");
        CHECK(has(err.message, "in hook setup: ran past its "));
    }
}

/* The deadline itself, deterministically: a run in a call already past its
** limit stops at its first look at the clock, and a compile is cut short. */
static void test_deadline_mechanism(void) {
    Meter m = {0};
    lua_State *L = meter_open(&m);
    CHECK(L != NULL);
    if (!L) return;
    luaL_openlibs(L);
    meter_call(&m);
    m.late = true;
    CHECK(luaL_loadstring(L, "local n = 0 while true do n = n + 1 end") == LUA_OK);
    meter_run(&m);
    int st = lua_pcall(L, 0, 0, 0);
    meter_end(&m);
    CHECK_INT(st, LUA_ERRRUN);
    CHECK_INT(m.stop, METER_DEADLINE);
#ifdef __EMSCRIPTEN__ /* no CPU clock there: four times the room on the wall clock (meter.c) */
    CHECK(has(lua_tostring(L, -1), "ran past its time limit of 320 ms of time, its thread's CPU "
                                   "time being unknown here"));
#else
    CHECK(has(lua_tostring(L, -1), "ran past its time limit of 80 ms of CPU"));
#endif
    CHECK(m.spent < 1000); /* it stopped at its first look */
    lua_pop(L, 1);
    bool late = false;
    const char *text = "local x = 1\nreturn x\n";
    sandbox_load_text(L, text, strlen(text), "=late", &late);
    CHECK(late);
    lua_pop(L, 1);
    meter_call(&m); /* a new call: the clock starts again */
    late = true;
    CHECK_INT(sandbox_load_text(L, text, strlen(text), "=ontime", &late), LUA_OK);
    CHECK(!late);
    lua_close(L);
}

/* ---------------------------------------------------------------- memory */

/* A variant whose after_action keeps what it makes: pul_apply refuses the
** move that would take the state past its cap, the game is byte for byte
** as before, and the state never holds more than the cap; the host keeps
** answering (no panic when its own allocations are refused). */
static void test_state_cap_through_apply(void) {
    const char *lua = "local base = string.rep('k', 30000)\n"
                      "local kept = {}\n"
                      "return { after_action = function(game, events)\n"
                      "  local t = {}\n"
                      "  for i = 1, 100 do t[i] = base .. i end\n"
                      "  kept[#kept + 1] = t\n"
                      "end }\n";
    write_text("grow/grow.lua", lua);
    char yaml[2 * PATH_MAX];
    snprintf(yaml, sizeof yaml, "name: grow\nextends: micropul\nscripts: [grow.lua]\n");
    write_text("grow/variant.yaml", yaml);
    char dir[PATH_MAX + 8];
    snprintf(dir, sizeof dir, "%s/grow", scratch);
    PulError err;
    PulVariant *v = pul_variant_open(dir, NULL, &err);
    CHECK(v != NULL);
    if (!v) {
        fprintf(stderr, "  %s\n", err.message);
        return;
    }
    PulGame *g = pul_game_new(v);
    PulGame *before = pul_game_new(v);
    CHECK_INT(pul_game_start(g, 2, 7, NULL, 0, &err), PUL_OK);
    PulRng rng;
    pul_rng_seed(&rng, 7);
    PulReason r = PUL_LEGAL;
    int moves = 0;
    while (r == PUL_LEGAL && !pul_game_over(g) && moves < 200) {
        PulAction a;
        CHECK(pul_random_action(g, &rng, &a));
        pul_game_copy(before, g);
        r = pul_apply(g, &a, NULL);
        moves++;
        CHECK(script_memory(game_env(g)->script) <= SCRIPT_MEMORY_CAP);
        if (r == PUL_R_SCRIPT_ERROR) {
            CHECK(memcmp(before, g, pul_game_size()) == 0);
            /* Again: the state is full, the host's own allocations are refused too. */
            for (int k = 0; k < 3; k++) {
                CHECK_INT(pul_apply(g, &a, NULL), PUL_R_SCRIPT_ERROR);
                CHECK(memcmp(before, g, pul_game_size()) == 0);
            }
        }
    }
    CHECK_INT(r, PUL_R_SCRIPT_ERROR);
    if (moves < 18 || moves > 24) fprintf(stderr, "  moves %d\n", moves);
    CHECK(moves >= 18 && moves <= 24);
    const PulError *e = pul_game_script_error(g);
    CHECK(e != NULL);
    if (e) {
        CHECK_STR(e->code, "script-memory");
        CHECK(has(e->message, "the rule scripts' state would hold more than its cap of 64 MiB"));
        CHECK(has(e->file, "grow.lua"));
    }
    pul_game_free(before);
    pul_game_free(g);
    pul_variant_free(v);
}

/* One string, one block: each its own cap, with its own message. */
static void test_block_caps(void) {
    PulError err;
    CHECK_INT(setup_with("local s = string.rep('x', 70000)", &err), PUL_ERR_SCRIPT);
    CHECK_STR(err.code, "script-memory");
    /* The size counts Lua's string header, whose size follows the pointer width
    ** (70025 on 64 bits, 70017 in wasm32). */
    const char *about = strstr(err.message, "made a string of about ");
    long made = about ? strtol(about + strlen("made a string of about "), NULL, 10) : 0;
    CHECK(made > 70000 && made <= 70000 + 64);
    CHECK(has(err.message, " bytes: a string may be at most 64 KiB"));
    CHECK_INT(setup_with("local t = {} for i = 1, 40000 do t[i] = i end", &err), PUL_ERR_SCRIPT);
    CHECK_STR(err.code, "script-memory");
    CHECK(has(err.message, "a table, the call stack or a string being built may take at most 256 KiB"));
    /* Below the caps, a script may catch the refusal and go on. */
    check_ok("assert(not pcall(string.rep, 'x', 70000)) local s = string.rep('x', 60000)");
}

/* --------------------------------------------------------------- messages */

/* A script's error text reaches terminals and JSON: control characters,
** bidi controls and bytes that are not UTF-8 come out escaped, and a long
** message is cut. */
static void test_clean_messages(void) {
    PulError err;
    CHECK_INT(setup_with("error('\\27[2J\\226\\128\\174evil\\255\\n\\t\\194\\133end', 0)", &err),
              PUL_ERR_SCRIPT);
    CHECK_STR(err.message, "in hook setup: \\x1b[2J\\u202eevil\\xff\\n\\t\\u0085end");
    CHECK_INT(setup_with("error('caf\\195\\169 \\240\\159\\142\\178 \\237\\160\\128', 0)", &err),
              PUL_ERR_SCRIPT);
    CHECK_STR(err.message, "in hook setup: caf\xc3\xa9 \xf0\x9f\x8e\xb2 \\xed\\xa0\\x80");
    CHECK_INT(setup_with("error(string.rep('\\226\\130\\172', 1000), 0)", &err), PUL_ERR_SCRIPT);
    size_t n = strlen(err.message);
    CHECK(n < sizeof err.message && n > 300);
    CHECK(strcmp(err.message + n - 3, "...") == 0);
    /* Cut at a character: what precedes "..." is whole euro signs. */
    CHECK_INT((n - 3 - strlen("in hook setup: ")) % 3, 0);
}

/* ------------------------------------------------------------- metatables */

static void test_sealed_metatables(void) {
    check_ok("local mt = {} mt.__index = mt\n"
             "local obj = setmetatable({}, mt)\n"
             "assert(getmetatable(obj) == mt)\n"
             "function mt.hello() return 'hi' end -- methods found through __index stay live\n"
             "assert(obj.hello() == 'hi')\n"
             "mt.__tostring = function() return 'obj' end -- a metamethod added later...\n"
             "assert(tostring(obj) ~= 'obj')\n"
             "setmetatable(obj, mt) -- ...applies once the metatable is set again\n"
             "assert(tostring(obj) == 'obj')\n"
             "local guarded = setmetatable({}, {__metatable = 'mine'})\n"
             "assert(getmetatable(guarded) == 'mine')\n"
             "assert(not pcall(setmetatable, guarded, {}))\n"
             "assert(getmetatable('').__index == string)");
    PulError err;
    CHECK_INT(setup_with("setmetatable({}, {__mode = 'k'})", &err), PUL_ERR_SCRIPT);
    CHECK(has(err.message, "__mode (weak tables) is not available to rule scripts (sandbox)"));
    CHECK_INT(setup_with("setmetatable({}, {__gc = type})", &err), PUL_ERR_SCRIPT);
    CHECK(has(err.message, "__gc metamethods are not available to rule scripts (sandbox)"));
}

int main(void) {
    if (!script_tests_start("limits")) return 1;
    RUN(test_library_work_charged);
    RUN(test_patterns_bounded);
    RUN(test_uncharged_work_ends);
    RUN(test_deadline_mechanism);
    RUN(test_state_cap_through_apply);
    RUN(test_block_caps);
    RUN(test_clean_messages);
    RUN(test_sealed_metatables);
    script_tests_end();
    return CHECK_DONE();
}
