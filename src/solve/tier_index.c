/* The tier index: ranking tables, the rank and unrank of canonical
 * positions (partitions on the complete graph, compositions with a 0 on a
 * graph), canonical form, set-up and checksums. The solver (tier.c) adds the
 * values; the tier files (src/io/tierdb.c) need only this. */
#include "grundy/tier_index.h"
#include "tier_internal.h"
#include <stdlib.h>
#include <string.h>

static int build_cum(gr_tier_tables *tb, int emax, uint64_t smax, gr_error *err)
{
    tb->emax = emax;
    tb->smax = smax;
    if (emax < 1) return GR_OK;
    size_t cells = gr_tier_tri(smax + 1);
    if (smax > 200000 || (double)cells * 8 * (emax + 2) > 8e9)
        return gr_fail_limit(err, 0, "total %llu with %d piles: ranking tables too big",
                       (unsigned long long)smax, emax + 2);
    /* cnt[s][m] (m <= s+1, clipped) for e entries, one layer at a time:
     * cnt_e(s, m) = cnt_{e-1}(s, m) + cnt_e(s-e, m-1): either an entry is 0,
     * or subtract 1 from each of the e entries. */
    uint64_t *prev = malloc(cells * sizeof *prev), *cur = malloc(cells * sizeof *cur);
    if (!prev || !cur) {
        free(prev), free(cur);
        return gr_fail_nomem(err);
    }
    /* e = 0: only the empty partition of 0 */
    for (uint64_t s = 0; s <= smax; s++)
        for (uint64_t m = 0; m <= s + 1; m++) prev[gr_tier_tri(s) + m] = s == 0;
    for (int e = 1; e <= emax; e++) {
        for (uint64_t s = 0; s <= smax; s++)
            for (uint64_t m = 0; m <= s + 1; m++) {
                uint64_t x = prev[gr_tier_tri(s) + m];
                if (s >= (uint64_t)e && m >= 1) {
                    uint64_t s2 = s - (uint64_t)e, m2 = m - 1;
                    if (m2 > s2 + 1) m2 = s2 + 1;
                    x += cur[gr_tier_tri(s2) + m2];
                }
                cur[gr_tier_tri(s) + m] = x;
            }
        uint64_t *c = malloc(cells * sizeof *c);
        if (!c) {
            free(prev), free(cur);
            return gr_fail_nomem(err);
        }
        for (uint64_t s = 0; s <= smax; s++) {
            c[gr_tier_tri(s)] = 0;
            for (uint64_t u = 0; u <= s; u++) {
                uint64_t r = s - u, mm = u > r + 1 ? r + 1 : u;
                c[gr_tier_tri(s) + u + 1] = c[gr_tier_tri(s) + u] + cur[gr_tier_tri(r) + mm];
            }
        }
        tb->cum[e] = c;
        uint64_t *t = prev;
        prev = cur;
        cur = t;
    }
    free(prev), free(cur);
    /* e = 1 has a closed form (cum_get) */
    free(tb->cum[1]);
    tb->cum[1] = NULL;
    return GR_OK;
}

static void part_unrank(const gr_tier_tables *tb, uint64_t r, int k, uint64_t s, uint64_t *mu)
{
    for (int i = 0; i + 1 < k; i++) {
        int e = k - 1 - i;
        uint64_t lo = 0, hi = s;   /* largest m with cum(m) <= r */
        while (lo < hi) {
            uint64_t mid = lo + (hi - lo + 1) / 2;
            if (gr_tier_cum(tb, e, s, mid) <= r) lo = mid;
            else hi = mid - 1;
        }
        mu[i] = lo;
        r -= gr_tier_cum(tb, e, s, lo);
        s -= lo;
    }
    if (k > 0) mu[k - 1] = s;
}

/* ---- compositions (graphs) ---- */

static uint64_t binom(const gr_tier_tables *tb, uint64_t a, int b)
{
    return tb->binom[a * (uint64_t)tb->bn + (uint64_t)b];
}

/* weak compositions of s into k entries */
static uint64_t comps(const gr_tier_tables *tb, int64_t s, int k)
{
    if (s < 0) return 0;
    if (k == 0) return s == 0;
    return binom(tb, (uint64_t)s + (uint64_t)k - 1, k - 1);
}

/* weak compositions w of s into k entries with w < v lexicographically */
static uint64_t lexcount(const gr_tier_tables *tb, int64_t s, int k, const int64_t *v)
{
    uint64_t r = 0;
    for (int i = 0; i < k && s >= 0; i++) {
        if (v[i] <= 0) {
            if (v[i] < 0) break;
            continue;
        }
        int64_t top = v[i] > s ? s + 1 : v[i];   /* u = 0..top-1 */
        /* sum_{u<top} comps(s-u, k-i-1) = comps(s, k-i) - comps(s-top, k-i) */
        r += comps(tb, s, k - i) - comps(tb, s - top, k - i);
        if (v[i] > s) break;
        s -= v[i];
    }
    return r;
}

static int build_binom(gr_tier_tables *tb, int n, uint64_t smax, gr_error *err)
{
    tb->bn = n;
    uint64_t rows = smax + (uint64_t)n + 1;
    tb->binom = calloc(rows * (uint64_t)n, sizeof *tb->binom);
    if (!tb->binom) return gr_fail_nomem(err);
    for (uint64_t a = 0; a < rows; a++)
        for (int b = 0; b < n; b++) {
            uint64_t x;
            if (b == 0) x = 1;
            else if (a == 0) x = 0;
            else {
                x = tb->binom[(a - 1) * n + b] + tb->binom[(a - 1) * n + b - 1];
                if (x < tb->binom[(a - 1) * n + b]) return gr_fail_limit(err, 0, "graph tiers too big to count");
            }
            tb->binom[a * n + b] = x;
        }
    return GR_OK;
}

static uint64_t graph_rank(const gr_tiers *s, const gr_pos *c, uint64_t t)
{
    int64_t v[GR_MAX_PILES] = {0};
    for (int i = 0; i < s->n; i++) v[i] = (int64_t)c->p[i];
    uint64_t r = lexcount(s->tab, (int64_t)t, s->n, v);
    if (t >= (uint64_t)s->n) {
        for (int i = 0; i < s->n; i++) v[i]--;
        r -= lexcount(s->tab, (int64_t)t - s->n, s->n, v);
    }
    return r;
}

/* lexicographically next weak composition of the same sum; false at the end */
bool gr_tier_comp_next(uint64_t *c, int n)
{
    uint64_t tail = c[n - 1];
    for (int i = n - 2; i >= 0; i--) {
        if (tail > 0) {
            c[i]++;
            for (int j = i + 1; j < n - 1; j++) c[j] = 0;
            c[n - 1] = tail - 1;
            return true;
        }
        tail += c[i];
    }
    return false;
}

/* ---- set-up and checksums ---- */

uint64_t gr_tier_fnv(const uint32_t *v, uint64_t count)
{
    return gr_tier_fnv_more(1469598103934665603ULL, v, count);
}

uint64_t gr_tier_fnv_more(uint64_t h, const uint32_t *v, uint64_t count)
{
    for (uint64_t i = 0; i < count; i++)
        for (int b = 0; b < 4; b++) {
            h ^= (v[i] >> (8 * b)) & 0xff;
            h *= 1099511628211ULL;
        }
    return h;
}

uint64_t gr_tiers_checksum(const gr_tiers *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (uint64_t t = 0; t <= s->total; t++)
        for (int b = 0; b < 8; b++) {
            h ^= (s->sum[t] >> (8 * b)) & 0xff;
            h *= 1099511628211ULL;
        }
    return h;
}

struct probe {
    bool (*edge)[GR_MAX_PILES];
};

static int probe_move(void *ctx, const gr_move *mv, const gr_pos *r)
{
    (void)r;
    struct probe *p = ctx;
    if (mv->kind == GR_MOVE_TRANSFER && mv->dst >= 0) p->edge[mv->src][mv->dst] = true;
    return 0;
}

int gr_tiers_init(gr_tiers *s, const gr_game *g, int n, uint64_t total, gr_error *err)
{
    memset(s, 0, sizeof *s);
    enum gr_family fam = g->rs ? gr_game_family(g, NULL) : GR_FAMILY_NONE;
    if ((fam != GR_FAMILY_SHARING && fam != GR_FAMILY_SHARING_GRAPH) || !(g->flags & GR_RS_CONSERVES_TOTAL))
        return gr_fail(err, GR_EINPUT, "the tier solver covers sharing (any piles, any graph), not '%s'", g->spec);
    if (g->piles) n = g->piles;
    if (n < 2 || n > GR_MAX_PILES)
        return gr_fail(err, GR_EINPUT, "the tier solver needs a pile count (piles=n, 2 <= n <= %d)", GR_MAX_PILES);
    int rc = gr_game_check_count(g, n, err);
    if (rc) return rc;
    if (total > 100000) return gr_fail(err, GR_EINPUT, "--total %llu: the tier solver stops at 100000",
                                       (unsigned long long)total);
    s->n = n;
    s->total = total;
    /* Ask the ruleset which transfers it allows: a pile of 2 tokens can send
     * one token exactly where an edge lets it. */
    struct probe pr = {s->edge};
    for (int a = 0; a < n; a++) {
        gr_pos p = {.n = n};
        p.p[a] = 2;
        gr_game_moves(g, &p, probe_move, &pr);
    }
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            if (a != b && !s->edge[a][b]) s->graph = true;
    s->tab = calloc(1, sizeof *s->tab);
    s->size = calloc(total + 1, sizeof *s->size);
    s->v = calloc(total + 1, sizeof *s->v);
    s->sum = calloc(total + 1, sizeof *s->sum);
    if (!s->tab || !s->size || !s->v || !s->sum) {
        gr_tiers_free(s);
        return gr_fail_nomem(err);
    }
    if (s->graph) rc = build_binom(s->tab, n, total, err);
    else rc = build_cum(s->tab, n - 2, total, err);
    if (rc) {
        gr_tiers_free(s);
        return rc;
    }
    for (uint64_t t = 0; t <= total; t++) {
        if (s->graph) s->size[t] = comps(s->tab, (int64_t)t, n) - comps(s->tab, (int64_t)t - n, n);
        else s->size[t] = gr_tier_parts(s->tab, t, n - 1);
        if (s->size[t] > ((uint64_t)1 << 40)) {
            gr_tiers_free(s);
            return gr_fail(err, GR_EINPUT, "tier %llu has too many positions", (unsigned long long)t);
        }
    }
    return GR_OK;
}

void gr_tiers_free(gr_tiers *s)
{
    if (s->v)
        for (uint64_t t = 0; t <= s->total; t++) free(s->v[t]);
    free(s->v);
    free(s->size);
    free(s->sum);
    if (s->tab) {
        for (int e = 0; e < GR_MAX_PILES; e++) free(s->tab->cum[e]);
        free(s->tab->binom);
        free(s->tab);
    }
    memset(s, 0, sizeof *s);
}

uint64_t gr_tiers_positions(const gr_tiers *s)
{
    uint64_t x = 0;
    for (uint64_t t = 0; t <= s->total; t++) x += s->size[t];
    return x;
}

uint64_t gr_tiers_canonical(const gr_tiers *s, gr_pos *pos)
{
    uint64_t m = UINT64_MAX, t = 0;
    for (int i = 0; i < pos->n; i++)
        if (pos->p[i] < m) m = pos->p[i];
    for (int i = 0; i < pos->n; i++) {
        pos->p[i] -= m;
        t += pos->p[i];
    }
    if (!s->graph) /* a handful of piles: insertion sort beats qsort's calls */
        for (int i = 1; i < pos->n; i++) {
            uint64_t x = pos->p[i];
            int j = i;
            for (; j > 0 && pos->p[j - 1] > x; j--) pos->p[j] = pos->p[j - 1];
            pos->p[j] = x;
        }
    return t;
}

uint64_t gr_tiers_rank(const gr_tiers *s, const gr_pos *c)
{
    uint64_t t = 0;
    for (int i = 0; i < c->n; i++) t += c->p[i];
    if (s->graph) return graph_rank(s, c, t);
    uint64_t mu[GR_MAX_PILES];
    int k = s->n - 1;
    for (int i = 0; i < k; i++) mu[i] = c->p[s->n - 1 - i];   /* drop the 0, descending */
    return gr_tier_part_rank(s->tab, mu, k, t);
}

void gr_tiers_unrank(const gr_tiers *s, uint64_t t, uint64_t rank, gr_pos *out)
{
    out->n = s->n;
    if (s->graph) {
        /* entry by entry: count the completions with at least one 0 */
        uint64_t rem = t;
        bool zero = false;
        for (int i = 0; i < s->n; i++) {
            int k = s->n - 1 - i;   /* entries after this one */
            for (uint64_t u = 0;; u++) {
                uint64_t left = rem - u, cnt;
                bool z = zero || u == 0;
                if (k == 0) cnt = left == 0 && z;
                else cnt = comps(s->tab, (int64_t)left, k) - (z ? 0 : comps(s->tab, (int64_t)left - k, k));
                if (rank < cnt || u == rem) {
                    out->p[i] = u;
                    rem -= u;
                    zero = z;
                    break;
                }
                rank -= cnt;
            }
        }
        return;
    }
    uint64_t mu[GR_MAX_PILES];
    part_unrank(s->tab, rank, s->n - 1, t, mu);
    out->p[0] = 0;
    for (int i = 0; i < s->n - 1; i++) out->p[s->n - 1 - i] = mu[i];
}

int gr_tiers_value(const gr_tiers *s, const gr_pos *pos, uint32_t *value, gr_error *err)
{
    if (pos->n != s->n) return gr_fail(err, GR_EINPUT, "the stored results have %d piles, the position %d", s->n, pos->n);
    gr_pos c = *pos;
    uint64_t t = gr_tiers_canonical(s, &c);
    if (t > s->total || !s->v[t])
        return gr_fail(err, GR_EINPUT, "canonical total %llu is not among the stored results (to %llu)",
                       (unsigned long long)t, (unsigned long long)s->total);
    *value = s->v[t][gr_tiers_rank(s, &c)];
    return GR_OK;
}

/* ---- enumeration in rank order (complete graph) ---- */

/* Balanced fill of mu[i..k-1] with sum rem: the lexicographically least. */
void gr_tier_part_first(uint64_t *mu, int i, int k, uint64_t rem)
{
    for (; i < k; i++) {
        uint64_t left = (uint64_t)(k - i);
        mu[i] = (rem + left - 1) / left;
        rem -= mu[i];
    }
}

/* Next partition in increasing lexicographic order of descending entries. */
bool gr_tier_part_next(uint64_t *mu, int k)
{
    uint64_t rem = mu[k - 1];
    for (int i = k - 2; i >= 0; i--) {
        rem += mu[i];
        uint64_t cap = i > 0 ? mu[i - 1] : UINT64_MAX;
        if (mu[i] + 1 <= cap && mu[i] + 1 <= rem) {
            mu[i]++;
            gr_tier_part_first(mu, i + 1, k, rem - mu[i]);
            return true;
        }
    }
    return false;
}
