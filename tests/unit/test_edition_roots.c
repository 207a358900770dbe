/*
** test_edition_roots.c: an edition's files stay inside its folder and the
** search path's: absolute paths, "..", symbolic links and swapped files.
*/
#define _XOPEN_SOURCE 700 /* mkdtemp, nftw, symlink, mkfifo */

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "pul.h"
#include "roots.h"
#include "scratch_util.h"

/* A scratch tree (scratch_util.h):
**   vars/             a variants folder, given as search_dirs
**   vars/shared/      micropul's tiles, for the editions beside it
**   scripts/ok.lua    the scripts folder beside vars
**   outside/          what no edition may reach: secret.yaml (the
**                     Micropul tiles renamed "outside-secret"), x.lua,
**                     and ed/, an edition of its own
**   vars/<case>/      one edition per case below */
static char *micropul_tiles;

static void make_link(const char *target, const char *rel) {
    char p[PATH_MAX];
    CHECK_INT(symlink(target, scratch_path(p, sizeof p, rel)), 0);
}

/* An edition <name> in vars: a manifest extending micropul by name, then lines. */
static void edition(const char *name, const char *lines) {
    char rel[128], text[1024];
    snprintf(rel, sizeof rel, "vars/%s", name);
    make_dir(rel);
    snprintf(rel, sizeof rel, "vars/%s/variant.yaml", name);
    snprintf(text, sizeof text, "name: %s\nextends: micropul\n%s", name, lines);
    write_text(rel, text);
}

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = malloc(1 << 16);
    size_t n = buf ? fread(buf, 1, (1 << 16) - 1, f) : 0;
    fclose(f);
    if (buf) buf[n] = '\0';
    return buf;
}

static bool make_tree(void) {
    micropul_tiles = slurp("../variants/micropul/tiles.yaml");
    if (!micropul_tiles || !scratch_make("roots")) return false;
    const char *dirs[] = {"vars", "vars/shared", "scripts", "outside", "outside/ed"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) make_dir(dirs[i]);
    write_text("vars/shared/tiles.yaml", micropul_tiles);
    char *secret = strstr(micropul_tiles, "name: micropul");
    CHECK(secret != NULL);
    if (!secret) return false;
    memcpy(secret, "name: outside!", 14); /* the same tiles under a name that must not show */
    write_text("outside/secret.yaml", micropul_tiles);
    write_text("outside/x.lua", "return {} -- outside-secret\n");
    write_text("scripts/ok.lua", "return {}\n");
    write_text("outside/ed/variant.yaml", "name: ed\nextends: micropul\n");
    char text[512];

    /* allowed: a neighbour's file on the search path, a link inside, the scripts beside */
    edition("neighbour", "tiles: ../shared/tiles.yaml\n");
    edition("link-inside", "tiles: tiles.yaml\n");
    make_link("../shared/tiles.yaml", "vars/link-inside/tiles.yaml");
    edition("script-beside", "scripts: [ok.lua]\n");

    /* refused */
    snprintf(text, sizeof text, "tiles: %s/outside/secret.yaml\n", scratch);
    edition("absolute", text);
    edition("dot-dot", "theme: ../../outside/secret.yaml\n");
    edition("dot-dot-inside-first", "tiles: ../shared/../../outside/secret.yaml\n");
    edition("link-out", "tiles: tiles.yaml\n");
    make_link("../../outside/secret.yaml", "vars/link-out/tiles.yaml");
    edition("folder-link", "tiles: sub/secret.yaml\n");
    make_link("../../outside", "vars/folder-link/sub");
    snprintf(text, sizeof text, "scripts: [ok.lua, %s/outside/x.lua]\n", scratch);
    edition("script-absolute", text);
    edition("script-dot-dot", "scripts: [../../outside/x.lua]\n");
    edition("script-link", "scripts: [x.lua]\n");
    make_link("../../outside/x.lua", "vars/script-link/x.lua");
    make_dir("vars/extends-out");
    write_text("vars/extends-out/variant.yaml", "name: extends-out\nextends: ../../outside/ed\n");
    make_dir("vars/extends-link");
    write_text("vars/extends-link/variant.yaml", "name: extends-link\nextends: ./ed\n");
    make_link("../../outside/ed", "vars/extends-link/ed");
    make_dir("vars/manifest-link");
    make_link("../../outside/ed/variant.yaml", "vars/manifest-link/variant.yaml");
    make_dir("vars/extends-manifest-link");
    make_dir("vars/extends-manifest-link/inner");
    write_text("vars/extends-manifest-link/variant.yaml",
               "name: extends-manifest-link\nextends: inner/\n");
    make_link("../../../outside/ed/variant.yaml", "vars/extends-manifest-link/inner/variant.yaml");
    edition("pipe", "tiles: tiles.yaml\n");
    char fifo[256];
    scratch_path(fifo, sizeof fifo, "vars/pipe/tiles.yaml");
    CHECK_INT(mkfifo(fifo, 0600), 0);
    return true;
}

static void remove_tree(void) {
    scratch_remove();
    free(micropul_tiles);
}

static PulVariant *open_in_vars(const char *name, PulError *err) {
    char dirs[128];
    snprintf(dirs, sizeof dirs, "%s/vars:../variants", scratch);
    memset(err, 0, sizeof *err);
    return pul_variant_open(name, dirs, err);
}

static void test_allowed(void) {
    const char *names[] = {"neighbour", "link-inside", "script-beside"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        PulError err;
        PulVariant *v = open_in_vars(names[i], &err);
        if (!v) fprintf(stderr, "  %s: %s: %s\n", names[i], err.code, err.message);
        CHECK(v != NULL);
        if (v) CHECK_INT(pul_variant_tileset(v)->ntiles, 48);
        pul_variant_free(v);
    }
    /* the scripts folder beside vars is a root only for scripts */
    PulError err;
    memset(&err, 0, sizeof err);
    char dirs[128];
    snprintf(dirs, sizeof dirs, "%s/vars:../variants", scratch);
    static const char text[] = "name: s\nextends: micropul\ntiles: ../../scripts/players_3_4.lua\n";
    PulVariant *v = pul_variant_load_string(text, sizeof text - 1, "s.yaml", "../variants/micropul",
                                            dirs, &err);
    CHECK(v == NULL);
    CHECK_STR(err.code, "bad-reference");
    pul_variant_free(v);
}

static const struct {
    const char *name;
    int line, col;
    const char *code;
    const char *words[3];
} refused[] = {
    {"absolute", 3, 8, "bad-reference", {"tiles: '", "is an absolute path", "copy the file"}},
    {"dot-dot", 3, 8, "bad-reference", {"theme: '../../outside/secret.yaml' leads out of the "
                                        "edition's folder", "variants folder of the search path",
                                        NULL}},
    {"dot-dot-inside-first", 3, 8, "bad-reference", {"leads out", NULL, NULL}},
    {"link-out", 3, 8, "bad-reference", {"tiles: 'tiles.yaml' is, through a symbolic link, ",
                                         "/outside/secret.yaml, outside the edition's folder",
                                         "replace the link with a copy"}},
    {"folder-link", 3, 8, "bad-reference", {"through a symbolic link", NULL, NULL}},
    {"script-absolute", 3, 19, "bad-reference", {"scripts: '", "is an absolute path",
                                                 "copy the script"}},
    {"script-dot-dot", 3, 11, "bad-reference", {"scripts: '../../outside/x.lua' leads out",
                                                NULL, NULL}},
    {"script-link", 3, 11, "bad-reference", {"scripts: 'x.lua' is, through a symbolic link",
                                             NULL, NULL}},
    {"extends-out", 2, 10, "bad-reference", {"extends: '../../outside/ed' leads out",
                                             "extend it by name", NULL}},
    {"extends-link", 2, 10, "bad-reference", {"extends: './ed' is, through a symbolic link",
                                              NULL, NULL}},
    {"manifest-link", 0, 0, "unreadable", {"pul does not read it: the manifest '",
                                           "is, through a symbolic link",
                                           "variant.yaml lies in the edition's folder"}},
    {"extends-manifest-link", 2, 10, "bad-reference", {"extends: the manifest '",
                                                       "/inner/variant.yaml' is, through a "
                                                       "symbolic link", NULL}},
    {"pipe", 3, 8, "missing-file", {"is a folder, a device or a pipe, not a file", NULL, NULL}},
};

static void test_refused(void) {
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        PulError err;
        PulVariant *v = open_in_vars(refused[i].name, &err);
        bool ok = v == NULL && strcmp(err.code, refused[i].code) == 0 &&
                  err.line == refused[i].line && err.column == refused[i].col &&
                  strstr(err.file, refused[i].name) != NULL;
        for (int w = 0; w < 3 && refused[i].words[w]; w++)
            ok = ok && strstr(err.message, refused[i].words[w]) != NULL;
        /* nothing of the outside files' content */
        ok = ok && !strstr(err.message, "outside!") && !strstr(err.message, "outside-secret");
        if (!ok)
            fprintf(stderr, "  %s: got %s:%d:%d: %s: %s\n", refused[i].name, err.file, err.line,
                    err.column, err.code, err.message);
        CHECK(ok);
        pul_variant_free(v);
    }
}

/* An edition named by path has its own folder, and the search path, as roots. */
static void test_by_path(void) {
    char dir[128], dirs[128];
    PulError err;
    scratch_path(dir, sizeof dir, "outside/ed");
    write_text("outside/ed/variant.yaml", "name: ed\nextends: micropul\ntiles: ../../vars/shared/tiles.yaml\n");
    memset(&err, 0, sizeof err);
    PulVariant *v = pul_variant_open(dir, "../variants", &err);
    CHECK(v == NULL);
    CHECK_STR(err.code, "bad-reference");
    CHECK_INT(err.line, 3);
    snprintf(dirs, sizeof dirs, "%s/vars:../variants", scratch);
    v = pul_variant_open(dir, dirs, &err);
    if (!v) fprintf(stderr, "  %s\n", err.message);
    CHECK(v != NULL);
    pul_variant_free(v);
    write_text("outside/ed/variant.yaml", "name: ed\nextends: micropul\n");
}

/* The file read is the file checked: one swapped in between is refused. */
static void test_swapped(void) {
    Roots r;
    PulError err;
    char own[1][PATH_MAX], base[256], in[256], out[256];
    CHECK_INT(roots_init(&r, NULL, &err), PUL_OK);
    scratch_path(base, sizeof base, "vars/neighbour");
    roots_own(base, own[0]);
    write_text("vars/neighbour/notes.yaml", "name: before\n");
    RootsFile f;
    CHECK_INT(roots_resolve(&r, own, 1, base, "notes.yaml", ROOTS_FILE, &f), ROOTS_OK);
    char *buf = NULL;
    size_t len = 0;
    CHECK_INT(roots_read(&f, "notes.yaml", &buf, &len, &err), PUL_OK);
    CHECK(buf && len == 13 && memcmp(buf, "name: before\n", 13) == 0);
    free(buf);
    /* replaced by a link to the outside */
    scratch_path(in, sizeof in, "vars/neighbour/notes.yaml");
    scratch_path(out, sizeof out, "outside/secret.yaml");
    CHECK_INT(unlink(in), 0);
    CHECK_INT(symlink(out, in), 0);
    buf = NULL;
    CHECK(roots_read(&f, "notes.yaml", &buf, &len, &err) != PUL_OK);
    CHECK(buf == NULL);
    CHECK_STR(err.code, "bad-reference");
    CHECK(strstr(err.message, "changed between being checked and being read") != NULL);
    CHECK_INT(unlink(in), 0);
    write_text("vars/neighbour/notes.yaml", "name: after\n");
    /* a folder on the way replaced by a link to the outside */
    make_dir("vars/neighbour/sub");
    write_text("vars/neighbour/sub/secret.yaml", "name: inside\n");
    CHECK_INT(roots_resolve(&r, own, 1, base, "sub/secret.yaml", ROOTS_FILE, &f), ROOTS_OK);
    char sub[256], aside[256], outside[256];
    scratch_path(sub, sizeof sub, "vars/neighbour/sub");
    scratch_path(aside, sizeof aside, "vars/neighbour/sub-aside");
    scratch_path(outside, sizeof outside, "outside");
    CHECK_INT(rename(sub, aside), 0);
    CHECK_INT(symlink(outside, sub), 0);
    CHECK(roots_read(&f, "sub/secret.yaml", &buf, &len, &err) != PUL_OK);
    CHECK(buf == NULL);
    CHECK_STR(err.code, "bad-reference");
    /* and the verdicts that come before any open */
    CHECK_INT(roots_resolve(&r, own, 1, base, "/etc/passwd", ROOTS_FILE, &f), ROOTS_ABSOLUTE);
    CHECK_INT(roots_resolve(&r, own, 1, base, "../../outside/secret.yaml", ROOTS_FILE, &f),
              ROOTS_LEAVES);
    CHECK_INT(roots_resolve(&r, own, 1, base, "../neighbour/notes.yaml", ROOTS_FILE, &f),
              ROOTS_OK);
    CHECK_INT(roots_resolve(&r, own, 1, base, "no-such.yaml", ROOTS_FILE, &f), ROOTS_MISSING);
    CHECK_INT(roots_resolve(&r, own, 1, base, ".", ROOTS_FILE, &f), ROOTS_NOT_FILE);
    CHECK_INT(roots_resolve(&r, own, 1, base, ".", ROOTS_EXTENDS, &f), ROOTS_OK);
    roots_free(&r);
}

int main(void) {
    if (!make_tree()) {
        fprintf(stderr, "cannot make a scratch folder (run from tests/)\n");
        return 1;
    }
    RUN(test_allowed);
    RUN(test_refused);
    RUN(test_by_path);
    RUN(test_swapped);
    remove_tree();
    return CHECK_DONE();
}
