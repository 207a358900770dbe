/*
** test_legal_list.c: the AVX2 placement list (legal_list.c) against legal.c's
** own path (legal_placements_portable), byte for byte, at every position of
** seeded games.
**
** test_legal_tables checks pul_legal_placements against the rules; this test
** checks that both paths give the same list, that the processor's path is
** the one taken where it serves, and that neither writes past the count or
** past max: every edition, the rule switches (rule 2 off; both off, whose
** frontier passes the path's 64 cells; hands past eight tiles), tile sets of
** exactly 16 side patterns and of more, and the wide layout's largest set.
*/
#include "game_util.h"
#include "colourful_set.h"
#include "legal_list.h"

/* The wide layout's build of the same functions (wide_names.h). */
int wide_legal_placements_portable(const PulGame *pg, PulAction *out, int max);
bool wide_legal_list_active(void);

enum { GUARD = 8 };
static PulAction fast[PUL_MAX_ACTIONS + GUARD], slow[PUL_MAX_ACTIONS + GUARD];
static long positions, placements, served;
/* Positions by candidate cells: up to 16, 32, 64, more (small layout only). */
static long by_cells[4];

static bool untouched(const PulAction *list, int from, int to) {
    const unsigned char *p = (const unsigned char *)&list[from];
    for (size_t i = 0; i < sizeof(PulAction) * (size_t)(to - from); i++)
        if (p[i] != 0xA5) return false;
    return true;
}

/* Both paths into buffers of max places: the same count, the same list up
** to max, nothing written at or past the count or max. */
static void compare(const PulGame *g, int max, bool wide) {
    memset(fast, 0xA5, sizeof fast);
    memset(slow, 0xA5, sizeof slow);
    int nf = pul_legal_placements(g, fast, max);
    int ns = wide ? wide_legal_placements_portable(g, slow, max) : legal_placements_portable(g, slow, max);
    CHECK_INT(nf, ns);
    int kept = nf < max ? nf : max;
    if (memcmp(fast, slow, sizeof(PulAction) * (size_t)kept) != 0) {
        fprintf(stderr, "  lists differ (%d placements, max %d)\n", nf, max);
        CHECK(false);
    }
    if (!untouched(fast, kept, max + GUARD)) {
        fprintf(stderr, "  written past %d (count %d, max %d)\n", kept, nf, max);
        CHECK(false);
    }
}

static void check_position(const PulGame *g, bool wide) {
    int n = pul_legal_placements(g, NULL, 0);
    CHECK_INT(n, wide ? wide_legal_placements_portable(g, NULL, 0) : legal_placements_portable(g, NULL, 0));
    compare(g, PUL_MAX_ACTIONS, wide);
    /* The list exactly filling its buffer (the path leaves it to legal.c's,
    ** its last store being 4 bytes long), one place more, and cut short. */
    compare(g, n, wide);
    compare(g, n + 1, wide);
    if (n > 1) compare(g, n / 2, wide);
    if (!wide) {
        const MicropulGame *m = MGC(g);
        int ncells = board_candidates(m);
        by_cells[ncells <= 16 ? 0 : ncells <= 32 ? 1 : ncells <= 64 ? 2 : 3]++;
        int r = legal_list_fast(m, fast, PUL_MAX_ACTIONS);
        /* Served where it should be: few patterns, at most 64 cells. */
        if (legal_list_active() && MV(m)->npat && MV(m)->npat <= 16 && ncells <= 64) {
            CHECK_INT(r, n);
            served++;
        } else {
            CHECK_INT(r, -1);
        }
    }
    positions++;
    placements += n;
}

/* Seeded games; the players take while they may half of the time, so that
** hands fill up. line: they place where x is largest, so the board grows
** into a line whose frontier passes 64 cells. */
static void play_as(const PulVariant *v, int nseats, int games, bool wide, bool line) {
    PulGame *g = pul_game_new(v);
    PulRng rng;
    for (int k = 0; k < games; k++) {
        PulError err;
        CHECK_INT(pul_game_start(g, nseats, 500 + (uint64_t)k, NULL, 0, &err), PUL_OK);
        pul_rng_seed(&rng, 11 + (uint64_t)k);
        int before = check_failures;
        while (!pul_game_over(g) && check_failures == before) {
            check_position(g, wide);
            PulAction a = {PUL_TAKE, PUL_NO_TILE, 0, 0, 0, 0};
            int n = line ? pul_legal_placements(g, fast, PUL_MAX_ACTIONS) : 0;
            for (int i = 0; i < n; i++)
                if (i == 0 || fast[i].x > a.x) a = fast[i];
            if (!n && !(pul_rng_below(&rng, 2) == 0 && pul_check(g, &a) == PUL_LEGAL) &&
                !pul_random_action(g, &rng, &a))
                break;
            CHECK_INT(pul_apply(g, &a, NULL), PUL_LEGAL);
        }
    }
    pul_game_free(g);
}

static void play(const PulVariant *v, int nseats, int games, bool wide) { play_as(v, nseats, games, wide, false); }

/* On a processor with AVX2 the path is taken (a build whose dispatch never
** chose it would pass every comparison while testing nothing). */
static void test_dispatch(void) {
#if defined(__GNUC__) && defined(__x86_64__)
    __builtin_cpu_init();
    bool have = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
                __builtin_cpu_supports("popcnt");
    CHECK_INT(legal_list_active(), have);
    CHECK_INT(wide_legal_list_active(), have);
    fprintf(stderr, "  AVX2 path %s\n", have ? "taken" : "not available: legal.c's path only");
#else
    CHECK(!legal_list_active());
#endif
}

static void test_editions(void) {
    static const struct {
        const char *name;
        int seats, games;
    } eds[] = {{"micropul", 2, 30}, {"simpler-placement", 2, 20}, {"farmopul", 2, 20}, {"micropul-4p", 4, 10}};
    for (size_t i = 0; i < sizeof eds / sizeof eds[0]; i++) {
        PulVariant *v = open_edition(eds[i].name, NULL);
        if (!v) continue;
        play(v, eds[i].seats, eds[i].games, false);
        pul_variant_free(v);
    }
}

static void test_rules(void) {
    for (int c = 0; c < RULE_SWITCHES; c++) {
        PulVariant *v = rule_switched(c);
        if (!v) continue;
        play(v, 2, 10, false);
        pul_variant_free(v);
    }
    /* Tiles white all over, every placement fitting, laid in a line by four
    ** seats of 15 tiles (test_board's long line): up to 122 open cells. */
    PulTileSet ts;
    all_white_tiles(&ts, "line", MICROPUL_SMALL_TILES);
    PulRules rules;
    pul_rules_default(&rules);
    rules.max_players = 4;
    rules.hand_size = rules.hand_limit = 15;
    PulError err;
    PulVariant *v = pul_variant_new(NULL, &ts, &rules, &err);
    CHECK(v != NULL);
    if (v) {
        play_as(v, 4, 2, false, true);
        pul_variant_free(v);
    }
    /* Each width of the path was reached, and frontiers past it. */
    for (int k = 0; k < 4; k++) CHECK(by_cells[k] > 0);
    fprintf(stderr, "  positions by candidate cells: <=16 %ld, <=32 %ld, <=64 %ld, more %ld\n", by_cells[0],
            by_cells[1], by_cells[2], by_cells[3]);
}

/* colourful(3, ...): (3 + 1)^2 = 16 side patterns, the path's most (pattern
** 15 is its last lookup entry); colourful(4, ...), 25: legal.c's path alone. */
static void test_patterns(void) {
    PulVariant *v = colourful(3, 7);
    if (v) {
        CHECK_INT(MVV(v)->npat, 16);
        play(v, 2, 15, false);
        pul_variant_free(v);
    }
    v = colourful(4, 7);
    if (v) {
        CHECK(MVV(v)->npat > 16);
        play(v, 2, 5, false);
        pul_variant_free(v);
    }
}

/* The largest set plays on the wide layout (wider coordinates, longer
** frontiers): its own build of both paths. */
static void test_wide(void) {
    PulVariant *v = open_edition("variants/micropul-max", NULL);
    if (!v) return;
    play(v, 2, 3, true);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_dispatch);
    RUN(test_editions);
    RUN(test_rules);
    RUN(test_patterns);
    RUN(test_wide);
    fprintf(stderr, "%ld positions, %ld placements compared; the AVX2 path served %ld\n", positions, placements,
            served);
    return CHECK_DONE();
}
