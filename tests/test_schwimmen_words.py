"""Schwimmen's coin and life words and its rule as the seed gives it (issue 36 items 5, 7, 11):
3 coins, still playing at 0, swimming at -1, out at the next loss (five losses in all), the same
in the engine, the help the phones show as their rules, and the seats' words."""

from __future__ import annotations

from games.schwimmen.actions import Knock, NextRound
from games.schwimmen.hands import hand_value
from games.schwimmen.rules import Game, Rules
from games.schwimmen.table import TableSession
from games.schwimmen.texts import Texts


def test_a_player_swims_at_minus_one_and_is_out_after_the_fifth_loss():
    rules = Rules.standard()
    assert rules.start_coins == 3
    losses = 0
    coins = [3, 3, 3]
    while True:
        game = Game.from_position(
            [("7H", "8S", "9D"), ("AH", "KH", "QH"), ("AS", "KS", "QS")],
            ("10D", "JD", "QD"),
            rules=rules,
            coins=list(coins),
            turns_taken=[1, 1, 1],
        )
        game.apply(Knock())
        while game.phase.name == "PLAY":
            game.apply(game.legal_actions()[0])
        result = game.last_result
        assert result.losers == (0,)
        losses += 1
        coins = list(result.coins)
        if losses <= 3:
            assert coins[0] == 3 - losses and not game.out[0]
        elif losses == 4:
            assert coins[0] == -1 and 0 in result.swimming and not game.out[0]
        else:
            assert game.out[0] and 0 in result.eliminated
            break
    assert losses == 5


def test_the_help_and_the_phones_rules_say_what_the_engine_does_for_a_table_of_people():
    for language, words in (
        ("ja", ("0枚", "−1枚", "人が全員")),
        ("en", ("at 0", "−1", "every person")),
    ):
        session = TableSession(people=frozenset({0, 1}), seed=1, language=language)
        session.start_game()
        lines = "\n".join(session.rules_lines())
        assert all(w in lines for w in words), (language, lines)
        assert "あなたが敗退" not in lines and "when you are out" not in lines


def test_seat_words_tell_zero_and_minus_one_coins_apart():
    t = Texts("ja")
    assert t.coins(0, out=False) == "コイン 0"
    assert t.coins(-1, out=False) == "コイン −1"  # a true minus, as the help writes it
    assert t.coins(-2, out=True) == ""


def test_the_seat_view_carries_the_seats_own_points_only():
    session = TableSession(people=frozenset({0}), seed=2)
    game = session.start_game()
    view = session.view(0)
    assert view.points == hand_value(game.hands[0])
    assert session.view(None).points is None


HANDS = [("7H", "8S", "9D"), ("AH", "KH", "QH"), ("AS", "KS", "QS"), ("7C", "8C", "9C")]


def _turns_after_a_knock(knocker: int, people: frozenset[int]) -> list[int]:
    """The seats that play after `knocker` knocks, in a house-rules round seat 1 started."""
    rules = Rules.house(people=people)
    game = Game.from_position(HANDS, ("10D", "JD", "QD"), rules=rules, current=knocker,
                              turns_taken=[1] * 4)  # fmt: skip
    game.starter = 1  # the round began with the first person (seat 1) and came round
    game.apply(Knock())
    seats = []
    while game.phase.name == "PLAY":
        seats.append(game.current)
        game.apply(game.legal_actions()[0])
    return seats


def test_the_house_rules_text_says_what_the_engine_does_at_a_table_of_several_people():
    """Issue 36 item 7: the browser rules' lines spoke to one player (「ラウンドはいつもあなたから」,
    「あなたが『終了』を宣言したとき」); the phones show them to every person at the table. They
    now name a person, and the engine does what they say with people at seats 1 and 3."""
    people = frozenset({1, 3})
    game = Game.new(seed=4, rules=Rules.house(people=people), players=4)
    assert game.starter == 1  # the first seat of a person still in
    hands = [HANDS[0], None, *HANDS[2:]]  # seat 1 is out: the next round starts with seat 3
    game = Game.from_position(hands, ("10D", "JD", "QD"), rules=Rules.house(people=people),
                              current=2, turns_taken=[1] * 4)  # fmt: skip
    game.apply(Knock())  # a CPU knocks; the round is played out, then the next one is dealt
    while game.phase.name == "PLAY":
        game.apply(game.legal_actions()[0])
    assert game.phase.name == "ROUND_OVER"
    game.apply(NextRound())
    assert game.starter == 3  # with several, the first person still in
    assert _turns_after_a_knock(2, people) == [3, 0]  # a CPU knocks: the rotation's end
    assert _turns_after_a_knock(3, people) == [0, 1, 2]  # a person: everyone else once more
    for language, words in (
        ("ja", ("人（CPUでないプレイヤー）から", "残っている人のうち最初の席", "人が「終了」")),
        ("en", ("starts with a person", "first seat still in", "When a person knocks")),
    ):
        session = TableSession(people=people, players=4, seed=1, language=language,
                               rules="house")  # fmt: skip
        session.start_game()
        lines = "\n".join(session.rules_lines())
        assert all(w in lines for w in words), (language, lines)
        assert not any(w in lines for w in ("あなた", " you", "You ", " your")), lines


def test_the_room_screen_says_the_coins_as_the_window_does():
    """The laptop's room screen: coins at 0 and at -1 (swimming) as the Qt window and the phones
    say them, none once out (it said 「コイン 0」 for both -1 and out)."""
    from games.schwimmen.room_screen import summary

    view = {"coins": [0, -1, -1, 2], "out": [False, False, True, False], "dealer": 3}
    message = {"to_move": 0, "view": view}
    for language, words in (
        ("ja", ("コイン 0", "コイン −1", "シュビメン", "敗退", "親")),
        ("en", ("Coins 0", "Coins −1", "Swimming", "Out", "Dealer")),
    ):
        table = summary(message, view, ["A", "B", "C", "D"], "Table", language)
        lines = [seat.detail for seat in table.seats]
        zero, swim, coins_swimming, out, dealer = words
        assert lines[0] == zero
        assert lines[1] == f"{swim}  {coins_swimming}"
        assert lines[2] == out  # no coin count for a seat that is out
        assert lines[3].endswith(dealer)
