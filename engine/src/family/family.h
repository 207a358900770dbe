/*
** family.h: the game interface. One table of functions per rules family
** (micropul_family in micropul/micropul.c, genial_family in genial/genial.c), in the
** manner of the bot kinds; the generic pul_* game functions (family/game.c) call
** through it and read the common game header (family/game.h), nothing else.
*/
#ifndef PUL_FAMILY_H
#define PUL_FAMILY_H

#include "common.h"
#include "tags.h" /* TagReader, TagOut: the deal slots' record tags */

typedef struct Family Family;

/* Where a family keeps its rules and how they read by name. */
#define FAMILY_RULES_MAX 512 /* most bytes of a family's rules struct (size below) */
typedef struct {
    int n;                                   /* parameters, in the rules struct's order */
    const PulParamInfo *(*param)(int i);     /* NULL out of range */
    size_t size;                             /* bytes of the family's rules struct */
    size_t in_variant, in_game;              /* offsets of that struct in its variant / game */
    void (*defaults)(void *rules);
    PulStatus (*validate)(const void *rules, PulError *err);
    int (*get)(const void *rules, int i);
    PulStatus (*set)(void *rules, int i, int value, PulError *err);
    /* The rules as a manifest leaves them, checked across fields before
    ** validate: false, with what to change in msg, when they contradict each
    ** other (the loader reports it as out-of-range at rules:). */
    bool (*manifest_check)(const void *rules, char *msg, size_t size);
} FamilyParams;

/* What the loader read from the files a family's editions name, for make. */
typedef struct {
    const PulTileSet *tiles;                 /* Micropul: the tile set */
    const PulSymbolSet *symbols;             /* Genial: the symbols and tile kinds */
    const PulBoard *board;                   /* Genial: the board */
} FamilyData;

/* The data files a family's editions name (Family.files): the manifest's
** tiles: is read as a tile set or as symbols, and board: is read only when
** the family asks for it. */
enum {
    FAMILY_FILE_TILESET = 1u << 0,           /* tiles: a tile set (tileset_yaml.c) */
    FAMILY_FILE_SYMBOLS = 1u << 1,           /* tiles: symbols and kinds (symbols_yaml.c) */
    FAMILY_FILE_BOARD = 1u << 2              /* board: a board (board_yaml.c) */
};

/* A hook point the family calls, for the script layer: its name in a script's
** table, its bit, and what a hook there may do. */
typedef struct {
    const char *name;
    unsigned bit;
    unsigned may;
} HookPoint;

/* Every slot is set by every family, but hooks (NULL with nhooks 0: no hook
** points), reason_text (NULL: the refusal in pul_reason_message's words) and
** margin (NULL: pul_game_margin from heuristic) and margins (NULL: by
** applying). */
struct Family {
    const char *name;                        /* "micropul": variant.yaml's family:, reports */
    size_t game_size;                        /* bytes of the family's game, header included:
                                                what pul_game_copy copies */
    size_t variant_size;                     /* bytes of its variant, header included */
    size_t snapshot_max;                     /* most bytes snapshot() writes */
    int max_actions;                         /* most legal actions in a position */
    const FamilyParams *params;
    const HookPoint *hooks;                  /* the hooks it offers scripts, or NULL */
    int nhooks;
    unsigned files;                          /* FAMILY_FILE_* bits: the files it reads */
    unsigned theme_parts;                    /* bit (1u << PulPart) per part its theme must
                                                give, and no other */

    /* variant: a new one named name from the loaded data and rules (copied;
    ** rules NULL: the family's defaults), its tables compiled */
    PulVariant *(*make)(const char *name, const FamilyData *data, const void *rules,
                        PulError *err);
    /* the per-item tables, from what the loader put in the variant */
    PulStatus (*compile)(PulVariant *v, PulError *err);
    /* the seats a variant is for */
    void (*players)(const PulVariant *v, int *min, int *max);

    /* start and deal: deal is the family's list of item ids (Micropul: the core,
    ** top first), NULL to shuffle from seed. Runs the setup and end hooks. */
    PulStatus (*start)(PulGame *g, int nseats, uint64_t seed, const uint8_t *deal, int ndeal,
                       PulError *err);

    /* actions */
    int (*legal_actions)(const PulGame *g, PulAction *out, int max);
    int (*legal_placements)(const PulGame *g, PulAction *out, int max);
    bool (*random_action)(const PulGame *g, PulRng *rng, PulAction *out);
    /* n random_action draws in a row from g, sharing their set-up; returns
    ** those drawn (n, or fewer when there is no action). NULL: n calls. */
    int (*random_actions)(const PulGame *g, PulRng *rng, PulAction *out, int n);
    PulReason (*check)(const PulGame *g, const PulAction *a);
    /* check, then apply; hooks run when the variant has them; on
    ** PUL_R_SCRIPT_ERROR the game is byte-identical to before. */
    PulReason (*apply)(PulGame *g, const PulAction *a, PulEvents *ev);
    /* apply without the check and without events: a is legal here (an
    ** action the family generated for this position); hooks run as in apply */
    PulReason (*apply_trusted)(PulGame *g, const PulAction *a);
    /* the action as done, read back from what apply wrote in ev (pul_apply
    ** keeps it in ev->done); a pass for ev->n == 0 */
    void (*events_action)(const PulEvents *ev, PulAction *out);

    /* result */
    void (*scores)(const PulGame *g, int *scores);                      /* nseats entries */
    int (*winners)(const PulGame *g, int *seats, int max);            /* writes max at most, returns all */
    int (*team)(const PulGame *g, int seat);                            /* 0-based team */
    int (*score_parts)(const PulGame *g, int seat, PulScorePart *out, int max);

    /* observation */
    void (*observe)(const PulGame *g, int seat, PulObservation *out);
    /* pul_observe_update: observe for out holding an earlier observation of
    ** that seat of g; byte for byte what observe writes */
    void (*observe_update)(const PulGame *g, int seat, PulObservation *out);
    PulStatus (*from_observation)(PulGame *g, const PulObservation *obs, PulRng *rng,
                                  PulError *err);
    uint64_t (*observation_hash)(const PulVariant *v, const PulObservation *obs);
    /* pul_game_from_observation_kept (NULL: from_observation without a
    ** generator): memo is memo_size bytes the caller keeps beside g */
    PulStatus (*from_observation_kept)(PulGame *g, const PulObservation *obs, void *memo,
                                       PulError *err);
    size_t memo_size;
    /* pul_game_redeal (NULL: from_observation): g a copy of a game that
    ** from_observation built from obs */
    void (*redeal)(PulGame *g, const PulObservation *obs, PulRng *rng);
    double (*heuristic)(const PulGame *g, int seat);
    /* pul_game_margin in one pass over the position (NULL: from heuristic,
    ** seat by seat); the same value to the last bit */
    double (*margin)(const PulGame *g, int seat);
    /* pul_action_estimates: the values of n actions for the seat to move, for
    ** ranking the actions of one position (scratch: a game of g's variant);
    ** listed: each is legal (pul_legal_estimates), none is checked */
    PulReason (*estimates)(const PulGame *g, const PulAction *a, int n, bool listed,
                           PulGame *scratch, double *values);
    /* pul_legal_margins (NULL: each action applied to g and undone) */
    PulReason (*margins)(PulGame *g, const PulAction *a, int n, double *values);

    /* text */
    bool (*action_parse)(const PulVariant *v, const char *text, PulAction *out);
    int (*action_format)(const PulVariant *v, const PulAction *a, char *buf, size_t size);
    int (*reason_text)(const PulGame *g, PulReason r, char *buf, size_t size); /* or NULL */

    /* records and the referee */
    /* *given false: the record has no deal tag (start shuffles from Seed). */
    PulStatus (*deal_read)(const PulVariant *v, const TagReader *tags, uint8_t *deal,
                           int *ndeal, bool *given, PulError *err);
    int (*deal_tags)(const PulGame *g, TagOut *out, int max);
    int (*report_move)(const PulGame *g, const PulEvents *ev, PulReason why, char *buf,
                       size_t size);
    int (*report_final)(const PulGame *g, char *buf, size_t size);

    /* board */
    bool (*bounds)(const PulGame *g, PulBounds *out);

    /* snapshot and restore: what one action can change, byte for byte */
    size_t (*snapshot)(const PulGame *g, void *buf);
    void (*restore)(PulGame *g, const void *buf);
    /* pul_game_copy_used (NULL: pul_game_copy): dst, a game of src's
    ** variant, becomes src in every byte the family reads, each list copied
    ** only up to its length (search copies its root once an iteration) */
    void (*copy_used)(PulGame *dst, const PulGame *src);

    /* the lab */
    const PulMetricInfo *metrics;            /* in the order rows show them */
    int nmetrics;
    void (*tally)(const PulGame *g, const PulEvents *ev, int32_t *m);
    void (*tally_end)(const PulGame *g, int32_t *m);
    /* pul_variant_feature: what a per-feature figure's index f names */
    int (*feature)(const PulVariant *v, int f, const char **name, int *cls);
    /* what differs between the pieces of two variants of the family */
    int (*piece_changes)(const PulVariant *a, const PulVariant *b, PulPieceChange *out, int max);
};

#define PUL_SNAPSHOT_MAX 49152 /* each family asserts snapshot_max <= it (Micropul's
                                  wide layout needs ~37 KB; guarded applies reserve it
                                  on the stack, untouched past what is written) */

#endif
