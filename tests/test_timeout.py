"""The per-test limit (pytest-timeout, pyproject's [tool.pytest.ini_options]) ends a hung test
with its name, also one stuck inside Qt's event loop, where a Python signal never gets through
(a UI test run once hung 600 s with no name). A tiny pytest run under the project's settings,
the limit lowered to 1 s."""

from __future__ import annotations

import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

HUNG = """
import time


def test_sleeps_forever():
    time.sleep(600)


def test_qt_loop_that_never_quits():
    from PySide6.QtCore import QCoreApplication, QEventLoop

    app = QCoreApplication.instance() or QCoreApplication([])
    QEventLoop(app).exec()


def test_holds_the_gil_forever():
    import ctypes

    ctypes.PyDLL(None).sleep(600)  # a C call made holding the GIL: no Python thread runs
"""

GUARD = f"""
import sys

sys.path.insert(0, {str(ROOT / "tests")!r})
import hang_guard
from hang_guard import pytest_configure, pytest_runtest_protocol

hang_guard.MARGIN = 3.0  # the watchdog 3 s after the 1 s limit (10 s in the suite)
"""


def test_every_test_has_a_limit():
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "pytest"
    ]["ini_options"]
    assert 0 < options["timeout"] <= 600
    assert options["timeout_method"] == "thread"  # "signal" cannot stop a hang inside Qt


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.parametrize(
    "name", ["test_sleeps_forever", "test_qt_loop_that_never_quits", "test_holds_the_gil_forever"]
)
def test_a_hung_test_ends_the_run_with_its_name(tmp_path, name):
    (tmp_path / "test_hung.py").write_text(HUNG, encoding="utf-8")
    (tmp_path / "conftest.py").write_text(GUARD, encoding="utf-8")  # as tests/conftest.py
    started = time.monotonic()
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
             "-p", "no:hypothesispytest",  # its import was most of the run's start-up
             "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path),
             "-o", "timeout=1", f"{tmp_path / 'test_hung.py'}::{name}"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
            env={"PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path)},
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        pytest.fail(f"{name} still ran 60 s after its 1 s limit: the timeout did not stop it")
    output = proc.stdout + proc.stderr
    assert proc.returncode != 0, output
    assert time.monotonic() - started < 60, "the 1 s limit did not end the hung test"
    assert "Timeout" in output, output
    assert "test_hung.py" in output and name in output, output  # (its stack's file and line)
