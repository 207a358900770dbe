/*
** roots.h: the folders an edition's files may come from, and the files a
** manifest names checked against them before anything is opened or read.
**
** A shared edition is hostile until checked: its tiles:, theme:, scripts:
** and extends: may lead anywhere a path can. The roots are
**   - the edition's own folder (its real path), and the folders of the
**     editions it extends (a manifest lies in its own folder);
**   - each variants folder of the search path (./variants, the caller's
**     folders, the installed data folder's, $PUL_PATH), so that editions
**     side by side there may share files;
**   - for scripts also the scripts folder beside each of those.
** A name is refused when it is absolute, when its ".." lead out of every
** root as written, or when its real path (symbolic links followed) lies
** outside them. The file checked is the file read: roots_read opens the
** real path without following a link and compares device and inode with
** what the check saw, so that a link swapped in between is caught.
*/
#ifndef PUL_ROOTS_H
#define PUL_ROOTS_H

#include <limits.h>
#include <sys/types.h>

#include "ydoc.h"

typedef struct {
    int n, cap;
    char **dir;    /* real paths */
    bool *scripts; /* a scripts folder, a root for scripts only */
} Roots;

/* What a name in a manifest is: a file for tiles: and theme:, a script, a
** variant folder or file for extends:, the manifest itself in its folder. */
typedef enum { ROOTS_FILE, ROOTS_SCRIPT, ROOTS_EXTENDS, ROOTS_MANIFEST } RootsKind;

typedef enum {
    ROOTS_OK,
    ROOTS_ABSOLUTE,   /* written from '/' */
    ROOTS_LEAVES,     /* as written, its ".." lead out of every root */
    ROOTS_LINKED_OUT, /* a symbolic link on the way leads out of every root */
    ROOTS_MISSING,    /* nothing there */
    ROOTS_NOT_FILE,   /* a folder, a device, a pipe... where a file belongs */
    ROOTS_TOO_LONG,
    ROOTS_UNREADABLE  /* the way there cannot be followed (errno in why) */
} RootsVerdict;

/* A name resolved: where it really is, and which file that was. */
typedef struct {
    char real[PATH_MAX];
    dev_t dev;
    ino_t ino;
    int why; /* errno, for ROOTS_UNREADABLE */
} RootsFile;

/* The search path's roots (see variant_find.c for the search path). */
PulStatus roots_init(Roots *r, const char *search_dirs, PulError *err);
void roots_free(Roots *r);

/* The real path of folder dir into own (PATH_MAX bytes); "" when it has none. */
void roots_own(const char *dir, char *own);

/* rel, a name taken from folder base (as the caller wrote it), for the last
** of nown (>= 1) manifests extending each other, the child first, whose
** folders' real paths are own[] ("" for one that has none): each of them is a
** root too, as the chain's folders hold the editions the user chose and
** those they reach. A manifest itself must lie in its own folder, own[nown-1]. */
RootsVerdict roots_resolve(const Roots *r, const char (*own)[PATH_MAX], int nown,
                           const char *base, const char *rel, RootsKind kind, RootsFile *out);

/* Fail at n, which names path (what: "tiles:", "scripts:"...) of kind, for
** verdict v (not ROOTS_OK); own is the manifest folder's real path and shown
** the path as the caller looked for it, for the message. */
PulStatus roots_fail(YDoc *doc, const YNode *n, const char *what, const char *path,
                     RootsKind kind, RootsVerdict v, const RootsFile *f, const char *own,
                     const char *shown);
/* The same for the first manifest, which nothing points at: code
** unreadable, as pul will not read it. */
PulStatus roots_fail_file(PulError *err, const char *file, RootsVerdict v, const RootsFile *f,
                          const char *own);

/* Read the file f, as checked, naming it shown in errors; *buf is malloc'd. */
PulStatus roots_read(const RootsFile *f, const char *shown, char **buf, size_t *len,
                     PulError *err);

#endif
