/* Misere play of heap games: the statements of Conway (On Numbers and
 * Games ch. 12), Winning Ways ch. 13, Plambeck ("Taming the wild", 2005)
 * and Plambeck & Siegel (JCTA 2008) that grundy can check by computation,
 * each against the quotient builder and the brute force (src/misere/). */
#include "grundy/claims.h"
#include "grundy/misere.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int quotient(const char *spec, int n, const gr_limits *lim, gr_mquot *q, gr_error *err)
{
    gr_game g;
    int rc = gr_game_parse(&g, spec, err);
    if (rc) return rc;
    rc = gr_mquot_build(q, &g, n, NULL, 20000000, lim, NULL, NULL, err);
    gr_game_release(&g);
    return rc;
}

static int check_nim_orders(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    if (to < 2 || to > 7) return gr_fail(err, GR_EINPUT, "--to %llu: n runs from 2 to 7 here", (unsigned long long)to);
    for (uint64_t n = 2; n <= to; n++) {
        gr_mquot q;
        int rc = quotient("nim", (1 << n) - 1, r->limits, &q, err);
        if (rc) return rc;
        uint32_t order = q.order, p = gr_mquot_pcount(&q);
        gr_mquot_free(&q);
        if (order != (1u << n) + 2 || p != 2) {
            gr_pos cex = {.n = 1, .p = {n}};
            gr_claim_fails(r, &cex, "heaps below 2^%llu: |Q| = %u, |P| = %u", (unsigned long long)n, order, p);
            return GR_OK;
        }
    }
    gr_claim_holds(r, "n = 2..%llu (heaps below %llu), each quotient proved for every sum (n = 1 gives order 2)",
                   (unsigned long long)to, 1ull << to);
    return GR_OK;
}

static int check_t2(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c, (void)to;
    gr_mquot q;
    int rc = quotient("nim", 3, r->limits, &q, err);
    if (rc) return rc;
    char rel[256], p[128] = "";
    gr_mquot_relations(&q, rel, sizeof rel);
    for (uint32_t x = 0; x < q.order; x++)
        if (q.p[x]) {
            char w[32];
            gr_mquot_word(&q, x, w, sizeof w);
            snprintf(p + strlen(p), sizeof p - strlen(p), "%s%s", p[0] ? ", " : "", w);
        }
    uint32_t order = q.order;
    bool ok = order == 6 && strcmp(rel, "a^2 = 1\nb^3 = b\n") == 0 && strcmp(p, "a, b^2") == 0;
    gr_mquot_free(&q);
    if (ok) gr_claim_holds(r, "misere Nim, heaps 0..3, the quotient proved for every sum");
    else gr_claim_fails(r, NULL, "computed: |Q| %u, P-portion %s", order, p);
    return GR_OK;
}

static int check_k5(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c, (void)to;
    gr_game g;
    int rc = gr_game_parse(&g, "tb:0.77", err);
    if (rc) return rc;
    gr_genus gn[6];
    rc = gr_genus_heaps(&g, 5, 8, gn, r->limits, err);
    gr_game_release(&g);
    if (rc) return rc;
    char buf[64];
    gr_genus_format(&gn[5], buf, sizeof buf);
    int wild = -1;
    for (int x = 0; x <= 5 && wild < 0; x++)
        if (!gr_genus_tame(&gn[x])) wild = x;
    if (strcmp(buf, "4^146") == 0 && wild == 5)
        gr_claim_holds(r, "heaps 0..5 of Kayles, superscripts to 8 terms");
    else {
        gr_pos cex = {.n = 1, .p = {5}};
        gr_claim_fails(r, &cex, "computed: K5 has genus %s, first heap not tame %d", buf, wild);
    }
    return GR_OK;
}

static int check_dawson(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    if (to > 60) return gr_fail(err, GR_EINPUT, "--to %llu: this check stops at heap 60", (unsigned long long)to);
    gr_limits lim;
    if (r->limits) lim = *r->limits;
    else gr_limits_default(&lim);
    gr_mquot q;
    gr_error quiet;
    gr_error_clear(&quiet);
    int rc = quotient("tb:0.07", (int)to, &lim, &q, &quiet);
    if (rc && r->limits && gr_limits_stopped(r->limits)) return gr_fail(err, rc, "%s", quiet.msg);
    if (rc) {
        gr_claim_unchecked(r, "the quotient builder did not reach heap %llu: %s", (unsigned long long)to, quiet.msg);
        return GR_OK;
    }
    if (to == 30 && q.order != 360) gr_claim_fails(r, NULL, "computed: |Q| = %u to heap 30", q.order);
    else gr_claim_holds(r, "heaps 0..%llu: |Q| = %u, proved for every sum", (unsigned long long)to, q.order);
    gr_mquot_free(&q);
    return GR_OK;
}

static int check_kayles_all(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    if (to < 20 || to > 400) return gr_fail(err, GR_EINPUT, "--to %llu: this check builds to heaps 20..400", (unsigned long long)to);
    gr_game g;
    int rc = gr_game_parse(&g, "tb:0.77", err);
    if (rc) return rc;
    gr_mquot q;
    gr_error quiet;
    gr_error_clear(&quiet);
    rc = gr_mquot_build(&q, &g, (int)to, NULL, 20000000, r->limits, NULL, NULL, &quiet);
    gr_game_release(&g);
    if (rc && r->limits && gr_limits_stopped(r->limits)) return gr_fail(err, rc, "%s", quiet.msg);
    if (rc) {
        gr_claim_unchecked(r, "the quotient builder did not reach heap %llu: %s", (unsigned long long)to, quiet.msg);
        return GR_OK;
    }
    if (q.period)
        gr_claim_holds(r, "the quotient of heaps 0..%llu has order %u, |P| = %u, and phi has period %d from heap %d, "
                          "proved by the periodicity test: the quotient of all heaps",
                       (unsigned long long)to, q.order, gr_mquot_pcount(&q), q.period, q.preperiod);
    else
        gr_claim_unchecked(r, "heaps 0..%llu: |Q| = %u, but no period of phi is proved yet (a larger --to may)",
                           (unsigned long long)to, q.order);
    gr_mquot_free(&q);
    return GR_OK;
}

/* The two-digit octal codes 0.d1d2 (63 of them, 0.00 left out). */
static void two_digit(int d, char *spec, size_t len)
{
    snprintf(spec, len, "tb:0.%d%d", d / 8, d % 8);
}

/* Is the order one of misere Nim's (a tame quotient): 1, 2 with one P
 * element, or 2^n + 2 with two? */
static bool tame_order(uint32_t order, uint32_t p)
{
    if (order == 1) return p == 0;
    if (order == 2) return p == 1;
    for (uint32_t n = 2; n < 30; n++)
        if (order == (1u << n) + 2) return p == 2;
    return false;
}

static int check_tame_quotients(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    if (to < 4 || to > 14) return gr_fail(err, GR_EINPUT, "--to %llu: heaps 4..14 here", (unsigned long long)to);
    int tame = 0;
    char names[512] = "";
    for (int d = 1; d < 64; d++) {
        char spec[32];
        two_digit(d, spec, sizeof spec);
        gr_game g;
        int rc = gr_game_parse(&g, spec, err);
        if (rc) return rc;
        gr_genus gn[15];
        rc = gr_genus_heaps(&g, (int)to, 6, gn, r->limits, err);
        bool all = !rc;
        for (uint64_t x = 0; all && x <= to; x++) all = gr_genus_tame(&gn[x]);
        gr_mquot q;
        if (!rc && all) rc = gr_mquot_build(&q, &g, (int)to, NULL, 20000000, r->limits, NULL, NULL, err);
        gr_game_release(&g);
        if (rc) return rc;
        if (!all) continue;
        uint32_t order = q.order, p = gr_mquot_pcount(&q);
        gr_mquot_free(&q);
        if (!tame_order(order, p)) {
            gr_pos cex = {.n = 1, .p = {(uint64_t)d}};
            gr_claim_fails(r, &cex, "%s: every heap 0..%llu has a tame genus, but |Q| = %u, |P| = %u", spec,
                           (unsigned long long)to, order, p);
            return GR_OK;
        }
        tame++;
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", tame > 1 ? " " : "", spec + 5);
    }
    gr_claim_holds(r, "%d codes 0.xy tame to heap %llu, xy: %s", tame,
                   (unsigned long long)to, names);
    return GR_OK;
}

static int check_even_order(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    if (to < 2 || to > 30) return gr_fail(err, GR_EINPUT, "--to %llu: heaps 2..30 here", (unsigned long long)to);
    int built = 0, skipped = 0;
    char left[128] = "";
    for (int d = 1; d < 64; d++) {
        char spec[32];
        two_digit(d, spec, sizeof spec);
        gr_game g;
        int rc = gr_game_parse(&g, spec, err);
        if (rc) return rc;
        /* each code within a few seconds: the wild ones with large
         * quotients are left out, and counted */
        gr_limits lim;
        if (r->limits) lim = *r->limits;
        else gr_limits_default(&lim);
        if (lim.max_seconds <= 0 || lim.max_seconds > 3) lim.max_seconds = 3;
        gr_error quiet;
        gr_error_clear(&quiet);
        gr_mquot q;
        rc = gr_mquot_build(&q, &g, (int)to, NULL, 20000000, &lim, NULL, NULL, &quiet);
        gr_game_release(&g);
        if (rc && r->limits && gr_limits_stopped(r->limits)) return gr_fail(err, rc, "%s", quiet.msg);
        if (rc) {
            skipped++;
            snprintf(left + strlen(left), sizeof left - strlen(left), " %s", spec + 3);
            continue;
        }
        uint32_t order = q.order;
        gr_mquot_free(&q);
        if (order % 2) {
            gr_pos cex = {.n = 1, .p = {(uint64_t)d}};
            gr_claim_fails(r, &cex, "%s: the quotient of heaps 0..%llu has odd order %u", spec,
                           (unsigned long long)to, order);
            return GR_OK;
        }
        built++;
    }
    gr_claim_holds(r, "the quotients of heaps 0..%llu of %d two-digit codes (not built within 3 s:%s)",
                   (unsigned long long)to, built, skipped ? left : " none");
    return GR_OK;
}

static int check_r8(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    if (to < 20 || to > 200) return gr_fail(err, GR_EINPUT, "--to %llu: heaps 20..200 here", (unsigned long long)to);
    gr_mquot q;
    int rc = quotient("tb:0.75", (int)to, r->limits, &q, err);
    if (rc) return rc;
    char rel[256], p[64] = "";
    gr_mquot_relations(&q, rel, sizeof rel);
    for (uint32_t x = 0; x < q.order; x++)
        if (q.p[x]) {
            char w[32];
            gr_mquot_word(&q, x, w, sizeof w);
            snprintf(p + strlen(p), sizeof p - strlen(p), "%s%s", p[0] ? ", " : "", w);
        }
    /* the builder names the generators a, b, c in heap order: heaps 1, 2, 5 */
    bool ok = q.order == 8 && strcmp(rel, "a^2 = 1\nb c = a b\nc^2 = b^2\nb^3 = b\n") == 0 && strcmp(p, "a, b^2") == 0 &&
              q.ngen == 3 && q.gen[0] == 1 && q.gen[1] == 2 && q.gen[2] == 5;
    if (ok && q.period)
        gr_claim_holds(r, "heaps 0..%llu, and all heaps: phi has period %d from heap %d (a = heap 1, b = heap 2, "
                          "c = heap 5)", (unsigned long long)to, q.period, q.preperiod);
    else if (ok)
        gr_claim_holds(r, "heaps 0..%llu (no period proved at this bound)", (unsigned long long)to);
    else
        gr_claim_fails(r, NULL, "computed: |Q| = %u, relations %s, P-portion %s", q.order, rel, p);
    gr_mquot_free(&q);
    return GR_OK;
}

/* Heap n of a game whose moves leave at most one heap, all of whose options
 * are nim heaps, is itself one by the mex rule (On Numbers and Games ch. 12)
 * when *0 or *1 is among them or it has none; otherwise (options, none of
 * them *0 or *1) its normal value is 0 and it is a misere P-position, so it
 * is no nim heap (genus is a misere invariant, and *0 is an N-position).
 * The first heap 1..n that is no nim heap, or 0 when every one is; -1 when
 * a move leaves two heaps (the rule does not apply). Each witness is checked
 * to be a P-position by the misere search. */
static int first_non_nim(const gr_game *g, int n, const gr_limits *lim, bool *searched, gr_error *err)
{
    gr_mis_heaps h;
    int rc = gr_mis_heaps_build(&h, g, n, err);
    if (rc) return -2;
    uint32_t *nim = calloc((size_t)n + 1, sizeof *nim);
    int found = nim ? 0 : -2;
    if (!nim) gr_fail_nomem(err);
    for (int k = 1; found == 0 && k <= n; k++) {
        uint64_t seen = 0;
        for (uint32_t j = h.first[k]; found == 0 && j < h.first[k + 1]; j++) {
            uint32_t from = j ? h.off[j - 1] : 0, parts = h.off[j] - from;
            if (parts > 1 || (parts && nim[h.part[from]] > 62)) found = -1;
            else seen |= 1ull << (parts ? nim[h.part[from]] : 0);
        }
        if (found) break;
        if (seen && !(seen & 3)) found = k;
        else
            while (seen >> nim[k] & 1) nim[k]++;
    }
    *searched = false;
    if (found > 0) {
        gr_mis_brute *b = gr_mis_brute_new(&h, false, lim);
        uint16_t kind = (uint16_t)found;
        uint32_t out = 1;
        if (!b) found = -2, gr_fail_nomem(err);
        else if (gr_mis_brute_value(b, &kind, 1, &out, err)) found = -2;
        else if (out != 0) found = -3; /* the search disagrees: reported as a failure */
        else *searched = true;
        gr_mis_brute_free(b);
    }
    free(nim);
    gr_mis_heaps_free(&h);
    return found;
}

static int check_quaternary(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c;
    if (to < 8 || to > 60) return gr_fail(err, GR_EINPUT, "--to %llu: heaps 8..60 here", (unsigned long long)to);
    /* Winning Ways' two-digit .31 and Plambeck's seven three-digit "woolly mammoths" */
    static const char *const listed[] = {"31", "121", "123", "131", "201", "211", "312", "331"};
    char wild[256] = "", missing[128] = "";
    int codes = 0, nwild = 0;
    for (int digits = 2; digits <= 3; digits++) {
        int count = digits == 2 ? 16 : 64;
        for (int d = 0; d < count; d++) {
            if (d % 4 == 0) continue; /* last digit 0: a shorter code */
            char code[16];
            if (digits == 2) snprintf(code, sizeof code, "%d%d", d / 4, d % 4);
            else snprintf(code, sizeof code, "%d%d%d", d / 16, d / 4 % 4, d % 4);
            char spec[32];
            snprintf(spec, sizeof spec, "tb:0.%s", code);
            gr_game g;
            int rc = gr_game_parse(&g, spec, err);
            if (rc) return rc;
            bool searched;
            int k = first_non_nim(&g, (int)to, r->limits, &searched, err);
            gr_game_release(&g);
            if (k == -2) return err->code ? err->code : GR_EINTERNAL;
            if (k == -1 || k == -3) {
                gr_claim_fails(r, NULL, "%s: %s", spec,
                               k == -1 ? "a move leaves two heaps" : "the witness heap is not a P-position by search");
                return GR_OK;
            }
            codes++;
            bool in_list = false;
            for (size_t i = 0; i < sizeof listed / sizeof listed[0]; i++) in_list |= strcmp(listed[i], code) == 0;
            if (k > 0) {
                nwild++;
                snprintf(wild + strlen(wild), sizeof wild - strlen(wild), " .%s:%d", code, k);
            }
            if ((k > 0) != in_list)
                snprintf(missing + strlen(missing), sizeof missing - strlen(missing), " .%s", code);
        }
    }
    if (missing[0]) gr_claim_fails(r, NULL, "these differ from the list:%s; non-nim heaps found in%s", missing, wild);
    else
        gr_claim_holds(r, "%d codes, heaps 0..%llu: exactly the %d listed (code:first non-nim heap, P by search):%s",
                       codes, (unsigned long long)to, nwild, wild);
    return GR_OK;
}

/* Plambeck's page on .312: the genera of heaps 1..6 */
static int check_dot312(const gr_claim *c, uint64_t to, gr_claim_result *r, gr_error *err)
{
    (void)c, (void)to;
    static const char *const want[] = {"1^031", "2^20", "0^02", "2^1420", "0^02", "1^13"};
    gr_game g;
    int rc = gr_game_parse(&g, "tb:0.312", err);
    if (rc) return rc;
    gr_genus gn[7];
    rc = gr_genus_heaps(&g, 6, 8, gn, r->limits, err);
    gr_game_release(&g);
    if (rc) return rc;
    for (int x = 1; x <= 6; x++) {
        char buf[64];
        gr_genus_format(&gn[x], buf, sizeof buf);
        if (strcmp(buf, want[x - 1]) != 0) {
            gr_pos cex = {.n = 1, .p = {(uint64_t)x}};
            gr_claim_fails(r, &cex, "heap %d: computed %s, listed %s", x, buf, want[x - 1]);
            return GR_OK;
        }
    }
    gr_claim_holds(r, "heaps 1..6, superscripts to 8 terms; heap 4 is the first not tame");
    return GR_OK;
}

static const gr_claim claims[] = {
    {"misere/nim-orders",
     "Misere Nim: the quotient of the heaps below 2^n has order 2^n + 2 and two P-positions elements",
     "n >= 2 (for n = 1, heaps 0 and 1, the quotient is <a | a^2 = 1>, order 2)", 5, check_nim_orders},
    {"misere/nim-T2", "The quotient of misere Nim heaps 0..3 is <a, b | a^2 = 1, b^3 = b> with P = {a, b^2}", NULL, 0,
     check_t2},
    {"misere/kayles-K5", "Kayles: K5 has genus 4^146, and it is the first heap that is not tame (Winning Ways ch. 13)",
     "'not tame' read as: the genus is not a nim sum's (0^120, 1^031, g^{g,g^2})", 0, check_k5},
    {"misere/dawson-30", "Dawson's Kayles (0.07): the misere quotient of the heaps up to 30 has order 360",
     "as reported in the literature (Plambeck & Siegel 2008; Siegel, 2007: \"Q_30(0.07) has size 360\"); checked "
     "by building the quotient to heap 30", 30,
     check_dawson},
    {"misere/kayles-solved",
     "Misere Kayles (0.77) is solved: a finite quotient answers every sum of heaps (Sibert and Conway 1992; Plambeck 2005)",
     "solved read as: the quotient of all heaps is finite, i.e. phi is proved periodic (period.c's test)", 170,
     check_kayles_all},
    {"misere/tame-quotients",
     "The misere quotient of a tame game is one of misere Nim's: trivial, <a | a^2 = 1> with P = {a}, or of order "
     "2^n + 2 with two P elements (Plambeck and Siegel 2008)",
     "tame read as: every heap 0..N has the genus of a nim sum; checked on the two-digit octal codes that are tame "
     "in that sense, their quotients of heaps 0..N", 10, check_tame_quotients},
    {"misere/even-order",
     "Every misere quotient of impartial games has even order (Plambeck and Siegel 2008, as restated by "
     "Rubinstein-Salzedo and Zhou, arXiv:2603.18244)",
     "checked on the quotients of heaps 0..N of the two-digit octal codes that build within 3 s each", 12,
     check_even_order},
    {"misere/dot75-R8",
     "The misere quotient of 0.75 is R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P = {a, b^2} "
     "(Plambeck and Siegel 2008; as recalled, the text was not read here)",
     "the quotient of all heaps: built to heap N and phi proved periodic", 60, check_r8},
    {"misere/quaternary-wild",
     "Of the two- and three-digit quaternary codes (digits 0..3), only .31 (Winning Ways) and the seven 'woolly "
     "mammoths' .121, .123, .131, .201, .211, .312, .331 (Plambeck's misere pages) have heaps that are not misere "
     "nim heaps",
     "checked to heap N by the mex rule (a game whose options are nim heaps is the nim heap of their mex when *0 or "
     "*1 is among them; with options and neither, it is no nim heap), each first non-nim heap confirmed a misere "
     "P-position by search. Only .123 and .312 are wild by genus or by quotient: the other six have misere Nim's "
     "quotient T2",
     40, check_quaternary},
    {"misere/dot312-genus",
     "The octal game .312: heaps 1..6 have genera 1^031, 2^20, 0^02, 2^1420, 0^02, 1^13 (Plambeck's misere pages)",
     NULL, 0, check_dot312},
};

const gr_seed_claims gr_claims_misere = {
    .seed = "misere",
    .title = "Misere play of heap games: genus and misere quotients",
    .claims = claims,
    .count = sizeof claims / sizeof claims[0],
};
