/*
** genial_fixture.h: Genial variants and games for the unit tests, built in C
** from literal data: the standard six symbols (rgboyp) and their 21 kinds
** (120 tiles), the standard board (radius 7, play areas 5/6/7 for 1-2/3/4
** seats), the rules of the three editions (genial, genial-teams,
** genial-solo), a start from a given deal, and a small reader of moves in
** PMN's spelling so that tests can write "bb@0,4sw", "+rp,bo", "x".
**
** The variants belong to fx_family, a table of the slots package i13-state
** gives; once the lead's genial_family exists it can take its place here.
*/
#ifndef PUL_GENIAL_FIXTURE_H
#define PUL_GENIAL_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genial_state.h"

static const Family fx_family = {
    .name = "genial",
    .game_size = sizeof(GenialGame),
    .variant_size = sizeof(GenialVariant),
    .snapshot_max = GENIAL_SNAPSHOT_MAX,
    .max_actions = PUL_MAX_ACTIONS,
    .params = &genial_params,
    .compile = genial_compile,
    .players = genial_players,
    .start = genial_start,
    .check = genial_check,
    .apply = genial_apply,
    .apply_trusted = genial_apply_trusted,
    .events_action = genial_events_action,
    .scores = genial_scores,
    .winners = genial_winners,
    .team = genial_team,
    .score_parts = genial_score_parts,
    .bounds = genial_bounds,
    .snapshot = genial_snapshot,
    .restore = genial_restore,
};

static const char FX_LETTERS[] = "rgboyp";

/* The standard symbols and kinds: pairs a <= b row by row, doubles 5 tiles,
** the others 6. */
static inline void fx_symbols(PulSymbolSet *ss) {
    static const char *const names[6] = {"red", "green", "blue", "orange", "yellow", "purple"};
    memset(ss, 0, sizeof *ss);
    strcpy(ss->name, "genial");
    ss->nsymbols = 6;
    for (int i = 0; i < 6; i++) {
        ss->symbol[i].letter = FX_LETTERS[i];
        strcpy(ss->symbol[i].name, names[i]);
    }
    for (int a = 0; a < 6; a++)
        for (int b = a; b < 6; b++)
            ss->kind[ss->nkinds++] = (PulKind){(uint8_t)a, (uint8_t)b, (uint8_t)(a == b ? 5 : 6)};
}

/* The standard board: radius 7, the six printed symbols at distance 5. */
static inline void fx_board(PulBoard *b) {
    static const int at[6][2] = {{5, -5}, {5, 0}, {0, 5}, {-5, 5}, {-5, 0}, {0, -5}};
    memset(b, 0, sizeof *b);
    strcpy(b->name, "genial");
    b->grid = PUL_GRID_HEX;
    b->radius = 7;
    b->area_radius[1] = b->area_radius[2] = 5;
    b->area_radius[3] = 6;
    b->area_radius[4] = 7;
    for (int i = 0; i < 6; i++)
        b->printed[i] = (PulPrinted){(int8_t)at[i][0], (int8_t)at[i][1], (uint8_t)i, 0, 0};
    b->nprinted = 6;
}

/* The rules of an edition: "genial", "genial-teams" or "genial-solo". */
static inline void fx_rules(const char *edition, GenialRules *r) {
    genial_rules_default(r);
    if (strcmp(edition, "genial-teams") == 0) {
        r->min_players = r->max_players = 4;
        r->teams = GENIAL_TEAMS_ALTERNATE;
        r->segments = 2;
    } else if (strcmp(edition, "genial-solo") == 0) {
        r->min_players = r->max_players = 1;
        r->rack_size = 1;
        r->segments = 2;
        r->bonus = false;
        r->swap = GENIAL_SWAP_NEVER;
    }
}

/* A variant with the standard symbols and board and these rules; NULL (and
** a message on stderr) when refused. Free with pul_variant_free. */
static inline PulVariant *fx_variant_rules(const GenialRules *r) {
    PulSymbolSet ss;
    PulBoard b;
    fx_symbols(&ss);
    fx_board(&b);
    FamilyData data = {NULL, &ss, &b};
    PulError err;
    PulVariant *v = genial_variant_new(&fx_family, "genial", &data, r, &err);
    if (!v) fprintf(stderr, "fixture variant refused: %s: %s\n", err.code, err.message);
    return v;
}

static inline PulVariant *fx_variant(const char *edition) {
    GenialRules r;
    fx_rules(edition, &r);
    return fx_variant_rules(&r);
}

static inline int fx_sym(char c) {
    const char *p = c ? strchr(FX_LETTERS, c) : NULL;
    return p ? (int)(p - FX_LETTERS) : -1;
}

/* The kind of two letters in either order, or -1. */
static inline int fx_kind(const PulVariant *v, const char *two) {
    int a = fx_sym(two[0]), b = a >= 0 ? fx_sym(two[1]) : -1;
    if (a < 0 || b < 0) return -1;
    return GVV(v)->kind_of[a][b];
}

/* The deal of a Deal tag ("gb ro pp / bp op gy"), as genial_start reads it;
** returns its length, -1 on a bad letter. */
static inline int fx_deal(const PulVariant *v, const char *text, uint8_t *deal, int max) {
    int n = 0;
    for (const char *p = text; *p && n < max;) {
        if (*p == ' ') {
            p++;
        } else if (*p == '/') {
            deal[n++] = GENIAL_DEAL_SEP;
            p++;
        } else {
            int k = fx_kind(v, p);
            if (k < 0) return -1;
            deal[n++] = (uint8_t)k;
            p += 2;
        }
    }
    return n;
}

/* A game of v with nseats started from the deal text (NULL: from seed 1). */
static inline PulGame *fx_start(const PulVariant *v, int nseats, const char *deal_text) {
    PulGame *g = pul_game_new(v);
    if (!g) return NULL;
    uint8_t deal[64];
    int n = deal_text ? fx_deal(v, deal_text, deal, 64) : 0;
    PulError err;
    if (n < 0 || pul_game_start(g, nseats, 1, deal_text ? deal : NULL, n, &err) != PUL_OK) {
        fprintf(stderr, "fixture start refused: %s\n", n < 0 ? "bad deal" : err.message);
        pul_game_free(g);
        return NULL;
    }
    return g;
}

/* A move in PMN's spelling: "ab@q,r<dir>", "+", "+k,k", "x", "xk,k,...". */
static inline bool fx_action(const PulVariant *v, const char *t, PulAction *out) {
    static const char *const dirs[6] = {"e", "se", "sw", "w", "nw", "ne"};
    memset(out, 0, sizeof *out);
    if (t[0] == '+' || t[0] == 'x') {
        out->kind = t[0] == '+' ? PUL_REFILL : PUL_SWAP;
        uint8_t kinds[PUL_DRAWS_MAX];
        int n = 0;
        for (const char *p = t + 1; *p; p += 2) {
            if (*p == ',') p++;
            int k = fx_kind(v, p);
            if (k < 0 || n == PUL_DRAWS_MAX) return false;
            kinds[n++] = (uint8_t)k;
        }
        pul_action_set_draws(out, kinds, n);
        return true;
    }
    int a = fx_sym(t[0]), b = a >= 0 ? fx_sym(t[1]) : -1;
    if (a < 0 || b < 0 || t[2] != '@') return false;
    char *end;
    long q = strtol(t + 3, &end, 10);
    if (*end != ',') return false;
    long r = strtol(end + 1, &end, 10);
    int d = -1;
    for (int i = 0; i < 6; i++)
        if (strcmp(end, dirs[i]) == 0) d = i;
    if (d < 0) return false;
    const GenialVariant *gv = GVV(v);
    out->kind = PUL_PLACE;
    out->tile = gv->kind_of[a][b];
    out->rot = (uint8_t)d;
    out->quad = (uint8_t)(gv->kind_sym[out->tile][0] != a);
    out->x = (int32_t)q;
    out->y = (int32_t)r;
    return true;
}

/* Apply a move by its text; the reason (PUL_R_SYNTAX when unreadable). */
static inline PulReason fx_play(PulGame *g, const char *text, PulEvents *ev) {
    PulAction a;
    if (!fx_action(pul_game_variant(g), text, &a)) return PUL_R_SYNTAX;
    return pul_apply(g, &a, ev);
}

#endif
