/*
** render.h: pictures of games for people (pul render): an SVG document of a
** position or of a variant's tile set, built in memory from the theme's art,
** and its conversion to PNG.
*/
#ifndef PUL_RENDER_H
#define PUL_RENDER_H

#include <stdbool.h>
#include <stddef.h>

#include "pul.h"

typedef struct {
    int lang;          /* PulLang of the titles and labels */
    bool coordinates;  /* cell coordinates on the margins of a position */
    int width;         /* of the image in pixels; 0: the natural size */
    int viewer;        /* 0: every rack shown; s: only seat s's (1-based), the other
                          racks' tiles face down (pul engine's view of one seat) */
} RenderOptions;

/* An SVG document; width and height are its size in pixels. */
typedef struct {
    char *svg;         /* malloc'd, NUL-terminated */
    size_t len;
    int width, height;
} RenderImage;

/* The board of g, which has had `move` of the record's nmoves moves
** applied: tiles, stones, the last placed tile marked, a title line with
** the variant's title, the move and the scores. False when out of memory. */
bool render_position(const PulGame *g, const PulTheme *theme, int move, int nmoves,
                     const RenderOptions *opt, RenderImage *out);

/* Every tile of v in rows, each with its id under it, the start tile marked. */
bool render_sheet(const PulVariant *v, const PulTheme *theme, const RenderOptions *opt,
                  RenderImage *out);

/* The same pictures of a game or variant of the Einfach Genial family (a hex
** board): the board with its play area, printed symbols and tiles, the last
** tile marked, each seat's (team's) tracks and rack beside it; the sheet of
** the symbols and of every tile kind with its count. */
bool render_hex_position(const PulGame *g, const PulTheme *theme, int move, int nmoves,
                         const RenderOptions *opt, RenderImage *out);
bool render_hex_sheet(const PulVariant *v, const PulTheme *theme, const RenderOptions *opt,
                      RenderImage *out);

void render_image_free(RenderImage *img);

/* The largest PNG drawn: cairo's surfaces stop at 32767 pixels a side, and
** a picture is drawn in memory at 4 bytes a pixel (256 MiB here). */
enum { RENDER_PNG_MAX_SIDE = 16384, RENDER_PNG_MAX_PIXELS = 1 << 26 };

/* Whether img is small enough to draw as a PNG; when it is not, *max_width
** gets the largest width of the same picture that is (its --size). */
bool render_png_fits(const RenderImage *img, int *max_width);

/* Write img as a PNG of img->width x img->height pixels to path. False with
** a message in why when the SVG cannot be drawn or the file written (a
** picture that does not fit, render_png_fits, is refused before drawing). */
bool render_png(const RenderImage *img, const char *path, char *why, size_t why_size);

/* Whether img's text holds a character that no installed font draws (a PNG
** would show it as an empty box); the first such one in *missing, and its
** UTF-8 bytes in glyph. */
bool render_missing_glyph(const RenderImage *img, uint32_t *missing, char glyph[5]);

#endif
