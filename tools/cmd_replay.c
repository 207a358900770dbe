/*
** cmd_replay.c: `pul replay`, a game record stepped forward and back in the
** terminal. Every move is checked by the engine once, up front; the position
** after each legal move is kept, so stepping back shows exactly what stepping
** forward showed. Keys in a terminal (raw mode), commands line by line
** otherwise, so it can be scripted; --at N prints one position.
*/
#define _POSIX_C_SOURCE 200809L /* termios, isatty, read */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "replay.h"
#include "replay_text.h"

/* A message on stderr, made safe by cli_error: it quotes the record and the edition. */
static void say(const Replay *r, int id, ...) {
    char buf[4096];
    va_list ap;
    va_start(ap, id);
    vsnprintf(buf, sizeof buf, replay_text(id, r->style.lang), ap);
    va_end(ap);
    cli_error("replay", "%s", buf);
}

/* The script's own error after a move it refused, so the designer sees why. */
static void say_script_error(const Replay *r) {
    const PulError *serr = pul_game_script_error(r->work);
    char buf[1024];
    if (r->bad_reason == PUL_R_SCRIPT_ERROR && serr)
        cli_error("replay", "%s", pul_error_format(serr, buf, sizeof buf));
}

static void replay_free(Replay *r) {
    if (r->pos)
        for (int k = 0; k <= r->nlegal; k++) pul_game_free(r->pos[k]);
    pul_game_free(r->work);
    free(r->pos);
    free(r->events);
    pul_variant_free(r->variant);
    pul_record_free(r->rec);
}

/* Read the record, open its variant and play every move it holds until the
** first illegal one. False (message printed) when the record cannot be used. */
static bool replay_load(Replay *r) {
    PulError err;
    char buf[1200];
    memset(&err, 0, sizeof err);
    r->rec = cli_read_record(r->path, &err);
    if (!r->rec) {
        say(r, RT_CANNOT_READ, pul_error_format(&err, buf, sizeof buf));
        return false;
    }
    static const char *const required[] = {"Variant", "Players"};
    for (int i = 0; i < 2; i++)
        if (!pul_record_tag(r->rec, required[i])) {
            say(r, RT_NO_TAG, r->path, required[i]);
            return false;
        }
    r->variant = cli_record_variant(r->rec, r->trusted, &err);
    if (!r->variant) {
        say(r, RT_CANNOT_READ, pul_error_format(&err, buf, sizeof buf));
        return false;
    }
    r->theme = pul_variant_theme(r->variant);
    r->nmoves = pul_record_nmoves(r->rec);
    r->pos = calloc((size_t)r->nmoves + 1, sizeof *r->pos);
    r->events = calloc((size_t)r->nmoves + 1, sizeof *r->events);
    if (!r->pos || !r->events || !(r->work = pul_game_new(r->variant)) ||
        !(r->pos[0] = pul_game_new(r->variant)))
        return say(r, RT_OUT_OF_MEMORY), false;
    if (pul_record_start_game(r->rec, r->work, &err) != PUL_OK) {
        say(r, RT_CANNOT_READ, pul_error_format(&err, buf, sizeof buf));
        return false;
    }
    /* Positions are copies: one object plays every move, so a scripted
    ** edition makes one Lua state, not one per position. */
    pul_game_copy(r->pos[0], r->work);
    for (int k = 1; k <= r->nmoves; k++) {
        PulAction a;
        const char *text = pul_record_move(r->rec, k - 1);
        PulReason why = pul_action_parse(r->variant, text, &a)
                            ? pul_apply(r->work, &a, &r->events[k - 1])
                            : PUL_R_SYNTAX;
        if (why != PUL_LEGAL) {
            r->bad_move = k;
            r->bad_reason = why;
            char shown[PUL_TEXT_CUT_SIZE], explained[512];
            say(r, RT_ILLEGAL, k, pul_text_cut(text, strlen(text), shown, sizeof shown),
                pul_reason_code(why),
                pul_reason_explain(r->pos[k - 1], why, r->style.lang, explained, sizeof explained));
            say_script_error(r);
            break;
        }
        PulGame *g = pul_game_new(r->variant);
        if (!g) return say(r, RT_OUT_OF_MEMORY), false;
        pul_game_copy(g, r->work);
        r->pos[k] = g;
        r->nlegal = k;
    }
    return true;
}

/* ------------------------------------------------------------ drawing */

static const char *quad_name(int q) {
    static const char *const names[] = {"nw", "ne", "sw", "se", "centre"};
    return q >= 0 && q <= 4 ? names[q] : "?";
}

static const char *part_name(const Replay *r, int part) {
    static const char *const plain[PUL_NPARTS] = {"big micropul", "stone", "core", "supply",
                                                  "group"};
    return r->theme ? pul_theme_part_name(r->theme, part, r->style.lang) : plain[part];
}

/* Message id as one line after indent, made safe: its arguments are the
** record's moves and the theme's names. */
static void vshow(FILE *out, const Replay *r, const char *indent, int id, va_list ap) {
    char buf[2048];
    vsnprintf(buf, sizeof buf, replay_text(id, r->style.lang), ap);
    fputs(indent, out);
    cli_put_text(out, buf);
    fputc('\n', out);
}

void replay_show(FILE *out, const Replay *r, const char *indent, int id, ...) {
    va_list ap;
    va_start(ap, id);
    vshow(out, r, indent, id, ap);
    va_end(ap);
}

static void show(FILE *out, const Replay *r, int id, ...) {
    va_list ap;
    va_start(ap, id);
    vshow(out, r, "", id, ap);
    va_end(ap);
}

static void line(FILE *out, const Replay *r, int id, ...) {
    va_list ap;
    va_start(ap, id);
    vshow(out, r, "  ", id, ap);
    va_end(ap);
}

/* What move k did, one event a line. */
static void print_events(FILE *out, const Replay *r, int k) {
    const PulEvents *ev = &r->events[k - 1];
    const PulTileSet *ts = pul_variant_tileset(r->variant);
    for (int i = 0; i < ev->n; i++) {
        const PulEvent *e = &ev->ev[i];
        switch (e->kind) {
        case PUL_EV_PLACED: line(out, r, RT_EV_PLACED, e->tile, e->x, e->y, e->rot); break;
        case PUL_EV_TOOK: line(out, r, RT_EV_TOOK, e->tile, part_name(r, PUL_PART_SUPPLY)); break;
        case PUL_EV_CLAIMED:
            line(out, r, RT_EV_CLAIMED, part_name(r, PUL_PART_STONE),
                 part_name(r, PUL_PART_GROUP), e->x, e->y, quad_name(e->quad));
            break;
        case PUL_EV_PASSED: line(out, r, RT_EV_PASSED); break;
        case PUL_EV_ACTIVATED: {
            const char *f = e->feature < ts->nfeatures ? ts->feature[e->feature].name : "?";
            if (r->theme && e->feature < r->theme->nfeatures)
                f = pul_theme_feature_name(r->theme, e->feature, r->style.lang);
            line(out, r, RT_EV_ACTIVATED, f, e->x, e->y);
            break;
        }
        case PUL_EV_DREW: line(out, r, RT_EV_DREW, e->count, part_name(r, PUL_PART_CORE)); break;
        case PUL_EV_EXTRA_TURN: line(out, r, RT_EV_EXTRA_TURN); break;
        case PUL_EV_MERGED:
            line(out, r, RT_EV_MERGED, e->count, part_name(r, PUL_PART_GROUP), e->value);
            break;
        case PUL_EV_CLOSED:
            if (e->value >= 0)
                line(out, r, RT_EV_CLOSED_OWNER, part_name(r, PUL_PART_GROUP), e->count,
                     e->value + 1);
            else
                line(out, r, RT_EV_CLOSED_NOBODY, part_name(r, PUL_PART_GROUP), e->count);
            break;
        case PUL_EV_TURN_SKIPPED: line(out, r, RT_EV_SKIPPED, e->seat + 1); break;
        case PUL_EV_GAME_OVER: {
            /* Why, in the edition's words: the game after move k is over. */
            char why[512];
            pul_end_explain(r->pos[k], r->style.lang, why, sizeof why);
            line(out, r, RT_EV_GAME_OVER, why);
            break;
        }
        case PUL_EV_REVEALED:
            line(out, r, RT_EV_REVEALED, e->tile, part_name(r, PUL_PART_SUPPLY), e->seat + 1);
            break;
        default: break;
        }
    }
}

/* Each seat's score as the engine breaks it down, a line each, the last
** line of a finished game: a solo game has a score and no winner. */
static void print_scores(FILE *out, const Replay *r, const PulGame *g) {
    int nseats = pul_game_seats(g), winners[PUL_MAX_SEATS];
    int nwin = pul_game_winners(g, winners, PUL_MAX_SEATS);
    for (int s = 0; s < nseats; s++) {
        CliScore b;
        cli_score(g, s, &b);
        char scripts[64] = "", result[64] = "";
        if (b.points[PUL_SCORE_SCRIPTS])
            snprintf(scripts, sizeof scripts, replay_text(RT_END_SCRIPTS, r->style.lang),
                     b.points[PUL_SCORE_SCRIPTS]);
        bool won = false;
        for (int k = 0; k < nwin; k++) won |= winners[k] == s;
        if (pul_game_loser(g) == s)
            snprintf(result, sizeof result, "%s", replay_text(RT_END_LOST, r->style.lang));
        else if (won && nseats > 1)
            snprintf(result, sizeof result, "%s", replay_text(RT_END_WINS, r->style.lang));
        const char *group = part_name(r, PUL_PART_GROUP), *supply = part_name(r, PUL_PART_SUPPLY);
        if (nseats == 1)
            show(out, r, RT_END_SOLO, b.total, group, b.points[PUL_SCORE_GROUPS], supply,
                 b.count[PUL_SCORE_SUPPLY], b.points[PUL_SCORE_SUPPLY], b.count[PUL_SCORE_HAND],
                 b.points[PUL_SCORE_HAND], scripts, result);
        else
            show(out, r, RT_END_SEAT, s + 1, b.total, group, b.points[PUL_SCORE_GROUPS], supply,
                 b.count[PUL_SCORE_SUPPLY], b.points[PUL_SCORE_SUPPLY], b.count[PUL_SCORE_HAND],
                 b.points[PUL_SCORE_HAND], scripts, result);
    }
}

/* The position after move k: a title, the move and its events, the board and
** the status with the hand of the seat to move (a replay hides nothing). */
static void print_position(FILE *out, const Replay *r, int k) {
    const PulGame *g = r->pos[k];
    const char *title = pul_variant_title(r->variant, r->style.lang);
    bool genial = strcmp(pul_variant_family(r->variant), "genial") == 0;
    if (k == 0)
        show(out, r, RT_START, title, r->nmoves);
    else
        show(out, r, RT_POSITION, title, k, r->nmoves);
    if (k > 0) {
        int seat = r->events[k - 1].n > 0 ? r->events[k - 1].ev[0].seat : 0;
        show(out, r, RT_MOVE_BY, k, pul_record_move(r->rec, k - 1), seat + 1);
        if (genial)
            replay_genial_events(out, r, k);
        else
            print_events(out, r, k);
    }
    fputc('\n', out);
    if (genial) {
        replay_genial_position(out, r, k);
    } else {
        PulPlaced placed[PUL_MAX_TILES];
        int n = pul_game_placed(g, placed, PUL_MAX_TILES);
        term_draw_board(out, g, r->theme, &r->style, n > 1 ? &placed[n - 1] : NULL);
        fputc('\n', out);
        term_draw_status(out, g, r->theme, &r->style, pul_game_over(g) ? -1 : pul_game_to_move(g));
        if (pul_game_over(g)) print_scores(out, r, g);
    }
    if (k == r->nlegal && r->bad_move) {
        show(out, r, RT_STOPPED_HERE, r->bad_move);
        const char *bad = pul_record_move(r->rec, r->bad_move - 1);
        char shown[PUL_TEXT_CUT_SIZE], why[512];
        show(out, r, RT_ILLEGAL, r->bad_move,
             pul_text_cut(bad, strlen(bad), shown, sizeof shown), pul_reason_code(r->bad_reason),
             pul_reason_explain(g, r->bad_reason, r->style.lang, why, sizeof why));
        const PulError *serr = pul_game_script_error(r->work);
        char buf[1024];
        if (r->bad_reason == PUL_R_SCRIPT_ERROR && serr) {
            cli_put_text(out, pul_error_format(serr, buf, sizeof buf));
            fputc('\n', out);
        }
    }
}

/* ------------------------------------------------- commands from lines */

/* One command line: the new position, -1 to quit; an unknown command or a
** position out of range leaves k as it is, with a message. */
static int line_command(const Replay *r, int k, char *text) {
    char *s = text;
    while (*s == ' ' || *s == '\t') s++;
    size_t len = strlen(s);
    while (len && strchr(" \t\r\n", s[len - 1])) s[--len] = '\0';
    if (len == 0) return k;
    if (strcmp(s, "q") == 0 || strcmp(s, "quit") == 0) return -1;
    if (strcmp(s, "n") == 0 || strcmp(s, "next") == 0) return k < r->nlegal ? k + 1 : k;
    if (strcmp(s, "p") == 0 || strcmp(s, "prev") == 0) return k > 0 ? k - 1 : 0;
    if (strcmp(s, "G") == 0 || strcmp(s, "end") == 0) return r->nlegal;
    const char *num = s;
    if (s[0] == 'g' && (s[1] == '\0' || s[1] == ' ')) {
        num = s + 1;
        while (*num == ' ') num++;
        if (!*num) return 0;
    }
    char *end;
    errno = 0;
    long n = strtol(num, &end, 10);
    if (end == num || *end) {
        say(r, RT_UNKNOWN_COMMAND, s);
        return k;
    }
    if (errno || n < 0 || n > r->nlegal) {
        say(r, RT_BAD_JUMP, n, r->nlegal);
        return k;
    }
    return (int)n;
}

static void run_lines(const Replay *r, FILE *in) {
    int k = 0;
    print_position(stdout, r, k);
    char buf[256];
    while (fgets(buf, sizeof buf, in)) {
        int next = line_command(r, k, buf);
        if (next < 0) break;
        k = next;
        fputc('\n', stdout);
        print_position(stdout, r, k);
        fflush(stdout);
    }
}

/* ---------------------------------------------------- keys in raw mode */

static struct termios saved_termios;
static bool raw_on;

static void raw_off(void) {
    if (raw_on) tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_termios);
    raw_on = false;
}

static void on_signal(int sig) {
    if (raw_on) tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_termios);
    signal(sig, SIG_DFL);
    raise(sig);
}

static bool raw_mode(void) {
    if (tcgetattr(STDIN_FILENO, &saved_termios) != 0) return false;
    struct termios t = saved_termios;
    t.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &t) != 0) return false;
    raw_on = true;
    atexit(raw_off);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
    return true;
}

enum { KEY_NONE, KEY_NEXT, KEY_PREV, KEY_HOME, KEY_END, KEY_QUIT, KEY_ENTER, KEY_BACKSPACE };

/* The key at the start of b (n bytes): a key above, or a digit ('0'..'9'
** returned as itself + 100); *used is set to the bytes it took. */
static int decode_key(const char *b, ssize_t n, int *used) {
    *used = 1;
    if (n <= 0) return KEY_QUIT;
    if (b[0] == '\x1b' && n >= 3 && (b[1] == '[' || b[1] == 'O')) {
        *used = 3;
        switch (b[2]) {
        case 'C': return KEY_NEXT;
        case 'D': return KEY_PREV;
        case 'H': return KEY_HOME;
        case 'F': return KEY_END;
        default: break;
        }
        if (n >= 4 && b[3] == '~') {
            *used = 4;
            if (b[2] == '1' || b[2] == '7') return KEY_HOME;
            if (b[2] == '4' || b[2] == '8') return KEY_END;
        }
        return KEY_NONE;
    }
    switch (b[0]) {
    case 'n': case ' ': case 'l': return KEY_NEXT;
    case 'p': case 'h': return KEY_PREV;
    case 'g': return KEY_HOME;
    case 'G': return KEY_END;
    case 'q': case 4: return KEY_QUIT;
    case '\r': case '\n': return KEY_ENTER;
    case 127: case 8: return KEY_BACKSPACE;
    default: break;
    }
    if (b[0] >= '0' && b[0] <= '9') return 100 + b[0];
    return KEY_NONE;
}

static void redraw(const Replay *r, int k, const char *digits, const char *message) {
    fputs("\x1b[H\x1b[2J", stdout);
    print_position(stdout, r, k);
    fputc('\n', stdout);
    fputs(replay_text(RT_KEYS, r->style.lang), stdout);
    fputc('\n', stdout);
    if (digits[0]) {
        fprintf(stdout, replay_text(RT_JUMP_PROMPT, r->style.lang), digits);
        fputc('\n', stdout);
    }
    if (message[0]) fprintf(stdout, "%s\n", message);
    fflush(stdout);
}

/* One key applied to the position k and the digits typed so far; false for quit. */
static bool apply_key(const Replay *r, int key, int *k, char *digits, size_t dsize, char *message,
                      size_t msize) {
    size_t nd = strlen(digits);
    if (key == KEY_QUIT) return false;
    if (key >= 100) {
        if (nd + 1 < dsize) digits[nd++] = (char)(key - 100), digits[nd] = '\0';
    } else if (key == KEY_BACKSPACE) {
        if (nd) digits[nd - 1] = '\0';
    } else if (key == KEY_ENTER) {
        if (nd) {
            long want = strtol(digits, NULL, 10);
            if (want <= r->nlegal)
                *k = (int)want;
            else
                snprintf(message, msize, replay_text(RT_BAD_JUMP, r->style.lang), want, r->nlegal);
        }
        digits[0] = '\0';
    } else if (key == KEY_NEXT) {
        if (*k < r->nlegal) (*k)++;
    } else if (key == KEY_PREV) {
        if (*k > 0) (*k)--;
    } else if (key == KEY_HOME) {
        *k = 0;
    } else if (key == KEY_END) {
        *k = r->nlegal;
    }
    return true;
}

static void run_keys(const Replay *r) {
    int k = 0;
    char digits[12] = "", message[256] = "";
    redraw(r, k, digits, message);
    for (bool going = true; going;) {
        char b[64];
        ssize_t n = read(STDIN_FILENO, b, sizeof b);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        message[0] = '\0';
        /* A paste or a fast typist gives several keys in one read. */
        for (ssize_t at = 0; at < n && going;) {
            int used;
            int key = decode_key(b + at, n - at, &used);
            at += used;
            going = apply_key(r, key, &k, digits, sizeof digits, message, sizeof message);
        }
        if (going) redraw(r, k, digits, message);
    }
    raw_off();
}

/* ------------------------------------------------------------ command */

static const CliOption options[] = {{"lang", 0, true},  {"at", 0, true},
                                    {"no-colour", 0, false}, {"no-color", 0, false},
                                    {"help", 'h', false}, {"list-messages", 0, false},
                                    {"variant", 0, true}, {NULL, 0, false}};
enum { OPT_LANG, OPT_AT, OPT_NO_COLOUR, OPT_NO_COLOR, OPT_HELP, OPT_LIST, OPT_VARIANT };

/* Every message id in every language, "id<TAB>lang<TAB>text" with newlines as
** \n, for the test that checks the table is complete. */
static void list_messages(void) {
    for (int id = 0; id < RT_COUNT; id++)
        for (int lang = 0; lang < PUL_NLANGS; lang++) {
            printf("%s\t%s\t", replay_text_name(id), pul_lang_code(lang));
            for (const char *s = replay_text(id, lang); *s; s++)
                if (*s == '\n')
                    fputs("\\n", stdout);
                else
                    putchar(*s);
            putchar('\n');
        }
}

int cmd_replay(int argc, char **argv) {
    Replay r;
    memset(&r, 0, sizeof r);
    r.style.lang = PUL_LANG_EN;
    bool colour = true, help = false;
    const char *at_text = NULL;
    CliParser p;
    cli_init(&p, "replay", argc, argv);
    const char *value;
    for (int o; (o = cli_next(&p, options, &value)) != CLI_END;) {
        switch (o) {
        case CLI_ERROR: return CLI_UNUSABLE;
        case CLI_OPERAND:
            if (r.path) {
                say(&r, RT_NEED_RECORD);
                return CLI_UNUSABLE;
            }
            r.path = value;
            break;
        case OPT_LANG: {
            int lang = pul_lang_find(value);
            if (lang < 0) {
                say(&r, RT_BAD_LANG, value);
                return CLI_UNUSABLE;
            }
            r.style.lang = lang;
            break;
        }
        case OPT_AT: at_text = value; break;
        case OPT_VARIANT: r.trusted = value; break;
        case OPT_NO_COLOUR: case OPT_NO_COLOR: colour = false; break;
        case OPT_HELP: help = true; break;
        case OPT_LIST: list_messages(); return CLI_OK;
        default: break;
        }
    }
    if (help) {
        fputs(replay_text(RT_USAGE, r.style.lang), stdout);
        return CLI_OK;
    }
    if (!r.path) {
        say(&r, RT_NEED_RECORD);
        return CLI_UNUSABLE;
    }
    long at = -1;
    if (at_text && !cli_parse_int("replay", "--at", at_text, 0, 100000, &at)) return CLI_UNUSABLE;
    const char *no_colour_env = getenv("NO_COLOR");
    r.style.colour = colour && isatty(STDOUT_FILENO) && !(no_colour_env && no_colour_env[0]);
    r.cols = term_columns(stdout);
    if (!replay_load(&r)) {
        replay_free(&r);
        return CLI_UNUSABLE;
    }
    int status = r.bad_move ? CLI_WRONG : CLI_OK;
    if (at >= 0) {
        if (at > r.nlegal) {
            say(&r, RT_BAD_AT, at, r.nlegal);
            if (!r.bad_move) status = CLI_UNUSABLE;
        } else {
            print_position(stdout, &r, (int)at);
        }
    } else if (isatty(STDIN_FILENO) && raw_mode()) {
        run_keys(&r);
    } else {
        run_lines(&r, stdin);
    }
    replay_free(&r);
    return status;
}
