/* Where the pretending function of an octal game's quotient is periodic,
 * the quotient of heaps 0..N is the quotient of all heaps.
 *
 * The test (the misere analogue of the octal periodicity theorem, proved
 * here for what the builder proves): let the game be octal with last digit
 * k (a move takes at most k tokens and leaves at most two heaps), and let
 * phi(n) = phi(n - p) for every n with n0 + p <= n <= N, where n0 >= 1 and
 * N >= 2 n0 + 2p + k - 1. Extend phi by phi(n) = phi(n - p) past N. For
 * n >= 2 n0 + 2p + k, the options of heap n and of heap n - p match one to
 * one with equal elements: leaving b = n - t becomes b - p, and leaving a
 * and b (a <= b) becomes a and b - p, since b >= (n - k) / 2 >= n0 + p puts
 * b - p at n0 or beyond (where phi repeats) and keeps it positive; the
 * converse map adds p to the larger part, which is at least
 * (n - p - k) / 2 >= n0. So heap n enters the builder's proof (qdfa.c) as
 * the same letter as heap n - p: the same element and the same set of
 * option elements. A letter equal to one already there adds no pair to the
 * proof's search, so the proof of heaps 0..N is a proof for heaps 0..n,
 * and by induction on n for every heap; no new heap tells two elements
 * apart either, so the quotient itself is unchanged. */
#include "grundy/misere.h"
#include "grundy/takebreak.h"

void gr_mquot_periodicity(gr_mquot *q, const gr_game *g)
{
    q->period = q->preperiod = 0;
    gr_tb_code c;
    int k;
    if (!gr_tb_code_of_heaps(g, &c) || !gr_tb_is_octal(&c, &k)) return;
    int N = q->heaps;
    for (int p = 1; 2 * p + k + 1 <= N; p++) {
        /* the smallest n0 from which phi repeats with period p up to N */
        int n = N;
        while (n - p >= 0 && q->phi[n] == q->phi[n - p]) n--;
        int n0 = n - p + 1;
        if (n0 < 1) n0 = 1;
        if (N >= 2 * n0 + 2 * p + k - 1) {
            q->period = p;
            q->preperiod = n0;
            return;
        }
    }
}

uint32_t gr_mquot_heap(const gr_mquot *q, uint64_t h)
{
    if (h <= (uint64_t)q->heaps || !q->period) return (uint32_t)h;
    uint64_t p = (uint64_t)q->period, over = h - (uint64_t)q->heaps;
    return (uint32_t)(h - p * ((over + p - 1) / p));
}
