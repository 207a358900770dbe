/*
** probe_up.c: an include that goes up a layer (base/ naming the Micropul family's
** header). Compiled with base's include folders it must fail: ctest layers.refuse_up.
*/
#include "common.h"
#include "micropul.h"
int probe_up(void);
int probe_up(void) { return 0; }
