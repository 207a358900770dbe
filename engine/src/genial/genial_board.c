/*
** genial_board.c: the hex geometry of a Genial board (i13-plan.md 1.1, 3.2):
** cell ids, the (q, r) lookup, and per play area the neighbour, printed-cell
** and pair tables that placements, scoring and legal generation read.
*/
#include <string.h>

#include "genial.h"

/* Pointy-top axial steps, clockwise from east: e se sw w nw ne. The first
** three lead to a higher cell id (ids go row by row), so a pair is listed
** once, from its lower cell, with a direction 0-2: what records write. */
const int8_t genial_dir[6][2] = {{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}};

static int64_t board_abs(int64_t v) { return v < 0 ? -v : v; }

int64_t genial_distance(int64_t q, int64_t r) {
    int64_t d = board_abs(q), s = board_abs(r), t = board_abs(q + r);
    if (s > d) d = s;
    return t > d ? t : d;
}

int genial_cell_at(const GenialVariant *gv, int32_t q, int32_t r) {
    /* int64_t: (q - qmin) of an int32 q may not fit an int32 */
    int64_t x = (int64_t)q - gv->qmin, y = (int64_t)r - gv->rmin;
    if (x < 0 || y < 0 || x >= gv->w || y >= gv->hgt) return GENIAL_NONE;
    return gv->cell_at[x + y * GENIAL_BOX];
}

PulStatus genial_board_cells(GenialVariant *gv, PulError *err) {
    const PulBoard *b = &gv->board;
    if (b->grid != PUL_GRID_HEX || b->radius < 1 || b->radius > GENIAL_MAX_RADIUS)
        return err_setc(err, "too-large", NULL, 0, 0,
                        "board %s: a hex board of radius 1 to %d is what the engine holds, "
                        "not radius %d",
                        b->name, GENIAL_MAX_RADIUS, b->radius);
    int rad = b->radius, n = 0;
    gv->qmin = (int8_t)-rad;
    gv->rmin = (int8_t)-rad;
    gv->w = gv->hgt = (uint8_t)(2 * rad + 1);
    memset(gv->cell_at, GENIAL_NONE, sizeof gv->cell_at);
    memset(gv->place_at, 0, sizeof gv->place_at);
    for (int r = -rad; r <= rad; r++) {
        for (int q = -rad; q <= rad; q++) {
            if (genial_distance(q, r) > rad) continue;
            gv->cell_at[(q + rad) + (r + rad) * GENIAL_BOX] = (uint8_t)n;
            gv->cell_q[n] = (int8_t)q;
            gv->cell_r[n] = (int8_t)r;
            gv->place_at[n] = (PulAction){PUL_PLACE, 0, 0, 0, q, r};
            n++;
        }
    }
    gv->ncells = (uint8_t)n;
    memset(gv->printed_sym, GENIAL_NONE, sizeof gv->printed_sym);
    memset(gv->printed_index, GENIAL_NONE, sizeof gv->printed_index);
    if (b->nprinted < 0 || b->nprinted > GENIAL_MAX_PRINTED)
        return err_setc(err, "too-large", NULL, 0, 0,
                        "board %s: %d printed cells, the most a board has is %d", b->name,
                        b->nprinted, GENIAL_MAX_PRINTED);
    for (int i = 0; i < b->nprinted; i++) {
        const PulPrinted *p = &b->printed[i];
        int c = genial_cell_at(gv, p->q, p->r);
        if (c == GENIAL_NONE)
            return err_setc(err, "out-of-range", NULL, p->line, p->column,
                            "board %s: the printed cell (%d, %d) is off the board of radius %d",
                            b->name, p->q, p->r, rad);
        if (gv->printed_index[c] != GENIAL_NONE)
            return err_setc(err, "bad-value", NULL, p->line, p->column,
                            "board %s: (%d, %d) is printed twice", b->name, p->q, p->r);
        gv->printed_index[c] = (uint8_t)i;
        gv->printed_sym[c] = p->symbol;
    }
    return PUL_OK;
}

PulStatus genial_area_build(const GenialVariant *gv, int radius, GenialArea *a, PulError *err) {
    if (radius < 1 || radius > gv->board.radius)
        return err_setc(err, "out-of-range", NULL, 0, 0,
                        "board %s: a play area of radius %d is not inside the board (radius %d)",
                        gv->board.name, radius, gv->board.radius);
    memset(a, 0, sizeof *a);
    memset(a->nb, GENIAL_NONE, sizeof a->nb);
    memset(a->cell_pair, 0xFF, sizeof a->cell_pair);
    for (int c = 0; c < gv->ncells; c++) {
        if (genial_distance(gv->cell_q[c], gv->cell_r[c]) > radius) continue;
        a->ncells++;
        if (gv->printed_index[c] != GENIAL_NONE) a->nprinted_in++;
        for (int d = 0; d < 6; d++) {
            int q = gv->cell_q[c] + genial_dir[d][0], r = gv->cell_r[c] + genial_dir[d][1];
            if (genial_distance(q, r) > radius) continue;
            int o = genial_cell_at(gv, q, r);
            a->nb[c][d] = (uint8_t)o;
            if (gv->printed_index[o] != GENIAL_NONE)
                a->touch[c] |= (uint16_t)(1u << gv->printed_index[o]);
        }
    }
    for (int c = 0; c < gv->ncells; c++) {
        if (gv->printed_index[c] != GENIAL_NONE) continue;
        for (int d = 0; d < 3; d++) {
            int o = a->nb[c][d];
            if (o == GENIAL_NONE || gv->printed_index[o] != GENIAL_NONE) continue;
            if (a->npairs == GENIAL_AREA_PAIRS_MAX)
                return err_setc(err, "too-large", NULL, 0, 0,
                                "board %s: the play area of radius %d has more than %d pairs of "
                                "neighbouring cells, the most the engine lists",
                                gv->board.name, radius, GENIAL_AREA_PAIRS_MAX);
            int id = a->npairs++;
            a->pair_a[id] = (uint8_t)c;
            a->pair_b[id] = (uint8_t)o;
            a->pair_dir[id] = (uint8_t)d;
            a->cell_pair[c][d] = (uint16_t)id;
            a->cell_pair[o][genial_opposite(d)] = (uint16_t)id;
            a->all[id / 64] |= 1ull << (id % 64);
            a->all_count[id / 64]++;
            /* the printed cells either cell of the pair touches */
            for (unsigned t = a->touch[c] | a->touch[o]; t; t &= t - 1) {
                int i = lowest_set(t);
                a->touch_pairs[i][id / 64] |= 1ull << (id % 64);
            }
        }
    }
    /* Each cell's pairs as masks of two words: the lowest word of its ids
    ** (one word lower at the set's end, so that both exist). */
    for (int c = 0; c < gv->ncells; c++) {
        int lo = GENIAL_MAX_PAIRS, hi = -1;
        for (int d = 0; d < 6; d++) {
            int id = a->cell_pair[c][d];
            if (id == GENIAL_NO_PAIR) continue;
            lo = id < lo ? id : lo;
            hi = id > hi ? id : hi;
        }
        if (hi < 0) continue;
        int w = lo / 64 < GENIAL_PAIR_WORDS - 1 ? lo / 64 : GENIAL_PAIR_WORDS - 2;
        if (hi / 64 > w + 1)
            return err_setc(err, "too-large", NULL, 0, 0,
                            "board %s: the pairs of one cell of the play area of radius %d lie "
                            "further apart than the engine's pair tables hold",
                            gv->board.name, radius);
        a->cell_word[c] = (uint8_t)w;
        for (int d = 0; d < 6; d++) {
            int id = a->cell_pair[c][d];
            if (id != GENIAL_NO_PAIR) a->cell_mask[c][id / 64 - w] |= UINT64_C(1) << (id % 64);
        }
    }
    return PUL_OK;
}
