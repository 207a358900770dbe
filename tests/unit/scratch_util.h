/*
** scratch_util.h: a scratch folder for the unit tests that write editions
** and scripts: made under $TMPDIR (or /tmp), removed whole at the end.
*/
#ifndef PUL_SCRATCH_UTIL_H
#define PUL_SCRATCH_UTIL_H

/* The including test defines _XOPEN_SOURCE 700 first: mkdtemp, nftw. */
#include <ftw.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

/* The folder of the one test program that includes this header: a short
** path, so that the tests' own buffers hold it with what they add. */
static char scratch[96];

/* Make the folder, pul-NAME-XXXXXX under $TMPDIR, or under /tmp when that
** is unset or too long; false when it cannot be made. */
static inline bool scratch_make(const char *name) {
    const char *tmp = getenv("TMPDIR");
    int n = snprintf(scratch, sizeof scratch, "%s/pul-%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", name);
    if (n < 0 || (size_t)n >= sizeof scratch)
        n = snprintf(scratch, sizeof scratch, "/tmp/pul-%s-XXXXXX", name);
    return n > 0 && (size_t)n < sizeof scratch && mkdtemp(scratch) != NULL;
}

/* scratch/rel into out; returns out. */
static inline const char *scratch_path(char *out, size_t size, const char *rel) {
    int n = snprintf(out, size, "%s/%s", scratch, rel);
    CHECK(n > 0 && (size_t)n < size);
    return out;
}

static inline void make_dir(const char *rel) {
    char p[PATH_MAX];
    CHECK_INT(mkdir(scratch_path(p, sizeof p, rel), 0700), 0);
}

/* Write len bytes of text to scratch/rel, making its folder when that is
** missing (not the folders above it). Returns the file's path, in a buffer
** the next call reuses. */
static inline const char *write_file(const char *rel, const char *text, size_t len) {
    static char path[PATH_MAX];
    scratch_path(path, sizeof path, rel);
    char *slash = strrchr(path, '/');
    *slash = '\0';
    mkdir(path, 0700);
    *slash = '/';
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (!f) return path;
    fwrite(text, 1, len, f);
    fclose(f);
    return path;
}

static inline const char *write_text(const char *rel, const char *text) {
    return write_file(rel, text, strlen(text));
}

static inline int scratch_remove_one(const char *path, const struct stat *st, int flag,
                                     struct FTW *at) {
    (void)st, (void)flag, (void)at;
    return remove(path);
}

/* Remove the folder and all in it, links as links, never what they name. */
static inline void scratch_remove(void) {
    CHECK_INT(nftw(scratch, scratch_remove_one, 16, FTW_DEPTH | FTW_PHYS), 0);
}

#endif
