"""What happened at a Daifugō table, as its views and results say it (issue 43's "see what
happened", no Qt): a forbidden finish (反則あがり) named as such and asked about first."""

from __future__ import annotations

from games.common.protocol import to_json
from games.daifugo.chips import ROOMS, ChipBank
from games.daifugo.game import Game
from games.daifugo.room_screen import summary
from games.daifugo.ruleset import Rules, Title
from games.daifugo.table import TableSession
from games.daifugo.texts import TEXTS

NAMES = ["ben", "cpu1", "cpu2"]


def table_at(tmp_path, hands, *, ranks=None, language="ja", first=0, rules=1) -> TableSession:
    """A table of three (ben at seat 0 a person) set at `hands`, `first` to lead, playing
    rule set `rules`."""
    table = TableSession(
        names=NAMES,
        room=ROOMS["beginner"],
        cpu_levels=("easy",),
        seed=1,
        language=language,
        bank=ChipBank(tmp_path / "chips.json"),
    )
    ranks = ranks or (Title.HEIMIN,) * len(hands)
    table.load(Game.new(rules=Rules.preset(rules), hands=hands, ranks=ranks, first=first))
    return table


def test_a_forbidden_finish_is_offered_with_its_name_and_named_after(tmp_path):
    # ben leads with one 2 left: going out on it is a forbidden finish (normal order)
    table = table_at(tmp_path, [["2S"], ["3H", "4H", "5C"], ["6D", "7D", "9S"]])
    view = table.view(0)
    assert view.foul_plays == ("2S",)
    assert table.view(1).foul_plays == ()  # not to move: nothing to ask
    assert table.view(None).foul_plays == ()
    table.act(0, "2S")
    view = table.view(0)
    assert view.fouls == (0,) and to_json(table.view(None))["fouls"] == [0]
    assert table.status_of(0) == "反則あがり"
    table.play_out()
    results = table.results()
    assert results is not None and results.places[0] == 3
    extra = dict(results.extra)
    assert extra["fouls"] == (0,) and extra["fell"] == ()


def test_an_ordinary_last_card_asks_nothing(tmp_path):
    table = table_at(tmp_path, [["5S"], ["3H", "4H", "5C"], ["6D", "7D", "9S"]])
    assert table.view(0).foul_plays == ()


def test_english_names_the_rule_without_japanese(tmp_path):
    table = table_at(tmp_path, [["2S"], ["3H", "4H", "5C"], ["6D", "7D", "9S"]], language="en")
    table.act(0, "2S")
    assert table.status_of(0) == "Forbidden finish"
    for key in ("fouled", "fell", "foul_confirm", "foul_out", "fell_out", "place_foul"):
        words = TEXTS["en"][key]
        assert not any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in words), (
            key
        )
    assert "都落ち" not in TEXTS["en"]["fouled"]


def test_the_room_screen_names_a_forbidden_finish_and_a_capital_fall(tmp_path):
    # seat 2 is the 大富豪: cpu1 going out first sends it down (都落ち); ben fouled before
    hands = [["2S"], ["4H"], ["6D", "7D", "9S"]]
    ranks = (Title.HEIMIN, Title.HEIMIN, Title.DAIFUGO)
    for language, foul, fell in (
        ("ja", "反則あがり", "都落ち"),
        ("en", "forbidden finish", "capital fall"),
    ):
        table = table_at(tmp_path / language, hands, ranks=ranks, language=language)
        table.act(0, "2S")
        table.act(1, "pass")  # nothing beats the 2: the field clears, cpu1 leads
        table.act(2, "pass")
        table.act(1, "4H")  # cpu1 goes out first: the 大富豪 falls, the game is over
        message = {"game_no": 1, "view": to_json(table.view(None)), "last": None}
        view = message["view"]["observation"]
        lines = summary(message, view, NAMES, "room", language)
        assert foul in lines.seats[0].detail and fell not in lines.seats[0].detail
        assert fell in lines.seats[2].detail and foul not in lines.seats[2].detail
        results = table.results()
        assert results is not None and results.places == (3, 1, 2)
        extra = dict(results.extra)
        assert extra["fouls"] == (0,) and extra["fell"] == (2,)


def test_the_trick_so_far_is_in_the_view_in_order_with_what_it_set_off(tmp_path):
    hands = [["5D", "5C", "8S", "8H", "3S"], ["7H", "7C", "4H"], ["6D", "6H", "9S"]]
    table = table_at(tmp_path, hands, rules=2)  # no 階段しばり: 7 then 8 locks nothing
    assert table.view(0).history == ()
    table.act(0, "5D 5C")
    table.act(1, "7H 7C")
    table.act(2, "pass")
    public = to_json(table.view(None))
    assert public["history"] == [
        {"seat": 0, "cards": ["5D", "5C"], "events": []},
        {"seat": 1, "cards": ["7H", "7C"], "events": []},
        {"seat": 2, "cards": [], "events": []},
    ]
    assert public["trick_cleared"] is False
    table.act(0, "8S 8H")  # 8切り: the field clears, the trick stays shown with it
    view = table.view(1)
    assert [(line.seat, line.cards, line.events) for line in view.history][-1] == (
        0,
        ("8S", "8H"),
        ("eight_cut",),
    )
    assert len(view.history) == 4 and view.trick_cleared
    message = {"game_no": 1, "view": to_json(table.view(None)), "last": None}
    line = summary(message, message["view"]["observation"], NAMES, "room", "ja").last
    assert line == "ben: 5♦ 5♣  ›  cpu1: 7♥ 7♣  ›  cpu2: パス  ›  ben: 8♠ 8♥ 8切り！"
    english = summary(message, message["view"]["observation"], NAMES, "room", "en").last
    assert english.endswith("cpu2: passed  ›  ben: 8♠ 8♥ Eight cut!")
    table.act(0, "3S")  # ben leads again: a new trick begins
    view = table.view(2)
    assert [(line.seat, line.cards) for line in view.history] == [(0, ("3S",))]
    assert not view.trick_cleared


def test_a_forbidden_finish_and_a_capital_fall_are_in_the_trick(tmp_path):
    hands = [["2S"], ["4H"], ["6D", "7D", "9S"]]
    ranks = (Title.HEIMIN, Title.HEIMIN, Title.DAIFUGO)
    table = table_at(tmp_path, hands, ranks=ranks)
    table.act(0, "2S")
    assert table.view(1).history[0].events == ("foul",)
    table.act(1, "pass")
    table.act(2, "pass")
    table.act(1, "4H")
    assert table.view(None).history[-1].events == ("miyako_ochi",)


def test_only_the_one_strongest_card_is_passed_without_a_choice(tmp_path):
    # the 大貧民 with two 2s chooses among equals; with the joker alone it has no choice
    ranks = (Title.DAIHINMIN, Title.DAIFUGO, Title.HEIMIN)
    for hand, forced in ((["2S", "2H", "5C"], None), (["2S", "JK", "5C"], "give JK")):
        table = table_at(tmp_path / str(forced), [hand, ["3H", "4H", "6C"], ["7D", "8D", "9S"]],
                         ranks=ranks)  # fmt: skip
        table.load(Game.new(rules=Rules.preset(1), hands=[hand, ["3H", "4H", "6C"],
                            ["7D", "8D", "9S"]], ranks=ranks, card_passing=True))  # fmt: skip
        action = table.forced_action(0)
        assert (None if action is None else str(action)) == forced
        assert table.forced_action(1) is None  # not giving now
