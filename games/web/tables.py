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
import pickle
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from games.common import registry
from games.common.money import Bank
from games.common.registry import TableSettings
from games.common.table import MoneyTable, SharedTable, TableProtocol


@dataclass(frozen=True)
class RoomSpec:
    """One room of the evening, as configured.

    ``game``: a registered game's name (games.common.registry). ``seats``: in its GameInfo's range.
    ``stake``: for a game with money, one of its entry's ``stakes`` (Daifugō: "beginner" 初級
    100, "intermediate" 中級 1,000, "advanced" 上級 10,000); None otherwise. ``cpu_level``: the
    level of the CPUs in the empty seats ("easy", "normal", "strong"). ``rules``: the game's
    rules as config.toml names them (its entry's ``check_room`` says which), None for the
    game's default. ``settings``: the game's whole config section, so a room plays as the Qt
    game is configured; None: the defaults. The room's seats and CPU level win over the
    section's players and cpu_level.
    """

    id: str
    game: str
    seats: int
    stake: str | None = None
    cpu_level: str = "normal"
    rules: str | None = None
    settings: object | None = None

    def check(self) -> None:
        """A clear ValueError for a room the configuration got wrong."""
        if self.game not in registry.names():
            raise ValueError(
                f"room {self.id}: game {self.game!r}: use one of {', '.join(registry.names())}"
            )
        game = registry.entry(self.game)
        low, high = game.info.min_players, game.info.max_players
        if not low <= self.seats <= high:
            raise ValueError(f"room {self.id}: {self.seats} seats: {self.game} has {low}-{high}")
        try:
            game.check_room(self.stake, self.rules)
        except ValueError as exc:
            raise ValueError(f"room {self.id}: {exc}") from None

    def as_record(self) -> dict[str, object]:
        """The room as the journal keeps it (a room whose record changed starts afresh)."""
        record: dict[str, object] = {
            "id": self.id,
            "game": self.game,
            "seats": self.seats,
            "stake": self.stake,
            "cpu_level": self.cpu_level,
            "rules": self.rules,
        }
        settings = self.settings
        if settings is not None:  # absent by default: older journals' rooms still match
            assert dataclasses.is_dataclass(settings) and not isinstance(settings, type)
            record["settings"] = dataclasses.asdict(settings)
        return record


def new_table(
    spec: RoomSpec,
    *,
    names: Sequence[str],
    seed: int | None,
    language: str,
    cpu_level: str,
    bank: Bank | None = None,
) -> TableProtocol:
    """A table for `spec` with nobody seated yet (the hub seats people before each game)."""
    settings = TableSettings(
        players=spec.seats,
        seed=seed,
        language=language,
        cpu_levels=(cpu_level,),
        rules=spec.rules or None,
        settings=spec.settings,
        names=tuple(names),
        stake=spec.stake,
        bank=bank,
    )
    return registry.entry(spec.game).new_table(settings)


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
    if accounts is not None and isinstance(table, MoneyTable):
        table.set_accounts(accounts)


def set_cpu_level(table: TableProtocol, level: str) -> None:
    """The level of the CPUs from the next game on (between games)."""
    _shared(table).set_cpu_level(level)


def set_rules(table: TableProtocol, rules: str | None) -> None:
    """The rule set (as config.toml names it; None: the game's default) from the next game on
    (between games): a table's optional ``set_rules`` (Daifugō's)."""
    change = getattr(table, "set_rules", None)
    if not callable(change):
        raise TypeError(f"{game_of(table)}'s table has one set of rules")
    change(rules)


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


def event_texts(table: TableProtocol, result: object, language: str) -> list[str]:
    """What an action set off that the table announces (Daifugō's 8切り, 革命, 都落ち...)."""
    return registry.entry(game_of(table)).event_texts(result, language)


def public_text(table: TableProtocol, result: object, action_text: str) -> str | None:
    """The action's text as the others at the table see it, None when it is secret (the
    game's own answer: GameEntry.public_text)."""
    return registry.entry(game_of(table)).public_text(result, action_text, None)


def cpu_choice_for(table: TableProtocol, seat: int) -> str:
    """The text of the action `seat`'s CPU takes now (a CPU's seat, or a person's whose turn
    timer ran out): the table's `cpu_choice_at`, on a clone; the table is as before."""
    try:
        return str(table.cpu_choice_at(seat))
    except ValueError as exc:
        raise RuntimeError(str(exc)) from None


def forced_action(table: TableProtocol, seat: int) -> str | None:
    """The text of the one action a person at `seat` has no choice about now, which the hub
    takes at once (a table's optional ``forced_action``: Daifugō's card passing of the one
    strongest card), None otherwise."""
    forced = getattr(table, "forced_action", None)
    action = forced(seat) if callable(forced) else None
    return None if action is None else str(action)


def choosers(table: TableProtocol) -> tuple[int, ...]:
    """The seats that may act now, each on its own turn timer: a table's optional
    ``choosers`` (Daifugō's card passing: the 大富豪 and the 富豪 choose at the same time),
    else the one seat to move (none between rounds or games)."""
    if not table.in_game:
        return ()
    several = getattr(table, "choosers", None)
    if several is not None:
        return tuple(several)
    seat = table.to_move
    return () if seat is None else (seat,)


def bank_of(table: TableProtocol) -> object | None:
    """The table's chip bank (a table with money), None otherwise."""
    return table.bank if isinstance(table, MoneyTable) else None


def set_bank(table: TableProtocol, bank: Bank | None) -> None:
    if isinstance(table, MoneyTable):
        table.bank = bank


def open_game_of(table: TableProtocol) -> str | None:
    """The chip bank's id of the game whose fees are in (Daifugō), None otherwise."""
    return table.open_game if isinstance(table, MoneyTable) else None


def to_bytes(table: TableProtocol) -> bytes:
    """The table pickled without its chip bank (the journal's snapshot, a worker's copy)."""
    bank = bank_of(table)
    if bank is None:
        return pickle.dumps(table, protocol=pickle.HIGHEST_PROTOCOL)
    shallow = copy.copy(table)
    set_bank(shallow, None)
    return pickle.dumps(shallow, protocol=pickle.HIGHEST_PROTOCOL)


def from_bytes(data: bytes, bank: Bank | None) -> TableProtocol:
    """A table from `to_bytes`, with `bank` for its chips (a table with money)."""
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
    module = sys.modules[registry.entry(game).engine.__module__]
    assert module.__file__ is not None
    own = Path(module.__file__).resolve().parent  # the game's package, wherever it is installed
    digest = hashlib.sha256()
    for folder in (own, Path(__file__).resolve().parent.parent / "common"):
        for path in sorted(folder.glob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
