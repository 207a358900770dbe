/*
** genial_deal.c: the Deal tag of an Einfach Genial record (PMN.md, i13-plan.md
** 5.2): every seat's starting rack, read with pmn-tag errors at the word at
** fault (as micropul/deal.c reads Core) and written back in canonical order.
*/
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "genial_hooks.h"
#include "genial_moves.h"
#include "pmn_text.h"

/* A pmn-tag error at the tag's value, offset characters in. */
static PulStatus deal_fail(PulError *err, const TagReader *tags, const TagValue *t, int offset,
                           const char *fmt, ...) PUL_PRINTF(5, 6);
static PulStatus deal_fail(PulError *err, const TagReader *tags, const TagValue *t, int offset,
                           const char *fmt, ...) {
    char msg[sizeof err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return err_setc(err, "pmn-tag", tags->source, t->line, t->line ? t->column + offset : 0,
                    "%s", msg);
}

/* The variant's letters in order, "r g b o y p", for messages. */
static void deal_letters(const GenialVariant *gv, char *buf, size_t size) {
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < gv->nsym && len + 3 < size; i++) {
        if (i) buf[len++] = ' ';
        buf[len++] = gv->symbols.symbol[i].letter;
        buf[len] = '\0';
    }
}

static int deal_symbol(const GenialVariant *gv, char c) {
    for (int i = 0; i < gv->nsym; i++)
        if (gv->symbols.symbol[i].letter == c) return i;
    return -1;
}

PulStatus genial_deal_read(const PulVariant *v, const TagReader *tags, uint8_t *deal, int *ndeal,
                           bool *given, PulError *err) {
    const GenialVariant *gv = (const GenialVariant *)v;
    *given = false;
    *ndeal = 0;
    TagValue t;
    if (!tags->get(tags->ud, "Deal", &t))
        return err_setc(err, "pmn-tag", tags->source, 0, 0,
                        "the record has no Deal tag; PMN.md requires each seat's starting "
                        "rack, as in [Deal \"gb ro pp pp rp bb / bp op gy oy bb yp\"]");
    /* Players was checked before the deal is read (record_game.c). */
    TagValue pt;
    uint64_t players = 0;
    if (!tags->get(tags->ud, "Players", &pt) ||
        !pmn_text_number(pt.value, strlen(pt.value), PUL_MAX_SEATS, &players) || players < 1)
        return err_setc(err, "pmn-tag", tags->source, 0, 0,
                        "Deal: the record's Players tag gives no seat count to deal to");
    int nseats = (int)players, rack_size = gv->rules.rack_size;
    /* A setup hook may change rack_size before the deal: the rack's size is
    ** then checked when the game starts, against the rules the hook left. */
    const GenialHooks *hooks = (const GenialHooks *)gv->h.hooks;
    bool sized_by_hook = hooks && hooks->setup;
    if (sized_by_hook) rack_size = GENIAL_RACK_MAX;
    const char *name = pul_variant_name(v);
    char letters[2 * GENIAL_MAX_SYMBOLS + 1];
    deal_letters(gv, letters, sizeof letters);
    uint8_t used[GENIAL_MAX_KINDS] = {0};
    int n = 0, seat = 0, inrack = 0, rack_at = 0, left = gv->ntiles;
    char word[PUL_TEXT_CUT_SIZE];
    const char *s = t.value;
    for (;;) {
        while (pmn_text_space(*s)) s++;
        if (*s == '/' || *s == '\0') {
            /* the end of seat's rack */
            /* a rack as a draw fills it: rack_size, or what is left of the
            ** tiles in an edition with fewer (as genial_start deals) */
            int want = rack_size < left ? rack_size : left;
            if (inrack != want && !sized_by_hook)
                return deal_fail(err, tags, &t, rack_at,
                                 "Deal: seat %d's rack has %d tiles; %s deals %d to it", seat + 1,
                                 inrack, name, want);
            left -= inrack;
            if (*s == '\0') break;
            if (seat + 1 == nseats)
                return deal_fail(err, tags, &t, (int)(s - t.value),
                                 "Deal: more racks than the %d players; racks are separated "
                                 "by '/', seat 1 first",
                                 nseats);
            deal[n++] = GENIAL_DEAL_SEP;
            seat++;
            inrack = 0;
            s++;
            while (pmn_text_space(*s)) s++;
            rack_at = (int)(s - t.value);
            continue;
        }
        const char *b = s;
        while (*s && *s != '/' && !pmn_text_space(*s)) s++;
        size_t wl = (size_t)(s - b);
        int off = (int)(b - t.value);
        pul_text_cut(b, wl, word, sizeof word);
        int sa = wl == 2 ? deal_symbol(gv, b[0]) : -1, sb = sa < 0 ? -1 : deal_symbol(gv, b[1]);
        if (sb < 0)
            return deal_fail(err, tags, &t, off,
                             "Deal: \"%s\" is not a tile kind of %s; a kind is two symbol "
                             "letters of %s, kinds separated by spaces",
                             word, name, letters);
        int k = gv->kind_of[sa][sb];
        if (inrack == rack_size && sized_by_hook)
            return deal_fail(err, tags, &t, off,
                             "Deal: seat %d's rack has more than %d tiles, the most a rack "
                             "holds",
                             seat + 1, rack_size);
        if (inrack == rack_size)
            return deal_fail(err, tags, &t, off,
                             "Deal: seat %d's rack has more than %d tiles; %s deals %d to each "
                             "seat",
                             seat + 1, rack_size, name, rack_size);
        if (++used[k] > gv->kind_count[k]) {
            char kt[3];
            genial_kind_text(gv, k, kt);
            return deal_fail(err, tags, &t, off,
                             "Deal: kind %s is dealt more often than %s has tiles of it (%d)",
                             kt, name, gv->kind_count[k]);
        }
        deal[n++] = (uint8_t)k;
        inrack++;
    }
    if (seat + 1 != nseats)
        return deal_fail(err, tags, &t, (int)strlen(t.value),
                         "Deal: %d racks for %d players; racks are separated by '/', seat 1 "
                         "first",
                         seat + 1, nseats);
    *ndeal = n;
    *given = true;
    return PUL_OK;
}

int genial_deal_tags(const PulGame *pg, TagOut *out, int max) {
    const GenialGame *g = (const GenialGame *)pg;
    const GenialVariant *gv = (const GenialVariant *)pg->v;
    if (max < 1) return 1;
    out[0].name = "Deal";
    char *buf = out[0].value;
    size_t len = 0, cap = sizeof out[0].value;
    buf[0] = '\0';
    for (int s = 0; s < g->h.nseats; s++) {
        /* canonical kind order: the ids sorted (a rack holds 8 at most) */
        uint8_t r[GENIAL_RACK_MAX];
        int nr = g->nrack[s];
        memcpy(r, g->rack[s], (size_t)nr);
        for (int i = 1; i < nr; i++)
            for (int j = i; j > 0 && r[j - 1] > r[j]; j--) {
                uint8_t x = r[j];
                r[j] = r[j - 1];
                r[j - 1] = x;
            }
        if (s) len += (size_t)snprintf(buf + len, cap - len, " / ");
        for (int i = 0; i < nr && len < cap; i++) {
            char kt[3];
            genial_kind_text(gv, r[i], kt);
            len += (size_t)snprintf(buf + len, cap - len, i ? " %s" : "%s", kt);
        }
    }
    return 1;
}
