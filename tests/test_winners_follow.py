"""Issue 41 item 1: winners follow the draw (no Qt). An undo that takes away the ball of a
winner's bingo withdraws the winner; the host can take a winner back; both are journaled
(`withdraw` records in the keyed chain) and kept through a restart; winners are ranked by the
ball of their bingo, a tie sharing its place, and `[event] tie_prizes` gives the tie's prizes."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from bingo.config import ConfigError, load_config, parse_config
from bingo.journal import (
    WITHDRAW_HOST,
    WITHDRAW_UNDO,
    JournalTampered,
    Winner,
    read_journal,
    verify_journal,
)
from bingo.session import DrawSession, SessionError, rank_winners

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def config():
    return load_config(ROOT / "config.toml")


def with_prizes(config, prizes, tie_prizes="janken"):
    event = dataclasses.replace(config.event, prizes=tuple(prizes), tie_prizes=tie_prizes)
    return dataclasses.replace(config, event=event)


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_an_undo_of_the_ball_of_a_bingo_withdraws_the_winner_and_a_restart_keeps_it(
    tmp_path, config
):
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=3)
    for _ in range(13):
        session.draw()
    session.record_winner(5, 12, bingo_ball=12, claim_ball=12)  # its bingo came before ball 13
    session.record_winner(3, 13, bingo_ball=13, claim_ball=13)
    assert [r.serial for r in session.undo_withdraws()] == [3]  # the question names it
    assert session.undo_withdraws()[0].place == 2
    session.undo()
    assert [w.serial for w in session.winners] == [5]
    [gone] = session.withdrawn
    assert (gone.serial, gone.reason, gone.draw_count, gone.winner.bingo_ball) == (
        3,
        WITHDRAW_UNDO,
        12,
        13,
    )
    kinds = [r["type"] for r in records(path)]
    assert kinds[-3:] == ["winner", "undo", "withdraw"]  # journaled after the undo, chained
    session.draw()  # a new 13th ball: the withdrawn card is not a winner again by itself
    assert [w.serial for w in session.winners] == [5]
    session.close()
    again = DrawSession.open(config, path)
    assert [w.serial for w in again.winners] == [5]
    assert [(w.serial, w.reason) for w in again.withdrawn] == [(3, WITHDRAW_UNDO)]
    assert len(again.history) == 13
    result = verify_journal(path)
    assert result.ok and "取り消した当選：No.3（第12球でビンゴを取り消し）" in result.message
    again.close()


def test_an_undo_that_leaves_every_bingo_withdraws_nobody(tmp_path, config):
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=3)
    for _ in range(10):
        session.draw()
    session.record_winner(4, 10, bingo_ball=9)
    assert session.undo_withdraws() == []
    session.undo()
    assert [w.serial for w in session.winners] == [4] and session.withdrawn == []
    assert records(path)[-1]["type"] == "undo"
    session.close()


def test_a_journal_written_before_withdraw_records_is_put_right_when_opened(tmp_path, config):
    """The issue's journal: `winner` then `undo` (and a new ball since), no withdraw: the
    resumed session withdraws the winner (a `withdraw` record), so it is not listed again."""
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=3)
    for _ in range(13):
        session.draw()
    session._journal.append_winner(3, 13, bingo_ball=13, claim_ball=13)  # as before issue 41
    session._journal.append_undo(session.history[-1])
    session.draw()
    session.close()
    assert [r["type"] for r in records(path)][-3:] == ["winner", "undo", "draw"]
    said = verify_journal(path).message
    assert "。当選：" not in said and "ショーが開くときに当選を取り消すもの：No.3" in said
    again = DrawSession.open(config, path)
    assert again.winners == [] and [w.serial for w in again.withdrawn] == [3]
    assert records(path)[-1]["type"] == "withdraw" and records(path)[-1]["reason"] == "undo"
    again.close()


def test_a_full_disk_after_the_undo_still_leaves_the_winner_out(tmp_path, config, monkeypatch):
    from bingo.journal import Journal, JournalWriteError

    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=3)
    for _ in range(6):
        session.draw()
    session.record_winner(2, 6, bingo_ball=6)
    real = Journal.append_withdraw

    def full(self, serial, reason):
        raise JournalWriteError("disk full", code="disk_full", path=str(path))

    monkeypatch.setattr(Journal, "append_withdraw", full)
    session.undo()  # the undo is on disk; its withdrawal is not
    assert session.winners == [] and records(path)[-1]["type"] == "undo"
    session.close()
    still_full = DrawSession.open(config, path)  # the show opens all the same
    assert still_full.winners == [] and records(path)[-1]["type"] == "undo"
    still_full.close()
    monkeypatch.setattr(Journal, "append_withdraw", real)
    again = DrawSession.open(config, path)  # written when the journal is opened again
    assert again.winners == [] and [w.serial for w in again.withdrawn] == [2]
    again.close()


def test_the_host_takes_a_winner_back_journaled_and_may_record_it_again(tmp_path, config):
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=3)
    for _ in range(8):
        session.draw()
    session.record_winner(9, 8, bingo_ball=8)
    with pytest.raises(SessionError) as twice:
        session.record_winner(9, 8, bingo_ball=8)  # one card wins once
    assert twice.value.code == "winner_already"
    withdrawal = session.withdraw_winner(9)
    assert (withdrawal.serial, withdrawal.reason) == (9, WITHDRAW_HOST)
    assert session.winners == []
    with pytest.raises(SessionError) as nobody:
        session.withdraw_winner(9)
    assert nobody.value.code == "not_a_winner"
    session.record_winner(9, 8, bingo_ball=7)  # checked again: recorded right
    session.close()
    state = read_journal(path)
    assert [(w.serial, w.bingo_ball) for w in state.winners] == [(9, 7)]
    assert [(w.serial, w.reason) for w in state.withdrawn] == [(9, WITHDRAW_HOST)]


def test_a_withdraw_of_a_card_that_is_no_winner_is_an_impossible_record(tmp_path, config):
    """A withdraw record goes through the chain's record check: keyed and chained as written,
    but naming a card that was never a winner (or no reason), it is reported as impossible."""
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=3)
    session.draw()
    session._journal._write({"type": "withdraw", "serial": 77, "reason": "host"})
    session.close()
    with pytest.raises(JournalTampered) as caught:
        read_journal(path)
    assert caught.value.code == "journal_impossible" and caught.value.params["line"] == 3
    path2 = tmp_path / "k.jsonl"
    session = DrawSession.open(config, path2, seed=3)
    session.draw()
    session.record_winner(1, 1, bingo_ball=1)
    session._journal._write({"type": "withdraw", "serial": 1, "reason": "because"})
    session.close()
    with pytest.raises(JournalTampered):
        read_journal(path2)


def test_an_edited_withdraw_record_fails_the_keyed_chain(tmp_path, config):
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=3)
    for _ in range(4):
        session.draw()
    session.record_winner(1, 4, bingo_ball=4)
    session.withdraw_winner(1)
    session.close()
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"reason":"host"', '"reason":"undo"'), encoding="utf-8")
    with pytest.raises(JournalTampered) as caught:
        read_journal(path)
    assert caught.value.code == "journal_tampered"


def w(serial: int, ball: int) -> Winner:
    return Winner(serial, ball + 2, bingo_ball=ball)


def test_winners_rank_by_the_ball_of_their_bingo_and_a_tie_shares_its_place():
    # checked in this order; card 30's bingo came first, 10 and 20 tie at ball 12
    winners = [w(10, 12), w(20, 12), w(30, 9), w(40, 15), w(50, 15), w(60, 17)]
    ranked = rank_winners(winners, prize_count=5, tie_prizes="janken")
    assert [(r.serial, r.place, r.tied) for r in ranked] == [
        (30, 1, False),
        (10, 2, True),
        (20, 2, True),
        (40, 4, True),
        (50, 4, True),
        (60, 6, False),
    ]
    # janken: the tie plays for the prizes of the places it fills; none past the list
    assert [r.prizes for r in ranked] == [(0,), (1, 2), (1, 2), (3, 4), (3, 4), ()]
    assert [r.janken for r in ranked] == [False, True, True, True, True, False]
    each = rank_winners(winners, prize_count=5, tie_prizes="each")
    assert [r.prizes for r in each] == [(0,), (1,), (1,), (3,), (3,), ()]
    assert not any(r.janken for r in each)
    # a tie over the last prize: only the prizes that exist
    last = rank_winners([w(1, 5), w(2, 5)], prize_count=1)
    assert [(r.prizes, r.janken) for r in last] == [((0,), True), ((0,), True)]
    assert rank_winners([], 3) == []


def test_an_old_winner_without_the_ball_of_its_bingo_ranks_by_its_confirmation():
    old = Winner(7, 11)  # a journal written before bingo_ball was recorded
    ranked = rank_winners([old, w(8, 12)], prize_count=2)
    assert [(r.serial, r.place, r.ball) for r in ranked] == [(7, 1, 11), (8, 2, 12)]


def test_the_session_ranks_with_the_configs_prizes_and_tie_rule(tmp_path, config):
    prizes = ["1等 お米", "2等 図書カード", "3等 お菓子"]
    session = DrawSession.open(with_prizes(config, prizes, "each"), tmp_path / "j.jsonl", seed=3)
    for _ in range(10):
        session.draw()
    session.record_winner(1, 10, bingo_ball=10)
    session.record_winner(2, 10, bingo_ball=7)
    session.record_winner(3, 10, bingo_ball=7)
    ranked = session.ranked_winners()
    assert [(r.serial, r.place, r.prizes) for r in ranked] == [
        (2, 1, (0,)),
        (3, 1, (0,)),
        (1, 3, (2,)),
    ]
    assert session.place_for(7) == 1 and session.place_for(8) == 3 and session.place_for(11) == 4
    assert [(r.serial, r.place) for r in session.undo_withdraws()] == [(1, 3)]
    session.close()


@pytest.mark.parametrize("value", ["janken", "each"])
def test_tie_prizes_is_read(value):
    config = parse_config({"event": {"tie_prizes": value}}, base_dir=ROOT)
    assert config.event.tie_prizes == value


def test_tie_prizes_defaults_to_janken_and_a_bad_value_is_one_line(tmp_path, capsys):
    from bingo.cli import main as bingo_main

    assert parse_config({}, base_dir=ROOT).event.tie_prizes == "janken"
    assert load_config(ROOT / "config.toml").event.tie_prizes == "janken"  # the shipped file
    with pytest.raises(ConfigError) as caught:
        parse_config({"event": {"tie_prizes": "share"}}, base_dir=ROOT)
    assert "event.tie_prizes" in str(caught.value) and '"janken"' in str(caught.value)
    text = (ROOT / "config.toml").read_text(encoding="utf-8")
    path = tmp_path / "config.toml"
    path.write_text(text.replace('tie_prizes = "janken"', 'tie_prizes = "coin"'), encoding="utf-8")
    assert bingo_main(["check-config", "--config", str(path)]) != 0
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if "event.tie_prizes" in line]
    assert len(lines) == 1 and '"coin"' in lines[0] and "Traceback" not in err
