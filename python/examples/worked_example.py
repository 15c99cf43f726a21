"""The worked example of docs/python.md, as one script: Grundy's game and its
rare values, then the three-pile Sharing Nim table as a picture.

    PYTHONPATH=build/python python3 python/examples/worked_example.py [OUTDIR]

Writes OUTDIR/python-grundy-game.png and OUTDIR/python-sharing-table.png
(OUTDIR defaults to docs/img) and prints what docs/python.md shows."""
import collections
import pathlib
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import grundy  # noqa: E402

out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "docs/img")

# 1. Grundy's game: split one heap into two unequal heaps.
N = 50000
s = grundy.seq("grundy-game", N)
g = np.asarray(s)                      # no copy: the array reads the module's buffer
print(s, "by the", s.method, "method")
print("G(0..29) =", g[:30].tolist())

# 2. Its rare values. Under a bit mask m, a value v is rare when
#    popcount(v & m) is even; the sparse-space method (and `grundy seq --rare`)
#    takes the mask that makes fewest heaps rare. The same choice in numpy:
def popcount(a):
    a, c = a.astype(np.int64), np.zeros(a.shape, np.int64)
    while a.any():
        c += a & 1
        a >>= 1
    return c


masks = range(1, 1 << int(g.max()).bit_length())
rare_count = {m: int(np.count_nonzero(popcount(g[1:] & m) % 2 == 0)) for m in masks}
mask = min(masks, key=lambda m: (rare_count[m], m))
is_rare = popcount(g & mask) % 2 == 0
heaps = np.flatnonzero(is_rare[1:]) + 1
print(f"mask {mask:#x}: {len(heaps)} rare heaps in 1..{N}, the last {heaps[-1]}")
print("rare values:", sorted(set(g[heaps].tolist()))[:16], "...")

#    The rare values occur at a few heaps, all of them small, and then never
#    again; the common values keep coming back.
count = collections.Counter(g.tolist())
last = {v: int(np.flatnonzero(g == v)[-1]) for v in count}
for v in sorted(set(g[heaps].tolist()))[:8]:
    print(f"  value {v:3}: {count[v]:3} heaps, the last {last[v]}")
print("P-positions (value 0):", np.flatnonzero(g == 0).tolist()[-6:], "... none after", last[0])
rare = sorted(set(g[heaps].tolist()))

# 3. The period, if any, with its certificate.
p = grundy.period("grundy-game", 5000)
print("period found up to 5000:", p["found"])

fig, ax = plt.subplots(figsize=(8, 3.2), dpi=100)
x = np.arange(len(g))
common = ~np.isin(g, rare)
ax.scatter(x[common], g[common], s=0.3, color="0.55", label="common values")
ax.scatter(x[~common], g[~common], s=6, color="crimson", label="rare values")
ax.set_xlabel("heap size x")
ax.set_ylabel("G(x)")
ax.set_title("Grundy's game: the nim-sequence to 50 000")
ax.legend(loc="upper left", markerscale=4)
fig.tight_layout()
fig.savefig(out / "python-grundy-game.png")

# 4. Three-pile Sharing Nim: t[a][b] = G(0, a, b), a 2-D buffer.
n = 400
t = np.asarray(grundy.table("sharing", n))
print("table shape", t.shape, "largest value", t.max(), "P-positions (0,a,b), a <= b:",
      int(np.count_nonzero(np.triu(t == 0))))
fig, ax = plt.subplots(figsize=(5.6, 5), dpi=100)
im = ax.imshow(t, origin="lower", cmap="magma", interpolation="nearest")
ax.set_xlabel("b")
ax.set_ylabel("a")
ax.set_title("Sharing Nim: G(0, a, b)")
fig.colorbar(im, ax=ax, shrink=0.8)
fig.tight_layout()
fig.savefig(out / "python-sharing-table.png")
