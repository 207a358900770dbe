/*
** play_screen.c: what `pul play` shows: the screen of a turn (the news, the
** board and status that term_board.c draws, the supply tiles a seat knows,
** the numbered legal moves) fitted to the terminal, the rotation preview
** with where each rotation can go, and the end screen with each seat's
** score broken down.
*/
#define _POSIX_C_SOURCE 200809L /* fileno, open_memstream */

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli.h"
#include "play.h"
#include "play_fit.h"

enum {
    LIST_INDENT = 14,
    ENTRY_MAX = PUL_LABEL_MAX * 4 + 128, /* an entry of the list, a claim's group named */
    SCREEN_MIN_COLS = 40, /* narrower, and the list's label column leaves no room */
    SCREEN_MIN_ROWS = 12,
    BOARD_MIN_LINES = 7,  /* the column numbers and three rows of tiles */
    BOARD_LEAST_LINES = 3, /* the column numbers and one row of tiles */
    NEWS_KEPT = 6,        /* lines of news a fitted screen keeps at most, when it must choose */
    BOARD_MARGIN = 4,     /* term_board.c: the row numbers, "%4d" */
    BOARD_CELL = 5,       /* term_board.c: a separator column and a tile four wide */
};

static int env_int(const char *name) {
    const char *v = getenv(name);
    return v ? atoi(v) : 0;
}

void play_measure(Play *p) {
    struct winsize ws;
    int cols = 0, rows = 0;
    if (p->tty && ioctl(fileno(p->out), TIOCGWINSZ, &ws) == 0) {
        cols = ws.ws_col;
        rows = ws.ws_row;
    }
    if (cols <= 0) cols = env_int("COLUMNS");
    if (rows <= 0) rows = env_int("LINES");
    p->cols = cols <= 0 ? 80 : cols < SCREEN_MIN_COLS ? SCREEN_MIN_COLS : cols;
    p->rows = rows <= 0 ? 24 : rows < SCREEN_MIN_ROWS ? SCREEN_MIN_ROWS : rows;
}

/* ------------------------------------------------------------ the list */

/* What the group a claim would take is: "white micropul ×3, closed", so
** that a player need not trace it on the board. */
static void claim_text(const Play *p, const PulAction *a, char *buf, size_t size) {
    PulGroupInfo gi;
    buf[0] = '\0';
    if (!pul_game_group(p->g, a->x, a->y, a->quad, &gi)) return;
    const char *name = pul_theme_feature_name(p->theme, gi.colour, p->st.lang);
    if (!name[0]) name = pul_variant_tileset(p->v)->feature[gi.colour].name;
    play_format(buf, size, p->st.lang, p->theme, gi.closed ? PM_CLAIM_CLOSED : PM_CLAIM_OPEN,
                CLI_TEXT(name), gi.size);
}

/* One entry of the list, "12) 1,0r1", without the tile for a placement; a
** claim says what its group is. */
static void entry_text(const Play *p, const PulAction *a, int number, char *buf, size_t size) {
    char move[48], group[PUL_LABEL_MAX * 4 + 64] = "";
    if (a->kind == PUL_CLAIM) claim_text(p, a, group, sizeof group);
    if (a->kind == PUL_PLACE)
        snprintf(move, sizeof move, "%d,%dr%d", (int)a->x, (int)a->y, a->rot);
    else if (a->kind == PUL_TAKE && a->tile == PUL_NO_TILE)
        snprintf(move, sizeof move, "t");
    else
        pul_action_format(p->v, a, move, sizeof move);
    snprintf(buf, size, "%d) %s%s%s", number, move, group[0] ? " " : "", group);
}

/* A group of the list: actions [first, end) of one kind (of one tile for placements). */
typedef struct {
    int first, end;
    bool folded; /* shown as a range, "tile 17 11)-16)", beside the other folded ones */
} ListGroup;

static int list_groups(const PulAction *a, int n, ListGroup *g) {
    int ng = 0;
    /* The caller has ordered the list: placements by tile, then takes, claims, pass. */
    for (int k = 0; k < n;) {
        int end = k + 1;
        while (end < n && a[end].kind == a[k].kind &&
               (a[k].kind != PUL_PLACE || a[end].tile == a[k].tile))
            end++;
        g[ng++] = (ListGroup){k, end, false};
        k = end;
    }
    return ng;
}

static void group_label(Play *p, const PulAction *a, const ListGroup *gr, char *label,
                        size_t size) {
    const PulAction *head = &a[gr->first];
    PlayMsg id = head->kind == PUL_PLACE  ? PM_LIST_TILE
                 : head->kind == PUL_TAKE ? PM_LIST_TAKE
                 : head->kind == PUL_CLAIM ? PM_LIST_CLAIM
                                           : PM_LIST_PASS;
    play_format(label, size, p->st.lang, p->theme, id, head->tile);
}

/* Entries of one group, wrapped at the screen's width under its label. */
static void list_group(Play *p, FILE *out, const PulAction *a, const ListGroup *gr, int width) {
    char label[PUL_LABEL_MAX + 32];
    group_label(p, a, gr, label, sizeof label);
    /* Padded by columns, not bytes: a label in Japanese is wider than its bytes say. */
    int label_cols = fit_width(label), col = LIST_INDENT;
    fprintf(out, "  %s", label);
    if (label_cols > LIST_INDENT - 3)
        fprintf(out, "\n%*s", LIST_INDENT, "");
    else
        fprintf(out, "%*s", LIST_INDENT - 2 - label_cols, "");
    for (int k = gr->first; k < gr->end; k++) {
        char text[ENTRY_MAX];
        entry_text(p, &a[k], k + 1, text, sizeof text);
        if (col + width > p->cols - 1 && col > LIST_INDENT) {
            fprintf(out, "\n%*s", LIST_INDENT, "");
            col = LIST_INDENT;
        }
        /* Padded by what the text shows, not its bytes: names may be Japanese. */
        fprintf(out, "%s%*s", text, width - fit_width(text), "");
        col += width;
    }
    fputc('\n', out);
}

/* The columns' widths: of claims, of every other entry. */
typedef struct {
    int claim, other;
} ListWidths;

/* The list with its title: the groups not folded in full, then the folded
** ones side by side as ranges, "tile 17: 11)-16)", and how to see them. */
static void write_list(Play *p, FILE *out, const PulAction *a, const ListGroup *g, int ng,
                       const ListWidths *w) {
    char text[512];
    play_format(text, sizeof text, p->st.lang, p->theme, PM_LEGAL_TITLE);
    fit_put_wrapped(out, text, p->cols - 1);
    int col = 0, folded = 0;
    for (int k = 0; k < ng; k++)
        if (!g[k].folded)
            list_group(p, out, a, &g[k], a[g[k].first].kind == PUL_CLAIM ? w->claim : w->other);
    for (int k = 0; k < ng; k++) {
        if (!g[k].folded) continue;
        char label[PUL_LABEL_MAX + 32];
        group_label(p, a, &g[k], label, sizeof label);
        play_format(text, sizeof text, p->st.lang, p->theme, PM_LIST_FOLDED_ITEM, label,
                    g[k].first + 1, g[k].end);
        int w = fit_width(text);
        if (col > 0 && col + 3 + w > p->cols - 1) {
            fputc('\n', out);
            col = 0;
        }
        fputs(col ? "   " : "  ", out);
        fputs(text, out);
        col += (col ? 3 : 2) + w;
        folded++;
    }
    if (folded) {
        fputc('\n', out);
        play_format(text, sizeof text, p->st.lang, p->theme, PM_LIST_FOLDED_NOTE);
        fputs("  ", out);
        fit_put_wrapped(out, text, p->cols - 3);
    }
}

/* The lines write_list takes. */
static int list_lines(Play *p, const PulAction *a, const ListGroup *g, int ng,
                      const ListWidths *w) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return 0;
    write_list(p, f, a, g, ng, w);
    fclose(f);
    int lines = 0;
    for (size_t k = 0; k < len; k++) lines += text[k] == '\n';
    free(text);
    return lines;
}

/* Claims, which say what their group is, are wider than the rest: they get
** columns of their own, so that the other lines stay compact. */
static ListWidths entry_widths(Play *p, const PulAction *a, int n) {
    ListWidths w = {0, 0};
    for (int k = 0; k < n; k++) {
        char text[ENTRY_MAX];
        entry_text(p, &a[k], k + 1, text, sizeof text);
        int len = cli_display_width(text) + 2;
        int *width = a[k].kind == PUL_CLAIM ? &w.claim : &w.other;
        if (len > *width) *width = len;
    }
    return w;
}

/* The list written to out in at most max_lines lines (0: no limit) where it
** can: groups are folded one at a time, each time the one whose folding
** leaves the fewest lines (the first fold may add a line, the note); when
** even that is too long, the shortest list seen. Returns the lines written. */
static int show_list(Play *p, FILE *out, const PulAction *a, int n, int max_lines) {
    ListGroup *g = calloc((size_t)(n > 0 ? n : 1) * 2, sizeof *g);
    if (!g) return 0;
    int ng = list_groups(a, n, g);
    ListWidths width = entry_widths(p, a, n);
    ListGroup *best = g + ng; /* the shortest so far */
    int total = list_lines(p, a, g, ng, &width), best_total = total;
    memcpy(best, g, (size_t)ng * sizeof *g);
    while (max_lines > 0 && total > max_lines) {
        int pick = -1, pick_total = 0;
        for (int k = 0; k < ng; k++) {
            if (g[k].folded || g[k].end - g[k].first < 2) continue;
            g[k].folded = true;
            int t = list_lines(p, a, g, ng, &width);
            g[k].folded = false;
            if (pick < 0 || t < pick_total) {
                pick = k;
                pick_total = t;
            }
        }
        if (pick < 0) break;
        g[pick].folded = true;
        total = pick_total;
        if (total < best_total) {
            best_total = total;
            memcpy(best, g, (size_t)ng * sizeof *g);
        }
    }
    if (total > best_total) {
        memcpy(g, best, (size_t)ng * sizeof *g);
        total = best_total;
    }
    write_list(p, out, a, g, ng, &width);
    free(g);
    return total;
}

void play_show_legal(Play *p, const PulAction *a, int n) { show_list(p, p->out, a, n, 0); }

/* ----------------------------------------------------------- the screen */

/* What drawing into f wrote, as lines; false when out of memory. */
static bool capture(FitLines *l, FILE *f, char **text, size_t *len) {
    bool ok = fclose(f) == 0 && *text && fit_split(l, *text);
    free(*text);
    *text = NULL;
    *len = 0;
    return ok;
}

/* The line of lines whose row number (the left margin, "%4d") is y, -1: none. */
static int board_row_line(const FitLines *b, int y) {
    for (int k = 1; k < b->n; k++) {
        char *end;
        long v = strtol(b->line[k], &end, 10);
        if (end != b->line[k] && v == y && end - b->line[k] <= BOARD_MARGIN) return k;
    }
    return -1;
}

/* The column of cell x in the column numbers' line, counted in cells, -1: none. */
static int board_cell_col(const char *head, int x) {
    int len = (int)strlen(head);
    for (int c = 0; BOARD_MARGIN + c * BOARD_CELL < len; c++) {
        char *end;
        long v = strtol(head + BOARD_MARGIN + c * BOARD_CELL, &end, 10);
        if (end != head + BOARD_MARGIN + c * BOARD_CELL && v == x) return c;
    }
    return -1;
}

/* start..start+show of total, centred on at when it can be (at < 0: the middle). */
static int window(int total, int show, int at) {
    if (show >= total) return 0;
    int start = (at < 0 ? total / 2 : at) - show / 2;
    return start < 0 ? 0 : start + show > total ? total - show : start;
}

/* The board in at most max_lines lines and max_cols columns, cut to a
** window round the last placement when it is larger: whole rows of tiles,
** whole columns, with the row and column numbers kept. */
static void put_board(Play *p, const FitLines *b, int max_lines, int max_cols,
                      const PulPlaced *last) {
    if (b->n == 0) return;
    int pairs = (b->n - 1) / 2, show_pairs = (max_lines - 1) / 2;
    if (show_pairs < 1) show_pairs = 1;
    int at = last ? board_row_line(b, last->y) : -1;
    int first = window(pairs, show_pairs, at < 0 ? -1 : (at - 1) / 2);
    int width = fit_width(b->line[0]);
    int cells = (width - BOARD_MARGIN - 1) / BOARD_CELL;
    int show_cells = (max_cols - BOARD_MARGIN - 1) / BOARD_CELL;
    int x0 = window(cells, show_cells, last ? board_cell_col(b->line[0], last->x) : -1);
    for (int k = 0; k < b->n; k++) {
        if (k > 0 && (k - 1 < first * 2 || k - 1 >= (first + show_pairs) * 2)) continue;
        if (width <= max_cols) {
            fputs(b->line[k], p->out);
        } else {
            fit_put_cut(p->out, b->line[k], 0, BOARD_MARGIN);
            fit_put_cut(p->out, b->line[k], BOARD_MARGIN + x0 * BOARD_CELL,
                        show_cells * BOARD_CELL + 1);
        }
        fputc('\n', p->out);
    }
}

static int wrapped_lines(const FitLines *l, int cols) {
    int n = 0;
    for (int k = 0; k < l->n; k++) n += fit_put_wrapped(NULL, l->line[k], cols);
    return n;
}

static void put_wrapped(Play *p, const FitLines *l, int from, int cols) {
    for (int k = from; k < l->n; k++) fit_put_wrapped(p->out, l->line[k], cols);
}

void play_show_screen(Play *p, int seat, const PulAction *legal, int n, bool whole) {
    play_measure(p);
    if (p->tty) fputs("\x1b[H\x1b[2J", p->out);
    char turn[256], header[320];
    play_format(turn, sizeof turn, p->st.lang, p->theme, PM_HEADER, pul_game_turns(p->g) + 1,
                seat + 1);
    snprintf(header, sizeof header, "== %s%s ==", turn,
             pul_game_in_extra_turn(p->g) ? play_template(p->st.lang, PM_HEADER_EXTRA) : "");
    PulPlaced placed[PUL_MAX_TILES];
    int nplaced = pul_game_placed(p->g, placed, PUL_MAX_TILES);
    const PulPlaced *last = nplaced > 1 ? &placed[nplaced - 1] : NULL;
    char *text = NULL;
    size_t len = 0;
    FitLines news = {0}, board = {0}, legend = {0}, status = {0}, list = {0};
    /* The board alone, which may be cut; its legend is kept whole under it. */
    TermStyle board_style = p->st;
    board_style.no_legend = true;
    FILE *f = open_memstream(&text, &len);
    bool ok = f && fit_split(&news, p->news);
    p->news[0] = '\0';
    if (ok) term_draw_board(f, p->g, p->theme, &board_style, last);
    ok = ok && capture(&board, f, &text, &len);
    f = ok ? open_memstream(&text, &len) : NULL;
    if (f) term_draw_legend(f, p->g, p->theme, &p->st);
    ok = f && capture(&legend, f, &text, &len);
    f = ok ? open_memstream(&text, &len) : NULL;
    if (f) {
        term_draw_status(f, p->g, p->theme, &p->st, seat);
        play_show_known_supply(p, f, seat);
    }
    ok = f && capture(&status, f, &text, &len);
    if (!ok) { /* out of memory: what can be shown, unfitted */
        fprintf(p->out, "\n%s\n", header);
        play_show_legal(p, legal, n);
        goto done;
    }
    /* At a terminal the screen fits it, unless the whole of it is asked for;
    ** on a pipe nothing is folded, cut or wrapped. */
    bool fit = p->tty && !whole;
    int cols = fit ? p->cols - 1 : 1 << 20; /* a full last column makes some terminals wrap */
    int news_lines = wrapped_lines(&news, cols), board_lines = board.n, skip = 0;
    bool cut = false;
    /* The legend goes first when the screen is too small for it: with it the
    ** board would have less than one row of tiles (the second pass, without). */
    for (int pass = 0; fit && pass < 2; pass++) {
        /* Besides the prompt: a blank line (or the note that the board is cut), the
        ** header, the legend, the status and a blank line after the legend and after
        ** the status. */
        int avail = p->rows - 1 - (3 + fit_put_wrapped(NULL, header, cols) +
                                   wrapped_lines(&legend, cols) + wrapped_lines(&status, cols));
        char note[512];
        play_format(note, sizeof note, p->st.lang, p->theme, PM_BOARD_CUT);
        int note_extra = fit_put_wrapped(NULL, note, cols) - 1; /* past the blank line's */
        int board_least = board.n < BOARD_MIN_LINES ? board.n : BOARD_MIN_LINES;
        /* The news (what the others just did, its last NEWS_KEPT lines) comes
        ** first; then the list folds until the board has what it needs, or two
        ** thirds of the room left. */
        news_lines = wrapped_lines(&news, cols);
        skip = 0;
        cut = false;
        board_lines = board.n;
        int news_kept = news_lines < NEWS_KEPT ? news_lines : NEWS_KEPT;
        int board_target = (avail - news_kept) * 2 / 3;
        if (board_target > board.n) board_target = board.n;
        if (board_target < board_least) board_target = board_least;
        int budget = avail - news_lines - board.n;
        if (budget < avail - news_kept - board_target) budget = avail - news_kept - board_target;
        fit_free(&list);
        f = open_memstream(&text, &len);
        if (!f) goto done;
        int left = avail - show_list(p, f, legal, n, budget > 1 ? budget : 1);
        if (!capture(&list, f, &text, &len)) goto done;
        /* The news keeps its last lines, and the board gives way to them down to
        ** one row of tiles; it keeps the rows round the last placement. */
        while (skip < news.n && news_lines > 1 &&
               (news_lines > news_kept || news_lines + note_extra + BOARD_LEAST_LINES > left))
            news_lines -= fit_put_wrapped(NULL, news.line[skip++], cols);
        if (board.n > left - news_lines || (board.n && fit_width(board.line[0]) > cols)) {
            cut = true; /* the note takes the blank line's place, and more if it wraps */
            board_lines = left - news_lines - note_extra;
        }
        int least = board.n < BOARD_LEAST_LINES ? board.n : BOARD_LEAST_LINES;
        if (board_lines >= least || legend.n == 0) break;
        fit_free(&legend);
    }
    put_wrapped(p, &news, skip, cols);
    if (cut) {
        char note[512];
        play_format(note, sizeof note, p->st.lang, p->theme, PM_BOARD_CUT);
        fit_put_wrapped(p->out, note, cols);
    } else {
        fputc('\n', p->out);
    }
    fit_put_wrapped(p->out, header, cols);
    put_board(p, &board, cut ? board_lines : board.n, cols, last);
    put_wrapped(p, &legend, 0, cols);
    fputc('\n', p->out);
    put_wrapped(p, &status, 0, cols);
    fputc('\n', p->out);
    if (fit)
        for (int k = 0; k < list.n; k++) fprintf(p->out, "%s\n", list.line[k]);
    else
        play_show_legal(p, legal, n);
done:
    free(text);
    fit_free(&news);
    fit_free(&board);
    fit_free(&legend);
    fit_free(&status);
    fit_free(&list);
}

int play_list_number(const PulAction *a, const PulAction *legal, int n) {
    for (int k = 0; k < n; k++) {
        const PulAction *l = &legal[k];
        if (l->kind != a->kind) continue;
        bool same = a->kind == PUL_PLACE   ? l->tile == a->tile && l->rot == a->rot &&
                                                 l->x == a->x && l->y == a->y
                    : a->kind == PUL_TAKE  ? l->tile == a->tile
                    : a->kind == PUL_CLAIM ? l->quad == a->quad && l->x == a->x && l->y == a->y
                                           : true;
        if (same) return k + 1;
    }
    return 0;
}

void play_show_rotations(Play *p, int tile, const PulAction *legal, int n) {
    play_say(p, PM_PREVIEW, tile);
    fputs("  ", p->out);
    for (int r = 0; r < 4; r++) fprintf(p->out, "r%d     ", r);
    fputc('\n', p->out);
    for (int row = 0; row < 2; row++) {
        fputs("  ", p->out);
        for (int r = 0; r < 4; r++) {
            term_draw_tile_row(p->out, p->v, p->theme, &p->st, tile, r, row);
            fputs("   ", p->out);
        }
        fputc('\n', p->out);
    }
    /* Where each rotation can go: the cells with their numbers in the list. */
    int width = 0, found = 0;
    for (int k = 0; k < n; k++) {
        if (legal[k].kind != PUL_PLACE || legal[k].tile != tile) continue;
        char text[64];
        snprintf(text, sizeof text, "%d) %d,%d", k + 1, (int)legal[k].x, (int)legal[k].y);
        if ((int)strlen(text) + 2 > width) width = (int)strlen(text) + 2;
        found++;
    }
    if (!found) {
        play_say(p, PM_ROTATIONS_NONE, tile);
        return;
    }
    play_say(p, PM_ROTATIONS_WHERE);
    for (int r = 0; r < 4; r++) {
        int col = LIST_INDENT, here = 0;
        fprintf(p->out, "  r%d%*s", r, LIST_INDENT - 4, "");
        for (int k = 0; k < n; k++) {
            if (legal[k].kind != PUL_PLACE || legal[k].tile != tile || legal[k].rot != r) continue;
            char text[64];
            snprintf(text, sizeof text, "%d) %d,%d", k + 1, (int)legal[k].x, (int)legal[k].y);
            if (col + width > p->cols - 1 && col > LIST_INDENT) {
                fprintf(p->out, "\n%*s", LIST_INDENT, "");
                col = LIST_INDENT;
            }
            fprintf(p->out, "%-*s", width, text);
            col += width;
            here++;
        }
        if (!here) fputs(play_template(p->st.lang, PM_ROTATION_NOWHERE), p->out);
        fputc('\n', p->out);
    }
}

void play_show_known_supply(Play *p, FILE *out, int seat) {
    uint8_t supply[PUL_MAX_TILES];
    int known[PUL_MAX_TILES], nknown = 0;
    int nsupply = pul_game_supply(p->g, seat, supply, PUL_MAX_TILES);
    for (int k = 0; k < nsupply; k++)
        if (pul_game_knows(p->g, seat, supply[k])) known[nknown++] = supply[k];
    if (nknown == 0) return;
    char title[512];
    play_format(title, sizeof title, p->st.lang, p->theme, PM_KNOWN_SUPPLY);
    fprintf(out, "%s\n", title);
    /* As term_draw_status draws the hand: each tile four cells wide, its id above. */
    for (int k = 0; k < nknown; k++) fprintf(out, "  %-4d", known[k]);
    fputc('\n', out);
    for (int row = 0; row < 2; row++) {
        for (int k = 0; k < nknown; k++) {
            fputs("  ", out);
            term_draw_tile_row(out, p->v, p->theme, &p->st, known[k], 0, row);
        }
        fputc('\n', out);
    }
}

void play_show_end(Play *p) {
    const PulGame *g = p->g;
    int lang = p->st.lang, nseats = pul_game_seats(g);
    char reason[512], line[1024], part[256];
    play_say(p, PM_GAME_OVER, pul_end_explain(g, lang, reason, sizeof reason));
    for (int s = 0; s < nseats; s++) {
        CliScore b;
        cli_score(g, s, &b);
        play_format(line, sizeof line, lang, p->theme, PM_SCORE_LINE, s + 1, b.total,
                    b.points[PUL_SCORE_GROUPS], b.count[PUL_SCORE_SUPPLY],
                    b.points[PUL_SCORE_SUPPLY], b.count[PUL_SCORE_HAND], b.points[PUL_SCORE_HAND]);
        if (b.points[PUL_SCORE_SCRIPTS]) {
            play_format(part, sizeof part, lang, p->theme, PM_SCORE_SCRIPTS,
                        b.points[PUL_SCORE_SCRIPTS]);
            strncat(line, part, sizeof line - strlen(line) - 1);
        }
        strncat(line, play_template(lang, PM_SCORE_END), sizeof line - strlen(line) - 1);
        if (pul_game_loser(g) == s) {
            play_format(part, sizeof part, lang, p->theme, PM_LOST);
            strncat(line, part, sizeof line - strlen(line) - 1);
        }
        fprintf(p->out, "%s\n", line);
    }
    play_show_winners(p);
}

void play_show_winners(Play *p) {
    const PulGame *g = p->g;
    int nseats = pul_game_seats(g), winners[PUL_MAX_SEATS];
    int nwin = pul_game_winners(g, winners, PUL_MAX_SEATS);
    if (nseats == 1) {
        /* Alone at the table there is a score to beat, not a winner. */
        int score;
        pul_game_scores(g, &score, 1);
        play_say(p, PM_SOLO_SCORE, score);
    } else if (nwin == 0) {
        play_say(p, PM_NO_WINNER);
    } else if (nwin == 1) {
        play_say(p, PM_WINNER, winners[0] + 1);
    } else {
        char list[64] = "";
        for (int k = 0; k < nwin; k++) {
            size_t len = strlen(list);
            snprintf(list + len, sizeof list - len, "%s%d", k ? ", " : "", winners[k] + 1);
        }
        play_say(p, PM_WINNERS_TIED, list);
    }
}
