/* grundy census --mpi: the codes over Open MPI ranks. Rank 0 hands out one
 * code at a time to the ranks as they free up, takes back each record,
 * writes the manifest after every code, and alone prints the table; the
 * other ranks print nothing. A rank killed midway ends the job (mpirun's
 * default); every code's file was written as it went, so the next run of
 * the same command resumes each code where it stopped. With one rank,
 * rank 0 runs every code itself. Built only with MPI (GR_HAVE_MPI). */
#include "census.h"
#include <string.h>

#ifdef GR_HAVE_MPI
#include <mpi.h>

enum { TAG_WORK = 1, TAG_DONE = 2 };

/* A record and its run's status, as bytes (every rank runs the same binary). */
typedef struct done_msg {
    long index;
    int rc;
    gr_census_rec rec;
} done_msg;

/* The next code's record to rank r, or the end (index -1): true for a code. */
static bool hand_out(census *c, size_t *next, int r)
{
    done_msg m;
    memset(&m, 0, sizeof m);
    m.index = *next < c->n ? (long)(*next)++ : -1;
    if (m.index >= 0) m.rec = c->recs[m.index];
    MPI_Send(&m, (int)sizeof m, MPI_BYTE, r, TAG_WORK, MPI_COMM_WORLD);
    return m.index >= 0;
}

static int master(census *c, int ranks, gr_error *err)
{
    size_t next = 0, busy = 0;
    int worst = GR_OK;
    for (int r = 1; r < ranks; r++) {
        if (hand_out(c, &next, r)) busy++;
    }
    done_msg m;
    while (busy) {
        MPI_Status st;
        MPI_Recv(&m, (int)sizeof m, MPI_BYTE, MPI_ANY_SOURCE, TAG_DONE, MPI_COMM_WORLD, &st);
        busy--;
        if (m.index >= 0 && (size_t)m.index < c->n) c->recs[m.index] = m.rec;
        if (m.rc && m.rc != GR_ELIMIT && !worst) {
            worst = m.rc;
            gr_fail(err, m.rc, "census: %s: %s", m.rec.name, m.rec.error);
        }
        gr_error ignored = {0};
        gr_census_save(c->dir, c->recs, c->n, c->to, &ignored);
        if (hand_out(c, &next, st.MPI_SOURCE)) busy++;
    }
    return worst;
}

static void worker(census *c)
{
    for (;;) {
        done_msg m;
        MPI_Recv(&m, (int)sizeof m, MPI_BYTE, 0, TAG_WORK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (m.index < 0) return;
        gr_error e = {0};
        m.rc = gr_census_run(&m.rec, c->dir, c->to, c->threads, &c->lim, &e);
        MPI_Send(&m, (int)sizeof m, MPI_BYTE, 0, TAG_DONE, MPI_COMM_WORLD);
    }
}

int census_mpi(census *c, int rank, int ranks, gr_error *err)
{
    int rc = GR_OK;
    if (ranks == 1) {
        for (size_t i = 0; i < c->n && !rc; i++) {
            gr_error e = {0};
            int one = gr_census_run(&c->recs[i], c->dir, c->to, c->threads, &c->lim, &e);
            if (one && one != GR_ELIMIT) rc = one, *err = e;
            gr_error ignored = {0};
            gr_census_save(c->dir, c->recs, c->n, c->to, &ignored);
        }
    } else if (rank == 0) {
        rc = master(c, ranks, err);
    } else {
        worker(c);
    }
    cli_mpi_end();
    return rc;
}

#else

int census_mpi(census *c, int rank, int ranks, gr_error *err)
{
    (void)c, (void)rank, (void)ranks;
    return gr_fail(err, GR_EINPUT, "census: --mpi: this grundy was built without MPI");
}

#endif
