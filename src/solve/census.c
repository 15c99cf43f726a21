/* The census's codes and one code's run (grundy/census.h): the unsolved
 * games of the published tables as data, every code of at most k digits,
 * and the figures of one code from the sparse engine's job. */
#include "grundy/census.h"
#include "grundy/ruleset.h"
#include "grundy/seqfile.h"
#include "grundy/sparse.h"
#include "grundy/takebreak.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The unsolved octal games with at most three code digits: the list of
 * tczajka's re-verification of the tables (github.com/tczajka/octal-games,
 * UnsolvedGames.md), which follows Achim Flammenkamp's table
 * (wwwhomes.uni-bielefeld.de/achim/octal.html): .6 .04 .06 .14 .36 .64 .74
 * .76, 61 codes .xyz and 13 codes 4.xyz, 82 in all; and Grundy's game. */
static const char *const unsolved[] = {
    "grundy-game",
    ".6", ".04", ".06", ".14", ".36", ".64", ".74", ".76",
    ".004", ".005", ".006", ".014", ".015", ".016", ".024", ".026", ".034", ".054",
    ".064", ".104", ".106", ".114", ".125", ".126", ".135", ".136", ".142", ".143",
    ".146", ".161", ".162", ".163", ".164", ".166", ".167", ".172", ".174", ".204",
    ".205", ".206", ".207", ".224", ".244", ".245", ".264", ".314", ".324", ".334",
    ".336", ".342", ".344", ".346", ".362", ".364", ".366", ".371", ".374", ".404",
    ".414", ".416", ".444", ".454", ".564", ".604", ".606", ".744", ".764", ".774",
    ".776",
    "4.004", "4.007", "4.026", "4.044", "4.045", "4.064", "4.324", "4.327", "4.344",
    "4.364", "4.367", "4.404", "4.406",
};

size_t gr_census_unsolved(const char *const **names)
{
    *names = unsolved;
    return sizeof unsolved / sizeof *unsolved;
}

/* Games the tables list as one, which are not: .161 and .36 in
 * Flammenkamp's table; .27 and .06 in Winning Ways' game locator (tczajka's
 * README names both mistakes). */
static const gr_census_claim claims[] = {
    {".161", ".36", "Flammenkamp's table"},
    {".27", ".06", "Winning Ways' game locator"},
};

size_t gr_census_claims(const gr_census_claim **out)
{
    *out = claims;
    return sizeof claims / sizeof *claims;
}

size_t gr_census_all(int digits, char (*names)[8], size_t room)
{
    size_t n = 0;
    for (int lead = 0; lead <= 4; lead += 4)
        for (int k = 1; k <= digits && k <= 3; k++) {
            int total = 1 << (3 * k);
            for (int v = 0; v < total; v++) {
                if ((v & 7) == 0) continue;          /* the last digit must be non-zero */
                if (n < room) {
                    char d[4];
                    for (int i = 0; i < k; i++) d[i] = (char)('0' + ((v >> (3 * (k - 1 - i))) & 7));
                    d[k] = 0;
                    snprintf(names[n], sizeof names[n], "%s.%s", lead ? "4" : "", d);
                }
                n++;
            }
        }
    return n;
}

int gr_census_code(const char *word, gr_census_rec *r, gr_error *err)
{
    memset(r, 0, sizeof *r);
    char spec[GR_CENSUS_RULES];
    bool named = strchr(word, ':') || strcmp(word, "grundy-game") == 0;
    if (snprintf(spec, sizeof spec, named ? "%s" : "tb:%s", word) >= (int)sizeof spec)
        return gr_fail(err, GR_EINPUT, "census: code '%.20s...' is too long", word);
    gr_game g = {0};
    gr_error e = {0};
    if (gr_game_parse(&g, spec, &e))
        return gr_fail(err, GR_EINPUT, "census: unknown code '%s': %s", word, e.msg);
    gr_tb_code c;
    char why[96] = "";
    int rc = GR_OK;
    if (!gr_tb_code_of(&g, &c)) rc = gr_fail(err, GR_EINPUT, "census: '%s' is not a take-and-break code", word);
    else if (!gr_sparse_covers(&c, why, sizeof why))
        rc = gr_fail(err, GR_EINPUT, "census: the sparse engine does not take %s: %s", word, why);
    gr_game_release(&g);
    if (rc) return rc;
    if (strcmp(spec, "grundy-game") == 0) {
        strcpy(r->name, "grundy-game");
        strcpy(r->rules, "grundy-game");
        return GR_OK;
    }
    char text[GR_CENSUS_RULES - 4];
    int w = gr_tb_format(&c, text, sizeof text);
    if (w < 0 || w >= (int)sizeof text)
        return gr_fail(err, GR_EINPUT, "census: code '%s' is too long", word);
    snprintf(r->rules, sizeof r->rules, "tb:%s", text);
    /* the tables drop an empty d0: .161, 4.007 */
    snprintf(r->name, sizeof r->name, "%.31s", strncmp(text, "0.", 2) == 0 ? text + 1 : text);
    return GR_OK;
}

void gr_census_file(const char *dir, const gr_census_rec *r, char *buf, size_t len)
{
    char base[GR_CENSUS_RULES];
    size_t i = 0;
    for (const char *s = r->rules; *s && i + 1 < sizeof base; s++)
        base[i++] = (*s == ':' || *s == '!' || *s == '?' || *s == '/' || *s == '&' || *s == '#' || *s == ';') ? '_' : *s;
    base[i] = 0;
    snprintf(buf, len, "%s/%s.grs", dir, base);
}

/* ----------------------------------------------------------- one code */

static inline uint32_t slot(const void *g, unsigned width, uint64_t x)
{
    return width == 1 ? ((const uint8_t *)g)[x] : ((const uint16_t *)g)[x];
}

/* G(x) for any x, by the certified period past the computed values. */
static uint32_t value_at(const void *g, unsigned width, uint64_t count, const gr_census_rec *r, uint64_t x)
{
    if (x >= count) x = r->per.preperiod + (x - r->per.preperiod) % r->per.period;
    return slot(g, width, x);
}

static void figures(gr_census_rec *r, gr_sparse *s, uint64_t to)
{
    const void *g = gr_sparse_data(s);
    unsigned width = gr_sparse_width(s);
    uint64_t count = gr_sparse_count(s);
    r->count = count;
    r->mask = gr_sparse_mask(s);
    r->gmax = gr_sparse_max_value(s);
    r->rare = gr_sparse_rare_count(s);
    r->last_rare = r->rare ? gr_sparse_rare_heap(s, r->rare - 1) : 0;
    r->gmax_at = 0;
    r->npow = 0;
    uint32_t most = 0;
    uint64_t k = 0, next = 1;           /* rare heaps counted so far; the next power of two */
    for (uint64_t x = 0; x < count; x++) {
        if (x == next && r->npow < GR_CENSUS_POWERS) {
            while (k < r->rare && gr_sparse_rare_heap(s, k) < x) k++;
            r->max_pow[r->npow] = most, r->rare_pow[r->npow] = k, r->npow++;
            next *= 2;
        }
        uint32_t v = slot(g, width, x);
        if (v > most) most = v, r->gmax_at = x;
    }
    r->hashed = count > to || (r->cert.certified && r->per.found && r->per.period);
    if (!r->hashed) return;
    uint64_t h = 14695981039346656037ull;           /* FNV-1a, a 16-bit value at a time */
    for (uint64_t x = 0; x <= to; x++) {
        uint32_t v = value_at(g, width, count, r, x);
        h = (h ^ (v & 0xff)) * 1099511628211ull;
        h = (h ^ (v >> 8)) * 1099511628211ull;
    }
    r->hash = h;
}

/* The job to G(0..aim), the figures with the groups' hash over G(0..to). */
static int run_to(gr_census_rec *r, const char *dir, uint64_t aim, uint64_t to, int threads, bool read_only,
                  const gr_limits *lim, gr_error *err)
{
    gr_game g = {0};
    gr_tb_code c;
    gr_error e = {0};
    char path[4096];
    gr_census_file(dir, r, path, sizeof path);
    r->error[0] = 0;
    if (gr_game_parse(&g, r->rules, &e) || !gr_tb_code_of(&g, &c)) {
        gr_game_release(&g);
        r->state = GR_CENSUS_FAILED;
        snprintf(r->error, sizeof r->error, "%.159s", e.msg);
        return gr_fail(err, GR_EINPUT, "census: %s: %s", r->name, e.msg[0] ? e.msg : "not a take-and-break code");
    }
    gr_sparse_job j = {.code = &c, .rules = r->rules, .to = aim, .threads = threads, .out = path, .period = true,
                       .until_period = true, .read_only = read_only, .lim = *lim};
    gr_sparse_result res;
    int rc = gr_sparse_job_run(&j, &res, &e);
    gr_game_release(&g);
    r->threads = threads;
    if (res.s) {
        r->per = res.per;
        r->cert = res.cert;
        r->resumed = res.last.resumed;
        r->seconds = res.last.seconds;
        figures(r, res.s, to);
        gr_sparse_free(res.s);
    }
    if (!rc) {
        r->state = GR_CENSUS_DONE;
        return GR_OK;
    }
    snprintf(r->error, sizeof r->error, "%.159s", e.msg);
    /* stopped by the clock or on request: the file is kept and resumes */
    bool stopped = res.s && (gr_limits_stopped(lim) || (e.code == GR_ELIMIT && (e.knobs & GR_KNOB_SECONDS)));
    r->state = stopped ? GR_CENSUS_STOPPED : GR_CENSUS_FAILED;
    return gr_fail(err, stopped ? GR_ELIMIT : e.code ? e.code : GR_EINTERNAL, "census: %s: %s", r->name, e.msg);
}

int gr_census_run(gr_census_rec *r, const char *dir, uint64_t to, int threads, const gr_limits *lim, gr_error *err)
{
    /* A code certified periodic is done: a larger --to only reads its file
     * (the job would otherwise run on to its next look at the period). */
    uint64_t aim = to;
    if (r->state == GR_CENSUS_DONE && r->cert.certified && r->count && r->count - 1 < to) aim = r->count - 1;
    return run_to(r, dir, aim, to, threads, false, lim, err);
}

/* The values a sequence file holds for sure: its header's count when the
 * file is complete, else its full blocks (a checkpoint's header counts the
 * values of the block in flight too). */
static uint64_t held(const char *path, const gr_seqfile_header *h)
{
    struct stat st;
    if (stat(path, &st) != 0 || (uint64_t)st.st_size < GR_SEQFILE_HEADER) return 0;
    uint64_t block = (uint64_t)h->block, bytes = block * 2 + 8, full = h->count / block, rest = h->count % block;
    uint64_t want = GR_SEQFILE_HEADER + full * bytes + (rest ? rest * 2 + 8 : 0);
    if ((uint64_t)st.st_size >= want) return h->count;
    uint64_t on_disk = ((uint64_t)st.st_size - GR_SEQFILE_HEADER) / bytes * block;
    return on_disk < h->count ? on_disk : h->count;
}

int gr_census_read(gr_census_rec *r, const char *dir, uint64_t to, const gr_limits *lim, gr_error *err)
{
    char path[4096];
    gr_seqfile_header h;
    uint64_t most, count = 0;
    gr_error e = {0};
    gr_census_file(dir, r, path, sizeof path);
    /* a file being created (shorter than its header) is left alone: the job
     * would start it again */
    if (gr_seqfile_peek(path, &h, &most, &e) == GR_OK && h.block) count = held(path, &h);
    if (count == 0) {                /* not begun: its row says pending */
        r->count = 0;
        r->state = GR_CENSUS_PENDING;
        memset(&r->cert, 0, sizeof r->cert);
        return GR_OK;
    }
    /* read only: a census may be writing the file meanwhile */
    int rc = run_to(r, dir, count - 1, to, 1, true, lim, err);
    if (!rc && !r->cert.certified && r->count <= to) r->state = GR_CENSUS_STOPPED;
    return rc;
}
