"""The reel keeps its frames (issue 44.3): nothing is drawn for the first time while it spins,
and Python's collector waits for the spin to end (bingo.ui.reel_gc). No timing here: what is
asserted is that the work happens before the spin, or after it."""

from __future__ import annotations

import dataclasses
import gc

import pytest

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
