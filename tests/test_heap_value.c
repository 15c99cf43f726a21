/* Heap games answered through the answer layer by every heap method
 * (grundy/engine.h's enum gr_heap_method): each equals the generic search
 * on every position up to a bound, the certified period answers heaps past
 * 10^12 by their residue, a stored sequence file answers as the engine
 * computes, and the sparse method's policy knows its value limit. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "grundy/api.h"
#include "grundy/heapseq.h"
#include "grundy/sparse.h"
#include "test_scale.h"

#define PAIR(k, v) {k, sizeof k - 1, v, sizeof v - 1}

/* The value of `pos` under `rules` by `method` (NULL: auto), from the
 * sequence file `in` (NULL: none); the reply's method text into how. */
static int value_by(int verb, const char *rules, const char *pos, const char *method, const char *in,
                    unsigned long *value, char *how, size_t len, gr_error *err)
{
    gr_api_pair p[4] = {{"rules", 5, rules, strlen(rules)}, {"pos", 3, pos, strlen(pos)}};
    size_t n = 2;
    if (method) p[n++] = (gr_api_pair){"method", 6, method, strlen(method)};
    if (in) p[n++] = (gr_api_pair){"in", 2, in, strlen(in)};
    gr_api_request r;
    gr_api_request_init(&r, verb, GR_FRONT_PYTHON);
    gr_error_clear(err);
    int rc = gr_api_request_fill(&r, p, n, err);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    if (!rc) rc = gr_api_call(NULL, &r, &rep, err);
    if (!rc) {
        cr_assert(rep.here.has_value, "%s %s: no value", rules, pos);
        *value = mpz_get_ui(rep.here.value);
        if (how) snprintf(how, len, "%s", rep.here.method);
    }
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&r);
    return rc;
}

static unsigned long value_of(const char *rules, const char *pos, const char *method, char *how, size_t len)
{
    unsigned long v = 0;
    gr_error err;
    int rc = value_by(GR_API_VALUE, rules, pos, method, NULL, &v, how, len, &err);
    cr_assert_eq(rc, GR_OK, "%s %s by %s: %s", rules, pos, method ? method : "auto", err.msg);
    return v;
}

typedef struct heap_game {
    const char *rules;
    bool sparse, fast;         /* the sparse and the fast method cover it */
} heap_game;

static const heap_game games[] = {
    {"tb:0.6", true, true},        {"tb:0.16", true, true},  {"tb:0.77", true, true},
    {"grundy-game", true, true},   {"split:parts=2", true, true}, {"tb:4.[3]", true, true},
    {"subtraction:1,3,7", false, false}, {"tb:0.137", true, true},  {"split:parts=3", false, true},
};

Test(heap_value, every_method_equals_search_on_single_heaps)
{
    const char *methods[] = {"sparse", "fast", "simple", "auto"};
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        /* search reaches no more than 32 heaps */
        for (int n = 0; n <= GR_TEST_SIZE(32, 18); n++) {
            char pos[16], how[64];
            snprintf(pos, sizeof pos, "%d", n);
            unsigned long want = value_of(games[g].rules, pos, "search", how, sizeof how);
            cr_assert_str_eq(how, "search");
            for (size_t m = 0; m < sizeof methods / sizeof methods[0]; m++) {
                if (!games[g].sparse && strcmp(methods[m], "sparse") == 0) continue;
                if (!games[g].fast && strcmp(methods[m], "fast") == 0) continue;
                unsigned long got = value_of(games[g].rules, pos, methods[m], how, sizeof how);
                cr_assert_eq(got, want, "%s heap %d by %s (%s): %lu, search %lu", games[g].rules, n, methods[m], how,
                             got, want);
                if (strcmp(methods[m], "auto") != 0)
                    cr_assert(strstr(how, methods[m]), "%s by %s named '%s'", games[g].rules, methods[m], how);
            }
        }
    }
}

Test(heap_value, sums_are_the_xor_and_equal_search)
{
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++)
        for (int a = 0; a <= 12; a++)
            for (int b = a; b <= 12; b += 3) {
                char pos[32];
                snprintf(pos, sizeof pos, "%d,%d", a, b);
                unsigned long want = value_of(games[g].rules, pos, "search", NULL, 0);
                const char *m = games[g].sparse ? "sparse" : games[g].fast ? "fast" : "simple";
                cr_assert_eq(value_of(games[g].rules, pos, m, NULL, 0), want, "%s %s by %s", games[g].rules, pos, m);
                cr_assert_eq(value_of(games[g].rules, pos, NULL, NULL, 0), want, "%s %s", games[g].rules, pos);
            }
}

/* G(0..n) by the fast method, straight through. */
static uint32_t *straight(const char *rules, uint32_t n)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, rules, &err), GR_OK, "%s", err.msg);
    uint32_t *v = malloc(((size_t)n + 1) * sizeof *v);
    gr_limits lim;
    gr_limits_default(&lim);
    gr_heapseq_info info;
    cr_assert_eq(gr_heapseq(&g, GR_HEAPSEQ_FAST, n, v, &lim, &info, &err), GR_OK, "%s", err.msg);
    gr_game_release(&g);
    return v;
}

/* Heaps past 10^12 of codes with a certified period: the period's method,
 * and the value of the residue (preperiod and period as docs/takebreak.md
 * lists them: .16 preperiod 0... found by the engine, checked here against
 * a straight table through two periods past the preperiod). */
Test(heap_value, certified_periods_answer_huge_heaps_by_their_residue)
{
    static const struct {
        const char *rules;
        unsigned long pre, per;
    } codes[] = {{"tb:0.77", 71, 12}, {"tb:0.137", 0, 0}, {"tb:0.16", 0, 0}};
    /* (.16's certificate takes 520,000 heaps: the plain build's alone) */
    for (size_t i = 0; i < GR_TEST_SIZE(3, 2); i++) {
        const char *rules = codes[i].rules;
        char how[64];
        /* the period, through the engine */
        gr_game g;
        gr_error err;
        gr_error_clear(&err);
        cr_assert_eq(gr_game_parse(&g, rules, &err), GR_OK);
        gr_outcome o;
        gr_outcome_init_normal(&o);
        gr_engine *e = gr_engine_new(&g, &o, NULL, &err);
        mpz_t x;
        mpz_init_set_str(x, "1000000000000", 10);
        uint32_t v;
        cr_assert_eq(gr_engine_heap_grundy(e, x, &v, &err), GR_OK, "%s: %s", rules, err.msg);
        uint64_t pre, per, have;
        cr_assert(gr_engine_heap_period(e, &pre, &per), "%s: no period", rules);
        if (codes[i].per) cr_assert(per == codes[i].per && pre <= codes[i].pre, "%s: %llu %llu", rules,
                                    (unsigned long long)pre, (unsigned long long)per);
        /* the engine's table reaches the certificate: periodic through it,
         * and the same as a straight computation on its first heaps */
        const uint32_t *kept = gr_engine_heap_values(e, &have);
        cr_assert(have >= pre + per, "%s: table to %llu", rules, (unsigned long long)have);
        uint32_t *t = malloc((have + 1) * sizeof *t);
        memcpy(t, kept, (have + 1) * sizeof *t);
        uint32_t first = have < 20000 ? (uint32_t)have : 20000;
        uint32_t *s = straight(rules, first);
        cr_assert_arr_eq(s, t, (first + 1) * sizeof *t, "%s", rules);
        free(s);
        for (uint64_t y = pre; y + per <= have; y++)
            cr_assert_eq(t[y], t[y + per], "%s at %llu", rules, (unsigned long long)y);
        gr_engine_free(e);
        gr_game_release(&g);
        mpz_clear(x);
        const char *huge[] = {"1000000000000", "1000000000001", "999999999999999999999", "123456789012345678901234567"};
        for (size_t h = 0; h < sizeof huge / sizeof huge[0]; h += GR_TEST_SIZE(1, 3)) {
            mpz_t n;
            mpz_init_set_str(n, huge[h], 10);
            mpz_sub_ui(n, n, pre);
            uint64_t r = pre + mpz_fdiv_ui(n, per);
            mpz_clear(n);
            cr_assert_eq(value_of(rules, huge[h], NULL, how, sizeof how), t[r], "%s heap %s", rules, huge[h]);
            cr_assert_str_eq(how, "nim-sequence, certified period");
            cr_assert_eq(value_of(rules, huge[h], "period", NULL, 0), t[r], "%s heap %s by period", rules, huge[h]);
            /* a sum: the XOR */
            char sum[96];
            snprintf(sum, sizeof sum, "%s,%s,17", huge[h], huge[h]);
            cr_assert_eq(value_of(rules, sum, NULL, NULL, 0), t[17], "%s %s", rules, sum);
        }
        free(t);
    }
}

Test(heap_value, a_stored_file_answers_as_computed)
{
    char path[] = "/tmp/grundy_heap_value_XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    unlink(path);
    gr_tb_code c;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_tb_parse(&c, "0.6", &err), GR_OK);
    gr_sparse_job j = {.code = &c, .rules = "tb:0.6", .to = 5000, .out = path};
    gr_limits_default(&j.lim);
    gr_sparse_result res;
    cr_assert_eq(gr_sparse_job_run(&j, &res, &err), GR_OK, "%s", err.msg);
    gr_sparse_free(res.s);
    uint32_t *t = straight("tb:0.6", 5000);
    for (uint32_t n = 0; n <= 5000; n += 7) {
        char pos[32], how[64];
        snprintf(pos, sizeof pos, "%u,%u", n, 5000 - n);
        unsigned long v;
        cr_assert_eq(value_by(GR_API_VALUE, "tb:0.6", pos, NULL, path, &v, how, sizeof how, &err), GR_OK, "%s",
                     err.msg);
        cr_assert_eq(v, t[n] ^ t[5000 - n], "heaps %s", pos);
        cr_assert_str_eq(how, "nim-sequence, stored file");
    }
    /* a heap past the file, another ruleset's file: one-line input errors */
    unsigned long v;
    cr_assert_eq(value_by(GR_API_VALUE, "tb:0.6", "5001", NULL, path, &v, NULL, 0, &err), GR_EINPUT);
    cr_assert(strstr(err.msg, "holds G(0..5000); heap 5001 is past it"), "%s", err.msg);
    cr_assert_eq(value_by(GR_API_VALUE, "tb:0.7", "12", NULL, path, &v, NULL, 0, &err), GR_EINPUT);
    cr_assert(strstr(err.msg, "holds the nim-sequence of tb:0.6, not of tb:0.7"), "%s", err.msg);
    cr_assert_eq(value_by(GR_API_VALUE, "tb:0.6", "12", "sparse", path, &v, NULL, 0, &err), GR_OK, "%s", err.msg);
    cr_assert_eq(v, t[12]);
    cr_assert_eq(value_by(GR_API_VALUE, "tb:0.6", "12", NULL, "/nonexistent/seq", &v, NULL, 0, &err), GR_EINPUT);
    cr_assert_null(strchr(err.msg, '\n'));
    /* the file is the command line's and Python's, never the network's */
    gr_api_pair p[] = {PAIR("rules", "tb:0.6"), PAIR("pos", "3"), PAIR("in", "/etc/passwd")};
    gr_api_request r;
    gr_api_request_init(&r, GR_API_VALUE, GR_FRONT_HTTP);
    cr_assert_eq(gr_api_request_fill(&r, p, 3, &err), GR_EINPUT);
    gr_api_request_clear(&r);
    free(t);
    unlink(path);
}

Test(heap_value, bad_methods_are_input_errors)
{
    unsigned long v;
    gr_error err;
    cr_assert_eq(value_by(GR_API_VALUE, "tb:0.6", "3", "bogus", NULL, &v, NULL, 0, &err), GR_EINPUT);
    cr_assert(strstr(err.msg, "expected auto, period, file"), "%s", err.msg);
    cr_assert_eq(value_by(GR_API_VALUE, "subtraction:1,3,7", "30", "sparse", NULL, &v, NULL, 0, &err), GR_EINPUT);
    cr_assert_eq(value_by(GR_API_VALUE, "tb:0.6", "30", "file", NULL, &v, NULL, 0, &err), GR_EINPUT);
    cr_assert_eq(value_by(GR_API_VALUE, "sharing", "3,4,5", "fast", NULL, &v, NULL, 0, &err), GR_EINPUT);
}

/* Large heaps: the winning moves of a heap game from its sequence, each
 * a split into a + b with G(a) ^ G(b) = 0 (Grundy's game), as many as a
 * straight table counts. */
Test(heap_value, winning_moves_of_a_large_heap_come_from_the_sequence)
{
    const uint32_t n = GR_TEST_SIZE(70000, 24000);
    char heap[16];
    snprintf(heap, sizeof heap, "%u", n);
    uint32_t *t = straight("grundy-game", n);
    unsigned long want = 0;
    for (uint32_t a = 1; 2 * a < n; a++) want += (t[a] ^ t[n - a]) == 0;
    cr_assert(want > 0);
    gr_api_pair p[] = {PAIR("rules", "grundy-game"), {"pos", 3, heap, strlen(heap)}, PAIR("winning", "1")};
    gr_api_request r;
    gr_api_request_init(&r, GR_API_MOVES, GR_FRONT_PYTHON);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_api_request_fill(&r, p, 3, &err), GR_OK, "%s", err.msg);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    cr_assert_eq(gr_api_call(NULL, &r, &rep, &err), GR_OK, "%s", err.msg);
    cr_assert_eq(mpz_get_ui(rep.here.value), t[n]);
    cr_assert_eq(rep.nmoves, want);
    cr_assert_eq(mpz_get_ui(rep.total), (n - 1) / 2);
    for (size_t i = 0; i < rep.nmoves; i++) {
        const gr_api_move *m = &rep.moves[i];
        cr_assert(m->winning);
        unsigned long a = mpz_get_ui(m->result.p[0]), b = mpz_get_ui(m->result.p[1]);
        cr_assert_eq(a + b, n);
        cr_assert_eq(t[a] ^ t[b], 0, "split %lu %lu", a, b);
    }
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&r);
    free(t);
}

/* The method policy: sparse where it gains and covers the code, not where
 * the values grow past what it stores (split into two heaps: G(n) near n). */
Test(heap_value, the_policy_knows_the_sparse_value_limit)
{
    static const struct {
        const char *rules;
        uint64_t to;
        bool sparse;
    } cases[] = {{"grundy-game", 70000, true},  {"tb:0.6", 70000, true},         {"tb:0.6", 1000, false},
                 {"split:parts=2", 70000, false}, {"tb:4.[3]", 70000, false},    {"tb:4!.[3]", 70000, false},
                 {"split:parts=2", 60000, true},  {"subtraction:1,3,7", 70000, false}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_game g;
        gr_error err;
        gr_error_clear(&err);
        cr_assert_eq(gr_game_parse(&g, cases[i].rules, &err), GR_OK, "%s", err.msg);
        cr_assert_eq(gr_api_seq_wants_sparse(&g, cases[i].to), cases[i].sparse, "%s to %llu", cases[i].rules,
                     (unsigned long long)cases[i].to);
        gr_game_release(&g);
    }
}

/* A run the measured rate puts past the limit is refused, saying so. */
Test(heap_value, long_runs_are_refused_by_the_measured_rate)
{
    gr_api_pair p[] = {PAIR("rules", "grundy-game"), PAIR("pos", "3000000"), PAIR("max-seconds", "1")};
    gr_api_request r;
    gr_api_request_init(&r, GR_API_VALUE, GR_FRONT_PYTHON);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_api_request_fill(&r, p, 3, &err), GR_OK, "%s", err.msg);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    cr_assert_eq(gr_api_call(NULL, &r, &rep, &err), GR_ELIMIT);
    cr_assert(strstr(err.msg, "G(0..3000000) takes about"), "%s", err.msg);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&r);
}

/* A kept engine keeps the sequence: a second call on a cache (a server's
 * in-process engines) answers from the table, its heaps and smaller ones. */
Test(heap_value, a_kept_engine_answers_again_from_its_table)
{
    gr_api_engines *cache = gr_api_engines_new(2);
    const char *positions[] = {"100000", "99999,5", "100000"};
    double seconds[3];
    unsigned long values[3];
    for (int i = 0; i < 3; i++) {
        gr_api_pair p[] = {PAIR("rules", "grundy-game"), {"pos", 3, positions[i], strlen(positions[i])}};
        gr_api_request r;
        gr_api_request_init(&r, GR_API_VALUE, GR_FRONT_HTTP);
        gr_error err;
        gr_error_clear(&err);
        cr_assert_eq(gr_api_request_fill(&r, p, 2, &err), GR_OK, "%s", err.msg);
        gr_api_reply rep;
        gr_api_reply_init(&rep);
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        cr_assert_eq(gr_api_call(cache, &r, &rep, &err), GR_OK, "%s", err.msg);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        seconds[i] = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        values[i] = mpz_get_ui(rep.here.value);
        cr_assert_str_eq(rep.here.method, "nim-sequence, sparse");
        gr_api_reply_clear(&rep);
        gr_api_request_clear(&r);
    }
    cr_assert_eq(values[0], 101);
    cr_assert_eq(values[2], 101);
    /* the sum is the XOR of the heaps' values, each found anew */
    cr_assert_eq(values[1], value_of("grundy-game", "99999", "sparse", NULL, 0) ^
                                value_of("grundy-game", "5", "search", NULL, 0));
    /* a table lookup against a run of 100000 heaps */
    cr_assert(seconds[1] < seconds[0] / 10 && seconds[2] < seconds[0] / 10, "%.3f %.3f %.3f", seconds[0], seconds[1],
              seconds[2]);
    gr_api_engines_free(cache);
}
