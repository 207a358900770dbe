/*
** render_doc.h: what the pictures of both families share (render_doc.c): an
** SVG document grown in memory, escaped text, theme art, the title block's
** sizes and colours, the seats' colours and the words every picture uses.
*/
#ifndef PUL_RENDER_DOC_H
#define PUL_RENDER_DOC_H

#include <stdbool.h>
#include <stddef.h>

#include "render.h"

/* Sizes in SVG user units (a pixel at the natural size). */
enum {
    RENDER_MARGIN = 24,
    RENDER_TITLE_SIZE = 22, /* font sizes */
    RENDER_SUB_SIZE = 14,
    RENDER_LABEL_SIZE = 13,
    RENDER_HEAD = 64, /* the title block above a picture */
    RENDER_MIN_CONTENT = 240
};

#define RENDER_PAPER "#ffffff"
#define RENDER_INK "#2a2622"
#define RENDER_MUTED "#7a7168"
#define RENDER_HIGHLIGHT "#e07b00" /* the last placed tile, the start tile */
#define RENDER_TILE_EDGE "#4a433c"

/* A document being written; failed once memory ran out (nothing more is
** written, and render_finish says so). */
typedef struct {
    char *buf;
    size_t len, cap;
    bool failed;
} RenderBuf;

void render_put(RenderBuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* s as XML character data or attribute text. */
void render_put_escaped(RenderBuf *b, const char *s);
/* A <text> element of text, escaped; weight NULL for normal. */
void render_put_text(RenderBuf *b, double x, double y, int size, const char *anchor,
                     const char *fill, const char *weight, const char *text);
/* Theme art (SVG shapes in the unit square) in the square of side `side` at (x, y). */
void render_put_art(RenderBuf *b, const char *art, double x, double y, double side);
/* A guess at the width of text in a proportional font, to leave room for it. */
double render_text_width(const char *text, int size);

/* The XML declaration, the <svg> element (its size from opt->width) and the
** paper; out's width and height are set. */
void render_put_header(RenderBuf *b, int natural_width, int natural_height,
                       const RenderOptions *opt, RenderImage *out);
/* The title block: the title, and under it the line sub (muted); returns
** the baseline of sub, for what goes beside it. */
double render_put_title(RenderBuf *b, const char *title, const char *sub);
/* A sheet's document: header and title block over a grid_w x grid_h grid,
** the grid centred under the title when the title is wider; returns the
** grid's top-left corner in (ox, oy). */
void render_open_sheet(RenderBuf *b, const char *title, const char *sub, int grid_w, int grid_h,
                       const RenderOptions *opt, RenderImage *out, double *ox, double *oy);
/* Close the document and hand it to out; false (b freed) when memory ran out. */
bool render_finish(RenderBuf *b, RenderImage *out);

/* Seat s's colour: the theme's (seats:) when it names one, else the pictures' own. */
const char *render_seat_colour(const PulTheme *theme, int seat);
/* A theme colour ("#rrggbb" or a terminal colour's name) as an SVG colour;
** fallback when it names none pul knows. */
const char *render_colour(const char *colour, const char *fallback);

/* "move %d of %d" in each language of PulLang. */
extern const char *const RENDER_MOVE_OF[PUL_NLANGS];

#endif
