/*
** test_genial_list.c: the writers of Genial's placement list (genial_list.h:
** portable, SSE2, AVX2), each forced in turn on every path this machine has,
** give the list in its canonical order, byte for byte as a plain writer here
** makes it, and write nothing past it: positions of random games, with racks
** of 1 to 16 orientations and candidate sets cut to 1, 2, 3 and 5 pairs (the
** vector writers' last blocks go through a buffer of their own).
*/
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "genial_fixture.h"
#include "genial_list.h"
#include "genial_moves.h"
#include "rng.h"

enum { SPARE = 24 }; /* placements after the list that must stay as they were */
static PulAction want[PUL_MAX_ACTIONS], got[PUL_MAX_ACTIONS + SPARE];
static int lists[GENIAL_LIST_PATHS];

/* The list as its definition says (genial_moves.h), one placement at a time. */
static int reference(const PulGame *pg) {
    const GenialGame *g = GGC(pg);
    const GenialVariant *gv = GV(g);
    const GenialArea *a = genial_area(g);
    uint64_t cand[GENIAL_PAIR_WORDS];
    genial_candidates(g, cand);
    bool on_rack[GENIAL_MAX_KINDS] = {false};
    for (int i = 0; i < g->nrack[g->h.to_move]; i++) on_rack[g->rack[g->h.to_move][i]] = true;
    int n = 0;
    for (int id = 0; id < GENIAL_MAX_PAIRS; id++) {
        if (!(cand[id / 64] >> (id % 64) & 1)) continue;
        int c = a->pair_a[id];
        for (int k = 0; k < gv->nkinds; k++)
            for (int flip = 0; on_rack[k] && flip < 2; flip++) {
                if (flip && gv->kind_sym[k][0] == gv->kind_sym[k][1]) break;
                memset(&want[n], 0, sizeof want[n]);
                want[n] = (PulAction){PUL_PLACE, (uint8_t)k, a->pair_dir[id], (uint8_t)flip,
                                      gv->cell_q[c], gv->cell_r[c]};
                n++;
            }
    }
    return n;
}

/* The list by every writer this machine runs, with room for it exactly and
** with room to spare: the reference's bytes, and the spare ones untouched. */
static void check_writers(const PulGame *g) {
    int n = reference(g);
    for (int path = 0; path < GENIAL_LIST_PATHS; path++) {
        if (!genial_list_use(path)) continue;
        for (int room = 0; room < 2; room++) {
            int max = room ? PUL_MAX_ACTIONS : n;
            memset(got, 0xA5, sizeof got);
            CHECK_INT(genial_legal_placements(g, got, max), n);
            if (memcmp(got, want, (size_t)n * sizeof *got) != 0) {
                int i = 0;
                while (memcmp(&got[i], &want[i], sizeof *got) == 0) i++;
                fprintf(stderr, "writer %d: placement %d of %d differs\n", path, i, n);
                CHECK(false);
            }
            const unsigned char *after = (const unsigned char *)&got[n];
            for (size_t b = 0; b < SPARE * sizeof *got; b++)
                if (after[b] != 0xA5) {
                    fprintf(stderr, "writer %d: byte %zu past the list of %d written\n", path,
                            b, n);
                    CHECK(false);
                    break;
                }
        }
        lists[path]++;
    }
}

/* g with the seat to move holding kinds (nk of them) and, when cut > 0 and
** no first-round constraint narrows the pairs, only cut empty pairs left:
** the last ones, or every other one from the start (both ends of the set). */
static void check_rack(const PulGame *g, PulGame *t, const uint8_t *kinds, int nk, int cut,
                       bool from_end) {
    pul_game_copy(t, g);
    GenialGame *tg = GG(t);
    int seat = tg->h.to_move;
    tg->nrack[seat] = (uint8_t)nk;
    memcpy(tg->rack[seat], kinds, (size_t)nk);
    if (cut > 0 && !genial_first_need(tg) && tg->nempty > cut) {
        int keep = 0, seen = 0;
        for (int w = 0; w < GENIAL_PAIR_WORDS; w++) {
            uint64_t bits = tg->empty[w], kept = 0;
            for (; bits; bits &= bits - 1, seen++) {
                bool take = from_end ? seen >= tg->nempty - cut : seen % 2 == 0 && keep < cut;
                if (take) {
                    kept |= bits & -bits;
                    keep++;
                }
            }
            tg->empty[w] = kept;
            tg->nempty_word[w] = (uint8_t)popcount64(kept);
        }
        tg->nempty = keep;
    }
    check_writers(t);
}

/* Racks of every orientation count: doubles (one each) and mixed kinds (two). */
static void check_racks(const PulGame *g, PulGame *t, PulRng *rng) {
    const GenialVariant *gv = GV(GGC(g));
    uint8_t doubles[GENIAL_MAX_KINDS], mixed[GENIAL_MAX_KINDS];
    int nd = 0, nm = 0;
    for (int k = 0; k < gv->nkinds; k++) {
        if (gv->kind_sym[k][0] == gv->kind_sym[k][1]) doubles[nd++] = (uint8_t)k;
        else mixed[nm++] = (uint8_t)k;
    }
    static const int cuts[] = {0, 1, 2, 3, 5};
    for (int orient = 1; orient <= 2 * GENIAL_RACK_MAX; orient++) {
        /* orient = 2 x mixed + doubles, within a rack of GENIAL_RACK_MAX */
        int m = orient / 2, d = orient % 2;
        if (m > GENIAL_RACK_MAX - d) continue;
        uint8_t rack[GENIAL_RACK_MAX];
        int nk = 0;
        for (int i = 0; i < m; i++) rack[nk++] = mixed[(i * 3 + pul_rng_below(rng, 3)) % nm];
        for (int i = 0; i < d; i++) rack[nk++] = doubles[pul_rng_below(rng, (uint32_t)nd)];
        /* distinct kinds: a repeat would count once */
        bool dup = false;
        for (int i = 0; i < nk; i++)
            for (int j = 0; j < i; j++) dup |= rack[i] == rack[j];
        if (dup) continue;
        for (size_t c = 0; c < sizeof cuts / sizeof *cuts; c++) {
            check_rack(g, t, rack, nk, cuts[c], true);
            if (cuts[c]) check_rack(g, t, rack, nk, cuts[c], false);
        }
    }
}

static void play(const char *edition, int nseats, int games, uint64_t seed) {
    PulVariant *v = fx_variant(edition);
    CHECK(v != NULL);
    if (!v) return;
    PulRng rng;
    pul_rng_seed(&rng, seed);
    PulGame *g = pul_game_new(v), *t = pul_game_new(v);
    for (int k = 0; g && t && k < games; k++) {
        PulError err;
        CHECK(pul_game_start(g, nseats, seed + (uint64_t)k, NULL, 0, &err) == PUL_OK);
        for (int step = 0; !pul_game_over(g) && step < 2000; step++) {
            check_writers(g);
            if (step % 7 == 0 && GGC(g)->phase != GENIAL_END) check_racks(g, t, &rng);
            PulAction a;
            CHECK(genial_random_action(g, &rng, &a));
            CHECK_INT(genial_apply(g, &a, NULL), PUL_LEGAL);
        }
    }
    pul_game_free(t);
    pul_game_free(g);
    pul_variant_free(v);
}

static void test_writers(void) {
    play("genial", 2, 2, 7);
    play("genial", 4, 1, 17);
    play("genial-solo", 1, 1, 27);
    /* every path this build and processor have was taken */
    for (int path = 0; path < GENIAL_LIST_PATHS; path++) {
        bool runs = genial_list_path[path] &&
                    (path != GENIAL_LIST_AVX2 || cpu_x86_avx2());
        printf("writer %d: %s, %d lists\n", path, runs ? "runs" : "absent", lists[path]);
        CHECK(runs == (lists[path] > 0));
    }
    /* a build that could have a writer has it (a build without SSE2, such
    ** as one made with -U__SSE2__ to test the portable paths, has none) */
#if defined(__SSE2__) && defined(__GNUC__)
    CHECK(genial_list_path[GENIAL_LIST_SSE2] != NULL);
#endif
#if defined(CPU_X86_TARGETS)
    CHECK(genial_list_path[GENIAL_LIST_AVX2] != NULL);
#endif
    CHECK(!genial_list_use(GENIAL_LIST_PATHS) && !genial_list_use(-1));
}

/* The writer chosen by default (before any test forces one) is the best
** this machine runs. */
static void test_choice(void) {
    int best = GENIAL_LIST_AVX2;
    while (!genial_list_path[best] || (best == GENIAL_LIST_AVX2 && !cpu_x86_avx2()))
        best--;
    CHECK(genial_list_writer() == genial_list_path[best]);
    CHECK(genial_list_writer() == genial_list_path[best]);
}

int main(void) {
    RUN(test_choice);
    RUN(test_writers);
    return CHECK_DONE();
}
