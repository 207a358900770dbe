/*
** script_util.h: the fixture the unit tests of rule scripts share: Micropul
** to run scripts on, hosts of scripts written to the scratch folder.
*/
#ifndef PUL_SCRIPT_UTIL_H
#define PUL_SCRIPT_UTIL_H

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_util.h"
#include "scratch_util.h"
#include "script.h"

/* The test program's Micropul (this header is included once by each). */
static PulTileSet ts;
static PulVariant *plain; /* Micropul without scripts: the games the direct calls act on */

/* A host of the scripts (scratch names or paths as given), or NULL with err. */
static inline ScriptHost *host_of_paths(const char *const *paths, int n, PulError *err) {
    PulVariantInfo *info = calloc(1, sizeof *info);
    info->nscripts = n;
    for (int i = 0; i < n; i++)
        snprintf(info->script[i], PUL_PATH_MAX, "%.*s", PUL_PATH_MAX - 1, paths[i]);
    ScriptHost *h = script_host_new(info, &ts, err);
    free(info);
    return h;
}

/* A host of one script written to scratch/name. */
static inline ScriptHost *host_text(const char *name, const char *lua, PulError *err) {
    const char *paths[1] = {write_text(name, lua)};
    return host_of_paths(paths, 1, err);
}

/* Whether haystack contains needle; prints both when not. */
static inline bool has(const char *haystack, const char *needle) {
    if (strstr(haystack, needle)) return true;
    fprintf(stderr, "  \"%s\" does not contain \"%s\"\n", haystack, needle);
    return false;
}

/* Load Micropul and make the scratch folder, named after the program;
** false (said on stderr) when the tests do not run from tests/. */
static inline bool script_tests_start(const char *name) {
    PulError err;
    if (pul_tileset_load_file(&ts, MICROPUL_TILES, &err) != PUL_OK) {
        fprintf(stderr, "cannot load %s: %s\n", MICROPUL_TILES, err.message);
        return false;
    }
    plain = micropul_with(NULL);
    char micropul_dir[PATH_MAX];
    if (!plain || !scratch_make(name) || !realpath("../variants/micropul", micropul_dir)) {
        fprintf(stderr, "cannot set up: run from tests/\n");
        return false;
    }
    return true;
}

static inline void script_tests_end(void) {
    scratch_remove();
    pul_variant_free(plain);
}

#endif
