"""value() and moves() agree with `grundy value/moves --format json` on random
positions of every ruleset under every outcome rule; where the command line
refuses, the module raises ValueError with the same message."""
import functools
import json
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

import grundy
from conftest import REFUSED, as_int, cli_message, python_words, run_cli

# (rules, piles, largest pile): small enough for search under every rule.
GAMES = [
    ("nim", 3, 9),
    ("sharing", 3, 10),
    ("sharing:piles=4", 4, 4),
    ("sharing:graph=0>1/1>2/2>0", 3, 5),
    ("kim", 3, 5),
    ("kim:reading=R3", 3, 3),
    ("subtraction:1,3,4", 2, 20),
    ("split", 2, 9),
    ("split:parts=2", 2, 9),
    ("tb:0.77", 2, 25),
    ("grundy-game", 2, 15),
]

# command-line flags and the keywords that mean the same
OUTCOMES = [
    ([], {}),
    (["--misere"], {"outcome": "misere"}),
    (["--players", "3"], {"players": 3}),
    (["--block", "1"], {"block": 1}),
    (["--block-position", "1"], {"block_position": 1}),
]


def positions():
    """Two random positions per ruleset under normal play, one under the others."""
    rnd = random.Random(18)
    for rules, piles, top in GAMES:
        for flags, kw in OUTCOMES:
            for _ in range(1 if flags else 2):
                yield rules, [rnd.randint(0, top) for _ in range(piles)], flags, kw


CASES = [pytest.param(*c, id=f"{c[0]}-{'_'.join(c[2]) or 'normal'}-{c[1]}") for c in positions()]


def cli_run(verb, rules, pos, flags):
    rc, out, err = run_cli(verb, rules, *pos, *flags, "--format", "json")
    if rc == 0:
        return json.loads(out), None
    # bad input (exit 2) or a refusal by a limit (exit 3)
    assert rc in (2, REFUSED), err
    return None, (python_words(cli_message(err)), grundy.LimitError if rc == REFUSED else ValueError)


@functools.lru_cache(maxsize=None)
def cli_answers():
    """Every command-line answer, run a few at a time (starting a process is
    most of their cost)."""
    jobs = [(verb, c[0], tuple(c[1]), tuple(c[2])) for c in positions() for verb in ("value", "moves")]
    with ThreadPoolExecutor(6) as pool:
        return dict(zip(jobs, pool.map(lambda j: cli_run(*j), jobs)))


def cli_or_message(verb, rules, pos, flags):
    return cli_answers()[(verb, rules, tuple(pos), tuple(flags))]


@pytest.mark.parametrize("rules,pos,flags,kw", CASES)
def test_value_agrees(rules, pos, flags, kw):
    want, message = cli_or_message("value", rules, pos, flags)
    if message is not None:
        with pytest.raises(ValueError) as e:
            grundy.value(rules, pos, **kw)
        assert (str(e.value), type(e.value)) == message
        return
    got = grundy.value(rules, pos, **kw)
    assert got.outcome == want["outcome"]
    assert got.value == as_int(want["value"])
    assert got.method == want["method"]
    assert (got.note is not None) == ("note" in want)


@pytest.mark.parametrize("rules,pos,flags,kw", CASES)
def test_moves_agree(rules, pos, flags, kw):
    want, message = cli_or_message("moves", rules, pos, flags)
    if message is not None:
        with pytest.raises(ValueError) as e:
            grundy.moves(rules, pos, **kw)
        assert (str(e.value), type(e.value)) == message
        return
    got = grundy.moves(grundy.Game(rules), pos, **kw)
    assert len(got) == len(want["moves"])
    for m, w in zip(got, want["moves"]):
        assert m.kind == w["kind"]
        assert m.source == w["from"]
        assert m.target == w.get("to")
        assert m.amount == as_int(w["amount"])
        assert list(m.result) == [as_int(x) for x in w["result"]]
        assert m.outcome == w["outcome"]
        assert m.value == as_int(w["value"])
        assert m.winning == w["winning"]
    assert (got.listed, got.total_moves, got.method) == (want["listed"], as_int(want["total_moves"]), want["method"])
    # under block/block_position the blocker's strategy, as the command line gives it
    assert got.blocking == want.get("blocking")


def test_winning_only():
    every = grundy.moves("sharing", [3, 5, 9])
    winning = grundy.moves("sharing", [3, 5, 9], winning=True)
    assert winning == [m for m in every if m.winning]
    assert [m.result for m in winning] == [(4, 4, 9), (6, 5, 6), (3, 7, 7)]


def test_position_forms():
    """A list, a tuple, a string and (for one heap) an int are the same position."""
    a = grundy.value("nim", [3, 5, 9])
    assert grundy.value("nim", (3, 5, 9)) == a
    assert grundy.value("nim", "3 5 9") == a
    assert grundy.value("nim", "3,5,9") == a
    assert grundy.value("tb:0.77", 12) == grundy.value("tb:0.77", [12])


def test_game_object():
    g = grundy.Game("sharing:piles=4")
    assert (g.spec, g.name, g.piles) == ("sharing:piles=4", "sharing", 4)
    assert "conserves-total" in g.flags
    assert repr(g) == "Game('sharing:piles=4')"
    assert grundy.Game("split").flags == ("heaps",)
    assert grundy.value(g, [1, 2, 3, 4]) == grundy.value("sharing:piles=4", [1, 2, 3, 4])


def test_games_listing():
    want = json.loads(run_cli("games", "--format", "json")[1])
    got = grundy.games()
    assert [g["name"] for g in got] == [g["name"] for g in want]
    # the layer's reply converted: every field and value the command line prints
    assert got == want
    nim = next(g for g in got if g["name"] == "nim")
    assert nim["moves"][0]["kind"] == "take" and nim["unit"] == "pile"
    assert {r["name"] for r in nim["outcome_rules"]} >= {"normal", "misere", "players"}


def test_threads_share_a_game():
    """Threads calling value() on one Game at once get the answers one thread gets
    (a busy Game lends a fresh engine instead of its own)."""
    import threading
    g = grundy.Game("sharing")
    positions = [[a, b, c] for a in range(0, 6) for b in range(a, 9) for c in range(b, 14, 3)]
    want = [grundy.value(grundy.Game("sharing"), p) for p in positions]
    got = {}

    def work(k):
        got[k] = [grundy.value(g, p) for p in positions]
    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(got[k] == want for k in range(4))
