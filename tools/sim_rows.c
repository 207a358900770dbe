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

/* Whether a per-feature figure shows feature f of v (its family's features:
** a tile set's, Genial's symbols). */
static bool shows_feature(const PulMetricInfo *mi, const PulVariant *v, int f) {
    int cls = -1;
    pul_variant_feature(v, f, NULL, &cls);
    return f < mi->n && (mi->feature_class < 0 || cls == mi->feature_class);
}

/* The features a per-feature figure can show. */
static int nfeatures(const PulVariant *v) { return pul_variant_feature(v, 0, NULL, NULL); }

/* Feature f's name (f below nfeatures). */
static const char *feature_name(const PulVariant *v, int f) {
    const char *name = "";
    pul_variant_feature(v, f, &name, NULL);
    return name;
}

/* A histogram's last value to write: the last not 0, at least the first. */
static int hist_last(const int32_t *m, int n) {
    int last = n - 1;
    while (last > 0 && m[last] == 0) last--;
    return last;
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

/* A row built in memory and written with one fwrite: fprintf and a character
** at a time were most of what writing a sim row cost, a good part of a quick
** game's. Numbers and plain ASCII go in by hand; any other string goes through
** cli_json_string (the buffer written first), so the bytes are the same. */
typedef struct {
    FILE *f;
    size_t n;
    char b[4096];
} RowOut;

static void ro_begin(RowOut *r, FILE *f) {
    r->f = f;
    r->n = 0; /* the buffer is written before it is read: not cleared */
}

static void ro_flush(RowOut *r) {
    if (r->n) fwrite(r->b, 1, r->n, r->f);
    r->n = 0;
}

static void ro_put(RowOut *r, const char *s, size_t n) {
    if (n > sizeof r->b - r->n) {
        ro_flush(r);
        if (n > sizeof r->b) {
            fwrite(s, 1, n, r->f);
            return;
        }
    }
    memcpy(r->b + r->n, s, n);
    r->n += n;
}

static void ro_char(RowOut *r, char c) {
    if (r->n == sizeof r->b) ro_flush(r);
    r->b[r->n++] = c;
}

static void ro_lit(RowOut *r, const char *s) { ro_put(r, s, strlen(s)); }

static void ro_num(RowOut *r, uint64_t u, bool neg) {
    char num[CLI_DECIMAL_MAX];
    ro_put(r, num, cli_decimal(num, u, neg));
}

static void ro_u64(RowOut *r, uint64_t u) { ro_num(r, u, false); }

static void ro_int(RowOut *r, int v) { ro_num(r, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, v < 0); }

static void ro_json(RowOut *r, const char *s) {
    size_t n = 0;
    while (s[n] && cli_json_plain((unsigned char)s[n])) n++;
    if (s[n]) {
        ro_flush(r);
        cli_json_string(r->f, s);
        return;
    }
    ro_char(r, '"');
    ro_put(r, s, n);
    ro_char(r, '"');
}

static void ro_bots(RowOut *r, const char *const *bots, int n) {
    ro_char(r, '[');
    for (int s = 0; s < n; s++) {
        if (s) ro_char(r, ',');
        ro_json(r, bots[s]);
    }
    ro_char(r, ']');
}

/* A CSV field, quoted when it holds a comma, quote or line break. */
static void ro_csv(RowOut *r, const char *s) {
    size_t n = strcspn(s, ",\"\r\n");
    if (!s[n]) {
        ro_put(r, s, n);
        return;
    }
    ro_char(r, '"');
    for (; *s; s++) {
        if (*s == '"') ro_char(r, '"');
        ro_char(r, *s);
    }
    ro_char(r, '"');
}

void sim_row_write_json(FILE *f, const SimRow *row, const char *variant_name,
                        const PulVariant *v, const char *const *bots) {
    RowOut r;
    ro_begin(&r, f);
    ro_lit(&r, "{\"index\":");
    ro_u64(&r, row->index);
    ro_lit(&r, ",\"seed\":");
    ro_u64(&r, row->seed);
    ro_lit(&r, ",\"variant\":");
    ro_json(&r, variant_name);
    ro_lit(&r, ",\"seats\":");
    ro_int(&r, row->seats);
    ro_lit(&r, ",\"bots\":");
    ro_bots(&r, bots, row->seats);
    ro_lit(&r, ",\"scores\":[");
    for (int s = 0; s < row->seats; s++) {
        if (s) ro_char(&r, ',');
        ro_int(&r, row->scores[s]);
    }
    /* Seats are numbered from 1 here, as in PMN and the referee's output. */
    ro_lit(&r, "],\"winners\":[");
    for (int s = 0, n = 0; s < row->seats; s++)
        if (row->winners >> s & 1) {
            if (n++) ro_char(&r, ',');
            ro_int(&r, s + 1);
        }
    ro_lit(&r, "],\"end_reason\":");
    ro_json(&r, pul_end_reason_code(row->end_reason));
    ro_lit(&r, ",\"loser\":");
    if (row->loser >= 0)
        ro_int(&r, row->loser + 1);
    else
        ro_lit(&r, "null");
    ro_lit(&r, ",\"turns\":");
    ro_int(&r, row->turns);
    const PulMetricInfo *t;
    int nt = pul_variant_metrics(v, &t);
    for (int i = 0; i < nt; i++) {
        const int32_t *m = row->m + t[i].first;
        ro_char(&r, ',');
        ro_json(&r, t[i].key);
        ro_char(&r, ':');
        if (t[i].kind == PUL_METRIC_COUNT) {
            ro_int(&r, m[0]);
        } else if (t[i].kind == PUL_METRIC_PER_FEATURE) {
            ro_char(&r, '{');
            for (int k = 0, n = 0, nf = nfeatures(v); k < nf; k++) {
                if (!shows_feature(&t[i], v, k)) continue;
                if (n++) ro_char(&r, ',');
                ro_json(&r, feature_name(v, k));
                ro_char(&r, ':');
                ro_int(&r, m[k]);
            }
            ro_char(&r, '}');
        } else {
            ro_char(&r, '[');
            int last = hist_last(m, t[i].n);
            for (int k = 0; k <= last; k++) {
                if (k) ro_char(&r, ',');
                ro_int(&r, m[k]);
            }
            ro_char(&r, ']');
        }
    }
    ro_lit(&r, "}\n");
    ro_flush(&r);
}

static int figure_index(const SimCsvLayout *l, const char *key) {
    for (int c = 0; c < l->nfigures; c++)
        if (strcmp(l->key[c], key) == 0) return c;
    return -1;
}

void sim_csv_layout(SimCsvLayout *l, int nvariants, PulVariant *const *v, int max_seats) {
    memset(l, 0, sizeof *l);
    l->max_seats = max_seats;
    int nt[SIM_MAX_VARIANTS];
    /* The figures by key, in the order the first variant to have each gives them. */
    for (int k = 0; k < nvariants; k++) {
        nt[k] = pul_variant_metrics(v[k], &l->table[k]);
        for (int i = 0; i < nt[k]; i++) {
            if (figure_index(l, l->table[k][i].key) >= 0 || l->nfigures == SIM_MAX_FIGURES) continue;
            l->key[l->nfigures] = l->table[k][i].key;
            l->kind[l->nfigures++] = l->table[k][i].kind;
        }
    }
    for (int k = 0; k < nvariants; k++)
        for (int c = 0; c < SIM_MAX_FIGURES; c++) {
            l->info[k][c] = -1;
            for (int f = 0; f < PUL_MAX_FEATURES; f++) l->column[k][c][f] = -1;
        }
    for (int c = 0; c < l->nfigures; c++) {
        l->col0[c] = l->nnames;
        for (int k = 0; k < nvariants; k++) {
            for (int i = 0; i < nt[k]; i++)
                if (strcmp(l->table[k][i].key, l->key[c]) == 0) l->info[k][c] = i;
            int i = l->info[k][c];
            if (i < 0 || l->kind[c] != PUL_METRIC_PER_FEATURE) continue;
            for (int f = 0; f < nfeatures(v[k]); f++) {
                if (!shows_feature(&l->table[k][i], v[k], f)) continue;
                const char *name = feature_name(v[k], f);
                int n = l->col0[c];
                while (n < l->nnames && strcmp(l->name[n], name) != 0) n++;
                if (n == l->nnames) snprintf(l->name[l->nnames++], PUL_NAME_MAX, "%s", name);
                l->column[k][c][f] = n;
            }
        }
        l->ncols[c] = l->nnames - l->col0[c];
    }
}

void sim_row_write_csv_header(FILE *f, const SimCsvLayout *l) {
    RowOut r;
    ro_begin(&r, f);
    ro_lit(&r, "index,seed,variant,seats");
    for (int s = 1; s <= l->max_seats; s++) {
        ro_lit(&r, ",bot");
        ro_int(&r, s);
    }
    for (int s = 1; s <= l->max_seats; s++) {
        ro_lit(&r, ",score");
        ro_int(&r, s);
    }
    ro_lit(&r, ",winners,end_reason,loser,turns");
    for (int c = 0; c < l->nfigures; c++) {
        if (l->kind[c] != PUL_METRIC_PER_FEATURE) {
            ro_char(&r, ',');
            ro_csv(&r, l->key[c]);
            continue;
        }
        for (int n = l->col0[c]; n < l->col0[c] + l->ncols[c]; n++) {
            char name[2 * PUL_NAME_MAX + 2];
            snprintf(name, sizeof name, "%s_%s", l->key[c], l->name[n]);
            ro_char(&r, ',');
            ro_csv(&r, name);
        }
    }
    ro_char(&r, '\n');
    ro_flush(&r);
}

void sim_row_write_csv(FILE *f, const SimRow *row, const char *variant_name,
                       const char *const *bots, const SimCsvLayout *l) {
    RowOut r;
    ro_begin(&r, f);
    ro_u64(&r, row->index);
    ro_char(&r, ',');
    ro_u64(&r, row->seed);
    ro_char(&r, ',');
    ro_csv(&r, variant_name);
    ro_char(&r, ',');
    ro_int(&r, row->seats);
    for (int s = 0; s < l->max_seats; s++) {
        ro_char(&r, ',');
        if (s < row->seats) ro_csv(&r, bots[s]);
    }
    for (int s = 0; s < l->max_seats; s++) {
        ro_char(&r, ',');
        if (s < row->seats) ro_int(&r, row->scores[s]);
    }
    /* Several winners (a tie) as "1 2", sizes as "size:count" pairs: one field each. */
    ro_char(&r, ',');
    for (int s = 0, n = 0; s < row->seats; s++)
        if (row->winners >> s & 1) {
            if (n++) ro_char(&r, ' ');
            ro_int(&r, s + 1);
        }
    ro_char(&r, ',');
    ro_lit(&r, pul_end_reason_code(row->end_reason));
    ro_char(&r, ',');
    if (row->loser >= 0) ro_int(&r, row->loser + 1);
    ro_char(&r, ',');
    ro_int(&r, row->turns);
    for (int c = 0; c < l->nfigures; c++) {
        int i = l->info[row->variant][c];
        const int32_t *m = i >= 0 ? row->m + l->table[row->variant][i].first : NULL;
        if (l->kind[c] == PUL_METRIC_COUNT) {
            ro_char(&r, ',');
            ro_int(&r, m ? m[0] : 0);
        } else if (l->kind[c] == PUL_METRIC_PER_FEATURE) {
            int32_t counts[SIM_MAX_VARIANTS * PUL_MAX_FEATURES] = {0};
            for (int k = 0; m && k < PUL_MAX_FEATURES; k++)
                if (l->column[row->variant][c][k] >= 0) counts[l->column[row->variant][c][k]] = m[k];
            for (int n = l->col0[c]; n < l->col0[c] + l->ncols[c]; n++) {
                ro_char(&r, ',');
                ro_int(&r, counts[n]);
            }
        } else {
            ro_char(&r, ',');
            for (int k = 0, n = 0; m && k < l->table[row->variant][i].n; k++)
                if (m[k]) {
                    if (n++) ro_char(&r, ' ');
                    ro_int(&r, k);
                    ro_char(&r, ':');
                    ro_int(&r, m[k]);
                }
        }
    }
    ro_char(&r, '\n');
    ro_flush(&r);
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

/* A per-feature figure: an object of the feature names it shows. */
static bool parse_per_feature(JsonIn *j, const PulMetricInfo *mi, const PulVariant *v, int32_t *m) {
    bool first = true, seen[PUL_MAX_FEATURES] = {false};
    char name[PUL_NAME_MAX + 8];
    while (jnext_key(j, &first, name, sizeof name)) {
        int f = 0;
        while (f < nfeatures(v) &&
               !(shows_feature(mi, v, f) && strcmp(feature_name(v, f), name) == 0))
            f++;
        const PulTileSet *ts = pul_variant_tileset(v);
        const PulSymbolSet *ss = pul_variant_symbols(v);
        if (f == nfeatures(v))
            return jfail(j, "\"%s\" is not a %s of %s %s that \"%s\" counts", name,
                         ts ? "feature" : "symbol", ts ? "tile set" : "symbol set",
                         ts ? ts->name : ss ? ss->name : "(none)", mi->key);
        if (seen[f]) return jfail(j, "\"%s\" twice in the field \"%s\"", name, mi->key);
        seen[f] = true;
        int x = 0;
        if (!jint(j, 0, 1 << 30, &x)) return false;
        m[f] = x;
    }
    return !j->failed;
}

/* A figure of the row's variant, as its kind writes it; a fault in a count
** or a histogram is said with the field's name. */
static bool parse_figure(JsonIn *j, const PulMetricInfo *mi, const PulVariant *v, SimRow *row) {
    int32_t *m = row->m + mi->first;
    if (mi->kind == PUL_METRIC_PER_FEATURE) return parse_per_feature(j, mi, v, m);
    int x[PUL_MAX_METRIC_SLOTS] = {0};
    bool failed = j->failed;
    int n = mi->kind == PUL_METRIC_COUNT ? (jint(j, 0, 1 << 30, &x[0]) ? 1 : -1)
                                          : jint_array(j, x, mi->n, 0, 1 << 30);
    for (int k = 0; k < n; k++) m[k] = x[k];
    if (n < 0 && !failed && j->failed) {
        size_t len = strlen(j->why);
        snprintf(j->why + len, j->size - len, " in the field \"%s\"", mi->key);
    }
    return n >= 0;
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

bool sim_row_parse(const char *line, const SimConfig *cfg, PulVariant *const *v, SimRow *row,
                   char *why, size_t size) {
    static const char *const keys[] = {"index", "seed",       "variant", "seats", "bots",
                                       "scores", "winners",   "end_reason", "loser", "turns"};
    enum {
        K_INDEX, K_SEED, K_VARIANT, K_SEATS, K_BOTS, K_SCORES, K_WINNERS, K_END, K_LOSER,
        K_TURNS, NK
    };
    const PulMetricInfo *t = NULL;
    int nt = 0;
    bool seen_figure[PUL_MAX_METRIC_SLOTS] = {false};
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
        if (k < 0) {
            /* The figures are the variant's family's: it comes before them, as written. */
            int i = 0;
            while (i < nt && strcmp(t[i].key, key) != 0) i++;
            if (i == nt && row->variant < 0)
                return jfail(&j, "unknown field \"%s\" before \"variant\" (a row's figures come "
                                 "after its variant, whose family names them)", key);
            if (i == nt) return jfail(&j, "unknown field \"%s\" in a row", key);
            if (seen_figure[i]) return jfail(&j, "the field \"%s\" twice", key);
            seen_figure[i] = true;
            parse_figure(&j, &t[i], v[row->variant], row);
            continue;
        }
        if (seen[k]) return jfail(&j, "the field \"%s\" twice", key);
        seen[k] = true;
        switch (k) {
        case K_INDEX: ju64(&j, &row->index); break;
        case K_SEED: ju64(&j, &row->seed); break;
        case K_VARIANT:
            if (!jstring(&j, name, sizeof name)) break;
            for (int v = 0; v < cfg->nvariants; v++)
                if (strcmp(cfg->variants[v], name) == 0) row->variant = v;
            if (row->variant < 0) jfail(&j, "variant \"%s\" is not in the header", name);
            else nt = pul_variant_metrics(v[row->variant], &t);
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
        }
    }
    if (!jend(&j) || !jall_seen(&j, keys, seen, NK)) return false;
    for (int i = 0; i < nt; i++)
        if (!seen_figure[i]) return jfail(&j, "the field \"%s\" is missing", t[i].key);
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
