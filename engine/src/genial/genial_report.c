/*
** genial_report.c: the fields the Genial family adds to pul referee's JSON
** lines (PMN.md, "Einfach Genial records"; i13-plan.md 5.3): a move's points,
** the mover's team tracks, the bonus placements still owed and the bag; the
** final tracks and scores; and its words for a refusal.
*/
#include <stdio.h>
#include <string.h>

#include "genial_records.h"
#include "genial_state.h"

/* One team's tracks (track index team), in symbol order: "[0,3,18,...]". */
static size_t report_tracks(const GenialGame *gg, int team, char *buf, size_t size) {
    const GenialVariant *gv = GV(gg);
    size_t len = 0;
    buf[len++] = '[';
    for (int s = 0; s < gv->nsym; s++)
        len += (size_t)snprintf(buf + len, size - len, s ? ",%d" : "%d", gg->track[team][s]);
    buf[len++] = ']';
    buf[len] = '\0';
    return len;
}

/* A list: per symbol an int16 track (6 characters at most) and a comma; the
** brackets and the terminator. */
enum { REPORT_TRACKS_MAX = GENIAL_MAX_SYMBOLS * 7 + 3 };

/* A legal move speaks for its mover (the seat of its first event: after the
** turn ends, to_move is already the next seat); a refused one for the seat to
** move, whose tracks, bonus and bag it leaves as they were. The bonus owed is
** the mover's only while it is still placing: 0 once its turn or the game is
** over, and 0 when the rack ran out (the rest were lost). */
int genial_report_move(const PulGame *g, const PulEvents *ev, PulReason why, char *buf,
                       size_t size) {
    const GenialGame *gg = GGC(g);
    int points[2] = {0, 0};
    int mover = g->to_move;
    if (why == PUL_LEGAL && ev && ev->n > 0) {
        mover = ev->ev[0].seat;
        for (int k = 0; k < ev->n; k++)
            if (ev->ev[k].kind == PUL_EV_SCORED && ev->ev[k].quad < 2)
                points[ev->ev[k].quad] = ev->ev[k].count;
    }
    int bonus = !g->over && g->to_move == mover && gg->phase == GENIAL_BONUS ? gg->bonus_owed : 0;
    char tracks[REPORT_TRACKS_MAX];
    report_tracks(gg, genial_track_of(gg, mover), tracks, sizeof tracks);
    return snprintf(buf, size, ",\"points\":[%d,%d],\"tracks\":%s,\"bonus\":%d,\"bag\":%d",
                    points[0], points[1], tracks, bonus, gg->bag_n);
}

/* Every seat's tracks (partners repeat their team's) and its score, the
** lowest of them as genial_scores counts it. */
int genial_report_final(const PulGame *g, char *buf, size_t size) {
    const GenialGame *gg = GGC(g);
    int scores[PUL_MAX_SEATS];
    genial_scores(g, scores);
    char list[PUL_MAX_SEATS * (REPORT_TRACKS_MAX + 1) + 1];
    size_t len = 0;
    for (int s = 0; s < g->nseats; s++) {
        if (s) list[len++] = ',';
        len += report_tracks(gg, genial_track_of(gg, s), list + len, sizeof list - len);
    }
    list[len] = '\0';
    /* At most 11 characters and a comma per seat. */
    char sc[PUL_MAX_SEATS * 12 + 1] = "";
    size_t n = 0;
    for (int s = 0; s < g->nseats; s++)
        n += (size_t)snprintf(sc + n, sizeof sc - n, s ? ",%d" : "%d", scores[s]);
    return snprintf(buf, size, ",\"tracks\":[%s],\"scores\":[%s]", list, sc);
}

/* The shared records' words (family/codes.c has them), but for a cell that is
** taken: on a Genial board a printed symbol takes it as well as a tile. */
int genial_reason_text(const PulGame *g, PulReason r, char *buf, size_t size) {
    (void)g;
    if (!buf || size == 0) return 0;
    const char *text =
        r == PUL_R_OCCUPIED ? "a cell holds a tile or a printed symbol" : pul_reason_message(r);
    return (int)pul_text_copy(buf, size, text);
}
