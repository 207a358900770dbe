/*
** play_genial.c: `pul play` of an Einfach Genial edition (play.h's
** PlayFamily): the screen (the hex board beside the tracks and the rack, the
** numbered placements grouped by tile kind with the points each would
** score), the news of a turn without another seat's draws, the end.
**
** A position offers hundreds to thousands of placements, so the screen shows
** each kind's best first and as many as fit, and "moves" (or "moves rg") the
** rest; the numbers are those of the whole list either way. Points come from
** the engine (pul_genial_points), and whether a placement reaches a track end
** from applying it to a copy of the game: nothing here knows a rule.
*/
#define _POSIX_C_SOURCE 200809L /* open_memstream */

#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "play.h"
#include "play_fit.h"
#include "term_hex.h"

enum {
    LIST_INDENT = 8,   /* "  ▲♣ rg" and room to spare */
    PIPE_LINES = 2,    /* lines of each kind on a screen that is not fitted */
    NEWS_KEPT = 6,     /* news lines above the board a fitted screen keeps at most */
    TABLE_LEAST = 5,   /* the board is never cut to fewer lines */
    MARKS_MAX = 32     /* placements marked as recent */
};

/* ------------------------------------------------------------ the list */

typedef struct {
    PulAction a;
    PlayEntry e;
} Sorted;

static int sorted_order(const void *pa, const void *pb) {
    const Sorted *x = pa, *y = pb;
    if (x->a.kind != y->a.kind) return x->a.kind - y->a.kind;
    if (x->a.kind != PUL_PLACE) return 0;
    if (x->a.tile != y->a.tile) return x->a.tile - y->a.tile;
    int sx = x->e.points[0] + x->e.points[1], sy = y->e.points[0] + y->e.points[1];
    if (sx != sy) return sy - sx; /* the best first */
    if (x->e.bonus != y->e.bonus) return y->e.bonus - x->e.bonus;
    if (x->a.y != y->a.y) return x->a.y < y->a.y ? -1 : 1;
    if (x->a.x != y->a.x) return x->a.x < y->a.x ? -1 : 1;
    if (x->a.rot != y->a.rot) return x->a.rot - y->a.rot;
    return x->a.quad - y->a.quad;
}

/* Whether placement a reaches a track end: applied to a copy, as the engine
** scores it. A scripted edition would start a Lua state per copy: it is not
** asked (the mark is a comfort, the points are the engine's either way). */
static bool reaches_end(PulGame *scratch, const PulGame *g, const PulAction *a) {
    PulEvents ev;
    pul_game_copy(scratch, g);
    if (pul_apply(scratch, a, &ev) != PUL_LEGAL) return false;
    for (int k = 0; k < ev.n; k++)
        if (ev.ev[k].kind == PUL_EV_SCORED && ev.ev[k].tile) return true;
    return false;
}

static void order(Play *p, PulAction *legal, int n) {
    Sorted *s = malloc((size_t)(n > 0 ? n : 1) * sizeof *s);
    PulGame *scratch = pul_variant_has_scripts(p->v) ? NULL : pul_game_new(p->v);
    if (!s) {
        memset(p->entry, 0, (size_t)n * sizeof *p->entry);
        pul_game_free(scratch);
        return;
    }
    for (int k = 0; k < n; k++) {
        int pts[2] = {0, 0};
        s[k].a = legal[k];
        memset(&s[k].e, 0, sizeof s[k].e);
        if (legal[k].kind == PUL_PLACE && pul_genial_points(p->g, &legal[k], pts)) {
            s[k].e.points[0] = (int16_t)pts[0];
            s[k].e.points[1] = (int16_t)pts[1];
            s[k].e.bonus = scratch && pts[0] + pts[1] > 0 && reaches_end(scratch, p->g, &legal[k]);
        }
    }
    qsort(s, (size_t)n, sizeof *s, sorted_order);
    for (int k = 0; k < n; k++) {
        legal[k] = s[k].a;
        p->entry[k] = s[k].e;
    }
    free(s);
    pul_game_free(scratch);
}

static void text(Play *p, const PulAction *a, char *buf, size_t size) {
    if ((a->kind == PUL_REFILL || a->kind == PUL_SWAP) && a->tile == PUL_NO_TILE)
        snprintf(buf, size, "%s", a->kind == PUL_REFILL ? "+" : "x");
    else
        pul_action_format(p->v, a, buf, size);
}

/* The points of a placement's halves in the order its text writes them: the
** engine writes a placement from its other cell when the direction is w, nw
** or ne (PMN.md), and gives the points in the action's order. */
static void written_points(const PulAction *a, const int16_t in[2], int out[2]) {
    bool swapped = a->rot >= 3;
    out[0] = in[swapped ? 1 : 0];
    out[1] = in[swapped ? 0 : 1];
}

/* The theme's mark for a placement that reaches a track end: its bonus
** glyph when one column wide, else "!". */
static const char *bonus_mark(const Play *p) {
    if (p->theme && cli_display_width(p->theme->part[PUL_PART_BONUS].glyph) == 1)
        return p->theme->part[PUL_PART_BONUS].glyph;
    return "!";
}

/* "12) rg@3,-1e 3+2!" */
static void entry_text(Play *p, const PulAction *a, const PlayEntry *e, int number, char *buf,
                       size_t size) {
    char move[64];
    text(p, a, move, sizeof move);
    if (a->kind != PUL_PLACE) {
        snprintf(buf, size, "%d) %s", number, move);
        return;
    }
    int pts[2];
    written_points(a, e->points, pts);
    snprintf(buf, size, "%d) %s %d+%d%s", number, move, pts[0], pts[1],
             e->bonus ? CLI_TEXT(bonus_mark(p)) : "");
}

/* A group of the list: the placements of one kind, or a refill, or a swap. */
typedef struct {
    int first, end;
    int lines;   /* lines it may take, 0: as many as it needs */
} Group;

static int list_groups(const PulAction *a, int n, Group *g) {
    int ng = 0;
    for (int k = 0; k < n;) {
        int end = k + 1;
        while (end < n && a[end].kind == a[k].kind && a[k].kind == PUL_PLACE &&
               a[end].tile == a[k].tile)
            end++;
        g[ng++] = (Group){k, end, 0};
        k = end;
    }
    return ng;
}

/* The group's label, padded to the indent: "▲♣ rg", "refill your rack". */
static int group_label(Play *p, FILE *out, const PulAction *head) {
    if (head->kind == PUL_PLACE) {
        char letters[3];
        fputs("  ", out);
        hex_put_kind(out, p->v, p->theme, &p->st, head->tile);
        hex_kind_letters(p->v, head->tile, letters);
        fprintf(out, " %s", letters);
        return 7;
    }
    char label[256];
    play_format(label, sizeof label, p->st.lang, p->theme,
                head->kind == PUL_REFILL ? PM_G_LIST_REFILL : PM_G_LIST_SWAP);
    fprintf(out, "  %s", label);
    return 2 + fit_width(label);
}

/* The entries' common width (the widest, and a gap). */
static int entry_width(Play *p, const PulAction *a, int n) {
    int w = 0;
    for (int k = 0; k < n; k++) {
        char buf[128];
        entry_text(p, &a[k], &p->entry[k], k + 1, buf, sizeof buf);
        int len = fit_width(buf) + 2;
        if (len > w) w = len;
    }
    return w;
}

/* How many entries a line holds after the indent. */
static int per_line(const Play *p, int width) {
    int k = (p->cols - 1 - LIST_INDENT) / (width > 0 ? width : 1);
    return k < 1 ? 1 : k;
}

/* One group in at most gr->lines lines (0: all of it), its best first;
** when some are left out, how many and how to see them. */
static void write_group(Play *p, FILE *out, const PulAction *a, const Group *gr, int width) {
    const PulAction *head = &a[gr->first];
    int col = group_label(p, out, head);
    fprintf(out, "%*s", col < LIST_INDENT ? LIST_INDENT - col : 2, "");
    int total = gr->end - gr->first, k = per_line(p, width), shown = total;
    char more[256] = "";
    if (gr->lines > 0 && total > gr->lines * k) {
        /* The note ends the last line, in place of the entries it needs room for. */
        char letters[3];
        hex_kind_letters(p->v, head->tile, letters);
        int before = (gr->lines - 1) * k; /* the entries of the lines above the last */
        for (shown = gr->lines * k; shown > before; shown--) {
            play_format(more, sizeof more, p->st.lang, p->theme, PM_G_MORE, total - shown, letters);
            if (LIST_INDENT + (shown - before) * width + fit_width(more) <= p->cols - 1) break;
        }
        /* Too narrow for an entry and the note: the entries, the best ones, go first. */
        if (shown == before) {
            shown = gr->lines * k;
            more[0] = '\0';
        }
    }
    for (int i = 0; i < shown; i++) {
        if (i > 0 && i % k == 0) fprintf(out, "\n%*s", LIST_INDENT, "");
        char buf[128];
        entry_text(p, &a[gr->first + i], &p->entry[gr->first + i], gr->first + i + 1, buf,
                   sizeof buf);
        fputs(buf, out);
        if (i + 1 < shown || more[0]) fprintf(out, "%*s", width - fit_width(buf), "");
    }
    if (more[0]) {
        int on_line = shown ? (shown - 1) % k + 1 : 0;
        if (shown && LIST_INDENT + on_line * width + fit_width(more) > p->cols - 1)
            fprintf(out, "\n%*s", LIST_INDENT, "");
        fputs(more, out);
    }
    fputc('\n', out);
}

/* The list: the title when asked for, then each group in its lines. */
static void write_list(Play *p, FILE *out, const PulAction *a, const Group *g, int ng,
                       bool title) {
    if (title) {
        char text[512];
        play_format(text, sizeof text, p->st.lang, p->theme, PM_LEGAL_TITLE);
        fit_put_wrapped(out, text, p->cols - 1);
    }
    int n = ng ? g[ng - 1].end : 0;
    int width = entry_width(p, a, n);
    for (int k = 0; k < ng; k++) write_group(p, out, a, &g[k], width);
}

/* The list at its shortest: each group's best entry after its kind's
** glyphs ("▲♣ 1) rg@3,-1e 3+2"), as many to a line as fit. */
static void write_packed(Play *p, FILE *out, const PulAction *a, const Group *g, int ng) {
    int col = 0;
    for (int k = 0; k < ng; k++) {
        char *item = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&item, &len);
        if (!f) return;
        const PulAction *head = &a[g[k].first];
        if (head->kind == PUL_PLACE) {
            hex_put_kind(f, p->v, p->theme, &p->st, head->tile);
            fputc(' ', f);
        }
        char buf[128];
        entry_text(p, head, &p->entry[g[k].first], g[k].first + 1, buf, sizeof buf);
        fputs(buf, f);
        fclose(f);
        if (!item) return;
        int w = fit_width(item);
        if (col > 0 && col + 3 + w > p->cols - 1) {
            fputc('\n', out);
            col = 0;
        }
        fputs(col ? "   " : "  ", out);
        fputs(item, out);
        col += (col ? 3 : 2) + w;
        free(item);
    }
    fputc('\n', out);
}

/* The list in at most budget lines: 0, each kind's first PIPE_LINES lines;
** fewer than one a group, packed; else the title when there is room, a line
** per group, then more lines for the groups that have more, one at a time,
** in the list's order. */
static void show_list(Play *p, FILE *out, const PulAction *a, int n, int budget) {
    Group *g = malloc((size_t)(n > 0 ? n : 1) * sizeof *g);
    if (!g) return;
    int ng = list_groups(a, n, g);
    int k = per_line(p, entry_width(p, a, n));
    bool title = true;
    if (budget <= 0) {
        for (int i = 0; i < ng; i++) g[i].lines = PIPE_LINES;
    } else if (budget < ng) {
        write_packed(p, out, a, g, ng);
        free(g);
        return;
    } else {
        title = budget > ng;
        int left = budget - (title ? 1 : 0) - ng;
        for (int i = 0; i < ng; i++) g[i].lines = 1;
        for (bool more = true; left > 0 && more;) {
            more = false;
            for (int i = 0; i < ng && left > 0; i++) {
                int need = (g[i].end - g[i].first + k - 1) / k;
                if (g[i].lines < need) {
                    g[i].lines++;
                    left--;
                    more = true;
                }
            }
        }
    }
    write_list(p, out, a, g, ng, title);
    free(g);
}

/* The lines the packed list takes. */
static int packed_lines(Play *p, const PulAction *a, int n) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return 1;
    Group *g = malloc((size_t)(n > 0 ? n : 1) * sizeof *g);
    if (g) write_packed(p, f, a, g, list_groups(a, n, g));
    fclose(f);
    int lines = 0;
    for (size_t k = 0; text && k < len; k++) lines += text[k] == '\n';
    free(g);
    free(text);
    return lines;
}

static void list(Play *p, const PulAction *legal, int n) {
    Group *g = malloc((size_t)(n > 0 ? n : 1) * sizeof *g);
    if (!g) return;
    int ng = list_groups(legal, n, g);
    write_list(p, p->out, legal, g, ng, true);
    free(g);
}

/* "moves rg": the placements of one kind, all of them. */
static void list_kind(Play *p, const char *word, const PulAction *legal, int n) {
    Group *g = malloc((size_t)(n > 0 ? n : 1) * sizeof *g);
    if (!g) return;
    int ng = list_groups(legal, n, g), found = -1;
    char first[3] = "rg";
    for (int i = 0; i < ng; i++) {
        const PulAction *head = &legal[g[i].first];
        if (head->kind != PUL_PLACE) continue;
        char letters[3];
        hex_kind_letters(p->v, head->tile, letters);
        if (i == 0) memcpy(first, letters, 3);
        if (strlen(word) == 2 && ((word[0] == letters[0] && word[1] == letters[1]) ||
                                  (word[0] == letters[1] && word[1] == letters[0])))
            found = i;
    }
    if (found < 0)
        play_say(p, PM_G_NO_KIND, CLI_TEXT(word), first);
    else
        write_list(p, p->out, legal, &g[found], 1, false);
    free(g);
}

static int number(const PulAction *a, const PulAction *legal, int n) {
    for (int k = 0; k < n; k++) {
        const PulAction *l = &legal[k];
        if (l->kind != a->kind) continue;
        if (a->kind != PUL_PLACE ||
            (l->tile == a->tile && l->rot == a->rot && l->quad == a->quad && l->x == a->x &&
             l->y == a->y))
            return k + 1;
    }
    return 0;
}

/* ---------------------------------------------------------- the screen */

/* text as lines, none when it is empty; false when out of memory. */
static bool split(FitLines *l, const char *text) {
    if (!fit_split(l, text)) return false;
    if (!text[0]) l->n = 0;
    return true;
}

/* What drawing into f wrote, as lines; false when out of memory. */
static bool capture(FitLines *l, FILE *f, char **text) {
    bool ok = fclose(f) == 0 && *text && split(l, *text);
    free(*text);
    *text = NULL;
    return ok;
}

/* The placements made since seat last acted, or at least the last one: the
** screen marks them, so that what the others did shows on the board. */
static int recent(const Play *p, int seat, PulGenialPlaced *out) {
    PulGenialPlaced all[PUL_GENIAL_MAX_PLACED];
    int n = pul_genial_placed(p->g, all, PUL_GENIAL_MAX_PLACED);
    if (n > PUL_GENIAL_MAX_PLACED) n = PUL_GENIAL_MAX_PLACED;
    int since = 0;
    for (int k = p->nmoves - 1; k >= 0 && p->info[k].seat != seat; k--)
        since += p->moves[k].kind == PUL_PLACE;
    if (since < 1) since = 1;
    if (since > n) since = n;
    if (since > MARKS_MAX) since = MARKS_MAX;
    memcpy(out, all + n - since, (size_t)since * sizeof *out);
    return since;
}

/* "== Move 12, seat 1 to play (end of the turn: refill) ==" */
static void header(Play *p, int seat, char *buf, size_t size) {
    char turn[256], phase[256] = "";
    play_format(turn, sizeof turn, p->st.lang, p->theme, PM_HEADER, pul_game_turns(p->g) + 1,
                seat + 1);
    if (pul_genial_bonus_owed(p->g) > 0) {
        const char *shout = p->theme ? pul_theme_part_name(p->theme, PUL_PART_BONUS, p->st.lang)
                                     : play_template(p->st.lang, PM_NAME_BONUS);
        play_format(phase, sizeof phase, p->st.lang, p->theme, PM_G_HEADER_BONUS, CLI_TEXT(shout),
                    pul_genial_bonus_owed(p->g));
    } else if (pul_genial_turn_end_due(p->g)) {
        play_format(phase, sizeof phase, p->st.lang, p->theme,
                    pul_genial_swap_allowed(p->g) ? PM_G_HEADER_END : PM_G_HEADER_REFILL);
    }
    snprintf(buf, size, "== %s%s ==", turn, phase);
}

/* text wrapped to cols, as lines. */
static bool wrap(FitLines *out, const FitLines *in, int from, int cols) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return false;
    for (int k = from; k < in->n; k++) fit_put_wrapped(f, in->line[k], cols);
    return capture(out, f, &text);
}

static void put_lines(Play *p, const FitLines *l, int from, int to) {
    for (int k = from; k < to && k < l->n; k++) fprintf(p->out, "%s\n", l->line[k]);
}

static void screen(Play *p, int seat, const PulAction *legal, int n, bool whole) {
    play_measure(p);
    if (p->tty) fputs("\x1b[H\x1b[2J", p->out);
    bool fit = p->tty && !whole;
    int cols = p->cols - 1; /* a full last column makes some terminals wrap */
    char head[640];
    header(p, seat, head, sizeof head);
    PulGenialPlaced mark[MARKS_MAX];
    int nmark = recent(p, seat, mark);
    FitLines news = {0}, board = {0}, panel = {0}, legend = {0}, aside = {0}, above = {0},
             list_lines = {0};
    char *text = NULL;
    size_t len = 0;
    int bw = hex_board_width(p->g), gap = 2, pw = cols - bw - gap;
    bool beside = pw >= HEX_PANEL_MIN;
    bool ok = split(&news, p->news);
    p->news[0] = '\0';
    FILE *f = ok ? open_memstream(&text, &len) : NULL;
    if (f) hex_draw_board(f, p->g, p->theme, &p->st, mark, nmark);
    ok = f && capture(&board, f, &text);
    f = ok ? open_memstream(&text, &len) : NULL;
    if (f) hex_draw_panel(f, p->g, p->theme, &p->st, seat, beside ? pw : cols);
    ok = f && capture(&panel, f, &text);
    f = ok ? open_memstream(&text, &len) : NULL;
    if (f) hex_draw_legend(f, p->g, p->theme, &p->st, cols);
    ok = f && capture(&legend, f, &text);
    if (!ok) { /* out of memory: what can be shown, unfitted */
        fprintf(p->out, "\n%s\n", head);
        show_list(p, p->out, legal, n, 0);
        goto done;
    }
    /* The news: its last lines beside the board, under the panel, where
    ** there is room; the rest above the header. */
    int free_beside = fit && beside && board.n > panel.n ? board.n - panel.n : 0;
    int from = news.n; /* news lines from here on go beside */
    if (free_beside > 0) {
        FitLines w = {0};
        while (from > 0) {
            fit_free(&w);
            if (!wrap(&w, &news, from - 1, pw) || w.n > free_beside) break;
            from--;
        }
        fit_free(&w);
        if (from < news.n && !wrap(&aside, &news, from, pw)) from = news.n;
    }
    FitLines rest = {0};
    rest.line = news.line;
    rest.n = from;
    if (!wrap(&above, &rest, 0, fit ? cols : 1 << 20)) goto done;
    /* The table: board and panel side by side (with the news under the
    ** panel), or one under the other; shown from line b_from of the board and
    ** p_from of the panel, b_n and p_n lines, a_n of the news beside. */
    int groups = 0;
    for (int k = 0; k < n; k++) groups += k == 0 || legal[k].kind != legal[k - 1].kind ||
                                          legal[k].tile != legal[k - 1].tile;
    int b_from = 0, b_n = board.n, p_from = 0, p_n = panel.n, a_n = aside.n;
    int budget = 0, above_from = 0;
    bool with_legend = true;
    int head_n = fit_put_wrapped(NULL, head, fit ? cols : 1 << 20);
    if (fit) {
        /* Besides the prompt and the header: a blank line. The table is cut
        ** only when even the packed list would not fit under it: the board to
        ** the rows round the last placement, the panel to its last lines (the
        ** rack stays), the news beside it to its last. Then the list gets its
        ** title and a line per group (or is packed), the news above the
        ** header its last lines, the legend what is left, the list the rest. */
        int avail = p->rows - 2 - head_n, least = packed_lines(p, legal, n);
        int h = avail - least < TABLE_LEAST ? TABLE_LEAST : avail - least;
        if (beside) {
            b_n = board.n < h ? board.n : h;
            p_n = panel.n < h ? panel.n : h;
            a_n = aside.n < h - p_n ? aside.n : h - p_n;
        } else if (board.n + panel.n > h) {
            p_n = panel.n < h - TABLE_LEAST ? panel.n : h - TABLE_LEAST;
            if (p_n < 0) p_n = 0;
            b_n = board.n < h - p_n ? board.n : h - p_n;
        }
        /* The panel keeps its heading (whose column is whose) and its last lines. */
        p_from = panel.n - p_n;
        if (b_n < board.n) {
            int rad = hex_area_radius(p->g);
            int at = nmark ? 1 + mark[nmark - 1].r + rad : board.n / 2;
            b_from = at - b_n / 2;
            if (b_from < 0) b_from = 0;
            if (b_from + b_n > board.n) b_from = board.n - b_n;
        }
        int table = beside ? (b_n > p_n + a_n ? b_n : p_n + a_n) : b_n + p_n;
        int left = avail - table;
        budget = left >= groups + 1 ? groups + 1 : left >= groups ? groups : least;
        bool packed = budget < groups;
        left -= budget;
        int keep = above.n < left ? above.n : left;
        if (keep > NEWS_KEPT) keep = NEWS_KEPT;
        if (keep < 0) keep = 0;
        above_from = above.n - keep;
        left -= keep;
        with_legend = legend.n + 1 <= left;
        if (with_legend) left -= legend.n + 1;
        if (!packed && left > 0) budget += left;
        if (budget < 1) budget = 1;
    }
    put_lines(p, &above, above_from, above.n);
    fputc('\n', p->out);
    fit_put_wrapped(p->out, head, fit ? cols : 1 << 20);
    if (beside) {
        int rows = b_n > p_n + a_n ? b_n : p_n + a_n;
        for (int k = 0; k < rows; k++) {
            const char *left = k < b_n ? board.line[b_from + k] : "";
            const char *right = k < p_n         ? panel.line[k && p_from ? p_from + k : k]
                                : k < p_n + a_n ? aside.line[aside.n - a_n + k - p_n]
                                                : "";
            fputs(left, p->out);
            if (right[0]) fprintf(p->out, "%*s%s", bw + gap - fit_width(left), "", right);
            fputc('\n', p->out);
        }
    } else {
        put_lines(p, &board, b_from, b_from + b_n);
        if (p_from == 0) {
            put_lines(p, &panel, 0, p_n);
        } else if (p_n > 0) {
            put_lines(p, &panel, 0, 1);
            put_lines(p, &panel, p_from + 1, panel.n);
        }
    }
    if (with_legend) put_lines(p, &legend, 0, legend.n);
    if (with_legend || !fit) fputc('\n', p->out);
    if (fit) {
        f = open_memstream(&text, &len);
        if (!f) goto done;
        show_list(p, f, legal, n, budget);
        if (!capture(&list_lines, f, &text)) goto done;
        put_lines(p, &list_lines, 0, budget < list_lines.n ? budget : list_lines.n);
    } else {
        show_list(p, p->out, legal, n, 0);
    }
done:
    free(text);
    fit_free(&news);
    fit_free(&board);
    fit_free(&panel);
    fit_free(&legend);
    fit_free(&aside);
    fit_free(&above);
    fit_free(&list_lines);
}

/* ------------------------------------------------------------- moves */

static bool read_move(Play *p, int seat, const char *line, const PulAction *legal, int n,
                      PulAction *a) {
    (void)seat;
    if (strncmp(line, "moves ", 6) == 0) {
        const char *word = line + 6;
        while (*word == ' ') word++;
        list_kind(p, word, legal, n);
        return false;
    }
    if (!strcmp(line, "+") || !strcmp(line, "x")) {
        memset(a, 0, sizeof *a);
        a->kind = line[0] == '+' ? PUL_REFILL : PUL_SWAP;
        a->tile = PUL_NO_TILE;
        return true;
    }
    if (!pul_action_parse(p->v, line, a)) {
        const PulSymbolSet *ss = pul_variant_symbols(p->v);
        bool movelike = line[0] == '+' || line[0] == 'x' || strchr(line, '@');
        for (int s = 0; ss && s < ss->nsymbols; s++) movelike |= line[0] == ss->symbol[s].letter;
        if (movelike) {
            char reason[512];
            play_format(reason, sizeof reason, p->st.lang, p->theme, PM_G_SYNTAX);
            play_say(p, PM_ILLEGAL, CLI_TEXT(line), reason);
        } else {
            play_say(p, PM_NOT_UNDERSTOOD, CLI_TEXT(line));
        }
        return false;
    }
    /* Naming the kinds to draw would choose them from the bag. */
    if ((a->kind == PUL_REFILL || a->kind == PUL_SWAP) && a->tile != PUL_NO_TILE) {
        play_say(p, PM_G_DRAW_RANDOM);
        return false;
    }
    return true;
}

/* ---------------------------------------------------------- the news */

/* The kinds of the events of one kind as "▲♣ rg, ≈≈ bb". */
static void kinds_text(Play *p, const PulEvents *ev, int kind, int seat, char *buf,
                       size_t size) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    buf[0] = '\0';
    if (!f) return;
    int n = 0;
    for (int k = 0; k < ev->n; k++) {
        const PulEvent *e = &ev->ev[k];
        if (e->kind != kind || e->seat != seat) continue;
        char letters[3];
        hex_kind_letters(p->v, e->tile, letters);
        if (n++) fputs(", ", f);
        hex_put_kind(f, p->v, p->theme, &p->st, e->tile);
        fprintf(f, " %s", letters);
    }
    fclose(f);
    if (text) snprintf(buf, size, "%s", text);
    free(text);
}

static void told(Play *p, int seat, const char *bot, const PulAction *done, const PulEvents *ev) {
    char move[64], line[1024];
    text(p, done, move, sizeof move);
    if (done->kind == PUL_PLACE) {
        int16_t pts[2] = {0, 0};
        bool end = false;
        for (int k = 0; k < ev->n; k++)
            if (ev->ev[k].kind == PUL_EV_SCORED && ev->ev[k].quad < 2) {
                pts[ev->ev[k].quad] = (int16_t)ev->ev[k].count;
                end |= ev->ev[k].tile != 0;
            }
        int w[2];
        written_points(done, pts, w);
        snprintf(line, sizeof line, "%s (%d+%d%s)", move, w[0], w[1],
                 end ? CLI_TEXT(bonus_mark(p)) : "");
        if (bot)
            play_news(p, PM_PLAYED_BOT, CLI_TEXT(bot), seat + 1, line);
        else
            play_news(p, PM_PLAYED_SEAT, seat + 1, line);
    }
    for (int k = 0; k < ev->n; k++) {
        const PulEvent *e = &ev->ev[k];
        if (e->kind == PUL_EV_BONUS) {
            const char *shout = p->theme
                                    ? pul_theme_part_name(p->theme, PUL_PART_BONUS, p->st.lang)
                                    : play_template(p->st.lang, PM_NAME_BONUS);
            play_news(p, PM_G_BONUS, CLI_TEXT(shout), e->seat + 1, e->count);
        } else if (e->kind == PUL_EV_BONUS_LOST) {
            play_news(p, PM_G_BONUS_LOST, e->seat + 1, e->count);
        } else if (e->kind == PUL_EV_REFILLED) {
            /* How many, never which: the kinds are the seat's alone. */
            if (bot)
                play_news(p, PM_G_REFILLED_BOT, CLI_TEXT(bot), e->seat + 1, e->count);
            else
                play_news(p, PM_G_REFILLED_SEAT, e->seat + 1, e->count);
        } else if (e->kind == PUL_EV_SWAPPED) {
            char back[512];
            kinds_text(p, ev, PUL_EV_RETURNED, e->seat, back, sizeof back);
            if (!back[0]) snprintf(back, sizeof back, "-");
            if (bot)
                play_news(p, PM_G_SWAPPED_BOT, CLI_TEXT(bot), e->seat + 1, back, e->count);
            else
                play_news(p, PM_G_SWAPPED_SEAT, e->seat + 1, back, e->count);
        }
    }
    if (done->kind == PUL_REFILL || done->kind == PUL_SWAP) {
        char drew[512];
        kinds_text(p, ev, PUL_EV_DREW, seat, drew, sizeof drew);
        if (drew[0]) play_news_to(p, seat, PM_G_YOU_DREW, drew);
    }
}

/* A refill or a swap showed its seat tiles from the bag. */
static bool hidden(const PulAction *done, const PulEvents *ev) {
    (void)ev;
    return done->kind == PUL_REFILL || done->kind == PUL_SWAP;
}

/* ------------------------------------------------------------- the end */

/* The ranking compares each seat's tracks from the lowest up (RULES-GENIAL.md):
** the end shows them so, as the engine gives them. */
static int ascending(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

static void end(Play *p) {
    const PulGame *g = p->g;
    int lang = p->st.lang, nseats = pul_game_seats(g);
    PulGenialPlaced placed[PUL_GENIAL_MAX_PLACED];
    int n = pul_genial_placed(g, placed, PUL_GENIAL_MAX_PLACED);
    if (n > PUL_GENIAL_MAX_PLACED) n = PUL_GENIAL_MAX_PLACED;
    fputc('\n', p->out);
    hex_draw_table(p->out, g, p->theme, &p->st, -1, n ? &placed[n - 1] : NULL, n ? 1 : 0,
                   p->cols - 1);
    fputc('\n', p->out);
    char reason[512], line[1024];
    play_say(p, PM_GAME_OVER, pul_end_explain(g, lang, reason, sizeof reason));
    const PulSymbolSet *ss = pul_variant_symbols(p->v);
    for (int s = 0; s < nseats; s++) {
        CliScore b;
        cli_score(g, s, &b);
        int t[PUL_GENIAL_MAX_SYMBOLS];
        int nt = pul_genial_tracks(g, s, t, PUL_GENIAL_MAX_SYMBOLS);
        if (nt > PUL_GENIAL_MAX_SYMBOLS) nt = PUL_GENIAL_MAX_SYMBOLS;
        qsort(t, (size_t)nt, sizeof *t, ascending);
        char list[128] = "";
        for (int i = 0; i < nt; i++) {
            size_t len = strlen(list);
            snprintf(list + len, sizeof list - len, "%s%d", i ? " " : "", t[i]);
        }
        int low = b.count[PUL_SCORE_LOWEST_TRACK];
        const char *name = p->theme && low < p->theme->nfeatures
                               ? pul_theme_feature_name(p->theme, low, lang)
                           : ss && low < ss->nsymbols ? ss->symbol[low].name
                                                      : "?";
        play_format(line, sizeof line, lang, p->theme, PM_G_SCORE_LINE, s + 1, b.total,
                    CLI_TEXT(name), list);
        fprintf(p->out, "%s\n", line);
    }
    play_show_winners(p);
}

/* Undo is offered with bots too: a placement shows nothing hidden, and the
** bots have not moved since one's own placement in one's own turn. */
const PlayFamily play_genial = {order, screen, list,   read_move, told,           hidden,
                                number, text,  end,    PM_G_HELP, PM_G_HELP_MORE, true};
