/*
** variants_text.h: what `pul variants` says, in en, ja, fr and es
** (variants_text.c): the help, the column headings, the players, the rows of
** an edition that fails or is shadowed. A text's conversions are the same, in
** the same order, in all four languages (tests/words_test.py checks).
*/
#ifndef PUL_VARIANTS_TEXT_H
#define PUL_VARIANTS_TEXT_H

typedef enum {
    VT_HELP_HEAD,
    VT_HELP_BUILD_TREE, /* a pul run from its build tree: the source tree's variants/ */
    VT_HELP_DATA_DIR,
    VT_HELP_TAIL,
    VT_HEAD_NAME,
    VT_HEAD_PLAYERS,
    VT_HEAD_TITLE,
    VT_HEAD_FOLDER,
    VT_PLAYERS_ONE,     /* min == max == 1 */
    VT_PLAYERS_EXACT,   /* min == max */
    VT_PLAYERS_RANGE,   /* min to max */
    VT_FAILS,
    VT_SHADOWS,
    VT_NONE_FOUND,
    VT_BAD_LANG,
    VT_UNEXPECTED,
    VT_COUNT
} VariantsTextId;

/* The text of id in lang (a PulLang; others give English). Never NULL. */
const char *variants_text(int id, int lang);

#endif
