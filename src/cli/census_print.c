/* grundy census's table: one row a code, laid out like the published tables
 * of octal games (game, heaps reached, largest value and where, rare mask,
 * rare heaps, last rare heap) with the certified period; then the groups of
 * codes with equal sequences and the tables' claims of equal games. */
#include "census.h"
#include "grundy/io.h"
#include <stdlib.h>
#include <string.h>

enum { COLS = 11 };
static const char *const head[COLS] = {"code", "N", "largest", "at", "mask", "rare", "last rare",
                                       "period", "preperiod", "status", "same as"};

static const char *state_word(const gr_census_rec *r)
{
    if (r->state == GR_CENSUS_DONE) return r->cert.certified ? "certified" : "reached";
    if (r->state == GR_CENSUS_STOPPED) return "stopped";
    if (r->state == GR_CENSUS_FAILED) return "failed";
    return "pending";
}

static void row(const gr_census_rec *r, const char *same, char cell[COLS][48])
{
    bool any = r->count > 0;
    bool per = r->cert.certified && r->per.found;
    snprintf(cell[0], 48, "%s", r->name);
    if (any) {
        snprintf(cell[1], 48, "%llu", (unsigned long long)(r->count - 1));
        snprintf(cell[2], 48, "%u", r->gmax);
        snprintf(cell[3], 48, "%llu", (unsigned long long)r->gmax_at);
        snprintf(cell[4], 48, "%x", r->mask);
        snprintf(cell[5], 48, "%llu", (unsigned long long)r->rare);
        snprintf(cell[6], 48, "%llu", (unsigned long long)r->last_rare);
    } else {
        for (int k = 1; k <= 6; k++) strcpy(cell[k], "-");
    }
    snprintf(cell[7], 48, per ? "%llu" : "-", (unsigned long long)r->per.period);
    snprintf(cell[8], 48, per ? "%llu" : "-", (unsigned long long)r->per.preperiod);
    snprintf(cell[9], 48, "%s", state_word(r));
    snprintf(cell[10], 48, "%s", same ? same : "");
}

/* The name of the first code of i's group when the group has two or more. */
static const char *same_as(const census *c, const long *group, size_t i)
{
    if (group[i] < 0) return NULL;
    for (size_t j = 0; j < c->n; j++)
        if (j != i && group[j] == group[i]) return c->recs[group[i]].name;
    return NULL;
}

static void print_rows(const census *c, const long *group, FILE *f)
{
    char cell[COLS][48];
    int width[COLS];
    for (int k = 0; k < COLS; k++) width[k] = (int)strlen(head[k]);
    for (size_t i = 0; i < c->n; i++) {
        row(&c->recs[i], same_as(c, group, i), cell);
        for (int k = 0; k < COLS; k++)
            if ((int)strlen(cell[k]) > width[k]) width[k] = (int)strlen(cell[k]);
    }
    for (long i = -1; i < (long)c->n; i++) {
        if (i >= 0) row(&c->recs[i], same_as(c, group, (size_t)i), cell);
        for (int k = 0; k < COLS; k++) {
            const char *s = i < 0 ? head[k] : cell[k];
            if (c->format == FMT_CSV) fprintf(f, "%s%s", k ? "," : "", s);
            else if (c->format == FMT_MD) fprintf(f, "| %s ", s);
            else if (k + 1 == COLS) fputs(s, f);
            else fprintf(f, k == 0 || k >= 9 ? "%-*s  " : "%*s  ", width[k], s);
        }
        fputs(c->format == FMT_MD ? "|\n" : "\n", f);
        if (i < 0 && c->format == FMT_MD) {
            for (int k = 0; k < COLS; k++) fputs(k == 0 || k >= 9 ? "| :--- " : "| ---: ", f);
            fputs("|\n", f);
        }
    }
}

/* The claims both of whose codes are in the census, checked. */
typedef struct claim_out {
    const gr_census_claim *cl;
    const gr_census_rec *a, *b;
    int differ;                  /* 1: at, va, vb; 0: equal to at */
    uint64_t at;
    uint32_t va, vb;
} claim_out;

static const gr_census_rec *by_name(const census *c, const char *name)
{
    gr_census_rec r;
    gr_error ignored = {0};
    if (gr_census_code(name, &r, &ignored)) return NULL;
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->recs[i].rules, r.rules) == 0 && c->recs[i].count) return &c->recs[i];
    return NULL;
}

static size_t check_claims(const census *c, claim_out *out, gr_error *err)
{
    const gr_census_claim *cl;
    size_t n = gr_census_claims(&cl), m = 0;
    for (size_t k = 0; k < n; k++) {
        claim_out o = {.cl = &cl[k], .a = by_name(c, cl[k].a), .b = by_name(c, cl[k].b)};
        if (!o.a || !o.b) continue;
        o.differ = gr_census_difference(c->dir, o.a, o.b, c->to, &o.at, &o.va, &o.vb, err);
        if (o.differ >= 0) out[m++] = o;
    }
    return m;
}

static void print_text(const census *c, const long *group, const claim_out *cl, size_t ncl, FILE *f)
{
    bool md = c->format == FMT_MD;
    fprintf(f, md ? "Census of %zu codes to G(0..%llu) (`%s`); N: the last heap computed, mask and rare heaps as the "
                    "sparse engine chose them.\n\n"
                  : "# census of %zu codes to G(0..%llu) in %s; N: the last heap computed\n",
            c->n, (unsigned long long)c->to, c->dir);
    print_rows(c, group, f);
    bool any = false;
    for (size_t i = 0; i < c->n; i++) {
        if (group[i] != (long)i || !same_as(c, group, i)) continue;
        if (!any) fprintf(f, md ? "\nCodes with equal G(0..%llu):\n\n" : "# equal G(0..%llu):\n", (unsigned long long)c->to);
        any = true;
        fputs(md ? "- " : "#  ", f);
        for (size_t j = i; j < c->n; j++)
            if (group[j] == (long)i) fprintf(f, j > i ? " = %s" : "%s", c->recs[j].name);
        fputc('\n', f);
    }
    if (ncl) fputs(md ? "\nGames the published tables list as one:\n\n" : "# games the published tables list as one:\n", f);
    for (size_t k = 0; k < ncl; k++) {
        fprintf(f, "%s%s and %s (%s): ", md ? "- " : "#  ", cl[k].a->name, cl[k].b->name, cl[k].cl->source);
        if (cl[k].differ) fprintf(f, "differ first at heap %llu (G = %u and %u)\n", (unsigned long long)cl[k].at, cl[k].va, cl[k].vb);
        else fprintf(f, "the same on 0..%llu\n", (unsigned long long)cl[k].at);
    }
}

static void print_json(const census *c, const long *group, const claim_out *cl, size_t ncl, FILE *f)
{
    fprintf(f, "{\"to\":%llu,\"dir\":", (unsigned long long)c->to);
    gr_json_string(f, c->dir);
    fputs(",\"codes\":[", f);
    for (size_t i = 0; i < c->n; i++) {
        const gr_census_rec *r = &c->recs[i];
        fputs(i ? ",{\"code\":" : "{\"code\":", f);
        gr_json_string(f, r->name);
        fputs(",\"rules\":", f);
        gr_json_string(f, r->rules);
        fprintf(f, ",\"status\":\"%s\"", state_word(r));
        if (r->count)
            fprintf(f, ",\"n\":%llu,\"largest\":%u,\"largest_at\":%llu,\"mask\":%u,\"rare\":%llu,\"last_rare\":%llu",
                    (unsigned long long)(r->count - 1), r->gmax, (unsigned long long)r->gmax_at, r->mask,
                    (unsigned long long)r->rare, (unsigned long long)r->last_rare);
        if (r->count)
            fprintf(f, ",\"computed\":%llu,\"seconds\":%.3f,\"threads\":%d", (unsigned long long)(r->count - r->resumed),
                    r->seconds, r->threads);
        if (r->cert.certified && r->per.found)
            fprintf(f, ",\"period\":%llu,\"preperiod\":%llu,\"certified_at\":%llu", (unsigned long long)r->per.period,
                    (unsigned long long)r->per.preperiod, (unsigned long long)r->cert.needed_to);
        const char *same = same_as(c, group, i);
        if (same) {
            fputs(",\"same_as\":", f);
            gr_json_string(f, same);
        }
        if (r->error[0]) {
            fputs(",\"error\":", f);
            gr_json_string(f, r->error);
        }
        fputc('}', f);
    }
    fputs("],\"claims\":[", f);
    for (size_t k = 0; k < ncl; k++) {
        fputs(k ? ",{\"codes\":[" : "{\"codes\":[", f);
        gr_json_string(f, cl[k].a->name);
        fputc(',', f);
        gr_json_string(f, cl[k].b->name);
        fputs("],\"source\":", f);
        gr_json_string(f, cl[k].cl->source);
        if (cl[k].differ)
            fprintf(f, ",\"same\":false,\"first_difference\":%llu,\"values\":[%u,%u]}", (unsigned long long)cl[k].at,
                    cl[k].va, cl[k].vb);
        else
            fprintf(f, ",\"same\":true,\"to\":%llu}", (unsigned long long)cl[k].at);
    }
    fputs("]}\n", f);
}

int census_print(const census *c, gr_error *err)
{
    long *group = malloc((c->n ? c->n : 1) * sizeof *group);
    const gr_census_claim *unused;
    claim_out *cl = malloc((gr_census_claims(&unused) + 1) * sizeof *cl);
    if (!group || !cl) {
        free(group);
        free(cl);
        return gr_fail_nomem(err);
    }
    gr_census_group(c->recs, c->n, group);
    gr_error ignored = {0};
    size_t ncl = check_claims(c, cl, &ignored);
    if (c->format == FMT_JSON) print_json(c, group, cl, ncl, stdout);
    else if (c->format == FMT_CSV) print_rows(c, group, stdout);
    else print_text(c, group, cl, ncl, stdout);
    free(group);
    free(cl);
    return fflush(stdout) == 0 ? GR_OK : gr_fail(err, GR_EINPUT, "census: cannot write the table");
}
