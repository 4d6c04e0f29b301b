"""Same seeded Daifugō games, same behaviour: the games of tests/daifugo_baseline.py replayed
on today's code give the actions, observation digests, places, card passing and chips
recorded before the issue-25 refactor (tests/data/daifugo_baseline.json)."""

from __future__ import annotations

import json

import daifugo_baseline as baseline
import pytest

RECORDED = json.loads(baseline.DATA.read_text(encoding="utf-8"))


def _first_difference(now: list[str], then: list[str]) -> str:
    for i, (a, b) in enumerate(zip(now, then, strict=False)):
        if a != b:
            return f"step {i}: now {a!r}, recorded {b!r}"
    return f"lengths differ: now {len(now)}, recorded {len(then)}"


@pytest.mark.parametrize("key", sorted(RECORDED["engine"]))
def test_engine_games_replay_as_recorded(key):
    players, preset, mode = key.split("-")
    now = baseline.engine_game(int(players), int(preset), mode == "cpu")
    then = RECORDED["engine"][key]
    assert now["steps"] == then["steps"], _first_difference(now["steps"], then["steps"])
    assert now == then


@pytest.mark.parametrize("players", sorted(RECORDED["table"]))
def test_table_games_replay_as_recorded(players, tmp_path):
    now = baseline.table_games(int(players), tmp_path)
    then = RECORDED["table"][players]
    for game_now, game_then in zip(now, then, strict=True):
        steps_now, steps_then = game_now["steps"], game_then["steps"]
        assert steps_now == steps_then, _first_difference(steps_now, steps_then)
    assert now == then


def test_the_baseline_covers_what_it_claims():
    """Card passing, a joker play, a revolution, a lock and a person leaving are all in it."""
    text = json.dumps(RECORDED)
    for needle in ("give ", "JK", "revolution", "suit_lock", "leave:", "eight_cut"):
        assert needle in text, needle
