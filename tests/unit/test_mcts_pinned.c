/*
** test_mcts_pinned.c: the MCTS bot's seeded choices, pinned. Its search is
** made cheaper without changing what it decides (issue 15): each setting
** below walks a path of the search that such work touches (the children
** left out of a ranking, the cut of a large one, progressive widening off,
** a sampled ranking, the playout policies and judges), on the bench's early
** positions of both families, and the choices and iteration counts of all
** of them hash to the value the search gave before that work. A change of
** any choice changes the hash; a deliberate change of behaviour updates it.
*/
#include "game_util.h"

/* FNV-1a over bytes, continued from h. */
static uint64_t fnv(uint64_t h, const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

/* The bench's mcts row positions (tools/cmd_bench.c): seed 500 + k, 4k + 2
** random actions; returns how many could be made (the first of them). */
static int positions(const PulVariant *v, int nseats, PulGame **pos) {
    int n = 0;
    for (int k = 0; k < 4; k++) {
        PulError err;
        PulRng rng;
        pos[k] = pul_game_new(v);
        CHECK_INT(pul_game_start(pos[k], nseats, 500 + (uint64_t)k, NULL, 0, &err), PUL_OK);
        pul_rng_seed(&rng, 500 + (uint64_t)k);
        PulAction a;
        for (int m = 0; m < 4 * k + 2 && !pul_game_over(pos[k]); m++)
            if (pul_random_action(pos[k], &rng, &a)) pul_apply(pos[k], &a, NULL);
        if (pul_game_over(pos[k])) break; /* as the bench does */
        n++;
    }
    return n;
}

/* The hash of spec's choices on each position, bots seeded 1 and 2. */
static uint64_t choices(const PulVariant *v, PulGame **pos, int npos, const char *spec) {
    PulObservation *obs = malloc(sizeof *obs);
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int k = 0; k < npos; k++)
        for (uint64_t seed = 1; seed <= 2; seed++) {
            PulError err;
            PulBot *b = pul_bot_new(v, spec, seed, &err);
            CHECK(b != NULL);
            if (!b) continue;
            PulAction a;
            memset(&a, 0, sizeof a);
            pul_observe(pos[k], pul_game_to_move(pos[k]), obs);
            CHECK_INT(pul_bot_choose(b, obs, &a, &err), PUL_OK);
            int64_t iters = pul_bot_iterations(b); /* 8 bytes on every platform (long is 4 in wasm) */
            h = fnv(h, &a, sizeof a);
            h = fnv(h, &iters, sizeof iters);
            pul_bot_free(b);
        }
    free(obs);
    return h;
}

typedef struct {
    const char *spec;
    uint64_t hash;
} Pinned;

static void check_edition(const char *name, int nseats, const Pinned *pins, int npins) {
    PulVariant *v = open_edition(name, NULL);
    CHECK(v != NULL);
    if (!v) return;
    PulGame *pos[4] = {NULL};
    int npos = positions(v, nseats, pos);
    CHECK(npos >= 1);
    for (int i = 0; i < npins; i++) {
        uint64_t h = choices(v, pos, npos, pins[i].spec);
        if (h != pins[i].hash)
            fprintf(stderr, "  %s %s: choices hash 0x%016llxULL, pinned 0x%016llxULL\n", name,
                    pins[i].spec, (unsigned long long)h, (unsigned long long)pins[i].hash);
        CHECK(h == pins[i].hash);
    }
    for (int k = 0; k < 4; k++)
        if (pos[k]) pul_game_free(pos[k]);
    pul_variant_free(v);
}

static void test_micropul(void) {
    static const Pinned pins[] = {
        {"mcts:iters=200", 0xdd013ce94104ef98ULL},
        {"mcts:iters=600,widen=100", 0x08ff109fc2aa406bULL},
        {"mcts:iters=150,widen=0", 0x82c9380a85c135cbULL},
        {"mcts:iters=200,rank=8,samples=2,depth=1", 0xa2902d40d6ddb147ULL},
        {"mcts:iters=120,judge=turn", 0xcb1ac9da8a17b29cULL},
        {"mcts:iters=100,rollout=best,depth=2", 0x8aca3c90f1ca3cc5ULL},
        {"mcts:iters=60,rollout=random,depth=1000", 0x1be480ae174b4595ULL},
    };
    check_edition("micropul", 2, pins, (int)(sizeof pins / sizeof pins[0]));
}

static void test_genial(void) {
    static const Pinned pins[] = {
        {"mcts:iters=60", 0x700555f91f2053deULL},
        {"mcts:iters=300,widen=4", 0xc758a26b5daceb1dULL},
        {"mcts:iters=40,widen=0", 0xa0e09322cca10f88ULL},
    };
    check_edition("genial", 2, pins, (int)(sizeof pins / sizeof pins[0]));
}

/* A take there names a tile the seat has seen, or none: one that a check
** finds legal in a deal need not be the bytes the deal lists, a case the
** search's shortcuts must not assume away (the golden runs' solo-peek games
** caught one that did). */
static void test_solo_peek(void) {
    static const Pinned pins[] = {
        {"mcts:iters=300", 0x2d46c1a37ad0e6ecULL},
    };
    check_edition("micropul-solo-peek", 1, pins, (int)(sizeof pins / sizeof pins[0]));
}

int main(void) {
    RUN(test_micropul);
    RUN(test_genial);
    RUN(test_solo_peek);
    return CHECK_DONE();
}
