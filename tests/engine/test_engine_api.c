/*
** test_engine_api.c: pul engine's dispatcher called as the wasm build calls
** it, linked without the stdin transport: lengths, NUL bytes, JSON strings.
*/
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine.h"
#include "engine_json.h"

static const char *run(Engine *e, const char *line) { return engine_command(e, line, strlen(line)); }

static bool has(const char *reply, const char *part) { return strstr(reply, part) != NULL; }

/* The writer: commas, nesting, and every byte made valid, safe JSON. */
static void test_writer(void) {
    JsonBuf j = {0};
    json_open(&j, '{');
    json_kstr(&j, "a", "x\"\\\n\x1b\xff\xe2\x80\xae\xe6\x97\xa5");
    json_key(&j, "b");
    json_open(&j, '[');
    json_int(&j, -3);
    json_bool(&j, true);
    json_open(&j, '{');
    json_close(&j);
    json_null(&j);
    json_close(&j);
    json_close(&j);
    CHECK_STR(j.buf, "{\"a\":\"x\\\"\\\\\\n\\u001b\xef\xbf\xbd\\u202e\xe6\x97\xa5\","
                     "\"b\":[-3,true,{},null]}");
    json_reset(&j);
    json_str(&j, "");
    CHECK_STR(j.buf, "\"\"");
    json_free(&j);
}

static void test_reader(void) {
    char out[64];
    size_t n = 0;
    const char *in = " \"a\\n\\\"\\u00e9\\ud83d\\ude00\" ";
    CHECK(json_read_string(in, strlen(in), out, sizeof out, &n));
    CHECK_STR(out, "a\n\"\xc3\xa9\xf0\x9f\x98\x80");
    CHECK_INT(n, 9);
    const char *bad[] = {"", "\"open", "\"a\" x", "\"\\ud83d\"", "\"\\ude00\"", "\"\\u0000\"",
                         "\"\\q\"", "\"tab\there\"", "a"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(!json_read_string(bad[i], strlen(bad[i]), out, sizeof out, &n));
    CHECK(!json_read_string("\"0123456789\"", 12, out, 8, &n)); /* does not fit */
}

static void test_dispatch(void) {
    Engine *e = engine_new(PUL_TEST_VARIANTS);
    CHECK(e != NULL);
    if (!e) return;
    CHECK(has(run(e, "info"), "\"protocol\":1"));
    /* The length given is the line: bytes past it are not read, a NUL in it is refused. */
    CHECK(has(engine_command(e, "infoXYZ", 4), "\"cmd\":\"info\""));
    CHECK(has(engine_command(e, "in\0fo", 5), "\"error\":\"bad_encoding\""));
    CHECK(has(engine_command(e, "info\r", 5), "\"ok\":true"));
    CHECK(has(engine_command(e, "", 0), "\"error\":\"empty_line\""));
    CHECK(has(engine_overlong(e, (size_t)ENGINE_LINE_MAX + 1), "\"error\":\"line_too_long\""));
    CHECK(has(run(e, "state"), "\"error\":\"no_game\""));
    CHECK(has(run(e, "newgame genial seed=5"), "\"family\":\"genial\""));
    CHECK(has(run(e, "render seat=2"), "<svg"));
    CHECK(has(run(e, "newgame micropul seed=5"), "\"moves\":0"));
    CHECK(has(run(e, "play t"), "\"reason\":\"hand_full\""));
    const char *r = run(e, "bestmove");
    CHECK(has(r, "\"move\":\""));
    CHECK(!engine_quit(e));
    CHECK(has(run(e, "quit"), "\"cmd\":\"quit\""));
    CHECK(engine_quit(e));
    engine_free(e);
    engine_free(NULL);
}

int main(void) {
    test_writer();
    test_reader();
    test_dispatch();
    return check_failures ? 1 : 0;
}
