/*
** sim.h: the designer's lab behind `pul sim`: games played by bots on many
** threads (sim_run.c), each game's figures as a row (sim_rows.c: JSON lines
** and CSV out, JSON lines back in for `pul sim merge`), the summary made
** from the rows (sim_summary.c), and the HTML report drawn from the summary
** (sim_report.c). A summary is always computed from rows, so one run and
** the merge of its shards give the same summary and the same report.
*/
#ifndef PUL_SIM_H
#define PUL_SIM_H

#include <stdio.h>

#include "pul.h"

enum {
    SIM_MAX_VARIANTS = 8,
    SIM_NAME_MAX = 128,
    SIM_SPEC_MAX = 160,
    SIM_MAX_GROUP = 64  /* closed-group sizes counted up to this; larger ones count here */
};

/* Games per variant of one run: 2^53, the largest count every JSON reader
** keeps exact; the count of all games (times SIM_MAX_VARIANTS) and the
** summaries' counts (long) stay far from wrapping. */
#define SIM_MAX_GAMES (UINT64_C(1) << 53)

/* One game's figures: a row of the outputs. */
typedef struct {
    uint64_t index;                 /* game number in the whole simulation, from 0 */
    uint64_t seed;                  /* the game's seed (deal and random takes) */
    int variant;                    /* index into the run's variants */
    int seats;
    int scores[PUL_MAX_SEATS];
    unsigned winners;               /* bit per winning seat (0: nobody, e.g. solo loss) */
    int end_reason;                 /* PulEndReason */
    int loser;                      /* seat, or -1 */
    int turns;                      /* actions applied */
    int placements, takes, claims, passes;
    int draws;                      /* tiles drawn from the core by catalysts and scripts */
    int extra_turns;
    int activations[PUL_MAX_FEATURES]; /* per catalyst feature index */
    int closed_groups;
    int closed_sizes[SIM_MAX_GROUP + 1]; /* count of closed groups by size (index = size) */
    int tiles_left;                 /* in the core at the end */
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

/* The seats a variant is played with: cfg->seats, or the default above. */
int sim_seats_for(const SimConfig *cfg, const PulRules *rules);
/* The bot spec at seat s of game index (the rotation of --swap applied). */
const char *sim_bot_for_seat(const SimConfig *cfg, uint64_t index, int seat, int seats);
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

/* bots: the spec per seat of this row's game. */
void sim_row_write_json(FILE *f, const SimRow *row, const char *variant_name,
                        const PulTileSet *ts, const char *const *bots);

/* CSV columns: one per seat for bots and scores, and one per catalyst name
** over all the run's variants (a variant without that catalyst leaves it 0),
** so a spreadsheet lines up the variants of an A/B run. */
typedef struct {
    int max_seats;
    int ncatalysts;
    char catalyst[SIM_MAX_VARIANTS * PUL_MAX_FEATURES][PUL_NAME_MAX];
    int column[SIM_MAX_VARIANTS][PUL_MAX_FEATURES]; /* feature -> catalyst column, -1 none */
} SimCsvLayout;
void sim_csv_layout(SimCsvLayout *l, int nvariants, const PulTileSet *const *ts, int max_seats);
void sim_row_write_csv_header(FILE *f, const SimCsvLayout *l);
void sim_row_write_csv(FILE *f, const SimRow *row, const char *variant_name,
                       const char *const *bots, const SimCsvLayout *l);

/* ------------------------------------------------------------- rows in */

/* rows.jsonl opens with the run's configuration as one JSON object, so
** `pul sim merge` can check that shards belong together and rebuild the rest. */
void sim_header_write_json(FILE *f, const SimConfig *cfg);
/* false with why filled (a sentence) when line is not such a header. */
bool sim_header_parse(const char *line, SimConfig *cfg, char *why, size_t size);
/* A row as sim_row_write_json wrote it; ts: each variant's tile set, to map
** catalyst names back to feature indexes. */
bool sim_row_parse(const char *line, const SimConfig *cfg, const PulTileSet *const *ts,
                   SimRow *row, char *why, size_t size);

/* ------------------------------------------------------------ summaries */

typedef struct {
    double mean, sd, lo, hi;        /* lo, hi: a 95% confidence interval of the mean */
    long n;
} SimStat;

/* Per variant, what the report shows. */
typedef struct {
    char name[SIM_NAME_MAX];
    long games;
    int seats;
    char bots[PUL_MAX_SEATS][SIM_SPEC_MAX];
    SimStat score[PUL_MAX_SEATS];
    long score_hist[PUL_MAX_SEATS][201];   /* games by score, 0..199, 200 = 200 or more */
    double win_rate[PUL_MAX_SEATS];        /* ties split between the tied seats */
    double win_lo[PUL_MAX_SEATS], win_hi[PUL_MAX_SEATS]; /* 95% Wilson interval */
    SimStat turns, draws, extra_turns, closed_groups, tiles_left;
    long length_hist[256];                 /* games by actions, 255 = 255 or more */
    long end_reasons[8];                   /* by PulEndReason */
    int nfeatures;
    char feature_name[PUL_MAX_FEATURES][PUL_NAME_MAX];
    bool is_catalyst[PUL_MAX_FEATURES];
    SimStat activations[PUL_MAX_FEATURES]; /* per game */
    long closed_sizes[SIM_MAX_GROUP + 1];
} SimVariantSummary;

/* A/B: each later variant against the first, over the same seeds. */
typedef struct {
    char metric[64];                       /* "score seat 1", "turns", "win rate seat 2", ... */
    double a, b, diff, lo, hi;             /* diff = b - a, 95% CI of the paired difference */
    char verdict[32];                      /* "higher", "lower", "no clear difference" */
} SimDiff;

typedef struct {
    int nvariants;
    SimVariantSummary v[SIM_MAX_VARIANTS];
    int ndiffs;
    SimDiff diffs[SIM_MAX_VARIANTS][64];   /* [variant k >= 1][metric] against variant 0 */
    int ndiff[SIM_MAX_VARIANTS];
} SimSummary;

/* Rows go in, in any order; the summary comes out (sim_summary.c). */
typedef struct SimSummaryBuilder SimSummaryBuilder;
/* names: each variant's name; ts: each variant's tile set (for feature names). */
SimSummaryBuilder *sim_summary_new(int nvariants, const char *const *names,
                                   const PulTileSet *const *ts, int seats,
                                   const char *const *bots);
bool sim_summary_add(SimSummaryBuilder *b, const SimRow *row);
/* Fills out (the A/B differences pair games by index). */
void sim_summary_finish(SimSummaryBuilder *b, SimSummary *out);
void sim_summary_free(SimSummaryBuilder *b);
void sim_summary_write_json(FILE *f, const SimSummary *s);
/* A self-contained HTML page (inline CSS and SVG, no scripts, no network). */
bool sim_report_write_html(FILE *f, const SimSummary *s, const char *title);

#endif
