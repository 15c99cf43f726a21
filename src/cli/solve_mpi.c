/* grundy solve --mpi: chains spread over Open MPI ranks (rank k solves the
 * chains r with r % ranks == k; with more ranks than chains, the ranks of a
 * chain's group own its tiers in turn and exchange the lines they read in
 * their own communicator), per-tier checksums, largest values and P-position
 * counts gathered on rank 0, which alone prints and finishes the MANIFEST. grundy table --mpi (table_mpi.c) uses the row reductions and
 * broadcasts below. Built only when CMake finds MPI (GR_HAVE_MPI);
 * otherwise --mpi says so. */
#define _GNU_SOURCE   /* sched_getaffinity: the cores a rank was bound to */
#include "cli.h"
#include "grundy/grow.h"
#include "grundy/tier.h"
#include <limits.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

/* Started by a launcher (mpirun, srun, mpiexec), not as a lone process. */
bool cli_mpi_launched(void)
{
    const char *vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE", "PMI_RANK"};
    for (size_t i = 0; i < sizeof vars / sizeof *vars; i++)
        if (getenv(vars[i])) return true;
    return false;
}

#ifdef GR_HAVE_MPI
#include <mpi.h>

void cli_mpi_bcast_u32(uint32_t *v, size_t count)
{
    MPI_Bcast(v, (int)count, MPI_UINT32_T, 0, MPI_COMM_WORLD);
}

void cli_mpi_sum_max(double x, double *sum, double *max)
{
    MPI_Reduce(&x, sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&x, max, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
}

int cli_mpi_begin(int *rank, int *ranks, gr_error *err)
{
    *rank = 0, *ranks = 1;
    if (!cli_mpi_launched())
        return gr_fail(err, GR_EINPUT, "--mpi: start it under mpirun (mpirun -np P grundy ... --mpi)");
    int ready = 0, provided = 0;
    MPI_Initialized(&ready);
    /* the solver's exchanges come from the main thread of OpenMP regions */
    if (!ready) MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, ranks);
    return GR_OK;
}

/* Every rank's status; the worst wins everywhere. */
int cli_mpi_status(int rc)
{
    int worst = 0;
    MPI_Allreduce(&rc, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return worst;
}

void cli_mpi_gather(struct gr_tiers *s, uint32_t *max, uint64_t *zeros, uint64_t *loaded)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int count = (int)(s->total + 1);
    /* one rank reports a tier (its sum set); others of its group may hold
     * figures of it too (they read or computed it), which must not add up */
    for (int t = 0; t < count; t++)
        if (!s->sum[t]) max[t] = 0, zeros[t] = 0, loaded[t] = 0;
    MPI_Reduce(rank ? s->sum : MPI_IN_PLACE, s->sum, count, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(rank ? max : MPI_IN_PLACE, max, count, MPI_UINT32_T, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(rank ? zeros : MPI_IN_PLACE, zeros, count, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(rank ? loaded : MPI_IN_PLACE, loaded, count, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    double use[5] = {s->used_threads, s->thread_s, s->waited_s, s->alone_s, s->behind_s};
    MPI_Reduce(rank ? use : MPI_IN_PLACE, use, 5, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    s->used_threads = (int)use[0], s->thread_s = use[1], s->waited_s = use[2], s->alone_s = use[3],
    s->behind_s = use[4];
}

/* gr_tier_exchange_fn: the counts first, then the words (MPI_Alltoallv
 * takes int counts: a larger exchange is refused). */
static int exchange_all(void *ctx, const uint64_t *send, const size_t *counts, uint64_t **recv, size_t *cap,
                        size_t *got, gr_error *err)
{
    MPI_Comm comm = *(MPI_Comm *)ctx;
    int q, rc;
    MPI_Comm_size(comm, &q);
    uint64_t *c = malloc(4 * (size_t)q * sizeof *c);
    int *sc = malloc(4 * (size_t)q * sizeof *sc);
    if (!c || !sc) {
        free(c), free(sc);
        return gr_fail_nomem(err);
    }
    for (int k = 0; k < q; k++) c[k] = counts[k];
    rc = MPI_Alltoall(c, 1, MPI_UINT64_T, c + q, 1, MPI_UINT64_T, comm);
    uint64_t out = 0, in = 0;
    for (int k = 0; k < q; k++) {
        got[k] = (size_t)c[q + k];
        sc[k] = (int)c[k], sc[q + k] = (int)out, sc[2 * q + k] = (int)c[q + k], sc[3 * q + k] = (int)in;
        out += c[k], in += c[q + k];
    }
    if (rc == MPI_SUCCESS && (out > INT_MAX || in > INT_MAX)) {
        free(c), free(sc);
        return gr_fail(err, GR_EINPUT, "an exchange of more than %d words between ranks", INT_MAX);
    }
    bool room = GR_GROW(*recv, *cap, in ? in : 1, 1024);
    if (rc == MPI_SUCCESS && room)
        rc = MPI_Alltoallv(send, sc, sc + q, MPI_UINT64_T, *recv, sc + 2 * q, sc + 3 * q, MPI_UINT64_T, comm);
    free(c), free(sc);
    if (!room) return gr_fail_nomem(err);
    return rc == MPI_SUCCESS ? GR_OK : gr_fail(err, GR_EINTERNAL, "MPI_Alltoallv failed (error %d)", rc);
}

/* mpirun binds each of one or two ranks to a single core by default: a
 * rank's --threads would then share that core. Said once, on rank 0, when
 * the rank was bound to fewer cores than the machine's and than its
 * threads (unbound, or given threads by OpenMP's default, it says nothing). */
static void threads_vs_binding(const struct gr_tier_opts *o)
{
    cpu_set_t set;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (o->rank != 0 || o->threads <= 1 || sched_getaffinity(0, sizeof set, &set)) return;
    int cores = CPU_COUNT(&set);
    if (cores < online && cores < o->threads)
        fprintf(stderr,
                "grundy: --mpi: this rank was bound to %d core%s for %d threads (give it more: mpirun --bind-to none, "
                "or --map-by slot:PE=%d)\n",
                cores, cores == 1 ? "" : "s", o->threads, o->threads);
}

int cli_mpi_share(struct gr_tier_opts *o, const struct gr_tiers *s, gr_error *err)
{
    threads_vs_binding(o);
    int chain = gr_tiers_rank_chain(s, o->rank, o->ranks);
    if (chain < 0) return GR_OK;   /* the same on every rank: no split at all */
    MPI_Comm *comm = malloc(sizeof *comm);
    if (!comm) return gr_fail_nomem(err);
    /* ordered by world rank, as the solver numbers a group's members */
    MPI_Comm_split(MPI_COMM_WORLD, chain, o->rank, comm);
    o->exchange = exchange_all;
    o->exchange_ctx = comm;
    return GR_OK;
}

void cli_mpi_unshare(struct gr_tier_opts *o)
{
    if (!o->exchange_ctx) return;
    MPI_Comm_free(o->exchange_ctx);
    free(o->exchange_ctx);
    o->exchange_ctx = NULL;
}

void cli_mpi_end(void)
{
    MPI_Finalize();
}
#else
void cli_mpi_bcast_u32(uint32_t *v, size_t count)
{
    (void)v, (void)count;
}
void cli_mpi_sum_max(double x, double *sum, double *max)
{
    *sum = *max = x;
}
int cli_mpi_begin(int *rank, int *ranks, gr_error *err)
{
    *rank = 0, *ranks = 1;
    return gr_fail(err, GR_EINPUT, "--mpi: this grundy was built without Open MPI (install libopenmpi-dev, rebuild)");
}
int cli_mpi_status(int rc)
{
    return rc;
}
void cli_mpi_gather(struct gr_tiers *s, uint32_t *max, uint64_t *zeros, uint64_t *loaded)
{
    (void)s, (void)max, (void)zeros, (void)loaded;
}
int cli_mpi_share(struct gr_tier_opts *o, const struct gr_tiers *s, gr_error *err)
{
    (void)o, (void)s, (void)err;
    return GR_OK;
}
void cli_mpi_unshare(struct gr_tier_opts *o)
{
    (void)o;
}
void cli_mpi_end(void)
{
}
#endif
