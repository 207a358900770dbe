/*
** cmd_bench.c: `pul bench`, the engine's speed on one thread: random games,
** legal-placement enumeration on mid-game positions, and apply calls.
*/
#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "cli.h"
#include "commands.h"
#include "sim.h"

enum {
    BENCH_POOL = 200,           /* positions per enumeration row */
    BENCH_POOL_SEEDS = 4000,    /* seeds tried to fill the pools */
    BENCH_REPLAY_GAMES = 64,    /* games recorded for the apply row */
    BENCH_SIM_BATCH = 512,      /* games per sim_run call of the random sim rows */
    BENCH_SIM_GREEDY_BATCH = 16,/* games per sim_run call of the greedy sim row */
    BENCH_MCTS_POSITIONS = 4,   /* positions the mcts row searches */
    BENCH_STRENGTH_GAMES = 8,   /* games of the mcts strength row (seeds 1..8) */
    BENCH_COMPARE_ROUNDS = 3    /* default rounds of --compare */
};

/* The mcts strength row's bot: a fixed time per move, so that a faster engine
** shows as a stronger bot. */
#define BENCH_STRENGTH_SECONDS "0.005"
#define BENCH_STRENGTH_BOT "mcts:time=" BENCH_STRENGTH_SECONDS

static const char bench_help[] =
    "usage: pul bench [--json] [--seconds S] [--variant NAME] [--hooks BASE:HOOKED]\n"
    "       pul bench --compare OTHER_PUL [--rounds N] [--json] [--seconds S] ...\n\n"
    "Measures the engine on one thread. Each row has a warm-up of 0.3 S seconds,\n"
    "then is measured for S seconds:\n"
    "  games        random 2-player games from start to end, a new seed each\n"
    "  playouts     the same games on the playout path: pul_random_action and\n"
    "               pul_apply_trusted (no check, no events), as bots play them\n"
    "  largest set  the games row with the variant's tiles repeated up to the\n"
    "               largest tile set the engine takes (250 tiles, the wide board)\n"
    "  placements   pul_legal_placements on 200 mid-game positions with 13 and\n"
    "               with 20 tiles on the board, the player to move holding 6\n"
    "               (reached by random players that refill their hand first);\n"
    "               for Einfach Genial editions, positions of random games where\n"
    "               the player to move begins a turn's placement\n"
    "  apply        pul_apply replaying recorded random games\n"
    "  games        random games (at each variant's fewest seats) of a variant\n"
    "               without hooks and of one with Lua hooks (--hooks), to show\n"
    "               what the hooks cost\n"
    "  sim games    pul sim's games (random bots, observations, rows) on 1 and\n"
    "               on 2 threads, and how much the second thread adds; and on\n"
    "               1 thread with greedy bots\n"
    "  mcts         pul_bot_choose of mcts:iters=200 on a few early positions,\n"
    "               as search iterations per second\n"
    "  mcts vs greedy  strength per CPU second: the share of 8 games (seeds 1 to\n"
    "               8, the bots swapping seats) won by " BENCH_STRENGTH_BOT ",\n"
    "               a fixed " BENCH_STRENGTH_SECONDS " s per move, against greedy, on\n"
    "               one thread (not timed by S; none for solo variants)\n"
    "Figures on a shared machine are only indicative.\n\n"
    "With --compare OTHER_PUL, this pul's bench and OTHER_PUL's (another build) run\n"
    "in turn, N rounds each (--rounds, default 3), the other first in odd rounds\n"
    "so that a drift of the machine's load falls on both alike; both are run as\n"
    "'bench --json' with the --seconds, --variant and --hooks given here. Every\n"
    "rate (a key ending in _per_s) is printed with each side's median, the ratio\n"
    "this/other of the medians, each side's spread (standard deviation of the\n"
    "rounds over the median) and whether the ratio is within noise: |ratio - 1|\n"
    "at most max(3%, 2 x the larger spread). Exit 1 when the other's JSON lacks\n"
    "a rate this one has (each is named), 2 when it cannot be run or fails.\n\n"
    "Options:\n"
    "  --json         print one JSON object instead of a table (keys games_per_s,\n"
    "                 actions_per_game, playouts_per_s, games_large_per_s,\n"
    "                 enumerations_per_s, enumerations_13_per_s,\n"
    "                 enumerations_20_per_s, placements_13_avg, placements_20_avg,\n"
    "                 applies_per_s, hooks_base, hooks_variant,\n"
    "                 hooks_base_games_per_s, hooks_games_per_s, hooks_ratio,\n"
    "                 hooks_action_ratio, sim_games_1t_per_s, sim_games_2t_per_s,\n"
    "                 sim_scaling, mcts_iterations_per_s, sim_games_greedy_per_s,\n"
    "                 mcts_vs_greedy_bot, mcts_vs_greedy_games,\n"
    "                 mcts_vs_greedy_win_rate, mcts_vs_greedy_cpu_s); with\n"
    "                 --compare, the comparison (this, other, rounds, seconds,\n"
    "                 rates: key, this_median, other_median, ratio, this_spread,\n"
    "                 other_spread, noise, verdict; missing_in_other)\n"
    "  --compare P    compare with the pul executable P (see above)\n"
    "  --hooks B:H    the two variants of the hooks rows (default\n"
    "                 micropul-solo:micropul-solo-peek)\n"
    "  --rounds N     rounds of --compare (default 3)\n"
    "  --seconds S    measurement time per row (default 1)\n"
    "  --variant NAME variant of the other rows (default micropul)\n"
    "  -h, --help     show this text\n";

typedef struct {
    const PulVariant *v;
    const char *variant_arg;  /* as given, for the sim rows, which open it themselves */
    int nseats;
    PulGame *g;            /* scratch game */
    PulRng rng;
    uint64_t next_seed;
    uint64_t ops;          /* operations of the last measurement */
    uint64_t aux;          /* a second count some rows keep (actions) */
    volatile uint64_t sink;/* results land here so nothing is optimised away */
    bool failed;
    /* placements */
    PulGame **pool;
    int npool;
    PulAction *buf;
    /* apply */
    PulGame *starts[BENCH_REPLAY_GAMES];
    PulAction *moves;
    int first_move[BENCH_REPLAY_GAMES + 1];
} Bench;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One batch of work; returns how many measured operations it did. */
typedef uint64_t (*BenchStep)(Bench *b);

/* Operations per second after a warm-up; b->aux counts only the measured part. */
static double measure(Bench *b, BenchStep step, double seconds) {
    double t0 = now();
    while (now() - t0 < 0.3 * seconds && !b->failed) step(b);
    b->aux = 0;
    uint64_t ops = 0;
    double elapsed;
    t0 = now();
    do {
        ops += step(b);
        elapsed = now() - t0;
    } while (elapsed < seconds && !b->failed);
    b->ops = ops;
    return b->failed ? 0 : (double)ops / elapsed;
}

static bool start_game(Bench *b, PulGame *g, uint64_t seed) {
    PulError err;
    if (pul_game_start(g, b->nseats, seed, NULL, 0, &err) == PUL_OK) return true;
    char text[1024];
    cli_error("bench", "%s", pul_error_format(&err, text, sizeof text));
    b->failed = true;
    return false;
}

/* ------------------------------------------------------------------ games */

static uint64_t step_game(Bench *b) {
    if (!start_game(b, b->g, b->next_seed++)) return 0;
    PulAction a;
    uint64_t n = 0;
    /* The engine ends every game by its action limit (pul.h). */
    while (!pul_game_over(b->g) && pul_random_action(b->g, &b->rng, &a)) {
        b->sink += pul_apply(b->g, &a, NULL);
        n++;
    }
    b->aux += n;
    return 1;
}

/* The same games through the playout path: actions the engine generated
** for this very position need no check (pul_apply_trusted). */
static uint64_t step_playout(Bench *b) {
    if (!start_game(b, b->g, b->next_seed++)) return 0;
    PulAction a;
    while (!pul_game_over(b->g) && pul_random_action(b->g, &b->rng, &a))
        b->sink += pul_apply_trusted(b->g, &a);
    return 1;
}

/* ------------------------------------------------------------ large set */

/* The variant's own tiles repeated up to PUL_MAX_TILES, with its rules: the
** largest set a modder may make, on the wide board (pul.h). Made here so the
** row needs no file; NULL for a family without a tile set (Genial). */
static PulVariant *large_variant(const PulVariant *v) {
    const PulTileSet *ts = pul_variant_tileset(v);
    if (!ts || ts->ntiles < 1) return NULL;
    PulTileSet *big = malloc(sizeof *big);
    if (!big) return NULL;
    *big = *ts;
    big->ntiles = PUL_MAX_TILES;
    for (int k = ts->ntiles; k < PUL_MAX_TILES; k++) big->tile[k] = ts->tile[k % ts->ntiles];
    PulError err;
    PulVariant *lv = pul_variant_new("large", big, pul_variant_rules(v), &err);
    free(big);
    return lv;
}

/* Random games of the large set, as the games row plays them. */
static double large_rate(Bench *b, double seconds, double *apg) {
    PulVariant *lv = large_variant(b->v);
    PulGame *g = lv ? pul_game_new(lv) : NULL;
    double rate = 0;
    *apg = 0;
    if (g) {
        const PulVariant *v = b->v;
        PulGame *keep = b->g;
        b->v = lv;
        b->g = g;
        pul_rng_seed(&b->rng, 1);
        b->next_seed = 1;
        rate = measure(b, step_game, seconds);
        *apg = b->ops ? (double)b->aux / (double)b->ops : 0;
        b->v = v;
        b->g = keep;
    }
    pul_game_free(g);
    pul_variant_free(lv);
    return rate;
}

/* ------------------------------------------------------------- placements */

static bool is_genial(const Bench *b) { return strcmp(pul_variant_family(b->v), "genial") == 0; }

static int placed_count(const Bench *b, const PulGame *g) {
    if (is_genial(b)) {
        PulGenialPlaced placed[PUL_GENIAL_MAX_PLACED];
        return pul_genial_placed(g, placed, PUL_GENIAL_MAX_PLACED);
    }
    PulPlaced placed[PUL_MAX_TILES];
    return pul_game_placed(g, placed, PUL_MAX_TILES);
}

/* Micropul: the mover holds 6 tiles. Genial: the mover begins a turn's
** placement (not a bonus one), so its rack was refilled at its last turn. */
static bool is_sample(const Bench *b, const PulGame *g, int tiles) {
    if (placed_count(b, g) != tiles) return false;
    if (is_genial(b)) return !pul_genial_turn_end_due(g) && pul_genial_bonus_owed(g) == 0;
    uint8_t hand[PUL_MAX_HAND];
    return pul_game_hand(g, pul_game_to_move(g), hand, PUL_MAX_HAND) == 6;
}

/* Uniform random players rarely hold a full hand past the opening, so the
** pool is built by random players that take from their supply whenever
** they may: the positions then have the most placements to enumerate.
** (This reads Micropul's hand limit on purpose: the benchmark's workload is
** Micropul's placement search, not a rule the tools re-derive.) */
static bool hand_filling_action(Bench *b, PulAction *a) {
    if (is_genial(b)) return pul_random_action(b->g, &b->rng, a);
    uint8_t tiles[PUL_MAX_TILES];
    int seat = pul_game_to_move(b->g);
    if (pul_game_hand(b->g, seat, tiles, PUL_MAX_TILES) < pul_game_rules(b->g)->hand_limit &&
        pul_game_supply(b->g, seat, tiles, PUL_MAX_TILES) > 0) {
        memset(a, 0, sizeof *a);
        a->kind = PUL_TAKE;
        a->tile = PUL_NO_TILE;
        if (pul_check(b->g, a) == PUL_LEGAL) return true;
    }
    return pul_random_action(b->g, &b->rng, a);
}

/* Positions with tiles on the board and 6 tiles in the mover's hand, one per
** seed at most; seeds whose game never gets there are skipped. */
static int fill_pool(Bench *b, int tiles) {
    PulAction a;
    b->npool = 0;
    for (uint64_t seed = 1; seed <= BENCH_POOL_SEEDS && b->npool < BENCH_POOL; seed++) {
        if (!start_game(b, b->g, seed)) return 0;
        pul_rng_seed(&b->rng, seed);
        while (!pul_game_over(b->g) && placed_count(b, b->g) <= tiles) {
            if (is_sample(b, b->g, tiles)) {
                PulGame *copy = pul_game_new(b->v);
                if (!copy) {
                    cli_error("bench", "out of memory");
                    b->failed = true;
                    return 0;
                }
                pul_game_copy(copy, b->g);
                b->pool[b->npool++] = copy;
                break;
            }
            if (!hand_filling_action(b, &a)) break;
            pul_apply(b->g, &a, NULL);
        }
    }
    return b->npool;
}

static void free_pool(Bench *b) {
    for (int k = 0; k < b->npool; k++) pul_game_free(b->pool[k]);
    b->npool = 0;
}

static uint64_t step_placements(Bench *b) {
    for (int k = 0; k < b->npool; k++)
        b->sink += (uint64_t)pul_legal_placements(b->pool[k], b->buf, PUL_MAX_ACTIONS);
    return (uint64_t)b->npool;
}

static double average_placements(Bench *b) {
    long total = 0;
    for (int k = 0; k < b->npool; k++) total += pul_legal_placements(b->pool[k], b->buf, PUL_MAX_ACTIONS);
    return b->npool ? (double)total / b->npool : 0;
}

/* ----------------------------------------------------------------- apply */

/* Record random games as done (random takes resolved) for replaying. */
static bool record_games(Bench *b) {
    size_t cap = 4096, n = 0;
    b->moves = malloc(cap * sizeof *b->moves);
    PulEvents ev;
    PulAction a;
    for (int k = 0; k < BENCH_REPLAY_GAMES; k++) {
        b->starts[k] = pul_game_new(b->v);
        if (!b->moves || !b->starts[k]) goto oom;
        if (!start_game(b, b->starts[k], 1000003 + (uint64_t)k)) return false;
        pul_game_copy(b->g, b->starts[k]);
        pul_rng_seed(&b->rng, 1000003 + (uint64_t)k);
        b->first_move[k] = (int)n;
        while (!pul_game_over(b->g) && pul_random_action(b->g, &b->rng, &a)) {
            pul_apply(b->g, &a, &ev);
            if (n == cap) {
                PulAction *more = realloc(b->moves, 2 * cap * sizeof *more);
                if (!more) goto oom;
                b->moves = more;
                cap *= 2;
            }
            pul_events_action(&ev, &b->moves[n++]);
        }
    }
    b->first_move[BENCH_REPLAY_GAMES] = (int)n;
    return true;
oom:
    cli_error("bench", "out of memory");
    b->failed = true;
    return false;
}

static uint64_t step_apply(Bench *b) {
    uint64_t n = 0;
    for (int k = 0; k < BENCH_REPLAY_GAMES; k++) {
        pul_game_copy(b->g, b->starts[k]);
        for (int m = b->first_move[k]; m < b->first_move[k + 1]; m++) {
            b->sink += pul_apply(b->g, &b->moves[m], NULL);
            n++;
        }
    }
    return n;
}

static void free_games(Bench *b) {
    for (int k = 0; k < BENCH_REPLAY_GAMES; k++)
        if (b->starts[k]) pul_game_free(b->starts[k]);
    free(b->moves);
}

/* ------------------------------------------------------------------ hooks */

/* Random games of the named variant (its fewest seats), or 0 when it cannot
** be opened or played (the reason is printed). */
static double games_of(const char *name, double seconds, double *actions_per_game) {
    PulError err;
    PulVariant *v = pul_variant_open(name, cli_search_dirs(NULL), &err);
    if (!v) {
        char text[1024];
        cli_error("bench", "hooks row: %s", pul_error_format(&err, text, sizeof text));
        return 0;
    }
    Bench *b = calloc(1, sizeof *b);
    double rate = 0;
    if (b && (b->g = pul_game_new(v)) != NULL) {
        b->v = v;
        pul_variant_players(v, &b->nseats, NULL);
        pul_rng_seed(&b->rng, 1);
        b->next_seed = 1;
        rate = measure(b, step_game, seconds);
        *actions_per_game = b->ops ? (double)b->aux / (double)b->ops : 0;
        pul_game_free(b->g);
    }
    free(b);
    pul_variant_free(v);
    return rate;
}

/* -------------------------------------------------------------------- sim */

static bool count_row(const SimRow *row, void *ud) {
    (void)row;
    (*(uint64_t *)ud)++;
    return true;
}

/* pul sim's games per second on threads threads: batches of random-bot games
** until the time is up. 0 (printed) when a game fails. */
static double sim_games_rate(const char *variant, const char *bot, int batch, int threads,
                             double seconds) {
    SimConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.nvariants = 1;
    snprintf(cfg.variants[0], SIM_NAME_MAX, "%s", variant);
    cfg.nbots = 1;
    snprintf(cfg.bots[0], SIM_SPEC_MAX, "%s", bot);
    cfg.games = (uint64_t)batch;
    cfg.threads = threads;
    cfg.nshards = 1;
    cfg.search_dirs = cli_search_dirs(NULL); /* the same folders the variant was found in */
    uint64_t games = 0;
    double t0 = now(), elapsed;
    do {
        PulError err;
        if (!sim_run(&cfg, count_row, NULL, &games, &err)) {
            char text[1024];
            cli_error("bench", "sim row: %s", pul_error_format(&err, text, sizeof text));
            return 0;
        }
        cfg.seed += (uint64_t)batch;
        elapsed = now() - t0;
    } while (elapsed < seconds);
    return (double)games / elapsed;
}

/* MCTS iterations per second over early positions of random games; 0
** (printed) when the bot cannot be made. */
static double mcts_rate(Bench *b, double seconds) {
    PulGame *pos[BENCH_MCTS_POSITIONS] = {NULL};
    PulObservation *obs = malloc(sizeof *obs);
    double rate = 0;
    int npos = 0;
    for (int k = 0; k < BENCH_MCTS_POSITIONS && obs; k++) {
        if (!(pos[k] = pul_game_new(b->v)) || !start_game(b, pos[k], 500 + (uint64_t)k)) break;
        pul_rng_seed(&b->rng, 500 + (uint64_t)k);
        PulAction a;
        for (int m = 0; m < 4 * k + 2 && !pul_game_over(pos[k]); m++)
            if (pul_random_action(pos[k], &b->rng, &a)) pul_apply(pos[k], &a, NULL);
        if (pul_game_over(pos[k])) break;
        npos++;
    }
    long iterations = 0;
    double t0 = now(), elapsed = 0;
    for (int k = 0; npos > 0 && obs && (elapsed < seconds || k < npos); k++) {
        PulGame *g = pos[k % npos];
        PulError err;
        PulBot *bot = pul_bot_new(b->v, "mcts:iters=200", (uint64_t)k, &err);
        PulAction a;
        if (!bot || (pul_observe(g, pul_game_to_move(g), obs),
                     pul_bot_choose(bot, obs, &a, &err) != PUL_OK)) {
            char text[1024];
            cli_error("bench", "mcts row: %s", pul_error_format(&err, text, sizeof text));
            pul_bot_free(bot);
            iterations = 0;
            break;
        }
        iterations += pul_bot_iterations(bot);
        pul_bot_free(bot);
        elapsed = now() - t0;
    }
    if (elapsed > 0) rate = (double)iterations / elapsed;
    for (int k = 0; k < BENCH_MCTS_POSITIONS; k++)
        if (pos[k]) pul_game_free(pos[k]);
    free(obs);
    return rate;
}

/* The mcts bot's share of the wins against greedy (a shared win counts
** for its share), with the CPU time the games took. */
typedef struct {
    double won;   /* wins of the mcts bot's seats */
    uint64_t games;
} Strength;

static bool count_strength(const SimRow *row, void *ud) {
    Strength *st = ud;
    int winners = 0;
    for (int s = 0; s < row->seats; s++) winners += (row->winners >> s) & 1;
    for (int s = 0; s < row->seats; s++)
        if (row->bot[s] == 0 && ((row->winners >> s) & 1)) st->won += 1.0 / winners;
    st->games++;
    return true;
}

/* false (printed) when the games fail; *rate < 0 when the variant is solo. */
static bool mcts_strength(const char *variant, double *rate, double *cpu_s) {
    SimConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.nvariants = 1;
    snprintf(cfg.variants[0], SIM_NAME_MAX, "%s", variant);
    cfg.nbots = 2;
    snprintf(cfg.bots[0], SIM_SPEC_MAX, "%s", BENCH_STRENGTH_BOT);
    snprintf(cfg.bots[1], SIM_SPEC_MAX, "greedy");
    cfg.swap = true;
    cfg.games = BENCH_STRENGTH_GAMES;
    cfg.seed = 1;
    cfg.threads = 1;
    cfg.nshards = 1;
    cfg.search_dirs = cli_search_dirs(NULL);
    PulError err;
    PulVariant *v = pul_variant_open(variant, cfg.search_dirs, &err);
    if (v) {
        int seats = sim_seats_for(&cfg, v);
        pul_variant_free(v);
        if (seats < 2) {
            *rate = -1;
            return true;
        }
    }
    Strength st = {0, 0};
    clock_t c0 = clock();
    if (!v || !sim_run(&cfg, count_strength, NULL, &st, &err)) {
        char text[1024];
        cli_error("bench", "mcts vs greedy row: %s", pul_error_format(&err, text, sizeof text));
        return false;
    }
    *cpu_s = (double)(clock() - c0) / CLOCKS_PER_SEC;
    *rate = st.games ? st.won / (double)st.games : 0;
    return true;
}

/* ---------------------------------------------------------------- output */

typedef struct {
    double games, actions_per_game, playouts, enum13, enum20, avg13, avg20, applies;
    int pool13, pool20;
    /* The cost of Lua hooks: random games of a variant and of one with hooks. */
    char hooks_base[64], hooks_variant[64];
    double hooks_base_games, hooks_games; /* 0 when a variant could not be opened */
    double hooks_base_apg, hooks_apg;     /* actions per game of each */
    double sim1, sim2;                    /* pul sim games/s on 1 and 2 threads (0: failed) */
    double mcts;                          /* MCTS iterations/s (0: failed) */
    double sim_greedy;                    /* pul sim games/s, greedy bots, 1 thread (0: failed) */
    bool strength_ok;                     /* the mcts vs greedy games were played */
    double strength, strength_cpu;        /* mcts's win share (< 0: solo) and CPU seconds */
    double large, large_apg;              /* random games/s of the largest tile set (0: none) */
} BenchResult;

/* NaN would not be JSON: a row without positions prints null. */
static void json_number(const char *key, double x, bool present, bool last) {
    printf("  \"%s\": ", key);
    if (present)
        printf("%.1f", x);
    else
        fputs("null", stdout);
    fputs(last ? "\n" : ",\n", stdout);
}

static void print_json(const Bench *b, const BenchResult *r, double seconds) {
    int nenum = (r->pool13 > 0) + (r->pool20 > 0);
    fputs("{\n  \"variant\": ", stdout);
    cli_json_string(stdout, pul_variant_name(b->v));
    printf(",\n  \"seats\": %d,\n  \"seconds\": %g,\n", b->nseats, seconds);
    json_number("games_per_s", r->games, true, false);
    json_number("actions_per_game", r->actions_per_game, true, false);
    json_number("playouts_per_s", r->playouts, true, false);
    json_number("games_large_per_s", r->large, r->large > 0, false);
    json_number("enumerations_per_s", nenum ? (r->enum13 + r->enum20) / nenum : 0, nenum > 0, false);
    json_number("enumerations_13_per_s", r->enum13, r->pool13 > 0, false);
    json_number("enumerations_20_per_s", r->enum20, r->pool20 > 0, false);
    json_number("placements_13_avg", r->avg13, r->pool13 > 0, false);
    json_number("placements_20_avg", r->avg20, r->pool20 > 0, false);
    json_number("applies_per_s", r->applies, true, false);
    fputs("  \"hooks_base\": ", stdout);
    cli_json_string(stdout, r->hooks_base);
    fputs(",\n  \"hooks_variant\": ", stdout);
    cli_json_string(stdout, r->hooks_variant);
    fputs(",\n", stdout);
    json_number("hooks_base_games_per_s", r->hooks_base_games, r->hooks_base_games > 0, false);
    json_number("hooks_games_per_s", r->hooks_games, r->hooks_games > 0, false);
    json_number("hooks_ratio", r->hooks_base_games > 0 ? r->hooks_games / r->hooks_base_games : 0,
                r->hooks_base_games > 0 && r->hooks_games > 0, false);
    bool both = r->hooks_base_games > 0 && r->hooks_games > 0 && r->hooks_base_apg > 0;
    json_number("hooks_action_ratio",
                both ? r->hooks_games * r->hooks_apg / (r->hooks_base_games * r->hooks_base_apg) : 0,
                both, false);
    json_number("sim_games_1t_per_s", r->sim1, r->sim1 > 0, false);
    json_number("sim_games_2t_per_s", r->sim2, r->sim2 > 0, false);
    json_number("sim_scaling", r->sim1 > 0 ? r->sim2 / r->sim1 : 0, r->sim1 > 0 && r->sim2 > 0,
                false);
    json_number("mcts_iterations_per_s", r->mcts, r->mcts > 0, false);
    json_number("sim_games_greedy_per_s", r->sim_greedy, r->sim_greedy > 0, false);
    printf("  \"mcts_vs_greedy_bot\": \"%s\",\n  \"mcts_vs_greedy_games\": %d,\n",
           BENCH_STRENGTH_BOT, BENCH_STRENGTH_GAMES);
    bool strength = r->strength_ok && r->strength >= 0;
    printf("  \"mcts_vs_greedy_win_rate\": ");
    if (strength)
        printf("%.3f,\n", r->strength);
    else
        fputs("null,\n", stdout);
    json_number("mcts_vs_greedy_cpu_s", r->strength_cpu, strength, true);
    fputs("}\n", stdout);
}

/* notes name the editions measured, so they are made safe. */
static void table_row(const char *name, double rate, const char *unit, const char *notes) {
    printf("%-34s %14.0f  %-8s  %s\n", name, rate, unit, CLI_TEXT(notes));
}

static void print_table(const Bench *b, const BenchResult *r, double seconds) {
    char notes[256];
    printf("pul bench: variant %s, %d seats, one thread, %g s per row\n\n",
           CLI_TEXT(pul_variant_name(b->v)), b->nseats, seconds);
    printf("%-34s %14s  %-8s  %s\n", "name", "rate", "unit", "notes");
    snprintf(notes, sizeof notes, "%.1f actions per game", r->actions_per_game);
    table_row("random games", r->games, "games/s", notes);
    table_row("random playouts", r->playouts, "games/s",
              "the same games through pul_apply_trusted (no check, no events)");
    if (r->large > 0) {
        snprintf(notes, sizeof notes, "%d tiles (the variant's, repeated), %.1f actions per game",
                 PUL_MAX_TILES, r->large_apg);
        table_row("random games, largest set", r->large, "games/s", notes);
    } else {
        printf("%-34s %14s  %-8s  %s\n", "random games, largest set", "-", "games/s",
               "no tile set (Genial)");
    }
    const int tiles[2] = {13, 20};
    const double rate[2] = {r->enum13, r->enum20}, avg[2] = {r->avg13, r->avg20};
    const int pool[2] = {r->pool13, r->pool20};
    for (int k = 0; k < 2; k++) {
        char name[32];
        snprintf(name, sizeof name, "placements, %d tiles", tiles[k]);
        if (pool[k] == 0) {
            printf("%-34s %14s  %-8s  %s\n", name, "-", "enum/s", "no position found");
            continue;
        }
        snprintf(notes, sizeof notes, "%.1f placements per position, %d positions", avg[k],
                 pool[k]);
        table_row(name, rate[k], "enum/s", notes);
    }
    snprintf(notes, sizeof notes, "replaying %d recorded games (with one copy each)",
             BENCH_REPLAY_GAMES);
    table_row("apply", r->applies, "calls/s", notes);
    const char *names[2] = {r->hooks_base, r->hooks_variant};
    const double games[2] = {r->hooks_base_games, r->hooks_games};
    const double apg[2] = {r->hooks_base_apg, r->hooks_apg};
    for (int k = 0; k < 2; k++) {
        char name[40];
        snprintf(name, sizeof name, "games, %s", k ? "Lua hooks" : "no hooks");
        if (games[k] <= 0) {
            printf("%-34s %14s  %-8s  %s could not be played\n", name, "-", "games/s",
                   CLI_TEXT(names[k]));
            continue;
        }
        if (k && games[0] > 0 && apg[0] > 0)
            snprintf(notes, sizeof notes,
                     "%s, %.1f actions per game: %.2f of the rate without hooks (%.2f per action)",
                     names[k], apg[k], games[1] / games[0], games[1] * apg[1] / (games[0] * apg[0]));
        else
            snprintf(notes, sizeof notes, "%s, %.1f actions per game", names[k], apg[k]);
        table_row(name, games[k], "games/s", notes);
    }
    const double sim[2] = {r->sim1, r->sim2};
    for (int k = 0; k < 2; k++) {
        char name[48];
        snprintf(name, sizeof name, "sim games, random bots, %d thread%s", k + 1, k ? "s" : "");
        if (sim[k] <= 0) {
            printf("%-34s %14s  %-8s  %s\n", name, "-", "games/s",
                   k + 1 > sim_thread_limit() ? "this build has no threads" : "failed");
            continue;
        }
        if (k && sim[0] > 0)
            snprintf(notes, sizeof notes, "%.2f times 1 thread (scaling ratio)", sim[1] / sim[0]);
        else
            snprintf(notes, sizeof notes, "pul sim %s, with observations and rows",
                     pul_variant_name(b->v));
        table_row(name, sim[k], "games/s", notes);
    }
    if (r->mcts > 0)
        table_row("mcts iterations/s", r->mcts, "iter/s", "mcts:iters=200, early positions");
    else
        printf("%-34s %14s  %-8s  %s\n", "mcts iterations/s", "-", "iter/s", "failed");
    if (r->sim_greedy > 0)
        table_row("sim games, greedy bots, 1 thread", r->sim_greedy, "games/s",
                  "pul sim with greedy bots on every seat");
    else
        printf("%-34s %14s  %-8s  %s\n", "sim games, greedy bots, 1 thread", "-", "games/s",
               "failed");
    if (r->strength_ok && r->strength >= 0) {
        snprintf(notes, sizeof notes,
                 "%s (%s s per move) vs greedy, %d games, seats swapped; %.1f CPU s",
                 BENCH_STRENGTH_BOT, BENCH_STRENGTH_SECONDS, BENCH_STRENGTH_GAMES,
                 r->strength_cpu);
        printf("%-34s %13.1f%%  %-8s  %s\n", "mcts vs greedy", 100 * r->strength, "won",
               notes);
    } else {
        printf("%-34s %14s  %-8s  %s\n", "mcts vs greedy", "-", "won",
               r->strength_ok ? "a solo variant: no opponent" : "failed");
    }
}

/* ------------------------------------------------------------------ main */

static bool run(Bench *b, double seconds, BenchResult *r) {
    pul_rng_seed(&b->rng, 1);
    b->next_seed = 1;
    r->games = measure(b, step_game, seconds);
    r->actions_per_game = b->ops ? (double)b->aux / (double)b->ops : 0;
    if (b->failed) return false;
    /* The same seeds and draws as the games row: the same games. */
    pul_rng_seed(&b->rng, 1);
    b->next_seed = 1;
    r->playouts = measure(b, step_playout, seconds);
    if (b->failed) return false;
    r->large = large_rate(b, seconds, &r->large_apg);
    if (b->failed) return false;

    const int tiles[2] = {13, 20};
    double *rate[2] = {&r->enum13, &r->enum20}, *avg[2] = {&r->avg13, &r->avg20};
    int *pool[2] = {&r->pool13, &r->pool20};
    for (int k = 0; k < 2; k++) {
        *pool[k] = fill_pool(b, tiles[k]);
        if (b->failed) return false;
        if (*pool[k] > 0) {
            *avg[k] = average_placements(b);
            *rate[k] = measure(b, step_placements, seconds);
        }
        free_pool(b);
    }

    if (!record_games(b)) return false;
    r->applies = measure(b, step_apply, seconds);
    if (b->failed) return false;
    r->hooks_base_games = games_of(r->hooks_base, seconds, &r->hooks_base_apg);
    r->hooks_games = games_of(r->hooks_variant, seconds, &r->hooks_apg);
    r->sim1 = sim_games_rate(b->variant_arg, "random", BENCH_SIM_BATCH, 1, seconds);
    r->sim2 = sim_thread_limit() >= 2
                  ? sim_games_rate(b->variant_arg, "random", BENCH_SIM_BATCH, 2, seconds)
                  : 0;
    r->mcts = mcts_rate(b, seconds);
    r->sim_greedy = sim_games_rate(b->variant_arg, "greedy", BENCH_SIM_GREEDY_BATCH, 1, seconds);
    r->strength_ok = mcts_strength(b->variant_arg, &r->strength, &r->strength_cpu);
    return true;
}

int cmd_bench(int argc, char **argv) {
    static const CliOption opts[] = {
        {"json", 0, false}, {"seconds", 0, true}, {"variant", 0, true},
        {"hooks", 0, true}, {"help", 'h', false}, {"compare", 0, true},
        {"rounds", 0, true}, {0}};
    enum { OPT_JSON, OPT_SECONDS, OPT_VARIANT, OPT_HOOKS, OPT_HELP, OPT_COMPARE, OPT_ROUNDS };
    BenchCompare cmp = {NULL, BENCH_COMPARE_ROUNDS, NULL, NULL, NULL, false};
    long rounds = BENCH_COMPARE_ROUNDS;
    bool rounds_given = false;
    const char *variant_name = "micropul", *hooks = "micropul-solo:micropul-solo-peek", *value;
    double seconds = 1.0;
    bool json = false;
    CliParser p;
    cli_init(&p, "bench", argc, argv);
    for (int k; (k = cli_next(&p, opts, &value)) != CLI_END;) {
        switch (k) {
        case OPT_JSON: json = true; break;
        case OPT_SECONDS:
            if (!cli_parse_double("bench", "--seconds", value, 0.001, 600, &seconds))
                return CLI_UNUSABLE;
            cmp.seconds = value;
            break;
        case OPT_VARIANT: variant_name = value; cmp.variant = value; break;
        case OPT_COMPARE: cmp.other = value; break;
        case OPT_ROUNDS:
            if (!cli_parse_int("bench", "--rounds", value, 1, 100, &rounds)) return CLI_UNUSABLE;
            rounds_given = true;
            break;
        case OPT_HOOKS:
            if (!strchr(value, ':') || strlen(value) >= 120) {
                cli_error("bench", "--hooks takes BASE:HOOKED, two variant names, not \"%s\"",
                          value);
                return CLI_UNUSABLE;
            }
            hooks = value;
            cmp.hooks = value;
            break;
        case OPT_HELP: fputs(bench_help, stdout); return CLI_OK;
        case CLI_OPERAND:
            cli_error("bench", "unexpected argument \"%s\" (see pul bench --help)", value);
            return CLI_UNUSABLE;
        default: return CLI_UNUSABLE;
        }
    }

    if (rounds_given && !cmp.other) {
        cli_error("bench", "--rounds is for --compare (see pul bench --help)");
        return CLI_UNUSABLE;
    }
    if (cmp.other) {
        cmp.rounds = (int)rounds;
        cmp.json = json;
        return bench_compare(&cmp);
    }
    PulVariant *v = cli_open_variant("bench", variant_name);
    if (!v) return CLI_UNUSABLE;
    Bench *b = calloc(1, sizeof *b);
    if (!b) {
        pul_variant_free(v);
        cli_error("bench", "out of memory");
        return CLI_UNUSABLE;
    }
    int max_players;
    pul_variant_players(v, NULL, &max_players);
    b->v = v;
    b->variant_arg = variant_name;
    b->nseats = max_players < 2 ? max_players : 2;
    b->g = pul_game_new(v);
    b->pool = malloc(BENCH_POOL * sizeof *b->pool);
    b->buf = malloc(PUL_MAX_ACTIONS * sizeof *b->buf);
    BenchResult r;
    memset(&r, 0, sizeof r);
    size_t cut = (size_t)(strchr(hooks, ':') - hooks);
    snprintf(r.hooks_base, sizeof r.hooks_base, "%.*s", (int)cut, hooks);
    snprintf(r.hooks_variant, sizeof r.hooks_variant, "%s", hooks + cut + 1);
    bool ok = false;
    if (!b->g || !b->pool || !b->buf)
        cli_error("bench", "out of memory");
    else
        ok = run(b, seconds, &r);
    if (ok) {
        if (json)
            print_json(b, &r, seconds);
        else
            print_table(b, &r, seconds);
    }
    free_pool(b);
    free_games(b);
    free(b->buf);
    free(b->pool);
    if (b->g) pul_game_free(b->g);
    free(b);
    pul_variant_free(v);
    return ok ? CLI_OK : CLI_UNUSABLE;
}
