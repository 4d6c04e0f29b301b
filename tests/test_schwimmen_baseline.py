"""Same seeded Schwimmen games, same behaviour: the games of tests/schwimmen_baseline.py
replayed on today's code give the actions, observation digests, round results and places
recorded before the issue-25 refactor (tests/data/schwimmen_baseline.json)."""

from __future__ import annotations

import json

import pytest
import schwimmen_baseline as baseline

RECORDED = json.loads(baseline.DATA.read_text(encoding="utf-8"))


def _compare(now: dict, then: dict) -> None:
    for i, (a, b) in enumerate(zip(now["rounds"], then["rounds"], strict=False)):
        assert a == b, f"round {i + 1} differs: now {a}, recorded {b}"
    assert now == then


@pytest.mark.parametrize("key", sorted(RECORDED["engine"]))
def test_engine_games_replay_as_recorded(key):
    _compare(baseline.engine_game(key), RECORDED["engine"][key])


@pytest.mark.parametrize("players", sorted(RECORDED["table"]))
def test_table_games_replay_as_recorded(players):
    now = baseline.table_games(int(players))
    then = RECORDED["table"][players]
    assert len(now) == len(then)
    for game_now, game_then in zip(now, then, strict=True):
        _compare(game_now, game_then)
