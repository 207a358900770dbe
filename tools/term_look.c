/*
** term_look.c: a theme's colours and glyphs as terminal text (term_look.h):
** colour names and "#rrggbb" to escapes, glyphs too wide for a quadrant
** replaced, and the seat colours the board and the status lines share.
*/
#define _POSIX_C_SOURCE 200809L /* fileno */

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli.h"
#include "term_look.h"

/* Chosen to stay apart on dark and light terminals, and in the order of the
** pictures' seat colours (render_svg.c), so that seat 3 is yellow in both. */
static const char *const seat_default[PUL_MAX_SEATS] = {
    "bright-red", "bright-blue", "bright-yellow", "bright-green", "bright-magenta", "bright-cyan"};

static const char *const ansi_names[] = {"black", "red",     "green", "yellow",
                                         "blue",  "magenta", "cyan",  "white"};

static int hex_digit(char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

void term_colour_sgr(const char *colour, bool background, char *buf, size_t size) {
    buf[0] = '\0';
    if (!colour || !colour[0]) return;
    if (colour[0] == '#' && strlen(colour) == 7) {
        int rgb[3];
        for (int i = 0; i < 3; i++) {
            int hi = hex_digit(colour[1 + 2 * i]), lo = hex_digit(colour[2 + 2 * i]);
            if (hi < 0 || lo < 0) return;
            rgb[i] = hi * 16 + lo;
        }
        snprintf(buf, size, "\x1b[%d;2;%d;%d;%dm", background ? 48 : 38, rgb[0], rgb[1], rgb[2]);
        return;
    }
    bool bright = strncmp(colour, "bright-", 7) == 0;
    const char *base = bright ? colour + 7 : colour;
    for (int i = 0; i < 8; i++)
        if (strcmp(base, ansi_names[i]) == 0)
            snprintf(buf, size, "\x1b[%dm", (bright ? 90 : 30) + (background ? 10 : 0) + i);
}

const char *term_seat_colour(const PulTheme *theme, int seat) {
    if (theme && seat >= 0 && seat < theme->nseat_colours && seat < PUL_MAX_SEATS)
        return theme->seat_colour[seat];
    return seat >= 0 && seat < PUL_MAX_SEATS ? seat_default[seat] : "";
}

void term_seat_sgr(const PulTheme *theme, const TermStyle *st, int seat, char *buf,
                   size_t size) {
    buf[0] = '\0';
    if (!st->colour) return;
    char fg[TERM_SGR_MAX];
    term_colour_sgr(term_seat_colour(theme, seat), false, fg, sizeof fg);
    snprintf(buf, size, TERM_SGR_BOLD "%s", fg);
}

void term_glyph_set(TermGlyph *gl, const char *text, const char *colour, const TermStyle *st) {
    cli_text(gl->text, sizeof gl->text, text);
    gl->width = cli_display_width(gl->text);
    gl->sgr[0] = '\0';
    if (st->colour) term_colour_sgr(colour, false, gl->sgr, sizeof gl->sgr);
}

void term_glyph_feature(TermGlyph *gl, const PulTileSet *ts, const PulTheme *theme, int f,
                        const TermStyle *st) {
    if (theme && f < theme->nfeatures) {
        int w = cli_display_width(theme->feature[f].glyph);
        if (w >= 1 && w <= 2) {
            term_glyph_set(gl, theme->feature[f].glyph, theme->feature[f].colour, st);
            return;
        }
    }
    char sym[2] = {ts->feature[f].symbol, '\0'};
    term_glyph_set(gl, sym, theme && f < theme->nfeatures ? theme->feature[f].colour : NULL, st);
}

void term_glyph_part(TermGlyph *gl, const PulTheme *theme, int part, const char *fallback,
                     const TermStyle *st) {
    if (theme) {
        int w = cli_display_width(theme->part[part].glyph);
        if (w >= 1 && w <= 2) {
            term_glyph_set(gl, theme->part[part].glyph, theme->part[part].colour, st);
            return;
        }
    }
    term_glyph_set(gl, fallback, theme ? theme->part[part].colour : NULL, st);
}

void term_put_glyph(FILE *out, const TermStyle *st, const TermGlyph *gl, const char *base) {
    if (st->colour && (gl->sgr[0] || base[0])) {
        fprintf(out, "%s%s%s" TERM_SGR_RESET, base, gl->sgr, gl->text);
    } else {
        fputs(gl->text, out);
    }
}

void term_put_spaces(FILE *out, const TermStyle *st, int n, const char *base) {
    if (n <= 0) return;
    if (st->colour && base[0]) fputs(base, out);
    fprintf(out, "%*s", n, "");
    if (st->colour && base[0]) fputs(TERM_SGR_RESET, out);
}

int term_columns(FILE *out) {
    struct winsize ws;
    int cols = 0;
    if (isatty(fileno(out)) && ioctl(fileno(out), TIOCGWINSZ, &ws) == 0) cols = ws.ws_col;
    if (cols <= 0) {
        const char *env = getenv("COLUMNS");
        cols = env ? atoi(env) : 0;
    }
    return cols <= 0 ? 80 : cols < 40 ? 40 : cols;
}
