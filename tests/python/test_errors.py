"""Bad input raises the right exception with the command line's message and
leaves the interpreter usable."""
import pytest

import grundy
from conftest import cli_message, run_cli


def cli_says(*args):
    rc, _, err = run_cli(*args)
    assert rc == 2
    return cli_message(err)


@pytest.mark.parametrize("rules", ["bogus", "sharing:piles=1", "kim:reading=R9", "subtraction:", "tb:zz",
                                   "sharing:graph=0>7", "split:parts=0"])
def test_bad_rules(rules):
    message = cli_says("value", rules, "1", "2", "3")
    try:
        grundy.Game(rules)
    except ValueError as e:
        assert str(e) == message
    with pytest.raises(ValueError) as e:
        grundy.value(rules, [1, 2, 3])
    assert str(e.value) == message


@pytest.mark.parametrize("rules,pos", [("nim", "3 x 5"), ("nim", "3 -5"), ("sharing:piles=4", "1 2 3"),
                                       ("sharing", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 "
                                                   "24 25 26 27 28 29 30 31 32 33 34")])
def test_bad_positions(rules, pos):
    message = cli_says("value", rules, pos)
    with pytest.raises(ValueError) as e:
        grundy.value(rules, pos)
    assert str(e.value) == message


def test_negative_int_pile():
    message = cli_says("value", "nim", "3", "-5")
    with pytest.raises(ValueError) as e:
        grundy.value("nim", [3, -5])
    assert str(e.value) == message


def test_bad_outcomes():
    # the command line names its flag, the module its keyword; the rule is the same
    assert "from 2 to 26" in cli_says("value", "nim", "1", "2", "--players", "30")
    with pytest.raises(ValueError, match="from 2 to 26"):
        grundy.value("nim", [1, 2], players=30)
    with pytest.raises(ValueError, match="choose one outcome rule"):
        grundy.value("nim", [1, 2], players=3, block=1)
    with pytest.raises(ValueError):
        grundy.value("nim", [1, 2], outcome="sideways")
    with pytest.raises(ValueError, match="from 1 to 1000"):
        grundy.value("nim", [1, 2], block=0)


def test_bad_types():
    with pytest.raises(TypeError):
        grundy.value(3, [1, 2])
    with pytest.raises(TypeError, match="pile 1"):
        grundy.value("nim", [1, 2.5])
    with pytest.raises(TypeError):
        grundy.value("nim", None)
    with pytest.raises(ValueError, match="empty position"):
        grundy.value("nim", [])
    with pytest.raises(TypeError):
        grundy.seq("nim", "ten")


def test_other_verbs():
    with pytest.raises(ValueError, match="seq covers heap rulesets and three-pile sharing rows, not .kim."):
        grundy.seq("kim", 10)
    with pytest.raises(ValueError, match="three-pile sharing"):
        grundy.table("nim", 10)
    with pytest.raises(ValueError) as e:
        grundy.check("999/thm-1")
    assert str(e.value) == cli_says("check", "999/thm-1")
    with pytest.raises(ValueError) as e:
        grundy.check("999")
    assert str(e.value) == cli_says("check", "999")
    with pytest.raises(ValueError, match="unknown count"):
        grundy.count("everything")
    with pytest.raises(ValueError, match="needs sum=S and xor=X"):
        grundy.count("pairs", sum=3)


def test_usable_after_errors():
    for _ in range(200):
        with pytest.raises(ValueError):
            grundy.value("bogus", [1])
        with pytest.raises(ValueError):
            grundy.value("nim", "1 q")
    assert grundy.value("sharing", [3, 5, 9]).value == 2
    assert list(grundy.seq("nim", 4)) == [0, 1, 2, 3, 4]


def test_census_folder_named_as_python_spells_it(tmp_path):
    """A census folder that is not a census's is named dir=, as Python's
    keyword, where the command line says --dir."""
    (tmp_path / "junk").write_text("x")
    assert "--dir " + str(tmp_path) + " holds other files" in cli_says("census", ".6", "--to", "100",
                                                                         "--dir", str(tmp_path))
    with pytest.raises(ValueError, match="census: dir=" + str(tmp_path) + " holds other files"):
        grundy.census([".6"], 100, str(tmp_path))
