/*
** move_text.c: Micropul's PMN move text (PMN.md) to and from PulAction, for
** records, the referee and every prompt that reads or prints a move.
*/
#include <string.h>

#include "micropul.h"
#include "move_text.h"
#include "pmn_text.h"

/*
** Syntax, strict on purpose so that every move has one spelling (apart from
** the optional "r0"):
**   place  <tile>@<x>,<y>[r<0-3>]     12@1,-2r3
**   claim  s<nw|ne|sw|se><x>,<y>      sne1,-2
**   take   t<tile>                    t17
**   pass   pass
** Every number is decimal within 32-bit signed range (PMN.md): no '+', no
** leading zeros ("07", "-0"), no white space; lower case only. <x> and <y>
** may carry a '-'. Whether a tile id exists in the tile set is the engine's
** question (not_in_hand, not_in_supply), not a syntax error: an id from 254
** up, which no tile set reaches, reads as PUL_NO_SUCH_TILE, so a tile id
** never wraps to another tile, nor to PUL_NO_TILE (a random take).
*/

/* Reads a decimal integer without sign or leading zeros; false if none. */
static bool read_uint(const char **p, int64_t max, int64_t *out) {
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

static bool read_coord(const char **p, int32_t *out) {
    const char *s = *p;
    bool neg = (*s == '-');
    if (neg) s++;
    int64_t v;
    if (!read_uint(&s, neg ? (int64_t)INT32_MAX + 1 : INT32_MAX, &v)) return false;
    if (neg && v == 0) return false; /* "-0": one spelling per number */
    *out = (int32_t)(neg ? -v : v);
    *p = s;
    return true;
}

static bool read_cell(const char **p, PulAction *a) {
    if (!read_coord(p, &a->x) || **p != ',') return false;
    (*p)++;
    return read_coord(p, &a->y);
}

_Static_assert(PUL_MAX_TILES <= PUL_NO_SUCH_TILE && PUL_NO_SUCH_TILE < PUL_NO_TILE,
               "PUL_NO_SUCH_TILE is no tile of any set, and not a random take");

static bool read_tile(const char **p, uint8_t *tile) {
    int64_t v;
    if (!read_uint(p, INT32_MAX, &v)) return false;
    *tile = (uint8_t)(v < PUL_NO_SUCH_TILE ? v : PUL_NO_SUCH_TILE);
    return true;
}

static const char *const quad_names[4] = {"nw", "ne", "sw", "se"};

bool move_text_parse(const PulVariant *v, const char *text, PulAction *out) {
    (void)v; /* Micropul's move text is the same in every variant */
    if (!text || !out) return false;
    PulAction a;
    memset(&a, 0, sizeof a);
    const char *p = text;
    if (strcmp(p, "pass") == 0) {
        a.kind = PUL_PASS;
        p += 4;
    } else if (*p == 't') {
        p++;
        a.kind = PUL_TAKE;
        if (!read_tile(&p, &a.tile)) return false;
    } else if (*p == 's') {
        p++;
        a.kind = PUL_CLAIM;
        int q = 0;
        while (q < 4 && strncmp(p, quad_names[q], 2) != 0) q++;
        if (q == 4) return false;
        a.quad = (uint8_t)q;
        p += 2;
        if (!read_cell(&p, &a)) return false;
    } else {
        a.kind = PUL_PLACE;
        if (!read_tile(&p, &a.tile) || *p != '@') return false;
        p++;
        if (!read_cell(&p, &a)) return false;
        if (*p == 'r') {
            if (p[1] < '0' || p[1] > '3') return false;
            a.rot = (uint8_t)(p[1] - '0');
            p += 2;
        }
    }
    if (*p != '\0') return false;
    *out = a;
    return true;
}

/* A take of PUL_NO_TILE (a random take not yet resolved), an unknown kind or
** an out-of-range rotation or quadrant has no PMN spelling: -1 and "". */
int move_text_format(const PulVariant *v, const PulAction *a, char *buf, size_t size) {
    (void)v;
    if (buf && size) buf[0] = '\0';
    if (!a) return -1;
    /* The longest: a tile, two coordinates of int32 and a rotation. */
    char text[3 + 2 * PMN_TEXT_INT_MAX + 4];
    size_t len = 0;
    switch (a->kind) {
    case PUL_PLACE:
        if (a->rot > 3 || a->tile == PUL_NO_TILE) return -1;
        len = pmn_text_put_int(text, a->tile);
        text[len++] = '@';
        break;
    case PUL_TAKE:
        if (a->tile == PUL_NO_TILE) return -1;
        text[len++] = 't';
        len += pmn_text_put_int(text + len, a->tile);
        return pmn_text_give(text, len, buf, size);
    case PUL_CLAIM:
        if (a->quad > 3) return -1;
        text[len++] = 's';
        memcpy(text + len, quad_names[a->quad], 2);
        len += 2;
        break;
    case PUL_PASS:
        return pmn_text_give("pass", 4, buf, size);
    default:
        return -1;
    }
    len += pmn_text_put_int(text + len, a->x);
    text[len++] = ',';
    len += pmn_text_put_int(text + len, a->y);
    if (a->kind == PUL_PLACE && a->rot) {
        text[len++] = 'r';
        text[len++] = (char)('0' + a->rot);
    }
    return pmn_text_give(text, len, buf, size);
}
