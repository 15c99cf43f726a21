/* The answer layer's registry verbs: games (the rulesets, their flags and
 * move vocabulary, the outcome rules) and check (the papers' claims, each
 * holds / fails with its smallest counterexample / unchecked), as data and
 * as their renderings. */
#include <criterion/criterion.h>
#include <string.h>
#include "grundy/api.h"
#include "grundy/claims.h"
#include "grundy/ruleset.h"

#define PAIR(k, v) {k, sizeof k - 1, v, sizeof v - 1}

static const gr_api_game *game_named(const gr_api_games_reply *g, const char *name)
{
    for (size_t i = 0; i < g->n; i++)
        if (strcmp(g->games[i].name, name) == 0) return &g->games[i];
    return NULL;
}

Test(api_games, lists_rulesets_moves_and_outcome_rules)
{
    gr_api_request req;
    gr_api_request_init(&req, GR_API_GAMES, GR_FRONT_HTTP);
    gr_error err;
    gr_error_clear(&err);
    cr_assert_eq(gr_api_request_fill(&req, NULL, 0, &err), GR_OK, "%s", err.msg);
    gr_api_reply rep;
    gr_api_reply_init(&rep);
    cr_assert_eq(gr_api_call(NULL, &req, &rep, &err), GR_OK, "%s", err.msg);
    const gr_api_games_reply *g = rep.games;
    cr_assert_not_null(g);
    cr_assert_eq(g->n, gr_ruleset_count());
    cr_assert_eq(g->nrules, gr_outcome_rule_count());

    const gr_api_game *sharing = game_named(g, "sharing");
    cr_assert_not_null(sharing);
    cr_assert_str_eq(sharing->unit, "pile");
    cr_assert_eq(sharing->flags & GR_RS_HEAPS, 0u);
    cr_assert_eq(sharing->nmoves, 1);
    cr_assert_eq(sharing->moves[0].kind, GR_MOVE_TRANSFER);
    cr_assert_str_eq(sharing->moves[0].notation, "F T K");
    cr_assert_str_eq(sharing->moves[0].written, "FROM TO AMOUNT");

    const gr_api_game *nim = game_named(g, "nim");
    cr_assert_not_null(nim);
    cr_assert_eq(nim->nmoves, 1);
    cr_assert_eq(nim->moves[0].kind, GR_MOVE_TAKE);
    cr_assert_str_eq(nim->moves[0].notation, "P K");
    cr_assert_str_eq(nim->moves[0].written, "PILE AMOUNT");
    cr_assert(strstr(nim->moves[0].summary, "take AMOUNT tokens from pile PILE"), "%s", nim->moves[0].summary);

    const gr_api_game *gg = game_named(g, "grundy-game");
    cr_assert_not_null(gg);
    cr_assert_str_eq(gg->unit, "heap");
    cr_assert(gg->flags & GR_RS_HEAPS);
    cr_assert_eq(gg->moves[0].kind, GR_MOVE_SPLIT);
    cr_assert_str_eq(gr_api_game_flag_name(0), "heaps");
    cr_assert_null(gr_api_game_flag_name(3));

    bool players = false;
    for (size_t i = 0; i < g->nrules; i++)
        if (strcmp(g->rules[i]->name, "players") == 0) {
            players = true;
            cr_assert_eq(g->rules[i]->param_min, 2);
            cr_assert_eq(g->rules[i]->param_max, 26);
        }
    cr_assert(players);

    gr_buf b;
    gr_buf_init(&b);
    gr_api_render(&b, GR_API_JSON, &rep);
    cr_assert(gr_buf_ok(&b));
    cr_assert(strncmp(b.s, "[{\"name\":", 9) == 0, "%.40s", b.s);
    cr_assert(strstr(b.s, "\"name\":\"grundy-game\",") && strstr(b.s, "\"flags\":[\"heaps\"],\"unit\":\"heap\""));
    cr_assert(strstr(b.s, "\"name\":\"players\",") && strstr(b.s, "\"number\":{\"min\":2,\"max\":26}"));
    cr_assert_str_eq(b.s + b.len - 2, "]\n");
    cr_assert_eq(strchr(b.s, '\n'), b.s + b.len - 1, "one line");
    gr_buf_reset(&b);
    gr_api_render(&b, GR_API_TEXT, &rep);
    cr_assert(strstr(b.s, "\noutcome rules (--misere"), "%s", b.s);
    cr_assert(strstr(b.s, "\nsharing      "), "%.60s", b.s);
    gr_buf_free(&b);
    gr_api_reply_clear(&rep);
    gr_api_request_clear(&req);

    /* games takes no key */
    gr_api_pair p[] = {PAIR("rules", "nim")};
    gr_api_request_init(&req, GR_API_GAMES, GR_FRONT_HTTP);
    cr_assert_eq(gr_api_request_fill(&req, p, 1, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "unknown parameter 'rules'");
    gr_api_request_clear(&req);
}

static int check(int front, const gr_api_pair *p, size_t n, gr_api_reply *rep, gr_error *err)
{
    gr_api_request req;
    gr_api_request_init(&req, GR_API_CHECK, front);
    gr_error_clear(err);
    gr_api_reply_init(rep);
    int rc = gr_api_request_fill(&req, p, n, err);
    if (!rc) rc = gr_api_call(NULL, &req, rep, err);
    gr_api_request_clear(&req);
    return rc;
}

Test(api_check, a_failing_claim_has_its_smallest_counterexample)
{
    gr_api_pair p[] = {PAIR("id", "000/remark-R.opt-move"), PAIR("to", "100")};
    gr_api_reply rep;
    gr_error err;
    cr_assert_eq(check(GR_FRONT_HTTP, p, 2, &rep, &err), GR_OK, "%s", err.msg);
    const gr_api_check_reply *c = rep.check;
    cr_assert_eq(c->n, 1);
    cr_assert(c->one && !c->list);
    const gr_api_verdict *v = &c->verdicts[0];
    cr_assert_str_eq(v->claim->id, "000/remark-R.opt-move");
    cr_assert_eq(v->status, GR_CLAIM_FAILS);
    cr_assert_eq(v->bound, 100);
    cr_assert(v->has_cex);
    cr_assert_eq(v->cex.n, 3);
    cr_assert(v->cex.p[0] == 0 && v->cex.p[1] == 1 && v->cex.p[2] == 3);
    gr_buf b;
    gr_buf_init(&b);
    gr_api_render(&b, GR_API_JSON, &rep);
    cr_assert(strncmp(b.s, "[\n  {\"id\":\"000/remark-R.opt-move\",", 34) == 0, "%s", b.s);
    cr_assert(strstr(b.s, "\"status\":\"fails\"") && strstr(b.s, "\"counterexample\":[0,1,3]"), "%s", b.s);
    cr_assert_str_eq(b.s + b.len - 3, "\n]\n");
    gr_buf_reset(&b);
    gr_api_render(&b, GR_API_TEXT, &rep);
    cr_assert(strstr(b.s, "smallest counterexample: (0,1,3)"), "%s", b.s);
    cr_assert_null(strstr(b.s, "seed 000:"), "one claim: no seed heading");
    gr_buf_free(&b);
    gr_api_reply_clear(&rep);
}

Test(api_check, a_claim_holds_in_its_range)
{
    gr_api_pair p[] = {PAIR("id", "000/thm-P"), PAIR("to", "100")};
    gr_api_reply rep;
    gr_error err;
    cr_assert_eq(check(GR_FRONT_PYTHON, p, 2, &rep, &err), GR_OK, "%s", err.msg);
    const gr_api_verdict *v = &rep.check->verdicts[0];
    cr_assert_eq(v->status, GR_CLAIM_HOLDS);
    cr_assert_not(v->has_cex);
    cr_assert(strstr(v->range, "100"), "%s", v->range);
    gr_api_reply_clear(&rep);
}

Test(api_check, lists_a_seed_without_checking)
{
    gr_api_pair p[] = {PAIR("id", "000"), PAIR("list", "1")};
    gr_api_reply rep;
    gr_error err;
    cr_assert_eq(check(GR_FRONT_HTTP, p, 2, &rep, &err), GR_OK, "%s", err.msg);
    const gr_api_check_reply *c = rep.check;
    cr_assert(c->list && !c->one);
    /* seed 000's claims may be registered in several lists */
    size_t count = 0;
    for (size_t s = 0; s < gr_seed_count(); s++)
        if (strcmp(gr_seed_at(s)->seed, "000") == 0) count += gr_seed_at(s)->count;
    cr_assert_gt(count, 3);
    cr_assert_eq(c->n, count);
    for (size_t i = 0; i < c->n; i++) cr_assert(strncmp(c->verdicts[i].claim->id, "000/", 4) == 0);
    cr_assert_str_eq(c->verdicts[0].claim->id, "000/thm-thm.ab");
    cr_assert_eq(c->verdicts[0].bound, gr_claim_find("000/thm-thm.ab")->default_to);
    cr_assert_null(c->verdicts[0].range);
    gr_buf b;
    gr_buf_init(&b);
    gr_api_render(&b, GR_API_MD, &rep);
    cr_assert(strncmp(b.s, "| `000/", 7) == 0, "%s", b.s);
    gr_buf_free(&b);
    gr_api_reply_clear(&rep);
}

Test(api_check, refuses_in_the_callers_words)
{
    gr_api_reply rep;
    gr_error err;
    gr_api_pair unknown[] = {PAIR("id", "999")};
    cr_assert_eq(check(GR_FRONT_HTTP, unknown, 1, &rep, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "unknown seed '999'; grundy check --list lists the claims");
    gr_api_reply_clear(&rep);

    gr_api_pair flag[] = {PAIR("id", "--format")};
    cr_assert_eq(check(GR_FRONT_HTTP, flag, 1, &rep, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "parameter id must be a seed such as 000 or a claim id such as 000/thm-P");
    gr_api_reply_clear(&rep);

    gr_api_pair fixed[] = {PAIR("id", "001/lemma-9.2"), PAIR("to", "5")};
    cr_assert_eq(check(GR_FRONT_HTTP, fixed, 2, &rep, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "to=5: 001/lemma-9.2 checks a fixed statement, with no bound to raise");
    gr_api_reply_clear(&rep);
    cr_assert_eq(check(GR_FRONT_CLI, fixed, 2, &rep, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "--to 5: 001/lemma-9.2 checks a fixed statement, with no bound to raise");
    gr_api_reply_clear(&rep);

    /* refused by its estimate before anything runs */
    gr_api_pair costly[] = {PAIR("id", "001/thm-9.3"), PAIR("to", "1000"), PAIR("max-seconds", "5")};
    cr_assert_eq(check(GR_FRONT_PYTHON, costly, 3, &rep, &err), GR_ELIMIT);
    cr_assert(strstr(err.msg, "001/thm-9.3 to=1000 would take about") && strstr(err.msg, "(max_seconds=)"), "%s",
              err.msg);
    gr_api_reply_clear(&rep);
    /* the network gives no limits of its own */
    cr_assert_eq(check(GR_FRONT_HTTP, costly, 3, &rep, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "unknown parameter 'max-seconds'");
    gr_api_reply_clear(&rep);

    gr_api_pair big[] = {PAIR("id", "000/thm-P"), PAIR("to", "1000000001")};
    cr_assert_eq(check(GR_FRONT_HTTP, big, 2, &rep, &err), GR_EINPUT);
    cr_assert_str_eq(err.msg, "to=1000000001: expected an integer from 1 to 1000000000");
    gr_api_reply_clear(&rep);
}
