/*
** host.c: a variant's scripts as a program read and checked once at load,
** each game object's sandboxed Lua 5.4 state made from it, and the calls of
** its hooks (script.h is the contract, scripts/README.md the modder's side).
**
** The state opens only base, string, table, math and utf8, without the
** functions that reach outside (files, the clock, printing, bytecode) or
** that would make a game depend on anything but its seed (math.random). A
** hook runs under a step budget and a CPU-time limit, and the state under
** a memory cap (meter.c); whatever a hook does wrong becomes a PulError
** naming the script, the line and the hook, its text made safe to show,
** and the state stays usable. Every entry into Lua is a protected call, so
** an allocation refused anywhere (the cap holds between calls too) is an
** error value, never an abort.
*/
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "api.h"
#include "genial_hooks.h"
#include "genial_state.h"
#include "micropul.h"
#include "meter.h"
#include "sandbox.h"
#include "script.h"
#include "suggest.h"
#include "text.h"
#include "mem.h"

/* The hook points a script's table may name: its family's (Family.hooks;
** Micropul's in hooked.h, Genial's in genial_hooks.h), in bit order, so hook
** k has bit 1 << k (hook_points_names checks it). */
enum { NHOOKS = MICROPUL_NHOOKS };
_Static_assert((int)GENIAL_NHOOKS == (int)NHOOKS, "both families have as many hook points");

/* The points' names, in their order, for the checks of a table of hooks. */
static void hook_points_names(const Family *fam, const char *names[NHOOKS]) {
    PUL_ASSERT(fam->nhooks == NHOOKS);
    for (int k = 0; k < NHOOKS; k++) {
        PUL_ASSERT(fam->hooks[k].bit == 1u << k);
        names[k] = fam->hooks[k].name;
    }
}

#define SCRIPT_MAX_BYTES (256u << 10) /* a rule script is code, not data */
#define IN_HOOKS "in its table of hooks"

/* Immutable once loaded, shared by every thread: what a state is made from. */
struct ScriptProgram {
    const Family *fam;        /* whose hook points the scripts define */
    MicropulHooks hooks;      /* the table Micropul's rules call (script_program_hooks) */
    GenialHooks genial;       /* the table Genial's rules call */
    PulTileSet ts;
    int nscripts;
    char path[PUL_MAX_SCRIPTS][PUL_PATH_MAX];
    char source[PUL_MAX_SCRIPTS][PUL_PATH_MAX + 1]; /* chunk names: "@" + base name */
    char *text[PUL_MAX_SCRIPTS]; /* each script's bytes, read once (NULL: read when loaded) */
    size_t len[PUL_MAX_SCRIPTS];
};

/* One Lua state: a game object's (in its GameEnv) or a test's. */
struct ScriptHost {
    lua_State *L;
    const ScriptProgram *prog;
    ScriptProgram *owned;     /* a test's host owns the program it was made from */
    unsigned hooks;
    uint32_t activate_features;
    /* Handlers per hook, in load order: the Lua values are in the cache
    ** (handler_slot), the script each came from here. */
    int nentries[NHOOKS];
    int entry_script[NHOOKS][PUL_MAX_SCRIPTS];
    /* The line each handler is defined at, for messages, read once at load
    ** (a debug lookup per call would cost more than the argument table):
    ** a function's, and for on_activate's tables each catalyst's. */
    int entry_defined[NHOOKS][PUL_MAX_SCRIPTS];
    int activate_defined[PUL_MAX_SCRIPTS][PUL_MAX_FEATURES];
    /* on_activate's k-th handler: bit f when it hears of feature f (every
    ** catalyst for a function; those a table names), and whether it came
    ** from a table (its lines are then activate_defined's). A table naming
    ** one catalyst is kept as that function: no lookup at each call. */
    uint32_t activate_hears[PUL_MAX_SCRIPTS];
    bool activate_keyed[PUL_MAX_SCRIPTS];
    int cache;                /* registry reference of the cache (api.h) */
    Meter meter;              /* the allocator's state: memory, steps, the clock */
    int err_script, err_line; /* where the message handler found the error */
    GameSlot slot;
    PulError last;
};

/* The cache's slot of the k-th handler of hook index hk (api.h). */
static int handler_slot(int hk, int k) { return API_CACHE_HANDLERS + hk * PUL_MAX_SCRIPTS + k; }

static ScriptHost *host_of(lua_State *L) { return meter_of(L)->owner; }

/* Raw table access: a script may have given its tables metatables, and
** none of its code may run outside a hook's budget. */
static int raw_get(lua_State *L, int idx, const char *key) {
    idx = lua_absindex(L, idx);
    lua_pushstring(L, key);
    return lua_rawget(L, idx);
}

/* The line where the function at idx is defined (0: a C function, a chunk). */
static int line_defined(lua_State *L, int idx) {
    lua_Debug ar;
    lua_pushvalue(L, idx);
    lua_getinfo(L, ">S", &ar);
    return ar.linedefined > 0 ? ar.linedefined : 0;
}

/* --------------------------------------------------------------- errors */

static int script_of_source(const ScriptHost *h, const char *source) {
    for (int i = 0; i < h->prog->nscripts; i++)
        if (strcmp(h->prog->source[i], source) == 0) return i;
    return -1;
}

/* Note the innermost line of a script on the stack as where an error is
** (reading the stack allocates nothing, so the allocator may call it). Only
** the innermost levels are looked at: finding level n walks n frames. */
static void note_line(ScriptHost *h, lua_State *L) {
    enum { LEVELS = 64 };
    lua_Debug ar;
    for (int level = 0; level < LEVELS && lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
        int s = script_of_source(h, ar.source);
        if (s >= 0) {
            h->err_script = s;
            h->err_line = ar.currentline;
            return;
        }
    }
}

/* Lua calls no message handler for a memory error: note the line when
** the allocation is refused. */
static void on_refuse(void *owner, lua_State *L) { note_line(owner, L); }

/* The message handler of every hook call: an error raised by a game
** function, or by error() with level 0, carries no position of its own. */
static int on_error(lua_State *L) {
    ScriptHost *h = host_of(L);
    h->err_script = -1;
    note_line(h, L);
    if (!lua_isstring(L, 1)) {
        /* Calling __tostring could run more script code: the type says enough. */
        lua_pushfstring(L, "error object is a %s value", luaL_typename(L, 1));
    }
    return 1;
}

/* Strip the "name.lua:12: " Lua puts before a message when name is one of
** the scripts, taking the script and line from it. */
static const char *strip_position(const ScriptHost *h, const char *msg, int *script, int *line) {
    for (int i = 0; i < h->prog->nscripts; i++) {
        const char *base = h->prog->source[i] + 1;
        size_t n = strlen(base);
        if (strncmp(msg, base, n) != 0 || msg[n] != ':') continue;
        const char *p = msg + n + 1;
        int v = 0;
        while (*p >= '0' && *p <= '9' && v < 100000000) v = v * 10 + (*p++ - '0');
        if (p == msg + n + 1 || p[0] != ':' || p[1] != ' ') continue;
        *script = i;
        *line = v;
        return p + 2;
    }
    return msg;
}

/* Fill err (and the host's last error) for a failed call; the message,
** which a script may have chosen, is cleaned here where it is made. */
static PulStatus call_failed(ScriptHost *h, PulError *err, const char *code, int script, int line,
                             const char *what, const char *msg) {
    const char *file = script >= 0 ? h->prog->path[script] : "";
    char clean[400];
    err_setc(&h->last, code, file, line, 0, "%s: %s", what,
             text_shown(msg, strlen(msg), clean, sizeof clean));
    if (err) *err = h->last;
    return PUL_ERR_SCRIPT;
}

/* ----------------------------------------------------------- the calls */

/* What one protected entry into Lua works on. */
typedef struct {
    ScriptHost *h;
    HookCall *call;
    PulError *err;
    PulStatus status;
    int msgh;         /* stack index of the message handler */
    int game;         /* stack index of the game object, 0 when none */
    const char *what; /* "in hook on_activate", for messages */
    void *data;       /* the hook's own arguments */
    int defined;      /* the line where the handler to run next (or last run) is defined */
    int cache;        /* stack index of the cache (api.h), 0 when none */
    int running;      /* the script of the handler running, -1 when none */
} Ctx;

/* Call the function below nargs arguments on the stack (a handler of
** script s, defined at line c->defined) under the budget and memory cap.
** Returns the number of results it left on the stack. An error it raises
** unwinds to protect(), the one protected call around the whole hook
** call, which reports it as this handler's. */
static int run(Ctx *c, int s, int nargs) {
    ScriptHost *h = c->h;
    lua_State *L = h->L;
    int fn = lua_gettop(L) - nargs;
    h->err_script = -1;
    h->err_line = 0;
    c->running = s;
    meter_run(&h->meter);
    lua_call(L, nargs, LUA_MULTRET);
    meter_end(&h->meter);
    c->running = -1;
    int n = lua_gettop(L) - fn + 1;
    /* Results taken with LUA_MULTRET may leave no free slot: make room for
    ** reading them (the slots a C function starts with, LUA_MINSTACK, are
    ** at least as many as the checks need unless a handler returned more). */
    if (n > 0) luaL_checkstack(L, 8, "reading a hook's results");
    return n;
}

/* A handler of script s raised an error (status st, its message on top):
** fill the error from what the meter and the message handler found. */
static void handler_failed(Ctx *c, int s, int st) {
    ScriptHost *h = c->h;
    lua_State *L = h->L;
    int script = h->err_script >= 0 ? h->err_script : s;
    int line = h->err_script >= 0 ? h->err_line : c->defined;
    const char *code = "script-error", *msg;
    char buf[400];
    const Meter *m = &h->meter;
    /* A refused allocation is the cause even when the run went on (a pcall
    ** caught it, or Lua did without) and its charge ended it. */
    if (m->late || (m->stop != METER_RUNNING && m->memory == METER_MEM_OK)) {
        code = "script-budget";
        msg = meter_stop_message(m, buf, sizeof buf);
    } else if (st == LUA_ERRMEM || m->memory != METER_MEM_OK) {
        code = "script-memory";
        msg = meter_memory_message(m, buf, sizeof buf);
    } else {
        msg = lua_isstring(L, -1) ? lua_tostring(L, -1) : "error in the error handler";
        msg = strip_position(h, msg, &script, &line);
    }
    c->status = call_failed(h, c->err, code, script, line, c->what, msg);
}

/* A hook's result was not what the contract asks. Returns 0, the results
** of the protected C function that reports it. */
static int bad_result(Ctx *c, int s, const char *fmt, ...) PUL_PRINTF(3, 4);
static int bad_result(Ctx *c, int s, const char *fmt, ...) {
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    c->status = call_failed(c->h, c->err, "script-error", s, c->defined, c->what, msg);
    return 0;
}

/* Push the k-th handler of hook index hk (a function, or for on_activate a
** table of functions keyed by feature index + 1), noting its line. */
static int push_handler(Ctx *c, int hk, int k) {
    c->defined = c->h->entry_defined[hk][k];
    return lua_rawgeti(c->h->L, c->cache, handler_slot(hk, k));
}

/* An error (status st, its message on top) outside every handler's run:
** out of memory building the arguments. */
static void outside_failed(Ctx *c, int st) {
    ScriptHost *h = c->h;
    lua_State *L = h->L;
    char buf[400];
    const char *msg = st == LUA_ERRMEM ? meter_memory_message(&h->meter, buf, sizeof buf)
                      : lua_isstring(L, -1) ? lua_tostring(L, -1)
                                            : NULL;
    c->status = call_failed(h, c->err, st == LUA_ERRMEM ? "script-memory" : "script-error", -1, 0,
                            c->what, msg ? msg : "error");
    lua_gc(L, LUA_GCCOLLECT);
}

/* Run fn(L, ctx) in one protected call, with the message handler: a hook's
** error unwinds to here and is reported as its handler's (Ctx.running); fn
** reports a wrong result through ctx; any other error is one outside every
** hook (out of memory building arguments). */
static PulStatus protect(Ctx *c, lua_CFunction fn) {
    ScriptHost *h = c->h;
    lua_State *L = h->L;
    int top = lua_gettop(L);
    c->status = PUL_OK;
    c->running = -1;
    meter_call(&h->meter);
    if (c->call) {
        h->slot.call = c->call;
        h->slot.serial++;
    }
    lua_pushcfunction(L, on_error);
    c->msgh = top + 1;
    lua_pushcfunction(L, fn);
    lua_pushlightuserdata(L, c);
    int st = lua_pcall(L, 1, 0, c->msgh);
    h->slot.call = NULL; /* every game object of this call is now expired */
    if (h->meter.running) meter_end(&h->meter);
    if (st != LUA_OK && c->running >= 0) {
        handler_failed(c, c->running, st);
        if (st == LUA_ERRMEM) lua_gc(L, LUA_GCCOLLECT);
    } else if (st != LUA_OK) {
        outside_failed(c, st);
    }
    lua_settop(L, top);
    return c->status;
}

/* Start of a protected hook call: the cache and the game object. */
static Ctx *enter(lua_State *L) {
    Ctx *c = lua_touserdata(L, 1); /* the only argument (protect) */
    lua_rawgeti(L, LUA_REGISTRYINDEX, c->h->cache);
    c->cache = 2;
    api_push_game(L, &c->h->slot);
    c->game = 3;
    return c;
}

static int do_setup(lua_State *L) {
    Ctx *c = enter(L);
    int hk = lowest_set(HOOK_SETUP);
    for (int k = 0; k < c->h->nentries[hk]; k++) {
        push_handler(c, hk, k);
        lua_pushvalue(L, c->game);
        run(c, c->h->entry_script[hk][k], 1);
        lua_settop(L, c->game);
    }
    return 0;
}

/* What handler k of script s left in act, the table at args: draw and
** extra_turn, what the next handler and the engine see. Both fields are
** read before either is checked (the checks look at them by index). False
** with c's error filled when they are not what the contract allows; its
** message may turn a number into text, which allocates, so a wrong value
** is reported in protected mode only (activate_read). */
static bool activate_result(Ctx *c, int s, int args, MicropulActivation *act) {
    lua_State *L = c->h->L;
    int ok = 0;
    api_get(L, c->cache, args, API_DRAW);
    int extra_type = api_get(L, c->cache, args, API_EXTRA_TURN);
    lua_Integer draw = lua_tointegerx(L, args + 1, &ok);
    if (!ok || lua_type(L, args + 1) != LUA_TNUMBER || draw < 0 || draw > PUL_MAX_TILES) {
        bad_result(c, s, "act.draw must be a whole number from 0 to %d, not %s", PUL_MAX_TILES,
                   ok ? lua_tostring(L, args + 1) : luaL_typename(L, args + 1));
        return false;
    }
    if (extra_type != LUA_TBOOLEAN) {
        bad_result(c, s, "act.extra_turn must be true or false, not a %s",
                   lua_typename(L, extra_type));
        return false;
    }
    act->extra_turn = lua_toboolean(L, args + 2);
    act->draw = (int)draw;
    lua_settop(L, args);
    return true;
}

static int do_on_activate(lua_State *L) {
    Ctx *c = enter(L);
    MicropulActivation *act = c->data;
    api_push_activation(L, c->cache, c->call, act);
    int args = lua_gettop(L);
    int hk = lowest_set(HOOK_ON_ACTIVATE);
    for (int k = 0; k < c->h->nentries[hk]; k++) {
        if (!(c->h->activate_hears[k] >> act->feature & 1)) continue; /* not named in its table */
        int s = c->h->entry_script[hk][k];
        if (push_handler(c, hk, k) == LUA_TTABLE) lua_rawgeti(L, -1, act->feature + 1);
        if (c->h->activate_keyed[k]) c->defined = c->h->activate_defined[k][act->feature];
        lua_pushvalue(L, c->game);
        lua_pushvalue(L, args);
        run(c, s, 2);
        lua_settop(L, args);
        if (!activate_result(c, s, args, act)) return 0;
    }
    return 0;
}

/* ---------------------------------------------- on_activate, the quick way */

/* The hook every catalyst the scripts hear of calls, so the one whose glue
** counts: after a state's first call, the same calls as do_on_activate's
** without the protected C function around them. Nothing between them can
** raise: the setter and each handler are called protected, what a handler
** left is read raw, and only a wrong value takes a protected call, where
** its message is made. */

/* What activate_read hands its protected call. */
typedef struct {
    Ctx *c;
    int s;
    MicropulActivation *act;
} BadActivation;

/* activate_result in protected mode: (the BadActivation, the cache, the table). */
static int bad_activation(lua_State *L) {
    BadActivation *b = lua_touserdata(L, 1);
    int cache = b->c->cache;
    b->c->cache = 2;
    activate_result(b->c, b->s, 3, b->act);
    b->c->cache = cache;
    return 0;
}

/* activate_result outside protected mode: what it accepts is read here;
** anything else is reported by it in a protected call. */
static bool activate_read(Ctx *c, int s, int args, MicropulActivation *act) {
    lua_State *L = c->h->L;
    api_get(L, c->cache, args, API_DRAW);
    int extra_type = api_get(L, c->cache, args, API_EXTRA_TURN);
    int ok = 0;
    lua_Integer draw = lua_tointegerx(L, args + 1, &ok);
    if (ok && lua_type(L, args + 1) == LUA_TNUMBER && draw >= 0 && draw <= PUL_MAX_TILES &&
        extra_type == LUA_TBOOLEAN) {
        act->extra_turn = lua_toboolean(L, args + 2);
        act->draw = (int)draw;
        lua_settop(L, args);
        return true;
    }
    lua_settop(L, args);
    BadActivation b = {c, s, act};
    lua_pushcfunction(L, bad_activation);
    lua_pushlightuserdata(L, &b);
    lua_pushvalue(L, c->cache);
    lua_pushvalue(L, args);
    int st = lua_pcall(L, 3, 0, 0);
    if (st != LUA_OK) outside_failed(c, st);
    lua_settop(L, args);
    return false;
}

/* Slots activate_quick takes: the message handler, the cache, the table,
** the setter and its 8 arguments, or a handler (under a table of
** handlers), the game and the table, or activate_read's 4. */
enum { QUICK_SLOTS = 16 };

/* script_on_activate after the first call of a state (the *status it
** returns); false, with nothing done, until that call has made the table
** and the feature's name, or when the stack cannot grow. */
static bool activate_quick(ScriptHost *h, HookCall *call, MicropulActivation *act, PulError *err,
                           PulStatus *status) {
    lua_State *L = h->L;
    int top = lua_gettop(L);
    if (!lua_checkstack(L, QUICK_SLOTS)) return false;
    lua_pushcfunction(L, on_error);
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->cache);
    if (!api_push_activation_quick(L, top + 2, call, act)) {
        lua_settop(L, top);
        return false;
    }
    Ctx c = {h, call, err, PUL_OK, top + 1, 0, "in hook on_activate", act, 0, top + 2, -1};
    int args = top + 3;
    call->hook = HOOK_ON_ACTIVATE;
    meter_call(&h->meter);
    h->slot.call = call;
    h->slot.serial++;
    int st = lua_pcall(L, 8, 0, 0);
    if (st != LUA_OK) {
        outside_failed(&c, st);
    } else {
        int hk = lowest_set(HOOK_ON_ACTIVATE), f = act->feature;
        for (int k = 0; k < h->nentries[hk]; k++) {
            if (!(h->activate_hears[k] >> f & 1)) continue;
            int s = h->entry_script[hk][k];
            if (push_handler(&c, hk, k) == LUA_TTABLE) lua_rawgeti(L, -1, f + 1);
            if (h->activate_keyed[k]) c.defined = h->activate_defined[k][f];
            api_push_game(L, &h->slot);
            lua_pushvalue(L, args);
            h->err_script = -1;
            h->err_line = 0;
            meter_run(&h->meter);
            st = lua_pcall(L, 2, 0, c.msgh);
            meter_end(&h->meter);
            if (st != LUA_OK) {
                handler_failed(&c, s, st);
                if (st == LUA_ERRMEM) lua_gc(L, LUA_GCCOLLECT);
                break;
            }
            lua_settop(L, args);
            if (!activate_read(&c, s, args, act)) break;
        }
    }
    h->slot.call = NULL; /* every game object of this call is now expired */
    lua_settop(L, top);
    *status = c.status;
    return true;
}

static int do_after_action(lua_State *L) {
    Ctx *c = enter(L);
    const PulEvents *done = c->data;
    /* The events as the action left them: a hook's own draws, pushed to the
    ** same list, are not shown to the hooks after it. */
    api_push_events(L, c->call->g, done, done ? done->n : 0);
    int args = lua_gettop(L);
    int hk = lowest_set(HOOK_AFTER_ACTION);
    for (int k = 0; k < c->h->nentries[hk]; k++) {
        push_handler(c, hk, k);
        lua_pushvalue(L, c->game);
        lua_pushvalue(L, args);
        run(c, c->h->entry_script[hk][k], 2);
        lua_settop(L, args);
    }
    return 0;
}

static int do_score_group(lua_State *L) {
    Ctx *c = enter(L);
    MicropulGroup *grp = c->data;
    int nseats = c->call->g->nseats;
    api_push_group(L, c->cache, c->call->g, grp);
    int args = lua_gettop(L);
    int hk = lowest_set(HOOK_SCORE_GROUP);
    for (int k = 0; k < c->h->nentries[hk]; k++) {
        int s = c->h->entry_script[hk][k];
        push_handler(c, hk, k);
        lua_pushvalue(L, c->game);
        lua_pushvalue(L, args);
        int n = run(c, s, 2);
        if (n == 0) continue; /* returned nothing: keep */
        int owner = -1, ok = 0;
        int t = lua_type(L, args + 1);
        lua_Integer o = lua_tointegerx(L, args + 1, &ok);
        if (t == LUA_TNUMBER && ok && o >= 1 && o <= nseats)
            owner = (int)o - 1;
        else if (!(t == LUA_TNIL || (t == LUA_TBOOLEAN && !lua_toboolean(L, args + 1))))
            return bad_result(c, s,
                              "score_group must return nothing, or an owner seat (1 to %d; nil "
                              "or false for nobody) and points; it returned %s%s as the owner",
                              nseats, t == LUA_TNUMBER ? "" : "a ",
                              t == LUA_TNUMBER ? lua_tostring(L, args + 1) : lua_typename(L, t));
        int points = grp->points;
        if (n >= 2 && !lua_isnil(L, args + 2)) {
            lua_Integer p = lua_tointegerx(L, args + 2, &ok);
            if (!ok || lua_type(L, args + 2) != LUA_TNUMBER || p < -HOOK_GROUP_POINTS_MAX ||
                p > HOOK_GROUP_POINTS_MAX) {
                char got[64];
                if (ok && lua_type(L, args + 2) == LUA_TNUMBER)
                    snprintf(got, sizeof got, "%lld", (long long)p);
                else
                    snprintf(got, sizeof got, "a %s", luaL_typename(L, args + 2));
                return bad_result(c, s,
                                  "score_group's second result must be the points, a whole "
                                  "number from %d to %d; it returned %s",
                                  -HOOK_GROUP_POINTS_MAX, HOOK_GROUP_POINTS_MAX, got);
            }
            points = (int)p;
        }
        grp->owner = owner;
        grp->points = points;
        lua_settop(L, args);
        /* The next handler sees the group as this one left it. */
        if (owner >= 0)
            lua_pushinteger(L, owner + 1);
        else
            lua_pushnil(L);
        api_set(L, c->cache, args, API_OWNER);
        lua_pushinteger(L, points);
        api_set(L, c->cache, args, API_POINTS);
    }
    return 0;
}

typedef struct {
    int *scores;
    unsigned *winners;
} FinalArgs;

/* The list at idx as nseats whole numbers, or an error message in why. */
static bool read_scores(lua_State *L, int idx, int nseats, int *out, char *why, size_t size) {
    if (lua_type(L, idx) != LUA_TTABLE) {
        snprintf(why, size, "a %s", luaL_typename(L, idx));
        return false;
    }
    if ((int)lua_rawlen(L, idx) != nseats) {
        snprintf(why, size, "a list of %d values", (int)lua_rawlen(L, idx));
        return false;
    }
    for (int i = 0; i < nseats; i++) {
        lua_rawgeti(L, idx, i + 1);
        int ok = 0;
        lua_Integer v = lua_tointegerx(L, -1, &ok);
        if (!ok || lua_type(L, -1) != LUA_TNUMBER || v < -HOOK_SCORE_MAX ||
            v > HOOK_SCORE_MAX) {
            if (ok && lua_type(L, -1) == LUA_TNUMBER)
                snprintf(why, size, "a list whose entry %d, %lld, is not from %d to %d", i + 1,
                         (long long)v, -HOOK_SCORE_MAX, HOOK_SCORE_MAX);
            else
                snprintf(why, size, "a list whose entry %d is a %s", i + 1, luaL_typename(L, -1));
            lua_pop(L, 1);
            return false;
        }
        out[i] = (int)v;
        lua_pop(L, 1);
    }
    return true;
}

static bool read_winners(lua_State *L, int idx, int nseats, unsigned *out, char *why, size_t size) {
    if (lua_type(L, idx) != LUA_TTABLE) {
        snprintf(why, size, "a %s", luaL_typename(L, idx));
        return false;
    }
    int n = (int)lua_rawlen(L, idx);
    if (n == 0) {
        snprintf(why, size, "an empty list");
        return false;
    }
    unsigned bits = 0;
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, idx, i + 1);
        int ok = 0;
        lua_Integer v = lua_tointegerx(L, -1, &ok);
        lua_pop(L, 1);
        if (!ok || v < 1 || v > nseats) {
            snprintf(why, size, "a list whose entry %d is not a seat from 1 to %d", i + 1, nseats);
            return false;
        }
        bits |= 1u << (v - 1);
    }
    *out = bits;
    return true;
}

static int do_final_scores(lua_State *L) {
    Ctx *c = enter(L);
    FinalArgs *fa = c->data;
    int nseats = c->call->g->nseats;
    int base = lua_gettop(L);
    int hk = lowest_set(HOOK_FINAL_SCORES);
    for (int k = 0; k < c->h->nentries[hk]; k++) {
        int s = c->h->entry_script[hk][k];
        push_handler(c, hk, k);
        lua_pushvalue(L, c->game);
        api_push_ints(L, fa->scores, nseats);
        int n = run(c, s, 2);
        char why[128];
        int scores[PUL_MAX_SEATS];
        if (n >= 1 && !lua_isnil(L, base + 1)) {
            if (!read_scores(L, base + 1, nseats, scores, why, sizeof why))
                return bad_result(c, s,
                                  "final_scores must return nothing or a list of %d whole "
                                  "numbers (one score per seat), then optionally a list of "
                                  "winning seats; it returned %s",
                                  nseats, why);
            memcpy(fa->scores, scores, sizeof scores[0] * (size_t)nseats);
        }
        if (n >= 2 && !lua_isnil(L, base + 2) &&
            !read_winners(L, base + 2, nseats, fa->winners, why, sizeof why))
            return bad_result(c, s,
                              "final_scores' second result must be a list of the winning "
                              "seats (1 to %d), or nothing to let the scores decide; it "
                              "returned %s",
                              nseats, why);
        lua_settop(L, base);
    }
    return 0;
}

static int do_is_over(lua_State *L) {
    Ctx *c = enter(L);
    bool *over = c->data;
    int base = lua_gettop(L);
    int hk = lowest_set(HOOK_IS_OVER);
    for (int k = 0; k < c->h->nentries[hk]; k++) {
        int s = c->h->entry_script[hk][k];
        push_handler(c, hk, k);
        lua_pushvalue(L, c->game);
        int n = run(c, s, 1);
        int t = n ? lua_type(L, base + 1) : LUA_TNIL;
        if (t == LUA_TBOOLEAN)
            *over = *over || lua_toboolean(L, base + 1);
        else if (t != LUA_TNIL)
            return bad_result(c, s, "is_over must return true or false, not a %s",
                              lua_typename(L, t));
        lua_settop(L, base);
    }
    return 0;
}

/* The whole number a hook returned at idx for a count from 0 to max, or
** -1 with why filled. */
static lua_Integer count_result(lua_State *L, int idx, lua_Integer max) {
    int ok = 0;
    lua_Integer v = lua_tointegerx(L, idx, &ok);
    if (!ok || lua_type(L, idx) != LUA_TNUMBER || v < 0 || v > max) return -1;
    return v;
}

/* score_placement(game, half): each handler may return the half's points
** (nothing keeps them); the next handler sees what the last one left. */
static int do_score_placement(lua_State *L) {
    Ctx *c = enter(L);
    GenialHalf *half = c->data;
    api_push_half(L, c->cache, c->call->g, half);
    int args = lua_gettop(L);
    int hk = lowest_set(HOOK_SCORE_PLACEMENT);
    for (int k = 0; k < c->h->nentries[hk]; k++) {
        int s = c->h->entry_script[hk][k];
        push_handler(c, hk, k);
        lua_pushvalue(L, c->game);
        lua_pushvalue(L, args);
        int n = run(c, s, 2);
        if (n >= 1 && !lua_isnil(L, args + 1)) {
            lua_Integer p = count_result(L, args + 1, GENIAL_HOOK_POINTS_MAX);
            if (p < 0)
                return bad_result(c, s,
                                  "score_placement must return nothing or the half's points, a "
                                  "whole number from 0 to %d; it returned %s%s",
                                  GENIAL_HOOK_POINTS_MAX,
                                  lua_type(L, args + 1) == LUA_TNUMBER ? "" : "a ",
                                  lua_type(L, args + 1) == LUA_TNUMBER
                                      ? lua_tostring(L, args + 1)
                                      : luaL_typename(L, args + 1));
            half->points = (int)p;
            lua_pushinteger(L, p);
            api_set(L, c->cache, args, API_POINTS);
        }
        lua_settop(L, args);
    }
    return 0;
}

/* on_bonus(game, bonus): each handler may set bonus.count (or return it). */
static int do_on_bonus(lua_State *L) {
    Ctx *c = enter(L);
    GenialBonus *b = c->data;
    api_push_bonus(L, c->cache, c->call->g, b);
    int args = lua_gettop(L);
    int hk = lowest_set(HOOK_ON_BONUS);
    for (int k = 0; k < c->h->nentries[hk]; k++) {
        int s = c->h->entry_script[hk][k];
        push_handler(c, hk, k);
        lua_pushvalue(L, c->game);
        lua_pushvalue(L, args);
        int n = run(c, s, 2);
        if (n >= 1 && !lua_isnil(L, args + 1)) {
            lua_pushvalue(L, args + 1);
            api_set(L, c->cache, args, API_COUNT);
        }
        lua_settop(L, args);
        api_get(L, c->cache, args, API_COUNT);
        lua_Integer v = count_result(L, -1, GENIAL_HOOK_BONUS_MAX);
        if (v < 0)
            return bad_result(c, s,
                              "bonus.count must be a whole number from 0 to %d, not %s%s",
                              GENIAL_HOOK_BONUS_MAX, lua_type(L, -1) == LUA_TNUMBER ? "" : "a ",
                              lua_type(L, -1) == LUA_TNUMBER ? lua_tostring(L, -1)
                                                             : luaL_typename(L, -1));
        b->count = (int)v;
        lua_settop(L, args);
    }
    return 0;
}

static PulStatus call_hook(ScriptHost *h, HookCall *call, int hook, lua_CFunction fn, void *data,
                           PulError *err) {
    /* By HOOK_* bit, in each family's order: no formatting on every call. */
    static const char *const what[] = {"in hook setup",       "in hook on_activate",
                                       "in hook after_action", "in hook score_group",
                                       "in hook final_scores", "in hook is_over"};
    static const char *const what_genial[] = {"in hook setup",        "in hook on_bonus",
                                              "in hook after_action", "in hook score_placement",
                                              "in hook final_scores", "in hook is_over"};
    bool genial = h && genial_is_family(h->prog->fam);
    Ctx c = {h, call, err, PUL_OK, 0, 0,
             (genial ? what_genial : what)[lowest_set((unsigned)hook)], data, 0, 0, -1};
    if (!h || !(h->hooks & (unsigned)hook)) return PUL_OK;
    call->hook = hook;
    return protect(&c, fn);
}

PulStatus script_setup(ScriptHost *h, HookCall *call, PulError *err) {
    return call_hook(h, call, HOOK_SETUP, do_setup, NULL, err);
}

PulStatus script_on_activate(ScriptHost *h, HookCall *call, MicropulActivation *act,
                             PulError *err) {
    if (h && !(h->activate_features >> act->feature & 1)) return PUL_OK;
    PulStatus st;
    if (h && (h->hooks & HOOK_ON_ACTIVATE) && activate_quick(h, call, act, err, &st)) return st;
    return call_hook(h, call, HOOK_ON_ACTIVATE, do_on_activate, act, err);
}

PulStatus script_after_action(ScriptHost *h, HookCall *call, const PulEvents *done,
                              PulError *err) {
    return call_hook(h, call, HOOK_AFTER_ACTION, do_after_action, (void *)done, err);
}

PulStatus script_score_group(ScriptHost *h, HookCall *call, MicropulGroup *grp, PulError *err) {
    return call_hook(h, call, HOOK_SCORE_GROUP, do_score_group, grp, err);
}

PulStatus script_score_placement(ScriptHost *h, HookCall *call, GenialHalf *half,
                                 PulError *err) {
    return call_hook(h, call, HOOK_SCORE_PLACEMENT, do_score_placement, half, err);
}

PulStatus script_on_bonus(ScriptHost *h, HookCall *call, GenialBonus *b, PulError *err) {
    return call_hook(h, call, HOOK_ON_BONUS, do_on_bonus, b, err);
}

PulStatus script_final_scores(ScriptHost *h, HookCall *call, int *scores, unsigned *winners,
                              PulError *err) {
    FinalArgs fa = {scores, winners};
    *winners = 0;
    return call_hook(h, call, HOOK_FINAL_SCORES, do_final_scores, &fa, err);
}

PulStatus script_is_over(ScriptHost *h, HookCall *call, bool *over, PulError *err) {
    *over = false;
    return call_hook(h, call, HOOK_IS_OVER, do_is_over, over, err);
}

unsigned script_hooks(const ScriptHost *h) { return h ? h->hooks : 0; }

uint32_t script_activate_features(const ScriptHost *h) { return h ? h->activate_features : 0; }

const PulError *script_last_error(const ScriptHost *h) { return h ? &h->last : NULL; }

size_t script_memory(const ScriptHost *h) { return h ? h->meter.in_use : 0; }

void script_host_set_cpu_limit(ScriptHost *h, int ms) {
    if (h) h->meter.cpu_limit_ms = ms;
}

/* -------------------------------------------------------------- sandbox */

static int open_sandbox(lua_State *L) {
    Ctx *c = lua_touserdata(L, 1);
    sandbox_open_libs(L);
    c->h->cache = api_open(L, &c->h->slot, NHOOKS * PUL_MAX_SCRIPTS);
    return 0;
}

/* -------------------------------------------------------------- loading */

typedef struct {
    int script;
    const char *text;
    size_t len;
} LoadArgs;

/* The smallest string key of the table at idx that is not in names, or
** NULL; *other is set when a key is not a string at all. */
static const char *unknown_key(lua_State *L, int idx, const char *const *names, int n,
                               const char **other) {
    const char *worst = NULL;
    *other = NULL;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) {
            *other = luaL_typename(L, -1);
            continue;
        }
        const char *k = lua_tostring(L, -1);
        bool known = false;
        for (int i = 0; i < n && !known; i++) known = names[i] && strcmp(k, names[i]) == 0;
        if (!known && (!worst || strcmp(k, worst) < 0)) worst = k; /* the table keeps it alive */
    }
    return worst;
}

/* Check an on_activate table at idx and turn it into a table keyed by
** feature index + 1 (left on the stack). */
static bool activate_table(Ctx *c, int s, int idx) {
    ScriptHost *h = c->h;
    lua_State *L = h->L;
    const PulTileSet *ts = &h->prog->ts;
    const char *names[PUL_MAX_FEATURES] = {NULL};
    lua_newtable(L);
    for (int f = 0; f < ts->nfeatures; f++) {
        if (raw_get(L, idx, ts->feature[f].name) == LUA_TNIL) {
            lua_pop(L, 1);
            continue;
        }
        if (ts->feature[f].cls != PUL_FEATURE_CATALYST) {
            char msg[200];
            snprintf(msg, sizeof msg,
                     "on_activate names '%s', which is not a catalyst (only "
                     "catalysts activate)",
                     ts->feature[f].name);
            c->status = call_failed(h, c->err, "script-error", s, 0, IN_HOOKS, msg);
            return false;
        }
        if (!lua_isfunction(L, -1)) {
            char msg[200];
            snprintf(msg, sizeof msg, "on_activate['%s'] must be a function, not a %s",
                     ts->feature[f].name, luaL_typename(L, -1));
            c->status = call_failed(h, c->err, "script-error", s, 0, IN_HOOKS, msg);
            return false;
        }
        names[f] = ts->feature[f].name;
        h->activate_features |= UINT32_C(1) << f;
        h->activate_hears[h->nentries[lowest_set(HOOK_ON_ACTIVATE)]] |= UINT32_C(1) << f;
        h->activate_defined[h->nentries[lowest_set(HOOK_ON_ACTIVATE)]][f] =
            line_defined(L, -1);
        lua_rawseti(L, -2, f + 1);
    }
    const char *other, *bad = unknown_key(L, idx, names, ts->nfeatures, &other);
    if (bad || other) {
        char msg[300], list[200] = "";
        size_t n = 0;
        for (int f = 0; f < ts->nfeatures; f++)
            if (ts->feature[f].cls == PUL_FEATURE_CATALYST) {
                int w =
                    snprintf(list + n, sizeof list - n, "%s%s", n ? ", " : "", ts->feature[f].name);
                if (w > 0 && (size_t)w < sizeof list - n) n += (size_t)w;
            }
        if (bad)
            snprintf(msg, sizeof msg,
                     "on_activate names '%s', which is not a feature of the tile set; its "
                     "catalysts are %s",
                     bad, list);
        else
            snprintf(msg, sizeof msg,
                     "on_activate has a %s key; key its functions by catalyst name (%s)", other,
                     list);
        c->status = call_failed(h, c->err, "script-error", s, 0, IN_HOOKS, msg);
        return false;
    }
    return true;
}

/* Take the hooks of script s from the table at idx. */
static bool take_hooks(Ctx *c, int s, int idx) {
    ScriptHost *h = c->h;
    lua_State *L = h->L;
    if (lua_type(L, idx) != LUA_TTABLE) {
        char msg[200];
        snprintf(msg, sizeof msg,
                 "a script must end by returning a table of hooks, like `return { setup = "
                 "function(game) ... end }`; this one returned %s",
                 lua_isnone(L, idx) ? "nothing" : luaL_typename(L, idx));
        c->status = call_failed(h, c->err, "script-error", s, 0, "while loading", msg);
        return false;
    }
    const char *hook_names[NHOOKS];
    hook_points_names(h->prog->fam, hook_names);
    /* Micropul's on_activate may be a table of handlers by catalyst. */
    int activate = h->prog->fam == &micropul_family ? lowest_set(HOOK_ON_ACTIVATE) : -1;
    const char *other, *bad = unknown_key(L, idx, hook_names, NHOOKS, &other);
    if (bad || other) {
        char msg[400], hint[128] = "", list[160] = "the hooks are";
        if (bad) {
            const char *close = suggest_pick(bad, strlen(bad), hook_names, NHOOKS);
            if (close) snprintf(hint, sizeof hint, "did you mean '%s'? ", close);
        }
        for (int k = 0; k < NHOOKS; k++) {
            size_t n = strlen(list);
            const char *sep = k == 0 ? "" : k == NHOOKS - 1 ? " and" : ",";
            snprintf(list + n, sizeof list - n, "%s %s", sep, hook_names[k]);
        }
        int line = 0;
        if (bad) {
            /* A hook of the other family is a script written for its editions. */
            const Family *fams[] = {&micropul_family, &genial_family}, *owner = NULL;
            for (size_t f = 0; f < sizeof fams / sizeof fams[0]; f++)
                for (int k = 0; k < fams[f]->nhooks && fams[f] != h->prog->fam; k++)
                    if (strcmp(fams[f]->hooks[k].name, bad) == 0) owner = fams[f];
            if (owner)
                snprintf(hint, sizeof hint, "it is a hook of family %s, and this edition is of "
                         "family %s; ", owner->name, h->prog->fam->name);
            /* Where a handler function is defined, its key is written too. */
            lua_Debug ar;
            if (raw_get(L, idx, bad) != LUA_TFUNCTION)
                lua_pop(L, 1);
            else if (lua_getinfo(L, ">S", &ar) && ar.linedefined > 0) /* pops it */
                line = ar.linedefined;
            snprintf(msg, sizeof msg, "unknown hook '%s'; %s%s", bad, hint, list);
        } else {
            snprintf(msg, sizeof msg, "a key of the table is a %s, not a hook name; %s", other,
                     list);
        }
        c->status = call_failed(h, c->err, "script-error", s, line, IN_HOOKS, msg);
        return false;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->cache);
    int all = lua_gettop(L);
    for (int k = 0; k < NHOOKS; k++) {
        int t = raw_get(L, idx, hook_names[k]);
        int v = lua_gettop(L);
        if (t == LUA_TNIL) {
            lua_pop(L, 1);
            continue;
        }
        if (k == activate && t == LUA_TTABLE) {
            if (!activate_table(c, s, v)) return false;
            lua_replace(L, v);
            uint32_t hears = h->activate_hears[h->nentries[k]];
            h->activate_keyed[h->nentries[k]] = true;
            if (hears && !(hears & (hears - 1))) {
                lua_rawgeti(L, v, lowest_set(hears) + 1);
                lua_replace(L, v);
            }
        } else if (t != LUA_TFUNCTION) {
            char msg[200];
            snprintf(msg, sizeof msg, "hook %s must be a function%s, not a %s", hook_names[k],
                     k == activate ? " or a table of functions by catalyst"
                                                       : "",
                     luaL_typename(L, v));
            c->status = call_failed(h, c->err, "script-error", s, 0, IN_HOOKS, msg);
            return false;
        } else if (k == activate) {
            for (int f = 0; f < h->prog->ts.nfeatures; f++)
                if (h->prog->ts.feature[f].cls == PUL_FEATURE_CATALYST) {
                    h->activate_features |= UINT32_C(1) << f;
                    h->activate_hears[h->nentries[k]] |= UINT32_C(1) << f;
                }
        }
        if (lua_type(L, v) == LUA_TFUNCTION && !(k == activate && h->activate_keyed[h->nentries[k]]))
            h->entry_defined[k][h->nentries[k]] = line_defined(L, v);
        lua_pushvalue(L, v);
        lua_rawseti(L, all, handler_slot(k, h->nentries[k]));
        h->entry_script[k][h->nentries[k]++] = s;
        h->hooks |= 1u << k;
        lua_settop(L, all);
    }
    lua_settop(L, all - 1);
    return true;
}

static int do_load(lua_State *L) {
    Ctx *c = lua_touserdata(L, 1);
    LoadArgs *a = c->data;
    ScriptHost *h = c->h;
    int base = lua_gettop(L);
    bool late = false;
    int st = sandbox_load_text(L, a->text, a->len, h->prog->source[a->script], &late);
    if (st != LUA_OK || late) {
        int script = a->script, line = 0;
        char buf[400];
        const char *code = "script-syntax", *what = "syntax error", *msg;
        if (late || h->meter.late) {
            code = "script-budget";
            what = "while loading";
            msg = meter_stop_message(&h->meter, buf, sizeof buf);
        } else if (st == LUA_ERRMEM) {
            code = "script-memory";
            what = "while loading";
            msg = meter_memory_message(&h->meter, buf, sizeof buf);
        } else {
            msg = lua_tostring(L, -1);
            msg = strip_position(h, msg ? msg : "cannot load", &script, &line);
        }
        c->status = call_failed(h, c->err, code, a->script, line, what, msg);
        return 0;
    }
    c->defined = 0; /* the chunk itself */
    run(c, a->script, 0);
    if (lua_gettop(L) > base + 1) lua_settop(L, base + 1);
    take_hooks(c, a->script, base + 1);
    return 0;
}

/* The file's bytes, from mem_alloc, or NULL with err filled. */
static char *read_script(const char *path, size_t *len, PulError *err) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        err_setc(err, errno == ENOENT ? "missing-file" : "unreadable", path, 0, 0,
                 "cannot open the script: %s", strerror(errno));
        return NULL;
    }
    char *buf = mem_alloc(SCRIPT_MAX_BYTES + 1);
    if (!buf) {
        fclose(f);
        err_setc(err, "out-of-memory", path, 0, 0, "out of memory reading the script");
        return NULL;
    }
    size_t n = fread(buf, 1, SCRIPT_MAX_BYTES + 1, f);
    bool failed = ferror(f);
    fclose(f);
    if (failed) {
        mem_free(buf);
        err_setc(err, "unreadable", path, 0, 0, "cannot read the script");
        return NULL;
    }
    if (n > SCRIPT_MAX_BYTES) {
        mem_free(buf);
        err_setc(err, "too-large", path, 0, 0,
                 "the script is larger than %u KiB; a rule script should be short",
                 SCRIPT_MAX_BYTES >> 10);
        return NULL;
    }
    *len = n;
    return buf;
}

/* A program with info's scripts and no text read yet. */
static ScriptProgram *program_alloc(const PulVariantInfo *info, const Family *fam,
                                    const PulTileSet *ts, PulError *err) {
    ScriptProgram *p = mem_calloc(1, sizeof *p);
    if (!p) {
        err_setc(err, "out-of-memory", NULL, 0, 0, "out of memory creating the Lua state");
        return NULL;
    }
    p->fam = fam;
    if (ts) p->ts = *ts;
    p->nscripts = info->nscripts < PUL_MAX_SCRIPTS ? info->nscripts : PUL_MAX_SCRIPTS;
    for (int i = 0; i < p->nscripts; i++) {
        snprintf(p->path[i], sizeof p->path[i], "%s", info->script[i]);
        const char *slash = strrchr(info->script[i], '/');
        snprintf(p->source[i], sizeof p->source[i], "@%s", slash ? slash + 1 : info->script[i]);
    }
    return p;
}

static void program_free(void *program) {
    ScriptProgram *p = program;
    if (!p) return;
    for (int i = 0; i < p->nscripts; i++) mem_free(p->text[i]);
    mem_free(p);
}

/* A state running p's scripts in order. A text p has not read yet is read
** from its file, then kept in keep (the program being loaded) or dropped;
** own, when not NULL, is freed with the state. */
static ScriptHost *host_open(const ScriptProgram *p, ScriptProgram *keep, ScriptProgram *own,
                             PulError *err) {
    ScriptHost *h = mem_calloc(1, sizeof *h);
    if (!h) {
        program_free(own);
        err_setc(err, "out-of-memory", NULL, 0, 0, "out of memory creating the Lua state");
        return NULL;
    }
    h->prog = p;
    h->owned = own;
    h->meter.owner = h;
    h->meter.on_refuse = on_refuse;
    h->slot.meter = &h->meter;
    h->L = meter_open(&h->meter);
    if (!h->L) {
        script_host_free(h);
        err_setc(err, "out-of-memory", NULL, 0, 0, "out of memory creating the Lua state");
        return NULL;
    }
    Ctx c = {h, NULL, err, PUL_OK, 0, 0, "while opening the sandbox", NULL, 0, 0, -1};
    PulStatus st = protect(&c, open_sandbox);
    for (int i = 0; i < p->nscripts && st == PUL_OK; i++) {
        LoadArgs a = {i, p->text[i], p->len[i]};
        char *read = NULL;
        if (!a.text) {
            a.text = read = read_script(p->path[i], &a.len, err);
            if (!read) {
                st = PUL_ERR_IO;
                break;
            }
        }
        c.what = "while loading";
        c.data = &a;
        st = protect(&c, do_load);
        if (read && keep) {
            keep->text[i] = read;
            keep->len[i] = a.len;
        } else {
            mem_free(read);
        }
    }
    if (st != PUL_OK) {
        script_host_free(h);
        return NULL;
    }
    err_clear(&h->last);
    return h;
}

ScriptHost *script_host_new(const PulVariantInfo *info, const PulTileSet *ts, PulError *err) {
    return script_host_new_for(&micropul_family, info, ts, err);
}

ScriptHost *script_host_new_for(const Family *fam, const PulVariantInfo *info,
                                const PulTileSet *ts, PulError *err) {
    ScriptProgram *p = program_alloc(info, fam, ts, err);
    return p ? host_open(p, NULL, p, err) : NULL;
}

void script_host_free(ScriptHost *h) {
    if (!h) return;
    if (h->L) lua_close(h->L);
    program_free(h->owned);
    mem_free(h);
}

/* ------------------------------------------------------------- programs */

ScriptHost *script_state_of(PulGame *g, PulError *err) {
    GameEnv *env = game_env(g);
    if (!env->script) {
        /* The first hook call on this object: its own state, from the texts
        ** the program read at load (no file is read again). */
        env->script = host_open(pul_game_variant(g)->program, NULL, NULL, err);
        if (!env->script && err) err->status = PUL_ERR_SCRIPT;
    }
    return env->script;
}

/* The hooks table's entries: each finds the game object's state. */
static PulStatus hook_setup(HookCall *c, PulError *err) {
    ScriptHost *h = script_state_of(c->g, err);
    return h ? script_setup(h, c, err) : PUL_ERR_SCRIPT;
}

static PulStatus hook_on_activate(HookCall *c, MicropulActivation *act, PulError *err) {
    ScriptHost *h = script_state_of(c->g, err);
    return h ? script_on_activate(h, c, act, err) : PUL_ERR_SCRIPT;
}

static PulStatus hook_after_action(HookCall *c, const PulEvents *done, PulError *err) {
    ScriptHost *h = script_state_of(c->g, err);
    return h ? script_after_action(h, c, done, err) : PUL_ERR_SCRIPT;
}

static PulStatus hook_score_group(HookCall *c, MicropulGroup *grp, PulError *err) {
    ScriptHost *h = script_state_of(c->g, err);
    return h ? script_score_group(h, c, grp, err) : PUL_ERR_SCRIPT;
}

static PulStatus hook_final_scores(HookCall *c, int *scores, unsigned *winners, PulError *err) {
    ScriptHost *h = script_state_of(c->g, err);
    return h ? script_final_scores(h, c, scores, winners, err) : PUL_ERR_SCRIPT;
}

static PulStatus hook_is_over(HookCall *c, bool *over, PulError *err) {
    ScriptHost *h = script_state_of(c->g, err);
    return h ? script_is_over(h, c, over, err) : PUL_ERR_SCRIPT;
}

static PulStatus hook_score_placement(HookCall *c, GenialHalf *half, PulError *err) {
    ScriptHost *h = script_state_of(c->g, err);
    return h ? script_score_placement(h, c, half, err) : PUL_ERR_SCRIPT;
}

static PulStatus hook_on_bonus(HookCall *c, GenialBonus *b, PulError *err) {
    ScriptHost *h = script_state_of(c->g, err);
    return h ? script_on_bonus(h, c, b, err) : PUL_ERR_SCRIPT;
}

/* The slots (micropul.h) of tile t in rotation r that show a catalyst of
** the features hear: what activate fires there is heard (MicropulHooks.heard). */
static uint8_t heard_slots(const PulTileSet *ts, int t, int r, uint32_t hear) {
    const PulTileDef *d = &ts->tile[t];
    if (d->big) return d->centre < 32 && (hear >> d->centre & 1) ? 0xFF : 0;
    uint8_t quad[4];
    pul_tileset_rotated(ts, t, r, quad);
    unsigned bits = 0;
    for (int i = 0; i < 8; i++) {
        int f = quad[slot_quad[i]];
        if (f < 32 && (hear >> f & 1)) bits |= 1u << i;
    }
    return (uint8_t)bits;
}

ScriptProgram *script_program_new(const PulVariantInfo *info, const PulTileSet *ts, PulError *err) {
    return script_program_new_for(&micropul_family, info, ts, err);
}

ScriptProgram *script_program_new_for(const Family *fam, const PulVariantInfo *info,
                                      const PulTileSet *ts, PulError *err) {
    ScriptProgram *p = program_alloc(info, fam, ts, err);
    if (!p) return NULL;
    /* The probe reads the texts into p and checks them as every state will
    ** run them: what it learns of the hooks is what each state would. */
    ScriptHost *probe = host_open(p, p, NULL, err);
    if (!probe) {
        program_free(p);
        return NULL;
    }
    MicropulHooks *t = &p->hooks;
    t->defined = probe->hooks;
    t->activate_features = probe->activate_features;
    for (int k = 0; k < p->ts.ntiles && k < PUL_MAX_TILES; k++)
        for (int r = 0; r < 4; r++) t->heard[k][r] = heard_slots(&p->ts, k, r, t->activate_features);
    t->setup = t->defined & HOOK_SETUP ? hook_setup : NULL;
    t->on_activate = t->defined & HOOK_ON_ACTIVATE ? hook_on_activate : NULL;
    t->after_action = t->defined & HOOK_AFTER_ACTION ? hook_after_action : NULL;
    t->score_group = t->defined & HOOK_SCORE_GROUP ? hook_score_group : NULL;
    t->final_scores = t->defined & HOOK_FINAL_SCORES ? hook_final_scores : NULL;
    t->is_over = t->defined & HOOK_IS_OVER ? hook_is_over : NULL;
    GenialHooks *gt = &p->genial;
    gt->defined = probe->hooks;
    gt->setup = t->setup;
    gt->after_action = t->after_action;
    gt->final_scores = t->final_scores;
    gt->is_over = t->is_over;
    gt->score_placement = gt->defined & HOOK_SCORE_PLACEMENT ? hook_score_placement : NULL;
    gt->on_bonus = gt->defined & HOOK_ON_BONUS ? hook_on_bonus : NULL;
    if (fam != &micropul_family) {
        /* Micropul's table names points this family does not have. */
        t->on_activate = NULL;
        t->score_group = NULL;
    }
    script_host_free(probe);
    return p;
}

const MicropulHooks *script_program_hooks(const ScriptProgram *p) { return &p->hooks; }

const void *script_program_table(const ScriptProgram *p) {
    return genial_is_family(p->fam) ? (const void *)&p->genial : (const void *)&p->hooks;
}

static void state_free(void *state) { script_host_free(state); }
static const PulError *state_error(const void *state) { return script_last_error(state); }
static size_t state_memory(const void *state) { return script_memory(state); }

const ScriptOps script_ops = {state_free, state_error, state_memory, program_free};
