#!/usr/bin/env python3
"""The parallelism the tier solver's steps leave in one chain, counted, not run.

Step d computes the blocks (t, d) of every tier t of a chain: the positions
of tier t whose largest (canonical) pile is d, i.e. the partitions of t - d
into at most n - 2 parts each <= d (docs/tiers.md, "Steps of the largest
pile"). A step on P threads takes at least its biggest block and at least its
positions / P; summing that over the steps of the longest chain bounds the
speed-up on P threads. A projection: memory and barriers are left out.

    python3 bench/tier_steps_bound.py n T      (n = 4 or 5)
    python3 bench/tier_steps_bound.py --schedules n T

--schedules models the two schedules the solver has run (still no memory,
no finisher): a block costs its positions plus 8, thread b keeps the tiers
of index i = b mod P and works them lower tiers first, step after step;
with a barrier every step waits for its slowest thread, without one a block
(t, d) starts once its thread is free and every lower tier is through step
d - 1 (docs/tiers.md, "Steps without a barrier").
"""
import sys


def pairs_at_most(s, d):
    """Partitions of s into at most 2 parts, each <= d."""
    if s < 0:
        return 0
    return max(0, min(s, d) - (s + 1) // 2 + 1)


def block_size(n, T):
    """size(t, d): partitions of t - d into at most n - 2 parts each <= d."""
    if n == 4:
        return lambda t, d: pairs_at_most(t - d, d)
    if n == 5:
        # F[s][d]: partitions of s into at most 3 parts each <= d, by the largest part
        F = [[0] * (T + 1) for _ in range(T + 1)]
        for s in range(T + 1):
            acc = 0
            for d in range(T + 1):
                if (s + 2) // 3 <= d <= s:
                    acc += pairs_at_most(s - d, d)
                F[s][d] = acc if s > 0 else 1
        return lambda t, d: F[t - d][d] if 0 <= t - d <= T else 0
    raise SystemExit("n must be 4 or 5")


def schedules(n, T):
    size = block_size(n, T)
    tiers = list(range(T % n, T + 1, n))
    total = sum(size(t, d) for t in tiers for d in range(t + 1))
    for p in (4, 8, 16):
        free = [0.0] * p
        prev = [0.0] * len(tiers)   # finish of each tier's latest block
        barrier = 0.0
        for d in range(T + 1):
            cur, below, loads = prev[:], 0.0, [0.0] * p
            for i, t in enumerate(tiers):
                s = size(t, d) if t >= d else 0
                if s:
                    b = i % p
                    free[b] = max(free[b], below) + s + 8
                    cur[i] = free[b]
                    loads[b] += s + 8
                below = max(below, prev[i])
            prev = cur
            barrier += max(loads)
        print(f"  {p:2d} threads: {total / max(free):.2f}x without a barrier, {total / barrier:.2f}x with one")


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--schedules":
        schedules(int(sys.argv[2]), int(sys.argv[3]))
        return
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    n, T = int(sys.argv[1]), int(sys.argv[2])
    size = block_size(n, T)
    tiers = range(T % n, T + 1, n)   # the longest chain
    steps = []
    for d in range(T + 1):
        blocks = [b for b in (size(t, d) for t in tiers if t >= d) if b]
        if blocks:
            steps.append(blocks)
    work = sum(sum(b) for b in steps)
    print(f"{n} piles to {T}, chain {T % n}: {work} positions, {len(steps)} steps, "
          f"{sum(len(b) for b in steps)} blocks, biggest {max(max(b) for b in steps)}")
    for p in (2, 4, 8, 16, 32):
        bound = sum(max(max(b), sum(b) / p) for b in steps)
        print(f"  {p:2d} threads: at most {work / bound:.2f}x")


if __name__ == "__main__":
    main()
