/* The three-pile Sharing Nim table file (include/grundy/s3file.h). */
/* pwritev and sync_file_range are outside POSIX 2008 */
#define _GNU_SOURCE
#include "grundy/s3file.h"
#include <limits.h>
#include <sys/uio.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define HEADER_BYTES 16

/* NSETS sets of per-row record buffers: one is packed while the others
 * wait for, or are in, the writer (docs/sharing-table.md, "The serial
 * part"). Each row has its own buffer, so rows pack on any thread in any
 * order with no offsets to agree on first. One writer thread, started with
 * the first band, takes the sets in order from a queue and writes each with
 * pwritev at the offset the band was given when queued; the computing waits
 * only when every set is queued (a slow write or sync, a few bands long,
 * no longer stalls the next band's start). */
#define NSETS 4

typedef struct recbuf {
    unsigned char *p;
    size_t cap, len;        /* len: the packed record; 0 when it could not be packed (memory) */
} recbuf;

struct gr_s3file_async {
    recbuf *rec[NSETS];
    uint32_t nrec[NSETS];   /* buffers allocated in each set */
    int cur;                /* the set packed next */
    uint32_t b0, count;     /* the band being packed: rows b0 .. b0+count-1 */
    bool positioned;        /* off is where the next band goes (stdio's position is not kept up) */
    off_t off;
    int fd;
    /* the writer's queue, under mu: `queued` sets from whead on, in order */
    pthread_mutex_t mu;
    pthread_cond_t wake, done;
    bool started, quit;
    pthread_t th;
    int queued, whead;      /* whead: the oldest set queued */
    uint32_t wcount[NSETS];
    off_t woff[NSETS];
    int err_no;             /* the first failed write's errno; 0 none */
    uint64_t unsynced;      /* bytes written since the writer last started writeback */
    uint64_t undurable;     /* bytes written since the writer's last fdatasync */
    off_t synced_to;
    double waited_s, writing_s;
};

/* The writer starts writeback every SYNC_EVERY bytes (about every band of
 * a large table) and makes the file durable (fdatasync) every
 * DURABLE_EVERY, on its own thread, so that the commit's fsync, on the one
 * thread at the end of the run, has little left. Writeback started alone
 * was not enough: the fsync after it still took 0.12-0.15 s for a file of
 * 111 MB here (the allocation and journal of the whole file), where with a
 * fdatasync every 12 MB it took 0.005 s (a test writing at 120 and 400 MB/s). */
#define SYNC_EVERY ((uint64_t)1 << 20)
#define DURABLE_EVERY ((uint64_t)16 << 20)

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

uint64_t gr_s3file_record_bytes(uint32_t b, unsigned w)
{
    uint64_t len = (uint64_t)b / 2 + 1;
    return 1 + (len * w + 7) / 8 + 4;
}

/* Slicing by eight: t[k][x] is the CRC of byte x followed by k zero bytes,
 * so eight bytes take eight lookups and no dependence from byte to byte. */
static void crc_init(uint32_t t[8][256])
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        t[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; i++)
        for (int k = 1; k < 8; k++) t[k][i] = t[0][t[k - 1][i] & 0xFF] ^ (t[k - 1][i] >> 8);
}

static uint32_t crc32_of(const uint32_t t[8][256], const unsigned char *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (; n >= 8; n -= 8, p += 8) {
        uint32_t lo = c ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
        uint32_t hi = (uint32_t)p[4] | (uint32_t)p[5] << 8 | (uint32_t)p[6] << 16 | (uint32_t)p[7] << 24;
        c = t[7][lo & 0xFF] ^ t[6][(lo >> 8) & 0xFF] ^ t[5][(lo >> 16) & 0xFF] ^ t[4][lo >> 24] ^ t[3][hi & 0xFF] ^
            t[2][(hi >> 8) & 0xFF] ^ t[1][(hi >> 16) & 0xFF] ^ t[0][hi >> 24];
    }
    for (; n; n--, p++) c = t[0][(c ^ *p) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int setup(gr_s3file *f, uint32_t n, gr_error *err)
{
    size_t len = (size_t)n / 2 + 1;
    f->n = n;
    f->next = 0;
    f->cap = (size_t)gr_s3file_record_bytes(n, 32);
    f->buf = malloc(f->cap);
    f->row = malloc(len * sizeof *f->row);
    crc_init(f->crc);
    if (!f->buf || !f->row) return gr_fail_nomem(err);
    return GR_OK;
}

static void async_wait(gr_s3file *f);

static void release(gr_s3file *f)
{
    if (f->async) {
        struct gr_s3file_async *as = f->async;
        async_wait(f);
        if (as->started) {
            pthread_mutex_lock(&as->mu);
            as->quit = true;
            pthread_cond_signal(&as->wake);
            pthread_mutex_unlock(&as->mu);
            pthread_join(as->th, NULL);
        }
        pthread_cond_destroy(&as->wake);
        pthread_cond_destroy(&as->done);
        pthread_mutex_destroy(&as->mu);
        for (int k = 0; k < NSETS; k++) {
            for (uint32_t r = 0; r < f->async->nrec[k]; r++) free(f->async->rec[k][r].p);
            free(f->async->rec[k]);
        }
        free(f->async);
    }
    if (f->f) fclose(f->f);
    free(f->path);
    free(f->part);
    free(f->buf);
    free(f->row);
    memset(f, 0, sizeof *f);
}

uint32_t gr_s3file_bound(uint32_t a, uint32_t b)
{
    return a / 2 + b / 2 + (b - a) / 2;
}

/* What read_record found. */
enum { REC_OK, REC_TORN, REC_DAMAGED, REC_BOUND };

/* Reads and checks the record of row f->next into row. REC_TORN: the file
 * ends inside it (a write cut short); REC_DAMAGED: it is all there but its
 * width or CRC is wrong; REC_BOUND: it checks, but a value is past the
 * most options its position has (*bad_a is the column). */
static int read_record(gr_s3file *f, uint32_t *row, uint32_t *bad_a)
{
    uint32_t b = f->next, len = b / 2 + 1;
    int c = fgetc(f->f);
    if (c == EOF) return REC_TORN;
    if (c > 32) return REC_DAMAGED;
    unsigned w = (unsigned)c;
    size_t bytes = (size_t)gr_s3file_record_bytes(b, w);
    f->buf[0] = (unsigned char)w;
    if (fread(f->buf + 1, 1, bytes - 1, f->f) != bytes - 1) return REC_TORN;
    if (crc32_of(f->crc, f->buf, bytes - 4) != get32(f->buf + bytes - 4)) return REC_DAMAGED;
    const unsigned char *p = f->buf + 1;
    uint64_t mask = w == 32 ? 0xFFFFFFFFu : ((uint64_t)1 << w) - 1;
    for (uint32_t a = 0; a < len; a++) {
        uint64_t bit = (uint64_t)a * w, v = 0;
        /* a value spans at most 5 bytes */
        size_t nb = (bit % 8 + w + 7) / 8;
        for (size_t k = 0; k < nb; k++) v |= (uint64_t)p[bit / 8 + k] << (8 * k);
        row[a] = (uint32_t)((v >> (bit % 8)) & mask);
        /* The engines index by value: a file with valid CRCs that another
         * program wrote must not take them past their sets. */
        if (row[a] > gr_s3file_bound(a, b)) {
            *bad_a = a;
            return REC_BOUND;
        }
    }
    f->next++;
    return REC_OK;
}

/* The message for a record that checks but holds a value past its bound. */
static int bound_error(const char *path, uint32_t a, uint32_t b, uint32_t v, gr_error *err)
{
    return gr_fail(err, GR_EINPUT,
                   "'%s': G(0,%u,%u) is stored as %u, but that position has at most %u options, so its value is at "
                   "most %u: not a table grundy wrote (refused)", path, a, b, v, gr_s3file_bound(a, b),
                   gr_s3file_bound(a, b));
}

/* 0 ok, 1 too short (a torn header), 2 not this format */
static int read_header(gr_s3file *f, uint32_t *n)
{
    unsigned char h[HEADER_BYTES];
    if (fread(h, 1, HEADER_BYTES, f->f) != HEADER_BYTES) return 1;
    if (memcmp(h, GR_S3FILE_MAGIC, 8) != 0 || get32(h + 12) != 0) return 2;
    *n = get32(h + 8);
    return 0;
}

int gr_s3file_open_read(gr_s3file *f, const char *path, gr_error *err)
{
    memset(f, 0, sizeof *f);
    f->f = fopen(path, "rb");
    if (!f->f) return gr_fail(err, GR_EINPUT, "cannot open '%s': %s", path, strerror(errno));
    f->path = strdup(path);
    if (!f->path) {
        release(f);
        return gr_fail_nomem(err);
    }
    uint32_t n;
    if (read_header(f, &n)) {
        release(f);
        return gr_fail(err, GR_EINPUT, "'%s' is not a grundy sharing table (bad header)", path);
    }
    /* Every record takes 5 bytes at least: a header claiming more rows
     * than the file could hold must not size the buffers. */
    struct stat st;
    if (fstat(fileno(f->f), &st) != 0 || (uint64_t)st.st_size < HEADER_BYTES + ((uint64_t)n + 1) * 5) {
        release(f);
        return gr_fail(err, GR_EINPUT, "'%s' says it holds rows 0..%u, more than its size can (truncated or damaged)",
                       path, n);
    }
    int rc = setup(f, n, err);
    /* Every row checked before the first is handed out: a refused file
     * prints nothing (one pass more over the file, at disk speed). */
    while (!rc && f->next <= n) rc = gr_s3file_read_row(f, f->row, err);
    if (!rc && fseek(f->f, HEADER_BYTES, SEEK_SET) != 0)
        rc = gr_fail(err, GR_EINPUT, "cannot read '%s' again: %s", path, strerror(errno));
    f->next = 0;
    if (rc) release(f);
    return rc;
}

int gr_s3file_read_row(gr_s3file *f, uint32_t *row, gr_error *err)
{
    if (f->next > f->n) return gr_fail(err, GR_EINPUT, "the table file ends at row %u", f->n);
    uint32_t a = 0;
    switch (read_record(f, row, &a)) {
    case REC_OK: return GR_OK;
    case REC_BOUND: return bound_error(f->path, a, f->next, row[a], err);
    case REC_TORN: return gr_fail(err, GR_EINPUT, "'%s' is truncated at row %u", f->path, f->next);
    default: return gr_fail(err, GR_EINPUT, "'%s' is damaged at row %u (CRC)", f->path, f->next);
    }
}

/* Is the rest of the file, from `from`, zero bytes? */
static bool zero_from(FILE *fp, long from)
{
    if (fseek(fp, from, SEEK_SET) != 0) return false;
    int c;
    while ((c = fgetc(fp)) != EOF)
        if (c != 0) return false;
    return true;
}

static int write_header(gr_s3file *f)
{
    unsigned char h[HEADER_BYTES];
    memcpy(h, GR_S3FILE_MAGIC, 8);
    put32(h + 8, f->n);
    put32(h + 12, 0);
    return fwrite(h, 1, HEADER_BYTES, f->f) == HEADER_BYTES ? 0 : -1;
}

int gr_s3file_open_write(gr_s3file *f, const char *path, uint32_t n, gr_s3file_row_fn recovered, void *ctx,
                         gr_error *err)
{
    memset(f, 0, sizeof *f);
    int rc = setup(f, n, err);
    size_t plen = strlen(path) + 6;
    f->path = strdup(path);
    f->part = malloc(plen);
    if (!rc && (!f->path || !f->part)) rc = gr_fail_nomem(err);
    if (rc) {
        release(f);
        return rc;
    }
    snprintf(f->part, plen, "%s.part", path);
    int fd = open(f->part, O_RDWR | O_CREAT, 0644);
    f->f = fd >= 0 ? fdopen(fd, "r+b") : NULL;
    if (!f->f) {
        rc = gr_fail(err, GR_EINPUT, "cannot write '%s': %s", f->part, strerror(errno));
        if (fd >= 0) close(fd);
        release(f);
        return rc;
    }
    /* two runs appending to one .part would interleave rows */
    struct flock lk = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    if (fcntl(fd, F_SETLK, &lk) != 0) {
        rc = gr_fail(err, GR_EINPUT, "'%s' is being written by another run", f->part);
        release(f);
        return rc;
    }
    long keep = 0;
    uint32_t pn = 0;
    int hr = read_header(f, &pn);
    if (!hr && pn == n) {
        keep = HEADER_BYTES;
        uint32_t a = 0;
        int got = REC_OK;
        while (f->next <= n && (got = read_record(f, f->row, &a)) == REC_OK) {
            rc = recovered ? recovered(ctx, f->next - 1, f->row, err) : 0;
            if (rc) {
                release(f);
                return rc;
            }
            keep = ftell(f->f);
        }
        /* A torn last record is what a kill leaves: cut off below. Damage
         * with rows after it is not: the rows past it may have cost hours,
         * so the file is left as it is and the user chooses. */
        if (got == REC_BOUND) {
            rc = bound_error(f->part, a, f->next, f->row[a], err);
            release(f);
            return rc;
        }
        /* The record's CRC and all after it zero: blocks a crash left
         * allocated and never written, a torn tail too. */
        long crc_at = keep + (long)gr_s3file_record_bytes(f->next, f->buf[0] <= 32 ? f->buf[0] : 0) - 4;
        if (got == REC_DAMAGED && (f->buf[0] > 32 || !zero_from(f->f, crc_at))) {
            if (f->next == 0)
                rc = gr_fail(err, GR_EINPUT, "'%s' is damaged at row 0 (CRC): not resumed, the file is unchanged; "
                             "remove it to start over", f->part);
            else
                rc = gr_fail(err, GR_EINPUT,
                             "'%s' is damaged at row %u (byte %ld, CRC): not resumed, the file is unchanged; remove it "
                             "to start over, or keep rows 0..%u with `truncate -s %ld %s`",
                             f->part, f->next, keep, f->next - 1, keep, f->part);
            release(f);
            return rc;
        }
    } else if (!hr) {
        /* its rows may have cost hours: a mistyped N must not throw them away */
        rc = gr_fail(err, GR_EINPUT,
                     "'%s' holds rows of the table to %u, not %u: run with --max %u to resume it, or remove it",
                     f->part, pn, n, pn);
        release(f);
        return rc;
    } else if (hr != 1) {
        fprintf(stderr, "grundy: %s is not a table file; starting over\n", f->part);
    }
    /* a torn or damaged tail is cut off; the rows before it stay */
    if (fflush(f->f) != 0 || ftruncate(fd, keep) != 0 || fseek(f->f, keep, SEEK_SET) != 0) {
        rc = gr_fail(err, GR_EINPUT, "cannot resume '%s': %s", f->part, strerror(errno));
        release(f);
        return rc;
    }
    if (keep == 0 && (write_header(f) != 0 || fflush(f->f) != 0)) {
        rc = gr_fail(err, GR_EINPUT, "cannot write '%s': %s", f->part, strerror(errno));
        release(f);
        return rc;
    }
    return GR_OK;
}

/* Width of the record of row b: bits of the row's largest value. */
static unsigned record_width(uint32_t b, const uint32_t *row)
{
    uint32_t len = b / 2 + 1, max = 0;
    for (uint32_t a = 0; a < len; a++)
        if (row[a] > max) max = row[a];
    unsigned w = 0;
    while (w < 32 && (max >> w)) w++;
    return w;
}

/* The record of row b at width w into dst (record_bytes(b, w) bytes): only
 * reads the CRC table, so rows pack on several threads at once. */
static void pack_record(const uint32_t crc[8][256], uint32_t b, unsigned w, const uint32_t *row, unsigned char *dst)
{
    uint32_t len = b / 2 + 1;
    size_t bytes = (size_t)gr_s3file_record_bytes(b, w);
    dst[0] = (unsigned char)w;
    unsigned char *q = dst + 1;
    /* value a at bits a*w.., least significant first: a stream of bytes */
    uint64_t bits = 0;
    unsigned have = 0;
    for (uint32_t a = 0; a < len && w; a++) {
        bits |= (uint64_t)row[a] << have;   /* have < 32 and w <= 32: fits */
        have += w;
        /* four bytes at a time (one store), not a byte per step */
        if (have >= 32) put32(q, (uint32_t)bits), q += 4, bits >>= 32, have -= 32;
    }
    for (; have >= 8; have -= 8, bits >>= 8) *q++ = (unsigned char)bits;
    if (have) *q++ = (unsigned char)bits;
    put32(dst + bytes - 4, crc32_of(crc, dst, bytes - 4));
}

int gr_s3file_write_row(gr_s3file *f, const uint32_t *row, gr_error *err)
{
    struct gr_s3file_async *as = f->async;
    async_wait(f);   /* rows land in order: bands still being written go first */
    if (as && as->err_no) return gr_fail(err, GR_EINPUT, "cannot write '%s': %s", f->part, strerror(as->err_no));
    /* the bands went by offset: the stream goes on where they ended */
    if (as && as->positioned) {
        if (fseeko(f->f, as->off, SEEK_SET) != 0)
            return gr_fail(err, GR_EINPUT, "cannot write '%s': %s", f->part, strerror(errno));
        as->positioned = false;
    }
    uint32_t b = f->next;
    unsigned w = record_width(b, row);
    size_t bytes = (size_t)gr_s3file_record_bytes(b, w);
    pack_record(f->crc, b, w, row, f->buf);
    /* each whole record reaches the operating system at once: the checkpoint */
    if (fwrite(f->buf, 1, bytes, f->f) != bytes || fflush(f->f) != 0)
        return gr_fail(err, GR_EINPUT, "cannot write '%s': %s", f->part, strerror(errno));
    f->next++;
    return GR_OK;
}

/* Writes set k (count records) at off; an errno, or 0. Whole records reach
 * the operating system in order, so what a kill leaves is whole rows and at
 * most one torn one, as with stdio. */
static int write_set(struct gr_s3file_async *as, int k, uint32_t count, off_t off)
{
    struct iovec iov[64];
    const recbuf *rec = as->rec[k];
    uint32_t r = 0;
    size_t skip = 0;   /* bytes of rec[r] already written */
    while (r < count) {
        int n = 0;
        for (uint32_t q = r; q < count && n < 64; q++, n++) {
            size_t s = q == r ? skip : 0;
            iov[n].iov_base = rec[q].p + s;
            iov[n].iov_len = rec[q].len - s;
        }
        ssize_t got = pwritev(as->fd, iov, n, off);
        if (got < 0) {
            if (errno == EINTR) continue;
            return errno ? errno : EIO;
        }
        if (got == 0) return EIO;
        off += got;
        while (got > 0) {
            size_t left = rec[r].len - skip;
            if ((size_t)got >= left) got -= (ssize_t)left, r++, skip = 0;
            else skip += (size_t)got, got = 0;
        }
    }
    return 0;
}

/* After a band: writeback of what is written started every SYNC_EVERY
 * bytes without waiting for it, and the file made durable every
 * DURABLE_EVERY (the writer waits then; the computing only if four bands
 * are queued). */
static int start_writeback(struct gr_s3file_async *as, uint64_t bytes, off_t end)
{
    as->unsynced += bytes;
    as->undurable += bytes;
    if (as->unsynced < SYNC_EVERY) return 0;
    as->unsynced = 0;
#ifdef SYNC_FILE_RANGE_WRITE
    if (as->undurable < DURABLE_EVERY &&
        sync_file_range(as->fd, as->synced_to, end - as->synced_to, SYNC_FILE_RANGE_WRITE) == 0) {
        as->synced_to = end;
        return 0;
    }
#endif
    as->synced_to = end;
    as->undurable = 0;
    return fdatasync(as->fd) == 0 ? 0 : errno ? errno : EIO;
}

static void *writer_main(void *arg)
{
    struct gr_s3file_async *as = arg;
    pthread_mutex_lock(&as->mu);
    for (;;) {
        while (!as->queued && !as->quit) pthread_cond_wait(&as->wake, &as->mu);
        if (!as->queued) break;
        int k = as->whead;
        uint32_t count = as->wcount[k];
        off_t off = as->woff[k];
        bool failed = as->err_no != 0;
        pthread_mutex_unlock(&as->mu);
        double t0 = seconds();
        uint64_t bytes = 0;
        for (uint32_t r = 0; r < count; r++) bytes += as->rec[k][r].len;
        int e = failed ? 0 : write_set(as, k, count, off);
        if (!e && !failed) e = start_writeback(as, bytes, off + (off_t)bytes);
        double dt = seconds() - t0;
        pthread_mutex_lock(&as->mu);
        if (e && !as->err_no) as->err_no = e;
        as->writing_s += dt;
        as->queued--;
        as->whead = (k + 1) % NSETS;
        pthread_cond_broadcast(&as->done);
    }
    pthread_mutex_unlock(&as->mu);
    return NULL;
}

/* Waits until fewer than `most` sets are queued. */
static void queue_wait(struct gr_s3file_async *as, int most)
{
    if (!as->started) return;
    pthread_mutex_lock(&as->mu);
    if (as->queued >= most) {
        double t0 = seconds();
        while (as->queued >= most) pthread_cond_wait(&as->done, &as->mu);
        as->waited_s += seconds() - t0;
    }
    pthread_mutex_unlock(&as->mu);
}

/* Waits for every band queued, if any. */
static void async_wait(gr_s3file *f)
{
    if (f->async) queue_wait(f->async, 1);
}

int gr_s3file_band_begin(gr_s3file *f, uint32_t count, gr_error *err)
{
    if (!f->async) {
        struct gr_s3file_async *as = calloc(1, sizeof *as);
        if (!as) return gr_fail_nomem(err);
        pthread_mutex_init(&as->mu, NULL);
        pthread_cond_init(&as->wake, NULL);
        pthread_cond_init(&as->done, NULL);
        as->fd = fileno(f->f);
        f->async = as;
    }
    struct gr_s3file_async *as = f->async;
    if (count > f->n + 1 - f->next) return gr_fail(err, GR_EINTERNAL, "table file: rows past %u", f->n);
    int k = as->cur;
    if (count > as->nrec[k]) {
        recbuf *r = realloc(as->rec[k], count * sizeof *r);
        if (!r) return gr_fail_nomem(err);
        memset(r + as->nrec[k], 0, (count - as->nrec[k]) * sizeof *r);
        as->rec[k] = r;
        as->nrec[k] = count;
    }
    as->b0 = f->next;
    as->count = count;
    return GR_OK;
}

void gr_s3file_band_pack(gr_s3file *f, uint32_t r, const uint32_t *row)
{
    struct gr_s3file_async *as = f->async;
    recbuf *rb = &as->rec[as->cur][r];
    uint32_t b = as->b0 + r;
    unsigned w = record_width(b, row);
    size_t bytes = (size_t)gr_s3file_record_bytes(b, w);
    rb->len = 0;
    if (bytes > rb->cap) {
        unsigned char *p = realloc(rb->p, bytes);
        if (!p) return;   /* len 0: the band's end says so */
        rb->p = p;
        rb->cap = bytes;
    }
    pack_record(f->crc, b, w, row, rb->p);
    rb->len = bytes;
}

int gr_s3file_band_end(gr_s3file *f, gr_error *err)
{
    struct gr_s3file_async *as = f->async;
    int k = as->cur;
    uint64_t bytes = 0;
    for (uint32_t r = 0; r < as->count; r++) {
        if (!as->rec[k][r].len) return gr_fail_nomem(err);
        bytes += as->rec[k][r].len;
    }
    if (!as->positioned) {
        /* rows written one by one before (a resumed file's header, a band of one row) */
        errno = 0;
        off_t at = fflush(f->f) == 0 ? ftello(f->f) : -1;
        if (at < 0) return gr_fail(err, GR_EINPUT, "cannot write '%s': %s", f->part, strerror(errno ? errno : EIO));
        as->off = at;
        if (!as->started) as->synced_to = at;
        as->positioned = true;
    }
    if (!as->started) as->started = pthread_create(&as->th, NULL, writer_main, as) == 0;
    if (!as->started) {
        /* no thread to be had: written here */
        int e = write_set(as, k, as->count, as->off);
        if (!e) e = start_writeback(as, bytes, as->off + (off_t)bytes);
        if (e) return gr_fail(err, GR_EINPUT, "cannot write '%s': %s", f->part, strerror(e));
    } else {
        pthread_mutex_lock(&as->mu);
        as->wcount[k] = as->count;
        as->woff[k] = as->off;
        as->queued++;
        pthread_cond_signal(&as->wake);
        pthread_mutex_unlock(&as->mu);
    }
    as->off += (off_t)bytes;
    as->cur = (k + 1) % NSETS;
    f->next += as->count;
    /* the next set is packed next: it must be written first */
    queue_wait(as, NSETS);
    if (as->started) {
        pthread_mutex_lock(&as->mu);
        int e = as->err_no;
        pthread_mutex_unlock(&as->mu);
        if (e) return gr_fail(err, GR_EINPUT, "cannot write '%s': %s", f->part, strerror(e));
    }
    return GR_OK;
}

int gr_s3file_write_rows(gr_s3file *f, uint32_t count, const uint32_t *rows, size_t stride, int threads,
                         gr_error *err)
{
    int rc = gr_s3file_band_begin(f, count, err);
    if (rc) return rc;
    const long nrows = (long)count;
#ifndef _OPENMP
    (void)threads;
#endif
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) if (threads > 1)
    for (long r = 0; r < nrows; r++) gr_s3file_band_pack(f, (uint32_t)r, rows + (size_t)r * stride);
    return gr_s3file_band_end(f, err);
}

void gr_s3file_write_times(gr_s3file *f, double *waited_s, double *writing_s)
{
    async_wait(f);
    *waited_s = f->async ? f->async->waited_s : 0;
    *writing_s = f->async ? f->async->writing_s : 0;
}

int gr_s3file_commit(gr_s3file *f, gr_error *err)
{
    int rc = GR_OK;
    async_wait(f);   /* the writer's errno is read after its last band: no lock needed past the wait */
    if (f->async && f->async->err_no)
        rc = gr_fail(err, GR_EINPUT, "cannot write '%s': %s", f->part, strerror(f->async->err_no));
    if (!rc && f->next != f->n + 1) rc = gr_fail(err, GR_EINTERNAL, "table file has %u of %u rows", f->next, f->n + 1);
    if (!rc && (fflush(f->f) != 0 || fsync(fileno(f->f)) != 0))
        rc = gr_fail(err, GR_EINPUT, "cannot write '%s': %s", f->part, strerror(errno));
    if (!rc) {
        fclose(f->f);
        f->f = NULL;
        if (rename(f->part, f->path) != 0) rc = gr_fail(err, GR_EINPUT, "cannot rename to '%s': %s", f->path, strerror(errno));
    }
    release(f);
    return rc;
}

void gr_s3file_close(gr_s3file *f)
{
    release(f);
}
