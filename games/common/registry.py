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
from typing import Any

from games.common.protocol import GameInfo
from games.common.table import TableProtocol

__all__ = ["GameEntry", "TableSettings", "entries", "entry", "names", "register"]

_MODULES = (
    "games.daifugo.registration",
    "games.schwimmen.registration",
    "games.cool24.registration",
)


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
    settings: Any = None
    names: Sequence[str] = ()
    stake: str | None = None
    bank: object | None = None


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

    ``labels``: the game's name per language ("ja", "en"). ``money``: whether its tables keep
    chips (a bank per room, fees, balances); ``stakes``: then the stakes its rooms may
    play for (config.toml's keys). ``engine``: the engine class (GameProtocol).
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
    """

    info: GameInfo
    labels: Mapping[str, str]
    engine: type
    new_table: Callable[[TableSettings], TableProtocol]
    public_text: Callable[[object, str, int | None], str | None]
    room_label: Callable[[str | None, int, str], str]
    page_texts: Callable[[str], Mapping[str, object]]
    screen_summary: Callable[..., Any] | None = None
    money: bool = False
    stakes: tuple[str, ...] = ()
    check_room: Callable[[str | None, str | None], None] = _no_check
    stake_of: Callable[[str | None], int | None] = _no_stake
    largest_fee: Callable[[str | None], int] = _no_fee
    new_cpu: Callable[[str, int | None], object] | None = None
    event_texts: Callable[[object, str], list[str]] = _no_events
    high_score: Callable[[Sequence[float]], Sequence[int]] | None = None

    @property
    def name(self) -> str:
        return self.info.name

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
