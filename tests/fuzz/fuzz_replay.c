/*
** fuzz_replay.c: a main for a fuzz target without libFuzzer, so that ctest
** (any compiler, Release and sanitizer builds) runs its seeds and findings.
**
** usage: fuzz_X_replay FILE|DIR...  Each file, and each file of each folder
** (sorted, so runs are alike), is passed to LLVMFuzzerTestOneInput once, in
** a buffer of exactly its size; a broken contract aborts as under libFuzzer.
*/
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "fuzz replay: cannot open %s\n", path);
        return 1;
    }
    size_t cap = 1 << 12, len = 0;
    uint8_t *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + len, 1, cap - len, f)) > 0;) {
        len += got;
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap *= 2);
            if (!nb) free(buf);
            buf = nb;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "fuzz replay: out of memory reading %s\n", path);
        return 1;
    }
    /* Exactly len bytes, as libFuzzer gives them: reading past is caught. */
    uint8_t *exact = malloc(len ? len : 1);
    if (!exact) {
        free(buf);
        return 1;
    }
    memcpy(exact, buf, len);
    free(buf);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    return 0;
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_dir(const char *dir, int *count) {
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "fuzz replay: cannot open %s\n", dir);
        return 1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        if (n == cap) {
            char **nn = realloc(names, (cap = cap ? cap * 2 : 64) * sizeof *names);
            if (!nn) break;
            names = nn;
        }
        names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
        if (!names[n]) break;
        sprintf(names[n], "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, by_name);
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        rc |= run_file(names[i]);
        (*count)++;
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
        return 2;
    }
    LLVMFuzzerInitialize(&argc, &argv);
    int rc = 0, count = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            rc |= run_dir(argv[i], &count);
        } else {
            rc |= run_file(argv[i]);
            count++;
        }
    }
    printf("%d inputs replayed%s\n", count, rc ? ", some could not be read" : "");
    return rc;
}
