"""Issue 22 item 3: "ビンゴ N枚!" covered the number just drawn for 3.5 s. From the landing to
the next spin the reel's landed number and its column letter stay whole in view, whatever else is
announced (the bingo flash, the resume banner, a notice, a long notice's pill, a claim)."""

from __future__ import annotations

import sys

import pytest
from projector_support import (
    FAKE_ENGINE,
    board_config,
    install_fake_engine,
    resize_to,
    save_shot,
)
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QWidget

from bingo.session import DrawSession
from bingo.ui.display import DisplayWindow

BOARDS = [(4, 10, False), (5, 15, True), (10, 15, False)]
SIZES = [(1024, 768), (1280, 720), (1920, 1080)]


@pytest.fixture(autouse=True)
def fake_engine():
    yield install_fake_engine()
    sys.modules.pop(FAKE_ENGINE, None)


def landed_rect(window) -> QRect:
    """The landed number and its letter, in the window's coordinates."""
    rect = window.reel.landed_rect().toAlignedRect()
    return rect.translated(window.reel.pos())


def covering(window) -> list[str]:
    """The visible widgets over the window that overlap the landed number (the reel aside)."""
    target = landed_rect(window)
    found = []
    for child in window.findChildren(QWidget):
        if child.parentWidget() is not window or child is window.reel or not child.isVisible():
            continue
        if child.geometry().intersects(target):
            found.append(type(child).__name__)
    return found


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: f"{b[0]}x{b[1]}")
def test_the_landed_number_stays_in_view_through_every_announcement(
    qtbot, tmp_path, board, output_dir
):
    """At each size: one window resized through them (projector_support.resize_to), the
    announcements shown afresh at each size as they would be in a window opened at it."""
    cfg = board_config(*board)
    session = DrawSession.open(cfg, tmp_path / "j.jsonl", seed=9)
    window = DisplayWindow(session, cfg, probability_module=FAKE_ENGINE, odds_mode="thread")
    qtbot.addWidget(window)
    window.resize(*SIZES[0])
    window.show()
    qtbot.waitExposed(window)
    window.start_background_work()
    for _ in range(18):
        window.controller.draw()
        window.controller.land_now()
    count = len(window.controller.revealed)
    # a landing with its bingo announcement, as the odds bring it (bingo_alert on)
    window.controller.draw()
    with qtbot.waitSignal(window.reel.landed, timeout=5000):
        pass
    count += 1
    for screen in SIZES:
        resize_to(qtbot, window, screen)
        check_announcements(window, count, screen)
        if board[0] == 4 and screen == (1024, 768):
            save_shot(window, output_dir, "projector_1024x768_bingo_number_visible.png")


def check_announcements(window, count, screen):
    window.flash.flash(window.strings("bingo_flash", n=18))
    assert window.flash.isVisible()
    s = window.strings
    window.show_banner(s("resumed", n=count) + " — " + s("torn_line"), 60000)
    window.show_notice(s("disk_full"), "error", 60000)  # long: shown in the pill
    assert window.notice_pill.isVisible(), screen
    assert window.reel.shown_number == window.controller.revealed[-1]
    assert covering(window) == [], (screen, covering(window))
    window.show_notice("ビンゴ申告: カード 12（V で確認）", "info", 60000)  # a claim's notice
    assert covering(window) == [], screen
    window.flash.flash(s("bingo_flash", n=3))  # a flash at any moment is placed the same way
    assert covering(window) == [], screen
    # and on the picture: the landed tile is drawn by the reel alone
    frame = window.grab().toImage()
    reel = window.reel.grab().toImage()
    rect = window.reel.landed_rect().toAlignedRect()
    origin = window.reel.pos()
    step = max(1, rect.width() // 12)
    for x in range(rect.left() + 2, rect.right() - 2, step):
        for y in range(rect.top() + 2, rect.bottom() - 2, step):
            assert frame.pixel(x + origin.x(), y + origin.y()) == reel.pixel(x, y), screen


@pytest.mark.parametrize("screen", [(1024, 768), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_twenty_draws_with_a_real_bingo_alert_keep_the_number_in_view(
    qtbot, tmp_path, screen, output_dir
):
    """The closing note's picture: 60 registered cards on 4x4, the 20th ball brings new bingos
    (the registry's alert, not a staged one), and the number just drawn is whole beside it."""
    from cards.check import registry_stats
    from cards.generate import generate_cards

    cfg = board_config(4, 10)
    cards = generate_cards(cfg.board, 60, seed=5)
    for seed in range(200):  # a seed whose 20th ball gives some card its first bingo
        scratch = DrawSession.open(cfg, tmp_path / f"s{seed}.jsonl", seed=seed)
        balls = [scratch.draw() for _ in range(20)]
        scratch.close()
        before = registry_stats(cards, balls[:19], 4).bingo_serials
        after = registry_stats(cards, balls, 4).bingo_serials
        if set(after) - set(before):
            break
    session = DrawSession.open(cfg, tmp_path / "j.jsonl", seed=seed)
    window = DisplayWindow(
        session,
        cfg,
        registry={c.serial: c for c in cards},
        probability_module=FAKE_ENGINE,
        odds_mode="thread",
    )
    qtbot.addWidget(window)
    window.resize(*screen)
    window.show()
    qtbot.waitExposed(window)
    window.start_background_work()
    for _ in range(19):
        window.controller.draw()
        window.controller.land_now()
    qtbot.waitUntil(
        lambda: window.odds_panel.result is not None and len(window.odds_panel.result.drawn) == 19,
        timeout=60000,
    )
    window.controller.draw()
    with qtbot.waitSignal(window.reel.landed, timeout=5000):
        pass
    qtbot.waitUntil(window.flash.isVisible, timeout=60000)
    new = len(set(after) - set(before))
    assert window.flash.text == window.strings("bingo_flash", n=new)
    assert window.reel.shown_number == balls[19] and covering(window) == []
    qtbot.wait(350)  # the pop-in, for the picture
    save_shot(window, output_dir, f"projector_{screen[0]}x{screen[1]}_20draws_bingo.png")
