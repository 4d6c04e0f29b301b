"""Phones over real WebSockets at `games serve`: the time from a phone's action to every phone
of its room having the new table, through aiohttp, the guard and the hub (games.web.server).

benchmarks/bench_tables.py measures the hub with simulated phones; this one adds the wire: N
Daifugō rooms on loopback, each with P phones (aiohttp clients) and CPUs in the other seats,
the phones playing random legal actions at once (no thinking time, so it is a stress figure).
Prints p50/p99 with the issue's target (p99 <= 200 ms) and OK/MISSED.

    .venv/bin/python benchmarks/bench_web_tables.py --rooms 4 --phones 3 --games 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

import aiohttp

from eventkit.web.limits import RateLimiter
from games.web.hub import Hub, HubOptions, RoomSpec
from games.web.server import GamesServer, start
from games.web.settings import default_cpu_workers

TARGET_P99_MS = 200.0


class Room:
    """One room's phones and the actions whose arrival at every phone is still awaited."""

    def __init__(self, room_id: str, phones: int) -> None:
        self.id = room_id
        self.phones = phones
        # (game, step) acted on -> (when sent, the phones that have the table after it)
        self.waiting: dict[tuple[int, int], tuple[float, set[int]]] = {}
        self.latencies: list[float] = []
        self.games = 0

    def sent(self, game: int, step: int) -> None:
        self.waiting.setdefault((game, step), (time.perf_counter(), set()))

    def arrived(self, phone: int, game: int, step: int) -> None:
        """A table of (game, step) reached `phone`: it has every action before it."""
        now = time.perf_counter()
        for acted, (t0, seen) in list(self.waiting.items()):
            if (game, step) > acted:
                seen.add(phone)
                if len(seen) == self.phones:
                    self.latencies.append((now - t0) * 1000)
                    del self.waiting[acted]


async def phone(
    session: aiohttp.ClientSession,
    url: str,
    room: Room,
    index: int,
    games: int,
    rng: random.Random,
) -> None:
    """One phone: join, sit, (the host: start when every phone sits), play until `games` end."""
    done = 0
    async with session.ws_connect(url) as ws:
        await ws.send_json({"op": "join", "name": f"{room.id[-2:]}p{index}"})
        await ws.send_json({"op": "sit", "room": room.id})
        async for message in ws:
            m = json.loads(message.data)
            kind = m["type"]
            if kind == "lobby" and index == 0 and done == 0 and room.games == 0:
                mine = next(r for r in m["rooms"] if r["id"] == room.id)
                if (
                    mine["state"] == "waiting"
                    and sum(bool(s["name"]) for s in mine["seats"]) == room.phones
                ):
                    room.games = -1  # asked once
                    await ws.send_json({"op": "start", "room": room.id})
            elif kind == "results" and m["room"] == room.id:
                done += 1
                if done >= games:
                    break
                if index == 0:
                    await ws.send_json({"op": "start", "room": room.id})
            elif kind == "table" and m.get("room") == room.id:
                room.arrived(index, m["game_no"], m["step"])
                if m["your_turn"] and m["legal"]:
                    room.sent(m["game_no"], m["step"])
                    await ws.send_json({"op": "act", "action": rng.choice(m["legal"])})
    if index == 0:
        room.games = done


async def run(
    rooms: int, phones: int, games: int, level: str, seed: int, workers: int
) -> list[Room]:
    folder = Path(tempfile.mkdtemp(prefix="bench_web_tables-"))
    specs = [
        RoomSpec(f"daifugo-{n:02d}", "daifugo", 5, stake="beginner", cpu_level=level)
        for n in range(rooms)
    ]
    hub = Hub(
        folder, rooms=specs, options=HubOptions(cpu_workers=workers, seed=seed, turn_seconds=0)
    )
    hub.cpu_delay = 0.0
    hub.advance_pause = 0.0
    await hub.open()
    server = GamesServer(hub)
    server.ops = RateLimiter(10**6, 10**7)  # bots act at machine speed: no limits measured
    server.addresses = RateLimiter(10**6, 10**7)
    server.joins = RateLimiter(10**6, 10**7)
    serving = await start(server, "127.0.0.1", 0)
    url = f"http://127.0.0.1:{serving.port}/ws"
    rng = random.Random(seed)
    table = [Room(spec.id, phones) for spec in specs]
    try:
        async with aiohttp.ClientSession() as session:
            tasks = []
            for room in table:
                for i in range(phones):
                    tasks.append(phone(session, url, room, i, games, random.Random(rng.random())))
            await asyncio.gather(*tasks)
    finally:
        await serving.cleanup()
        await hub.close()
    return table


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rooms", type=int, default=4)
    p.add_argument("--phones", type=int, default=3, help="phones per room (the rest CPUs)")
    p.add_argument("--games", type=int, default=2, help="games per room")
    p.add_argument("--cpu", default="normal", choices=("easy", "normal", "strong"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--workers",
        type=int,
        default=default_cpu_workers(),
        help="CPU worker processes (default: games_web.cpu_workers' default, as games serve runs)",
    )
    args = p.parse_args(argv)
    began = time.perf_counter()
    rooms = asyncio.run(run(args.rooms, args.phones, args.games, args.cpu, args.seed, args.workers))
    latencies = sorted(x for room in rooms for x in room.latencies)
    took = time.perf_counter() - began
    if not latencies:
        print("no action was measured")
        return 1
    p50 = statistics.median(latencies)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(
        f"{args.rooms} rooms x {args.phones} phones (+{5 - args.phones} {args.cpu} CPUs, "
        f"{args.workers} CPU workers), "
        f"{sum(r.games for r in rooms)} games, {len(latencies)} actions in {took:.1f} s"
    )
    print(f"action -> every phone of the room: p50 {p50:.1f} ms, max {latencies[-1]:.1f} ms")
    verdict = "OK" if p99 <= TARGET_P99_MS else "MISSED"
    print(f"p99 {p99:.1f} ms (target <= {TARGET_P99_MS:.0f} ms): {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
