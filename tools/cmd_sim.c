/*
** cmd_sim.c: `pul sim`, the designer's lab: many bot games of one or more
** variants into rows, a summary and a report; `pul sim merge` joins shards.
*/
#define _POSIX_C_SOURCE 200809L /* getline, mkdir, clock_gettime */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "sim.h"

static const char sim_help[] =
    "usage: pul sim [VARIANT...] [--games N] [--bots SPECS] [--seats N] [--swap]\n"
    "               [--seed N] [--threads N] [--shard I/N] [--out DIR] [--force] [--quiet]\n"
    "       pul sim merge DIR... [--out DIR] [--force] [--quiet]\n\n"
    "Plays N games of each VARIANT (names or variant folders; default micropul)\n"
    "between bots and writes, into DIR:\n"
    "  rows.jsonl   one JSON object per game, after a first line holding the\n"
    "               run's settings (so that 'merge' can rebuild everything)\n"
    "  rows.csv     the same rows for a spreadsheet\n"
    "  summary.json means with 95% intervals, win rates, histograms and, with\n"
    "               two or more variants, each against the first (A/B)\n"
    "  report.html  the summary as one page with charts (no scripts, no network)\n\n"
    "It prints a verdict in words, which also opens summary.json and report.html:\n"
    "what differs between each variant and the first (seats, rule parameters as\n"
    "loaded and as scripts set them at setup, features and tiles, scripts, theme:\n"
    "what pul check knows), which figures that changed (each tested alone, paired\n"
    "over the same deals: a difference is significant when its 95% interval,\n"
    "Student's t, excludes 0), whether a seat is favoured (chi-square test of the\n"
    "decisive games against an even split; drawn games are split in the win\n"
    "rates but left out of the test), and with --swap each bot's win rate (Wilson\n"
    "interval against its fair share). Alpha is 0.05 throughout; too few games\n"
    "are said to be too few. Differences of shares of games (win rates, end\n"
    "reasons) are in percentage points (pp), of counts in percent of the first\n"
    "variant. Variants played with different seat counts are compared on game\n"
    "figures only, each with its own fair share. A run with random bots is\n"
    "warned about, with the share of its games that ended with a player out of\n"
    "tiles when there are any (most random Micropul games end so).\n\n"
    "Game i of every variant is dealt from seed S+i and its bots are seeded from\n"
    "that seed and their seat, so the variants of an A/B run meet the same deals\n"
    "and the rows are the same whatever --threads is.\n\n"
    "Options:\n"
    "  --games N      games per variant, 1 to 2^53 (default 1000)\n"
    "  --bots SPECS   one bot per seat, separated by commas; the last one plays\n"
    "                 the remaining seats (default greedy). Bots: random, greedy,\n"
    "                 mcts with options after a colon (see pul help bots):\n"
    "                 --bots mcts:iters=2000,c=0.7,greedy is mcts (iters and c) at\n"
    "                 seat 1 and greedy at the others: a piece with '=' and no ':'\n"
    "                 continues the spec before it\n"
    "  --seats N      seats of every game (default: each variant's smallest count\n"
    "                 of at least 2, or 1 for a solo edition)\n"
    "  --swap         rotate the bots over the seats game by game (bot b sits at\n"
    "                 seat b+i mod N in game i), so that no bot keeps the first move\n"
    "  --seed S       seed of game 0 (default 1)\n"
    "  --threads N    worker threads, 1 to 256 (default: all cores)\n"
    "  --shard I/N    play only games i with i mod N = I (I from 0 to N-1), for\n"
    "                 spreading one run over machines; join them with 'merge'\n"
    "  --out DIR      where to write (default sim-out); an existing output there\n"
    "                 is kept unless --force is given. DIR must be a real folder,\n"
    "                 neither it nor an output in it a symbolic link; a run holds\n"
    "                 it (a second run on it fails at once) and renames its\n"
    "                 outputs into place only when all are written\n"
    "  --force        overwrite the outputs in DIR\n"
    "  --quiet        no progress bar (shown only when stderr is a terminal), no\n"
    "                 verdict on stdout, no closing line\n"
    "  -h, --help     show this text\n\n"
    "pul sim merge DIR... reads the rows.jsonl of every shard of one run (the\n"
    "same settings but --shard, each shard once, no game missing) and writes the\n"
    "four outputs into --out as the unsharded run would have: byte for byte.\n\n"
    "Scale-out: each shard is an ordinary run, so any scheduler can start them.\n"
    "  GNU parallel, 8 shards on this machine or with -S on others:\n"
    "    parallel pul sim micropul farmopul --games 100000 --threads 1 \\\n"
    "      --shard {}/8 --out shard-{} --quiet ::: 0 1 2 3 4 5 6 7\n"
    "    pul sim merge shard-* --out lab\n"
    "  Slurm job array (sim.sh, submitted with 'sbatch --array=0-31 sim.sh'):\n"
    "    #!/bin/sh\n"
    "    #SBATCH --cpus-per-task=4\n"
    "    pul sim micropul farmopul --games 1000000 --threads 4 --quiet \\\n"
    "      --shard $SLURM_ARRAY_TASK_ID/32 --out shard-$SLURM_ARRAY_TASK_ID\n"
    "  then, when all tasks are done: pul sim merge shard-* --out lab\n\n"
    "Exit codes: 0 done; 1 the shards given to merge do not make one run;\n"
    "2 bad usage, an unknown variant or bot, an unwritable folder, or a game\n"
    "that failed (a script error, a move the engine refused).\n";

static const char *const out_files[] = {"rows.jsonl", "rows.csv", "summary.json", "report.html"};
enum { OUT_JSONL, OUT_CSV, OUT_SUMMARY, OUT_REPORT, NOUT };

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------- outputs */

/* The four outputs of a run or a merge, fed row by row, into temporary
** files of the --out folder that only a finished run renames into place. */
typedef struct {
    const SimConfig *cfg;
    SimOutDir dir;
    bool dir_open;
    PulVariant *v[SIM_MAX_VARIANTS];
    SimFeatures features[SIM_MAX_VARIANTS];
    FILE *jsonl, *csv;
    SimCsvLayout layout;
    SimSummaryBuilder *summary;
    bool write_failed;
    /* progress on a terminal */
    bool progress, quiet;
    double start, last;
} SimOut;

/* The folder checked and locked, the row files begun. False (printed) when
** the folder cannot be used; out_close must be called either way. */
static bool out_open(SimOut *o, const char *dir, bool force, const SimConfig *cfg,
                     PulVariant *const *v, bool quiet) {
    memset(o, 0, sizeof *o);
    o->cfg = cfg;
    int max_seats = 1;
    for (int k = 0; k < cfg->nvariants; k++) {
        o->v[k] = v[k];
        sim_features(v[k], &o->features[k]);
        int seats = sim_seats_for(cfg, v[k]);
        if (seats > max_seats) max_seats = seats;
    }
    o->dir_open = sim_outdir_open(&o->dir, "sim", dir, out_files, NOUT, force);
    if (!o->dir_open) return false;
    o->jsonl = sim_outdir_create(&o->dir, OUT_JSONL);
    o->csv = o->jsonl ? sim_outdir_create(&o->dir, OUT_CSV) : NULL;
    if (!o->jsonl || !o->csv) return false;
    sim_header_write_json(o->jsonl, cfg);
    sim_csv_layout(&o->layout, cfg->nvariants, v, max_seats);
    sim_row_write_csv_header(o->csv, &o->layout);
    const char *names[SIM_MAX_VARIANTS], *bots[PUL_MAX_SEATS];
    int seats[SIM_MAX_VARIANTS], nmetrics[SIM_MAX_VARIANTS];
    const PulMetricInfo *metrics[SIM_MAX_VARIANTS];
    for (int k = 0; k < cfg->nvariants; k++) {
        names[k] = cfg->variants[k];
        seats[k] = sim_seats_for(cfg, v[k]);
        nmetrics[k] = pul_variant_metrics(v[k], &metrics[k]);
    }
    for (int b = 0; b < cfg->nbots; b++) bots[b] = cfg->bots[b];
    SimSummarySpec spec = {cfg->nvariants, names, o->features, seats,   cfg->nbots,
                           bots,           cfg->swap, metrics, nmetrics};
    o->summary = sim_summary_new(&spec);
    if (!o->summary) {
        cli_error("sim", "out of memory");
        return false;
    }
    /* What each variant changes from the first, for the verdict. */
    for (int k = 1; k < cfg->nvariants; k++) {
        SimChange changes[SIM_MAX_CHANGES];
        int n = sim_changes(v[0], seats[0], v[k], seats[k], cfg->seed, changes, SIM_MAX_CHANGES);
        sim_summary_set_changes(o->summary, k, changes, n);
    }
    o->progress = !quiet && isatty(2);
    o->quiet = quiet;
    o->start = o->last = now();
    return true;
}

static bool out_row(const SimRow *row, void *ud) {
    SimOut *o = ud;
    const char *bots[PUL_MAX_SEATS];
    for (int s = 0; s < row->seats; s++)
        bots[s] = sim_bot_for_seat(o->cfg, row->index, s, row->seats);
    const char *name = o->cfg->variants[row->variant];
    sim_row_write_json(o->jsonl, row, name, o->v[row->variant], bots);
    sim_row_write_csv(o->csv, row, name, bots, &o->layout);
    if (!sim_summary_add(o->summary, row)) {
        cli_error("sim", "game %llu of %s does not fit the summary",
                  (unsigned long long)row->index, name);
        return false;
    }
    if (ferror(o->jsonl) || ferror(o->csv)) {
        o->write_failed = true;
        cli_error("sim", "cannot write into %s: %s (is the disk full?)", o->dir.dir,
                  strerror(errno));
        return false;
    }
    return true;
}

static void out_progress(uint64_t done, uint64_t total, void *ud) {
    SimOut *o = ud;
    double t = now();
    if (!o->progress || (t - o->last < 0.1 && done < total)) return;
    o->last = t;
    double rate = t > o->start ? (double)done / (t - o->start) : 0;
    double eta = rate > 0 ? (double)(total - done) / rate : 0;
    enum { WIDTH = 30 };
    int filled = total ? (int)(WIDTH * done / total) : WIDTH;
    char bar[WIDTH + 1];
    for (int k = 0; k < WIDTH; k++) bar[k] = k < filled ? '#' : '.';
    bar[WIDTH] = '\0';
    fprintf(stderr, "\r[%s] %llu/%llu games  %.0f games/s  ETA %d:%02d ", bar,
            (unsigned long long)done, (unsigned long long)total, rate, (int)(eta / 60),
            (int)eta % 60);
    if (done == total) fputc('\n', stderr);
    fflush(stderr);
}

/* A title that does not depend on the sharding, so a merge gives the same page. */
static void report_title(const SimConfig *cfg, char *title, size_t size) {
    size_t n = (size_t)snprintf(title, size, "pul sim: ");
    for (int k = 0; k < cfg->nvariants && n < size; k++)
        n += (size_t)snprintf(title + n, size - n, "%s%s", k ? " vs " : "", cfg->variants[k]);
    if (n < size)
        snprintf(title + n, size - n, ", %llu games, seed %llu", (unsigned long long)cfg->games,
                 (unsigned long long)cfg->seed);
}

/* A file of the run closed; false (printed) when it could not be written. */
static bool close_file(SimOut *o, FILE **f, int k, bool ok) {
    if (!*f) return ok;
    bool written = !ferror(*f);
    if (fclose(*f) != 0) written = false;
    *f = NULL;
    if (ok && !written)
        cli_error("sim", "cannot write %s into %s: %s (is the disk full?)", out_files[k],
                  o->dir.dir, strerror(errno));
    return ok && written;
}

/* Closes everything; with ok, writes the summary and the report, then puts
** the four outputs in place together. Returns whether they are: when not,
** nothing the run wrote is left in the folder, and that is said. */
static bool out_close(SimOut *o, bool ok) {
    ok = close_file(o, &o->jsonl, OUT_JSONL, ok);
    ok = close_file(o, &o->csv, OUT_CSV, ok);
    SimSummary *s = NULL;
    if (ok && o->summary) {
        s = malloc(sizeof *s);
        char title[512];
        if (!s) cli_error("sim", "out of memory");
        ok = s != NULL;
        if (s) sim_summary_finish(o->summary, s);
        for (int k = OUT_SUMMARY; ok && k <= OUT_REPORT; k++) {
            FILE *f = sim_outdir_create(&o->dir, k);
            if (!f) {
                ok = false;
                break;
            }
            if (k == OUT_SUMMARY) {
                sim_summary_write_json(f, s);
            } else {
                report_title(o->cfg, title, sizeof title);
                /* It fails only as ferror(f), which close_file reports. */
                (void)sim_report_write_html(f, s, title);
            }
            ok = close_file(o, &f, k, ok);
        }
    }
    if (o->summary) sim_summary_free(o->summary);
    o->summary = NULL;
    if (!o->dir_open) {
        free(s);
        return false;
    }
    if (ok) ok = sim_outdir_commit(&o->dir);
    /* The answer on the terminal too, once it is in the folder (stdout: it
    ** is the command's result; the progress and timing go to stderr). */
    if (ok && s && !o->quiet) {
        sim_verdict_print(stdout, s, 79);
        fflush(stdout);
    }
    free(s);
    if (!ok && !o->dir.committed)
        cli_error("sim", "nothing was written into %s%s", o->dir.dir,
                  o->dir.had_outputs ? ": the outputs already there are as they were" : "");
    else if (!ok)
        cli_error("sim", "only %d of the %d outputs in %s are new: run again with --force",
                  o->dir.committed, NOUT, o->dir.dir);
    sim_outdir_close(&o->dir);
    o->dir_open = false;
    return ok;
}

/* ------------------------------------------------------------ variants */

static void free_variants(PulVariant **v, int n) {
    for (int k = 0; k < n; k++)
        if (v[k]) pul_variant_free(v[k]);
}

static bool open_variants(const SimConfig *cfg, PulVariant **v) {
    for (int k = 0; k < cfg->nvariants; k++) {
        v[k] = cli_open_variant("sim", cfg->variants[k]);
        if (!v[k]) return false;
    }
    return true;
}

/* The engine names what is wrong with a spec; the hint adds the bot nearest
** to an unknown name when the engine's message has none. */
static bool check_bots(const SimConfig *cfg, PulVariant *const *v) {
    static const char *const known[] = {"random", "greedy", "mcts"};
    for (int k = 0; k < cfg->nvariants; k++) {
        int seats = sim_seats_for(cfg, v[k]), min, max;
        pul_variant_players(v[k], &min, &max);
        if (seats < min || seats > max) {
            cli_error("sim", "%s is for %d to %d players, not %d: choose --seats in that range",
                      cfg->variants[k], min, max, seats);
            return false;
        }
        for (int b = 0; b < cfg->nbots; b++) {
            PulError err;
            memset(&err, 0, sizeof err);
            PulBot *bot = pul_bot_new(v[k], cfg->bots[b], 0, &err);
            if (bot) {
                pul_bot_free(bot);
                continue;
            }
            char buf[1024], name[SIM_SPEC_MAX];
            snprintf(name, sizeof name, "%.*s", (int)strcspn(cfg->bots[b], ":"), cfg->bots[b]);
            const char *near = cli_did_you_mean(name, known, 3);
            if (near && strcmp(near, name) != 0 && !strstr(err.message, "did you mean"))
                cli_error("sim", "bot \"%s\": %s; did you mean '%s'?", cfg->bots[b],
                          pul_error_format(&err, buf, sizeof buf), near);
            else
                cli_error("sim", "bot \"%s\": %s", cfg->bots[b],
                          pul_error_format(&err, buf, sizeof buf));
            return false;
        }
    }
    return true;
}

/* ----------------------------------------------------------------- run */

/* "mcts:iters=2000,c=0.7,greedy": split at commas, a piece with '=' but no
** ':' belonging to the spec before it. */
static bool parse_bots(const char *text, SimConfig *cfg) {
    cfg->nbots = 0;
    const char *p = text;
    for (;;) {
        size_t len = strcspn(p, ",");
        bool continues = cfg->nbots > 0 && memchr(p, '=', len) && !memchr(p, ':', len);
        if (len == 0) {
            cli_error("sim", "--bots has an empty spec in \"%s\"", text);
            return false;
        }
        char *spec = continues ? cfg->bots[cfg->nbots - 1] : NULL;
        if (!continues) {
            if (cfg->nbots == PUL_MAX_SEATS) {
                cli_error("sim", "--bots names more than %d bots, one per seat", PUL_MAX_SEATS);
                return false;
            }
            spec = cfg->bots[cfg->nbots++];
            spec[0] = '\0';
        }
        size_t have = strlen(spec);
        if (have + len + 2 > SIM_SPEC_MAX) {
            cli_error("sim", "a bot spec in --bots is longer than %d bytes", SIM_SPEC_MAX - 1);
            return false;
        }
        snprintf(spec + have, SIM_SPEC_MAX - have, "%s%.*s", continues ? "," : "", (int)len, p);
        if (p[len] == '\0') return true;
        p += len + 1;
    }
}

static bool parse_shard(const char *text, SimConfig *cfg) {
    char *end;
    long i = strtol(text, &end, 10), n = 0;
    bool ok = end != text && *end == '/' && text[0] >= '0' && text[0] <= '9';
    if (ok) {
        const char *d = end + 1;
        n = strtol(d, &end, 10);
        ok = end != d && *end == '\0' && d[0] >= '1' && d[0] <= '9' && n >= 1 && n <= 1000000 &&
             i >= 0 && i < n;
    }
    if (!ok) {
        cli_error("sim", "--shard takes I/N with 0 <= I < N <= 1000000 (\"0/4\" to \"3/4\"), not \"%s\"",
                  text);
        return false;
    }
    cfg->shard = (int)i;
    cfg->nshards = (int)n;
    return true;
}

static bool add_variant(SimConfig *cfg, const char *name) {
    if (cfg->nvariants == SIM_MAX_VARIANTS) {
        cli_error("sim", "%d variants at most in one run", SIM_MAX_VARIANTS);
        return false;
    }
    if (strlen(name) >= SIM_NAME_MAX) {
        cli_error("sim", "the variant name \"%.40s...\" is longer than %d bytes", name,
                  SIM_NAME_MAX - 1);
        return false;
    }
    for (int k = 0; k < cfg->nvariants; k++) {
        if (strcmp(cfg->variants[k], name) == 0) {
            cli_error("sim", "variant %s is given twice", name);
            return false;
        }
    }
    snprintf(cfg->variants[cfg->nvariants++], SIM_NAME_MAX, "%s", name);
    return true;
}

static int run_sim(SimConfig *cfg, const char *out_dir, bool force, bool quiet) {
    PulVariant *v[SIM_MAX_VARIANTS] = {NULL};
    if (!open_variants(cfg, v) || !check_bots(cfg, v)) {
        free_variants(v, cfg->nvariants);
        return CLI_UNUSABLE;
    }
    SimOut o;
    double t0 = now();
    /* The folder is checked and locked before any game is played. */
    bool ok = out_open(&o, out_dir, force, cfg, v, quiet);
    PulError err;
    memset(&err, 0, sizeof err);
    if (ok && !sim_run(cfg, out_row, out_progress, &o, &err)) {
        if (o.progress) fputc('\n', stderr);
        if (strcmp(err.code, "stopped") != 0) {
            char buf[1024];
            cli_error("sim", "%s", pul_error_format(&err, buf, sizeof buf));
        }
        ok = false;
    }
    ok = out_close(&o, ok) && ok;
    free_variants(v, cfg->nvariants);
    if (!ok) return CLI_UNUSABLE;
    if (!quiet) {
        double t = now() - t0;
        uint64_t n = sim_shard_games(cfg) * (uint64_t)cfg->nvariants;
        fprintf(stderr, "pul sim: %llu games in %.1f s (%.0f games/s); report in %s/report.html\n",
                (unsigned long long)n, t, t > 0 ? (double)n / t : 0, CLI_TEXT(out_dir));
    }
    return CLI_OK;
}

/* --------------------------------------------------------------- merge */

typedef struct {
    const char *dir;
    char path[PUL_PATH_MAX + 16];
    FILE *f;
    SimConfig cfg;
    long line;
} SimShard;

static bool same_run(const SimConfig *a, const SimConfig *b) {
    if (a->nvariants != b->nvariants || a->seats != b->seats || a->nbots != b->nbots ||
        a->swap != b->swap || a->games != b->games || a->seed != b->seed ||
        a->nshards != b->nshards)
        return false;
    for (int k = 0; k < a->nvariants; k++)
        if (strcmp(a->variants[k], b->variants[k]) != 0) return false;
    for (int k = 0; k < a->nbots; k++)
        if (strcmp(a->bots[k], b->bots[k]) != 0) return false;
    return true;
}

static bool open_shard(SimShard *sh, const char *dir) {
    sh->dir = dir;
    struct stat st;
    /* A rows.jsonl may be named itself, or the folder holding it. */
    if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
        snprintf(sh->path, sizeof sh->path, "%s/rows.jsonl", dir);
    else
        snprintf(sh->path, sizeof sh->path, "%s", dir);
    sh->f = fopen(sh->path, "rb");
    if (!sh->f) {
        cli_error("sim", "merge: cannot read %s: %s", sh->path, strerror(errno));
        return false;
    }
    return true;
}

/* The next line without its newline, or NULL at the end. */
static char *next_line(SimShard *sh, char **buf, size_t *cap) {
    ssize_t n = getline(buf, cap, sh->f);
    if (n < 0) return NULL;
    sh->line++;
    while (n > 0 && ((*buf)[n - 1] == '\n' || (*buf)[n - 1] == '\r')) (*buf)[--n] = '\0';
    return *buf;
}

static int read_headers(SimShard *shards, int n, SimConfig *cfg) {
    char *buf = NULL, why[256];
    size_t cap = 0;
    int status = CLI_OK;
    for (int k = 0; k < n && status == CLI_OK; k++) {
        char *line = next_line(&shards[k], &buf, &cap);
        if (!line || !sim_header_parse(line, &shards[k].cfg, why, sizeof why)) {
            cli_error("sim", "merge: %s:1: not the rows of a pul sim run (%s)", shards[k].path,
                      line ? why : "the file is empty");
            status = CLI_WRONG;
        } else if (k > 0 && !same_run(&shards[0].cfg, &shards[k].cfg)) {
            cli_error("sim",
                      "merge: %s and %s are not shards of one run: their settings differ "
                      "(variants, bots, seats, games, seed or shard count)",
                      shards[0].path, shards[k].path);
            status = CLI_WRONG;
        }
    }
    free(buf);
    if (status != CLI_OK) return status;
    *cfg = shards[0].cfg;
    if (n != cfg->nshards) {
        cli_error("sim", "merge: the run has %d shards but %d were given; give each one once",
                  cfg->nshards, n);
        return CLI_WRONG;
    }
    /* Put the shards in order, each once. */
    for (int s = 0; s < n; s++) {
        int found = -1;
        for (int k = s; k < n; k++) {
            if (shards[k].cfg.shard != s) continue;
            if (found >= 0) {
                cli_error("sim", "merge: shard %d/%d is given twice: %s and %s", s, n,
                          shards[found].path, shards[k].path);
                return CLI_WRONG;
            }
            found = k;
        }
        if (found < 0) {
            cli_error("sim", "merge: shard %d/%d is missing (it plays games i with i mod %d = %d)",
                      s, n, n, s);
            return CLI_WRONG;
        }
        SimShard t = shards[s];
        shards[s] = shards[found];
        shards[found] = t;
    }
    cfg->shard = 0;
    cfg->nshards = 1;
    return CLI_OK;
}

/* Every row in the order of an unsharded run, checked; to o when not NULL. */
static int merge_rows(SimShard *shards, const SimConfig *cfg, PulVariant *const *v, SimOut *o) {
    char *buf = NULL, why[256];
    size_t cap = 0;
    int status = CLI_OK;
    int n = shards[0].cfg.nshards;
    for (uint64_t i = 0; i < cfg->games && status == CLI_OK; i++) {
        SimShard *sh = &shards[i % (uint64_t)n];
        for (int k = 0; k < cfg->nvariants && status == CLI_OK; k++) {
            SimRow row;
            char *line = next_line(sh, &buf, &cap);
            if (!line) {
                cli_error("sim", "merge: %s ends before game %llu of %s: the shard is incomplete",
                          sh->path, (unsigned long long)i, cfg->variants[k]);
                status = CLI_WRONG;
            } else if (!sim_row_parse(line, cfg, v, &row, why, sizeof why)) {
                char again[64] = "";
                if (sh->cfg.nshards > 1)
                    snprintf(again, sizeof again, " (--shard %d/%d)", sh->cfg.shard,
                             sh->cfg.nshards);
                cli_error("sim",
                          "merge: %s:%ld: %s; the row is not as pul sim writes it: if the file "
                          "was changed, play its run%s again",
                          sh->path, sh->line, why, again);
                status = CLI_WRONG;
            } else if (row.index != i || row.variant != k || row.seed != cfg->seed + i) {
                cli_error("sim",
                          "merge: %s:%ld: expected game %llu of %s, found game %llu of %s: the "
                          "shard has a game missing, twice or out of order",
                          sh->path, sh->line, (unsigned long long)i, cfg->variants[k],
                          (unsigned long long)row.index, cfg->variants[row.variant]);
                status = CLI_WRONG;
            } else if (o && !out_row(&row, o)) {
                status = CLI_UNUSABLE;
            }
        }
        if (o) out_progress((i + 1) * (uint64_t)cfg->nvariants, cfg->games * (uint64_t)cfg->nvariants, o);
    }
    for (int s = 0; s < n && status == CLI_OK; s++) {
        if (next_line(&shards[s], &buf, &cap)) {
            cli_error("sim", "merge: %s:%ld: a row beyond the games of the run", shards[s].path,
                      shards[s].line);
            status = CLI_WRONG;
        }
    }
    free(buf);
    return status;
}

static void rewind_shards(SimShard *shards, int n) {
    for (int k = 0; k < n; k++) {
        rewind(shards[k].f);
        shards[k].line = 0;
        char *buf = NULL;
        size_t cap = 0;
        next_line(&shards[k], &buf, &cap); /* the header, read before */
        free(buf);
    }
}

static int run_merge(char **dirs, int n, const char *out_dir, bool force, bool quiet) {
    if (n == 0) {
        cli_error("sim", "merge: give the output folders of the shards (see pul sim --help)");
        return CLI_UNUSABLE;
    }
    SimShard *shards = calloc((size_t)n, sizeof *shards);
    if (!shards) {
        cli_error("sim", "out of memory");
        return CLI_UNUSABLE;
    }
    SimConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.search_dirs = cli_search_dirs(NULL);
    PulVariant *v[SIM_MAX_VARIANTS] = {NULL};
    int status = CLI_OK;
    for (int k = 0; k < n && status == CLI_OK; k++)
        if (!open_shard(&shards[k], dirs[k])) status = CLI_UNUSABLE;
    if (status == CLI_OK) status = read_headers(shards, n, &cfg);
    if (status == CLI_OK && !open_variants(&cfg, v)) status = CLI_UNUSABLE;
    /* A first pass checks everything, so a bad shard leaves no half-written output. */
    if (status == CLI_OK) status = merge_rows(shards, &cfg, v, NULL);
    if (status == CLI_OK) {
        rewind_shards(shards, n);
        SimOut o;
        bool ok = out_open(&o, out_dir, force, &cfg, v, quiet);
        if (ok) status = merge_rows(shards, &cfg, v, &o);
        ok = out_close(&o, ok && status == CLI_OK) && ok;
        if (!ok && status == CLI_OK) status = CLI_UNUSABLE;
        if (status == CLI_OK && !quiet)
            fprintf(stderr, "pul sim: merged %d shards, %llu games; report in %s/report.html\n", n,
                    (unsigned long long)(cfg.games * (uint64_t)cfg.nvariants), CLI_TEXT(out_dir));
    }
    for (int k = 0; k < n; k++)
        if (shards[k].f) fclose(shards[k].f);
    free(shards);
    free_variants(v, cfg.nvariants);
    return status;
}

/* ---------------------------------------------------------------- main */

int cmd_sim(int argc, char **argv) {
    static const CliOption opts[] = {
        {"games", 0, true}, {"bots", 0, true},  {"seats", 0, true}, {"swap", 0, false},
        {"seed", 0, true},  {"threads", 0, true}, {"shard", 0, true}, {"out", 0, true},
        {"force", 0, false}, {"quiet", 'q', false}, {"help", 'h', false}, {0}};
    enum {
        OPT_GAMES, OPT_BOTS, OPT_SEATS, OPT_SWAP, OPT_SEED, OPT_THREADS, OPT_SHARD, OPT_OUT,
        OPT_FORCE, OPT_QUIET, OPT_HELP
    };
    SimConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.search_dirs = cli_search_dirs(NULL);
    cfg.games = 1000;
    cfg.seed = 1;
    cfg.nshards = 1;
    cfg.nbots = 1;
    /* greedy: random bots mostly end with a player out of tiles, which says little */
    snprintf(cfg.bots[0], SIM_SPEC_MAX, "greedy");
    const char *out_dir = "sim-out", *value;
    bool force = false, quiet = false, merge = false, run_only = false;
    char **operands = calloc((size_t)argc + 1, sizeof *operands);
    int noperands = 0;
    if (!operands) {
        cli_error("sim", "out of memory");
        return CLI_UNUSABLE;
    }
    long n;
    int status = CLI_OK;
    CliParser p;
    cli_init(&p, "sim", argc, argv);
    for (int k; status == CLI_OK && (k = cli_next(&p, opts, &value)) != CLI_END;) {
        if (k != CLI_OPERAND && k != OPT_OUT && k != OPT_FORCE && k != OPT_QUIET &&
            k != OPT_HELP && k >= 0)
            run_only = true;
        switch (k) {
        case OPT_GAMES:
            if (!cli_parse_u64_range("sim", "--games", value, 1, SIM_MAX_GAMES, &cfg.games))
                status = CLI_UNUSABLE;
            break;
        case OPT_BOTS:
            if (!parse_bots(value, &cfg)) status = CLI_UNUSABLE;
            break;
        case OPT_SEATS:
            if (!cli_parse_int("sim", "--seats", value, 1, PUL_MAX_SEATS, &n))
                status = CLI_UNUSABLE;
            cfg.seats = (int)n;
            break;
        case OPT_SWAP: cfg.swap = true; break;
        case OPT_SEED:
            if (!cli_parse_u64("sim", "--seed", value, &cfg.seed)) status = CLI_UNUSABLE;
            break;
        case OPT_THREADS:
            if (!cli_parse_int("sim", "--threads", value, 1, SIM_MAX_THREADS, &n)) {
                status = CLI_UNUSABLE;
            } else if (n > sim_thread_limit()) {
                cli_error("sim", "--threads %s: this build of pul has no threads (the "
                          "WebAssembly one): give --threads 1 or leave it out", value);
                status = CLI_UNUSABLE;
            }
            cfg.threads = (int)n;
            break;
        case OPT_SHARD:
            if (!parse_shard(value, &cfg)) status = CLI_UNUSABLE;
            break;
        case OPT_OUT: out_dir = value; break;
        case OPT_FORCE: force = true; break;
        case OPT_QUIET: quiet = true; break;
        case OPT_HELP:
            fputs(sim_help, stdout);
            free(operands);
            return CLI_OK;
        case CLI_OPERAND:
            /* "merge" is a sub-command only in first place: a variant may not be called so. */
            if (noperands == 0 && !merge && strcmp(value, "merge") == 0 && p.i == 2)
                merge = true;
            else
                operands[noperands++] = (char *)value;
            break;
        default: status = CLI_UNUSABLE; break;
        }
    }
    if (status == CLI_OK && merge && run_only) {
        cli_error("sim", "merge takes only --out, --force and --quiet: the settings come from the "
                         "shards");
        status = CLI_UNUSABLE;
    }
    if (status == CLI_OK && merge) {
        status = run_merge(operands, noperands, out_dir, force, quiet);
    } else if (status == CLI_OK) {
        for (int k = 0; k < noperands && status == CLI_OK; k++)
            if (!add_variant(&cfg, operands[k])) status = CLI_UNUSABLE;
        if (status == CLI_OK && cfg.nvariants == 0) add_variant(&cfg, "micropul");
        if (status == CLI_OK) status = run_sim(&cfg, out_dir, force, quiet);
    }
    free(operands);
    return status;
}
