/*
** test_genial_replay.c: shared Genial conformance records (genial_records.h)
** replayed through genial_check and genial_apply: every move line's player,
** refusal, points, tracks, bonus, bag and placement count, and the final
** line's end, tracks, scores and winners, as the records expect them.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "genial_fixture.h"
#include "genial_records.h"

/* The value of tag name in the record, into out. */
static bool tag(const char *pmn, const char *name, char *out, size_t size) {
    char key[40];
    snprintf(key, sizeof key, "[%s \"", name);
    const char *p = strstr(pmn, key);
    if (!p) return false;
    p += strlen(key);
    const char *q = strchr(p, '"');
    size_t n = (size_t)(q - p) < size - 1 ? (size_t)(q - p) : size - 1;
    memcpy(out, p, n);
    out[n] = 0;
    return true;
}

/* The placements the seat to move may make (PMN's --legal count): candidate
** pairs times the distinct kinds on its rack, a double once. */
static int placements(const PulGame *pg) {
    const GenialGame *g = GGC(pg);
    uint64_t cand[GENIAL_PAIR_WORDS];
    int pairs = genial_candidates(g, cand), per = 0, seat = g->h.to_move;
    unsigned seen = 0;
    for (int i = 0; i < g->nrack[seat]; i++) {
        int k = g->rack[seat][i];
        if (seen >> k & 1) continue;
        seen |= 1u << k;
        per += GV(g)->kind_sym[k][0] == GV(g)->kind_sym[k][1] ? 1 : 2;
    }
    return pairs * per;
}

/* The final line as the referee writes it. */
static void final_line(const PulGame *pg, char *buf, size_t size) {
    const GenialGame *g = GGC(pg);
    int n = g->h.nseats, len = 0;
    len += snprintf(buf + len, size - (size_t)len, "{\"over\":%s,\"reason\":\"%s\",\"tracks\":[",
                    g->h.over ? "true" : "false",
                    pul_end_reason_code((PulEndReason)g->h.end_reason));
    for (int s = 0; s < n; s++) {
        int t[8];
        int m = pul_genial_tracks(pg, s, t, 8);
        for (int i = 0; i < m; i++)
            len += snprintf(buf + len, size - (size_t)len, "%s%d", i ? "," : (s ? ",[" : "["), t[i]);
        len += snprintf(buf + len, size - (size_t)len, "]");
    }
    int sc[PUL_MAX_SEATS], w[PUL_MAX_SEATS];
    pul_game_scores(pg, sc, PUL_MAX_SEATS);
    len += snprintf(buf + len, size - (size_t)len, "],\"scores\":[");
    for (int s = 0; s < n; s++) len += snprintf(buf + len, size - (size_t)len, "%s%d", s ? "," : "", sc[s]);
    int nw = pul_game_winners(pg, w, PUL_MAX_SEATS);
    len += snprintf(buf + len, size - (size_t)len, "],\"winners\":[");
    for (int i = 0; i < nw; i++)
        len += snprintf(buf + len, size - (size_t)len, "%s%d", i ? "," : "", w[i] + 1);
    snprintf(buf + len, size - (size_t)len, "]}");
}

/* The next move of the record from *p (move numbers skipped), into out. */
static bool next_move(const char **p, char *out, size_t size) {
    for (;;) {
        while (**p == ' ' || **p == '\n') (*p)++;
        if (!**p) return false;
        if (**p == ';') { /* a comment, to the end of its line */
            while (**p && **p != '\n') (*p)++;
            continue;
        }
        const char *s = *p;
        while (**p && **p != ' ' && **p != '\n' && **p != ';') (*p)++;
        size_t n = (size_t)(*p - s);
        if (s[n - 1] == '.') continue;
        if (n >= size) n = size - 1;
        memcpy(out, s, n);
        out[n] = 0;
        return true;
    }
}

static void replay(const GenialRecord *rec) {
    char edition[40], players[8], deal[200];
    CHECK(tag(rec->pmn, "Variant", edition, sizeof edition));
    CHECK(tag(rec->pmn, "Players", players, sizeof players));
    CHECK(tag(rec->pmn, "Deal", deal, sizeof deal));
    PulVariant *v = fx_variant(edition);
    PulGame *g = v ? fx_start(v, atoi(players), deal) : NULL;
    CHECK(g != NULL);
    if (!g) {
        pul_variant_free(v);
        return;
    }
    /* the moves follow the last tag line */
    const char *moves = strrchr(rec->pmn, ']') + 1, *exp = rec->expected;
    char mv[64], line[400];
    int n = 0, failures = check_failures;
    while (next_move(&moves, mv, sizeof mv) && *exp != '{') {
        n++;
        const char *eol = strchr(exp, '\n');
        size_t len = (size_t)(eol - exp);
        memcpy(line, exp, len);
        line[len] = 0;
        exp = eol + 1;
        int want[16];
        char err[32];
        int k = sscanf(line, "%d %d %d %d %d %d %d %d %d %d %d %d %d %31s", &want[0], &want[1],
                       &want[2], &want[3], &want[4], &want[5], &want[6], &want[7], &want[8],
                       &want[9], &want[10], &want[11], &want[12], err);
        CHECK_INT(k, 14);
        const GenialGame *gg = GGC(g);
        CHECK_INT(gg->h.to_move + 1, want[0]);
        if (want[12] >= 0) CHECK_INT(placements(g), want[12]);
        PulAction a;
        PulEvents ev;
        PulReason r = fx_action(v, mv, &a) ? pul_apply(g, &a, &ev) : PUL_R_SYNTAX;
        CHECK_INT(r == PUL_LEGAL, want[1]);
        CHECK_STR(r == PUL_LEGAL ? "-" : pul_reason_code(r), err);
        int pts[2] = {0, 0}, mover = gg->h.to_move;
        if (r == PUL_LEGAL) {
            mover = ev.ev[0].seat;
            for (int i = 0; i < ev.n; i++)
                if (ev.ev[i].kind == PUL_EV_SCORED) pts[ev.ev[i].quad] = ev.ev[i].count;
        }
        CHECK_INT(pts[0], want[2]);
        CHECK_INT(pts[1], want[3]);
        int t[8];
        CHECK_INT(pul_genial_tracks(g, mover, t, 8), 6);
        for (int i = 0; i < 6; i++) CHECK_INT(t[i], want[4 + i]);
        int bonus = gg->h.over || gg->h.to_move != mover ? 0 : pul_genial_bonus_owed(g);
        CHECK_INT(bonus, want[10]);
        CHECK_INT(pul_genial_bag(g), want[11]);
        if (check_failures != failures) {
            fprintf(stderr, "%s: move %d %s differs\n", rec->name, n, mv);
            break;
        }
        if (r != PUL_LEGAL) break;
    }
    /* every expected move line was met: the final line, or nothing after a refusal */
    if (check_failures == failures) CHECK(*exp == '{' || *exp == 0);
    if (*exp == '{' && check_failures == failures) {
        char got[400];
        final_line(g, got, sizeof got);
        const char *eol = strchr(exp, '\n');
        snprintf(line, sizeof line, "%.*s", (int)(eol - exp), exp);
        CHECK_STR(got, line);
    }
    if (check_failures != failures) fprintf(stderr, "FAIL %s\n", rec->name);
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_records(void) {
    for (size_t i = 0; i < sizeof genial_records / sizeof genial_records[0]; i++)
        replay(&genial_records[i]);
}

int main(void) {
    RUN(test_records);
    return CHECK_DONE();
}
