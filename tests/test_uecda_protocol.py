"""UECda protocol 20070: bytes, the card cells of every card, every play table <-> engine play."""

from __future__ import annotations

import random

import pytest

from eventkit.tomlconf import speaking
from games.common.cards import JOKER, Card, deck_53
from games.daifugo.game import Game
from games.daifugo.plays import Play
from games.daifugo.ruleset import Rules
from games.daifugo.uecda import contest
from games.daifugo.uecda.protocol import (
    TABLE_BYTES,
    ProtocolError,
    Status,
    card_at,
    cell,
    empty_table,
    freeze,
    hand_from_table,
    pack_int,
    pack_table,
    play_from_table,
    profile_name,
    profile_table,
    table_from_hand,
    table_from_play,
    unpack_int,
    unpack_table,
)


@pytest.fixture(autouse=True)
def _english():
    """The protocol's refusals read in English here (as with event.language = "en")."""
    with speaking("en"):
        yield


def test_bytes_are_network_order_ints():
    t = empty_table()
    t[0][0] = 20070
    t[7][14] = -2
    data = pack_table(t)
    assert len(data) == TABLE_BYTES == 480
    assert data[:4] == bytes([0x00, 0x00, 0x4E, 0x66])  # 20070 big-endian
    assert data[-4:] == b"\xff\xff\xff\xfe"
    assert unpack_table(data) == freeze(t)
    assert pack_int(42485) == b"\x00\x00\xa5\xf5" and unpack_int(pack_int(-2)) == -2


def test_short_messages_are_refused_by_name():
    with pytest.raises(ProtocolError, match="expected a 480-byte table, received 479 bytes"):
        unpack_table(bytes(479))


def test_profile_carries_version_and_name():
    t = profile_table("ek-strong")
    assert t[0][0] == 20070 and profile_name(t) == "ek-strong"


@pytest.mark.parametrize("card", [c for c in deck_53() if not c.is_joker], ids=str)
def test_every_card_has_its_cell(card: Card):
    row, col = cell(card)
    assert "SHDC"[row] == card.suit.value  # rows: ♠ ♥ ♦ ♣
    assert col == "3 4 5 6 7 8 9 10 J Q K A 2".split().index(card.rank.text) + 1
    assert card_at(row, col) == card
    t = table_from_hand([card])
    assert sum(v for r in t for v in r) == 1 and t[row][col] == 1
    assert hand_from_table(t) == [card]


def test_anchor_cells_of_the_standard_server():
    assert cell(Card.parse("3S")) == (0, 1)  # the ♠3 of スペ3返し: players_card[..][0][1]
    assert cell(Card.parse("3D")) == (2, 1)  # "search a dia 3": search_card(players_card, 2, 1)
    assert cell(Card.parse("2C")) == (3, 13)
    t = table_from_hand([JOKER])
    assert t[4][1] == 2 and hand_from_table(t) == [JOKER]


def test_whole_deck_round_trips_and_cells_are_distinct():
    deck = deck_53()
    t = table_from_hand(deck)
    assert sorted(map(str, hand_from_table(t))) == sorted(map(str, deck))
    cells = {cell(c) for c in deck if not c.is_joker}
    assert len(cells) == 52


def _positions(seed: int, moves: int):
    """Game positions along a random playout (both orders, locks, jokers)."""
    rng = random.Random(seed)
    game = Game.new(seed=seed, rules=Rules.uecda(), players=5)
    while game.phase.value == "exchange":
        game.apply(rng.choice(game.legal_actions()))
    for _ in range(moves):
        if game.is_over:
            return
        yield game
        game.apply(rng.choice(game.legal_actions()))


def test_every_legal_play_survives_the_table():
    seen_joker_sequence = seen_joker_set = seen_lone = 0
    for seed in range(40):
        for game in _positions(seed, 60):
            for play in game.legal_plays():
                back = play_from_table(table_from_play(play))
                assert back == play, (str(play), str(back))
                if play.has_joker:
                    seen_lone += play.lone_joker
                    seen_joker_set += play.kind == 2
                    seen_joker_sequence += play.kind == 3
    assert seen_joker_sequence and seen_joker_set and seen_lone


def test_pass_is_the_empty_table():
    assert play_from_table(table_from_play(None)) is None
    assert table_from_play(None) == freeze(empty_table())


def test_lone_joker_goes_to_the_standard_cell():
    t = table_from_play(Play.parse("JK"))
    assert t[0][14] == 2 and play_from_table(t).lone_joker


def test_plays_our_engine_cannot_hold_are_named():
    t = empty_table()
    t[0][12] = t[0][13] = 1  # A♠ 2♠ and the joker above the 2
    t[0][14] = 2
    with pytest.raises(ProtocolError, match=r"joker at \[0\]\[14\] stands for no card"):
        play_from_table(freeze(t))
    bad = empty_table()
    bad[1][3] = 7
    with pytest.raises(ProtocolError, match=r"cell \[1\]\[3\] holds 7"):
        play_from_table(freeze(bad))


def test_status_names_the_cells():
    t = empty_table()
    t[5][0], t[5][1], t[5][2], t[5][3], t[5][4] = 1, 2, 1, 3, 1
    t[5][6] = 1
    t[6][0:5] = [11, 11, 11, 10, 10]
    t[6][5:10] = [0, 1, 2, 3, 4]
    t[6][10:15] = [2, 0, 1, 4, 3]
    st = Status.of(freeze(t))
    assert st.exchange and st.give_count == 2 and st.my_turn and st.player == 3
    assert st.field_empty and st.revolution and not st.eleven_back and not st.suit_lock
    assert st.seats == (2, 0, 1, 4, 3) and st.counts == (11, 11, 11, 10, 10)
    t[6][10:15] = [0, 0, 1, 2, 3]
    with pytest.raises(ProtocolError, match=r"seats \[0, 0, 1, 2, 3\]"):
        Status.of(freeze(t))


def test_contest_sequences_may_not_overlap():
    low, high = Play.parse("3S 4S 5S"), Play.parse("4H 5H 6H")
    assert contest.refusal(high, low, False) is not None
    assert contest.refusal(Play.parse("6H 7H 8H"), low, False) is None
    assert contest.refusal(Play.parse("5S 6S 7S"), Play.parse("6H 7H 8H"), True) is not None
    assert contest.refusal(Play.parse("3H 4H 5H"), Play.parse("6H 7H 8H"), True) is None
    assert contest.refusal(Play.parse("7H"), Play.parse("5H"), False) is None


def test_rules_uecda_preset():
    r = Rules.uecda()
    assert (r.revolution, r.eight_cut, r.suit_lock, r.spade_three) == (True,) * 4
    assert not (r.forbidden_finish or r.eleven_back or r.number_lock or r.miyako_ochi)


def test_cpu_answers_in_either_form_become_plays():
    from games.daifugo.plays import Pass
    from games.daifugo.uecda.client import _as_gift, _as_play

    game = Game.new(hands=[["3S", "JK"], ["4S"], ["5S"], ["6S"], ["7S"]], rules=Rules.uecda())
    obs = game.observation(0)
    assert _as_play(("JK",), obs).lone_joker
    assert _as_play(Play.parse("3S"), obs) == Play.parse("3S")
    assert _as_play(None, obs) is None and _as_play(Pass(), obs) is None
    assert [str(c) for c in _as_gift(("3S", "JK"))] == ["3S", "JK"]


def _cells(**cells: int):
    t = empty_table()
    for key, value in cells.items():
        r, c = key[1:].split("_")
        t[int(r)][int(c)] = value
    return freeze(t)


def test_contest_only_fields_are_held_at_least_as_hard_to_beat():
    from games.daifugo.uecda.protocol import field_from_table

    low = _cells(c0_0=2, c0_1=1, c0_2=1)  # JK below the 3: JK 3S 4S
    play, size = field_from_table(low)
    assert play.codes == ("3S", "4S", "JK=5S") and size == 3
    high = _cells(c0_12=1, c0_13=1, c0_14=2)  # A 2 JK above the 2
    play, size = field_from_table(high)
    assert play.codes == ("JK=KS", "AS", "2S") and size == 3
    five = _cells(c0_3=1, c1_3=1, c2_3=1, c3_3=1, c4_3=2)  # four 5s and the joker
    play, size = field_from_table(five)
    assert sorted(play.codes) == ["5C", "5D", "5H", "5S"] and size == 5
    assert field_from_table(table_from_play(Play.parse("7H 8H 9H"))) == (
        Play.parse("7H 8H 9H"),
        3,
    )
    with pytest.raises(ProtocolError, match="stands for no card"):
        field_from_table(_cells(c0_0=2, c0_2=1, c0_3=1))  # JK below a run not starting at 3
