/* grundy seq sharing: a row G(0,A,n), n = A..N, or a diagonal G(0,n,n+D),
 * n = 0..N, of three-pile Sharing Nim, streamed from the fast table (rows
 * b up to N, or N+D), so only O(N) values are kept. Row 0 is OEIS A271620. */
#include "seq.h"
#include "grundy/sharing3_fast.h"
#include <stdlib.h>
#include <string.h>

typedef struct pick {
    const seq_args *s;
    long want;          /* the index n whose value comes next */
    bool diagonal;
    long ad;            /* A or D */
    uint32_t *out;      /* values for n = first..to */
    long first;
} pick;

/* Row b holds G(0,x,b) = half[min(x, b-x)]. For a row A, b = n gives
 * n's term (n >= A); for a diagonal D, b = n + D gives G(0,n,n+D). */
static int take(void *ctx, uint32_t b, const uint32_t *half)
{
    pick *p = ctx;
    long n = p->diagonal ? (long)b - p->ad : (long)b;
    if (n < p->first || n > p->s->to) return 0;
    long x = p->diagonal ? n : p->ad;
    long lo = x <= (long)b - x ? x : (long)b - x;
    p->out[n - p->first] = half[lo];
    return 0;
}

static bool plain_three_pile(const seq_args *s)
{
    if (!gr_s3table_covers(&s->game)) return false;
    return s->common.outcome.rule == &gr_outcome_normal && !s->period && !s->nim_pairs;
}

int seq_sharing(seq_args *s, gr_error *err)
{
    if (!plain_three_pile(s)) return -1;
    if (s->row >= 0 && s->diagonal >= 0) return gr_fail(err, GR_EINPUT, "--row and --diagonal: choose one");
    if (s->method && strcmp(s->method, "fast") != 0)
        return gr_fail(err, GR_EINPUT, "--method %s: seq sharing streams the fast method", s->method);
    pick p = {s, 0, s->diagonal >= 0, s->diagonal >= 0 ? s->diagonal : (s->row >= 0 ? s->row : 0), NULL, 0};
    /* a row starts at n = A (the position (0,A,A)); --from moves the start on */
    p.first = p.diagonal ? s->from : (s->from > p.ad ? s->from : p.ad);
    if (p.first > s->to) return gr_fail(err, GR_EINPUT, "row %ld starts at n = %ld, past --to %ld", p.ad, p.ad, s->to);
    long top = p.diagonal ? s->to + p.ad : s->to;
    if (top > (long)GR_S3FAST_MAX_N)
        return gr_fail(err, GR_EINPUT, "needs the table to b = %ld; the fast table goes to %u", top, GR_S3FAST_MAX_N);
    gr_s3fast *st;
    int rc = gr_s3fast_new(&st, (uint32_t)top, err);
    if (rc) return rc;
    size_t cnt = (size_t)(s->to - p.first + 1);
    p.out = malloc(cnt * sizeof *p.out);
    if (!p.out) {
        gr_s3fast_free(st);
        return gr_fail_nomem(err);
    }
    gr_s3fast_rows(st, (uint32_t)top + 1, take, &p);
    gr_s3fast_free(st);
    if (s->bfile) {
        for (size_t i = 0; i < cnt; i++) printf("%ld %u\n", p.first + (long)i, p.out[i]);
    } else if (s->common.format == FMT_JSON) {
        printf("{\"ruleset\":\"sharing\",\"%s\":%ld,\"from\":%ld,\"to\":%ld,\"values\":[", p.diagonal ? "diagonal" : "row",
               p.ad, p.first, s->to);
        for (size_t i = 0; i < cnt; i++) printf(i ? ",%u" : "%u", p.out[i]);
        fputs("]}\n", stdout);
    } else {
        for (size_t i = 0; i < cnt; i++) printf(i ? " %u" : "%u", p.out[i]);
        fputc('\n', stdout);
    }
    free(p.out);
    return GR_OK;
}
