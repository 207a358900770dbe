/*
** test_variant_find.c: finding variants by name along the search path and by
** path, the not-found message with its suggestion, and opening micropul.
*/
#define _XOPEN_SOURCE 700 /* setenv, mkdtemp */

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "pul.h"

/* A scratch tree: <root>/a/micropul/tiles.yaml (a copy), <root>/b/empty/ */
static char root[64];

static void write_copy(const char *to) {
    FILE *in = fopen("../variants/micropul/tiles.yaml", "rb");
    FILE *out = fopen(to, "wb");
    CHECK(in && out);
    if (in && out) {
        char buf[4096];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, n, out);
    }
    if (in) fclose(in);
    if (out) fclose(out);
}

static bool make_tree(void) {
    snprintf(root, sizeof root, "/tmp/pul-find-XXXXXX");
    if (!mkdtemp(root)) return false;
    char p[256];
    snprintf(p, sizeof p, "%s/a", root);
    mkdir(p, 0700);
    snprintf(p, sizeof p, "%s/a/micropul", root);
    mkdir(p, 0700);
    snprintf(p, sizeof p, "%s/a/micropul/tiles.yaml", root);
    write_copy(p);
    snprintf(p, sizeof p, "%s/b", root);
    mkdir(p, 0700);
    snprintf(p, sizeof p, "%s/b/empty", root);
    mkdir(p, 0700);
    return true;
}

static void remove_tree(void) {
    char p[256];
    snprintf(p, sizeof p, "%s/a/micropul/tiles.yaml", root);
    remove(p);
    snprintf(p, sizeof p, "%s/a/micropul", root);
    rmdir(p);
    snprintf(p, sizeof p, "%s/a", root);
    rmdir(p);
    snprintf(p, sizeof p, "%s/b/empty", root);
    rmdir(p);
    snprintf(p, sizeof p, "%s/b", root);
    rmdir(p);
    rmdir(root);
}

static void test_search_order(void) {
    char out[512], want[256], dirs[256];
    PulError err;
    unsetenv("PUL_PATH");
    /* search_dirs, in their order, empty entries skipped */
    CHECK_INT(pul_variant_locate("micropul", "::../variants", out, sizeof out, &err), PUL_OK);
    CHECK_STR(out, "../variants/micropul");
    snprintf(dirs, sizeof dirs, "%s/a:../variants", root);
    snprintf(want, sizeof want, "%s/a/micropul", root);
    CHECK_INT(pul_variant_locate("micropul", dirs, out, sizeof out, &err), PUL_OK);
    CHECK_STR(out, want);
    /* search_dirs come before $PUL_PATH */
    setenv("PUL_PATH", "../variants", 1);
    snprintf(dirs, sizeof dirs, "%s/a/", root);
    CHECK_INT(pul_variant_locate("micropul", dirs, out, sizeof out, &err), PUL_OK);
    CHECK_STR(out, want);
    /* $PUL_PATH alone */
    CHECK_INT(pul_variant_locate("micropul", NULL, out, sizeof out, &err), PUL_OK);
    CHECK_STR(out, "../variants/micropul");
    snprintf(dirs, sizeof dirs, "/nonexistent:%s/a", root);
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
    CHECK(strstr(err.message, "has no tiles.yaml") != NULL);
}

static void test_not_found(void) {
    char out[512], dirs[256];
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
    /* a folder of that name without tiles.yaml is reported */
    snprintf(dirs, sizeof dirs, "%s/b", root);
    CHECK_INT(pul_variant_locate("empty", dirs, out, sizeof out, &err), PUL_ERR_NOT_FOUND);
    CHECK(strstr(err.message, "has no tiles.yaml") != NULL);
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

int main(void) {
    if (!make_tree()) {
        fprintf(stderr, "cannot make a scratch folder under /tmp\n");
        return 1;
    }
    RUN(test_search_order);
    RUN(test_paths);
    RUN(test_not_found);
    RUN(test_open);
    remove_tree();
    return CHECK_DONE();
}
