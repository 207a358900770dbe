/*
** play_micropul.c: what `pul play` does that is Micropul's own (play.h's
** PlayFamily): the list's order, the news of a move, tiles taken unseen, r N.
*/
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "play.h"

/* Placements grouped by tile, then the takes, the claims and pass: the
** numbers of the list follow this order. */
static int legal_order(const void *pa, const void *pb) {
    const PulAction *a = pa, *b = pb;
    if (a->kind != b->kind) return a->kind - b->kind;
    if (a->kind == PUL_PLACE && a->tile != b->tile) return a->tile - b->tile;
    if (a->y != b->y) return a->y < b->y ? -1 : 1;
    if (a->x != b->x) return a->x < b->x ? -1 : 1;
    if (a->kind == PUL_TAKE) return a->tile - b->tile;
    return a->kind == PUL_PLACE ? a->rot - b->rot : a->quad - b->quad;
}

static void order(Play *p, PulAction *legal, int n) {
    qsort(legal, (size_t)n, sizeof *legal, legal_order);
    memset(p->entry, 0, (size_t)n * sizeof *p->entry);
}

static void told(Play *p, int seat, const char *bot, const PulAction *done, const PulEvents *ev) {
    char text[64];
    pul_action_format(p->v, done, text, sizeof text);
    /* The news is seen by whoever looks next, another player in hot-seat: a
    ** take says which tile only in the record. */
    if (done->kind == PUL_TAKE && bot)
        play_news(p, PM_TOOK_BOT, CLI_TEXT(bot), seat + 1);
    else if (done->kind == PUL_TAKE)
        play_news(p, PM_TOOK_SEAT, seat + 1);
    else if (bot)
        play_news(p, PM_PLAYED_BOT, CLI_TEXT(bot), seat + 1, text);
    else
        play_news(p, PM_PLAYED_SEAT, seat + 1, text);
    for (int k = 0; k < ev->n; k++) {
        const PulEvent *e = &ev->ev[k];
        if (e->kind == PUL_EV_DREW && e->count > 0) play_news(p, PM_DREW, e->seat + 1, e->count);
        if (e->kind == PUL_EV_EXTRA_TURN) play_news(p, PM_EXTRA_TURN, e->seat + 1);
        if (e->kind == PUL_EV_TURN_SKIPPED) play_news(p, PM_SKIPPED, e->seat + 1);
        if (e->kind == PUL_EV_REVEALED) play_news_to(p, e->seat, PM_PEEK, e->tile, e->tile);
    }
}

/* Whether the move whose events are ev showed its seat a tile that was
** hidden from it: the tile a take put in the hand, or a peek at the supply.
** Taking such a move back would leave the seat knowing what the game says
** it does not. */
static bool hidden(const PulAction *done, const PulEvents *ev) {
    if (done->kind == PUL_TAKE) return true;
    for (int k = 0; k < ev->n; k++)
        if (ev->ev[k].kind == PUL_EV_REVEALED) return true;
    return false;
}

/* Whether a matches a legal action of the list. */
static bool listed(const PulAction *a, const PulAction *legal, int n) {
    for (int k = 0; k < n; k++)
        if (legal[k].kind == a->kind && legal[k].tile == a->tile) return true;
    return false;
}

static bool read_move(Play *p, int seat, const char *line, const PulAction *legal, int n,
                      PulAction *a) {
    (void)seat;
    if (line[0] == 'r' && (line[1] == ' ' || isdigit((unsigned char)line[1]))) {
        char *end;
        long t = strtol(line + 1, &end, 10);
        int ntiles = pul_variant_tileset(p->v)->ntiles;
        if (*end || end == line + 1) {
            play_say(p, PM_NOT_UNDERSTOOD, CLI_TEXT(line));
        } else if (t < 0 || t >= ntiles) {
            play_say(p, PM_NO_SUCH_TILE, (int)t, ntiles - 1);
        } else {
            play_show_rotations(p, (int)t, legal, n);
        }
        return false;
    }
    if (!strcmp(line, "t")) {
        memset(a, 0, sizeof *a);
        a->kind = PUL_TAKE;
        a->tile = PUL_NO_TILE;
        return true;
    }
    if (!pul_action_parse(p->v, line, a)) {
        if (strchr("0123456789stp", line[0])) {
            char reason[512];
            pul_reason_explain(p->g, PUL_R_SYNTAX, p->st.lang, reason, sizeof reason);
            play_say(p, PM_ILLEGAL, CLI_TEXT(line), reason);
        } else {
            play_say(p, PM_NOT_UNDERSTOOD, CLI_TEXT(line));
        }
        return false;
    }
    if (a->kind == PUL_TAKE && a->tile != PUL_NO_TILE && !listed(a, legal, n)) {
        /* A supply tile the seat has not seen: whether it is there is
        ** hidden, so the answer is the same either way, the one a random
        ** take would get. */
        PulAction any = *a;
        any.tile = PUL_NO_TILE;
        if (pul_check(p->g, &any) == PUL_LEGAL) {
            play_say(p, PM_TAKE_UNKNOWN);
            return false;
        }
        *a = any;
    }
    return true;
}

static void text(Play *p, const PulAction *a, char *buf, size_t size) {
    pul_action_format(p->v, a, buf, size);
    if (a->kind == PUL_TAKE && a->tile == PUL_NO_TILE) snprintf(buf, size, "t");
}

static void end(Play *p) {
    PulPlaced placed[PUL_MAX_TILES];
    int nplaced = pul_game_placed(p->g, placed, PUL_MAX_TILES);
    fputc('\n', p->out);
    term_draw_board(p->out, p->g, p->theme, &p->st, nplaced > 1 ? &placed[nplaced - 1] : NULL);
    fputc('\n', p->out);
    play_show_end(p);
}

const PlayFamily play_micropul = {order,  play_show_screen, play_show_legal, read_move,
                                  told,   hidden,           play_list_number, text,
                                  end,    PM_HELP,          PM_HELP_MORE,    false};
