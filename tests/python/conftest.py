"""Shared helpers for the Python module's tests: the command line to compare
with, and random positions of every ruleset."""
import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = os.environ.get("GRUNDY_CLI", str(ROOT / "build" / "grundy"))

import grundy  # noqa: E402  (PYTHONPATH points at the build tree)


def run_cli(*args, stdin=None):
    """(exit status, stdout, stderr) of `grundy ARGS...`."""
    p = subprocess.run([CLI, *map(str, args)], input=stdin, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def cli_json(*args, stdin=None):
    rc, out, err = run_cli(*args, stdin=stdin)
    assert rc == 0, err
    return json.loads(out)


def cli_message(stderr):
    """The one-line message of a failed command, without 'grundy: '."""
    line = stderr.strip().splitlines()[-1]
    return line[len("grundy: "):] if line.startswith("grundy: ") else line


# The command line's knobs and the keywords that set them in Python: a
# refusal names its knob in each front end's words ("; raise with ...").
KNOBS = {"--max-memory": "max_memory=", "--max-seconds": "max_seconds="}


def python_words(message):
    """A command-line message as the module says it."""
    for cli, py in KNOBS.items():
        message = message.replace(cli, py)
    return message


# A refusal (by estimate, or stopped by a limit) exits 3 on the command line
# and raises grundy.LimitError in Python.
REFUSED = 3


def as_int(x):
    """JSON gives exact integers past 2^53 as strings."""
    return None if x is None else int(x)


@pytest.fixture
def cli():
    return run_cli
