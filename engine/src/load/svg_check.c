/*
** svg_check.c: a small whitelist reader for the SVG snippets of themes
** (see svg_check.h for what passes). It does not build anything: it walks
** the text once and stops at the first thing that is not allowed, so that
** the theme reader can point at it.
*/
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "common.h"
#include "suggest.h"
#include "svg_check.h"
#include "text.h"

enum { SVG_MAX_DEPTH = 16, SVG_VALUE_MAX = 4096 };

static const char *const element_names[] = {"g",    "circle",   "ellipse", "rect",
                                            "line", "polyline", "polygon", "path"};
enum { NELEMENTS = sizeof element_names / sizeof element_names[0], EL_G = 0 };

typedef enum {
    V_NUMBER,
    V_POINTS,
    V_PATH,
    V_PAINT,
    V_LINECAP,
    V_LINEJOIN,
    V_FILLRULE,
    V_TRANSFORM
} ValueKind;

/* The attributes art may use and the kind of value each takes. */
static const struct {
    const char *name;
    ValueKind kind;
} attrs[] = {
    {"cx", V_NUMBER},
    {"cy", V_NUMBER},
    {"r", V_NUMBER},
    {"rx", V_NUMBER},
    {"ry", V_NUMBER},
    {"x", V_NUMBER},
    {"y", V_NUMBER},
    {"width", V_NUMBER},
    {"height", V_NUMBER},
    {"x1", V_NUMBER},
    {"y1", V_NUMBER},
    {"x2", V_NUMBER},
    {"y2", V_NUMBER},
    {"points", V_POINTS},
    {"d", V_PATH},
    {"fill", V_PAINT},
    {"stroke", V_PAINT},
    {"stroke-width", V_NUMBER},
    {"stroke-linecap", V_LINECAP},
    {"stroke-linejoin", V_LINEJOIN},
    {"opacity", V_NUMBER},
    {"fill-opacity", V_NUMBER},
    {"stroke-opacity", V_NUMBER},
    {"transform", V_TRANSFORM},
    {"fill-rule", V_FILLRULE},
};
enum { NATTRS = sizeof attrs / sizeof attrs[0] };

#define ATTR_LIST                                                                                  \
    "cx cy r rx ry x y width height x1 y1 x2 y2 points d fill stroke stroke-width "                \
    "stroke-linecap stroke-linejoin opacity fill-opacity stroke-opacity transform fill-rule"

typedef struct {
    const char *s;
    size_t len, i;
    SvgReport *rep;
} Scan;

static bool fail(Scan *sc, size_t at, const char *fmt, ...) PUL_PRINTF(3, 4);
static bool fail(Scan *sc, size_t at, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sc->rep->message, sizeof sc->rep->message, fmt, ap);
    va_end(ap);
    sc->rep->offset = at;
    return false;
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_hex(char c) {
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static bool is_name_start(char c) { return is_alpha(c) || c == '_' || c == ':'; }
static bool is_name_char(char c) { return is_name_start(c) || is_digit(c) || c == '-' || c == '.'; }

static size_t skip_space(const char *s, size_t len, size_t i) {
    while (i < len && is_space(s[i])) i++;
    return i;
}

static bool starts(const Scan *sc, const char *word) {
    size_t n = strlen(word);
    return sc->len - sc->i >= n && memcmp(sc->s + sc->i, word, n) == 0;
}

/* At most 27 bytes of the art at s for a message: to the end of its line or
** the next tag, with the characters a terminal must not see escaped. */
static const char *excerpt(const char *s, size_t n, char *buf, size_t size) {
    size_t end = 0;
    while (end < n && s[end] != '\n' && s[end] != '<') end++;
    return text_shown(s, end, buf, size < 28 ? size : 28);
}

static int find_word(const char *const *words, int n, const char *s, size_t len) {
    for (int k = 0; k < n; k++)
        if (strlen(words[k]) == len && memcmp(words[k], s, len) == 0) return k;
    return -1;
}

static int attr_find(const char *s, size_t len) {
    for (int a = 0; a < NATTRS; a++)
        if (strlen(attrs[a].name) == len && memcmp(attrs[a].name, s, len) == 0) return a;
    return -1;
}

static bool contains_folded(const char *s, size_t n, const char *word) {
    size_t w = strlen(word);
    for (size_t i = 0; i + w <= n; i++) {
        size_t k = 0;
        while (k < w && (s[i + k] | 0x20) == word[k]) k++;
        if (k == w) return true;
    }
    return false;
}

/* ------------------------------------------------------------ values */

/* End of the number at s[i] (sign, digits, fraction, exponent), or i. */
static size_t number_end(const char *s, size_t n, size_t i) {
    size_t j = i;
    if (j < n && (s[j] == '+' || s[j] == '-')) j++;
    size_t digits = 0;
    while (j < n && is_digit(s[j])) j++, digits++;
    if (j < n && s[j] == '.') {
        j++;
        while (j < n && is_digit(s[j])) j++, digits++;
    }
    if (digits == 0) return i;
    if (j < n && (s[j] == 'e' || s[j] == 'E')) {
        size_t k = j + 1;
        if (k < n && (s[k] == '+' || s[k] == '-')) k++;
        if (k < n && is_digit(s[k])) {
            while (k < n && is_digit(s[k])) k++;
            j = k;
        }
    }
    return j;
}

static size_t skip_separators(const char *s, size_t n, size_t i) {
    while (i < n && (is_space(s[i]) || s[i] == ',')) i++;
    return i;
}

static bool is_number(const char *s, size_t n) {
    size_t i = skip_space(s, n, 0);
    size_t j = number_end(s, n, i);
    return j > i && skip_space(s, n, j) == n;
}

/* Numbers separated by spaces or commas; the count of them in *count. */
static bool is_number_list(const char *s, size_t n, int *count) {
    *count = 0;
    for (size_t i = skip_separators(s, n, 0); i < n; i = skip_separators(s, n, i)) {
        size_t j = number_end(s, n, i);
        if (j == i) return false;
        i = j;
        ++*count;
    }
    return true;
}

static bool is_path(const char *s, size_t n) {
    static const char allowed[] = "MmZzLlHhVvCcSsQqTtAa0123456789.eE+-, \t\n\r";
    size_t i = skip_space(s, n, 0);
    if (i == n || (s[i] != 'M' && s[i] != 'm')) return false;
    for (; i < n; i++)
        if (!s[i] || !strchr(allowed, s[i])) return false;
    return true;
}

static bool is_paint(const char *s, size_t n) {
    size_t i = skip_space(s, n, 0), end = n;
    while (end > i && is_space(s[end - 1])) end--;
    size_t w = end - i;
    if (w == 0) return false;
    if (s[i] == '#') {
        if (w != 4 && w != 7) return false;
        for (size_t k = i + 1; k < end; k++)
            if (!is_hex(s[k])) return false;
        return true;
    }
    if (w > 32) return false;
    for (size_t k = i; k < end; k++)
        if (!is_alpha(s[k])) return false;
    return true; /* none, currentColor or a colour keyword */
}

static bool is_keyword(const char *s, size_t n, const char *const *words, int nwords) {
    size_t i = skip_space(s, n, 0), end = n;
    while (end > i && is_space(s[end - 1])) end--;
    return find_word(words, nwords, s + i, end - i) >= 0;
}

static bool is_transform(const char *s, size_t n) {
    static const char *const fns[] = {"translate", "scale", "rotate", "skewX", "skewY", "matrix"};
    static const int min_args[] = {1, 1, 1, 1, 1, 6}, max_args[] = {2, 2, 3, 1, 1, 6};
    size_t i = skip_separators(s, n, 0);
    if (i == n) return false;
    while (i < n) {
        size_t name = i;
        while (i < n && is_alpha(s[i])) i++;
        int f = find_word(fns, 6, s + name, i - name);
        if (f < 0) return false;
        i = skip_space(s, n, i);
        if (i == n || s[i] != '(') return false;
        int args = 0;
        for (i = skip_separators(s, n, i + 1); i < n && s[i] != ')'; i = skip_separators(s, n, i)) {
            size_t j = number_end(s, n, i);
            if (j == i) return false;
            i = j;
            args++;
        }
        if (i == n || args < min_args[f] || args > max_args[f] || (f == 2 && args == 2))
            return false;
        i = skip_separators(s, n, i + 1);
    }
    return true;
}

/* The decoded value v of attribute a, checked against its kind. Messages
** quote the value as decoded, so that what entities hide shows (decoded:
** some did), cut to a line and with control characters escaped. */
static bool check_value(Scan *sc, size_t at, int a, const char *v, size_t n, bool decoded) {
    static const char *const caps[] = {"butt", "round", "square"};
    static const char *const joins[] = {"miter", "round", "bevel", "miter-clip", "arcs"};
    static const char *const rules[] = {"nonzero", "evenodd"};
    const char *name = attrs[a].name;
    char value[64], it[112];
    snprintf(it, sizeof it, "%s=\"%s\"%s", name, text_shown(v, n, value, sizeof value),
             decoded ? " (its entities decoded)" : "");
    if (contains_folded(v, n, "url("))
        return fail(sc, at,
                    "%s: url(...) references are not allowed in art, which draws only its own "
                    "shapes; use a plain colour such as #336699",
                    it);
    if (contains_folded(v, n, "script"))
        return fail(sc, at, "%s: art must not hold scripts; give %s a plain value", it, name);
    int count;
    switch (attrs[a].kind) {
    case V_NUMBER:
        if (is_number(v, n)) return true;
        return fail(sc, at,
                    "%s is not a number; write a plain number such as 0.5 (no unit: the art "
                    "is drawn in a unit square)",
                    it);
    case V_POINTS:
        if (is_number_list(v, n, &count) && count >= 4 && count % 2 == 0) return true;
        return fail(sc, at,
                    "%s is not a list of at least two x,y pairs; write it like \"0.1,0.9 "
                    "0.5,0.1 0.9,0.9\"",
                    it);
    case V_PATH:
        if (is_path(v, n)) return true;
        return fail(sc, at,
                    "%s is not path data; start with M and use only the commands M L H V C S "
                    "Q T A Z (or lower case) and numbers, like \"M0.2 0.5 L0.8 0.5\"",
                    it);
    case V_PAINT:
        if (is_paint(v, n)) return true;
        return fail(sc, at,
                    "%s is not a paint; write none, #rgb, #rrggbb or a colour name such as "
                    "white",
                    it);
    case V_LINECAP:
        if (is_keyword(v, n, caps, 3)) return true;
        return fail(sc, at, "%s: write butt, round or square", it);
    case V_LINEJOIN:
        if (is_keyword(v, n, joins, 5)) return true;
        return fail(sc, at, "%s: write miter, round, bevel, miter-clip or arcs", it);
    case V_FILLRULE:
        if (is_keyword(v, n, rules, 2)) return true;
        return fail(sc, at, "%s: write nonzero or evenodd", it);
    case V_TRANSFORM:
        if (is_transform(v, n)) return true;
        return fail(sc, at,
                    "%s is not a transform list; write functions such as \"translate(0.5 0.5) "
                    "rotate(45)\" from translate, scale, rotate, skewX, skewY and matrix",
                    it);
    }
    return true;
}

/* Decode the entities of s[start..end) into out; '<' and a bare '&' fail. */
static bool decode_value(Scan *sc, size_t start, size_t end, const char *name, char *out,
                         size_t *outlen) {
    static const char *const named[] = {"amp", "lt", "gt", "quot", "apos"};
    static const char chars[] = "&<>\"'";
    const char *s = sc->s;
    size_t o = 0;
    if (end - start >= SVG_VALUE_MAX)
        return fail(sc, start, "the value of %s is %zu bytes long; art values are shorter than %d",
                    name, end - start, SVG_VALUE_MAX);
    for (size_t i = start; i < end; i++) {
        if (s[i] == '<')
            return fail(sc, i,
                        "'<' inside the value of %s; a value cannot hold '<': did a quote go "
                        "missing?",
                        name);
        if (s[i] != '&') {
            out[o++] = s[i];
            continue;
        }
        size_t semi = i + 1;
        while (semi < end && semi - i <= 10 && s[semi] != ';') semi++;
        const char *ent = s + i + 1;
        size_t elen = semi - i - 1;
        int k = semi < end && s[semi] == ';' ? find_word(named, 5, ent, elen) : -1;
        unsigned long cp = 0;
        bool numeric = false;
        if (k < 0 && semi < end && s[semi] == ';' && elen >= 2 && ent[0] == '#') {
            bool hex = ent[1] == 'x';
            size_t d = hex ? 2 : 1;
            numeric = d < elen;
            for (; d < elen && numeric; d++) {
                char c = ent[d];
                numeric = hex ? is_hex(c) : is_digit(c);
                if (cp <= 0x10FFFF)
                    cp = cp * (hex ? 16 : 10) +
                         (unsigned long)(is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10);
            }
            if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) numeric = false;
        }
        if (k < 0 && !numeric)
            return fail(sc, i,
                        "'&' in the value of %s does not start an entity; write &amp; for '&' "
                        "(entities: &amp; &lt; &gt; &quot; &apos; &#N; &#xH;)",
                        name);
        if (k >= 0) {
            out[o++] = chars[k];
        } else {
            /* As UTF-8, so that a message can name what the entity stood for. An
            ** entity takes at least as many bytes as its character does. */
            o += text_encode(out + o, (uint32_t)cp);
        }
        i = semi;
    }
    out[o] = '\0';
    *outlen = o;
    return true;
}

/* ------------------------------------------------------------- tags */

static bool refuse_attribute(Scan *sc, size_t at, const char *name, size_t n, const char *el) {
    char shown[40];
    excerpt(name, n, shown, sizeof shown);
    if (n >= 2 && (name[0] | 0x20) == 'o' && (name[1] | 0x20) == 'n')
        return fail(sc, at, "event attribute '%s' on <%s>: art must not run scripts; remove it",
                    shown, el);
    if (contains_folded(name, n, "href"))
        return fail(sc, at,
                    "link attribute '%s' on <%s>: art cannot refer to anything outside itself; "
                    "draw the shape here instead",
                    shown, el);
    if (n == 5 && memcmp(name, "style", 5) == 0)
        return fail(sc, at,
                    "style on <%s> is not allowed; use the attributes fill, stroke, "
                    "stroke-width, opacity ... instead",
                    el);
    char word[SUGGEST_MAX_LEN + 1];
    size_t wn = n < SUGGEST_MAX_LEN ? n : SUGGEST_MAX_LEN;
    memcpy(word, name, wn);
    word[wn] = '\0';
    const char *names[NATTRS];
    for (int a = 0; a < NATTRS; a++) names[a] = attrs[a].name;
    const char *hint = suggest_pick(word, wn, names, NATTRS);
    if (hint)
        return fail(sc, at, "attribute '%s' on <%s> is not allowed in art: did you mean '%s'?",
                    shown, el, hint);
    return fail(sc, at, "attribute '%s' on <%s> is not allowed in art; use only " ATTR_LIST, shown,
                el);
}

/* One attribute at sc->i (its name starts there) of element el. */
static bool read_attribute(Scan *sc, const char *el, bool seen[NATTRS]) {
    const char *s = sc->s;
    size_t at = sc->i;
    while (sc->i < sc->len && is_name_char(s[sc->i])) sc->i++;
    size_t n = sc->i - at;
    int a = attr_find(s + at, n);
    if (a < 0) return refuse_attribute(sc, at, s + at, n, el);
    if (seen[a]) return fail(sc, at, "%s is given twice on this <%s>; keep one", attrs[a].name, el);
    seen[a] = true;
    sc->i = skip_space(s, sc->len, sc->i);
    if (sc->i == sc->len || s[sc->i] != '=')
        return fail(sc, at, "%s on <%s> has no value; write %s=\"...\"", attrs[a].name, el,
                    attrs[a].name);
    sc->i = skip_space(s, sc->len, sc->i + 1);
    if (sc->i == sc->len || (s[sc->i] != '"' && s[sc->i] != '\''))
        return fail(sc, sc->i, "the value of %s must be in quotes: %s=\"...\"", attrs[a].name,
                    attrs[a].name);
    char quote = s[sc->i];
    size_t start = sc->i + 1, end = start;
    while (end < sc->len && s[end] != quote) end++;
    if (end == sc->len)
        return fail(sc, sc->i, "the value of %s is never closed; add the closing %c", attrs[a].name,
                    quote);
    char value[SVG_VALUE_MAX];
    size_t vlen = 0;
    if (!decode_value(sc, start, end, attrs[a].name, value, &vlen)) return false;
    bool decoded = memchr(s + start, '&', end - start) != NULL;
    if (!check_value(sc, start, a, value, vlen, decoded)) return false;
    sc->i = end + 1;
    return true;
}

/* A start tag at sc->i ('<'); *self_closed tells whether it ends with "/>". */
static bool read_start_tag(Scan *sc, int *el, bool *self_closed) {
    const char *s = sc->s;
    size_t at = sc->i++;
    size_t name = sc->i;
    while (sc->i < sc->len && is_name_char(s[sc->i])) sc->i++;
    size_t n = sc->i - name;
    if (n == 0 || !is_name_start(s[name]))
        return fail(sc, at,
                    "'<' must be followed by an element name such as circle; art holds no text, "
                    "so a lone '<' has no place in it");
    *el = find_word(element_names, NELEMENTS, s + name, n);
    if (*el < 0) {
        char shown[40], word[SUGGEST_MAX_LEN + 1];
        excerpt(s + name, n, shown, sizeof shown);
        size_t wn = n < SUGGEST_MAX_LEN ? n : SUGGEST_MAX_LEN;
        memcpy(word, s + name, wn);
        word[wn] = '\0';
        const char *hint = suggest_pick(word, wn, element_names, NELEMENTS);
        char also[48] = "";
        if (hint) snprintf(also, sizeof also, " (did you mean <%s>?)", hint);
        return fail(sc, at,
                    "element <%s> is not allowed in art%s; use g, circle, ellipse, rect, line, "
                    "polyline, polygon or path",
                    shown, also);
    }
    const char *elname = element_names[*el];
    bool seen[NATTRS] = {false};
    for (;;) {
        size_t before = sc->i;
        sc->i = skip_space(s, sc->len, sc->i);
        if (sc->i == sc->len)
            return fail(sc, at, "the tag <%s is not closed; end it with '/>'", elname);
        char c = s[sc->i];
        if (c == '/') {
            if (sc->i + 1 < sc->len && s[sc->i + 1] == '>') {
                sc->i += 2;
                *self_closed = true;
                return true;
            }
            return fail(sc, sc->i, "'/' in the tag <%s must be followed by '>' ('/>' ends it)",
                        elname);
        }
        if (c == '>') {
            sc->i++;
            *self_closed = false;
            return true;
        }
        if (!is_name_start(c)) {
            char shown[40];
            size_t n;
            text_next(s + sc->i, sc->len - sc->i, &n);
            return fail(sc, sc->i,
                        "'%s' in the tag <%s: expected an attribute such as fill=\"#fff\", or "
                        "'/>' to end the tag",
                        excerpt(s + sc->i, n, shown, sizeof shown), elname);
        }
        if (sc->i == before)
            return fail(sc, sc->i, "put a space between the attributes of <%s>", elname);
        if (!read_attribute(sc, elname, seen)) return false;
    }
}

/* A closing tag at sc->i ("</"), which must close open, the innermost element. */
static bool read_end_tag(Scan *sc, int open) {
    const char *s = sc->s;
    size_t at = sc->i;
    sc->i += 2;
    size_t name = sc->i;
    while (sc->i < sc->len && is_name_char(s[sc->i])) sc->i++;
    size_t n = sc->i - name;
    char shown[40];
    excerpt(s + name, n, shown, sizeof shown);
    if (n == 0) return fail(sc, at, "'</' must be followed by the name of the element it closes");
    if (open < 0)
        return fail(sc, at, "</%s> closes nothing: no element is open here; remove it", shown);
    if (find_word(element_names, NELEMENTS, s + name, n) != open)
        return fail(sc, at,
                    "</%s> does not match <%s>, the innermost open element; close elements in "
                    "the reverse order of opening",
                    shown, element_names[open]);
    sc->i = skip_space(s, sc->len, sc->i);
    if (sc->i == sc->len || s[sc->i] != '>') return fail(sc, at, "</%s must end with '>'", shown);
    sc->i++;
    return true;
}

bool svg_check(const char *text, size_t len, SvgReport *rep) {
    Scan sc = {text ? text : "", text ? len : 0, 0, rep};
    memset(rep, 0, sizeof *rep);
    int open[SVG_MAX_DEPTH];
    size_t open_at[SVG_MAX_DEPTH];
    int depth = 0;
    while ((sc.i = skip_space(sc.s, sc.len, sc.i)) < sc.len) {
        char shown[40];
        size_t at = sc.i;
        if (starts(&sc, "<!--"))
            return fail(&sc, at,
                        "comments are not allowed in art; remove it (a YAML # comment "
                        "outside the art can say the same)");
        if (starts(&sc, "<![CDATA["))
            return fail(&sc, at, "CDATA sections are not allowed in art; remove it");
        if (starts(&sc, "<!"))
            return fail(&sc, at, "declarations such as DOCTYPE are not allowed in art; remove it");
        if (starts(&sc, "<?"))
            return fail(&sc, at,
                        "processing instructions such as <?xml ...?> are not allowed in art; "
                        "remove it: art is a fragment, not a document");
        if (sc.s[at] != '<')
            return fail(&sc, at,
                        "text \"%s\" outside a tag; art holds only shapes such as <circle .../>, "
                        "so remove it",
                        excerpt(sc.s + at, sc.len - at, shown, sizeof shown));
        if (starts(&sc, "</")) {
            if (!read_end_tag(&sc, depth ? open[depth - 1] : -1)) return false;
            depth--;
            continue;
        }
        if (depth > 0 && open[depth - 1] != EL_G)
            return fail(&sc, open_at[depth - 1],
                        "this <%s> holds another element, which only <g> may; end it with '/>'",
                        element_names[open[depth - 1]]);
        int el = EL_G;
        bool self_closed = true;
        if (!read_start_tag(&sc, &el, &self_closed)) return false;
        if (el != EL_G) rep->shapes++;
        if (self_closed) continue;
        if (depth == SVG_MAX_DEPTH)
            return fail(&sc, at, "elements nested more than %d deep; art needs two or three",
                        SVG_MAX_DEPTH);
        open[depth] = el;
        open_at[depth++] = at;
    }
    if (depth > 0)
        return fail(&sc, open_at[depth - 1], "<%s> is never closed; add </%s> after its shapes",
                    element_names[open[depth - 1]], element_names[open[depth - 1]]);
    return true;
}
