/*
** variant_find.c: finding a variant folder by name or path, and opening it.
** The search path is ./variants, search_dirs, $PUL_PATH, then the data dir.
*/
#define _XOPEN_SOURCE 700 /* realpath */

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common.h"
#include "suggest.h"

#ifndef PUL_DATA_DIR
#define PUL_DATA_DIR "/usr/local/share/pul"
#endif

enum { FIND_PATH = 4096, FIND_NAME = 128 };

typedef struct {
    char dir[FIND_PATH]; /* the variant folder */
    char tiles[FIND_PATH]; /* its tile set file */
    char name[FIND_NAME]; /* the variant's name: the folder's base name */
} Found;

/* Where a bare name was looked for and what came close, for the message. */
typedef struct {
    char looked[320];
    size_t nlooked;
    bool cut; /* looked is full: later folders are left out */
    char hint[FIND_NAME];
    int hint_d;
    char no_tiles[FIND_PATH]; /* a folder of that name lacking tiles.yaml */
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
    char tiles[FIND_PATH];
    while ((e = readdir(d)) != NULL) {
        size_t elen = strlen(e->d_name);
        if (!bare_name(e->d_name) || elen >= FIND_NAME - 12) continue;
        int dist = suggest_distance(name, len, e->d_name, elen, 1);
        if (dist > 2 || (size_t)dist >= len || dist >= s->hint_d) continue;
        char leaf[FIND_NAME];
        memcpy(leaf, e->d_name, elen);
        memcpy(leaf + elen, "/tiles.yaml", 12);
        if (!path_join(tiles, sizeof tiles, dir, strlen(dir), leaf) || !is_file(tiles)) continue;
        memcpy(s->hint, e->d_name, elen + 1);
        s->hint_d = dist;
    }
    closedir(d);
}

/* Try name in each entry of a ':'-separated list; empty entries are skipped. */
static bool try_list(const char *list, const char *name, Found *out, Search *s) {
    if (!list) return false;
    const char *p = list;
    while (*p) {
        const char *end = strchr(p, ':');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len > 0 && len < FIND_PATH) {
            char dir[FIND_PATH];
            memcpy(dir, p, len);
            dir[len] = '\0';
            note_looked(s, dir, len);
            if (path_join(out->dir, sizeof out->dir, dir, len, name) &&
                path_join(out->tiles, sizeof out->tiles, out->dir, strlen(out->dir),
                          "tiles.yaml") &&
                is_dir(out->dir)) {
                if (is_file(out->tiles)) {
                    snprintf(out->name, sizeof out->name, "%s", name);
                    return true;
                }
                if (!s->no_tiles[0]) snprintf(s->no_tiles, sizeof s->no_tiles, "%s", out->dir);
            }
            if (s->hint_d > 0) note_close(s, dir, name);
        }
        if (!end) break;
        p = end + 1;
    }
    return false;
}

static PulStatus find_by_name(const char *name, const char *search_dirs, Found *out,
                              PulError *err) {
    if (strlen(name) >= FIND_NAME)
        return err_set(err, PUL_ERR_NOT_FOUND, NULL, 0, 0,
                       "variant name '%.40s...' is too long; a name has at most %d characters",
                       name, FIND_NAME - 1);
    Search s;
    memset(&s, 0, sizeof s);
    s.hint_d = 3;
    const char *lists[4] = {"./variants", search_dirs, getenv("PUL_PATH"),
                            PUL_DATA_DIR "/variants"};
    for (int i = 0; i < 4; i++)
        if (try_list(lists[i], name, out, &s)) return PUL_OK;
    char hint[FIND_NAME + 32] = "";
    if (s.hint[0]) snprintf(hint, sizeof hint, "; did you mean '%s'?", s.hint);
    if (s.no_tiles[0])
        return err_set(err, PUL_ERR_NOT_FOUND, NULL, 0, 0,
                       "variant '%s': the folder %.200s has no tiles.yaml (looked in %s)%s", name,
                       s.no_tiles, s.looked, hint);
    return err_set(err, PUL_ERR_NOT_FOUND, NULL, 0, 0, "no variant '%s' in %s%s%s", name, s.looked,
                   hint,
                   s.hint[0] ? ""
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
    free(real);
}

static PulStatus find_by_path(const char *path, Found *out, PulError *err) {
    struct stat st;
    size_t len = strlen(path);
    if (len >= FIND_PATH - 16)
        return err_set(err, PUL_ERR_NOT_FOUND, NULL, 0, 0,
                       "the variant path is %zu characters long; the limit is %d", len,
                       FIND_PATH - 17);
    if (stat(path, &st) != 0)
        return err_set(err, PUL_ERR_NOT_FOUND, path, 0, 0,
                       "no variant folder or tile set file at '%s' (%s); check the path", path,
                       strerror(errno));
    if (S_ISDIR(st.st_mode)) {
        while (len > 1 && path[len - 1] == '/') len--;
        snprintf(out->dir, sizeof out->dir, "%.*s", (int)len, path);
        path_join(out->tiles, sizeof out->tiles, out->dir, len, "tiles.yaml");
        if (!is_file(out->tiles))
            return err_set(err, PUL_ERR_NOT_FOUND, out->tiles, 0, 0,
                           "the folder '%s' has no tiles.yaml; a variant folder holds its tile "
                           "set in tiles.yaml",
                           out->dir);
        folder_name(out->dir, out->name, sizeof out->name);
        return PUL_OK;
    }
    if (!S_ISREG(st.st_mode))
        return err_set(err, PUL_ERR_NOT_FOUND, path, 0, 0,
                       "'%s' is neither a variant folder nor a tile set file", path);
    /* A tile set file given directly: the variant is its folder. */
    snprintf(out->tiles, sizeof out->tiles, "%s", path);
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(out->dir, sizeof out->dir, ".");
    else
        snprintf(out->dir, sizeof out->dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    const char *leaf = slash ? slash + 1 : path;
    if (strcmp(leaf, "tiles.yaml") == 0) {
        folder_name(out->dir, out->name, sizeof out->name);
    } else {
        /* some-set.yaml names the variant some-set */
        const char *dot = strrchr(leaf, '.');
        size_t n = dot && dot != leaf ? (size_t)(dot - leaf) : strlen(leaf);
        snprintf(out->name, sizeof out->name, "%.*s", (int)n, leaf);
    }
    return PUL_OK;
}

static PulStatus find(const char *name, const char *search_dirs, Found *out, PulError *err) {
    if (!name || !name[0])
        return err_set(err, PUL_ERR_NOT_FOUND, NULL, 0, 0,
                       "no variant given; name one (such as micropul) or give a path to a "
                       "variant folder");
    if (strchr(name, '/') || name[0] == '.') return find_by_path(name, out, err);
    if (!bare_name(name))
        return err_set(err, PUL_ERR_NOT_FOUND, NULL, 0, 0,
                       "'%.60s' is neither a variant name (letters, digits, '_' and '-') nor a "
                       "path (which contains '/' or starts with '.')",
                       name);
    return find_by_name(name, search_dirs, out, err);
}

PulStatus pul_variant_locate(const char *name, const char *search_dirs, char *out, size_t size,
                             PulError *err) {
    Found *f = malloc(sizeof *f);
    if (!f) return err_set(err, PUL_ERR_MEMORY, NULL, 0, 0, "out of memory finding a variant");
    PulStatus st = find(name, search_dirs, f, err);
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
    free(f);
    return st;
}

PulVariant *pul_variant_open(const char *name_or_path, const char *search_dirs, PulError *err) {
    Found *f = malloc(sizeof *f);
    if (!f) {
        err_set(err, PUL_ERR_MEMORY, NULL, 0, 0, "out of memory opening a variant");
        return NULL;
    }
    PulVariant *v = NULL;
    PulTileSet ts;
    if (find(name_or_path, search_dirs, f, err) == PUL_OK &&
        pul_tileset_load_file(&ts, f->tiles, err) == PUL_OK) {
        PulRules rules;
        pul_rules_default(&rules);
        v = pul_variant_new(f->name, &ts, &rules, NULL, NULL, err);
    }
    free(f);
    return v;
}
