/* The answer layer's count, losing and solve verbs: filled by the one
 * validator from key/value pairs (the API's words), answered into reply
 * structs with the papers' values, rendered as the command line prints them. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/api.h"

#define PAIR(k, v) {k, sizeof k - 1, v, sizeof v - 1}

/* Fills and calls: the status, the reply in rep, the message in err. */
static int ask(int verb, int front, const gr_api_pair *p, size_t n, gr_api_reply *rep, gr_error *err)
{
    gr_api_request req;
    gr_api_request_init(&req, verb, front);
    gr_api_reply_init(rep);
    gr_error_clear(err);
    int rc = gr_api_request_fill(&req, p, n, err);
    if (!rc) rc = gr_api_call(NULL, &req, rep, err);
    gr_api_request_clear(&req);
    return rc;
}

/* The reply rendered, as a string to free. */
static char *render(int format, const gr_api_reply *rep)
{
    gr_buf b;
    gr_buf_init(&b);
    gr_api_render(&b, format, rep);
    cr_assert(gr_buf_ok(&b));
    return gr_buf_detach(&b, NULL);
}

static void count_is(const gr_api_pair *p, size_t n, const char *want)
{
    gr_api_reply rep;
    gr_error err;
    cr_assert_eq(ask(GR_API_COUNT, GR_FRONT_HTTP, p, n, &rep, &err), GR_OK, "%s", err.msg);
    cr_assert_str_eq(rep.count.count, want);
    gr_api_reply_clear(&rep);
}

Test(api_count, the_papers_counts)
{
    /* seed 001, Theorem 7.2: a + b = 12, a ^ b = 12, ordered, 0 admitted: (0,12) (4,8) (8,4) (12,0) */
    gr_api_pair pairs[] = {PAIR("what", "pairs"), PAIR("sum", "12"), PAIR("xor", "12"), PAIR("ordered", "1"),
                           PAIR("zero", "true")};
    count_is(pairs, 5, "4");
    gr_api_pair z14[] = {PAIR("what", "zero-nim"), PAIR("sum", "14")};
    count_is(z14, 2, "4");
    gr_api_pair upto[] = {PAIR("what", "zero-nim"), PAIR("max-total", "20000")};
    count_is(upto, 2, "12395723");
    /* 2 (2^100 - 1): popcount 100, (3^100 - 3)/6 (Lemma 7.4), past every machine word */
    gr_api_pair big[] = {PAIR("what", "zero-nim"), PAIR("sum", "2535301200456458802993406410750")};
    count_is(big, 2, "85896253455335221839410188294270212117017920333");
    /* Theorem 7.7: 3^(k-1) - 2^(k-1); 7.9: (3^k + 1)/2 - 2^k */
    gr_api_pair nc[] = {PAIR("what", "no-carry"), PAIR("digits", "3"), PAIR("at-most", "0")};
    count_is(nc, 3, "5");
    gr_api_pair nc_most[] = {PAIR("what", "no-carry"), PAIR("digits", "3"), PAIR("at-most", "1")};
    count_is(nc_most, 3, "6");
}

Test(api_count, ordered_without_zero)
{
    gr_api_pair p[] = {PAIR("what", "pairs"), PAIR("sum", "12"), PAIR("xor", "12"), PAIR("ordered", "1")};
    count_is(p, 4, "2");
}

Test(api_count, renders_as_the_command_line)
{
    gr_api_pair p[] = {PAIR("what", "zero-nim"), PAIR("sum", "14")};
    gr_api_reply rep;
    gr_error err;
    cr_assert_eq(ask(GR_API_COUNT, GR_FRONT_HTTP, p, 2, &rep, &err), GR_OK, "%s", err.msg);
    char *json = render(GR_API_JSON, &rep), *text = render(GR_API_TEXT, &rep);
    cr_assert_str_eq(json, "{\"count\":\"4\"}\n");
    cr_assert_str_eq(text, "4\n");
    free(json);
    free(text);
    gr_api_reply_clear(&rep);
}

Test(api_count, zero_graph)
{
    gr_api_pair p[] = {PAIR("what", "zero-graph"), PAIR("sum", "14")};
    gr_api_reply rep;
    gr_error err;
    cr_assert_eq(ask(GR_API_COUNT, GR_FRONT_HTTP, p, 2, &rep, &err), GR_OK, "%s", err.msg);
    cr_assert(rep.count.have_graph);
    cr_assert_eq(rep.count.graph.n, 4);
    cr_assert_eq(rep.count.graph.m, 6);
    cr_assert_eq(rep.count.graph.components, 1);
    cr_assert_eq(rep.count.graph.longest, 4);
    char *text = render(GR_API_TEXT, &rep);
    cr_assert_str_eq(text, "total 14: 4 positions, 6 moves, 1 component, longest chain 4\n"
                           "chain: (3,5,6) -> (3,4,7) -> (2,5,7) -> (1,6,7)\n");
    free(text);
    gr_api_reply_clear(&rep);
}

Test(api_count, sharing_counts)
{
    gr_api_pair p[] = {PAIR("what", "sharing-p"), PAIR("to", "40")};
    gr_api_reply rep;
    gr_error err;
    cr_assert_eq(ask(GR_API_COUNT, GR_FRONT_HTTP, p, 2, &rep, &err), GR_OK, "%s", err.msg);
    cr_assert_eq(rep.count.to, 40);
    cr_assert_eq(rep.count.all[9], 4);        /* P(9): 4 with empty piles, 3 without, floor(9/3) = 3 */
    cr_assert_eq(rep.count.positive[9], 3);
    cr_assert_eq(rep.count.first_all, 0);     /* (0,0,0) is P, floor(0/3) = 0 */
    gr_api_reply_clear(&rep);
    gr_api_pair f[] = {PAIR("what", "sharing-f"), PAIR("to", "100")};
    cr_assert_eq(ask(GR_API_COUNT, GR_FRONT_HTTP, f, 2, &rep, &err), GR_OK, "%s", err.msg);
    const unsigned char want[5] = {0, 0, 1, 0, 0};
    cr_assert_eq(memcmp(rep.count.f, want, 5), 0);
    uint64_t total = 0;
    for (int r = 0; r < 32; r++) total += rep.count.zeros[r] + rep.count.ones[r];
    cr_assert_eq(total, 98);                  /* n = 3..100 */
    gr_api_reply_clear(&rep);
}

/* What the count call refuses, in the API's words and in Python's. */
Test(api_count, refusals_name_the_key)
{
    struct {
        int front;
        gr_api_pair p[3];
        size_t n;
        int code;
        const char *msg;
    } cases[] = {
        {GR_FRONT_HTTP, {PAIR("what", "pairs"), PAIR("sum", "5")}, 2, GR_EINPUT, "count pairs needs sum=S and xor=X"},
        {GR_FRONT_PYTHON, {PAIR("what", "pairs"), PAIR("sum", "5")}, 2, GR_EINPUT, "count pairs needs sum=S and xor=X"},
        {GR_FRONT_HTTP, {PAIR("what", "zero-nim")}, 1, GR_EINPUT, "count zero-nim needs one of sum=S or max-total=K"},
        {GR_FRONT_HTTP, {PAIR("what", "zero-nim"), PAIR("sum", "12x")}, 2, GR_EINPUT,
         "sum=12x: expected a non-negative decimal integer"},
        {GR_FRONT_HTTP, {PAIR("what", "no-carry"), PAIR("digits", "100000001")}, 2, GR_EINPUT,
         "digits=100000001: expected an integer from 0 to 100000000"},
        {GR_FRONT_HTTP, {PAIR("what", "sharing-p"), PAIR("to", "262001")}, 2, GR_EINPUT,
         "to=262001: not a count in 0..262000"},
        {GR_FRONT_HTTP, {PAIR("what", "pairs"), PAIR("sum", "5"), PAIR("digits", "3")}, 3, GR_EINPUT,
         "digits does not apply to count pairs"},
        {GR_FRONT_HTTP, {PAIR("what", "zero-graph"), PAIR("sum", "99999999999999999999")}, 2, GR_EINPUT,
         "count zero-graph: sum must be below 2^63 (the graph is built explicitly)"},
        {GR_FRONT_PYTHON, {PAIR("what", "sizes")}, 1, GR_EINPUT,
         "unknown count 'sizes'; expected pairs, zero-nim, no-carry, zero-graph, sharing-p or sharing-f"},
        {GR_FRONT_HTTP, {PAIR("what", "pairs"), PAIR("misere", "1")}, 2, GR_EINPUT, "unknown parameter 'misere'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_api_reply rep;
        gr_error err;
        cr_assert_eq(ask(GR_API_COUNT, cases[i].front, cases[i].p, cases[i].n, &rep, &err), cases[i].code,
                     "case %zu: %s", i, err.msg);
        cr_assert_str_eq(err.msg, cases[i].msg, "case %zu", i);
        gr_api_reply_clear(&rep);
    }
}

Test(api_losing, nim_blocking_one)
{
    /* the P-positions of three-pile Nim where one move is forbidden before each move */
    gr_api_pair p[] = {PAIR("rules", "nim"), PAIR("block", "1"), PAIR("max", "2")};
    gr_api_reply rep;
    gr_error err;
    cr_assert_eq(ask(GR_API_LOSING, GR_FRONT_HTTP, p, 3, &rep, &err), GR_OK, "%s", err.msg);
    const uint32_t want[][3] = {{0, 0, 0}, {0, 0, 1}, {1, 1, 1}, {0, 1, 2}, {2, 2, 2}};
    cr_assert_eq(rep.losing.count, 5);
    cr_assert_eq(rep.losing.piles, 3);
    cr_assert_eq(memcmp(rep.losing.list, want, sizeof want), 0);
    char *text = render(GR_API_TEXT, &rep), *csv = render(GR_API_CSV, &rep);
    cr_assert_str_eq(text, "0 0 0\n0 0 1\n1 1 1\n0 1 2\n2 2 2\n");
    cr_assert_str_eq(csv, "0,0,0\n0,0,1\n1,1,1\n0,1,2\n2,2,2\n");
    free(text);
    free(csv);
    gr_api_reply_clear(&rep);
    gr_api_pair five[] = {PAIR("rules", "nim"), PAIR("block", "1"), PAIR("max", "5")};
    cr_assert_eq(ask(GR_API_LOSING, GR_FRONT_HTTP, five, 3, &rep, &err), GR_OK, "%s", err.msg);
    cr_assert_eq(rep.losing.count, 15);
    char *json = render(GR_API_JSON, &rep);
    const char *head = "{\"piles\":3,\"max\":5,\"block\":1,\"losing\":[\n[0,0,0],";
    cr_assert(strncmp(json, head, strlen(head)) == 0, "%s", json);
    cr_assert(strstr(json, "\"count\":15,"), "%s", json);
    free(json);
    gr_api_reply_clear(&rep);
}

Test(api_losing, a_slice_and_refusals)
{
    gr_api_pair p[] = {PAIR("rules", "nim"), PAIR("block", "1"), PAIR("piles", "2"), PAIR("max", "2"),
                       PAIR("picture", "-")};
    gr_api_reply rep;
    gr_error err;
    cr_assert_eq(ask(GR_API_LOSING, GR_FRONT_HTTP, p, 5, &rep, &err), GR_OK, "%s", err.msg);
    char *text = render(GR_API_TEXT, &rep);
    cr_assert_str_eq(text, "(b, c), b <= c <= 2: row c, column b from 0; '#' P, '.' N\n    0 #\n    1 #.\n    2 .#.\n");
    free(text);
    gr_api_reply_clear(&rep);
    gr_api_pair noblock[] = {PAIR("rules", "nim"), PAIR("max", "2")};
    cr_assert_eq(ask(GR_API_LOSING, GR_FRONT_HTTP, noblock, 2, &rep, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "losing needs block=K or block-position=K");
    gr_api_reply_clear(&rep);
    gr_api_pair fixed[] = {PAIR("rules", "nim"), PAIR("block", "1"), PAIR("max", "8"), PAIR("picture", "1,2")};
    cr_assert_eq(ask(GR_API_LOSING, GR_FRONT_HTTP, fixed, 4, &rep, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "picture=1,2: 3 piles need 1 fixed size ('-' for none)");
    gr_api_reply_clear(&rep);
    /* a file of the server's is never written from the network */
    gr_api_pair png[] = {PAIR("rules", "nim"), PAIR("block", "1"), PAIR("max", "8"), PAIR("png", "/tmp/x.png")};
    cr_assert_eq(ask(GR_API_LOSING, GR_FRONT_HTTP, png, 4, &rep, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "unknown parameter 'png'");
    gr_api_reply_clear(&rep);
}

Test(api_solve, four_pile_sharing)
{
    gr_api_pair p[] = {PAIR("rules", "sharing:piles=4"), PAIR("total", "30"), PAIR("stats", "1")};
    gr_api_reply rep;
    gr_error err;
    cr_assert_eq(ask(GR_API_SOLVE, GR_FRONT_HTTP, p, 3, &rep, &err), GR_OK, "%s", err.msg);
    const gr_api_solve_reply *s = &rep.solve;
    cr_assert_eq(s->positions, 1041);
    cr_assert_eq(s->max_value, 21);
    cr_assert_eq(s->p_positions, 84);
    cr_assert_eq(s->tiers, 31);
    cr_assert_eq(s->checksum, 0xb3b98f229c0ff894ull);
    cr_assert_str_eq(s->method, "fast");
    char *text = render(GR_API_TEXT, &rep);
    const char *head = "positions 1041\nmax_value 21\nseconds ";
    cr_assert(strncmp(text, head, strlen(head)) == 0, "%s", text);
    cr_assert(strstr(text, "\nchecksum b3b98f229c0ff894\np_positions 84\ntiers 31\n"), "%s", text);
    free(text);
    gr_api_reply_clear(&rep);
    /* the reference method agrees */
    gr_api_pair opt[] = {PAIR("rules", "sharing:piles=4"), PAIR("total", "30"), PAIR("method", "options")};
    cr_assert_eq(ask(GR_API_SOLVE, GR_FRONT_HTTP, opt, 3, &rep, &err), GR_OK, "%s", err.msg);
    cr_assert_eq(rep.solve.checksum, 0xb3b98f229c0ff894ull);
    char *json = render(GR_API_JSON, &rep);
    const char *jhead = "{\"rules\": \"sharing:piles=4\", \"piles\": 4, \"graph\": false, \"total\": 30, "
                        "\"positions\": 1041, \"max_value\": 21, \"seconds\": ";
    cr_assert(strncmp(json, jhead, strlen(jhead)) == 0, "%s", json);
    cr_assert(strstr(json, "\"checksum\": \"b3b98f229c0ff894\"}\n"), "%s", json);
    free(json);
    gr_api_reply_clear(&rep);
}

Test(api_solve, refusals)
{
    gr_api_reply rep;
    gr_error err;
    gr_api_pair none[] = {PAIR("rules", "sharing:piles=4")};
    cr_assert_eq(ask(GR_API_SOLVE, GR_FRONT_HTTP, none, 1, &rep, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "solve needs total=T");
    gr_api_reply_clear(&rep);
    gr_api_pair piles[] = {PAIR("rules", "sharing:piles=3"), PAIR("total", "10"), PAIR("piles", "4")};
    cr_assert_eq(ask(GR_API_SOLVE, GR_FRONT_PYTHON, piles, 3, &rep, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "piles=4 disagrees with the rules' piles=3");
    gr_api_reply_clear(&rep);
    gr_api_pair method[] = {PAIR("rules", "sharing:piles=3"), PAIR("total", "10"), PAIR("method", "slow")};
    cr_assert_eq(ask(GR_API_SOLVE, GR_FRONT_HTTP, method, 3, &rep, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "method=slow: expected fast or options");
    gr_api_reply_clear(&rep);
    /* refused up front by its estimate: a limit, its knob named in the caller's terms */
    gr_api_pair big[] = {PAIR("rules", "sharing:piles=4"), PAIR("total", "5000")};
    cr_assert_eq(ask(GR_API_SOLVE, GR_FRONT_PYTHON, big, 2, &rep, &err), GR_ELIMIT, "%s", err.msg);
    gr_buf b;
    gr_buf_init(&b);
    gr_api_error_text(&b, GR_FRONT_PYTHON, &err);
    cr_assert(strstr(b.s, "more than the 60 s allowed; raise with max_seconds="), "%s", b.s);
    gr_buf_free(&b);
    gr_api_reply_clear(&rep);
    gr_api_pair out[] = {PAIR("rules", "sharing:piles=4"), PAIR("total", "5"), PAIR("out", "/tmp/x")};
    cr_assert_eq(ask(GR_API_SOLVE, GR_FRONT_HTTP, out, 3, &rep, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "unknown parameter 'out'");
    gr_api_reply_clear(&rep);
}
