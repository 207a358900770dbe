/*
** genial_compile.c: a Genial variant from its loaded data: the symbols and
** kinds checked and copied with the board and rules, then compiled once into
** the tables every game reads (kinds both ways round, cells, and one play
** area per seat count); nothing is worked out per game (i13-plan.md 3.2).
*/
#include <string.h>

#include "genial_state.h"

/* The symbols and kinds as the tables need them: 1-8 symbols, the kinds the
** pairs a <= b row by row, each with at least one tile, at most 255 tiles in
** all (the bag counts in bytes). */
static PulStatus check_symbols(const PulSymbolSet *ss, PulError *err) {
    int n = ss->nsymbols;
    if (n < 1 || n > GENIAL_MAX_SYMBOLS)
        return err_setc(err, "out-of-range", NULL, 0, 0,
                        "symbols %s: %d symbols; a Genial game has 1 to %d", ss->name, n,
                        GENIAL_MAX_SYMBOLS);
    if (ss->nkinds != n * (n + 1) / 2)
        return err_setc(err, "bad-value", NULL, 0, 0,
                        "symbols %s: %d kinds; %d symbols make %d kinds, one per pair", ss->name,
                        ss->nkinds, n, n * (n + 1) / 2);
    int k = 0, total = 0;
    for (int a = 0; a < n; a++)
        for (int b = a; b < n; b++, k++) {
            const PulKind *kd = &ss->kind[k];
            if (kd->a != a || kd->b != b)
                return err_setc(err, "bad-value", NULL, 0, 0,
                                "symbols %s: kind %d is (%d, %d); kinds go pair by pair, "
                                "(%d, %d) there",
                                ss->name, k, kd->a, kd->b, a, b);
            total += kd->count;
        }
    if (total < 1 || total > 255)
        return err_setc(err, "too-large", NULL, 0, 0,
                        "symbols %s: %d tiles; a game holds 1 to 255", ss->name, total);
    return PUL_OK;
}

PulStatus genial_compile(PulVariant *pv, PulError *err) {
    GenialVariant *v = (GenialVariant *)(void *)pv;
    const PulSymbolSet *ss = &v->symbols;
    PulStatus st = check_symbols(ss, err);
    if (st != PUL_OK) return st;
    v->nsym = (uint8_t)ss->nsymbols;
    v->nkinds = (uint8_t)ss->nkinds;
    memset(v->kind_of, GENIAL_NONE, sizeof v->kind_of);
    int total = 0;
    v->kind_mixed = 0;
    for (int k = 0; k < ss->nkinds; k++) {
        const PulKind *kd = &ss->kind[k];
        v->kind_of[kd->a][kd->b] = v->kind_of[kd->b][kd->a] = (uint8_t)k;
        v->kind_sym[k][0] = kd->a;
        v->kind_sym[k][1] = kd->b;
        v->kind_count[k] = kd->count;
        v->kind_mask[k] = (uint8_t)(1u << kd->a | 1u << kd->b);
        if (kd->a != kd->b) v->kind_mixed |= UINT64_C(1) << k;
        total += kd->count;
    }
    v->ntiles = (uint8_t)total;
    for (int i = 0; i < v->board.nprinted; i++)
        if (v->board.printed[i].symbol >= v->nsym)
            return err_setc(err, "bad-reference", NULL, v->board.printed[i].line,
                            v->board.printed[i].column,
                            "board %s: a printed cell shows symbol %d; the symbols are 0 to %d",
                            v->board.name, v->board.printed[i].symbol, v->nsym - 1);
    st = genial_board_cells(v, err);
    if (st != PUL_OK) return st;
    /* One area per distinct radius, for the seat counts the board gives one. */
    int radius_of[GENIAL_MAX_AREAS];
    v->nareas = 0;
    memset(v->area_for_seats, GENIAL_NONE, sizeof v->area_for_seats);
    for (int s = 1; s <= PUL_MAX_SEATS; s++) {
        int rad = v->board.area_radius[s];
        if (rad <= 0) continue;
        int a = 0;
        while (a < v->nareas && radius_of[a] != rad) a++;
        if (a == v->nareas) {
            st = genial_area_build(v, rad, &v->area[a], err);
            if (st != PUL_OK) return st;
            radius_of[a] = rad;
            v->nareas++;
        }
        v->area_for_seats[s] = (uint8_t)a;
    }
    const GenialRules *r = &v->rules;
    for (int s = r->min_players; s <= r->max_players; s++) {
        if (v->area_for_seats[s] == GENIAL_NONE)
            return err_setc(err, "out-of-range", NULL, 0, 0,
                            "board %s has no play area for %d players; the rules allow %d to %d",
                            v->board.name, s, r->min_players, r->max_players);
        /* distinct_printed asks each seat for a printed cell of its own */
        const GenialArea *a = &v->area[v->area_for_seats[s]];
        if (r->first_round == GENIAL_FIRST_DISTINCT && a->nprinted_in < s)
            return err_setc(err, "out-of-range", NULL, 0, 0,
                            "board %s: the play area for %d players has %d printed cells; "
                            "first_round distinct_printed needs one per seat",
                            v->board.name, s, a->nprinted_in);
    }
    err_clear(err);
    return PUL_OK;
}

PulVariant *genial_variant_new(const Family *fam, const char *name, const FamilyData *data,
                               const void *rules, PulError *err) {
    if (!data || !data->symbols || !data->board) {
        err_setc(err, "missing-field", NULL, 0, 0,
                 "a Genial variant needs its symbols and its board");
        return NULL;
    }
    GenialRules defaults;
    if (!rules) {
        genial_rules_default(&defaults);
        rules = &defaults;
    }
    if (genial_rules_validate(rules, err) != PUL_OK) return NULL;
    PulVariant *pv = variant_alloc(fam, name ? name : data->symbols->name, err);
    if (!pv) return NULL;
    GenialVariant *v = (GenialVariant *)(void *)pv;
    v->rules = *(const GenialRules *)rules;
    v->symbols = *data->symbols;
    v->board = *data->board;
    if (genial_compile(pv, err) != PUL_OK) {
        pul_variant_free(pv);
        return NULL;
    }
    return pv;
}

void genial_players(const PulVariant *v, int *min, int *max) {
    const GenialRules *r = &GVV(v)->rules;
    if (min) *min = r->min_players;
    if (max) *max = r->max_players;
}
