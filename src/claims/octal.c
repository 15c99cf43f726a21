/* Published results on octal games (not a seed paper: the literature the
 * nim-sequence engine measures itself against): periods found by Gangolli
 * and Plambeck and by Flammenkamp, re-derived from scratch by the
 * sparse-space engine and certified by the periodicity theorem; games with
 * no period in range; tables that list two codes as one game. Every check
 * computes from the rules; nothing published is assumed. */
#include "grundy/claims.h"
#include "grundy/sparse.h"
#include "grundy/solve.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Claims are checked with a generous time limit: --to is the user's say. */
#define CHECK_SECONDS 7200.0

static gr_pos heap(uint64_t x)
{
    return (gr_pos){.n = 1, .p = {x}};
}

/* G(0..to), stopping early once a period is certified when `until`; the
 * claim's stop hook (cr's limits) stops the run. */
static int run(const char *rules, uint64_t to, bool until, const gr_claim_result *cr, gr_sparse_result *r,
               double *secs, gr_error *err)
{
    gr_tb_code c;
    int rc = gr_tb_parse(&c, rules + 3, err);   /* "tb:" */
    if (rc) return rc;
    gr_sparse_job j = {.code = &c, .rules = rules, .to = to, .until_period = until, .period = true};
    gr_limits_default(&j.lim);
    j.lim.max_seconds = CHECK_SECONDS;
    if (cr->limits) j.lim.stop = cr->limits->stop, j.lim.stop_ctx = cr->limits->stop_ctx;
    double t0 = gr_monotonic_seconds();
    rc = gr_sparse_job_run(&j, r, err);
    *secs = gr_monotonic_seconds() - t0;
    if (rc) {
        gr_sparse_free(r->s);
        r->s = NULL;
    }
    return rc;
}

/* A published period: the preperiod e (one past the last exception) and
 * the period p. */
typedef struct published {
    const char *rules;
    uint64_t preperiod, period;
} published;

static int check_period(const published *pub, uint64_t to, gr_claim_result *r, gr_error *err)
{
    gr_sparse_result s;
    double secs;
    int rc = run(pub->rules, to, true, r, &s, &secs, err);
    if (rc) return rc;
    uint64_t n = gr_sparse_count(s.s), p = pub->period;
    if (s.cert.certified) {
        if (s.per.period == pub->period && s.per.preperiod == pub->preperiod) {
            gr_claim_holds(r, "certified from G(0..%llu) (%.1f s): preperiod %llu, period %llu", (unsigned long long)(n - 1),
                           secs, (unsigned long long)s.per.preperiod, (unsigned long long)s.per.period);
        } else {
            /* The smallest heap past the published preperiod where the
             * published period breaks, scanned in increasing order. */
            uint64_t x = pub->preperiod;
            gr_claim_holds(r, "every heap from the published preperiod %llu up, in increasing order",
                           (unsigned long long)x);
            while (x + p < n && gr_sparse_value(s.s, x) == gr_sparse_value(s.s, x + p)) x++;
            bool found = x + p < n;
            gr_pos cex = heap(x);
            char why[160] = "";
            if (found)
                snprintf(why, sizeof why, "; scanned from heap %llu up: G(%llu) = %u but G(%llu) = %u",
                         (unsigned long long)pub->preperiod, (unsigned long long)x, gr_sparse_value(s.s, x),
                         (unsigned long long)(x + p), gr_sparse_value(s.s, x + p));
            gr_claim_fails(r, found ? &cex : NULL,
                           "certified from G(0..%llu) (%.1f s): preperiod %llu, period %llu, so the last exception is "
                           "heap %llu%s", (unsigned long long)(n - 1), secs, (unsigned long long)s.per.preperiod,
                           (unsigned long long)s.per.period, (unsigned long long)(s.per.preperiod - 1), why);
        }
    } else {
        /* Not certified yet: does the data contradict the published pair? */
        uint64_t bad = UINT64_MAX;
        gr_claim_holds(r, "every heap from the published preperiod %llu up, in increasing order",
                       (unsigned long long)pub->preperiod);
        for (uint64_t x = pub->preperiod; x + p < n; x++)
            if (gr_sparse_value(s.s, x) != gr_sparse_value(s.s, x + p)) {
                bad = x;
                break;
            }
        if (bad != UINT64_MAX) {
            gr_pos cex = heap(bad);
            gr_claim_fails(r, &cex, "G(%llu) = %u but G(%llu) = %u, past the published preperiod (%.1f s)",
                           (unsigned long long)bad, gr_sparse_value(s.s, bad), (unsigned long long)(bad + p),
                           gr_sparse_value(s.s, bad + p), secs);
        } else {
            uint64_t need = 2 * (pub->preperiod + p) + 16;
            gr_claim_unchecked(r, "G(0..%llu) agrees with it (%.1f s); the periodicity theorem needs G up to about %llu "
                               "(--to %llu)", (unsigned long long)(n - 1), secs, (unsigned long long)need,
                               (unsigned long long)need);
        }
    }
    gr_sparse_free(s.s);
    return GR_OK;
}

/* A game said to be ultimately periodic without published numbers here:
 * holds once a period is certified. */
static int check_some_period(const char *rules, uint64_t to, gr_claim_result *r, gr_error *err)
{
    gr_sparse_result s;
    double secs;
    int rc = run(rules, to, true, r, &s, &secs, err);
    if (rc) return rc;
    uint64_t n = gr_sparse_count(s.s);
    if (s.cert.certified)
        gr_claim_holds(r, "certified from G(0..%llu) (%.1f s): preperiod %llu, period %llu, %llu rare heaps",
                       (unsigned long long)(n - 1), secs, (unsigned long long)s.per.preperiod,
                       (unsigned long long)s.per.period, (unsigned long long)gr_sparse_rare_count(s.s));
    else
        gr_claim_unchecked(r, "no period certified in G(0..%llu) (%.1f s; %llu rare heaps, largest value %u): run "
                           "further with --to", (unsigned long long)(n - 1), secs,
                           (unsigned long long)gr_sparse_rare_count(s.s), gr_sparse_max_value(s.s));
    gr_sparse_free(s.s);
    return GR_OK;
}

/* Games with no known period: holds while none is certified in range;
 * reports the rare heaps, the largest value and the time. */
static int check_open(const char *rules, uint64_t to, gr_claim_result *r, gr_error *err)
{
    gr_sparse_result s;
    double secs;
    int rc = run(rules, to, false, r, &s, &secs, err);
    if (rc) return rc;
    uint64_t n = gr_sparse_count(s.s);
    if (s.cert.certified)
        gr_claim_fails(r, NULL, "a period is certified from G(0..%llu): preperiod %llu, period %llu",
                       (unsigned long long)(n - 1), (unsigned long long)s.per.preperiod,
                       (unsigned long long)s.per.period);
    else
        gr_claim_holds(r, "G(0..%llu) in %.1f s: no period; mask %#x, %llu rare heaps (the last at %llu), largest "
                       "value %u", (unsigned long long)(n - 1), secs, gr_sparse_mask(s.s),
                       (unsigned long long)gr_sparse_rare_count(s.s),
                       (unsigned long long)(gr_sparse_rare_count(s.s)
                                                ? gr_sparse_rare_heap(s.s, gr_sparse_rare_count(s.s) - 1)
                                                : 0),
                       gr_sparse_max_value(s.s));
    gr_sparse_free(s.s);
    return GR_OK;
}

/* Two codes listed as one game: the first heap where they differ. */
static int check_same_game(const char *a, const char *b, uint64_t to, gr_claim_result *r, gr_error *err)
{
    gr_sparse_result sa, sb;
    double ta, tb;
    int rc = run(a, to, false, r, &sa, &ta, err);
    if (rc) return rc;
    if ((rc = run(b, to, false, r, &sb, &tb, err))) {
        gr_sparse_free(sa.s);
        return rc;
    }
    gr_claim_holds(r, "every heap 0..%llu of both codes, in increasing order", (unsigned long long)to);
    uint64_t x = 0;
    while (x <= to && gr_sparse_value(sa.s, x) == gr_sparse_value(sb.s, x)) x++;
    if (x <= to) {
        gr_pos cex = heap(x);
        gr_claim_fails(r, &cex, "scanned in increasing order: G(%llu) = %u for %s and %u for %s", (unsigned long long)x,
                       gr_sparse_value(sa.s, x), a + 3, gr_sparse_value(sb.s, x), b + 3);
    } else {
        gr_claim_holds(r, "the same values on every heap up to %llu", (unsigned long long)to);
    }
    gr_sparse_free(sa.s);
    gr_sparse_free(sb.s);
    return GR_OK;
}

static int check_161_36(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    return check_same_game("tb:0.161", "tb:0.36", to, r, err);
}

/* What each claim says of which game. A published period has a preperiod;
 * "periodic" ones have none published here; open games have none known. */
enum fact_kind { PUBLISHED, PERIODIC, OPEN };
typedef struct fact {
    const char *id;
    int kind;
    published pub;
} fact;

static const fact facts[] = {
    {"octal/period-.16", PUBLISHED, {"tb:0.16", 105351, 149459}},
    {"octal/period-.56", PUBLISHED, {"tb:0.56", 326638, 144}},
    {"octal/period-.127", PUBLISHED, {"tb:0.127", 46578, 4}},
    {"octal/period-.1777", PUBLISHED, {"tb:0.1777", 160949018, 60620715}},
    {"octal/period-.376", PERIODIC, {"tb:0.376", 0, 0}},
    {"octal/period-.354", PERIODIC, {"tb:0.354", 0, 0}},
    {"octal/grundy-game-open", OPEN, {"tb:4!.", 0, 0}},
    {"octal/officers-open", OPEN, {"tb:0.6", 0, 0}},
};

static int check_fact(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++) {
        const fact *f = &facts[i];
        if (strcmp(f->id, c->id) != 0) continue;
        if (f->kind == PUBLISHED) return check_period(&f->pub, to, r, err);
        if (f->kind == PERIODIC) return check_some_period(f->pub.rules, to, r, err);
        return check_open(f->pub.rules, to, r, err);
    }
    return gr_fail(err, GR_EINTERNAL, "%s has no fact to check", c->id);
}

static const gr_claim claims[] = {
    {"octal/period-.16", "Gangolli and Plambeck (1989): .16 is ultimately periodic with period 149459, the last "
                         "exception at heap 105350 (preperiod 105351)",
     "G(x + p) = G(x) for every x >= preperiod; certified by the periodicity theorem", 600000, check_fact},
    {"octal/period-.56", "Gangolli and Plambeck (1989), as OEIS A071436 states it: .56 is ultimately periodic with "
                         "period 144, the last exception at heap 326637 (preperiod 326638)",
     "as for .16; 'exception' is a heap x with G(x) != G(x + p)", 800000, check_fact},
    {"octal/period-.127", "Gangolli and Plambeck (1989), as OEIS A071464 states it: .127 is ultimately periodic with "
                          "period 4, the last exception at heap 46577",
     "as for .16", 200000, check_fact},
    {"octal/period-.376", "Gangolli and Plambeck (1989): .376 is ultimately periodic",
     "holds once a period is certified within --to (found here: preperiod 2268248, period 4)", 4600000, check_fact},
    {"octal/period-.354", "Flammenkamp: .354 is ultimately periodic, with a preperiod of about 10^7",
     "holds once a period is certified within --to (found here: preperiod 10061916, period 1180)", 20200000,
     check_fact},
    {"octal/period-.1777", "Flammenkamp (OEIS A071509): .1777 is ultimately periodic with period 60620715, the last "
                           "exception at heap 160949017",
     "certification needs G up to 443139469: --to 450000000 --max-seconds 600 (about 2 minutes and 0.9 GiB here)", 2000000,
     check_fact},
    {"octal/grundy-game-open", "Grundy's game (4!.) has no known period (Flammenkamp computed it to 2^35)",
     "holds while no period is certified in range; the report gives the rare heaps", 300000, check_fact},
    {"octal/officers-open", "Officers (.6) has no known period (Grossman computed about 1.4e14 values)",
     "as for Grundy's game", 300000, check_fact},
    {"octal/same-.161-.36", "Octal tables list .161 and .36 as the same game (one nim-sequence)",
     "the nim-sequences compared heap by heap from 0", 2000, check_161_36},
};

const gr_seed_claims gr_claims_octal = {
    .seed = "octal",
    .title = "Published periods and identities of octal games (Gangolli and Plambeck, Flammenkamp, Grossman)",
    .claims = claims,
    .count = sizeof claims / sizeof claims[0],
};
