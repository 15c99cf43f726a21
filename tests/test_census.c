/* The census's library part: codes as the tables write them, the unsolved
 * list's make-up, every code of k digits, one code's figures against the
 * sparse engine's, the groups, the first difference of .161 and .36, and
 * the manifest (another census refused). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "grundy/census.h"
#include "grundy/sparse.h"

static char *folder(void)
{
    char tmpl[] = "/tmp/grundy-census-XXXXXX";
    char *d = mkdtemp(tmpl);
    cr_assert(d);
    return strdup(d);
}

static void drop(char *dir)
{
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
    free(dir);
}

static gr_census_rec code(const char *word)
{
    gr_census_rec r;
    gr_error err = {0};
    cr_assert_eq(gr_census_code(word, &r, &err), GR_OK, "%s: %s", word, err.msg);
    return r;
}

Test(census, names)
{
    gr_census_rec r = code(".161");
    cr_assert_str_eq(r.name, ".161");
    cr_assert_str_eq(r.rules, "tb:0.161");
    r = code("tb:0.0700");
    cr_assert_str_eq(r.name, ".07");
    r = code("4.007");
    cr_assert_str_eq(r.rules, "tb:4.007");
    r = code("grundy-game");
    cr_assert_str_eq(r.rules, "grundy-game");
    gr_error err = {0};
    cr_assert_eq(gr_census_code(".8", &r, &err), GR_EINPUT);       /* three heaps */
    cr_assert(strstr(err.msg, "more than two heaps"), "%s", err.msg);
    gr_error err2 = {0};
    cr_assert_eq(gr_census_code("nonsense", &r, &err2), GR_EINPUT);
}

Test(census, lists)
{
    const char *const *u;
    size_t n = gr_census_unsolved(&u), xyz = 0, four = 0, short_ = 0, gg = 0;
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(u[i]);
        if (strcmp(u[i], "grundy-game") == 0) gg++;
        else if (u[i][0] == '4' && len == 5) four++;
        else if (len == 4) xyz++;
        else short_++;
        code(u[i]);                       /* every one is taken */
    }
    cr_assert_eq(n, 83);
    cr_assert_eq(xyz, 61);
    cr_assert_eq(four, 13);
    cr_assert_eq(short_, 8);
    cr_assert_eq(gg, 1);
    cr_assert_eq(gr_census_all(1, NULL, 0), 14);
    cr_assert_eq(gr_census_all(2, NULL, 0), 2 * (7 + 56));
    cr_assert_eq(gr_census_all(3, NULL, 0), 2 * (7 + 56 + 448));
    char names[14][8];
    gr_census_all(1, names, 14);
    cr_assert_str_eq(names[0], ".1");
    cr_assert_str_eq(names[13], "4.7");
}

/* .161's figures are the sparse engine's; .161 and .36 differ at 519; a
 * certified .77 groups with nothing, .3 = .5 extended by their period. */
Test(census, run_group_difference)
{
    char *dir = folder();
    gr_limits lim;
    gr_limits_default(&lim);
    gr_census_rec r[4] = {code(".161"), code(".36"), code(".3"), code(".5")};
    size_t n = 4;
    gr_census_rec *recs = r;
    gr_error err = {0};
    cr_assert_eq(gr_census_open(dir, NULL, &recs, &n, &err), GR_OK, "%s", err.msg);
    for (size_t i = 0; i < n; i++) cr_assert_eq(gr_census_run(&r[i], dir, 5000, 1, &lim, &err), GR_OK, "%s", err.msg);

    gr_tb_code c;
    gr_error e = {0};
    cr_assert_eq(gr_tb_parse(&c, "0.161", &e), GR_OK);
    gr_sparse *s = gr_sparse_new(&c, 5001, 0, NULL, &e);
    cr_assert(s);
    cr_assert_eq(gr_sparse_extend(s, 5001, 1, &e), GR_OK);
    cr_assert_eq(r[0].count, 5001);
    cr_assert_eq(r[0].rare, gr_sparse_rare_count(s));
    cr_assert_eq(r[0].mask, gr_sparse_mask(s));
    cr_assert_eq(r[0].gmax, gr_sparse_max_value(s));
    cr_assert_eq(gr_sparse_value(s, r[0].gmax_at), r[0].gmax);
    for (uint64_t x = 0; x < r[0].gmax_at; x++) cr_assert_lt(gr_sparse_value(s, x), r[0].gmax);
    cr_assert_eq(r[0].last_rare, gr_sparse_rare_heap(s, r[0].rare - 1));
    gr_sparse_free(s);

    cr_assert(r[2].cert.certified && r[3].cert.certified);
    cr_assert_lt(r[2].count, 5001);          /* stopped once certified */
    long group[4];
    gr_census_group(r, n, group);
    cr_assert_eq(group[0], 0);
    cr_assert_eq(group[1], 1);
    cr_assert_eq(group[2], 2);
    cr_assert_eq(group[3], 2);

    uint64_t at;
    uint32_t va, vb;
    cr_assert_eq(gr_census_difference(dir, &r[0], &r[1], 5000, &at, &va, &vb, &err), 1);
    cr_assert_eq(at, 519);
    cr_assert_eq(va, 2);
    cr_assert_eq(vb, 4);
    cr_assert_eq(gr_census_difference(dir, &r[2], &r[3], 5000, &at, &va, &vb, &err), 0);
    cr_assert_eq(at, 5000);

    /* the manifest: saved, read back; other codes refused */
    cr_assert_eq(gr_census_save(dir, r, n, 5000, &err), GR_OK);
    gr_census_rec *back = NULL;
    size_t nback = 0;
    cr_assert_eq(gr_census_open(dir, NULL, &back, &nback, &err), GR_OK, "%s", err.msg);
    cr_assert_eq(nback, 4);
    cr_assert_str_eq(back[2].rules, "tb:0.3");
    cr_assert(back[2].cert.certified);
    cr_assert_eq(back[2].state, GR_CENSUS_DONE);
    free(back);
    gr_census_rec other = code(".77");
    gr_census_rec *po = &other;
    size_t one = 1;
    gr_error err3 = {0};
    cr_assert_eq(gr_census_open(dir, NULL, &po, &one, &err3), GR_EINPUT);
    cr_assert(strstr(err3.msg, "holds another census"), "%s", err3.msg);
    int fd, fd2;
    cr_assert_eq(gr_census_lock(dir, &fd, &err), GR_OK);
    gr_error err4 = {0};
    cr_assert_eq(gr_census_lock(dir, &fd2, &err4), GR_EINPUT);
    gr_census_unlock(fd);
    drop(dir);
}
