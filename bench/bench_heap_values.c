/* Heap values from a certified period, and play's winning move in heap
 * games, each beside its simple reference in one run.
 *
 * 1. G(x) of one heap: the reference computes the nim-sequence straight
 *    through to x (the fast method of the sequence engine); the fast path
 *    finds and certifies the period once and reduces x (src/engine/
 *    heap_values.c). Values compared; a 1000-digit heap timed alone.
 * 2. A winning move from a position of three heaps: the reference lists
 *    every move of the position and the value of each result (values from
 *    the table), as a listing of the moves does; the fast path is play's
 *    search of one heap for the value it needs (src/engine/play_heap.c).
 *
 *   bench_heap_values          all cases
 *   bench_heap_values quick    smaller heaps */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include "grundy/engine.h"
#include "grundy/heapseq.h"
#include "grundy/play.h"
#include "bench_clock.h"

static int parse(gr_game *g, const char *spec)
{
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_parse(g, spec, &err) == GR_OK) return 0;
    fprintf(stderr, "%s: %s\n", spec, err.msg);
    return 1;
}

static void one_heap(const char *spec, uint32_t x)
{
    gr_game g;
    if (parse(&g, spec)) return;
    gr_limits lim;
    gr_limits_default(&lim);
    lim.max_seconds = 600;
    gr_error err;
    gr_error_clear(&err);
    uint32_t *v = malloc(((size_t)x + 1) * sizeof *v);
    gr_heapseq_info info;
    double t0 = now();
    int rc = gr_heapseq(&g, GR_HEAPSEQ_AUTO, x, v, &lim, &info, &err);
    double t_ref = now() - t0;
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_engine *e = gr_engine_new(&g, &o, &lim, &err);
    if (!e) {
        printf("%-18s %s\n", spec, err.msg);
        free(v);
        gr_game_release(&g);
        return;
    }
    mpz_t big;
    mpz_init_set_ui(big, x);
    uint32_t fast = 0;
    t0 = now();
    int rc2 = gr_engine_heap_grundy(e, big, &fast, &err);
    double t_fast = now() - t0;
    uint64_t have, pre = 0, per = 0;
    gr_engine_heap_values(e, &have);
    gr_engine_heap_period(e, &pre, &per);
    if (rc || rc2) {
        printf("%-18s x=%-8u  %s\n", spec, x, err.msg);
    } else {
        printf("%-18s x=%-8u  table %8.3f s (%6.1f MiB)  period %8.5f s (table to %llu, period %llu from %llu)  "
               "ratio %8.0fx  %s\n",
               spec, x, t_ref, (x + 1.0) * 4 / 1048576.0, t_fast, (unsigned long long)have,
               (unsigned long long)per, (unsigned long long)pre, t_ref / (t_fast > 1e-9 ? t_fast : 1e-9),
               fast == v[x] ? "values agree" : "VALUES DIFFER");
    }
    /* a 1000-digit heap, which no table reaches */
    mpz_ui_pow_ui(big, 10, 999);
    mpz_add_ui(big, big, x);
    t0 = now();
    rc2 = gr_engine_heap_grundy(e, big, &fast, &err);
    if (!rc2) printf("%-18s 1000-digit heap: G = %u in %.6f s\n", spec, fast, now() - t0);
    mpz_clear(big);
    gr_engine_free(e);
    free(v);
    gr_game_release(&g);
}

typedef struct all_moves {
    const uint32_t *g;
    long seen, winning;
} all_moves;

static int all_moves_cb(void *ctx, const gr_move *mv, const gr_pos *r)
{
    (void)mv;
    all_moves *f = ctx;
    f->seen++;
    uint32_t x = 0;
    for (int i = 0; i < r->n; i++) x ^= f->g[r->p[i]];
    f->winning += x == 0;
    return 0;
}

static void winning_move(const char *spec, gr_pos p)
{
    gr_game g;
    if (parse(&g, spec)) return;
    uint64_t max = 0;
    for (int i = 0; i < p.n; i++)
        if (p.p[i] > max) max = p.p[i];
    gr_limits lim;
    gr_limits_default(&lim);
    lim.max_seconds = 600;
    gr_error err;
    gr_error_clear(&err);
    uint32_t *v = malloc(((size_t)max + 1) * sizeof *v);
    gr_heapseq_info info;
    if (gr_heapseq(&g, GR_HEAPSEQ_AUTO, (uint32_t)max, v, &lim, &info, &err)) {
        printf("%s: %s\n", spec, err.msg);
        free(v);
        gr_game_release(&g);
        return;
    }
    all_moves f = {.g = v};
    double t0 = now();
    gr_game_moves(&g, &p, all_moves_cb, &f);
    double t_ref = now() - t0;

    gr_bigpos bp;
    gr_bigpos_init(&bp);
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_play *pl = NULL;
    if (gr_bigpos_from_pos(&bp, &p)) gr_fail_nomem(&err);
    else pl = gr_play_new(&g, &o, &lim, &bp, &err);
    if (!pl) {
        printf("%s: %s\n", spec, err.msg);
    } else {
        gr_play_set_length_search(pl, false); /* the Grundy-value path, as on positions too big to search */
        gr_play_choice c;
        gr_play_choice_init(&c);
        t0 = now();
        gr_play_best(pl, &c, &err);
        double t_fast = now() - t0;
        char pos[128];
        gr_pos_format(&p, pos, sizeof pos);
        printf("%-10s %-18s every move %8.4f s (%ld moves, %ld winning)  one heap %8.5f s  ratio %6.0fx  %s\n",
               spec, pos, t_ref, f.seen, f.winning, t_fast, t_ref / (t_fast > 1e-9 ? t_fast : 1e-9),
               (f.winning > 0) == c.winning ? "both agree" : "THEY DISAGREE");
        gr_play_choice_clear(&c);
        gr_play_free(pl);
    }
    gr_bigpos_clear(&bp);
    free(v);
    gr_game_release(&g);
}

int main(int argc, char **argv)
{
    bool quick = argc > 1 && strcmp(argv[1], "quick") == 0;
    /* past GR_HEAP_TABLE_DIRECT (65536), where the period takes over */
    uint32_t xs[] = {70000, 200000};
    int nx = quick ? 1 : 2;
    printf("== G(x) of one heap: the sequence straight through vs a certified period\n");
    for (int i = 0; i < nx; i++) {
        one_heap("tb:0.77", xs[i]);
        one_heap("tb:0.07", xs[i]);
        one_heap("subtraction:1,3,4", xs[i]);
    }
    printf("== a winning move from three heaps: every move of the position vs one heap's moves\n");
    uint64_t h = quick ? 2000 : 20000;
    winning_move("tb:0.77", (gr_pos){.n = 3, .p = {h + 1, h + 7, h + 10}});
    winning_move("tb:0.07", (gr_pos){.n = 3, .p = {h + 3, h + 9, h + 14}});
    winning_move("split", (gr_pos){.n = 3, .p = {h / 10 + 1, h / 10 + 6, h / 10 + 12}});
    printf("peak memory %.1f MiB\n", peak_mib());
    return 0;
}
