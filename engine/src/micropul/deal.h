/*
** deal.h: Micropul's deal in a record (deal.c): the Core tag, the order the
** tiles leave the core, read to the letter and written back.
*/
#ifndef PUL_DEAL_H
#define PUL_DEAL_H

#include "micropul.h"
#include "tags.h"

PulStatus deal_read(const PulVariant *v, const TagReader *tags, uint8_t *deal, int *ndeal,
                    bool *given, PulError *err);
int deal_tags(const PulGame *g, TagOut *out, int max);

#endif
