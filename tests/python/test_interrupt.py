"""Ctrl-C during a long computation raises KeyboardInterrupt within a second,
and the module goes on working."""
import os
import signal
import threading
import time

import pytest

import grundy

# Within a second; under AddressSanitizer each stretch between two checks
# runs several times slower, and a large table's first allocation (hundreds
# of MB, poisoned and unpoisoned by the sanitizer) is one stretch.
LIMIT = 6.0 if os.environ.get("GRUNDY_SANITIZED") == "1" else 1.0


def interrupt_after(delay, sent):
    def fire():
        sent.append(time.monotonic())
        signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)
    t = threading.Timer(delay, fire)
    t.start()
    return t


def stopped_within_limit(call):
    """SIGINT 0.4 s into call() raises KeyboardInterrupt within LIMIT, and the
    module answers afterwards."""
    sent = []
    t = interrupt_after(0.4, sent)
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
        caught = time.monotonic()
    finally:
        t.cancel()
        t.join()
    assert sent, "the computation finished before the signal"
    assert caught - sent[0] < LIMIT
    assert grundy.value("sharing", [3, 5, 9]).value == 2


@pytest.mark.parametrize("call", [
    lambda: grundy.seq("grundy-game", 10**7, max_seconds=600),
    lambda: grundy.seq("grundy-game", 100000, method="fast", max_seconds=600),
    lambda: grundy.seq("split", 100000, max_seconds=600),
    # misere: the tier solver (normal play only) would answer this in 0.4 s
    lambda: grundy.value("sharing", [0, 700, 1401], outcome="misere", max_seconds=600),
    lambda: grundy.value("kim:reading=R3", [40, 50, 60], max_seconds=600, max_memory="8G"),
    lambda: grundy.table("sharing", 20000),
    lambda: grundy.count("sharing-p", to=20000),
    # Dawson's Kayles' quotient to heap 33: about 60 s
    lambda: grundy.misere("tb:0.07", 33, max_seconds=600),
], ids=["seq-sparse", "seq-fast", "seq-simple", "search", "retrograde", "table", "count", "misere"])
def test_ctrl_c(call):
    stopped_within_limit(call)


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_census(tmp_path, threads):
    """A census runs its codes on threads of its own, where Python's signals
    cannot be looked at: the calling thread looks for them while it waits."""
    stopped_within_limit(lambda: grundy.census([".6", ".04"], 10**7, str(tmp_path / "c"), threads=threads))


def test_interrupt_main():
    """_thread.interrupt_main() (no real signal) is honoured too."""
    import _thread
    t = threading.Timer(0.3, _thread.interrupt_main)
    t.start()
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.seq("grundy-game", 10**7, max_seconds=600)
    finally:
        t.cancel()
        t.join()
    assert time.monotonic() - start < 0.5 + LIMIT


def test_other_threads_run_meanwhile():
    """The GIL is released: a Python thread makes progress during a long seq."""
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.01)
    t = threading.Thread(target=tick)
    t.start()
    try:
        grundy.seq("grundy-game", 300000)
    finally:
        done.set()
        t.join()
    assert len(ticks) > 5


@pytest.mark.skipif(os.environ.get("GRUNDY_SANITIZED") == "1",
                    reason="AddressSanitizer keeps its own heap; glibc's statistics say nothing there")
def test_no_leak_when_interrupted():
    """Interrupted runs give back what they took (glibc's count of bytes in use)."""
    import ctypes

    class Mallinfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in
                    ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                     "keepcost")]
    libc = ctypes.CDLL(None)
    if not hasattr(libc, "mallinfo2"):
        pytest.skip("no mallinfo2 in this C library")
    libc.mallinfo2.restype = Mallinfo2

    def in_use():
        return libc.mallinfo2().uordblks + libc.mallinfo2().hblkhd

    def interrupted(call):
        t = interrupt_after(0.2, [])
        try:
            with pytest.raises(KeyboardInterrupt):
                call()
        finally:
            t.cancel()
            t.join()

    calls = [lambda: grundy.seq("grundy-game", 10**7, max_seconds=600),
             lambda: grundy.seq("grundy-game", 100000, method="fast", max_seconds=600),
             lambda: grundy.table("sharing", 9000),
             lambda: grundy.value("sharing", [0, 700, 1401], max_seconds=600, max_memory="8G")]
    for call in calls:
        interrupted(call)  # warm-up: first-use allocations of the interpreter and the module
        before = in_use()
        for _ in range(3):
            interrupted(call)
        assert in_use() - before < 256 * 1024
