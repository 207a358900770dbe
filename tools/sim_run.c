/*
** sim_run.c: the games of `pul sim`, played by bots on worker threads (or on
** the caller's, for one) and handed back in game order, so the rows are the
** same whatever the threads.
*/
#define _POSIX_C_SOURCE 200809L /* sysconf */

#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "sim.h"

enum {
    SIM_WINDOW_PER_THREAD = 64  /* games a worker may run ahead of the oldest unreported one */
};

static void sim_fail(PulError *err, PulStatus status, const char *code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void sim_fail(PulError *err, PulStatus status, const char *code, const char *fmt, ...) {
    memset(err, 0, sizeof *err);
    err->status = status;
    snprintf(err->code, sizeof err->code, "%s", code);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

/* A new message for an error that keeps its code, file and place; a long
** one is cut short rather than refused. */
static void set_message(PulError *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void set_message(PulError *err, const char *fmt, ...) {
    char msg[sizeof err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    memcpy(err->message, msg, sizeof msg);
}

int sim_seats_for(const SimConfig *cfg, const PulVariant *v) {
    if (cfg->seats > 0) return cfg->seats;
    int min, max;
    pul_variant_players(v, &min, &max);
    int two = min > 2 ? min : 2;
    return two <= max ? two : 1;
}

int sim_bot_index_for_seat(const SimConfig *cfg, uint64_t index, int seat, int seats) {
    /* With --swap, bot b sits at seat (b + index) mod seats. */
    int bot = cfg->swap ? (int)(((uint64_t)seat + (uint64_t)seats - index % (uint64_t)seats) %
                                (uint64_t)seats)
                        : seat;
    return bot < cfg->nbots ? bot : cfg->nbots - 1;
}

const char *sim_bot_for_seat(const SimConfig *cfg, uint64_t index, int seat, int seats) {
    return cfg->bots[sim_bot_index_for_seat(cfg, index, seat, seats)];
}

uint64_t sim_shard_games(const SimConfig *cfg) {
    uint64_t shard = (uint64_t)cfg->shard, n = (uint64_t)cfg->nshards;
    return cfg->games > shard ? (cfg->games - shard - 1) / n + 1 : 0;
}

/* splitmix64's finaliser: seeds of neighbouring games and seats far apart. */
static uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

static uint64_t bot_seed(uint64_t game_seed, int seat) {
    return mix(game_seed ^ mix((uint64_t)seat + 1));
}

/* ------------------------------------------------------------ one game */

/* What one thread plays with: a game per variant, of the variants every
** thread shares (scripted ones too: each game object runs its hooks in a Lua
** state of its own), and the bots, kept from game to game with a new seed
** each (pul_bot_reseed), so a game makes no bot and no bot's game afresh:
** bots[variant][bot][k] is the k-th seat of a game that bot plays. A bot
** chooses on the game itself (pul_bot_choose_game): the random one reads no
** observation, the others bring the seat's, kept through a game, up to date
** (only what changed is written). */
typedef struct {
    PulGame *g[SIM_MAX_VARIANTS];
    PulBot *bots[SIM_MAX_VARIANTS][PUL_MAX_SEATS][PUL_MAX_SEATS];
    PulObservation obs[PUL_MAX_SEATS];
} SimPlayer;

/* The bot for seat s of a game of variant vi, seeded; NULL with err filled. */
static PulBot *seat_bot(SimPlayer *pl, int vi, const PulVariant *v, const char *spec, int bot,
                        const int8_t *bot_of_seat, int s, uint64_t seed, PulError *err) {
    int k = 0;
    for (int t = 0; t < s; t++) k += bot_of_seat[t] == bot;
    PulBot **held = &pl->bots[vi][bot][k];
    if (*held) {
        pul_bot_reseed(*held, seed);
        return *held;
    }
    if (!(*held = pul_bot_new(v, spec, seed, err))) return NULL;
    /* The thread's bots of this variant take turns: those of one kind that
    ** can (random, greedy) build their determinization's board once between
    ** them rather than once each (pul_bot_share_game; choices unchanged). */
    bool shared = false;
    for (int b = 0; b < PUL_MAX_SEATS && !shared; b++)
        for (int j = 0; j < PUL_MAX_SEATS && !shared; j++) {
            PulBot *other = pl->bots[vi][b][j];
            shared = other && other != *held && pul_bot_share_game(*held, other);
        }
    return *held;
}

static void finish_row(SimRow *row, const PulGame *g) {
    int winners[PUL_MAX_SEATS];
    pul_game_scores(g, row->scores, PUL_MAX_SEATS);
    int nwin = pul_game_winners(g, winners, PUL_MAX_SEATS);
    for (int k = 0; k < nwin; k++) row->winners |= 1u << winners[k];
    row->end_reason = (int)pul_game_end_reason(g);
    row->loser = pul_game_loser(g);
    row->turns = pul_game_turns(g);
    pul_game_tally_end(g, row->m);
}

/* Which game a failure is in ("micropul, game 3 (seed 4)"), written only
** when one is reported: a game's few thousand instructions would pay it. */
typedef struct {
    char text[SIM_NAME_MAX + 64];
} GameWhere;

static const char *game_where(GameWhere *w, const SimConfig *cfg, const SimRow *row) {
    snprintf(w->text, sizeof w->text, "%s, game %llu (seed %llu)", cfg->variants[row->variant],
             (unsigned long long)row->index, (unsigned long long)row->seed);
    return w->text;
}

/* One action chosen by the seat's bot and applied; false with err filled. */
static bool play_turn(SimPlayer *pl, PulGame *g, PulBot *bot, const char *spec,
                      const SimConfig *cfg, SimRow *row, PulError *err) {
    GameWhere where;
    PulAction a;
    PulEvents ev;
    int seat = pul_game_to_move(g);
    /* What a failure reads, cleared field by field: the whole struct is
    ** larger than many a move's work. */
    PulError berr;
    berr.status = PUL_OK;
    berr.code[0] = berr.file[0] = berr.message[0] = '\0';
    berr.line = berr.column = 0;
    if (pul_bot_choose_game(bot, g, &pl->obs[seat], &a, &berr) != PUL_OK) {
        sim_fail(err, berr.status ? berr.status : PUL_ERR_STATE, berr.code[0] ? berr.code : "bad-state",
                 "%s: bot '%s' at seat %d found no move after %d actions: %s",
                 game_where(&where, cfg, row), spec, seat + 1, pul_game_turns(g), berr.message);
        return false;
    }
    PulReason r = pul_apply(g, &a, &ev);
    if (r == PUL_LEGAL) {
        pul_game_tally(g, &ev, row->m);
        return true;
    }
    char move[64];
    cli_action_text(pul_game_variant(g), &a, move, sizeof move);
    const PulError *serr = pul_game_script_error(g);
    if (r == PUL_R_SCRIPT_ERROR && serr) {
        *err = *serr;
        set_message(err, "%s, move %s of bot '%s' at seat %d: %s", game_where(&where, cfg, row),
                    move, spec, seat + 1, serr->message);
        return false;
    }
    sim_fail(err, PUL_ERR_STATE, "bad-state",
             "%s: the engine refused move %s of bot '%s' at seat %d after %d actions (%s: %s); "
             "this is a bug in the bot or the engine, please report it",
             game_where(&where, cfg, row), move, spec, seat + 1, pul_game_turns(g),
             pul_reason_code(r), pul_reason_message(r));
    return false;
}

static bool play_game(const SimConfig *cfg, SimPlayer *pl, uint64_t index, int vi, SimRow *row,
                      PulError *err) {
    memset(row, 0, sizeof *row);
    row->index = index;
    row->seed = cfg->seed + index;
    row->variant = vi;
    row->loser = -1;
    PulGame *g = pl->g[vi];
    const PulVariant *v = pul_game_variant(g);
    row->seats = sim_seats_for(cfg, v);
    if (pul_game_start(g, row->seats, row->seed, NULL, 0, err) != PUL_OK) {
        /* A setup or is_over hook failed: say which game, as for a move. */
        GameWhere where;
        set_message(err, "%s, at the start: %s", game_where(&where, cfg, row), err->message);
        return false;
    }

    PulBot *bots[PUL_MAX_SEATS] = {NULL};
    const char *specs[PUL_MAX_SEATS];
    bool ok = true;
    for (int s = 0; s < row->seats && ok; s++) {
        row->bot[s] = (int8_t)sim_bot_index_for_seat(cfg, index, s, row->seats);
        specs[s] = cfg->bots[row->bot[s]];
        bots[s] = seat_bot(pl, vi, v, specs[s], row->bot[s], row->bot, s,
                           bot_seed(row->seed, s), err);
        ok = bots[s] != NULL;
    }
    for (int s = 0; s < row->seats; s++) pl->obs[s].seat = -1; /* none of this game yet */
    /* The engine ends every game by its action limit (pul.h), so this loop ends. */
    while (ok && !pul_game_over(g)) {
        int seat = pul_game_to_move(g);
        ok = play_turn(pl, g, bots[seat], specs[seat], cfg, row, err);
    }
    if (ok) finish_row(row, g);
    return ok;
}

/* ------------------------------------------------------------- threads */

typedef struct {
    const SimConfig *cfg;
    PulVariant *shared[SIM_MAX_VARIANTS]; /* loaded once, every thread's */
    uint64_t total;                       /* games of this run: shard games x variants */
    pthread_mutex_t mu;
    pthread_cond_t room;                  /* the window moved on */
    pthread_cond_t ready;                 /* a row came in, or a worker failed */
    uint64_t next;                        /* next game to hand out */
    uint64_t reported;                    /* rows given to on_row so far */
    uint64_t window;
    SimRow *rows;                         /* rows[j % window] for games not yet reported */
    bool *done;
    bool stop, failed;
    bool reader_waits;                    /* the main thread waits on ready */
    int room_waits;                       /* workers waiting on room */
    PulError err;                         /* the first failure */
} SimShared;

typedef struct {
    SimShared *sh;
    pthread_t tid;
    bool started;
} SimWorker;

static void note_failure(SimShared *sh, const PulError *err) {
    if (!sh->failed) sh->err = *err;
    sh->failed = sh->stop = true;
}

static void record_failure(SimShared *sh, const PulError *err) {
    note_failure(sh, err);
    pthread_cond_broadcast(&sh->ready);
    pthread_cond_broadcast(&sh->room);
}

static bool player_open(SimShared *sh, SimPlayer *pl, PulError *err) {
    memset(pl, 0, sizeof *pl);
    for (int k = 0; k < sh->cfg->nvariants; k++) {
        pl->g[k] = pul_game_new(sh->shared[k]);
        if (!pl->g[k]) {
            sim_fail(err, PUL_ERR_MEMORY, "out-of-memory", "out of memory for a game of %s",
                     sh->cfg->variants[k]);
            return false;
        }
    }
    return true;
}

static void player_close(SimPlayer *pl) {
    for (int k = 0; k < SIM_MAX_VARIANTS; k++) {
        if (pl->g[k]) pul_game_free(pl->g[k]);
        for (int b = 0; b < PUL_MAX_SEATS; b++)
            for (int j = 0; j < PUL_MAX_SEATS; j++) pul_bot_free(pl->bots[k][b][j]);
    }
}

/* Game j of the run: the (j / nv)-th game of the shard, of variant j % nv. */
static bool play_game_at(const SimShared *sh, SimPlayer *pl, uint64_t j, SimRow *row,
                         PulError *err) {
    const SimConfig *cfg = sh->cfg;
    uint64_t nv = (uint64_t)cfg->nvariants;
    uint64_t index = (uint64_t)cfg->shard + (j / nv) * (uint64_t)cfg->nshards;
    return play_game(cfg, pl, index, (int)(j % nv), row, err);
}

/* The error of a run whose on_row asked it to stop. */
static void stopped_error(const SimShared *sh, PulError *err) {
    sim_fail(err, PUL_ERR_STATE, "stopped", "the run was stopped after %llu games",
             (unsigned long long)sh->reported);
}

static void *worker_main(void *arg) {
    SimWorker *w = arg;
    SimShared *sh = w->sh;
    SimPlayer pl;
    PulError err;
    memset(&err, 0, sizeof err);
    if (!player_open(sh, &pl, &err)) {
        pthread_mutex_lock(&sh->mu);
        record_failure(sh, &err);
        pthread_mutex_unlock(&sh->mu);
        player_close(&pl);
        return NULL;
    }
    pthread_mutex_lock(&sh->mu);
    for (;;) {
        while (!sh->stop && sh->next < sh->total && sh->next >= sh->reported + sh->window) {
            if (sh->reader_waits) pthread_cond_signal(&sh->ready);
            sh->room_waits++;
            pthread_cond_wait(&sh->room, &sh->mu);
            sh->room_waits--;
        }
        if (sh->stop || sh->next >= sh->total) break;
        uint64_t j = sh->next++;
        pthread_mutex_unlock(&sh->mu);

        SimRow row;
        bool ok = play_game_at(sh, &pl, j, &row, &err);

        pthread_mutex_lock(&sh->mu);
        if (!ok) {
            record_failure(sh, &err);
            break;
        }
        sh->rows[j % sh->window] = row;
        sh->done[j % sh->window] = true;
        /* The reader is woken for half a window of rows at a time, not for
        ** each (a switch of threads per game cost more than a random game);
        ** sooner when the rows are all in or a worker waits for room. */
        if (sh->reader_waits && (sh->next >= sh->total || sh->room_waits > 0 ||
                                 sh->next - sh->reported >= sh->window / 2))
            pthread_cond_signal(&sh->ready);
    }
    pthread_mutex_unlock(&sh->mu);
    player_close(&pl);
    return NULL;
}

/* One thread, the caller's: each game played and its row handed out in turn.
** The WebAssembly build has no threads (wasm/tests.cmake says why), and on one
** thread a worker beside a waiting reader only added the switches between them. */
static void run_inline(SimShared *sh, SimRowFn on_row, SimProgressFn on_progress, void *ud) {
    SimPlayer pl;
    PulError err;
    memset(&err, 0, sizeof err);
    if (!player_open(sh, &pl, &err)) {
        note_failure(sh, &err);
        player_close(&pl);
        return;
    }
    for (uint64_t j = 0; j < sh->total; j++) {
        SimRow row;
        if (!play_game_at(sh, &pl, j, &row, &err)) {
            note_failure(sh, &err);
            break;
        }
        bool go_on = on_row(&row, ud);
        sh->reported = j + 1;
        if (on_progress) on_progress(sh->reported, sh->total, ud);
        if (!go_on) {
            stopped_error(sh, &err);
            note_failure(sh, &err);
            break;
        }
    }
    player_close(&pl);
}

/* The main thread hands rows out in order as they come in. */
static void report_rows(SimShared *sh, SimRowFn on_row, SimProgressFn on_progress, void *ud) {
    pthread_mutex_lock(&sh->mu);
    while (sh->reported < sh->total && !sh->failed) {
        uint64_t slot = sh->reported % sh->window;
        if (!sh->done[slot]) {
            sh->reader_waits = true;
            pthread_cond_wait(&sh->ready, &sh->mu);
            sh->reader_waits = false;
            continue;
        }
        SimRow row = sh->rows[slot];
        pthread_mutex_unlock(&sh->mu);
        bool go_on = on_row(&row, ud);
        if (on_progress) on_progress(sh->reported + 1, sh->total, ud);
        pthread_mutex_lock(&sh->mu);
        sh->done[slot] = false;
        sh->reported++;
        pthread_cond_broadcast(&sh->room);
        if (!go_on) {
            PulError err;
            stopped_error(sh, &err);
            record_failure(sh, &err);
        }
    }
    pthread_mutex_unlock(&sh->mu);
}

/* ----------------------------------------------------------- checks */

static bool check_config(const SimConfig *cfg, PulError *err) {
    if (cfg->nvariants < 1 || cfg->nvariants > SIM_MAX_VARIANTS) {
        sim_fail(err, PUL_ERR_RANGE, "out-of-range", "give 1 to %d variants, not %d",
                 SIM_MAX_VARIANTS, cfg->nvariants);
        return false;
    }
    if (cfg->nbots < 1 || cfg->nbots > PUL_MAX_SEATS) {
        sim_fail(err, PUL_ERR_RANGE, "out-of-range", "give 1 to %d bots, not %d", PUL_MAX_SEATS,
                 cfg->nbots);
        return false;
    }
    if (cfg->nshards < 1 || cfg->shard < 0 || cfg->shard >= cfg->nshards) {
        sim_fail(err, PUL_ERR_RANGE, "out-of-range",
                 "shard %d of %d does not exist: shards are numbered 0 to N-1", cfg->shard,
                 cfg->nshards);
        return false;
    }
    return true;
}

/* Each variant allows the seats, and each bot can be made for it. */
static bool check_variant(const SimConfig *cfg, int k, const PulVariant *v, PulError *err) {
    int seats = sim_seats_for(cfg, v), min, max;
    pul_variant_players(v, &min, &max);
    if (seats < min || seats > max) {
        sim_fail(err, PUL_ERR_RANGE, "out-of-range", "%s is for %d to %d players, not %d; "
                 "choose --seats in that range or leave it out",
                 cfg->variants[k], min, max, seats);
        return false;
    }
    for (int b = 0; b < cfg->nbots; b++) {
        PulBot *bot = pul_bot_new(v, cfg->bots[b], 0, err);
        if (!bot) return false;
        pul_bot_free(bot);
    }
    return true;
}

int sim_thread_limit(void) {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
    return 1;
#else
    return SIM_MAX_THREADS;
#endif
}

static int default_threads(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    int limit = sim_thread_limit();
    return n < 1 ? 1 : n > limit ? limit : (int)n;
}

bool sim_run(const SimConfig *cfg, SimRowFn on_row, SimProgressFn on_progress, void *ud,
             PulError *err) {
    memset(err, 0, sizeof *err);
    if (!check_config(cfg, err)) return false;
    SimShared *sh = calloc(1, sizeof *sh);
    if (!sh) {
        sim_fail(err, PUL_ERR_MEMORY, "out-of-memory", "out of memory");
        return false;
    }
    sh->cfg = cfg;
    bool ok = true;
    for (int k = 0; k < cfg->nvariants && ok; k++) {
        sh->shared[k] = pul_variant_open(cfg->variants[k], cfg->search_dirs, err);
        ok = sh->shared[k] && check_variant(cfg, k, sh->shared[k], err);
    }
    sh->total = sim_shard_games(cfg) * (uint64_t)cfg->nvariants;
    int threads = cfg->threads > 0 ? cfg->threads : default_threads();
    if (threads > sim_thread_limit()) threads = sim_thread_limit();
    if ((uint64_t)threads > sh->total) threads = sh->total ? (int)sh->total : 1;
    sh->window = (uint64_t)threads * SIM_WINDOW_PER_THREAD;
    SimWorker *workers = NULL;
    if (ok && sh->total > 0) {
        sh->rows = malloc(sh->window * sizeof *sh->rows);
        sh->done = calloc(sh->window, sizeof *sh->done);
        workers = calloc((size_t)threads, sizeof *workers);
        if (!sh->rows || !sh->done || !workers) {
            sim_fail(err, PUL_ERR_MEMORY, "out-of-memory", "out of memory");
            ok = false;
        }
    }
    if (ok && sh->total > 0 && threads == 1) {
        run_inline(sh, on_row, on_progress, ud);
        if (sh->failed) {
            *err = sh->err;
            ok = false;
        }
    } else if (ok && sh->total > 0) {
        pthread_mutex_init(&sh->mu, NULL);
        pthread_cond_init(&sh->room, NULL);
        pthread_cond_init(&sh->ready, NULL);
        for (int t = 0; t < threads; t++) {
            workers[t].sh = sh;
            workers[t].started = pthread_create(&workers[t].tid, NULL, worker_main, &workers[t]) == 0;
            if (!workers[t].started) {
                PulError terr;
                sim_fail(&terr, PUL_ERR_MEMORY, "out-of-memory", "could not start thread %d of %d",
                         t + 1, threads);
                pthread_mutex_lock(&sh->mu);
                record_failure(sh, &terr);
                pthread_mutex_unlock(&sh->mu);
                break;
            }
        }
        report_rows(sh, on_row, on_progress, ud);
        for (int t = 0; t < threads; t++)
            if (workers[t].started) pthread_join(workers[t].tid, NULL);
        if (sh->failed) {
            *err = sh->err;
            ok = false;
        }
        pthread_cond_destroy(&sh->ready);
        pthread_cond_destroy(&sh->room);
        pthread_mutex_destroy(&sh->mu);
    }
    free(workers);
    free(sh->done);
    free(sh->rows);
    for (int k = 0; k < cfg->nvariants; k++)
        if (sh->shared[k]) pul_variant_free(sh->shared[k]);
    free(sh);
    return ok;
}
