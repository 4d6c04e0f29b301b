"""The hub's full-disk pause (games.web.pause) and the host's lines it logs: `games serve`
shows them on stderr as they are (games.web.command.show_host_lines), one about a full disk per
10 s however many writes were refused, and one when play goes on. The whole story on a real
full disk is tests/test_games_full_disk.py."""

from __future__ import annotations

import errno
import logging

import pytest

from games.common.table import Refused
from games.web.command import HOST_LOGGERS, show_host_lines
from games.web.journal import Journal
from games.web.pause import DiskPause


@pytest.fixture
def host_lines():
    """`games serve`'s logging of the host's lines, put back as it was after the test."""
    loggers = [logging.getLogger(name) for name in HOST_LOGGERS]
    kept = [(lg.level, lg.propagate, list(lg.handlers)) for lg in loggers]
    show_host_lines()
    show_host_lines()  # a second `games serve` in one process: still one line each
    yield
    for lg, (level, propagate, handlers) in zip(loggers, kept, strict=True):
        lg.setLevel(level)
        lg.propagate = propagate
        lg.handlers[:] = handlers


def test_a_full_disk_pauses_play_and_the_host_reads_one_line_then_one_when_it_goes_on(
    tmp_path, capfd, host_lines
):
    journal = Journal(tmp_path / "games_web.journal")
    journal.open()
    told: list[bool] = []
    pause = DiskPause(journal, "en", told.append)
    full = OSError(errno.ENOSPC, "No space left on device")
    for _ in range(3):  # three writes refused in a row
        assert journal.on_full is not None  # the journal raises what the pause gives
        refusal = journal.on_full(full)
        assert isinstance(refusal, Refused) and refusal.code == "disk_full"
    assert pause.full and not pause.space.is_set() and told == [True]
    lines = capfd.readouterr().err.splitlines()
    assert lines == [
        f"games serve: the disk of {tmp_path} is full (No space left on device): play is "
        "paused until there is space again"
    ]
    assert pause.try_resume() is True  # this disk has space: a record goes in
    assert not pause.full and pause.space.is_set() and told == [True, False]
    assert capfd.readouterr().err.splitlines() == [
        "games serve: there is disk space again: play goes on"
    ]
    journal.close()
    assert '"k":"space"' in (tmp_path / "games_web.journal").read_text()
