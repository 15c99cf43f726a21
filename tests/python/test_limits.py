"""max_memory and max_seconds mean what --max-memory and --max-seconds mean,
and a refusal names them as Python spells them."""
import re
import time

import pytest

import grundy
from conftest import REFUSED, cli_json, cli_message, python_words, run_cli


def measured(message):
    """A refusal by a measured rate, less its figures (each run measures anew)."""
    return re.sub(r"about [0-9.e+]+ s|first [0-9]+ heaps", "#", message)


def test_memory_refused_up_front():
    rc, _, err = run_cli("value", "kim", "40", "42", "44", "--max-memory", "1M")
    assert rc == REFUSED
    with pytest.raises(grundy.LimitError) as e:
        grundy.value("kim", [40, 42, 44], max_memory="1M")
    assert str(e.value) == python_words(cli_message(err))
    with pytest.raises(grundy.LimitError) as e:
        grundy.value("kim", [40, 42, 44], max_memory=1024 * 1024)
    assert str(e.value) == python_words(cli_message(err))
    assert "max_memory=" in str(e.value) and "--max" not in str(e.value)


def test_seconds_refused_up_front():
    rc, _, err = run_cli("seq", "grundy-game", "--to", "3000000", "--max-seconds", "1")
    assert rc == REFUSED
    with pytest.raises(grundy.LimitError) as e:
        grundy.seq("grundy-game", 3000000, max_seconds=1)
    assert measured(str(e.value)) == measured(python_words(cli_message(err)))
    assert "max_seconds=" in str(e.value) and "--max" not in str(e.value)


def test_seconds_stop_a_running_search():
    t0 = time.monotonic()
    with pytest.raises(grundy.LimitError, match="limit"):
        grundy.seq("grundy-game", 100000, max_seconds=0.3, method="fast")
    assert time.monotonic() - t0 < 5


def test_bad_limits():
    with pytest.raises(ValueError, match="512M or 4G"):
        grundy.value("nim", [1], max_memory="lots")
    with pytest.raises(ValueError, match="positive"):
        grundy.value("nim", [1], max_seconds=0)


def test_refused_sparse_run_falls_back_to_a_certified_period():
    # The sparse method would take over the limit; as on the command line,
    # the policy (gr_api_seq_falls_back) answers from a certified period
    # when no method was named, and refuses when sparse was asked by name.
    want = cli_json("seq", "tb:0.77", "--to", "3000000", "--max-seconds", "1", "--format", "json")
    assert want["method"] == "certified period"
    got = grundy.seq("tb:0.77", 3000000, max_seconds=1)
    assert got.method == "certified period"
    assert list(got) == want["values"]
    # 3,000,000 heaps by the sparse method take about 0.6 s, inside the
    # limit (refused before the estimate was measured on CPU time);
    # 30,000,000 are projected far past it
    rc, _, err = run_cli("seq", "tb:0.77", "--to", "30000000", "--max-seconds", "1", "--method", "sparse")
    assert rc == REFUSED
    with pytest.raises(grundy.LimitError) as e:
        grundy.seq("tb:0.77", 30000000, max_seconds=1, method="sparse")
    assert measured(str(e.value)) == measured(python_words(cli_message(err)))


# tb:0.72u3 splits a heap into up to four: heap 411 has 489,401 moves (340 MB
# as Move objects, 1.5 s); heap 40 has 533
SPLIT4 = "tb:0.72u3"


@pytest.mark.parametrize("heap_keys", [{}, {"method": "auto"}], ids=["module", "layer"])
def test_move_list_held_to_the_limits(heap_keys):
    start = time.process_time()
    with pytest.raises(grundy.LimitError, match=r"^listing the moves: [0-9]+ moves take about [0-9]+ bytes, over the "
                                                r"memory limit; raise with max_memory=$"):
        grundy.moves(SPLIT4, 411, max_memory="32M", **heap_keys)
    assert time.process_time() - start < 1.0
    with pytest.raises(grundy.LimitError, match=r"^listing the moves: stopped after [0-9]+ moves at the time limit "
                                                r"of 1 s; raise with max_seconds=$"):
        # heap 500 beside forty heaps of 1: 878,764 moves (under the cap of
        # 10^6 listed), each result of 41 heaps, 8-9 s to list whole; heap
        # 520 alone (1.7 s) was sometimes listed inside the 1 s limit
        grundy.moves(SPLIT4, [500] + [1] * 40, max_seconds=1, **heap_keys)
    m = grundy.moves(SPLIT4, 40, max_memory="32M", max_seconds=1, **heap_keys)
    assert len(m) == m.total_moves == 533 and m.listed == "all"
