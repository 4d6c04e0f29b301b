"""One way to show screen text in the event's language: tables of templates per language.

A window holds ``Texts(TABLES, language)``; ``t("key", n=3)`` formats a template, ``t["key"]``
is the raw entry (a template or a list of lines). Japanese is the default language; a language
without a table falls back to it, and so does a key missing from the chosen language's table.
``t.coded(error)`` and ``translate`` turn a reason code (an engine's ``IllegalMove``, a
``JournalError``, a ``JournalWarning``: ``code`` + ``params``) into the window's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

DEFAULT_LANGUAGE = "ja"


class Coded(Protocol):
    """An error with a reason code and the parameters of its text (games.common.IllegalMove,
    bingo's JournalError). Read-only members, so any mapping type of `params` fits."""

    @property
    def code(self) -> str: ...

    @property
    def params(self) -> Mapping[str, object]: ...


class Texts:
    """Screen text of one window in one language."""

    def __init__(
        self, tables: Mapping[str, Mapping[str, Any]], language: str = DEFAULT_LANGUAGE
    ) -> None:
        self.language = language if language in tables else DEFAULT_LANGUAGE
        self.table: Mapping[str, Any] = tables[self.language]
        self.fallback: Mapping[str, Any] = tables.get(DEFAULT_LANGUAGE, self.table)

    def __call__(self, key: str, **values: object) -> str:
        return str(self[key]).format(**values)

    def __getitem__(self, key: str) -> Any:
        if key in self.table:
            return self.table[key]
        return self.fallback[key]  # a key not yet translated reads in Japanese

    def __contains__(self, key: object) -> bool:
        return key in self.table or key in self.fallback

    def coded(self, item: object, prefix: str = "") -> str:
        """The text of an error or warning with a `code` + `params` (the entry `prefix + code`),
        or its own str() when there is no such entry or its parameters do not fit it."""
        code = getattr(item, "code", None)
        key = f"{prefix}{code}"
        if not isinstance(code, str) or not code or key not in self:
            return str(item)
        try:
            return self(key, **getattr(item, "params", {}))
        except (KeyError, IndexError, ValueError):
            return str(item)


def translate(error: Coded, templates: Mapping[str, str]) -> str:
    """The reason in the language of `templates` (code -> template); str(error) if missing."""
    template = templates.get(error.code)
    if template is None:
        return str(error)
    return template.format(**error.params)
