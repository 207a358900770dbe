/*
** test_script_threads.c: a scripted variant is immutable and shared by
** threads (issue 12). Two threads play scripted games (tests/variants/
** hooks-all, micropul-solo-peek) from one loaded variant at once, each game
** object running its hooks in a Lua state of its own, and every game comes
** out identical to the same game played alone; a failing hook puts the game
** back byte for byte and leaves the variant as it was.
*/
#define _XOPEN_SOURCE 700
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script_util.h"

enum { GAMES = 24, THREADS = 2, MAX_STEPS = 600 };

/* FNV-1a over bytes, continued from h. */
static uint64_t fnv(uint64_t h, const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * UINT64_C(0x100000001B3);
    return h;
}

/* One game of v from seed, random legal actions to the end: a digest of the
** game after every action and of the events each action reported. */
static uint64_t play(const PulVariant *v, uint64_t seed) {
    uint64_t h = UINT64_C(0xCBF29CE484222325);
    PulGame *g = pul_game_new(v);
    if (!g) return 0;
    PulError err;
    int seats = pul_variant_rules(v)->min_players;
    if (pul_game_start(g, seats, seed, NULL, 0, &err) != PUL_OK) {
        pul_game_free(g);
        return 1;
    }
    PulRng rng;
    pul_rng_seed(&rng, seed * 7 + 1);
    for (int step = 0; step < MAX_STEPS && !pul_game_over(g); step++) {
        PulAction a;
        PulEvents ev;
        if (!pul_random_action(g, &rng, &a)) break;
        PulReason r = pul_apply(g, &a, &ev);
        h = fnv(h, &r, sizeof r);
        if (r != PUL_LEGAL) break;
        h = fnv(h, &ev.n, sizeof ev.n);
        h = fnv(h, ev.ev, sizeof ev.ev[0] * (size_t)ev.n);
        h = fnv(h, g, pul_game_size());
    }
    int scores[PUL_MAX_SEATS] = {0};
    pul_game_scores(g, scores, PUL_MAX_SEATS);
    h = fnv(h, scores, sizeof scores);
    h = fnv(h, &(int){pul_game_script_error(g) != NULL}, sizeof(int));
    pul_game_free(g);
    return h;
}

typedef struct {
    const PulVariant *v;
    int first;       /* plays games first, first + THREADS, ... */
    uint64_t *out;   /* out[i]: game i's digest */
} Worker;

static void *work(void *arg) {
    Worker *w = arg;
    for (int i = w->first; i < GAMES; i += THREADS) w->out[i] = play(w->v, (uint64_t)i + 1);
    return NULL;
}

static void threads_match_alone(const char *name, const char *search) {
    PulVariant *v = open_edition(name, search);
    if (!v) return;
    CHECK(pul_variant_has_scripts(v));
    uint64_t alone[GAMES], shared[GAMES];
    for (int i = 0; i < GAMES; i++) alone[i] = play(v, (uint64_t)i + 1);
    Worker w[THREADS];
    pthread_t tid[THREADS];
    for (int t = 0; t < THREADS; t++) {
        w[t] = (Worker){v, t, shared};
        CHECK_INT(pthread_create(&tid[t], NULL, work, &w[t]), 0);
    }
    for (int t = 0; t < THREADS; t++) pthread_join(tid[t], NULL);
    for (int i = 0; i < GAMES; i++) {
        CHECK(alone[i] > 1);
        if (alone[i] != shared[i]) fprintf(stderr, "  %s: game %d differs on a thread\n", name, i);
        CHECK(alone[i] == shared[i]);
    }
    pul_variant_free(v);
}

static void test_threads_hooks_all(void) { threads_match_alone("hooks-all", "variants"); }

static void test_threads_solo_peek(void) { threads_match_alone("micropul-solo-peek", NULL); }

/* A hook that changes the game, then fails on the fourth action: the game is
** put back byte for byte, the error is the game object's (not a copy's, not
** another game's), and the variant and its hooks table are untouched. */
static void test_failing_hook_restores(void) {
    PulError err;
    const char *lua = "return { after_action = function(game, events)\n"
                      "  game:draw(game:to_move(), 2)\n"
                      "  game:extra_turn()\n"
                      "  if game:turns() == 4 then error('fourth', 0) end\n"
                      "end }\n";
    write_text("failing/failing.lua", lua);
    write_text("failing/variant.yaml",
               "name: failing\nextends: micropul\nscripts: [failing.lua]\n");
    char dir[PATH_MAX];
    PulVariant *v = pul_variant_open(scratch_path(dir, sizeof dir, "failing"), NULL, &err);
    CHECK(v != NULL);
    if (!v) {
        fprintf(stderr, "  %s\n", err.message);
        return;
    }
    struct PulVariant vbefore = *v;
    MicropulHooks tbefore = *(const MicropulHooks *)v->hooks;
    PulGame *g = pul_game_new(v), *before = pul_game_new(v), *other = pul_game_new(v);
    CHECK_INT(pul_game_start(g, 2, 5, NULL, 0, &err), PUL_OK);
    CHECK_INT(pul_game_start(other, 2, 5, NULL, 0, &err), PUL_OK);
    PulRng rng;
    pul_rng_seed(&rng, 5);
    PulReason r = PUL_LEGAL;
    PulAction a;
    for (int i = 0; i < 4 && r == PUL_LEGAL; i++) {
        CHECK(pul_random_action(g, &rng, &a));
        pul_game_copy(before, g);
        r = pul_apply(g, &a, NULL);
    }
    CHECK_INT(r, PUL_R_SCRIPT_ERROR);
    CHECK(memcmp(before, g, pul_game_size()) == 0);
    const PulError *e = pul_game_script_error(g);
    CHECK(e != NULL);
    if (e) {
        CHECK_STR(e->code, "script-error");
        CHECK(has(e->message, "fourth"));
        CHECK(has(e->file, "failing.lua"));
    }
    /* Again, on the same object: refused the same way, restored again. */
    CHECK_INT(pul_apply(g, &a, NULL), PUL_R_SCRIPT_ERROR);
    CHECK(memcmp(before, g, pul_game_size()) == 0);
    /* The copy and the other game have run no failing hook. */
    CHECK(pul_game_script_error(before) == NULL);
    CHECK(pul_game_script_error(other) == NULL);
    CHECK(memcmp(&vbefore, v, sizeof vbefore) == 0);
    CHECK(memcmp(&tbefore, v->hooks, sizeof tbefore) == 0);
    pul_game_free(g);
    pul_game_free(before);
    pul_game_free(other);
    pul_variant_free(v);
}

int main(void) {
    /* Run from tests/: tests/variants holds hooks-all, ctest puts the shipped
    ** editions on PUL_PATH. */
    if (!script_tests_start("threads")) return 1;
    RUN(test_threads_hooks_all);
    RUN(test_threads_solo_peek);
    RUN(test_failing_hook_restores);
    script_tests_end();
    return CHECK_DONE();
}
