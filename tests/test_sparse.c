/* The sparse-space engine against the O(N^2) method on every octal code with
 * at most three digits (and the '!' variants, and d0 = 4), against OEIS, for
 * any mask and any thread count; the long-sequence period finder against the
 * plain one; sequence files written, read back and damaged. */
#define _GNU_SOURCE   /* sched_getaffinity: the cores the engine counts */
#include <criterion/criterion.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "grundy/heapseq.h"
#include "test_scale.h"
#include "grundy/period.h"
#include "grundy/seqfile.h"
#include "grundy/sparse.h"

/* OEIS A002188, Grundy's game, offset 0. */
static const uint16_t grundy_game[] = {
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4,
    1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4};

static gr_tb_code code(const char *text)
{
    gr_tb_code c;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_tb_parse(&c, text, &err), 0, "%s: %s", text, err.msg);
    return c;
}

static gr_sparse *sparse(const gr_tb_code *c, uint64_t n, uint32_t mask, int threads)
{
    gr_error err;
    gr_error_clear(&err);
    gr_sparse *s = gr_sparse_new(c, n + 1, mask, NULL, &err);
    cr_assert(s, "%s", err.msg);
    cr_assert_eq(gr_sparse_extend(s, n + 1, threads, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_sparse_count(s), n + 1);
    return s;
}

static uint32_t *reference(const gr_tb_code *c, uint32_t n)
{
    gr_error err;
    gr_error_clear(&err);
    gr_limits lim;
    gr_limits_default(&lim);
    lim.max_seconds = 1e9;
    uint32_t *v = malloc(((size_t)n + 1) * sizeof *v);
    cr_assert_eq(gr_heapseq_fast(c, n, v, &lim, NULL, &err), 0, "%s", err.msg);
    return v;
}

static void same(const char *text, uint32_t n, uint32_t mask, int threads)
{
    gr_tb_code c = code(text);
    uint32_t *want = reference(&c, n);
    gr_sparse *s = sparse(&c, n, mask, threads);
    const uint16_t *g = gr_sparse_values(s);
    for (uint32_t x = 0; x <= n; x++)
        cr_assert_eq(g[x], want[x], "%s (mask %#x, %d threads): G(%u) = %u, the O(N^2) method says %u", text, mask,
                     threads, x, g[x], want[x]);
    gr_sparse_free(s);
    free(want);
}

Test(sparse, grundy_game_matches_oeis)
{
    gr_tb_code c = code("4!.");
    size_t n = sizeof grundy_game / sizeof grundy_game[0];
    gr_sparse *s = sparse(&c, n - 1, 0, 1);
    cr_assert_arr_eq(gr_sparse_values(s), grundy_game, n * sizeof grundy_game[0]);
    gr_sparse_free(s);
}

/* Every code 0.d1d2d3 and 4.d1d2d3, plain and with every split unequal
 * (to 1000 and every third code under the sanitizers, where this was a
 * minute of CI: a step prime to 8 still meets every digit in each place). */
Test(sparse, every_three_digit_code_to_3000, .timeout = 600)
{
    const uint32_t n = GR_TEST_SIZE(3000, 1000);
    char text[40];
    for (int d0 = 0; d0 <= 4; d0 += 4)
        for (int d = 1; d < 512; d += GR_TEST_SIZE(1, 3)) {
            int d1 = d >> 6, d2 = (d >> 3) & 7, d3 = d & 7;
            snprintf(text, sizeof text, "%d.%d%d%d", d0, d1, d2, d3);
            same(text, n, 0, 1);
            if (d0 || (d1 | d2 | d3) & 4) {
                snprintf(text, sizeof text, "%d%s.%d%s%d%s%d%s", d0, d0 ? "!" : "", d1, d1 & 4 ? "!" : "", d2,
                         d2 & 4 ? "!" : "", d3, d3 & 4 ? "?" : "");
                same(text, d % 7 == 0 ? n : n / 5, 0, 1);
            }
        }
}

Test(sparse, grundy_game_to_65536)
{
    same("4!.", GR_TEST_SIZE(65536, 20000), 0, 2);
}

/* A mask under which every value below 2^15 is rare: every heap is rare and
 * every value is looked for by the scan. Slow, exact. */
Test(sparse, a_poor_mask_gives_the_same_values)
{
    same("4!.", 3000, 0x8000, 1);
    same("0.6", 3000, 0x8000, 2);
    same("0.137", 3000, 1, 3);
    same("0.16", 3000, 0x3, 1);
}

/* With the count left to it, the engine runs cheap heaps (.16: 52 rare
 * heaps) on one thread and dear ones (Officers: 1583) on every core, with
 * the values of a one-thread run either way. */
Test(sparse, thread_count_left_to_the_engine)
{
    gr_tb_code cheap = code("0.16"), dear = code("0.6");
    gr_sparse *one = sparse(&cheap, 70000, 0, 1), *any = sparse(&cheap, 70000, 0, 0);
    cr_assert_eq(gr_sparse_threads(any), 1, ".16 ran on %d threads", gr_sparse_threads(any));
    cr_assert_arr_eq(gr_sparse_values(any), gr_sparse_values(one), 70001 * 2);
    gr_sparse_free(one), gr_sparse_free(any);
    cpu_set_t set;
    int cores = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
    one = sparse(&dear, 60000, 0, 1), any = sparse(&dear, 60000, 0, 0);
    cr_assert_eq(gr_sparse_threads(any), cores, "Officers ran on %d threads of %d", gr_sparse_threads(any), cores);
    cr_assert_arr_eq(gr_sparse_values(any), gr_sparse_values(one), 60001 * 2);
    gr_sparse_free(one), gr_sparse_free(any);
}

Test(sparse, threads_give_identical_values)
{
    gr_tb_code c = code("0.6");
    uint64_t n = 60000;
    gr_sparse *one = sparse(&c, n, 0, 1);
    static const int threads[] = {2, 3, 4, 8};   /* 3 and 8: more threads than this machine's cores */
    for (size_t k = 0; k < sizeof threads / sizeof *threads; k++) {
        int t = threads[k];
        gr_sparse *more = sparse(&c, n, 0, t);
        cr_assert_arr_eq(gr_sparse_values(more), gr_sparse_values(one), (n + 1) * 2, "%d threads", t);
        cr_assert_eq(gr_sparse_mask(more), gr_sparse_mask(one));
        cr_assert_eq(gr_sparse_rare_count(more), gr_sparse_rare_count(one));
        gr_sparse_free(more);
    }
    gr_sparse_free(one);
}

/* Officers (0.6) first reaches 256 at heap 10344 and 0.66 at 3833: the
 * values are held a byte a heap up to there and widened at that heap. The
 * widened run equals the O(N^2) method on any thread count. */
Test(sparse, values_past_255_widen_exactly, .timeout = 300)
{
    same("0.6", GR_TEST_SIZE(30000, 12000), 0, 1);
    same("0.6", GR_TEST_SIZE(30000, 12000), 0, 4);
    same("0.66", 12000, 0, 2);
    same("0.66", 5000, 0x8000, 3);
    gr_tb_code c = code("0.6");
    gr_error err;
    gr_error_clear(&err);
    gr_sparse *s = gr_sparse_new(&c, 20001, 0, NULL, &err);
    cr_assert_eq(gr_sparse_extend(s, 10344, 2, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_sparse_width(s), 1, "every value below heap 10344 fits a byte");
    cr_assert_eq(gr_sparse_extend(s, 10345, 2, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_sparse_width(s), 2);
    cr_assert_eq(gr_sparse_value(s, 10344), 256);
    gr_sparse_free(s);
}

/* A run in uneven stretches (each over 4096 heaps, so on several threads,
 * across the mask choices at powers of two and the widening: phase A's work
 * ahead is kept from one stretch to the next) equals one run on one thread,
 * on 2, 3, 8 and 16 threads (more than this machine's cores): codes that
 * widen (0.6 at heap 10344, 0.66 at 3833), one whose rare heaps keep coming
 * (0.04), Grundy's game, and a mask given (no choice, nothing dropped). */
static void stretched(const char *text, uint64_t n, uint32_t mask, uint64_t step)
{
    gr_tb_code c = code(text);
    gr_sparse *one = sparse(&c, n, mask, 1);
    unsigned width = gr_sparse_width(one);   /* before gr_sparse_values, which widens */
    const uint16_t *want = gr_sparse_values(one);
    static const int threads[] = {2, 3, 8, 16};
    for (size_t k = 0; k < sizeof threads / sizeof *threads; k++) {
        gr_error err;
        gr_error_clear(&err);
        gr_sparse *s = gr_sparse_new(&c, n + 1, mask, NULL, &err);
        cr_assert(s, "%s", err.msg);
        for (uint64_t to = step; to < n + 1 + step; to += step) {
            uint64_t upto = to < n + 1 ? to : n + 1;
            cr_assert_eq(gr_sparse_extend(s, upto, threads[k], &err), 0, "%s", err.msg);
            cr_assert_eq(gr_sparse_count(s), upto);
        }
        cr_assert_eq(gr_sparse_width(s), width, "%s, %d threads", text, threads[k]);
        cr_assert_eq(gr_sparse_mask(s), gr_sparse_mask(one));
        cr_assert_eq(gr_sparse_rare_count(s), gr_sparse_rare_count(one));
        const uint16_t *got = gr_sparse_values(s);
        for (uint64_t x = 0; x <= n; x++)
            cr_assert_eq(got[x], want[x], "%s, %d threads, stretches of %llu: heap %llu", text, threads[k],
                         (unsigned long long)step, (unsigned long long)x);
        gr_sparse_free(s);
    }
    gr_sparse_free(one);
}

Test(sparse, stretches_on_any_thread_count_equal_one_thread, .timeout = 600)
{
    /* under the sanitizers about a third of each size: still past the widening */
    stretched("0.6", GR_TEST_SIZE(40000, 16000), 0, 6007);
    stretched("0.66", GR_TEST_SIZE(60000, 20000), 0, 4999);   /* 0.66 and 0.04 also bring phase A's stages up to date on 16 threads */
    stretched("0.04", GR_TEST_SIZE(30000, 15000), 0, 5003);
    stretched("4!.", GR_TEST_SIZE(70000, 25000), 0, 9001);   /* Grundy's game */
    stretched("0.6", GR_TEST_SIZE(30000, 15000), 0x1ee, 7001);
}

/* The publisher shows its count to the other threads every few heaps
 * (GR_SPARSE_SHOW; the phase A snapshots then lag): every interval, odd
 * ones and ones longer than phase A's look-ahead included, gives the values
 * of one thread, on 3 and 8 threads, on codes that widen (0.6 at heap
 * 10344), that find rare values late (0.04) and on Grundy's game. */
Test(sparse, any_show_interval_gives_the_values_of_one_thread, .timeout = 600)
{
    static const char *const codes[] = {"0.6", "0.04", "4!."};
    static const uint64_t sizes[] = {GR_TEST_SIZE(30000, 12000), GR_TEST_SIZE(20000, 10000), GR_TEST_SIZE(40000, 15000)};
    static const char *const every[] = {"1", "7", "64", "1000"};
    static const int threads[] = {3, 8};
    for (size_t k = 0; k < 3; k++) {
        gr_tb_code c = code(codes[k]);
        uint64_t n = sizes[k];
        gr_sparse *one = sparse(&c, n, 0, 1);
        unsigned width = gr_sparse_width(one);
        const uint16_t *want = gr_sparse_values(one);
        for (size_t e = 0; e < 4; e++)
            for (size_t t = 0; t < 2; t++) {
                setenv("GR_SPARSE_SHOW", every[e], 1);
                gr_sparse *s = sparse(&c, n, 0, threads[t]);
                unsetenv("GR_SPARSE_SHOW");
                cr_assert_eq(gr_sparse_width(s), width, "%s", codes[k]);
                const uint16_t *got = gr_sparse_values(s);
                for (uint64_t x = 0; x <= n; x++)
                    cr_assert_eq(got[x], want[x], "%s, %d threads, shown every %s heaps: heap %llu", codes[k],
                                 threads[t], every[e], (unsigned long long)x);
                gr_sparse_free(s);
            }
        gr_sparse_free(one);
    }
}

/* GR_SPARSE_STATS: the report counts every heap phase B finished (heaps
 * 1..n; heap 0 is set before the pipeline) and a row a thread; without it
 * nothing is printed. */
Test(sparse, stats_report_where_the_time_went)
{
    gr_tb_code c = code("0.6");
    uint64_t n = 20000;
    setenv("GR_SPARSE_STATS", "1", 1);
    gr_sparse *s = sparse(&c, n, 0, 3);
    unsetenv("GR_SPARSE_STATS");
    cr_assert(gr_sparse_stats_on(s));
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    gr_sparse_stats_print(s, f);
    fclose(f);
    char want[64];
    snprintf(want, sizeof want, "phase B (in order): %llu heaps", (unsigned long long)n);
    cr_assert(strstr(text, want), "%s", text);
    cr_assert(strstr(text, "\n       2  "), "no row for thread 2: %s", text);
    cr_assert(!strstr(text, "\n       3  "), "a row for a fourth thread: %s", text);
    free(text);
    gr_sparse_free(s);
    gr_sparse *quiet = sparse(&c, 5000, 0, 2);
    cr_assert(!gr_sparse_stats_on(quiet));
    f = open_memstream(&text, &len);
    gr_sparse_stats_print(quiet, f);
    fclose(f);
    cr_assert_eq(len, 0);
    free(text);
    gr_sparse_free(quiet);
}

/* A spilled run (both ends kept, a few pages each) widens its mapped file
 * the same way: the same values as a run in memory. */
Test(sparse, a_spilled_run_widens_its_file, .timeout = 300)
{
    gr_tb_code c = code("0.6");
    uint64_t n = 40000;
    gr_sparse *mem = sparse(&c, n, 0, 1);
    gr_error err;
    gr_error_clear(&err);
    char dir[] = "/tmp/grundy-spill-XXXXXX";
    cr_assert(mkdtemp(dir));
    for (int t = 1; t <= 2; t++) {
        gr_sparse *s = gr_sparse_new(&c, n + 1, 0, dir, &err);
        cr_assert(s, "%s", err.msg);
        gr_sparse_keep(s, 2048);
        cr_assert_eq(gr_sparse_extend(s, n + 1, t, &err), 0, "%s", err.msg);
        gr_sparse_trim(s, n + 1);
        for (uint64_t x = 0; x <= n; x++)
            cr_assert_eq(gr_sparse_value(s, x), gr_sparse_value(mem, x), "%d threads: heap %llu", t, (unsigned long long)x);
        gr_sparse_free(s);
    }
    rmdir(dir);
    gr_sparse_free(mem);
}

/* Loading G(0..cut-1) of one run and going on equals the run, mask choices
 * included; widen > 0: the heap whose value first passes 255, so the layout
 * after loading is one byte up to it and two after. */
static void load_and_extend(const char *codestr, uint64_t n, const uint64_t *cuts, size_t ncuts, uint64_t widen)
{
    gr_tb_code c = code(codestr);
    gr_sparse *whole = sparse(&c, n, 0, 1);
    gr_error err;
    gr_error_clear(&err);
    for (size_t k = 0; k < ncuts; k++) {
        gr_sparse *s = gr_sparse_new(&c, n + 1, 0, NULL, &err);
        cr_assert_eq(gr_sparse_load(s, gr_sparse_values(whole), cuts[k], &err), 0, "%s", err.msg);
        if (widen) cr_assert_eq(gr_sparse_width(s), cuts[k] <= widen ? 1u : 2u);
        cr_assert_eq(gr_sparse_extend(s, n + 1, 2, &err), 0, "%s", err.msg);
        cr_assert_arr_eq(gr_sparse_values(s), gr_sparse_values(whole), (n + 1) * 2, "%s cut at %llu", codestr,
                         (unsigned long long)cuts[k]);
        cr_assert_eq(gr_sparse_mask(s), gr_sparse_mask(whole), "%s cut at %llu", codestr,
                     (unsigned long long)cuts[k]);
        gr_sparse_free(s);
    }
    gr_sparse_free(whole);
}

/* A run resumed before, at and after the heap whose value first passes 255
 * (0.6: heap 10344) equals one run; at 12000 the loaded values have 36
 * past 255 (the low-byte plane's list), at 20000 more than 64. */
Test(sparse, load_across_the_widening_equals_one_run)
{
    uint64_t cuts[] = {9000, 10344, 10345, 12000, 20000};
    load_and_extend("0.6", 30000, cuts, sizeof cuts / sizeof cuts[0], 10344);
}

Test(sparse, load_and_extend_equals_one_run)
{
    uint64_t cuts[] = {1, 100, 4095, 4096, 5000, 8192, 33000};
    load_and_extend("4!.", 40000, cuts, sizeof cuts / sizeof cuts[0], 0);
}

Test(sparse, rare_heaps_are_the_heaps_of_rare_value)
{
    gr_tb_code c = code("4!.");
    gr_sparse *s = sparse(&c, 20000, 0, 1);
    uint32_t m = gr_sparse_mask(s);
    const uint16_t *g = gr_sparse_values(s);
    uint64_t k = 0;
    for (uint64_t x = 1; x <= 20000; x++)
        if (gr_sparse_is_rare(m, g[x])) cr_assert_eq(gr_sparse_rare_heap(s, k++), x);
    cr_assert_eq(k, gr_sparse_rare_count(s));
    cr_assert(k < 2000, "a good mask keeps rare heaps rare: %llu", (unsigned long long)k);
    gr_sparse_free(s);
}

Test(sparse, refuses_what_it_does_not_cover)
{
    gr_error err;
    gr_error_clear(&err);
    gr_tb_code c = code("0.F");
    cr_assert_null(gr_sparse_new(&c, 10, 0, NULL, &err));
    cr_assert(strstr(err.msg, "more than two heaps"), "%s", err.msg);
    gr_error_clear(&err);
    c = code("0.[7]");
    cr_assert_null(gr_sparse_new(&c, 10, 0, NULL, &err));
    cr_assert(strstr(err.msg, "repeating digit"), "%s", err.msg);
}

/* Repeating take digits (Lasker's Nim 4.[3] has a split before them). */
Test(sparse, repeating_takes)
{
    same("4.[3]", 2000, 0, 1);
    same("0.7[3]", 2000, 0, 2);
    same("0.4[12]", 2000, 0, 1);
}

Test(period16, agrees_with_the_plain_finder)
{
    uint32_t n = 5000;
    uint16_t *g = malloc((n + 1) * sizeof *g);
    uint32_t *g32 = malloc((n + 1) * sizeof *g32);
    uint8_t *g8 = malloc(n + 1);
    for (unsigned seed = 1; seed < 300; seed++) {
        /* a random preperiod, then a random period */
        srand(seed);
        uint32_t e = (uint32_t)rand() % 2000, p = 1 + (uint32_t)rand() % (seed % 3 ? 40 : 1500);
        for (uint32_t x = 0; x <= n; x++) {
            g[x] = x < e + p ? (uint16_t)(rand() % 5) : g[x - p];
            g32[x] = g[x];
        }
        uint32_t len = 100 + (uint32_t)rand() % (n - 100);
        gr_period a, b, b8;
        gr_period_find(g32, len, false, &a);
        gr_period_find16(g, len, &b);
        for (uint32_t x = 0; x <= n; x++) g8[x] = (uint8_t)g[x];
        gr_period_find8(g8, len, &b8);
        cr_assert_eq(a.found, b.found, "seed %u", seed);
        cr_assert_eq(a.found, b8.found, "seed %u", seed);
        if (a.found) {
            cr_assert_eq(a.period, b.period, "seed %u", seed);
            cr_assert_eq(a.preperiod, b.preperiod, "seed %u", seed);
            cr_assert_eq(a.period, b8.period, "seed %u", seed);
            cr_assert_eq(a.preperiod, b8.preperiod, "seed %u", seed);
        }
    }
    free(g);
    free(g32);
    free(g8);
}

/* ------------------------------------------------------------ files */

static char *temp_path(void)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/grundy-test-seq-%d.grs", (int)getpid());
    unlink(path);
    return path;
}

Test(seqfile, round_trip_and_damage)
{
    const char *path = temp_path();
    gr_error err;
    gr_error_clear(&err);
    uint64_t n = 3 * GR_SEQFILE_BLOCK + 17;
    uint16_t *g = malloc(n * sizeof *g);
    /* any values a file may hold: G(0) = 0, none past GR_SEQFILE_MAX_VALUE */
    for (uint64_t x = 0; x < n; x++) g[x] = (uint16_t)((x * 2654435761u >> 20) % (GR_SEQFILE_MAX_VALUE + 1));
    gr_seqfile_header h = {.rules = "tb:0.6", .width = 2, .block = GR_SEQFILE_BLOCK, .mask_given = 0};
    gr_seqfile w;
    cr_assert_eq(gr_seqfile_create(&w, path, &h, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_seqfile_sync(&w, g, 2, n / 2, 0x1ee, false, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_seqfile_sync(&w, g, 2, n, 0x1ee, true, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_seqfile_close(&w, &err), 0);
    gr_seqfile_header r;
    uint16_t *back;
    cr_assert_eq(gr_seqfile_read(path, &r, &back, 0, false, NULL, &err), 0, "%s", err.msg);
    cr_assert_eq(r.count, n);
    cr_assert_eq(r.mask, 0x1ee);
    cr_assert_str_eq(r.rules, "tb:0.6");
    cr_assert_arr_eq(back, g, n * 2);
    free(back);
    /* Values held a byte each write the same 16-bit file. */
    char wide_path[80];
    snprintf(wide_path, sizeof wide_path, "%s.bytes", path);
    unlink(wide_path);
    uint8_t *g8 = malloc(n);
    for (uint64_t x = 0; x < n; x++) g8[x] = (uint8_t)g[x], g[x] &= 0xff;
    gr_seqfile w2;
    cr_assert_eq(gr_seqfile_create(&w, path, &h, &err), GR_EINPUT, "the file exists");
    unlink(path);
    cr_assert_eq(gr_seqfile_create(&w, path, &h, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_seqfile_create(&w2, wide_path, &h, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_seqfile_sync(&w, g, 2, n, 0x1ee, true, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_seqfile_sync(&w2, g8, 1, n / 3, 0x1ee, false, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_seqfile_sync(&w2, g8, 1, n, 0x1ee, true, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_seqfile_close(&w, &err), 0);
    cr_assert_eq(gr_seqfile_close(&w2, &err), 0);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "cmp -s %s %s", path, wide_path);
    cr_assert_eq(system(cmd), 0, "the file written from bytes differs");
    unlink(wide_path);
    free(g8);
    /* A byte changed in the second block: an error naming that block. */
    FILE *f = fopen(path, "r+b");
    fseek(f, GR_SEQFILE_HEADER + (GR_SEQFILE_BLOCK * 2 + 8) + 1000, SEEK_SET);
    fputc(0x5a ^ (int)(g[GR_SEQFILE_BLOCK + 500] & 0xff), f);
    fclose(f);
    gr_error_clear(&err);
    cr_assert_eq(gr_seqfile_read(path, &r, &back, 0, false, NULL, &err), GR_EINPUT);
    cr_assert(strstr(err.msg, "block 1"), "%s", err.msg);
    /* Cut in the middle of the last block: truncated, unless torn_ok. */
    cr_assert_eq(truncate(path, GR_SEQFILE_HEADER + 3 * (GR_SEQFILE_BLOCK * 2 + 8) + 9), 0);
    f = fopen(path, "r+b");
    fseek(f, GR_SEQFILE_HEADER + (GR_SEQFILE_BLOCK * 2 + 8) + 1000, SEEK_SET);
    fputc((int)(g[GR_SEQFILE_BLOCK + 500] & 0xff), f);
    fclose(f);
    gr_error_clear(&err);
    cr_assert_eq(gr_seqfile_read(path, &r, &back, 0, false, NULL, &err), GR_EINPUT);
    bool torn = false;
    gr_error_clear(&err);
    cr_assert_eq(gr_seqfile_read(path, &r, &back, 0, true, &torn, &err), 0, "%s", err.msg);
    cr_assert(torn);
    cr_assert_eq(r.count, 3 * GR_SEQFILE_BLOCK);
    free(back);
    /* Not a sequence file at all. */
    f = fopen(path, "wb");
    fputs("0 0\n1 1\n", f);
    fclose(f);
    gr_error_clear(&err);
    cr_assert_eq(gr_seqfile_read(path, &r, &back, 0, false, NULL, &err), GR_EINPUT);
    unlink(path);
    free(g);
}

/* A whole job: killed (simulated by a time limit) and resumed equals one
 * uninterrupted run, byte for byte. */
Test(seqfile, job_resumes_to_the_same_file)
{
    char a[80], b[80];
    snprintf(a, sizeof a, "/tmp/grundy-test-job-a-%d.grs", (int)getpid());
    snprintf(b, sizeof b, "/tmp/grundy-test-job-b-%d.grs", (int)getpid());
    unlink(a), unlink(b);
    gr_tb_code c = code("0.6");
    gr_sparse_job j = {.code = &c, .rules = "tb:0.6", .to = 150000, .out = a, .threads = 1};
    gr_limits_default(&j.lim);
    gr_sparse_result r;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_sparse_job_run(&j, &r, &err), 0, "%s", err.msg);
    gr_sparse_free(r.s);
    /* b: a short run, then a torn tail, then the rest on 3 threads */
    j.out = b;
    j.to = 70000;
    cr_assert_eq(gr_sparse_job_run(&j, &r, &err), 0, "%s", err.msg);
    gr_sparse_free(r.s);
    FILE *f = fopen(b, "ab");
    fputs("torn", f);
    fclose(f);
    j.to = 150000;
    j.threads = 3;
    cr_assert_eq(gr_sparse_job_run(&j, &r, &err), 0, "%s", err.msg);
    cr_assert_eq(r.last.resumed, 70001);   /* the short last block the header names is kept; the torn bytes go */
    gr_sparse_free(r.s);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "cmp -s %s %s", a, b);
    cr_assert_eq(system(cmd), 0, "the resumed file differs from the uninterrupted one");
    /* Another game's file is refused and left as it was. */
    gr_tb_code k = code("0.77");
    gr_sparse_job other = {.code = &k, .rules = "tb:0.77", .to = 200000, .out = a, .threads = 1};
    gr_limits_default(&other.lim);
    gr_error_clear(&err);
    cr_assert_eq(gr_sparse_job_run(&other, &r, &err), GR_EINPUT);
    cr_assert(strstr(err.msg, "not resumed"), "%s", err.msg);
    gr_sparse_free(r.s);
    cr_assert_eq(system(cmd), 0, "a refused resume changed the file");
    unlink(a), unlink(b);
}

/* Resumed from a file whose values all fit a byte (0.6 to 9000), the run
 * widens at heap 10344 and ends with the same file as one run. */
Test(seqfile, job_resumed_across_the_widening)
{
    char a[80], b[80];
    snprintf(a, sizeof a, "/tmp/grundy-test-wide-a-%d.grs", (int)getpid());
    snprintf(b, sizeof b, "/tmp/grundy-test-wide-b-%d.grs", (int)getpid());
    unlink(a), unlink(b);
    gr_tb_code c = code("0.6");
    gr_sparse_job j = {.code = &c, .rules = "tb:0.6", .to = 40000, .out = a, .threads = 1};
    gr_limits_default(&j.lim);
    gr_sparse_result r;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_sparse_job_run(&j, &r, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_sparse_width(r.s), 2);
    gr_sparse_free(r.s);
    j.out = b;
    j.to = 9000;
    cr_assert_eq(gr_sparse_job_run(&j, &r, &err), 0, "%s", err.msg);
    cr_assert_eq(gr_sparse_width(r.s), 1);
    gr_sparse_free(r.s);
    j.to = 40000;
    j.threads = 4;
    cr_assert_eq(gr_sparse_job_run(&j, &r, &err), 0, "%s", err.msg);
    cr_assert_eq(r.last.resumed, 9001);
    gr_sparse_free(r.s);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "cmp -s %s %s", a, b);
    cr_assert_eq(system(cmd), 0, "the file resumed across the widening differs from one run");
    unlink(a), unlink(b);
}
