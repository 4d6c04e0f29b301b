"""Money never resets unasked (issue 32.2): a damaged chips file under `games serve` and the Qt
Daifugō game, real processes on real damaged files. Restored from its good copy with one line
on the terminal, or refused with one line that tells the host what to do."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from games.daifugo.chips import ChipBank
from tests.test_games_web_server import _serve_command

DAMAGE = {"cut short": b'{"version": 2, "balances": {"Aki": 12', "nested": b"[" * 200_000}


def _evening(chips: Path) -> None:
    """Two players' chips and a game in progress (its table's process gone), saved."""
    bank = ChipBank(chips, start=10_000)
    bank.add("Aki", 2_500)
    bank.add("Ben", -1_000)
    bank.open_game({"Aki": 100, "Ben": 100})
    bank.save()
    bank.close()  # as if its process died: the game's fees are owed back


def _serve_until_listening(tmp_path: Path) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(  # on a free port of its own choosing, said in its first line
        _serve_command(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = proc.stdout.readline() if proc.stdout else ""
    return proc, line


def _stop(proc: subprocess.Popen[str]) -> str:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
    # its end awaited with a generous bound (a busy machine); its CPU workers no longer hold
    # it up while they start: they are killed at once (tests/test_games_serve_stop.py)
    try:
        proc.wait(90)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    return proc.stderr.read() if proc.stderr else ""


@pytest.mark.slow
@pytest.mark.process
def test_games_serve_restores_a_damaged_chips_file_with_one_line(tmp_path: Path) -> None:
    for what, raw in DAMAGE.items():
        folder = tmp_path / what.replace(" ", "-")
        chips = folder / "data" / "daifugo_chips.json"
        chips.parent.mkdir(parents=True)
        _evening(chips)
        chips.write_bytes(raw)
        proc, line = _serve_until_listening(folder)
        try:
            assert line.startswith("serving http://127.0.0.1:"), (line, _stop(proc))
        finally:
            err = _stop(proc)
        assert proc.returncode == 0 and "Traceback" not in err
        said = [x for x in err.splitlines() if "chip balances" in x]
        assert len(said) == 1, err
        kept = list(chips.parent.glob("daifugo_chips.json.damaged-*"))
        assert len(kept) == 1 and kept[0].read_bytes() == raw
        assert str(chips) in said[0] and "restored from daifugo_chips.json.last-good" in said[0]
        assert kept[0].name in said[0] and "fee back" in said[0]  # the open game's fees
        balances = json.loads(chips.read_text("utf-8"))["balances"]
        assert balances == {"Aki": 12_500, "Ben": 9_000}  # not the starting amount


@pytest.mark.slow
@pytest.mark.process
def test_games_serve_refuses_to_start_when_nothing_can_be_restored(tmp_path: Path) -> None:
    chips = tmp_path / "data" / "daifugo_chips.json"
    chips.parent.mkdir(parents=True)
    chips.write_bytes(b'{"balances": {"Aki": 1')
    proc = subprocess.run(_serve_command(tmp_path), capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert str(chips) in lines[0] and "put a good copy back" in lines[0]
    assert chips.read_bytes() == b'{"balances": {"Aki": 1'  # left where it was


def _daifugo(data: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PUYO_EVENT_DATA_DIR": str(data), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.Popen(
        [sys.executable, "-m", "games", "daifugo", "--window", "--no-setup"],
        cwd=data,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


@pytest.mark.slow
@pytest.mark.process
def test_the_qt_game_restores_with_one_line_or_refuses_with_one(tmp_path: Path) -> None:
    chips = tmp_path / "daifugo_chips.json"
    _evening(chips)
    chips.write_bytes(DAMAGE["cut short"])
    game = _daifugo(tmp_path)
    try:
        assert game.stderr is not None
        line = game.stderr.readline()  # said before the notice waits on screen
    finally:
        game.kill()
        game.wait(30)
    assert "restored from daifugo_chips.json.last-good" in line and str(chips) in line
    assert json.loads(chips.read_text("utf-8"))["balances"] == {"Aki": 12_500, "Ben": 9_000}
    # now the good copy is damaged as well: the game refuses, nothing is moved
    chips.write_bytes(b"{")
    (tmp_path / "daifugo_chips.json.last-good").write_bytes(b"[" * 200_000)
    game = _daifugo(tmp_path)
    out, err = game.communicate(timeout=120)
    assert game.returncode != 0 and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "cannot be used either" in lines[0], err
    assert chips.read_bytes() == b"{"


def test_games_serve_rebuilds_the_chips_from_the_journal_when_both_files_are_damaged(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """A real evening killed with -9 mid-game; then the chips file and its good copy damaged:
    the hub rebuilds them from the chips its journal keeps with the latest game's end, and the
    game that was in progress (its fees not in that record) is dropped, not charged twice."""
    import random

    from games.web.hub import Hub, HubOptions
    from games.web.loadsim import evening
    from tests.test_games_web_restart import ROOMS, Clock, run_and_kill

    run_and_kill(tmp_path, random.Random(2))
    records = [json.loads(x) for x in (tmp_path / "games_web.journal").read_bytes().splitlines()]
    ends = [r for r in records if r.get("k") == "end" and "chips" in r]
    assert ends, "the evening ended no game"
    latest = max(ends, key=lambda r: r["at"])["chips"]
    chips = tmp_path / "daifugo_chips.json"
    chips.write_bytes(b'{"balances": {"')
    (tmp_path / "daifugo_chips.json.last-good").write_bytes(b"[" * 200_000)
    capfd.readouterr()
    hub = Hub(
        tmp_path,
        rooms=evening(ROOMS, level="easy"),
        clock=Clock(),
        options=HubOptions(cpu_workers=0, turn_seconds=1.0, cpu_delay=0, advance_pause=0),
    )
    hub.load()
    try:
        err = capfd.readouterr().err
        said = [x for x in err.splitlines() if "chip balances" in x]
        assert len(said) == 1 and "rebuilt from the games journal" in said[0], err
        kept = list(tmp_path.glob("daifugo_chips.json.damaged-*"))
        assert [p.read_bytes() for p in kept] == [b'{"balances": {"'] and kept[0].name in said[0]
        on_file = json.loads(chips.read_text("utf-8"))
        assert on_file["balances"] == latest and on_file["open"] == {}
        assert any(v != 10_000 for v in latest.values())  # not everyone at the start again
        for name, balance in latest.items():
            assert hub.balance(name) == balance, name
    finally:
        hub.shutdown()


def test_games_serve_brings_back_the_game_in_progress_from_the_good_copy(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Killed with -9 mid-game, then the chips file damaged: every room, the game in progress
    and its held fees come back exactly as with the file intact (from its good copy)."""
    import random
    import shutil

    from games.web.hub import Hub, HubOptions
    from games.web.loadsim import evening
    from tests.test_games_web_restart import ROOMS, Clock, run_and_kill

    killed = tmp_path / "killed"
    killed.mkdir()
    run_and_kill(killed, random.Random(5))

    def reopened(folder: Path) -> tuple[dict[str, tuple[int, int, bool]], dict[str, int], str]:
        capfd.readouterr()
        hub = Hub(
            folder,
            rooms=evening(ROOMS, level="easy"),
            clock=Clock(),
            options=HubOptions(cpu_workers=0, turn_seconds=1.0, cpu_delay=0, advance_pause=0),
        )
        hub.load()
        try:
            rooms = {rid: (r.game_no, r.step, r.in_game) for rid, r in hub.rooms.items()}
            names = {n for r in hub.rooms.values() for n in r.table.names}
            return rooms, {n: hub.balance(n) for n in names}, capfd.readouterr().err
        finally:
            hub.shutdown()

    clean = shutil.copytree(killed, tmp_path / "clean", ignore=shutil.ignore_patterns("*.lock"))
    damaged = shutil.copytree(killed, tmp_path / "damaged", ignore=shutil.ignore_patterns("*.lock"))
    on_file = json.loads((damaged / "daifugo_chips.json").read_text("utf-8"))
    assert on_file["open"], "the evening was not killed with a game's fees held"
    (damaged / "daifugo_chips.json").write_bytes(b"\x00" * 100)
    rooms, balances, clean_err = reopened(clean)
    rooms_after, balances_after, err = reopened(damaged)
    assert any(in_game for _, _, in_game in rooms.values())
    assert rooms_after == rooms and balances_after == balances
    said = [x for x in err.splitlines() if "chip balances" in x]
    assert len(said) == 1 and "restored from daifugo_chips.json.last-good" in said[0], err
    assert f"{len(on_file['open'])} game(s) in progress" in said[0]
    # a game whose start was saved in the chips file but not yet durable in the journal when
    # the kill came (the phones were never told it began) gets its fees back, from the good
    # copy exactly as from the intact file; the game the phones were playing goes on
    given_back = re.compile(r"(\d+) Daifugō game\(s\) stopped before their end")
    assert given_back.findall(said[0]) == given_back.findall(clean_err), (err, clean_err)
