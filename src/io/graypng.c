/* Gray pictures as PNG through cairo, which the project already uses for its
 * heatmaps: no encoder of our own to get wrong. */
#include "grundy/graypng.h"
#include <cairo.h>

static cairo_status_t to_file(void *closure, const unsigned char *data, unsigned int length)
{
    return fwrite(data, 1, length, (FILE *)closure) == length ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

int gr_graypng_write(FILE *f, const uint8_t *pixels, uint32_t w, uint32_t h)
{
    if (w == 0 || h == 0 || w > 32767 || h > 32767) return -1;
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)w, (int)h);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s);
        return -1;
    }
    cairo_surface_flush(s);
    unsigned char *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    for (uint32_t y = 0; y < h; y++) {
        uint32_t *row = (uint32_t *)(void *)(data + (size_t)y * (size_t)stride);
        for (uint32_t x = 0; x < w; x++) {
            uint32_t g = pixels[(size_t)y * w + x];
            row[x] = g << 16 | g << 8 | g;
        }
    }
    cairo_surface_mark_dirty(s);
    cairo_status_t st = cairo_surface_write_to_png_stream(s, to_file, f);
    cairo_surface_destroy(s);
    return st == CAIRO_STATUS_SUCCESS ? 0 : -1;
}
