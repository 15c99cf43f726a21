"""moves(..., block=k / block_position=k) gives the blocker's strategy that
`grundy moves --block k --format json` gives, from the same engine call."""
import pytest

import grundy
from conftest import cli_json

BIG = 10**20


@pytest.mark.parametrize("rules,pos,kw,flags", [
    ("nim", [1, 2, 3], {"block": 1}, ["--block", "1"]),
    ("nim", [1, 2, 4], {"block": 1}, ["--block", "1"]),
    ("nim", [3, 5, 7], {"block": 2}, ["--block", "2"]),
    ("nim", [3, 5, 7], {"block_position": 1}, ["--block-position", "1"]),
    ("nim", [2, 2], {"block_position": 1}, ["--block-position", "1"]),
    ("nim", [1], {"block": 1}, ["--block", "1"]),
    ("sharing", [0, 3, 5], {"block_position": 2}, ["--block-position", "2"]),
    ("kim", [2, 4, 5], {"block": 1}, ["--block", "1"]),
    ("subtraction:1,3,4", [7, 9], {"block_position": 1}, ["--block-position", "1"]),
    # beyond search: Theorem 1 of seed 003 lists the winning moves, and at a
    # P-position the one move to P the blocker must forbid
    ("nim", [BIG, BIG + 1, 2 * BIG + 2], {"block": 1}, ["--block", "1"]),
    ("nim", [BIG, BIG + 1, 2 * BIG + 5], {"block": 1}, ["--block", "1"]),
])
def test_strategy_agrees(rules, pos, kw, flags):
    want = cli_json("moves", rules, *pos, *flags, "--format", "json")
    got = grundy.moves(rules, pos, **kw)
    assert got.blocking == want["blocking"]
    assert (got.listed, got.total_moves, got.method) == (want["listed"], int(want["total_moves"]), want["method"])


def test_blocker_wins():
    """(1,2,4) is P under block=1: the one move to P is the ban."""
    b = grundy.moves("nim", [1, 2, 4], block=1).blocking
    assert b == {"rule": "block", "k": 1, "p_options": 1, "forbid": ["take 4 from pile 2"], "mover_wins": False,
                 "all_forbidden": False, "replies": []}


def test_mover_replies():
    """(1,2,3) is N under block=1: three moves to P, so each ban has a reply."""
    b = grundy.moves("nim", [1, 2, 3], block=1).blocking
    assert b["mover_wins"] and b["p_options"] == 3 and b["forbid"] == []
    assert b["replies"] == [
        {"forbidden": "take 1 from pile 0", "play": "take 1 from pile 1", "result": "1 1 3"},
        {"forbidden": "take 1 from pile 1", "play": "take 1 from pile 0", "result": "0 2 3"},
        {"forbidden": "take 3 from pile 2", "play": "take 1 from pile 0", "result": "0 2 3"},
    ]


def test_all_forbidden():
    """One heap of 1 has one move: block=1 forbids it and the mover has lost."""
    got = grundy.moves("nim", [1], block=1)
    assert got.blocking["all_forbidden"] and not got.blocking["mover_wins"]
    assert grundy.value("nim", [1], block=1).outcome == "P"


def test_huge_position():
    got = grundy.moves("nim", [BIG, BIG + 1, 2 * BIG + 2], block=1)
    assert got.listed == "winning" and len(got) == 0
    assert got.total_moves == 4 * BIG + 3
    assert got.blocking["forbid"] == [f"take {2 * BIG + 2} from pile 2"]


def test_no_blocking_elsewhere():
    got = grundy.moves("nim", [1, 2, 3])
    assert got.blocking is None
    assert isinstance(got, list) and got == list(got)
    assert (got.listed, got.total_moves) == ("all", 6)
