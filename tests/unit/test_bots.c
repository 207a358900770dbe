/*
** test_bots.c: the bots and the determinizations they search. Every bot
** plays only legal actions; a choice depends on the seed and the
** observation alone (so hidden tiles cannot sway it); a determinization
** shows its seat exactly the observation it was made from; greedy beats
** random. PUL_TEST_SCALE (a number, default 1) scales the game counts.
*/
#include "micropul.h"
#include "game_util.h"

static double scale(void) {
    const char *s = getenv("PUL_TEST_SCALE");
    double x = s ? atof(s) : 1.0;
    return x > 0 ? x : 1.0;
}

static int scaled(int n) {
    int k = (int)(n * scale());
    return k < 1 ? 1 : k;
}

static PulBot *bot(const PulVariant *v, const char *spec, uint64_t seed) {
    PulError err;
    PulBot *b = pul_bot_new(v, spec, seed, &err);
    if (!b) fprintf(stderr, "bot '%s': %s\n", spec, err.message);
    CHECK(b != NULL);
    return b;
}

/* ------------------------------------------------------------- specs */

static void check_spec_error(const PulVariant *v, const char *spec, const char *code,
                             const char *needle, int column) {
    PulError err;
    PulBot *b = pul_bot_new(v, spec, 1, &err);
    CHECK(b == NULL);
    pul_bot_free(b);
    CHECK_STR(err.code, code);
    if (!strstr(err.message, needle))
        fprintf(stderr, "spec '%s': message \"%s\" lacks \"%s\"\n", spec, err.message, needle);
    CHECK(strstr(err.message, needle) != NULL);
    CHECK_INT(err.line, 1);
    CHECK_INT(err.column, column);
}

static void test_specs(void) {
    PulVariant *v = micropul_with(NULL);
    PulBot *b = bot(v, "random", 1);
    CHECK_STR(pul_bot_spec(b), "random");
    pul_bot_free(b);
    b = bot(v, "mcts", 1);
    CHECK(strncmp(pul_bot_spec(b), "mcts:iters=1000,c=", 18) == 0);
    CHECK(strstr(pul_bot_spec(b), "time=") == NULL);
    /* The lab's cheaper-iteration options appear in the spec only when given. */
    CHECK(strstr(pul_bot_spec(b), "samples=") == NULL && strstr(pul_bot_spec(b), "rank=") == NULL);
    pul_bot_free(b);
    b = bot(v, "mcts:iters=20,rank=8,samples=2", 1);
    CHECK(strstr(pul_bot_spec(b), "judge=leaf,samples=2,rank=8") != NULL);
    pul_bot_free(b);
    b = bot(v, "mcts:rollout=greedy,iters=20,c=1.5,time=2", 1);
    CHECK(strstr(pul_bot_spec(b), "iters=20,time=2,c=1.5,rollout=greedy") != NULL);
    pul_bot_free(b);
    check_spec_error(v, "mcst", "not-found", "did you mean 'mcts'", 1);
    check_spec_error(v, "alphazero", "not-found", "bots: random, greedy, mcts", 1);
    check_spec_error(v, "mcts:iter=5", "unknown-key", "did you mean 'iters'", 6);
    check_spec_error(v, "mcts:iters=5,rolout=greedy", "unknown-key", "did you mean 'rollout'", 14);
    check_spec_error(v, "greedy:depth=2", "unknown-key", "takes no options", 8);
    check_spec_error(v, "mcts:iters=lots", "bad-value", "whole number", 12);
    check_spec_error(v, "mcts:iters=2.5", "bad-value", "whole number", 12);
    check_spec_error(v, "mcts:iters=0", "out-of-range", "from 1 to", 12);
    check_spec_error(v, "mcts:samples=9", "out-of-range", "from 1 to 8", 14);
    /* Numbers as people write them, whole: strtod's hex, leading blanks and
    ** underflow to 0 are refused, not read as something else. */
    check_spec_error(v, "mcts:iters=0x10", "bad-value", "whole number", 12);
    check_spec_error(v, "mcts:iters= 5", "bad-value", "whole number", 12);
    check_spec_error(v, "mcts:time=1e-400", "out-of-range", "too close to 0", 11);
    check_spec_error(v, "mcts:iters=1e400", "out-of-range", "too large", 12);
    check_spec_error(v, "mcts:c=-1", "out-of-range", "from 0 to", 8);
    check_spec_error(v, "mcts:rollout=greedi", "bad-value", "did you mean 'greedy'", 14);
    check_spec_error(v, "mcts:iters", "bad-value", "needs a value", 11);
    check_spec_error(v, "mcts:iters=5,iters=6", "duplicate-key", "twice", 14);
    check_spec_error(v, "mcts:", "bad-value", "nothing follows", 6);
    check_spec_error(v, "mcts:iters=5,", "bad-value", "ends with ','", 13);
    pul_variant_free(v);
}

/* ----------------------------------------------------- determinization */

/* Every tile once: on the board, in a hand, in a supply, or still in the core. */
static void check_conservation(const PulGame *g) {
    const PulTileSet *ts = pul_variant_tileset(pul_game_variant(g));
    int count[PUL_MAX_TILES] = {0};
    PulPlaced placed[PUL_MAX_TILES];
    uint8_t tiles[PUL_MAX_TILES];
    int n = pul_game_placed(g, placed, PUL_MAX_TILES);
    for (int i = 0; i < n; i++) count[placed[i].tile]++;
    for (int s = 0; s < pul_game_seats(g); s++) {
        n = pul_game_hand(g, s, tiles, PUL_MAX_TILES);
        for (int i = 0; i < n; i++) count[tiles[i]]++;
        n = pul_game_supply(g, s, tiles, PUL_MAX_TILES);
        for (int i = 0; i < n; i++) count[tiles[i]]++;
    }
    pul_game_core_initial(g, tiles, PUL_MAX_TILES);
    for (int i = pul_game_core_drawn(g); i < pul_game_core_initial(g, tiles, PUL_MAX_TILES); i++)
        count[tiles[i]]++;
    bool ok = true;
    for (int t = 0; t < ts->ntiles; t++) ok = ok && count[t] == 1;
    CHECK(ok);
}

static int compare_actions(const void *pa, const void *pb) {
    return memcmp(pa, pb, sizeof(PulAction));
}

/* The true game g and a determinization d of seat's view: the same view,
** the same scores and (for the seat to move) the same legal actions. */
static void check_determinization(const PulGame *g, const PulGame *d, int seat) {
    PulObservation a, b;
    pul_observe(g, seat, &a);
    pul_observe(d, seat, &b);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    check_conservation(d);
    int sg[PUL_MAX_SEATS], sd[PUL_MAX_SEATS], sr[PUL_MAX_SEATS];
    pul_game_scores(g, sg, PUL_MAX_SEATS);
    pul_game_scores(d, sd, PUL_MAX_SEATS);
    pul_game_scores_recount(d, sr, PUL_MAX_SEATS);
    for (int s = 0; s < pul_game_seats(g); s++) CHECK(sg[s] == sd[s] && sd[s] == sr[s]);
    CHECK_INT(pul_game_core_count(d), pul_game_core_count(g));
    if (pul_game_to_move(g) != seat) return;
    static PulAction la[PUL_MAX_ACTIONS], lb[PUL_MAX_ACTIONS];
    int na = pul_legal_actions(g, la, PUL_MAX_ACTIONS);
    int nb = pul_legal_actions(d, lb, PUL_MAX_ACTIONS);
    CHECK_INT(nb, na);
    if (na != nb) return;
    qsort(la, (size_t)na, sizeof *la, compare_actions);
    qsort(lb, (size_t)nb, sizeof *lb, compare_actions);
    CHECK(memcmp(la, lb, (size_t)na * sizeof *la) == 0);
}

static void test_determinize(void) {
    PulVariant *v = micropul_with(NULL);
    PulGame *g = pul_game_new(v), *d = pul_game_new(v);
    PulRng rng, deal;
    pul_rng_seed(&rng, 11);
    pul_rng_seed(&deal, 12);
    PulError err;
    int checked = 0, known_checked = 0, played = 0;
    for (int game = 0; game < scaled(60); game++) {
        CHECK_INT(pul_game_start(g, 2, 100 + (uint64_t)game, NULL, 0, &err), PUL_OK);
        PulAction act;
        while (!pul_game_over(g)) {
            /* Now and then the seat to move has seen some of its supply. */
            int me = pul_game_to_move(g);
            MicropulGame *m = MG(g);
            if (game % 3 == 0 && m->nsupply[me] > 1 && m->known[me] == 0)
                m->known[me] = UINT64_C(1) << m->supply[me][m->nsupply[me] - 1];
            for (int seat = 0; seat < 2; seat++) {
                PulObservation o;
                pul_observe(g, seat, &o);
                CHECK_INT(o.turns, pul_game_turns(g));
                CHECK_INT(o.extra_pending, m->extra_left);
                CHECK_INT(pul_game_from_observation(d, &o, &deal, &err), PUL_OK);
                check_determinization(g, d, seat);
                known_checked += o.nknown > 0;
                checked++;
            }
            /* The determinization plays on to an end. */
            if (game % 10 == 0 && pul_game_turns(g) % 7 == 3) {
                PulRng r2;
                pul_rng_seed(&r2, (uint64_t)checked);
                for (int n = 0; n < 500 && !pul_game_over(d); n++) {
                    CHECK(pul_random_action(d, &r2, &act));
                    CHECK_INT(pul_apply(d, &act, NULL), PUL_LEGAL);
                }
                CHECK(pul_game_over(d));
                played++;
            }
            CHECK(pul_random_action(g, &rng, &act));
            CHECK_INT(pul_apply(g, &act, NULL), PUL_LEGAL);
        }
    }
    CHECK(checked > 1000 * scale() && known_checked > 20 && played > 10);
    /* Two deals of one view differ in what is hidden. */
    CHECK_INT(pul_game_start(g, 2, 7, NULL, 0, &err), PUL_OK);
    PulObservation o;
    pul_observe(g, 0, &o);
    uint8_t h1[PUL_MAX_HAND], h2[PUL_MAX_HAND];
    bool differ = false;
    pul_game_from_observation(d, &o, &deal, &err);
    pul_game_hand(d, 1, h1, PUL_MAX_HAND);
    for (int i = 0; i < 5 && !differ; i++) {
        pul_game_from_observation(d, &o, &deal, &err);
        pul_game_hand(d, 1, h2, PUL_MAX_HAND);
        differ = memcmp(h1, h2, 6) != 0;
    }
    CHECK(differ);
    /* A view that does not add up is refused, and says why. */
    PulObservation bad = o;
    bad.nunseen--;
    CHECK_INT(pul_game_from_observation(d, &bad, &deal, &err), PUL_ERR_SCHEMA);
    CHECK_STR(err.code, "bad-value");
    bad = o;
    bad.hand[0] = bad.unseen[0];
    CHECK_INT(pul_game_from_observation(d, &bad, &deal, &err), PUL_ERR_SCHEMA);
    CHECK(strstr(err.message, "twice") != NULL);
    bad = o;
    bad.placed[0].x = 40;
    bad.nplaced = 2;
    bad.placed[1] = (PulPlaced){(uint8_t)bad.unseen[0], 0, 5, 5};
    bad.nunseen--;
    memmove(bad.unseen, bad.unseen + 1, (size_t)bad.nunseen);
    bad.core_count--;
    CHECK_INT(pul_game_from_observation(d, &bad, &deal, &err), PUL_ERR_SCHEMA);
    pul_game_free(g);
    pul_game_free(d);
    pul_variant_free(v);
}

/* ---------------------------------------------------------- legality */

/* Games between two bots: every choice legal; returns seat 0's points
** (a win 1, a tie 1/2) with the bots swapping seats game by game. */
static double play_games(const PulVariant *v, int nseats, const char *spec_a,
                         const char *spec_b, int games, uint64_t seed) {
    PulBot *a = bot(v, spec_a, seed), *b = bot(v, spec_b, seed + 1);
    PulGame *g = pul_game_new(v);
    PulError err;
    double points = 0;
    int refused = 0;
    for (int i = 0; i < games && a && b; i++) {
        int a_seat = i % 2 % nseats;
        CHECK_INT(pul_game_start(g, nseats, seed + (uint64_t)i / 2, NULL, 0, &err), PUL_OK);
        for (int n = 0; n < 1000 && !pul_game_over(g); n++) {
            int s = pul_game_to_move(g);
            PulObservation o;
            pul_observe(g, s, &o);
            PulAction act;
            CHECK_INT(pul_bot_choose(s == a_seat ? a : b, &o, &act, &err), PUL_OK);
            if (pul_apply(g, &act, NULL) != PUL_LEGAL && refused++ < 3) {
                char t[64];
                pul_action_format(pul_game_variant(g), &act, t, sizeof t);
                fprintf(stderr, "%s played illegal %s\n", s == a_seat ? spec_a : spec_b, t);
            }
        }
        CHECK(pul_game_over(g));
        int w[PUL_MAX_SEATS];
        int nw = pul_game_winners(g, w, PUL_MAX_SEATS);
        for (int k = 0; k < nw; k++)
            if (w[k] == a_seat) points += 1.0 / nw;
    }
    CHECK_INT(refused, 0);
    /* A finished game leaves the bot nothing to choose. */
    PulObservation o;
    pul_observe(g, 0, &o);
    PulAction act;
    if (a) CHECK_INT(pul_bot_choose(a, &o, &act, &err), PUL_ERR_STATE);
    pul_game_free(g);
    pul_bot_free(a);
    pul_bot_free(b);
    return points;
}

static void test_legal_play(void) {
    PulVariant *v = micropul_with(NULL);
    play_games(v, 2, "random", "random", scaled(2000), 1);
    play_games(v, 2, "greedy", "greedy", scaled(300), 2);
    play_games(v, 2, "mcts:iters=50", "greedy", scaled(30), 3);
    play_games(v, 2, "mcts:iters=30,rollout=greedy,depth=1000,widen=0", "random", scaled(6), 4);
    /* Rankings of a random few below the root, one-sample greedy playouts. */
    play_games(v, 2, "mcts:iters=60,rank=2,samples=1,depth=2", "greedy", scaled(6), 7);
    play_games(v, 1, "greedy", "greedy", scaled(40), 5);
    play_games(v, 1, "mcts:iters=30", "mcts:iters=30", scaled(4), 6);
    pul_variant_free(v);
    PulError err;
    v = pul_variant_open("micropul-3p", NULL, &err);
    CHECK(v != NULL);
    if (v) {
        play_games(v, 3, "greedy", "random", scaled(20), 7);
        play_games(v, 3, "mcts:iters=30", "random", scaled(3), 8);
        pul_variant_free(v);
    }
}

static void test_greedy_beats_random(void) {
    PulVariant *v = micropul_with(NULL);
    int games = scaled(200);
    double points = play_games(v, 2, "greedy", "random", games, 99);
    CHECK(points >= 0.95 * games);
    pul_variant_free(v);
}

/* ------------------------------------------ determinism, no cheating */

/* The bots' actions on one observation, each bot made afresh with seed. */
static void choices(const PulVariant *v, const PulObservation *o, uint64_t seed, PulAction *out) {
    static const char *const specs[] = {"random", "greedy", "mcts:iters=200",
                                        "mcts:iters=100,rollout=greedy,depth=4"};
    PulError err;
    for (int i = 0; i < 4; i++) {
        PulBot *b = bot(v, specs[i], seed);
        memset(&out[i], 0, sizeof out[i]);
        if (b) CHECK_INT(pul_bot_choose(b, o, &out[i], &err), PUL_OK);
        if (b && i >= 2) CHECK(pul_bot_iterations(b) == (i == 2 ? 200 : 100));
        pul_bot_free(b);
    }
}

static void test_determinism(void) {
    PulVariant *v = micropul_with(NULL);
    PulGame *g = pul_game_new(v);
    PulError err;
    PulRng rng;
    pul_rng_seed(&rng, 3);
    CHECK_INT(pul_game_start(g, 2, 42, NULL, 0, &err), PUL_OK);
    PulAction act;
    for (int i = 0; i < 12; i++) {
        pul_random_action(g, &rng, &act);
        pul_apply(g, &act, NULL);
    }
    PulObservation o, other;
    pul_observe(g, pul_game_to_move(g), &o);
    PulAction first[4], second[4];
    choices(v, &o, 77, first);
    choices(v, &o, 77, second);
    for (int i = 0; i < 4; i++) CHECK(same_action(&first[i], &second[i]));
    /* One bot, asked again after another position: the same answer. */
    PulBot *b = bot(v, "mcts:iters=200", 77);
    PulAction again;
    pul_apply(g, &first[1], NULL);
    pul_observe(g, pul_game_to_move(g), &other);
    CHECK_INT(pul_bot_choose(b, &other, &again, &err), PUL_OK);
    CHECK_INT(pul_bot_choose(b, &o, &again, &err), PUL_OK);
    CHECK(same_action(&again, &first[2]));
    /* Another seed may choose otherwise: over a few positions, it does. */
    int changed = 0;
    for (uint64_t seed = 1; seed < 8; seed++) {
        PulAction c[4];
        choices(v, &o, seed, c);
        changed += !same_action(&c[0], &first[0]);
    }
    CHECK(changed > 0);
    pul_bot_free(b);
    pul_game_free(g);
    pul_variant_free(v);
}

/* Two games that differ only in what seat 0 cannot see: seat 1's hand,
** the supplies' contents and the core's order. Both show seat 0 the same
** observation byte for byte, so every bot chooses the same for both. */
static void test_no_cheating(void) {
    PulVariant *v = micropul_with(NULL);
    PulError err;
    int same = 0, positions = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)scaled(12); seed++) {
        PulGame *a = pul_game_new(v), *b = pul_game_new(v);
        CHECK_INT(pul_game_start(a, 2, seed, NULL, 0, &err), PUL_OK);
        /* b: the same hand for seat 0, the hidden tiles in another order. */
        uint8_t core[PUL_MAX_TILES];
        int n = pul_game_core_initial(a, core, PUL_MAX_TILES);
        for (int i = 6, j = n - 1; i < j; i++, j--) {
            uint8_t t = core[i];
            core[i] = core[j];
            core[j] = t;
        }
        CHECK_INT(pul_game_start(b, 2, seed + 1000, core, n, &err), PUL_OK);
        /* The same public moves in both: seat 1 only claims or takes (its
        ** tiles differ), seat 0 plays its greedy choice. */
        PulBot *gb = bot(v, "greedy", seed);
        for (int turn = 0; turn < 10 && !pul_game_over(a) && !pul_game_over(b); turn++) {
            PulObservation oa, ob;
            if (pul_game_to_move(a) != 0 || pul_game_to_move(b) != 0) break;
            pul_observe(a, 0, &oa);
            pul_observe(b, 0, &ob);
            CHECK(memcmp(&oa, &ob, sizeof oa) == 0);
            PulAction ca[4], cb[4];
            choices(v, &oa, seed, ca);
            choices(v, &ob, seed, cb);
            for (int i = 0; i < 4; i++) same += same_action(&ca[i], &cb[i]);
            positions++;
            /* Seat 0 places (same tile in both games, no draws differ in
            ** count), seat 1 claims the first free group. */
            PulAction move;
            CHECK_INT(pul_bot_choose(gb, &oa, &move, &err), PUL_OK);
            if (move.kind == PUL_TAKE) break; /* which tile comes is hidden: views part */
            CHECK_INT(pul_apply(a, &move, NULL), PUL_LEGAL);
            CHECK_INT(pul_apply(b, &move, NULL), PUL_LEGAL);
            if (pul_game_to_move(a) != 1 || pul_game_to_move(b) != 1) break;
            PulAction la[PUL_MAX_ACTIONS];
            int nl = pul_legal_actions(a, la, PUL_MAX_ACTIONS);
            int k = 0;
            while (k < nl && la[k].kind != PUL_CLAIM) k++;
            if (k == nl || pul_check(b, &la[k]) != PUL_LEGAL) break;
            CHECK_INT(pul_apply(a, &la[k], NULL), PUL_LEGAL);
            CHECK_INT(pul_apply(b, &la[k], NULL), PUL_LEGAL);
        }
        pul_bot_free(gb);
        pul_game_free(a);
        pul_game_free(b);
    }
    CHECK(positions >= 12);
    CHECK_INT(same, 4 * positions);
    pul_variant_free(v);
}

/* ------------------------------------------- what bots ask of a family */

/* Micropul has no partners (each seat its own team); the observation hash
** follows what the seat sees and nothing else; the heuristic of a copy is
** the heuristic of the game. */
static void test_family_calls(void) {
    PulError err;
    PulVariant *v = pul_variant_open("micropul-3p", NULL, &err);
    CHECK(v != NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v), *c = pul_game_new(v);
    CHECK_INT(pul_game_start(g, 3, 17, NULL, 0, &err), PUL_OK);
    for (int s = 0; s < 3; s++) CHECK_INT(pul_game_team(g, s), s);
    PulObservation a, b;
    pul_observe(g, 0, &a);
    pul_observe(g, 0, &b);
    CHECK(pul_observation_hash(v, &a) == pul_observation_hash(v, &b));
    pul_observe(g, 1, &b);
    CHECK(pul_observation_hash(v, &a) != pul_observation_hash(v, &b));
    PulRng rng;
    pul_rng_seed(&rng, 5);
    PulAction act;
    CHECK(pul_random_action(g, &rng, &act));
    CHECK_INT(pul_apply(g, &act, NULL), PUL_LEGAL);
    pul_observe(g, 0, &b);
    CHECK(pul_observation_hash(v, &a) != pul_observation_hash(v, &b));
    pul_game_copy(c, g);
    for (int s = 0; s < 3; s++) {
        double h = pul_game_heuristic(g, s);
        CHECK(h == pul_game_heuristic(c, s));
        CHECK(h > -1e6 && h < 1e6);
    }
    pul_game_free(c);
    pul_game_free(g);
    pul_variant_free(v);
}

/* FNV-1a, a byte at a time, over the fields observe_hash reads, in its
** order: the hash a seed of every bot but random comes from, written out
** plainly, so a shortcut in the engine's must give the same value. */
static uint64_t fnv_field(uint64_t h, int64_t x) {
    for (int i = 0; i < 8; i++) {
        h ^= (uint64_t)(x >> (8 * i)) & 0xFF;
        h *= UINT64_C(0x100000001B3);
    }
    return h;
}

static uint64_t plain_hash(const PulObservation *o) {
    uint64_t h = UINT64_C(0xCBF29CE484222325);
    int64_t head[] = {o->seat, o->nseats, o->to_move, o->extra_turn, o->extra_pending, o->turns,
                      o->core_count};
    for (size_t i = 0; i < sizeof head / sizeof head[0]; i++) h = fnv_field(h, head[i]);
    for (int s = 0; s < o->nseats; s++) {
        h = fnv_field(h, o->hand_count[s]);
        h = fnv_field(h, o->supply_count[s]);
        h = fnv_field(h, o->stones_left[s]);
    }
    for (int i = 0; i < o->hand_count[o->seat]; i++) h = fnv_field(h, o->hand[i]);
    for (int i = 0; i < o->nknown; i++) h = fnv_field(h, o->known[i]);
    for (int i = 0; i < o->nplaced; i++) {
        h = fnv_field(h, o->placed[i].tile | o->placed[i].rot << 8);
        h = fnv_field(h, o->placed[i].x);
        h = fnv_field(h, o->placed[i].y);
    }
    for (int i = 0; i < o->nstones; i++) {
        h = fnv_field(h, o->stones[i].x);
        h = fnv_field(h, o->stones[i].y);
        h = fnv_field(h, o->stones[i].quad);
        h = fnv_field(h, o->stones[i].seat);
    }
    return h;
}

/* The hash of observations through a game (negative coordinates, rotations
** above 0 shifted past a byte) and of fields set past a byte or below 0. */
static void test_observation_hash(void) {
    PulError err;
    PulVariant *v = pul_variant_open("micropul", NULL, &err);
    CHECK(v != NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v);
    CHECK_INT(pul_game_start(g, 2, 23, NULL, 0, &err), PUL_OK);
    PulRng rng;
    pul_rng_seed(&rng, 9);
    long n = 0;
    for (int step = 0; step < 200 && !pul_game_over(g); step++) {
        PulObservation o;
        pul_observe(g, step % 2, &o);
        CHECK(pul_observation_hash(v, &o) == plain_hash(&o));
        o.turns = 256 + step;
        o.extra_pending = -1 - step;
        o.core_count = 1000000 * step;
        CHECK(pul_observation_hash(v, &o) == plain_hash(&o));
        n++;
        PulAction a;
        if (!pul_random_action(g, &rng, &a)) break;
        CHECK_INT(pul_apply(g, &a, NULL), PUL_LEGAL);
    }
    CHECK(n > 20);
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_specs);
    RUN(test_family_calls);
    RUN(test_observation_hash);
    RUN(test_determinize);
    RUN(test_determinism);
    RUN(test_no_cheating);
    RUN(test_legal_play);
    RUN(test_greedy_beats_random);
    return CHECK_DONE();
}
