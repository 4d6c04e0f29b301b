"""The games' tables as the hub uses them: built for a room, and what TableProtocol leaves open.

Everything here goes through `games.common.table.TableProtocol` and its `SharedTable`
(names per seat and the CPUs' level between games) and `MoneyTable` (a person leaving
mid-game, a game dropped) protocols, plus detaching the Daifugō table's chip bank to pickle it
(a CPU's choice in a worker process, the journal's snapshot of a game).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import hashlib
import importlib
import pickle
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.common.table import MoneyTable, SharedTable, TableProtocol

GAMES = ("daifugo", "schwimmen")
SEAT_LIMITS = {"daifugo": (3, 5), "schwimmen": (2, 9)}
SECRET_WORDS = {"daifugo": ("give",)}  # actions whose cards only giver and receiver see


@dataclass(frozen=True)
class RoomSpec:
    """One room of the evening, as configured.

    ``game``: "daifugo" or "schwimmen". ``seats``: 3-5 for Daifugō, 2-9 for Schwimmen.
    ``stake``: Daifugō's room key in games.daifugo.chips.ROOMS ("beginner" 初級 100,
    "intermediate" 中級 1,000, "advanced" 上級 10,000); None for Schwimmen. ``cpu_level``:
    the level of the CPUs in the empty seats ("easy", "normal", "strong"). ``rules``: the
    game's rules as config.toml names them, None for the game's default: Daifugō's [daifugo]
    rule_set as text ("1"-"4", the table plays ``Rules.preset(n)``), Schwimmen's [schwimmen]
    rules ("standard" or "house"). ``settings``: Schwimmen's whole [schwimmen] section
    (games.schwimmen.settings.SchwimmenSettings: start coins, suit tiebreak), so a room plays
    as the Qt game is configured; None: the defaults. The room's seats and CPU level win over
    the section's players and cpu_level.
    """

    id: str
    game: str
    seats: int
    stake: str | None = None
    cpu_level: str = "normal"
    rules: str | None = None
    settings: Any = None

    def check(self) -> None:
        """A clear ValueError for a room the configuration got wrong."""
        if self.game not in SEAT_LIMITS:
            raise ValueError(f"room {self.id}: game {self.game!r}: use one of {', '.join(GAMES)}")
        low, high = SEAT_LIMITS[self.game]
        if not low <= self.seats <= high:
            raise ValueError(f"room {self.id}: {self.seats} seats: {self.game} has {low}-{high}")
        if self.game == "daifugo":
            from games.daifugo.chips import ROOMS

            if self.stake not in ROOMS:
                raise ValueError(f"room {self.id}: stake {self.stake!r}: use {', '.join(ROOMS)}")
            if self.rules is not None and self.rules not in ("1", "2", "3", "4"):
                raise ValueError(f"room {self.id}: rules {self.rules!r}: use a rule set 1-4")
        else:
            from games.schwimmen.settings import RULE_SETS

            if self.rules is not None and self.rules not in RULE_SETS:
                raise ValueError(
                    f"room {self.id}: rules {self.rules!r}: use {', '.join(RULE_SETS)}"
                )

    def as_record(self) -> dict[str, Any]:
        """The room as the journal keeps it (a room whose record changed starts afresh)."""
        record: dict[str, Any] = {
            "id": self.id,
            "game": self.game,
            "seats": self.seats,
            "stake": self.stake,
            "cpu_level": self.cpu_level,
            "rules": self.rules,
        }
        if self.settings is not None:  # absent by default: older journals' rooms still match
            record["settings"] = dataclasses.asdict(self.settings)
        return record


def new_table(
    spec: RoomSpec,
    *,
    names: Sequence[str],
    seed: int | None,
    language: str,
    cpu_level: str,
    bank: object | None = None,
) -> TableProtocol:
    """A table for `spec` with nobody seated yet (the hub seats people before each game)."""
    module = importlib.import_module(f"games.{spec.game}.table")
    kwargs: dict[str, Any] = {
        "players": spec.seats,
        "people": frozenset(),
        "seed": seed,
        "language": language,
        "cpu_levels": (cpu_level,),
    }
    if spec.game == "daifugo":
        from games.daifugo.chips import ROOMS

        kwargs.update(names=list(names), room=ROOMS[spec.stake or "beginner"], bank=bank)
        if spec.rules:
            from games.daifugo.ruleset import Rules

            kwargs["rules"] = Rules.preset(int(spec.rules))
    else:  # Schwimmen: every CPU at the room's level
        kwargs.update(cpu_levels=(), level=cpu_level, settings=spec.settings)
        if spec.rules:
            kwargs["rules_name"] = spec.rules
    table: TableProtocol = module.TableSession(**kwargs)
    return table


def game_of(table: TableProtocol) -> str:
    return table.info.name


def set_names(
    table: TableProtocol, names: Sequence[str], accounts: Sequence[str] | None = None
) -> None:
    """The seats' names for the next game (between games; a Daifugō newcomer plays as 平民)
    and, for Daifugō, whose chips each seat plays with (`accounts`; None: the names)."""
    shared = _shared(table)
    for seat, name in enumerate(names):
        if table.names[seat] != name:
            shared.rename(seat, name)
    if accounts is not None and hasattr(table, "set_accounts"):
        table.set_accounts(accounts)


def set_cpu_level(table: TableProtocol, level: str) -> None:
    """The level of the CPUs from the next game on (between games)."""
    _shared(table).set_cpu_level(level)


def _shared(table: TableProtocol) -> SharedTable:
    if not isinstance(table, SharedTable):
        raise TypeError(f"{game_of(table)}'s table is not a SharedTable: it cannot seat a room")
    return table


def leave(table: TableProtocol, seat: int) -> int:
    """The person at `seat` leaves mid-game: the penalty the table charged (Daifugō: kept with
    the game's chips, saved at its end; a table without money: 0), the seat is a CPU's from
    the next move."""
    penalty = table.leave(seat) if isinstance(table, MoneyTable) else 0
    if seat in table.people:
        table.seat_people(set(table.people) - {seat})
    return penalty


def event_texts(result: object, language: str) -> list[str]:
    """What an action set off that the table announces (Daifugō's 8切り, 革命, 都落ち...), in
    the words of the Qt window's banner (games.daifugo.texts.EVENT_TEXTS); [] for others."""
    codes = getattr(result, "announcements", ()) or ()
    if not codes:
        return []
    from games.daifugo.texts import EVENT_TEXTS

    words = EVENT_TEXTS.get(language) or EVENT_TEXTS["ja"]
    return [words.get(code, code) for code in codes]


def is_secret(table: TableProtocol, action_text: str) -> bool:
    """Whether an action's text tells cards only its seat (and its receiver) may know."""
    words = action_text.split()
    return bool(words) and words[0].lower() in SECRET_WORDS.get(game_of(table), ())


def cpu_choice_for(table: TableProtocol, seat: int) -> str:
    """The text of the action a CPU of the table's level takes for `seat` now (a CPU's seat,
    or a person's whose turn timer ran out). The table's people are as before afterwards."""
    people = frozenset(table.people)
    if seat in people:
        table.seat_people(set(people) - {seat})
    try:
        choice = table.cpu_choice()
    finally:
        if seat in people:
            table.seat_people(set(people))
    if choice is None or choice[0] != seat:
        raise RuntimeError(f"no CPU move for seat {seat} (to move: {table.to_move})")
    return str(choice[1])


def bank_of(table: TableProtocol) -> Any:
    return getattr(table, "bank", None)


def set_bank(table: TableProtocol, bank: object | None) -> None:
    if hasattr(table, "bank"):
        setattr(table, "bank", bank)  # noqa: B010 - Daifugō's table only


def open_game_of(table: TableProtocol) -> str | None:
    """The chip bank's id of the game whose fees are in (Daifugō), None otherwise."""
    game = getattr(table, "open_game", None)
    return game if isinstance(game, str) else None


def to_bytes(table: TableProtocol) -> bytes:
    """The table pickled without its chip bank (the journal's snapshot, a worker's copy)."""
    bank = bank_of(table)
    if bank is None:
        return pickle.dumps(table, protocol=pickle.HIGHEST_PROTOCOL)
    shallow = copy.copy(table)
    set_bank(shallow, None)
    return pickle.dumps(shallow, protocol=pickle.HIGHEST_PROTOCOL)


def from_bytes(data: bytes, bank: object | None) -> TableProtocol:
    """A table from `to_bytes`, with `bank` for its chips (Daifugō)."""
    table: TableProtocol = pickle.loads(data)  # our own journal (0600) and workers
    set_bank(table, bank)
    return table


def interrupt(table: TableProtocol) -> None:
    """Drop the game in progress (its fees were given back already, by another bank)."""
    if isinstance(table, MoneyTable):
        table.interrupt()


@functools.cache
def code_version(game: str) -> str:
    """A fingerprint of the game's Qt-free code (and games.common): a journal's pickled table is
    restored only by the same code (after an update the room's game is dropped and refunded)."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for folder in (root / game, root / "common"):
        for path in sorted(folder.glob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
