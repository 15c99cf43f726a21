/* grundy table sharing --mpi: the fast method with its line sets split over
 * the ranks (include/grundy/sharing3_slice.h; docs/sharing-table.md, "Past
 * one machine"). Each rank holds one slice of every line's bitset, about
 * 1/P of the state, the slices' value ranges ascending with the rank. A
 * band of rows goes down the chain of ranks (below, "The chain of ranks"),
 * each rank resolving the positions whose value lies in its range, and back
 * to rank 0, which alone writes the file and feeds --stats, --png and the
 * printed formats, so the output is that of one process. Resume: rank 0 reads FILE.part and broadcasts each kept row
 * to every slice. */
#include "cli.h"
#include "grundy/sharing3_fast.h"
#include "grundy/sharing3_slice.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef GR_HAVE_MPI
#include <mpi.h>
#endif
#ifdef _OPENMP
#include <omp.h>
#endif

struct table_mpi {
    int rank, ranks, threads;
    uint32_t n;
    gr_s3slice *slice;
    uint32_t *buf;            /* a row and one more word: the go-on flag */
    double compute_s, wait_s, t0, cpu0;   /* wait_s: for the rank before, and sending */
    double deliver_s;         /* rank 0: handing bands of rows over */
    bool synced;              /* rank 0 has told the others how recovery went */
    bool elsewhere;           /* this rank stops because another one failed */
};

enum { MSG_ROW = 1, MSG_END = 0, MSG_FAIL = 2 };

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

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
    m->cpu0 = cpu_s();
    uint64_t lo, words;
    gr_s3slice_split(n, m->rank, m->ranks, &lo, &words);
    rc = gr_s3slice_new(&m->slice, n, lo, words, err);
    m->buf = malloc(((size_t)n / 2 + 2) * sizeof *m->buf);
    if (!rc && !m->buf) rc = gr_fail_nomem(err);
    *out = m;
    /* every rank learns whether every rank could start */
    int worst = cli_mpi_status(rc);
    if (worst && !rc) m->elsewhere = true, rc = gr_fail(err, GR_EINPUT, "another rank could not start");
    return rc;
}

int table_mpi_rank(const table_mpi *m) { return m->rank; }

bool table_mpi_failed_elsewhere(const table_mpi *m) { return m && m->elsewhere; }

void table_mpi_progress(const table_mpi *m, char *buf, size_t size)
{
    double busy = m->compute_s + m->wait_s;
    snprintf(buf, size, ", %d rank%s, %.0f%% waiting on the chain", m->ranks, m->ranks == 1 ? "" : "s",
             busy > 0 ? 100 * m->wait_s / busy : 0);
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
        if (head[0] == MSG_FAIL) return m->elsewhere = true, GR_EINPUT;
        if (head[0] == MSG_END) {
            *start = head[1];
            return GR_OK;
        }
        cli_mpi_bcast_u32(m->buf, (size_t)head[1] / 2 + 1);
        gr_s3slice_add(m->slice, head[1], m->buf);
    }
}

/* Rank 0's band for the sink: row b at (b - b0) times the stride. */
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

/* The chain of ranks (docs/sharing-table.md, "Past one machine"). Slice r
 * owns a range of values above slice r-1's, so the mex of a position is the
 * partial mex of the first slice, in rank order, whose range has a value
 * missing from the position's three sets; and a slice's sets hold only the
 * values of its own range, which only it can find. So rank 0 needs nothing
 * from the others: it computes its partial mex of every position, and rank
 * r > 0 needs from rank r-1 only which positions are still open (UINT32_MAX)
 * to resolve them, and adds only what it resolved. A band of rows therefore
 * goes down the chain as one message, rank 0 -> 1 -> ... -> P-1 -> 0, each
 * rank a band or two behind the one before; rank 0 gets the finished band
 * back and hands it over. No reduction, no step in lock: a rank waits only
 * when the one before has not finished the band it needs yet.
 *
 * A message: HEAD words (first row, rows, go on) then the rows packed, row b
 * with b/2 + 1 values. A message with go-on 0 (rank 0's sink failed) goes
 * round the chain too, each rank stopping after passing it on. */
enum { HEAD = 3, CHAIN_ROWS = 64, CHAIN_WORDS = 4u << 20 };

typedef struct chain {
    table_mpi *m;
    const gr_s3fast_sink *k;
    band_buf bb;            /* rank 0: the band handed over */
    uint32_t cap;           /* rows a message */
    size_t words;           /* a message's buffer */
    uint32_t *wb[2];        /* the bands being resolved and sent, taking turns */
    uint32_t *fin;          /* rank 0: a finished band back from rank P-1 */
    long sent, back;        /* rank 0: messages sent round, and back */
    int rc;
#ifdef GR_HAVE_MPI
    MPI_Request sreq[2], freq;
#endif
} chain;

static size_t packed_words(uint32_t b0, uint32_t count)
{
    size_t w = 0;
    for (uint32_t b = b0; b < b0 + count; b++) w += (size_t)b / 2 + 1;
    return w;
}

/* This rank's slice applied to a band: each row's open positions resolved
 * where the slice can, then the slice's new values added to its sets. */
static void resolve_band(table_mpi *m, uint32_t *msg)
{
    double t = now_s();
    gr_s3slice_band(m->slice, msg[0], msg[1], msg + HEAD, m->threads);
    m->compute_s += now_s() - t;
}

/* Rank 0: a finished message back, handed over unless stopping. */
static void take_back(chain *c)
{
    const uint32_t *msg = c->fin;
    c->back++;
    if (!msg[2] || c->rc || !c->k) return;
    const uint32_t *row = msg + HEAD;
    c->bb.b0 = msg[0];
    for (uint32_t i = 0; i < msg[1]; i++) {
        size_t len = (size_t)(msg[0] + i) / 2 + 1;
        memcpy(c->bb.rows + (size_t)i * c->bb.stride, row, len * sizeof *row);
        row += len;
    }
    c->bb.count = msg[1];
    c->rc = hand_band(c->m, &c->bb, c->k);
}

#ifdef GR_HAVE_MPI
/* Waits for one of r[0..n-1] (MPI_REQUEST_NULL ones ignored); its index,
 * or MPI_UNDEFINED when none is active. Polls, then sleeps between polls:
 * Open MPI's own waits spin, and a spinning rank takes the core from the
 * rank it waits for wherever ranks outnumber cores (a band is milliseconds
 * of work, so 50 us of sleep is no delay). */
static int wait_any(table_mpi *m, int n, MPI_Request *r)
{
    double t = now_s();
    int which = MPI_UNDEFINED, done = 0;
    for (unsigned polls = 0;; polls++) {
        MPI_Testany(n, r, &which, &done, MPI_STATUS_IGNORE);
        if (done) break;
        if (polls >= 100) nanosleep(&(struct timespec){0, 50000}, NULL);
    }
    m->wait_s += now_s() - t;
    return which;
}

static void post_back(chain *c)
{
    if (c->freq == MPI_REQUEST_NULL && c->back < c->sent)
        MPI_Irecv(c->fin, (int)c->words, MPI_UINT32_T, c->m->ranks - 1, 0, MPI_COMM_WORLD, &c->freq);
}

/* Rank 0: buffer i free again (its send done), bands coming back handed
 * over meanwhile; `all`: also until every message sent is back. Rank 0
 * always has a receive posted while a message is out, so the last rank's
 * send never waits on rank 0 waiting on its own send. */
static void rank0_wait(chain *c, int i, bool all)
{
    for (;;) {
        post_back(c);
        bool send_open = i >= 0 && c->sreq[i] != MPI_REQUEST_NULL;
        if (!send_open && (!all || c->back == c->sent)) return;
        MPI_Request r[2] = {i >= 0 ? c->sreq[i] : MPI_REQUEST_NULL, c->freq};
        int which = wait_any(c->m, 2, r);
        if (i >= 0) c->sreq[i] = r[0];
        c->freq = r[1];
        if (which == 1) take_back(c);
        if (which == MPI_UNDEFINED) return;
    }
}

/* Rank 0 with others: computes its slice's part of each band and sends it
 * down the chain, handing over the bands that come back finished. */
static void chain_rank0(chain *c, uint32_t start)
{
    table_mpi *m = c->m;
    uint32_t b = start;
    for (int j = 0; b <= m->n; j ^= 1) {
        rank0_wait(c, j, false);
        uint32_t *msg = c->wb[j];
        uint32_t count = m->n + 1 - b < c->cap ? m->n + 1 - b : c->cap;
        msg[0] = b, msg[1] = c->rc ? 0 : count, msg[2] = c->rc ? 0 : 1;
        size_t len = c->rc ? 0 : packed_words(b, count);
        for (size_t i = 0; i < len; i++) msg[HEAD + i] = UINT32_MAX;
        if (!c->rc) resolve_band(m, msg);
        MPI_Isend(msg, (int)(HEAD + len), MPI_UINT32_T, 1, 0, MPI_COMM_WORLD, &c->sreq[j]);
        c->sent++;
        if (c->rc) break;   /* the stop goes round; what comes back is dropped */
        b += count;
        /* bands already back are handed over now, not after the last */
        for (int done = 1; done;) {
            post_back(c);
            if (c->freq == MPI_REQUEST_NULL) break;
            MPI_Test(&c->freq, &done, MPI_STATUS_IGNORE);
            if (done) take_back(c);
        }
    }
    rank0_wait(c, 0, true);
    rank0_wait(c, 1, true);
}

/* Rank r > 0: each band from rank r-1 resolved on this slice and passed on
 * (the last rank passes it back to rank 0). */
static void chain_rank(chain *c, uint32_t start)
{
    table_mpi *m = c->m;
    if (start > m->n) return;
    int to = m->rank + 1 < m->ranks ? m->rank + 1 : 0;
    for (int j = 0;; j ^= 1) {
        uint32_t *msg = c->wb[j];
        MPI_Request recv;
        wait_any(m, 1, &c->sreq[j]);
        MPI_Irecv(msg, (int)c->words, MPI_UINT32_T, m->rank - 1, 0, MPI_COMM_WORLD, &recv);
        wait_any(m, 1, &recv);
        if (msg[2]) resolve_band(m, msg);
        size_t len = msg[2] ? packed_words(msg[0], msg[1]) : 0;
        MPI_Isend(msg, (int)(HEAD + len), MPI_UINT32_T, to, 0, MPI_COMM_WORLD, &c->sreq[j]);
        if (!msg[2] || msg[0] + msg[1] > m->n) break;
    }
    while (wait_any(m, 2, c->sreq) != MPI_UNDEFINED) {
    }
}
#else
static void chain_rank0(chain *c, uint32_t start) { (void)start, c->rc = GR_EINTERNAL; }
static void chain_rank(chain *c, uint32_t start) { (void)start, c->rc = GR_EINTERNAL; }
#endif

/* One rank: its slice is the whole state, each band straight to the sink. */
static void chain_alone(chain *c, uint32_t start)
{
    table_mpi *m = c->m;
    for (uint32_t b = start; b <= m->n && !c->rc;) {
        uint32_t count = m->n + 1 - b < c->cap ? m->n + 1 - b : c->cap;
        uint32_t *msg = c->fin;
        msg[0] = b, msg[1] = count, msg[2] = 1;
        size_t len = packed_words(b, count);
        for (size_t i = 0; i < len; i++) msg[HEAD + i] = UINT32_MAX;
        resolve_band(m, msg);
        c->sent++;
        take_back(c);
        b += count;
    }
}

int table_mpi_rows(table_mpi *m, uint32_t start, const gr_s3fast_sink *k)
{
    chain c = {.m = m, .k = m->rank == 0 ? k : NULL};
    c.bb.stride = (size_t)m->n / 2 + 1;
    size_t per = CHAIN_WORDS / c.bb.stride;
    c.cap = per < 1 ? 1 : per > CHAIN_ROWS ? CHAIN_ROWS : (uint32_t)per;
    c.words = HEAD + (size_t)c.cap * c.bb.stride;
    bool first = m->rank == 0, alone = m->ranks == 1;
    int rc = GR_OK;
    if (!alone) c.wb[0] = malloc(c.words * sizeof(uint32_t)), c.wb[1] = malloc(c.words * sizeof(uint32_t));
    if (first) c.fin = malloc(c.words * sizeof(uint32_t));
    if (first && c.k) c.bb.rows = malloc((size_t)c.cap * c.bb.stride * sizeof(uint32_t));
    if ((!alone && (!c.wb[0] || !c.wb[1])) || (first && !c.fin) || (c.k && !c.bb.rows)) rc = GR_ENOMEM;
    /* every rank starts, or none */
    int worst = cli_mpi_status(rc);
    if (!worst) {
#ifdef GR_HAVE_MPI
        c.sreq[0] = c.sreq[1] = c.freq = MPI_REQUEST_NULL;
#endif
        if (alone) chain_alone(&c, start);
        else if (first) chain_rank0(&c, start);
        else chain_rank(&c, start);
        rc = c.rc;
    }
    free(c.wb[0]), free(c.wb[1]), free(c.fin), free(c.bb.rows);
    /* the last band's delivery too */
    worst = cli_mpi_status(rc);
    if (worst && !rc) m->elsewhere = true;
    return rc ? rc : worst ? GR_EINPUT : GR_OK;
}

void table_mpi_usage(table_mpi *m, char *buf, size_t size)
{
    double wall = now_s() - m->t0, rsum, rmax, csum, cmax;
    cli_mpi_sum_max(m->wait_s, &rsum, &rmax);
    cli_mpi_sum_max(m->compute_s, &csum, &cmax);
    double mib = gr_s3slice_touched_bytes(m->slice) / 1048576.0, msum, mmax;
    cli_mpi_sum_max(mib, &msum, &mmax);
    double cpu = cpu_s() - m->cpu0, usum, umax;
    cli_mpi_sum_max(cpu, &usum, &umax);
    int len = snprintf(buf, size,
             "grundy: %d thread%s, %d rank%s; %.2f s, per rank %.2f s computing (at most %.2f), %.2f s waiting on "
             "the chain of ranks and sending (%.0f%%), line sets %.1f MiB (at most %.1f); rank 0 %.2f s "
             "handing rows over",
             m->threads, m->threads == 1 ? "" : "s", m->ranks, m->ranks == 1 ? "" : "s", wall, csum / m->ranks, cmax,
             rsum / m->ranks, wall > 0 ? 100 * rsum / m->ranks / wall : 0, msum / m->ranks, mmax, m->deliver_s);
    /* CPU seconds, which a busy machine does not inflate as it does the wall time of each part */
    if (len >= 0 && (size_t)len < size)
        snprintf(buf + len, size - (size_t)len, "; CPU %.2f s in all, rank 0 %.2f, at most %.2f", usum, cpu, umax);
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
