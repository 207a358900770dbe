/*
** test_text.c: the engine's text rules through pul.h: the UTF-8 decoder, the
** characters never shown raw, their one escaped notation, and values cut.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pul.h"

/* cp as UTF-8, written here from RFC 3629's table rather than by the engine. */
static int encode(uint32_t cp, char out[4]) {
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | cp >> 12);
        out[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | cp >> 18);
    out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    out[2] = (char)(0x80 | (cp >> 6 & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Every scalar value reads back as itself, whole, and not from fewer bytes. */
static void test_decode_every_character(void) {
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        if (cp >= 0xD800 && cp <= 0xDFFF) continue;
        char s[4];
        int len = encode(cp, s);
        uint32_t got = 0;
        CHECK_INT(pul_utf8_next(s, (size_t)len, &got), len);
        CHECK_INT(got, cp);
        if (len > 1) CHECK_INT(pul_utf8_next(s, (size_t)len - 1, &got), 0);
        if (check_failures) return;
    }
}

/* Of all two- and three-byte strings, exactly the encodings of U+0080 to
** U+FFFF but the surrogates decode as two and three bytes: no overlong
** form, no surrogate. */
static void test_decode_counts(void) {
    long two = 0, three = 0;
    for (int a = 0; a < 256; a++)
        for (int b = 0; b < 256; b++) {
            char s[3] = {(char)a, (char)b, 0};
            uint32_t cp;
            two += pul_utf8_next(s, 2, &cp) == 2;
            for (int c = 0; c < 256; c++) {
                s[2] = (char)c;
                three += pul_utf8_next(s, 3, &cp) == 3;
            }
        }
    CHECK_INT(two, 0x800 - 0x80);
    CHECK_INT(three, 0x10000 - 0x800 - 0x800);
}

static void test_decode_refused(void) {
    static const char *const bad[] = {
        "\x80",             /* a continuation byte alone */
        "\xc0\xaf",         /* overlong '/' */
        "\xc1\xbf",         /* overlong U+007F */
        "\xe0\x80\xaf",     /* overlong, three bytes */
        "\xe0\x9f\xbf",     /* overlong U+07FF */
        "\xf0\x80\x80\xaf", /* overlong, four bytes */
        "\xf0\x8f\xbf\xbf", /* overlong U+FFFF */
        "\xed\xa0\x80",     /* U+D800, a surrogate */
        "\xed\xbf\xbf",     /* U+DFFF */
        "\xf4\x90\x80\x80", /* U+110000 */
        "\xf5\x80\x80\x80", /* a lead byte past U+10FFFF */
        "\xff",
        "\xe3\x81",         /* cut short by the end */
        "\xe3\x81z",        /* cut short by a character */
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        uint32_t cp = 0;
        CHECK_INT(pul_utf8_next(bad[k], SIZE_MAX, &cp), 0);
        CHECK_INT(cp, 0xFFFD);
    }
    uint32_t cp;
    CHECK_INT(pul_utf8_next("", 0, &cp), 0);
    CHECK_INT(pul_utf8_next("\xf4\x8f\xbf\xbf", SIZE_MAX, &cp), 4);
    CHECK_INT(cp, 0x10FFFF);
    /* n is obeyed: the bytes past it are not read as the character's */
    CHECK_INT(pul_utf8_next("\xe3\x81\x82", 2, &cp), 0);
}

/* The set, range by range, and nothing else in all of Unicode. */
static void test_unsafe(void) {
    static const uint32_t ranges[][2] = {
        {0x00, 0x1F},     {0x7F, 0x9F},     {0x061C, 0x061C}, {0x200E, 0x200F},
        {0x2028, 0x202E}, {0x2066, 0x2069}, {0xFFFE, 0xFFFF},
    };
    long count = 0;
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        bool in = false;
        for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; r++)
            in = in || (cp >= ranges[r][0] && cp <= ranges[r][1]);
        if (pul_text_unsafe(cp) != in) {
            fprintf(stderr, "  U+%04lX\n", (unsigned long)cp);
            CHECK(pul_text_unsafe(cp) == in);
            return;
        }
        count += in;
    }
    CHECK_INT(count, 32 + 33 + 1 + 2 + 7 + 4 + 2);
}

/* The whole of s escaped, the literal's length given so that a NUL counts. */
#define CHECK_ESCAPE(s, want)                                                   \
    do {                                                                        \
        char buf_[256];                                                         \
        size_t n_ = sizeof s - 1;                                               \
        CHECK_INT(pul_text_escape(buf_, sizeof buf_, s, n_, "..."), n_);        \
        CHECK_STR(buf_, want);                                                  \
    } while (0)

static void test_escape(void) {
    CHECK_ESCAPE("plain マイクロプル é \xf0\x9f\x98\x80", "plain マイクロプル é \xf0\x9f\x98\x80");
    CHECK_ESCAPE("\x1b[2J\x07\x7f", "\\x1b[2J\\x07\\x7f");
    CHECK_ESCAPE("a\nb\rc\td", "a\\nb\\rc\\td");
    CHECK_ESCAPE("\xc2\x9b\xc2\x80", "\\u009b\\u0080");
    CHECK_ESCAPE("\xd8\x9c\xe2\x80\x8e\xe2\x80\xae\xe2\x81\xa9",
                 "\\u061c\\u200e\\u202e\\u2069");
    CHECK_ESCAPE("\xe2\x80\xa8\xef\xbf\xbe\xef\xbf\xbf", "\\u2028\\ufffe\\uffff");
    CHECK_ESCAPE("\xff\xc0\xaf\xed\xa0\x80", "\\xff\\xc0\\xaf\\xed\\xa0\\x80");
    CHECK_ESCAPE("a\0b", "a\\x00b");
    CHECK_ESCAPE("back\\slash", "back\\slash");
}

static void test_escape_cut(void) {
    char buf[16];
    /* whole when it fits, the terminating NUL included */
    CHECK_INT(pul_text_escape(buf, 10, "abcdefghi", 9, "..."), 9);
    CHECK_STR(buf, "abcdefghi");
    /* else cut with the mark, which fits */
    CHECK_INT(pul_text_escape(buf, 10, "abcdefghij", 10, "..."), 6);
    CHECK_STR(buf, "abcdef...");
    CHECK_INT(pul_text_escape(buf, 10, "abcdefghij", 10, NULL), 9);
    CHECK_STR(buf, "abcdefghi");
    /* never inside an escape or a character */
    CHECK_INT(pul_text_escape(buf, 9, "ab\x1b" "cdef", 7, "..."), 2);
    CHECK_STR(buf, "ab...");
    CHECK_INT(pul_text_escape(buf, 11, "abマイウ", 11, "\xe2\x80\xa6"), 5);
    CHECK_STR(buf, "abマ\xe2\x80\xa6");
    /* no room even for the mark: nothing */
    CHECK_INT(pul_text_escape(buf, 3, "abcd", 4, "..."), 0);
    CHECK_STR(buf, "");
    CHECK_INT(pul_text_escape(buf, 0, "abcd", 4, NULL), 0);
    /* one character's escape fits PUL_TEXT_ESCAPE_MAX */
    char esc[PUL_TEXT_ESCAPE_MAX];
    CHECK_INT(pul_text_escape(esc, sizeof esc, "\xe2\x80\xae", 3, NULL), 3);
    CHECK_STR(esc, "\\u202e");
}

static void test_cut(void) {
    char out[PUL_TEXT_CUT_SIZE];
    CHECK_STR(pul_text_cut("short", 5, out, sizeof out), "short");
    char long_text[200];
    memset(long_text, 'a', sizeof long_text);
    CHECK_STR(pul_text_cut(long_text, PUL_TEXT_CUT_MAX, out, sizeof out),
              "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    CHECK_STR(pul_text_cut(long_text, 200, out, sizeof out),
              "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa... (200 bytes)");
    /* a character that would cross the limit is left out whole */
    char kana[1 + 3 * 20 + 1] = "a";
    for (int k = 0; k < 20; k++) strcat(kana, "マ");
    char want[80] = "a";
    for (int k = 0; k < 19; k++) strcat(want, "マ");
    strcat(want, "... (61 bytes)");
    CHECK_STR(pul_text_cut(kana, strlen(kana), out, sizeof out), want);
    /* a NUL ends the value; nothing is escaped */
    CHECK_STR(pul_text_cut("a\x1b" "b\0hidden", 9, out, sizeof out), "a\x1b" "b");
}

/* A copy that does not fit ends before a whole character, never inside one. */
static void test_copy(void) {
    char buf[6];
    CHECK_INT((int)pul_text_copy(buf, sizeof buf, "abc"), 3);
    CHECK_STR(buf, "abc");
    CHECK_INT((int)pul_text_copy(buf, sizeof buf, "abcdefgh"), 5);
    CHECK_STR(buf, "abcde");
    /* "ab" then two 3-byte characters: the second does not fit whole. */
    CHECK_INT((int)pul_text_copy(buf, sizeof buf, "ab\xe3\x81\x82\xe3\x81\x84"), 5);
    CHECK_STR(buf, "ab\xe3\x81\x82");
    CHECK_INT((int)pul_text_copy(buf, 4, "ab\xe3\x81\x82"), 2);
    CHECK_STR(buf, "ab");
    CHECK_INT((int)pul_text_copy(buf, 1, "abc"), 0);
    CHECK_STR(buf, "");
    CHECK_INT((int)pul_text_copy(buf, 0, "abc"), 0);
}

int main(void) {
    RUN(test_decode_every_character);
    RUN(test_decode_counts);
    RUN(test_decode_refused);
    RUN(test_unsafe);
    RUN(test_escape);
    RUN(test_escape_cut);
    RUN(test_cut);
    RUN(test_copy);
    return CHECK_DONE();
}
