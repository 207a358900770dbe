/*
** genial_text.c: Einfach Genial's PMN move text (PMN.md "Einfach Genial
** records", i13-plan.md 5.1) to and from PulAction, for records, the referee
** and every prompt that reads or prints a move.
*/
#include <string.h>

#include "genial_moves.h"
#include "pmn_text.h"

/*
** Syntax, strict so that a move has few spellings:
**   place   <a><b>@<q>,<r><dir>     bb@0,4sw   dir: e se sw w nw ne
**   refill  +[<kind>{,<kind>}]      +  +rp  +rg,oy
**   swap    x[<kind>{,<kind>}]      xgy,gp,by,pp,yy,gy
** Symbols are the variant's letters, case-sensitive; a kind's two letters in
** either order. Numbers are decimal within int32: no '+', no leading zero,
** no "-0" (Micropul's rule). Whether a bare '+' or 'x', or the number of
** kinds named, is right is check's question (bad_draw), not syntax.
*/

static const char *const text_dir[6] = {"e", "se", "sw", "w", "nw", "ne"};

/* The symbol of letter c, or -1. */
static int text_symbol(const GenialVariant *gv, char c) {
    for (int i = 0; i < gv->nsym; i++)
        if (gv->symbols.symbol[i].letter == c) return i;
    return -1;
}

/* Two letters at *p as a kind (either order); false if they are not. */
static bool text_kind(const GenialVariant *gv, const char **p, int *kind) {
    int a = text_symbol(gv, (*p)[0]);
    if (a < 0) return false;
    int b = text_symbol(gv, (*p)[1]);
    if (b < 0) return false;
    *kind = gv->kind_of[a][b];
    *p += 2;
    return true;
}

/* A decimal number without sign or leading zero, at most max. */
static bool text_uint(const char **p, int64_t max, int64_t *out) {
    const char *s = *p;
    if (*s < '0' || *s > '9') return false;
    if (*s == '0' && s[1] >= '0' && s[1] <= '9') return false;
    int64_t v = 0;
    while (*s >= '0' && *s <= '9') {
        v = v * 10 + (*s - '0');
        if (v > max) return false;
        s++;
    }
    *p = s;
    *out = v;
    return true;
}

static bool text_int(const char **p, int32_t *out) {
    const char *s = *p;
    bool neg = *s == '-';
    if (neg) s++;
    int64_t v;
    if (!text_uint(&s, neg ? (int64_t)INT32_MAX + 1 : INT32_MAX, &v)) return false;
    if (neg && v == 0) return false; /* "-0": one spelling per number */
    *out = (int32_t)(neg ? -v : v);
    *p = s;
    return true;
}

static bool text_place(const GenialVariant *gv, const char *p, PulAction *a) {
    int sa = text_symbol(gv, p[0]), sb = sa < 0 ? -1 : text_symbol(gv, p[1]);
    if (sb < 0 || p[2] != '@') return false;
    p += 3;
    int32_t q, r;
    if (!text_int(&p, &q) || *p++ != ',' || !text_int(&p, &r)) return false;
    int d = 0;
    while (d < 6 && strcmp(p, text_dir[d]) != 0) d++;
    if (d == 6) return false;
    int kind = gv->kind_of[sa][sb];
    *a = (PulAction){PUL_PLACE, (uint8_t)kind, (uint8_t)d,
                     (uint8_t)(gv->kind_sym[kind][0] != sa), q, r};
    return true;
}

/* The kinds after '+' or 'x': none, or kinds separated by single commas.
** Every kind is counted; the first PUL_DRAWS_MAX are kept. */
static bool text_draws(const GenialVariant *gv, const char *p, PulAction *a) {
    uint8_t kinds[PUL_DRAWS_MAX];
    int n = 0;
    if (*p) {
        for (;;) {
            int k;
            if (!text_kind(gv, &p, &k)) return false;
            if (n < PUL_DRAWS_MAX) kinds[n] = (uint8_t)k;
            if (n < PUL_NO_SUCH_TILE) n++;
            if (*p == '\0') break;
            if (*p++ != ',') return false;
        }
    }
    pul_action_set_draws(a, kinds, n);
    return true;
}

bool genial_action_parse(const PulVariant *v, const char *text, PulAction *out) {
    const GenialVariant *gv = (const GenialVariant *)v;
    if (!gv || !text || !out) return false;
    PulAction a;
    memset(&a, 0, sizeof a);
    bool ok;
    /* '@' third tells a placement from a draw even if a symbol's letter is
    ** '+' or 'x'. */
    if (text[0] && text[1] && text[2] == '@') {
        ok = text_place(gv, text, &a);
    } else if (text[0] == '+' || text[0] == 'x') {
        a.kind = text[0] == '+' ? PUL_REFILL : PUL_SWAP;
        ok = text_draws(gv, text + 1, &a);
    } else {
        ok = false;
    }
    if (ok) *out = a;
    return ok;
}

void genial_kind_text(const GenialVariant *gv, int kind, char buf[3]) {
    if (kind < 0 || kind >= gv->nkinds) {
        memcpy(buf, "??", 3);
        return;
    }
    buf[0] = gv->symbols.symbol[gv->kind_sym[kind][0]].letter;
    buf[1] = gv->symbols.symbol[gv->kind_sym[kind][1]].letter;
    buf[2] = '\0';
}

int genial_action_format(const PulVariant *v, const PulAction *a, char *buf, size_t size) {
    const GenialVariant *gv = (const GenialVariant *)v;
    if (buf && size) buf[0] = '\0';
    if (!gv || !a) return -1;
    if (a->kind == PUL_PLACE) {
        int k = a->tile;
        if (k >= gv->nkinds || a->rot > 5 || a->quad > 1) return -1;
        bool dbl = gv->kind_sym[k][0] == gv->kind_sym[k][1];
        if (dbl && a->quad) return -1; /* no spelling: a double has one flip */
        int sa = gv->kind_sym[k][a->quad], sb = gv->kind_sym[k][1 - a->quad];
        int d = a->rot;
        int64_t q = a->x, r = a->y;
        /* w nw ne: written from the other cell, when that stays in int32
        ** (far off the board it may not: then as given, also PMN). */
        if (d >= 3) {
            int64_t q2 = q + genial_dir[d][0], r2 = r + genial_dir[d][1];
            if (q2 >= INT32_MIN && q2 <= INT32_MAX && r2 >= INT32_MIN && r2 <= INT32_MAX) {
                int t = sa;
                sa = sb;
                sb = t;
                q = q2;
                r = r2;
                d = genial_opposite(d);
            }
        }
        char text[3 + 2 * PMN_TEXT_INT_MAX + 3];
        size_t len = 0;
        text[len++] = gv->symbols.symbol[sa].letter;
        text[len++] = gv->symbols.symbol[sb].letter;
        text[len++] = '@';
        len += pmn_text_put_int(text + len, q);
        text[len++] = ',';
        len += pmn_text_put_int(text + len, r);
        size_t dlen = strlen(text_dir[d]);
        memcpy(text + len, text_dir[d], dlen);
        return pmn_text_give(text, len + dlen, buf, size);
    }
    if (a->kind != PUL_REFILL && a->kind != PUL_SWAP) return -1;
    if (a->tile == PUL_NO_TILE || a->tile > PUL_DRAWS_MAX) return -1;
    uint8_t kinds[PUL_DRAWS_MAX];
    int n = pul_action_draws(a, kinds, PUL_DRAWS_MAX);
    for (int i = 0; i < n; i++)
        if (kinds[i] >= gv->nkinds) return -1;
    char text[2 + 3 * PUL_DRAWS_MAX];
    size_t len = 0;
    text[len++] = a->kind == PUL_REFILL ? '+' : 'x';
    for (int i = 0; i < n; i++) {
        if (i) text[len++] = ',';
        genial_kind_text(gv, kinds[i], text + len);
        len += 2;
    }
    return pmn_text_give(text, len, buf, size);
}
