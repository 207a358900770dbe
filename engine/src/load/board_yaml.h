/*
** board_yaml.h: the board and symbols readers of load/ as the manifest reader
** uses them: a board bound to a tile file's symbols and checked against the
** seat counts of its edition, with every error at its place in board.yaml.
*/
#ifndef PUL_BOARD_YAML_H
#define PUL_BOARD_YAML_H

#include "common.h"

/* Read board.yaml text into b. With ss, every printed symbol must be one of
** ss's (by letter or name) and gets its index; without it (NULL), symbols are
** kept as written (PUL_GENIAL_UNBOUND). With max_seats > 0, every seat count
** from min_seats to max_seats needs a play area. */
PulStatus board_read(PulBoard *b, const char *text, size_t len, const char *src,
                     const PulSymbolSet *ss, int min_seats, int max_seats, PulError *err);

/* Adjacent cell pairs of the hexagon of radius area on board b, neither cell
** printed: the placements' cells (what GENIAL_AREA_PAIRS_MAX bounds). */
int board_area_pairs(const PulBoard *b, int area);
/* Cells of the hexagon of radius r. */
int board_hex_cells(int r);

/* The symbols' letters ("r, g, b, o, y, p"), for messages. */
const char *symbols_letters(const PulSymbolSet *ss, char *buf, size_t size);

#endif
