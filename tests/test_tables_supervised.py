"""The card tables' server of `bingo draw --serve --tables` (bingo.web.tables_serve) kept by the
show's own supervisor (bingo.ui.webserver.ServerProcess, the one of `bingo serve`): started,
a hung one (SIGSTOP) killed and started again within 10 s, stopped with the phones' server.
Real processes; the show's Qt loop is pumped while waiting (its checks run on a timer)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from bingo.config import load_config
from bingo.serve_lock import ServerInfo, running_server, tables_lock_path
from bingo.ui.webserver import TABLES_TEXT, ServerProcess, tables_process

CONFIG = """
[event]
language = "{language}"
[board]
image_dir = "{img}"
[games_web]
data_dir = "{data}"
"""


def _until(qapp, condition, timeout: float, what: str):
    """Pumps the show's loop until `condition()` (a file or process read: no signal for it)."""
    deadline = time.monotonic() + timeout
    while True:
        qapp.processEvents()
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def _listening(journal: Path, other_than: int | None = None):
    def read() -> ServerInfo | None:
        info = running_server(journal, path=tables_lock_path(journal))
        ok = info is not None and info.listening and info.pid not in (None, other_than)
        return info if ok else None

    return read


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_tables_are_started_a_hung_one_replaced_and_all_stopped_with_the_show(
    tmp_path, repo_root, qapp, language
):
    path = tmp_path / "config.toml"
    img, data = (repo_root / "img").as_posix(), (tmp_path / "games").as_posix()
    path.write_text(CONFIG.format(language=language, img=img, data=data), encoding="utf-8")
    config = load_config(path)
    journal = tmp_path / "show.jsonl"
    said: list[str] = []
    phones = ServerProcess(["true"], said.append, journal=journal)  # (never started here)
    tables = tables_process(config, journal, said.append, None)
    phones.companions.append(tables)
    first = None
    try:
        first = _until(qapp, _listening(journal), 90, "the tables listening")
        assert first.bind == "127.0.0.1" and first.port
        assert tables.process is not None and first.pid == tables.process.pid
        os.kill(first.pid, signal.SIGSTOP)  # hung: its .tables no longer touched
        _until(qapp, lambda: tables.hangs == 1, 10, "the hung tables killed within 10 s")
        again = _until(qapp, _listening(journal, first.pid), 90, "the tables started again")
        hung = TABLES_TEXT[language]["hung"].split("{")[0]
        assert any(line.startswith(hung) for line in said), said
        assert again.pid != first.pid
    finally:
        phones.stop()  # the show ends: its servers, the tables with them
        if first is not None:
            try:
                os.kill(first.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    assert running_server(journal, path=tables_lock_path(journal)) is None
    assert tables.process is None
