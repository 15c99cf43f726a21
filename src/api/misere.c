/* The misere verb: the genus of each heap of a heap game, or its misere
 * quotient of the heaps 0..to (built, resumed, saved; or a saved one read
 * back), optionally checked against misere search (src/misere/,
 * docs/misere.md). Here: the checks, the reply, and its renderings. */
#include "api_internal.h"
#include "grundy/misere.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void gr_api_misere_reply_clear(gr_api_misere_reply *m)
{
    free(m->game);
    free(m->heaps);
    if (m->quot) gr_mquot_free(m->quot);
    free(m->quot);
    memset(m, 0, sizeof *m);
}

/* The checks made before any work, in the order they are reported. */
static int check(const gr_api_request *req, gr_error *err)
{
    const gr_api_misere_opts *o = &req->misere;
    char a[80], b[80], c[80], d[80];
    if (o->in && (o->out || o->resume))
        return gr_fail(err, GR_EINPUT, "%s and %s go with a build, not a saved quotient read back",
                       gr_api_key_name(req->front, "out", a, sizeof a), gr_api_key_name(req->front, "resume", b, sizeof b));
    if (o->in && !o->genus) return GR_OK;
    if (!o->have_to) return gr_fail(err, GR_EINPUT, "misere needs %sN", gr_api_key_lead(req->front, "to", a, sizeof a));
    if (o->in) return o->to > GR_MIS_MAX_HEAP ? gr_fail(err, GR_EINPUT, "%s%ld is past %d, the largest heap the misere "
                                                        "tools take", gr_api_key_lead(req->front, "to", a, sizeof a),
                                                        o->to, GR_MIS_MAX_HEAP)
                                              : GR_OK;
    if (o->genus == o->quotient)
        return gr_fail(err, GR_EINPUT, "misere needs one of %s and %s", gr_api_key_name(req->front, "genus", a, sizeof a),
                       gr_api_key_name(req->front, "quotient", b, sizeof b));
    if (o->to > GR_MIS_MAX_HEAP)
        return gr_fail(err, GR_EINPUT, "%s%ld is past %d, the largest heap the misere tools take",
                       gr_api_key_lead(req->front, "to", a, sizeof a), o->to, GR_MIS_MAX_HEAP);
    /* Python's quotient= names a saved file: there a quotient is what
     * misere() builds unless genus=True */
    if (o->genus && (o->out || o->resume || o->verify))
        return gr_fail(err, GR_EINPUT, "%s, %s and %s go with %s", gr_api_key_name(req->front, "out", a, sizeof a),
                       gr_api_key_name(req->front, "resume", b, sizeof b),
                       gr_api_key_name(req->front, "verify", c, sizeof c),
                       req->front == GR_FRONT_PYTHON ? "a quotient, not genus=True"
                                                     : gr_api_key_name(req->front, "quotient", d, sizeof d));
    return GR_OK;
}

/* An output file whose folder is missing or not writable, refused before any work. */
static int check_output(const gr_api_request *req, const char *path, gr_error *err)
{
    char flag[80];
    gr_api_key_lead(req->front, "out", flag, sizeof flag);
    if (!*path) return gr_fail(err, GR_EINPUT, "%s needs a file name", gr_api_key_name(req->front, "out", flag, sizeof flag));
    const char *slash = strrchr(path, '/');
    char dir[4096];
    if (!slash) snprintf(dir, sizeof dir, ".");
    else if (slash == path) snprintf(dir, sizeof dir, "/");
    else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    if (slash && !slash[1]) return gr_fail(err, GR_EINPUT, "%s%s: names a folder, not a file", flag, path);
    if (access(dir, W_OK) != 0)
        return gr_fail(err, GR_EINPUT, "%s%s: cannot write there: folder '%s': %s", flag, path, dir, strerror(errno));
    return GR_OK;
}

static int genus(const gr_api_request *req, const gr_game *g, gr_api_misere_reply *m, gr_error *err)
{
    if (!(m->heaps = malloc(((size_t)req->misere.to + 1) * sizeof *m->heaps))) return gr_fail_nomem(err);
    m->genus = true;
    return gr_genus_heaps(g, (int)req->misere.to, req->misere.terms ? (int)req->misere.terms : 6, m->heaps,
                          &req->limits, err);
}

/* A build stopped (time limit, estimate, interrupt) after some heaps: with
 * an output file those heaps are saved there, the file a build to that
 * heap writes, and the message says so and how to carry on; without one,
 * how to keep them. Still the stop's status (3 or 130). */
static int keep_stopped(const gr_api_request *req, const gr_mquot *kept, int rc, gr_error *err)
{
    const gr_api_misere_opts *o = &req->misere;
    char why[sizeof err->msg], resume[80], to[80], out[80], secs[80], then[sizeof err->msg];
    snprintf(why, sizeof why, "%s", err->msg);
    gr_api_key_lead(req->front, "resume", resume, sizeof resume);
    gr_api_key_lead(req->front, "to", to, sizeof to);
    gr_api_key_lead(req->front, "out", out, sizeof out);
    gr_api_key_name(req->front, "max-seconds", secs, sizeof secs);
    gr_error serr;
    gr_error_clear(&serr);
    if (!o->out)
        snprintf(then, sizeof then, "heaps 0..%d were done (|Q| = %u): with %sFILE a stopped build saves them, to carry "
                 "on with %sFILE %s%ld", kept->heaps, kept->order, out, resume, to, o->to);
    else if (gr_mquot_save(kept, o->out, &serr) != GR_OK)
        snprintf(then, sizeof then, "heaps 0..%d were done (|Q| = %u) but not saved: %.200s", kept->heaps, kept->order,
                 serr.msg);
    else
        snprintf(then, sizeof then, "heaps 0..%d (|Q| = %u) saved to %s: carry on with %s%s %s%ld%s%s", kept->heaps,
                 kept->order, o->out, resume, o->out, to, o->to, rc == GR_ELIMIT ? " and a larger " : "",
                 rc == GR_ELIMIT ? secs : "");
    /* the stop's message is rewritten (the first failure would stand), its knobs kept */
    unsigned knobs = err->knobs;
    gr_error_clear(err);
    gr_fail(err, rc, "%s; %s", why, then);
    err->knobs = knobs;
    return rc;
}

static int quotient(const gr_api_request *req, const gr_game *g, gr_mquot *q, gr_error *err)
{
    const gr_api_misere_opts *o = &req->misere;
    gr_mquot r = {0};
    int rc = GR_OK;
    if (o->resume) rc = gr_mquot_load(&r, o->resume, err);
    if (!rc && o->out) rc = check_output(req, o->out, err);
    /* the proofs' pairs are bounded by the memory limit (about 64 bytes each) */
    double cap = req->limits.max_bytes / 64;
    uint32_t max = cap > 4e9 ? 4000000000u : (uint32_t)cap;
    gr_mquot kept = {0};
    if (!rc)
        rc = gr_mquot_build_keep(q, g, (int)o->to, o->resume ? &r : NULL, max, &req->limits, o->progress,
                                 o->progress_ctx, &kept, err);
    gr_mquot_free(&r);
    if (!rc && o->out) rc = gr_mquot_save(q, o->out, err);
    if (rc && kept.order) rc = keep_stopped(req, &kept, rc, err);
    gr_mquot_free(&kept);
    return rc;
}

static int verify(const gr_api_request *req, const gr_game *g, gr_api_misere_reply *m, gr_error *err)
{
    const gr_mquot *q = m->quot;
    uint32_t bad[8];
    uint64_t checked = 0;
    long b = req->misere.verify < q->heaps ? req->misere.verify : q->heaps;
    int rc = gr_mquot_verify(q, g, (int)b, 3, &req->limits, &checked, bad, err);
    if (rc) return rc;
    m->checked = checked;
    if (bad[0])
        return gr_fail(err, GR_EINTERNAL, "the quotient disagrees with misere search on a sum of %u heaps (%u %u %u)",
                       bad[0], bad[1], bad[2], bad[3]);
    m->verified = true;
    m->verify_bound = b;
    return GR_OK;
}

int gr_api_misere(const gr_api_request *req, gr_api_reply *rep, gr_error *err)
{
    gr_api_misere_reply *m = &rep->misere;
    const gr_api_misere_opts *o = &req->misere;
    int rc = check(req, err);
    if (rc) return rc;
    if (!(m->quot = calloc(1, sizeof *m->quot))) return gr_fail_nomem(err);
    gr_game g = {0};
    if (o->in) {
        /* the file names the game; a game given too (Python's) must be it, in any spelling */
        rc = gr_mquot_load(m->quot, o->in, err);
        if (!rc && req->rules) {
            rc = gr_game_parse(&g, req->rules, err);
            if (!rc && !gr_mquot_same_game(&g, m->quot->game))
                rc = gr_fail(err, GR_EINPUT, "%s holds the quotient of %s, not %s", o->in, m->quot->game, g.spec);
        } else if (!rc) {
            rc = gr_game_parse(&g, m->quot->game, err);
        }
        if (!rc) gr_mquot_periodicity(m->quot, &g);
    } else {
        rc = gr_game_parse(&g, req->rules, err);
    }
    if (!rc && !(m->game = strdup(g.spec))) rc = gr_fail_nomem(err);
    m->to = o->to;
    /* genus goes with a file too: the genus of the file's game, heaps 0..to */
    if (!rc && o->genus) rc = genus(req, &g, m, err);
    else if (!rc && !o->in) rc = quotient(req, &g, m->quot, err);
    if (!rc && !m->genus && o->verify) rc = verify(req, &g, m, err);
    if (g.rs) gr_game_release(&g);
    return rc;
}

/* ---- renderings ---- */

static void render_genus(gr_buf *b, int format, const gr_api_misere_reply *m)
{
    const gr_genus *gn = m->heaps;
    long n = m->to, wild = -1;
    for (long x = 0; x <= n && wild < 0; x++)
        if (!gr_genus_tame(&gn[x])) wild = x;
    char w[256];
    if (format == GR_API_JSON) {
        gr_buf_printf(b, "{\"game\":\"%s\",\"to\":%ld,\"terms\":%d,\"first_not_tame\":%ld,\"heaps\":[", m->game, n,
                      gn[0].terms, wild);
        for (long x = 0; x <= n; x++) {
            gr_genus_format(&gn[x], w, sizeof w);
            gr_buf_printf(b, "%s{\"heap\":%ld,\"genus\":\"%s\",\"g\":%u,\"lambda\":[", x ? "," : "", x, w, gn[x].g);
            for (int t = 0; t < gn[x].terms; t++) gr_buf_printf(b, "%s%u", t ? "," : "", gn[x].lambda[t]);
            gr_buf_printf(b, "],\"settled\":%s,\"tame\":%s}", gn[x].settled ? "true" : "false",
                          gr_genus_tame(&gn[x]) ? "true" : "false");
        }
        gr_buf_puts(b, "]}\n");
        return;
    }
    gr_buf_printf(b, "genus of %s, heaps 0..%ld (superscripts computed to %d terms: g0..g%d)\n", m->game, n,
                  gn[0].terms, gn[0].terms - 1);
    for (long x = 0; x <= n; x++) {
        gr_genus_format(&gn[x], w, sizeof w);
        gr_buf_printf(b, "%6ld  %-16s%s%s\n", x, w, gr_genus_tame(&gn[x]) ? "" : "  not a nim sum's genus",
                      gn[x].settled ? "" : "  (not seen to settle)");
    }
    if (wild < 0) gr_buf_printf(b, "every heap 0..%ld has the genus of a nim sum (0^120, 1^031 or g^{g,g^2})\n", n);
    else gr_buf_printf(b, "heap %ld is the first whose genus is not a nim sum's: the game is not tame from there\n", wild);
}

static void put_words(gr_buf *b, const gr_mquot *q, bool json, bool only_p)
{
    char w[512];
    bool first = true;
    for (uint32_t x = 0; x < q->order; x++) {
        if (only_p && !q->p[x]) continue;
        gr_mquot_word(q, x, w, sizeof w);
        gr_buf_printf(b, json ? "%s\"%s\"" : "%s%s", first ? "" : ", ", w);
        first = false;
    }
}

static void put_relations(gr_buf *b, const gr_mquot *q, bool json)
{
    int n = gr_mquot_relations(q, NULL, 0);
    char *r = malloc((size_t)n + 1);
    if (!r) {
        b->failed = true;
        return;
    }
    gr_mquot_relations(q, r, (size_t)n + 1);
    bool first = true;
    char *save = NULL;
    for (char *line = strtok_r(r, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        gr_buf_printf(b, json ? "%s\"%s\"" : "%s  %s\n", json && !first ? "," : "", line);
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

static void render_quotient_text(gr_buf *b, const gr_mquot *q)
{
    gr_buf_printf(b, "misere quotient of %s, heaps 0..%d (proved for every sum of them)\n", q->game, q->heaps);
    gr_buf_printf(b, "|Q| = %u, |P| = %u\n", q->order, gr_mquot_pcount(q));
    gr_buf_puts(b, "generators:");
    for (int i = 0; i < q->ngen; i++)
        gr_buf_printf(b, " %c = heap %d%s", i < 26 ? 'a' + i : '?', q->gen[i], i + 1 < q->ngen ? "," : "");
    gr_buf_puts(b, q->ngen ? "\nrelations:\n" : " none\n");
    put_relations(b, q, false);
    gr_buf_puts(b, "P-portion: ");
    put_words(b, q, false, true);
    gr_buf_puts(b, "\nphi:");
    char w[512];
    for (int h = 0; h <= q->heaps; h++) {
        gr_mquot_word(q, q->phi[h], w, sizeof w);
        gr_buf_printf(b, "%s%d:%s", h % 8 ? "  " : "\n  ", h, w);
    }
    gr_buf_puts(b, "\nthe quotient grew at heaps:");
    for (int i = 0; i < q->nchange; i++) gr_buf_printf(b, " %d", q->change[i]);
    gr_buf_puts(b, "\n");
    const char *tame = tame_name(q);
    if (tame) gr_buf_printf(b, "tame: %s\n", tame);
    if (q->period)
        gr_buf_printf(b, "phi is periodic, period %d from heap %d, proved by the periodicity test (docs/misere.md):\n"
                         "this is the quotient of all heaps, and it answers sums of heaps of any size\n",
                      q->period, q->preperiod);
    else gr_buf_printf(b, "no period of phi proved: the quotient covers heaps 0..%d\n", q->heaps);
}

static void render_quotient_json(gr_buf *b, const gr_mquot *q)
{
    gr_buf_printf(b, "{\"game\":\"%s\",\"heaps\":%d,\"order\":%u,\"p_count\":%u,\"generators\":[", q->game, q->heaps,
                  q->order, gr_mquot_pcount(q));
    for (int i = 0; i < q->ngen; i++) gr_buf_printf(b, "%s%d", i ? "," : "", q->gen[i]);
    gr_buf_puts(b, "],\"relations\":[");
    put_relations(b, q, true);
    gr_buf_puts(b, "],\"elements\":[");
    put_words(b, q, true, false);
    gr_buf_puts(b, "],\"p\":[");
    for (uint32_t x = 0; x < q->order; x++) gr_buf_printf(b, "%s%d", x ? "," : "", q->p[x]);
    gr_buf_puts(b, "],\"phi\":[");
    for (int h = 0; h <= q->heaps; h++) gr_buf_printf(b, "%s%u", h ? "," : "", q->phi[h]);
    gr_buf_puts(b, "],\"changes\":[");
    for (int i = 0; i < q->nchange; i++) gr_buf_printf(b, "%s%d", i ? "," : "", q->change[i]);
    gr_buf_puts(b, "],\"mul\":[");
    for (uint32_t x = 0; x < q->order; x++) {
        gr_buf_puts(b, x ? ",[" : "[");
        for (uint32_t y = 0; y < q->order; y++) gr_buf_printf(b, "%s%u", y ? "," : "", q->mul[(size_t)x * q->order + y]);
        gr_buf_puts(b, "]");
    }
    gr_buf_printf(b, "],\"period\":%d,\"preperiod\":%d,\"seconds\":%.3f}\n", q->period, q->preperiod, q->seconds);
}

void gr_api_render_misere(gr_buf *b, int format, const gr_api_reply *rep)
{
    const gr_api_misere_reply *m = &rep->misere;
    if (m->genus) {
        render_genus(b, format, m);
        return;
    }
    if (m->verified && format != GR_API_JSON)
        gr_buf_printf(b, "misere search agrees on all %llu sums of up to 3 heaps each at most %ld\n", m->checked,
                      m->verify_bound);
    if (format == GR_API_JSON) render_quotient_json(b, m->quot);
    else render_quotient_text(b, m->quot);
}
