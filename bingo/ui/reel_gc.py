"""Python's cyclic garbage collector kept out of the reel's spins.

A full collection walks every object the show holds (about 120,000 once it is up: Qt's
bindings, the config, the texts): 105 ms of CPU measured in the show (7 Dec, with
`benchmarks/bench_evening_frames.py --trace` to tell one in a gap), six frames lost if one came
during a spin. Spins make few objects, so one rarely comes, but when it does the room sees it.
So the show

- freezes what its start-up made (`gc.freeze()`: moved to a generation the collector never
  walks again), once, when the reel's pictures are drawn ahead and nothing moves: it collects
  first, on the still start screen; a full collection then walks only what was made since;
- holds the collector while a reel spins (`gc.disable()`), and lets it go when the spin ends
  (landed, stopped, or the reel gone), if it was the one that held it.

Reference counting frees almost everything the moment it is dropped; only cycles wait.
"""

from __future__ import annotations

import gc
from collections.abc import Hashable


class SpinCollector:
    """The process's collector, held during spins and frozen once after start-up."""

    def __init__(self) -> None:
        self.spinning: set[Hashable] = set()
        self.held = False  # the collector was on and a spin turned it off
        self.frozen = False

    def spin_started(self, key: Hashable) -> None:
        self.spinning.add(key)
        if not self.held and gc.isenabled():
            gc.disable()
            self.held = True

    def spin_ended(self, key: Hashable) -> None:
        self.spinning.discard(key)
        if not self.spinning and self.held:
            self.held = False
            gc.enable()

    def settle(self) -> None:
        """Start-up is over and nothing moves: collect once, then freeze what is left."""
        if self.frozen:
            return
        self.frozen = True
        gc.collect()
        gc.freeze()


COLLECTOR = SpinCollector()


def follow(animation) -> None:
    """Hold the collector while `animation` (a reel's spin) runs."""
    from PySide6.QtCore import QAbstractAnimation

    key = id(animation)
    running = QAbstractAnimation.State.Running

    def state_changed(new, _old) -> None:
        if new == running:
            COLLECTOR.spin_started(key)
        else:
            COLLECTOR.spin_ended(key)

    animation.stateChanged.connect(state_changed)
    animation.destroyed.connect(lambda *_args: COLLECTOR.spin_ended(key))
