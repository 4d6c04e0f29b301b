"""The games' web hub: players, rooms, seats, the turn timer and the journal, without Qt or aiohttp.

The server (games.web.server) owns the sockets; the hub owns everything else. One `Hub` runs in
the server's asyncio loop:

    hub = Hub(data_dir, rooms=default_rooms(), language="ja")
    await hub.open()                          # takes the journal's lock, restores every room
    player = hub.join("さくら")               # or hub.rejoin(token) from the phone's storage
    conn = hub.connect(player.token, send)    # send(message: dict) must not block
    hub.sit(player.token, "daifugo-beginner")
    hub.start(player.token, "daifugo-beginner")
    hub.act(player.token, "3S 3H")            # a refusal raises Refused(code, params, text)
    hub.disconnect(conn)
    await hub.close()

Every method that changes something is synchronous and quick: it checks the player's token,
changes the room, writes the journal (fsync) and calls ``send`` of every connection that must
hear of it before it returns. CPU moves and the turn timer run as the hub's own asyncio tasks
(CPU choices in a worker process pool, so one table's strong CPU never delays another table's
messages). A refused call raises `Refused` (games.common.table) with the text in the hub's
language; the server turns it into a ``{"type": "refused", ...}`` message with `refused_message`.

The messages each connection receives are listed in /work/shared/team/hub-api.md and in
`games.web.messages`; each seat only ever receives its own view of a table.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.common.table import Refused

__all__ = [
    "Connection",
    "Hub",
    "Player",
    "Refused",
    "RoomSpec",
    "default_rooms",
    "refused_message",
]

Message = dict[str, Any]
Send = Callable[[Message], None]


@dataclass(frozen=True)
class RoomSpec:
    """One room of the evening, as configured.

    ``game``: "daifugo" or "schwimmen". ``seats``: 3-5 for Daifugō, 2-9 for Schwimmen.
    ``stake``: Daifugō's room key in games.daifugo.chips.ROOMS ("beginner" 初級 100,
    "intermediate" 中級 1,000, "advanced" 上級 10,000); None for Schwimmen. ``cpu_level``:
    the level of the CPUs in the empty seats ("easy", "normal", "strong"). ``rules``: the
    game's rules preset (Daifugō: its preset number as text; Schwimmen: its rules name), None
    for the game's default.
    """

    id: str
    game: str
    seats: int
    stake: str | None = None
    cpu_level: str = "normal"
    rules: str | None = None


def default_rooms() -> tuple[RoomSpec, ...]:
    """An evening's rooms: the three Daifugō rooms of the seed and one Schwimmen table."""
    return (
        RoomSpec("daifugo-beginner", "daifugo", 5, stake="beginner", cpu_level="normal"),
        RoomSpec("daifugo-intermediate", "daifugo", 5, stake="intermediate", cpu_level="normal"),
        RoomSpec("daifugo-advanced", "daifugo", 5, stake="advanced", cpu_level="strong"),
        RoomSpec("schwimmen-1", "schwimmen", 4, cpu_level="normal"),
    )


@dataclass(frozen=True)
class Player:
    """A phone's person: the name they chose (their chips belong to it) and the secret token
    the phone keeps (with the name) to come back to the same seat."""

    name: str
    token: str


@dataclass(eq=False)
class Connection:
    """One open socket: the player whose token opened it (None: the laptop's screen or a
    page that has not joined yet, which receive only public messages) and its `send`."""

    token: str | None
    send: Send
    address: str = ""


def refused_message(error: Refused) -> Message:
    """The ``refused`` message for a refusal raised by a hub call."""
    return {"type": "refused", "code": error.code, "params": error.params, "text": error.text}


class Hub:
    """Players, rooms and their tables, the timer, the CPU pool, chips and the journal."""

    def __init__(
        self,
        data_dir: Path,
        *,
        rooms: Sequence[RoomSpec] | None = None,
        language: str = "ja",
        turn_seconds: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
        cpu_workers: int = 1,
        chips_path: Path | None = None,
        seed: int | None = None,
    ) -> None:
        """``data_dir`` holds the journal (games_web.journal, its lock) and, unless
        ``chips_path`` says otherwise, the chips (daifugo_chips.json, games.daifugo.chips).
        ``turn_seconds``: how long a person's turn waits before a CPU moves for them (0: never).
        ``clock``: seconds, monotonic (tests inject one). ``cpu_workers``: worker processes
        for CPU choices (0: in this process, for tests). ``seed``: seeds every room's games
        (tests, benchmarks); None: fresh ones."""
        raise NotImplementedError

    # -- life -----------------------------------------------------------------------------

    async def open(self) -> None:
        """Take the journal's lock (a second server on the same data folder is refused with a
        UserError naming the folder), restore every room, hand and balance from the journal,
        and start the CPU and timer tasks."""
        raise NotImplementedError

    async def close(self) -> None:
        """Stop the tasks and the CPU pool, flush the journal, let go of the lock. Games in
        progress stay in the journal and are restored by the next `open`."""
        raise NotImplementedError

    # -- players and connections ----------------------------------------------------------

    def join(self, name: str) -> Player:
        """A new phone with a name: its player and a fresh token. Refused ``bad_name`` (empty,
        over 16 characters, control characters, "CPU..." which the CPUs use) or
        ``name_taken`` (another phone holds this name now; that phone's token comes back)."""
        raise NotImplementedError

    def rejoin(self, token: str) -> Player:
        """The phone's stored token: the same player, seat and hand. Refused ``unknown_token``
        (the phone then joins afresh with its name)."""
        raise NotImplementedError

    def connect(self, token: str | None, send: Send, *, address: str = "") -> Connection:
        """Subscribe a socket: it receives ``hello`` (when token is a player's), ``lobby``
        and, for a player in a room, ``room`` and ``table`` at once, then every update that
        concerns it. Refused ``unknown_token``."""
        raise NotImplementedError

    def disconnect(self, connection: Connection) -> None:
        """The socket closed: no more messages to it. The seat stays; the turn timer plays for
        it while no phone of its player is connected, and a seat with no phone for a whole
        game is freed at the game's end."""
        raise NotImplementedError

    # -- rooms ----------------------------------------------------------------------------

    def lobby(self) -> Message:
        """The ``lobby`` message: every room, its seats and state (public)."""
        raise NotImplementedError

    def sit(self, token: str, room_id: str, seat: int | None = None) -> int:
        """Take a free seat (the first free one when `seat` is None) in a room waiting for its
        next game. Its seat. Refused ``unknown_room``, ``room_playing`` (watch it instead),
        ``seat_taken``, ``room_full``, ``elsewhere`` (the player sits in another room: leave
        it first)."""
        raise NotImplementedError

    def watch(self, token: str, room_id: str) -> None:
        """Watch a room (観戦): the public table, and a seat's hand after `peek`."""
        raise NotImplementedError

    def start(self, token: str | None, room_id: str) -> None:
        """Start the room's next game: CPUs of the room's level fill the empty seats. Only the
        room's host (its first seated player) or the laptop (token None) may; refused
        ``not_host``, ``room_playing``, ``nobody_seated``."""
        raise NotImplementedError

    def act(self, token: str, action: str) -> None:
        """The player's seat takes `action` (an action's text, as ``legal`` lists them).
        Refused with the table's own code and text (the Qt window's), or ``not_seated``."""
        raise NotImplementedError

    def leave(self, token: str) -> int:
        """Leave the room (seat or watching). Between games, or once the player is out of
        the game: free. Mid-game: the room's penalty (Daifugō: the stake, charged once) and a
        CPU plays the seat out; a winner who leaves passes the prize to the next place.
        Returns the penalty charged."""
        raise NotImplementedError

    def peek(self, token: str, seat: int | None) -> None:
        """A spectator (or a player who is out of the game) taps a player's face: from now on
        its ``table`` messages carry that seat's view under ``peek`` (None: stop). Refused
        ``still_playing`` for a player still in the game."""
        raise NotImplementedError

    def set_cpu_level(self, token: str | None, room_id: str, level: str) -> None:
        """The host (or the laptop) chooses the room's CPU level between games. Refused
        ``not_host``, ``room_playing``, ``bad_level``."""
        raise NotImplementedError

    def watch_public(self, connection: Connection, room_id: str | None) -> None:
        """The laptop's screen (a token-None connection) follows a room's public table: its
        ``table`` messages carry view(None) only (None: follow no room)."""
        raise NotImplementedError

    def balance(self, name: str) -> int:
        """A name's chips now (Daifugō), as persisted."""
        raise NotImplementedError
