"""The grouped journal's writer thread appends the lines as well as syncing them (issue 45.2):
the loop never writes the file. An append that fails there (a full disk, half a line written)
pauses play as a failed sync does: nothing is told, the part of the line is cut off, taps are
refused, and once there is space the lines are written again, once each, in their order."""

from __future__ import annotations

import asyncio
import errno
import os
import threading
import types
from pathlib import Path

import pytest

import games.web.journal as journal_module
from games.common.table import Refused
from games.web.hub import Hub, HubOptions, RoomSpec
from games.web.journal import FILE_NAME, Journal


class Disk:
    """The journal module's `os`, whose `write` puts half a line in, then says the disk is
    full, while `full` is set; `writers` names the threads that wrote the journal (`repair`,
    in the loop, writes the lines again)."""

    def __init__(self) -> None:
        self.full = False
        self.writers: set[str] = set()
        self.module = types.SimpleNamespace(**{k: getattr(os, k) for k in dir(os)})
        self.module.write = self.write

    def write(self, fd: int, data: bytes) -> int:
        self.writers.add(threading.current_thread().name)
        if self.full:
            os.write(fd, bytes(data)[: max(1, len(data) // 2)])
            raise OSError(errno.ENOSPC, "No space left on device")
        return os.write(fd, data)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Disk:
    fake = Disk()
    monkeypatch.setattr(journal_module, "os", fake.module)
    return fake


def _options() -> HubOptions:
    return HubOptions(cpu_workers=0, cpu_delay=0, advance_pause=0, turn_seconds=0, seed=5)


def test_a_full_disk_met_by_the_threads_append_pauses_and_writes_each_line_once(
    tmp_path: Path, disk: Disk
) -> None:
    got: list[dict] = []
    arrived = asyncio.Event()

    def send(message: dict) -> None:
        got.append(message)
        arrived.set()

    async def until(test) -> dict:
        async def wait() -> dict:
            while True:
                for m in got:
                    if test(m):
                        return m
                arrived.clear()
                await arrived.wait()

        return await asyncio.wait_for(wait(), 60)

    async def main() -> None:
        rooms = [RoomSpec("r", "daifugo", 5, stake="beginner", cpu_level="easy")]
        hub = Hub(tmp_path, rooms=rooms, options=_options())
        await hub.open()
        try:
            disk.writers.clear()  # the restore's compacted journal was written by the loop
            token = hub.join("Aki").token
            hub.connect(token, send)
            hub.sit(token, "r")
            await until(lambda m: m["type"] == "room" and m["room"] == "r")
            assert disk.writers == {"games-journal-sync"}  # the loop never wrote the file
            before = len(got)
            disk.full = True
            hub.set_cpu_level(token, "r", "strong")  # handed to the thread; its append fails
            told = await until(lambda m: m["type"] == "disk")
            assert told["full"] is True and hub.pause.full
            assert got[before:] == [told]  # the level's lobby waits: not on disk
            with pytest.raises(Refused) as refused:  # a tap now: refused as on a full disk
                hub.set_cpu_level(token, "r", "easy")
            assert refused.value.code == "disk_full"
            assert hub.try_resume() is False  # still full: the lines are not on file
            disk.full = False
            assert hub.try_resume() is True
            back = await until(lambda m: m["type"] == "disk" and m["full"] is False)
            lobby = await until(
                lambda m: (
                    m["type"] == "lobby" and any(r.get("cpu_level") == "strong" for r in m["rooms"])
                )
            )
            assert got.index(lobby) < got.index(back)  # what waited goes out first
        finally:
            await hub.close()

    asyncio.run(main())
    again = Journal(tmp_path / FILE_NAME)
    records = again.open()
    again.close()
    assert not again.damaged and not again.dropped_tail  # the half lines were cut off
    assert [r["level"] for r in records if r["k"] == "level"] == ["strong"]  # once; not the refused
    assert [r["k"] for r in records].count("sit") == 1
    assert any(r["k"] == "space" for r in records)
