/*
** pieces.c: what differs between the tile sets of two Micropul variants, in
** words: each feature compared by name (its class, what a catalyst does) and
** the tiles by content (the same features in the same places), so an A/B
** report can say what a designer changed without knowing the family.
*/
#include <stdio.h>
#include <string.h>

#include "pieces.h"

typedef struct {
    PulPieceChange *out;
    int n, max;
} Changes;

static PulPieceChange *add(Changes *c, const char *kind, const char *name) {
    if (c->n >= c->max) return NULL;
    PulPieceChange *ch = &c->out[c->n++];
    memset(ch, 0, sizeof *ch);
    pul_text_copy(ch->kind, sizeof ch->kind, kind);
    pul_text_copy(ch->name, sizeof ch->name, name);
    return ch;
}

static int feature_find(const PulTileSet *ts, const char *name) {
    for (int f = 0; f < ts->nfeatures; f++)
        if (strcmp(ts->feature[f].name, name) == 0) return f;
    return -1;
}

/* A feature as the rules see it: "catalyst, draw 1, extra turn". */
static void feature_text(const PulFeature *f, char *buf, size_t size) {
    static const char *const cls[] = {"blank", "micropul", "catalyst"};
    size_t n = (size_t)snprintf(buf, size, "%s", f->cls < 3 ? cls[f->cls] : "?");
    if (f->cls == PUL_FEATURE_CATALYST && n < size) {
        if (f->draw) n += (size_t)snprintf(buf + n, size - n, ", draw %d", (int)f->draw);
        if (f->extra_turn && n < size) snprintf(buf + n, size - n, ", extra turn");
    }
}

/* Tile t of a and of b alike: the same features (by name) in the same places. */
static bool same_tile(const PulTileSet *a, const PulTileSet *b, int t) {
    const PulTileDef *x = &a->tile[t], *y = &b->tile[t];
    if (x->big != y->big) return false;
    if (x->big && strcmp(a->feature[x->centre].name, b->feature[y->centre].name) != 0)
        return false;
    for (int q = 0; q < 4; q++)
        if (strcmp(a->feature[x->quad[q]].name, b->feature[y->quad[q]].name) != 0) return false;
    return true;
}

int pieces_changes(const PulVariant *va, const PulVariant *vb, PulPieceChange *out, int max) {
    Changes ch = {out, 0, max}, *c = &ch;
    const PulTileSet *a = &MVV(va)->ts, *b = &MVV(vb)->ts;
    for (int f = 0; f < a->nfeatures; f++) {
        int g = feature_find(b, a->feature[f].name);
        char ta[PUL_CHANGE_TEXT], tb[PUL_CHANGE_TEXT];
        feature_text(&a->feature[f], ta, sizeof ta);
        if (g >= 0) feature_text(&b->feature[g], tb, sizeof tb);
        if (g >= 0 && strcmp(ta, tb) == 0) continue;
        PulPieceChange *x = add(c, "feature", a->feature[f].name);
        if (!x) return c->n;
        pul_text_copy(x->a, sizeof x->a, ta);
        if (g >= 0) pul_text_copy(x->b, sizeof x->b, tb);
    }
    for (int g = 0; g < b->nfeatures; g++) {
        if (feature_find(a, b->feature[g].name) >= 0) continue;
        PulPieceChange *x = add(c, "feature", b->feature[g].name);
        if (!x) return c->n;
        feature_text(&b->feature[g], x->b, sizeof x->b);
    }
    int common = a->ntiles < b->ntiles ? a->ntiles : b->ntiles, differ = 0;
    for (int t = 0; t < common; t++) differ += !same_tile(a, b, t);
    differ += (a->ntiles > b->ntiles ? a->ntiles : b->ntiles) - common;
    if (!differ && a->start == b->start) return c->n;
    PulPieceChange *x = add(c, "tiles", "");
    if (!x) return c->n;
    snprintf(x->a, sizeof x->a, "%d tiles, start tile %d", a->ntiles, a->start);
    snprintf(x->b, sizeof x->b, "%d tiles, start tile %d (%d of them differ from A's)", b->ntiles,
             b->start, differ);
    return c->n;
}
