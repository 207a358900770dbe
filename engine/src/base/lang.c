/*
** lang.c: the language codes of localised texts and the keys of a theme's
** parts, shared by the theme and variant readers and by the renderers.
*/
#include <string.h>

#include "common.h"

/* In PulLang order; these are also the keys of a localised text in YAML. */
static const char *const lang_codes[PUL_NLANGS] = {"en", "ja", "fr", "es"};

/* In PulPart order; the keys of a theme's parts: mapping. */
static const char *const part_keys[PUL_NPARTS] = {"big", "stone", "core", "supply", "group",
                                                   "bag", "rack", "track", "bonus"};

const char *pul_lang_code(int lang) {
    return lang >= 0 && lang < PUL_NLANGS ? lang_codes[lang] : NULL;
}

int pul_lang_find(const char *code) {
    if (!code) return -1;
    for (int l = 0; l < PUL_NLANGS; l++)
        if (strcmp(lang_codes[l], code) == 0) return l;
    return -1;
}

const char *pul_part_key(int part) {
    return part >= 0 && part < PUL_NPARTS ? part_keys[part] : NULL;
}
