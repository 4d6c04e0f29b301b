"""Simulated phones for the hub's tests and benchmarks/bench_tables.py: a name, a token, the
messages received, and a random legal action from the last ``table`` message (as a person
tapping on the phone would choose among what the page offers)."""

from __future__ import annotations

import random
from collections.abc import Callable

from games.web.hub import Connection, Hub
from games.web.messages import Message, Table


class Phone:
    """One phone: joined, connected, remembering what it was sent (`keep`: how many)."""

    def __init__(
        self,
        hub: Hub,
        name: str,
        *,
        token: str | None = None,
        keep: int | None = None,
        on_message: Callable[[Phone, Message], None] | None = None,
        address: str = "",
        device: str = "",
    ) -> None:
        self.hub = hub
        self.name = name
        self.token = token or hub.join(name).token
        self.keep = keep
        self.on_message = on_message
        self.address = address  # the socket's remote address, as the server passes it
        self.device = device  # the browser's id, as the page sends it ("" = none)
        self.received: list[Message] = []
        self.count = 0
        self.table: Table | None = None  # the last table message
        self.conn: Connection | None = None
        self.connect()

    def connect(self) -> None:
        self.conn = self.hub.connect(
            self.token, self._receive, address=self.address, device=self.device
        )

    def disconnect(self) -> None:
        if self.conn is not None:
            self.hub.disconnect(self.conn)
            self.conn = None

    def _receive(self, message: Message) -> None:
        self.count += 1
        if message["type"] == "table":
            self.table = message
        self.received.append(message)
        if self.keep is not None and len(self.received) > self.keep:
            del self.received[: len(self.received) - self.keep]
        if self.on_message is not None:
            self.on_message(self, message)

    def last(self, kind: str) -> Message | None:
        return next((m for m in reversed(self.received) if m["type"] == kind), None)

    def my_turn(self) -> bool:
        return bool(self.table and self.table["your_turn"] and self.table["legal"])

    def random_action(self, rng: random.Random) -> str:
        assert self.table is not None and self.table["legal"], "not this phone's turn"
        return str(rng.choice(self.table["legal"]))

    def play(self, rng: random.Random) -> str:
        """Take a random legal action now (it must be this phone's turn)."""
        action = self.random_action(rng)
        self.hub.act(self.token, action)
        return action


def play_until_people_wait(hub: Hub, phones: list[Phone], rng: random.Random, limit: int) -> int:
    """Without a loop: CPUs move, then whichever phone is to move acts, until no game runs or
    `limit` actions were taken. How many actions the phones took."""
    taken = 0
    while taken < limit:
        hub.run_cpus()
        turn = [p for p in phones if p.my_turn()]
        if not turn:
            return taken
        turn[0].play(rng)
        taken += 1
    return taken
