/*
** test_legal_tables.c: the table-driven placement generator and random action
** against a brute-force reference written from the rules, edition by edition.
**
** At every position of seeded games (players that fill their hand first, so
** hands are full), the reference tries every hand tile in every distinct
** rotation on every frontier cell, comparing quadrant colours across each
** shared edge as RULES.md's rules 1 and 2 say; pul_legal_placements must
** list exactly those, in the same order (hand tile, rotation, cell). The
** random action must always be legal, and uniform (a chi-square test over
** the legal actions of a few small positions). Tile sets with many colours
** reach the tables' wide patterns and the fallback past their limit.
*/
#include <math.h>

#include "colourful_set.h"
#include "game_util.h"
#include "micropul.h"

static PulAction list[PUL_MAX_ACTIONS], ref[PUL_MAX_ACTIONS], part[PUL_MAX_ACTIONS];
static long positions_checked, placements_seen;

/* Per tile and rotation, the colour (feature) of each quadrant or -1, and
** whether the rotation is the first to give its layout: the rules' data
** read from the public tile set, for the variant under test. */
static int colour[PUL_MAX_TILES][4][4];
static bool first_of_layout[PUL_MAX_TILES][4];

static void learn_tiles(const PulTileSet *ts) {
    for (int t = 0; t < ts->ntiles; t++)
        for (int r = 0; r < 4; r++) {
            uint8_t a[4], b[4];
            pul_tileset_rotated(ts, t, r, a);
            for (int q = 0; q < 4; q++)
                colour[t][r][q] = ts->feature[a[q]].cls == PUL_FEATURE_MICROPUL ? a[q] : -1;
            first_of_layout[t][r] = true;
            for (int p = 0; p < r; p++) {
                pul_tileset_rotated(ts, t, p, b);
                if (memcmp(a, b, 4) == 0) first_of_layout[t][r] = false;
            }
        }
}

/* Placed index + 1 by cell, the board's coordinates offset into range. */
enum { SPAN = 2 * PUL_MAX_TILES + 4 };
static int board_cell[SPAN][SPAN];

static int *cell_at(int x, int y) { return &board_cell[y + SPAN / 2][x + SPAN / 2]; }

/* Rules 1 and 2 for tile t at rotation r on the empty cell (x, y), read off
** the placed tiles around it: per side, the two quadrant pairs that touch. */
static bool ref_fits(const PulGame *g, const PulPlaced *placed, int t, int r, int x, int y) {
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    /* Per side N E S W: this tile's two quadrants, and the neighbour's facing them. */
    static const int mine[4][2] = {{PUL_NW, PUL_NE}, {PUL_NE, PUL_SE}, {PUL_SW, PUL_SE}, {PUL_NW, PUL_SW}};
    static const int theirs[4][2] = {{PUL_SW, PUL_SE}, {PUL_NW, PUL_SW}, {PUL_NW, PUL_NE}, {PUL_NE, PUL_SE}};
    const PulRules *rules = pul_game_rules(g);
    bool touches = false, attaches = false;
    for (int s = 0; s < 4; s++) {
        int nb = *cell_at(x + dx[s], y + dy[s]) - 1;
        if (nb < 0) continue;
        touches = true;
        for (int k = 0; k < 2; k++) {
            int a = colour[t][r][mine[s][k]];
            int b = colour[placed[nb].tile][placed[nb].rot][theirs[s][k]];
            if (a < 0 || b < 0) continue;
            if (a != b && rules->rule2_colours) return false;
            if (a == b) attaches = true;
        }
    }
    return touches && (attaches || !rules->rule1_attachment);
}

/* Every (hand tile, distinct rotation, frontier cell) the rules allow, in
** the generator's order; each also passes pul_check. */
static int reference(const PulGame *g) {
    const MicropulGame *m = MGC(g);
    static PulPlaced placed[PUL_MAX_TILES];
    int nplaced = pul_game_placed(g, placed, PUL_MAX_TILES), n = 0;
    for (int i = 0; i < nplaced; i++) *cell_at(placed[i].x, placed[i].y) = i + 1;
    uint8_t hand[PUL_MAX_HAND];
    int nh = pul_game_hand(g, pul_game_to_move(g), hand, PUL_MAX_HAND);
    for (int h = 0; h < nh; h++)
        for (int r = 0; r < 4; r++) {
            if (!first_of_layout[hand[h]][r]) continue;
            for (int f = 0; f < m->nfront; f++) {
                PulAction a = {PUL_PLACE, hand[h], (uint8_t)r, 0, m->front[f].x, m->front[f].y};
                bool fits = ref_fits(g, placed, hand[h], r, a.x, a.y);
                CHECK_INT(pul_check(g, &a) == PUL_LEGAL, fits);
                if (fits) ref[n++] = a;
            }
        }
    for (int i = 0; i < nplaced; i++) *cell_at(placed[i].x, placed[i].y) = 0;
    return n;
}

static int find(const PulAction *a, int n) {
    for (int i = 0; i < n; i++)
        if (same_action(a, &list[i])) return i;
    return -1;
}

/* One position: the placements against the reference, the counts, the
** truncated lists, the claims against the unclaimed groups, and a random
** action drawn with rng. */
static void check_position(const PulGame *g, PulRng *rng) {
    int nref = reference(g);
    /* The generator writes its blocks of placements ahead: nothing past the
    ** count may be left changed. */
    enum { GUARD = 16 };
    memset(list, 0xA5, sizeof(PulAction) * (size_t)(nref + GUARD));
    int np = pul_legal_placements(g, list, PUL_MAX_ACTIONS);
    CHECK_INT(np, nref);
    if (np == nref) {
        const unsigned char *past = (const unsigned char *)&list[np];
        for (size_t i = 0; i < sizeof(PulAction) * GUARD; i++)
            if (past[i] != 0xA5) {
                fprintf(stderr, "  byte %zu past the %d placements was written\n", i, np);
                CHECK(false);
                break;
            }
    }
    for (int i = 0; i < np && i < nref; i++)
        if (!same_action(&list[i], &ref[i])) {
            fprintf(stderr, "  placement %d: tile %d rot %d at (%d,%d), reference tile %d rot %d at (%d,%d)\n",
                    i, list[i].tile, list[i].rot, (int)list[i].x, (int)list[i].y, ref[i].tile,
                    ref[i].rot, (int)ref[i].x, (int)ref[i].y);
            CHECK(false);
            break;
        }
    CHECK_INT(pul_legal_placements(g, NULL, 0), np);
    int n = pul_legal_actions(g, list, PUL_MAX_ACTIONS);
    CHECK_INT(pul_legal_actions(g, NULL, 0), n);
    int cut = n / 2;
    CHECK_INT(pul_legal_actions(g, part, cut), n);
    for (int i = 0; i < cut; i++) CHECK(same_action(&part[i], &list[i]));
    const MicropulGame *m = MGC(g);
    int claims = 0;
    for (int i = 0; i < n; i++) claims += list[i].kind == PUL_CLAIM;
    CHECK_INT(claims, m->stones[m->h.to_move] > 0 ? m->unclaimed : 0);
    PulAction a;
    bool any = pul_random_action(g, rng, &a);
    CHECK_INT(any, n > 0);
    if (any) {
        CHECK_INT(pul_check(g, &a), PUL_LEGAL);
        CHECK(find(&a, n) >= 0);
    }
    positions_checked++;
    placements_seen += np;
}

/* Random games from seeds; the players take while they may half of the
** time, so hands fill up. Every position is checked. */
static void play_checked(const PulVariant *v, int nseats, int games) {
    learn_tiles(pul_variant_tileset(v));
    PulGame *g = pul_game_new(v);
    PulRng rng, draws;
    pul_rng_seed(&draws, 99);
    for (int k = 0; k < games; k++) {
        PulError err;
        CHECK_INT(pul_game_start(g, nseats, 1000 + (uint64_t)k, NULL, 0, &err), PUL_OK);
        pul_rng_seed(&rng, 7 + (uint64_t)k);
        int before = check_failures;
        while (!pul_game_over(g) && check_failures == before) {
            check_position(g, &draws);
            PulAction a = {PUL_TAKE, PUL_NO_TILE, 0, 0, 0, 0};
            if (!(pul_rng_below(&rng, 2) == 0 && pul_check(g, &a) == PUL_LEGAL) &&
                !pul_random_action(g, &rng, &a))
                break;
            CHECK_INT(pul_apply(g, &a, NULL), PUL_LEGAL);
        }
    }
    pul_game_free(g);
}

static void test_editions(void) {
    static const struct {
        const char *name;
        int seats, games;
    } eds[] = {{"micropul", 2, 40}, {"simpler-placement", 2, 30}, {"farmopul", 2, 30},
               {"micropul-4p", 4, 20}, {"micropul-solo", 1, 20}};
    for (size_t i = 0; i < sizeof eds / sizeof eds[0]; i++) {
        PulVariant *v = open_edition(eds[i].name, NULL);
        if (!v) continue;
        CHECK(MVV(v)->npat > 0);
        play_checked(v, eds[i].seats, eds[i].games);
        pul_variant_free(v);
    }
}

/* Rule switches the editions do not show (rule_switched). */
static void test_rules(void) {
    for (int c = 0; c < RULE_SWITCHES; c++) {
        PulVariant *v = rule_switched(c);
        if (!v) continue;
        play_checked(v, 2, 15);
        pul_variant_free(v);
    }
}


/* Nine colours: pattern numbers past 64; thirty: more patterns than the
** tables number, so the generator tests slot by slot (npat 0). */
static void test_many_colours(void) {
    PulVariant *v = colourful(9, 3);
    if (v) {
        CHECK(MVV(v)->npat > 64);
        play_checked(v, 2, 15);
        pul_variant_free(v);
    }
    v = colourful(30, 5);
    if (v) {
        CHECK_INT(MVV(v)->npat, 0);
        play_checked(v, 2, 10);
        pul_variant_free(v);
    }
}

/* Draws on one position: each legal action about equally often. The
** statistic has n - 1 degrees of freedom; the bound is their mean plus six
** standard deviations (the seeds are fixed, so the test never flickers). */
static void chi_square(const PulGame *g, uint64_t seed) {
    int n = pul_legal_actions(g, list, PUL_MAX_ACTIONS);
    enum { PER_ACTION = 400 };
    static long seen[PUL_MAX_ACTIONS];
    memset(seen, 0, sizeof seen);
    PulRng rng;
    pul_rng_seed(&rng, seed);
    for (long d = 0; d < (long)n * PER_ACTION; d++) {
        PulAction a;
        if (!pul_random_action(g, &rng, &a)) {
            CHECK(false);
            return;
        }
        int i = find(&a, n);
        if (i < 0) {
            CHECK(i >= 0);
            return;
        }
        seen[i]++;
    }
    double chi = 0;
    for (int i = 0; i < n; i++) chi += (double)(seen[i] - PER_ACTION) * (seen[i] - PER_ACTION) / PER_ACTION;
    double df = n - 1;
    if (!(chi <= df + 6 * sqrt(2 * df))) fprintf(stderr, "  chi-square %.1f over %d actions\n", chi, n);
    CHECK(chi <= df + 6 * sqrt(2 * df));
}

/* Small positions (a few dozen actions, takes and claims among them) of
** several editions, one after each of the first placements of a game. */
static void test_uniform(void) {
    static const char *const names[] = {"micropul", "simpler-placement", "farmopul"};
    for (size_t e = 0; e < sizeof names / sizeof names[0]; e++) {
        PulVariant *v = open_edition(names[e], NULL);
        if (!v) continue;
        PulGame *g = pul_game_new(v);
        PulError err;
        CHECK_INT(pul_game_start(g, 2, 31 + e, NULL, 0, &err), PUL_OK);
        PulRng rng;
        pul_rng_seed(&rng, 5);
        int tested = 0;
        for (int step = 0; step < 40 && tested < 3 && !pul_game_over(g); step++) {
            int n = pul_legal_actions(g, NULL, 0);
            bool kinds[PUL_PASS + 1] = {false};
            pul_legal_actions(g, list, PUL_MAX_ACTIONS);
            for (int i = 0; i < n; i++) kinds[list[i].kind] = true;
            if (n >= 6 && n <= 80 && kinds[PUL_PLACE] && (kinds[PUL_TAKE] || kinds[PUL_CLAIM])) {
                chi_square(g, 100 + (uint64_t)step);
                tested++;
            }
            PulAction a;
            if (!pul_random_action(g, &rng, &a)) break;
            pul_apply(g, &a, NULL);
        }
        CHECK(tested > 0);
        pul_game_free(g);
        pul_variant_free(v);
    }
}

int main(void) {
    RUN(test_editions);
    RUN(test_rules);
    RUN(test_many_colours);
    RUN(test_uniform);
    fprintf(stderr, "%ld positions, %ld placements compared\n", positions_checked, placements_seen);
    return CHECK_DONE();
}
