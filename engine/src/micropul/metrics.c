/*
** metrics.c: Micropul's figures of one game for the lab: what each applied
** action did (placements, takes, claims, passes, draws, extra turns,
** activations per catalyst, closed groups by size) and what is left at the
** end, so that `pul sim` counts a game without knowing its family.
*/
#include "metrics.h"

/* Slots of the figures in a game's int32_t array, in the table's order. */
enum {
    M_PLACEMENTS = 0,
    M_TAKES,
    M_CLAIMS,
    M_PASSES,
    M_DRAWS,
    M_EXTRA_TURNS,
    M_ACTIVATIONS,                               /* one per feature index */
    M_CLOSED_GROUPS = M_ACTIVATIONS + PUL_MAX_FEATURES,
    M_CLOSED_SIZES,                              /* by size; the last: that size or more */
    M_TILES_LEFT = M_CLOSED_SIZES + PUL_METRIC_SIZES,
    M_SLOTS
};
_Static_assert(M_SLOTS <= PUL_MAX_METRIC_SLOTS, "Micropul's figures fit a game's slots");

/* Its length is metrics.h's METRICS_N: the declaration there and this
** definition must agree, so the compiler checks the count. */
const PulMetricInfo metrics_info[] = {
    {"placements", "placements", "tiles placed", PUL_METRIC_COUNT, M_PLACEMENTS, 1},
    {"takes", "takes", "tiles taken from the supply into the hand", PUL_METRIC_COUNT, M_TAKES, 1},
    {"claims", "claims", "stones put on groups", PUL_METRIC_COUNT, M_CLAIMS, 1},
    {"passes", "passes", "extra turns passed", PUL_METRIC_COUNT, M_PASSES, 1},
    {"draws", "draws", "tiles drawn from the core by catalysts and scripts", PUL_METRIC_COUNT,
     M_DRAWS, 1},
    {"extra_turns", "extra turns", "extra turns earned", PUL_METRIC_COUNT, M_EXTRA_TURNS, 1},
    {"activations", "activations", "activations of each catalyst", PUL_METRIC_PER_FEATURE,
     M_ACTIVATIONS, PUL_MAX_FEATURES},
    {"closed_groups", "closed groups", "groups closed", PUL_METRIC_COUNT, M_CLOSED_GROUPS, 1},
    {"closed_sizes", "closed group sizes", "closed groups by size", PUL_METRIC_HISTOGRAM,
     M_CLOSED_SIZES, PUL_METRIC_SIZES},
    {"tiles_left", "tiles left", "tiles left in the core at the end", PUL_METRIC_COUNT,
     M_TILES_LEFT, 1},
};

void metrics_tally(const PulGame *g, const PulEvents *ev, int32_t *m) {
    (void)g;
    for (int k = 0; k < ev->n; k++) {
        const PulEvent *e = &ev->ev[k];
        switch (e->kind) {
        case PUL_EV_PLACED: m[M_PLACEMENTS]++; break;
        case PUL_EV_TOOK: m[M_TAKES]++; break;
        case PUL_EV_CLAIMED: m[M_CLAIMS]++; break;
        case PUL_EV_PASSED: m[M_PASSES]++; break;
        case PUL_EV_ACTIVATED:
            if (e->feature < PUL_MAX_FEATURES) m[M_ACTIVATIONS + e->feature]++;
            break;
        case PUL_EV_DREW: m[M_DRAWS] += e->count; break;
        case PUL_EV_EXTRA_TURN: m[M_EXTRA_TURNS]++; break;
        case PUL_EV_CLOSED: {
            int last = PUL_METRIC_SIZES - 1;
            m[M_CLOSED_GROUPS]++;
            m[M_CLOSED_SIZES + (e->count < 0 ? 0 : e->count > last ? last : e->count)]++;
            break;
        }
        default: break;
        }
    }
}

void metrics_tally_end(const PulGame *pg, int32_t *m) {
    const MicropulGame *g = MGC(pg);
    m[M_TILES_LEFT] = g->ncore - g->core_top;
}
