"""COOL 24+24 rules: linking, end, lap 2 and x5, bonuses, refill bias, config tables."""

from __future__ import annotations

import json
import math
import random

import pytest

from eventkit.errors import UserError
from eventkit.tomlconf import ConfigError, speaking
from games.common.protocol import GameInfo, to_json
from games.cool24.policies import best_slot, greedy_slot, hint, random_slot
from games.cool24.rules import (
    Bonus,
    Game,
    IllegalMove,
    PlaySlot,
    card_code,
    classify_hand,
    hand_bonus,
    legal_slots,
    linked,
    parse_card,
)
from games.cool24.settings import (
    Cool24Settings,
    default_card_win_table,
    parse_settings,
    settings_from_file,
)


def make_game(
    hand, stock=(), last=None, *, lap=1, played=0, total=None, settings=None, seed=1, bonuses=()
):
    """A game in a chosen state (codes with the default suits)."""
    settings = settings or Cool24Settings()
    in_stock = [False] * 24
    for code in stock:
        in_stock[parse_card(code)] = True
    ids = [None if c is None else parse_card(c) for c in hand]
    ids += [None] * (4 - len(ids))
    return Game(
        settings,
        random.Random(seed),
        ids,
        in_stock,
        None if last is None else parse_card(last),
        lap,
        played,
        played if total is None else total,
        list(bonuses),
    )


def test_codes_round_trip_and_linking():
    assert parse_card("rA") == 5 and parse_card("g10") == 7 and parse_card("y9") == 18
    assert [card_code(c) for c in range(24)][:6] == ["r9", "r10", "rJ", "rQ", "rK", "rA"]
    assert all(parse_card(card_code(c)) == c for c in range(24))
    assert linked(parse_card("rA"), parse_card("r9"))  # same suit
    assert linked(parse_card("rA"), parse_card("bA"))  # same number
    assert not linked(parse_card("rA"), parse_card("b9"))
    with pytest.raises(UserError, match="not a COOL 24\\+24 card"):
        parse_card("x7")


def test_default_tables_follow_the_seed():
    t = default_card_win_table()
    assert len(t) == 49 and t[0] == 0 and t[24] == 100 and t[48] == 1000
    assert all(a <= b for a, b in zip(t, t[1:], strict=False))
    s = Cool24Settings()
    assert s.hand_win_table == (50, 20, 10) and s.hand_win_multi == 4
    assert s.bias_factor(0) == 3.0 and math.isclose(s.bias_factor(5), 2.5)


@pytest.mark.parametrize(
    ("cards", "kind", "points"),
    [
        (["r9", "r10", "rJ", "rQ"], "straight_flush", 50),
        (["yA", "yQ", "yK", "yJ"], "straight_flush", 50),  # any order
        (["g9", "r9", "b9", "y9"], "four_of_a_kind", 20),
        (["bA", "b9", "b10", "bJ"], "flush", 10),  # no wrap-around: A-9 is not consecutive
        (["r9", "r10", "rJ", "rK"], "flush", 10),
        (["r9", "r10", "rJ", "gQ"], None, 0),
        (["rA", "gA", "bA", "bK"], None, 0),
        (["r9", "r10", "rJ"], None, 0),  # not a full hand
    ],
)
def test_hand_bonus(cards, kind, points):
    assert classify_hand(cards) == kind
    assert hand_bonus(cards) == points


def test_hand_bonus_rejects_a_card_twice():
    with pytest.raises(UserError, match="holds a card twice"):
        hand_bonus(["r9", "r9", "r10", "rJ"])


def test_new_game_deals_four_and_any_first_card_is_playable():
    g = Game.new(seed=3)
    assert len([c for c in g.hand if c]) == 4 and g.stock_count == 20
    assert legal_slots(g) == [1, 2, 3, 4]
    assert g.lap == 1 and not g.over and g.last is None
    assert Game.new(seed=3).hand == g.hand  # replays from the seed


def test_linking_decides_what_is_playable():
    g = make_game(["rK", "gA", "bQ", "y9"], stock=["r9", "g9"], last="rA")
    assert legal_slots(g) == [1, 2]  # rK: suit r, gA: number A
    with pytest.raises(
        IllegalMove, match="bQ does not link to the last card rA.*suit r or number A"
    ):
        g.apply(PlaySlot(3))
    res = g.apply(PlaySlot(2))
    assert res.card == parse_card("gA") and g.last == "gA"
    assert g.hand[1] in ("r9", "g9")  # refilled into the same slot


def test_illegal_move_is_a_value_error_and_user_error():
    g = make_game(["rK", None, "bQ", "y9"], stock=["r9"], last="rA")
    for bad, why in [
        (0, "does not exist"),
        (5, "does not exist"),
        ("1", "does not exist"),
        (2, "slot 2 is empty"),
    ]:
        with pytest.raises(IllegalMove, match=why) as info:
            g.apply(PlaySlot(bad))
        assert isinstance(info.value, ValueError) and isinstance(info.value, UserError)


def test_game_ends_when_no_card_in_hand_links():
    g = make_game(["r9", "gJ", "bQ", "yK"], last=None, played=7)
    res = g.apply(PlaySlot(1))  # r9 down; gJ, bQ, yK share nothing with r9
    assert res.over and g.over and legal_slots(g) == []
    assert g.score == default_card_win_table()[8]
    with pytest.raises(IllegalMove, match="game is over"):
        g.apply(PlaySlot(2))


def test_game_goes_on_while_a_card_links():
    g = make_game(["r9", "gJ", "b9", None], last=None, played=7)
    g.apply(PlaySlot(1))
    assert not g.over and legal_slots(g) == [3]


def test_lap_two_starts_once_and_multiplies_all_bonuses_by_five():
    flush = Bonus("flush", 10, 1, 5)
    g = make_game(["rA", None, None, None], last="r9", played=23, bonuses=[flush])
    assert g.score == default_card_win_table()[23] + 10  # x1 in lap 1
    res = g.apply(PlaySlot(1))
    assert res.lap_started and g.lap == 2 and not g.over
    assert g.total_played == 24 and g.played == 0
    assert g.last is None and legal_slots(g) == [1, 2, 3, 4]  # field cleared, any card
    assert g.stock_count == 20 and all(g.hand)  # all 24 back, 4 dealt
    raw = sum(b.points for b in g.bonuses)
    assert g.multiplier == 5
    assert g.score == 100 + raw * 5 and raw >= 10


def test_second_lap_all_played_clears_the_game():
    g = make_game(
        ["rA", None, None, None],
        last="r9",
        lap=2,
        played=23,
        total=47,
        bonuses=[Bonus("four_of_a_kind", 20, 1, 3)],
    )
    res = g.apply(PlaySlot(1))
    assert res.over and g.over and g.cleared and not res.lap_started
    assert g.score == 1000 + 20 * 5


@pytest.mark.parametrize(
    ("hand", "stock", "last", "kind", "points"),
    [
        (["r9", "r10", "rJ", "gA"], ["rQ"], "gK", "straight_flush", 50),
        (["r9", "r10", "rJ", "gA"], ["rA"], "gK", "flush", 10),
        (["r9", "g9", "b9", "yA"], ["y9"], "yK", "four_of_a_kind", 20),
    ],
)
def test_each_bonus_is_earned_on_refill(hand, stock, last, kind, points):
    g = make_game(hand, stock=stock, last=last, played=10)
    before = g.score
    res = g.apply(PlaySlot(4))
    assert [b.kind for b in res.bonuses] == [kind]
    assert res.bonuses[0].points == points and res.bonuses[0].total_played == 11
    assert g.score - before == points + (
        default_card_win_table()[11] - default_card_win_table()[10]
    )


def test_no_bonus_without_a_refill():
    g = make_game(["r9", "r10", "rJ", "rQ"], last="rK", played=20)  # stock empty
    res = g.apply(PlaySlot(1))
    assert res.bonuses == () and g.bonuses == []


def test_bonus_can_come_with_the_first_deal():
    for seed in range(20000):
        g = Game.new(seed=seed)
        if g.bonuses:
            assert g.bonuses[0].total_played == 0
            assert g.bonuses[0].kind == classify_hand(g.hand)
            assert g.score == g.bonuses[0].points
            return
    pytest.fail("no bonus in 20,000 first deals")


def _favoured_share(g: Game, draws: int, seed: int) -> tuple[float, float]:
    """Share of refills that were favoured cards, and the expected share."""
    last = g.last_id
    anchors = [last] + [c for c in g.hand_ids if c is not None and linked(c, last)]
    fav = {c for c in g.stock_ids if any(linked(c, a) for a in anchors)}
    rng = random.Random(seed)
    hits = 0
    for _ in range(draws):
        h = g.clone(rng=rng)
        hits += h._draw(weighted=h.settings.bias and h.lap == 1) in fav
    return hits / draws, len(fav)


@pytest.mark.parametrize(
    ("lap", "played", "bias", "factor"),
    [
        (1, 2, True, 2.8),
        (1, 15, True, 1.5),
        (1, 22, True, 0.8),
        (2, 2, True, 1.0),
        (1, 2, False, 1.0),
    ],
)
def test_refill_bias_favours_linked_cards_in_lap_one(lap, played, bias, factor):
    settings = Cool24Settings(bias=bias)
    # last rA; r9 is playable now (suit r), gJ and bQ are not
    stock = [card_code(c) for c in range(24) if card_code(c) not in ("rA", "r9", "gJ", "bQ")]
    g = make_game(
        ["r9", "gJ", "bQ", None], stock=stock, last="rA", lap=lap, played=played, settings=settings
    )
    n = 8000
    share, n_fav = _favoured_share(g, n, seed=played * 10 + lap)
    n_all = len(stock)
    assert n_fav == 10  # r10 rJ rQ rK, gA bA yA (link to rA) + g9 b9 y9 (link to r9)
    expected = n_fav * factor / (n_fav * factor + (n_all - n_fav))
    z = (share - expected) / math.sqrt(expected * (1 - expected) / n)
    assert abs(z) < 4, (share, expected)


def test_custom_tables_from_config(tmp_path):
    table = list(range(0, 49 * 3, 3))
    (tmp_path / "config.toml").write_text(
        "[cool24]\n"
        f"card_win_table = {table}\n"
        "hand_win_table = { straight_flush = 70, flush = 7 }\n"
        "hand_win_multi = 1\n"
        'suits = ["R", "G", "B", "Y"]\n',
        encoding="utf-8",
    )
    g = Game.new(seed=1, rules=settings_from_file(tmp_path / "config.toml"))
    s = g.settings
    assert s.hand_win_table == (70, 20, 7) and s.card_win_table[48] == 144
    assert all(c[0] in "RGBY" for c in g.hand)
    g2 = make_game(["r9", "r10", "rJ", "gA"], stock=["rA"], last="gK", played=22, settings=s)
    g2.apply(PlaySlot(4))
    assert g2.score == 69 + 7
    g3 = make_game(
        ["rA", None, None, None],
        last="r9",
        played=23,
        settings=s,
        bonuses=[Bonus("flush", 7, 1, 4)],
    )
    g3.apply(PlaySlot(1))
    assert g3.multiplier == 2
    assert g3.score == 72 + 2 * sum(b.points for b in g3.bonuses)


def test_the_shipped_config_section_is_valid(repo_root):
    s = Game.new(seed=0, rules=settings_from_file(repo_root / "config.toml")).settings
    assert s.card_win_table == default_card_win_table()
    assert s.hand_win_table == (50, 20, 10) and s.hand_win_multi == 4
    assert s.image_dir == repo_root / "img" / "cool24"


@pytest.mark.parametrize(
    ("table", "needle"),
    [
        ({"card_win_table": [1, 2, 3]}, "card_win_table has 3 entries"),
        ({"card_win_table": [0] * 48 + [-1]}, "card_win_table[48] = -1"),
        ({"card_win_table": "lots"}, "card_win_table"),
        ({"hand_win_table": [50, 20, 10]}, "must be a table"),
        ({"hand_win_table": {"royal": 5}}, "unknown key 'royal'"),
        ({"hand_win_table": {"flush": -3}}, "flush = -3 is out of range"),
        ({"hand_win_multi": 2.5}, "hand_win_multi"),
        ({"bias_start": "high"}, "bias_start"),
        ({"bias_step": -0.1}, "bias_step = -0.1 is out of range"),
        ({"bias": "yes"}, "bias"),
        ({"suits": ["r", "g", "b"]}, "4 different"),
        ({"suits": ["r", "rr", "b", "y"]}, "ambiguous"),
        ({"suit_colors": ["#fff", "#000", "red", "#123"]}, "is not a colour"),
        ({"image_folder": "cards"}, "unknown key 'image_folder'"),
    ],
)
def test_bad_config_values_give_one_line_errors(table, needle):
    with speaking("en"), pytest.raises(ConfigError) as info:  # the English lines
        parse_settings(table)
    message = str(info.value)
    assert needle in message
    assert "\n" not in message and "cool24" in message


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_random_playouts_keep_every_card_and_always_end(policy):
    rng = random.Random(99)
    choose = random_slot if policy == "random" else greedy_slot
    for seed in range(150):
        g = Game.new(seed=seed)
        steps = 0
        while not g.over:
            slot = choose(g, rng)
            assert slot in legal_slots(g)
            g.apply(PlaySlot(slot))
            steps += 1
            hand = [c for c in g.hand_ids if c is not None]
            lap_played = g.history[len(g.history) - g.played :] if g.played else []
            assert sorted(hand + g.stock_ids + lap_played) == list(range(24))
            assert g.score == g.base_points + g.bonus_points * g.multiplier
        assert steps == g.total_played <= 48
        assert g.cleared or any(g.hand)


def test_policies_pick_playable_slots_and_hint_leaves_the_game_alone():
    g = make_game(["rK", "gA", "bQ", "y9"], stock=["r9", "g9", "b10", "yJ"], last="rA", played=5)
    assert greedy_slot(g) in (1, 2)
    assert best_slot(g, random.Random(1), rollouts=8) in (1, 2)
    state = g.rng.getstate()
    assert hint(g, rollouts=16, seed=3) in (1, 2)
    assert g.rng.getstate() == state and g.hand[0] == "rK"


def test_the_protocol_one_player_returns_the_score_and_actions_read_back():
    g = Game.new(seed=3, players=1)
    assert Game.info == GameInfo("cool24", 1, 1) and g.num_players == 1
    with pytest.raises(UserError, match="one player: use players=1, not players=2"):
        Game.new(seed=3, players=2)
    assert g.parse_action("slot 2") == g.parse_action("2") == PlaySlot(2)
    with pytest.raises(IllegalMove) as info:
        g.parse_action("pass")
    assert info.value.code == "not_an_action"
    while not g.is_over:
        g.apply(g.legal_actions()[-1])
    assert g.returns() == (float(g.score),) and g.current_player is None
    json.dumps(to_json(g.observation(0)))
    with pytest.raises(ValueError, match="one seat"):
        g.observation(1)
