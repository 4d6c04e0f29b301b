"""Short forms the Daifugō tests write positions in, all through the engine's one protocol
(`parse_action`, `why_illegal`, `apply`): cards are given as codes ("5S", "JK=5S", a bare "JK")."""

from __future__ import annotations

from collections.abc import Iterable

from games.common.cards import AnyCard, parse_card
from games.common.protocol import IllegalMove
from games.daifugo.game import Game
from games.daifugo.plays import Give, IllegalDaifugoMove, Pass, Play


def _text(cards: Iterable[str | AnyCard]) -> str:
    return " ".join(str(c) for c in cards)


def play(game: Game, cards: Iterable[str | AnyCard]) -> Play:
    """The current player plays these cards (checked); the play made."""
    action = game.parse_action(_text(cards))
    game.apply(action)
    assert isinstance(action, Play)
    return action


def refusal(game: Game, cards: Iterable[str | AnyCard]) -> IllegalMove | None:
    """Why the current player may not play these cards now (None: they may)."""
    try:
        action = game.parse_action(_text(cards))
    except IllegalMove as error:
        return error
    except ValueError as error:
        return IllegalDaifugoMove("not_an_action", action=str(error))
    return game.why_illegal(action)


def check(game: Game, cards: Iterable[str | AnyCard]) -> str | None:
    error = refusal(game, cards)
    return None if error is None else str(error)


def pass_turn(game: Game) -> None:
    game.apply(Pass())


def give(game: Game, cards: Iterable[str | AnyCard]) -> None:
    game.apply(Give(tuple(parse_card(c) for c in cards)))


def hand(game: Game, seat: int) -> list[str]:
    """`seat`'s cards as codes, in hand order."""
    return [str(c) for c in game.hands[seat]]


def legal_moves(game: Game) -> list[tuple[str, ...]]:
    """The legal plays (or gifts during card passing) as tuples of codes."""
    return [
        tuple(str(c) for c in a.cards) if isinstance(a, Give) else a.codes
        for a in game.legal_actions()
        if not isinstance(a, Pass)
    ]
