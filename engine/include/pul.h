/*
** pul.h: the whole public API of libpul, the engine for Micropul and the
** tile-laying games built on it. Plain C11; every name carries the pul_ prefix.
*/
#ifndef PUL_H
#define PUL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PUL_VERSION "0.1.0"

/* Capacity limits. PUL_MAX_TILES: tile ids are bytes, and 254 and 255 are
** the special values below, so a set can have 254 tiles at most; 250 keeps
** ids 250-253 free for later special values. A double (96) or a fivefold
** (240) set of the 48 tiles fits. Sets of up to 62 tiles play on the compact
** board the shipped editions use; larger ones on a wider one (the engine
** picks it when the variant loads; see pul_variant_game_size). The loaders
** reject a tile set with more tiles. */
#define PUL_MAX_TILES    250  /* tiles in one tile set, start tile included */
#define PUL_MAX_FEATURES 32   /* feature kinds in one tile set */
#define PUL_MAX_SEATS    6
#define PUL_MAX_HAND     16   /* upper bound for the rule parameter hand_limit */
#define PUL_MAX_STONES   16   /* upper bound for the rule parameter stones */
#define PUL_MAX_ACTIONS  33508 /* upper bound on legal actions in any position: a full
                                  hand in 4 rotations on every cell of the largest
                                  frontier (a line of PUL_MAX_TILES tiles has 2 x 250 +
                                  2; the frontier list holds 504), the takes, the
                                  claims and a pass */
#define PUL_MAX_EVENTS   64   /* upper bound on events of one apply */
#define PUL_NAME_MAX     32
/* Actions one game may last. A Micropul game without rule scripts has a few
** hundred at most (every tile placed and taken once, every stone, a pass per
** activated catalyst), so only an edition whose hooks keep a game going comes
** near: the action that reaches the limit ends the game (PUL_END_ACTION_LIMIT),
** and every driver (simulator, play, bots' playouts, referee) ends with it. */
#define PUL_ACTION_LIMIT 10000
#define PUL_NO_TILE      255  /* "no tile"; as the tile of a take: any, at random */
#define PUL_NO_SUCH_TILE 254  /* a move's tile id beyond every tile set (254 up to 2^31-1):
                                 nobody holds it, so it is refused as not_in_hand or
                                 not_in_supply (PMN.md), never read as another tile */
#define PUL_RECORD_MAX   (1 << 20) /* bytes: a longer game record is refused (too-large);
                                      real ones are a few KB */

/* ---------------------------------------------------------------- errors */

/* Status of a library call that can fail on bad input. */
typedef enum {
    PUL_OK = 0,
    PUL_ERR_IO,       /* a file could not be read or written */
    PUL_ERR_SYNTAX,   /* the text is not well-formed (YAML, PMN) */
    PUL_ERR_SCHEMA,   /* well-formed, but a field is missing, unknown or wrong */
    PUL_ERR_RANGE,    /* a value is outside what the engine allows */
    PUL_ERR_NOT_FOUND,/* a named variant, tile or tag does not exist */
    PUL_ERR_MEMORY,   /* the allocator refused */
    PUL_ERR_STATE,    /* the call does not fit the object's state */
    PUL_ERR_SCRIPT    /* a variant's Lua script failed (error, budget or memory) */
} PulStatus;

/* Filled by every call that can fail; nothing in the library prints. */
typedef struct {
    PulStatus status;
    char code[32];    /* what kind of mistake, stable for scripts and tests:
                         "unknown-key", "wrong-type", "missing-field", ...
                         (the list is in variants/README.md) */
    char file[256];   /* file or source name, "" when none */
    int line;         /* 1-based, 0 when unknown */
    int column;       /* 1-based, 0 when unknown */
    char message[512];/* what was wrong and what to do */
} PulError;

/* "file:line:col: code: message", for printing. Returns buf. */
const char *pul_error_format(const PulError *err, char *buf, size_t size);

/* ------------------------------------------------------------------ text */

/* Names, titles, script messages and records are UTF-8 that anyone may have
** written. The engine reads and shows them by these rules, and a program
** that shows them by the same rules shows them as the engine's messages do. */

/* The character at s, of the n bytes that may be read there: its length (1
** to 4) with its code point in *cp, or 0 when the bytes do not start a
** well-formed character (RFC 3629: no overlong form, no surrogate, nothing
** past U+10FFFF, nothing cut short; *cp is then U+FFFD). No byte is read
** past one that does not continue the character, so for a NUL-terminated
** string n may be SIZE_MAX. */
int pul_utf8_next(const char *s, size_t n, uint32_t *cp);

/* Whether cp must never be shown raw: controls drive a terminal (C0, DEL,
** C1), bidirectional controls reorder what a reader sees (U+061C, U+200E,
** U+200F, U+202A to U+202E, U+2066 to U+2069), the line and paragraph
** separators (U+2028, U+2029) break a line, and XML refuses U+FFFE, U+FFFF. */
bool pul_text_unsafe(uint32_t cp);

/* The terminal columns cp takes: 0 for combining marks, joiners and
** variation selectors, 2 for East Asian wide and emoji blocks, else 1. */
int pul_text_width(uint32_t cp);

/* The most bytes one character takes escaped, its NUL included ("\u202e"). */
#define PUL_TEXT_ESCAPE_MAX 7

/* s[0..n) into out (size bytes, always terminated when size > 0), safe to
** show: an unsafe character is written "\xNN" below U+0080 ("\n", "\r",
** "\t" for those three) and "\uNNNN" above, in lower-case hex ("\x1b",
** "\u009b", "\u202e"); a byte that is not UTF-8 is "\xNN" ("\xff"); the
** rest passes as it is. What does not fit is cut after a whole character
** or escape, and mark (such as "..."; NULL for none) ends what is kept,
** room made for it; out is "" when even the mark does not fit. Returns the
** bytes of s that out shows: n when it is whole. */
size_t pul_text_escape(char *out, size_t size, const char *s, size_t n, const char *mark);

/* A value as a message quotes it, so that a hostile one cannot flood a
** screen: s[0..n) itself when at most PUL_TEXT_CUT_MAX bytes, else its
** first PUL_TEXT_CUT_MAX bytes (fewer, to end at a whole character) and
** "... (N bytes)". A NUL byte ends s. Nothing is escaped: that is done
** where the message is shown. out holds PUL_TEXT_CUT_SIZE bytes to take any
** value whole; a smaller one cuts the result. Returns out. */
/* src into dst (size bytes, always terminated when size > 0), cut before a
** character's first byte when it does not fit, so a cut never leaves half a
** UTF-8 character. Returns the bytes copied. */
size_t pul_text_copy(char *dst, size_t size, const char *src);

#define PUL_TEXT_CUT_MAX 60
#define PUL_TEXT_CUT_SIZE (PUL_TEXT_CUT_MAX + 40)
const char *pul_text_cut(const char *s, size_t n, char *out, size_t size);

/* ------------------------------------------------------------- tile sets */

typedef enum {
    PUL_FEATURE_BLANK = 0,   /* nothing */
    PUL_FEATURE_MICROPUL,    /* joins tiles; one colour per feature */
    PUL_FEATURE_CATALYST     /* fires when it touches a micropul of another tile */
} PulFeatureClass;

typedef struct {
    char symbol;                 /* its character in tile notation "ab/cd" */
    char name[PUL_NAME_MAX];     /* e.g. "white", "one-dot" */
    uint8_t cls;                 /* PulFeatureClass */
    int32_t draw;                /* catalyst: tiles drawn from the core */
    bool extra_turn;             /* catalyst: grants an extra turn */
} PulFeature;

/* Quadrant order everywhere: nw ne sw se. */
enum { PUL_NW = 0, PUL_NE = 1, PUL_SW = 2, PUL_SE = 3, PUL_CENTRE = 4 };

typedef struct {
    uint8_t quad[4];  /* feature index per quadrant, in rotation 0; for a big
                         tile all four hold its micropul feature */
    bool big;         /* one micropul covering the tile */
    uint8_t centre;   /* big tile: the catalyst feature in its centre */
} PulTileDef;

/* A tile set as plain data: what tiles.yaml describes. */
typedef struct {
    char name[PUL_NAME_MAX];
    int nfeatures;
    PulFeature feature[PUL_MAX_FEATURES];
    int ntiles;                  /* tile ids are 0 .. ntiles-1 */
    PulTileDef tile[PUL_MAX_TILES];
    int start;                   /* id of the start tile */
} PulTileSet;

/* Read a tile set from YAML (see variants/README.md for the schema).
** Errors name file, line and column. */
PulStatus pul_tileset_load_file(PulTileSet *ts, const char *path, PulError *err);
PulStatus pul_tileset_load_string(PulTileSet *ts, const char *text, size_t len,
                                  const char *source_name, PulError *err);
/* Check a tile set built in C (the loaders call it too). */
PulStatus pul_tileset_validate(const PulTileSet *ts, PulError *err);
/* Quadrant features of tile t in rotation r (0-3, quarter turns clockwise). */
void pul_tileset_rotated(const PulTileSet *ts, int t, int r, uint8_t quad[4]);
/* The lowest tile id before t that is the same as t up to rotation, or -1. */
int pul_tileset_twin(const PulTileSet *ts, int t);
/* Distinct layouts of tile t over the four rotations: 1, 2 or 4 (0 for an
** id outside the set). */
int pul_tileset_layouts(const PulTileSet *ts, int t);

/* ------------------------------------------------ Einfach Genial: data */

/* The second family (issue 13): two-hex tiles of symbols on a hex board.
** What its tile file and board.yaml describe, as plain data. */
#define PUL_GENIAL_MAX_SYMBOLS 8
#define PUL_GENIAL_MAX_KINDS   36  /* pairs a <= b of 8 symbols */
#define PUL_GENIAL_MAX_PRINTED 16
#define PUL_GENIAL_MAX_PLACED  128 /* tiles on one board */
#define PUL_GENIAL_RACK_MAX    8   /* upper bound for the rule parameter rack_size */
#define PUL_GENIAL_MAX_ACTIONS 8704 /* upper bound on legal actions in a Genial position
                                       (within PUL_MAX_ACTIONS; board.yaml areas obey it) */

typedef struct {
    char letter;                 /* its letter in records: 'r' */
    char name[PUL_NAME_MAX];     /* "red": the theme's key for it */
} PulSymbol;

typedef struct { uint8_t a, b, count; } PulKind;   /* symbols a <= b, tiles of the kind */

typedef struct {
    char name[PUL_NAME_MAX];
    int nsymbols;
    PulSymbol symbol[PUL_GENIAL_MAX_SYMBOLS];
    int nkinds;                  /* kind ids 0 .. nkinds-1: the pairs a <= b, row by row */
    PulKind kind[PUL_GENIAL_MAX_KINDS];
} PulSymbolSet;

typedef enum { PUL_GRID_HEX = 0 } PulGrid;   /* pointy-top hexes, axial (q, r) */

typedef struct {
    int8_t q, r;
    uint8_t symbol;              /* symbol index (PUL_GENIAL_UNBOUND: read alone, not yet
                                    bound to a tile file's symbols) */
    int line, column;            /* where board.yaml gives it, for later errors */
} PulPrinted;
#define PUL_GENIAL_UNBOUND 255

typedef struct {
    char name[PUL_NAME_MAX];
    int grid;                    /* PulGrid */
    int radius;                  /* the board: every cell at distance <= radius */
    int area_radius[PUL_MAX_SEATS + 1];   /* play area by seat count; 0: none */
    int nprinted;
    PulPrinted printed[PUL_GENIAL_MAX_PRINTED];
    char written[PUL_GENIAL_MAX_PRINTED][PUL_NAME_MAX]; /* printed i's symbol as board.yaml
                                                          writes it: a letter or a name */
} PulBoard;

/* Load a tile file of symbols (records' letters, names) and kinds with
** counts, and a board (board.yaml): errors as file:line:col: code: message. */
PulStatus pul_symbols_load_string(PulSymbolSet *ss, const char *text, size_t len,
                                  const char *source, PulError *err);
PulStatus pul_symbols_load_file(PulSymbolSet *ss, const char *path, PulError *err);
PulStatus pul_board_load_string(PulBoard *b, const char *text, size_t len, const char *source,
                                PulError *err);
PulStatus pul_board_load_file(PulBoard *b, const char *path, PulError *err);

/* A tile on a Genial board: kind, the direction (0-5: e se sw w nw ne) from
** its first cell (q, r) to its second, and flip 1 when the kind's second
** symbol lies on the first cell. */
typedef struct { uint8_t kind, dir, flip; int32_t q, r; } PulGenialPlaced;

/* ----------------------------------------------------------------- rules */

typedef enum {
    PUL_CORE_EMPTY_IMMEDIATE = 0, /* the game ends as the last tile leaves the core */
    PUL_CORE_EMPTY_FINISH_TURN,   /* extra turns already earned are still played */
    PUL_CORE_EMPTY_FINISH_ROUND   /* play on until every seat has had as many turns */
} PulCoreEmptyEnd;

typedef enum {
    PUL_MERGED_SCORE_NONE = 0,  /* a group with more than one stone scores nothing */
    PUL_MERGED_SCORE_ONE_OWNER  /* ... unless all its stones are one seat's (Farmopul) */
} PulMergedScoring;

/* Every rule choice the seeds leave open, and every number of the rules.
** pul_rules_default gives RULES.md section 1. */
typedef struct {
    int min_players, max_players;   /* 1, 2 */
    int hand_size;                  /* tiles dealt to each hand: 6 */
    int hand_limit;                 /* take only while the hand holds fewer: 6 */
    int stones;                     /* per seat: 3 */
    int points_micropul;            /* per micropul of a scoring group: 1 */
    int points_big;                 /* per big micropul of a scoring group: 1 */
    int points_supply;              /* per tile in supply: 2 */
    int points_hand;                /* per tile in hand: 1 */
    bool rule1_attachment;          /* rule 1 (false: "simpler placement") */
    bool rule2_colours;             /* rule 2 */
    bool extra_turn_per_catalyst;   /* false: several crosses at once give one extra turn */
    bool extra_turn_chains;         /* true: an extra turn can earn another (Farmopul: false) */
    bool solo_extra_turn;           /* false: in solo the cross does nothing */
    int core_empty_end;             /* PulCoreEmptyEnd: PUL_CORE_EMPTY_IMMEDIATE */
    bool no_tiles_loses;            /* true: no tile in hand nor supply at turn start loses */
    bool no_action_loses;           /* true: no legal action loses; false: the turn is skipped */
    int merged_scoring;             /* PulMergedScoring: PUL_MERGED_SCORE_NONE */
} PulRules;

void pul_rules_default(PulRules *rules);
PulStatus pul_rules_validate(const PulRules *rules, PulError *err);

/* The rule parameters by name, for variant files, scripts and reports: one
** row per field of PulRules, in the struct's order. */
typedef enum { PUL_PARAM_INT = 0, PUL_PARAM_BOOL, PUL_PARAM_ENUM } PulParamType;
typedef struct {
    const char *name;         /* the field's name, as in variant.yaml: "hand_size" */
    int type;                 /* PulParamType */
    int min, max;             /* allowed values (bool: 0..1; enum: 0..nwords-1) */
    const char *const *words; /* enum: the value names, "immediate" ...; else NULL */
    const char *help;         /* one line for a person */
} PulParamInfo;

int pul_rules_nparams(void);
const PulParamInfo *pul_rules_param(int i);           /* NULL when out of range */
int pul_rules_param_find(const char *name);           /* index, or -1 */
int pul_rules_get(const PulRules *rules, int i);
/* Set parameter i; PUL_ERR_RANGE (nothing changed) outside min..max. */
PulStatus pul_rules_set(PulRules *rules, int i, int value, PulError *err);

/* -------------------------------------------------------------- languages */

/* The four languages of the rule books; every theme and variant text has an
** English version, the others fall back to it. */
typedef enum { PUL_LANG_EN = 0, PUL_LANG_JA, PUL_LANG_FR, PUL_LANG_ES, PUL_NLANGS } PulLang;
const char *pul_lang_code(int lang);      /* "en", "ja", "fr", "es"; NULL out of range */
int pul_lang_find(const char *code);      /* PulLang, or -1 */

#define PUL_LABEL_MAX 96     /* a localised name, UTF-8 bytes with the NUL */
#define PUL_TEXT_MAX  1024   /* a localised description */
#define PUL_GLYPH_MAX 16
#define PUL_COLOUR_MAX 24
#define PUL_ART_MAX   4096   /* one SVG snippet */
#define PUL_PATH_MAX  1024
#define PUL_MAX_SCRIPTS 16
#define PUL_BOTS_MAX  512    /* an edition's bot defaults, PulVariantInfo.bots, with the NUL */

/* ---------------------------------------------------------------- themes */

/* The things a theme names besides the tile set's feature kinds. */
typedef enum {
    PUL_PART_BIG = 0,   /* big micropul (Farmopul: big farmland) */
    PUL_PART_STONE,     /* stone (farmer) */
    PUL_PART_CORE,      /* the core (land) */
    PUL_PART_SUPPLY,    /* a supply (owned land) */
    PUL_PART_GROUP,     /* a group (farm) */
    PUL_PART_BAG,       /* Genial: the bag */
    PUL_PART_RACK,      /* Genial: a seat's rack */
    PUL_PART_TRACK,     /* Genial: a score track */
    PUL_PART_BONUS,     /* Genial: the bonus placement; its name is the shout */
    PUL_NPARTS
} PulPart;
/* "big", "stone", ... "group", "bag", "rack", "track", "bonus"; NULL out of range */
const char *pul_part_key(int part);

/* How one feature kind or part looks and is called. */
typedef struct {
    char key[PUL_NAME_MAX];               /* the feature's name in the tile set, or the part key */
    char name[PUL_NLANGS][PUL_LABEL_MAX]; /* every language filled (English where not given) */
    char glyph[PUL_GLYPH_MAX];            /* UTF-8, one or two terminal cells */
    char colour[PUL_COLOUR_MAX];          /* terminal colour: "#rrggbb" or an ANSI name */
    char art[PUL_ART_MAX];                /* SVG elements in the unit square (0,0)-(1,1):
                                             a quadrant for a feature, the tile for "big",
                                             the stone itself for "stone"; may be "" for
                                             core, supply and group */
} PulThemeEntry;

/* A theme: what theme.yaml describes (see variants/README.md). */
typedef struct {
    char name[PUL_NAME_MAX];
    char title[PUL_NLANGS][PUL_LABEL_MAX];
    int nfeatures;
    PulThemeEntry feature[PUL_MAX_FEATURES]; /* bound to a tile set: entry i is feature i */
    unsigned parts;                          /* bit (1u << p) for each part p it gives: a
                                                family's own parts, no other */
    PulThemeEntry part[PUL_NPARTS];          /* part p; all "" where parts lacks p */
    int nseat_colours;                       /* optional "seats:": 0 when not given */
    char seat_colour[PUL_MAX_SEATS][PUL_COLOUR_MAX]; /* seat s's colour, as colour above,
                                                        for s < nseat_colours */
} PulTheme;

/* Read a theme. With ts, every feature of ts must have an entry and every
** entry a feature, and the entries are put in ts's feature order; without
** it (NULL), the file is checked alone and entries keep the file's order.
** The theme is malloc'd: free it with pul_theme_free. */
PulTheme *pul_theme_load_file(const char *path, const PulTileSet *ts, PulError *err);
PulTheme *pul_theme_load_string(const char *text, size_t len, const char *source_name,
                                const PulTileSet *ts, PulError *err);
void pul_theme_free(PulTheme *theme);
/* Text in lang, never NULL. */
const char *pul_theme_feature_name(const PulTheme *theme, int feature, int lang);
const char *pul_theme_part_name(const PulTheme *theme, int part, int lang);

/* -------------------------------------------------------------- variants */

/* A variant: a tile set compiled into lookup tables, plus rules. Immutable
** once made, shared by any number of games and threads. */
typedef struct PulVariant PulVariant;

/* The tile set and rules are copied. */
PulVariant *pul_variant_new(const char *name, const PulTileSet *ts, const PulRules *rules,
                            PulError *err);
void pul_variant_free(PulVariant *v);
const char *pul_variant_name(const PulVariant *v);
const PulTileSet *pul_variant_tileset(const PulVariant *v);
const PulRules *pul_variant_rules(const PulVariant *v);

/* What variant.yaml says beyond the tile set and rules. */
typedef struct {
    char name[PUL_NAME_MAX];
    char title[PUL_NLANGS][PUL_LABEL_MAX];       /* every language filled */
    char description[PUL_NLANGS][PUL_TEXT_MAX];  /* every language filled */
    char extends[PUL_NAME_MAX];                  /* the parent's name; "" for none */
    char dir[PUL_PATH_MAX];                      /* the variant folder */
    char file[PUL_PATH_MAX];                     /* its variant.yaml ("" for a bare tile set) */
    char tiles_file[PUL_PATH_MAX];
    char board_file[PUL_PATH_MAX];               /* "" when the family reads no board */
    char theme_file[PUL_PATH_MAX];               /* "" when the variant has no theme */
    int nscripts;
    char script[PUL_MAX_SCRIPTS][PUL_PATH_MAX];  /* Lua files, resolved, in load order */
    /* The defaults the edition gives its bots (bots: in variant.yaml, merged
    ** down the extends chain), one bot a line as a spec would name them:
    ** "mcts:iters=1700,depth=1,samples=2"; "" for none. pul_bot_new starts
    ** from them, and a spec's own values override them. */
    char bots[PUL_BOTS_MAX];
} PulVariantInfo;

/* Find a variant by name or path and load it with everything it names.
** A name is looked up as <dir>/<name>/variant.yaml in each directory of the
** search path: ./variants, search_dirs (a ':'-separated list, may be NULL),
** the installed data directory, then $PUL_PATH. A path is a variant folder,
** a variant.yaml, or a tile set file (a variant with the default rules).
** The files a manifest names (tiles, theme, scripts, extends by path) must lie
** in its folder, in the folders of the editions it extends, or in a variants
** folder of the search path (scripts also in the scripts folder beside one):
** absolute paths, ".." and symbolic links leading elsewhere are refused with
** the code bad-reference, before anything there is read. */
PulVariant *pul_variant_open(const char *name_or_path, const char *search_dirs, PulError *err);
/* Load a variant from variant.yaml text. Relative paths in it are taken
** from dir, which is its own folder as above; extends: is looked up with
** search_dirs as above. */
PulVariant *pul_variant_load_string(const char *text, size_t len, const char *source_name,
                                    const char *dir, const char *search_dirs, PulError *err);
const PulVariantInfo *pul_variant_info(const PulVariant *v);
const PulTheme *pul_variant_theme(const PulVariant *v);   /* NULL when it has none */
/* Whether the variant runs Lua hooks. Such a variant holds its scripts
** compiled, immutable like the rest of it: any number of threads may share
** it. Each game object runs the hooks in a Lua state of its own, made at its
** first hook call and freed with it (pul_game_copy does not copy it): keep
** the positions of a game as copies and apply on one object, rather than a
** new object per move. */
bool pul_variant_has_scripts(const PulVariant *v);
/* Text in lang, never NULL. */
const char *pul_variant_title(const PulVariant *v, int lang);

/* Every variant folder on the search path (a folder holding variant.yaml),
** in search order, names sorted within each directory. A name found again in
** a later directory is passed too: the first is the one pul_variant_open
** uses, the later ones are shadowed. Calls fn with the name and folder;
** stops early when fn returns false. Returns the number of calls. */
int pul_variant_list(const char *search_dirs,
                     bool (*fn)(const char *name, const char *dir, void *ud), void *ud);
/* The directory pul_variant_open would use for name, written to out. */
PulStatus pul_variant_locate(const char *name, const char *search_dirs, char *out,
                             size_t size, PulError *err);
/* The installed data directory (holds variants/ and scripts/). */
const char *pul_data_dir(void);

/* ---------------------------------------------------------------- random */

/* The engine's one random generator (xoshiro128**-class, 128-bit state). */
typedef struct { uint64_t s[2]; } PulRng;
void pul_rng_seed(PulRng *rng, uint64_t seed);
uint64_t pul_rng_next(PulRng *rng);
uint32_t pul_rng_below(PulRng *rng, uint32_t n);   /* uniform in [0, n), n > 0 */

/* --------------------------------------------------------------- actions */

/* Micropul places, takes, claims and passes; Einfach Genial places, refills
** and swaps. A family's check refuses the kinds it does not have (bad_action). */
typedef enum { PUL_PLACE = 0, PUL_TAKE, PUL_CLAIM, PUL_PASS, PUL_REFILL, PUL_SWAP } PulActionKind;

typedef struct {
    uint8_t kind;   /* PulActionKind */
    uint8_t tile;   /* place: tile id; take: tile id, or PUL_NO_TILE for a random one;
                       Genial: place: the tile kind; refill, swap: the kinds named
                       (pul_action_draws), or PUL_NO_TILE to draw at random */
    uint8_t rot;    /* place: quarter turns clockwise, 0-3; Genial: the direction 0-5
                       (e se sw w nw ne) from (x, y) to the tile's other cell */
    uint8_t quad;   /* claim: PUL_NW .. PUL_SE; Genial place: 1 when the kind's second
                       symbol lies on (x, y) */
    int32_t x, y;   /* place, claim: the cell; x east, y south; Genial place: (q, r) of
                       the first cell; refill, swap: the kinds named, packed */
} PulAction;

/* The kinds a Genial refill or swap names, in the order drawn: writes up to
** max of them (at most 8 are kept) and returns how many the action names
** (0 for another kind of action, or a random draw: tile PUL_NO_TILE). */
#define PUL_DRAWS_MAX 8
int pul_action_draws(const PulAction *a, uint8_t *kinds, int max);
/* Names the kinds a refill or swap draws: the first PUL_DRAWS_MAX of them are
** kept, n itself (254 at most) is what pul_action_draws returns; kind and the
** rest of a stay as they are. */
void pul_action_set_draws(PulAction *a, const uint8_t *kinds, int n);

/* Why an action was refused. Each family's check applies its own order of
** precedence (PMN.md gives each family's); Genial's reasons come after
** Micropul's, and occupied is shared. */
typedef enum {
    PUL_LEGAL = 0,
    PUL_R_SYNTAX,
    PUL_R_GAME_OVER,
    PUL_R_OCCUPIED,
    PUL_R_NOT_ADJACENT,
    PUL_R_NO_ATTACHMENT,
    PUL_R_COLOUR_CONFLICT,
    PUL_R_NOT_IN_HAND,
    PUL_R_HAND_FULL,
    PUL_R_NOT_IN_SUPPLY,
    PUL_R_NO_STONES,
    PUL_R_NOT_MICROPUL,
    PUL_R_ALREADY_CLAIMED,
    PUL_R_NO_EXTRA_TURN,
    PUL_R_BAD_ACTION,       /* not an action at all (unknown kind, rotation > 3) */
    PUL_R_SCRIPT_ERROR,     /* a rule script failed; the game is as it was before the
                               action (pul_game_script_error says why) */
    PUL_R_REFILL_DUE,       /* Genial: the seat must refill or swap now */
    PUL_R_NOT_IN_RACK,      /* Genial: that kind is not on the seat's rack */
    PUL_R_OFF_BOARD,        /* Genial: a cell is outside the play area */
    PUL_R_FIRST_ROUND,      /* Genial: a first placement must touch a printed symbol
                               the first round still allows */
    PUL_R_PLACEMENT_DUE,    /* Genial: the seat must place a tile first */
    PUL_R_NO_SWAP,          /* Genial: a swap is not allowed now */
    PUL_R_BAD_DRAW,         /* Genial: not the kinds (or not as many) the rules draw */
    PUL_R_COUNT
} PulReason;

const char *pul_reason_code(PulReason r);     /* "occupied", as in PMN.md */
const char *pul_reason_message(PulReason r);  /* a sentence for a person, in English
                                                 and Micropul's words (pul_reason_explain:
                                                 an edition's words and a language) */

/* A move as text in the family of v (PMN for Micropul: "12@1,-2r3",
** "snw0,0", "t17", "pass"). parse returns false
** on a syntax error (PMN.md: numbers decimal, no leading zeros, no "-0", no
** '+', within 32-bit signed range); a tile id from 254 up is read as
** PUL_NO_SUCH_TILE. format returns the length written (snprintf-like). */
bool pul_action_parse(const PulVariant *v, const char *text, PulAction *out);
int pul_action_format(const PulVariant *v, const PulAction *a, char *buf, size_t size);

/* ---------------------------------------------------------------- events */

typedef enum {
    PUL_EV_PLACED = 0,  /* tile, rot, x, y */
    PUL_EV_TOOK,        /* tile taken from supply to hand */
    PUL_EV_CLAIMED,     /* x, y, quad: stone put on a group */
    PUL_EV_PASSED,
    PUL_EV_ACTIVATED,   /* x, y, quad (PUL_CENTRE for a big tile), feature */
    PUL_EV_DREW,        /* count tiles moved from core to the seat's supply */
    PUL_EV_EXTRA_TURN,  /* the seat moves again */
    PUL_EV_MERGED,      /* x, y, quad of the new tile's micropul; count groups joined,
                           value stones now on the group */
    PUL_EV_CLOSED,      /* x, y, quad of a micropul of the group; count its size;
                           value its owner seat (-1: scores for nobody) */
    PUL_EV_TURN_SKIPPED,/* seat had no legal action and was skipped */
    PUL_EV_GAME_OVER,   /* value PulEndReason; seat the loser or -1 */
    PUL_EV_REVEALED,    /* tile: a supply tile of seat now known to that seat (a script's peek) */
    /* Einfach Genial (PUL_EV_PLACED: tile kind, rot direction, quad flip, x, y = q, r) */
    PUL_EV_SCORED,      /* one half: x, y its cell; feature its symbol; quad the half in
                           written order (0/1); count its points; value the track after;
                           tile 1 when it reached a segment end */
    PUL_EV_BONUS,       /* count bonus placements owed now */
    PUL_EV_BONUS_LOST,  /* count owed placements lost to an empty rack */
    PUL_EV_REFILLED,    /* count tiles drawn (a bare refill has one event too) */
    PUL_EV_SWAPPED,     /* count tiles drawn by a swap */
    /* (PUL_EV_DREW: tile a kind drawn, count 1: known to the seat only) */
    PUL_EV_RETURNED     /* tile: a kind of a swap's old rack, back to the bag, shown to all */
} PulEventKind;

typedef struct {
    uint8_t kind;      /* PulEventKind */
    int8_t seat;       /* the seat acting, 0-based */
    uint8_t tile, rot, quad, feature;
    int32_t x, y;
    int32_t count;
    int32_t value;
} PulEvent;

typedef struct {
    int n;
    PulAction done;    /* the action as done (pul_events_action), whatever the family */
    PulEvent ev[PUL_MAX_EVENTS];
} PulEvents;

/* ------------------------------------------------------------------ game */

typedef enum {
    PUL_END_NONE = 0,   /* not over */
    PUL_END_CORE_EMPTY,
    PUL_END_NO_TILES,
    PUL_END_NO_ACTION,
    PUL_END_SCRIPT,     /* a rule script's is_over hook ended it */
    PUL_END_ACTION_LIMIT, /* the game reached PUL_ACTION_LIMIT actions (the edition's
                             hooks kept it going); winners as the scores stand */
    PUL_END_BOARD_FULL,   /* Genial: no two neighbouring cells of the play area are empty */
    PUL_END_SUDDEN_DEATH, /* Genial: a seat's (or team's) tracks all reached their end */
    PUL_END_COUNT
} PulEndReason;
/* "core_empty", ... "board_full", "sudden_death", "unfinished" for PUL_END_NONE */
const char *pul_end_reason_code(PulEndReason r);

/* All mutable state of one game: one flat block with no pointers into
** itself, so pul_game_copy is a memcpy (search copies it per iteration). */
typedef struct PulGame PulGame;

/* The bytes of a game object: pul_variant_game_size(v) for a game of v, at
** least pul_game_size() for any (every Genial edition, and every Micropul
** edition of up to 62 tiles, has exactly that). A larger tile set's games are
** larger; two games compare byte for byte over their variant's size. */
size_t pul_game_size(void);
size_t pul_variant_game_size(const PulVariant *v);
PulGame *pul_game_new(const PulVariant *v);          /* not started */
void pul_game_free(PulGame *g);
void pul_game_copy(PulGame *dst, const PulGame *src);
/* Search's copy: dst becomes src for every pul_* function (the same
** actions, results, observations and later play), copying only what src
** uses (its lists up to their lengths: a Micropul game early on is a tenth
** of its bytes), so the bytes past them may differ from src's. dst: a game
** of src's variant, made by pul_game_new and used by any pul_* function
** since; otherwise the whole game is copied, as pul_game_copy does. */
void pul_game_copy_used(PulGame *dst, const PulGame *src);

/* Scripts (WP-B): the last error a rule script raised in this game object
** (file: the script, line, and the hook in the message), or NULL when none
** has. A copy does not carry it: ask the object the action was applied on. */
const PulError *pul_game_script_error(const PulGame *g);

/* Start a game: the start tile placed, the core shuffled from seed (core
** NULL) or given top first (core, ncore: every non-start tile once), hands
** dealt. seed also seeds the game's generator (random takes). */
PulStatus pul_game_start(PulGame *g, int nseats, uint64_t seed, const uint8_t *core,
                         int ncore, PulError *err);

const PulVariant *pul_game_variant(const PulGame *g);
int pul_game_seats(const PulGame *g);
uint64_t pul_game_seed(const PulGame *g);      /* as given to pul_game_start */
int pul_game_to_move(const PulGame *g);        /* 0-based seat */
bool pul_game_in_extra_turn(const PulGame *g);
bool pul_game_over(const PulGame *g);
PulEndReason pul_game_end_reason(const PulGame *g);
int pul_game_loser(const PulGame *g);          /* seat that lost, or -1 */
int pul_game_turns(const PulGame *g);          /* actions applied, PUL_ACTION_LIMIT at most */
int pul_game_core_count(const PulGame *g);
/* The list getters below take the size of the caller's buffer last, as
** pul_legal_actions does: they write min(count, max) entries and return the
** full count, so a short buffer is never overrun and a call with out NULL and
** max 0 counts. */
/* The core as dealt from: every non-start tile, top first; the first
** pul_game_core_drawn of them have left it. Returns the count. */
int pul_game_core_initial(const PulGame *g, uint8_t *out, int max);
int pul_game_core_drawn(const PulGame *g);
int pul_game_hand(const PulGame *g, int seat, uint8_t *out, int max);   /* returns count */
int pul_game_supply(const PulGame *g, int seat, uint8_t *out, int max); /* returns count */
int pul_game_stones(const PulGame *g, int seat);                 /* left to play */
/* The supply tiles seat knows (revealed by a script). A take may name a
** known tile; a random take draws among the unknown ones. pul_game_known:
** a bit per tile id, tiles 0-63 only; pul_game_knows: any tile. */
uint64_t pul_game_known(const PulGame *g, int seat);
bool pul_game_knows(const PulGame *g, int seat, int tile);
/* The rules this game is played by: the variant's, as its setup hook left them. */
const PulRules *pul_game_rules(const PulGame *g);

typedef struct { uint8_t tile, rot; int32_t x, y; } PulPlaced;
int pul_game_placed(const PulGame *g, PulPlaced *out, int max); /* in order; returns count */
/* The tile on a cell: true and tile/rot set, or false when empty. */
bool pul_game_cell(const PulGame *g, int32_t x, int32_t y, int *tile, int *rot);

typedef struct {
    int colour;        /* micropul feature index */
    int size;          /* micropul count; a big micropul is 1 */
    int points;        /* what it is worth when scoring */
    int stones;        /* stones on it */
    uint32_t owners;   /* bit s: seat s has a stone on it */
    bool closed;
    int scorer;        /* closed: the seat the rules score it for (its one stone's
                          owner; RULES.md 1), else -1; a score_group hook may
                          have given the points elsewhere */
    int id;            /* the same for every micropul of the group, different for
                          another group, in this position (a front end outlines a
                          group with it; it may change with the next action) */
} PulGroupInfo;
/* The group of the micropul at (x, y, quad); false when there is none. */
bool pul_game_group(const PulGame *g, int32_t x, int32_t y, int quad, PulGroupInfo *out);

typedef struct { int32_t x, y; uint8_t quad; int8_t seat; } PulStone;
int pul_game_stones_on_board(const PulGame *g, PulStone *out, int max); /* returns count */

/* Scores as the rules would count them now (kept incrementally), a seat
** each: writes min(seats, max), returns the seats. */
int pul_game_scores(const PulGame *g, int *scores, int max);
/* The same, recounted from the board alone by the rules: a check on the
** incremental count. It leaves out what score_group and final_scores hooks
** changed (pul_game_scores minus this is what the scripts gave). Micropul
** only: 0 (nothing written) for a Genial game, whose tracks depend on the
** order of the placements. */
int pul_game_scores_recount(const PulGame *g, int *scores, int max);
/* Winning seats (tied at the top; a losing seat never wins). Returns count. */
int pul_game_winners(const PulGame *g, int *seats, int max);

/* A refusal explained in lang (PulLang; others give English) in the
** words of the theme of g's edition: its names for the feature kinds, stones,
** groups and supply (never "micropul" in an edition that calls them
** otherwise), a numbered rule with what it asks, the hand limit of g's
** rules. g may be NULL (Micropul's words). Writes at most size bytes (a few
** hundred suffice) and returns buf. */
const char *pul_reason_explain(const PulGame *g, PulReason r, int lang, char *buf,
                               size_t size);
/* Why g's game ended (or that it has not), in lang and the words of its
** theme, as pul_reason_explain words refusals: "the last tile left the core".
** Writes at most size bytes (a few hundred suffice) and returns buf. */
const char *pul_end_explain(const PulGame *g, int lang, char *buf, size_t size);
/* Whether a is legal now: PUL_LEGAL or the first reason it is not. */
PulReason pul_check(const PulGame *g, const PulAction *a);
/* Apply a if legal; fills ev (may be NULL). On refusal the game is untouched
** and ev holds no event. */
PulReason pul_apply(PulGame *g, const PulAction *a, PulEvents *ev);
/* The playout path of bots and the lab: apply a without checking it and
** without events. a must be an action pul_legal_actions or pul_random_action
** gave for this very position (or for a byte-identical game); anything else
** leaves the game undefined, so the referee, play and every action read from
** outside use pul_apply. Hooks still run: PUL_R_SCRIPT_ERROR puts the game
** back as pul_apply does; otherwise PUL_LEGAL. */
PulReason pul_apply_trusted(PulGame *g, const PulAction *a);
/* Search's undo: pul_game_save writes into buf what one
** action can change in g (a few kilobytes at most, far less than the game
** pul_game_copy copies) and returns the bytes written, at most
** PUL_SAVE_BYTES; pul_game_undo puts g back byte for byte as it was at the
** save, when at most one action was applied to g since (by pul_apply or
** pul_apply_trusted). buf: PUL_SAVE_BYTES bytes aligned as malloc aligns. A
** bot tries an action, reads the position and undoes it, on its own game.
** The bound is for the largest tile sets; a shipped edition writes a few KB. */
#define PUL_SAVE_BYTES 49152
size_t pul_game_save(const PulGame *g, void *buf);
void pul_game_undo(PulGame *g, const void *buf);
/* The action as done (a random take resolved to its tile), from ev as
** pul_apply filled it; a pass when pul_apply refused the action. */
void pul_events_action(const PulEvents *ev, PulAction *out);

/* Every legal action of the seat to move: each distinct placement (tile,
** cell, quadrant layout; rotations that give the same layout appear once,
** at the lowest rotation), the takes when allowed (one random take, tile
** PUL_NO_TILE, while some supply tile is unknown to the seat, and one per
** supply tile it knows), one claim per unclaimed group, and pass during an
** extra turn. Returns count. */
int pul_legal_actions(const PulGame *g, PulAction *out, int max);
/* Only the placements; out may be NULL to count them. */
int pul_legal_placements(const PulGame *g, PulAction *out, int max);
/* One legal action chosen uniformly among those pul_legal_actions lists,
** without listing them. False when there is none. */
bool pul_random_action(const PulGame *g, PulRng *rng, PulAction *out);
/* n calls of pul_random_action on g in a row (the same actions, the generator
** left the same), cheaper where a family shares their set-up: a bot's
** samples of one position. Returns the actions drawn: n, or 0 when there is
** none. */
int pul_random_actions(const PulGame *g, PulRng *rng, PulAction *out, int n);

/* ------------------------------------------ games of any family (issue 12) */

/* The rules family of v's variant: "micropul" or "genial". */
const char *pul_variant_family(const PulVariant *v);

/* -------------------------------------------------- Einfach Genial: a game */

/* The variant's board and symbols; NULL for a family without them. */
const PulBoard *pul_variant_board(const PulVariant *v);
const PulSymbolSet *pul_variant_symbols(const PulVariant *v);
/* Reads of a Genial game (0, -1 or false for another family). */
int pul_genial_cell(const PulGame *g, int32_t q, int32_t r); /* symbol; -1 empty; -2 not in play */
bool pul_genial_is_printed(const PulGame *g, int32_t q, int32_t r);
int pul_genial_tracks(const PulGame *g, int seat, int *out, int max); /* returns nsymbols */
int pul_genial_track_end(const PulGame *g);                  /* track_max x segments */
int pul_genial_rack(const PulGame *g, int seat, uint8_t *kinds, int max);
int pul_genial_bag(const PulGame *g);                        /* tiles left in the bag */
int pul_genial_bonus_owed(const PulGame *g);
bool pul_genial_turn_end_due(const PulGame *g);              /* a refill or swap is due */
bool pul_genial_swap_allowed(const PulGame *g);
int pul_genial_placed(const PulGame *g, PulGenialPlaced *out, int max);
/* The points the two halves of placement a would score, in written order,
** without applying it; false when a is not a legal placement. */
bool pul_genial_points(const PulGame *g, const PulAction *a, int points[2]);

/* --------------------------------------------------------- observation */

/* What one seat may see: the board, stones, counts, its own hand. Other
** hands, every supply and the core order are hidden. */
typedef struct {
    /* What every family's observation says. */
    int seat, nseats, to_move;
    bool over;
    int turns;                       /* actions applied so far */
    int end_reason, loser;
    /* The family's part: Micropul's fields, or Genial's (member genial). */
    union {
        struct {
            bool extra_turn;
            int extra_pending;               /* extra turns earned and not yet begun */
            PulRules rules;                  /* the game's rules (a setup hook may have changed them) */
            int core_count;
            int hand_count[PUL_MAX_SEATS];
            int supply_count[PUL_MAX_SEATS];
            int stones_left[PUL_MAX_SEATS];
            int hand[PUL_MAX_HAND];          /* this seat's hand, hand_count[seat] tiles */
            int nknown;                      /* this seat's supply tiles it knows (revealed) */
            int known[PUL_MAX_TILES];
            int nplaced;
            PulPlaced placed[PUL_MAX_TILES];
            int nstones;
            PulStone stones[PUL_MAX_SEATS * PUL_MAX_STONES];
            int nunseen;                     /* tiles this seat cannot place: core, supplies, other hands */
            uint8_t unseen[PUL_MAX_TILES];
        };
        struct {
            int phase;                       /* 0 place, 1 bonus placement, 2 refill or swap due */
            int bonus_owed;
            int rule[16];                    /* the game's rule values, by parameter number */
            int bag_count;
            int rack_count[PUL_MAX_SEATS];
            int rack[PUL_GENIAL_RACK_MAX];   /* this seat's kinds only */
            int tracks[PUL_MAX_SEATS][PUL_GENIAL_MAX_SYMBOLS]; /* per seat (partners
                                                                  equal), totals */
            uint32_t first_used;             /* printed cells first placements touched */
            uint32_t placed_once;            /* bit per seat that made its first placement */
            int nplaced;
            PulGenialPlaced placed[PUL_GENIAL_MAX_PLACED]; /* the board, in order */
        } genial;
    };
} PulObservation;

void pul_observe(const PulGame *g, int seat, PulObservation *out);
/* pul_observe for obs holding an observation of the same seat of g made
** earlier in the same game (by pul_observe or this function), with no undo
** since: only what changed is written (the board grows, so the placed tiles
** it holds are kept), and obs ends byte for byte as pul_observe leaves it.
** An obs that cannot be such an observation (another seat, more tiles than
** g has) is observed afresh, but an obs of another game is the caller's
** mistake. For a caller observing every move, as pul sim does. */
void pul_observe_update(const PulGame *g, int seat, PulObservation *obs);

/* A started game of obs's variant consistent with everything obs shows: the
** board, stones, counts, the seat's hand and known supply tiles; the tiles
** obs cannot see are dealt at random from rng to the other hands, the
** supplies and the core. Bots search such games ("determinizations"), so
** they never see what the seat cannot. g must be made for that variant.
** rng NULL: the unseen tiles are dealt in a fixed order (the game's own
** generator seeded with 0), for a caller that reads only what the seat sees
** (the seat's legal actions are the same in every deal).
** Incremental: when g already holds a game of the same seats and rules whose
** board (Micropul: placed tiles and stones; Genial: placed tiles) is the
** start of obs's, as a determinization of an earlier observation of the same
** game does, only the new tiles and stones are put down. Either way it is
** the game a rebuild from scratch gives; byte for byte what a new game
** object (pul_game_new) gets from the same obs and rng state when g's board
** was built by this function (a rebuild clears all of g first). So a
** searcher may keep one determinization per decision, copy it per iteration
** and call this again on the copy with the same obs to re-deal only the
** unseen tiles (cheap: nothing new to place). */
PulStatus pul_game_from_observation(PulGame *g, const PulObservation *obs, PulRng *rng,
                                    PulError *err);
/* pul_game_from_observation(g, obs, rng, err) for g a copy (pul_game_copy or
** pul_game_copy_used) of a game that it built from this very obs, unchanged
** since: byte for byte the same game and the same draws from rng, but obs is
** not checked again (the first call did) and, where the family can, only the
** unseen tiles are dealt (a searcher's deal per iteration). */
PulStatus pul_game_redeal(PulGame *g, const PulObservation *obs, PulRng *rng, PulError *err);
/* pul_game_from_observation(g, obs, NULL, err), byte for byte, for a caller
** that calls it again and again on the same g, with observations of one game
** (a bot at each of its moves), and changes g and memo in no other way in
** between: memo, pul_observation_memo_size(v) bytes (0: none is needed; NULL
** will do) zeroed before the first call, keeps the lists of the observation
** g was last built from, so that what is new in obs is found by comparing
** obs with them instead of with g's board. Whenever they do not match (another
** game, a bad observation), g is built as pul_game_from_observation builds it. */
size_t pul_observation_memo_size(const PulVariant *v);
PulStatus pul_game_from_observation_kept(PulGame *g, const PulObservation *obs, void *memo,
                                         PulError *err);

/* ------------------------------------------- what tools ask of any family */

/* What the tools would otherwise re-derive from one family's rules (issue 12,
** package D): each answers for the family of the variant or game given. */

/* "Did you mean": the closest of the n candidates to word[0..len) (ASCII case
** ignored), or NULL when none is within 2 edits, nor closer than the word is
** long (so "x" suggests nothing). The engine's loaders suggest by the same rule. */
const char *pul_text_suggest(const char *word, size_t len, const char *const *cands, int n);

/* The seats a game of v may have, fewest and most. */
void pul_variant_players(const PulVariant *v, int *min, int *max);
/* The family's rule parameters by number (0 .. nparams-1): what each is, the
** value v gives it, the value of the family's base rules; and the value a
** game is played by (a setup hook may have changed it). Out of range: NULL
** and 0. */
int pul_variant_nparams(const PulVariant *v);
const PulParamInfo *pul_variant_param(const PulVariant *v, int i);
int pul_variant_rule(const PulVariant *v, int i);
int pul_variant_rule_default(const PulVariant *v, int i);
int pul_game_rule(const PulGame *g, int i);

/* What one seat's score is made of, for the end screens, in the family's
** parts: Micropul gives the closed groups as the rules count them, the tiles
** left in supply and in hand (count) with their points, and, only when not 0,
** what score_group and final_scores hooks changed. The points add up to
** pul_game_scores' figure for the seat. Writes at most max parts; returns
** how many there are (0 for a seat out of range). */
typedef enum {
    PUL_SCORE_GROUPS = 0,  /* closed groups, counted by the rules */
    PUL_SCORE_SUPPLY,      /* tiles left in supply */
    PUL_SCORE_HAND,        /* tiles left in hand */
    PUL_SCORE_SCRIPTS,     /* what rule scripts added or took away */
    PUL_SCORE_LOWEST_TRACK /* Genial: count the symbol index of the seat's lowest
                              track, points its value */
    /* another family appends its own kinds here */
} PulScorePartKind;
typedef struct {
    int kind;    /* PulScorePartKind */
    int count;   /* items it counts (tiles), 0 when it counts none */
    int points;
} PulScorePart;
#define PUL_SCORE_PARTS_MAX 8
int pul_game_score_parts(const PulGame *g, int seat, PulScorePart *out, int max);

/* The cells the placed pieces span, corners included; false (out untouched)
** when nothing is placed. */
typedef struct { int32_t minx, miny, maxx, maxy; } PulBounds;
bool pul_game_bounds(const PulGame *g, PulBounds *out);

/* The referee's JSON lines (PMN.md) carry common fields (the tool writes
** them) and the family's: for a move answered why, after ev, Micropul's
** ',"drawn":N,"extra_turn":B,"core":N'; for the last line ',"scores":[...]'.
** Each writes its fields, a comma first, into buf (snprintf-like: returns the
** length they need). */
int pul_referee_fields(const PulGame *g, const PulEvents *ev, PulReason why, char *buf,
                       size_t size);
int pul_referee_final_fields(const PulGame *g, char *buf, size_t size);
/* A refusal as the referee words it: in English and the words of g's edition
** (Micropul: pul_reason_explain's English, with the hand limit of g's rules;
** a family without words of its own gives pul_reason_message's). Writes at
** most size bytes and returns the length written. */
int pul_reason_text(const PulGame *g, PulReason r, char *buf, size_t size);

/* ------------------------------------------ what bots ask of any family */

/* The team seat plays for: seats of one team share a win and are never each
** other's rivals. Micropul has no partners: the team is the seat. */
int pul_game_team(const PulGame *g, int seat);
/* How good g looks for seat, in the family's points: its score and what the
** position promises (the greedy bot and MCTS rollouts compare these). */
double pul_game_heuristic(const PulGame *g, int seat);
/* pul_game_heuristic of seat less the mean of its rivals' (the seats of other
** teams; a partner is not a rival); a seat without rivals gets its own. What
** the greedy bot maximises and MCTS judges a position by. */
double pul_game_margin(const PulGame *g, int seat);
/* How good each of n actions a[i] looks for the seat to move, cheaply: values
** for ranking the actions of one position against each other (MCTS orders a
** node's candidates by them), not for comparing positions. Genial works them
** out from the points each placement would score and the tracks they would
** reach, without applying it (nor running a script's hooks); Micropul's is
** pul_game_margin after the action, worked out from the groups the action
** touches, or read after applying it on scratch, a game of g's variant, where
** the turn that follows could end the game or a hook could run (required
** there; Genial leaves it alone). values[i] is -HUGE_VAL for an
** action the rules refuse. Returns PUL_LEGAL, or PUL_R_SCRIPT_ERROR when the
** edition's scripts failed on one (the values from there on are unset). */
PulReason pul_action_estimates(const PulGame *g, const PulAction *a, int n, PulGame *scratch,
                               double *values);
/* The same values, for actions known legal: each a[i] is one pul_legal_actions
** gave for g itself (or a byte-identical game), so none is checked again (the
** playout path's promise, as pul_apply_trusted's; anything else leaves the
** values undefined). Search ranks a node's actions through it (issue 15). */
PulReason pul_legal_estimates(const PulGame *g, const PulAction *a, int n, PulGame *scratch,
                              double *values);
/* pul_game_margin of the seat to move after each of n listed actions (as
** for pul_legal_estimates), to the last bit what applying a[i] to g and
** reading the margin gives; g is left byte for byte as it was (an action
** the family cannot work out is applied to g and undone). What a playout
** compares its sampled actions by. Returns PUL_LEGAL, or PUL_R_SCRIPT_ERROR
** when the edition's scripts failed on one (the values from there on are
** unset; g as it was). */
PulReason pul_legal_margins(PulGame *g, const PulAction *a, int n, double *values);
/* A hash of everything obs shows (of a game of v), for seeding a bot's
** choice: the same observation gives the same hash. */
uint64_t pul_observation_hash(const PulVariant *v, const PulObservation *o);

/* ------------------------------------------- the lab's figures of a game */

/* A family's figures of one game, for `pul sim`: each names its slots
** first .. first + n - 1 of an int32_t array of PUL_MAX_METRIC_SLOTS that the
** caller zeroes before the game. A count is one slot; a per-feature figure
** has a slot per feature index of the variant's tile set; a histogram has
** a slot per value from 0, the last counting that value or more. */
#define PUL_MAX_METRIC_SLOTS 256
#define PUL_METRIC_SIZES 65      /* Micropul's closed-group sizes: 0 .. 64 or more */
typedef enum { PUL_METRIC_COUNT = 0, PUL_METRIC_PER_FEATURE, PUL_METRIC_HISTOGRAM } PulMetricKind;
/* ROWS_ONLY: a figure only the rows show (a summary and its report leave it
** out). ACTION: a count of one kind of action; a game's ACTION counts add up
** to its turns, and the report names them as what a game's length counts. */
typedef enum { PUL_METRIC_ROWS_ONLY = 1, PUL_METRIC_ACTION = 2 } PulMetricFlags;
typedef struct {
    const char *key;             /* in rows and summaries: "extra_turns" */
    const char *label;           /* for people: "extra turns"; the report's column of
                                    a count, its name in A/B comparisons */
    const char *help;            /* what it counts, a phrase */
    int kind;                    /* PulMetricKind */
    int first, n;                /* its slots */
    int flags;                   /* PulMetricFlags */
    int feature_class;           /* per-feature: the PulFeatureClass of the features
                                    it shows (named by the tile set), -1 every one */
    /* The report's words for a figure it shows in a section of its own (a
    ** per-feature figure or a histogram), in the report's language (English);
    ** NULL where the figure has none. */
    const char *anchor;          /* the section's id in the page; NULL: the key */
    const char *title;           /* the section's heading: "Closed groups"; a count:
                                    how a sentence names its mean ("Closed groups per game") */
    const char *note;            /* what the section shows, a phrase without its full stop */
    const char *chart;           /* the chart's title: "Closed group sizes" */
    const char *unit;            /* what the values count: "activations per game"; a
                                    histogram: what its bins hold ("groups") */
    const char *bins;            /* a histogram: what tells its bins apart ("group size") */
    const char *empty;           /* the section when no variant has any, a sentence */
    const char *total;           /* a histogram: the key of the count of what it sorts
                                    into bins, whose means the note gives; NULL none */
} PulMetricInfo;
/* The figures of v's family, in the order rows show them; returns the count. */
int pul_variant_metrics(const PulVariant *v, const PulMetricInfo **out);
/* What a per-feature figure of v counts by, feature index f: Micropul's tile
** set's features, Genial's symbols. Returns how many there are; for f below
** that, *name and *cls (the PulFeatureClass; -1 for Genial's symbols, which
** have none) are set where not NULL. */
int pul_variant_feature(const PulVariant *v, int f, const char **name, int *cls);
/* One thing that differs between the pieces of two variants (Micropul: the
** features and tiles of their tile sets), in words, for an A/B comparison:
** its kind ("feature", "tiles"; "family" when the families differ), its name
** ("" none), and what a and b have ("" none). */
#define PUL_CHANGE_TEXT 160
typedef struct {
    char kind[16];
    char name[PUL_NAME_MAX];
    char a[PUL_CHANGE_TEXT], b[PUL_CHANGE_TEXT];
} PulPieceChange;
/* What differs between the pieces of a and b; returns the count written
** (at most max). */
int pul_variant_piece_changes(const PulVariant *a, const PulVariant *b, PulPieceChange *out,
                              int max);
/* Adds to m what an action applied to g did (ev: its events). */
void pul_game_tally(const PulGame *g, const PulEvents *ev, int32_t *m);
/* Sets in m the figures of g's end (g over). */
void pul_game_tally_end(const PulGame *g, int32_t *m);

/* ------------------------------------------------------------------ bots */

/* A player program: observation in, action out, the same action for the
** same observation and seed. Specs: "random", "greedy", "mcts" with options
** after a colon, "mcts:iters=2000,c=0.7,rollout=greedy" (see pul help bots).
** A bot reads only the observation it is given. */
typedef struct PulBot PulBot;

PulBot *pul_bot_new(const PulVariant *v, const char *spec, uint64_t seed, PulError *err);
void pul_bot_free(PulBot *b);
/* A new seed for b: from then on it chooses as pul_bot_new(v, spec, seed)
** would, so one bot serves game after game (the lab keeps its bots) without
** making its games and search memory again. */
void pul_bot_reseed(PulBot *b, uint64_t seed);
/* b keeps its determinization in with's (and with the bots with already
** shares one with): bots that take turns in the same games build the board
** once between them instead of once each, as its determinization is the
** same bytes whatever it held before. Their choices are unchanged. Only for
** bots that choose one at a time (one thread), of the same variant and kind,
** a kind that rebuilds its determinization at every choice (random, greedy):
** false, and nothing changes, otherwise. Each bot is still freed alone. */
bool pul_bot_share_game(PulBot *b, PulBot *with);
/* The spec in full, defaults filled in: "mcts:iters=1000,c=0.7,rollout=random". */
const char *pul_bot_spec(const PulBot *b);
/* An action for obs->seat, which must be the seat to move. PUL_ERR_STATE when
** it has none (the game is over). */
PulStatus pul_bot_choose(PulBot *b, const PulObservation *obs, PulAction *out, PulError *err);
/* For a caller that holds the game (the lab): the action pul_observe(g, seat
** to move, scratch) and pul_bot_choose(b, scratch, out, err) give, the same
** to the last bit, for g a started game of b's variant. A kind whose choice
** needs no observation (random: it draws among the seat's legal actions,
** which are the same in every game the seat cannot tell from g) chooses on
** g itself, reading nothing the seat cannot see for its choice, and leaves
** scratch alone; the others observe into scratch (pul_observe_update, so
** that only what changed is written) and choose from it. So scratch must
** hold an earlier observation of that seat of g (pul_observe_update's terms:
** this game, no undo since) or one that cannot be (seat -1): a caller keeps
** one per seat through a game, its seat set to -1 before the game begins. */
PulStatus pul_bot_choose_game(PulBot *b, const PulGame *g, PulObservation *scratch,
                              PulAction *out, PulError *err);
/* Search work of the last choice (MCTS iterations; 0 for the others). */
long pul_bot_iterations(const PulBot *b);
/* Every bot and its options with their defaults, as text for people
** (snprintf-like: returns the length the whole text needs). */
int pul_bot_help(char *buf, size_t size);

/* --------------------------------------------------------------- records */

/* A PMN game record (PMN.md): tags, moves as written, comments. */
typedef struct PulRecord PulRecord;

PulRecord *pul_record_new(void);
void pul_record_free(PulRecord *r);
/* Parse PMN text. Fails (PUL_ERR_SYNTAX, code pmn-syntax, with line and
** column) only when the text cannot be split into tags and moves, and
** (PUL_ERR_RANGE, too-large) when it is longer than PUL_RECORD_MAX; moves
** are kept as written and checked when played. Tags keep their order, and
** comments their place among the tags and the moves. */
PulStatus pul_record_parse(PulRecord *r, const char *text, size_t len,
                           const char *source_name, PulError *err);
/* Read and parse a file, or everything f gives up to its end: reading stops
** past PUL_RECORD_MAX bytes (too-large), so an endless stream is refused. */
PulStatus pul_record_load_file(PulRecord *r, const char *path, PulError *err);
PulStatus pul_record_load_stream(PulRecord *r, FILE *f, const char *source_name,
                                 PulError *err);
const char *pul_record_tag(const PulRecord *r, const char *name);   /* NULL if absent */
/* A new Variant tag goes first, a new Players tag after it, any other new
** tag last; a tag set again keeps its place. NULL removes the tag. */
PulStatus pul_record_set_tag(PulRecord *r, const char *name, const char *value);
int pul_record_ntags(const PulRecord *r);
const char *pul_record_tag_name(const PulRecord *r, int i);
int pul_record_nmoves(const PulRecord *r);
const char *pul_record_move(const PulRecord *r, int i);             /* as written */
/* a in the move text of v, the variant the record is played with. */
PulStatus pul_record_add_move(PulRecord *r, const PulVariant *v, const PulAction *a);
/* Drop the moves from number n (0-based) on; the comments that followed
** them stay, after the last move kept. */
PulStatus pul_record_truncate(PulRecord *r, int n);
PulStatus pul_record_add_comment(PulRecord *r, const char *text);
/* Tags, then moves numbered and wrapped; malloc'd, caller frees. */
char *pul_record_write(const PulRecord *r, size_t *len);
/* The variant the record's Variant tag names (PMN.md): a variant name (1 to
** PUL_NAME_MAX - 1 letters, digits, '_' and '-'; never a path) found on the
** search path (search_dirs as for pul_variant_open), whose name is the tag
** exactly. Anything else is refused without opening a file (code pmn-tag,
** or not-found), the error at the tag's line and column. */
PulVariant *pul_record_open_variant(const PulRecord *r, const char *search_dirs,
                                    PulError *err);
/* Whether the record may be played with v, a variant the caller opened
** itself (one a person named, maybe by path): its Variant tag must be v's
** name exactly. PUL_ERR_SCHEMA (pmn-tag) when it is missing or differs. */
PulStatus pul_record_check_variant(const PulRecord *r, const PulVariant *v, PulError *err);
/* Start g (made for the right variant) as the record's tags say: Players,
** then Core, else Seed. PUL_ERR_SCHEMA (pmn-tag) when Players or Core is
** missing or unusable. */
PulStatus pul_record_start_game(const PulRecord *r, PulGame *g, PulError *err);
/* A record of g's start (Variant, Players, Core and Seed tags) with no
** moves yet. Seed keeps the generator of a replay in step with the game, so
** a replay ends in a byte-identical state. */
PulStatus pul_record_from_start(PulRecord *r, const PulGame *g);

#ifdef __cplusplus
}
#endif
#endif
