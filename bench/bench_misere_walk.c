/* Winning misere moves of a large heap: the class walk (engine_quotient.c,
 * docs/misere.md, "Play at any size"), which looks at the splits a + b with
 * a below preperiod + period only, beside the full listing of every move
 * that the walk replaces, on a quotient of all heaps proved periodic.
 *
 *   bench_misere_walk [CODE]      default tb:0.75 (phi period 2 from heap 8)
 *
 * (h even: an N-position, h odd: P, docs/misere.md.) One line a heap size: the moves each walks and finds winning, the time of
 * each (the best of three) and the ratio. Every move the walk finds must be
 * one the listing finds winning, or the run fails. The listing's cost grows
 * with the heap, the walk's does not: the ratio is the point. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "grundy.h"
#include "grundy/misere.h"
#include "../src/engine/engine_internal.h"
#include "bench_clock.h"

typedef struct tally {
    long moves, winning;
    char **won;               /* the listing's winning results, as text */
    long nwon, cap;
    bool keep;
} tally;

static char *result_text(const gr_bigmove *mv)
{
    size_t len = 0;
    for (int i = 0; i < mv->result->n; i++) len += mpz_sizeinbase(mv->result->p[i], 10) + 2;
    char *s = malloc(len + 1), *w = s;
    if (!s) return NULL;
    for (int i = 0; i < mv->result->n; i++) {
        mpz_get_str(w, 10, mv->result->p[i]);
        w += strlen(w);
        *w++ = ' ';
    }
    *w = 0;
    return s;
}

static int count(void *ctx, const gr_bigmove *mv, const gr_answer *res, bool winning)
{
    (void)res;
    tally *t = ctx;
    t->moves++;
    if (!winning) return 0;
    t->winning++;
    if (!t->keep) return 0;
    if (t->nwon == t->cap) {
        long cap = t->cap ? 2 * t->cap : 64;
        char **w = realloc(t->won, (size_t)cap * sizeof *w);
        if (!w) return 1;
        t->won = w, t->cap = cap;
    }
    return (t->won[t->nwon++] = result_text(mv)) ? 0 : 1;
}

static void tally_free(tally *t)
{
    for (long i = 0; i < t->nwon; i++) free(t->won[i]);
    free(t->won);
}

static int by_text(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(int argc, char **argv)
{
    const char *spec = argc > 1 ? argv[1] : "tb:0.75";
    gr_error err;
    gr_error_clear(&err);
    gr_game g;
    gr_mquot q;
    if (gr_game_parse(&g, spec, &err) || gr_mquot_build(&q, &g, 40, NULL, 10000000, NULL, NULL, NULL, &err)) {
        fprintf(stderr, "%s: %s\n", spec, err.msg);
        return 2;
    }
    gr_mquot_periodicity(&q, &g);
    if (!q.period) {
        fprintf(stderr, "%s: its quotient of heaps 0..40 proves no period of phi\n", spec);
        return 2;
    }
    char dir[] = "/tmp/bench_misere_walk_XXXXXX", path[64];
    if (!mkdtemp(dir)) return 1;
    snprintf(path, sizeof path, "%s/q", dir);
    gr_outcome o;
    gr_outcome_parse(&o, "misere", 0, &err);
    gr_engine *e = NULL;
    int rc = gr_mquot_save(&q, path, &err);
    if (!rc) e = gr_engine_new(&g, &o, NULL, &err);
    if (!rc && e) rc = gr_engine_use_quotient(e, path, &err);
    unlink(path), rmdir(dir);
    if (rc || !e) {
        fprintf(stderr, "%s: %s\n", spec, err.msg);
        return 2;
    }
    printf("%s, misere, quotient of heaps 0..40 (phi period %d from heap %d): winning moves from heaps (h, 5)\n", spec,
           q.period, q.preperiod);
    printf("%10s %12s %9s %10s | %8s %9s %10s | %8s\n", "h", "listed", "winning", "list ms", "handed", "winning",
           "walk ms", "ratio");
    /* the listing only where it lists every move; the walk at any size */
    const char *const heaps[] = {"1000", "10000", "100000", "1000000", "1000000000000", "1000000000000000000000000000000"};
    const char *const label[] = {"1000", "10000", "100000", "1000000", "10^12", "10^30"};
    for (size_t i = 0; i < sizeof heaps / sizeof *heaps && !rc; i++) {
        gr_bigpos pos;
        gr_bigpos_init(&pos);
        char text[48];
        snprintf(text, sizeof text, "%s 5", heaps[i]);
        rc = gr_bigpos_parse(&pos, text, &err);
        bool listed = strlen(heaps[i]) <= 7;
        double list_s = 1e9, walk_s = 1e9;
        tally all = {0}, some = {0};
        for (int r = 0; r < 3 && !rc; r++) {
            tally_free(&all), tally_free(&some);
            all = (tally){.keep = true}, some = (tally){.keep = true};
            double t0 = now();
            if (listed) {
                gr_moves_summary sum;
                gr_moves_summary_init(&sum);
                rc = gr_engine_moves(e, &pos, count, &all, &sum, &err);
                listed = !rc && sum.all_listed;   /* past the listing's own limit: the walk alone */
                gr_moves_summary_clear(&sum);
            }
            double t1 = now();
            if (!rc) rc = gr_engine_quotient_winners(e, &pos, count, &some, &err);
            double t2 = now();
            if (t1 - t0 < list_s) list_s = t1 - t0;
            if (t2 - t1 < walk_s) walk_s = t2 - t1;
        }
        if (rc) {
            fprintf(stderr, "%s %s: %s\n", spec, text, err.msg);
        } else if (!listed) {
            printf("%10s %12s %9s %10s | %8ld %9ld %10.4f | %8s\n", label[i], "-", "-", "-", some.moves,
                   some.winning, walk_s * 1e3, "-");
        } else {
            qsort(all.won, (size_t)all.nwon, sizeof *all.won, by_text);
            for (long k = 0; k < some.nwon && !rc; k++)
                if (!bsearch(&some.won[k], all.won, (size_t)all.nwon, sizeof *all.won, by_text)) {
                    fprintf(stderr, "%s %s: the walk's move to %s is no winning move of the listing\n", spec, text,
                            some.won[k]);
                    rc = 1;
                }
            printf("%10s %12ld %9ld %10.3f | %8ld %9ld %10.4f | %7.0fx\n", label[i], all.moves, all.winning,
                   list_s * 1e3, some.moves, some.winning, walk_s * 1e3, walk_s > 0 ? list_s / walk_s : 0);
        }
        tally_free(&all), tally_free(&some);
        gr_bigpos_clear(&pos);
    }
    printf("peak %.1f MiB\n", peak_mib());
    gr_engine_free(e);
    gr_mquot_free(&q);
    gr_game_release(&g);
    return rc ? 1 : 0;
}
