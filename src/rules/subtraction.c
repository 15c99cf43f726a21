/* subtraction:S (seed 002): heaps; a move removes s tokens from one heap, s in
 * the finite set S, written bare after the colon: subtraction:1,3,7. */
#include "grundy/subtraction.h"
#include "grundy/takebreak.h"
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct subset {
    size_t n;
    uint64_t s[GR_SUBTRACTION_MAX_SET];
} subset;

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int parse(gr_game *g, const char *opts, gr_error *err)
{
    if (!opts || !*opts)
        return gr_fail(err, GR_EINPUT, "subtraction needs its set after a colon, e.g. subtraction:1,3,7");
    subset *set = calloc(1, sizeof *set);
    if (!set) return gr_fail_nomem(err);
    const char *s = opts;
    for (;;) {
        const char *end = strchr(s, ',');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        uint64_t v = 0;
        bool ok = len > 0 && len <= 9;
        for (size_t i = 0; ok && i < len; i++) {
            if (!isdigit((unsigned char)s[i])) ok = false;
            else v = v * 10 + (uint64_t)(s[i] - '0');
        }
        if (!ok || v == 0 || v > GR_SUBTRACTION_MAX_ELEMENT) {
            free(set);
            return gr_fail(err, GR_EINPUT, "subtraction set element '%.*s': expected an integer from 1 to %llu",
                           (int)len, s, (unsigned long long)GR_SUBTRACTION_MAX_ELEMENT);
        }
        if (set->n == GR_SUBTRACTION_MAX_SET) {
            free(set);
            return gr_fail(err, GR_EINPUT, "subtraction set has more than %d elements", GR_SUBTRACTION_MAX_SET);
        }
        set->s[set->n++] = v;
        if (!end) break;
        s = end + 1;
    }
    qsort(set->s, set->n, sizeof set->s[0], cmp_u64);
    /* A repeated element adds no move: {1,1,3} is {1,3}. */
    size_t k = 0;
    for (size_t i = 0; i < set->n; i++)
        if (k == 0 || set->s[k - 1] != set->s[i]) set->s[k++] = set->s[i];
    set->n = k;
    g->data = set;
    g->piles = 0;
    return GR_OK;
}

static void release(gr_game *g)
{
    free(g->data);
}

const uint64_t *gr_subtraction_set(const gr_game *g, size_t *n)
{
    if (!g->rs || strcmp(g->rs->name, "subtraction") != 0 || !g->data) return NULL;
    const subset *set = g->data;
    *n = set->n;
    return set->s;
}

static int moves(const gr_game *g, const gr_pos *pos, gr_move_fn fn, void *ctx)
{
    const subset *set = g->data;
    gr_pos r = *pos;
    for (int i = 0; i < pos->n; i++) {
        for (size_t j = 0; j < set->n && set->s[j] <= pos->p[i]; j++) {
            r.p[i] = pos->p[i] - set->s[j];
            gr_move mv = {GR_MOVE_TAKE, i, -1, set->s[j], 0};
            int rc = fn(ctx, &mv, &r);
            if (rc) return rc;
        }
        r.p[i] = pos->p[i];
    }
    return 0;
}

static void canonical(const gr_game *g, gr_pos *pos)
{
    const subset *set = g->data;
    /* A heap smaller than every element has no move under any outcome rule:
     * dropping it leaves the move graph as it was. */
    int k = 0;
    for (int i = 0; i < pos->n; i++)
        if (pos->p[i] >= set->s[0]) pos->p[k++] = pos->p[i];
    pos->n = k;
    gr_pos_sort(pos);
}

static void estimate(const gr_game *g, const gr_pos *pos, double *states, double *edges)
{
    const subset *set = g->data;
    double s = 1;
    for (int i = 0; i < pos->n; i++) s *= (double)pos->p[i] + 1;
    *states = s;
    *edges = s * (double)pos->n * (double)set->n;
}

static int format_move(const gr_game *g, const gr_move *mv, char *buf, size_t len)
{
    (void)g;
    return snprintf(buf, len, "take %" PRIu64 " from heap %d", mv->amount, mv->src);
}

/* The same heap moves as the code whose digit s is 3 for each s in S
 * (remove s, leave nothing or one heap), when S fits a code. */
static int tb_code(const gr_game *g, gr_tb_code *out)
{
    const subset *set = g->data;
    if (set->n == 0 || set->s[set->n - 1] >= GR_TB_MAX_DIGITS) return GR_CODE_NONE;
    memset(out, 0, sizeof *out);
    out->len = (int)set->s[set->n - 1] + 1;
    for (size_t i = 0; i < set->n; i++) out->d[set->s[i]].mask = 3;
    return GR_CODE_HEAPS;
}

static unsigned move_kinds(const gr_game *g)
{
    (void)g;
    return GR_MOVE_BIT(GR_MOVE_TAKE);
}

const gr_ruleset gr_rules_subtraction = {
    .name = "subtraction",
    .summary = "subtraction game: remove s tokens from one heap, s in a finite set S (subtraction:1,3,7)",
    .options = "S            the subtraction set, comma-separated positive integers, e.g. subtraction:1,3,7",
    .move_help = "HEAP AMOUNT   take AMOUNT tokens (an element of S) from heap HEAP (heaps numbered from 0)",
    .flags = GR_RS_HEAPS,
    .tb_code = tb_code,
    .move_kinds = move_kinds,
    .parse = parse,
    .release = release,
    .moves = moves,
    .canonical = canonical,
    .estimate = estimate,
    .format_move = format_move,
};
