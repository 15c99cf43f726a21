"""What the module takes and refuses: no half-made Game, positions of the
documented types only, int arguments out of range as ValueError naming the
argument, and ints of any size in and out whatever Python's digit limit."""
import array
import copy
import pickle
import subprocess
import sys

import pytest

import grundy

VERBS_ON_A_GAME = """
import grundy
G = grundy.Game
try:
    G.__new__(G)
except TypeError:
    print("refused")
else:
    print("made")
    g = G.__new__(G)
    for call in (lambda: grundy.value(g, [1, 2]), lambda: grundy.moves(g, [1, 2]), lambda: grundy.seq(g, 5),
                 lambda: grundy.period(g, 5), lambda: grundy.table(g, 5), lambda: repr(g), lambda: g.name,
                 lambda: g.spec, lambda: g.piles, lambda: g.flags):
        try:
            call()
        except (TypeError, ValueError):
            pass
print("alive")
"""


def test_half_made_game():
    # in a child: a regression here is a segfault, not a failed assert
    p = subprocess.run([sys.executable, "-c", VERBS_ON_A_GAME], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == ["refused", "alive"]
    with pytest.raises(TypeError):
        grundy.Game()
    with pytest.raises(ValueError):
        grundy.Game("nim\x00")


def test_game_new_with_rules_is_whole():
    g = grundy.Game.__new__(grundy.Game, "sharing:piles=4")
    assert (g.name, g.spec, g.piles) == ("sharing", "sharing:piles=4", 4)
    assert grundy.value(g, [1, 2, 3, 4]) == grundy.value("sharing:piles=4", [1, 2, 3, 4])


def test_game_copies_and_pickles():
    g = grundy.Game("kim:reading=R3")
    for h in (copy.copy(g), copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert type(h) is grundy.Game and h.spec == g.spec and h is not g
        assert grundy.value(h, [2, 3, 4]).outcome == "draw"


# ---- positions ----

def test_positions_accepted():
    want = grundy.value("nim", [3, 5, 6])
    assert want.value == 0
    for pos in ([3, 5, 6], (3, 5, 6), "3 5 6", "3,5,6", " 3, 5 ,6 ",
                array.array("q", [3, 5, 6])):
        assert grundy.value("nim", pos) == want, pos
    assert grundy.value("nim", range(1, 4)).value == 0          # 1 ^ 2 ^ 3
    assert grundy.value("nim", 7).value == 7                    # one int: one heap


def test_numpy_integers_are_ints():
    np = pytest.importorskip("numpy")
    assert grundy.value("nim", np.array([3, 5, 6])).value == 0
    assert grundy.value("nim", np.int64(9)).value == 9


@pytest.mark.parametrize("pos,word", [
    (b"3 5", "bytes"), (bytearray(b"3 5"), "bytes"), (memoryview(b"3 5"), "bytes"),
    ({3, 5}, "set"), (frozenset({3, 5}), "set"), ({3: 5}, "mapping"),
    (True, "bool"), ([True, 2], "bool"), ([1, False], "bool"),
    ([1, 2.0], "float"), (3.0, "float"), (None, "NoneType"), (iter([1, 2]), "list_iterator"),
])
def test_positions_refused_by_type(pos, word):
    with pytest.raises(TypeError, match=word):
        grundy.value("nim", pos)
    with pytest.raises(TypeError):
        grundy.moves("nim", pos)


@pytest.mark.parametrize("text", ["1\x002", "1\x00", "\x001 2", "1,\x002"])
def test_nul_refused(text):
    with pytest.raises(ValueError, match="NUL"):
        grundy.value("nim", text)


# ---- int arguments out of range ----

HUGE = 10 ** 30

OUT_OF_RANGE = [
    ("players", lambda v: grundy.value("nim", [1, 2], players=v)),
    ("block", lambda v: grundy.value("nim", [1, 2], block=v)),
    ("block_position", lambda v: grundy.moves("nim", [1, 2], block_position=v)),
    ("players", lambda v: grundy.seq("subtraction:1,2", 10, players=v)),
    ("n", lambda v: grundy.seq("nim", v)),
    ("start", lambda v: grundy.seq("nim", 10, start=v)),
    ("row", lambda v: grundy.seq("sharing", 10, row=v)),
    ("diagonal", lambda v: grundy.seq("sharing", 10, diagonal=v)),
    ("n", lambda v: grundy.period("nim", v)),
    ("n", lambda v: grundy.table("sharing", v)),
    ("to", lambda v: grundy.check("000", to=v)),
    ("digits", lambda v: grundy.count("no-carry", digits=v)),
    ("to", lambda v: grundy.count("sharing-p", to=v)),
    ("max_memory", lambda v: grundy.value("nim", [1], max_memory=v ** 14)),
    ("max_seconds", lambda v: grundy.value("nim", [1], max_seconds=v ** 14)),
]


@pytest.mark.parametrize("name,call", OUT_OF_RANGE, ids=[f"{i}-{n}" for i, (n, _) in enumerate(OUT_OF_RANGE)])
@pytest.mark.parametrize("value", [HUGE, -HUGE])
def test_int_out_of_range_is_value_error(name, call, value):
    with pytest.raises(ValueError) as e:
        call(value)
    assert not isinstance(e.value, OverflowError)
    assert str(e.value).startswith(name), str(e.value)


def test_int_arguments_take_no_bool_or_float():
    with pytest.raises(TypeError, match="players"):
        grundy.value("nim", [1, 2], players=True)
    with pytest.raises(TypeError, match="n: expected an int"):
        grundy.seq("nim", 10.0)
    with pytest.raises(TypeError, match="sum"):
        grundy.count("pairs", sum=3.0, xor=1)
    with pytest.raises(ValueError, match="sum: expected a non-negative"):
        grundy.count("pairs", sum=-HUGE, xor=1)


# ---- ints of any size, whatever Python's digit limit ----

@pytest.fixture
def digit_limit():
    """Python's default limit on int-to-decimal conversion, in force."""
    if not hasattr(sys, "set_int_max_str_digits"):
        pytest.skip("this Python has no int-to-str digit limit")
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(4300)
    yield
    sys.set_int_max_str_digits(old)


def test_huge_piles_in_and_out(digit_limit):
    x = 10 ** 5000
    with pytest.raises(ValueError):
        str(x)                                    # the limit is in force
    assert grundy.value("nim", [x, 3]).value == x ^ 3
    assert grundy.value("nim", [x, x]).value == 0
    y = 7 ** 9000 + 12345
    assert grundy.value("nim", (x, y)).value == x ^ y
    moves = grundy.moves("nim", [x, x + 1], winning=True)
    assert [(m.kind, m.source, m.amount, m.result) for m in moves] == [("take", 1, 1, (x, x))]
    assert grundy.count("pairs", sum=2 * x, xor=0) == grundy.count("pairs", sum=20, xor=0)


@pytest.mark.parametrize("v", [2 ** 62, 2 ** 63 - 1, 2 ** 63, 2 ** 64 - 1, 2 ** 64, 2 ** 64 + 1, 2 ** 127, 2 ** 521 - 1])
def test_word_edges(v):
    assert grundy.value("nim", [v]).value == v
    assert grundy.value("nim", [v, 1]).value == v ^ 1
    win = grundy.moves("nim", [v, 0], winning=True)
    assert win.total_moves == v
    assert [(m.amount, m.result) for m in win] == [(v, (0, 0))]
    assert grundy.count("pairs", sum=2 * v, xor=0) == 1


def test_huge_negative_pile(digit_limit):
    with pytest.raises(ValueError, match="negative"):
        grundy.value("nim", [3, -10 ** 5000])
