/*
** cmd_engine.c: `pul engine`, the line protocol of PROTOCOL.md on standard
** input and output: a thin transport around engine_command (engine_proto.c).
*/
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "engine.h"

static const char usage[] =
    "usage: pul engine [--path DIRS]\n"
    "Speak pul's engine protocol on standard input and output, for a front end\n"
    "(a web table, a GUI, a tournament manager): one command per line in, one\n"
    "JSON object per line out, flushed after each. PROTOCOL.md describes every\n"
    "command, its replies and error codes. The commands:\n"
    "  info, help, variants, newgame VARIANT [seats=N] [seed=S] [moves M...],\n"
    "  load \"PMN\", play MOVE, validmoves, bestmove [BOT], undo, state [seat=N],\n"
    "  theme, render [seat=N] [lang=L] [coords=0|1], record, quit\n"
    "A line has at most 1048576 bytes; a longer one is answered line_too_long.\n"
    "  --path DIRS  more folders to look for editions in (':'-separated)\n"
    "  --help       show this help\n"
    "Exit status: 0 at quit or the end of input, 2 bad usage or output that\n"
    "cannot be written.\n";

/* One line of f into *buf (grown up to ENGINE_LINE_MAX + 1 bytes; the rest
** of a longer line is read and dropped, its length counted in *len). False
** at the end of input with nothing read. */
static bool read_line(FILE *f, char **buf, size_t *cap, size_t *len, bool *overlong) {
    size_t n = 0;
    int c;
    *overlong = false;
    bool any = false;
    while ((c = getc(f)) != EOF) {
        any = true;
        if (c == '\n') break;
        if (n > ENGINE_LINE_MAX) {
            *overlong = true;
            n++;
            continue;
        }
        if (n + 1 >= *cap) {
            size_t ncap = *cap ? *cap * 2 : 4096;
            char *b = realloc(*buf, ncap);
            if (!b) return false;
            *buf = b;
            *cap = ncap;
        }
        (*buf)[n++] = (char)c;
    }
    *len = n;
    return any;
}

int cmd_engine(int argc, char **argv) {
    static const CliOption opts[] = {{"help", 'h', false}, {"path", 0, true}, {NULL, 0, false}};
    CliParser p;
    cli_init(&p, "engine", argc, argv);
    const char *path = NULL, *value;
    for (int k; (k = cli_next(&p, opts, &value)) != CLI_END;) {
        if (k == CLI_ERROR) return CLI_UNUSABLE;
        if (k == 0) {
            fputs(usage, stdout);
            return CLI_OK;
        }
        if (k == 1) path = value;
        if (k == CLI_OPERAND) {
            cli_error("engine", "unexpected argument '%s' (see pul engine --help)", value);
            return CLI_UNUSABLE;
        }
    }
    Engine *e = engine_new(cli_search_dirs(path));
    if (!e) {
        cli_error("engine", "out of memory");
        return CLI_UNUSABLE;
    }
    char *buf = NULL;
    size_t cap = 0, len;
    bool overlong;
    int rc = CLI_OK;
    while (!engine_quit(e) && read_line(stdin, &buf, &cap, &len, &overlong)) {
        const char *out = overlong ? engine_overlong(e, len) : engine_command(e, buf, len);
        if (fputs(out, stdout) == EOF || fputc('\n', stdout) == EOF || fflush(stdout) != 0) {
            cli_error("engine", "cannot write a reply: %s", strerror(errno));
            rc = CLI_UNUSABLE;
            break;
        }
    }
    free(buf);
    engine_free(e);
    return rc;
}
