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

# 2. Its rare values: values that occur at a few heaps, all of them small,
#    and then never again (the common values keep coming back).
count = collections.Counter(g.tolist())
last = {v: int(np.flatnonzero(g == v)[-1]) for v in count}
rare = sorted(v for v in count if count[v] < 100 and last[v] < N // 2)
print(f"{len(count)} distinct values, largest {g.max()}; {len(rare)} rare ones "
      f"(fewer than 100 heaps, none past {N // 2}):")
for v in rare[:12]:
    print(f"  value {v:3}: {count[v]:3} heaps, the last {last[v]}")
print("P-positions (value 0):", np.flatnonzero(g == 0).tolist()[-6:], "... none after", last[0])

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
