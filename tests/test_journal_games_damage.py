"""A damaged line in the games journal (issue 32.3, 32.4): a real evening (games.web.loadsim)
killed with SIGKILL mid-game, then one line of its journal damaged. Every valid record comes
back, those after the damaged line too where the chain allows; where it does not, that room's
game stops at the damaged line and the journal as it was is kept in `.damaged-<time>`; one line
on the terminal names the line number. Nothing is cut from disk without a copy."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from games.web.hub import Hub, HubOptions
from games.web.loadsim import evening
from tests.test_games_web_restart import ROOMS, Clock, run_and_kill

JOURNAL = "games_web.journal"


@pytest.fixture(scope="module")
def killed_evening(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Killed in a room's second game or later (so a damaged line can be of an earlier game),
    at its fifth step or later (so that game has actions to lose one of): the simulated evening
    stops itself only there (on a busy machine the rooms kept pace and a kill by step count
    alone fell in every first game, or at the first steps of both rooms' last games)."""
    folder = tmp_path_factory.mktemp("evening")
    run_and_kill(folder, random.Random(2), in_game=2, from_step=5)
    assert _earlier_acts([json.loads(line) for line in _lines(folder)]), "no earlier game's act"
    return folder


def _earlier_acts(records: list[dict]) -> list[int]:
    """The actions of games before each room's last one."""
    last_start = {r["room"]: i for i, r in enumerate(records) if r.get("k") == "start"}
    return [i for i, r in enumerate(records) if r.get("k") == "act" and i < last_start[r["room"]]]


def _restored(folder: Path) -> dict[str, tuple[int, int, bool]]:
    """(game, step, in game) of every room after a restore of `folder`."""
    hub = Hub(
        folder,
        rooms=evening(ROOMS, level="easy"),
        clock=Clock(),
        options=HubOptions(cpu_workers=0, turn_seconds=1.0, cpu_delay=0, advance_pause=0),
    )
    hub.load()
    try:
        return {rid: (r.game_no, r.step, r.in_game) for rid, r in hub.rooms.items()}
    finally:
        hub.shutdown()


def _copy(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("*.lock"))
    return dst


def _lines(folder: Path) -> list[bytes]:
    return (folder / JOURNAL).read_bytes().splitlines(keepends=True)


def _damage(folder: Path, index: int, garbage: bytes, *, insert: bool = False) -> bytes:
    lines = _lines(folder)
    lines[index : index + (0 if insert else 1)] = [garbage + b"\n"]
    raw = b"".join(lines)
    (folder / JOURNAL).write_bytes(raw)
    return raw


def _said(err: str) -> list[str]:
    return [line for line in err.splitlines() if "games journal" in line]


def test_an_inserted_damaged_line_loses_nothing(killed_evening, tmp_path, capfd):
    clean = _restored(_copy(killed_evening, tmp_path / "clean"))
    capfd.readouterr()
    folder = _copy(killed_evening, tmp_path / "damaged")
    middle = len(_lines(folder)) // 2
    raw = _damage(folder, middle, b"[" * 200_000, insert=True)  # overdeep: one line too
    assert _restored(folder) == clean  # every record, those after the damaged line too
    err = capfd.readouterr().err
    said = _said(err)
    assert len(said) == 1 and "Traceback" not in err and "RecursionError" not in err
    kept = list(folder.glob(f"{JOURNAL}.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == raw  # the journal as it was
    assert f"line {middle + 1} of" in said[0] and kept[0].name in said[0]
    assert "every other record was restored" in said[0]


def test_a_lost_action_stops_that_rooms_game_there_and_keeps_the_rest(
    killed_evening, tmp_path, capfd
):
    clean = _restored(_copy(killed_evening, tmp_path / "clean"))
    capfd.readouterr()
    folder = _copy(killed_evening, tmp_path / "damaged")
    records = [json.loads(line) for line in _lines(folder)]
    last_start = {r["room"]: i for i, r in enumerate(records) if r.get("k") == "start"}
    last_act = {r["room"]: i for i, r in enumerate(records) if r.get("k") == "act"}
    acts = [  # actions of a room's last game that a later action of that game follows
        i
        for i, r in enumerate(records)
        if r.get("k") == "act" and last_start[r["room"]] < i < last_act[r["room"]] and r["step"] > 0
    ]
    assert acts, "no room's last game has two actions to lose one of"
    index = acts[len(acts) // 2]  # an action in the middle of a room's last game
    lost = records[index]
    raw = _damage(folder, index, b'{"k": "act", "room": "' + b"\xff" * 8)
    restored = _restored(folder)
    err = capfd.readouterr().err
    said = _said(err)
    assert len(said) == 1 and "Traceback" not in err
    assert restored[lost["room"]][:2] == (lost["game"], lost["step"])  # stopped right there
    for rid, state in clean.items():  # the other rooms: everything, after the line too
        if rid != lost["room"]:
            assert restored[rid] == state, rid
    kept = list(folder.glob(f"{JOURNAL}.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == raw
    assert f"line {index + 1} of {len(records)}" in said[0] and kept[0].name in said[0]
    follow = next(
        i
        for i in range(index + 1, len(records))
        if records[i].get("room") == lost["room"] and "step" in records[i]
    )  # the first of that game that did not follow on
    assert f"{lost['room']} from line {follow + 1} (back at step {lost['step']})" in said[0]


def test_a_lost_action_of_an_earlier_game_costs_nothing(killed_evening, tmp_path, capfd):
    """The chain allows: the room's last game starts from its own snapshot."""
    clean = _restored(_copy(killed_evening, tmp_path / "clean"))
    capfd.readouterr()
    folder = _copy(killed_evening, tmp_path / "damaged")
    earlier = _earlier_acts([json.loads(line) for line in _lines(folder)])
    _damage(folder, earlier[0], b"\x00garbage")
    assert _restored(folder) == clean
    said = _said(capfd.readouterr().err)
    assert len(said) == 1 and f"line {earlier[0] + 1} of" in said[0]
