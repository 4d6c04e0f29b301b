"""Issue 12, the display's part: the operator view, bingo alerts from the registry, and the
details that matter on a projector. Real widgets driven offscreen; grabs go to tests/output/
(and to /work/shared/team/shots/ when that folder exists, for the closing note)."""

from __future__ import annotations

import dataclasses
import json
import random
import shutil
import sys
import types
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from bingo.config import load_config, parse_config
from bingo.session import DrawSession
from bingo.ui.command import show_windows
from bingo.ui.display import DisplayWindow
from bingo.ui.odds_panel import OddsPanel, percent, tick_step
from bingo.ui.texts import texts
from cards.check import BingoWatch, load_registry_for, parse_serial
from cards.model import BingoCard
from cards.registry import write_registry

FAKE_ENGINE = "test_show_night_fake_probability"
SHOTS = Path("/work/shared/team/shots")


@pytest.fixture
def config(repo_root):
    base = load_config(repo_root / "config.toml")
    return dataclasses.replace(
        base, display=dataclasses.replace(base.display, spin_seconds=0.2, sound=False)
    )


@pytest.fixture
def fake_engine():
    """Odds that change with every draw (p_bingo_now = drawn / total), computed instantly."""
    module = types.ModuleType(FAKE_ENGINE)

    def next_draw_stats(per_column, size, per_col, threshold=4, free_center=False, cards=1):
        p_now = sum(per_column) / (size * per_col)
        col = types.SimpleNamespace(
            p_column=0.25,
            p_bingo_after=p_now,
            expected_new_bingos=cards * 0.01,
            p_any_new_bingo=0.5,
        )
        return types.SimpleNamespace(
            p_bingo_now=p_now,
            p_bingo_next=p_now,
            expected_new_bingos=cards * 0.01,
            p_any_new_bingo=0.5,
            by_column=(col,) * size,
        )

    def first_bingo_curve(cards, size, per_col, threshold=4, free_center=False, **kw):
        draws = np.arange(size * per_col + 1)
        return types.SimpleNamespace(
            draws=draws, p_any=np.clip(draws / 20, 0, 1), expected_first_bingo=12.5
        )

    module.warm_up = lambda: None
    module.next_draw_stats = next_draw_stats
    module.first_bingo_curve = first_bingo_curve
    sys.modules[FAKE_ENGINE] = module
    yield module
    del sys.modules[FAKE_ENGINE]


def save(widget, output_dir: Path, name: str) -> None:
    path = output_dir / name
    widget.grab().save(str(path))
    if SHOTS.is_dir():
        shutil.copy(path, SHOTS / name)


def make_display(qtbot, session, config, **kwargs) -> DisplayWindow:
    kwargs.setdefault("probability_module", FAKE_ENGINE)
    kwargs.setdefault("odds_mode", "thread")
    display = DisplayWindow(session, config, **kwargs)
    qtbot.addWidget(display)
    return display


def land(qtbot, display) -> None:
    display.controller.draw()
    display.controller.land_now()
    assert not display.controller.spinning


def focused_or(widget):
    return QApplication.focusWidget() or widget


# ---------------------------------------------------------------- operator mode


def test_operator_keys_work_from_the_start_and_one_screen_is_handled(
    qtbot, config, tmp_path, output_dir, fake_engine
):
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=9)
    display = make_display(qtbot, session, config)
    # Offscreen Qt has one screen: the situation of a laptop mirrored to the projector.
    op = show_windows(display, config, operator=True, full_screen=True)
    qtbot.addWidget(op)
    qtbot.waitExposed(op)
    display.start_background_work()
    assert op.single_screen and op.single_screen_box.isVisible()
    assert not display.isFullScreen()  # the audience view does not cover the operator window
    assert not op.serial.hasFocus()
    save(op, output_dir, "operator_single_screen_choice.png")

    qtbot.keyClick(focused_or(op), Qt.Key.Key_Space)
    assert display.controller.spinning and op.serial.text() == ""
    qtbot.keyClick(focused_or(op), Qt.Key.Key_Space)  # lands
    assert len(display.controller.revealed) == 1
    qtbot.keyClick(focused_or(op), Qt.Key.Key_A)
    assert display.controller.auto
    qtbot.keyClick(focused_or(op), Qt.Key.Key_A)
    assert not display.controller.auto and op.serial.text() == ""

    # R asks on the operator window (the show's style), not on the wall.
    from PySide6.QtCore import QTimer

    asked = []

    def answer_no() -> None:
        asked.append((op.confirm_overlay.isVisible(), display.confirm_overlay.isVisible()))
        save(op, output_dir, "operator_confirm_new_game.png")
        op.confirm_overlay.no_button.click()

    QTimer.singleShot(50, answer_no)
    qtbot.keyClick(focused_or(op), Qt.Key.Key_R)
    assert asked == [(True, False)] and len(session.history) == 1

    # The host chooses "audience view alone in full screen": the operator window gets out of
    # the way, and Esc on the audience view brings it back.
    op.choice_buttons["audience"].click()
    assert display.isFullScreen()
    qtbot.waitUntil(op.isMinimized, timeout=3000)
    qtbot.keyClick(display, Qt.Key.Key_Escape)
    assert not display.isFullScreen()
    qtbot.waitUntil(lambda: not op.isMinimized(), timeout=3000)
    op.choice_buttons["side"].click()
    assert not display.isFullScreen() and op.isVisible()
    # Side by side: the operator window to the right of the audience view (the offscreen screen
    # is 800 px wide, narrower than both windows' minimum widths, so they may still overlap).
    assert op.x() > display.x() and op.x() + op.width() > display.x() + display.width()


def test_operator_statistics_are_for_the_draw_the_audience_sees(
    qtbot, config, tmp_path, fake_engine, output_dir
):
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=9)
    display = make_display(qtbot, session, config, confirm=lambda title, text: True)
    op = show_windows(display, config, operator=True, full_screen=False)
    qtbot.addWidget(op)
    display.start_background_work()
    for _ in range(4):
        # A spin prefetches the odds of the next state; the operator must still show the
        # audience's state until the reel lands.
        display.controller.draw()
        qtbot.waitUntil(lambda: frozenset(session.history) in display.odds.cache, timeout=5000)
        shown = op.table.item(0, 3).text()
        assert shown == display.odds_panel.figures()[0] or shown == "—"
        display.controller.land_now()
        revealed = frozenset(display.controller.revealed)
        qtbot.waitUntil(
            lambda r=revealed: (
                display.odds_panel.result is not None and display.odds_panel.result.drawn == r
            ),
            timeout=5000,
        )
        audience = display.odds_panel.figures()[0]
        assert audience == percent(len(revealed) / config.board.total_numbers)
        qtbot.waitUntil(lambda a=audience: op.table.item(0, 3).text() == a, timeout=2000)
        assert audience in op.figures.text()
    save(op, output_dir, "operator_window_stats.png")


# ---------------------------------------------------------------- registry and bingo alerts


def cards_completing_at(config, sequence: list[int], count: int) -> tuple[list[BingoCard], int]:
    """Cards 1 and 2 get their bingo (the top row) at the same ball; the rest are fillers."""
    board = config.board
    size = board.size
    top = [next(n for n in sequence if board.column_of(n) == c) for c in range(size)]
    ball = max(sequence.index(n) for n in top) + 1
    rng = random.Random(5)

    def card(serial: int, first_row: list[int] | None) -> BingoCard:
        columns = []
        for c in range(size):
            pool = [n for n in board.numbers_of_column(c) if first_row is None or n != top[c]]
            picked = rng.sample(pool, size - (first_row is not None))
            columns.append(([top[c]] if first_row is not None else []) + picked)
        return BingoCard(
            serial, tuple(tuple(columns[c][r] for c in range(size)) for r in range(size))
        )

    cards = [card(1, top), card(2, top)] + [card(s, None) for s in range(3, count + 1)]
    return cards, ball


def test_registry_count_bingo_alert_and_a_confirmed_winner(
    qtbot, config, tmp_path, fake_engine, output_dir
):
    scratch = DrawSession.open(config, tmp_path / "scratch.jsonl", seed=31)
    sequence = [scratch.draw() for _ in range(config.board.total_numbers)]
    scratch.close()
    cards, ball = cards_completing_at(config, sequence, 20)
    write_registry(tmp_path / "cards.csv", cards)
    registry = load_registry_for(config, tmp_path / "cards.csv")
    assert config.event.cards_in_play == 100

    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=31)
    answers: list[tuple[str, str]] = []

    def confirm(title: str, text: str) -> bool:
        answers.append((title, text))
        return True

    display = make_display(qtbot, session, config, registry=registry)
    op = show_windows(display, config, operator=True, full_screen=False)
    qtbot.addWidget(op)
    display.controller.confirm = confirm  # instead of the operator window's question
    display.start_background_work()
    # The odds count the 20 registered cards, not cards_in_play = 100.
    assert display.config.event.cards_in_play == 20
    assert display.odds.config.event.cards_in_play == 20
    assert "20" in op.log.toPlainText() and "100" in op.log.toPlainText()

    alerts = []
    display.bingo_alert.connect(lambda serials, at: alerts.append((tuple(serials), at)))
    for _ in range(ball - 1):
        land(qtbot, display)
    qtbot.waitUntil(
        lambda: (
            display.odds_panel.result is not None
            and len(display.odds_panel.result.drawn) == ball - 1
        ),
        timeout=5000,
    )
    assert alerts == [] and not display.flash.isVisible()
    with qtbot.waitSignal(display.bingo_alert, timeout=5000):
        land(qtbot, display)
    assert alerts == [((1, 2), ball)]
    assert display.flash.isVisible() and display.flash.text == "ビンゴ 2枚!"
    qtbot.wait(400)  # the pop-in animation, for the picture
    save(display, output_dir, "audience_bingo_flash.png")
    assert "0001" in op.log.toPlainText() and "0002" in op.log.toPlainText()
    listed = [op.bingo_cards.item(i).text() for i in range(op.bingo_cards.count())]
    assert listed[:2] == ["No.0001", "No.0002"]

    # The host types what is printed on the card; Enter again (or the button) records it.
    op.serial.setText("No.0001")
    op.check_serial()
    assert display.card_view.result.verdict == "bingo"
    assert op.winner_button.isEnabled()
    op.check_serial()  # Enter again on the same card
    assert [(w.serial, w.draw_count) for w in session.winners] == [(1, ball)]
    assert "0001" in answers[-1][1] and str(ball) in answers[-1][1]
    assert not op.winner_button.isEnabled()
    assert op.winners.item(0).text() == f"No.0001（{ball}球目）"
    save(display, output_dir, "audience_card_check_winner_recorded.png")
    save(op, output_dir, "operator_bingo_cards_and_winners.png")

    # Full-width digits work; "①" and "²" are refused with a message, never a traceback.
    view = display.card_view
    for text, expected in (("ＮＯ．０００２", 2), ("０００２", 2), ("no 2", 2)):
        view.input.setText(text)
        qtbot.keyClick(view.input, Qt.Key.Key_Return)
        assert view.result is not None and view.result.card.serial == expected
        view.result = None
    for text in ("①", "²", "No.", "x"):
        view.input.setText(text)
        qtbot.keyClick(view.input, Qt.Key.Key_Return)
        assert view.result is None and "No.0006" in view.message

    # At the end of the game the winners are listed on the audience view.
    view.close_view()
    while not session.finished:
        land(qtbot, display)
    assert f"No.0001（{ball}球目）" in display.banner_text
    save(display, output_dir, "audience_end_with_winners.png")
    journal = session.journal_path
    session.close()  # the journal keeps the winner
    records = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()]
    winners = [(r["serial"], r["draw_count"]) for r in records if r.get("type") == "winner"]
    assert winners == [(1, ball)]


def test_bingo_alert_can_be_turned_off_in_config(repo_root):
    text = (repo_root / "config.toml").read_text(encoding="utf-8")
    assert "bingo_alert = true" in text
    data = {"display": {"bingo_alert": False}}
    assert parse_config(data, check_images=False).display.bingo_alert is False
    from bingo.config import ConfigError

    with pytest.raises(ConfigError, match="display.bingo_alert"):
        parse_config({"display": {"bingo_alert": "yes"}}, check_images=False)


def test_bingo_watch_and_serial_parsing():
    watch = BingoWatch()
    assert watch.update({1, 2}, {7}) == ()  # the first state seen (a resume) is the baseline
    assert watch.update({1, 2, 3}, {7, 9}) == (9,)
    assert watch.update({1, 2}, {7}) == ()  # undo: no alert
    assert watch.update({1, 2, 3}, {7, 9}) == (9,)  # drawn again: alert again
    assert watch.update(set(), set()) == ()  # new game
    assert parse_serial("No.0006") == parse_serial("ｎｏ．６") == parse_serial("#6") == 6
    for bad in ("①", "²", "٣", "6.5", "-6", ""):
        assert parse_serial(bad) is None


# ---------------------------------------------------------------- on the projector


def test_impossible_is_zero_and_tiny_residues_are_zero():
    assert percent(2.220446049250313e-16) == "0%"
    assert percent(0.0) == "0%"
    assert percent(1 - 1e-15) == "100%"
    assert percent(0.0004) == "<0.1%"
    assert percent(0.9995) == ">99.9%"
    assert percent(0.123) == "12.3%"


def test_curve_axis_of_a_board_with_more_than_5000_numbers(qtbot, config, output_dir):
    assert [tick_step(n) for n in (10, 11, 40, 100, 5994, 9990)] == [1, 2, 5, 10, 1000, 1000]
    board = dataclasses.replace(config.board, size=6, numbers_per_column=999)
    big = dataclasses.replace(config, board=board)
    panel = OddsPanel(big, texts("ja"))
    qtbot.addWidget(panel)
    panel.resize(700, 300)
    draws = np.arange(board.total_numbers + 1)
    panel.set_curve(
        types.SimpleNamespace(
            draws=draws, p_any=np.clip(draws / 6000, 0, 1), expected_first_bingo=1
        )
    )
    panel.set_draw_count(4000)
    image = panel.grab()  # paintEvent used to raise StopIteration here (and abort Python)
    assert panel.curve_span() > 5000 and not image.isNull()


def test_full_screen_hides_the_pointer_and_leaving_restores_the_window(
    qtbot, config, tmp_path, fake_engine
):
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=3)
    display = make_display(qtbot, session, config)
    display.resize(1000, 600)
    display.show()
    qtbot.waitExposed(display)
    assert not display.pointer_hidden
    qtbot.keyClick(display, Qt.Key.Key_F11)
    assert display.isFullScreen() and display.pointer_hidden
    assert display.controls.buttons["draw"].cursor().shape() == Qt.CursorShape.BlankCursor
    display.pointer_idle_ms = 150
    qtbot.mouseMove(display.board, QPoint(20, 20))
    qtbot.waitUntil(lambda: not display.pointer_hidden, timeout=2000)  # moved: shown
    qtbot.waitUntil(lambda: display.pointer_hidden, timeout=3000)  # idle: hidden again
    qtbot.keyClick(display, Qt.Key.Key_Escape)
    assert not display.isFullScreen() and not display.pointer_hidden
    qtbot.waitUntil(lambda: display.size().toTuple() == (1000, 600), timeout=3000)


def test_host_warnings_never_reach_the_audience(qtbot, config, tmp_path, fake_engine, capsys):
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=3)
    display = make_display(qtbot, session, config)
    display.show()
    display.warn("sound off: Qt Multimedia is not usable here (test)")
    assert display.notice_text == "" and display.banner_text == ""
    assert "sound off" in capsys.readouterr().err


def test_resume_banner_leaves_the_recent_numbers_visible(
    qtbot, config, tmp_path, fake_engine, output_dir
):
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=4)
    for _ in range(6):
        session.draw()
    session.close()
    session = DrawSession.open(config, path)
    display = make_display(qtbot, session, config)
    display.resize(1280, 720)
    display.show()
    qtbot.waitExposed(display)
    assert "復元" in display.banner_text and display.banner.isVisible()
    title = display._rects()["title"].toAlignedRect()
    assert not display.banner.geometry().intersects(title)  # the recent numbers live there
    assert not display.banner.geometry().intersects(display.reel.geometry())
    assert not display.banner.geometry().intersects(display.board.geometry())
    save(display, output_dir, "audience_resumed_banner.png")


def test_confirmations_are_large_and_in_the_show_style(
    qtbot, config, tmp_path, fake_engine, output_dir
):
    from PySide6.QtCore import QTimer

    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=3)
    display = make_display(qtbot, session, config)
    display.resize(1280, 720)
    display.show()
    qtbot.waitExposed(display)
    land(qtbot, display)
    heights = []

    def look_and_refuse() -> None:
        overlay = display.confirm_overlay
        heights.append(overlay.no_button.height())
        save(display, output_dir, "audience_confirm_undo.png")
        qtbot.keyClick(overlay, Qt.Key.Key_Escape)  # Esc answers no

    QTimer.singleShot(50, look_and_refuse)
    qtbot.keyClick(display, Qt.Key.Key_Backspace)
    assert len(session.history) == 1
    assert heights and heights[0] >= 0.08 * 720


@pytest.mark.parametrize("size,per_column,least_px", [(4, 10, 26), (8, 8, 20), (8, 15, 14)])
def test_board_digits_are_readable_at_720p(
    qtbot, config, tmp_path, fake_engine, output_dir, size, per_column, least_px
):
    names = ("P", "L", "B", "4", "Y", "O", "T", "E")[:size]
    colours = ("#ff4b5c", "#3ddc5a", "#4b8bff", "#ffd23f") * 2
    board = dataclasses.replace(
        config.board, size=size, numbers_per_column=per_column, images_per_column=per_column
    )
    columns = dataclasses.replace(
        config.columns,
        names=names,
        outline=("#202020",) * size,
        fill=colours[:size],
        shadow=("#000000",) * size,
    )
    cfg = dataclasses.replace(config, board=board, columns=columns)
    session = DrawSession.open(cfg, tmp_path / "j.jsonl", seed=2)
    display = make_display(qtbot, session, cfg)
    display.resize(1280, 720)
    display.show()
    qtbot.waitExposed(display)
    for _ in range(12):
        land(qtbot, display)
    # Before: 20.5 px (4x10), 11.7 px (8x8 and 8x15). benchmarks/board_digits.py prints all.
    assert display.board.digit_px() >= least_px
    save(display, output_dir, f"audience_board_{size}x{per_column}_720p.png")
