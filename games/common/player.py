"""The protocol every CPU player follows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

Action = TypeVar("Action")


class Player(Protocol[Action]):
    """A CPU (or scripted) player: sees only its own observation, picks one legal action."""

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action: ...
