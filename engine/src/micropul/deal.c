/*
** deal.c: the Core tag of a Micropul record (PMN.md): every tile of the set
** but the start tile, once each, top first; read with pmn-tag errors, written.
*/
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "deal.h"
#include "pmn_text.h"

/* A pmn-tag error at the tag's value, offset characters in. */
static PulStatus deal_error(PulError *err, const TagReader *tags, const TagValue *t, int offset,
                            const char *fmt, ...) PUL_PRINTF(5, 6);
static PulStatus deal_error(PulError *err, const TagReader *tags, const TagValue *t, int offset,
                            const char *fmt, ...) {
    char msg[sizeof err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return err_setc(err, "pmn-tag", tags->source, t->line, t->line ? t->column + offset : 0,
                    "%s", msg);
}

PulStatus deal_read(const PulVariant *v, const TagReader *tags, uint8_t *deal, int *ndeal,
                    bool *given, PulError *err) {
    TagValue t;
    *given = false;
    *ndeal = 0;
    if (!tags->get(tags->ud, "Core", &t)) return PUL_OK;
    const PulTileSet *ts = pul_variant_tileset(v);
    const char *name = pul_variant_name(v);
    bool seen[PUL_MAX_TILES] = {false};
    int n = 0;
    char word[PUL_TEXT_CUT_SIZE];
    for (const char *s = t.value; *s;) {
        if (pmn_text_space(*s)) {
            s++;
            continue;
        }
        const char *b = s;
        while (*s && !pmn_text_space(*s)) s++;
        size_t wl = (size_t)(s - b);
        int off = (int)(b - t.value);
        pul_text_cut(b, wl, word, sizeof word);
        uint64_t id;
        if (!pmn_text_number(b, wl, INT32_MAX, &id))
            return deal_error(err, tags, &t, off,
                              "Core: \"%s\" is not a tile id; Core lists tile ids (decimal, no "
                              "leading zeros) separated by spaces",
                              word);
        if (id >= (uint64_t)ts->ntiles)
            return deal_error(err, tags, &t, off, "Core: %s is not a tile of %s (ids 0-%d)", word,
                              name, ts->ntiles - 1);
        if ((int)id == ts->start)
            return deal_error(err, tags, &t, off,
                              "Core: %s is the start tile of %s, which is placed before the "
                              "deal and is not in the core",
                              word, name);
        if (seen[id])
            return deal_error(err, tags, &t, off,
                              "Core: tile %s is listed twice; each tile of the core appears once",
                              word);
        seen[id] = true;
        deal[n++] = (uint8_t)id;
    }
    for (int i = 0; i < ts->ntiles; i++)
        if (i != ts->start && !seen[i])
            return deal_error(err, tags, &t, 0,
                              "Core: tile %d is missing; Core lists every tile of %s but the "
                              "start tile (%d ids)",
                              i, name, ts->ntiles - 1);
    *ndeal = n;
    *given = true;
    return PUL_OK;
}

/* Core: the core as dealt from, top first, tiles drawn included. */
int deal_tags(const PulGame *pg, TagOut *out, int max) {
    const MicropulGame *g = MGC(pg);
    if (max < 1) return 1;
    out[0].name = "Core";
    char *buf = out[0].value;
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < g->ncore && len < sizeof out[0].value; i++)
        len += (size_t)snprintf(buf + len, sizeof out[0].value - len, i ? " %d" : "%d",
                                g->core[i]);
    return 1;
}
