/*
** move_text.h: Micropul's move text (move_text.c), PMN.md's spelling of a
** placement, claim, take and pass, read and written.
*/
#ifndef PUL_MOVE_TEXT_H
#define PUL_MOVE_TEXT_H

#include "common.h"

bool move_text_parse(const PulVariant *v, const char *text, PulAction *out);
int move_text_format(const PulVariant *v, const PulAction *a, char *buf, size_t size);

#endif
