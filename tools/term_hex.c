/*
** term_hex.c: an Einfach Genial game in a terminal (term_hex.h): the hex
** board in offset rows with its coordinates, the tracks as bars, the racks.
**
** A cell is one glyph wide with a column between cells, so a row is shifted
** by half a cell from the next and the largest play area (radius 7, 15 cells
** a row) leaves room beside it for the tracks in 80 columns. The symbols
** differ by shape as well as colour (the theme's glyphs; a glyph that is not
** one column wide gives way to the symbol's letter), and every mark has a
** form without colour: printed cells in parentheses, the last placements in
** brackets, the lowest track with a star.
*/
#define _POSIX_C_SOURCE 200809L /* open_memstream */

#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "play_fit.h"
#include "term_hex.h"
#include "term_look.h"

/* ------------------------------------------------------------- words */

enum { W_LOWEST, W_PRINTED, W_MARKED, W_RACK_OF, W_BAG, W_RACK, NWORDS };
static const char *const words[NWORDS][PUL_NLANGS] = {
    [W_LOWEST] = {"lowest track (the score)", "最低のトラック（得点）", "piste la plus basse (le score)",
                  "pista más baja (la puntuación)"},
    [W_PRINTED] = {"printed on the board", "盤に印刷された記号", "imprimé sur le plateau",
                   "impreso en el tablero"},
    [W_MARKED] = {"last placed", "直前に置かれた", "dernières poses", "últimas colocaciones"},
    [W_RACK_OF] = {"seat %d", "プレイヤー %d", "joueur %d", "jugador %d"},
    [W_BAG] = {"bag", "袋", "sac", "bolsa"},
    [W_RACK] = {"rack", "ラック", "chevalet", "atril"},
};

static const char *word(const TermStyle *st, int w) {
    int lang = st->lang >= 0 && st->lang < PUL_NLANGS ? st->lang : PUL_LANG_EN;
    return words[w][lang];
}

/* A part's name in the theme, or the plain word when the edition has none. */
static const char *part_name(const PulTheme *th, const TermStyle *st, int part, int plain) {
    const char *name = th ? pul_theme_part_name(th, part, st->lang) : "";
    return name && *name ? name : word(st, plain);
}

/* ------------------------------------------------------------ glyphs */

static const PulSymbolSet *symbols_of(const PulVariant *v) { return pul_variant_symbols(v); }

/* Symbol s as one column: the theme's glyph when it is one column wide,
** else the symbol's letter; in the symbol's colour. */
static void symbol_glyph(TermGlyph *gl, const PulVariant *v, const PulTheme *th,
                         const TermStyle *st, int s) {
    const PulSymbolSet *ss = symbols_of(v);
    const char *colour = th && s < th->nfeatures ? th->feature[s].colour : NULL;
    if (th && s < th->nfeatures && cli_display_width(th->feature[s].glyph) == 1) {
        term_glyph_set(gl, th->feature[s].glyph, colour, st);
        return;
    }
    char letter[2] = {ss && s < ss->nsymbols ? ss->symbol[s].letter : '?', '\0'};
    term_glyph_set(gl, letter, colour, st);
}

void hex_put_symbol(FILE *out, const PulVariant *v, const PulTheme *th, const TermStyle *st,
                    int s) {
    TermGlyph gl;
    symbol_glyph(&gl, v, th, st, s);
    term_put_glyph(out, st, &gl, "");
}

void hex_put_kind(FILE *out, const PulVariant *v, const PulTheme *th, const TermStyle *st,
                  int k) {
    const PulSymbolSet *ss = symbols_of(v);
    if (!ss || k < 0 || k >= ss->nkinds) {
        fputs("??", out);
        return;
    }
    hex_put_symbol(out, v, th, st, ss->kind[k].a);
    hex_put_symbol(out, v, th, st, ss->kind[k].b);
}

void hex_kind_letters(const PulVariant *v, int k, char out[3]) {
    const PulSymbolSet *ss = symbols_of(v);
    if (!ss || k < 0 || k >= ss->nkinds) {
        memcpy(out, "??", 3);
        return;
    }
    out[0] = ss->symbol[ss->kind[k].a].letter;
    out[1] = ss->symbol[ss->kind[k].b].letter;
    out[2] = '\0';
}

/* ------------------------------------------------------------- board */

/* The six directions of a placement (pul.h: e se sw w nw ne). */
static const int dir_q[6] = {1, 0, -1, -1, 0, 1}, dir_r[6] = {0, 1, 1, 0, -1, -1};

static int area_radius(const PulGame *g) {
    const PulBoard *b = pul_variant_board(pul_game_variant(g));
    int n = pul_game_seats(g);
    int rad = b && n >= 0 && n <= PUL_MAX_SEATS ? b->area_radius[n] : 0;
    return rad < 1 ? 1 : rad > HEX_RADIUS_MAX ? HEX_RADIUS_MAX : rad;
}

/* Columns of a row, x = 2q + r from the board's centre: the cells lie on
** -2R .. 2R; two more on the left for an entry label ("-7") and two on the
** right for an exit label, with the separators between. */
enum {
    HEX_MARGIN = 4, /* the row's r, "%3d " */
    HEX_COLS = 4 * HEX_RADIUS_MAX + 5,
    HEX_COL_TEXT = 2 * TERM_SGR_MAX + 4 * PUL_GLYPH_MAX
};

typedef struct {
    int rad;
    char col[HEX_COLS][HEX_COL_TEXT]; /* what each column shows, escapes included */
} HexLine;

static int line_width(int rad) { return 4 * rad + 5; }
/* The index of column x in a line. */
static int col_of(int rad, int x) { return x + 2 * rad + 2; }

static void line_clear(HexLine *l, int rad) {
    l->rad = rad;
    for (int i = 0; i < HEX_COLS; i++) memcpy(l->col[i], " ", 2);
}

static void line_set(HexLine *l, int x, const char *text) {
    int i = col_of(l->rad, x);
    if (i >= 0 && i < line_width(l->rad)) snprintf(l->col[i], HEX_COL_TEXT, "%s", text);
}

/* A label ending at column x (right) or starting there (left). */
static void line_label(HexLine *l, int x, int value, bool right) {
    char text[12];
    int n = snprintf(text, sizeof text, "%d", value);
    for (int k = 0; k < n; k++) {
        char one[2] = {text[k], '\0'};
        line_set(l, right ? x - (n - 1) + k : x + k, one);
    }
}

static void line_put(FILE *out, const HexLine *l, const char *margin) {
    fputs(margin, out);
    /* Trailing blanks are left off: they would only make lines wider. */
    int last = line_width(l->rad) - 1;
    while (last >= 0 && strcmp(l->col[last], " ") == 0) last--;
    for (int i = 0; i <= last; i++) fputs(l->col[i], out);
    fputc('\n', out);
}

/* Which marked placement covers (q, r): its index, -1 none. */
static int mark_at(const PulGenialPlaced *mark, int nmark, int q, int r) {
    for (int i = nmark - 1; i >= 0; i--) {
        const PulGenialPlaced *m = &mark[i];
        if (m->dir > 5) continue;
        if ((m->q == q && m->r == r) || (m->q + dir_q[m->dir] == q && m->r + dir_r[m->dir] == r))
            return i;
    }
    return -1;
}

int hex_area_radius(const PulGame *g) { return area_radius(g); }

int hex_board_width(const PulGame *g) { return HEX_MARGIN + line_width(area_radius(g)); }

/* One cell's glyph into text: its symbol (a tile's or printed), or a dot. */
static void cell_text(const PulGame *g, const PulTheme *th, const TermStyle *st, int q, int r,
                      bool last, char *text, size_t size) {
    int sym = pul_genial_cell(g, q, r);
    const char *under = last && st->colour ? TERM_SGR_UNDERLINE : "";
    if (sym < 0) {
        snprintf(text, size, "%s·%s", st->colour ? TERM_SGR_FAINT : "",
                 st->colour ? TERM_SGR_RESET : "");
        return;
    }
    TermGlyph gl;
    symbol_glyph(&gl, pul_game_variant(g), th, st, sym);
    bool printed = pul_genial_is_printed(g, q, r);
    if (st->colour)
        snprintf(text, size, "%s%s%s%s" TERM_SGR_RESET, printed ? TERM_SGR_BOLD : "", under,
                 gl.sgr, gl.text);
    else
        snprintf(text, size, "%s", gl.text);
}

/* A bracket or parenthesis in a separator column, bold in colour. */
static void mark_text(const TermStyle *st, const char *c, char *text, size_t size) {
    snprintf(text, size, "%s%s%s", st->colour ? TERM_SGR_BOLD : "", c,
             st->colour ? TERM_SGR_RESET : "");
}

void hex_draw_board(FILE *out, const PulGame *g, const PulTheme *th, const TermStyle *st,
                    const PulGenialPlaced *mark, int nmark) {
    int rad = area_radius(g);
    HexLine *l = malloc(sizeof *l);
    if (!l) return;
    char text[HEX_COL_TEXT];
    /* The top edge: where the diagonals q = 0 .. R enter, above the top row. */
    line_clear(l, rad);
    for (int q = 0; q <= rad; q++) line_label(l, 2 * q - rad - 1, q, true);
    line_put(out, l, "    ");
    for (int r = -rad; r <= rad; r++) {
        line_clear(l, rad);
        int qmin = r < 0 ? -rad - r : -rad, qmax = r > 0 ? rad - r : rad;
        /* Upper rows: the label of the diagonal that enters on the next row,
        ** in the slot before this row's first cell. */
        if (r < 0) line_label(l, 2 * qmin + r - 2, qmin - 1, true);
        /* Lower rows: the diagonal that left on the row above, after the last cell. */
        if (r > 0) line_label(l, 2 * qmax + r + 2, qmax + 1, false);
        for (int q = qmin; q <= qmax; q++) {
            int x = 2 * q + r;
            int m = mark_at(mark, nmark, q, r);
            cell_text(g, th, st, q, r, m >= 0 && m == nmark - 1, text, sizeof text);
            line_set(l, x, text);
            /* The separators: brackets round marked cells (one pair round the two
            ** cells of a placement that lies in the row), else parentheses round
            ** a printed cell. */
            int left = q > qmin ? mark_at(mark, nmark, q - 1, r) : -1;
            int right = q < qmax ? mark_at(mark, nmark, q + 1, r) : -1;
            bool printed = pul_genial_is_printed(g, q, r);
            if (m >= 0) {
                if (left != m) {
                    mark_text(st, left >= 0 ? "|" : "[", text, sizeof text);
                    line_set(l, x - 1, text);
                }
                if (right != m && right < 0) {
                    mark_text(st, "]", text, sizeof text);
                    line_set(l, x + 1, text);
                }
            } else if (printed) {
                if (left < 0) {
                    mark_text(st, "(", text, sizeof text);
                    line_set(l, x - 1, text);
                }
                if (right < 0) {
                    mark_text(st, ")", text, sizeof text);
                    line_set(l, x + 1, text);
                }
            }
        }
        char margin[16];
        snprintf(margin, sizeof margin, "%3d ", r);
        line_put(out, l, margin);
    }
    /* The bottom edge: where the diagonals q = -R .. 0 leave, under the bottom
    ** row, every other one (two columns apart, "-7-6" would run together). */
    line_clear(l, rad);
    for (int q = -rad; q <= 0; q++)
        if ((q - rad) % 2 == 0 || q == 0) line_label(l, 2 * q + rad + 1, q, true);
    line_put(out, l, "    ");
    free(l);
}

/* ------------------------------------------------------------- panel */

/* The teams with tracks, in the order of their first seat; each team's seats. */
typedef struct {
    int n;
    int first[PUL_MAX_SEATS];       /* a seat of the team, to read its tracks */
    unsigned seats[PUL_MAX_SEATS];  /* bit per seat */
} Teams;

static void teams_of(const PulGame *g, Teams *t) {
    int team_col[PUL_MAX_SEATS * 2];
    for (int i = 0; i < PUL_MAX_SEATS * 2; i++) team_col[i] = -1;
    t->n = 0;
    for (int s = 0; s < pul_game_seats(g); s++) {
        int team = pul_game_team(g, s);
        if (team < 0 || team >= PUL_MAX_SEATS * 2) team = s;
        if (team_col[team] < 0) {
            team_col[team] = t->n;
            t->first[t->n] = s;
            t->seats[t->n++] = 0;
        }
        t->seats[team_col[team]] |= 1u << s;
    }
}

/* "1" or "1+3", the seats of a team, in the colour of its first seat. */
static int team_label(FILE *out, const PulTheme *th, const TermStyle *st, unsigned seats,
                      int first) {
    char sgr[TERM_SGR_MAX], text[32] = "";
    for (int s = 0; s < PUL_MAX_SEATS; s++)
        if (seats >> s & 1) {
            size_t n = strlen(text);
            snprintf(text + n, sizeof text - n, "%s%d", n ? "+" : "", s + 1);
        }
    term_seat_sgr(th, st, first, sgr, sizeof sgr);
    fprintf(out, "%s%s%s", sgr, text, sgr[0] ? TERM_SGR_RESET : "");
    return (int)strlen(text);
}

/* A bar of width cells for value of end: full blocks, one eighth-block, dots. */
static void put_bar(FILE *out, const TermStyle *st, const char *sgr, int value, int end,
                    int width) {
    static const char *const eighths[8] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
    long fill = end > 0 ? (long)value * width * 8 / end : 0;
    if (fill > (long)width * 8) fill = (long)width * 8;
    if (fill < 0) fill = 0;
    int cells = 0;
    bool tinted = st->colour && sgr[0] && fill > 0;
    if (tinted) fputs(sgr, out);
    for (; cells < fill / 8; cells++) fputs("█", out);
    if (cells < width && fill % 8) {
        fputs(eighths[fill % 8], out);
        cells++;
    }
    if (tinted) fputs(TERM_SGR_RESET, out);
    if (cells < width && st->colour) fputs(TERM_SGR_FAINT, out);
    for (; cells < width; cells++) fputs("·", out);
    if (st->colour) fputs(TERM_SGR_RESET, out);
}

/* Text made safe and cut to cols columns, for a name from the theme. */
static void put_cut(FILE *out, const char *s, int cols) {
    char text[CLI_TEXT_MAX];
    cli_text(text, sizeof text, s);
    fit_put_cut(out, text, 0, cols);
}

void hex_draw_panel(FILE *out, const PulGame *g, const PulTheme *th, const TermStyle *st,
                    int seat, int cols) {
    const PulVariant *v = pul_game_variant(g);
    const PulSymbolSet *ss = symbols_of(v);
    if (!ss) return;
    Teams t;
    teams_of(g, &t);
    int end = pul_genial_track_end(g), nsym = ss->nsymbols;
    int vw = end >= 100 ? 3 : 2;
    /* Per team: the bar, a space, the value and its star, a space. */
    int cw = (cols - 2) / (t.n > 0 ? t.n : 1);
    int bw = cw - vw - 3;
    if (bw < 1) bw = 1;
    if (bw > end && end > 0) bw = end;
    cw = bw + vw + 3;
    int scores[PUL_MAX_SEATS];
    pul_game_scores(g, scores, PUL_MAX_SEATS);
    int to_move = pul_game_over(g) ? -1 : pul_game_to_move(g);
    /* The heading: the tracks' glyph, then each team over its column. */
    TermGlyph gl;
    term_glyph_part(&gl, th, PUL_PART_TRACK, "", st);
    if (gl.text[0] && gl.width == 1) {
        term_put_glyph(out, st, &gl, "");
        fputc(' ', out);
    } else {
        fputs("  ", out);
    }
    for (int c = 0; c < t.n; c++) {
        int w = team_label(out, th, st, t.seats[c], t.first[c]);
        bool moving = to_move >= 0 && (t.seats[c] >> to_move & 1);
        if (moving) fputs(" ◂", out), w += 2;
        if (c + 1 < t.n) fprintf(out, "%*s", cw - w > 0 ? cw - w : 1, "");
    }
    fputc('\n', out);
    int tracks[PUL_MAX_SEATS][PUL_GENIAL_MAX_SYMBOLS];
    for (int c = 0; c < t.n; c++)
        pul_genial_tracks(g, t.first[c], tracks[c], PUL_GENIAL_MAX_SYMBOLS);
    for (int s = 0; s < nsym && s < PUL_GENIAL_MAX_SYMBOLS; s++) {
        TermGlyph sym;
        symbol_glyph(&sym, v, th, st, s);
        term_put_glyph(out, st, &sym, "");
        fputc(' ', out);
        for (int c = 0; c < t.n; c++) {
            int value = tracks[c][s];
            bool lowest = value == scores[t.first[c]];
            put_bar(out, st, sym.sgr, value, end, bw);
            if (lowest && st->colour) fputs(TERM_SGR_BOLD, out);
            fprintf(out, " %*d%s", vw, value, lowest ? "*" : " ");
            if (lowest && st->colour) fputs(TERM_SGR_RESET, out);
            if (c + 1 < t.n) fputc(' ', out);
        }
        fputc('\n', out);
    }
    /* The bag, and how many tiles each rack holds (public). */
    term_glyph_part(&gl, th, PUL_PART_BAG, "", st);
    if (gl.text[0] && gl.width == 1) {
        term_put_glyph(out, st, &gl, "");
        fputc(' ', out);
    }
    put_cut(out, part_name(th, st, PUL_PART_BAG, W_BAG), cols / 3);
    fprintf(out, ": %d  ", pul_genial_bag(g));
    term_glyph_part(&gl, th, PUL_PART_RACK, "", st);
    if (gl.text[0] && gl.width == 1) {
        term_put_glyph(out, st, &gl, "");
        fputc(' ', out);
    }
    put_cut(out, part_name(th, st, PUL_PART_RACK, W_RACK), cols / 3);
    fputc(':', out);
    for (int s = 0; s < pul_game_seats(g); s++) {
        char sgr[TERM_SGR_MAX];
        term_seat_sgr(th, st, s, sgr, sizeof sgr);
        fprintf(out, " %s%d%s", sgr, pul_genial_rack(g, s, NULL, 0), sgr[0] ? TERM_SGR_RESET : "");
    }
    fputc('\n', out);
    if (seat < 0 || seat >= pul_game_seats(g)) return;
    /* The seat's own rack: each kind's glyphs, its letters under them. */
    uint8_t rack[PUL_GENIAL_RACK_MAX];
    int n = pul_genial_rack(g, seat, rack, PUL_GENIAL_RACK_MAX);
    if (n > PUL_GENIAL_RACK_MAX) n = PUL_GENIAL_RACK_MAX;
    char who[64];
    snprintf(who, sizeof who, word(st, W_RACK_OF), seat + 1);
    put_cut(out, part_name(th, st, PUL_PART_RACK, W_RACK), cols / 2);
    fprintf(out, " (%s):%s\n", who, n ? "" : " -");
    if (n == 0) return;
    fputs("  ", out);
    for (int i = 0; i < n; i++) {
        hex_put_kind(out, v, th, st, rack[i]);
        fputs(i + 1 < n ? "  " : "\n", out);
    }
    fputs("  ", out);
    for (int i = 0; i < n; i++) {
        char letters[3];
        hex_kind_letters(v, rack[i], letters);
        fprintf(out, "%s%s", letters, i + 1 < n ? "  " : "\n");
    }
}

/* ------------------------------------------------------------ legend */

void hex_draw_legend(FILE *out, const PulGame *g, const PulTheme *th, const TermStyle *st,
                     int cols) {
    const PulVariant *v = pul_game_variant(g);
    const PulSymbolSet *ss = symbols_of(v);
    if (!ss) return;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return;
    int col = 0;
    /* Entries never split: each goes on the line when it fits, else on the next. */
    for (int e = 0; e < ss->nsymbols + 3; e++) {
        char *one = NULL;
        size_t n1 = 0;
        FILE *o = open_memstream(&one, &n1);
        if (!o) break;
        if (e < ss->nsymbols) {
            hex_put_symbol(o, v, th, st, e);
            fputc(' ', o);
            char name[CLI_TEXT_MAX];
            cli_text(name, sizeof name,
                     th && e < th->nfeatures ? pul_theme_feature_name(th, e, st->lang)
                                             : ss->symbol[e].name);
            fputs(name, o);
        } else if (e == ss->nsymbols) {
            fputs("( ) ", o);
            fputs(word(st, W_PRINTED), o);
        } else if (e == ss->nsymbols + 1) {
            fputs("[ ] ", o);
            fputs(word(st, W_MARKED), o);
        } else {
            fputs("* ", o);
            fputs(word(st, W_LOWEST), o);
        }
        fclose(o);
        if (one) {
            int w = fit_width(one);
            if (col > 0 && col + 2 + w > cols) {
                fputc('\n', f);
                col = 0;
            }
            if (col > 0) {
                fputs("  ", f);
                col += 2;
            }
            fputs(one, f);
            col += w;
        }
        free(one);
    }
    if (col > 0) fputc('\n', f);
    fclose(f);
    if (text) fputs(text, out);
    free(text);
}

/* ------------------------------------------------------------- table */

void hex_draw_table(FILE *out, const PulGame *g, const PulTheme *th, const TermStyle *st,
                    int seat, const PulGenialPlaced *mark, int nmark, int cols) {
    char *btext = NULL, *ptext = NULL;
    size_t blen = 0, plen = 0;
    int bw = hex_board_width(g), gap = 2;
    bool beside = cols - bw - gap >= HEX_PANEL_MIN;
    FILE *bf = open_memstream(&btext, &blen);
    FILE *pf = bf ? open_memstream(&ptext, &plen) : NULL;
    if (!pf) {
        if (bf) fclose(bf);
        free(btext);
        return;
    }
    hex_draw_board(bf, g, th, st, mark, nmark);
    hex_draw_panel(pf, g, th, st, seat, beside ? cols - bw - gap : cols);
    fclose(bf);
    fclose(pf);
    FitLines b = {0}, p = {0};
    if (btext && ptext && fit_split(&b, btext) && fit_split(&p, ptext)) {
        if (beside) {
            int n = b.n > p.n ? b.n : p.n;
            for (int k = 0; k < n; k++) {
                const char *left = k < b.n ? b.line[k] : "";
                if (k < p.n) {
                    fputs(left, out);
                    fprintf(out, "%*s%s", bw + gap - fit_width(left), "", p.line[k]);
                } else {
                    fputs(left, out);
                }
                fputc('\n', out);
            }
        } else {
            fputs(btext, out);
            fputs(ptext, out);
        }
    }
    fit_free(&b);
    fit_free(&p);
    free(btext);
    free(ptext);
    hex_draw_legend(out, g, th, st, cols);
}
