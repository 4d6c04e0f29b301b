"""The `games` launcher menu: one button per registered game with a window (games.common.registry's
`menu_entries`); each game opens in its own process.

Every game gets the same settings: the config file the menu was started with (as an absolute
path, so it still works from another folder), ./config.toml when the menu found one, else no
`--config` at all (each game then uses its default settings). A game that fails to start or
ends with an error shows its message in a dialog of the menu.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QProcess, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QPushButton, QVBoxLayout, QWidget

from eventkit import theme
from eventkit.qtruntime import make_app
from eventkit.tomlconf import DEFAULT_CONFIG_PATH, ConfigError, language_of, read_toml
from games.common import registry
from games.menu_tiles import GameTile

_TEXT = {
    "ja": {
        "title": "ゲーム",
        "choose": "遊ぶゲームを選んでください",
        "failed": "{game} を開始できませんでした",
        "crashed": "{game} が異常終了しました",
        "no_details": "（詳しい情報はありません）",
    },
    "en": {
        "title": "Games",
        "choose": "Choose a game",
        "failed": "{game} could not start",
        "crashed": "{game} stopped with an error",
        "no_details": "(no details)",
    },
}


def menu_config_path(given: str | None) -> str | None:
    """The config file every game gets: the one given, else ./config.toml when present; made
    absolute so a game finds it whatever its working folder."""
    if given is None:
        if not DEFAULT_CONFIG_PATH.exists():
            return None
        given = str(DEFAULT_CONFIG_PATH)
    return str(Path(given).absolute())


def failure_message(stderr: str) -> str:
    """The line of a game's error output worth showing: its "error:" line, else the last one
    (a traceback ends with the exception)."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    for line in reversed(lines):
        if line.startswith(("error:", "config error:", "エラー:", "設定エラー:")):  # ja, en
            return line
    return lines[-1] if lines else ""


class GamesMenu(QWidget):
    """A small window listing the games; `launch` starts one with the menu's config."""

    def __init__(self, config_path: str | None, language: str = "ja") -> None:
        super().__init__()
        self.config_path = config_path
        self.language = language
        self.t = _TEXT.get(language, _TEXT["en"])
        self.launched: list[str] = []
        self.processes: list[QProcess] = []
        self.error_box: QMessageBox | None = None
        self.setWindowTitle(self.t["title"])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(28, 18, 28, 28)
        layout.setSpacing(16)
        self.title = QLabel(self.t["choose"])
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.title)
        self.buttons: dict[str, QPushButton] = {}
        for game in registry.menu_entries():
            assert game.menu is not None
            name = game.name
            button = GameTile(name, game.label(language), game.menu, language, self)
            button.clicked.connect(lambda _=False, n=name: self.launch(n))
            layout.addWidget(button, 1)
            self.buttons[name] = button
        self.resize(760, max(600, 190 * len(self.buttons)))  # a large tile per game
        self._scale_title()

    def resizeEvent(self, event) -> None:
        self._scale_title()
        super().resizeEvent(event)

    def _scale_title(self) -> None:
        px = max(20, round(self.height() * 0.05))
        self.title.setStyleSheet(f"font-size: {px}px; font-weight: bold; color: {theme.TEXT};")
        self.title.setFixedHeight(round(px * 1.7))

    def paintEvent(self, event) -> None:
        """The felt of the card tables behind the tiles."""
        p = QPainter(self)
        grad = QLinearGradient(0, 0, 0, self.height())
        grad.setColorAt(0, QColor(theme.FELT))
        grad.setColorAt(1, QColor(theme.FELT_DARK))
        p.fillRect(self.rect(), grad)
        p.end()

    def arguments(self, name: str) -> list[str]:
        """The command line of a game started from this menu."""
        config = ["--config", self.config_path] if self.config_path else []
        return ["-m", "games", name, *config]

    def launch(self, name: str, *, start: bool = True) -> QProcess | None:
        self.launched.append(name)
        if not start:
            return None
        process = QProcess(self)
        # the game's own output goes where the menu's goes; its errors are also kept for a dialog
        process.setProcessChannelMode(QProcess.ProcessChannelMode.ForwardedOutputChannel)
        process.finished.connect(
            lambda code, status, p=process, n=name: self._finished(n, p, code, status)
        )
        process.errorOccurred.connect(
            lambda error, p=process, n=name: self._failed_to_start(n, p, error)
        )
        self.processes.append(process)
        process.start(sys.executable, self.arguments(name))
        return process

    def running(self) -> list[QProcess]:
        return [p for p in self.processes if p.state() != QProcess.ProcessState.NotRunning]

    def _label(self, name: str) -> str:
        return registry.entry(name).label(self.language)

    def _finished(self, name: str, process: QProcess, code: int, status) -> None:
        stderr = bytes(process.readAllStandardError().data()).decode("utf-8", "replace")
        sys.stderr.write(stderr)
        crashed = status == QProcess.ExitStatus.CrashExit
        if code != 0 or crashed:
            key = "crashed" if crashed or "Traceback" in stderr else "failed"
            self._show_error(name, self.t[key], failure_message(stderr))
        self._forget(process)

    def _failed_to_start(self, name: str, process: QProcess, error) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self._show_error(name, self.t["failed"], process.errorString())
            self._forget(process)

    def _show_error(self, name: str, headline: str, details: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, self.t["title"], "", parent=self)
        box.setText(headline.format(game=self._label(name)))
        box.setInformativeText(details or self.t["no_details"])
        self.error_box = box
        box.open()

    def _forget(self, process: QProcess) -> None:
        if process in self.processes:
            self.processes.remove(process)
        process.deleteLater()
        showing_error = self.error_box is not None and self.error_box.isVisible()
        if not self.isVisible() and not self.running() and not showing_error:
            QApplication.quit()  # the menu was closed while this game was still open

    def quit_when_games_end(self) -> None:
        """Closing the menu leaves the open games running; the menu's process ends with them."""
        if not self.isVisible() and not self.running():
            QApplication.quit()


def run_menu(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="games")
    parser.add_argument(
        "--config",
        metavar="PATH",
        help="config.toml every game uses (default: ./config.toml when present, else defaults)",
    )
    args = parser.parse_args(list(argv))
    config_path = menu_config_path(args.config)
    language = "ja"
    if config_path:
        try:
            language = language_of(read_toml(config_path))
        except ConfigError as exc:
            print(f"config warning: {exc} (the games will say so)", file=sys.stderr)
    app = make_app("games")
    app.setQuitOnLastWindowClosed(False)
    menu = GamesMenu(config_path, language)
    app.lastWindowClosed.connect(menu.quit_when_games_end)
    menu.show()
    return app.exec()
