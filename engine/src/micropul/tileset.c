/*
** tileset.c: checks on a tile set as plain data, and rotation of tiles.
** The YAML loaders and C callers both end here before a variant is built.
*/
#include <string.h>

#include "common.h"

/* One quarter turn clockwise maps ab/cd to ca/db: nw<-sw, ne<-nw, sw<-se, se<-ne. */
void pul_tileset_rotated(const PulTileSet *ts, int t, int r, uint8_t quad[4]) {
    uint8_t q[4];
    memcpy(q, ts->tile[t].quad, 4);
    for (int k = 0; k < (r & 3); k++) {
        uint8_t n[4] = {q[PUL_SW], q[PUL_NW], q[PUL_SE], q[PUL_NE]};
        memcpy(q, n, 4);
    }
    memcpy(quad, q, 4);
}

PulStatus pul_tileset_validate(const PulTileSet *ts, PulError *err) {
    const char *src = ts->name[0] ? ts->name : "tile set";
    if (ts->nfeatures < 1 || ts->nfeatures > PUL_MAX_FEATURES)
        return err_setc(err, "too-large", NULL, 0, 0,
                       "%s: %d feature kinds; a tile set declares from 1 to %d", src,
                       ts->nfeatures, PUL_MAX_FEATURES);
    int micropul = 0;
    for (int i = 0; i < ts->nfeatures; i++) {
        const PulFeature *f = &ts->feature[i];
        if (f->cls > PUL_FEATURE_CATALYST)
            return err_setc(err, "bad-value", NULL, 0, 0, "%s: feature %d has no valid class",
                           src, i);
        if (f->symbol <= ' ' || f->symbol == '/' || f->symbol > '~')
            return err_setc(err, "bad-value", NULL, 0, 0,
                           "%s: feature '%s' needs a printable symbol other than '/'", src,
                           f->name);
        for (int j = 0; j < i; j++)
            if (ts->feature[j].symbol == f->symbol)
                return err_setc(err, "duplicate-name", NULL, 0, 0,
                               "%s: features '%s' and '%s' share the symbol '%c'", src,
                               ts->feature[j].name, f->name, f->symbol);
        if (f->cls == PUL_FEATURE_CATALYST && (f->draw < 0 || f->draw > 1000))
            return err_setc(err, "out-of-range", NULL, 0, 0,
                           "%s: catalyst '%s' draws %d tiles; it must draw from 0 to 1000", src,
                           f->name, (int)f->draw);
        micropul += f->cls == PUL_FEATURE_MICROPUL;
    }
    if (micropul == 0)
        return err_setc(err, "missing-field", NULL, 0, 0,
                       "%s: no micropul feature; tiles join only through micropul", src);
    if (ts->ntiles < 2 || ts->ntiles > PUL_MAX_TILES)
        return err_setc(err, "out-of-range", NULL, 0, 0,
                       "%s: %d tiles; a tile set holds from 2 to %d", src, ts->ntiles,
                       PUL_MAX_TILES);
    if (ts->start < 0 || ts->start >= ts->ntiles)
        return err_setc(err, "out-of-range", NULL, 0, 0,
                       "%s: start tile %d is not in the set (ids 0 to %d)", src, ts->start,
                       ts->ntiles - 1);
    for (int t = 0; t < ts->ntiles; t++) {
        const PulTileDef *d = &ts->tile[t];
        bool has_micropul = false;
        for (int q = 0; q < 4; q++) {
            if (d->quad[q] >= ts->nfeatures)
                return err_setc(err, "out-of-range", NULL, 0, 0,
                               "%s: tile %d names feature %d, which is not declared", src, t,
                               d->quad[q]);
            has_micropul |= ts->feature[d->quad[q]].cls == PUL_FEATURE_MICROPUL;
        }
        if (!has_micropul)
            return err_setc(err, "bad-tile", NULL, 0, 0,
                           "%s: tile %d has no micropul, so it could never be placed", src, t);
        if (d->big) {
            if (d->quad[1] != d->quad[0] || d->quad[2] != d->quad[0] || d->quad[3] != d->quad[0])
                return err_setc(err, "bad-tile", NULL, 0, 0,
                               "%s: big tile %d must hold one micropul in all four quadrants",
                               src, t);
            if (d->centre >= ts->nfeatures ||
                ts->feature[d->centre].cls != PUL_FEATURE_CATALYST)
                return err_setc(err, "bad-tile", NULL, 0, 0,
                               "%s: big tile %d needs a catalyst in its centre", src, t);
        }
    }
    err_clear(err);
    return PUL_OK;
}
