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
