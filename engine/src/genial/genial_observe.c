/*
** genial_observe.c: what one seat may see of an Einfach Genial game
** (i13-plan.md 3.4), and a full game rebuilt from that alone (only the new
** tiles when the game holds an earlier observation's) with the unseen tiles
** dealt at random (a determinization). Bots get only these, so no rack
** but the seat's own (a partner's neither) and no bag content ever leaks.
*/
#include <stddef.h>
#include <string.h>

#include "genial_moves.h"
#include "rng.h"

_Static_assert(GENIAL_NPARAMS <= 16, "the rules fit the observation's rule[]");
_Static_assert(GENIAL_MAX_PLACED <= PUL_GENIAL_MAX_PLACED, "the board fits the observation");
/* Genial's part of the observation is no larger than Micropul's, so the
** observation (which bots keep per node) did not grow with the family. */
_Static_assert(sizeof(((PulObservation *)0)->genial) <=
                   offsetof(PulObservation, unseen) + sizeof(((PulObservation *)0)->unseen) -
                       offsetof(PulObservation, extra_turn),
               "Genial's observation fits in Micropul's");

/* The direction from cell a to its neighbour b in area ar, or -1: the
** lowest that leads there, found without a branch (each placed tile's, at
** every observation). */
static int observe_dir(const GenialArea *ar, int a, int b) {
    /* a placed tile is kept from the cell whose direction to the other is
    ** e, se or sw: one of the first three, the lowest found first */
    const uint8_t *nb = ar->nb[a];
    if (nb[0] == b) return 0;
    if (nb[1] == b) return 1;
    if (nb[2] == b) return 2;
    int dir = -1;
    for (int d = 5; d >= 0; d--) dir = ar->nb[a][d] == b ? d : dir;
    return dir;
}

/* Writes what seat sees of g into o, which holds an observation of that
** seat of g made earlier in the same game (or o zeroed): placed tiles from
** o's count on are added and the rack is zeroed past its new end, so o ends
** byte for byte as a fresh observation. */
static void observe_fill(const GenialGame *g, int seat, PulObservation *o) {
    const GenialVariant *gv = GV(g);
    const GenialArea *ar = genial_area(g);
    o->seat = seat;
    o->nseats = g->h.nseats;
    o->to_move = g->h.to_move;
    o->over = g->h.over;
    o->turns = g->h.turns;
    o->end_reason = g->h.end_reason;
    o->loser = g->h.loser;
    o->genial.phase = g->phase;
    o->genial.bonus_owed = g->bonus_owed;
    for (int i = 0; i < GENIAL_NPARAMS; i++) o->genial.rule[i] = genial_rules_get(&g->rules, i);
    o->genial.bag_count = g->bag_n;
    /* this seat's rack only: partners' racks are hidden too */
    bool mine = seat >= 0 && seat < g->h.nseats;
    /* The counts read once: o's int stores could alias them. */
    int nseats = g->h.nseats, nsym = gv->nsym;
    for (int s = 0; s < nseats; s++) {
        o->genial.rack_count[s] = g->nrack[s];
        const int16_t *track = g->track[genial_track_of(g, s)];
        int *shown = o->genial.tracks[s];
        /* every slot, those past nsym 0 as a fresh observation has them: a
        ** fixed count the compiler does in vector steps */
        for (int k = 0; k < GENIAL_MAX_SYMBOLS; k++) shown[k] = k < nsym ? track[k] : 0;
    }
    if (mine) {
        /* the rack and zeros to its end, as a fresh observation has it */
        int n = g->nrack[seat];
        for (int i = 0; i < GENIAL_RACK_MAX; i++) o->genial.rack[i] = i < n ? g->rack[seat][i] : 0;
    }
    o->genial.first_used = g->first_used;
    o->genial.placed_once = g->placed_once;
    for (int i = o->genial.nplaced; i < g->nplaced; i++) {
        const GenialPlaced *p = &g->placed[i];
        int d = observe_dir(ar, p->a, p->b);
        o->genial.placed[i] = (PulGenialPlaced){p->kind, (uint8_t)(d < 0 ? 0 : d), p->flip,
                                                gv->cell_q[p->a], gv->cell_r[p->a]};
    }
    o->genial.nplaced = g->nplaced;
}

void genial_observe(const PulGame *pg, int seat, PulObservation *o) {
    memset(o, 0, sizeof *o);
    observe_fill(GGC(pg), seat, o);
}

void genial_observe_update(const PulGame *pg, int seat, PulObservation *o) {
    const GenialGame *g = GGC(pg);
    int from = o->genial.nplaced;
    /* What cannot be an earlier observation of this seat of g (tiles leave
    ** the board only by an undo, which the caller rules out): observed
    ** afresh. The last placed tile is compared as a check on a caller's
    ** mistake, not as a proof. */
    bool earlier = o->seat == seat && o->nseats == g->h.nseats && seat >= 0 &&
                   seat < g->h.nseats && o->turns <= g->h.turns && from >= 0 &&
                   from <= g->nplaced && o->genial.rack_count[seat] >= 0 &&
                   o->genial.rack_count[seat] <= GENIAL_RACK_MAX;
    if (earlier && from > 0) {
        const GenialPlaced *p = &g->placed[from - 1];
        const PulGenialPlaced *q = &o->genial.placed[from - 1];
        earlier = p->kind == q->kind && p->flip == q->flip &&
                  GV(g)->cell_q[p->a] == q->q && GV(g)->cell_r[p->a] == q->r;
    }
    if (!earlier) {
        genial_observe(pg, seat, o);
        return;
    }
    observe_fill(g, seat, o);
}

/* FNV-1a over what the observation shows, field by field (never padding). */
static uint64_t observe_mix(uint64_t h, int64_t x) {
    for (int i = 0; i < 8; i++) {
        h ^= (uint64_t)(x >> (8 * i)) & 0xFF;
        h *= UINT64_C(0x100000001B3);
    }
    return h;
}

uint64_t genial_observation_hash(const PulVariant *v, const PulObservation *o) {
    const GenialVariant *gv = GVV(v);
    uint64_t h = UINT64_C(0xCBF29CE484222325);
    h = observe_mix(h, o->seat);
    h = observe_mix(h, o->nseats);
    h = observe_mix(h, o->to_move);
    h = observe_mix(h, o->over);
    h = observe_mix(h, o->turns);
    h = observe_mix(h, o->end_reason);
    h = observe_mix(h, o->loser);
    h = observe_mix(h, o->genial.phase);
    h = observe_mix(h, o->genial.bonus_owed);
    for (int i = 0; i < GENIAL_NPARAMS; i++) h = observe_mix(h, o->genial.rule[i]);
    h = observe_mix(h, o->genial.bag_count);
    for (int s = 0; s < o->nseats && s < PUL_MAX_SEATS; s++) {
        h = observe_mix(h, o->genial.rack_count[s]);
        for (int k = 0; k < gv->nsym; k++) h = observe_mix(h, o->genial.tracks[s][k]);
    }
    if (o->seat >= 0 && o->seat < PUL_MAX_SEATS)
        for (int i = 0; i < o->genial.rack_count[o->seat] && i < GENIAL_RACK_MAX; i++)
            h = observe_mix(h, o->genial.rack[i]);
    h = observe_mix(h, o->genial.first_used);
    h = observe_mix(h, o->genial.placed_once);
    h = observe_mix(h, o->genial.nplaced);
    for (int i = 0; i < o->genial.nplaced && i < PUL_GENIAL_MAX_PLACED; i++) {
        const PulGenialPlaced *p = &o->genial.placed[i];
        h = observe_mix(h, p->kind | p->dir << 8 | p->flip << 16);
        h = observe_mix(h, p->q);
        h = observe_mix(h, p->r);
    }
    return h;
}

static PulStatus observe_bad(PulError *err, const char *what) {
    return err_setc(err, "bad-value", NULL, 0, 0,
                    "the observation is not one of a game of this variant: %s", what);
}

/* Whether g's board is the start of the one o shows: the same seats, rules
** and play area, its placed tiles the first of o's. Then only the rest need
** be put down (g is a determinization of an earlier observation of the same
** game, or that game itself). */
static bool observe_extends(const GenialGame *g, const PulObservation *o, const GenialRules *rules,
                            bool vouched) {
    const GenialVariant *gv = GV(g);
    if (!g->h.started || g->h.nseats != o->nseats || g->nplaced > o->genial.nplaced ||
        g->area != gv->area_for_seats[o->nseats] || memcmp(&g->rules, rules, sizeof *rules) != 0)
        return false;
    if (vouched) return true; /* the tiles were compared with a memo's */
    const GenialArea *ar = genial_area(g);
    /* Each tile's first cell by its coordinates (g's cells are the
    ** board's, whose coordinates name them one to one), and no branch per
    ** tile: this runs at every move of a bot, over the whole board. */
    uint32_t differ = 0;
    for (int i = 0; i < g->nplaced; i++) {
        const PulGenialPlaced *p = &o->genial.placed[i];
        const GenialPlaced *q = &g->placed[i];
        unsigned dir = p->dir < 6 ? p->dir : 0;
        differ |= (uint32_t)(p->kind ^ q->kind) | (uint32_t)(p->flip ^ q->flip) |
                  (uint32_t)(p->dir > 5) | (uint32_t)(p->q ^ gv->cell_q[q->a]) |
                  (uint32_t)(p->r ^ gv->cell_r[q->a]) | (uint32_t)(ar->nb[q->a][dir] ^ q->b);
    }
    return differ == 0;
}

/* The header, rules and counts; the rest of g zeroed, so nothing of what g
** held before (another game, the true one) survives, but its board when it
** is the start of o's (*kept: its placed tiles, else 0; vouched: a memo
** showed they are). */
static PulStatus observe_counts(GenialGame *g, const PulObservation *o, const GenialMemo *memo,
                                bool vouched, int *kept, PulError *err) {
    const GenialVariant *gv = GV(g);
    const PulVariant *v = g->h.v;
    GenialRules rules;
    if (memo && memcmp(memo->rule, o->genial.rule, sizeof memo->rule) == 0) {
        /* the rule values of the observation the memo was made from: read and checked then */
        memcpy(&rules, &memo->rules, sizeof rules);
    } else {
        memset(&rules, 0, sizeof rules); /* its padding too: g is compared byte for byte */
        genial_rules_default(&rules);
        for (int i = 0; i < GENIAL_NPARAMS; i++)
            if (genial_rules_set(&rules, i, o->genial.rule[i], err) != PUL_OK)
                return observe_bad(err, "a rule value is out of range");
        /* Rules equal to those of the game g holds were checked when it began. */
        bool checked = g->h.started && memcmp(&g->rules, &rules, sizeof rules) == 0;
        if (!checked && genial_rules_validate(&rules, err) != PUL_OK)
            return observe_bad(err, "the rules clash");
    }
    int n = o->nseats;
    if (n < 1 || n > PUL_MAX_SEATS || n < rules.min_players || n > rules.max_players ||
        o->seat < 0 || o->seat >= n || o->to_move < 0 || o->to_move >= n)
        return observe_bad(err, "seat numbers out of range");
    if (gv->area_for_seats[n] >= gv->nareas) return observe_bad(err, "no play area for the seats");
    if (o->genial.phase < GENIAL_PLACE || o->genial.phase > GENIAL_END ||
        o->genial.bonus_owed < 0 || o->genial.bonus_owed > 255 || o->genial.bag_count < 0 ||
        o->genial.bag_count > gv->ntiles || o->genial.nplaced < 0 ||
        o->genial.nplaced > GENIAL_MAX_PLACED || o->turns < 0 || o->turns > PUL_ACTION_LIMIT ||
        o->genial.first_used >> gv->board.nprinted || o->genial.placed_once >> n)
        return observe_bad(err, "a count is out of range");
    for (int s = 0; s < n; s++)
        if (o->genial.rack_count[s] < 0 || o->genial.rack_count[s] > GENIAL_RACK_MAX)
            return observe_bad(err, "a rack count is out of range");
    const Family *fam = g->h.fam;
    if (observe_extends(g, o, &rules, vouched)) {
        /* the board (empty pairs, cells, placed list) follows the counters */
        *kept = g->nplaced;
        int16_t nempty = g->nempty;
        memset(g, 0, offsetof(GenialGame, empty));
        g->nplaced = (uint8_t)*kept;
        g->nempty = nempty;
    } else {
        *kept = 0;
        memset(g, 0, sizeof *g);
    }
    g->h.v = v;
    g->h.fam = fam;
    g->rules = rules;
    g->h.started = 1;
    g->h.nseats = (uint8_t)n;
    g->h.to_move = (uint8_t)o->to_move;
    g->h.over = o->over ? 1 : 0;
    g->h.end_reason = (uint8_t)o->end_reason;
    g->h.loser = (int8_t)o->loser;
    g->h.turns = o->turns;
    g->area = gv->area_for_seats[n];
    g->phase = (uint8_t)o->genial.phase;
    g->bonus_owed = (uint8_t)o->genial.bonus_owed;
    g->nteams = (uint8_t)(rules.teams == GENIAL_TEAMS_ALTERNATE ? 2 : n);
    /* the seat of the last placement: the one to move while its turn goes
    ** on (or ended the game on it), else the seat before */
    bool placing = o->genial.phase != GENIAL_PLACE ||
                   (o->over && o->end_reason != PUL_END_NO_TILES);
    g->mover = (uint8_t)(o->genial.nplaced == 0 || placing ? o->to_move
                                                           : (o->to_move + n - 1) % n);
    g->placed_once = (uint8_t)o->genial.placed_once;
    g->first_used = (uint16_t)o->genial.first_used;
    /* Checked as they are copied: a fault (the last check) leaves g to the
    ** caller's clearing. */
    /* Every symbol slot in a fixed count of steps (vector ones), those past
    ** nsym left 0; one unsigned compare finds both ends of the range. */
    unsigned end = (unsigned)genial_track_end(&rules);
    int nsym = gv->nsym;
    for (int s = 0; s < n; s++) {
        int16_t *track = g->track[genial_track_of(g, s)];
        const int *shown = o->genial.tracks[s];
        unsigned out = 0;
        for (int k = 0; k < GENIAL_MAX_SYMBOLS; k++) {
            int x = k < nsym ? shown[k] : 0;
            out |= (unsigned)((unsigned)x > end);
            track[k] = (int16_t)x;
        }
        if (out) return observe_bad(err, "a track is out of range");
    }
    return PUL_OK;
}

/* The board: the printed cells, then the tiles in order (from the first
** one g does not hold yet), each on two empty neighbouring cells of the
** area; used[] counts tiles per kind (prefix: those of the first from,
** else NULL). */
static PulStatus observe_board(GenialGame *g, const PulObservation *o, int from, uint8_t *used,
                               const uint8_t *prefix, PulError *err) {
    const GenialVariant *gv = GV(g);
    const GenialArea *ar = genial_area(g);
    if (prefix)
        memcpy(used, prefix, GENIAL_MAX_KINDS);
    else
        for (int i = 0; i < from; i++) used[g->placed[i].kind]++;
    if (from == 0) {
        /* every printed cell, as genial_start presets them */
        for (int c = 0; c < gv->ncells; c++)
            if (gv->printed_sym[c] != GENIAL_NONE) g->cell[c] = (uint8_t)(1 + gv->printed_sym[c]);
        memcpy(g->empty, ar->all, sizeof g->empty);
        memcpy(g->nempty_word, ar->all_count, sizeof g->nempty_word);
        g->nempty = (int16_t)ar->npairs;
    }
    for (int i = from; i < o->genial.nplaced; i++) {
        const PulGenialPlaced *p = &o->genial.placed[i];
        if (p->kind >= gv->nkinds || p->dir > 5 || p->flip > 1 ||
            (p->flip && gv->kind_sym[p->kind][0] == gv->kind_sym[p->kind][1]))
            return observe_bad(err, "a placed tile is not a tile of the variant");
        int a = genial_cell_at(gv, p->q, p->r);
        int id = a == GENIAL_NONE ? GENIAL_NO_PAIR : ar->cell_pair[a][p->dir];
        if (id == GENIAL_NO_PAIR) return observe_bad(err, "a placed tile is off the play area");
        int b = ar->nb[a][p->dir];
        if (g->cell[a] || g->cell[b]) return observe_bad(err, "two placed tiles overlap");
        if (++used[p->kind] > gv->kind_count[p->kind])
            return observe_bad(err, "more tiles of a kind than the variant has");
        g->cell[a] = (uint8_t)(1 + gv->kind_sym[p->kind][p->flip]);
        g->cell[b] = (uint8_t)(1 + gv->kind_sym[p->kind][1 - p->flip]);
        genial_take_cell(g, ar, a);
        genial_take_cell(g, ar, b);
        g->placed[i] = (GenialPlaced){p->kind, (uint8_t)a, (uint8_t)b, p->flip};
    }
    g->nplaced = (uint8_t)o->genial.nplaced;
    return PUL_OK;
}

/* The seat's rack as shown; every other rack dealt from the unseen tiles at
** random (a partial Fisher-Yates over the unseen multiset: only the tiles
** the racks take are drawn; rng NULL: in kind order); the rest is the bag. */
static PulStatus observe_deal(GenialGame *g, const PulObservation *o, uint8_t *used, PulRng *rng,
                              PulError *err) {
    const GenialVariant *gv = GV(g);
    int me = o->seat, n = o->nseats, mine = o->genial.rack_count[me];
    for (int i = 0; i < mine; i++) {
        int k = o->genial.rack[i];
        if ((unsigned)k >= gv->nkinds) return observe_bad(err, "a rack kind is out of range");
        if (++used[k] > gv->kind_count[k])
            return observe_bad(err, "more tiles of a kind than the variant has");
        genial_rack_put(g, me, k);
    }
    /* The unseen tiles as counts per kind (g's bag, cleared by
    ** observe_counts); each tile dealt to a rack is taken from them. No
    ** kind was used more often than it has tiles (checked as counted), so
    ** they number every tile but the board's and the rack's; the kinds past
    ** nkinds have none, and every slot is done in a fixed count of steps. */
    int npool = gv->ntiles - o->genial.nplaced - mine, need = 0;
    for (int k = 0; k < GENIAL_MAX_KINDS; k++)
        g->bag[k] = (uint8_t)(gv->kind_count[k] - used[k]);
    for (int s = 0; s < n; s++)
        if (s != me) need += o->genial.rack_count[s];
    if (npool != need + o->genial.bag_count)
        return observe_bad(err, "the unseen tiles are not the other racks and the bag");
    /* rng: the unseen tiles listed in kind order, then shuffled only as far
    ** as the racks take (the order every deal so far was made in); NULL:
    ** the lowest kinds left, in turn. */
    uint8_t pool[256]; /* every tile: ntiles is a byte */
    if (rng)
        for (int k = 0, at = 0; k < gv->nkinds; k++) {
            memset(pool + at, k, g->bag[k]);
            at += g->bag[k];
        }
    int next = 0, low = 0;
    for (int s = 0; s < n; s++) {
        if (s == me) continue;
        int count = o->genial.rack_count[s];
        if (!rng) {
            /* In kind order into an empty rack (observe_counts cleared it), as
            ** genial_rack_put would keep it. */
            uint8_t *rack = g->rack[s];
            for (int i = 0; i < count; i++) {
                while (g->bag[low] == 0) low++;
                g->bag[low]--;
                rack[i] = (uint8_t)low;
            }
            g->nrack[s] = (uint8_t)count;
            next += count;
            continue;
        }
        for (int i = 0; i < count; i++, next++) {
            int j = next + (int)rng_below(rng, (uint32_t)(npool - next));
            int t = pool[j];
            pool[j] = pool[next];
            pool[next] = (uint8_t)t;
            g->bag[t]--;
            genial_rack_put(g, s, t);
        }
    }
    g->bag_n = (uint8_t)(npool - next);
    return PUL_OK;
}

/* Whether memo holds the placed tiles g was last built from, and obs's
** begin with them: found by comparing lists of the same layout a run at a
** time, not g's board tile by tile. g's count and action count are a check
** on a caller that changed g in between, not a proof. */
static bool memo_vouches(const GenialGame *g, const PulObservation *o, const GenialMemo *m) {
    if (!m || !m->valid || !g->h.started || m->nplaced != g->nplaced || m->turns != g->h.turns ||
        o->genial.nplaced < m->nplaced)
        return false;
    return memcmp(o->genial.placed, m->placed, (size_t)m->nplaced * sizeof *m->placed) == 0;
}

static PulStatus from_observation(PulGame *pg, const PulObservation *obs, PulRng *rng,
                                  GenialMemo *memo, PulError *err) {
    GenialGame *g = GG(pg);
    uint8_t used[GENIAL_MAX_KINDS] = {0};
    int kept = 0;
    bool vouched = memo_vouches(g, obs, memo);
    const GenialMemo *was = memo && memo->valid ? memo : NULL;
    if (memo) memo->valid = 0; /* till obs is built */
    PulStatus st = observe_counts(g, obs, was, vouched, &kept, err);
    /* the memo's counts are of its tiles: of g's when g kept its board */
    bool counted = vouched && kept == memo->nplaced;
    if (st == PUL_OK) st = observe_board(g, obs, kept, used, counted ? memo->used : NULL, err);
    if (st == PUL_OK && memo) {
        int from = counted ? memo->nplaced : 0;
        memcpy(memo->placed + from, obs->genial.placed + from,
               (size_t)(obs->genial.nplaced - from) * sizeof *memo->placed);
        memcpy(memo->used, used, sizeof memo->used);
        memo->nplaced = obs->genial.nplaced;
        memo->turns = obs->turns;
        memcpy(memo->rule, obs->genial.rule, sizeof memo->rule);
        memcpy(&memo->rules, &g->rules, sizeof memo->rules);
    }
    if (st == PUL_OK) st = observe_deal(g, obs, used, rng, err);
    if (st != PUL_OK) {
        /* never a half-built game: what is left is not started */
        const PulVariant *v = pg->v;
        const Family *fam = pg->fam;
        memset(g, 0, sizeof *g);
        g->h.v = v;
        g->h.fam = fam;
        return st;
    }
    g->h.seed = rng ? rng_next(rng) : 0;
    pul_rng_seed(&g->h.rng, g->h.seed);
    if (memo) memo->valid = 1;
    err_clear(err);
    return PUL_OK;
}

PulStatus genial_from_observation(PulGame *g, const PulObservation *obs, PulRng *rng,
                                  PulError *err) {
    return from_observation(g, obs, rng, NULL, err);
}

PulStatus genial_from_observation_kept(PulGame *g, const PulObservation *obs, void *memo,
                                       PulError *err) {
    return from_observation(g, obs, NULL, memo, err);
}
