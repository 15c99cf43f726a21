/* The census verb on the answer layer: a run into a folder, its reply's
 * records and checked claims, the text/csv/json renderings, a report of the
 * same folder, and the refusals (no folder, no --to, a code of three heaps,
 * a folder holding another census). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "grundy/api.h"
#include "grundy/buf.h"

static char *folder(void)
{
    char tmpl[] = "/tmp/grundy-api-census-XXXXXX";
    char *d = mkdtemp(tmpl);
    cr_assert(d);
    return strdup(d);
}

static void drop(char *dir)
{
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
    free(dir);
}

/* One census call, its options through the validator as the command line
 * gives them (to 0: not given); the reply is left for the caller to read
 * and clear. */
static int census(const char *dir, const char *const *codes, size_t n, uint64_t to, bool report, gr_api_reply *rep,
                  gr_error *err)
{
    gr_api_request req;
    gr_api_request_init(&req, GR_API_CENSUS, GR_FRONT_CLI);
    char tos[24];
    snprintf(tos, sizeof tos, "%llu", (unsigned long long)to);
    gr_api_pair pairs[4] = {{"threads", 7, "1", 1}};
    size_t np = 1;
    if (dir) pairs[np++] = (gr_api_pair){"dir", 3, dir, strlen(dir)};
    if (to) pairs[np++] = (gr_api_pair){"to", 2, tos, strlen(tos)};
    if (report) pairs[np++] = (gr_api_pair){"report", 6, NULL, 0};
    gr_error_clear(err);
    cr_assert_eq(gr_api_request_fill(&req, pairs, np, err), GR_OK, "%s", err->msg);
    cr_assert_eq(req.census.threads, 1);
    cr_assert_eq(req.census.have_to, to > 0);
    req.census.codes = codes;
    req.census.ncodes = n;
    gr_api_reply_init(rep);
    int rc = gr_api_call(NULL, &req, rep, err);
    gr_api_request_clear(&req);
    return rc;
}

static char *render(const gr_api_reply *rep, int format)
{
    gr_buf b;
    gr_buf_init(&b);
    gr_api_render(&b, format, rep);
    cr_assert(gr_buf_ok(&b));
    return gr_buf_detach(&b, NULL);
}

Test(api_census, run_report_render)
{
    char *dir = folder();
    static const char *const codes[] = {".161", ".36", ".27", ".06"};
    gr_api_reply rep;
    gr_error err;
    cr_assert_eq(census(dir, codes, 4, 2000, false, &rep, &err), GR_OK, "%s", err.msg);
    const gr_api_census_reply *c = &rep.census;
    cr_assert(c->table);
    cr_assert_eq(c->n, 4);
    cr_assert_str_eq(c->recs[0].name, ".161");
    cr_assert_eq(c->recs[0].count, 2001);
    cr_assert_eq(c->recs[0].gmax, 65);
    cr_assert_eq(c->recs[0].gmax_at, 1833);
    cr_assert_eq(c->recs[2].per.period, 4);     /* .27 certified: period 4, preperiod 1 */
    cr_assert_eq(c->recs[2].per.preperiod, 1);
    cr_assert_eq(c->nclaims, 2);
    cr_assert_str_eq(c->claims[0].a, ".161");
    cr_assert_eq(c->claims[0].differ, 1);
    cr_assert_eq(c->claims[0].at, 519);
    cr_assert_eq(c->claims[0].va, 2);
    cr_assert_eq(c->claims[0].vb, 4);
    char *csv = render(&rep, GR_API_CSV);
    cr_assert_str_eq(csv, "code,N,largest,at,mask,rare,last rare,period,preperiod,status,same as\n"
                          ".161,2000,65,1833,ffff,1013,1999,-,-,reached,\n"
                          ".36,2000,64,1918,ffff,980,2000,-,-,reached,\n"
                          ".27,2000,3,4,ffff,1000,2000,4,1,certified,\n"
                          ".06,2000,98,1945,ffff,988,1996,-,-,reached,\n");
    char *text = render(&rep, GR_API_TEXT);
    cr_assert(strstr(text, "#  .161 and .36 (Flammenkamp's table): differ first at heap 519 (G = 2 and 4)\n"), "%s", text);
    cr_assert(strstr(text, "#  .27 and .06 (Winning Ways' game locator): differ first at heap 2 (G = 1 and 0)\n"));
    char *json = render(&rep, GR_API_JSON);
    cr_assert(strstr(json, "\"claims\":[{\"codes\":[\".161\",\".36\"],\"source\":\"Flammenkamp's table\",\"same\":false,"
                           "\"first_difference\":519,\"values\":[2,4]}"), "%s", json);
    free(csv);
    free(text);
    free(json);
    gr_api_reply_clear(&rep);

    /* the report reads the same figures back, without codes */
    cr_assert_eq(census(dir, NULL, 0, 2000, true, &rep, &err), GR_OK, "%s", err.msg);
    cr_assert_eq(rep.census.n, 4);
    cr_assert_eq(rep.census.recs[3].gmax, 98);
    cr_assert_eq(rep.census.recs[3].last_rare, 1996);
    gr_api_reply_clear(&rep);
    drop(dir);
}

Test(api_census, refusals)
{
    char *dir = folder();
    static const char *const six[] = {".6"}, *const nine[] = {".9"}, *const other[] = {".16"};
    gr_api_reply rep;
    gr_error err;
    cr_assert_eq(census(NULL, six, 1, 100, false, &rep, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "census needs --dir DIR (the census folder)");
    cr_assert(!rep.census.table);
    gr_api_reply_clear(&rep);
    cr_assert_eq(census(dir, six, 1, 0, false, &rep, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "census needs --to N");
    gr_api_reply_clear(&rep);
    cr_assert_eq(census(dir, nine, 1, 100, false, &rep, &err), GR_EINPUT);
    cr_assert(strstr(err.msg, "leaves more than two heaps"), "%s", err.msg);
    gr_api_reply_clear(&rep);
    cr_assert_eq(census(dir, six, 1, 100, false, &rep, &err), GR_OK, "%s", err.msg);
    cr_assert_eq(rep.census.recs[0].gmax, 8);
    gr_api_reply_clear(&rep);
    cr_assert_eq(census(dir, other, 1, 100, false, &rep, &err), GR_EINPUT);
    cr_assert(strstr(err.msg, "holds another census"), "%s", err.msg);
    gr_api_reply_clear(&rep);
    drop(dir);
}
