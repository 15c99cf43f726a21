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

/* The table made again by the engine's method (heap_value.c) when it does
 * not reach max, or when a method was named and another made it. */
static int build_table(gr_engine *e, uint64_t max, const gr_limits *lim, gr_error *err)
{
    if (!(e->game->flags & GR_RS_HEAPS)) return gr_fail(err, GR_EINPUT, "%s is not a game of heaps", e->game->spec);
    struct gr_engine_cache *c = gr_engine_cache(e);
    if (!c) return gr_fail_nomem(err);
    int m = e->heap_method;
    bool named = m == GR_HEAP_SPARSE || m == GR_HEAP_FAST || m == GR_HEAP_SIMPLE || m == GR_HEAP_FILE;
    if (c->heap_values && max <= c->heap_n && (!named || c->heap_by == m)) return GR_OK;
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
    uint32_t *v;
    const char *how;
    int by;
    int rc = gr_engine_heap_build(e, max, lim, &v, &how, &by, err);
    if (rc) return rc;
    free(c->heap_values);
    c->heap_values = v;
    c->heap_n = max;
    c->heap_how = how;
    c->heap_by = by;
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
    /* whether the theorem covers the code depends on the code alone (a
     * plain period stands in): Grundy's game, with its constraint, is not
     * worth the tables */
    gr_period any = {.found = true, .period = 1};
    gr_octal_cert cover;
    gr_period_octal(&code, &any, &cover);
    if (!cover.applies) return;
    gr_limits lim = e->limits;
    if (lim.max_seconds > PERIOD_SECONDS) lim.max_seconds = PERIOD_SECONDS;
    /* the sparse method reaches a certificate far sooner where it covers
     * the code; a table already made is looked at first all the same */
    gr_error quiet;
    gr_error_clear(&quiet);
    if (!(c->heap_values && c->heap_n >= PERIOD_TABLE_MAX) && gr_engine_heap_sparse_period(e, 0, &lim, &quiet) == GR_OK)
        return;
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
    int m = e->heap_file ? GR_HEAP_FILE : e->heap_method;
    /* a stored file answers each heap from its own block, at any size */
    if (m == GR_HEAP_FILE) return gr_engine_heap_file_value(e, x, value, err);
    bool table_only = m == GR_HEAP_FILE || m == GR_HEAP_SPARSE || m == GR_HEAP_FAST || m == GR_HEAP_SIMPLE;
    if (c->heap_values && mpz_cmp_ui(x, c->heap_n) <= 0 && (!table_only || c->heap_by == m)) {
        *value = c->heap_values[mpz_get_ui(x)];
        return GR_OK;
    }
    if (m == GR_HEAP_PERIOD) {
        find_period(e);
        if (!c->periodic)
            return gr_fail(err, GR_EINPUT, "%s has no period the periodicity theorem certifies within reach (it "
                           "covers finite octal codes; the search stops after %.0f s)", e->game->spec, PERIOD_SECONDS);
    }
    /* A large heap of a code the sparse method covers: one run to it that
     * stops early where a period is certified. When that run is refused by
     * the limits, the period alone may still answer (below). */
    gr_error refused;
    gr_error_clear(&refused);
    if (m == GR_HEAP_AUTO && !c->periodic && !c->period_tried && mpz_cmp_ui(x, GR_HEAP_TABLE_DIRECT) > 0 &&
        mpz_cmp_ui(x, UINT32_MAX - 1) < 0) {
        int rc = gr_engine_heap_sparse_period(e, mpz_get_ui(x) + 1, &e->limits, &refused);
        if (rc == GR_OK) {
            c->period_tried = true;   /* looked for all the way to x */
            if (mpz_cmp_ui(x, c->heap_n) <= 0) {
                *value = c->heap_values[mpz_get_ui(x)];
                return GR_OK;
            }
        } else if (rc > 0 && rc != GR_ELIMIT) {
            return gr_fail_again(err, &refused);
        }
    }
    /* once a period is known it answers every heap past the table; before,
     * only heaps the table would be slow to reach look for one */
    if (!table_only && (c->periodic || mpz_cmp_ui(x, GR_HEAP_TABLE_DIRECT) > 0)) {
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
    /* the run to x was refused: the same run again would be */
    if (refused.code) return gr_fail_again(err, &refused);
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
