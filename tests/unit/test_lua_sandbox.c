/*
** test_lua_sandbox.c: the Lua side of the rule hooks (engine/src/script/host.c,
** api.c). Attacks on the sandbox each give their documented error and
** leave the game as it was; every hook and every game function does what
** scripts/README.md says.
**
** Most tests write a small script to a scratch folder and call the hooks
** directly (script.h) on a Micropul game. Scripts report what they read by
** raising it as their error (error(ser(x), 0)): the test compares that text
** with what the C API says. The tests through pul_apply and pul_game_start
** use scratch variants extending variants/micropul, and tests/variants/
** hooks-all and hooks-chain (scripts in tests/scripts/).
*/
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "script_util.h"

/* Seat 0: 4 +W/WB, 42 big W 1, 46 WW/WW, 0 W./.., 1 B./.., 34 WB/BW.
** Seat 1: 12 W./1., 2, 3, 5, 6, 7. The third move, 42 at (1,-1), fires
** three catalysts (test_apply.c, test_faq_events). */
static const int faq_prefix[] = {4, 42, 46, 0, 1, 34, 12, 2, 3, 5, 6, 7};
/* The start's black pair closes on the fifth move, claimed by seat 0
** (test_apply.c, test_closed_event). */
static const int close_prefix[] = {26, 6, 46, 42, 41, 34, 0, 1, 2, 3, 5, 7};

/* ------------------------------------------------------------- helpers */

/* ser(v): a value as text, table keys sorted, so a script can report it. */
#define PRELUDE                                                                                    \
    "local function ser(v)\n"                                                                      \
    "  if type(v) ~= 'table' then return tostring(v) end\n"                                        \
    "  local keys = {}\n"                                                                          \
    "  for k in pairs(v) do keys[#keys + 1] = k end\n"                                             \
    "  table.sort(keys, function(a, b)\n"                                                          \
    "    if type(a) ~= type(b) then return type(a) == 'number' end\n"                              \
    "    return a < b\n"                                                                           \
    "  end)\n"                                                                                     \
    "  local out = {}\n"                                                                           \
    "  for _, k in ipairs(keys) do\n"                                                              \
    "    out[#out + 1] = type(k) == 'number' and ser(v[k]) or k .. '=' .. ser(v[k])\n"             \
    "  end\n"                                                                                      \
    "  return '{' .. table.concat(out, ',') .. '}'\n"                                              \
    "end\n"

static HookCall make_call(PulGame *g, PulEvents *ev, int hook) {
    HookCall c = {g, ev, hook, pul_game_to_move(g), 0};
    return c;
}

/* The message after "in hook <name>: ", or the whole message when it lacks that. */
static const char *after_hook(const PulError *err, const char *hook) {
    char prefix[64];
    snprintf(prefix, sizeof prefix, "in hook %s: ", hook);
    size_t n = strlen(prefix);
    if (strncmp(err->message, prefix, n) != 0) {
        fprintf(stderr, "  message lacks '%s': %s\n", prefix, err->message);
        check_failures++;
        return err->message;
    }
    return err->message + n;
}

/* What `expr` gives in after_action on g, as ser writes it. */
static const char *probe(PulGame *g, const char *expr) {
    static char out[sizeof((PulError *)0)->message];
    char lua[4096];
    snprintf(lua, sizeof lua,
             PRELUDE "return { after_action = function(game, events) error(ser(%s), 0) end }\n",
             expr);
    PulError err;
    ScriptHost *h = host_text("probe.lua", lua, &err);
    CHECK(h != NULL);
    if (!h) {
        fprintf(stderr, "  %s\n", err.message);
        return "";
    }
    PulEvents ev = {0};
    HookCall call = make_call(g, &ev, HOOK_AFTER_ACTION);
    CHECK_INT(script_after_action(h, &call, &ev, &err), PUL_ERR_SCRIPT);
    snprintf(out, sizeof out, "%s", after_hook(&err, "after_action"));
    script_host_free(h);
    return out;
}

#define CHECK_PROBE(g, expr, expected) CHECK_STR(probe((g), (expr)), (expected))

typedef struct {
    char s[4096];
    size_t n;
} Text;

static void add(Text *t, const char *fmt, ...) PUL_PRINTF(2, 3);
static void add(Text *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(t->s + t->n, sizeof t->s - t->n, fmt, ap);
    va_end(ap);
    if (w > 0) t->n += (size_t)w;
    if (t->n >= sizeof t->s) t->n = sizeof t->s - 1;
}

static const char *fname(int f) { return ts.feature[f].name; }

/* The faq game after its third move: seat 0 in an extra turn, two tiles in
** its supply. */
static PulGame *faq_after_three(void) {
    PulGame *g = scripted(plain, 2, faq_prefix, 12);
    APPLY_OK(g, A_PLACE(4, 1, 0, 1), NULL);
    APPLY_OK(g, A_PLACE(12, 0, -1, 2), NULL);
    APPLY_OK(g, A_PLACE(42, 1, -1, 0), NULL);
    return g;
}

/* A scratch variant, found by path: Micropul (by name, on PUL_PATH: an edition
** names no file outside its folder) with the one script lua. */
static PulVariant *variant_with(const char *name, const char *lua, PulError *err) {
    char file[PATH_MAX], yaml[2 * PATH_MAX];
    snprintf(file, sizeof file, "%s/%s.lua", name, name);
    write_text(file, lua);
    snprintf(yaml, sizeof yaml, "name: %s\nextends: micropul\nscripts: [%s.lua]\n", name, name);
    snprintf(file, sizeof file, "%s/variant.yaml", name);
    write_text(file, yaml);
    int n = snprintf(file, sizeof file, "%s/%s", scratch, name);
    CHECK(n > 0 && (size_t)n < sizeof file);
    return pul_variant_open(file, NULL, err);
}

/* The attack scripts: line 3 does the harm in setup; is_over is harmless,
** to show the state still works after the failure. */
static const char *attack_script(const char *harm) {
    static char lua[1024];
    snprintf(lua, sizeof lua,
             "return {\n"
             "  setup = function(game)\n"
             "    %s\n"
             "  end,\n"
             "  is_over = function(game) return game:seats() == 2 end,\n"
             "}\n",
             harm);
    return lua;
}

/* Run harm in setup on a started game: the error must have code and
** contain needle, at line 3 of the script, with the game unchanged, and
** the state must answer is_over afterwards. */
static void check_attack(const char *harm, const char *code, const char *needle) {
    PulError err;
    ScriptHost *h = host_text("attack.lua", attack_script(harm), &err);
    CHECK(h != NULL);
    if (!h) {
        fprintf(stderr, "  %s: %s\n", harm, err.message);
        return;
    }
    PulGame *g = scripted(plain, 2, faq_prefix, 12);
    PulGame *before = pul_game_new(plain);
    pul_game_copy(before, g);
    HookCall call = make_call(g, NULL, HOOK_SETUP);
    CHECK_INT(script_setup(h, &call, &err), PUL_ERR_SCRIPT);
    if (strcmp(err.code, code) != 0 || !has(err.message, needle))
        fprintf(stderr, "  attack: %s\n", harm);
    CHECK_STR(err.code, code);
    CHECK_INT(err.status, PUL_ERR_SCRIPT);
    CHECK(has(err.file, "attack.lua"));
    CHECK_INT(err.line, 3);
    CHECK(has(err.message, "in hook setup: "));
    CHECK(memcmp(before, g, pul_game_size()) == 0);
    const PulError *last = script_last_error(h);
    CHECK(last && strcmp(last->message, err.message) == 0);
    bool over = false;
    call = make_call(g, NULL, HOOK_IS_OVER);
    CHECK_INT(script_is_over(h, &call, &over, &err), PUL_OK);
    CHECK(over);
    pul_game_free(before);
    pul_game_free(g);
    script_host_free(h);
}

/* A host that must fail to load with code, at line (0: any), with needle. */
static void check_load_fails(const char *lua, const char *code, int line, const char *needle) {
    PulError err;
    ScriptHost *h = host_text("broken.lua", lua, &err);
    CHECK(h == NULL);
    script_host_free(h);
    CHECK_STR(err.code, code);
    CHECK(has(err.file, "broken.lua"));
    if (line) CHECK_INT(err.line, line);
    CHECK(has(err.message, needle));
}

/* --------------------------------------------------------------- attacks */

static void test_forbidden_names(void) {
    const char *hint = "is not available to rule scripts (sandbox): see scripts/README.md";
    static const struct {
        const char *harm, *what;
    } cases[] = {
        {"local f = io.open('/etc/passwd')", "io "},
        {"os.execute('touch /tmp/pul-pwned')", "os "},
        {"local m = require('os')", "require "},
        {"dofile('/etc/passwd')", "dofile "},
        {"loadfile('/etc/passwd')", "loadfile "},
        {"print('hello')", "print "},
        {"collectgarbage('stop')", "collectgarbage "},
        {"local d = debug.getinfo(1)", "debug "},
        {"local p = package.loaded", "package "},
        {"local c = coroutine.create(function() end)", "coroutine "},
        {"local r = math.random(6)", "math.random "},
        {"math.randomseed(7)", "math.randomseed "},
        {"local b = string.dump(function() end)", "string.dump "},
        {"local b = ('x').dump(function() end)", "string.dump "},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char needle[160];
        snprintf(needle, sizeof needle, "%s%s", cases[i].what, hint);
        check_attack(cases[i].harm, "script-error", needle);
    }
    check_attack("local r = math.random(6)", "script-error", "use game:random(n)");
    /* Finalizers would run outside every budget and every game. */
    check_attack("setmetatable({}, {__gc = function() end})", "script-error",
                 "__gc metamethods are not available to rule scripts (sandbox)");
    /* Library loops charge their length first: a huge one is the budget at once. */
    check_attack("table.move({}, 1, 1 << 40, 1)", "script-budget", "ran past its budget");
    check_attack("table.insert(setmetatable({}, {__len = function() return 1 << 40 end}), 1, 0)",
                 "script-budget", "ran past its budget");
    check_attack("table.remove(setmetatable({}, {__len = function() return 1 << 40 end}), 1)",
                 "script-budget", "ran past its budget");
    /* Weak tables: a chain of ephemerons makes a collection quadratic. */
    check_attack("setmetatable({}, {__mode = 'k'})", "script-error",
                 "__mode (weak tables) is not available to rule scripts (sandbox)");
    /* A metatable is sealed when set: adding __mode or __gc later changes nothing. */
    check_attack("local mt = {}; local t = setmetatable({}, mt); mt.__mode = 'k';"
                 " mt.__index = function() return 7 end;"
                 " error(tostring(t.x) .. tostring(getmetatable(t) == mt), 0)",
                 "script-error", "in hook setup: niltrue");
    check_attack("local t = {1, 2, 3}; table.insert(t, 1, 0); table.remove(t);"
                 " local u = table.move(t, 1, 3, 2, {}); error(table.concat(t, ',') .. '/' .."
                 " table.concat(u, ',', 2, 4), 0)",
                 "script-error", "in hook setup: 0,1,2/0,1,2");
    /* The guard cannot be lifted. */
    check_attack("setmetatable(_G, nil)", "script-error", "protected metatable");
    check_attack("error(tostring(getmetatable(_G)), 0)", "script-error", "in hook setup: false");
    /* Nothing forbidden came back by another road. */
    check_attack("error(tostring(rawget(_G, 'io')) .. tostring(rawget(math, 'random')) .. "
                 "tostring(rawget(string, 'dump')), 0)",
                 "script-error", "in hook setup: nilnilnil");
}

static void test_binary_chunks(void) {
    /* string.dump is gone, so the bytes are made by hand: Lua 5.4's header. */
    const char *header = "'\\27Lua\\84\\0\\25\\147\\13\\10\\26\\10\\4\\8\\8'";
    char harm[256];
    snprintf(harm, sizeof harm, "local f, msg = load(%s); error(msg, 0)", header);
    check_attack(harm, "script-error", "attempt to load a binary chunk (mode is 't')");
    /* Asking for binary mode changes nothing. */
    snprintf(harm, sizeof harm, "local f, msg = load(%s, 'x', 'b'); error(msg, 0)", header);
    check_attack(harm, "script-error", "attempt to load a binary chunk (mode is 't')");
    snprintf(harm, sizeof harm, "assert(load(%s, 'x', 'bt'))", header);
    check_attack(harm, "script-error", "binary chunk");
    /* Text chunks run, in the sandbox whatever environment is asked for. */
    check_attack("load('return io')()", "script-error", "io is not available");
    check_attack("error(type(load('return string', 'x', 't', {})()), 0)", "script-error",
                 "in hook setup: table");
    check_attack("error(load('return 6 * 7')(), 0)", "script-error", "in hook setup: 42");
    /* A script file holding bytecode does not load. */
    const char bytes[] = "\x1bLua\x54\x00\x19\x93\r\n\x1a\n\x04\x08\x08";
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s", write_file("bytecode.lua", bytes, sizeof bytes - 1));
    const char *paths[1] = {path};
    PulError err;
    ScriptHost *h = host_of_paths(paths, 1, &err);
    CHECK(h == NULL);
    CHECK_STR(err.code, "script-syntax");
    CHECK(has(err.message, "binary chunk"));
    CHECK(has(err.file, "bytecode.lua"));
}

static void test_memory_cap(void) {
    /* One block: a string being built, a table's part, the stack. */
    check_attack("local s = string.rep('x', 1 << 30)", "script-memory",
                 "in hook setup: asked for a block of 1073741824 bytes: a table, the call stack "
                 "or a string being built may take at most 256 KiB");
    check_attack("local t = {} for i = 1, 1 << 17 do t[i] = i end", "script-memory",
                 "may take at most 256 KiB");
    check_attack("local function f(n) return 1 + f(n + 1) end f(1)", "script-memory",
                 "may take at most 256 KiB (a runaway recursion");
    /* The whole state, across calls: a hook that keeps 1.25 MB a call fails
    ** once the state would hold more than 64 MiB, and never holds more. */
    PulError err;
    ScriptHost *keeper = host_text("keeper.lua",
                                   "local kept = {}\n"
                                   "return { is_over = function(game)\n"
                                   "  local t = {}\n"
                                   "  for i = 1, 25 do t[i] = string.rep('x', 50000) end\n"
                                   "  kept[#kept + 1] = t\n"
                                   "  return false\n"
                                   "end }\n",
                                   &err);
    CHECK(keeper != NULL);
    if (keeper) {
        PulGame *g = scripted(plain, 2, faq_prefix, 12);
        PulGame *before = pul_game_new(plain);
        pul_game_copy(before, g);
        HookCall call = make_call(g, NULL, HOOK_IS_OVER);
        bool over = true;
        int calls = 0;
        PulStatus st = PUL_OK;
        while (st == PUL_OK && calls < 80) {
            st = script_is_over(keeper, &call, &over, &err);
            calls++;
            CHECK(script_memory(keeper) <= SCRIPT_MEMORY_CAP);
        }
        CHECK_INT(st, PUL_ERR_SCRIPT);
        if (calls < 48 || calls > 54) fprintf(stderr, "  calls %d\n", calls);
        CHECK(calls >= 48 && calls <= 54);
        CHECK_STR(err.code, "script-memory");
        CHECK(has(err.message, "in hook is_over: the rule scripts' state would hold more than "
                               "its cap of 64 MiB (the memory of all the edition's scripts, kept "
                               "across hook calls"));
        CHECK(has(err.file, "keeper.lua"));
        CHECK_INT(err.line, 4);
        CHECK(memcmp(before, g, pul_game_size()) == 0);
        /* The state still answers calls that need little. */
        ScriptHost *h2 = keeper;
        (void)h2;
        pul_game_free(before);
        pul_game_free(g);
        script_host_free(keeper);
    }
    /* A script may catch the refusal and go on within its cap. */
    ScriptHost *h = host_text("catch.lua",
                              "return { is_over = function(game)\n"
                              "  local ok, msg = pcall(string.rep, 'x', 1 << 30)\n"
                              "  return not ok and msg == 'not enough memory'\n"
                              "end }\n",
                              &err);
    CHECK(h != NULL);
    if (!h) return;
    PulGame *g = scripted(plain, 2, faq_prefix, 12);
    HookCall call = make_call(g, NULL, HOOK_IS_OVER);
    bool over = false;
    for (int i = 0; i < 3; i++) {
        CHECK_INT(script_is_over(h, &call, &over, &err), PUL_OK);
        CHECK(over);
    }
    pul_game_free(g);
    script_host_free(h);
}

static void test_budget(void) {
    check_attack("while true do end", "script-budget",
                 "in hook setup: ran past its budget of 1000000 instructions");
    /* pcall cannot swallow the budget error and loop on. */
    check_attack("while true do pcall(function() while true do end end) end", "script-budget",
                 "budget");
    check_attack("local function f(n) return f(n + 1) end f(1)", "script-budget", "budget");
    /* Unbounded recursion ends as an error too (stack or memory). */
    PulError err;
    ScriptHost *h = host_text("deep.lua",
                              "local function f(n) return 1 + f(n + 1) end\n"
                              "return { setup = function(game) f(1) end }\n",
                              &err);
    CHECK(h != NULL);
    if (!h) return;
    PulGame *g = scripted(plain, 2, faq_prefix, 12);
    HookCall call = make_call(g, NULL, HOOK_SETUP);
    CHECK_INT(script_setup(h, &call, &err), PUL_ERR_SCRIPT);
    CHECK_INT(err.line, 1);
    /* The budget is per call: the next call has a whole one. */
    ScriptHost *h2 = host_text("count.lua",
                               "return { is_over = function(game)\n"
                               "  local n = 0 for i = 1, 200000 do n = n + i end\n"
                               "  return n > 0\n"
                               "end }\n",
                               &err);
    CHECK(h2 != NULL);
    call = make_call(g, NULL, HOOK_IS_OVER);
    bool over = false;
    for (int i = 0; h2 && i < 5; i++) {
        CHECK_INT(script_is_over(h2, &call, &over, &err), PUL_OK);
        CHECK(over);
    }
    pul_game_free(g);
    script_host_free(h);
    script_host_free(h2);
}

/* A hook that fails after changing the game: pul_apply refuses the move
** with script_error and the game is byte for byte as before; the state
** works on, and the same move then goes through. */
static void test_error_halfway(void) {
    PulError err;
    PulVariant *v = variant_with("halfway",
                                 "local failed = false\n"
                                 "return { on_activate = function(game, act)\n"
                                 "  game:draw(act.seat, 3)\n"
                                 "  game:reveal(act.seat)\n"
                                 "  game:extra_turn()\n"
                                 "  if not failed then failed = true; error('boom') end\n"
                                 "end }\n",
                                 &err);
    CHECK(v != NULL);
    if (!v) {
        fprintf(stderr, "  %s\n", err.message);
        return;
    }
    CHECK(pul_variant_has_scripts(v));
    PulGame *g = scripted(v, 2, faq_prefix, 12);
    CHECK(pul_game_script_error(g) == NULL);
    APPLY_OK(g, A_PLACE(4, 1, 0, 1), NULL);
    APPLY_OK(g, A_PLACE(12, 0, -1, 2), NULL);
    PulGame *before = pul_game_new(v);
    pul_game_copy(before, g);
    PulAction a = A_PLACE(42, 1, -1, 0);
    PulEvents ev;
    CHECK_INT(pul_apply(g, &a, &ev), PUL_R_SCRIPT_ERROR);
    CHECK(memcmp(before, g, pul_game_size()) == 0);
    const PulError *e = pul_game_script_error(g);
    CHECK(e != NULL);
    if (e) {
        CHECK_STR(e->code, "script-error");
        CHECK_INT(e->status, PUL_ERR_SCRIPT);
        CHECK(has(e->file, "halfway.lua"));
        CHECK_INT(e->line, 6);
        CHECK_STR(e->message, "in hook on_activate: boom");
    }
    /* Then the move goes through: three activations, each now drawing 3 more. */
    APPLY_OK(g, a, &ev);
    CHECK_INT(count_events(&ev, PUL_EV_ACTIVATED), 3);
    CHECK_INT(pul_game_supply(g, 0, NULL, 0), 2 + 9);
    CHECK_INT(count_events(&ev, PUL_EV_REVEALED), 3);
    pul_game_free(before);
    pul_game_free(g);
    pul_variant_free(v);
}

/* Each attack through pul_apply: refused, the game unchanged. */
static void check_refused_apply(const char *name, const char *lua, const char *code,
                                const char *needle, int line) {
    /* The faq game's third move fires catalysts; the closing game's fifth
    ** closes a group: between them every hook runs. */
    bool faq = strncmp(name, "act-", 4) == 0;
    PulError err;
    PulVariant *v = variant_with(name, lua, &err);
    CHECK(v != NULL);
    if (!v) {
        fprintf(stderr, "  %s: %s\n", name, err.message);
        return;
    }
    PulGame *g = scripted(v, 2, faq ? faq_prefix : close_prefix, 12);
    CHECK(g != NULL);
    if (!g) {
        pul_variant_free(v);
        return;
    }
    static const PulAction faq_moves[3] = {
        {PUL_PLACE, 4, 1, 0, 1, 0}, {PUL_PLACE, 12, 2, 0, 0, -1}, {PUL_PLACE, 42, 0, 0, 1, -1}};
    static const PulAction moves[5] = {{PUL_CLAIM, PUL_NO_TILE, 0, PUL_SW, 0, 0},
                                       {PUL_PLACE, 0, 0, 0, 1, 0},
                                       {PUL_PLACE, 26, 1, 0, -1, 0},
                                       {PUL_PLACE, 1, 0, 0, 0, 1},
                                       {PUL_PLACE, 6, 0, 0, -1, 1}};
    PulGame *before = pul_game_new(v);
    PulReason r = PUL_LEGAL;
    for (int i = 0; i < (faq ? 3 : 5) && r == PUL_LEGAL; i++) {
        pul_game_copy(before, g);
        r = pul_apply(g, faq ? &faq_moves[i] : &moves[i], NULL);
    }
    CHECK_INT(r, PUL_R_SCRIPT_ERROR);
    CHECK(memcmp(before, g, pul_game_size()) == 0);
    const PulError *e = pul_game_script_error(g);
    CHECK(e != NULL);
    if (e) {
        if (strcmp(e->code, code) != 0 || !strstr(e->message, needle))
            fprintf(stderr, "  variant %s\n", name);
        CHECK_STR(e->code, code);
        CHECK(has(e->message, needle));
        CHECK(has(e->file, name));
        if (line) CHECK_INT(e->line, line);
    }
    pul_game_free(before);
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_attacks_through_apply(void) {
    check_refused_apply("io-open",
                        "return { after_action = function(game, events)\n"
                        "  local f = io.open('/etc/passwd')\nend }\n",
                        "script-error", "in hook after_action: io is not available", 2);
    check_refused_apply("os-execute",
                        "return { after_action = function(game, events)\n"
                        "  os.execute('true')\nend }\n",
                        "script-error", "os is not available", 2);
    check_refused_apply("require-os",
                        "return { after_action = function(game, events)\n"
                        "  require('os')\nend }\n",
                        "script-error", "require is not available", 2);
    check_refused_apply(
        "load-binary",
        "return { after_action = function(game, events)\n"
        "  assert(load('\\27Lua\\84\\0\\25\\147\\13\\10\\26\\10\\4\\8\\8'))\nend }\n",
        "script-error", "attempt to load a binary chunk", 2);
    check_refused_apply("rep-bomb",
                        "return { after_action = function(game, events)\n"
                        "  local s = string.rep('x', 1 << 30)\nend }\n",
                        "script-memory", "may take at most 256 KiB", 2);
    check_refused_apply("endless",
                        "return { after_action = function(game, events)\n"
                        "  while true do end\nend }\n",
                        "script-budget", "budget of 1000000 instructions", 2);
    /* Changes first, then the failure: all of it undone. */
    check_refused_apply("draw-then-fail",
                        "return { after_action = function(game, events)\n"
                        "  game:draw(1, 5); game:extra_turn(); game:reveal(1)\n"
                        "  local x = nil; return x.y\nend }\n",
                        "script-error", "attempt to index a nil value (local 'x')", 3);
    /* Garbage results: the closing move (the fifth) calls score_group. */
    check_refused_apply("group-garbage",
                        "return { score_group = function(game, grp)\n"
                        "  return 'everyone'\nend }\n",
                        "script-error", "in hook score_group: score_group must return", 1);
    check_refused_apply("group-points",
                        "return { score_group = function(game, grp)\n"
                        "  return 1, 'many'\nend }\n",
                        "script-error", "points", 1);
    check_refused_apply("over-garbage",
                        "return { is_over = function(game)\n"
                        "  return game:turns() > 2 and {}\nend }\n",
                        "script-error", "is_over must return true or false, not a table", 1);
    check_refused_apply("final-garbage",
                        "return { is_over = function(game) return game:turns() > 1 end,\n"
                        "  final_scores = function(game, scores) return 7 end }\n",
                        "script-error", "final_scores must return nothing or a list of 2", 2);
    check_refused_apply("act-garbage",
                        "return { on_activate = function(game, act)\n"
                        "  act.draw = 'lots'\nend }\n",
                        "script-error", "act.draw must be a whole number", 1);
    check_refused_apply("set-rule-late",
                        "return { after_action = function(game, events)\n"
                        "  game:set_rule('stones', 1)\nend }\n",
                        "script-error",
                        "game:set_rule is not allowed in after_action (only in setup)", 2);
    check_refused_apply("draw-scoring",
                        "return { score_group = function(game, grp)\n"
                        "  game:draw(1, 1)\nend }\n",
                        "script-error", "game:draw is not allowed in score_group", 2);
    check_refused_apply("kept-game",
                        "local kept\n"
                        "return { after_action = function(game, events)\n"
                        "  if kept then return kept:seats() end\n"
                        "  kept = game\nend }\n",
                        "script-error", "belongs to a hook call that has returned", 3);
}

static void test_act_garbage(void) {
    PulGame *g = faq_after_three();
    static const struct {
        const char *body, *needle;
    } cases[] = {
        {"act.draw = -1", "act.draw must be a whole number from 0 to 250, not -1"},
        {"act.draw = 1.5", "act.draw must be a whole number from 0 to 250, not number"},
        {"act.draw = nil", "not nil"},
        {"act.extra_turn = 1", "act.extra_turn must be true or false, not a number"},
        {"act.extra_turn = nil", "act.extra_turn must be true or false, not a nil"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char lua[256];
        snprintf(lua, sizeof lua, "return { on_activate = function(game, act) %s end }\n",
                 cases[i].body);
        PulError err;
        ScriptHost *h = host_text("act.lua", lua, &err);
        CHECK(h != NULL);
        if (!h) continue;
        MicropulActivation act = {F_ONE, 1, -1, PUL_CENTRE, 1, false};
        HookCall call = make_call(g, NULL, HOOK_ON_ACTIVATE);
        CHECK_INT(script_on_activate(h, &call, &act, &err), PUL_ERR_SCRIPT);
        CHECK(has(err.message, cases[i].needle));
        CHECK(has(err.message, "in hook on_activate: "));
        script_host_free(h);
    }
    pul_game_free(g);
}

/* A state's first on_activate call makes its act table; the later ones
** take a quicker way (host.c, activate_quick). Whatever a handler does
** wrong, a later call reports it exactly as a first call does: the same
** status, code, file, line and message, and the state works on after. */
static void test_act_later_calls(void) {
    PulGame *g = faq_after_three();
    static const char *const bodies[] = {
        "act.draw = -1", "act.draw = 251", "act.draw = 1.5", "act.draw = 2.0 + 2^60",
        "act.draw = '3'", "act.draw = nil", "act.extra_turn = 1", "act.extra_turn = nil",
        "act.draw = {}; act.extra_turn = 'x'", "error('boom')", "error({})",
        "local t = nil; t.x = 1", "while true do end", "act.draw = 3; act.extra_turn = true",
        "act.draw = 250; act.extra_turn = false; setmetatable(act, {__index = error})",
    };
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
        /* The same text for both, the call it acts at aside. */
        PulError first_err, later_err;
        MicropulActivation first_act = {F_ONE, 1, -1, PUL_CENTRE, 1, false}, later_act = first_act;
        PulStatus first_st = PUL_OK, later_st = PUL_OK;
        for (int later = 0; later < 2; later++) {
            char lua[320];
            snprintf(lua, sizeof lua,
                     "local n = 0\nreturn { on_activate = function(game, act)\n"
                     "  n = n + 1\n  if n > %d then %s end\nend }\n",
                     later, bodies[i]);
            PulError err;
            ScriptHost *h = host_text("act.lua", lua, &err);
            CHECK(h != NULL);
            if (!h) continue;
            HookCall call = make_call(g, NULL, HOOK_ON_ACTIVATE);
            MicropulActivation act = {F_ONE, 1, -1, PUL_CENTRE, 1, false};
            if (later) {
                CHECK_INT(script_on_activate(h, &call, &act, &err), PUL_OK);
                act = (MicropulActivation){F_ONE, 1, -1, PUL_CENTRE, 1, false};
                call = make_call(g, NULL, HOOK_ON_ACTIVATE);
            }
            PulStatus st = script_on_activate(h, &call, &act, &err);
            if (later) {
                later_st = st;
                later_err = err;
                later_act = act;
            } else {
                first_st = st;
                first_err = err;
                first_act = act;
            }
            /* The state goes on working: a plain call after. */
            MicropulActivation next = {F_ONE, 0, 0, PUL_NW, 1, true};
            call = make_call(g, NULL, HOOK_ON_ACTIVATE);
            PulStatus again = script_on_activate(h, &call, &next, &err);
            if (!strstr(bodies[i], "setmetatable") && !strstr(bodies[i], "draw = 3")) {
                CHECK_INT(again, st);
            }
            script_host_free(h);
        }
        CHECK_INT(later_st, first_st);
        if (first_st != PUL_OK) {
            CHECK_STR(later_err.code, first_err.code);
            CHECK_STR(later_err.message, first_err.message);
            CHECK_INT(later_err.line, first_err.line);
            if (strcmp(later_err.message, first_err.message) != 0)
                fprintf(stderr, "  %s\n  %s\n", first_err.message, later_err.message);
        } else {
            CHECK_INT(later_act.draw, first_act.draw);
            CHECK_INT(later_act.extra_turn, first_act.extra_turn);
        }
    }
    pul_game_free(g);
}

/* act is one table per state, used again (scripts/README.md, section 2): what
** a script did to it in one call (a metatable, fields removed or changed,
** the table kept) shows nothing of it in the next. */
static void test_act_reused(void) {
    PulGame *g = faq_after_three();
    static const char lua[] =
        "local kept\n"
        "return { on_activate = function(game, act)\n"
        "  if kept then\n"
        "    assert(getmetatable(act) == nil, 'a metatable stayed')\n"
        "    assert(act.seat == game:to_move() and act.x == 2 and act.y == 3 and act.quad == 'nw'\n"
        "           and act.draw == 2 and act.extra_turn == true, 'a field stayed')\n"
        "    assert(kept.x == 2, 'a kept act shows the running call')\n"
        "    act.draw = 0\n"
        "    return\n"
        "  end\n"
        "  kept = act\n"
        "  act.seat = nil; act.x = 'x'; act.quad = false; act.feature = nil\n"
        "  setmetatable(act, { __index = function() error('tampered') end,\n"
        "                      __newindex = function() error('tampered') end })\n"
        "end }\n";
    PulError err;
    ScriptHost *h = host_text("act.lua", lua, &err);
    CHECK(h != NULL);
    if (h) {
        MicropulActivation first = {F_ONE, 1, -1, PUL_CENTRE, 1, false};
        HookCall call = make_call(g, NULL, HOOK_ON_ACTIVATE);
        CHECK_INT(script_on_activate(h, &call, &first, &err), PUL_OK);
        CHECK_INT(first.draw, 1);
        MicropulActivation second = {F_ONE, 2, 3, PUL_NW, 2, true};
        call = make_call(g, NULL, HOOK_ON_ACTIVATE);
        PulStatus st = script_on_activate(h, &call, &second, &err);
        CHECK_INT(st, PUL_OK);
        if (st != PUL_OK) fprintf(stderr, "  %s\n", err.message);
        CHECK_INT(second.draw, 0);
        CHECK(second.extra_turn);
        script_host_free(h);
    }
    pul_game_free(g);
}

static void test_garbage_results(void) {
    PulGame *g = faq_after_three();
    PulError err;
    /* score_group */
    static const struct {
        const char *ret, *needle;
    } groups[] = {
        {"return 'x'", "it returned a string as the owner"},
        {"return 3", "it returned 3 as the owner"},
        {"return 1.5", "1.5 as the owner"},
        {"return {}", "a table as the owner"},
        {"return 1, {}", "second result must be the points"},
        {"return 1, 2.5", "second result must be the points"},
        {"return 1, 1e12", "from -1000000 to 1000000; it returned 1000000000000"},
        {"return 1, 1000001", "from -1000000 to 1000000; it returned 1000001"},
    };
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
        char lua[256];
        snprintf(lua, sizeof lua, "return { score_group = function(game, grp) %s end }\n",
                 groups[i].ret);
        ScriptHost *h = host_text("group.lua", lua, &err);
        CHECK(h != NULL);
        if (!h) continue;
        MicropulGroup grp = {F_WHITE, 2, {0, 0}, 0, 0, PUL_NW, 0, 2};
        HookCall call = make_call(g, NULL, HOOK_SCORE_GROUP);
        CHECK_INT(script_score_group(h, &call, &grp, &err), PUL_ERR_SCRIPT);
        CHECK_STR(err.code, "script-error");
        CHECK(has(err.message, groups[i].needle));
        CHECK_INT(grp.owner, 0);
        CHECK_INT(grp.points, 2);
        script_host_free(h);
    }
    /* final_scores */
    static const struct {
        const char *ret, *needle;
    } finals[] = {
        {"return 5", "it returned a number"},
        {"return {1}", "it returned a list of 1 values"},
        {"return {1, 'x'}", "entry 2 is a string"},
        {"return {1, -1000000001}", "entry 2, -1000000001, is not from -1000000000 to 1000000000"},
        {"return {1, 2}, {}", "it returned an empty list"},
        {"return {1, 2}, {3}", "entry 1 is not a seat from 1 to 2"},
        {"return {1, 2}, 'both'", "winning seats"},
    };
    for (size_t i = 0; i < sizeof finals / sizeof finals[0]; i++) {
        char lua[256];
        snprintf(lua, sizeof lua, "return { final_scores = function(game, scores) %s end }\n",
                 finals[i].ret);
        ScriptHost *h = host_text("final.lua", lua, &err);
        CHECK(h != NULL);
        if (!h) continue;
        int scores[2] = {3, 4};
        unsigned winners = 9;
        HookCall call = make_call(g, NULL, HOOK_FINAL_SCORES);
        CHECK_INT(script_final_scores(h, &call, scores, &winners, &err), PUL_ERR_SCRIPT);
        CHECK(has(err.message, "in hook final_scores: "));
        CHECK(has(err.message, finals[i].needle));
        script_host_free(h);
    }
    /* is_over */
    static const char *const overs[] = {"return 1", "return 'yes'", "return {}", "return game"};
    for (size_t i = 0; i < sizeof overs / sizeof overs[0]; i++) {
        char lua[256];
        snprintf(lua, sizeof lua, "return { is_over = function(game) %s end }\n", overs[i]);
        ScriptHost *h = host_text("over.lua", lua, &err);
        CHECK(h != NULL);
        if (!h) continue;
        bool over = true;
        HookCall call = make_call(g, NULL, HOOK_IS_OVER);
        CHECK_INT(script_is_over(h, &call, &over, &err), PUL_ERR_SCRIPT);
        CHECK(has(err.message, "is_over must return true or false"));
        CHECK_INT(err.line, 1);
        script_host_free(h);
    }
    pul_game_free(g);
}

static void test_load_errors(void) {
    check_load_fails("return {\n  setup = function(game)\n    local x = = 1\n  end,\n}\n",
                     "script-syntax", 3, "syntax error: unexpected symbol near '='");
    check_load_fails("return {\n  setup = function(game)\n", "script-syntax", 0,
                     "syntax error: 'end' expected (to close 'function' at line 2) near <eof>");
    check_load_fails("local t = nil\nlocal y = t.x\nreturn {}\n", "script-error", 2,
                     "while loading: attempt to index a nil value (local 't')");
    check_load_fails("while true do end\n", "script-budget", 1,
                     "while loading: ran past its budget");
    check_load_fails("local s = string.rep('x', 1 << 30)\nreturn {}\n", "script-memory", 1,
                     "may take at most 256 KiB");
    check_load_fails("local x = 1\n", "script-error", 0,
                     "a script must end by returning a table of hooks");
    check_load_fails("return 42\n", "script-error", 0, "this one returned number");
    check_load_fails("return { on_activte = function() end }\n", "script-error", 0,
                     "unknown hook 'on_activte'; did you mean 'on_activate'?");
    check_load_fails("return { [1] = function() end }\n", "script-error", 0,
                     "in its table of hooks: a key of the table is a number, not a hook name");
    check_load_fails("return { setup = 42 }\n", "script-error", 0,
                     "hook setup must be a function, not a number");
    check_load_fails("return { on_activate = { crosss = function() end } }\n", "script-error", 0,
                     "on_activate names 'crosss', which is not a feature of the tile set; its "
                     "catalysts are one-dot, two-dot, cross");
    check_load_fails("return { on_activate = { white = function() end } }\n", "script-error", 0,
                     "on_activate names 'white', which is not a catalyst");
    check_load_fails("return { on_activate = { cross = 1 } }\n", "script-error", 0,
                     "on_activate['cross'] must be a function, not a number");
    check_load_fails("return { on_activate = 'cross' }\n", "script-error", 0,
                     "must be a function or a table of functions by catalyst");
    /* A missing file, and the loader's error through pul_variant_open. */
    const char *paths[1] = {"no/such/script.lua"};
    PulError err;
    CHECK(host_of_paths(paths, 1, &err) == NULL);
    CHECK_STR(err.code, "missing-file");
    CHECK_STR(err.file, "no/such/script.lua");
    CHECK(variant_with("bad-syntax", "return {\n  setup = function(game) end,\n  x = = 2\n}\n",
                       &err) == NULL);
    CHECK_STR(err.code, "script-syntax");
    CHECK_INT(err.status, PUL_ERR_SCRIPT);
    CHECK(has(err.file, "bad-syntax.lua"));
    CHECK_INT(err.line, 3);
    char text[1024];
    pul_error_format(&err, text, sizeof text);
    CHECK(has(text, "bad-syntax.lua:3:1: script-syntax: syntax error: unexpected symbol near '='"));
}

/* A failing setup makes pul_game_start fail with the script's error. */
static void test_setup_fails(void) {
    PulError err;
    PulVariant *v = variant_with("setup-fails",
                                 "return { setup = function(game)\n"
                                 "  game:set_rule('hand_size', 99)\n"
                                 "end }\n",
                                 &err);
    CHECK(v != NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v);
    CHECK_INT(pul_game_start(g, 2, 7, NULL, 0, &err), PUL_ERR_SCRIPT);
    CHECK_STR(err.code, "script-error");
    CHECK_INT(err.line, 2);
    CHECK(has(err.message, "in hook setup: game:set_rule: hand_size must be from 0 to 16, not 99"));
    pul_game_free(g);
    pul_variant_free(v);
}

/* Error values of every kind, and tables whose metatables would run code
** if the engine read them through metamethods. */
static void test_error_objects(void) {
    check_attack("error({})", "script-error", "in hook setup: error object is a table value");
    check_attack("error(setmetatable({}, {__tostring = function() while true do end end}))",
                 "script-error", "error object is a table value");
    check_attack("error('plain', 0)", "script-error", "in hook setup: plain");
    check_attack("error('positioned')", "script-error", "in hook setup: positioned");
    check_attack("error(42)", "script-error", "in hook setup: 42");
    check_attack("local t = nil; t.x = 1", "script-error",
                 "in hook setup: attempt to index a nil value (local 't')");
    PulGame *g = faq_after_three();
    PulError err;
    ScriptHost *h = host_text("meta.lua",
                              "return { on_activate = function(game, act)\n"
                              "  act.draw = nil\n"
                              "  setmetatable(act, {__index = function() while true do end end})\n"
                              "end }\n",
                              &err);
    CHECK(h != NULL);
    if (!h) return;
    MicropulActivation act = {F_ONE, 1, -1, PUL_CENTRE, 1, false};
    HookCall call = make_call(g, NULL, HOOK_ON_ACTIVATE);
    CHECK_INT(script_on_activate(h, &call, &act, &err), PUL_ERR_SCRIPT);
    CHECK_STR(err.code, "script-error");
    CHECK(has(err.message, "act.draw must be a whole number from 0 to 250, not nil"));
    script_host_free(h);
    /* Results past the ones a hook returns are ignored. */
    h = host_text("many.lua",
                  "return { score_group = function(game, grp)\n"
                  "  return 2, 9, 'more', {}, table.unpack({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, "
                  "13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25})\n"
                  "end }\n",
                  &err);
    CHECK(h != NULL);
    if (!h) return;
    MicropulGroup grp = {F_WHITE, 2, {0, 0}, 0, 0, PUL_NW, 0, 2};
    call = make_call(g, NULL, HOOK_SCORE_GROUP);
    CHECK_INT(script_score_group(h, &call, &grp, &err), PUL_OK);
    CHECK_INT(grp.owner, 1);
    CHECK_INT(grp.points, 9);
    script_host_free(h);
    pul_game_free(g);
}

/* ----------------------------------------------------- game functions */

static void test_misuse(void) {
    PulGame *g = faq_after_three();
    CHECK(has(probe(g, "game:hand(3)"),
              "game:hand: seat 3 is out of range; this game has seats 1 to 2"));
    CHECK(has(probe(g, "game:hand(0)"), "seat 0 is out of range"));
    CHECK(has(probe(g, "game:hand('one')"),
              "bad argument #1 to 'hand' (number expected, got string)"));
    CHECK(has(probe(g, "game:tile(48)"),
              "game:tile: tile id 48 is out of range; the tile set has ids 0 to 47"));
    CHECK(has(probe(g, "game:feature('whit')"),
              "the tile set has no feature 'whit'; did you mean 'white'?"));
    CHECK(has(probe(g, "game:rule('hand_sise')"),
              "no rule named 'hand_sise'; did you mean 'hand_size'?"));
    CHECK(has(probe(g, "game.seats()"), "game:seats: call it with a colon, as game:seats(...)"));
    CHECK(has(probe(g, "game:group(0, 0, 'north')"),
              "quadrant 'north' is not one of nw, ne, sw, se"));
    CHECK(has(probe(g, "game:nosuch()"), "the game object has no function 'nosuch'"));
    CHECK(has(probe(g, "game:random(0)"),
              "game:random: n is 0; give a whole number from 1 to 4294967295"));
    CHECK(has(probe(g, "game:random(1 << 32)"), "game:random: n is 4294967296"));
    CHECK(has(probe(g, "game:draw(1, -1)"), "cannot draw -1 tiles"));
    CHECK(has(probe(g, "game:set_rule('stones', 1)"),
              "game:set_rule is not allowed in after_action (only in setup)"));
    CHECK_PROBE(g, "getmetatable(game)", "pul.game");
    CHECK_PROBE(g, "pul.api_version", "1");
    CHECK_PROBE(g, "type(game)", "userdata");
    CHECK_PROBE(g, "tostring(game)", "pul.game");
    pul_game_free(g);

    /* What each scoring hook may not do. */
    static const struct {
        int hook;
        const char *call, *needle;
    } forbidden[] = {
        {HOOK_SCORE_GROUP, "game:extra_turn()",
         "game:extra_turn is not allowed in score_group (only in on_activate, after_action)"},
        {HOOK_FINAL_SCORES, "game:reveal(1)", "game:reveal is not allowed in final_scores"},
        {HOOK_IS_OVER, "game:draw(1, 1)", "game:draw is not allowed in is_over"},
        {HOOK_IS_OVER, "game:random(6)",
         "game:random is not allowed in is_over (only in setup, on_activate, after_action)"},
        {HOOK_SETUP, "game:draw(1, 1)", "game:draw is not allowed in setup"},
        {HOOK_ON_ACTIVATE, "game:set_rule('stones', 1)",
         "game:set_rule is not allowed in on_activate"},
    };
    g = faq_after_three();
    PulGame *before = pul_game_new(plain);
    pul_game_copy(before, g);
    for (size_t i = 0; i < sizeof forbidden / sizeof forbidden[0]; i++) {
        char lua[256];
        const char *name = forbidden[i].hook == HOOK_SCORE_GROUP    ? "score_group"
                           : forbidden[i].hook == HOOK_FINAL_SCORES ? "final_scores"
                           : forbidden[i].hook == HOOK_IS_OVER      ? "is_over"
                           : forbidden[i].hook == HOOK_SETUP        ? "setup"
                                                                    : "on_activate";
        snprintf(lua, sizeof lua, "return { %s = function(game, x)\n  %s\nend }\n", name,
                 forbidden[i].call);
        PulError err;
        ScriptHost *h = host_text("forbidden.lua", lua, &err);
        CHECK(h != NULL);
        if (!h) continue;
        HookCall call = make_call(g, NULL, forbidden[i].hook);
        PulStatus st = PUL_OK;
        if (forbidden[i].hook == HOOK_SCORE_GROUP) {
            MicropulGroup grp = {F_WHITE, 2, {0, 0}, 0, 0, PUL_NW, 0, 2};
            st = script_score_group(h, &call, &grp, &err);
        } else if (forbidden[i].hook == HOOK_FINAL_SCORES) {
            int scores[2] = {1, 2};
            unsigned winners;
            st = script_final_scores(h, &call, scores, &winners, &err);
        } else if (forbidden[i].hook == HOOK_IS_OVER) {
            bool over;
            st = script_is_over(h, &call, &over, &err);
        } else if (forbidden[i].hook == HOOK_SETUP) {
            st = script_setup(h, &call, &err);
        } else {
            MicropulActivation act = {F_CROSS, 1, 0, PUL_NE, 0, true};
            st = script_on_activate(h, &call, &act, &err);
        }
        CHECK_INT(st, PUL_ERR_SCRIPT);
        CHECK(has(err.message, forbidden[i].needle));
        CHECK_INT(err.line, 2);
        CHECK(memcmp(before, g, pul_game_size()) == 0);
        script_host_free(h);
    }
    pul_game_free(before);
    pul_game_free(g);
}

static void add_list(Text *t, const uint8_t *ids, int n) {
    add(t, "{");
    for (int i = 0; i < n; i++) add(t, "%s%d", i ? "," : "", ids[i]);
    add(t, "}");
}

static void add_quads(Text *t, int tile, int rot) {
    uint8_t q[4];
    pul_tileset_rotated(&ts, tile, rot, q);
    add(t, "{ne=%s,nw=%s,se=%s,sw=%s}", fname(q[PUL_NE]), fname(q[PUL_NW]), fname(q[PUL_SE]),
        fname(q[PUL_SW]));
}

static int cmp_names(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void test_read_functions(void) {
    PulGame *g = faq_after_three();
    Text t = {{0}, 0};
    CHECK_PROBE(g, "game:seats()", "2");
    CHECK_PROBE(g, "game:to_move()", "1");
    CHECK_PROBE(g, "game:in_extra_turn()", "true");
    CHECK_PROBE(g, "game:turns()", "3");
    CHECK_PROBE(g, "game:core_size()", "33");
    CHECK_PROBE(g, "game:supply_size(1)", "2");
    CHECK_PROBE(g, "game:supply_size(2)", "0");
    CHECK_PROBE(g, "game:stones_left(2)", "3");
    uint8_t ids[PUL_MAX_TILES];
    for (int s = 0; s < 2; s++) {
        t.n = 0;
        add_list(&t, ids, pul_game_hand(g, s, ids, PUL_MAX_TILES));
        char expr[32];
        snprintf(expr, sizeof expr, "game:hand(%d)", s + 1);
        CHECK_PROBE(g, expr, t.s);
    }
    /* known: the supply tiles seat 1 knows, in supply order. */
    CHECK_PROBE(g, "game:known(1)", "{}");
    MG(g)->known[0] = UINT64_C(1) << 9 | UINT64_C(1) << 8;
    CHECK_PROBE(g, "game:known(1)", "{8,9}");
    MG(g)->known[0] = 0;
    /* rules */
    CHECK_PROBE(g, "game:rule('hand_size')", "6");
    CHECK_PROBE(g, "game:rule('rule2_colours')", "true");
    CHECK_PROBE(g, "game:rule('solo_extra_turn')", "false");
    CHECK_PROBE(g, "game:rule('core_empty_end')", "immediate");
    CHECK_PROBE(g, "game:rule('merged_scoring')", "none");
    const char *names[64];
    int n = pul_rules_nparams();
    for (int i = 0; i < n; i++) names[i] = pul_rules_param(i)->name;
    qsort(names, (size_t)n, sizeof names[0], cmp_names);
    t.n = 0;
    add(&t, "{");
    for (int i = 0; i < n; i++) {
        int k = pul_rules_param_find(names[i]);
        const PulParamInfo *p = pul_rules_param(k);
        int value = pul_rules_get(pul_game_rules(g), k);
        add(&t, "%s%s=", i ? "," : "", names[i]);
        if (p->type == PUL_PARAM_BOOL)
            add(&t, "%s", value ? "true" : "false");
        else if (p->type == PUL_PARAM_ENUM)
            add(&t, "%s", p->words[value]);
        else
            add(&t, "%d", value);
    }
    add(&t, "}");
    CHECK_PROBE(g, "game:rules()", t.s);
    /* tiles and features */
    CHECK_PROBE(g, "game:tile(4)", "{big=false,quads={cross,white,white,black}}");
    CHECK_PROBE(g, "game:tile(42)", "{big=true,centre=one-dot,quads={white,white,white,white}}");
    CHECK_PROBE(g, "game:tile(0)", "{big=false,quads={white,blank,blank,blank}}");
    CHECK_PROBE(g, "game:feature('two-dot')",
                "{class=catalyst,draw=2,extra_turn=false,name=two-dot}");
    CHECK_PROBE(g, "game:feature('cross')", "{class=catalyst,draw=0,extra_turn=true,name=cross}");
    CHECK_PROBE(g, "game:feature('black')", "{class=micropul,draw=0,extra_turn=false,name=black}");
    CHECK_PROBE(g, "game:feature('blank')", "{class=blank,draw=0,extra_turn=false,name=blank}");
    /* cells */
    t.n = 0;
    add(&t, "{quads=");
    add_quads(&t, 4, 1);
    add(&t, ",rot=1,tile=4}");
    CHECK_PROBE(g, "game:cell(1, 0)", t.s);
    t.n = 0;
    add(&t, "{centre=one-dot,quads=");
    add_quads(&t, 42, 0);
    add(&t, ",rot=0,tile=42}");
    CHECK_PROBE(g, "game:cell(1, -1)", t.s);
    CHECK_PROBE(g, "game:cell(5, 5)", "nil");
    CHECK_PROBE(g, "game:cell(1 << 40, 0)", "nil");
    /* placed */
    PulPlaced placed[PUL_MAX_TILES];
    int np = pul_game_placed(g, placed, PUL_MAX_TILES);
    CHECK_INT(np, 4);
    t.n = 0;
    add(&t, "{");
    for (int i = 0; i < np; i++)
        add(&t, "%s{rot=%d,tile=%d,x=%d,y=%d}", i ? "," : "", placed[i].rot, placed[i].tile,
            (int)placed[i].x, (int)placed[i].y);
    add(&t, "}");
    CHECK_PROBE(g, "game:placed()", t.s);
    /* groups: the start's white, and none on a blank or an empty cell */
    PulGroupInfo gi;
    CHECK(pul_game_group(g, 0, 0, PUL_NW, &gi));
    t.n = 0;
    add(&t, "{closed=%s,colour=%s,owners={},points=%d,size=%d,stones=0}",
        gi.closed ? "true" : "false", fname(gi.colour), gi.points, gi.size);
    CHECK_PROBE(g, "game:group(0, 0, 'nw')", t.s);
    uint8_t q4[4];
    pul_tileset_rotated(&ts, 4, 1, q4);
    CHECK_INT(q4[PUL_NE], F_CROSS);
    CHECK_PROBE(g, "game:group(1, 0, 'ne')", "nil");
    CHECK_PROBE(g, "game:group(9, 9, 'se')", "nil");
    APPLY_OK(g, A_CLAIM(PUL_SW, 0, 0), NULL); /* seat 0, in its extra turn */
    CHECK(pul_game_group(g, 0, 0, PUL_SE, &gi));
    t.n = 0;
    add(&t, "{closed=false,colour=black,owners={1},points=%d,size=%d,stones=1}", gi.points,
        gi.size);
    CHECK_PROBE(g, "game:group(0, 0, 'se')", t.s);
    CHECK_PROBE(g, "game:stones_left(1)", "2");
    int sc[2];
    pul_game_scores(g, sc, (int)(sizeof sc / sizeof sc[0]));
    t.n = 0;
    add(&t, "{%d,%d}", sc[0], sc[1]);
    CHECK_PROBE(g, "game:scores()", t.s);
    CHECK_PROBE(g, "game:to_move()", "2");
    CHECK_PROBE(g, "game:in_extra_turn()", "false");
    pul_game_free(g);
}

static void test_actions(void) {
    PulGame *g = faq_after_three();
    PulError err;
    ScriptHost *h =
        host_text("act.lua",
                  PRELUDE "return { on_activate = function(game, act)\n"
                          "  local drew = game:draw(1, 2)\n"
                          "  local none = game:draw(2, 0)\n"
                          "  local peek = game:reveal(1)\n"
                          "  local peek2 = game:reveal(2)\n"
                          "  game:extra_turn()\n"
                          "  game:extra_turn()\n"
                          "  error(ser({drew, none, peek, tostring(peek2), game:supply_size(1),\n"
                          "             game:known(1)}), 0)\n"
                          "end }\n",
                  &err);
    CHECK(h != NULL);
    if (!h) return;
    uint8_t core[PUL_MAX_TILES];
    pul_game_core_initial(g, core, PUL_MAX_TILES);
    int top = pul_game_core_drawn(g);
    PulEvents ev = {0};
    MicropulActivation act = {F_ONE, 1, -1, PUL_CENTRE, 1, false};
    HookCall call = make_call(g, &ev, HOOK_ON_ACTIVATE);
    CHECK_INT(script_on_activate(h, &call, &act, &err), PUL_ERR_SCRIPT);
    /* Seat 1 drew the next two core tiles, and the peek shows the last. */
    char expected[128];
    snprintf(expected, sizeof expected, "{2,0,%d,nil,4,{%d}}", core[top + 1], core[top + 1]);
    CHECK_STR(after_hook(&err, "on_activate"), expected);
    CHECK_INT(pul_game_supply(g, 0, NULL, 0), 4);
    CHECK(pul_game_known(g, 0) == UINT64_C(1) << core[top + 1]);
    CHECK_INT(call.extra_turns, 2);
    const PulEvent *e = find_event(&ev, PUL_EV_DREW);
    CHECK(e && e->seat == 0 && e->count == 2);
    e = find_event(&ev, PUL_EV_REVEALED);
    CHECK(e && e->seat == 0 && e->tile == core[top + 1]);
    script_host_free(h);

    /* random: 1..n from the game's generator, as hooked_random gives. */
    h = host_text(
        "random.lua",
        PRELUDE
        "return { after_action = function(game, events)\n"
        "  error(ser({game:random(6), game:random(6), game:random(1000000), game:random(1)}), 0)\n"
        "end }\n",
        &err);
    CHECK(h != NULL);
    PulGame *copy = pul_game_new(plain);
    pul_game_copy(copy, g);
    HookCall twin = make_call(copy, NULL, HOOK_AFTER_ACTION);
    unsigned r1 = hooked_random(&twin, 6) + 1, r2 = hooked_random(&twin, 6) + 1;
    unsigned r3 = hooked_random(&twin, 1000000) + 1, r4 = hooked_random(&twin, 1) + 1;
    call = make_call(g, NULL, HOOK_AFTER_ACTION);
    CHECK_INT(script_after_action(h, &call, NULL, &err), PUL_ERR_SCRIPT);
    snprintf(expected, sizeof expected, "{%u,%u,%u,%u}", r1, r2, r3, r4);
    CHECK_STR(after_hook(&err, "after_action"), expected);
    CHECK(memcmp(&g->rng, &copy->rng, sizeof g->rng) == 0);
    pul_game_free(copy);
    script_host_free(h);
    pul_game_free(g);

    /* set_rule in setup: numbers, booleans and enum words. */
    h = host_text(
        "rules.lua",
        "return { setup = function(game)\n"
        "  game:set_rule('hand_size', 4)\n"
        "  game:set_rule('rule2_colours', false)\n"
        "  game:set_rule('core_empty_end', 'finish_round')\n"
        "  game:set_rule('points_big', -3.0)\n"
        "  assert(game:rule('hand_size') == 4 and game:rules().core_empty_end == 'finish_round')\n"
        "end }\n",
        &err);
    CHECK(h != NULL);
    g = scripted(plain, 2, faq_prefix, 12);
    call = make_call(g, NULL, HOOK_SETUP);
    CHECK_INT(script_setup(h, &call, &err), PUL_OK);
    CHECK_INT(pul_game_rules(g)->hand_size, 4);
    CHECK(!pul_game_rules(g)->rule2_colours);
    CHECK_INT(pul_game_rules(g)->core_empty_end, PUL_CORE_EMPTY_FINISH_ROUND);
    CHECK_INT(pul_game_rules(g)->points_big, -3);
    CHECK_INT(pul_variant_rules(plain)->hand_size, 6); /* the variant's are untouched */
    script_host_free(h);
    pul_game_free(g);

    static const struct {
        const char *call, *needle;
    } bad[] = {
        {"game:set_rule('hand_size', 99)", "game:set_rule: hand_size must be from 0 to 16, not 99"},
        {"game:set_rule('hand_size', 'six')",
         "hand_size takes a whole number from 0 to 16, not a string"},
        {"game:set_rule('hand_size', 2.5)", "takes a whole number"},
        {"game:set_rule('rule2_colours', 1)", "rule2_colours takes true or false, not a number"},
        {"game:set_rule('core_empty_end', 'later')",
         "core_empty_end takes one of immediate, finish_turn, finish_round, not 'later'"},
        {"game:set_rule('core_empty_end', 2)",
         "takes one of immediate, finish_turn, finish_round, not a number"},
        {"game:set_rule('stone', 2)", "no rule named 'stone'; did you mean 'stones'?"},
        {"game:set_rule('stones')", "bad argument #2 to 'set_rule' (value expected)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char lua[256];
        snprintf(lua, sizeof lua, "return { setup = function(game)\n  %s\nend }\n", bad[i].call);
        h = host_text("badrule.lua", lua, &err);
        CHECK(h != NULL);
        if (!h) continue;
        g = scripted(plain, 2, faq_prefix, 12);
        PulRules before = *pul_game_rules(g);
        call = make_call(g, NULL, HOOK_SETUP);
        CHECK_INT(script_setup(h, &call, &err), PUL_ERR_SCRIPT);
        CHECK(has(err.message, bad[i].needle));
        CHECK_INT(err.line, 2);
        CHECK(memcmp(&before, pul_game_rules(g), sizeof before) == 0);
        script_host_free(h);
        pul_game_free(g);
    }
}

/* ----------------------------------------------------- hook arguments */

static void test_on_activate(void) {
    PulGame *g = faq_after_three();
    PulError err;
    ScriptHost *h = host_text("act.lua",
                              PRELUDE "local seen\n"
                                      "return { on_activate = function(game, act)\n"
                                      "  if act.feature == 'two-dot' then error(seen, 0) end\n"
                                      "  seen = ser(act)\n"
                                      "  act.draw = act.draw + 4\n"
                                      "  act.extra_turn = not act.extra_turn\n"
                                      "end }\n",
                              &err);
    CHECK(h != NULL);
    if (!h) return;
    CHECK_INT(script_hooks(h), HOOK_ON_ACTIVATE);
    CHECK(script_activate_features(h) == (1u << F_ONE | 1u << F_TWO | 1u << F_CROSS));
    MicropulActivation act = {F_ONE, 1, -1, PUL_CENTRE, 1, false};
    HookCall call = make_call(g, NULL, HOOK_ON_ACTIVATE);
    call.seat = 1;
    CHECK_INT(script_on_activate(h, &call, &act, &err), PUL_OK);
    CHECK_INT(act.draw, 5);
    CHECK(act.extra_turn);
    MicropulActivation two = {F_TWO, 0, 0, PUL_NW, 2, false};
    CHECK_INT(script_on_activate(h, &call, &two, &err), PUL_ERR_SCRIPT);
    CHECK_STR(after_hook(&err, "on_activate"),
              "{draw=1,extra_turn=false,feature=one-dot,quad=centre,seat=2,x=1,y=-1}");
    script_host_free(h);

    /* A table of handlers hears only the catalysts it names. */
    h = host_text("cross.lua",
                  "return { on_activate = { cross = function(game, act)\n"
                  "  act.extra_turn = false; act.draw = 1\n"
                  "end } }\n",
                  &err);
    CHECK(h != NULL);
    if (!h) return;
    CHECK(script_activate_features(h) == 1u << F_CROSS);
    MicropulActivation one = {F_ONE, 1, -1, PUL_CENTRE, 1, false};
    CHECK_INT(script_on_activate(h, &call, &one, &err), PUL_OK);
    CHECK_INT(one.draw, 1);
    CHECK(!one.extra_turn);
    MicropulActivation cross = {F_CROSS, 1, 0, PUL_NE, 0, true};
    CHECK_INT(script_on_activate(h, &call, &cross, &err), PUL_OK);
    CHECK_INT(cross.draw, 1);
    CHECK(!cross.extra_turn);
    script_host_free(h);
    pul_game_free(g);
}

static void test_after_action(void) {
    PulGame *g = scripted(plain, 2, faq_prefix, 12);
    /* One event of each kind, as the engine fills them. */
    PulEvents ev = {0};
    PulEvent all[] = {
        {PUL_EV_PLACED, 0, 42, 3, 0, 0, 1, -1, 0, 0},
        {PUL_EV_TOOK, 1, 17, 0, 0, 0, 0, 0, 0, 0},
        {PUL_EV_CLAIMED, 0, 0, 0, PUL_SE, 0, 2, 3, 0, 0},
        {PUL_EV_PASSED, 1, 0, 0, 0, 0, 0, 0, 0, 0},
        {PUL_EV_ACTIVATED, 0, 42, 0, PUL_CENTRE, F_ONE, 1, -1, 1, 0},
        {PUL_EV_DREW, 0, 0, 0, 0, 0, 0, 0, 2, 2},
        {PUL_EV_EXTRA_TURN, 0, 0, 0, 0, 0, 0, 0, 0, 0},
        {PUL_EV_MERGED, 1, 0, 0, PUL_NW, 0, 2, 0, 2, 2},
        {PUL_EV_CLOSED, 1, 0, 0, PUL_SW, 0, 0, 0, 3, 0},
        {PUL_EV_CLOSED, 1, 0, 0, PUL_NE, 0, 4, 4, 1, -1},
        {PUL_EV_TURN_SKIPPED, 1, 0, 0, 0, 0, 0, 0, 0, 0},
        {PUL_EV_REVEALED, 0, 9, 0, 0, 0, 0, 0, 0, 0},
        {PUL_EV_GAME_OVER, 1, 0, 0, 0, 0, 0, 0, 0, PUL_END_NO_TILES},
        {PUL_EV_GAME_OVER, -1, 0, 0, 0, 0, 0, 0, 0, PUL_END_SCRIPT},
    };
    PulError err;
    ScriptHost *h = host_text("events.lua",
                              PRELUDE "return { after_action = function(game, events)\n"
                                      "  local out = {}\n"
                                      "  for i, e in ipairs(events) do out[i] = ser(e) end\n"
                                      "  error(table.concat(out, ';'), 0)\n"
                                      "end }\n",
                              &err);
    CHECK(h != NULL);
    if (!h) return;
    /* In two halves: a PulError message holds 512 bytes. */
    ev.n = 7;
    memcpy(ev.ev, all, sizeof all[0] * 7);
    HookCall call = make_call(g, &ev, HOOK_AFTER_ACTION);
    CHECK_INT(script_after_action(h, &call, &ev, &err), PUL_ERR_SCRIPT);
    CHECK_STR(after_hook(&err, "after_action"), "{kind=placed,rot=3,seat=1,tile=42,x=1,y=-1};"
                                                "{kind=took,seat=2,tile=17};"
                                                "{kind=claimed,quad=se,seat=1,x=2,y=3};"
                                                "{kind=passed,seat=2};"
                                                "{draw=1,extra_turn=false,feature=one-dot,kind="
                                                "activated,quad=centre,seat=1,tile=42,x=1,y=-1};"
                                                "{count=2,kind=drew,seat=1};"
                                                "{kind=extra_turn,seat=1}");
    ev.n = 7;
    memcpy(ev.ev, all + 7, sizeof all[0] * 7);
    CHECK_INT(script_after_action(h, &call, &ev, &err), PUL_ERR_SCRIPT);
    CHECK_STR(after_hook(&err, "after_action"),
              "{count=2,kind=merged,quad=nw,seat=2,value=2,x=2,y=0};"
              "{count=3,kind=closed,owner=1,quad=sw,seat=2,x=0,y=0};"
              "{count=1,kind=closed,quad=ne,seat=2,x=4,y=4};"
              "{kind=turn_skipped,seat=2};"
              "{kind=revealed,seat=1,tile=9};"
              "{kind=game_over,seat=2,value=no_tiles};"
              "{kind=game_over,value=script}");
    script_host_free(h);

    /* The events of a real action, and the hook's own draw pushed after them. */
    h = host_text("count.lua",
                  PRELUDE "return { after_action = function(game, events)\n"
                          "  game:draw(game:to_move(), 1)\n"
                          "  local kinds = {}\n"
                          "  for i, e in ipairs(events) do kinds[i] = e.kind end\n"
                          "  error(ser(kinds), 0)\n"
                          "end }\n",
                  &err);
    CHECK(h != NULL);
    APPLY_OK(g, A_PLACE(4, 1, 0, 1), NULL);
    APPLY_OK(g, A_PLACE(12, 0, -1, 2), NULL);
    APPLY_OK(g, A_PLACE(42, 1, -1, 0), &ev);
    int n = ev.n;
    call = make_call(g, &ev, HOOK_AFTER_ACTION);
    CHECK_INT(script_after_action(h, &call, &ev, &err), PUL_ERR_SCRIPT);
    CHECK_STR(after_hook(&err, "after_action"),
              "{placed,activated,activated,activated,drew,extra_turn}");
    CHECK_INT(ev.n, n + 1);
    CHECK_INT(ev.ev[n].kind, PUL_EV_DREW);
    script_host_free(h);
    pul_game_free(g);
}

static void test_score_group(void) {
    PulGame *g = faq_after_three();
    PulError err;
    ScriptHost *h = host_text("group.lua",
                              PRELUDE "return { score_group = function(game, grp)\n"
                                      "  if grp.points == 99 then error(ser(grp), 0) end\n"
                                      "  if grp.size == 1 then return end\n"
                                      "  if grp.size == 2 then return false end\n"
                                      "  if grp.size == 3 then return 2, grp.points * 10 end\n"
                                      "  if grp.size == 4 then return nil, 7 end\n"
                                      "  return grp.owner\n"
                                      "end }\n",
                              &err);
    CHECK(h != NULL);
    if (!h) return;
    HookCall call = make_call(g, NULL, HOOK_SCORE_GROUP);
    MicropulGroup grp = {F_BLACK, 3, {1, 2}, 0, 1, PUL_NW, 0, 99};
    CHECK_INT(script_score_group(h, &call, &grp, &err), PUL_ERR_SCRIPT);
    CHECK_STR(after_hook(&err, "score_group"),
              "{colour=black,owner=1,points=99,quad=nw,size=3,stones={1,2},x=0,y=1}");
    static const struct {
        int size, owner_in, owner_out, points_out;
    } cases[] = {
        {1, 0, 0, 5},   /* nothing: keep */
        {2, 0, -1, 5},  /* false: nobody */
        {3, -1, 1, 50}, /* seat 2, ten times */
        {4, 1, -1, 7},  /* nil and points */
        {5, 1, 1, 5},   /* the owner alone: points kept */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        MicropulGroup gr = {F_WHITE, cases[i].size, {0, 0}, 0, 0, PUL_NW, cases[i].owner_in, 5};
        CHECK_INT(script_score_group(h, &call, &gr, &err), PUL_OK);
        CHECK_INT(gr.owner, cases[i].owner_out);
        CHECK_INT(gr.points, cases[i].points_out);
    }
    script_host_free(h);
    pul_game_free(g);
}

static void test_final_scores_and_is_over(void) {
    PulGame *g = faq_after_three();
    PulError err;
    ScriptHost *h = host_text("final.lua",
                              "return {\n"
                              "  final_scores = function(game, scores)\n"
                              "    if scores[1] == 0 then return end\n"
                              "    if scores[1] == 1 then return {scores[2], scores[1]} end\n"
                              "    return {scores[1] + 100, scores[2]}, {2}\n"
                              "  end,\n"
                              "  is_over = function(game)\n"
                              "    if game:turns() == 3 then return game:in_extra_turn() end\n"
                              "    if game:turns() == 4 then return nil end\n"
                              "    return false\n"
                              "  end,\n"
                              "}\n",
                              &err);
    CHECK(h != NULL);
    if (!h) return;
    CHECK_INT(script_hooks(h), HOOK_FINAL_SCORES | HOOK_IS_OVER);
    CHECK(script_activate_features(h) == 0);
    HookCall call = make_call(g, NULL, HOOK_FINAL_SCORES);
    int scores[2] = {0, 9};
    unsigned winners = 7;
    CHECK_INT(script_final_scores(h, &call, scores, &winners, &err), PUL_OK);
    CHECK(scores[0] == 0 && scores[1] == 9 && winners == 0);
    scores[0] = 1;
    CHECK_INT(script_final_scores(h, &call, scores, &winners, &err), PUL_OK);
    CHECK(scores[0] == 9 && scores[1] == 1 && winners == 0);
    CHECK_INT(script_final_scores(h, &call, scores, &winners, &err), PUL_OK);
    CHECK(scores[0] == 109 && scores[1] == 1 && winners == 2u);
    call = make_call(g, NULL, HOOK_IS_OVER);
    bool over = false;
    CHECK_INT(script_is_over(h, &call, &over, &err), PUL_OK);
    CHECK(over);
    APPLY_OK(g, A_PASS(), NULL);
    CHECK_INT(script_is_over(h, &call, &over, &err), PUL_OK);
    CHECK(!over);
    script_host_free(h);
    pul_game_free(g);
}

/* Two scripts with the same hooks: both run in load order, the second
** seeing what the first left; the game object of a call is one object. */
static void test_load_order(void) {
    PulError err;
    char first[PATH_MAX], second[PATH_MAX];
    const char *first_lua = "return {\n"
                            "  on_activate = { ['one-dot'] = function(game, act)\n"
                            "    act.draw = act.draw + 1; shared = game end },\n"
                            "  score_group = function(game, grp) return 1, grp.points + 1 end,\n"
                            "  final_scores = function(game, s) return {s[1] + 1, s[2]}, {1} end,\n"
                            "  is_over = function(game) return true end,\n"
                            "}\n";
    snprintf(first, sizeof first, "%s", write_text("first.lua", first_lua));
    const char *second_lua =
        "return {\n"
        "  on_activate = function(game, act)\n"
        "    assert(rawequal(game, shared)); act.draw = act.draw * 10 end,\n"
        "  score_group = function(game, grp) return grp.owner, grp.points * 2 end,\n"
        "  final_scores = function(game, s) return {s[1] * 2, s[2]} end,\n"
        "  is_over = function(game) return false end,\n"
        "}\n";
    snprintf(second, sizeof second, "%s", write_text("second.lua", second_lua));
    const char *paths[2] = {first, second};
    ScriptHost *h = host_of_paths(paths, 2, &err);
    CHECK(h != NULL);
    if (!h) {
        fprintf(stderr, "  %s\n", err.message);
        return;
    }
    CHECK_INT(script_hooks(h),
              HOOK_ON_ACTIVATE | HOOK_SCORE_GROUP | HOOK_FINAL_SCORES | HOOK_IS_OVER);
    CHECK(script_activate_features(h) == (1u << F_ONE | 1u << F_TWO | 1u << F_CROSS));
    PulGame *g = faq_after_three();
    HookCall call = make_call(g, NULL, HOOK_ON_ACTIVATE);
    MicropulActivation act = {F_ONE, 1, -1, PUL_CENTRE, 1, false};
    CHECK_INT(script_on_activate(h, &call, &act, &err), PUL_OK);
    CHECK_INT(act.draw, 20);
    MicropulActivation cross = {F_CROSS, 1, 0, PUL_NE, 0, true};
    CHECK_INT(script_on_activate(h, &call, &cross, &err), PUL_ERR_SCRIPT);
    CHECK(has(err.message, "assertion failed")); /* shared is the last call's game */
    CHECK(has(err.file, "second.lua"));
    CHECK_INT(err.line, 3);
    call = make_call(g, NULL, HOOK_SCORE_GROUP);
    MicropulGroup grp = {F_WHITE, 2, {0, 0}, 0, 0, PUL_NW, -1, 4};
    CHECK_INT(script_score_group(h, &call, &grp, &err), PUL_OK);
    CHECK_INT(grp.owner, 0);
    CHECK_INT(grp.points, 10);
    call = make_call(g, NULL, HOOK_FINAL_SCORES);
    int scores[2] = {3, 4};
    unsigned winners = 0;
    CHECK_INT(script_final_scores(h, &call, scores, &winners, &err), PUL_OK);
    CHECK(scores[0] == 8 && scores[1] == 4 && winners == 1u);
    call = make_call(g, NULL, HOOK_IS_OVER);
    bool over = false;
    CHECK_INT(script_is_over(h, &call, &over, &err), PUL_OK);
    CHECK(over); /* any true ends the game */
    script_host_free(h);
    pul_game_free(g);
}

/* ------------------------------------------------- through the engine */

/* tests/variants/hooks-all: every hook with an effect on a real game. */
static void test_hooks_all_variant(void) {
    PulError err;
    PulVariant *v = pul_variant_open("hooks-all", NULL, &err);
    CHECK(v != NULL);
    if (!v) {
        fprintf(stderr, "  %s\n", err.message);
        return;
    }
    CHECK(pul_variant_has_scripts(v));
    CHECK_INT(pul_variant_rules(v)->stones, 3);
    /* setup: two stones each, and the core's end finishes the turn. */
    PulGame *g = scripted(v, 2, faq_prefix, 12);
    CHECK(g != NULL);
    if (!g) {
        pul_variant_free(v);
        return;
    }
    CHECK_INT(pul_game_rules(g)->stones, 2);
    CHECK_INT(pul_game_rules(g)->core_empty_end, PUL_CORE_EMPTY_FINISH_TURN);
    CHECK_INT(pul_game_stones(g, 0), 2);
    CHECK_INT(pul_game_stones(g, 1), 2);
    PulEvents ev;
    APPLY_OK(g, A_PLACE(4, 1, 0, 1), &ev);
    APPLY_OK(g, A_PLACE(12, 0, -1, 2), &ev);
    /* on_activate: each one-dot draws 2 instead of 1, the cross gives no
    ** extra turn; after_action reveals the last tile drawn. */
    APPLY_OK(g, A_PLACE(42, 1, -1, 0), &ev);
    CHECK_INT(count_events(&ev, PUL_EV_ACTIVATED), 3);
    const PulEvent *e = find_event(&ev, PUL_EV_DREW);
    CHECK(e && e->count == 4 && e->seat == 0);
    CHECK_INT(count_events(&ev, PUL_EV_EXTRA_TURN), 0);
    CHECK_INT(pul_game_to_move(g), 1);
    uint8_t sup[PUL_MAX_TILES];
    CHECK_INT(pul_game_supply(g, 0, sup, PUL_MAX_TILES), 4);
    CHECK(sup[0] == 8 && sup[1] == 9 && sup[2] == 10 && sup[3] == 11);
    CHECK(pul_game_known(g, 0) == UINT64_C(1) << 11);
    e = find_event(&ev, PUL_EV_REVEALED);
    CHECK(e && e->seat == 0 && e->tile == 11);
    PulObservation obs;
    pul_observe(g, 0, &obs);
    CHECK(obs.nknown == 1 && obs.known[0] == 11);
    pul_game_free(g);

    /* score_group: ten times the points; is_over at the fifth action;
    ** final_scores: seat 1 gains 1000 but seat 2 is named the winner. */
    g = scripted(v, 2, close_prefix, 12);
    APPLY_OK(g, A_CLAIM(PUL_SW, 0, 0), &ev);
    APPLY_OK(g, A_PLACE(0, 1, 0, 0), &ev);
    APPLY_OK(g, A_PLACE(26, -1, 0, 1), &ev);
    APPLY_OK(g, A_PLACE(1, 0, 1, 0), &ev);
    CHECK(!pul_game_over(g));
    APPLY_OK(g, A_PLACE(6, -1, 1, 0), &ev);
    CHECK_INT(count_events(&ev, PUL_EV_CLOSED), 1);
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_SCRIPT);
    e = find_event(&ev, PUL_EV_GAME_OVER);
    CHECK(e && e->value == PUL_END_SCRIPT);
    int sc[2];
    pul_game_scores(g, sc, (int)(sizeof sc / sizeof sc[0]));
    CHECK_INT(sc[0], 1000 + 30 + 4);
    CHECK_INT(sc[1], 4);
    int winners[2];
    CHECK_INT(pul_game_winners(g, winners, (int)(sizeof winners / sizeof winners[0])), 1);
    CHECK_INT(winners[0], 1);
    pul_game_free(g);
    pul_variant_free(v);
}

/* tests/variants/hooks-chain: two scripts with the same hooks, in order. */
static void test_hooks_chain_variant(void) {
    PulError err;
    PulVariant *v = pul_variant_open("hooks-chain", NULL, &err);
    CHECK(v != NULL);
    if (!v) {
        fprintf(stderr, "  %s\n", err.message);
        return;
    }
    const PulVariantInfo *info = pul_variant_info(v);
    CHECK_INT(info->nscripts, 2);
    PulGame *g = scripted(v, 2, faq_prefix, 12);
    CHECK(g != NULL);
    if (g) {
        /* setup: the first sets hand_size 5, the second adds one stone per hand tile less. */
        CHECK_INT(pul_game_rules(g)->hand_size, 5);
        CHECK_INT(pul_game_rules(g)->stones, 4);
        CHECK_INT(pul_game_hand(g, 0, NULL, 0), 5);
        PulEvents ev;
        APPLY_OK(g, A_PLACE(4, 1, 0, 1), &ev);
        APPLY_OK(g, A_PLACE(12, 0, -1, 2), &ev);
        /* Hands of 5: seat 0 holds 4 42 46 0 1, seat 1 34 12 2 3 5. */
        APPLY_OK(g, A_PLACE(42, 1, -1, 0), &ev);
        /* one-dot: (1 + 1) * 2 = 4 each, two of them; the cross: +1 then * 2 = 2. */
        const PulEvent *e = find_event(&ev, PUL_EV_DREW);
        CHECK(e && e->count == 10);
        pul_game_free(g);
    }
    pul_variant_free(v);
}

/* Games are deterministic from the seed with game:random, and one state
** serves many games. */
static void test_random_games(void) {
    PulError err;
    PulVariant *v =
        variant_with("dice",
                     "return {\n"
                     "  on_activate = function(game, act) act.draw = game:random(3) - 1 end,\n"
                     "  after_action = function(game, events)\n"
                     "    if game:random(10) == 1 then game:reveal(game:to_move()) end\n"
                     "  end,\n"
                     "}\n",
                     &err);
    CHECK(v != NULL);
    if (!v) return;
    PulGame *a = pul_game_new(v), *b = pul_game_new(v);
    int revealed = 0, draws[PUL_MAX_TILES + 1] = {0};
    for (uint64_t seed = 1; seed <= 6; seed++) {
        CHECK_INT(pul_game_start(a, 2, seed, NULL, 0, &err), PUL_OK);
        CHECK_INT(pul_game_start(b, 2, seed, NULL, 0, &err), PUL_OK);
        PulRng ra, rb;
        pul_rng_seed(&ra, seed);
        pul_rng_seed(&rb, seed);
        int steps = 0;
        while (!pul_game_over(a) && steps++ < 400) {
            PulAction x, y;
            PulEvents ev;
            CHECK(pul_random_action(a, &ra, &x));
            CHECK(pul_random_action(b, &rb, &y));
            CHECK_INT(pul_apply(a, &x, &ev), PUL_LEGAL);
            CHECK_INT(pul_apply(b, &y, NULL), PUL_LEGAL);
            revealed += count_events(&ev, PUL_EV_REVEALED);
            for (int i = 0; i < ev.n; i++)
                if (ev.ev[i].kind == PUL_EV_ACTIVATED) draws[ev.ev[i].count]++;
        }
        CHECK(pul_game_over(a) && pul_game_over(b));
        CHECK(memcmp(a, b, pul_game_size()) == 0);
    }
    /* The hooks did run: peeks, and catalysts drawing 0, 1 and 2 tiles. */
    CHECK(revealed > 0);
    CHECK(draws[0] > 0 && draws[1] > 0 && draws[2] > 0);
    CHECK_INT(draws[3], 0);
    pul_game_free(a);
    pul_game_free(b);
    pul_variant_free(v);
}

/* A refused action leaves the game byte for byte as before, whatever the
** action and whatever the failing hook did: the guard saves only what one
** action can change (snapshot.c), so random games on both seats' hands,
** supplies and knowledge, placements, takes and claims at every stage of a
** game, with hooks that draw to and reveal for both seats before they fail
** (at random, through the game's generator, put back too). Each refused
** action is followed by another, which also fails or goes through. */
static void test_failed_hooks_restore(void) {
    PulError err;
    PulVariant *v = variant_with("spoiler",
                                 "local function spoil(game, seat)\n"
                                 "  game:draw(3 - seat, 2); game:draw(seat, 1)\n"
                                 "  game:reveal(3 - seat); game:reveal(seat)\n"
                                 "  if game:random(3) == 1 then error('spoilt', 0) end\n"
                                 "end\n"
                                 "return {\n"
                                 "  on_activate = function(game, act) spoil(game, act.seat) end,\n"
                                 "  after_action = function(game, events)\n"
                                 "    if game:random(4) == 1 then spoil(game, game:to_move()) end\n"
                                 "  end,\n"
                                 "}\n",
                                 &err);
    CHECK(v != NULL);
    if (!v) {
        fprintf(stderr, "  %s\n", err.message);
        return;
    }
    PulGame *g = pul_game_new(v), *before = pul_game_new(v);
    int refused[3] = {0}; /* by kind: placements, takes, claims */
    for (uint64_t seed = 1; seed <= 8; seed++) {
        CHECK_INT(pul_game_start(g, 2, seed, NULL, 0, &err), PUL_OK);
        PulRng rng;
        pul_rng_seed(&rng, seed);
        PulAction a;
        for (int steps = 0; steps < 600 && !pul_game_over(g) && pul_random_action(g, &rng, &a);
             steps++) {
            pul_game_copy(before, g);
            PulReason r = pul_apply(g, &a, NULL);
            if (r == PUL_LEGAL) continue;
            CHECK_INT(r, PUL_R_SCRIPT_ERROR);
            CHECK(memcmp(before, g, pul_game_size()) == 0);
            if (a.kind == PUL_PLACE || a.kind == PUL_TAKE || a.kind == PUL_CLAIM)
                refused[a.kind == PUL_PLACE ? 0 : a.kind == PUL_TAKE ? 1 : 2]++;
        }
    }
    /* Every kind of action was refused, many times. */
    CHECK(refused[0] > 20 && refused[1] > 20 && refused[2] > 2);
    pul_game_free(before);
    pul_game_free(g);
    pul_variant_free(v);
}

/* A table of handlers hears only the catalysts it names: apply.c works out
** before each placement whether one of them fires (a saved state only then),
** and a placement it missed would run no hook. Every ACTIVATED event of a
** named catalyst must show the handler's draw, every other the tile set's:
** own catalysts and neighbours', a big tile's centre (36 and 37 are crosses).
** An apply asked for no events calls the handlers without recording any
** (apply.c): a twin game played so must stay byte for byte the same. */
static void test_heard_catalysts(void) {
    PulError err;
    PulVariant *v = variant_with("heard",
                                 "return { on_activate = {\n"
                                 "  cross = function(game, act) act.draw = act.draw + 1 end,\n"
                                 "  ['two-dot'] = function(game, act) act.draw = act.draw + 1 end,\n"
                                 "} }\n",
                                 &err);
    CHECK(v != NULL);
    if (!v) return;
    const PulTileSet *ts = pul_variant_tileset(v);
    PulGame *g = pul_game_new(v), *twin = pul_game_new(v);
    int heard = 0, unheard = 0, big = 0, wrong = 0, apart = 0;
    for (int seats = 1; seats <= 2; seats++)
        for (uint64_t seed = 1; seed <= 40; seed++) {
            CHECK_INT(pul_game_start(g, seats, seed, NULL, 0, &err), PUL_OK);
            CHECK_INT(pul_game_start(twin, seats, seed, NULL, 0, &err), PUL_OK);
            PulRng rng;
            pul_rng_seed(&rng, seed);
            PulAction a;
            for (int steps = 0; !pul_game_over(g) && steps < 500; steps++) {
                PulEvents ev;
                CHECK(pul_random_action(g, &rng, &a));
                CHECK_INT(pul_apply(g, &a, &ev), PUL_LEGAL);
                CHECK_INT(steps % 2 ? pul_apply(twin, &a, NULL) : pul_apply_trusted(twin, &a),
                          PUL_LEGAL);
                if (memcmp(g, twin, pul_game_size()) != 0) apart++;
                for (int i = 0; i < ev.n; i++) {
                    const PulEvent *e = &ev.ev[i];
                    if (e->kind != PUL_EV_ACTIVATED) continue;
                    const char *name = ts->feature[e->feature].name;
                    bool named = strcmp(name, "cross") == 0 || strcmp(name, "two-dot") == 0;
                    int want = ts->feature[e->feature].draw + (named ? 1 : 0);
                    if (e->count != want) wrong++;
                    named ? heard++ : unheard++;
                    if (named && e->quad == PUL_CENTRE) big++;
                }
            }
        }
    CHECK_INT(wrong, 0);
    CHECK_INT(apart, 0);
    CHECK(heard > 0 && unheard > 0 && big > 0);
    pul_game_free(g);
    pul_game_free(twin);
    pul_variant_free(v);
}

/* Play 2-seat and 1-seat games of v to the end: every move must go through. */
static void play_to_end(PulVariant *v, const char *what) {
    PulGame *g = pul_game_new(v);
    PulError err;
    for (int seats = 1; seats <= 2; seats++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            if (pul_game_start(g, seats, seed, NULL, 0, &err) != PUL_OK) {
                fprintf(stderr, "  %s: %s\n", what, err.message);
                check_failures++;
                continue;
            }
            PulRng rng;
            pul_rng_seed(&rng, seed);
            PulAction a;
            for (int steps = 0; !pul_game_over(g) && steps < 500; steps++) {
                CHECK(pul_random_action(g, &rng, &a));
                if (pul_apply(g, &a, NULL) != PUL_LEGAL) {
                    const PulError *e = pul_game_script_error(g);
                    fprintf(stderr, "  %s: %s\n", what, e ? e->message : "refused");
                    check_failures++;
                    break;
                }
            }
            CHECK(pul_game_over(g));
        }
    pul_game_free(g);
}

/* The examples of scripts/README.md load and play. */
static void test_readme_examples(void) {
    FILE *f = fopen("../scripts/README.md", "rb");
    CHECK(f != NULL);
    if (!f) return;
    static char text[1 << 17];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = 0;
    int n = 0;
    const char *mark = "<!-- example -->\n```lua\n";
    for (const char *p = strstr(text, mark); p; p = strstr(p, mark)) {
        p += strlen(mark);
        const char *end = strstr(p, "```");
        CHECK(end != NULL);
        if (!end) break;
        char lua[4096], name[32];
        bool whole = strncmp(p, "return", 6) == 0;
        snprintf(lua, sizeof lua, "%s%.*s%s", whole ? "" : "return {\n", (int)(end - p), p,
                 whole ? "" : "}\n");
        snprintf(name, sizeof name, "example%d", ++n);
        PulError err;
        PulVariant *v = variant_with(name, lua, &err);
        if (!v) {
            fprintf(stderr, "  README example %d: %s:%d: %s\n", n, err.file, err.line, err.message);
            check_failures++;
            continue;
        }
        CHECK(pul_variant_has_scripts(v));
        play_to_end(v, name);
        pul_variant_free(v);
    }
    CHECK_INT(n, 8);
}

int main(void) {
    if (!script_tests_start("lua")) return 1;
    RUN(test_forbidden_names);
    RUN(test_binary_chunks);
    RUN(test_memory_cap);
    RUN(test_budget);
    RUN(test_error_halfway);
    RUN(test_attacks_through_apply);
    RUN(test_act_garbage);
    RUN(test_act_reused);
    RUN(test_act_later_calls);
    RUN(test_garbage_results);
    RUN(test_load_errors);
    RUN(test_error_objects);
    RUN(test_setup_fails);
    RUN(test_misuse);
    RUN(test_read_functions);
    RUN(test_actions);
    RUN(test_on_activate);
    RUN(test_after_action);
    RUN(test_score_group);
    RUN(test_final_scores_and_is_over);
    RUN(test_load_order);
    RUN(test_hooks_all_variant);
    RUN(test_hooks_chain_variant);
    RUN(test_random_games);
    RUN(test_heard_catalysts);
    RUN(test_failed_hooks_restore);
    RUN(test_readme_examples);
    script_tests_end();
    return CHECK_DONE();
}
