/*
** test_genial_legal.c: the Genial legal list and random action (i13-plan.md
** 4.2, 4.4, 6.4): the count equals the list's length and PMN's placements
** (the shared records' and scenario 01's hand counts), every listed action
** passes genial_check, random off-list candidates are refused, the random
** action is always listed, and it is uniform (chi-square) on fixed positions.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "genial_fixture.h"
#include "genial_moves.h"
#include "genial_records.h"
#include "rng.h"

static PulAction list[PUL_MAX_ACTIONS];

static bool same(const PulAction *a, const PulAction *b) { return memcmp(a, b, sizeof *a) == 0; }

/* A placement as the list writes it: from the pair's lower cell (dir 0-2). */
static PulAction canonical(const PulGame *g, PulAction a) {
    if (a.kind != PUL_PLACE || a.rot < 3) return a;
    const GenialVariant *gv = GV(GGC(g));
    a.x += genial_dir[a.rot][0];
    a.y += genial_dir[a.rot][1];
    a.rot = (uint8_t)genial_opposite(a.rot);
    if (gv->kind_sym[a.tile][0] != gv->kind_sym[a.tile][1]) a.quad ^= 1;
    return a;
}

static int find(const PulAction *a, int n) {
    for (int i = 0; i < n; i++)
        if (same(&list[i], a)) return i;
    return -1;
}

/* A random placement candidate near the play area, or a refill / swap. */
static PulAction random_candidate(const PulGame *g, PulRng *rng) {
    const GenialVariant *gv = GV(GGC(g));
    PulAction a;
    memset(&a, 0, sizeof a);
    uint32_t r = pul_rng_below(rng, 20);
    if (r == 0 || r == 1) {
        a.kind = r ? PUL_SWAP : PUL_REFILL;
        a.tile = PUL_NO_TILE;
        return a;
    }
    a.kind = PUL_PLACE;
    a.tile = (uint8_t)pul_rng_below(rng, gv->nkinds);
    a.rot = (uint8_t)pul_rng_below(rng, 6);
    a.quad = gv->kind_sym[a.tile][0] == gv->kind_sym[a.tile][1] ? 0
                                                                 : (uint8_t)pul_rng_below(rng, 2);
    a.x = (int32_t)pul_rng_below(rng, 17) - 8;
    a.y = (int32_t)pul_rng_below(rng, 17) - 8;
    return a;
}

/* Everything the list promises, in the position g is in. */
static void check_position(const PulGame *g, PulRng *rng) {
    const GenialGame *gg = GGC(g);
    int n = genial_legal_actions(g, list, PUL_MAX_ACTIONS);
    CHECK(n >= 0 && n <= PUL_MAX_ACTIONS);
    CHECK_INT(genial_legal_actions(g, NULL, 0), n);
    int np = genial_legal_placements(g, NULL, 0);
    CHECK_INT(np, gg->h.over || gg->phase == GENIAL_END ? 0 : n);
    if (!gg->h.over && gg->phase == GENIAL_END) {
        CHECK_INT(n, 1 + genial_swap_allowed(gg));
        CHECK(list[0].kind == PUL_REFILL && list[0].tile == PUL_NO_TILE);
        if (n == 2) CHECK(list[1].kind == PUL_SWAP && list[1].tile == PUL_NO_TILE);
    }
    /* a short buffer gets the list's head, and nothing past max */
    PulAction head[3];
    memset(head, 0xAB, sizeof head);
    CHECK_INT(genial_legal_actions(g, head, 2), n);
    for (int i = 0; i < 2 && i < n; i++) CHECK(same(&head[i], &list[i]));
    CHECK(head[2].kind == 0xAB);
    int prev_pair = -1;
    for (int i = 0; i < n; i++) {
        CHECK_INT(genial_check(g, &list[i]), PUL_LEGAL);
        if (list[i].kind != PUL_PLACE) continue;
        CHECK(list[i].rot < 3);
        /* canonical order: pair ids ascending (each pair's placements together) */
        const GenialArea *ar = genial_area(gg);
        int c = genial_cell_at(GV(gg), list[i].x, list[i].y);
        int id = ar->cell_pair[c][list[i].rot];
        CHECK(id >= prev_pair);
        if (i > 0 && id == prev_pair) {
            CHECK(list[i].tile > list[i - 1].tile ||
                  (list[i].tile == list[i - 1].tile && list[i].quad == 1 && list[i - 1].quad == 0));
        }
        prev_pair = id;
    }
    /* off the list: refused; on it: legal (both spellings of a placement) */
    for (int t = 0; t < 60; t++) {
        PulAction a = random_candidate(g, rng);
        PulReason r = genial_check(g, &a);
        bool listed = find(&a, n) >= 0;
        PulAction c = canonical(g, a);
        if (a.kind == PUL_PLACE) listed = find(&c, n) >= 0;
        if (listed != (r == PUL_LEGAL)) {
            fprintf(stderr, "candidate kind %d tile %d rot %d quad %d at %d,%d: check %d, %s\n",
                    a.kind, a.tile, a.rot, a.quad, a.x, a.y, r, listed ? "listed" : "not listed");
            CHECK(listed == (r == PUL_LEGAL));
        }
    }
    /* the random action is on the list: while placing, the one whose index
    ** is the draw below the list's length (pairs in order, each pair's
    ** orientations in rack-kind order), so the rank-to-action mapping is
    ** checked exactly, not only by its distribution */
    for (int t = 0; t < 8 && n > 0; t++) {
        PulAction a;
        PulRng ahead = *rng;
        CHECK(genial_random_action(g, rng, &a));
        CHECK(find(&a, n) >= 0);
        if (list[0].kind == PUL_PLACE) {
            uint32_t r = pul_rng_below(&ahead, (uint32_t)n);
            CHECK(memcmp(&ahead, rng, sizeof ahead) == 0);
            if (memcmp(&a, &list[r], sizeof a) != 0) {
                fprintf(stderr, "draw %u of %d: kind %d tile %d rot %d quad %d at %d,%d, listed "
                        "tile %d rot %d quad %d at %d,%d\n", r, n, a.kind, a.tile, a.rot, a.quad,
                        a.x, a.y, list[r].tile, list[r].rot, list[r].quad, list[r].x, list[r].y);
                CHECK(memcmp(&a, &list[r], sizeof a) == 0);
            }
        }
    }
    if (n == 0) {
        PulAction a;
        CHECK(!genial_random_action(g, rng, &a));
    }
}

/* Random games of an edition: every position checked. */
static void play_games(const char *edition, int nseats, int games, uint64_t seed) {
    PulVariant *v = fx_variant(edition);
    CHECK(v != NULL);
    if (!v) return;
    PulRng rng;
    pul_rng_seed(&rng, seed);
    for (int k = 0; k < games; k++) {
        PulGame *g = pul_game_new(v);
        PulError err;
        CHECK(g && pul_game_start(g, nseats, seed + (uint64_t)k, NULL, 0, &err) == PUL_OK);
        if (!g) break;
        int steps = 0;
        while (!pul_game_over(g) && steps < 2000) {
            check_position(g, &rng);
            PulAction a;
            CHECK(genial_random_action(g, &rng, &a));
            CHECK_INT(genial_apply(g, &a, NULL), PUL_LEGAL);
            steps++;
        }
        check_position(g, &rng);
        CHECK(pul_game_over(g));
        CHECK(steps > 40); /* a board fills after dozens of tiles */
        pul_game_free(g);
    }
    pul_variant_free(v);
}

static void test_random_games(void) {
    play_games("genial", 2, 3, 11);
    play_games("genial", 3, 2, 21);
    play_games("genial", 4, 2, 31);
    play_games("genial-teams", 4, 2, 41);
    play_games("genial-solo", 1, 3, 51);
}

/* The rules' other settings: first_round any and none, no swap, rack 8. */
static void test_rule_settings(void) {
    static const struct { int first, swap, rack; } cases[] = {
        {GENIAL_FIRST_ANY, GENIAL_SWAP_LOWEST_ABSENT, 6},
        {GENIAL_FIRST_NONE, GENIAL_SWAP_NEVER, 8},
        {GENIAL_FIRST_DISTINCT, GENIAL_SWAP_LOWEST_ABSENT, 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        GenialRules r;
        fx_rules("genial", &r);
        r.first_round = cases[i].first;
        r.swap = cases[i].swap;
        r.rack_size = cases[i].rack;
        r.track_max = 5; /* track ends, bonuses and swaps come early */
        PulVariant *v = fx_variant_rules(&r);
        CHECK(v != NULL);
        if (!v) continue;
        PulRng rng;
        pul_rng_seed(&rng, 99 + i);
        PulGame *g = pul_game_new(v);
        PulError err;
        CHECK(g && pul_game_start(g, 3, 7 + i, NULL, 0, &err) == PUL_OK);
        if (g) {
            /* first round: any printed 102 pairs at radius 6 (17 x 6), none all 306 */
            uint64_t cand[GENIAL_PAIR_WORDS];
            CHECK_INT(genial_candidates(GGC(g), cand),
                      cases[i].first == GENIAL_FIRST_NONE ? 306 : 102);
            for (int s = 0; s < 400 && !pul_game_over(g); s++) {
                check_position(g, &rng);
                PulAction a;
                CHECK(genial_random_action(g, &rng, &a));
                CHECK_INT(genial_apply(g, &a, NULL), PUL_LEGAL);
            }
        }
        pul_game_free(g);
        pul_variant_free(v);
    }
}

/* Scenario 01's counts by hand: 540, 0, 495, 0, 1872. */
static void test_scenario_counts(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g = v ? fx_start(v, 2, "rg bo yy pp gb ro / ry gg bp oy rb go") : NULL;
    CHECK(g != NULL);
    if (g) {
        static const char *const moves[] = {"rg@4,-4e", "+rr", "go@4,0se", "+bb", "rr@0,0e"};
        static const int want[] = {540, 0, 495, 0, 1872};
        for (int i = 0; i < 5; i++) {
            CHECK_INT(genial_legal_placements(g, NULL, 0), want[i]);
            if (want[i]) CHECK_INT(genial_legal_placements(g, list, PUL_MAX_ACTIONS), want[i]);
            PulAction a;
            CHECK(genial_action_parse(v, moves[i], &a));
            CHECK_INT(genial_apply(g, &a, NULL), PUL_LEGAL);
        }
    }
    pul_game_free(g);
    pul_variant_free(v);
}

/* The shared records: before each move, the placements count is the
** expected line's (where it has one), and the list is checked. */
static void test_shared_records(void) {
    PulRng rng;
    pul_rng_seed(&rng, 5);
    for (size_t r = 0; r < sizeof genial_records / sizeof genial_records[0]; r++) {
        const GenialRecord *rec = &genial_records[r];
        char edition[40] = "", deal[200] = "";
        int players = 0;
        const char *p = strstr(rec->pmn, "[Variant \"");
        if (p) sscanf(p, "[Variant \"%39[^\"]", edition);
        p = strstr(rec->pmn, "[Players \"");
        if (p) sscanf(p, "[Players \"%d", &players);
        p = strstr(rec->pmn, "[Deal \"");
        if (p) sscanf(p, "[Deal \"%199[^\"]", deal);
        PulVariant *v = fx_variant(edition);
        PulGame *g = v ? fx_start(v, players, deal) : NULL;
        CHECK(g != NULL);
        if (!g) {
            pul_variant_free(v);
            continue;
        }
        const char *moves = strrchr(rec->pmn, ']') + 1, *exp = rec->expected;
        char mv[64];
        int checked = 0;
        for (;;) {
            while (*moves == ' ' || *moves == '\n') moves++;
            if (!*moves || *exp == '{' || !*exp) break;
            const char *s = moves;
            while (*moves && *moves != ' ' && *moves != '\n') moves++;
            size_t n = (size_t)(moves - s);
            if (s[n - 1] == '.') continue;
            if (n >= sizeof mv) n = sizeof mv - 1;
            memcpy(mv, s, n);
            mv[n] = 0;
            int f[13];
            if (sscanf(exp, "%d %d %d %d %d %d %d %d %d %d %d %d %d", &f[0], &f[1], &f[2], &f[3],
                       &f[4], &f[5], &f[6], &f[7], &f[8], &f[9], &f[10], &f[11], &f[12]) != 13)
                break;
            exp = strchr(exp, '\n') + 1;
            if (f[12] >= 0) {
                CHECK_INT(genial_legal_placements(g, NULL, 0), f[12]);
                checked++;
            }
            if (checked % 16 == 1) check_position(g, &rng);
            PulAction a;
            if (!genial_action_parse(v, mv, &a) || genial_apply(g, &a, NULL) != PUL_LEGAL) break;
        }
        pul_game_free(g);
        pul_variant_free(v);
    }
}

/* Chi-square of n draws of random_action over the k listed actions: below a
** bound five standard deviations above its mean (k - 1), so a fixed seed
** passes surely when uniform and fails for any real bias. */
static void chi_square(const PulGame *g, uint64_t seed) {
    int k = genial_legal_actions(g, list, PUL_MAX_ACTIONS);
    CHECK(k > 0);
    if (k <= 0) return;
    int per = 200, draws = k * per;
    int *hits = calloc((size_t)k, sizeof *hits);
    PulRng rng;
    pul_rng_seed(&rng, seed);
    for (int i = 0; i < draws; i++) {
        PulAction a;
        CHECK(genial_random_action(g, &rng, &a));
        int j = find(&a, k);
        CHECK(j >= 0);
        if (j >= 0) hits[j]++;
    }
    double chi = 0;
    for (int j = 0; j < k; j++) chi += (hits[j] - per) * (double)(hits[j] - per) / per;
    double df = k - 1, bound = df + 5 * sqrt(2 * (df > 1 ? df : 1));
    if (!(chi < bound)) fprintf(stderr, "chi-square %.1f over %d actions, bound %.1f\n", chi, k, bound);
    CHECK(chi < bound);
    free(hits);
}

static void test_uniform(void) {
    /* solo's first placement: 54 pairs, one kind of two orientations: 108 */
    PulVariant *v = fx_variant("genial-solo");
    PulGame *g = v ? fx_start(v, 1, "rg") : NULL;
    CHECK(g != NULL);
    if (g) {
        CHECK_INT(genial_legal_actions(g, NULL, 0), 108);
        chi_square(g, 1);
    }
    pul_game_free(g);
    pul_variant_free(v);
    /* two seats, seat 2's first placement: 45 pairs x (rr 1 + gb 2) = 135 */
    v = fx_variant("genial");
    g = v ? fx_start(v, 2, "rg bo yy pp gb ro / rr rr rr gb gb gb") : NULL;
    CHECK(g != NULL);
    if (g) {
        PulAction a;
        CHECK(genial_action_parse(v, "rg@4,-4e", &a) && genial_apply(g, &a, NULL) == PUL_LEGAL);
        /* END: refill only, or refill and swap */
        CHECK_INT(genial_legal_actions(g, NULL, 0), 1 + genial_swap_allowed(GGC(g)));
        chi_square(g, 2);
        CHECK(genial_action_parse(v, "+", &a));
        a.tile = PUL_NO_TILE; /* drawn at random: which kinds does not matter here */
        CHECK_INT(genial_apply(g, &a, NULL), PUL_LEGAL);
        CHECK_INT(genial_legal_actions(g, NULL, 0), 135);
        chi_square(g, 3);
    }
    pul_game_free(g);
    pul_variant_free(v);
    /* a swap and a refill on offer (rack 2): after bb@0,4e blue scores 1, so
    ** the lowest tracks are the five others and the rack, bb, shows none */
    GenialRules r;
    fx_rules("genial", &r);
    r.rack_size = 2;
    v = fx_variant_rules(&r);
    g = v ? fx_start(v, 2, "bb bb / rr rg") : NULL;
    CHECK(g != NULL);
    if (g) {
        PulAction a;
        CHECK(genial_action_parse(v, "bb@0,4e", &a) && genial_apply(g, &a, NULL) == PUL_LEGAL);
        CHECK(genial_swap_allowed(GGC(g)));
        CHECK_INT(genial_legal_actions(g, NULL, 0), 2);
        chi_square(g, 4);
    }
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_scenario_counts);
    RUN(test_shared_records);
    RUN(test_random_games);
    RUN(test_rule_settings);
    RUN(test_uniform);
    return CHECK_DONE();
}
