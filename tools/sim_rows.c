/*
** sim_rows.c: the rows of `pul sim` written as JSON lines and CSV, and the
** JSON lines read back for `pul sim merge` by a small reader of just that.
*/
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sim.h"

/* ---------------------------------------------------------------- out */

static bool is_catalyst(const PulTileSet *ts, int f) {
    return ts->feature[f].cls == PUL_FEATURE_CATALYST;
}

static void write_bots(FILE *f, const char *const *bots, int n) {
    fputc('[', f);
    for (int s = 0; s < n; s++) {
        if (s) fputc(',', f);
        cli_json_string(f, bots[s]);
    }
    fputc(']', f);
}

void sim_header_write_json(FILE *f, const SimConfig *cfg) {
    fputs("{\"pul_sim\":1,\"variants\":[", f);
    for (int k = 0; k < cfg->nvariants; k++) {
        if (k) fputc(',', f);
        cli_json_string(f, cfg->variants[k]);
    }
    fprintf(f, "],\"seats\":%d,\"bots\":", cfg->seats);
    const char *bots[PUL_MAX_SEATS];
    for (int b = 0; b < cfg->nbots; b++) bots[b] = cfg->bots[b];
    write_bots(f, bots, cfg->nbots);
    fprintf(f, ",\"swap\":%s,\"games\":%llu,\"seed\":%llu,\"shard\":%d,\"nshards\":%d}\n",
            cfg->swap ? "true" : "false", (unsigned long long)cfg->games,
            (unsigned long long)cfg->seed, cfg->shard, cfg->nshards);
}

void sim_row_write_json(FILE *f, const SimRow *row, const char *variant_name,
                        const PulTileSet *ts, const char *const *bots) {
    fprintf(f, "{\"index\":%llu,\"seed\":%llu,\"variant\":", (unsigned long long)row->index,
            (unsigned long long)row->seed);
    cli_json_string(f, variant_name);
    fprintf(f, ",\"seats\":%d,\"bots\":", row->seats);
    write_bots(f, bots, row->seats);
    fputs(",\"scores\":[", f);
    for (int s = 0; s < row->seats; s++) fprintf(f, "%s%d", s ? "," : "", row->scores[s]);
    /* Seats are numbered from 1 here, as in PMN and the referee's output. */
    fputs("],\"winners\":[", f);
    for (int s = 0, n = 0; s < row->seats; s++)
        if (row->winners >> s & 1) fprintf(f, "%s%d", n++ ? "," : "", s + 1);
    fputs("],\"end_reason\":", f);
    cli_json_string(f, pul_end_reason_code(row->end_reason));
    fputs(",\"loser\":", f);
    if (row->loser >= 0)
        fprintf(f, "%d", row->loser + 1);
    else
        fputs("null", f);
    fprintf(f,
            ",\"turns\":%d,\"placements\":%d,\"takes\":%d,\"claims\":%d,\"passes\":%d,"
            "\"draws\":%d,\"extra_turns\":%d,\"activations\":{",
            row->turns, row->placements, row->takes, row->claims, row->passes, row->draws,
            row->extra_turns);
    for (int k = 0, n = 0; k < ts->nfeatures; k++) {
        if (!is_catalyst(ts, k)) continue;
        if (n++) fputc(',', f);
        cli_json_string(f, ts->feature[k].name);
        fprintf(f, ":%d", row->activations[k]);
    }
    fprintf(f, "},\"closed_groups\":%d,\"closed_sizes\":[", row->closed_groups);
    int last = SIM_MAX_GROUP;
    while (last > 0 && row->closed_sizes[last] == 0) last--;
    for (int k = 0; k <= last; k++) fprintf(f, "%s%d", k ? "," : "", row->closed_sizes[k]);
    fprintf(f, "],\"tiles_left\":%d}\n", row->tiles_left);
}

void sim_csv_layout(SimCsvLayout *l, int nvariants, const PulTileSet *const *ts, int max_seats) {
    memset(l, 0, sizeof *l);
    l->max_seats = max_seats;
    for (int v = 0; v < nvariants; v++) {
        for (int f = 0; f < PUL_MAX_FEATURES; f++) l->column[v][f] = -1;
        for (int f = 0; f < ts[v]->nfeatures; f++) {
            if (!is_catalyst(ts[v], f)) continue;
            int c = 0;
            while (c < l->ncatalysts && strcmp(l->catalyst[c], ts[v]->feature[f].name) != 0) c++;
            if (c == l->ncatalysts)
                snprintf(l->catalyst[l->ncatalysts++], PUL_NAME_MAX, "%s", ts[v]->feature[f].name);
            l->column[v][f] = c;
        }
    }
}

/* A CSV field, quoted when it holds a comma, quote or line break. */
static void csv_text(FILE *f, const char *s) {
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

void sim_row_write_csv_header(FILE *f, const SimCsvLayout *l) {
    fputs("index,seed,variant,seats", f);
    for (int s = 1; s <= l->max_seats; s++) fprintf(f, ",bot%d", s);
    for (int s = 1; s <= l->max_seats; s++) fprintf(f, ",score%d", s);
    fputs(",winners,end_reason,loser,turns,placements,takes,claims,passes,draws,extra_turns", f);
    for (int c = 0; c < l->ncatalysts; c++) {
        fputs(",", f);
        char name[PUL_NAME_MAX + 16];
        snprintf(name, sizeof name, "activations_%s", l->catalyst[c]);
        csv_text(f, name);
    }
    fputs(",closed_groups,closed_sizes,tiles_left\n", f);
}

void sim_row_write_csv(FILE *f, const SimRow *row, const char *variant_name,
                       const char *const *bots, const SimCsvLayout *l) {
    fprintf(f, "%llu,%llu,", (unsigned long long)row->index, (unsigned long long)row->seed);
    csv_text(f, variant_name);
    fprintf(f, ",%d", row->seats);
    for (int s = 0; s < l->max_seats; s++) {
        fputc(',', f);
        if (s < row->seats) csv_text(f, bots[s]);
    }
    for (int s = 0; s < l->max_seats; s++) {
        if (s < row->seats)
            fprintf(f, ",%d", row->scores[s]);
        else
            fputc(',', f);
    }
    /* Several winners (a tie) as "1 2", sizes as "size:count" pairs: one field each. */
    fputc(',', f);
    for (int s = 0, n = 0; s < row->seats; s++)
        if (row->winners >> s & 1) fprintf(f, "%s%d", n++ ? " " : "", s + 1);
    fprintf(f, ",%s,", pul_end_reason_code(row->end_reason));
    if (row->loser >= 0) fprintf(f, "%d", row->loser + 1);
    fprintf(f, ",%d,%d,%d,%d,%d,%d,%d", row->turns, row->placements, row->takes, row->claims,
            row->passes, row->draws, row->extra_turns);
    int counts[SIM_MAX_VARIANTS * PUL_MAX_FEATURES] = {0};
    for (int k = 0; k < PUL_MAX_FEATURES; k++)
        if (l->column[row->variant][k] >= 0) counts[l->column[row->variant][k]] = row->activations[k];
    for (int c = 0; c < l->ncatalysts; c++) fprintf(f, ",%d", counts[c]);
    fprintf(f, ",%d,", row->closed_groups);
    for (int k = 0, n = 0; k <= SIM_MAX_GROUP; k++)
        if (row->closed_sizes[k]) fprintf(f, "%s%d:%d", n++ ? " " : "", k, row->closed_sizes[k]);
    fprintf(f, ",%d\n", row->tiles_left);
}

/* ----------------------------------------------------------------- in */

/* A cursor over one line of JSON, reading only the shapes rows.jsonl has:
** objects, arrays, strings, whole numbers, true, false and null. */
typedef struct {
    const char *p;
    char *why;
    size_t size;
    bool failed;
} JsonIn;

static bool jfail(JsonIn *j, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static bool jfail(JsonIn *j, const char *fmt, ...) {
    if (j->failed) return false;
    j->failed = true;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(j->why, j->size, fmt, ap);
    va_end(ap);
    return false;
}

static void jspace(JsonIn *j) {
    while (*j->p == ' ' || *j->p == '\t' || *j->p == '\r' || *j->p == '\n') j->p++;
}

/* The next character is c: consumed, or false. */
static bool jeat(JsonIn *j, char c) {
    jspace(j);
    if (*j->p != c) return false;
    j->p++;
    return true;
}

static bool jexpect(JsonIn *j, char c, const char *what) {
    if (jeat(j, c)) return true;
    return jfail(j, "expected '%c' %s", c, what);
}

static bool jstring(JsonIn *j, char *out, size_t size) {
    if (!jexpect(j, '"', "to open a text")) return false;
    size_t n = 0;
    while (*j->p != '"') {
        char c = *j->p++;
        if (c == '\0') return jfail(j, "a text is not closed");
        if (c == '\\') {
            char e = *j->p++;
            switch (e) {
            case '"': case '\\': case '/': c = e; break;
            case 'n': c = '\n'; break;
            case 'r': c = '\r'; break;
            case 't': c = '\t'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'u': {
                /* cli_json_string escapes only control characters this way. */
                unsigned v = 0;
                for (int k = 0; k < 4; k++) {
                    char h = *j->p++;
                    v = v * 16 + (unsigned)(h >= '0' && h <= '9'   ? h - '0'
                                            : h >= 'a' && h <= 'f' ? h - 'a' + 10
                                            : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                                   : 99);
                    if (v > 0xffff) return jfail(j, "a \\u escape is not four hex digits");
                }
                if (v > 0x7f) return jfail(j, "a \\u escape beyond ASCII");
                c = (char)v;
                break;
            }
            default: return jfail(j, "unknown escape \\%c in a text", e);
            }
        }
        if (n + 1 >= size) return jfail(j, "a text longer than %zu bytes", size - 1);
        out[n++] = c;
    }
    j->p++;
    out[n] = '\0';
    return true;
}

/* A whole number as sign and magnitude; the callers check the range. */
static bool jnumber(JsonIn *j, unsigned long long *mag, bool *neg) {
    jspace(j);
    *neg = *j->p == '-';
    if (*neg) j->p++;
    if (*j->p < '0' || *j->p > '9') return jfail(j, "expected a whole number");
    unsigned long long v = 0;
    while (*j->p >= '0' && *j->p <= '9') {
        unsigned d = (unsigned)(*j->p++ - '0');
        if (v > (UINT64_MAX - d) / 10) return jfail(j, "a number too large");
        v = v * 10 + d;
    }
    if (*j->p == '.' || *j->p == 'e' || *j->p == 'E') return jfail(j, "expected a whole number");
    *mag = v;
    return true;
}

static bool jint(JsonIn *j, int min, int max, int *out) {
    unsigned long long mag;
    bool neg;
    if (!jnumber(j, &mag, &neg)) return false;
    if (mag > (unsigned long long)INT32_MAX) return jfail(j, "a number out of range %d..%d", min, max);
    long long v = neg ? -(long long)mag : (long long)mag;
    if (v < min || v > max) return jfail(j, "a number out of range %d..%d", min, max);
    *out = (int)v;
    return true;
}

static bool ju64(JsonIn *j, uint64_t *out) {
    unsigned long long mag;
    bool neg;
    if (!jnumber(j, &mag, &neg)) return false;
    if (neg && mag) return jfail(j, "a negative number where none may be");
    *out = mag;
    return true;
}

static bool jliteral(JsonIn *j, const char *word) {
    jspace(j);
    size_t n = strlen(word);
    if (strncmp(j->p, word, n) != 0) return false;
    j->p += n;
    return true;
}

static bool jbool(JsonIn *j, bool *out) {
    if (jliteral(j, "true")) return *out = true;
    if (jliteral(j, "false")) return !(*out = false);
    return jfail(j, "expected true or false");
}

/* An array of whole numbers; returns the count, or -1. */
static int jint_array(JsonIn *j, int *out, int max, int min_value, int max_value) {
    if (!jexpect(j, '[', "to open a list")) return -1;
    int n = 0;
    if (jeat(j, ']')) return 0;
    do {
        if (n == max) return jfail(j, "a list longer than %d", max), -1;
        if (!jint(j, min_value, max_value, &out[n++])) return -1;
    } while (jeat(j, ','));
    return jexpect(j, ']', "to close a list") ? n : -1;
}

static int jstring_array(JsonIn *j, char (*out)[SIM_SPEC_MAX], int max) {
    if (!jexpect(j, '[', "to open a list")) return -1;
    int n = 0;
    if (jeat(j, ']')) return 0;
    do {
        if (n == max) return jfail(j, "a list longer than %d", max), -1;
        if (!jstring(j, out[n++], SIM_SPEC_MAX)) return -1;
    } while (jeat(j, ','));
    return jexpect(j, ']', "to close a list") ? n : -1;
}

/* Keys of an object, one by one: false at its end or on an error. */
static bool jnext_key(JsonIn *j, bool *first, char *key, size_t size) {
    if (j->failed) return false;
    if (*first) {
        *first = false;
        if (!jexpect(j, '{', "to open an object")) return false;
        if (jeat(j, '}')) return false;
    } else {
        if (jeat(j, '}')) return false;
        if (!jexpect(j, ',', "between the fields of an object")) return false;
    }
    return jstring(j, key, size) && jexpect(j, ':', "after a field name");
}

static bool jend(JsonIn *j) {
    if (j->failed) return false;
    jspace(j);
    return *j->p == '\0' || jfail(j, "text after the end of the object");
}

/* Which of the expected keys have been seen, to name the first one missing. */
static bool jall_seen(JsonIn *j, const char *const *keys, const bool *seen, int n) {
    if (j->failed) return false;
    for (int k = 0; k < n; k++)
        if (!seen[k]) return jfail(j, "the field \"%s\" is missing", keys[k]);
    return true;
}

static int key_index(const char *const *keys, int n, const char *key) {
    for (int k = 0; k < n; k++)
        if (strcmp(keys[k], key) == 0) return k;
    return -1;
}

bool sim_header_parse(const char *line, SimConfig *cfg, char *why, size_t size) {
    static const char *const keys[] = {"pul_sim", "variants", "seats", "bots", "swap",
                                       "games",   "seed",     "shard", "nshards"};
    enum { K_VERSION, K_VARIANTS, K_SEATS, K_BOTS, K_SWAP, K_GAMES, K_SEED, K_SHARD, K_NSHARDS, NK };
    JsonIn j = {line, why, size, false};
    bool seen[NK] = {false}, first = true;
    char key[64];
    int version = 0;
    memset(cfg, 0, sizeof *cfg);
    while (jnext_key(&j, &first, key, sizeof key)) {
        int k = key_index(keys, NK, key);
        if (k < 0) return jfail(&j, "unknown field \"%s\" in the header", key);
        if (seen[k]) return jfail(&j, "the field \"%s\" twice", key);
        seen[k] = true;
        switch (k) {
        case K_VERSION:
            if (jint(&j, 0, 1000, &version) && version != 1)
                jfail(&j, "written by a newer pul (format %d)", version);
            break;
        case K_VARIANTS: {
            char names[SIM_MAX_VARIANTS][SIM_SPEC_MAX];
            cfg->nvariants = jstring_array(&j, names, SIM_MAX_VARIANTS);
            for (int v = 0; v < cfg->nvariants; v++) {
                size_t len = strlen(names[v]);
                if (len >= SIM_NAME_MAX) return jfail(&j, "a variant name longer than %d bytes",
                                                      SIM_NAME_MAX - 1);
                memcpy(cfg->variants[v], names[v], len + 1);
            }
            if (cfg->nvariants == 0) jfail(&j, "no variants");
            break;
        }
        case K_SEATS: jint(&j, 0, PUL_MAX_SEATS, &cfg->seats); break;
        case K_BOTS:
            cfg->nbots = jstring_array(&j, cfg->bots, PUL_MAX_SEATS);
            if (cfg->nbots == 0) jfail(&j, "no bots");
            break;
        case K_SWAP: jbool(&j, &cfg->swap); break;
        case K_GAMES:
            if (ju64(&j, &cfg->games) && cfg->games > SIM_MAX_GAMES)
                jfail(&j, "%llu games: a run has %llu at most", (unsigned long long)cfg->games,
                      (unsigned long long)SIM_MAX_GAMES);
            break;
        case K_SEED: ju64(&j, &cfg->seed); break;
        case K_SHARD: jint(&j, 0, 1 << 30, &cfg->shard); break;
        case K_NSHARDS: jint(&j, 1, 1 << 30, &cfg->nshards); break;
        }
    }
    if (!jend(&j) || !jall_seen(&j, keys, seen, NK)) return false;
    if (cfg->shard >= cfg->nshards)
        return jfail(&j, "shard %d of %d does not exist", cfg->shard, cfg->nshards);
    return true;
}

static bool parse_activations(JsonIn *j, const PulTileSet *ts, SimRow *row) {
    bool first = true;
    char name[PUL_NAME_MAX + 8];
    while (jnext_key(j, &first, name, sizeof name)) {
        int f = 0;
        while (f < ts->nfeatures && !(is_catalyst(ts, f) && strcmp(ts->feature[f].name, name) == 0))
            f++;
        if (f == ts->nfeatures)
            return jfail(j, "\"%s\" is not a catalyst of tile set %s", name, ts->name);
        if (!jint(j, 0, 1 << 30, &row->activations[f])) return false;
    }
    return !j->failed;
}

static bool parse_winners(JsonIn *j, SimRow *row) {
    int seats[PUL_MAX_SEATS];
    int n = jint_array(j, seats, PUL_MAX_SEATS, 1, PUL_MAX_SEATS);
    for (int k = 0; k < n; k++) row->winners |= 1u << (seats[k] - 1);
    return n >= 0;
}

static bool parse_end_reason(JsonIn *j, SimRow *row) {
    char code[32];
    if (!jstring(j, code, sizeof code)) return false;
    for (int r = PUL_END_NONE; r < PUL_END_COUNT; r++) {
        if (strcmp(pul_end_reason_code((PulEndReason)r), code) == 0) {
            row->end_reason = r;
            return true;
        }
    }
    return jfail(j, "unknown end reason \"%s\"", code);
}

bool sim_row_parse(const char *line, const SimConfig *cfg, const PulTileSet *const *ts,
                   SimRow *row, char *why, size_t size) {
    static const char *const keys[] = {
        "index", "seed",  "variant", "seats",  "bots",   "scores",      "winners",
        "end_reason", "loser", "turns", "placements", "takes", "claims", "passes", "draws",
        "extra_turns", "activations", "closed_groups", "closed_sizes", "tiles_left"};
    enum {
        K_INDEX, K_SEED, K_VARIANT, K_SEATS, K_BOTS, K_SCORES, K_WINNERS, K_END, K_LOSER,
        K_TURNS, K_PLACEMENTS, K_TAKES, K_CLAIMS, K_PASSES, K_DRAWS, K_EXTRA, K_ACTIVATIONS,
        K_CLOSED, K_SIZES, K_LEFT, NK
    };
    JsonIn j = {line, why, size, false};
    bool seen[NK] = {false}, first = true;
    char key[64], name[SIM_NAME_MAX];
    char bots[PUL_MAX_SEATS][SIM_SPEC_MAX];
    int nscores = -1, nbots = -1;
    memset(row, 0, sizeof *row);
    row->variant = -1;
    row->loser = -1;
    const int big = 1 << 30;
    while (jnext_key(&j, &first, key, sizeof key)) {
        int k = key_index(keys, NK, key);
        if (k < 0) return jfail(&j, "unknown field \"%s\" in a row", key);
        if (seen[k]) return jfail(&j, "the field \"%s\" twice", key);
        seen[k] = true;
        /* The catalyst names need the variant: it comes before them, as written. */
        if (k == K_ACTIVATIONS && row->variant < 0)
            return jfail(&j, "\"activations\" before \"variant\"");
        switch (k) {
        case K_INDEX: ju64(&j, &row->index); break;
        case K_SEED: ju64(&j, &row->seed); break;
        case K_VARIANT:
            if (!jstring(&j, name, sizeof name)) break;
            for (int v = 0; v < cfg->nvariants; v++)
                if (strcmp(cfg->variants[v], name) == 0) row->variant = v;
            if (row->variant < 0) jfail(&j, "variant \"%s\" is not in the header", name);
            break;
        case K_SEATS: jint(&j, 1, PUL_MAX_SEATS, &row->seats); break;
        case K_BOTS: nbots = jstring_array(&j, bots, PUL_MAX_SEATS); break;
        case K_SCORES: nscores = jint_array(&j, row->scores, PUL_MAX_SEATS, -big, big); break;
        case K_WINNERS: parse_winners(&j, row); break;
        case K_END: parse_end_reason(&j, row); break;
        case K_LOSER:
            if (!jliteral(&j, "null") && jint(&j, 1, PUL_MAX_SEATS, &row->loser)) row->loser--;
            break;
        case K_TURNS: jint(&j, 0, big, &row->turns); break;
        case K_PLACEMENTS: jint(&j, 0, big, &row->placements); break;
        case K_TAKES: jint(&j, 0, big, &row->takes); break;
        case K_CLAIMS: jint(&j, 0, big, &row->claims); break;
        case K_PASSES: jint(&j, 0, big, &row->passes); break;
        case K_DRAWS: jint(&j, 0, big, &row->draws); break;
        case K_EXTRA: jint(&j, 0, big, &row->extra_turns); break;
        case K_ACTIVATIONS: parse_activations(&j, ts[row->variant], row); break;
        case K_CLOSED: jint(&j, 0, big, &row->closed_groups); break;
        case K_SIZES: jint_array(&j, row->closed_sizes, SIM_MAX_GROUP + 1, 0, big); break;
        case K_LEFT: jint(&j, 0, big, &row->tiles_left); break;
        }
    }
    if (!jend(&j) || !jall_seen(&j, keys, seen, NK)) return false;
    if (nscores != row->seats || nbots != row->seats)
        return jfail(&j, "%d seats but %d scores and %d bots", row->seats, nscores, nbots);
    for (int s = 0; s < row->seats; s++) {
        row->bot[s] = (int8_t)sim_bot_index_for_seat(cfg, row->index, s, row->seats);
        const char *want = cfg->bots[row->bot[s]];
        if (strcmp(bots[s], want) != 0)
            return jfail(&j, "seat %d is played by \"%s\", but the header gives it \"%s\"", s + 1,
                         bots[s], want);
    }
    if (row->winners >> row->seats || (row->loser >= row->seats))
        return jfail(&j, "a winner or loser beyond the %d seats", row->seats);
    return true;
}
