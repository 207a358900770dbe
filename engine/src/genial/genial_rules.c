/*
** genial_rules.c: the rule predicates that check, apply and the legal moves
** share, so that they agree by construction: the lowest tracks, whether a
** swap is allowed, the first-round constraint as printed cells and as a pair
** set, the candidate pairs, the refill's count, the start of a turn, the end.
*/
#include "genial_state.h"

unsigned genial_lowest_mask(const GenialGame *g, int t) {
    int nsym = GV(g)->nsym, end = genial_track_end(&g->rules), low = end;
    for (int s = 0; s < nsym; s++)
        if (g->track[t][s] < low) low = g->track[t][s];
    /* low == end: every track is at its end, and all of them count as lowest */
    unsigned m = 0;
    for (int s = 0; s < nsym; s++)
        if (g->track[t][s] == low) m |= 1u << s;
    return m;
}

bool genial_swap_allowed(const GenialGame *g) {
    if (!g->h.started || g->h.over || g->phase != GENIAL_END) return false;
    if (g->rules.swap != GENIAL_SWAP_LOWEST_ABSENT || g->bag_n < g->rules.rack_size) return false;
    int seat = g->h.to_move;
    unsigned shown = 0;
    for (int i = 0; i < g->nrack[seat]; i++) shown |= GV(g)->kind_mask[g->rack[seat][i]];
    return (shown & genial_lowest_mask(g, genial_track_of(g, seat))) == 0;
}

/* Whether some empty pair touches one of the printed cells in need. */
static bool any_touching(const GenialGame *g, unsigned need) {
    const GenialArea *a = genial_area(g);
    int words = (a->npairs + 63) / 64;
    for (; need; need &= need - 1) {
        const uint64_t *tp = a->touch_pairs[lowest_set(need)];
        for (int w = 0; w < words; w++)
            if (g->empty[w] & tp[w]) return true;
    }
    return false;
}

unsigned genial_first_need(const GenialGame *g) {
    int seat = g->h.to_move;
    if (g->phase != GENIAL_PLACE || (g->placed_once >> seat & 1) ||
        g->rules.first_round == GENIAL_FIRST_NONE)
        return 0;
    unsigned all = (1u << GV(g)->board.nprinted) - 1;
    unsigned need = g->rules.first_round == GENIAL_FIRST_DISTINCT ? all & ~(unsigned)g->first_used
                                                                  : all;
    return any_touching(g, need) ? need : 0;
}

int genial_candidates(const GenialGame *g, uint64_t *out) {
    const GenialArea *a = genial_area(g);
    int words = (a->npairs + 63) / 64, n = 0;
    if (!g->h.started || g->h.over || g->phase == GENIAL_END) {
        for (int w = 0; w < GENIAL_PAIR_WORDS; w++) out[w] = 0;
        return 0;
    }
    unsigned need = genial_first_need(g);
    for (int w = 0; w < GENIAL_PAIR_WORDS; w++) out[w] = w < words ? g->empty[w] : 0;
    if (need) {
        uint64_t mask[GENIAL_PAIR_WORDS] = {0};
        for (unsigned m = need; m; m &= m - 1)
            for (int w = 0; w < words; w++) mask[w] |= a->touch_pairs[lowest_set(m)][w];
        for (int w = 0; w < words; w++) out[w] &= mask[w];
    }
    for (int w = 0; w < words; w++) n += popcount64(out[w]);
    return n;
}

int genial_refill_count(const GenialGame *g) {
    int want = g->rules.rack_size - g->nrack[g->h.to_move];
    if (want < 0) want = 0;
    return want < g->bag_n ? want : g->bag_n;
}

void genial_end(GenialGame *g, PulEndReason reason, PulEvents *ev) {
    g->h.over = 1;
    g->h.end_reason = (uint8_t)reason;
    g->h.loser = -1;
    g->bonus_owed = 0;
    PulEvent *e = genial_event(ev, PUL_EV_GAME_OVER, -1);
    if (e) e->value = reason;
}

void genial_turn_begin(GenialGame *g, PulEvents *ev) {
    g->phase = GENIAL_PLACE;
    g->bonus_owed = 0;
    if (g->nrack[g->h.to_move] > 0) return;
    if (g->bag_n == 0) genial_end(g, PUL_END_NO_TILES, ev);
    else g->phase = GENIAL_END;
}
