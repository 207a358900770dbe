/*
** sim_verdict.c: the answer of a `pul sim` run in words, made from its
** summary: what differs between the variants and what that did, whether a
** seat or a bot is favoured, and a warning when the bots play at random.
**
** Every claim is a test at SIM_ALPHA, said with its figures: a difference
** of an A/B run is significant when its paired 95% interval excludes 0; a
** seat when the chi-square test of the decisive games rejects an even
** split; a bot when its Wilson interval excludes its fair share. Too few
** games give "cannot judge" rather than noise. Differences of shares of
** games are in percentage points (pp), of counts in percent of A, in the
** verdict, the table and the chart alike.
**
** The lines are raw UTF-8 holding edition text (names, features, files):
** whoever shows them escapes them for the medium.
*/
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sim.h"

enum { VERDICT_MAX_LISTED = 4 }; /* significant differences named per comparison */

typedef struct {
    char *buf;
    size_t size, len;
} Text;

static void put(Text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void put(Text *t, const char *fmt, ...) {
    if (t->len + 1 >= t->size) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->len, t->size - t->len, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    t->len = t->len + (size_t)n < t->size ? t->len + (size_t)n : t->size - 1;
}

/* A new verdict line to write into; NULL when the verdict is full. */
static Text *begin_line(SimSummary *s, Text *t) {
    if (s->nverdict >= SIM_MAX_VERDICT) return NULL;
    t->buf = s->verdict[s->nverdict++];
    t->size = SIM_VERDICT_TEXT;
    t->len = 0;
    t->buf[0] = '\0';
    return t;
}

/* A cut line ends with an ellipsis rather than a broken character. */
static void end_line(Text *t) {
    if (t->len + 1 < t->size) return;
    size_t cut = t->size - 4;
    while (cut > 0 && ((unsigned char)t->buf[cut] & 0xc0) == 0x80) cut--;
    memcpy(t->buf + cut, "\xe2\x80\xa6", 4);
}

static const char *pct(char *buf, size_t size, double share) {
    snprintf(buf, size, "%.1f%%", share * 100);
    return buf;
}

static const char *p_text(char *buf, size_t size, double p) {
    if (p < 0.0001)
        snprintf(buf, size, "p < 0.0001");
    else
        snprintf(buf, size, "p = %.*f", p < 0.01 ? 4 : 2, p);
    return buf;
}

/* A number with a sign, never "-0.0" nor "+0.0". */
static const char *signed_num(char *buf, size_t size, double x, int decimals) {
    char tmp[40]; /* the callers' buffers hold it with its sign */
    snprintf(tmp, sizeof tmp, "%.*f", decimals, fabs(x));
    bool zero = strspn(tmp, "0.") == strlen(tmp);
    snprintf(buf, size, "%s%s", zero ? "" : x < 0 ? "\xe2\x88\x92" : "+", tmp);
    return buf;
}

static int decimals_for(double x) {
    x = fabs(x);
    return x >= 100 ? 0 : x >= 10 ? 1 : 2;
}

/* ------------------------------------------------------------ the bots */

static bool is_random(const char *spec) {
    return strncmp(spec, "random", 6) == 0 && (spec[6] == '\0' || spec[6] == ':');
}

/* Different bots sit at fixed seats: a seat's win rate is also its bot's. */
static bool bots_vary_by_seat(const SimSummary *s, const SimVariantSummary *v) {
    if (s->swap) return false;
    for (int st = 1; st < v->seats; st++)
        if (strcmp(v->bots[st], v->bots[0]) != 0) return true;
    return false;
}

static void random_warning(SimSummary *s) {
    long games = 0, out = 0;
    for (int v = 0; v < s->nvariants; v++) {
        games += s->v[v].games;
        out += s->v[v].end_reasons[PUL_END_NO_TILES];
    }
    Text t;
    if (!begin_line(s, &t)) return;
    char a[32];
    put(&t, "Warning: random bots play no strategy");
    /* Only when it happened: in a Genial run the board fills first, and 0% of
    ** games out of tiles would read as if the figure described the family. */
    if (games && out)
        put(&t, ": %s of these games ended with a player out of tiles, which careful play "
                "rarely allows", pct(a, sizeof a, (double)out / (double)games));
    put(&t, ". The figures describe random play, not the game: prefer --bots greedy or mcts.");
    end_line(&t);
}

/* ------------------------------------------------------- seats and bots */

static void seat_rates(Text *t, const SimVariantSummary *v, const char *sep) {
    char a[32];
    for (int st = 0; st < v->seats; st++)
        put(t, "%s%s", st ? sep : "", pct(a, sizeof a, v->win_rate[st]));
}

static void seat_line(SimSummary *s, int vi) {
    const SimVariantSummary *v = &s->v[vi];
    Text t;
    if (!v->games || !begin_line(s, &t)) return;
    char a[32], b[32], c[32], p[32];
    if (v->seats == 1) {
        put(&t, "%s (solo, bot %s): wins %s of %ld games (95%% CI %s\xe2\x80\x93%s).", v->name,
            v->bots[0], pct(a, sizeof a, v->win_rate[0]), v->games, pct(b, sizeof b, v->win_lo[0]),
            pct(c, sizeof c, v->win_hi[0]));
        end_line(&t);
        return;
    }
    const char *sep = v->seats == 2 ? " vs " : " / ";
    int top = 0;
    for (int st = 1; st < v->seats; st++)
        if (v->win_rate[st] > v->win_rate[top]) top = st;
    if (bots_vary_by_seat(s, v)) {
        put(&t, "%s (%d seats): ", v->name, v->seats);
        for (int st = 0; st < v->seats; st++)
            put(&t, "%sseat %d (%s) wins %s", st ? ", " : "", st + 1, v->bots[st],
                pct(a, sizeof a, v->win_rate[st]));
        put(&t, "; fair share %s. The bots differ by seat and --swap is off, so a seat's rate "
                "is also its bot's: add --swap to tell seat from bot.",
            pct(a, sizeof a, v->fair_share));
    } else if (!v->seat_tested) {
        put(&t, "%s (%d seats): seat win rates ", v->name, v->seats);
        seat_rates(&t, v, sep);
        put(&t, " (fair share %s); too few decisive games (%ld) to judge seat balance: at least "
                "%d are needed.",
            pct(a, sizeof a, v->fair_share), v->decisive, SIM_MIN_PER_SEAT * v->seats);
    } else if (v->seat_p < SIM_ALPHA) {
        put(&t, "%s (%d seats) favours seat %d: ", v->name, v->seats, top + 1);
        if (v->seats == 2)
            put(&t, "%s vs %s", pct(a, sizeof a, v->win_rate[top]),
                pct(b, sizeof b, v->win_rate[1 - top]));
        else
            seat_rates(&t, v, sep);
        put(&t, " (seat %d: 95%% CI %s\xe2\x80\x93%s; fair share %s); significant, %s "
                "(chi-square test of %ld decisive games, alpha %.2f).",
            top + 1, pct(a, sizeof a, v->win_lo[top]), pct(b, sizeof b, v->win_hi[top]),
            pct(c, sizeof c, v->fair_share), p_text(p, sizeof p, v->seat_p), v->decisive,
            SIM_ALPHA);
    } else {
        put(&t, "%s (%d seats): no seat is favoured: ", v->name, v->seats);
        seat_rates(&t, v, sep);
        put(&t, " (fair share %s); not significant, %s (chi-square test of %ld decisive games, "
                "alpha %.2f).",
            pct(a, sizeof a, v->fair_share), p_text(p, sizeof p, v->seat_p), v->decisive,
            SIM_ALPHA);
    }
    if (v->drawn)
        put(&t, " %ld drawn game%s split between the tied seats, outside the test.", v->drawn,
            v->drawn == 1 ? " is" : "s are");
    end_line(&t);
}

static void bot_line(SimSummary *s, int vi) {
    const SimVariantSummary *v = &s->v[vi];
    Text t;
    if (v->nbots < 2 || v->seats < 2 || !begin_line(s, &t)) return;
    char a[32], b[32], c[32];
    put(&t, "%s by bot (--swap rotates them over the seats): ", v->name);
    for (int i = 0; i < v->nbots; i++)
        put(&t, "%s%s wins %s of its seats (95%% CI %s\xe2\x80\x93%s)", i ? ", " : "",
            v->bot[i].spec, pct(a, sizeof a, v->bot[i].win_rate), pct(b, sizeof b, v->bot[i].lo),
            pct(c, sizeof c, v->bot[i].hi));
    put(&t, "; fair share %s", pct(a, sizeof a, v->fair_share));
    int best = 0;
    for (int i = 1; i < v->nbots; i++)
        if (v->bot[i].win_rate > v->bot[best].win_rate) best = i;
    if (v->bot[best].lo > v->fair_share)
        put(&t, ": %s is stronger (its interval is above the fair share).", v->bot[best].spec);
    else
        put(&t, ": no bot is clearly stronger.");
    end_line(&t);
}

/* ---------------------------------------------------------------- A/B */

static void change_text(Text *t, const SimChange *c) {
    if (!strcmp(c->kind, "rule")) {
        put(t, "%s %s \xe2\x86\x92 %s", c->name, c->a, c->b);
    } else if (!strcmp(c->kind, "rule at setup")) {
        put(t, "%s %s \xe2\x86\x92 %s at setup (a script sets it)", c->name, c->a, c->b);
    } else {
        put(t, "%s%s%s", c->kind, c->name[0] ? " " : "", c->name);
        if (!c->a[0])
            put(t, " added");
        else if (!c->b[0])
            put(t, " removed");
        else
            put(t, " %s \xe2\x86\x92 %s", c->a, c->b);
    }
}

static void changes_line(SimSummary *s, int k) {
    Text t;
    if (!s->changes_known || !begin_line(s, &t)) return;
    put(&t, "%s vs %s: ", s->v[k].name, s->v[0].name);
    if (!s->nchanges[k]) {
        put(&t, "the engine sees no difference in rules, seats, tiles, scripts or theme.");
    } else {
        put(&t, "what differs: ");
        for (int i = 0; i < s->nchanges[k]; i++) {
            if (i) put(&t, "; ");
            change_text(&t, &s->changes[k][i]);
        }
        put(&t, ".");
    }
    end_line(&t);
}

void sim_diff_text(const SimDiff *d, double x, char *buf, size_t size) {
    char n[48];
    if (d->share)
        snprintf(buf, size, "%s pp", signed_num(n, sizeof n, x * 100, 1));
    else if (fabs(d->a) > 1e-12)
        snprintf(buf, size, "%s%%", signed_num(n, sizeof n, x / fabs(d->a) * 100, 1));
    else
        snprintf(buf, size, "%s", signed_num(n, sizeof n, x, 2));
}

/* How strongly the data speak: the difference over its interval's width. */
static double strength(const SimDiff *d) {
    double w = d->hi - d->lo;
    return w > 0 ? fabs(d->diff) / w : INFINITY;
}

static void ab_line(SimSummary *s, int k) {
    Text t;
    if (!begin_line(s, &t)) return;
    const SimVariantSummary *a = &s->v[0], *b = &s->v[k];
    long pairs = 0;
    for (int i = 0; i < s->ndiff[k]; i++)
        if (s->diffs[k][i].n > pairs) pairs = s->diffs[k][i].n;
    int sig[64], nsig = 0;
    for (int i = 0; i < s->ndiff[k] && i < 64; i++) {
        const char *v = s->diffs[k][i].verdict;
        if (!strcmp(v, "higher") || !strcmp(v, "lower")) sig[nsig++] = i;
    }
    /* strongest evidence first; the metric order breaks ties */
    for (int i = 1; i < nsig; i++)
        for (int j = i; j > 0 && strength(&s->diffs[k][sig[j]]) >
                                     strength(&s->diffs[k][sig[j - 1]]); j--) {
            int tmp = sig[j];
            sig[j] = sig[j - 1];
            sig[j - 1] = tmp;
        }
    if (pairs < SIM_MIN_PAIRS) {
        put(&t, "%s vs %s: too few paired games (%ld) to judge any difference: at least %d are "
                "needed.", b->name, a->name, pairs, SIM_MIN_PAIRS);
    } else if (!nsig) {
        put(&t, "%s vs %s: no significant difference in any of the %d figures compared (paired "
                "over %ld deals, alpha %.2f).", b->name, a->name, s->ndiff[k], pairs, SIM_ALPHA);
    } else {
        put(&t, "%s vs %s, significant (paired over %ld deals, 95%% CI excludes 0): ", b->name,
            a->name, pairs);
        char d[48], lo[48], hi[48], va[32], vb[32];
        for (int i = 0; i < nsig && i < VERDICT_MAX_LISTED; i++) {
            const SimDiff *x = &s->diffs[k][sig[i]];
            sim_diff_text(x, x->diff, d, sizeof d);
            sim_diff_text(x, x->lo, lo, sizeof lo);
            sim_diff_text(x, x->hi, hi, sizeof hi);
            if (x->share) {
                pct(va, sizeof va, x->a);
                pct(vb, sizeof vb, x->b);
            } else {
                snprintf(va, sizeof va, "%.*f", decimals_for(x->a), x->a);
                snprintf(vb, sizeof vb, "%.*f", decimals_for(x->b), x->b);
            }
            put(&t, "%s%s %s (%s \xe2\x86\x92 %s; 95%% CI %s to %s)", i ? "; " : "", x->metric, d,
                va, vb, lo, hi);
        }
        if (nsig > VERDICT_MAX_LISTED) put(&t, "; and %d more", nsig - VERDICT_MAX_LISTED);
        put(&t, ". Each of the %d figures is tested alone at alpha %.2f, so about 1 in 20 "
                "unchanged ones is flagged by chance.", s->ndiff[k], SIM_ALPHA);
    }
    end_line(&t);
    if (!s->same_seats[k] && begin_line(s, &t)) {
        put(&t, "%s is played by %d seats and %s by %d: scores and win rates by seat are not "
                "compared (each variant has its own fair share: %.1f%% and %.1f%%); the game "
                "figures are.", b->name, b->seats, a->name, a->seats,
            b->seats ? 100.0 / b->seats : 0, a->seats ? 100.0 / a->seats : 0);
        end_line(&t);
    }
}

void sim_verdict_make(SimSummary *s) {
    s->nverdict = 0;
    s->random_bots = false;
    for (int i = 0; i < s->nbots; i++) s->random_bots |= is_random(s->bots[i]);
    if (s->random_bots) random_warning(s);
    for (int k = 1; k < s->nvariants; k++) {
        changes_line(s, k);
        ab_line(s, k);
    }
    for (int v = 0; v < s->nvariants; v++) {
        seat_line(s, v);
        if (s->swap) bot_line(s, v);
    }
}

/* ------------------------------------------------------------ terminal */

/* Words wrapped to width, each made safe as cli_put_text shows it. */
static void print_wrapped(FILE *f, const char *line, int width) {
    int col = 0;
    const char *p = line;
    fputs("- ", f);
    col = 2;
    while (*p) {
        size_t n = strcspn(p, " ");
        char word[SIM_VERDICT_TEXT];
        snprintf(word, sizeof word, "%.*s", (int)n, p);
        int w = cli_display_width(word);
        if (col > 2 && col + 1 + w > width) {
            fputs("\n  ", f);
            col = 2;
        } else if (col > 2) {
            fputc(' ', f);
            col++;
        }
        cli_put_text(f, word);
        col += w;
        p += n;
        while (*p == ' ') p++;
    }
    fputc('\n', f);
}

void sim_verdict_print(FILE *f, const SimSummary *s, int width) {
    if (width < 20) width = 20;
    for (int i = 0; i < s->nverdict; i++) print_wrapped(f, s->verdict[i], width);
}
