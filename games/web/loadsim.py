"""An evening simulated on the hub: rooms of phones playing random legal actions, CPUs in the
empty seats, in the server's asyncio loop (used by benchmarks/bench_tables.py and
tests/test_games_web_restart.py).

Each phone is a task reading its own queue (as a socket's writer would), so the time from an
action to a phone's update includes the loop's scheduling; it acts after a think time when
its table message says it is its turn. Per room: three seated phones (the first hosts and
starts each game), two spectators (one taps players). A seated phone now and then leaves
mid-game and sits down again for the next one.

``python -m games.web.loadsim --serve DIR``: the same as a process of its own, appending a
line per table step and per result to DIR/sim.log, so a test can kill it with SIGKILL and
open the hub on DIR again; started again on DIR it reconnects the same phones (their tokens
are in DIR/phones.json) and plays on. With ``--stop-after N`` it stops itself (SIGSTOP) at
the first step of a game in progress once N table steps are logged and a game's end is on
disk (or the hub restored one): it says so on stdout (``stopped after N steps``) and in sim.log first,
so a test kills it at that reported step, never at a moment found by polling.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import time
from array import array
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from eventkit.safefile import write_atomic
from games.common import registry
from games.common.table import Refused
from games.web.hub import Hub, HubOptions, RoomSpec
from games.web.messages import JSONValue, Message, Results, Table
from games.web.rooms import Room
from games.web.settings import default_cpu_workers

SEATED = 3
SPECTATORS = 2


def evening(rooms: int, *, level: str, seats: int = 5, game: str | None = None) -> list[RoomSpec]:
    """`rooms` rooms of `seats` playing `game` (None: the first registered game, Daifugō) at
    its first stake (初級) if it has money."""
    entry = registry.entry(game) if game else registry.entries()[0]
    stake = entry.stakes[0] if entry.stakes else None
    return [
        RoomSpec(f"room{i}", entry.name, seats, stake=stake, cpu_level=level) for i in range(rooms)
    ]


@dataclass
class Stats:
    """Latency of every action to every phone of its room, memory per game."""

    phones_per_room: int = SEATED + SPECTATORS
    stamps: dict[tuple[str, int, int], float] = field(default_factory=dict)
    received: dict[tuple[str, int, int], list[float]] = field(default_factory=dict)
    latencies_ms: array[float] = field(default_factory=lambda: array("d"))
    games_done: int = 0
    rss_mb: list[tuple[int, float]] = field(default_factory=list)  # (games done, RSS)

    def sent(self, key: tuple[str, int, int]) -> None:
        self.stamps[key] = time.perf_counter()

    def got(self, key: tuple[str, int, int]) -> None:
        seen = self.received.setdefault(key, [0, 0.0])
        seen[0] += 1
        seen[1] = max(seen[1], time.perf_counter())
        if seen[0] == self.phones_per_room:
            del self.received[key]
            start = self.stamps.pop(key, None)
            if start is not None:
                self.latencies_ms.append((seen[1] - start) * 1000.0)

    def game_over(self) -> None:
        self.games_done += 1
        # steps some phone never saw (it had left the room): forgotten, so that what grows
        # over the run is the server's memory, not this bookkeeping's
        old = time.perf_counter() - 30.0
        for key in [k for k, started in self.stamps.items() if started < old]:
            del self.stamps[key]
            self.received.pop(key, None)
        self.rss_mb.append((self.games_done, rss_mb()))


def rss_mb() -> float:
    """This process's resident memory (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, AttributeError):
        return 0.0


class TimedHub(Hub):
    """The hub, noting when each action at a table was taken (for the latency)."""

    stats: Stats | None = None

    def _take(self, room: Room, seat: int, action: str, by: str) -> None:
        started = time.perf_counter()
        super()._take(room, seat, action, by)
        if self.stats is not None:
            self.stats.stamps[(room.spec.id, room.game_no, room.step)] = started


class SimPhone:
    """A phone as a task on its own queue."""

    def __init__(
        self, sim: SimulatedEvening, name: str, token: str, room_id: str, role: str
    ) -> None:
        self.sim = sim
        self.name = name
        self.token = token
        self.room_id = room_id
        self.role = role  # "host", "seated", "spectator"
        self.queue: asyncio.Queue[Message] = asyncio.Queue()
        self.table: Table | None = None
        self.acting: tuple[int, int] | None = None
        self.conn = sim.hub.connect(token, self.queue.put_nowait)
        self.task = asyncio.create_task(self.run())

    async def run(self) -> None:
        while True:
            message = await self.queue.get()
            if message["type"] == "table" and message["room"] == self.room_id:
                self.sim.stats.got((self.room_id, message["game_no"], message["step"]))
                self.sim.was_told(self.room_id, message["game_no"], message["step"], ended=False)
                self.table = message
                key = (message["game_no"], message["step"])
                if message["your_turn"] and message["legal"] and self.acting != key:
                    self.acting = key
                    asyncio.create_task(self.act_later(key))
            elif message["type"] == "results" and message["room"] == self.room_id:
                step = self.table["step"] if self.table is not None else 0
                self.sim.was_told(self.room_id, message["game_no"], step, ended=True)
                if self.role == "host":
                    self.sim.results(message)

    async def act_later(self, key: tuple[int, int]) -> None:
        await asyncio.sleep(self.sim.rng.uniform(*self.sim.think))
        table = self.table
        if table is None or (table["game_no"], table["step"]) != key or not table["your_turn"]:
            return
        try:
            self.sim.hub.act(self.token, self.sim.rng.choice(table["legal"]))
        except Refused:
            pass  # the turn timer moved for us meanwhile


class SimulatedEvening:
    """Rooms of simulated phones on one hub until `games` games have been played."""

    def __init__(
        self,
        hub: TimedHub,
        folder: Path,
        *,
        games: int,
        think: tuple[float, float],
        seed: int,
        log: TextIO | None = None,
        leave_chance: float = 0.1,
        stop_after: int = 0,
        stop_in_game: int = 1,
        stop_from_step: int = 0,
    ) -> None:
        self.hub = hub
        self.folder = folder
        self.games = games
        self.think = think
        self.rng = random.Random(seed)
        self.log = log
        self.leave_chance = leave_chance
        self.stop_after = stop_after  # 0: never; else stop at a step, see stop_here
        self.stop_in_game = stop_in_game  # ... of a room's game of this number or later
        self.stop_from_step = stop_from_step  # ... at this step of that game or later
        self.stats = Stats()
        hub.stats = self.stats
        self.started = 0
        self.phones: dict[str, list[SimPhone]] = {}
        # each room's furthest (game, step, ended) its phones were told: what the journal holds
        # (the hub tells only what is durable), where the hub's own state may be ahead of it
        self.told: dict[str, tuple[int, int, bool]] = {}
        self.results_told = asyncio.Event()  # a host phone was told a game's results

    def results(self, message: Results) -> None:
        self.stats.game_over()
        self.results_told.set()
        self.write({"e": "results", "room": message["room"], "game": message["game_no"],
                    "names": message["names"], "money": message["money"]})  # fmt: skip

    def was_told(self, room_id: str, game: int, step: int, *, ended: bool) -> None:
        now = (game, step, ended)
        self.told[room_id] = max(self.told.get(room_id, now), now)

    def write(self, line: Mapping[str, JSONValue]) -> None:
        if self.log is not None:
            self.log.write(json.dumps(line, ensure_ascii=False) + "\n")
            self.log.flush()  # in the kernel's hands: a SIGKILL cannot lose it

    def tokens(self) -> dict[str, str]:
        """The phones' tokens: joined now, or kept from a run before (phones.json)."""
        path = self.folder / "phones.json"
        if path.exists():
            return dict(json.loads(path.read_text()))
        tokens = {}
        for spec in self.hub.rooms.specs:
            for n in range(SEATED + SPECTATORS):
                name = f"{spec.id}-{n}"
                tokens[name] = self.hub.join(name).token
        write_atomic(path, json.dumps(tokens).encode())
        return tokens

    def seat_everyone(self) -> None:
        tokens = self.tokens()
        for spec in self.hub.rooms.specs:
            phones = []
            for n in range(SEATED + SPECTATORS):
                name = f"{spec.id}-{n}"
                role = "host" if n == 0 else "seated" if n < SEATED else "spectator"
                phones.append(SimPhone(self, name, tokens[name], spec.id, role))
            self.phones[spec.id] = phones
            self.sit_down(spec.id)

    def sit_down(self, room_id: str) -> None:
        room = self.hub.rooms[room_id]
        if room.in_game:
            return
        for phone in self.phones[room_id]:
            if self.hub.rooms.where.get(phone.name) == room_id:
                continue
            if phone.role == "spectator":
                self.hub.watch(phone.token, room_id)
            else:
                self.hub.sit(phone.token, room_id)

    async def room(self, room_id: str) -> None:
        """Start games while there are games to play; a phone leaves now and then."""
        room = self.hub.rooms[room_id]
        phones = self.phones[room_id]
        while True:
            if room.in_game:
                if self.rng.random() < self.leave_chance / 50:
                    leaver = self.rng.choice([p for p in phones if p.role == "seated"])
                    if room.seat_of(leaver.name) is not None:
                        self.hub.leave(leaver.token)
                await asyncio.sleep(0.05)
                continue
            if self.started >= self.games:
                return
            self.sit_down(room_id)
            self.started += 1
            self.hub.start(phones[0].token, room_id)
            if self.rng.random() < 0.3:
                self.hub.peek(phones[-1].token, self.rng.randrange(room.spec.seats))

    async def run(self) -> None:
        self.seat_everyone()
        if self.log is not None:
            asyncio.create_task(self.log_steps())
        await asyncio.gather(*(self.room(spec.id) for spec in self.hub.rooms.specs))
        # the rooms' last games are over in the hub; their results reach the phones once their
        # records are durable (the journal's writer thread): every game's, before the evening ends
        while self.stats.games_done < self.started:
            self.results_told.clear()
            await self.results_told.wait()

    async def log_steps(self) -> None:
        """A line per room per step its phones were told (not the hub's own state, which is
        ahead of what is durable while the journal's writer thread syncs), for the restart."""
        reached: dict[str, tuple[int, int, bool]] = {}
        steps = 0
        while True:
            for room_id, room in self.hub.rooms.items():
                now = self.told.get(room_id)
                if now is not None and reached.get(room_id) != now:
                    reached[room_id] = now
                    steps += 1
                    game, step, ended = now
                    self.write({"e": "step", "room": room_id, "game": game, "step": step,
                                "in_game": not ended})  # fmt: skip
                    later = (not ended and room.in_game and game == room.game_no >= self.stop_in_game
                             and step >= self.stop_from_step)  # fmt: skip
                    if self.stop_after and steps >= self.stop_after and later:
                        if self.hub.restored or self.a_game_ended_on_disk():
                            self.stop_here(steps)
            await asyncio.sleep(0.02)

    def a_game_ended_on_disk(self) -> bool:
        """A room's phones were told of its second game: the first one's end is on disk before
        its start (a phone told of a game's results may see them before the end is durable)."""
        return any(game >= 2 for game, _, _ in self.told.values())

    def stop_here(self, steps: int) -> None:
        """Say where, then stop the whole process (every thread) until it is killed: what is
        on disk is what it was at the step just logged (POSIX; a test's kill -9 follows)."""
        self.write({"e": "stopped", "steps": steps})
        print(f"stopped after {steps} steps", flush=True)
        os.kill(os.getpid(), signal.SIGSTOP)


async def serve(args: argparse.Namespace) -> int:
    folder = Path(args.serve)
    options = HubOptions(cpu_workers=args.workers, seed=None, cpu_delay=0, advance_pause=0,
                         turn_seconds=args.turn)  # fmt: skip
    hub = TimedHub(folder, rooms=evening(args.rooms, level=args.level), options=options)
    opened = time.perf_counter()
    await hub.open()
    with open(folder / "sim.log", "a", encoding="utf-8") as log:
        evening_ = SimulatedEvening(hub, folder, games=args.games, think=(0.0, args.think), seed=os.getpid(),
                           log=log, stop_after=args.stop_after, stop_in_game=args.stop_in_game,
                           stop_from_step=args.stop_from_step)  # fmt: skip
        evening_.write({"e": "open", "restored": hub.restored,
                        "seconds": round(time.perf_counter() - opened, 3)})  # fmt: skip
        await evening_.run()
        evening_.write({"e": "done"})
    await hub.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--serve", required=True, help="the hub's data folder")
    parser.add_argument("--rooms", type=int, default=2)
    parser.add_argument("--games", type=int, default=4, help="games to start in this run")
    parser.add_argument("--level", default="easy")
    parser.add_argument("--workers", type=int, default=default_cpu_workers())
    parser.add_argument("--think", type=float, default=0.02, help="a phone's longest think (s)")
    parser.add_argument("--turn", type=float, default=0.0, help="turn timer (s), 0: none")
    parser.add_argument(
        "--stop-after",
        type=int,
        default=0,
        metavar="STEPS",
        help="stop (SIGSTOP) at the first step of a game in progress after STEPS steps, once "
        "a game's end is on disk or the hub restored one; says 'stopped after N steps' on stdout",
    )
    parser.add_argument(
        "--stop-in-game",
        type=int,
        default=1,
        metavar="GAME",
        help="with --stop-after: stop only at a step of a room's game GAME or later (2: a room "
        "has a whole game before the one it is killed in)",
    )
    parser.add_argument(
        "--stop-from-step",
        type=int,
        default=0,
        metavar="STEP",
        help="with --stop-after: stop only at step STEP of that game or later (the game has gone "
        "STEP steps before the one it is killed at)",
    )
    return asyncio.run(serve(parser.parse_args(argv)))


if __name__ == "__main__":
    sys.exit(main())
