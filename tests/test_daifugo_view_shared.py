"""Daifugō's views of one step made with one shared dict (`view_shared`, as the phones' hub
makes every seat's view of a step) are each seat's own view: nothing of one seat's reaches
another's, and the spectator's is the public observation (no hand, nothing known)."""

from __future__ import annotations

import dataclasses

from games.daifugo.chips import ChipBank
from games.daifugo.state import Phase
from games.daifugo.table import TableSession


def check_step(table: TableSession) -> bool:
    """Each seat's view through one step's shared dict against its view made alone (the
    seats in a changing order, so a seat's own part left in the shared dict would show)."""
    parts: dict[str, object] = {}
    seats: list[int | None] = [None, *range(table.num_players)]
    for seat in seats[::-1] if table.to_move else seats:
        shared = table.view_shared(seat, parts)
        if seat is None:
            g = table.game
            assert g is not None
            alone = dataclasses.replace(
                table.view(0),
                seat=None,
                gifts=(),
                foul_plays=(),
                giving=None,
                observation=dataclasses.replace(g.observation(0), seat=-1, hand=(), known=()),
            )
        else:
            alone = table.view(seat)
        assert shared == alone, seat
    first, second = (table.view_shared(s, parts) for s in (0, 1))
    assert first.observation is not None and second.observation is not None
    assert first.observation.pile is second.observation.pile  # made once for the step
    assert first.history is second.history
    return table.game is not None and table.game.phase == Phase.EXCHANGE


def test_each_seats_view_through_the_steps_shared_parts_is_its_own(tmp_path):
    table = TableSession(players=5, people=set(), seed=3, bank=ChipBank(tmp_path / "c.json"))
    steps = exchanges = 0
    for _ in range(2):  # the second game begins with the card passing
        table.start_game()
        while table.in_game:
            exchanges += check_step(table)
            steps += 1
            if table.to_move is None:
                table.advance()
            else:
                table.step_cpu()
    assert steps > 40 and exchanges > 0
