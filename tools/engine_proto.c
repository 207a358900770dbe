/*
** engine_proto.c: pul engine's dispatcher (PROTOCOL.md): checks a command
** line, runs it on the engine's game and writes its one JSON reply.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_int.h"

/* Every command, in the order info and help list them. */
static const char *const COMMANDS[] = {"info",  "help",   "variants", "newgame", "load",
                                       "play",  "validmoves", "bestmove", "undo", "state",
                                       "theme", "render", "record",   "quit"};
enum { NCOMMANDS = (int)(sizeof COMMANDS / sizeof COMMANDS[0]) };

/* bestmove's bounds, so one command cannot hold a front end for long. */
enum { BOT_ITERS_MAX = 200000 };
static const double BOT_SECONDS_MAX = 10.0;

static const char OOM_REPLY[] =
    "{\"ok\":false,\"error\":\"out_of_memory\",\"message\":\"the engine ran out of memory\"}";

/* ------------------------------------------------------------ helpers */

bool engine_arg_next(EngineArgs *a, const char **word, size_t *len) {
    while (a->p < a->end && (*a->p == ' ' || *a->p == '\t')) a->p++;
    if (a->p >= a->end) return false;
    const char *s = a->p;
    while (a->p < a->end && *a->p != ' ' && *a->p != '\t') a->p++;
    *word = s;
    *len = (size_t)(a->p - s);
    return true;
}

void engine_ok(Engine *e, const char *cmd) {
    json_reset(&e->out);
    json_open(&e->out, '{');
    json_kbool(&e->out, "ok", true);
    json_kstr(&e->out, "cmd", cmd);
}

void engine_fail(Engine *e, const char *cmd, const char *code, const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    json_reset(&e->out);
    json_open(&e->out, '{');
    json_kbool(&e->out, "ok", false);
    if (cmd) json_kstr(&e->out, "cmd", cmd);
    json_kstr(&e->out, "error", code);
    json_kstr(&e->out, "message", msg);
    json_close(&e->out);
}

/* A value quoted in a message, cut so that a hostile one cannot flood it;
** the reply's JSON writer escapes it. */
static const char *cut(const char *s, size_t n, char buf[PUL_TEXT_CUT_SIZE]) {
    return pul_text_cut(s, n, buf, PUL_TEXT_CUT_SIZE);
}

void engine_fail_move(Engine *e, const char *cmd, const char *move, size_t len, PulReason why,
                      int index) {
    char msg[512], quoted[PUL_TEXT_CUT_SIZE];
    if (why == PUL_R_SCRIPT_ERROR && e->g && pul_game_script_error(e->g))
        pul_error_format(pul_game_script_error(e->g), msg, sizeof msg);
    else if (e->g)
        pul_reason_text(e->g, why, msg, sizeof msg);
    else
        snprintf(msg, sizeof msg, "%s", pul_reason_message(why));
    json_reset(&e->out);
    json_open(&e->out, '{');
    json_kbool(&e->out, "ok", false);
    json_kstr(&e->out, "cmd", cmd);
    json_kstr(&e->out, "error", "illegal_move");
    json_kstr(&e->out, "reason", pul_reason_code(why));
    json_key(&e->out, "move");
    json_str(&e->out, cut(move, len, quoted));
    if (index > 0) json_kint(&e->out, "index", index);
    json_kstr(&e->out, "message", msg);
    json_close(&e->out);
}

void engine_move_text(const PulVariant *v, const PulAction *a, char *buf, size_t size) {
    bool random = a->tile == PUL_NO_TILE;
    if (random && a->kind == PUL_TAKE) snprintf(buf, size, "t");
    else if (random && a->kind == PUL_REFILL) snprintf(buf, size, "+");
    else if (random && a->kind == PUL_SWAP) snprintf(buf, size, "x");
    else if (pul_action_format(v, a, buf, size) < 0 && size)
        buf[0] = '\0';
}

static void put_seats(JsonBuf *j, const char *key, const int *seats, int n) {
    json_key(j, key);
    json_open(j, '[');
    for (int i = 0; i < n; i++) json_int(j, seats[i] + 1);
    json_close(j);
}

void engine_put_status(Engine *e) {
    JsonBuf *j = &e->out;
    const PulGame *g = e->g;
    bool over = pul_game_over(g);
    json_kint(j, "to_move", pul_game_to_move(g) + 1);
    json_kbool(j, "over", over);
    json_kstr(j, "reason", pul_end_reason_code(pul_game_end_reason(g)));
    json_kint(j, "moves", e->ndone);
    int scores[PUL_MAX_SEATS], n = pul_game_scores(g, scores, PUL_MAX_SEATS);
    json_key(j, "scores");
    json_open(j, '[');
    for (int i = 0; i < n; i++) json_int(j, scores[i]);
    json_close(j);
    if (over) {
        int w[PUL_MAX_SEATS];
        put_seats(j, "winners", w, pul_game_winners(g, w, PUL_MAX_SEATS));
    }
}

/* A decimal number of the word (no sign, no leading zero), at most max. */
static bool number(const char *s, size_t n, unsigned long long max, unsigned long long *out) {
    if (n == 0 || n > 20 || (n > 1 && s[0] == '0')) return false;
    unsigned long long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (max - d) / 10) return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

static bool has_key(const char *w, size_t n, const char *key) {
    size_t k = strlen(key);
    return n > k && strncmp(w, key, k) == 0 && w[k] == '=';
}

bool engine_need_game(Engine *e, const char *cmd) {
    if (e->g) return true;
    engine_fail(e, cmd, "no_game", "no game yet: start one with newgame VARIANT (see variants)");
    return false;
}

static bool no_more_args(Engine *e, const char *cmd, EngineArgs *a) {
    const char *w;
    size_t n;
    if (!engine_arg_next(a, &w, &n)) return true;
    char q[PUL_TEXT_CUT_SIZE];
    engine_fail(e, cmd, "bad_argument", "%s takes no argument '%s' (see help)", cmd,
                cut(w, n, q));
    return false;
}

bool engine_seat_arg(Engine *e, const char *cmd, EngineArgs *a, int *seat, int *lang,
                     bool *coords) {
    *seat = pul_game_to_move(e->g);
    const char *w;
    size_t n;
    char q[PUL_TEXT_CUT_SIZE];
    while (engine_arg_next(a, &w, &n)) {
        unsigned long long v;
        if (has_key(w, n, "seat")) {
            if (!number(w + 5, n - 5, PUL_MAX_SEATS, &v) || v < 1 ||
                (int)v > pul_game_seats(e->g)) {
                engine_fail(e, cmd, "bad_seat", "'%s': this game's seats are 1 to %d",
                            cut(w, n, q), pul_game_seats(e->g));
                return false;
            }
            *seat = (int)v - 1;
        } else if (lang && has_key(w, n, "lang")) {
            char code[8];
            size_t k = n - 5 < sizeof code ? n - 5 : sizeof code - 1;
            memcpy(code, w + 5, k);
            code[k] = '\0';
            *lang = n - 5 < sizeof code ? pul_lang_find(code) : -1;
            if (*lang < 0) {
                engine_fail(e, cmd, "bad_argument", "'%s': the languages are en, ja, fr and es",
                            cut(w, n, q));
                return false;
            }
        } else if (coords && n == 8 && (!strncmp(w, "coords=0", 8) || !strncmp(w, "coords=1", 8))) {
            *coords = w[7] == '1';
        } else {
            engine_fail(e, cmd, "bad_argument", "unknown argument '%s' (see help)", cut(w, n, q));
            return false;
        }
    }
    return true;
}

/* ------------------------------------------------------------ the game */

/* The objects of the game, not its edition. */
static void drop_objects(Engine *e) {
    pul_game_free(e->g);
    pul_game_free(e->start);
    pul_game_free(e->scratch);
    pul_game_free(e->view);
    pul_record_free(e->rec);
    e->g = e->start = e->scratch = e->view = NULL;
    e->rec = NULL;
    e->ndone = 0;
}

/* The game and its edition, and the bot made for that edition. */
static void drop_game(Engine *e) {
    drop_objects(e);
    pul_bot_free(e->bot);
    pul_variant_free(e->v);
    e->bot = NULL;
    e->v = NULL;
    e->v_asked[0] = '\0';
}

static bool remember(Engine *e, const PulAction *a) {
    if (e->ndone == e->capdone) {
        int cap = e->capdone ? 2 * e->capdone : 256;
        PulAction *d = realloc(e->done, (size_t)cap * sizeof *d);
        if (!d) return false;
        e->done = d;
        e->capdone = cap;
    }
    e->done[e->ndone++] = *a;
    return pul_record_add_move(e->rec, e->v, a) == PUL_OK;
}

/* A move word as the protocol reads it: PMN, or a bare "t", "+" or "x" for
** a take, refill or swap at random. */
static bool parse_move(const PulVariant *v, const char *w, size_t n, PulAction *a) {
    char text[64];
    if (n >= sizeof text) return false;
    memcpy(text, w, n);
    text[n] = '\0';
    memset(a, 0, sizeof *a);
    bool micropul = pul_variant_board(v) == NULL;
    if (micropul && !strcmp(text, "t")) {
        a->kind = PUL_TAKE;
        a->tile = PUL_NO_TILE;
        return true;
    }
    if (!micropul && (!strcmp(text, "+") || !strcmp(text, "x"))) {
        a->kind = text[0] == '+' ? PUL_REFILL : PUL_SWAP;
        a->tile = PUL_NO_TILE;
        return true;
    }
    return pul_action_parse(v, text, a);
}

/* Plays one move word; the error reply written when it is refused. */
static bool play_word(Engine *e, const char *cmd, const char *w, size_t n, int index,
                      PulAction *done) {
    PulAction a;
    PulReason why;
    PulEvents ev;
    if (!parse_move(e->v, w, n, &a)) why = PUL_R_SYNTAX;
    else if (pul_game_over(e->g)) why = PUL_R_GAME_OVER;
    else why = pul_apply(e->g, &a, &ev);
    if (why != PUL_LEGAL) {
        engine_fail_move(e, cmd, w, n, why, index);
        return false;
    }
    pul_events_action(&ev, done);
    if (!remember(e, done)) {
        engine_fail(e, cmd, "out_of_memory", "the engine ran out of memory");
        return false;
    }
    return true;
}

/* The variant named by a word: a name as records give it (never a path); the
** game's own when newgame opened it by that name. */
static PulVariant *open_variant(Engine *e, const char *cmd, const char *w, size_t n) {
    char name[PUL_NAME_MAX], q[PUL_TEXT_CUT_SIZE];
    bool ok = n > 0 && n < sizeof name;
    for (size_t i = 0; ok && i < n; i++) {
        char c = w[i];
        ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
             c == '_' || c == '-';
    }
    if (!ok) {
        engine_fail(e, cmd, "unknown_variant",
                    "'%s' is not a variant name (letters, digits, '_' and '-'; see variants)",
                    cut(w, n, q));
        return NULL;
    }
    memcpy(name, w, n);
    name[n] = '\0';
    if (e->v && !strcmp(name, e->v_asked)) return e->v;
    PulError err;
    memset(&err, 0, sizeof err);
    PulVariant *v = pul_variant_open(name, e->search_dirs, &err);
    if (!v) {
        char msg[1024];
        engine_fail(e, cmd, err.status == PUL_ERR_NOT_FOUND ? "unknown_variant" : "variant_error",
                    "%s", pul_error_format(&err, msg, sizeof msg));
    }
    return v;
}

/* The objects of a game of v (taken over, unless it is the game's already);
** false with the reply written. */
static bool new_objects(Engine *e, const char *cmd, PulVariant *v) {
    if (v == e->v) {
        drop_objects(e);
    } else {
        drop_game(e);
        e->v = v;
    }
    e->g = pul_game_new(v);
    e->start = pul_game_new(v);
    e->scratch = pul_game_new(v);
    e->view = pul_game_new(v);
    e->rec = pul_record_new();
    if (e->g && e->start && e->scratch && e->view && e->rec) return true;
    drop_game(e);
    engine_fail(e, cmd, "out_of_memory", "the engine ran out of memory");
    return false;
}

/* After the start: the start kept and the record begun. */
static bool started(Engine *e, const char *cmd) {
    pul_game_copy(e->start, e->g);
    if (pul_record_from_start(e->rec, e->g) == PUL_OK) return true;
    drop_game(e);
    engine_fail(e, cmd, "out_of_memory", "the engine ran out of memory");
    return false;
}

static void reply_game(Engine *e, const char *cmd) {
    engine_ok(e, cmd);
    json_kstr(&e->out, "variant", pul_variant_name(e->v));
    json_kstr(&e->out, "family", pul_variant_family(e->v));
    json_kint(&e->out, "seats", pul_game_seats(e->g));
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)pul_game_seed(e->g));
    json_kstr(&e->out, "seed", seed);
    engine_put_status(e);
    json_close(&e->out);
}

/* ------------------------------------------------------------ commands */

static void cmd_info(Engine *e, EngineArgs *a) {
    if (!no_more_args(e, "info", a)) return;
    engine_ok(e, "info");
    json_kstr(&e->out, "name", "pul");
    json_kstr(&e->out, "version", PUL_VERSION);
    json_kint(&e->out, "protocol", ENGINE_PROTOCOL);
    json_kint(&e->out, "line_max", ENGINE_LINE_MAX);
    json_key(&e->out, "commands");
    json_open(&e->out, '[');
    for (int k = 0; k < NCOMMANDS; k++) json_str(&e->out, COMMANDS[k]);
    json_close(&e->out);
    json_close(&e->out);
}

static const char *const HELP[NCOMMANDS] = {
    "info: name, version, protocol version, line limit, commands",
    "help: this list",
    "variants: every edition: id, family, titles, seat counts",
    "newgame VARIANT [seats=N] [seed=S] [moves M...]: a new game, the moves played",
    "load \"PMN\": a new game from a record, given as one JSON string",
    "play MOVE: a move in PMN; t, + or x for a take, refill or swap at random",
    "validmoves: the moves of the seat to move, grouped, with their points",
    "bestmove [BOT]: the move a bot chooses (default greedy), not played",
    "undo: take back the last move",
    "state [seat=N]: what seat N (default: the seat to move) sees",
    "theme: the edition's names, glyphs, colours and art",
    "render [seat=N] [lang=L] [coords=0|1]: an SVG of what seat N sees",
    "record: the game's PMN record",
    "quit: end the session"};

static void cmd_help(Engine *e, EngineArgs *a) {
    if (!no_more_args(e, "help", a)) return;
    engine_ok(e, "help");
    json_key(&e->out, "commands");
    json_open(&e->out, '[');
    for (int k = 0; k < NCOMMANDS; k++) json_str(&e->out, HELP[k]);
    json_close(&e->out);
    json_close(&e->out);
}

static void cmd_newgame(Engine *e, EngineArgs *a) {
    const char *w;
    size_t n;
    char q[PUL_TEXT_CUT_SIZE];
    if (!engine_arg_next(a, &w, &n)) {
        engine_fail(e, "newgame", "bad_argument", "newgame VARIANT [seats=N] [seed=S] [moves M...]");
        return;
    }
    const char *vname = w;
    size_t vlen = n;
    unsigned long long seats = 0, seed = 1;
    bool moves = false;
    while (!moves && engine_arg_next(a, &w, &n)) {
        if (has_key(w, n, "seats")) {
            if (!number(w + 6, n - 6, PUL_MAX_SEATS, &seats) || seats < 1) {
                engine_fail(e, "newgame", "bad_seats", "'%s': seats are a number from 1 to %d",
                            cut(w, n, q), PUL_MAX_SEATS);
                return;
            }
        } else if (has_key(w, n, "seed")) {
            if (!number(w + 5, n - 5, UINT64_MAX, &seed)) {
                engine_fail(e, "newgame", "bad_argument",
                            "'%s': a seed is a decimal number below 2^64, no leading zeros",
                            cut(w, n, q));
                return;
            }
        } else if (n == 5 && !strncmp(w, "moves", 5)) {
            moves = true;
        } else {
            engine_fail(e, "newgame", "bad_argument", "unknown argument '%s' (see help)",
                        cut(w, n, q));
            return;
        }
    }
    PulVariant *v = open_variant(e, "newgame", vname, vlen);
    if (!v) return;
    int min, max;
    pul_variant_players(v, &min, &max);
    if (seats == 0) seats = min <= 2 && 2 <= max ? 2 : (unsigned long long)min;
    if ((int)seats < min || (int)seats > max) {
        engine_fail(e, "newgame", "bad_seats", "%s is played by %d to %d seats, not %llu",
                    pul_variant_name(v), min, max, seats);
        if (v != e->v) pul_variant_free(v);
        return;
    }
    if (!new_objects(e, "newgame", v)) return;
    memcpy(e->v_asked, vname, vlen); /* a name open_variant took: shorter than PUL_NAME_MAX */
    e->v_asked[vlen] = '\0';
    PulError err;
    memset(&err, 0, sizeof err);
    if (pul_game_start(e->g, (int)seats, seed, NULL, 0, &err) != PUL_OK) {
        char msg[1024];
        drop_game(e);
        engine_fail(e, "newgame", "variant_error", "%s", pul_error_format(&err, msg, sizeof msg));
        return;
    }
    if (!started(e, "newgame")) return;
    for (int i = 1; moves && engine_arg_next(a, &w, &n); i++) {
        PulAction done;
        if (!play_word(e, "newgame", w, n, i, &done)) {
            drop_game(e); /* a half-built game would not be the one asked for */
            return;
        }
    }
    reply_game(e, "newgame");
}

static void cmd_load(Engine *e, EngineArgs *a) {
    size_t len;
    if (!json_read_string(a->p, (size_t)(a->end - a->p), e->text, ENGINE_LINE_MAX + 1, &len)) {
        engine_fail(e, "load", "bad_argument",
                    "load takes the record as one JSON string: load \"[Variant \\\"...\\\"]\\n...\"");
        return;
    }
    PulRecord *rec = pul_record_new();
    PulError err;
    memset(&err, 0, sizeof err);
    char msg[1024];
    if (!rec) {
        engine_fail(e, "load", "out_of_memory", "the engine ran out of memory");
        return;
    }
    PulVariant *v = NULL;
    if (pul_record_parse(rec, e->text, len, "<load>", &err) != PUL_OK ||
        !(v = pul_record_open_variant(rec, e->search_dirs, &err))) {
        engine_fail(e, "load", err.status == PUL_ERR_NOT_FOUND ? "unknown_variant" : "bad_record",
                    "%s", pul_error_format(&err, msg, sizeof msg));
        pul_record_free(rec);
        return;
    }
    if (!new_objects(e, "load", v)) {
        pul_record_free(rec);
        return;
    }
    if (pul_record_start_game(rec, e->g, &err) != PUL_OK) {
        drop_game(e);
        engine_fail(e, "load", "bad_record", "%s", pul_error_format(&err, msg, sizeof msg));
        pul_record_free(rec);
        return;
    }
    bool ok = started(e, "load");
    for (int i = 0; ok && i < pul_record_nmoves(rec); i++) {
        const char *m = pul_record_move(rec, i);
        PulAction done;
        ok = play_word(e, "load", m, strlen(m), i + 1, &done);
        if (!ok) drop_game(e);
    }
    pul_record_free(rec);
    if (ok) reply_game(e, "load");
}

static void cmd_play(Engine *e, EngineArgs *a) {
    if (!engine_need_game(e, "play")) return;
    const char *w;
    size_t n;
    if (!engine_arg_next(a, &w, &n)) {
        engine_fail(e, "play", "bad_argument", "play MOVE: one move (see validmoves)");
        return;
    }
    const char *w2;
    size_t n2;
    EngineArgs rest = *a;
    if (engine_arg_next(&rest, &w2, &n2)) {
        engine_fail(e, "play", "bad_argument", "play takes one move at a time");
        return;
    }
    int seat = pul_game_to_move(e->g);
    PulAction done;
    if (!play_word(e, "play", w, n, 0, &done)) return;
    char text[64];
    engine_move_text(e->v, &done, text, sizeof text);
    engine_ok(e, "play");
    json_kint(&e->out, "seat", seat + 1);
    json_kstr(&e->out, "move", text);
    engine_put_status(e);
    json_close(&e->out);
}

/* A bot spec's number after key= ("iters=2000"), or -1 when absent. */
static double spec_value(const char *spec, const char *key) {
    const char *p = strchr(spec, ':');
    size_t k = strlen(key);
    while (p) {
        p++;
        if (!strncmp(p, key, k) && p[k] == '=') return atof(p + k + 1);
        p = strchr(p, ',');
    }
    return -1;
}

static void cmd_bestmove(Engine *e, EngineArgs *a) {
    if (!engine_need_game(e, "bestmove")) return;
    const char *w;
    size_t n;
    char spec[sizeof e->bot_asked] = "greedy", q[PUL_TEXT_CUT_SIZE];
    if (engine_arg_next(a, &w, &n)) {
        if (n >= sizeof spec) {
            engine_fail(e, "bestmove", "bad_bot", "the bot spec is too long");
            return;
        }
        memcpy(spec, w, n);
        spec[n] = '\0';
    }
    if (!no_more_args(e, "bestmove", a)) return;
    if (pul_game_over(e->g)) {
        engine_fail(e, "bestmove", "game_over", "the game is over: there is no move to choose");
        return;
    }
    /* The same position and spec give the same move: the seed follows the game. */
    uint64_t seed = pul_game_seed(e->g) * 0x9e3779b97f4a7c15ULL + (uint64_t)e->ndone;
    PulError err;
    memset(&err, 0, sizeof err);
    /* The bot of the last bestmove serves again when the spec is the same:
    ** reseeded, it chooses as a new one would, without making its memory again. */
    if (e->bot && !strcmp(spec, e->bot_asked)) {
        pul_bot_reseed(e->bot, seed);
    } else {
        pul_bot_free(e->bot);
        e->bot = NULL;
        PulBot *bot = pul_bot_new(e->v, spec, seed, &err);
        if (!bot) {
            char msg[1024];
            engine_fail(e, "bestmove", "bad_bot", "%s (see pul help bots)",
                        pul_error_format(&err, msg, sizeof msg));
            return;
        }
        const char *full = pul_bot_spec(bot);
        double iters = spec_value(full, "iters"), secs = spec_value(full, "time");
        if (iters > BOT_ITERS_MAX || secs > BOT_SECONDS_MAX) {
            engine_fail(e, "bestmove", "bad_bot",
                        "'%s': bestmove allows at most iters=%d and time=%g",
                        cut(spec, strlen(spec), q), BOT_ITERS_MAX, BOT_SECONDS_MAX);
            pul_bot_free(bot);
            return;
        }
        e->bot = bot;
        memcpy(e->bot_asked, spec, sizeof e->bot_asked);
    }
    PulAction act;
    pul_observe(e->g, pul_game_to_move(e->g), e->obs);
    PulStatus s = pul_bot_choose(e->bot, e->obs, &act, &err);
    if (s != PUL_OK) {
        char msg[1024];
        engine_fail(e, "bestmove", s == PUL_ERR_MEMORY ? "out_of_memory" : "bot_failed", "%s",
                    pul_error_format(&err, msg, sizeof msg));
        return;
    }
    char text[64];
    engine_move_text(e->v, &act, text, sizeof text);
    engine_ok(e, "bestmove");
    json_kstr(&e->out, "move", text);
    json_kstr(&e->out, "bot", pul_bot_spec(e->bot));
    json_kint(&e->out, "iterations", pul_bot_iterations(e->bot));
    json_close(&e->out);
}

static void cmd_undo(Engine *e, EngineArgs *a) {
    if (!engine_need_game(e, "undo") || !no_more_args(e, "undo", a)) return;
    if (e->ndone == 0) {
        engine_fail(e, "undo", "nothing_to_undo", "no move has been played");
        return;
    }
    /* Replayed from the start, each move as done: a random take or draw
    ** stays the tile it gave. */
    int n = --e->ndone;
    pul_game_copy(e->g, e->start);
    for (int i = 0; i < n; i++)
        if (pul_apply(e->g, &e->done[i], NULL) != PUL_LEGAL) {
            drop_game(e);
            engine_fail(e, "undo", "internal", "the game could not be replayed; start again");
            return;
        }
    pul_record_truncate(e->rec, n);
    char text[64];
    engine_move_text(e->v, &e->done[n], text, sizeof text);
    engine_ok(e, "undo");
    json_kstr(&e->out, "undone", text);
    engine_put_status(e);
    json_close(&e->out);
}

static void cmd_record(Engine *e, EngineArgs *a) {
    if (!engine_need_game(e, "record") || !no_more_args(e, "record", a)) return;
    size_t len;
    char *text = pul_record_write(e->rec, &len);
    if (!text) {
        engine_fail(e, "record", "out_of_memory", "the engine ran out of memory");
        return;
    }
    engine_ok(e, "record");
    json_key(&e->out, "pmn");
    json_strn(&e->out, text, len);
    json_close(&e->out);
    free(text);
}

static void cmd_quit(Engine *e, EngineArgs *a) {
    if (!no_more_args(e, "quit", a)) return;
    e->quit = true;
    engine_ok(e, "quit");
    json_close(&e->out);
}

/* ------------------------------------------------------------ dispatch */

Engine *engine_new(const char *search_dirs) {
    Engine *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    if (search_dirs) {
        size_t n = strlen(search_dirs) + 1;
        if ((e->search_dirs = malloc(n)) != NULL) memcpy(e->search_dirs, search_dirs, n);
    }
    e->legal = malloc(PUL_MAX_ACTIONS * sizeof *e->legal);
    e->text = malloc(ENGINE_LINE_MAX + 1);
    e->obs = malloc(sizeof *e->obs);
    if ((search_dirs && !e->search_dirs) || !e->legal || !e->text || !e->obs) {
        engine_free(e);
        return NULL;
    }
    return e;
}

void engine_free(Engine *e) {
    if (!e) return;
    drop_game(e);
    json_free(&e->out);
    free(e->done);
    free(e->legal);
    free(e->text);
    free(e->obs);
    free(e->search_dirs);
    free(e);
}

bool engine_quit(const Engine *e) { return e->quit; }

static const char *reply(Engine *e) {
    return e->out.failed || !e->out.buf ? OOM_REPLY : e->out.buf;
}

const char *engine_overlong(Engine *e, size_t len) {
    engine_fail(e, NULL, "line_too_long",
                "the line has %zu bytes or more; a command line has at most %d", len,
                ENGINE_LINE_MAX);
    return reply(e);
}

/* Whether the line is text a command can be: UTF-8 without NUL; where not,
** the error reply is written. */
static bool line_ok(Engine *e, const char *s, size_t n) {
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        int len = pul_utf8_next(s + i, n - i, &cp);
        if (len == 0 || cp == 0) {
            engine_fail(e, NULL, "bad_encoding",
                        cp == 0 && len ? "a NUL byte at byte %zu: commands are text"
                                       : "byte %zu is not UTF-8: commands are UTF-8 text",
                        i + 1);
            return false;
        }
        i += (size_t)len;
    }
    return true;
}

const char *engine_command(Engine *e, const char *line, size_t len) {
    if (len > 0 && line[len - 1] == '\r') len--;
    if (len > ENGINE_LINE_MAX) return engine_overlong(e, len);
    if (!line_ok(e, line, len)) return reply(e);
    EngineArgs a = {line, line + len};
    const char *w;
    size_t n;
    if (!engine_arg_next(&a, &w, &n)) {
        engine_fail(e, NULL, "empty_line", "an empty line is no command (see help)");
        return reply(e);
    }
    static void (*const RUN[NCOMMANDS])(Engine *, EngineArgs *) = {
        cmd_info,   cmd_help,       engine_cmd_variants, cmd_newgame, cmd_load,
        cmd_play,   engine_cmd_validmoves, cmd_bestmove, cmd_undo, engine_cmd_state,
        engine_cmd_theme, engine_cmd_render, cmd_record, cmd_quit};
    for (int k = 0; k < NCOMMANDS; k++)
        if (strlen(COMMANDS[k]) == n && !strncmp(COMMANDS[k], w, n)) {
            RUN[k](e, &a);
            return reply(e);
        }
    char q[PUL_TEXT_CUT_SIZE];
    const char *near = pul_text_suggest(w, n, COMMANDS, NCOMMANDS);
    if (near)
        engine_fail(e, NULL, "unknown_command", "unknown command '%s'; did you mean '%s'?",
                    cut(w, n, q), near);
    else
        engine_fail(e, NULL, "unknown_command", "unknown command '%s' (see help)", cut(w, n, q));
    return reply(e);
}
