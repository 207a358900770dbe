/*
** variant.c: the part of a variant every family shares: making and freeing
** one of a family's size, what its manifest said, its theme, titles and
** scripts' program; and what a variant's family says through its table:
** seats, rule parameters, move text, the lab's figures.
*/
#include <stdalign.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "mem.h"

PulVariant *variant_alloc(const Family *fam, const char *name, PulError *err) {
    PulVariant *v = mem_alloc(fam->variant_size);
    if (!v) {
        err_set(err, PUL_ERR_MEMORY, NULL, 0, 0, "out of memory building variant '%s'", name);
        return NULL;
    }
    memset(v, 0, fam->variant_size);
    snprintf(v->name, sizeof v->name, "%s", name);
    snprintf(v->info.name, sizeof v->info.name, "%.*s", PUL_NAME_MAX - 1, v->name);
    for (int l = 0; l < PUL_NLANGS; l++)
        snprintf(v->info.title[l], sizeof v->info.title[l], "%s", v->info.name);
    v->fam = fam;
    return v;
}

void pul_variant_free(PulVariant *v) {
    if (!v) return;
    pul_theme_free(v->theme);
    if (v->program) v->script_ops->program_free(v->program);
    mem_free(v);
}

void variant_attach_program(PulVariant *v, void *program, const ScriptOps *ops,
                            const void *hooks) {
    if (v->program) v->script_ops->program_free(v->program);
    v->program = program;
    v->script_ops = ops;
    v->hooks = hooks;
}

bool pul_variant_has_scripts(const PulVariant *v) { return v->program != NULL; }

void variant_attach(PulVariant *v, const PulVariantInfo *info, PulTheme *theme) {
    v->info = *info;
    pul_theme_free(v->theme);
    v->theme = theme;
}

const PulVariantInfo *pul_variant_info(const PulVariant *v) { return &v->info; }
const PulTheme *pul_variant_theme(const PulVariant *v) { return v->theme; }

const char *pul_variant_title(const PulVariant *v, int lang) {
    if (lang < 0 || lang >= PUL_NLANGS) lang = PUL_LANG_EN;
    return v->info.title[lang][0] ? v->info.title[lang] : v->info.title[PUL_LANG_EN];
}

const char *pul_variant_name(const PulVariant *v) { return v->name; }
const char *pul_variant_family(const PulVariant *v) { return v->fam->name; }

void pul_variant_players(const PulVariant *v, int *min, int *max) {
    v->fam->players(v, min, max);
}
int pul_variant_nparams(const PulVariant *v) { return v->fam->params->n; }
const PulParamInfo *pul_variant_param(const PulVariant *v, int i) {
    return v->fam->params->param(i);
}
int pul_variant_rule(const PulVariant *v, int i) {
    const FamilyParams *p = v->fam->params;
    return p->get((const char *)v + p->in_variant, i);
}
/* The family's base rules, what an edition differs from: made on the stack,
** in a buffer every family's rules struct fits (asserted). */
int pul_variant_rule_default(const PulVariant *v, int i) {
    const FamilyParams *p = v->fam->params;
    alignas(max_align_t) unsigned char base[FAMILY_RULES_MAX];
    PUL_ASSERT(p->size <= sizeof base);
    p->defaults(base);
    return p->get(base, i);
}

bool pul_action_parse(const PulVariant *v, const char *text, PulAction *out) {
    return v->fam->action_parse(v, text, out);
}
int pul_action_format(const PulVariant *v, const PulAction *a, char *buf, size_t size) {
    return v->fam->action_format(v, a, buf, size);
}

int pul_variant_metrics(const PulVariant *v, const PulMetricInfo **out) {
    *out = v->fam->metrics;
    return v->fam->nmetrics;
}

int pul_variant_feature(const PulVariant *v, int f, const char **name, int *cls) {
    return v->fam->feature(v, f, name, cls);
}

int pul_variant_piece_changes(const PulVariant *a, const PulVariant *b, PulPieceChange *out,
                              int max) {
    if (a->fam == b->fam) return a->fam->piece_changes(a, b, out, max);
    /* pieces of two families do not compare: the family is the change */
    if (max < 1) return 0;
    memset(out, 0, sizeof *out);
    snprintf(out->kind, sizeof out->kind, "family");
    snprintf(out->a, sizeof out->a, "%s", a->fam->name);
    snprintf(out->b, sizeof out->b, "%s", b->fam->name);
    return 1;
}
