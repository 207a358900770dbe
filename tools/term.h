/*
** term.h: drawing games in a terminal with a variant's theme (term_board.c),
** shared by `pul play` and `pul replay`. Each tile is its 2x2 quadrants, two
** terminal cells per quadrant, drawn with the theme's glyphs and colours;
** coordinates on the margins; the last move highlighted; claimed groups
** marked with their owner's colour; a legend under the board
** (term_legend.c).
*/
#ifndef PUL_TERM_H
#define PUL_TERM_H

#include <stdio.h>

#include "pul.h"

typedef struct {
    bool colour;       /* ANSI colours (a terminal), else plain text */
    int lang;          /* PulLang, for the names shown */
    bool no_legend;    /* term_draw_board leaves out the legend (pul play draws it apart) */
} TermStyle;

/* The board of g (everything on it is public), with the theme's glyphs
** (theme may be NULL: the tile set's symbols are used), and under it its
** legend (term_draw_legend). last: the cell of the last placement to
** highlight, or NULL. Once the game is over, each group that scores is
** drawn in its scorer's colour. */
void term_draw_board(FILE *out, const PulGame *g, const PulTheme *theme, const TermStyle *st,
                     const PulPlaced *last);

/* What the board's glyphs mean, in the theme's words and st's language:
** "glyph name" for each feature kind, the big micropul and the stone, in
** lines of at most TERM_LEGEND_WIDTH columns, entries never split; once g
** is over, what the scorers' colours mean too. */
enum { TERM_LEGEND_WIDTH = 80 };
void term_draw_legend(FILE *out, const PulGame *g, const PulTheme *theme, const TermStyle *st);

/* One tile in rotation rot, as its two rows of quadrants, for hands and the
** rotation preview; row is 0 or 1, written without a newline. */
void term_draw_tile_row(FILE *out, const PulVariant *v, const PulTheme *theme,
                        const TermStyle *st, int tile, int rot, int row);

/* The public state line by line: per seat its stones, hand and supply counts
** and score so far, the core count, whose turn it is; and the hand of seat
** (its own, -1: none shown) with each tile's id. */
void term_draw_status(FILE *out, const PulGame *g, const PulTheme *theme, const TermStyle *st,
                      int seat);

/* The columns of the terminal out writes to (asked of it), else $COLUMNS,
** else 80; never fewer than 40. */
int term_columns(FILE *out);

#endif
