/*
** record_game.c: what a PMN record's tags say (PMN.md): the variant it is
** played with, the players and, through the family, the deal, each value
** read to the letter.
*/
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "pmn_text.h"
#include "record.h"
#include "tags.h"

/* A pmn-tag error at the tag's value, offset characters in (at the record
** when the tag is missing). */
static PulStatus tag_error(PulError *err, const PulRecord *r, const RecordTag *t, int offset,
                           const char *code, const char *fmt, ...) PUL_PRINTF(6, 7);
static PulStatus tag_error(PulError *err, const PulRecord *r, const RecordTag *t, int offset,
                           const char *code, const char *fmt, ...) {
    char msg[sizeof err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int line = t ? t->line : 0;
    return err_setc(err, code, r->source, line, line ? t->column + offset : 0, "%s", msg);
}

static const char *cut(const char *s, char buf[PUL_TEXT_CUT_SIZE]) {
    return pul_text_cut(s, strlen(s), buf, PUL_TEXT_CUT_SIZE);
}

/* The record's tags as a family reads them (its deal). */
static bool reader_get(const void *ud, const char *name, TagValue *out) {
    const RecordTag *t = record_find_tag(ud, name, strlen(name));
    if (!t) return false;
    *out = (TagValue){t->value, t->line, t->column};
    return true;
}

/* Variant is not checked here: the caller made g for a variant already. */
PulStatus pul_record_start_game(const PulRecord *r, PulGame *g, PulError *err) {
    err_clear(err);
    if (!r || !g) return err_set(err, PUL_ERR_STATE, NULL, 0, 0, "no record or no game");
    const PulVariant *v = pul_game_variant(g);
    int min_players, max_players;
    pul_variant_players(v, &min_players, &max_players);
    const RecordTag *pt = record_find_tag(r, "Players", 7);
    if (!pt)
        return tag_error(err, r, NULL, 0, "pmn-tag",
                         "the record has no Players tag; add one, as in [Players \"2\"]");
    char buf[PUL_TEXT_CUT_SIZE];
    uint64_t players;
    if (!pmn_text_number(pt->value, strlen(pt->value), INT32_MAX, &players) ||
        players < (uint64_t)min_players || players > (uint64_t)max_players ||
        players > PUL_MAX_SEATS)
        return tag_error(err, r, pt, 0, "pmn-tag",
                         "Players \"%s\": %s is played by %d to %d players (a decimal number, "
                         "no leading zeros)",
                         cut(pt->value, buf), pul_variant_name(v), min_players, max_players);
    /* Seed is this engine's own tag (PMN.md): its number has PMN's spelling,
    ** but the 64 bits of pul play --seed. */
    uint64_t seed = 0;
    const RecordTag *st = record_find_tag(r, "Seed", 4);
    if (st && !pmn_text_number(st->value, strlen(st->value), UINT64_MAX, &seed))
        return tag_error(err, r, st, 0, "pmn-tag",
                         "Seed \"%s\": expected a decimal number below 2^64, without leading "
                         "zeros",
                         cut(st->value, buf));
    /* The deal is the family's (Micropul: the Core tag); without one the
    ** start shuffles from the seed. */
    TagReader tags = {r, r->source, reader_get};
    uint8_t deal[PUL_DEAL_MAX];
    int ndeal = 0;
    bool given = false;
    PulStatus s = family_deal_read(v, &tags, deal, &ndeal, &given, err);
    if (s != PUL_OK) return s;
    return pul_game_start(g, (int)players, seed, given ? deal : NULL, given ? ndeal : 0, err);
}

/* The record is emptied first. */
PulStatus pul_record_from_start(PulRecord *r, const PulGame *g) {
    if (!r || !g) return PUL_ERR_STATE;
    record_clear(r);
    char players[16];
    snprintf(players, sizeof players, "%d", pul_game_seats(g));
    PulStatus s = pul_record_set_tag(r, "Variant", pul_variant_name(pul_game_variant(g)));
    if (s == PUL_OK) s = pul_record_set_tag(r, "Players", players);
    /* The family's deal (Micropul: Core), then Seed. */
    TagOut deal[4];
    int n = family_deal_tags(g, deal, 4);
    for (int i = 0; i < n && i < 4 && s == PUL_OK; i++)
        s = pul_record_set_tag(r, deal[i].name, deal[i].value);
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)pul_game_seed(g));
    if (s == PUL_OK) s = pul_record_set_tag(r, "Seed", seed);
    return s;
}

/* ------------------------------------------------------------ the variant */

/* A variant name as a record may give it: what a variant folder on the
** search path can be called. No '/', no '.', so never a path. */
static bool variant_name_ok(const char *s) {
    size_t n = 0;
    for (; s[n]; n++) {
        char c = s[n];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-'))
            return false;
    }
    return n > 0 && n < PUL_NAME_MAX;
}

static PulStatus no_variant_tag(const PulRecord *r, PulError *err) {
    return tag_error(err, r, NULL, 0, "pmn-tag",
                     "the record has no Variant tag; PMN.md requires [Variant \"...\"] and "
                     "[Players \"...\"]");
}

PulVariant *pul_record_open_variant(const PulRecord *r, const char *search_dirs, PulError *err) {
    err_clear(err);
    if (!r) {
        err_set(err, PUL_ERR_STATE, NULL, 0, 0, "no record");
        return NULL;
    }
    const RecordTag *t = record_find_tag(r, "Variant", 7);
    if (!t) {
        no_variant_tag(r, err);
        return NULL;
    }
    char buf[PUL_TEXT_CUT_SIZE];
    if (!variant_name_ok(t->value)) {
        /* Never opened: a record is shared, and its tag must not reach a file
        ** the person who runs pul did not name. */
        tag_error(err, r, t, 0, "pmn-tag",
                  "Variant \"%s\" is not a variant name (1 to %d letters, digits, '_' or "
                  "'-'): a record names its edition, found on the search path, and never "
                  "gives a path",
                  cut(t->value, buf), PUL_NAME_MAX - 1);
        return NULL;
    }
    PulVariant *v = pul_variant_open(t->value, search_dirs, err);
    /* An edition that is there but fails to load (a broken file, a failing
    ** script) is reported where its fault is, not at the record's tag. */
    if (!v && strcmp(err->code, "not-found") != 0 && err->code[0]) return NULL;
    if (!v) {
        char code[sizeof err->code], msg[sizeof err->message];
        snprintf(code, sizeof code, "%s", err->code[0] ? err->code : "not-found");
        snprintf(msg, sizeof msg, "%s", err->message);
        /* The search's advice to give a path instead holds for a command
        ** line, not for a record. */
        char *path_advice = strstr(msg, ", or a path to a variant folder");
        if (path_advice) *path_advice = '\0';
        tag_error(err, r, t, 0, code, "Variant \"%s\": %s", t->value, msg);
        return NULL;
    }
    if (pul_record_check_variant(r, v, err) != PUL_OK) {
        pul_variant_free(v);
        return NULL;
    }
    return v;
}

PulStatus pul_record_check_variant(const PulRecord *r, const PulVariant *v, PulError *err) {
    err_clear(err);
    if (!r || !v) return err_set(err, PUL_ERR_STATE, NULL, 0, 0, "no record or no variant");
    const RecordTag *t = record_find_tag(r, "Variant", 7);
    if (!t) return no_variant_tag(r, err);
    /* Exactly, as PMN.md says: no trimming, no case folding. */
    if (strcmp(t->value, pul_variant_name(v)) == 0) return PUL_OK;
    char buf[PUL_TEXT_CUT_SIZE];
    const char *dir = pul_variant_info(v)->dir;
    return tag_error(err, r, t, 0, "pmn-tag",
                     "Variant \"%s\": the record is for that edition, not for %s%s%s%s; a "
                     "record is played with the edition it names",
                     cut(t->value, buf), pul_variant_name(v), dir[0] ? " (" : "", dir,
                     dir[0] ? ")" : "");
}
