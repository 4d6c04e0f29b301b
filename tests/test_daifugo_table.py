"""The Qt-free Daifugō table: match flow, turns, CPU moves, fees, prizes and the leave penalty."""

from __future__ import annotations

import pytest
from daifugo_support import hand

from eventkit.errors import UserError
from games.common.table import Refused
from games.daifugo.chips import ROOMS, ChipBank, fee, leave_penalty
from games.daifugo.plays import Pass, Play
from games.daifugo.ruleset import Rules, Title
from games.daifugo.table import TableSession
from games.daifugo.texts import ILLEGAL_EN, ILLEGAL_JA

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


# ------------------------------------------------------------------ several people at one table


def test_two_people_one_leaves_mid_game_and_a_cpu_plays_their_seat(tmp_path):
    """People at seats 1 and 3 (no seat 0 assumption): each acts only on their own turn, the
    one who leaves pays the penalty once and a CPU plays the seat to the end, the other plays on;
    the results' money counts the fee, the prize and the penalty per seat."""
    bank = ChipBank(tmp_path / "chips.json")
    table = TableSession(
        players=4, people={1, 3}, seed=9, language="en", cpu_levels=("easy",), bank=bank
    )
    assert table.names == ("CPU 0", "Player 2", "CPU 2", "Player 4")
    table.start_game()
    start = {n: bank.balance(n) for n in table.names}
    left = False
    for _ in range(2_000):
        if not table.in_game:
            break
        seat = table.to_move
        if table.cpu_due:
            assert seat not in table.people
            table.step_cpu()
            continue
        assert seat in (1, 3) and not table.legal_actions(4 - seat)
        with pytest.raises(Refused) as info:  # the other person may not act now
            table.act(4 - seat, "pass")
        if 4 - seat in table.people:
            assert info.value.code == "not_your_turn" and info.value.text == "It is not your turn"
        else:  # seat 3 after its person left: a CPU's seat, as at every table
            assert info.value.code == "not_a_person"
            assert info.value.text == "This seat is played by a CPU"
        if seat == 3 and not left:
            assert table.leave(3) == leave_penalty(table.room)
            assert table.people == {1} and table.cpu_due  # a CPU has seat 3 from this move
            left = True
            continue
        table.act(seat, table.legal_actions(seat)[0])
    assert left and not table.in_game
    assert table.leave(3) == 0  # after the end: nothing
    results = table.results()
    s = table.settlement
    assert results is not None and s is not None and s.winner != 3
    assert results.money[3] == s.deltas[3] - leave_penalty(table.room)
    assert results.money[1] == s.deltas[1]
    for seat, name in enumerate(table.names):
        assert bank.balance(name) == start[name] + results.money[seat] + s.fees[seat]
        assert results.balances[seat] == bank.balance(name)


def test_the_views_show_each_person_their_own_hand_only(tmp_path):
    table = TableSession(players=3, people={0, 2}, seed=1, bank=ChipBank(tmp_path / "c.json"))
    table.start_game()
    g = table.game
    for seat in (0, 2):
        view = table.view(seat)
        assert view.observation.hand == tuple(hand(g, seat))
    public = table.view(None)
    assert public.observation.hand == () and public.observation.known == ()
    assert public.observation.hand_sizes == tuple(len(h) for h in g.hands)


def test_a_refusal_names_the_rule_in_the_tables_language(tmp_path):
    checked = 0
    for language, texts in (("ja", ILLEGAL_JA), ("en", ILLEGAL_EN)):
        table = TableSession(
            players=2, seed=4, language=language, bank=ChipBank(tmp_path / f"{language}.json")
        )
        table.start_game()
        while table.to_move != 0:
            table.step_cpu()
        if table.game.top is not None:
            continue  # the seed did not give seat 0 the lead
        refusal = table.refusal(0, "pass")
        assert refusal is not None and refusal.code == "lead_no_pass"
        assert refusal.text == texts["lead_no_pass"]
        checked += 1
    assert checked == 2


def test_a_new_person_takes_a_seat_between_games_as_heimin(tmp_path):
    table = make(tmp_path)
    table.start_game()
    play_to_end(table)
    order = table.game.finish_order
    seat = order[0]  # the 大富豪 leaves; a newcomer takes the seat
    table.start_game()
    with pytest.raises(UserError, match="between games"):
        table.rename(seat, "x")  # mid-game: refused
    table.interrupt()
    table.rename(seat, "newcomer")
    table.start_game()
    assert table.names[seat] == "newcomer" and table.titles_played[seat] is Title.HEIMIN
    assert table.titles_played[order[-1]] is Title.DAIHINMIN
    assert "革命" in table.rules_lines()[0]


def test_a_pickled_table_chooses_the_same_cpu_move(tmp_path):
    """The web hub computes CPU moves on a pickled copy in a worker process (bank left out)."""
    import pickle

    table = TableSession(
        players=4, seed=3, cpu_levels=("strong",), strong_samples=4, bank=ChipBank(tmp_path / "c")
    )
    table.start_game()
    while table.to_move == ME:
        table.act(ME, table.legal_actions(ME)[0])
    bank, table.bank = table.bank, None
    twin = pickle.loads(pickle.dumps(table))
    table.bank = bank
    chosen = twin.cpu_choice()
    assert chosen is not None and chosen == table.cpu_choice()


def test_a_room_sets_its_cpus_level(tmp_path):
    table = make(tmp_path)
    assert {cpu.level for cpu in table.cpus[1:]} == {"easy"}
    table.set_cpu_level("strong")
    assert {cpu.level for cpu in table.cpus[1:]} == {"strong"}
    with pytest.raises(ValueError, match="choose easy, normal or strong"):
        table.set_cpu_level("expert")
    assert table.cpu_levels == ("strong",) * len(NAMES)  # a refused level changes nothing


def test_the_common_vocabulary_rules_by_name_and_settings(tmp_path):
    """`rules`: a preset by its config.toml name or a Rules; `settings`: the [daifugo]
    section's players, rule set, CPU levels (CPU 1 first), room, pacing."""
    from games.daifugo.settings import DaifugoSettings

    bank = ChipBank(tmp_path / "c.json")
    settings = DaifugoSettings(
        players=3, rule_set=3, room="advanced", cpu_levels=("easy", "strong"), cpu_delay_ms=5
    )
    table = TableSession(settings=settings, bank=bank)
    assert table.num_players == 3 and table.rules == Rules.preset(3)
    assert table.room == ROOMS["advanced"] and table.delay_ms == 5
    assert table.cpu_levels == ("easy", "easy", "strong")  # the person's seat: CPU 1's level
    assert TableSession(players=3, rules="2", bank=bank).rules == Rules.preset(2)
    with pytest.raises(ValueError, match="rules '7'"):
        TableSession(players=3, rules="7", bank=bank)
    with pytest.raises(ValueError, match="unknown CPU level 'hard'"):
        TableSession(players=3, cpu_levels=("hard",), bank=bank)
