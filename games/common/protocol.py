"""The one protocol every game engine follows (modelled on OpenSpiel's State and python-chess).

A game is built with ``Game.new(*, seed=None, rules=None, **setup)`` (every setup argument has a
default), tells whose turn it is (``current_player``: a seat, or None once the game is over),
lists its ``legal_actions()`` (value objects with ``str()``; ``parse_action(text)`` reads them
back), and ``apply(action)`` checks every action: anything not in ``legal_actions()`` raises an
``IllegalMove`` carrying a reason ``code`` and its ``params``, so a frontend translates the code
instead of matching English text. ``why_illegal(action)`` returns that error without raising.
Hidden information leaves a game only through ``observation(seat)``; ``clone()`` is a deep,
independent copy (same random state, so a clone replays the same future).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

from eventkit.errors import UserError
from eventkit.i18n import translate

__all__ = ["GameProtocol", "IllegalMove", "translate"]


class IllegalMove(UserError):
    """An action the rules refuse now.

    ``code`` names the rule (stable, for translation), ``params`` fill the text. ``str()`` is an
    English sentence from the subclass's ``messages`` (for logs and the command line).
    """

    messages: ClassVar[Mapping[str, str]] = {}

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        template = self.messages.get(code, code.replace("_", " "))
        super().__init__(template.format(**params))

    def __reduce__(self) -> tuple[Any, ...]:  # picklable despite the keyword-only parameters
        return (_rebuild, (type(self), self.code, self.params))


def _rebuild(cls: type[IllegalMove], code: str, params: dict[str, object]) -> IllegalMove:
    return cls(code, **params)


A = TypeVar("A")
O = TypeVar("O", covariant=True)  # noqa: E741 - observation type


@runtime_checkable
class GameProtocol(Protocol[A, O]):
    """What the generic protocol test, the table controllers and the CPUs rely on."""

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[A]: ...

    def parse_action(self, text: str) -> A: ...

    def why_illegal(self, action: A) -> IllegalMove | None: ...

    def apply(self, action: A) -> object: ...

    def observation(self, seat: int) -> O: ...

    def clone(self) -> GameProtocol[A, O]: ...
