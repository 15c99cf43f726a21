"""check() and count() give what `grundy check/count --format json` gives."""
import pytest

import grundy
from conftest import as_int, cli_json


@pytest.mark.parametrize("which", ["000/thm-P", "004"])
def test_check(which):
    want = cli_json("check", which, "--to", 30, "--format", "json")
    got = grundy.check(which, to=30)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        cex = None if w["counterexample"] is None else tuple(w["counterexample"])
        assert g == dict(w, counterexample=cex)


def test_check_bound():
    assert grundy.check("000/thm-P", to=20)[0]["range"] != grundy.check("000/thm-P", to=30)[0]["range"]


@pytest.mark.parametrize("args,kw", [
    (["pairs", "--sum", 10**40 + 6, "--xor", 2], {"what": "pairs", "sum": 10**40 + 6, "xor": 2}),
    (["pairs", "--sum", 100, "--xor", 4, "--ordered", "--zero"],
     {"what": "pairs", "sum": 100, "xor": 4, "ordered": True, "zero": True}),
    (["zero-nim", "--sum", 2**200 + 2], {"what": "zero-nim", "sum": 2**200 + 2}),
    (["zero-nim", "--max-total", 10**30], {"what": "zero-nim", "max_total": 10**30}),
    (["no-carry", "--digits", 300, "--at-most"], {"what": "no-carry", "digits": 300, "at_most": True}),
])
def test_count(args, kw):
    want = cli_json("count", *args, "--format", "json")
    assert grundy.count(**kw) == as_int(want["count"])


def triples(rows):
    return [tuple(t) for t in rows]


@pytest.mark.parametrize("listed", [False, True])
def test_count_zero_graph(listed):
    flags = ["--list"] if listed else []
    want = cli_json("count", "zero-graph", "--sum", 100, *flags, "--format", "json")
    got = grundy.count("zero-graph", sum=100, list=listed)
    assert (got["sum"], got["count"]) == (100, 4)
    assert (got["sum"], got["count"]) == (int(want["sum"]), int(want["count"]))
    assert (got["moves"], got["components"], got["longest_chain"]) == (
        want["moves"], want["components"], want["longest_chain"])
    assert got["chain"] == triples(want["chain"])
    assert ("positions" in got) == listed
    if listed:
        assert [p["position"] for p in got["positions"]] == triples(p["position"] for p in want["positions"])
        assert [p["to"] for p in got["positions"]] == [triples(p["to"]) for p in want["positions"]]


def test_count_sharing_p():
    want = cli_json("count", "sharing-p", "--to", 200, "--format", "json")
    got = grundy.count("sharing-p", to=200)
    assert got == dict(want, rows=[tuple(r) for r in want["rows"]])
    # n = 9: four P-positions, three of them with every pile non-empty, beside floor(9/3) = 3
    assert got["rows"][9] == (9, 4, 3, 3)


def test_count_sharing_f():
    want = cli_json("count", "sharing-f", "--to", 300, "--format", "json")
    got = grundy.count("sharing-f", to=300)
    assert got == want
    assert got["f"][:5] == [0, 0, 1, 0, 0]


@pytest.mark.parametrize("kw,message", [
    ({"what": "zero-graph"}, "count zero-graph needs sum=S"),
    ({"what": "zero-graph", "sum": 2**64}, "count zero-graph: sum must be below 2^63 (the graph is built explicitly)"),
    ({"what": "zero-graph", "sum": 8190}, "total 8190 has 88573 zero nim-sum positions, more than the 30000 a graph is built for"),
    ({"what": "sharing-p"}, "count sharing-p needs to=N"),
    ({"what": "sharing-f", "to": 10**6}, "to=1000000: expected an integer from 0 to 262000"),
    ({"what": "sizes"}, "unknown count 'sizes'; expected pairs, zero-nim, no-carry, zero-graph, sharing-p or sharing-f"),
])
def test_count_refused(kw, message):
    with pytest.raises(ValueError) as e:
        grundy.count(**kw)
    assert str(e.value) == message
