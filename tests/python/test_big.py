"""Positions of any size go in and come back exact."""
import random

import grundy
from conftest import as_int, cli_json


def digits(rnd, n):
    return int(str(rnd.randint(1, 9)) + "".join(str(rnd.randint(0, 9)) for _ in range(n - 1)))


def test_sharing_1000_digits():
    rnd = random.Random(1000)
    x = digits(rnd, 1000)
    for pos in ([x, x + 17, 2 * x + 5], [x, x + 1, x + 2], [x, 3 * x, 5 * x + 1]):
        text = " ".join(map(str, pos))
        want = cli_json("value", "sharing", "-", "--format", "json", stdin=text)
        got = grundy.value("sharing", pos)
        assert (got.outcome, got.value, got.method) == (want["outcome"], as_int(want["value"]), want["method"])
        assert [as_int(p) for p in want["position"]] == pos
        assert grundy.value("sharing", text) == got
        moves = cli_json("moves", "sharing", "-", "--format", "json", stdin=text)["moves"]
        mine = grundy.moves("sharing", pos)
        assert [list(m.result) for m in mine] == [[as_int(p) for p in w["result"]] for w in moves]
        assert [m.amount for m in mine] == [as_int(w["amount"]) for w in moves]
        for m in mine:
            assert sum(m.result) == sum(pos)
            assert grundy.value("sharing", m.result).outcome == m.outcome


def test_nim_value_exact():
    big = 7 ** 2000
    got = grundy.value("nim", [big, 12345, big ^ 12345 ^ 99])
    assert got.value == 99 and got.outcome == "N"
    assert grundy.value("nim", [big, big]).value == 0
