"""A real hub process killed with SIGKILL mid-game, twice, then opened again: every room is
back where its phones last saw it (or further), and every name's chips are exactly the
starting chips plus what the results of each game said, each game counted once (the chips
file holds no game in progress at the end: nothing lost, nothing doubled)."""

from __future__ import annotations

import json
import os
import random
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from games.web.hub import Hub, HubOptions
from games.web.loadsim import evening
from games.web.phones import Phone

ROOT = Path(__file__).resolve().parent.parent
ROOMS = 2
START = 10_000


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def log_lines(folder: Path) -> list[dict]:
    path = folder / "sim.log"
    if not path.exists():
        return []
    lines = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        try:
            lines.append(json.loads(raw))
        except ValueError:
            pass  # the last line, cut by the kill
    return lines


def run_and_kill(folder: Path, rng: random.Random, in_game: int = 1, from_step: int = 0) -> None:
    """Start the simulated evening on `folder`, let it play into a game (a room's game
    `in_game` or later, at its step `from_step` or later), kill it -9 at the step it reports:
    it stops itself there (loadsim --stop-after), so nothing moves after the step."""
    wanted = rng.randint(40, 160)  # table steps this run, then the kill
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "games.web.loadsim",
            "--serve",
            str(folder),
            "--rooms",
            str(ROOMS),
            "--games",
            "1000",
            "--workers",
            "1",
            "--stop-after",
            str(wanted),
            "--stop-in-game",
            str(in_game),
            "--stop-from-step",
            str(from_step),
        ],  # fmt: skip
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        said = read_line(process, 120)
        assert said.startswith("stopped after "), (said, process_error(process))
    finally:
        workers = children(process.pid)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
        for pipe in (process.stdout, process.stderr):
            if pipe is not None:
                pipe.close()
    for worker in workers:  # its CPU workers end with it, none left behind
        assert gone(worker, 10), "CPU workers outlived it"


def read_line(process: subprocess.Popen[str], timeout: float) -> str:
    """The process's next line on stdout ("" when it ended or said nothing in `timeout` s)."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    return process.stdout.readline() if ready else ""


def process_error(process: subprocess.Popen[str]) -> str:
    """Its stderr, when it has ended (a stopped or running process is not waited for)."""
    if process.poll() is None or process.stderr is None:
        return "still running"
    return process.stderr.read()


def gone(pid: int, timeout: float) -> bool:
    """Whether `pid` (not our child: a grandchild) has ended within `timeout` s: waited on
    with a pidfd, which becomes readable when the process ends, not by polling /proc."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        return bool(select.select([fd], [], [], timeout)[0])
    finally:
        os.close(fd)


def children(pid: int) -> list[int]:
    """The processes `pid` started (Linux /proc), the multiprocessing helpers included."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(x) for x in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.timeout(300)
def test_sigkill_mid_game_every_room_back_no_chip_lost_or_doubled(tmp_path):
    rng = random.Random(26)
    for _ in range(3):  # a first run, then two restarts, each killed mid-game
        run_and_kill(tmp_path, rng)
    lines = log_lines(tmp_path)
    reopened = [x for x in lines if x["e"] == "open"]
    assert len(reopened) == 3 and reopened[1]["restored"] >= 1 and reopened[2]["restored"] >= 1

    clock = Clock()
    hub = Hub(
        tmp_path,
        rooms=evening(ROOMS, level="easy"),
        clock=clock,
        options=HubOptions(cpu_workers=0, turn_seconds=1.0, cpu_delay=0, advance_pause=0),
    )
    hub.load()
    try:
        last_seen = {}
        for line in lines:
            if line["e"] == "step":
                last_seen[line["room"]] = line
        assert set(last_seen) == set(hub.rooms)
        for room_id, seen in last_seen.items():
            room = hub.rooms[room_id]
            assert (room.game_no, room.step) >= (seen["game"], seen["step"]), room_id
            if seen["in_game"] and room.game_no == seen["game"]:
                assert room.in_game or room.step > seen["step"], room_id
        assert any(room.in_game for room in hub.rooms.values())

        tokens = json.loads((tmp_path / "phones.json").read_text())
        hosts = [Phone(hub, f"{r}-0", token=tokens[f"{r}-0"]) for r in hub.rooms]
        for _ in range(10_000):  # the games in play end, every person's turn by the timer
            hub.run_cpus()
            if not any(room.in_game for room in hub.rooms.values()):
                break
            clock.now += 1.5
            hub.tick()
        assert not any(room.in_game for room in hub.rooms.values())

        results = {(x["room"], x["game"]): x for x in lines if x["e"] == "results"}
        for phone in hosts:
            for message in phone.received:
                if message["type"] == "results":
                    key = (message["room"], message["game_no"])
                    results[key] = {"names": message["names"], "money": message["money"]}
        for room_id, room in hub.rooms.items():  # every game played has its results
            assert {g for r, g in results if r == room_id} == set(range(1, room.game_no + 1))
        expected: dict[str, int] = {}
        for (room_id, _), result in results.items():
            for name, money in zip(result["names"], result["money"], strict=True):
                # a CPU seat's chips are its room's own (issue 31.6)
                account = f"{name} @{room_id}" if name.startswith("CPU ") else name
                expected[account] = expected.get(account, START) + money
        for name, balance in expected.items():
            assert hub.balance(name) == balance, name
        chips = json.loads((tmp_path / "daifugo_chips.json").read_text())
        assert chips["open"] == {}
    finally:
        hub.shutdown()
