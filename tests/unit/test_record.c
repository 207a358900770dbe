/*
** test_record.c: PMN move text and game records: parse/format round trips,
** rejected moves and records, tags, comments, writing, starting games.
*/
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pul.h"

/* ------------------------------------------------------------ moves */

/* The variant whose move text is read and written (Micropul's, built in C
** below), opened once by main. */
static PulVariant *mv;
static PulVariant *micropul_variant(void);

static void round_trip(const char *text, const char *canonical) {
    PulAction a;
    char buf[64];
    CHECK(pul_action_parse(mv, text, &a));
    int n = pul_action_format(mv, &a, buf, sizeof buf);
    CHECK_STR(buf, canonical);
    CHECK_INT(n, strlen(canonical));
    PulAction b;
    CHECK(pul_action_parse(mv, buf, &b));
    CHECK(memcmp(&a, &b, sizeof a) == 0);
}

static void test_action_round_trips(void) {
    round_trip("12@1,-2r3", "12@1,-2r3");
    round_trip("0@0,0", "0@0,0");
    round_trip("12@1,0r0", "12@1,0"); /* r0 is the default and not written */
    round_trip("254@-7,9r1", "254@-7,9r1");
    round_trip("3@2147483647,-2147483648r2", "3@2147483647,-2147483648r2");
    round_trip("snw0,0", "snw0,0");
    round_trip("sne1,-2", "sne1,-2");
    round_trip("ssw-5,7", "ssw-5,7");
    round_trip("sse-2147483648,2147483647", "sse-2147483648,2147483647");
    round_trip("t17", "t17");
    round_trip("t0", "t0");
    round_trip("pass", "pass");
}

static void test_action_fields(void) {
    PulAction a;
    CHECK(pul_action_parse(mv, "12@1,-2r3", &a));
    CHECK_INT(a.kind, PUL_PLACE);
    CHECK_INT(a.tile, 12);
    CHECK_INT(a.x, 1);
    CHECK_INT(a.y, -2);
    CHECK_INT(a.rot, 3);
    CHECK(pul_action_parse(mv, "sse-3,4", &a));
    CHECK_INT(a.kind, PUL_CLAIM);
    CHECK_INT(a.quad, PUL_SE);
    CHECK_INT(a.x, -3);
    CHECK_INT(a.y, 4);
    CHECK(pul_action_parse(mv, "ssw0,0", &a));
    CHECK_INT(a.quad, PUL_SW);
    CHECK(pul_action_parse(mv, "sne0,0", &a));
    CHECK_INT(a.quad, PUL_NE);
    CHECK(pul_action_parse(mv, "t46", &a));
    CHECK_INT(a.kind, PUL_TAKE);
    CHECK_INT(a.tile, 46);
    CHECK(pul_action_parse(mv, "pass", &a));
    CHECK_INT(a.kind, PUL_PASS);
}

static void test_action_rejects(void) {
    static const char *const bad[] = {
        "", "tx", "t", "t-1", "t-0", "t01", "t2147483648", "t99999999999999999999", "t07",
        "t+1", "12@1", "12@1,", "12@,0", "12@1,0r4", "12@1,0r", "12@1,0r00", "12@1,0r1x",
        "12@1,0R1", "12@1,0 r1", "2147483648@0,0", "012@1,0", "12@01,0", "12@1,00", "12@-0,0",
        "12@+1,0", "+12@1,0", "-1@0,0", "00@0,0", "12@1,-0", "12@0,+0", "t00",
        "12@2147483648,0", "12@0,-2147483649", "12@99999999999,0", "12@1.5,0", "12 @1,0",
        " pass", "pass ", "PASS", "passs", "pas", "s", "snw", "snw0", "snw0,", "snx0,0",
        "sNW0,0", "snw0,0r1", "s nw0,0", "snw 0,0", "12@1,0;", "12@1,-", "12@1,--1", "@1,0",
        "x", "12", "12.", "1.12@1,0", "t17 ",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        PulAction a;
        memset(&a, 0x5a, sizeof a);
        bool ok = pul_action_parse(mv, bad[i], &a);
        if (ok) fprintf(stderr, "accepted \"%s\"\n", bad[i]);
        CHECK(!ok);
    }
    PulAction a;
    CHECK(!pul_action_parse(mv, NULL, &a));
}

/* PMN.md: a well-formed tile id nobody holds is not_in_hand or
** not_in_supply however large, never a syntax error, never another tile. */
static void test_action_large_tile_ids(void) {
    static const char *const places[] = {"254@0,0", "255@0,0", "256@0,0", "300@0,0",
                                         "2147483647@0,0r3"};
    static const char *const takes[] = {"t254", "t255", "t256", "t1000", "t2147483647"};
    for (int i = 0; i < 5; i++) {
        PulAction a;
        CHECK(pul_action_parse(mv, places[i], &a));
        CHECK_INT(a.kind, PUL_PLACE);
        CHECK_INT(a.tile, PUL_NO_SUCH_TILE);
        CHECK(pul_action_parse(mv, takes[i], &a));
        CHECK_INT(a.kind, PUL_TAKE);
        CHECK_INT(a.tile, PUL_NO_SUCH_TILE); /* not PUL_NO_TILE: no random take */
    }
    PulAction a;
    CHECK(pul_action_parse(mv, "253@0,0", &a));
    CHECK_INT(a.tile, 253);
}

static void test_action_format_limits(void) {
    PulAction a = {.kind = PUL_TAKE, .tile = PUL_NO_TILE};
    char buf[16] = "junk";
    CHECK_INT(pul_action_format(mv, &a, buf, sizeof buf), -1);
    CHECK_STR(buf, "");
    a = (PulAction){.kind = PUL_PLACE, .tile = 5, .rot = 4};
    CHECK_INT(pul_action_format(mv, &a, buf, sizeof buf), -1);
    a = (PulAction){.kind = PUL_CLAIM, .quad = 4};
    CHECK_INT(pul_action_format(mv, &a, buf, sizeof buf), -1);
    a = (PulAction){.kind = 9};
    CHECK_INT(pul_action_format(mv, &a, buf, sizeof buf), -1);
    /* snprintf-like: the full length, the text cut to fit. */
    a = (PulAction){.kind = PUL_PLACE, .tile = 12, .x = 100, .y = -200, .rot = 1};
    char small[5];
    CHECK_INT(pul_action_format(mv, &a, small, sizeof small), strlen("12@100,-200r1"));
    CHECK_STR(small, "12@1");
    CHECK_INT(pul_action_format(mv, &a, NULL, 0), strlen("12@100,-200r1"));
    a = (PulAction){.kind = PUL_PASS};
    CHECK_INT(pul_action_format(mv, &a, small, 3), 4);
    CHECK_STR(small, "pa");
    a = (PulAction){.kind = PUL_TAKE, .tile = 201};
    CHECK_INT(pul_action_format(mv, &a, small, 1), 4);
    CHECK_STR(small, "");
    CHECK_INT(pul_action_format(mv, &a, small, sizeof small), 4);
    CHECK_STR(small, "t201");
    a = (PulAction){.kind = PUL_CLAIM, .quad = 3, .x = INT32_MIN, .y = -1};
    char wide[32];
    CHECK_INT(pul_action_format(mv, &a, wide, sizeof wide), strlen("sse-2147483648,-1"));
    CHECK_STR(wide, "sse-2147483648,-1");
}

/* A small deterministic generator, so that failures repeat. */
static uint32_t lcg(uint32_t *state) {
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

/* Random short strings over the move alphabet: whatever parses must format
** back to the same text (one spelling per action, "r0" apart). */
static void test_action_random_text(void) {
    static const char alphabet[] = "0123456789@,-rstpasnwe +x";
    uint32_t st = 12345;
    int parsed = 0;
    for (int i = 0; i < 200000; i++) {
        char text[16], buf[64];
        int n = 1 + (int)(lcg(&st) % 12);
        for (int k = 0; k < n; k++) text[k] = alphabet[lcg(&st) % (sizeof alphabet - 1)];
        text[n] = '\0';
        /* Bias towards well-formed starts so that many parse. */
        if (i % 3 == 0) memcpy(text, "12@", 3 < n ? 3 : (size_t)n);
        PulAction a;
        if (!pul_action_parse(mv, text, &a)) continue;
        parsed++;
        CHECK(pul_action_format(mv, &a, buf, sizeof buf) > 0);
        if (a.tile == PUL_NO_SUCH_TILE && a.kind != PUL_CLAIM) {
            /* Every id from 254 up reads as that one: its text is a fixed point. */
            PulAction b;
            CHECK(pul_action_parse(mv, buf, &b) && memcmp(&a, &b, sizeof a) == 0);
            continue;
        }
        size_t len = strlen(text);
        bool same = strcmp(buf, text) == 0 ||
                    (len > 2 && strcmp(text + len - 2, "r0") == 0 && strlen(buf) == len - 2 &&
                     strncmp(buf, text, len - 2) == 0);
        if (!same) fprintf(stderr, "\"%s\" formats as \"%s\"\n", text, buf);
        CHECK(same);
    }
    CHECK(parsed > 100);
}

static void test_reason_codes(void) {
    static const char *const codes[] = {
        "syntax", "game_over", "occupied", "not_adjacent", "no_attachment", "colour_conflict",
        "not_in_hand", "hand_full", "not_in_supply", "no_stones", "not_micropul",
        "already_claimed", "no_extra_turn",
    };
    for (int r = PUL_R_SYNTAX; r <= PUL_R_NO_EXTRA_TURN; r++) {
        CHECK_STR(pul_reason_code((PulReason)r), codes[r - PUL_R_SYNTAX]);
        CHECK(strlen(pul_reason_message((PulReason)r)) > 10);
    }
    CHECK_STR(pul_reason_message(PUL_R_NO_ATTACHMENT),
              "rule 1: no micropul of the tile touches a micropul of the same colour");
    CHECK_STR(pul_reason_message(PUL_R_OCCUPIED), "that cell already holds a tile");
    CHECK_STR(pul_reason_message(PUL_R_NOT_IN_HAND), "that tile is not in the player's hand");
    CHECK_STR(pul_end_reason_code(PUL_END_NONE), "unfinished");
    CHECK_STR(pul_end_reason_code(PUL_END_CORE_EMPTY), "core_empty");
    CHECK_STR(pul_end_reason_code(PUL_END_NO_TILES), "no_tiles");
    CHECK_STR(pul_end_reason_code(PUL_END_NO_ACTION), "no_action");
    /* Einfach Genial's, after Micropul's: PMN.md's codes, and the messages of
    ** the shared conformance records (error-*.expected.jsonl) */
    static const struct {
        PulReason r;
        const char *code, *message;
    } genial[] = {
        {PUL_R_REFILL_DUE, "refill_due", "the seat must refill or swap now"},
        {PUL_R_NOT_IN_RACK, "not_in_rack", "that tile is not on the seat's rack"},
        {PUL_R_OFF_BOARD, "off_board", "a cell is outside the play area"},
        {PUL_R_FIRST_ROUND, "first_round",
         "a first placement must touch a printed symbol that no earlier first placement touched"},
        {PUL_R_PLACEMENT_DUE, "placement_due", "the seat must place a tile first"},
        {PUL_R_NO_SWAP, "no_swap", "a swap is not allowed now"},
        {PUL_R_BAD_DRAW, "bad_draw", "those tiles are not what the rules draw from the bag"},
    };
    CHECK_INT(PUL_R_REFILL_DUE, PUL_R_SCRIPT_ERROR + 1);
    CHECK_INT(PUL_R_COUNT, PUL_R_BAD_DRAW + 1);
    for (size_t k = 0; k < sizeof genial / sizeof genial[0]; k++) {
        CHECK_STR(pul_reason_code(genial[k].r), genial[k].code);
        CHECK_STR(pul_reason_message(genial[k].r), genial[k].message);
    }
    CHECK_STR(pul_reason_code(PUL_R_COUNT), "unknown");
    CHECK_STR(pul_end_reason_code(PUL_END_BOARD_FULL), "board_full");
    CHECK_STR(pul_end_reason_code(PUL_END_SUDDEN_DEATH), "sudden_death");
    CHECK_STR(pul_end_reason_code(PUL_END_COUNT), "unknown");
}

/* ------------------------------------------------------------ records */

static PulRecord *parse(const char *text, PulStatus want) {
    PulRecord *r = pul_record_new();
    PulError err;
    PulStatus st = pul_record_parse(r, text, strlen(text), "test.pmn", &err);
    if (st != want) fprintf(stderr, "parse: status %d, %s\n", st, st ? err.message : "");
    CHECK_INT(st, want);
    return r;
}

static void test_record_parse(void) {
    const char *text = "\xEF\xBB\xBF; a header comment\r\n"
                       "[Variant \"micropul\"]\r\n"
                       "[Players \"2\"] ; two seats\n"
                       "  [ Event  \"Club \\\"night\\\" \\\\ 3; no comment\" ]\n"
                       "[Core \"\"]\n"
                       "\n"
                       "; before the moves\n"
                       "1. 12@1,0r1  2. snw0,0 ; after two moves\n"
                       "3.t17 4.  pass\t5. tx 6. {brace} 12.\n"
                       "99. 3@0,1;glued comment\n";
    PulRecord *r = parse(text, PUL_OK);
    CHECK_INT(pul_record_ntags(r), 4);
    CHECK_STR(pul_record_tag(r, "Variant"), "micropul");
    CHECK_STR(pul_record_tag(r, "Players"), "2");
    CHECK_STR(pul_record_tag(r, "Event"), "Club \"night\" \\ 3; no comment");
    CHECK_STR(pul_record_tag(r, "Core"), "");
    CHECK(pul_record_tag(r, "Seed") == NULL);
    CHECK(pul_record_tag(r, "variant") == NULL); /* names are case-sensitive */
    CHECK_STR(pul_record_tag_name(r, 2), "Event");
    CHECK(pul_record_tag_name(r, 4) == NULL);
    static const char *const moves[] = {"12@1,0r1", "snw0,0", "t17", "pass", "tx", "{brace}",
                                        "3@0,1"};
    CHECK_INT(pul_record_nmoves(r), 7);
    for (int i = 0; i < 7; i++) CHECK_STR(pul_record_move(r, i), moves[i]);
    CHECK(pul_record_move(r, 7) == NULL);
    PulRecord *numbers = parse("1.2. 3.t4 5.6.pass 7.\n", PUL_OK);
    CHECK_INT(pul_record_nmoves(numbers), 2);
    CHECK_STR(pul_record_move(numbers, 0), "t4");
    CHECK_STR(pul_record_move(numbers, 1), "pass");
    pul_record_free(numbers);
    /* Comments survive a write. */
    size_t len;
    char *out = pul_record_write(r, &len);
    CHECK(out != NULL);
    /* In place: a comment among the tags stays after the tag it followed. */
    CHECK(strstr(out, "; a header comment\n[Variant \"micropul\"]\n[Players \"2\"]\n; two seats\n"
                      "[Event ") == out);
    CHECK(strstr(out, "; before the moves\n1. 12@1,0r1") != NULL);
    CHECK(strstr(out, "2. snw0,0\n; after two moves\n3. t17") != NULL);
    CHECK(strstr(out, "; glued comment\n") != NULL);
    free(out);
    pul_record_free(r);
}

static void parse_error(const char *text, int line, int column, const char *words) {
    PulRecord *r = pul_record_new();
    PulError err;
    PulStatus st = pul_record_parse(r, text, strlen(text), "bad.pmn", &err);
    CHECK_INT(st, PUL_ERR_SYNTAX);
    CHECK_STR(err.file, "bad.pmn");
    CHECK_INT(err.line, line);
    CHECK_INT(err.column, column);
    if (!strstr(err.message, words)) fprintf(stderr, "message: %s\n", err.message);
    CHECK(strstr(err.message, words) != NULL);
    CHECK_INT(pul_record_ntags(r), 0); /* a failed parse leaves the record empty */
    CHECK_INT(pul_record_nmoves(r), 0);
    pul_record_free(r);
}

static void test_record_parse_errors(void) {
    parse_error("[Variant \"micropul\"]\n[Players \"2\n1. pass\n", 2, 1, "closing quote");
    parse_error("[Variant \"micropul\"]\n[Players \"2\"\n", 2, 13, "']'");
    parse_error("[Variant micropul]\n", 1, 10, "quoted value");
    parse_error("[Variant \"a\\nb\"]\n", 1, 12, "escapes");
    parse_error("[\"x\"]\n", 1, 2, "tag name missing");
    parse_error("[9lives \"x\"]\n", 1, 2, "bad tag name");
    parse_error("[Players \"1\"]\n[Players \"2\"]\n", 2, 2, "twice");
    parse_error("[Players \"1\"] x\n", 1, 15, "but a comment");
    parse_error("[Players \"1\"]\n1. pass\n[Seed \"3\"]\n", 3, 1, "before the first move");
    parse_error("[Players \"1\"]\n1.[Seed \"3\"]\n", 2, 3, "own lines");
    const char nul[] = "[Players \"1\"]\n1. p\0ss\n";
    PulRecord *r = pul_record_new();
    PulError err;
    CHECK_INT(pul_record_parse(r, nul, sizeof nul - 1, "nul.pmn", &err), PUL_ERR_SYNTAX);
    CHECK_INT(err.line, 2);
    CHECK_INT(err.column, 5);
    /* Empty text is an empty record. */
    CHECK_INT(pul_record_parse(r, "", 0, "empty", &err), PUL_OK);
    CHECK_INT(pul_record_ntags(r), 0);
    CHECK_INT(pul_record_load_file(r, "/nonexistent/record.pmn", &err), PUL_ERR_IO);
    CHECK_STR(err.file, "/nonexistent/record.pmn");
    pul_record_free(r);
}

static void test_record_write(void) {
    PulRecord *r = pul_record_new();
    CHECK_INT(pul_record_set_tag(r, "Event", "say \"hi\" \\o/"), PUL_OK);
    CHECK_INT(pul_record_set_tag(r, "Players", "2"), PUL_OK);
    CHECK_INT(pul_record_set_tag(r, "Variant", "micropul"), PUL_OK);
    CHECK_INT(pul_record_set_tag(r, "Seed", "1"), PUL_OK);
    CHECK_INT(pul_record_set_tag(r, "Seed", "42"), PUL_OK); /* replaces */
    CHECK_INT(pul_record_set_tag(r, "Gone", "x"), PUL_OK);
    CHECK_INT(pul_record_set_tag(r, "Gone", NULL), PUL_OK); /* removes */
    CHECK_INT(pul_record_set_tag(r, "Bad", "two\nlines"), PUL_ERR_RANGE);
    CHECK_INT(pul_record_set_tag(r, "bad name", "x"), PUL_ERR_RANGE);
    CHECK_INT(pul_record_ntags(r), 4);
    CHECK(pul_record_tag(r, "Gone") == NULL);
    char *empty = pul_record_write(r, NULL);
    CHECK_STR(empty, "[Variant \"micropul\"]\n[Players \"2\"]\n[Event \"say \\\"hi\\\" \\\\o/\"]\n"
                     "[Seed \"42\"]\n");
    free(empty);

    PulAction take_any = {.kind = PUL_TAKE, .tile = PUL_NO_TILE};
    CHECK_INT(pul_record_add_move(r, mv, &take_any), PUL_ERR_RANGE);
    CHECK_INT(pul_record_nmoves(r), 0);
    for (int i = 0; i < 300; i++) {
        PulAction a;
        switch (i % 4) {
        case 0: a = (PulAction){.kind = PUL_PLACE, .tile = (uint8_t)(i % 48), .x = -i, .y = i,
                                .rot = (uint8_t)(i % 3)};
            break;
        case 1: a = (PulAction){.kind = PUL_CLAIM, .quad = (uint8_t)(i % 4 ^ 2), .x = i, .y = -1};
            break;
        case 2: a = (PulAction){.kind = PUL_TAKE, .tile = (uint8_t)(i % 48)}; break;
        default: a = (PulAction){.kind = PUL_PASS}; break;
        }
        CHECK_INT(pul_record_add_move(r, mv, &a), PUL_OK);
        if (i == 150) CHECK_INT(pul_record_add_comment(r, "half way\nsecond line"), PUL_OK);
    }
    size_t len = 0;
    char *text = pul_record_write(r, &len);
    CHECK(text != NULL);
    CHECK_INT(len, strlen(text));
    CHECK(len > 0 && text[len - 1] == '\n');
    CHECK(strstr(text, "[Seed \"42\"]\n\n1. 0@0,0  2. sse1,-1  3. t2  4. pass  5. 4@-4,4r1") != NULL);
    CHECK(strstr(text, "151. t6\n; half way\n; second line\n152. pass") != NULL);
    /* Every line fits in 80 columns; none is empty but the one after the tags. */
    int blank = 0;
    for (const char *l = text; *l;) {
        const char *e = strchr(l, '\n');
        CHECK(e != NULL);
        if (!e) break;
        CHECK(e - l <= 80);
        blank += (e == l);
        l = e + 1;
    }
    CHECK_INT(blank, 1);

    PulRecord *back = parse(text, PUL_OK);
    CHECK_INT(pul_record_ntags(back), pul_record_ntags(r));
    for (int i = 0; i < pul_record_ntags(r); i++) {
        const char *name = pul_record_tag_name(r, i);
        CHECK_STR(pul_record_tag(back, name), pul_record_tag(r, name));
    }
    CHECK_STR(pul_record_tag_name(back, 0), "Variant");
    CHECK_STR(pul_record_tag_name(back, 1), "Players");
    CHECK_INT(pul_record_nmoves(back), 300);
    for (int i = 0; i < 300; i++) CHECK_STR(pul_record_move(back, i), pul_record_move(r, i));
    /* Writing what was read gives the same text. */
    char *again = pul_record_write(back, NULL);
    CHECK_STR(again, text);
    free(again);
    free(text);
    pul_record_free(back);
    pul_record_free(r);
}

/* Mutated records: whatever parses writes back to text that parses to the
** same tags and moves; whatever fails says where. */
static void test_record_mutations(void) {
    static const char base[] = "; c\n[Variant \"micropul\"]\n[Players \"2\"]\n[Event \"a \\\"b\\\" c\"]\n"
                               "1. 12@1,0r1  2. snw0,0 ; note\n3. t17 4. pass\n";
    static const char noise[] = "[]\";\\\n\r\t .1234567890@,-abc{}\xC3\xA9";
    uint32_t st = 777;
    char text[256];
    for (int i = 0; i < 20000; i++) {
        size_t n = sizeof base - 1;
        memcpy(text, base, n);
        int edits = 1 + (int)(lcg(&st) % 4);
        for (int e = 0; e < edits; e++) {
            size_t at = lcg(&st) % n;
            char c = noise[lcg(&st) % (sizeof noise - 1)];
            switch (lcg(&st) % 3) {
            case 0: text[at] = c; break;
            case 1:
                if (n + 1 < sizeof text) {
                    memmove(text + at + 1, text + at, n - at);
                    text[at] = c;
                    n++;
                }
                break;
            default:
                memmove(text + at, text + at + 1, n - at - 1);
                n--;
                break;
            }
        }
        PulRecord *r = pul_record_new();
        PulError err;
        PulStatus s = pul_record_parse(r, text, n, "m.pmn", &err);
        if (s != PUL_OK) {
            CHECK_INT(s, PUL_ERR_SYNTAX);
            CHECK(err.line >= 1 && err.column >= 1);
            pul_record_free(r);
            continue;
        }
        size_t len;
        char *out = pul_record_write(r, &len);
        CHECK(out != NULL);
        PulRecord *back = pul_record_new();
        CHECK_INT(pul_record_parse(back, out, len, "w.pmn", &err), PUL_OK);
        CHECK_INT(pul_record_ntags(back), pul_record_ntags(r));
        for (int t = 0; t < pul_record_ntags(r); t++) {
            const char *name = pul_record_tag_name(r, t);
            CHECK_STR(pul_record_tag(back, name), pul_record_tag(r, name));
        }
        CHECK_INT(pul_record_nmoves(back), pul_record_nmoves(r));
        for (int m = 0; m < pul_record_nmoves(r) && m < pul_record_nmoves(back); m++)
            CHECK_STR(pul_record_move(back, m), pul_record_move(r, m));
        free(out);
        pul_record_free(back);
        pul_record_free(r);
    }
}

/* ------------------------------------------------------------ games */

/* Micropul's tile set built in C, so that this test needs no YAML. */
static PulVariant *micropul_variant(void) {
    static const char *const tiles[48] = {
        "W./..", "B./..", "WB/+.", "BW/+.", "+W/WB", "+B/BW", "W./.1", "B./.1", "WB/.1", "BW/.1",
        "1W/WB", "1B/BW", "W./1.", "B./1.", "WW/.1", "BB/.1", "WW/1W", "BB/1B", "W1/+.", "B1/+.",
        "WW/2.", "BB/2.", "WW/2B", "BB/2W", "W1/.1", "B1/.1", "W./.W", "B./.B", "WW/WB", "BB/BW",
        "W2/.1", "B2/.1", "W./1B", "B./1W", "WB/BW", "BW/WB", "W+", "B+", "W+/1W", "B+/1B",
        "WW/BB", "BB/WW", "W1", "B1", "W1/1B", "B1/1W", "WW/WW", "BB/BB",
    };
    static const char symbols[] = ".WB12+";
    PulTileSet ts;
    memset(&ts, 0, sizeof ts);
    snprintf(ts.name, sizeof ts.name, "micropul");
    ts.nfeatures = 6;
    static const char *const names[] = {"blank", "white", "black", "one-dot", "two-dot", "cross"};
    for (int f = 0; f < 6; f++) {
        ts.feature[f].symbol = symbols[f];
        snprintf(ts.feature[f].name, sizeof ts.feature[f].name, "%s", names[f]);
        ts.feature[f].cls = f == 0 ? PUL_FEATURE_BLANK
                                   : f <= 2 ? PUL_FEATURE_MICROPUL : PUL_FEATURE_CATALYST;
        ts.feature[f].draw = f == 3 ? 1 : f == 4 ? 2 : 0;
        ts.feature[f].extra_turn = f == 5;
    }
    ts.ntiles = 48;
    ts.start = 40;
    for (int t = 0; t < 48; t++) {
        const char *s = tiles[t];
        PulTileDef *d = &ts.tile[t];
        if (strlen(s) == 2) {
            d->big = true;
            for (int q = 0; q < 4; q++) d->quad[q] = (uint8_t)(strchr(symbols, s[0]) - symbols);
            d->centre = (uint8_t)(strchr(symbols, s[1]) - symbols);
        } else {
            const char at[4] = {s[0], s[1], s[3], s[4]};
            for (int q = 0; q < 4; q++) d->quad[q] = (uint8_t)(strchr(symbols, at[q]) - symbols);
        }
    }
    PulRules rules;
    pul_rules_default(&rules);
    PulError err;
    PulVariant *v = pul_variant_new("micropul", &ts, &rules, &err);
    if (!v) fprintf(stderr, "pul_variant_new: %s\n", err.message);
    return v;
}

static const char core_ok[] = "12 5 33 0 47 1 2 3 4 6 7 8 9 10 11 13 14 15 16 17 18 19 20 21 22 "
                              "23 24 25 26 27 28 29 30 31 32 34 35 36 37 38 39 41 42 43 44 45 46";

/* Starts a game from a record made of tags; returns the status. */
static PulStatus start(PulVariant *v, const char *players, const char *core, const char *seed,
                       PulGame *g, PulError *err) {
    char text[1024];
    int n = snprintf(text, sizeof text, "[Variant \"micropul\"]\n");
    if (players) n += snprintf(text + n, sizeof text - (size_t)n, "[Players \"%s\"]\n", players);
    if (seed) n += snprintf(text + n, sizeof text - (size_t)n, "[Seed \"%s\"]\n", seed);
    if (core) n += snprintf(text + n, sizeof text - (size_t)n, "[Core \"%s\"]\n", core);
    PulRecord *r = pul_record_new();
    CHECK_INT(pul_record_parse(r, text, (size_t)n, "start.pmn", err), PUL_OK);
    (void)v;
    PulStatus st = pul_record_start_game(r, g, err);
    pul_record_free(r);
    return st;
}

static void start_fails(PulVariant *v, const char *players, const char *core, const char *seed,
                        int line, const char *words) {
    PulGame *g = pul_game_new(v);
    PulError err;
    CHECK_INT(start(v, players, core, seed, g, &err), PUL_ERR_SCHEMA);
    CHECK_STR(err.file, "start.pmn");
    CHECK_INT(err.line, line);
    if (!strstr(err.message, words)) fprintf(stderr, "message: %s\n", err.message);
    CHECK(strstr(err.message, words) != NULL);
    pul_game_free(g);
}

static void test_start_game(void) {
    PulVariant *v = micropul_variant();
    CHECK(v != NULL);
    if (!v) return;
    PulError err;
    PulGame *g = pul_game_new(v);
    CHECK_INT(start(v, "2", core_ok, NULL, g, &err), PUL_OK);
    CHECK_INT(pul_game_seats(g), 2);
    CHECK_INT(pul_game_core_count(g), 35);
    uint8_t core[PUL_MAX_TILES], hand[PUL_MAX_HAND];
    CHECK_INT(pul_game_core_initial(g, core, PUL_MAX_TILES), 47);
    CHECK_INT(core[0], 12);
    CHECK_INT(core[46], 46);
    CHECK_INT(pul_game_hand(g, 0, hand, PUL_MAX_HAND), 6);

    /* from_start writes the same deal back. */
    PulRecord *r = pul_record_new();
    CHECK_INT(pul_record_from_start(r, g), PUL_OK);
    CHECK_STR(pul_record_tag(r, "Variant"), "micropul");
    CHECK_STR(pul_record_tag(r, "Players"), "2");
    CHECK_STR(pul_record_tag(r, "Core"), core_ok);
    CHECK_INT(pul_record_nmoves(r), 0);

    /* A seeded game written as a record and started again is the same deal. */
    CHECK_INT(start(v, "1", NULL, "18446744073709551615", g, &err), PUL_OK);
    CHECK_INT(pul_game_core_count(g), 41);
    CHECK_INT(pul_record_from_start(r, g), PUL_OK);
    PulGame *g2 = pul_game_new(v);
    CHECK_INT(pul_record_start_game(r, g2, &err), PUL_OK);
    uint8_t core2[PUL_MAX_TILES];
    CHECK_INT(pul_game_core_initial(g, core, PUL_MAX_TILES), 47);
    CHECK_INT(pul_game_core_initial(g2, core2, PUL_MAX_TILES), 47);
    CHECK(memcmp(core, core2, 47) == 0);
    /* Neither Core nor Seed: seed 0, the same deal every time. */
    CHECK_INT(start(v, "2", NULL, NULL, g, &err), PUL_OK);
    CHECK_INT(start(v, "2", NULL, "0", g2, &err), PUL_OK);
    pul_game_core_initial(g, core, PUL_MAX_TILES);
    pul_game_core_initial(g2, core2, PUL_MAX_TILES);
    CHECK(memcmp(core, core2, 47) == 0);
    pul_game_free(g2);
    pul_record_free(r);
    pul_game_free(g);

    start_fails(v, NULL, core_ok, NULL, 0, "no Players tag");
    start_fails(v, "3", core_ok, NULL, 2, "1 to 2 players");
    start_fails(v, "0", core_ok, NULL, 2, "1 to 2 players");
    start_fails(v, "two", core_ok, NULL, 2, "1 to 2 players");
    start_fails(v, " 2", core_ok, NULL, 2, "1 to 2 players");
    start_fails(v, "2", core_ok, "-1", 3, "Seed");
    start_fails(v, "2", core_ok, "18446744073709551616", 3, "Seed");
    start_fails(v, "2", "12 5 33 0 47", NULL, 3, "tile 1 is missing");
    start_fails(v, "2", "12 5 33 0 47 1 2 3 4 6 7 8 9 10 11 13 14 15 16 17 18 19 20 21 22 23 24 "
                        "25 26 27 28 29 30 31 32 34 35 36 37 38 39 41 42 43 44 45 46 12",
                NULL, 3, "tile 12 is listed twice");
    start_fails(v, "2", "12 5 33 0 47 1 2 3 4 6 7 8 9 10 11 13 14 15 16 17 18 19 20 21 22 23 24 "
                        "25 26 27 28 29 30 31 32 34 35 36 37 38 39 40 41 42 43 44 45 46",
                NULL, 3, "start tile");
    start_fails(v, "2", "48", NULL, 3, "not a tile of micropul");
    start_fails(v, "2", "12 x", NULL, 3, "\"x\" is not a tile id");
    /* PMN.md: one spelling per number. */
    start_fails(v, "02", core_ok, NULL, 2, "1 to 2 players");
    start_fails(v, "+2", core_ok, NULL, 2, "1 to 2 players");
    start_fails(v, "2", "012 5 33 0 47", NULL, 3, "\"012\" is not a tile id");
    start_fails(v, "2", core_ok, "007", 3, "Seed");
    start_fails(v, "2", "99999999999 5", NULL, 3, "\"99999999999\" is not a tile id");
    /* A long value is quoted cut, with its size. */
    char players[3000];
    memset(players, '9', sizeof players - 1);
    players[sizeof players - 1] = '\0';
    PulGame *g3 = pul_game_new(v);
    char text[3200];
    int n = snprintf(text, sizeof text, "[Variant \"micropul\"]\n[Players \"%s\"]\n", players);
    PulRecord *big = pul_record_new();
    CHECK_INT(pul_record_parse(big, text, (size_t)n, "big.pmn", &err), PUL_OK);
    CHECK_INT(pul_record_start_game(big, g3, &err), PUL_ERR_SCHEMA);
    CHECK_STR(err.code, "pmn-tag");
    CHECK(strstr(err.message, "... (2999 bytes)") != NULL);
    CHECK(strlen(err.message) < 300);
    pul_record_free(big);
    pul_game_free(g3);
    pul_variant_free(v);
}

/* Tens of thousands of tags are read in linear time, the last one's
** duplicate still found; the order and the comments among them are kept. */
static void test_record_many_tags(void) {
    enum { N = 50000 };
    size_t cap = (size_t)N * 24 + 64, len = 0;
    char *text = malloc(cap);
    CHECK(text != NULL);
    if (!text) return;
    for (int i = 0; i < N; i++) {
        len += (size_t)snprintf(text + len, cap - len, "[T%d \"%d\"]\n", i, i);
        if (i == 100) len += (size_t)snprintf(text + len, cap - len, "; after tag 100\n");
    }
    PulRecord *r = pul_record_new();
    PulError err;
    CHECK_INT(pul_record_parse(r, text, len, "many.pmn", &err), PUL_OK);
    CHECK_INT(pul_record_ntags(r), N);
    CHECK_STR(pul_record_tag(r, "T0"), "0");
    CHECK_STR(pul_record_tag(r, "T49999"), "49999");
    CHECK_STR(pul_record_tag_name(r, 12345), "T12345");
    size_t wlen;
    char *out = pul_record_write(r, &wlen);
    CHECK(out && wlen == len && memcmp(out, text, len) == 0);
    free(out);
    len += (size_t)snprintf(text + len, cap - len, "[T0 \"again\"]\n");
    CHECK_INT(pul_record_parse(r, text, len, "many.pmn", &err), PUL_ERR_SYNTAX);
    CHECK_STR(err.code, "pmn-syntax");
    CHECK_INT(err.line, N + 2);
    CHECK(strstr(err.message, "T0 is given twice") != NULL);
    pul_record_free(r);
    free(text);
}

/* A record longer than PUL_RECORD_MAX is refused, parsed or read; reading
** stops past the limit. */
static void test_record_size_limit(void) {
    size_t len = (size_t)PUL_RECORD_MAX + 1;
    char *text = malloc(len);
    CHECK(text != NULL);
    if (!text) return;
    memset(text, ' ', len);
    PulRecord *r = pul_record_new();
    PulError err;
    CHECK_INT(pul_record_parse(r, text, len, "big.pmn", &err), PUL_ERR_RANGE);
    CHECK_STR(err.code, "too-large");
    CHECK(strstr(err.message, "1048576") != NULL);
    CHECK_INT(pul_record_parse(r, text, len - 1, "max.pmn", &err), PUL_OK);
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (f) {
        CHECK(fwrite(text, 1, len, f) == len);
        rewind(f);
        CHECK_INT(pul_record_load_stream(r, f, "stream", &err), PUL_ERR_RANGE);
        CHECK_STR(err.code, "too-large");
        CHECK_STR(err.file, "stream");
        CHECK(ftell(f) <= (long)len); /* not a byte more than the limit and one */
        fclose(f);
    }
    FILE *zero = fopen("/dev/zero", "rb");
    if (zero) { /* an endless stream ends */
        CHECK_INT(pul_record_load_stream(r, zero, "/dev/zero", &err), PUL_ERR_RANGE);
        fclose(zero);
    }
    CHECK_INT(pul_record_load_file(r, "/dev/zero", &err), PUL_ERR_RANGE);
    CHECK_STR(err.code, "too-large");
    pul_record_free(r);
    free(text);
}

/* Moves taken back keep the comments that followed them; tags set in C
** lead with Variant and Players, tags read keep their order. */
static void test_record_truncate_and_order(void) {
    PulRecord *r = parse("[Seed \"1\"]\n[Players \"2\"]\n[Variant \"micropul\"]\n"
                         "1. t1 2. t2 ; after two\n3. t3\n",
                         PUL_OK);
    CHECK_INT(pul_record_truncate(r, 1), PUL_OK);
    CHECK_INT(pul_record_nmoves(r), 1);
    PulAction a = {.kind = PUL_TAKE, .tile = 9};
    CHECK_INT(pul_record_add_move(r, mv, &a), PUL_OK);
    char *out = pul_record_write(r, NULL);
    CHECK_STR(out, "[Seed \"1\"]\n[Players \"2\"]\n[Variant \"micropul\"]\n\n1. t1\n"
                   "; after two\n2. t9\n");
    free(out);
    CHECK_INT(pul_record_truncate(r, -1), PUL_ERR_STATE);
    pul_record_free(r);
    r = parse("; top\n[Event \"e\"]\n; after Event\n[Site \"s\"]\n", PUL_OK);
    CHECK_INT(pul_record_set_tag(r, "Players", "1"), PUL_OK);
    CHECK_INT(pul_record_set_tag(r, "Variant", "micropul"), PUL_OK);
    CHECK_INT(pul_record_set_tag(r, "Site", NULL), PUL_OK);
    out = pul_record_write(r, NULL);
    CHECK_STR(out, "; top\n[Variant \"micropul\"]\n[Players \"1\"]\n[Event \"e\"]\n"
                   "; after Event\n");
    free(out);
    pul_record_free(r);
}

/* Found by tests/fuzz/fuzz_records: a comment ending in two carriage
** returns kept one, which the writer put before its "\n", so each round
** trip lost one. Every carriage return before a line feed ends the line. */
static void test_record_comment_carriage_returns(void) {
    PulRecord *r = parse(";\r\r\r\n; a\rb\r\r\n[Players \"2\"] ;c\r\r\n[Seed \"1\"]\n1. t1 ;\r",
                         PUL_OK);
    char *once = pul_record_write(r, NULL);
    CHECK_STR(once, ";\n; a\rb\n[Players \"2\"]\n; c\n[Seed \"1\"]\n\n1. t1\n;\n");
    PulRecord *back = parse(once, PUL_OK);
    char *twice = pul_record_write(back, NULL);
    CHECK_STR(twice, once);
    free(twice);
    free(once);
    pul_record_free(back);
    pul_record_free(r);
}

/* PMN.md: the Variant tag is a name on the search path, matched exactly;
** a path is refused without being opened. */
static void test_record_variant(void) {
    static const char *const refused[] = {"/etc/passwd", "../variants/micropul", ".", "..",
                                          "./micropul", "micropul/", "micropul ", " micropul",
                                          "", "a.b", "abcdefghijklmnopqrstuvwxyz0123456"};
    PulError err;
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        char text[200];
        snprintf(text, sizeof text, "[Variant \"%s\"]\n[Players \"2\"]\n", refused[i]);
        PulRecord *r = parse(text, PUL_OK);
        PulVariant *v = pul_record_open_variant(r, NULL, &err);
        CHECK(v == NULL);
        if (v) fprintf(stderr, "opened \"%s\"\n", refused[i]);
        pul_variant_free(v);
        CHECK_STR(err.code, "pmn-tag");
        CHECK_INT(err.line, 1);
        CHECK_INT(err.column, 11);
        pul_record_free(r);
    }
    PulRecord *r = parse("[Variant \"MICROPUL\"]\n", PUL_OK);
    CHECK(pul_record_open_variant(r, NULL, &err) == NULL);
    pul_record_free(r);
    r = parse("[Players \"2\"]\n", PUL_OK);
    CHECK(pul_record_open_variant(r, NULL, &err) == NULL);
    CHECK_STR(err.code, "pmn-tag");
    CHECK(strstr(err.message, "no Variant tag") != NULL);
    pul_record_free(r);
    /* Found by name on PUL_PATH (ctest sets it to variants/). */
    r = parse("[Variant \"micropul\"]\n", PUL_OK);
    PulVariant *v = pul_record_open_variant(r, NULL, &err);
    CHECK(v != NULL);
    if (v) {
        CHECK_STR(pul_variant_name(v), "micropul");
        CHECK_INT(pul_record_check_variant(r, v, &err), PUL_OK);
        PulRecord *other = parse("[Variant \"farmopul\"]\n", PUL_OK);
        CHECK_INT(pul_record_check_variant(other, v, &err), PUL_ERR_SCHEMA);
        CHECK_STR(err.code, "pmn-tag");
        pul_record_free(other);
    }
    pul_variant_free(v);
    pul_record_free(r);
}

int main(void) {
    mv = micropul_variant();
    if (!mv) return 1;
    RUN(test_action_round_trips);
    RUN(test_action_fields);
    RUN(test_action_rejects);
    RUN(test_action_format_limits);
    RUN(test_action_random_text);
    RUN(test_reason_codes);
    RUN(test_record_parse);
    RUN(test_record_parse_errors);
    RUN(test_record_write);
    RUN(test_record_mutations);
    RUN(test_start_game);
    RUN(test_action_large_tile_ids);
    RUN(test_record_many_tags);
    RUN(test_record_size_limit);
    RUN(test_record_truncate_and_order);
    RUN(test_record_variant);
    RUN(test_record_comment_carriage_returns);
    pul_variant_free(mv);
    return CHECK_DONE();
}
