/* Core pieces: mex, bitsets, position parsing, checked arithmetic. */
#include <criterion/criterion.h>
#include "grundy/bigpos.h"
#include "grundy/bitset.h"
#include "grundy/checked.h"
#include "grundy/postab.h"

Test(mex, small_sets)
{
    gr_bitset s;
    gr_bitset_init(&s);
    uint32_t a[] = {0, 1, 3};
    cr_assert_eq(gr_mex(a, 3, &s), 2);
    uint32_t b[] = {1, 2, 3};
    cr_assert_eq(gr_mex(b, 3, &s), 0);
    uint32_t c[] = {0, 1, 2};
    cr_assert_eq(gr_mex(c, 3, &s), 3);
    cr_assert_eq(gr_mex(NULL, 0, &s), 0);
    gr_bitset_free(&s);
}

Test(mex, across_words)
{
    gr_bitset s;
    gr_bitset_init(&s);
    for (uint32_t v = 0; v < 200; v++)
        if (v != 130) gr_bitset_add(&s, v);
    cr_assert_eq(gr_bitset_mex(&s), 130);
    gr_bitset_add(&s, 130);
    cr_assert_eq(gr_bitset_mex(&s), 200);
    gr_bitset_free(&s);
}

Test(checked, overflow)
{
    uint64_t r;
    cr_assert(gr_add_overflow(UINT64_MAX, 1, &r));
    cr_assert(!gr_add_overflow(1, 2, &r));
    cr_assert_eq(r, 3);
    cr_assert(gr_mul_overflow(1ull << 33, 1ull << 31, &r));
}

Test(bigpos, parses_separators_and_size)
{
    gr_bigpos p;
    gr_error err;
    gr_error_clear(&err);
    gr_bigpos_init(&p);
    cr_assert_eq(gr_bigpos_parse(&p, "3, 5 ,9\n123456789012345678901234567890", &err), 0);
    cr_assert_eq(p.n, 4);
    cr_assert_eq(mpz_cmp_ui(p.p[1], 5), 0);
    cr_assert_eq(gr_bigpos_first_big(&p), 3);
    gr_pos small;
    cr_assert(!gr_bigpos_to_pos(&p, &small));
    gr_bigpos_clear(&p);
}

Test(bigpos, rejects_bad_tokens)
{
    const char *bad[] = {"-3", "abc", "3x", "1.5", "+"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gr_bigpos p;
        gr_error err;
        gr_error_clear(&err);
        gr_bigpos_init(&p);
        cr_assert_eq(gr_bigpos_parse(&p, bad[i], &err), GR_EINPUT, "accepted %s", bad[i]);
        cr_assert(strstr(err.msg, "pile size") != NULL, "message '%s' does not name the problem", err.msg);
        gr_bigpos_clear(&p);
    }
}

Test(postab, interns_distinct_positions)
{
    gr_postab t;
    gr_postab_init(&t);
    for (uint64_t i = 0; i < 5000; i++) {
        gr_pos p = {.n = 2, .p = {i, i * 7}};
        uint32_t id;
        bool fresh;
        cr_assert(gr_postab_intern(&t, &p, &id, &fresh));
        cr_assert(fresh);
        cr_assert_eq(id, i);
    }
    gr_pos q = {.n = 2, .p = {1234, 1234 * 7}};
    cr_assert_eq(gr_postab_find(&t, &q), 1234);
    gr_pos back;
    gr_postab_get(&t, 77, &back);
    cr_assert_eq(back.p[1], 77 * 7);
    gr_postab_free(&t);
}
