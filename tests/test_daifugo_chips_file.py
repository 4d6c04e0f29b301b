"""The Daifugō chips file under faults: damaged data, folders in the way, permissions, a full
disk, and two games open at once (issue 19)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from eventkit.errors import UserError
from games.daifugo.chips import ChipBank
from tests.disk_support import fill, small_tmpfs

ROOT = Path(__file__).resolve().parent.parent

DAMAGED = {
    "overflow": b'{"balances": {"\xe3\x81\x82\xe3\x81\xaa\xe3\x81\x9f": 1e400}}',
    "deeply nested": b'{"balances": ' + b"[" * 200_000 + b"]" * 200_000 + b"}",
    "not json": b"{not json",
    "a list": b"[1, 2]",
    "balances a list": b'{"balances": [1]}',
    "a fraction": b'{"balances": {"a": 1.5}}',
    "a boolean": b'{"balances": {"a": true}}',
    "huge": b'{"balances": {"a": 1' + b"0" * 30 + b"}}",
    "not utf-8": b"\xff\xfe{}",
}


@pytest.mark.parametrize("raw", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_file_comes_back_from_its_good_copy(tmp_path, raw):
    path = tmp_path / "chips.json"
    bank = ChipBank(path, start=1000)
    bank.add("あなた", -300)
    bank.save()
    path.write_bytes(raw)
    bank = ChipBank(path, start=1000)
    assert bank.balances == {"あなた": 700}  # never the starting amount again
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("chips.json.damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == raw  # nothing wiped
    assert kept[0].name in bank.notice and "restored from chips.json.last-good" in bank.notice
    assert "\n" not in bank.notice
    assert json.loads(path.read_text(encoding="utf-8"))["balances"] == {"あなた": 700}
    bank.add("あなた", -100)
    bank.save()
    assert json.loads(path.read_text(encoding="utf-8"))["balances"] == {"あなた": 600}


@pytest.mark.parametrize("raw", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_file_without_a_good_copy_is_refused_and_left_alone(tmp_path, raw):
    path = tmp_path / "chips.json"
    path.write_bytes(raw)
    with pytest.raises(UserError, match="no good copy") as info:
        ChipBank(path, start=1000)
    assert "move it away" in str(info.value) and "\n" not in str(info.value)
    assert path.read_bytes() == raw and sorted(p.name for p in tmp_path.iterdir()) == [
        "chips.json",
        "chips.json.lock",
    ]


def test_a_damaged_file_and_a_damaged_copy_are_refused_and_left_alone(tmp_path):
    path = tmp_path / "chips.json"
    path.write_bytes(b"{")
    (tmp_path / "chips.json.last-good").write_bytes(b"[" * 200_000)
    with pytest.raises(UserError, match="cannot be used either"):
        ChipBank(path)
    assert path.read_bytes() == b"{" and not list(tmp_path.glob("*.damaged-*"))


def test_a_lost_file_comes_back_from_its_good_copy(tmp_path):
    path = tmp_path / "chips.json"
    bank = ChipBank(path, start=1000)
    bank.add("あなた", 5)
    bank.save()
    path.unlink()
    bank = ChipBank(path, start=1000)
    assert bank.balances == {"あなた": 1005} and "were missing" in bank.notice


def test_two_damaged_files_in_one_second_keep_both(tmp_path):
    path = tmp_path / "chips.json"
    ChipBank(path).save()
    for raw in (b"{", b"["):
        path.write_bytes(raw)
        ChipBank(path)
    kept = sorted(p.read_bytes() for p in tmp_path.glob("chips.json.damaged-*"))
    assert kept == [b"[", b"{"]


def test_the_file_being_a_folder_is_reported_and_left_alone(tmp_path):
    path = tmp_path / "chips.json"
    path.mkdir()
    (path / "mine.txt").write_text("keep", encoding="utf-8")
    with pytest.raises(UserError, match="is a folder"):
        ChipBank(path)
    assert (path / "mine.txt").read_text(encoding="utf-8") == "keep"


def test_a_folder_where_the_old_temp_file_went_does_not_matter(tmp_path):
    path = tmp_path / "chips.json"
    (tmp_path / "chips.tmp").mkdir()
    (tmp_path / "chips.json.tmp").mkdir()
    bank = ChipBank(path)
    bank.add("a", 5)
    bank.save()
    assert ChipBank(path).balance("a") == bank.start + 5
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "chips.json",
        "chips.json.last-good",
        "chips.json.lock",
        "chips.json.tmp",
        "chips.tmp",
    ]


def test_the_data_folder_being_a_file_is_reported(tmp_path, monkeypatch):
    blocker = tmp_path / "data"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("PUYO_EVENT_DATA_DIR", str(blocker))
    with pytest.raises(UserError, match="data folder .* cannot be created"):
        ChipBank()
    with pytest.raises(UserError, match="cannot be kept in"):
        ChipBank(blocker / "chips.json")
    assert blocker.read_text(encoding="utf-8") == "not a folder"


@pytest.fixture
def shared_dir():
    """A folder an unprivileged user can reach (pytest's tmp_path is private to root)."""
    path = Path(tempfile.mkdtemp(prefix="chips-"))
    path.chmod(0o755)
    yield path
    for p in path.rglob("*"):
        p.chmod(0o755 if p.is_dir() else 0o644)
    shutil.rmtree(path)


def test_read_only_folder_as_an_unprivileged_user(shared_dir, nobody):
    data = shared_dir / "data"
    data.mkdir()
    data.chmod(0o555)
    result = nobody.run(
        ["-m", "games", "daifugo", "--no-setup", "--config", str(nobody.root / "config.toml")],
        cwd=shared_dir,
        env={"PUYO_EVENT_DATA_DIR": str(data)},
    )
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert f"chip balances cannot be kept in {data}" in result.stderr
    assert list(data.iterdir()) == []


def test_unreadable_file_as_an_unprivileged_user(shared_dir, nobody):
    path = shared_dir / "chips.json"
    path.write_text('{"balances": {"a": 5}}', encoding="utf-8")
    path.chmod(0o600)
    shared_dir.chmod(0o777)
    code = f"from games.daifugo.chips import ChipBank; ChipBank({str(path)!r})"
    result = nobody.run(["-c", code], cwd=shared_dir)
    assert "UserError: chip balances in" in result.stderr and "cannot be read" in result.stderr
    assert path.read_text(encoding="utf-8") == '{"balances": {"a": 5}}'


WORKER = """
import sys
from games.daifugo.chips import ChipBank
bank = ChipBank(sys.argv[1], start=10_000)   # one table, open for the whole evening
print("ready", flush=True)
sys.stdin.readline()                           # both start together
for _ in range(int(sys.argv[2])):
    bank.add("あなた", -1)
    bank.add(sys.argv[3], 1)
    bank.save()
"""


@pytest.mark.slow
@pytest.mark.process
def test_two_games_open_at_once_lose_no_settlement(tmp_path):
    path = tmp_path / "chips.json"
    script = tmp_path / "worker.py"
    script.write_text(textwrap.dedent(WORKER), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rounds = 150
    workers = [
        subprocess.Popen(
            [sys.executable, str(script), str(path), str(rounds), name],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for name in ("CPU-A", "CPU-B")
    ]
    for w in workers:
        assert w.stdout.readline() == "ready\n"
    for w in workers:
        w.stdin.write("go\n")
        w.stdin.flush()
    for w in workers:
        _, err = w.communicate(timeout=120)
        assert w.returncode == 0, err
    balances = json.loads(path.read_text(encoding="utf-8"))["balances"]
    assert balances == {"あなた": 10_000 - 2 * rounds, "CPU-A": 10_150, "CPU-B": 10_150}
    assert not list(tmp_path.glob("*.tmp"))


@pytest.fixture
def tiny_disk(tmp_path):
    with small_tmpfs(tmp_path / "disk") as mount:
        yield mount


def test_a_full_disk_loses_nothing_and_the_next_save_works(tiny_disk):
    path = tiny_disk / "chips.json"
    bank = ChipBank(path, start=1000)
    bank.add("あなた", -100)
    bank.save()
    filler = fill(tiny_disk)
    for i in range(300):
        bank.add(f"player {i:03}", 1)
    with pytest.raises(UserError, match="could not be saved"):
        bank.save()
    assert json.loads(path.read_text(encoding="utf-8"))["balances"] == {"あなた": 900}
    assert not list(tiny_disk.glob("*.tmp"))
    filler.unlink()
    bank.save()
    saved = json.loads(path.read_text(encoding="utf-8"))["balances"]
    assert saved["あなた"] == 900 and saved["player 299"] == 1001 and len(saved) == 301
