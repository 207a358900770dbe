/*
** fuzz_lua.c: libFuzzer target over the rule-script API: the input is decoded
** into Lua scripts that call the game object and the sandbox at random.
**
** Decoding is deterministic: each byte picks the next part of the script
** from a grammar of what a modder can write (scripts/README.md): every hook,
** with bodies of statements (locals, globals, if, loops that end and loops
** that do not, pcall, to-be-closed variables, returns of the right and the
** wrong types, errors) over expressions (literals chosen for their edges:
** huge, negative, NaN, nil, wrong types; the game object's functions, called
** with a colon and without, with plausible and absurd arguments; the string,
** table, math and utf8 libraries; metatables; load; the names the sandbox
** forbids). When the bytes run out every choice is the first one, so any
** input decodes to a script that compiles.
**
** The scripts go to a scratch folder made once per process in $TMPDIR (one
** edition per base: micropul, micropul-solo, farmopul and genial, each naming
** two scripts; Genial's get its hook names, genial_hooks.h), the edition is opened, and a few games are played with random
** actions, legal ones mostly, through pul_check and pul_apply, with
** observations, determinizations and a bot's choice on the way.
**
** Beyond "no crash, no leak, no undefined behaviour", it aborts on a broken
** contract: an edition whose script fails to load without a script-* error
** (or with script-syntax: the grammar only writes Lua that compiles); a
** refused action that changed the game (compared byte for byte with a copy
** made before it); a script_error refusal without a PUL_ERR_SCRIPT error of
** a script-* code naming its hook; pul_check and pul_apply disagreeing other
** than by a script's failure; a failure without status, code or message.
** Time per input is bounded by libFuzzer's -timeout (tools/dev passes 10 s):
** the Lua host bounds every hook call, the harness the time spent playing.
**
** PUL_FUZZ_SHOW=1 prints each input's scripts on stderr, to read a finding;
** PUL_FUZZ_STATS=1 prints at exit how far the inputs got (loads, games,
** actions, hook failures by code); =2 also each failed load and start.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fuzz_common.h"

#ifndef PUL_FUZZ_VARIANTS_DIR
#error "PUL_FUZZ_VARIANTS_DIR (the repo's variants/ folder) must be defined by the build"
#endif

const char fuzz_target[] = "fuzz_lua";

/* Per input: games, actions per game, and script failures before a game is
** given up (each failing hook call may run to the host's limits). The host
** bounds each hook call, not how many there are: past PLAY_MS of playing
** an input stops, and a bot (which runs the hooks for every action it
** tries) is asked only while actions have cost under BOT_IF_MS each. */
enum { MAX_GAMES = 2, MAX_ACTIONS = 90, MAX_SCRIPT_FAILURES = 4 };
enum { PLAY_MS = 1500, BOT_IF_MS = 2 };
/* Per script: statements and expression nodes, and nesting. */
enum { MAX_STMTS = 90, MAX_NODES = 700, MAX_BLOCK_DEPTH = 3, MAX_EXPR_DEPTH = 4 };

/* ----------------------------------------------------------- the output */

typedef struct {
    char *s;
    size_t len, cap;
} Text;

static void text_put(Text *t, const char *s, size_t n) {
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        while (t->len + n + 1 > cap) cap *= 2;
        char *p = realloc(t->s, cap);
        if (!p) fuzz_breach("out of memory in the harness", NULL);
        t->s = p;
        t->cap = cap;
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

static void put(Text *t, const char *s) { text_put(t, s, strlen(s)); }

static void putf(Text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(Text *t, const char *fmt, ...) {
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof buf) fuzz_breach("harness format overflow", NULL);
    text_put(t, buf, (size_t)n);
}

/* A Lua string literal of s (n bytes): every byte that could end or bend
** it written as a three-digit escape. */
static void put_quoted(Text *t, const char *s, size_t n) {
    put(t, "\"");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\')
            putf(t, "\\%03u", c);
        else
            text_put(t, (const char *)&s[i], 1);
    }
    put(t, "\"");
}

/* ------------------------------------------------------------ the grammar */

/* The hooks, as scripts/README.md lists them, and the name of the argument
** each gets after game. */
enum { H_SETUP, H_ACTIVATE, H_AFTER, H_SCORE, H_FINAL, H_OVER, H_TOP, NH };
static const char *const hook_name[H_TOP] = {"setup",       "on_activate",  "after_action",
                                             "score_group", "final_scores", "is_over"};
static const char *const hook_arg[NH] = {NULL, "act", "events", "grp", "scores", NULL, NULL};
/* Genial's points at the same bits: on_bonus and score_placement in place of
** on_activate and score_group (hooks.h). */
static const char *const genial_hook_name[H_TOP] = {"setup",           "on_bonus",
                                                    "after_action",    "score_placement",
                                                    "final_scores",    "is_over"};
static const char *const genial_hook_arg[NH] = {NULL,   "bonus", "events", "half",
                                                "scores", NULL,  NULL};

typedef struct {
    FuzzBytes in;
    Text *out;
    int hook;       /* H_*: the hook being written, H_TOP for the chunk itself */
    int locals;     /* locals declared in the function being written */
    int loops;      /* loop variables open */
    int stmts, nodes;
    int block_depth, expr_depth;
    bool genial;    /* writing for a Genial edition: its hook names */
} Gen;

static unsigned pick(Gen *g, unsigned n) { return fuzz_pick(&g->in, n); }

static bool exhausted(const Gen *g) {
    return g->in.p >= g->in.end || g->nodes >= MAX_NODES;
}

static const char *const ints[] = {
    "0",          "1",           "2",          "3",          "-1",         "4",
    "6",          "16",          "40",         "47",         "62",         "63",
    "64",         "255",         "256",        "1000000",    "2147483647", "-2147483648",
    "4294967295", "4294967296",  "math.maxinteger", "math.mininteger", "9007199254740993",
    "-62",        "100000000000"};
static const char *const floats[] = {"0.5",  "-0.0", "1e308",   "1e309", "-1e309", "(0/0)",
                                     "2^53", "2^63", "1.0",     "3.0",   "-2.5",   "1e-320",
                                     "0x7fffffffffffffff",     "0xffffffffffffffff"};
static const char *const strings[] = {
    "",          "nw",         "ne",          "sw",          "se",           "centre",
    "white",     "black",      "one-dot",     "two-dot",     "cross",        "blank",
    "hand_size", "hand_limit", "stones",      "core_empty_end", "merged_scoring",
    "immediate", "finish_turn", "finish_round", "one_owner", "none",         "rule1_attachment",
    "points_big", "solo_extra_turn", "max_players", "no_action_loses", "x",  "%d",
    "%s",        "%",          "(",           "[",           ".-",           "%f[%w]",
    "(.-)%1",    "%b()",       "^(a*)*$",     "[%a-z]",      "%g+",          "seats",
    "draw",      "__index",    "__gc",        "__len",       "__close",      "i4",
    "<i8",       "s1",         "z",           "!17",         "\xff\xfe",     "\xc3\xa9",
    "\xf4\x90\x80\x80",        "kind",        "placed",      "took",         "game",
    "return 1",  "return game", "while true do end", "\x1bLua", "%99d", "%.99f", "%q",
    "%a",        "%c",         "1e5",         "0x10",        " 7 ",          "nan"};

/* Names of the game object's functions, and names that are not. */
static const char *const game_fns[] = {
    "seats", "to_move", "in_extra_turn", "turns", "hand",  "supply_size", "known",
    "core_size", "stones_left", "rule", "rules", "tile",   "feature",     "cell",
    "placed", "group", "scores", "draw",  "extra_turn", "reveal", "set_rule", "random",
    "drw",   "__index", "nope"};
enum { NGAME_FNS = (int)(sizeof game_fns / sizeof game_fns[0]) };

/* Library calls: each %e is an expression, %f a function, %s a string. */
static const char *const lib_calls[] = {
    "string.rep(%e, %e)",          "string.rep(%s, %e, %e)",     "string.format(%s, %e, %e)",
    "string.find(%e, %s)",         "string.find(%e, %s, %e, %e)", "string.match(%e, %s)",
    "string.gmatch(%e, %s)",       "string.gsub(%e, %s, %e)",    "string.gsub(%e, %s, %f, %e)",
    "string.sub(%e, %e, %e)",      "string.byte(%e, %e, %e)",    "string.char(%e, %e)",
    "string.upper(%e)",            "string.len(%e)",             "string.reverse(%e)",
    "string.pack(%s, %e)",         "string.unpack(%s, %e, %e)",  "string.packsize(%s)",
    "string.lower(%e)",            "(%s):rep(%e)",               "(%s):format(%e)",
    "table.concat(%e, %e, %e, %e)", "table.insert(%e, %e)",      "table.insert(%e, %e, %e)",
    "table.remove(%e, %e)",        "table.move(%e, %e, %e, %e, %e)", "table.sort(%e, %f)",
    "table.sort(%e)",              "table.unpack(%e, %e, %e)",   "table.pack(%e, %e, %e)",
    "math.floor(%e)",              "math.ceil(%e)",              "math.max(%e, %e)",
    "math.min(%e)",                "math.abs(%e)",               "math.fmod(%e, %e)",
    "math.tointeger(%e)",          "math.type(%e)",              "math.ult(%e, %e)",
    "math.sqrt(%e)",               "math.log(%e, %e)",           "math.modf(%e)",
    "utf8.char(%e, %e)",           "utf8.codepoint(%e, %e, %e)", "utf8.len(%e, %e, %e)",
    "utf8.offset(%e, %e, %e)",     "utf8.codes(%e)",             "tostring(%e)",
    "tonumber(%e)",                "tonumber(%e, %e)",           "type(%e)",
    "select(%e, %e, %e)",          "select('#', ...)",           "next(%e)",
    "next(%e, %e)",                "rawlen(%e)",                 "rawget(%e, %e)",
    "rawset(%e, %e, %e)",          "rawequal(%e, %e)",           "ipairs(%e)",
    "pairs(%e)",                   "getmetatable(%e)",           "setmetatable(%e, %e)",
    "assert(%e, %e)",              "pcall(%f, %e)",              "xpcall(%f, %f, %e)",
    "load(%e)",                    "load(%s, %s, %s, %e)",       "load(%f)",
    "pcall(error, %e)",            "pcall(error, %e, %e)",       "select(-1, %e, %e)",
    "print(%e)",                   "io.write(%e)",               "os.time()",
    "os.exit(%e)",                 "collectgarbage()",           "collectgarbage(%s)",
    "math.random(%e)",             "math.randomseed(%e)",        "string.dump(%f)",
    "coroutine.wrap(%f)",          "require(%e)",                "dofile(%e)",
    "loadfile(%e)",                "debug.sethook()",            "_G",
    "_ENV",                        "pul.api_version",            "rawset(_G, %e, %e)",
    "setmetatable(_G, %e)",        "getmetatable('')",           "_VERSION",
    "getmetatable(game)",          "tostring(game)",             "rawequal(game, %e)",
    "#%s",                         "(%s .. %e)",                 "string.format('%%q', %e)"};
enum { NLIB_CALLS = (int)(sizeof lib_calls / sizeof lib_calls[0]) };

static const char *const binops[] = {"+",  "-",  "*",  "/",  "//", "%",   "^",  "..", "==", "~=",
                                     "<",  "<=", ">",  ">=", "and", "or", "&",  "|",  "~",  "<<",
                                     ">>"};
static const char *const metamethods[] = {"__index", "__newindex", "__len",      "__eq",
                                          "__lt",    "__le",       "__concat",   "__call",
                                          "__tostring", "__close",  "__unm",      "__add",
                                          "__pairs",  "__name",    "__metatable", "__gc",
                                          "__mode",   "__idiv"};
static const char *const fields[] = {"draw",  "extra_turn", "seat",   "feature", "x",     "y",
                                     "quad",  "kind",       "tile",   "owner",   "points", "size",
                                     "stones", "colour",    "quads",  "big",     "centre", "rot",
                                     "count", "value",      "nw",     "closed",  "owners", "n"};

#define COUNT(a) ((unsigned)(sizeof(a) / sizeof((a)[0])))

static void gen_expr(Gen *g);

/* "(e).field" or "(e)[e]", then AFTER: an index read, or with " = " the target of a store. */
static void gen_indexed(Gen *g, const char *after) {
    put(g->out, "(");
    gen_expr(g);
    if (pick(g, 2)) {
        putf(g->out, ").%s%s", fields[pick(g, COUNT(fields))], after);
    } else {
        put(g->out, ")[");
        gen_expr(g);
        putf(g->out, "]%s", after);
    }
}
static void gen_block(Gen *g, int max);

/* A function literal, for callbacks and metamethods. */
static void gen_function(Gen *g) {
    if (g->block_depth >= MAX_BLOCK_DEPTH || exhausted(g)) {
        static const char *const small[] = {"function(...) return ... end", "error",
                                            "function(a, b) return a < b end", "tostring",
                                            "function() return {} end", "game.seats"};
        put(g->out, small[pick(g, COUNT(small))]);
        return;
    }
    int locals = g->locals, loops = g->loops;
    g->locals = g->loops = 0;
    put(g->out, "function(...) ");
    gen_block(g, 3);
    put(g->out, " end");
    g->locals = locals;
    g->loops = loops;
}

static void gen_var(Gen *g) {
    unsigned k = pick(g, 6);
    if (k == 0 && g->locals) {
        putf(g->out, "v%u", pick(g, (unsigned)g->locals));
    } else if (k == 1 && g->loops) {
        putf(g->out, "i%u", pick(g, (unsigned)g->loops));
    } else if (k == 2 && hook_arg[g->hook]) {
        put(g->out, hook_arg[g->hook]);
    } else if (k == 3) {
        put(g->out, g->hook == H_TOP ? "G0" : "game");
    } else if (k == 4) {
        put(g->out, "...");
    } else {
        putf(g->out, "G%u", pick(g, 4));
    }
}

static void gen_atom(Gen *g) {
    switch (pick(g, 7)) {
    case 0: put(g->out, ints[pick(g, COUNT(ints))]); break;
    case 1: {
        const char *s = strings[pick(g, COUNT(strings))];
        put_quoted(g->out, s, strlen(s));
        break;
    }
    case 2: gen_var(g); break;
    case 3: put(g->out, floats[pick(g, COUNT(floats))]); break;
    case 4: put(g->out, pick(g, 2) ? "true" : "false"); break;
    case 5: put(g->out, "nil"); break;
    default: putf(g->out, "%u", pick(g, 48)); break; /* a tile id, a small count */
    }
}

/* An argument for a game function: plausible mostly, anything sometimes. */
static void gen_seat(Gen *g) {
    static const char *const seats[] = {"1", "game:to_move()", "2", "game:seats()", "0", "3",
                                        "-1", "7", "1.5", "'1'", "nil", "math.maxinteger"};
    if (pick(g, 4) == 3) gen_expr(g);
    else put(g->out, seats[pick(g, COUNT(seats))]);
}

static void gen_game_args(Gen *g, const char *fn) {
    static const char *const quads[] = {"'nw'", "'ne'", "'sw'", "'se'", "'centre'", "'NW'", "1"};
    static const char *const rules[] = {"'hand_size'", "'hand_limit'", "'stones'",
                                        "'core_empty_end'", "'merged_scoring'",
                                        "'solo_extra_turn'", "'rule1_attachment'",
                                        "'points_supply'", "'max_players'", "'min_players'",
                                        "'no_tiles_loses'", "'extra_turn_chains'", "'hand'"};
    static const char *const values[] = {"0",    "1",       "2",     "6",       "8",
                                         "16",   "17",      "true",  "false",   "'immediate'",
                                         "'finish_round'", "'one_owner'", "-1", "2^31", "nil"};
    bool wild = pick(g, 5) == 4;
    if (!strcmp(fn, "hand") || !strcmp(fn, "supply_size") || !strcmp(fn, "known") ||
        !strcmp(fn, "stones_left") || !strcmp(fn, "reveal")) {
        wild ? gen_expr(g) : gen_seat(g);
    } else if (!strcmp(fn, "draw")) {
        gen_seat(g);
        put(g->out, ", ");
        wild ? gen_expr(g) : putf(g->out, "%u", pick(g, 4));
    } else if (!strcmp(fn, "rule")) {
        wild ? gen_expr(g) : put(g->out, rules[pick(g, COUNT(rules))]);
    } else if (!strcmp(fn, "set_rule")) {
        wild ? gen_expr(g) : put(g->out, rules[pick(g, COUNT(rules))]);
        put(g->out, ", ");
        wild ? gen_expr(g) : put(g->out, values[pick(g, COUNT(values))]);
    } else if (!strcmp(fn, "tile")) {
        wild ? gen_expr(g) : putf(g->out, "%d", (int)pick(g, 50) - 1);
    } else if (!strcmp(fn, "feature")) {
        static const char *const features[] = {"'white'", "'black'", "'one-dot'", "'two-dot'",
                                               "'cross'", "'blank'", "'whit'", "''"};
        wild ? gen_expr(g) : put(g->out, features[pick(g, COUNT(features))]);
    } else if (!strcmp(fn, "cell") || !strcmp(fn, "group")) {
        if (wild) {
            gen_expr(g);
            put(g->out, ", ");
            gen_expr(g);
        } else {
            putf(g->out, "%d, %d", (int)pick(g, 5) - 2, (int)pick(g, 5) - 2);
        }
        if (!strcmp(fn, "group")) {
            put(g->out, ", ");
            wild ? gen_expr(g) : put(g->out, quads[pick(g, COUNT(quads))]);
        }
    } else if (!strcmp(fn, "random")) {
        static const char *const ns[] = {"6", "1", "2", "0", "-3", "4294967295", "4294967296",
                                         "game:seats()"};
        wild ? gen_expr(g) : put(g->out, ns[pick(g, COUNT(ns))]);
    } else if (wild) {
        gen_expr(g); /* functions without arguments, given one */
    }
}

static void gen_game_call(Gen *g) {
    const char *fn = game_fns[pick(g, NGAME_FNS)];
    const char *self = g->hook == H_TOP ? "G0" : "game";
    switch (pick(g, 8)) {
    case 0: { /* without the colon: the first argument is taken for the game */
        putf(g->out, "%s.%s(", self, fn);
        gen_expr(g);
        Text args = {0};
        Text *outer = g->out;
        g->out = &args;
        gen_game_args(g, fn);
        g->out = outer;
        if (args.len) {
            put(g->out, ", ");
            put(g->out, args.s);
        }
        free(args.s);
        put(g->out, ")");
        break;
    }
    case 1: /* a game object kept from an earlier call, maybe expired */
        putf(g->out, "(G%u or %s):%s(", pick(g, 4), self, fn);
        gen_game_args(g, fn);
        put(g->out, ")");
        break;
    default:
        putf(g->out, "%s:%s(", self, fn);
        gen_game_args(g, fn);
        put(g->out, ")");
        break;
    }
}

static void gen_lib_call(Gen *g) {
    const char *tpl = lib_calls[pick(g, NLIB_CALLS)];
    for (const char *p = tpl; *p; p++) {
        if (p[0] == '%' && p[1] == 'e') {
            gen_expr(g);
            p++;
        } else if (p[0] == '%' && p[1] == 'f') {
            if (pick(g, 3) == 2) gen_expr(g);
            else gen_function(g);
            p++;
        } else if (p[0] == '%' && p[1] == 's') {
            const char *s = strings[pick(g, COUNT(strings))];
            put_quoted(g->out, s, strlen(s));
            p++;
        } else if (p[0] == '%' && p[1] == '%') {
            put(g->out, "%");
            p++;
        } else {
            text_put(g->out, p, 1);
        }
    }
}

/* setmetatable({...}, {some metamethods}) */
static void gen_metatable(Gen *g) {
    put(g->out, "setmetatable({");
    for (unsigned n = pick(g, 3); n > 0; n--) {
        gen_expr(g);
        put(g->out, ", ");
    }
    put(g->out, "}, {");
    for (unsigned n = 1 + pick(g, 3); n > 0; n--) {
        putf(g->out, "%s = ", metamethods[pick(g, COUNT(metamethods))]);
        if (pick(g, 3)) gen_function(g);
        else gen_expr(g);
        put(g->out, ", ");
    }
    put(g->out, "})");
}

/* load() of a script made by the same grammar, as a string. */
static void gen_load(Gen *g) {
    Text inner = {0};
    Text *outer = g->out;
    g->out = &inner;
    put(&inner, "return ");
    gen_expr(g);
    g->out = outer;
    put(g->out, "load(");
    put_quoted(g->out, inner.s, inner.len);
    put(g->out, pick(g, 2) ? ")" : ", 'chunk', 'b', {})");
    free(inner.s);
}

static void gen_expr(Gen *g) {
    g->nodes++;
    if (g->expr_depth >= MAX_EXPR_DEPTH || exhausted(g)) {
        gen_atom(g);
        return;
    }
    g->expr_depth++;
    switch (pick(g, 16)) {
    case 0:
    case 1: gen_atom(g); break;
    case 2:
    case 3: gen_game_call(g); break;
    case 4:
    case 5: gen_lib_call(g); break;
    case 6:
        put(g->out, "(");
        gen_expr(g);
        putf(g->out, " %s ", binops[pick(g, COUNT(binops))]);
        gen_expr(g);
        put(g->out, ")");
        break;
    case 7: {
        static const char *const un[] = {"- ", "not ", "# ", "~ "}; /* "--" would be a comment */
        putf(g->out, "(%s", un[pick(g, COUNT(un))]);
        gen_expr(g);
        put(g->out, ")");
        break;
    }
    case 8:
        put(g->out, "{");
        for (unsigned n = pick(g, 5); n > 0; n--) {
            if (pick(g, 3) == 0) putf(g->out, "%s = ", fields[pick(g, COUNT(fields))]);
            gen_expr(g);
            put(g->out, ", ");
        }
        put(g->out, "}");
        break;
    case 9:
        gen_indexed(g, "");
        break;
    case 10:
        put(g->out, "(");
        gen_function(g);
        put(g->out, ")");
        break;
    case 11:
        put(g->out, "select(2, pcall(");
        gen_function(g);
        put(g->out, "))");
        break;
    case 12: gen_metatable(g); break;
    case 13:
        put(g->out, "(");
        gen_expr(g);
        put(g->out, ")(");
        gen_expr(g);
        put(g->out, ")");
        break;
    case 14: gen_load(g); break;
    default: /* a hook argument's field, as scripts read them */
        if (hook_arg[g->hook]) {
            putf(g->out, "%s.%s", hook_arg[g->hook], fields[pick(g, COUNT(fields))]);
        } else {
            gen_var(g);
        }
        break;
    }
    g->expr_depth--;
}

/* What a hook returns: the contract's shape mostly, anything sometimes. */
static void gen_return(Gen *g) {
    put(g->out, "do return ");
    bool wild = pick(g, 4) == 3;
    switch (wild ? H_TOP : g->hook) {
    case H_SCORE: {
        static const char *const owners[] = {"grp.owner", "1", "2", "nil", "false", "0", "3",
                                             "game:to_move()"};
        static const char *const points[] = {"grp.points", "grp.points * 2", "nil", "0", "-5",
                                             "1000000000", "1000000001", "grp.size", "0.5"};
        putf(g->out, "%s, %s", owners[pick(g, COUNT(owners))], points[pick(g, COUNT(points))]);
        break;
    }
    case H_FINAL: {
        static const char *const lists[] = {"scores", "nil", "{1, 2}", "{0}", "{}",
                                            "{scores[1], scores[2]}", "{1.5, 2}",
                                            "{-1000000000, 1000000000}", "{1, 2, 3}"};
        static const char *const winners[] = {"", ", {1}", ", {2}", ", {}", ", {1, 2}", ", {0}",
                                              ", {3}", ", nil", ", 1"};
        putf(g->out, "%s%s", lists[pick(g, COUNT(lists))], winners[pick(g, COUNT(winners))]);
        break;
    }
    case H_OVER: {
        static const char *const overs[] = {"false", "true", "game:turns() >= 20", "nil",
                                            "game:core_size() < 10", "1", "{}"};
        put(g->out, overs[pick(g, COUNT(overs))]);
        break;
    }
    default:
        gen_expr(g);
        if (pick(g, 2)) {
            put(g->out, ", ");
            gen_expr(g);
        }
        break;
    }
    put(g->out, " end");
}

static void gen_stmt(Gen *g) {
    g->stmts++;
    bool deep = g->block_depth >= MAX_BLOCK_DEPTH;
    unsigned k = pick(g, 20);
    if (deep && (k >= 3 && k <= 8)) k = 0; /* no more nesting */
    switch (k) {
    case 0:
        if (g->locals < 40) {
            putf(g->out, "local v%d = ", g->locals);
            gen_expr(g);
            g->locals++;
        } else {
            put(g->out, "v0 = ");
            gen_expr(g);
        }
        break;
    case 1:
        putf(g->out, "G%u = ", pick(g, 4));
        gen_expr(g);
        break;
    case 2:
        put(g->out, "do local _ = ");
        gen_expr(g);
        put(g->out, " end");
        break;
    case 3:
        put(g->out, "if ");
        gen_expr(g);
        put(g->out, " then ");
        gen_block(g, 3);
        if (pick(g, 2)) {
            put(g->out, " else ");
            gen_block(g, 2);
        }
        put(g->out, " end");
        break;
    case 4: {
        static const char *const bounds[] = {"1, 3", "1, game:seats()", "0, -1",
                                             "1, #events", "10, 1, -3", "1, 1e9",
                                             "math.mininteger, math.mininteger + 2",
                                             "math.maxinteger - 1, math.maxinteger",
                                             "1, 2, 0.5", "1, 0, 0"};
        putf(g->out, "for i%d = ", g->loops);
        if (pick(g, 4) == 3) {
            gen_expr(g);
            put(g->out, ", ");
            gen_expr(g);
        } else {
            const char *b = bounds[pick(g, COUNT(bounds))];
            if (strstr(b, "events") && g->hook != H_AFTER) b = "1, 2";
            put(g->out, b);
        }
        put(g->out, " do ");
        g->loops++;
        gen_block(g, 3);
        g->loops--;
        put(g->out, " end");
        break;
    }
    case 5: {
        static const char *const iters[] = {"pairs(%)", "ipairs(%)", "next, %",
                                            "string.gmatch(%, '.')"};
        const char *it = iters[pick(g, COUNT(iters))];
        putf(g->out, "for i%d, w in ", g->loops);
        const char *pct = strchr(it, '%');
        text_put(g->out, it, (size_t)(pct - it));
        if (hook_arg[g->hook] && pick(g, 2)) put(g->out, hook_arg[g->hook]);
        else gen_expr(g);
        put(g->out, pct + 1);
        put(g->out, " do ");
        g->loops++;
        gen_block(g, 3);
        g->loops--;
        put(g->out, " end");
        break;
    }
    case 6:
        if (pick(g, 3)) { /* a loop that ends */
            putf(g->out, "for i%d = 1, %u do ", g->loops, 1 + pick(g, 50));
            g->loops++;
            put(g->out, "if not (");
            gen_expr(g);
            put(g->out, ") then break end ");
            gen_block(g, 2);
            g->loops--;
            put(g->out, " end");
        } else { /* one that does not, unless it fails */
            put(g->out, "while true do ");
            gen_block(g, 2);
            put(g->out, " end");
        }
        break;
    case 7:
        put(g->out, "repeat ");
        gen_block(g, 2);
        put(g->out, " until ");
        gen_expr(g);
        break;
    case 8:
        put(g->out, "pcall(");
        gen_function(g);
        put(g->out, ")");
        break;
    case 9:
        gen_indexed(g, " = ");
        gen_expr(g);
        break;
    case 10: gen_return(g); break;
    case 11:
        put(g->out, pick(g, 2) ? "error(" : "assert(");
        gen_expr(g);
        put(g->out, pick(g, 2) ? ", 0)" : ")");
        break;
    case 12:
    case 13: /* the game's own actions, where they count */
        if (g->hook == H_TOP) {
            put(g->out, "G0 = nil");
            break;
        }
        put(g->out, "do local _ = ");
        gen_game_call(g);
        put(g->out, " end");
        break;
    case 14:
        if (g->hook == H_ACTIVATE) {
            static const char *const draws[] = {"act.draw + 1", "0", "62", "63", "-1", "act.draw",
                                                "1.5", "'2'", "nil", "2^53"};
            static const char *const extras[] = {"true", "false", "nil", "1", "not act.extra_turn"};
            if (pick(g, 2)) putf(g->out, "act.draw = %s", draws[pick(g, COUNT(draws))]);
            else putf(g->out, "act.extra_turn = %s", extras[pick(g, COUNT(extras))]);
        } else if (g->hook == H_FINAL) {
            putf(g->out, "scores[%u] = ", pick(g, 4));
            gen_expr(g);
        } else {
            putf(g->out, "G%u = game", pick(g, 4)); /* kept for later: expired then */
        }
        break;
    case 15:
        if (g->locals < 40) { /* a to-be-closed variable: closed on the way out, errors too */
            putf(g->out, "local v%d <close> = ", g->locals);
            if (pick(g, 2)) gen_metatable(g);
            else gen_expr(g);
            g->locals++;
        } else {
            put(g->out, "v0 = nil");
        }
        break;
    case 16:
        put(g->out, "getmetatable('').");
        put(g->out, metamethods[pick(g, COUNT(metamethods))]);
        put(g->out, " = ");
        gen_expr(g);
        break;
    default:
        put(g->out, "do local _ = ");
        gen_lib_call(g);
        put(g->out, " end");
        break;
    }
}

static void gen_block(Gen *g, int max) {
    g->block_depth++;
    int n = (int)pick(g, (unsigned)max + 1);
    for (int i = 0; i < n && g->stmts < MAX_STMTS && !exhausted(g); i++) {
        /* Most statements can fail; a third are caught, so that hooks also
        ** run to their end, with what they did before the failure kept. */
        if (pick(g, 3) == 0) {
            int locals = g->locals;
            put(g->out, "pcall(function(...) ");
            gen_stmt(g);
            put(g->out, " end)");
            g->locals = locals;
        } else {
            gen_stmt(g);
        }
        /* ';' so that a statement starting with '(' never continues this one. */
        put(g->out, ";\n");
    }
    g->block_depth--;
}

static void gen_hook_function(Gen *g, int hook) {
    g->hook = hook;
    g->locals = g->loops = 0;
    const char *arg = (g->genial ? genial_hook_arg : hook_arg)[hook];
    putf(g->out, "function(game%s%s, ...)\n", arg ? ", " : "", arg ? arg : "");
    gen_block(g, 6);
    /* The hooks with results end with one, of the right shape mostly. */
    if ((hook == H_SCORE || hook == H_FINAL || hook == H_OVER) && pick(g, 4)) {
        gen_return(g);
        put(g->out, ";\n");
    }
    put(g->out, "end");
}

/* A whole script: a few statements at load time, then the table of hooks. */
static void gen_script(Gen *g) {
    g->hook = H_TOP;
    g->locals = g->loops = 0;
    g->stmts = g->nodes = 0;
    g->block_depth = g->expr_depth = 0;
    /* Code at load time fails often (there is no game yet): now and then. */
    if (pick(g, 4) == 0) gen_block(g, 2);
    put(g->out, "return {\n");
    unsigned present = fuzz_byte(&g->in);
    for (int h = 0; h < H_TOP; h++) {
        if (!(present >> h & 1)) continue;
        putf(g->out, "%s = ", (g->genial ? genial_hook_name : hook_name)[h]);
        if (h == H_ACTIVATE && !g->genial && pick(g, 3) == 0) {
            /* By catalyst name: only those call Lua. */
            static const char *const cats[] = {"cross", "[\"one-dot\"]", "[\"two-dot\"]"};
            static const char *const wrong[] = {"white", "nosuch", "[1]"};
            put(g->out, "{\n");
            for (unsigned n = 1 + pick(g, 2); n > 0; n--) {
                if (pick(g, 16) == 0) putf(g->out, "%s = ", wrong[pick(g, COUNT(wrong))]);
                else putf(g->out, "%s = ", cats[pick(g, COUNT(cats))]);
                gen_hook_function(g, h);
                put(g->out, ",\n");
            }
            put(g->out, "}");
        } else {
            gen_hook_function(g, h);
        }
        put(g->out, ",\n");
    }
    if ((present & 0xC0) == 0xC0 && pick(g, 4) == 0) { /* a table that is not one of hooks */
        static const char *const odd[] = {"on_activte = function() end", "setup = 1",
                                          "[1] = function() end", "is_over = {}"};
        putf(g->out, "%s,\n", odd[pick(g, COUNT(odd))]);
    }
    put(g->out, "}\n");
}

/* ------------------------------------------------------- the scratch editions */

enum { BASE_MICROPUL, BASE_SOLO, BASE_FARMOPUL, BASE_GENIAL, NBASES };
static const char *const base_name[NBASES] = {"micropul", "micropul-solo", "farmopul", "genial"};
static char scratch[256];
static char edition_dir[NBASES][300];
static bool show;
/* PUL_FUZZ_STATS: what the inputs did, printed at exit, to see whether the
** grammar reaches the games (loads that fail, hooks that fail, actions). */
static struct {
    bool on, verbose; /* verbose: each failed load and start too */
    long inputs, loaded, games, started, applied, refused, script_errors, over, bots;
    long load_codes[5], hook_codes[5]; /* script-error, -syntax, -budget, -memory, other */
} stats;

static int code_index(const char *code) {
    static const char *const codes[] = {"script-error", "script-syntax", "script-budget",
                                        "script-memory"};
    for (int i = 0; i < 4; i++)
        if (strcmp(code, codes[i]) == 0) return i;
    return 4;
}

static void print_stats(void) {
    fprintf(stderr,
            "%s stats: %ld inputs, %ld editions loaded (load failures: %ld error, %ld syntax, "
            "%ld budget, %ld memory, %ld other); %ld games, %ld started, %ld over; %ld actions "
            "applied, %ld refused, %ld by scripts (%ld error, %ld budget, %ld memory, %ld "
            "other); %ld bot choices\n",
            fuzz_target, stats.inputs, stats.loaded, stats.load_codes[0], stats.load_codes[1],
            stats.load_codes[2], stats.load_codes[3], stats.load_codes[4], stats.games,
            stats.started, stats.over, stats.applied, stats.refused, stats.script_errors,
            stats.hook_codes[0], stats.hook_codes[2], stats.hook_codes[3],
            stats.hook_codes[1] + stats.hook_codes[4], stats.bots);
}

static void write_file(const char *dir, const char *name, const char *text, size_t len) {
    /* Room for any of the folders (gcc bounds dir by the whole array). */
    char path[sizeof edition_dir + 32];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
        fprintf(stderr, "%s: cannot write %s\n", fuzz_target, path);
        exit(1);
    }
}

static void remove_scratch(void) {
    static const char *const files[] = {"variant.yaml", "a.lua", "b.lua"};
    char path[sizeof edition_dir + 32];
    for (int b = 0; b < NBASES; b++) {
        for (unsigned i = 0; i < COUNT(files); i++) {
            snprintf(path, sizeof path, "%s/%s", edition_dir[b], files[i]);
            remove(path);
        }
        rmdir(edition_dir[b]);
    }
    rmdir(scratch);
}

/* One folder per base edition, made once: each names a.lua and b.lua, which
** every input rewrites. */
static void make_scratch(void) {
    const char *tmp = getenv("TMPDIR");
    snprintf(scratch, sizeof scratch, "%s/pul-fuzz-lua-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    if (!mkdtemp(scratch)) {
        fprintf(stderr, "%s: cannot make a scratch folder %s\n", fuzz_target, scratch);
        exit(1);
    }
    atexit(remove_scratch);
    for (int b = 0; b < NBASES; b++) {
        snprintf(edition_dir[b], sizeof edition_dir[b], "%s/fuzz-%s", scratch, base_name[b]);
        if (mkdir(edition_dir[b], 0700) != 0) {
            fprintf(stderr, "%s: cannot make %s\n", fuzz_target, edition_dir[b]);
            exit(1);
        }
        char yaml[256];
        int n = snprintf(yaml, sizeof yaml, "name: fuzz-%s\nextends: %s\nscripts: [a.lua, b.lua]\n",
                         base_name[b], base_name[b]);
        write_file(edition_dir[b], "variant.yaml", yaml, (size_t)n);
    }
}

/* ---------------------------------------------------------------- playing */

typedef struct {
    PulVariant *v;
    PulGame *g, *before, *scratch_game;
    PulRng rng;
    int failures;
    double start_ms; /* when the input began to play */
    long actions;    /* actions tried, for their mean cost */
} Play;

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static bool out_of_time(const Play *p) { return now_ms() - p->start_ms > PLAY_MS; }

static void check_script_error(const PulGame *g) {
    const PulError *e = pul_game_script_error(g);
    if (!e) fuzz_breach("a script_error refusal, but no script error is kept", NULL);
    fuzz_check_failure(e, PUL_ERR_SCRIPT);
    if (strncmp(e->code, "script-", 7) != 0)
        fuzz_breach("a script error's code is not script-*", e);
    if (strncmp(e->message, "in hook ", 8) != 0)
        fuzz_breach("a hook's error message does not start with its hook", e);
}

/* An action that may be anything: the refusals are part of the contract. */
static void wild_action(PulRng *rng, PulAction *a) {
    static const int32_t coords[] = {0, 1, -1, 2, -2, 3, INT32_MAX, INT32_MIN, 1000};
    memset(a, 0, sizeof *a);
    a->kind = (uint8_t)pul_rng_below(rng, 5);
    uint32_t t = pul_rng_below(rng, 52);
    a->tile = (uint8_t)(t < 48 ? t : t == 48 ? PUL_NO_TILE : t == 49 ? PUL_NO_SUCH_TILE : 62 + t);
    a->rot = (uint8_t)pul_rng_below(rng, 5);
    a->quad = (uint8_t)pul_rng_below(rng, 5);
    a->x = coords[pul_rng_below(rng, 9)];
    a->y = coords[pul_rng_below(rng, 9)];
}

/* Apply a through every check; false when the game should stop. */
static bool play_action(Play *p, const PulAction *a) {
    PulGame *g = p->g;
    size_t size = pul_game_size();
    bool over = pul_game_over(g);
    p->actions++;
    pul_game_copy(p->before, g);
    PulReason want = pul_check(g, a);
    PulEvents ev;
    ev.n = 0;
    PulReason got = pul_apply(g, a, &ev);
    if (got < PUL_LEGAL || got >= PUL_R_COUNT) fuzz_breachf(NULL, "pul_apply returned %d", got);
    if (over && got != PUL_R_GAME_OVER)
        fuzz_breachf(NULL, "an action after the game is over: %s", pul_reason_code(got));
    if (got != PUL_LEGAL) {
        if (memcmp(p->before, g, size) != 0)
            fuzz_breachf(NULL, "an action was refused (%s) but changed the game",
                         pul_reason_code(got));
        if (got == PUL_R_SCRIPT_ERROR) {
            if (want != PUL_LEGAL)
                fuzz_breachf(NULL, "pul_check says %s, pul_apply script_error",
                             pul_reason_code(want));
            check_script_error(g);
            p->failures++;
            stats.script_errors++;
            stats.hook_codes[code_index(pul_game_script_error(g)->code)]++;
        } else if (got != want) {
            fuzz_breachf(NULL, "pul_check says %s, pul_apply %s", pul_reason_code(want),
                         pul_reason_code(got));
        }
        stats.refused++;
        return p->failures < MAX_SCRIPT_FAILURES;
    }
    stats.applied++;
    if (want != PUL_LEGAL)
        fuzz_breachf(NULL, "pul_check says %s, but the action applied", pul_reason_code(want));
    if (ev.n < 1 || ev.n > PUL_MAX_EVENTS)
        fuzz_breachf(NULL, "an action applied with %d events", ev.n);
    int nseats = pul_game_seats(g);
    for (int k = 0; k < ev.n; k++)
        if (ev.ev[k].seat < (ev.ev[k].kind == PUL_EV_GAME_OVER ? -1 : 0) ||
            ev.ev[k].seat >= nseats)
            fuzz_breachf(NULL, "event %d of kind %d has seat %d", k, ev.ev[k].kind, ev.ev[k].seat);
    return true;
}

/* What a bot sees, and a game made from it, must hold up under any script. */
static void observe(Play *p, uint64_t seed, bool with_bot) {
    PulGame *g = p->g;
    PulObservation obs;
    int seat = pul_game_to_move(g);
    pul_observe(g, seat, &obs);
    PulError err;
    memset(&err, 0, sizeof err);
    PulStatus st = pul_game_from_observation(p->scratch_game, &obs, &p->rng, &err);
    if (st != PUL_OK) fuzz_check_failure(&err, st);
    if (!with_bot || pul_game_over(g)) return;
    if ((now_ms() - p->start_ms) / (double)(p->actions + 1) >= BOT_IF_MS) return;
    memset(&err, 0, sizeof err);
    PulBot *bot = pul_bot_new(p->v, seed & 1 ? "greedy" : "mcts:iters=4", seed, &err);
    if (!bot) {
        fuzz_check_failure(&err, PUL_OK);
        return;
    }
    PulAction a;
    memset(&err, 0, sizeof err);
    st = pul_bot_choose(bot, &obs, &a, &err);
    stats.bots++;
    pul_bot_free(bot);
    if (st != PUL_OK) {
        fuzz_check_failure(&err, st);
        return;
    }
    play_action(p, &a);
}

static void play_game(Play *p, int nseats, uint64_t seed) {
    PulError err;
    memset(&err, 0, sizeof err);
    PulStatus st = pul_game_start(p->g, nseats, seed, NULL, 0, &err);
    stats.games++;
    if (st != PUL_OK) {
        /* The seat count may not fit the edition, or setup may fail. */
        fuzz_check_failure(&err, st);
        if (stats.verbose)
            fprintf(stderr, "%s: start: %s: %s\n", fuzz_target, err.code, err.message);
        if (st == PUL_ERR_SCRIPT && strncmp(err.code, "script-", 7) != 0)
            fuzz_breach("a failing setup hook without a script-* code", &err);
        return;
    }
    stats.started++;
    pul_rng_seed(&p->rng, seed);
    p->failures = 0;
    /* A bot tries actions in its head, running the hooks each time: one
    ** choice in a few games is enough, and keeps the input quick. */
    int bot_at = seed >> 40 & 3 ? -1 : (int)(seed % 40);
    for (int i = 0; i < MAX_ACTIONS && !pul_game_over(p->g) && !out_of_time(p); i++) {
        PulAction a;
        if (pul_rng_below(&p->rng, 8) == 0) {
            wild_action(&p->rng, &a);
        } else if (!pul_random_action(p->g, &p->rng, &a)) {
            break;
        }
        if (!play_action(p, &a)) return;
        if (i % 16 == 15 || i == bot_at) observe(p, seed + (uint64_t)i, i == bot_at);
    }
    PulGame *g = p->g;
    stats.over += pul_game_over(g);
    int n = pul_game_seats(g), scores[PUL_MAX_SEATS], winners[PUL_MAX_SEATS];
    pul_game_scores(g, scores, PUL_MAX_SEATS);
    int nw = pul_game_winners(g, winners, PUL_MAX_SEATS);
    if (nw < 0 || nw > n) fuzz_breachf(NULL, "%d winners of %d seats", nw, n);
    for (int k = 0; k < nw; k++)
        if (winners[k] < 0 || winners[k] >= n)
            fuzz_breachf(NULL, "winner %d is no seat", winners[k]);
    PulEndReason end = pul_game_end_reason(g);
    if (end < PUL_END_NONE || end > PUL_END_SUDDEN_DEATH ||
        (end != PUL_END_NONE) != pul_game_over(g))
        fuzz_breachf(NULL, "end reason %d for a game %s over", end,
                     pul_game_over(g) ? "" : "not");
    if (pul_game_loser(g) < -1 || pul_game_loser(g) >= n)
        fuzz_breachf(NULL, "loser %d", pul_game_loser(g));
}

/* ------------------------------------------------------------ the target */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    make_scratch();
    const char *s = getenv("PUL_FUZZ_SHOW");
    show = s && s[0] && strcmp(s, "0") != 0;
    s = getenv("PUL_FUZZ_STATS");
    stats.on = s && s[0] && strcmp(s, "0") != 0;
    stats.verbose = stats.on && strcmp(s, "2") == 0;
    if (stats.on) atexit(print_stats);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint64_t hash = fuzz_hash(data, size);
    FuzzBytes in = {data, data + size};
    unsigned head = fuzz_byte(&in);
    int base = (int)(head % NBASES);
    bool two = head >> 2 & 1;
    Text a = {0}, b = {0};
    Gen g = {in, &a, H_TOP, 0, 0, 0, 0, 0, 0, base == BASE_GENIAL};
    gen_script(&g);
    if (two) {
        g.out = &b;
        gen_script(&g);
    } else {
        put(&b, "return {}\n");
    }
    if (show) fprintf(stderr, "--- a.lua\n%s--- b.lua\n%s---\n", a.s, b.s);
    write_file(edition_dir[base], "a.lua", a.s, a.len);
    write_file(edition_dir[base], "b.lua", b.s, b.len);

    PulError err;
    memset(&err, 0, sizeof err);
    Play p = {0};
    p.v = pul_variant_open(edition_dir[base], PUL_FUZZ_VARIANTS_DIR, &err);
    stats.inputs++;
    if (!p.v) {
        stats.load_codes[code_index(err.code)]++;
        if (stats.verbose)
            fprintf(stderr, "%s: load: %s: %s\n", fuzz_target, err.code, err.message);
        fuzz_check_failure(&err, PUL_OK);
        if (err.status != PUL_ERR_SCRIPT || strncmp(err.code, "script-", 7) != 0)
            fuzz_breach("an edition whose only fault can be its script fails otherwise", &err);
        if (strcmp(err.code, "script-syntax") == 0) {
            fprintf(stderr, "--- a.lua\n%s--- b.lua\n%s---\n", a.s, b.s);
            fuzz_breach("the grammar wrote a script that does not compile (a harness bug)", &err);
        }
    } else {
        stats.loaded++;
        p.g = pul_game_new(p.v);
        p.before = pul_game_new(p.v);
        p.scratch_game = pul_game_new(p.v);
        if (!p.g || !p.before || !p.scratch_game) fuzz_breach("pul_game_new failed", NULL);
        int games = 1 + (int)(hash % MAX_GAMES);
        p.start_ms = now_ms();
        for (int i = 0; i < games && !out_of_time(&p); i++) {
            /* The edition's seat counts mostly, others now and then. */
            static const int seat_counts[] = {2, 1, 2, 2, 1, 2, 2, 1, 2, 2, 1, 2, 2, 0, 3, 7};
            int seats = seat_counts[(hash >> (8 + 4 * i)) % 16];
            if (base == BASE_SOLO && seats == 2) seats = 1;
            play_game(&p, seats, hash + (uint64_t)i);
        }
        pul_game_free(p.scratch_game);
        pul_game_free(p.before);
        pul_game_free(p.g);
        pul_variant_free(p.v);
    }
    free(a.s);
    free(b.s);
    return 0;
}
