/* Why the computer's move wins, in one sentence: the equal-piles rule of
 * seed 000 for three-pile Sharing Nim (corrected where the paper is wrong),
 * Bouton for Nim, Sprague-Grundy values for heap games, and the outcome
 * rule's own words elsewhere. See docs/play.md. */
#include "engine_internal.h"
#include "play_internal.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* A number in a sentence: in full up to 40 digits, else its length. */
static char *short_number(mpz_srcptr v)
{
    char *s = NULL;
    size_t digits = gr_mpz_digits(v);
    if (digits <= 40) gmp_asprintf(&s, "%Zd", v);
    else gmp_asprintf(&s, "a %zu-digit number", digits);
    return s;
}

static char *explain_sharing3(const gr_play_choice *c, const gr_bigpos *r, char *mw)
{
    int i = -1, j = -1, t = -1;
    for (int a = 0; a < 3 && i < 0; a++)
        for (int b = a + 1; b < 3; b++)
            if (mpz_cmp(r->p[a], r->p[b]) == 0) {
                i = a, j = b, t = 3 - a - b;
                break;
            }
    char *s = NULL;
    char more[200] = "";
    if (c->prescribed > 1)
        snprintf(more, sizeof more,
                 "; it is one of %ld winning moves here (the paper's remark that exactly one equalising move "
                 "wins is not true in general)", c->prescribed);
    if (i < 0) {
        gmp_asprintf(&s, "%s: it leads to a P-position by Theorem P%s.", mw, more);
        return s;
    }
    mpz_t d;
    mpz_init(d);
    mpz_sub(d, r->p[t], r->p[i]);
    mpz_abs(d, d);
    if (mpz_sgn(d) == 0) {
        gmp_asprintf(&s, "%s: it makes all three piles equal, which leaves your opponent no move%s.", mw, more);
    } else {
        char *e = short_number(r->p[i]), *dd = short_number(d);
        unsigned long v = mpz_scan1(d, 0);
        gmp_asprintf(&s,
                     "%s: afterwards piles %d and %d both hold %s and pile %d differs from them by %s = 2^%lu "
                     "x odd, an even power of 2, and by Theorem P of seed 000 two equal piles "
                     "with such a gap are a P-position, lost for the player to move%s.",
                     mw, i, j, e, t, dd, v, more);
        free(e);
        free(dd);
    }
    mpz_clear(d);
    return s;
}

static char *explain_nim(const gr_play *pl, const gr_bigpos *r, char *mw)
{
    char *s = NULL;
    mpz_t x;
    mpz_init(x);
    for (int i = 0; i < pl->pos.n; i++) mpz_xor(x, x, pl->pos.p[i]);
    char *xs = short_number(x);
    bool misere = pl->engine->outcome.rule == &gr_outcome_misere;
    long ones = 0;
    bool big = false;
    for (int i = 0; i < r->n; i++) {
        if (mpz_cmp_ui(r->p[i], 1) > 0) big = true;
        else if (mpz_cmp_ui(r->p[i], 1) == 0) ones++;
    }
    if (misere && !big)
        gmp_asprintf(&s,
                     "%s: it leaves only piles of 0 or 1 tokens, %ld of them with 1, an odd number, so under "
                     "misere play your opponent is left to take the last token.", mw, ones);
    else if (misere)
        gmp_asprintf(&s,
                     "%s: the nim-sum (XOR of the piles) is %s now and 0 after it with a pile of 2 or more "
                     "left, a P-position under misere play just as under normal play (Bouton).", mw, xs);
    else
        gmp_asprintf(&s,
                     "%s: the nim-sum (XOR of the piles) is %s now and 0 after it, and by Bouton's theorem a "
                     "position of nim-sum 0 is lost for the player to move.", mw, xs);
    free(xs);
    mpz_clear(x);
    return s;
}

/* Heap games under normal play: the heaps' Grundy values after the move,
 * which XOR to 0. NULL when the values are not at hand (the heaps are
 * beyond the nim-sequence engine). */
static char *explain_heaps(gr_play *pl, const gr_bigpos *r, const char *mw)
{
    if (!(pl->game->flags & GR_RS_HEAPS)) return NULL;
    uint32_t *v = malloc((size_t)r->n * sizeof *v);
    if (!v) return NULL;
    gr_error quiet;
    gr_error_clear(&quiet);
    for (int i = 0; i < r->n; i++)
        if (gr_engine_heap_grundy(pl->engine, r->p[i], &v[i], &quiet) != GR_OK) {
            free(v);
            return NULL;
        }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        free(v);
        return NULL;
    }
    fprintf(f, "%s: afterwards the heaps' Grundy values are ", mw);
    int shown = r->n < 12 ? r->n : 12;
    for (int i = 0; i < shown; i++) {
        char *h = short_number(r->p[i]);
        fprintf(f, "%sG(%s) = %u", i == 0 ? "" : i + 1 == r->n ? " and " : ", ", h ? h : "?", v[i]);
        free(h);
    }
    if (shown < r->n) fprintf(f, " and %d more", r->n - shown);
    fputs(", whose XOR is 0, and by the Sprague-Grundy theorem a sum of value 0 is lost for the player to "
          "move", f);
    if (pl->engine->cache && pl->engine->cache->periodic)
        fprintf(f, " (G is periodic with period %llu from %llu on, proved by the periodicity theorem)",
                (unsigned long long)pl->engine->cache->period, (unsigned long long)pl->engine->cache->preperiod);
    fputc('.', f);
    free(v);
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Misere heap games: the sum's element of the misere quotient before and
 * after the move (Plambeck and Siegel). NULL when no quotient covers it. */
static char *explain_quotient(gr_play *pl, const gr_bigpos *r, const char *mw)
{
    gr_quotient_element was, now;
    if (!gr_engine_quotient_element(pl->engine, &pl->pos, &was) || !gr_engine_quotient_element(pl->engine, r, &now) ||
        !now.in_p)
        return NULL;
    char cover[64];
    if (now.period) snprintf(cover, sizeof cover, "all heaps, phi of period %d", now.period);
    else snprintf(cover, sizeof cover, "heaps up to %d", now.heaps);
    char *s = NULL;
    gmp_asprintf(&s,
                 "%s: it leaves the sum at element %s of the misere quotient Q (order %u, %u P elements; %s), "
                 "a P-position of Q (it was at %s, an N-position). A sum of heaps is a misere P-position exactly "
                 "when the product of its heaps' elements lies in Q's P-portion, so your opponent, to move, "
                 "loses.", mw, now.word, now.order, now.pcount, cover, was.word);
    return s;
}

char *gr_play_explain(gr_play *pl, const gr_play_choice *c)
{
    char *s = NULL;
    if (!c->found) {
        gmp_asprintf(&s, "There is no move: the game is over.");
        return s;
    }
    char *mw = gr_play_move_words(&c->move);
    if (!mw) return NULL;
    mw[0] = (char)toupper((unsigned char)mw[0]);
    const gr_outcome *o = &pl->engine->outcome;
    bool two = pl->seats == 2;
    char len[96] = "";
    if (c->length >= 0) snprintf(len, sizeof len, " (with best play %ld more moves after it)", c->length);
    if (!c->winning) {
        mw[0] = (char)tolower((unsigned char)mw[0]);
        if (two)
            gmp_asprintf(&s,
                         "No move wins here: every move leaves a position from which the other player can "
                         "force a win; the best try is to make the game last: %s%s.", mw, len);
        else
            gmp_asprintf(&s, "The rule prescribes no move here; the longest game follows %s%s.", mw, len);
        free(mw);
        return s;
    }
    gr_bigpos r;
    gr_bigpos_init(&r);
    if (gr_play_result_of(pl, &pl->pos, &c->move, &r)) { /* out of memory: no sentence */
        gr_bigpos_clear(&r);
        free(mw);
        return NULL;
    }
    bool normal = o->rule == &gr_outcome_normal, classic = normal || o->rule == &gr_outcome_misere;
    enum gr_family family = gr_game_family(pl->game, NULL);
    if (two && classic && family == GR_FAMILY_NIM && c->move.kind == GR_MOVE_TAKE) {
        s = explain_nim(pl, &r, mw);
    } else if (normal && family == GR_FAMILY_SHARING && r.n == 3) {
        s = explain_sharing3(c, &r, mw);
    } else if (normal && (s = explain_heaps(pl, &r, mw)) != NULL) {
        /* written */
    } else if (two && o->rule == &gr_outcome_misere && (s = explain_quotient(pl, &r, mw)) != NULL) {
        /* written */
    } else if (pl->block) {
        gmp_asprintf(&s,
                     "%s: it leads to a P-position of the blocking game: there your opponent has at most %d "
                     "%s%s, and you forbid %s%s.", mw, pl->block,
                     pl->ban_positions ? "P-position" : "move", pl->block > 1
                         ? (pl->ban_positions ? "s to move to" : "s to P-positions")
                         : (pl->ban_positions ? " to move to" : " to a P-position"),
                     pl->block > 1 ? "them all" : "it", len);
    } else if (two) {
        char count[64] = "";
        if (c->prescribed > 1) snprintf(count, sizeof count, ", one of %ld winning moves", c->prescribed);
        gmp_asprintf(&s,
                     "%s: it leads to a P-position (found by %s), from which every reply leaves you a winning "
                     "position%s%s.", mw, c->how, count, len);
    } else {
        gr_answer a;
        gr_answer_init(&a);
        gr_error quiet;
        gr_error_clear(&quiet);
        uint32_t sc;
        const char *cls = gr_play_own_score(pl, &r, &sc, NULL) == GR_OK ? gr_outcome_label(o, sc)
                          : gr_engine_value(pl->engine, &r, &a, &quiet) == GR_OK ? a.outcome
                                                                                   : "?";
        gmp_asprintf(&s, "%s: it leads to a position of class %s, the move the %s rule prescribes%s.", mw, cls,
                     o->rule->name, len);
        gr_answer_clear(&a);
    }
    gr_bigpos_clear(&r);
    free(mw);
    return s;
}

