"""The games menu from any folder: one config rule for every game, and a dialog when a game
fails to start (issue 18, "Menu and start-up"; issue 19)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from games.cli import main as games_main
from games.cool24.app import load_settings as cool24_settings
from games.cool24.settings import parse_settings as cool24_parse
from games.daifugo.app import resolve as daifugo_resolve
from games.daifugo.settings import DaifugoSettings
from games.menu import GamesMenu, failure_message, menu_config_path
from games.schwimmen.app import build_parser as schwimmen_parser
from games.schwimmen.app import load_settings as schwimmen_settings
from games.schwimmen.settings import parse_settings as schwimmen_parse

ROOT = Path(__file__).resolve().parent.parent


def test_the_menu_passes_an_absolute_config_or_none(qtbot, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert menu_config_path(None) is None  # no config.toml here: every game uses defaults
    menu = GamesMenu(None)
    assert menu.arguments("daifugo") == ["-m", "games", "daifugo"]
    (tmp_path / "config.toml").write_text("", encoding="utf-8")
    assert menu_config_path(None) == str(tmp_path / "config.toml")
    assert menu_config_path("sub/event.toml") == str(tmp_path / "sub" / "event.toml")
    menu = GamesMenu(menu_config_path("sub/event.toml"))
    assert menu.arguments("cool24") == [
        "-m",
        "games",
        "cool24",
        "--config",
        str(tmp_path / "sub" / "event.toml"),
    ]


def test_every_game_starts_with_defaults_outside_the_project_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings, language, _ = daifugo_resolve([])
    assert settings == DaifugoSettings() and language == "ja"
    settings, language = schwimmen_settings(schwimmen_parser().parse_args([]))
    assert settings == schwimmen_parse({}) and language == "ja"
    assert cool24_settings(None) == cool24_parse({}, base_dir=tmp_path)


def test_a_config_given_but_missing_is_still_an_error(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    for game in ("daifugo", "schwimmen", "cool24"):
        assert games_main([game, "--config", "event.toml"]) == 1
        # no file, no language but the default: Japanese, with the label the menu shows
        err = capsys.readouterr().err
        assert err.startswith("設定エラー: 設定ファイル event.toml が見つかりません")
        assert failure_message(err) == err.strip()


def test_failure_message_prefers_the_error_line():
    assert failure_message("note: x\nerror: --cpu ',' names no level\n") == (
        "error: --cpu ',' names no level"
    )
    traceback = 'Traceback (most recent call last):\n  File "x"\nKeyError: 3\n'
    assert failure_message(traceback) == "KeyError: 3"
    assert failure_message("") == ""


@pytest.mark.parametrize("game", ["daifugo", "schwimmen", "cool24"])
def test_a_game_that_fails_to_start_shows_a_dialog(qtbot, tmp_path, game, output_dir):
    config = tmp_path / "config.toml"
    config.write_text(f"[{game}]\nno_such_key = 1\n", encoding="utf-8")
    menu = GamesMenu(menu_config_path(str(config)), "ja")
    qtbot.addWidget(menu)
    menu.show()
    with qtbot.waitSignal(menu.buttons[game].clicked):
        qtbot.mouseClick(menu.buttons[game], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: menu.error_box is not None and menu.error_box.isVisible(), timeout=60_000
    )
    box = menu.error_box
    assert "開始できませんでした" in box.text()
    assert "no_such_key" in box.informativeText() and "Traceback" not in box.informativeText()
    assert menu.processes == []
    if game == "daifugo":
        box.grab().save(str(output_dir / "games_menu_start_error.png"))
    box.close()
