/* The answer layer (grundy/api.h): the validator takes exactly the
 * documented values and names the bad key in the front end's words; the
 * renderings are the command line's; JSON stays valid UTF-8. */
#include <criterion/criterion.h>
#include <string.h>
#include "grundy/api.h"
#include "grundy/players.h"

#define PAIR(k, v) {k, sizeof k - 1, v, sizeof v - 1}

static int fill(int front, const gr_api_pair *p, size_t n, gr_api_request *r, gr_error *err)
{
    gr_api_request_init(r, GR_API_MOVES, front);
    gr_error_clear(err);
    return gr_api_request_fill(r, p, n, err);
}

Test(api, fills_a_request)
{
    gr_api_pair p[] = {PAIR("rules", "nim"), PAIR("pos", "3,5,7"), PAIR("players", "3"), PAIR("winning", "true")};
    gr_api_request r;
    gr_error err;
    cr_assert_eq(fill(GR_FRONT_HTTP, p, 4, &r, &err), GR_OK, "%s", err.msg);
    cr_assert_str_eq(r.rules, "nim");
    cr_assert_eq(r.pos.n, 3);
    cr_assert_eq(mpz_cmp_ui(r.pos.p[2], 7), 0);
    cr_assert_eq(r.outcome.rule, &gr_outcome_players);
    cr_assert_eq(r.outcome.param, 3);
    cr_assert(r.winning);
    gr_api_request_clear(&r);
}

Test(api, booleans_take_only_their_values)
{
    const char *good[] = {"1", "true", "0", "false"};
    const bool on[] = {true, true, false, false};
    for (int i = 0; i < 4; i++) {
        gr_api_pair p[] = {PAIR("rules", "nim"), PAIR("pos", "1,2"), {"misere", 6, good[i], strlen(good[i])}};
        gr_api_request r;
        gr_error err;
        cr_assert_eq(fill(GR_FRONT_HTTP, p, 3, &r, &err), GR_OK, "misere=%s: %s", good[i], err.msg);
        cr_assert_eq(r.outcome.rule == &gr_outcome_misere, on[i], "misere=%s", good[i]);
        gr_api_request_clear(&r);
    }
    const char *bad[] = {"yes", "2", "", "TRUE", "1 "};
    for (int i = 0; i < 5; i++) {
        gr_api_pair p[] = {PAIR("rules", "nim"), PAIR("pos", "1,2"), {"winning", 7, bad[i], strlen(bad[i])}};
        gr_api_request r;
        gr_error err;
        cr_assert_eq(fill(GR_FRONT_HTTP, p, 3, &r, &err), GR_EINPUT, "winning=%s accepted", bad[i]);
        cr_assert(strncmp(err.msg, "winning=", 8) == 0, "%s", err.msg);
        cr_assert(strstr(err.msg, "expected 1, true, 0 or false"), "%s", err.msg);
        gr_api_request_clear(&r);
    }
    /* a key alone is a flag on the command line only */
    gr_api_pair alone[] = {PAIR("rules", "nim"), PAIR("pos", "1,2"), {"misere", 6, NULL, 0}};
    gr_api_request r;
    gr_error err;
    cr_assert_eq(fill(GR_FRONT_HTTP, alone, 3, &r, &err), GR_EINPUT);
    gr_api_request_clear(&r);
    cr_assert_eq(fill(GR_FRONT_CLI, alone, 3, &r, &err), GR_OK, "%s", err.msg);
    cr_assert_eq(r.outcome.rule, &gr_outcome_misere);
    gr_api_request_clear(&r);
}

Test(api, refuses_nul_bytes_bad_utf8_unknown_keys)
{
    gr_api_pair nul[] = {PAIR("rules", "nim"), {"pos", 3, "1\0,2", 4}};
    gr_api_pair nul_rules[] = {{"rules", 5, "nim\0", 4}, PAIR("pos", "1")};
    gr_api_pair bad_key[] = {PAIR("rules", "nim"), PAIR("pos", "1"), PAIR("\xff", "1")};
    gr_api_pair bad_value[] = {PAIR("rules", "nim\xc3"), PAIR("pos", "1")};
    gr_api_pair unknown[] = {PAIR("rules", "nim"), PAIR("pos", "1"), PAIR("period", "1")};
    gr_api_pair twice[] = {PAIR("rules", "nim"), PAIR("pos", "1"), PAIR("pos", "2")};
    gr_api_pair local[] = {PAIR("rules", "nim"), PAIR("pos", "1"), PAIR("db", "/tmp")};
    const struct {
        const gr_api_pair *p;
        size_t n;
        const char *says;
    } cases[] = {
        {nul, 2, "NUL"},          {nul_rules, 2, "NUL"},         {bad_key, 3, "UTF-8"},
        {bad_value, 2, "UTF-8"},  {unknown, 3, "unknown parameter 'period'"},
        {twice, 3, "pos given twice"}, {local, 3, "unknown parameter 'db'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_api_request r;
        gr_error err;
        cr_assert_eq(fill(GR_FRONT_HTTP, cases[i].p, cases[i].n, &r, &err), GR_EINPUT, "case %zu accepted", i);
        cr_assert(strstr(err.msg, cases[i].says), "case %zu: %s", i, err.msg);
        gr_api_request_clear(&r);
    }
}

Test(api, numbers_are_plain_digits_in_range)
{
    const char *bad[] = {"1", "27", "-3", "+3", "3x", "0003000000000000000"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gr_api_pair p[] = {PAIR("rules", "nim"), PAIR("pos", "1,2"), {"players", 7, bad[i], strlen(bad[i])}};
        gr_api_request r;
        gr_error err;
        cr_assert_eq(fill(GR_FRONT_CLI, p, 3, &r, &err), GR_EINPUT, "players %s accepted", bad[i]);
        /* the command line's words: the flag and its value */
        cr_assert(strncmp(err.msg, "--players ", 10) == 0, "%s", err.msg);
        gr_api_request_clear(&r);
    }
    /* a pile with more digits than the front end's bound */
    gr_api_pair p[] = {PAIR("rules", "nim"), PAIR("pos", "1,123456789")};
    gr_api_request r;
    gr_api_request_init(&r, GR_API_VALUE, GR_FRONT_HTTP);
    r.max_digits = 8;
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_api_request_fill(&r, p, 2, &err), GR_EINPUT);
    cr_assert(strstr(err.msg, "more than 8 digits"), "%s", err.msg);
    gr_api_request_clear(&r);
}

Test(api, one_outcome_rule)
{
    gr_api_pair p[] = {PAIR("rules", "nim"), PAIR("pos", "1,2"), PAIR("block", "1"), PAIR("misere", "1")};
    gr_api_request r;
    gr_error err;
    cr_assert_eq(fill(GR_FRONT_HTTP, p, 4, &r, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "misere=1 conflicts with block=1: give one outcome rule");
    gr_api_request_clear(&r);
}

static char *answer(int verb, int format, const char *rules, const char *pos)
{
    gr_api_pair p[] = {{"rules", 5, rules, strlen(rules)}, {"pos", 3, pos, strlen(pos)}};
    gr_api_request r;
    gr_api_request_init(&r, verb, GR_FRONT_CLI);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_api_request_fill(&r, p, 2, &err), GR_OK, "%s", err.msg);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    cr_assert_eq(gr_api_call(NULL, &r, &rep, &err), GR_OK, "%s", err.msg);
    gr_buf b;
    gr_buf_init(&b);
    gr_api_render(&b, format, &rep);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&r);
    cr_assert(gr_buf_ok(&b));
    return gr_buf_detach(&b, NULL);
}

Test(api, renders_as_the_command_line)
{
    char *s = answer(GR_API_VALUE, GR_API_JSON, "sharing", "3 5 9");
    cr_assert_str_eq(s, "{\"ruleset\":\"sharing\",\"position\":[3,5,9],\"outcome\":\"N\",\"value\":2,\"method\":\"search\"}\n");
    free(s);
    s = answer(GR_API_VALUE, GR_API_TEXT, "nim", "1,2,3");
    cr_assert_str_eq(s, "P  value 0  (Bouton's theorem (nim-sum))\n");
    free(s);
    s = answer(GR_API_MOVES, GR_API_TEXT, "nim", "1 1");
    cr_assert_str_eq(s, "position P value 0\n"
                        "  take 1 from pile 0               ->  0 1  N 1\n"
                        "  take 1 from pile 1               ->  1 0  N 1\n");
    free(s);
    s = answer(GR_API_MOVES, GR_API_JSON, "nim", "0,1");
    cr_assert_str_eq(s, "{\"ruleset\":\"nim\",\"position\":[0,1],\"outcome\":\"N\",\"value\":1,\"moves\":[\n"
                        "  {\"kind\":\"take\",\"from\":1,\"amount\":1,\"result\":[0,0],\"value\":0,\"outcome\":\"P\","
                        "\"winning\":true}\n],\"listed\":\"all\",\"total_moves\":1,\"method\":\"Bouton's theorem (nim-sum)\"}\n");
    free(s);
}

Test(api, errors_are_one_line_of_valid_json)
{
    gr_error err;
    gr_error_clear(&err);
    gr_fail(&err, GR_EINPUT, "unknown ruleset 'nim\xff\"x'");
    gr_buf b;
    gr_buf_init(&b);
    gr_api_error_json(&b, GR_FRONT_HTTP, &err);
    cr_assert_str_eq(b.s, "{\"error\":\"unknown ruleset 'nim\\ufffd\\\"x'\"}\n");
    gr_buf_reset(&b);
    /* a limit names the front end's knob */
    gr_error_clear(&err);
    gr_fail_limit(&err, GR_KNOB_MEMORY, "search refused: about 2 GiB (limit 1 GiB)");
    gr_api_error_text(&b, GR_FRONT_CLI, &err);
    cr_assert_str_eq(b.s, "search refused: about 2 GiB (limit 1 GiB); raise with --max-memory");
    gr_buf_reset(&b);
    gr_api_error_text(&b, GR_FRONT_PYTHON, &err);
    cr_assert_str_eq(b.s, "search refused: about 2 GiB (limit 1 GiB); raise with max_memory=");
    gr_buf_free(&b);
    cr_assert_eq(gr_status_http(GR_ELIMIT), 413);
    cr_assert_eq(gr_status_exit(GR_ELIMIT), 3);
}

Test(api, utf8_sequences)
{
    cr_assert_eq(gr_utf8_seq((const unsigned char *)"\xc3\xa8", 2), 2);
    cr_assert_eq(gr_utf8_seq((const unsigned char *)"\xc0\xaf", 2), 0);       /* overlong */
    cr_assert_eq(gr_utf8_seq((const unsigned char *)"\xed\xa0\x80", 3), 0);   /* a surrogate */
    cr_assert_eq(gr_utf8_seq((const unsigned char *)"\xf4\x90\x80\x80", 4), 0); /* past U+10FFFF */
    cr_assert_eq(gr_utf8_seq((const unsigned char *)"\xe2\x82", 2), 0);       /* cut short */
}

/* ---- seq and table ---- */

static int fill_verb(int verb, int front, const gr_api_pair *p, size_t n, gr_api_request *r, gr_error *err)
{
    gr_api_request_init(r, verb, front);
    gr_error_clear(err);
    return gr_api_request_fill(r, p, n, err);
}

static char *seq_json(const gr_api_pair *p, size_t n, int *rc, gr_error *err)
{
    gr_api_request r;
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    *rc = fill_verb(GR_API_SEQ, GR_FRONT_HTTP, p, n, &r, err);
    if (!*rc) *rc = gr_api_call(NULL, &r, &rep, err);
    gr_buf b;
    gr_buf_init(&b);
    if (!*rc) gr_api_render(&b, GR_API_JSON, &rep);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&r);
    return gr_buf_detach(&b, NULL);
}

Test(api, seq_takes_its_keys_strictly)
{
    gr_api_pair p[] = {PAIR("rules", "tb:0.07"), PAIR("to", "12"), PAIR("from", "3"), PAIR("period", "1")};
    gr_api_request r;
    gr_error err;
    cr_assert_eq(fill_verb(GR_API_SEQ, GR_FRONT_HTTP, p, 4, &r, &err), GR_OK, "%s", err.msg);
    cr_assert(r.seq.have_to && r.seq.to == 12 && r.seq.from == 3 && r.seq.period);
    cr_assert_eq(r.seq.row, -1);
    gr_api_request_clear(&r);
    /* the sparse method's threads and mask are the command line's and Python's */
    gr_api_pair local[] = {PAIR("rules", "nim"), PAIR("to", "5"), PAIR("threads", "2")};
    cr_assert_eq(fill_verb(GR_API_SEQ, GR_FRONT_HTTP, local, 3, &r, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "unknown parameter 'threads'");
    gr_api_request_clear(&r);
    gr_api_pair bad[] = {PAIR("rules", "nim"), PAIR("to", "5"), PAIR("period", "yes")};
    cr_assert_eq(fill_verb(GR_API_SEQ, GR_FRONT_HTTP, bad, 3, &r, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "period=yes: expected 1, true, 0 or false");
    gr_api_request_clear(&r);
    /* pos is value's and moves', not seq's */
    gr_api_pair pos[] = {PAIR("rules", "nim"), PAIR("to", "5"), PAIR("pos", "1")};
    cr_assert_eq(fill_verb(GR_API_SEQ, GR_FRONT_HTTP, pos, 3, &r, &err), GR_EINPUT);
    gr_api_request_clear(&r);
}

Test(api, seq_answers_each_maker)
{
    int rc;
    gr_error err;
    gr_api_pair heap[] = {PAIR("rules", "tb:0.07"), PAIR("to", "10"), PAIR("from", "2")};
    char *j = seq_json(heap, 3, &rc, &err);
    cr_assert_eq(rc, GR_OK, "%s", err.msg);
    cr_assert_str_eq(j, "{\"ruleset\":\"tb:0.07\",\"from\":2,\"to\":10,\"method\":\"fast\",\"values\":[1,1,2,0,3,1,1,0,3]}\n");
    free(j);
    gr_api_pair row[] = {PAIR("rules", "sharing"), PAIR("to", "6"), PAIR("row", "2")};
    j = seq_json(row, 3, &rc, &err);
    cr_assert_str_eq(j, "{\"ruleset\":\"sharing\",\"row\":2,\"from\":2,\"to\":6,\"values\":[1,2,2,1,2]}\n");
    free(j);
    gr_api_pair players[] = {PAIR("rules", "subtraction:1,2"), PAIR("to", "5"), PAIR("players", "3")};
    j = seq_json(players, 3, &rc, &err);
    cr_assert_str_eq(j, "{\"ruleset\":\"subtraction:1,2\",\"players\":3,\"from\":0,\"to\":5,\"labels\":\"CAABBC\","
                        "\"classes\":[0,1,1,2,2,0]}\n");
    free(j);
    gr_api_pair misere[] = {PAIR("rules", "nim"), PAIR("to", "3"), PAIR("misere", "1")};
    j = seq_json(misere, 3, &rc, &err);
    cr_assert_str_eq(j, "{\"ruleset\":\"nim\",\"outcome\":\"misere\",\"from\":0,\"to\":3,\"classes\":[\"N\",\"P\",\"N\",\"N\"]}\n");
    free(j);
    /* the checks after the ruleset name the keys as the query does */
    gr_api_pair past[] = {PAIR("rules", "nim"), PAIR("to", "3"), PAIR("from", "5")};
    j = seq_json(past, 3, &rc, &err);
    cr_assert_eq(rc, GR_EINPUT);
    cr_assert_str_eq(err.msg, "from=5 is past to=3");
    free(j);
    gr_api_pair none[] = {PAIR("rules", "nim")};
    j = seq_json(none, 1, &rc, &err);
    cr_assert_str_eq(err.msg, "missing parameter to");
    free(j);
}

Test(api, table_rows_and_renderings)
{
    /* where each row of the half table starts: rows b hold b/2 + 1 values */
    size_t at = 0;
    for (uint32_t b = 0; b < 200; b++) {
        cr_assert_eq(gr_api_table_row(b), at, "row %u", b);
        at += b / 2 + 1;
    }
    gr_api_pair p[] = {PAIR("rules", "sharing"), PAIR("max", "4")};
    gr_api_request r;
    gr_error err;
    cr_assert_eq(fill_verb(GR_API_TABLE, GR_FRONT_HTTP, p, 2, &r, &err), GR_OK, "%s", err.msg);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    cr_assert_eq(gr_api_call(NULL, &r, &rep, &err), GR_OK, "%s", err.msg);
    gr_buf b;
    gr_buf_init(&b);
    gr_api_render(&b, GR_API_JSON, &rep);
    cr_assert_str_eq(b.s, "{\"ruleset\":\"sharing\",\"max\":4,\"rows\":[[0],[0,0],[1,1,1],[0,2,2,0],[0,3,2,3,0]]}\n");
    gr_buf_reset(&b);
    gr_api_render(&b, GR_API_CSV, &rep);
    cr_assert(strncmp(b.s, "a,b,value\n0,0,0\n0,1,0\n1,1,0\n0,2,1\n", 32) == 0, "%s", b.s);
    gr_buf_free(&b);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&r);
    gr_api_pair nim[] = {PAIR("rules", "nim"), PAIR("max", "4")};
    cr_assert_eq(fill_verb(GR_API_TABLE, GR_FRONT_HTTP, nim, 2, &r, &err), GR_OK);
    cr_assert_eq(gr_api_table_check(&r, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "table covers three-pile sharing so far, not 'nim'");
    gr_api_request_clear(&r);
}
