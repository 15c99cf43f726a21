"""moves() under misere play on heaps past the quotient's bound: the same
listing as `grundy moves --misere` within the walk of normal play (winning
moves only past 10^6 moves, each leaving a P-position), and the same refusal
past 10^8 moves, naming value and play."""
import pytest

import grundy
from conftest import cli_json, cli_message, run_cli

CODE = "tb:0.75"


def test_winning_moves_of_a_big_heap():
    pos = [2000000, 5]
    m = grundy.moves(CODE, pos, "misere")
    cli = cli_json("moves", CODE, *pos, "--misere", "--format", "json")
    assert [list(x.result) for x in m] == [c["result"] for c in cli["moves"]]
    assert m.method == "misere quotient" and len(m) > 0
    for x in m:
        assert grundy.value(CODE, x.result, "misere").outcome == "P"


def test_refused_past_the_walk():
    pos = [10**12, 5]
    with pytest.raises(grundy.LimitError) as e:
        grundy.moves(CODE, pos, "misere")
    rc, _, err = run_cli("moves", CODE, *pos, "--misere")
    assert rc == 3 and cli_message(err) in str(e.value)
    assert "'grundy value' gives the value" in cli_message(err)
