/*
** svg_check.h: is a theme's art a safe, well-formed SVG fragment?
**
** Art is pasted into SVG renderings of boards and rule books, so it may hold
** only plain shapes: no text, scripts, links, styles or references to
** anything outside itself. The check is a whitelist:
**   elements   g circle ellipse rect line polyline polygon path
**   attributes cx cy r rx ry x y width height x1 y1 x2 y2 points d fill stroke
**              stroke-width stroke-linecap stroke-linejoin opacity fill-opacity
**              stroke-opacity transform fill-rule
** Values are quoted, hold no '<', use '&' only to start an entity (&amp;
** &lt; &gt; &quot; &apos; &#N; &#xH;) and, entities decoded, are of the
** attribute's kind: numbers, a point list, path data, a paint (none,
** #rgb, #rrggbb or a colour keyword), a keyword (linecap, linejoin,
** fill-rule) or a transform list (translate scale rotate skewX skewY
** matrix). Tags are balanced or self-closing; between them only
** whitespace; no comments, CDATA, processing instructions or DOCTYPE.
*/
#ifndef PUL_SVG_CHECK_H
#define PUL_SVG_CHECK_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    size_t offset;     /* refused: byte of the text at fault */
    int shapes;        /* accepted: elements that draw (all but g) */
    char message[320]; /* refused: what is wrong and what to do */
} SvgReport;

/* Check text[0..len). True when it is a safe fragment; else false with
** rep->offset and rep->message filled. */
bool svg_check(const char *text, size_t len, SvgReport *rep);

#endif
