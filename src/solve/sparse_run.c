/* A whole sparse-space run (grundy/sparse.h): limits up front, resume from
 * a sequence file, checkpoints, the period watched while the run goes on. */
#include "grundy/seqfile.h"
#include "grundy/sparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* Heaps between checkpoints. */
#define STRETCH (1ull << 18)
/* Where the period is looked at (next_look): fixed counts, so interrupted
 * and uninterrupted runs stop at the same heaps. */
#define PERIOD_FROM (1ull << 12)
#define PERIOD_STEP (1ull << 22)
/* A conservative rate for the estimate (values a second a thread), from
 * bench_sparse on the reference machine (docs/takebreak.md). */
#define RATE_PER_THREAD 150000.0
/* The prefix a run's rate is measured on starts at CALIBRATE_FIRST heaps;
 * a run is refused on the measure only from CALIBRATE_MIN heaps on (or
 * once measuring has used its share of the limit), as shorter prefixes
 * time too few heaps to project from. */
#define CALIBRATE_FIRST (1ull << 10)
#define CALIBRATE_MIN (1ull << 16)
#define A_MAX 0.3
/* Past this many bytes of values (or half the memory limit) they spill. */
#define SPILL_FROM (1024.0 * 1048576)

static double wall(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int threads_of(int asked)
{
#ifdef _OPENMP
    return asked > 0 ? asked : omp_get_num_procs();
#else
    (void)asked;
    return 1;
#endif
}

/* Heaps kept at each end of a spilled run: 2^22, or less under a small
 * memory limit. */
static uint64_t spill_keep(double max_bytes)
{
    uint64_t keep = 1ull << 22;
    while (keep > (1u << 16) && keep * 2 * 2 > max_bytes / 4) keep /= 2;
    return keep;
}

/* The bytes of values kept in memory; more spill. */
static double spill_room(double max_bytes)
{
    return max_bytes / 2 < SPILL_FROM ? max_bytes / 2 : SPILL_FROM;
}

void gr_sparse_estimate(uint64_t to, int threads, double max_bytes, double *bytes, double *seconds)
{
    double n = (double)to + 1, room = spill_room(max_bytes);
    /* In memory, or spilled: both ends, a stretch, the rare heaps and each
     * thread's scratch. Two bytes a value: the values are held a byte each
     * while they are below 256, but whether one passes 255 is not known
     * before the run, and a run that widens must not pass the limit then
     * (so the byte layout halves the memory used, not the estimate); in
     * memory a widened run keeps the low bytes too (a third byte). */
    *bytes = n * 2 <= room ? n * 3 + 4.0 * 1048576
                           : (double)spill_keep(max_bytes) * 2 * 2 * 2 + 4.0 * 1048576 + threads * 0.5 * 1048576;
    *seconds = n / (RATE_PER_THREAD * (threads > 0 ? threads : 1));
}

/* The next heap count at which the period is looked at: 4096, doubling up
 * to 2^22, then steps of an eighth of the count (whole multiples of 2^22),
 * so the run stops soon after the certificate holds and the looks cost
 * O(n) in all. The same sequence in every run, resumed or not. */
static uint64_t next_look(uint64_t count)
{
    uint64_t p = PERIOD_FROM;
    while (p <= count) {
        if (p < PERIOD_STEP) {
            p *= 2;
        } else {
            uint64_t step = p / 8 > PERIOD_STEP ? p / 8 : PERIOD_STEP;
            p += (step + PERIOD_STEP - 1) / PERIOD_STEP * PERIOD_STEP;
        }
    }
    return p;
}

/* Looks for the period in G(0..count-1): true when certified. *aim is the
 * heap count the certificate needs, when it is not reached yet. */
static bool look_at_period(const gr_sparse_job *j, gr_sparse_result *r, uint64_t count, uint64_t *aim)
{
    if (gr_sparse_width(r->s) == 1) gr_period_find8(gr_sparse_data(r->s), count - 1, &r->per);
    else gr_period_find16(gr_sparse_data(r->s), count - 1, &r->per);
    memset(&r->cert, 0, sizeof r->cert);
    if (!r->per.found) return false;
    gr_period_octal(j->code, &r->per, &r->cert);
    if (!r->cert.applies) return false;
    if (r->cert.certified) return true;
    if (r->cert.needed_to + 1 > count) *aim = r->cert.needed_to + 1;
    return false;
}

/* A file that exists: the ruleset and the mask must be this run's. */
static int check_existing(const gr_sparse_job *j, gr_seqfile_header *h, uint64_t *most, gr_error *err)
{
    int rc = gr_seqfile_peek(j->out, h, most, err);
    if (rc) return rc;
    if (strncmp(h->rules, j->rules, GR_SEQFILE_RULES - 1) != 0 || h->mask_given != j->mask)
        rc = gr_fail(err, GR_EINPUT, "%s holds %s (mask %#x) and this run is %s (mask %#x): not resumed, the file "
                     "is unchanged", j->out, h->rules, h->mask_given, j->rules, j->mask);
    return rc;
}

/* A block of a file being resumed into the slots; a spilled run drops
 * what it read every 256 blocks. */
static int put_read(void *ctx, const uint16_t *v, uint64_t at, uint64_t n, gr_error *err)
{
    int rc = gr_sparse_put(ctx, at, v, n, err);
    if (!rc && ((at + n) / GR_SEQFILE_BLOCK & 255) == 0) gr_sparse_trim(ctx, at + n);
    return rc;
}

/* The file brought up to the values computed so far, from whichever
 * layout they are in (final: the short last block too). */
static int sync_file(gr_seqfile *w, const gr_sparse *s, bool final, gr_error *err)
{
    return gr_seqfile_sync(w, gr_sparse_data(s), gr_sparse_width(s), gr_sparse_count(s), gr_sparse_mask(s), final,
                           err);
}

/* Where a run too long for memory keeps its values: beside its file, else
 * in TMPDIR. NULL when they fit in memory. */
static const char *spill_dir(const gr_sparse_job *j, uint64_t cap, char *buf, size_t len)
{
    /* Two bytes a value, as in the estimate: the worst case, a run that widens. */
    if ((double)cap * 2 <= spill_room(j->lim.max_bytes)) return NULL;
    if (j->out) {
        snprintf(buf, len, "%s", j->out);
        char *slash = strrchr(buf, '/');
        if (!slash) return ".";
        if (slash == buf) slash[1] = 0;
        else *slash = 0;
        return buf;
    }
    const char *tmp = getenv("TMPDIR");
    return tmp && *tmp ? tmp : "/tmp";
}

static int create_out(const gr_sparse_job *j, gr_seqfile *w, gr_error *err)
{
    gr_seqfile_header h;
    memset(&h, 0, sizeof h);
    if (strlen(j->rules) >= GR_SEQFILE_RULES)
        return gr_fail(err, GR_EINPUT, "the ruleset '%.40s...' is too long to record in a sequence file", j->rules);
    strcpy(h.rules, j->rules);
    h.width = 2;
    h.block = GR_SEQFILE_BLOCK;
    h.mask_given = j->mask;
    return gr_seqfile_create(w, j->out, &h, err);
}

/* The values so far: none, or a file's (resumed). w is opened for writing
 * when the run has heaps to add. */
static int start(const gr_sparse_job *j, gr_sparse_result *r, gr_seqfile *w, bool *writing, gr_error *err)
{
    gr_seqfile_header h;
    uint64_t most = 0;
    if (j->out && gr_seqfile_stub(j->out) && remove(j->out) != 0)
        return gr_fail(err, GR_EINPUT, "cannot start %s again", j->out);
    FILE *probe = j->out ? fopen(j->out, "rb") : NULL;
    bool exists = probe != NULL;
    int rc = GR_OK;
    if (probe) fclose(probe);
    if (exists && (rc = check_existing(j, &h, &most, err))) return rc;
    uint64_t cap = most > j->to + 1 ? most : j->to + 1;
    char dir[4096];
    if (!(r->s = gr_sparse_new(j->code, cap, j->mask, spill_dir(j, cap, dir, sizeof dir), err))) return GR_EINPUT;
    gr_sparse_keep(r->s, spill_keep(j->lim.max_bytes));
    uint64_t have = 0;
    bool mended = false;
    if (exists) {
        bool torn;
        uint64_t said = h.count;
        rc = gr_seqfile_read_each(j->out, &h, cap, true, &torn, put_read, r->s, err);
        if (!rc) rc = gr_sparse_adopt(r->s, h.count, err);
        have = h.count;
        r->last.resumed = have;
        /* A header that says other than the blocks that check (a kill lost
         * its last write), or a torn tail: the file is written again even
         * when it holds every value asked for. */
        mended = said != have || torn;
    }
    *writing = j->out && !j->read_only && (have < j->to + 1 || mended);
    if (!rc && *writing)
        rc = exists ? gr_seqfile_reopen(w, j->out, &h, have, err) : create_out(j, w, err);
    return rc;
}

/* What the run has reached, for the progress line and the result. */
static void note_progress(gr_sparse_result *r, double start)
{
    r->last.done = gr_sparse_count(r->s);
    r->last.seconds = wall() - start;
    r->last.rare = gr_sparse_rare_count(r->s);
    r->last.gmax = gr_sparse_max_value(r->s);
    r->last.mask = gr_sparse_mask(r->s);
}

/* The time a run to heap `to` takes, measured: the values of a code cost
 * from ten times less to ten times more than the conservative rate of the
 * up-front estimate, so a run that estimate would refuse computes a
 * prefix first (its values kept) and projects its cost to the end. A
 * heap costs more as the rare heaps grow: the cost of a heap x is taken as
 * c x^a, a (0..A_MAX) from the cost of the prefix's two halves, whose mean
 * heaps are a third of each other. Costs are CPU seconds a thread (the
 * process's CPU time over the threads the engine used): wall time on a
 * loaded machine jumps by whole scheduler slices, which a prefix of a few
 * thousand heaps cannot absorb; the projection is therefore the run's
 * time on a machine to itself, and the run's own clock stops it at the
 * limit where the machine is slower than that. The prefix grows fourfold
 * from 2^10 heaps up to a 32nd of the run while measuring has taken under
 * a quarter of the limit; below 2^16 heaps the halves are too short to fit
 * a growth on, so the rate alone (a = 0) is projected; from 2^18 heaps a
 * run projected past four limits whose rate alone is past one is refused
 * at once (not sooner: the first thousands of heaps, while the rare values
 * form, cost more a heap than later ones, and a growth fitted on 2^16
 * heaps overshoots by up to ten times).
 * Sets *seconds to the projection. */
static int measure(const gr_sparse_job *j, gr_sparse_result *r, int threads, double *seconds, gr_error *err)
{
    uint64_t from = gr_sparse_count(r->s), n = j->to + 1 - from;
    double t0 = wall(), spent = 0;
    for (uint64_t pre = CALIBRATE_FIRST; pre < n; pre *= 4) {
        double ca = cpu();
        int rc = gr_sparse_extend(r->s, from + pre / 2, j->threads ? threads : 0, err);
        double c1 = cpu();
        int used1 = gr_sparse_threads(r->s);
        if (!rc) rc = gr_sparse_extend(r->s, from + pre, j->threads ? threads : 0, err);
        if (rc) return rc;
        double c2 = cpu();
        int used2 = gr_sparse_threads(r->s);
        double first = (c1 - ca) / (used1 > 0 ? used1 : 1), second = (c2 - c1) / (used2 > 0 ? used2 : 1);
        first = first > 1e-6 ? first : 1e-6;
        second = second > 1e-6 ? second : 1e-6;
        spent += first + second;
        double a = pre >= CALIBRATE_MIN ? log(second / first) / log(3.0) : 0;
        /* at most 0.3: over 2^16..2^24 the cost a heap grows as x^0.1 to
         * x^0.2 (Grundy's game, Officers, .354: measured), while a fit on one
         * prefix's halves (threads starting, rare values forming) swings up
         * to 1, ten times the run at 2^20 */
        a = a < 0 ? 0 : a > A_MAX ? A_MAX : a;
        /* c x^a integrated from the prefix's end to the run's, c from the
         * second half (mean heap 3/4 of the prefix) */
        double x0 = (double)(from + pre), x1 = (double)(j->to + 1), mid = (double)from + 0.75 * (double)pre;
        double c = second / (double)(pre - pre / 2) / pow(mid, a);
        *seconds = spent + c * (pow(x1, a + 1) - pow(x0, a + 1)) / (a + 1);
        /* measuring is itself bounded by a quarter of the limit (wall time) */
        if (wall() - t0 > j->lim.max_seconds / 4 || pre * 32 >= n) break;
        double floor_s = spent + second / (double)(pre - pre / 2) * (x1 - x0);
        /* far past: the fitted projection past four limits and the rate
         * alone past one (a growth fitted on a prefix can overshoot; the
         * rate alone cannot) */
        if (pre >= 4 * CALIBRATE_MIN && *seconds > 4 * j->lim.max_seconds && floor_s > j->lim.max_seconds) break;
    }
    return GR_OK;
}

int gr_sparse_job_run(const gr_sparse_job *j, gr_sparse_result *r, gr_error *err)
{
    memset(r, 0, sizeof *r);
    int threads = threads_of(j->threads);
    double bytes, seconds;
    gr_sparse_estimate(j->to, threads, j->lim.max_bytes, &bytes, &seconds);
    if (bytes > j->lim.max_bytes)
        return gr_fail_limit(err, GR_KNOB_MEMORY, "G(0..%llu) needs about %.0f MiB, over the memory limit of %.0f MiB",
                              (unsigned long long)j->to, bytes / 1048576.0, j->lim.max_bytes / 1048576.0);
    gr_seqfile w = {0};
    bool writing = false;
    int rc = start(j, r, &w, &writing, err);
    if (!r->s) return rc;
    /* Without a file to resume from, a run past the limit is refused
     * rather than stopped: by the measured rate where the conservative one
     * says it is too long (a run until the period is certified is measured
     * to its `to` too). */
    /* GR_SPARSE_STATS: the run's parts, wall seconds (printed at the end) */
    bool stats = gr_sparse_stats_on(r->s);
    double t_run = wall(), t_measure = 0, t_extend = 0, t_sync = 0, t_look = 0, t_mark = t_run;
    if (!rc && !j->out && seconds > j->lim.max_seconds &&
        !(rc = measure(j, r, threads, &seconds, err)) && seconds > j->lim.max_seconds) {
        rc = gr_fail_limit(err, GR_KNOB_SECONDS, "G(0..%llu) takes about %.3g s (the rate of its first %llu heaps), "
                           "over the limit of %.0f s (a run with a file to write checkpoints and resumes)",
                           (unsigned long long)j->to, seconds, (unsigned long long)gr_sparse_count(r->s),
                           j->lim.max_seconds);
        gr_sparse_free(r->s);
        r->s = NULL;
        return rc;
    }
    double start = wall();
    t_measure = start - t_mark;
    uint64_t aim = 0, look = next_look(gr_sparse_count(r->s));
    bool done = false;
    r->last.to = j->to;
    r->last.threads = threads;
    /* A stop hook (a front end's interrupt) is polled after every stretch:
     * shorter ones keep it prompt. The values do not depend on the stretch. */
    uint64_t stretch = j->lim.stop ? STRETCH / 16 : STRETCH;
    /* The checkpoint (the file brought up to date) is done by this thread
     * alone while the others wait: a stretch as long in time on every
     * thread count keeps its share of a run the same (phase A's work ahead
     * is kept from one stretch to the next, so the pipeline does not drain). */
    stretch *= (uint64_t)threads;
    while (!rc && !done && gr_sparse_count(r->s) < j->to + 1) {
        uint64_t count = gr_sparse_count(r->s);
        uint64_t stop = (count / stretch + 1) * stretch;
        if (j->until_period && look < stop) stop = look;
        if (aim > count && aim < stop) stop = aim;
        if (stop > j->to + 1) stop = j->to + 1;
        /* With the thread count left to the engine (0), it takes one thread
         * where heaps are cheap (gr_sparse_extend). */
        if (stats) t_mark = wall();
        if ((rc = gr_sparse_extend(r->s, stop, j->threads ? threads : 0, err))) break;
        if (stats) t_extend += wall() - t_mark, t_mark = wall();
        r->last.threads = gr_sparse_threads(r->s);
        count = gr_sparse_count(r->s);
        if (j->until_period && (count == look || count == aim)) {
            if (count == look) look = next_look(count);
            done = look_at_period(j, r, count, &aim);
        }
        if (stats) t_look += wall() - t_mark, t_mark = wall();
        if (writing && (rc = sync_file(&w, r->s, false, err))) break;
        gr_sparse_trim(r->s, count);
        if (stats) t_sync += wall() - t_mark;
        note_progress(r, start);
        if (j->progress) j->progress(j->ctx, &r->last);
        if (!done && count < j->to + 1 && gr_limits_stopped(&j->lim))
            rc = gr_fail(err, GR_EINTR, "stopped on request at heap %llu", (unsigned long long)count);
        else if (!done && count < j->to + 1 && r->last.seconds > j->lim.max_seconds)
            rc = gr_fail_limit(err, GR_KNOB_SECONDS, "stopped at heap %llu after %.0f s (the time limit)%s",
                               (unsigned long long)count, r->last.seconds,
                               j->out ? "; the values so far are kept: run the same command again to resume" : "");
    }
    uint64_t count = gr_sparse_count(r->s);
    if (!rc && writing) rc = sync_file(&w, r->s, true, err);
    if (writing) {
        int crc = gr_seqfile_close(&w, err);
        if (!rc) rc = crc;
    }
    if (!rc && (j->period || j->until_period) && !done && count > 0) {
        uint64_t unused = 0;
        look_at_period(j, r, count, &unused);
    }
    note_progress(r, start);
    if (stats) {
        fprintf(stderr, "sparse run: %.3f s wall to heap %llu on %d thread%s: measuring %.3f s, computing %.3f s, "
                "period looks %.3f s, checkpoints %.3f s, the rest %.3f s\n",
                wall() - t_run, (unsigned long long)count, r->last.threads, r->last.threads > 1 ? "s" : "",
                t_measure, t_extend, t_look, t_sync, wall() - t_run - t_measure - t_extend - t_look - t_sync);
        gr_sparse_stats_print(r->s, stderr);
    }
    return rc;
}
