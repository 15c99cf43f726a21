/* grundy seq --in FILE: the values, --bfile, --rare and --period streamed
 * from the sequence file a block at a time, in memory for a few blocks
 * whatever the file's length (Grundy's game to 2^32 is 8 GiB of values).
 * Two passes: the first checks every block it will print (and counts the
 * rare heaps, which the text form names first), so a damaged file prints
 * nothing; then the period (seq_in_period.c), which a JSON answer holds
 * before its end; the second pass prints. */
#include "seq.h"
#include "grundy/io.h"
#include "grundy/period.h"
#include "grundy/seqfile.h"
#include "grundy/sparse.h"
#include <inttypes.h>
#include <stdint.h>

/* A private stop: the heaps asked for are read (not an error). */
#define ENOUGH (-1)

typedef struct stream {
    const seq_args *s;
    uint64_t count;            /* heaps 0..count-1 are wanted */
    uint32_t mask;
    uint64_t rare;             /* rare heaps in 1..count-1 (pass one) */
    uint64_t printed;          /* items printed (pass two), for the separators */
    bool print;
} stream;

static int on_block(void *ctx, const uint16_t *v, uint64_t at, uint64_t n, gr_error *err)
{
    (void)err;
    stream *st = ctx;
    const seq_args *s = st->s;
    bool json = s->common.format == FMT_JSON;
    uint64_t lo = at, hi = at + n < st->count ? at + n : st->count;
    for (uint64_t x = lo; x < hi; x++) {
        uint32_t g = v[x - at];
        if (s->rare) {
            if (x == 0 || !gr_sparse_is_rare(st->mask, g)) continue;
            if (!st->print) st->rare++;
            else if (json) printf(st->printed++ ? ",[%" PRIu64 ",%u]" : "[%" PRIu64 ",%u]", x, g);
            else printf("%" PRIu64 " %u\n", x, g);
        } else if (st->print && x >= (uint64_t)s->from) {
            if (s->bfile && !json) printf("%" PRIu64 " %u\n", x, g);
            else printf(st->printed++ ? (json ? ",%u" : " %u") : "%u", g);
        }
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
    stream st = {.s = s, .count = count, .mask = h.mask};
    if ((rc = pass(s->in, &st, err))) return rc;
    gr_period per;
    gr_octal_cert cert;
    if (s->period && (rc = seq_in_period(s->in, &h, count, &per, &cert, err))) return rc;
    bool json = s->common.format == FMT_JSON;
    st.print = true;
    if (json) {
        fputs("{\"ruleset\":", stdout);
        gr_json_string(stdout, h.rules);
        if (s->rare)
            printf(",\"to\":%" PRIu64 ",\"mask\":%u,\"rare\":[", count - 1, h.mask);
        else
            printf(",\"from\":%ld,\"to\":%" PRIu64 ",\"method\":\"sparse\",\"mask\":%u,\"values\":[", s->from,
                   count - 1, h.mask);
    } else if (s->rare) {
        printf("# %s: %" PRIu64 " rare heaps in 1..%" PRIu64 " under mask %#x (popcount(G & mask) even)\n", h.rules,
               st.rare, count - 1, h.mask);
    }
    if ((rc = pass(s->in, &st, err))) return rc;   /* changed since the first pass */
    if (json) {
        fputc(']', stdout);
        if (s->period) seq_print_period_json(stdout, &per, &cert);
        fputs("}\n", stdout);
        return GR_OK;
    }
    if (!s->rare && !s->bfile) fputc('\n', stdout);
    if (s->period && s->bfile && !s->rare) {   /* a b-file is numbers alone: its period goes to standard error */
        fflush(stdout);
        seq_print_period_text(stderr, &per, &cert);
    } else if (s->period) {
        seq_print_period_text(stdout, &per, &cert);
    }
    return GR_OK;
}
