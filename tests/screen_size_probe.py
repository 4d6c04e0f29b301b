"""Run by tests/test_games_window_sizes.py in a process of its own, on an offscreen screen of a
given size (Qt's offscreen platform reads the screen from a JSON file): for each game named
(comma-separated: one process a screen plays both), opens it full screen as `games schwimmen` /
`games cool24` do, plays a seeded whole game with F11 round trips, and hides it. Prints one JSON
line: the screen, and for each game every window size seen, the problems the text measure finds
after 10 rounds (or at the end) and where the grab went.

    QT_QPA_PLATFORM=offscreen:configfile=screen.json \
        python tests/screen_size_probe.py schwimmen,cool24 OUT
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget

sys.path.insert(0, str(Path(__file__).resolve().parent))

from textboxes import painted_texts, text_problems, widget_text_problems

ROUNDS = 10  # the grab is taken after this many rounds


def pump(app: QApplication, times: int = 3) -> None:
    for _ in range(times):
        app.processEvents()


def controls_off_screen(window: QWidget) -> list[str]:
    """Buttons (visible ones) that do not lie whole inside the window."""
    inside = QRectF(window.rect()).adjusted(-1, -1, 1, 1)
    found = []
    for button in window.findChildren(QAbstractButton):
        if not button.isVisibleTo(window):
            continue
        top_left = button.mapTo(window, button.rect().topLeft())
        placed = QRectF(top_left.x(), top_left.y(), button.width(), button.height())
        if not inside.contains(placed):
            found.append(f"button {button.text()!r} at {placed}")
    return found


def painting(window: QWidget, on: bool) -> None:
    """Between the measured screens the window plays unpainted (updates off): nothing checks a
    frame painted there (sizes are the window's geometry, the text is measured on a grab), and
    painting every CPU move was most of the probe's time."""
    window.setUpdatesEnabled(on)


def measure(window: QWidget, grab: Path) -> list[str]:
    painting(window, True)
    with painted_texts(skip=("paint_card", "CardPainter.paint")) as texts:
        image = window.grab()
    image.save(str(grab))
    problems = text_problems(texts, window.height(), QRectF(window.rect()))
    return problems + widget_text_problems(window, window.height()) + controls_off_screen(window)


def measure_schwimmen(window: QWidget, grab: Path) -> list[str]:
    """The table under the round's results, then the results over it (each whole on its own;
    the results panel covers the table, so the two are not checked against each other)."""
    painting(window, True)
    overlay = window.round_overlay
    overlay.hide()
    problems = measure(window, grab.with_name(grab.stem + "_table.png"))
    overlay.show()
    with painted_texts(skip=("paint_card", "CardPainter.paint")) as texts:
        overlay.grab()
    window.grab().save(str(grab))
    problems += text_problems(texts, window.height(), QRectF(overlay.rect()))
    return problems + widget_text_problems(window, window.height()) + controls_off_screen(window)


def size_of(window: QWidget) -> list[int]:
    return [window.width(), window.height()]


def f11_round_trip(app: QApplication, window: QWidget, sizes: list, normal: list) -> None:
    """Out of full screen (a window inside the screen's free area) and back in."""
    window.toggle_full_screen() if hasattr(
        window, "toggle_full_screen"
    ) else window.leave_full_screen()
    pump(app, 10)
    normal.append([window.x(), window.y(), window.width(), window.height(), window.isFullScreen()])
    if hasattr(window, "toggle_full_screen"):
        window.toggle_full_screen()
    else:
        window.enter_full_screen()
    pump(app, 10)
    sizes.append(size_of(window))


def schwimmen(app: QApplication, out: Path, tag: str) -> dict:
    from eventkit.screen import open_on_screen
    from games.schwimmen.ai import CpuPlayer
    from games.schwimmen.qt.window import SchwimmenWindow, with_fast_timings
    from games.schwimmen.settings import SchwimmenSettings

    settings = replace(with_fast_timings(SchwimmenSettings()), players=4)
    window = SchwimmenWindow(settings, "ja", seed=7, ask=False)
    open_on_screen(window)
    window.start()
    pump(app, 10)
    painting(window, False)
    sizes, normal, problems = [size_of(window)], [], []
    me = CpuPlayer("easy", 1)
    rounds = 0
    grab = out / f"schwimmen_after_rounds_{tag}.png"
    for _ in range(20_000):
        pump(app)
        if window.round_overlay.isVisible():
            rounds += 1
            sizes.append(size_of(window))
            if rounds in (2, 5):
                f11_round_trip(app, window, sizes, normal)
            if rounds == ROUNDS or (window.session.game.is_over and rounds < ROUNDS):
                problems = measure_schwimmen(window, grab)
                painting(window, False)
            if window.session.game.is_over:
                break
            window.next_round()
            continue
        if window.human_to_move():  # the person plays as an easy CPU would, by the window
            game = window.session.game
            window._human(me.choose(game.observation(window.seat), game.legal_actions()))
            sizes.append(size_of(window))
    window.hide()  # the next game's window has the screen to itself
    pump(app)
    return {
        "rounds": rounds,
        "over": window.session.game.is_over,
        "sizes": sizes,
        "normal": normal,
        "problems": problems,
        "grab": str(grab),
    }


def cool24(app: QApplication, out: Path, tag: str) -> dict:
    from games.cool24.policies import greedy_slot
    from games.cool24.qt.window import Cool24Widget
    from games.cool24.settings import Cool24Settings

    widget = Cool24Widget(Cool24Settings(), seed=5)
    widget.enter_full_screen()  # as run_game opens it
    pump(app, 10)
    sizes, normal = [size_of(widget)], []
    f11_round_trip(app, widget, sizes, normal)
    widget.start()
    painting(widget, False)
    plays = 0
    while widget.state == "play":
        widget.play_slot(greedy_slot(widget.session.game))
        plays += 1
        pump(app, 1)
        sizes.append(size_of(widget))
        if plays == 10:
            f11_round_trip(app, widget, sizes, normal)
    widget.arrived, widget.flying, widget.shown_score = {}, None, widget.session.game.score
    widget.popups.clear()
    grab = out / f"cool24_after_game_{tag}.png"
    problems = measure(widget, grab)
    widget.hide()
    pump(app)
    return {
        "plays": plays,
        "over": widget.state == "over",
        "sizes": sizes,
        "normal": normal,
        "problems": problems,
        "grab": str(grab),
    }


def main() -> None:
    games, out = sys.argv[1].split(","), Path(sys.argv[2])
    from eventkit.qtruntime import make_app

    app = make_app(f"probe {sys.argv[1]}")
    screen = app.primaryScreen()
    geometry = screen.geometry()
    tag = f"{geometry.width()}x{geometry.height()}"
    found: dict = {
        game: {"schwimmen": schwimmen, "cool24": cool24}[game](app, out, tag) for game in games
    }
    free = app.primaryScreen().availableGeometry()
    found["screen"] = [geometry.width(), geometry.height()]
    found["free"] = [free.x(), free.y(), free.width(), free.height()]
    print(json.dumps(found))


if __name__ == "__main__":
    main()
