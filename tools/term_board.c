/*
** term_board.c: a game drawn in a terminal (term.h). A tile takes four
** columns and two rows: its 2x2 quadrants, two cells each. A one-cell
** glyph is drawn twice, so that a group reads as one patch, except a
** catalyst's, drawn once so that a one-dot catalyst never shows two dots; a
** two-cell glyph once, so wide glyphs keep the grid. A column between tiles
** stays free for the brackets round the last placement.
**
** Colour carries meaning, so nothing hides it: a big micropul is drawn in
** its micropul's colour, a stone (its glyph and its seat's number, so the
** owner shows without colour too) in its seat's colour on the ground of the
** micropul it stands on, the last tile underlined rather than reversed, and
** at the end each group that scores in its scorer's colour (a stone that
** scored nothing faint). Seat colours
** (term_look.c) are the same here and in the status lines.
*/
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "term_look.h"

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

/* ------------------------------------------------------------- tiles */

typedef struct {
    const PulTileSet *ts;
    const PulTheme *th;
    const TermStyle *st;
} Look;

/* What lies on one placed tile besides its quadrants. */
typedef struct {
    int stone[4];   /* per quadrant: the seat whose stone is on it, -1 none */
    int scorer[4];  /* per quadrant: the seat its closed group scores for, shown
                       at the end, -1 none */
    const char *base; /* under every cell: the last tile's underline, or "" */
    bool over;        /* the game is over: a stone whose group scores nothing is faint */
} Marks;

static const Marks no_marks = {{-1, -1, -1, -1}, {-1, -1, -1, -1}, "", false};

/* One quadrant, two cells: a then b when both fit, else alone only, padded. */
static void put_pair(FILE *out, const TermStyle *st, const TermGlyph *a, const TermGlyph *b,
                     const TermGlyph *alone, const char *base) {
    if (a->width + b->width <= 2) {
        term_put_glyph(out, st, a, base);
        term_put_glyph(out, st, b, base);
        term_put_spaces(out, st, 2 - a->width - b->width, base);
    } else {
        term_put_glyph(out, st, alone, base);
        term_put_spaces(out, st, 2 - alone->width, base);
    }
}

static bool is_catalyst(const PulTileSet *ts, int f) {
    return ts->feature[f].cls == PUL_FEATURE_CATALYST;
}

/* A stone of seat on a quadrant of micropul f: its glyph and the seat's
** number in the seat's colour, on the micropul's colour, so that what the
** stone stands on still shows; faint at the end when it scored nothing. */
static void put_stone(FILE *out, const Look *lk, int seat, int f, bool faint, const char *base) {
    TermGlyph stone, num;
    term_glyph_part(&stone, lk->th, PUL_PART_STONE, "@", lk->st);
    if (!lk->st->colour && stone.width > 1) term_glyph_set(&stone, "@", NULL, lk->st);
    char digit[12];
    snprintf(digit, sizeof digit, "%d", seat + 1);
    term_glyph_set(&num, digit, NULL, lk->st);
    term_seat_sgr(lk->th, lk->st, seat, stone.sgr, sizeof stone.sgr);
    /* Faint and bold together show differently from one terminal to the next. */
    if (faint && lk->st->colour)
        term_colour_sgr(term_seat_colour(lk->th, seat), false, stone.sgr, sizeof stone.sgr);
    memcpy(num.sgr, stone.sgr, sizeof num.sgr);
    char ground[2 * TERM_SGR_MAX], bg[TERM_SGR_MAX] = "";
    if (lk->st->colour && lk->th && f < lk->th->nfeatures)
        term_colour_sgr(lk->th->feature[f].colour, true, bg, sizeof bg);
    snprintf(ground, sizeof ground, "%s%s%s", base, bg,
             faint && lk->st->colour ? TERM_SGR_FAINT : "");
    put_pair(out, lk->st, &stone, &num, &stone, ground);
}

/* A feature's glyph, in the colour of the seat its group scores for, if any. */
static void scoring_glyph(TermGlyph *gl, const Look *lk, int f, int scorer) {
    term_glyph_feature(gl, lk->ts, lk->th, f, lk->st);
    if (scorer >= 0) term_seat_sgr(lk->th, lk->st, scorer, gl->sgr, sizeof gl->sgr);
}

/* Quadrant q of a big tile, all one micropul round a catalyst. Row 0 is big
** glyph, catalyst, micropul glyph, big glyph; row 1 big, micropul, micropul,
** big: the big glyph and the micropul's own, both in the micropul's colour,
** so that a big white and a big black micropul differ with colour and
** without. The catalyst moves to the north-east when a stone is north-west. */
static void put_big_quadrant(FILE *out, const Look *lk, const PulTileDef *def, int q,
                             const Marks *m) {
    int f = def->quad[0];
    if (m->stone[q] >= 0) {
        put_stone(out, lk, m->stone[q], f, m->over && m->scorer[q] != m->stone[q], m->base);
        return;
    }
    TermGlyph big, mp, centre;
    scoring_glyph(&mp, lk, f, m->scorer[q]);
    term_glyph_part(&big, lk->th, PUL_PART_BIG, "", lk->st);
    if (big.text[0] == '\0') big = mp;
    memcpy(big.sgr, mp.sgr, sizeof big.sgr);
    term_glyph_feature(&centre, lk->ts, lk->th, def->centre, lk->st);
    switch (q) {
    case PUL_NW: put_pair(out, lk->st, &big, &centre, &centre, m->base); break;
    case PUL_NE:
        if (m->stone[PUL_NW] >= 0)
            put_pair(out, lk->st, &centre, &big, &centre, m->base);
        else
            put_pair(out, lk->st, &mp, &big, &big, m->base);
        break;
    case PUL_SW: put_pair(out, lk->st, &big, &mp, &big, m->base); break;
    default: put_pair(out, lk->st, &mp, &big, &big, m->base); break;
    }
}

/* Row 0 or 1 of tile in rotation rot. */
static void put_tile_row(FILE *out, const Look *lk, int tile, int rot, int row, const Marks *m) {
    const PulTileDef *def = &lk->ts->tile[tile];
    uint8_t quad[4];
    pul_tileset_rotated(lk->ts, tile, rot, quad);
    for (int col = 0; col < 2; col++) {
        int q = row * 2 + col;
        if (def->big) {
            put_big_quadrant(out, lk, def, q, m);
        } else if (m->stone[q] >= 0) {
            put_stone(out, lk, m->stone[q], quad[q], m->over && m->scorer[q] != m->stone[q],
                      m->base);
        } else {
            /* A catalyst once (its glyph counts its dots), the rest twice. */
            TermGlyph gl, space = {" ", 1, ""};
            scoring_glyph(&gl, lk, quad[q], m->scorer[q]);
            put_pair(out, lk->st, &gl, is_catalyst(lk->ts, quad[q]) ? &space : &gl, &gl, m->base);
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
    put_tile_row(out, &lk, tile, rot, row, &no_marks);
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
    if (st->colour) fputs(TERM_SGR_BOLD, out);
    fputc(open ? '[' : ']', out);
    if (st->colour) fputs(TERM_SGR_RESET, out);
}

void term_draw_board(FILE *out, const PulGame *g, const PulTheme *theme, const TermStyle *st,
                     const PulPlaced *last) {
    const PulTileSet *ts = pul_variant_tileset(pul_game_variant(g));
    Look lk = {ts, theme, st};
    PulPlaced placed[PUL_MAX_TILES];
    int n = pul_game_placed(g, placed, PUL_MAX_TILES);
    PulBounds box;
    if (n <= 0 || !pul_game_bounds(g, &box)) return;
    int minx = box.minx, maxx = box.maxx, miny = box.miny, maxy = box.maxy;
    Area a = {minx - 1, miny - 1, maxx - minx + 3, maxy - miny + 3, NULL};
    a.tile = malloc(sizeof *a.tile * (size_t)a.w * (size_t)a.h);
    if (!a.tile) return;
    for (int i = 0; i < a.w * a.h; i++) a.tile[i] = -1;
    for (int i = 0; i < n; i++)
        a.tile[(placed[i].y - a.y0) * a.w + (placed[i].x - a.x0)] = i;
    PulStone stones[PUL_MAX_SEATS * PUL_MAX_STONES];
    int nstones = pul_game_stones_on_board(g, stones, PUL_MAX_SEATS * PUL_MAX_STONES);
    /* At the end, who each micropul's group scores for, as the engine counts it. */
    bool over = pul_game_over(g);
    int scorer[4 * PUL_MAX_TILES];
    for (int i = 0; over && i < n; i++)
        for (int q = 0; q < 4; q++) {
            PulGroupInfo gi;
            scorer[4 * i + q] = pul_game_group(g, placed[i].x, placed[i].y, q, &gi) ? gi.scorer : -1;
        }

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
                    Marks m = no_marks;
                    for (int s = 0; s < nstones; s++)
                        if (stones[s].x == x && stones[s].y == y && stones[s].quad < 4)
                            m.stone[stones[s].quad] = stones[s].seat;
                    if (over) memcpy(m.scorer, &scorer[4 * i], sizeof m.scorer);
                    m.over = over;
                    if (last && last->x == x && last->y == y) m.base = TERM_SGR_UNDERLINE;
                    put_tile_row(out, &lk, placed[i].tile, placed[i].rot, row, &m);
                } else if (next_to_tile(&a, x, y)) {
                    /* A free cell a tile can go to, outlined faintly. */
                    if (st->colour) fputs(TERM_SGR_FAINT, out);
                    fputs(row == 0 ? "┌──┐" : "└──┘", out);
                    if (st->colour) fputs(TERM_SGR_RESET, out);
                } else {
                    fputs("    ", out);
                }
            }
            put_separator(out, st, a.x0 + a.w, y, last);
            fputc('\n', out);
        }
    }
    free(a.tile);
    if (!st->no_legend) term_draw_legend(out, g, theme, st);
}

/* ------------------------------------------------------------ status */

static void put_part(FILE *out, const PulTheme *th, const TermStyle *st, int part) {
    if (!th) return;
    TermGlyph gl;
    term_glyph_part(&gl, th, part, "", st);
    if (gl.text[0]) {
        term_put_glyph(out, st, &gl, "");
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
    pul_game_scores(g, scores, PUL_MAX_SEATS);
    bool over = pul_game_over(g);
    for (int s = 0; s < nseats; s++) {
        uint8_t tiles[PUL_MAX_TILES];
        char sgr[TERM_SGR_MAX];
        term_seat_sgr(theme, st, s, sgr, sizeof sgr);
        fprintf(out, "%s%s %d%s  ", sgr, word(st, W_SEAT), s + 1, sgr[0] ? TERM_SGR_RESET : "");
        /* The stone in the colour it has on the board. */
        if (theme) {
            TermGlyph stone;
            term_glyph_part(&stone, theme, PUL_PART_STONE, "", st);
            memcpy(stone.sgr, sgr, sizeof stone.sgr);
            if (stone.text[0]) {
                term_put_glyph(out, st, &stone, "");
                fputc(' ', out);
            }
        }
        fprintf(out, "%s: %d  %s: %d  ", CLI_TEXT(part_name(theme, st, PUL_PART_STONE, W_STONES)),
                pul_game_stones(g, s), word(st, W_HAND),
                pul_game_hand(g, s, tiles, PUL_MAX_TILES));
        put_part(out, theme, st, PUL_PART_SUPPLY);
        fprintf(out, "%s: %d  %s: %d", CLI_TEXT(part_name(theme, st, PUL_PART_SUPPLY, W_SUPPLY)),
                pul_game_supply(g, s, tiles, PUL_MAX_TILES), word(st, W_SCORE), scores[s]);
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
        int nw = pul_game_winners(g, winners, PUL_MAX_SEATS);
        char why[512];
        fprintf(out, "%s: %s", word(st, W_OVER), pul_end_explain(g, st->lang, why, sizeof why));
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
    int nhand = pul_game_hand(g, seat, hand, PUL_MAX_TILES);
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
