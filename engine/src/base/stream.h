/*
** stream.h: a whole stream read into memory, never more than a limit, for
** the loaders of YAML files and game records (stream.c).
*/
#ifndef PUL_STREAM_H
#define PUL_STREAM_H

#include <stdio.h>

#include "common.h"

/* f read to its end, but never more than max + 1 bytes: the one byte past
** max tells a text of exactly max bytes from a longer one, and an endless
** stream costs no more. *out (malloc'd) and *len get it; PUL_ERR_MEMORY, or
** PUL_ERR_IO with errno saying why, leave *out NULL. */
PulStatus stream_read(FILE *f, size_t max, char **out, size_t *len);

#endif
