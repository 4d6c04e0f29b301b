"""The hub's timer part: a person's turn runs out (a CPU moves for them), a seat is held
between games for a person whose phone went away (then freed). The rooms keep their own
deadlines (games.web.rooms); this part holds the clock and the options' seconds, and says
what is due."""

from __future__ import annotations

from collections.abc import Callable

from games.web.options import HubOptions
from games.web.rooms import Room


class Timer:
    """`clock`: seconds, monotonic (tests inject one); the seconds are the hub's `options`'
    (``turn_seconds``, ``hold_seconds``), read when used."""

    def __init__(self, clock: Callable[[], float], options: HubOptions) -> None:
        self.clock = clock
        self.options = options

    @property
    def turn_seconds(self) -> float:
        return self.options.turn_seconds

    def arm(self, room: Room) -> None:
        """Each person choosing gets their turn's deadline once (until they act)."""
        room.arm_timer(self.clock(), self.options.turn_seconds)

    def rearm(self, room: Room) -> None:
        """A turn starts afresh (play went on after a pause: the pause does not count)."""
        room.turns = {}
        self.arm(room)

    def hold(self, room: Room, name: str) -> None:
        """`name` sits with no phone connected: their seat is held from now."""
        room.hold(name, self.clock() + self.options.hold_seconds)

    def rehold(self, room: Room) -> None:
        """Every hold of the room starts afresh (a game's end, a restart)."""
        room.rehold(self.clock() + self.options.hold_seconds)

    def seconds_left(
        self, room: Room, seat: int | None = None, choosing: tuple[int, ...] | None = None
    ) -> float | None:
        """Seconds left on `seat`'s turn (else on the first person's choosing now);
        `choosing`: the room's people choosing now, when the caller has them."""
        if not room.turns:  # no turn timer runs: no clock read
            return None
        return room.seconds_left(self.clock(), seat, choosing)

    def due(self, room: Room) -> tuple[bool, list[str]]:
        """Whether a person's turn in the room ran out just now, and the names whose hold of
        their seat has ended."""
        now = self.clock()
        return room.expire(now), room.holds_over(now)
