"""The Qt-free Daifugō table: match flow, turns, CPU moves, fees, prizes and the leave penalty."""

from __future__ import annotations

import pytest

from games.common.table import Refused
from games.daifugo.chips import ROOMS, ChipBank, fee, leave_penalty
from games.daifugo.plays import Pass, Play
from games.daifugo.ruleset import Title
from games.daifugo.table import TableSession

NAMES = ["me", "cpu1", "cpu2", "cpu3"]
ME = 0  # the person's seat in these tests


def make(tmp_path, seed=5, room="beginner") -> TableSession:
    bank = ChipBank(tmp_path / "chips.json")
    return TableSession(names=NAMES, room=ROOMS[room], cpu_levels=("easy",), seed=seed, bank=bank)


def human_moves_first_legal(table: TableSession) -> object:
    """The person takes their first legal action, given as its text (as a phone sends it)."""
    action = table.legal_actions(ME)[0]
    table.act(ME, str(action))
    return action


def play_to_end(table: TableSession) -> list[str]:
    """Drive the table as the view does; returns what happened, as text."""
    log = []
    for _ in range(2_000):
        if table.cpu_due:
            log.append(f"cpu {table.step_cpu()}")
        elif table.to_move == ME:
            log.append(f"me {human_moves_first_legal(table)}")
        else:
            return log
    pytest.fail("the game did not end")


def test_a_game_collects_fees_and_pays_the_prize(tmp_path):
    table = make(tmp_path)
    start_balance = table.bank.balance("me")
    table.start_game()
    assert table.in_game and table.titles_played == (Title.HEIMIN,) * 4
    paid = fee(table.room, Title.HEIMIN)
    assert all(table.bank.balance(n) == start_balance - paid for n in NAMES)
    while table.to_move != ME:
        table.step_cpu()
    assert table.step_cpu() is None and table.to_move == ME  # no CPU moves on my turn
    play_to_end(table)
    assert table.game.is_over and not table.in_game
    s = table.settlement
    assert s is not None and s.winner == table.game.finish_order[0]
    assert table.bank.balance(NAMES[s.winner]) == start_balance - paid + s.prize
    assert table.match.results == [table.game.finish_order]
    assert ChipBank(tmp_path / "chips.json").balance(NAMES[s.winner]) == (
        start_balance - paid + s.prize
    )  # saved
    assert table.leave(ME) == 0  # nothing to forfeit after the end
    results = table.results()
    assert results is not None and results.places == table.game.places()
    assert results.money == s.deltas and sum(results.returns) == 0 + 1 + 2 + 3


def test_the_next_game_passes_cards_by_rank(tmp_path):
    table = make(tmp_path)
    table.start_game()
    play_to_end(table)
    order = table.game.finish_order
    table.start_game()
    assert table.titles_played[order[0]] is Title.DAIFUGO
    assert table.titles_played[order[-1]] is Title.DAIHINMIN
    assert table.game.exchange_step is not None
    log = play_to_end(table)
    assert any("give" in line for line in log)


def test_a_seeded_table_replays(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = make(tmp_path / "a", seed=11)
    b = make(tmp_path / "b", seed=11)
    a.start_game()
    b.start_game()
    assert play_to_end(a) == play_to_end(b)


def test_leaving_mid_game_costs_the_penalty_once(tmp_path):
    table = make(tmp_path, room="intermediate")
    table.start_game()
    before = table.bank.balance("me")
    assert table.leave(ME) == leave_penalty(table.room) > 0
    assert table.bank.balance("me") == before - leave_penalty(table.room)
    assert ME not in table.people and table.cpus[ME] is not None  # a CPU has the seat
    assert table.leave(ME) == 0  # charged once
    table.play_out()
    assert not table.in_game and table.bank.balance("me") == before - leave_penalty(table.room)
    results = table.results()
    assert results is not None and results.money[ME] == -fee(table.room, Title.HEIMIN) - (
        leave_penalty(table.room)
    )


def test_an_interrupted_game_gives_every_fee_back(tmp_path):
    """Ctrl+C mid-game: nobody chose to leave, so the chips go back to where they were before
    the game (fees by rank, so the second game's fees differ from seat to seat), on disk too."""
    table = make(tmp_path, room="intermediate")
    table.start_game()
    play_to_end(table)
    before = {name: table.bank.balance(name) for name in NAMES}
    table.start_game()
    fees = {
        name: fee(table.room, title) for name, title in zip(NAMES, table.titles_played, strict=True)
    }
    assert len(set(fees.values())) > 1  # the titles of the first game set different fees
    assert all(table.bank.balance(n) == before[n] - fees[n] for n in NAMES)
    assert table.interrupt() and not table.in_game
    assert {name: ChipBank(tmp_path / "chips.json").balance(name) for name in NAMES} == before
    assert not table.interrupt()  # between games there is nothing to give back


def test_refused_moves_change_nothing(tmp_path):
    table = make(tmp_path, seed=2)
    table.start_game()
    while table.to_move != ME:
        table.step_cpu()
    g = table.game
    hands = [list(h) for h in g.hands]
    with pytest.raises(Refused) as info:
        table.act(ME, "JK=5S JK=6S" if g.phase != "exchange" else "5S")
    assert info.value.code and info.value.text
    with pytest.raises(Refused):
        table.act(ME, f"give {g.hands[1][0]}")  # another seat's card
    assert [list(h) for h in g.hands] == hands and table.to_move == ME


def test_a_pass_shows_until_the_field_clears(tmp_path):
    table = make(tmp_path, seed=3)
    table.start_game()
    seen_pass = False
    for _ in range(2_000):
        if table.game.is_over:
            break
        seat = table.game.current_player
        action = table.step_cpu()[1] if table.cpu_due else human_moves_first_legal(table)
        if isinstance(action, Pass) and table.game.top is not None:
            assert seat in table.passed
            seen_pass = True
        if table.game.top is None:
            assert table.passed == set()
        if isinstance(action, Play):
            assert seat not in table.passed
    assert seen_pass


def test_the_person_cannot_move_for_a_cpu(tmp_path):
    table = make(tmp_path, seed=4)
    table.start_game()
    while table.to_move == ME:
        human_moves_first_legal(table)
    assert table.cpu_due and table.game.current_player != ME
    with pytest.raises(Refused) as info:
        table.act(ME, "3S")
    assert info.value.code == "not_your_turn" and info.value.text == "あなたの番ではありません"


def test_the_card_passing_is_recorded_for_the_message(tmp_path):
    from games.daifugo.texts import card_label, exchange_note

    table = make(tmp_path, seed=8)
    table.match.ranks = (Title.FUGO, Title.DAIFUGO, Title.DAIHINMIN, Title.HINMIN)
    table.start_game()
    while table.game.phase == "exchange":
        if table.cpu_due:
            table.step_cpu()
        else:
            human_moves_first_legal(table)
    got, gave = table.gifts_of(ME)
    # 貧民 (seat 3) gives its strongest card to me (富豪), I give any one back
    assert [(g.giver, g.receiver, len(g.cards)) for g in got] == [(3, 0, 1)]
    assert [(g.giver, g.receiver, len(g.cards)) for g in gave] == [(0, 3, 1)]
    assert len(table.gifts) == 4  # and 大貧民 <-> 大富豪 between the CPUs
    note = exchange_note(got, gave, NAMES, "ja")
    mine, theirs = card_label(got[0].cards[0], "ja"), card_label(gave[0].cards[0], "ja")
    assert note == f"カード交換：cpu3から {mine} をもらいました／cpu3に {theirs} を渡しました"
    en = exchange_note(got, gave, NAMES, "en")
    assert en == f"Card passing: received {mine} from cpu3; gave {theirs} to cpu3"
    assert exchange_note([], [], NAMES, "ja") == ""
    table.start_game()  # the next game starts with no passing recorded
    assert table.gifts == []


def test_card_labels():
    from games.common.cards import parse_card
    from games.daifugo.texts import card_label

    assert [card_label(parse_card(c), "ja") for c in ("2S", "10H", "JK")] == [
        "2♠",
        "10♥",
        "ジョーカー",
    ]
    assert card_label(parse_card("JK"), "en") == "Joker"
