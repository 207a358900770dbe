/*
** sim.h: the designer's lab behind `pul sim`: games played by bots on many
** threads (sim_run.c), each game's figures as a row (sim_rows.c: JSON lines
** and CSV out, JSON lines back in for `pul sim merge`), the summary made
** from the rows (sim_summary.c), and the HTML report drawn from the summary
** (sim_report.c). A summary is always computed from rows, so one run and
** the merge of its shards give the same summary and the same report. The
** summary opens with a verdict in words (sim_verdict.c), backed by the
** tests of sim_stats.c, and names what differs between the variants of an
** A/B run as the engine knows it (sim_changes.c).
*/
#ifndef PUL_SIM_H
#define PUL_SIM_H

#include <stdio.h>

#include "pul.h"

enum {
    SIM_MAX_VARIANTS = 8,
    SIM_NAME_MAX = 128,
    SIM_SPEC_MAX = 160,
    SIM_MAX_FIGURES = 32, /* figures of a family's table, over all the run's variants */
    SIM_MAX_THREADS = 256 /* --threads */
};

/* Games per variant of one run: 2^53, the largest count every JSON reader
** keeps exact; the count of all games (times SIM_MAX_VARIANTS) and the
** summaries' counts (long) stay far from wrapping. */
#define SIM_MAX_GAMES (UINT64_C(1) << 53)

/* One game's figures: a row of the outputs. */
typedef struct {
    uint64_t index;                 /* game number in the whole simulation, from 0 */
    uint64_t seed;                  /* the game's seed (its deal and chance events) */
    int variant;                    /* index into the run's variants */
    int seats;
    int scores[PUL_MAX_SEATS];
    unsigned winners;               /* bit per winning seat (0: nobody, e.g. solo loss) */
    int end_reason;                 /* PulEndReason */
    int loser;                      /* seat, or -1 */
    int turns;                      /* actions applied */
    int32_t m[PUL_MAX_METRIC_SLOTS]; /* the family's figures, slots as its table says
                                       (pul_variant_metrics) */
    int8_t bot[PUL_MAX_SEATS];      /* per seat: index of its spec in the run's --bots
                                       (the rotation of --swap applied); not a column of
                                       the outputs, which name the specs */
} SimRow;

/* What a run plays. */
typedef struct {
    int nvariants;
    char variants[SIM_MAX_VARIANTS][SIM_NAME_MAX]; /* names or paths, as given */
    int seats;                      /* 0: each variant's smallest count of at least 2, or 1 */
    int nbots;
    char bots[PUL_MAX_SEATS][SIM_SPEC_MAX]; /* per seat; the last repeats for later seats */
    bool swap;                      /* rotate the bots over the seats game by game */
    uint64_t games;                 /* games per variant (before sharding) */
    uint64_t seed;                  /* game i has seed seed + i, in every variant (A/B: the same deals) */
    int threads;                    /* 0: all cores */
    int shard, nshards;             /* this run plays games i with i % nshards == shard */
    const char *search_dirs;        /* extra variant folders, may be NULL */
} SimConfig;

/* Rows come back through this, in game order (index, then variant),
** whatever the thread count. Return false to stop the run. */
typedef bool (*SimRowFn)(const SimRow *row, void *ud);
/* Progress: games done of total, called from the main thread. */
typedef void (*SimProgressFn)(uint64_t done, uint64_t total, void *ud);

/* Play the configured games; false with err filled when a variant or bot
** cannot be made, or a game fails (a script error, an engine refusal), or
** on_row returned false (err code "stopped"). Game i of variant k is played
** with seed cfg->seed + i, seat s's bot seeded from that seed and s, so the
** rows do not depend on the thread count. */
bool sim_run(const SimConfig *cfg, SimRowFn on_row, SimProgressFn on_progress, void *ud,
             PulError *err);

/* The most threads sim_run plays on: 1 in a build without threads (the
** WebAssembly one), where a larger cfg->threads plays on one. */
int sim_thread_limit(void);

/* The seats a variant is played with: cfg->seats, or the default above. */
int sim_seats_for(const SimConfig *cfg, const PulVariant *v);
/* The bot spec at seat s of game index (the rotation of --swap applied),
** and its index in cfg->bots. */
const char *sim_bot_for_seat(const SimConfig *cfg, uint64_t index, int seat, int seats);
int sim_bot_index_for_seat(const SimConfig *cfg, uint64_t index, int seat, int seats);
/* Games of each variant this run plays: indexes below games with index % nshards == shard. */
uint64_t sim_shard_games(const SimConfig *cfg);

/* ---------------------------------------------------------- the --out folder */

enum { SIM_OUT_MAX_FILES = 8 };

/* The folder a run or a merge writes into (sim_outdir.c). */
typedef struct {
    const char *cmd;                /* for messages: "sim" */
    char dir[PUL_PATH_MAX];
    const char *const *names;       /* the outputs' file names */
    int n;
    int dirfd, lockfd;
    long pid;
    size_t made_len;                /* the highest folder this run made (its path's length), 0 none */
    bool made[SIM_OUT_MAX_FILES];   /* a temporary file of output k exists */
    bool had_outputs;               /* outputs of an earlier run were there (--force) */
    int committed;                  /* outputs renamed into place */
} SimOutDir;

/* Make dir (and the folders above it), refuse it when it or an output name
** in it is a symbolic link (or an output is there at all, without force),
** and lock it against other runs for as long as it is open. False (printed)
** when it cannot be used; nothing is left behind then. */
bool sim_outdir_open(SimOutDir *d, const char *cmd, const char *dir, const char *const *names,
                     int n, bool force);
/* A temporary file for output k, in the folder under a name of this run's
** own; NULL (printed) when it cannot be made. */
FILE *sim_outdir_create(SimOutDir *d, int k);
/* Rename every temporary file to its output's name; false (printed) when one fails. */
bool sim_outdir_commit(SimOutDir *d);
/* Remove what is not committed (temporary files, and the folders the run
** made when nothing was), release the lock. */
void sim_outdir_close(SimOutDir *d);

/* ------------------------------------------------------------- rows out */

/* bots: the spec per seat of this row's game; v: its variant (the figures'
** table, the features' names). */
void sim_row_write_json(FILE *f, const SimRow *row, const char *variant_name,
                        const PulVariant *v, const char *const *bots);

/* CSV columns: one per seat for bots and scores, one per figure of the
** families' tables (over all the run's variants, by key), and for a
** per-feature figure one per feature name over all the variants (a variant
** without that feature leaves it 0), so a spreadsheet lines up the variants
** of an A/B run. */
typedef struct {
    int max_seats;
    int nfigures;
    const char *key[SIM_MAX_FIGURES];
    int kind[SIM_MAX_FIGURES];                            /* PulMetricKind */
    int col0[SIM_MAX_FIGURES], ncols[SIM_MAX_FIGURES];    /* per-feature: its names */
    char name[SIM_MAX_VARIANTS * PUL_MAX_FEATURES][PUL_NAME_MAX];
    int nnames;
    int info[SIM_MAX_VARIANTS][SIM_MAX_FIGURES];          /* figure -> index in the table, -1 */
    int column[SIM_MAX_VARIANTS][SIM_MAX_FIGURES][PUL_MAX_FEATURES]; /* feature -> name, -1 */
    const PulMetricInfo *table[SIM_MAX_VARIANTS];
} SimCsvLayout;
void sim_csv_layout(SimCsvLayout *l, int nvariants, PulVariant *const *v, int max_seats);
void sim_row_write_csv_header(FILE *f, const SimCsvLayout *l);
void sim_row_write_csv(FILE *f, const SimRow *row, const char *variant_name,
                       const char *const *bots, const SimCsvLayout *l);

/* ------------------------------------------------------------- rows in */

/* rows.jsonl opens with the run's configuration as one JSON object, so
** `pul sim merge` can check that shards belong together and rebuild the rest. */
void sim_header_write_json(FILE *f, const SimConfig *cfg);
/* false with why filled (a sentence) when line is not such a header. */
bool sim_header_parse(const char *line, SimConfig *cfg, char *why, size_t size);
/* A row as sim_row_write_json wrote it; v: each variant (its figures' table,
** and its tile set to map feature names back to indexes). */
bool sim_row_parse(const char *line, const SimConfig *cfg, PulVariant *const *v, SimRow *row,
                   char *why, size_t size);

/* ------------------------------------------------------------ statistics */

/* sim_stats.c: the tests the summary and its verdict rely on, all at
** SIM_ALPHA (two-sided). */
#define SIM_ALPHA 0.05
/* Fewer paired games than this, or fewer decisive games per seat, and the
** verdict says it cannot judge rather than read noise. */
enum { SIM_MIN_PAIRS = 10, SIM_MIN_PER_SEAT = 5 };

/* The two-sided 1 - SIM_ALPHA quantile of Student's t with df degrees of
** freedom (the normal quantile as df grows); df < 1 gives infinity. */
double sim_t_quantile(long df);
/* The Wilson score interval of a proportion p over n trials, at 1 - SIM_ALPHA. */
void sim_wilson(double p, double n, double *lo, double *hi);
/* P(X >= x) for X chi-square with df degrees of freedom (1 to PUL_MAX_SEATS - 1). */
double sim_chi2_sf(double x, int df);

/* ------------------------------------------------------------ summaries */

typedef struct {
    double mean, sd, lo, hi;        /* lo, hi: a 95% confidence interval of the mean (Student's t) */
    long n;
} SimStat;

/* How one bot did over the seats it held (per variant). */
typedef struct {
    char spec[SIM_SPEC_MAX];
    long seats;                            /* seat-games it played */
    double win_rate, lo, hi;               /* wins per seat-game (ties split), 95% Wilson */
} SimBotSummary;

/* Per variant, what the report shows. */
typedef struct {
    char name[SIM_NAME_MAX];
    long games;
    int seats;                             /* the seats this variant was played with */
    char bots[PUL_MAX_SEATS][SIM_SPEC_MAX];/* per seat without --swap; with it, seat 1's in game 0 */
    SimStat score[PUL_MAX_SEATS];
    long score_hist[PUL_MAX_SEATS][201];   /* games by score, 0..199, 200 = 200 or more */
    double win_rate[PUL_MAX_SEATS];        /* ties split between the tied seats */
    double win_lo[PUL_MAX_SEATS], win_hi[PUL_MAX_SEATS]; /* 95% Wilson interval */
    double fair_share;                     /* 1 / seats: a seat's win rate when seats do not matter */
    /* Seat balance: a chi-square goodness-of-fit test of who won the
    ** decisive games (one winner) against an even split over the seats
    ** (for two seats, the two-sided score test of 50%). Drawn games (a tie
    ** at the top) are split in the win rates but left out of the test. */
    long decisive, drawn, unwon;           /* unwon: nobody won (a solo loss) */
    long seat_wins[PUL_MAX_SEATS];         /* decisive games won by each seat */
    bool seat_tested;                      /* enough decisive games: SIM_MIN_PER_SEAT per seat */
    double seat_chi2, seat_p;
    int nbots;                             /* distinct bots, by spec */
    SimBotSummary bot[PUL_MAX_SEATS];
    SimStat turns;
    long length_hist[256];                 /* games by actions, 255 = 255 or more */
    long end_reasons[8];                   /* by PulEndReason */
    /* The family's figures, as its table says (pul_variant_metrics): each
    ** one without PUL_METRIC_ROWS_ONLY is summed by its slots. */
    const PulMetricInfo *metrics;          /* the variant's table (NULL: none) */
    int nmetrics;
    SimStat stat[PUL_MAX_METRIC_SLOTS];    /* per slot, per game: a count, a feature's value */
    long total[PUL_MAX_METRIC_SLOTS];      /* per slot, over all games: a histogram's bins */
    bool shown[PUL_MAX_METRIC_SLOTS];      /* a per-feature figure's slot of a feature of
                                              its class (no tile set: one that fired) */
    int nfeatures;
    char feature_name[PUL_MAX_FEATURES][PUL_NAME_MAX];
} SimVariantSummary;

/* The index in v's table of the figure with that key that the summary
** shows (not PUL_METRIC_ROWS_ONLY), -1 when it has none. */
int sim_figure_find(const SimVariantSummary *v, const char *key);

/* A/B: each later variant against the first, over the same seeds. */
typedef struct {
    char metric[64];                       /* "score seat 1", "turns", "win rate seat 2", ... */
    bool share;                            /* a share of games: differences in percentage points */
    double a, b, diff, lo, hi;             /* diff = b - a, 95% CI of the paired difference */
    long n;                                /* paired games */
    char verdict[32];                      /* "higher", "lower", "no clear difference",
                                              "too few games" */
} SimDiff;

/* One thing that differs between variant k and the first, as the engine
** tells it (sim_changes.c). */
/* The engine's record of a piece change, so the family's changes are kept as
** they come: kind "rule", "rule at setup", "seats", "script", "theme" or the
** family's own ("tiles", "feature"); name the parameter, piece or file; a and b
** what A and B have ("" for none). */
enum { SIM_MAX_CHANGES = 24, SIM_CHANGE_TEXT = PUL_CHANGE_TEXT };
typedef PulPieceChange SimChange;

enum { SIM_MAX_VERDICT = 40, SIM_VERDICT_TEXT = 640 };

typedef struct {
    int nvariants;
    SimVariantSummary v[SIM_MAX_VARIANTS];
    int ndiffs;
    SimDiff diffs[SIM_MAX_VARIANTS][64];   /* [variant k >= 1][metric] against variant 0 */
    int ndiff[SIM_MAX_VARIANTS];
    bool same_seats[SIM_MAX_VARIANTS];     /* [k]: seat figures compared only when true */
    int nchanges[SIM_MAX_VARIANTS];
    SimChange changes[SIM_MAX_VARIANTS][SIM_MAX_CHANGES];
    bool changes_known;                    /* the variants were there to compare */
    int nbots;                             /* the run's --bots, as given */
    char bots[PUL_MAX_SEATS][SIM_SPEC_MAX];
    bool swap;
    bool random_bots;                      /* a random bot plays: the verdict warns (set by it) */
    /* The verdict in words (sim_verdict.c), first line first. Raw UTF-8 with
    ** edition text in it: escape it for its medium. */
    int nverdict;
    char verdict[SIM_MAX_VERDICT][SIM_VERDICT_TEXT];
} SimSummary;

/* What a variant's per-feature figures count by, names and classes
** (pul_variant_feature): a tile set's features, Genial's symbols. */
typedef struct {
    int n;
    const char *name[PUL_MAX_FEATURES];
    int cls[PUL_MAX_FEATURES];        /* PulFeatureClass, -1 none */
} SimFeatures;
/* v's features; the names are v's, valid while v is. */
void sim_features(const PulVariant *v, SimFeatures *out);

/* What the summary is made for. */
typedef struct {
    int nvariants;
    const char *const *names;              /* each variant's name */
    const SimFeatures *features;           /* each variant's features (sim_features); may be NULL */
    const int *seats;                      /* each variant's seats; NULL: as the rows say */
    int nbots;                             /* the run's --bots: rows' bot indexes point here */
    const char *const *bots;
    bool swap;
    const PulMetricInfo *const *metrics;   /* each variant's figures (pul_variant_metrics) */
    const int *nmetrics;                   /* NULL: none */
} SimSummarySpec;

/* Rows go in, in any order; the summary comes out (sim_summary.c). */
typedef struct SimSummaryBuilder SimSummaryBuilder;
SimSummaryBuilder *sim_summary_new(const SimSummarySpec *spec);
bool sim_summary_add(SimSummaryBuilder *b, const SimRow *row);
/* What differs between variant k (>= 1) and the first, for the summary and
** its verdict; n changes (at most SIM_MAX_CHANGES are kept). */
void sim_summary_set_changes(SimSummaryBuilder *b, int k, const SimChange *changes, int n);
/* Fills out, verdict included (the A/B differences pair games by index). */
void sim_summary_finish(SimSummaryBuilder *b, SimSummary *out);
void sim_summary_free(SimSummaryBuilder *b);
void sim_summary_write_json(FILE *f, const SimSummary *s);
/* A self-contained HTML page (inline CSS and SVG, no scripts, no network). */
bool sim_report_write_html(FILE *f, const SimSummary *s, const char *title);

/* The verdict's lines into s->verdict (sim_verdict.c; sim_summary_finish calls it). */
void sim_verdict_make(SimSummary *s);
/* A difference (d->diff, d->lo or d->hi as x) in the unit the verdict, the
** table and the chart share: "+4.0 pp" for a share of games, "-3.3%" of A
** for a count ("+0.35" when A is 0). */
void sim_diff_text(const SimDiff *d, double x, char *buf, size_t size);
/* The verdict for a terminal: every line made safe, wrapped to width. */
void sim_verdict_print(FILE *f, const SimSummary *s, int width);

/* What differs between b and a, played with seats_a and seats_b seats:
** rule parameters (as the variants give them, and as the setup hooks leave
** them in a game of the given seed), tiles and features, scripts and theme.
** Returns the count written (at most max). */
int sim_changes(const PulVariant *a, int seats_a, const PulVariant *b, int seats_b,
                uint64_t seed, SimChange *out, int max);

#endif
