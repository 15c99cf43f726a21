"""value() and moves() with method=, seq_file= and quotient=: the same
answers and the same refusals as `grundy value/moves --method --in
--quotient`, files made by the command line."""
import pytest

import grundy
from conftest import cli_json, cli_message, run_cli

KAYLES = "tb:0.77"


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("heapkeys")
    seq, quotient = d / "kayles.seq", d / "kayles.q"
    rc, _, err = run_cli("seq", KAYLES, "--to", 200, "--out", seq)
    assert rc == 0, err
    # Kayles' misere quotient is proved periodic by heap 170: it answers heaps of any size
    rc, _, err = run_cli("misere", KAYLES, "--quotient", "--to", 170, "--out", quotient)
    assert rc == 0, err
    return str(seq), str(quotient)


def same_value(py, cli):
    assert (py.outcome, py.value, py.method) == (cli["outcome"], cli["value"], cli["method"])


@pytest.mark.parametrize("pos", [[150, 30], [200, 199, 7], [71]])
def test_seq_file_value(files, pos):
    seq, _ = files
    v = grundy.value(KAYLES, pos, seq_file=seq)
    same_value(v, cli_json("value", KAYLES, *pos, "--in", seq, "--format", "json"))
    assert v.method == "nim-sequence, stored file"
    # the stored values are the computed ones
    assert v.value == grundy.value(KAYLES, pos).value


def test_seq_file_moves(files):
    seq, _ = files
    pos = [150, 31]
    m = grundy.moves(KAYLES, pos, seq_file=seq)
    cli = cli_json("moves", KAYLES, *pos, "--in", seq, "--format", "json")
    assert (m.method, m.listed, m.total_moves) == (cli["method"], cli["listed"], cli["total_moves"])
    assert m.method == "nim-sequence, stored file"
    assert [(x.kind, x.source, list(x.result), x.value, x.winning) for x in m] == \
        [(c["kind"], c["from"], c["result"], c["value"], c["winning"]) for c in cli["moves"]]
    assert any(x.winning for x in m) and all(x.value == 0 for x in m if x.winning)
    w = grundy.moves(KAYLES, pos, seq_file=seq, winning=True)
    assert [x.result for x in w] == [x.result for x in m if x.winning]


@pytest.mark.parametrize("method", ["sparse", "fast", "simple", "period", "search"])
def test_method(method):
    pos = [40, 21]
    v = grundy.value(KAYLES, pos, method=method)
    same_value(v, cli_json("value", KAYLES, *pos, "--method", method, "--format", "json"))
    assert v.value == grundy.value(KAYLES, pos).value


def test_method_moves():
    m = grundy.moves(KAYLES, [40, 21], method="sparse")
    cli = cli_json("moves", KAYLES, 40, 21, "--method", "sparse", "--format", "json")
    assert m.method == cli["method"] and len(m) == len(cli["moves"]) > 0


def test_quotient_value_and_moves(files):
    _, q = files
    pos = [1000, 2000, 7]
    v = grundy.value(KAYLES, pos, "misere", quotient=q)
    same_value(v, cli_json("value", KAYLES, *pos, "--misere", "--quotient", q, "--format", "json"))
    assert v.method == "misere quotient"
    m = grundy.moves(KAYLES, pos, "misere", quotient=q, winning=True)
    cli = cli_json("moves", KAYLES, *pos, "--misere", "--quotient", q, "--winning", "--format", "json")
    assert [list(x.result) for x in m] == [c["result"] for c in cli["moves"]]
    assert v.outcome == "N" and len(m) > 0
    # each winning move leaves a P-position, by the same quotient
    for x in m[:3]:
        assert grundy.value(KAYLES, x.result, "misere", quotient=q).outcome == "P"


def test_refusals_as_the_command_line(files):
    seq, q = files
    cases = [
        (dict(method="bogus"), ["--method", "bogus"], "method='bogus': expected auto, period, file"),
        (dict(seq_file=seq), ["--in", seq], "heap 300 is past it"),
        (dict(quotient=q), ["--quotient", q], "quotient=: a misere quotient answers misere play only"),
        (dict(seq_file=seq + ".none"), ["--in", seq + ".none"], "cannot open"),
    ]
    for kw, flags, words in cases:
        with pytest.raises(ValueError) as e:
            grundy.value(KAYLES, [150, 300], **kw)
        rc, _, err = run_cli("value", KAYLES, 150, 300, *flags)
        assert rc == 2 and words.split(":")[-1].strip() in cli_message(err)
        assert words in str(e.value)
    with pytest.raises(ValueError, match="not of nim"):
        grundy.value("nim", [3, 5], seq_file=seq)
    with pytest.raises(ValueError, match="seq_file=FILE"):
        grundy.moves(KAYLES, [3], method="file")
    with pytest.raises(ValueError, match="seq_file="):
        grundy.value(KAYLES, [3], seq_file="")
    with pytest.raises(TypeError):
        grundy.value(KAYLES, [3], method=3)


def test_file_method_with_file(files):
    seq, _ = files
    v = grundy.value(KAYLES, [150, 30], method="file", seq_file=seq)
    assert v.method == "nim-sequence, stored file" and v.outcome == "P"


@pytest.mark.parametrize("code,n", [("grundy-game", 6000), ("tb:0.6", 5000), ("tb:4.[3]", 1500)])
def test_seq_file_against_seq(tmp_path, code, n):
    """value() and moves() from a stored file equal seq() at each heap, and
    the XOR of the heaps' values for sums; heaps past the file are refused."""
    f = tmp_path / "g.seq"
    rc, _, err = run_cli("seq", code, "--to", n, "--out", f)
    assert rc == 0, err
    g = list(grundy.seq(code, n))
    assert len(g) == n + 1
    for h in (n, n - 1, n // 3, 7, 0):
        v = grundy.value(code, [h], seq_file=str(f))
        assert (v.value, v.method) == (g[h], "nim-sequence, stored file")
    for pos in ([n, n // 2, 3], [n, n], [n - 1, n // 7]):
        want = 0
        for h in pos:
            want ^= g[h]
        v = grundy.value(code, pos, seq_file=str(f))
        assert (v.value, v.outcome) == (want, "P" if want == 0 else "N")
        w = grundy.moves(code, pos, seq_file=str(f), winning=True)
        assert (len(w) > 0) == (want != 0)
        for x in w:
            left = 0
            for h in x.result:
                left ^= g[h]
            assert left == 0 and x.value == 0
    with pytest.raises(ValueError, match=rf"holds G\(0\.\.{n}\); heap {n + 1} is past it"):
        grundy.value(code, [n + 1], seq_file=str(f))
