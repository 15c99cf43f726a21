/* The answer layer's play verb (grundy/api.h): the request's play keys,
 * one call answering an input, the session line by line, and a cached
 * engine's kept play answering as a fresh one does. */
#include <criterion/criterion.h>
#include <string.h>
#include "grundy/api.h"

#define PAIR(k, v) {k, sizeof k - 1, v, sizeof v - 1}

/* The JSON of a play call on pairs (HTTP front, computer first by default). */
static char *play_json(gr_api_engines *cache, const gr_api_pair *p, size_t n, int *rc, bool *refused)
{
    gr_api_request r;
    gr_api_request_init(&r, GR_API_PLAY, GR_FRONT_HTTP);
    r.first = 1;
    gr_error err;
    gr_error_clear(&err);
    *rc = gr_api_request_fill(&r, p, n, &err);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    if (!*rc) *rc = gr_api_call(cache, &r, &rep, &err);
    gr_buf b;
    gr_buf_init(&b);
    if (!*rc) gr_api_render(&b, GR_API_JSON, &rep);
    else gr_api_error_json(&b, GR_FRONT_HTTP, &err);
    *refused = !*rc && gr_api_reply_refused(&rep);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&r);
    size_t len;
    return gr_buf_detach(&b, &len);
}

Test(api_play, the_computer_moves_first_by_default)
{
    gr_api_pair p[] = {PAIR("rules", "nim"), PAIR("pos", "1,2")};
    int rc;
    bool refused;
    char *s = play_json(NULL, p, 2, &rc, &refused);
    cr_assert_eq(rc, GR_OK, "%s", s);
    cr_assert_not(refused);
    cr_assert(strncmp(s, "{\"reply\":\"start\",\"ok\":true,\"moves\":[{\"seat\":0,\"by\":\"computer\"", 60) == 0, "%s", s);
    cr_assert(strstr(s, "\"position\":[1,1],\"turn\":1,\"to_move\":1,\"by\":\"person\""), "%s", s);
    free(s);
}

Test(api_play, the_first_line_refused_is_the_answer)
{
    gr_api_pair p[] = {PAIR("rules", "nim"), PAIR("pos", "1,2,3"), PAIR("first", "me"), PAIR("input", "0 1\n9 9\n0 1")};
    int rc;
    bool refused;
    char *s = play_json(NULL, p, 4, &rc, &refused);
    cr_assert_eq(rc, GR_OK, "%s", s);
    cr_assert(refused);
    cr_assert(strstr(s, "{\"reply\":\"error\",\"ok\":false,\"error\":\"there is no pile 9") == s, "%s", s);
    cr_assert(strstr(s, "\"turn\":2"), "the move before it stands: %s", s);
    free(s);
}

Test(api_play, quit_and_empty_lines_leave_the_reply_before)
{
    gr_api_pair p[] = {PAIR("rules", "nim"), PAIR("pos", "1,2,3"), PAIR("first", "me"),
                       PAIR("input", "\n 0 1 \r\n\nquit\n0 1")};
    int rc;
    bool refused;
    char *s = play_json(NULL, p, 4, &rc, &refused);
    cr_assert_eq(rc, GR_OK, "%s", s);
    cr_assert_not(refused);
    cr_assert(strncmp(s, "{\"reply\":\"move\",\"ok\":true", 25) == 0, "%s", s);
    cr_assert(strstr(s, "\"turn\":2"), "%s", s);
    free(s);
}

Test(api_play, keys_take_only_their_values)
{
    struct {
        gr_api_pair extra;
        int front;
        const char *says;
    } cases[] = {
        {PAIR("first", "nobody"), GR_FRONT_HTTP, "first=nobody: expected me or computer"},
        {PAIR("seats", "me,me"), GR_FRONT_HTTP, "unknown parameter 'seats'"},
        {PAIR("hints", "1"), GR_FRONT_HTTP, "unknown parameter 'hints'"},
        {PAIR("winning", "1"), GR_FRONT_HTTP, "unknown parameter 'winning'"},
        {PAIR("first", "nobody"), GR_FRONT_CLI, "--first nobody: expected me or computer"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_api_pair p[] = {PAIR("rules", "nim"), PAIR("pos", "1,2"), cases[i].extra};
        gr_api_request r;
        gr_api_request_init(&r, GR_API_PLAY, cases[i].front);
        gr_error err;
        gr_error_clear(&err);
        cr_assert_eq(gr_api_request_fill(&r, p, 3, &err), GR_EINPUT, "case %zu", i);
        cr_assert(strstr(err.msg, cases[i].says), "case %zu: %s", i, err.msg);
        gr_api_request_clear(&r);
    }
    gr_api_pair both[] = {PAIR("rules", "nim"), PAIR("pos", "1,2"), PAIR("first", "me"), PAIR("seats", "me,computer")};
    gr_api_request r;
    gr_api_request_init(&r, GR_API_PLAY, GR_FRONT_CLI);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_api_request_fill(&r, both, 4, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "give --first or --seats, not both");
    gr_api_request_clear(&r);
}

Test(api_play, a_session_answers_line_by_line)
{
    gr_api_pair p[] = {PAIR("rules", "sharing"), PAIR("pos", "3,5,9")};
    gr_api_request r;
    gr_api_request_init(&r, GR_API_PLAY, GR_FRONT_CLI);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_api_request_fill(&r, p, 2, &err), GR_OK, "%s", err.msg);
    gr_api_play_session *s = gr_api_play_open(&r, &err);
    cr_assert_not_null(s, "%s", err.msg);
    gr_api_play_reply rep;
    gr_api_play_reply_init(&rep);
    cr_assert_eq(gr_api_play_start(s, &rep, &err), GR_OK);
    cr_assert_str_eq(rep.kind, "start");
    cr_assert_eq(rep.nmoves, 0);
    cr_assert(rep.to_move_person);
    gr_api_play_reply_clear(&rep);
    cr_assert_eq(gr_api_play_line(s, "hint", &rep, &err), 0);
    cr_assert(rep.has_hint && rep.hint_found && rep.hint_winning);
    cr_assert_eq(rep.hint_prescribed, 3);
    cr_assert_not_null(strstr(rep.hint_why, "Theorem P"));
    gr_api_play_reply_clear(&rep);
    cr_assert_eq(gr_api_play_line(s, "2 1 2", &rep, &err), 0);
    cr_assert_null(rep.error);
    cr_assert_eq(rep.nmoves, 2, "the person's move and the computer's reply");
    cr_assert(rep.moves[0].by_person && !rep.moves[1].by_person);
    cr_assert_str_eq(gr_api_move_kind_name(rep.moves[0].kind), "transfer");
    cr_assert(rep.changed);
    gr_api_play_reply_clear(&rep);
    cr_assert_eq(gr_api_play_line(s, "  \t", &rep, &err), 2);
    cr_assert_eq(gr_api_play_line(s, "quit", &rep, &err), 1);
    cr_assert_str_eq(rep.reason, "quit");
    gr_api_play_reply_clear(&rep);
    gr_api_play_close(s);
    gr_api_request_clear(&r);
}

Test(api_play, a_kept_play_answers_as_a_fresh_one)
{
    /* more calls than a kept play serves, on one game: the table it carries
     * over never changes an answer */
    gr_api_engines *cache = gr_api_engines_new(2);
    const char *inputs[] = {"hint", "0 1\nhint", "", "1 1\nundo\nhint", "2 1\n0 1"};
    for (int i = 0; i < 24; i++) {
        char pos[32];
        snprintf(pos, sizeof pos, "%d,%d,%d", 1 + i % 4, 2 + i % 3, 3 + i % 5);
        const char *in = inputs[i % 5];
        gr_api_pair p[] = {PAIR("rules", "nim"), {"pos", 3, pos, strlen(pos)}, PAIR("first", "me"),
                           {"input", 5, in, strlen(in)}};
        int rc1, rc2;
        bool r1, r2;
        char *kept = play_json(cache, p, 4, &rc1, &r1);
        char *fresh = play_json(NULL, p, 4, &rc2, &r2);
        cr_assert_eq(rc1, rc2);
        cr_assert_eq(r1, r2);
        cr_assert_str_eq(kept, fresh, "call %d", i);
        free(kept);
        free(fresh);
    }
    gr_api_engines_free(cache);
}
