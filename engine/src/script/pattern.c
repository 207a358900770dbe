/*
** pattern.c: a matcher for Lua 5.4 string patterns that counts its
** steps, so a pattern that backtracks over a long subject stops at a limit.
**
** Lua's own matcher runs in C where no instruction budget can see it:
** string.rep(".-", 10) .. "b" on a 30-byte subject takes half a minute.
** This one follows the semantics of the reference manual (section 6.4.1)
** item by item, with the same errors, and takes one step per subject
** character it tests and per item it tries, so its time is proportional
** to its steps. Classes are ASCII, as the C locale that pul runs in.
** Errors are values: every function returns NULL and sets m->status, and
** the callers unwind.
*/
#include <stdio.h>
#include <string.h>

#include "pattern.h"

#define ESC '%'
#define DEPTH_MAX 200 /* nested matches, as Lua allows: "pattern too complex" */

static const char SPECIALS[] = "^$*+?.([%-";

static const char *fail(PatternMatch *m, PatternStatus status) {
    if (m->status == PATTERN_OK) m->status = status;
    return NULL;
}

/* One step; false (and the status set) once past the limit. */
static int step(PatternMatch *m) {
    if (++m->steps <= m->limit) return 1;
    fail(m, PATTERN_LIMIT);
    return 0;
}

/* ------------------------------------------------------------ classes */

static int is_lower(int c) { return c >= 'a' && c <= 'z'; }
static int is_upper(int c) { return c >= 'A' && c <= 'Z'; }
static int is_alpha(int c) { return is_lower(c) || is_upper(c); }
static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_graph(int c) { return c > ' ' && c < 127; }

/* Whether c is in the class of letter cl (%a, %d, ...; an upper-case
** letter the complement); any other cl stands for itself. */
static int in_class(int c, int cl) {
    int yes;
    switch (is_upper(cl) ? cl - 'A' + 'a' : cl) {
    case 'a': yes = is_alpha(c); break;
    case 'c': yes = c < ' ' || c == 127; break;
    case 'd': yes = is_digit(c); break;
    case 'g': yes = is_graph(c); break;
    case 'l': yes = is_lower(c); break;
    case 'p': yes = is_graph(c) && !is_alpha(c) && !is_digit(c); break;
    case 's': yes = c == ' ' || (c >= '\t' && c <= '\r'); break;
    case 'u': yes = is_upper(c); break;
    case 'w': yes = is_alpha(c) || is_digit(c); break;
    case 'x': yes = is_digit(c) || ((c | 32) >= 'a' && (c | 32) <= 'f'); break;
    case 'z': yes = c == 0; break; /* deprecated, but Lua 5.4 still has it */
    default: return cl == c;
    }
    return is_upper(cl) ? !yes : yes;
}

/* Whether c is in the set from '[' at p to its ']' at close. */
static int in_set(int c, const char *p, const char *close) {
    int yes = 1;
    if (p[1] == '^') {
        yes = 0;
        p++;
    }
    while (++p < close) {
        if (*p == ESC) {
            p++;
            if (in_class(c, (unsigned char)*p)) return yes;
        } else if (p[1] == '-' && p + 2 < close) {
            if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return yes;
            p += 2;
        } else if ((unsigned char)*p == c) {
            return yes;
        }
    }
    return !yes;
}

/* Where the single-character class at p ends, or NULL (malformed). The
** first character of a set belongs to it even when it is ']'. */
static const char *class_end(PatternMatch *m, const char *p) {
    char c = *p++;
    if (c == ESC) {
        if (p >= m->pat_end) return fail(m, PATTERN_ENDS_WITH_ESC);
        return p + 1;
    }
    if (c != '[') return p;
    if (p < m->pat_end && *p == '^') p++;
    do {
        if (p >= m->pat_end) return fail(m, PATTERN_MISSING_BRACKET);
        if (*p++ == ESC && p < m->pat_end) p++;
    } while (p >= m->pat_end || *p != ']');
    return p + 1;
}

/* Whether the class from p to ep matches the subject character at s. */
static int single(const PatternMatch *m, const char *s, const char *p, const char *ep) {
    if (s >= m->src_end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case ESC: return in_class(c, (unsigned char)p[1]);
    case '[': return in_set(c, p, ep - 1);
    default: return (unsigned char)*p == c;
    }
}

/* ------------------------------------------------------------ matching */

static const char *match(PatternMatch *m, const char *s, const char *p);

/* The longest run of the class, then shorter ones, each followed by the
** rest of the pattern (after ep's quantifier). */
static const char *longest(PatternMatch *m, const char *s, const char *p, const char *ep) {
    ptrdiff_t n = 0;
    while (single(m, s + n, p, ep)) {
        if (!step(m)) return NULL;
        n++;
    }
    for (; n >= 0; n--) {
        const char *end = match(m, s + n, ep + 1);
        if (end || m->status) return end;
    }
    return NULL;
}

/* The shortest run of the class that lets the rest of the pattern match. */
static const char *shortest(PatternMatch *m, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *end = match(m, s, ep + 1);
        if (end || m->status) return end;
        if (!single(m, s, p, ep)) return NULL;
        s++;
    }
}

static const char *open_capture(PatternMatch *m, const char *s, const char *p, ptrdiff_t what) {
    if (m->level >= PATTERN_MAXCAPTURES) return fail(m, PATTERN_TOO_MANY);
    m->capture[m->level].init = s;
    m->capture[m->level].len = what;
    m->level++;
    const char *end = match(m, s, p);
    if (!end) m->level--;
    return end;
}

static const char *close_capture(PatternMatch *m, const char *s, const char *p) {
    int l = m->level - 1;
    while (l >= 0 && m->capture[l].len != PATTERN_OPEN) l--;
    if (l < 0) return fail(m, PATTERN_BAD_CAPTURE);
    m->capture[l].len = s - m->capture[l].init;
    const char *end = match(m, s, p);
    if (!end) m->capture[l].len = PATTERN_OPEN;
    return end;
}

/* %1-%9: the text of a closed capture again (a position capture never
** matches: its length stands for no text). */
static const char *back_reference(PatternMatch *m, const char *s, int digit) {
    int i = digit - '1';
    if (i < 0 || i >= m->level || m->capture[i].len == PATTERN_OPEN) {
        m->bad_index = i + 1;
        return fail(m, PATTERN_CAPTURE_INDEX);
    }
    size_t len = (size_t)m->capture[i].len;
    if ((size_t)(m->src_end - s) < len) return NULL;
    m->steps += len / 16; /* a memcmp of len bytes */
    if (!step(m)) return NULL;
    return memcmp(m->capture[i].init, s, len) == 0 ? s + len : NULL;
}

/* %bxy at p (pointing at x): a balanced run from x to its y. */
static const char *balanced(PatternMatch *m, const char *s, const char *p) {
    if (p + 1 >= m->pat_end) return fail(m, PATTERN_BALANCE_ARGS);
    if (s >= m->src_end || *s != p[0]) return NULL;
    int depth = 1;
    while (++s < m->src_end) {
        if (!step(m)) return NULL;
        if (*s == p[1]) {
            if (--depth == 0) return s + 1;
        } else if (*s == p[0]) {
            depth++;
        }
    }
    return NULL;
}

/* %f[set] at p (pointing at '['): whether s is a frontier of the set. */
static const char *frontier(PatternMatch *m, const char *s, const char *p, const char **next) {
    if (p >= m->pat_end || *p != '[') return fail(m, PATTERN_FRONTIER);
    const char *ep = class_end(m, p);
    if (!ep) return NULL;
    int before = s == m->src ? 0 : (unsigned char)s[-1];
    int here = s < m->src_end ? (unsigned char)*s : 0;
    *next = ep;
    return !in_set(before, p, ep - 1) && in_set(here, p, ep - 1) ? s : NULL;
}

/* The items from p on, against the subject from s: where the match ends. */
static const char *match_items(PatternMatch *m, const char *s, const char *p) {
    for (;;) {
        if (!step(m)) return NULL;
        if (p == m->pat_end) return s;
        switch (*p) {
        case '(':
            if (p + 1 < m->pat_end && p[1] == ')') return open_capture(m, s, p + 2, PATTERN_POSITION);
            return open_capture(m, s, p + 1, PATTERN_OPEN);
        case ')': return close_capture(m, s, p + 1);
        case '$':
            if (p + 1 == m->pat_end) return s == m->src_end ? s : NULL;
            break; /* elsewhere, '$' is itself */
        case ESC:
            if (p + 1 >= m->pat_end) break; /* class_end reports it */
            if (p[1] == 'b') {
                s = balanced(m, s, p + 2);
                if (!s) return NULL;
                p += 4;
                continue;
            }
            if (p[1] == 'f') {
                const char *next = NULL;
                if (!frontier(m, s, p + 2, &next)) return NULL;
                p = next;
                continue;
            }
            if (is_digit((unsigned char)p[1])) {
                s = back_reference(m, s, (unsigned char)p[1]);
                if (!s) return NULL;
                p += 2;
                continue;
            }
            break;
        default: break;
        }
        const char *ep = class_end(m, p);
        if (!ep) return NULL;
        char q = ep < m->pat_end ? *ep : '\0';
        if (!single(m, s, p, ep)) {
            if (q == '*' || q == '?' || q == '-') { /* may match nothing */
                p = ep + 1;
                continue;
            }
            return NULL;
        }
        switch (q) {
        case '?': {
            const char *end = match(m, s + 1, ep + 1);
            if (end || m->status) return end;
            p = ep + 1;
            continue;
        }
        case '+': return longest(m, s + 1, p, ep);
        case '*': return longest(m, s, p, ep);
        case '-': return shortest(m, s, p, ep);
        default:
            s++;
            p = ep;
            continue;
        }
    }
}

static const char *match(PatternMatch *m, const char *s, const char *p) {
    if (m->depth == 0) return fail(m, PATTERN_TOO_COMPLEX);
    m->depth--;
    const char *end = match_items(m, s, p);
    m->depth++;
    return end;
}

void pattern_init(PatternMatch *m, const char *s, size_t len, const char *pat_end) {
    m->src = s;
    m->src_end = s + len;
    m->pat_end = pat_end;
    m->depth = DEPTH_MAX;
    m->level = 0;
    m->status = PATTERN_OK;
    m->bad_index = 0;
    m->steps = 0;
    m->limit = 0;
}

const char *pattern_match(PatternMatch *m, const char *s, const char *p) {
    m->level = 0;
    m->depth = DEPTH_MAX;
    m->status = PATTERN_OK;
    return match(m, s, p);
}

int pattern_has_specials(const char *p, size_t lp) {
    for (size_t i = 0; i < lp; i++)
        if (p[i] && strchr(SPECIALS, p[i])) return 1;
    return 0;
}

const char *pattern_find_plain(const char *s, size_t ls, const char *p, size_t lp,
                               uint64_t *steps, uint64_t limit) {
    if (lp == 0) return s;
    if (lp > ls) return NULL;
    const char *end = s + (ls - lp) + 1; /* the last place it can start, plus one */
    /* Each candidate costs a step and its comparison, whatever memcmp
    ** takes of it: the price does not depend on where the bytes differ. */
    uint64_t per_candidate = 1 + lp / 16;
    while (s < end) {
        const char *hit = memchr(s, p[0], (size_t)(end - s));
        size_t scanned = hit ? (size_t)(hit - s) + 1 : (size_t)(end - s);
        *steps += scanned / 16 + per_candidate;
        if (*steps > limit || !hit) return NULL;
        if (memcmp(hit + 1, p + 1, lp - 1) == 0) return hit;
        s = hit + 1;
    }
    return NULL;
}

const char *pattern_message(const PatternMatch *m, char *buf, size_t size) {
    const char *text = "";
    switch (m->status) {
    case PATTERN_OK:
    case PATTERN_LIMIT: break;
    case PATTERN_ENDS_WITH_ESC: text = "malformed pattern (ends with '%')"; break;
    case PATTERN_MISSING_BRACKET: text = "malformed pattern (missing ']')"; break;
    case PATTERN_BALANCE_ARGS: text = "malformed pattern (missing arguments to '%b')"; break;
    case PATTERN_FRONTIER: text = "missing '[' after '%f' in pattern"; break;
    case PATTERN_CAPTURE_INDEX:
        snprintf(buf, size, "invalid capture index %%%d", m->bad_index);
        return buf;
    case PATTERN_BAD_CAPTURE: text = "invalid pattern capture"; break;
    case PATTERN_TOO_MANY: text = "too many captures"; break;
    case PATTERN_TOO_COMPLEX: text = "pattern too complex"; break;
    }
    snprintf(buf, size, "%s", text);
    return buf;
}
