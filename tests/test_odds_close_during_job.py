"""Closing the show while the odds thread is in the middle of a long job (a registry curve on a
busy machine) must not freeze it: Qt destroyed the odds QThreadPool with the window and waited
there for the job while holding the GIL, which the job needed to finish, so the process hung
for ever (seen in a CI run: no test timeout can fire then). Run in a process of its own, so a
hang fails this test by its name."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = textwrap.dedent(
    """
    import os, sys, threading, time, types
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication, QWidget
    from bingo.config import load_config
    from bingo.ui.odds import OddsService

    engine = types.ModuleType("quick_engine")  # warms up at once (the real one compiles)
    engine.warm_up = lambda *args: None
    sys.modules["quick_engine"] = engine
    class Window(QWidget):  # as DisplayWindow: its event() is Python's, so Qt deletes the
        def event(self, event):  # window (DeferredDelete) with the GIL held
            return super().event(event)

    app = QApplication([])
    window = Window()
    service = OddsService(load_config(None), module_name="quick_engine", mode="thread",
                          parent=window)
    service.start()
    running = threading.Event()

    def long_job(*_):  # Python all along: it needs the GIL to finish
        running.set()
        end = time.monotonic() + 5.0
        while time.monotonic() < end:
            sum(range(1000))

    service._submit(long_job, (), lambda result, error: None)
    assert running.wait(60), "the job never started"
    service.shutdown()  # the window closes
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    print("closed", flush=True)
    """
)


@pytest.mark.slow
@pytest.mark.process
def test_closing_during_a_long_odds_job_does_not_freeze_the_show():
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "closed", (done.stdout, done.stderr)
