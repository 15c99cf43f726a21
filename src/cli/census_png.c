/* grundy census --png: two panels against log2 N, one line a code: the rare
 * heaps below N (under the code's final mask, log scale) and the largest
 * value in G(0..N-1). Each line is labelled with its code at its end. */
#include "census.h"
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { W = 1200, H = 560, TOP = 50, BOTTOM = 60, LEFT = 70, GAP = 90, RIGHT = 60 };

static void hue(double h, double *r, double *g, double *b)
{
    h = fmod(h, 1.0) * 6;
    double x = 1 - fabs(fmod(h, 2) - 1);
    double c[6][3] = {{1, x, 0}, {x, 1, 0}, {0, 1, x}, {0, x, 1}, {x, 0, 1}, {1, 0, x}};
    int k = (int)h % 6;
    *r = 0.85 * c[k][0], *g = 0.75 * c[k][1], *b = 0.85 * c[k][2];
}

typedef struct panel {
    double x0, w, y0, h;          /* the data area */
    double kmax, ymax;
    bool logy;
} panel;

static double px(const panel *p, double k) { return p->x0 + p->w * k / p->kmax; }
static double py(const panel *p, double v)
{
    double y = p->logy ? log2(1 + v) : v;
    return p->y0 + p->h - p->h * y / p->ymax;
}

static void frame(cairo_t *cr, const panel *p, const char *title)
{
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 1);
    cairo_rectangle(cr, p->x0 - 0.5, p->y0 - 0.5, p->w + 1, p->h + 1);
    cairo_stroke(cr);
    cairo_set_font_size(cr, 14);
    cairo_move_to(cr, p->x0, p->y0 - 12);
    cairo_show_text(cr, title);
    cairo_set_font_size(cr, 11);
    char s[32];
    for (int k = 0; k <= (int)p->kmax; k += p->kmax > 24 ? 4 : 2) {
        snprintf(s, sizeof s, "2^%d", k);
        cairo_move_to(cr, px(p, k) - 8, p->y0 + p->h + 16);
        cairo_show_text(cr, s);
    }
    cairo_move_to(cr, p->x0 + p->w / 2 - 10, p->y0 + p->h + 36);
    cairo_show_text(cr, "N (heaps)");
    for (int t = 0; t <= 4; t++) {
        double y = p->ymax * t / 4, v = p->logy ? exp2(y) - 1 : y;
        snprintf(s, sizeof s, "%.0f", v);
        cairo_move_to(cr, p->x0 - 8 - 7 * (double)strlen(s), p->y0 + p->h - p->h * t / 4 + 4);
        cairo_show_text(cr, s);
    }
}

/* One code's line: the figures at the powers of two, then at its end. */
static void line(cairo_t *cr, const panel *p, const gr_census_rec *r, bool rare)
{
    if (r->count < 2) return;
    for (int k = 0; k < r->npow; k++) {
        double v = rare ? (double)r->rare_pow[k] : r->max_pow[k];
        if (k == 0) cairo_move_to(cr, px(p, k), py(p, v));
        else cairo_line_to(cr, px(p, k), py(p, v));
    }
    double end = log2((double)r->count), v = rare ? (double)r->rare : r->gmax;
    cairo_line_to(cr, px(p, end), py(p, v));
    cairo_stroke(cr);
    cairo_move_to(cr, px(p, end) + 3, py(p, v) + 3);
    cairo_show_text(cr, r->name);
}

int census_png(const census *c, const char *path, gr_error *err)
{
    double kmax = 12, rmax = 1, gmax = 1;
    for (size_t i = 0; i < c->n; i++) {
        const gr_census_rec *r = &c->recs[i];
        if (r->count > 1 && log2((double)r->count) > kmax) kmax = ceil(log2((double)r->count));
        if (log2(1.0 + (double)r->rare) > rmax) rmax = ceil(log2(1.0 + (double)r->rare));
        if (r->gmax > gmax) gmax = r->gmax;
    }
    double pw = (W - LEFT - GAP - RIGHT) / 2.0;
    panel a = {LEFT, pw, TOP, H - TOP - BOTTOM, kmax, rmax, true};
    panel b = {LEFT + pw + GAP, pw, TOP, H - TOP - BOTTOM, kmax, gmax * 1.05, false};
    cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
    cairo_t *cr = cairo_create(sf);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    frame(cr, &a, "rare heaps below N (log scale)");
    frame(cr, &b, "largest value in G(0..N-1)");
    cairo_set_font_size(cr, 9);
    cairo_set_line_width(cr, 1.2);
    for (size_t i = 0; i < c->n; i++) {
        double r, g, bl;
        hue((double)i * 0.618034, &r, &g, &bl);
        cairo_set_source_rgb(cr, r, g, bl);
        line(cr, &a, &c->recs[i], true);
        line(cr, &b, &c->recs[i], false);
    }
    cairo_status_t st = cairo_surface_write_to_png(sf, path);
    cairo_destroy(cr);
    cairo_surface_destroy(sf);
    if (st != CAIRO_STATUS_SUCCESS)
        return gr_fail(err, GR_EINPUT, "census: --png %s: %s", path, cairo_status_to_string(st));
    return GR_OK;
}
