/* table --stats: seed 000's figures of the three-pile Sharing Nim table
 * (grundy/s3stats.h gathers them as the rows stream), rendered as text or
 * JSON. The text shows the first rows, values and positions; the JSON has
 * them all. */
#include "grundy/api.h"
#include "grundy/s3stats.h"
#include <inttypes.h>

#define LIST_SHOWN 100     /* positions per list shown in text */
#define SHOWN 64           /* rows and values shown in text */

/* The rows where g occurs as ranges: "0-3 5 7-9", or [[0,3],[5,5],[7,9]]. */
static void rows_of(gr_buf *b, const gr_s3stats *s, const gr_s3stats_figures *f, uint32_t g, bool json)
{
    long start = -1;
    bool first = true;
    for (uint32_t a = 0; a <= f->n / 2 + 1; a++) {
        bool in = a <= f->n / 2 && gr_s3stats_value_in_row(s, g, a);
        if (in && start < 0) start = a;
        if (!in && start >= 0) {
            if (json) gr_buf_printf(b, "%s[%ld,%u]", first ? "" : ",", start, a - 1);
            else if (start == (long)a - 1) gr_buf_printf(b, "%s%ld", first ? "" : " ", start);
            else gr_buf_printf(b, "%s%ld-%u", first ? "" : " ", start, a - 1);
            first = false;
            start = -1;
        }
    }
}

static void render_json(gr_buf *b, const gr_s3stats *s, const gr_s3stats_figures *f)
{
    gr_buf_printf(b, "{\"max\":%u,\"largest\":{\"value\":%u,\"a\":%u,\"b\":%u},\"rows\":[", f->n, f->vmax, f->vmax_a,
                  f->vmax_b);
    for (uint32_t a = 0; a <= f->n; a++)
        gr_buf_printf(b, "%s{\"a\":%u,\"max\":%u,\"first_b\":%u}", a ? "," : "", a, f->row_max[a], f->row_first[a]);
    gr_buf_puts(b, "],\"values\":[");
    for (uint32_t g = 0; g <= f->vmax; g++) {
        uint32_t at = 0;
        long a = gr_s3stats_value_max_row(s, g, &at);
        gr_buf_printf(b, "%s{\"g\":%u,\"count\":%" PRIu64 ",\"max_a\":%ld,\"at_b\":%u}", g ? "," : "", g,
                      gr_s3stats_value_count(s, g), a, at);
    }
    gr_buf_puts(b, "],\"rows_of_value\":[");
    for (uint32_t g = 0; g < f->rowsets && g <= f->vmax; g++) {
        gr_buf_printf(b, "%s{\"g\":%u,\"rows\":[", g ? "," : "", g);
        rows_of(b, s, f, g, true);
        gr_buf_puts(b, "]}");
    }
    gr_buf_printf(b, "],\"claim_a_le_2g_minus_1\":%s", f->claim_fail ? "false" : "true");
    if (f->claim_fail) gr_buf_printf(b, ",\"claim_counterexample\":[0,%u,%u]", f->claim_a, f->claim_b);
    gr_buf_puts(b, ",\"positions\":[");
    for (int k = 0; k < f->ngs; k++)
        for (uint32_t a = 0; a < f->list_rows; a++) {
            size_t n;
            const uint32_t *v = gr_s3stats_positions(s, k, a, &n);
            gr_buf_printf(b, "%s{\"g\":%u,\"a\":%u,\"b\":[", k || a ? "," : "", f->gs[k], a);
            for (size_t i = 0; i < n; i++) gr_buf_printf(b, i ? ",%u" : "%u", v[i]);
            gr_buf_puts(b, "]}");
        }
    gr_buf_printf(b, "],\"one_positions\":{\"count\":%" PRIu64 ",\"per_row\":[", f->ones);
    bool first = true;
    for (uint32_t a = 0; a <= f->n / 2; a++)
        if (f->ones_row[a]) {
            gr_buf_printf(b, "%s{\"a\":%u,\"count\":%" PRIu64 "}", first ? "" : ",", a, f->ones_row[a]);
            first = false;
        }
    gr_buf_printf(b, "]},\"p_positions\":{\"count\":%" PRIu64 ",\"theorem_p_mismatches\":%" PRIu64, f->p_count,
                  f->p_miss);
    if (f->p_miss) gr_buf_printf(b, ",\"first_mismatch\":[0,%u,%u]", f->p_miss_a, f->p_miss_b);
    gr_buf_puts(b, "}}\n");
}

static void render_text(gr_buf *b, const gr_s3stats *s, const gr_s3stats_figures *f)
{
    uint32_t n = f->n;
    gr_buf_printf(b, "Three-pile Sharing Nim, G(0,a,b) for 0 <= a <= b <= %u (seed 000)\n", n);
    gr_buf_printf(b, "largest value %u, first at (0,%u,%u)\n\n", f->vmax, f->vmax_a, f->vmax_b);
    gr_buf_printf(b, "rows: G(0,a,b) for b = a..%u: maximum and the first b where it occurs\n", n);
    gr_buf_printf(b, "%8s %8s %8s\n", "a", "max", "first_b");
    for (uint32_t a = 0; a <= n && a < SHOWN; a++) gr_buf_printf(b, "%8u %8u %8u\n", a, f->row_max[a], f->row_first[a]);
    if (n >= SHOWN) gr_buf_printf(b, "   (rows %u..%u: --format json)\n", SHOWN, n);
    gr_buf_puts(b, "\nvalues: for each g, the positions (0,a,b) with 2a <= b and value g,\nand the largest a among them"
                   " (seed 000: a <= 2g-1 for g >= 2)\n");
    gr_buf_printf(b, "%8s %12s %8s %8s %8s\n", "g", "positions", "max_a", "at_b", "2g-1");
    for (uint32_t g = 0; g <= f->vmax && g < SHOWN; g++) {
        uint32_t at = 0;
        long a = gr_s3stats_value_max_row(s, g, &at);
        gr_buf_printf(b, "%8u %12" PRIu64 " %8ld %8u %8ld\n", g, gr_s3stats_value_count(s, g), a, at, 2 * (long)g - 1);
    }
    if (f->vmax >= SHOWN) gr_buf_printf(b, "   (values %u..%u: --format json)\n", SHOWN, f->vmax);
    gr_buf_puts(b, "\nrows a (2a <= b) where g occurs, as ranges:\n");
    for (uint32_t g = 0; g < 16 && g <= f->vmax; g++) {
        gr_buf_printf(b, "%8u: ", g);
        rows_of(b, s, f, g, false);
        gr_buf_putc(b, '\n');
    }
    if (f->claim_fail)
        gr_buf_printf(b, "claim a <= 2g-1 (g >= 2) FAILS: G(0,%u,%u) = %u, the first such row b\n", f->claim_a,
                      f->claim_b, f->claim_g);
    else
        gr_buf_printf(b, "claim a <= 2g-1 (g >= 2) holds for every (0,a,b) with 2a <= b <= %u\n", n);
    for (int k = 0; k < f->ngs; k++)
        for (uint32_t a = 0; a < f->list_rows && a <= n / 2; a++) {
            size_t cnt;
            const uint32_t *v = gr_s3stats_positions(s, k, a, &cnt);
            gr_buf_printf(b, "\nG(0,%u,b) = %u for b in [%u,%u] (%zu):", a, f->gs[k], 2 * a, n, cnt);
            for (size_t i = 0; i < cnt && i < LIST_SHOWN; i++) gr_buf_printf(b, "%s%u", i ? ", " : " ", v[i]);
            if (cnt > LIST_SHOWN) gr_buf_printf(b, ", ... (%zu more: --format json)", cnt - LIST_SHOWN);
        }
    gr_buf_printf(b, "\n\n1-positions (0,a,b), 2a <= b: %" PRIu64 ", in rows", f->ones);
    for (uint32_t a = 0; a <= n / 2; a++)
        if (f->ones_row[a]) gr_buf_printf(b, " a=%u (%" PRIu64 ")", a, f->ones_row[a]);
    gr_buf_puts(b, "\n  first:");
    for (size_t i = 0; i + 1 < f->ones_first_n; i += 2)
        gr_buf_printf(b, " (0,%u,%u)", f->ones_first[i], f->ones_first[i + 1]);
    gr_buf_printf(b, "\n\nP-positions (0,a,b), 2a <= b: %" PRIu64 "; Theorem P (a = 0, b = 0 or 4^k(2l+1)): ",
                  f->p_count);
    if (f->p_miss)
        gr_buf_printf(b, "%" PRIu64 " disagreements, first (0,%u,%u)\n", f->p_miss, f->p_miss_a, f->p_miss_b);
    else
        gr_buf_puts(b, "agrees on every position\n");
}

void gr_api_table_stats_render(gr_buf *b, int format, const gr_s3stats *s)
{
    gr_s3stats_figures f;
    gr_s3stats_figures_of(s, &f);
    if (format == GR_API_JSON) render_json(b, s, &f);
    else render_text(b, s, &f);
}
