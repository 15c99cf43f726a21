/* Nim-sequence files (grundy/seqfile.h): checksummed blocks, resume. */
#include "grundy/seqfile.h"
#include <errno.h>
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

int gr_seqfile_read_each(const char *path, gr_seqfile_header *h, uint64_t room, bool torn_ok, bool *torn,
                         gr_seqfile_sink put, void *ctx, gr_error *err)
{
    if (torn) *torn = false;
    uint64_t most, full, rest;
    FILE *f = open_checked(path, h, &most, &full, &rest, err);
    if (!f) return GR_EINPUT;
    uint64_t bsize = (uint64_t)h->block * 2 + 8;
    if (most > room) {
        fclose(f);
        return gr_fail(err, GR_EINPUT, "%s: %llu values do not fit the %llu slots given", path,
                       (unsigned long long)most, (unsigned long long)room);
    }
    unsigned char *buf = malloc(bsize);
    if (!buf) {
        fclose(f);
        return gr_fail_nomem(err);
    }
    int rc = GR_OK;
    uint64_t count = 0;
    for (uint64_t b = 0; b <= full && !rc; b++) {
        uint64_t len = b < full ? bsize : rest;
        if (len == 0) break;
        if (fread(buf, 1, len, f) != len) {
            rc = gr_fail(err, GR_EINPUT, "%s: read error in block %llu", path, (unsigned long long)b);
            break;
        }
        bool ok = len > 8 && (len - 8) % 2 == 0;
        uint64_t stored = 0;
        if (ok) {
            memcpy(&stored, buf + len - 8, 8);
            ok = stored == checksum(buf, len - 8, b);
        }
        if (!ok) {
            if (b == full && torn_ok) {   /* a write cut short by a kill */
                if (torn) *torn = true;
                break;
            }
            rc = gr_fail(err, GR_EINPUT, "%s: block %llu (heaps %llu..) is %s", path, (unsigned long long)b,
                         (unsigned long long)(b * h->block), b == full ? "truncated" : "damaged (checksum)");
            break;
        }
        /* The buffer is malloc'd, so aligned for 16-bit values. */
        if ((rc = put(ctx, (const uint16_t *)(const void *)buf, count, (len - 8) / 2, err))) break;
        count += (len - 8) / 2;
    }
    free(buf);
    fclose(f);
    if (!rc && !torn_ok && count != h->count)
        rc = gr_fail(err, GR_EINPUT, "%s holds %llu values but its header says %llu (an unfinished run?)", path,
                     (unsigned long long)count, (unsigned long long)h->count);
    if (!rc) h->count = count;
    return rc;
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
    uint64_t room = most > reserve ? most : reserve;
    uint16_t *g = malloc((room ? room : 1) * sizeof *g);
    if (!g) return gr_fail_nomem(err);
    rc = gr_seqfile_read_each(path, h, room, torn_ok, torn, copy_block, g, err);
    if (rc) free(g);
    else *values = g;
    return rc;
}

static int write_header(gr_seqfile *w, gr_error *err)
{
    unsigned char buf[GR_SEQFILE_HEADER];
    pack_header(&w->h, buf);
    if (fseeko(w->f, 0, SEEK_SET) != 0 || fwrite(buf, 1, sizeof buf, w->f) != sizeof buf)
        return gr_fail(err, GR_EINPUT, "cannot write the header: %s", strerror(errno));
    return GR_OK;
}

int gr_seqfile_create(gr_seqfile *w, const char *path, const gr_seqfile_header *h, gr_error *err)
{
    memset(w, 0, sizeof *w);
    w->h = *h;
    w->h.count = 0;
    w->f = fopen(path, "wbx");
    if (!w->f) return gr_fail(err, GR_EINPUT, "cannot create %s: %s", path, strerror(errno));
    int rc = write_header(w, err);
    if (!rc && fflush(w->f) != 0) rc = gr_fail(err, GR_EINPUT, "cannot write %s: %s", path, strerror(errno));
    return rc;
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

int gr_seqfile_reopen(gr_seqfile *w, const char *path, const gr_seqfile_header *h, uint64_t written, gr_error *err)
{
    memset(w, 0, sizeof *w);
    w->h = *h;
    w->written = written;
    w->f = fopen(path, "r+b");
    if (!w->f) return gr_fail(err, GR_EINPUT, "cannot open %s for writing: %s", path, strerror(errno));
    uint64_t end = GR_SEQFILE_HEADER + written / h->block * ((uint64_t)h->block * 2 + 8);
    if (fflush(w->f) != 0 || ftruncate(fileno(w->f), (off_t)end) != 0)
        return gr_fail(err, GR_EINPUT, "cannot cut %s back to its last full block: %s", path, strerror(errno));
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
    if (fseeko(w->f, at, SEEK_SET) != 0 || fwrite(v, 2, n, w->f) != n || fwrite(&cs, 8, 1, w->f) != 1)
        return gr_fail(err, GR_EINPUT, "cannot write block %llu: %s", (unsigned long long)index, strerror(errno));
    return GR_OK;
}

int gr_seqfile_sync(gr_seqfile *w, const void *g, unsigned width, uint64_t count, uint32_t mask, bool final,
                    gr_error *err)
{
    int rc;
    const char *bytes = g;
    while (count - w->written >= w->h.block) {
        if ((rc = put_block(w, bytes + w->written * width, width, w->h.block, err))) return rc;
        w->written += w->h.block;
    }
    if (final && count > w->written &&
        (rc = put_block(w, bytes + w->written * width, width, count - w->written, err)))
        return rc;
    w->h.count = final ? count : w->written;
    w->h.mask = mask;
    if ((rc = write_header(w, err))) return rc;
    if (fflush(w->f) != 0) return gr_fail(err, GR_EINPUT, "cannot write: %s", strerror(errno));
    return GR_OK;
}

int gr_seqfile_close(gr_seqfile *w, gr_error *err)
{
    free(w->wide);
    w->wide = NULL;
    if (!w->f) return GR_OK;
    int bad = fclose(w->f) != 0;
    w->f = NULL;
    return bad ? gr_fail(err, GR_EINPUT, "cannot close the sequence file: %s", strerror(errno)) : GR_OK;
}
