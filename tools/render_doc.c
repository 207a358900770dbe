/*
** render_doc.c: the parts of pul render's SVG documents that both families'
** pictures share: the growing buffer, escaped text, theme art, the header.
*/
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "render_doc.h"

static const char FONT[] = "DejaVu Sans, Noto Sans CJK JP, sans-serif";

/* The seats' colours: distinct, and none of them a theme's ink or ivory;
** the terminal's palette (term_look.c) names them in the same order. */
static const char *const SEAT_COLOUR[PUL_MAX_SEATS] = {"#d1493f", "#3b6fc4", "#e8b730",
                                                       "#3f9a57", "#8e5cc2", "#2aa3a3"};

/* A theme's colour named as a terminal colour, for a picture: the bright
** ones are the pictures' own seat colours, so that a theme that names seat
** colours by name gets the same stones here as the seats by default. */
static const char *const NAMED_COLOUR[][2] = {
    {"black", "#2a2622"},        {"red", "#a3372f"},
    {"green", "#2f7a44"},        {"yellow", "#b8901f"},
    {"blue", "#2c4f8f"},         {"magenta", "#6d3f99"},
    {"cyan", "#1f7a7a"},         {"white", "#e8e4da"},
    {"bright-black", "#7a7168"}, {"bright-red", "#d1493f"},
    {"bright-green", "#3f9a57"}, {"bright-yellow", "#e8b730"},
    {"bright-blue", "#3b6fc4"},  {"bright-magenta", "#8e5cc2"},
    {"bright-cyan", "#2aa3a3"},  {"bright-white", "#ffffff"}};

const char *const RENDER_MOVE_OF[PUL_NLANGS] = {"move %d of %d", "%d手目 (全%d手)",
                                                "coup %d sur %d", "jugada %d de %d"};

const char *render_colour(const char *colour, const char *fallback) {
    if (colour[0] == '#') return colour;
    for (size_t i = 0; i < sizeof NAMED_COLOUR / sizeof NAMED_COLOUR[0]; i++)
        if (strcmp(colour, NAMED_COLOUR[i][0]) == 0) return NAMED_COLOUR[i][1];
    return fallback;
}

const char *render_seat_colour(const PulTheme *theme, int seat) {
    seat %= PUL_MAX_SEATS;
    if (theme && seat < theme->nseat_colours)
        return render_colour(theme->seat_colour[seat], SEAT_COLOUR[seat]);
    return SEAT_COLOUR[seat];
}

static bool reserve(RenderBuf *b, size_t more) {
    if (b->failed) return false;
    if (b->len + more + 1 <= b->cap) return true;
    size_t cap = b->cap ? b->cap : 16384;
    while (cap < b->len + more + 1)
        cap *= 2;
    char *nb = realloc(b->buf, cap);
    if (!nb) {
        b->failed = true;
        return false;
    }
    b->buf = nb;
    b->cap = cap;
    return true;
}

void render_put(RenderBuf *b, const char *fmt, ...) {
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

void render_put_escaped(RenderBuf *b, const char *s) {
    while (*s) {
        char esc[CLI_ESC_MAX];
        int len = cli_xml_char(s, esc);
        if (esc[0])
            render_put(b, "%s", esc);
        else
            render_put(b, "%.*s", len, s);
        s += len;
    }
}

void render_put_text(RenderBuf *b, double x, double y, int size, const char *anchor,
                     const char *fill, const char *weight, const char *text) {
    render_put(b, "<text x=\"%g\" y=\"%g\" font-size=\"%d\" text-anchor=\"%s\" fill=\"%s\"", x, y,
               size, anchor, fill);
    if (weight) render_put(b, " font-weight=\"%s\"", weight);
    render_put(b, ">");
    render_put_escaped(b, text);
    render_put(b, "</text>\n");
}

void render_put_art(RenderBuf *b, const char *art, double x, double y, double side) {
    if (!art[0]) return;
    render_put(b, "<g transform=\"translate(%g %g) scale(%g)\">\n%s", x, y, side, art);
    if (art[strlen(art) - 1] != '\n') render_put(b, "\n");
    render_put(b, "</g>\n");
}

/* Wide (CJK) characters take one em, the others about 0.62. */
double render_text_width(const char *text, int size) {
    double w = 0;
    for (size_t i = 0, n = strlen(text); i < n;) {
        uint32_t cp;
        int len = pul_utf8_next(text + i, n - i, &cp);
        w += len && cp >= 0x3000 && cp <= 0xFFFF ? 1.0 : 0.62;
        i += len ? (size_t)len : 1;
    }
    return w * size;
}

void render_put_header(RenderBuf *b, int natural_width, int natural_height,
                       const RenderOptions *opt, RenderImage *out) {
    int w = natural_width, h = natural_height;
    if (opt->width > 0) {
        w = opt->width;
        h = (int)((double)natural_height * opt->width / natural_width + 0.5);
        if (h < 1) h = 1;
    }
    out->width = w;
    out->height = h;
    render_put(b,
               "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\" font-family=\"%s\">\n"
               "<rect width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
               w, h, natural_width, natural_height, FONT, natural_width, natural_height,
               RENDER_PAPER);
}

double render_put_title(RenderBuf *b, const char *title, const char *sub) {
    render_put_text(b, RENDER_MARGIN, RENDER_MARGIN + RENDER_TITLE_SIZE, RENDER_TITLE_SIZE,
                    "start", RENDER_INK, "bold", title);
    double sub_y = RENDER_MARGIN + RENDER_TITLE_SIZE + 12 + RENDER_SUB_SIZE;
    render_put_text(b, RENDER_MARGIN, sub_y, RENDER_SUB_SIZE, "start", RENDER_MUTED, NULL, sub);
    return sub_y;
}

bool render_finish(RenderBuf *b, RenderImage *out) {
    render_put(b, "</svg>\n");
    if (b->failed) {
        free(b->buf);
        memset(out, 0, sizeof *out);
        return false;
    }
    out->svg = b->buf;
    out->len = b->len;
    return true;
}

void render_image_free(RenderImage *img) {
    free(img->svg);
    memset(img, 0, sizeof *img);
}

void render_open_sheet(RenderBuf *b, const char *title, const char *sub, int grid_w, int grid_h,
                       const RenderOptions *opt, RenderImage *out, double *ox, double *oy) {
    int content = grid_w > RENDER_MIN_CONTENT ? grid_w : RENDER_MIN_CONTENT;
    int title_w = (int)(render_text_width(title, RENDER_TITLE_SIZE) + 1);
    if (title_w > content) content = title_w;
    int width = content + 2 * RENDER_MARGIN,
        height = RENDER_MARGIN + RENDER_HEAD + grid_h + RENDER_MARGIN;
    render_put_header(b, width, height, opt, out);
    render_put_title(b, title, sub);
    *ox = RENDER_MARGIN + (content - grid_w) / 2.0;
    *oy = RENDER_MARGIN + RENDER_HEAD;
}
