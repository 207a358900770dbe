/*
** test_scripted_editions.c: the shipped edition whose rules are a Lua
** script, played end to end through the public API: micropul-solo-peek
** (scripts/solo_peek.lua): crosses reveal supply tiles, known tiles are
** offered and taken by name, random takes never pick one, only the owner
** sees them, and every game replays from its record to a byte-identical
** state. (The 3-4 player editions are data now: test_players_3_4.c.)
**
** Games per edition: 2000 (about a second in a Release build, a few under
** ASan); the environment variable PUL_SCRIPTED_GAMES sets another number.
*/
#include <stdlib.h>
#include <string.h>

#include "game_util.h"

enum { MAX_MOVES = 2000, DEFAULT_GAMES = 2000 };

static int games_per_edition(void) {
    const char *env = getenv("PUL_SCRIPTED_GAMES");
    return env && atoi(env) > 0 ? atoi(env) : DEFAULT_GAMES;
}

static int feature_named(const PulVariant *v, const char *name) {
    const PulTileSet *ts = pul_variant_tileset(v);
    for (int f = 0; f < ts->nfeatures; f++)
        if (strcmp(ts->feature[f].name, name) == 0) return f;
    return -1;
}

static bool ends_with(const char *s, const char *tail) {
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && strcmp(s + n - k, tail) == 0;
}

static uint64_t bit(int t) { return UINT64_C(1) << t; }

static int popcount(uint64_t x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}


static uint64_t supply_bits(const PulGame *g, int seat) {
    uint8_t sup[PUL_MAX_TILES];
    uint64_t bits = 0;
    int n = pul_game_supply(g, seat, sup, PUL_MAX_TILES);
    for (int i = 0; i < n; i++) bits |= bit(sup[i]);
    return bits;
}

/* ------------------------------------------------------------------- peek */

typedef struct {
    long games, actions, crosses, reveals, empty_peeks, known_takes, random_takes,
        random_takes_past_known, round_trips;
} PeekTally;

/* Takes pul_legal_actions offers: one random take while a supply tile is
** unknown, one named take per known supply tile. */
static void check_takes_listed(const PulGame *g, const PulAction *acts, int n) {
    int seat = pul_game_to_move(g);
    uint64_t known = pul_game_known(g, seat), sup = supply_bits(g, seat);
    int nsup = pul_game_supply(g, seat, NULL, 0);
    bool may = nsup > 0 && pul_game_hand(g, seat, NULL, 0) < pul_game_rules(g)->hand_limit;
    int random = 0;
    uint64_t named = 0;
    for (int i = 0; i < n; i++) {
        if (acts[i].kind != PUL_TAKE) continue;
        if (acts[i].tile == PUL_NO_TILE) {
            random++;
            continue;
        }
        CHECK(!(named & bit(acts[i].tile))); /* each once */
        named |= bit(acts[i].tile);
        CHECK_INT(pul_check(g, &acts[i]), PUL_LEGAL);
    }
    CHECK_INT(random, may && popcount(known) < nsup ? 1 : 0);
    CHECK(named == (may ? known : 0));
    CHECK((known & ~sup) == 0); /* known tiles are supply tiles */
}

/* The player chooses among the takes a third of the time it may take, so
** known tiles get taken both by name and past them at random. */
static bool choose_peek(const PulGame *g, PulRng *rng, PulAction *acts, PulAction *out) {
    int n = pul_legal_actions(g, acts, PUL_MAX_ACTIONS);
    if (n == 0) return false;
    check_takes_listed(g, acts, n);
    int takes[PUL_MAX_TILES + 1], ntakes = 0;
    for (int i = 0; i < n; i++)
        if (acts[i].kind == PUL_TAKE && ntakes <= PUL_MAX_TILES) takes[ntakes++] = i;
    if (ntakes && pul_rng_below(rng, 3) == 0)
        *out = acts[takes[pul_rng_below(rng, (uint32_t)ntakes)]];
    else
        *out = acts[pul_rng_below(rng, (uint32_t)n)];
    return true;
}

/* The test's own model of each supply in draw order: DREW events append the
** next tiles of the core, TOOK removes one. The peek shows the newest tile
** the seat does not know, before the placement's own draws. */
typedef struct {
    int n[PUL_MAX_SEATS];
    uint8_t tile[PUL_MAX_SEATS][PUL_MAX_TILES];
} SupplyModel;

static void model_remove(SupplyModel *m, int seat, int tile) {
    for (int i = 0; i < m->n[seat]; i++)
        if (m->tile[seat][i] == tile) {
            memmove(&m->tile[seat][i], &m->tile[seat][i + 1], (size_t)(m->n[seat] - i - 1));
            m->n[seat]--;
            return;
        }
    CHECK(0); /* took a tile the model has not seen drawn */
}

static void play_peek(const PulVariant *v, int seats, uint64_t seed, PeekTally *t) {
    static PulAction acts[PUL_MAX_ACTIONS], moves[MAX_MOVES];
    int cross = feature_named(v, "cross");
    PulGame *g = pul_game_new(v);
    PulError err;
    if (!g) return;
    CHECK_INT(pul_game_start(g, seats, seed, NULL, 0, &err), PUL_OK);
    uint8_t core[PUL_MAX_TILES];
    pul_game_core_initial(g, core, PUL_MAX_TILES);
    SupplyModel m = {{0}, {{0}}};
    PulRng rng;
    pul_rng_seed(&rng, seed * 104729 + 11);
    PulEvents ev;
    PulAction a, done;
    int nmoves = 0;
    while (!pul_game_over(g) && nmoves < MAX_MOVES) {
        if (!choose_peek(g, &rng, acts, &a)) break;
        int seat = pul_game_to_move(g);
        uint64_t known = pul_game_known(g, seat);
        int drawn = pul_game_core_drawn(g);
        PulReason why = pul_apply(g, &a, &ev);
        CHECK_INT(why, PUL_LEGAL);
        if (why != PUL_LEGAL) break;
        pul_events_action(&ev, &done);
        moves[nmoves++] = done;
        bool matched[PUL_MAX_EVENTS] = {false};
        for (int i = 0; i < ev.n; i++) {
            const PulEvent *e = &ev.ev[i];
            switch (e->kind) {
            case PUL_EV_ACTIVATED: {
                if (e->feature != cross) break;
                /* The peek: the newest supply tile not known yet, if any,
                ** shown by the next REVEALED event not matched yet. */
                t->crosses++;
                int want = -1, got = -1;
                for (int k = m.n[seat] - 1; k >= 0 && want < 0; k--)
                    if (!(known & bit(m.tile[seat][k]))) want = m.tile[seat][k];
                for (int k = i + 1; k < ev.n && got < 0; k++)
                    if (ev.ev[k].kind == PUL_EV_REVEALED && !matched[k]) {
                        matched[k] = true;
                        got = ev.ev[k].tile;
                        CHECK_INT(ev.ev[k].seat, seat);
                    }
                CHECK_INT(got, want);
                if (want >= 0) {
                    known |= bit(want);
                    t->reveals++;
                } else {
                    t->empty_peeks++;
                }
                break;
            }
            case PUL_EV_REVEALED:
                CHECK(matched[i]); /* no reveal but a cross's */
                break;
            case PUL_EV_EXTRA_TURN:
                CHECK(0); /* the peek replaces the cross's extra turn */
                break;
            case PUL_EV_DREW:
                for (int k = 0; k < e->count; k++) m.tile[seat][m.n[seat]++] = core[drawn++];
                break;
            case PUL_EV_TOOK:
                if (a.tile == PUL_NO_TILE) {
                    CHECK(!(known & bit(e->tile))); /* a random take: never a known tile */
                    t->random_takes++;
                    t->random_takes_past_known += known != 0;
                } else {
                    CHECK_INT(e->tile, a.tile);
                    t->known_takes += (known & bit(e->tile)) != 0;
                }
                known &= ~bit(e->tile);
                model_remove(&m, seat, e->tile);
                break;
            default:
                break;
            }
        }
        CHECK(!pul_game_in_extra_turn(g));
        CHECK(pul_game_known(g, seat) == known);
        if (!tiles_conserved(g, "scripted")) {
            CHECK(false);
            break;
        }
        /* The model's supplies are the engine's; each seat sees only its own
        ** known tiles, and those are not among what it cannot see. */
        for (int s = 0; s < seats; s++) {
            uint64_t mine = 0;
            for (int k = 0; k < m.n[s]; k++) mine |= bit(m.tile[s][k]);
            CHECK(mine == supply_bits(g, s));
            PulObservation o;
            pul_observe(g, s, &o);
            uint64_t listed = 0;
            for (int k = 0; k < o.nknown; k++) listed |= bit(o.known[k]);
            CHECK_INT(o.nknown, popcount(listed));
            CHECK(listed == pul_game_known(g, s));
            for (int k = 0; k < o.nunseen; k++) CHECK(!(listed & bit(o.unseen[k])));
        }
    }
    t->games++;
    t->actions += nmoves;
    CHECK(pul_game_over(g));
    bool same = replays_identically(g, moves, nmoves);
    CHECK(same);
    t->round_trips += same;
    CHECK(pul_game_script_error(g) == NULL);
    pul_game_free(g);
}

static void report_peek(const char *what, const PeekTally *t) {
    printf("  %-18s %ld games, %ld actions, %ld crosses: %ld reveals, %ld with nothing to show; "
           "%ld known tiles taken by name, %ld random takes (%ld past known tiles)\n",
           what, t->games, t->actions, t->crosses, t->reveals, t->empty_peeks, t->known_takes,
           t->random_takes, t->random_takes_past_known);
}

static void test_solo_peek(void) {
    PulVariant *v = open_edition("micropul-solo-peek", NULL);
    if (!v) return;
    const PulRules *r = pul_variant_rules(v);
    const PulVariantInfo *info = pul_variant_info(v);
    CHECK_INT(r->min_players, 1);
    CHECK_INT(r->max_players, 1);
    CHECK(!r->solo_extra_turn);
    CHECK_STR(info->extends, "micropul-solo");
    CHECK(pul_variant_has_scripts(v));
    CHECK_INT(info->nscripts, 1);
    CHECK(ends_with(info->script[0], "scripts/solo_peek.lua"));
    for (int l = 0; l < PUL_NLANGS; l++) CHECK(pul_variant_title(v, l)[0] != '\0');
    PeekTally t = {0};
    int games = games_per_edition();
    for (int k = 0; k < games; k++) play_peek(v, 1, (uint64_t)k + 1, &t);
    report_peek("micropul-solo-peek", &t);
    CHECK_INT(t.games, games);
    CHECK_INT(t.round_trips, games);
    /* Each part of the rule was exercised. */
    CHECK(t.reveals > 0);
    CHECK(t.empty_peeks > 0);
    CHECK(t.known_takes > 0);
    CHECK(t.random_takes_past_known > 0);
    pul_variant_free(v);
}

/* The peek with two seats: a seat's known tiles are its own, the other seat
** never sees them, and the cross gives no extra turn here either. */
static void test_peek_two_seats(void) {
    static const char yaml[] = "name: peek-duo\n"
                               "extends: micropul\n"
                               "title: Micropul with the peek, for two\n"
                               "players: {min: 2, max: 2}\n"
                               "scripts: [../scripts/solo_peek.lua]\n";
    PulError err;
    PulVariant *v =
        pul_variant_load_string(yaml, sizeof yaml - 1, "peek-duo.yaml", ".", NULL, &err);
    if (!v) fprintf(stderr, "  %s\n", err.message);
    CHECK(v != NULL);
    if (!v) return;
    PeekTally t = {0};
    int games = games_per_edition() / 2;
    for (int k = 0; k < games; k++) play_peek(v, 2, (uint64_t)k + 1, &t);
    report_peek("two seats", &t);
    CHECK(t.reveals > 0);
    CHECK(t.known_takes > 0);
    CHECK_INT(t.round_trips, games);
    pul_variant_free(v);
}

/* Crosses with extra_turn cleared in each ACTIVATED cross event (the peek's
** handler clears it), and all cross events, in random games of v: the
** engine looks for catalysts its hooks hear of before each placement
** (apply.c), and one it missed would run without the handler. */
static void cross_events(PulVariant *v, int games, long *cleared, long *all) {
    int cross = feature_named(v, "cross");
    CHECK(cross >= 0);
    PulGame *g = pul_game_new(v);
    PulEvents *ev = malloc(sizeof *ev);
    PulRng rng;
    pul_rng_seed(&rng, 7);
    *cleared = *all = 0;
    for (int k = 0; k < games && g && ev; k++) {
        PulError err;
        CHECK(pul_game_start(g, 1, (uint64_t)k + 1, NULL, 0, &err) == PUL_OK);
        PulAction a;
        for (int n = 0; n < MAX_MOVES && !pul_game_over(g) && pul_random_action(g, &rng, &a); n++) {
            CHECK_INT(pul_apply(g, &a, ev), PUL_LEGAL);
            for (int i = 0; i < ev->n; i++) {
                const PulEvent *e = &ev->ev[i];
                if (e->kind != PUL_EV_ACTIVATED || e->feature != cross) continue;
                (*all)++;
                *cleared += e->value == 0;
            }
        }
    }
    free(ev);
    pul_game_free(g);
}

/* Every cross a placement fires, its own or a neighbour's, big tile or not,
** reaches the peek's handler; without the script none is cleared. */
static void test_peek_hears_every_cross(void) {
    PulVariant *peek = open_edition("micropul-solo-peek", NULL);
    PulVariant *solo = open_edition("micropul-solo", NULL);
    if (!peek || !solo) return;
    long cleared, all;
    int games = games_per_edition() / 4 + 1;
    cross_events(peek, games, &cleared, &all);
    CHECK(all > 0);
    CHECK_INT(cleared, all);
    cross_events(solo, games, &cleared, &all);
    CHECK(all > 0);
    CHECK_INT(cleared, 0);
    pul_variant_free(peek);
    pul_variant_free(solo);
}

int main(void) {
    /* The tests run in tests/; ctest puts the shipped editions on PUL_PATH,
    ** and they find their scripts in the scripts folder beside them. */
    RUN(test_solo_peek);
    RUN(test_peek_two_seats);
    RUN(test_peek_hears_every_cross);
    return CHECK_DONE();
}
