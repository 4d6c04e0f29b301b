"""`bingo plan`: board variants with the expected first and K-th bingo, closest to a target.

`bingo plan --cards N --prizes K [--first B]` compares the boards near the configured one
(`bingo.probability.plan`: sizes, numbers per column, thresholds, free centre) by the expected
draw of the first bingo and of the K-th (when the last prize is won), and lists them with the
first bingo closest to B (default: the configured board's own) first. This module stays light:
the computing module is imported when the command runs, so `bingo draw` never loads it.
"""

from __future__ import annotations

import argparse
import json
import math
from typing import TYPE_CHECKING

from bingo.config import load_config
from bingo.probability.option_texts import TABLES, check_board_options
from eventkit.errors import UserError
from eventkit.tomlconf import refused

if TYPE_CHECKING:
    from bingo.probability.plan import Plan, PlanRow

HELP = "board variants: the expected first and last-prize bingo, closest to a target first"

_TEXT = {
    "ja": {
        "head": "カード {cards} 枚、賞 {prizes} 個: 最初のビンゴの目標 {target:.1f} 球目{own}",
        "own_target": "（いまの設定の値）",
        "size": "カード",
        "per_column": "各列",
        "threshold": "つながり",
        "free": "中央フリー",
        "numbers": "数字",
        "first": "最初のビンゴ",
        "last": "{k}枚目のビンゴ",
        "gap": "差",
        "yes": "あり",
        "no": "-",
        "current": "← いまの設定",
        "never": "なし",
        "note": "球目の期待値。± はサンプリングの誤差（{s} 通りの抽選順）、± のないものは厳密計算。",
    },
    "en": {
        "head": "{cards} cards, {prizes} prizes: first bingo wanted at draw {target:.1f}{own}",
        "own_target": " (the configured board's)",
        "size": "card",
        "per_column": "per col.",
        "threshold": "connected",
        "free": "free centre",
        "numbers": "numbers",
        "first": "first bingo",
        "last": "bingo no. {k}",
        "gap": "gap",
        "yes": "yes",
        "no": "-",
        "current": "<- configured",
        "never": "never",
        "note": "Expected draws. ± is the sampling error ({s} draw orders); figures without "
        "± are exact.",
    },
}


class PlanArgumentError(UserError):
    """A bad `bingo plan` option."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cards", metavar="N", help="cards in play (default: event.cards_in_play)")
    parser.add_argument(
        "--prizes",
        metavar="K",
        help="prizes (the K-th bingo ends the game; default: the number of event.prizes, else 1)",
    )
    parser.add_argument(
        "--first",
        metavar="B",
        help="the draw at which the first bingo should come (default: the configured board's "
        "expected first bingo)",
    )
    parser.add_argument("--size", metavar="N", help="board to start from (default: board.size)")
    parser.add_argument(
        "--per-column", metavar="M", help="numbers per column (default: board.numbers_per_column)"
    )
    parser.add_argument(
        "--threshold", metavar="T", help="connected cells for a bingo (default: board.threshold)"
    )
    parser.add_argument(
        "--free-center",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="free centre cell (default: board.free_center)",
    )
    parser.add_argument("--json", action="store_true", help="the rows as one JSON object")


def _whole(name: str, text: str | None, default: int) -> int:
    if text is None:
        return default
    try:
        return int(text.strip())
    except ValueError:
        raise refused(TABLES, "whole", PlanArgumentError, name=name, text=text) from None


def _first(text: str | None, numbers: int) -> float | None:
    if text is None:
        return None
    try:
        value = float(text.strip())
    except ValueError:
        raise refused(TABLES, "first", PlanArgumentError, text=text) from None
    if not math.isfinite(value) or not 1 <= value <= numbers:
        raise refused(TABLES, "first_range", PlanArgumentError, text=text, numbers=numbers)
    return value


def run(args: argparse.Namespace) -> int:
    from bingo.probability import check_prizes
    from bingo.probability._model import SUPPORTED_THRESHOLD, check_board, check_cards

    config = load_config(args.config, check_images=False)
    board = config.board
    text = _TEXT.get(config.event.language, _TEXT["en"])
    size = _whole("--size", args.size, board.size)
    per_column = _whole("--per-column", args.per_column, board.numbers_per_column)
    threshold = _whole("--threshold", args.threshold, board.threshold)
    free = board.free_center and size % 2 == 1 if args.free_center is None else args.free_center
    cards = _whole("--cards", args.cards, config.event.cards_in_play)
    prizes = _whole("--prizes", args.prizes, max(len(config.event.prizes), 1))
    if cards < 1:
        raise refused(TABLES, "cards", PlanArgumentError, cards=cards)
    if prizes < 1:
        raise refused(TABLES, "prizes", PlanArgumentError, prizes=prizes)
    if prizes > cards:
        raise refused(TABLES, "prizes_many", PlanArgumentError, prizes=prizes, cards=cards)
    check_board_options(PlanArgumentError, size, per_column, threshold, free)
    try:
        check_cards(cards)
        check_prizes(prizes, cards)
        size, per_column, threshold, free = check_board(size, per_column, threshold, free)
        if threshold > SUPPORTED_THRESHOLD[size]:
            raise refused(
                TABLES,
                "threshold_engine",
                PlanArgumentError,
                threshold=threshold,
                size=size,
                most=SUPPORTED_THRESHOLD[size],
            )
    except ValueError as exc:  # the options are checked above: the engine's words, last
        raise PlanArgumentError(str(exc)) from None
    first = _first(args.first, size * per_column)
    from bingo.probability.plan import Board, plan

    result = plan(cards, prizes, Board(size, per_column, threshold, free), first)
    if args.json:
        print(json.dumps(_json(result), ensure_ascii=False))
    else:
        _print(result, text, own_target=first is None)
    return 0


def _finite(x: float) -> float | None:
    return float(x) if math.isfinite(x) else None


def _json(result: Plan) -> dict[str, object]:
    return {
        "cards": result.cards,
        "prizes": result.prizes,
        "target_first": result.target,
        "variants": [
            {
                "size": r.board.size,
                "numbers_per_column": r.board.per_column,
                "threshold": r.board.threshold,
                "free_center": r.board.free_center,
                "expected_first": _finite(r.first),
                "expected_first_error": r.first_error,
                "expected_last": _finite(r.last),
                "expected_last_error": r.last_error,
                "exact": r.exact,
                "configured": r.configured,
            }
            for r in result.rows
        ],
    }


def _figure(value: float, error: float, exact: bool, text: dict[str, str]) -> str:
    if not math.isfinite(value):
        return text["never"]
    return f"{value:.1f}" if exact else f"{value:.1f} ±{max(error, 0.05):.1f}"


def _row(r: PlanRow, text: dict[str, str]) -> list[str]:
    b = r.board
    gap = r.last - r.first
    return [
        f"{b.size}x{b.size}", str(b.per_column), str(b.threshold),
        text["yes"] if b.free_center else text["no"], str(b.numbers),
        _figure(r.first, r.first_error, r.exact, text),
        _figure(r.last, r.last_error, r.exact, text),
        f"{gap:.1f}" if math.isfinite(gap) else "-",
        text["current"] if r.configured else "",
    ]  # fmt: skip


def _print(result: Plan, text: dict[str, str], own_target: bool) -> None:
    from bingo.probability.command import _width
    from bingo.probability.plan import PLAN_SAMPLES

    own = text["own_target"] if own_target else ""
    print(text["head"].format(cards=result.cards, prizes=result.prizes, target=result.target,
                              own=own))  # fmt: skip
    header = [text[k] for k in ("size", "per_column", "threshold", "free", "numbers", "first")]
    header += [text["last"].format(k=result.prizes), text["gap"], ""]
    rows = [header, *(_row(r, text) for r in result.rows)]
    widths = [max(_width(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        cells = zip(row, widths, strict=True)
        print("  ".join(" " * (w - _width(cell)) + cell for cell, w in cells).rstrip())
    print(text["note"].format(s=PLAN_SAMPLES))
