/* The random-access reader of sequence files (gr_seqfile_open/at): every
 * value read back from a file whose heaps span several blocks and a short
 * last one, in any order; a heap past the count, a damaged block (refused
 * when read, its neighbours still answered) and a truncated file. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "grundy/seqfile.h"

static char *temp_path(void)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/grundy-test-seqreader-%d.grs", (int)getpid());
    unlink(path);
    return path;
}

/* Any values a file may hold: G(0) = 0, none past GR_SEQFILE_MAX_VALUE. */
static uint16_t value_at(uint64_t x)
{
    return x ? (uint16_t)((x * 2654435761u >> 7) % (GR_SEQFILE_MAX_VALUE + 1)) : 0;
}

static uint64_t write_file(const char *path)
{
    uint64_t n = 3 * GR_SEQFILE_BLOCK + 1234;
    uint16_t *g = malloc(n * sizeof *g);
    cr_assert(g);
    for (uint64_t x = 0; x < n; x++) g[x] = value_at(x);
    gr_error err;
    gr_error_clear(&err);
    gr_seqfile_header h = {.rules = "tb:0.16", .width = 2, .block = GR_SEQFILE_BLOCK, .mask_given = 0};
    gr_seqfile w;
    cr_assert_eq(gr_seqfile_create(&w, path, &h, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_seqfile_sync(&w, g, 2, n, 0xff, true, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_seqfile_close(&w, &err), 0);
    free(g);
    return n;
}

Test(seqfile_reader, every_value_in_any_order)
{
    const char *path = temp_path();
    uint64_t n = write_file(path);
    gr_error err;
    gr_error_clear(&err);
    gr_seqfile_header h;
    gr_seqfile_reader *r = gr_seqfile_open(path, &h, &err);
    cr_assert(r, "%s", err.msg);
    cr_assert_eq(h.count, n);
    cr_assert_str_eq(h.rules, "tb:0.16");
    uint16_t v;
    /* upward and downward at once (a heap's splits), then jumps between blocks */
    for (uint64_t x = 0; x < n; x++) {
        cr_assert_eq(gr_seqfile_at(r, x, &v, &err), 0, "%s", err.msg);
        cr_assert_eq(v, value_at(x), "G(%llu)", (unsigned long long)x);
        uint64_t y = n - 1 - x;
        cr_assert_eq(gr_seqfile_at(r, y, &v, &err), 0, "%s", err.msg);
        cr_assert_eq(v, value_at(y), "G(%llu)", (unsigned long long)y);
    }
    uint64_t x = 12345;
    for (int k = 0; k < 10000; k++) {
        x = (x * 6364136223846793005ull + 1442695040888963407ull);
        uint64_t y = (x >> 20) % n;
        cr_assert_eq(gr_seqfile_at(r, y, &v, &err), 0, "%s", err.msg);
        cr_assert_eq(v, value_at(y), "G(%llu)", (unsigned long long)y);
    }
    /* past the count: the file's extent in one line */
    cr_assert_eq(gr_seqfile_at(r, n, &v, &err), GR_EINPUT);
    char want[128];
    snprintf(want, sizeof want, "holds G(0..%llu); heap %llu is past it", (unsigned long long)(n - 1),
             (unsigned long long)n);
    cr_assert(strstr(err.msg, want), "%s", err.msg);
    gr_seqfile_reader_free(r);
    unlink(path);
}

Test(seqfile_reader, damaged_block_refused_when_read)
{
    const char *path = temp_path();
    uint64_t n = write_file(path);
    FILE *f = fopen(path, "r+b");
    cr_assert(f);
    fseek(f, GR_SEQFILE_HEADER + (GR_SEQFILE_BLOCK * 2 + 8) + 1000, SEEK_SET);
    fputc(0x5a ^ (int)(value_at(GR_SEQFILE_BLOCK + 500) & 0xff), f);
    fclose(f);
    gr_error err;
    gr_error_clear(&err);
    gr_seqfile_header h;
    gr_seqfile_reader *r = gr_seqfile_open(path, &h, &err);
    cr_assert(r, "%s", err.msg);
    uint16_t v;
    /* the blocks around it still answer */
    cr_assert_eq(gr_seqfile_at(r, 7, &v, &err), 0, "%s", err.msg);
    cr_assert_eq(v, value_at(7));
    cr_assert_eq(gr_seqfile_at(r, n - 1, &v, &err), 0, "%s", err.msg);
    cr_assert_eq(v, value_at(n - 1));
    cr_assert_eq(gr_seqfile_at(r, GR_SEQFILE_BLOCK + 3, &v, &err), GR_EINPUT);
    cr_assert(strstr(err.msg, "block 1 (heaps 65536..) is damaged (checksum)"), "%s", err.msg);
    cr_assert(!strchr(err.msg, '\n'));
    /* ... every time it is asked, not only the first */
    gr_error_clear(&err);
    cr_assert_eq(gr_seqfile_at(r, 2 * GR_SEQFILE_BLOCK - 1, &v, &err), GR_EINPUT);
    cr_assert(strstr(err.msg, "damaged"), "%s", err.msg);
    gr_seqfile_reader_free(r);

    /* cut inside the last block: the header's count is not there */
    cr_assert_eq(truncate(path, GR_SEQFILE_HEADER + 3 * (GR_SEQFILE_BLOCK * 2 + 8) + 100), 0);
    gr_error_clear(&err);
    cr_assert_null(gr_seqfile_open(path, &h, &err));
    cr_assert_eq(err.code, GR_EINPUT);
    cr_assert(strstr(err.msg, "truncated"), "%s", err.msg);
    unlink(path);
}

Test(seqfile_reader, not_a_file)
{
    gr_error err;
    gr_error_clear(&err);
    gr_seqfile_header h;
    cr_assert_null(gr_seqfile_open("/tmp/grundy-test-seqreader-none", &h, &err));
    cr_assert(strstr(err.msg, "cannot open"), "%s", err.msg);
}
