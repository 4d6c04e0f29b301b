"""Phones over real WebSockets at `games serve`, beside a bare WebSocket relay in the same run:
the server's CPU per move and the time from a phone's action to every phone of its room having
the new table, through aiohttp, the guard, the hub and its journal (games.web.server).

benchmarks/bench_tables.py measures the hub with simulated phones; this one adds the wire: N
Daifugō rooms on loopback, each with P phones (aiohttp clients, in this process) and CPUs in the
other seats, the phones playing random legal actions at once (no thinking time, so it is a
stress figure). The server runs in a process of its own (as `games serve` does: hub, journal
on this disk with its fsync, aiohttp, the guard), so its CPU time (user + system, its CPU
workers included) is read from /proc around the games, over the moves the phones made.

The peer: a bare aiohttp WebSocket relay in a process of its own, played by the same phones the
same way: it keeps each room's turn and step, and relays each move to every phone of the room
as a ``table`` message of the size ours had on average (one ``json.dumps`` per phone), with as
many moves per game as our games had. No rules, no journal: the floor a server of moves cannot
go under. Printed: CPU per move and p50/p99 to all phones, ours beside the relay's, the ratios
with the targets of issue 45 (CPU <= 2.5x, p99 <= 2x), and p99 <= 200 ms absolute.

    .venv/bin/python benchmarks/bench_web_tables.py --rooms 8 --phones 5 --games 3 --cpu strong

Both servers run on `games serve`'s event loop (eventkit.web.serving.run: uvloop where it is
installed). With 5 phones a room every seat is a person's: `--cpu` matters only with fewer.

`--commit each` measures the journal as it was before its group commit (a sync per write in
the loop), `--commit loop` a group commit without the writer thread (one sync per loop pass).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
TARGET_P99_MS = 200.0
TARGET_CPU_RATIO = 2.5
TARGET_P99_RATIO = 2.0
SEATS = 5  # a Daifugō room's


class Room:
    """One room's phones and the actions whose arrival at every phone is still awaited."""

    def __init__(self, room_id: str, phones: int) -> None:
        self.id = room_id
        self.phones = phones
        # (game, step) acted on -> (when sent, the phones that have the table after it)
        self.waiting: dict[tuple[int, int], tuple[float, set[int]]] = {}
        self.latencies: list[float] = []
        self.games = 0
        self.acts = 0
        self.table_bytes = 0
        self.tables = 0
        self.host: aiohttp.ClientWebSocketResponse | None = None

    def sent(self, game: int, step: int) -> None:
        self.acts += 1
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


class Seated:
    """Every phone sat: the games begin (a barrier, and the CPU reading before them)."""

    def __init__(self, phones: int) -> None:
        self.left = phones
        self.all = asyncio.Event()

    def one(self) -> None:
        self.left -= 1
        if self.left == 0:
            self.all.set()


async def phone(
    session: aiohttp.ClientSession,
    url: str,
    room: Room,
    index: int,
    games: int,
    rng: random.Random,
    seated: Seated,
) -> None:
    """One phone: join, sit, play (the host starts each game) until `games` end."""
    done = 0
    sat = False
    async with session.ws_connect(url) as ws:
        if index == 0:
            room.host = ws
        await ws.send_json({"op": "join", "name": f"{room.id[-2:]}p{index}"})
        await ws.send_json({"op": "sit", "room": room.id})
        async for message in ws:
            m = json.loads(message.data)
            kind = m["type"]
            if kind == "room" and not sat and m.get("room") == room.id:
                sat = True
                seated.one()
            elif kind == "results" and m["room"] == room.id:
                done += 1
                if done >= games:
                    break
                if index == 0:
                    await ws.send_json({"op": "start", "room": room.id})
            elif kind == "table" and m.get("room") == room.id:
                room.tables += 1
                room.table_bytes += len(message.data.encode("utf-8"))
                room.arrived(index, m["game_no"], m["step"])
                if m["your_turn"] and m["legal"]:
                    room.sent(m["game_no"], m["step"])
                    await ws.send_json({"op": "act", "action": rng.choice(m["legal"])})
    if index == 0:
        room.games = done


def cpu_seconds(pid: int) -> float:
    """User + system CPU of `pid` and every live process under it (its CPU workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            for task in Path(f"/proc/{p}/task").iterdir():
                todo.extend(int(c) for c in (task / "children").read_text().split())
        except (OSError, ValueError, IndexError):
            continue
    return total


async def play(
    port: int, pid: int, rooms: list[Room], games: int, seed: int
) -> tuple[float, float]:
    """The phones play `games` games in every room: (the server's CPU seconds, wall seconds)."""
    url = f"http://127.0.0.1:{port}/ws"
    rng = random.Random(seed)
    seated = Seated(sum(r.phones for r in rooms))
    async with aiohttp.ClientSession() as session:
        tasks = [
            asyncio.create_task(
                phone(session, url, room, i, games, random.Random(rng.random()), seated)
            )
            for room in rooms
            for i in range(room.phones)
        ]
        await asyncio.wait_for(seated.all.wait(), 60)
        cpu0, wall0 = cpu_seconds(pid), time.perf_counter()
        for room in rooms:
            assert room.host is not None
            await room.host.send_json({"op": "start", "room": room.id})
        await asyncio.gather(*tasks)
        return cpu_seconds(pid) - cpu0, time.perf_counter() - wall0


def start_server(args: list[str]) -> tuple[subprocess.Popen[str], int]:
    """This script as a server process (`--serve ...`): it says its port on its first line."""
    proc = subprocess.Popen(
        [sys.executable, __file__, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("port "):
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, int(line.split()[1])


def stop_server(proc: subprocess.Popen[str]) -> None:
    assert proc.stdin is not None
    proc.stdin.close()  # the server's end
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


# -- the servers -------------------------------------------------------------------------------


async def until_stdin_closes() -> None:
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)


class InLoopSyncer:
    """`--commit loop`: group commit in the loop (the lines of a pass appended and synced with
    one fdatasync, no thread), measured against the writer thread games serve runs. It has
    the writer thread's interface (games.web.journal._Syncer)."""

    def __init__(
        self, fd: int, loop: asyncio.AbstractEventLoop, done: Callable[[int, OSError | None], None]
    ) -> None:
        self.fd, self.loop, self.done = fd, loop, done
        self.io = threading.Lock()
        self.error: OSError | None = None
        self.generation = 0
        self.handed: list[tuple[int, bytes]] = []
        self.scheduled = False

    def ask(self, upto: int, data: bytes) -> None:
        self.handed.append((upto, data))
        if not self.scheduled:
            self.scheduled = True
            self.loop.call_soon(self.flush)

    def reset(self) -> None:
        self.generation += 1
        self.error = None
        self.handed.clear()

    def flush(self) -> None:
        from games.web import journal

        self.scheduled = False
        handed, self.handed = self.handed, []
        if not handed or self.error is not None:
            return
        try:
            journal._append(self.fd, b"".join(data for _, data in handed))
            journal._sync(self.fd)
        except OSError as exc:
            self.error = exc
        self.done(handed[-1][0], self.error)

    def stop(self) -> None:
        self.flush()


async def serve_ours(rooms: int, level: str, seed: int, workers: int, commit: str) -> None:
    sys.path.append(str(ROOT))
    from eventkit.web.limits import RateLimiter
    from games.web import journal
    from games.web.hub import Hub, HubOptions, RoomSpec
    from games.web.server import GamesServer, start

    folder = Path(tempfile.mkdtemp(prefix="bench_web_tables-"))  # on this disk: its fsync
    specs = [
        RoomSpec(f"daifugo-{n:02d}", "daifugo", SEATS, stake="beginner", cpu_level=level)
        for n in range(rooms)
    ]
    options = HubOptions(cpu_workers=workers, seed=seed, turn_seconds=0,
                         names_per_address=10**4)  # fmt: skip # 40 phones on one address
    hub = Hub(folder, rooms=specs, options=options)
    hub.cpu_delay = 0.0
    hub.advance_pause = 0.0
    if commit == "loop":
        journal._Syncer = InLoopSyncer  # type: ignore[misc,assignment]
    await hub.open()
    if commit == "each":  # the journal before issue 45.2: a sync per write, in the loop
        hub.journal.ungroup()
    await hub.tasks.running[0]  # the CPU workers started: their start is not a move's CPU
    server = GamesServer(hub, connections_per_address=10**4)  # 40 phones on one address
    server.ops = RateLimiter(10**6, 10**7)  # bots act at machine speed: no limits measured
    server.addresses = RateLimiter(10**6, 10**7)
    server.joins = RateLimiter(10**6, 10**7)
    serving = await start(server, "127.0.0.1", 0)
    gc.freeze()  # as games serve does once it listens (games.web.command.Serve.main)
    print(f"port {serving.port}", flush=True)
    try:
        await until_stdin_closes()
    finally:
        await serving.cleanup()
        await hub.close()
        for path in sorted(folder.iterdir()):
            path.unlink()
        folder.rmdir()


class RelayRoom:
    def __init__(self, room_id: str) -> None:
        self.id = room_id
        self.seats: list[aiohttp.web.WebSocketResponse] = []
        self.game = 0
        self.step = 0
        self.turn = 0


async def serve_relay(phones: int, moves: int, pad: int) -> None:
    """A bare relay: rooms of `phones` sockets in the order they sat, each move to all of them."""
    from aiohttp import WSMsgType, web

    rooms: dict[str, RelayRoom] = {}
    legal = ["PASS", "3S", "4H 4D"]
    filler = "x" * pad

    async def broadcast(room: RelayRoom) -> None:
        for seat, ws in enumerate(room.seats):
            if room.step >= moves:
                text = json.dumps({"type": "results", "room": room.id, "game_no": room.game})
            else:
                text = json.dumps({"type": "table", "room": room.id, "game_no": room.game,
                                   "step": room.step, "your_turn": seat == room.turn,
                                   "legal": legal, "view": filler})  # fmt: skip
            await ws.send_str(text)

    async def socket(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                break
            op = json.loads(message.data)
            if op["op"] == "sit":
                room = rooms.setdefault(op["room"], RelayRoom(op["room"]))
                room.seats.append(ws)
                await ws.send_str(json.dumps({"type": "room", "room": room.id}))
            elif op["op"] == "start":
                room = rooms[op["room"]]
                room.game, room.step, room.turn = room.game + 1, 0, 0
                await broadcast(room)
            elif op["op"] == "act":
                room = next(r for r in rooms.values() if ws in r.seats)
                if room.seats[room.turn] is ws:
                    room.step += 1
                    room.turn = (room.turn + 1) % len(room.seats)
                    await broadcast(room)
        return ws

    app = web.Application()
    app.add_routes([web.get("/ws", socket)])
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    print(f"port {port}", flush=True)
    try:
        await until_stdin_closes()
    finally:
        await runner.cleanup()


# -- the run -----------------------------------------------------------------------------------


def measure(
    name: str, server_args: list[str], rooms: int, phones: int, games: int, seed: int
) -> tuple[list[Room], float, float]:
    proc, port = start_server(server_args)
    table = [Room(f"daifugo-{n:02d}", phones) for n in range(rooms)]
    try:
        cpu, wall = asyncio.run(play(port, proc.pid, table, games, seed))
    finally:
        stop_server(proc)
    return table, cpu, wall


def figures(name: str, rooms: list[Room], cpu: float, wall: float) -> tuple[float, float, float]:
    """Prints one server's line: (CPU ms per move, p50 ms, p99 ms)."""
    latencies = sorted(x for room in rooms for x in room.latencies)
    acts = sum(r.acts for r in rooms)
    if not latencies or not acts:
        raise SystemExit(f"{name}: no action was measured")
    p50 = statistics.median(latencies)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    per_move = cpu * 1000 / acts
    print(
        f"  {name:<14} {acts:5d} moves in {wall:5.1f} s: server CPU {per_move:5.2f} ms/move, "
        f"to all phones p50 {p50:5.1f} ms, p99 {p99:5.1f} ms, max {latencies[-1]:6.1f} ms"
    )
    return per_move, p50, p99


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rooms", type=int, default=8)
    p.add_argument("--phones", type=int, default=5, help="phones per room (the rest CPUs)")
    p.add_argument("--games", type=int, default=3, help="games per room")
    p.add_argument("--cpu", default="strong", choices=("easy", "normal", "strong"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=None,
                   help="CPU worker processes (default: games_web.cpu_workers' default)")  # fmt: skip
    p.add_argument("--no-relay", action="store_true", help="measure games serve alone")
    p.add_argument("--commit", default="thread", choices=("thread", "loop", "each"),
                   help="the journal's commit: its writer thread (games serve's), a group "
                   "commit in the loop, or a sync per write in the loop (before issue 45.2)")  # fmt: skip
    p.add_argument("--serve", choices=("ours", "relay"), help=argparse.SUPPRESS)
    p.add_argument("--moves", type=int, default=60, help=argparse.SUPPRESS)
    p.add_argument("--pad", type=int, default=1000, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.workers is None:
        sys.path.append(str(ROOT))  # PYTHONPATH first: another copy of the code can be measured
        from games.web.settings import default_cpu_workers

        args.workers = default_cpu_workers()
    if args.serve is not None:  # both on games serve's loop (uvloop where it is installed)
        sys.path.append(str(ROOT))
        from eventkit.web.serving import run

        if args.serve == "ours":
            run(serve_ours(args.rooms, args.cpu, args.seed, args.workers, args.commit))
        else:
            run(serve_relay(args.phones, args.moves, args.pad))
        return 0
    common = ["--rooms", str(args.rooms), "--phones", str(args.phones), "--seed", str(args.seed)]
    print(
        f"{args.rooms} rooms x {args.phones} phones (+{SEATS - args.phones} {args.cpu} CPUs, "
        f"{args.workers} CPU workers), {args.games} games a room, journal commit "
        f"{args.commit}, {os.cpu_count()} cores, "
        f"load {os.getloadavg()[0]:.1f}"
    )
    ours_args = ["--serve", "ours", *common, "--cpu", args.cpu, "--workers", str(args.workers),
                 "--commit", args.commit]  # fmt: skip
    ours = measure("games serve", ours_args, args.rooms, args.phones, args.games, args.seed)
    cpu, p50, p99 = figures("games serve", *ours)
    ok = p99 <= TARGET_P99_MS
    if not args.no_relay:
        rooms = ours[0]
        played = sum(r.games for r in rooms) or 1
        moves = max(1, round(sum(r.acts for r in rooms) / played))
        pad = max(0, round(sum(r.table_bytes for r in rooms) / max(1, sum(r.tables for r in rooms)))
                  - 110)  # fmt: skip
        relay_args = ["--serve", "relay", *common, "--moves", str(moves), "--pad", str(pad)]
        relay = measure("relay", relay_args, args.rooms, args.phones, args.games, args.seed)
        r_cpu, r_p50, r_p99 = figures("bare relay", *relay)
        cpu_ratio, p99_ratio = cpu / r_cpu, p99 / r_p99
        print(f"  ratio          CPU/move {cpu_ratio:.1f}x (target <= {TARGET_CPU_RATIO}x: "
              f"{'OK' if cpu_ratio <= TARGET_CPU_RATIO else 'MISSED'}), "
              f"p50 {p50 / r_p50:.1f}x, p99 {p99_ratio:.1f}x (target <= {TARGET_P99_RATIO}x: "
              f"{'OK' if p99_ratio <= TARGET_P99_RATIO else 'MISSED'})")  # fmt: skip
        ok = ok and cpu_ratio <= TARGET_CPU_RATIO and p99_ratio <= TARGET_P99_RATIO
    verdict = "OK" if p99 <= TARGET_P99_MS else "MISSED"
    print(f"  p99 {p99:.1f} ms (target <= {TARGET_P99_MS:.0f} ms): {verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
