/* The table verb: G(0,a,b) of three-pile Sharing Nim for 0 <= a <= b <=
 * max (seed 000, Table 1), by the fast method (line bitsets, rows streamed)
 * or the simple one (every option, the reference), or read from a table
 * `table --out` stored; under another outcome rule the class of every
 * (0,a,b), by the engine. The rows stream to a front end that prints them
 * as they come (gr_api_table_rows), or are held in the reply. */
#include "api_internal.h"
#include "grundy/s3file.h"
#include "grundy/sharing3.h"
#include "grundy/sharing3_fast.h"
#include <stdlib.h>
#include <string.h>

/* The simple method is O(N^3) time and O(N^2) memory. */
#define SIMPLE_MAX 20000

static const char *flag(const gr_api_request *req, const char *key, char *buf, size_t size)
{
    return gr_api_key_name(req->front, key, buf, size);
}

/* The checks before any work; *fast: the fast method. */
static int check(const gr_api_request *req, const gr_game *g, bool *fast, gr_error *err)
{
    const gr_api_table_opts *t = &req->table;
    char name[48];
    bool cli = req->front == GR_FRONT_CLI;
    if (!t->have_max)
        return cli ? gr_fail(err, GR_EINPUT, "table needs --max N")
                   : gr_fail(err, GR_EINPUT, "missing parameter %s", flag(req, "max", name, sizeof name));
    if (!gr_s3table_covers(g))
        return gr_fail(err, GR_EINPUT, "table covers three-pile sharing so far, not '%s'", req->rules);
    if (req->outcome.rule != &gr_outcome_normal && (t->method || t->in || t->stored))
        return cli ? gr_fail(err, GR_EINPUT, "--db, --out, --in, --png, --stats and --method are for normal play")
                   : gr_fail(err, GR_EINPUT, "%s and %s are for normal play", flag(req, "method", name, sizeof name),
                             req->front == GR_FRONT_HTTP ? "stored" : "a stored table");
    if (req->outcome.rule != &gr_outcome_normal) return GR_OK;
    uint32_t n = (uint32_t)t->max;
    *fast = !t->method || strcmp(t->method, "fast") == 0;
    if (t->method && !*fast && strcmp(t->method, "simple") != 0)
        return gr_fail(err, GR_EINPUT, "%s %s: not simple or fast", flag(req, "method", name, sizeof name), t->method);
    if (t->stored && !t->in) return gr_fail(err, GR_EINPUT, "there is no stored table here");
    if (!*fast && n > SIMPLE_MAX)
        return gr_fail(err, GR_EINPUT, "%s simple is O(N^3) time and O(N^2) memory; it stops at %s%s%d",
                       flag(req, "method", name, sizeof name), cli ? "--max" : "max", cli ? " " : "=", SIMPLE_MAX);
    if (*fast && !t->in && n > GR_S3FAST_MAX_N)
        return cli ? gr_fail(err, GR_EINPUT,
                             "--max %u: the fast table on one process goes to %u; beyond, run it over several with --mpi",
                             n, GR_S3FAST_MAX_N)
                   : gr_fail(err, GR_EINPUT, "max=%u: the fast table goes to %u", n, GR_S3FAST_MAX_N);
    if (t->text && n > GR_API_TABLE_TEXT_MAX)
        return gr_fail(err, GR_EINPUT, "the text layout stops at --max %d; use --format csv or --out",
                       GR_API_TABLE_TEXT_MAX);
    return GR_OK;
}

/* ---- the rows ---- */

typedef struct rows {
    gr_api_table_fn fn;
    void *ctx;
    const gr_limits *lim;
    int stopped;
} rows;

/* A band of the fast method's rows, handed on in order. */
static int band(void *ctx, uint32_t b0, uint32_t count, const uint32_t *r, size_t stride, int threads)
{
    (void)threads;
    rows *k = ctx;
    for (uint32_t i = 0; i < count; i++) {
        int rc = k->fn(k->ctx, b0 + i, r + (size_t)i * stride);
        if (rc) return rc;
    }
    if (gr_limits_stopped(k->lim)) return k->stopped = 1;
    return 0;
}

static int stop_or(rows *k, int rc, gr_error *err)
{
    if (k->stopped) return gr_fail(err, GR_EINTR, "stopped");
    if (rc && err && !err->code) return gr_fail(err, rc > 0 ? rc : GR_EINTERNAL, "the table's rows stopped");
    return rc;
}

static int rows_of(const gr_api_request *req, uint32_t n, bool fast, gr_api_table_fn fn, void *ctx, gr_error *err)
{
    const gr_api_table_opts *t = &req->table;
    rows k = {fn, ctx, &req->limits, 0};
    uint32_t *row = malloc(((size_t)n / 2 + 1) * sizeof *row);
    if (!row) return gr_fail_nomem(err);
    int rc = GR_OK;
    if (t->in) {
        gr_s3file in;
        if ((rc = gr_s3file_open_read(&in, t->in, err))) goto out;
        if (in.n < n)
            rc = req->front == GR_FRONT_CLI
                     ? gr_fail(err, GR_EINPUT, "'%s' holds the table to %u, not %u", t->in, in.n, n)
                     : gr_fail(err, GR_EINPUT, "the stored table goes to %u, not %u", in.n, n);
        for (uint32_t b = 0; !rc && b <= n; b++)
            if (!(rc = gr_s3file_read_row(&in, row, err))) rc = fn(ctx, b, row);
        gr_s3file_close(&in);
    } else if (fast) {
        gr_s3fast *st;
        if ((rc = gr_s3fast_new(&st, n, err))) goto out;
        gr_s3fast_set_threads(st, (int)t->threads);
        rc = stop_or(&k, gr_s3fast_bands(st, n + 1, band, &k), err);
        gr_s3fast_free(st);
    } else {
        gr_s3table simple = {0, NULL};
        if ((rc = gr_s3table_simple(&simple, n, err))) goto out;
        for (uint32_t b = 0; !rc && b <= n; b++) {
            for (uint32_t x = 0; x <= b / 2; x++) row[x] = gr_s3table_get(&simple, x, b);
            rc = fn(ctx, b, row);
        }
        gr_s3table_free(&simple);
    }
out:
    free(row);
    return rc;
}

int gr_api_table_rows(const gr_api_request *req, gr_api_table_fn fn, void *ctx, gr_error *err)
{
    gr_game g = {0};
    int rc = gr_game_parse(&g, req->rules, err);
    if (rc) return rc;
    bool fast = true;
    rc = check(req, &g, &fast, err);
    if (!rc && req->outcome.rule != &gr_outcome_normal)
        rc = gr_fail(err, GR_EINTERNAL, "an outcome table is not streamed");
    if (!rc) rc = rows_of(req, (uint32_t)req->table.max, fast, fn, ctx, err);
    gr_game_release(&g);
    return rc;
}

int gr_api_table_check(const gr_api_request *req, gr_error *err)
{
    gr_game g = {0};
    int rc = gr_game_parse(&g, req->rules, err);
    bool fast;
    if (!rc) rc = check(req, &g, &fast, err);
    if (g.rs) gr_game_release(&g);
    return rc;
}

static int keep_row(void *ctx, uint32_t b, const uint32_t *row)
{
    uint32_t *half = ctx;
    memcpy(half + gr_api_table_row(b), row, ((size_t)b / 2 + 1) * sizeof *row);
    return 0;
}

int gr_api_table(const gr_api_request *req, gr_api_reply *rep, gr_error *err)
{
    gr_game g = {0};
    int rc = gr_game_parse(&g, req->rules, err);
    if (rc) return rc;
    bool fast = true;
    uint32_t n = (uint32_t)req->table.max;
    rep->table.n = n;
    rc = check(req, &g, &fast, err);
    if (!rc && req->outcome.rule != &gr_outcome_normal) {
        rc = gr_engine_outcome_table(&g, &req->outcome, &req->limits, n, &rep->table.score, err);
    } else if (!rc) {
        size_t cells = gr_api_table_row(n + 1);
        double need = (double)cells * sizeof(uint32_t);
        if (need > req->limits.max_bytes)
            rc = gr_fail_limit(err, GR_KNOB_MEMORY, "the table to %u needs %.0f bytes, over the memory limit", n, need);
        else if (!(rep->table.half = malloc(cells * sizeof(uint32_t)))) rc = gr_fail_nomem(err);
        else rc = rows_of(req, n, fast, keep_row, rep->table.half, err);
    }
    gr_game_release(&g);
    return rc;
}

/* ---- rendering ---- */

static void put_u32(gr_buf *b, uint32_t v)
{
    char d[12];
    int n = 0;
    do d[sizeof d - 1 - n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    gr_buf_add(b, d + sizeof d - n, (size_t)n);
}

void gr_api_table_head(gr_buf *b, int format, uint32_t n)
{
    if (format == GR_API_JSON) gr_buf_printf(b, "{\"ruleset\":\"sharing\",\"max\":%u,\"rows\":[", n);
    else if (format == GR_API_CSV) gr_buf_puts(b, "a,b,value\n");
}

void gr_api_table_put_row(gr_buf *b, int format, uint32_t row_b, const uint32_t *row)
{
    if (format == GR_API_CSV) {
        for (uint32_t x = 0; x <= row_b; x++) {
            put_u32(b, x);
            gr_buf_putc(b, ',');
            put_u32(b, row_b);
            gr_buf_putc(b, ',');
            put_u32(b, row[x <= row_b - x ? x : row_b - x]);
            gr_buf_putc(b, '\n');
        }
    } else if (format == GR_API_JSON) {
        gr_buf_puts(b, row_b ? ",[" : "[");
        for (uint32_t x = 0; x <= row_b; x++) {
            if (x) gr_buf_putc(b, ',');
            put_u32(b, row[x <= row_b - x ? x : row_b - x]);
        }
        gr_buf_putc(b, ']');
    }
}

void gr_api_table_tail(gr_buf *b, int format)
{
    if (format == GR_API_JSON) gr_buf_puts(b, "]}\n");
}

static uint32_t value_at(const void *ctx, uint32_t a, uint32_t b)
{
    const gr_api_table_reply *t = ctx;
    return t->half[gr_api_table_row(b) + (a <= b - a ? a : b - a)];
}

/* Laid out like seed 000's Table 1: row a, column b, a = 0 at the bottom. */
void gr_api_table_put_text(gr_buf *out, uint32_t n, gr_api_table_get_fn get, const void *ctx)
{
    int w = 1;
    for (uint32_t b = 0; b <= n; b++)
        for (uint32_t a = 0; a <= b / 2; a++) {
            int d = snprintf(NULL, 0, "%u", get(ctx, a, b));
            if (d > w) w = d;
        }
    int aw = snprintf(NULL, 0, "%u", n);
    if (w < aw) w = aw;
    gr_buf_printf(out, "G(0,a,b) of three-pile Sharing Nim, 0 <= a <= b <= %u (row a, column b)\n", n);
    for (uint32_t a = n + 1; a-- > 0;) {
        gr_buf_printf(out, "%*u |", aw, a);
        for (uint32_t b = 0; b <= n; b++) {
            if (b < a) gr_buf_printf(out, " %*s", w, "");
            else gr_buf_printf(out, " %*u", w, get(ctx, a, b));
        }
        gr_buf_putc(out, '\n');
    }
    gr_buf_printf(out, "%*s +", aw, "");
    for (uint32_t b = 0; b <= n; b++) gr_buf_printf(out, "%.*s", w + 1, "----------------");
    gr_buf_printf(out, "\n%*s  ", aw, "");
    for (uint32_t b = 0; b <= n; b++) gr_buf_printf(out, " %*u", w, b);
    gr_buf_puts(out, "  = b\n");
}

static void classes(gr_buf *out, int format, const gr_outcome *o, const gr_api_table_reply *t)
{
    char rule[32];
    gr_outcome_format(o, rule, sizeof rule);
    long max = t->n;
    const uint32_t *score = t->score;
    size_t k = 0;
    if (format == GR_API_CSV) {
        gr_buf_puts(out, "a,b,outcome\n");
        for (long b = 0; b <= max; b++)
            for (long a = 0; a <= b; a++) gr_buf_printf(out, "%ld,%ld,%s\n", a, b, gr_outcome_label(o, score[k++]));
        return;
    }
    if (format == GR_API_JSON) {
        gr_buf_printf(out, "{\"ruleset\":\"sharing\",\"outcome_rule\":\"%s\",\"max\":%ld,\"rows\":[", rule, max);
        for (long b = 0; b <= max; b++) {
            gr_buf_puts(out, b ? ",[" : "[");
            for (long a = 0; a <= b; a++) {
                if (a) gr_buf_putc(out, ',');
                gr_buf_json_string(out, gr_outcome_label(o, score[k++]));
            }
            gr_buf_putc(out, ']');
        }
        gr_buf_puts(out, "]}\n");
        return;
    }
    gr_buf_printf(out, "outcome classes (%s) of (0,a,b), three-pile Sharing Nim, 0 <= a <= b <= %ld (row a, column b)\n",
                  rule, max);
    size_t cells = (size_t)(max + 1) * (size_t)(max + 2) / 2;
    int w = 1;
    for (size_t i = 0; i < cells; i++) {
        int l = (int)strlen(gr_outcome_label(o, score[i]));
        if (l > w) w = l;
    }
    int aw = snprintf(NULL, 0, "%ld", max);
    if (w < aw) w = aw;
    for (long a = max; a >= 0; a--) {
        gr_buf_printf(out, "%*ld |", aw, a);
        for (long b = 0; b <= max; b++)
            gr_buf_printf(out, " %*s", w,
                          b < a ? "" : gr_outcome_label(o, score[(size_t)b * (size_t)(b + 1) / 2 + (size_t)a]));
        gr_buf_putc(out, '\n');
    }
    gr_buf_printf(out, "%*s  ", aw, "");
    for (long b = 0; b <= max; b++) gr_buf_printf(out, " %*ld", w, b);
    gr_buf_puts(out, "  = b\n");
}

void gr_api_render_table(gr_buf *b, int format, const gr_api_reply *rep)
{
    const gr_api_table_reply *t = &rep->table;
    if (t->score) {
        classes(b, format, &rep->outcome, t);
    } else if (format == GR_API_JSON || format == GR_API_CSV) {
        gr_api_table_head(b, format, t->n);
        for (uint32_t r = 0; r <= t->n; r++) gr_api_table_put_row(b, format, r, t->half + gr_api_table_row(r));
        gr_api_table_tail(b, format);
    } else {
        gr_api_table_put_text(b, t->n, value_at, t);
    }
}

void gr_api_table_out_text(gr_buf *b, const char *file, uint32_t n)
{
    gr_buf_printf(b, "wrote %s: G(0,a,b) for 0 <= a <= b/2, b <= %u\n", file, n);
}

/* ---- the server's estimate ---- */

/* The fast method to a few hundred rows, or reading as many, takes a few
 * milliseconds; the engine's classes are searches without such a bound. */
enum { CHEAP_MAX = 300, CHEAP_SIMPLE_MAX = 60 };

bool gr_api_table_cheap(const gr_api_request *req, double seconds, double bytes)
{
    (void)seconds;
    const gr_api_table_opts *t = &req->table;
    bool simple = t->method && strcmp(t->method, "simple") == 0;
    return req->outcome.rule == &gr_outcome_normal && t->max <= (simple ? CHEAP_SIMPLE_MAX : CHEAP_MAX) &&
           bytes >= 64.0 * CHEAP_MAX * CHEAP_MAX;
}
