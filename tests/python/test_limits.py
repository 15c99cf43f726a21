"""max_memory and max_seconds mean what --max-memory and --max-seconds mean,
and a refusal names them as Python spells them."""
import time

import pytest

import grundy
from conftest import REFUSED, cli_message, python_words, run_cli


def test_memory_refused_up_front():
    rc, _, err = run_cli("value", "kim", "40", "42", "44", "--max-memory", "1M")
    assert rc in REFUSED
    with pytest.raises(ValueError) as e:
        grundy.value("kim", [40, 42, 44], max_memory="1M")
    assert str(e.value) == python_words(cli_message(err))
    with pytest.raises(ValueError) as e:
        grundy.value("kim", [40, 42, 44], max_memory=1024 * 1024)
    assert str(e.value) == python_words(cli_message(err))
    assert "max_memory=" in str(e.value) and "--max" not in str(e.value)


def test_seconds_refused_up_front():
    rc, _, err = run_cli("seq", "grundy-game", "--to", "3000000", "--max-seconds", "1")
    assert rc in REFUSED
    with pytest.raises(ValueError) as e:
        grundy.seq("grundy-game", 3000000, max_seconds=1)
    assert str(e.value) == python_words(cli_message(err))
    assert "max_seconds=" in str(e.value) and "--max" not in str(e.value)


def test_seconds_stop_a_running_search():
    t0 = time.monotonic()
    with pytest.raises(ValueError, match="limit"):
        grundy.seq("grundy-game", 100000, max_seconds=0.3, method="fast")
    assert time.monotonic() - t0 < 5


def test_bad_limits():
    with pytest.raises(ValueError, match="512M or 4G"):
        grundy.value("nim", [1], max_memory="lots")
    with pytest.raises(ValueError, match="positive"):
        grundy.value("nim", [1], max_seconds=0)
