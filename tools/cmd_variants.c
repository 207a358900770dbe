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

static const char variants_help_head[] =
    "usage: pul variants [--lang L] [--json] [--path DIRS]\n\n"
    "Lists the editions (variants) found along the search path: name, players,\n"
    "title and folder. Each is loaded as 'pul play NAME' would load it; one that\n"
    "fails is listed with its error (file:line:column: code: message) and makes\n"
    "the exit code 1.\n\n"
    "A name is looked up in these folders, in this order; the first folder\n"
    "holding NAME/variant.yaml wins, and copies of the same name in later\n"
    "folders are listed as shadowed:\n"
    "  1. ./variants (from the current folder)\n"
    "  2. the folders of --path DIRS\n";

static const char variants_help_tail[] =
    "Folders are ':'-separated.\n\n"
    "Options:\n"
    "  --lang L       language of the titles: en, ja, fr or es (default en)\n"
    "  --json         one JSON object per edition, one per line\n"
    "  --path DIRS    extra folders to search, after ./variants\n"
    "  -h, --help     show this text\n\n"
    "Exit codes: 0 every edition loads, 1 some edition fails to load, 2 bad usage.\n";

enum { MAX_SHADOWED = 8 };

typedef struct {
    char name[128];
    char dir[PUL_PATH_MAX];
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

static void print_padded(const char *s, int width) {
    int pad = width - cli_display_width(s);
    cli_put_text(stdout, s);
    printf("%*s", pad > 1 ? pad : 1, "");
}

static void players_text(const PulRules *r, char *buf, size_t size) {
    if (r->min_players == r->max_players)
        snprintf(buf, size, "%d player%s", r->min_players, r->min_players == 1 ? "" : "s");
    else
        snprintf(buf, size, "%d-%d players", r->min_players, r->max_players);
}

static void json_key_str(const char *key, const char *value) {
    printf(",\"%s\":", key);
    if (value)
        cli_json_string(stdout, value);
    else
        fputs("null", stdout);
}

static void print_json(const Edition *e, const PulVariant *v, const PulError *err, int lang) {
    fputs("{\"name\":", stdout);
    cli_json_string(stdout, e->name);
    json_key_str("dir", e->dir);
    printf(",\"ok\":%s", v ? "true" : "false");
    if (v) {
        const PulRules *r = pul_variant_rules(v);
        const PulVariantInfo *info = pul_variant_info(v);
        json_key_str("file", info->file[0] ? info->file : info->tiles_file);
        json_key_str("lang", pul_lang_code(lang));
        json_key_str("title", pul_variant_title(v, lang));
        printf(",\"min_players\":%d,\"max_players\":%d", r->min_players, r->max_players);
        json_key_str("extends", info->extends[0] ? info->extends : NULL);
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

enum { NAME_WIDTH = 20, PLAYERS_WIDTH = 13, TITLE_WIDTH = 30 };

static void print_row(const Edition *e, const PulVariant *v, const PulError *err, int lang) {
    print_padded(e->name, NAME_WIDTH);
    if (v) {
        char players[32];
        players_text(pul_variant_rules(v), players, sizeof players);
        print_padded(players, PLAYERS_WIDTH);
        print_padded(pul_variant_title(v, lang), TITLE_WIDTH);
        printf("%s\n", CLI_TEXT(e->dir));
    } else {
        char line[sizeof err->file + sizeof err->message + 64];
        print_padded("FAILS TO LOAD", PLAYERS_WIDTH + TITLE_WIDTH);
        printf("%s\n%*s%s\n", CLI_TEXT(e->dir), NAME_WIDTH, "",
               CLI_TEXT(pul_error_format(err, line, sizeof line)));
    }
    for (int s = 0; s < e->nshadowed; s++)
        printf("%*sshadows %s (same name, later on the search path: opened only through "
               "extends)\n",
               NAME_WIDTH, "", CLI_TEXT(e->shadowed[s]));
}

int cmd_variants(int argc, char **argv) {
    static const CliOption opts[] = {
        {"lang", 0, true}, {"json", 0, false}, {"path", 0, true}, {"help", 'h', false}, {0}};
    enum { OPT_LANG, OPT_JSON, OPT_PATH, OPT_HELP };
    const char *search_dirs = NULL, *value;
    int lang = PUL_LANG_EN;
    bool json = false;
    CliParser p;
    cli_init(&p, "variants", argc, argv);
    for (int k; (k = cli_next(&p, opts, &value)) != CLI_END;) {
        switch (k) {
        case OPT_LANG:
            lang = pul_lang_find(value);
            if (lang < 0) {
                cli_error("variants", "--lang takes en, ja, fr or es, not \"%s\"", value);
                return CLI_UNUSABLE;
            }
            break;
        case OPT_JSON: json = true; break;
        case OPT_PATH: search_dirs = value; break;
        case OPT_HELP:
            fputs(variants_help_head, stdout);
            if (cli_build_variants())
                printf("     then %s (this pul runs from its build tree, so the\n"
                       "     source tree's editions are found from any directory)\n",
                       CLI_TEXT(cli_build_variants()));
            printf("  3. %s/variants (the installed data folder)\n", CLI_TEXT(pul_data_dir()));
            fputs("  4. the folders of $PUL_PATH\n", stdout);
            fputs(variants_help_tail, stdout);
            return CLI_OK;
        case CLI_OPERAND:
            cli_error("variants", "unexpected argument \"%s\" (see pul variants --help)", value);
            return CLI_UNUSABLE;
        default: return CLI_UNUSABLE;
        }
    }

    search_dirs = cli_search_dirs(search_dirs);
    Editions list = {0};
    pul_variant_list(search_dirs, collect, &list);
    if (list.failed) {
        free(list.e);
        cli_error("variants", "out of memory");
        return CLI_UNUSABLE;
    }
    if (list.n == 0 && !json)
        printf("no editions found along the search path (see pul variants --help)\n");
    int status = CLI_OK;
    for (int k = 0; k < list.n; k++) {
        const Edition *e = &list.e[k];
        PulError err;
        memset(&err, 0, sizeof err);
        /* By name, as 'pul play NAME' does: the same folder the list found first. */
        PulVariant *v = pul_variant_open(e->name, search_dirs, &err);
        if (!v) status = CLI_WRONG;
        if (json)
            print_json(e, v, &err, lang);
        else
            print_row(e, v, &err, lang);
        pul_variant_free(v);
    }
    free(list.e);
    return status;
}
