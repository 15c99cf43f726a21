/* grundy seq with the sparse-space engine (grundy/sparse.h): long
 * nim-sequences of take-and-break codes, sequence files (--out, --in),
 * rare heaps, periods watched while the run goes on, and --compare. The
 * runs are made here, with their progress line; the answers are the
 * layer's, rendered by it (src/api/seq_file.c). */
#include "seq.h"
#include "grundy/period.h"
#include "grundy/seqfile.h"
#include "grundy/sparse.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------- printing */

typedef struct view {
    const void *g;             /* values of `width` bytes: 1 (the engine's byte layout) or 2 */
    unsigned width;
    uint64_t count;            /* G(0..count-1) */
} view;

static inline uint32_t at(const view *v, uint64_t x)
{
    return v->width == 1 ? ((const uint8_t *)v->g)[x] : ((const uint16_t *)v->g)[x];
}

int seq_api_format(const seq_args *s)
{
    return s->common.format == FMT_JSON ? GR_API_JSON : s->bfile ? GR_API_BFILE : GR_API_TEXT;
}

int seq_write(const gr_buf *out, const gr_buf *note, gr_error *err)
{
    if (!gr_buf_ok(out) || !gr_buf_ok(note)) return gr_fail_nomem(err);
    fwrite(out->s, 1, out->len, stdout);
    if (note->len) {
        fflush(stdout);
        fwrite(note->s, 1, note->len, stderr);
    }
    return GR_OK;
}

/* The layer's rendering of the answer, whole, on standard output (a
 * b-file's period on standard error). */
static int deliver(const view *v, const seq_args *s, gr_api_seqfile_reply *r, gr_error *err)
{
    int format = seq_api_format(s);
    gr_buf out, note;
    gr_buf_init(&out);
    gr_buf_init(&note);
    r->to = v->count - 1;
    for (uint64_t x = 0; r->rare && x < v->count; x++) gr_api_seqfile_tally(r, x, at(v, x));
    gr_api_seqfile_head(&out, format, r);
    if (r->rare || !r->out)   /* --out alone: the values are in the file */
        for (uint64_t x = 0; x < v->count; x++) gr_api_seqfile_heap(&out, format, r, x, at(v, x));
    gr_api_seqfile_tail(&out, format, r);
    gr_api_seqfile_note(&note, format, r);
    int rc = seq_write(&out, &note, err);
    gr_buf_free(&out);
    gr_buf_free(&note);
    return rc;
}

/* ------------------------------------------------------------ computing */

void seq_progress(void *ctx, const gr_sparse_progress *p)
{
    (void)ctx;
    double done = (double)(p->done - p->resumed), rate = p->seconds > 0 ? done / p->seconds : 0;
    double left = rate > 0 ? (double)(p->to + 1 - p->done) / rate : 0;
    fprintf(stderr, "\rgrundy: heap %llu of %llu, %.2f M values/s on %d thread%s, %llu rare, largest %u, %.0f s left   ",
            (unsigned long long)p->done, (unsigned long long)p->to, rate / 1e6, p->threads, p->threads == 1 ? "" : "s",
            (unsigned long long)p->rare, p->gmax, left);
    if (p->done >= p->to + 1) fputc('\n', stderr);
}

static int code_of(const gr_game *g, const char *rules, gr_tb_code *c, gr_error *err)
{
    char why[96];
    if (!gr_tb_code_of(g, c))
        return gr_fail(err, GR_EINPUT, "the sparse method needs a take-and-break code; %s has none", rules);
    if (!gr_sparse_covers(c, why, sizeof why))
        return gr_fail(err, GR_EINPUT, "the sparse method does not cover %s: %s (use --method fast)", rules, why);
    return GR_OK;
}

static int compute(seq_args *s, gr_error *err)
{
    gr_tb_code c;
    int rc = code_of(&s->game, s->common.rules, &c, err);
    if (rc) return rc;
    if (s->common.format != FMT_TEXT && s->common.format != FMT_JSON)
        return gr_fail(err, GR_EINPUT, "seq prints text or json");
    if (s->bfile && s->common.format == FMT_JSON) return gr_fail(err, GR_EINPUT, "--bfile and --format json conflict");
    gr_sparse_job j = {.code = &c, .rules = s->common.rules, .to = (uint64_t)s->to, .mask = (uint32_t)s->mask,
                       .threads = (int)s->threads, .out = s->out, .period = s->period, .until_period = s->until_period,
                       .lim = s->common.limits};
    if (isatty(2) && (s->out || s->to >= 1 << 22)) j.progress = seq_progress;
    gr_sparse_result r;
    rc = gr_sparse_job_run(&j, &r, err);
    if (j.progress && r.s) fputc('\n', stderr);
    if (!rc) {
        uint64_t count = gr_sparse_count(r.s);
        if (count > (uint64_t)s->to + 1) count = (uint64_t)s->to + 1;   /* a longer file than asked for */
        view v = {gr_sparse_data(r.s), gr_sparse_width(r.s), count};
        gr_api_seqfile_reply a = {.rules = s->common.rules, .from = (uint64_t)s->from, .mask = gr_sparse_mask(r.s),
                                  .rare = s->rare, .out = s->out != NULL, .period = s->period || s->until_period,
                                  .per = r.per, .cert = r.cert};
        if (s->out) {
            const gr_sparse_progress *p = &r.last;
            a.file = s->out;
            a.run_to = count - 1;
            a.computed = p->done - p->resumed;
            a.resumed_at = p->resumed;
            a.seconds = p->seconds;
            a.threads = p->threads;
            a.run_mask = p->mask;
            a.run_rare = p->rare;
            a.largest = p->gmax;
        }
        /* The engine looks for the period at fixed heap counts and so has
         * computed past the heap the certificate needs: the answer ends at
         * that heap, the sequence's certified stop (a file keeps the rest). */
        a.stopped = s->until_period && r.cert.certified;
        if (a.stopped && r.cert.needed_to + 1 < count) v.count = r.cert.needed_to + 1;
        rc = deliver(&v, s, &a, err);
    }
    gr_sparse_free(r.s);
    return rc;
}

/* ----------------------------------------------------------- --in FILE */

static int from_file(seq_args *s, gr_error *err)
{
    gr_seqfile_header h;
    uint16_t *g;
    int rc = gr_seqfile_read(s->in, &h, &g, 0, false, NULL, err);
    if (rc) return rc;
    uint64_t count = h.count;
    if (s->have_to && (uint64_t)s->to + 1 < count) count = (uint64_t)s->to + 1;
    if (s->have_to && (uint64_t)s->to + 1 > h.count)
        rc = gr_fail(err, GR_EINPUT, "%s holds G(0..%llu); --to %ld is past it", s->in, (unsigned long long)(h.count - 1),
                     s->to);
    if (!rc && count == 0) rc = gr_fail(err, GR_EINPUT, "%s holds no values", s->in);
    if (!rc && (uint64_t)s->from >= count) rc = gr_fail(err, GR_EINPUT, "--from %ld is past the file's end", s->from);
    gr_period per;
    gr_octal_cert cert;
    memset(&per, 0, sizeof per);
    memset(&cert, 0, sizeof cert);
    if (!rc && s->period) {
        gr_game game = {0};
        gr_tb_code c;
        gr_error ignored;
        gr_period_find16(g, count - 1, &per);
        if (gr_game_parse(&game, h.rules, &ignored) == GR_OK) {
            if (gr_tb_code_of_heaps(&game, &c)) gr_period_octal(&c, &per, &cert);
            gr_game_release(&game);
        }
    }
    if (!rc) {
        view v = {g, 2, count};
        gr_api_seqfile_reply a = {.rules = h.rules, .from = (uint64_t)s->from, .mask = h.mask, .rare = s->rare,
                                  .out = true, .period = s->period, .per = per, .cert = cert};
        s->to = (long)(count - 1);
        rc = deliver(&v, s, &a, err);
    }
    free(g);
    return rc;
}

/* ---------------------------------------------------- --compare A B */

static int compare(seq_args *s, gr_error *err)
{
    if (!s->have_to) return gr_fail(err, GR_EINPUT, "--compare needs --to N");
    gr_api_seqcmp_reply r;
    int rc = gr_api_seq_compare(s->compare[0], s->compare[1], (uint64_t)s->to, &s->common.limits, &r, err);
    if (rc) return rc;
    gr_buf b;
    gr_buf_init(&b);
    gr_api_seqcmp_render(&b, s->common.format == FMT_JSON ? GR_API_JSON : GR_API_TEXT, &r);
    rc = gr_buf_ok(&b) ? GR_OK : gr_fail_nomem(err);
    if (!rc) fwrite(b.s, 1, b.len, stdout);
    gr_buf_free(&b);
    return rc;
}

int seq_sparse(seq_args *s, gr_error *err)
{
    if (s->common.outcome.rule != &gr_outcome_normal)
        return gr_fail(err, GR_EINPUT, "the sparse method computes normal-play nim-sequences (no --misere/--players)");
    if (s->in) return s->out ? from_file(s, err) : seq_stream_file(s, err);
    if (s->compare[0]) return compare(s, err);
    if (s->method && strcmp(s->method, "sparse") != 0)
        return gr_fail(err, GR_EINPUT, "--out, --rare, --until-period, --mask and --threads need --method sparse, "
                       "not %s", s->method);
    return compute(s, err);
}
