/*
** term_board.c: a game drawn in a terminal (term.h). A tile takes four
** columns and two rows: its 2x2 quadrants, two cells each, a one-cell glyph
** drawn twice and a two-cell glyph once, so wide glyphs keep the grid. A
** column between tiles stays free for the brackets round the last placement.
**
** Seat colours, a fixed palette chosen to stay apart on dark and light
** terminals: seat 1 bright red (91), 2 bright blue (94), 3 bright green (92),
** 4 bright yellow (93), 5 bright magenta (95), 6 bright cyan (96), all bold.
** A stone is its glyph followed by its seat's number, so the owner shows
** without colour too.
*/
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "term.h"

#define SGR_RESET "\x1b[0m"
#define SGR_REVERSE "\x1b[7m"
#define SGR_FAINT "\x1b[2m"

static const char *const seat_sgr[PUL_MAX_SEATS] = {"\x1b[1;91m", "\x1b[1;94m", "\x1b[1;92m",
                                                    "\x1b[1;93m", "\x1b[1;95m", "\x1b[1;96m"};

/* ------------------------------------------------------------- words */

/* The status words the theme does not name, in the four languages. */
enum { W_SEAT, W_STONES, W_HAND, W_SCORE, W_CORE, W_SUPPLY, W_TO_MOVE, W_EXTRA, W_OVER,
       W_WINNER, W_HAND_OF, W_LOSER, NWORDS };
static const char *const words[NWORDS][PUL_NLANGS] = {
    [W_SEAT] = {"seat", "プレイヤー", "joueur", "jugador"},
    [W_STONES] = {"stones", "マーカー", "pierres", "piedras"},
    [W_HAND] = {"hand", "手札", "main", "mano"},
    [W_SCORE] = {"score", "得点", "score", "puntos"},
    [W_CORE] = {"core", "コア", "noyau", "núcleo"},
    [W_SUPPLY] = {"supply", "山札", "réserve", "suministro"},
    [W_TO_MOVE] = {"to move", "手番", "à jouer", "le toca"},
    [W_EXTRA] = {"extra turn", "追加ターン", "tour supplémentaire", "turno extra"},
    [W_OVER] = {"game over", "ゲーム終了", "partie terminée", "fin de la partida"},
    [W_WINNER] = {"winner", "勝者", "gagnant", "ganador"},
    [W_HAND_OF] = {"hand of seat", "手札: プレイヤー", "main du joueur", "mano del jugador"},
    [W_LOSER] = {"loses", "負け", "perd", "pierde"},
};

static const char *word(const TermStyle *st, int w) {
    int lang = st->lang >= 0 && st->lang < PUL_NLANGS ? st->lang : PUL_LANG_EN;
    return words[w][lang];
}

/* ----------------------------------------------------------- colours */

static const char *const ansi_names[] = {"black", "red", "green", "yellow",
                                         "blue", "magenta", "cyan", "white"};

static int hex_digit(char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* The escape that sets the foreground to a theme colour, "" when unknown. */
static void colour_sgr(const char *colour, char *buf, size_t size) {
    buf[0] = '\0';
    if (!colour || !colour[0]) return;
    if (colour[0] == '#' && strlen(colour) == 7) {
        int rgb[3];
        for (int i = 0; i < 3; i++) {
            int hi = hex_digit(colour[1 + 2 * i]), lo = hex_digit(colour[2 + 2 * i]);
            if (hi < 0 || lo < 0) return;
            rgb[i] = hi * 16 + lo;
        }
        snprintf(buf, size, "\x1b[38;2;%d;%d;%dm", rgb[0], rgb[1], rgb[2]);
        return;
    }
    bool bright = strncmp(colour, "bright-", 7) == 0;
    const char *base = bright ? colour + 7 : colour;
    for (int i = 0; i < 8; i++)
        if (strcmp(base, ansi_names[i]) == 0) snprintf(buf, size, "\x1b[%dm", (bright ? 90 : 30) + i);
}

/* ------------------------------------------------------------ glyphs */

/* What one glyph looks like: its text made safe, its width and its colour escape. */
typedef struct {
    char text[4 * PUL_GLYPH_MAX]; /* room for a glyph whose every byte is escaped */
    int width;
    char sgr[32];
} Glyph;

/* A glyph that is not printable text is shown escaped and, being wider than
** a quadrant, is replaced by the tile set's symbol (feature_glyph). */
static void glyph_set(Glyph *gl, const char *text, const char *colour, const TermStyle *st) {
    cli_text(gl->text, sizeof gl->text, text);
    gl->width = cli_display_width(gl->text);
    gl->sgr[0] = '\0';
    if (st->colour) colour_sgr(colour, gl->sgr, sizeof gl->sgr);
}

/* A theme glyph when it fits a quadrant (one or two cells), else the tile
** set's symbol for the feature. */
static void feature_glyph(Glyph *gl, const PulTileSet *ts, const PulTheme *th, int f,
                          const TermStyle *st) {
    if (th && f < th->nfeatures) {
        int w = cli_display_width(th->feature[f].glyph);
        if (w >= 1 && w <= 2) {
            glyph_set(gl, th->feature[f].glyph, th->feature[f].colour, st);
            return;
        }
    }
    char sym[2] = {ts->feature[f].symbol, '\0'};
    glyph_set(gl, sym, th && f < th->nfeatures ? th->feature[f].colour : NULL, st);
}

static void part_glyph(Glyph *gl, const PulTheme *th, int part, const char *fallback,
                       const TermStyle *st) {
    if (th) {
        int w = cli_display_width(th->part[part].glyph);
        if (w >= 1 && w <= 2) {
            glyph_set(gl, th->part[part].glyph, th->part[part].colour, st);
            return;
        }
    }
    glyph_set(gl, fallback, th ? th->part[part].colour : NULL, st);
}

/* One glyph in its colour over base (the last tile's reverse video, or ""). */
static void put_glyph(FILE *out, const TermStyle *st, const Glyph *gl, const char *base) {
    if (st->colour && (gl->sgr[0] || base[0])) {
        fprintf(out, "%s%s%s" SGR_RESET, base, gl->sgr, gl->text);
    } else {
        fputs(gl->text, out);
    }
}

static void put_spaces(FILE *out, const TermStyle *st, int n, const char *base) {
    if (n <= 0) return;
    if (st->colour && base[0]) fputs(base, out);
    fprintf(out, "%*s", n, "");
    if (st->colour && base[0]) fputs(SGR_RESET, out);
}

/* One quadrant, two cells: a then b when both fit, else a alone, padded. */
static void put_pair(FILE *out, const TermStyle *st, const Glyph *a, const Glyph *b,
                     const char *base) {
    if (a->width + b->width <= 2) {
        put_glyph(out, st, a, base);
        put_glyph(out, st, b, base);
        put_spaces(out, st, 2 - a->width - b->width, base);
    } else {
        put_glyph(out, st, a, base);
        put_spaces(out, st, 2 - a->width, base);
    }
}

/* ------------------------------------------------------------- tiles */

typedef struct {
    const PulTileSet *ts;
    const PulTheme *th;
    const TermStyle *st;
} Look;

/* A stone of seat: its glyph and the seat's number, both in the seat's colour. */
static void put_stone(FILE *out, const Look *lk, int seat, const char *base) {
    Glyph stone, num;
    part_glyph(&stone, lk->th, PUL_PART_STONE, "@", lk->st);
    if (!lk->st->colour && stone.width > 1) glyph_set(&stone, "@", NULL, lk->st);
    char digit[12];
    snprintf(digit, sizeof digit, "%d", seat + 1);
    glyph_set(&num, digit, NULL, lk->st);
    if (lk->st->colour && seat >= 0 && seat < PUL_MAX_SEATS) {
        snprintf(stone.sgr, sizeof stone.sgr, "%s", seat_sgr[seat]);
        snprintf(num.sgr, sizeof num.sgr, "%s", seat_sgr[seat]);
    }
    put_pair(out, lk->st, &stone, &num, base);
}

/* Row 0 or 1 of tile in rotation rot. stone_seat[q]: the seat whose stone is
** on quadrant q, -1 for none (NULL: no stones). */
static void put_tile_row(FILE *out, const Look *lk, int tile, int rot, int row,
                         const int *stone_seat, const char *base) {
    const PulTileDef *def = &lk->ts->tile[tile];
    uint8_t quad[4];
    pul_tileset_rotated(lk->ts, tile, rot, quad);
    Glyph big, centre;
    if (def->big) {
        part_glyph(&big, lk->th, PUL_PART_BIG, "", lk->st);
        if (big.text[0] == '\0') feature_glyph(&big, lk->ts, lk->th, def->quad[0], lk->st);
        feature_glyph(&centre, lk->ts, lk->th, def->centre, lk->st);
    }
    for (int col = 0; col < 2; col++) {
        int q = row * 2 + col;
        if (stone_seat && stone_seat[q] >= 0) {
            put_stone(out, lk, stone_seat[q], base);
        } else if (def->big) {
            /* The big micropul round the centre catalyst: outer cells big,
            ** inner cells the catalyst. */
            if (col == 0)
                put_pair(out, lk->st, &big, &centre, base);
            else
                put_pair(out, lk->st, &centre, &big, base);
        } else {
            Glyph f;
            feature_glyph(&f, lk->ts, lk->th, quad[q], lk->st);
            put_pair(out, lk->st, &f, &f, base);
        }
    }
}

void term_draw_tile_row(FILE *out, const PulVariant *v, const PulTheme *theme,
                        const TermStyle *st, int tile, int rot, int row) {
    const PulTileSet *ts = pul_variant_tileset(v);
    Look lk = {ts, theme, st};
    if (tile < 0 || tile >= ts->ntiles || rot < 0 || rot > 3 || row < 0 || row > 1) {
        fputs("    ", out);
        return;
    }
    put_tile_row(out, &lk, tile, rot, row, NULL, "");
}

/* ------------------------------------------------------------- board */

typedef struct {
    int x0, y0, w, h;  /* the cells shown: the placed tiles and one ring round them */
    int *tile;         /* per cell: index into placed, -1 empty */
} Area;

static int area_at(const Area *a, int x, int y) {
    if (x < a->x0 || y < a->y0 || x >= a->x0 + a->w || y >= a->y0 + a->h) return -1;
    return a->tile[(y - a->y0) * a->w + (x - a->x0)];
}

static bool next_to_tile(const Area *a, int x, int y) {
    return area_at(a, x - 1, y) >= 0 || area_at(a, x + 1, y) >= 0 || area_at(a, x, y - 1) >= 0 ||
           area_at(a, x, y + 1) >= 0;
}

/* The column left of cell x: "[" or "]" round the last placement, else a space. */
static void put_separator(FILE *out, const TermStyle *st, int x, int y, const PulPlaced *last) {
    bool open = last && last->x == x && last->y == y;
    bool close = last && last->x == x - 1 && last->y == y;
    if (!open && !close) {
        fputc(' ', out);
        return;
    }
    if (st->colour) fputs("\x1b[1m", out);
    fputc(open ? '[' : ']', out);
    if (st->colour) fputs(SGR_RESET, out);
}

void term_draw_board(FILE *out, const PulGame *g, const PulTheme *theme, const TermStyle *st,
                     const PulPlaced *last) {
    const PulTileSet *ts = pul_variant_tileset(pul_game_variant(g));
    Look lk = {ts, theme, st};
    PulPlaced placed[PUL_MAX_TILES];
    int n = pul_game_placed(g, placed);
    if (n <= 0) return;
    int minx = placed[0].x, maxx = placed[0].x, miny = placed[0].y, maxy = placed[0].y;
    for (int i = 1; i < n; i++) {
        if (placed[i].x < minx) minx = placed[i].x;
        if (placed[i].x > maxx) maxx = placed[i].x;
        if (placed[i].y < miny) miny = placed[i].y;
        if (placed[i].y > maxy) maxy = placed[i].y;
    }
    Area a = {minx - 1, miny - 1, maxx - minx + 3, maxy - miny + 3, NULL};
    a.tile = malloc(sizeof *a.tile * (size_t)a.w * (size_t)a.h);
    if (!a.tile) return;
    for (int i = 0; i < a.w * a.h; i++) a.tile[i] = -1;
    for (int i = 0; i < n; i++)
        a.tile[(placed[i].y - a.y0) * a.w + (placed[i].x - a.x0)] = i;
    PulStone stones[PUL_MAX_SEATS * PUL_MAX_STONES];
    int nstones = pul_game_stones_on_board(g, stones);

    fputs("    ", out);
    for (int x = a.x0; x < a.x0 + a.w; x++) fprintf(out, " %3d ", x);
    fputs(" \n", out); /* as wide as the rows, which end with a separator */
    for (int y = a.y0; y < a.y0 + a.h; y++) {
        for (int row = 0; row < 2; row++) {
            if (row == 0)
                fprintf(out, "%4d", y);
            else
                fputs("    ", out);
            for (int x = a.x0; x < a.x0 + a.w; x++) {
                put_separator(out, st, x, y, last);
                int i = area_at(&a, x, y);
                if (i >= 0) {
                    int seat_on[4] = {-1, -1, -1, -1};
                    for (int s = 0; s < nstones; s++)
                        if (stones[s].x == x && stones[s].y == y && stones[s].quad < 4)
                            seat_on[stones[s].quad] = stones[s].seat;
                    bool is_last = last && last->x == x && last->y == y;
                    put_tile_row(out, &lk, placed[i].tile, placed[i].rot, row, seat_on,
                                 is_last ? SGR_REVERSE : "");
                } else if (next_to_tile(&a, x, y)) {
                    /* A free cell a tile can go to, outlined faintly. */
                    if (st->colour) fputs(SGR_FAINT, out);
                    fputs(row == 0 ? "┌──┐" : "└──┘", out);
                    if (st->colour) fputs(SGR_RESET, out);
                } else {
                    fputs("    ", out);
                }
            }
            put_separator(out, st, a.x0 + a.w, y, last);
            fputc('\n', out);
        }
    }
    free(a.tile);
}

/* ------------------------------------------------------------ status */

static void put_part(FILE *out, const PulTheme *th, const TermStyle *st, int part) {
    if (!th) return;
    Glyph gl;
    part_glyph(&gl, th, part, "", st);
    if (gl.text[0]) {
        put_glyph(out, st, &gl, "");
        fputc(' ', out);
    }
}

static const char *part_name(const PulTheme *th, const TermStyle *st, int part, int fallback) {
    return th ? pul_theme_part_name(th, part, st->lang) : word(st, fallback);
}

void term_draw_status(FILE *out, const PulGame *g, const PulTheme *theme, const TermStyle *st,
                      int seat) {
    const PulVariant *v = pul_game_variant(g);
    int nseats = pul_game_seats(g), to_move = pul_game_to_move(g);
    int scores[PUL_MAX_SEATS];
    pul_game_scores(g, scores);
    bool over = pul_game_over(g);
    for (int s = 0; s < nseats; s++) {
        uint8_t tiles[PUL_MAX_TILES];
        if (st->colour) fputs(seat_sgr[s], out);
        fprintf(out, "%s %d", word(st, W_SEAT), s + 1);
        if (st->colour) fputs(SGR_RESET, out);
        fputs("  ", out);
        put_part(out, theme, st, PUL_PART_STONE);
        fprintf(out, "%s: %d  %s: %d  ", CLI_TEXT(part_name(theme, st, PUL_PART_STONE, W_STONES)),
                pul_game_stones(g, s), word(st, W_HAND), pul_game_hand(g, s, tiles));
        put_part(out, theme, st, PUL_PART_SUPPLY);
        fprintf(out, "%s: %d  %s: %d", CLI_TEXT(part_name(theme, st, PUL_PART_SUPPLY, W_SUPPLY)),
                pul_game_supply(g, s, tiles), word(st, W_SCORE), scores[s]);
        if (!over && s == to_move) {
            fprintf(out, "  <- %s", word(st, W_TO_MOVE));
            if (pul_game_in_extra_turn(g)) fprintf(out, " (%s)", word(st, W_EXTRA));
        }
        if (over && pul_game_loser(g) == s) fprintf(out, "  (%s)", word(st, W_LOSER));
        fputc('\n', out);
    }
    put_part(out, theme, st, PUL_PART_CORE);
    fprintf(out, "%s: %d\n", CLI_TEXT(part_name(theme, st, PUL_PART_CORE, W_CORE)),
            pul_game_core_count(g));
    if (over) {
        int winners[PUL_MAX_SEATS];
        int nw = pul_game_winners(g, winners);
        fprintf(out, "%s (%s)", word(st, W_OVER), pul_end_reason_code(pul_game_end_reason(g)));
        if (nseats == 1) /* a solo game has a score, no winner */
            fprintf(out, "; %s: %d", word(st, W_SCORE), scores[0]);
        else if (nw > 0) {
            fprintf(out, "; %s:", word(st, W_WINNER));
            for (int i = 0; i < nw; i++) fprintf(out, " %s %d", word(st, W_SEAT), winners[i] + 1);
        }
        fputc('\n', out);
    }
    if (seat < 0 || seat >= nseats) return;
    uint8_t hand[PUL_MAX_TILES];
    int nhand = pul_game_hand(g, seat, hand);
    fprintf(out, "%s %d:", word(st, W_HAND_OF), seat + 1);
    if (nhand == 0) {
        fputs(" -\n", out);
        return;
    }
    fputc('\n', out);
    /* Each tile four cells wide, two apart, its id above it. */
    for (int i = 0; i < nhand; i++) fprintf(out, "  %-4d", hand[i]);
    fputc('\n', out);
    for (int row = 0; row < 2; row++) {
        for (int i = 0; i < nhand; i++) {
            fputs("  ", out);
            term_draw_tile_row(out, v, theme, st, hand[i], 0, row);
        }
        fputc('\n', out);
    }
}
