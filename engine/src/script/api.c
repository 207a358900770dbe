/*
** api.c: the `game` object rule scripts receive, and the tables each
** hook gets as arguments. Seats are 1-based in Lua, tile ids 0-based as in
** PMN records, quadrants and features by name. scripts/README.md documents
** every function here for modders; keep the two in step.
**
** A game object is a small userdata naming the host's call slot and the
** call it was made for; once that call returns, each use is a Lua error.
** The functions that act (draw, extra_turn, reveal, set_rule, random) check
** what the running hook's point allows (hooked.h), since scoring hooks must
** not change the game.
*/
#include <limits.h>
#include <string.h>

#include <lauxlib.h>

#include "api.h"
#include "genial_state.h"
#include "meter.h"
#include "suggest.h"

#define GAME_META "pul.game"

/* The game object is a light userdata holding the number of the call it was
** made in: pushing one allocates nothing, and one kept past its call holds
** an older number than the slot's. Scripts cannot make light userdata, so
** all of them share this metatable. The methods reach the slot through
** their upvalue. */
static GameSlot *slot_of(lua_State *L) { return lua_touserdata(L, lua_upvalueindex(1)); }

static void *game_value(uint64_t serial) { return (void *)(uintptr_t)serial; }

/* The cache's slots of the argument tables reused from call to call, and
** of the setters of the two that hooks get most often. */
enum { ACTIVATION_SLOT = 1, GROUP_SLOT, STONES_SLOT, HALF_SLOT, BONUS_SLOT, SET_ACTIVATION_SLOT,
       SET_HALF_SLOT };
_Static_assert((int)SET_HALF_SLOT < (int)API_CACHE_KEYS, "the tables' slots come before the keys");

/* The setters of the activation and the half, in Lua: the VM sets a field
** with a constant key for a fraction of what a set through the C API costs
** (which finds the key again and checks the stack at each call), and every
** call sets all the fields. Trusted code: it cannot loop, and it runs no
** script code, since the table's metatable is dropped first (each set is
** then raw). It runs between a hook's metered runs. */
static const char setters[] =
    "return function(t, seat, feature, x, y, quad, draw, extra_turn)\n"
    "  t.seat = seat; t.feature = feature; t.x = x; t.y = y; t.quad = quad\n"
    "  t.draw = draw; t.extra_turn = extra_turn\n"
    "end, function(t, seat, half, symbol, q, r, points)\n"
    "  t.seat = seat; t.half = half; t.symbol = symbol; t.q = q; t.r = r; t.points = points\n"
    "end\n";

/* The fields' names, in ApiKey order. */
static const char *const key_names[API_NKEYS] = {
    "seat", "feature", "x",      "y",    "quad", "draw", "extra_turn", "colour", "size",
    "stones", "owner", "points", "half", "symbol", "q",  "r",          "count"};

static const char *const quad_names[5] = {"nw", "ne", "sw", "se", "centre"};
static const char *const class_names[3] = {"blank", "micropul", "catalyst"};
static const char *const event_names[] = {"placed",    "took",         "claimed",    "passed",
                                          "activated", "drew",         "extra_turn", "merged",
                                          "closed",    "turn_skipped", "game_over",  "revealed",
                                          "scored",    "bonus",        "bonus_lost", "refilled",
                                          "swapped",   "returned"};
enum { NEVENT_NAMES = (int)(sizeof event_names / sizeof event_names[0]) };

_Static_assert(NEVENT_NAMES == PUL_EV_RETURNED + 1, "a name for every event kind");

/* The family's hook point of a HOOK_* bit (what a hook there may do), or NULL. */
static const HookPoint *hook_point(const Family *fam, int hook) {
    /* Hook k has bit 1 << k (host.c checks each family's table at load). */
    int k = hook > 0 ? lowest_set((unsigned)hook) : fam->nhooks;
    return k < fam->nhooks && fam->hooks[k].bit == (unsigned)hook ? &fam->hooks[k] : NULL;
}

const char *api_hook_name(const Family *fam, int hook) {
    const HookPoint *p = hook_point(fam, hook);
    return p ? p->name : "?";
}

const char *api_quad_name(int quad) {
    return quad >= 0 && quad <= PUL_CENTRE ? quad_names[quad] : "?";
}

/* ------------------------------------------------------------ arguments */

/* The call a method runs in; raises a Lua error for anything but a live
** game object as the first argument. */
static HookCall *check_game(lua_State *L, const char *fn) {
    /* Each function is bounded by the game's size; it is charged like a
    ** library call (meter.h), the tables it builds by the allocator. */
    GameSlot *slot = slot_of(L);
    meter_charge_to(slot->meter, L, METER_CALL);
    /* The live object is the light userdata of the call's number (1 on),
    ** never a block's address: one read tells it from anything else. */
    if (PUL_LIKELY(slot->call != NULL) && lua_touserdata(L, 1) == game_value(slot->serial))
        return slot->call;
    if (lua_type(L, 1) != LUA_TLIGHTUSERDATA)
        luaL_error(L, "game:%s: call it with a colon, as game:%s(...), on the game a hook received",
                   fn, fn);
    if (!slot->call || lua_touserdata(L, 1) != game_value(slot->serial))
        luaL_error(L,
                   "game:%s: this game object belongs to a hook call that has returned; use "
                   "the game passed to the hook now running (do not keep it in a variable)",
                   fn);
    return slot->call;
}

/* may: a HOOK_MAY_* bit, which the running hook's point must give. */
static void check_may(lua_State *L, const HookCall *call, unsigned may, const char *fn) {
    const Family *fam = call->g->fam;
    const HookPoint *running = hook_point(fam, call->hook);
    if (running && (running->may & may)) return;
    char where[96] = "";
    size_t n = 0;
    for (int k = 0; k < fam->nhooks; k++)
        if (fam->hooks[k].may & may) {
            int w = snprintf(where + n, sizeof where - n, "%s%s", n ? ", " : "",
                             fam->hooks[k].name);
            if (w > 0 && (size_t)w < sizeof where - n) n += (size_t)w;
        }
    luaL_error(L, "game:%s is not allowed in %s (only in %s)", fn,
               api_hook_name(fam, call->hook), where);
}

/* A 1-based seat argument, returned 0-based. */
static int check_seat(lua_State *L, const HookCall *call, int arg, const char *fn) {
    int isint = 0;
    lua_Integer s = lua_tointegerx(L, arg, &isint);
    if (!isint) s = luaL_checkinteger(L, arg); /* raises its own message */
    int n = call->g->nseats;
    if (s < 1 || s > n)
        luaL_error(L, "game:%s: seat %I is out of range; this game has seats 1 to %d", fn,
                   (LUAI_UACINT)s, n);
    return (int)(s - 1);
}

static int check_quad(lua_State *L, int arg, const char *fn) {
    const char *q = luaL_checkstring(L, arg);
    for (int i = 0; i < 4; i++)
        if (strcmp(q, quad_names[i]) == 0) return i;
    return luaL_error(L, "game:%s: quadrant '%s' is not one of nw, ne, sw, se", fn, q);
}

/* A coordinate, or false when it lies outside what a board can reach. */
static bool opt_coord(lua_State *L, int arg, int32_t *out) {
    lua_Integer v = luaL_checkinteger(L, arg);
    if (v < INT32_MIN || v > INT32_MAX) return false;
    *out = (int32_t)v;
    return true;
}

static const PulTileSet *tileset(const HookCall *call) { return pul_variant_tileset(call->g->v); }

/* The functions that read a tile set are for the families that have one. */
static const PulTileSet *need_tileset(lua_State *L, const HookCall *call, const char *fn) {
    const PulTileSet *ts = tileset(call);
    if (!ts)
        luaL_error(L, "game:%s is for editions with a tile set; this one is of family %s", fn,
                   call->g->fam->name);
    return ts;
}

static int find_feature(const PulTileSet *ts, const char *name) {
    for (int f = 0; f < ts->nfeatures; f++)
        if (strcmp(ts->feature[f].name, name) == 0) return f;
    return -1;
}

/* "; did you mean 'x'?" when one candidate is close, else "". */
static const char *did_you_mean(char *buf, size_t size, const char *word, const char *const *cand,
                                int n) {
    const char *best = suggest_pick(word, strlen(word), cand, n);
    if (!best) return "";
    snprintf(buf, size, "; did you mean '%s'?", best);
    return buf;
}

/* The game's rule parameters (its family's FamilyParams) and its rules. */
static const FamilyParams *params_of(const HookCall *call) { return call->g->fam->params; }
static void *rules_of(const HookCall *call) {
    return (char *)call->g + params_of(call)->in_game;
}

static int check_rule(lua_State *L, const HookCall *call, int arg, const char *fn) {
    const FamilyParams *fp = params_of(call);
    const char *name = luaL_checkstring(L, arg);
    for (int i = 0; i < fp->n; i++)
        if (strcmp(fp->param(i)->name, name) == 0) return i;
    const char *names[64];
    int n = fp->n;
    if (n > 64) n = 64;
    for (int k = 0; k < n; k++) names[k] = fp->param(k)->name;
    char hint[80];
    return luaL_error(L,
                      "game:%s: no rule named '%s'%s (the rules are listed in variants/README.md)",
                      fn, name, did_you_mean(hint, sizeof hint, name, names, n));
}

/* ------------------------------------------------------- small builders */

static void set_int(lua_State *L, const char *key, lua_Integer v) {
    lua_pushinteger(L, v);
    lua_setfield(L, -2, key);
}

static void set_str(lua_State *L, const char *key, const char *v) {
    lua_pushstring(L, v);
    lua_setfield(L, -2, key);
}

static void set_bool(lua_State *L, const char *key, bool v) {
    lua_pushboolean(L, v);
    lua_setfield(L, -2, key);
}

/* A seat field: 1-based, or absent (nil) for -1. */
static void set_seat(lua_State *L, const char *key, int seat) {
    if (seat >= 0) set_int(L, key, seat + 1);
}

static void push_tile_ids(lua_State *L, const uint8_t *ids, int n) {
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushinteger(L, ids[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

void api_push_ints(lua_State *L, const int *values, int n) {
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushinteger(L, values[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

static void push_rule_value(lua_State *L, const HookCall *call, int i, int value) {
    const PulParamInfo *p = params_of(call)->param(i);
    if (p->type == PUL_PARAM_BOOL)
        lua_pushboolean(L, value);
    else if (p->type == PUL_PARAM_ENUM)
        lua_pushstring(L, p->words[value]);
    else
        lua_pushinteger(L, value);
}

/* ---------------------------------------------------------- read access */

static int g_seats(lua_State *L) {
    lua_pushinteger(L, check_game(L, "seats")->g->nseats);
    return 1;
}

static int g_to_move(lua_State *L) {
    lua_pushinteger(L, pul_game_to_move(check_game(L, "to_move")->g) + 1);
    return 1;
}

static int g_in_extra_turn(lua_State *L) {
    lua_pushboolean(L, pul_game_in_extra_turn(check_game(L, "in_extra_turn")->g));
    return 1;
}

static int g_turns(lua_State *L) {
    lua_pushinteger(L, pul_game_turns(check_game(L, "turns")->g));
    return 1;
}

static int g_hand(lua_State *L) {
    HookCall *call = check_game(L, "hand");
    int seat = check_seat(L, call, 2, "hand");
    uint8_t ids[PUL_MAX_HAND];
    int n = pul_game_hand(call->g, seat, ids, PUL_MAX_HAND);
    push_tile_ids(L, ids, n);
    return 1;
}

static int g_supply_size(lua_State *L) {
    HookCall *call = check_game(L, "supply_size");
    lua_pushinteger(L, pul_game_supply(call->g, check_seat(L, call, 2, "supply_size"), NULL, 0));
    return 1;
}

static int g_known(lua_State *L) {
    HookCall *call = check_game(L, "known");
    int seat = check_seat(L, call, 2, "known");
    uint8_t supply[PUL_MAX_TILES], ids[PUL_MAX_TILES];
    int n = pul_game_supply(call->g, seat, supply, PUL_MAX_TILES), k = 0;
    for (int i = 0; i < n; i++)
        if (pul_game_knows(call->g, seat, supply[i])) ids[k++] = supply[i];
    push_tile_ids(L, ids, k);
    return 1;
}

static int g_core_size(lua_State *L) {
    lua_pushinteger(L, pul_game_core_count(check_game(L, "core_size")->g));
    return 1;
}

static int g_stones_left(lua_State *L) {
    HookCall *call = check_game(L, "stones_left");
    lua_pushinteger(L, pul_game_stones(call->g, check_seat(L, call, 2, "stones_left")));
    return 1;
}

static int g_rule(lua_State *L) {
    HookCall *call = check_game(L, "rule");
    int i = check_rule(L, call, 2, "rule");
    push_rule_value(L, call, i, params_of(call)->get(rules_of(call), i));
    return 1;
}

static int g_rules(lua_State *L) {
    HookCall *call = check_game(L, "rules");
    const FamilyParams *fp = params_of(call);
    const void *r = rules_of(call);
    lua_createtable(L, 0, fp->n);
    for (int i = 0; i < fp->n; i++) {
        push_rule_value(L, call, i, fp->get(r, i));
        lua_setfield(L, -2, fp->param(i)->name);
    }
    return 1;
}

static int g_tile(lua_State *L) {
    HookCall *call = check_game(L, "tile");
    const PulTileSet *ts = need_tileset(L, call, "tile");
    lua_Integer id = luaL_checkinteger(L, 2);
    if (id < 0 || id >= ts->ntiles)
        return luaL_error(L, "game:tile: tile id %I is out of range; the tile set has ids 0 to %d",
                          (LUAI_UACINT)id, ts->ntiles - 1);
    const PulTileDef *t = &ts->tile[id];
    lua_createtable(L, 0, 3);
    lua_createtable(L, 4, 0);
    for (int q = 0; q < 4; q++) {
        lua_pushstring(L, ts->feature[t->quad[q]].name);
        lua_rawseti(L, -2, q + 1);
    }
    lua_setfield(L, -2, "quads");
    set_bool(L, "big", t->big);
    if (t->big) set_str(L, "centre", ts->feature[t->centre].name);
    return 1;
}

static int g_feature(lua_State *L) {
    HookCall *call = check_game(L, "feature");
    const PulTileSet *ts = need_tileset(L, call, "feature");
    const char *name = luaL_checkstring(L, 2);
    int f = find_feature(ts, name);
    if (f < 0) {
        const char *names[PUL_MAX_FEATURES];
        for (int k = 0; k < ts->nfeatures; k++) names[k] = ts->feature[k].name;
        char hint[80];
        return luaL_error(L, "game:feature: the tile set has no feature '%s'%s", name,
                          did_you_mean(hint, sizeof hint, name, names, ts->nfeatures));
    }
    const PulFeature *ft = &ts->feature[f];
    lua_createtable(L, 0, 4);
    set_str(L, "name", ft->name);
    set_str(L, "class", ft->cls < 3 ? class_names[ft->cls] : "?");
    set_int(L, "draw", ft->draw);
    set_bool(L, "extra_turn", ft->extra_turn);
    return 1;
}

/* ----------------------------------------------------- Genial's reads */

/* Symbol i's name in the game's symbol set. */
static const char *symbol_name(const PulGame *g, int i) {
    const PulSymbolSet *ss = pul_variant_symbols(g->v);
    return ss && i >= 0 && i < ss->nsymbols ? ss->symbol[i].name : "?";
}

static void need_genial(lua_State *L, const HookCall *call, const char *fn) {
    if (!genial_is_family(call->g->fam))
        luaL_error(L, "game:%s is for Einfach Genial editions; this one is of family %s", fn,
                   call->g->fam->name);
}

/* Genial's cell: the symbol's name, false when empty, nil out of play. */
static int genial_cell(lua_State *L, const HookCall *call) {
    int32_t q = 0, r = 0;
    bool in_q = opt_coord(L, 2, &q), in_r = opt_coord(L, 3, &r);
    int c = in_q && in_r ? pul_genial_cell(call->g, q, r) : -2;
    if (c == -2) lua_pushnil(L);
    else if (c < 0) lua_pushboolean(L, 0);
    else lua_pushstring(L, symbol_name(call->g, c));
    return 1;
}

static int g_tracks(lua_State *L) {
    HookCall *call = check_game(L, "tracks");
    need_genial(L, call, "tracks");
    int seat = check_seat(L, call, 2, "tracks");
    int t[PUL_GENIAL_MAX_SYMBOLS];
    int n = pul_genial_tracks(call->g, seat, t, PUL_GENIAL_MAX_SYMBOLS);
    lua_createtable(L, 0, n);
    for (int i = 0; i < n; i++) set_int(L, symbol_name(call->g, i), t[i]);
    return 1;
}

static int g_rack(lua_State *L) {
    HookCall *call = check_game(L, "rack");
    need_genial(L, call, "rack");
    /* Only the seat the hook runs for: a script cannot see another's rack. */
    if (call->seat < 0)
        return luaL_error(L, "game:rack: no seat's turn runs in %s, so there is no rack to see",
                          api_hook_name(call->g->fam, call->hook));
    uint8_t kinds[PUL_GENIAL_RACK_MAX];
    int n = pul_genial_rack(call->g, call->seat, kinds, PUL_GENIAL_RACK_MAX);
    const PulSymbolSet *ss = pul_variant_symbols(call->g->v);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_createtable(L, 0, 3);
        set_int(L, "kind", kinds[i]);
        set_str(L, "a", symbol_name(call->g, ss->kind[kinds[i]].a));
        set_str(L, "b", symbol_name(call->g, ss->kind[kinds[i]].b));
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int g_bag(lua_State *L) {
    HookCall *call = check_game(L, "bag");
    need_genial(L, call, "bag");
    lua_pushinteger(L, pul_genial_bag(call->g));
    return 1;
}

static int g_team(lua_State *L) {
    HookCall *call = check_game(L, "team");
    int seat = check_seat(L, call, 2, "team");
    lua_pushinteger(L, pul_game_team(call->g, seat) + 1);
    return 1;
}

static int g_cell(lua_State *L) {
    HookCall *call = check_game(L, "cell");
    if (genial_is_family(call->g->fam)) return genial_cell(L, call);
    int32_t x = 0, y = 0;
    int tile, rot;
    bool in_x = opt_coord(L, 2, &x), in_y = opt_coord(L, 3, &y);
    if (!in_x || !in_y || !pul_game_cell(call->g, x, y, &tile, &rot)) {
        lua_pushnil(L);
        return 1;
    }
    const PulTileSet *ts = tileset(call);
    uint8_t quad[4];
    pul_tileset_rotated(ts, tile, rot, quad);
    lua_createtable(L, 0, 4);
    set_int(L, "tile", tile);
    set_int(L, "rot", rot);
    lua_createtable(L, 0, 4);
    for (int q = 0; q < 4; q++) set_str(L, quad_names[q], ts->feature[quad[q]].name);
    lua_setfield(L, -2, "quads");
    if (ts->tile[tile].big) set_str(L, "centre", ts->feature[ts->tile[tile].centre].name);
    return 1;
}

static int g_placed(lua_State *L) {
    HookCall *call = check_game(L, "placed");
    PulPlaced placed[PUL_MAX_TILES];
    int n = pul_game_placed(call->g, placed, PUL_MAX_TILES);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_createtable(L, 0, 4);
        set_int(L, "tile", placed[i].tile);
        set_int(L, "rot", placed[i].rot);
        set_int(L, "x", placed[i].x);
        set_int(L, "y", placed[i].y);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int g_group(lua_State *L) {
    HookCall *call = check_game(L, "group");
    need_tileset(L, call, "group");
    int32_t x = 0, y = 0;
    bool in_x = opt_coord(L, 2, &x), in_y = opt_coord(L, 3, &y);
    int quad = check_quad(L, 4, "group");
    PulGroupInfo gi;
    if (!in_x || !in_y || !pul_game_group(call->g, x, y, quad, &gi)) {
        lua_pushnil(L);
        return 1;
    }
    lua_createtable(L, 0, 6);
    set_str(L, "colour", tileset(call)->feature[gi.colour].name);
    set_int(L, "size", gi.size);
    set_int(L, "points", gi.points);
    set_int(L, "stones", gi.stones);
    lua_createtable(L, 2, 0);
    for (int s = 0, k = 0; s < call->g->nseats; s++)
        if (gi.owners >> s & 1) {
            lua_pushinteger(L, s + 1);
            lua_rawseti(L, -2, ++k);
        }
    lua_setfield(L, -2, "owners");
    set_bool(L, "closed", gi.closed);
    return 1;
}

static int g_scores(lua_State *L) {
    HookCall *call = check_game(L, "scores");
    int scores[PUL_MAX_SEATS];
    pul_game_scores(call->g, scores, PUL_MAX_SEATS);
    api_push_ints(L, scores, call->g->nseats);
    return 1;
}

/* -------------------------------------------------------------- actions */

static int g_draw(lua_State *L) {
    HookCall *call = check_game(L, "draw");
    check_may(L, call, HOOK_MAY_ACT, "draw");
    int seat = check_seat(L, call, 2, "draw");
    lua_Integer n = luaL_checkinteger(L, 3);
    if (n < 0 || n > PUL_MAX_TILES)
        return luaL_error(L, "game:draw: cannot draw %I tiles; give a count from 0 to %d",
                          (LUAI_UACINT)n, PUL_MAX_TILES);
    lua_pushinteger(L, hooked_draw(call, seat, (int)n));
    return 1;
}

static int g_extra_turn(lua_State *L) {
    HookCall *call = check_game(L, "extra_turn");
    check_may(L, call, HOOK_MAY_ACT, "extra_turn");
    hooked_extra_turn(call);
    return 0;
}

static int g_reveal(lua_State *L) {
    HookCall *call = check_game(L, "reveal");
    check_may(L, call, HOOK_MAY_ACT, "reveal");
    int t = hooked_reveal(call, check_seat(L, call, 2, "reveal"));
    if (t < 0)
        lua_pushnil(L);
    else
        lua_pushinteger(L, t);
    return 1;
}

/* The value of set_rule's argument for parameter p, as pul_rules_set takes it. */
static int rule_value(lua_State *L, int arg, const PulParamInfo *p) {
    if (p->type == PUL_PARAM_BOOL) {
        if (lua_type(L, arg) != LUA_TBOOLEAN)
            luaL_error(L, "game:set_rule: %s takes true or false, not a %s", p->name,
                       luaL_typename(L, arg));
        return lua_toboolean(L, arg);
    }
    if (p->type == PUL_PARAM_ENUM) {
        const char *w = lua_type(L, arg) == LUA_TSTRING ? lua_tostring(L, arg) : NULL;
        char list[128] = "";
        size_t n = 0;
        for (int k = 0; p->words[k]; k++) {
            if (w && strcmp(w, p->words[k]) == 0) return k;
            int c = snprintf(list + n, sizeof list - n, "%s%s", k ? ", " : "", p->words[k]);
            if (c > 0 && (size_t)c < sizeof list - n) n += (size_t)c;
        }
        if (w) luaL_error(L, "game:set_rule: %s takes one of %s, not '%s'", p->name, list, w);
        luaL_error(L, "game:set_rule: %s takes one of %s, not a %s", p->name, list,
                   luaL_typename(L, arg));
    }
    int isint = 0;
    lua_Integer v = lua_tointegerx(L, arg, &isint);
    if (!isint || lua_type(L, arg) != LUA_TNUMBER)
        luaL_error(L, "game:set_rule: %s takes a whole number from %d to %d, not a %s", p->name,
                   p->min, p->max, luaL_typename(L, arg));
    if (v < p->min || v > p->max)
        luaL_error(L, "game:set_rule: %s must be from %d to %d, not %I", p->name, p->min, p->max,
                   (LUAI_UACINT)v);
    return (int)v;
}

static int g_set_rule(lua_State *L) {
    HookCall *call = check_game(L, "set_rule");
    check_may(L, call, HOOK_MAY_SET_RULE, "set_rule");
    int i = check_rule(L, call, 2, "set_rule");
    luaL_checkany(L, 3);
    int value = rule_value(L, 3, params_of(call)->param(i));
    PulError err;
    PulStatus st = call->hook != HOOK_SETUP
                       ? err_setc(&err, "script-error", NULL, 0, 0,
                                  "rules can be changed in the setup hook only")
                       : params_of(call)->set(rules_of(call), i, value, &err);
    if (st != PUL_OK)
        return luaL_error(L, "game:set_rule: %s", err.message);
    return 0;
}

static int g_random(lua_State *L) {
    HookCall *call = check_game(L, "random");
    check_may(L, call, HOOK_MAY_RANDOM, "random");
    lua_Integer n = luaL_checkinteger(L, 2);
    if (n < 1 || (uint64_t)n > UINT32_MAX)
        return luaL_error(L, "game:random: n is %I; give a whole number from 1 to %I",
                          (LUAI_UACINT)n, (LUAI_UACINT)UINT32_MAX);
    lua_pushinteger(L, (lua_Integer)hooked_random(call, (uint32_t)n) + 1);
    return 1;
}

/* --------------------------------------------------------------- object */

static int g_tostring(lua_State *L) {
    GameSlot *slot = slot_of(L);
    luaL_checktype(L, 1, LUA_TLIGHTUSERDATA);
    bool live = slot->call && lua_touserdata(L, 1) == game_value(slot->serial);
    lua_pushstring(L, live ? "pul.game" : "pul.game (expired: its hook call has returned)");
    return 1;
}

static int g_missing(lua_State *L) {
    const char *key = lua_tostring(L, 2);
    return luaL_error(L, "the game object has no function '%s' (see scripts/README.md)",
                      key ? key : luaL_typename(L, 2));
}

static const luaL_Reg methods[] = {
    {"seats", g_seats},
    {"to_move", g_to_move},
    {"in_extra_turn", g_in_extra_turn},
    {"turns", g_turns},
    {"hand", g_hand},
    {"supply_size", g_supply_size},
    {"known", g_known},
    {"core_size", g_core_size},
    {"stones_left", g_stones_left},
    {"rule", g_rule},
    {"rules", g_rules},
    {"tile", g_tile},
    {"feature", g_feature},
    {"cell", g_cell},
    {"placed", g_placed},
    {"group", g_group},
    {"scores", g_scores},
    {"tracks", g_tracks},
    {"rack", g_rack},
    {"bag", g_bag},
    {"team", g_team},
    {"draw", g_draw},
    {"extra_turn", g_extra_turn},
    {"reveal", g_reveal},
    {"set_rule", g_set_rule},
    {"random", g_random},
    {NULL, NULL},
};

int api_open(lua_State *L, GameSlot *slot, int extra) {
    luaL_newmetatable(L, GAME_META);
    luaL_newlibtable(L, methods);
    lua_pushlightuserdata(L, slot);
    luaL_setfuncs(L, methods, 1);
    /* An unknown name is an error, not nil, so game:drw(...) says what is wrong. */
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, g_missing);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    lua_setfield(L, -2, "__index");
    lua_pushlightuserdata(L, slot);
    lua_pushcclosure(L, g_tostring, 1);
    lua_setfield(L, -2, "__tostring");
    lua_pushliteral(L, GAME_META);
    lua_setfield(L, -2, "__metatable"); /* scripts cannot reach or change the methods */
    lua_pushlightuserdata(L, NULL);
    lua_insert(L, -2);
    lua_setmetatable(L, -2); /* every light userdata's: the game objects' */
    lua_pop(L, 1);
    /* Sized whole at once, so every slot lives in the array part: setting one
    ** later never reshapes the table (nor allocates). */
    int size = API_CACHE_HANDLERS - 1 + extra;
    lua_createtable(L, size, 0);
    for (int i = 1; i <= size; i++) {
        if (i >= API_CACHE_KEYS && i < API_CACHE_QUADS)
            lua_pushstring(L, key_names[i - API_CACHE_KEYS]);
        else if (i >= API_CACHE_QUADS && i < API_CACHE_NAMES)
            lua_pushstring(L, quad_names[i - API_CACHE_QUADS]);
        else
            lua_pushboolean(L, 0); /* empty, but not a hole */
        lua_rawseti(L, -2, i);
    }
    if (luaL_loadbufferx(L, setters, sizeof setters - 1, "=pul", "t") != LUA_OK) lua_error(L);
    lua_call(L, 0, 2);
    lua_rawseti(L, -3, SET_HALF_SLOT);
    lua_rawseti(L, -2, SET_ACTIVATION_SLOT);
    return luaL_ref(L, LUA_REGISTRYINDEX);
}

void api_push_game(lua_State *L, GameSlot *slot) {
    lua_pushlightuserdata(L, game_value(slot->serial));
}

void api_push_key(lua_State *L, int cache, ApiKey key) {
    lua_rawgeti(L, cache, API_CACHE_KEYS + (int)key);
}

int api_get(lua_State *L, int cache, int t, ApiKey key) {
    t = lua_absindex(L, t);
    lua_rawgeti(L, cache, API_CACHE_KEYS + (int)key);
    return lua_rawget(L, t);
}

void api_set(lua_State *L, int cache, int t, ApiKey key) {
    t = lua_absindex(L, t);
    lua_rawgeti(L, cache, API_CACHE_KEYS + (int)key);
    lua_insert(L, -2);
    lua_rawset(L, t);
}

/* The argument table kept in the cache's slot, made at the first call (so
** only then may this allocate), pushed. A script may have kept it and
** changed it since, or given it a metatable: the metatable is dropped here,
** and the builders set every field the engine gives, absent ones to nil. */
static void push_reused(lua_State *L, int cache, int slot, int nfields) {
    if (lua_rawgeti(L, cache, slot) == LUA_TTABLE) {
        if (lua_getmetatable(L, -1)) {
            lua_pop(L, 1);
            lua_pushnil(L);
            lua_setmetatable(L, -2);
        }
        return;
    }
    lua_pop(L, 1);
    lua_createtable(L, 0, nfields);
    lua_pushvalue(L, -1);
    lua_rawseti(L, cache, slot);
}

/* Setters of the table on top, the key taken from the cache: raw, so no
** script code runs, and no name is looked up in C. */
static void put_int(lua_State *L, int cache, ApiKey key, lua_Integer v) {
    lua_rawgeti(L, cache, API_CACHE_KEYS + (int)key);
    lua_pushinteger(L, v);
    lua_rawset(L, -3);
}

/* Push a seat: 1-based, or nil for -1. */
static void push_seat(lua_State *L, int seat) {
    if (seat >= 0)
        lua_pushinteger(L, seat + 1);
    else
        lua_pushnil(L);
}

static void put_seat(lua_State *L, int cache, ApiKey key, int seat) {
    lua_rawgeti(L, cache, API_CACHE_KEYS + (int)key);
    push_seat(L, seat);
    lua_rawset(L, -3);
}

static void push_quad(lua_State *L, int cache, int quad) {
    if (quad >= 0 && quad <= PUL_CENTRE)
        lua_rawgeti(L, cache, API_CACHE_QUADS + quad);
    else
        lua_pushliteral(L, "?");
}

static void put_quad(lua_State *L, int cache, int quad) {
    lua_rawgeti(L, cache, API_CACHE_KEYS + API_QUAD);
    push_quad(L, cache, quad);
    lua_rawset(L, -3);
}

/* Push feature (or symbol) i's name, kept in the cache from its first use:
** a state serves the games of one variant, so i names one thing throughout. */
static void push_name(lua_State *L, int cache, int i, const char *name) {
    if (i < 0 || i >= PUL_MAX_FEATURES) {
        lua_pushstring(L, name);
    } else if (lua_rawgeti(L, cache, API_CACHE_NAMES + i) != LUA_TSTRING) {
        lua_pop(L, 1);
        lua_pushstring(L, name);
        lua_pushvalue(L, -1);
        lua_rawseti(L, cache, API_CACHE_NAMES + i);
    }
}

static void put_name(lua_State *L, int cache, ApiKey key, int i, const char *name) {
    lua_rawgeti(L, cache, API_CACHE_KEYS + (int)key);
    push_name(L, cache, i, name);
    lua_rawset(L, -3);
}

/* ------------------------------------------------------ hook arguments */

void api_push_activation(lua_State *L, int cache, const HookCall *call,
                         const MicropulActivation *act) {
    const PulTileSet *ts = tileset(call);
    push_reused(L, cache, ACTIVATION_SLOT, 7);
    lua_rawgeti(L, cache, SET_ACTIVATION_SLOT);
    lua_pushvalue(L, -2);
    push_seat(L, call->seat);
    bool known = act->feature >= 0 && act->feature < ts->nfeatures;
    push_name(L, cache, known ? act->feature : -1, known ? ts->feature[act->feature].name : "?");
    lua_pushinteger(L, act->x);
    lua_pushinteger(L, act->y);
    push_quad(L, cache, act->quad);
    lua_pushinteger(L, act->draw);
    lua_pushboolean(L, act->extra_turn);
    lua_call(L, 8, 0);
}

bool api_push_activation_quick(lua_State *L, int cache, const HookCall *call,
                               const MicropulActivation *act) {
    int f = act->feature;
    /* The table and the feature's name are made at the first call that
    ** needs them (api_push_activation): until then, the caller takes that
    ** path, which may allocate. */
    if (f < 0 || f >= PUL_MAX_FEATURES || f >= tileset(call)->nfeatures) return false;
    if (lua_rawgeti(L, cache, ACTIVATION_SLOT) != LUA_TTABLE) {
        lua_pop(L, 1);
        return false;
    }
    if (lua_rawgeti(L, cache, API_CACHE_NAMES + f) != LUA_TSTRING) {
        lua_pop(L, 2);
        return false;
    }
    lua_pop(L, 1);
    if (lua_getmetatable(L, -1)) {
        lua_pop(L, 1);
        lua_pushnil(L);
        lua_setmetatable(L, -2);
    }
    lua_rawgeti(L, cache, SET_ACTIVATION_SLOT);
    lua_pushvalue(L, -2);
    push_seat(L, call->seat);
    lua_rawgeti(L, cache, API_CACHE_NAMES + f);
    lua_pushinteger(L, act->x);
    lua_pushinteger(L, act->y);
    push_quad(L, cache, act->quad);
    lua_pushinteger(L, act->draw);
    lua_pushboolean(L, act->extra_turn);
    return true;
}

/* A Genial event's fields (pul.h's PulEventKind says where each is). */
static void push_genial_event(lua_State *L, const PulGame *g, const PulEvent *e) {
    switch (e->kind) {
    case PUL_EV_SCORED:
        set_int(L, "q", e->x);
        set_int(L, "r", e->y);
        set_str(L, "symbol", symbol_name(g, e->feature));
        set_int(L, "half", e->quad + 1);
        set_int(L, "points", e->count);
        set_int(L, "track", e->value);
        set_int(L, "reached", e->tile);
        break;
    case PUL_EV_BONUS:
    case PUL_EV_BONUS_LOST:
    case PUL_EV_REFILLED:
    case PUL_EV_SWAPPED: set_int(L, "count", e->count); break;
    case PUL_EV_DREW:
    case PUL_EV_RETURNED: set_int(L, "tile", e->tile); break;
    case PUL_EV_GAME_OVER: set_str(L, "value", pul_end_reason_code((PulEndReason)e->value)); break;
    default: break;
    }
}

static void push_event(lua_State *L, const PulGame *g, const PulTileSet *ts, const PulEvent *e) {
    lua_createtable(L, 0, 8);
    set_str(L, "kind", e->kind < NEVENT_NAMES ? event_names[e->kind] : "?");
    set_seat(L, "seat", e->seat);
    if (genial_is_family(g->fam)) {
        /* "kind" names the event: a placed tile's kind is "tile", as in Micropul. */
        if (e->kind == PUL_EV_PLACED) {
            set_int(L, "tile", e->tile);
            set_int(L, "dir", e->rot);
            set_int(L, "flip", e->quad);
            set_int(L, "q", e->x);
            set_int(L, "r", e->y);
        } else {
            push_genial_event(L, g, e);
        }
        return;
    }
    switch (e->kind) {
    case PUL_EV_PLACED:
        set_int(L, "tile", e->tile);
        set_int(L, "rot", e->rot);
        set_int(L, "x", e->x);
        set_int(L, "y", e->y);
        break;
    case PUL_EV_TOOK:
    case PUL_EV_REVEALED: set_int(L, "tile", e->tile); break;
    case PUL_EV_CLAIMED:
        set_int(L, "x", e->x);
        set_int(L, "y", e->y);
        set_str(L, "quad", api_quad_name(e->quad));
        break;
    case PUL_EV_ACTIVATED:
        set_int(L, "x", e->x);
        set_int(L, "y", e->y);
        set_str(L, "quad", api_quad_name(e->quad));
        set_int(L, "tile", e->tile);
        set_str(L, "feature", e->feature < ts->nfeatures ? ts->feature[e->feature].name : "?");
        set_int(L, "draw", e->count);
        set_bool(L, "extra_turn", e->value != 0);
        break;
    case PUL_EV_DREW: set_int(L, "count", e->count); break;
    case PUL_EV_MERGED:
        set_int(L, "x", e->x);
        set_int(L, "y", e->y);
        set_str(L, "quad", api_quad_name(e->quad));
        set_int(L, "count", e->count);
        set_int(L, "value", e->value);
        break;
    case PUL_EV_CLOSED:
        set_int(L, "x", e->x);
        set_int(L, "y", e->y);
        set_str(L, "quad", api_quad_name(e->quad));
        set_int(L, "count", e->count);
        set_seat(L, "owner", e->value);
        break;
    case PUL_EV_GAME_OVER: set_str(L, "value", pul_end_reason_code((PulEndReason)e->value)); break;
    default: break;
    }
}

void api_push_events(lua_State *L, const PulGame *g, const PulEvents *ev, int n) {
    const PulTileSet *ts = pul_variant_tileset(g->v);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        push_event(L, g, ts, &ev->ev[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

void api_push_group(lua_State *L, int cache, const PulGame *g, const MicropulGroup *grp) {
    const PulTileSet *ts = pul_variant_tileset(g->v);
    push_reused(L, cache, GROUP_SLOT, 8);
    bool known = grp->colour >= 0 && grp->colour < ts->nfeatures;
    put_name(L, cache, API_COLOUR, known ? grp->colour : -1,
             known ? ts->feature[grp->colour].name : "?");
    put_int(L, cache, API_SIZE, grp->size);
    api_push_key(L, cache, API_STONES);
    push_reused(L, cache, STONES_SLOT, 0);
    for (int i = 0; i < PUL_MAX_SEATS; i++) {
        if (i < g->nseats)
            lua_pushinteger(L, grp->stones[i]);
        else
            lua_pushnil(L);
        lua_rawseti(L, -2, i + 1);
    }
    lua_rawset(L, -3);
    put_int(L, cache, API_X, grp->x);
    put_int(L, cache, API_Y, grp->y);
    put_quad(L, cache, grp->quad);
    put_seat(L, cache, API_OWNER, grp->owner);
    put_int(L, cache, API_POINTS, grp->points);
}

/* Push symbol i's name, for the tables of Genial's hooks. */
static void push_symbol(lua_State *L, int cache, const PulGame *g, int i) {
    const PulSymbolSet *ss = pul_variant_symbols(g->v);
    bool known = ss && i >= 0 && i < ss->nsymbols;
    push_name(L, cache, known ? i : -1, known ? ss->symbol[i].name : "?");
}

void api_push_half(lua_State *L, int cache, const PulGame *g, const GenialHalf *half) {
    push_reused(L, cache, HALF_SLOT, 6);
    lua_rawgeti(L, cache, SET_HALF_SLOT);
    lua_pushvalue(L, -2);
    push_seat(L, half->seat);
    lua_pushinteger(L, half->half + 1);
    push_symbol(L, cache, g, half->symbol);
    lua_pushinteger(L, half->q);
    lua_pushinteger(L, half->r);
    lua_pushinteger(L, half->points);
    lua_call(L, 7, 0);
}

void api_push_bonus(lua_State *L, int cache, const PulGame *g, const GenialBonus *b) {
    push_reused(L, cache, BONUS_SLOT, 3);
    put_seat(L, cache, API_SEAT, b->seat);
    lua_rawgeti(L, cache, API_CACHE_KEYS + API_SYMBOL);
    push_symbol(L, cache, g, b->symbol);
    lua_rawset(L, -3);
    put_int(L, cache, API_COUNT, b->count);
}
