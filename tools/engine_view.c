/*
** engine_view.c: pul engine's replies that show a game or an edition: the
** editions, what one seat sees, the moves of the seat to move, the theme and
** the SVG of a position. What a seat sees comes from its observation alone.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_int.h"
#include "render.h"

static const char *const QUADS[4] = {"nw", "ne", "sw", "se"};
static const char *const DIRS[6] = {"e", "se", "sw", "w", "nw", "ne"};
/* PMN.md's directions in axial (q, r): the second cell of a Genial tile. */
static const int DIR_QR[6][2] = {{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}};

static bool is_genial(const PulVariant *v) { return pul_variant_board(v) != NULL; }

static void put_langs(JsonBuf *j, const char *key, const char *const text[PUL_NLANGS]) {
    json_key(j, key);
    json_open(j, '{');
    for (int l = 0; l < PUL_NLANGS; l++) json_kstr(j, pul_lang_code(l), text[l]);
    json_close(j);
}

/* An array of numbers; key NULL inside an array. */
static void put_ints(JsonBuf *j, const char *key, const int *v, int n) {
    if (key) json_key(j, key);
    json_open(j, '[');
    for (int i = 0; i < n; i++) json_int(j, v[i]);
    json_close(j);
}

/* A Genial kind as its two letters: "rg". */
static void kind_text(const PulVariant *v, int kind, char out[3]) {
    const PulSymbolSet *ss = pul_variant_symbols(v);
    out[0] = out[1] = '?';
    out[2] = '\0';
    if (!ss || kind < 0 || kind >= ss->nkinds) return;
    out[0] = ss->symbol[ss->kind[kind].a].letter;
    out[1] = ss->symbol[ss->kind[kind].b].letter;
}

static void put_kinds(JsonBuf *j, const PulVariant *v, const char *key, const int *kinds, int n) {
    json_key(j, key);
    json_open(j, '[');
    for (int i = 0; i < n; i++) {
        char k[3];
        kind_text(v, kinds[i], k);
        json_str(j, k);
    }
    json_close(j);
}

/* ------------------------------------------------------------ variants */

typedef struct {
    Engine *e;
    char seen[64][PUL_NAME_MAX]; /* names listed, so a shadowed one is left out */
    int nseen;
} VariantList;

static bool list_one(const char *name, const char *dir, void *ud) {
    (void)dir;
    VariantList *l = ud;
    for (int i = 0; i < l->nseen; i++)
        if (!strcmp(l->seen[i], name)) return true;
    if (l->nseen < 64) snprintf(l->seen[l->nseen++], PUL_NAME_MAX, "%s", name);
    JsonBuf *j = &l->e->out;
    PulError err;
    memset(&err, 0, sizeof err);
    PulVariant *v = pul_variant_open(name, l->e->search_dirs, &err);
    json_open(j, '{');
    json_kstr(j, "id", name);
    if (!v) {
        /* Listed, so that a modder sees why their edition cannot be played. */
        char msg[1024];
        json_kstr(j, "error", pul_error_format(&err, msg, sizeof msg));
        json_close(j);
        return true;
    }
    json_kstr(j, "family", pul_variant_family(v));
    const char *titles[PUL_NLANGS];
    for (int k = 0; k < PUL_NLANGS; k++) titles[k] = pul_variant_title(v, k);
    put_langs(j, "title", titles);
    int min, max;
    pul_variant_players(v, &min, &max);
    json_key(j, "seats");
    json_open(j, '[');
    for (int s = min; s <= max; s++) json_int(j, s);
    json_close(j);
    json_kbool(j, "theme", pul_variant_theme(v) != NULL);
    json_kbool(j, "scripts", pul_variant_has_scripts(v));
    json_close(j);
    pul_variant_free(v);
    return true;
}

void engine_cmd_variants(Engine *e, EngineArgs *a) {
    const char *w;
    size_t n;
    if (engine_arg_next(a, &w, &n)) {
        engine_fail(e, "variants", "bad_argument", "variants takes no argument");
        return;
    }
    VariantList *l = calloc(1, sizeof *l);
    if (!l) {
        engine_fail(e, "variants", "out_of_memory", "the engine ran out of memory");
        return;
    }
    l->e = e;
    engine_ok(e, "variants");
    json_key(&e->out, "variants");
    json_open(&e->out, '[');
    pul_variant_list(e->search_dirs, list_one, l);
    json_close(&e->out);
    json_close(&e->out);
    free(l);
}

/* ------------------------------------------------------------ a seat's view */

/* A game built from seat's observation alone: the tiles it cannot see dealt
** in a fixed order. Scores and pictures come from it, so nothing hidden from
** the seat can reach them. */
static bool seat_game(Engine *e, const char *cmd, int seat, PulObservation *obs) {
    pul_observe(e->g, seat, obs);
    PulError err;
    memset(&err, 0, sizeof err);
    if (pul_game_from_observation(e->view, obs, NULL, &err) == PUL_OK) return true;
    char msg[1024];
    engine_fail(e, cmd, "internal", "%s", pul_error_format(&err, msg, sizeof msg));
    return false;
}

static void state_micropul(JsonBuf *j, const PulObservation *o) {
    json_kbool(j, "extra_turn", o->extra_turn);
    json_kint(j, "core", o->core_count);
    put_ints(j, "hands", o->hand_count, o->nseats);
    put_ints(j, "supplies", o->supply_count, o->nseats);
    put_ints(j, "stones_left", o->stones_left, o->nseats);
    put_ints(j, "hand", o->hand, o->hand_count[o->seat]);
    put_ints(j, "known", o->known, o->nknown);
    json_key(j, "board");
    json_open(j, '[');
    for (int i = 0; i < o->nplaced; i++) {
        json_open(j, '{');
        json_kint(j, "tile", o->placed[i].tile);
        json_kint(j, "rot", o->placed[i].rot);
        json_kint(j, "x", o->placed[i].x);
        json_kint(j, "y", o->placed[i].y);
        json_close(j);
    }
    json_close(j);
    json_key(j, "stones");
    json_open(j, '[');
    for (int i = 0; i < o->nstones; i++) {
        json_open(j, '{');
        json_kint(j, "x", o->stones[i].x);
        json_kint(j, "y", o->stones[i].y);
        json_kstr(j, "quad", QUADS[o->stones[i].quad & 3]);
        json_kint(j, "seat", o->stones[i].seat + 1);
        json_close(j);
    }
    json_close(j);
}

static void state_genial(JsonBuf *j, const PulVariant *v, const PulObservation *o) {
    static const char *const PHASES[3] = {"place", "bonus", "refill"};
    int phase = o->genial.phase;
    json_kstr(j, "phase", phase >= 0 && phase < 3 ? PHASES[phase] : "?");
    json_kint(j, "bonus_owed", o->genial.bonus_owed);
    json_kint(j, "bag", o->genial.bag_count);
    put_ints(j, "racks", o->genial.rack_count, o->nseats);
    put_kinds(j, v, "rack", o->genial.rack, o->genial.rack_count[o->seat]);
    const PulSymbolSet *ss = pul_variant_symbols(v);
    json_key(j, "tracks");
    json_open(j, '[');
    for (int s = 0; s < o->nseats; s++) put_ints(j, NULL, o->genial.tracks[s], ss->nsymbols);
    json_close(j);
    json_key(j, "board");
    json_open(j, '[');
    for (int i = 0; i < o->genial.nplaced; i++) {
        const PulGenialPlaced *p = &o->genial.placed[i];
        char k[3];
        kind_text(v, p->kind, k);
        const PulKind *kd = &ss->kind[p->kind];
        int first = p->flip ? kd->b : kd->a, second = p->flip ? kd->a : kd->b;
        json_open(j, '{');
        json_kstr(j, "kind", k);
        json_kint(j, "q", p->q);
        json_kint(j, "r", p->r);
        json_kstr(j, "dir", DIRS[p->dir % 6]);
        json_kint(j, "q2", p->q + DIR_QR[p->dir % 6][0]);
        json_kint(j, "r2", p->r + DIR_QR[p->dir % 6][1]);
        char a[2] = {ss->symbol[first].letter, 0}, b[2] = {ss->symbol[second].letter, 0};
        json_kstr(j, "first", a);
        json_kstr(j, "second", b);
        json_close(j);
    }
    json_close(j);
}

/* Once over, what each seat's score is made of (an end screen's table); the
** parts add up to the seat's score. Nothing hidden remains at the end. */
static void state_breakdown(JsonBuf *j, const PulGame *g, int nseats) {
    static const char *const PARTS[] = {"groups", "supply", "hand", "scripts", "lowest_track"};
    json_key(j, "breakdown");
    json_open(j, '[');
    for (int s = 0; s < nseats; s++) {
        PulScorePart p[PUL_SCORE_PARTS_MAX];
        int n = pul_game_score_parts(g, s, p, PUL_SCORE_PARTS_MAX);
        if (n > PUL_SCORE_PARTS_MAX) n = PUL_SCORE_PARTS_MAX;
        json_open(j, '[');
        for (int i = 0; i < n; i++) {
            bool known = p[i].kind >= 0 && p[i].kind < (int)(sizeof PARTS / sizeof *PARTS);
            json_open(j, '{');
            json_kstr(j, "part", known ? PARTS[p[i].kind] : "other");
            json_kint(j, "count", p[i].count);
            json_kint(j, "points", p[i].points);
            json_close(j);
        }
        json_close(j);
    }
    json_close(j);
}

void engine_cmd_state(Engine *e, EngineArgs *a) {
    if (!engine_need_game(e, "state")) return;
    int seat;
    if (!engine_seat_arg(e, "state", a, &seat, NULL, NULL)) return;
    PulObservation *o = malloc(sizeof *o);
    if (!o) {
        engine_fail(e, "state", "out_of_memory", "the engine ran out of memory");
        return;
    }
    if (!seat_game(e, "state", seat, o)) {
        free(o);
        return;
    }
    JsonBuf *j = &e->out;
    engine_ok(e, "state");
    json_kstr(j, "variant", pul_variant_name(e->v));
    json_kstr(j, "family", pul_variant_family(e->v));
    json_kint(j, "seat", seat + 1);
    json_kint(j, "seats", o->nseats);
    json_kint(j, "to_move", o->to_move + 1);
    json_kbool(j, "over", o->over);
    json_kstr(j, "reason", pul_end_reason_code(o->end_reason));
    json_kint(j, "turns", o->turns);
    int scores[PUL_MAX_SEATS], n = pul_game_scores(e->view, scores, PUL_MAX_SEATS);
    put_ints(j, "scores", scores, n);
    if (o->over) {
        int w[PUL_MAX_SEATS], nw = pul_game_winners(e->view, w, PUL_MAX_SEATS);
        for (int i = 0; i < nw; i++) w[i]++;
        put_ints(j, "winners", w, nw);
        state_breakdown(j, e->view, o->nseats);
    }
    if (is_genial(e->v))
        state_genial(j, e->v, o);
    else
        state_micropul(j, o);
    json_close(j);
    free(o);
}

/* ------------------------------------------------------------ validmoves */

/* The engine lists placements tile by tile but not grouped: the first entry
** of a tile opens its group, the first of a (tile, cell) its cell. */
static bool first_of_tile(const PulAction *L, int i) {
    for (int k = 0; k < i; k++)
        if (L[k].kind == PUL_PLACE && L[k].tile == L[i].tile) return false;
    return true;
}
/* L[c] is the first placement of its tile on its cell since L[from]. */
static bool first_of_cell(const PulAction *L, int from, int c) {
    for (int k = from; k < c; k++)
        if (L[k].kind == PUL_PLACE && L[k].tile == L[c].tile && L[k].x == L[c].x && L[k].y == L[c].y)
            return false;
    return true;
}

/* What a Micropul move would score the mover: the scores after it on a
** copy, less the scores now. False (no points given) when the edition has
** scripts, whose hooks would run per candidate, or when it is refused. */
static bool trial_points(Engine *e, const PulAction *a, int *points) {
    if (pul_variant_has_scripts(e->v)) return false;
    int seat = pul_game_to_move(e->g), before[PUL_MAX_SEATS], after[PUL_MAX_SEATS];
    pul_game_scores(e->g, before, PUL_MAX_SEATS);
    pul_game_copy(e->scratch, e->g);
    if (pul_apply(e->scratch, a, NULL) != PUL_LEGAL) return false;
    pul_game_scores(e->scratch, after, PUL_MAX_SEATS);
    *points = after[seat] - before[seat];
    return true;
}

/* Every quadrant of the group with that id, for a front end's outline: the
** engine's grouping, so a board never re-derives which micropuls connect. */
static void group_quads(JsonBuf *j, const PulGame *g, int id) {
    PulPlaced placed[PUL_MAX_TILES];
    int n = pul_game_placed(g, placed, PUL_MAX_TILES);
    if (n > PUL_MAX_TILES) n = PUL_MAX_TILES;
    json_key(j, "quads");
    json_open(j, '[');
    for (int i = 0; i < n; i++) {
        for (int q = 0; q < 4; q++) {
            PulGroupInfo gi;
            if (!pul_game_group(g, placed[i].x, placed[i].y, q, &gi) || gi.id != id) continue;
            json_open(j, '{');
            json_kint(j, "x", placed[i].x);
            json_kint(j, "y", placed[i].y);
            json_kstr(j, "quad", QUADS[q]);
            json_close(j);
        }
    }
    json_close(j);
}

static void moves_micropul(Engine *e, int n) {
    JsonBuf *j = &e->out;
    const PulAction *L = e->legal;
    const PulTileSet *ts = pul_variant_tileset(e->v);
    char text[64];
    json_key(j, "tiles");
    json_open(j, '[');
    /* Tiles in the order the engine lists them, then each one's cells. */
    for (int i = 0; i < n; i++) {
        if (L[i].kind != PUL_PLACE || !first_of_tile(L, i)) continue;
        json_open(j, '{');
        json_kint(j, "tile", L[i].tile);
        json_key(j, "cells");
        json_open(j, '[');
        for (int c = i; c < n; c++) {
            if (L[c].kind != PUL_PLACE || L[c].tile != L[i].tile || !first_of_cell(L, i, c)) continue;
            json_open(j, '{');
            json_kint(j, "x", L[c].x);
            json_kint(j, "y", L[c].y);
            json_key(j, "rots");
            json_open(j, '[');
            /* Every rotation the rules allow there, twins of one layout included,
            ** so a front end can turn the tile through them all. */
            for (int r = 0; r < 4; r++) {
                PulAction t = L[c];
                t.rot = (uint8_t)r;
                if (ts->tile[t.tile].big && r > 0) break;
                if (pul_check(e->g, &t) != PUL_LEGAL) continue;
                json_open(j, '{');
                json_kint(j, "rot", r);
                engine_move_text(e->v, &t, text, sizeof text);
                json_kstr(j, "move", text);
                int pts;
                if (trial_points(e, &t, &pts)) json_kint(j, "points", pts);
                json_close(j);
            }
            json_close(j);
            json_close(j);
        }
        json_close(j);
        json_close(j);
    }
    json_close(j);
    json_key(j, "claims");
    json_open(j, '[');
    for (int i = 0; i < n; i++) {
        if (L[i].kind != PUL_CLAIM) continue;
        json_open(j, '{');
        json_kint(j, "x", L[i].x);
        json_kint(j, "y", L[i].y);
        json_kstr(j, "quad", QUADS[L[i].quad & 3]);
        engine_move_text(e->v, &L[i], text, sizeof text);
        json_kstr(j, "move", text);
        PulGroupInfo gi;
        if (pul_game_group(e->g, L[i].x, L[i].y, L[i].quad, &gi)) {
            json_kint(j, "size", gi.size);
            json_kbool(j, "closed", gi.closed);
            json_kstr(j, "colour", gi.colour >= 0 && gi.colour < ts->nfeatures
                                       ? ts->feature[gi.colour].name
                                       : "");
            group_quads(j, e->g, gi.id);
        }
        json_close(j);
    }
    json_close(j);
    json_key(j, "takes");
    json_open(j, '[');
    for (int i = 0; i < n; i++) {
        if (L[i].kind != PUL_TAKE) continue;
        engine_move_text(e->v, &L[i], text, sizeof text);
        json_str(j, text);
    }
    json_close(j);
    bool pass = false;
    for (int i = 0; i < n; i++) pass |= L[i].kind == PUL_PASS;
    json_kbool(j, "pass", pass);
}

static void moves_genial(Engine *e, int n) {
    JsonBuf *j = &e->out;
    const PulAction *L = e->legal;
    const PulSymbolSet *ss = pul_variant_symbols(e->v);
    char text[64];
    json_key(j, "kinds");
    json_open(j, '[');
    for (int i = 0; i < n; i++) {
        if (L[i].kind != PUL_PLACE || !first_of_tile(L, i)) continue;
        char kt[3];
        kind_text(e->v, L[i].tile, kt);
        json_open(j, '{');
        json_kstr(j, "kind", kt);
        json_key(j, "cells");
        json_open(j, '[');
        for (int c = i; c < n; c++) {
            if (L[c].kind != PUL_PLACE || L[c].tile != L[i].tile || !first_of_cell(L, i, c)) continue;
            json_open(j, '{');
            json_kint(j, "q", L[c].x);
            json_kint(j, "r", L[c].y);
            json_key(j, "orients");
            json_open(j, '[');
            for (int o = c; o < n; o++) {
                const PulAction *t = &L[o];
                if (t->kind != PUL_PLACE || t->tile != L[c].tile || t->x != L[c].x ||
                    t->y != L[c].y)
                    continue;
                const PulKind *kd = &ss->kind[t->tile];
                int first = t->quad ? kd->b : kd->a, second = t->quad ? kd->a : kd->b;
                char fa[2] = {ss->symbol[first].letter, 0}, sb[2] = {ss->symbol[second].letter, 0};
                json_open(j, '{');
                json_kstr(j, "dir", DIRS[t->rot % 6]);
                json_kint(j, "q2", t->x + DIR_QR[t->rot % 6][0]);
                json_kint(j, "r2", t->y + DIR_QR[t->rot % 6][1]);
                json_kstr(j, "first", fa);
                json_kstr(j, "second", sb);
                engine_move_text(e->v, t, text, sizeof text);
                json_kstr(j, "move", text);
                int pts[2];
                if (pul_genial_points(e->g, t, pts)) put_ints(j, "points", pts, 2);
                json_close(j);
            }
            json_close(j);
            json_close(j);
        }
        json_close(j);
        json_close(j);
    }
    json_close(j);
    bool refill = false, swap = false;
    for (int i = 0; i < n; i++) {
        refill |= L[i].kind == PUL_REFILL;
        swap |= L[i].kind == PUL_SWAP;
    }
    json_kbool(j, "refill", refill);
    json_kbool(j, "swap", swap);
}

void engine_cmd_validmoves(Engine *e, EngineArgs *a) {
    if (!engine_need_game(e, "validmoves")) return;
    const char *w;
    size_t wn;
    if (engine_arg_next(a, &w, &wn)) {
        engine_fail(e, "validmoves", "bad_argument",
                    "validmoves takes no argument: it lists the moves of the seat to move");
        return;
    }
    int n = pul_game_over(e->g) ? 0 : pul_legal_actions(e->g, e->legal, PUL_MAX_ACTIONS);
    if (n > PUL_MAX_ACTIONS) n = PUL_MAX_ACTIONS;
    engine_ok(e, "validmoves");
    json_kstr(&e->out, "family", pul_variant_family(e->v));
    json_kint(&e->out, "seat", pul_game_to_move(e->g) + 1);
    json_kint(&e->out, "count", n);
    if (is_genial(e->v))
        moves_genial(e, n);
    else
        moves_micropul(e, n);
    json_close(&e->out);
}

/* ------------------------------------------------------------ theme */

static void put_entry(JsonBuf *j, const PulThemeEntry *t) {
    json_kstr(j, "key", t->key);
    const char *names[PUL_NLANGS];
    for (int l = 0; l < PUL_NLANGS; l++) names[l] = t->name[l];
    put_langs(j, "name", names);
    json_kstr(j, "glyph", t->glyph);
    json_kstr(j, "colour", t->colour);
    json_kstr(j, "art", t->art);
}

static void theme_pieces(JsonBuf *j, const PulVariant *v) {
    if (is_genial(v)) {
        const PulSymbolSet *ss = pul_variant_symbols(v);
        const PulBoard *b = pul_variant_board(v);
        json_key(j, "kinds");
        json_open(j, '[');
        for (int k = 0; k < ss->nkinds; k++) {
            char kt[3];
            kind_text(v, k, kt);
            json_open(j, '{');
            json_kstr(j, "kind", kt);
            json_kint(j, "count", ss->kind[k].count);
            json_close(j);
        }
        json_close(j);
        json_key(j, "board");
        json_open(j, '{');
        json_kint(j, "radius", b->radius);
        put_ints(j, "area_radius", b->area_radius, PUL_MAX_SEATS + 1);
        json_key(j, "printed");
        json_open(j, '[');
        for (int i = 0; i < b->nprinted; i++) {
            char s[2] = {b->printed[i].symbol < ss->nsymbols
                             ? ss->symbol[b->printed[i].symbol].letter
                             : '?',
                         0};
            json_open(j, '{');
            json_kint(j, "q", b->printed[i].q);
            json_kint(j, "r", b->printed[i].r);
            json_kstr(j, "symbol", s);
            json_close(j);
        }
        json_close(j);
        json_close(j);
        return;
    }
    const PulTileSet *ts = pul_variant_tileset(v);
    json_kint(j, "start", ts->start);
    json_key(j, "tiles");
    json_open(j, '[');
    for (int t = 0; t < ts->ntiles; t++) {
        json_open(j, '{');
        json_kint(j, "id", t);
        int q[4] = {ts->tile[t].quad[0], ts->tile[t].quad[1], ts->tile[t].quad[2],
                    ts->tile[t].quad[3]};
        put_ints(j, "quads", q, 4);
        json_kbool(j, "big", ts->tile[t].big);
        if (ts->tile[t].big) json_kint(j, "centre", ts->tile[t].centre);
        json_close(j);
    }
    json_close(j);
}

void engine_cmd_theme(Engine *e, EngineArgs *a) {
    if (!engine_need_game(e, "theme")) return;
    const char *w;
    size_t wn;
    if (engine_arg_next(a, &w, &wn)) {
        engine_fail(e, "theme", "bad_argument", "theme takes no argument: it is the game's edition's");
        return;
    }
    const PulTheme *th = pul_variant_theme(e->v);
    if (!th) {
        engine_fail(e, "theme", "no_theme", "the edition %s has no theme", pul_variant_name(e->v));
        return;
    }
    JsonBuf *j = &e->out;
    engine_ok(e, "theme");
    json_kstr(j, "variant", pul_variant_name(e->v));
    json_kstr(j, "name", th->name);
    const char *titles[PUL_NLANGS];
    for (int l = 0; l < PUL_NLANGS; l++) titles[l] = th->title[l];
    put_langs(j, "title", titles);
    json_key(j, "features");
    json_open(j, '[');
    for (int f = 0; f < th->nfeatures; f++) {
        json_open(j, '{');
        json_kint(j, "index", f);
        const char *vname = NULL;
        int cls = -1;
        pul_variant_feature(e->v, f, &vname, &cls);
        char sym[2] = {0, 0};
        if (is_genial(e->v)) sym[0] = pul_variant_symbols(e->v)->symbol[f].letter;
        else sym[0] = pul_variant_tileset(e->v)->feature[f].symbol;
        json_kstr(j, "symbol", sym);
        static const char *const CLS[3] = {"blank", "micropul", "catalyst"};
        if (cls >= 0 && cls < 3) json_kstr(j, "class", CLS[cls]);
        put_entry(j, &th->feature[f]);
        json_close(j);
    }
    json_close(j);
    json_key(j, "parts");
    json_open(j, '{');
    for (int p = 0; p < PUL_NPARTS; p++) {
        if (!(th->parts & (1u << p))) continue;
        json_key(j, pul_part_key(p));
        json_open(j, '{');
        put_entry(j, &th->part[p]);
        json_close(j);
    }
    json_close(j);
    json_key(j, "seat_colours");
    json_open(j, '[');
    for (int s = 0; s < th->nseat_colours; s++) json_str(j, th->seat_colour[s]);
    json_close(j);
    theme_pieces(j, e->v);
    json_close(j);
}

/* ------------------------------------------------------------ render */

void engine_cmd_render(Engine *e, EngineArgs *a) {
    if (!engine_need_game(e, "render")) return;
    int seat, lang = PUL_LANG_EN;
    bool coords = true;
    if (!engine_seat_arg(e, "render", a, &seat, &lang, &coords)) return;
    const PulTheme *th = pul_variant_theme(e->v);
    if (!th) {
        engine_fail(e, "render", "no_theme", "the edition %s has no theme to draw it with",
                    pul_variant_name(e->v));
        return;
    }
    PulObservation *o = malloc(sizeof *o);
    if (!o) {
        engine_fail(e, "render", "out_of_memory", "the engine ran out of memory");
        return;
    }
    bool ok = seat_game(e, "render", seat, o);
    free(o);
    if (!ok) return;
    RenderOptions opt = {lang, coords, 0, seat + 1};
    RenderImage img = {0};
    ok = is_genial(e->v) ? render_hex_position(e->view, th, e->ndone, e->ndone, &opt, &img)
                         : render_position(e->view, th, e->ndone, e->ndone, &opt, &img);
    if (!ok) {
        engine_fail(e, "render", "out_of_memory", "the engine ran out of memory");
        return;
    }
    engine_ok(e, "render");
    json_kint(&e->out, "seat", seat + 1);
    json_kint(&e->out, "width", img.width);
    json_kint(&e->out, "height", img.height);
    json_key(&e->out, "svg");
    json_strn(&e->out, img.svg, img.len);
    json_close(&e->out);
    render_image_free(&img);
}
