"""Exceptions by the library's status code, messages filled in and in
Python's words, and the outcome rules as the library's registry lists them."""
import re

import pytest

import grundy
from conftest import run_cli

# a printf directive left in a message: %d, %.0f, %zd, %s, ...
PLACEHOLDER = re.compile(r"%[-+ #0-9.]*(?:hh|h|ll|l|z|j|t|L)?[diouxXeEfgGcspn]")


def test_limit_error_is_a_value_error():
    assert issubclass(grundy.LimitError, ValueError)
    assert grundy.LimitError.__module__ == "grundy" and grundy.LimitError.__doc__


def test_table_over_max_memory():
    with pytest.raises(grundy.LimitError) as e:
        grundy.table("sharing", 60000)
    message = str(e.value)
    assert not PLACEHOLDER.search(message), message
    assert "MiB" in message and "max_memory=" in message
    # the size is computed: 60001^2 uint32 values
    assert re.search(r"13733\.\d MiB", message), message
    with pytest.raises(grundy.LimitError, match="max_memory="):
        grundy.seq("nim", 1000000, max_memory="1M")


REFUSALS = [
    lambda: grundy.value("kim", [40, 42, 44], max_memory="1M"),
    lambda: grundy.seq("grundy-game", 3000000, max_seconds=1),
    lambda: grundy.table("sharing", 60000),
    lambda: grundy.seq("sharing", 10, row=200000),
    lambda: grundy.value("nim", [1, 2], players=99),
    lambda: grundy.value("bogus", [1]),
    lambda: grundy.count("no-carry", digits=-1),
]


@pytest.mark.parametrize("call", REFUSALS)
def test_refusals_filled_in_and_in_python_words(call):
    # a refusal is a ValueError: grundy.LimitError where the library says
    # GR_ELIMIT, plain ValueError where it says GR_EINPUT
    with pytest.raises(ValueError) as e:
        call()
    message = str(e.value)
    assert message and "\n" not in message
    assert not PLACEHOLDER.search(message), message
    assert "--max-memory" not in message and "--max-seconds" not in message, message


def test_bad_input_is_not_a_limit():
    for call in (lambda: grundy.value("bogus", [1]), lambda: grundy.value("nim", "1 q"),
                 lambda: grundy.value("nim", [1, 2], outcome="sideways")):
        with pytest.raises(ValueError) as e:
            call()
        assert not isinstance(e.value, grundy.LimitError)


def test_outcome_rules_from_the_registry():
    # the rules `grundy games` lists, each named in the module's message
    _, out, _ = run_cli("games")
    rules = out.split("outcome rules", 1)[1].splitlines()[1:]
    names = [line.split()[0] for line in rules if line.strip()]
    assert names[:2] == ["normal", "misere"] and len(names) >= 5
    with pytest.raises(ValueError) as e:
        grundy.value("nim", [1, 2], players=3, block=1)
    message = str(e.value)
    assert message.startswith("choose one outcome rule")
    for name in names[1:]:
        assert f"outcome='{name}'" in message or f"{name.replace('-', '_')}=" in message, name
    with pytest.raises(ValueError, match="block_position=n"):
        grundy.value("nim", [1, 2], outcome="block-position")
    # the rule's name beside its keyword says the same thing twice
    assert grundy.value("nim", [1, 2, 3], outcome="players", players=3) == grundy.value("nim", [1, 2, 3], players=3)
