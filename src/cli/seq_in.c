/* grundy seq --in FILE: the values, --bfile, --rare and --period streamed
 * from the sequence file a block at a time, in memory for a few blocks
 * whatever the file's length (Grundy's game to 2^32 is 8 GiB of values).
 * Two passes: the first checks every block it will print (and counts the
 * rare heaps, which the text form names first), so a damaged file prints
 * nothing; then the period (seq_in_period.c), which a JSON answer holds
 * before its end; the second pass prints. */
#include "seq.h"
#include "grundy/period.h"
#include "grundy/seqfile.h"
#include "grundy/sparse.h"
#include <stdint.h>

/* A private stop: the heaps asked for are read (not an error). */
#define ENOUGH (-1)

typedef struct stream {
    gr_api_seqfile_reply r;    /* the answer, filled as the passes go */
    int format;
    uint64_t count;            /* heaps 0..count-1 are wanted */
    gr_buf *out;               /* pass two: each block rendered here, then written */
} stream;

static int on_block(void *ctx, const uint16_t *v, uint64_t at, uint64_t n, gr_error *err)
{
    stream *st = ctx;
    uint64_t hi = at + n < st->count ? at + n : st->count;
    for (uint64_t x = at; x < hi; x++) {
        if (!st->out) gr_api_seqfile_tally(&st->r, x, v[x - at]);
        else gr_api_seqfile_heap(st->out, st->format, &st->r, x, v[x - at]);
    }
    if (st->out) {
        if (!gr_buf_ok(st->out)) return gr_fail_nomem(err);
        fwrite(st->out->s, 1, st->out->len, stdout);
        gr_buf_reset(st->out);
    }
    return hi == st->count ? ENOUGH : GR_OK;
}

static int pass(const char *path, stream *st, gr_error *err)
{
    gr_seqfile_header h;
    int rc = gr_seqfile_read_each(path, &h, UINT64_MAX, false, NULL, on_block, st, err);
    return rc == ENOUGH ? GR_OK : rc;
}

int seq_stream_file(seq_args *s, gr_error *err)
{
    gr_seqfile_header h;
    uint64_t most;
    int rc = gr_seqfile_peek(s->in, &h, &most, err);
    if (rc) return rc;
    uint64_t count = h.count;
    if (s->have_to && (uint64_t)s->to + 1 < count) count = (uint64_t)s->to + 1;
    if (s->have_to && (uint64_t)s->to + 1 > h.count)
        return gr_fail(err, GR_EINPUT, "%s holds G(0..%llu); --to %ld is past it", s->in,
                       (unsigned long long)(h.count - 1), s->to);
    if (count == 0) return gr_fail(err, GR_EINPUT, "%s holds no values", s->in);
    if ((uint64_t)s->from >= count) return gr_fail(err, GR_EINPUT, "--from %ld is past the file's end", s->from);
    stream st = {.r = {.rules = h.rules, .from = (uint64_t)s->from, .to = count - 1, .mask = h.mask, .rare = s->rare,
                       .period = s->period},
                 .format = seq_api_format(s), .count = count};
    if ((rc = pass(s->in, &st, err))) return rc;
    if (s->period && (rc = seq_in_period(s->in, &h, count, &st.r.per, &st.r.cert, err))) return rc;
    gr_buf out;
    gr_buf_init(&out);
    gr_api_seqfile_head(&out, st.format, &st.r);
    st.out = &out;
    rc = pass(s->in, &st, err);   /* fails when the file changed since the first pass */
    if (!rc) {
        gr_buf note;
        gr_buf_init(&note);
        gr_api_seqfile_tail(&out, st.format, &st.r);
        gr_api_seqfile_note(&note, st.format, &st.r);
        rc = seq_write(&out, &note, err);
        gr_buf_free(&note);
    }
    gr_buf_free(&out);
    return rc;
}
