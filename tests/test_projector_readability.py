"""Issue 22 item 9: on the projector sizes hosts meet (1024x768, 1280x800, 1280x720, 1920x1080)
and every board 3..10 (10x10 with 15 per column: 3-digit numbers), nothing the room reads is
cut and nothing is smaller than 2.5 % of the screen height. Every piece of text is measured
(font metrics against the box it is drawn in) as the screen is grabbed: idle with the join code,
the help, and 20 draws in with a bingo announcement, the resume banner and the disk-full notice.

One window a board is resized through the screens (projector_support.resize_to: the same text,
font and box as a window opened at each size), so the 20 draws are played once a board, not
once a (board, screen). The same window, 20 draws in, shows the reel's landed number whole at
1024x768 and 1920x1080 (check_reel: it was a test of its own, a window a board 3 draws in).
"""

from __future__ import annotations

import pytest
from projector_support import (
    BOARDS,
    FAKE_ENGINE,
    SCREENS,
    board_config,
    board_id,
    grab_text,
    grab_with_text,
    install_fake_engine,
    odds_settled,
    resize_to,
    save_shot,
    screens_in_turn,
    text_problems,
)

from bingo.session import DrawSession
from bingo.ui.display import DisplayWindow
from bingo.ui.joinbadge import JoinBadge
from cards.generate import generate_cards

URL = "http://192.168.100.200:8080/"


@pytest.fixture(autouse=True)
def fake_engine():
    import sys

    yield install_fake_engine()
    sys.modules.pop(FAKE_ENGINE, None)


def open_show(qtbot, tmp_path, board, screen, language="ja"):
    size, per_column, free = board
    cfg = board_config(size, per_column, free, language)
    registry = {c.serial: c for c in generate_cards(cfg.board, 60, seed=3)}
    session = DrawSession.open(cfg, tmp_path / "j.jsonl", seed=5)
    window = DisplayWindow(
        session, cfg, registry=registry, probability_module=FAKE_ENGINE, odds_mode="thread"
    )
    qtbot.addWidget(window)
    window.resize(*screen)
    window.show()
    qtbot.waitExposed(window)
    window.join_badge = JoinBadge(window, URL)
    window.start_background_work()
    return window


def after_draws(qtbot, window, count=20):
    for _ in range(count):
        window.controller.draw()
        window.controller.land_now()
    qtbot.waitUntil(
        lambda: (
            window.odds_panel.result is not None
            and len(window.odds_panel.result.drawn) == len(window.controller.revealed)
            and window.odds_panel.curve is not None
        ),
        timeout=60000,  # the first odds of a process load the engine's kernels
    )
    announce(window, count)


def announce(window, count):
    """What the room may read at once after a draw: the bingo flash (held at full size), the
    resume banner and the disk-full notice."""
    s = window.strings
    window.flash.flash(s("bingo_flash", n=3))
    window.flash._t = 0.5  # holding, full size
    window.show_banner(s("resumed", n=count) + " — " + s("torn_line"), 60000)
    window.show_notice(s("disk_full"), "error", 60000)


def by_board(boards):
    return [pytest.param(board, id=board_id(board)) for board in boards]


@pytest.mark.parametrize("board", by_board(BOARDS))
def test_nothing_the_room_reads_is_cut_small_or_drawn_over_another(
    qtbot, tmp_path, board, output_dir
):
    """Every board on every screen (the fast tier: each board on one screen, in turn): idle,
    the help, the first draw and 20 draws in. Each text whole and at least 2.5 % of the screen
    height, and none drawn over another: the curve's axis labels ran into each other on a narrow
    panel ("0 204060801001 20140"). 20 draws in, at 1024x768 and 1920x1080 (the fast tier: one
    of them, in turn), the reel shows the drawn number whole and only slivers of its
    neighbours (check_reel)."""
    index = BOARDS.index(board)
    screens = screens_in_turn(index)
    reel_screens = screens_in_turn(index, [(1024, 768), (1920, 1080)])
    check_screens(
        qtbot, tmp_path, board, screens, output_dir, "ja", overlap=True, reel=reel_screens
    )


ENGLISH = [(4, 10, False), (10, 15, False)]


@pytest.mark.parametrize("board", by_board(ENGLISH))
def test_nothing_is_cut_or_small_in_english(qtbot, tmp_path, board, output_dir):
    screens = screens_in_turn(ENGLISH.index(board) * 2 + 1)
    check_screens(qtbot, tmp_path, board, screens, output_dir, "en", overlap=False)


def check_screens(qtbot, tmp_path, board, screens, output_dir, language, overlap, reel=()):
    """One window for the board, resized through `screens` in each state: the text measured
    (text_problems) and, with `overlap`, no text over another (overlapping); 20 draws in, the
    reel at each of the `reel` screens (check_reel)."""
    from bingo.ui.textcheck import overlapping

    window = open_show(qtbot, tmp_path, board, screens[0], language)
    report: list[str] = []
    grabbed = {}  # the last check's picture: the shot of the same screen saves it

    def check(state, screen, cuts=True):
        grabbed["picture"], entries = grab_with_text(window)
        found = text_problems(entries, screen[1]) if cuts else []
        found += overlapping(entries) if overlap else []
        report.extend(
            f"{state} at {screen[0]}x{screen[1]}: {line}" for line in dict.fromkeys(found)
        )

    def shot(screen, state):
        name = f"projector_{screen[0]}x{screen[1]}_{board[0]}x{board[1]}"
        name += "_en" if language == "en" else ""
        save_shot(window, output_dir, f"{name}_{state}.png", grabbed["picture"])

    shots = board[0] in (4, 5, 10)
    for screen in screens:
        resize_to(qtbot, window, screen)
        check("idle", screen)
        if shots and screen in ((1024, 768), (1920, 1080)):
            shot(screen, "idle")
    for screen in screens:
        resize_to(qtbot, window, screen)
        window.open_help()
        check("help", screen)
        if shots and screen in ((1024, 768), (1920, 1080)):
            shot(screen, "help")
        window.help.close_view()
    draws = 20
    if overlap:  # the first ball landed, its odds perhaps not in yet
        window.controller.draw()
        window.controller.land_now()
        for screen in screens:
            resize_to(qtbot, window, screen)
            check("first draw", screen, cuts=False)
        draws -= 1
    after_draws(qtbot, window, draws)
    qtbot.waitUntil(lambda: odds_settled(window), timeout=60000)
    for screen in screens:
        resize_to(qtbot, window, screen)
        announce(window, 20)
        check("20 draws", screen)
        if shots:
            shot(screen, "20draws")
    assert not report, "\n".join(report)
    for screen in reel:
        resize_to(qtbot, window, screen)
        check_reel(qtbot, window)


def check_reel(qtbot, window):
    """The reel shows the drawn number whole and only slivers of its neighbours, dimmed."""
    reel = window.reel
    # The landing glow (1.2 s) grows over the neighbours: sample the still frame, not the glow
    # (on a busy machine the odds were ready before it had faded).
    qtbot.waitUntil(lambda: reel.settled, timeout=10000)
    window_rect = reel.window_rect()
    landed = reel.landed_rect()
    assert window_rect.contains(landed)
    item_h = landed.height()
    spacing = item_h * 1.08  # the reel's pitch between two numbers
    sliver = window_rect.height() / 2 - (spacing - item_h / 2)
    assert sliver <= 0.25 * item_h, f"a neighbour shows {sliver / item_h:.0%} of its height"
    # and what shows of them is dimmed: the landed tile is much brighter than a neighbour's
    image = reel.grab().toImage()

    def lightness(y0: float, y1: float) -> float:
        xs = range(round(landed.left()) + 4, round(landed.right()) - 4, 3)
        ys = range(round(y0), round(y1), 2)
        values = [image.pixelColor(x, y).lightness() for x in xs for y in ys]
        return sum(values) / max(1, len(values))

    neighbour = lightness(window_rect.top() + 1, landed.top() - item_h * 0.12)
    assert neighbour < 0.6 * lightness(landed.top(), landed.bottom())


@pytest.mark.parametrize("board", [(8, 15, False), (10, 15, False), (9, 11, False)])
def test_every_number_of_a_board_has_one_digit_size(qtbot, tmp_path, board):
    """3-digit numbers used a smaller font on the board than 1- and 2-digit ones."""
    window = open_show(qtbot, tmp_path, board, (1024, 768))
    cell_w, cell_h = window.board._geometry()["cell"]
    total = window.config.board.total_numbers
    for lit in (True, False):
        sizes = {
            window.art.cell_font(n, cell_w, cell_h, lit, True).pixelSize()
            for n in (1, 7, 42, 99, total)
        }
        assert len(sizes) == 1, sizes


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_disk_full_notice_is_shown_whole_with_its_advice(qtbot, tmp_path, language):
    """Issue 27 item 6: the disk-full notice on the audience view was cut before its advice.
    On every screen, 2 draws in."""
    window = open_show(qtbot, tmp_path, (4, 10, False), SCREENS[0], language)
    after_draws(qtbot, window, 2)
    text = window.strings("disk_full")
    for screen in SCREENS:
        resize_to(qtbot, window, screen)
        window.show_notice(text, "error", 60000)
        entries = grab_text(window)
        drawn = [e for e in entries if text in e["text"]]
        assert drawn, f"the whole notice, advice included, is drawn at {screen}"
        assert text_problems(drawn, screen[1]) == [], screen
