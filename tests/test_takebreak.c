/* Take-and-break codes, the nim-sequence engine and periodicity: known
 * sequences (OEIS), an independent brute force, fast == simple, and the
 * engine against the generic solver on multi-heap positions. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/claims.h"
#include "grundy/heapseq.h"
#include "grundy/period.h"
#include "grundy/solve.h"
#include "grundy/takebreak.h"

/* OEIS A002186, Kayles (0.77), offset 0. */
static const uint32_t kayles[] = {
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6,
    7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8,
    6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1};
/* OEIS A002187, Dawson's Chess, offset 0; 0.07 has G(n) = a(n-1). */
static const uint32_t dawson_chess[] = {
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
    8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8,
    1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4};
/* OEIS A002188, Grundy's game, offset 0. */
static const uint32_t grundy_game[] = {
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4,
    1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4,
    3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3};

#define COUNT(a) (sizeof(a) / sizeof(a)[0])

static void game(gr_game *g, const char *spec)
{
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(g, spec, &err), 0, "%s: %s", spec, err.msg);
}

static uint32_t *seq(const char *spec, int method, uint32_t n)
{
    gr_game g;
    game(&g, spec);
    uint32_t *v = malloc((n + 1) * sizeof *v);
    gr_error err;
    gr_error_clear(&err);
    int rc = gr_heapseq(&g, method, n, v, NULL, NULL, &err);
    cr_assert_eq(rc, 0, "%s: %s", spec, err.msg);
    gr_game_release(&g);
    return v;
}

/* ---- an independent brute force: its own digit lookup and partitions ---- */

static uint32_t bf_mask(const gr_tb_code *c, uint32_t i, int *constraint)
{
    int idx;
    if ((int)i < c->len) idx = (int)i;
    else if (c->period) idx = c->len - c->period + (int)((i - (uint32_t)(c->len - c->period)) % (uint32_t)c->period);
    else return 0;
    *constraint = c->d[idx].constraint;
    return c->d[idx].mask;
}

static void bf_parts(const uint32_t *g, uint32_t *part, int j, int k, uint32_t rem, int constraint, uint8_t *seen)
{
    if (j == k) {
        if (rem) return;
        for (int a = 1; a < k; a++)
            if (part[a] < part[a - 1]) return;
        bool all_equal = true, distinct = true;
        for (int a = 1; a < k; a++) {
            if (part[a] != part[0]) all_equal = false;
            if (part[a] == part[a - 1]) distinct = false;
        }
        if (constraint == GR_TB_UNEQUAL && !distinct) return;
        if (constraint == GR_TB_NOT_ALL_EQUAL && all_equal) return;
        uint32_t v = 0;
        for (int a = 0; a < k; a++) v ^= g[part[a]];
        seen[v] = 1;
        return;
    }
    for (uint32_t a = 1; a <= rem; a++) {
        part[j] = a;
        bf_parts(g, part, j + 1, k, rem - a, constraint, seen);
    }
}

static uint32_t *brute(const char *code, uint32_t n)
{
    gr_tb_code c;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_tb_parse(&c, code, &err), 0, "%s", err.msg);
    uint32_t *g = calloc(n + 1, sizeof *g);
    uint8_t *seen = malloc(4096);
    for (uint32_t x = 1; x <= n; x++) {
        memset(seen, 0, 4096);
        for (uint32_t i = 0; i <= x; i++) {
            int cons = 0;
            uint32_t m = bf_mask(&c, i, &cons), r = x - i;
            if (i == 0) m &= ~3u;
            if ((m & 1) && r == 0) seen[0] = 1;
            if ((m & 2) && r > 0) seen[g[r]] = 1;
            for (int k = 2; k <= 6; k++)
                if (m >> k & 1) {
                    uint32_t part[8];
                    bf_parts(g, part, 0, k, r, cons, seen);
                }
        }
        uint32_t v = 0;
        while (seen[v]) v++;
        g[x] = v;
    }
    free(seen);
    return g;
}

/* ------------------------------------------------------------------ codes */

Test(tbcode, parses_and_prints)
{
    const char *in[] = {"0.77", "0.07", "4!.", ".[3]", "4.[3]", "&#16;.[3]", "8?.", "0.137", "0.[37]", "0.1200"};
    const char *out[] = {"0.77", "0.07", "4!.", "0.[3]", "4.[3]", "G.[3]", "8?.", "0.137", "0.[37]", "0.12"};
    for (size_t i = 0; i < COUNT(in); i++) {
        gr_tb_code c;
        gr_error err;
        gr_error_clear(&err);
        cr_assert_eq(gr_tb_parse(&c, in[i], &err), 0, "%s: %s", in[i], err.msg);
        char buf[64];
        gr_tb_format(&c, buf, sizeof buf);
        cr_assert_str_eq(buf, out[i]);
    }
}

Test(tbcode, rejects_bad_codes)
{
    const char *bad[] = {"", "077", "0.7.7", "0.[3", "0.3]", "0.[]", "0.[3]7", "12.3", "0.7_1", "0.(7!4)",
                         "2.3", "0.&#;", "0.&#99999999999;", "0.$"};
    for (size_t i = 0; i < COUNT(bad); i++) {
        gr_tb_code c;
        gr_error err;
        gr_error_clear(&err);
        cr_assert_eq(gr_tb_parse(&c, bad[i], &err), GR_EINPUT, "'%s' accepted", bad[i]);
        cr_assert(err.msg[0]);
    }
}

Test(tbcode, digit_meaning)
{
    gr_tb_code c;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_tb_parse(&c, "4.0[37]", &err), 0);
    cr_assert_eq(gr_tb_digit_at(&c, 0).mask, 4);
    cr_assert_eq(gr_tb_digit_at(&c, 1).mask, 0);
    cr_assert_eq(gr_tb_digit_at(&c, 2).mask, 3);
    cr_assert_eq(gr_tb_digit_at(&c, 3).mask, 7);
    cr_assert_eq(gr_tb_digit_at(&c, 1000).mask, 3);
    cr_assert_eq(gr_tb_digit_at(&c, 1001).mask, 7);
    int t;
    cr_assert(!gr_tb_is_octal(&c, &t));
    cr_assert_eq(gr_tb_parse(&c, "0.137", &err), 0);
    cr_assert(gr_tb_is_octal(&c, &t));
    cr_assert_eq(t, 3);
}

typedef struct counter {
    int moves;
    int parts[40];
} counter;

static int count_move(void *ctx, const gr_move *mv, const gr_pos *r)
{
    counter *c = ctx;
    c->moves++;
    c->parts[r->n]++;
    (void)mv;
    return 0;
}

Test(tbcode, moves_of_split)
{
    gr_game g;
    game(&g, "split");
    gr_pos p = {.n = 1, .p = {9}};
    counter c = {0};
    gr_game_moves(&g, &p, count_move, &c);
    /* 9 takes, and the partitions of 9 into 3 parts: 7 of them. */
    cr_assert_eq(c.moves, 9 + 7);
    cr_assert_eq(c.parts[3], 7);
    gr_game_release(&g);
    game(&g, "grundy-game");
    memset(&c, 0, sizeof c);
    p.p[0] = 8;
    gr_game_moves(&g, &p, count_move, &c);
    cr_assert_eq(c.moves, 3); /* 1+7, 2+6, 3+5; never 4+4 */
    gr_game_release(&g);
}

/* ---------------------------------------------------------- known values */

Test(known, kayles_dawson_grundy_against_oeis)
{
    for (int m = GR_HEAPSEQ_SIMPLE; m <= GR_HEAPSEQ_FAST; m++) {
        uint32_t *k = seq("tb:0.77", m, COUNT(kayles) - 1);
        for (size_t x = 0; x < COUNT(kayles); x++) cr_assert_eq(k[x], kayles[x], "Kayles G(%zu)", x);
        free(k);
        uint32_t *d = seq("tb:0.07", m, COUNT(dawson_chess));
        cr_assert_eq(d[0], 0);
        for (size_t x = 1; x <= COUNT(dawson_chess); x++)
            cr_assert_eq(d[x], dawson_chess[x - 1], "Dawson's Kayles G(%zu)", x);
        free(d);
        const char *gg[] = {"grundy-game", "tb:4!.", "tb:4?."};
        for (size_t i = 0; i < COUNT(gg); i++) {
            uint32_t *v = seq(gg[i], m, COUNT(grundy_game) - 1);
            for (size_t x = 0; x < COUNT(grundy_game); x++)
                cr_assert_eq(v[x], grundy_game[x], "%s G(%zu)", gg[i], x);
            free(v);
        }
    }
    /* The published terms are also what an independent brute force says. */
    uint32_t *k = brute("0.77", COUNT(kayles) - 1);
    for (size_t x = 0; x < COUNT(kayles); x++) cr_assert_eq(k[x], kayles[x]);
    free(k);
    uint32_t *d = brute("0.07", COUNT(dawson_chess));
    for (size_t x = 1; x <= COUNT(dawson_chess); x++) cr_assert_eq(d[x], dawson_chess[x - 1]);
    free(d);
    uint32_t *g = brute("4!.", COUNT(grundy_game) - 1);
    for (size_t x = 0; x < COUNT(grundy_game); x++) cr_assert_eq(g[x], grundy_game[x]);
    free(g);
}

Test(known, nim_is_identity)
{
    uint32_t *v = seq("nim", GR_HEAPSEQ_AUTO, 5000);
    for (uint32_t x = 0; x <= 5000; x++) cr_assert_eq(v[x], x);
    free(v);
    v = seq("nim", GR_HEAPSEQ_SIMPLE, 300);
    for (uint32_t x = 0; x <= 300; x++) cr_assert_eq(v[x], x);
    free(v);
}

/* Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3. */
Test(known, lasker_pattern)
{
    uint32_t n = 20000;
    uint32_t *v = seq("split:parts=2", GR_HEAPSEQ_FAST, n);
    cr_assert_eq(v[0], 0);
    for (uint32_t x = 1; x <= n; x++) {
        uint32_t want = x % 4 == 3 ? x + 1 : x % 4 == 0 ? x - 1 : x;
        cr_assert_eq(v[x], want, "Lasker G(%u) = %u", x, v[x]);
    }
    free(v);
}

/* Seed 004: f(x) = x+1 if x = 7 mod 8, x-1 if x = 0 mod 8 and x >= 8, else x. */
Test(known, seed004_formula_n3)
{
    uint32_t n = 20000;
    uint32_t *v = seq("split", GR_HEAPSEQ_FAST, n);
    for (uint32_t x = 0; x <= n; x++) {
        uint32_t want = x % 8 == 7 ? x + 1 : (x % 8 == 0 && x >= 8) ? x - 1 : x;
        cr_assert_eq(v[x], want, "split G(%u) = %u", x, v[x]);
    }
    free(v);
}

/* ------------------------------------------- methods against each other */

Test(methods, fast_simple_brute_agree)
{
    struct {
        const char *spec, *code;
        uint32_t n;
    } cases[] = {
        {"tb:0.77", "0.77", 150},   {"tb:0.07", "0.07", 150},     {"tb:0.137", "0.137", 150},
        {"tb:4.07", "4.07", 120},   {"tb:0.[3]", "0.[3]", 100},   {"split:parts=2", "4.[3]", 120},
        {"split", "8.[3]", 70},     {"split:parts=4", "G.[3]", 45}, {"tb:0.[37]", "0.[37]", 70},
        {"tb:4!.", "4!.", 150},     {"tb:0.6", "0.6", 100},       {"tb:C.1", "C.1", 60},
        {"tb:8.[3]", "8.[3]", 60},  {"tb:0.F", "0.F", 40},        {"tb:0.1[F]", "0.1[F]", 30},
        {"tb:0.[7]", "0.[7]", 80},  {"tb:0.4!", "0.4!", 100},     {"tb:0.0[4]", "0.0[4]", 80},
        {"split:parts=5", "W.[3]", 40}, {"split:parts=6", "&#64;.[3]", 36}, {"tb:0.0G", "0.0G", 40},
        {"tb:0.&#96;", "0.&#96;", 30}, {"tb:0.[G]", "0.[G]", 30},
    };
    for (size_t i = 0; i < COUNT(cases); i++) {
        uint32_t n = cases[i].n;
        uint32_t *b = brute(cases[i].code, n);
        uint32_t *s = seq(cases[i].spec, GR_HEAPSEQ_SIMPLE, n);
        uint32_t *f = seq(cases[i].spec, GR_HEAPSEQ_FAST, n);
        for (uint32_t x = 0; x <= n; x++) {
            cr_assert_eq(s[x], b[x], "%s simple G(%u) = %u, brute force %u", cases[i].spec, x, s[x], b[x]);
            cr_assert_eq(f[x], b[x], "%s fast G(%u) = %u, brute force %u", cases[i].spec, x, f[x], b[x]);
        }
        free(b), free(s), free(f);
    }
    /* Constrained splits into three: the simple method only. */
    uint32_t *b = brute("8?.", 40), *s = seq("tb:8?.", GR_HEAPSEQ_SIMPLE, 40);
    for (uint32_t x = 0; x <= 40; x++) cr_assert_eq(s[x], b[x]);
    free(b), free(s);
}

Test(methods, fast_equals_simple_on_every_n)
{
    /* Every prefix is checked by checking the longest: values never change
     * once computed, so agreement up to N is agreement on every N <= N. */
    const char *spec[] = {"split", "split:parts=4", "split:parts=2", "tb:0.77", "grundy-game", "tb:0.[37]",
                          "split:parts=5"};
    uint32_t n[] = {700, 160, 2000, 2000, 1500, 300, 70};
    for (size_t i = 0; i < COUNT(spec); i++) {
        uint32_t *s = seq(spec[i], GR_HEAPSEQ_SIMPLE, n[i]);
        uint32_t *f = seq(spec[i], GR_HEAPSEQ_FAST, n[i]);
        for (uint32_t x = 0; x <= n[i]; x++) cr_assert_eq(f[x], s[x], "%s G(%u): fast %u simple %u", spec[i], x, f[x], s[x]);
        free(s), free(f);
    }
}

Test(methods, fast_refuses_what_it_does_not_cover)
{
    gr_game g;
    game(&g, "tb:8!.");
    uint32_t v[10];
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_heapseq(&g, GR_HEAPSEQ_FAST, 9, v, NULL, NULL, &err), GR_EINPUT);
    gr_error_clear(&err);
    cr_assert_eq(gr_heapseq(&g, GR_HEAPSEQ_AUTO, 9, v, NULL, NULL, &err), 0);
    gr_game_release(&g);
    game(&g, "sharing");
    gr_error_clear(&err);
    cr_assert_eq(gr_heapseq(&g, GR_HEAPSEQ_AUTO, 9, v, NULL, NULL, &err), GR_EINPUT);
    gr_game_release(&g);
}

/* The engine against the generic solver: positions of up to three heaps,
 * valued by search over whole positions, against the XOR of the sequence. */
Test(methods, engine_against_generic_solver)
{
    const char *spec[] = {"split", "split:parts=4", "split:parts=2", "tb:0.77", "grundy-game", "tb:0.137"};
    for (size_t i = 0; i < COUNT(spec); i++) {
        uint32_t *v = seq(spec[i], GR_HEAPSEQ_AUTO, 16);
        gr_game g;
        game(&g, spec[i]);
        /* Without the heap flag the solver searches whole positions instead
         * of adding up heaps by Sprague-Grundy. */
        g.flags &= ~(unsigned)GR_RS_HEAPS;
        gr_outcome o;
        gr_outcome_init_normal(&o);
        gr_solver *s = gr_solver_new(&g, &o, NULL);
        for (uint64_t a = 0; a <= 12; a++)
            for (uint64_t b = a; a + b <= 14; b++)
                for (uint64_t c = b; a + b + c <= 16; c++) {
                    gr_pos p = {.n = 3, .p = {a, b, c}};
                    uint32_t score;
                    gr_error err;
                    gr_error_clear(&err);
                    cr_assert_eq(gr_solver_score(s, &p, &score, &err), 0, "%s", err.msg);
                    cr_assert_eq(score, v[a] ^ v[b] ^ v[c], "%s (%lu,%lu,%lu)", spec[i], (unsigned long)a,
                                 (unsigned long)b, (unsigned long)c);
                }
        gr_solver_free(s);
        gr_game_release(&g);
        free(v);
    }
}

/* ----------------------------------------------------------- periodicity */

Test(period, kayles_certified)
{
    uint32_t *v = seq("tb:0.77", GR_HEAPSEQ_AUTO, 200);
    gr_period p;
    cr_assert(gr_period_find(v, 200, false, &p));
    cr_assert_eq(p.preperiod, 71);
    cr_assert_eq(p.period, 12);
    cr_assert_eq(p.saltus, 0);
    gr_tb_code c;
    gr_error err;
    gr_tb_parse(&c, "0.77", &err);
    gr_octal_cert cert;
    gr_period_octal(&c, &p, &cert);
    cr_assert(cert.applies);
    cr_assert(cert.certified);
    cr_assert_eq(cert.parts, 2);
    cr_assert_eq(cert.needed_to, 2 * 71 + 2 * 12 + 2 - 1);
    free(v);
    /* Long enough to see the period (166 >= 2(e+p)), too short to prove it (167 needed). */
    v = seq("tb:0.77", GR_HEAPSEQ_AUTO, 165);
    cr_assert(gr_period_find(v, 165, false, &p));
    gr_period_octal(&c, &p, &cert);
    cr_assert(cert.applies && !cert.certified);
    free(v);
}

/* The certificate, tried the hard way: whenever a prefix is long enough for
 * the theorem, the period it found must hold on a far longer sequence. */
Test(period, certificate_never_wrong)
{
    const char *codes[] = {"0.77", "0.07", "0.137", "0.F", "0.B", "0.8", "0.9", "0.C", "0.D", "0.0F", "0.4F",
                           "0.3F", "0.F7", "0.6", "0.04", "0.A", "0.E", "0.51", "0.45", "0.3C", "0.G",
                           "0.0G", "0.H3", "0.14", "0.2F", "0.71", "0.0D", "0.3", "0.33", "0.7", "0.15",
                           "0.31", "0.1B", "0.B3", "0.F1", "0.DB"};
    uint32_t far = 2000;
    int certified = 0;
    for (size_t i = 0; i < COUNT(codes); i++) {
        char spec[32];
        snprintf(spec, sizeof spec, "tb:%s", codes[i]);
        uint32_t *v = seq(spec, GR_HEAPSEQ_FAST, far);
        gr_tb_code c;
        gr_error err;
        gr_tb_parse(&c, codes[i], &err);
        gr_period whole;
        if (!gr_period_find(v, 600, false, &whole)) {
            free(v);
            continue;
        }
        for (uint32_t n = 4; n <= 600; n++) {
            gr_period p;
            if (!gr_period_find(v, n, false, &p)) continue;
            gr_octal_cert cert;
            gr_period_octal(&c, &p, &cert);
            if (!cert.certified) continue;
            certified++;
            for (uint64_t x = p.preperiod; x + p.period <= far; x++)
                cr_assert_eq(v[x + p.period], v[x], "%s: certified at n = %u (e %lu, p %lu) but G(%lu) != G(%lu)",
                             codes[i], n, (unsigned long)p.preperiod, (unsigned long)p.period,
                             (unsigned long)(x + p.period), (unsigned long)x);
            break;
        }
        free(v);
    }
    cr_assert_geq(certified, 12);
}

Test(period, dawson_and_arithmetic)
{
    uint32_t *v = seq("tb:0.07", GR_HEAPSEQ_AUTO, 400);
    gr_period p;
    cr_assert(gr_period_find(v, 400, false, &p));
    cr_assert_eq(p.period, 34);
    cr_assert_eq(p.preperiod, 53); /* A002187's last exception, 51, is 0.07's 52 */
    free(v);
    v = seq("split", GR_HEAPSEQ_AUTO, 500);
    cr_assert(!gr_period_find(v, 500, false, &p));
    cr_assert(gr_period_find(v, 500, true, &p));
    cr_assert_eq(p.preperiod, 1);
    cr_assert_eq(p.period, 8);
    cr_assert_eq(p.saltus, 8);
    free(v);
    uint32_t flat[] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5};
    cr_assert(!gr_period_find(flat, 10, false, &p));
}

/* ---------------------------------------------------------------- claims */

Test(claims, seed004)
{
    const gr_claim *c = gr_claim_find("004/thm-n3");
    cr_assert(c);
    gr_claim_result r = {0};
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(c->check(c, 5000, &r, &err), 0);
    cr_assert_eq(r.status, GR_CLAIM_HOLDS);
    c = gr_claim_find("004/text-n2");
    cr_assert(c);
    cr_assert_eq(c->check(c, 5000, &r, &err), 0);
    cr_assert_eq(r.status, GR_CLAIM_HOLDS);
    c = gr_claim_find("004/table-n4");
    cr_assert(c);
    cr_assert_eq(c->check(c, 100, &r, &err), 0);
    cr_assert_eq(r.status, GR_CLAIM_FAILS);
    cr_assert(r.has_cex);
    /* x = 16 (f_4(16) = 15) is listed under no difference: the first wrong x */
    cr_assert_eq(r.cex.p[0], 16);
    /* Rows 0, 2, 3, 6 and 7 are wrong; the others hold. */
    const char *wrong[] = {"004/table-n4-d0", "004/table-n4-d2", "004/table-n4-d3", "004/table-n4-d6", "004/table-n4-d7"};
    const char *right[] = {"004/table-n4-d1", "004/table-n4-d4", "004/table-n4-d5", "004/table-n4-d8",
                           "004/table-n4-d9", "004/table-n4-d10"};
    for (size_t i = 0; i < COUNT(wrong); i++) {
        c = gr_claim_find(wrong[i]);
        cr_assert(c, "%s", wrong[i]);
        cr_assert_eq(c->check(c, 100, &r, &err), 0);
        cr_assert_eq(r.status, GR_CLAIM_FAILS, "%s", wrong[i]);
    }
    for (size_t i = 0; i < COUNT(right); i++) {
        c = gr_claim_find(right[i]);
        cr_assert(c, "%s", right[i]);
        cr_assert_eq(c->check(c, 100, &r, &err), 0);
        cr_assert_eq(r.status, GR_CLAIM_HOLDS, "%s: %s", right[i], r.detail);
    }
}

/* ------------------------------------------------ closed form for split */

#include "grundy/theory.h"

typedef struct results {
    char items[4096][64];
    int n;
} results;

static void add_result(results *r, const gr_pos *p)
{
    gr_pos q = *p;
    gr_tb_canonical(&q);
    cr_assert(r->n < 4096);
    gr_pos_format(&q, r->items[r->n++], 64);
}

static int cmp_items(const void *a, const void *b)
{
    return strcmp(a, b);
}

static int closed_winner(void *ctx, const gr_bigmove *mv)
{
    gr_pos p;
    cr_assert(gr_bigpos_to_pos(mv->result, &p));
    add_result(ctx, &p);
    return 0;
}

typedef struct search_ctx {
    gr_solver *s;
    results *r;
    int moves;
} search_ctx;

static int search_winner(void *ctx, const gr_move *mv, const gr_pos *res)
{
    (void)mv;
    search_ctx *c = ctx;
    c->moves++;
    uint32_t v;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_solver_score(c->s, res, &v, &err), 0, "%s", err.msg);
    if (v == 0) add_result(c->r, res);
    return 0;
}

Test(theory, split_formula_against_engine)
{
    const char *spec[] = {"split:parts=2", "split"};
    for (int k = 0; k < 2; k++) {
        gr_game g;
        game(&g, spec[k]);
        gr_outcome o;
        gr_outcome_init_normal(&o);
        const gr_closed_form *cf = gr_closed_form_find(&g, &o, 1);
        cr_assert(cf, "%s has a closed form", spec[k]);
        uint32_t *v = seq(spec[k], GR_HEAPSEQ_FAST, 3000);
        gr_bigpos p;
        gr_bigpos_init(&p);
        gr_verdict vd;
        gr_verdict_init(&vd);
        gr_error err;
        gr_error_clear(&err);
        for (uint64_t a = 0; a <= 3000; a += 1) {
            gr_pos one = {.n = 2, .p = {a, (a * 7919) % 3001}};
            gr_bigpos_clear(&p);
            gr_bigpos_init(&p);
            cr_assert_eq(gr_bigpos_from_pos(&p, &one), GR_OK);
            cr_assert_eq(cf->decide(&g, &o, &p, &vd, &err), 0);
            cr_assert(vd.has_value);
            cr_assert_eq(mpz_get_ui(vd.value), v[one.p[0]] ^ v[one.p[1]], "%s (%lu,%lu)", spec[k],
                         (unsigned long)one.p[0], (unsigned long)one.p[1]);
            cr_assert_eq(vd.p, (v[one.p[0]] ^ v[one.p[1]]) == 0);
        }
        gr_verdict_clear(&vd);
        gr_bigpos_clear(&p);
        free(v);
        gr_game_release(&g);
    }
}

Test(theory, split_winning_moves_against_search)
{
    const char *spec[] = {"split:parts=2", "split"};
    static results a, b;
    for (int k = 0; k < 2; k++) {
        gr_game g;
        game(&g, spec[k]);
        gr_outcome o;
        gr_outcome_init_normal(&o);
        const gr_closed_form *cf = gr_closed_form_find(&g, &o, 3);
        gr_solver *s = gr_solver_new(&g, &o, NULL);
        gr_error err;
        gr_error_clear(&err);
        for (uint64_t x = 0; x <= 9; x++)
            for (uint64_t y = x; x + y <= 14; y++)
                for (uint64_t z = y; x + y + z <= 18; z++) {
                    gr_pos pos = {.n = 3, .p = {x, y, z}};
                    a.n = b.n = 0;
                    search_ctx sc = {s, &b, 0};
                    gr_game_moves(&g, &pos, search_winner, &sc);
                    gr_bigpos bp;
                    gr_bigpos_init(&bp);
                    cr_assert_eq(gr_bigpos_from_pos(&bp, &pos), GR_OK);
                    cr_assert_eq(cf->winning_moves(&g, &o, &bp, closed_winner, &a, &err), 0, "%s", err.msg);
                    mpz_t count;
                    mpz_init(count);
                    cf->count_moves(&g, &bp, count);
                    cr_assert_eq(mpz_get_ui(count), (unsigned long)sc.moves, "%s move count at (%lu,%lu,%lu)",
                                 spec[k], (unsigned long)x, (unsigned long)y, (unsigned long)z);
                    mpz_clear(count);
                    gr_bigpos_clear(&bp);
                    qsort(a.items, (size_t)a.n, 64, cmp_items);
                    qsort(b.items, (size_t)b.n, 64, cmp_items);
                    cr_assert_eq(a.n, b.n, "%s (%lu,%lu,%lu): %d winning moves by formula, %d by search", spec[k],
                                 (unsigned long)x, (unsigned long)y, (unsigned long)z, a.n, b.n);
                    for (int i = 0; i < a.n; i++) cr_assert_str_eq(a.items[i], b.items[i]);
                }
        gr_solver_free(s);
        gr_game_release(&g);
    }
}

Test(theory, split_any_size)
{
    gr_game g;
    game(&g, "split");
    gr_outcome o;
    gr_outcome_init_normal(&o);
    const gr_closed_form *cf = gr_closed_form_find(&g, &o, 2);
    gr_bigpos p;
    gr_bigpos_init(&p);
    gr_error err;
    gr_error_clear(&err);
    /* 10^40 = 0 (mod 8): f = 10^40 - 1; 10^40 + 7 = 7 (mod 8): f = 10^40 + 8. */
    cr_assert_eq(gr_bigpos_parse(&p, "10000000000000000000000000000000000000000 10000000000000000000000000000000000000007", &err), 0);
    gr_verdict v;
    gr_verdict_init(&v);
    cr_assert_eq(cf->decide(&g, &o, &p, &v, &err), 0);
    mpz_t want, a;
    mpz_inits(want, a, NULL);
    mpz_ui_pow_ui(a, 10, 40);
    mpz_sub_ui(want, a, 1);
    mpz_add_ui(a, a, 8);
    mpz_xor(want, want, a);
    cr_assert_eq(mpz_cmp(v.value, want), 0);
    mpz_clears(want, a, NULL);
    gr_verdict_clear(&v);
    gr_bigpos_clear(&p);
    gr_game_release(&g);
}
