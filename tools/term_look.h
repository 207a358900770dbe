/*
** term_look.h: how the things of a theme look in a terminal (term_look.c),
** shared by the board, the status lines and the legend (term_board.c,
** term_legend.c): colour escapes, glyphs that fit a quadrant, seat colours.
*/
#ifndef PUL_TERM_LOOK_H
#define PUL_TERM_LOOK_H

#include <stdio.h>

#include "pul.h"
#include "term.h"

#define TERM_SGR_RESET "\x1b[0m"
#define TERM_SGR_BOLD "\x1b[1m"
#define TERM_SGR_FAINT "\x1b[2m"
#define TERM_SGR_UNDERLINE "\x1b[4m"

enum { TERM_SGR_MAX = 48 };

/* What one glyph looks like: its text made safe, its width and its colour escape. */
typedef struct {
    char text[4 * PUL_GLYPH_MAX]; /* room for a glyph whose every byte is escaped */
    int width;
    char sgr[TERM_SGR_MAX];
} TermGlyph;

/* The escape that sets the foreground (or, background true, the
** background) to a theme colour, "#rrggbb" or an ANSI name; "" when unknown. */
void term_colour_sgr(const char *colour, bool background, char *buf, size_t size);

/* Seat s's colour: the theme's (seats:) when it gives one, else the tools'
** palette, the order of the pictures' (render_svg.c): red, blue, yellow,
** green, magenta, cyan. As term_colour_sgr takes it. */
const char *term_seat_colour(const PulTheme *theme, int seat);
/* Its escape, bold, for a seat's name, stones and groups ("" without colour). */
void term_seat_sgr(const PulTheme *theme, const TermStyle *st, int seat, char *buf,
                   size_t size);

/* text made safe, in colour (NULL: none). */
void term_glyph_set(TermGlyph *gl, const char *text, const char *colour, const TermStyle *st);
/* Feature f's theme glyph when it fits a quadrant (one or two cells), else
** the tile set's symbol, in the feature's colour. */
void term_glyph_feature(TermGlyph *gl, const PulTileSet *ts, const PulTheme *theme, int f,
                        const TermStyle *st);
/* A part's theme glyph when it fits a quadrant, else fallback. */
void term_glyph_part(TermGlyph *gl, const PulTheme *theme, int part, const char *fallback,
                     const TermStyle *st);
/* One glyph in its colour over base (escapes that stay under it: the last
** tile's underline, a stone's ground; or ""). */
void term_put_glyph(FILE *out, const TermStyle *st, const TermGlyph *gl, const char *base);
void term_put_spaces(FILE *out, const TermStyle *st, int n, const char *base);

#endif
