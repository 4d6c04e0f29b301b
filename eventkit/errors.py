"""The base of every error a user can cause; commands print its message, never a traceback."""

from __future__ import annotations


class UserError(ValueError):
    """A problem the user can fix; the message names it and says how. `label` is the word the
    commands print before it: "error", or the event's own word for a refusal said in its
    language (eventkit.web.refusals.said: エラー)."""

    label: str = "error"
