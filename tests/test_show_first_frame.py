"""The show's first frame comes first (issue 45): the reel's pictures are drawn ahead only once
it is painted, and `bingo draw` starts the odds engine, the voice and the sound after it."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from bingo.config import load_config
from bingo.session import DrawSession
from bingo.ui.display import DisplayWindow
from bingo.ui.first_frame import after_first_frame


def test_the_reel_draws_its_pictures_ahead_only_after_its_first_frame(qtbot, repo_root, tmp_path):
    base = load_config(repo_root / "config.toml")
    config = dataclasses.replace(base, display=dataclasses.replace(base.display, sound=False))
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=1)
    try:
        window = DisplayWindow(session, config, warn=lambda message: None)
        qtbot.addWidget(window)
        reel = window.reel
        painted: list[bool] = []
        paint = reel.paintEvent
        reel.paintEvent = lambda event: (paint(event), painted.append(True))
        ticks: list[bool] = []  # each turn of the drawing ahead: was the reel painted by then?
        reel._prerender_timer.timeout.connect(lambda: ticks.append(bool(painted)))
        window.resize(1280, 720)
        window.show()
        # the queue is worked through, one picture per idle turn, all after the first frame
        qtbot.waitUntil(lambda: bool(ticks) and not reel._prerender_queue, timeout=60000)
        assert all(ticks), f"{ticks.count(False)} pictures drawn ahead before the first frame"
        assert all(reel._is_cached(n) for n in range(1, config.board.total_numbers + 1))
    finally:
        session.close()


def test_the_background_work_starts_after_the_window_is_painted(qtbot):
    window = QWidget()
    qtbot.addWidget(window)
    painted: list[bool] = []
    original = window.paintEvent
    window.paintEvent = lambda event: (painted.append(True), original(event))
    calls: list[bool] = []  # for each call: was the window painted by then?
    after_first_frame(window, lambda: calls.append(bool(painted)), at_most_ms=60000)
    for _ in range(5):  # turns of the event loop with no frame: nothing runs
        QApplication.processEvents()
    assert calls == []
    window.show()
    qtbot.waitUntil(lambda: bool(calls), timeout=20000)
    window.update()
    qtbot.waitUntil(lambda: len(painted) >= 2, timeout=20000)
    assert calls == [True]  # once, after the first paint


def test_the_background_work_starts_even_without_a_frame(qtbot):
    window = QWidget()  # never shown: never painted
    qtbot.addWidget(window)
    calls: list[int] = []
    after_first_frame(window, lambda: calls.append(1), at_most_ms=10)
    qtbot.waitUntil(lambda: bool(calls), timeout=20000)
    assert calls == [1]


@pytest.mark.process
@pytest.mark.slow
def test_the_modules_imported_before_qt_import_no_qt():
    """bingo draw imports QT_FREE_FIRST before PySide6 (whose import hook makes every later
    module read its own source): none of them may bring Qt in, nor may the config's reading
    bring Pillow (loaded with the first picture, after the first frame) or importlib.metadata
    (the declared sections are read without it: tests/test_entry_points_fast.py)."""
    import subprocess
    import sys

    code = (
        "import sys, importlib\n"
        "from bingo.config import load_config\n"
        "load_config(None)\n"
        "assert 'PIL' not in sys.modules, 'the config read imported Pillow'\n"
        "assert 'importlib.metadata' not in sys.modules, 'the config read imported it'\n"
        "from bingo.ui.command import QT_FREE_FIRST\n"
        "for name in QT_FREE_FIRST:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


def test_the_cells_font_is_fitted_once_per_size(qapp, repo_root, monkeypatch):
    """A board's first frame asks the font of each of its cells: one size for every number,
    fitted once (the same font as fitting it afresh), and each caller gets its own copy."""
    from bingo.ui import numberart

    config = load_config(repo_root / "config.toml")
    art = numberart.ArtCache(config)
    fitted: list[str] = []
    fit = numberart.condensed_font
    monkeypatch.setattr(
        numberart, "condensed_font", lambda text, *a: (fitted.append(text), fit(text, *a))[1]
    )
    total = config.board.total_numbers
    for lit, big in ((False, True), (True, True), (False, False)):
        fonts = [art.cell_font(n, 120, 90, lit, big) for n in range(1, total + 1)]
        afresh = art._fit_cell_font(total, 120, 90, lit, big)
        assert {(f.pixelSize(), f.stretch(), f.weight()) for f in fonts} == {
            (afresh.pixelSize(), afresh.stretch(), afresh.weight())
        }
    assert len(fitted) == 3 * 2  # once per size and kind, and once more for each `afresh`
    font = art.cell_font(1, 120, 90, False, True)
    font.setPixelSize(3)
    assert art.cell_font(2, 120, 90, False, True).pixelSize() != 3


def unlit_cell_drawn_afresh(art, number: int, width: int, height: int, big: bool):
    """An unlit cell as every one was drawn before its ground was shared (the reference)."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QPainter, QPen

    from bingo.ui.art import UNLIT_CELL, UNLIT_TEXT, draw_text, new_pixmap

    pixmap = new_pixmap(width, height, art.dpr)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    rect = QRectF(0, 0, width, height)
    radius = min(width, height) * 0.12
    p.setPen(QPen(QColor(255, 255, 255, 18), max(1.0, min(width, height) * 0.02)))
    p.setBrush(UNLIT_CELL)
    p.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
    p.setFont(art.cell_font(number, width, height, False, big))
    p.setPen(UNLIT_TEXT)
    draw_text(p, rect, Qt.AlignmentFlag.AlignCenter, str(number))
    p.end()
    return pixmap


@pytest.mark.parametrize("dpr", [1.0, 2.0])
def test_unlit_cells_share_their_ground_and_look_the_same(qapp, repo_root, dpr):
    """The board's first frame shows every cell unlit: the rounded ground is drawn once per
    size and each cell's number drawn on a copy, the same pixels as each cell drawn afresh."""
    from bingo.ui import numberart

    art = numberart.ArtCache(load_config(repo_root / "config.toml"))
    art.set_dpr(dpr)
    for number, (width, height), big in (
        (1, (120, 90), True),
        (75, (120, 90), True),
        (9, (64, 64), False),
        (40, (64, 64), False),
    ):
        cell = art.cell(number, width, height, lit=False, big_digits=big)
        reference = unlit_cell_drawn_afresh(art, number, width, height, big)
        assert cell.devicePixelRatio() == reference.devicePixelRatio() == dpr
        assert cell.toImage() == reference.toImage(), (number, width, height)
    assert len(art._unlit_grounds) == 2  # one ground per size, shared by its cells
