"""The Qt-free COOL 24+24 table: seeds per game, stages, plays and hints."""

from __future__ import annotations

import pytest

from games.common.protocol import IllegalMove
from games.cool24.rules import legal_slots
from games.cool24.settings import Cool24Settings
from games.cool24.table import Stage, TableSession


def play_out(table: TableSession) -> list[int]:
    played = []
    while table.stage is Stage.PLAY:
        slot = table.game.legal_actions()[0].slot
        table.play(slot)
        played.append(slot)
    return played


def test_games_follow_from_the_table_seed():
    a, b = TableSession(seed=4), TableSession(seed=4)
    assert a.stage is Stage.TITLE and a.play(1) is None  # no game yet
    first = a.start().hand
    assert b.start().hand == first
    assert play_out(a) == play_out(b) and a.stage is Stage.OVER
    assert a.play(1) is None  # the game is over: the summary shows
    assert a.start().hand != first and a.stage is Stage.PLAY


def test_a_refused_play_keeps_the_game():
    table = TableSession(seed=1)
    game = table.start()
    bad = next((s for s in range(1, 5) if s not in legal_slots(game)), 5)
    with pytest.raises(IllegalMove):
        table.play(bad)
    assert table.stage is Stage.PLAY and game.total_played == 0


def test_hints_follow_the_switch_and_leave_the_future_alone():
    on = TableSession(Cool24Settings(hint=True), seed=2)
    off = TableSession(Cool24Settings(hint=False), seed=2)
    assert on.hint() is None  # no game yet
    on.start()
    off.start()
    state = on.game.rng.getstate()
    assert on.hint() in legal_slots(on.game) and on.game.rng.getstate() == state
    assert off.hint() is None
