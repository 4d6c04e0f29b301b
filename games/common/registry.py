"""The games there are, one entry each (modelled on OpenSpiel's ``register_game``).

A game joins by one registration: its package names a `GameEntry` (``games/<game>/
registration.py``'s ``ENTRY``) in the entry-point group ``eventkit.games`` of its distribution
(pyproject.toml's ``[project.entry-points."eventkit.games"]``, beside
``eventkit.config_sections``). A game package outside this repo registers the same way, in its
own distribution's metadata. The hub, its rooms, the journal's restore, the lobby messages, the
server's page texts, the room screen and the games menu loop over `entries()` and name no game.

The entry points are read on the first lookup: this checkout's own from its pyproject.toml (the
truth for a source checkout and an editable install, whose installed metadata may be older),
then every other installed distribution's (``importlib.metadata``, in the order of their names).
A game that fails to load stops the first lookup with one line naming its entry point. No Qt.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from eventkit.errors import UserError
from games.common.money import Bank, Money
from games.common.protocol import GameInfo
from games.common.table import TableProtocol

__all__ = [
    "ENTRY_POINT_GROUP",
    "GameEntry",
    "MenuTile",
    "PhoneRooms",
    "RegistryError",
    "RoomPlan",
    "TableSettings",
    "declared",
    "entries",
    "entry",
    "load_entry",
    "menu_entries",
    "names",
    "register",
    "settings_as",
    "unless_default",
]

ENTRY_POINT_GROUP = "eventkit.games"
DISTRIBUTION = "puyo-event-toolkit"  # this checkout's distribution (pyproject's [project] name)
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


def _no_rules_label(rules: str | None, language: str) -> tuple[str, str] | None:
    return None


@dataclass(frozen=True)
class MenuTile:
    """A game's button in the games menu (games/menu.py paints it; no Qt here).

    ``lines``: what the game is, in a line, per language ("ja", "en"). ``cards``: the cards the
    tile fans out, as their text (games.common.cards.parse_card reads it), or as the game's own
    values when ``paint_card(painter, rect, card)`` paints them (COOL 24+24's cards); ``rank``:
    the menu's order (lower first; then the registration order).
    """

    lines: Mapping[str, str]
    cards: tuple[object, ...] = ()
    paint_card: Callable[[Any, Any, object], None] | None = None
    rank: int = 100

    def line(self, language: str) -> str:
        return self.lines.get(language) or self.lines.get("en") or self.lines.get("ja", "")


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
    seat (a balance below it is topped up at the deal). ``rule_sets``: the rule sets (as
    config.toml names them) the host may choose for a room between games (empty: the room plays
    its configured rules); ``rules_label(rules, language)``: a rule set's name and its rules in
    a line (("ルール2", "革命・8切り・…")) for the lobby, the room and the rules panel (None:
    the game does not name its rules). ``room_label(stake, number, language)``: a room's name
    in the lobby (`number`: 1, 2, ... among this game's rooms). ``page_texts(language)``: the
    phone page's words for the game (``window.GAME_TEXTS[name]``). ``screen_summary``: the
    room screen's lines for a public table message (message, view, names, label, language).
    ``new_cpu(level, seed)``: a CPU player for one seat, for callers outside a table.
    ``event_texts(applied, language)``: what an action set off that the table announces.
    ``high_score(returns)``: each seat's score for the evening's high-score board from a
    finished game's returns (None: the game keeps no board; COOL 24+24: the score).
    ``rooms``: how [games_web] opens the game's rooms (None: `games serve` opens none).
    ``phone_script``: the game's phone renderer (a JavaScript file in its own package, e.g.
    ``games/<game>/web/<game>.js``; the server serves it as ``/static/<game>.js`` and the page
    loads it after app.js: it sets ``window.GAME_RENDERERS[name]``); ``phone_style``: its own
    style sheet beside it (``/static/<game>.css``, after app.css; None: app.css's alone).
    ``app``: the module whose ``main(argv) -> int`` opens the game's own window (``games
    <name>``; None: the game has none). ``menu``: its tile in the games menu (None: not there).
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
    rule_sets: tuple[str, ...] = ()
    rules_label: Callable[[str | None, str], tuple[str, str] | None] = _no_rules_label
    new_cpu: Callable[[str, int | None], object] | None = None
    event_texts: Callable[[object, str], list[str]] = _no_events
    high_score: Callable[[Sequence[float]], Sequence[int]] | None = None
    rooms: PhoneRooms | None = None
    phone_script: Path | None = None
    phone_style: Path | None = None
    app: str | None = None
    menu: MenuTile | None = None

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def money(self) -> bool:
        """Its tables keep chips."""
        return self.chips is not None

    def label(self, language: str) -> str:
        return self.labels.get(language) or self.labels["ja"]


class RegistryError(UserError):
    """A registered game that cannot be loaded (its one line names the entry point)."""


_ENTRIES: dict[str, GameEntry] = {}
_loaded = False


def register(game: GameEntry) -> None:
    """Add a game by hand (a script or a test of its own; the entry points are the way a game
    joins: see the module's docstring). Again with the same name: the entry replaces."""
    _load()
    _ENTRIES[game.name] = game


def _own_pyproject() -> Path | None:
    """This checkout's pyproject.toml, when the packages are run from their source folder."""
    path = Path(__file__).resolve().parent.parent.parent / "pyproject.toml"
    return path if path.is_file() else None


def declared() -> list[tuple[str, str, str]]:
    """Every registered game's entry point: (distribution, name, "module:attribute"), this
    checkout's first (in its pyproject's order), then the other distributions' by name."""
    found: list[tuple[str, str, str]] = []
    own = _own_pyproject()
    if own is not None:
        try:
            project = tomllib.loads(own.read_text(encoding="utf-8"))["project"]
        except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
            raise RegistryError(f"{own}: cannot read its [project] table ({exc})") from None
        if project.get("name") != DISTRIBUTION:
            own = None  # a pyproject of something else beside the packages
        else:
            group = project.get("entry-points", {}).get(ENTRY_POINT_GROUP, {})
            found += [(DISTRIBUTION, name, target) for name, target in group.items()]
    others: list[tuple[str, str, str]] = []
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        dist = ep.dist.name if ep.dist is not None else ""
        if own is not None and dist == DISTRIBUTION:
            continue  # read from the checkout's pyproject above
        others.append((dist, ep.name, ep.value))
    seen: set[tuple[str, str, str]] = set()
    for item in sorted(others, key=lambda item: item[0]):
        if item not in seen:  # a distribution on sys.path twice lists its entry points twice
            seen.add(item)
            found.append(item)
    return found


def load_entry(target: str) -> GameEntry:
    """The `GameEntry` an entry point's "module:attribute" names (the attribute may also be a
    function without arguments returning it)."""
    module_name, _, attribute = target.partition(":")
    value: object = importlib.import_module(module_name)
    for part in attribute.split(".") if attribute else ["ENTRY"]:
        value = getattr(value, part)
    if not isinstance(value, GameEntry) and callable(value):
        value = value()
    if not isinstance(value, GameEntry):
        raise TypeError(f"{target} is a {type(value).__name__}, not a GameEntry")
    return value


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for dist, name, target in declared():
        try:
            game = load_entry(target)
        except Exception as exc:  # any failure of a game's own code: one line naming it
            raise RegistryError(
                f"game {name!r} ({ENTRY_POINT_GROUP} entry point {target!r} of {dist or '?'}) "
                f"cannot load: {type(exc).__name__}: {exc} (fix or uninstall that package)"
            ) from exc
        if game.name != name:
            raise RegistryError(
                f"the {ENTRY_POINT_GROUP} entry point {name!r} ({target}) gives the game "
                f"{game.name!r}: name the entry point as the game"
            )
        _ENTRIES.setdefault(game.name, game)  # the first of two with one name wins


def entries() -> tuple[GameEntry, ...]:
    """Every registered game, in registration order."""
    _load()
    return tuple(_ENTRIES.values())


def names() -> tuple[str, ...]:
    return tuple(e.name for e in entries())


def menu_entries() -> tuple[GameEntry, ...]:
    """The games with a tile in the games menu, in the menu's order."""
    shown = [e for e in entries() if e.menu is not None]
    return tuple(sorted(shown, key=lambda e: e.menu.rank if e.menu is not None else 0))


def entry(name: str) -> GameEntry:
    """The game called `name`; a KeyError naming the games there are."""
    _load()
    try:
        return _ENTRIES[name]
    except KeyError:
        raise KeyError(f"no game {name!r}: use one of {', '.join(_ENTRIES)}") from None
