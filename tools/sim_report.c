/*
** sim_report.c: the HTML report of a simulation, drawn from its summary.
**
** One self-contained page: inline CSS and inline SVG, no script, no font,
** image or link to fetch, so it opens anywhere and can be mailed as is.
** Every chart is a <section id="..."> with an <h2> and an <svg> that is
** well-formed XML (text escaped, attributes quoted, only XML entities).
** One colour per variant throughout, so a designer reads A/B at a glance.
*/
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "cli.h"
#include "sim.h"

enum { MAX_REASONS = 8, MAX_CATS = 64 };

/* ------------------------------------------------------------ figures */

/* The family's figures the summary shows, by key over all variants in the
** order of their tables: each the entry of the first variant that has it
** (its words for the report). */
typedef struct {
    int n;
    const PulMetricInfo *m[SIM_MAX_FIGURES];
} Figures;

static void figures_of(const SimSummary *s, Figures *out) {
    out->n = 0;
    for (int v = 0; v < s->nvariants; v++) {
        const SimVariantSummary *vs = &s->v[v];
        for (int k = 0; vs->metrics && k < vs->nmetrics; k++) {
            if (sim_figure_find(vs, vs->metrics[k].key) != k) continue;
            int i = 0;
            while (i < out->n && strcmp(out->m[i]->key, vs->metrics[k].key) != 0) i++;
            if (i == out->n && out->n < SIM_MAX_FIGURES) out->m[out->n++] = &vs->metrics[k];
        }
    }
}

/* Variant vs's entry of the figure, NULL when its family has none of that kind. */
static const PulMetricInfo *figure_in(const SimVariantSummary *vs, const PulMetricInfo *m) {
    int k = sim_figure_find(vs, m->key);
    return k >= 0 && vs->metrics[k].kind == m->kind ? &vs->metrics[k] : NULL;
}

/* A figure's word for the report, or the fallback when its table has none. */
static const char *word(const char *w, const char *fallback) {
    return w && *w ? w : fallback;
}

/* Colour-blind-safe palette, one per variant in the order given. */
static const char *const PALETTE[SIM_MAX_VARIANTS] = {
    "#3b75af", "#ef8636", "#519e3e", "#c53a32", "#8d69b8", "#84584e", "#d57dbf", "#7f7f7f"};
static const char *const COLOUR_HIGHER = "#2a7ab0";
static const char *const COLOUR_LOWER = "#d35f1c";
static const char *const COLOUR_NONE = "#9aa0a8";

/* ------------------------------------------------------------- escaping */

/* Text and attribute values, safe in HTML and in XML (cli_xml_char). */
static void esc(FILE *f, const char *s) {
    while (*s) {
        char e[CLI_ESC_MAX];
        int n = cli_xml_char(s, e);
        if (e[0])
            fputs(e, f);
        else
            fwrite(s, 1, (size_t)n, f);
        s += n;
    }
}

/* A number with d decimals, never "-0". */
static const char *num(char *buf, size_t size, double x, int d) {
    snprintf(buf, size, "%.*f", d, x);
    if (buf[0] == '-') {
        bool zero = true;
        for (const char *q = buf + 1; *q; q++)
            if (*q >= '1' && *q <= '9') zero = false;
        if (zero) memmove(buf, buf + 1, strlen(buf));
    }
    return buf;
}

/* Decimals that show a value of magnitude x with about three significant digits. */
static int decimals_for(double x) {
    x = fabs(x);
    return x >= 100 ? 0 : x >= 10 ? 1 : x >= 1 ? 2 : 3;
}

/* --------------------------------------------------------------- charts */

typedef struct {
    FILE *f;
    double w, h;               /* the svg's size */
    double left, right, top, bottom; /* margins around the plot area */
    double x0, x1, y0, y1;     /* data ranges */
} Plot;

static double px(const Plot *p, double x) {
    return p->left + (x - p->x0) / (p->x1 - p->x0) * (p->w - p->left - p->right);
}
static double py(const Plot *p, double y) {
    return p->h - p->bottom - (y - p->y0) / (p->y1 - p->y0) * (p->h - p->top - p->bottom);
}

/* A 1, 2 or 5 times a power of ten step giving about n ticks over span. */
static double nice_step(double span, int n) {
    if (span <= 0) return 1;
    double raw = span / n, mag = pow(10, floor(log10(raw))), norm = raw / mag;
    return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
}

static double nice_max(double max, int n) {
    if (max <= 0) return 1;
    double step = nice_step(max, n);
    return ceil(max / step - 1e-9) * step;
}

static int step_decimals(double step) {
    return step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
}

static void svg_open(FILE *f, double w, double h, const char *label) {
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-label=\"",
            w, h, w, h);
    esc(f, label);
    fputs("\"><title>", f);
    esc(f, label);
    fputs("</title>\n", f);
}

static void text_at(FILE *f, double x, double y, const char *anchor, const char *cls,
                    const char *s) {
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" class=\"%s\">", x, y, anchor, cls);
    esc(f, s);
    fputs("</text>\n", f);
}

/* Horizontal grid lines with labels on the left; pct shows 0..1 as percent. */
static void y_axis(const Plot *p, double step, bool pct, const char *label) {
    char buf[32];
    int d = step_decimals(pct ? step * 100 : step);
    for (double v = p->y0; v <= p->y1 + step * 1e-6; v += step) {
        double y = py(p, v);
        fprintf(p->f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"%s\"/>\n",
                p->left, y, p->w - p->right, y, v == p->y0 ? "axis" : "grid");
        num(buf, sizeof buf, pct ? v * 100 : v, d);
        if (pct) strcat(buf, "%");
        text_at(p->f, p->left - 6, y + 4, "end", "tick", buf);
    }
    double cy = (p->top + p->h - p->bottom) / 2;
    fprintf(p->f, "<text transform=\"translate(%.1f %.1f) rotate(-90)\" text-anchor=\"middle\" "
                  "class=\"label\">", 13.0, cy);
    esc(p->f, label);
    fputs("</text>\n", p->f);
}

/* Vertical grid lines and labels below, for a numeric x. */
static void x_axis(const Plot *p, double step, const char *label) {
    char buf[32];
    int d = step_decimals(step);
    for (double v = ceil(p->x0 / step - 1e-9) * step; v <= p->x1 + step * 1e-6; v += step) {
        double x = px(p, v);
        fprintf(p->f,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"tickmark\"/>\n", x,
                p->h - p->bottom, x, p->h - p->bottom + 4);
        text_at(p->f, x, p->h - p->bottom + 16, "middle", "tick", num(buf, sizeof buf, v, d));
    }
    text_at(p->f, (p->left + p->w - p->right) / 2, p->h - 6, "middle", "label", label);
}

static void legend_html(FILE *f, const SimSummary *s) {
    if (s->nvariants < 2) return;
    fputs("<p class=\"legend\">", f);
    for (int v = 0; v < s->nvariants; v++) {
        fprintf(f, "<span><i style=\"background:%s\"></i>", PALETTE[v]);
        esc(f, s->v[v].name);
        fputs(v == 0 ? " (A)" : "", f);
        fputs("</span>", f);
    }
    fputs("</p>\n", f);
}

static int max_seats(const SimSummary *s) {
    int m = 0;
    for (int v = 0; v < s->nvariants; v++)
        if (s->v[v].seats > m) m = s->v[v].seats;
    return m;
}

/* Bins of width `bin` over hist[0..n): the largest share of games in a bin. */
static double binned_max(const long *hist, int n, int bin, long total) {
    double m = 0;
    for (int i = 0; i < n; i += bin) {
        long c = 0;
        for (int j = i; j < i + bin && j < n; j++) c += hist[j];
        if (total && (double)c / total > m) m = (double)c / total;
    }
    return m;
}

static int last_nonzero(const long *hist, int n) {
    int last = 0;
    for (int i = 0; i < n; i++)
        if (hist[i]) last = i;
    return last;
}

static int first_nonzero(const long *hist, int n) {
    for (int i = 0; i < n; i++)
        if (hist[i]) return i;
    return 0;
}

/* Where a histogram's x axis starts: 0, unless the data begin far from it. */
static int axis_start(int first, int last, int bin) {
    if (first * 4 < last) return 0;
    int step = (int)nice_step(last - first + 1, 6);
    if (step < bin) step = bin;
    step = (step + bin - 1) / bin * bin;
    return first / step * step;
}

static int bin_width(int range) {
    static const int widths[] = {1, 2, 5, 10, 20, 25, 50};
    for (int i = 0; i < 7; i++)
        if (range / widths[i] <= 40) return widths[i];
    return 100;
}

/* A histogram as a filled step line in the variant's colour. */
static void step_series(const Plot *p, const long *hist, int n, int bin, long total,
                        const char *colour, double mean) {
    if (!total) return;
    FILE *f = p->f;
    fprintf(f, "<path d=\"M%.1f %.1f", px(p, p->x0), py(p, 0));
    for (int i = (int)p->x0; i < n && i < p->x1; i += bin) {
        long c = 0;
        for (int j = i; j < i + bin && j < n; j++) c += hist[j];
        double y = py(p, (double)c / total);
        double xe = i + bin < p->x1 ? i + bin : p->x1;
        fprintf(f, " V%.1f H%.1f", y, px(p, xe));
    }
    fprintf(f, " V%.1f Z\" fill=\"%s\" fill-opacity=\"0.13\" stroke=\"%s\" stroke-width=\"1.8\" "
               "stroke-linejoin=\"round\"/>\n",
            py(p, 0), colour, colour);
    double mx = px(p, mean);
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
               "stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>\n",
            mx, p->top, mx, p->h - p->bottom, colour);
}

static void chart_scores(FILE *f, const SimSummary *s) {
    fputs("<section id=\"scores\">\n<h2>Scores</h2>\n<p class=\"note\">Share of games by final "
          "score, one panel per seat; the dashed line is the mean.</p>\n", f);
    legend_html(f, s);
    int seats = max_seats(s), top = 0, low = 200;
    for (int v = 0; v < s->nvariants; v++)
        for (int st = 0; st < s->v[v].seats; st++) {
            if (!s->v[v].score[st].n) continue;
            int l = last_nonzero(s->v[v].score_hist[st], 201);
            int fz = first_nonzero(s->v[v].score_hist[st], 201);
            if (l > top) top = l;
            if (fz < low) low = fz;
        }
    if (low > top) low = 0;
    int bin = bin_width(top - low + 1), x0 = axis_start(low, top, bin);
    double ymax = 0;
    for (int v = 0; v < s->nvariants; v++)
        for (int st = 0; st < s->v[v].seats; st++) {
            double m = binned_max(s->v[v].score_hist[st], 201, bin, s->v[v].score[st].n);
            if (m > ymax) ymax = m;
        }
    double xmax = ceil((top + 1.0) / bin) * bin;
    fputs("<div class=\"panels\">\n", f);
    for (int st = 0; st < seats; st++) {
        char label[64];
        snprintf(label, sizeof label, "Seat %d", st + 1);
        Plot p = {f, 360, 250, 54, 14, 30, 40, x0, xmax, 0, nice_max(ymax, 4)};
        svg_open(f, p.w, p.h, label);
        text_at(f, p.left, 18, "start", "ptitle", label);
        if (s->nvariants == 1 && s->v[0].bots[st][0]) {
            char bot[SIM_SPEC_MAX + 8];
            snprintf(bot, sizeof bot, "bot %s", s->v[0].bots[st]);
            text_at(f, p.w - p.right, 18, "end", "sub", bot);
        }
        y_axis(&p, nice_step(p.y1, 4), true, "games");
        for (int v = 0; v < s->nvariants; v++)
            if (st < s->v[v].seats)
                step_series(&p, s->v[v].score_hist[st], 201, bin, s->v[v].score[st].n,
                            PALETTE[v], s->v[v].score[st].mean);
        x_axis(&p, nice_step(xmax - x0, 6), "final score");
        fputs("</svg>\n", f);
    }
    fputs("</div>\n</section>\n", f);
}

/* A vertical error bar from lo to hi at x. */
static void error_bar(FILE *f, double x, double ylo, double yhi, double half) {
    fprintf(f, "<path d=\"M%.1f %.1f V%.1f M%.1f %.1f H%.1f M%.1f %.1f H%.1f\" class=\"err\"/>\n",
            x, ylo, yhi, x - half, ylo, x + half, x - half, yhi, x + half);
}

/* Win rates by bot, over the seat-games each played: with --swap, the
** strength of a bot apart from its seat. */
static void bot_table(FILE *f, const SimSummary *s) {
    bool any = false;
    for (int v = 0; v < s->nvariants; v++) any |= s->v[v].nbots > 1;
    if (!any || !s->swap) return;
    fputs("<h3>Win rate by bot</h3>\n<p class=\"note\">--swap rotates the bots over the seats, so "
          "each bot's win rate over the seats it held measures the bot apart from the seat. 95% "
          "Wilson interval; a bot is stronger when its interval lies above the fair share.</p>\n"
          "<table class=\"bots\">\n<thead><tr><th>variant</th><th>bot</th><th>seat-games</th>"
          "<th>win rate</th><th>95% CI</th><th>fair share</th></tr></thead>\n<tbody>\n", f);
    char a[32], b[32];
    for (int v = 0; v < s->nvariants; v++) {
        const SimVariantSummary *vs = &s->v[v];
        for (int i = 0; i < vs->nbots; i++) {
            fputs("<tr><td>", f);
            esc(f, vs->name);
            fputs("</td><td>", f);
            esc(f, vs->bot[i].spec);
            fprintf(f, "</td><td class=\"n\">%ld</td><td class=\"n\">%s%%</td>", vs->bot[i].seats,
                    num(a, sizeof a, vs->bot[i].win_rate * 100, 1));
            fprintf(f, "<td class=\"n\">%s%% \u2026 ", num(a, sizeof a, vs->bot[i].lo * 100, 1));
            fprintf(f, "%s%%</td><td class=\"n\">%s%%</td></tr>\n",
                    num(a, sizeof a, vs->bot[i].hi * 100, 1),
                    num(b, sizeof b, vs->fair_share * 100, 1));
        }
    }
    fputs("</tbody>\n</table>\n", f);
}

static void chart_wins(FILE *f, const SimSummary *s) {
    fputs("<section id=\"wins\">\n<h2>Win rate by seat</h2>\n<p class=\"note\">Ties are split "
          "between the tied seats. Bars show the 95% Wilson interval; the dashed line is each "
          "variant's fair share, 1 / its seats. Whether a seat is favoured is a chi-square test "
          "of the decisive games (one winner) against an even split, at alpha 0.05: see the "
          "verdict.</p>\n", f);
    legend_html(f, s);
    int seats = max_seats(s), nv = s->nvariants;
    double hi = 0;
    for (int v = 0; v < nv; v++)
        for (int st = 0; st < s->v[v].seats; st++)
            if (s->v[v].win_hi[st] > hi) hi = s->v[v].win_hi[st];
    Plot p = {f, 720, 300, 58, 16, 30, 42, 0, seats ? seats : 1, 0, nice_max(hi * 1.08, 5)};
    if (p.y1 > 1) p.y1 = 1;
    svg_open(f, p.w, p.h, "Win rate by seat");
    y_axis(&p, nice_step(p.y1, 5), true, "win rate");
    double group = px(&p, 1) - px(&p, 0), bw = group * 0.7 / nv;
    if (bw > 70) bw = 70;
    char buf[48], label_buf[32];
    for (int st = 0; st < seats; st++) {
        double gx = px(&p, st + 0.5) - bw * nv / 2;
        for (int v = 0; v < nv; v++) {
            const SimVariantSummary *vs = &s->v[v];
            if (st >= vs->seats || !vs->score[st].n) continue;
            double x = gx + v * bw, y = py(&p, vs->win_rate[st]);
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
                       "rx=\"2\"/>\n",
                    x + 2, y, bw - 4, py(&p, 0) - y, PALETTE[v]);
            error_bar(f, x + bw / 2, py(&p, vs->win_lo[st]), py(&p, vs->win_hi[st]), bw / 6);
            /* the value inside the bar's top, clear of the whisker and the fair line */
            num(buf, sizeof buf, vs->win_rate[st] * 100, 1);
            strcat(buf, "%");
            if (py(&p, 0) - y > 34 && bw > 34)
                text_at(f, x + bw / 2, py(&p, 0) - 8, "middle", "inval", buf);
            else
                text_at(f, x + bw / 2, py(&p, vs->win_hi[st]) - 5, "middle", "val", buf);
            if (vs->seats > 1) { /* the fair share of this variant's seat count */
                double fy = py(&p, 1.0 / vs->seats);
                if (1.0 / vs->seats <= p.y1)
                    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                               "class=\"fair\"/>\n",
                            x - 2, fy, x + bw + 2, fy);
            }
        }
        char label[32];
        snprintf(label, sizeof label, "seat %d", st + 1);
        text_at(f, px(&p, st + 0.5), p.h - p.bottom + 18, "middle", "tick", label);
    }
    /* A legend for the dashed lines, above the plot: each variant's own fair
    ** share, as seat counts may differ. */
    char legend[160] = "fair share";
    size_t len = strlen(legend);
    bool one = true;
    for (int v = 1; v < nv; v++) one &= s->v[v].seats == s->v[0].seats;
    for (int v = 0; v < nv && len < sizeof legend; v++) {
        if (s->v[v].seats < 2 || (one && v > 0)) continue;
        num(label_buf, sizeof label_buf, 100.0 / s->v[v].seats, 1);
        if (one)
            len += (size_t)snprintf(legend + len, sizeof legend - len, " (%s%%)", label_buf);
        else
            len += (size_t)snprintf(legend + len, sizeof legend - len, "%s %d seats %s%%",
                                    v ? "," : ":", s->v[v].seats, label_buf);
    }
    if (seats && max_seats(s) > 1) {
        double lx = p.w - p.right - 6.2 * (double)strlen(legend);
        fprintf(f, "<line x1=\"%.1f\" y1=\"12\" x2=\"%.1f\" y2=\"12\" class=\"fair\"/>\n", lx - 30,
                lx - 6);
        text_at(f, lx, 16, "start", "fairlabel", legend);
    }
    fputs("</svg>\n", f);
    bot_table(f, s);
    fputs("</section>\n", f);
}

/* What a game's actions are, as the families' tables name the counts of
** each kind (PUL_METRIC_ACTION): " (moves and swaps)", or
** nothing when no table says. */
static void action_kinds(FILE *f, const SimSummary *s) {
    const char *label[SIM_MAX_FIGURES], *key[SIM_MAX_FIGURES];
    int n = 0;
    for (int v = 0; v < s->nvariants; v++) {
        const SimVariantSummary *vs = &s->v[v];
        for (int k = 0; vs->metrics && k < vs->nmetrics; k++) {
            const PulMetricInfo *m = &vs->metrics[k];
            if (!(m->flags & PUL_METRIC_ACTION) || m->kind != PUL_METRIC_COUNT) continue;
            int i = 0;
            while (i < n && strcmp(key[i], m->key) != 0) i++;
            if (i < n || n == SIM_MAX_FIGURES) continue;
            key[n] = m->key;
            label[n++] = word(m->label, m->key);
        }
    }
    for (int i = 0; i < n; i++) {
        fputs(i == 0 ? " (" : i + 1 < n ? ", " : " and ", f);
        esc(f, label[i]);
    }
    if (n) fputc(')', f);
}

static void chart_length(FILE *f, const SimSummary *s) {
    fputs("<section id=\"length\">\n<h2>Game length</h2>\n<p class=\"note\">Share of games by "
          "actions played", f);
    action_kinds(f, s);
    fputs("; the dashed line is the mean.</p>\n", f);
    legend_html(f, s);
    int top = 0, low = 255;
    for (int v = 0; v < s->nvariants; v++) {
        if (!s->v[v].games) continue;
        int l = last_nonzero(s->v[v].length_hist, 256);
        int fz = first_nonzero(s->v[v].length_hist, 256);
        if (l > top) top = l;
        if (fz < low) low = fz;
    }
    if (low > top) low = 0;
    int bin = bin_width(top - low + 1), x0 = axis_start(low, top, bin);
    double ymax = 0;
    for (int v = 0; v < s->nvariants; v++) {
        double m = binned_max(s->v[v].length_hist, 256, bin, s->v[v].games);
        if (m > ymax) ymax = m;
    }
    double xmax = ceil((top + 1.0) / bin) * bin;
    Plot p = {f, 720, 280, 58, 16, 16, 42, x0, xmax, 0, nice_max(ymax, 4)};
    svg_open(f, p.w, p.h, "Game length");
    y_axis(&p, nice_step(p.y1, 4), true, "games");
    for (int v = 0; v < s->nvariants; v++)
        step_series(&p, s->v[v].length_hist, 256, bin, s->v[v].games, PALETTE[v],
                    s->v[v].turns.mean);
    x_axis(&p, nice_step(xmax - x0, 10), "actions per game");
    fputs("</svg>\n</section>\n", f);
}

/* Horizontal grouped bars: one group per category, one bar per variant. */
typedef struct {
    const char *name;
    double value[SIM_MAX_VARIANTS], lo[SIM_MAX_VARIANTS], hi[SIM_MAX_VARIANTS];
    bool present[SIM_MAX_VARIANTS];
} Category;

static void hbars(FILE *f, const SimSummary *s, const char *title, const Category *cat, int ncat,
                  bool pct, bool ci, const char *xlabel) {
    int nv = s->nvariants;
    double bh = nv == 1 ? 22 : 16, gap = 14, gh = bh * nv + gap;
    double top = 0;
    for (int c = 0; c < ncat; c++)
        for (int v = 0; v < nv; v++)
            if (cat[c].present[v]) {
                double x = ci ? cat[c].hi[v] : cat[c].value[v];
                if (x > top) top = x;
            }
    Plot p = {f, 720, 0, 150, 60, 10, 42, 0, nice_max(top * 1.05, 5), 0, 1};
    if (pct && p.x1 > 1) p.x1 = 1;
    p.h = p.top + p.bottom + gh * ncat;
    svg_open(f, p.w, p.h, title);
    double step = nice_step(p.x1, 5);
    char buf[48];
    int d = step_decimals(pct ? step * 100 : step);
    for (double v = 0; v <= p.x1 + step * 1e-6; v += step) {
        double x = px(&p, v);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"%s\"/>\n", x,
                p.top, x, p.h - p.bottom, v == 0 ? "axis" : "grid");
        num(buf, sizeof buf, pct ? v * 100 : v, d);
        if (pct) strcat(buf, "%");
        text_at(f, x, p.h - p.bottom + 16, "middle", "tick", buf);
    }
    text_at(f, (p.left + p.w - p.right) / 2, p.h - 6, "middle", "label", xlabel);
    for (int c = 0; c < ncat; c++) {
        double gy = p.top + gap / 2 + c * gh;
        text_at(f, p.left - 8, gy + bh * nv / 2 + 4, "end", "cat", cat[c].name);
        for (int v = 0; v < nv; v++) {
            if (!cat[c].present[v]) continue;
            double y = gy + v * bh, w = px(&p, cat[c].value[v]) - px(&p, 0);
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
                       "rx=\"2\"/>\n",
                    px(&p, 0), y + 1.5, w, bh - 3, PALETTE[v]);
            double end = px(&p, cat[c].value[v]);
            if (ci) {
                double xl = px(&p, cat[c].lo[v]), xh = px(&p, cat[c].hi[v]), m = y + bh / 2;
                fprintf(f, "<path d=\"M%.1f %.1f H%.1f M%.1f %.1f V%.1f M%.1f %.1f V%.1f\" "
                           "class=\"err\"/>\n",
                        xl, m, xh, xl, m - bh / 4, m + bh / 4, xh, m - bh / 4, m + bh / 4);
                end = xh;
            }
            double val = pct ? cat[c].value[v] * 100 : cat[c].value[v];
            num(buf, sizeof buf, val, pct ? 1 : decimals_for(val));
            if (pct) strcat(buf, "%");
            text_at(f, end + 5, y + bh / 2 + 4, "start", "val", buf);
        }
    }
    fputs("</svg>\n", f);
}

static void chart_ends(FILE *f, const SimSummary *s) {
    fputs("<section id=\"ends\">\n<h2>How games end</h2>\n<p class=\"note\">Share of games by "
          "end reason.</p>\n", f);
    legend_html(f, s);
    Category cat[MAX_REASONS];
    int n = 0;
    for (int r = 0; r < MAX_REASONS; r++) {
        bool any = false;
        for (int v = 0; v < s->nvariants; v++) any |= s->v[v].end_reasons[r] != 0;
        if (!any) continue;
        Category *c = &cat[n++];
        memset(c, 0, sizeof *c);
        c->name = pul_end_reason_code((PulEndReason)r);
        for (int v = 0; v < s->nvariants; v++) {
            c->present[v] = s->v[v].games > 0;
            c->value[v] = s->v[v].games ? (double)s->v[v].end_reasons[r] / s->v[v].games : 0;
        }
    }
    if (n)
        hbars(f, s, "How games end", cat, n, true, false, "share of games");
    else
        fputs("<p class=\"empty\">No games.</p>\n", f);
    fputs("</section>\n", f);
}

/* A section's opening: its id, heading and note (the figure's words). */
static void figure_section(FILE *f, const PulMetricInfo *m) {
    fputs("<section id=\"", f);
    esc(f, word(m->anchor, m->key));
    fputs("\">\n<h2>", f);
    esc(f, word(m->title, word(m->label, m->key)));
    fputs("</h2>\n", f);
}

/* A per-feature figure: its mean per game of each feature it shows, with
** 95% confidence intervals, one bar per variant. */
static void chart_per_feature(FILE *f, const SimSummary *s, const PulMetricInfo *fig) {
    figure_section(f, fig);
    if (fig->note) {
        fputs("<p class=\"note\">", f);
        esc(f, fig->note);
        fputs(".</p>\n", f);
    }
    legend_html(f, s);
    Category cat[MAX_CATS];
    int n = 0;
    for (int v = 0; v < s->nvariants; v++) {
        const SimVariantSummary *vs = &s->v[v];
        const PulMetricInfo *m = figure_in(vs, fig);
        for (int i = 0; m && i < vs->nfeatures && i < m->n; i++) {
            if (!vs->shown[m->first + i]) continue;
            int c = 0;
            while (c < n && strcmp(cat[c].name, vs->feature_name[i]) != 0) c++;
            if (c == n) {
                if (n == MAX_CATS) continue;
                memset(&cat[n], 0, sizeof cat[n]);
                cat[n++].name = vs->feature_name[i];
            }
            const SimStat *st = &vs->stat[m->first + i];
            cat[c].present[v] = true;
            cat[c].value[v] = st->mean;
            cat[c].lo[v] = st->lo;
            cat[c].hi[v] = st->hi;
        }
    }
    const char *label = word(fig->label, fig->key);
    if (n) {
        hbars(f, s, word(fig->chart, label), cat, n, false, true, word(fig->unit, label));
    } else {
        fputs("<p class=\"empty\">", f);
        esc(f, word(fig->empty, "None."));
        fputs("</p>\n", f);
    }
    fputs("</section>\n", f);
}

/* A histogram: the share of its total in each bin, one bar per variant;
** the note gives each variant's mean per game of the count it sorts (its
** total), and the last bin, which holds that value or more, says so. */
static void chart_histogram(FILE *f, const SimSummary *s, const PulMetricInfo *fig) {
    figure_section(f, fig);
    fputs("<p class=\"note\">", f);
    esc(f, word(fig->note, word(fig->label, fig->key)));
    char buf[32];
    for (int v = 0; fig->total && v < s->nvariants; v++) {
        const SimVariantSummary *vs = &s->v[v];
        if (v == 0) {
            int k = sim_figure_find(vs, fig->total);
            fputs(". ", f);
            esc(f, k >= 0 ? word(vs->metrics[k].title, vs->metrics[k].label) : fig->total);
            fputs(": ", f);
        } else {
            fputs("; ", f);
        }
        if (s->nvariants > 1) {
            esc(f, vs->name);
            fputs(" ", f);
        }
        int k = sim_figure_find(vs, fig->total);
        if (k >= 0 && vs->metrics[k].kind == PUL_METRIC_COUNT)
            fputs(num(buf, sizeof buf, vs->stat[vs->metrics[k].first].mean, 2), f);
        else
            fputs("\u2014", f);
    }
    fputs(".</p>\n", f);
    legend_html(f, s);
    int nv = s->nvariants, first = -1, top = -1;
    const PulMetricInfo *in[SIM_MAX_VARIANTS];
    long total[SIM_MAX_VARIANTS] = {0};
    double ymax = 0;
    for (int v = 0; v < nv; v++) {
        in[v] = figure_in(&s->v[v], fig);
        if (!in[v]) continue;
        const long *h = s->v[v].total + in[v]->first;
        for (int g = 0; g < in[v]->n; g++) total[v] += h[g];
        for (int g = 0; g < in[v]->n; g++) {
            if (!h[g]) continue;
            if (first < 0 || g < first) first = g;
            if (g > top) top = g;
            if ((double)h[g] / total[v] > ymax) ymax = (double)h[g] / total[v];
        }
    }
    if (top < 0) {
        fputs("<p class=\"empty\">", f);
        esc(f, word(fig->empty, "None."));
        fputs("</p>\n</section>\n", f);
        return;
    }
    const char *label = word(fig->label, fig->key);
    int nbins = top - first + 1;
    Plot p = {f, 720, 280, 58, 16, 16, 42, first - 0.5, top + 0.5, 0, nice_max(ymax, 4)};
    svg_open(f, p.w, p.h, word(fig->chart, label));
    y_axis(&p, nice_step(p.y1, 4), true, word(fig->unit, label));
    double slot = px(&p, 1) - px(&p, 0), bw = slot * 0.8 / nv;
    for (int g = first; g <= top; g++) {
        bool last = false; /* the bin of that value or more in some variant */
        for (int v = 0; v < nv; v++) {
            if (!in[v] || !total[v] || g >= in[v]->n) continue;
            last |= g == in[v]->n - 1;
            double share = (double)s->v[v].total[in[v]->first + g] / total[v];
            double x = px(&p, g) - bw * nv / 2 + v * bw, y = py(&p, share);
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
                    x + (bw > 6 ? 1 : 0), y, bw > 6 ? bw - 2 : bw, py(&p, 0) - y, PALETTE[v]);
        }
        int every = nbins <= 20 ? 1 : nbins <= 40 ? 2 : 5;
        if ((g - first) % every == 0 || g == top) {
            snprintf(buf, sizeof buf, last ? "%d+" : "%d", g);
            text_at(f, px(&p, g), p.h - p.bottom + 16, "middle", "tick", buf);
        }
    }
    text_at(f, (p.left + p.w - p.right) / 2, p.h - 6, "middle", "label", word(fig->bins, ""));
    fputs("</svg>\n</section>\n", f);
}

/* ------------------------------------------------------------------ A/B */

static const char *verdict_colour(const SimDiff *d) {
    return strcmp(d->verdict, "higher") == 0 ? COLOUR_HIGHER
           : strcmp(d->verdict, "lower") == 0 ? COLOUR_LOWER
                                              : COLOUR_NONE;
}

/* A difference in the unit its panel and the table use: percentage points
** for a share of games, percent of A for a count; false for a count whose
** A is 0, which has no relative change (the table gives it as is). */
static bool in_unit(const SimDiff *d, double x, double *out) {
    if (d->share) {
        *out = x * 100;
        return true;
    }
    if (fabs(d->a) < 1e-12) return false;
    *out = x / fabs(d->a) * 100;
    return true;
}

/* One row per metric of one kind (shares, or counts): the difference in
** its unit with its 95% interval. */
static void forest(FILE *f, const SimSummary *s, int k, bool shares) {
    int idx[64], n = 0;
    for (int i = 0; i < s->ndiff[k] && n < 64; i++)
        if (s->diffs[k][i].share == shares) idx[n++] = i;
    if (!n) return;
    const char *unit = shares ? " pp" : "%";
    /* The axis fits the differences themselves; a wide interval of a rare
    ** event is cut at the edge (with an arrow) rather than squeezing the rest. */
    double span = 1, reach = 1;
    for (int j = 0; j < n; j++) {
        double lo = 0, hi = 0, mid = 0;
        const SimDiff *d = &s->diffs[k][idx[j]];
        if (in_unit(d, d->lo, &lo) && in_unit(d, d->hi, &hi) && in_unit(d, d->diff, &mid)) {
            if (fabs(mid) * 1.3 > span) span = fabs(mid) * 1.3;
            if (fabs(lo) > reach) reach = fabs(lo);
            if (fabs(hi) > reach) reach = fabs(hi);
        }
    }
    if (span < 5) span = reach < 5 ? reach : 5;
    span = nice_max(span, 4);
    double rh = 20;
    Plot p = {f, 720, 0, 170, 80, 26, 40, -span, span, 0, 1};
    p.h = p.top + p.bottom + rh * n;
    char label[SIM_NAME_MAX * 2 + 64];
    snprintf(label, sizeof label, "Difference of %s from %s: %s", s->v[k].name, s->v[0].name,
             shares ? "shares of games" : "figures per game");
    svg_open(f, p.w, p.h, label);
    double step = nice_step(span, 3);
    char buf[48];
    int dd = step_decimals(step);
    for (double v = -span; v <= span + step * 1e-6; v += step) {
        double x = px(&p, v);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"%s\"/>\n", x,
                p.top, x, p.h - p.bottom, fabs(v) < step * 1e-6 ? "zero" : "grid");
        num(buf, sizeof buf, v, dd);
        strcat(buf, unit);
        text_at(f, x, p.h - p.bottom + 16, "middle", "tick", buf);
    }
    text_at(f, px(&p, 0), 16, "middle", "sub", "lower \u2190  change from A  \u2192 higher");
    text_at(f, (p.left + p.w - p.right) / 2, p.h - 6, "middle", "label",
            shares ? "difference B \u2212 A in percentage points (95% CI)"
                   : "difference B \u2212 A in percent of A (95% CI)");
    for (int j = 0; j < n; j++) {
        const SimDiff *d = &s->diffs[k][idx[j]];
        double y = p.top + rh * j + rh / 2, lo = 0, hi = 0, mid = 0;
        if (j % 2 == 0)
            fprintf(f, "<rect x=\"0\" y=\"%.1f\" width=\"%.0f\" height=\"%.1f\" class=\"band\"/>\n",
                    y - rh / 2, p.w, rh);
        text_at(f, p.left - 8, y + 4, "end", "cat", d->metric);
        if (!in_unit(d, d->diff, &mid) || !in_unit(d, d->lo, &lo) || !in_unit(d, d->hi, &hi)) {
            text_at(f, px(&p, 0) + 6, y + 4, "start", "sub", "A is 0: see the table");
            continue;
        }
        const char *c = verdict_colour(d);
        double xl = px(&p, lo < -span ? -span : lo), xh = px(&p, hi > span ? span : hi);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                   "stroke-width=\"2.2\" stroke-linecap=\"round\"/>\n",
                xl, y, xh, y, c);
        if (lo < -span)
            fprintf(f, "<path d=\"M%.1f %.1f l6 -4 v8 Z\" fill=\"%s\"/>\n", xl, y, c);
        if (hi > span)
            fprintf(f, "<path d=\"M%.1f %.1f l-6 -4 v8 Z\" fill=\"%s\"/>\n", xh, y, c);
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4.5\" fill=\"%s\"/>\n",
                px(&p, mid < -span ? -span : mid > span ? span : mid), y, c);
        /* the label is the table's text, so both read the same */
        sim_diff_text(d, d->diff, buf, sizeof buf);
        text_at(f, p.w - p.right + 8, y + 4, "start", "val", buf);
    }
    fputs("</svg>\n", f);
}

/* A value of A or B: a share in percent, a count with the decimals it needs. */
static void ab_value(FILE *f, const SimDiff *d, double x) {
    char buf[48];
    if (d->share) {
        fprintf(f, "%s%%", num(buf, sizeof buf, x * 100, 1));
        return;
    }
    int dec = decimals_for(fabs(d->a) > fabs(d->b) ? d->a : d->b);
    fputs(num(buf, sizeof buf, x, dec < 2 ? 2 : dec), f);
}

static void ab_table(FILE *f, const SimSummary *s, int k) {
    fputs("<table class=\"ab\">\n<thead><tr><th>metric</th><th>A: ", f);
    esc(f, s->v[0].name);
    fputs("</th><th>B: ", f);
    esc(f, s->v[k].name);
    fputs("</th><th>B \u2212 A</th><th>95% CI</th><th>verdict</th></tr></thead>\n<tbody>\n", f);
    char buf[48];
    for (int i = 0; i < s->ndiff[k]; i++) {
        const SimDiff *d = &s->diffs[k][i];
        fputs("<tr><td>", f);
        esc(f, d->metric);
        fputs("</td><td class=\"n\">", f);
        ab_value(f, d, d->a);
        fputs("</td><td class=\"n\">", f);
        ab_value(f, d, d->b);
        fputs("</td><td class=\"n\">", f);
        esc(f, (sim_diff_text(d, d->diff, buf, sizeof buf), buf));
        fputs("</td><td class=\"n\">", f);
        esc(f, (sim_diff_text(d, d->lo, buf, sizeof buf), buf));
        fputs(" \u2026 ", f);
        esc(f, (sim_diff_text(d, d->hi, buf, sizeof buf), buf));
        fprintf(f, "</td><td><span class=\"verdict\" style=\"background:%s\">", verdict_colour(d));
        esc(f, d->verdict);
        fputs("</span></td></tr>\n", f);
    }
    fputs("</tbody>\n</table>\n", f);
}

/* What differs between B and A, as the engine tells it. */
static void changes_table(FILE *f, const SimSummary *s, int k) {
    if (!s->changes_known) return;
    if (!s->nchanges[k]) {
        fputs("<p class=\"note\">The engine sees no difference in rules, seats, tiles, scripts or "
              "theme.</p>\n", f);
        return;
    }
    fputs("<table class=\"changes\">\n<thead><tr><th>what differs</th><th>name</th><th>A</th>"
          "<th>B</th></tr></thead>\n<tbody>\n", f);
    for (int i = 0; i < s->nchanges[k]; i++) {
        const SimChange *c = &s->changes[k][i];
        fputs("<tr><td>", f);
        esc(f, c->kind);
        fputs("</td><td>", f);
        esc(f, c->name);
        fputs("</td><td>", f);
        esc(f, c->a[0] ? c->a : "\u2014");
        fputs("</td><td>", f);
        esc(f, c->b[0] ? c->b : "\u2014");
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody>\n</table>\n", f);
}

static void section_ab(FILE *f, const SimSummary *s) {
    fputs("<section id=\"ab\">\n<h2>A/B comparison</h2>\n<p class=\"note\">Each variant against "
          "the first (A), game by game over the same deals (same seeds). A verdict of higher or "
          "lower means the 95% confidence interval (Student's t) of the mean paired difference "
          "excludes 0: a paired test at alpha 0.05, each figure on its own. Shares of games (win "
          "rates, end reasons) differ in percentage points (pp), figures per game in percent of "
          "A, in the charts and the table alike. Scores and win rates by seat are compared only "
          "between variants played with the same seats.</p>\n", f);
    for (int k = 1; k < s->nvariants; k++) {
        fprintf(f, "<h3><i class=\"sw\" style=\"background:%s\"></i>", PALETTE[k]);
        esc(f, s->v[k].name);
        fprintf(f, " <span class=\"vs\">vs</span> <i class=\"sw\" style=\"background:%s\"></i>",
                PALETTE[0]);
        esc(f, s->v[0].name);
        fputs("</h3>\n", f);
        changes_table(f, s, k);
        if (!s->same_seats[k])
            fprintf(f, "<p class=\"note\">Played with %d and %d seats: only the game figures are "
                       "compared.</p>\n", s->v[k].seats, s->v[0].seats);
        if (!s->ndiff[k]) {
            fputs("<p class=\"empty\">No games to pair.</p>\n", f);
            continue;
        }
        forest(f, s, k, true);
        forest(f, s, k, false);
        ab_table(f, s, k);
    }
    fputs("</section>\n", f);
}

/* -------------------------------------------------------------- the page */

static const char STYLE[] =
    ":root{--ink:#1f2430;--muted:#6b7280;--line:#e5e7eb}"
    "body{margin:0;background:#f6f7f9;color:var(--ink);"
    "font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif}"
    "main{max-width:780px;margin:0 auto;padding:24px 20px 48px}"
    "h1{font-size:26px;margin:8px 0 4px}h2{font-size:19px;margin:0 0 4px}"
    "h3{font-size:16px;margin:18px 0 8px}"
    "section,header{background:#fff;border:1px solid var(--line);border-radius:10px;"
    "padding:16px 20px;margin:16px 0;box-shadow:0 1px 2px rgba(0,0,0,.04)}"
    ".note{color:var(--muted);margin:0 0 10px;font-size:13.5px}"
    ".empty{color:var(--muted);font-style:italic}"
    ".legend{margin:0 0 8px;font-size:13.5px}.legend span{margin-right:16px;white-space:nowrap}"
    ".legend i,.sw{display:inline-block;width:12px;height:12px;border-radius:3px;"
    "margin-right:6px;vertical-align:-1px}.vs{color:var(--muted);font-weight:400}"
    ".panels{display:flex;flex-wrap:wrap;gap:0 12px}"
    "svg{max-width:100%;height:auto;display:block}"
    "svg text{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif}"
    "svg .tick{font-size:11px;fill:#6b7280}svg .label{font-size:12px;fill:#374151}"
    "svg .ptitle{font-size:13px;font-weight:600;fill:#1f2430}svg .sub{font-size:11px;fill:#6b7280}"
    "svg .cat{font-size:12px;fill:#1f2430}svg .val{font-size:11px;fill:#374151}"
    "svg .inval{font-size:11px;fill:#fff;font-weight:600}"
    "svg .grid{stroke:#eceef1;stroke-width:1}svg .axis{stroke:#9ca3af;stroke-width:1}"
    "svg .zero{stroke:#4b5563;stroke-width:1.2}svg .tickmark{stroke:#9ca3af}"
    "svg .err{stroke:#1f2430;stroke-width:1.3;fill:none}"
    "svg .fair{stroke:#1f2430;stroke-width:1.4;stroke-dasharray:5 3}"
    "svg .fairlabel{font-size:11px;fill:#1f2430;font-style:italic}"
    "svg .band{fill:#f7f8fa}"
    "table{border-collapse:collapse;width:100%;font-size:13.5px;margin-top:10px}"
    "th,td{padding:5px 8px;border-bottom:1px solid var(--line);text-align:left}"
    "th{font-weight:600;color:#374151;background:#fafbfc}td.n{text-align:right;"
    "font-variant-numeric:tabular-nums;white-space:nowrap}"
    ".verdict{display:inline-block;color:#fff;border-radius:10px;padding:1px 9px;font-size:12px;"
    "white-space:nowrap}"
    ".pm{color:#6b7280}"
    "footer{color:var(--muted);font-size:12.5px;text-align:center}"
    ".verdict-lines{margin:4px 0 10px;padding-left:20px}.verdict-lines li{margin:3px 0}"
    ".verdict-lines li.warn{color:#8a3b00;font-weight:600}";

static void stat_cell(FILE *f, const SimStat *st) {
    char a[32], b[32];
    int d = decimals_for(st->mean) > 2 ? 2 : decimals_for(st->mean);
    fprintf(f, "<td class=\"n\">%s <span class=\"pm\">\u00b1 %s</span></td>",
            num(a, sizeof a, st->mean, d), num(b, sizeof b, st->hi - st->mean, d));
}

static void overview(FILE *f, const SimSummary *s, const char *title) {
    fputs("<header>\n<h1>", f);
    esc(f, title);
    fputs("</h1>\n<p class=\"note\">", f);
    long games = 0;
    for (int v = 0; v < s->nvariants; v++) games += s->v[v].games;
    fprintf(f, "%ld games over %d variant%s.</p>\n", games, s->nvariants,
            s->nvariants == 1 ? "" : "s");
    /* The answer first. */
    fputs("<h2>Verdict</h2>\n<ul class=\"verdict-lines\">\n", f);
    for (int i = 0; i < s->nverdict; i++) {
        bool warn = strncmp(s->verdict[i], "Warning:", 8) == 0;
        fputs(warn ? "<li class=\"warn\">" : "<li>", f);
        esc(f, s->verdict[i]);
        fputs("</li>\n", f);
    }
    fputs("</ul>\n<p class=\"note\">Means with the half-width of their 95% confidence interval. "
          "Every test at alpha 0.05, two-sided.</p>\n", f);
    /* the counts of the families' tables, one column each */
    Figures figs;
    figures_of(s, &figs);
    fputs("<table>\n<thead><tr><th>variant</th><th>games</th><th>seats: bots</th>"
          "<th>actions</th>", f);
    for (int i = 0; i < figs.n; i++) {
        if (figs.m[i]->kind != PUL_METRIC_COUNT) continue;
        fputs("<th>", f);
        esc(f, word(figs.m[i]->label, figs.m[i]->key));
        fputs("</th>", f);
    }
    fputs("</tr></thead>\n<tbody>\n", f);
    for (int v = 0; v < s->nvariants; v++) {
        const SimVariantSummary *vs = &s->v[v];
        fprintf(f, "<tr><td><i class=\"sw\" style=\"background:%s\"></i>", PALETTE[v]);
        esc(f, vs->name);
        if (s->nvariants > 1) fputs(v == 0 ? " (A)" : "", f);
        fprintf(f, "</td><td class=\"n\">%ld</td><td>%d: ", vs->games, vs->seats);
        if (s->swap && vs->seats > 1) fputs("rotated, ", f);
        for (int st = 0, run; st < vs->seats; st += run) { /* "mcts:200 ×3" for repeats */
            for (run = 1; st + run < vs->seats && !strcmp(vs->bots[st], vs->bots[st + run]);) run++;
            if (st) fputs(", ", f);
            esc(f, vs->bots[st][0] ? vs->bots[st] : "?");
            if (run > 1) fprintf(f, " \u00d7%d", run);
        }
        fputs("</td>", f);
        stat_cell(f, &vs->turns);
        for (int i = 0; i < figs.n; i++) {
            if (figs.m[i]->kind != PUL_METRIC_COUNT) continue;
            const PulMetricInfo *m = figure_in(vs, figs.m[i]);
            if (m)
                stat_cell(f, &vs->stat[m->first]);
            else
                fputs("<td class=\"n\">\u2014</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</tbody>\n</table>\n</header>\n", f);
}

bool sim_report_write_html(FILE *f, const SimSummary *s, const char *title) {
    if (!title || !*title) title = "pul sim report";
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>", f);
    esc(f, title);
    fprintf(f, "</title>\n<style>%s</style>\n</head>\n<body>\n<main>\n", STYLE);
    overview(f, s, title);
    chart_scores(f, s);
    chart_wins(f, s);
    chart_length(f, s);
    chart_ends(f, s);
    /* a section for each per-feature figure, then each histogram, in table order */
    Figures figs;
    figures_of(s, &figs);
    for (int i = 0; i < figs.n; i++)
        if (figs.m[i]->kind == PUL_METRIC_PER_FEATURE) chart_per_feature(f, s, figs.m[i]);
    for (int i = 0; i < figs.n; i++)
        if (figs.m[i]->kind == PUL_METRIC_HISTOGRAM) chart_histogram(f, s, figs.m[i]);
    if (s->nvariants > 1) section_ab(f, s);
    fputs("<footer>Made by pul sim. Confidence intervals: Student's t for means and paired "
          "differences, Wilson score interval for win rates; seat balance: chi-square goodness "
          "of fit of the decisive games; alpha 0.05.</footer>\n</main>\n</body>\n</html>\n", f);
    return !ferror(f);
}
