/*
** theme_yaml.h: the theme reader bound by names, for the manifest reader: a
** theme whose features are a tile file's symbols (Einfach Genial) rather
** than a tile set's features, with the parts its family asks for.
*/
#ifndef PUL_THEME_YAML_H
#define PUL_THEME_YAML_H

#include "common.h"

/* Read a theme whose features: are keyed by names[0..n) (a tile file's
** symbols, set its name), stored in that order, and whose parts: are exactly
** those of the mask parts (Family.theme_parts). The entries' glyphs and art
** must differ pairwise: symbols differ by shape as well as colour. */
PulTheme *theme_load_named(const char *text, size_t len, const char *source_name, const char *set,
                           const char *const *names, int n, unsigned parts, PulError *err);

#endif
