/*
** render_none.c: pul render's PNG functions for the WebAssembly build, which has no
** librsvg or fontconfig: SVG is drawn as natively, a PNG is refused with the reason.
*/
#include <stdio.h>

#include "render.h"

/* Any size: the refusal comes from render_png, with its reason, not a --size hint. */
bool render_png_fits(const RenderImage *img, int *max_width) {
    (void)img;
    (void)max_width;
    return true;
}

bool render_png(const RenderImage *img, const char *path, char *why, size_t why_size) {
    (void)img;
    snprintf(why, why_size,
             "cannot write %s: this build of pul (WebAssembly) draws no PNG; write an SVG "
             "(--out FILE.svg, or standard output) and let a browser draw it",
             path);
    return false;
}

/* No fonts to ask: a browser draws the SVG with its own. */
bool render_missing_glyph(const RenderImage *img, uint32_t *missing, char glyph[5]) {
    (void)img;
    (void)missing;
    (void)glyph;
    return false;
}
