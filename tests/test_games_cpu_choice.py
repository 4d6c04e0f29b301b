"""Asking a CPU for a move changes nothing at the table (issue 42): every registered game's
`cpu_choice_at` chooses on a clone, the same action a CPU worker of `games serve` chooses on a
pickled copy, and the table pickles the same before and after (no seat, rule or random state
moved), for a CPU's seat and for a person's whose time ran out."""

from __future__ import annotations

import random

import pytest

from games.common import registry
from games.common.registry import TableSettings
from games.web import cpu_pool, tables


@pytest.mark.parametrize("name", registry.names())
def test_a_cpus_choice_is_the_workers_and_leaves_the_table_as_it_was(name):
    game = registry.entry(name)
    players = min(game.info.max_players, 4)
    people = frozenset({0})
    table = game.new_table(
        TableSettings(players=players, people=people, seed=3, cpu_levels=("easy",),
                      stake=game.stakes[0] if game.stakes else None)
    )  # fmt: skip
    table.start_game()
    rng = random.Random(3)
    asked = 0
    for _ in range(400):
        if not table.in_game:
            break
        seat = table.to_move
        if seat is None:
            table.advance()
            continue
        before = tables.to_bytes(table)
        chosen = tables.cpu_choice_for(table, seat)  # a person's seat too: its time ran out
        assert tables.to_bytes(table) == before and table.people == people
        assert chosen == cpu_pool.choose_from_bytes(before, seat)
        asked += 1
        if seat in table.people:
            table.act(seat, rng.choice(list(table.legal_actions(seat))))
        else:
            table.act(seat, chosen)
    assert asked >= 5


def test_the_cpu_workers_warm_up_imports_the_games_and_opens_no_file(tmp_path, monkeypatch):
    """A worker's warm-up imports each game's engine and table modules and makes no table (a
    Daifugō table made without a bank would open the chips file of the data folder)."""
    monkeypatch.setenv("PUYO_EVENT_DATA_DIR", str(tmp_path / "data"))
    assert cpu_pool._warm_up() > 0
    assert not (tmp_path / "data").exists()
