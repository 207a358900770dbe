/*
** variant_find.c: finding a variant folder by name or path, and opening it.
** The search path is ./variants, search_dirs, the data dir, then $PUL_PATH.
*/
#define _XOPEN_SOURCE 700 /* realpath */

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "suggest.h"
#include "find.h"
#include "variant.h"
#include "mem.h"

#ifndef PUL_DATA_DIR
#define PUL_DATA_DIR "/usr/local/share/pul"
#endif

enum { FIND_NAME = 128 };

/* Where a bare name was looked for and what came close, for the message. */
typedef struct {
    char looked[320];
    size_t nlooked;
    bool cut; /* looked is full: later folders are left out */
    char hint[FIND_NAME];
    int hint_d;
    char no_manifest[PUL_PATH_MAX]; /* a folder of that name lacking variant.yaml */
    int skipped;                    /* manifests passed over (skip list) */
    const char *const *skip;
    int nskip;
} Search;

const char *pul_data_dir(void) { return PUL_DATA_DIR; }

static bool is_dir(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool bare_name(const char *s) {
    if (!s[0]) return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              *s == '_' || *s == '-'))
            return false;
    return true;
}

/* dir + "/" + leaf, false when it does not fit. */
static bool path_join(char *out, size_t size, const char *dir, size_t dlen, const char *leaf) {
    if (dlen == 0) return false;
    while (dlen > 1 && dir[dlen - 1] == '/') dlen--;
    int n = snprintf(out, size, "%.*s%s%s", (int)dlen, dir, dir[dlen - 1] == '/' ? "" : "/", leaf);
    return n >= 0 && (size_t)n < size;
}

static void note_looked(Search *s, const char *dir, size_t dlen) {
    size_t room = sizeof s->looked - s->nlooked;
    if (s->cut) return;
    if (dlen + 8 > room) {
        snprintf(s->looked + s->nlooked, room, ", ...");
        s->cut = true;
        return;
    }
    s->nlooked += (size_t)snprintf(s->looked + s->nlooked, room, "%s%.*s", s->nlooked ? ", " : "",
                                   (int)dlen, dir);
}

/* Variants in dir close to name, kept in s when closer than any before. */
static void note_close(Search *s, const char *dir, const char *name) {
    DIR *d = opendir(dir);
    if (!d) return;
    size_t len = strlen(name);
    struct dirent *e;
    char manifest[PUL_PATH_MAX];
    while ((e = readdir(d)) != NULL) {
        size_t elen = strlen(e->d_name);
        if (!bare_name(e->d_name) || elen >= FIND_NAME - 14) continue;
        int dist = suggest_distance(name, len, e->d_name, elen, 1);
        if (dist > 2 || (size_t)dist >= len || dist >= s->hint_d) continue;
        char leaf[FIND_NAME];
        memcpy(leaf, e->d_name, elen);
        memcpy(leaf + elen, "/variant.yaml", 14);
        if (!path_join(manifest, sizeof manifest, dir, strlen(dir), leaf) || !is_file(manifest))
            continue;
        memcpy(s->hint, e->d_name, elen + 1);
        s->hint_d = dist;
    }
    closedir(d);
}

static bool skipped(Search *s, const char *file) {
    if (s->nskip == 0) return false;
    char *real = realpath(file, NULL);
    bool hit = false;
    for (int i = 0; real && i < s->nskip && !hit; i++) hit = strcmp(real, s->skip[i]) == 0;
    mem_free(real);
    if (hit) s->skipped++;
    return hit;
}

/* The next non-empty entry of a ':'-separated list, from *p on, into dir
** (too-long entries are passed over). False at the end of the list. */
static bool next_dir(const char **p, char dir[PUL_PATH_MAX], size_t *dlen) {
    while (*p && **p) {
        const char *start = *p, *end = strchr(start, ':');
        size_t len = end ? (size_t)(end - start) : strlen(start);
        *p = end ? end + 1 : start + len;
        if (len > 0 && len < PUL_PATH_MAX) {
            memcpy(dir, start, len);
            dir[len] = '\0';
            *dlen = len;
            return true;
        }
    }
    return false;
}

/* Try name in each entry of a ':'-separated list. */
static bool try_list(const char *list, const char *name, VariantPlace *out, Search *s) {
    char dir[PUL_PATH_MAX];
    size_t len;
    for (const char *p = list; next_dir(&p, dir, &len);) {
        note_looked(s, dir, len);
        if (path_join(out->dir, sizeof out->dir, dir, len, name) &&
            path_join(out->file, sizeof out->file, out->dir, strlen(out->dir), "variant.yaml") &&
            is_dir(out->dir)) {
            if (is_file(out->file)) {
                if (!skipped(s, out->file)) {
                    snprintf(out->name, sizeof out->name, "%s", name);
                    out->manifest = true;
                    return true;
                }
            } else if (!s->no_manifest[0]) {
                snprintf(s->no_manifest, sizeof s->no_manifest, "%s", out->dir);
            }
        }
        if (s->hint_d > 0) note_close(s, dir, name);
    }
    return false;
}

/* The search path, in order: ./variants, the caller's, the installed data,
** then $PUL_PATH. */
static void search_lists(const char *search_dirs, const char *lists[4]) {
    lists[0] = "./variants";
    lists[1] = search_dirs;
    lists[2] = PUL_DATA_DIR "/variants";
    lists[3] = getenv("PUL_PATH");
}

void variant_search_path(const char *search_dirs, void (*fn)(const char *dir, void *ud),
                         void *ud) {
    const char *lists[4];
    search_lists(search_dirs, lists);
    char dir[PUL_PATH_MAX];
    size_t len;
    for (int i = 0; i < 4; i++)
        for (const char *p = lists[i]; next_dir(&p, dir, &len);) fn(dir, ud);
}

static PulStatus find_by_name(const char *name, const char *search_dirs, Search *s,
                              VariantPlace *out, PulError *err) {
    if (strlen(name) >= FIND_NAME)
        return err_setc(err, "not-found", NULL, 0, 0,
                        "variant name '%.40s...' is too long; a name has at most %d characters",
                        name, FIND_NAME - 1);
    const char *lists[4];
    search_lists(search_dirs, lists);
    for (int i = 0; i < 4; i++)
        if (try_list(lists[i], name, out, s)) return PUL_OK;
    if (s->skipped)
        return err_setc(err, "extends-cycle", NULL, 0, 0,
                        "the only variant '%s' in %s is one already being read", name, s->looked);
    char hint[FIND_NAME + 32] = "";
    if (s->hint[0]) snprintf(hint, sizeof hint, "; did you mean '%s'?", s->hint);
    if (s->no_manifest[0])
        return err_setc(err, "not-found", NULL, 0, 0,
                        "variant '%s': the folder %.200s has no variant.yaml (looked in %s)%s",
                        name, s->no_manifest, s->looked, hint);
    return err_setc(err, "not-found", NULL, 0, 0, "no variant '%s' in %s%s%s", name, s->looked,
                    hint,
                    s->hint[0] ? ""
                               : "; give a variant name from those folders, or a path to a "
                                 "variant folder");
}

/* The last component of path (no trailing '/'), written to out. */
static void base_name(const char *path, char *out, size_t size) {
    size_t len = strlen(path);
    while (len > 1 && path[len - 1] == '/') len--;
    size_t start = len;
    while (start > 0 && path[start - 1] != '/') start--;
    snprintf(out, size, "%.*s", (int)(len - start), path + start);
}

/* The folder's own name even for "." or "..": resolve it when possible. */
static void folder_name(const char *dir, char *out, size_t size) {
    char *real = realpath(dir, NULL);
    base_name(real ? real : dir, out, size);
    mem_free(real);
}

static bool ends_with(const char *s, const char *tail) {
    size_t n = strlen(s), t = strlen(tail);
    return n >= t && strcmp(s + n - t, tail) == 0;
}

static PulStatus find_by_path(const char *path, VariantPlace *out, PulError *err) {
    struct stat st;
    size_t len = strlen(path);
    if (len >= PUL_PATH_MAX - 16)
        return err_setc(err, "not-found", NULL, 0, 0,
                        "the variant path is %zu characters long; the limit is %d", len,
                        PUL_PATH_MAX - 17);
    if (stat(path, &st) != 0)
        return err_setc(err, "not-found", path, 0, 0,
                        "no variant folder or file at '%s' (%s); check the path", path,
                        strerror(errno));
    if (S_ISDIR(st.st_mode)) {
        while (len > 1 && path[len - 1] == '/') len--;
        snprintf(out->dir, sizeof out->dir, "%.*s", (int)len, path);
        path_join(out->file, sizeof out->file, out->dir, len, "variant.yaml");
        if (!is_file(out->file))
            return err_setc(err, "not-found", out->file, 0, 0,
                            "the folder '%s' has no variant.yaml; a variant folder holds its "
                            "manifest in variant.yaml (see variants/README.md)",
                            out->dir);
        folder_name(out->dir, out->name, sizeof out->name);
        out->manifest = true;
        return PUL_OK;
    }
    if (!S_ISREG(st.st_mode))
        return err_setc(err, "not-found", path, 0, 0,
                        "'%s' is neither a variant folder nor a file", path);
    snprintf(out->file, sizeof out->file, "%s", path);
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(out->dir, sizeof out->dir, ".");
    else
        snprintf(out->dir, sizeof out->dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    const char *leaf = slash ? slash + 1 : path;
    out->manifest = ends_with(leaf, "variant.yaml");
    if (out->manifest || strcmp(leaf, "tiles.yaml") == 0) {
        folder_name(out->dir, out->name, sizeof out->name);
    } else {
        /* A tile set file given directly: some-set.yaml names the variant some-set. */
        const char *dot = strrchr(leaf, '.');
        size_t n = dot && dot != leaf ? (size_t)(dot - leaf) : strlen(leaf);
        snprintf(out->name, sizeof out->name, "%.*s", (int)n, leaf);
    }
    return PUL_OK;
}

PulStatus variant_find(const char *name, const char *search_dirs, const char *const *skip,
                       int nskip, VariantPlace *out, PulError *err) {
    memset(out, 0, sizeof *out);
    if (!name || !name[0])
        return err_setc(err, "not-found", NULL, 0, 0,
                        "no variant given; name one (such as micropul) or give a path to a "
                        "variant folder");
    if (strchr(name, '/') || name[0] == '.') return find_by_path(name, out, err);
    if (!bare_name(name))
        return err_setc(err, "not-found", NULL, 0, 0,
                        "'%.60s' is neither a variant name (letters, digits, '_' and '-') nor a "
                        "path (which contains '/' or starts with '.')",
                        name);
    Search *s = mem_calloc(1, sizeof *s);
    if (!s) return err_setc(err, "out-of-memory", NULL, 0, 0, "out of memory finding a variant");
    s->hint_d = 3;
    s->skip = skip;
    s->nskip = nskip;
    PulStatus st = find_by_name(name, search_dirs, s, out, err);
    mem_free(s);
    return st;
}

PulStatus pul_variant_locate(const char *name, const char *search_dirs, char *out, size_t size,
                             PulError *err) {
    VariantPlace *f = mem_alloc(sizeof *f);
    if (!f) return err_setc(err, "out-of-memory", NULL, 0, 0, "out of memory finding a variant");
    PulStatus st = variant_find(name, search_dirs, NULL, 0, f, err);
    if (st == PUL_OK) {
        size_t len = strlen(f->dir);
        if (!out || len >= size)
            st = err_set(err, PUL_ERR_RANGE, NULL, 0, 0,
                         "the variant folder path needs %zu bytes; the buffer holds %zu", len + 1,
                         out ? size : 0);
        else
            memcpy(out, f->dir, len + 1);
    }
    if (st == PUL_OK) err_clear(err);
    mem_free(f);
    return st;
}

/* A bare tile set file: a variant with the default rules and no theme. */
static PulVariant *open_tileset(const VariantPlace *f, PulError *err) {
    PulTileSet *ts = mem_alloc(sizeof *ts);
    if (!ts) {
        err_setc(err, "out-of-memory", NULL, 0, 0, "out of memory opening a variant");
        return NULL;
    }
    PulVariant *v = NULL;
    if (pul_tileset_load_file(ts, f->file, err) == PUL_OK) {
        v = pul_variant_new(f->name, ts, NULL, err);
        if (v) {
            PulVariantInfo info = *pul_variant_info(v);
            snprintf(info.dir, sizeof info.dir, "%s", f->dir);
            snprintf(info.tiles_file, sizeof info.tiles_file, "%s", f->file);
            variant_attach(v, &info, NULL);
        }
    }
    mem_free(ts);
    return v;
}

PulVariant *pul_variant_open(const char *name_or_path, const char *search_dirs, PulError *err) {
    VariantPlace *f = mem_alloc(sizeof *f);
    if (!f) {
        err_setc(err, "out-of-memory", NULL, 0, 0, "out of memory opening a variant");
        return NULL;
    }
    PulVariant *v = NULL;
    if (variant_find(name_or_path, search_dirs, NULL, 0, f, err) == PUL_OK)
        v = f->manifest ? variant_load_manifest(f->file, f->dir, f->name, search_dirs, err)
                        : open_tileset(f, err);
    mem_free(f);
    return v;
}

/* ------------------------------------------------------------------ listing */

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The variant folders of one directory, sorted, passed to fn. */
static int list_dir(const char *dir, bool (*fn)(const char *, const char *, void *), void *ud,
                    bool *stop) {
    DIR *d = opendir(dir);
    if (!d) return 0;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    char path[PUL_PATH_MAX];
    while ((e = readdir(d)) != NULL) {
        if (!bare_name(e->d_name) || strlen(e->d_name) >= FIND_NAME) continue;
        int len = snprintf(path, sizeof path, "%s/%s/variant.yaml", dir, e->d_name);
        if (len < 0 || (size_t)len >= sizeof path || !is_file(path)) continue;
        if (n == cap) {
            size_t grown = cap ? cap * 2 : 16;
            char **more = mem_realloc(names, grown * sizeof *names);
            if (!more) break;
            names = more;
            cap = grown;
        }
        names[n] = mem_strdup(e->d_name);
        if (names[n]) n++;
    }
    closedir(d);
    if (n > 1) qsort(names, n, sizeof *names, compare_names);
    int calls = 0;
    for (size_t i = 0; i < n; i++) {
        if (!*stop) {
            int len = snprintf(path, sizeof path, "%s/%s", dir, names[i]);
            if (len > 0 && (size_t)len < sizeof path) { /* it fit with /variant.yaml above */
                calls++;
                if (!fn(names[i], path, ud)) *stop = true;
            }
        }
        mem_free(names[i]);
    }
    mem_free(names);
    return calls;
}

int pul_variant_list(const char *search_dirs,
                     bool (*fn)(const char *name, const char *dir, void *ud), void *ud) {
    const char *lists[4];
    search_lists(search_dirs, lists);
    int calls = 0;
    bool stop = false;
    for (int i = 0; i < 4 && !stop; i++) {
        char dir[PUL_PATH_MAX];
        size_t len;
        for (const char *p = lists[i]; !stop && next_dir(&p, dir, &len);) {
            while (len > 1 && dir[len - 1] == '/') dir[--len] = '\0';
            calls += list_dir(dir, fn, ud, &stop);
        }
    }
    return calls;
}
