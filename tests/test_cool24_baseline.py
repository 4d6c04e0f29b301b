"""No behaviour change for a player: the seeded games of tests/cool24_baseline.py, replayed on
today's code, give the recorded actions, observation digests, events, scores and hints."""

from __future__ import annotations

import json

import cool24_baseline as baseline
import pytest

RECORDED = json.loads(baseline.DATA.read_text(encoding="utf-8"))


def _compare(recorded: dict, now: dict, what: str) -> None:
    assert sorted(now) == sorted(recorded), what
    for name in recorded:
        assert now[name] == recorded[name], f"{what} {name} differs from the baseline"


@pytest.mark.timeout(120)
def test_engine_games_replay_as_recorded():
    _compare(RECORDED["engine"], baseline.engine_games(), "engine game")


def test_table_games_replay_as_recorded():
    _compare(RECORDED["table"], baseline.table_games(), "table game")


@pytest.mark.timeout(120)
def test_hints_choose_as_recorded():
    _compare(RECORDED["hints"], baseline.hints(), "hint")


def test_the_baseline_covers_what_it_claims():
    engine = RECORDED["engine"]
    assert len(engine) == 75 and len(RECORDED["table"]) == 6
    ends = [game["end"] for game in engine.values()]
    assert any(e["total_played"] > 24 for e in ends)  # lap 2 reached
    assert sum(1 for e in ends if e["bonuses"]) > 5
    hints = RECORDED["hints"].values()
    assert len(hints) == 8 and all(len(h["playable"]) > 1 for h in hints)
    refusals = [len(step) for t in RECORDED["table"].values() for g in t for step in g["steps"][1:]]
    assert 3 in refusals  # some steps pressed an unplayable slot
