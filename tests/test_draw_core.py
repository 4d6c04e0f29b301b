"""The draw session, its journal and the card check (no Qt)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bingo.config import load_config, parse_config
from bingo.journal import JournalTampered, JournalUnusable, verify_journal
from bingo.session import DrawSession, SessionError, default_journal_path
from cards.check import BINGO, NOT_YET, REACH, check_card, load_registry_for, registry_stats
from cards.model import BingoCard
from cards.registry import RegistryError, write_registry

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def config():
    return load_config(ROOT / "config.toml")


def small_config(size=4, per_column=10, free_center=False):
    return parse_config(
        {"board": {"size": size, "numbers_per_column": per_column, "free_center": free_center}},
        base_dir=ROOT,
    )


def test_draws_every_number_exactly_once(tmp_path, config):
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=1)
    drawn = [session.draw() for _ in range(config.board.total_numbers)]
    assert sorted(drawn) == list(range(1, 41))
    assert session.finished
    with pytest.raises(SessionError, match="all numbers"):
        session.draw()


def test_seeded_draws_repeat_and_system_random_is_default(tmp_path, config):
    a = DrawSession.open(config, tmp_path / "a.jsonl", seed=7)
    b = DrawSession.open(config, tmp_path / "b.jsonl", seed=7)
    assert [a.draw() for _ in range(10)] == [b.draw() for _ in range(10)]
    c = DrawSession.open(config, tmp_path / "c.jsonl")
    assert type(c._rng).__name__ == "SystemRandom"


def test_undo_and_resume(tmp_path, config):
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=3)
    numbers = [session.draw() for _ in range(5)]
    assert session.undo() == numbers[-1]
    session.close()
    again = DrawSession.open(config, path)
    assert again.resumed and again.history == numbers[:4]
    assert "4 draws" in again.resume_message
    assert again.drawn_per_column() == [
        sum(1 for n in numbers[:4] if config.board.column_of(n) == c) for c in range(4)
    ]
    with pytest.raises(SessionError, match="nothing to undo"):
        DrawSession.open(config, tmp_path / "empty.jsonl").undo()


def test_new_keeps_old_journal(tmp_path, config):
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=3)
    session.draw()
    session.close()
    fresh = DrawSession.open(config, path, new=True)
    assert fresh.history == [] and not fresh.resumed
    assert fresh.set_aside is not None and fresh.set_aside.exists()
    assert verify_journal(fresh.set_aside).draws == 1
    fresh.draw()
    fresh.new_game()
    assert fresh.history == [] and len(list(tmp_path.glob("j-*.jsonl"))) == 2


def test_torn_last_line_is_reported_and_draws_kept(tmp_path, config):
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=5)
    numbers = [session.draw() for _ in range(3)]
    session.close()
    with path.open("ab") as f:
        f.write(b'{"type":"draw","seq":4,"num')  # a write cut off by a power cut
    assert not verify_journal(path).ok
    resumed = DrawSession.open(config, path)
    assert resumed.history == numbers
    assert "途中で切れて" in resumed.resume_message  # the warning, in ja (the default)
    assert (tmp_path / "j.jsonl.torn").exists()
    resumed.draw()  # appends cleanly after the repair
    resumed.close()
    assert verify_journal(path).ok and verify_journal(path).draws == 4


def test_tampering_is_detected(tmp_path, config):
    """A draw edited to another number that was not drawn: a well-formed, possible record whose
    prev link is intact, so only its keyed hash (HMAC) can tell."""
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=5)
    drawn = [session.draw() for _ in range(3)]
    session.close()
    lines = path.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[2])
    assert record["type"] == "draw" and record["number"] == drawn[1]
    total = config.board.size * config.board.numbers_per_column
    record["number"] = next(n for n in range(1, total + 1) if n not in drawn)
    lines[2] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = verify_journal(path)
    assert not result.ok
    assert "の 3 行目がチェーンと合いません" in result.message
    with pytest.raises(JournalTampered, match="の 3 行目がチェーンと合いません") as caught:
        DrawSession.open(config, path)
    assert caught.value.code == "journal_tampered" and caught.value.params["valid"] == 2


def test_board_change_with_draws_is_refused(tmp_path):
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(small_config(5, 15), path, seed=1)
    session.draw()
    session.close()
    with pytest.raises(JournalUnusable, match="put board.size"):
        DrawSession.open(small_config(4, 10), path)
    # with nothing drawn, a new board simply starts a new journal (the old one kept)
    empty = tmp_path / "e.jsonl"
    DrawSession.open(small_config(5, 15), empty).close()
    session = DrawSession.open(small_config(4, 10), empty)
    assert session.history == [] and session.set_aside.exists()


def test_default_journal_lives_in_user_data_folder(config):
    path = default_journal_path(config)
    assert path.is_relative_to(Path(os.environ["PUYO_EVENT_DATA_DIR"]))
    assert "4x4" in path.name


def test_seeded_rehearsal_keeps_its_own_journal(config):
    rehearsal = DrawSession.open(config, seed=3)
    rehearsal.draw()
    rehearsal.close()
    assert rehearsal.journal_path == default_journal_path(config, rehearsal=True)
    real = DrawSession.open(config)  # the evening's draw: system randomness, nothing resumed
    assert real.journal_path == default_journal_path(config)
    assert real.history == [] and not real.resumed


@pytest.mark.slow
@pytest.mark.process
def test_resume_after_kill_9(tmp_path, config):
    path = tmp_path / "killed.jsonl"
    script = textwrap.dedent(
        f"""
        import os, signal, sys
        from bingo.config import load_config
        from bingo.session import DrawSession
        session = DrawSession.open(load_config({str(ROOT / "config.toml")!r}), {str(path)!r}, seed=9)
        for _ in range(6):
            print(session.draw(), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == -9
    printed = [int(x) for x in proc.stdout.split()]
    resumed = DrawSession.open(config, path)
    assert resumed.history == printed and len(printed) == 6


def card(rows, serial=1):
    return BingoCard(serial, tuple(tuple(r) for r in rows))


CARD = card([[1, 11, 21, 31], [2, 12, 22, 32], [3, 13, 23, 33], [4, 14, 24, 34]])


def test_check_bingo_reach_and_not_yet():
    bent = check_card(CARD, [1, 2, 12, 13], threshold=4)  # an L-shape of four
    assert bent.verdict == BINGO
    assert bent.winning_cells == {(0, 0), (1, 0), (1, 1), (2, 1)}
    reach = check_card(CARD, [1, 2, 12], threshold=4)
    assert reach.verdict == REACH
    assert set(reach.reach_numbers) == {3, 11, 13, 22}
    apart = check_card(CARD, [1, 12, 23, 34], threshold=4)  # diagonal: no bingo in Puyo rules
    assert apart.verdict == NOT_YET and not apart.reach_numbers
    joined = check_card(CARD, [1, 2, 22, 32], threshold=4)  # 12 joins two pairs
    assert joined.verdict == REACH and 12 in joined.reach_numbers


def test_free_centre_counts_as_marked():
    free = card([[1, 16, 31], [2, None, 32], [3, 18, 33]])
    assert check_card(free, [16, 2], threshold=4).verdict == REACH
    assert check_card(free, [16, 2, 18], threshold=4).verdict == BINGO


def test_registry_stats_and_validation(tmp_path, config):
    other = card([[5, 15, 25, 35], [6, 16, 26, 36], [7, 17, 27, 37], [8, 18, 28, 38]], serial=2)
    stats = registry_stats([CARD, other], [1, 2, 12, 5, 6, 7], threshold=4)
    assert (stats.cards, stats.bingo, stats.reach) == (2, 0, 2)
    path = tmp_path / "cards.csv"
    write_registry(path, [CARD, other])
    assert set(load_registry_for(config, path)) == {1, 2}
    write_registry(path, [card([[11, 1, 21, 31]] * 4)])
    with pytest.raises(RegistryError, match="（1 列）"):  # ja, the default
        load_registry_for(config, path)
    with pytest.raises(RegistryError, match="が見つかりません"):
        load_registry_for(config, tmp_path / "missing.csv")
