/*
** cli.h: helpers the pul sub-commands share: options, numbers, variants, JSON, safe text.
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

/* Print "pul CMD: message" on stderr, the message made safe as cli_put_text
** does (so fmt holds no line break of its own) and cut past 4 KB. */
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

/* An action as a message names it: its move text in v's family, "t (a take at
** random)" for a take of an unnamed tile, which PMN cannot write. Returns buf. */
const char *cli_action_text(const PulVariant *v, const PulAction *a, char *buf, size_t size);

/* A seat's score as the engine breaks it down (pul_game_score_parts), its
** parts by kind for the end screens' lines: total, and each part's points and
** count (0 when the engine gives no such part). */
typedef struct {
    int total;
    int points[PUL_SCORE_PARTS_MAX], count[PUL_SCORE_PARTS_MAX]; /* by PulScorePartKind */
} CliScore;
void cli_score(const PulGame *g, int seat, CliScore *out);

/* The candidate nearest to word by edit distance, or NULL when none is close. */
const char *cli_did_you_mean(const char *word, const char *const *candidates, int n);

/* The search path's extra folders for this run: given (a --path value, may be
** NULL) and then, when this pul runs from the build tree it was built in,
** the source tree's variants/ (cli_build_variants), so a pul built by
** tools/dev finds the shipped editions from any directory. Call it on the
** main thread; the result lives until the process ends. */
const char *cli_search_dirs(const char *given);
/* The source tree's variants/ when this pul runs from its build tree, else NULL. */
const char *cli_build_variants(void);

/* Whether cmd draws v's positions from its Micropul tile set (pul render asks
** after a hex board): for a family with neither it prints why not and what
** works instead (referee, sim), and returns false. */
bool cli_drawable(const char *cmd, const PulVariant *v);

/* pul_variant_open with the error printed; NULL on failure. */
PulVariant *cli_open_variant(const char *cmd, const char *name);

/* The game record at path ("-" or NULL: standard input, named <stdin>),
** read within PUL_RECORD_MAX bytes, so an endless stream is refused too.
** NULL with err filled when it cannot be read or split into tags and moves. */
PulRecord *cli_read_record(const char *path, PulError *err);

/* The edition to play a record with: one rule for every command that reads
** records (referee, replay, render, play --resume). With trusted (the
** --variant a person gave: a name, or a path they trust), that edition,
** when the record's Variant tag is its name exactly. Without, the tag must
** be a variant name, looked up on the search path; a path in a record is
** refused and never opened. NULL with err filled (saying how to give
** --variant) when refused. */
PulVariant *cli_record_variant(const PulRecord *rec, const char *trusted, PulError *err);

/* Text from editions, scripts and records goes through these before it
** reaches a terminal or a document, shown as the engine shows it
** (pul_text_escape): control characters (C0, DEL, C1), bidi controls, the
** line and paragraph separators, U+FFFE and U+FFFF, and each byte that does
** not start valid UTF-8 are shown escaped ("\x1b", "\n", "\u202e", "\xff");
** the rest of the UTF-8 passes, so every language stays readable. A line
** break of the value is escaped too: it could fake a prompt. */
enum { CLI_ESC_MAX = PUL_TEXT_ESCAPE_MAX };
/* The character at s (s not at its end): its length in bytes (1 for a byte
** that is not UTF-8); esc is set to how it is shown when it must be escaped,
** else to "". */
int cli_text_char(const char *s, char esc[CLI_ESC_MAX]);
/* s made safe into buf (size at least 4), cut with a visible U+2026 (an
** ellipsis) when it does not fit; returns buf. */
const char *cli_text(char *buf, size_t size, const char *s);
/* cli_text into a buffer that lives until the end of the enclosing block,
** for a value among printf's arguments: printf("%s\n", CLI_TEXT(title)). */
enum { CLI_TEXT_MAX = 2048 };
#define CLI_TEXT(s) cli_text((char[CLI_TEXT_MAX]){0}, CLI_TEXT_MAX, (s))
/* s made safe, whole, on f. */
void cli_put_text(FILE *f, const char *s);
/* The character at s (s not at its end) for XML and HTML, in text or in a
** quoted attribute: its length in bytes, and out set to the entity that
** stands for it (&amp; &lt; &gt; &quot; &#39;; &#39; since HTML 4 has no
** &apos;), else to its escape as cli_text_char gives it, else to "". */
int cli_xml_char(const char *s, char out[CLI_ESC_MAX]);

/* Printable ASCII but the quote and the backslash: what a JSON string holds
** as it is, so that plain runs are copied whole. */
static inline bool cli_json_plain(unsigned char c) {
    return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
}

/* Longest text cli_decimal writes: a '-' and the 20 digits of 2^64 - 1. */
#define CLI_DECIMAL_MAX 21
/* The number of magnitude u, after a '-' when negative, in decimal at out
** (no NUL): its length. By hand, for the protocol's replies and sim's rows,
** where snprintf was a fifth of a quick game's cost. */
size_t cli_decimal(char out[CLI_DECIMAL_MAX], uint64_t u, bool negative);

/* The letter of JSON's two-character escape of cp (\n, \", ...), or 0. */
char cli_json_short(long cp);

/* s as a JSON string, quotes included: every character cli_text escapes is
** escaped (\u001b, \u202e) and each byte that is not UTF-8 becomes U+FFFD,
** so that the line is valid JSON and valid UTF-8 whatever s holds. */
void cli_json_string(FILE *f, const char *s);

/* Terminal cells s takes as cli_put_text shows it: 2 for wide (CJK,
** fullwidth, emoji) characters, 0 for combining marks and variation
** selectors, one per character of an escape, else 1. */
int cli_display_width(const char *s);

/* The pul executable as the person invoked it (main's argv[0]: a name found
** on PATH, or a path from the current folder), for a message that gives a
** command to run later, as pul play's quit does; "pul" until main sets it. */
void cli_set_program(const char *path);
const char *cli_program(void);

#endif
