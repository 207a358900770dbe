/*
** sim_outdir.c: the --out folder of `pul sim` and `pul sim merge`: refused when it or an
** output in it is a symbolic link, locked for the whole run, and written as temporary files
** renamed into place only when everything is written, so a failed run leaves nothing behind.
*/
#define _POSIX_C_SOURCE 200809L /* openat, renameat, unlinkat, fstatat, fdopen */

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "sim.h"

/* A lock file rather than a lock on the folder itself: POSIX record locks
** need a file open for writing. The kernel drops the lock when its process
** ends, however it ends, so a crashed run leaves no stale lock: the file it
** leaves is locked afresh by the next run. */
static const char lock_name[] = ".pul-sim.lock";

/* mkdir -p: the folder and those above it. made_len gets the length of the
** highest folder this call made (0: none), so that a failed run can remove
** what it made. */
static bool make_dirs(const char *dir, size_t *made_len) {
    char path[PUL_PATH_MAX];
    snprintf(path, sizeof path, "%s", dir);
    *made_len = 0;
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p != '\0') continue;
        char c = *p;
        *p = '\0';
        if (mkdir(path, 0777) == 0) {
            if (!*made_len) *made_len = strlen(path);
        } else if (errno != EEXIST) {
            return false;
        }
        *p = c;
        if (c == '\0') break;
    }
    return true;
}

/* The folders make_dirs made, deepest first, as long as they are empty. */
static void remove_made_dirs(const SimOutDir *d) {
    if (!d->made_len) return;
    char path[PUL_PATH_MAX];
    snprintf(path, sizeof path, "%s", d->dir);
    while (strlen(path) >= d->made_len) {
        if (rmdir(path) != 0) return;
        char *slash = strrchr(path, '/');
        if (!slash || slash == path) return;
        *slash = '\0';
    }
}

static void temp_name(const SimOutDir *d, int k, char *buf, size_t size) {
    snprintf(buf, size, ".pul-sim-%ld.%s", (long)d->pid, d->names[k]);
}

/* The lock, or a message naming the run that holds it. */
static bool take_lock(SimOutDir *d) {
    for (int attempt = 0; attempt < 3; attempt++) {
        int fd = openat(d->dirfd, lock_name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0) {
            cli_error(d->cmd, "cannot make the lock file %s/%s: %s%s", d->dir, lock_name,
                      strerror(errno),
                      errno == ELOOP ? " (it is a symbolic link: remove it)" : "");
            return false;
        }
        struct flock fl = {0};
        fl.l_type = F_WRLCK;
        fl.l_whence = SEEK_SET;
        if (fcntl(fd, F_SETLK, &fl) != 0) {
            int e = errno;
            struct flock who = {0};
            who.l_type = F_WRLCK;
            who.l_whence = SEEK_SET;
            bool known = fcntl(fd, F_GETLK, &who) == 0 && who.l_type != F_UNLCK;
            close(fd);
            if (e != EAGAIN && e != EACCES) {
                cli_error(d->cmd, "cannot lock %s/%s: %s", d->dir, lock_name, strerror(e));
                return false;
            }
            char pid[48] = "";
            if (known) snprintf(pid, sizeof pid, " (process %ld)", (long)who.l_pid);
            cli_error(d->cmd,
                      "another pul sim%s is writing into %s: wait until it ends, or give "
                      "another --out",
                      pid, d->dir);
            return false;
        }
        /* A run that ended between our open and our lock removed the file we
        ** hold: lock the one now under the name instead. */
        struct stat held, named;
        if (fstat(fd, &held) == 0 && fstatat(d->dirfd, lock_name, &named, AT_SYMLINK_NOFOLLOW) == 0 &&
            held.st_dev == named.st_dev && held.st_ino == named.st_ino) {
            char text[32];
            int n = snprintf(text, sizeof text, "%ld\n", (long)d->pid);
            /* The pid is for people looking into the folder; the lock is what counts. */
            bool noted = ftruncate(fd, 0) == 0 && pwrite(fd, text, (size_t)n, 0) == n;
            (void)noted;
            d->lockfd = fd;
            return true;
        }
        close(fd);
    }
    cli_error(d->cmd, "cannot lock %s/%s: other runs keep replacing it", d->dir, lock_name);
    return false;
}

/* Each output name: not a symbolic link, not something other than a file,
** and, without force, not there at all. */
static bool check_outputs(SimOutDir *d, bool force) {
    for (int k = 0; k < d->n; k++) {
        struct stat st;
        if (fstatat(d->dirfd, d->names[k], &st, AT_SYMLINK_NOFOLLOW) != 0) {
            if (errno == ENOENT) continue;
            cli_error(d->cmd, "cannot look at %s/%s: %s", d->dir, d->names[k], strerror(errno));
            return false;
        }
        if (S_ISLNK(st.st_mode)) {
            cli_error(d->cmd,
                      "%s/%s is a symbolic link: pul sim does not write through links, with or "
                      "without --force; remove it or give another --out",
                      d->dir, d->names[k]);
            return false;
        }
        if (!S_ISREG(st.st_mode)) {
            cli_error(d->cmd, "%s/%s is not a file: remove it or give another --out", d->dir,
                      d->names[k]);
            return false;
        }
        if (!force) {
            cli_error(d->cmd, "%s/%s already exists: give --force to overwrite it, or another "
                              "--out",
                      d->dir, d->names[k]);
            return false;
        }
        d->had_outputs = true;
    }
    return true;
}

bool sim_outdir_open(SimOutDir *d, const char *cmd, const char *dir, const char *const *names,
                     int n, bool force) {
    memset(d, 0, sizeof *d);
    d->cmd = cmd;
    d->dirfd = d->lockfd = -1;
    d->pid = (long)getpid();
    d->names = names;
    d->n = n < SIM_OUT_MAX_FILES ? n : SIM_OUT_MAX_FILES;
    size_t len = strlen(dir);
    if (len == 0 || len >= PUL_PATH_MAX - 64) {
        cli_error(cmd, "the --out path must be 1 to %d bytes long", PUL_PATH_MAX - 65);
        return false;
    }
    /* "link/" would name the folder the link points to: the link is what is checked. */
    while (len > 1 && dir[len - 1] == '/') len--;
    snprintf(d->dir, sizeof d->dir, "%.*s", (int)len, dir);
    struct stat st;
    if (lstat(d->dir, &st) == 0 && S_ISLNK(st.st_mode)) {
        cli_error(cmd,
                  "--out %s is a symbolic link%s: pul sim writes only into a real folder; "
                  "give the folder itself, or another --out",
                  d->dir, stat(d->dir, &st) != 0 ? " to nothing" : "");
        return false;
    }
    if (!make_dirs(d->dir, &d->made_len)) {
        cli_error(cmd, "cannot make the folder %s: %s", d->dir, strerror(errno));
        return false;
    }
    /* From here on every name is taken from this descriptor, so the folder
    ** cannot be swapped for a link after the check. */
    d->dirfd = open(d->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (d->dirfd < 0) {
        int e = errno;
        cli_error(cmd, "cannot open the folder %s: %s", d->dir,
                  e == ELOOP ? "it is a symbolic link, and pul sim writes only into a real folder"
                             : strerror(e));
        sim_outdir_close(d);
        return false;
    }
    if (!take_lock(d) || !check_outputs(d, force)) {
        sim_outdir_close(d);
        return false;
    }
    return true;
}

FILE *sim_outdir_create(SimOutDir *d, int k) {
    char tmp[96];
    temp_name(d, k, tmp, sizeof tmp);
    int fd = openat(d->dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (!f) {
        cli_error(d->cmd, "cannot write %s/%s: %s", d->dir, tmp, strerror(errno));
        if (fd >= 0) close(fd);
        return NULL;
    }
    d->made[k] = true;
    return f;
}

bool sim_outdir_commit(SimOutDir *d) {
    for (int k = 0; k < d->n; k++) {
        if (!d->made[k]) continue;
        char tmp[96];
        temp_name(d, k, tmp, sizeof tmp);
        /* rename replaces a name, never writes through it. */
        if (renameat(d->dirfd, tmp, d->dirfd, d->names[k]) != 0) {
            cli_error(d->cmd, "cannot put %s/%s in place: %s%s", d->dir, d->names[k],
                      strerror(errno),
                      d->committed ? "; the outputs renamed before it are the new ones" : "");
            return false;
        }
        d->made[k] = false;
        d->committed++;
    }
    return true;
}

void sim_outdir_close(SimOutDir *d) {
    if (d->dirfd >= 0) {
        for (int k = 0; k < d->n; k++) {
            if (!d->made[k]) continue;
            char tmp[96];
            temp_name(d, k, tmp, sizeof tmp);
            unlinkat(d->dirfd, tmp, 0);
            d->made[k] = false;
        }
        /* Removed while still held, so no other run can take a lock on a
        ** file that is about to go (take_lock checks it holds the named one). */
        if (d->lockfd >= 0) unlinkat(d->dirfd, lock_name, 0);
    }
    if (d->lockfd >= 0) close(d->lockfd);
    if (d->dirfd >= 0) close(d->dirfd);
    d->lockfd = d->dirfd = -1;
    if (!d->committed) remove_made_dirs(d);
    d->made_len = 0;
}
