/*
** bench_compare.c: `pul bench --compare OTHER`, this build's bench and another
** build's run in alternating rounds, and each rate's medians set side by side.
*/
#define _POSIX_C_SOURCE 200809L /* fork, execv, readlink under -std=c11 */

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "cli.h"

enum {
    CMP_MAX_KEYS = 64,
    CMP_MAX_ROUNDS = 100,
    CMP_KEY_MAX = 64,
    CMP_OUT_MAX = 1 << 20 /* a bench's JSON is a few hundred bytes; more is not a bench */
};

/* The numbers of one bench's JSON object (strings, booleans and nulls are
** kept as absent numbers: a row without positions prints null). */
typedef struct {
    int n;
    char key[CMP_MAX_KEYS][CMP_KEY_MAX];
    double value[CMP_MAX_KEYS];
    bool number[CMP_MAX_KEYS];
} CmpRun;

static const char *skip_space(const char *s) {
    while (*s == ' ' || *s == '\n' || *s == '\r' || *s == '\t') s++;
    return s;
}

/* A JSON string at s (its quote), copied into out when out is not NULL;
** the end after its closing quote, or NULL. Escapes are kept as written:
** the keys compared are plain words. */
static const char *json_string(const char *s, char *out, size_t size) {
    if (*s != '"') return NULL;
    size_t n = 0;
    for (s++; *s && *s != '"'; s++) {
        if (*s == '\\' && s[1]) s++;
        if (out && n + 1 < size) out[n++] = *s;
    }
    if (out) out[n] = '\0';
    return *s == '"' ? s + 1 : NULL;
}

/* The flat object `pul bench --json` prints; false when text is not one. */
static bool parse_run(const char *text, CmpRun *run) {
    run->n = 0;
    const char *s = skip_space(text);
    if (*s++ != '{') return false;
    s = skip_space(s);
    if (*s == '}') return *skip_space(s + 1) == '\0';
    for (;;) {
        char key[CMP_KEY_MAX];
        if (!(s = json_string(skip_space(s), key, sizeof key))) return false;
        s = skip_space(s);
        if (*s++ != ':') return false;
        s = skip_space(s);
        bool number = false;
        double value = 0;
        if (*s == '"') {
            if (!(s = json_string(s, NULL, 0))) return false;
        } else if (strncmp(s, "null", 4) == 0 || strncmp(s, "true", 4) == 0) {
            s += 4;
        } else if (strncmp(s, "false", 5) == 0) {
            s += 5;
        } else {
            char *end;
            errno = 0;
            value = strtod(s, &end);
            if (end == s || errno == ERANGE) return false;
            s = end;
            number = true;
        }
        if (run->n < CMP_MAX_KEYS) {
            snprintf(run->key[run->n], CMP_KEY_MAX, "%s", key);
            run->value[run->n] = value;
            run->number[run->n] = number;
            run->n++;
        }
        s = skip_space(s);
        if (*s == '}') return *skip_space(s + 1) == '\0';
        if (*s++ != ',') return false;
    }
}

/* The index of key in run, or -1. */
static int find_key(const CmpRun *run, const char *key) {
    for (int k = 0; k < run->n; k++)
        if (strcmp(run->key[k], key) == 0) return k;
    return -1;
}

static bool is_rate(const char *key) {
    size_t n = strlen(key);
    return n > 6 && strcmp(key + n - 6, "_per_s") == 0;
}

/* Runs `exe bench --json ...` and parses what it prints; false (said) when it
** cannot be run, fails, or prints something else than a bench's JSON. */
static bool run_bench(const char *who, const char *exe, const BenchCompare *c, int round,
                      CmpRun *run) {
    char *argv[12];
    int argc = 0;
    argv[argc++] = (char *)exe;
    argv[argc++] = "bench";
    argv[argc++] = "--json";
    if (c->seconds) argv[argc++] = "--seconds", argv[argc++] = (char *)c->seconds;
    if (c->variant) argv[argc++] = "--variant", argv[argc++] = (char *)c->variant;
    if (c->hooks) argv[argc++] = "--hooks", argv[argc++] = (char *)c->hooks;
    argv[argc] = NULL;
    int fd[2];
    if (pipe(fd) != 0) {
        cli_error("bench", "cannot make a pipe: %s", strerror(errno));
        return false;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        cli_error("bench", "cannot start %s: %s", exe, strerror(errno));
        close(fd[0]);
        close(fd[1]);
        return false;
    }
    if (pid == 0) {
        close(fd[0]);
        if (dup2(fd[1], STDOUT_FILENO) < 0) _exit(127);
        close(fd[1]);
        execv(exe, argv);
        fprintf(stderr, "pul bench: cannot run %s: %s\n", exe, strerror(errno));
        _exit(127);
    }
    close(fd[1]);
    char *text = malloc(CMP_OUT_MAX + 1);
    size_t len = 0;
    bool too_long = false;
    for (;;) {
        char chunk[4096];
        ssize_t got = read(fd[0], chunk, sizeof chunk);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        /* read on to the end even past the cap, so the child is not stopped by a full pipe */
        if (!text || len + (size_t)got > CMP_OUT_MAX) too_long = true;
        else memcpy(text + len, chunk, (size_t)got), len += (size_t)got;
    }
    close(fd[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    bool ok = false;
    if (!text)
        cli_error("bench", "out of memory");
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        if (WIFEXITED(status))
            cli_error("bench", "%s's bench failed in round %d (%s exited with %d)", who, round,
                      exe, WEXITSTATUS(status));
        else
            cli_error("bench", "%s's bench failed in round %d (%s killed by signal %d)", who,
                      round, exe, WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    } else {
        text[len] = '\0';
        if (too_long || !parse_run(text, run))
            cli_error("bench", "%s's bench printed no JSON object in round %d (%s)", who, round,
                      exe);
        else
            ok = true;
    }
    free(text);
    return ok;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *x, int n) {
    qsort(x, (size_t)n, sizeof *x, cmp_double);
    return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}

/* Standard deviation of the rounds over the median (0 for one round). */
static double spread(const double *x, int n, double med) {
    if (n < 2 || med <= 0) return 0;
    double mean = 0, ss = 0;
    for (int k = 0; k < n; k++) mean += x[k];
    mean /= n;
    for (int k = 0; k < n; k++) ss += (x[k] - mean) * (x[k] - mean);
    return sqrt(ss / (n - 1)) / med;
}

typedef struct {
    char key[CMP_KEY_MAX];
    bool present;          /* a number in every round on both sides */
    double this_med, other_med, this_sprd, other_sprd, noise;
    const char *verdict;
} CmpRow;

static void json_number(const char *key, double x, bool present, const char *fmt) {
    printf("\"%s\": ", key);
    if (present)
        printf(fmt, x);
    else
        fputs("null", stdout);
}

static void print_json(const BenchCompare *c, const char *self, const CmpRow *rows, int nrows,
                       char missing[][CMP_KEY_MAX], int nmissing) {
    fputs("{\n  \"this\": ", stdout);
    cli_json_string(stdout, self);
    fputs(",\n  \"other\": ", stdout);
    cli_json_string(stdout, c->other);
    printf(",\n  \"rounds\": %d,\n  \"seconds\": %g,\n  \"rates\": [", c->rounds,
           c->seconds ? strtod(c->seconds, NULL) : 1.0);
    for (int k = 0; k < nrows; k++) {
        const CmpRow *r = &rows[k];
        printf("%s\n    {\"key\": ", k ? "," : "");
        cli_json_string(stdout, r->key);
        fputs(", ", stdout);
        json_number("this_median", r->this_med, r->present, "%.1f");
        fputs(", ", stdout);
        json_number("other_median", r->other_med, r->present, "%.1f");
        fputs(", ", stdout);
        json_number("ratio", r->this_med / r->other_med, r->present && r->other_med > 0, "%.4f");
        fputs(", ", stdout);
        json_number("this_spread", r->this_sprd, r->present, "%.4f");
        fputs(", ", stdout);
        json_number("other_spread", r->other_sprd, r->present, "%.4f");
        fputs(", ", stdout);
        json_number("noise", r->noise, r->present, "%.4f");
        fputs(", \"verdict\": ", stdout);
        cli_json_string(stdout, r->verdict);
        fputs("}", stdout);
    }
    fputs(nrows ? "\n  ],\n  \"missing_in_other\": [" : "],\n  \"missing_in_other\": [", stdout);
    for (int k = 0; k < nmissing; k++) {
        if (k) fputs(", ", stdout);
        cli_json_string(stdout, missing[k]);
    }
    fputs("]\n}\n", stdout);
}

static void print_table(const BenchCompare *c, const char *self, const CmpRow *rows, int nrows) {
    printf("pul bench --compare: %d round%s of pul bench --json --seconds %s on each side,\n"
           "alternating (the other first in odd rounds); spread = standard deviation of the\n"
           "rounds / median; within noise: |ratio - 1| <= max(3%%, 2 x the larger spread)\n",
           c->rounds, c->rounds == 1 ? "" : "s", c->seconds ? c->seconds : "1");
    printf("THIS  %s\nOTHER %s\n\n", CLI_TEXT(self), CLI_TEXT(c->other));
    printf("%-28s %12s %12s %10s %7s %7s  %s\n", "rate", "this median", "other median",
           "this/other", "this sd", "oth sd", "verdict");
    for (int k = 0; k < nrows; k++) {
        const CmpRow *r = &rows[k];
        if (!r->present) {
            printf("%-28s %12s %12s %10s %7s %7s  %s\n", CLI_TEXT(r->key), "-", "-", "-", "-", "-",
                   r->verdict);
            continue;
        }
        char ratio[32];
        if (r->other_med > 0)
            snprintf(ratio, sizeof ratio, "%.4f", r->this_med / r->other_med);
        else
            snprintf(ratio, sizeof ratio, "-");
        printf("%-28s %12.1f %12.1f %10s %6.1f%% %6.1f%%  %s\n", CLI_TEXT(r->key), r->this_med,
               r->other_med, ratio, 100 * r->this_sprd, 100 * r->other_sprd, r->verdict);
    }
}

int bench_compare(const BenchCompare *c) {
    struct stat st;
    if (stat(c->other, &st) != 0 || !S_ISREG(st.st_mode) || access(c->other, X_OK) != 0) {
        cli_error("bench", "--compare: %s is not an executable file", c->other);
        return CLI_UNUSABLE;
    }
    char self[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0) {
        cli_error("bench", "--compare: cannot find this pul's executable (/proc/self/exe)");
        return CLI_UNUSABLE;
    }
    self[len] = '\0';
    CmpRun *runs = malloc(2 * (size_t)c->rounds * sizeof *runs); /* [side * rounds + round] */
    CmpRow *rows = malloc(CMP_MAX_KEYS * sizeof *rows);
    char(*missing)[CMP_KEY_MAX] = malloc(CMP_MAX_KEYS * sizeof *missing);
    int status = CLI_UNUSABLE;
    if (!runs || !rows || !missing) {
        cli_error("bench", "out of memory");
        goto done;
    }
    for (int round = 0; round < c->rounds; round++) {
        for (int turn = 0; turn < 2; turn++) {
            /* side 0 is this build, 1 the other; the other goes first in odd rounds */
            int side = (round % 2 == 0) ? 1 - turn : turn;
            if (!c->json)
                fprintf(stderr, "pul bench: round %d/%d: %s\n", round + 1, c->rounds,
                        side ? "other" : "this");
            if (!run_bench(side ? "the other build" : "this build", side ? c->other : self, c,
                           round + 1, &runs[side * c->rounds + round]))
                goto done;
        }
    }
    int nrows = 0, nmissing = 0;
    const CmpRun *first = &runs[0];
    for (int k = 0; k < first->n; k++) {
        if (!is_rate(first->key[k])) continue;
        if (find_key(&runs[c->rounds], first->key[k]) < 0) {
            snprintf(missing[nmissing++], CMP_KEY_MAX, "%s", first->key[k]);
            continue;
        }
        CmpRow *r = &rows[nrows++];
        memset(r, 0, sizeof *r);
        snprintf(r->key, sizeof r->key, "%s", first->key[k]);
        double x[2][CMP_MAX_ROUNDS];
        r->present = true;
        for (int side = 0; side < 2; side++)
            for (int round = 0; round < c->rounds; round++) {
                const CmpRun *run = &runs[side * c->rounds + round];
                int at = find_key(run, r->key);
                if (at < 0 || !run->number[at]) r->present = false;
                else x[side][round] = run->value[at];
            }
        if (!r->present) {
            r->verdict = "no figure in some round";
            continue;
        }
        double xs[2][CMP_MAX_ROUNDS];
        memcpy(xs, x, sizeof xs);
        r->this_med = median(xs[0], c->rounds);
        r->other_med = median(xs[1], c->rounds);
        r->this_sprd = spread(x[0], c->rounds, r->this_med);
        r->other_sprd = spread(x[1], c->rounds, r->other_med);
        r->noise = fmax(0.03, 2 * fmax(r->this_sprd, r->other_sprd));
        if (r->other_med <= 0)
            r->verdict = "no ratio (other's median is 0)";
        else if (fabs(r->this_med / r->other_med - 1) <= r->noise)
            r->verdict = "within noise";
        else
            r->verdict = r->this_med > r->other_med ? "this faster (beyond noise)"
                                                    : "this SLOWER (beyond noise)";
    }
    if (c->json)
        print_json(c, self, rows, nrows, missing, nmissing);
    else
        print_table(c, self, rows, nrows);
    status = CLI_OK;
    for (int k = 0; k < nmissing; k++) {
        cli_error("bench", "the other build's JSON lacks the key \"%s\"", missing[k]);
        status = CLI_WRONG;
    }
done:
    free(runs);
    free(rows);
    free(missing);
    return status;
}
