/* The count verb: the papers' exact enumerations (seed 001's pairs,
 * zero-nim, no-carry and zero-graph, seed 000's sharing-p and sharing-f),
 * each an exact answer of any size. The arithmetic is the engine's
 * (src/theory/count001.c, src/analysis/zero_graph.c,
 * src/fast/sharing3_counts.c); here: what each count needs, the reply, and
 * its two renderings. */
#include "api_internal.h"
#include "grundy/sharing3_fast.h"
#include <stdlib.h>
#include <string.h>

const char *const gr_api_count_whats[] = {"pairs", "zero-nim", "no-carry", "zero-graph", "sharing-p", "sharing-f", NULL};

void gr_api_count_reply_clear(gr_api_count_reply *c)
{
    free(c->count);
    free(c->sum);
    if (c->have_graph) gr_zgraph_free(&c->graph);
    free(c->all);
    free(c->positive);
    free(c->f);
    memset(c, 0, sizeof *c);
}

/* "count pairs needs --sum S and --xor X", in the front end's words. */
static int needs(const gr_api_request *req, gr_error *err, const char *what, const char *k1, const char *m1,
                 const char *join, const char *k2, const char *m2)
{
    char a[64], b[64];
    gr_api_key_name(req->front, k1, a, sizeof a);
    if (!k2) return gr_fail(err, GR_EINPUT, "count %s needs %s%s%s", what, a, gr_api_key_sep(req->front), m1);
    gr_api_key_name(req->front, k2, b, sizeof b);
    return gr_fail(err, GR_EINPUT, "count %s needs %s%s%s%s%s%s%s%s", what, join, a, gr_api_key_sep(req->front), m1,
                   strcmp(join, "") == 0 ? " and " : " or ", b, gr_api_key_sep(req->front), m2);
}

/* A key given to a count that does not take it (the command line refuses
 * these itself, by the count's usage line). */
static int stray(const gr_api_request *req, const char *what, gr_error *err)
{
    const gr_api_count_opts *o = &req->count;
    static const struct {
        const char *key;
        const char *takers;    /* the counts that take it */
    } keys[] = {
        {"sum", " pairs zero-nim zero-graph "}, {"xor", " pairs "}, {"max-total", " zero-nim "},
        {"digits", " no-carry "}, {"to", " sharing-p sharing-f "}, {"ordered", " pairs "},
        {"zero", " pairs "}, {"at-most", " no-carry "}, {"list", " zero-graph "},
    };
    bool given[] = {o->sum, o->xor_, o->max_total, o->digits >= 0, o->to >= 0, o->ordered, o->zero, o->at_most, o->list};
    char padded[32], name[64];
    snprintf(padded, sizeof padded, " %s ", what);
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (given[i] && !strstr(keys[i].takers, padded))
            return gr_fail(err, GR_EINPUT, "%s does not apply to count %s",
                           gr_api_key_name(req->front, keys[i].key, name, sizeof name), what);
    return GR_OK;
}

/* The number into the reply, as decimal. */
static int put_count(gr_api_count_reply *c, mpz_srcptr z, gr_error *err)
{
    return (c->count = mpz_get_str(NULL, 10, z)) ? GR_OK : gr_fail_nomem(err);
}

static int count_exact(const gr_api_request *req, gr_api_count_reply *c, gr_error *err)
{
    const gr_api_count_opts *o = &req->count;
    mpz_t a, b, out;
    mpz_inits(a, b, out, NULL);
    int rc = GR_OK;
    if (strcmp(c->what, "pairs") == 0) {
        if (!o->sum || !o->xor_) rc = needs(req, err, "pairs", "sum", "S", "", "xor", "X");
        else {
            mpz_set_str(a, o->sum, 10);
            mpz_set_str(b, o->xor_, 10);
            gr_count_pairs(out, a, b, o->ordered, o->zero);
        }
    } else if (strcmp(c->what, "zero-nim") == 0) {
        if (!o->sum == !o->max_total) rc = needs(req, err, "zero-nim", "sum", "S", "one of ", "max-total", "K");
        else {
            mpz_set_str(a, o->sum ? o->sum : o->max_total, 10);
            if (o->sum) gr_count_zero_nim(out, a);
            else gr_count_zero_nim_upto(out, a);
        }
    } else {
        if (o->digits < 0) rc = needs(req, err, "no-carry", "digits", "k", "", NULL, NULL);
        else gr_count_no_carry(out, (unsigned long)o->digits, o->at_most);
    }
    if (!rc) rc = put_count(c, out, err);
    mpz_clears(a, b, out, NULL);
    return rc;
}

static int count_graph(const gr_api_request *req, gr_api_count_reply *c, gr_error *err)
{
    const char *S = req->count.sum;
    char name[64];
    if (!S) return needs(req, err, "zero-graph", "sum", "S", "", NULL, NULL);
    mpz_t z;
    mpz_init_set_str(z, S, 10);
    bool fits = mpz_fits_ulong_p(z) && mpz_sizeinbase(z, 2) <= 63;
    uint64_t s = fits ? mpz_get_ui(z) : 0;
    int rc = GR_OK;
    if (!fits) {
        /* the key alone, without Python's '=' */
        gr_api_key_name(req->front, "sum", name, sizeof name);
        name[strcspn(name, "=")] = '\0';
        rc = gr_fail(err, GR_EINPUT, "count zero-graph: %s must be below 2^63 (the graph is built explicitly)", name);
    }
    if (!rc) rc = put_count(c, z, err);   /* the total, as decimal */
    mpz_clear(z);
    if (rc) return rc;
    c->sum = c->count;
    c->count = NULL;
    c->list = req->count.list;
    if ((rc = gr_zgraph_build(&c->graph, s, GR_ZGRAPH_MAX_VERTICES, err))) return rc;
    c->have_graph = true;
    return GR_OK;
}

/* seed 000's counts, rows b <= N of the fast table */
static int count_table(const gr_api_request *req, gr_api_count_reply *c, gr_error *err)
{
    if (req->count.to < 0) return needs(req, err, c->what, "to", "N", "", NULL, NULL);
    uint32_t n = c->to = (uint32_t)req->count.to;
    if (strcmp(c->what, "sharing-p") == 0) {
        c->all = calloc((size_t)n + 1, sizeof *c->all);
        c->positive = calloc((size_t)n + 1, sizeof *c->positive);
        if (!c->all || !c->positive) return gr_fail_nomem(err);
        int rc = gr_s3count_p(n, &req->limits, c->all, c->positive, err);
        if (rc) return rc;
        c->first_all = c->first_positive = -1;
        for (uint32_t m = 0; m <= n; m++) {
            if (c->all[m] != m / 3 && c->first_all < 0) c->first_all = m;
            if (c->positive[m] != m / 3 && c->first_positive < 0) c->first_positive = m;
        }
        return GR_OK;
    }
    if (!(c->f = calloc((size_t)n + 1, 1))) return gr_fail_nomem(err);
    int rc = gr_s3count_f(n, &req->limits, c->f, err);
    if (rc) return rc;
    /* per residue, from n >= 3 as in Proposition P-per */
    for (uint32_t m = 3; m <= n; m++) (c->f[m] ? c->ones : c->zeros)[m % 32]++;
    return GR_OK;
}

int gr_api_count(const gr_api_request *req, gr_api_reply *rep, gr_error *err)
{
    gr_api_count_reply *c = &rep->count;
    const char *what = req->count.what;
    char name[64];
    for (size_t i = 0; what && gr_api_count_whats[i]; i++)
        if (strcmp(what, gr_api_count_whats[i]) == 0) c->what = gr_api_count_whats[i];
    if (!what) return gr_fail(err, GR_EINPUT, "count needs %s (pairs, zero-nim, no-carry, zero-graph, sharing-p or sharing-f)",
                              gr_api_key_name(req->front, "what", name, sizeof name));
    if (!c->what)
        return gr_fail(err, GR_EINPUT,
                       "unknown count '%.40s'; expected pairs, zero-nim, no-carry, zero-graph, sharing-p or sharing-f",
                       what);
    int rc = stray(req, c->what, err);
    if (rc) return rc;
    if (strcmp(c->what, "zero-graph") == 0) return count_graph(req, c, err);
    if (strncmp(c->what, "sharing-", 8) == 0) return count_table(req, c, err);
    return count_exact(req, c, err);
}

/* ---- renderings ---- */

static void triple(gr_buf *b, const uint64_t *t, bool json)
{
    gr_buf_printf(b, json ? "[%llu,%llu,%llu]" : "(%llu,%llu,%llu)", (unsigned long long)t[0],
                  (unsigned long long)t[1], (unsigned long long)t[2]);
}

static void render_graph(gr_buf *b, int format, const gr_api_count_reply *c)
{
    const gr_zgraph *g = &c->graph;
    if (format == GR_API_JSON) {
        gr_buf_printf(b, "{\"sum\":\"%s\",\"count\":\"%zu\",\"moves\":%zu,\"components\":%zu,\"longest_chain\":%zu,\"chain\":[",
                      c->sum, g->n, g->m, g->components, g->longest);
        for (size_t i = 0; i < g->longest; i++) {
            if (i) gr_buf_putc(b, ',');
            triple(b, g->v[g->chain[i]], true);
        }
        gr_buf_putc(b, ']');
        if (c->list) {
            gr_buf_puts(b, ",\"positions\":[");
            for (size_t i = 0; i < g->n; i++) {
                gr_buf_puts(b, i ? ",\n {\"position\":" : "\n {\"position\":");
                triple(b, g->v[i], true);
                gr_buf_puts(b, ",\"to\":[");
                for (size_t e = g->start[i]; e < g->start[i + 1]; e++) {
                    if (e > g->start[i]) gr_buf_putc(b, ',');
                    triple(b, g->v[g->to[e]], true);
                }
                gr_buf_puts(b, "]}");
            }
            gr_buf_putc(b, ']');
        }
        gr_buf_puts(b, "}\n");
        return;
    }
    gr_buf_printf(b, "total %s: %zu position%s, %zu move%s, %zu component%s, longest chain %zu\n", c->sum, g->n,
                  g->n == 1 ? "" : "s", g->m, g->m == 1 ? "" : "s", g->components, g->components == 1 ? "" : "s",
                  g->longest);
    if (g->longest) {
        gr_buf_puts(b, "chain:");
        for (size_t i = 0; i < g->longest; i++) {
            gr_buf_puts(b, i ? " -> " : " ");
            triple(b, g->v[g->chain[i]], false);
        }
        gr_buf_putc(b, '\n');
    }
    if (c->list)
        for (size_t i = 0; i < g->n; i++) {
            triple(b, g->v[i], false);
            gr_buf_putc(b, ':');
            for (size_t e = g->start[i]; e < g->start[i + 1]; e++) {
                gr_buf_putc(b, ' ');
                triple(b, g->v[g->to[e]], false);
            }
            gr_buf_putc(b, '\n');
        }
}

static void render_p(gr_buf *b, int format, const gr_api_count_reply *c)
{
    uint32_t n = c->to;
    if (format == GR_API_JSON) gr_buf_printf(b, "{\"what\":\"sharing-p\",\"to\":%u,\"rows\":[", n);
    else gr_buf_printf(b, "%8s %10s %12s %10s\n", "n", "P(n)", "P(n) piles>0", "floor(n/3)");
    for (uint32_t m = 0; m <= n; m++) {
        if (format == GR_API_JSON)
            gr_buf_printf(b, "%s[%u,%llu,%llu,%u]", m ? "," : "", m, (unsigned long long)c->all[m],
                          (unsigned long long)c->positive[m], m / 3);
        else
            gr_buf_printf(b, "%8u %10llu %12llu %10u\n", m, (unsigned long long)c->all[m],
                          (unsigned long long)c->positive[m], m / 3);
    }
    if (format == GR_API_JSON) {
        gr_buf_printf(b, "],\"first_differs_all\":%ld,\"first_differs_positive\":%ld}\n", c->first_all,
                      c->first_positive);
        return;
    }
    const char *label[2] = {"piles may be empty: ", "all piles non-empty: "};
    long first[2] = {c->first_all, c->first_positive};
    for (int i = 0; i < 2; i++) {
        gr_buf_puts(b, label[i]);
        if (first[i] < 0) gr_buf_printf(b, "P(n) = floor(n/3) for every n <= %u\n", n);
        else gr_buf_printf(b, "P(n) differs from floor(n/3) first at n = %ld\n", first[i]);
    }
}

static void render_f(gr_buf *b, int format, const gr_api_count_reply *c)
{
    uint32_t n = c->to;
    if (format == GR_API_JSON) {
        gr_buf_printf(b, "{\"what\":\"sharing-f\",\"to\":%u,\"f\":[", n);
        for (uint32_t m = 0; m <= n; m++) gr_buf_printf(b, m ? ",%u" : "%u", c->f[m]);
        gr_buf_puts(b, "],\"columns\":[");
        for (int r = 0; r < 32; r++)
            gr_buf_printf(b, "%s{\"residue\":%d,\"zeros\":%llu,\"ones\":%llu}", r ? "," : "", r,
                          (unsigned long long)c->zeros[r], (unsigned long long)c->ones[r]);
        gr_buf_puts(b, "]}\n");
        return;
    }
    gr_buf_printf(b, "f(n), n = 32 r + c (c across, r down); f(n) = 0: (0,0,n) is a P-position\n%8s ", "r \\ c");
    for (int col = 0; col < 32; col++) gr_buf_putc(b, col % 10 == 0 ? (char)('0' + col / 10) : ' ');
    gr_buf_putc(b, '\n');
    for (uint32_t r = 0; 32 * r <= n; r++) {
        gr_buf_printf(b, "%8u ", r);
        for (uint32_t col = 0; col < 32 && 32 * r + col <= n; col++) gr_buf_putc(b, (char)('0' + c->f[32 * r + col]));
        gr_buf_putc(b, '\n');
    }
    gr_buf_puts(b, "\ncolumns for n >= 3: n mod 32, then always 0, always 1, or varies (zeros/ones)\n");
    for (int col = 0; col < 32; col++) {
        const char *what = c->ones[col] == 0 ? "always 0" : c->zeros[col] == 0 ? "always 1" : "varies";
        gr_buf_printf(b, "%4d %-9s (%llu/%llu)\n", col, what, (unsigned long long)c->zeros[col],
                      (unsigned long long)c->ones[col]);
    }
}

void gr_api_render_count(gr_buf *b, int format, const gr_api_reply *rep)
{
    const gr_api_count_reply *c = &rep->count;
    if (c->have_graph) render_graph(b, format, c);
    else if (c->all) render_p(b, format, c);
    else if (c->f) render_f(b, format, c);
    else {
        /* a count may have a million digits: never through a format */
        gr_buf_puts(b, format == GR_API_JSON ? "{\"count\":\"" : "");
        gr_buf_puts(b, c->count);
        gr_buf_puts(b, format == GR_API_JSON ? "\"}\n" : "\n");
    }
}
