#include "cli.h"
#include "grundy/io.h"
#include <string.h>

static void json_flags(FILE *f, unsigned flags)
{
    fputc('[', f);
    const char *names[] = {"heaps", "loopy", "conserves-total"};
    int k = 0;
    for (int i = 0; i < 3; i++)
        if (flags & (1u << i)) fprintf(f, "%s\"%s\"", k++ ? "," : "", names[i]);
    fputc(']', f);
}

int cmd_games(int argc, char **argv)
{
    cli_args a;
    gr_error err;
    gr_error_clear(&err);
    int rc = cli_parse(&a, argc, argv, 0, NULL, NULL, &err);
    if (rc) {
        cli_args_free(&a);
        return cli_report(&err);
    }
    if (a.help) {
        puts("usage: grundy games [--format text|json]\n\nLists the rulesets, their options and how moves are written.");
        cli_args_free(&a);
        return 0;
    }
    if (a.format == FMT_JSON) {
        fputc('[', stdout);
        for (size_t i = 0; i < gr_ruleset_count(); i++) {
            const gr_ruleset *rs = gr_ruleset_at(i);
            printf("%s{\"name\":", i ? "," : "");
            gr_json_string(stdout, rs->name);
            fputs(",\"summary\":", stdout);
            gr_json_string(stdout, rs->summary);
            fputs(",\"options\":", stdout);
            gr_json_string(stdout, rs->options);
            fputs(",\"flags\":", stdout);
            json_flags(stdout, rs->flags);
            fputc('}', stdout);
        }
        fputs("]\n", stdout);
    } else {
        for (size_t i = 0; i < gr_ruleset_count(); i++) {
            const gr_ruleset *rs = gr_ruleset_at(i);
            printf("%-12s %s\n", rs->name, rs->summary);
            const char *o = rs->options;
            while (o && *o) {
                const char *e = strchr(o, '\n');
                int len = e ? (int)(e - o) : (int)strlen(o);
                printf("             %.*s\n", len, o);
                o = e ? e + 1 : NULL;
            }
        }
        puts("\noutcome rules (--misere, --players M, --block K, --block-position K; normal by default):");
        for (size_t i = 0; i < gr_outcome_rule_count(); i++)
            printf("%-15s %s\n", gr_outcome_rule_at(i)->name, gr_outcome_rule_at(i)->summary);
    }
    cli_args_free(&a);
    return 0;
}
