/*
** test_genial_text.c: Genial's move text and Deal tag (PMN.md "Einfach Genial
** records", i13-plan.md 5.1, 5.2, 6.3): parse and format round trips for every
** action kind, both spellings of a placement the same game after check and apply,
** each syntax case, the canonical spelling written, and Deal's errors with
** their line and column.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "genial_fixture.h"
#include "genial_moves.h"

static PulAction list[PUL_MAX_ACTIONS];

static bool same(const PulAction *a, const PulAction *b) { return memcmp(a, b, sizeof *a) == 0; }

/* format then parse gives the action back; the text is what was expected */
static void round_trip(const PulVariant *v, const PulAction *a, const char *want) {
    char buf[64];
    int n = genial_action_format(v, a, buf, sizeof buf);
    CHECK(n > 0);
    CHECK_INT(n, (long long)strlen(buf));
    if (want) CHECK_STR(buf, want);
    PulAction b;
    CHECK(genial_action_parse(v, buf, &b));
    CHECK(same(a, &b));
}

static void test_round_trips(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g = v ? fx_start(v, 2, "rg bo yy pp gb ro / ry gg bp oy rb go") : NULL;
    CHECK(g != NULL);
    if (!g) {
        pul_variant_free(v);
        return;
    }
    /* every placement of the first position */
    int n = genial_legal_actions(g, list, PUL_MAX_ACTIONS);
    CHECK_INT(n, 540);
    for (int i = 0; i < n; i++) round_trip(v, &list[i], NULL);
    /* placements named by hand */
    PulAction a;
    CHECK(genial_action_parse(v, "bb@0,4sw", &a));
    CHECK_INT(a.kind, PUL_PLACE);
    CHECK_INT(a.tile, fx_kind(v, "bb"));
    CHECK_INT(a.rot, 2);
    CHECK_INT(a.quad, 0);
    CHECK_INT(a.x, 0);
    CHECK_INT(a.y, 4);
    round_trip(v, &a, "bb@0,4sw");
    CHECK(genial_action_parse(v, "gr@-5,3e", &a));  /* g first: the kind rg flipped */
    CHECK_INT(a.tile, fx_kind(v, "rg"));
    CHECK_INT(a.quad, 1);
    round_trip(v, &a, "gr@-5,3e");
    CHECK(genial_action_parse(v, "py@-2147483648,2147483647se", &a));
    CHECK_INT(a.x, INT32_MIN);
    CHECK_INT(a.y, INT32_MAX);
    round_trip(v, &a, "py@-2147483648,2147483647se");
    /* snprintf-like: the whole length, the text cut to fit */
    char small[6] = "junk";
    CHECK_INT(genial_action_format(v, &a, small, sizeof small), strlen("py@-2147483648,2147483647se"));
    CHECK_STR(small, "py@-2");
    CHECK_INT(genial_action_format(v, &a, NULL, 0), strlen("py@-2147483648,2147483647se"));
    /* refills and swaps: kinds either order in, symbol order out */
    static const struct { const char *in, *out; int kind, n; } draws[] = {
        {"+", "+", PUL_REFILL, 0},
        {"+rp", "+rp", PUL_REFILL, 1},
        {"+pr", "+rp", PUL_REFILL, 1},
        {"+rg,oy", "+rg,oy", PUL_REFILL, 2},
        {"+gr,yo,pp", "+rg,oy,pp", PUL_REFILL, 3},
        {"x", "x", PUL_SWAP, 0},
        {"xgy,gp,by,pp,yy,gy", "xgy,gp,by,pp,yy,gy", PUL_SWAP, 6},
        {"xrg,bo,yy,pp,gb,or", "xrg,bo,yy,pp,gb,ro", PUL_SWAP, 6},
        {"+rr,gg,bb,oo,yy,pp,rg,rb", "+rr,gg,bb,oo,yy,pp,rg,rb", PUL_REFILL, 8},
    };
    for (size_t i = 0; i < sizeof draws / sizeof draws[0]; i++) {
        CHECK(genial_action_parse(v, draws[i].in, &a));
        CHECK_INT(a.kind, draws[i].kind);
        CHECK_INT(pul_action_draws(&a, NULL, 0), draws[i].n);
        round_trip(v, &a, draws[i].out);
    }
    uint8_t k[8];
    CHECK(genial_action_parse(v, "+gr,yo", &a));
    CHECK_INT(pul_action_draws(&a, k, 8), 2);
    CHECK_INT(k[0], fx_kind(v, "rg"));
    CHECK_INT(k[1], fx_kind(v, "oy"));
    /* more than 8 kinds: well-formed, counted, no spelling back */
    CHECK(genial_action_parse(v, "+rr,rr,rr,rr,rr,rr,rr,rr,rr,rr", &a));
    CHECK_INT(pul_action_draws(&a, NULL, 0), 10);
    char buf[64] = "junk";
    CHECK_INT(genial_action_format(v, &a, buf, sizeof buf), -1);
    CHECK_STR(buf, "");
    pul_game_free(g);
    pul_variant_free(v);
}

/* No spelling: a random draw, a kind or direction out of range, a double
** flipped, another family's action kinds. */
static void test_format_refusals(void) {
    PulVariant *v = fx_variant("genial");
    if (!v) return;
    char buf[32];
    PulAction a = {PUL_REFILL, PUL_NO_TILE, 0, 0, 0, 0};
    CHECK_INT(genial_action_format(v, &a, buf, sizeof buf), -1);
    CHECK_STR(buf, "");
    a.kind = PUL_SWAP;
    CHECK_INT(genial_action_format(v, &a, buf, sizeof buf), -1);
    PulAction p = {PUL_PLACE, 21, 0, 0, 0, 0};
    CHECK_INT(genial_action_format(v, &p, buf, sizeof buf), -1);
    p = (PulAction){PUL_PLACE, 0, 6, 0, 0, 0};
    CHECK_INT(genial_action_format(v, &p, buf, sizeof buf), -1);
    p = (PulAction){PUL_PLACE, (uint8_t)fx_kind(v, "rr"), 0, 1, 0, 0};
    CHECK_INT(genial_action_format(v, &p, buf, sizeof buf), -1);
    p = (PulAction){PUL_PLACE, (uint8_t)fx_kind(v, "rg"), 0, 2, 0, 0};
    CHECK_INT(genial_action_format(v, &p, buf, sizeof buf), -1);
    p = (PulAction){PUL_PASS, PUL_NO_TILE, 0, 0, 0, 0};
    CHECK_INT(genial_action_format(v, &p, buf, sizeof buf), -1);
    p = (PulAction){PUL_TAKE, 3, 0, 0, 0, 0};
    CHECK_INT(genial_action_format(v, &p, buf, sizeof buf), -1);
    /* a short buffer: snprintf's count, the text cut */
    CHECK(genial_action_parse(v, "bb@0,4sw", &p));
    char small[4];
    CHECK_INT(genial_action_format(v, &p, small, sizeof small), 8);
    CHECK_STR(small, "bb@");
    pul_variant_free(v);
}

/* The other spelling of every direction: the same cells and symbols, so the
** same placement; format writes the e/se/sw one; check and apply alike. */
static void test_both_spellings(void) {
    PulVariant *v = fx_variant("genial");
    if (!v) return;
    static const struct { const char *w, *canon; } pairs[] = {
        {"bb@-1,5ne", "bb@0,4sw"},
        {"rg@5,-4w", "gr@4,-4e"},
        {"gr@5,-4w", "rg@4,-4e"},
        {"rg@4,-3nw", "gr@4,-4se"},
        {"yp@-4,0ne", "py@-3,-1sw"},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        PulAction a, b;
        CHECK(genial_action_parse(v, pairs[i].w, &a));
        CHECK(genial_action_parse(v, pairs[i].canon, &b));
        CHECK(a.rot >= 3 && b.rot < 3);
        char buf[32];
        CHECK(genial_action_format(v, &a, buf, sizeof buf) > 0);
        CHECK_STR(buf, pairs[i].canon);
        /* applied in a fresh game each, from a deal holding the kind */
        PulGame *ga = fx_start(v, 2, "bb rg py oo yy pp / ry gg bp oy rb go");
        PulGame *gb = fx_start(v, 2, "bb rg py oo yy pp / ry gg bp oy rb go");
        CHECK(ga && gb);
        if (ga && gb) {
            PulReason ra = genial_check(ga, &a), rb = genial_check(gb, &b);
            CHECK_INT(ra, rb);
            CHECK_INT(ra, PUL_LEGAL); /* each touches a printed cell: a first placement */
            PulEvents ea, eb;
            CHECK_INT(genial_apply(ga, &a, &ea), ra);
            CHECK_INT(genial_apply(gb, &b, &eb), rb);
            /* the same board, tracks, racks and turn, and the same placed
            ** list (kept as pul writes the move): the same game, byte for
            ** byte; only the events keep the order the move was written in */
            const GenialGame *xa = GGC(ga), *xb = GGC(gb);
            CHECK(memcmp(xa->cell, xb->cell, sizeof xa->cell) == 0);
            CHECK(memcmp(xa->track, xb->track, sizeof xa->track) == 0);
            CHECK(memcmp(xa->empty, xb->empty, sizeof xa->empty) == 0);
            CHECK(memcmp(xa->rack, xb->rack, sizeof xa->rack) == 0);
            CHECK(xa->phase == xb->phase && xa->bonus_owed == xb->bonus_owed);
            CHECK(xa->first_used == xb->first_used && xa->nplaced == xb->nplaced);
            CHECK(memcmp(&xa->h, &xb->h, sizeof xa->h) == 0);
            CHECK(memcmp(xa->placed, xb->placed, sizeof xa->placed) == 0);
            CHECK(memcmp(ga, gb, pul_game_size()) == 0);
            PulGenialPlaced pl;
            CHECK_INT(pul_genial_placed(ga, &pl, 1), 1);
            CHECK(pl.dir < 3); /* e, se or sw, as written */
            if (ra == PUL_LEGAL) {
                int pa[2] = {-1, -1}, pb[2] = {-1, -1};
                for (int e = 0; e < ea.n; e++)
                    if (ea.ev[e].kind == PUL_EV_SCORED) pa[ea.ev[e].quad] = ea.ev[e].count;
                for (int e = 0; e < eb.n; e++)
                    if (eb.ev[e].kind == PUL_EV_SCORED) pb[eb.ev[e].quad] = eb.ev[e].count;
                CHECK_INT(pa[0], pb[1]); /* the halves written the other way round */
                CHECK_INT(pa[1], pb[0]);
            }
        }
        pul_game_free(ga);
        pul_game_free(gb);
    }
    /* far off the board, where the other cell would leave int32: as given */
    PulAction a;
    CHECK(genial_action_parse(v, "rg@-2147483648,0w", &a));
    round_trip(v, &a, "rg@-2147483648,0w");
    CHECK(genial_action_parse(v, "rg@0,-2147483648nw", &a));
    round_trip(v, &a, "rg@0,-2147483648nw");
    CHECK(genial_action_parse(v, "rg@2147483647,0ne", &a));
    round_trip(v, &a, "rg@2147483647,0ne");
    CHECK(genial_action_parse(v, "rg@2147483647,0w", &a));
    char buf[32];
    CHECK_INT(genial_action_format(v, &a, buf, sizeof buf), 16);
    CHECK_STR(buf, "gr@2147483646,0e");
    pul_variant_free(v);
}

static void test_syntax(void) {
    PulVariant *v = fx_variant("genial");
    if (!v) return;
    static const char *const bad[] = {
        "", "pass", "t17", "rg", "rg@", "rg@0", "rg@0,", "rg@0,0", "rg@0,0x", "rg@0,0E",
        "rg@0,0ee", "rg@0,0e ", " rg@0,0e", "rg@0 ,0e", "rg@-0,0e", "rg@0,-0e", "rg@01,0e",
        "rg@0,00e", "rg@2147483648,0e", "rg@0,-2147483649e", "rg@+1,0e", "rg@1.0,0e",
        "RG@0,0e", "Rg@0,0e", "rgb@0,0e", "r@0,0e", "rz@0,0e", "rg0,0e", "rg@0;0e",
        "rg@99999999999999999999,0e", "+rg,", "+,rg", "+rg,,bo", "+r", "+rgb", "+RG",
        "+ rg", "+rg bo", "x,", "xrg,", "x rg", "xr", "X", "++", "+x", "+rz", "-",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        PulAction a;
        memset(&a, 0x5A, sizeof a);
        bool ok = genial_action_parse(v, bad[i], &a);
        if (ok) fprintf(stderr, "\"%s\" read as a move\n", bad[i]);
        CHECK(!ok);
        CHECK(a.kind == 0x5A); /* out untouched */
    }
    /* well-formed: what check then refuses, not syntax */
    static const char *const good[] = {
        "rg@0,0e", "rg@-2147483648,2147483647ne", "pp@7,7w", "+", "x", "+rg,rg,rg,rg,rg,rg,rg,rg,rg",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        PulAction a;
        CHECK(genial_action_parse(v, good[i], &a));
    }
    PulAction a;
    CHECK(!genial_action_parse(v, NULL, &a));
    CHECK(!genial_action_parse(NULL, "+", &a));
    pul_variant_free(v);
}

/* A record's tags for genial_deal_read: name value line column. */
typedef struct {
    const char *deal, *players;
} Tags;

static bool tags_get(const void *ud, const char *name, TagValue *out) {
    const Tags *t = ud;
    if (strcmp(name, "Deal") == 0 && t->deal) {
        *out = (TagValue){t->deal, 3, 7};
        return true;
    }
    if (strcmp(name, "Players") == 0 && t->players) {
        *out = (TagValue){t->players, 2, 10};
        return true;
    }
    return false;
}

static PulStatus read_deal(const PulVariant *v, const char *deal, const char *players,
                           uint8_t *out, int *n, PulError *err) {
    Tags t = {deal, players};
    TagReader r = {&t, "rec.pmn", tags_get};
    bool given = true;
    memset(err, 0, sizeof *err);
    PulStatus st = genial_deal_read(v, &r, out, n, &given, err);
    CHECK(given == (st == PUL_OK));
    return st;
}

static void test_deal(void) {
    PulVariant *v = fx_variant("genial");
    if (!v) return;
    uint8_t deal[PUL_DEAL_MAX];
    int n = -1;
    PulError err;
    CHECK_INT(read_deal(v, "gb ro pp pp rp bb / bp op gy oy bb yp", "2", deal, &n, &err), PUL_OK);
    CHECK_INT(n, 13);
    CHECK_INT(deal[0], fx_kind(v, "gb"));
    CHECK_INT(deal[6], GENIAL_DEAL_SEP);
    CHECK_INT(deal[12], fx_kind(v, "yp"));
    /* either letter order, any white space around '/', tabs between kinds */
    uint8_t d2[PUL_DEAL_MAX];
    int n2 = -1;
    CHECK_INT(read_deal(v, "  bg or pp pp pr bb/bp\tpo yg yo bb py ", "2", d2, &n2, &err), PUL_OK);
    CHECK_INT(n2, 13);
    CHECK(memcmp(deal, d2, 13) == 0);
    /* errors: pmn-tag at line 3, the value's column 7 plus the offset */
    static const struct { const char *deal, *players; int column; const char *words; } bad[] = {
        {"gb ro pp pp rp bz / bp op gy oy bb yp", "2", 7 + 15, "\"bz\" is not a tile kind"},
        {"gb ro pp pp rp b / bp op gy oy bb yp", "2", 7 + 15, "\"b\" is not"},
        {"gb ro pp pp rp bbb / bp op gy oy bb yp", "2", 7 + 15, "\"bbb\" is not"},
        {"GB ro pp pp rp bb / bp op gy oy bb yp", "2", 7, "\"GB\""},
        {"gb ro pp pp rp / bp op gy oy bb yp", "2", 7, "seat 1's rack has 5 tiles"},
        {"gb ro pp pp rp bb / bp op gy oy bb yp rr", "2", 7 + 38, "more than 6"},
        {"gb ro pp pp rp bb / bp op gy oy bb yp / rr rr rr rr rr rr", "2", 7 + 38,
         "more racks than the 2"},
        {"gb ro pp pp rp bb", "2", 7 + 17, "1 racks for 2 players"},
        {"gb ro pp pp rp bb / ", "2", 7 + 20, "seat 2's rack has 0"},
        {"pp pp pp pp pp pp / bp op gy oy bb yp", "2", 7 + 15, "kind pp"},
        {"", "1", 7, "seat 1's rack has 0"},
        {"gb ro pp pp rp bb /", "2", 7 + 19, "seat 2's rack has 0"},
        {"gb ro pp pp rp bb // bp op gy oy bb yp", "2", 7 + 19, "seat 2's rack has 0"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_INT(read_deal(v, bad[i].deal, bad[i].players, deal, &n, &err),
                  err_code_status("pmn-tag"));
        CHECK_STR(err.code, "pmn-tag");
        CHECK_STR(err.file, "rec.pmn");
        CHECK_INT(err.line, 3);
        if (err.column != bad[i].column)
            fprintf(stderr, "deal %zu: \"%s\": column %d, expected %d (%s)\n", i, bad[i].deal,
                    err.column, bad[i].column, err.message);
        CHECK_INT(err.column, bad[i].column);
        if (!strstr(err.message, bad[i].words))
            fprintf(stderr, "deal %zu: message \"%s\" lacks \"%s\"\n", i, err.message,
                    bad[i].words);
        CHECK(strstr(err.message, bad[i].words) != NULL);
    }
    /* no Deal: pmn-tag, PMN requires it */
    CHECK(read_deal(v, NULL, "2", deal, &n, &err) != PUL_OK);
    CHECK_STR(err.code, "pmn-tag");
    CHECK(strstr(err.message, "no Deal tag") != NULL);
    /* solo: one kind; teams: four racks */
    PulVariant *solo = fx_variant("genial-solo");
    if (solo) {
        CHECK_INT(read_deal(solo, "pr", "1", deal, &n, &err), PUL_OK);
        CHECK_INT(n, 1);
        CHECK_INT(deal[0], fx_kind(solo, "rp"));
        CHECK(read_deal(solo, "pr gg", "1", deal, &n, &err) != PUL_OK);
        CHECK_INT(err.column, 7 + 3);
    }
    pul_variant_free(solo);
    /* an edition of 21 tiles, one per kind: the fourth of 4 racks gets the 3
    ** left, as a draw would give them */
    PulSymbolSet ss;
    PulBoard b;
    fx_symbols(&ss);
    fx_board(&b);
    for (int k = 0; k < ss.nkinds; k++) ss.kind[k].count = 1;
    FamilyData data = {NULL, &ss, &b};
    PulVariant *few = genial_variant_new(&fx_family, "few", &data, NULL, &err);
    CHECK(few != NULL);
    if (few) {
        const char *d = "rr rg rb ro ry rp / gg gb go gy gp bb / bo by bp oo oy op / yy yp pp";
        CHECK_INT(read_deal(few, d, "4", deal, &n, &err), PUL_OK);
        CHECK_INT(n, 24);
        PulGame *g = pul_game_new(few);
        CHECK(g && pul_game_start(g, 4, 1, deal, n, &err) == PUL_OK);
        if (g) CHECK_INT(GGC(g)->nrack[3], 3);
        pul_game_free(g);
        CHECK(read_deal(few, "rr rg rb ro ry rp / gg gb go gy gp bb / bo by bp oo oy op / yy yp",
                        "4", deal, &n, &err) != PUL_OK);
        CHECK(strstr(err.message, "seat 4's rack has 2 tiles") != NULL);
        CHECK(read_deal(few, "rr rg rb ro ry rp / gg gb go gy gp bb / bo by bp oo oy op / yy yp rr",
                        "4", deal, &n, &err) != PUL_OK);
        CHECK(strstr(err.message, "kind rr") != NULL);
    }
    pul_variant_free(few);
    pul_variant_free(v);
}

/* deal_tags writes the racks of a started game, canonical; read back, they
** start the same game. */
static void test_deal_tags(void) {
    PulVariant *v = fx_variant("genial-teams");
    if (!v) return;
    PulGame *g = pul_game_new(v), *h = pul_game_new(v);
    PulError err;
    CHECK(g && h && pul_game_start(g, 4, 77, NULL, 0, &err) == PUL_OK);
    if (g && h) {
        TagOut out[2];
        CHECK_INT(genial_deal_tags(g, out, 2), 1);
        CHECK_STR(out[0].name, "Deal");
        /* 4 racks of 6 kinds: 24 words, 3 separators " / " */
        CHECK_INT((long long)strlen(out[0].value), 24 * 2 + 20 + 3 * 3);
        uint8_t deal[PUL_DEAL_MAX];
        int n;
        CHECK_INT(read_deal(v, out[0].value, "4", deal, &n, &err), PUL_OK);
        CHECK_INT(n, 27);
        CHECK_INT(pul_game_start(h, 4, 77, deal, n, &err), PUL_OK);
        const GenialGame *a = GGC(g), *b = GGC(h);
        for (int s = 0; s < 4; s++) {
            CHECK_INT(b->nrack[s], 6);
            int ca[GENIAL_MAX_KINDS] = {0}, cb[GENIAL_MAX_KINDS] = {0};
            for (int i = 0; i < 6; i++) {
                ca[a->rack[s][i]]++;
                cb[b->rack[s][i]]++;
                if (i) CHECK(b->rack[s][i - 1] <= b->rack[s][i]); /* canonical order */
            }
            CHECK(memcmp(ca, cb, sizeof ca) == 0);
        }
        CHECK(memcmp(a->bag, b->bag, sizeof a->bag) == 0);
        TagOut again[1];
        CHECK_INT(genial_deal_tags(h, again, 1), 1);
        CHECK_STR(again[0].value, out[0].value);
        CHECK_INT(genial_deal_tags(h, again, 0), 1);
    }
    pul_game_free(g);
    pul_game_free(h);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_round_trips);
    RUN(test_format_refusals);
    RUN(test_both_spellings);
    RUN(test_syntax);
    RUN(test_deal);
    RUN(test_deal_tags);
    return CHECK_DONE();
}
