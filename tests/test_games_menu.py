"""The `games` launcher: the Qt menu opens and each button launches its game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from games.cli import game_names, main
from games.common import Card, deck_32, deck_53, parse_card
from games.menu import GamesMenu

ROOT = Path(__file__).resolve().parent.parent


def test_menu_lists_every_game_and_launches(qtbot, output_dir):
    menu = GamesMenu(str(ROOT / "config.toml"), "ja")
    qtbot.addWidget(menu)
    menu.show()
    assert list(menu.buttons) == list(game_names())
    assert list(game_names())[:3] == ["schwimmen", "cool24", "daifugo"]  # then any other
    assert menu.buttons["daifugo"].text() == "大富豪"
    menu.launch("cool24", start=False)
    assert menu.launched == ["cool24"]
    menu.grab().save(str(output_dir / "games_menu.png"))


def test_unknown_game_is_a_clear_error(capsys):
    assert main(["poker"]) == 2
    err = capsys.readouterr().err
    assert "choose schwimmen, cool24" in err and "daifugo" in err and "(or serve)" in err


def test_card_text_form_and_decks():
    assert str(Card.parse("10H")) == "10H" and parse_card("jk").is_joker
    assert len(deck_32()) == 32 and len(set(deck_53())) == 53


# Runs a game and prints "shown" once its first window (the start dialog) is on screen and an
# event loop runs, so the test sends Ctrl+C at a known moment instead of after a guessed pause.
ANNOUNCE_FIRST_WINDOW = """
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
from games.cli import main

class FirstWindow(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Show and watched.isWidgetType() and watched.isWindow():
            QTimer.singleShot(0, lambda: print("shown", flush=True))
            QApplication.instance().removeEventFilter(self)
        return False

app = QApplication(sys.argv[:1])
first_window = FirstWindow()
app.installEventFilter(first_window)
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.parametrize("game", ["schwimmen", "daifugo"])
def test_ctrl_c_closes_a_game_even_at_its_start_dialog(game, tmp_path):
    """Qt's event loop would swallow Ctrl+C; the games (and the display) close on it."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PUYO_EVENT_DATA_DIR": str(tmp_path),
        "PYTHONPATH": str(ROOT),
    }
    proc = subprocess.Popen(
        [sys.executable, "-c", ANNOUNCE_FIRST_WINDOW, game, "--config", str(ROOT / "config.toml")],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout.readline() == "shown\n"  # the start dialog is up
        assert proc.poll() is None
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


def test_the_menu_has_the_games_look_and_every_text_reads(qtbot, output_dir):
    """Large tiles on the felt, each with its name and a line, nothing cut (issue 24 item 9)."""
    from textboxes import painted_texts, text_problems, widget_text_problems

    from games.common import registry
    from games.menu import GamesMenu
    from games.menu_tiles import GameTile

    menu = GamesMenu(None, "ja")
    qtbot.addWidget(menu)
    menu.show()
    assert all(isinstance(tile, GameTile) for tile in menu.buttons.values())
    with painted_texts(skip=("paint_card", "CardPainter.paint", "paint_menu_card")) as texts:
        image = menu.grab()
    image.save(str(output_dir / "games_menu_tiles.png"))
    drawn = {t.text for t in texts}
    lines = {e.menu.line("ja") for e in registry.menu_entries() if e.menu is not None}
    assert lines <= drawn and {"シュビメン", "大富豪"} <= drawn
    for tile in menu.buttons.values():
        # large tiles, not a list of buttons (a fifth of the menu each with three games)
        assert tile.height() >= 0.6 * menu.height() / len(menu.buttons)
    problems = []
    for tile in menu.buttons.values():
        with painted_texts(skip=("paint_card", "CardPainter.paint", "paint_menu_card")) as texts:
            tile.grab()
        problems += text_problems(texts, menu.height(), tile.rect().toRectF())
    labels = [w for w in widget_text_problems(menu, menu.height()) if "QLabel" in w]
    assert problems + labels == []
    assert menu.title.geometry().bottom() < min(t.geometry().top() for t in menu.buttons.values())
