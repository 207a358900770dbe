/*
** play_game.c: the interactive game of `pul play`: the turn loop with humans
** at a terminal (or a script on a pipe) and bots, the commands a human can
** type, the record saved after every move, resume and undo.
*/
#define _POSIX_C_SOURCE 200809L /* fileno, fsync, isatty */

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "play.h"

/* The hint's search: enough to be useful, short enough not to keep anyone waiting. */
static const char hint_spec[] = "mcts:iters=1000";

typedef enum { TURN_DONE, TURN_QUIT, TURN_FAILED } TurnResult;

void play_say(Play *p, PlayMsg id, ...) {
    char buf[4096];
    va_list ap;
    va_start(ap, id);
    play_vformat(buf, sizeof buf, p->st.lang, p->theme, id, ap);
    va_end(ap);
    fprintf(p->out, "%s\n", buf);
}

static void flush_news(Play *p) {
    fputs(p->news, p->out);
    p->news[0] = '\0';
}

/* Erases the screen and, for hot-seat, the terminal's scrollback too (ESC[3J),
** so that scrolling up shows nothing of the last player's hand. */
static void clear_screen(Play *p, bool scrollback) {
    fputs(scrollback ? "\x1b[H\x1b[2J\x1b[3J" : "\x1b[H\x1b[2J", p->out);
}

/* At a terminal the news waits for the next screen, which clears what was
** there before; on a pipe it is printed at once. */
void play_news(Play *p, PlayMsg id, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, id);
    play_vformat(buf, sizeof buf, p->st.lang, p->theme, id, ap);
    va_end(ap);
    if (!p->tty) {
        fprintf(p->out, "%s\n", buf);
        return;
    }
    if (strlen(p->news) + strlen(buf) + 2 > sizeof p->news) flush_news(p);
    size_t len = strlen(p->news);
    snprintf(p->news + len, sizeof p->news - len, "%s\n", buf);
}

/* Kept for seat's next screen, on a tty or a pipe alike: news goes to
** whoever looks next, which in hot-seat is another player. */
void play_news_to(Play *p, int seat, PlayMsg id, ...) {
    if (seat < 0 || seat >= PUL_MAX_SEATS || p->bot[seat]) return;
    char buf[1024];
    va_list ap;
    va_start(ap, id);
    play_vformat(buf, sizeof buf, p->st.lang, p->theme, id, ap);
    va_end(ap);
    char *box = p->secret[seat];
    size_t len = strlen(box), add = strlen(buf);
    if (len + add + 2 > sizeof p->secret[seat]) return; /* its screen lists the known tiles */
    memcpy(box + len, buf, add);
    memcpy(box + len + add, "\n", 2);
}

/* "MCTS", "Greedy": a bot's name from its spec, for announcements. */
static void bot_name(const char *spec, char *buf, size_t size) {
    size_t n = strcspn(spec, ":");
    if (n >= size) n = size - 1;
    memcpy(buf, spec, n);
    buf[n] = '\0';
    if (strcmp(buf, "mcts") == 0)
        snprintf(buf, size, "MCTS");
    else if (n > 0)
        buf[0] = (char)toupper((unsigned char)buf[0]);
}

/* ------------------------------------------------------------ the record */

/* The record of the game so far, written whole to a temporary file that is
** then renamed over the record: a crash or Ctrl-C leaves the old or the new
** record, never half of one. */
static bool save(Play *p) {
    char tmp[1100];
    size_t len = 0;
    bool ok = false;
    errno = 0;
    char *text = pul_record_write(p->rec, &len);
    if (!text) goto done;
    snprintf(tmp, sizeof tmp, "%s.tmp", p->record_path);
    FILE *f = fopen(tmp, "wb");
    if (!f) goto done;
    ok = fwrite(text, 1, len, f) == len && fflush(f) == 0 && fsync(fileno(f)) == 0;
    ok = fclose(f) == 0 && ok;
    ok = ok && rename(tmp, p->record_path) == 0;
    if (!ok) remove(tmp);
done:
    if (!ok) play_say(p, PM_SAVE_FAILED, CLI_TEXT(p->record_path), errno ? strerror(errno) : "?");
    free(text);
    return ok;
}

/* a, made by seat, goes on the list of moves, and on the record unless it
** is read from it. */
static bool add_move(Play *p, const PulAction *a, int seat, bool hidden, bool to_record) {
    if (p->nmoves == p->cap) {
        int cap = p->cap ? p->cap * 2 : 128;
        PulAction *m = realloc(p->moves, (size_t)cap * sizeof *m);
        if (!m) return false;
        p->moves = m;
        PlayMoveInfo *info = realloc(p->info, (size_t)cap * sizeof *info);
        if (!info) return false;
        p->info = info;
        p->cap = cap;
    }
    if (to_record && pul_record_add_move(p->rec, p->v, a) != PUL_OK) return false;
    p->info[p->nmoves].seat = (int8_t)seat;
    p->info[p->nmoves].hidden = hidden;
    p->moves[p->nmoves++] = *a;
    return true;
}

/* ---------------------------------------------------------------- moves */

/* Apply a for the seat to move, record it, save, and tell what happened. */
static PulReason do_action(Play *p, const PulAction *a) {
    int seat = pul_game_to_move(p->g);
    PulEvents ev;
    PulReason r = pul_apply(p->g, a, &ev);
    if (r != PUL_LEGAL) return r;
    PulAction done;
    pul_events_action(&ev, &done);
    if (!add_move(p, &done, seat, p->fam->hidden(&done, &ev), true)) {
        cli_error("play", "out of memory while recording the game");
        return PUL_R_BAD_ACTION;
    }
    save(p);
    char name[PLAY_SPEC_MAX] = "";
    if (p->bot[seat]) bot_name(p->cfg->seat[seat], name, sizeof name);
    p->fam->told(p, seat, p->bot[seat] ? name : NULL, &done, &ev);
    return PUL_LEGAL;
}

/* The game again from its start, with the first n moves of the list. */
static bool replay(Play *p, const PulGame *start, int n) {
    pul_game_copy(p->g, start);
    for (int k = 0; k < n; k++)
        if (pul_apply(p->g, &p->moves[k], NULL) != PUL_LEGAL) return false;
    p->nmoves = n;
    pul_record_truncate(p->rec, n);
    return true;
}

/* ---------------------------------------------------------------- screen */

/* The screen of the turn (play_screen.c), fitted to the terminal unless whole;
** what only this seat may know (a peek) joins the news on its own screen. */
static void draw_screen(Play *p, int seat, const PulAction *legal, int n, bool whole) {
    size_t len = strlen(p->news);
    snprintf(p->news + len, sizeof p->news - len, "%s", p->secret[seat]);
    p->secret[seat][0] = '\0';
    p->fam->screen(p, seat, legal, n, whole);
}

/* One line of input after prompt, without its newline and surrounding
** blanks; false at the end of input. At a terminal the line editor reads
** it, with seat's history (-1: none); else it is read as it comes. */
static bool read_line(Play *p, const char *prompt, int seat, char *buf, size_t size) {
    size_t len;
    if (p->input) {
        fflush(p->out);
        if (!play_input_read(p->input, prompt, seat, buf, size)) return false;
        len = strlen(buf);
    } else {
        fputs(prompt, p->out);
        fflush(p->out);
        if (!fgets(buf, (int)size, p->in)) return false;
        len = strlen(buf);
        if (len && buf[len - 1] != '\n') { /* too long: drop the rest of the line */
            int c;
            while ((c = fgetc(p->in)) != EOF && c != '\n') {
            }
        }
    }
    while (len && isspace((unsigned char)buf[len - 1])) buf[--len] = '\0';
    size_t lead = strspn(buf, " \t");
    memmove(buf, buf + lead, len - lead + 1);
    return true;
}

static bool all_digits(const char *s) {
    if (!*s) return false;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s)) return false;
    return true;
}

static void hint(Play *p, int seat, const PulAction *legal, int n) {
    PulError err;
    memset(&err, 0, sizeof err);
    PulObservation *obs = malloc(sizeof *obs);
    PulBot *bot = pul_bot_new(p->v, hint_spec, p->cfg->seed + (uint64_t)pul_game_turns(p->g), &err);
    PulAction a;
    char text[64];
    if (obs && bot) {
        pul_observe(p->g, seat, obs);
        if (pul_bot_choose(bot, obs, &a, &err) == PUL_OK) {
            p->fam->text(p, &a, text, sizeof text);
            int number = p->fam->number(&a, legal, n);
            if (number)
                play_say(p, PM_HINT_NUMBER, text, number);
            else
                play_say(p, PM_HINT, text);
        } else {
            play_say(p, PM_HINT_FAILED, CLI_TEXT(err.message));
        }
    } else {
        play_say(p, PM_HINT_FAILED, obs ? CLI_TEXT(err.message) : "out of memory");
    }
    pul_bot_free(bot);
    free(obs);
}

/* s appended to buf for a POSIX shell: as it is when it holds only
** characters no shell treats specially, else in single quotes. */
static void shell_word(char *buf, size_t size, const char *s) {
    size_t n = strlen(buf);
    bool plain = *s != '\0';
    for (const char *c = s; *c; c++)
        if (!isalnum((unsigned char)*c) && !strchr("/._-+,:@", *c)) plain = false;
    if (n + 1 < size) buf[n++] = ' ';
    if (!plain && n + 1 < size) buf[n++] = '\'';
    for (const char *c = s; *c && n + 5 < size; c++) {
        if (*c == '\'' && !plain) { /* close, an escaped quote, reopen */
            memcpy(buf + n, "'\\''", 4);
            n += 4;
        } else {
            buf[n++] = *c;
        }
    }
    if (!plain && n + 1 < size) buf[n++] = '\'';
    buf[n < size ? n : size - 1] = '\0';
}

/* The command that resumes this game from where the person is: the pul
** they ran (a name found on PATH, or a path from this folder, which play
** never leaves), the record, and the edition again when it was given by
** path (the record names it only by name). */
static void resume_command(const Play *p, char *buf, size_t size) {
    const char *program = p->cfg->program && *p->cfg->program ? p->cfg->program : "pul";
    buf[0] = '\0';
    shell_word(buf, size, program);
    memmove(buf, buf + 1, strlen(buf)); /* no blank before the first word */
    size_t n = strlen(buf);
    snprintf(buf + n, size - n, " play --resume");
    shell_word(buf, size, p->record_path);
    if (p->cfg->variant_arg) {
        n = strlen(buf);
        snprintf(buf + n, size - n, " --variant");
        shell_word(buf, size, p->cfg->variant_arg);
    }
}

/* A human's turn: the screen, then commands until a move is made. */
static TurnResult human_turn(Play *p, const PulGame *start, int seat, PulAction *legal, int n) {
    char line[256];
    if (p->tty && p->nhumans > 1 && seat != p->last_human) {
        /* Hot-seat: hide the last hand before the next player sits down. */
        clear_screen(p, true);
        play_say(p, PM_HANDOFF, seat + 1);
        if (!read_line(p, "", -1, line, sizeof line)) goto quit;
    }
    p->last_human = seat;
    draw_screen(p, seat, legal, n, false);
    for (;;) {
        char prompt[128];
        play_format(prompt, sizeof prompt, p->st.lang, p->theme, PM_PROMPT, seat + 1);
        if (!read_line(p, prompt, seat, line, sizeof line)) goto quit;
        if (!p->tty) fputc('\n', p->out); /* the prompt's line ends where a typed one would */
        if (!line[0]) continue;
        if (!strcmp(line, "quit") || !strcmp(line, "exit") || !strcmp(line, "q")) goto quit;
        if (!strcmp(line, "help") || !strcmp(line, "?")) {
            char help[4096];
            play_format(help, sizeof help, p->st.lang, p->theme, p->fam->help);
            fputs(help, p->out);
            play_format(help, sizeof help, p->st.lang, p->theme, p->fam->help_more);
            fputs(help, p->out);
            if (p->input) fputs(play_template(p->st.lang, PM_HELP_EDITING), p->out);
            fputc('\n', p->out);
            continue;
        }
        if (!strcmp(line, "board")) { /* all of it, though it may not fit */
            draw_screen(p, seat, legal, n, true);
            continue;
        }
        if (!strcmp(line, "moves")) {
            p->fam->list(p, legal, n);
            continue;
        }
        if (!strcmp(line, "hint")) {
            hint(p, seat, legal, n);
            continue;
        }
        if (!strcmp(line, "undo")) {
            if (p->nbots > 0 && !p->fam->undo_with_bots) {
                play_say(p, PM_UNDO_WITH_BOTS);
                continue;
            }
            if (p->nmoves == 0) {
                play_say(p, PM_UNDO_NOTHING);
                continue;
            }
            /* Only the move of the person at the keyboard, so the seat to move
            ** stays theirs and no other hand is shown; and only one that
            ** showed them nothing hidden, which they could not unsee. */
            const PlayMoveInfo *last = &p->info[p->nmoves - 1];
            char text[64];
            p->fam->text(p, &p->moves[p->nmoves - 1], text, sizeof text);
            if (last->seat != seat) {
                play_say(p, PM_UNDO_NOT_YOURS, last->seat + 1);
                continue;
            }
            if (last->hidden) {
                play_say(p, PM_UNDO_HIDDEN, text);
                continue;
            }
            if (!replay(p, start, p->nmoves - 1) || pul_game_to_move(p->g) != seat) {
                cli_error("play", "internal error: the game cannot be replayed for undo");
                return TURN_FAILED;
            }
            save(p);
            play_news(p, PM_UNDONE, text);
            return TURN_DONE;
        }
        PulAction a;
        if (all_digits(line)) {
            long k = strlen(line) > 6 ? 0 : strtol(line, NULL, 10);
            if (k < 1 || k > n) {
                play_say(p, PM_NO_SUCH_NUMBER, k, n);
                continue;
            }
            a = legal[k - 1];
        } else if (!p->fam->read(p, seat, line, legal, n, &a)) {
            continue;
        }
        PulReason r = pul_check(p->g, &a);
        if (r == PUL_LEGAL) r = do_action(p, &a);
        if (r == PUL_LEGAL) return TURN_DONE;
        char reason[1024];
        /* The engine words the rule in the edition's names: a theme's text, made safe. */
        pul_reason_explain(p->g, r, p->st.lang, reason, sizeof reason);
        play_say(p, PM_ILLEGAL, CLI_TEXT(line), CLI_TEXT(reason));
        const PulError *serr = pul_game_script_error(p->g);
        if (r == PUL_R_SCRIPT_ERROR && serr) {
            char buf[1024];
            fprintf(p->out, "%s\n", CLI_TEXT(pul_error_format(serr, buf, sizeof buf)));
        }
    }
quit:
    flush_news(p);
    char again[4096];
    resume_command(p, again, sizeof again);
    play_say(p, PM_QUIT, CLI_TEXT(p->record_path), CLI_TEXT(again));
    return TURN_QUIT;
}

static TurnResult bot_turn(Play *p, int seat, PulObservation *obs) {
    PulError err;
    memset(&err, 0, sizeof err);
    PulAction a;
    pul_observe(p->g, seat, obs);
    if (pul_bot_choose(p->bot[seat], obs, &a, &err) != PUL_OK) {
        char buf[1024];
        cli_error("play", "the bot of seat %d could not move: %s", seat + 1,
                  pul_error_format(&err, buf, sizeof buf));
        return TURN_FAILED;
    }
    PulReason r = do_action(p, &a);
    if (r != PUL_LEGAL) {
        char text[64];
        cli_action_text(p->v, &a, text, sizeof text);
        const PulError *serr = pul_game_script_error(p->g);
        char buf[1024];
        cli_error("play", "the bot of seat %d played %s, refused: %s", seat + 1, text,
                  r == PUL_R_SCRIPT_ERROR && serr ? pul_error_format(serr, buf, sizeof buf)
                                                  : pul_reason_code(r));
        return TURN_FAILED;
    }
    return TURN_DONE;
}

/* ------------------------------------------------------------------ setup */

/* The game started, from the record to resume or from the seed, and the
** record to save it to. */
static bool start_game(Play *p, PulGame *start, PulRecord *resume) {
    PulError err;
    memset(&err, 0, sizeof err);
    PulStatus st = resume ? pul_record_start_game(resume, start, &err)
                          : pul_game_start(start, p->cfg->nseats, p->cfg->seed, NULL, 0, &err);
    if (st != PUL_OK) {
        char buf[1024];
        cli_error("play", "%s", pul_error_format(&err, buf, sizeof buf));
        return false;
    }
    pul_game_copy(p->g, start);
    if (!resume) {
        char seed_text[32];
        snprintf(seed_text, sizeof seed_text, "%llu", (unsigned long long)pul_game_seed(start));
        p->rec = p->own_rec = pul_record_new();
        if (!p->rec || pul_record_from_start(p->rec, start) != PUL_OK ||
            pul_record_set_tag(p->rec, "Seed", seed_text) != PUL_OK) {
            cli_error("play", "out of memory");
            return false;
        }
        return true;
    }
    p->rec = resume;
    for (int k = 0; k < pul_record_nmoves(resume); k++) {
        PulAction a, done;
        PulEvents ev;
        int seat = pul_game_to_move(p->g);
        const char *text = pul_record_move(resume, k);
        PulReason r = pul_action_parse(p->v, text, &a) ? pul_apply(p->g, &a, &ev) : PUL_R_SYNTAX;
        if (r != PUL_LEGAL) {
            char shown[PUL_TEXT_CUT_SIZE];
            cli_error("play", "%s: move %d, %s, is not legal (%s): check it with pul referee %s",
                      p->cfg->resume_path, k + 1,
                      pul_text_cut(text, strlen(text), shown, sizeof shown), pul_reason_code(r),
                      p->cfg->resume_path);
            return false;
        }
        pul_events_action(&ev, &done);
        if (!add_move(p, &a, seat, p->fam->hidden(&done, &ev), false)) return false;
    }
    return true;
}

/* The record says who sits where and in which language, so that --resume
** brings back the same table (cmd_play.c reads them). A bot is written by
** its full spec, defaults filled in, so a later pul with other defaults
** resumes the same bot. */
static bool set_table_tags(Play *p) {
    char seats[PUL_MAX_SEATS * (PLAY_SPEC_MAX + 1)] = "";
    for (int s = 0; s < p->cfg->nseats; s++) {
        const char *spec = p->bot[s] ? pul_bot_spec(p->bot[s]) : p->cfg->seat[s];
        if (strlen(spec) >= PLAY_SPEC_MAX) spec = p->cfg->seat[s]; /* what --seats can read back */
        size_t n = strlen(seats);
        snprintf(seats + n, sizeof seats - n, "%s%s", s ? "," : "", spec);
    }
    return pul_record_set_tag(p->rec, PLAY_TAG_SEATS, seats) == PUL_OK &&
           pul_record_set_tag(p->rec, PLAY_TAG_LANG, pul_lang_code(p->cfg->lang)) == PUL_OK;
}

int play_interactive(const PlayConfig *cfg, PulVariant *v, PulRecord *resume) {
    Play p;
    memset(&p, 0, sizeof p);
    p.cfg = cfg;
    p.v = v;
    p.theme = pul_variant_theme(v);
    p.in = stdin;
    p.out = stdout;
    p.tty = isatty(fileno(stdin)) && isatty(fileno(stdout));
    /* Line editing only for a person at a terminal: a pipe is read as it comes. */
    if (p.tty) p.input = play_input_open(p.in, p.out);
    play_measure(&p);
    p.st.colour = p.tty && cfg->colour;
    p.st.lang = cfg->lang;
    p.last_human = -1;
    p.fam = strcmp(pul_variant_family(v), "genial") == 0 ? &play_genial : &play_micropul;
    int status = CLI_UNUSABLE;
    PulGame *start = pul_game_new(v);
    PulAction *legal = malloc(PUL_MAX_ACTIONS * sizeof *legal);
    PulObservation *obs = malloc(sizeof *obs);
    p.entry = malloc(PUL_MAX_ACTIONS * sizeof *p.entry);
    p.g = pul_game_new(v);
    if (!start || !legal || !obs || !p.entry || !p.g) {
        cli_error("play", "out of memory");
        goto done;
    }
    for (int s = 0; s < cfg->nseats; s++) {
        if (!strcmp(cfg->seat[s], "human")) {
            p.nhumans++;
            continue;
        }
        PulError err;
        memset(&err, 0, sizeof err);
        /* Each bot its own stream, the same for the same seed. */
        p.bot[s] = pul_bot_new(v, play_bot_spec(cfg->seat[s]), cfg->seed * 7919u + (uint64_t)s + 1,
                               &err);
        if (!p.bot[s]) {
            cli_error("play", "seat %d: %s", s + 1, err.message);
            goto done;
        }
        p.nbots++;
    }
    if (!start_game(&p, start, resume)) goto done;
    if (!set_table_tags(&p)) {
        cli_error("play", "out of memory");
        goto done;
    }
    if (cfg->record_path)
        snprintf(p.record_path, sizeof p.record_path, "%s", cfg->record_path);
    else if (cfg->resume_path)
        snprintf(p.record_path, sizeof p.record_path, "%s", cfg->resume_path);
    else
        snprintf(p.record_path, sizeof p.record_path, "pul-%s-%llu.pmn", pul_variant_name(v),
                 (unsigned long long)pul_game_seed(start));
    if (!save(&p)) goto done;
    char seed_text[32];
    snprintf(seed_text, sizeof seed_text, "%llu", (unsigned long long)pul_game_seed(start));
    play_news(&p, PM_START, CLI_TEXT(pul_variant_title(v, cfg->lang)), seed_text,
              CLI_TEXT(p.record_path));
    if (resume) play_news(&p, PM_RESUMED, p.nmoves, CLI_TEXT(cfg->resume_path));
    for (int s = 0; s < cfg->nseats; s++) {
        if (p.bot[s] && play_level_spec(cfg->seat[s])) { /* the level's name, then its bot */
            char shown[PLAY_SPEC_MAX + 32];
            snprintf(shown, sizeof shown, "%s (%s)", cfg->seat[s], play_level_spec(cfg->seat[s]));
            play_news(&p, PM_SEAT_BOT, s + 1, CLI_TEXT(shown));
        } else if (p.bot[s]) {
            play_news(&p, PM_SEAT_BOT, s + 1, CLI_TEXT(pul_bot_spec(p.bot[s])));
        } else {
            play_news(&p, PM_SEAT_YOU, s + 1);
        }
    }
    status = CLI_WRONG;
    /* The engine ends every game by its action limit, so this loop ends. */
    while (!pul_game_over(p.g)) {
        int seat = pul_game_to_move(p.g);
        int n = pul_legal_actions(p.g, legal, PUL_MAX_ACTIONS);
        if (n == 0) {
            cli_error("play", "internal error: seat %d has no legal action in a game not over",
                      seat + 1);
            goto done;
        }
        if (!p.bot[seat]) p.fam->order(&p, legal, n); /* the list only a person sees */
        TurnResult t = p.bot[seat] ? bot_turn(&p, seat, obs)
                                   : human_turn(&p, start, seat, legal, n);
        if (t == TURN_FAILED) goto done;
        if (t == TURN_QUIT) {
            status = CLI_OK;
            goto done;
        }
    }
    /* The last screen showed its player's hand: in hot-seat the others
    ** now look at the result. */
    if (p.tty && p.nhumans > 1) clear_screen(&p, true);
    flush_news(&p);
    p.fam->end(&p);
    status = CLI_OK;
done:
    fflush(p.out);
    play_input_close(p.input);
    for (int s = 0; s < PUL_MAX_SEATS; s++) pul_bot_free(p.bot[s]);
    free(p.moves);
    free(p.info);
    pul_record_free(p.own_rec);
    free(obs);
    free(legal);
    free(p.entry);
    pul_game_free(p.g);
    pul_game_free(start);
    return status;
}
