/*
** cmd_referee.c: `pul referee`, the referee of PMN.md: replays one record and
** reports every move as a JSON line, then the result; exit 0, 1 or 2.
*/
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

static const char usage[] =
    "usage: pul referee [--legal] [--variant NAME|PATH] [FILE]\n"
    "Replay the game record FILE (PMN; '-' or none: standard input) and print\n"
    "one JSON line per move, then a final line with the result (see PMN.md).\n"
    "The record's Variant tag names its edition, looked up on the search path\n"
    "(a name: letters, digits, '_' and '-'; a path in a record is refused).\n"
    "  --legal             add \"placements\": the legal placements open before\n"
    "                      each move\n"
    "  --variant NAME|PATH play the record with this edition, which may be a\n"
    "                      folder of your own; its name must be the record's\n"
    "                      Variant tag\n"
    "  --help              show this help\n"
    "Exit status: 0 every move legal, 1 at the first illegal move, 2 the record\n"
    "cannot be read (larger than 1 MiB, missing tag, Variant not a known\n"
    "edition's name, bad Players or Core).\n";

/* The record read and a game started from its tags, or a message on stderr. */
typedef struct {
    PulRecord *rec;
    PulVariant *variant;
    PulGame *game;
} Match;

static void match_free(Match *m) {
    pul_game_free(m->game);
    pul_variant_free(m->variant);
    pul_record_free(m->rec);
}

static void report(const PulError *err) {
    char buf[1024];
    cli_error("referee", "%s", pul_error_format(err, buf, sizeof buf));
}

/* trusted: the --variant the person gave, or NULL (PMN.md: the record's
** Variant tag, a name on the search path). */
static bool match_open(Match *m, const char *path, const char *trusted) {
    PulError err;
    memset(&err, 0, sizeof err);
    m->rec = cli_read_record(path, &err);
    if (!m->rec) {
        report(&err);
        return false;
    }
    m->variant = cli_record_variant(m->rec, trusted, &err);
    if (!m->variant) {
        report(&err);
        return false;
    }
    m->game = pul_game_new(m->variant);
    if (!m->game) {
        cli_error("referee", "out of memory");
        return false;
    }
    if (pul_record_start_game(m->rec, m->game, &err) != PUL_OK) {
        report(&err);
        return false;
    }
    return true;
}

static void print_seats(FILE *out, const int *v, int n, int add) {
    fputc('[', out);
    for (int i = 0; i < n; i++) fprintf(out, i ? ",%d" : "%d", v[i] + add);
    fputc(']', out);
}

/* The family's fields of a line (pul_referee_fields or _final_fields; ev
** NULL for the final line): written to a stack buffer, which holds Micropul's,
** and again to one of the length they need when they are longer. */
static void print_fields(FILE *out, const PulGame *g, const PulEvents *ev, PulReason why) {
    char small[256];
    int len = ev ? pul_referee_fields(g, ev, why, small, sizeof small)
                 : pul_referee_final_fields(g, small, sizeof small);
    if (len <= 0) return;
    if ((size_t)len < sizeof small) {
        fputs(small, out);
        return;
    }
    char *big = malloc((size_t)len + 1);
    if (!big) return;
    if (ev)
        pul_referee_fields(g, ev, why, big, (size_t)len + 1);
    else
        pul_referee_final_fields(g, big, (size_t)len + 1);
    fputs(big, out);
    free(big);
}

/* Plays move i; prints its line; false when it was illegal. */
static bool referee_move(Match *m, int i, bool legal, FILE *out) {
    PulGame *g = m->game;
    const char *text = pul_record_move(m->rec, i);
    bool over = pul_game_over(g);
    int seat = pul_game_to_move(g);
    int placements = legal && !over ? pul_legal_placements(g, NULL, 0) : 0;
    PulAction a;
    PulEvents ev;
    ev.n = 0;
    PulReason why;
    if (!pul_action_parse(m->variant, text, &a)) why = PUL_R_SYNTAX;
    else if (over) why = PUL_R_GAME_OVER;
    else why = pul_apply(g, &a, &ev);
    fprintf(out, "{\"n\":%d,\"player\":%d,\"move\":", i + 1, seat + 1);
    /* A record in another encoding still gives valid JSON: cli_json_string
    ** makes each byte that is not UTF-8 U+FFFD. */
    cli_json_string(out, text);
    fprintf(out, ",\"ok\":%s", why == PUL_LEGAL ? "true" : "false");
    /* The family's own fields (Micropul: tiles drawn, extra turn, core left),
    ** numbers and words only, so they need no escaping here. */
    print_fields(out, g, &ev, why);
    if (legal) fprintf(out, ",\"placements\":%d", placements);
    if (why != PUL_LEGAL) {
        fputs(",\"error\":", out);
        cli_json_string(out, pul_reason_code(why));
        fputs(",\"message\":", out);
        if (why == PUL_R_SCRIPT_ERROR && pul_game_script_error(g)) {
            /* Not the player's fault: say which script failed, where and why. */
            char msg[1024];
            cli_json_string(out, pul_error_format(pul_game_script_error(g), msg,
                                                  sizeof msg));
        } else {
            /* In the edition's words (Farmopul's fields and soil), with the rule's meaning. */
            char msg[512];
            pul_reason_text(g, why, msg, sizeof msg);
            cli_json_string(out, msg);
        }
    }
    fputs("}\n", out);
    return why == PUL_LEGAL;
}

static void referee_final(const PulGame *g, FILE *out) {
    int winners[PUL_MAX_SEATS];
    int nw = pul_game_winners(g, winners, PUL_MAX_SEATS);
    fprintf(out, "{\"over\":%s,\"reason\":", pul_game_over(g) ? "true" : "false");
    cli_json_string(out, pul_end_reason_code(pul_game_end_reason(g)));
    print_fields(out, g, NULL, PUL_LEGAL); /* the family's: Micropul's scores */
    fputs(",\"winners\":", out);
    print_seats(out, winners, nw, 1);
    fputs("}\n", out);
}

int cmd_referee(int argc, char **argv) {
    static const CliOption opts[] = {{"legal", 0, false}, {"help", 'h', false},
                                     {"variant", 0, true}, {NULL, 0, false}};
    CliParser p;
    cli_init(&p, "referee", argc, argv);
    bool legal = false;
    const char *path = NULL, *trusted = NULL, *value;
    for (int k; (k = cli_next(&p, opts, &value)) != CLI_END;) {
        if (k == CLI_ERROR) return CLI_UNUSABLE;
        if (k == 0) legal = true;
        if (k == 1) {
            fputs(usage, stdout);
            return CLI_OK;
        }
        if (k == 2) trusted = value;
        if (k == CLI_OPERAND) {
            if (path) {
                cli_error("referee", "one record at a time (got %s and %s)", path, value);
                return CLI_UNUSABLE;
            }
            path = value;
        }
    }
    Match m = {0};
    if (!match_open(&m, path, trusted)) {
        match_free(&m);
        return CLI_UNUSABLE;
    }
    /* Records run to thousands of moves: one write per buffer, not per line. */
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    int rc = CLI_OK;
    int nmoves = pul_record_nmoves(m.rec);
    for (int i = 0; i < nmoves && rc == CLI_OK; i++)
        if (!referee_move(&m, i, legal, stdout)) rc = CLI_WRONG;
    if (rc == CLI_OK) referee_final(m.game, stdout);
    match_free(&m);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cli_error("referee", "cannot write the report: %s", strerror(errno));
        return CLI_UNUSABLE;
    }
    return rc;
}
