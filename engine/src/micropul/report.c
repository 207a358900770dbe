/*
** report.c: the fields Micropul adds to pul referee's JSON lines (tiles
** drawn, extra turn, core left; the final scores) and its words for a refusal.
*/
#include <stdio.h>
#include <string.h>

#include "report.h"

/* A legal move's draws and extra turn, summed from its events; an extra turn
** the game's end cuts off is none. */
int report_move_fields(const PulGame *g, const PulEvents *ev, PulReason why, char *buf,
                       size_t size) {
    int drawn = 0;
    bool extra = false;
    if (why == PUL_LEGAL && ev) {
        for (int k = 0; k < ev->n; k++) {
            if (ev->ev[k].kind == PUL_EV_DREW) drawn += ev->ev[k].count;
            if (ev->ev[k].kind == PUL_EV_EXTRA_TURN) extra = true;
        }
        extra = extra && !pul_game_over(g);
    }
    return snprintf(buf, size, ",\"drawn\":%d,\"extra_turn\":%s,\"core\":%d", drawn,
                    extra ? "true" : "false", pul_game_core_count(g));
}

int report_final_fields(const PulGame *g, char *buf, size_t size) {
    int scores[PUL_MAX_SEATS];
    pul_game_scores(g, scores, PUL_MAX_SEATS);
    /* At most 11 characters and a comma per seat. */
    char list[PUL_MAX_SEATS * 12 + 1] = "";
    size_t len = 0;
    for (int s = 0; s < pul_game_seats(g); s++)
        len += (size_t)snprintf(list + len, sizeof list - len, s ? ",%d" : "%d", scores[s]);
    return snprintf(buf, size, ",\"scores\":[%s]", list);
}

/* In the edition's words, with the hand limit of g's rules (pul_reason_explain
** in English), as the referee has always worded a refusal. */
int report_reason_text(const PulGame *g, PulReason r, char *buf, size_t size) {
    if (!buf || size == 0) return 0;
    pul_reason_explain(g, r, PUL_LANG_EN, buf, size);
    return (int)strlen(buf);
}
