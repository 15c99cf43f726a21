/* What each claim's check costs, so that `grundy check` refuses up front a
 * bound it could not finish (DESIGN.md: every verb is bounded).
 *
 * A check at bound `to` is estimated as seconds * (to / default_to)^degree:
 * `seconds` is its CPU time at the default bound on the 2-core reference
 * machine with half again as margin (never below a millisecond), `degree` how
 * its work grows with the bound, measured by running it at four times the
 * default (a run stopped after 20 s gives a lower bound), and 3 where both
 * runs were too short to tell. Claims with no bound (default_to 0) cost
 * `seconds`. tests/cli_check_bounds.sh checks that every claim of the
 * registry has a row (a claim without one is refused as an internal error). */
#include "grundy/claims.h"
#include <math.h>
#include <string.h>

typedef struct cost {
    const char *id;
    double seconds;
    int degree;
} cost;

static const cost costs[] = {
    {"000/thm-thm.ab", 1.83, 2},
    {"000/thm-P", 1.59, 2},
    {"000/table-T1", 0.03, 3},
    {"000/cor-row-diagonal", 0.41, 3},
    {"000/remark-R.opt-move", 1.43, 2},
    {"000/thm-count", 0.15, 3},
    {"000/prop-P-per", 0.32, 3},
    {"000/text-S.P.per-bottom-row", 0.3, 2},
    {"000/thm-v1", 1.23, 2},
    {"000/text-row-dependence", 0.11, 4},
    {"000/text-dis-g2", 0.03, 3},
    {"000/text-dis-g3", 0.05, 3},
    {"000/text-dis-g2-rows", 0.2, 3},
    {"000/text-dis-g3-rows", 0.03, 3},
    {"000/conj-dis", 0.15, 3},
    {"000/text-dis-200", 0.03, 3},
    {"000/text-S.P.per-bounds", 0.06, 3},
    {"000/conj-C.bound", 0.26, 2},
    {"000/conj-piles-mirror", 0.11, 4},
    {"000/conj-piles-complement", 0.17, 3},
    {"000/conj-piles-4-zero-zero", 0.27, 3},
    {"000/conj-piles-growth", 0.09, 4},
    {"000/conj-graph-complement", 0.15, 4},
    {"001/lemma-3.4", 0.03, 3},
    {"001/lemma-3.5", 0.03, 3},
    {"001/lemma-3.6", 0.03, 3},
    {"001/thm-3.7", 0.05, 2},
    {"001/thm-4.4", 0.21, 3},
    {"001/lemma-5.2", 0.03, 3},
    {"001/thm-5.3", 0.06, 2},
    {"001/text-6.2", 0.05, 0},
    {"001/lemma-6.3", 0.05, 3},
    {"001/lemma-6.4", 0.05, 3},
    {"001/lemma-6.5", 0.03, 3},
    {"001/thm-7.1", 0.05, 3},
    {"001/thm-7.2", 0.06, 3},
    {"001/lemma-7.3", 0.05, 3},
    {"001/lemma-7.4", 0.03, 3},
    {"001/lemma-7.5", 0.03, 3},
    {"001/lemma-7.5.alt", 0.05, 3},
    {"001/text-listing-1", 0.03, 2},
    {"001/text-listing-2", 0.05, 3},
    {"001/text-listing-3", 0.02, 3},
    {"001/lemma-7.6", 0.05, 2},
    {"001/thm-7.7", 0.05, 3},
    {"001/lemma-7.8", 0.09, 2},
    {"001/thm-7.9", 0.06, 3},
    {"001/lemma-7.11", 0.03, 3},
    {"001/lemma-7.12", 0.08, 3},
    {"001/lemma-7.13", 0.03, 3},
    {"001/lemma-9.1", 0.05, 2},
    {"001/lemma-9.2", 0.05, 0},
    {"001/thm-9.3", 0.11, 3},
    {"001/thm-9.4", 0.09, 3},
    {"001/lemma-9.5", 0.03, 3},
    {"001/remark-4.5", 0.01, 3},
    {"001/text-5.one-pile", 0.01, 3},
    {"001/text-7.4-distinct", 0.01, 3},
    {"001/text-9.2-moves", 0.01, 0},
    {"002/text-1.2", 0.05, 3},
    {"002/thm-2.2", 0.06, 3},
    {"002/prop-2.1", 0.05, 3},
    {"002/lemma-2.3", 0.05, 3},
    {"002/conj-3.1", 0.05, 3},
    {"002/thm-4.1", 0.05, 3},
    {"002/thm-4.2", 0.03, 3},
    {"002/thm-4.3", 0.03, 3},
    {"002/prop-4.4", 0.02, 3},
    {"002/prop-4.5", 0.05, 3},
    {"002/prop-4.6", 0.05, 3},
    {"002/text-4.2", 0.03, 3},
    {"002/conj-3.2", 0.02, 0},
    {"002/conj-3.3", 0.03, 0},
    {"002/text-3.1-smallest", 0.01, 3},
    {"002/text-4.3-several", 0.19, 3},
    {"002/code-6.2", 0.05, 3},
    {"003/thm-1", 0.27, 3},
    {"003/prop-a", 0.05, 3},
    {"003/prop-b", 0.2, 3},
    {"003/prop-c", 0.03, 3},
    {"003/text-bouton-example", 0.03, 3},
    {"003/conj-gap", 0.2, 3},
    {"003/conj-position-3", 0.15, 3},
    {"003/conj-odd-k", 0.87, 2},
    {"003/conj-even-k", 0.65, 3},
    {"003/conj-four-rows", 0.33, 3},
    {"003/conj-five-rows", 0.27, 3},
    {"003/conj-four-a1", 0.12, 3},
    {"003/conj-four-equal", 0.12, 3},
    {"misere/nim-orders", 0.3, 3},
    {"misere/nim-T2", 0.01, 0},
    {"misere/kayles-K5", 0.01, 0},
    {"misere/dawson-30", 5.0, 4},
    {"misere/kayles-solved", 10.0, 3},
    {"misere/tame-quotients", 2.0, 3},
    {"misere/even-order", 5.0, 3},
    {"misere/dot75-R8", 0.2, 2},
    {"misere/quaternary-wild", 0.1, 2},
    {"misere/dot312-genus", 0.01, 0},
    {"004/thm-n3", 0.83, 2},
    {"004/text-case1-split", 0.83, 2},
    {"004/text-n2", 1.01, 2},
    {"004/table-n4", 0.03, 3},
    {"004/table-n4-d0", 0.03, 3},
    {"004/table-n4-d1", 0.05, 3},
    {"004/table-n4-d2", 0.05, 3},
    {"004/table-n4-d3", 0.06, 3},
    {"004/table-n4-d4", 0.06, 3},
    {"004/table-n4-d5", 0.05, 3},
    {"004/table-n4-d6", 0.05, 3},
    {"004/table-n4-d7", 0.03, 3},
    {"004/table-n4-d8", 0.06, 3},
    {"004/table-n4-d9", 0.06, 3},
    {"004/table-n4-d10", 0.03, 3},
    {"004/text-n4", 0.11, 3},
    /* octal: linear in the bound (the sparse engine); wall seconds on one core */
    {"octal/period-.16", 1.0, 1},
    {"octal/period-.56", 2.0, 1},
    {"octal/period-.127", 1.0, 1},
    {"octal/period-.376", 9.0, 1},
    {"octal/period-.354", 20.0, 1},
    {"octal/period-.1777", 1.0, 1},
    {"octal/grundy-game-open", 3.0, 1},
    {"octal/officers-open", 3.0, 1},
    {"octal/same-.161-.36", 0.05, 1},
};

double gr_claim_estimate(const gr_claim *c, uint64_t to)
{
    for (size_t i = 0; i < sizeof costs / sizeof costs[0]; i++) {
        if (strcmp(costs[i].id, c->id) != 0) continue;
        double s = costs[i].seconds > 1e-3 ? costs[i].seconds : 1e-3;
        if (!c->default_to || to <= c->default_to) return s;
        return s * pow((double)to / (double)c->default_to, costs[i].degree);
    }
    return -1;
}
