/* Tier files. A directory holds
 *   MANIFEST            text: "grundy-tiers 1", "rules SPEC", "piles N",
 *                       "graph 0|1", "total T" (tiers 0..T all present)
 *   tier-TTTTTTTT.grt   one canonical total: a 48-byte header, then the
 *                       values in rank order, `width` bytes each, little-endian
 * Header (little-endian): "GRTIER1\n", u32 piles, u32 width (1, 2 or 4: the
 * fewest bytes that hold the tier's largest value), u64 tier, u64 count,
 * u64 FNV-1a 64 of the values as u32 LE (the tier checksum of
 * gr_tiers_checksum), u64 FNV-1a 64 of the 40 header bytes before it.
 * Every file is written aside and renamed (gr_atomic_*), so a file that is
 * there is whole; the checksums catch damage after the fact. */
#include "grundy/tierdb.h"
#include "grundy/io.h"
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char magic[8] = {'G', 'R', 'T', 'I', 'E', 'R', '1', '\n'};

static uint64_t fnv_bytes(const unsigned char *b, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 1099511628211ULL;
    }
    return h;
}

static void put_le(unsigned char *b, uint64_t x, int bytes)
{
    for (int i = 0; i < bytes; i++) b[i] = (unsigned char)(x >> (8 * i));
}

static uint64_t get_le(const unsigned char *b, int bytes)
{
    uint64_t x = 0;
    for (int i = 0; i < bytes; i++) x |= (uint64_t)b[i] << (8 * i);
    return x;
}

static char *path_of(const gr_tierdb *db, const char *name)
{
    size_t len = strlen(db->dir) + strlen(name) + 2;
    char *p = malloc(len);
    if (p) snprintf(p, len, "%s/%s", db->dir, name);
    return p;
}

static char *tier_path(const gr_tierdb *db, uint64_t t)
{
    char name[64];
    snprintf(name, sizeof name, "tier-%08" PRIu64 ".grt", t);
    return path_of(db, name);
}

static int write_manifest(gr_tierdb *db, gr_error *err)
{
    char *p = path_of(db, "MANIFEST");
    gr_atomic_file af;
    if (!p || gr_atomic_open(&af, p)) {
        free(p);
        return gr_fail(err, GR_EINPUT, "%s: cannot write MANIFEST: %s", db->dir, strerror(errno));
    }
    fprintf(af.f, "grundy-tiers 1\nrules %s\npiles %d\ngraph %d\n", db->rules, db->n, db->graph ? 1 : 0);
    if (db->have_total) fprintf(af.f, "total %" PRIu64 "\n", db->total);
    int rc = gr_atomic_commit(&af);
    free(p);
    return rc ? gr_fail(err, GR_EINPUT, "%s: cannot write MANIFEST: %s", db->dir, strerror(errno)) : GR_OK;
}

/* A whole line of decimal digits, at most `most`: no sign, no space, no
 * wrap-around (sscanf takes "-1" for 2^64 - 1). */
static bool number_of(const char *text, uint64_t most, uint64_t *out)
{
    uint64_t x = 0;
    if (!*text) return false;
    for (const char *c = text; *c; c++) {
        if (*c < '0' || *c > '9') return false;
        if (x > (most - (uint64_t)(*c - '0')) / 10) return false;
        x = x * 10 + (uint64_t)(*c - '0');
    }
    *out = x;
    return true;
}

/* 1 read, 0 absent, else an error: a line that does not parse, or a
 * number past what the solver writes, is a damaged manifest. */
static int read_manifest(gr_tierdb *db, gr_error *err)
{
    char *p = path_of(db, "MANIFEST");
    if (!p) return gr_fail_nomem(err);
    FILE *f = fopen(p, "r");
    free(p);
    if (!f) return 0;
    char line[512];
    int seen = 0;
    uint64_t x = 0;
    db->have_total = false;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        bool ok = true;
        if (strcmp(line, "grundy-tiers 1") == 0) {
            seen |= 1;
        } else if (strncmp(line, "rules ", 6) == 0) {
            ok = strlen(line + 6) < sizeof db->rules;
            if (ok) strcpy(db->rules, line + 6);
            seen |= 2;
        } else if (strncmp(line, "piles ", 6) == 0) {
            ok = number_of(line + 6, GR_MAX_PILES, &x) && x >= 2;
            db->n = (int)x;
            seen |= 4;
        } else if (strncmp(line, "graph ", 6) == 0) {
            ok = number_of(line + 6, 1, &x);
            db->graph = x != 0;
            seen |= 8;
        } else if (strncmp(line, "total ", 6) == 0) {
            ok = number_of(line + 6, GR_TIERDB_MAX_TOTAL, &db->total);
            db->have_total = ok;
        } else {
            ok = line[0] == 0;
        }
        if (!ok) {
            fclose(f);
            return gr_fail(err, GR_EINPUT, "%s/MANIFEST is damaged: the line '%.60s' is not what grundy solve writes",
                           db->dir, line);
        }
    }
    fclose(f);
    if (seen != 15) return gr_fail(err, GR_EINPUT, "%s/MANIFEST is not a grundy tier manifest", db->dir);
    return 1;
}

static void remove_stale(const gr_tierdb *db)
{
    DIR *d = opendir(db->dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        /* only the temporary names gr_atomic_open gives our own files */
        if ((strncmp(e->d_name, "tier-", 5) == 0 || strncmp(e->d_name, "MANIFEST", 8) == 0) &&
            strstr(e->d_name, ".tmp.")) {
            char *p = path_of(db, e->d_name);
            if (p) unlink(p);
            free(p);
        }
    }
    closedir(d);
}

int gr_tierdb_open(gr_tierdb *db, const char *dir, const gr_game *g, int n, bool create, gr_error *err)
{
    memset(db, 0, sizeof *db);
    db->dir = strdup(dir);
    if (!db->dir) return gr_fail_nomem(err);
    struct stat st;
    if (stat(dir, &st) != 0) {
        if (!create || (mkdir(dir, 0777) != 0 && errno != EEXIST)) {
            int rc = gr_fail(err, GR_EINPUT, "%s: %s", dir, strerror(errno));
            gr_tierdb_close(db);
            return rc;
        }
    } else if (!S_ISDIR(st.st_mode)) {
        gr_tierdb_close(db);
        return gr_fail(err, GR_EINPUT, "%s is not a directory", dir);
    }
    gr_tierdb want = {0};
    snprintf(want.rules, sizeof want.rules, "%s", g->spec);
    int rc = read_manifest(db, err);
    if (rc < 0 || rc > 1) {
        gr_tierdb_close(db);
        return rc;
    }
    if (rc == 1) {
        if (strcmp(db->rules, want.rules) != 0 || db->n != n) {
            rc = gr_fail(err, GR_EINPUT, "%s holds results for %s with %d piles, not %s with %d", dir, db->rules,
                         db->n, want.rules, n);
            gr_tierdb_close(db);
            return rc;
        }
    } else {
        memcpy(db->rules, want.rules, sizeof db->rules);
        db->n = n;
        db->have_total = false;
    }
    /* only the process that creates may clear: under MPI the others open
     * while rank 0 is already writing */
    if (create) remove_stale(db);
    return GR_OK;
}

void gr_tierdb_close(gr_tierdb *db)
{
    free(db->dir);
    db->dir = NULL;
}

int gr_tierdb_write(gr_tierdb *db, const gr_tiers *s, uint64_t t, gr_error *err)
{
    const uint32_t *v = s->v[t];
    uint64_t count = s->size[t];
    uint32_t mx = 0;
    for (uint64_t i = 0; i < count; i++)
        if (v[i] > mx) mx = v[i];
    int width = mx < 256 ? 1 : mx < 65536 ? 2 : 4;
    unsigned char h[48];
    memcpy(h, magic, 8);
    put_le(h + 8, (uint64_t)s->n, 4);
    put_le(h + 12, (uint64_t)width, 4);
    put_le(h + 16, t, 8);
    put_le(h + 24, count, 8);
    put_le(h + 32, s->sum[t] ? s->sum[t] : gr_tier_fnv(v, count), 8);
    put_le(h + 40, fnv_bytes(h, 40), 8);
    char *p = tier_path(db, t);
    gr_atomic_file af;
    if (!p || gr_atomic_open(&af, p)) {
        free(p);
        return gr_fail(err, GR_EINPUT, "%s: cannot write tier %" PRIu64 ": %s", db->dir, t, strerror(errno));
    }
    bool ok = fwrite(h, 1, sizeof h, af.f) == sizeof h;
    unsigned char buf[4096];
    size_t fill = 0;
    for (uint64_t i = 0; ok && i < count; i++) {
        put_le(buf + fill, v[i], width);
        fill += (size_t)width;
        if (fill + 4 > sizeof buf) {
            ok = fwrite(buf, 1, fill, af.f) == fill;
            fill = 0;
        }
    }
    if (ok && fill) ok = fwrite(buf, 1, fill, af.f) == fill;
    if (!ok) {
        int why = errno;
        gr_atomic_abort(&af);
        free(p);
        return gr_fail(err, GR_EINPUT, "%s: cannot write tier %" PRIu64 ": %s", db->dir, t, strerror(why));
    }
    int rc = gr_atomic_commit(&af);
    free(p);
    return rc ? gr_fail(err, GR_EINPUT, "%s: cannot write tier %" PRIu64 ": %s", db->dir, t, strerror(errno)) : GR_OK;
}

uint64_t gr_tierdb_bound(int piles, uint64_t t)
{
    return (uint64_t)(piles - 1) * t / 2;
}

int gr_tierdb_read(gr_tierdb *db, gr_tiers *s, uint64_t t, gr_error *err)
{
    char *p = tier_path(db, t);
    if (!p) return gr_fail_nomem(err);
    FILE *f = fopen(p, "rb");
    free(p);
    if (!f) return 0;
    unsigned char h[48];
    uint64_t count = s->size[t];
    int width = 0;
    bool ok = fread(h, 1, sizeof h, f) == sizeof h && memcmp(h, magic, 8) == 0 &&
              get_le(h + 40, 8) == fnv_bytes(h, 40) && get_le(h + 8, 4) == (uint64_t)s->n &&
              get_le(h + 16, 8) == t && get_le(h + 24, 8) == count;
    if (ok) {
        width = (int)get_le(h + 12, 4);
        ok = width == 1 || width == 2 || width == 4;
    }
    uint32_t *v = ok ? malloc((count ? count : 1) * sizeof *v) : NULL;
    if (ok && !v) {
        fclose(f);
        return gr_fail_nomem(err);
    }
    unsigned char buf[4096];
    for (uint64_t i = 0; ok && i < count;) {
        size_t want = (size_t)(count - i) * (size_t)width;
        if (want > sizeof buf) want = sizeof buf / 4 * 4;
        if (fread(buf, 1, want, f) != want) {
            ok = false;
            break;
        }
        for (size_t b = 0; b < want; b += (size_t)width) v[i++] = (uint32_t)get_le(buf + b, width);
    }
    if (ok) ok = fgetc(f) == EOF;
    fclose(f);
    if (ok) ok = gr_tier_fnv(v, count) == get_le(h + 32, 8);
    if (!ok) {
        free(v);
        return 0;   /* damaged: recomputed and rewritten */
    }
    /* Checksums that hold say nothing of who wrote the file; the solver
     * indexes bitsets by these values. */
    uint64_t most = gr_tierdb_bound(s->n, t);
    for (uint64_t i = 0; i < count; i++)
        if (v[i] > most) {
            uint32_t bad = v[i];
            free(v);
            return gr_fail(err, GR_EINPUT, "%s: tier %" PRIu64 " stores the value %u, but no position of total %" PRIu64
                           " has more than %" PRIu64 " options: not a file grundy wrote (refused)",
                           db->dir, t, bad, t, most);
        }
    free(s->v[t]);
    s->v[t] = v;
    return 1;
}

bool gr_tierdb_has(gr_tierdb *db, uint64_t t)
{
    char *p = tier_path(db, t);
    bool ok = p && access(p, R_OK) == 0;
    free(p);
    return ok;
}

int gr_tierdb_finish(gr_tierdb *db, const gr_tiers *s, gr_error *err)
{
    if (!db->have_total || s->total > db->total) db->total = s->total;
    db->have_total = true;
    db->graph = s->graph;
    return write_manifest(db, err);
}

int gr_tierdb_reader_open(gr_tierdb_reader *r, const char *dir, gr_error *err)
{
    memset(r, 0, sizeof *r);
    r->db.dir = strdup(dir);
    if (!r->db.dir) return gr_fail_nomem(err);
    int rc = read_manifest(&r->db, err);
    if (rc == 0) rc = gr_fail(err, GR_EINPUT, "%s: no MANIFEST (not written by grundy solve --out)", dir);
    if (rc == 1 && !r->db.have_total)
        rc = gr_fail(err, GR_EINPUT, "%s: the solve that wrote it did not finish; run it again", dir);
    if (rc == 1) rc = gr_game_parse(&r->game, r->db.rules, err);
    if (!rc) rc = gr_tiers_init(&r->tiers, &r->game, r->db.n, r->db.total, err);
    if (rc == 1) rc = GR_EINTERNAL;
    if (rc) gr_tierdb_reader_close(r);
    return rc;
}

void gr_tierdb_reader_close(gr_tierdb_reader *r)
{
    if (r->tiers.size) gr_tiers_free(&r->tiers);
    if (r->game.rs) gr_game_release(&r->game);
    gr_tierdb_close(&r->db);
}

int gr_tierdb_reader_value(gr_tierdb_reader *r, const gr_pos *pos, uint32_t *value, gr_error *err)
{
    gr_tiers *s = &r->tiers;
    if (pos->n != s->n)
        return gr_fail(err, GR_EINPUT, "%s holds %d-pile results; the position has %d piles", r->db.dir, s->n, pos->n);
    gr_pos c = *pos;
    uint64_t t = gr_tiers_canonical(s, &c);
    if (t > s->total)
        return gr_fail(err, GR_EINPUT, "canonical total %" PRIu64 " is beyond the stored results (to %" PRIu64 ")", t,
                       s->total);
    if (!s->v[t]) {
        int rc = gr_tierdb_read(&r->db, s, t, err);
        if (rc == 0) return gr_fail(err, GR_EINPUT, "%s: tier %" PRIu64 " is missing or damaged", r->db.dir, t);
        if (rc != 1) return rc;
    }
    uint32_t v = s->v[t][gr_tiers_rank(s, &c)];
    /* The position's own bound, tighter than its tier's: the sharing
     * moves between each pair of piles, (p_a - p_b)/2 of them. */
    uint64_t most = 0;
    for (int a = 0; a < c.n; a++)
        for (int b = 0; b < c.n; b++)
            if (c.p[a] > c.p[b]) most += (c.p[a] - c.p[b]) / 2;
    if (v > most)
        return gr_fail(err, GR_EINPUT, "%s: tier %" PRIu64 " stores the value %u for a position with at most %" PRIu64
                       " options: not a file grundy wrote (refused)", r->db.dir, t, v, most);
    *value = v;
    return GR_OK;
}
