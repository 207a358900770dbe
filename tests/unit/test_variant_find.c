/*
** test_variant_find.c: finding variants by name along the search path and by
** path, the not-found message with its suggestion, and opening micropul.
*/
#define _XOPEN_SOURCE 700 /* setenv, mkdtemp, nftw */

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "pul.h"
#include "scratch_util.h"

/* A scratch tree (scratch_util.h):
**   a/micropul/variant.yaml   extends micropul by name (the next one on the path)
**   b/empty/                  a folder with no variant.yaml
**   c/x, c/y                  two variants extending each other
**   c/z                       extends ../z2, which extends ./ (itself) by path */
static bool make_tree(void) {
    if (!scratch_make("find")) return false;
    const char *dirs[] = {"a", "a/micropul", "b", "b/empty", "c", "c/x", "c/y", "c/z", "c/z2"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) make_dir(dirs[i]);
    write_text("a/micropul/variant.yaml", "name: micropul\nextends: micropul\nrules: {stones: 4}\n");
    write_text("c/x/variant.yaml", "name: x\nextends: y\n");
    write_text("c/y/variant.yaml", "name: y\nextends: x\n");
    write_text("c/z/variant.yaml", "name: z\nextends: ../z2\n");
    write_text("c/z2/variant.yaml", "name: z2\nextends: ../z\n");
    return true;
}

static void test_search_order(void) {
    char out[512], want[256], dirs[512];
    PulError err;
    unsetenv("PUL_PATH");
    /* search_dirs, in their order, empty entries skipped */
    CHECK_INT(pul_variant_locate("micropul", "::../variants", out, sizeof out, &err), PUL_OK);
    CHECK_STR(out, "../variants/micropul");
    snprintf(dirs, sizeof dirs, "%s/a:../variants", scratch);
    snprintf(want, sizeof want, "%s/a/micropul", scratch);
    CHECK_INT(pul_variant_locate("micropul", dirs, out, sizeof out, &err), PUL_OK);
    CHECK_STR(out, want);
    /* search_dirs come before $PUL_PATH */
    setenv("PUL_PATH", "../variants", 1);
    snprintf(dirs, sizeof dirs, "%s/a/", scratch);
    CHECK_INT(pul_variant_locate("micropul", dirs, out, sizeof out, &err), PUL_OK);
    CHECK_STR(out, want);
    /* $PUL_PATH alone */
    CHECK_INT(pul_variant_locate("micropul", NULL, out, sizeof out, &err), PUL_OK);
    CHECK_STR(out, "../variants/micropul");
    snprintf(dirs, sizeof dirs, "/nonexistent:%s/a", scratch);
    setenv("PUL_PATH", dirs, 1);
    CHECK_INT(pul_variant_locate("micropul", NULL, out, sizeof out, &err), PUL_OK);
    CHECK_STR(out, want);
    /* a buffer too small is an error, not a cut path */
    CHECK_INT(pul_variant_locate("micropul", NULL, out, 5, &err), PUL_ERR_RANGE);
    unsetenv("PUL_PATH");
}

static void test_paths(void) {
    char out[512];
    PulError err;
    CHECK_INT(pul_variant_locate("../variants/micropul", NULL, out, sizeof out, &err), PUL_OK);
    CHECK_STR(out, "../variants/micropul");
    CHECK_INT(pul_variant_locate("../variants/micropul/", NULL, out, sizeof out, &err), PUL_OK);
    CHECK_STR(out, "../variants/micropul");
    CHECK_INT(pul_variant_locate("../variants/micropul/tiles.yaml", NULL, out, sizeof out, &err),
              PUL_OK);
    CHECK_STR(out, "../variants/micropul");
    CHECK_INT(pul_variant_locate("./no-such-folder", NULL, out, sizeof out, &err),
              PUL_ERR_NOT_FOUND);
    CHECK(strstr(err.message, "./no-such-folder") != NULL);
    CHECK_INT(pul_variant_locate("../variants", NULL, out, sizeof out, &err), PUL_ERR_NOT_FOUND);
    CHECK(strstr(err.message, "has no variant.yaml") != NULL);
}

static void test_not_found(void) {
    char out[512], dirs[512];
    PulError err;
    unsetenv("PUL_PATH");
    CHECK_INT(pul_variant_locate("micropl", "../variants", out, sizeof out, &err),
              PUL_ERR_NOT_FOUND);
    CHECK(strstr(err.message, "no variant 'micropl' in ./variants, ../variants") != NULL);
    CHECK(strstr(err.message, "did you mean 'micropul'?") != NULL);
    CHECK(strstr(err.message, pul_data_dir()) != NULL);
    CHECK_INT(pul_variant_locate("zzzzzz", "../variants", out, sizeof out, &err),
              PUL_ERR_NOT_FOUND);
    CHECK(strstr(err.message, "did you mean") == NULL);
    CHECK(strstr(err.message, "give a variant name") != NULL);
    /* a folder of that name without variant.yaml is reported */
    snprintf(dirs, sizeof dirs, "%s/b", scratch);
    CHECK_INT(pul_variant_locate("empty", dirs, out, sizeof out, &err), PUL_ERR_NOT_FOUND);
    CHECK(strstr(err.message, "has no variant.yaml") != NULL);
    CHECK_INT(pul_variant_locate("bad name!", NULL, out, sizeof out, &err), PUL_ERR_NOT_FOUND);
    CHECK(strstr(err.message, "neither a variant name") != NULL);
    CHECK_INT(pul_variant_locate("", NULL, out, sizeof out, &err), PUL_ERR_NOT_FOUND);
    CHECK_INT(pul_variant_locate(NULL, NULL, out, sizeof out, &err), PUL_ERR_NOT_FOUND);
}

static void test_open(void) {
    PulError err;
    PulVariant *v = pul_variant_open("micropul", "../variants", &err);
    CHECK(v != NULL);
    if (!v) {
        fprintf(stderr, "  %s\n", err.message);
        return;
    }
    CHECK_STR(pul_variant_name(v), "micropul");
    CHECK_INT(pul_variant_tileset(v)->ntiles, 48);
    CHECK_INT(pul_variant_tileset(v)->start, 40);
    CHECK_INT(pul_variant_rules(v)->stones, 3);
    pul_variant_free(v);

    v = pul_variant_open("../variants/micropul/tiles.yaml", NULL, &err);
    CHECK(v != NULL);
    if (v) {
        CHECK_STR(pul_variant_name(v), "micropul");
        pul_variant_free(v);
    }

    unsetenv("PUL_PATH");
    CHECK(pul_variant_open("nope", NULL, &err) == NULL);
    CHECK_INT(err.status, PUL_ERR_NOT_FOUND);
    CHECK(pul_data_dir() != NULL && pul_data_dir()[0] != '\0');
}

/* extends: by name past itself, and cycles by name and by path. */
static void test_extends(void) {
    char dirs[512];
    PulError err;
    unsetenv("PUL_PATH");
    snprintf(dirs, sizeof dirs, "%s/a:../variants", scratch);
    PulVariant *v = pul_variant_open("micropul", dirs, &err);
    CHECK(v != NULL);
    if (v) {
        /* the scratch micropul, extending the real one */
        CHECK_INT(pul_variant_rules(v)->stones, 4);
        CHECK_INT(pul_variant_tileset(v)->ntiles, 48);
        CHECK_STR(pul_variant_info(v)->extends, "micropul");
        CHECK(strstr(pul_variant_info(v)->tiles_file, "../variants/micropul/tiles.yaml") != NULL);
        CHECK(pul_variant_theme(v) != NULL);
        CHECK_STR(pul_variant_title(v, PUL_LANG_EN), "Micropul");
        pul_variant_free(v);
    }
    snprintf(dirs, sizeof dirs, "%s/c", scratch);
    CHECK(pul_variant_open("x", dirs, &err) == NULL);
    CHECK_STR(err.code, "extends-cycle");
    CHECK_INT(err.line, 2);
    CHECK_INT(err.column, 10);
    CHECK(strstr(err.message, "x extends y extends x") != NULL);
    CHECK(pul_variant_open("z", dirs, &err) == NULL);
    CHECK_STR(err.code, "extends-cycle");
    CHECK(strstr(err.message, "z extends z2 extends ../z") != NULL);
}

static bool count_variant(const char *name, const char *dir, void *ud) {
    int *seen = ud;
    if (strcmp(name, "micropul") == 0) seen[0]++;
    if (strcmp(name, "x") == 0 && strstr(dir, "/c/x")) seen[1]++;
    if (strcmp(name, "empty") == 0) seen[2]++;
    return true;
}

static bool stop_at_once(const char *name, const char *dir, void *ud) {
    (void)name;
    (void)dir;
    (*(int *)ud)++;
    return false;
}

static void test_list(void) {
    char dirs[512];
    int seen[3] = {0, 0, 0}, calls = 0;
    unsetenv("PUL_PATH");
    snprintf(dirs, sizeof dirs, "%s/a:%s/b:%s/c:../variants", scratch, scratch, scratch);
    int n = pul_variant_list(dirs, count_variant, seen);
    CHECK_INT(seen[0], 2); /* the scratch one, then the shadowed real one */
    CHECK_INT(seen[1], 1);
    CHECK_INT(seen[2], 0); /* no variant.yaml: not a variant */
    CHECK(n >= 7);         /* micropul, x, y, z, z2, and the real ones */
    CHECK_INT(pul_variant_list(dirs, stop_at_once, &calls), 1);
    CHECK_INT(calls, 1);
}

int main(void) {
    if (!make_tree()) {
        fprintf(stderr, "cannot make a scratch folder\n");
        return 1;
    }
    RUN(test_search_order);
    RUN(test_paths);
    RUN(test_not_found);
    RUN(test_open);
    RUN(test_extends);
    RUN(test_list);
    scratch_remove();
    return CHECK_DONE();
}
