/*
** play_screen.c: what `pul play` shows besides the board and status that
** term_board.c draws: the numbered legal moves, the rotation preview, the
** supply tiles a seat knows, and the end screen with each seat's score broken down.
*/
#include <string.h>

#include "cli.h"
#include "play.h"

enum { LIST_WIDTH = 100, LIST_INDENT = 14, ENTRY_MAX = PUL_LABEL_MAX * 4 + 128 };

/* What the group a claim would take is: "white micropul ×3, closed", so
** that a player need not trace it on the board. */
static void claim_text(const Play *p, const PulAction *a, char *buf, size_t size) {
    PulGroupInfo gi;
    buf[0] = '\0';
    if (!pul_game_group(p->g, a->x, a->y, a->quad, &gi)) return;
    const char *name = pul_theme_feature_name(p->theme, gi.colour, p->st.lang);
    if (!name[0]) name = pul_variant_tileset(p->v)->feature[gi.colour].name;
    play_format(buf, size, p->st.lang, p->theme, gi.closed ? PM_CLAIM_CLOSED : PM_CLAIM_OPEN,
                CLI_TEXT(name), gi.size);
}

/* One entry of the list, "12) 1,0r1", without the tile for a placement; a
** claim says what its group is. */
static void entry_text(const Play *p, const PulAction *a, int number, char *buf, size_t size) {
    char move[48], group[PUL_LABEL_MAX * 4 + 64] = "";
    if (a->kind == PUL_CLAIM) claim_text(p, a, group, sizeof group);
    if (a->kind == PUL_PLACE)
        snprintf(move, sizeof move, "%d,%dr%d", (int)a->x, (int)a->y, a->rot);
    else if (a->kind == PUL_TAKE && a->tile == PUL_NO_TILE)
        snprintf(move, sizeof move, "t");
    else
        pul_action_format(a, move, sizeof move);
    snprintf(buf, size, "%d) %s%s%s", number, move, group[0] ? " " : "", group);
}

/* Entries of one line of the list, wrapped under its label. */
static void list_line(Play *p, const char *label, const PulAction *a, int first, int count,
                      int width) {
    /* Padded by terminal cells, not bytes: "タイル 12" is 9 cells and 13 bytes. */
    int label_width = cli_display_width(label);
    fprintf(p->out, "  %s", label);
    int col = LIST_INDENT;
    if (label_width > LIST_INDENT - 3)
        fprintf(p->out, "\n%*s", LIST_INDENT, "");
    else
        fprintf(p->out, "%*s", LIST_INDENT - 2 - label_width, "");
    for (int k = 0; k < count; k++) {
        char text[ENTRY_MAX];
        entry_text(p, &a[first + k], first + k + 1, text, sizeof text);
        if (col + width > LIST_WIDTH && col > LIST_INDENT) {
            fprintf(p->out, "\n%*s", LIST_INDENT, "");
            col = LIST_INDENT;
        }
        /* Padded by what the text shows, not its bytes: names may be Japanese. */
        fprintf(p->out, "%s%*s", text, width - cli_display_width(text), "");
        col += width;
    }
    fputc('\n', p->out);
}

void play_show_legal(Play *p, const PulAction *a, int n) {
    char label[PUL_LABEL_MAX + 32];
    /* Claims, which say what their group is, are wider than the rest: they
    ** get columns of their own, so that the other lines stay compact. */
    int width = 0, claim_width = 0;
    for (int k = 0; k < n; k++) {
        char text[ENTRY_MAX];
        entry_text(p, &a[k], k + 1, text, sizeof text);
        int len = cli_display_width(text) + 2;
        int *w = a[k].kind == PUL_CLAIM ? &claim_width : &width;
        if (len > *w) *w = len;
    }
    play_say(p, PM_LEGAL_TITLE);
    /* The caller has ordered the list: placements by tile, then takes, claims, pass. */
    for (int k = 0; k < n;) {
        int end = k + 1;
        while (end < n && a[end].kind == a[k].kind &&
               (a[k].kind != PUL_PLACE || a[end].tile == a[k].tile))
            end++;
        PlayMsg id = a[k].kind == PUL_PLACE  ? PM_LIST_TILE
                     : a[k].kind == PUL_TAKE ? PM_LIST_TAKE
                     : a[k].kind == PUL_CLAIM ? PM_LIST_CLAIM
                                              : PM_LIST_PASS;
        play_format(label, sizeof label, p->st.lang, p->theme, id, a[k].tile);
        list_line(p, label, a, k, end - k, a[k].kind == PUL_CLAIM ? claim_width : width);
        k = end;
    }
}

void play_show_rotations(Play *p, int tile) {
    play_say(p, PM_PREVIEW, tile);
    fputs("  ", p->out);
    for (int r = 0; r < 4; r++) fprintf(p->out, "r%d     ", r);
    fputc('\n', p->out);
    for (int row = 0; row < 2; row++) {
        fputs("  ", p->out);
        for (int r = 0; r < 4; r++) {
            term_draw_tile_row(p->out, p->v, p->theme, &p->st, tile, r, row);
            fputs("   ", p->out);
        }
        fputc('\n', p->out);
    }
}

void play_show_known_supply(Play *p, int seat) {
    uint8_t supply[PUL_MAX_TILES];
    int known[PUL_MAX_TILES], nknown = 0;
    int nsupply = pul_game_supply(p->g, seat, supply);
    uint64_t bits = pul_game_known(p->g, seat);
    for (int k = 0; k < nsupply; k++)
        if (supply[k] < 64 && (bits >> supply[k] & 1)) known[nknown++] = supply[k];
    if (nknown == 0) return;
    play_say(p, PM_KNOWN_SUPPLY);
    /* As term_draw_status draws the hand: each tile four cells wide, its id above. */
    for (int k = 0; k < nknown; k++) fprintf(p->out, "  %-4d", known[k]);
    fputc('\n', p->out);
    for (int row = 0; row < 2; row++) {
        for (int k = 0; k < nknown; k++) {
            fputs("  ", p->out);
            term_draw_tile_row(p->out, p->v, p->theme, &p->st, known[k], 0, row);
        }
        fputc('\n', p->out);
    }
}

static PlayMsg end_msg(PulEndReason r) {
    switch (r) {
    case PUL_END_CORE_EMPTY: return PM_END_CORE_EMPTY;
    case PUL_END_NO_TILES: return PM_END_NO_TILES;
    case PUL_END_NO_ACTION: return PM_END_NO_ACTION;
    case PUL_END_SCRIPT: return PM_END_SCRIPT;
    case PUL_END_ACTION_LIMIT: return PM_END_ACTION_LIMIT;
    default: return PM_END_UNFINISHED;
    }
}

void play_show_end(Play *p) {
    const PulGame *g = p->g;
    int lang = p->st.lang, nseats = pul_game_seats(g);
    int winners[PUL_MAX_SEATS];
    char reason[512], line[1024], part[256];
    /* Only the action limit's text has a number: the others ignore it. */
    play_format(reason, sizeof reason, lang, p->theme, end_msg(pul_game_end_reason(g)),
                PUL_ACTION_LIMIT);
    play_say(p, PM_GAME_OVER, reason);
    for (int s = 0; s < nseats; s++) {
        PulScoreBreakdown b;
        pul_game_score_breakdown(g, s, &b);
        play_format(line, sizeof line, lang, p->theme, PM_SCORE_LINE, s + 1, b.total, b.groups,
                    b.supply_tiles, b.supply_points, b.hand_tiles, b.hand_points);
        if (b.scripts) {
            play_format(part, sizeof part, lang, p->theme, PM_SCORE_SCRIPTS, b.scripts);
            strncat(line, part, sizeof line - strlen(line) - 1);
        }
        strncat(line, play_template(lang, PM_SCORE_END), sizeof line - strlen(line) - 1);
        if (pul_game_loser(g) == s) {
            play_format(part, sizeof part, lang, p->theme, PM_LOST);
            strncat(line, part, sizeof line - strlen(line) - 1);
        }
        fprintf(p->out, "%s\n", line);
    }
    int nwin = pul_game_winners(g, winners);
    if (nseats == 1) {
        /* Alone at the table there is a score to beat, not a winner. */
        int score;
        pul_game_scores(g, &score);
        play_say(p, PM_SOLO_SCORE, score);
    } else if (nwin == 0) {
        play_say(p, PM_NO_WINNER);
    } else if (nwin == 1) {
        play_say(p, PM_WINNER, winners[0] + 1);
    } else {
        char list[64] = "";
        for (int k = 0; k < nwin; k++) {
            size_t len = strlen(list);
            snprintf(list + len, sizeof list - len, "%s%d", k ? ", " : "", winners[k] + 1);
        }
        play_say(p, PM_WINNERS_TIED, list);
    }
}
