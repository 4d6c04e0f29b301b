"""Issue 22 item 11 (the idle QR panel) and "the winning shape shown on the wall": while nothing
is drawn the reel's frame holds an opaque join panel, inside the frame, beside a small card with
`threshold` connected marked cells and its caption; the help shows the shape too."""

from __future__ import annotations

import sys

import pytest
from projector_support import FAKE_ENGINE, board_config, install_fake_engine, save_shot
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage, QRegion
from PySide6.QtWidgets import QWidget

from bingo.session import DrawSession
from bingo.ui.art import TextLog
from bingo.ui.display import DisplayWindow
from bingo.ui.joinbadge import JoinBadge
from bingo.ui.winshape import win_caption, win_cells

URL = "http://192.168.1.20:8080/"


@pytest.fixture(autouse=True)
def fake_engine():
    yield install_fake_engine()
    sys.modules.pop(FAKE_ENGINE, None)


def connected(cells) -> bool:
    cells = set(cells)
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


@pytest.mark.parametrize("size", range(3, 11))
def test_the_winning_shape_is_threshold_connected_cells_not_a_line(size):
    for threshold in range(1, size * size + 1):
        cells = win_cells(size, threshold)
        assert len(set(cells)) == threshold
        assert all(0 <= r < size and 0 <= c < size for r, c in cells)
        assert connected(cells)
        if threshold >= 3:  # bent: neither one row nor one column
            assert len({r for r, _ in cells}) > 1 and len({c for _, c in cells}) > 1


def open_idle(qtbot, tmp_path, size, per_column, free=False, threshold=4, screen=(1024, 768)):
    cfg = board_config(size, per_column, free, threshold=threshold)
    session = DrawSession.open(cfg, tmp_path / "j.jsonl", seed=1)
    window = DisplayWindow(session, cfg, probability_module=FAKE_ENGINE, odds_mode="thread")
    qtbot.addWidget(window)
    window.resize(*screen)
    window.show()
    qtbot.waitExposed(window)
    window.join_badge = JoinBadge(window, URL)
    return window


@pytest.mark.parametrize("screen", [(1024, 768), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("board", [(4, 10, False), (5, 15, True), (10, 15, False)])
def test_the_idle_qr_panel_is_opaque_and_inside_the_reel_frame(
    qtbot, tmp_path, board, screen, output_dir
):
    window = open_idle(qtbot, tmp_path, *board, screen=screen)
    panel = window.join_badge.on_reel
    assert panel.isVisible() and panel.parentWidget() is window.reel
    inside = window.reel.window_rect().toAlignedRect()
    assert inside.contains(panel.geometry()), (panel.geometry(), inside)
    # Painted alone on a transparent image, every pixel of the card is fully opaque.
    image = QImage(panel.size(), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    panel.render(image, QPoint(), QRegion(), QWidget.RenderFlag.DrawChildren)
    w, h = image.width(), image.height()
    for x in range(round(w * 0.06), round(w * 0.94), max(1, w // 25)):
        for y in range(round(h * 0.06), round(h * 0.94), max(1, h // 25)):
            assert image.pixelColor(x, y).alpha() == 255
    # On the screen the panel's white margin is white: nothing of the reel shows through.
    shot = window.grab().toImage()
    margin = QPoint(panel.geometry().left() + 3, panel.geometry().center().y())
    assert shot.pixelColor(margin + window.reel.pos()).lightness() > 240
    # The first draw takes it away; the frame shows the number.
    window.controller.draw()
    window.controller.land_now()
    assert not panel.isVisible()
    if board[0] == 10 and screen == (1024, 768):
        save_shot(window, output_dir, "projector_1024x768_10x15_first_draw.png")


@pytest.mark.parametrize("threshold", [4, 5])
def test_idle_and_help_show_the_winning_shape_with_its_caption(
    qtbot, tmp_path, threshold, output_dir
):
    window = open_idle(qtbot, tmp_path, 5, 15, True, threshold=threshold)
    first, second = win_caption("ja", threshold)
    assert str(threshold) in first
    entries = TextLog.start()
    try:
        window.reel.grab()
    finally:
        TextLog.stop()
    assert {first, second} <= {e["text"] for e in entries}
    _, shape = window.reel.idle_areas()
    assert window.reel.window_rect().contains(shape)
    window.open_help()
    entries = TextLog.start()
    try:
        window.help.grab()
    finally:
        TextLog.stop()
    assert {first, second} <= {e["text"] for e in entries}
    save_shot(window, output_dir, f"projector_help_winning_shape_{threshold}.png")
    window.help.close_view()
    save_shot(window, output_dir, f"projector_idle_winning_shape_{threshold}.png")
    # Once a number is drawn the frame is the reel's again.
    window.controller.draw()
    window.controller.land_now()
    entries = TextLog.start()
    try:
        window.reel.grab()
    finally:
        TextLog.stop()
    assert first not in {e["text"] for e in entries}
