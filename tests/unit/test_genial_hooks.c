/*
** test_genial_hooks.c: each of Einfach Genial's Lua hooks (genial_hooks.h)
** on editions that extend genial with a script written to the scratch
** folder: setup's set_rule, score_placement, on_bonus, after_action,
** is_over, final_scores, the game object's Genial reads, and a failing hook
** leaving the game byte for byte as it was.
*/
#define _XOPEN_SOURCE 700 /* mkdtemp, nftw (scratch_util.h) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "genial_hooks.h"
#include "genial_state.h"
#include "scratch_util.h"
#include "variant.h"

/* genial with one script of the given text (scratch/NAME.lua), or NULL with
** the error said on stderr. */
/* A game of v started with seats and seed (a failure counted). */
static PulGame *started(PulVariant *v, int seats, uint64_t seed) {
    PulGame *g = pul_game_new(v);
    PulError err;
    CHECK(g != NULL);
    if (g) CHECK_INT(pul_game_start(g, seats, seed, NULL, 0, &err), PUL_OK);
    return g;
}

static PulVariant *edition(const char *name, const char *lua) {
    char rel[64], yaml[512], dir[PATH_MAX];
    snprintf(rel, sizeof rel, "%s.lua", name);
    write_text(rel, lua);
    int n = snprintf(yaml, sizeof yaml,
                     "name: %s\nextends: genial\ntitle: hooks test\nscripts: [%s]\n", name, rel);
    PulError err;
    PulVariant *v = pul_variant_load_string(yaml, (size_t)n, "test.yaml",
                                            scratch_path(dir, sizeof dir, ""), NULL, &err);
    if (!v) fprintf(stderr, "  %s: %s\n", name, err.message);
    CHECK(v != NULL);
    return v;
}

/* The first legal placement of g, or false. */
static bool first_placement(const PulGame *g, PulAction *out) {
    static PulAction acts[PUL_MAX_ACTIONS];
    int n = pul_legal_actions(g, acts, PUL_MAX_ACTIONS);
    for (int i = 0; i < n; i++)
        if (acts[i].kind == PUL_PLACE) {
            *out = acts[i];
            return true;
        }
    return false;
}

/* The points of the SCORED events, in event order. */
static int scored(const PulEvents *ev, int *pts) {
    int k = 0;
    for (int i = 0; i < ev->n; i++)
        if (ev->ev[i].kind == PUL_EV_SCORED && k < 2) pts[k++] = ev->ev[i].count;
    return k;
}

static void test_no_scripts_no_table(void) {
    PulError err;
    PulVariant *v = pul_variant_open("genial", NULL, &err);
    CHECK(v != NULL);
    if (!v) return;
    /* No scripts: no table, so apply never leaves the fast path. */
    CHECK(v->hooks == NULL);
    pul_variant_free(v);
}

static void test_score_placement(void) {
    PulVariant *v = edition("double", "return { score_placement = function(game, half)\n"
                                      "  assert(half.half == 1 or half.half == 2)\n"
                                      "  assert(type(half.symbol) == 'string')\n"
                                      "  assert(game:cell(half.q, half.r) == half.symbol)\n"
                                      "  return half.points * 2 + 1\n"
                                      "end }\n");
    if (!v) return;
    const GenialHooks *t = v->hooks;
    CHECK(t && t->score_placement && !t->on_bonus && !t->after_action && !t->setup);
    PulGame *g = started(v, 2, 7);
    PulAction a;
    CHECK(first_placement(g, &a));
    int rules[2], pts[2];
    CHECK(pul_genial_points(g, &a, rules));
    PulEvents ev;
    CHECK_INT(pul_apply(g, &a, &ev), PUL_LEGAL);
    CHECK_INT(scored(&ev, pts), 2);
    /* Written order (a double may be scored the other way round; both x2+1). */
    CHECK((pts[0] == rules[0] * 2 + 1 && pts[1] == rules[1] * 2 + 1) ||
          (pts[0] == rules[1] * 2 + 1 && pts[1] == rules[0] * 2 + 1));
    pul_game_free(g);
    pul_variant_free(v);
}

/* half is one table per state, used again: what the first half's handler did
** to it (a metatable, fields removed or changed) shows nothing of it to the
** second half's. game:tracks is keyed by the symbols' names, as half.symbol. */
static void test_half_reused(void) {
    PulVariant *v = edition("reused", "local kept\n"
                                      "return { score_placement = function(game, half)\n"
                                      "  if kept then\n"
                                      "    assert(getmetatable(half) == nil, 'a metatable stayed')\n"
                                      "    assert(half.seat == 1 and (half.half == 1 or half.half == 2),\n"
                                      "           'a field stayed')\n"
                                      "    assert(game:cell(half.q, half.r) == half.symbol, 'q, r or symbol')\n"
                                      "    assert(kept.symbol == half.symbol, 'a kept half shows the running call')\n"
                                      "    local tracks, n = game:tracks(half.seat), 0\n"
                                      "    for k, t in pairs(tracks) do\n"
                                      "      assert(type(k) == 'string' and math.type(t) == 'integer')\n"
                                      "      n = n + 1\n"
                                      "    end\n"
                                      "    assert(n == 6 and tracks[half.symbol] == 0, 'tracks by name')\n"
                                      "    return\n"
                                      "  end\n"
                                      "  kept = half\n"
                                      "  half.seat = nil; half.symbol = 42; half.q = 'x'; half.points = nil\n"
                                      "  setmetatable(half, { __index = function() error('tampered') end,\n"
                                      "                       __newindex = function() error('tampered') end })\n"
                                      "end }\n");
    if (!v) return;
    PulGame *g = started(v, 2, 7);
    PulAction a;
    CHECK(first_placement(g, &a));
    int rules[2], pts[2];
    CHECK(pul_genial_points(g, &a, rules));
    PulEvents ev;
    PulReason r = pul_apply(g, &a, &ev);
    CHECK_INT(r, PUL_LEGAL);
    if (r != PUL_LEGAL && pul_game_script_error(g))
        fprintf(stderr, "  %s\n", pul_game_script_error(g)->message);
    /* Neither handler returned points: the rules' stand. */
    CHECK_INT(scored(&ev, pts), 2);
    CHECK((pts[0] == rules[0] && pts[1] == rules[1]) || (pts[0] == rules[1] && pts[1] == rules[0]));
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_on_bonus(void) {
    PulVariant *v = edition("nobonus", "seen = 0\n"
                                       "return { on_bonus = function(game, b)\n"
                                       "  assert(b.count == 1 and b.seat == 1)\n"
                                       "  seen = seen + 1\n"
                                       "  b.count = 0\n"
                                       "end, after_action = function(game, events)\n"
                                       "  if events[1].kind == 'placed' then\n"
                                       "    assert(seen > 0)\n"
                                       "  end\n"
                                       "end }\n");
    if (!v) return;
    PulGame *g = started(v, 2, 3);
    /* Every track of seat 1 one short of its end: any half that scores reaches it. */
    GenialGame *gg = GG(g);
    for (int s = 0; s < 6; s++) gg->track[0][s] = 17;
    static PulAction acts[PUL_MAX_ACTIONS];
    int n = pul_legal_actions(g, acts, PUL_MAX_ACTIONS), i = 0, pts[2];
    for (; i < n; i++) {
        if (acts[i].kind != PUL_PLACE) continue;
        if (!pul_genial_points(g, &acts[i], pts)) continue;
        /* one half scores, the other not: exactly one segment end */
        if ((pts[0] > 0) != (pts[1] > 0)) break;
    }
    CHECK(i < n);
    if (i < n) {
        PulEvents ev;
        CHECK_INT(pul_apply(g, &acts[i], &ev), PUL_LEGAL);
        bool bonus = false;
        for (int k = 0; k < ev.n; k++) bonus |= ev.ev[k].kind == PUL_EV_BONUS;
        CHECK(!bonus);
        CHECK(pul_genial_turn_end_due(g));
    }
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_setup_set_rule(void) {
    PulVariant *v = edition("rack4", "return { setup = function(game)\n"
                                     "  assert(game:rule('rack_size') == 6)\n"
                                     "  game:set_rule('rack_size', 4)\n"
                                     "end }\n");
    if (!v) return;
    PulGame *g = started(v, 3, 1);
    PulError err;
    uint8_t rack[PUL_GENIAL_RACK_MAX];
    for (int s = 0; s < 3; s++) CHECK_INT(pul_genial_rack(g, s, rack, PUL_GENIAL_RACK_MAX), 4);
    CHECK_INT(pul_genial_bag(g), 120 - 12);
    /* The record of that game starts from its deal of 4-tile racks, and a
    ** replay starts where the game did: the deal is checked against the rules
    ** the setup hook left, not the edition's 6. */
    PulRecord *rec = pul_record_new();
    CHECK_INT(pul_record_from_start(rec, g), PUL_OK);
    const char *deal = pul_record_tag(rec, "Deal");
    CHECK(deal != NULL && strlen(deal) == 3 * (4 * 3 - 1) + 2 * 3);
    PulGame *replay = pul_game_new(v);
    CHECK_INT(pul_record_start_game(rec, replay, &err), PUL_OK);
    CHECK(memcmp(replay, g, pul_game_size()) == 0);
    /* A rack of 5 does not fit the 4 the hook left, and the error says so. */
    char five[256];
    snprintf(five, sizeof five, "%s %.2s", deal ? deal : "", deal ? deal : "");
    CHECK_INT(pul_record_set_tag(rec, "Deal", five), PUL_OK);
    CHECK(pul_record_start_game(rec, replay, &err) != PUL_OK);
    CHECK(strstr(err.message, "its rack holds 4") != NULL);
    CHECK(strstr(err.message, "setup hook") != NULL);
    pul_game_free(replay);
    pul_record_free(rec);
    pul_game_free(g);
    pul_variant_free(v);

    v = edition("badrule", "return { setup = function(game) game:set_rule('rack_sise', 4) end }\n");
    if (!v) return;
    g = pul_game_new(v);
    CHECK_INT(pul_game_start(g, 2, 1, NULL, 0, &err), PUL_ERR_SCRIPT);
    CHECK(strstr(err.message, "did you mean 'rack_size'") != NULL);
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_reads_end_and_final(void) {
    /* after_action reads the game; is_over ends it after three actions;
    ** final_scores gives seat 2 ten points more and names seat 2 the winner. */
    PulVariant *v = edition("reads", "actions = 0\n"
                                     "return {\n"
                                     "after_action = function(game, events)\n"
                                     "  actions = actions + 1\n"
                                     "  assert(game:seats() == 2 and game:bag() <= 108)\n"
                                     "  assert(game:team(1) == 1 and game:team(2) == 2)\n"
                                     "  local t = game:tracks(events[1].seat)\n"
                                     "  assert(t.red and t.purple)\n"
                                     "  assert(#game:rack() <= 6)\n"
                                     "  assert(game:cell(0, 5) == 'blue')\n"
                                     "  assert(game:cell(99, 0) == nil)\n"
                                     "end,\n"
                                     "is_over = function(game) return actions >= 3 end,\n"
                                     "final_scores = function(game, scores)\n"
                                     "  return {scores[1], scores[2] + 10}, {2}\n"
                                     "end }\n");
    if (!v) return;
    PulGame *g = started(v, 2, 5);
    PulRng rng;
    pul_rng_seed(&rng, 9);
    for (int k = 0; k < 3; k++) {
        PulAction a;
        CHECK(pul_random_action(g, &rng, &a));
        CHECK_INT(pul_apply(g, &a, NULL), PUL_LEGAL);
    }
    CHECK(pul_game_over(g));
    CHECK_INT(pul_game_end_reason(g), PUL_END_SCRIPT);
    int scores[2], win[2];
    pul_game_scores(g, scores, 2);
    CHECK_INT(scores[1], 10);
    CHECK_INT(pul_game_winners(g, win, 2), 1);
    CHECK_INT(win[0], 1);
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_error_leaves_game(void) {
    PulVariant *v = edition("fails", "return { score_placement = function(game, half)\n"
                                     "  if half.half == 2 then error('no') end\n"
                                     "end }\n");
    if (!v) return;
    PulGame *g = pul_game_new(v), *before = pul_game_new(v);
    PulError err;
    CHECK_INT(pul_game_start(g, 2, 11, NULL, 0, &err), PUL_OK);
    PulAction a;
    CHECK(first_placement(g, &a));
    pul_game_copy(before, g);
    PulEvents ev;
    CHECK_INT(pul_apply(g, &a, &ev), PUL_R_SCRIPT_ERROR);
    CHECK_INT(ev.n, 0);
    CHECK(memcmp(g, before, sizeof(GenialGame)) == 0);
    const PulError *se = pul_game_script_error(g);
    CHECK(se && strstr(se->message, "in hook score_placement") != NULL);
    /* A refill runs no placement hook: no guard, no Lua. */
    pul_game_free(g);
    pul_game_free(before);
    pul_variant_free(v);

    v = edition("badpoints", "return { score_placement = function() return -1 end }\n");
    if (!v) return;
    g = pul_game_new(v);
    CHECK_INT(pul_game_start(g, 2, 11, NULL, 0, &err), PUL_OK);
    CHECK(first_placement(g, &a));
    CHECK_INT(pul_apply(g, &a, NULL), PUL_R_SCRIPT_ERROR);
    se = pul_game_script_error(g);
    CHECK(se && strstr(se->message, "from 0 to 1000") != NULL);
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_unknown_hook(void) {
    char rel[] = "micro.lua";
    write_text(rel, "return { score_group = function() end }\n");
    static const char yaml[] = "name: micro\nextends: genial\ntitle: t\nscripts: [micro.lua]\n";
    char dir[PATH_MAX];
    PulError err;
    PulVariant *v = pul_variant_load_string(yaml, sizeof yaml - 1, "t.yaml",
                                            scratch_path(dir, sizeof dir, ""), NULL, &err);
    /* Micropul's hook names are not Genial's: the error lists Genial's. */
    CHECK(v == NULL);
    if (v) pul_variant_free(v);
    else CHECK(strstr(err.message, "score_placement") != NULL);
}

/* Play games of v with 2 and 3 seats to the end: every move must go through. */
static void play_to_end(PulVariant *v, const char *what) {
    PulGame *g = pul_game_new(v);
    PulError err;
    for (int seats = 2; seats <= 3; seats++)
        for (uint64_t seed = 1; seed <= 2; seed++) {
            if (pul_game_start(g, seats, seed, NULL, 0, &err) != PUL_OK) {
                fprintf(stderr, "  %s: %s\n", what, err.message);
                check_failures++;
                continue;
            }
            PulRng rng;
            pul_rng_seed(&rng, seed);
            PulAction a;
            for (int steps = 0; !pul_game_over(g) && steps < 1000; steps++) {
                CHECK(pul_random_action(g, &rng, &a));
                if (pul_apply(g, &a, NULL) != PUL_LEGAL) {
                    const PulError *e = pul_game_script_error(g);
                    fprintf(stderr, "  %s: %s\n", what, e ? e->message : "refused");
                    check_failures++;
                    break;
                }
            }
            CHECK(pul_game_over(g));
        }
    pul_game_free(g);
}

/* The Genial examples of scripts/README.md load and play, and so does the
** genial-catchup edition. */
static void test_readme_genial(void) {
    FILE *f = fopen("../scripts/README.md", "rb");
    CHECK(f != NULL);
    if (!f) return;
    static char text[1 << 17];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = 0;
    int n = 0;
    const char *mark = "<!-- genial-example -->\n```lua\n";
    for (const char *p = strstr(text, mark); p; p = strstr(p, mark)) {
        p += strlen(mark);
        const char *end = strstr(p, "```");
        CHECK(end != NULL);
        if (!end) break;
        char lua[4096], name[32];
        bool whole = strncmp(p, "return", 6) == 0;
        snprintf(lua, sizeof lua, "%s%.*s%s", whole ? "" : "return {\n", (int)(end - p), p,
                 whole ? "" : "}\n");
        snprintf(name, sizeof name, "gexample%d", ++n);
        PulVariant *v = edition(name, lua);
        if (!v) continue;
        play_to_end(v, name);
        pul_variant_free(v);
    }
    CHECK_INT(n, 3);
    PulError err;
    PulVariant *v = pul_variant_open("genial-catchup", NULL, &err);
    CHECK(v != NULL);
    if (!v) return;
    CHECK(pul_variant_has_scripts(v));
    play_to_end(v, "genial-catchup");
    pul_variant_free(v);
}

int main(void) {
    if (!scratch_make("genial-hooks")) return 1;
    RUN(test_no_scripts_no_table);
    RUN(test_score_placement);
    RUN(test_half_reused);
    RUN(test_on_bonus);
    RUN(test_setup_set_rule);
    RUN(test_reads_end_and_final);
    RUN(test_error_leaves_game);
    RUN(test_unknown_hook);
    RUN(test_readme_genial);
    scratch_remove();
    return CHECK_DONE();
}
