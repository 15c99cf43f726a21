/* grundy table sharing --mpi: the fast method with its line sets split over
 * the ranks (include/grundy/sharing3_slice.h; docs/sharing-table.md, "Past
 * one machine"). Each rank holds one slice of every line's bitset, about
 * 1/P of the state. Per row: every rank finds its partial mex of each
 * position, one MPI_Allreduce (MIN) gives the row on every rank, every rank
 * adds the row's values to its slice, and rank 0 alone writes the file and
 * feeds --stats, --png and the printed formats, so the output is that of
 * one process. Resume: rank 0 reads FILE.part and broadcasts each kept row
 * to every slice. */
#include "cli.h"
#include "grundy/sharing3_fast.h"
#include "grundy/sharing3_slice.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

struct table_mpi {
    int rank, ranks, threads;
    uint32_t n;
    gr_s3slice *slice;
    uint32_t *buf;            /* a row and one more word: the go-on flag */
    double compute_s, reduce_s, t0;
    double deliver_s;         /* rank 0: handing bands of rows over */
    bool synced;              /* rank 0 has told the others how recovery went */
};

enum { MSG_ROW = 1, MSG_END = 0, MSG_FAIL = 2 };

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int table_mpi_begin(table_mpi **out, uint32_t n, int threads, gr_error *err)
{
    *out = NULL;
    if (!cli_mpi_launched())
        return gr_fail(err, GR_EINPUT,
                       "--mpi: start it under mpirun (mpirun -np P grundy table sharing --max N --mpi)");
    table_mpi *m = calloc(1, sizeof *m);
    if (!m) return gr_fail_nomem(err);
    int rc = cli_mpi_begin(&m->rank, &m->ranks, err);
    if (rc) {
        free(m);
        return rc;
    }
    m->n = n;
    m->threads = threads > 0 ? threads : 1;
    m->t0 = now_s();
    uint64_t lo, words;
    gr_s3slice_split(n, m->rank, m->ranks, &lo, &words);
    rc = gr_s3slice_new(&m->slice, n, lo, words, err);
    m->buf = malloc(((size_t)n / 2 + 2) * sizeof *m->buf);
    if (!rc && !m->buf) rc = gr_fail_nomem(err);
    *out = m;
    /* every rank learns whether every rank could start */
    int worst = cli_mpi_status(rc);
    if (worst && !rc) rc = gr_fail(err, GR_EINPUT, "another rank could not start");
    return rc;
}

int table_mpi_rank(const table_mpi *m) { return m->rank; }

void table_mpi_progress(const table_mpi *m, char *buf, size_t size)
{
    double busy = m->compute_s + m->reduce_s;
    snprintf(buf, size, ", %d rank%s, %.0f%% in reductions", m->ranks, m->ranks == 1 ? "" : "s",
             busy > 0 ? 100 * m->reduce_s / busy : 0);
}

void table_mpi_feed(table_mpi *m, uint32_t b, const uint32_t *row)
{
    uint32_t head[2] = {MSG_ROW, b};
    cli_mpi_bcast_u32(head, 2);
    memcpy(m->buf, row, ((size_t)b / 2 + 1) * sizeof *row);
    cli_mpi_bcast_u32(m->buf, (size_t)b / 2 + 1);
    gr_s3slice_add(m->slice, b, m->buf);
}

int table_mpi_recovered(table_mpi *m, int rc, uint32_t *start)
{
    if (m->rank == 0) {
        m->synced = true;
        uint32_t head[2] = {rc ? MSG_FAIL : MSG_END, *start};
        cli_mpi_bcast_u32(head, 2);
        return rc;
    }
    for (;;) {
        uint32_t head[2];
        cli_mpi_bcast_u32(head, 2);
        if (head[0] == MSG_FAIL) return GR_EINPUT;
        if (head[0] == MSG_END) {
            *start = head[1];
            return GR_OK;
        }
        cli_mpi_bcast_u32(m->buf, (size_t)head[1] / 2 + 1);
        gr_s3slice_add(m->slice, head[1], m->buf);
    }
}

/* Rank 0's rows gathered into a band before they are handed over, so the
 * hand-over's items (the file's records, the statistics' and the picture's
 * columns) run on the rank's threads; at most about 64 MiB of rows. */
#define BAND_ROWS 256
#define BAND_WORDS (16u << 20)

typedef struct band_buf {
    uint32_t *rows;
    size_t stride;
    uint32_t cap, b0, count;
} band_buf;

/* The gathered band to the sink, its items on the rank's threads. */
static int hand_band(table_mpi *m, band_buf *bb, const gr_s3fast_sink *k)
{
    if (!bb->count) return GR_OK;
    long items = 0;
    double t = now_s();
    int rc = k->begin(k->ctx, bb->b0, bb->count, bb->rows, bb->stride, m->threads, &items);
    int threads = m->threads;
    (void)threads;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) if (threads > 1 && !rc)
    for (long i = 0; i < (rc ? 0 : items); i++) {
#ifdef _OPENMP
        k->item(k->ctx, i, omp_get_thread_num());
#else
        k->item(k->ctx, i, 0);
#endif
    }
    if (!rc) rc = k->end(k->ctx);
    bb->count = 0;
    m->deliver_s += now_s() - t;
    return rc;
}

int table_mpi_rows(table_mpi *m, uint32_t start, const gr_s3fast_sink *k)
{
    int rc = GR_OK;
    band_buf bb = {NULL, (size_t)m->n / 2 + 1, 1, start, 0};
    if (m->rank == 0 && k) {
        size_t cap = BAND_WORDS / bb.stride;
        bb.cap = cap < 1 ? 1 : cap > BAND_ROWS ? BAND_ROWS : (uint32_t)cap;
        bb.rows = malloc((size_t)bb.cap * bb.stride * sizeof *bb.rows);
        if (!bb.rows) bb.cap = 1, bb.rows = malloc(bb.stride * sizeof *bb.rows);
        if (!bb.rows) rc = GR_ENOMEM;   /* told to every rank with the first row */
    }
    for (uint32_t b = start; b <= m->n; b++) {
        size_t len = (size_t)b / 2 + 1;
        double t = now_s();
        gr_s3slice_partial(m->slice, b, m->buf, m->threads);
        m->buf[len] = rc ? 0 : 1;   /* rank 0: did the rows so far reach their sinks? */
        double t1 = now_s();
        cli_mpi_min_u32(m->buf, len + 1);
        double t2 = now_s();
        if (!m->buf[len]) break;
        gr_s3slice_add_on(m->slice, b, m->buf, m->threads);
        m->compute_s += (t1 - t) + (now_s() - t2);
        m->reduce_s += t2 - t1;
        if (m->rank == 0 && k) {
            if (!bb.count) bb.b0 = b;
            memcpy(bb.rows + (size_t)bb.count * bb.stride, m->buf, len * sizeof *m->buf);
            if (++bb.count == bb.cap || b == m->n) rc = hand_band(m, &bb, k);
        }
    }
    free(bb.rows);
    /* the last band's delivery too */
    int worst = cli_mpi_status(rc);
    return rc ? rc : worst ? GR_EINPUT : GR_OK;
}

void table_mpi_usage(table_mpi *m, char *buf, size_t size)
{
    double wall = now_s() - m->t0, rsum, rmax, csum, cmax;
    cli_mpi_sum_max(m->reduce_s, &rsum, &rmax);
    cli_mpi_sum_max(m->compute_s, &csum, &cmax);
    double mib = gr_s3slice_touched_bytes(m->slice) / 1048576.0, msum, mmax;
    cli_mpi_sum_max(mib, &msum, &mmax);
    snprintf(buf, size,
             "grundy: %d thread%s, %d rank%s; %.2f s, per rank %.2f s computing (at most %.2f), %.2f s in the row "
             "reductions, waiting and communicating (%.0f%%), line sets %.1f MiB (at most %.1f); rank 0 %.2f s "
             "handing rows over",
             m->threads, m->threads == 1 ? "" : "s", m->ranks, m->ranks == 1 ? "" : "s", wall, csum / m->ranks, cmax,
             rsum / m->ranks, wall > 0 ? 100 * rsum / m->ranks / wall : 0, msum / m->ranks, mmax, m->deliver_s);
}

void table_mpi_end(table_mpi *m)
{
    if (!m) return;
    if (m->rank == 0 && !m->synced) {   /* rank 0 stopped before computing: the others stop too */
        uint32_t start = 0;
        table_mpi_recovered(m, GR_EINPUT, &start);
    }
    gr_s3slice_free(m->slice);
    free(m->buf);
    free(m);
    cli_mpi_end();
}
