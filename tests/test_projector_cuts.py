"""Issue 35 item 5: nothing cut. The curve's dot label (「次の1球 40.3%」 cut at the left on 5x5
at 1024x768) stays inside the curve; textcheck now also reports a text drawn past its picture's
edge (the clip or the device), however well it fits its own box; the rehearsal badge leaves
the auto-mode hold message its room."""

from __future__ import annotations

import pytest
from projector_support import (
    FAKE_ENGINE,
    SCREENS,
    install_fake_engine,
    resize_to,
    screens_in_turn,
)
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFontMetricsF
from test_projector_readability import after_draws, announce, open_show

from bingo.ui.art import ui_font
from bingo.ui.odds_panel import dot_label_box
from bingo.ui.textcheck import grab_text, text_problems


@pytest.fixture(autouse=True)
def fake_engine():
    import sys

    yield install_fake_engine()
    sys.modules.pop(FAKE_ENGINE, None)


def test_the_dot_label_stays_inside_the_curve_wherever_the_dot_is(qapp):
    metrics = QFontMetricsF(ui_font(20))
    label = "次の1球 40.3%"
    for width in (170, 200, 320, 600):  # the label is ~145 px wide at 20 px
        rect = QRectF(10, 10, width, 160)
        for i in range(0, 101, 5):
            dot = QPointF(rect.left() + rect.width() * i / 100, rect.top() + rect.height() * 0.5)
            box = dot_label_box(metrics, label, dot, 6, rect, rect.adjusted(0, 30, 0, -20))
            assert rect.adjusted(-0.5, -0.5, 0.5, 0.5).contains(box), (width, i, box)


def test_textcheck_reports_a_text_past_its_pictures_edge(qapp):
    from PySide6.QtGui import QPainter, QPixmap

    from bingo.ui.art import TextLog, draw_text

    picture = QPixmap(200, 50)
    entries = TextLog.start()
    try:
        p = QPainter(picture)
        p.setFont(ui_font(20))
        draw_text(p, QRectF(-60, 5, 150, 40), 0x81, "次の1球 40.3%")  # left | vcenter
        p.end()
    finally:
        TextLog.stop()
    assert any("outside its picture" in line for line in text_problems(entries, 768))


def test_textcheck_is_strict_19_px_is_too_small_at_768(qapp):
    """2.5 % of 768 is 19.2 px: 19 px (2.47 %) is reported, 20 px is not; 18 px at 720 is."""
    from PySide6.QtGui import QPainter, QPixmap

    from bingo.ui.art import TextLog, draw_text

    def problems(px: int, screen_h: int) -> list[str]:
        picture = QPixmap(400, 60)
        entries = TextLog.start()
        try:
            p = QPainter(picture)
            p.setFont(ui_font(px))
            draw_text(p, QRectF(0, 0, 400, 60), 0x84, "キー")  # centred
            p.end()
        finally:
            TextLog.stop()
        return text_problems(entries, screen_h)

    assert problems(19, 768) == ["'キー': 19.0 px < 19.2 px"]
    assert problems(20, 768) == []
    assert problems(18, 720) == []
    assert problems(17, 720) != []


def test_fit_block_tries_every_whole_pixel_near_the_floor(qapp):
    """A text that fits at 20 px gets 20 px from a 20.7 px start (the old 0.94 steps went 21 -> 19)."""
    from PySide6.QtCore import Qt

    from bingo.ui.art import fit_block, text_fits

    text = "Registered cards 60: bingo 49 / one away 10"
    width = QFontMetricsF(ui_font(20)).horizontalAdvance(text) + 2
    rect = QRectF(0, 0, width, 40)
    assert not text_fits(ui_font(21), rect, text, Qt.AlignmentFlag.AlignCenter)
    assert fit_block(text, rect, 20.7).pixelSize() == 20


@pytest.mark.parametrize("board", [(5, 15, True), (10, 15, False)], ids=["5x5f", "10x15"])
def test_no_text_runs_past_its_picture(qtbot, tmp_path, board):
    """The curve's last axis label ('150') ran 1 px past the curve on 10x15 at 1280x720.
    1 and 4 draws in, each on every screen (one window, resized through them; the fast tier:
    one screen a board). 20 draws in is test_projector_readability's check of these boards:
    the same window (open_show), draws (its seed) and announcements on the same screens (in
    the fast tier too), its text_problems with every text past its picture's edge."""
    screens = screens_in_turn([(5, 15, True), (10, 15, False)].index(board) + 2)
    window = open_show(qtbot, tmp_path, board, screens[0])
    report = []
    drawn = 0
    for draws in (1, 4):
        after_draws(qtbot, window, draws - drawn)
        drawn = draws
        for screen in screens:
            resize_to(qtbot, window, screen)
            announce(window, draws)
            problems = text_problems(grab_text(window), screen[1])
            report += [f"{draws} draws at {screen}: {p}" for p in problems if "outside" in p]
    assert report == []


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_rehearsal_badge_never_hides_the_auto_mode_hold_line(qtbot, tmp_path, language):
    """On every screen (one window, resized through them)."""
    from bingo.ui.textcheck import overlapping

    window = open_show(qtbot, tmp_path, (5, 15, True), SCREENS[0], language)
    assert window.controller.session.rehearsal  # a seeded show: the badge is on
    held = (
        "自動抽選は一時停止中：申告 2件の確認待ち（V で確認）"
        if language == "ja"
        else "auto draw paused: 2 claims wait for a check (V checks them)"
    )
    window.controller.hold = lambda: held
    window.controller.auto = True  # auto mode on, waiting (no draw started)
    for screen in SCREENS:
        resize_to(qtbot, window, screen)
        getattr(window, "refresh_status", window.update)()
        entries = grab_text(window)
        lines = [e for e in entries if held in e["text"]]
        assert lines, f"the hold line is drawn, whole, at {screen}"
        assert text_problems(lines, screen[1]) == [], screen
        badge = [e for e in entries if e["text"] == window.strings("rehearsal_mark")]
        assert badge and overlapping(lines + badge) == [], screen
    window.controller.auto = False


@pytest.mark.parametrize("free", [False, True])
def test_the_odds_show_their_exact_zero_while_the_engine_warms_up(qtbot, free):
    """Issue 35 item 7: 計算中… for ~20 s after a board change, though before `threshold` marks
    every figure is exactly 0."""
    from projector_support import board_config

    from bingo.ui.odds import WARMING
    from bingo.ui.odds_panel import OddsPanel, percent
    from bingo.ui.texts import texts

    config = board_config(5, 15, free, threshold=4)
    panel = OddsPanel(config, texts("ja"))
    qtbot.addWidget(panel)
    assert panel.state == WARMING and panel.result is None
    exact_until = 4 - 1 - (1 if free else 0)  # marks after the next ball stay under 4
    for count in range(exact_until):
        panel.set_draw_count(count)
        assert panel.figures() == [percent(0.0), percent(0.0), "0.00"], count
    panel.set_draw_count(exact_until)
    assert panel.figures() == [texts("ja")("calculating")] * 3
