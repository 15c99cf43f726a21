"""The misere quotient element on value() and moves(): the same dict as the
command line's (and the API's) "quotient" member, for the module's own
engines and for a saved quotient (quotient=)."""
import pytest

import grundy
from conftest import cli_json, run_cli

DAWSON = "tb:0.07"


@pytest.mark.parametrize("rules,pos", [(DAWSON, [14, 17, 20, 9]), (DAWSON, [3, 5]), ("tb:0.77", [5, 7, 9]),
                                       ("tb:0.75", [10**30, 3])])
def test_value_carries_the_element(rules, pos):
    v = grundy.value(rules, pos, "misere")
    cli = cli_json("value", rules, *pos, "--misere", "--format", "json")
    # the module keeps a game's engine between calls, whose quotient grows
    # as larger heaps come: the same quotient where it covers the same heaps
    assert v.quotient["heaps"] >= cli["quotient"]["heaps"]
    if v.quotient["heaps"] == cli["quotient"]["heaps"]:
        assert v.quotient == cli["quotient"]
    assert v.quotient["P"] == cli["quotient"]["P"]
    # the element's P flag is the answer's outcome
    assert v.quotient["P"] == (v.outcome == "P")
    # an attribute only: a Value still unpacks to four
    outcome, value, method, note = v
    assert (outcome, method) == (cli["outcome"], cli["method"])


def test_moves_carry_the_element_and_each_result_is_p():
    pos = [14, 17, 20, 9]
    m = grundy.moves(DAWSON, pos, "misere", winning=True)
    assert m.quotient == grundy.value(DAWSON, pos, "misere").quotient
    assert not m.quotient["P"] and len(m) > 0
    for mv in m:
        assert grundy.value(DAWSON, mv.result, "misere").quotient["P"]


def test_none_where_no_quotient():
    assert grundy.value(DAWSON, [14, 17], "normal").quotient is None
    assert grundy.moves(DAWSON, [14, 17]).quotient is None
    # Sharing Nim is no sum of heaps: no quotient
    assert grundy.value("sharing", [2, 3, 4], "misere").quotient is None


def test_saved_quotient(tmp_path):
    q = tmp_path / "dk.q"
    rc, _, err = run_cli("misere", DAWSON, "--quotient", "--to", 24, "--out", q)
    assert rc == 0, err
    pos = [16, 15, 14, 13, 12, 11]
    v = grundy.value(DAWSON, pos, "misere", quotient=str(q))
    cli = cli_json("value", DAWSON, *pos, "--misere", "--quotient", q, "--format", "json")
    assert v.quotient == cli["quotient"] and v.quotient["heaps"] == 24
    m = grundy.moves(DAWSON, pos, "misere", quotient=str(q))
    assert m.quotient == v.quotient
