"""The hub in its asyncio loop, as the server runs it: CPU choices in a worker process, so a
table of strong CPUs thinking never holds up another table's messages; the turn timer's task
moves for a phone that does not act."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from games.web.hub import Hub, HubOptions, RoomSpec


class QueuePhone:
    """A phone as the server's socket writer sees it: a queue read by its own task."""

    def __init__(self, hub: Hub, name: str) -> None:
        self.hub = hub
        self.token = hub.join(name).token
        self.queue: asyncio.Queue[dict] = asyncio.Queue()
        self.conn = hub.connect(self.token, self.queue.put_nowait)
        self.table: dict | None = None
        self.got: dict[tuple[int, int], float] = {}
        self.task = asyncio.create_task(self.read())

    async def read(self) -> None:
        while True:
            message = await self.queue.get()
            if message["type"] == "table":
                self.table = message
                self.got[(message["game_no"], message["step"])] = time.perf_counter()


async def until(condition, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited too long"
        await asyncio.sleep(0.01)


@pytest.mark.timeout(240)
def test_strong_cpus_thinking_never_delay_another_tables_messages(tmp_path):
    async def main() -> list[float]:
        rooms = [
            RoomSpec("strong", "daifugo", 5, stake="beginner", cpu_level="strong"),
            RoomSpec("quick", "daifugo", 3, stake="beginner", cpu_level="easy"),
        ]
        hub = Hub(
            tmp_path,
            rooms=rooms,
            options=HubOptions(cpu_workers=1, cpu_delay=0, turn_seconds=0, seed=3),
        )
        await hub.open()
        try:
            thinker = QueuePhone(hub, "考える人")
            hub.sit(thinker.token, "strong")
            hub.start(thinker.token, "strong")
            hub.leave(thinker.token)  # five strong CPUs now keep the worker busy
            phones = [QueuePhone(hub, n) for n in ("あ", "い", "う")]
            for phone in phones:
                hub.sit(phone.token, "quick")
            hub.start(phones[0].token, "quick")
            rng = random.Random(1)
            delays = []
            room = hub.rooms["quick"]
            while room.in_game and len(delays) < 25:
                await until(lambda: any(p.table and p.table["your_turn"] for p in phones)
                            or not room.in_game, 60)  # fmt: skip
                if not room.in_game:
                    break
                phone = next(p for p in phones if p.table and p.table["your_turn"])
                acted = time.perf_counter()
                hub.act(phone.token, rng.choice(phone.table["legal"]))
                key = (room.game_no, room.step)
                await until(lambda k=key: all(k in p.got for p in phones), 10)
                delays.append(max(p.got[key] for p in phones) - acted)
            assert hub.rooms["strong"].in_game  # the strong table was thinking all along
            return delays
        finally:
            await hub.close()

    delays = asyncio.run(main())
    assert len(delays) >= 10
    # a strong CPU's move takes ~0.3 s of CPU (seconds on a loaded machine): never waited for
    assert max(delays) < 0.25, sorted(delays)[-3:]


@pytest.mark.timeout(120)
def test_the_timer_task_moves_for_a_phone_that_does_not_act(tmp_path):
    async def main() -> None:
        rooms = [RoomSpec("d", "daifugo", 3, stake="beginner", cpu_level="easy")]
        hub = Hub(
            tmp_path,
            rooms=rooms,
            options=HubOptions(cpu_workers=1, cpu_delay=0, turn_seconds=0.5, seed=4),
        )
        await hub.open()
        try:
            sleeper = QueuePhone(hub, "ねむい")
            hub.sit(sleeper.token, "d")
            hub.start(sleeper.token, "d")
            room = hub.rooms["d"]
            await until(lambda: room.person_to_move() == 0, 60)
            step = room.step
            await until(lambda: room.step > step and room.last["seat"] == 0, 30)
            journal = (tmp_path / "games_web.journal").read_text()
            assert '"by":"timer"' in journal
        finally:
            await hub.close()

    asyncio.run(main())
