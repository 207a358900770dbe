/*
** test_genial_board.c: the hex geometry of the Genial family (i13-plan.md
** 1.1): the counts of cells, pairs and printed neighbours of each play area
** of the standard board, neighbours and their opposites, cell_at's bounds,
** pair ids unique and complete, and the boards the tables refuse.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "genial.h"

/* The standard board: radius 7, six printed symbols at distance 5. */
static void standard_board(PulBoard *b) {
    memset(b, 0, sizeof *b);
    strcpy(b->name, "genial");
    b->grid = PUL_GRID_HEX;
    b->radius = 7;
    static const int at[6][2] = {{5, -5}, {5, 0}, {0, 5}, {-5, 5}, {-5, 0}, {0, -5}};
    for (int i = 0; i < 6; i++)
        b->printed[i] = (PulPrinted){(int8_t)at[i][0], (int8_t)at[i][1], (uint8_t)i, 0, 0};
    b->nprinted = 6;
}

static GenialVariant *new_variant(void) {
    GenialVariant *gv = calloc(1, sizeof *gv);
    CHECK(gv != NULL);
    if (gv) standard_board(&gv->board);
    return gv;
}

static void test_directions(void) {
    for (int d = 0; d < 6; d++) {
        int o = genial_opposite(d);
        CHECK_INT(genial_dir[o][0], -genial_dir[d][0]);
        CHECK_INT(genial_dir[o][1], -genial_dir[d][1]);
        CHECK_INT(genial_distance(genial_dir[d][0], genial_dir[d][1]), 1);
        /* clockwise: each step is the previous turned by 60 degrees */
        int n = (d + 1) % 6;
        CHECK_INT(genial_distance(genial_dir[n][0] - genial_dir[d][0],
                                  genial_dir[n][1] - genial_dir[d][1]), 1);
    }
    CHECK_INT(genial_dir[0][0], 1);  /* e */
    CHECK_INT(genial_dir[1][1], 1);  /* se */
    CHECK_INT(genial_distance(3, -5), 5);
    CHECK_INT(genial_distance(-2, -3), 5);
    /* the int32 extremes, exact: no overflow in |q + r| */
    CHECK_INT(genial_distance(INT32_MIN, INT32_MAX), -(int64_t)INT32_MIN);
    CHECK_INT(genial_distance(INT32_MAX, INT32_MAX), 2 * (int64_t)INT32_MAX);
    CHECK_INT(genial_distance(INT32_MIN, INT32_MIN), -2 * (int64_t)INT32_MIN);
}

/* i13-plan.md 1.1's table, counted by a script from the rules text. */
static void test_area_counts(void) {
    GenialVariant *gv = new_variant();
    GenialArea *a = calloc(1, sizeof *a);
    if (!gv || !a) goto done;
    PulError err;
    CHECK_INT(genial_board_cells(gv, &err), PUL_OK);
    CHECK_INT(gv->ncells, 169);
    static const struct {
        int radius, cells, adjacent, empty, touching_each, touching_all;
    } want[] = {{5, 91, 240, 222, 9, 54}, {6, 127, 342, 306, 17, 102}, {7, 169, 462, 426, 24, 144}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        CHECK_INT(genial_area_build(gv, want[k].radius, a, &err), PUL_OK);
        CHECK_INT(a->ncells, want[k].cells);
        CHECK_INT(a->nprinted_in, 6);
        int adjacent = 0, ones = 0, all = 0;
        for (int c = 0; c < gv->ncells; c++)
            for (int d = 0; d < 3; d++) adjacent += a->nb[c][d] != GENIAL_NONE;
        CHECK_INT(adjacent, want[k].adjacent);
        CHECK_INT(a->npairs, want[k].empty);
        for (int w = 0; w < GENIAL_PAIR_WORDS; w++) ones += popcount64(a->all[w]);
        CHECK_INT(ones, want[k].empty);
        for (int i = 0; i < 6; i++) {
            int each = 0;
            for (int w = 0; w < GENIAL_PAIR_WORDS; w++) each += popcount64(a->touch_pairs[i][w]);
            CHECK_INT(each, want[k].touching_each);
            all += each;
        }
        CHECK_INT(all, want[k].touching_all);
        for (int i = 6; i < GENIAL_MAX_PRINTED; i++)
            for (int w = 0; w < GENIAL_PAIR_WORDS; w++) CHECK(a->touch_pairs[i][w] == 0);
    }
done:
    free(a);
    free(gv);
}

/* Neighbours lie in the area and lead back by the opposite direction; pair
** ids are each pair of two non-printed neighbours once, from the lower id. */
static void test_neighbours_and_pairs(void) {
    GenialVariant *gv = new_variant();
    GenialArea *a = calloc(1, sizeof *a);
    if (!gv || !a) goto done;
    PulError err;
    CHECK_INT(genial_board_cells(gv, &err), PUL_OK);
    CHECK_INT(genial_area_build(gv, 5, a, &err), PUL_OK);
    int seen = 0;
    for (int c = 0; c < gv->ncells; c++) {
        bool in = genial_distance(gv->cell_q[c], gv->cell_r[c]) <= 5;
        CHECK_INT(genial_cell_at(gv, gv->cell_q[c], gv->cell_r[c]), c);
        for (int d = 0; d < 6; d++) {
            int o = a->nb[c][d];
            int q = gv->cell_q[c] + genial_dir[d][0], r = gv->cell_r[c] + genial_dir[d][1];
            if (!in || genial_distance(q, r) > 5) {
                CHECK_INT(o, GENIAL_NONE);
                CHECK_INT(a->cell_pair[c][d], GENIAL_NO_PAIR);
                continue;
            }
            CHECK_INT(o, genial_cell_at(gv, q, r));
            CHECK_INT(a->nb[o][genial_opposite(d)], c);
            bool printed = gv->printed_index[c] != GENIAL_NONE || gv->printed_index[o] != GENIAL_NONE;
            int id = a->cell_pair[c][d];
            if (printed) {
                CHECK_INT(id, GENIAL_NO_PAIR);
                continue;
            }
            CHECK(id < a->npairs);
            if (id >= a->npairs) continue;
            CHECK_INT(a->cell_pair[o][genial_opposite(d)], id);
            int lo = c < o ? c : o, hi = c < o ? o : c;
            CHECK_INT(a->pair_a[id], lo);
            CHECK_INT(a->pair_b[id], hi);
            CHECK(a->pair_dir[id] < 3);
            CHECK_INT(a->nb[lo][a->pair_dir[id]], hi);
            seen++;
        }
        /* touch: exactly the printed neighbours */
        unsigned want = 0;
        for (int d = 0; in && d < 6; d++)
            if (a->nb[c][d] != GENIAL_NONE && gv->printed_index[a->nb[c][d]] != GENIAL_NONE)
                want |= 1u << gv->printed_index[a->nb[c][d]];
        CHECK_INT(a->touch[c], want);
    }
    CHECK_INT(seen, 2 * a->npairs);   /* each pair found from both its cells */
    /* (5, -5) is printed 0, red; the centre is empty */
    int c = genial_cell_at(gv, 5, -5);
    CHECK_INT(gv->printed_index[c], 0);
    CHECK_INT(gv->printed_sym[genial_cell_at(gv, 0, 5)], 2);
    CHECK_INT(gv->printed_sym[genial_cell_at(gv, 0, 0)], GENIAL_NONE);
done:
    free(a);
    free(gv);
}

static void test_cell_at_bounds(void) {
    GenialVariant *gv = new_variant();
    if (!gv) return;
    PulError err;
    CHECK_INT(genial_board_cells(gv, &err), PUL_OK);
    static const int32_t off[][2] = {{8, 0},          {0, -8},        {7, 1},
                                     {-4, -4},        {INT32_MIN, 0}, {0, INT32_MAX},
                                     {INT32_MAX, INT32_MIN}, {INT32_MIN, INT32_MIN},
                                     {INT32_MAX, INT32_MAX}};
    for (size_t k = 0; k < sizeof off / sizeof off[0]; k++)
        CHECK_INT(genial_cell_at(gv, off[k][0], off[k][1]), GENIAL_NONE);
    CHECK_INT(genial_cell_at(gv, 0, -7), 0);       /* ids go row by row from the top */
    CHECK_INT(genial_cell_at(gv, 7, -7), 7);
    CHECK_INT(genial_cell_at(gv, 0, 7), 168);
    free(gv);
}

/* What the tables cannot hold, or a board gets wrong, is refused. */
static void test_refused(void) {
    GenialVariant *gv = new_variant();
    GenialArea *a = calloc(1, sizeof *a);
    if (!gv || !a) goto done;
    PulError err;
    gv->board.radius = GENIAL_MAX_RADIUS + 1;
    CHECK_INT(genial_board_cells(gv, &err), PUL_ERR_RANGE);
    CHECK_STR(err.code, "too-large");
    standard_board(&gv->board);
    gv->board.printed[1].q = 9;
    CHECK(genial_board_cells(gv, &err) != PUL_OK);
    CHECK_STR(err.code, "out-of-range");
    standard_board(&gv->board);
    gv->board.printed[1] = gv->board.printed[0];
    CHECK(genial_board_cells(gv, &err) != PUL_OK);
    CHECK_STR(err.code, "bad-value");
    /* radius 8 with nothing printed: 9R^2 + 3R = 600 pairs, more than 544 */
    standard_board(&gv->board);
    gv->board.radius = GENIAL_MAX_RADIUS;
    gv->board.nprinted = 0;
    CHECK_INT(genial_board_cells(gv, &err), PUL_OK);
    CHECK_INT(gv->ncells, 217);
    CHECK(genial_area_build(gv, 8, a, &err) != PUL_OK);
    CHECK_STR(err.code, "too-large");
    CHECK_INT(genial_area_build(gv, 7, a, &err), PUL_OK);
    CHECK_INT(a->npairs, 462);
    CHECK(genial_area_build(gv, 9, a, &err) != PUL_OK);
    CHECK_STR(err.code, "out-of-range");
done:
    free(a);
    free(gv);
}

int main(void) {
    RUN(test_directions);
    RUN(test_area_counts);
    RUN(test_neighbours_and_pairs);
    RUN(test_cell_at_bounds);
    RUN(test_refused);
    return CHECK_DONE();
}
