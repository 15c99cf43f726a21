/* Winning misere moves of heaps of any size by the classes of a quotient
 * of all heaps (engine_quotient.c, docs/misere.md): on every sum of one to
 * three heaps in a range, the moves the class walk finds are winning moves
 * the full listing finds too, and they meet every class (the move's heap,
 * tokens taken and elements of the parts left) the listing's winning moves
 * meet: where splits are walked only below preperiod + period. */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "grundy/engine.h"
#include "grundy/misere.h"
#include "../src/engine/engine_internal.h"

#define MAX_KEYS 4096

typedef struct keys {
    const gr_mquot *q;
    int n;
    char *move[MAX_KEYS], *cls[MAX_KEYS];
} keys;

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int collect(void *ctx, const gr_bigmove *mv, const gr_answer *res, bool winning)
{
    keys *k = ctx;
    if (!winning) return 0;
    cr_assert_str_eq(res->outcome, "P");
    cr_assert_lt(k->n, MAX_KEYS);
    if (!k->q) {
        /* counted only */
        k->move[k->n] = k->cls[k->n] = NULL;
        k->n++;
        return 0;
    }
    const gr_bigpos *r = mv->result;
    /* the parts left in heap src: its place and the heaps appended */
    int from = r->n - (mv->kind == GR_MOVE_SPLIT ? 1 : 0);
    char *parts = mpz_get_str(NULL, 10, r->p[mv->src]);
    char *last = from < r->n ? mpz_get_str(NULL, 10, r->p[from]) : strdup("");
    uint32_t e0 = k->q->phi[gr_mquot_heap(k->q, mpz_get_ui(r->p[mv->src]))];
    uint32_t e1 = from < r->n ? k->q->phi[gr_mquot_heap(k->q, mpz_get_ui(r->p[from]))] : 0;
    if (e1 < e0) {
        uint32_t t = e0;
        e0 = e1, e1 = t;
    }
    unsigned long amount = mpz_get_ui(mv->amount);
    cr_assert_neq(asprintf(&k->move[k->n], "%d:%d:%lu:%s,%s", mv->src, mv->kind, amount, parts, last), -1);
    cr_assert_neq(asprintf(&k->cls[k->n], "%d:%d:%lu:%u,%u", mv->src, mv->kind, amount, e0, e1), -1);
    k->n++;
    free(parts);
    free(last);
    return 0;
}

static void keys_clear(keys *k)
{
    for (int i = 0; i < k->n; i++) free(k->move[i]), free(k->cls[i]);
    k->n = 0;
}

/* The distinct classes, sorted, written into out. */
static void classes(keys *k, char *out, size_t len)
{
    qsort(k->cls, (size_t)k->n, sizeof *k->cls, by_text);
    out[0] = 0;
    for (int i = 0; i < k->n; i++)
        if (!i || strcmp(k->cls[i], k->cls[i - 1]) != 0) {
            strncat(out, k->cls[i], len - strlen(out) - 2);
            strcat(out, " ");
        }
}

static void check(gr_engine *e, const gr_mquot *q, const uint64_t *h, int n)
{
    gr_bigpos pos;
    gr_bigpos_init(&pos);
    mpz_t v;
    mpz_init(v);
    for (int i = 0; i < n; i++) {
        mpz_set_ui(v, h[i]);
        cr_assert_eq(gr_bigpos_push(&pos, v), GR_OK);
    }
    gr_error err;
    gr_error_clear(&err);
    keys all = {.q = q}, some = {.q = q};
    gr_moves_summary sum;
    gr_moves_summary_init(&sum);
    cr_assert_eq(gr_engine_moves(e, &pos, collect, &all, &sum, &err), GR_OK, "%s", err.msg);
    cr_assert(sum.all_listed);
    cr_assert_str_eq(sum.method, "misere quotient");
    gr_moves_summary_clear(&sum);
    cr_assert_eq(gr_engine_quotient_winners(e, &pos, collect, &some, &err), GR_OK, "%s", err.msg);
    qsort(all.move, (size_t)all.n, sizeof *all.move, by_text);
    for (int i = 0; i < some.n; i++)
        cr_assert(bsearch(&some.move[i], all.move, (size_t)all.n, sizeof *all.move, by_text),
                  "%llu %llu %llu: %s is not a winning move", (unsigned long long)h[0],
                  (unsigned long long)(n > 1 ? h[1] : 0), (unsigned long long)(n > 2 ? h[2] : 0), some.move[i]);
    static char a[1 << 16], b[1 << 16];
    classes(&all, a, sizeof a);
    classes(&some, b, sizeof b);
    cr_assert_str_eq(b, a, "%llu %llu %llu: classes differ", (unsigned long long)h[0],
                     (unsigned long long)(n > 1 ? h[1] : 0), (unsigned long long)(n > 2 ? h[2] : 0));
    keys_clear(&all);
    keys_clear(&some);
    mpz_clear(v);
    gr_bigpos_clear(&pos);
}

static void code(const char *spec, int *checked)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, spec, &err), GR_OK, "%s", err.msg);
    gr_mquot q;
    cr_assert_eq(gr_mquot_build(&q, &g, 40, NULL, 10000000, NULL, NULL, NULL, &err), GR_OK, "%s", err.msg);
    gr_mquot_periodicity(&q, &g);
    cr_assert_gt(q.period, 0, "%s: no period proved", spec);
    char dir[] = "/tmp/grundy_classes_XXXXXX", path[64];
    cr_assert(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/q", dir);
    cr_assert_eq(gr_mquot_save(&q, path, &err), GR_OK, "%s", err.msg);
    gr_outcome o;
    gr_outcome_parse(&o, "misere", 0, &err);
    gr_engine *e = gr_engine_new(&g, &o, NULL, &err);
    cr_assert(e);
    cr_assert_eq(gr_engine_use_quotient(e, path, &err), GR_OK, "%s", err.msg);
    unlink(path), rmdir(dir);
    uint64_t h[3];
    for (h[0] = 1; h[0] <= 200; h[0]++) check(e, &q, h, 1), ++*checked;
    for (h[0] = 1; h[0] <= 12; h[0]++)
        for (h[1] = 1; h[1] <= 200; h[1]++) check(e, &q, h, 2), ++*checked;
    for (h[0] = 1; h[0] <= 6; h[0]++)
        for (h[1] = h[0]; h[1] <= 6; h[1]++)
            for (h[2] = 1; h[2] <= 60; h[2]++) check(e, &q, h, 3), ++*checked;
    gr_engine_free(e);
    gr_mquot_free(&q);
    gr_game_release(&g);
}

Test(misere_classes, class_walk_meets_every_winning_class)
{
    int checked = 0;
    const char *const codes[] = {"tb:0.75", "tb:0.71", "tb:0.73", "tb:0.51"};
    for (size_t i = 0; i < sizeof codes / sizeof *codes; i++) code(codes[i], &checked);
    cr_assert_eq(checked, 4 * (200 + 12 * 200 + 21 * 60));
}

/* A P-position has no winning move; a game without a quotient of all heaps
 * is refused, not walked. */
Test(misere_classes, refusals)
{
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_game_parse(&g, "tb:0.75", &err), GR_OK, "%s", err.msg);
    gr_outcome o;
    gr_outcome_parse(&o, "normal", 0, &err);
    gr_engine *e = gr_engine_new(&g, &o, NULL, &err);
    gr_bigpos pos;
    gr_bigpos_init(&pos);
    cr_assert_eq(gr_bigpos_parse(&pos, "1000000000000 5", &err), GR_OK, "%s", err.msg);
    keys k = {0};
    cr_assert_eq(gr_engine_quotient_winners(e, &pos, collect, &k, &err), GR_EINPUT);
    cr_assert(strstr(err.msg, "no misere quotient"), "%s", err.msg);
    gr_engine_free(e);
    /* misere: heaps 10^12 - 1 and 5 are P (docs/misere.md), 10^12 and 5 N */
    gr_error_clear(&err);
    gr_outcome_parse(&o, "misere", 0, &err);
    e = gr_engine_new(&g, &o, NULL, &err);
    gr_bigpos_clear(&pos), gr_bigpos_init(&pos);
    cr_assert_eq(gr_bigpos_parse(&pos, "999999999999 5", &err), GR_OK, "%s", err.msg);
    cr_assert_eq(gr_engine_quotient_winners(e, &pos, collect, &k, &err), GR_OK, "%s", err.msg);
    cr_assert_eq(k.n, 0);
    gr_bigpos_clear(&pos), gr_bigpos_init(&pos);
    cr_assert_eq(gr_bigpos_parse(&pos, "1000000000000 5", &err), GR_OK, "%s", err.msg);
    cr_assert_eq(gr_engine_quotient_winners(e, &pos, collect, &k, &err), GR_OK, "%s", err.msg);
    cr_assert_gt(k.n, 0);
    gr_engine_free(e);
    gr_bigpos_clear(&pos);
    gr_game_release(&g);
}
