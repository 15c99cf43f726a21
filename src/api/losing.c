/* The losing verb: every losing (P) position under blocking (block=K or
 * block-position=K), piles sorted, each at most max; or a slice of them as
 * a picture (and a PNG). The engine enumerates them (src/engine/losing.c);
 * here: the request's checks, the reply, and its renderings. */
#include "api_internal.h"
#include "grundy/block.h"
#include "grundy/graypng.h"
#include "grundy/grow.h"
#include "grundy/io.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void gr_api_losing_reply_clear(gr_api_losing_reply *l)
{
    free(l->list);
    free(l->fixed);
    free(l->cells);
    free(l->png);
    memset(l, 0, sizeof *l);
}

/* "3,5" into piles-2 fixed sizes, each <= max. */
static int parse_fixed(const gr_api_request *req, uint32_t *fixed, gr_error *err)
{
    const char *text = req->losing.picture;
    int d = (int)req->losing.piles, m = 0;
    long n = req->losing.max;
    char pic[80], mx[80];
    gr_api_key_lead(req->front, "picture", pic, sizeof pic);
    if (strcmp(text, "-") != 0) {
        const char *p = text;
        for (;;) {
            char *end;
            if (*p < '0' || *p > '9') break;
            unsigned long v = strtoul(p, &end, 10);
            if (v > (unsigned long)n || m >= GR_NBTABLE_MAX_D)
                return gr_fail(err, GR_EINPUT, "%s%s: %lu is beyond %s%ld", pic, text, v, gr_api_key_lead(req->front, "max", mx, sizeof mx),
                               n);
            fixed[m++] = (uint32_t)v;
            p = end;
            if (*p == ',') p++;
            else break;
            if (!*p) return gr_fail(err, GR_EINPUT, "%s%s: a size is missing after ','", pic, text);
        }
        if (*p || m == 0) return gr_fail(err, GR_EINPUT, "%s%s: expected sizes separated by commas", pic, text);
    }
    if (m != d - 2)
        return gr_fail(err, GR_EINPUT, "%s%s: %d piles need %d fixed size%s ('-' for none)", pic, text, d, d - 2,
                       d - 2 == 1 ? "" : "s");
    return GR_OK;
}

/* An output file whose folder is missing or not writable, refused before any work. */
static int check_output(const gr_api_request *req, const char *path, gr_error *err)
{
    char flag[80];
    gr_api_key_lead(req->front, "png", flag, sizeof flag);
    const char *slash = strrchr(path, '/');
    char dir[4096];
    if (!slash) snprintf(dir, sizeof dir, ".");
    else if (slash == path) snprintf(dir, sizeof dir, "/");
    else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    if (slash && !slash[1]) return gr_fail(err, GR_EINPUT, "%s%s: names a folder, not a file", flag, path);
    if (access(dir, W_OK) != 0)
        return gr_fail(err, GR_EINPUT, "%s%s: cannot write there: folder '%s': %s", flag, path, dir, strerror(errno));
    return GR_OK;
}

/* The checks made before any work, in the order they are reported. */
static int check(const gr_api_request *req, uint32_t *fixed, gr_error *err)
{
    const gr_api_losing_opts *o = &req->losing;
    char a[80], b[80];
    if (!gr_outcome_is_block_position(&req->outcome) && !gr_outcome_is_block(&req->outcome))
        return gr_fail(err, GR_EINPUT, "losing needs %sK or %sK", gr_api_key_lead(req->front, "block", a, sizeof a),
                       gr_api_key_lead(req->front, "block-position", b, sizeof b));
    if (o->max < 0) return gr_fail(err, GR_EINPUT, "losing needs %sN (the largest pile)", gr_api_key_lead(req->front, "max", a, sizeof a));
    if (o->png && !o->picture)
        return gr_fail(err, GR_EINPUT, "%s needs %sFIXED (the slice to draw)",
                       gr_api_key_name(req->front, "png", a, sizeof a), gr_api_key_lead(req->front, "picture", b, sizeof b));
    if (o->png) {
        int rc = check_output(req, o->png, err);
        if (rc) return rc;
    }
    if (o->picture && o->piles < 2)
        return gr_fail(err, GR_EINPUT, "%s draws two piles against each other; got %s%ld",
                       gr_api_key_name(req->front, "picture", a, sizeof a), gr_api_key_lead(req->front, "piles", b, sizeof b), o->piles);
    return o->picture ? parse_fixed(req, fixed, err) : GR_OK;
}

typedef struct collect {
    gr_api_losing_reply *l;
    size_t cap;
} collect;

static int keep_one(void *ctx, const uint32_t *x)
{
    collect *c = ctx;
    gr_api_losing_reply *l = c->l;
    size_t d = (size_t)l->piles;
    if (!GR_GROW(l->list, c->cap, (l->count + 1) * d, 1024)) return GR_ENOMEM;
    memcpy(l->list + l->count * d, x, d * sizeof *x);
    l->count++;
    return 0;
}

/* The slice (fixed, b, c), b <= c <= max: cell c(c+1)/2 + b. */
static int slice(gr_losing *g, const uint32_t *fixed, gr_api_losing_reply *l, gr_error *err)
{
    size_t n = l->max;
    if (!(l->cells = calloc((n + 1) * (n + 2) / 2, 1))) return gr_fail_nomem(err);
    for (uint32_t c = 0; c <= l->max; c++)
        for (uint32_t b = 0; b <= c; b++) {
            bool p = false;
            int rc = gr_losing_slice(g, fixed, b, c, &p, err);
            if (rc) return rc;
            l->cells[(size_t)c * (c + 1) / 2 + b] = p;
        }
    return GR_OK;
}

/* The slice as pixels, each cell s x s, the unused triangle b > c gray, P black. */
static int write_png(const gr_api_request *req, const gr_api_losing_reply *l, gr_error *err)
{
    uint32_t cells = l->max + 1, s = cells >= 512 ? 1 : 512 / cells, w = cells * s;
    uint8_t *px = malloc((size_t)w * w);
    if (!px) return gr_fail_nomem(err);
    for (uint32_t c = 0; c < cells; c++)
        for (uint32_t b = 0; b < cells; b++) {
            uint8_t v = b > c ? 200 : l->cells[(size_t)c * (c + 1) / 2 + b] ? 0 : 255;
            for (uint32_t i = 0; i < s; i++) memset(px + ((size_t)c * s + i) * w + (size_t)b * s, v, s);
        }
    char flag[80];
    gr_api_key_lead(req->front, "png", flag, sizeof flag);
    gr_atomic_file af;
    int rc = GR_OK;
    if (gr_atomic_open(&af, req->losing.png) != 0)
        rc = gr_fail(err, GR_EINPUT, "%s%s: cannot write there", flag, req->losing.png);
    else if (gr_graypng_write(af.f, px, w, w) != 0) {
        gr_atomic_abort(&af);
        rc = gr_fail(err, GR_EINPUT, "%s%s: write failed", flag, req->losing.png);
    } else if (gr_atomic_commit(&af) != 0) {
        rc = gr_fail(err, GR_EINPUT, "%s%s: write failed", flag, req->losing.png);
    }
    free(px);
    return rc;
}

int gr_api_losing(const gr_api_request *req, gr_api_reply *rep, gr_error *err)
{
    gr_api_losing_reply *l = &rep->losing;
    uint32_t fixed[GR_NBTABLE_MAX_D] = {0};
    int rc = check(req, fixed, err);
    gr_losing *g = NULL;
    if (!rc) rc = gr_losing_open(&g, req->rules, &req->outcome, (int)req->losing.piles, (uint32_t)req->losing.max,
                                 &req->limits, err);
    if (rc) return rc;
    l->piles = gr_losing_piles(g);
    l->max = gr_losing_max(g);
    l->block_position = gr_outcome_is_block_position(&req->outcome);
    l->k = req->outcome.param;
    if (req->losing.picture) {
        l->picture = true;
        if (!(l->fixed = strdup(req->losing.picture))) rc = gr_fail_nomem(err);
        if (!rc) rc = slice(g, fixed, l, err);
        if (!rc && req->losing.png) rc = write_png(req, l, err);
        if (!rc && req->losing.png && !(l->png = strdup(req->losing.png))) rc = gr_fail_nomem(err);
    } else {
        collect c = {l, 0};
        rc = gr_losing_each(g, keep_one, &c, &l->visited, err);
        if (rc == GR_ENOMEM && !err->code) rc = gr_fail_nomem(err);
    }
    gr_losing_free(g);
    return rc;
}

void gr_api_render_losing(gr_buf *b, int format, const gr_api_reply *rep)
{
    const gr_api_losing_reply *l = &rep->losing;
    if (l->png) {
        gr_buf_printf(b, "wrote %s\n", l->png);
        return;
    }
    if (l->picture) {   /* a picture is text in any format */
        if (l->piles == 2) gr_buf_printf(b, "(b, c), b <= c <= %u: row c, column b from 0; '#' P, '.' N\n", l->max);
        else gr_buf_printf(b, "slice (%s, b, c), b <= c <= %u: row c, column b from 0; '#' P, '.' N\n", l->fixed, l->max);
        for (uint32_t c = 0; c <= l->max; c++) {
            gr_buf_printf(b, "%5u ", c);
            for (uint32_t x = 0; x <= c; x++) gr_buf_putc(b, l->cells[(size_t)c * (c + 1) / 2 + x] ? '#' : '.');
            gr_buf_putc(b, '\n');
        }
        return;
    }
    if (format == GR_API_JSON)
        gr_buf_printf(b, "{\"piles\":%d,\"max\":%u,\"%s\":%d,\"losing\":[", l->piles, l->max,
                      l->block_position ? "block_position" : "block", l->k);
    for (size_t i = 0; i < l->count; i++) {
        const uint32_t *x = l->list + i * (size_t)l->piles;
        if (format == GR_API_JSON) gr_buf_puts(b, i ? ",[" : "\n[");
        for (int j = 0; j < l->piles; j++)
            gr_buf_printf(b, j == 0 ? "%u" : format == GR_API_TEXT ? " %u" : ",%u", x[j]);
        gr_buf_puts(b, format == GR_API_JSON ? "]" : "\n");
    }
    if (format == GR_API_JSON) gr_buf_printf(b, "\n],\"count\":%zu,\"positions\":%llu}\n", l->count, l->visited);
}
