/*
** render_svg.c: the SVG documents of pul render, built in memory: a position
** (the board of a game, its stones, a title line) and a tile sheet (every
** tile of a variant). Tiles are drawn from the theme's art, which the theme
** loader has checked to be shapes only, so it is inserted as it is; every
** text written here is escaped. The output depends on nothing but its
** inputs, so that the tests can compare it byte for byte.
*/
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "render.h"

/* Geometry in SVG user units; one unit is one pixel at the natural size. */
enum {
    CELL = 80,          /* a board cell */
    INSET = 2,          /* tiles sit this far inside their cell, so that neighbours show a gap */
    TILE = CELL - 2 * INSET,
    MARGIN = 24,
    TITLE_SIZE = 22,    /* font sizes */
    SUB_SIZE = 14,
    LABEL_SIZE = 13,
    HEAD = 64,          /* the title block above the board */
    COORD_BAND = 22,    /* the coordinates' room above and left of the board */
    MIN_CONTENT = 240,
    SHEET_COLS = 8,
    SHEET_GAP = 16,     /* between tiles of a sheet */
    SHEET_LABEL = 22,   /* the room for a tile's id under it */
    SCORE_ICON = 18     /* a stone beside a score */
};

static const char FONT[] = "DejaVu Sans, Noto Sans CJK JP, sans-serif";
static const char PAPER[] = "#ffffff";
static const char TILE_BASE[] = "#fbf8f0";  /* under the quadrants' art */
static const char TILE_EDGE[] = "#4a433c";
static const char INK[] = "#2a2622";
static const char MUTED[] = "#7a7168";
static const char HIGHLIGHT[] = "#e07b00";  /* the last placed tile, the start tile */

/* The seats' stone colours: distinct, and none of them a theme's ink or ivory;
** the terminal's palette (term_look.c) names them in the same order. */
static const char *const SEAT_COLOUR[PUL_MAX_SEATS] = {"#d1493f", "#3b6fc4", "#e8b730",
                                                       "#3f9a57", "#8e5cc2", "#2aa3a3"};

/* A theme's seat colour named as a terminal colour, for a picture: the bright
** ones are the pictures' own seat colours, so that a theme that names seat
** colours by name gets the same stones here as the seats by default. */
static const char *const NAMED_COLOUR[][2] = {
    {"black", "#2a2622"},          {"red", "#a3372f"},          {"green", "#2f7a44"},
    {"yellow", "#b8901f"},         {"blue", "#2c4f8f"},         {"magenta", "#6d3f99"},
    {"cyan", "#1f7a7a"},           {"white", "#e8e4da"},        {"bright-black", "#7a7168"},
    {"bright-red", "#d1493f"},     {"bright-green", "#3f9a57"}, {"bright-yellow", "#e8b730"},
    {"bright-blue", "#3b6fc4"},    {"bright-magenta", "#8e5cc2"},
    {"bright-cyan", "#2aa3a3"},    {"bright-white", "#ffffff"}};

/* Seat s's stone colour: the theme's (seats:) when it names one. */
static const char *seat_colour(const PulTheme *theme, int seat) {
    seat %= PUL_MAX_SEATS;
    if (theme && seat < theme->nseat_colours) {
        const char *c = theme->seat_colour[seat];
        if (c[0] == '#') return c;
        for (size_t i = 0; i < sizeof NAMED_COLOUR / sizeof NAMED_COLOUR[0]; i++)
            if (strcmp(c, NAMED_COLOUR[i][0]) == 0) return NAMED_COLOUR[i][1];
    }
    return SEAT_COLOUR[seat];
}

/* The few words of the pictures, in the languages of PulLang. */
static const char *const MOVE_OF[PUL_NLANGS] = {"move %d of %d", "%d手目 (全%d手)",
                                                "coup %d sur %d", "jugada %d de %d"};
static const char *const TILE_COUNT[PUL_NLANGS] = {"%d tiles", "タイル%d枚", "%d tuiles",
                                                   "%d fichas"};
static const char *const START_WORD[PUL_NLANGS] = {"start", "開始", "départ", "inicio"};

/* ------------------------------------------------------------ the buffer */

typedef struct {
    char *buf;
    size_t len, cap;
    bool failed;
} Buf;

static void put(Buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static bool reserve(Buf *b, size_t more) {
    if (b->failed) return false;
    if (b->len + more + 1 <= b->cap) return true;
    size_t cap = b->cap ? b->cap : 16384;
    while (cap < b->len + more + 1) cap *= 2;
    char *nb = realloc(b->buf, cap);
    if (!nb) {
        b->failed = true;
        return false;
    }
    b->buf = nb;
    b->cap = cap;
    return true;
}

static void put(Buf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !reserve(b, (size_t)n)) {
        b->failed = true;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(b->buf + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* s as XML character data or attribute text (cli_xml_char). */
static void put_escaped(Buf *b, const char *s) {
    while (*s) {
        char esc[CLI_ESC_MAX];
        int len = cli_xml_char(s, esc);
        if (esc[0])
            put(b, "%s", esc);
        else
            put(b, "%.*s", len, s);
        s += len;
    }
}

static void put_text(Buf *b, double x, double y, int size, const char *anchor, const char *fill,
                     const char *weight, const char *text) {
    put(b, "<text x=\"%g\" y=\"%g\" font-size=\"%d\" text-anchor=\"%s\" fill=\"%s\"", x, y, size,
        anchor, fill);
    if (weight) put(b, " font-weight=\"%s\"", weight);
    put(b, ">");
    put_escaped(b, text);
    put(b, "</text>\n");
}

/* Theme art in the square of side `side` at (x, y). */
static void put_art(Buf *b, const char *art, double x, double y, double side) {
    if (!art[0]) return;
    put(b, "<g transform=\"translate(%g %g) scale(%g)\">\n%s", x, y, side, art);
    if (art[strlen(art) - 1] != '\n') put(b, "\n");
    put(b, "</g>\n");
}

/* A guess at the width of text in a proportional font, to leave room for it:
** wide (CJK) characters take one em, the others about 0.62. */
static double text_width(const char *text, int size) {
    double w = 0;
    for (size_t i = 0, n = strlen(text); i < n;) {
        uint32_t cp;
        int len = pul_utf8_next(text + i, n - i, &cp);
        w += len && cp >= 0x3000 && cp <= 0xFFFF ? 1.0 : 0.62;
        i += len ? (size_t)len : 1;
    }
    return w * size;
}

static int max_int(int a, int b) { return a > b ? a : b; }

/* ------------------------------------------------------------ the pieces */

/* Tile t turned rot quarter turns, its top left corner at (x, y), TILE wide.
** Each quadrant's art stays upright, as a player reads it; a big tile is its
** micropul scaled to the tile, the big art, then the centre catalyst. */
static void put_tile(Buf *b, const PulTileSet *ts, const PulTheme *theme, int t, int rot,
                     double x, double y) {
    const PulTileDef *def = &ts->tile[t];
    put(b, "<g>\n<rect x=\"%g\" y=\"%g\" width=\"%d\" height=\"%d\" rx=\"5\" fill=\"%s\"/>\n", x,
        y, TILE, TILE, TILE_BASE);
    if (def->big) {
        put_art(b, theme->feature[def->quad[0]].art, x, y, TILE);
        put_art(b, theme->part[PUL_PART_BIG].art, x, y, TILE);
        put_art(b, theme->feature[def->centre].art, x + TILE / 4.0, y + TILE / 4.0, TILE / 2.0);
    } else {
        uint8_t quad[4];
        pul_tileset_rotated(ts, t, rot, quad);
        for (int q = 0; q < 4; q++)
            put_art(b, theme->feature[quad[q]].art, x + (q & 1) * TILE / 2.0,
                    y + (q >> 1) * TILE / 2.0, TILE / 2.0);
    }
    put(b,
        "<rect x=\"%g\" y=\"%g\" width=\"%d\" height=\"%d\" rx=\"5\" fill=\"none\" "
        "stroke=\"%s\" stroke-width=\"1.5\"/>\n</g>\n",
        x, y, TILE, TILE, TILE_EDGE);
}

/* A ring around the tile at (x, y), for the last placed tile or the start tile. */
static void put_highlight(Buf *b, double x, double y) {
    put(b,
        "<rect x=\"%g\" y=\"%g\" width=\"%d\" height=\"%d\" rx=\"7\" fill=\"none\" "
        "stroke=\"%s\" stroke-width=\"4\"/>\n",
        x - 1.5, y - 1.5, TILE + 3, TILE + 3, HIGHLIGHT);
}

/* The theme's stone in seat's colour, side wide, top left at (x, y). */
static void put_stone(Buf *b, const PulTheme *theme, int seat, double x, double y, double side) {
    put(b, "<g color=\"%s\">\n", seat_colour(theme, seat));
    put_art(b, theme->part[PUL_PART_STONE].art, x, y, side);
    put(b, "</g>\n");
}

static void put_header(Buf *b, int natural_width, int natural_height, const RenderOptions *opt,
                       RenderImage *out) {
    int w = natural_width, h = natural_height;
    if (opt->width > 0) {
        w = opt->width;
        h = (int)((double)natural_height * opt->width / natural_width + 0.5);
        if (h < 1) h = 1;
    }
    out->width = w;
    out->height = h;
    put(b,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
        "viewBox=\"0 0 %d %d\" font-family=\"%s\">\n"
        "<rect width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
        w, h, natural_width, natural_height, FONT, natural_width, natural_height, PAPER);
}

static bool finish(Buf *b, RenderImage *out) {
    put(b, "</svg>\n");
    if (b->failed) {
        free(b->buf);
        memset(out, 0, sizeof *out);
        return false;
    }
    out->svg = b->buf;
    out->len = b->len;
    return true;
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
    for (int s = 0; s < nseats; s++) w += SCORE_ICON + 4 + digits(scores[s]) * 0.62 * SUB_SIZE + 14;
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
    snprintf(sub, sizeof sub, MOVE_OF[opt->lang], move, nmoves);
    int nseats = pul_game_seats(g);
    int scores[PUL_MAX_SEATS];
    pul_game_scores(g, scores, PUL_MAX_SEATS);
    double sub_line = text_width(sub, SUB_SIZE) + 24 + scores_width(scores, nseats);
    int content = max_int(max_int(board_w, MIN_CONTENT),
                          max_int((int)(text_width(title, TITLE_SIZE) + 1), (int)(sub_line + 1)));
    int width = content + 2 * MARGIN, height = MARGIN + HEAD + board_h + MARGIN;

    Buf b = {0};
    put_header(&b, width, height, opt, out);
    put_text(&b, MARGIN, MARGIN + TITLE_SIZE, TITLE_SIZE, "start", INK, "bold", title);
    double sub_y = MARGIN + TITLE_SIZE + 12 + SUB_SIZE;
    put_text(&b, MARGIN, sub_y, SUB_SIZE, "start", MUTED, NULL, sub);
    /* The scores end at the right margin, each after its seat's stone. */
    double x = MARGIN + content - scores_width(scores, nseats) + 14;
    for (int s = 0; s < nseats; s++) {
        char num[16];
        snprintf(num, sizeof num, "%d", scores[s]);
        put_stone(&b, theme, s, x, sub_y - SUB_SIZE + 1 - (SCORE_ICON - SUB_SIZE) / 2.0,
                  SCORE_ICON);
        put_text(&b, x + SCORE_ICON + 4, sub_y, SUB_SIZE, "start", INK, "bold", num);
        x += SCORE_ICON + 4 + digits(scores[s]) * 0.62 * SUB_SIZE + 14;
    }

    /* The board is centred under the title block. */
    double ox = MARGIN + (content - board_w) / 2.0 + band, oy = MARGIN + HEAD + band;
    if (opt->coordinates) {
        put(&b, "<g font-size=\"%d\" fill=\"%s\" text-anchor=\"middle\">\n", LABEL_SIZE, MUTED);
        for (int c = 0; c < cols; c++)
            put(&b, "<text x=\"%g\" y=\"%g\">%ld</text>\n", ox + c * CELL + CELL / 2.0, oy - 7.0,
                (long)minx + c);
        for (int r = 0; r < rows; r++)
            put(&b, "<text x=\"%g\" y=\"%g\">%ld</text>\n", ox - band / 2.0,
                oy + r * CELL + CELL / 2.0 + LABEL_SIZE / 3.0, (long)miny + r);
        put(&b, "</g>\n");
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
    return finish(&b, out);
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
    int content = max_int(max_int(grid_w, MIN_CONTENT), (int)(text_width(title, TITLE_SIZE) + 1));
    int width = content + 2 * MARGIN, height = MARGIN + HEAD + grid_h + MARGIN;

    Buf b = {0};
    put_header(&b, width, height, opt, out);
    put_text(&b, MARGIN, MARGIN + TITLE_SIZE, TITLE_SIZE, "start", INK, "bold", title);
    put_text(&b, MARGIN, MARGIN + TITLE_SIZE + 12 + SUB_SIZE, SUB_SIZE, "start", MUTED, NULL, sub);
    double ox = MARGIN + (content - grid_w) / 2.0, oy = MARGIN + HEAD;
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
        put_text(&b, x + TILE / 2.0, y + TILE + 16, LABEL_SIZE, "middle", start ? HIGHLIGHT : MUTED,
                 start ? "bold" : NULL, label);
    }
    return finish(&b, out);
}

void render_image_free(RenderImage *img) {
    free(img->svg);
    memset(img, 0, sizeof *img);
}
