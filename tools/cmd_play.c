/*
** cmd_play.c: `pul play`: the options, then either an interactive game
** (play_game.c) when a seat is human, or a game between bots printed as a
** PMN record followed by the result.
*/
#define _POSIX_C_SOURCE 200809L /* getpid */

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "play.h"

static const char play_help[] =
    "usage: pul play [VARIANT] [--seats SEATS] [--lang en|ja|fr|es] [--seed N]\n"
    "                [--players N] [--record FILE] [--resume FILE] [--no-colour]\n\n"
    "Plays one game of VARIANT (a name under variants/ or a variant folder;\n"
    "default micropul; --variant VARIANT says the same). The record names the\n"
    "edition, also one given by path. SEATS is a comma list, one entry per\n"
    "seat: human; a level, easy (the random bot), normal (greedy) or hard\n"
    "(mcts:iters=1000); or a bot, random, greedy, mcts, or a bot with options\n"
    "(mcts:iters=500; see pul help bots). Default: human,mcts (one human for a\n"
    "solo edition).\n\n"
    "With a human seat the game is interactive: the board, your hand and the\n"
    "numbered legal moves are shown. At the prompt type:\n"
    "  N            play move number N of the list\n"
    "  12@1,-2r3    a move as text: tile 12 on cell 1,-2 turned 3 quarters;\n"
    "               snw0,0 a stone; t or t17 a take; pass ends an extra turn\n"
    "  r 12         tile 12 in its four rotations, and where each can go, by number\n"
    "  hint         what the MCTS bot would play, and its number in the list\n"
    "  moves        the whole list, when it is folded to fit the terminal\n"
    "  board        the whole screen again, the board uncut\n"
    "  undo         take back your own last move (see below)\n"
    "  help         these commands;  quit  leave (the record is already saved)\n"
    "Several human seats share the screen (hot-seat): between turns it is\n"
    "cleared, scrollback too, and the next player presses Enter. Nobody is\n"
    "shown what their seat may not know: a take from a supply is announced\n"
    "without its tile, and a tile a peek shows (micropul-solo-peek) is told\n"
    "to its seat only. undo takes back only your own last move, in a game\n"
    "without bots, while no other seat has played since, and never a take or\n"
    "a peek (they showed you a hidden tile).\n\n"
    "An Einfach Genial edition (genial, genial-teams, genial-solo) shows the\n"
    "hex board of the play area for the seat count (r on the left of each row;\n"
    "q, constant going south-east, where each diagonal meets the edge; printed\n"
    "symbols in parentheses; the placements since your last turn in brackets),\n"
    "every seat's six tracks as bars with the lowest starred (*), the bag, and\n"
    "your rack only. The list groups the placements by tile kind, best first,\n"
    "with the points of each half (3+2; the edition's bonus mark when one\n"
    "reaches a track end); as many as fit are shown, moves rg lists every\n"
    "placement of tile rg. Type a number or a move:\n"
    "  rg@3,-1e     symbol r on cell 3,-1, g on its neighbour to the e\n"
    "               (e w ne nw se sw)\n"
    "  +  or  x     end your turn: refill your rack, or swap it when the list\n"
    "               offers it; the tiles come from the bag at random\n"
    "Bonus placements are announced with the edition's shout. Nobody is shown\n"
    "another seat's rack or what it drew (a swap's returned tiles are public;\n"
    "your own draw is told to you alone). undo takes back your own placements\n"
    "while your turn goes on, with bots at the table too (a placement shows\n"
    "nothing hidden): never once you have refilled or swapped, since the draw\n"
    "showed you tiles, nor after another seat has moved.\n\n"
    "The record is saved after every move, to --record FILE or\n"
    "pul-VARIANT-SEED.pmn in the current folder, with the seats and the\n"
    "language as its Seats and Lang tags (pul referee ignores them); quitting\n"
    "prints the command that resumes it.\n\n"
    "At a terminal the screen fits its size (asked of the terminal, else\n"
    "$COLUMNS and $LINES, else 80x24): the move list wraps to the width, and\n"
    "when the screen would be too tall the list folds into ranges (r N and\n"
    "moves show them), the oldest news goes and the board is cut to the rows\n"
    "and columns round the last move (board shows it all). With line editing\n"
    "built in (libedit), the prompt has it: Left and Right move in the line,\n"
    "Up and Down recall your own earlier lines (each seat its own history),\n"
    "and ~/.editrc is read (bind -v for vi keys).\n"
    "When standard input is not a terminal, commands are read line by line and\n"
    "the output is plain text, so a script can play.\n\n"
    "With no human seat (say --seats random,random), prints the game record\n"
    "(PMN.md) and then the result as comment lines, so the output can be fed\n"
    "to 'pul referee' as it is.\n\n"
    "Options:\n"
    "  --seats SEATS  who plays each seat (see above)\n"
    "  --lang L       the language of the messages: en, ja, fr or es (default en)\n"
    "  --seed N       deals the core and drives the bots; the same seed gives the\n"
    "                 same game (default 1 without a human, else from the clock)\n"
    "  --players N    number of seats when --seats is not given (default 2, or\n"
    "                 the nearest count the variant allows)\n"
    "  --record FILE  write the record to FILE\n"
    "  --resume FILE  continue the game saved in FILE (its variant, players,\n"
    "                 seed, seats and language), saving to FILE unless --record\n"
    "                 says otherwise; its Variant tag is a name looked up on the\n"
    "                 search path, so a game of an edition given by path resumes\n"
    "                 only with that edition given again: --resume FILE --variant\n"
    "                 PATH. With --resume, --lang replaces the record's language\n"
    "                 and --seats its seats, but a seat a person played stays\n"
    "                 human: a bot is never given a person's hand\n"
    "  --no-colour    plain text even at a terminal\n"
    "  -h, --help     show this text\n";

static void end_reason_text(PulEndReason r, char *buf, size_t size) {
    switch (r) {
    case PUL_END_CORE_EMPTY: snprintf(buf, size, "the last tile left the core"); break;
    case PUL_END_NO_TILES:
        snprintf(buf, size, "a player began a turn with no tile in hand or supply");
        break;
    case PUL_END_NO_ACTION: snprintf(buf, size, "a player had no legal action"); break;
    case PUL_END_SCRIPT: snprintf(buf, size, "a rule script of the variant ended the game"); break;
    case PUL_END_ACTION_LIMIT:
        snprintf(buf, size,
                 "the game reached %d actions, the most pul plays: the variant's rule scripts "
                 "kept it going",
                 PUL_ACTION_LIMIT);
        break;
    case PUL_END_BOARD_FULL:
        snprintf(buf, size, "no two neighbouring cells of the play area were empty");
        break;
    case PUL_END_SUDDEN_DEATH:
        snprintf(buf, size, "a player's tracks all reached their end");
        break;
    default: snprintf(buf, size, "the game did not finish"); break;
    }
}

/* A Genial seat's line: its score, the lowest track, and its six tracks by
** record letter (a team's tracks for each of its seats). */
static void print_tracks(FILE *f, const PulGame *g, int seat) {
    const PulSymbolSet *ss = pul_variant_symbols(pul_game_variant(g));
    int t[PUL_GENIAL_MAX_SYMBOLS], score;
    int n = pul_genial_tracks(g, seat, t, PUL_GENIAL_MAX_SYMBOLS);
    int scores[PUL_MAX_SEATS];
    pul_game_scores(g, scores, PUL_MAX_SEATS);
    score = scores[seat];
    fprintf(f, "; Seat %d: %d points (lowest track; tracks", seat + 1, score);
    for (int i = 0; ss && i < n && i < ss->nsymbols; i++)
        fprintf(f, " %c %d", ss->symbol[i].letter, t[i]);
    fprintf(f, ")%s\n", pul_game_loser(g) == seat ? ", lost" : "");
}

/* The result as PMN comments: end, scores with what they come from (the
** engine's breakdown), winners, or the score of a solo game. */
static void print_result(FILE *f, const PulGame *g) {
    int nseats = pul_game_seats(g);
    int winners[PUL_MAX_SEATS];
    PulEndReason reason = pul_game_end_reason(g);
    char why[160];
    end_reason_text(reason, why, sizeof why);
    fprintf(f, "\n; Result: %s (%s), after %d actions\n", pul_end_reason_code(reason), why,
            pul_game_turns(g));
    for (int s = 0; s < nseats && strcmp(pul_variant_family(pul_game_variant(g)), "genial") == 0;
         s++)
        print_tracks(f, g, s);
    for (int s = 0; s < nseats && strcmp(pul_variant_family(pul_game_variant(g)), "micropul") == 0;
         s++) {
        CliScore b;
        cli_score(g, s, &b);
        int supply = b.count[PUL_SCORE_SUPPLY], hand = b.count[PUL_SCORE_HAND];
        char extra[48] = "";
        if (b.points[PUL_SCORE_SCRIPTS])
            snprintf(extra, sizeof extra, ", rule scripts %+d", b.points[PUL_SCORE_SCRIPTS]);
        fprintf(f, "; Seat %d: %d points (groups %d, supply %d tile%s = %d, hand %d tile%s = %d%s)%s\n",
                s + 1, b.total, b.points[PUL_SCORE_GROUPS], supply, supply == 1 ? "" : "s",
                b.points[PUL_SCORE_SUPPLY], hand, hand == 1 ? "" : "s", b.points[PUL_SCORE_HAND],
                extra, pul_game_loser(g) == s ? ", lost" : "");
    }
    if (nseats == 1) {
        int score;
        pul_game_scores(g, &score, 1);
        fprintf(f, "; Score: %d (a solo game has no winner)\n", score);
        return;
    }
    int nwin = pul_game_winners(g, winners, PUL_MAX_SEATS);
    if (nwin == 0) {
        fputs("; Winners: none\n", f);
        return;
    }
    fprintf(f, "; Winner%s: seat", nwin == 1 ? "" : "s (tied)");
    for (int k = 0; k < nwin; k++) fprintf(f, "%s %d", k ? "," : "", winners[k] + 1);
    fputc('\n', f);
}

/* The bots move until the game ends or nobody can move. When every seat is
** a plain random player, one generator seeded with seed drives them all (the
** games pul play has always printed for a seed). Returns false (printed)
** only when the engine refuses a bot's move or a bot fails. */
static bool play_out(PulGame *g, PulRecord *rec, uint64_t seed, PulBot *const *bots,
                     bool all_random) {
    PulRng rng;
    pul_rng_seed(&rng, seed);
    PulEvents ev;
    PulAction a, done;
    PulError err;
    char text[64];
    PulObservation *obs = malloc(sizeof *obs);
    bool ok = false;
    if (!obs) {
        cli_error("play", "out of memory");
        return false;
    }
    /* The engine ends every game by its action limit, so this loop ends. */
    while (!pul_game_over(g)) {
        if (all_random) {
            if (!pul_random_action(g, &rng, &a)) break;
        } else {
            int seat = pul_game_to_move(g);
            pul_observe(g, seat, obs);
            memset(&err, 0, sizeof err);
            if (pul_bot_choose(bots[seat], obs, &a, &err) != PUL_OK) {
                char buf[1024];
                cli_error("play", "the bot of seat %d could not move: %s", seat + 1,
                          pul_error_format(&err, buf, sizeof buf));
                goto done;
            }
        }
        PulReason r = pul_apply(g, &a, &ev);
        const PulError *serr = pul_game_script_error(g);
        if (r == PUL_R_SCRIPT_ERROR && serr) {
            char buf[1024];
            cli_error("play", "%s", pul_error_format(serr, buf, sizeof buf));
            goto done;
        }
        if (r != PUL_LEGAL) {
            cli_action_text(pul_game_variant(g), &a, text, sizeof text);
            cli_error("play", "internal error: the engine refused its own move %s: %s", text,
                      pul_reason_code(r));
            goto done;
        }
        /* The move as done, so a random take is written with the tile it took. */
        pul_events_action(&ev, &done);
        if (pul_record_add_move(rec, pul_game_variant(g), &done) != PUL_OK) {
            cli_error("play", "out of memory while recording the game");
            goto done;
        }
    }
    ok = true;
done:
    free(obs);
    return ok;
}

/* The record on f, each line made safe: a tag value may come from an edition. */
static void put_record(FILE *f, char *text) {
    for (char *line = text; *line;) {
        char *end = strchr(line, '\n');
        if (end) *end = '\0';
        cli_put_text(f, line);
        fputc('\n', f);
        if (!end) break;
        *end = '\n';
        line = end + 1;
    }
}

static bool write_file(const char *path, const char *text, size_t len) {
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fwrite(text, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

/* A game between bots, printed as a record and its result. */
static int play_bots(const PulVariant *v, const PlayConfig *cfg, uint64_t seed,
                     const char *record_path, bool all_random) {
    int players = cfg->nseats;
    int status = CLI_UNUSABLE;
    PulBot *bots[PUL_MAX_SEATS] = {0};
    PulError err;
    memset(&err, 0, sizeof err);
    PulGame *g = pul_game_new(v);
    PulRecord *rec = pul_record_new();
    char *text = NULL;
    size_t len = 0;
    char seed_text[32];
    snprintf(seed_text, sizeof seed_text, "%llu", (unsigned long long)seed);
    if (!g || !rec) {
        cli_error("play", "out of memory");
        goto done;
    }
    if (pul_game_start(g, (int)players, seed, NULL, 0, &err) != PUL_OK) {
        char buf[1024];
        cli_error("play", "%s", pul_error_format(&err, buf, sizeof buf));
        goto done;
    }
    /* An edition given by path is recorded by its name, as any other: a
    ** record never carries a path (PMN.md), and a shared one stays usable. */
    if (pul_record_from_start(rec, g) != PUL_OK ||
        pul_record_set_tag(rec, "Seed", seed_text) != PUL_OK) {
        cli_error("play", "could not start the record");
        goto done;
    }
    for (int s = 0; !all_random && s < players; s++) {
        /* Each bot its own stream, the same for the same seed. */
        bots[s] =
            pul_bot_new(v, play_bot_spec(cfg->seat[s]), seed * 7919u + (uint64_t)s + 1, &err);
        if (!bots[s]) {
            cli_error("play", "seat %d: %s", s + 1, err.message);
            goto done;
        }
    }
    if (!play_out(g, rec, seed, bots, all_random)) goto done;
    text = pul_record_write(rec, &len);
    if (!text) {
        cli_error("play", "out of memory while writing the record");
        goto done;
    }
    put_record(stdout, text);
    print_result(stdout, g);
    if (record_path && !write_file(record_path, text, len)) {
        cli_error("play", "cannot write the record to %s: check the folder exists and is writable",
                  record_path);
        goto done;
    }
    status = CLI_OK;
done:
    free(text);
    if (rec) pul_record_free(rec);
    if (g) pul_game_free(g);
    for (int s = 0; s < PUL_MAX_SEATS; s++) pul_bot_free(bots[s]);
    return status;
}

/* The record at path read, its edition opened (trusted: the one the person
** named, else the record's Variant tag as a name) and its tags checked by
** starting its game; *players and *seed from them. False (printed) when
** the record cannot be resumed. */
static bool resume_open(const char *path, const char *trusted, PulRecord **rec, PulVariant **v,
                        long *players, uint64_t *seed) {
    PulError err;
    memset(&err, 0, sizeof err);
    char buf[1024];
    PulGame *g = NULL;
    *rec = cli_read_record(path, &err);
    if (*rec) *v = cli_record_variant(*rec, trusted, &err);
    if (*v) g = pul_game_new(*v);
    if (g && pul_record_start_game(*rec, g, &err) == PUL_OK) {
        *players = pul_game_seats(g);
        *seed = pul_game_seed(g);
        pul_game_free(g);
        return true;
    }
    cli_error("play", "%s", *v && !g ? "out of memory" : pul_error_format(&err, buf, sizeof buf));
    pul_game_free(g);
    pul_variant_free(*v);
    pul_record_free(*rec);
    *v = NULL;
    *rec = NULL;
    return false;
}

/* SEATS split at commas into cfg; each entry "human" or a bot pul can make.
** Bot options are comma-separated too: in "human,mcts:iters=500,c=0.5" the
** entry "c=0.5" (a key=value without a colon) belongs to the seat before. */
static bool parse_seats(const char *text, const PulVariant *v, PlayConfig *cfg, const char *what) {
    cfg->nseats = 0;
    for (const char *p = text;;) {
        size_t len = strcspn(p, ",");
        char *prev = cfg->nseats ? cfg->seat[cfg->nseats - 1] : NULL;
        bool option = prev && strchr(prev, ':') && memchr(p, '=', len) && !memchr(p, ':', len);
        if (option) {
            size_t have = strlen(prev);
            if (have + 1 + len >= PLAY_SPEC_MAX) {
                cli_error("play", "%s: seat %d is too long", what, cfg->nseats);
                return false;
            }
            prev[have] = ',';
            memcpy(prev + have + 1, p, len);
            prev[have + 1 + len] = '\0';
        } else {
            if (cfg->nseats == PUL_MAX_SEATS) {
                cli_error("play", "%s: %d seats at most", what, PUL_MAX_SEATS);
                return false;
            }
            if (len == 0 || len >= PLAY_SPEC_MAX) {
                cli_error("play",
                          "%s: seat %d is %s; give human, a level (easy, normal, hard), "
                          "or a bot: random, greedy, mcts or a spec such as mcts:iters=500, "
                          "separated by commas",
                          what, cfg->nseats + 1, len ? "too long" : "empty");
                return false;
            }
            memcpy(cfg->seat[cfg->nseats], p, len);
            cfg->seat[cfg->nseats++][len] = '\0';
        }
        if (!p[len]) break;
        p += len + 1;
    }
    for (int s = 0; s < cfg->nseats; s++) {
        if (!strcmp(cfg->seat[s], "human")) continue;
        PulError err;
        memset(&err, 0, sizeof err);
        PulBot *b = pul_bot_new(v, play_bot_spec(cfg->seat[s]), 1, &err);
        if (!b) {
            cli_error("play", "%s: seat %d: %s (or human, or a level: easy, normal, hard)", what,
                      s + 1, err.message);
            return false;
        }
        pul_bot_free(b);
    }
    return true;
}

/* The table of the record being resumed: its Lang tag (unless --lang gave
** one) and its Seats tag, which --seats may replace but for a seat a person
** played, that a bot must never take over (it would play on with their
** hand). The tags come from a file anyone may have edited: each value is
** checked, and refused with what to do. have_seats: cfg holds --seats, else
** it gets the record's seats (when it has the tag; *have_seats then set). */
static bool resume_table(const char *path, const PulRecord *rec, const PulVariant *v,
                         long players, bool have_lang, bool *have_seats, PlayConfig *cfg) {
    char shown[PUL_TEXT_CUT_SIZE];
    const char *lang = pul_record_tag(rec, PLAY_TAG_LANG);
    if (lang && !have_lang) {
        cfg->lang = pul_lang_find(lang);
        if (cfg->lang < 0) {
            cli_error("play",
                      "%s: the %s tag is \"%s\", not a language of pul play: make it en, ja, "
                      "fr or es, remove it, or give --lang",
                      path, PLAY_TAG_LANG, pul_text_cut(lang, strlen(lang), shown, sizeof shown));
            return false;
        }
    }
    const char *seats = pul_record_tag(rec, PLAY_TAG_SEATS);
    if (!seats) return true; /* a record from elsewhere: --seats or the default */
    static PlayConfig was; /* static: six specs are too big for some stacks */
    memset(&was, 0, sizeof was);
    char what[1200];
    snprintf(what, sizeof what, "%s: the %s tag", path, PLAY_TAG_SEATS);
    if (!parse_seats(seats, v, &was, what)) {
        cli_error("play", "%s: fix the %s tag (\"human\" or a bot per seat, as --seats takes "
                  "them) or remove it and give --seats", path, PLAY_TAG_SEATS);
        return false;
    }
    if (was.nseats != players) {
        cli_error("play", "%s: the %s tag names %d seats, but the game has %ld players: fix the "
                  "tag or remove it and give --seats", path, PLAY_TAG_SEATS, was.nseats, players);
        return false;
    }
    if (!*have_seats) {
        cfg->nseats = was.nseats;
        memcpy(cfg->seat, was.seat, sizeof cfg->seat);
        *have_seats = true;
        return true;
    }
    for (int s = 0; s < cfg->nseats; s++) {
        if (!strcmp(was.seat[s], "human") && strcmp(cfg->seat[s], "human") != 0) {
            cli_error("play", "--seats: seat %d was played by a person (%s, %s tag), so it stays "
                      "human: a bot would play on with their hand; give human for seat %d",
                      s + 1, path, PLAY_TAG_SEATS, s + 1);
            return false;
        }
    }
    return true;
}

int cmd_play(int argc, char **argv) {
    static const CliOption opts[] = {{"seed", 0, true},   {"players", 0, true},
                                     {"record", 0, true}, {"seats", 0, true},
                                     {"lang", 0, true},   {"resume", 0, true},
                                     {"no-colour", 0, false}, {"help", 'h', false},
                                     {"variant", 0, true}, {0}};
    enum { OPT_SEED, OPT_PLAYERS, OPT_RECORD, OPT_SEATS, OPT_LANG, OPT_RESUME, OPT_NO_COLOUR,
           OPT_HELP, OPT_VARIANT };
    const char *variant_name = "micropul", *record_path = NULL, *value, *seats = NULL;
    uint64_t seed = 1;
    long players = 0;
    bool have_variant = false, have_seed = false, have_lang = false, have_seats = false;
    static PlayConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.colour = true;
    CliParser p;
    cli_init(&p, "play", argc, argv);
    for (int k; (k = cli_next(&p, opts, &value)) != CLI_END;) {
        switch (k) {
        case OPT_SEED:
            if (!cli_parse_u64("play", "--seed", value, &seed)) return CLI_UNUSABLE;
            have_seed = true;
            break;
        case OPT_PLAYERS:
            if (!cli_parse_int("play", "--players", value, 1, PUL_MAX_SEATS, &players))
                return CLI_UNUSABLE;
            break;
        case OPT_RECORD: record_path = value; break;
        case OPT_SEATS: seats = value; break;
        case OPT_LANG:
            cfg.lang = pul_lang_find(value);
            have_lang = true;
            if (cfg.lang < 0) {
                cli_error("play", "--lang: no language \"%s\"; give en, ja, fr or es", value);
                return CLI_UNUSABLE;
            }
            break;
        case OPT_RESUME: cfg.resume_path = value; break;
        case OPT_NO_COLOUR: cfg.colour = false; break;
        case OPT_HELP:
            fputs(play_help, stdout);
            printf("\nLine editing in this build: %s.\n",
                   strcmp(play_input_library(), "none") ? play_input_library()
                                                        : "none (built without libedit-dev)");
            return CLI_OK;
        case OPT_VARIANT: /* the same as the operand, in the words of referee and replay */
        case CLI_OPERAND:
            if (have_variant) {
                cli_error("play", "one variant at most, got \"%s\" and \"%s\"", variant_name, value);
                return CLI_UNUSABLE;
            }
            variant_name = value;
            have_variant = true;
            break;
        default: return CLI_UNUSABLE;
        }
    }

    PulRecord *resume = NULL;
    PulVariant *v = NULL;
    if (cfg.resume_path) {
        if (have_seed || players) {
            cli_error("play", "--resume takes the players and the seed from the record: leave "
                      "out --seed and --players");
            return CLI_UNUSABLE;
        }
        /* A variant given with --resume is one the person trusts (maybe a
        ** path); the record's Variant tag must be its name. */
        if (!resume_open(cfg.resume_path, have_variant ? variant_name : NULL, &resume, &v,
                         &players, &seed))
            return CLI_UNUSABLE;
        have_seed = true;
    } else {
        v = cli_open_variant("play", variant_name);
        if (!v) return CLI_UNUSABLE;
    }
    /* The record names the edition; a path must be given again to resume it. */
    cfg.variant_arg = have_variant && strcmp(variant_name, pul_variant_name(v)) != 0
                          ? variant_name
                          : NULL;
    int min_players, max_players;
    pul_variant_players(v, &min_players, &max_players);
    int status = CLI_UNUSABLE;
    if (seats) {
        if (!parse_seats(seats, v, &cfg, "--seats")) goto fail;
        if (players && players != cfg.nseats) {
            cli_error("play", "%s %ld players, but --seats names %d seats",
                      resume ? "the record has" : "--players says", players, cfg.nseats);
            goto fail;
        }
        players = cfg.nseats;
        have_seats = true;
    }
    if (resume && !resume_table(cfg.resume_path, resume, v, players, have_lang, &have_seats, &cfg))
        goto fail;
    if (players == 0) /* two seats, or as near as the variant allows */
        players = max_players < 2 ? max_players : min_players > 2 ? min_players : 2;
    if (players < min_players || players > max_players) {
        cli_error("play", "%s is for %d to %d players, not %ld", pul_variant_name(v),
                  min_players, max_players, players);
        goto fail;
    }
    if (!have_seats) { /* a human against the MCTS bot, or alone */
        cfg.nseats = (int)players;
        for (int s = 0; s < cfg.nseats; s++) snprintf(cfg.seat[s], PLAY_SPEC_MAX, s ? "mcts" : "human");
    }
    bool any_human = false, all_random = true;
    for (int s = 0; s < cfg.nseats; s++) {
        any_human = any_human || !strcmp(cfg.seat[s], "human");
        all_random = all_random && !strcmp(cfg.seat[s], "random");
    }
    if (any_human || resume) {
        if (!have_seed) seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 16);
        cfg.seed = seed;
        cfg.record_path = record_path;
        cfg.program = cli_program();
        status = play_interactive(&cfg, v, resume);
        goto fail;
    }
    status = play_bots(v, &cfg, seed, record_path, all_random);
fail:
    pul_record_free(resume);
    pul_variant_free(v);
    return status;
}

