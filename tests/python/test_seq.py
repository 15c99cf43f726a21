"""seq(), period() and table() agree with `grundy seq/table --format json`
element by element, and their buffers are shared, not copied."""
import array

import pytest

import grundy
from conftest import cli_json

HEAP_GAMES = ["nim", "tb:0.77", "tb:0.07", "tb:4.007", "split", "split:parts=2", "grundy-game", "subtraction:1,3,4"]


@pytest.mark.parametrize("rules", HEAP_GAMES)
def test_nim_sequence(rules):
    want = cli_json("seq", rules, "--to", 300, "--format", "json", "--period")
    s = grundy.seq(rules, 300)
    assert len(s) == 301 and s.start == 0
    assert list(s) == want["values"]
    assert s.method == want["method"]
    p = grundy.period(rules, 300)
    assert p == want["period"]


def test_start_and_method():
    want = cli_json("seq", "tb:0.77", "--from", 50, "--to", 120, "--method", "simple", "--format", "json")
    s = grundy.seq("tb:0.77", 120, start=50, method="simple")
    assert s.start == 50 and list(s) == want["values"] and s.method == "simple"


@pytest.mark.parametrize("flag,kw", [([], {}), (["--row", 3], {"row": 3}), (["--diagonal", 2], {"diagonal": 2})])
def test_sharing_rows(flag, kw):
    want = cli_json("seq", "sharing", *flag, "--to", 200, "--format", "json")
    s = grundy.seq("sharing", 200, **kw)
    assert s.start == want["from"]
    assert list(s) == want["values"]


def test_player_classes():
    want = cli_json("seq", "subtraction:1,3,4", "--players", 3, "--to", 500, "--format", "json", "--period")
    s = grundy.seq("subtraction:1,3,4", 500, players=3)
    assert list(s) == want["classes"]
    p = grundy.period("subtraction:1,3,4", 10**6, players=3)
    assert {k: p[k] for k in ("period", "preperiod", "window", "certified")} == want["period"]


def test_table():
    n = 40
    want = cli_json("table", "sharing", "--max", n, "--format", "json")["rows"]
    t = grundy.table("sharing", n)
    assert t.shape == (n + 1, n + 1)
    rows = t.tolist()
    for b, row in enumerate(want):
        for a, v in enumerate(row):
            assert rows[a][b] == v and rows[b][a] == v


def test_buffer_without_numpy():
    s = grundy.seq("tb:0.77", 100)
    m = memoryview(s)
    assert (m.format, m.itemsize, m.shape, m.readonly) == ("I", 4, (101,), True)
    assert array.array("I", s).tolist() == list(s) == m.tolist() == s.tolist()
    assert memoryview(s).cast("B").tobytes() == array.array("I", s).tobytes()
    with pytest.raises(IndexError):
        s[101]
    t = grundy.table("sharing", 6)
    assert memoryview(t).shape == (7, 7)
    assert t[2] == tuple(t.tolist()[2])


def test_numpy_zero_copy():
    np = pytest.importorskip("numpy")
    s = grundy.seq("grundy-game", 2000)
    a = np.asarray(s)
    assert a.dtype == np.uint32 and a.shape == (2001,)
    assert a.tolist() == list(s)
    assert not a.flags.writeable
    b = np.asarray(s)
    assert a.__array_interface__["data"][0] == b.__array_interface__["data"][0]
    del s  # the array keeps the buffer alive
    assert int(a[2000]) == int(b[2000])
    t = np.asarray(grundy.table("sharing", 30))
    assert t.shape == (31, 31) and (t == t.T).all()


def test_long_sequences_by_the_sparse_method():
    """From 50 000 heaps on, codes whose moves leave at most two heaps go to the
    sparse-space method, as on the command line, with the same period; a code
    whose period is certified within 2^20 heaps is answered from it."""
    want = cli_json("seq", "tb:0.6", "--to", 60000, "--format", "json", "--period")
    s = grundy.seq("tb:0.6", 60000)
    assert s.method == want["method"] == "sparse"
    assert list(s) == want["values"]
    assert grundy.period("tb:0.6", 60000) == want["period"]
    want = cli_json("seq", "tb:0.77", "--to", 60000, "--format", "json", "--period")
    s = grundy.seq("tb:0.77", 60000)
    assert s.method == want["method"] == "certified period"
    assert list(s) == want["values"]
    assert list(grundy.seq("grundy-game", 3000, method="sparse")) == list(grundy.seq("grundy-game", 3000))
    with pytest.raises(ValueError, match="the sparse method does not cover split"):
        grundy.seq("split", 10, method="sparse")
