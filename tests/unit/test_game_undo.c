/*
** test_game_undo.c: search's undo (pul_game_save, pul_game_undo) puts every
** shipped edition's game back byte for byte after any one action, and the
** shortcuts search takes give what the long way gives: pul_legal_estimates
** the values of pul_action_estimates, pul_game_margin its heuristics' margin.
*/
#include <math.h>

#include "game_util.h"

static _Alignas(max_align_t) unsigned char save[PUL_SAVE_BYTES];
static PulAction list[PUL_MAX_ACTIONS];
static double by_check[PUL_MAX_ACTIONS], by_list[PUL_MAX_ACTIONS];

/* pul_game_margin as pul.h defines it, from pul_game_heuristic seat by seat. */
static double margin_by_seats(const PulGame *g, int seat) {
    double mine = pul_game_heuristic(g, seat), others = 0.0;
    int rivals = 0;
    for (int s = 0; s < pul_game_seats(g); s++)
        if (pul_game_team(g, s) != pul_game_team(g, seat)) {
            others += pul_game_heuristic(g, s);
            rivals++;
        }
    return rivals ? mine - others / rivals : mine;
}

static bool same_game(const PulGame *a, const PulGame *b) {
    return memcmp(a, b, pul_game_size()) == 0;
}

/* A random game of v; at each position a few random actions are tried on g
** itself and undone, each leaving g byte-identical to its copy. */
typedef struct {
    long undone, ranked;
} Counts;

static void play(const PulVariant *v, int nseats, uint64_t seed, void *ctx) {
    long *undone = &((Counts *)ctx)->undone, *ranked = &((Counts *)ctx)->ranked;
    PulGame *g = pul_game_new(v), *before = pul_game_new(v), *scratch = pul_game_new(v);
    CHECK(g && before && scratch);
    if (!g || !before || !scratch) goto done;
    CHECK(pul_game_start(g, nseats, seed, NULL, 0, NULL) == PUL_OK);
    PulRng rng;
    pul_rng_seed(&rng, seed * 13 + 5);
    for (int step = 0; step < PUL_ACTION_LIMIT && !pul_game_over(g); step++) {
        pul_game_copy(before, g);
        size_t bytes = pul_game_save(g, save);
        CHECK(bytes > 0 && bytes <= PUL_SAVE_BYTES);
        PulAction a;
        for (int k = 0; k < 3 && pul_random_action(g, &rng, &a); k++) {
            /* Both applies: the checked one and the playout path's. */
            CHECK(k % 2 ? pul_apply_trusted(g, &a) == PUL_LEGAL
                        : pul_apply(g, &a, NULL) == PUL_LEGAL);
            pul_game_undo(g, save);
            if (!same_game(g, before)) {
                fprintf(stderr, "  %s, %d seats, seed %llu: not undone at action %d\n",
                        pul_variant_name(v), nseats, (unsigned long long)seed, step + 1);
                CHECK(false);
                goto done;
            }
            (*undone)++;
        }
        for (int s = 0; s < nseats; s++)
            CHECK(pul_game_margin(g, s) == margin_by_seats(g, s));
        /* Every few positions, all legal actions ranked both ways. */
        if (step % 5 == 0) {
            int n = pul_legal_actions(g, list, PUL_MAX_ACTIONS);
            if (n > PUL_MAX_ACTIONS) n = PUL_MAX_ACTIONS;
            CHECK(pul_action_estimates(g, list, n, scratch, by_check) == PUL_LEGAL);
            CHECK(pul_legal_estimates(g, list, n, scratch, by_list) == PUL_LEGAL);
            for (int i = 0; i < n; i++) CHECK(by_check[i] == by_list[i] && by_list[i] != -HUGE_VAL);
            CHECK(same_game(g, before)); /* g is only read */
            *ranked += n;
        }
        if (!pul_random_action(g, &rng, &a)) break;
        CHECK(pul_apply_trusted(g, &a) == PUL_LEGAL);
    }
done:
    pul_game_free(g);
    pul_game_free(before);
    pul_game_free(scratch);
}

int main(void) {
    Counts counts = {0, 0};
    each_shipped_game(3, play, &counts);
    long undone = counts.undone, ranked = counts.ranked;
    /* Games of every edition were really played, and ranked. */
    CHECK(undone > 3000 && ranked > 3000);
    if (!check_failures) printf("test_game_undo: %ld actions undone, %ld ranked both ways\n", undone, ranked);
    return CHECK_DONE();
}
