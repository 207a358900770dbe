/*
** replay_genial.c: what `pul replay` shows of an Einfach Genial game: each
** move's events in words (halves scored, track ends, bonus placements with
** the theme's shout, draws), and the position as term_hex.c draws it.
*/
#include <string.h>

#include "cli.h"
#include "replay.h"
#include "replay_text.h"
#include "term_hex.h"

/* A part's name in the theme; an edition without one has English words. */
static const char *part(const Replay *r, int p) {
    static const char *const plain[PUL_NPARTS] = {
        [PUL_PART_BAG] = "bag", [PUL_PART_RACK] = "rack", [PUL_PART_TRACK] = "track",
        [PUL_PART_BONUS] = "Bonus!"};
    const char *name = r->theme ? pul_theme_part_name(r->theme, p, r->style.lang) : "";
    return name && *name ? name : plain[p] ? plain[p] : "";
}

static const char *symbol_name(const Replay *r, int s) {
    const PulSymbolSet *ss = pul_variant_symbols(r->variant);
    if (r->theme && s < r->theme->nfeatures) return pul_theme_feature_name(r->theme, s, r->style.lang);
    return ss && s < ss->nsymbols ? ss->symbol[s].name : "?";
}

/* The kinds of the events of one kind (draws, returns) as "rg, oy". */
static void kinds_of(const Replay *r, const PulEvents *ev, int kind, char *buf, size_t size) {
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < ev->n; i++) {
        if (ev->ev[i].kind != kind) continue;
        char letters[3];
        hex_kind_letters(r->variant, ev->ev[i].tile, letters);
        n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s", n ? ", " : "", letters);
    }
}

void replay_genial_events(FILE *out, const Replay *r, int k) {
    static const int dq[6] = {1, 0, -1, -1, 0, 1}, dr[6] = {0, 1, 1, 0, -1, -1};
    const PulEvents *ev = &r->events[k - 1];
    const PulSymbolSet *ss = pul_variant_symbols(r->variant);
    char kinds[8 * PUL_MAX_EVENTS];
    bool drew = false, returned = false;
    for (int i = 0; i < ev->n; i++) {
        const PulEvent *e = &ev->ev[i];
        switch (e->kind) {
        case PUL_EV_PLACED:
            if (ss && e->tile < ss->nkinds && e->rot < 6) {
                int a = e->quad ? ss->kind[e->tile].b : ss->kind[e->tile].a;
                int b = e->quad ? ss->kind[e->tile].a : ss->kind[e->tile].b;
                replay_show(out, r, "  ", RT_G_PLACED, symbol_name(r, a), e->x, e->y,
                            symbol_name(r, b), e->x + dq[e->rot], e->y + dr[e->rot]);
            }
            break;
        case PUL_EV_SCORED:
            replay_show(out, r, "  ", RT_G_SCORED, symbol_name(r, e->feature), e->count,
                        part(r, PUL_PART_TRACK), e->value,
                        e->tile ? replay_text(RT_G_SEGMENT_END, r->style.lang) : "");
            break;
        case PUL_EV_BONUS:
            replay_show(out, r, "  ", RT_G_BONUS, part(r, PUL_PART_BONUS), e->count);
            break;
        case PUL_EV_BONUS_LOST:
            replay_show(out, r, "  ", RT_G_BONUS_LOST, e->count, part(r, PUL_PART_RACK));
            break;
        case PUL_EV_REFILLED:
            replay_show(out, r, "  ", RT_G_REFILLED, part(r, PUL_PART_RACK), e->count,
                        part(r, PUL_PART_BAG));
            break;
        case PUL_EV_SWAPPED:
            replay_show(out, r, "  ", RT_G_SWAPPED, part(r, PUL_PART_RACK), e->count,
                        part(r, PUL_PART_BAG));
            break;
        case PUL_EV_DREW:
            /* A replay hides nothing: the kinds drawn, all on one line. */
            if (!drew) {
                kinds_of(r, ev, PUL_EV_DREW, kinds, sizeof kinds);
                if (kinds[0]) replay_show(out, r, "  ", RT_G_DREW, kinds);
            }
            drew = true;
            break;
        case PUL_EV_RETURNED:
            if (!returned) {
                kinds_of(r, ev, PUL_EV_RETURNED, kinds, sizeof kinds);
                replay_show(out, r, "  ", RT_G_RETURNED, kinds, part(r, PUL_PART_BAG));
            }
            returned = true;
            break;
        case PUL_EV_GAME_OVER: {
            char why[512];
            pul_end_explain(r->pos[k], r->style.lang, why, sizeof why);
            replay_show(out, r, "  ", RT_EV_GAME_OVER, why);
            break;
        }
        default: break;
        }
    }
}

/* Who is to do what, or the result with each seat's score. */
static void status(FILE *out, const Replay *r, const PulGame *g) {
    int nseats = pul_game_seats(g);
    if (!pul_game_over(g)) {
        int seat = pul_game_to_move(g) + 1;
        if (pul_genial_bonus_owed(g) > 0)
            replay_show(out, r, "", RT_G_TO_BONUS, seat, pul_genial_bonus_owed(g));
        else if (pul_genial_turn_end_due(g))
            replay_show(out, r, "", pul_genial_swap_allowed(g) ? RT_G_TO_END : RT_G_TO_REFILL,
                        seat, part(r, PUL_PART_RACK));
        else
            replay_show(out, r, "", RT_G_TO_PLACE, seat);
        return;
    }
    char why[512];
    replay_show(out, r, "", RT_G_OVER, pul_end_explain(g, r->style.lang, why, sizeof why));
    int winners[PUL_MAX_SEATS], nwin = pul_game_winners(g, winners, PUL_MAX_SEATS);
    for (int s = 0; s < nseats; s++) {
        CliScore b;
        cli_score(g, s, &b);
        /* The part of the lowest track counts its symbol (pul.h). */
        const char *low = symbol_name(r, b.count[PUL_SCORE_LOWEST_TRACK]);
        bool won = false;
        for (int w = 0; w < nwin; w++) won |= winners[w] == s;
        if (nseats == 1)
            replay_show(out, r, "", RT_G_END_SOLO, b.total, low);
        else
            replay_show(out, r, "", RT_G_END_SEAT, s + 1, b.total, low,
                        won ? replay_text(RT_END_WINS, r->style.lang) : "");
    }
}

void replay_genial_position(FILE *out, const Replay *r, int k) {
    const PulGame *g = r->pos[k];
    PulGenialPlaced placed[PUL_GENIAL_MAX_PLACED];
    int n = pul_genial_placed(g, placed, PUL_GENIAL_MAX_PLACED);
    if (n > PUL_GENIAL_MAX_PLACED) n = PUL_GENIAL_MAX_PLACED;
    bool over = pul_game_over(g);
    hex_draw_table(out, g, r->theme, &r->style, over ? -1 : pul_game_to_move(g),
                   n > 0 ? &placed[n - 1] : NULL, n > 0 ? 1 : 0, r->cols - 1);
    fputc('\n', out);
    status(out, r, g);
}
