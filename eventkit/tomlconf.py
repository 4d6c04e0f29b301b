"""Reading config.toml: one-line errors, checked values, and a registry of section checkers.

Every mistake a person can make in the file is a `ConfigError` whose one-line message names the
key, the value and what is allowed. Each part of the toolkit checks its own sections: `bingo`
its [event]/[board]/..., every game its own table. A game declares its checker as an entry point
in pyproject.toml (group `eventkit.config_sections`: section name = "module:function"), so
`bingo check-config` can check the whole file without knowing the games.

`collecting_problems()` turns "stop at the first mistake" into "report every mistake": inside
it the value helpers record the problem and carry on with the default.

Every message speaks the config's language (event.language, Japanese by default): reading a
file learns it leniently (`lenient_language`: a mistake elsewhere in the file, or in
event.language itself, does not hide it), and from then on `mistake(tables, key, ...)` says a
ConfigError in it; `speaking(language)` sets it for a block (a file that cannot be read at all,
or a show running in English reading its file again). The texts: eventkit.config_texts, and
each package's own tables beside its sections. A command's own refusals (a bad option, cards
that would not print, a picture that does not read) follow the same language: `refused(tables,
key, kind, ...)` makes a UserError of a table's entry labelled エラー / error, `phrase` says a
part of one.
"""

from __future__ import annotations

import functools
import importlib
import os
import re
import sys
import tomllib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from eventkit.config_texts import TABLES
from eventkit.errors import UserError
from eventkit.i18n import DEFAULT_LANGUAGE, Texts

DEFAULT_CONFIG_PATH = Path("config.toml")
LANGUAGES = ("ja", "en")
ENTRY_POINT_GROUP = "eventkit.config_sections"
DISTRIBUTION = "puyo-event-toolkit"

_COLOUR_RE = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_SEED_RE = re.compile(r"-?[0-9]+")
# Control characters (a value may hold a newline) are shown escaped: a message is one line.
_ESCAPES = {c: repr(chr(c))[1:-1] for c in (*range(0x20), 0x7F, 0x85, 0x2028, 0x2029)}


# The language config messages are said in: the last config file read (in this context), or
# the one `speaking` sets for a block; Japanese before any.
_LANGUAGE: ContextVar[str] = ContextVar("eventkit_config_language", default=DEFAULT_LANGUAGE)


def config_language() -> str:
    """The language config messages are said in now ("ja" or "en")."""
    return _LANGUAGE.get()


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Say config messages in `language` inside the block (a file read inside it sets its own
    language until the block ends)."""
    token = _LANGUAGE.set(language if language in LANGUAGES else DEFAULT_LANGUAGE)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


class ConfigError(UserError):
    """A problem in config.toml that the user can fix; the one-line message says how, in the
    config's language (made by `mistake`: `code` is its table key, `params` its fields).
    `label` is the word printed before it (設定エラー / config error)."""

    def __init__(
        self, message: str, *, code: str = "", params: Mapping[str, object] | None = None
    ) -> None:
        super().__init__(str(message).translate(_ESCAPES))
        self.code = code
        self.params: Mapping[str, object] = dict(params or {})
        self.label = Texts(TABLES, config_language())("label")


def mistake(
    tables: Mapping[str, Mapping[str, Any]], entry: str, /, **params: object
) -> ConfigError:
    """A ConfigError saying `tables[language][entry]` (formatted with `params`) in the config's
    language."""
    message = str(Texts(tables, config_language())[entry]).format(**params)
    return ConfigError(message, code=entry, params=params)


E = TypeVar("E", bound=UserError)


def refused(
    tables: Mapping[str, Mapping[str, Any]],
    entry: str,
    kind: type[E] = UserError,  # type: ignore[assignment]
    /,
    **params: object,
) -> E:
    """A command's refusal (a `kind` of UserError: a bad option, a layout that cannot print,
    a picture that does not read) saying `tables[language][entry]` in the config's language,
    labelled in it too (エラー / error)."""
    error = kind(str(Texts(tables, config_language())[entry]).format(**params))
    error.label = said("refusal_label")
    return error


def phrase(tables: Mapping[str, Mapping[str, Any]], entry: str, /, **params: object) -> str:
    """`tables[language][entry]` (formatted with `params`) in the config's language: a part
    of a refusal or a mistake (its remedy, what it names)."""
    return str(Texts(tables, config_language())[entry]).format(**params)


def said(entry: str, /, **params: object) -> str:
    """One of eventkit.config_texts' entries in the config's language."""
    return str(Texts(TABLES, config_language())[entry]).format(**params)


# ---------------------------------------------------------------- reading the file


def read_toml(path: str | Path) -> dict[str, Any]:
    """The parsed file; a UTF-8 byte-order mark (Windows Notepad writes one) is accepted.

    The file's event.language (read leniently) is the language of the config messages from
    then on; a file that cannot be read is told in the language already in use (Japanese in
    a command that has read no file yet)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise mistake(TABLES, "not_found", path=path) from None
    except IsADirectoryError:
        raise mistake(TABLES, "is_folder", path=path) from None
    except UnicodeDecodeError as exc:
        raise mistake(TABLES, "not_utf8", path=path, reason=exc.reason, start=exc.start) from None
    except OSError as exc:
        raise mistake(TABLES, "unreadable", path=path, reason=exc.strerror or exc) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _syntax_error(path, str(exc)) from None
    except RecursionError:
        raise mistake(TABLES, "too_deep", path=path) from None
    _LANGUAGE.set(lenient_language(data))
    return data


_AT_LINE = re.compile(r"^(?P<detail>.*) \(at line (?P<line>[0-9]+), column (?P<column>[0-9]+)\)$")
_AT_END = re.compile(r"^(?P<detail>.*) \(at end of document\)$")


def _syntax_error(path: Path, message: str) -> ConfigError:
    """tomllib's message ("Invalid value (at line 3, column 7)") with its line and column."""
    if m := _AT_LINE.match(message):
        line, column = int(m["line"]), int(m["column"])
        return mistake(
            TABLES, "toml_syntax", path=path, detail=m["detail"], line=line, column=column
        )
    if m := _AT_END.match(message):
        return mistake(TABLES, "toml_syntax_end", path=path, detail=m["detail"])
    return mistake(TABLES, "toml_syntax_plain", path=path, detail=message)


def lenient_language(data: Mapping[str, Any]) -> str:
    """event.language of a parsed file, never a mistake: "ja" unless it says "en" (a broken
    [event] or event.language is Japanese, the default, and is reported where it is read)."""
    event = data.get("event")
    language = event.get("language") if isinstance(event, dict) else None
    return language if isinstance(language, str) and language in LANGUAGES else DEFAULT_LANGUAGE


def language_of(data: dict[str, Any]) -> str:
    """event.language of a parsed file ("ja" or "en"): the one language of every screen."""
    event = data.get("event", {})
    if not isinstance(event, dict):
        raise mistake(TABLES, "not_section", name="event")
    language: str = get_value("event", event, "language", str, "ja")
    if language not in LANGUAGES:
        return report(mistake(TABLES, "language", value=show(language)), "ja")
    return language


# ---------------------------------------------------------------- one problem or all of them

_PROBLEMS: ContextVar[list[str] | None] = ContextVar("eventkit_config_problems", default=None)


@contextmanager
def collecting_problems() -> Iterator[list[str]]:
    """Inside this block a bad value is recorded in the yielded list and its default is used,
    instead of raising, so one run can report every problem in the file."""
    problems: list[str] = []
    token = _PROBLEMS.set(problems)
    try:
        yield problems
    finally:
        _PROBLEMS.reset(token)


T = TypeVar("T")


def report(error: ConfigError, default: T) -> T:
    """Raise `error`; or, while collecting problems, record it and return `default`."""
    problems = _PROBLEMS.get()
    if problems is None:
        raise error
    problems.append(str(error))
    return default


def guarded(check: Callable[[], Any], default: Any = None) -> Any:
    """`check()`, whose first ConfigError is reported (see `report`) with `default` as result."""
    try:
        return check()
    except ConfigError as exc:
        return report(exc, default)


# ---------------------------------------------------------------- value helpers


def resolve_path(section: str, key: str, text: str, base_dir: Path) -> Path:
    """A path written in the file, relative to the file's folder. A NUL character (no path can
    hold one; `"\\u0000"` in TOML) is a ConfigError, not Python's ValueError."""
    if "\0" in text:
        raise mistake(TABLES, "nul_path", section=section, key=key, value=show(text))
    return (base_dir / text).resolve()


def show(value: Any, limit: int = 80) -> str:
    """A value as it would be written in the file (strings in double quotes), cut to `limit`."""
    text = _show(value, depth=4)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _show(value: Any, depth: int) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list | dict) and depth == 0:
        return "..."
    if isinstance(value, list):
        more = [", ..."] if len(value) > 20 else []
        return "[" + ", ".join([*(_show(v, depth - 1) for v in value[:20]), *more]) + "]"
    if isinstance(value, dict):
        items = list(value.items())[:20]
        return "{" + ", ".join(f"{k} = {_show(v, depth - 1)}" for k, v in items) + "}"
    return str(value)


def check_keys(section: str, table: dict[str, Any], allowed: set[str] | list[str]) -> None:
    """Every key of `table` must be one of `allowed` (each unknown key is one problem)."""
    for key in table:
        if key not in allowed:
            choices = ", ".join(sorted(allowed))
            report(mistake(TABLES, "unknown_key", section=section, key=key, choices=choices), None)


def get_value(
    section: str, table: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any
) -> Any:
    """table[key] checked against `kind` (int also accepted where float is wanted)."""
    if key not in table:
        return default
    value = table[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if float in kinds and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if isinstance(value, bool) and bool not in kinds:
        ok = False
    else:
        ok = isinstance(value, kinds)
    if ok and isinstance(value, float) and value != value:
        ok = False  # nan is never a setting
    if not ok:
        wanted = said("or").join(_type_name(k) for k in kinds)
        return report(
            mistake(
                TABLES, "wrong_type", section=section, key=key, value=show(value), wanted=wanted
            ),
            default,
        )
    return value


def get_int_in(
    section: str, table: dict[str, Any], key: str, default: int, low: int, high: int
) -> int:
    value: int = get_value(section, table, key, int, default)
    if not low <= value <= high:
        return report(
            mistake(
                TABLES, "out_of_range", section=section, key=key, value=value, low=low, high=high
            ),
            default,
        )
    return value


def get_list(
    section: str, table: dict[str, Any], key: str, item_kind: type, default: tuple[Any, ...]
) -> tuple[Any, ...]:
    if key not in table:
        return default
    value = table[key]
    if not isinstance(value, list) or not all(
        isinstance(v, item_kind) and not (isinstance(v, bool) and item_kind is not bool)
        for v in value
    ):
        kinds = _type_name(item_kind, "types")
        example = _example(item_kind)
        return report(
            mistake(
                TABLES,
                "not_list",
                section=section,
                key=key,
                value=show(value),
                kinds=kinds,
                example=example,
            ),
            default,
        )
    return tuple(value)


def get_seed(section: str, table: dict[str, Any], key: str = "seed") -> int | None:
    """A seed written as a whole number or as text of ASCII digits; "" (or absent) is None."""
    value: int | str = get_value(section, table, key, (int, str), "")
    if not isinstance(value, str):
        return value
    if value.strip() == "":
        return None
    if not _SEED_RE.fullmatch(value.strip()):
        return report(mistake(TABLES, "seed", section=section, key=key, value=show(value)), None)
    return int(value)


def check_colour(where: str, value: str) -> str:
    if not isinstance(value, str) or not _COLOUR_RE.match(value):
        return report(mistake(TABLES, "colour", where=where, value=show(value)), value)
    return value


def _type_name(kind: type, prefix: str = "type") -> str:
    """The kind of value in the config's language ("a whole number" / "整数")."""
    if kind in (int, float, str, bool):
        return said(f"{prefix}_{kind.__name__}")
    return kind.__name__


def _example(kind: type) -> str:
    return {int: "1", float: "1.0", str: '"A"', bool: "true"}.get(kind, "...")


# ---------------------------------------------------------------- the registry of sections

SectionChecker = Callable[[dict[str, Any], Path], object]
_CHECKERS: dict[str, SectionChecker] = {}


def register_section(name: str, checker: SectionChecker) -> None:
    """Check section [name] with `checker(table, base_dir)`, which raises ConfigError."""
    _CHECKERS[name] = checker


def declared_sections() -> dict[str, str]:
    """Section name -> "module:function" of every declared checker, without importing them.

    From the installed package's entry points; in a source checkout that is not installed,
    from the same table in pyproject.toml beside the packages.
    """
    return dict(_declared())


@functools.cache
def _declared() -> tuple[tuple[str, str], ...]:
    installed = installed_entry_points(ENTRY_POINT_GROUP)
    if installed is None:  # a path only importlib.metadata reads
        return _declared_by_metadata()
    names, pairs = installed
    if _normalized(DISTRIBUTION) not in names:
        return _declared_in_pyproject()
    return pairs


def _declared_by_metadata() -> tuple[tuple[str, str], ...]:
    import importlib.metadata

    try:
        importlib.metadata.distribution(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return _declared_in_pyproject()
    return tuple(
        (ep.name, ep.value) for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)
    )


def _declared_in_pyproject() -> tuple[tuple[str, str], ...]:
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return ()
    return tuple(project.get("entry-points", {}).get(ENTRY_POINT_GROUP, {}).items())


_INFO_ENDINGS = (".dist-info", ".egg-info")


def _normalized(name: str) -> str:
    """A distribution's name as importlib.metadata compares them."""
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_")


def installed_entry_points(
    group: str,
) -> tuple[set[str], tuple[tuple[str, str], ...]] | None:
    """(the installed distributions' names, normalized; `group`'s entry points as (name,
    value)), read as importlib.metadata.entry_points reads them: the distributions' folders on
    sys.path in order, the first of a name winning, each one's entry_points.txt. Without
    importing importlib.metadata, which brings the email package: about 30 ms of `bingo draw`'s
    start, which reads the declared sections with its config. None when sys.path or
    sys.meta_path holds what only importlib.metadata reads (a zip or an egg on the path, a
    finder of distributions of its own, a line it would refuse): ask it then."""
    from importlib.machinery import PathFinder

    if any(
        hasattr(finder, "find_distributions") and finder is not PathFinder
        for finder in sys.meta_path
    ):
        return None
    names: set[str] = set()
    pairs: list[tuple[str, str]] = []
    for entry in sys.path:
        root = os.fspath(entry) or "."
        try:
            children = os.listdir(root)
        except NotADirectoryError:
            return None  # a zip on the path
        except OSError:
            continue  # a folder that is not there (python311.zip, a path hook's name)
        if os.path.basename(root).lower().endswith(".egg"):
            return None
        for child in children:
            if not child.lower().endswith(_INFO_ENDINGS):
                continue
            if not child.endswith(_INFO_ENDINGS):
                return None  # "X.DIST-INFO": importlib.metadata names it from its METADATA
            name = _normalized(child.rpartition(".")[0].partition("-")[0])
            if name in names:
                continue  # an earlier folder on sys.path holds this distribution
            names.add(name)
            found = _entry_points_in(os.path.join(root, child, "entry_points.txt"), group)
            if found is None:
                return None
            pairs += found
    return names, tuple(pairs)


def _entry_points_in(path: str, group: str) -> list[tuple[str, str]] | None:
    """`group`'s (name, value) pairs in an entry_points.txt ([] without the file; None for a
    line importlib.metadata would refuse)."""
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError):
        return []
    section = None
    pairs = []
    for line in map(str.strip, text.splitlines()):
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
            continue
        if section is None:
            continue
        name, equals, value = line.partition("=")
        if not equals:
            return None
        if section == group:
            pairs.append((name.strip(), value.strip()))
    return pairs


def section_checkers() -> dict[str, SectionChecker]:
    """Every section checker: the declared ones (imported now) and any registered in code."""
    checkers = {}
    for name, target in declared_sections().items():
        module_name, _, attribute = target.partition(":")
        checkers[name] = getattr(importlib.import_module(module_name), attribute)
    checkers.update(_CHECKERS)
    return checkers


def check_sections(
    data: dict[str, Any], base_dir: Path, checkers: dict[str, SectionChecker]
) -> list[str]:
    """Run each checker on its section (absent = empty) and return every problem found."""
    with collecting_problems() as problems:
        for name, checker in checkers.items():
            table = data.get(name, {})
            if not isinstance(table, dict):
                problems.append(str(mistake(TABLES, "not_section", name=name)))
                continue
            guarded(functools.partial(checker, table, base_dir))
    return problems


# ---------------------------------------------------------------- one section for one command


@dataclass(frozen=True)
class SectionFile:
    """One section of a config file, with what every screen needs beside it."""

    table: dict[str, Any]
    language: str
    base_dir: Path  # paths in the file are relative to it


def load_section(path: str | Path | None, name: str) -> SectionFile:
    """[name] of the file at `path` (empty when absent) and event.language; a game's start.

    With no path (no --config): ./config.toml when there is one, else the default settings, so
    a game started from another folder (e.g. by the games menu) still opens."""
    if path is None:
        if not DEFAULT_CONFIG_PATH.exists():
            return SectionFile({}, "ja", Path.cwd())
        path = DEFAULT_CONFIG_PATH
    path = Path(path)
    data = read_toml(path)
    table = data.get(name, {})
    if not isinstance(table, dict):
        raise mistake(TABLES, "not_section_in", name=name, path=path)
    return SectionFile(dict(table), language_of(data), path.parent)
