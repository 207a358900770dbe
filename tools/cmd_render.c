/*
** cmd_render.c: `pul render`, pictures for rule books: the board of a game
** record after some of its moves, or the tile sheet of a variant, as SVG or
** PNG (render.h draws them).
*/
#include <errno.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "render.h"

static const char usage[] =
    "usage: pul render RECORD [--move N] [--variant V] [--out FILE] [--size PX] [--lang L]\n"
    "                  [--no-coordinates]\n"
    "       pul render --sheet VARIANT [--out FILE] [--size PX] [--lang L]\n"
    "Draw the board of the game record RECORD (PMN) after its first N moves,\n"
    "or every tile of VARIANT, with the variant's theme. The record's Variant\n"
    "tag names its edition, looked up on the search path (a path in a record\n"
    "is refused). Both families are drawn: Micropul's square board with its\n"
    "stones and scores; Einfach Genial's hex board, its play area for the seat\n"
    "count (the unused rings hatched), the printed symbols and the tiles, with\n"
    "each seat's (team's) six score tracks and rack beside it, and as a sheet\n"
    "the symbols and every tile kind with its count. The last tile placed is\n"
    "marked.\n"
    "  --move N          the position after N moves (default: all of them)\n"
    "  --variant V       draw the record with the edition V (a name, or the path of\n"
    "                    a folder you trust); its name must be the record's Variant\n"
    "                    tag\n"
    "  --sheet VARIANT   the tile sheet of VARIANT (a name or a path)\n"
    "  --out FILE        write FILE.svg or FILE.png (default: SVG on standard output)\n"
    "  --size PX         the picture's width in pixels (default: its natural size,\n"
    "                    80 pixels a Micropul tile, 48 a hex cell); the height\n"
    "                    follows\n"
    "  --lang L          titles in en, ja, fr or es (default en)\n"
    "  --no-coordinates  leave the cell coordinates off (Micropul: the margins;\n"
    "                    Genial: the empty cells)\n"
    "  --help            show this help\n"
    "Exit status: 0 drawn, 1 a move of the record is illegal or not a move,\n"
    "2 bad usage, unreadable record, unknown variant, a variant without a theme,\n"
    "or an output that cannot be written.\n";

static const char CMD[] = "render";

static void report(const PulError *err) {
    char buf[1024];
    cli_error(CMD, "%s", pul_error_format(err, buf, sizeof buf));
}

static bool ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Whether v's family is one pul draws: Micropul (render_svg.c), or a family
** on a hex board, Einfach Genial (render_hex.c). */
static bool drawable(const PulVariant *v) {
    return pul_variant_board(v) != NULL || cli_drawable(CMD, v);
}

static const PulTheme *theme_of(const PulVariant *v) {
    const PulTheme *theme = pul_variant_theme(v);
    if (!theme)
        cli_error(CMD, "variant \"%s\" has no theme, so there is no art to draw it with; "
                       "give its variant.yaml a theme: (see variants/README.md section 7)",
                  pul_variant_name(v));
    return theme;
}

/* Write the picture to out: SVG on stdout when out is NULL or "-". */
static int write_image(const RenderImage *img, const char *out, int size) {
    if (!out || strcmp(out, "-") == 0) {
        if (fwrite(img->svg, 1, img->len, stdout) != img->len || fflush(stdout) != 0) {
            cli_error(CMD, "cannot write to standard output: %s", strerror(errno));
            return CLI_UNUSABLE;
        }
        return CLI_OK;
    }
    if (ends_with(out, ".png")) {
        char why[512];
        int largest = 0;
        if (!render_png_fits(img, &largest)) {
            /* Checked here, not by cairo, which would only say "invalid size". */
            char given[32] = "the natural size";
            if (size) snprintf(given, sizeof given, "--size %d", size);
            cli_error(CMD,
                      "%s makes a PNG of %d x %d pixels, larger than pul draws (%d pixels a "
                      "side, %d megapixels in all): give --size %d or less, or write SVG",
                      given, img->width, img->height, RENDER_PNG_MAX_SIDE,
                      RENDER_PNG_MAX_PIXELS >> 20, largest);
            return CLI_UNUSABLE;
        }
        if (!render_png(img, out, why, sizeof why)) {
            cli_error(CMD, "%s", why);
            return CLI_UNUSABLE;
        }
        uint32_t missing;
        char glyph[5];
        if (render_missing_glyph(img, &missing, glyph))
            fprintf(stderr,
                    "pul render: warning: no installed font draws '%s' (U+%04X), so %s shows "
                    "it as an empty box; install a font that has it (for Japanese on Debian: "
                    "apt-get install fonts-ipafont-gothic, which tools/dev installs), or write "
                    "SVG, which the viewer's fonts draw\n",
                    CLI_TEXT(glyph), (unsigned)missing, CLI_TEXT(out));
        return CLI_OK;
    }
    FILE *f = fopen(out, "wb");
    bool ok = f && fwrite(img->svg, 1, img->len, f) == img->len;
    if (f && fclose(f) != 0) ok = false;
    if (!ok) {
        cli_error(CMD, "cannot write %s: %s", out, strerror(errno));
        return CLI_UNUSABLE;
    }
    return CLI_OK;
}

/* The game of rec after its first `move` moves (all when move < 0): exit 1
** at a move that is not one or is illegal. *g is set whenever it was made. */
static int replay(const PulRecord *rec, const char *path, PulVariant *v, long *move,
                  PulGame **g) {
    PulError err;
    memset(&err, 0, sizeof err);
    *g = pul_game_new(v);
    if (!*g) {
        cli_error(CMD, "out of memory");
        return CLI_UNUSABLE;
    }
    if (pul_record_start_game(rec, *g, &err) != PUL_OK) {
        report(&err);
        return CLI_UNUSABLE;
    }
    int nmoves = pul_record_nmoves(rec);
    if (*move > nmoves) {
        cli_error(CMD, "--move %ld: %s has %d moves; give 0 to %d", *move, path, nmoves, nmoves);
        return CLI_UNUSABLE;
    }
    if (*move < 0) *move = nmoves;
    for (int i = 0; i < *move; i++) {
        const char *move_text = pul_record_move(rec, i);
        char text[PUL_TEXT_CUT_SIZE];
        pul_text_cut(move_text, strlen(move_text), text, sizeof text);
        PulAction a;
        if (!pul_action_parse(v, move_text, &a)) {
            cli_error(CMD, "%s: move %d \"%s\" is not a PMN move (see PMN.md); "
                           "use --move %d to draw the position before it",
                      path, i + 1, text, i);
            return CLI_WRONG;
        }
        PulEvents ev;
        PulReason r = pul_apply(*g, &a, &ev);
        if (r != PUL_LEGAL) {
            /* A script that refused the move says why in its own words. */
            const PulError *serr = pul_game_script_error(*g);
            char why[1024];
            cli_error(CMD, "%s: move %d \"%s\" is illegal: %s: %s; use --move %d to draw the "
                           "position before it",
                      path, i + 1, text, pul_reason_code(r),
                      r == PUL_R_SCRIPT_ERROR && serr
                          ? pul_error_format(serr, why, sizeof why)
                          : pul_reason_explain(*g, r, PUL_LANG_EN, why, sizeof why),
                      i);
            return CLI_WRONG;
        }
    }
    return CLI_OK;
}

/* trusted: the --variant the person gave, or NULL (the record's Variant tag,
** a name on the search path). */
static int render_record(const char *path, long move, const char *trusted,
                         const RenderOptions *opt, const char *out) {
    PulError err;
    memset(&err, 0, sizeof err);
    PulRecord *rec = cli_read_record(path, &err);
    if (!rec) {
        report(&err);
        return CLI_UNUSABLE;
    }
    PulVariant *v = cli_record_variant(rec, trusted, &err);
    if (!v) report(&err);
    PulGame *g = NULL;
    int status = CLI_UNUSABLE;
    const PulTheme *theme = v && drawable(v) ? theme_of(v) : NULL;
    if (theme) status = replay(rec, path, v, &move, &g);
    if (status == CLI_OK) {
        RenderImage img;
        bool drawn =
            pul_variant_board(v)
                ? render_hex_position(g, theme, (int)move, pul_record_nmoves(rec), opt, &img)
                : render_position(g, theme, (int)move, pul_record_nmoves(rec), opt, &img);
        if (drawn) {
            status = write_image(&img, out, opt->width);
            render_image_free(&img);
        } else {
            cli_error(CMD, "out of memory");
            status = CLI_UNUSABLE;
        }
    }
    pul_game_free(g);
    pul_variant_free(v);
    pul_record_free(rec);
    return status;
}

static int render_tile_sheet(const char *variant, const RenderOptions *opt, const char *out) {
    PulVariant *v = cli_open_variant(CMD, variant);
    if (!v) return CLI_UNUSABLE;
    int status = CLI_UNUSABLE;
    const PulTheme *theme = drawable(v) ? theme_of(v) : NULL;
    RenderImage img;
    if (theme && (pul_variant_board(v) ? render_hex_sheet(v, theme, opt, &img)
                                       : render_sheet(v, theme, opt, &img))) {
        status = write_image(&img, out, opt->width);
        render_image_free(&img);
    } else if (theme) {
        cli_error(CMD, "out of memory");
    }
    pul_variant_free(v);
    return status;
}

int cmd_render(int argc, char **argv) {
    static const CliOption opts[] = {{"move", 0, true},           {"sheet", 0, true},
                                     {"out", 'o', true},          {"size", 0, true},
                                     {"lang", 0, true},           {"no-coordinates", 0, false},
                                     {"help", 'h', false},        {"variant", 0, true},
                                     {0}};
    enum { OPT_MOVE, OPT_SHEET, OPT_OUT, OPT_SIZE, OPT_LANG, OPT_NO_COORDS, OPT_HELP,
           OPT_VARIANT };
    RenderOptions opt = {PUL_LANG_EN, true, 0, 0};
    const char *value, *record = NULL, *sheet = NULL, *out = NULL, *trusted = NULL;
    long move = -1, size = 0;
    bool move_given = false;
    CliParser p;
    cli_init(&p, CMD, argc, argv);
    for (int k; (k = cli_next(&p, opts, &value)) != CLI_END;) {
        switch (k) {
        case OPT_MOVE:
            if (!cli_parse_int(CMD, "--move", value, 0, 100000, &move)) return CLI_UNUSABLE;
            move_given = true;
            break;
        case OPT_SHEET: sheet = value; break;
        case OPT_VARIANT: trusted = value; break;
        case OPT_OUT: out = value; break;
        case OPT_SIZE:
            if (!cli_parse_int(CMD, "--size", value, 16, 16384, &size)) return CLI_UNUSABLE;
            break;
        case OPT_LANG:
            opt.lang = pul_lang_find(value);
            if (opt.lang < 0) {
                cli_error(CMD, "--lang takes en, ja, fr or es, not \"%s\"", value);
                return CLI_UNUSABLE;
            }
            break;
        case OPT_NO_COORDS: opt.coordinates = false; break;
        case OPT_HELP: fputs(usage, stdout); return CLI_OK;
        case CLI_OPERAND:
            if (record) {
                cli_error(CMD, "unexpected argument \"%s\": give one record (see pul render "
                               "--help)",
                          value);
                return CLI_UNUSABLE;
            }
            record = value;
            break;
        default: return CLI_UNUSABLE;
        }
    }
    opt.width = (int)size;
    if (out && strcmp(out, "-") != 0 && !ends_with(out, ".svg") && !ends_with(out, ".png")) {
        cli_error(CMD, "--out %s: the name must end in .svg or .png, which says the format", out);
        return CLI_UNUSABLE;
    }
    if (sheet) {
        if (record || move_given || !opt.coordinates || trusted) {
            cli_error(CMD, "--sheet draws a variant's tiles: it takes no record, --move, "
                           "--variant or --no-coordinates (see pul render --help)");
            return CLI_UNUSABLE;
        }
        return render_tile_sheet(sheet, &opt, out);
    }
    if (!record) {
        cli_error(CMD, "give a game record, or --sheet VARIANT (see pul render --help)");
        return CLI_UNUSABLE;
    }
    return render_record(record, move_given ? move : -1, trusted, &opt, out);
}
