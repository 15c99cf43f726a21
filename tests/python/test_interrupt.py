"""Ctrl-C during a long computation raises KeyboardInterrupt within a second,
and the module goes on working."""
import os
import signal
import threading
import time

import pytest

import grundy


def interrupt_after(delay, sent):
    def fire():
        sent.append(time.monotonic())
        signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)
    t = threading.Timer(delay, fire)
    t.start()
    return t


@pytest.mark.parametrize("call", [
    lambda: grundy.seq("grundy-game", 100000, max_seconds=600),
    lambda: grundy.value("sharing", [0, 700, 1401], max_seconds=600),
    lambda: grundy.table("sharing", 20000),
], ids=["seq", "search", "table"])
def test_ctrl_c(call):
    sent = []
    t = interrupt_after(0.4, sent)
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
        caught = time.monotonic()
    finally:
        t.join()
    assert sent, "the computation finished before the signal"
    assert caught - sent[0] < 1.0
    assert grundy.value("sharing", [3, 5, 9]).value == 2


def test_interrupt_main():
    """_thread.interrupt_main() (no real signal) is honoured too."""
    import _thread
    t = threading.Timer(0.3, _thread.interrupt_main)
    t.start()
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.seq("grundy-game", 100000, max_seconds=600)
    finally:
        t.join()
    assert time.monotonic() - start < 1.5


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
        grundy.seq("split", 6000)
    finally:
        done.set()
        t.join()
    assert len(ticks) > 5
