"""Behaviour for players does not change (issue 42): seeded games of every game through the hub
send each phone the same messages, byte for byte, as the recording in tests/data
(tests/games_wire_recording.py made it, and says what it plays)."""

from __future__ import annotations

import pytest
from games_wire_recording import GAMES, path_of, record, stored

pytestmark = pytest.mark.slow  # a few seconds per game (COOL's hint plays all its playouts)


@pytest.mark.parametrize("game", GAMES)
def test_the_phones_receive_the_recorded_messages(game):
    before = stored(game)
    now = record(game)
    for n, (was, is_) in enumerate(zip(before, now, strict=False)):
        assert is_ == was, f"{path_of(game).name} line {n + 1} differs"
    assert len(now) == len(before)
    assert sum('"type": "results"' in line for line in now) >= 2 * 2  # two games, two phones
