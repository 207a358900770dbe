/*
** determinize.c: a full game state consistent with one seat's observation.
** The board, stones and counts are rebuilt as shown (only what is new, when
** the game holds an earlier observation's); the tiles the seat cannot see
** are dealt at random. Bots search such states, so what they decide can
** depend only on what the seat may see.
*/
#include <stddef.h>
#include <string.h>

#include "observe.h"
#include "rng.h"

static PulStatus bad_obs(PulError *err, const char *what) {
    return err_setc(err, "bad-value", NULL, 0, 0,
                    "the observation is not one of a game of this variant: %s", what);
}

/* Marks tile t in seen (a bit per tile id): NULL, or what is wrong with t. */
static const char *mark_tile(uint64_t *seen, int t, int ntiles) {
    if (t < 0 || t >= ntiles) return "a tile id is out of range";
    uint64_t bit = UINT64_C(1) << (t & 63);
    if (seen[t >> 6] & bit) return "a tile is listed twice";
    seen[t >> 6] |= bit;
    return NULL;
}

/* What is wrong with the tile lists (the first id out of range or listed
** twice, in list order), or NULL. */
static const char *tiles_fault(const PulObservation *o, int nt) {
    uint64_t seen[TILE_WORDS] = {0};
    const char *why = NULL;
    for (int i = 0; i < o->hand_count[o->seat] && !why; i++) why = mark_tile(seen, o->hand[i], nt);
    for (int i = 0; i < o->nknown && !why; i++) why = mark_tile(seen, o->known[i], nt);
    for (int i = 0; i < o->nplaced && !why; i++) why = mark_tile(seen, o->placed[i].tile, nt);
    for (int i = 0; i < o->nunseen && !why; i++) why = mark_tile(seen, o->unseen[i], nt);
    return why;
}

_Static_assert((LAYOUT_TILE_WORDS & (LAYOUT_TILE_WORDS - 1)) == 0, "a word index is masked");

/* Sets id's bit in set when id is a tile of the set (ids out of range set
** none). */
static inline void tile_bit(uint64_t *set, int id, int ntiles) {
    unsigned t = (unsigned)id;
    uint64_t in = t < (unsigned)ntiles;
    set[(t >> 6) & (LAYOUT_TILE_WORDS - 1)] |= in << (t & 63);
}

/* Whether every tile id of the lists is in range and listed once, given that
** the lists hold ntiles ids in all (check_counts sees to it first): then
** that holds exactly when their ids cover every tile, as ntiles entries can
** only cover ntiles tiles each once. This runs at every move of a bot: a
** bit per id and no branch on the ids (the exact fault is found apart, when
** there is one).
** The first from placed tiles may come as their bits (prefix, else NULL):
** ids found in range and each listed once before. */
static bool tiles_once(const PulObservation *o, int nt, const uint64_t *prefix, int from) {
    int nhand = o->hand_count[o->seat], nknown = o->nknown, nplaced = o->nplaced;
    int nunseen = o->nunseen;
    if (!prefix) from = 0;
#ifndef MICROPUL_WIDE
    /* One word: an id's bit is set without its range test, each id also ORed
    ** into high, whose bits from 6 up say some id is not below 64; with no
    ** such id, the ntiles ids cover exactly the tiles below nt (which is
    ** below 64) when the word is those bits, and then each is listed once.
    ** A few instructions an id, none of them a branch. */
    _Static_assert(LAYOUT_TILE_WORDS == 1 && MP_TILES < 64, "the small layout's ids fit a word");
    uint64_t set = prefix ? prefix[0] : 0;
    unsigned high = 0;
    for (int i = 0; i < nhand; i++) {
        unsigned t = (unsigned)o->hand[i];
        high |= t;
        set |= UINT64_C(1) << (t & 63);
    }
    for (int i = 0; i < nknown; i++) {
        unsigned t = (unsigned)o->known[i];
        high |= t;
        set |= UINT64_C(1) << (t & 63);
    }
    for (int i = from; i < nplaced; i++) {
        unsigned t = o->placed[i].tile;
        high |= t;
        set |= UINT64_C(1) << (t & 63);
    }
    for (int i = 0; i < nunseen; i++) {
        unsigned t = o->unseen[i];
        high |= t;
        set |= UINT64_C(1) << (t & 63);
    }
    return (high >> 6) == 0 && set == (UINT64_C(1) << nt) - 1;
#else
    uint64_t set[LAYOUT_TILE_WORDS] = {0};
    if (prefix)
        for (int w = 0; w < LAYOUT_TILE_WORDS; w++) set[w] = prefix[w];
    for (int i = 0; i < nhand; i++) tile_bit(set, o->hand[i], nt);
    for (int i = 0; i < nknown; i++) tile_bit(set, o->known[i], nt);
    for (int i = from; i < nplaced; i++) tile_bit(set, o->placed[i].tile, nt);
    for (int i = 0; i < nunseen; i++) tile_bit(set, o->unseen[i], nt);
    uint64_t missing = 0;
    for (int w = 0; w < LAYOUT_TILE_WORDS; w++) {
        int below = nt - w * 64; /* tiles of this word */
        uint64_t all = below >= 64 ? ~UINT64_C(0)
                       : below > 0 ? (UINT64_C(1) << below) - 1
                                   : 0;
        missing |= all & ~set[w];
    }
    return missing == 0;
#endif
}

/* The checks that keep the rebuild inside the state's arrays (memo: the
** first memo->nplaced placed tiles are its, NULL when they are not known). */
static PulStatus check_counts(const MicropulGame *g, const PulObservation *o,
                              const MicropulMemo *memo, PulError *err) {
    const PulTileSet *ts = &MV(g)->ts;
    if (o->nseats < 1 || o->nseats > PUL_MAX_SEATS || o->seat < 0 || o->seat >= o->nseats ||
        o->to_move < 0 || o->to_move >= o->nseats)
        return bad_obs(err, "seat numbers out of range");
    if (o->nplaced < 1 || o->nplaced > ts->ntiles || o->nunseen < 0 ||
        o->nunseen > ts->ntiles || o->nknown < 0 || o->nknown > ts->ntiles ||
        o->core_count < 0 || o->nstones < 0 || o->nstones > PUL_MAX_SEATS * PUL_MAX_STONES)
        return bad_obs(err, "a list length is out of range");
    if (o->turns < 0 || o->turns > PUL_ACTION_LIMIT)
        return bad_obs(err, "the action count is out of range");
    int hidden = o->core_count, total = o->nplaced + o->core_count;
    for (int s = 0; s < o->nseats; s++) {
        if (o->hand_count[s] < 0 || o->hand_count[s] > PUL_MAX_HAND || o->supply_count[s] < 0 ||
            o->supply_count[s] > ts->ntiles || o->stones_left[s] < 0 ||
            o->stones_left[s] > PUL_MAX_STONES)
            return bad_obs(err, "a hand, supply or stone count is out of range");
        total += o->hand_count[s] + o->supply_count[s];
        if (s != o->seat) hidden += o->hand_count[s] + o->supply_count[s];
    }
    if (o->nknown > o->supply_count[o->seat]) return bad_obs(err, "more known tiles than supply");
    hidden += o->supply_count[o->seat] - o->nknown;
    if (total != ts->ntiles) return bad_obs(err, "the tile counts do not add up to the tile set");
    if (hidden != o->nunseen) return bad_obs(err, "the unseen list does not match the counts");
    if (!tiles_once(o, ts->ntiles, memo ? memo->bits : NULL, memo ? memo->nplaced : 0)) return bad_obs(err, tiles_fault(o, ts->ntiles));
    return PUL_OK;
}

/* Put the placed tiles from..nplaced-1 down in order, as the game did,
** without activations or draws: only the board and the groups. */
static PulStatus rebuild_board(MicropulGame *g, const PulObservation *o, int from, PulError *err) {
    for (int i = from; i < o->nplaced; i++) {
        const PulPlaced *p = &o->placed[i];
        if (p->rot > 3 || p->x < -MP_TILES || p->x > MP_TILES || p->y < -MP_TILES ||
            p->y > MP_TILES)
            return bad_obs(err, "a placed tile is off the board");
        int f = -1;
        Front seen = {0};
        if (i > 0) {
            f = board_front_at(g, p->x, p->y);
            if (f < 0) return bad_obs(err, "a placed tile touches no earlier tile");
            seen = g->front[f];
        }
        int nb[4];
        board_place(g, p->tile, p->rot, p->x, p->y, f, nb);
        unsigned joined = edges_joined(&MV(g)->rot[p->tile][p->rot], &seen);
        groups_add_tile(g, i, nb, &seen, joined, NULL);
    }
    return PUL_OK;
}

/* Claim stones from..nstones-1 on the groups as they stand. */
static PulStatus put_stones(MicropulGame *g, const PulObservation *o, int from, PulError *err) {
    for (int i = from; i < o->nstones; i++) {
        const PulStone *st = &o->stones[i];
        int j = board_tile_at(g, st->x, st->y);
        if (j < 0 || st->quad > 3 || st->seat < 0 || st->seat >= o->nseats)
            return bad_obs(err, "a stone is not on a placed tile");
        const Placed *p = &g->placed[j];
        if (!MV(g)->rot[p->tile][p->rot].colour[st->quad])
            return bad_obs(err, "a stone is not on a micropul");
        groups_claim(g, g->root[j * 4 + st->quad], st->seat);
        g->stone_list[g->nstones_placed++] = *st;
    }
    return PUL_OK;
}

/* The points of closed groups, as groups_recount finds them, read off the
** groups: only a group with a stone scores, so only the stones' roots are
** visited (each once). The groups hold the same members, open edges, worth
** and stones as the board walk finds (groups.c keeps them so). */
static void points_from_groups(MicropulGame *g) {
    for (int s = 0; s < PUL_MAX_SEATS; s++) g->group_points[s] = 0;
    NodeId done[PUL_MAX_SEATS * PUL_MAX_STONES];
    int ndone = 0;
    for (int i = 0; i < g->nstones_placed; i++) {
        const PulStone *st = &g->stone_list[i];
        int r = g->root[(board_tile_at(g, st->x, st->y) * 4) + st->quad];
        bool seen = false;
        for (int k = 0; k < ndone && !seen; k++) seen = done[k] == r;
        if (seen || g->gopen[r] != 0) continue;
        done[ndone++] = (NodeId)r;
        int who = groups_scorer(g, r);
        if (who >= 0) g->group_points[who] += g->gpoints[r];
    }
}

/* Deal the unseen tiles at random (rng NULL: in the unseen list's order):
** other hands, the unknown part of every supply, then the core. The tiles
** that already left the core go first in the core array (its drawn part), so
** a later draw takes from the rest. Past each list's end the arrays are
** zeroed, so a game dealt again holds the same bytes as one dealt once.
** kept: g's core already begins with placed tiles 1..kept (a deal of an
** earlier observation of the board obs extends), which are not written again. */
static void deal_hidden(MicropulGame *g, const PulObservation *o, PulRng *rng, int kept) {
    uint8_t pool[PUL_MAX_TILES];
    const uint8_t *from = o->unseen; /* no generator: dealt straight from the list */
    int n = o->nunseen;
    if (rng) {
        for (int i = 0; i < n; i++) pool[i] = o->unseen[i];
        for (int i = n - 1; i > 0; i--) {
            int j = (int)rng_below(rng, (uint32_t)(i + 1));
            uint8_t t = pool[i];
            pool[i] = pool[j];
            pool[j] = t;
        }
        from = pool;
    }
    int next = 0, me = o->seat;
    for (int s = 0; s < PUL_MAX_SEATS; s++) known_clear(g, s);
    for (int s = 0; s < o->nseats; s++) {
        uint8_t *hand = g->hand[s], *supply = g->supply[s];
        int nhand = o->hand_count[s], nsupply = o->supply_count[s];
        g->nhand[s] = (uint8_t)nhand;
        g->nsupply[s] = (uint8_t)nsupply;
        g->stones[s] = (uint8_t)o->stones_left[s];
        if (s == me) {
            for (int i = 0; i < nhand; i++) hand[i] = (uint8_t)o->hand[i];
            int j = 0;
            for (int i = 0; i < o->nknown; i++) {
                supply[j++] = (uint8_t)o->known[i];
                known_add(g, s, o->known[i]);
            }
            memcpy(supply + j, from + next, (size_t)(nsupply - j));
            next += nsupply - j;
        } else {
            memcpy(hand, from + next, (size_t)nhand);
            next += nhand;
            memcpy(supply, from + next, (size_t)nsupply);
            next += nsupply;
        }
        memset(hand + nhand, 0, sizeof g->hand[s] - (size_t)nhand);
        memset(supply + nsupply, 0, sizeof g->supply[s] - (size_t)nsupply);
    }
    /* Drawn part: every tile off the core but the start tile, any order (the
    ** board is down, so g's placed tiles are obs's). */
    uint8_t *core = g->core;
    int k = kept;
    for (int i = kept + 1; i < o->nplaced; i++) core[k++] = g->placed[i].tile;
    for (int s = 0; s < o->nseats; s++) {
        memcpy(core + k, g->hand[s], g->nhand[s]);
        k += g->nhand[s];
        memcpy(core + k, g->supply[s], g->nsupply[s]);
        k += g->nsupply[s];
    }
    g->core_top = (uint8_t)k;
    memcpy(core + k, from + next, (size_t)(n - next));
    k += n - next;
    g->ncore = (uint8_t)k;
    memset(core + k, 0, sizeof g->core - (size_t)k);
}

/* Whether g's board is the start of the one obs shows: the same seats and
** rules, its placed tiles and its stones the first of obs's. Then only the
** rest need be put down (g is a determinization of an earlier observation of
** the same game, or that game itself). */
static bool board_extends(const MicropulGame *g, const PulObservation *o, bool vouched) {
    if (!g->h.started || g->h.nseats != o->nseats || g->nplaced < 1 ||
        g->nplaced > o->nplaced || g->nplaced > MP_TILES ||
        g->nstones_placed > o->nstones ||
        memcmp(&g->rules, &o->rules, sizeof g->rules) != 0)
        return false;
    if (vouched) return true; /* the lists below were compared with a memo's */
    for (int i = 0; i < g->nplaced; i++) {
        const Placed *a = &g->placed[i];
        const PulPlaced *b = &o->placed[i];
        if (a->tile != b->tile || a->rot != b->rot || a->x != b->x || a->y != b->y) return false;
    }
    for (int i = 0; i < g->nstones_placed; i++) {
        const PulStone *a = &g->stone_list[i], *b = &o->stones[i];
        if (a->x != b->x || a->y != b->y || a->quad != b->quad || a->seat != b->seat)
            return false;
    }
    return true;
}

/* The counters before the arrays as a start leaves them, but the board's and
** the groups' (which g keeps). */
static void reset_keeping_board(MicropulGame *g) {
    MicropulGame keep;
    memcpy(&keep, g, offsetof(MicropulGame, core));
    memset(g, 0, offsetof(MicropulGame, core)); /* as start_reset, the cells aside */
    g->h.v = keep.h.v;
    g->h.fam = keep.h.fam;
    g->h.nseats = keep.h.nseats;
    g->rules = keep.rules;
    g->nplaced = keep.nplaced;
    g->nfront = keep.nfront;
    g->nstones_placed = keep.nstones_placed;
    g->nattach = keep.nattach;
    g->minx = keep.minx;
    g->maxx = keep.maxx;
    g->miny = keep.miny;
    g->maxy = keep.maxy;
    g->unclaimed = keep.unclaimed;
}

/* A claimed group merged into another (a tile put down after the claim, here
** or in the game g was) keeps its stones on its old root, where a rebuild
** (claims after every tile) leaves none: there only roots hold stones. */
static void clear_stale_stones(MicropulGame *g) {
    /* Without a branch, so the compiler may do many nodes at once; the count
    ** read once, as the byte stores could alias it. */
    int nodes = g->nplaced * 4;
    NodeId *root = g->root;
    uint8_t *stones = g->gstones, *owners = g->gowners;
    for (int n = 0; n < nodes; n++) {
        uint8_t keep = (uint8_t)-(root[n] == (NodeId)n);
        stones[n] &= keep;
        owners[n] &= keep;
    }
}

/* The whole of g zeroed, as the memset of place_board does, for a g that
** this file left (as_left: a memo's premise): since its last clear only
** rebuild_board, put_stones and deal_hidden wrote it, so past their counts
** its arrays hold zeros, but for frontier entries a swap left behind, all
** below the most cells the frontier ever had, at most 2 * tiles + 2 as the
** board only grew (micropul.h, MAX_FRONT). A game of a new deal then costs
** what its last board held, not the 12 KB of the whole. */
static void clear_as_left(MicropulGame *g) {
    int tiles = g->nplaced, nodes = tiles * 4, fronts = 2 * tiles + 2;
    if (fronts > MAX_FRONT) fronts = MAX_FRONT;
    board_clear(g);
    memset(g, 0, offsetof(MicropulGame, placed)); /* counters, core, hands, supplies */
    memset(g->placed, 0, (size_t)tiles * sizeof *g->placed);
    memset(g->front, 0, (size_t)fronts * sizeof *g->front);
    memset(g->stone_list, 0, sizeof g->stone_list);
    memset(g->root, 0, (size_t)nodes * sizeof *g->root);
    memset(g->gnext, 0, (size_t)nodes * sizeof *g->gnext);
    memset(g->gcount, 0, (size_t)nodes * sizeof *g->gcount);
    memset(g->gsize, 0, (size_t)nodes * sizeof *g->gsize);
    memset(g->gpoints, 0, (size_t)nodes * sizeof *g->gpoints);
    memset(g->gopen, 0, (size_t)nodes * sizeof *g->gopen);
    memset(g->gstones, 0, (size_t)nodes * sizeof *g->gstones);
    memset(g->gowners, 0, (size_t)nodes * sizeof *g->gowners);
}

/* The board and stones of obs on g, from scratch or, when g already holds the
** start of them, from there on; the same bytes either way. vouched: g is what
** the last call left (a memo's premise), so with nothing new on the board its
** groups hold stones at their roots alone and its points are still right. */
static PulStatus place_board(MicropulGame *g, const PulObservation *obs, bool extends,
                             bool vouched, bool as_left, PulError *err) {
    if (extends) {
        int tiles = g->nplaced, stones = g->nstones_placed;
        bool same = vouched && tiles == obs->nplaced && stones == obs->nstones;
        int32_t points[PUL_MAX_SEATS];
        memcpy(points, g->group_points, sizeof points);
        reset_keeping_board(g);
        if (same) {
            memcpy(g->group_points, points, sizeof points);
            return PUL_OK;
        }
        PulStatus st = rebuild_board(g, obs, tiles, err);
        /* no tile put down after g's claims: no claimed group merged */
        if (st == PUL_OK && stones > 0 && !(vouched && tiles == obs->nplaced))
            clear_stale_stones(g);
        if (st == PUL_OK) st = put_stones(g, obs, stones, err);
        if (st == PUL_OK) points_from_groups(g);
        return st;
    }
    /* All of it cleared, not only what a start clears: what g held before
    ** (another game, or this one played on) leaves nothing in the arrays, so
    ** the bytes are those of a new game object's rebuild. The grid is 0 but
    ** at placed and frontier cells (micropul.h), so those are cleared alone. */
    const PulVariant *v = g->h.v;
    if (as_left)
        clear_as_left(g);
    else {
        board_clear(g);
        memset(g, 0, offsetof(MicropulGame, grid));
        size_t end = offsetof(MicropulGame, grid) + sizeof g->grid; /* and any padding after it */
        memset((char *)g + end, 0, sizeof *g - end);
    }
    g->h.v = v;
    g->h.fam = v->fam;
    start_reset(g, &obs->rules, obs->nseats);
    PulStatus st = rebuild_board(g, obs, 0, err);
    if (st == PUL_OK) st = put_stones(g, obs, 0, err);
    if (st == PUL_OK) points_from_groups(g);
    return st;
}

/* Whether memo holds the lists g was last built from, and obs's begin with
** them: then g's placed tiles and stones are obs's first ones, found by
** comparing lists of the same layout a run at a time, not g's board tile by
** tile. The counts and action count of g are a check on a caller that
** changed g in between, not a proof. */
static bool memo_as_left(const MicropulGame *g, const MicropulMemo *m) {
    return m && m->valid && g->h.started && m->nplaced == g->nplaced &&
           m->nstones == g->nstones_placed && m->turns == g->h.turns;
}

static bool memo_vouches(const MicropulGame *g, const PulObservation *o, const MicropulMemo *m) {
    if (!memo_as_left(g, m) || o->nplaced < m->nplaced || o->nstones < m->nstones) return false;
    return memcmp(o->placed, m->placed, (size_t)m->nplaced * sizeof *o->placed) == 0 &&
           memcmp(o->stones, m->stones, (size_t)m->nstones * sizeof *o->stones) == 0;
}

/* obs's lists into memo, for the next call (vouched: memo holds their start). */
static void memo_keep(MicropulMemo *m, const PulObservation *o, bool vouched) {
    int from = vouched ? m->nplaced : 0, stones = vouched ? m->nstones : 0;
    if (!vouched)
        for (int w = 0; w < LAYOUT_TILE_WORDS; w++) m->bits[w] = 0;
    memcpy(m->placed + from, o->placed + from, (size_t)(o->nplaced - from) * sizeof *o->placed);
    for (int i = from; i < o->nplaced; i++) tile_bit(m->bits, o->placed[i].tile, MP_TILES);
    memcpy(m->stones + stones, o->stones + stones, (size_t)(o->nstones - stones) * sizeof *o->stones);
    m->nplaced = o->nplaced;
    m->nstones = o->nstones;
    m->turns = o->turns;
    m->valid = 1;
}

static PulStatus determinize(PulGame *pg, const PulObservation *obs, PulRng *rng,
                             MicropulMemo *memo, PulError *err) {
    MicropulGame *g = MG(pg);
    /* g as the last call left it: then the memo's lists are g's (below) and
    ** its arrays are zero past what that call wrote (clear_as_left). */
    bool as_left = memo_as_left(g, memo);
    bool vouched = as_left && memo_vouches(g, obs, memo);
    if (memo) memo->valid = 0; /* till obs is built */
    PulStatus st = check_counts(g, obs, vouched ? memo : NULL, err);
    if (st != PUL_OK) return st;
    /* Rules equal to those of the game g holds were checked when it began. */
    bool extends = board_extends(g, obs, vouched);
    /* placed tiles 1.. of g's core that the last call's deal wrote, still so */
    int kept = vouched && extends ? g->nplaced - 1 : 0;
    if (!extends && (st = pul_rules_validate(&obs->rules, err)) != PUL_OK) return st;
    if ((st = place_board(g, obs, extends, vouched, as_left, err)) != PUL_OK) {
        /* never a half-built game: what is left is empty and not started */
        start_reset(g, &obs->rules, obs->nseats);
        return st;
    }
    g->h.loser = (int8_t)obs->loser;
    g->h.to_move = (uint8_t)obs->to_move;
    g->in_extra = obs->extra_turn;
    g->extra_left = (uint8_t)(obs->extra_pending < 0 ? 0 : obs->extra_pending > 255 ? 255
                                                                                     : obs->extra_pending);
    g->h.over = obs->over;
    g->h.end_reason = (uint8_t)obs->end_reason;
    g->h.turns = obs->turns;
    deal_hidden(g, obs, rng, kept);
    g->h.seed = rng ? rng_next(rng) : 0;
    pul_rng_seed(&g->h.rng, g->h.seed);
    g->h.started = 1;
    if (memo) memo_keep(memo, obs, vouched && extends);
    err_clear(err);
    return PUL_OK;
}

PulStatus determinize_game(PulGame *g, const PulObservation *obs, PulRng *rng, PulError *err) {
    return determinize(g, obs, rng, NULL, err);
}

/* What determinize gives on a copy of a game it built from obs: the board,
** the stones and every counter are obs's already (a rebuild would write the
** same bytes), and the core's drawn part begins with the placed tiles
** 1..nplaced-1 that the first deal wrote; only the unseen tiles are dealt
** again, from the same draws of rng, and the game's generator seeded. */
void determinize_redeal(PulGame *pg, const PulObservation *obs, PulRng *rng) {
    MicropulGame *g = MG(pg);
    deal_hidden(g, obs, rng, g->nplaced - 1);
    g->h.seed = rng ? rng_next(rng) : 0;
    pul_rng_seed(&g->h.rng, g->h.seed);
}

PulStatus determinize_kept(PulGame *g, const PulObservation *obs, void *memo, PulError *err) {
    return determinize(g, obs, NULL, memo, err);
}
