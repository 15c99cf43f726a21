/* Ranks beyond the chains of the tier solver, measured without MPI: the q
 * ranks of one chain's group run as threads of this process and exchange
 * their words through shared memory between two barriers (as
 * MPI_Alltoallv would), beside the same chain solved by one rank alone, in one
 * run. Prints, for each q, the wall time, the busiest rank's CPU time
 * (inside the exchanges, and working; of the working, what a rank's one
 * thread does between the steps: widening, handing tiers over), the exchanges and words a rank
 * sent, and the speed-up a group would give with a core per rank and a free
 * exchange (the alone rank's CPU over the busiest rank's working CPU). Wall-time speed-ups need a core per rank: on 2 cores
 * only q <= 2 show one.
 *
 *   bench_tier_group [n:T] [q ...]      default 5:300, q = 1 2 3 4
 * Only the longest chain's group runs (the other chains are other groups,
 * independent of it); every rank uses one thread. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "grundy/ruleset.h"
#include "grundy/tier.h"
#include "bench_clock.h"
#include "../tests/thread_group.h"

typedef struct rank {
    int n, rank, ranks, gi;
    uint64_t total;
    thread_group *g;
    gr_tiers s;
    double cpu, wall, share_cpu;   /* share_cpu: inside the exchanges */
    long exchanges;
    double words;
    int rc;
} rank;

static int exchange(void *ctx, const uint64_t *send, const size_t *counts, uint64_t **recv, size_t *cap,
                    size_t *got, gr_error *err)
{
    rank *r = ctx;
    double c0 = thread_cpu();
    int rc = thread_group_exchange(r->g, r->gi, send, counts, recv, cap, got, err);
    r->exchanges++;
    for (int k = 0; k < r->g->q; k++) r->words += k == r->gi ? 0 : (double)counts[k];
    r->share_cpu += thread_cpu() - c0;
    return rc;
}

static void *run_rank(void *arg)
{
    rank *r = arg;
    gr_error err;
    gr_error_clear(&err);
    gr_game game;
    char spec[64];
    snprintf(spec, sizeof spec, "sharing:piles=%d", r->n);
    r->rc = gr_game_parse(&game, spec, &err);
    if (!r->rc) r->rc = gr_tiers_init(&r->s, &game, r->n, r->total, &err);
    gr_tier_opts o = {.method = GR_TIER_FAST, .threads = 1, .rank = r->rank, .ranks = r->ranks,
                      .exchange = exchange, .exchange_ctx = r};
    double c0 = thread_cpu(), w0 = now();
    if (!r->rc) r->rc = gr_tiers_solve(&r->s, &o, &err);
    r->cpu = thread_cpu() - c0, r->wall = now() - w0;
    if (r->rc) fprintf(stderr, "rank %d: %s\n", r->rank, err.msg);
    if (!r->rc) gr_game_release(&game);
    return NULL;
}

/* The longest chain (residue T mod n) on q ranks; 1: one rank alone. */
static int measure(int n, uint64_t T, int q, double *work_max, uint64_t *sum)
{
    int nch = (int)(T + 1 < (uint64_t)n ? T + 1 : (uint64_t)n), c = (int)(T % (uint64_t)n);
    thread_group g;
    rank *r = calloc((size_t)q, sizeof *r);
    pthread_t *th = calloc((size_t)q, sizeof *th);
    if (!r || !th || thread_group_init(&g, q)) return 1;
    double w0 = now();
    for (int j = 0; j < q; j++) {
        /* alone: as many ranks as chains, the one of chain c; in a group of
         * q: ranks j*nch (the group of the longest chain, member j) */
        r[j] = (rank){.n = n, .total = T, .g = &g, .gi = j, .rank = q == 1 ? c : j * nch,
                      .ranks = q == 1 ? nch : q * nch};
        pthread_create(&th[j], NULL, run_rank, &r[j]);
    }
    int rc = 0;
    double cpu_max = 0, share_max = 0, serial_max = 0;
    *work_max = 0;
    for (int j = 0; j < q; j++) {
        pthread_join(th[j], NULL);
        rc |= r[j].rc;
        if (r[j].cpu > cpu_max) cpu_max = r[j].cpu;
        if (r[j].share_cpu > share_max) share_max = r[j].share_cpu;
        if (r[j].cpu - r[j].share_cpu > *work_max) *work_max = r[j].cpu - r[j].share_cpu;
        if (r[j].s.alone_s > serial_max) serial_max = r[j].s.alone_s;
    }
    double wall = now() - w0;
    /* the chain's checksum: its tiers, each reported by the rank that owns it */
    *sum = 1469598103934665603ULL;
    for (uint64_t t = (uint64_t)c; t <= T; t += (uint64_t)n) {
        uint64_t x = 0;
        for (int j = 0; j < q; j++) x += r[j].s.sum[t];
        *sum = (*sum ^ x) * 1099511628211ULL;
    }
    printf("q %d  wall %6.2f s  CPU a rank %6.2f s (exchanging %5.2f, working %6.2f, of it serial %5.2f)"
           "  exchanges %ld  words/rank %.3g  chain %016llx\n",
           q, wall, cpu_max, share_max, *work_max, serial_max, r[0].exchanges, r[0].words, (unsigned long long)*sum);
    for (int j = 0; j < q; j++) gr_tiers_free(&r[j].s);
    thread_group_destroy(&g);
    free(r), free(th);
    return rc;
}

int main(int argc, char **argv)
{
    int n = 5, qs[16] = {1, 2, 3, 4}, nq = 4;
    unsigned long long T = 300;
    int a = 1;
    if (argc > 1 && sscanf(argv[1], "%d:%llu", &n, &T) == 2) a = 2;
    if (argc > a) {
        nq = 0;
        for (; a < argc && nq < 16; a++) qs[nq++] = atoi(argv[a]);
    }
    if (n < 3 || n > 8 || nq < 1) {
        fprintf(stderr, "usage: bench_tier_group [n:T] [q ...]   (3 <= n <= 8)\n");
        return 2;
    }
    printf("tier solver, sharing:piles=%d to %llu, the longest chain (residue %llu), one thread a rank\n", n, T,
           T % (unsigned long long)n);
    double alone = 0;
    uint64_t want = 0;
    for (int i = 0; i < nq; i++) {
        double cpu;
        uint64_t sum;
        if (qs[i] < 1 || measure(n, T, qs[i], &cpu, &sum)) return 1;
        if (qs[i] == 1) alone = cpu, want = sum;
        if (want && sum != want) {
            printf("MISMATCH: q %d gives another chain checksum\n", qs[i]);
            return 1;
        }
        if (alone > 0 && qs[i] > 1)
            printf("      speed-up at a core a rank, exchange free: %.2fx of %d\n", alone / cpu, qs[i]);
    }
    printf("peak memory %.0f MiB (all runs)\n", peak_mib());
    return 0;
}
