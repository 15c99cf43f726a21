/* grundy seq with the sparse-space engine (grundy/sparse.h): long
 * nim-sequences of take-and-break codes, sequence files (--out, --in),
 * rare heaps, periods watched while the run goes on, and --compare. */
#include "seq.h"
#include "grundy/heapseq.h"
#include "grundy/io.h"
#include "grundy/period.h"
#include "grundy/seqfile.h"
#include "grundy/sparse.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void seq_print_period_text(FILE *f, const gr_period *p, const gr_octal_cert *cert)
{
    gr_api_seq_reply r;
    memset(&r, 0, sizeof r);
    r.kind = GR_SEQ_HEAP;
    r.period = true;
    r.per = *p;
    r.cert = *cert;
    gr_buf b;
    gr_buf_init(&b);
    gr_api_seq_period_text(&b, &r);
    fwrite(b.s, 1, b.len, f);
    gr_buf_free(&b);
}

void seq_print_period_json(FILE *f, const gr_period *p, const gr_octal_cert *cert)
{
    gr_buf b;
    gr_buf_init(&b);
    gr_api_seq_period_json(&b, p, cert);
    fwrite(b.s, 1, b.len, f);
    gr_buf_free(&b);
}

/* ------------------------------------------------------------- printing */

typedef struct view {
    const void *g;             /* values of `width` bytes: 1 (the engine's byte layout) or 2 */
    unsigned width;
    uint64_t count;            /* G(0..count-1) */
    uint32_t mask;
    const char *rules;
} view;

static inline uint32_t at(const view *v, uint64_t x)
{
    return v->width == 1 ? ((const uint8_t *)v->g)[x] : ((const uint16_t *)v->g)[x];
}

/* The run that wrote --out FILE, for its summary. */
typedef struct out_run {
    const char *file;
    const gr_sparse_progress *p;
} out_run;

/* The fields of a --out run, after the ruleset and "to" of a JSON object. */
static void print_out_json(FILE *f, const out_run *o)
{
    const gr_sparse_progress *p = o->p;
    fputs(",\"out\":", f);
    gr_json_string(f, o->file);
    fprintf(f, ",\"computed\":%llu,\"resumed_at\":%llu,\"seconds\":%.3f,\"threads\":%d,\"mask\":%u,"
            "\"rare_count\":%llu,\"largest\":%u",
            (unsigned long long)(p->done - p->resumed), (unsigned long long)p->resumed, p->seconds, p->threads, p->mask,
            (unsigned long long)p->rare, p->gmax);
}

/* One JSON object: the rare heaps (when asked), the --out run's summary
 * and the period, so that every form of seq prints a single document. */
static void print_json_summary(FILE *f, const view *v, bool rare, const out_run *o, const gr_period *per,
                               const gr_octal_cert *cert)
{
    fputs("{\"ruleset\":", f);
    gr_json_string(f, v->rules);
    fprintf(f, ",\"to\":%llu", (unsigned long long)(v->count - 1));
    if (o) print_out_json(f, o);
    if (rare) {
        uint64_t n = 0;
        if (!o) fprintf(f, ",\"mask\":%u", v->mask);   /* a run's summary names it already */
        fputs(",\"rare\":[", f);
        for (uint64_t x = 1; x < v->count; x++)
            if (gr_sparse_is_rare(v->mask, at(v, x)))
                fprintf(f, n++ ? ",[%llu,%u]" : "[%llu,%u]", (unsigned long long)x, at(v, x));
        fputc(']', f);
    }
    if (per) seq_print_period_json(f, per, cert);
    fputs("}\n", f);
}

static void print_rare(FILE *f, const view *v)
{
    uint64_t n = 0;
    for (uint64_t x = 1; x < v->count; x++) n += gr_sparse_is_rare(v->mask, at(v, x));
    fprintf(f, "# %s: %llu rare heaps in 1..%llu under mask %#x (popcount(G & mask) even)\n", v->rules,
            (unsigned long long)n, (unsigned long long)(v->count - 1), v->mask);
    for (uint64_t x = 1; x < v->count; x++)
        if (gr_sparse_is_rare(v->mask, at(v, x))) fprintf(f, "%llu %u\n", (unsigned long long)x, at(v, x));
}

static void print_values(FILE *f, const view *v, const seq_args *s, const gr_period *per, const gr_octal_cert *cert,
                         bool period)
{
    uint64_t from = (uint64_t)s->from, to = v->count - 1;
    if (s->common.format == FMT_JSON) {
        fputs("{\"ruleset\":", f);
        gr_json_string(f, v->rules);
        fprintf(f, ",\"from\":%llu,\"to\":%llu,\"method\":\"sparse\",\"mask\":%u,\"values\":[", (unsigned long long)from,
                (unsigned long long)to, v->mask);
        for (uint64_t x = from; x <= to; x++) fprintf(f, x > from ? ",%u" : "%u", at(v, x));
        fputc(']', f);
        if (period) seq_print_period_json(f, per, cert);
        fputs("}\n", f);
    } else if (s->bfile) {
        for (uint64_t x = from; x <= to; x++) fprintf(f, "%llu %u\n", (unsigned long long)x, at(v, x));
    } else {
        for (uint64_t x = from; x <= to; x++) fprintf(f, x > from ? " %u" : "%u", at(v, x));
        fputc('\n', f);
        if (period) seq_print_period_text(f, per, cert);
    }
}

/* Writes what the flags ask for: rare heaps, or the values (not with
 * --out, whose values are in the file), and the period. */
static int deliver(const view *v, const seq_args *s, const gr_period *per, const gr_octal_cert *cert, bool period,
                   const char *summary, const out_run *o, gr_error *err)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return gr_fail_nomem(err);
    if (s->common.format == FMT_JSON) {
        if (s->rare || s->out) print_json_summary(f, v, s->rare, o, period ? per : NULL, cert);
        else print_values(f, v, s, per, cert, period);
    } else {
        if (summary) fputs(summary, f);
        if (s->rare) print_rare(f, v);
        else if (!s->out) print_values(f, v, s, per, cert, period);
        if ((s->rare || s->out) && period) seq_print_period_text(f, per, cert);
    }
    if (fclose(f) != 0) {
        free(buf);
        return gr_fail_nomem(err);
    }
    fwrite(buf, 1, len, stdout);
    free(buf);
    if (s->bfile && period && !s->rare && !s->out && s->common.format != FMT_JSON) {
        fflush(stdout);
        seq_print_period_text(stderr, per, cert);
    }
    return GR_OK;
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
        view v = {gr_sparse_data(r.s), gr_sparse_width(r.s), count, gr_sparse_mask(r.s), s->common.rules};
        char summary[512] = "";
        if (s->out) {
            const gr_sparse_progress *p = &r.last;
            double made = (double)(p->done - p->resumed);
            char resumed[64] = "";
            if (p->resumed) snprintf(resumed, sizeof resumed, " (resumed at heap %llu)", (unsigned long long)p->resumed);
            snprintf(summary, sizeof summary,
                     "%s: G(0..%llu) in %s: %llu computed%s in %.1f s (%.2f M values/s on %d thread%s); mask %#x, "
                     "%llu rare heaps, largest value %u\n",
                     s->common.rules, (unsigned long long)(count - 1), s->out, (unsigned long long)made, resumed,
                     p->seconds, p->seconds > 0 ? made / p->seconds / 1e6 : 0.0, p->threads, p->threads == 1 ? "" : "s",
                     p->mask, (unsigned long long)p->rare, p->gmax);
        }
        /* The engine looks for the period at fixed heap counts and so has
         * computed past the heap the certificate needs: the answer ends at
         * that heap, the sequence's certified stop (a file keeps the rest). */
        if (s->until_period && r.cert.certified && r.cert.needed_to + 1 < count) v.count = count = r.cert.needed_to + 1;
        if (s->until_period && r.cert.certified && s->common.format == FMT_TEXT)
            snprintf(summary + strlen(summary), sizeof summary - strlen(summary),
                     "stopped at heap %llu: the period is certified\n", (unsigned long long)(count - 1));
        out_run o = {s->out, &r.last};
        rc = deliver(&v, s, &r.per, &r.cert, s->period || s->until_period, s->out || s->until_period ? summary : NULL,
                     s->out ? &o : NULL, err);
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
        view v = {g, 2, count, h.mask, h.rules};
        s->to = (long)(count - 1);
        rc = deliver(&v, s, &per, &cert, s->period, NULL, NULL, err);
    }
    free(g);
    return rc;
}

/* ---------------------------------------------------- --compare A B */

/* G(0..n) of one ruleset, as 32-bit values, by the fastest method. */
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
        if (n >= UINT32_MAX) rc = gr_fail(err, GR_EINPUT, "--to %llu: heap sizes up to %u", (unsigned long long)n, UINT32_MAX - 1);
        else rc = gr_heapseq(&game, GR_HEAPSEQ_AUTO, (uint32_t)n, v, lim, &info, err);
        *method = info.method ? info.method : "simple";
    }
    gr_game_release(&game);
    if (rc) free(v);
    else *out = v;
    return rc;
}

static int compare(seq_args *s, gr_error *err)
{
    if (!s->have_to) return gr_fail(err, GR_EINPUT, "--compare needs --to N");
    uint32_t *a = NULL, *b = NULL;
    const char *ma = "", *mb = "";
    uint64_t n = (uint64_t)s->to;
    int rc = values_of(s->compare[0], n, &s->common.limits, &a, &ma, err);
    if (!rc) rc = values_of(s->compare[1], n, &s->common.limits, &b, &mb, err);
    if (!rc) {
        uint64_t x = 0;
        while (x <= n && a[x] == b[x]) x++;
        if (s->common.format == FMT_JSON) {
            fputs("{\"rules\":[", stdout);
            gr_json_string(stdout, s->compare[0]);
            fputc(',', stdout);
            gr_json_string(stdout, s->compare[1]);
            if (x <= n)
                printf("],\"to\":%llu,\"same\":false,\"first_difference\":%llu,\"values\":[%u,%u]}\n",
                       (unsigned long long)n, (unsigned long long)x, a[x], b[x]);
            else
                printf("],\"to\":%llu,\"same\":true}\n", (unsigned long long)n);
        } else if (x <= n) {
            printf("%s and %s differ first at heap %llu: G = %u and %u (the same on 0..%llu)\n", s->compare[0],
                   s->compare[1], (unsigned long long)x, a[x], b[x], (unsigned long long)(x ? x - 1 : 0));
        } else {
            printf("%s and %s have the same nim-sequence on 0..%llu (%s, %s)\n", s->compare[0], s->compare[1],
                   (unsigned long long)n, ma, mb);
        }
    }
    free(a);
    free(b);
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
