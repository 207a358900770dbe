/*
** render_png.c: an SVG of render_svg.c drawn to a PNG with librsvg and cairo,
** the Debian-packaged SVG renderer (librsvg2-dev).
*/
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cairo.h>
#include <librsvg/rsvg.h>

#include "render.h"

static cairo_status_t write_chunk(void *closure, const unsigned char *data, unsigned int length) {
    return fwrite(data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS
                                                      : CAIRO_STATUS_WRITE_ERROR;
}

/* The surface as a PNG file; the file is opened here, so that a failure
** names its cause (cairo would only say "error while writing"). */
static bool write_png(cairo_surface_t *surface, const char *path, char *why, size_t why_size) {
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(why, why_size, "cannot write %s: %s", path, strerror(errno));
        return false;
    }
    cairo_status_t st = cairo_surface_write_to_png_stream(surface, write_chunk, f);
    int e = errno;
    if (fclose(f) != 0 && st == CAIRO_STATUS_SUCCESS) {
        e = errno;
        st = CAIRO_STATUS_WRITE_ERROR;
    }
    if (st != CAIRO_STATUS_SUCCESS) {
        snprintf(why, why_size, "cannot write %s: %s", path,
                 st == CAIRO_STATUS_WRITE_ERROR && e ? strerror(e) : cairo_status_to_string(st));
        return false;
    }
    return true;
}

static bool fits(long long w, long long h) {
    return w >= 1 && h >= 1 && w <= RENDER_PNG_MAX_SIDE && h <= RENDER_PNG_MAX_SIDE &&
           w * h <= RENDER_PNG_MAX_PIXELS;
}

bool render_png_fits(const RenderImage *img, int *max_width) {
    if (fits(img->width, img->height)) return true;
    /* The height follows the width: try widths down from the largest the
    ** sides and the pixels allow at this shape, until the rounding agrees. */
    double ratio = img->width > 0 ? (double)img->height / img->width : 1.0;
    double w = RENDER_PNG_MAX_SIDE;
    if (ratio * w > RENDER_PNG_MAX_SIDE) w = RENDER_PNG_MAX_SIDE / ratio;
    if (ratio * w * w > RENDER_PNG_MAX_PIXELS) w = sqrt(RENDER_PNG_MAX_PIXELS / ratio);
    long long best = (long long)w + 1;
    while (best > 1 && !fits(best, (long long)(ratio * (double)best + 0.5))) best--;
    *max_width = (int)best;
    return false;
}

bool render_png(const RenderImage *img, const char *path, char *why, size_t why_size) {
    int largest = 0;
    if (!render_png_fits(img, &largest)) {
        snprintf(why, why_size,
                 "the picture would be %d x %d pixels; a PNG is at most %d pixels a side and "
                 "%d pixels in all (the largest width of this one is %d)",
                 img->width, img->height, RENDER_PNG_MAX_SIDE, RENDER_PNG_MAX_PIXELS, largest);
        return false;
    }
    GError *gerr = NULL;
    RsvgHandle *svg = rsvg_handle_new_from_data((const guint8 *)img->svg, img->len, &gerr);
    if (!svg) {
        snprintf(why, why_size, "cannot read the SVG: %s", gerr ? gerr->message : "unknown error");
        g_clear_error(&gerr);
        return false;
    }
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, img->width,
                                                          img->height);
    cairo_t *cr = cairo_create(surface);
    RsvgRectangle viewport = {0, 0, img->width, img->height};
    bool ok = rsvg_handle_render_document(svg, cr, &viewport, &gerr);
    if (!ok)
        snprintf(why, why_size, "cannot draw the SVG: %s", gerr ? gerr->message : "unknown error");
    g_clear_error(&gerr);
    if (ok && cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
        snprintf(why, why_size, "cannot draw the SVG: %s",
                 cairo_status_to_string(cairo_status(cr)));
        ok = false;
    }
    if (ok) {
        cairo_surface_flush(surface);
        ok = write_png(surface, path, why, why_size);
    }
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    g_object_unref(svg);
    return ok;
}
