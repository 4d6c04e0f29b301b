"""Phones hear of a full disk (issue 41 item 5): when the show's journal cannot be written for
lack of space, `/api/board` says paused with the reason within 2 s, the show's terminal says
it in one line, and the next draw recorded once there is room clears it.

A real small tmpfs holding the journal and its side files, filled to its last byte; the show's
real wiring (`bingo.ui.command._start_web`) with a real `bingo serve`."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from disk_support import fill, small_tmpfs
from test_supervisor_server import CONFIG, board_json

from bingo.showlink import PAUSE_SIZE, PauseNote, pause_path, read_pause
from tests.served import served

pytestmark = pytest.mark.process


@pytest.mark.slow
@pytest.mark.process
def test_the_pause_note_is_said_in_place_on_a_full_disk(tmp_path):
    with small_tmpfs(tmp_path / "disk", "64k") as disk:
        journal = disk / "show.jsonl"
        note = PauseNote(journal)
        note.open()
        assert pause_path(journal).stat().st_size == PAUSE_SIZE
        assert read_pause(journal) is None
        fill(disk)
        with pytest.raises(OSError):  # the disk is really full
            (disk / "another").write_bytes(b"x" * 8192)
        note.say("disk_full", "g1")
        assert read_pause(journal)["reason"] == "disk_full"
        assert read_pause(journal)["game"] == "g1"
        note.say(None, "g1")
        assert read_pause(journal) is None
        assert pause_path(journal).stat().st_size == PAUSE_SIZE


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.slow  # a real server on a real small disk: about 10 s
def test_phones_hear_of_a_full_disk_within_2_s_and_the_terminal_says_it_once(
    tmp_path, repo_root, qtbot, capfd
):
    from bingo.config import load_config
    from bingo.session import DrawSession
    from bingo.ui.command import _start_web
    from bingo.ui.display import DisplayWindow
    from bingo.ui.weblink import PAUSE_TEXT

    config_path = tmp_path / "config.toml"  # web.port = 0: the port it got is in its .serve
    config_path.write_text(CONFIG.format(img=(repo_root / "img").as_posix(), port=0), "utf-8")
    config = load_config(config_path)
    with small_tmpfs(tmp_path / "disk", "64k") as disk:
        session = DrawSession.open(config, disk / "show.jsonl", seed=4)
        window = DisplayWindow(session, config, odds_mode="thread")
        qtbot.addWidget(window)
        server = _start_web(window, session, config, argparse.Namespace(serve=True, registry=None))
        failed: list[str] = []
        window.controller.journal_failed.connect(failed.append)
        c = window.controller
        try:
            qtbot.waitUntil(lambda: server.serving, timeout=90000)
            port = served(session.journal_path, 10).port

            def draw() -> None:
                c.draw()
                c.land_now()

            draw()
            qtbot.waitUntil(lambda: (board_json(port) or {}).get("count") == 1, timeout=30000)
            filler = fill(disk)
            for _ in range(40):  # the journal's last page takes a few more records, then not
                draw()
                if failed:
                    break
            assert failed == ["disk_full"]
            stalled_at = time.monotonic()
            board: dict = {}

            def paused() -> bool:
                board.update(board_json(port) or {})
                return board.get("paused") is True and board.get("pause_reason") == "disk_full"

            qtbot.waitUntil(paused, timeout=2000)  # within 2 s of the failed write
            assert time.monotonic() - stalled_at <= 2.0
            assert "保存領域" in board["problem"]  # the reason, in the event's language
            assert os.path.getsize(pause_path(session.journal_path)) == PAUSE_SIZE
            draw()  # auto mode or the host tries again: still one line on the terminal
            assert failed == ["disk_full", "disk_full"]
            line = PAUSE_TEXT["ja"]["disk_full"]
            err = capfd.readouterr().err
            assert err.count(line) == 1, err[-3000:]
            assert line not in window.banner_text  # for the host, not the room
            # room again: the next draw is recorded and the phones follow it, not paused
            filler.unlink()
            count = len(session.history)
            draw()
            assert len(session.history) == count + 1
            qtbot.waitUntil(
                lambda: (
                    (b := board_json(port) or {}).get("paused") is False
                    and b.get("pause_reason") is None
                    and b.get("count") == count + 1
                ),
                timeout=5000,
            )
        finally:
            if server is not None:
                server.stop()
            window.show_link.stop()  # no touch of a side file once the disk is gone
            window.close()
            session.close()
