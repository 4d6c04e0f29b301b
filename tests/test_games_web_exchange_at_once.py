"""Daifugō's card passing on the phones (issue 43): the passes with no choice are taken at once,
then the 大富豪 and the 富豪 choose at the same time, each on their own turn timer, in either
order; a late one's timer gives for them; the journal replays it with no card lost or doubled.
The hub alone: no sockets, an injected clock."""

from __future__ import annotations

from collections import Counter

import pytest

from games.daifugo.game import Game
from games.daifugo.ruleset import Rules, Title
from games.web.hub import Hub
from games.web.phones import Phone
from tests.test_games_web_happened import Clock, make_hub

# seat 0 大富豪, 1 大貧民 (the joker: its one strongest card), 2 富豪, 3 貧民 (the ace)
RANKS = (Title.DAIFUGO, Title.DAIHINMIN, Title.FUGO, Title.HINMIN)
HANDS = [
    ["6H", "7H", "8H", "2S"],
    ["3S", "4S", "5S", "JK"],
    ["9D", "10D", "JD", "QD"],
    ["KC", "AC", "3C", "4C"],
]


def card_passing_deal(seed: int | None) -> Game:
    """The room's next deal: card passing by RANKS with HANDS (rule set 1)."""
    return Game.new(rules=Rules.preset(1), hands=HANDS, ranks=RANKS, card_passing=True)


def at_card_passing(hub: Hub, people: dict[str, int], clock: Clock) -> dict[str, Phone]:
    """The people sit at their seats and a game starts from card passing (`card_passing_deal`,
    journalled as any deal: the table is pickled with it); the passes with no choice are
    taken."""
    phones = {name: Phone(hub, name) for name in people}
    for name, seat in people.items():
        hub.sit(phones[name].token, "d", seat)
    hub.rooms["d"].table.new_game = card_passing_deal  # type: ignore[method-assign]
    hub.start(phones[next(iter(people))].token, "d")
    hub.run_cpus()
    return phones


def hands_of(hub: Hub) -> list[list[str]]:
    game = hub.rooms["d"].table.game
    return [sorted(str(c) for c in hand) for hand in game.hands]


def no_card_lost_or_doubled(hub: Hub) -> None:
    cards = Counter(c for hand in hands_of(hub) for c in hand)
    assert cards == Counter(c for hand in HANDS for c in hand)


@pytest.mark.parametrize("first", ["あ", "い"])
def test_the_daifugo_and_the_fugo_choose_at_once_in_either_order(tmp_path, first):
    clock = Clock()
    hub = make_hub(tmp_path, clock=clock)
    phones = at_card_passing(hub, {"あ": 0, "い": 2}, clock)
    a, b = phones["あ"], phones["い"]
    room = hub.rooms["d"]
    # the 大貧民's joker and the 貧民's ace went at once (no choice): both rich choose now
    assert room.choosing() == (0, 2)
    for phone, seat, receiver, count in ((a, 0, 1, 2), (b, 2, 3, 1)):
        table = phone.last("table")
        assert table["your_turn"] and table["choosing"] == [0, 2] and table["deadline"] == 20.0
        giving = table["view"]["giving"]
        assert (giving["giver"], giving["receiver"], giving["count"]) == (seat, receiver, count)
        assert table["legal"] and all(len(x.split()) == 1 + count for x in table["legal"])
        assert table["view"]["choosers"] == [0, 2]
    clock.now += 5.0
    order = (
        [(a, "give 6H 7H"), (b, "give 9D")]
        if first == "あ"
        else [(b, "give 9D"), (a, "give 6H 7H")]
    )
    (early, gift), (late, late_gift) = order
    hub.act(early.token, gift)
    told = early.last("table")
    assert not told["your_turn"] and "choosing" not in told
    waiting = late.last("table")
    # the late one still chooses, on the timer it had: 15 s left, not started again
    assert waiting["your_turn"] and waiting["deadline"] == 15.0 and waiting["legal"]
    assert told["deadline"] == 15.0  # the early one's phone counts the late one's time
    hub.act(late.token, late_gift)
    game = room.table.game
    assert game.exchange_step is None and room.choosing() in ((), (game.turn,))
    hands = hands_of(hub)
    assert hands[1] == sorted(["3S", "4S", "5S", "6H", "7H"])  # the 大貧民 got the two
    assert hands[3] == sorted(["KC", "3C", "4C", "9D"])  # the 貧民 got the 9
    assert "JK" in hands[0] and "AC" in hands[2]
    no_card_lost_or_doubled(hub)
    hub.shutdown()


def test_a_late_chooser_is_given_for_by_the_timer_while_the_other_has_chosen(tmp_path):
    clock = Clock()
    hub = make_hub(tmp_path, clock=clock)
    phones = at_card_passing(hub, {"あ": 0, "い": 2}, clock)
    a, b = phones["あ"], phones["い"]
    room = hub.rooms["d"]
    clock.now += 10.0
    hub.act(a.token, "give 2S JK")
    clock.now += 9.0  # 19 s: nobody's time is up
    assert hub.tick() == 0
    clock.now += 2.0  # 21 s: い's turn ran out, あ has given already
    assert hub.tick() == 1
    hub.run_cpus()
    assert room.last is not None and room.last["seat"] == 2 and room.last["by"] == "timer"
    told = b.last("table")
    assert told["last"]["by"] == "timer" and told["last"]["seat"] == 2
    mine = [g for g in told["view"]["gifts"] if g["giver"] == 2]
    assert len(mine) == 1 and len(mine[0]["cards"]) == 1  # what the timer gave, to name it
    assert room.table.game.exchange_step is None
    assert sorted(hands_of(hub)[1]) == sorted(["3S", "4S", "5S", "2S", "JK"])
    no_card_lost_or_doubled(hub)
    hub.shutdown()


def test_a_cpu_chooser_does_not_wait_for_the_person(tmp_path):
    """The 大富豪 (first in the engine's order) is a person; the CPU 富豪 gives at once."""
    clock = Clock()
    hub = make_hub(tmp_path, clock=clock, turn=0.0)
    phones = at_card_passing(hub, {"あ": 0}, clock)
    room = hub.rooms["d"]
    gifts = room.table.view(2).gifts
    assert [(g.giver, g.receiver) for g in gifts] == [(3, 2), (2, 3)]  # got the ace, gave one
    assert room.choosing() == (0,) and phones["あ"].last("table")["your_turn"]
    assert room.table.game.exchange_step.giver == 0
    hub.shutdown()


def test_the_journal_replays_a_card_passing_taken_out_of_the_engines_order(tmp_path):
    """The 富豪 gives before the 大富豪 (the engine's turn): a restart from the journal finds
    the same hands, the 大富豪 still choosing; then the rest plays on with no card lost."""
    clock = Clock()
    hub = make_hub(tmp_path, clock=clock)
    phones = at_card_passing(hub, {"あ": 0, "い": 2}, clock)
    hub.act(phones["い"].token, "give QD")
    before = hands_of(hub)
    hub.shutdown()
    again = make_hub(tmp_path, clock=clock)
    room = again.rooms["d"]
    assert hands_of(again) == before
    assert room.choosing() == (0,)
    a = Phone(again, "あ", token=phones["あ"].token)  # the phone comes back
    assert a.last("table")["your_turn"] and a.last("table")["view"]["giving"]["giver"] == 0
    again.act(a.token, "give 6H 8H")
    assert room.table.game.exchange_step is None
    assert hands_of(again)[1] == sorted(["3S", "4S", "5S", "6H", "8H"])
    no_card_lost_or_doubled(again)
    again.shutdown()
