"""benchmarks/bench_tables.py counts chips right (issue 40.5): on a real small evening's records
its restart check finds nothing lost, although every room has its own "CPU 4" (the hub keeps a
CPU seat's chips per room); a chips record removed from the file is a loss it reports."""

from __future__ import annotations

import asyncio
import io
import json
import sys
from pathlib import Path

import pytest

from games.web.hub import Hub, HubOptions
from games.web.loadsim import SimulatedEvening, TimedHub, evening

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_tables  # noqa: E402

ROOMS = 2
CHIPS = "daifugo_chips.json"


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def play(folder: Path, games: int) -> list[dict]:
    """A real evening on the hub (in this process, easy CPUs): its sim.log lines."""

    async def run() -> str:
        hub = TimedHub(
            folder,
            rooms=evening(ROOMS, level="easy"),
            options=HubOptions(cpu_workers=0, seed=7, cpu_delay=0, advance_pause=0, turn_seconds=0),
        )
        await hub.open()
        log = io.StringIO()
        sim = SimulatedEvening(hub, folder, games=games, think=(0.0, 0.001), seed=26, log=log)
        await sim.run()
        await hub.close()
        return log.getvalue()

    return [json.loads(line) for line in asyncio.run(run()).splitlines()]


def counted(folder: Path, lines: list[dict]) -> tuple[int, int, int]:
    """The benchmark's count on the hub opened again on `folder`: (lost, doubled, missing)."""
    hub = Hub(
        folder,
        rooms=evening(ROOMS, level="easy"),
        clock=Clock(),
        options=HubOptions(cpu_workers=0, turn_seconds=1.0, cpu_delay=0, advance_pause=0),
    )
    hub.load()
    try:
        people = set(json.loads((folder / "phones.json").read_text()))
        played = sum(room.game_no for room in hub.rooms.values())
        results = bench_tables.game_results(lines, [])
        return bench_tables.count_chips(results, people, hub.balance, played)
    finally:
        hub.shutdown()


@pytest.mark.slow
def test_nothing_lost_counts_ok_and_a_real_loss_is_missed(tmp_path: Path) -> None:
    lines = play(tmp_path, games=4)
    results = [i for i, x in enumerate(lines) if x["e"] == "results"]
    assert len(results) == 4 and {lines[i]["room"] for i in results} == {"room0", "room1"}
    cpus = {(lines[i]["room"], n) for i in results for n in lines[i]["names"] if "CPU" in n}
    assert ("room0", "CPU 4") in cpus and ("room1", "CPU 4") in cpus  # one name, two rooms

    assert counted(tmp_path, lines) == (0, 0, 0)

    # a game's results missing from the records: a loss
    lost, _, missing = counted(tmp_path, lines[: results[0]] + lines[results[0] + 1 :])
    assert missing == 1 and lost >= 1

    # a real loss: one room's "CPU 4" record gone from the chips file (it reads as the start)
    data = json.loads((tmp_path / CHIPS).read_text("utf-8"))
    won = data["balances"].pop("CPU 4 @room0") - bench_tables.START
    assert won != 0, "CPU 4 of room0 neither won nor lost: nothing to remove"
    (tmp_path / CHIPS).write_text(json.dumps(data), "utf-8")
    lost, doubled, missing = counted(tmp_path, lines)
    assert (lost, doubled, missing) == (max(0, won), max(0, -won), 0)
    assert bench_tables.verdict(lost == doubled == 0) == "MISSED"
