/* Heatmap of the three-pile Sharing Nim table (include/grundy/s3png.h). */
#include "grundy/s3png.h"
#include <cairo.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

#define NUMBERS_MAX 40      /* numbers fit in cells up to here */
#define GRID_MAX 1024       /* pixels per side of the data area beyond */

struct gr_s3png {
    uint32_t n;
    uint32_t k;             /* positions per cell side */
    uint32_t side;          /* cells per side */
    uint32_t *cell;         /* side*side, max value in the block; UINT32_MAX: no position */
};

int gr_s3png_new(gr_s3png **out, uint32_t n, gr_error *err)
{
    gr_s3png *p = calloc(1, sizeof *p);
    if (!p) return gr_fail_nomem(err);
    p->n = n;
    p->k = (n + 1 + GRID_MAX - 1) / GRID_MAX;
    if (n <= NUMBERS_MAX || p->k == 0) p->k = 1;
    p->side = (n + 1 + p->k - 1) / p->k;
    p->cell = malloc((size_t)p->side * p->side * sizeof *p->cell);
    if (!p->cell) {
        free(p);
        return gr_fail_nomem(err);
    }
    memset(p->cell, 0xFF, (size_t)p->side * p->side * sizeof *p->cell);
    *out = p;
    return GR_OK;
}

void gr_s3png_free(gr_s3png *p)
{
    if (!p) return;
    free(p->cell);
    free(p);
}

/* Columns x in [x0, x1) of row b (x = 0..b). Ranges that are multiples of
 * k fill disjoint cells. */
static void row_cells(gr_s3png *p, uint32_t b, const uint32_t *half, uint32_t x0, uint32_t x1)
{
    uint32_t *col = p->cell + b / p->k;
    if (x1 > b + 1) x1 = b + 1;
    for (uint32_t a = x0; a < x1; a++) {
        uint32_t v = half[a <= b - a ? a : b - a];
        uint32_t *c = col + (size_t)(a / p->k) * p->side;
        if (*c == UINT32_MAX || v > *c) *c = v;
    }
}

void gr_s3png_row(gr_s3png *p, uint32_t b, const uint32_t *half)
{
    row_cells(p, b, half, 0, b + 1);
}

/* Columns an item takes: whole cells, so no two threads write one cell,
 * and few, so a thread descheduled by a busy machine holds the others up
 * for little. */
static uint64_t item_cols(const gr_s3png *p)
{
    return ((256 + p->k - 1) / p->k) * (uint64_t)p->k;
}

long gr_s3png_band_items(const gr_s3png *p, uint32_t b0, uint32_t count)
{
    return (long)(((uint64_t)b0 + count - 1 + item_cols(p)) / item_cols(p));
}

void gr_s3png_band_item(gr_s3png *p, long i, uint32_t b0, uint32_t count, const uint32_t *rows, size_t stride)
{
    uint64_t x0 = (uint64_t)i * item_cols(p), x1 = x0 + item_cols(p);
    for (uint32_t r = 0; r < count; r++) {
        uint32_t b = b0 + r;
        if (x0 <= b) row_cells(p, b, rows + (size_t)r * stride, (uint32_t)x0, x1 > b + 1 ? b + 1 : (uint32_t)x1);
    }
}

void gr_s3png_rows(gr_s3png *p, uint32_t b0, uint32_t count, const uint32_t *rows, size_t stride, int threads)
{
    const long items = gr_s3png_band_items(p, b0, count);
#ifndef _OPENMP
    (void)threads;
#endif
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) if (threads > 1)
    for (long i = 0; i < items; i++) gr_s3png_band_item(p, i, b0, count, rows, stride);
}

/* The largest value: that of the largest cell. */
static uint32_t cells_max(const gr_s3png *p)
{
    uint32_t m = 0;
    for (size_t i = 0; i < (size_t)p->side * p->side; i++)
        if (p->cell[i] != UINT32_MAX && p->cell[i] > m) m = p->cell[i];
    return m;
}

/* A perceptual ramp (viridis, five anchors, linear between them). */
static void colour(double t, double *r, double *g, double *b)
{
    static const double at[5][3] = {
        {0.267, 0.005, 0.329}, {0.230, 0.322, 0.546}, {0.128, 0.567, 0.551}, {0.369, 0.789, 0.383}, {0.993, 0.906, 0.144}};
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    double x = t * 4;
    int i = (int)x;
    if (i > 3) i = 3;
    double f = x - i;
    *r = at[i][0] + f * (at[i + 1][0] - at[i][0]);
    *g = at[i][1] + f * (at[i + 1][1] - at[i][1]);
    *b = at[i][2] + f * (at[i + 1][2] - at[i][2]);
}

static void text_at(cairo_t *cr, double x, double y, const char *s, double ax, double ay)
{
    cairo_text_extents_t e;
    cairo_text_extents(cr, s, &e);
    cairo_move_to(cr, x - e.width * ax - e.x_bearing, y - e.height * ay - e.y_bearing);
    cairo_show_text(cr, s);
}

int gr_s3png_write(gr_s3png *p, const char *path, gr_error *err)
{
    bool numbers = p->n <= NUMBERS_MAX;
    double cs = numbers ? 28 : (p->side < 256 ? 1024.0 / p->side : 1);   /* cell size in pixels */
    if (cs < 1) cs = 1;
    double data = cs * p->side;
    double left = 70, top = 60, right = 140, bottom = 80;
    int w = (int)(left + data + right), h = (int)(top + data + bottom);
    cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    cairo_t *cr = cairo_create(sf);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    uint32_t vmax = cells_max(p);
    double vm = vmax ? vmax : 1;
    /* cells: column b / k, row a / k with a = 0 at the bottom as in Table 1 */
    cairo_set_font_size(cr, 11);
    for (uint32_t y = 0; y < p->side; y++)
        for (uint32_t x = 0; x < p->side; x++) {
            uint32_t v = p->cell[(size_t)y * p->side + x];
            if (v == UINT32_MAX) continue;
            double r, g, b;
            colour(v / vm, &r, &g, &b);
            double px = left + x * cs, py = top + data - (y + 1) * cs;
            cairo_set_source_rgb(cr, r, g, b);
            cairo_rectangle(cr, px, py, cs, cs);
            cairo_fill(cr);
            if (numbers) {
                char s[16];
                snprintf(s, sizeof s, "%u", v);
                double lum = 0.3 * r + 0.59 * g + 0.11 * b;
                cairo_set_source_rgb(cr, lum > 0.5 ? 0 : 1, lum > 0.5 ? 0 : 1, lum > 0.5 ? 0 : 1);
                text_at(cr, px + cs / 2, py + cs / 2, s, 0.5, 0.5);
            }
        }
    /* frame, axes, ticks */
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 1);
    cairo_rectangle(cr, left - 0.5, top - 0.5, data + 1, data + 1);
    cairo_stroke(cr);
    cairo_set_font_size(cr, 12);
    char s[160];
    uint32_t step = numbers ? (p->n > 20 ? 5 : 1) : 0;
    uint32_t ticks[5] = {0, p->n / 4, p->n / 2, 3 * (p->n / 4), p->n};
    for (uint32_t i = 0; i <= (numbers ? p->n : 4); i += (numbers ? step : 1)) {
        uint32_t t = numbers ? i : ticks[i];
        double c = (t / p->k + 0.5) * cs;
        snprintf(s, sizeof s, "%u", t);
        text_at(cr, left + c, top + data + 6, s, 0.5, 0);
        text_at(cr, left - 6, top + data - c, s, 1, 0.5);
    }
    cairo_set_font_size(cr, 14);
    text_at(cr, left + data / 2, top + data + 30, "b (largest pile)", 0.5, 0);
    cairo_save(cr);
    cairo_move_to(cr, 18, top + data / 2 + 60);
    cairo_rotate(cr, -1.5707963);
    cairo_show_text(cr, "a (middle pile)");
    cairo_restore(cr);
    snprintf(s, sizeof s, "G(0,a,b), three-pile Sharing Nim, 0 <= a <= b <= %u", p->n);
    text_at(cr, left + data / 2, 22, s, 0.5, 0.5);
    cairo_set_font_size(cr, 12);
    if (numbers)
        snprintf(s, sizeof s, "one cell per position; a = 0 at the bottom, as in seed 000's Table 1");
    else
        snprintf(s, sizeof s, "each pixel: the maximum of G over a %u x %u block of positions", p->k, p->k);
    text_at(cr, left + data / 2, top + data + 58, s, 0.5, 0);
    /* legend */
    double lx = left + data + 30, lh = data < 200 ? data : 200 + (data - 200) / 2;
    for (int i = 0; i < (int)lh; i++) {
        double r, g, b;
        colour(1.0 - i / lh, &r, &g, &b);
        cairo_set_source_rgb(cr, r, g, b);
        cairo_rectangle(cr, lx, top + i, 20, 1);
        cairo_fill(cr);
    }
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_rectangle(cr, lx - 0.5, top - 0.5, 21, lh + 1);
    cairo_stroke(cr);
    for (int i = 0; i <= 4; i++) {
        uint32_t v = (uint32_t)((uint64_t)vmax * i / 4);
        snprintf(s, sizeof s, "%u", v);
        text_at(cr, lx + 26, top + lh - lh * i / 4.0, s, 0, 0.5);
    }
    text_at(cr, lx, top + lh + 18, "value G", 0, 0);
    cairo_destroy(cr);
    /* aside, then renamed: a reader never sees half a picture */
    size_t len = strlen(path) + 32;
    char *tmp = malloc(len);
    int rc = GR_OK;
    if (!tmp) rc = gr_fail_nomem(err);
    if (!rc) {
        snprintf(tmp, len, "%s.tmp.%ld", path, (long)getpid());
        errno = 0;
        cairo_status_t st = cairo_surface_write_to_png(sf, tmp);
        if (st != CAIRO_STATUS_SUCCESS) {
            /* cairo's status says "error while writing"; errno says why */
            int why = errno;
            unlink(tmp);
            rc = gr_fail(err, GR_EINPUT, "cannot write '%s': %s", path,
                         why ? strerror(why) : cairo_status_to_string(st));
        } else if (rename(tmp, path) != 0) {
            int why = errno;
            unlink(tmp);
            rc = gr_fail(err, GR_EINPUT, "cannot write '%s': %s", path, strerror(why));
        }
    }
    free(tmp);
    cairo_surface_destroy(sf);
    /* the toy font API caches font faces for the process; nothing else here
     * draws, so give them back (keeps leak checkers quiet) */
    cairo_debug_reset_static_data();
    return rc;
}
