"""`bingo draw` starts without Python's cyclic collector and gives it back once the show's first
frame is out (issue 45 point 3: its ~75 passes over the start-up's objects cost ~30 ms of CPU
before the first frame), and always gives it back: a show that fails or ends before its first
frame, and every other command, leave the collector as they found it."""

from __future__ import annotations

import gc

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

from bingo.cli import main
from bingo.ui import command
from bingo.ui.display import DisplayWindow
from bingo.ui.first_frame import hold_collector, release_collector
from eventkit.errors import UserError


@pytest.fixture(autouse=True)
def _collector_on():
    gc.enable()
    yield
    release_collector()
    gc.enable()  # whatever a failed test left


def _close_windows() -> None:
    for widget in QApplication.topLevelWidgets():
        widget.close()
        widget.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_the_show_holds_the_collector_until_its_first_frame(qapp, qtbot, tmp_path, monkeypatch):
    seen: dict[str, bool] = {}
    painted: list[bool] = []

    def start_background_work(window) -> None:  # what runs after the first frame
        seen["collector at the background work"] = gc.isenabled()
        seen["painted by then"] = bool(painted)

    def run_show(app) -> int:  # the event loop, until the first frame's work has run
        seen["collector when the show starts"] = gc.isenabled()
        window = next(w for w in app.topLevelWidgets() if isinstance(w, DisplayWindow))
        paint = window.paintEvent
        window.paintEvent = lambda event: (painted.append(True), paint(event))
        qtbot.waitUntil(lambda: "collector at the background work" in seen, timeout=20000)
        _close_windows()
        return 0

    monkeypatch.setattr(DisplayWindow, "start_background_work", start_background_work)
    monkeypatch.setattr(QApplication, "exec", run_show)
    argv = ["draw", "--new", "--windowed", "--journal", str(tmp_path / "j.jsonl")]
    assert main(argv) == 0
    assert seen == {
        "collector when the show starts": False,  # held through the start-up
        "collector at the background work": True,  # given back first
        "painted by then": True,  # once the frame was out, not on the 2 s fallback
    }
    assert gc.isenabled()


def test_a_show_that_fails_before_its_first_frame_gives_the_collector_back(
    tmp_path, monkeypatch, capsys
):
    during: list[bool] = []

    def refused(args) -> int:
        during.append(gc.isenabled())
        raise UserError("refused")

    monkeypatch.setattr(command, "run", refused)
    assert main(["draw", "--journal", str(tmp_path / "j.jsonl")]) == 1
    assert during == [False]
    assert gc.isenabled()
    assert "refused" in capsys.readouterr().err


def test_a_bad_option_gives_the_collector_back(tmp_path):
    with pytest.raises(SystemExit):  # argparse's usage error
        main(["draw", "--no-such-option"])
    assert gc.isenabled()


def test_other_commands_and_a_collector_already_off_are_left_as_they_were(tmp_path, capsys):
    assert main(["init", str(tmp_path)]) == 0  # not held: nothing to give back
    assert gc.isenabled()
    gc.disable()  # off before the start (a host program's choice): it stays off
    hold_collector()
    release_collector()
    assert not gc.isenabled()
