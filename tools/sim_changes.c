/*
** sim_changes.c: what differs between two variants of an A/B run, as the
** engine tells it through pul.h (no YAML read here): seats, rule
** parameters by name (as loaded, and as the setup hooks leave them in a
** game), the pieces as the family compares them (pul_variant_piece_changes),
** scripts and theme by file.
*/
#include <stdio.h>
#include <string.h>

#include "sim.h"

typedef struct {
    SimChange *out;
    int n, max;
} Changes;

static SimChange *add(Changes *c, const char *kind, const char *name) {
    if (c->n >= c->max) return NULL;
    SimChange *ch = &c->out[c->n++];
    memset(ch, 0, sizeof *ch);
    pul_text_copy(ch->kind, sizeof ch->kind, kind);
    pul_text_copy(ch->name, sizeof ch->name, name);
    return ch;
}

/* A parameter's value as variant.yaml writes it. */
static void param_text(const PulParamInfo *p, int value, char *buf, size_t size) {
    if (p->type == PUL_PARAM_BOOL)
        snprintf(buf, size, "%s", value ? "true" : "false");
    else if (p->type == PUL_PARAM_ENUM && p->words && value >= p->min && value <= p->max)
        snprintf(buf, size, "%s", p->words[value]);
    else
        snprintf(buf, size, "%d", value);
}

/* A variant's rule values by parameter: as it gives them, or as a game of it
** starts once its setup hook has run. */
enum { MAX_PARAMS = 256 };
typedef struct {
    const PulVariant *v;
    int n;
    int value[MAX_PARAMS];
} RuleValues;

static void variant_rules(const PulVariant *v, RuleValues *out) {
    out->v = v;
    out->n = pul_variant_nparams(v);
    if (out->n > MAX_PARAMS) out->n = MAX_PARAMS;
    for (int i = 0; i < out->n; i++) out->value[i] = pul_variant_rule(v, i);
}

/* false when a game of v cannot start. */
static bool setup_rules(const PulVariant *v, int seats, uint64_t seed, RuleValues *out) {
    PulGame *g = pul_game_new(v);
    if (!g) return false;
    PulError err;
    memset(&err, 0, sizeof err);
    bool ok = pul_game_start(g, seats, seed, NULL, 0, &err) == PUL_OK;
    out->v = v;
    out->n = ok ? pul_variant_nparams(v) : 0;
    if (out->n > MAX_PARAMS) out->n = MAX_PARAMS;
    for (int i = 0; i < out->n; i++) out->value[i] = pul_game_rule(g, i);
    pul_game_free(g);
    return ok;
}

static int param_find(const RuleValues *r, const char *name) {
    for (int i = 0; i < r->n; i++)
        if (strcmp(pul_variant_param(r->v, i)->name, name) == 0) return i;
    return -1;
}

/* The parameters whose values differ, by name (a parameter only one side
** has is a change too); at setup (skip_a, skip_b: the variants' own values)
** only what the hooks changed, not what the variants already say. */
static void rule_changes(Changes *c, const char *kind, const RuleValues *a, const RuleValues *b,
                         const RuleValues *skip_a, const RuleValues *skip_b) {
    for (int i = 0; i < a->n; i++) {
        const PulParamInfo *p = pul_variant_param(a->v, i);
        int j = param_find(b, p->name);
        if (j < 0 && skip_a) continue;
        int va = a->value[i], vb = j >= 0 ? b->value[j] : 0;
        if (j >= 0 && va == vb) continue;
        if (skip_a && skip_a->value[i] == va && skip_b->value[j] == vb) continue;
        SimChange *ch = add(c, kind, p->name);
        if (!ch) return;
        param_text(p, va, ch->a, sizeof ch->a);
        if (j >= 0) param_text(pul_variant_param(b->v, j), vb, ch->b, sizeof ch->b);
    }
    for (int j = 0; !skip_a && j < b->n; j++) {
        const PulParamInfo *p = pul_variant_param(b->v, j);
        if (param_find(a, p->name) >= 0) continue;
        SimChange *ch = add(c, kind, p->name);
        if (!ch) return;
        param_text(p, b->value[j], ch->b, sizeof ch->b);
    }
}

/* The pieces that differ, as the family says them. */
static void piece_changes(Changes *c, const PulVariant *a, const PulVariant *b) {
    PulPieceChange pc[SIM_MAX_CHANGES];
    int n = pul_variant_piece_changes(a, b, pc, SIM_MAX_CHANGES);
    for (int i = 0; i < n && c->n < c->max; i++) c->out[c->n++] = pc[i];
}

/* The file's folder and name: enough to tell editions apart, short to read. */
static const char *short_path(const char *path) {
    const char *last = strrchr(path, '/');
    if (!last) return path;
    const char *p = last;
    while (p > path && p[-1] != '/') p--;
    return p;
}

static bool has_script(const PulVariantInfo *info, const char *path) {
    for (int k = 0; k < info->nscripts; k++)
        if (strcmp(info->script[k], path) == 0) return true;
    return false;
}

static void file_changes(Changes *c, const PulVariantInfo *a, const PulVariantInfo *b) {
    for (int k = 0; k < a->nscripts; k++) {
        if (has_script(b, a->script[k])) continue;
        SimChange *ch = add(c, "script", short_path(a->script[k]));
        if (!ch) return;
        pul_text_copy(ch->a, sizeof ch->a, short_path(a->script[k]));
    }
    for (int k = 0; k < b->nscripts; k++) {
        if (has_script(a, b->script[k])) continue;
        SimChange *ch = add(c, "script", short_path(b->script[k]));
        if (!ch) return;
        pul_text_copy(ch->b, sizeof ch->b, short_path(b->script[k]));
    }
    if (strcmp(a->theme_file, b->theme_file) != 0) {
        SimChange *ch = add(c, "theme", "");
        if (!ch) return;
        pul_text_copy(ch->a, sizeof ch->a, a->theme_file[0] ? short_path(a->theme_file) : "none");
        pul_text_copy(ch->b, sizeof ch->b, b->theme_file[0] ? short_path(b->theme_file) : "none");
    }
}

int sim_changes(const PulVariant *a, int seats_a, const PulVariant *b, int seats_b,
                uint64_t seed, SimChange *out, int max) {
    Changes c = {out, 0, max};
    if (seats_a != seats_b) {
        SimChange *ch = add(&c, "seats", "");
        if (ch) {
            snprintf(ch->a, sizeof ch->a, "%d", seats_a);
            snprintf(ch->b, sizeof ch->b, "%d", seats_b);
        }
    }
    RuleValues ra, rb, ga, gb;
    variant_rules(a, &ra);
    variant_rules(b, &rb);
    rule_changes(&c, "rule", &ra, &rb, NULL, NULL);
    if (setup_rules(a, seats_a, seed, &ga) && setup_rules(b, seats_b, seed, &gb))
        rule_changes(&c, "rule at setup", &ga, &gb, &ra, &rb);
    piece_changes(&c, a, b);
    file_changes(&c, pul_variant_info(a), pul_variant_info(b));
    return c.n;
}
