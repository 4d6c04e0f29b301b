"""config.toml saved during the evening: what changed, and when it can apply. No Qt.

The show (bingo.ui.configwatch) and the phones' server (bingo.web.server) both watch
config.toml and the picture folder with `Watched.changed()` (a stat poll: editors save by
writing a new file and renaming it over the old, which a watch on the file itself misses),
read the file again and ask `compare(running, saved)` what to do with it:

- LIVE settings apply at once, mid-game: colours, prizes, the title, the pictures (the folder's
  files as well as where and how many), the voice and its speed, the sound, the spin, the
  bingo alert (`apply_live`);
- NEXT_GAME settings would change the game under way (board size, numbers per column,
  threshold, free centre, cards in play, the columns' names; a column setting saved for another
  number of columns): the host is told "applies at the next game" and they apply when the next
  game starts (`apply_next_game`);
- every other setting the show reads (language, screens, where the journal is, ...) applies
  when `bingo draw` starts again, and the host is told so: nothing is ignored without a word.

A file that does not read (a typo saved mid-evening) changes nothing: the running settings stay
and the host gets the message with its line and the fix (`read_saved`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bingo.config import Config, load_config
from bingo.config_texts import say
from eventkit import config_texts
from eventkit.errors import UserError
from eventkit.tomlconf import ConfigError, mistake, speaking

# section.key of the settings that apply mid-game
LIVE = frozenset(
    {
        "event.title",
        "event.prizes",
        "event.tie_prizes",
        "columns.fill",
        "columns.outline",
        "columns.shadow",
        "columns.number_colors",
        "board.image_dir",
        "board.images_per_column",
        "display.voice",
        "display.voice_rate",
        "display.sound",
        "display.spin_seconds",
        "display.bingo_alert",
    }
)
# the settings that would change the game under way: they wait for the next game
NEXT_GAME = frozenset(
    {
        "board.size",
        "board.numbers_per_column",
        "board.threshold",
        "board.free_center",
        "event.cards_in_play",
        "columns.names",  # one per column of the board (and the pictures' names, the calls)
    }
)
# one value per column: live only while the board keeps its number of columns
PER_COLUMN = frozenset({"columns.fill", "columns.outline", "columns.shadow"})
SECTIONS = ("event", "board", "columns", "display")  # what the draw reads ([cards]: bingo cards)

NOW, NEXT, RESTART = "now", "next_game", "restart"


@dataclass(frozen=True)
class Change:
    key: str  # "columns.fill"
    old: Any
    new: Any
    when: str  # NOW, NEXT or RESTART


@dataclass(frozen=True)
class Comparison:
    changes: tuple[Change, ...]
    pictures: bool  # the picture folder's files changed (same settings or not)

    def of(self, when: str) -> list[Change]:
        return [c for c in self.changes if c.when == when]

    @property
    def live(self) -> bool:
        """Something applies now (a live setting or the pictures)."""
        return self.pictures or bool(self.of(NOW))


def settings_of(config: Config) -> dict[str, Any]:
    """The draw's settings as `section.key` -> value (the sections the show reads)."""
    out: dict[str, Any] = {}
    for section in SECTIONS:
        for f in dataclasses.fields(getattr(config, section)):
            out[f"{section}.{f.name}"] = getattr(getattr(config, section), f.name)
    return out


def when_of(key: str, running: Config | None = None, saved: Config | None = None) -> str:
    if key in LIVE and not _other_columns(key, running, saved):
        return NOW
    if key in NEXT_GAME or key in LIVE:
        return NEXT
    return RESTART


def _other_columns(key: str, running: Config | None, saved: Config | None) -> bool:
    """A per-column setting saved for another number of columns than the game has, or colour
    numbers for another board: it goes with the next game's board."""
    if running is None or saved is None:
        return False
    if key in PER_COLUMN:
        return len(settings_of(saved)[key]) != running.board.size
    if key == "columns.number_colors":
        values = saved.columns.number_colors
        board = running.board
        return bool(values) and len(values) not in (board.size, board.total_numbers)
    return False


def compare(running: Config, saved: Config, *, pictures: bool = False) -> Comparison:
    """What `saved` changes against `running`, each change with when it can apply;
    `pictures`: the picture folder's files changed (Watched said so)."""
    old, new = settings_of(running), settings_of(saved)
    changes = tuple(
        Change(key, old.get(key), new.get(key), when_of(key, running, saved))
        for key in sorted(set(old) | set(new))
        if old.get(key) != new.get(key)
    )
    return Comparison(changes, pictures)


def _replace(config: Config, saved: Config, keys: Callable[[str], bool]) -> Config:
    sections = {}
    for section in SECTIONS:
        values = {
            f.name: getattr(getattr(saved, section), f.name)
            for f in dataclasses.fields(getattr(config, section))
            if keys(f"{section}.{f.name}")
        }
        sections[section] = dataclasses.replace(getattr(config, section), **values)
    return dataclasses.replace(config, **sections)


def apply_live(running: Config, saved: Config) -> Config:
    """The running settings with the live ones of `saved` (the game under way unchanged)."""
    return _replace(running, saved, lambda key: when_of(key, running, saved) == NOW)


def apply_next_game(running: Config, saved: Config) -> Config:
    """The settings a new game starts with: the live ones and the game's own of `saved`; those
    that need a new start of `bingo draw` stay as they run."""
    return _replace(running, saved, lambda key: key in LIVE or key in NEXT_GAME)


# ---------------------------------------------------------------------- watching the files


class Watched:
    """config.toml and the picture folder, by their files' stamps (a stat poll): `changed()`
    says whether the file or the folder's pictures changed since the last call, and which."""

    def __init__(self, config_path: Path, picture_dir: Path) -> None:
        self.config_path = Path(config_path)
        self.picture_dir = Path(picture_dir)
        self._config = self._config_stamp()
        self._pictures = self._picture_stamp()

    def _config_stamp(self) -> tuple[int, int, int] | None:
        try:
            info = os.stat(self.config_path)
        except OSError:
            return None
        return (info.st_ino, info.st_size, info.st_mtime_ns)

    def _picture_stamp(self) -> frozenset[tuple[str, int, int, int]]:
        try:
            entries = list(os.scandir(self.picture_dir))
        except OSError:
            return frozenset()
        stamps = set()
        for entry in entries:
            try:
                info = entry.stat()
            except OSError:
                continue
            stamps.add((entry.name, info.st_ino, info.st_size, info.st_mtime_ns))
        return frozenset(stamps)

    def follow(self, picture_dir: Path) -> None:
        """Watch another picture folder from now on (board.image_dir changed)."""
        self.picture_dir = Path(picture_dir)
        self._pictures = self._picture_stamp()

    def changed(self) -> tuple[bool, bool]:
        """(config.toml changed, the pictures changed) since the last call."""
        config, pictures = self._config_stamp(), self._picture_stamp()
        out = (config != self._config, pictures != self._pictures)
        self._config, self._pictures = config, pictures
        return out


def read_saved(path: Path, language: str = "ja") -> tuple[Config | None, str | None]:
    """config.toml as saved: (the settings, None), or (None, the problem in one line: where it
    is and the fix, as `bingo check-config` says it), in the saved file's event.language (the
    running `language` when the file does not read at all)."""
    with speaking(language):
        try:
            return load_config(path), None
        except ConfigError as exc:
            return None, _with_line(Path(path), exc)
        except UserError as exc:
            return None, " ".join(str(exc).split())
        except OSError as exc:
            reason = exc.strerror or exc
            return None, str(mistake(config_texts.TABLES, "unreadable", path=path, reason=reason))


def _with_line(path: Path, error: ConfigError) -> str:
    """A setting's problem ("board.size = 40 is out of range: use 3..10") with the line it is
    on in the file, as a TOML mistake already says it."""
    message = " ".join(str(error).split())
    if "line" in error.params:
        return message
    head = message.split(" ", 1)[0]
    section, _, key = head.partition(".")
    if not key or not key.replace("_", "").isalnum():
        return message
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeError):
        return message
    current = ""
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            current = stripped.strip("[]").strip()
        elif current == section and stripped.split("=", 1)[0].strip() == key:
            return say("at_line", file=path.name, line=number, message=message)
    return message


def picture_version(path: Path | None, *, cache: dict[Any, str] | None = None) -> str | None:
    """A short hash of a picture's bytes, for its address on the phones (`/img/7?v=...`): a
    changed picture gets a new address, so no phone keeps the old one from its cache."""
    if path is None:
        return None
    try:
        info = os.stat(path)
    except OSError:
        return None
    key = (str(path), info.st_ino, info.st_size, info.st_mtime_ns)
    if cache is not None and key in cache:
        return cache[key]
    try:
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]
    except OSError:
        return None
    if cache is not None:
        if len(cache) > 4096:
            cache.clear()
        cache[key] = digest
    return digest


# ---------------------------------------------------------------------- what the host reads

TEXT = {
    "ja": {
        "applied": "config.toml の変更を反映しました：{keys}",
        "pictures": "絵の変更を反映しました（{folder}）",
        "next_game": "config.toml の変更 {keys} は次のゲームから反映します（R で新しいゲーム）",
        "restart": "config.toml の変更 {keys} は bingo draw を起動し直すと反映します",
        "next_game_applied": "次のゲームに config.toml の変更を反映しました：{keys}",
        "mistake": "config.toml の保存内容に誤りがあるため、今の設定のまま続けます：{problem}",
    },
    "en": {
        "applied": "config.toml changes applied: {keys}",
        "pictures": "picture changes applied ({folder})",
        "next_game": "config.toml changes {keys} apply at the next game (R starts it)",
        "restart": "config.toml changes {keys} apply when bingo draw starts again",
        "next_game_applied": "the new game uses the config.toml changes: {keys}",
        "mistake": "config.toml as saved has a mistake, the show keeps its running settings: {problem}",
    },
}


def text(language: str) -> dict[str, str]:
    return TEXT.get(language, TEXT["ja"])


def describe(comparison: Comparison, language: str, picture_dir: Path | None = None) -> list[str]:
    """The host's lines for a saved config.toml (one per kind of change)."""
    t = text(language)
    lines = []
    now = [c.key for c in comparison.of(NOW)]
    if now:
        lines.append(t["applied"].format(keys=", ".join(now)))
    if comparison.pictures and not now:
        lines.append(t["pictures"].format(folder=picture_dir or ""))
    later = comparison.of(NEXT)
    if later:
        lines.append(t["next_game"].format(keys=", ".join(_said(c) for c in later)))
    restart = comparison.of(RESTART)
    if restart:
        lines.append(t["restart"].format(keys=", ".join(_said(c) for c in restart)))
    return lines


def _said(change: Change) -> str:
    return f"{change.key} {_value(change.old)} → {_value(change.new)}"


def _value(value: Any) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)
