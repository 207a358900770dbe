/*
** roots.c: an edition's files kept inside its own folder and the search
** path's folders, checked before they are opened (roots.h says how).
*/
#define _XOPEN_SOURCE 700 /* realpath, fdopen, O_NOFOLLOW, O_CLOEXEC */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "roots.h"
#include "text.h"
#include "find.h"
#include "mem.h"

/* ------------------------------------------------------------ the roots */

typedef struct {
    Roots *r;
    bool failed; /* out of memory */
} Adding;

static bool inside(const char *path, const char *root) {
    size_t n = strlen(root);
    if (n == 1 && root[0] == '/') return path[0] == '/';
    return strncmp(path, root, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

/* Take real (malloc'd) as a root, once. */
static void add(Adding *a, char *real, bool scripts) {
    Roots *r = a->r;
    for (int i = 0; i < r->n; i++)
        if (strcmp(r->dir[i], real) == 0) {
            r->scripts[i] = r->scripts[i] && scripts;
            mem_free(real);
            return;
        }
    if (r->n == r->cap) {
        int cap = r->cap ? r->cap * 2 : 8;
        char **dir = mem_realloc(r->dir, (size_t)cap * sizeof *dir);
        if (dir) r->dir = dir;
        bool *sc = dir ? mem_realloc(r->scripts, (size_t)cap * sizeof *sc) : NULL;
        if (sc) r->scripts = sc;
        if (!dir || !sc) {
            a->failed = true;
            mem_free(real);
            return;
        }
        r->cap = cap;
    }
    r->dir[r->n] = real;
    r->scripts[r->n++] = scripts;
}

/* A variants folder of the search path and the scripts folder beside it. */
static void add_search_dir(const char *dir, void *ud) {
    Adding *a = ud;
    char *real = realpath(dir, NULL);
    if (!real) return; /* a folder that is not there holds nothing */
    char beside[PATH_MAX];
    size_t keep = strlen(real);
    while (keep > 0 && real[keep - 1] != '/') keep--;
    int n = snprintf(beside, sizeof beside, "%.*sscripts", (int)keep, real);
    add(a, real, false);
    char *scripts = n > 0 && (size_t)n < sizeof beside ? realpath(beside, NULL) : NULL;
    if (scripts) add(a, scripts, true);
}

PulStatus roots_init(Roots *r, const char *search_dirs, PulError *err) {
    memset(r, 0, sizeof *r);
    Adding a = {r, false};
    variant_search_path(search_dirs, add_search_dir, &a);
    if (a.failed) {
        roots_free(r);
        return err_setc(err, "out-of-memory", NULL, 0, 0, "out of memory reading the search path");
    }
    return PUL_OK;
}

void roots_free(Roots *r) {
    for (int i = 0; i < r->n; i++) mem_free(r->dir[i]);
    mem_free(r->dir);
    mem_free(r->scripts);
    memset(r, 0, sizeof *r);
}

void roots_own(const char *dir, char *own) {
    if (!realpath(dir, own)) own[0] = '\0';
}

static bool allowed(const Roots *r, const char (*own)[PATH_MAX], int nown, const char *path,
                    RootsKind kind) {
    const char *mine = own[nown - 1];
    if (kind == ROOTS_MANIFEST) return mine[0] && inside(path, mine);
    for (int i = 0; i < nown; i++)
        if (own[i][0] && inside(path, own[i])) return true;
    for (int i = 0; i < r->n; i++)
        if ((kind == ROOTS_SCRIPT || !r->scripts[i]) && inside(path, r->dir[i])) return true;
    return false;
}

/* base (a real path) and rel joined, "." and ".." applied as written,
** without asking the file system; false when it does not fit. */
static bool lexical(const char *base, const char *rel, char *out, size_t size) {
    size_t o = strlen(base);
    if (o >= size) return false;
    memcpy(out, base, o + 1);
    if (o == 1) o = 0; /* "/": the components bring their own '/' */
    for (const char *p = rel; *p;) {
        while (*p == '/') p++;
        const char *e = p;
        while (*e && *e != '/') e++;
        size_t n = (size_t)(e - p);
        if (n == 2 && p[0] == '.' && p[1] == '.') {
            while (o > 0 && out[o - 1] != '/') o--;
            if (o > 0) o--;
        } else if (n > 0 && !(n == 1 && p[0] == '.')) {
            if (o + 1 + n >= size) return false;
            out[o++] = '/';
            memcpy(out + o, p, n);
            o += n;
        }
        p = e;
    }
    if (o == 0) out[o++] = '/';
    out[o] = '\0';
    return true;
}

RootsVerdict roots_resolve(const Roots *r, const char (*own)[PATH_MAX], int nown,
                           const char *base, const char *rel, RootsKind kind, RootsFile *out) {
    memset(out, 0, sizeof *out);
    if (rel[0] == '/') return ROOTS_ABSOLUTE;
    char base_real[PATH_MAX], lex[PATH_MAX], path[PATH_MAX];
    if (!realpath(base, base_real)) {
        out->why = errno;
        return errno == ENOENT || errno == ENOTDIR ? ROOTS_MISSING : ROOTS_UNREADABLE;
    }
    /* Before any link is followed: a plain "../../x" is refused as written. */
    if (!lexical(base_real, rel, lex, sizeof lex)) return ROOTS_TOO_LONG;
    if (!allowed(r, own, nown, lex, kind)) return ROOTS_LEAVES;
    int len = snprintf(path, sizeof path, "%s/%s", base, rel);
    if (len < 0 || (size_t)len >= sizeof path) return ROOTS_TOO_LONG;
    if (!realpath(path, out->real)) {
        out->why = errno;
        out->real[0] = '\0';
        return errno == ENOENT || errno == ENOTDIR ? ROOTS_MISSING : ROOTS_UNREADABLE;
    }
    if (!allowed(r, own, nown, out->real, kind)) return ROOTS_LINKED_OUT;
    struct stat st;
    if (stat(out->real, &st) != 0) {
        out->why = errno;
        return ROOTS_UNREADABLE;
    }
    bool fits = S_ISREG(st.st_mode) || (kind == ROOTS_EXTENDS && S_ISDIR(st.st_mode));
    if (!fits) return ROOTS_NOT_FILE;
    out->dev = st.st_dev;
    out->ino = st.st_ino;
    return ROOTS_OK;
}

/* ------------------------------------------------------------ messages */

/* Where each kind of file may lie, and what to do about one that does not. */
static const char *const places[] = {
    [ROOTS_FILE] = ("An edition's files lie in its own folder or in a variants folder of the "
                    "search path"),
    [ROOTS_SCRIPT] = ("An edition's scripts lie in its own folder, in a variants folder of the "
                      "search path or in the scripts folder beside one"),
    [ROOTS_EXTENDS] = ("An edition extends editions in its own folder or in a variants folder "
                       "of the search path"),
    [ROOTS_MANIFEST] = "An edition's variant.yaml lies in the edition's folder"};

static const char *const fixes[] = {
    [ROOTS_FILE] = "copy the file into the edition's folder and name it from there",
    [ROOTS_SCRIPT] = "copy the script into the edition's folder and name it from there",
    [ROOTS_EXTENDS] = ("put the edition to extend in a variants folder of the search path "
                       "(--path, PUL_PATH) and extend it by name"),
    [ROOTS_MANIFEST] = "put the manifest itself in the folder"};

/* A message cut to size: the paths in it are already cut to a sane length. */
static void say(char *msg, size_t size, const char *fmt, ...) PUL_PRINTF(3, 4);
static void say(char *msg, size_t size, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, size, fmt, ap);
    va_end(ap);
}

/* The message for verdict v; the code in *code. */
static void describe(char *msg, size_t size, const char **code, const char *what,
                     const char *path, RootsKind kind, RootsVerdict v, const RootsFile *f,
                     const char *own, const char *shown) {
    char p[120], o[104], t[104], full[136];
    text_shown(shown, strlen(shown), full, sizeof full);
    text_shown(path, strlen(path), p, sizeof p);
    text_shown(own, strlen(own), o, sizeof o);
    text_shown(f->real, strlen(f->real), t, sizeof t);
    *code = "bad-reference";
    switch (v) {
    case ROOTS_ABSOLUTE:
        say(msg, size,
                 "%s '%s' is an absolute path, which a shared edition cannot rely on; name it "
                 "from the edition's folder (%s). %s: %s",
                 what, p, o, places[kind], fixes[kind]);
        break;
    case ROOTS_LEAVES:
        say(msg, size,
                 "%s '%s' leads out of the edition's folder (%s) and of the search path's "
                 "folders. %s: %s",
                 what, p, o, places[kind], fixes[kind]);
        break;
    case ROOTS_LINKED_OUT:
        say(msg, size,
                 "%s '%s' is, through a symbolic link, %s, outside the edition's folder (%s)%s. "
                 "%s: replace the link with a copy",
                 what, p, t, o, kind == ROOTS_MANIFEST ? "" : " and the search path's folders",
                 places[kind]);
        break;
    case ROOTS_MISSING:
        *code = "missing-file";
        say(msg, size, "%s '%s' is not there (looked for %s); give its path from this "
            "manifest's folder", what, p, full);
        break;
    case ROOTS_NOT_FILE:
        *code = "missing-file";
        say(msg, size, "%s '%s' (%s) is a folder, a device or a pipe, not a file; name a file",
            what, p, full);
        break;
    case ROOTS_TOO_LONG:
        *code = "too-long";
        say(msg, size, "%s '%s' makes a path longer than %d bytes; shorten it", what, p,
                 PATH_MAX - 1);
        break;
    default:
        *code = "unreadable";
        say(msg, size, "%s '%s' cannot be followed (%s); check the folder's permissions",
                 what, p, strerror(f->why));
        break;
    }
}

PulStatus roots_fail(YDoc *doc, const YNode *n, const char *what, const char *path,
                     RootsKind kind, RootsVerdict v, const RootsFile *f, const char *own,
                     const char *shown) {
    char msg[sizeof((PulError *)0)->message];
    const char *code;
    describe(msg, sizeof msg, &code, what, path, kind, v, f, own, shown);
    return ydoc_fail(doc, n, code, "%s", msg);
}

PulStatus roots_fail_file(PulError *err, const char *file, RootsVerdict v, const RootsFile *f,
                          const char *own) {
    char msg[sizeof err->message];
    const char *code;
    describe(msg, sizeof msg, &code, "the manifest", file, ROOTS_MANIFEST, v, f, own, file);
    /* No line is at fault, and the file is not read: it is unreadable to pul. */
    return err_setc(err, "unreadable", file, 0, 0, "pul does not read it: %s", msg);
}

/* ------------------------------------------------------------ reading */

PulStatus roots_read(const RootsFile *f, const char *shown, char **buf, size_t *len,
                     PulError *err) {
    *buf = NULL;
    *len = 0;
    /* No link followed at the end, no wait on a pipe put there meanwhile. */
    int fd = open(f->real, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd >= 0 && fstat(fd, &st) == 0 && st.st_dev == f->dev && st.st_ino == f->ino &&
        S_ISREG(st.st_mode)) {
        FILE *in = fdopen(fd, "rb");
        if (in) {
            PulStatus s = ydoc_read_stream(in, shown, buf, len, err);
            fclose(in);
            return s;
        }
    }
    int why = errno;
    if (fd >= 0) close(fd);
    if (fd < 0 && why != ELOOP)
        return err_setc(err, "unreadable", shown, 0, 0, "cannot open '%s': %s", shown,
                        strerror(why));
    return err_setc(err, "bad-reference", shown, 0, 0,
                    "'%s' changed between being checked and being read (a link or file swapped "
                    "in the edition's folder?); try again when nothing is changing it",
                    shown);
}
