"""The hub's knobs: the turn timer, the holds, the CPUs' pace, peeking, names (games_web's keys).

One dataclass, so `games.web.hub.Hub` takes them as one argument (`options=HubOptions(...)`),
`games serve` fills it from [games_web] (games.web.command.make_hub) and the tests set only
what they test. Mutable: a test may make a running hub's CPUs quicker (`cpu_delay`); a `games
serve` process takes them from [games_web]'s `cpu_delay_ms` and `advance_pause_ms`.
"""

from __future__ import annotations

from dataclasses import dataclass

PEEK_MODES = ("live", "finished", "off")


@dataclass
class HubOptions:
    """``turn_seconds``: how long a person's turn waits before a CPU moves for them (0: never).
    ``cpu_workers``: worker processes for CPU choices (0: in this process). ``seed``: seeds
    every room's games (tests, benchmarks); None: fresh ones. ``cpu_delay``: a CPU's move is
    shown no sooner than this after the one before (the phones can follow); ``advance_pause``:
    how long a finished round stays on the phones before the next (Schwimmen).
    ``hold_seconds``: how long a seated person's seat stays theirs between games once no phone
    of theirs is connected (then it is freed; games.web.messages says how). ``peek``: who may
    look at another seat's hand: "live" (spectators, and players out of the game), "finished"
    (only players out of this game) or "off" (nobody). A name that never played expires
    ``name_hours`` after it was made (0: never); ``names_per_address`` /
    ``names_per_network``: new names an hour from one address / one /24
    (games.web.newnames)."""

    turn_seconds: float = 30.0
    cpu_workers: int = 1
    seed: int | None = None
    cpu_delay: float = 0.8
    advance_pause: float = 2.0
    hold_seconds: float = 120.0
    peek: str = "live"
    name_hours: float = 6.0
    names_per_address: int = 20
    names_per_network: int = 300

    def __post_init__(self) -> None:
        if self.peek not in PEEK_MODES:
            raise ValueError(f"peek {self.peek!r}: use one of {', '.join(PEEK_MODES)}")
