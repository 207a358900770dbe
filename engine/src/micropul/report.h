/*
** report.h: Micropul's part of the referee's lines and of its refusals
** (report.c); the referee writes the fields every family has.
*/
#ifndef PUL_REPORT_H
#define PUL_REPORT_H

#include "micropul.h"

int report_move_fields(const PulGame *g, const PulEvents *ev, PulReason why, char *buf,
                       size_t size);
int report_final_fields(const PulGame *g, char *buf, size_t size);
int report_reason_text(const PulGame *g, PulReason r, char *buf, size_t size);

#endif
