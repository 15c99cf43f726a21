"""Docstrings on everything, stubs that name everything, the examples in the
docstrings run, and `cmake --install` puts an importable module in place."""
import doctest
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

import grundy
from conftest import CLI, ROOT

PUBLIC = ["games", "value", "moves", "seq", "period", "table", "check", "count", "misere", "census", "Game", "Value",
          "Move", "Moves", "Values", "LimitError"]


def test_docstrings():
    for name in PUBLIC:
        doc = getattr(grundy, name).__doc__
        assert doc and len(doc) > 40, name
    assert grundy.__doc__


def test_docstring_examples():
    result = doctest.testmod(grundy, extraglobs={"grundy": grundy})
    assert result.attempted > 0 and result.failed == 0


def test_stubs_name_everything():
    stubs = (ROOT / "python" / "grundy.pyi").read_text()
    for name in PUBLIC:
        assert f"def {name}(" in stubs or f"class {name}" in stubs, name


@pytest.mark.skipif(os.environ.get("GRUNDY_SANITIZED") == "1", reason="the instrumented build is not installed")
def test_install(tmp_path):
    cmake = shutil.which("cmake")
    if not cmake:
        pytest.skip("cmake not on PATH")
    build = pathlib.Path(CLI).parent
    subprocess.run([cmake, "--install", str(build), "--prefix", str(tmp_path)], check=True, capture_output=True)
    found = list(tmp_path.rglob("grundy.cpython*.so"))
    assert len(found) == 1 and (found[0].parent / "grundy.pyi").exists()
    code = "import grundy, sys; print(grundy.__file__); print(grundy.value('nim', [3, 5]).value)"
    env = dict(os.environ, PYTHONPATH=str(found[0].parent))
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True).stdout
    assert out.split() == [str(found[0]), "6"]
    # the umbrella header the module is written against is installed and enough on its own
    cc = shutil.which("cc")
    if cc:
        src = tmp_path / "use.c"
        src.write_text('#include <grundy.h>\nint main(void) { gr_limits l; gr_limits_default(&l); '
                       'return l.stop != NULL; }\n')
        subprocess.run([cc, "-std=c11", "-fsyntax-only", f"-I{tmp_path / 'include'}", str(src)], check=True)
