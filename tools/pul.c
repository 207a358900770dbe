/*
** pul.c: the pul command's entry point: help, version, and dispatch to the
** sub-commands of commands.h, with one table for names and summaries.
*/
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} Command;

static const Command commands[] = {
    {"referee", cmd_referee, "check a PMN game record move by move, as JSON lines (PMN.md)"},
    {"play", cmd_play, "play a game at the terminal, against bots or hot-seat (or bots alone)"},
    {"replay", cmd_replay, "step forward and back through a game record in the terminal"},
    {"bench", cmd_bench, "measure the engine's speed: games, placements and applies per second"},
    {"check", cmd_check, "check variants, tile sets and themes, and summarise what they hold"},
    {"variants", cmd_variants, "list the editions found along the search path"},
    {"sim", cmd_sim, "the designer's lab: many bot games, rows, summary and an HTML report"},
    {"render", cmd_render, "draw a game's board or a variant's tiles as SVG or PNG"},
    {"engine", cmd_engine, "speak the engine protocol (JSON lines) to a front end (PROTOCOL.md)"},
};
enum { NCOMMANDS = (int)(sizeof commands / sizeof commands[0]) };

static void usage(FILE *f) {
    fputs("usage: pul COMMAND [ARGUMENTS]\n"
          "       pul help [COMMAND]   pul --help   pul --version\n\n"
          "pul is an engine for the tile-laying game Micropul and its variants.\n\n"
          "Commands:\n",
          f);
    for (int k = 0; k < NCOMMANDS; k++)
        fprintf(f, "  %-9s %s\n", commands[k].name, commands[k].summary);
    fputs("  help      show this text, or a command's options; 'pul help bots' lists the\n"
          "            bots of pul sim and their options\n\n"
          "'pul COMMAND --help' shows a command's options.\n"
          "Exit codes: 0 success, 1 the input was judged and found wrong,\n"
          "2 the input could not be used (bad usage, unreadable file, unknown variant).\n",
          f);
}

static const Command *find_command(const char *name) {
    for (int k = 0; k < NCOMMANDS; k++)
        if (strcmp(commands[k].name, name) == 0) return &commands[k];
    return NULL;
}

static int unknown_command(const char *name) {
    const char *names[NCOMMANDS + 1];
    for (int k = 0; k < NCOMMANDS; k++) names[k] = commands[k].name;
    names[NCOMMANDS] = "help";
    const char *near = cli_did_you_mean(name, names, NCOMMANDS + 1);
    if (near)
        fprintf(stderr, "pul: unknown command '%s'; did you mean '%s'? (see pul help)\n",
                CLI_TEXT(name), near);
    else
        fprintf(stderr, "pul: unknown command '%s' (see pul help)\n", CLI_TEXT(name));
    return CLI_UNUSABLE;
}

int main(int argc, char **argv) {
    cli_set_program(argv[0]);
    if (argc < 2) {
        usage(stderr);
        return CLI_UNUSABLE;
    }
    const char *first = argv[1];
    if (strcmp(first, "--help") == 0 || strcmp(first, "-h") == 0 ||
        (strcmp(first, "help") == 0 && argc == 2)) {
        usage(stdout);
        return CLI_OK;
    }
    if (strcmp(first, "--version") == 0) {
        printf("pul %s\n", PUL_VERSION);
        return CLI_OK;
    }
    if (strcmp(first, "help") == 0) {
        if (argc > 3) {
            fputs("pul help: give one command at most (see pul help)\n", stderr);
            return CLI_UNUSABLE;
        }
        if (strcmp(argv[2], "bots") == 0) {
            /* A topic, not a command: the bot specs of pul sim --bots. */
            char text[4096];
            pul_bot_help(text, sizeof text);
            fputs(text, stdout);
            return CLI_OK;
        }
        const Command *c = find_command(argv[2]);
        if (!c) return strcmp(argv[2], "help") == 0 ? (usage(stdout), CLI_OK)
                                                     : unknown_command(argv[2]);
        /* Each command owns its option text, so help asks it for --help. */
        char name[PUL_NAME_MAX], opt[] = "--help";
        snprintf(name, sizeof name, "%s", c->name);
        char *sub_argv[] = {name, opt, NULL};
        return c->run(2, sub_argv);
    }
    if (first[0] == '-') {
        fprintf(stderr, "pul: unknown option '%s' (see pul help)\n", CLI_TEXT(first));
        return CLI_UNUSABLE;
    }
    const Command *c = find_command(first);
    if (!c) return unknown_command(first);
    return c->run(argc - 1, argv + 1);
}
