"""Ctrl-C during a long grundy.check() raises KeyboardInterrupt within a
second, and the module goes on working.

The library side is in place (tests/test_claims_stop.c): gr_claim_run runs a
claim under limits whose stop hook the claims' long loops and searches poll.
The module must run each claim through it with its stop hook (python/claims.c:
run_claim under pg_begin/pg_end, gr_claim_run(c, to, &lim, r, err) with
lim.stop = the module's stop hook); until it does, the signal is only seen
between two claims, and this test is expected to fail."""
import os
import signal
import threading
import time

import pytest

import grundy

LIMIT = 3.0 if os.environ.get("GRUNDY_SANITIZED") == "1" else 1.0


def interrupt_after(delay, sent):
    def fire():
        sent.append(time.monotonic())
        signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)
    t = threading.Timer(delay, fire)
    t.start()
    return t


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
