/* The fast three-pile Sharing Nim table against the simple one, the table
 * file and its resume, and seed 000's lists (issue 3). */
#include <criterion/criterion.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "grundy/s3file.h"
#include "grundy/api.h"
#include "grundy/s3stats.h"
#include "grundy/sharing3.h"
#include "grundy/sharing3_fast.h"
#include "grundy/sharing3_slice.h"
#include "test_scale.h"

static gr_s3table simple_to(uint32_t n)
{
    gr_s3table t;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_s3table_simple(&t, n, &err), 0);
    return t;
}

/* Every N up to 300: the state is sized by N, so each N is its own run. */
Test(sharing3_fast, equals_simple_every_n_to_300)
{
    gr_s3table s = simple_to(300);
    gr_error err;
    gr_error_clear(&err);
    for (uint32_t n = 0; n <= 300; n++) {
        gr_s3table f;
        cr_assert_eq(gr_s3table_fast(&f, n, &err), 0);
        for (uint32_t b = 0; b <= n; b++)
            for (uint32_t a = 0; a <= b; a++)
                cr_assert_eq(gr_s3table_get(&f, a, b), gr_s3table_get(&s, a, b), "N=%u: G(0,%u,%u)", n, a, b);
        gr_s3table_free(&f);
    }
    gr_s3table_free(&s);
}

/* The table to n in a fixed mode: 1 and 2 rows in step on that many
 * threads, 3 and 4 strips on one and two threads. */
static gr_s3table fast_threads(uint32_t n, int mode)
{
    gr_error err;
    gr_error_clear(&err);
    gr_s3fast *st;
    cr_assert_eq(gr_s3fast_new(&st, n, &err), 0);
    if (mode <= 2) gr_s3fast_set_rows(st, mode);
    else gr_s3fast_set_threads(st, mode - 2);
    gr_s3table t = {n, malloc(gr_s3table_index(0, n + 1) * sizeof(uint32_t))};
    cr_assert_not_null(t.v);
    cr_assert_eq(gr_s3fast_rows(st, n + 1, gr_s3table_put_row, &t), 0);
    cr_assert_eq(gr_s3fast_next(st), n + 1);
    gr_s3fast_free(st);
    return t;
}

/* Larger N, by rows and by strips, on one thread and on two. */
Test(sharing3_fast, equals_simple_larger_n)
{
    uint32_t top = 760;
    gr_s3table s = simple_to(top);
    srand(3);
    uint32_t ns[4] = {512, 513, 0, top};
    ns[2] = 514 + (uint32_t)(rand() % (int)(top - 514));
    for (int i = 0; i < 4; i++)
        for (int mode = 1; mode <= 4; mode++) {
            gr_s3table f = fast_threads(ns[i], mode);
            cr_assert_eq(memcmp(f.v, s.v, gr_s3table_index(0, ns[i] + 1) * sizeof *f.v), 0, "N=%u, mode %d",
                         ns[i], mode);
            gr_s3table_free(&f);
        }
    gr_s3table_free(&s);
}

Test(sharing3_fast, rows_one_at_a_time_equal_rows_together)
{
    gr_error err;
    gr_error_clear(&err);
    gr_s3table f;
    cr_assert_eq(gr_s3table_fast(&f, 600, &err), 0);
    gr_s3fast *st;
    cr_assert_eq(gr_s3fast_new(&st, 600, &err), 0);
    uint32_t row[301];
    for (uint32_t b = 0; b <= 600; b++) {
        cr_assert_eq(gr_s3fast_next(st), b);
        gr_s3fast_row(st, row);
        for (uint32_t a = 0; a <= b / 2; a++) cr_assert_eq(row[a], gr_s3table_get(&f, a, b));
    }
    gr_s3fast_free(st);
    gr_s3table_free(&f);
}

/* OEIS A271620 (offset 0): G(0,0,n). */
Test(sharing3_fast, row0_is_a271620)
{
    static const uint32_t a271620[] = {0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 12, 0,
                                       1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0,
                                       0, 0, 1, 0, 4, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0,
                                       1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0,
                                       2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 2};
    size_t n = sizeof a271620 / sizeof a271620[0];
    gr_error err;
    gr_s3table f;
    cr_assert_eq(gr_s3table_fast(&f, (uint32_t)n - 1, &err), 0);
    for (size_t b = 0; b < n; b++) cr_assert_eq(gr_s3table_get(&f, 0, (uint32_t)b), a271620[b], "n=%zu", b);
    gr_s3table_free(&f);
}

static gr_s3stats *stats_to(uint32_t n)
{
    gr_error err;
    gr_error_clear(&err);
    uint32_t gs[] = {2, 3};
    gr_s3stats *s;
    cr_assert_eq(gr_s3stats_new(&s, n, gs, 2, 4, &err), 0);
    gr_s3fast *st;
    cr_assert_eq(gr_s3fast_new(&st, n, &err), 0);
    uint32_t *row = malloc((n / 2 + 1) * sizeof *row);
    for (uint32_t b = 0; b <= n; b++) {
        gr_s3fast_row(st, row);
        gr_s3stats_row(s, b, row);
    }
    free(row);
    gr_s3fast_free(st);
    return s;
}

/* Seed 000, section S.Dis: the lists of the b < 300 with G(0,a,b) = g for
 * g = 2, 3 and a = 0..3 are the claims 000/text-dis-g2 and -g3, checked
 * against these statistics in tests/test_claims000_scale.c (the paper's
 * data lives once, in src/claims/seed000_scale.c). The sentence around the
 * g = 3 list says 3-positions have a <= 3; that is false: G(0,4,8) = 3. */
Test(sharing3_fast, paper_rows_g2_g3)
{
    gr_s3stats *s = stats_to(299);
    uint32_t at;
    cr_assert_eq(gr_s3stats_value_max_row(s, 2, &at), 3);   /* "2-positions have a <= 3": true */
    cr_assert_eq(at, 23);
    cr_assert_eq(gr_s3stats_value_max_row(s, 3, &at), 4);   /* "3-positions have a <= 3": false */
    cr_assert_eq(at, 8);
    gr_s3stats_free(s);
}

/* The bounds the paper gives "up to b = 200" for g = 4..10; the truth. */
Test(sharing3_fast, max_row_per_value_to_200)
{
    gr_s3stats *s = stats_to(200);
    /* paper: 6, 6, 7, 9, 12, 11, 13 */
    static const long truth[] = {6, 6, 7, 9, 12, 11, 13};
    for (uint32_t g = 4; g <= 10; g++)
        cr_expect_eq(gr_s3stats_value_max_row(s, g, NULL), truth[g - 4], "g=%u: max a %ld", g,
                     gr_s3stats_value_max_row(s, g, NULL));
    gr_s3stats_free(s);
}

Test(sharing3_fast, theorem_p_to_1500)
{
    gr_s3stats *s = stats_to(1500);
    cr_assert_eq(gr_s3stats_p_mismatches(s), 0);
    gr_s3stats_free(s);
}

/* ---- the table file ---- */

static int feed(void *ctx, uint32_t b, const uint32_t *row, gr_error *err)
{
    (void)b;
    (void)err;
    gr_s3fast_feed(ctx, row);
    return 0;
}

/* Writes the table to n into path, resuming whatever path.part holds. */
static void write_table(const char *path, uint32_t n)
{
    gr_error err;
    gr_error_clear(&err);
    gr_s3fast *st;
    cr_assert_eq(gr_s3fast_new(&st, n, &err), 0);
    gr_s3file f;
    cr_assert_eq(gr_s3file_open_write(&f, path, n, feed, st, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_s3fast_next(st), f.next);
    uint32_t *row = malloc((n / 2 + 1) * sizeof *row);
    while (f.next <= n) {
        gr_s3fast_row(st, row);
        cr_assert_eq(gr_s3file_write_row(&f, row, &err), 0);
    }
    cr_assert_eq(gr_s3file_commit(&f, &err), 0, "%s", err.msg);
    free(row);
    gr_s3fast_free(st);
}

static char *slurp(const char *path, long *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f);
    fseek(f, 0, SEEK_END);
    *len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = malloc((size_t)*len + 1);
    cr_assert_eq(fread(p, 1, (size_t)*len, f), (size_t)*len);
    fclose(f);
    return p;
}

static void spit(const char *path, const char *p, long len)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    cr_assert_eq(fwrite(p, 1, (size_t)len, f), (size_t)len);
    fclose(f);
}

Test(s3file, round_trip_and_resume_byte_identical)
{
    char dir[] = "/tmp/grundy-s3file-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char full[256], part[256], path[256];
    snprintf(full, sizeof full, "%s/full.grs", dir);
    snprintf(path, sizeof path, "%s/resumed.grs", dir);
    snprintf(part, sizeof part, "%s/resumed.grs.part", dir);
    uint32_t n = 700;
    write_table(full, n);
    long len;
    char *whole = slurp(full, &len);

    /* read back */
    gr_error err;
    gr_error_clear(&err);
    gr_s3file in;
    cr_assert_eq(gr_s3file_open_read(&in, full, &err), 0);
    cr_assert_eq(in.n, n);
    gr_s3table t;
    cr_assert_eq(gr_s3table_fast(&t, n, &err), 0);
    uint32_t row[351];
    for (uint32_t b = 0; b <= n; b++) {
        cr_assert_eq(gr_s3file_read_row(&in, row, &err), 0);
        for (uint32_t a = 0; a <= b / 2; a++) cr_assert_eq(row[a], gr_s3table_get(&t, a, b));
    }
    gr_s3file_close(&in);
    gr_s3table_free(&t);

    /* an interrupted run leaves a prefix, torn anywhere; resuming gives the same bytes */
    long cuts[] = {0, 5, 16, 17, 1000, len / 3, len / 2 + 7, len - 1};
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
        spit(part, whole, cuts[i]);
        write_table(path, n);
        long l2;
        char *again = slurp(path, &l2);
        cr_assert_eq(l2, len, "cut at %ld", cuts[i]);
        cr_assert_eq(memcmp(again, whole, (size_t)len), 0, "cut at %ld", cuts[i]);
        free(again);
        cr_assert_neq(access(part, F_OK), 0, "the .part file is gone after the rename");
    }
    /* a damaged byte in the middle, with rows after it: refused, the file
     * untouched (those rows may have cost hours); cut where the message
     * says, the good rows before the damage are kept and the rest computed */
    char *bad = malloc((size_t)len);
    memcpy(bad, whole, (size_t)len);
    bad[len / 2] ^= 0x5a;
    spit(part, bad, len * 3 / 4);
    gr_s3fast *st;
    cr_assert_eq(gr_s3fast_new(&st, n, &err), 0);
    gr_s3file f;
    gr_error_clear(&err);
    cr_assert_eq(gr_s3file_open_write(&f, path, n, feed, st, &err), GR_EINPUT);
    gr_s3fast_free(st);
    cr_assert(strstr(err.msg, "is damaged at row") && strstr(err.msg, "the file is unchanged"), "%s", err.msg);
    long l3;
    char *kept = slurp(part, &l3);
    cr_assert_eq(l3, len * 3 / 4);
    cr_assert_eq(memcmp(kept, bad, (size_t)l3), 0, "a refused resume changed the .part");
    free(kept);
    const char *cut = strstr(err.msg, "truncate -s ");
    cr_assert_not_null(cut, "%s", err.msg);
    long good = atol(cut + 12);
    cr_assert(good > 16 && good <= len / 2, "cut at %ld", good);
    cr_assert_eq(truncate(part, good), 0);
    write_table(path, n);
    char *again = slurp(path, &l3);
    cr_assert_eq(l3, len);
    cr_assert_eq(memcmp(again, whole, (size_t)len), 0);
    free(again);
    free(bad);
    free(whole);
    unlink(full);
    unlink(path);
    rmdir(dir);
}

Test(s3file, rejects_what_is_not_a_table)
{
    char path[] = "/tmp/grundy-s3bad-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    cr_assert_eq(write(fd, "hello, not a table", 18), 18);
    close(fd);
    gr_error err;
    gr_error_clear(&err);
    gr_s3file f;
    cr_assert_eq(gr_s3file_open_read(&f, path, &err), GR_EINPUT);
    cr_assert_eq(gr_s3file_open_read(&f, "/nonexistent/x.grs", &err), GR_EINPUT);
    unlink(path);
}

/* Rows and strips, one thread and two, give the same table (several bands
 * of strips at N = 2500). */
Test(sharing3_fast, all_modes_agree)
{
    gr_s3table one = fast_threads(2500, 1);
    for (int mode = 2; mode <= 4; mode++) {
        gr_s3table other = fast_threads(2500, mode);
        cr_assert_eq(memcmp(one.v, other.v, gr_s3table_index(0, 2501) * sizeof *one.v), 0, "mode %d", mode);
        gr_s3table_free(&other);
    }
    gr_s3table_free(&one);
}

/* The table to n by strips on at most p threads. */
static gr_s3table strips_on(uint32_t n, int p)
{
    gr_error err;
    gr_error_clear(&err);
    gr_s3fast *st;
    cr_assert_eq(gr_s3fast_new(&st, n, &err), 0);
    gr_s3fast_set_threads(st, p);
    gr_s3table t = {n, malloc(gr_s3table_index(0, n + 1) * sizeof(uint32_t))};
    cr_assert_not_null(t.v);
    cr_assert_eq(gr_s3fast_rows(st, n + 1, gr_s3table_put_row, &t), 0);
    gr_s3fast_usage u;
    gr_s3fast_get_usage(st, &u);
    cr_assert(u.threads >= 1 && u.threads <= p, "p=%d used %d", p, u.threads);
    cr_assert(u.waited_s >= 0 && u.waited_s <= u.thread_s + 1e-3, "p=%d waited %g of %g", p, u.waited_s, u.thread_s);
    gr_s3fast_free(st);
    return t;
}

/* Every N to 300 (120 under the sanitizers) by strips on 2 threads, and every fourth and those
 * around the first band's end on 3 and 8, equals the simple method: bands
 * of one to two strips, a last band of one row, the strips claimed in
 * whatever order the threads come to them. (Every N on every count took
 * over 3 s, most of it OpenMP starting regions.) */
Test(sharing3_fast, small_n_on_threads_equal_simple)
{
    const uint32_t top = GR_TEST_SIZE(300, 120);
    gr_s3table s = simple_to(top);
    int ps[] = {2, 3, 8};
    for (uint32_t n = 1; n <= top; n++)
        for (size_t i = 0; i < sizeof ps / sizeof *ps; i++) {
            if (ps[i] > 2 && n % 4 != 1 && (n < 254 || n > 258)) continue;
            gr_s3table f = strips_on(n, ps[i]);
            cr_assert_eq(memcmp(f.v, s.v, gr_s3table_index(0, n + 1) * sizeof *f.v), 0, "N=%u on %d threads", n,
                         ps[i]);
            gr_s3table_free(&f);
        }
    gr_s3table_free(&s);
}

/* Strips on 3 to 16 threads (oversubscribed on a small machine: every
 * strip waits on the one before it) give the one-thread table; N = 3000
 * has bands of up to 7 strips, so up to 7 threads run at once (N = 1600
 * under the sanitizers: 4 strips, where 16 threads waiting on each other
 * took minutes). */
Test(sharing3_fast, any_thread_count_agrees, .timeout = 60)
{
    uint32_t n = GR_TEST_SIZE(3000, 1600);
    gr_s3table one = strips_on(n, 1);
    int ps[] = {3, 4, 5, 8, 16};
    for (size_t i = 0; i < sizeof ps / sizeof *ps; i++) {
        gr_s3table other = strips_on(n, ps[i]);
        cr_assert_eq(memcmp(one.v, other.v, gr_s3table_index(0, n + 1) * sizeof *one.v), 0, "p=%d", ps[i]);
        gr_s3table_free(&other);
    }
    /* one row per call, rows 0..1200: bands of one row, every strip at once */
    gr_error err;
    gr_error_clear(&err);
    gr_s3fast *st;
    cr_assert_eq(gr_s3fast_new(&st, n, &err), 0);
    gr_s3fast_set_threads(st, 4);
    gr_s3table t = {n, malloc(gr_s3table_index(0, n + 1) * sizeof(uint32_t))};
    for (uint32_t b = 0; b <= 1200; b++) cr_assert_eq(gr_s3fast_rows(st, 1, gr_s3table_put_row, &t), 0);
    cr_assert_eq(memcmp(one.v, t.v, gr_s3table_index(0, 1201) * sizeof *one.v), 0, "row by row on 4 threads");
    gr_s3fast_free(st);
    gr_s3table_free(&t);
    gr_s3table_free(&one);
}

/* The table from P slices of the state, as the processes of --mpi compute
 * it: each gives its partial mex, the minimum is the value, each adds the
 * values in its range. The slices cover every word once. */
static void table_by_slices(uint32_t n, int P, const gr_s3table *want)
{
    gr_error err;
    gr_error_clear(&err);
    gr_s3slice *sl[8];
    uint64_t covered = 0;
    for (int r = 0; r < P; r++) {
        uint64_t lo, words;
        gr_s3slice_split(n, r, P, &lo, &words);
        cr_assert_eq(lo, covered, "P=%d: slice %d starts at word %llu", P, r, (unsigned long long)lo);
        covered += words;
        cr_assert_eq(gr_s3slice_new(&sl[r], n, lo, words, &err), 0, "%s", err.msg);
    }
    cr_assert_eq(covered, gr_s3slice_words(n));
    uint32_t *row = malloc((n / 2 + 1) * sizeof *row), *part = malloc((n / 2 + 1) * sizeof *part);
    for (uint32_t b = 0; b <= n; b++) {
        for (uint32_t a = 0; a <= b / 2; a++) row[a] = UINT32_MAX;
        for (int r = 0; r < P; r++) {
            gr_s3slice_partial(sl[r], b, part, r + 1);
            for (uint32_t a = 0; a <= b / 2; a++)
                if (part[a] < row[a]) row[a] = part[a];
        }
        for (uint32_t a = 0; a <= b / 2; a++)
            cr_assert_eq(row[a], gr_s3table_get(want, a, b), "P=%d: G(0,%u,%u)", P, a, b);
        for (int r = 0; r < P; r++) gr_s3slice_add(sl[r], b, row);
    }
    for (int r = 0; r < P; r++) gr_s3slice_free(sl[r]);
    free(row);
    free(part);
}

/* The table as --mpi's chain of ranks computes it: bands of `rows` rows
 * packed, each slice in rank order resolving the positions still open and
 * adding what it resolved; every position resolved by the last slice at the
 * latest. (A band goes on threads from rows of 4096 positions on, past this
 * size: tests/cli_table_mpi.sh covers that at N = 8200.) */
static void table_by_chain(uint32_t n, int P, uint32_t rows, int threads, const gr_s3table *want)
{
    gr_error err;
    gr_error_clear(&err);
    gr_s3slice *sl[8];
    for (int r = 0; r < P; r++) {
        uint64_t lo, words;
        gr_s3slice_split(n, r, P, &lo, &words);
        cr_assert_eq(gr_s3slice_new(&sl[r], n, lo, words, &err), 0, "%s", err.msg);
    }
    uint32_t *band = malloc((size_t)rows * (n / 2 + 1) * sizeof *band);
    for (uint32_t b0 = 0; b0 <= n; b0 += rows) {
        uint32_t count = n + 1 - b0 < rows ? n + 1 - b0 : rows;
        size_t len = 0;
        for (uint32_t b = b0; b < b0 + count; b++) len += b / 2 + 1;
        for (size_t i = 0; i < len; i++) band[i] = UINT32_MAX;
        for (int r = 0; r < P; r++) gr_s3slice_band(sl[r], b0, count, band, threads);
        const uint32_t *row = band;
        for (uint32_t b = b0; b < b0 + count; b++) {
            for (uint32_t a = 0; a <= b / 2; a++)
                cr_assert_eq(row[a], gr_s3table_get(want, a, b), "P=%d, %d threads: G(0,%u,%u)", P, threads, a, b);
            row += b / 2 + 1;
        }
    }
    for (int r = 0; r < P; r++) gr_s3slice_free(sl[r]);
    free(band);
}

Test(sharing3_fast, a_chain_of_slices_gives_the_table)
{
    /* the fast method on one thread (itself checked against the simple one above) */
    gr_s3table s;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_s3table_fast(&s, 2200, &err), 0);
    table_by_chain(2200, 2, 64, 3, &s);
    table_by_chain(2200, 3, 7, 2, &s);
    table_by_chain(2200, 5, 100, 1, &s);
    gr_s3table_free(&s);
}

Test(sharing3_fast, slices_give_the_table)
{
    gr_s3table s = simple_to(700);
    int ps[] = {1, 2, 3, 5, 8};
    for (size_t i = 0; i < sizeof ps / sizeof *ps; i++) table_by_slices(700, ps[i], &s);
    gr_s3table_free(&s);
}

/* ---- rows handed over a band at a time, on threads ---- */

typedef struct band_sink {
    gr_s3stats *stats;
    gr_s3file *file;
    int threads;
} band_sink;

static int to_band_sink(void *ctx, uint32_t b0, uint32_t count, const uint32_t *rows, size_t stride, int threads)
{
    band_sink *k = ctx;
    (void)threads;
    gr_error err;
    gr_error_clear(&err);
    gr_s3stats_rows(k->stats, b0, count, rows, stride, k->threads);
    cr_assert_eq(gr_s3file_write_rows(k->file, count, rows, stride, k->threads, &err), 0, "%s", err.msg);
    return 0;
}

static char *stats_json(const gr_s3stats *s)
{
    gr_buf b;
    gr_buf_init(&b);
    gr_api_table_stats_render(&b, GR_API_JSON, s);
    gr_api_table_stats_render(&b, GR_API_TEXT, s);
    cr_assert(gr_buf_ok(&b));
    return gr_buf_detach(&b, NULL);
}

/* The statistics gathered in column items on 2, 3 and 8 threads (parts
 * merged by rules that ignore the split) and the file packed on threads and
 * written behind the computing equal those of one row at a time. */
Test(sharing3_fast, bands_on_threads_agree)
{
    const uint32_t n = GR_TEST_SIZE(4500, 2400);
    gr_error err;
    gr_error_clear(&err);
    uint32_t gs[] = {2, 3};
    char dir[] = "/tmp/grundy-s3band-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char ref[128], path[128];
    snprintf(ref, sizeof ref, "%s/ref.grs", dir);
    write_table(ref, n);
    gr_s3stats *one = stats_to(n);
    char *want = stats_json(one);
    long want_len;
    char *want_file = slurp(ref, &want_len);
    for (int p = 2; p <= 8; p = p == 3 ? 8 : p + 1) {
        band_sink k = {NULL, NULL, p};
        cr_assert_eq(gr_s3stats_new(&k.stats, n, gs, 2, 4, &err), 0);
        gr_s3file f;
        snprintf(path, sizeof path, "%s/p%d.grs", dir, p);
        cr_assert_eq(gr_s3file_open_write(&f, path, n, NULL, NULL, &err), 0, "%s", err.msg);
        k.file = &f;
        gr_s3fast *st;
        cr_assert_eq(gr_s3fast_new(&st, n, &err), 0);
        gr_s3fast_set_threads(st, p);
        cr_assert_eq(gr_s3fast_bands(st, n + 1, to_band_sink, &k), 0);
        cr_assert_eq(gr_s3file_commit(&f, &err), 0, "%s", err.msg);
        char *got = stats_json(k.stats);
        cr_assert_str_eq(got, want, "statistics on %d threads", p);
        long got_len;
        char *got_file = slurp(path, &got_len);
        cr_assert(got_len == want_len && memcmp(got_file, want_file, (size_t)want_len) == 0, "file on %d threads", p);
        free(got), free(got_file);
        unlink(path);
        gr_s3fast_free(st);
        gr_s3stats_free(k.stats);
    }
    unlink(ref);
    rmdir(dir);
    free(want), free(want_file);
    gr_s3stats_free(one);
}

/* ---- rows handed over while the next band is computed ---- */

typedef struct pipe_sink {
    gr_s3table *t;
    uint32_t b0, count, next;     /* the band being handed over; the row expected next */
    const uint32_t *rows;
    size_t stride;
    int threads;
    bool open;                    /* between begin and end */
    _Atomic long done;            /* items run of the open band */
    _Atomic int bad_thread;
} pipe_sink;

static int pipe_begin(void *ctx, uint32_t b0, uint32_t count, const uint32_t *rows, size_t stride, int threads,
                      long *items)
{
    pipe_sink *k = ctx;
    cr_assert(!k->open, "begin of rows %u before the end of the band before", b0);
    cr_assert_eq(b0, k->next, "rows in order");
    k->b0 = b0, k->count = count, k->rows = rows, k->stride = stride, k->threads = threads;
    k->next = b0 + count;
    k->open = true;
    atomic_store(&k->done, 0);
    *items = count;   /* one item a row: rows fill disjoint cells */
    return 0;
}

static void pipe_item(void *ctx, long i, int thread)
{
    pipe_sink *k = ctx;
    if (thread < 0 || thread >= k->threads) atomic_store(&k->bad_thread, 1);
    gr_s3table_put_row(k->t, k->b0 + (uint32_t)i, k->rows + (size_t)i * k->stride);
    atomic_fetch_add(&k->done, 1);
}

static int pipe_end(void *ctx)
{
    pipe_sink *k = ctx;
    cr_assert(k->open);
    cr_assert_eq(atomic_load(&k->done), (long)k->count, "every item of rows %u.. before the end", k->b0);
    k->open = false;
    return 0;
}

/* Hand-over items run on 1, 2, 3, 8 and 16 threads (oversubscribed) while
 * the next band is computed: the one-thread table, every item before its
 * band's end, thread numbers below the count given to begin. */
Test(sharing3_fast, pipelined_hand_over_agrees, .timeout = 60)
{
    const uint32_t n = GR_TEST_SIZE(4500, 2400);
    gr_s3table one = strips_on(n, 1);
    int ps[] = {1, 2, 3, 8, 16};
    for (size_t i = 0; i < sizeof ps / sizeof *ps; i++) {
        gr_error err;
        gr_error_clear(&err);
        gr_s3fast *st;
        cr_assert_eq(gr_s3fast_new(&st, n, &err), 0);
        gr_s3fast_set_threads(st, ps[i]);
        gr_s3table t = {n, calloc(gr_s3table_index(0, n + 1), sizeof(uint32_t))};
        cr_assert_not_null(t.v);
        pipe_sink k = {.t = &t};
        atomic_init(&k.done, 0);
        atomic_init(&k.bad_thread, 0);
        gr_s3fast_sink sink = {pipe_begin, pipe_item, pipe_end, &k};
        cr_assert_eq(gr_s3fast_pipelined(st, n + 1, &sink), 0);
        cr_assert(!k.open && k.next == n + 1, "p=%d: every band ended", ps[i]);
        cr_assert_eq(atomic_load(&k.bad_thread), 0, "p=%d: an item's thread number", ps[i]);
        cr_assert_eq(gr_s3fast_next(st), n + 1);
        cr_assert_eq(memcmp(one.v, t.v, gr_s3table_index(0, n + 1) * sizeof *one.v), 0, "p=%d", ps[i]);
        gr_s3fast_usage u;
        gr_s3fast_get_usage(st, &u);
        cr_assert(u.handed_s > 0 && u.waited_s >= 0 && u.waited_s + u.handed_s <= u.thread_s + 0.05,
                  "p=%d handed %g waited %g of %g", ps[i], u.handed_s, u.waited_s, u.thread_s);
        gr_s3fast_free(st);
        gr_s3table_free(&t);
    }
    gr_s3table_free(&one);
}
