/* grundy seq for seed 002: class sequences of one subtraction heap for m
 * players (--players M), with a certified period (--period), and nim-pairs
 * (--nim-pairs). Plain normal play is left to the heap-sequence maker. */
#include "seq.h"
#include "grundy/io.h"
#include "grundy/players.h"
#include "grundy/subtraction.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static void print_period(FILE *out, const gr_subperiod *p, uint64_t limit, int m)
{
    if (!p->found) {
        fprintf(out, "no period found within %" PRIu64 " heaps\n", limit);
        return;
    }
    fprintf(out, "period %" PRIu64 " preperiod %" PRIu64 "\n", p->period, p->preperiod);
    fprintf(out,
            "certificate: heaps %" PRIu64 "..%" PRIu64 " have the same %s as heaps %" PRIu64 "..%" PRIu64
            " (checked value by value); every heap x >= %" PRIu64 " is scored from heaps x-%" PRIu64
            "..x-1 alone, so by induction v(x) = v(x+%" PRIu64 ") for all x >= %" PRIu64
            "; no smaller period or preperiod exists (Brent's cycle finding on these windows, docs/players.md)\n",
            p->preperiod, p->preperiod + p->window - 1, m ? "classes" : "values", p->preperiod + p->period,
            p->preperiod + p->period + p->window - 1, p->window, p->window, p->period, p->preperiod);
}

static void json_period(FILE *out, const gr_subperiod *p, uint64_t limit)
{
    if (!p->found) {
        fprintf(out, ",\"period\":null,\"period_searched_to\":%" PRIu64, limit);
        return;
    }
    fprintf(out, ",\"period\":{\"period\":%" PRIu64 ",\"preperiod\":%" PRIu64 ",\"window\":%" PRIu64
            ",\"certified\":true}", p->period, p->preperiod, p->window);
}

enum { CHUNK = 1 << 16 };

/* The class labels from --from to --to (or b-file lines), written in chunks
 * of buf: a long sequence is never held whole. */
static void stream_labels(const seq_args *s, gr_subseq *g, int m, char *buf, FILE *out)
{
    size_t n = 0;
    uint64_t x;
    for (x = 0; x < (uint64_t)s->from; x++) gr_subseq_next(g);
    for (; x <= (uint64_t)s->to; x++) {
        uint8_t v = gr_subseq_next(g);
        if (s->bfile) {
            fprintf(out, "%" PRIu64 " %u\n", x, v);
            continue;
        }
        buf[n++] = gr_players_label(m, v)[0];
        if (n == CHUNK) {
            fwrite(buf, 1, n, out);
            n = 0;
        }
    }
    fwrite(buf, 1, n, out);
}

/* JSON's second walk: the classes as numbers, then the period. */
static void json_classes(const seq_args *s, gr_subseq *g2, const gr_subperiod *per, uint64_t limit, FILE *out)
{
    fputs("\",\"classes\":[", out);
    for (uint64_t x = 0; x <= (uint64_t)s->to; x++) {
        uint8_t v = gr_subseq_next(g2);
        if (x >= (uint64_t)s->from) fprintf(out, x > (uint64_t)s->from ? ",%u" : "%u", v);
    }
    fputc(']', out);
    if (s->period) json_period(out, per, limit);
    fputs("}\n", out);
}

static int classes(seq_args *s, const uint64_t *set, size_t nset, gr_error *err)
{
    int m = s->common.outcome.param;
    gr_subperiod per;
    uint64_t limit = (uint64_t)s->to > 1000000 ? (uint64_t)s->to : 1000000;
    int rc;
    if (s->period && (rc = gr_subseq_period(set, nset, m, limit, &per, err))) return rc;
    gr_subseq g;
    char *buf = malloc(CHUNK);
    if (!buf) return gr_fail_nomem(err);
    /* JSON walks the sequence twice (labels, then classes): both generators
     * are made before anything is written. */
    gr_subseq g2 = {0};
    if ((rc = gr_subseq_init(&g, set, nset, m, err)) ||
        (s->common.format == FMT_JSON && (rc = gr_subseq_init(&g2, set, nset, m, err)))) {
        gr_subseq_free(&g);
        free(buf);
        return rc;
    }
    /* Nothing can fail from here on: the output streams in chunks. */
    FILE *out = stdout;
    if (s->common.format == FMT_JSON) {
        fputs("{\"ruleset\":", out);
        gr_json_string(out, s->game.spec);
        fprintf(out, ",\"players\":%d,\"from\":%ld,\"to\":%ld,\"labels\":\"", m, s->from, s->to);
    }
    stream_labels(s, &g, m, buf, out);
    free(buf);
    gr_subseq_free(&g);
    if (s->common.format == FMT_JSON) {
        json_classes(s, &g2, &per, limit, out);
        gr_subseq_free(&g2);
        return GR_OK;
    }
    if (!s->bfile) fputc('\n', out);
    if (s->period) print_period(s->bfile ? stderr : out, &per, limit, m);
    return GR_OK;
}

static int nim_pairs(seq_args *s, const uint64_t *set, size_t nset, gr_error *err)
{
    if (s->to > 100000) return gr_fail(err, GR_EINPUT, "--nim-pairs goes up to --to 100000");
    gr_pairs rec, found;
    int rc = gr_pairs_recursion(set, nset, (uint64_t)s->to, &rec, err);
    if (rc) return rc;
    const gr_pairs *show = &rec;
    bool by_search = s->method && strcmp(s->method, "search") == 0;
    if (s->method && !by_search && strcmp(s->method, "recursion") != 0) {
        gr_pairs_free(&rec);
        return gr_fail(err, GR_EINPUT, "--method %s: nim-pairs take recursion or search", s->method);
    }
    uint32_t bound = 0;
    if (by_search) {
        /* a box twice as wide as any pair the recursion finds */
        bound = 2 * gr_pairs_max(&rec) + 2;
        rc = gr_pairs_search(set, nset, (uint64_t)s->to, bound, &found, err);
        gr_pairs_free(&rec);
        if (rc) return rc;
        show = &found;
    }
    FILE *out = stdout;
    if (s->common.format == FMT_JSON) {
        fputs("{\"ruleset\":", out);
        gr_json_string(out, s->game.spec);
        fprintf(out, ",\"method\":\"%s\"", by_search ? "search" : "recursion");
        if (by_search) fprintf(out, ",\"bound\":%u", bound);
        fputs(",\"nim_pairs\":[", out);
    }
    for (uint64_t x = (uint64_t)s->from; x <= (uint64_t)s->to; x++) {
        size_t lo = show->first[x], hi = show->first[x + 1];
        if (s->common.format == FMT_JSON) {
            fputs(x > (uint64_t)s->from ? ",[" : "[", out);
            for (size_t i = lo; i < hi; i++)
                fprintf(out, "%s[%u,%u]", i > lo ? "," : "", show->pairs[i].a, show->pairs[i].b);
            fputc(']', out);
            continue;
        }
        fprintf(out, "%" PRIu64, x);
        for (size_t i = lo; i < hi; i++) fprintf(out, " {%u,%u}", show->pairs[i].a, show->pairs[i].b);
        if (hi - lo > 1) fprintf(out, "   (%zu pairs)", hi - lo);
        fputc('\n', out);
    }
    if (s->common.format == FMT_JSON) fputs("]}\n", out);
    gr_pairs_free(by_search ? &found : &rec);
    return GR_OK;
}

int seq_players(seq_args *s, gr_error *err)
{
    bool players = s->common.outcome.rule == &gr_outcome_players;
    if (!players && !s->nim_pairs) return -1;
    if (s->row >= 0 || s->diagonal >= 0) return -1;
    size_t nset;
    const uint64_t *set = gr_subtraction_set(&s->game, &nset);
    if (!set) return -1;
    if (s->nim_pairs) {
        if (players && s->common.outcome.param != 3)
            return gr_fail(err, GR_EINPUT, "nim-pairs are defined for three players");
        if (s->common.outcome.rule == &gr_outcome_misere)
            return gr_fail(err, GR_EINPUT, "nim-pairs are defined for three players, not misere play");
        return nim_pairs(s, set, nset, err);
    }
    if (s->common.format != FMT_TEXT && s->common.format != FMT_JSON)
        return gr_fail(err, GR_EINPUT, "seq --players prints text or json");
    return classes(s, set, nset, err);
}
