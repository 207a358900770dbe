/*
** test_genial_observe.c: what one Genial seat sees (i13-plan.md 3.4, 6.4):
** every other rack hidden, a partner's too, and the bag as a count; a
** determinization's observation for that seat is the original one, its tiles
** add up, and it plays on; two true games with one observation give the same
** determinizations for one generator seed (no cheating); bad observations
** are refused; the hash follows the fields.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "genial_fixture.h"
#include "genial_moves.h"

static PulAction la[PUL_MAX_ACTIONS], lb[PUL_MAX_ACTIONS];
static PulObservation oa, ob;

/* Play n random actions of g (fewer if it ends). */
static void advance(PulGame *g, PulRng *rng, int n) {
    for (int i = 0; i < n && !pul_game_over(g); i++) {
        PulAction a;
        CHECK(genial_random_action(g, rng, &a));
        CHECK_INT(genial_apply(g, &a, NULL), PUL_LEGAL);
    }
}

/* bag + racks + board = every tile, per kind */
static void check_tiles(const PulGame *pg) {
    const GenialGame *g = GGC(pg);
    const GenialVariant *gv = GV(g);
    int count[GENIAL_MAX_KINDS] = {0}, bag = 0;
    for (int k = 0; k < gv->nkinds; k++) {
        count[k] += g->bag[k];
        bag += g->bag[k];
    }
    CHECK_INT(bag, g->bag_n);
    for (int s = 0; s < g->h.nseats; s++)
        for (int i = 0; i < g->nrack[s]; i++) count[g->rack[s][i]]++;
    for (int i = 0; i < g->nplaced; i++) count[g->placed[i].kind]++;
    for (int k = 0; k < gv->nkinds; k++) CHECK_INT(count[k], gv->kind_count[k]);
}

/* Another true game with what seat sees unchanged: every other seat's rack
** traded with the bag where the bag allows. */
static void trade_hidden(PulGame *pg, int seat, PulRng *rng) {
    GenialGame *g = GG(pg);
    for (int s = 0; s < g->h.nseats; s++) {
        if (s == seat) continue;
        for (int i = 0; i < g->nrack[s] && g->bag_n > 0; i++) {
            int r = (int)pul_rng_below(rng, g->bag_n), k = 0;
            while (r >= g->bag[k]) r -= g->bag[k++];
            g->bag[k]--;
            g->bag[g->rack[s][i]]++;
            g->rack[s][i] = (uint8_t)k;
        }
    }
}

/* Teams: a partner's rack is hidden like an opponent's; one's own is shown. */
static void test_hidden(void) {
    PulVariant *v = fx_variant("genial-teams");
    PulGame *g = v ? pul_game_new(v) : NULL, *h = v ? pul_game_new(v) : NULL;
    PulError err;
    CHECK(g && h && pul_game_start(g, 4, 5, NULL, 0, &err) == PUL_OK);
    if (!g || !h) goto done;
    PulRng rng;
    pul_rng_seed(&rng, 8);
    advance(g, &rng, 30);
    genial_observe(g, 0, &oa);
    const GenialGame *gg = GGC(g);
    CHECK_INT(oa.seat, 0);
    CHECK_INT(oa.nseats, 4);
    CHECK_INT(oa.genial.bag_count, gg->bag_n);
    for (int s = 0; s < 4; s++) CHECK_INT(oa.genial.rack_count[s], gg->nrack[s]);
    for (int i = 0; i < gg->nrack[0]; i++) CHECK_INT(oa.genial.rack[i], gg->rack[0][i]);
    for (int i = gg->nrack[0]; i < PUL_GENIAL_RACK_MAX; i++) CHECK_INT(oa.genial.rack[i], 0);
    /* partners' tracks are one: seats 0 and 2 show the same */
    CHECK(memcmp(oa.genial.tracks[0], oa.genial.tracks[2], sizeof oa.genial.tracks[0]) == 0);
    CHECK(memcmp(oa.genial.tracks[1], oa.genial.tracks[3], sizeof oa.genial.tracks[1]) == 0);
    CHECK_INT(oa.genial.nplaced, gg->nplaced);
    CHECK_INT(oa.genial.rule[GENIAL_P_SEGMENTS], 2);
    CHECK_INT(oa.genial.rule[GENIAL_P_TEAMS], GENIAL_TEAMS_ALTERNATE);
    /* the partner's (seat 2) and opponents' racks traded with the bag: seat 0
    ** sees the very same observation, and the same hash */
    pul_game_copy(h, g);
    trade_hidden(h, 0, &rng);
    CHECK(memcmp(GGC(h)->rack[2], gg->rack[2], 6) != 0);
    genial_observe(h, 0, &ob);
    CHECK(memcmp(&oa, &ob, sizeof oa) == 0);
    CHECK(genial_observation_hash(v, &oa) == genial_observation_hash(v, &ob));
    /* seat 2 sees its own rack change */
    genial_observe(g, 2, &oa);
    genial_observe(h, 2, &ob);
    CHECK(memcmp(&oa, &ob, sizeof oa) != 0);
    CHECK(genial_observation_hash(v, &oa) != genial_observation_hash(v, &ob));
done:
    pul_game_free(g);
    pul_game_free(h);
    pul_variant_free(v);
}

/* A determinization of every seat's view at several points of random games:
** the same observation, every tile accounted for, the same legal list for the
** seat to move, and a game that plays on to its end. */
static void determinize_games(const char *edition, int nseats, uint64_t seed) {
    PulVariant *v = fx_variant(edition);
    PulGame *g = v ? pul_game_new(v) : NULL, *h = v ? pul_game_new(v) : NULL;
    PulError err;
    CHECK(g && h && pul_game_start(g, nseats, seed, NULL, 0, &err) == PUL_OK);
    if (!g || !h) goto done;
    PulRng rng;
    pul_rng_seed(&rng, seed * 3 + 1);
    for (int round = 0; round < 40; round++) {
        for (int seat = 0; seat < nseats; seat++) {
            genial_observe(g, seat, &oa);
            /* h holds an unrelated game first: nothing of it may survive */
            pul_game_copy(h, g);
            trade_hidden(h, seat, &rng);
            CHECK_INT(genial_from_observation(h, &oa, &rng, &err), PUL_OK);
            genial_observe(h, seat, &ob);
            if (memcmp(&oa, &ob, sizeof oa) != 0)
                fprintf(stderr, "%s %dp round %d seat %d: observation differs\n", edition,
                        nseats, round, seat);
            CHECK(memcmp(&oa, &ob, sizeof oa) == 0);
            check_tiles(h);
            const GenialGame *x = GGC(g), *y = GGC(h);
            CHECK(memcmp(x->cell, y->cell, sizeof x->cell) == 0);
            CHECK(memcmp(x->empty, y->empty, sizeof x->empty) == 0);
            CHECK_INT(x->nempty, y->nempty);
            CHECK(memcmp(x->track, y->track, sizeof x->track) == 0);
            CHECK_INT(x->area, y->area);
            CHECK_INT(x->nteams, y->nteams);
            CHECK_INT(x->mover, y->mover);
            if (seat == x->h.to_move) {
                int na = genial_legal_actions(g, la, PUL_MAX_ACTIONS);
                int nb = genial_legal_actions(h, lb, PUL_MAX_ACTIONS);
                CHECK_INT(na, nb);
                CHECK(na == nb && memcmp(la, lb, sizeof la[0] * (size_t)na) == 0);
            }
        }
        if (round % 8 == 7) {
            /* the determinization plays on to the end */
            PulRng r2;
            pul_rng_seed(&r2, (uint64_t)round);
            advance(h, &r2, 3000);
            CHECK(pul_game_over(h));
            check_tiles(h);
        }
        if (pul_game_over(g)) break;
        advance(g, &rng, 5);
    }
done:
    pul_game_free(g);
    pul_game_free(h);
    pul_variant_free(v);
}

static void test_determinize(void) {
    determinize_games("genial", 2, 3);
    determinize_games("genial", 3, 4);
    determinize_games("genial", 4, 5);
    determinize_games("genial-teams", 4, 6);
    determinize_games("genial-solo", 1, 7);
}

/* Two true games with one observation: for one generator seed, the same
** determinization, byte for byte; over seeds, the same draws. */
static void test_no_cheating(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *a = v ? pul_game_new(v) : NULL, *b = v ? pul_game_new(v) : NULL;
    PulGame *da = v ? pul_game_new(v) : NULL, *db = v ? pul_game_new(v) : NULL;
    PulError err;
    CHECK(a && b && da && db && pul_game_start(a, 3, 12, NULL, 0, &err) == PUL_OK);
    if (!a || !b || !da || !db) goto done;
    PulRng rng;
    pul_rng_seed(&rng, 13);
    advance(a, &rng, 25);
    pul_game_copy(b, a);
    trade_hidden(b, 1, &rng);
    CHECK(memcmp(GGC(a)->rack, GGC(b)->rack, sizeof GGC(a)->rack) != 0 ||
          memcmp(GGC(a)->bag, GGC(b)->bag, sizeof GGC(a)->bag) != 0);
    genial_observe(a, 1, &oa);
    genial_observe(b, 1, &ob);
    CHECK(memcmp(&oa, &ob, sizeof oa) == 0);
    int differ = 0;
    for (uint64_t seed = 0; seed < 50; seed++) {
        PulRng ra, rb;
        pul_rng_seed(&ra, seed);
        pul_rng_seed(&rb, seed);
        /* each starts from its own true game */
        pul_game_copy(da, a);
        pul_game_copy(db, b);
        CHECK_INT(genial_from_observation(da, &oa, &ra, &err), PUL_OK);
        CHECK_INT(genial_from_observation(db, &ob, &rb, &err), PUL_OK);
        if (memcmp(da, db, sizeof(GenialGame)) != 0) {
            const unsigned char *x = (const void *)da, *y = (const void *)db;
            size_t at = 0;
            while (x[at] == y[at]) at++;
            fprintf(stderr, "determinizations differ at byte %zu of %zu\n", at, sizeof(GenialGame));
        }
        CHECK(memcmp(da, db, sizeof(GenialGame)) == 0);
        CHECK(memcmp(&ra, &rb, sizeof ra) == 0);
        /* and the hidden racks do vary with the seed */
        if (seed && memcmp(GGC(da)->rack, GGC(a)->rack, sizeof GGC(a)->rack) != 0) differ++;
    }
    CHECK(differ > 40);
done:
    pul_game_free(a);
    pul_game_free(b);
    pul_game_free(da);
    pul_game_free(db);
    pul_variant_free(v);
}

/* Observations no game of the variant has: refused, g left not started. */
static void test_refused(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g = v ? pul_game_new(v) : NULL, *h = v ? pul_game_new(v) : NULL;
    PulError err;
    CHECK(g && h && pul_game_start(g, 2, 40, NULL, 0, &err) == PUL_OK);
    if (!g || !h) goto done;
    PulRng rng;
    pul_rng_seed(&rng, 41);
    advance(g, &rng, 20);
    genial_observe(g, 0, &oa);
    CHECK(oa.genial.nplaced >= 2);
    for (int c = 0; c < 12; c++) {
        ob = oa;
        switch (c) {
        case 0: ob.nseats = 5; break;                           /* genial is 2-4 */
        case 1: ob.seat = 2; break;
        case 2: ob.genial.bag_count++; break;                   /* tiles do not add up */
        case 3: ob.genial.rack_count[1]++; break;
        case 4: ob.genial.placed[1] = ob.genial.placed[0]; break;          /* overlap */
        case 5: ob.genial.placed[0].q = 6; ob.genial.placed[0].r = 0; break; /* off the area */
        case 6: ob.genial.placed[0].kind = 21; break;
        case 7: ob.genial.rule[GENIAL_P_RACK_SIZE] = 9; break;
        case 8: ob.genial.nplaced = 200; break;
        case 9: ob.genial.tracks[0][0] = 19; break;             /* past the end (18) */
        case 10: ob.genial.rack[0] = 40; break;
        case 11: ob.genial.phase = 3; break;
        }
        pul_game_copy(h, g);
        PulStatus st = genial_from_observation(h, &ob, &rng, &err);
        if (st == PUL_OK) fprintf(stderr, "bad observation %d taken\n", c);
        CHECK(st != PUL_OK);
        CHECK_STR(err.code, "bad-value");
        CHECK(!GGC(h)->h.started);
    }
done:
    pul_game_free(g);
    pul_game_free(h);
    pul_variant_free(v);
}

/* The hash sees each field. */
static void test_hash(void) {
    PulVariant *v = fx_variant("genial");
    PulGame *g = v ? fx_start(v, 2, "rg bo yy pp gb ro / ry gg bp oy rb go") : NULL;
    CHECK(g != NULL);
    if (!g) goto done;
    PulAction a;
    CHECK(genial_action_parse(v, "rg@4,-4e", &a) && genial_apply(g, &a, NULL) == PUL_LEGAL);
    genial_observe(g, 0, &oa);
    uint64_t base = genial_observation_hash(v, &oa);
    CHECK(genial_observation_hash(v, &oa) == base);
    for (int c = 0; c < 10; c++) {
        ob = oa;
        switch (c) {
        case 0: ob.to_move ^= 1; break;
        case 1: ob.genial.phase = GENIAL_PLACE; break;
        case 2: ob.genial.bag_count--; break;
        case 3: ob.genial.rack_count[1]--; break;
        case 4: ob.genial.rack[0]++; break;
        case 5: ob.genial.tracks[1][2] = 1; break;
        case 6: ob.genial.first_used = 0; break;
        case 7: ob.genial.placed[0].q++; break;
        case 8: ob.genial.placed[0].flip ^= 1; break;
        case 9: ob.turns++; break;
        }
        if (genial_observation_hash(v, &ob) == base) fprintf(stderr, "hash case %d\n", c);
        CHECK(genial_observation_hash(v, &ob) != base);
    }
done:
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_hidden);
    RUN(test_determinize);
    RUN(test_no_cheating);
    RUN(test_refused);
    RUN(test_hash);
    return CHECK_DONE();
}
