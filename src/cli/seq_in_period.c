/* grundy seq --in FILE --period: the period of a stored sequence found
 * without loading it. The search is gr_period_find16's (src/analysis/
 * period.c: a rolling hash of the last values, walked back over the file,
 * and each candidate checked upwards from the middle), here over cursors
 * that each hold one block of the file, so that the memory is a few blocks
 * whatever the file's length (Grundy's game to 2^32 is 8 GiB of values).
 * Every access pattern of that search moves a cursor by one heap at a
 * time, so each block is read once per pass. The caller has checked every
 * block (checksums and bounds) in its first pass. */
#include "seq.h"
#include "grundy/period.h"
#include "grundy/seqfile.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct cursor {
    int fd;
    uint32_t block;            /* values a block */
    unsigned shift;            /* log2(block) when a power of two (the layout's 65536), else 0 */
    uint64_t at;               /* the block held; UINT64_MAX: none */
    uint16_t *v;
    bool failed;               /* a read came short: the values are zero, the answer refused */
} cursor;

static inline uint32_t value(cursor *c, uint64_t x)
{
    uint64_t b = c->shift ? x >> c->shift : x / c->block;
    if (b != c->at) {
        size_t bytes = (size_t)c->block * 2;
        off_t off = (off_t)(GR_SEQFILE_HEADER + b * ((uint64_t)c->block * 2 + 8));
        ssize_t got = pread(c->fd, c->v, bytes, off);
        /* the last block may be short: what lies past the count is never read */
        if (got <= 0) {
            c->failed = true;
            memset(c->v, 0, bytes);
        }
        c->at = b;
    }
    return c->v[c->shift ? x & (c->block - 1) : x % c->block];
}

static uint64_t inverse64(uint64_t b)
{
    uint64_t y = b;
    for (int i = 0; i < 6; i++) y *= 2 - b * y;
    return y;
}

/* As find_hashed in period.c, with g[x] read through cursors. */
static bool find(cursor *cur, uint64_t n, gr_period *out)
{
    memset(out, 0, sizeof *out);
    out->checked_to = n;
    if (n < 1) return false;
    cursor *a = &cur[0], *b = &cur[1], *x0 = &cur[2], *xq = &cur[3];
    uint64_t w = (n + 1) / 2 < 256 ? (n + 1) / 2 : 256;
    const uint64_t B = 0x100000001b3ull, Binv = inverse64(B);
    uint64_t Bw = 1;
    for (uint64_t k = 0; k < w; k++) Bw *= B;
    uint64_t want = 0;
    for (uint64_t k = n + 1 - w; k <= n; k++) want = want * B + value(a, k) + 1;
    uint64_t qmax = (n + 1) / 2;
    if (qmax > n + 1 - w) qmax = n + 1 - w;
    uint64_t h = want;
    for (uint64_t q = 1; q <= qmax; q++) {
        uint64_t e = n - q + 1;
        h = (h - (value(a, e) + 1u) + (uint64_t)(value(b, e - w) + 1u) * Bw) * Binv;
        if (h != want) continue;
        uint64_t lo = (n + 1) / 2 - q, x = lo;
        while (x + q <= n && value(x0, x) == value(xq, x + q)) x++;
        if (x + q <= n) continue;
        x = lo;
        while (x > 0 && value(xq, x - 1 + q) == value(x0, x - 1)) x--;
        out->found = true;
        out->preperiod = x;
        out->period = q;
        return true;
    }
    return false;
}

int seq_in_period(const char *path, const gr_seqfile_header *h, uint64_t count, gr_period *per, gr_octal_cert *cert,
                  gr_error *err)
{
    memset(per, 0, sizeof *per);
    memset(cert, 0, sizeof *cert);
    int fd = open(path, O_RDONLY);
    if (fd < 0) return gr_fail(err, GR_EINPUT, "cannot open %s: %s", path, strerror(errno));
    cursor cur[4];
    int rc = GR_OK;
    for (int i = 0; i < 4; i++) {
        unsigned shift = 0;
        while (shift < 31 && (1u << shift) < h->block) shift++;
        cur[i] = (cursor){fd, h->block, (1u << shift) == h->block ? shift : 0, UINT64_MAX,
                          malloc((size_t)h->block * 2), false};
        if (!cur[i].v) rc = gr_fail_nomem(err);
    }
    if (!rc) {
        find(cur, count - 1, per);
        for (int i = 0; i < 4; i++)
            if (cur[i].failed) rc = gr_fail(err, GR_EINPUT, "%s: read error (changed while read?)", path);
    }
    for (int i = 0; i < 4; i++) free(cur[i].v);
    close(fd);
    if (rc) return rc;
    gr_game game = {0};
    gr_tb_code c;
    gr_error ignored;
    gr_error_clear(&ignored);
    if (gr_game_parse(&game, h->rules, &ignored) == GR_OK) {
        if (gr_tb_code_of_heaps(&game, &c)) gr_period_octal(&c, per, cert);
        gr_game_release(&game);
    }
    return GR_OK;
}
