/* A library user's program: it includes only the umbrella header and is
 * built by tests/cli_install.sh against the installed library with
 *
 *   cc install_use.c $(pkg-config --cflags --libs grundy)
 *
 * so that a public header that includes an internal one, or a function the
 * shared library does not export, fails the install test. It prints one
 * line per part of the API it uses; cli_install.sh checks them. */
#include <grundy.h>
#include <stdio.h>
#include <stdlib.h>

/* The value and outcome of one position, by the engine. */
static int value(const char *rules, const char *position)
{
    gr_error err;
    gr_error_clear(&err);
    gr_game g;
    if (gr_game_parse(&g, rules, &err)) return fprintf(stderr, "%s\n", err.msg), 1;
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_engine *e = gr_engine_new(&g, &o, NULL, &err); /* ours: freed below */
    gr_bigpos p;
    gr_bigpos_init(&p);
    gr_answer a;
    gr_answer_init(&a);
    int rc = !e || gr_bigpos_parse(&p, position, &err) || gr_engine_value(e, &p, &a, &err);
    if (rc) fprintf(stderr, "%s\n", err.msg);
    else gmp_printf("value %s %s: %s %Zd by %s\n", rules, position, a.outcome, a.value, a.method);
    gr_answer_clear(&a);
    gr_bigpos_clear(&p);
    gr_engine_free(e);
    gr_game_release(&g);
    return rc;
}

/* The first values of a nim-sequence (Kayles). */
static int sequence(void)
{
    gr_error err;
    gr_error_clear(&err);
    gr_game g;
    if (gr_game_parse(&g, "tb:0.77", &err)) return fprintf(stderr, "%s\n", err.msg), 1;
    uint32_t v[13];
    gr_heapseq_info info;
    int rc = gr_heapseq(&g, GR_HEAPSEQ_AUTO, 12, v, NULL, &info, &err);
    if (rc) fprintf(stderr, "%s\n", err.msg);
    else {
        fputs("seq tb:0.77:", stdout);
        for (int i = 0; i <= 12; i++) printf(" %u", v[i]);
        putchar('\n');
    }
    gr_game_release(&g);
    return rc;
}

/* The computer's first move in a game of Nim, and the position after it. */
static int play(void)
{
    gr_error err;
    gr_error_clear(&err);
    gr_game g;
    if (gr_game_parse(&g, "nim", &err)) return fprintf(stderr, "%s\n", err.msg), 1;
    gr_outcome o;
    gr_outcome_init_normal(&o);
    gr_bigpos start;
    gr_bigpos_init(&start);
    gr_play *pl = NULL; /* ours: freed below, with the engine it made */
    if (!gr_bigpos_parse(&start, "3 5 7", &err)) pl = gr_play_new(&g, &o, NULL, &start, &err);
    gr_bigpos_clear(&start);
    if (!pl) {
        gr_game_release(&g);
        return fprintf(stderr, "%s\n", err.msg), 1;
    }
    gr_play_choice c;
    gr_play_choice_init(&c);
    int rc = gr_play_best(pl, &c, &err) || gr_play_make(pl, &c.move, &err);
    if (rc) fprintf(stderr, "%s\n", err.msg);
    else {
        char *words = gr_play_move_words(&c.move);
        printf("play nim 3 5 7: %s%s\n", words ? words : "?", c.winning ? " (winning)" : "");
        free(words);
    }
    gr_play_choice_clear(&c);
    gr_play_free(pl);
    gr_game_release(&g);
    return rc;
}

int main(void)
{
    int rc = value("sharing", "3 5 9");
    rc |= value("nim", "340282366920938463463374607431768211456 1 340282366920938463463374607431768211457");
    rc |= sequence();
    rc |= play();
    gr_error err;
    gr_error_clear(&err);
    printf("out of memory: status %d\n", gr_fail_nomem(&err));
    return rc ? 1 : 0;
}
