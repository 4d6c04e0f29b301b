"""`bingo draw --serve` runs `bingo serve` as a separate process, so a crash of the web side
never touches the show; it is started again if it dies."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer

from bingo.web.command import PORT_IN_USE

SERVER_CHECK_MS = 2000
SERVER_RESTARTS = 5


class ServerProcess(QObject):
    """`bingo serve` in its own process, restarted a few times if it dies."""

    def __init__(
        self, argv: list[str], warn: Callable[[str], None], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.argv = argv
        self._warn = warn
        self.process: subprocess.Popen | None = None
        self.restarts = 0
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._check)

    def start(self) -> None:
        try:
            self.process = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL)
        except OSError as exc:
            self._warn(f"the phones' web server could not be started: {exc}")
            return
        self._timer.start(SERVER_CHECK_MS)

    def _check(self) -> None:
        if self.process is None or self.process.poll() is None:
            return
        code = self.process.returncode
        if code == PORT_IN_USE:  # e.g. the server of a show that was killed: it goes on
            self._timer.stop()
            self._warn(
                "the phones' web server port is taken (an earlier server still running serves "
                "this journal, or change web.port)"
            )
            return
        if self.restarts >= SERVER_RESTARTS:
            self._timer.stop()
            self._warn(f"the phones' web server stopped (exit {code}); the show goes on")
            return
        self.restarts += 1
        self._warn(f"the phones' web server stopped (exit {code}); starting it again")
        self.start()

    def stop(self) -> None:
        self._timer.stop()
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def serve_argv(config_path: str, journal: Path, registry: str | None) -> list[str]:
    argv = [sys.executable, "-m", "bingo", "serve", "--config", config_path]
    argv += ["--journal", str(journal)]
    if registry:
        argv += ["--registry", registry]
    return argv
