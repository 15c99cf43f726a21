/* A claim's check honours its limits' stop hook: asked to stop, a long check
 * ends within a second with GR_EINTR, and checks run under gr_claim_run
 * without a stop give the same verdict as before. This is what lets the
 * Python module's check() raise KeyboardInterrupt promptly. */
#include <criterion/criterion.h>
#include <string.h>
#include <time.h>
#include "grundy/claims.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The hook fires from `at` on and records when it was first asked after. */
typedef struct alarm_clock {
    double at;
    double fired;
} alarm_clock;

static int ring(void *ctx)
{
    alarm_clock *a = ctx;
    double t = now();
    if (t < a->at) return 0;
    if (a->fired == 0) a->fired = t;
    return 1;
}

/* The second the checks are given to notice, under AddressSanitizer five. */
static double allowance(void)
{
#if defined(__SANITIZE_ADDRESS__)
    return 5.0;
#else
    return 1.0;
#endif
}

/* Every claim estimated at 0.3 s or more at its default bound runs past the
 * moment the hook fires (0.1 s in); it must return within the allowance. */
Test(claims_stop, long_checks_stop_within_a_second)
{
    int tried = 0;
    for (size_t s = 0; s < gr_seed_count(); s++) {
        const gr_seed_claims *seed = gr_seed_at(s);
        for (size_t i = 0; i < seed->count; i++) {
            const gr_claim *c = &seed->claims[i];
            if (gr_claim_estimate(c, c->default_to) < 0.3) continue;
            gr_limits lim;
            gr_limits_default(&lim);
            alarm_clock a = {.at = now() + 0.1};
            lim.stop = ring;
            lim.stop_ctx = &a;
            gr_claim_result r = {0};
            gr_error err;
            gr_error_clear(&err);
            int rc = gr_claim_run(c, 0, &lim, &r, &err);
            double end = now();
            tried++;
            if (rc == 0 && a.fired == 0) continue;   /* finished before the hook fired */
            cr_expect_eq(rc, GR_EINTR, "%s: rc %d (%s)", c->id, rc, err.msg);
            cr_expect(strstr(err.msg, "stop") != NULL, "%s: %s", c->id, err.msg);
            double late = end - (a.fired ? a.fired : a.at);
            cr_expect(late < allowance(), "%s took %.2f s to stop", c->id, late);
        }
    }
    cr_assert_gt(tried, 10, "only %d long claims", tried);
}

/* Without a stop the verdict is the check's own. */
Test(claims_stop, run_without_stop_gives_the_verdict)
{
    const gr_claim *c = gr_claim_find("001/lemma-9.5");
    cr_assert_not_null(c);
    gr_claim_result r = {0};
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_claim_run(c, 0, NULL, &r, &err), 0, "%s", err.msg);
    cr_assert_eq(r.status, GR_CLAIM_FAILS);
    cr_assert(r.has_cex && r.cex.n == 3 && r.cex.p[0] == 1 && r.cex.p[1] == 2 && r.cex.p[2] == 4);
}

/* A hook that has already fired stops a check before it computes anything. */
Test(claims_stop, fired_hook_stops_at_once)
{
    const gr_claim *c = gr_claim_find("000/thm-thm.ab");
    cr_assert_not_null(c);
    gr_limits lim;
    gr_limits_default(&lim);
    alarm_clock a = {.at = 0};
    lim.stop = ring;
    lim.stop_ctx = &a;
    gr_claim_result r = {0};
    gr_error err;
    gr_error_clear(&err);
    double t0 = now();
    cr_assert_eq(gr_claim_run(c, 0, &lim, &r, &err), GR_EINTR);
    cr_assert_lt(now() - t0, 0.5);
}
