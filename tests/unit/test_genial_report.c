/*
** test_genial_report.c: the Genial family's referee fields, refusal words,
** heuristic and lab figures (engine/src/genial/genial_records.h). Games of
** the shared scenarios are played with the fixture, and after every move the
** fields genial_report_move writes must be the ones in the shared expected
** lines, byte for byte (points, tracks, bonus, bag), as must the final line's
** tracks and scores; the figures are counted by hand from those records.
*/
#include <stdlib.h>

#include "check.h"
#include "genial_fixture.h"
/* By path: tests/unit has a genial_records.h of its own (test_genial_replay's records). */
#include "../../engine/src/genial/genial_records.h"

typedef struct {
    const char *name, *edition;
    int seats;
    const char *deal, *moves;
    /* Per line: 'M' a legal move, 'X' a refused one, 'F' the final line; then
    ** the family's fields as the shared expected line has them. */
    const char *const *lines;
} ReportRecord;

/* The expected fields of tests/conformance/genial/scenarios (06, 11, 14, 16, 10),
** cut out of their expected lines. */
static const char *const lines_06_exact_18_bonus[] = {
    "M,\"points\":[1,1],\"tracks\":[0,0,2,0,0,0],\"bonus\":0,\"bag\":108",
    "M,\"points\":[0,0],\"tracks\":[0,0,2,0,0,0],\"bonus\":0,\"bag\":107",
    "M,\"points\":[1,0],\"tracks\":[0,0,0,0,0,1],\"bonus\":0,\"bag\":107",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,1],\"bonus\":0,\"bag\":106",
    "M,\"points\":[2,2],\"tracks\":[0,0,6,0,0,0],\"bonus\":0,\"bag\":106",
    "M,\"points\":[0,0],\"tracks\":[0,0,6,0,0,0],\"bonus\":0,\"bag\":105",
    "M,\"points\":[3,3],\"tracks\":[0,0,6,0,0,1],\"bonus\":0,\"bag\":105",
    "M,\"points\":[0,0],\"tracks\":[0,0,6,0,0,1],\"bonus\":0,\"bag\":104",
    "M,\"points\":[4,4],\"tracks\":[0,0,14,0,0,0],\"bonus\":0,\"bag\":104",
    "M,\"points\":[0,0],\"tracks\":[0,0,14,0,0,0],\"bonus\":0,\"bag\":103",
    "M,\"points\":[4,4],\"tracks\":[0,0,14,0,0,1],\"bonus\":0,\"bag\":103",
    "M,\"points\":[0,0],\"tracks\":[0,0,14,0,0,1],\"bonus\":0,\"bag\":102",
    "M,\"points\":[4,1],\"tracks\":[0,1,18,0,0,0],\"bonus\":1,\"bag\":102",
    "M,\"points\":[2,1],\"tracks\":[0,1,18,0,0,3],\"bonus\":0,\"bag\":102",
    "M,\"points\":[0,0],\"tracks\":[0,1,18,0,0,3],\"bonus\":0,\"bag\":100",
    "F,\"tracks\":[[0,1,18,0,0,3],[0,0,14,0,0,1]],\"scores\":[0,0]",
    NULL};
static const char *const lines_11_teams_segment_example[] = {
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":96",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":95",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":95",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":94",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":94",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":93",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":93",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":92",
    "M,\"points\":[2,0],\"tracks\":[0,2,0,0,0,0],\"bonus\":0,\"bag\":92",
    "M,\"points\":[0,0],\"tracks\":[0,2,0,0,0,0],\"bonus\":0,\"bag\":91",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":91",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":90",
    "M,\"points\":[1,1],\"tracks\":[0,2,0,0,2,0],\"bonus\":0,\"bag\":90",
    "M,\"points\":[0,0],\"tracks\":[0,2,0,0,2,0],\"bonus\":0,\"bag\":89",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":89",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":88",
    "M,\"points\":[2,2],\"tracks\":[0,2,0,0,6,0],\"bonus\":0,\"bag\":88",
    "M,\"points\":[0,0],\"tracks\":[0,2,0,0,6,0],\"bonus\":0,\"bag\":87",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":87",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":86",
    "M,\"points\":[2,2],\"tracks\":[0,6,0,0,6,0],\"bonus\":0,\"bag\":86",
    "M,\"points\":[0,0],\"tracks\":[0,6,0,0,6,0],\"bonus\":0,\"bag\":85",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":85",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":84",
    "M,\"points\":[4,2],\"tracks\":[0,12,0,0,6,0],\"bonus\":0,\"bag\":84",
    "M,\"points\":[0,0],\"tracks\":[0,12,0,0,6,0],\"bonus\":0,\"bag\":83",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":83",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":82",
    "M,\"points\":[3,3],\"tracks\":[0,12,0,0,12,0],\"bonus\":0,\"bag\":82",
    "M,\"points\":[0,0],\"tracks\":[0,12,0,0,12,0],\"bonus\":0,\"bag\":81",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":81",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":80",
    "M,\"points\":[2,4],\"tracks\":[0,14,0,0,16,0],\"bonus\":0,\"bag\":80",
    "M,\"points\":[0,0],\"tracks\":[0,14,0,0,16,0],\"bonus\":0,\"bag\":79",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":79",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,0],\"bonus\":0,\"bag\":78",
    "M,\"points\":[4,2],\"tracks\":[0,18,0,0,18,0],\"bonus\":2,\"bag\":78",
    "M,\"points\":[6,6],\"tracks\":[0,24,0,0,24,0],\"bonus\":1,\"bag\":78",
    "M,\"points\":[5,5],\"tracks\":[0,34,0,0,24,0],\"bonus\":0,\"bag\":78",
    "M,\"points\":[0,0],\"tracks\":[0,34,0,0,24,0],\"bonus\":0,\"bag\":75",
    "F,\"tracks\":[[0,34,0,0,24,0],[0,0,0,0,0,0],[0,34,0,0,24,0],[0,0,0,0,0,0]],\"scores\":[0,0,0,0]",
    NULL};
static const char *const lines_14_swap_tied_lowest[] = {
    "M,\"points\":[1,0],\"tracks\":[1,0,0,0,0,0],\"bonus\":0,\"bag\":108",
    "M,\"points\":[0,0],\"tracks\":[1,0,0,0,0,0],\"bonus\":0,\"bag\":107",
    "M,\"points\":[1,1],\"tracks\":[0,2,0,0,0,0],\"bonus\":0,\"bag\":107",
    "X,\"points\":[0,0],\"tracks\":[0,2,0,0,0,0],\"bonus\":0,\"bag\":107",
    NULL};
static const char *const lines_16_solo[] = {
    "M,\"points\":[1,1],\"tracks\":[0,2,0,0,0,0],\"bonus\":0,\"bag\":119",
    "M,\"points\":[0,0],\"tracks\":[0,2,0,0,0,0],\"bonus\":0,\"bag\":118",
    "M,\"points\":[2,2],\"tracks\":[0,6,0,0,0,0],\"bonus\":0,\"bag\":118",
    "M,\"points\":[0,0],\"tracks\":[0,6,0,0,0,0],\"bonus\":0,\"bag\":117",
    "M,\"points\":[3,3],\"tracks\":[0,12,0,0,0,0],\"bonus\":0,\"bag\":117",
    "M,\"points\":[0,0],\"tracks\":[0,12,0,0,0,0],\"bonus\":0,\"bag\":116",
    "M,\"points\":[4,2],\"tracks\":[0,18,0,0,0,0],\"bonus\":0,\"bag\":116",
    "M,\"points\":[0,0],\"tracks\":[0,18,0,0,0,0],\"bonus\":0,\"bag\":115",
    "M,\"points\":[5,0],\"tracks\":[0,23,0,0,0,0],\"bonus\":0,\"bag\":115",
    "X,\"points\":[0,0],\"tracks\":[0,23,0,0,0,0],\"bonus\":0,\"bag\":115",
    NULL};
static const char *const lines_10_sudden_death_then_game_over[] = {
    "M,\"points\":[1,1],\"tracks\":[0,0,0,0,2,0],\"bonus\":0,\"bag\":108",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,2,0],\"bonus\":0,\"bag\":107",
    "M,\"points\":[0,1],\"tracks\":[0,0,0,0,0,1],\"bonus\":0,\"bag\":107",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,0,1],\"bonus\":0,\"bag\":106",
    "M,\"points\":[2,2],\"tracks\":[0,0,0,0,6,0],\"bonus\":0,\"bag\":106",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,6,0],\"bonus\":0,\"bag\":105",
    "M,\"points\":[3,2],\"tracks\":[0,0,0,0,5,1],\"bonus\":0,\"bag\":105",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,5,1],\"bonus\":0,\"bag\":104",
    "M,\"points\":[3,3],\"tracks\":[0,0,0,0,12,0],\"bonus\":0,\"bag\":104",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,12,0],\"bonus\":0,\"bag\":103",
    "M,\"points\":[3,5],\"tracks\":[0,0,0,0,13,1],\"bonus\":0,\"bag\":103",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,13,1],\"bonus\":0,\"bag\":102",
    "M,\"points\":[2,4],\"tracks\":[0,0,0,0,16,2],\"bonus\":0,\"bag\":102",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,16,2],\"bonus\":0,\"bag\":101",
    "M,\"points\":[3,5],\"tracks\":[0,0,0,0,18,4],\"bonus\":1,\"bag\":101",
    "M,\"points\":[4,8],\"tracks\":[0,0,0,0,18,8],\"bonus\":0,\"bag\":101",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,18,8],\"bonus\":0,\"bag\":99",
    "M,\"points\":[5,5],\"tracks\":[0,0,0,0,18,7],\"bonus\":1,\"bag\":99",
    "M,\"points\":[1,6],\"tracks\":[0,0,0,0,18,14],\"bonus\":0,\"bag\":99",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,18,14],\"bonus\":0,\"bag\":97",
    "M,\"points\":[2,7],\"tracks\":[0,0,0,0,18,17],\"bonus\":0,\"bag\":97",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,0,18,17],\"bonus\":0,\"bag\":96",
    "M,\"points\":[2,2],\"tracks\":[0,0,0,0,18,18],\"bonus\":1,\"bag\":96",
    "M,\"points\":[1,1],\"tracks\":[0,0,0,2,18,18],\"bonus\":0,\"bag\":96",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,2,18,18],\"bonus\":0,\"bag\":94",
    "M,\"points\":[2,0],\"tracks\":[0,0,0,2,18,17],\"bonus\":0,\"bag\":94",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,2,18,17],\"bonus\":0,\"bag\":93",
    "M,\"points\":[3,2],\"tracks\":[0,0,0,7,18,18],\"bonus\":0,\"bag\":93",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,7,18,18],\"bonus\":0,\"bag\":92",
    "M,\"points\":[3,3],\"tracks\":[0,0,0,8,18,17],\"bonus\":0,\"bag\":92",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,8,18,17],\"bonus\":0,\"bag\":91",
    "M,\"points\":[4,3],\"tracks\":[0,0,0,14,18,18],\"bonus\":0,\"bag\":91",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,14,18,18],\"bonus\":0,\"bag\":90",
    "M,\"points\":[0,5],\"tracks\":[0,0,0,13,18,17],\"bonus\":0,\"bag\":90",
    "M,\"points\":[0,0],\"tracks\":[0,0,0,13,18,17],\"bonus\":0,\"bag\":89",
    "M,\"points\":[1,4],\"tracks\":[0,0,1,18,18,18],\"bonus\":1,\"bag\":89",
    "M,\"points\":[2,1],\"tracks\":[0,0,4,18,18,18],\"bonus\":0,\"bag\":89",
    "M,\"points\":[0,0],\"tracks\":[0,0,4,18,18,18],\"bonus\":0,\"bag\":87",
    "M,\"points\":[0,4],\"tracks\":[0,0,4,13,18,17],\"bonus\":0,\"bag\":87",
    "M,\"points\":[0,0],\"tracks\":[0,0,4,13,18,17],\"bonus\":0,\"bag\":86",
    "M,\"points\":[4,3],\"tracks\":[0,0,11,18,18,18],\"bonus\":0,\"bag\":86",
    "M,\"points\":[0,0],\"tracks\":[0,0,11,18,18,18],\"bonus\":0,\"bag\":85",
    "M,\"points\":[4,3],\"tracks\":[0,0,11,13,18,17],\"bonus\":0,\"bag\":85",
    "M,\"points\":[0,0],\"tracks\":[0,0,11,13,18,17],\"bonus\":0,\"bag\":84",
    "M,\"points\":[4,3],\"tracks\":[0,0,18,18,18,18],\"bonus\":1,\"bag\":84",
    "M,\"points\":[1,1],\"tracks\":[0,2,18,18,18,18],\"bonus\":0,\"bag\":84",
    "M,\"points\":[0,0],\"tracks\":[0,2,18,18,18,18],\"bonus\":0,\"bag\":82",
    "M,\"points\":[0,2],\"tracks\":[0,2,11,13,18,17],\"bonus\":0,\"bag\":82",
    "M,\"points\":[0,0],\"tracks\":[0,2,11,13,18,17],\"bonus\":0,\"bag\":81",
    "M,\"points\":[3,2],\"tracks\":[0,7,18,18,18,18],\"bonus\":0,\"bag\":81",
    "M,\"points\":[0,0],\"tracks\":[0,7,18,18,18,18],\"bonus\":0,\"bag\":80",
    "M,\"points\":[3,3],\"tracks\":[0,8,11,13,18,17],\"bonus\":0,\"bag\":80",
    "M,\"points\":[0,0],\"tracks\":[0,8,11,13,18,17],\"bonus\":0,\"bag\":79",
    "M,\"points\":[3,5],\"tracks\":[0,15,18,18,18,18],\"bonus\":0,\"bag\":79",
    "M,\"points\":[0,0],\"tracks\":[0,15,18,18,18,18],\"bonus\":0,\"bag\":78",
    "M,\"points\":[1,5],\"tracks\":[1,13,11,13,18,17],\"bonus\":0,\"bag\":78",
    "M,\"points\":[0,0],\"tracks\":[1,13,11,13,18,17],\"bonus\":0,\"bag\":77",
    "M,\"points\":[3,4],\"tracks\":[3,18,18,18,18,18],\"bonus\":1,\"bag\":77",
    "M,\"points\":[1,2],\"tracks\":[6,18,18,18,18,18],\"bonus\":0,\"bag\":77",
    "M,\"points\":[0,0],\"tracks\":[6,18,18,18,18,18],\"bonus\":0,\"bag\":75",
    "M,\"points\":[0,3],\"tracks\":[4,13,11,13,18,17],\"bonus\":0,\"bag\":75",
    "M,\"points\":[0,0],\"tracks\":[4,13,11,13,18,17],\"bonus\":0,\"bag\":74",
    "M,\"points\":[2,3],\"tracks\":[11,18,18,18,18,18],\"bonus\":0,\"bag\":74",
    "M,\"points\":[0,0],\"tracks\":[11,18,18,18,18,18],\"bonus\":0,\"bag\":73",
    "M,\"points\":[3,4],\"tracks\":[11,13,11,13,18,17],\"bonus\":0,\"bag\":73",
    "M,\"points\":[0,0],\"tracks\":[11,13,11,13,18,17],\"bonus\":0,\"bag\":72",
    "M,\"points\":[5,2],\"tracks\":[18,18,18,18,18,18],\"bonus\":0,\"bag\":72",
    "X,\"points\":[0,0],\"tracks\":[18,18,18,18,18,18],\"bonus\":0,\"bag\":72",
    NULL};
static const ReportRecord report_records[] = {
    {"scenarios/06-exact-18-bonus", "genial", 2, "rr gg bb oo yy pp / rg bo yp rg bo yp",
     "bb@0,4e +bb py@1,-5sw +bb bb@1,3e +bb bb@2,2e +bb bb@3,1e +gb bb@2,1sw +gb bg@3,0e pp@2,-5sw +pp,pp",
     lines_06_exact_18_bonus},
    {"scenarios/11-teams-segment-example", "genial-teams", 4, "gg gy yy gg yy go / rb bo rp bp bo rr / gy gg yy gy yp gb / rb op rp bp oo bb",
     "gg@-4,0e +gy bp@-5,4sw +bp yp@0,3se +gy bp@5,-7se +pp gg@-2,0e +gy ob@-4,-3sw +op yy@0,2e +gg rp@6,0e +bp yy@-1,3se +gg rr@4,1sw +rb gg@-3,1e +yy oo@-6,2sw +pp gg@-4,1se +yy po@-1,-6se +oo yy@-2,4se +rg pp@-3,6sw +rr gy@-2,2se +rg oo@1,-7e +rr gy@0,0se gy@-1,1se gg@-2,-1e +go,ro,rp",
     lines_11_teams_segment_example},
    {"scenarios/14-swap-tied-lowest", "genial", 2, "rr rr rr rr rr rg / gg gg gg gg gg gy",
     "rg@4,-4e xbo,bo,bo,yp,yp,yp gg@4,0se xbo,bo,bo,yp,yp,yp",
     lines_14_swap_tied_lowest},
    {"scenarios/16-solo", "genial-solo", 1, "gg",
     "gg@4,0se +gg gg@4,-1e +gg gg@4,-2e +gg gg@4,-3sw +gy gy@4,-4sw xrb",
     lines_16_solo},
    {"scenarios/10-sudden-death-then-game-over", "genial", 2, "rr gg bb oo yy pp / rg bo yp rg bo yp",
     "yy@-4,0sw +yy yp@-1,-4e +yy yy@-3,-1se +yy yy@-2,0sw +yy yy@-3,-2e +yp yy@-2,-3e +yp py@0,-3sw +yp py@0,-2sw py@0,-1sw +yp,pp py@0,0sw pp@1,0sw +pp,pp pp@-1,2e +pp pp@1,-4se oo@-4,4se +oo,oo ob@-3,3e +oo oo@-3,4se +oo oo@-3,2e +go oo@-4,3sw +bo go@-4,1se +bo bo@-1,3sw bb@0,3se +bb,bb ob@1,2se +bb bb@2,3sw +bb bb@-1,4se +rb bb@2,2e gg@4,0se +gg,gg rg@5,-2se +gg gg@4,-1sw +gg gg@3,-1sw +rg gg@2,1e +rg rg@5,-3sw +rg rg@5,-4sw rr@4,-5se +rr,rr gr@3,-5se +rr rr@2,-3e +rr rr@1,-2e +rb rr@1,-1e +rb",
     lines_10_sudden_death_then_game_over},
};

/* The next move word of a record's moves (move numbers skipped) into buf. */
static const char *next_move(const char *p, char *buf, size_t size) {
    for (;;) {
        while (*p == ' ') p++;
        if (!*p) return NULL;
        size_t n = strcspn(p, " ");
        if (n >= size) n = size - 1;
        memcpy(buf, p, n);
        buf[n] = '\0';
        p += strcspn(p, " ");
        if (buf[n - 1] != '.') return p;
    }
}

/* Plays r with the fixture, checking each line as the referee would write it. */
static void check_record(const ReportRecord *r) {
    PulVariant *v = fx_variant(r->edition);
    PulGame *g = v ? fx_start(v, r->seats, r->deal) : NULL;
    CHECK(g != NULL);
    if (!g) {
        pul_variant_free(v);
        return;
    }
    char mv[64], buf[512];
    const char *p = r->moves;
    int i = 0;
    while ((p = next_move(p, mv, sizeof mv)) != NULL) {
        const char *want = r->lines[i++];
        CHECK(want && want[0] != 'F');
        if (!want || want[0] == 'F') break;
        PulEvents ev;
        ev.n = 0;
        PulReason why = g->over ? PUL_R_GAME_OVER : fx_play(g, mv, &ev);
        CHECK_INT(why == PUL_LEGAL, want[0] == 'M');
        int len = genial_report_move(g, &ev, why, buf, sizeof buf);
        CHECK_INT(len, strlen(buf));
        if (strcmp(buf, want + 1) != 0)
            fprintf(stderr, "%s, move %d (%s):\n", r->name, i, mv);
        CHECK_STR(buf, want + 1);
        if (why != PUL_LEGAL) break;
    }
    const char *last = r->lines[i];
    if (last && last[0] == 'F') {
        int len = genial_report_final(g, buf, sizeof buf);
        CHECK_INT(len, strlen(buf));
        CHECK_STR(buf, last + 1);
        /* snprintf-like: a short buffer gets the start, the length stays */
        char small[8];
        CHECK_INT(genial_report_final(g, small, sizeof small), len);
        CHECK(strncmp(small, buf, sizeof small - 1) == 0);
        i++;
    }
    CHECK(r->lines[i] == NULL);
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_shared_lines(void) {
    for (size_t k = 0; k < sizeof report_records / sizeof report_records[0]; k++)
        check_record(&report_records[k]);
}

/* Four seats on two teams, every track listed: the final line's longest. */
static void test_final_long(void) {
    PulVariant *v = fx_variant("genial-teams");
    PulGame *g = v ? fx_start(v, 4, "gg gy yy gg yy go / rb bo rp bp bo rr / gy gg yy gy yp gb / "
                                    "rb op rp bp oo bb") : NULL;
    CHECK(g != NULL);
    if (!g) return;
    GenialGame *gg = GG(g);
    for (int s = 0; s < 6; s++) {
        gg->track[0][s] = (int16_t)(30 + s);
        gg->track[1][s] = (int16_t)(36 - s);
    }
    char buf[512];
    genial_report_final(g, buf, sizeof buf);
    CHECK_STR(buf, ",\"tracks\":[[30,31,32,33,34,35],[36,35,34,33,32,31],[30,31,32,33,34,35],"
                   "[36,35,34,33,32,31]],\"scores\":[30,31,30,31]");
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_reason_text(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g = v ? fx_start(v, 2, "rg bo yy pp gb ro / ry gg bp oy rb go") : NULL;
    CHECK(g != NULL);
    if (!g) return;
    char buf[256];
    int n = genial_reason_text(g, PUL_R_OCCUPIED, buf, sizeof buf);
    CHECK_STR(buf, "a cell holds a tile or a printed symbol");
    CHECK_INT(n, strlen(buf));
    /* the other refusals in the shared records' words */
    static const PulReason others[] = {PUL_R_SYNTAX, PUL_R_GAME_OVER, PUL_R_REFILL_DUE,
                                       PUL_R_NOT_IN_RACK, PUL_R_OFF_BOARD, PUL_R_FIRST_ROUND,
                                       PUL_R_PLACEMENT_DUE, PUL_R_NO_SWAP, PUL_R_BAD_DRAW};
    for (size_t k = 0; k < sizeof others / sizeof others[0]; k++) {
        genial_reason_text(g, others[k], buf, sizeof buf);
        CHECK_STR(buf, pul_reason_message(others[k]));
    }
    genial_reason_text(g, PUL_R_NO_SWAP, buf, sizeof buf);
    CHECK_STR(buf, "a swap is not allowed now");
    /* cut to the buffer, terminated */
    char small[6];
    CHECK_INT(genial_reason_text(g, PUL_R_OCCUPIED, small, sizeof small), 5);
    CHECK_STR(small, "a cel");
    CHECK_INT(genial_reason_text(g, PUL_R_OCCUPIED, NULL, 0), 0);
    pul_game_free(g);
    pul_variant_free(v);
}

/* The figures' slots by key. */
static const PulMetricInfo *metric(const char *key) {
    for (int i = 0; i < GENIAL_NMETRICS; i++)
        if (strcmp(genial_metrics[i].key, key) == 0) return &genial_metrics[i];
    return NULL;
}

static int32_t figure(const int32_t *m, const char *key, int k) {
    const PulMetricInfo *mi = metric(key);
    CHECK(mi != NULL && k < mi->n);
    return mi && k < mi->n ? m[mi->first + k] : -1;
}

static bool near(double a, double b) { return a - b < 1e-12 && b - a < 1e-12; }

/* The heuristic by hand (genial_heuristic.c's weights): seat's tracks sorted
** from the lowest (ties in symbol order), the k-th worth 0.7^k of its points;
** each live track's symbol shown by the seat's rack worth 0.5 x 0.7^k per
** tile, two at most, halved; 4 points an owed bonus placement. */
static double heuristic_by_hand(const PulGame *g, int seat, int owed) {
    const PulSymbolSet *ss = pul_variant_symbols(pul_game_variant(g));
    int t[8], sym[8], shows[8] = {0}, end = pul_genial_track_end(g);
    int n = pul_genial_tracks(g, seat, t, 8);
    uint8_t rack[16];
    int nr = pul_genial_rack(g, seat, rack, 16);
    for (int i = 0; i < nr; i++) {
        shows[ss->kind[rack[i]].a]++;
        if (ss->kind[rack[i]].b != ss->kind[rack[i]].a) shows[ss->kind[rack[i]].b]++;
    }
    for (int i = 0; i < n; i++) sym[i] = i;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (t[j] < t[i] || (t[j] == t[i] && sym[j] < sym[i])) {
                int x = t[i], y = sym[i];
                t[i] = t[j], sym[i] = sym[j];
                t[j] = x, sym[j] = y;
            }
    double v = 0, w = 1;
    for (int k = 0; k < n; k++, w *= 0.7) {
        v += w * t[k];
        if (t[k] < end) v += 0.5 * w * (shows[sym[k]] < 2 ? shows[sym[k]] : 2) / 2.0;
    }
    return v + 4.0 * owed;
}

/* Plays moves on g, tallying each; false at a refusal. */
static bool tally_moves(PulGame *g, const char *moves, int32_t *m) {
    char mv[64];
    for (const char *p = moves; (p = next_move(p, mv, sizeof mv)) != NULL;) {
        PulEvents ev;
        if (fx_play(g, mv, &ev) != PUL_LEGAL) return false;
        genial_tally(g, &ev, m);
    }
    return true;
}

static void test_table(void) {
    /* slots in range, each slot used once, the keys the lab's rows need */
    bool used[PUL_MAX_METRIC_SLOTS] = {false};
    int actions = 0;
    for (int i = 0; i < GENIAL_NMETRICS; i++) {
        const PulMetricInfo *mi = &genial_metrics[i];
        CHECK(mi->key && mi->label && mi->help);
        CHECK(mi->first >= 0 && mi->n >= 1 && mi->first + mi->n <= PUL_MAX_METRIC_SLOTS);
        for (int s = mi->first; s < mi->first + mi->n; s++) {
            CHECK(!used[s]);
            used[s] = true;
        }
        if (mi->kind != PUL_METRIC_COUNT) CHECK(mi->title && mi->note && mi->chart && mi->unit);
        if (mi->kind == PUL_METRIC_HISTOGRAM) CHECK(mi->bins != NULL);
        if (mi->flags & PUL_METRIC_ACTION) actions++;
    }
    CHECK_INT(actions, 3); /* placements, refills, swaps: every action of a game */
    static const char *const keys[] = {"placements", "refills", "swaps", "bonus_placements",
                                       "segment_ends", "bonus_lost", "points", "tiles_left",
                                       "tracks", "tiebreak_depth"};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) CHECK(metric(keys[k]) != NULL);
}

/* Scenario 06 by hand: 8 placements (one of them the bonus placement 14), 7
** refills, one segment end (blue 18), points 1+1 1 2+2 3+3 4+4 4+4 4+1 2+1 = 37. */
static void test_tally_06(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g = v ? fx_start(v, 2, "rr gg bb oo yy pp / rg bo yp rg bo yp") : NULL;
    CHECK(g != NULL);
    if (!g) return;
    int32_t m[PUL_MAX_METRIC_SLOTS] = {0};
    CHECK(tally_moves(g, "bb@0,4e +bb py@1,-5sw +bb bb@1,3e +bb bb@2,2e +bb bb@3,1e +gb "
                         "bb@2,1sw +gb bg@3,0e pp@2,-5sw +pp,pp", m));
    genial_tally_end(g, m);
    CHECK_INT(figure(m, "placements", 0), 8);
    CHECK_INT(figure(m, "refills", 0), 7);
    CHECK_INT(figure(m, "swaps", 0), 0);
    CHECK_INT(figure(m, "bonus_placements", 0), 1);
    CHECK_INT(figure(m, "segment_ends", 0), 1);
    CHECK_INT(figure(m, "bonus_lost", 0), 0);
    CHECK_INT(figure(m, "points", 0), 37);
    CHECK_INT(figure(m, "tiles_left", 0), 100);
    static const int tracks[6] = {0, 1, 18, 0, 0, 3};
    for (int s = 0; s < 6; s++) CHECK_INT(figure(m, "tracks", s), tracks[s]);
    CHECK_INT(figure(m, "tracks", 6), 0);
    /* seat 1 sorted [0,0,0,1,3,18], seat 2 [0,0,0,0,0,...]: the 4th track decides */
    for (int d = 0; d < metric("tiebreak_depth")->n; d++)
        CHECK_INT(figure(m, "tiebreak_depth", d), d == 4);
    /* the heuristic: sorted tracks, weights 1, 0.7, 0.49 ..., and the rack */
    CHECK(near(genial_heuristic(g, 0), heuristic_by_hand(g, 0, 0)));
    CHECK(heuristic_by_hand(g, 0, 0) > 0.343 + 3 * 0.2401 + 18 * 0.16807 - 1e-9);
    pul_game_free(g);
    pul_variant_free(v);
}

/* tests/scenarios-genial/04 (genial-track1: track_max 1, segments 4): a chain
** and three bonuses lost to an empty rack.  Segment ends 2 2 1 1 1 1 1 2 = 11;
** points 2 4 1 1 1 1 1 4 = 15; a bonus placement is one made while a bonus
** is owed: moves 2-6 and 9 (the two move 9 leaves are not made when the
** record stops, nor are the three lost after move 6). */
static void test_tally_chain(void) {
    GenialRules r;
    fx_rules("genial", &r);
    r.track_max = 1;
    r.segments = 4;
    PulVariant *v = fx_variant_rules(&r);
    PulGame *g = v ? fx_start(v, 2, "bb bb rb bo by gb / rr rg ro ry rp gg") : NULL;
    CHECK(g != NULL);
    if (!g) return;
    int32_t m[PUL_MAX_METRIC_SLOTS] = {0};
    CHECK(tally_moves(g, "bb@0,4e bb@1,3w rb@5,-4w ob@-5,4e yb@-5,1e gb@5,-1w "
                         "+rr,gg,oo,yy,pp,rg rr@4,-5w rp@2,-5w", m));
    CHECK_INT(figure(m, "placements", 0), 8);
    CHECK_INT(figure(m, "refills", 0), 1);
    CHECK_INT(figure(m, "segment_ends", 0), 11);
    CHECK_INT(figure(m, "points", 0), 15);
    CHECK_INT(figure(m, "bonus_lost", 0), 3);
    CHECK_INT(figure(m, "bonus_placements", 0), 6);
    /* seat 2 owes 2 bonus placements: its heuristic counts them, seat 1's not */
    CHECK(near(genial_heuristic(g, 1), heuristic_by_hand(g, 1, 2)));
    CHECK(near(genial_heuristic(g, 0), heuristic_by_hand(g, 0, 0)));
    CHECK(genial_heuristic(g, 1) - genial_heuristic(g, 0) > 8 - 4);
    pul_game_free(g);
    pul_variant_free(v);
}

/* The tie-break depth of a game's end: 0 solo, k when the k-th lowest track
** decided, symbols + 1 for a shared win; teams compare once per team. */
static void test_tiebreak(void) {
    static const struct {
        const char *edition;
        int seats;
        int t[4][6];
        int depth;
    } cases[] = {
        {"genial-solo", 1, {{1, 2, 3, 4, 5, 6}}, 0},
        {"genial", 2, {{3, 5, 5, 6, 9, 9}, {2, 9, 9, 9, 9, 9}}, 1},
        {"genial", 2, {{3, 5, 5, 6, 9, 9}, {9, 9, 6, 5, 5, 3}}, 7},
        {"genial", 3, {{3, 4, 8, 8, 8, 8}, {3, 4, 7, 9, 9, 9}, {3, 5, 1, 1, 1, 1}}, 3},
        {"genial", 3, {{3, 4, 8, 8, 8, 8}, {3, 4, 7, 9, 9, 9}, {3, 4, 8, 8, 8, 9}}, 6},
        {"genial", 4, {{0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 2}, {0, 0, 0, 0, 0, 2}, {0}}, 7},
        {"genial-teams", 4, {{4, 4, 4, 4, 4, 5}, {4, 4, 4, 4, 4, 4}}, 6},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        PulVariant *v = fx_variant(cases[k].edition);
        PulGame *g = v ? fx_start(v, cases[k].seats, NULL) : NULL;
        CHECK(g != NULL);
        if (!g) {
            pul_variant_free(v);
            continue;
        }
        for (int t = 0; t < 4; t++)
            for (int s = 0; s < 6; s++) GG(g)->track[t][s] = (int16_t)cases[k].t[t][s];
        int32_t m[PUL_MAX_METRIC_SLOTS] = {0};
        genial_tally_end(g, m);
        const PulMetricInfo *mi = metric("tiebreak_depth");
        for (int d = 0; d < mi->n; d++) {
            if (m[mi->first + d] != (d == cases[k].depth))
                fprintf(stderr, "tie-break case %zu, bin %d\n", k, d);
            CHECK_INT(m[mi->first + d], d == cases[k].depth);
        }
        pul_game_free(g);
        pul_variant_free(v);
    }
}

/* Two variants' pieces: a symbol renamed, a kind's count and a play area changed. */
static void test_piece_changes(void) {
    PulVariant *a = fx_variant("genial");
    PulSymbolSet ss;
    PulBoard b;
    fx_symbols(&ss);
    fx_board(&b);
    strcpy(ss.symbol[0].name, "crimson");
    ss.kind[0].count = 4; /* rr */
    b.area_radius[4] = 6;
    GenialRules r;
    fx_rules("genial", &r);
    FamilyData data = {NULL, &ss, &b};
    PulError err;
    PulVariant *bv = genial_variant_new(&fx_family, "genial-b", &data, &r, &err);
    CHECK(a != NULL && bv != NULL);
    if (a && bv) {
        PulPieceChange ch[8];
        CHECK_INT(genial_piece_changes(a, a, ch, 8), 0);
        int n = genial_piece_changes(a, bv, ch, 8);
        CHECK_INT(n, 3);
        if (n == 3) {
            CHECK_STR(ch[0].kind, "symbol");
            CHECK_STR(ch[0].name, "r");
            CHECK_STR(ch[0].a, "red");
            CHECK_STR(ch[0].b, "crimson");
            CHECK_STR(ch[1].kind, "tiles");
            CHECK_STR(ch[1].a, "120 tiles in 21 kinds");
            CHECK_STR(ch[1].b, "119 tiles in 21 kinds (1 of them differ from A's)");
            CHECK_STR(ch[2].kind, "board");
            CHECK_STR(ch[2].a, "radius 7, play areas 1:5 2:5 3:6 4:7, printed r@5,-5 g@5,0 "
                               "b@0,5 o@-5,5 y@-5,0 p@0,-5");
            CHECK_STR(ch[2].b, "radius 7, play areas 1:5 2:5 3:6 4:6, printed r@5,-5 g@5,0 "
                               "b@0,5 o@-5,5 y@-5,0 p@0,-5");
        }
        CHECK_INT(genial_piece_changes(a, bv, ch, 1), 1); /* max honoured */
    }
    pul_variant_free(bv);
    pul_variant_free(a);
}

int main(void) {
    RUN(test_shared_lines);
    RUN(test_final_long);
    RUN(test_reason_text);
    RUN(test_table);
    RUN(test_tally_06);
    RUN(test_tally_chain);
    RUN(test_tiebreak);
    RUN(test_piece_changes);
    return CHECK_DONE();
}
