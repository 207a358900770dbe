/*
** cmd_play.c: `pul play`, one complete game between random players, printed
** as a PMN record followed by the result; a stand-in until interactive play.
*/
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

/* No legal game comes near this; reaching it means an engine bug. */
enum { PLAY_MAX_ACTIONS = 100000 };

static const char play_help[] =
    "usage: pul play [VARIANT] [--seed N] [--players N] [--record FILE]\n\n"
    "Plays one complete game of VARIANT (a name under variants/ or a variant\n"
    "folder; default micropul). For now every seat is a random player, which\n"
    "picks uniformly among its legal actions: playing yourself comes with\n"
    "interactive play, which is not there yet.\n\n"
    "Prints the game record (PMN.md) and then the result as comment lines, so\n"
    "the output can be fed to 'pul referee' as it is.\n\n"
    "Options:\n"
    "  --seed N       deals the core and drives the random players (default 1);\n"
    "                 the same seed gives the same game\n"
    "  --players N    number of seats (default 2, or the nearest count the\n"
    "                 variant allows: 1 for a solo edition, 3 for micropul-3p)\n"
    "  --record FILE  also write the record to FILE\n"
    "  -h, --help     show this text\n";

static const char *end_reason_text(PulEndReason r) {
    switch (r) {
    case PUL_END_CORE_EMPTY: return "the last tile left the core";
    case PUL_END_NO_TILES: return "a player began a turn with no tile in hand or supply";
    case PUL_END_NO_ACTION: return "a player had no legal action";
    default: return "the game did not finish";
    }
}

/* The result as PMN comments: end, scores with what they come from, winners. */
static void print_result(FILE *f, const PulGame *g) {
    const PulRules *rules = pul_game_rules(g);
    int nseats = pul_game_seats(g);
    int scores[PUL_MAX_SEATS], by_rules[PUL_MAX_SEATS], winners[PUL_MAX_SEATS];
    uint8_t tiles[PUL_MAX_TILES];
    pul_game_scores(g, scores);
    pul_game_scores_recount(g, by_rules);
    PulEndReason reason = pul_game_end_reason(g);
    fprintf(f, "\n; Result: %s (%s), after %d actions\n", pul_end_reason_code(reason),
            end_reason_text(reason), pul_game_turns(g));
    for (int s = 0; s < nseats; s++) {
        int supply = pul_game_supply(g, s, tiles);
        int hand = pul_game_hand(g, s, tiles);
        int from_supply = supply * rules->points_supply, from_hand = hand * rules->points_hand;
        int from_scripts = scores[s] - by_rules[s];
        char extra[48] = "";
        if (from_scripts) snprintf(extra, sizeof extra, ", rule scripts %+d", from_scripts);
        fprintf(f, "; Seat %d: %d points (groups %d, supply %d tile%s = %d, hand %d tile%s = %d%s)%s\n",
                s + 1, scores[s], by_rules[s] - from_supply - from_hand, supply,
                supply == 1 ? "" : "s", from_supply, hand, hand == 1 ? "" : "s", from_hand, extra,
                pul_game_loser(g) == s ? ", lost" : "");
    }
    int nwin = pul_game_winners(g, winners);
    if (nwin == 0) {
        fputs("; Winners: none\n", f);
        return;
    }
    fprintf(f, "; Winner%s: seat", nwin == 1 ? "" : "s (tied)");
    for (int k = 0; k < nwin; k++) fprintf(f, "%s %d", k ? "," : "", winners[k] + 1);
    fputc('\n', f);
}

/* Random players move until the game ends or nobody can move. Returns false
** (printed) only when the engine refuses its own move. */
static bool play_out(PulGame *g, PulRecord *rec, uint64_t seed) {
    PulRng rng;
    pul_rng_seed(&rng, seed);
    PulEvents ev;
    PulAction a, done;
    char text[64];
    for (int n = 0; !pul_game_over(g); n++) {
        if (n == PLAY_MAX_ACTIONS) {
            cli_error("play", "internal error: the game did not end after %d actions", n);
            return false;
        }
        if (!pul_random_action(g, &rng, &a)) break;
        PulReason r = pul_apply(g, &a, &ev);
        const PulError *serr = pul_variant_script_error(pul_game_variant(g));
        if (r == PUL_R_SCRIPT_ERROR && serr) {
            char buf[1024];
            cli_error("play", "%s", pul_error_format(serr, buf, sizeof buf));
            return false;
        }
        if (r != PUL_LEGAL) {
            pul_action_format(&a, text, sizeof text);
            cli_error("play", "internal error: the engine refused its own move %s: %s", text,
                      pul_reason_code(r));
            return false;
        }
        /* The move as done, so a random take is written with the tile it took. */
        pul_events_action(&ev, &done);
        if (pul_record_add_move(rec, &done) != PUL_OK) {
            cli_error("play", "out of memory while recording the game");
            return false;
        }
    }
    return true;
}

static bool write_file(const char *path, const char *text, size_t len) {
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fwrite(text, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

int cmd_play(int argc, char **argv) {
    static const CliOption opts[] = {
        {"seed", 0, true}, {"players", 0, true}, {"record", 0, true}, {"help", 'h', false}, {0}};
    enum { OPT_SEED, OPT_PLAYERS, OPT_RECORD, OPT_HELP };
    const char *variant_name = "micropul", *record_path = NULL, *value;
    uint64_t seed = 1;
    long players = 0;
    bool have_variant = false;
    CliParser p;
    cli_init(&p, "play", argc, argv);
    for (int k; (k = cli_next(&p, opts, &value)) != CLI_END;) {
        switch (k) {
        case OPT_SEED:
            if (!cli_parse_u64("play", "--seed", value, &seed)) return CLI_UNUSABLE;
            break;
        case OPT_PLAYERS:
            if (!cli_parse_int("play", "--players", value, 1, PUL_MAX_SEATS, &players))
                return CLI_UNUSABLE;
            break;
        case OPT_RECORD: record_path = value; break;
        case OPT_HELP: fputs(play_help, stdout); return CLI_OK;
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

    PulVariant *v = cli_open_variant("play", variant_name);
    if (!v) return CLI_UNUSABLE;
    const PulRules *rules = pul_variant_rules(v);
    if (players == 0) /* two seats, or as near as the variant allows */
        players = rules->max_players < 2 ? rules->max_players
                  : rules->min_players > 2 ? rules->min_players
                                           : 2;
    if (players < rules->min_players || players > rules->max_players) {
        cli_error("play", "%s is for %d to %d players, not %ld", pul_variant_name(v),
                  rules->min_players, rules->max_players, players);
        pul_variant_free(v);
        return CLI_UNUSABLE;
    }

    int status = CLI_UNUSABLE;
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
    /* A variant given by path is recorded by that path, so that the referee
    ** opens the same files, not some edition that happens to share the name. */
    bool by_path = variant_name && (strchr(variant_name, '/') || variant_name[0] == '.');
    if (pul_record_from_start(rec, g) != PUL_OK ||
        pul_record_set_tag(rec, "Seed", seed_text) != PUL_OK ||
        (by_path && pul_record_set_tag(rec, "Variant", variant_name) != PUL_OK)) {
        cli_error("play", "could not start the record");
        goto done;
    }
    if (!play_out(g, rec, seed)) goto done;
    text = pul_record_write(rec, &len);
    if (!text) {
        cli_error("play", "out of memory while writing the record");
        goto done;
    }
    fwrite(text, 1, len, stdout);
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
    pul_variant_free(v);
    return status;
}
