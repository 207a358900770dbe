/*
** cli_search.c: the variant folders the pul command adds to the engine's
** search path. A pul run from the build tree it was built in (not installed)
** also finds the source tree's variants/, so the shipped editions play from
** any directory right after tools/dev, with nothing installed.
*/
#define _XOPEN_SOURCE 700 /* readlink, realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

#ifndef PUL_BUILD_DIR
#define PUL_BUILD_DIR ""
#endif
#ifndef PUL_SOURCE_DIR
#define PUL_SOURCE_DIR ""
#endif

static char search_source[PATH_MAX]; /* the source tree's variants/, or "" */
static int search_ready;

/* Whether the running executable lies inside the build tree it was built in.
** Compared as real paths, so a symlink to the build's pul counts, and a copy
** installed elsewhere (whose data is in the installed data folder) does not. */
static int search_in_build_tree(void) {
    char exe[PATH_MAX], build[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0 || PUL_BUILD_DIR[0] == '\0') return 0;
    exe[n] = '\0';
    if (!realpath(PUL_BUILD_DIR, build)) return 0;
    size_t len = strlen(build);
    return strncmp(exe, build, len) == 0 && exe[len] == '/';
}

/* Worked out once, on the main thread, before any sim worker starts. */
static void search_init(void) {
    if (search_ready) return;
    search_ready = 1;
    if (!search_in_build_tree()) return;
    char dir[PATH_MAX];
    struct stat st;
    if (snprintf(dir, sizeof dir, "%s/variants", PUL_SOURCE_DIR) >= (int)sizeof dir) return;
    /* ':' separates the search path's folders, so a folder holding one cannot be named. */
    if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode) && !strchr(dir, ':'))
        snprintf(search_source, sizeof search_source, "%s", dir);
}

const char *cli_build_variants(void) {
    search_init();
    return search_source[0] ? search_source : NULL;
}

const char *cli_search_dirs(const char *given) {
    static const char *cached_given;
    static char *cached;
    search_init();
    if (!search_source[0]) return given;
    if (!given || !given[0]) return search_source;
    if (cached && cached_given == given) return cached;
    size_t n = strlen(given) + 1 + strlen(search_source) + 1;
    char *joined = malloc(n);
    if (!joined) return given; /* the person's folders still count without the build's */
    snprintf(joined, n, "%s:%s", given, search_source);
    free(cached);
    cached = joined;
    cached_given = given;
    return cached;
}
