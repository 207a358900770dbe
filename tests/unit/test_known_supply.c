/*
** test_known_supply.c: supply tiles a script revealed to their owner (the
** solo "peek"), through the engine's side of the scripting contract: the
** observation shows them to the owner only, a take may name them, a random
** take never draws them and consumes the generator exactly as a replay does.
*/
#include "game_util.h"
#include "script.h"

/* A two-seat game where seat 0 has drawn some tiles into its supply. */
static PulGame *game_with_supply(const PulVariant *v, int want) {
    PulGame *g = pul_game_new(v);
    PulError err;
    PulRng rng;
    pul_rng_seed(&rng, 5);
    for (uint64_t seed = 1; seed < 500; seed++) {
        if (pul_game_start(g, 2, seed, NULL, 0, &err) != PUL_OK) break;
        PulAction a;
        for (int n = 0; n < 60 && !pul_game_over(g); n++) {
            uint8_t sup[PUL_MAX_TILES];
            if (pul_game_to_move(g) == 0 && pul_game_supply(g, 0, sup, PUL_MAX_TILES) >= want &&
                !pul_game_in_extra_turn(g))
                return g;
            if (!pul_random_action(g, &rng, &a) || pul_apply(g, &a, NULL) != PUL_LEGAL) break;
        }
    }
    pul_game_free(g);
    return NULL;
}

static int count_takes(const PulAction *acts, int n, int tile) {
    int k = 0;
    for (int i = 0; i < n; i++) k += acts[i].kind == PUL_TAKE && acts[i].tile == tile;
    return k;
}

static void test_reveal_and_take(void) {
    PulVariant *v = micropul_with(NULL);
    PulGame *g = v ? game_with_supply(v, 3) : NULL;
    CHECK(g != NULL);
    if (!g) {
        pul_variant_free(v);
        return;
    }
    uint8_t sup[PUL_MAX_TILES];
    int nsup = pul_game_supply(g, 0, sup, PUL_MAX_TILES);
    PulEvents ev = {0};
    HookCall call = {g, &ev, HOOK_ON_ACTIVATE, 0, 0};
    /* The most recently drawn tile first, then the one before. */
    CHECK_INT(hooked_reveal(&call, 0), sup[nsup - 1]);
    CHECK_INT(hooked_reveal(&call, 0), sup[nsup - 2]);
    CHECK_INT(ev.n, 2);
    CHECK_INT(ev.ev[0].kind, PUL_EV_REVEALED);
    int first_known = sup[nsup - 1], second_known = sup[nsup - 2];
    CHECK_INT(ev.ev[0].tile, sup[nsup - 1]);
    uint64_t known = pul_game_known(g, 0);
    CHECK(known == ((UINT64_C(1) << sup[nsup - 1]) | (UINT64_C(1) << sup[nsup - 2])));
    /* Two more drawn after them: the known tiles now sit mid-supply. */
    CHECK_INT(hooked_draw(&call, 0, 2), 2);
    nsup = pul_game_supply(g, 0, sup, (int)(sizeof sup / sizeof sup[0]));
    CHECK(known >> sup[nsup - 3] & 1 && known >> sup[nsup - 4] & 1);
    CHECK(pul_game_known(g, 1) == 0);

    /* Only the owner sees them. */
    PulObservation o;
    pul_observe(g, 0, &o);
    CHECK_INT(o.nknown, 2);
    for (int i = 0; i < o.nunseen; i++) CHECK(!(known >> o.unseen[i] & 1));
    pul_observe(g, 1, &o);
    CHECK_INT(o.nknown, 0);

    /* Takes: the random one and one per known tile. */
    PulAction acts[PUL_MAX_ACTIONS];
    int n = pul_legal_actions(g, acts, PUL_MAX_ACTIONS);
    CHECK_INT(count_takes(acts, n, PUL_NO_TILE), 1);
    CHECK_INT(count_takes(acts, n, first_known), 1);
    CHECK_INT(count_takes(acts, n, second_known), 1);

    /* A random take never draws a known tile, over many generator states. */
    for (uint64_t s = 1; s <= 200; s++) {
        PulGame *h = pul_game_new(v);
        pul_game_copy(h, g);
        PulAction take = {PUL_TAKE, PUL_NO_TILE, 0, 0, 0, 0};
        pul_rng_seed(&h->rng, s); /* another draw each time */
        PulEvents te;
        CHECK_INT(pul_apply(h, &take, &te), PUL_LEGAL);
        PulAction done;
        pul_events_action(&te, &done);
        CHECK(!(known >> done.tile & 1));
        pul_game_free(h);
    }

    /* A named take of a known tile is a choice: no draw from the generator. */
    PulGame *h = pul_game_new(v);
    pul_game_copy(h, g);
    PulAction take_known = {PUL_TAKE, (uint8_t)first_known, 0, 0, 0, 0};
    PulRng before = h->rng;
    CHECK_INT(pul_apply(h, &take_known, NULL), PUL_LEGAL);
    CHECK(memcmp(&before, &h->rng, sizeof before) == 0);
    CHECK(!(pul_game_known(h, 0) >> first_known & 1)); /* in hand now */
    pul_game_free(h);

    /* A replayed random take (named, unknown tile) consumes the generator like
    ** the live one: both games end byte-identical. */
    PulGame *live = pul_game_new(v), *replay = pul_game_new(v);
    pul_game_copy(live, g);
    pul_game_copy(replay, g);
    PulAction random_take = {PUL_TAKE, PUL_NO_TILE, 0, 0, 0, 0};
    PulEvents le;
    CHECK_INT(pul_apply(live, &random_take, &le), PUL_LEGAL);
    PulAction named;
    pul_events_action(&le, &named);
    CHECK_INT(pul_apply(replay, &named, NULL), PUL_LEGAL);
    CHECK(memcmp(live, replay, pul_game_size()) == 0);
    pul_game_free(live);
    pul_game_free(replay);

    /* All known: no random take on offer, and one is refused. */
    while (hooked_reveal(&call, 0) >= 0) {
    }
    CHECK_INT(popcount64(pul_game_known(g, 0)), nsup);
    n = pul_legal_actions(g, acts, PUL_MAX_ACTIONS);
    CHECK_INT(count_takes(acts, n, PUL_NO_TILE), 0);
    PulAction random_again = {PUL_TAKE, PUL_NO_TILE, 0, 0, 0, 0};
    CHECK_INT(pul_check(g, &random_again), PUL_R_NOT_IN_SUPPLY);
    CHECK_INT(hooked_reveal(&call, 0), -1);
    CHECK_INT(hooked_reveal(&call, 7), -1); /* no such seat */
    pul_game_free(g);
    pul_variant_free(v);
}

/* The other actions of the engine side: draw, extra turn, random, rules. */
static void test_actions(void) {
    PulVariant *v = micropul_with(NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v);
    PulError err;
    CHECK_INT(pul_game_start(g, 2, 3, NULL, 0, &err), PUL_OK);
    PulEvents ev = {0};
    HookCall call = {g, &ev, HOOK_AFTER_ACTION, 0, 0};
    int core = pul_game_core_count(g);
    CHECK_INT(hooked_draw(&call, 1, 2), 2);
    CHECK_INT(pul_game_core_count(g), core - 2);
    uint8_t sup[PUL_MAX_TILES];
    CHECK_INT(pul_game_supply(g, 1, sup, PUL_MAX_TILES), 2);
    CHECK_INT(ev.ev[ev.n - 1].kind, PUL_EV_DREW);
    CHECK_INT(hooked_draw(&call, 1, 0), 0);
    CHECK_INT(hooked_draw(&call, 5, 1), 0);
    CHECK_INT(hooked_draw(&call, 0, 1000), core - 2); /* as many as there are */
    CHECK_INT(pul_game_core_count(g), 0);
    hooked_extra_turn(&call);
    hooked_extra_turn(&call);
    CHECK_INT(call.extra_turns, 2);
    for (int i = 0; i < 100; i++) CHECK(hooked_random(&call, 6) < 6);
    /* Rules change in setup only. */
    int stones = pul_rules_param_find("stones");
    CHECK_INT(hooked_set_rule(&call, stones, 5, &err), PUL_ERR_SCRIPT);
    call.hook = HOOK_SETUP;
    CHECK_INT(hooked_set_rule(&call, stones, 5, &err), PUL_OK);
    CHECK_INT(pul_game_rules(g)->stones, 5);
    CHECK_INT(pul_variant_rules(v)->stones, 3); /* the variant is untouched */
    CHECK_INT(hooked_set_rule(&call, stones, 99, &err), PUL_ERR_RANGE);
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_reveal_and_take);
    RUN(test_actions);
    return CHECK_DONE();
}
