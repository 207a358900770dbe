/*
** render_svg.c: the Micropul family's pictures of pul render (render_hex.c
** draws Genial's): a position (the board of a game, its stones, a title
** line) and a tile sheet (every tile of a variant). Tiles are drawn from the
** theme's art, which the theme loader has checked to be shapes only, so it
** is inserted as it is; every text written here is escaped. The output
** depends on nothing but its inputs, so that the tests can compare it byte
** for byte.
*/
#include <stdint.h>
#include <stdio.h>

#include "render_doc.h"

/* Geometry in SVG user units; one unit is one pixel at the natural size. */
enum {
    CELL = 80, /* a board cell */
    INSET = 2, /* tiles sit this far inside their cell, so that neighbours show a gap */
    TILE = CELL - 2 * INSET,
    COORD_BAND = 22, /* the coordinates' room above and left of the board */
    SHEET_COLS = 8,
    SHEET_GAP = 16,   /* between tiles of a sheet */
    SHEET_LABEL = 22, /* the room for a tile's id under it */
    SCORE_ICON = 18   /* a stone beside a score */
};

static const char TILE_BASE[] = "#fbf8f0"; /* under the quadrants' art */

static const char *const TILE_COUNT[PUL_NLANGS] = {"%d tiles", "タイル%d枚", "%d tuiles",
                                                   "%d fichas"};
static const char *const START_WORD[PUL_NLANGS] = {"start", "開始", "départ", "inicio"};

static int max_int(int a, int b) { return a > b ? a : b; }

/* ------------------------------------------------------------ the pieces */

/* Tile t turned rot quarter turns, its top left corner at (x, y), TILE wide.
** Each quadrant's art stays upright, as a player reads it; a big tile is its
** micropul scaled to the tile, the big art, then the centre catalyst. */
static void put_tile(RenderBuf *b, const PulTileSet *ts, const PulTheme *theme, int t, int rot,
                     double x, double y) {
    const PulTileDef *def = &ts->tile[t];
    render_put(b,
               "<g>\n<rect x=\"%g\" y=\"%g\" width=\"%d\" height=\"%d\" rx=\"5\" fill=\"%s\"/>\n",
               x, y, TILE, TILE, TILE_BASE);
    if (def->big) {
        render_put_art(b, theme->feature[def->quad[0]].art, x, y, TILE);
        render_put_art(b, theme->part[PUL_PART_BIG].art, x, y, TILE);
        render_put_art(b, theme->feature[def->centre].art, x + TILE / 4.0, y + TILE / 4.0,
                       TILE / 2.0);
    } else {
        uint8_t quad[4];
        pul_tileset_rotated(ts, t, rot, quad);
        for (int q = 0; q < 4; q++)
            render_put_art(b, theme->feature[quad[q]].art, x + (q & 1) * TILE / 2.0,
                           y + (q >> 1) * TILE / 2.0, TILE / 2.0);
    }
    render_put(b,
               "<rect x=\"%g\" y=\"%g\" width=\"%d\" height=\"%d\" rx=\"5\" fill=\"none\" "
               "stroke=\"%s\" stroke-width=\"1.5\"/>\n</g>\n",
               x, y, TILE, TILE, RENDER_TILE_EDGE);
}

/* A ring around the tile at (x, y), for the last placed tile or the start tile. */
static void put_highlight(RenderBuf *b, double x, double y) {
    render_put(b,
               "<rect x=\"%g\" y=\"%g\" width=\"%d\" height=\"%d\" rx=\"7\" fill=\"none\" "
               "stroke=\"%s\" stroke-width=\"4\"/>\n",
               x - 1.5, y - 1.5, TILE + 3, TILE + 3, RENDER_HIGHLIGHT);
}

/* The theme's stone in seat's colour, side wide, top left at (x, y). */
static void put_stone(RenderBuf *b, const PulTheme *theme, int seat, double x, double y,
                      double side) {
    render_put(b, "<g color=\"%s\">\n", render_seat_colour(theme, seat));
    render_put_art(b, theme->part[PUL_PART_STONE].art, x, y, side);
    render_put(b, "</g>\n");
}

/* ------------------------------------------------------------ a position */

static int digits(int n) {
    int d = n < 0 ? 2 : 1;
    for (n = n < 0 ? -n : n; n >= 10; n /= 10) d++;
    return d;
}

/* The width the scores take: per seat a stone, a space and the number. */
static double scores_width(const int *scores, int nseats) {
    double w = 0;
    for (int s = 0; s < nseats; s++)
        w += SCORE_ICON + 4 + digits(scores[s]) * 0.62 * RENDER_SUB_SIZE + 14;
    return w;
}

bool render_position(const PulGame *g, const PulTheme *theme, int move, int nmoves,
                     const RenderOptions *opt, RenderImage *out) {
    const PulVariant *v = pul_game_variant(g);
    const PulTileSet *ts = pul_variant_tileset(v);
    PulPlaced placed[PUL_MAX_TILES];
    int nplaced = pul_game_placed(g, placed, PUL_MAX_TILES);
    /* A started game has its start tile placed, so the box is never empty. */
    PulBounds box = {0, 0, 0, 0};
    pul_game_bounds(g, &box);
    int32_t minx = box.minx, maxx = box.maxx, miny = box.miny, maxy = box.maxy;
    int cols = (int)(maxx - minx + 1), rows = (int)(maxy - miny + 1);
    int band = opt->coordinates ? COORD_BAND : 0;
    int board_w = band + cols * CELL, board_h = band + rows * CELL;

    const char *title = pul_variant_title(v, opt->lang);
    char sub[128];
    snprintf(sub, sizeof sub, RENDER_MOVE_OF[opt->lang], move, nmoves);
    int nseats = pul_game_seats(g);
    int scores[PUL_MAX_SEATS];
    pul_game_scores(g, scores, PUL_MAX_SEATS);
    double sub_line = render_text_width(sub, RENDER_SUB_SIZE) + 24 + scores_width(scores, nseats);
    int content = max_int(
        max_int(board_w, RENDER_MIN_CONTENT),
        max_int((int)(render_text_width(title, RENDER_TITLE_SIZE) + 1), (int)(sub_line + 1)));
    int width = content + 2 * RENDER_MARGIN,
        height = RENDER_MARGIN + RENDER_HEAD + board_h + RENDER_MARGIN;

    RenderBuf b = {0};
    render_put_header(&b, width, height, opt, out);
    double sub_y = render_put_title(&b, title, sub);
    /* The scores end at the right margin, each after its seat's stone. */
    double x = RENDER_MARGIN + content - scores_width(scores, nseats) + 14;
    for (int s = 0; s < nseats; s++) {
        char num[16];
        snprintf(num, sizeof num, "%d", scores[s]);
        put_stone(&b, theme, s, x,
                  sub_y - RENDER_SUB_SIZE + 1 - (SCORE_ICON - RENDER_SUB_SIZE) / 2.0, SCORE_ICON);
        render_put_text(&b, x + SCORE_ICON + 4, sub_y, RENDER_SUB_SIZE, "start", RENDER_INK, "bold",
                        num);
        x += SCORE_ICON + 4 + digits(scores[s]) * 0.62 * RENDER_SUB_SIZE + 14;
    }

    /* The board is centred under the title block. */
    double ox = RENDER_MARGIN + (content - board_w) / 2.0 + band,
           oy = RENDER_MARGIN + RENDER_HEAD + band;
    if (opt->coordinates) {
        render_put(&b, "<g font-size=\"%d\" fill=\"%s\" text-anchor=\"middle\">\n",
                   RENDER_LABEL_SIZE, RENDER_MUTED);
        for (int c = 0; c < cols; c++)
            render_put(&b, "<text x=\"%g\" y=\"%g\">%ld</text>\n", ox + c * CELL + CELL / 2.0,
                       oy - 7.0, (long)minx + c);
        for (int r = 0; r < rows; r++)
            render_put(&b, "<text x=\"%g\" y=\"%g\">%ld</text>\n", ox - band / 2.0,
                       oy + r * CELL + CELL / 2.0 + RENDER_LABEL_SIZE / 3.0, (long)miny + r);
        render_put(&b, "</g>\n");
    }
    for (int i = 0; i < nplaced; i++)
        put_tile(&b, ts, theme, placed[i].tile, placed[i].rot,
                 ox + (placed[i].x - minx) * CELL + INSET,
                 oy + (placed[i].y - miny) * CELL + INSET);
    /* The tile placed last, unless only the start tile lies there. */
    if (nplaced > 1)
        put_highlight(&b, ox + (placed[nplaced - 1].x - minx) * CELL + INSET,
                      oy + (placed[nplaced - 1].y - miny) * CELL + INSET);
    PulStone stones[PUL_MAX_SEATS * PUL_MAX_STONES];
    int nstones = pul_game_stones_on_board(g, stones, PUL_MAX_SEATS * PUL_MAX_STONES);
    double side = TILE / 2.0 * 0.72;
    for (int i = 0; i < nstones; i++) {
        double qx = ox + (stones[i].x - minx) * CELL + INSET + (stones[i].quad & 1) * TILE / 2.0;
        double qy = oy + (stones[i].y - miny) * CELL + INSET + (stones[i].quad >> 1) * TILE / 2.0;
        double pad = (TILE / 2.0 - side) / 2.0;
        put_stone(&b, theme, stones[i].seat, qx + pad, qy + pad, side);
    }
    return render_finish(&b, out);
}

/* ------------------------------------------------------------ a sheet */

bool render_sheet(const PulVariant *v, const PulTheme *theme, const RenderOptions *opt,
                  RenderImage *out) {
    const PulTileSet *ts = pul_variant_tileset(v);
    int cols = ts->ntiles < SHEET_COLS ? ts->ntiles : SHEET_COLS;
    int rows = (ts->ntiles + SHEET_COLS - 1) / SHEET_COLS;
    int pitch_x = TILE + SHEET_GAP, pitch_y = TILE + SHEET_LABEL + SHEET_GAP / 2;
    int grid_w = cols * pitch_x - SHEET_GAP, grid_h = rows * pitch_y;

    const char *title = pul_variant_title(v, opt->lang);
    char sub[128];
    snprintf(sub, sizeof sub, TILE_COUNT[opt->lang], ts->ntiles);
    RenderBuf b = {0};
    double ox, oy;
    render_open_sheet(&b, title, sub, grid_w, grid_h, opt, out, &ox, &oy);
    for (int t = 0; t < ts->ntiles; t++) {
        double x = ox + (t % SHEET_COLS) * pitch_x, y = oy + (t / SHEET_COLS) * pitch_y;
        put_tile(&b, ts, theme, t, 0, x, y);
        char label[64];
        bool start = t == ts->start;
        if (start) {
            put_highlight(&b, x, y);
            snprintf(label, sizeof label, "%d · %s", t, START_WORD[opt->lang]);
        } else {
            snprintf(label, sizeof label, "%d", t);
        }
        render_put_text(&b, x + TILE / 2.0, y + TILE + 16, RENDER_LABEL_SIZE, "middle",
                        start ? RENDER_HIGHLIGHT : RENDER_MUTED, start ? "bold" : NULL, label);
    }
    return render_finish(&b, out);
}
