/* grundy misere: the genus of each heap and the misere quotient of a heap
 * game (src/misere/, docs/misere.md). Output is assembled in memory and
 * written when complete. */
#include "cli.h"
#include "grundy/misere.h"
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: grundy misere RULES --to N --genus [--terms T] [--format text|json]\n"
    "       grundy misere RULES --to N --quotient [--out FILE] [--resume FILE] [--verify B]\n"
    "                     [--format text|json] [--max-memory SIZE] [--max-seconds S]\n"
    "       grundy misere --in FILE [--verify B] [--format text|json]\n\n"
    "Misere play of a heap game (docs/misere.md).\n\n"
    "  --genus          Conway's genus g^{g0 g1 ...} of each heap 0..N: g the normal\n"
    "                   value, gk the misere value of the heap plus k copies of *2;\n"
    "                   marks the first heap whose genus is not a nim sum's (tame)\n"
    "  --terms T        superscript terms computed (4 to 8, default 6)\n"
    "  --quotient       the misere quotient of the heaps 0..N, built heap by heap and\n"
    "                   proved for every sum: presentation, |Q|, |P|, the P-portion,\n"
    "                   phi of each heap, the heaps where it grew, a period of phi\n"
    "                   where one is proved (then it is the quotient of all heaps);\n"
    "                   JSON adds the table\n"
    "  --out FILE       save the quotient (value/moves --misere --quotient FILE)\n"
    "  --resume FILE    carry on from a saved quotient of the same game\n"
    "  --progress       one line a heap on standard error\n"
    "  --verify B       also compare with misere search on every sum of up to 3 heaps\n"
    "                   each at most B\n"
    "  --in FILE        print a saved quotient\n";

typedef struct mis_args {
    cli_args common;
    long to, terms, verify;
    bool have_to, genus, quotient, progress;
    const char *out, *in, *resume;
} mis_args;

static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    mis_args *m = ctx;
    const char *f = argv[*i];
    int rc;
    if (strcmp(f, "--to") == 0) {
        m->have_to = true;
        return (rc = cli_flag_long(argc, argv, i, 0, 1000000000L, &m->to, err)) ? rc : 1;
    }
    if (strcmp(f, "--terms") == 0) return (rc = cli_flag_long(argc, argv, i, 4, GR_GENUS_TERMS, &m->terms, err)) ? rc : 1;
    if (strcmp(f, "--verify") == 0) return (rc = cli_flag_long(argc, argv, i, 0, GR_MIS_MAX_HEAP, &m->verify, err)) ? rc : 1;
    if (strcmp(f, "--genus") == 0) return m->genus = true, 1;
    if (strcmp(f, "--quotient") == 0) return m->quotient = true, 1;
    if (strcmp(f, "--progress") == 0) return m->progress = true, 1;
    if (strcmp(f, "--out") == 0 || strcmp(f, "--in") == 0 || strcmp(f, "--resume") == 0) {
        if (*i + 1 >= argc) return gr_fail(err, GR_EINPUT, "%s needs a file", f);
        const char **to = f[2] == 'o' ? &m->out : f[2] == 'i' ? &m->in : &m->resume;
        *to = argv[++*i];
        return 1;
    }
    return 0;
}

/* ---- genus ---- */

static int print_genus(FILE *f, const gr_game *g, const gr_genus *gn, long n, int format)
{
    long wild = -1;
    for (long x = 0; x <= n && wild < 0; x++)
        if (!gr_genus_tame(&gn[x])) wild = x;
    char buf[256];
    if (format == FMT_JSON) {
        fprintf(f, "{\"game\":\"%s\",\"to\":%ld,\"terms\":%d,\"first_not_tame\":%ld,\"heaps\":[", g->spec, n,
                gn[0].terms, wild);
        for (long x = 0; x <= n; x++) {
            gr_genus_format(&gn[x], buf, sizeof buf);
            fprintf(f, "%s{\"heap\":%ld,\"genus\":\"%s\",\"g\":%u,\"lambda\":[", x ? "," : "", x, buf, gn[x].g);
            for (int t = 0; t < gn[x].terms; t++) fprintf(f, "%s%u", t ? "," : "", gn[x].lambda[t]);
            fprintf(f, "],\"settled\":%s,\"tame\":%s}", gn[x].settled ? "true" : "false",
                    gr_genus_tame(&gn[x]) ? "true" : "false");
        }
        fputs("]}\n", f);
        return GR_OK;
    }
    fprintf(f, "genus of %s, heaps 0..%ld (superscripts computed to %d terms: g0..g%d)\n", g->spec, n, gn[0].terms,
            gn[0].terms - 1);
    for (long x = 0; x <= n; x++) {
        gr_genus_format(&gn[x], buf, sizeof buf);
        fprintf(f, "%6ld  %-16s%s%s\n", x, buf, gr_genus_tame(&gn[x]) ? "" : "  not a nim sum's genus",
                gn[x].settled ? "" : "  (not seen to settle)");
    }
    if (wild < 0) fprintf(f, "every heap 0..%ld has the genus of a nim sum (0^120, 1^031 or g^{g,g^2})\n", n);
    else fprintf(f, "heap %ld is the first whose genus is not a nim sum's: the game is not tame from there\n", wild);
    return GR_OK;
}

static int run_genus(mis_args *m, const gr_game *g, FILE *f, gr_error *err)
{
    gr_genus *gn = malloc(((size_t)m->to + 1) * sizeof *gn);
    if (!gn) return gr_fail_nomem(err);
    int rc = gr_genus_heaps(g, (int)m->to, m->terms ? (int)m->terms : 6, gn, &m->common.limits, err);
    if (!rc) rc = print_genus(f, g, gn, m->to, m->common.format);
    free(gn);
    return rc;
}

/* ---- quotient ---- */

static void print_words(FILE *f, const gr_mquot *q, bool json, bool only_p)
{
    char w[512];
    bool first = true;
    for (uint32_t x = 0; x < q->order; x++) {
        if (only_p && !q->p[x]) continue;
        gr_mquot_word(q, x, w, sizeof w);
        fprintf(f, json ? "%s\"%s\"" : "%s%s", first ? "" : ", ", w);
        first = false;
    }
}

static void print_relations(FILE *f, const gr_mquot *q, bool json)
{
    int n = gr_mquot_relations(q, NULL, 0);
    char *r = malloc((size_t)n + 1);
    if (!r) return;
    gr_mquot_relations(q, r, (size_t)n + 1);
    bool first = true;
    for (char *line = strtok(r, "\n"); line; line = strtok(NULL, "\n")) {
        fprintf(f, json ? "%s\"%s\"" : "%s  %s\n", json && !first ? "," : "", line);
        first = false;
    }
    free(r);
}

/* The tame quotients by name: misere Nim's of heaps 0..1 and 0..3. */
static const char *tame_name(const gr_mquot *q)
{
    uint32_t pc = gr_mquot_pcount(q);
    if (q->order == 2 && pc == 1) return "<a | a^2 = 1>, P = {a}: misere Nim's quotient of heaps 0 and 1";
    if (q->order != 6 || pc != 2) return NULL;
    char rel[128], pa[32], pb[32];
    gr_mquot_relations(q, rel, sizeof rel);
    uint32_t ps[2], n = 0;
    for (uint32_t x = 0; x < q->order && n < 2; x++)
        if (q->p[x]) ps[n++] = x;
    gr_mquot_word(q, ps[0], pa, sizeof pa);
    gr_mquot_word(q, ps[1], pb, sizeof pb);
    if (strcmp(rel, "a^2 = 1\nb^3 = b\n") == 0 && strcmp(pa, "a") == 0 && strcmp(pb, "b^2") == 0)
        return "T2 = <a, b | a^2 = 1, b^3 = b>, P = {a, b^2}: misere Nim's quotient of heaps 0..3";
    return NULL;
}

static void print_quotient_text(FILE *f, const gr_mquot *q)
{
    fprintf(f, "misere quotient of %s, heaps 0..%d (proved for every sum of them)\n", q->game, q->heaps);
    fprintf(f, "|Q| = %u, |P| = %u\n", q->order, gr_mquot_pcount(q));
    fputs("generators:", f);
    for (int i = 0; i < q->ngen; i++) fprintf(f, " %c = heap %d%s", i < 26 ? 'a' + i : '?', q->gen[i], i + 1 < q->ngen ? "," : "");
    fputs(q->ngen ? "\nrelations:\n" : " none\n", f);
    print_relations(f, q, false);
    fputs("P-portion: ", f);
    print_words(f, q, false, true);
    fputs("\nphi:", f);
    char w[512];
    for (int h = 0; h <= q->heaps; h++) {
        gr_mquot_word(q, q->phi[h], w, sizeof w);
        fprintf(f, "%s%d:%s", h % 8 ? "  " : "\n  ", h, w);
    }
    fputs("\nthe quotient grew at heaps:", f);
    for (int i = 0; i < q->nchange; i++) fprintf(f, " %d", q->change[i]);
    fprintf(f, "\n");
    const char *tame = tame_name(q);
    if (tame) fprintf(f, "tame: %s\n", tame);
    if (q->period)
        fprintf(f, "phi is periodic, period %d from heap %d, proved by the periodicity test (docs/misere.md):\n"
                   "this is the quotient of all heaps, and it answers sums of heaps of any size\n",
                q->period, q->preperiod);
    else fprintf(f, "no period of phi proved: the quotient covers heaps 0..%d\n", q->heaps);
}

static void print_quotient_json(FILE *f, const gr_mquot *q)
{
    fprintf(f, "{\"game\":\"%s\",\"heaps\":%d,\"order\":%u,\"p_count\":%u,\"generators\":[", q->game, q->heaps, q->order,
            gr_mquot_pcount(q));
    for (int i = 0; i < q->ngen; i++) fprintf(f, "%s%d", i ? "," : "", q->gen[i]);
    fputs("],\"relations\":[", f);
    print_relations(f, q, true);
    fputs("],\"elements\":[", f);
    print_words(f, q, true, false);
    fputs("],\"p\":[", f);
    for (uint32_t x = 0; x < q->order; x++) fprintf(f, "%s%d", x ? "," : "", q->p[x]);
    fputs("],\"phi\":[", f);
    for (int h = 0; h <= q->heaps; h++) fprintf(f, "%s%u", h ? "," : "", q->phi[h]);
    fputs("],\"changes\":[", f);
    for (int i = 0; i < q->nchange; i++) fprintf(f, "%s%d", i ? "," : "", q->change[i]);
    fputs("],\"mul\":[", f);
    for (uint32_t x = 0; x < q->order; x++) {
        fputs(x ? ",[" : "[", f);
        for (uint32_t y = 0; y < q->order; y++) fprintf(f, "%s%u", y ? "," : "", q->mul[(size_t)x * q->order + y]);
        fputs("]", f);
    }
    fprintf(f, "],\"period\":%d,\"preperiod\":%d,\"seconds\":%.3f}\n", q->period, q->preperiod, q->seconds);
}

static int verify(const mis_args *m, const gr_game *g, const gr_mquot *q, FILE *f, gr_error *err)
{
    uint64_t checked;
    uint32_t bad[8];
    long b = m->verify < q->heaps ? m->verify : q->heaps;
    int rc = gr_mquot_verify(q, g, (int)b, 3, &m->common.limits, &checked, bad, err);
    if (rc) return rc;
    if (bad[0])
        return gr_fail(err, GR_EINTERNAL, "the quotient disagrees with misere search on a sum of %u heaps (%u %u %u)",
                       bad[0], bad[1], bad[2], bad[3]);
    if (m->common.format != FMT_JSON)
        fprintf(f, "misere search agrees on all %llu sums of up to 3 heaps each at most %ld\n",
                (unsigned long long)checked, b);
    return GR_OK;
}

/* --progress: one line a heap on standard error */
static void progress(void *ctx, int heap, uint32_t order, bool changed)
{
    (void)ctx;
    fprintf(stderr, "heap %d: |Q| = %u%s\n", heap, order, changed ? " (grew)" : "");
}

static int run_quotient(mis_args *m, const gr_game *g, gr_mquot *q, FILE *f, gr_error *err)
{
    int rc = GR_OK;
    if (m->in) {
        rc = gr_mquot_load(q, m->in, err);
        if (!rc && g) gr_mquot_periodicity(q, g);
    } else {
        gr_mquot r = {0};
        if (m->resume) rc = gr_mquot_load(&r, m->resume, err);
        if (!rc && m->out) rc = cli_check_output("--out", m->out, err);
        /* the proofs' pairs are bounded by the memory limit (about 64 bytes each) */
        double cap = m->common.limits.max_bytes / 64;
        uint32_t max = cap > 4e9 ? 4000000000u : (uint32_t)cap;
        if (!rc) rc = gr_mquot_build(q, g, (int)m->to, m->resume ? &r : NULL, max, &m->common.limits,
                                   m->progress ? progress : NULL, NULL, err);
        gr_mquot_free(&r);
        if (!rc && m->out) rc = gr_mquot_save(q, m->out, err);
    }
    if (!rc && m->verify && g) rc = verify(m, g, q, f, err);
    if (rc) return rc;
    if (m->common.format == FMT_JSON) print_quotient_json(f, q);
    else print_quotient_text(f, q);
    return GR_OK;
}

static int check_args(mis_args *m, gr_error *err)
{
    if (m->in) {
        if (m->common.rules) return gr_fail(err, GR_EINPUT, "unexpected argument '%s': --in FILE names the game", m->common.rules);
        return GR_OK;
    }
    if (!m->common.rules) return gr_fail(err, GR_EINPUT, "misere needs RULES (or --in FILE)");
    if (!m->have_to) return gr_fail(err, GR_EINPUT, "misere needs --to N");
    if (m->genus == m->quotient) return gr_fail(err, GR_EINPUT, "misere needs one of --genus and --quotient");
    if (m->to > GR_MIS_MAX_HEAP)
        return gr_fail(err, GR_EINPUT, "--to %ld is past %d, the largest heap the misere tools take", m->to, GR_MIS_MAX_HEAP);
    if (m->genus && (m->out || m->resume || m->verify)) return gr_fail(err, GR_EINPUT, "--out, --resume and --verify go with --quotient");
    return GR_OK;
}

int cmd_misere(int argc, char **argv)
{
    mis_args m;
    memset(&m, 0, sizeof m);
    gr_error err;
    gr_error_clear(&err);
    unsigned parts = CLI_RULES | CLI_LIMITS;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--in") == 0) parts &= ~(unsigned)CLI_RULES;
    int rc = cli_parse(&m.common, argc, argv, parts, extra, &m, &err);
    if (!rc && m.common.help) {
        fputs(help, stdout);
        cli_args_free(&m.common);
        return 0;
    }
    gr_game g = {0};
    if (!rc) rc = check_args(&m, &err);
    if (!rc && !m.in) rc = gr_game_parse(&g, m.common.rules, &err);
    if (!rc && m.in) {
        gr_mquot peek;
        rc = gr_mquot_load(&peek, m.in, &err);
        if (!rc) rc = gr_game_parse(&g, peek.game, &err);
        gr_mquot_free(&peek);
    }
    char *text = NULL;
    size_t len = 0;
    FILE *f = rc ? NULL : open_memstream(&text, &len);
    if (!rc && !f) rc = gr_fail_nomem(&err);
    gr_mquot q = {0};
    if (!rc) rc = m.genus ? run_genus(&m, &g, f, &err) : run_quotient(&m, g.rs ? &g : NULL, &q, f, &err);
    if (f) fclose(f);
    if (!rc) fwrite(text, 1, len, stdout);
    free(text);
    gr_mquot_free(&q);
    if (g.rs) gr_game_release(&g);
    cli_args_free(&m.common);
    return rc ? cli_report(&err) : 0;
}
