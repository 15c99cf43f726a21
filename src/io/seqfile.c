/* Nim-sequence files (grundy/seqfile.h): checksummed blocks, resume. */
#include "grundy/seqfile.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "sequence files are written in the machine's order, which must be little-endian"
#endif

static const unsigned char magic[8] = {'G', 'R', 'S', 'E', 'Q', 0, 0, 1};

/* A 64-bit checksum over 8-byte words (multiply and rotate), seeded so
 * that a block moved to another place does not check. */
static uint64_t checksum(const void *data, size_t len, uint64_t seed)
{
    const unsigned char *p = data;
    uint64_t h = 0x9e3779b97f4a7c15ull ^ (seed * 0xff51afd7ed558ccdull);
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    for (; i < len; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    h ^= len;
    h *= 0xc4ceb9fe1a85ec53ull;
    return h ^ (h >> 33);
}

static void pack_header(const gr_seqfile_header *h, unsigned char *buf)
{
    memset(buf, 0, GR_SEQFILE_HEADER);
    memcpy(buf, magic, 8);
    memcpy(buf + 8, &h->width, 4);
    memcpy(buf + 12, &h->block, 4);
    memcpy(buf + 16, &h->mask_given, 4);
    memcpy(buf + 20, &h->mask, 4);
    memcpy(buf + 24, &h->count, 8);
    memcpy(buf + 32, h->rules, strnlen(h->rules, GR_SEQFILE_RULES - 1));
    uint64_t c = checksum(buf, 128, 0);
    memcpy(buf + 128, &c, 8);
}

static int unpack_header(const char *path, const unsigned char *buf, gr_seqfile_header *h, gr_error *err)
{
    if (memcmp(buf, magic, 8) != 0) return gr_fail(err, GR_EINPUT, "%s is not a grundy sequence file", path);
    uint64_t c;
    memcpy(&c, buf + 128, 8);
    if (c != checksum(buf, 128, 0)) return gr_fail(err, GR_EINPUT, "%s: the header is damaged (checksum)", path);
    memset(h, 0, sizeof *h);
    memcpy(&h->width, buf + 8, 4);
    memcpy(&h->block, buf + 12, 4);
    memcpy(&h->mask_given, buf + 16, 4);
    memcpy(&h->mask, buf + 20, 4);
    memcpy(&h->count, buf + 24, 8);
    memcpy(h->rules, buf + 32, GR_SEQFILE_RULES - 1);
    if (h->width != 2 || h->block == 0 || h->block > (1u << 24))
        return gr_fail(err, GR_EINPUT, "%s: unsupported layout (width %u, block %u)", path, h->width, h->block);
    return GR_OK;
}

/* Opens a file and checks its header; *most is how many values its size
 * could hold. */
static FILE *open_checked(const char *path, gr_seqfile_header *h, uint64_t *most, uint64_t *full, uint64_t *rest,
                          gr_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        gr_fail(err, GR_EINPUT, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    unsigned char head[GR_SEQFILE_HEADER];
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || fread(head, 1, sizeof head, f) != sizeof head) {
        fclose(f);
        gr_fail(err, GR_EINPUT, "%s is too short to be a grundy sequence file", path);
        return NULL;
    }
    if (unpack_header(path, head, h, err)) {
        fclose(f);
        return NULL;
    }
    uint64_t body = (uint64_t)st.st_size - GR_SEQFILE_HEADER, bsize = (uint64_t)h->block * 2 + 8;
    *full = body / bsize;
    *rest = body % bsize;
    *most = *full * h->block + (*rest > 8 ? (*rest - 8) / 2 : 0);
    return f;
}

int gr_seqfile_peek(const char *path, gr_seqfile_header *h, uint64_t *most, gr_error *err)
{
    uint64_t full, rest;
    FILE *f = open_checked(path, h, most, &full, &rest, err);
    if (!f) return GR_EINPUT;
    fclose(f);
    return GR_OK;
}

/* Values past their bound: a file with valid checksums may still have
 * been written by something else, and the engines index by value. */
static int check_values(const char *path, const uint16_t *v, uint64_t at, uint64_t n, gr_error *err)
{
    if (at == 0 && n > 0 && v[0] != 0)
        return gr_fail(err, GR_EINPUT, "%s: G(0) is stored as %u, but a heap of 0 has no move (G(0) = 0)", path, v[0]);
    for (uint64_t k = 0; k < n; k++)
        if (v[k] > GR_SEQFILE_MAX_VALUE)
            return gr_fail(err, GR_EINPUT, "%s: G(%llu) is stored as %u, past the largest value a sequence file holds "
                           "(%u)", path, (unsigned long long)(at + k), v[k], GR_SEQFILE_MAX_VALUE);
    return GR_OK;
}

/* How many values the block at `b` holds, 0 when it does not check. It
 * holds a full block; or the values up to the header's count (a short last
 * block, with perhaps a torn write past it); or, as the file's last piece,
 * what its length says (a short last block the header does not know yet:
 * a header write that was lost). */
static uint64_t block_values(const gr_seqfile_header *h, uint64_t b, const unsigned char *buf, uint64_t avail,
                             uint64_t said)
{
    uint64_t bsize = (uint64_t)h->block * 2 + 8, stored;
    uint64_t lens[3] = {bsize, said > b * h->block && said < (b + 1) * h->block ? (said - b * h->block) * 2 + 8 : 0,
                        avail < bsize ? avail : 0};
    for (int k = 0; k < 3; k++) {
        uint64_t len = lens[k];
        if (len <= 8 || len > avail || (len - 8) % 2 != 0) continue;
        memcpy(&stored, buf + len - 8, 8);
        if (stored == checksum(buf, len - 8, b)) return (len - 8) / 2;
    }
    return 0;
}

int gr_seqfile_read_each(const char *path, gr_seqfile_header *h, uint64_t room, bool torn_ok, bool *torn,
                         gr_seqfile_sink put, void *ctx, gr_error *err)
{
    if (torn) *torn = false;
    uint64_t most, full, rest;
    FILE *f = open_checked(path, h, &most, &full, &rest, err);
    if (!f) return GR_EINPUT;
    uint64_t bsize = (uint64_t)h->block * 2 + 8, body = full * bsize + rest, said = h->count;
    /* A reader takes what the header commits; a resume all that checks. */
    uint64_t want = torn_ok ? most : said;
    if (!torn_ok && said > most) {
        fclose(f);
        return gr_fail(err, GR_EINPUT, "%s: the header says %llu values but the file holds at most %llu (truncated?)",
                       path, (unsigned long long)said, (unsigned long long)most);
    }
    if (want > room) {
        fclose(f);
        return gr_fail(err, GR_EINPUT, "%s: %llu values do not fit the %llu slots given", path,
                       (unsigned long long)want, (unsigned long long)room);
    }
    unsigned char *buf = malloc(bsize);
    if (!buf) {
        fclose(f);
        return gr_fail_nomem(err);
    }
    int rc = GR_OK;
    uint64_t count = 0;
    for (uint64_t b = 0; (torn_ok || count < want) && b * bsize < body; b++) {
        uint64_t avail = body - b * bsize < bsize ? body - b * bsize : bsize;
        if (fread(buf, 1, avail, f) != avail) {
            rc = gr_fail(err, GR_EINPUT, "%s: read error in block %llu", path, (unsigned long long)b);
            break;
        }
        uint64_t n = block_values(h, b, buf, avail, said);
        if (n == 0) {
            if (b == full && torn_ok) {   /* a write cut short by a kill */
                if (torn) *torn = true;
                break;
            }
            rc = gr_fail(err, GR_EINPUT, "%s: block %llu (heaps %llu..) is %s", path, (unsigned long long)b,
                         (unsigned long long)(b * h->block), b == full ? "truncated" : "damaged (checksum)");
            break;
        }
        /* Bytes past a short block: a torn write after the commit. */
        if (n < h->block && torn && n * 2 + 8 < body - b * bsize) *torn = true;
        uint64_t take = n < want - count ? n : want - count;
        /* The buffer is malloc'd, so aligned for 16-bit values. */
        const uint16_t *v = (const uint16_t *)(const void *)buf;
        if ((rc = check_values(path, v, count, take, err)) || (rc = put(ctx, v, count, take, err))) break;
        count += take;
        if (n < h->block) break;   /* a short block is the last */
    }
    free(buf);
    fclose(f);
    if (!rc && !torn_ok && count != said)
        rc = gr_fail(err, GR_EINPUT, "%s holds %llu values but its header says %llu (an unfinished run?)", path,
                     (unsigned long long)count, (unsigned long long)said);
    if (!rc) h->count = count;
    return rc;
}

/* ---------------------------------------------------- random access */

/* Blocks kept: a walk over a heap's splits reads one part upward and the
 * other downward, so two in use and two more for the heaps around. */
#define KEEP 4

struct gr_seqfile_reader {
    FILE *f;
    char *path;
    gr_seqfile_header h;
    uint64_t body;             /* bytes past the header */
    uint64_t block[KEEP];      /* which block a slot holds, plus one (0: none) */
    unsigned char *buf[KEEP];  /* its bytes as stored (values, then checksum) */
    unsigned next;             /* the slot read into next (round robin) */
};

void gr_seqfile_reader_free(gr_seqfile_reader *r)
{
    if (!r) return;
    if (r->f) fclose(r->f);
    for (int k = 0; k < KEEP; k++) free(r->buf[k]);
    free(r->path);
    free(r);
}

const gr_seqfile_header *gr_seqfile_reader_header(const gr_seqfile_reader *r)
{
    return &r->h;
}

gr_seqfile_reader *gr_seqfile_open(const char *path, gr_seqfile_header *h, gr_error *err)
{
    gr_seqfile_reader *r = calloc(1, sizeof *r);
    if (!r || !(r->path = strdup(path))) {
        free(r);
        gr_fail_nomem(err);
        return NULL;
    }
    uint64_t most, full, rest;
    if (!(r->f = open_checked(path, &r->h, &most, &full, &rest, err))) {
        gr_seqfile_reader_free(r);
        return NULL;
    }
    r->body = full * ((uint64_t)r->h.block * 2 + 8) + rest;
    if (r->h.count > most) {
        gr_fail(err, GR_EINPUT, "%s: the header says %llu values but the file holds at most %llu (truncated?)", path,
                (unsigned long long)r->h.count, (unsigned long long)most);
        gr_seqfile_reader_free(r);
        return NULL;
    }
    *h = r->h;
    return r;
}

/* Reads block b into slot k and checks it: its checksum, and its values
 * within the count against their bounds. */
static int load_block(gr_seqfile_reader *r, unsigned k, uint64_t b, gr_error *err)
{
    const gr_seqfile_header *h = &r->h;
    uint64_t bsize = (uint64_t)h->block * 2 + 8, at = b * bsize, first = b * h->block;
    r->block[k] = 0;
    if (!r->buf[k] && !(r->buf[k] = malloc(bsize))) return gr_fail_nomem(err);
    uint64_t avail = r->body - at < bsize ? r->body - at : bsize;
    ssize_t got = pread(fileno(r->f), r->buf[k], avail, (off_t)(GR_SEQFILE_HEADER + at));
    if (got < 0 || (uint64_t)got != avail)
        return gr_fail(err, GR_EINPUT, "%s: read error in block %llu", r->path, (unsigned long long)b);
    uint64_t n = block_values(h, b, r->buf[k], avail, h->count), want = h->count - first;
    if (want > h->block) want = h->block;
    if (n < want)
        return gr_fail(err, GR_EINPUT, "%s: block %llu (heaps %llu..) is %s", r->path, (unsigned long long)b,
                       (unsigned long long)first, n ? "truncated" : "damaged (checksum)");
    /* The buffer is malloc'd, so aligned for 16-bit values. */
    int rc = check_values(r->path, (const uint16_t *)(const void *)r->buf[k], first, want, err);
    if (rc) return rc;
    r->block[k] = b + 1;
    return GR_OK;
}

int gr_seqfile_at(gr_seqfile_reader *r, uint64_t x, uint16_t *value, gr_error *err)
{
    if (x >= r->h.count)
        return gr_fail(err, GR_EINPUT, "%s holds G(0..%llu); heap %llu is past it", r->path,
                       (unsigned long long)(r->h.count ? r->h.count - 1 : 0), (unsigned long long)x);
    uint64_t b = x / r->h.block, i = x % r->h.block;
    unsigned k = 0;
    while (k < KEEP && r->block[k] != b + 1) k++;
    if (k == KEEP) {
        k = r->next;
        r->next = (r->next + 1) % KEEP;
        int rc = load_block(r, k, b, err);
        if (rc) return rc;
    }
    memcpy(value, r->buf[k] + i * 2, 2);
    return GR_OK;
}

static int copy_block(void *ctx, const uint16_t *v, uint64_t at, uint64_t n, gr_error *err)
{
    (void)err;
    memcpy((uint16_t *)ctx + at, v, n * sizeof *v);
    return GR_OK;
}

int gr_seqfile_read(const char *path, gr_seqfile_header *h, uint16_t **values, uint64_t reserve, bool torn_ok,
                    bool *torn, gr_error *err)
{
    *values = NULL;
    uint64_t most;
    int rc = gr_seqfile_peek(path, h, &most, err);
    if (rc) return rc;
    uint64_t take = torn_ok || h->count > most ? most : h->count, room = take > reserve ? take : reserve;
    uint16_t *g = malloc((room ? room : 1) * sizeof *g);
    if (!g) return gr_fail_nomem(err);
    rc = gr_seqfile_read_each(path, h, room, torn_ok, torn, copy_block, g, err);
    if (rc) free(g);
    else *values = g;
    return rc;
}

static int write_header(gr_seqfile *w)
{
    unsigned char buf[GR_SEQFILE_HEADER];
    pack_header(&w->h, buf);
    return fseeko(w->f, 0, SEEK_SET) != 0 || fwrite(buf, 1, sizeof buf, w->f) != sizeof buf ? -1 : 0;
}

/* What is on disk is now the commit a failed write goes back to. */
static void keep(gr_seqfile *w, const uint16_t *tail)
{
    w->kept = w->h;
    uint64_t n = w->h.count % w->h.block;
    if (n && tail && w->tail && tail != w->tail) memcpy(w->tail, tail, n * sizeof *tail);
    if (n && (!tail || !w->tail)) w->kept.count -= n;   /* no copy of the short block: the full blocks */
}

/* After a failed write: the file as the last header said, through a
 * descriptor of its own (the stream's buffer may hold what failed). The
 * blocks past the commit are cut off first, which frees the space the
 * short last block needs. */
static int put_back(gr_seqfile *w)
{
    if (w->f) fclose(w->f);   /* its error is the one being reported */
    w->f = NULL;
    int fd = open(w->path, O_WRONLY);
    if (fd < 0) return -1;
    const gr_seqfile_header *k = &w->kept;
    uint64_t full = k->count / k->block, n = k->count % k->block;
    off_t end = (off_t)(GR_SEQFILE_HEADER + full * ((uint64_t)k->block * 2 + 8));
    unsigned char head[GR_SEQFILE_HEADER];
    pack_header(k, head);
    bool ok = ftruncate(fd, end) == 0;
    if (ok && n) {
        uint64_t cs = checksum(w->tail, n * 2, full);
        ok = pwrite(fd, w->tail, n * 2, end) == (ssize_t)(n * 2) && pwrite(fd, &cs, 8, end + (off_t)(n * 2)) == 8;
    }
    ok = ok && pwrite(fd, head, sizeof head, 0) == (ssize_t)sizeof head && fsync(fd) == 0;
    int saved = errno;
    close(fd);
    errno = saved;
    return ok ? 0 : -1;
}

/* A write failed with errno `why`: the message names the reason and what
 * the file holds now. */
static int write_failed(gr_seqfile *w, const char *what, int why, gr_error *err)
{
    const char *path = w->path ? w->path : "the sequence file";
    if (w->path && put_back(w) == 0) {
        char held[64] = "no values yet";
        if (w->kept.count) snprintf(held, sizeof held, "G(0..%llu)", (unsigned long long)w->kept.count - 1);
        return gr_fail(err, GR_EINPUT, "cannot write %s of %s: %s; the file is left as it was, with %s (the same "
                       "command resumes it)", what, path, strerror(why), held);
    }
    int again = errno;
    return gr_fail(err, GR_EINPUT, "cannot write %s of %s: %s (and putting it back failed: %s; the same command "
                   "resumes it)", what, path, strerror(why), strerror(again));
}

static int start_writer(gr_seqfile *w, const char *path, const gr_seqfile_header *h, gr_error *err)
{
    memset(w, 0, sizeof *w);
    w->h = *h;
    w->path = strdup(path);
    w->tail = malloc((size_t)h->block * sizeof *w->tail);
    if (!w->path || !w->tail) {
        free(w->path);
        free(w->tail);
        w->path = NULL;
        w->tail = NULL;
        return gr_fail_nomem(err);
    }
    return GR_OK;
}

/* A writer that failed to open gives back what it took (a caller may
 * still close it: harmless). */
static int drop(gr_seqfile *w, int rc)
{
    if (w->f) fclose(w->f);
    free(w->path);
    free(w->tail);
    free(w->wide);
    memset(w, 0, sizeof *w);
    return rc;
}

int gr_seqfile_create(gr_seqfile *w, const char *path, const gr_seqfile_header *h, gr_error *err)
{
    int rc = start_writer(w, path, h, err);
    if (rc) return rc;
    w->h.count = 0;
    w->f = fopen(path, "wbx");
    if (!w->f) return drop(w, gr_fail(err, GR_EINPUT, "cannot create %s: %s", path, strerror(errno)));
    if (write_header(w) != 0 || fflush(w->f) != 0)
        return drop(w, gr_fail(err, GR_EINPUT, "cannot write %s: %s", path, strerror(errno)));
    keep(w, NULL);
    return GR_OK;
}

bool gr_seqfile_stub(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    unsigned char buf[GR_SEQFILE_HEADER];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    return n < sizeof buf && memcmp(buf, magic, n < 8 ? n : 8) == 0;
}

int gr_seqfile_reopen(gr_seqfile *w, const char *path, const gr_seqfile_header *h, uint64_t have, gr_error *err)
{
    int rc = start_writer(w, path, h, err);
    if (rc) return rc;
    uint64_t full = have / h->block, n = have % h->block, bsize = (uint64_t)h->block * 2 + 8;
    w->written = full * h->block;
    w->h.count = have;
    w->f = fopen(path, "r+b");
    if (!w->f) return drop(w, gr_fail(err, GR_EINPUT, "cannot open %s for writing: %s", path, strerror(errno)));
    /* The short last block, read again: it is the commit until the next
     * header, and the next full block is written over it. */
    off_t at = (off_t)(GR_SEQFILE_HEADER + full * bsize);
    if (n && (fseeko(w->f, at, SEEK_SET) != 0 || fread(w->tail, 2, n, w->f) != n))
        return drop(w, gr_fail(err, GR_EINPUT, "cannot read %s again: %s", path, strerror(errno)));
    off_t end = at + (off_t)(n ? n * 2 + 8 : 0);
    if (fflush(w->f) != 0 || ftruncate(fileno(w->f), end) != 0)
        return drop(w, gr_fail(err, GR_EINPUT, "cannot cut %s back to its last whole block: %s", path,
                               strerror(errno)));
    /* The header says what the file holds, whatever the last run managed
     * to write of it. */
    if (write_header(w) != 0 || fflush(w->f) != 0)
        return drop(w, gr_fail(err, GR_EINPUT, "cannot write the header of %s: %s", path, strerror(errno)));
    keep(w, w->tail);
    return GR_OK;
}

static int put_block(gr_seqfile *w, const void *g, unsigned width, uint64_t n, gr_error *err)
{
    const uint16_t *v = g;
    if (width == 1) {
        if (!w->wide && !(w->wide = malloc((size_t)w->h.block * sizeof *w->wide))) return gr_fail_nomem(err);
        for (uint64_t k = 0; k < n; k++) w->wide[k] = ((const uint8_t *)g)[k];
        v = w->wide;
    }
    uint64_t index = w->written / w->h.block, cs = checksum(v, n * 2, index);
    off_t at = (off_t)(GR_SEQFILE_HEADER + index * ((uint64_t)w->h.block * 2 + 8));
    if (fseeko(w->f, at, SEEK_SET) != 0 || fwrite(v, 2, n, w->f) != n || fwrite(&cs, 8, 1, w->f) != 1) {
        char what[64];
        snprintf(what, sizeof what, "block %llu", (unsigned long long)index);
        return write_failed(w, what, errno, err);
    }
    return GR_OK;
}

int gr_seqfile_sync(gr_seqfile *w, const void *g, unsigned width, uint64_t count, uint32_t mask, bool final,
                    gr_error *err)
{
    int rc;
    const char *bytes = g;
    if (!w->f) return gr_fail(err, GR_EINTERNAL, "the sequence file is closed after a failed write");
    while (count - w->written >= w->h.block) {
        if ((rc = put_block(w, bytes + w->written * width, width, w->h.block, err))) return rc;
        w->written += w->h.block;
    }
    uint64_t n = count - w->written;
    if (final && n > 0 && (rc = put_block(w, bytes + w->written * width, width, n, err))) return rc;
    w->h.count = final ? count : w->written;
    w->h.mask = mask;
    /* Blocks first, then the header: the header commits them. */
    if (fflush(w->f) != 0) return write_failed(w, "blocks", errno, err);
    if (write_header(w) != 0 || fflush(w->f) != 0) return write_failed(w, "the header", errno, err);
    if (final && n > 0) {
        if (width == 1) {
            for (uint64_t k = 0; k < n; k++) w->tail[k] = ((const uint8_t *)g)[w->written + k];
            keep(w, w->tail);
        } else {
            keep(w, (const uint16_t *)(const void *)(bytes + w->written * 2));
        }
    } else {
        keep(w, NULL);
    }
    return GR_OK;
}

int gr_seqfile_close(gr_seqfile *w, gr_error *err)
{
    free(w->wide);
    free(w->path);
    free(w->tail);
    w->wide = w->tail = NULL;
    w->path = NULL;
    if (!w->f) return GR_OK;
    int bad = fclose(w->f) != 0;
    w->f = NULL;
    return bad ? gr_fail(err, GR_EINPUT, "cannot close the sequence file: %s", strerror(errno)) : GR_OK;
}
