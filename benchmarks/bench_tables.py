"""The games' web hub under an evening's load: rooms of phones, strong CPUs, a kill -9.

  python benchmarks/bench_tables.py [--rooms 8] [--games 200] [--think 0.5] [--workers N]

1. Latency and memory: `--rooms` Daifugō rooms (5 seats: 3 phones seated, 2 watching, one of
   them tapping players; strong CPUs in the 2 empty seats) play `--games` games in all, the
   phones choosing random legal actions after a think time (games.web.loadsim). Each phone is
   a task on its own queue, as a socket writer is, so the figure includes the loop's
   scheduling: p50/p99 time from an action (a phone's or a CPU's) to the moment the last of
   the room's 5 phones has its update. Target p99 <= 200 ms on this 2-core machine. The hub
   writes its journal on the real disk (fsync per action). The server's resident memory after
   each game: flat (the last game's within 10 MB of the one at a quarter of the run).
2. kill -9 / restart: the same evening as a process of its own (`python -m games.web.loadsim`)
   killed with SIGKILL mid-game; the hub opened again on its folder: every room back at or past
   the step its phones last saw, the time to open, and every name's chips compared with the
   start plus each game's results counted once (lost / doubled, target 0 / 0). The games in
   play are finished on the reopened hub (its turn timer playing for the phones) first.

Each figure is printed with its target and OK/MISSED. `--rooms 2 --games 4` is a short run.
This measures the hub in the server's loop, not the WebSocket frames (games.web.server).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.web.hub import Hub, HubOptions  # noqa: E402
from games.web.loadsim import SimulatedEvening, TimedHub, evening  # noqa: E402
from games.web.settings import default_cpu_workers  # noqa: E402

P99_TARGET_MS = 200.0
MEMORY_TARGET_MB = 10.0
START = 10_000


def verdict(ok: bool) -> str:
    return "OK" if ok else "MISSED"


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def load_run(args: argparse.Namespace, folder: Path) -> SimulatedEvening:
    hub = TimedHub(
        folder,
        rooms=evening(args.rooms, level=args.level),
        options=HubOptions(cpu_workers=args.workers, cpu_delay=0, advance_pause=0, turn_seconds=0),
    )
    await hub.open()
    sim = SimulatedEvening(
        hub, folder, games=args.games, think=(args.think / 5, args.think), seed=26
    )
    started = time.perf_counter()
    progress = asyncio.create_task(report_progress(sim, started))
    await sim.run()
    progress.cancel()
    sim.seconds = time.perf_counter() - started  # type: ignore[attr-defined]
    await hub.close()
    return sim


async def report_progress(sim: SimulatedEvening, started: float) -> None:
    """A line a minute, so a long run's figures so far are never lost."""
    while True:
        await asyncio.sleep(60)
        lat = sim.stats.latencies_ms
        if lat:
            rss = sim.stats.rss_mb[-1][1] if sim.stats.rss_mb else 0.0
            print(f"  ... {time.perf_counter() - started:.0f} s: {sim.stats.games_done} games, "
                  f"{len(lat)} actions, p50 {percentile(lat, 0.5):.1f} ms, p99 "
                  f"{percentile(lat, 0.99):.1f} ms, {rss:.1f} MB", flush=True)  # fmt: skip


def report_load(args: argparse.Namespace, sim: SimulatedEvening) -> bool:
    lat = sim.stats.latencies_ms
    p50, p99 = percentile(lat, 0.50), percentile(lat, 0.99)
    print(f"{args.rooms} rooms x 5 phones, {sim.stats.games_done} games, {len(lat)} actions "
          f"in {sim.seconds:.0f} s ({args.level} CPUs, {args.workers} worker(s))")  # type: ignore[attr-defined]  # fmt: skip
    print(f"  action -> every phone's update: p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
          f"max {max(lat):.1f} ms   target p99 <= {P99_TARGET_MS:.0f} ms: "
          f"{verdict(p99 <= P99_TARGET_MS)}")  # fmt: skip
    rss = sorted(dict(sim.stats.rss_mb).items())  # one reading per game count, the last
    quarter = rss[max(0, len(rss) // 4 - 1)]
    last = rss[-1]
    growth = last[1] - quarter[1]
    shown = rss[:: max(1, len(rss) // 8)]
    if shown[-1] != last:
        shown.append(last)
    marks = ", ".join(f"{g}: {m:.1f}" for g, m in shown)
    print(f"  server memory (MB after game n): {marks}")
    print(
        f"  memory from game {quarter[0]} to {last[0]}: {growth:+.1f} MB   target within "
        f"{MEMORY_TARGET_MB:.0f} MB (flat): {verdict(abs(growth) <= MEMORY_TARGET_MB)}"
    )
    return p99 <= P99_TARGET_MS and abs(growth) <= MEMORY_TARGET_MB


def log_lines(folder: Path) -> list[dict]:
    lines = []
    path = folder / "sim.log"
    for raw in path.read_text(encoding="utf-8").splitlines() if path.exists() else []:
        try:
            lines.append(json.loads(raw))
        except ValueError:
            pass
    return lines


def serve_and_kill(args: argparse.Namespace, folder: Path, steps: int) -> None:
    """The evening as a process of its own, killed -9 at the step it reports: it stops itself
    at the first step of a game in progress after `steps` steps (loadsim --stop-after)."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "games.web.loadsim",
            "--serve",
            str(folder),
            "--rooms",
            str(args.rooms),
            "--games",
            "100000",
            "--level",
            args.level,
            "--workers",
            str(args.workers),
            "--think",
            str(args.think),
            "--stop-after",
            str(steps),
        ],  # fmt: skip
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        said = process.stdout.readline() if process.stdout else ""
        if not said.startswith("stopped after "):
            raise SystemExit(f"the simulated evening ended before it was killed: {said!r}")
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        if process.stdout is not None:
            process.stdout.close()


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def restart_check(args: argparse.Namespace, folder: Path) -> bool:
    serve_and_kill(args, folder, steps=30 * args.rooms)
    serve_and_kill(args, folder, steps=20 * args.rooms)  # a restart, killed again
    lines = log_lines(folder)
    clock = Clock()
    opened = time.perf_counter()
    hub = Hub(
        folder,
        rooms=evening(args.rooms, level=args.level),
        clock=clock,
        options=HubOptions(cpu_workers=0, turn_seconds=1.0, cpu_delay=0, advance_pause=0),
    )
    hub.load()
    seconds = time.perf_counter() - opened
    try:
        seen: dict[str, dict] = {}
        for line in lines:
            if line["e"] == "step":
                seen[line["room"]] = line
        back = sum(
            (hub.rooms[r].game_no, hub.rooms[r].step) >= (x["game"], x["step"])
            for r, x in seen.items()
        )
        playing = sum(room.in_game for room in hub.rooms.values())
        reopened = [x for x in lines if x["e"] == "open"]
        print(f"kill -9 mid-game, twice: {back}/{len(hub.rooms)} rooms back at or past what "
              f"their phones saw ({playing} in a game), {hub.restored} game(s) restored, "
              f"opened in {seconds:.2f} s (the killed process's own restart: "
              f"{reopened[-1]['seconds'] if len(reopened) > 1 else '-'} s with its workers)")  # fmt: skip
        lost, doubled = finish_and_count(hub, clock, folder, lines)
    finally:
        hub.shutdown()
    print(f"  chips after the restarts: lost {lost}, doubled {doubled}   target 0 / 0: "
          f"{verdict(lost == doubled == 0 and back == len(hub.rooms))}")  # fmt: skip
    return lost == doubled == 0 and back == len(hub.rooms)


def finish_and_count(hub: Hub, clock: Clock, folder: Path, lines: list[dict]) -> tuple[int, int]:
    """Finish the games in play (the timer moves for the phones), then compare each account's
    chips with the start plus every game's results once: (chips lost, chips doubled)."""
    from games.web.phones import Phone

    tokens = json.loads((folder / "phones.json").read_text())
    hosts = [Phone(hub, f"{r}-0", token=tokens[f"{r}-0"]) for r in hub.rooms]
    for _ in range(100_000):
        hub.run_cpus()
        if not any(room.in_game for room in hub.rooms.values()):
            break
        clock.now += 1.5
        hub.tick()
    results = game_results(lines, [m for phone in hosts for m in phone.received])
    played = sum(room.game_no for room in hub.rooms.values())
    lost, doubled, missing = count_chips(results, set(tokens), hub.balance, played)
    if missing:
        print(f"  {missing} game(s) without results in the logs")
    return lost, doubled


def game_results(lines: list[dict], messages: list[dict]) -> dict[tuple[str, int], dict]:
    """Every game's results once, by (room, game number): the log's, then the phones'."""
    results = {(x["room"], x["game"]): x for x in lines if x["e"] == "results"}
    for m in messages:
        if m["type"] == "results":
            results[(m["room"], m["game_no"])] = {"names": m["names"], "money": m["money"]}
    return results


def account(name: str, room: str, people: set[str]) -> str:
    """Whose chips a seat played with: a person's name; a CPU seat's own per room, as the hub
    keeps it (games.web.rooms.Room.accounts: "CPU 4" in room1 is "CPU 4 @room1")."""
    return name if name in people else f"{name} @{room}"


def count_chips(
    results: dict[tuple[str, int], dict],
    people: set[str],
    balance: Callable[[str], int],
    played: int,
) -> tuple[int, int, int]:
    """Each account's chips (`balance`) against the start plus its games' results, each game
    once: (chips lost, chips doubled, games without results); a game without results counts
    as lost too. People's chips follow them; CPUs' are kept per room."""
    expected: dict[str, int] = {}
    for (room, _), result in results.items():
        for name, money in zip(result["names"], result["money"], strict=True):
            key = account(name, room, people)
            expected[key] = expected.get(key, START) + money
    lost = doubled = 0
    for key, want in expected.items():
        have = balance(key)
        lost += max(0, want - have)
        doubled += max(0, have - want)
    missing = max(0, played - len(results))
    return lost + missing, doubled, missing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=8)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", default="strong")
    parser.add_argument("--think", type=float, default=0.5, help="a phone's longest think (s)")
    parser.add_argument(
        "--workers",
        type=int,
        default=default_cpu_workers(),
        help="CPU worker processes (default: what games serve runs, games_web.cpu_workers)",
    )
    parser.add_argument("--no-restart", action="store_true")
    args = parser.parse_args()
    ok = True
    with tempfile.TemporaryDirectory(prefix="bench-tables-", dir=ROOT / ".bench-tmp"
                                     if (ROOT / ".bench-tmp").is_dir() else None) as folder:  # fmt: skip
        sim = asyncio.run(load_run(args, Path(folder)))
        ok &= report_load(args, sim)
    if not args.no_restart:
        with tempfile.TemporaryDirectory(prefix="bench-tables-kill-") as folder:
            ok &= restart_check(args, Path(folder))
    return 0 if ok else 1


if __name__ == "__main__":
    random.seed(26)
    statistics.mean([0.0])
    sys.exit(main())
