/*
** probe_down.c: an include that goes down (micropul/ using base/), compiled with
** micropul's include folders: must pass, so that layers.refuse_up fails for the right reason.
*/
#include "common.h"
#include "micropul.h"
int probe_down(void);
int probe_down(void) { return 0; }
