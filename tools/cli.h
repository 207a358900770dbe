/*
** cli.h: helpers the pul sub-commands share: options, numbers, variants, JSON.
** Every helper that fails prints one line on stderr, "pul CMD: ...", so callers just return.
*/
#ifndef PUL_CLI_H
#define PUL_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "pul.h"

/* Exit codes of every sub-command. */
enum {
    CLI_OK = 0,       /* success */
    CLI_WRONG = 1,    /* the input was judged and found wrong */
    CLI_UNUSABLE = 2  /* the input could not be used: bad usage, unreadable file, unknown variant */
};

/* An option a command accepts: --name, --name=VALUE / --name VALUE when it
** takes a value, and -c when short is not 0. */
typedef struct {
    const char *name;
    char short_name;
    bool takes_value;
} CliOption;

typedef struct {
    const char *cmd;       /* for messages: "play" */
    int argc;
    char **argv;
    int i;                 /* next argument to read */
    bool operands_only;    /* after "--" */
} CliParser;

enum { CLI_END = -1, CLI_ERROR = -2, CLI_OPERAND = -3 };

/* argv[0] is the command's name; arguments start at argv[1]. */
void cli_init(CliParser *p, const char *cmd, int argc, char **argv);
/* The next argument: an index into opts (value set when the option takes
** one, else NULL), CLI_OPERAND (value the operand), CLI_END, or CLI_ERROR
** (printed). opts ends with an entry whose name is NULL. */
int cli_next(CliParser *p, const CliOption *opts, const char **value);

/* Print "pul CMD: message" on stderr. */
void cli_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Numbers from option values, with the range in the error message. */
bool cli_parse_int(const char *cmd, const char *opt, const char *text, long min, long max,
                   long *out);
bool cli_parse_u64(const char *cmd, const char *opt, const char *text, uint64_t *out);
/* The same from min to max. */
bool cli_parse_u64_range(const char *cmd, const char *opt, const char *text, uint64_t min,
                         uint64_t max, uint64_t *out);
bool cli_parse_double(const char *cmd, const char *opt, const char *text, double min, double max,
                      double *out);

/* An action as a message names it: its PMN text, "t (a take at random)" for
** a take of an unnamed tile, which PMN cannot write. Returns buf. */
const char *cli_action_text(const PulAction *a, char *buf, size_t size);

/* The candidate nearest to word by edit distance, or NULL when none is close. */
const char *cli_did_you_mean(const char *word, const char *const *candidates, int n);

/* pul_variant_open with the error printed; NULL on failure. */
PulVariant *cli_open_variant(const char *cmd, const char *name);

/* s as a JSON string, quotes included. */
void cli_json_string(FILE *f, const char *s);

/* Terminal cells the UTF-8 text s takes: 2 for wide (CJK, fullwidth, emoji)
** characters, 0 for combining marks and variation selectors, else 1. */
int cli_display_width(const char *s);

#endif
