/*
** render_fonts.c: whether the installed fonts can draw every character of
** a picture's text. librsvg falls back from font to font through fontconfig
** and draws a character no font has as an empty box, silently: a Japanese
** PNG on a machine without a Japanese font is all boxes. pul render warns
** instead, naming the first such character and a package that draws it.
*/
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <string.h>

#include "pul.h"
#include "render.h"

/* Whether some installed font has cp; fonts is every font's charset. */
static bool fonts_have(const FcFontSet *fonts, FcChar32 cp) {
    for (int k = 0; k < fonts->nfont; k++) {
        FcCharSet *cs = NULL;
        if (FcPatternGetCharSet(fonts->fonts[k], FC_CHARSET, 0, &cs) == FcResultMatch &&
            FcCharSetHasChar(cs, cp))
            return true;
    }
    return false;
}

/* The text of the picture is what lies between tags; a code point is
** checked once. Only characters outside ASCII are checked: every font
** pul names draws ASCII, and the fallback to sans-serif always has it. */
bool render_missing_glyph(const RenderImage *img, uint32_t *missing, char glyph[5]) {
    if (!FcInit()) return false; /* no fontconfig configuration: nothing to say */
    FcPattern *all = FcPatternCreate();
    FcObjectSet *want = FcObjectSetBuild(FC_CHARSET, (char *)0);
    FcFontSet *fonts = all && want ? FcFontList(NULL, all, want) : NULL;
    FcCharSet *seen = FcCharSetCreate();
    bool found = false, in_tag = false;
    for (size_t i = 0; fonts && seen && !found && i < img->len;) {
        uint32_t cp;
        int used = pul_utf8_next(img->svg + i, img->len - i, &cp);
        if (used == 0) {
            i++;
            continue;
        }
        const char *at = img->svg + i;
        i += (size_t)used;
        if (cp == '<') in_tag = true;
        if (cp == '>') in_tag = false;
        if (in_tag || cp < 0x80 || FcCharSetHasChar(seen, cp)) continue;
        FcCharSetAddChar(seen, cp);
        if (!fonts_have(fonts, cp)) {
            *missing = cp;
            memcpy(glyph, at, (size_t)used);
            glyph[used] = '\0';
            found = true;
        }
    }
    if (seen) FcCharSetDestroy(seen);
    if (fonts) FcFontSetDestroy(fonts);
    if (want) FcObjectSetDestroy(want);
    if (all) FcPatternDestroy(all);
    return found;
}
