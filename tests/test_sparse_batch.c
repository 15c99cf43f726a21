/* Phase B of the sparse engine takes the stages of a group of consecutive
 * heaps at once and does them with no locked instruction between them; a
 * group is cut short by a stage not ready, by the end of a run (a
 * checkpoint, a power of two where the mask may change) and by a value past
 * 255 (the run stops to widen and gives the group's other stages back).
 * Whatever the look-ahead depth (no refreshes: the deepest; refreshes after
 * every batch and the count shown at every heap: the shallowest) and the
 * thread count (2, and 3 and 8, more than this machine's cores), the values
 * are those of one thread, on codes that widen (0.6 at heap 10344, 0.66 at
 * 3833), one whose rare heaps keep coming (0.04, past 255 too) and Grundy's game (4!.). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test_scale.h"
#include "grundy/sparse.h"

static gr_tb_code code(const char *text)
{
    gr_tb_code c;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_tb_parse(&c, text, &err), 0, "%s: %s", text, err.msg);
    return c;
}

/* G(0..n) in stretches of `step` heaps (one stretch when step is 0), with
 * the diagnostics set as given (NULL: unset) while the run is made. */
static gr_sparse *run(const gr_tb_code *c, uint64_t n, int threads, uint64_t step, const char *refresh,
                      const char *show)
{
    gr_error err;
    gr_error_clear(&err);
    if (refresh) setenv("GR_SPARSE_REFRESH", refresh, 1);
    if (show) setenv("GR_SPARSE_SHOW", show, 1);
    gr_sparse *s = gr_sparse_new(c, n + 1, 0, NULL, &err);
    unsetenv("GR_SPARSE_REFRESH");
    unsetenv("GR_SPARSE_SHOW");
    cr_assert(s, "%s", err.msg);
    if (!step) step = n + 1;
    for (uint64_t to = step; to < n + 1 + step; to += step) {
        uint64_t upto = to < n + 1 ? to : n + 1;
        cr_assert_eq(gr_sparse_extend(s, upto, threads, &err), 0, "%s", err.msg);
        cr_assert_eq(gr_sparse_count(s), upto);
    }
    return s;
}

/* width_wanted: the bytes a value one thread ends with (0: either). */
static void equal_to_one_thread(const char *text, uint64_t n, unsigned width_wanted)
{
    gr_tb_code c = code(text);
    gr_sparse *one = run(&c, n, 1, 0, NULL, NULL);
    unsigned width = gr_sparse_width(one);   /* before gr_sparse_values, which widens */
    if (width_wanted)
        cr_assert_eq(width, width_wanted, "%s: %u bytes a value by heap %llu", text, width, (unsigned long long)n);
    const uint16_t *want = gr_sparse_values(one);
    static const int threads[] = {2, 3, 8};
    /* refresh after each batch, show every: the deepest look-ahead, the
     * default, the shallowest; then the default in uneven stretches */
    static const char *const refresh[] = {"0", NULL, "64"};
    static const char *const show[] = {NULL, NULL, "1"};
    for (size_t t = 0; t < sizeof threads / sizeof *threads; t++)
        for (size_t v = 0; v < 4; v++) {
            gr_sparse *s = v < 3 ? run(&c, n, threads[t], 0, refresh[v], show[v])
                                 : run(&c, n, threads[t], 4099 + 2 * t, "0", NULL);
            cr_assert_eq(gr_sparse_width(s), width, "%s, %d threads", text, threads[t]);
            cr_assert_eq(gr_sparse_mask(s), gr_sparse_mask(one), "%s, %d threads", text, threads[t]);
            cr_assert_eq(gr_sparse_rare_count(s), gr_sparse_rare_count(one), "%s, %d threads", text, threads[t]);
            const uint16_t *got = gr_sparse_values(s);
            for (uint64_t x = 0; x <= n; x++)
                cr_assert_eq(got[x], want[x], "%s, %d threads, variant %zu: G(%llu) = %u, one thread %u", text,
                             threads[t], v, (unsigned long long)x, got[x], want[x]);
            gr_sparse_free(s);
        }
    gr_sparse_free(one);
}

Test(sparse_batch, officers_widening_equals_one_thread, .timeout = 600)
{
    equal_to_one_thread("0.6", GR_TEST_SIZE(30000, 14000), 2);
}

Test(sparse_batch, early_widening_equals_one_thread, .timeout = 600)
{
    equal_to_one_thread("0.66", GR_TEST_SIZE(20000, 9000), 2);
}

Test(sparse_batch, late_rare_values_equal_one_thread, .timeout = 600)
{
    equal_to_one_thread("0.04", GR_TEST_SIZE(20000, 9000), 0);
}

Test(sparse_batch, grundy_game_equals_one_thread, .timeout = 600)
{
    equal_to_one_thread("4!.", GR_TEST_SIZE(40000, 15000), 1);
}

/* Every heap goes through phase B once, whatever the groups: the report
 * counts heaps 1..n on the token (heap 0 is set before the pipeline). */
Test(sparse_batch, every_heap_through_phase_b_once)
{
    gr_tb_code c = code("0.6");
    uint64_t n = 20000;
    setenv("GR_SPARSE_STATS", "1", 1);
    gr_sparse *s = run(&c, n, 8, 0, "0", NULL);
    unsetenv("GR_SPARSE_STATS");
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    gr_sparse_stats_print(s, f);
    fclose(f);
    char want[64];
    snprintf(want, sizeof want, "phase B (in order): %llu heaps", (unsigned long long)n);
    cr_assert(strstr(text, want), "%s", text);
    free(text);
    gr_sparse_free(s);
}
