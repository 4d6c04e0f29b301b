"""Schwimmen's coin and life words and its rule as the seed gives it (issue 36 items 5, 7, 11):
3 coins, still playing at 0, swimming at -1, out at the next loss (five losses in all), the same
in the engine, the help the phones show as their rules, and the seats' words."""

from __future__ import annotations

from games.schwimmen.actions import Knock
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
        ("en", ("at 0", "-1", "every person")),
    ):
        session = TableSession(people=frozenset({0, 1}), seed=1, language=language)
        session.start_game()
        lines = "\n".join(session.rules_lines())
        assert all(w in lines for w in words), (language, lines)
        assert "あなたが敗退" not in lines and "when you are out" not in lines


def test_seat_words_tell_zero_and_minus_one_coins_apart():
    t = Texts("ja")
    assert t.coins(0, out=False) == "コイン 0"
    assert t.coins(-1, out=False) == "コイン -1"
    assert t.coins(-2, out=True) == ""


def test_the_seat_view_carries_the_seats_own_points_only():
    session = TableSession(people=frozenset({0}), seed=2)
    game = session.start_game()
    view = session.view(0)
    assert view.points == hand_value(game.hands[0])
    assert session.view(None).points is None
