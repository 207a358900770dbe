/*
** term_legend.c: the line under the board that says what its glyphs mean,
** in the theme's words and the session's language (term.h), so that a
** player reads the board without a manual.
*/
#include <string.h>

#include "cli.h"
#include "term_look.h"

/* The names a variant without a theme has for its parts, and the words of
** the end-of-game entry (%s: the theme's name for a group). */
enum { L_BIG, L_STONE, L_GROUP, L_SCORING, NLWORDS };
static const char *const lwords[NLWORDS][PUL_NLANGS] = {
    [L_BIG] = {"big micropul", "大マイクロプル", "mega micropul", "micropul grande"},
    [L_STONE] = {"stone", "マーカー", "pierre", "piedra"},
    [L_GROUP] = {"group", "グループ", "groupe", "grupo"},
    [L_SCORING] = {"in a seat's colour: a %s that scores for it", "席の色: その席の得点になる%s",
                   "en couleur d'un siège : %s qui marque pour lui",
                   "en color de un asiento: %s que puntúa para él"},
};

static const char *lword(const TermStyle *st, int w) {
    int lang = st->lang >= 0 && st->lang < PUL_NLANGS ? st->lang : PUL_LANG_EN;
    return lwords[w][lang];
}

typedef struct {
    FILE *out;
    const TermStyle *st;
    int col; /* columns used on the current line */
} Legend;

/* One entry, "glyph name" (gl NULL: the name alone), on the current line
** when it fits, else on a new one; a name too long for any line is cut. */
static void entry(Legend *lg, const TermGlyph *gl, const char *name) {
    int lead = gl ? gl->width + 1 : 0;
    char text[CLI_TEXT_MAX];
    size_t size = sizeof text;
    cli_text(text, size, name);
    int width = cli_display_width(text);
    /* cli_text cuts at whole characters and marks the cut: shrink until it fits. */
    while (lead + width > TERM_LEGEND_WIDTH && size > 4) {
        size = strlen(text) < size - 1 ? strlen(text) : size - 1;
        cli_text(text, size, name);
        width = cli_display_width(text);
    }
    if (lg->col > 0 && lg->col + 2 + lead + width > TERM_LEGEND_WIDTH) {
        fputc('\n', lg->out);
        lg->col = 0;
    }
    if (lg->col > 0) {
        fputs("  ", lg->out);
        lg->col += 2;
    }
    if (gl) {
        term_put_glyph(lg->out, lg->st, gl, "");
        fputc(' ', lg->out);
    }
    fputs(text, lg->out);
    lg->col += lead + width;
}

static bool has_big(const PulTileSet *ts) {
    for (int t = 0; t < ts->ntiles; t++)
        if (ts->tile[t].big) return true;
    return false;
}

void term_draw_legend(FILE *out, const PulGame *g, const PulTheme *theme, const TermStyle *st) {
    const PulTileSet *ts = pul_variant_tileset(pul_game_variant(g));
    Legend lg = {out, st, 0};
    TermGlyph gl;
    for (int f = 0; f < ts->nfeatures; f++) {
        term_glyph_feature(&gl, ts, theme, f, st);
        entry(&lg, &gl, theme ? pul_theme_feature_name(theme, f, st->lang) : ts->feature[f].name);
    }
    /* The big micropul and the stone take their colours from the micropul
    ** under them and from their seat: shown without colour here. */
    TermStyle plain = *st;
    plain.colour = false;
    if (has_big(ts)) {
        term_glyph_part(&gl, theme, PUL_PART_BIG, "", &plain);
        if (gl.text[0])
            entry(&lg, &gl, theme ? pul_theme_part_name(theme, PUL_PART_BIG, st->lang)
                                  : lword(st, L_BIG));
    }
    term_glyph_part(&gl, theme, PUL_PART_STONE, "@", &plain);
    if (gl.width > 1 && !st->colour) term_glyph_set(&gl, "@", NULL, &plain);
    entry(&lg, &gl,
          theme ? pul_theme_part_name(theme, PUL_PART_STONE, st->lang) : lword(st, L_STONE));
    if (pul_game_over(g) && st->colour) {
        char text[2 * PUL_LABEL_MAX + 96];
        snprintf(text, sizeof text, lword(st, L_SCORING),
                 theme ? pul_theme_part_name(theme, PUL_PART_GROUP, st->lang)
                       : lword(st, L_GROUP));
        entry(&lg, NULL, text);
    }
    if (lg.col > 0) fputc('\n', out);
}
