"""The games the phone hub offers, one entry each (modelled on OpenSpiel's ``register_game``).

This is the one place a game joins the phone hub: a game's package registers one `GameEntry`
(``games/<game>/registration.py``), and the hub, its rooms, the journal's restore, the lobby
messages, the server's page texts and the room screen loop over `entries()` and name no game.
The modules in `_MODULES` are imported on the first lookup (an explicit list: nothing depends
on import order, and a typo fails loudly at the first lookup). No Qt here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from games.common.money import Bank, Money
from games.common.protocol import GameInfo
from games.common.table import TableProtocol

__all__ = [
    "GameEntry",
    "PhoneRooms",
    "RoomPlan",
    "TableSettings",
    "entries",
    "entry",
    "names",
    "register",
    "settings_as",
    "unless_default",
]

_MODULES = (
    "games.daifugo.registration",
    "games.schwimmen.registration",
    "games.cool24.registration",
)
T = TypeVar("T")


@dataclass(frozen=True)
class TableSettings:
    """A room's table, in the one vocabulary every game's table factory takes.

    ``cpu_levels``: per seat ("easy", "normal", "strong"; one value: every seat). ``rules``: the
    game's rules as config.toml names them (None: the game's default). ``settings``: the game's
    whole config section (None: its defaults). ``names``: the seats' names. ``stake`` and
    ``bank``: a game with money only (the room's stake key, its chip bank).
    """

    players: int
    people: frozenset[int] = frozenset()
    seed: int | None = None
    language: str = "ja"
    cpu_levels: Sequence[str] = ("normal",)
    rules: str | None = None
    settings: object | None = None
    names: Sequence[str] = ()
    stake: str | None = None
    bank: Bank | None = None


@dataclass(frozen=True)
class RoomPlan:
    """One room a game's keys in [games_web] open (games.web.settings adds the game's name
    and the CPUs' level). ``id``: the room's id (unique among the evening's rooms). ``seats``:
    in the game's seat range. ``stake``, ``rules``, ``settings``: as `TableSettings` takes them
    (None: the game's defaults)."""

    id: str
    seats: int
    stake: str | None = None
    rules: str | None = None
    settings: object | None = None


@dataclass(frozen=True)
class PhoneRooms:
    """How `games serve` opens a game's rooms from config.toml, so games.web.settings and
    games.web.command name no game.

    ``keys``: the game's keys in [games_web]. ``parse(section, table)``: those keys of the
    [games_web] `table`, checked with eventkit.tomlconf's helpers (a ConfigError naming the key;
    under ``bingo check-config`` the problem is reported and the default kept); the game's own
    value, which only ``plans`` reads. ``plans(parsed, rules)``: the rooms it opens, in order;
    `rules`: the game's own section parsed by ``parse_rules`` (None: its defaults).
    ``none``: how the keys say "no rooms" (``"daifugo_rooms = []"``) and ``example``: a key
    that opens one, for the message when no game opens a room. ``rules_section``: the game's
    own config.toml section the rooms play as the Qt game does (None: the game's defaults).
    """

    keys: tuple[str, ...]
    parse: Callable[[str, dict[str, Any]], object]
    plans: Callable[[object, object | None], Sequence[RoomPlan]]
    none: str
    example: str = ""
    rules_section: str | None = None
    parse_rules: Callable[[dict[str, Any]], object] | None = None


def settings_as(settings: object | None, kind: type[T]) -> T | None:
    """A room's `TableSettings.settings` as the game's own section type (None: its
    defaults); a TypeError for another game's."""
    if settings is not None and not isinstance(settings, kind):
        raise TypeError(f"{kind.__name__} expected, not {type(settings).__name__}")
    return settings


def unless_default(value: T, default: T) -> T | None:
    """None for a game's default rules or settings: the room's journal record stays as before
    (a journal written by an older `games serve` keeps its rooms)."""
    return None if value == default else value


def _no_check(stake: str | None, rules: str | None) -> None:
    return None


def _no_events(applied: object, language: str) -> list[str]:
    return []


def _no_stake(stake: str | None) -> int | None:
    return None


def _no_fee(stake: str | None) -> int:
    return 0


@dataclass(frozen=True)
class GameEntry:
    """What the hub needs of one game.

    ``labels``: the game's name per language ("ja", "en"). ``chips``: its money, for a game
    whose tables keep chips (a bank per room, fees, balances; games.common.money), else None
    (``money`` says which); ``stakes``: then the stakes its rooms may play for (config.toml's
    keys). ``engine``: the engine class (GameProtocol).
    ``new_table``: a table with nobody seated for a room. ``public_text(applied, text, seat)``:
    the text of an applied action that `seat` (None: anyone not part of it) may see, None when
    it is secret (Daifugō's card passing). ``check_room(stake, rules)``: a ValueError naming what
    a configured room got wrong. ``stake_of(stake)``: the chips a room's stake costs (the
    lobby's line), None without money; ``largest_fee(stake)``: the most a game of it may cost a
    seat (a balance below it is topped up at the deal). ``room_label(stake, number, language)``: a room's name
    in the lobby (`number`: 1, 2, ... among this game's rooms). ``page_texts(language)``: the
    phone page's words for the game (``window.GAME_TEXTS[name]``). ``screen_summary``: the
    room screen's lines for a public table message (message, view, names, label, language).
    ``new_cpu(level, seed)``: a CPU player for one seat, for callers outside a table.
    ``event_texts(applied, language)``: what an action set off that the table announces.
    ``high_score(returns)``: each seat's score for the evening's high-score board from a
    finished game's returns (None: the game keeps no board; COOL 24+24: the score).
    ``rooms``: how [games_web] opens the game's rooms (None: `games serve` opens none).
    """

    info: GameInfo
    labels: Mapping[str, str]
    engine: type
    new_table: Callable[[TableSettings], TableProtocol]
    public_text: Callable[[object, str, int | None], str | None]
    room_label: Callable[[str | None, int, str], str]
    page_texts: Callable[[str], Mapping[str, object]]
    screen_summary: Callable[..., Any] | None = None
    chips: Money | None = None
    stakes: tuple[str, ...] = ()
    check_room: Callable[[str | None, str | None], None] = _no_check
    stake_of: Callable[[str | None], int | None] = _no_stake
    largest_fee: Callable[[str | None], int] = _no_fee
    new_cpu: Callable[[str, int | None], object] | None = None
    event_texts: Callable[[object, str], list[str]] = _no_events
    high_score: Callable[[Sequence[float]], Sequence[int]] | None = None
    rooms: PhoneRooms | None = None

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def money(self) -> bool:
        """Its tables keep chips."""
        return self.chips is not None

    def label(self, language: str) -> str:
        return self.labels.get(language) or self.labels["ja"]


_ENTRIES: dict[str, GameEntry] = {}
_loaded = False


def register(game: GameEntry) -> None:
    """Add a game (its registration module calls this once; again: the same entry replaces)."""
    _ENTRIES[game.name] = game


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in _MODULES:
            importlib.import_module(module)


def entries() -> tuple[GameEntry, ...]:
    """Every registered game, in registration order."""
    _load()
    return tuple(_ENTRIES.values())


def names() -> tuple[str, ...]:
    return tuple(e.name for e in entries())


def entry(name: str) -> GameEntry:
    """The game called `name`; a KeyError naming the games there are."""
    _load()
    try:
        return _ENTRIES[name]
    except KeyError:
        raise KeyError(f"no game {name!r}: use one of {', '.join(_ENTRIES)}") from None
