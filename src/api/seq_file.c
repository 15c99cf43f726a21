/* seq's file forms (grundy/api.h): the answers of the sparse method's runs
 * and stored files (--out, --in, --rare, --until-period), rendered a heap
 * at a time so that a file of 2^32 heaps streams through a small buffer;
 * and --compare, the first heap where two nim-sequences differ. */
#include "api_internal.h"
#include "grundy/heapseq.h"
#include "grundy/sparse.h"
#include "grundy/takebreak.h"
#include <inttypes.h>
#include <stdlib.h>

/* ---- the file forms ---- */

/* Values are listed, not rare heaps, and not left in a file. */
static bool lists_values(const gr_api_seqfile_reply *r)
{
    return !r->rare && !r->out;
}

void gr_api_seqfile_tally(gr_api_seqfile_reply *r, uint64_t x, uint32_t g)
{
    if (x > 0 && x <= r->to && gr_sparse_is_rare(r->mask, g)) r->rare_count++;
}

void gr_api_seqfile_head(gr_buf *b, int format, gr_api_seqfile_reply *r)
{
    r->printed = 0;
    if (format == GR_API_JSON) {
        gr_buf_puts(b, "{\"ruleset\":");
        gr_buf_json_string(b, r->rules);
        if (lists_values(r)) {
            gr_buf_printf(b, ",\"from\":%" PRIu64 ",\"to\":%" PRIu64 ",\"method\":\"sparse\",\"mask\":%u,\"values\":[",
                          r->from, r->to, r->mask);
            return;
        }
        gr_buf_printf(b, ",\"to\":%" PRIu64, r->to);
        if (r->file) {
            gr_buf_puts(b, ",\"out\":");
            gr_buf_json_string(b, r->file);
            gr_buf_printf(b, ",\"computed\":%" PRIu64 ",\"resumed_at\":%" PRIu64 ",\"seconds\":%.3f,\"threads\":%d,"
                          "\"mask\":%u,\"rare_count\":%" PRIu64 ",\"largest\":%u", r->computed, r->resumed_at,
                          r->seconds, r->threads, r->run_mask, r->run_rare, r->largest);
        }
        if (r->rare) {
            if (!r->file) gr_buf_printf(b, ",\"mask\":%u", r->mask);   /* a run's summary names it already */
            gr_buf_puts(b, ",\"rare\":[");
        }
        return;
    }
    if (r->file) {
        char resumed[64] = "";
        if (r->resumed_at) snprintf(resumed, sizeof resumed, " (resumed at heap %" PRIu64 ")", r->resumed_at);
        double made = (double)r->computed;
        gr_buf_printf(b, "%s: G(0..%" PRIu64 ") in %s: %" PRIu64 " computed%s in %.1f s (%.2f M values/s on %d thread%s); "
                      "mask %#x, %" PRIu64 " rare heaps, largest value %u\n",
                      r->rules, r->run_to, r->file, r->computed, resumed, r->seconds,
                      r->seconds > 0 ? made / r->seconds / 1e6 : 0.0, r->threads, r->threads == 1 ? "" : "s",
                      r->run_mask, r->run_rare, r->largest);
    }
    if (r->stopped) gr_buf_printf(b, "stopped at heap %" PRIu64 ": the period is certified\n", r->to);
    if (r->rare)
        gr_buf_printf(b, "# %s: %" PRIu64 " rare heaps in 1..%" PRIu64 " under mask %#x (popcount(G & mask) even)\n",
                      r->rules, r->rare_count, r->to, r->mask);
}

void gr_api_seqfile_heap(gr_buf *b, int format, gr_api_seqfile_reply *r, uint64_t x, uint32_t g)
{
    bool json = format == GR_API_JSON;
    if (r->rare) {
        if (x == 0 || !gr_sparse_is_rare(r->mask, g)) return;
        if (json) gr_buf_puts(b, r->printed++ ? ",[" : "[");
        gr_api_put_u64(b, x);
        gr_buf_putc(b, json ? ',' : ' ');
        gr_api_put_u64(b, g);
        gr_buf_puts(b, json ? "]" : "\n");
        return;
    }
    if (r->out || x < r->from) return;
    if (format == GR_API_BFILE) {
        gr_api_put_u64(b, x);
        gr_buf_putc(b, ' ');
    } else if (r->printed++) {
        gr_buf_putc(b, json ? ',' : ' ');
    }
    gr_api_put_u64(b, g);
    if (format == GR_API_BFILE) gr_buf_putc(b, '\n');
}

/* A b-file is numbers alone: the period of its values goes to standard error. */
static bool period_aside(int format, const gr_api_seqfile_reply *r)
{
    return format == GR_API_BFILE && lists_values(r);
}

void gr_api_seqfile_tail(gr_buf *b, int format, const gr_api_seqfile_reply *r)
{
    if (format == GR_API_JSON) {
        if (r->rare || !r->out) gr_buf_putc(b, ']');
        if (r->period) gr_api_seq_period_json(b, &r->per, &r->cert);
        gr_buf_puts(b, "}\n");
        return;
    }
    if (format == GR_API_TEXT && lists_values(r)) gr_buf_putc(b, '\n');
    if (r->period && !period_aside(format, r)) gr_api_heap_period_text(b, &r->per, &r->cert);
}

void gr_api_seqfile_note(gr_buf *b, int format, const gr_api_seqfile_reply *r)
{
    if (r->period && period_aside(format, r)) gr_api_heap_period_text(b, &r->per, &r->cert);
}

/* ---- --compare ---- */

/* G(0..n) of one ruleset, as 32-bit values: the sparse method from 1000
 * heaps on where it covers the code, else the heap sequence's own choice. */
static int values_of(const char *rules, uint64_t n, const gr_limits *lim, uint32_t **out, const char **method,
                     gr_error *err)
{
    gr_game game = {0};
    int rc = gr_game_parse(&game, rules, err);
    if (rc) return rc;
    uint32_t *v = malloc((n + 1) * sizeof *v);
    if (!v) rc = gr_fail_nomem(err);
    gr_tb_code c;
    if (!rc && gr_tb_code_of(&game, &c) && gr_tb_splits(&c) && gr_sparse_covers(&c, NULL, 0) && n >= 1000) {
        gr_sparse_job j = {.code = &c, .rules = rules, .to = n, .lim = *lim};
        gr_sparse_result r;
        rc = gr_sparse_job_run(&j, &r, err);
        for (uint64_t x = 0; !rc && x <= n; x++) v[x] = gr_sparse_value(r.s, x);
        gr_sparse_free(r.s);
        *method = "sparse";
    } else if (!rc) {
        gr_heapseq_info info = {0};
        if (n >= UINT32_MAX) rc = gr_fail(err, GR_EINPUT, "--to %" PRIu64 ": heap sizes up to %u", n, UINT32_MAX - 1);
        else rc = gr_heapseq(&game, GR_HEAPSEQ_AUTO, (uint32_t)n, v, lim, &info, err);
        *method = info.method ? info.method : "simple";
    }
    gr_game_release(&game);
    if (rc) free(v);
    else *out = v;
    return rc;
}

int gr_api_seq_compare(const char *a, const char *b, uint64_t to, const gr_limits *lim, gr_api_seqcmp_reply *r,
                       gr_error *err)
{
    uint32_t *va = NULL, *vb = NULL;
    *r = (gr_api_seqcmp_reply){.rules = {a, b}, .to = to, .method = {"", ""}};
    int rc = values_of(a, to, lim, &va, &r->method[0], err);
    if (!rc) rc = values_of(b, to, lim, &vb, &r->method[1], err);
    if (!rc) {
        uint64_t x = 0;
        while (x <= to && va[x] == vb[x]) x++;
        r->same = x > to;
        if (!r->same) {
            r->first = x;
            r->values[0] = va[x];
            r->values[1] = vb[x];
        }
    }
    free(va);
    free(vb);
    return rc;
}

void gr_api_seqcmp_render(gr_buf *b, int format, const gr_api_seqcmp_reply *r)
{
    if (format == GR_API_JSON) {
        gr_buf_puts(b, "{\"rules\":[");
        gr_buf_json_string(b, r->rules[0]);
        gr_buf_putc(b, ',');
        gr_buf_json_string(b, r->rules[1]);
        if (r->same)
            gr_buf_printf(b, "],\"to\":%" PRIu64 ",\"same\":true}\n", r->to);
        else
            gr_buf_printf(b, "],\"to\":%" PRIu64 ",\"same\":false,\"first_difference\":%" PRIu64 ",\"values\":[%u,%u]}\n",
                          r->to, r->first, r->values[0], r->values[1]);
    } else if (!r->same) {
        gr_buf_printf(b, "%s and %s differ first at heap %" PRIu64 ": G = %u and %u (the same on 0..%" PRIu64 ")\n",
                      r->rules[0], r->rules[1], r->first, r->values[0], r->values[1], r->first ? r->first - 1 : 0);
    } else {
        gr_buf_printf(b, "%s and %s have the same nim-sequence on 0..%" PRIu64 " (%s, %s)\n", r->rules[0], r->rules[1],
                      r->to, r->method[0], r->method[1]);
    }
}
