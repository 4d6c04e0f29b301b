"""The `games` launcher menu: one button per game; each game opens in its own process."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from PySide6.QtCore import QProcess, Qt
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from eventkit.qtruntime import make_app
from eventkit.tomlconf import DEFAULT_CONFIG_PATH, ConfigError, language_of, read_toml
from games.cli import GAMES


class GamesMenu(QWidget):
    """A small window listing the games; `launch` starts one with the same config."""

    def __init__(self, config_path: str, language: str = "ja") -> None:
        super().__init__()
        self.config_path = config_path
        self.language = language
        self.launched: list[str] = []
        self.setWindowTitle("ゲーム" if language == "ja" else "Games")
        layout = QVBoxLayout(self)
        title = QLabel("遊ぶゲームを選んでください" if language == "ja" else "Choose a game")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        title.setStyleSheet("font-size: 20px; font-weight: bold; margin: 12px;")
        layout.addWidget(title)
        self.buttons: dict[str, QPushButton] = {}
        for name, (ja, en) in GAMES.items():
            button = QPushButton(ja if language == "ja" else en)
            button.setMinimumHeight(56)
            button.setStyleSheet("font-size: 18px;")
            button.clicked.connect(lambda _=False, n=name: self.launch(n))
            layout.addWidget(button)
            self.buttons[name] = button
        self.resize(360, 300)

    def launch(self, name: str, *, start: bool = True) -> None:
        self.launched.append(name)
        if start:
            QProcess.startDetached(
                sys.executable, ["-m", "games", name, "--config", self.config_path]
            )


def run_menu(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="games")
    parser.add_argument("--config", default=str(DEFAULT_CONFIG_PATH), metavar="PATH")
    args = parser.parse_args(list(argv))
    language = "ja"
    try:
        language = language_of(read_toml(args.config))
    except ConfigError as exc:
        print(f"config warning: {exc} (using defaults)", file=sys.stderr)
    app = make_app("games")
    menu = GamesMenu(args.config, language)
    menu.show()
    return app.exec()
