/*
** text.c: the engine's one reading of UTF-8 and one way of showing what must
** not reach a terminal or a document raw, for loaders, scripts and records.
*/
#include <stdio.h>
#include <string.h>

#include "common.h"
#include "text.h"

int pul_utf8_next(const char *s, size_t n, uint32_t *cp) {
    const unsigned char *u = (const unsigned char *)s;
    *cp = 0xFFFD;
    if (n == 0) return 0;
    unsigned c = u[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    /* The range of the second byte is what rules out overlong forms,
    ** surrogates and values past U+10FFFF (RFC 3629, section 4). */
    int len;
    uint32_t v;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
        v = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        v = c & 0x0F;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        v = c & 0x07;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else {
        return 0;
    }
    for (int i = 1; i < len; i++) {
        if ((size_t)i >= n || u[i] < lo || u[i] > hi) return 0;
        v = v << 6 | (u[i] & 0x3F);
        lo = 0x80;
        hi = 0xBF;
    }
    *cp = v;
    return len;
}

long text_next(const char *s, size_t n, size_t *used) {
    uint32_t cp;
    int len = pul_utf8_next(s, n, &cp);
    *used = len ? (size_t)len : 1;
    return len ? (long)cp : -1;
}

size_t text_chars(const char *s, size_t n) {
    size_t count = 0;
    for (size_t i = 0, used; i < n; i += used, count++) text_next(s + i, n - i, &used);
    return count;
}

size_t text_encode(char out[4], uint32_t cp) {
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    static const unsigned lead[4] = {0, 0xC0, 0xE0, 0xF0};
    int extra = cp < 0x800 ? 1 : cp < 0x10000 ? 2 : 3;
    out[0] = (char)(lead[extra] | (cp >> (6 * extra)));
    for (int k = 1; k <= extra; k++) out[k] = (char)(0x80 | ((cp >> (6 * (extra - k))) & 0x3F));
    return (size_t)extra + 1;
}

/* One table for the loaders (a glyph's cells) and the tools (columns). */
int pul_text_width(uint32_t cp) {
    static const uint32_t zero[][2] = {
        {0x0300, 0x036F}, {0x0483, 0x0489}, {0x0591, 0x05BD}, {0x0610, 0x061A}, {0x064B, 0x065F},
        {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF}, {0x200B, 0x200F}, {0x2060, 0x2064}, {0x20D0, 0x20FF},
        {0x3099, 0x309A}, {0xFE00, 0xFE0F}, {0xFE20, 0xFE2F}, {0xFEFF, 0xFEFF}, {0xE0100, 0xE01EF}};
    static const uint32_t wide[][2] = {
        {0x1100, 0x115F},   {0x231A, 0x231B},   {0x2329, 0x232A},   {0x23E9, 0x23EC},
        {0x23F0, 0x23F0},   {0x23F3, 0x23F3},   {0x25FD, 0x25FE},   {0x2614, 0x2615},
        {0x2648, 0x2653},   {0x267F, 0x267F},   {0x2693, 0x2693},   {0x26A1, 0x26A1},
        {0x26AA, 0x26AB},   {0x26BD, 0x26BE},   {0x26C4, 0x26C5},   {0x26CE, 0x26CE},
        {0x26D4, 0x26D4},   {0x26EA, 0x26EA},   {0x26F2, 0x26F3},   {0x26F5, 0x26F5},
        {0x26FA, 0x26FA},   {0x26FD, 0x26FD},   {0x2705, 0x2705},   {0x270A, 0x270B},
        {0x2728, 0x2728},   {0x274C, 0x274C},   {0x274E, 0x274E},   {0x2753, 0x2755},
        {0x2757, 0x2757},   {0x2795, 0x2797},   {0x27B0, 0x27B0},   {0x27BF, 0x27BF},
        {0x2B1B, 0x2B1C},   {0x2B50, 0x2B50},   {0x2B55, 0x2B55},   {0x2E80, 0x303E},
        {0x3041, 0x33FF},   {0x3400, 0x4DBF},   {0x4E00, 0x9FFF},   {0xA000, 0xA4CF},
        {0xA960, 0xA97F},   {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},   {0xFE10, 0xFE19},
        {0xFE30, 0xFE6F},   {0xFF00, 0xFF60},   {0xFFE0, 0xFFE6},   {0x1F004, 0x1F004},
        {0x1F0CF, 0x1F0CF}, {0x1F18E, 0x1F18E}, {0x1F191, 0x1F19A}, {0x1F200, 0x1F251},
        {0x1F300, 0x1F64F}, {0x1F680, 0x1F6FF}, {0x1F7E0, 0x1F7EB}, {0x1F900, 0x1F9FF},
        {0x1FA70, 0x1FAFF}, {0x20000, 0x3FFFD}};
    for (size_t i = 0; i < sizeof zero / sizeof zero[0]; i++)
        if (cp >= zero[i][0] && cp <= zero[i][1]) return 0;
    for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++)
        if (cp >= wide[i][0] && cp <= wide[i][1]) return 2;
    return 1;
}

bool pul_text_unsafe(uint32_t cp) {
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x061C || cp == 0x200E ||
           cp == 0x200F || (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) ||
           cp == 0xFFFE || cp == 0xFFFF;
}

const char *text_unsafe_why(long cp) {
    switch (cp) {
    case 0x00:
        return "a NUL byte";
    case 0x09:
        return "a tab, a control character";
    case 0x0A:
        return "a line break";
    case 0x0D:
        return "a carriage return, a control character";
    case 0x1B:
        return "the escape character, which starts terminal commands";
    case 0x7F:
        return "DEL, a control character";
    case 0x061C:
    case 0x200E:
    case 0x200F:
        return "a bidirectional mark, which can change the order in which the text around it "
               "shows";
    case 0x2028:
    case 0x2029:
        return "a line or paragraph separator, which breaks the line in some programs";
    case 0xFFFE:
    case 0xFFFF:
        return "a noncharacter, which XML and other programs refuse";
    default:
        break;
    }
    if (cp < 0 || !pul_text_unsafe((uint32_t)cp)) return NULL;
    if (cp < 0x20) return "a control character";
    if (cp <= 0x9F) return "a C1 control character, which some terminals obey as a command";
    return "a bidirectional control, which makes the text around it show in another order "
           "than it is written";
}

size_t text_find_unsafe(const char *s, size_t n, bool lines, long *cp) {
    for (size_t i = 0, used; i < n; i += used) {
        long c = text_next(s + i, n - i, &used);
        if (c < 0 || (pul_text_unsafe((uint32_t)c) && !(lines && c == '\n'))) {
            *cp = c;
            return i;
        }
    }
    *cp = 0;
    return n;
}

/* The character at s (n > 0 bytes left) as it is shown: *piece points at
** it, or at esc holding its escape; returns the length of what *piece
** shows, *used the bytes of s it takes. */
static size_t shown_char(const char *s, size_t n, size_t *used, char esc[PUL_TEXT_ESCAPE_MAX],
                         const char **piece) {
    long cp = text_next(s, n, used);
    *piece = esc;
    if (cp < 0) return (size_t)snprintf(esc, PUL_TEXT_ESCAPE_MAX, "\\x%02x", (unsigned char)s[0]);
    if (cp == '\n' || cp == '\r' || cp == '\t')
        return (size_t)snprintf(esc, PUL_TEXT_ESCAPE_MAX, "\\%c",
                                cp == '\n' ? 'n' : cp == '\r' ? 'r' : 't');
    if (!pul_text_unsafe((uint32_t)cp)) {
        *piece = s;
        return *used;
    }
    /* Every unsafe code point is below U+10000: four hex digits name it. */
    if (cp < 0x80) return (size_t)snprintf(esc, PUL_TEXT_ESCAPE_MAX, "\\x%02lx", cp);
    return (size_t)snprintf(esc, PUL_TEXT_ESCAPE_MAX, "\\u%04lx", cp);
}

size_t pul_text_escape(char *out, size_t size, const char *s, size_t n, const char *mark) {
    size_t mlen = mark ? strlen(mark) : 0;
    if (size == 0) return 0;
    out[0] = '\0';
    if (size <= mlen) return 0;
    size_t o = 0, i = 0;
    size_t room = 0, shown = 0; /* where the mark goes, after shown bytes of s, if cut */
    while (i < n) {
        char esc[PUL_TEXT_ESCAPE_MAX];
        const char *piece;
        size_t used, k = shown_char(s + i, n - i, &used, esc, &piece);
        if (o + k >= size) {
            memcpy(out + room, mark ? mark : "", mlen + 1);
            return shown;
        }
        memcpy(out + o, piece, k);
        o += k;
        i += used;
        if (o + mlen < size) {
            room = o;
            shown = i;
        }
    }
    out[o] = '\0';
    return n;
}

const char *text_shown(const char *s, size_t n, char *buf, size_t size) {
    pul_text_escape(buf, size, s, n, "...");
    return buf;
}

size_t pul_text_copy(char *dst, size_t size, const char *src) {
    if (!dst || size == 0) return 0;
    size_t n = strlen(src);
    if (n >= size) {
        n = size - 1;
        while (n > 0 && ((unsigned char)src[n] & 0xc0) == 0x80) n--;
    }
    memcpy(dst, src, n);
    dst[n] = '\0';
    return n;
}

const char *pul_text_cut(const char *s, size_t n, char *out, size_t size) {
    if (!out || size == 0) return out;
    const char *nul = memchr(s, '\0', n);
    if (nul) n = (size_t)(nul - s);
    if (n <= PUL_TEXT_CUT_MAX) {
        snprintf(out, size, "%.*s", (int)n, s);
        return out;
    }
    size_t keep = 0;
    for (size_t used; keep < n; keep += used) {
        text_next(s + keep, n - keep, &used);
        if (keep + used > PUL_TEXT_CUT_MAX) break;
    }
    snprintf(out, size, "%.*s... (%zu bytes)", (int)keep, s, n);
    return out;
}
