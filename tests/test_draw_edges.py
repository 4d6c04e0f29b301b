"""The draw's edges that mutation testing found unguarded (issue 25): a journal shortened by
exactly one record, validly chained records that no show could have written (a duplicate draw,
a wrong undo), a winner at ball 0, and a rehearsal whose draws must follow its seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from bingo.config import load_config
from bingo.journal import (
    REHEARSAL_OFF_SEED,
    JournalTampered,
    can_continue,
    read_journal,
    verify_journal,
)
from bingo.session import DrawSession, SessionError
from bingo.ui.texts import texts

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def config():
    return load_config(ROOT / "config.toml")


def drawn(config, path: Path, n: int, seed: int | None = 7) -> DrawSession:
    session = DrawSession.open(config, path, seed=seed)
    for _ in range(n):
        session.draw()
    return session


# ---------------------------------------------------------------- a journal one record short


def test_a_journal_shortened_by_exactly_one_record_is_reported(tmp_path, config):
    path = tmp_path / "j.jsonl"
    drawn(config, path, 4).close()  # start + 4 draws: the side file says 5 records
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:-1]))
    with pytest.raises(JournalTampered) as info:
        read_journal(path)
    assert info.value.code == "journal_shortened"
    assert (info.value.params["had"], info.value.params["have"]) == (5, 4)
    assert "5 件書かれたはずが 4 件" in texts("ja").coded(info.value)
    result = verify_journal(path)
    assert not result.ok and "短くなっています" in result.message  # ja, the default


def test_the_same_journal_not_shortened_reads_whole(tmp_path, config):
    path = tmp_path / "j.jsonl"
    drawn(config, path, 4).close()
    state = read_journal(path)
    assert state is not None and len(state.history) == 4 and verify_journal(path).ok


# ---------------------------------------------------------------- keyed but impossible records


def test_a_validly_chained_duplicate_draw_is_refused_with_its_line(tmp_path, config):
    path = tmp_path / "j.jsonl"
    session = drawn(config, path, 3)
    first = session.history[0]
    session._journal.append_draw(first)  # keyed and chained like any record: line 5
    session.close()
    with pytest.raises(JournalTampered) as info:
        read_journal(path)
    assert info.value.code == "journal_impossible" and info.value.params["line"] == 5
    assert info.value.params["draws"] == 3 and can_continue(info.value)  # 3 draws before it
    assert "5 行目はありえない記録" in texts("ja").coded(info.value)
    assert "同じ数字の2度目の抽選" in verify_journal(path).message


def test_a_validly_chained_undo_of_a_number_that_was_not_the_last_is_refused(tmp_path, config):
    path = tmp_path / "j.jsonl"
    session = drawn(config, path, 3)
    earlier = session.history[1]  # drawn, but not the last one
    session._journal.append_undo(earlier)
    session.close()
    with pytest.raises(JournalTampered) as info:
        read_journal(path)
    assert info.value.code == "journal_impossible" and info.value.params["line"] == 5
    assert "Line 5 of the journal is an impossible record" in texts("en").coded(info.value)


def test_an_undo_of_the_last_number_reads_back(tmp_path, config):
    path = tmp_path / "j.jsonl"
    session = drawn(config, path, 3)
    kept, last = session.history[:2], session.history[2]
    assert session.undo() == last
    session.close()
    assert read_journal(path).history == kept


# ---------------------------------------------------------------- winners at ball 0


def test_a_winner_at_ball_zero_is_refused_and_nothing_recorded(tmp_path, config):
    path = tmp_path / "j.jsonl"
    session = drawn(config, path, 3)
    before = path.read_bytes()
    with pytest.raises(SessionError, match="ball 0"):
        session.record_winner(6, 0)  # not "now": 0 is a ball number, and there is no ball 0
    with pytest.raises(SessionError, match="ball 0"):
        session.record_winner(6, bingo_ball=0)
    assert session.winners == [] and path.read_bytes() == before
    # a claim may come before ball 1 (the phone's button is there from the start)
    winner = session.record_winner(6, claim_ball=0)
    assert (winner.draw_count, winner.claim_ball) == (3, 0)
    session.close()
    (again,) = read_journal(path).winners
    assert (again.serial, again.draw_count, again.claim_ball) == (6, 3, 0)


# ---------------------------------------------------------------- a rehearsal follows its seed


def draws_of(config, path: Path, seed: int, n: int = 12) -> list[int]:
    session = drawn(config, path, n, seed=seed)
    history = list(session.history)
    session.close()
    return history


def test_a_rehearsal_draws_what_its_seed_says_and_another_seed_draws_otherwise(tmp_path, config):
    runs = {seed: draws_of(config, tmp_path / f"{seed}.jsonl", seed) for seed in (1, 2, 3)}
    assert draws_of(config, tmp_path / "1-again.jsonl", 1) == runs[1]
    assert len({tuple(run) for run in runs.values()}) == 3  # the seed decides the draws


def test_a_resumed_or_restarted_rehearsal_goes_on_along_its_seed(tmp_path, config):
    unbroken = draws_of(config, tmp_path / "unbroken.jsonl", 9)
    path = tmp_path / "broken.jsonl"
    drawn(config, path, 5, seed=9).close()
    again = DrawSession.open(config, path, seed=9)
    assert again.warnings == []  # it follows its seed
    assert list(again.history) + [again.draw() for _ in range(7)] == unbroken
    again.new_game()  # a new game of the rehearsal starts the seed's sequence again
    assert [again.draw() for _ in range(12)] == unbroken
    again.close()


def test_a_rehearsal_journal_that_left_its_seed_says_so_on_resume(tmp_path, config):
    path = tmp_path / "j.jsonl"
    session = drawn(config, path, 2, seed=9)
    other = next(n for n in session.remaining if n != draws_of(config, tmp_path / "u", 9, 3)[2])
    session._journal.append_draw(other)  # keyed, but not the number seed 9 draws third
    session.close()
    again = DrawSession.open(config, path, seed=9)
    assert [w.code for w in again.warnings] == [REHEARSAL_OFF_SEED]
    assert again.warnings[0].params["seed"] == 9
    again.close()
