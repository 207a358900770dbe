/*
** engine.h: pul engine's protocol (PROTOCOL.md) with no transport: one
** command line in, one JSON reply out. cmd_engine.c reads stdin; the wasm
** build calls engine_command from a Web Worker.
*/
#ifndef PUL_ENGINE_H
#define PUL_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

#define ENGINE_PROTOCOL 1
/* The longest command line, in bytes without its line break: room for
** newgame with every move of a game as long as PUL_ACTION_LIMIT allows, and
** for load with a record of a few hundred KB. */
#define ENGINE_LINE_MAX (1 << 20)

typedef struct Engine Engine;

/* An engine with no game; search_dirs as for pul_variant_open (may be NULL).
** NULL when memory runs out. */
Engine *engine_new(const char *search_dirs);
void engine_free(Engine *e);

/* Runs one command: line[0..len) without its line break (a trailing '\r' is
** dropped; any byte may come, NUL included). Returns the reply, one JSON
** object on one line without a line break, NUL-terminated, owned by e and
** valid until the next call. Never NULL: out of memory gives a fixed reply. */
const char *engine_command(Engine *e, const char *line, size_t len);

/* The reply to a line longer than ENGINE_LINE_MAX, which a transport did not
** keep: it gives its length (at least what it read). */
const char *engine_overlong(Engine *e, size_t len);

/* Whether the last command was quit: the transport then stops. */
bool engine_quit(const Engine *e);

#endif
