/*
** cmd_variants.c: `pul variants`, the editions found along the search path,
** each loaded as `pul play NAME` would load it, so a broken one shows here
** with its error, and copies hidden behind an earlier folder are named.
*/
#define _XOPEN_SOURCE 700 /* realpath */

#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "variants_text.h"

enum { MAX_SHADOWED = 8 };

typedef struct {
    char name[128];
    char dir[PUL_PATH_MAX];
    PulVariant *v;       /* loaded as pul play would, NULL when it fails: err says why */
    PulError err;
    int nshadowed;
    char shadowed[MAX_SHADOWED][PUL_PATH_MAX]; /* later folders with the same name */
} Edition;

typedef struct {
    Edition *e;
    int n, cap;
    bool failed; /* out of memory */
} Editions;

static bool same_folder(const char *a, const char *b);
static void add_shadowed(Edition *e, const char *dir);

static bool collect(const char *name, const char *dir, void *ud) {
    Editions *list = ud;
    /* A name already listed, found again further down the search path: shadowed. */
    for (int k = 0; k < list->n; k++)
        if (strcmp(list->e[k].name, name) == 0) {
            if (!same_folder(list->e[k].dir, dir)) add_shadowed(&list->e[k], dir);
            return true;
        }
    if (list->n == list->cap) {
        int cap = list->cap ? 2 * list->cap : 16;
        Edition *more = realloc(list->e, (size_t)cap * sizeof *more);
        if (!more) {
            list->failed = true;
            return false;
        }
        list->e = more;
        list->cap = cap;
    }
    Edition *e = &list->e[list->n++];
    memset(e, 0, sizeof *e);
    snprintf(e->name, sizeof e->name, "%s", name);
    snprintf(e->dir, sizeof e->dir, "%s", dir);
    return true;
}

/* ------------------------------------------------------------ shadowing */

static bool same_folder(const char *a, const char *b) {
    char *ra = realpath(a, NULL), *rb = realpath(b, NULL);
    bool same = ra && rb ? strcmp(ra, rb) == 0 : strcmp(a, b) == 0;
    free(ra);
    free(rb);
    return same;
}

static void add_shadowed(Edition *e, const char *dir) {
    for (int s = 0; s < e->nshadowed; s++)
        if (same_folder(dir, e->shadowed[s])) return;
    if (e->nshadowed < MAX_SHADOWED)
        snprintf(e->shadowed[e->nshadowed++], sizeof e->shadowed[0], "%s", dir);
}

/* ---------------------------------------------------------------- output */

static void players_text(const PulVariant *v, int lang, char *buf, size_t size) {
    int min, max;
    pul_variant_players(v, &min, &max);
    if (min == max)
        snprintf(buf, size, variants_text(min == 1 ? VT_PLAYERS_ONE : VT_PLAYERS_EXACT, lang), min);
    else
        snprintf(buf, size, variants_text(VT_PLAYERS_RANGE, lang), min, max);
}

static void json_key_str(const char *key, const char *value) {
    printf(",\"%s\":", key);
    if (value)
        cli_json_string(stdout, value);
    else
        fputs("null", stdout);
}

static void print_json(const Edition *e, int lang) {
    const PulVariant *v = e->v;
    const PulError *err = &e->err;
    fputs("{\"name\":", stdout);
    cli_json_string(stdout, e->name);
    json_key_str("dir", e->dir);
    printf(",\"ok\":%s", v ? "true" : "false");
    if (v) {
        int min, max;
        pul_variant_players(v, &min, &max);
        const PulVariantInfo *info = pul_variant_info(v);
        json_key_str("file", info->file[0] ? info->file : info->tiles_file);
        json_key_str("lang", pul_lang_code(lang));
        json_key_str("title", pul_variant_title(v, lang));
        printf(",\"min_players\":%d,\"max_players\":%d", min, max);
        json_key_str("extends", info->extends[0] ? info->extends : NULL);
        /* Micropul's editions, every edition before issue 13, name no family. */
        if (strcmp(pul_variant_family(v), "micropul") != 0)
            json_key_str("family", pul_variant_family(v));
    } else {
        printf(",\"error\":{\"file\":");
        cli_json_string(stdout, err->file);
        printf(",\"line\":%d,\"column\":%d", err->line, err->column);
        json_key_str("code", err->code);
        json_key_str("message", err->message);
        fputc('}', stdout);
    }
    fputs(",\"shadowed\":[", stdout);
    for (int s = 0; s < e->nshadowed; s++) {
        if (s) fputc(',', stdout);
        cli_json_string(stdout, e->shadowed[s]);
    }
    fputs("]}\n", stdout);
}

/* The table's columns are as wide as their widest cell in terminal cells
** (a Japanese character takes two), so a long title never pushes the folder
** out of line. */
enum { COL_NAME, COL_PLAYERS, COL_TITLE, COL_FOLDER, NCOLS, COL_GAP = 2 };

/* The title cell: the title, and the family after it for an edition that
** is not Micropul's ("Six Tracks [genial]"). */
static void cells_of(const Edition *e, int lang, char players[64],
                     char title[PUL_LABEL_MAX + 64], const char *cell[NCOLS]) {
    cell[COL_NAME] = e->name;
    cell[COL_FOLDER] = e->dir;
    if (e->v) {
        players_text(e->v, lang, players, 64);
        cell[COL_PLAYERS] = players;
        const char *fam = pul_variant_family(e->v);
        if (strcmp(fam, "micropul") == 0) {
            cell[COL_TITLE] = pul_variant_title(e->v, lang);
        } else {
            snprintf(title, PUL_LABEL_MAX + 64, "%s [%s]", pul_variant_title(e->v, lang), fam);
            cell[COL_TITLE] = title;
        }
    } else {
        cell[COL_PLAYERS] = variants_text(VT_FAILS, lang);
        cell[COL_TITLE] = "";
    }
}

static void print_padded(const char *s, int width) {
    cli_put_text(stdout, s);
    printf("%*s", width - cli_display_width(s), "");
}

static void print_table(const Editions *list, int lang) {
    int width[NCOLS] = {0};
    const char *head[NCOLS] = {variants_text(VT_HEAD_NAME, lang),
                               variants_text(VT_HEAD_PLAYERS, lang),
                               variants_text(VT_HEAD_TITLE, lang),
                               variants_text(VT_HEAD_FOLDER, lang)};
    for (int c = 0; c < NCOLS; c++) width[c] = cli_display_width(head[c]);
    for (int k = 0; k < list->n; k++) {
        char players[64], title[PUL_LABEL_MAX + 64];
        const char *cell[NCOLS];
        cells_of(&list->e[k], lang, players, title, cell);
        for (int c = 0; c < NCOLS; c++) {
            int w = cli_display_width(cell[c]);
            /* A failure's word spans the players and title columns. */
            if (!list->e[k].v && c == COL_PLAYERS) w -= width[COL_TITLE] + COL_GAP;
            if (w > width[c]) width[c] = w;
        }
    }
    for (int c = 0; c < COL_FOLDER; c++) print_padded(head[c], width[c] + COL_GAP);
    printf("%s\n", head[COL_FOLDER]);
    for (int k = 0; k < list->n; k++) {
        const Edition *e = &list->e[k];
        char players[64], title[PUL_LABEL_MAX + 64];
        const char *cell[NCOLS];
        cells_of(e, lang, players, title, cell);
        print_padded(cell[COL_NAME], width[COL_NAME] + COL_GAP);
        if (e->v) {
            print_padded(cell[COL_PLAYERS], width[COL_PLAYERS] + COL_GAP);
            print_padded(cell[COL_TITLE], width[COL_TITLE] + COL_GAP);
            printf("%s\n", CLI_TEXT(e->dir));
        } else {
            char line[sizeof e->err.file + sizeof e->err.message + 64];
            print_padded(cell[COL_PLAYERS], width[COL_PLAYERS] + width[COL_TITLE] + 2 * COL_GAP);
            printf("%s\n%*s%s\n", CLI_TEXT(e->dir), width[COL_NAME] + COL_GAP, "",
                   CLI_TEXT(pul_error_format(&e->err, line, sizeof line)));
        }
        for (int s = 0; s < e->nshadowed; s++) {
            printf("%*s", width[COL_NAME] + COL_GAP, "");
            printf(variants_text(VT_SHADOWS, lang), CLI_TEXT(e->shadowed[s]));
            fputc('\n', stdout);
        }
    }
}

int cmd_variants(int argc, char **argv) {
    static const CliOption opts[] = {
        {"lang", 0, true}, {"json", 0, false}, {"path", 0, true}, {"help", 'h', false}, {0}};
    enum { OPT_LANG, OPT_JSON, OPT_PATH, OPT_HELP };
    const char *search_dirs = NULL, *value;
    int lang = PUL_LANG_EN;
    bool json = false, help = false;
    CliParser p;
    cli_init(&p, "variants", argc, argv);
    for (int k; (k = cli_next(&p, opts, &value)) != CLI_END;) {
        switch (k) {
        case OPT_LANG: {
            int found = pul_lang_find(value);
            if (found < 0) {
                cli_error("variants", variants_text(VT_BAD_LANG, lang), value);
                return CLI_UNUSABLE;
            }
            lang = found;
            break;
        }
        case OPT_JSON: json = true; break;
        case OPT_PATH: search_dirs = value; break;
        case OPT_HELP: help = true; break; /* after the options: --help --lang ja is in ja */
        case CLI_OPERAND:
            cli_error("variants", variants_text(VT_UNEXPECTED, lang), value);
            return CLI_UNUSABLE;
        default: return CLI_UNUSABLE;
        }
    }
    if (help) {
        fputs(variants_text(VT_HELP_HEAD, lang), stdout);
        if (cli_build_variants())
            printf(variants_text(VT_HELP_BUILD_TREE, lang), CLI_TEXT(cli_build_variants()));
        printf(variants_text(VT_HELP_DATA_DIR, lang), CLI_TEXT(pul_data_dir()));
        fputs(variants_text(VT_HELP_TAIL, lang), stdout);
        return CLI_OK;
    }

    search_dirs = cli_search_dirs(search_dirs);
    Editions list = {0};
    pul_variant_list(search_dirs, collect, &list);
    if (list.failed) {
        free(list.e);
        cli_error("variants", "out of memory");
        return CLI_UNUSABLE;
    }
    if (list.n == 0 && !json) printf("%s\n", variants_text(VT_NONE_FOUND, lang));
    int status = CLI_OK;
    for (int k = 0; k < list.n; k++) {
        Edition *e = &list.e[k];
        /* By name, as 'pul play NAME' does: the same folder the list found first. */
        e->v = pul_variant_open(e->name, search_dirs, &e->err);
        if (!e->v) status = CLI_WRONG;
    }
    if (json)
        for (int k = 0; k < list.n; k++) print_json(&list.e[k], lang);
    else if (list.n > 0)
        print_table(&list, lang);
    for (int k = 0; k < list.n; k++) pul_variant_free(list.e[k].v);
    free(list.e);
    return status;
}
