/*
** bot.c: bots by spec ("mcts:iters=2000,c=0.7"): the kinds, the parsing
** of specs with did-you-mean help, and the calls every kind shares. A
** choice is a function of the observation and the bot's seed alone, so a
** bot gives the same action for the same observation whatever it saw before.
*/
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "mem.h"
#include "rng.h"
#include "suggest.h"

/* Digits with an optional sign, point and exponent: a number as people write it. */
static bool plain_decimal(const char *s) {
    bool digits = false;
    if (*s == '+' || *s == '-') s++;
    for (; *s >= '0' && *s <= '9'; s++) digits = true;
    if (*s == '.')
        for (s++; *s >= '0' && *s <= '9'; s++) digits = true;
    if (digits && (*s == 'e' || *s == 'E')) {
        s++;
        if (*s == '+' || *s == '-') s++;
        if (*s < '0' || *s > '9') return false;
        while (*s >= '0' && *s <= '9') s++;
    }
    return digits && *s == '\0';
}

static const BotKind *const kinds[] = {&bot_random_kind, &bot_greedy_kind, &bot_mcts_kind, NULL};

const BotKind *const *bot_kinds(void) { return kinds; }

/* Errors in a spec point at the spec text: "bot spec", line 1, the column. */
#define SPEC_SOURCE "bot spec"

static const BotKind *find_kind(const char *name, size_t len) {
    for (int i = 0; kinds[i]; i++)
        if (strlen(kinds[i]->name) == len && strncmp(kinds[i]->name, name, len) == 0)
            return kinds[i];
    return NULL;
}

static PulStatus unknown_kind(const char *name, size_t len, PulError *err) {
    const char *names[8];
    int n = 0;
    char list[128] = "";
    for (int i = 0; kinds[i]; i++) {
        names[n++] = kinds[i]->name;
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
                 kinds[i]->name);
    }
    const char *near = suggest_pick(name, len, names, n);
    if (near)
        return err_setc(err, "not-found", SPEC_SOURCE, 1, 1,
                        "no bot is called '%.*s'; did you mean '%s'? (bots: %s)", (int)len, name,
                        near, list);
    return err_setc(err, "not-found", SPEC_SOURCE, 1, 1, "no bot is called '%.*s' (bots: %s)",
                    (int)len, name, list);
}

static int find_option(const BotKind *k, const char *key, size_t len) {
    for (int i = 0; i < k->noptions; i++)
        if (strlen(k->options[i].key) == len && strncmp(k->options[i].key, key, len) == 0)
            return i;
    return -1;
}

static PulStatus unknown_option(const BotKind *k, const char *key, size_t len, int col,
                                PulError *err) {
    const char *names[BOT_MAX_OPTIONS];
    char list[160] = "";
    for (int i = 0; i < k->noptions; i++) {
        names[i] = k->options[i].key;
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
                 k->options[i].key);
    }
    if (k->noptions == 0)
        return err_setc(err, "unknown-key", SPEC_SOURCE, 1, col,
                        "bot '%s' takes no options, but the spec gives '%.*s'", k->name,
                        (int)len, key);
    const char *near = suggest_pick(key, len, names, k->noptions);
    return err_setc(err, "unknown-key", SPEC_SOURCE, 1, col,
                    "bot '%s' has no option '%.*s'%s%s%s (options: %s)", k->name, (int)len, key,
                    near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "", list);
}

/* Read one option's value text into b->opt[i]. */
static PulStatus read_value(PulBot *b, int i, const char *text, size_t len, int col,
                            PulError *err) {
    const BotOption *o = &b->kind->options[i];
    char buf[64];
    if (len == 0 || len >= sizeof buf)
        return err_setc(err, "bad-value", SPEC_SOURCE, 1, col, "option '%s' needs a value: %s=%s",
                        o->key, o->key, o->type == BOT_OPT_WORD ? o->words[0] : "NUMBER");
    memcpy(buf, text, len);
    buf[len] = 0;
    if (o->type == BOT_OPT_WORD) {
        int n = 0;
        char list[128] = "";
        for (; o->words[n]; n++) {
            if (strcmp(o->words[n], buf) == 0) {
                b->opt[i] = n;
                return PUL_OK;
            }
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", n ? ", " : "",
                     o->words[n]);
        }
        const char *near = suggest_pick(buf, len, o->words, n);
        return err_setc(err, "bad-value", SPEC_SOURCE, 1, col,
                        "option '%s' of bot '%s' cannot be '%s'%s%s%s (one of: %s)", o->key,
                        b->kind->name, buf, near ? "; did you mean '" : "", near ? near : "",
                        near ? "'?" : "", list);
    }
    char *end;
    errno = 0;
    double x = strtod(buf, &end);
    bool whole = o->type == BOT_OPT_INT;
    /* strtod also reads hex, blanks before the number, and rounds a value too
    ** small for a double to 0: "time=1e-400" would silently mean no time. */
    bool range = errno == ERANGE;
    if (!plain_decimal(buf) || *end || (!range && (!isfinite(x) || (whole && x != floor(x)))))
        return err_setc(err, "bad-value", SPEC_SOURCE, 1, col,
                        "option '%s' of bot '%s' needs %s, not '%s'", o->key, b->kind->name,
                        whole ? "a whole number" : "a number", buf);
    if (range)
        return err_setc(err, "out-of-range", SPEC_SOURCE, 1, col,
                        "option '%s' of bot '%s' is %s, too %s for a number pul holds; it must "
                        "be from %g to %g", o->key, b->kind->name, buf,
                        fabs(x) < 1 ? "close to 0" : "large", o->min, o->max);
    if (x < o->min || x > o->max)
        return err_setc(err, "out-of-range", SPEC_SOURCE, 1, col,
                        "option '%s' of bot '%s' is %s; it must be from %g to %g", o->key,
                        b->kind->name, buf, o->min, o->max);
    b->opt[i] = x;
    return PUL_OK;
}

PulStatus bot_option_check(const BotKind *k, int i, const char *value, PulError *err) {
    PulBot scratch;
    memset(&scratch, 0, sizeof scratch);
    scratch.kind = k;
    return read_value(&scratch, i, value, strlen(value), 1, err);
}

/* The defaults the edition sets for b's kind (PulVariantInfo.bots, one
** "kind:key=value,..." a line, each value checked when the edition loaded):
** they replace the kind's own and, like a spec's, show in the full spec. */
static PulStatus edition_defaults(PulBot *b, PulError *err) {
    const PulVariantInfo *info = pul_variant_info(b->v);
    size_t nlen = strlen(b->kind->name);
    for (const char *line = info->bots; *line;) {
        const char *end = strchr(line, '\n');
        if (!end) end = line + strlen(line);
        if ((size_t)(end - line) > nlen && line[nlen] == ':' &&
            strncmp(line, b->kind->name, nlen) == 0) {
            for (const char *p = line + nlen + 1; p < end;) {
                const char *comma = memchr(p, ',', (size_t)(end - p));
                const char *stop = comma ? comma : end;
                const char *eq = memchr(p, '=', (size_t)(stop - p));
                int i = eq ? find_option(b->kind, p, (size_t)(eq - p)) : -1;
                if (i < 0 || read_value(b, i, eq + 1, (size_t)(stop - eq - 1), 1, err) != PUL_OK)
                    return err_setc(err, "bad-value", info->file[0] ? info->file : NULL, 0, 0,
                                    "edition %s sets a default bot '%s' does not take: '%.*s'; "
                                    "correct its bots: (see pul help bots)",
                                    info->name, b->kind->name, (int)(stop - p), p);
                b->given[i] = true;
                p = comma ? comma + 1 : end;
            }
        }
        line = *end ? end + 1 : end;
    }
    return PUL_OK;
}

/* "name" or "name:key=value,key=value": the kind's defaults, then the
** edition's, then the spec's own values. */
static PulStatus parse_spec(PulBot *b, const char *spec, PulError *err) {
    size_t total = strlen(spec);
    if (total >= BOT_SPEC_MAX - 64)
        return err_setc(err, "too-long", SPEC_SOURCE, 1, 1,
                        "the bot spec is %zu characters long; at most %d are allowed", total,
                        BOT_SPEC_MAX - 65);
    const char *colon = strchr(spec, ':');
    size_t nlen = colon ? (size_t)(colon - spec) : total;
    b->kind = find_kind(spec, nlen);
    if (!b->kind) return unknown_kind(spec, nlen, err);
    for (int i = 0; i < b->kind->noptions; i++) b->opt[i] = b->kind->options[i].def;
    PulStatus set = edition_defaults(b, err);
    if (set != PUL_OK || !colon) return set;
    bool seen[BOT_MAX_OPTIONS] = {false};
    const char *p = colon + 1;
    if (!*p)
        return err_setc(err, "bad-value", SPEC_SOURCE, 1, (int)(p - spec) + 1,
                        "nothing follows ':' in the bot spec; write %s:key=value or just %s",
                        b->kind->name, b->kind->name);
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t ilen = comma ? (size_t)(comma - p) : strlen(p);
        const char *eq = memchr(p, '=', ilen);
        size_t klen = eq ? (size_t)(eq - p) : ilen;
        int col = (int)(p - spec) + 1;
        int i = find_option(b->kind, p, klen);
        if (i < 0) return unknown_option(b->kind, p, klen, col, err);
        if (seen[i])
            return err_setc(err, "duplicate-key", SPEC_SOURCE, 1, col,
                            "option '%s' is given twice in the bot spec; keep one",
                            b->kind->options[i].key);
        if (!eq)
            return err_setc(err, "bad-value", SPEC_SOURCE, 1, col + (int)klen,
                            "option '%s' needs a value: write %s=VALUE", b->kind->options[i].key,
                            b->kind->options[i].key);
        PulStatus st = read_value(b, i, eq + 1, ilen - klen - 1, col + (int)klen + 1, err);
        if (st != PUL_OK) return st;
        seen[i] = b->given[i] = true;
        p += ilen;
        if (*p == ',') {
            p++;
            if (!*p)
                return err_setc(err, "bad-value", SPEC_SOURCE, 1, (int)(p - spec),
                                "the bot spec ends with ','; remove it or add an option");
        }
    }
    return PUL_OK;
}

/* The spec in full: every option with its value, defaults filled in. */
static void format_spec(PulBot *b) {
    const BotKind *k = b->kind;
    size_t n = (size_t)snprintf(b->spec, sizeof b->spec, "%s", k->name);
    bool first = true;
    for (int i = 0; i < k->noptions && n < sizeof b->spec; i++) {
        const BotOption *o = &k->options[i];
        if (o->optional && !b->given[i]) continue;
        const char *sep = first ? ":" : ",";
        first = false;
        if (o->type == BOT_OPT_WORD)
            n += (size_t)snprintf(b->spec + n, sizeof b->spec - n, "%s%s=%s", sep, o->key,
                                  o->words[(int)b->opt[i]]);
        else if (o->type == BOT_OPT_INT)
            n += (size_t)snprintf(b->spec + n, sizeof b->spec - n, "%s%s=%.0f", sep, o->key,
                                  b->opt[i]);
        else
            n += (size_t)snprintf(b->spec + n, sizeof b->spec - n, "%s%s=%g", sep, o->key,
                                  b->opt[i]);
    }
}

PulBot *pul_bot_new(const PulVariant *v, const char *spec, uint64_t seed, PulError *err) {
    if (!v || !spec) {
        err_setc(err, "bad-state", NULL, 0, 0, "pul_bot_new needs a variant and a spec");
        return NULL;
    }
    PulBot tmp;
    memset(&tmp, 0, sizeof tmp);
    tmp.v = v;
    tmp.seed = seed;
    if (parse_spec(&tmp, spec, err) != PUL_OK) return NULL;
    format_spec(&tmp);
    PulBot *b = mem_alloc(sizeof *b);
    PulGame *det = pul_game_new(v);
    size_t memo_size = pul_observation_memo_size(v);
    void *memo = memo_size ? mem_calloc(1, memo_size) : NULL;
    if (!b || !det || (memo_size && !memo)) {
        mem_free(b);
        mem_free(memo);
        pul_game_free(det);
        err_setc(err, "out-of-memory", NULL, 0, 0, "no memory for bot '%s'", spec);
        return NULL;
    }
    *b = tmp;
    b->det = det;
    b->memo = memo;
    err_clear(err);
    return b;
}

/* b's own det and memo freed, or its share of the shared ones given up. */
static void drop_det(PulBot *b) {
    if (b->shared) {
        BotShared *sh = b->shared;
        if (--sh->refs == 0) {
            pul_game_free(sh->det);
            mem_free(sh->memo);
            mem_free(sh);
        }
    } else {
        pul_game_free(b->det);
        mem_free(b->memo);
    }
    b->shared = NULL;
    b->det = NULL;
    b->memo = NULL;
}

void pul_bot_free(PulBot *b) {
    if (!b) return;
    if (b->kind->free_state) b->kind->free_state(b);
    drop_det(b);
    mem_free(b);
}

/* Kinds whose choice rebuilds det from the observation alone, each the same
** way whatever det held: the random one through the memo (the bots sharing
** det share it too, so it always describes det), the greedy one by comparing
** det's board with the observation's. */
static bool rebuilds_det(const BotKind *k) { return k == &bot_random_kind || k == &bot_greedy_kind; }

bool pul_bot_share_game(PulBot *b, PulBot *with) {
    if (!b || !with) return false;
    if (b->shared && b->shared == with->shared) return true;
    if (b == with || b->v != with->v || b->kind != with->kind || !rebuilds_det(b->kind) ||
        !with->det)
        return false;
    if (!with->shared) {
        BotShared *sh = mem_alloc(sizeof *sh);
        if (!sh) return false;
        sh->refs = 1;
        sh->det = with->det;
        sh->memo = with->memo;
        with->shared = sh;
    }
    drop_det(b);
    b->shared = with->shared;
    b->shared->refs++;
    b->det = b->shared->det;
    b->memo = b->shared->memo;
    return true;
}

/* A choice depends on the observation and the seed alone (above), so a new
** seed is all a bot made again would differ by. */
void pul_bot_reseed(PulBot *b, uint64_t seed) { b->seed = seed; }

const char *pul_bot_spec(const PulBot *b) { return b->spec; }

long pul_bot_iterations(const PulBot *b) { return b->iterations; }

/* err as err_clear leaves it for every reader (no status, code, place or
** message), written only when it is not already so: a choice succeeds at
** every move of a game, and clearing the whole error each time cost a
** random choice as much as the checks of its observation. */
static void clear_error(PulError *err) {
    if (err && (err->status != PUL_OK || err->code[0] || err->file[0] || err->line ||
                err->column || err->message[0]))
        err_clear(err);
}

/* The random bot's seed for a choice: the turn count and the seat, the
** same whether they are read off the observation or the game. */
static void random_seed(const PulBot *b, PulRng *rng, int turns, int seat) {
    pul_rng_seed(rng, b->seed ^ ((uint64_t)turns * PUL_MAX_SEATS + (uint64_t)seat));
}

/* Whether a kind may apply actions on its determinization (det): any
** kind but those known not to. */
static bool applies_on_det(const BotKind *k) {
    return k != &bot_random_kind && k != &bot_greedy_kind;
}

PulStatus pul_bot_choose(PulBot *b, const PulObservation *obs, PulAction *out, PulError *err) {
    b->iterations = 0;
    if (obs->nseats < 1 || obs->nseats > PUL_MAX_SEATS || obs->seat < 0 ||
        obs->seat >= obs->nseats)
        return err_setc(err, "bad-value", NULL, 0, 0,
                        "the observation names seat %d of %d; it is not one of a game", obs->seat,
                        obs->nseats);
    if (obs->over)
        return err_setc(err, "bad-state", NULL, 0, 0, "the game is over: there is nothing to play");
    if (obs->seat != obs->to_move)
        return err_setc(err, "bad-state", NULL, 0, 0,
                        "the observation is seat %d's, but seat %d is to move; a bot plays "
                        "only for the seat to move",
                        obs->seat + 1, obs->to_move + 1);
    if (!b->det) {
        if (!(b->det = pul_game_new(b->v)))
            return err_setc(err, "out-of-memory", NULL, 0, 0, "no memory for bot '%s'", b->spec);
        if (b->memo) memset(b->memo, 0, pul_observation_memo_size(b->v)); /* of the det freed */
    }
    PulRng rng;
    /* The random bot's choice draws from its generator alone, and any seed
    ** that changes from move to move keeps it uniform: the turn count and the
    ** seat (spread by the generator's seeding) spare it hashing the whole
    ** observation at every move. */
    if (b->kind == &bot_random_kind)
        random_seed(b, &rng, obs->turns, obs->seat);
    else
        pul_rng_seed(&rng, b->seed ^ pul_observation_hash(b->v, obs));
    PulStatus st = b->kind->choose(b, obs, &rng, out, err);
    if (pul_variant_has_scripts(b->v)) {
        /* Each game object a choice applies on has a Lua state of its own,
        ** which a hostile script can fill to its cap: the bot keeps none
        ** between its choices, so a thread holds at most its game's and
        ** the deciding bot's. Made again when the next choice needs them.
        ** The random and greedy bots never apply on det in an edition with
        ** scripts (the greedy one copies it into its own game there): it
        ** keeps no state and is kept (and may be shared, pul_bot_share_game). */
        if (applies_on_det(b->kind)) {
            pul_game_free(b->det);
            b->det = NULL;
        }
        if (b->kind->drop_games) b->kind->drop_games(b);
    }
    if (st == PUL_OK) clear_error(err);
    return st;
}

/* The random bot draws uniformly from the legal actions of the seat to move,
** through pul_random_action, and those are the same in every game consistent
** with what the seat sees (bot_random.c): on g itself, with the generator
** pul_bot_choose would seed, it draws what it draws on the determinization of
** the seat's observation, and it reads g only as the family's random action
** reads it (const, nothing hidden chosen on). The test bot_choose_game_test
** holds the two paths equal over every shipped edition. The greedy bot and
** MCTS read the position after an action, where hidden tiles are drawn, and
** seed from the observation's hash: they keep the observation path. */
PulStatus pul_bot_choose_game(PulBot *b, const PulGame *g, PulObservation *scratch,
                              PulAction *out, PulError *err) {
    int seat = pul_game_to_move(g);
    if (b->kind != &bot_random_kind) {
        pul_observe_update(g, seat, scratch);
        return pul_bot_choose(b, scratch, out, err);
    }
    b->iterations = 0;
    if (pul_game_over(g))
        return err_setc(err, "bad-state", NULL, 0, 0, "the game is over: there is nothing to play");
    PulRng rng;
    random_seed(b, &rng, pul_game_turns(g), seat);
    if (!pul_random_action(g, &rng, out))
        return err_setc(err, "bad-state", NULL, 0, 0, "seat %d has no legal action", seat + 1);
    clear_error(err);
    return PUL_OK;
}

/* ------------------------------------------------------------------ help */

int pul_bot_help(char *buf, size_t size) {
    size_t o = 0;
#define PUT(...)                                                                   \
    do {                                                                           \
        int n_ = snprintf(buf ? buf + (o < size ? o : size) : NULL,                \
                          buf && o < size ? size - o : 0, __VA_ARGS__);            \
        if (n_ > 0) o += (size_t)n_;                                               \
    } while (0)
    PUT("A bot is written NAME or NAME:KEY=VALUE,KEY=VALUE. Bots:\n");
    /* The table's defaults are pul's own; an edition may set others. */
    for (const BotKind *const *k = bot_kinds(); *k; k++) {
        PUT("  %-8s %s\n", (*k)->name, (*k)->help);
        for (int i = 0; i < (*k)->noptions; i++) {
            const BotOption *opt = &(*k)->options[i];
            char def[48];
            if (opt->type == BOT_OPT_WORD)
                snprintf(def, sizeof def, "%s", opt->words[(int)opt->def]);
            else if (opt->optional && opt->type == BOT_OPT_REAL && opt->def == 0)
                snprintf(def, sizeof def, "none"); /* time: no budget of its own */
            else
                snprintf(def, sizeof def, "%g", opt->def);
            PUT("    %-8s %s (default %s)\n", opt->key, opt->help, def);
        }
    }
    PUT("An edition may give its bots other defaults (bots: in its variant.yaml,\n"
        "variants/README.md); a spec's own values override them.\n");
#undef PUT
    return (int)o;
}
