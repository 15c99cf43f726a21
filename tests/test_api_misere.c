/* The answer layer's misere verb: its keys (and census's) filled by the one
 * validator in each front end's words, and its reply rendered as JSON and
 * text with the values of docs/misere.md (Dawson's-like .77: the genus of
 * heaps 0..10 and the misere quotient of heaps 0..12, order 24). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/api.h"

#define PAIR(k, v) {k, sizeof k - 1, v, sizeof v - 1}
#define FLAG(k) {k, sizeof k - 1, NULL, 0}
#define STARTS(s, lit) (strncmp(s, lit, sizeof lit - 1) == 0)

static int fill(int verb, int front, const gr_api_pair *p, size_t n, gr_api_request *req, gr_error *err)
{
    gr_api_request_init(req, verb, front);
    gr_error_clear(err);
    return gr_api_request_fill(req, p, n, err);
}

/* Fills, calls and renders in `format`: the text to free. */
static char *answer(int front, const gr_api_pair *p, size_t n, int format)
{
    gr_api_request req;
    gr_error err;
    cr_assert_eq(fill(GR_API_MISERE, front, p, n, &req, &err), GR_OK, "%s", err.msg);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    cr_assert_eq(gr_api_call(NULL, &req, &rep, &err), GR_OK, "%s", err.msg);
    gr_buf b;
    gr_buf_init(&b);
    gr_api_render(&b, format, &rep);
    cr_assert(gr_buf_ok(&b));
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&req);
    return gr_buf_detach(&b, NULL);
}

Test(api_misere, keys_in_each_front)
{
    gr_api_request req;
    gr_error err;
    gr_api_pair py[] = {PAIR("rules", "tb:0.77"), PAIR("to", "10"), PAIR("genus", "true"), PAIR("terms", "5"),
                        PAIR("verify", "3")};
    cr_assert_eq(fill(GR_API_MISERE, GR_FRONT_PYTHON, py, 5, &req, &err), GR_OK, "%s", err.msg);
    cr_assert(req.misere.genus && !req.misere.quotient && req.misere.have_to);
    cr_assert_eq(req.misere.to, 10);
    cr_assert_eq(req.misere.terms, 5);
    cr_assert_eq(req.misere.verify, 3);
    gr_api_request_clear(&req);

    gr_api_pair cli[] = {PAIR("in", "q.grq"), FLAG("quotient"), PAIR("out", "a.grq"), PAIR("resume", "b.grq")};
    cr_assert_eq(fill(GR_API_MISERE, GR_FRONT_CLI, cli, 4, &req, &err), GR_OK, "%s", err.msg);
    cr_assert_str_eq(req.misere.in, "q.grq");
    cr_assert_str_eq(req.misere.out, "a.grq");
    cr_assert_str_eq(req.misere.resume, "b.grq");
    cr_assert(req.misere.quotient);
    gr_api_request_clear(&req);

    /* each range once, in the caller's words */
    gr_api_pair terms[] = {PAIR("terms", "3")};
    cr_assert_eq(fill(GR_API_MISERE, GR_FRONT_CLI, terms, 1, &req, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "--terms 3: expected an integer from 4 to 8");
    gr_api_request_clear(&req);
    gr_api_pair verify[] = {PAIR("verify", "yes")};
    cr_assert_eq(fill(GR_API_MISERE, GR_FRONT_PYTHON, verify, 1, &req, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "verify=yes: expected an integer from 0 to 4096");
    gr_api_request_clear(&req);
    gr_api_pair genus[] = {PAIR("genus", "2")};
    cr_assert_eq(fill(GR_API_MISERE, GR_FRONT_HTTP, genus, 1, &req, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "genus=2: expected 1, true, 0 or false");
    gr_api_request_clear(&req);
    /* files are the command line's and Python's; the verb has no outcome rule */
    gr_api_pair in[] = {PAIR("rules", "tb:0.77"), PAIR("in", "q.grq")};
    cr_assert_eq(fill(GR_API_MISERE, GR_FRONT_HTTP, in, 2, &req, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "unknown parameter 'in'");
    gr_api_request_clear(&req);
    gr_api_pair outcome[] = {FLAG("misere")};
    cr_assert_eq(fill(GR_API_MISERE, GR_FRONT_CLI, outcome, 1, &req, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "unknown option '--misere'");
    gr_api_request_clear(&req);
}

Test(api_census, keys_in_each_front)
{
    gr_api_request req;
    gr_error err;
    gr_api_pair py[] = {PAIR("to", "65536"), PAIR("threads", "2"), PAIR("digits", "2"), PAIR("dir", "/tmp/c"),
                        PAIR("unsolved", "1"), PAIR("max-seconds", "30")};
    cr_assert_eq(fill(GR_API_CENSUS, GR_FRONT_PYTHON, py, 6, &req, &err), GR_OK, "%s", err.msg);
    cr_assert(req.census.have_to && req.census.unsolved && !req.census.report && req.census.max_seconds);
    cr_assert_eq(req.census.to, 65536);
    cr_assert_eq(req.census.threads, 2);
    cr_assert_eq(req.census.digits, 2);
    cr_assert_str_eq(req.census.dir, "/tmp/c");
    cr_assert_eq(req.limits.max_seconds, 30.0);
    gr_api_request_clear(&req);
    cr_assert_null(req.census.dir);

    gr_api_pair digits[] = {PAIR("digits", "4")};
    cr_assert_eq(fill(GR_API_CENSUS, GR_FRONT_CLI, digits, 1, &req, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "--digits 4: expected an integer from 1 to 3");
    gr_api_request_clear(&req);
    gr_api_pair to[] = {PAIR("to", "0")};
    cr_assert_eq(fill(GR_API_CENSUS, GR_FRONT_PYTHON, to, 1, &req, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "to=0: expected an integer from 1 to 4294967294");
    gr_api_request_clear(&req);
    gr_api_pair dir[] = {PAIR("dir", "/tmp/c")};
    cr_assert_eq(fill(GR_API_CENSUS, GR_FRONT_HTTP, dir, 1, &req, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "unknown parameter 'dir'");
    gr_api_request_clear(&req);
    gr_api_pair rules[] = {PAIR("rules", "nim")};
    cr_assert_eq(fill(GR_API_CENSUS, GR_FRONT_PYTHON, rules, 1, &req, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "unknown parameter 'rules='");
    gr_api_request_clear(&req);
}

Test(api_misere, genus_rendered)
{
    gr_api_pair p[] = {PAIR("rules", "tb:0.77"), PAIR("to", "10"), PAIR("genus", "1")};
    char *json = answer(GR_FRONT_PYTHON, p, 3, GR_API_JSON);
    cr_assert(STARTS(json, "{\"game\":\"tb:0.77\",\"to\":10,\"terms\":6,\"first_not_tame\":5,\"heaps\":["), "%s",
              json);
    cr_assert(strstr(json, "{\"heap\":0,\"genus\":\"0^120\",\"g\":0,\"lambda\":[1,2,0,2,0,2],\"settled\":true,\"tame\":true}"),
              "%s", json);
    cr_assert(strstr(json, "{\"heap\":5,\"genus\":\"4^146\",\"g\":4,\"lambda\":[1,4,6,4,6,4],\"settled\":true,"
                           "\"tame\":false}"), "%s", json);
    cr_assert(strstr(json, "{\"heap\":10,\"genus\":\"2^20\",\"g\":2,\"lambda\":[2,0,2,0,2,0],\"settled\":true,"
                           "\"tame\":true}]}\n"), "%s", json);
    free(json);
    char *text = answer(GR_FRONT_PYTHON, p, 3, GR_API_TEXT);
    cr_assert(STARTS(text, "genus of tb:0.77, heaps 0..10 (superscripts computed to 6 terms: g0..g5)\n"),
              "%s", text);
    cr_assert(strstr(text, "\n     5  4^146             not a nim sum's genus\n"), "%s", text);
    cr_assert(strstr(text, "\n     8  1^13            \n"), "%s", text);
    cr_assert(strstr(text, "heap 5 is the first whose genus is not a nim sum's: the game is not tame from there\n"),
              "%s", text);
    free(text);
}

Test(api_misere, quotient_rendered)
{
    gr_api_pair p[] = {PAIR("rules", "tb:0.77"), PAIR("to", "12"), PAIR("quotient", "true")};
    char *json = answer(GR_FRONT_PYTHON, p, 3, GR_API_JSON);
    cr_assert(STARTS(json, "{\"game\":\"tb:0.77\",\"heaps\":12,\"order\":24,\"p_count\":8,\"generators\":[1,2,5,9,12],"
                            "\"relations\":[\"a^2 = 1\",\"b d = b c\","), "%s", json);
    cr_assert(strstr(json, "\"phi\":[0,1,2,3,1,4,3,2,5,6,2,7,8],\"changes\":[1,2,5,9,12]"), "%s", json);
    cr_assert(strstr(json, "\"p\":[0,1,0,0,0,0,1,0,1,1,1,0,0,0,0,0,0,0,0,1,1,1,0,0]"), "%s", json);
    cr_assert(strstr(json, "\"period\":0,\"preperiod\":0,\"seconds\":"), "%s", json);
    free(json);
    char *text = answer(GR_FRONT_PYTHON, p, 3, GR_API_TEXT);
    cr_assert(strstr(text, "misere quotient of tb:0.77, heaps 0..12 (proved for every sum of them)\n"
                           "|Q| = 24, |P| = 8\n"
                           "generators: a = heap 1, b = heap 2, c = heap 5, d = heap 9, e = heap 12\n"), "%s", text);
    cr_assert(strstr(text, "P-portion: a, d, e, a c, b^2, a c^2, a d^2, a d e\n"), "%s", text);
    cr_assert(strstr(text, "  8:a b^2  9:d  10:b  11:b c  12:e\n"), "%s", text);
    cr_assert(strstr(text, "no period of phi proved: the quotient covers heaps 0..12\n"), "%s", text);
    free(text);
}
