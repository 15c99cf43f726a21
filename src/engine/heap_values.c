/* Grundy values of single heaps for the engine: a table G(0..n) made by the
 * nim-sequence engine, and for games whose sequence is ultimately periodic
 * with a certificate (the periodicity theorem of take-and-break games: Kayles,
 * Dawson's Kayles, subtraction games, ...) the value of a heap of any size,
 * G(x) = G(e + (x - e) mod p) for x >= e. See docs/takebreak.md. */
#include "engine_internal.h"
#include "grundy/heapseq.h"
#include "grundy/period.h"
#include <stdlib.h>

/* The table grows by this factor while a period is looked for, up to
 * PERIOD_TABLE_MAX values (4 MiB); beyond that the game is taken as having
 * no period within reach. */
#define PERIOD_TABLE_FIRST 1024u
#define PERIOD_TABLE_MAX (1u << 20)
/* ... and for at most this long (or the limit, when lower). */
#define PERIOD_SECONDS 2.0

static int build_table(gr_engine *e, uint64_t max, const gr_limits *lim, gr_error *err)
{
    if (!(e->game->flags & GR_RS_HEAPS)) return gr_fail(err, GR_EINPUT, "%s is not a game of heaps", e->game->spec);
    struct gr_engine_cache *c = gr_engine_cache(e);
    if (!c) return gr_fail_nomem(err);
    if (c->heap_values && max <= c->heap_n) return GR_OK;
    if (max >= UINT32_MAX)
        return gr_fail(err, GR_EINPUT, "heap %llu is beyond the nim-sequence engine (heaps below 2^32)",
                       (unsigned long long)max);
    /* the table itself counts against the memory limit, before it is made */
    double bytes = ((double)max + 1) * sizeof(uint32_t);
    if (bytes > lim->max_bytes)
        return gr_fail_limit(err, GR_KNOB_MEMORY,
                       "the nim-sequence up to heap %llu needs %.0f MiB for its values alone, over the limit "
                       "of %.0f MiB",
                       (unsigned long long)max, bytes / 1048576.0, lim->max_bytes / 1048576.0);
    uint32_t *v = malloc(((size_t)max + 1) * sizeof *v);
    if (!v) return gr_fail_nomem(err);
    gr_heapseq_info info;
    int rc = gr_heapseq(e->game, GR_HEAPSEQ_AUTO, (uint32_t)max, v, lim, &info, err);
    if (rc) {
        free(v);
        return rc;
    }
    free(c->heap_values);
    c->heap_values = v;
    c->heap_n = max;
    return GR_OK;
}

int gr_engine_heap_table(gr_engine *e, uint64_t max, gr_error *err)
{
    return build_table(e, max, &e->limits, err);
}

/* Looks once for a certified period: tables of growing length until the
 * period found in one is proved by the theorem's check, which needs the
 * table to reach k(e + p) + t - 1. Codes the theorem does not cover (d0
 * splits, constraints, infinite codes such as nim's) are not tried. */
static void find_period(gr_engine *e)
{
    struct gr_engine_cache *c = gr_engine_cache(e);
    if (!c) return;
    if (c->period_tried) return;
    c->period_tried = true;
    gr_tb_code code;
    if (!gr_tb_code_of_heaps(e->game, &code) || code.period) return;
    gr_limits lim = e->limits;
    if (lim.max_seconds > PERIOD_SECONDS) lim.max_seconds = PERIOD_SECONDS;
    /* a table already made (maybe longer than the search would make) is
     * looked at first */
    for (uint64_t n = c->heap_n > PERIOD_TABLE_FIRST ? c->heap_n : PERIOD_TABLE_FIRST;; n *= 4) {
        gr_error quiet;
        gr_error_clear(&quiet);
        if (build_table(e, n, &lim, &quiet) != GR_OK) return;
        gr_period p;
        gr_octal_cert cert;
        if (gr_period_find(c->heap_values, c->heap_n, false, &p)) {
            gr_period_octal(&code, &p, &cert);
            if (!cert.applies) return;
            if (cert.certified) {
                c->periodic = true;
                c->preperiod = p.preperiod;
                c->period = p.period;
                return;
            }
        }
        if (n >= PERIOD_TABLE_MAX) return;
    }
}

int gr_engine_heap_grundy(gr_engine *e, mpz_srcptr x, uint32_t *value, gr_error *err)
{
    struct gr_engine_cache *c = gr_engine_cache(e);
    if (!c) return gr_fail_nomem(err);
    if (c->heap_values && mpz_cmp_ui(x, c->heap_n) <= 0) {
        *value = c->heap_values[mpz_get_ui(x)];
        return GR_OK;
    }
    /* once a period is known it answers every heap past the table; before,
     * only heaps the table would be slow to reach look for one */
    if (c->periodic || mpz_cmp_ui(x, GR_HEAP_TABLE_DIRECT) > 0) {
        find_period(e);
        if (c->periodic) {
            /* the table reaches past e + p (the certificate's check ran there) */
            mpz_t r;
            mpz_init(r);
            mpz_sub_ui(r, x, c->preperiod);
            *value = c->heap_values[c->preperiod + mpz_fdiv_ui(r, c->period)];
            mpz_clear(r);
            return GR_OK;
        }
    }
    if (!mpz_fits_ulong_p(x))
        return gr_fail(err, GR_EINPUT, "a heap of %zu digits is beyond the nim-sequence engine, and %s has no "
                       "certified period", gr_mpz_digits(x), e->game->spec);
    int rc = gr_engine_heap_table(e, mpz_get_ui(x), err);
    if (!rc) *value = c->heap_values[mpz_get_ui(x)];
    return rc;
}

const uint32_t *gr_engine_heap_values(const gr_engine *e, uint64_t *n)
{
    *n = e->cache && e->cache->heap_values ? e->cache->heap_n : 0;
    return e->cache ? e->cache->heap_values : NULL;
}

bool gr_engine_heap_period(const gr_engine *e, uint64_t *preperiod, uint64_t *period)
{
    if (!e->cache || !e->cache->periodic) return false;
    *preperiod = e->cache->preperiod;
    *period = e->cache->period;
    return true;
}
