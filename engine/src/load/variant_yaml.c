/*
** variant_yaml.c: variant.yaml, the manifest of an edition, read into a
** PulVariant with its tile set, theme, rules and scripts.
**
** The schema (variants/README.md has it field by field, with examples):
**
**   name: farmopul             # required; the folder's name
**   title: Farmopul            # text, or {en: ..., ja: ..., fr: ..., es: ...}
**   description: ...           # like title; optional
**   extends: micropul          # optional: a variant name, or a path from here
**   players: {min: 1, max: 2}
**   tiles: tiles.yaml          # a path from this file's folder
**   theme: theme.yaml          # likewise
**   rules: {extra_turn_chains: false, merged_scoring: one_owner}
**   scripts: [solo_peek.lua]   # Lua files (run by the scripting layer)
**   bots: {mcts: {depth: 1}}   # defaults the edition gives its bots
**
** The files named (and a variant extended by path) must lie inside the roots
** of roots.h: the folders of the manifests read, the search path's variants
** folders and, for scripts, the scripts folders beside them.
**
** Without extends, title, players, tiles and theme are required. With it,
** every field starts as the parent's and the child overrides what it gives:
** rules, players and bots key by key, the others whole (a title given replaces all
** of the parent's languages and drops the parent's description unless one is
** given too; scripts given replace the parent's list). Rules not set
** anywhere in the chain are the base rules, RULES.md section 1.
*/
#define _XOPEN_SOURCE 700 /* realpath */

#include <errno.h>
#include <limits.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "board_yaml.h"
#include "bot.h"
#include "families.h"
#include "find.h"
#include "roots.h"
#include "script.h"
#include "suggest.h"
#include "theme_yaml.h"
#include "ydoc.h"
#include "mem.h"

enum {
    MAX_CHAIN = 8,
    BOTS_KINDS_MAX = 8,  /* bot kinds bots: may name */
    BOTS_VALUE_MAX = 24  /* bytes of one option's value, with the NUL */
};

/* What a chain of manifests says, the parent's first, overridden by each child. */
typedef struct {
    PulVariantInfo info;
    const Family *fam; /* settled by the chain's first manifest */
    alignas(max_align_t) unsigned char rules[FAMILY_RULES_MAX]; /* fam's rules struct */
    RootsFile tiles, board, theme; /* the files info names, as checked: what build reads */
    /* Where the seat counts were last written, and how far up the chain that
    ** manifest and the one naming the board are (0: the edition's own): a
    ** seat count an inherited board has no area for is the players' mistake,
    ** reported at players:, not in a board the modder did not write. */
    struct {
        char file[PUL_PATH_MAX];
        int line[3], col[3]; /* players:, min, max (line 0: not given) */
        int level;
    } players;
    int board_level;
    /* bots:, by kind (bot_kinds' order) and option: each value as written
    ** ("" where no manifest of the chain sets it). */
    char bot_value[BOTS_KINDS_MAX][BOT_MAX_OPTIONS][BOTS_VALUE_MAX];
} Manifest;

/* The manifests being read, child first, to find a variant that extends
** itself, with the roots their files must lie in. */
typedef struct {
    int n;
    char real[MAX_CHAIN][PATH_MAX];
    char name[MAX_CHAIN][PUL_NAME_MAX];
    char own[MAX_CHAIN][PATH_MAX]; /* each manifest's folder, its real path ("": none) */
    const char *search_dirs;
    Roots roots;
} Chain;

/* A node of the child's manifest that led to a parent's, where a refusal of
** the parent's file is reported; none for the first manifest. */
typedef struct {
    YDoc *doc;
    const YNode *n;
} Via;

static PulStatus read_manifest(const char *file, const char *dir, const char *folder,
                               Chain *chain, Manifest *m, Via via, PulError *err);

/* ------------------------------------------------------------------- paths */

/* The real path of the folder of the manifest being read. */
static const char *own_folder(const Chain *chain) { return chain->own[chain->n - 1]; }

/* The text of n, a file name, fit to be a path: its problems are the
** manifest's, at n. */
static PulStatus file_name(YDoc *doc, const YNode *n, const char *what) {
    char text[48];
    if (n->kind != YDOC_SCALAR || n->len == 0)
        return ydoc_fail(doc, n, "wrong-type", "%s must be a file name, not %s", what,
                         ydoc_kind(n, text, sizeof text));
    if (memchr(n->text, '\0', n->len))
        return ydoc_fail(doc, n, "bad-value", "%s holds a NUL byte; write a file name", what);
    return ydoc_safe(doc, n, what, false);
}

/* A file the manifest names from its folder dir, of kind, checked against
** the roots into f; out gets the path shown for it. */
static PulStatus read_ref(YDoc *doc, const YNode *n, const char *what, RootsKind kind,
                          const Chain *chain, const char *dir, char *out, size_t size,
                          RootsFile *f) {
    PulStatus st = file_name(doc, n, what);
    if (st != PUL_OK) return st;
    int len = snprintf(out, size, "%s/%s", dir, n->text);
    if (len < 0 || (size_t)len >= size)
        return ydoc_fail(doc, n, "too-long", "%s makes a path longer than %zu bytes; shorten it",
                         what, size - 1);
    RootsVerdict v = roots_resolve(&chain->roots, chain->own, chain->n, dir, n->text, kind, f);
    if (v == ROOTS_OK) return PUL_OK;
    return roots_fail(doc, n, what, n->text, kind, v, f, own_folder(chain), out);
}

/* <root>/scripts for a variant folder <root>/variants/<name>: the two last
** components of dir dropped when they are plain names (so the path reads
** without ".."), else dir/../../scripts. */
static int scripts_beside(const char *dir, char *out, size_t size) {
    size_t len = strlen(dir);
    while (len > 1 && dir[len - 1] == '/') len--;
    size_t keep = len;
    for (int k = 0; k < 2; k++) {
        size_t start = keep;
        while (start > 0 && dir[start - 1] != '/') start--;
        size_t n = keep - start;
        if (n == 0 || (n == 1 && dir[start] == '.') ||
            (n == 2 && dir[start] == '.' && dir[start + 1] == '.'))
            return snprintf(out, size, "%s/../../scripts", dir);
        keep = start > 0 ? start - 1 : 0;
        if (start == 0 && k == 0) return snprintf(out, size, "%s/../../scripts", dir);
    }
    if (keep == 0) return snprintf(out, size, dir[0] == '/' ? "/scripts" : "scripts");
    return snprintf(out, size, "%.*s/scripts", (int)keep, dir);
}

/* A script: from the variant's folder, or by bare file name from the scripts
** folder beside the variants folder, then the installed one. The first
** place that has it decides, and must be one of the roots. */
static PulStatus read_script(YDoc *doc, const YNode *n, const Chain *chain, const char *dir,
                             char *out, size_t size) {
    RootsFile f;
    PulStatus st = file_name(doc, n, "scripts:");
    if (st != PUL_OK) return st;
    if (strchr(n->text, '/'))
        return read_ref(doc, n, "scripts:", ROOTS_SCRIPT, chain, dir, out, size, &f);
    enum { OWN, BESIDE, INSTALLED };
    char places[3][PUL_PATH_MAX];
    snprintf(places[OWN], PUL_PATH_MAX, "%s", dir);
    int len = scripts_beside(dir, places[BESIDE], PUL_PATH_MAX);
    if (len < 0 || len >= PUL_PATH_MAX) places[BESIDE][0] = '\0';
    len = snprintf(places[INSTALLED], PUL_PATH_MAX, "%s/scripts", pul_data_dir());
    if (len < 0 || len >= PUL_PATH_MAX) places[INSTALLED][0] = '\0';
    const char *own = own_folder(chain);
    for (int i = OWN; i <= INSTALLED; i++) {
        if (!places[i][0]) continue;
        RootsVerdict v =
            roots_resolve(&chain->roots, chain->own, chain->n, places[i], n->text, ROOTS_SCRIPT, &f);
        if (v == ROOTS_MISSING) continue;
        len = snprintf(out, size, "%s/%s", places[i], n->text);
        if (len < 0 || (size_t)len >= size) v = ROOTS_TOO_LONG;
        if (v == ROOTS_OK) return PUL_OK;
        if (v == ROOTS_LEAVES && i == BESIDE)
            return ydoc_fail(doc, n, "bad-reference",
                             "script '%s' is in %.200s, but that scripts folder is beside no "
                             "variants folder of the search path, so it is not this edition's "
                             "to use: add the folder holding the edition to the search path "
                             "(--path, PUL_PATH), or copy the script into the edition's folder",
                             n->text, places[i]);
        return roots_fail(doc, n, "scripts:", n->text, ROOTS_SCRIPT, v, &f, own, out);
    }
    return ydoc_fail(doc, n, "missing-file",
                     "script '%s' is not in %s, nor in the scripts folder beside the "
                     "variants, nor in %s/scripts; check the name",
                     n->text, dir, pul_data_dir());
}

static PulStatus read_scripts(YDoc *doc, const YNode *n, const Chain *chain, const char *dir,
                              PulVariantInfo *info) {
    char text[48];
    if (n->kind == YDOC_SCALAR && n->len == 0) {
        info->nscripts = 0; /* "scripts:" with nothing: none, overriding the parent */
        return PUL_OK;
    }
    if (n->kind != YDOC_SEQ)
        return ydoc_fail(doc, n, "wrong-type",
                         "scripts must be a list of Lua files like [solo_peek.lua], not %s",
                         ydoc_kind(n, text, sizeof text));
    if (n->nkid > PUL_MAX_SCRIPTS)
        return ydoc_fail(doc, ydoc_kid(doc, n, PUL_MAX_SCRIPTS), "too-large",
                         "more than %d scripts; a variant uses at most %d", PUL_MAX_SCRIPTS,
                         PUL_MAX_SCRIPTS);
    info->nscripts = 0;
    for (int i = 0; i < n->nkid; i++) {
        const YNode *s = ydoc_kid(doc, n, i);
        PulStatus st = read_script(doc, s, chain, dir, info->script[i], sizeof info->script[i]);
        if (st != PUL_OK) return st;
        info->nscripts = i + 1;
    }
    return PUL_OK;
}

/* ------------------------------------------------------------------- rules */

static PulStatus read_param(YDoc *doc, const YNode *key, const YNode *v, int p,
                            const FamilyParams *fp, void *rules) {
    const PulParamInfo *info = fp->param(p);
    char text[48], what[64];
    long long value = 0;
    snprintf(what, sizeof what, "rule %s", info->name);
    if (info->type == PUL_PARAM_BOOL) {
        bool b;
        PulStatus st = ydoc_bool(doc, v, what, &b);
        if (st != PUL_OK) return st;
        value = b;
    } else if (info->type == PUL_PARAM_ENUM) {
        int nwords = info->max + 1;
        while (value < nwords && !ydoc_is(v, info->words[value])) value++;
        if (value == nwords) {
            char list[160] = "";
            size_t o = 0;
            for (int w = 0; w < nwords && o < sizeof list; w++)
                o += (size_t)snprintf(list + o, sizeof list - o, "%s%s", w ? ", " : "",
                                      info->words[w]);
            const char *hint = v->kind == YDOC_SCALAR
                                   ? suggest_pick(v->text, v->len, info->words, nwords)
                                   : NULL;
            if (hint)
                return ydoc_fail(doc, v, "bad-value", "%s is %s: did you mean '%s'? (one of %s)",
                                 what, ydoc_kind(v, text, sizeof text), hint, list);
            return ydoc_fail(doc, v, "bad-value", "%s is %s; it is one of %s", what,
                             ydoc_kind(v, text, sizeof text), list);
        }
    } else {
        if (!ydoc_int(v, &value))
            return ydoc_fail(doc, v, "wrong-type", "%s must be a whole number (unquoted), not %s",
                             what, ydoc_kind(v, text, sizeof text));
        if (value < info->min || value > info->max)
            return ydoc_fail(doc, v, "out-of-range", "%s is %s; it must be from %d to %d (%s)",
                             what, ydoc_shown(v, text, sizeof text), info->min, info->max,
                             info->help);
    }
    (void)key;
    return fp->set(rules, p, (int)value, NULL);
}

static PulStatus read_rules(YDoc *doc, const YNode *n, const FamilyParams *fp, void *rules) {
    enum { MAXP = 64 };
    const char *names[MAXP];
    int index[MAXP], count = 0;
    char text[48];
    if (n->kind == YDOC_SCALAR && n->len == 0) return PUL_OK; /* "rules:" with nothing */
    if (n->kind != YDOC_MAP)
        return ydoc_fail(doc, n, "wrong-type",
                         "rules must be a mapping of rule parameters like {hand_size: 6}, not %s",
                         ydoc_kind(n, text, sizeof text));
    /* The players are set under players:, not here. */
    for (int i = 0; i + 1 < n->nkid; i += 2) {
        const YNode *k = ydoc_kid(doc, n, i);
        if (ydoc_is(k, "min_players") || ydoc_is(k, "max_players"))
            return ydoc_fail(doc, k, "unknown-key",
                             "%s is not a rule here; write the seat counts as players: {min: "
                             "N, max: M}",
                             k->text);
    }
    for (int p = 0; p < fp->n && count < MAXP; p++) {
        const char *name = fp->param(p)->name;
        if (strcmp(name, "min_players") == 0 || strcmp(name, "max_players") == 0) continue;
        names[count] = name;
        index[count++] = p;
    }
    const YNode *val[MAXP], *keyn[MAXP];
    PulStatus st = ydoc_map(doc, n, "rules", names, count, val, keyn);
    for (int k = 0; st == PUL_OK && k < count; k++)
        if (val[k]) st = read_param(doc, keyn[k], val[k], index[k], fp, rules);
    return st;
}

/* The index of the family's parameter called name, or -1. */
static int param_index(const FamilyParams *fp, const char *name) {
    for (int p = 0; p < fp->n; p++)
        if (strcmp(fp->param(p)->name, name) == 0) return p;
    return -1;
}

/* The seats the rules allow: the parameters min_players and max_players. */
static void rules_players(const FamilyParams *fp, const void *rules, int *min, int *max) {
    int lo = param_index(fp, "min_players"), hi = param_index(fp, "max_players");
    *min = lo < 0 ? 1 : fp->get(rules, lo);
    *max = hi < 0 ? PUL_MAX_SEATS : fp->get(rules, hi);
}

static PulStatus read_players(YDoc *doc, const YNode *n, const FamilyParams *fp, void *rules) {
    static const char *const keys[] = {"min", "max"};
    const YNode *val[2], *keyn[2];
    char text[48];
    if (n->kind != YDOC_MAP)
        return ydoc_fail(doc, n, "wrong-type",
                         "players must be a mapping like {min: 1, max: 2}, not %s",
                         ydoc_kind(n, text, sizeof text));
    PulStatus st = ydoc_map(doc, n, "players", keys, 2, val, keyn);
    if (st != PUL_OK) return st;
    if (!val[0] && !val[1])
        return ydoc_missing(doc, n, "players", "min", "write players: {min: 1, max: 2}");
    int value[2];
    rules_players(fp, rules, &value[0], &value[1]);
    for (int k = 0; k < 2; k++) {
        long long v;
        if (!val[k]) continue;
        if (!ydoc_int(val[k], &v))
            return ydoc_fail(doc, val[k], "wrong-type",
                             "players %s must be a whole number (unquoted), not %s", keys[k],
                             ydoc_kind(val[k], text, sizeof text));
        if (v < 1 || v > PUL_MAX_SEATS)
            return ydoc_fail(doc, val[k], "out-of-range",
                             "players %s is %s; the engine seats 1 to %d players", keys[k],
                             ydoc_shown(val[k], text, sizeof text), PUL_MAX_SEATS);
        value[k] = (int)v;
    }
    if (value[0] > value[1])
        return ydoc_fail(doc, val[0] ? val[0] : val[1], "out-of-range",
                         "players min is %d but max is %d; make min at most max", value[0],
                         value[1]);
    /* Both at once: the family's set checks each against its own range, and
    ** the players are within it (or validate says so at the end). */
    int lo = param_index(fp, "min_players"), hi = param_index(fp, "max_players");
    if (lo >= 0 && fp->set(rules, lo, value[0], NULL) != PUL_OK)
        return ydoc_fail(doc, val[0] ? val[0] : n, "out-of-range",
                         "players min is %d; this family seats %d to %d players", value[0],
                         fp->param(lo)->min, fp->param(lo)->max);
    if (hi >= 0 && fp->set(rules, hi, value[1], NULL) != PUL_OK)
        return ydoc_fail(doc, val[1] ? val[1] : n, "out-of-range",
                         "players max is %d; this family seats %d to %d players", value[1],
                         fp->param(hi)->min, fp->param(hi)->max);
    return PUL_OK;
}

/* Where players: (n, in the manifest at level) and its min and max are. */
static void note_players(const YDoc *doc, const YNode *n, int level, Manifest *m) {
    snprintf(m->players.file, sizeof m->players.file, "%s", doc->src);
    m->players.level = level;
    m->players.line[0] = n->line;
    m->players.col[0] = n->col;
    for (int k = 1; k < 3; k++) m->players.line[k] = m->players.col[k] = 0;
    for (int i = 0; n->kind == YDOC_MAP && i + 1 < n->nkid; i += 2) {
        const YNode *key = ydoc_kid(doc, n, i), *v = ydoc_kid(doc, n, i + 1);
        int k = ydoc_is(key, "min") ? 1 : ydoc_is(key, "max") ? 2 : 0;
        if (k == 0) continue;
        m->players.line[k] = v->line;
        m->players.col[k] = v->col;
    }
}

/* -------------------------------------------------------------------- bots */

/* One option's value under bots:, checked by the bot's own option table. */
static PulStatus read_bot_value(YDoc *doc, const BotKind *kind, int i, const YNode *v,
                                char out[BOTS_VALUE_MAX]) {
    char text[48];
    const char *key = kind->options[i].key;
    if (v->kind != YDOC_SCALAR || v->len == 0)
        return ydoc_fail(doc, v, "wrong-type",
                         "bots: option '%s' of bot '%s' needs a value like %s: %s, not %s", key,
                         kind->name, key,
                         kind->options[i].type == BOT_OPT_WORD ? kind->options[i].words[0] : "1",
                         ydoc_kind(v, text, sizeof text));
    if (v->len >= BOTS_VALUE_MAX || memchr(v->text, '\0', v->len))
        return ydoc_fail(doc, v, "bad-value",
                         "bots: option '%s' of bot '%s' is '%s'; write a number or a word of at "
                         "most %d characters",
                         key, kind->name, ydoc_shown(v, text, sizeof text), BOTS_VALUE_MAX - 1);
    PulError berr;
    if (bot_option_check(kind, i, v->text, &berr) != PUL_OK)
        return ydoc_fail(doc, v, berr.code, "bots: %s", berr.message);
    memcpy(out, v->text, v->len + 1);
    return PUL_OK;
}

/* bots: {KIND: {OPTION: VALUE, ...}, ...}: the defaults the edition gives
** its bots, which a bot spec's own values override. A child's value
** replaces its parent's for that option alone. */
static PulStatus read_bots(YDoc *doc, const YNode *n, Manifest *m) {
    const BotKind *const *kinds = bot_kinds();
    const char *names[BOTS_KINDS_MAX];
    int nk = 0;
    char text[48], what[48];
    for (; kinds[nk]; nk++) {
        PUL_ASSERT(nk < BOTS_KINDS_MAX);
        if (nk >= BOTS_KINDS_MAX) break;
        names[nk] = kinds[nk]->name;
    }
    if (n->kind == YDOC_SCALAR && n->len == 0) return PUL_OK; /* "bots:" with nothing */
    if (n->kind != YDOC_MAP)
        return ydoc_fail(doc, n, "wrong-type",
                         "bots must be a mapping of bot names to their options, like {mcts: "
                         "{depth: 1}}, not %s",
                         ydoc_kind(n, text, sizeof text));
    const YNode *val[BOTS_KINDS_MAX], *keyn[BOTS_KINDS_MAX];
    PulStatus st = ydoc_map(doc, n, "bots", names, nk, val, keyn);
    for (int k = 0; st == PUL_OK && k < nk; k++) {
        const BotKind *kind = kinds[k];
        const YNode *o = val[k];
        if (!o || (o->kind == YDOC_SCALAR && o->len == 0)) continue;
        if (kind->noptions == 0)
            return ydoc_fail(doc, keyn[k], "unknown-key",
                             "bots: bot '%s' takes no options; remove it from bots:", kind->name);
        if (o->kind != YDOC_MAP)
            return ydoc_fail(doc, o, "wrong-type",
                             "bots: %s must be a mapping of its options, like {%s: %s}, not %s",
                             kind->name, kind->options[0].key,
                             kind->options[0].type == BOT_OPT_WORD ? kind->options[0].words[0]
                                                                   : "1",
                             ydoc_kind(o, text, sizeof text));
        const char *keys[BOT_MAX_OPTIONS];
        const YNode *ov[BOT_MAX_OPTIONS], *okn[BOT_MAX_OPTIONS];
        for (int i = 0; i < kind->noptions; i++) keys[i] = kind->options[i].key;
        snprintf(what, sizeof what, "the options of bot '%s'", kind->name);
        st = ydoc_map(doc, o, what, keys, kind->noptions, ov, okn);
        for (int i = 0; st == PUL_OK && i < kind->noptions; i++)
            if (ov[i]) st = read_bot_value(doc, kind, i, ov[i], m->bot_value[k][i]);
    }
    return st;
}

/* The chain's bots: so far, as PulVariantInfo.bots says them. */
static PulStatus write_bots(YDoc *doc, const YNode *at, Manifest *m) {
    const BotKind *const *kinds = bot_kinds();
    char *out = m->info.bots;
    size_t o = 0, size = sizeof m->info.bots;
    out[0] = '\0';
    for (int k = 0; k < BOTS_KINDS_MAX && kinds[k]; k++) {
        bool any = false;
        for (int i = 0; i < kinds[k]->noptions && o < size; i++) {
            if (!m->bot_value[k][i][0]) continue;
            o += (size_t)snprintf(out + o, size - o, "%s%s%s=%s", any ? "" : kinds[k]->name,
                                  any ? "," : ":", kinds[k]->options[i].key, m->bot_value[k][i]);
            any = true;
        }
        if (any && o < size) o += (size_t)snprintf(out + o, size - o, "\n");
    }
    if (o >= size)
        return ydoc_fail(doc, at, "too-long",
                         "bots: the defaults take more than %zu bytes written out; set fewer",
                         size - 1);
    return PUL_OK;
}

/* ----------------------------------------------------------------- extends */

static PulStatus read_extends(YDoc *doc, const YNode *n, const char *dir, Chain *chain,
                              Manifest *m, PulError *err) {
    char text[48];
    if (n->kind != YDOC_SCALAR || n->len == 0 || n->len >= PUL_PATH_MAX ||
        memchr(n->text, '\0', n->len))
        return ydoc_fail(doc, n, "wrong-type",
                         "extends must name a variant (such as micropul) or give a path to one, "
                         "not %s",
                         ydoc_kind(n, text, sizeof text));
    PulStatus safe = ydoc_safe(doc, n, "extends:", false);
    if (safe != PUL_OK) return safe;
    if (chain->n >= MAX_CHAIN)
        return ydoc_fail(doc, n, "too-large",
                         "variants extend each other more than %d deep here; shorten the chain",
                         MAX_CHAIN);
    VariantPlace *place = mem_alloc(sizeof *place);
    if (!place) return ydoc_fail(doc, n, "out-of-memory", "out of memory reading extends");
    PulError ferr;
    bool cycle = false;
    PulStatus st;
    if (strchr(n->text, '/') || n->text[0] == '.') {
        /* A path that leads nowhere is the finder's to report, as for a name. */
        char path[PUL_PATH_MAX];
        RootsFile f;
        RootsVerdict v =
            roots_resolve(&chain->roots, chain->own, chain->n, dir, n->text, ROOTS_EXTENDS, &f);
        if (v != ROOTS_OK && v != ROOTS_MISSING) {
            mem_free(place);
            return roots_fail(doc, n, "extends:", n->text, ROOTS_EXTENDS, v, &f,
                              own_folder(chain), n->text);
        }
        int len = snprintf(path, sizeof path, "%s/%s", dir, n->text);
        st = len > 0 && (size_t)len < sizeof path
                 ? variant_find(path, NULL, NULL, 0, place, &ferr)
                 : err_setc(&ferr, "too-long", NULL, 0, 0, "the path is longer than %zu bytes",
                            sizeof path - 1);
    } else {
        /* A name skips the manifests already being read: a variant may extend
        ** the one of the same name further down the search path. */
        const char *skip[MAX_CHAIN];
        for (int i = 0; i < chain->n; i++) skip[i] = chain->real[i];
        st = variant_find(n->text, chain->search_dirs, skip, chain->n, place, &ferr);
        cycle = st != PUL_OK && ferr.code[0] && strcmp(ferr.code, "extends-cycle") == 0;
    }
    if (st == PUL_OK) {
        char real[PATH_MAX];
        if (realpath(place->file, real))
            for (int i = 0; i < chain->n; i++)
                if (strcmp(real, chain->real[i]) == 0) cycle = true;
    }
    if (cycle) {
        char path[512] = "";
        size_t o = 0;
        for (int i = 0; i < chain->n && o < sizeof path; i++)
            o += (size_t)snprintf(path + o, sizeof path - o, "%s extends ", chain->name[i]);
        st = ydoc_fail(doc, n, "extends-cycle",
                       "%s%.40s again: a variant cannot extend itself, even through others; "
                       "extend a different variant",
                       path, n->text);
    } else if (st != PUL_OK) {
        st = ydoc_fail(doc, n, strcmp(ferr.code, "not-found") == 0 ? "bad-reference" : ferr.code,
                       "extends: %s", ferr.message);
    } else {
        st = read_manifest(place->file, place->dir, place->name, chain, m, (Via){doc, n}, err);
        if (st != PUL_OK) {
            mem_free(place);
            return st; /* the parent's own error, in its own file */
        }
        snprintf(m->info.extends, sizeof m->info.extends, "%.*s", PUL_NAME_MAX - 1, place->name);
    }
    mem_free(place);
    return st;
}

/* ---------------------------------------------------------------- manifest */

/* family: the name of a rules family (families.c), into *out. */
static PulStatus read_family(YDoc *doc, const YNode *n, const Family **out) {
    char text[48], list[160] = "", hint[64] = "";
    const char *names[16];
    int count = 0;
    for (int i = 0; families_at(i) && count < 16; i++) {
        names[count] = families_at(i)->name;
        size_t used = strlen(list);
        snprintf(list + used, sizeof list - used, "%s%s", count ? ", " : "", names[count]);
        count++;
    }
    const Family *f = n->kind == YDOC_SCALAR ? families_find(n->text) : NULL;
    if (f && strlen(f->name) == n->len) {
        *out = f;
        return PUL_OK;
    }
    const char *close =
        n->kind == YDOC_SCALAR ? suggest_pick(n->text, n->len, names, count) : NULL;
    if (close) snprintf(hint, sizeof hint, " did you mean '%s'?", close);
    return ydoc_fail(doc, n, "bad-reference",
                     "family %s is not a rules family of pul;%s the families are %s",
                     ydoc_kind(n, text, sizeof text), hint, list);
}

static PulStatus read_root(YDoc *doc, const char *dir, const char *folder, Chain *chain,
                           Manifest *m, PulError *err) {
    static const char *const keys[] = {"name",  "title", "description", "extends", "players",
                                       "tiles", "theme", "rules",       "scripts", "family",
                                       "board", "bots"};
    enum { K_NAME, K_TITLE, K_DESC, K_EXTENDS, K_PLAYERS, K_TILES, K_THEME, K_RULES, K_SCRIPTS,
           K_FAMILY, K_BOARD, K_BOTS, K_COUNT };
    const YNode *root = ydoc_root(doc), *val[K_COUNT], *keyn[K_COUNT];
    char text[48];
    if (!root || (root->kind == YDOC_SCALAR && root->len == 0))
        return ydoc_fail_at(doc, root ? root->line : 1, root ? root->col : 1, "missing-field",
                            "the manifest is empty; write at least name, title, players, tiles "
                            "and theme (or name and extends)");
    if (root->kind != YDOC_MAP)
        return ydoc_fail(doc, root, "wrong-type",
                         "a variant manifest is a mapping of name, title, players, tiles, "
                         "theme, rules ..., not %s",
                         ydoc_kind(root, text, sizeof text));
    PulStatus st = ydoc_map(doc, root, "the variant", keys, K_COUNT, val, keyn);
    if (st != PUL_OK) return st;
    if (!val[K_NAME])
        return ydoc_missing(doc, root, "the variant", "name",
                            folder ? "add 'name:' with the folder's name" : "add 'name:'");

    /* The parent first: this file's fields override it. */
    char name[PUL_NAME_MAX];
    st = ydoc_name(doc, val[K_NAME], "the name of the variant", name);
    if (st != PUL_OK) return st;
    if (folder && strcmp(name, folder) != 0)
        return ydoc_fail(doc, val[K_NAME], "bad-value",
                         "the variant is named '%s' but its folder is '%s'; a variant is found "
                         "and recorded by its folder's name, so make them the same",
                         name, folder);
    snprintf(chain->name[chain->n - 1], PUL_NAME_MAX, "%s", name);
    if (val[K_EXTENDS]) {
        st = read_extends(doc, val[K_EXTENDS], dir, chain, m, err);
        if (st != PUL_OK) return st;
        if (val[K_FAMILY] && !ydoc_is(val[K_FAMILY], m->fam->name)) {
            st = read_family(doc, val[K_FAMILY], &(const Family *){NULL});
            if (st != PUL_OK) return st;
            return ydoc_fail(doc, val[K_FAMILY], "bad-value",
                             "family is %s, but the edition it extends, %s, is of family %s; an "
                             "edition keeps its parent's family, so remove family: or extend an "
                             "edition of family %s",
                             val[K_FAMILY]->text, m->info.extends, m->fam->name,
                             val[K_FAMILY]->text);
        }
    } else {
        m->fam = families_default();
        if (val[K_FAMILY]) {
            st = read_family(doc, val[K_FAMILY], &m->fam);
            if (st != PUL_OK) return st;
        }
        /* The rules not set anywhere in the chain: the family's defaults. */
        m->fam->params->defaults(m->rules);
        static const char *const hint[K_COUNT] = {
            [K_TITLE] = "add 'title:' with the edition's name for people (or 'extends:' to "
                        "inherit one)",
            [K_PLAYERS] = "add 'players: {min: 1, max: 2}' (or 'extends:')",
            [K_TILES] = "add 'tiles: tiles.yaml' naming its tile set (or 'extends:')",
            [K_THEME] = "add 'theme: theme.yaml' naming its theme (or 'extends:')"};
        const int need[] = {K_TITLE, K_PLAYERS, K_TILES, K_THEME};
        for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
            if (!val[need[i]])
                return ydoc_missing(doc, root, "the variant", keys[need[i]], hint[need[i]]);
        if ((m->fam->files & FAMILY_FILE_BOARD) && !val[K_BOARD]) {
            char board_hint[160];
            snprintf(board_hint, sizeof board_hint,
                     "an edition of family %s plays on a board: add 'board: board.yaml' naming "
                     "it (or 'extends:' an edition of family %s)",
                     m->fam->name, m->fam->name);
            return ydoc_missing(doc, root, "the variant", "board", board_hint);
        }
    }
    const Family *fam = m->fam;
    PulVariantInfo *info = &m->info;
    snprintf(info->name, sizeof info->name, "%s", name);
    if (val[K_TITLE]) {
        st = ydoc_localised(doc, val[K_TITLE], "title", info->title[0], sizeof info->title[0],
                            sizeof info->title[0], false);
        if (st != PUL_OK) return st;
        /* A new title without a new description must not keep the parent's. */
        if (!val[K_DESC]) memset(info->description, 0, sizeof info->description);
    }
    if (val[K_DESC]) {
        st = ydoc_localised(doc, val[K_DESC], "description", info->description[0],
                            sizeof info->description[0], sizeof info->description[0], true);
        if (st != PUL_OK) return st;
    }
    if (val[K_PLAYERS]) {
        st = read_players(doc, val[K_PLAYERS], fam->params, m->rules);
        if (st != PUL_OK) return st;
        note_players(doc, val[K_PLAYERS], chain->n - 1, m);
    }
    if (val[K_TILES]) {
        st = read_ref(doc, val[K_TILES], "tiles:", ROOTS_FILE, chain, dir, info->tiles_file,
                      sizeof info->tiles_file, &m->tiles);
        if (st != PUL_OK) return st;
    }
    if (val[K_BOARD]) {
        if (!(fam->files & FAMILY_FILE_BOARD))
            return ydoc_fail(doc, keyn[K_BOARD], "bad-value",
                             "board: is for editions of a family with a board, and this edition "
                             "is of family %s, whose boards are built as it plays; remove it",
                             fam->name);
        st = read_ref(doc, val[K_BOARD], "board:", ROOTS_FILE, chain, dir, info->board_file,
                      sizeof info->board_file, &m->board);
        if (st != PUL_OK) return st;
        m->board_level = chain->n - 1;
    }
    if (val[K_THEME]) {
        st = read_ref(doc, val[K_THEME], "theme:", ROOTS_FILE, chain, dir, info->theme_file,
                      sizeof info->theme_file, &m->theme);
        if (st != PUL_OK) return st;
    }
    if (val[K_RULES]) {
        st = read_rules(doc, val[K_RULES], fam->params, m->rules);
        if (st != PUL_OK) return st;
    }
    if (val[K_SCRIPTS]) {
        /* Scripts are for the families with hook points for them. */
        if (fam->nhooks == 0)
            return ydoc_fail(doc, keyn[K_SCRIPTS], "bad-value",
                             "scripts: is not yet for editions of family %s, which has no hooks "
                             "for Lua; remove it",
                             fam->name);
        st = read_scripts(doc, val[K_SCRIPTS], chain, dir, info);
        if (st != PUL_OK) return st;
    }
    if (val[K_BOTS]) {
        st = read_bots(doc, val[K_BOTS], m);
        if (st == PUL_OK) st = write_bots(doc, val[K_BOTS], m);
        if (st != PUL_OK) return st;
    }
    /* Checks across fields, where the rules end up in this file. */
    const void *r = m->rules;
    char msg[320];
    if (fam->params->manifest_check && !fam->params->manifest_check(r, msg, sizeof msg))
        return ydoc_fail(doc, val[K_RULES] ? val[K_RULES] : root, "out-of-range", "%s", msg);
    PulError rerr;
    if (fam->params->validate(r, &rerr) != PUL_OK)
        return ydoc_fail(doc, val[K_RULES] ? val[K_RULES] : root, rerr.code, "%s",
                         rerr.message);
    return PUL_OK;
}

static PulStatus read_manifest_text(const char *text, size_t len, const char *file,
                                    const char *dir, const char *folder, Chain *chain,
                                    Manifest *m, PulError *err) {
    YDoc doc;
    PulStatus st = ydoc_parse(&doc, text, len, file, "a variant manifest", err);
    if (st == PUL_OK) {
        snprintf(m->info.file, sizeof m->info.file, "%s", file);
        snprintf(m->info.dir, sizeof m->info.dir, "%s", dir);
        st = read_root(&doc, dir, folder, chain, m, err);
        /* The child's own file and folder, not the parent's. */
        snprintf(m->info.file, sizeof m->info.file, "%s", file);
        snprintf(m->info.dir, sizeof m->info.dir, "%s", dir);
    }
    ydoc_free(&doc);
    return st;
}

/* The manifest file, which must lie in its own folder (the chain's last). */
static PulStatus read_checked(const Chain *chain, const char *file, Via via, char **buf,
                              size_t *len, PulError *err) {
    const char *slash = strrchr(file, '/');
    char base[PUL_PATH_MAX];
    if (!slash)
        snprintf(base, sizeof base, ".");
    else
        snprintf(base, sizeof base, "%.*s", slash == file ? 1 : (int)(slash - file), file);
    RootsFile f;
    RootsVerdict v = roots_resolve(&chain->roots, chain->own, chain->n, base,
                                   slash ? slash + 1 : file, ROOTS_MANIFEST, &f);
    if (v == ROOTS_MISSING || v == ROOTS_UNREADABLE)
        return err_set(err, PUL_ERR_IO, file, 0, 0, "cannot open '%s': %s", file,
                       strerror(f.why ? f.why : ENOENT));
    if (v != ROOTS_OK && via.doc)
        return roots_fail(via.doc, via.n, "extends: the manifest", file, ROOTS_MANIFEST, v, &f,
                          own_folder(chain), file);
    if (v != ROOTS_OK) return roots_fail_file(err, file, v, &f, own_folder(chain));
    return roots_read(&f, file, buf, len, err);
}

static PulStatus read_manifest(const char *file, const char *dir, const char *folder,
                               Chain *chain, Manifest *m, Via via, PulError *err) {
    if (!realpath(file, chain->real[chain->n]))
        snprintf(chain->real[chain->n], sizeof chain->real[0], "%s", file);
    chain->name[chain->n][0] = '\0';
    roots_own(dir, chain->own[chain->n]);
    chain->n++;
    char *buf = NULL;
    size_t len = 0;
    PulStatus st = read_checked(chain, file, via, &buf, &len, err);
    if (st == PUL_OK) {
        st = read_manifest_text(buf, len, file, dir, folder, chain, m, err);
        mem_free(buf);
    }
    chain->n--;
    return st;
}

/* ------------------------------------------------------------------ build */

/* The tile set and theme the manifests named, read as they were checked. */
static PulStatus load_tileset(const Manifest *m, PulTileSet *ts, PulError *err) {
    char *buf;
    size_t len;
    PulStatus st = roots_read(&m->tiles, m->info.tiles_file, &buf, &len, err);
    if (st != PUL_OK) return st;
    st = pul_tileset_load_string(ts, buf, len, m->info.tiles_file, err);
    mem_free(buf);
    return st;
}

static PulTheme *load_theme(const Manifest *m, const PulTileSet *ts, PulError *err) {
    char *buf;
    size_t len;
    if (roots_read(&m->theme, m->info.theme_file, &buf, &len, err) != PUL_OK) return NULL;
    PulTheme *theme = pul_theme_load_string(buf, len, m->info.theme_file, ts, err);
    mem_free(buf);
    return theme;
}

/* Every seat count of players min to max has a play area on the board an
** ancestor named; else the error is at the players: that asked for it. */
static PulStatus seats_on_board(const Manifest *m, const PulBoard *b, int min, int max,
                                PulError *err) {
    char areas[64] = "";
    size_t o = 0;
    for (int s = 1; s <= PUL_MAX_SEATS && o < sizeof areas; s++)
        if (b->area_radius[s])
            o += (size_t)snprintf(areas + o, sizeof areas - o, "%s%d", o ? ", " : "", s);
    for (int s = min; s <= max; s++) {
        if (s < 1 || s > PUL_MAX_SEATS || b->area_radius[s]) continue;
        int k = s == min && m->players.line[1] ? 1 : m->players.line[2] ? 2 : 0;
        return err_setc(err, "out-of-range", m->players.file, m->players.line[k],
                        m->players.col[k],
                        "players are %d to %d, but the board %s has no play area for %d seats "
                        "(its areas are for %s seats); seat only those, or give the edition a "
                        "board of its own (board: board.yaml) with a play area for %d seats",
                        min, max, m->info.board_file, s, areas[0] ? areas : "no", s);
    }
    return PUL_OK;
}

/* The symbols, board and theme of a family that reads symbols (Genial): the
** board bound to the symbols and checked against the edition's seat counts,
** the theme bound to the symbols' names. */
static PulTheme *load_symbol_files(const Manifest *m, PulSymbolSet *ss, PulBoard *board,
                                   PulError *err) {
    char *buf;
    size_t len;
    PulStatus st = roots_read(&m->tiles, m->info.tiles_file, &buf, &len, err);
    if (st != PUL_OK) return NULL;
    st = pul_symbols_load_string(ss, buf, len, m->info.tiles_file, err);
    mem_free(buf);
    if (st != PUL_OK) return NULL;
    if (m->fam->files & FAMILY_FILE_BOARD) {
        int min, max;
        rules_players(m->fam->params, m->rules, &min, &max);
        bool players_later = m->players.level < m->board_level;
        if (roots_read(&m->board, m->info.board_file, &buf, &len, err) != PUL_OK) return NULL;
        st = board_read(board, buf, len, m->info.board_file, ss, min, players_later ? 0 : max,
                        err);
        mem_free(buf);
        if (st == PUL_OK && players_later) st = seats_on_board(m, board, min, max, err);
        if (st != PUL_OK) return NULL;
    }
    const char *names[PUL_GENIAL_MAX_SYMBOLS];
    for (int i = 0; i < ss->nsymbols; i++) names[i] = ss->symbol[i].name;
    if (roots_read(&m->theme, m->info.theme_file, &buf, &len, err) != PUL_OK) return NULL;
    PulTheme *theme = theme_load_named(buf, len, m->info.theme_file, ss->name, names,
                                       ss->nsymbols, m->fam->theme_parts, err);
    mem_free(buf);
    return theme;
}

static PulVariant *build(Manifest *m, PulError *err) {
    /* What the family reads: a tile set, or symbols and a board. */
    typedef struct {
        PulTileSet ts;
        PulSymbolSet ss;
        PulBoard board;
    } Files;
    Files *files = mem_calloc(1, sizeof *files);
    if (!files) {
        err_setc(err, "out-of-memory", NULL, 0, 0, "out of memory loading a variant");
        return NULL;
    }
    PulVariant *v = NULL;
    PulTheme *theme = NULL;
    const Family *fam = m->fam;
    FamilyData data = {0};
    if (fam->files & FAMILY_FILE_TILESET) {
        data.tiles = &files->ts;
        if (load_tileset(m, &files->ts, err) == PUL_OK) theme = load_theme(m, &files->ts, err);
    } else {
        data.symbols = &files->ss;
        if (fam->files & FAMILY_FILE_BOARD) data.board = &files->board;
        theme = load_symbol_files(m, &files->ss, &files->board, err);
    }
    if (theme && (v = fam->make(m->info.name, &data, m->rules, err)) != NULL) {
        variant_attach(v, &m->info, theme);
        theme = NULL;
        if (m->info.nscripts > 0) {
            const PulTileSet *ts = fam->files & FAMILY_FILE_TILESET ? &files->ts : NULL;
            ScriptProgram *prog = script_program_new_for(fam, &m->info, ts, err);
            if (prog) {
                variant_attach_program(v, prog, &script_ops, script_program_table(prog));
            } else {
                pul_variant_free(v);
                v = NULL;
            }
        }
    }
    pul_theme_free(theme);
    mem_free(files);
    return v;
}

static PulVariant *load(const char *text, size_t len, const char *file, const char *dir,
                        const char *folder, const char *search_dirs, PulError *err) {
    Manifest *m = mem_calloc(1, sizeof *m);
    Chain *chain = mem_calloc(1, sizeof *chain);
    PulVariant *v = NULL;
    if (!m || !chain) {
        err_setc(err, "out-of-memory", NULL, 0, 0, "out of memory loading a variant");
    } else {
        chain->search_dirs = search_dirs;
        PulStatus st = roots_init(&chain->roots, search_dirs, err);
        if (st == PUL_OK && text) {
            snprintf(chain->real[0], sizeof chain->real[0], "%s", file);
            roots_own(dir, chain->own[0]);
            chain->n = 1;
            st = read_manifest_text(text, len, file, dir, folder, chain, m, err);
        } else if (st == PUL_OK) {
            st = read_manifest(file, dir, folder, chain, m, (Via){NULL, NULL}, err);
        }
        if (st == PUL_OK) v = build(m, err);
        roots_free(&chain->roots);
    }
    if (v) err_clear(err);
    mem_free(m);
    mem_free(chain);
    return v;
}

PulVariant *variant_load_manifest(const char *file, const char *dir, const char *folder,
                                  const char *search_dirs, PulError *err) {
    return load(NULL, 0, file, dir, folder, search_dirs, err);
}

PulVariant *pul_variant_load_string(const char *text, size_t len, const char *source_name,
                                    const char *dir, const char *search_dirs, PulError *err) {
    if (!text || !dir) {
        err_setc(err, "bad-state", source_name, 0, 0,
                 "pul_variant_load_string needs the text and the folder its paths start from");
        return NULL;
    }
    return load(text, len, source_name ? source_name : "variant.yaml", dir, NULL, search_dirs,
                err);
}
