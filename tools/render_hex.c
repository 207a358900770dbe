/*
** render_hex.c: the Einfach Genial family's pictures of pul render: a position
** (the hex board, its play area for the seat count, the unused rings hatched,
** the printed symbols, the tiles with the last one marked, and beside it each
** seat's or team's six score tracks and racks) and the sheet of tile kinds
** with their counts. Art is the theme's, inserted as render_svg.c does; every
** text is escaped; the output depends on nothing but its inputs.
*/
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_doc.h"

/* Geometry in SVG user units; one unit is one pixel at the natural size. */
enum {
    HEX = 28,        /* a board cell's circumradius: corner to centre */
    INSET = 2,       /* tiles sit this far inside their cells, so that neighbours show a gap */
    BOARD_PAD = 6,   /* the board's edge beyond its outer cells */
    PANEL_GAP = 36,  /* between the board and the tracks */
    PANEL_HEAD = 32, /* a panel's name line */
    TRACK_ROW = 24,  /* a track's line */
    TRACK_W = 270,   /* a track, from space 0 to its end */
    TRACK_H = 14,
    RACK_ROW = 36, /* a rack's line */
    RACK_HEX = 12, /* a rack tile's cell */
    PANEL_W = 30 + TRACK_W + 40, /* at least: a rack may ask for more */
    PANEL_SKIP = 18,  /* between panels */
    SHEET_GAP = 24,   /* between tiles of a sheet */
    SHEET_LABEL = 24, /* the room for a count under a tile */
    LEGEND_HEX = 22   /* a symbol's cell in the sheet's legend */
};

#define SQRT3 1.7320508075688772

static const char CELL_FILL[] = "#f7f1e3"; /* a cell of the play area */
static const char CELL_EDGE[] = "#c4b79e";
static const char UNUSED_EDGE[] = "#d3cdc2"; /* a cell outside the play area */
static const char BOARD_FILL[] = "#ddd0b4";  /* the board under its cells */
static const char BOARD_EDGE[] = "#b3a17e";
static const char PRINTED_FILL[] = "#e4d5b3"; /* a symbol printed on the board */
static const char PRINTED_RING[] = "#9c8a63";
static const char TILE_FILL[] = "#fffdf8";
static const char TILE_SEAM[] = "#b5a78d"; /* between a tile's two halves */
static const char TRACK_FILL[] = "#f1ece2";
static const char LOWEST_BAND[] = "#fbe7cc"; /* behind a seat's lowest tracks */

/* The words of these pictures, in the languages of PulLang. */
static const char *const SEAT_WORD[PUL_NLANGS] = {"Seat %d", "プレイヤー %d", "Joueur %d",
                                                  "Jugador %d"};
static const char *const TEAM_WORD[PUL_NLANGS] = {"Team %d", "チーム %d", "Équipe %d", "Equipo %d"};
static const char *const SCORE_WORD[PUL_NLANGS] = {"score %d", "得点 %d", "score %d", "puntos %d"};
static const char *const TO_PLAY[PUL_NLANGS] = {"to play", "手番", "à jouer", "le toca"};
static const char *const WINNER[PUL_NLANGS] = {"winner", "勝者", "gagnant", "gana"};
static const char *const KIND_COUNT[PUL_NLANGS] = {"%d kinds, %d tiles", "%d種類、タイル%d枚",
                                                   "%d sortes, %d tuiles", "%d tipos, %d fichas"};

/* The corners of a pointy-top hexagon of circumradius 1, from the upper right
** clockwise (y grows downwards): corner i at 60i - 30 degrees. Direction d
** (e se sw w nw ne) points at 60d degrees, through the side of corners d, d+1. */
static const double CORNER[6][2] = {{SQRT3 / 2, -0.5}, {SQRT3 / 2, 0.5},   {0, 1},
                                    {-SQRT3 / 2, 0.5}, {-SQRT3 / 2, -0.5}, {0, -1}};
static const double STEP[6][2] = {{1, 0},  {0.5, SQRT3 / 2},   {-0.5, SQRT3 / 2},
                                  {-1, 0}, {-0.5, -SQRT3 / 2}, {0.5, -SQRT3 / 2}};
static const char *const DIR_NAME[6] = {"e", "se", "sw", "w", "nw", "ne"};

/* x to a hundredth, so that the document stays small and the same everywhere. */
static double r2(double x) { return floor(x * 100 + 0.5) / 100; }

static int max_int(int a, int b) { return a > b ? a : b; }

/* ------------------------------------------------------------ the pieces */

/* points="..." of the polygon pt[0 .. n-1]. */
static void put_points(RenderBuf *b, const double (*pt)[2], int n) {
    render_put(b, " points=\"");
    for (int i = 0; i < n; i++)
        render_put(b, "%s%g,%g", i ? " " : "", r2(pt[i][0]), r2(pt[i][1]));
    render_put(b, "\"");
}

/* A hexagon's points="...", centre (cx, cy), circumradius rad. */
static void put_hex_points(RenderBuf *b, double cx, double cy, double rad) {
    double pt[6][2];
    for (int i = 0; i < 6; i++) {
        pt[i][0] = cx + rad * CORNER[i][0];
        pt[i][1] = cy + rad * CORNER[i][1];
    }
    put_points(b, (const double(*)[2])pt, 6);
}

/* The outline of a tile whose first cell is centred at (cx, cy), its second
** in direction dir, each cell rad round, moved inset inwards: the first
** cell's corners from dir+1 round to dir, then the second's four outer ones.
** Points 0 and 5 are the ends of the seam between the halves. */
static void tile_outline(double pt[10][2], double cx, double cy, int dir, double rad,
                         double inset) {
    double w = SQRT3 * rad, ox = cx + w * STEP[dir][0], oy = cy + w * STEP[dir][1];
    double full[10][2];
    for (int i = 0; i < 6; i++) {
        int c = (dir + 1 + i) % 6;
        full[i][0] = cx + rad * CORNER[c][0];
        full[i][1] = cy + rad * CORNER[c][1];
    }
    for (int i = 0; i < 4; i++) {
        int c = (dir + 5 + i) % 6;
        full[6 + i][0] = ox + rad * CORNER[c][0];
        full[6 + i][1] = oy + rad * CORNER[c][1];
    }
    /* Each side moves inset inwards (to its right, clockwise on screen); a
    ** corner goes where its two sides meet again. */
    for (int i = 0; i < 10; i++) {
        const double *p = full[(i + 9) % 10], *v = full[i], *n = full[(i + 1) % 10];
        double ax = v[0] - p[0], ay = v[1] - p[1], bx = n[0] - v[0], by = n[1] - v[1];
        double la = sqrt(ax * ax + ay * ay), lb = sqrt(bx * bx + by * by);
        double n1x = -ay / la, n1y = ax / la, n2x = -by / lb, n2y = bx / lb;
        double k = inset / (1 + n1x * n2x + n1y * n2y);
        pt[i][0] = v[0] + (n1x + n2x) * k;
        pt[i][1] = v[1] + (n1y + n2y) * k;
    }
}

/* Symbol s's art, its square a little wider than the cell's radius. */
static void put_symbol(RenderBuf *b, const PulTheme *theme, int s, double cx, double cy,
                       double rad) {
    double side = rad * 1.2;
    render_put_art(b, theme->feature[s].art, r2(cx - side / 2), r2(cy - side / 2), r2(side));
}

/* A tile: symbol sa on the cell centred at (cx, cy), sb on its neighbour in
** direction dir; when attr is not NULL, the tile's group has the attribute
** attr="text" (what a test reads: the placement or the kind it shows). */
static void put_tile(RenderBuf *b, const PulTheme *theme, int sa, int sb, double cx, double cy,
                     int dir, double rad, const char *attr, const char *text) {
    double w = SQRT3 * rad, ox = cx + w * STEP[dir][0], oy = cy + w * STEP[dir][1];
    double pt[10][2];
    tile_outline(pt, cx, cy, dir, rad, INSET * rad / HEX);
    render_put(b, "<g class=\"tile\"");
    if (attr) {
        render_put(b, " %s=\"", attr);
        render_put_escaped(b, text);
        render_put(b, "\"");
    }
    render_put(b, ">\n<polygon");
    put_points(b, (const double(*)[2])pt, 10);
    render_put(b,
               " fill=\"%s\" stroke=\"%s\" stroke-width=\"%g\" stroke-linejoin=\"round\"/>\n"
               "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"%s\" stroke-width=\"1\" "
               "stroke-dasharray=\"3 2\"/>\n",
               TILE_FILL, RENDER_TILE_EDGE, rad >= HEX ? 1.6 : 1.0, r2(pt[5][0]), r2(pt[5][1]),
               r2(pt[0][0]), r2(pt[0][1]), TILE_SEAM);
    put_symbol(b, theme, sa, cx, cy, rad);
    put_symbol(b, theme, sb, ox, oy, rad);
    render_put(b, "</g>\n");
}

/* A symbol printed on the board, on a darker base with a ring, so that it
** never looks like a tile's half. */
static void put_printed(RenderBuf *b, const PulTheme *theme, const PulSymbolSet *ss, int s,
                        int q, int r, double cx, double cy) {
    render_put(b, "<g class=\"printed\" data-symbol=\"%c\" data-cell=\"%d,%d\">\n<polygon",
               ss->symbol[s].letter, q, r);
    put_hex_points(b, cx, cy, HEX);
    render_put(b,
               " fill=\"%s\" stroke=\"%s\" stroke-width=\"1\"/>\n"
               "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"%s\" stroke=\"%s\" "
               "stroke-width=\"1.5\"/>\n",
               PRINTED_FILL, CELL_EDGE, r2(cx), r2(cy), r2(HEX * 0.78), CELL_FILL, PRINTED_RING);
    put_symbol(b, theme, s, cx, cy, HEX);
    render_put(b, "</g>\n");
}

/* A symbol alone in a cell, rad round (the sheet's legend, the tracks' heads). */
static void put_symbol_cell(RenderBuf *b, const PulTheme *theme, int s, double cx, double cy,
                            double rad) {
    render_put(b, "<polygon");
    put_hex_points(b, cx, cy, rad);
    render_put(b, " fill=\"%s\" stroke=\"%s\" stroke-width=\"1\"/>\n", TILE_FILL, CELL_EDGE);
    put_symbol(b, theme, s, cx, cy, rad);
}

/* The kind's symbols as they lie on a placed tile's first and second cells. */
static void placed_symbols(const PulSymbolSet *ss, const PulGenialPlaced *p, int *sa, int *sb) {
    const PulKind *k = &ss->kind[p->kind];
    *sa = p->flip ? k->b : k->a;
    *sb = p->flip ? k->a : k->b;
}

/* The value of the rule parameter called name in g (0 when there is none). */
static int game_rule(const PulGame *g, const char *name) {
    const PulVariant *v = pul_game_variant(g);
    for (int i = 0; i < pul_variant_nparams(v); i++)
        if (strcmp(pul_variant_param(v, i)->name, name) == 0) return pul_game_rule(g, i);
    return 0;
}

/* ------------------------------------------------------------ a position */

/* The panels beside the board: one per seat, or per team in team play. */
typedef struct {
    double w;      /* wide enough for the tracks and the longest rack */
    double rack_x; /* where the racks' tiles begin, after their labels */
    int n;
    int seat[PUL_MAX_SEATS];   /* the panel's first seat */
    int nseats[PUL_MAX_SEATS]; /* the seats it shows */
    int member[PUL_MAX_SEATS][PUL_MAX_SEATS];
} Panels;

/* The label of the rack of panel i's k-th seat: "rack", or in a team the seat. */
static void rack_label(const Panels *p, int i, int k, const PulTheme *theme, int lang, char *buf,
                       size_t size) {
    if (p->nseats[i] == 1)
        snprintf(buf, size, "%s", pul_theme_part_name(theme, PUL_PART_RACK, lang));
    else
        snprintf(buf, size, SEAT_WORD[lang], p->member[i][k] + 1);
}

static void panels_of(const PulGame *g, const PulTheme *theme, int lang, Panels *p) {
    memset(p, 0, sizeof *p);
    int nseats = pul_game_seats(g);
    for (int s = 0; s < nseats; s++) {
        int i = 0;
        while (i < p->n && pul_game_team(g, p->seat[i]) != pul_game_team(g, s)) i++;
        if (i == p->n) p->seat[p->n++] = s;
        p->member[i][p->nseats[i]++] = s;
    }
    for (int i = 0; i < p->n; i++)
        for (int k = 0; k < p->nseats[i]; k++) {
            char label[PUL_LABEL_MAX + 32];
            rack_label(p, i, k, theme, lang, label, sizeof label);
            double w = render_text_width(label, 12) + 10;
            if (w > p->rack_x) p->rack_x = w;
        }
    int rack = game_rule(g, "rack_size");
    if (rack > PUL_GENIAL_RACK_MAX) rack = PUL_GENIAL_RACK_MAX;
    p->w = p->rack_x + rack * (2 * SQRT3 * RACK_HEX + 6) + 4;
    if (p->w < PANEL_W) p->w = PANEL_W;
}

static int panel_height(int nsym, int nracks) {
    return PANEL_HEAD + nsym * TRACK_ROW + nracks * RACK_ROW;
}

/* The name line of panel i: the seat, or the team (its rack lines name its seats). */
static void panel_name(const Panels *p, int i, int lang, char *buf, size_t size) {
    if (p->nseats[i] == 1)
        snprintf(buf, size, SEAT_WORD[lang], p->seat[i] + 1);
    else
        snprintf(buf, size, TEAM_WORD[lang], i + 1);
}

/* One track: the spaces 0 .. end, those up to value filled in the symbol's
** colour, the peg in the seat's colour on value, a heavier line after each
** segment's end but the last, and the value, marked when it is the lowest. */
static void put_track(RenderBuf *b, const PulTheme *theme, const PulSymbolSet *ss, int s, int value,
                      int end, int segment, bool lowest, const char *peg, double x, double y,
                      double w) {
    double space = (double)TRACK_W / (end + 1), ty = y + (TRACK_ROW - TRACK_H) / 2.0;
    double tx = x + 30;
    render_put(b, "<g class=\"track%s\" data-symbol=\"%c\" data-value=\"%d\">\n",
               lowest ? " lowest" : "", ss->symbol[s].letter, value);
    if (lowest)
        render_put(b, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%d\" rx=\"4\" fill=\"%s\"/>\n",
                   r2(x - 4), r2(y + 1), r2(w - 2), TRACK_ROW - 2, LOWEST_BAND);
    put_symbol_cell(b, theme, s, x + 12, y + TRACK_ROW / 2.0, TRACK_ROW * 0.46);
    const char *colour = render_colour(theme->feature[s].colour, RENDER_MUTED);
    render_put(b,
               "<rect x=\"%g\" y=\"%g\" width=\"%d\" height=\"%d\" rx=\"3\" fill=\"%s\" "
               "stroke=\"%s\" stroke-width=\"1\"/>\n",
               r2(tx), r2(ty), TRACK_W, TRACK_H, TRACK_FILL, CELL_EDGE);
    if (value > 0)
        render_put(b,
                   "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%d\" fill=\"%s\" "
                   "fill-opacity=\"0.8\"/>\n",
                   r2(tx + space), r2(ty), r2(space * value), TRACK_H, colour);
    render_put(b, "<path d=\"");
    for (int k = 1; k <= end; k++)
        if (k % segment) render_put(b, "M%g %gv%d", r2(tx + k * space), r2(ty), TRACK_H);
    render_put(b, "\" stroke=\"#ffffff\" stroke-width=\"1\"/>\n");
    for (int k = segment; k < end; k += segment)
        render_put(b,
                   "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"%s\" "
                   "stroke-width=\"2\"/>\n",
                   r2(tx + (k + 1) * space), r2(ty - 3), r2(tx + (k + 1) * space),
                   r2(ty + TRACK_H + 3), RENDER_INK);
    double pr = space * 0.42 < 6 ? space * 0.42 : 6;
    if (pr < 3.5) pr = 3.5;
    render_put(b,
               "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"%s\" stroke=\"#ffffff\" "
               "stroke-width=\"1.5\"/>\n",
               r2(tx + (value + 0.5) * space), r2(ty + TRACK_H / 2.0), r2(pr), peg);
    char num[16];
    snprintf(num, sizeof num, "%d", value);
    render_put_text(b, r2(x + w - 12), r2(y + TRACK_ROW / 2.0 + 5), RENDER_LABEL_SIZE, "end",
                    lowest ? RENDER_HIGHLIGHT : RENDER_INK, lowest ? "bold" : NULL, num);
    render_put(b, "</g>\n");
}

/* Seat's rack as small tiles after a label, which is marked when to_move. */
static void put_rack(RenderBuf *b, const PulGame *g, const PulTheme *theme, const PulSymbolSet *ss,
                     int seat, const char *label, bool to_move, bool hidden, double x,
                     double rack_x, double y) {
    uint8_t kinds[PUL_GENIAL_RACK_MAX];
    int n = pul_genial_rack(g, seat, kinds, PUL_GENIAL_RACK_MAX);
    if (n > PUL_GENIAL_RACK_MAX) n = PUL_GENIAL_RACK_MAX;
    render_put(b, "<g class=\"rack\" data-seat=\"%d\" data-tiles=\"%d\">\n", seat + 1, n);
    render_put_text(b, x, r2(y + RACK_ROW / 2.0 + 4), 12, "start",
                    to_move ? RENDER_HIGHLIGHT : RENDER_MUTED, to_move ? "bold" : NULL, label);
    double w = SQRT3 * RACK_HEX, tx = x + rack_x + w / 2;
    if (n == 0)
        render_put_text(b, r2(tx - w / 2), r2(y + RACK_ROW / 2.0 + 4), 12, "start", RENDER_MUTED,
                        NULL, "—");
    for (int i = 0; i < n && hidden; i++) /* face down: only how many */
        render_put(b, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"%s\"/>\n",
                   r2(tx + i * (2 * w + 6) + w / 2), r2(y + RACK_ROW / 2.0), r2(RACK_HEX * 0.8),
                   RENDER_MUTED);
    for (int i = 0; i < n && !hidden; i++) {
        const PulKind *k = &ss->kind[kinds[i]];
        put_tile(b, theme, k->a, k->b, r2(tx + i * (2 * w + 6)), y + RACK_ROW / 2.0, 0, RACK_HEX,
                 NULL, NULL);
    }
    render_put(b, "</g>\n");
}

/* Panel i of the position: name and score, six tracks, its seats' racks. */
static void put_panel(RenderBuf *b, const PulGame *g, const PulTheme *theme, const Panels *p, int i,
                      int lang, int viewer, double x, double y) {
    const PulSymbolSet *ss = pul_variant_symbols(pul_game_variant(g));
    int seat = p->seat[i], scores[PUL_MAX_SEATS], tracks[PUL_GENIAL_MAX_SYMBOLS];
    pul_game_scores(g, scores, PUL_MAX_SEATS);
    int nsym = pul_genial_tracks(g, seat, tracks, PUL_GENIAL_MAX_SYMBOLS);
    int end = pul_genial_track_end(g), segment = game_rule(g, "track_max");
    if (segment <= 0) segment = end;
    const char *colour = render_seat_colour(theme, seat);
    render_put(b, "<g class=\"panel\" data-seat=\"%d\" data-score=\"%d\">\n", seat + 1,
               scores[seat]);
    char name[128], score[64];
    panel_name(p, i, lang, name, sizeof name);
    double base = y + 20;
    render_put(b, "<circle cx=\"%g\" cy=\"%g\" r=\"7\" fill=\"%s\"/>\n", r2(x + 8), r2(base - 5),
               colour);
    render_put_text(b, x + 22, base, 15, "start", RENDER_INK, "bold", name);
    /* To play, or the winners once the game is over. */
    int winners[PUL_MAX_SEATS], nwin = pul_game_over(g) && pul_game_seats(g) > 1
                                           ? pul_game_winners(g, winners, PUL_MAX_SEATS)
                                           : 0;
    const char *status = NULL;
    for (int k = 0; k < nwin; k++)
        if (pul_game_team(g, winners[k]) == pul_game_team(g, seat)) status = WINNER[lang];
    if (!pul_game_over(g) && pul_game_team(g, pul_game_to_move(g)) == pul_game_team(g, seat))
        status = TO_PLAY[lang];
    if (status)
        render_put_text(b, r2(x + 22 + render_text_width(name, 15) + 10), base, 12, "start",
                        RENDER_HIGHLIGHT, "bold", status);
    snprintf(score, sizeof score, SCORE_WORD[lang], scores[seat]);
    render_put_text(b, r2(x + p->w - 12), base, 14, "end", RENDER_INK, "bold", score);
    double ty = y + PANEL_HEAD;
    for (int s = 0; s < nsym; s++, ty += TRACK_ROW)
        put_track(b, theme, ss, s, tracks[s], end, segment, tracks[s] == scores[seat], colour, x,
                  ty, p->w);
    for (int k = 0; k < p->nseats[i]; k++, ty += RACK_ROW) {
        char label[PUL_LABEL_MAX + 32];
        rack_label(p, i, k, theme, lang, label, sizeof label);
        /* In a team, which partner is to play. */
        bool to_move =
            p->nseats[i] > 1 && !pul_game_over(g) && pul_game_to_move(g) == p->member[i][k];
        bool hidden = viewer > 0 && p->member[i][k] != viewer - 1;
        put_rack(b, g, theme, ss, p->member[i][k], label, to_move, hidden, x, p->rack_x, ty);
    }
    render_put(b, "</g>\n");
}

/* The cells of the board, each in its place: a cell of the play area, or one
** outside it (hatched); printed symbols and coordinates after them. */
static void put_cells(RenderBuf *b, const PulGame *g, const PulTheme *theme, int radius, double bx,
                      double by, bool coordinates) {
    const PulSymbolSet *ss = pul_variant_symbols(pul_game_variant(g));
    double w = SQRT3 * HEX;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 0)
            render_put(b, "<g class=\"play-area\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1\">\n",
                       CELL_FILL, CELL_EDGE);
        else
            render_put(b,
                       "<g class=\"unused\" fill=\"url(#unused)\" stroke=\"%s\" "
                       "stroke-width=\"1\">\n",
                       UNUSED_EDGE);
        for (int r = -radius; r <= radius; r++)
            for (int q = -radius; q <= radius; q++) {
                if (abs(q + r) > radius) continue;
                bool in_play = pul_genial_cell(g, q, r) != -2;
                if (in_play != (pass == 0) || pul_genial_is_printed(g, q, r)) continue;
                render_put(b, "<polygon data-cell=\"%d,%d\"", q, r);
                put_hex_points(b, bx + w * (q + r / 2.0), by + 1.5 * HEX * r, HEX);
                render_put(b, "/>\n");
            }
        render_put(b, "</g>\n");
    }
    for (int r = -radius; r <= radius; r++)
        for (int q = -radius; q <= radius; q++) {
            if (abs(q + r) > radius || !pul_genial_is_printed(g, q, r)) continue;
            put_printed(b, theme, ss, pul_genial_cell(g, q, r), q, r, bx + w * (q + r / 2.0),
                        by + 1.5 * HEX * r);
        }
    if (!coordinates) return;
    render_put(b, "<g class=\"coordinates\" font-size=\"9\" fill=\"%s\" text-anchor=\"middle\">\n",
               RENDER_MUTED);
    for (int r = -radius; r <= radius; r++)
        for (int q = -radius; q <= radius; q++)
            if (abs(q + r) <= radius && pul_genial_cell(g, q, r) == -1)
                render_put(b, "<text x=\"%g\" y=\"%g\">%d,%d</text>\n", r2(bx + w * (q + r / 2.0)),
                           r2(by + 1.5 * HEX * r + 3), q, r);
    render_put(b, "</g>\n");
}

bool render_hex_position(const PulGame *g, const PulTheme *theme, int move, int nmoves,
                         const RenderOptions *opt, RenderImage *out) {
    const PulVariant *v = pul_game_variant(g);
    const PulSymbolSet *ss = pul_variant_symbols(v);
    int radius = pul_variant_board(v)->radius;
    /* The board is a flat-topped hexagon round the cells: its corners lie
    ** beyond the six outer corner cells, its sides just clear of the cells. */
    double w = SQRT3 * HEX, rho = radius * w + (HEX + BOARD_PAD) / (SQRT3 / 2);
    int board_w = (int)ceil(2 * rho), board_h = (int)ceil(SQRT3 * rho);
    Panels p;
    panels_of(g, theme, opt->lang, &p);
    int panels_h = 0;
    for (int i = 0; i < p.n; i++)
        panels_h += panel_height(ss->nsymbols, p.nseats[i]) + (i ? PANEL_SKIP : 0);

    const char *title = pul_variant_title(v, opt->lang);
    char sub[256];
    int n = snprintf(sub, sizeof sub, RENDER_MOVE_OF[opt->lang], move, nmoves);
    snprintf(sub + n, sizeof sub - (size_t)n, " · %s: %d",
             pul_theme_part_name(theme, PUL_PART_BAG, opt->lang), pul_genial_bag(g));
    int content = max_int(board_w + PANEL_GAP + (int)ceil(p.w),
                          (int)(render_text_width(title, RENDER_TITLE_SIZE) + 1));
    int body = max_int(board_h, panels_h);
    int width = content + 2 * RENDER_MARGIN,
        height = RENDER_MARGIN + RENDER_HEAD + body + RENDER_MARGIN;

    RenderBuf b = {0};
    render_put_header(&b, width, height, opt, out);
    render_put(&b, "<defs>\n<pattern id=\"unused\" width=\"6\" height=\"6\" "
                   "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">\n"
                   "<rect width=\"6\" height=\"6\" fill=\"#ebe7df\"/>\n"
                   "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#d6d0c4\" "
                   "stroke-width=\"3\"/>\n</pattern>\n</defs>\n");
    render_put_title(&b, title, sub);
    double top = RENDER_MARGIN + RENDER_HEAD;
    double bx = RENDER_MARGIN + rho, by = top + (body - board_h) / 2.0 + board_h / 2.0;
    double corner[6][2];
    for (int i = 0; i < 6; i++) {
        corner[i][0] = bx + rho * STEP[i][0];
        corner[i][1] = by + rho * STEP[i][1];
    }
    render_put(&b, "<polygon class=\"board\"");
    put_points(&b, (const double(*)[2])corner, 6);
    render_put(&b, " fill=\"%s\" stroke=\"%s\" stroke-width=\"2\" stroke-linejoin=\"round\"/>\n",
               BOARD_FILL, BOARD_EDGE);
    put_cells(&b, g, theme, radius, bx, by, opt->coordinates);

    PulGenialPlaced placed[PUL_GENIAL_MAX_PLACED];
    int nplaced = pul_genial_placed(g, placed, PUL_GENIAL_MAX_PLACED);
    if (nplaced > PUL_GENIAL_MAX_PLACED) nplaced = PUL_GENIAL_MAX_PLACED;
    for (int i = 0; i < nplaced; i++) {
        const PulGenialPlaced *t = &placed[i];
        int sa, sb;
        placed_symbols(ss, t, &sa, &sb);
        PulAction a = {PUL_PLACE, t->kind, t->dir, t->flip, t->q, t->r};
        char text[64];
        pul_action_format(v, &a, text, sizeof text);
        put_tile(&b, theme, sa, sb, bx + w * (t->q + t->r / 2.0), by + 1.5 * HEX * t->r, t->dir,
                 HEX, "data-move", text);
    }
    if (nplaced > 0) {
        const PulGenialPlaced *t = &placed[nplaced - 1];
        render_put(&b, "<polygon class=\"last\" data-cell=\"%ld,%ld\" data-dir=\"%s\"", (long)t->q,
                   (long)t->r, DIR_NAME[t->dir % 6]);
        double pt[10][2];
        tile_outline(pt, bx + w * (t->q + t->r / 2.0), by + 1.5 * HEX * t->r, t->dir % 6, HEX,
                     INSET);
        put_points(&b, (const double(*)[2])pt, 10);
        render_put(&b,
                   " fill=\"none\" stroke=\"%s\" stroke-width=\"3.5\" "
                   "stroke-linejoin=\"round\"/>\n",
                   RENDER_HIGHLIGHT);
    }

    double px = RENDER_MARGIN + board_w + PANEL_GAP, py = top + (body - panels_h) / 2.0;
    for (int i = 0; i < p.n; i++) {
        put_panel(&b, g, theme, &p, i, opt->lang, opt->viewer, px, py);
        py += panel_height(ss->nsymbols, p.nseats[i]) + PANEL_SKIP;
    }
    return render_finish(&b, out);
}

/* ------------------------------------------------------------ a sheet */

/* The symbols in a row, each in a cell with its name under it; then every
** kind as a tile with its count, kind (a, b) in row a and column b, so that
** the doubles lie on the diagonal. */
bool render_hex_sheet(const PulVariant *v, const PulTheme *theme, const RenderOptions *opt,
                      RenderImage *out) {
    const PulSymbolSet *ss = pul_variant_symbols(v);
    int n = ss->nsymbols, total = 0;
    for (int k = 0; k < ss->nkinds; k++)
        total += ss->kind[k].count;
    double w = SQRT3 * HEX;
    /* A column is as wide as a tile, or as its symbol's name in the legend. */
    int pitch_x = (int)ceil(2 * w) + SHEET_GAP, pitch_y = 2 * HEX + SHEET_LABEL + 8;
    for (int s = 0; s < n; s++) {
        const char *name = pul_theme_feature_name(theme, s, opt->lang);
        pitch_x = max_int(pitch_x, (int)ceil(render_text_width(name, RENDER_LABEL_SIZE)) + 12);
    }
    int legend_h = 2 * LEGEND_HEX + 30;
    int grid_w = n * pitch_x - SHEET_GAP, grid_h = legend_h + n * pitch_y;

    const char *title = pul_variant_title(v, opt->lang);
    char sub[128];
    snprintf(sub, sizeof sub, KIND_COUNT[opt->lang], ss->nkinds, total);
    RenderBuf b = {0};
    double ox, oy;
    render_open_sheet(&b, title, sub, grid_w, grid_h, opt, out, &ox, &oy);
    for (int s = 0; s < n; s++) {
        double cx = ox + s * pitch_x + (pitch_x - SHEET_GAP) / 2.0;
        render_put(&b, "<g class=\"symbol\" data-symbol=\"%c\">\n", ss->symbol[s].letter);
        put_symbol_cell(&b, theme, s, r2(cx), oy + LEGEND_HEX, LEGEND_HEX);
        render_put(&b, "</g>\n");
        render_put_text(&b, r2(cx), oy + 2 * LEGEND_HEX + 16, RENDER_LABEL_SIZE, "middle",
                        RENDER_INK, NULL, pul_theme_feature_name(theme, s, opt->lang));
    }
    oy += legend_h;
    for (int k = 0; k < ss->nkinds; k++) {
        const PulKind *kind = &ss->kind[k];
        double x = ox + kind->b * pitch_x, y = oy + kind->a * pitch_y;
        double cx = x + (pitch_x - SHEET_GAP) / 2.0 - w / 2;
        char text[8], count[16];
        snprintf(text, sizeof text, "%c%c", ss->symbol[kind->a].letter, ss->symbol[kind->b].letter);
        put_tile(&b, theme, kind->a, kind->b, r2(cx), y + HEX, 0, HEX, "data-kind", text);
        snprintf(count, sizeof count, "×%d", kind->count);
        render_put_text(&b, r2(x + (pitch_x - SHEET_GAP) / 2.0), y + 2 * HEX + 18,
                        RENDER_LABEL_SIZE, "middle", RENDER_MUTED, "bold", count);
    }
    return render_finish(&b, out);
}
