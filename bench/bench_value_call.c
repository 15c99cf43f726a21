/* The cost of one engine value call on small positions, the floor that the
 * Python module's grundy.value() is measured against (bench/bench_python.py
 * runs this and prints the overhead per call).
 *
 *   bench_value_call            one line per case: RULES|POSITION|OUTCOME ns
 *
 * Each case reuses one engine, as a grundy.Game does; the best of five runs
 * of many calls is printed (the floor, not the mean, on a shared machine). */
#include <stdio.h>
#include <string.h>
#include "grundy.h"
#include "bench_clock.h"

typedef struct bench_case {
    const char *rules, *position, *outcome;
} bench_case;

/* Keep in step with CASES in bench_python.py. */
static const bench_case cases[] = {
    {"nim", "3 5 9", "normal"},
    {"nim", "3 5 9", "misere"},
    {"sharing", "3 5 9", "normal"},
    {"tb:0.77", "12 20 33", "normal"},
    {"kim", "2 3 4", "normal"},
};

static int run(const bench_case *c)
{
    gr_error err;
    gr_error_clear(&err);
    gr_game g;
    gr_outcome o;
    gr_bigpos pos;
    gr_bigpos_init(&pos);
    if (gr_game_parse(&g, c->rules, &err) || gr_outcome_parse(&o, c->outcome, 0, &err) ||
        gr_bigpos_parse(&pos, c->position, &err)) {
        fprintf(stderr, "%s: %s\n", c->rules, err.msg);
        return 1;
    }
    gr_engine *e = gr_engine_new(&g, &o, NULL, &err);
    if (!e) {
        fprintf(stderr, "%s: %s\n", c->rules, err.msg);
        gr_bigpos_clear(&pos);
        gr_game_release(&g);
        return 1;
    }
    gr_answer a;
    int rc = 0;
    double best = 1e9;
    const int calls = 200000;
    for (int r = 0; !rc && r < 5; r++) {
        double t0 = now();
        for (int i = 0; !rc && i < calls; i++) {
            gr_answer_init(&a);
            rc = gr_engine_value(e, &pos, &a, &err);
            gr_answer_clear(&a);
        }
        double t = (now() - t0) / calls;
        if (t < best) best = t;
    }
    if (rc) fprintf(stderr, "%s %s: %s\n", c->rules, c->position, err.msg);
    else printf("%s|%s|%s %.1f\n", c->rules, c->position, c->outcome, best * 1e9);
    gr_engine_free(e);
    gr_bigpos_clear(&pos);
    gr_game_release(&g);
    return rc;
}

int main(void)
{
    int rc = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) rc |= run(&cases[i]);
    return rc;
}
