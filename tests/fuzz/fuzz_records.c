/*
** fuzz_records.c: libFuzzer target over PMN game records: the reader, the
** writer's round trip, and the replay of the moves as pul referee plays them.
**
** The input is a record's text. It is read with pul_record_parse (and again
** through pul_record_load_stream, which must agree); a record that reads is
** written back and read again, and must come back with the same tags,
** comments and moves in the same places. When its Variant tag names an
** edition on the search path (the repo's variants/ and tests/variants/, of
** either family), the game is started
** from its tags and every move is played through pul_check and pul_apply,
** as pul referee does; the actions that applied are recorded anew, and that
** record, replayed, must end in a byte-identical game. Then the record is
** changed through the API (a tag removed and set, moves truncated, a comment
** and a move added) and must still survive the round trip.
**
** Beyond "no crash, no leak, no undefined behaviour", it aborts on a broken
** contract: a failure without a status of its code, a code or a message; a
** syntax error without a line; a record left half-read after a failure; a
** refused action that changed the game or that pul_check judged otherwise;
** a failing script without a script-* error; a round trip that changes the
** record. Time per input is bounded by libFuzzer's -timeout (tools/dev
** passes 10 s).
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "record.h" /* the comments' places, which pul.h does not show */

#ifndef PUL_FUZZ_VARIANTS_DIR
#error "PUL_FUZZ_VARIANTS_DIR (the repo's variants/ folder) must be defined by the build"
#endif
#ifndef PUL_FUZZ_TEST_VARIANTS_DIR
#error "PUL_FUZZ_TEST_VARIANTS_DIR (the repo's tests/variants/) must be defined by the build"
#endif
/* The shipped editions, then the test editions (genial-tiny and others of
** small boards and rule choices that the shipped ones do not reach). */
#define SEARCH_DIRS PUL_FUZZ_VARIANTS_DIR ":" PUL_FUZZ_TEST_VARIANTS_DIR

const char fuzz_target[] = "fuzz_records";

/* PUL_FUZZ_STATS=1: what the inputs reached, printed at exit, to see that
** the seeds of each family replay (a family whose records never start a
** game would go untested without a word). */
static struct {
    bool on;
    long inputs, read, started[2], applied, refused;
} stats;

static void print_stats(void) {
    fprintf(stderr,
            "%s stats: %ld inputs, %ld read; games started: %ld micropul, %ld genial; %ld "
            "moves applied, %ld refused\n",
            fuzz_target, stats.inputs, stats.read, stats.started[0], stats.started[1],
            stats.applied, stats.refused);
}

#define SOURCE "fuzz.pmn"

/* The editions on the search path without scripts, opened once: opening
** one reads YAML, which would cost more than the rest of an input. Those
** with scripts are opened per input and freed after it: their Lua state's
** memory comes and goes with the collector, and libFuzzer, which checks
** that an input frees what it allocates, would take that for a leak. */
enum { MAX_CACHED = 64 };
static PulVariant *cached[MAX_CACHED];
static int ncached;

/* ---------------------------------------------------- a record as a list */

/* A record as what it says in order: comments, tags, comments and moves. */
typedef struct {
    char kind; /* 'T' tag, 'C' comment, 'M' move */
    const char *name, *text;
} Item;

typedef struct {
    Item *item;
    int n;
} Items;

/* The record's items in their places, checking the order the writer relies
** on: header comments by tag, body comments by move, each never falling. */
static Items items_of(const PulRecord *r) {
    Items it = {calloc((size_t)(r->ntags + r->nmoves + r->ncomments) + 1, sizeof(Item)), 0};
    if (!it.item) fuzz_breach("out of memory in the harness", NULL);
    int last_tag = 0, last_move = 0;
    for (int i = 0; i < r->ncomments; i++) {
        const RecordComment *c = &r->comments[i];
        if (c->header) {
            if (c->after_tag < last_tag || c->after_tag > r->ntags)
                fuzz_breachf(NULL,
                             "header comment %d is after tag %d (of %d), after one after tag %d", i,
                             c->after_tag, r->ntags, last_tag);
            last_tag = c->after_tag;
        } else {
            if (c->before_move < last_move || c->before_move > r->nmoves)
                fuzz_breachf(NULL, "comment %d is before move %d (of %d), after one before move %d",
                             i, c->before_move, r->nmoves, last_move);
            last_move = c->before_move;
        }
    }
    /* Merged in one pass each: the order was checked above. */
    int c = 0;
    for (int t = 0; t <= r->ntags; t++) {
        for (; c < r->ncomments; c++) {
            if (!r->comments[c].header) continue;
            if (r->comments[c].after_tag > t) break;
            it.item[it.n++] = (Item){'C', NULL, r->comments[c].text};
        }
        if (t < r->ntags) it.item[it.n++] = (Item){'T', r->tags[t].name, r->tags[t].value};
    }
    c = 0;
    for (int m = 0; m <= r->nmoves; m++) {
        for (; c < r->ncomments; c++) {
            if (r->comments[c].header) continue;
            if (r->comments[c].before_move > m) break;
            it.item[it.n++] = (Item){'C', NULL, r->comments[c].text};
        }
        if (m < r->nmoves) it.item[it.n++] = (Item){'M', NULL, r->moves[m]};
    }
    return it;
}

static bool same_items(const Items *a, const Items *b, int *at) {
    int n = a->n < b->n ? a->n : b->n;
    for (*at = 0; *at < n; (*at)++) {
        const Item *x = &a->item[*at], *y = &b->item[*at];
        if (x->kind != y->kind || strcmp(x->text, y->text) != 0 ||
            (x->name && strcmp(x->name, y->name) != 0))
            return false;
    }
    return a->n == b->n;
}

static void show_item(const char *label, const Items *it, int at) {
    if (at >= it->n) {
        fprintf(stderr, "  %s: (ends after %d items)\n", label, it->n);
        return;
    }
    const Item *x = &it->item[at];
    fprintf(stderr, "  %s item %d: %c %s%s\"%s\"\n", label, at, x->kind, x->name ? x->name : "",
            x->name ? " " : "", x->text);
}

/* What the reader promises of every record it returns, which the writer
** relies on to write it back the same. */
static void check_read(const PulRecord *r) {
    for (int i = 0; i < pul_record_ntags(r); i++) {
        const char *name = pul_record_tag_name(r, i);
        if (!name || !name[0]) fuzz_breachf(NULL, "tag %d has no name", i);
        if (pul_record_tag(r, name) != r->tags[i].value)
            fuzz_breachf(NULL, "tag %d (%s) is not found by its name", i, name);
        if (strchr(r->tags[i].value, '\n')) fuzz_breachf(NULL, "tag %s holds a line break", name);
    }
    for (int i = 0; i < pul_record_nmoves(r); i++) {
        const char *m = pul_record_move(r, i);
        if (!m || !m[0]) fuzz_breachf(NULL, "move %d is empty", i);
        if (m[0] == '[' || strpbrk(m, " \t\r\n\v\f;"))
            fuzz_breachf(NULL, "move %d (\"%s\") would not read back as one move", i, m);
        size_t d = strspn(m, "0123456789");
        if (d && m[d] == '.')
            fuzz_breachf(NULL, "move %d (\"%s\") starts like a move number", i, m);
    }
    for (int i = 0; i < r->ncomments; i++)
        if (strpbrk(r->comments[i].text, "\n"))
            fuzz_breachf(NULL, "comment %d holds a line break", i);
}

/* ------------------------------------------------------------ round trip */

static void parse_ok(PulRecord *r, const char *text, size_t len, const char *what) {
    PulError err;
    memset(&err, 0, sizeof err);
    PulStatus st = pul_record_parse(r, text, len, SOURCE, &err);
    if (st != PUL_OK) {
        fprintf(stderr, "--- the text written:\n%.*s\n---\n", (int)(len < 4000 ? len : 4000), text);
        fuzz_breachf(&err, "%s does not read back", what);
    }
    check_read(r);
}

/* Written and read again, r must say the same; written again, the text
** must not change any more. */
static void check_round_trip(const PulRecord *r, const char *what) {
    size_t len1 = 0;
    char *w1 = pul_record_write(r, &len1);
    if (!w1) fuzz_breachf(NULL, "pul_record_write failed (%s)", what);
    if (strlen(w1) != len1) fuzz_breachf(NULL, "pul_record_write's length is wrong (%s)", what);
    if (len1 > PUL_RECORD_MAX) {
        /* Move numbers can make a record that reads longer than the limit
        ** it was read within: nothing to read back. */
        free(w1);
        return;
    }
    PulRecord *r2 = pul_record_new(), *r3 = pul_record_new();
    if (!r2 || !r3) fuzz_breach("out of memory in the harness", NULL);
    parse_ok(r2, w1, len1, what);
    Items a = items_of(r), b = items_of(r2);
    int at;
    if (!same_items(&a, &b, &at)) {
        show_item("before", &a, at);
        show_item("after ", &b, at);
        fprintf(stderr, "--- the text written:\n%.*s\n---\n", (int)(len1 < 4000 ? len1 : 4000), w1);
        fuzz_breachf(NULL, "the record written and read again differs (%s)", what);
    }
    size_t len2 = 0, len3 = 0;
    char *w2 = pul_record_write(r2, &len2);
    if (!w2) fuzz_breach("pul_record_write failed on a record it wrote", NULL);
    parse_ok(r3, w2, len2, what);
    char *w3 = pul_record_write(r3, &len3);
    if (!w3 || len2 != len3 || memcmp(w2, w3, len2) != 0) {
        fprintf(stderr, "--- once:\n%s---\ntwice:\n%s---\n", w2, w3 ? w3 : "(null)");
        fuzz_breachf(NULL, "writing a record read from its own text changes it again (%s)", what);
    }
    free(a.item);
    free(b.item);
    free(w1);
    free(w2);
    free(w3);
    pul_record_free(r2);
    pul_record_free(r3);
}

/* The record as read from a stream must be the record as read from text. */
static void check_stream(const uint8_t *data, size_t size, const PulRecord *r, PulStatus st,
                         const PulError *err) {
    if (size == 0) return; /* fmemopen refuses an empty buffer */
    FILE *f = fmemopen((void *)data, size, "rb");
    if (!f) fuzz_breach("fmemopen failed in the harness", NULL);
    PulRecord *r2 = pul_record_new();
    PulError err2;
    memset(&err2, 0, sizeof err2);
    PulStatus st2 = pul_record_load_stream(r2, f, SOURCE, &err2);
    fclose(f);
    if (st2 != st) fuzz_breachf(&err2, "load_stream gives status %d, parse %d", st2, st);
    if (st != PUL_OK) {
        if (strcmp(err->code, err2.code) != 0 || err->line != err2.line ||
            err->column != err2.column || strcmp(err->message, err2.message) != 0)
            fuzz_breach("load_stream and parse report different errors", &err2);
    } else {
        Items a = items_of(r), b = items_of(r2);
        int at;
        if (!same_items(&a, &b, &at))
            fuzz_breach("load_stream and parse read different records", NULL);
        free(a.item);
        free(b.item);
    }
    pul_record_free(r2);
}

/* ---------------------------------------------------------------- replay */

/* A move's text, formatted and parsed again, into *b. PMN has one spelling
** per Micropul move, so b is the action itself; a Genial placement has two
** spellings (PMN.md: from either cell), and the one pul writes must be a
** fixed point: formatted again, it is the same text (play_moves checks that
** it places the same tile on the same cells). */
static void check_action_text(const PulVariant *v, const PulAction *a, const char *text,
                              PulAction *b) {
    char buf[64], again[64];
    int n;
    if (pul_action_draws(a, NULL, 0) > PUL_DRAWS_MAX) {
        /* A refill or swap naming more kinds than a rack holds reads (the
        ** referee then refuses it, PMN.md), but only its first PUL_DRAWS_MAX
        ** kinds are kept (pul.h): it has no spelling, and a text written for
        ** it would be another move. play_moves checks the refusal. */
        n = pul_action_format(v, a, buf, sizeof buf);
        if (n > 0)
            fuzz_breachf(NULL, "move \"%s\" names more kinds than are kept, yet is formatted as \"%s\"",
                         text, buf);
        *b = *a;
        return;
    }
    n = pul_action_format(v, a, buf, sizeof buf);
    if (n <= 0 || (size_t)n >= sizeof buf)
        fuzz_breachf(NULL, "move \"%s\" cannot be formatted", text);
    if (!pul_action_parse(v, buf, b))
        fuzz_breachf(NULL, "move \"%s\" is formatted as \"%s\", which does not read", text, buf);
    if (memcmp(a, b, sizeof *b) == 0) return;
    n = pul_action_format(v, b, again, sizeof again);
    if (!(a->kind == PUL_PLACE && strcmp(pul_variant_family(v), "genial") == 0) || n <= 0 ||
        (size_t)n >= sizeof again || strcmp(buf, again) != 0)
        fuzz_breachf(NULL, "move \"%s\" is formatted as \"%s\", which reads otherwise", text, buf);
}

/* The scores as the rules count them, against a recount where the family
** has one (Micropul's groups); a Genial seat's score is its (team's) lowest
** track, each track from 0 to the track's end. */
static void check_scores(const PulGame *g, const char *text) {
    int sc[PUL_MAX_SEATS], rc[PUL_MAX_SEATS], nseats = pul_game_seats(g);
    pul_game_scores(g, sc, PUL_MAX_SEATS);
    if (pul_game_scores_recount(g, rc, PUL_MAX_SEATS) == nseats) {
        for (int s = 0; s < nseats; s++)
            if (sc[s] != rc[s])
                fuzz_breachf(NULL, "after move \"%s\" seat %d scores %d, recounted %d", text,
                             s + 1, sc[s], rc[s]);
        return;
    }
    if (strcmp(pul_variant_family(pul_game_variant(g)), "genial") != 0)
        fuzz_breachf(NULL, "pul_game_scores_recount counts no seat of a %s game",
                     pul_variant_family(pul_game_variant(g)));
    int end = pul_genial_track_end(g);
    for (int s = 0; s < nseats; s++) {
        int tr[PUL_GENIAL_MAX_SYMBOLS], n = pul_genial_tracks(g, s, tr, PUL_GENIAL_MAX_SYMBOLS);
        if (n < 2 || n > PUL_GENIAL_MAX_SYMBOLS)
            fuzz_breachf(NULL, "after move \"%s\" seat %d has %d tracks", text, s + 1, n);
        int low = tr[0];
        for (int i = 0; i < n; i++) {
            if (tr[i] < 0 || tr[i] > end)
                fuzz_breachf(NULL, "after move \"%s\" seat %d's track %d is %d (end %d)", text,
                             s + 1, i + 1, tr[i], end);
            if (tr[i] < low) low = tr[i];
        }
        if (sc[s] != low)
            fuzz_breachf(NULL, "after move \"%s\" seat %d scores %d, its lowest track is %d",
                         text, s + 1, sc[s], low);
    }
}

static void check_script_error(const PulGame *g) {
    const PulError *e = pul_game_script_error(g);
    if (!e)
        fuzz_breach("an action was refused with script_error but no script error is kept", NULL);
    fuzz_check_failure(e, PUL_ERR_SCRIPT);
    if (strncmp(e->code, "script-", 7) != 0)
        fuzz_breach("a script error's code is not script-*", e);
}

static void check_events(const PulGame *g, const PulEvents *ev, const char *text) {
    if (ev->n < 1 || ev->n > PUL_MAX_EVENTS)
        fuzz_breachf(NULL, "move \"%s\" applied with %d events", text, ev->n);
    for (int k = 0; k < ev->n; k++)
        if (ev->ev[k].seat < (ev->ev[k].kind == PUL_EV_GAME_OVER ? -1 : 0) || /* no loser */
            ev->ev[k].seat >= pul_game_seats(g))
            fuzz_breachf(NULL, "move \"%s\": event %d has seat %d", text, k, ev->ev[k].seat);
}

/* Play every move of r on g (started) as the referee does; the actions
** that applied go to out as pul_events_action gives them. */
static void play_moves(const PulRecord *r, PulGame *g, PulRecord *out) {
    const PulVariant *v = pul_game_variant(g);
    bool scripted = pul_variant_has_scripts(v);
    PulGame *before = pul_game_new(v), *alt = pul_game_new(v);
    if (!before || !alt) fuzz_breach("pul_game_new failed", NULL);
    size_t size = pul_game_size();
    int nseats = pul_game_seats(g);
    for (int i = 0; i < pul_record_nmoves(r); i++) {
        const char *text = pul_record_move(r, i);
        PulAction a, written;
        if (!pul_action_parse(v, text, &a)) continue; /* syntax: the referee stops here */
        check_action_text(v, &a, text, &written);
        bool over = pul_game_over(g);
        pul_game_copy(before, g);
        PulReason want = pul_check(g, &a);
        PulEvents ev;
        ev.n = 0;
        PulReason got = pul_apply(g, &a, &ev);
        if (memcmp(&a, &written, sizeof a) != 0 && !scripted) {
            /* The other spelling of a placement is the same move (a script
            ** may tell the halves' written order apart, the rules do not). */
            pul_game_copy(alt, before);
            PulReason also = pul_apply(alt, &written, NULL);
            char spelt[64];
            pul_action_format(v, &written, spelt, sizeof spelt);
            if (also != got || memcmp(alt, g, size) != 0)
                fuzz_breachf(NULL, "move \"%s\" and its spelling as written, \"%s\", differ "
                             "(%s, %s)", text, spelt, pul_reason_code(got),
                             pul_reason_code(also));
        }
        if (got < PUL_LEGAL || got >= PUL_R_COUNT) fuzz_breachf(NULL, "pul_apply returned %d", got);
        if (got == PUL_LEGAL && pul_action_draws(&a, NULL, 0) > PUL_DRAWS_MAX)
            fuzz_breachf(NULL, "move \"%s\" names more kinds than any rack holds, yet applied", text);
        if (over && got != PUL_R_GAME_OVER)
            fuzz_breachf(NULL, "move \"%s\" after the game is over: %s", text,
                         pul_reason_code(got));
        if (got != PUL_LEGAL) {
            stats.refused++;
            if (memcmp(before, g, size) != 0)
                fuzz_breachf(NULL, "move \"%s\" was refused (%s) but changed the game", text,
                             pul_reason_code(got));
            if (got == PUL_R_SCRIPT_ERROR) {
                if (want != PUL_LEGAL)
                    fuzz_breachf(NULL, "move \"%s\": pul_check says %s, pul_apply script_error",
                                 text, pul_reason_code(want));
                check_script_error(g);
            } else if (got != want) {
                fuzz_breachf(NULL, "move \"%s\": pul_check says %s, pul_apply %s", text,
                             pul_reason_code(want), pul_reason_code(got));
            }
            continue;
        }
        if (want != PUL_LEGAL)
            fuzz_breachf(NULL, "move \"%s\": pul_check says %s, but it applied", text,
                         pul_reason_code(want));
        stats.applied++;
        check_events(g, &ev, text);
        PulAction done;
        pul_events_action(&ev, &done);
        if (done.kind != a.kind) fuzz_breachf(NULL, "move \"%s\" applied as another kind", text);
        if (pul_record_add_move(out, v, &done) != PUL_OK)
            fuzz_breachf(NULL, "move \"%s\" as done cannot be recorded", text);
        if (!scripted) check_scores(g, text);
    }
    int winners[PUL_MAX_SEATS];
    int nw = pul_game_winners(g, winners, PUL_MAX_SEATS);
    if (nw < 0 || nw > nseats) fuzz_breachf(NULL, "%d winners of %d seats", nw, nseats);
    for (int k = 0; k < nw; k++)
        if (winners[k] < 0 || winners[k] >= nseats || winners[k] == pul_game_loser(g))
            fuzz_breachf(NULL, "winner %d is no seat that may win", winners[k]);
    pul_game_free(alt);
    pul_game_free(before);
}

/* The edition r's Variant tag names, or NULL when it names none; *owned
** when the caller must free it. */
static PulVariant *variant_of(const PulRecord *r, bool *owned) {
    const char *name = pul_record_tag(r, "Variant");
    PulError err;
    memset(&err, 0, sizeof err);
    *owned = false;
    if (name) {
        for (int i = 0; i < ncached; i++) {
            if (strcmp(pul_variant_name(cached[i]), name) != 0) continue;
            PulStatus st = pul_record_check_variant(r, cached[i], &err);
            if (st != PUL_OK) fuzz_breach("a record is refused for the edition it names", &err);
            return cached[i];
        }
        if (strcmp(name, "micropul") != 0) {
            /* Any other edition is refused, as pul referee --variant does. */
            PulStatus st = pul_record_check_variant(r, cached[0], &err);
            if (st == PUL_OK) fuzz_breach("a record is accepted for another edition", NULL);
            fuzz_check_failure(&err, st);
            if (strcmp(err.code, "pmn-tag") != 0)
                fuzz_breach("another edition is not refused as pmn-tag", &err);
            memset(&err, 0, sizeof err);
        }
    }
    PulVariant *v = pul_record_open_variant(r, SEARCH_DIRS, &err);
    if (!v) {
        fuzz_check_failure(&err, PUL_OK);
        if (!name && strcmp(err.code, "pmn-tag") != 0)
            fuzz_breach("a record without a Variant tag is not refused as pmn-tag", &err);
        return NULL;
    }
    if (!name || strcmp(pul_variant_name(v), name) != 0)
        fuzz_breach("pul_record_open_variant opened an edition the tag does not name", NULL);
    *owned = true;
    return v;
}

static void replay(const PulRecord *r) {
    bool owned;
    PulVariant *v = variant_of(r, &owned);
    if (!v) return;
    PulGame *g = pul_game_new(v), *g2 = pul_game_new(v);
    PulRecord *out = pul_record_new(), *back = pul_record_new();
    if (!g || !g2 || !out || !back) fuzz_breach("out of memory in the harness", NULL);
    PulError err;
    memset(&err, 0, sizeof err);
    PulStatus st = pul_record_start_game(r, g, &err);
    if (st != PUL_OK) {
        fuzz_check_failure(&err, st);
        if (err.status == PUL_ERR_SCHEMA && strcmp(err.code, "pmn-tag") != 0)
            fuzz_breach("a record's tags are refused with another code than pmn-tag", &err);
        goto done;
    }
    stats.started[strcmp(pul_variant_family(v), "genial") == 0]++;
    if (pul_record_from_start(out, g) != PUL_OK) fuzz_breach("pul_record_from_start failed", NULL);
    play_moves(r, g, out);

    /* What was played, recorded as pul play records it, replays to the
    ** very same game. */
    size_t len = 0;
    char *text = pul_record_write(out, &len);
    if (!text) fuzz_breach("the game's own record cannot be written", NULL);
    parse_ok(back, text, len, "the game's own record");
    free(text);
    st = pul_record_start_game(back, g2, &err);
    if (st != PUL_OK) fuzz_breach("the game's own record does not start", &err);
    for (int i = 0; i < pul_record_nmoves(back); i++) {
        PulAction a;
        if (!pul_action_parse(v, pul_record_move(back, i), &a))
            fuzz_breachf(NULL, "the game's own move \"%s\" does not parse",
                         pul_record_move(back, i));
        PulReason why = pul_apply(g2, &a, NULL);
        if (why != PUL_LEGAL)
            fuzz_breachf(NULL, "the game's own move %d \"%s\" is refused on replay: %s", i + 1,
                         pul_record_move(back, i), pul_reason_code(why));
    }
    if (memcmp(g, g2, pul_game_size()) != 0)
        fuzz_breach("the game replayed from its own record is not the same game", NULL);
done:
    pul_record_free(back);
    pul_record_free(out);
    pul_game_free(g2);
    pul_game_free(g);
    if (owned) pul_variant_free(v);
}

/* ---------------------------------------------------- changes through API */

static void change(PulRecord *r, uint64_t h) {
    int ntags = pul_record_ntags(r);
    if (ntags > 0) {
        int i = (int)(h % (uint64_t)ntags);
        char name[80];
        snprintf(name, sizeof name, "%s", pul_record_tag_name(r, i));
        if (pul_record_set_tag(r, name, NULL) != PUL_OK)
            fuzz_breach("a tag cannot be removed", NULL);
        if (pul_record_tag(r, name) || pul_record_ntags(r) != ntags - 1)
            fuzz_breachf(NULL, "tag %s is still there after its removal", name);
        /* Set again, it goes last (or first for Variant, after it for Players). */
        if (pul_record_set_tag(r, name, "a \"quoted\" \\ value;") != PUL_OK)
            fuzz_breach("a removed tag cannot be set again", NULL);
    }
    ntags = pul_record_ntags(r);
    if (pul_record_set_tag(r, "1bad", "x") != PUL_ERR_RANGE ||
        pul_record_set_tag(r, "Good", "two\nlines") != PUL_ERR_RANGE ||
        pul_record_ntags(r) != ntags)
        fuzz_breach("a bad tag name or a value with a line break is not refused", NULL);
    if (pul_record_set_tag(r, "Event", "fuzz") != PUL_OK ||
        strcmp(pul_record_tag(r, "Event"), "fuzz") != 0)
        fuzz_breach("a tag cannot be set", NULL);
    int keep = pul_record_nmoves(r) ? (int)((h >> 16) % (uint64_t)pul_record_nmoves(r)) : 0;
    if (pul_record_truncate(r, keep) != PUL_OK || pul_record_nmoves(r) != keep)
        fuzz_breach("pul_record_truncate did not keep the moves asked", NULL);
    if (pul_record_add_comment(r, "one\r\ntwo\rthree; [Tag \"x\"]") != PUL_OK)
        fuzz_breach("a comment cannot be added", NULL);
    PulAction pass = {.kind = PUL_PASS};
    const PulVariant *micropul = cached[0]; /* the move text is Micropul's */
    if (pul_record_add_move(r, micropul, &pass) != PUL_OK)
        fuzz_breach("a move cannot be added", NULL);
    PulAction random_take = {.kind = PUL_TAKE, .tile = PUL_NO_TILE};
    if (pul_record_add_move(r, micropul, &random_take) != PUL_ERR_RANGE)
        fuzz_breach("an unresolved random take is recorded", NULL);
    check_round_trip(r, "after changes through the API");
}

/* ------------------------------------------------------------ the target */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool cache_edition(const char *name, const char *dir, void *ud) {
    (void)dir;
    (void)ud;
    for (int i = 0; i < ncached; i++)
        if (strcmp(pul_variant_name(cached[i]), name) == 0) return true; /* shadowed */
    PulError err;
    PulVariant *v = pul_variant_open(name, SEARCH_DIRS, &err);
    /* Cached by the folder's name, which is what a record's tag looks up. */
    if (!v || pul_variant_has_scripts(v) || strcmp(pul_variant_name(v), name) != 0 ||
        ncached == MAX_CACHED) {
        pul_variant_free(v);
        return true;
    }
    cached[ncached++] = v;
    return true;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    PulError err;
    /* Micropul first: records for other editions are checked against it. */
    cached[0] = pul_variant_open("micropul", SEARCH_DIRS, &err);
    if (!cached[0]) {
        char line[1024];
        fprintf(stderr, "%s: cannot open micropul: %s\n", fuzz_target,
                pul_error_format(&err, line, sizeof line));
        exit(1);
    }
    ncached = 1;
    pul_variant_list(SEARCH_DIRS, cache_edition, NULL);
    const char *s = getenv("PUL_FUZZ_STATS");
    stats.on = s && s[0] && strcmp(s, "0") != 0;
    if (stats.on) atexit(print_stats);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    PulRecord *r = pul_record_new();
    if (!r) fuzz_breach("pul_record_new failed", NULL);
    PulError err;
    memset(&err, 0, sizeof err);
    /* libFuzzer's buffer is exactly size bytes, so the sanitizers see any
    ** read past the text's end. */
    PulStatus st = pul_record_parse(r, (const char *)data, size, SOURCE, &err);
    stats.inputs++;
    check_stream(data, size, r, st, &err);
    if (st != PUL_OK) {
        fuzz_check_failure(&err, st);
        if (st == PUL_ERR_SYNTAX &&
            (strcmp(err.file, SOURCE) != 0 || err.line <= 0 || err.column <= 0))
            fuzz_breach("a syntax error without its file, line and column", &err);
        if (pul_record_ntags(r) || pul_record_nmoves(r) || r->ncomments)
            fuzz_breach("a record that failed to read is not left empty", &err);
        pul_record_free(r);
        return 0;
    }
    stats.read++;
    check_read(r);
    check_round_trip(r, "as read");
    replay(r);
    change(r, fuzz_hash(data, size));
    pul_record_free(r);
    return 0;
}
