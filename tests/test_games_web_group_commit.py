"""The journal's group commit under `games serve`'s loop (issue 45.2): the hub appends and goes
on, a writer thread appends and syncs, and nobody is told of a record before it is on disk.

A journal whose sync is held: the loop keeps running, the phone gets nothing until the sync
returns, then everything in the order a sync per write gave. A whole game with CPUs: every
table a phone gets shows only moves whose records were inside the synced part of the file when
it was sent. A full disk met by the sync (not the append) pauses play as a failed append does:
the phones are told, what waits stays unsent, taps are refused, and when there is space the
records are written again, once, and what waited goes out. The same when the thread's append
meets the full disk (half a line written): the part is cut off and the loop never writes."""

from __future__ import annotations

import asyncio
import errno
import json
import os
import threading
import types
from pathlib import Path

import pytest

import games.web.journal as journal_module
from games.common.table import Refused
from games.web.hub import Hub, HubOptions, RoomSpec
from games.web.journal import FILE_NAME, Journal


class HeldSync:
    """The journal's fdatasync, held while `hold` is clear; `entered` is set once a sync waits.
    `fail_with` makes the next syncs fail; `synced` is the file's size at each sync's end."""

    def __init__(self) -> None:
        self.hold = threading.Event()
        self.hold.set()
        self.entered = threading.Event()
        self.fail_with: OSError | None = None
        self.synced = 0
        self.real = journal_module._sync

    def __call__(self, fd: int) -> None:
        if not self.hold.is_set():
            self.entered.set()
            self.hold.wait(60)
        if self.fail_with is not None:
            raise self.fail_with
        self.real(fd)
        self.synced = os.fstat(fd).st_size


@pytest.fixture
def held_sync(monkeypatch: pytest.MonkeyPatch) -> HeldSync:
    sync = HeldSync()
    monkeypatch.setattr(journal_module, "_sync", sync)
    return sync


def _rooms(seats: int = 5) -> list[RoomSpec]:
    return [RoomSpec("r", "daifugo", seats, stake="beginner", cpu_level="easy")]


def _options() -> HubOptions:
    return HubOptions(cpu_workers=0, cpu_delay=0, advance_pause=0, turn_seconds=0, seed=5)


class Phone:
    def __init__(self, hub: Hub, name: str) -> None:
        self.token = hub.join(name).token
        self.got: list[dict] = []
        self.arrived = asyncio.Event()
        self.conn = hub.connect(self.token, self.send)

    def send(self, message: dict) -> None:
        self.got.append(message)
        self.arrived.set()

    async def until(self, test, seconds: float = 60) -> dict:
        async def wait() -> dict:
            while True:
                for m in self.got:
                    if test(m):
                        return m
                self.arrived.clear()
                await self.arrived.wait()

        return await asyncio.wait_for(wait(), seconds)


async def _in_thread(event: threading.Event) -> bool:
    return await asyncio.get_running_loop().run_in_executor(None, event.wait, 30)


def test_a_held_sync_holds_every_message_and_they_come_in_order_when_it_returns(
    tmp_path: Path, held_sync: HeldSync
) -> None:
    def script(hub: Hub, phone: Phone) -> None:
        hub.sit(phone.token, "r")
        hub.set_cpu_level(phone.token, "r", "strong")
        with pytest.raises(Refused) as refused:  # the server's reply comes after the hub's
            hub.sit(phone.token, "nowhere")
        exc = refused.value
        hub.tell(phone.send, {"type": "refused", "code": exc.code, "params": {},
                              "text": exc.text, "op": "sit"})  # fmt: skip

    # the order a sync per write gives: the hub without its loop (every write synced at once)
    plain = Hub(tmp_path / "plain", rooms=_rooms(), options=_options())
    plain.load()
    expected = Phone(plain, "Aki")
    script(plain, expected)
    plain.shutdown()

    async def main() -> None:
        hub = Hub(tmp_path / "grouped", rooms=_rooms(), options=_options())
        await hub.open()
        try:
            phone = Phone(hub, "Aki")
            await phone.until(lambda m: m["type"] == "hello")
            told_before = len(phone.got)
            held_sync.hold.clear()
            script(hub, phone)  # returns at once: the loop never waits for the disk
            assert await _in_thread(held_sync.entered)
            for _ in range(50):  # the loop goes round and round: still nothing is sent
                await asyncio.sleep(0)
            assert len(phone.got) == told_before
            assert hub.journal.durable < hub.journal.written
            on_file = (hub.journal.path).read_text(encoding="utf-8")
            assert '"k":"sit"' in on_file  # appended by the writer thread, its sync held
            held_sync.hold.set()
            await phone.until(lambda m: m["type"] == "refused")
            assert hub.journal.durable == hub.journal.written
            assert [_plain(m) for m in phone.got] == [_plain(m) for m in expected.got]
        finally:
            held_sync.hold.set()
            await hub.close()

    asyncio.run(main())


def _level_of(lobby: dict) -> str | None:
    return next((r.get("cpu_level") for r in lobby["rooms"] if r["id"] == "r"), None)


def _records_on_file(folder: Path) -> list[dict]:
    """The journal's records as a restart reads them, the file whole: nothing damaged, no part
    of a line left at its end."""
    again = Journal(folder / FILE_NAME)
    records = again.open()
    again.close()
    assert not again.damaged and not again.dropped_tail
    return records


def _plain(message: dict) -> str:
    """A message without what differs between two hubs (tokens, codes, clocks)."""
    kept = {k: v for k, v in message.items() if k not in ("token", "code", "now", "held")}
    return json.dumps(kept, sort_keys=True, ensure_ascii=False, default=str)


@pytest.mark.timeout(120)
def test_every_table_a_phone_gets_shows_only_moves_already_on_disk(
    tmp_path: Path, held_sync: HeldSync
) -> None:
    sent: list[tuple[int, int, int]] = []  # (game, step, synced bytes when it was sent)

    async def main() -> None:
        hub = Hub(tmp_path, rooms=_rooms(), options=_options())
        await hub.open()
        try:
            phone, watcher = Phone(hub, "Aki"), Phone(hub, "Ben")
            original = watcher.send

            def send(message: dict) -> None:
                if message["type"] == "table":
                    sent.append((message["game_no"], message["step"], held_sync.synced))
                original(message)

            watcher.conn.send = send
            hub.watch(watcher.token, "r")
            hub.sit(phone.token, "r")
            hub.start(phone.token, "r")
            hub.leave(phone.token)  # the CPUs play the game out, step by step
            await watcher.until(lambda m: m["type"] == "results", 60)
        finally:
            await hub.close()

    asyncio.run(main())
    raw = (tmp_path / FILE_NAME).read_bytes()
    ends: dict[tuple[int, int], int] = {}  # an act's (game, step) -> the end of its line
    offset = 0
    for line in raw.splitlines(keepends=True):
        offset += len(line)
        record = json.loads(line)
        if record["k"] == "act":
            ends[(record["game"], record["step"])] = offset
    assert len(ends) > 20 and len(sent) > 0
    for game, step, synced in sent:
        for (g, s), end in ends.items():
            if g == game and s < step:  # a move this table shows: its record was on disk
                assert end <= synced, (game, step, s, end, synced)


def test_a_full_disk_met_by_the_grouped_sync_pauses_play_and_loses_or_doubles_nothing(
    tmp_path: Path, held_sync: HeldSync
) -> None:
    async def main() -> None:
        hub = Hub(tmp_path, rooms=_rooms(), options=_options())
        await hub.open()
        try:
            phone = Phone(hub, "Aki")
            hub.sit(phone.token, "r")
            await phone.until(lambda m: m["type"] == "room" and m["room"] == "r")
            before = len(phone.got)
            held_sync.fail_with = OSError(errno.ENOSPC, "No space left on device")
            hub.set_cpu_level(phone.token, "r", "strong")  # appended; its sync fails
            told = await phone.until(lambda m: m["type"] == "disk")
            assert told["full"] is True and hub.pause.full
            assert phone.got[before:] == [told]  # the level's lobby waits: not on disk
            with pytest.raises(Refused) as refused:  # a tap now: refused as on a full disk
                hub.set_cpu_level(phone.token, "r", "easy")
            assert refused.value.code == "disk_full"
            assert hub.try_resume() is False  # still full: nothing written again
            held_sync.fail_with = None
            assert hub.try_resume() is True
            back = await phone.until(lambda m: m["type"] == "disk" and m["full"] is False)
            lobby = await phone.until(lambda m: m["type"] == "lobby" and _level_of(m) == "strong")
            assert phone.got.index(lobby) < phone.got.index(back)  # what waited goes out first
            assert not hub.pause.full and hub.journal.failed is None
        finally:
            await hub.close()

    asyncio.run(main())
    records = _records_on_file(tmp_path)
    levels = [r["level"] for r in records if r["k"] == "level"]
    assert levels == ["strong"]  # written again once, never doubled; the refused one absent
    assert any(r["k"] == "space" for r in records)


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


def test_a_full_disk_met_by_the_threads_append_pauses_and_writes_each_line_once(
    tmp_path: Path, disk: Disk
) -> None:
    """The grouped journal's writer thread appends the lines as well as syncing them (issue
    45.2): the loop never writes the file. An append that fails there (a full disk, half a line
    written) pauses play as a failed sync does: nothing is told, the part of the line is cut
    off, taps are refused, and once there is space the lines are written again, once each, in
    their order."""

    async def main() -> None:
        hub = Hub(tmp_path, rooms=_rooms(), options=_options())
        await hub.open()
        try:
            disk.writers.clear()  # the restore's compacted journal was written by the loop
            phone = Phone(hub, "Aki")
            hub.sit(phone.token, "r")
            await phone.until(lambda m: m["type"] == "room" and m["room"] == "r")
            assert disk.writers == {"games-journal-sync"}  # the loop never wrote the file
            before = len(phone.got)
            disk.full = True
            hub.set_cpu_level(phone.token, "r", "strong")  # handed to the thread; it fails
            told = await phone.until(lambda m: m["type"] == "disk")
            assert told["full"] is True and hub.pause.full
            assert phone.got[before:] == [told]  # the level's lobby waits: not on disk
            with pytest.raises(Refused) as refused:  # a tap now: refused as on a full disk
                hub.set_cpu_level(phone.token, "r", "easy")
            assert refused.value.code == "disk_full"
            assert hub.try_resume() is False  # still full: the lines are not on file
            disk.full = False
            assert hub.try_resume() is True
            back = await phone.until(lambda m: m["type"] == "disk" and m["full"] is False)
            lobby = await phone.until(lambda m: m["type"] == "lobby" and _level_of(m) == "strong")
            assert phone.got.index(lobby) < phone.got.index(back)  # what waited goes out first
        finally:
            await hub.close()

    asyncio.run(main())
    records = _records_on_file(tmp_path)  # the half lines were cut off
    assert [r["level"] for r in records if r["k"] == "level"] == ["strong"]  # once; not the refused
    assert [r["k"] for r in records].count("sit") == 1
    assert any(r["k"] == "space" for r in records)
