"""The `games` launcher: the Qt menu opens and each button launches its game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games.cli import GAMES, main
from games.common import Card, deck_32, deck_53, parse_card
from games.menu import GamesMenu

ROOT = Path(__file__).resolve().parent.parent


def test_menu_lists_every_game_and_launches(qtbot, output_dir):
    menu = GamesMenu(str(ROOT / "config.toml"), "ja")
    qtbot.addWidget(menu)
    menu.show()
    assert set(menu.buttons) == set(GAMES)
    assert menu.buttons["daifugo"].text() == "大富豪"
    menu.launch("cool24", start=False)
    assert menu.launched == ["cool24"]
    menu.grab().save(str(output_dir / "games_menu.png"))


def test_unknown_game_is_a_clear_error(capsys):
    assert main(["poker"]) == 2
    assert "choose schwimmen, cool24 or daifugo" in capsys.readouterr().err


def test_card_text_form_and_decks():
    assert str(Card.parse("10H")) == "10H" and parse_card("jk").is_joker
    assert len(deck_32()) == 32 and len(set(deck_53())) == 53


@pytest.mark.parametrize("game", ["schwimmen", "daifugo"])
def test_ctrl_c_closes_a_game_even_at_its_start_dialog(game, tmp_path):
    """Qt's event loop would swallow Ctrl+C; the games (and the display) close on it."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PUYO_EVENT_DATA_DIR": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "games", game, "--config", str(ROOT / "config.toml")],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(3)  # the start dialog is up
        assert proc.poll() is None
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
