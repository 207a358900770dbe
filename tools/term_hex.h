/*
** term_hex.h: an Einfach Genial game drawn in a terminal (term_hex.c), shared
** by `pul play` and `pul replay`: the hex board of the play area, the tracks
** as bars, the bag and the racks, and a kind's two symbols.
*/
#ifndef PUL_TERM_HEX_H
#define PUL_TERM_HEX_H

#include <stdio.h>

#include "pul.h"
#include "term.h"

/* The board's widest radius (board.yaml allows 8): the drawing's buffers. */
enum { HEX_RADIUS_MAX = 8, HEX_PANEL_MIN = 30 };

/* The play area of g, one line per row of cells (offset by half a cell),
** each cell one glyph wide and a column apart: r on the left margin; q on
** the diagonals (q is constant going south-east), on the top edge and the
** upper-left edge where a diagonal enters the board, and on the lower-right
** edge and under the bottom row where it leaves. A printed symbol stands
** in parentheses, the cells of the placements mark[0..nmark) in brackets
** (the last one underlined too, in colour), an empty cell is a dot. Cells
** outside the play area for the seat count are not drawn. */
void hex_draw_board(FILE *out, const PulGame *g, const PulTheme *th, const TermStyle *st,
                    const PulGenialPlaced *mark, int nmark);
/* The radius of g's play area, as drawn. */
int hex_area_radius(const PulGame *g);
/* The columns hex_draw_board takes. */
int hex_board_width(const PulGame *g);

/* Beside the board: every seat's (team's) six tracks as bars in a width of
** cols, with their values, the lowest marked; the bag and the racks' sizes;
** and the rack of seat (its kinds; -1: no rack shown). */
void hex_draw_panel(FILE *out, const PulGame *g, const PulTheme *th, const TermStyle *st,
                    int seat, int cols);

/* The board and the panel side by side when cols allows, else one under the
** other, then the legend. */
void hex_draw_table(FILE *out, const PulGame *g, const PulTheme *th, const TermStyle *st,
                    int seat, const PulGenialPlaced *mark, int nmark, int cols);

/* What the glyphs mean: each symbol's glyph and name, the printed cells, the
** marked placements, the lowest track; in lines of at most cols columns. */
void hex_draw_legend(FILE *out, const PulGame *g, const PulTheme *th, const TermStyle *st,
                     int cols);

/* Tile kind k as its two symbols' glyphs in their colours (two columns). */
void hex_put_kind(FILE *out, const PulVariant *v, const PulTheme *th, const TermStyle *st, int k);
/* Symbol s's glyph in its colour (one column). */
void hex_put_symbol(FILE *out, const PulVariant *v, const PulTheme *th, const TermStyle *st, int s);
/* Kind k's letters, "rg". */
void hex_kind_letters(const PulVariant *v, int k, char out[3]);

#endif
