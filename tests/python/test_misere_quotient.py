"""The misere quotient element on value() and moves(): the same dict as the
command line's (and the API's) "quotient" member, for the module's own
engines and for a saved quotient (quotient=); misere(game, quotient=FILE)
reading a saved quotient back; and a build stopped by max_seconds= or
Ctrl-C saving the heaps it finished to out=."""
import os
import signal
import threading

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


def without(d, *keys):
    return {k: v for k, v in d.items() if k not in keys}


def test_misere_reads_a_saved_quotient(tmp_path):
    # misere(game, quotient=FILE): the saved quotient read back, as
    # `grundy misere --in FILE` gives it, for any spelling of its game
    q = tmp_path / "dk.q"
    built = grundy.misere(DAWSON, 16, out=q)
    for spelling in (DAWSON, "tb:.07", "tb:0.070", grundy.Game("tb:0.07")):
        read = grundy.misere(spelling, quotient=q)
        assert without(read, "seconds") == without(built, "seconds")
        assert (read["order"], read["p_count"], read["heaps"]) == (24, 5, 16)
    cli = cli_json("misere", "--in", q, "--format", "json")
    assert without(grundy.misere(DAWSON, quotient=str(q)), "seconds", "p_portion") == without(cli, "seconds")
    # verify= checks the file against misere search
    v = grundy.misere(DAWSON, quotient=q, verify=9)
    assert v["verified"] and v["checked"] == 285 and v["verify_bound"] == 9
    # genus=True with quotient=: the genus of the file's game, heaps 0..to
    g = grundy.misere(DAWSON, 5, genus=True, quotient=q)
    assert g["game"] == DAWSON and len(g["heaps"]) == 6


def test_misere_quotient_refusals(tmp_path):
    q = tmp_path / "dk.q"
    grundy.misere(DAWSON, 12, out=q)
    with pytest.raises(ValueError, match=r"holds the quotient of tb:0.07, not tb:0.77$"):
        grundy.misere("tb:0.77", quotient=q)
    with pytest.raises(ValueError, match="to= goes with a build"):
        grundy.misere(DAWSON, 12, quotient=q)
    with pytest.raises(ValueError, match="out= and resume= go with a build"):
        grundy.misere(DAWSON, quotient=q, out=tmp_path / "again.q")
    with pytest.raises(TypeError, match=r"needs to= \(or quotient=FILE"):
        grundy.misere(DAWSON)
    bad = tmp_path / "bad.q"
    bad.write_text(q.read_text().replace("heaps 12", "heaps 13"))
    with pytest.raises(ValueError, match="is not a sound quotient file: checksum mismatch"):
        grundy.misere(DAWSON, quotient=bad)
    with pytest.raises(ValueError, match="cannot read"):
        grundy.misere(DAWSON, quotient=tmp_path / "none.q")


# Dawson's Kayles to heap 30: heaps 0..26 in a tenth of a second, the rest
# about 2.5 s (CPU)
STOP_N = 30


@pytest.fixture(scope="module")
def dawson_full(tmp_path_factory):
    full = tmp_path_factory.mktemp("full") / "full.q"
    grundy.misere(DAWSON, STOP_N, out=full)
    return full.read_bytes()


def saved_then_resumed(tmp_path, part, full):
    """part holds heaps 0..k for some 1 <= k < STOP_N, the bytes a build to k
    writes, and resume= carries it on to the uninterrupted file. Where the
    build stopped does not matter, only that it stopped before the end."""
    k = grundy.misere(DAWSON, quotient=part)["heaps"]
    assert 1 <= k < STOP_N
    grundy.misere(DAWSON, k, out=tmp_path / "k.q")
    assert part.read_bytes() == (tmp_path / "k.q").read_bytes()
    grundy.misere(DAWSON, STOP_N, resume=part, out=tmp_path / "resumed.q")
    assert (tmp_path / "resumed.q").read_bytes() == full


def test_stopped_build_saves_its_heaps(tmp_path, dawson_full):
    # a build stopped by max_seconds= saves the heaps it finished to out=
    part = tmp_path / "part.q"
    with pytest.raises(grundy.LimitError, match=r"saved to .*part.q: carry on with resume=.*part.q to=30 and a "
                                                r"larger max_seconds=$"):
        grundy.misere(DAWSON, STOP_N, max_seconds=1, out=part)
    saved_then_resumed(tmp_path, part, dawson_full)


@pytest.mark.skipif(os.environ.get("GRUNDY_SANITIZED") == "1",
                    reason="saved by the same code as the time limit's stop (8 s under the sanitizers)")
def test_interrupted_build_saves_its_heaps(tmp_path, dawson_full):
    # Ctrl-C: KeyboardInterrupt, and the heaps finished are in out= all the same
    part = tmp_path / "part.q"
    t = threading.Timer(1.0, lambda: signal.pthread_kill(threading.main_thread().ident, signal.SIGINT))
    t.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.misere(DAWSON, STOP_N, out=part, max_seconds=600)
    finally:
        t.cancel()
        t.join()
    saved_then_resumed(tmp_path, part, dawson_full)
