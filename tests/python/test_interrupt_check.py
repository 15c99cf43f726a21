"""Ctrl-C during a long grundy.check() raises KeyboardInterrupt within a
second, and the module goes on working: the module runs each claim through
gr_claim_run with its stop hook, which the claims' long loops and searches
poll (tests/test_claims_stop.c covers the library side)."""
import time

import pytest

import grundy

from test_interrupt import LIMIT, interrupt_after  # tests/python is on the path


@pytest.mark.parametrize("which", ["000/thm-thm.ab", "000"])
def test_ctrl_c_during_check(which):
    sent = []
    t = interrupt_after(0.3, sent)
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.check(which)
        caught = time.monotonic()
    finally:
        t.cancel()
        t.join()
    assert sent, "the check finished before the signal"
    assert caught - sent[0] < LIMIT
    # the module goes on working
    [v] = grundy.check("001/lemma-9.2")
    assert v["status"] == "holds"
