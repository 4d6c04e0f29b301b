"""Daifugō's table keeps the legal actions of the position it listed them for (`_legal_now`:
a step's view asks for them in `foul_plays`, the phones' hub again for ``legal``): at every
step of seeded games, and after a position set by hand, they are what the engine lists afresh,
and a pickled table (the journal's snapshot, a CPU worker's copy) carries none of them."""

from __future__ import annotations

import pickle
import random

from games.daifugo.chips import ChipBank
from games.daifugo.plays import Play
from games.daifugo.state import Phase
from games.daifugo.table import TableSession


def fresh_foul_plays(table: TableSession, seat: int) -> tuple[str, ...]:
    """`foul_plays` as it was written before the table kept anything: the engine asked."""
    g = table.game
    assert g is not None
    if not table.in_game or g.current_player != seat:
        return ()
    left = len(g.hands[seat])
    return tuple(str(p) for p in g.legal_plays() if len(p.cards) == left and g.would_foul(p))


def test_kept_legal_actions_are_the_engines_at_every_step():
    steps = 0
    for seed in range(6):
        table = TableSession(players=4, people={0, 1, 2, 3}, seed=seed, bank=ChipBank())
        rng = random.Random(seed)
        for _ in range(3):  # games in a row: the titles' card passing, then play
            table.start_game()
            while table.in_game:
                seat = table.to_move
                assert seat is not None and table.game is not None
                for other in range(4):  # the others' views and lists first, as the hub's
                    assert table.foul_plays(other) == fresh_foul_plays(table, other)
                expected = list(table.game.legal_actions())
                assert table.legal_actions(seat) == expected
                assert table.legal_actions(seat) == expected  # kept: the same again
                if table.game.phase == Phase.PLAY:
                    steps += 1
                table.act(seat, rng.choice(table.legal_actions(seat)))
    assert steps > 300


def test_a_position_set_by_hand_is_listed_afresh():
    table = TableSession(players=4, people={0, 1, 2, 3}, seed=3, bank=ChipBank())
    table.start_game()
    g = table.game
    assert g is not None
    while g.phase != Phase.PLAY:  # past the card passing
        seat = table.to_move
        assert seat is not None
        table.act(seat, table.legal_actions(seat)[0])
    seat = table.to_move
    assert seat is not None
    before = table.legal_actions(seat)
    g.hands[seat][:] = g.hands[seat][:1]  # a test's set position: one card left
    after = table.legal_actions(seat)
    assert after == list(g.legal_actions()) != before
    assert all(len(a.cards) == 1 for a in after if isinstance(a, Play))
    assert table.foul_plays(seat) == fresh_foul_plays(table, seat)


def test_a_pickled_table_keeps_no_legal_actions():
    table = TableSession(players=4, people={0, 1, 2, 3}, seed=5, bank=ChipBank())
    table.start_game()
    seat = table.to_move
    assert seat is not None
    listed = table.legal_actions(seat)
    copy = pickle.loads(pickle.dumps(table))
    assert copy._legal_kept is None
    assert copy.legal_actions(seat) == listed
    assert table._legal_kept is not None or table.game.phase != Phase.PLAY
