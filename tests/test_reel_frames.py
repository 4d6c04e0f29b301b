"""The reel keeps its frames (issue 44.3): nothing is drawn for the first time while it spins,
and Python's collector waits for the spin to end (bingo.ui.reel_gc). No timing here: what is
asserted is that the work happens before the spin, or after it."""

from __future__ import annotations

import dataclasses
import gc

import pytest
from PySide6.QtCore import QEvent, QObject, QVariantAnimation
from PySide6.QtWidgets import QWidget

from bingo.config import load_config
from bingo.session import DrawSession
from bingo.ui import reel_gc
from bingo.ui.display import DisplayWindow
from bingo.ui.numberart import ArtCache
from bingo.ui.reel import SlotReel
from bingo.ui.texts import texts


@pytest.fixture
def config(repo_root):
    base = load_config(repo_root / "config.toml")
    display = dataclasses.replace(base.display, spin_seconds=0.5, sound=False)
    return dataclasses.replace(base, display=display)


@pytest.fixture
def collector(monkeypatch):
    """A collector of the test's own, and the process's collector on again afterwards."""
    monkeypatch.setattr(reel_gc, "COLLECTOR", reel_gc.SpinCollector())
    was_on = gc.isenabled()
    yield reel_gc.COLLECTOR
    if was_on:
        gc.enable()


@pytest.fixture
def reel(qtbot, config):
    reel = SlotReel(ArtCache(config), "#ffb300", 0.5, texts("ja"))
    qtbot.addWidget(reel)
    reel.resize(800, 800)
    reel.show()
    return reel


def test_the_collector_waits_while_the_reel_spins(qtbot, reel, collector):
    gc.enable()
    with qtbot.waitSignal(reel.landed, timeout=30000):
        reel.spin_to(17, 1)
        assert reel.spinning and not gc.isenabled()
    assert gc.isenabled() and not collector.spinning
    reel.spin_to(3, 2)
    assert not gc.isenabled()
    reel.land_now()  # the host lands it at once
    assert gc.isenabled()
    reel.spin_to(5, 3)
    reel.show_number(None, 0)  # a new game stops the spin
    assert gc.isenabled()


def test_a_reel_gone_mid_spin_gives_the_collector_back(qtbot, config, collector):
    gc.enable()
    reel = SlotReel(ArtCache(config), "#ffb300", 30.0, texts("ja"))
    reel.resize(400, 400)
    reel.show()
    reel.spin_to(9, 1)
    assert not gc.isenabled()
    with qtbot.waitSignal(reel.destroyed, timeout=10000):
        reel.deleteLater()
    assert gc.isenabled()


def test_a_collector_someone_else_turned_off_stays_off(qtbot, reel, collector):
    gc.disable()
    with qtbot.waitSignal(reel.landed, timeout=30000):
        reel.spin_to(17, 1)
    assert not gc.isenabled()


@pytest.mark.slow  # a window drawing every picture ahead, then two spins: 2-4 s
def test_the_first_spin_draws_nothing_for_the_first_time(
    qtbot, config, tmp_path, collector, monkeypatch
):
    """Before the first spin: every picture at the size the reel spins at (the idle frame is
    taller), start-up frozen once, while the start screen stands still; the spin's frames
    then render no cell, and the frame, shade and caption are drawn before it starts."""
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=1)
    frozen: list[bool] = []  # each freeze: had the reel drawn everything ahead by then?
    monkeypatch.setattr(gc, "collect", lambda *args: 0)  # (the test's process: not timed)
    try:
        window = DisplayWindow(session, config, warn=lambda message: None)
        qtbot.addWidget(window)
        reel = window.reel
        monkeypatch.setattr(
            gc, "freeze", lambda: frozen.append(not reel._prerender_queue and reel.settled)
        )
        window.resize(1280, 720)
        window.show()
        qtbot.waitUntil(lambda: bool(frozen), timeout=60000)
        assert frozen == [True]
        assert reel.idle and reel.spin_size is not None
        spin = reel.spin_size()
        assert spin.height() < reel.height()  # the idle frame is taller: another size
        _, h, _ = reel._item_size(spin)
        total = config.board.total_numbers
        assert all(window.art.has_cell(n, h, h) for n in range(1, total + 1))

        rendered: list[int] = []
        render = window.art._render_cell
        monkeypatch.setattr(
            window.art, "_render_cell", lambda n, *a: (rendered.append(n), render(n, *a))[1]
        )
        landed_after: list[int] = []
        reel.landed.connect(lambda _n: landed_after.append(len(rendered)))
        for _ in range(2):
            window.controller.draw()
            assert reel.spinning and reel.size() == spin
            assert None not in (reel._static, reel._shade, reel._caption)
            before = len(rendered)
            qtbot.waitUntil(lambda: not window.controller.spinning, timeout=30000)
            assert landed_after[-1] == before, "a cell was rendered during the spin"
        assert frozen == [True]  # once
    finally:
        session.close()


def test_the_odds_panels_wait_for_the_landing(qtbot, config, tmp_path):
    """The engine's news (its state, its curve, the start screen's figures) repaints panels:
    during a spin it waits for the landing, else it is shown at once."""
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=1)
    try:
        window = DisplayWindow(session, config, warn=lambda message: None)
        qtbot.addWidget(window)
        window.show()
        window.odds.state_changed.emit("unavailable")
        assert window.odds_panel.state == "unavailable"
        window.odds.state_changed.emit("warming")
        window.controller.draw()
        assert window.controller.spinning
        window.odds.state_changed.emit("unavailable")
        assert window.odds_panel.state == "warming"
        with qtbot.waitSignal(window.reel.landed, timeout=30000):
            pass
        assert window.odds_panel.state == "unavailable"
    finally:
        session.close()


@pytest.mark.parametrize("size", [(400, 1), (400, 20), (1, 400)])
def test_a_board_squeezed_to_nothing_lets_the_spin_start(qtbot, config, size):
    """A spin that starts before the window is laid out (the board still a sliver: on a busy
    machine the operator tests' first spin came first) draws its lit cell later, at the landing,
    instead of failing on a cell of -1 pixels."""
    from bingo.ui.board import HistoryBoard

    board = HistoryBoard(ArtCache(config), "#ffb300", texts("ja"))
    qtbot.addWidget(board)
    board.resize(*size)
    board.prepare(17)  # raised ValueError("side must be at least 1 pixel, not -1")
    board.resize(800, 600)
    board.prepare(17)
    assert any(key[0] == 17 for key in board.art._cells), "laid out: the lit cell drawn ahead"


class PaintLog(QObject):
    """Every paint of the widgets it filters, and each of the reel's animation values, in the
    order they came: ("paint", class name, width, height) and ("value", position)."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[tuple] = []

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.events.append(("paint", type(obj).__name__, obj.width(), obj.height()))
        return False

    def values(self) -> list[int]:
        """The indices of the animation's values."""
        return [i for i, e in enumerate(self.events) if e[0] == "value"]


def test_the_first_spin_changes_the_layout_before_the_reel_moves(
    qtbot, config, tmp_path, collector, monkeypatch
):
    """The first spin of a game takes the reel from its idle frame (taller: the join code and
    the winning shape) to its spinning size, and the curve's panel comes back under it: that
    frame is painted before the animation's first value, and the first frame the animation
    asks for repaints the reel alone (a 36-43 ms gap in the first spin of a show:
    bench_evening_frames.py --trace)."""
    monkeypatch.setattr(gc, "collect", lambda *args: 0)  # start-up's settling: not this test's
    monkeypatch.setattr(gc, "freeze", lambda: None)
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=1)
    try:
        window = DisplayWindow(session, config, warn=lambda message: None)
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        qtbot.waitExposed(window)
        reel = window.reel
        qtbot.waitUntil(lambda: reel._painted)
        assert reel.idle and not window.curve_view.isVisible()
        spin = reel.spin_size()
        log = PaintLog()
        for widget in [window, *window.findChildren(QWidget)]:
            widget.installEventFilter(log)
        reel.animation.valueChanged.connect(lambda v: log.events.append(("value", v)))
        reel.animation.stateChanged.connect(lambda new, _old: log.events.append(("state", new)))
        window.controller.draw()
        assert reel.spinning and reel.shown_number is None  # a spin, about to move
        assert reel.size() == spin and window.curve_view.isVisible()
        assert log.events == []  # nothing moves yet
        qtbot.waitUntil(lambda: len(log.values()) >= 2)
        start = log.events.index(("state", QVariantAnimation.State.Running))
        assert start < log.values()[0]  # no value before the animation runs
        before = {e[1:] for e in log.events[:start] if e[0] == "paint"}
        assert ("SlotReel", spin.width(), spin.height()) in before, log.events[:start]
        curve = window.curve_view.size()
        assert ("CurveView", curve.width(), curve.height()) in before, before
        # the animation's first frame: from its start to its second value (the first's paint)
        first_frame = log.events[start : log.values()[1]]
        assert {e[1] for e in first_frame if e[0] == "paint"} <= {"SlotReel"}, first_frame
        qtbot.waitUntil(lambda: not window.controller.spinning)
        assert reel.shown_number == session.history[-1]
    finally:
        session.close()


def test_a_spin_from_the_idle_frame_lands_when_asked_before_it_moves(qtbot, reel):
    """The host lands a spin at once (or the window is never painted): the spin that waited for
    its first frame lands on its number all the same, and a later spin moves at once."""
    assert reel.idle
    reel.spin_to(17, 1)
    assert reel.spinning and reel._start_pending
    with qtbot.waitSignal(reel.landed) as blocker:
        reel.land_now()
    assert blocker.args == [17] and not reel.spinning and reel.shown_number == 17
    reel.spin_to(3, 2)  # not from the idle frame: it moves now
    assert reel.animation.state() == QVariantAnimation.State.Running
    reel.land_now()


def test_a_hidden_reel_spins_without_waiting_for_a_frame(qtbot, config):
    hidden = SlotReel(ArtCache(config), "#ffb300", 0.3, texts("ja"))
    qtbot.addWidget(hidden)
    hidden.resize(400, 400)
    with qtbot.waitSignal(hidden.landed) as blocker:
        hidden.spin_to(9, 1)
        assert not hidden._start_pending
    assert blocker.args == [9]
