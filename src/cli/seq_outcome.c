/* grundy seq --misere / --players M on heap rulesets other than subtraction
 * games (those have their own generator, seq_players.c): the outcome class of
 * one heap of each size, by the engine (closed forms where they exist, such
 * as Bouton's misere rule and m-player Nim; search on single heaps
 * otherwise). Bounded: the engine refuses a search beyond the limits, and the
 * whole sequence stops at --max-seconds. */
#include "seq.h"
#include "grundy/io.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int classes(seq_args *s, gr_engine *e, FILE *out, gr_error *err)
{
    gr_bigpos pos;
    gr_bigpos_init(&pos);
    gr_answer ans;
    gr_answer_init(&ans);
    clock_t start = clock();
    int rc = GR_OK;
    bool json = s->common.format == FMT_JSON;
    for (long n = s->from; n <= s->to && !rc; n++) {
        pos.n = 0;
        char num[24];
        snprintf(num, sizeof num, "%ld", n);
        if ((rc = gr_bigpos_parse(&pos, num, err)) || (rc = gr_engine_value(e, &pos, &ans, err))) break;
        if (json) {
            fputs(n > s->from ? "," : "", out);
            gr_json_string(out, ans.outcome);
        } else {
            fprintf(out, n > s->from ? " %s" : "%s", ans.outcome);
        }
        if ((double)(clock() - start) / CLOCKS_PER_SEC > s->common.limits.max_seconds)
            rc = gr_fail_limit(err, GR_KNOB_SECONDS, "stopped at heap %ld after %.0f s (--max-seconds)", n,
                         s->common.limits.max_seconds);
    }
    gr_answer_clear(&ans);
    gr_bigpos_clear(&pos);
    return rc;
}

int seq_outcome(seq_args *s, gr_error *err)
{
    const gr_outcome *o = &s->common.outcome;
    if (!(s->game.flags & GR_RS_HEAPS) || (o->rule != &gr_outcome_misere && o->rule != &gr_outcome_players))
        return -1;
    if (s->row >= 0 || s->diagonal >= 0 || s->nim_pairs) return -1;
    const char *flag = o->rule == &gr_outcome_misere ? "--misere" : "--players";
    if (s->bfile) return gr_fail(err, GR_EINPUT, "--bfile conflicts with %s: a b-file holds numbers, not classes", flag);
    if (s->period)
        return gr_fail(err, GR_EINPUT, "--period with %s covers subtraction games only (not %s)", flag, s->game.spec);
    if (s->method) return gr_fail(err, GR_EINPUT, "--method is the nim-sequence engine's, not %s's", flag);
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    if (!out) return gr_fail_nomem(err);
    char rule[32];
    gr_outcome_format(o, rule, sizeof rule);
    if (s->common.format == FMT_JSON) {
        fputs("{\"ruleset\":", out);
        gr_json_string(out, s->common.rules);
        fputs(",\"outcome\":", out);
        gr_json_string(out, rule);
        fprintf(out, ",\"from\":%ld,\"to\":%ld,\"classes\":[", s->from, s->to);
    }
    gr_engine *e = gr_engine_new(&s->game, o, &s->common.limits, err);
    int rc = e ? classes(s, e, out, err) : GR_ENOMEM;
    gr_engine_free(e);
    fputs(s->common.format == FMT_JSON ? "]}\n" : "\n", out);
    fclose(out);
    if (!rc) fwrite(buf, 1, len, stdout);
    free(buf);
    return rc;
}
