/*
** cmd_check.c: `pul check`, a verdict on variants, tile sets, boards and themes,
** and on success the facts a designer checks by eye: tile and micropul counts,
** symmetry, twins (a hex edition's symbols, kinds, board and play areas), the
** theme and the rules that differ from the base game.
** The facts are gathered once and printed as text or as JSON from the same
** structs, so the two outputs cannot drift apart.
*/
#define _POSIX_C_SOURCE 200809L /* stat */

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "commands.h"

static const char check_help[] =
    "usage: pul check [--lang L] [--json] [--quiet] [--path DIRS] PATH|NAME...\n\n"
    "Loads each argument as the game would and says whether it is valid:\n"
    "  NAME                 a variant on the search path (see pul variants --help)\n"
    "  FOLDER               a variant folder (holding variant.yaml)\n"
    "  .../variant.yaml     a variant\n"
    "  .../theme.yaml       a theme, checked alone (not against a tile set)\n"
    "  .../board.yaml       a hex edition's board, checked alone\n"
    "  any other file       a tile set (tiles.yaml); a hex edition's tile file of\n"
    "                       symbols when a line starts with symbols:\n"
    "A variant is checked with everything it names: extends, tiles, board, theme,\n"
    "scripts.\n\n"
    "On success prints a summary: tiles, catalysts, micropul per colour, tiles that\n"
    "look the same after a turn, tiles that are another tile turned (twins), the\n"
    "theme, the rules that differ from the base game (RULES.md section 1) and the\n"
    "scripts; for a hex edition (family genial) its symbols, kinds and tiles, the\n"
    "board and each play area's cells, pairs and printed cells instead of the\n"
    "tiles. On an invalid input prints one line on stderr:\n"
    "  file:line:column: code: message\n"
    "Every argument is checked, also after a failure.\n\n"
    "Options:\n"
    "  --lang L       language of titles and names: en, ja, fr or es (default en)\n"
    "  --json         one JSON object per argument, one per line, with the same facts\n"
    "                 (\"ok\": false and \"error\" for an invalid or unreadable one)\n"
    "  --quiet        print nothing on success\n"
    "  --path DIRS    ':'-separated folders searched for variant names after\n"
    "                 ./variants\n"
    "  -h, --help     show this text\n\n"
    "Exit codes: 0 every argument is valid, 1 some argument is invalid, 2 some\n"
    "argument could not be read (no such file, folder or variant; 2 wins over 1).\n";

typedef enum { KIND_VARIANT, KIND_TILESET, KIND_THEME, KIND_BOARD, KIND_SYMBOLS } Kind;
static const char *const kind_keys[] = {"variant", "tileset", "theme", "board", "symbols"};

typedef struct {
    int lang;
    bool json, quiet;
    const char *search_dirs;
} Options;

/* What an argument names, settled before anything is loaded. */
typedef struct {
    const char *arg;
    Kind kind;
    char open_as[PUL_PATH_MAX]; /* what pul_variant_open is given: the name or a path */
    char file[PUL_PATH_MAX];    /* the file read first: the manifest, tile set or theme */
} Target;

/* ------------------------------------------------------------ small JSON */

/* A writer that places the commas: depth counts open objects and lists. */
typedef struct {
    FILE *f;
    int depth;
    bool first[16];
} Json;

static void json_begin(Json *j, FILE *f) {
    j->f = f;
    j->depth = 0;
    j->first[0] = true;
}

/* Before a value: the comma, and "key": inside an object (key NULL in a list). */
static void json_key(Json *j, const char *key) {
    if (!j->first[j->depth]) fputc(',', j->f);
    j->first[j->depth] = false;
    if (key) {
        cli_json_string(j->f, key);
        fputc(':', j->f);
    }
}

static void json_open(Json *j, const char *key, char bracket) {
    json_key(j, key);
    fputc(bracket, j->f);
    j->first[++j->depth] = true;
}

static void json_close(Json *j, char bracket) {
    fputc(bracket, j->f);
    j->depth--;
}

static void json_str(Json *j, const char *key, const char *s) {
    json_key(j, key);
    if (s)
        cli_json_string(j->f, s);
    else
        fputs("null", j->f);
}

static void json_int(Json *j, const char *key, long v) {
    json_key(j, key);
    fprintf(j->f, "%ld", v);
}

static void json_bool(Json *j, const char *key, bool v) {
    json_key(j, key);
    fputs(v ? "true" : "false", j->f);
}

/* ---------------------------------------------------------- tile facts */

typedef struct {
    int quadrants; /* quadrants of ordinary tiles showing the feature */
    int big;       /* big tiles whose micropul it is */
    int centres;   /* big tiles with it in the centre */
} FeatureCount;

typedef struct {
    const PulTileSet *ts;
    const PulTheme *theme; /* bound to ts, for names; may be NULL */
    int lang;
    int nbig;
    FeatureCount count[PUL_MAX_FEATURES];
    int nhalf, half[PUL_MAX_TILES];       /* the same after a half turn, not a quarter */
    int nquarter, quarter[PUL_MAX_TILES]; /* the same after a quarter turn */
    int ntwins, twin[PUL_MAX_TILES][2];   /* tile, its twin */
} TileFacts;

static void tile_facts(TileFacts *tf, const PulTileSet *ts, const PulTheme *theme, int lang) {
    memset(tf, 0, sizeof *tf);
    tf->ts = ts;
    tf->theme = theme;
    tf->lang = lang;
    for (int t = 0; t < ts->ntiles; t++) {
        const PulTileDef *d = &ts->tile[t];
        if (d->big) {
            tf->nbig++;
            tf->count[d->quad[0]].big++;
            tf->count[d->centre].centres++;
        } else {
            for (int q = 0; q < 4; q++) tf->count[d->quad[q]].quadrants++;
        }
        int layouts = pul_tileset_layouts(ts, t);
        if (layouts == 1) tf->quarter[tf->nquarter++] = t;
        if (layouts == 2) tf->half[tf->nhalf++] = t;
        int twin = pul_tileset_twin(ts, t);
        if (twin >= 0) {
            tf->twin[tf->ntwins][0] = t;
            tf->twin[tf->ntwins][1] = twin;
            tf->ntwins++;
        }
    }
}

static const char *feature_name(const TileFacts *tf, int f) {
    return tf->theme ? pul_theme_feature_name(tf->theme, f, tf->lang) : tf->ts->feature[f].name;
}

/* Tile a equals tile b as printed, with no turn. */
static bool same_unturned(const PulTileSet *ts, int a, int b) {
    const PulTileDef *da = &ts->tile[a], *db = &ts->tile[b];
    return da->big == db->big && memcmp(da->quad, db->quad, 4) == 0 &&
           (!da->big || da->centre == db->centre);
}

static const char *const class_keys[] = {"blank", "micropul", "catalyst"};

/* "draw 1", "extra turn", "draw 2, extra turn", "no effect" */
static const char *effect_text(const PulFeature *f, char *buf, size_t size) {
    int n = 0;
    buf[0] = '\0';
    if (f->draw > 0) n = snprintf(buf, size, "draw %d", (int)f->draw);
    if (f->extra_turn) snprintf(buf + n, size - (size_t)n, "%sextra turn", n ? ", " : "");
    if (!buf[0]) snprintf(buf, size, "no effect");
    return buf;
}

static void print_ids(const int *ids, int n) {
    for (int k = 0; k < n; k++) printf("%s%d", k ? ", " : "", ids[k]);
}

/* One line per feature class: micropul per colour, catalysts with their
** effect, blanks; a tile set without blanks prints no blank line. */
static void print_class_line(const TileFacts *tf, int cls) {
    static const char *const labels[] = {"blanks   ", "micropul ", "catalysts"};
    const PulTileSet *ts = tf->ts;
    char effect[64];
    int shown = 0;
    for (int f = 0; f < ts->nfeatures; f++) {
        const PulFeature *feat = &ts->feature[f];
        const FeatureCount *c = &tf->count[f];
        if (feat->cls != cls) continue;
        if (shown++)
            printf(cls == PUL_FEATURE_MICROPUL ? ", " : "; ");
        else
            printf("  %s ", labels[cls]);
        if (cls == PUL_FEATURE_MICROPUL)
            printf("%s %d", CLI_TEXT(feature_name(tf, f)), c->quadrants + c->big);
        else if (cls == PUL_FEATURE_CATALYST)
            printf("%s (%s): %d quadrant%s, %d big centre%s", CLI_TEXT(feature_name(tf, f)),
                   effect_text(feat, effect, sizeof effect), c->quadrants,
                   c->quadrants == 1 ? "" : "s", c->centres, c->centres == 1 ? "" : "s");
        else
            printf("%s: %d quadrant%s", CLI_TEXT(feature_name(tf, f)), c->quadrants,
                   c->quadrants == 1 ? "" : "s");
    }
    if (cls == PUL_FEATURE_MICROPUL && tf->nbig) printf(" (a big micropul counts 1)");
    if (cls == PUL_FEATURE_CATALYST && !shown) printf("  %s none", labels[cls]);
    if (shown || cls == PUL_FEATURE_CATALYST) putchar('\n');
}

static void print_tile_facts(const TileFacts *tf, const char *tiles_file) {
    const PulTileSet *ts = tf->ts;
    printf("  tiles     ");
    if (tiles_file) printf("%s: ", CLI_TEXT(tiles_file));
    printf("%d tiles: %d ordinary, %d big; start tile %d\n", ts->ntiles, ts->ntiles - tf->nbig,
           tf->nbig, ts->start);

    print_class_line(tf, PUL_FEATURE_MICROPUL);
    print_class_line(tf, PUL_FEATURE_CATALYST);
    print_class_line(tf, PUL_FEATURE_BLANK);

    printf("  symmetry  ");
    if (!tf->nhalf && !tf->nquarter) printf("every tile changes with each quarter turn");
    if (tf->nhalf) {
        printf("%d tile%s the same after a half turn (", tf->nhalf,
               tf->nhalf == 1 ? " looks" : "s look");
        print_ids(tf->half, tf->nhalf);
        printf(")");
    }
    if (tf->nquarter) {
        if (tf->nhalf)
            printf(", %d after a quarter turn (", tf->nquarter);
        else
            printf("%d tile%s the same after a quarter turn (", tf->nquarter,
                   tf->nquarter == 1 ? " looks" : "s look");
        print_ids(tf->quarter, tf->nquarter);
        printf(")");
    }
    printf("\n  twins     ");
    if (!tf->ntwins) printf("none");
    for (int k = 0; k < tf->ntwins; k++) {
        int t = tf->twin[k][0], u = tf->twin[k][1];
        printf("%stile %d = tile %d%s", k ? ", " : "", t, u,
               same_unturned(ts, t, u) ? "" : " turned");
    }
    putchar('\n');
}

static void json_ids(Json *j, const char *key, const int *ids, int n) {
    json_open(j, key, '[');
    for (int k = 0; k < n; k++) json_int(j, NULL, ids[k]);
    json_close(j, ']');
}

static void json_tile_facts(Json *j, const TileFacts *tf, const char *tiles_file) {
    const PulTileSet *ts = tf->ts;
    json_open(j, "tiles", '{');
    if (tiles_file) json_str(j, "file", tiles_file);
    json_str(j, "name", ts->name);
    json_int(j, "count", ts->ntiles);
    json_int(j, "ordinary", ts->ntiles - tf->nbig);
    json_int(j, "big", tf->nbig);
    json_int(j, "start", ts->start);
    json_open(j, "features", '[');
    for (int f = 0; f < ts->nfeatures; f++) {
        const PulFeature *feat = &ts->feature[f];
        const FeatureCount *c = &tf->count[f];
        json_open(j, NULL, '{');
        json_str(j, "key", feat->name);
        json_str(j, "name", feature_name(tf, f));
        char symbol[2] = {feat->symbol, '\0'};
        json_str(j, "symbol", symbol);
        json_str(j, "class", feat->cls <= PUL_FEATURE_CATALYST ? class_keys[feat->cls] : "?");
        json_int(j, "quadrants", c->quadrants);
        if (feat->cls == PUL_FEATURE_MICROPUL) {
            json_int(j, "big_tiles", c->big);
            json_int(j, "micropul", c->quadrants + c->big);
        }
        if (feat->cls == PUL_FEATURE_CATALYST) {
            json_int(j, "big_centres", c->centres);
            json_int(j, "draw", feat->draw);
            json_bool(j, "extra_turn", feat->extra_turn);
        }
        json_close(j, '}');
    }
    json_close(j, ']');
    json_ids(j, "half_turn_same", tf->half, tf->nhalf);
    json_ids(j, "quarter_turn_same", tf->quarter, tf->nquarter);
    json_open(j, "twins", '[');
    for (int k = 0; k < tf->ntwins; k++) {
        json_open(j, NULL, '{');
        json_int(j, "tile", tf->twin[k][0]);
        json_int(j, "twin", tf->twin[k][1]);
        json_bool(j, "turned", !same_unturned(ts, tf->twin[k][0], tf->twin[k][1]));
        json_close(j, '}');
    }
    json_close(j, ']');
    json_close(j, '}');
}

/* --------------------------------------------------------- theme facts */

/* The parts a theme gives (its family's, PulTheme.parts), and the k-th of
** them in PulPart order. */
static int theme_nparts(const PulTheme *th) {
    int n = 0;
    for (int p = 0; p < PUL_NPARTS; p++) n += (th->parts >> p) & 1u;
    return n;
}

static int theme_part(const PulTheme *th, int k) {
    for (int p = 0; p < PUL_NPARTS; p++)
        if (((th->parts >> p) & 1u) && k-- == 0) return p;
    return -1;
}

/* Entries of a theme: its features, then its parts, as one list. */
static int theme_entries(const PulTheme *th) { return th->nfeatures + theme_nparts(th); }

static const PulThemeEntry *theme_entry(const PulTheme *th, int k) {
    return k < th->nfeatures ? &th->feature[k] : &th->part[theme_part(th, k - th->nfeatures)];
}

/* A name in lang that reads as in English: missing in that language (the
** loader filled in English) or, rarely, the same word. Reported either way. */
static bool as_english(const char names[PUL_NLANGS][PUL_LABEL_MAX], int lang) {
    return lang != PUL_LANG_EN && strcmp(names[lang], names[PUL_LANG_EN]) == 0;
}

static int english_count(const PulTheme *th, int lang) {
    int n = as_english(th->title, lang);
    for (int k = 0; k < theme_entries(th); k++) n += as_english(theme_entry(th, k)->name, lang);
    return n;
}

static void print_theme_facts(const PulTheme *th, int lang) {
    printf("  title     \"%s\"\n", CLI_TEXT(th->title[lang]));
    printf("  features  %d:", th->nfeatures);
    for (int f = 0; f < th->nfeatures; f++)
        printf("%s %s", f ? "," : "", CLI_TEXT(pul_theme_feature_name(th, f, lang)));
    printf("\n  parts     %d:", theme_nparts(th));
    for (int k = 0; k < theme_nparts(th); k++)
        printf("%s %s", k ? "," : "", CLI_TEXT(pul_theme_part_name(th, theme_part(th, k), lang)));
    if (th->nseat_colours > 0) {
        printf("\n  seats     %d:", th->nseat_colours);
        for (int k = 0; k < th->nseat_colours; k++)
            printf("%s %s", k ? "," : "", CLI_TEXT(th->seat_colour[k]));
    }
    printf("\n  languages en complete");
    for (int l = 1; l < PUL_NLANGS; l++) {
        int n = english_count(th, l);
        if (n == 0) {
            printf("; %s complete", pul_lang_code(l));
            continue;
        }
        printf("; %s same text as English for %d:", pul_lang_code(l), n);
        if (as_english(th->title, l)) printf(" title");
        for (int k = 0, shown = as_english(th->title, l); k < theme_entries(th); k++)
            if (as_english(theme_entry(th, k)->name, l))
                printf("%s %s", shown++ ? "," : "", CLI_TEXT(theme_entry(th, k)->key));
    }
    putchar('\n');
}

static void json_theme_facts(Json *j, const PulTheme *th, int lang, const char *file) {
    if (file) json_str(j, "file", file);
    json_str(j, "name", th->name);
    json_str(j, "title", th->title[lang]);
    json_open(j, "features", '[');
    for (int f = 0; f < th->nfeatures; f++) {
        json_open(j, NULL, '{');
        json_str(j, "key", th->feature[f].key);
        json_str(j, "name", pul_theme_feature_name(th, f, lang));
        json_close(j, '}');
    }
    json_close(j, ']');
    json_open(j, "parts", '[');
    for (int k = 0; k < theme_nparts(th); k++) {
        int p = theme_part(th, k);
        json_open(j, NULL, '{');
        json_str(j, "key", pul_part_key(p));
        json_str(j, "name", pul_theme_part_name(th, p, lang));
        json_close(j, '}');
    }
    json_close(j, ']');
    /* The seats' colours, when the theme sets them (seats:). */
    if (th->nseat_colours > 0) {
        json_open(j, "seats", '[');
        for (int k = 0; k < th->nseat_colours; k++) json_str(j, NULL, th->seat_colour[k]);
        json_close(j, ']');
    }
    /* Per language, the entries ("title" for the title) that read as in English. */
    json_open(j, "as_english", '{');
    for (int l = 1; l < PUL_NLANGS; l++) {
        json_open(j, pul_lang_code(l), '[');
        if (as_english(th->title, l)) json_str(j, NULL, "title");
        for (int k = 0; k < theme_entries(th); k++)
            if (as_english(theme_entry(th, k)->name, l)) json_str(j, NULL, theme_entry(th, k)->key);
        json_close(j, ']');
    }
    json_close(j, '}');
}

/* ---------------------------------------------------------- hex facts */

/* A hex edition's tile file and board (Einfach Genial), read again from the
** files the manifest names, for their facts: the tools see only pul.h. */
typedef struct {
    PulSymbolSet ss;
    PulBoard board;
    bool has_board;
    int total;                               /* tiles of every kind */
    int printed_sym[PUL_GENIAL_MAX_PRINTED]; /* symbol index, -1 when not one of ss's */
} HexFacts;

static int hex_distance(int q, int r) {
    int a = abs(q), b = abs(r), c = abs(q + r);
    return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

static bool hex_printed(const PulBoard *b, int q, int r) {
    for (int i = 0; i < b->nprinted; i++)
        if (b->printed[i].q == q && b->printed[i].r == r) return true;
    return false;
}

/* Cells, pairs of neighbouring cells neither printed (where tiles go), and
** printed cells of the hexagon of radius rad. */
static void hex_area(const PulBoard *b, int rad, int *cells, int *pairs, int *printed) {
    static const int step[3][2] = {{1, 0}, {0, 1}, {-1, 1}};
    *cells = 3 * rad * (rad + 1) + 1;
    *pairs = *printed = 0;
    for (int i = 0; i < b->nprinted; i++)
        *printed += hex_distance(b->printed[i].q, b->printed[i].r) <= rad;
    for (int r = -rad; r <= rad; r++)
        for (int q = -rad; q <= rad; q++) {
            if (hex_distance(q, r) > rad || hex_printed(b, q, r)) continue;
            for (int d = 0; d < 3; d++) {
                int q2 = q + step[d][0], r2 = r + step[d][1];
                *pairs += hex_distance(q2, r2) <= rad && !hex_printed(b, q2, r2);
            }
        }
}

static void hex_bind(HexFacts *hf) {
    hf->total = 0;
    for (int k = 0; k < hf->ss.nkinds; k++) hf->total += hf->ss.kind[k].count;
    for (int i = 0; i < hf->board.nprinted; i++) {
        const char *w = hf->board.written[i];
        hf->printed_sym[i] = -1;
        for (int s = 0; s < hf->ss.nsymbols; s++)
            if ((w[0] == hf->ss.symbol[s].letter && !w[1]) ||
                strcmp(w, hf->ss.symbol[s].name) == 0)
                hf->printed_sym[i] = s;
    }
}

/* The symbol's name in lang: the theme's, else the tile file's. */
static const char *symbol_name(const HexFacts *hf, const PulTheme *th, int s, int lang) {
    if (th && s < th->nfeatures) return pul_theme_feature_name(th, s, lang);
    return hf->ss.symbol[s].name;
}

static void kind_text(const PulSymbolSet *ss, int k, char out[3]) {
    out[0] = ss->symbol[ss->kind[k].a].letter;
    out[1] = ss->symbol[ss->kind[k].b].letter;
    out[2] = '\0';
}

static void print_symbol_facts(const HexFacts *hf, const PulTheme *th, int lang,
                               const char *file) {
    printf("  symbols   %d", hf->ss.nsymbols);
    if (file) printf(" in %s", CLI_TEXT(file));
    putchar(':');
    for (int s = 0; s < hf->ss.nsymbols; s++)
        printf("%s %c %s", s ? "," : "", hf->ss.symbol[s].letter,
               CLI_TEXT(symbol_name(hf, th, s, lang)));
    int nonzero = 0;
    for (int k = 0; k < hf->ss.nkinds; k++) nonzero += hf->ss.kind[k].count > 0;
    printf("\n  kinds     %d with tiles of %d, %d tiles:", nonzero, hf->ss.nkinds, hf->total);
    for (int k = 0, shown = 0; k < hf->ss.nkinds; k++) {
        char kt[3];
        kind_text(&hf->ss, k, kt);
        if (hf->ss.kind[k].count)
            printf("%s %s %d", shown++ ? "," : "", kt, hf->ss.kind[k].count);
    }
    putchar('\n');
}

static void print_board_facts(const HexFacts *hf, const char *file) {
    const PulBoard *b = &hf->board;
    printf("  board     ");
    if (file) printf("%s: ", CLI_TEXT(file));
    printf("%s, hex, radius %d (%d cells), %d printed:", CLI_TEXT(b->name), b->radius,
           3 * b->radius * (b->radius + 1) + 1, b->nprinted);
    for (int i = 0; i < b->nprinted; i++) {
        int s = hf->printed_sym[i];
        char letter[2] = {s >= 0 ? hf->ss.symbol[s].letter : '\0', '\0'};
        printf("%s %s (%d, %d)", i ? "," : "", s >= 0 ? letter : CLI_TEXT(b->written[i]),
               b->printed[i].q, b->printed[i].r);
    }
    printf("\n  areas     ");
    for (int s = 1, shown = 0; s <= PUL_MAX_SEATS; s++) {
        if (!b->area_radius[s]) continue;
        int cells, pairs, printed;
        hex_area(b, b->area_radius[s], &cells, &pairs, &printed);
        printf("%s%d seat%s radius %d: %d cells, %d pairs, %d printed", shown++ ? "; " : "", s,
               s == 1 ? "" : "s", b->area_radius[s], cells, pairs, printed);
    }
    putchar('\n');
}

static void json_symbol_facts(Json *j, const HexFacts *hf, const PulTheme *th, int lang,
                              const char *file) {
    json_open(j, "symbols", '{');
    if (file) json_str(j, "file", file);
    json_str(j, "name", hf->ss.name);
    json_open(j, "symbols", '[');
    for (int s = 0; s < hf->ss.nsymbols; s++) {
        char letter[2] = {hf->ss.symbol[s].letter, '\0'};
        json_open(j, NULL, '{');
        json_str(j, "letter", letter);
        json_str(j, "key", hf->ss.symbol[s].name);
        json_str(j, "name", symbol_name(hf, th, s, lang));
        json_close(j, '}');
    }
    json_close(j, ']');
    json_open(j, "kinds", '[');
    for (int k = 0; k < hf->ss.nkinds; k++) {
        char kt[3];
        kind_text(&hf->ss, k, kt);
        json_open(j, NULL, '{');
        json_str(j, "kind", kt);
        json_int(j, "count", hf->ss.kind[k].count);
        json_close(j, '}');
    }
    json_close(j, ']');
    json_int(j, "total", hf->total);
    json_close(j, '}');
}

static void json_board_facts(Json *j, const HexFacts *hf, const char *file) {
    const PulBoard *b = &hf->board;
    json_open(j, "board", '{');
    if (file) json_str(j, "file", file);
    json_str(j, "name", b->name);
    json_str(j, "grid", "hex");
    json_int(j, "radius", b->radius);
    json_int(j, "cells", 3 * b->radius * (b->radius + 1) + 1);
    json_open(j, "printed", '[');
    for (int i = 0; i < b->nprinted; i++) {
        int s = hf->printed_sym[i];
        char letter[2] = {s >= 0 ? hf->ss.symbol[s].letter : '\0', '\0'};
        json_open(j, NULL, '{');
        json_int(j, "q", b->printed[i].q);
        json_int(j, "r", b->printed[i].r);
        json_str(j, "symbol", s >= 0 ? letter : b->written[i]);
        json_close(j, '}');
    }
    json_close(j, ']');
    json_open(j, "areas", '[');
    for (int s = 1; s <= PUL_MAX_SEATS; s++) {
        if (!b->area_radius[s]) continue;
        int cells, pairs, printed;
        hex_area(b, b->area_radius[s], &cells, &pairs, &printed);
        json_open(j, NULL, '{');
        json_int(j, "seats", s);
        json_int(j, "radius", b->area_radius[s]);
        json_int(j, "cells", cells);
        json_int(j, "pairs", pairs);
        json_int(j, "printed", printed);
        json_close(j, '}');
    }
    json_close(j, ']');
    json_close(j, '}');
}

/* --------------------------------------------------------- rules facts */

/* A parameter's value as variant.yaml writes it: a number, true/false, or the enum's word. */
static const char *param_text(const PulParamInfo *p, int value, char *buf, size_t size) {
    if (p->type == PUL_PARAM_BOOL) return value ? "true" : "false";
    if (p->type == PUL_PARAM_ENUM && p->words && value >= p->min && value <= p->max)
        return p->words[value];
    snprintf(buf, size, "%d", value);
    return buf;
}

static void json_param(Json *j, const char *key, const PulParamInfo *p, int value) {
    char buf[16];
    if (p->type == PUL_PARAM_BOOL)
        json_bool(j, key, value != 0);
    else if (p->type == PUL_PARAM_ENUM)
        json_str(j, key, param_text(p, value, buf, sizeof buf));
    else
        json_int(j, key, value);
}

static int count_rule_changes(const PulVariant *ed) {
    int n = 0;
    for (int i = 0; i < pul_variant_nparams(ed); i++)
        n += pul_variant_rule(ed, i) != pul_variant_rule_default(ed, i);
    return n;
}

static void print_rules(const PulVariant *ed) {
    /* Micropul's base is RULES.md's; another family's, its parameters' defaults. */
    bool micropul = strcmp(pul_variant_family(ed), "micropul") == 0;
    printf("  rules     ");
    if (!count_rule_changes(ed)) {
        printf(micropul ? "as the base (RULES.md section 1)\n" : "as the family's defaults\n");
        return;
    }
    printf(micropul ? "differ from the base (RULES.md section 1):"
                    : "differ from the family's defaults:");
    char a[16], b[16];
    for (int i = 0, shown = 0; i < pul_variant_nparams(ed); i++) {
        const PulParamInfo *p = pul_variant_param(ed, i);
        int v = pul_variant_rule(ed, i), w = pul_variant_rule_default(ed, i);
        if (v == w) continue;
        printf("%s %s %s (base %s)", shown++ ? "," : "", p->name, param_text(p, v, a, sizeof a),
               param_text(p, w, b, sizeof b));
    }
    putchar('\n');
}

static void json_rules(Json *j, const PulVariant *ed) {
    json_open(j, "rules_changed", '[');
    for (int i = 0; i < pul_variant_nparams(ed); i++) {
        const PulParamInfo *p = pul_variant_param(ed, i);
        int v = pul_variant_rule(ed, i), w = pul_variant_rule_default(ed, i);
        if (v == w) continue;
        json_open(j, NULL, '{');
        json_str(j, "name", p->name);
        json_param(j, "value", p, v);
        json_param(j, "base", p, w);
        json_close(j, '}');
    }
    json_close(j, ']');
}

/* ------------------------------------------------------------- reports */

static void players_text(const PulVariant *v, char *buf, size_t size) {
    int min, max;
    pul_variant_players(v, &min, &max);
    if (min == max)
        snprintf(buf, size, "%d player%s", min, min == 1 ? "" : "s");
    else
        snprintf(buf, size, "%d-%d players", min, max);
}

/* What every JSON object of an argument starts with. */
static void json_report_begin(Json *j, const Target *t, bool ok) {
    json_begin(j, stdout);
    json_open(j, NULL, '{');
    json_str(j, "argument", t->arg);
    json_str(j, "kind", kind_keys[t->kind]);
    json_bool(j, "ok", ok);
}

static void report_variant(const Options *o, const Target *t, const PulVariant *v) {
    const PulVariantInfo *info = pul_variant_info(v);
    const PulTheme *theme = pul_variant_theme(v);
    int min_players, max_players;
    pul_variant_players(v, &min_players, &max_players);
    const char *file = info->file[0] ? info->file : info->tiles_file;
    const PulTileSet *ts = pul_variant_tileset(v);
    /* A family without a tile set (Genial) has symbols and a board instead. */
    HexFacts *hf = NULL;
    TileFacts tf;
    if (ts) {
        tile_facts(&tf, ts, theme, o->lang);
    } else {
        hf = calloc(1, sizeof *hf);
        PulError herr;
        if (hf && pul_symbols_load_file(&hf->ss, info->tiles_file, &herr) == PUL_OK) {
            hf->has_board = info->board_file[0] &&
                            pul_board_load_file(&hf->board, info->board_file, &herr) == PUL_OK;
            hex_bind(hf);
        } else {
            free(hf);
            hf = NULL;
        }
    }
    bool micropul = strcmp(pul_variant_family(v), "micropul") == 0;
    if (o->json) {
        Json j;
        json_report_begin(&j, t, true);
        json_str(&j, "lang", pul_lang_code(o->lang));
        json_str(&j, "name", pul_variant_name(v));
        json_str(&j, "file", file);
        json_str(&j, "dir", info->dir);
        json_str(&j, "title", pul_variant_title(v, o->lang));
        json_str(&j, "description", info->description[o->lang]);
        json_int(&j, "min_players", min_players);
        json_int(&j, "max_players", max_players);
        json_str(&j, "extends", info->extends[0] ? info->extends : NULL);
        if (!micropul) json_str(&j, "family", pul_variant_family(v));
        if (ts) json_tile_facts(&j, &tf, info->tiles_file);
        if (hf) json_symbol_facts(&j, hf, theme, o->lang, info->tiles_file);
        if (hf && hf->has_board) json_board_facts(&j, hf, info->board_file);
        if (theme) {
            json_open(&j, "theme", '{');
            json_theme_facts(&j, theme, o->lang, info->theme_file);
            json_close(&j, '}');
        } else {
            json_str(&j, "theme", NULL);
        }
        json_rules(&j, v);
        json_open(&j, "scripts", '[');
        for (int k = 0; k < info->nscripts; k++) json_str(&j, NULL, info->script[k]);
        json_close(&j, ']');
        json_close(&j, '}');
        putchar('\n');
        free(hf);
        return;
    }
    char players[32];
    players_text(v, players, sizeof players);
    printf("%s: ok (%s)\n", CLI_TEXT(pul_variant_name(v)), CLI_TEXT(file));
    printf("  %s \xe2\x80\x94 %s; extends %s\n", CLI_TEXT(pul_variant_title(v, o->lang)), players,
           info->extends[0] ? CLI_TEXT(info->extends) : "nothing");
    if (!micropul) printf("  family    %s\n", CLI_TEXT(pul_variant_family(v)));
    if (ts) print_tile_facts(&tf, info->tiles_file);
    if (hf) print_symbol_facts(hf, theme, o->lang, info->tiles_file);
    if (hf && hf->has_board) print_board_facts(hf, info->board_file);
    printf("  theme     ");
    if (theme)
        printf("%s: \"%s\", %d features, %d parts\n", CLI_TEXT(info->theme_file),
               CLI_TEXT(theme->title[o->lang]), theme->nfeatures, theme_nparts(theme));
    else
        printf("none\n");
    print_rules(v);
    printf("  scripts   ");
    if (!info->nscripts) printf("none");
    for (int k = 0; k < info->nscripts; k++)
        printf("%s%s", k ? ", " : "", CLI_TEXT(info->script[k]));
    putchar('\n');
    free(hf);
}

static void report_tileset(const Options *o, const Target *t, const PulTileSet *ts) {
    TileFacts tf;
    tile_facts(&tf, ts, NULL, o->lang);
    if (o->json) {
        Json j;
        json_report_begin(&j, t, true);
        json_str(&j, "file", t->file);
        json_tile_facts(&j, &tf, NULL);
        json_close(&j, '}');
        putchar('\n');
        return;
    }
    printf("%s: ok (tile set %s)\n", CLI_TEXT(t->file), CLI_TEXT(ts->name));
    print_tile_facts(&tf, NULL);
}

static void report_symbols(const Options *o, const Target *t, HexFacts *hf) {
    hex_bind(hf);
    if (o->json) {
        Json j;
        json_report_begin(&j, t, true);
        json_str(&j, "file", t->file);
        json_symbol_facts(&j, hf, NULL, o->lang, NULL);
        json_close(&j, '}');
        putchar('\n');
        return;
    }
    printf("%s: ok (tile file %s)\n", CLI_TEXT(t->file), CLI_TEXT(hf->ss.name));
    print_symbol_facts(hf, NULL, o->lang, NULL);
}

/* A board read alone: its printed symbols as written (no tile file binds them). */
static void report_board(const Options *o, const Target *t, HexFacts *hf) {
    hex_bind(hf);
    if (o->json) {
        Json j;
        json_report_begin(&j, t, true);
        json_str(&j, "file", t->file);
        json_board_facts(&j, hf, NULL);
        json_close(&j, '}');
        putchar('\n');
        return;
    }
    printf("%s: ok (board %s)\n", CLI_TEXT(t->file), CLI_TEXT(hf->board.name));
    print_board_facts(hf, NULL);
}

static void report_theme(const Options *o, const Target *t, const PulTheme *th) {
    if (o->json) {
        Json j;
        json_report_begin(&j, t, true);
        json_str(&j, "lang", pul_lang_code(o->lang));
        json_theme_facts(&j, th, o->lang, t->file);
        json_close(&j, '}');
        putchar('\n');
        return;
    }
    printf("%s: ok (theme %s)\n", CLI_TEXT(t->file), CLI_TEXT(th->name));
    print_theme_facts(th, o->lang);
}

/* One line on stderr, pul_error_format's; in JSON mode an object on stdout too. */
static int report_failure(const Options *o, const Target *t, PulError *err, int exit_code) {
    if (!err->file[0])
        snprintf(err->file, sizeof err->file, "%.*s", (int)sizeof err->file - 1,
                 t->file[0] ? t->file : t->arg);
    char line[sizeof err->file + sizeof err->message + 64];
    fprintf(stderr, "%s\n", CLI_TEXT(pul_error_format(err, line, sizeof line)));
    if (o->json) {
        Json j;
        json_report_begin(&j, t, false);
        json_int(&j, "exit", exit_code);
        json_open(&j, "error", '{');
        json_str(&j, "file", err->file);
        json_int(&j, "line", err->line);
        json_int(&j, "column", err->column);
        json_str(&j, "code", err->code);
        json_str(&j, "message", err->message);
        json_close(&j, '}');
        json_close(&j, '}');
        putchar('\n');
    }
    return exit_code;
}

/* ------------------------------------------------------------- targets */

static void set_error(PulError *err, PulStatus status, const char *code, const char *file,
                      const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static void set_error(PulError *err, PulStatus status, const char *code, const char *file,
                      const char *fmt, ...) {
    memset(err, 0, sizeof *err);
    err->status = status;
    snprintf(err->code, sizeof err->code, "%s", code);
    snprintf(err->file, sizeof err->file, "%s", file);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

/* As the loader decides: "x/variant.yaml" and "my-variant.yaml" are both manifests. */
static bool ends_with(const char *s, const char *tail) {
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcmp(s + n - m, tail) == 0;
}

static bool is_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The loaders take a word without '/' for a variant name: "./" makes it a path. */
static void as_path(char *out, size_t size, const char *path) {
    bool bare = !strchr(path, '/') && path[0] != '.';
    snprintf(out, size, "%s%s", bare ? "./" : "", path);
}

/* Reading the whole file first separates "cannot be read" (exit 2) from
** "read, but wrong" (exit 1), whatever the loader's own wording. */
static bool readable(const char *path, PulError *err) {
    FILE *f = fopen(path, "rb");
    int why = errno;
    bool ok = f != NULL;
    if (f) {
        char buf[4096];
        while (fread(buf, 1, sizeof buf, f) == sizeof buf) continue;
        ok = !ferror(f);
        why = errno;
        fclose(f);
    }
    if (!ok)
        set_error(err, PUL_ERR_IO, "unreadable", path,
                  "cannot read the file (%s); check that it exists and that you may read it",
                  strerror(why));
    return ok;
}

/* A YAML file that its name does not place: a Genial tile file when a line
** begins with "symbols:", a board with "grid:", else a Micropul tile set. */
static Kind sniff(const char *path) {
    FILE *f = fopen(path, "rb");
    char line[256];
    Kind kind = KIND_TILESET;
    for (int n = 0; f && kind == KIND_TILESET && n < 4096 && fgets(line, sizeof line, f); n++) {
        if (strncmp(line, "symbols:", 8) == 0) kind = KIND_SYMBOLS;
        if (strncmp(line, "grid:", 5) == 0) kind = KIND_BOARD;
    }
    if (f) fclose(f);
    return kind;
}

/* A variant folder is read through its manifest. */
static bool folder_target(Target *t, const char *dir, PulError *err) {
    size_t len = strlen(dir);
    while (len > 1 && dir[len - 1] == '/') len--;
    snprintf(t->file, sizeof t->file, "%.*s/variant.yaml", (int)len, dir);
    if (is_file(t->file)) return true;
    set_error(err, PUL_ERR_NOT_FOUND, "not-found", t->file,
              "the folder %.*s holds no variant.yaml; a variant folder holds its manifest there "
              "(see variants/README.md)",
              (int)len, dir);
    return false;
}

static bool bare_name(const char *s) {
    if (!s[0] || s[0] == '-') return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              *s == '_' || *s == '-'))
            return false;
    return true;
}

/* What arg names, as the search path and the file system say. False (err
** filled) when it names nothing that can be read: exit 2. */
static bool resolve(const Options *o, const char *arg, Target *t, PulError *err) {
    memset(t, 0, sizeof *t);
    t->arg = arg;
    t->kind = KIND_VARIANT;
    struct stat st;
    bool exists = stat(arg, &st) == 0;
    int why = errno;
    if (bare_name(arg)) {
        /* A name as pul_variant_open takes it; a folder of that name here is the fallback. */
        char dir[PUL_PATH_MAX];
        PulError find_err;
        memset(&find_err, 0, sizeof find_err);
        if (pul_variant_locate(arg, o->search_dirs, dir, sizeof dir, &find_err) == PUL_OK) {
            snprintf(t->open_as, sizeof t->open_as, "%s", arg);
            return folder_target(t, dir, err) && readable(t->file, err);
        }
        if (!exists) {
            *err = find_err;
            return false;
        }
    }
    if (!exists) {
        set_error(err, PUL_ERR_NOT_FOUND, "not-found", arg,
                  "no such file or folder (%s); give a variant name, a variant folder or a "
                  "YAML file",
                  strerror(why));
        return false;
    }
    as_path(t->open_as, sizeof t->open_as, arg);
    if (S_ISDIR(st.st_mode)) return folder_target(t, arg, err) && readable(t->file, err);
    snprintf(t->file, sizeof t->file, "%s", arg);
    if (!S_ISREG(st.st_mode)) {
        set_error(err, PUL_ERR_IO, "unreadable", arg,
                  "neither a file nor a folder; give a variant folder or a YAML file");
        return false;
    }
    t->kind = ends_with(arg, "variant.yaml") ? KIND_VARIANT
              : ends_with(arg, "theme.yaml") ? KIND_THEME
              : ends_with(arg, "board.yaml") ? KIND_BOARD
              : ends_with(arg, ".symbols.yaml") ? KIND_SYMBOLS
                                                : KIND_TILESET;
    if (!readable(t->file, err)) return false;
    if (t->kind == KIND_TILESET) t->kind = sniff(t->file);
    return true;
}

/* What a loader's failure says of the input. The argument's own file was
** read once already, so an I/O failure on it now, like an allocation
** failure, is not the input's fault (exit 2); anything else is (exit 1),
** a file the variant names but that is missing or unreadable included. */
static int load_failure_code(const Target *t, const PulError *err) {
    bool own_file_io = err->status == PUL_ERR_IO && strcmp(err->file, t->file) == 0;
    return own_file_io || err->status == PUL_ERR_MEMORY ? CLI_UNUSABLE : CLI_WRONG;
}

static int check_one(const Options *o, const char *arg) {
    Target t;
    PulError err;
    memset(&err, 0, sizeof err);
    if (!resolve(o, arg, &t, &err)) return report_failure(o, &t, &err, CLI_UNUSABLE);
    int code = CLI_OK;
    switch (t.kind) {
    case KIND_VARIANT: {
        PulVariant *v = pul_variant_open(t.open_as, o->search_dirs, &err);
        if (!v) return report_failure(o, &t, &err, load_failure_code(&t, &err));
        if (!o->quiet) report_variant(o, &t, v);
        pul_variant_free(v);
        break;
    }
    case KIND_TILESET: {
        PulTileSet *ts = malloc(sizeof *ts);
        if (!ts) {
            set_error(&err, PUL_ERR_MEMORY, "out-of-memory", arg, "out of memory");
            return report_failure(o, &t, &err, CLI_UNUSABLE);
        }
        if (pul_tileset_load_file(ts, t.file, &err) != PUL_OK)
            code = report_failure(o, &t, &err, load_failure_code(&t, &err));
        else if (!o->quiet)
            report_tileset(o, &t, ts);
        free(ts);
        break;
    }
    case KIND_BOARD:
    case KIND_SYMBOLS: {
        HexFacts *hf = calloc(1, sizeof *hf);
        if (!hf) {
            set_error(&err, PUL_ERR_MEMORY, "out-of-memory", arg, "out of memory");
            return report_failure(o, &t, &err, CLI_UNUSABLE);
        }
        PulStatus st = t.kind == KIND_BOARD ? pul_board_load_file(&hf->board, t.file, &err)
                                            : pul_symbols_load_file(&hf->ss, t.file, &err);
        if (st != PUL_OK)
            code = report_failure(o, &t, &err, load_failure_code(&t, &err));
        else if (!o->quiet && t.kind == KIND_BOARD)
            report_board(o, &t, hf);
        else if (!o->quiet)
            report_symbols(o, &t, hf);
        free(hf);
        break;
    }
    case KIND_THEME: {
        PulTheme *th = pul_theme_load_file(t.file, NULL, &err);
        if (!th) return report_failure(o, &t, &err, load_failure_code(&t, &err));
        if (!o->quiet) report_theme(o, &t, th);
        pul_theme_free(th);
        break;
    }
    }
    return code;
}

int cmd_check(int argc, char **argv) {
    static const CliOption opts[] = {{"lang", 0, true},  {"json", 0, false}, {"quiet", 'q', false},
                                     {"path", 0, true},  {"help", 'h', false}, {0}};
    enum { OPT_LANG, OPT_JSON, OPT_QUIET, OPT_PATH, OPT_HELP };
    Options o = {PUL_LANG_EN, false, false, NULL};
    const char *value;
    const char **args = calloc((size_t)argc + 1, sizeof *args);
    int nargs = 0;
    if (!args) {
        cli_error("check", "out of memory");
        return CLI_UNUSABLE;
    }
    CliParser p;
    cli_init(&p, "check", argc, argv);
    int status = CLI_OK, worst = CLI_OK;
    for (int k; status == CLI_OK && (k = cli_next(&p, opts, &value)) != CLI_END;) {
        switch (k) {
        case OPT_LANG:
            o.lang = pul_lang_find(value);
            if (o.lang < 0) {
                cli_error("check", "--lang takes en, ja, fr or es, not \"%s\"", value);
                status = CLI_UNUSABLE;
            }
            break;
        case OPT_JSON: o.json = true; break;
        case OPT_QUIET: o.quiet = true; break;
        case OPT_PATH: o.search_dirs = value; break;
        case OPT_HELP:
            fputs(check_help, stdout);
            free(args);
            return CLI_OK;
        case CLI_OPERAND: args[nargs++] = value; break;
        default: status = CLI_UNUSABLE;
        }
    }
    if (status == CLI_OK && nargs == 0) {
        cli_error("check", "give at least one variant name, folder or file (see pul check --help)");
        status = CLI_UNUSABLE;
    }
    o.search_dirs = cli_search_dirs(o.search_dirs);
    /* Every argument is checked, also after a failure; the exit code is the worst seen. */
    for (int k = 0; status == CLI_OK && k < nargs; k++) {
        int one = check_one(&o, args[k]);
        if (one > worst) worst = one;
    }
    if (status == CLI_OK) status = worst;
    free(args);
    return status;
}
