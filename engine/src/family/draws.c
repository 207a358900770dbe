/*
** draws.c: the kinds a Genial refill or swap names, packed one byte each into
** the x and y of a PulAction, so that PulAction keeps its 12 bytes and every
** family's positional initialisers (i13-plan.md 0.2).
*/
#include <string.h>

#include "common.h"

/* x holds kinds 0-3 and y kinds 4-7, kind i in bits 8*(i%4) of its word:
** shifts on the value, so the packing is the same on any byte order. */
static uint8_t draws_byte(const PulAction *a, int i) {
    uint32_t word = (uint32_t)(i < 4 ? a->x : a->y);
    return (uint8_t)(word >> (8 * (i % 4)));
}

/* The int32_t with w's bits: memcpy, since converting a uint32_t above
** INT32_MAX to int32_t is implementation-defined. */
static int32_t draws_word(uint32_t w) {
    int32_t out;
    memcpy(&out, &w, sizeof out);
    return out;
}

int pul_action_draws(const PulAction *a, uint8_t *kinds, int max) {
    if (!a || (a->kind != PUL_REFILL && a->kind != PUL_SWAP) || a->tile == PUL_NO_TILE) return 0;
    int n = a->tile, kept = n < PUL_DRAWS_MAX ? n : PUL_DRAWS_MAX;
    for (int i = 0; kinds && i < kept && i < max; i++) kinds[i] = draws_byte(a, i);
    return n;
}

void pul_action_set_draws(PulAction *a, const uint8_t *kinds, int n) {
    if (!a) return;
    if (n < 0 || !kinds) n = 0;
    /* 255 is PUL_NO_TILE, a random draw: a count that large is kept as 254,
    ** still more than any rack, so the family refuses it all the same. */
    if (n > PUL_NO_SUCH_TILE) n = PUL_NO_SUCH_TILE;
    uint32_t w[2] = {0, 0};   /* unused bytes 0: equal draws give equal actions (memcmp) */
    for (int i = 0; i < n && i < PUL_DRAWS_MAX; i++)
        w[i / 4] |= (uint32_t)kinds[i] << (8 * (i % 4));
    a->tile = (uint8_t)n;
    a->x = draws_word(w[0]);
    a->y = draws_word(w[1]);
}
