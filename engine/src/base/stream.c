/*
** stream.c: a whole stream read into memory within a limit (stream.h), so
** that neither a huge file nor an endless pipe can take the memory.
*/
#include <errno.h>
#include <stdlib.h>

#include "stream.h"
#include "mem.h"

PulStatus stream_read(FILE *f, size_t max, char **out, size_t *len) {
    *out = NULL;
    *len = 0;
    size_t cap = 1 << 14, n = 0;
    char *buf = mem_alloc(cap);
    while (buf) {
        size_t want = (cap < max + 1 ? cap : max + 1) - n;
        size_t got = fread(buf + n, 1, want, f);
        n += got;
        if (got < want || n > max) break;
        if (n == cap) {
            char *grown = mem_realloc(buf, cap * 2);
            if (!grown) {
                mem_free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
            cap *= 2;
        }
    }
    if (!buf) return PUL_ERR_MEMORY;
    if (ferror(f)) {
        int why = errno;
        mem_free(buf);
        errno = why;
        return PUL_ERR_IO;
    }
    *out = buf;
    *len = n;
    return PUL_OK;
}
