"""One way to show screen text in the event's language: tables of templates per language.

A window holds ``Texts(TABLES, language)``; ``t("key", n=3)`` formats a template, ``t["key"]``
is the raw entry (a template or a list of lines). Japanese is the default language; a language
without a table falls back to it. ``translate`` turns a refusal's reason code (an engine's
``IllegalMove``: ``code`` + ``params``) into the window's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

DEFAULT_LANGUAGE = "ja"


class Coded(Protocol):
    """An error with a reason code and the parameters of its text (games.common.IllegalMove)."""

    code: str
    params: Mapping[str, object]


class Texts:
    """Screen text of one window in one language."""

    def __init__(
        self, tables: Mapping[str, Mapping[str, Any]], language: str = DEFAULT_LANGUAGE
    ) -> None:
        self.language = language if language in tables else DEFAULT_LANGUAGE
        self.table: Mapping[str, Any] = tables[self.language]

    def __call__(self, key: str, **values: object) -> str:
        return str(self.table[key]).format(**values)

    def __getitem__(self, key: str) -> Any:
        return self.table[key]

    def __contains__(self, key: object) -> bool:
        return key in self.table


def translate(error: Coded, templates: Mapping[str, str]) -> str:
    """The reason in the language of `templates` (code -> template); str(error) if missing."""
    template = templates.get(error.code)
    if template is None:
        return str(error)
    return template.format(**error.params)
