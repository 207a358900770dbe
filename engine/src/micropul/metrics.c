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
    {.key = "placements", .label = "placements", .help = "tiles placed",
     .kind = PUL_METRIC_COUNT, .first = M_PLACEMENTS, .n = 1,
     .flags = PUL_METRIC_ROWS_ONLY | PUL_METRIC_ACTION, .feature_class = -1},
    {.key = "takes", .label = "takes", .help = "tiles taken from the supply into the hand",
     .kind = PUL_METRIC_COUNT, .first = M_TAKES, .n = 1,
     .flags = PUL_METRIC_ROWS_ONLY | PUL_METRIC_ACTION, .feature_class = -1},
    {.key = "claims", .label = "claims", .help = "stones put on groups",
     .kind = PUL_METRIC_COUNT, .first = M_CLAIMS, .n = 1,
     .flags = PUL_METRIC_ROWS_ONLY | PUL_METRIC_ACTION, .feature_class = -1},
    {.key = "passes", .label = "passes", .help = "extra turns passed",
     .kind = PUL_METRIC_COUNT, .first = M_PASSES, .n = 1,
     .flags = PUL_METRIC_ROWS_ONLY | PUL_METRIC_ACTION, .feature_class = -1},
    {.key = "draws", .label = "draws", .help = "tiles drawn from the core by catalysts and scripts",
     .kind = PUL_METRIC_COUNT, .first = M_DRAWS, .n = 1, .feature_class = -1},
    {.key = "extra_turns", .label = "extra turns", .help = "extra turns earned",
     .kind = PUL_METRIC_COUNT, .first = M_EXTRA_TURNS, .n = 1, .feature_class = -1},
    /* Only catalysts fire, so rows and summaries name only them. */
    {.key = "activations", .label = "activations", .help = "activations of each catalyst",
     .kind = PUL_METRIC_PER_FEATURE, .first = M_ACTIVATIONS, .n = PUL_MAX_FEATURES,
     .feature_class = PUL_FEATURE_CATALYST,
     .title = "Catalyst activations",
     .note = "Mean activations per game of each catalyst, with 95% confidence intervals",
     .chart = "Catalyst activations per game", .unit = "activations per game",
     .empty = "No catalyst features in these variants."},
    {.key = "closed_groups", .label = "closed groups", .help = "groups closed",
     .kind = PUL_METRIC_COUNT, .first = M_CLOSED_GROUPS, .n = 1, .feature_class = -1,
     .title = "Closed groups per game"},
    {.key = "closed_sizes", .label = "closed group sizes", .help = "closed groups by size",
     .kind = PUL_METRIC_HISTOGRAM, .first = M_CLOSED_SIZES, .n = PUL_METRIC_SIZES,
     .feature_class = -1, .anchor = "groups", .title = "Closed groups",
     .note = "Share of closed groups by size", .chart = "Closed group sizes", .unit = "groups",
     .bins = "group size", .empty = "No closed groups.", .total = "closed_groups"},
    {.key = "tiles_left", .label = "tiles left", .help = "tiles left in the core at the end",
     .kind = PUL_METRIC_COUNT, .first = M_TILES_LEFT, .n = 1, .feature_class = -1},
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

int metrics_feature(const PulVariant *v, int f, const char **name, int *cls) {
    const PulTileSet *ts = &MVV(v)->ts;
    if (f >= 0 && f < ts->nfeatures) {
        if (name) *name = ts->feature[f].name;
        if (cls) *cls = ts->feature[f].cls;
    }
    return ts->nfeatures;
}
