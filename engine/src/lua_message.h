/*
** lua_message.h: a script's error text made safe to show (lua_message.c).
*/
#ifndef PUL_LUA_MESSAGE_H
#define PUL_LUA_MESSAGE_H

#include <stddef.h>

/* Copy text into out (size bytes, at least 8) as one line of valid UTF-8
** that no terminal takes for a command: control characters and bytes
** that are not UTF-8 become \xNN, C1 and bidi controls and the line
** separators \u{NNNN}; a text that does not fit is cut at a character and
** ends with "...". Returns out. */
char *message_clean(const char *text, char *out, size_t size);

#endif
