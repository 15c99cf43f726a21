#include "cli.h"
#include "grundy/claims.h"
#include "grundy/io.h"
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: grundy check [SEED|CLAIM-ID] [--to N] [--format text|json|md]\n\n"
    "Checks the papers' claims against search from the rules. Each verdict is\n"
    "holds (in the range printed), fails (with the smallest counterexample found)\n"
    "or unchecked (with why). SEED is a seed prefix such as 000; CLAIM-ID a claim\n"
    "such as 000/thm-P. --to N raises or lowers each claim's bound.\n";

typedef struct check_opts {
    long to;
} check_opts;

static int extra(void *ctx, int argc, char **argv, int *i, gr_error *err)
{
    if (strcmp(argv[*i], "--to") == 0) {
        int rc = cli_flag_long(argc, argv, i, 1, 1000000000L, &((check_opts *)ctx)->to, err);
        return rc ? rc : 1;
    }
    return 0;
}

static void print_one(FILE *out, int format, const gr_claim *c, const gr_claim_result *r, bool first)
{
    const char *status = gr_claim_status_name(r->status);
    if (format == FMT_JSON) {
        fputs(first ? "\n  {\"id\":" : ",\n  {\"id\":", out);
        gr_json_string(out, c->id);
        fputs(",\"statement\":", out);
        gr_json_string(out, c->statement);
        fputs(",\"reading\":", out);
        if (c->reading) gr_json_string(out, c->reading);
        else fputs("null", out);
        fputs(",\"status\":", out);
        gr_json_string(out, status);
        fputs(",\"range\":", out);
        gr_json_string(out, r->range);
        fputs(",\"counterexample\":", out);
        if (r->has_cex) gr_json_pos(out, &r->cex);
        else fputs("null", out);
        fputs(",\"detail\":", out);
        gr_json_string(out, r->detail);
        fputc('}', out);
    } else if (format == FMT_MD) {
        fprintf(out, "| `%s` | %s | **%s** | %s | ", c->id, c->statement, status, r->range);
        if (r->has_cex) {
            fputc('(', out);
            gr_pos_print(out, &r->cex, ",");
            fputs(") ", out);
        }
        fprintf(out, "%s |\n", r->detail);
    } else {
        fprintf(out, "%-22s %-9s %s\n", c->id, status, c->statement);
        if (c->reading) fprintf(out, "%22s reading:  %s\n", "", c->reading);
        if (r->range[0]) fprintf(out, "%22s checked:  %s\n", "", r->range);
        if (r->has_cex) {
            fprintf(out, "%22s smallest counterexample: (", "");
            gr_pos_print(out, &r->cex, ",");
            fputs(")\n", out);
        }
        if (r->detail[0]) fprintf(out, "%22s %s\n", "", r->detail);
    }
}

int cmd_check(int argc, char **argv)
{
    cli_args a;
    gr_error err;
    gr_error_clear(&err);
    check_opts o = {0};
    const char *which = NULL;
    /* the optional operand comes in as "rules" */
    int rc = cli_parse(&a, argc, argv, CLI_MD, extra, &o, &err);
    if (rc && argc > 1) {
        /* one operand allowed: SEED or CLAIM-ID */
        gr_error_clear(&err);
        cli_args_free(&a);
        rc = cli_parse(&a, argc, argv, CLI_RULES | CLI_MD, extra, &o, &err);
        which = a.rules;
    }
    if (!rc && a.help) {
        fputs(help, stdout);
        cli_args_free(&a);
        return 0;
    }
    if (rc) {
        cli_args_free(&a);
        return cli_report(&err);
    }
    const gr_claim *only = NULL;
    bool matched = which == NULL;
    if (which && strchr(which, '/')) {
        only = gr_claim_find(which);
        if (!only) rc = gr_fail(&err, GR_EINPUT, "unknown claim '%s'; grundy check lists them", which);
        matched = true;
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *out = rc ? NULL : open_memstream(&buf, &len);
    if (!rc && !out) rc = gr_fail(&err, GR_EINTERNAL, "out of memory");
    bool first = true;
    if (!rc && a.format == FMT_JSON) fputc('[', out);
    if (!rc && a.format == FMT_MD)
        fputs("| claim | statement | verdict | checked | counterexample / detail |\n|---|---|---|---|---|\n", out);
    for (size_t s = 0; !rc && s < gr_seed_count(); s++) {
        const gr_seed_claims *seed = gr_seed_at(s);
        if (which && !only && strcmp(which, seed->seed) != 0) continue;
        matched = true;
        if (a.format == FMT_TEXT && !only) fprintf(out, "seed %s: %s\n", seed->seed, seed->title);
        for (size_t i = 0; !rc && i < seed->count; i++) {
            const gr_claim *c = &seed->claims[i];
            if (only && c != only) continue;
            gr_claim_result r;
            memset(&r, 0, sizeof r);
            rc = c->check(c, o.to ? (uint64_t)o.to : c->default_to, &r, &err);
            if (!rc) print_one(out, a.format, c, &r, first);
            first = false;
        }
    }
    if (!rc && !matched) rc = gr_fail(&err, GR_EINPUT, "unknown seed '%s'; grundy check lists them", which);
    if (!rc && a.format == FMT_JSON) fputs("\n]\n", out);
    if (out) fclose(out);
    if (!rc) fwrite(buf, 1, len, stdout);
    free(buf);
    cli_args_free(&a);
    return rc ? cli_report(&err) : 0;
}
