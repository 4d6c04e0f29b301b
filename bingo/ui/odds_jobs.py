"""The odds computations themselves (no Qt), run in the odds worker process or thread.

Kept free of Qt so the worker process started by `OddsService` imports only the engine. Module
state (the registry's cards) is set once per worker by `init`. With a registry every figure is
about the registered cards (bingo.probability.registry_odds), never about random cards.
"""

from __future__ import annotations

import importlib
import inspect
import signal
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cards.model import BingoCard

# (size, numbers_per_column, threshold, free_center): what the odds of a board depend on
Board = tuple[int, int, int, bool]

_cards: list[BingoCard] | None = None
_prepared: dict[Board, Any] = {}  # board -> RegisteredCards (arrays built once per worker)


def init(cards: list[BingoCard] | None, in_worker_process: bool = True) -> None:
    """Worker initialiser: keep the registry's cards (sent once, not with every job).

    In the worker process Ctrl+C is ignored: the display stops the worker itself.
    """
    global _cards
    _cards = cards
    _prepared.clear()
    if in_worker_process:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def warm_up(module_name: str, board: Board | None = None) -> None:
    """Load the engine's kernels (and, when it can, the tables of this board)."""
    module = importlib.import_module(module_name)
    if _cards is not None and board is not None:
        # With a registry every figure is about the registered cards: the random-card DP's
        # tables are never used (and any threshold works, also one above the DP's limit).
        from bingo.probability import registry_odds

        module.warm_up()
        registry_odds.warm_up()
        registered(board)
        return
    if board is not None and len(inspect.signature(module.warm_up).parameters) >= 2:
        size, _, threshold, _ = board
        module.warm_up(size, threshold)
    else:
        module.warm_up()


def registered(board: Board) -> Any:
    """The registry's cards as the engine's arrays (built on first use in this worker)."""
    if board not in _prepared:
        from bingo.probability import prepare_registry

        _prepared[board] = prepare_registry(_cards or [], *board)
    return _prepared[board]


def stats(
    module_name: str, drawn: frozenset[int], board: Board, cards_in_play: int, with_engine: bool
) -> tuple[Any, Any, list[str], float]:
    """(NextDrawStats | None, RegistryStats | None, errors, seconds) for the drawn numbers.

    With a registry the NextDrawStats are the registered cards' exact figures."""
    started = time.perf_counter()
    size, per_column, threshold, free_center = board
    errors: list[str] = []
    result = registry = None
    if with_engine and _cards is not None:
        try:
            from bingo.probability import registry_next_draw
            from cards.check import RegistryStats

            figures = registry_next_draw(registered(board), sorted(drawn))
            result = figures.as_next_draw_stats()
            registry = RegistryStats(
                figures.cards, figures.bingo_cards, figures.reach_cards, figures.bingo_serials
            )
        except Exception as exc:
            errors.append(f"odds: {exc}")
    elif with_engine:
        counts = [0] * size
        for n in drawn:
            counts[(n - 1) // per_column] += 1
        try:
            module = importlib.import_module(module_name)
            result = module.next_draw_stats(
                counts, size, per_column, threshold, free_center, cards=cards_in_play
            )
        except Exception as exc:
            errors.append(f"odds: {exc}")
    if _cards is not None and registry is None:
        try:
            from cards.check import registry_stats

            registry = registry_stats(_cards, drawn, threshold)
        except Exception as exc:
            errors.append(f"registry: {exc}")
    return result, registry, errors, time.perf_counter() - started


def curve(module_name: str, board: Board, cards_in_play: int) -> Any:
    size, per_column, threshold, free_center = board
    module = importlib.import_module(module_name)
    return module.first_bingo_curve(cards_in_play, size, per_column, threshold, free_center)


START_SAMPLES = 32  # draw orders for the start screen's prize figures on big boards


def prizes(module_name: str, board: Board, cards: int, prizes: int) -> Any:
    """When the first bingo and the last prize are expected (`prize_curves`, quick: exact on
    small boards, else sampled over START_SAMPLES draw orders, about a second on 10x10)."""
    module = importlib.import_module(module_name)
    return module.prize_curves(cards, prizes, *board, samples=START_SAMPLES, quick=True)


def registry_curve(drawn: frozenset[int], board: Board) -> Any:
    """The registered cards' curve to their next bingo, given the drawn numbers."""
    from bingo.probability import registry_curve as curve_of

    return curve_of(registered(board), sorted(drawn))


def serve(conn: Any, cards: list[BingoCard] | None) -> None:
    """The worker process's loop: run `(token, fn, args)` jobs from the pipe, send back results.

    It ends when the display closes its end of the pipe or dies (EOF), so no worker outlives it.
    """
    init(cards)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    while True:
        try:
            token, fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply = (token, True, fn(*args))
        except BaseException as exc:
            reply = (token, False, exc)
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return
        except Exception as exc:
            conn.send((token, False, RuntimeError(f"{type(exc).__name__}: {exc}")))
