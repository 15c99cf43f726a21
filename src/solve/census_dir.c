/* The census folder (grundy/census.h): its manifest, the groups of equal
 * sequences, and the first difference of two codes read from their files.
 *
 * MANIFEST, one line each:
 *   grundy census 1
 *   to N                          the largest --to asked so far
 *   code NAME RULES STATE COUNT CERTIFIED
 * The sequence files hold the values and resume by themselves; the
 * manifest says which codes belong to the census and which are done (a
 * code certified periodic is not run on when --to grows). */
#include "grundy/census.h"
#include "grundy/seqfile.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define MANIFEST "MANIFEST"

static bool dir_empty(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return true;
    struct dirent *e;
    bool empty = true;
    while (empty && (e = readdir(d)))
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 && strcmp(e->d_name, "LOCK") != 0)
            empty = false;
    closedir(d);
    return empty;
}

/* mkdir -p */
static int make_dirs(const char *dir)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) return -1;
    for (char *p = path + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(path, 0777) != 0 && errno != EEXIST) return -1;
            *p = '/';
        }
    return mkdir(path, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

/* Reads the manifest's codes: *recs (malloc'd) and *n; 0 when absent (*n = 0). */
static int read_manifest(const char *dir, gr_census_rec **recs, size_t *n, gr_error *err)
{
    char path[4096], line[512];
    snprintf(path, sizeof path, "%s/%s", dir, MANIFEST);
    *recs = NULL, *n = 0;
    FILE *f = fopen(path, "r");
    if (!f) return GR_OK;
    size_t cap = 0;
    int rc = GR_OK;
    if (!fgets(line, sizeof line, f) || strncmp(line, "grundy census 1", 15) != 0)
        rc = gr_fail(err, GR_EINPUT, "census: %s is not a census manifest", path);
    while (!rc && fgets(line, sizeof line, f)) {
        if (strncmp(line, "code ", 5) != 0) continue;
        if (*n == cap) {
            cap = cap ? cap * 2 : 64;
            gr_census_rec *more = realloc(*recs, cap * sizeof *more);
            if (!more) {
                rc = gr_fail_nomem(err);
                break;
            }
            *recs = more;
        }
        gr_census_rec *r = &(*recs)[*n];
        memset(r, 0, sizeof *r);
        unsigned long long count = 0;
        int cert = 0;
        if (sscanf(line, "code %31s %63s %d %llu %d", r->name, r->rules, &r->state, &count, &cert) != 5 ||
            r->state < GR_CENSUS_PENDING || r->state > GR_CENSUS_FAILED)
            rc = gr_fail(err, GR_EINPUT, "census: %s: a damaged line: %.60s", path, line);
        r->count = count;
        r->cert.certified = cert != 0;
        (*n)++;
    }
    fclose(f);
    if (rc) free(*recs), *recs = NULL, *n = 0;
    return rc;
}

static const gr_census_rec *find(const gr_census_rec *recs, size_t n, const char *rules)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(recs[i].rules, rules) == 0) return &recs[i];
    return NULL;
}

int gr_census_open(const char *dir, const char *key, gr_census_rec **recs, size_t *n, gr_error *err)
{
    if (!key) key = "--dir ";
    gr_census_rec *old;
    size_t nold;
    struct stat st;
    if (stat(dir, &st) != 0) {
        if (*n == 0) return gr_fail(err, GR_EINPUT, "census: %s%s does not exist; give the codes to start one", key, dir);
        if (make_dirs(dir) != 0) return gr_fail(err, GR_EINPUT, "census: cannot make %s%s: %s", key, dir, strerror(errno));
    } else if (!S_ISDIR(st.st_mode)) {
        return gr_fail(err, GR_EINPUT, "census: %s%s is not a folder", key, dir);
    }
    int rc = read_manifest(dir, &old, &nold, err);
    if (rc) return rc;
    if (*n == 0) {
        if (!nold) return gr_fail(err, GR_EINPUT, "census: %s holds no census; give the codes to start one", dir);
        *recs = old, *n = nold;
        return GR_OK;
    }
    if (!nold) {
        free(old);
        if (!dir_empty(dir))
            return gr_fail(err, GR_EINPUT, "census: %s%s holds other files and no census manifest", key, dir);
        return gr_census_save(dir, *recs, *n, 0, err);
    }
    bool same = nold == *n;
    for (size_t i = 0; same && i < *n; i++) same = find(old, nold, (*recs)[i].rules) != NULL;
    if (!same) {
        rc = gr_fail(err, GR_EINPUT, "census: %s%s holds another census (%zu codes, the first %s); give its codes "
                     "or another folder", key, dir, nold, old[0].name);
        free(old);
        return rc;
    }
    for (size_t i = 0; i < *n; i++) {
        const gr_census_rec *o = find(old, nold, (*recs)[i].rules);
        (*recs)[i].state = o->state == GR_CENSUS_DONE ? GR_CENSUS_DONE : GR_CENSUS_PENDING;
        (*recs)[i].count = o->count;
        (*recs)[i].cert.certified = o->cert.certified;
    }
    free(old);
    return GR_OK;
}

int gr_census_save(const char *dir, const gr_census_rec *recs, size_t n, uint64_t to, gr_error *err)
{
    char path[4096], tmp[4200];
    snprintf(path, sizeof path, "%s/%s", dir, MANIFEST);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) return gr_fail(err, GR_EINPUT, "census: cannot write %s: %s", tmp, strerror(errno));
    fprintf(f, "grundy census 1\nto %llu\n", (unsigned long long)to);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "code %s %s %d %llu %d\n", recs[i].name, recs[i].rules, recs[i].state,
                (unsigned long long)recs[i].count, recs[i].cert.certified ? 1 : 0);
    bool ok = fflush(f) == 0 && !ferror(f);
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        remove(tmp);
        return gr_fail(err, GR_EINPUT, "census: cannot write %s: %s", path, strerror(errno));
    }
    return GR_OK;
}

int gr_census_lock(const char *dir, int *fd, gr_error *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/LOCK", dir);
    *fd = open(path, O_RDWR | O_CREAT, 0666);
    if (*fd < 0) return gr_fail(err, GR_EINPUT, "census: cannot open %s: %s", path, strerror(errno));
    if (flock(*fd, LOCK_EX | LOCK_NB) != 0) {
        close(*fd);
        *fd = -1;
        return gr_fail(err, GR_EINPUT, "census: %s is in use by another census run (--report reads it meanwhile)", dir);
    }
    return GR_OK;
}

void gr_census_unlock(int fd)
{
    if (fd >= 0) close(fd);             /* closing drops the lock */
}

void gr_census_group(const gr_census_rec *recs, size_t n, long *group)
{
    for (size_t i = 0; i < n; i++) {
        group[i] = -1;
        if (!recs[i].hashed) continue;
        group[i] = (long)i;
        for (size_t j = 0; j < i; j++)
            if (recs[j].hashed && recs[j].hash == recs[i].hash) {
                group[i] = group[j];
                break;
            }
    }
}

/* ------------------------------------------------------------ differences */

typedef struct seq {
    uint16_t *g;
    uint64_t count;
    const gr_census_rec *r;
} seq;

static uint32_t seq_at(const seq *s, uint64_t x)
{
    if (x >= s->count) x = s->r->per.preperiod + (x - s->r->per.preperiod) % s->r->per.period;
    return s->g[x];
}

/* The last heap whose value is known: the file's, or any with a certified period. */
static uint64_t known_to(const seq *s, uint64_t to)
{
    if (s->r->cert.certified && s->r->per.found && s->r->per.period) return to;
    return s->count ? s->count - 1 : 0;
}

int gr_census_difference(const char *dir, const gr_census_rec *a, const gr_census_rec *b, uint64_t to,
                         uint64_t *at, uint32_t *va, uint32_t *vb, gr_error *err)
{
    seq s[2] = {{NULL, 0, a}, {NULL, 0, b}};
    int rc = GR_OK;
    for (int k = 0; k < 2 && !rc; k++) {
        char path[4096];
        gr_seqfile_header h;
        gr_census_file(dir, s[k].r, path, sizeof path);
        rc = gr_seqfile_read(path, &h, &s[k].g, 0, true, NULL, err);
        if (!rc) s[k].count = h.count;
        if (!rc && !h.count) rc = gr_fail(err, GR_EINPUT, "census: %s holds no values", path);
    }
    if (!rc) {
        uint64_t end = known_to(&s[0], to), e1 = known_to(&s[1], to);
        if (e1 < end) end = e1;
        if (end > to) end = to;
        rc = 0;
        *at = end;
        for (uint64_t x = 0; x <= end; x++)
            if (seq_at(&s[0], x) != seq_at(&s[1], x)) {
                *at = x, *va = seq_at(&s[0], x), *vb = seq_at(&s[1], x);
                rc = 1;
                break;
            }
    }
    free(s[0].g);
    free(s[1].g);
    return rc;
}
