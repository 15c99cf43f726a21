/* grundy seq on heap rulesets: the nim-sequence G(from..to) of one heap under
 * normal play, optionally with its periodicity and the octal certificate. */
#include "seq.h"
#include "grundy/heapseq.h"
#include "grundy/io.h"
#include "grundy/period.h"
#include <stdlib.h>
#include <string.h>

void seq_print_period_text(FILE *f, const gr_period *p, const gr_octal_cert *cert)
{
    if (!p->found) {
        fprintf(f, "period: none found in G(0..%llu)\n", (unsigned long long)p->checked_to);
        return;
    }
    if (p->saltus)
        fprintf(f, "period: arithmetic, preperiod %llu, period %llu, saltus %lld (G(x+%llu) = G(x) + %lld for %llu <= x, "
                "seen up to %llu)\n", (unsigned long long)p->preperiod, (unsigned long long)p->period,
                (long long)p->saltus, (unsigned long long)p->period, (long long)p->saltus,
                (unsigned long long)p->preperiod, (unsigned long long)p->checked_to);
    else
        fprintf(f, "period: preperiod %llu, period %llu (G(x+%llu) = G(x) for %llu <= x, seen up to %llu)\n",
                (unsigned long long)p->preperiod, (unsigned long long)p->period, (unsigned long long)p->period,
                (unsigned long long)p->preperiod, (unsigned long long)p->checked_to);
    if (!cert->applies) {
        fputs("certificate: none (the periodicity theorem covers finite codes without constraints or d0 splits, "
              "and plain periods; this one is observed, not proved)\n", f);
    } else if (cert->certified) {
        fprintf(f, "certificate: periodicity theorem (last digit t = %d, at most k = %d heaps per move): the check "
                "had to run to G(%llu) = G(k(e+p)+t-1); computed to G(%llu): periodic for ever\n", cert->last_digit,
                cert->parts, (unsigned long long)cert->needed_to, (unsigned long long)p->checked_to);
    } else {
        fprintf(f, "certificate: not yet: the periodicity theorem needs G up to %llu (run --to %llu)\n",
                (unsigned long long)cert->needed_to, (unsigned long long)cert->needed_to);
    }
}

void seq_print_period_json(FILE *f, const gr_period *p, const gr_octal_cert *cert)
{
    fprintf(f, ",\"period\":{\"found\":%s", p->found ? "true" : "false");
    if (p->found)
        fprintf(f, ",\"preperiod\":%llu,\"period\":%llu,\"saltus\":%lld", (unsigned long long)p->preperiod,
                (unsigned long long)p->period, (long long)p->saltus);
    fprintf(f, ",\"checked_to\":%llu,\"certificate\":", (unsigned long long)p->checked_to);
    if (!cert->applies) fputs("null", f);
    else
        fprintf(f, "{\"theorem\":\"take-and-break periodicity\",\"last_digit\":%d,\"parts\":%d,\"needed_to\":%llu,"
                "\"certified\":%s}", cert->last_digit, cert->parts, (unsigned long long)cert->needed_to, cert->certified ? "true" : "false");
    fputc('}', f);
}

/* When the engine that computes every value is out of reach, a certified
 * period (the periodicity theorem, found by the engine on a short table)
 * gives them all: G(x) = G(e + (x - e) mod p) for x >= e. Returns -1 when
 * the game has none within reach. */
static int by_period(seq_args *s, uint32_t n, uint32_t *v, gr_heapseq_info *info)
{
    gr_outcome normal;
    gr_outcome_init_normal(&normal);
    gr_error quiet;
    gr_error_clear(&quiet);
    gr_engine *e = gr_engine_new(&s->game, &normal, &s->common.limits, &quiet);
    if (!e) return -1;
    mpz_t x;
    mpz_init_set_ui(x, n);
    uint32_t last;
    uint64_t pre = 0, per = 1, have;
    int rc = gr_engine_heap_grundy(e, x, &last, &quiet) == GR_OK && gr_engine_heap_period(e, &pre, &per) ? GR_OK : -1;
    mpz_clear(x);
    const uint32_t *g = gr_engine_heap_values(e, &have);
    for (uint64_t y = 0; rc == GR_OK && y <= n; y++) v[y] = y <= have ? g[y] : g[pre + (y - pre) % per];
    if (rc == GR_OK) info->method = "certified period";
    gr_engine_free(e);
    return rc;
}

/* --method and the sizes, checked before any work. */
static int heap_checks(const seq_args *s, int *method, gr_error *err)
{
    *method = GR_HEAPSEQ_AUTO;
    if (s->method) {
        if (strcmp(s->method, "simple") == 0) *method = GR_HEAPSEQ_SIMPLE;
        else if (strcmp(s->method, "fast") == 0) *method = GR_HEAPSEQ_FAST;
        else return gr_fail(err, GR_EINPUT, "--method '%s': expected simple, fast or sparse", s->method);
    }
    if (s->common.format != FMT_TEXT && s->common.format != FMT_JSON)
        return gr_fail(err, GR_EINPUT, "seq prints text or json");
    if ((unsigned long)s->to >= UINT32_MAX)
        return gr_fail(err, GR_EINPUT, "--to %ld: heap sizes up to %u", s->to, UINT32_MAX - 1);
    double need = ((double)s->to + 1) * 4;
    if (need > s->common.limits.max_bytes)
        return gr_fail_limit(err, GR_KNOB_MEMORY, "--to %ld needs %.0f bytes for the values alone, over --max-memory", s->to, need);
    return GR_OK;
}

/* The values G(0..n) (freed by the caller), by the method asked or, when
 * that was refused and none was named, by a certified period. */
static int heap_values(seq_args *s, int method, bool refused, uint32_t **out, gr_heapseq_info *info, gr_error *err)
{
    uint32_t n = (uint32_t)s->to;
    uint32_t *v = malloc(((size_t)n + 1) * sizeof *v);
    if (!v) return gr_fail_nomem(err);
    int rc = refused ? GR_ELIMIT : gr_heapseq(&s->game, method, n, v, &s->common.limits, info, err);
    if ((rc == GR_ELIMIT || rc == GR_EINPUT) && !s->method && by_period(s, n, v, info) == GR_OK) {
        gr_error_clear(err);
        rc = GR_OK;
    }
    if (rc) free(v);
    else *out = v;
    return rc;
}

static void heap_print(FILE *f, const seq_args *s, const uint32_t *v, const char *method, const gr_period *per,
                       const gr_octal_cert *cert)
{
    uint32_t from = (uint32_t)s->from, n = (uint32_t)s->to;
    if (s->common.format == FMT_JSON) {
        fputs("{\"ruleset\":", f);
        gr_json_string(f, s->common.rules);
        fprintf(f, ",\"from\":%u,\"to\":%u,\"method\":\"%s\",\"values\":[", from, n, method);
        for (uint32_t x = from; x <= n; x++) fprintf(f, x > from ? ",%u" : "%u", v[x]);
        fputc(']', f);
        if (s->period) seq_print_period_json(f, per, cert);
        fputs("}\n", f);
    } else if (s->bfile) {
        for (uint32_t x = from; x <= n; x++) fprintf(f, "%u %u\n", x, v[x]);
    } else {
        for (uint32_t x = from; x <= n; x++) fprintf(f, x > from ? " %u" : "%u", v[x]);
        fputc('\n', f);
        if (s->period) seq_print_period_text(f, per, cert);
    }
}

/* The whole answer assembled before any of it is written. */
static int heap_write(const seq_args *s, const uint32_t *v, const char *method, const gr_period *per,
                      const gr_octal_cert *cert, gr_error *err)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return gr_fail_nomem(err);
    heap_print(f, s, v, method, per, cert);
    if (fclose(f) != 0) {
        free(buf);
        return gr_fail_nomem(err);
    }
    fwrite(buf, 1, len, stdout);
    free(buf);
    /* A b-file holds "n a(n)" lines only: the period goes to stderr. */
    if (s->bfile && s->common.format != FMT_JSON && s->period) {
        fflush(stdout);
        seq_print_period_text(stderr, per, cert);
    }
    return GR_OK;
}

int seq_heap(seq_args *s, gr_error *err)
{
    gr_game *g = &s->game;
    if (!(g->flags & GR_RS_HEAPS) || s->common.outcome.rule != &gr_outcome_normal) return -1;
    if (s->row >= 0 || s->diagonal >= 0 || s->nim_pairs) return -1;
    bool refused = false;
    if (seq_wants_sparse(s)) {
        int rc = seq_sparse(s, err);
        /* Refused (nothing printed): a certified period may still answer. */
        if (!gr_api_seq_falls_back(rc, seq_sparse_only(s))) return rc;
        refused = true;
    }
    int method;
    int rc = heap_checks(s, &method, err);
    uint32_t *v = NULL;
    gr_heapseq_info info = {0};
    if (!rc) rc = heap_values(s, method, refused, &v, &info, err);
    if (rc) return rc;
    gr_period per;
    gr_octal_cert cert;
    memset(&cert, 0, sizeof cert);
    if (s->period) {
        gr_tb_code code;
        gr_period_find(v, (uint32_t)s->to, false, &per);
        if (!per.found) gr_period_find(v, (uint32_t)s->to, true, &per);
        if (gr_tb_code_of_heaps(g, &code)) gr_period_octal(&code, &per, &cert);
    }
    rc = heap_write(s, v, info.method, &per, &cert, err);
    free(v);
    return rc;
}
