/*
** test_regress_start_null_err.c: a bad core is refused with err NULL too.
**
** Regression test: pul_game_start used to read err->status after a failed
** core check, a NULL dereference when the caller passed no PulError.
*/
#include "game_util.h"

static void test_bad_core_with_null_err(void) {
    PulVariant *v = micropul_with(NULL);
    if (!v) return;
    PulGame *g = pul_game_new(v);
    uint8_t core[47];
    memset(core, 0, sizeof core); /* tile 0 listed 47 times */
    CHECK_INT(pul_game_start(g, 2, 1, core, 47, NULL), PUL_ERR_SCHEMA);
    pul_game_free(g);
    pul_variant_free(v);
}

int main(void) {
    RUN(test_bad_core_with_null_err);
    return CHECK_DONE();
}
