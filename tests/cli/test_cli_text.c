/*
** test_cli_text.c: the safe text and JSON strings of tools/cli.c, character
** class by character class: what reaches a terminal, a JSON line and a width.
*/
#define _POSIX_C_SOURCE 200809L /* open_memstream, dup, fileno */

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cli.h"

/* What fn wrote on a memory stream, malloc'd. */
typedef void (*Writer)(FILE *f, const char *s);
static char *written(Writer fn, const char *s) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    fn(f, s);
    fclose(f);
    return buf;
}

/* Whether s is valid UTF-8 and holds no C0 control but '\n', no DEL, C1 or
** bidi control: what a terminal may be given. Written apart from cli.c, so
** that the two cannot share a mistake. */
static bool terminal_safe(const char *s, bool newline_ok) {
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned c = *p, cp;
        int n;
        if (c < 0x80) {
            if ((c < 0x20 && !(newline_ok && c == '\n')) || c == 0x7F) return false;
            p++;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1F;
        else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0F;
        else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07;
        else return false;
        for (int i = 1; i < n; i++) {
            if ((p[i] & 0xC0) != 0x80) return false;
            cp = cp << 6 | (p[i] & 0x3F);
        }
        if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        if (cp <= 0x9F || cp == 0x61C || cp == 0x200E || cp == 0x200F ||
            (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069))
            return false;
        p += n;
    }
    return true;
}

/* One character class: the raw text and how a terminal must be shown it. */
typedef struct {
    const char *raw, *shown, *json;
} Case;

static const Case cases[] = {
    /* plain and printable UTF-8 pass as they are */
    {"micropul", "micropul", "\"micropul\""},
    {"マイクロプル ○● é", "マイクロプル ○● é", "\"マイクロプル ○● é\""},
    {"\xf0\x9f\x98\x80 \xef\xbf\xbd", "\xf0\x9f\x98\x80 \xef\xbf\xbd",
     "\"\xf0\x9f\x98\x80 \xef\xbf\xbd\""},
    {"C:\\games \"x\"", "C:\\games \"x\"", "\"C:\\\\games \\\"x\\\"\""},
    /* escape sequences: OSC 52 (clipboard), OSC 0 (title), CSI 2J (clear) */
    {"a\x1b]52;c;ZXZpbA==\x07z", "a\\x1b]52;c;ZXZpbA==\\x07z", "\"a\\u001b]52;c;ZXZpbA==\\u0007z\""},
    {"\x1b]0;pwned\x07", "\\x1b]0;pwned\\x07", "\"\\u001b]0;pwned\\u0007\""},
    {"\x1b[2J\x1b[H", "\\x1b[2J\\x1b[H", "\"\\u001b[2J\\u001b[H\""},
    /* the other C0 controls, a line break that fakes a prompt, DEL */
    {"x\nSeat 1> ", "x\\nSeat 1> ", "\"x\\nSeat 1> \""},
    {"a\rb\tc\bd\fe\x01\x1f", "a\\rb\\tc\\x08d\\x0ce\\x01\\x1f", "\"a\\rb\\tc\\bd\\fe\\u0001\\u001f\""},
    {"del\x7f", "del\\x7f", "\"del\\u007f\""},
    /* C1 controls, CSI as one character among them */
    {"\xc2\x9b" "2J", "\\u009b2J", "\"\\u009b2J\""},
    {"\xc2\x80\xc2\x9d\xc2\x9f", "\\u0080\\u009d\\u009f", "\"\\u0080\\u009d\\u009f\""},
    /* bidi controls, the line and paragraph separators, the non-characters XML refuses */
    {"\xd8\x9c|\xe2\x80\x8e|\xe2\x80\x8f", "\\u061c|\\u200e|\\u200f", "\"\\u061c|\\u200e|\\u200f\""},
    {"\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad\xe2\x80\xae",
     "\\u202a\\u202b\\u202c\\u202d\\u202e", "\"\\u202a\\u202b\\u202c\\u202d\\u202e\""},
    {"\xe2\x81\xa6\xe2\x81\xa7\xe2\x81\xa8\xe2\x81\xa9", "\\u2066\\u2067\\u2068\\u2069",
     "\"\\u2066\\u2067\\u2068\\u2069\""},
    {"\xe2\x80\xa8\xe2\x80\xa9", "\\u2028\\u2029", "\"\\u2028\\u2029\""},
    {"\xef\xbf\xbe\xef\xbf\xbf", "\\ufffe\\uffff", "\"\\ufffe\\uffff\""},
    /* bytes that are not UTF-8: stray, overlong, surrogate, past U+10FFFF, cut short */
    {"\xff\xfe", "\\xff\\xfe", "\"\xef\xbf\xbd\xef\xbf\xbd\""},
    {"a\x80z", "a\\x80z", "\"a\xef\xbf\xbdz\""},
    {"\xc0\xaf", "\\xc0\\xaf", "\"\xef\xbf\xbd\xef\xbf\xbd\""},
    {"\xed\xa0\x80", "\\xed\\xa0\\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""},
    {"\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80",
     "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""},
    {"\xe3\x81", "\\xe3\\x81", "\"\xef\xbf\xbd\xef\xbf\xbd\""},
    {"\xe3\x81" "a", "\\xe3\\x81a", "\"\xef\xbf\xbd\xef\xbf\xbd" "a\""},
};
enum { NCASES = (int)(sizeof cases / sizeof cases[0]) };

static void test_text(void) {
    for (int k = 0; k < NCASES; k++) {
        char buf[256];
        CHECK_STR(cli_text(buf, sizeof buf, cases[k].raw), cases[k].shown);
        CHECK_STR(CLI_TEXT(cases[k].raw), cases[k].shown);
        CHECK(terminal_safe(buf, false));
    }
}

static void test_put_text(void) {
    for (int k = 0; k < NCASES; k++) {
        char *out = written(cli_put_text, cases[k].raw);
        CHECK_STR(out, cases[k].shown);
        free(out);
    }
}

static void test_json(void) {
    for (int k = 0; k < NCASES; k++) {
        char *out = written(cli_json_string, cases[k].raw);
        CHECK_STR(out, cases[k].json);
        CHECK(out && terminal_safe(out, false));
        free(out);
    }
}

/* Every byte value alone and after each lead byte: nothing raw gets through. */
static void test_every_byte(void) {
    for (int a = 1; a < 256; a++)
        for (int b = 0; b < 256; b++) {
            char raw[4] = {(char)a, (char)b, 'z', '\0'};
            char buf[64];
            CHECK(terminal_safe(cli_text(buf, sizeof buf, raw), false));
            char *json = written(cli_json_string, raw);
            CHECK(json && terminal_safe(json, false));
            free(json);
            if (check_failures) return;
        }
}

static void test_cut(void) {
    char buf[10];
    CHECK_STR(cli_text(buf, sizeof buf, "abcdefghi"), "abcdefghi");
    CHECK_STR(cli_text(buf, sizeof buf, "abcdefghij"), "abcdef\xe2\x80\xa6");
    /* an escape or a character is never cut in two */
    CHECK_STR(cli_text(buf, 6, "ab\x1b" "cd"), "ab\xe2\x80\xa6");
    CHECK_STR(cli_text(buf, sizeof buf, "abマイウ"), "abマ\xe2\x80\xa6");
    CHECK_STR(cli_text(buf, 4, "abc"), "abc");
    CHECK_STR(cli_text(buf, 4, "abcd"), "\xe2\x80\xa6");
    CHECK_STR(cli_text(buf, 3, "abcd"), "");
    /* CLI_TEXT's own buffer cuts a long value the same way */
    char *long_text = malloc(3 * CLI_TEXT_MAX);
    CHECK(long_text != NULL);
    if (!long_text) return;
    memset(long_text, '\x1b', 3 * CLI_TEXT_MAX - 1);
    long_text[3 * CLI_TEXT_MAX - 1] = '\0';
    const char *shown = CLI_TEXT(long_text);
    size_t len = strlen(shown);
    CHECK(len < CLI_TEXT_MAX && len >= CLI_TEXT_MAX - 8 && (len - 3) % 4 == 0);
    CHECK(strcmp(shown + len - 3, "\xe2\x80\xa6") == 0);
    CHECK(terminal_safe(shown, false));
    free(long_text);
}

static void test_char(void) {
    char esc[CLI_ESC_MAX];
    CHECK_INT(cli_text_char("a", esc), 1);
    CHECK_STR(esc, "");
    CHECK_INT(cli_text_char("\xe3\x83\x9e!", esc), 3);
    CHECK_STR(esc, "");
    CHECK_INT(cli_text_char("\x1b[", esc), 1);
    CHECK_STR(esc, "\\x1b");
    CHECK_INT(cli_text_char("\xe2\x80\xae", esc), 3);
    CHECK_STR(esc, "\\u202e");
    CHECK_INT(cli_text_char("\xe2\x80", esc), 1);
    CHECK_STR(esc, "\\xe2");
}

/* A board cell holds a glyph of its width: the width is the shown text's. */
static void test_width(void) {
    CHECK_INT(cli_display_width("micropul"), 8);
    CHECK_INT(cli_display_width("○"), 1);
    CHECK_INT(cli_display_width("大"), 2);
    CHECK_INT(cli_display_width("マイクロプル"), 12);
    CHECK_INT(cli_display_width("e\xcc\x81"), 1);              /* a combining accent */
    CHECK_INT(cli_display_width("\xe2\x9a\xab\xef\xb8\x8f"), 2); /* VS16 asks for the emoji */
    for (int k = 0; k < NCASES; k++) {
        char buf[256];
        cli_text(buf, sizeof buf, cases[k].raw);
        /* escapes and the ASCII cases: one cell per byte of what is shown */
        bool ascii = true;
        for (const char *p = buf; *p; p++) ascii = ascii && (unsigned char)*p < 0x80;
        if (ascii) CHECK_INT(cli_display_width(cases[k].raw), (long)strlen(buf));
    }
    CHECK_INT(cli_display_width("\x1b"), 4);
    CHECK_INT(cli_display_width("\xe2\x80\xae"), 6);
    CHECK_INT(cli_display_width("\xff"), 4);
}

/* cli_error's line, caught on a temporary file in place of stderr. */
static char *error_line(const char *message) {
    FILE *tmp = tmpfile();
    if (!tmp) return NULL;
    fflush(stderr);
    int saved = dup(fileno(stderr));
    dup2(fileno(tmp), fileno(stderr));
    cli_error("test", "says %s.", message);
    fflush(stderr);
    dup2(saved, fileno(stderr));
    close(saved);
    fseek(tmp, 0, SEEK_END);
    long len = ftell(tmp);
    rewind(tmp);
    char *buf = malloc((size_t)len + 1);
    if (buf) buf[fread(buf, 1, (size_t)len, tmp)] = '\0';
    fclose(tmp);
    return buf;
}

static void test_error(void) {
    char *line = error_line("\x1b]52;c;ZXZpbA==\x07 \xe2\x80\xae\xff\nSeat 1> ");
    CHECK_STR(line, "pul test: says \\x1b]52;c;ZXZpbA==\\x07 \\u202e\\xff\\nSeat 1> .\n");
    free(line);
    /* past 4 KB the message is cut, never inside a character, and marked */
    char *big = malloc(3 * 2000 + 1);
    CHECK(big != NULL);
    if (!big) return;
    for (int i = 0; i < 2000; i++) memcpy(big + 3 * i, "\xe3\x83\x9e", 3);
    big[3 * 2000] = '\0';
    line = error_line(big);
    CHECK(line && terminal_safe(line, true));
    CHECK(line && strstr(line, "\\x") == NULL);
    CHECK(line && strlen(line) > 4 && strcmp(line + strlen(line) - 4, "\xe2\x80\xa6\n") == 0);
    free(line);
    free(big);
}

int main(void) {
    RUN(test_text);
    RUN(test_put_text);
    RUN(test_json);
    RUN(test_every_byte);
    RUN(test_cut);
    RUN(test_char);
    RUN(test_width);
    RUN(test_error);
    return CHECK_DONE();
}
