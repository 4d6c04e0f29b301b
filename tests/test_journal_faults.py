"""The journal under faults: two shows, a full disk, torn vs tampered, keys, locations, rehearsal.

Faults are real where it matters: two `bingo draw` processes, a small tmpfs for a full disk and
a read-only folder for an unprivileged user; a fault-injecting os.write covers what a tmpfs
cannot (EIO, a write cut in the middle).
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

import bingo.journal as journal_module
from bingo.config import load_config, parse_config
from bingo.journal import (
    GENESIS,
    JournalError,
    JournalTampered,
    JournalUnusable,
    JournalWriteError,
    audit_code,
    head_path,
    read_journal,
    verify_journal,
)
from bingo.journal_lock import JournalBusy
from bingo.session import DrawSession, SessionError, default_journal_path
from tests.disk_support import fill, small_tmpfs

ROOT = Path(__file__).resolve().parent.parent

SHOW_CONFIG = """\
[event]
title = "Fault show"
[board]
image_dir = "{img}"
[display]
spin_seconds = 0.2
sound = false
"""


@pytest.fixture
def config():
    return load_config(ROOT / "config.toml")


def show_config(folder: Path, language: str = "ja", root: Path = ROOT) -> Path:
    path = folder / "config.toml"
    text = SHOW_CONFIG.format(img=(root / "img").as_posix())
    if language != "ja":
        text = text.replace(
            'title = "Fault show"', f'title = "Fault show"\nlanguage = "{language}"'
        )
    path.write_text(text, encoding="utf-8")
    return path


def bingo_draw(*args: str, **kwargs) -> subprocess.Popen:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-m", "bingo", "draw", "--windowed", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kwargs,
    )


def wait_for(predicate, process: subprocess.Popen | None = None, timeout: float = 60) -> None:
    """Poll the file system (a real process has no signal to wait on)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if process is not None and process.poll() is not None:
            raise AssertionError(process.stderr.read().decode())
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def wait_for_line(process: subprocess.Popen, part: str) -> str:
    """The process's first stderr line holding `part`, read as it comes (the step it reports);
    the lines before it are kept on `process.said`."""
    said = process.said = getattr(process, "said", [])  # type: ignore[attr-defined]
    for raw in process.stderr:
        said.append(raw.decode())
        if part in said[-1]:
            return said[-1]
    raise AssertionError(f"the show ended without {part!r}: {''.join(said)}")


def draws_in(path: Path) -> list[int]:
    records = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    return [r["number"] for r in records if r["type"] == "draw"]


# ---------------------------------------------------------------- one show per journal


def test_a_second_session_on_the_same_journal_is_refused(tmp_path, config):
    path = tmp_path / "j.jsonl"
    first = DrawSession.open(config, path, seed=1)
    with pytest.raises(JournalBusy) as info:
        DrawSession.open(config, path, seed=1)
    assert info.value.code == "already_running"
    first.draw()
    first.close()
    again = DrawSession.open(config, path, seed=1)  # the lock went with the first show
    assert len(again.history) == 1
    again.close()


@pytest.mark.slow
@pytest.mark.process
def test_two_real_shows_on_one_journal(tmp_path):
    """A double-click on the launcher: the second copy says so in Japanese and exits."""
    config_path = show_config(tmp_path)
    journal = tmp_path / "show.jsonl"
    args = ("--config", str(config_path), "--journal", str(journal), "--auto", "0.5")
    first = bingo_draw(*args)
    try:
        wait_for(lambda: journal.exists() and len(draws_in(journal)) >= 1, first)
        second = bingo_draw(*args)
        out, err = second.communicate(timeout=60)
        message = err.decode()
        assert second.returncode == 1
        assert "すでに実行中" in message and "Traceback" not in message
        assert first.poll() is None  # the first show goes on
        wait_for(lambda: len(draws_in(journal)) >= 3, first)
    finally:
        first.kill()
        first.wait()
    drawn = draws_in(journal)
    assert len(drawn) == len(set(drawn)) and verify_journal(journal).ok


# ---------------------------------------------------------------- a failed write is a failed draw


def test_a_failed_write_draws_nothing_and_the_next_draw_works(tmp_path, config, monkeypatch):
    path = tmp_path / "j.jsonl"
    reference = DrawSession.open(config, tmp_path / "ref.jsonl", seed=6)
    expected = [reference.draw() for _ in range(4)]
    session = DrawSession.open(config, path, seed=6)
    session.draw()
    before = path.read_bytes()
    real_write = os.write
    faults = iter(
        [
            OSError(errno.ENOSPC, "No space left on device"),
            "half",  # a write cut in the middle, then the disk is full
            OSError(errno.EIO, "Input/output error"),
        ]
    )

    def faulty_write(fd, data):
        if fd == session._journal._fd:
            fault = next(faults, None)
            if fault == "half":
                real_write(fd, bytes(data)[: len(data) // 2])
                raise OSError(errno.ENOSPC, "No space left on device")
            if fault is not None:
                raise fault
        return real_write(fd, data)

    monkeypatch.setattr(journal_module.os, "write", faulty_write)
    for key in ("disk_full", "disk_full", "write_failed"):
        with pytest.raises(JournalWriteError) as info:
            session.draw()
        assert info.value.code == key
        assert session.history == expected[:1] and path.read_bytes() == before  # nothing pending
    assert [session.draw() for _ in range(3)] == expected[1:]  # as if nothing had happened
    session.close()
    assert verify_journal(path).ok and draws_in(path) == expected


@pytest.mark.slow
@pytest.mark.process
def test_a_real_show_on_a_disk_that_fills_up(tmp_path):
    """Auto draws while the disk is full record nothing; once space is back the show goes on.

    The show continues a game of 12 draws (written here, as an earlier show left it): its
    journal's last memory page has room for 4 draws more, 2 after the disk is filled, instead of
    the 14 a new game's first page holds after its 2 draws (a ball every 1.2 s in auto mode)."""
    config_path = show_config(tmp_path)
    with small_tmpfs(tmp_path / "disk") as disk:
        journal = disk / "show.jsonl"
        earlier = DrawSession.open(load_config(config_path), journal)
        for _ in range(12):
            earlier.draw()
        earlier.close()
        assert 4096 - journal.stat().st_size % 4096 > 800  # room for more than 2 draws
        begun = len(draws_in(journal))
        show = bingo_draw("--config", str(config_path), "--journal", str(journal), "--auto", "0.5")
        try:
            wait_for(lambda: len(draws_in(journal)) >= begun + 2, show)
            filler = fill(disk)
            # The journal's last memory page still has room for a few records; then a draw
            # cannot be recorded, and the show says so on its terminal at once (its .pause)
            wait_for_line(show, "ディスクがいっぱいで抽選を記録できません")
            stalled = journal.read_bytes()
            assert 4096 - len(stalled) % 4096 < 400  # the next record no longer fitted
            assert stalled.endswith(b"\n") and verify_journal(journal).ok  # nothing half-written
            filler.unlink()
            count = len(draws_in(journal))
            wait_for(lambda: len(draws_in(journal)) >= count + 2, show)
        finally:
            show.kill()
            show.wait()
        drawn = draws_in(journal)
        assert len(drawn) == len(set(drawn))
        assert verify_journal(journal).ok
        assert "Traceback" not in "".join(show.said) + show.stderr.read().decode()


@pytest.mark.slow
@pytest.mark.process
def test_starting_on_a_full_disk_says_so_and_leaves_no_empty_journal(tmp_path):
    config_path = show_config(tmp_path)
    with small_tmpfs(tmp_path / "disk") as disk:
        journal = disk / "show.jsonl"
        filler = fill(disk)
        show = bingo_draw("--config", str(config_path), "--journal", str(journal))
        _out, err = show.communicate(timeout=60)
        assert show.returncode == 1
        message = err.decode()
        assert "ディスクがいっぱい" in message and "Traceback" not in message
        assert not journal.exists() or journal.stat().st_size == 0
        assert [p.name for p in disk.iterdir() if p.name.endswith(".new")] == []
        filler.unlink()
        show = bingo_draw("--config", str(config_path), "--journal", str(journal), "--auto", "0.5")
        try:
            wait_for(lambda: journal.exists() and len(draws_in(journal)) >= 1, show)
        finally:
            show.kill()
            show.wait()


def test_an_empty_journal_is_a_new_game(tmp_path, config):
    path = tmp_path / "j.jsonl"
    path.write_bytes(b"")
    session = DrawSession.open(config, path, seed=2)
    assert session.history == [] and not session.resumed
    session.draw()
    session.close()
    assert verify_journal(path).ok


def test_new_game_on_a_full_disk_keeps_the_current_game(tmp_path, config):
    with small_tmpfs(tmp_path / "disk") as disk:
        path = disk / "j.jsonl"
        session = DrawSession.open(config, path, seed=3)
        drawn = [session.draw() for _ in range(3)]
        filler = fill(disk)
        drawn += draw_until_full(session)
        with pytest.raises(JournalWriteError):
            session.new_game()
        assert session.history == drawn and session.journal_path == path
        assert sorted(p.name for p in disk.iterdir() if p.suffix == ".jsonl") == ["j.jsonl"]
        with pytest.raises(JournalWriteError):
            session.draw()
        filler.unlink()
        drawn.append(session.draw())
        session.close()
        assert draws_in(path) == drawn and verify_journal(path).ok


def draw_until_full(session) -> list[int]:
    """Use up the room left in the journal's last page; the draw that fails draws nothing."""
    drawn = []
    while True:
        count = len(session.history)
        try:
            drawn.append(session.draw())
        except JournalWriteError as exc:
            assert exc.code == "disk_full" and len(session.history) == count
            return drawn
        assert len(drawn) < 30, "the disk never filled up"


# ---------------------------------------------------------------- torn vs tampered, keyed chain


def seeded_journal(path: Path, config, draws: int = 4) -> list[int]:
    session = DrawSession.open(config, path, seed=5)
    drawn = [session.draw() for _ in range(draws)]
    session.close()
    return drawn


def test_only_an_incomplete_last_line_is_torn(tmp_path, config):
    path = tmp_path / "j.jsonl"
    drawn = seeded_journal(path, config)
    with path.open("ab") as f:
        f.write(b'{"type":"draw","seq":5,"nu')
    session = DrawSession.open(config, path)
    assert session.history == drawn and any(w.code == "torn_line" for w in session.warnings)
    session.close()


def test_a_byte_flip_in_the_last_complete_line_is_tampering(tmp_path, config):
    path = tmp_path / "j.jsonl"
    drawn = seeded_journal(path, config)
    data = bytearray(path.read_bytes())
    last = data.rstrip(b"\n").rfind(b"\n") + 1
    at = data.index(b'"number":', last) + len('"number":')
    data[at] = ord("1") if data[at] != ord("1") else ord("2")
    path.write_bytes(bytes(data))
    with pytest.raises(JournalTampered, match="5 行目"):
        DrawSession.open(config, path)
    path.write_bytes(bytes(data[:-1]) + b"x\n")  # garbage that still ends the line
    with pytest.raises(JournalTampered, match="5 行目"):
        read_journal(path)
    assert len(drawn) == 4


def test_a_chain_recomputed_without_the_key_is_caught(tmp_path, config):
    path = tmp_path / "j.jsonl"
    seeded_journal(path, config)
    records = [json.loads(x) for x in path.read_text().splitlines()]
    records[2]["number"] = 40 if records[2]["number"] != 40 else 39
    prev = GENESIS
    lines = []
    for record in records:  # what an editor without the key can do: a plain SHA-256 chain
        record.pop("hash")
        record["prev"] = prev
        canonical = json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        prev = hashlib.sha256((prev + canonical).encode()).hexdigest()
        lines.append(json.dumps({**record, "hash": prev}, separators=(",", ":")))
    path.write_text("\n".join(lines) + "\n")
    result = verify_journal(path)
    assert not result.ok and "1 行目" in result.message


def test_a_journal_shortened_at_a_line_boundary_is_reported(tmp_path, config):
    path = tmp_path / "j.jsonl"
    seeded_journal(path, config)
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:-2]))
    result = verify_journal(path)
    assert (
        not result.ok and "短くなっています" in result.message and "記録は 3 件" in result.message
    )
    with pytest.raises(JournalTampered) as info:
        DrawSession.open(config, path)
    assert info.value.code == "journal_shortened"


def test_a_reader_never_mistakes_a_show_writing_for_a_shortened_journal(tmp_path, config):
    """The head is read before the journal, and names its game: a poll between a record and
    its head, or while a new game is put in place, sees no tampering."""
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=5)
    session.draw()  # the head file now lags one record behind what a reader saw first
    assert read_journal(path) is not None
    session.draw()
    saved = head_path(path).read_text()
    session.new_game()
    head_path(path).write_text(saved)  # a reader that read the old game's head
    state = read_journal(path)
    assert state.history == [] and any(w.code == "head_other_game" for w in state.warnings)
    session.close()


def test_the_key_lives_apart_and_its_absence_is_clear(tmp_path, config):
    path = tmp_path / "j.jsonl"
    seeded_journal(path, config)
    start = json.loads(path.read_text().splitlines()[0])
    key_file = Path(os.environ["PUYO_EVENT_DATA_DIR"]) / "journal-keys" / f"{start['key_id']}.key"
    assert key_file.exists() and key_file.parent != path.parent
    assert key_file.stat().st_mode & 0o077 == 0
    key_file.rename(tmp_path / "elsewhere.key")
    with pytest.raises(JournalUnusable, match="その鍵"):
        DrawSession.open(config, path)
    assert "その鍵" in verify_journal(path).message


def test_audit_code_follows_the_chain_head(tmp_path, config):
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=5)
    codes = {session.audit_code}
    for _ in range(3):
        session.draw()
        codes.add(session.audit_code)
    last_hash = json.loads(path.read_text().splitlines()[-1])["hash"]
    assert session.audit_code == audit_code(last_hash) and len(codes) == 4
    assert len(session.audit_code) == 9 and session.audit_code[4] == "-"
    session.close()
    assert session.audit_code in verify_journal(path).message
    head = json.loads(head_path(path).read_text())
    first_hash = json.loads(path.read_text().splitlines()[0])["hash"]
    assert head == {"seq": 4, "hash": last_hash, "first": first_hash}


def test_an_old_unkeyed_journal_is_still_read_and_continued(tmp_path, config):
    path = tmp_path / "old.jsonl"
    prev, lines = GENESIS, []
    bodies = [
        {
            "type": "start",
            "version": 1,
            "title": "old",
            "board": {"size": 4, "numbers_per_column": 10, "free_center": False},
        },
        {"type": "draw", "seq": 1, "number": 17},
        {"type": "draw", "seq": 2, "number": 3},
    ]
    for body in bodies:
        body = {**body, "time": "2025-01-01T00:00:00.000+00:00", "prev": prev}
        canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        prev = hashlib.sha256((prev + canonical).encode()).hexdigest()
        lines.append(json.dumps({**body, "hash": prev}, separators=(",", ":")))
    path.write_text("\n".join(lines) + "\n")
    session = DrawSession.open(config, path)
    assert session.resumed and session.history == [17, 3]
    session.draw()
    session.close()
    result = verify_journal(path)
    assert result.ok and result.draws == 3 and "鍵なし" in result.message  # ja, the default


# ---------------------------------------------------------------- recovery a host can do


def test_recovery_keeps_the_old_journal_aside_and_starts_anew(tmp_path, config):
    from argparse import Namespace

    from bingo.ui.command import open_session
    from bingo.ui.texts import texts

    path = tmp_path / "j.jsonl"
    seeded_journal(path, config)
    path.write_text(path.read_text().replace('"type":"draw"', '"type":"drow"', 1))
    args = Namespace(journal=str(path), new=False, seed=None)
    asked = []
    assert open_session(config, args, texts("ja"), ask=lambda *a: asked.append(a)) is None
    assert "書かれた後に変更" in asked[0][0] and "--new" not in asked[0][0]
    assert path.exists()  # quitting changes nothing
    session = open_session(config, args, texts("ja"), ask=lambda *a: True)
    assert session.history == [] and session.set_aside.exists()
    assert "drow" in session.set_aside.read_text()
    session.close()


def test_recovery_dialog_speaks_the_show_language(qtbot):
    from PySide6.QtCore import QTimer

    from bingo.ui.command import recovery_box
    from bingo.ui.texts import texts

    box = recovery_box("記録が壊れています", "/x/j.jsonl", texts("ja"))
    qtbot.addWidget(box)
    assert box.keep_button.text() == "別に保存して新しいゲームを始める"
    assert box.quit_button.text() == "終了" and box.defaultButton() is box.quit_button
    assert "--new" not in box.informativeText()
    QTimer.singleShot(0, box.keep_button.click)
    box.exec()
    assert box.clickedButton() is box.keep_button


# ---------------------------------------------------------------- journal identity


def test_default_journal_name_does_not_follow_the_title(tmp_path):
    a = tmp_path / "a" / "config.toml"
    b = tmp_path / "b" / "config.toml"
    for path, title in ((a, "Bingo!"), (b, "Bingo?")):
        path.parent.mkdir()
        path.write_text(f'[event]\ntitle = "{title}"\n')

    def cfg(path, title):
        return parse_config(
            {"event": {"title": title}}, base_dir=ROOT, path=path, check_images=False
        )

    assert default_journal_path(cfg(a, "Bingo!")) == default_journal_path(cfg(a, "Bing0!"))
    assert default_journal_path(cfg(a, "Bingo!")) != default_journal_path(cfg(b, "Bingo?"))
    assert "rehearsal" in default_journal_path(cfg(a, "x"), rehearsal=True).name


def test_an_unfinished_game_resumes_a_finished_one_starts_anew(tmp_path, config):
    session = DrawSession.open(config)
    drawn = [session.draw() for _ in range(3)]
    session.close()
    resumed = DrawSession.open(config)
    assert resumed.resumed and resumed.history == drawn and "3 draws" in resumed.resume_message
    while not resumed.finished:
        resumed.draw()
    resumed.close()
    fresh = DrawSession.open(config)
    assert fresh.history == [] and fresh.set_aside is not None
    assert fresh.previous_finished == fresh.set_aside
    assert any(w.code == "previous_finished" for w in fresh.warnings)
    fresh.close()


# ---------------------------------------------------------------- journal location problems


def run_main(*args: str, capsys) -> tuple[int, str]:
    from bingo.cli import main

    code = main(["draw", *args])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("case", ["file_as_folder", "journal_is_folder", "name_too_long", "device"])
def test_journal_location_problems_are_one_clear_message(tmp_path, capsys, case):
    config_path = show_config(tmp_path, language="en")
    if case == "file_as_folder":
        (tmp_path / "blocker").write_text("a file")
        journal, expected = tmp_path / "blocker" / "show.jsonl", "is a file, not a folder"
    elif case == "journal_is_folder":
        journal, expected = tmp_path / "folder", "is a folder"
        journal.mkdir()
    elif case == "device":
        journal, expected = Path("/dev/null"), "is a device"
    else:
        journal, expected = tmp_path / ("x" * 300 + ".jsonl"), "too long"
    code, err = run_main("--config", str(config_path), "--journal", str(journal), capsys=capsys)
    assert code == 1 and expected in err and "Traceback" not in err
    assert err.count("\n") == 1


def test_a_read_only_folder_for_an_unprivileged_user(nobody):
    tmp_path = Path(tempfile.mkdtemp(prefix="journal-ro-"))  # pytest's own is private to root
    tmp_path.chmod(0o755)
    try:
        check_read_only_as_nobody(tmp_path, nobody)
    finally:
        shutil.rmtree(tmp_path)


def check_read_only_as_nobody(tmp_path: Path, nobody) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    config_path = show_config(tmp_path, language="en", root=nobody.root)
    folder.chmod(0o755)
    data = tmp_path / "data"
    data.mkdir(mode=0o777)
    data.chmod(0o777)
    env = {"PUYO_EVENT_DATA_DIR": str(data)}
    draw = ["-m", "bingo", "draw", "--config", str(config_path), "--windowed", "--journal"]
    result = nobody.run([*draw, str(folder / "show.jsonl")], cwd=tmp_path, env=env)
    assert result.returncode == 1, result.stderr
    assert "permission denied" in result.stderr and "Traceback" not in result.stderr
    # a read-only journal file in a writable folder
    writable = tmp_path / "rw"
    writable.mkdir(mode=0o777)
    writable.chmod(0o777)
    code = (
        "from bingo.config import load_config; from bingo.session import DrawSession; "
        f"DrawSession.open(load_config({str(config_path)!r}), {str(writable / 'j.jsonl')!r}"
        ", seed=1).draw()"
    )
    result = nobody.run(["-c", code], cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    (writable / "j.jsonl").chmod(0o444)
    result = nobody.run([*draw, str(writable / "j.jsonl")], cwd=tmp_path, env=env)
    assert result.returncode == 1 and "permission denied" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


# ---------------------------------------------------------------- rehearsal


def test_a_seeded_rehearsal_replays_the_same_sequence_after_a_restart(tmp_path, config):
    straight = DrawSession.open(config, tmp_path / "a.jsonl", seed=21)
    first = [straight.draw() for _ in range(3)]
    straight.undo()
    expected = first[:2] + [straight.draw() for _ in range(8)]
    path = tmp_path / "b.jsonl"
    broken = DrawSession.open(config, path, seed=21)
    [broken.draw() for _ in range(3)]
    broken.undo()
    broken.close()
    again = DrawSession.open(config, path, seed=21)
    assert again.rehearsal and again.seed == 21
    assert list(again.history) + [again.draw() for _ in range(8)] == expected
    again.close()
    assert json.loads(path.read_text().splitlines()[0])["seed"] == 21


def test_seed_never_continues_secure_draws(tmp_path, config):
    path = tmp_path / "show.jsonl"
    secure = DrawSession.open(config, path)
    secure.draw()
    secure.close()
    with pytest.raises(JournalError) as info:
        DrawSession.open(config, path, seed=4)
    assert info.value.code == "seed_on_secure" and not isinstance(info.value, JournalUnusable)
    assert len(DrawSession.open(config, path).history) == 1


# ---------------------------------------------------------------- winners


def test_confirmed_winners_are_journaled_and_restored(tmp_path, config):
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=5)
    for _ in range(6):
        session.draw()
    session.record_winner(6, 5)
    session.record_winner(12)
    with pytest.raises(SessionError, match="9"):  # not yet drawn
        session.record_winner(3, 9)
    session.close()
    again = DrawSession.open(config, path)
    assert [(w.serial, w.draw_count) for w in again.winners] == [(6, 5), (12, 6)]
    again.close()
    assert "No.6（第5球で確認）" in verify_journal(path).message


# ---------------------------------------------------------------- issue 19: odd paths


def test_verify_journal_with_an_empty_name_does_not_start_the_show(capsys):
    from bingo.cli import main

    assert main(["draw", "--verify-journal", ""]) == 2
    assert "確かめる記録ファイルを指定してください" in capsys.readouterr().err


def test_verify_journal_says_what_a_folder_or_device_is(tmp_path, capsys):
    from bingo.cli import main

    assert main(["draw", "--verify-journal", str(tmp_path)]) == 1
    assert "はフォルダーで" in capsys.readouterr().err
    assert main(["draw", "--verify-journal", "/dev/null"]) == 1
    assert "はデバイスで" in capsys.readouterr().err


def test_new_refuses_to_set_aside_a_folder(tmp_path, capsys):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "keep.txt").write_text("user data")
    config_path = show_config(tmp_path, language="en")
    code, err = run_main(
        "--config", str(config_path), "--journal", str(folder), "--new", capsys=capsys
    )
    assert code == 1 and "is a folder" in err and "Traceback" not in err
    assert folder.is_dir() and (folder / "keep.txt").read_text() == "user data"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.toml", "mine"]


# ---------------------------------------------------------------- what the host sees

SHOTS = Path("/work/shared/team/shots")


def open_window(qtbot, session, config, **kwargs):
    import dataclasses

    from bingo.ui.display import DisplayWindow

    config = dataclasses.replace(
        config, display=dataclasses.replace(config.display, spin_seconds=0.2, sound=False)
    )
    kwargs.setdefault("confirm", lambda title, text: True)
    window = DisplayWindow(
        session, config, probability_module="no_engine_here", odds_mode="thread", **kwargs
    )
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    return window


def save_shot(window, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / name
    assert window.grab().save(str(path))
    return path


def test_full_disk_on_screen_draw_and_new_game(qtbot, tmp_path, config):
    from PySide6.QtCore import Qt

    with small_tmpfs(tmp_path / "disk") as disk:
        session = DrawSession.open(config, disk / "j.jsonl")
        window = open_window(qtbot, session, config)
        qtbot.keyClick(window, Qt.Key.Key_Space)
        qtbot.waitUntil(lambda: not window.controller.spinning, timeout=5000)
        filler = fill(disk)
        for _ in range(30):  # the journal's last page still takes a few records
            qtbot.keyClick(window, Qt.Key.Key_Space)
            if not window.controller.spinning:
                break
            qtbot.waitUntil(lambda: not window.controller.spinning, timeout=5000)
        first = list(session.history)
        assert not window.controller.spinning and window.board.drawn == first
        assert "ディスクがいっぱい" in window.notice_text
        save_shot(window, "disk-full.png")
        qtbot.keyClick(window, Qt.Key.Key_R)  # new game on the full disk: refused, game kept
        assert "ディスクがいっぱい" in window.notice_text
        assert session.history == first == window.board.drawn
        filler.unlink()
        qtbot.keyClick(window, Qt.Key.Key_Space)
        qtbot.waitUntil(lambda: not window.controller.spinning, timeout=5000)
        assert len(window.board.drawn) == len(first) + 1 and window.board.drawn[:-1] == first
        window.close()
        session.close()
        assert verify_journal(disk / "j.jsonl").ok


def test_rehearsal_mark_on_the_audience_screen(qtbot, tmp_path, config):
    from PySide6.QtGui import QColor

    rehearsal = DrawSession.open(config, tmp_path / "r.jsonl", seed=3)
    for _ in range(5):
        rehearsal.draw()
    window = open_window(qtbot, rehearsal, config)
    image = window.grab().toImage()
    dpr = image.devicePixelRatio()
    rect = window.rehearsal_rect()
    corner = QColor(image.pixel(round((rect.left() + 4) * dpr), round(rect.center().y() * dpr)))
    assert corner.red() > 180 and corner.green() < 90  # the red mark is there
    save_shot(window, "rehearsal.png")
    window.close()
    secure = DrawSession.open(config, tmp_path / "s.jsonl")
    plain = open_window(qtbot, secure, config)
    image = plain.grab().toImage()
    colour = QColor(image.pixel(round((rect.left() + 4) * dpr), round(rect.center().y() * dpr)))
    assert not (colour.red() > 180 and colour.green() < 90)
    plain.close()
    rehearsal.close()
    secure.close()


def test_operator_shows_audit_code_and_winners(qtbot, tmp_path, config):
    from PySide6.QtCore import Qt

    from bingo.ui.operator import OperatorWindow

    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=3)
    window = open_window(qtbot, session, config)
    operator = OperatorWindow(window)
    qtbot.addWidget(operator)
    window.operator = operator
    qtbot.keyClick(window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: not window.controller.spinning, timeout=5000)
    assert f"監査コード {session.audit_code}" in operator.audit_label.text()
    assert "リハーサル" in operator.audit_label.text()
    with qtbot.waitSignal(window.controller.winners_changed):
        assert window.controller.record_winner(6)
    assert "No.6（1球目）" in operator.audit_label.text()
    while not session.finished:
        session.draw()
    window.controller.revealed = list(session.history)
    text = window.controller.end_text()
    assert session.audit_code in text and "No.6（1球目）" in text
    operator.close()
    session.close()


def test_a_seed_left_in_config_warns_at_the_start(tmp_path):
    from argparse import Namespace

    from bingo.ui.command import start_warnings
    from bingo.ui.texts import texts

    seeded = parse_config({"event": {"seed": 42}}, base_dir=ROOT, check_images=False)
    plain = parse_config({}, base_dir=ROOT, check_images=False)
    (warning,) = start_warnings(seeded, Namespace(seed=None), texts("ja"))
    assert "event.seed = 42" in warning and "リハーサル" in warning
    assert start_warnings(seeded, Namespace(seed=42), texts("ja")) == []  # asked for on purpose
    assert start_warnings(plain, Namespace(seed=None), texts("ja")) == []


def test_verify_names_the_ball_of_the_bingo_and_of_the_claim(tmp_path, config):
    """A winner confirmed at ball 7 whose card had its bingo at ball 5 and was claimed at 6 is
    summed up at ball 5, not at the ball V was pressed (issue 22 item 5)."""
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=5)
    for _ in range(7):
        session.draw()
    session.record_winner(6, 7, bingo_ball=5, claim_ball=6)
    session.close()
    message = verify_journal(path).message
    assert "No.6（第5球でビンゴ、第6球で申告、第7球で確認）" in message
