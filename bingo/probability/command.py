"""`bingo prob`: bingo odds for the configured board (or overrides), as a table or CSV.

Without --drawn: draws -> P(one card has a bingo), P(at least one of K cards has one), and the
expected draw of the first bingo. With --drawn 3,1,2,0 (numbers drawn so far per column): the
odds for the next draw, overall and by column.

With --prizes K: for each draw, the chance that at least k of the cards have a bingo (k = 1..K),
and the expected draw of the 1st .. K-th bingo (exact where the curve is; else sampled, the error
stated); --json prints them as {"prizes": [{"k", "expected_ball", "p_by_ball"}, ...]}.

With --registry cards.csv (and --numbers 3,17,22, the numbers called so far): the same figures
as the show prints with that registry, about the registered cards themselves (exact next-draw
figures, the curve to their next bingo); --json prints them as one object. The registry is read
by the cards package through the command line (`args.load_registry`, set by bingo.cli), since
bingo's core never imports cards.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bingo.config import Config, load_config
from bingo.probability.option_texts import TABLES, check_board_options
from eventkit.errors import UserError
from eventkit.tomlconf import refused

if TYPE_CHECKING:
    from bingo.probability import (
        FirstBingoCurve,
        NextDrawStats,
        PrizeCurves,
        RegistryCurve,
        RegistryNextDraw,
    )

HELP = "bingo odds: P(bingo) by draw, expected first bingo, next-draw odds (--drawn)"

_TEXT = {
    "ja": {
        "board": "カード {n}x{n}、各列 {m} 個（全 {total} 個）、{t} 個つながりでビンゴ{free}、カード {k} 枚",
        "free": "、中央フリー",
        "draws": "抽選数",
        "one": "1枚がビンゴ",
        "any": "{k}枚のどれかがビンゴ",
        "expected": "最初のビンゴまでの抽選数の期待値: {e}",
        "never": "この設定ではビンゴは起こりません",
        "sampled": "（{s} 通りの抽選順のサンプリング、誤差 ±{e_err:.2f}、確率の誤差 ±{err:.4f}）",
        "exact": "（厳密計算）",
        "now": "いまビンゴのカードの確率: {p}   残り {r} 個",
        "next": "次の抽選: 1枚がビンゴ {p}、新しくビンゴになるカード数の期待値 {e:.3f}、"
        "{k}枚のどれかが新しくビンゴ {a}",
        "column": "列",
        "left": "残り",
        "p_col": "この列が出る",
        "after": "出たら1枚がビンゴ",
        "new": "新ビンゴ期待数",
        "any_new": "どれかが新ビンゴ",
        "done": "すべての数字が抽選済みです",
        "reg_board": "登録カード {k}枚（{n}x{n}、各列 {m} 個、{t} 個つながりでビンゴ{free}）",
        "reg_called": "抽選済み {c} 球: {numbers}",
        "reg_now": "いまビンゴのカード {b}枚、リーチ {r}枚、残り {p} 個",
        "reg_next": "次の1球でだれかが新しくビンゴ: {pct}（{p} 個中 {g} 個の数字）",
        "reg_expected": "次の1球での新しいビンゴの期待数: {e:.2f}（{total}/{p}）",
        "reg_completing": "ビンゴになる数字（枚数）: {list}",
        "reg_curve_first": "最初のビンゴが出ている確率（登録カード）",
        "reg_curve_next": "次のビンゴ（{n}枚目）が出ている確率",
        "reg_all_bingo": "登録カードはすべてビンゴです",
        "reg_never": "この設定ではビンゴは起こりません",
        "reg_p": "確率",
        "reg_err": "誤差",
        "reg_expected_draw": "{what}は平均 {e:.2f} 球目",
        "reg_first": "最初のビンゴ",
        "reg_following": "次のビンゴ",
        "reg_sampled": "（{s} 通りの抽選順のサンプリング、次の1球は厳密、確率の誤差 ±{err:.4f}、"
        "平均の誤差 ±{e_err:.2f}）",
        "prizes": "賞 {p} 個: k 枚以上がビンゴになっている確率（k = 1..{p}）",
        "at_least": "{k}枚以上",
        "prize_expected": "{k}枚目のビンゴは平均 {e} 球目{err}",
        "prize_never": "{k}枚目のビンゴは必ず出るとは限りません",
        "prize_sampled": "（{s} 通りの抽選順のサンプリング、確率の誤差 ±{err:.4f}）",
    },
    "en": {
        "board": "card {n}x{n}, {m} numbers per column ({total} in all), "
        "bingo = {t} connected{free}, {k} cards",
        "free": ", free centre",
        "draws": "draws",
        "one": "P(one card)",
        "any": "P(any of {k} cards)",
        "expected": "expected draw of the first bingo: {e}",
        "never": "no bingo is possible with these settings",
        "sampled": "(sampled over {s} draw orders, error ±{e_err:.2f}; probabilities ±{err:.4f})",
        "exact": "(exact)",
        "now": "P(a card has a bingo now): {p}   {r} numbers left",
        "next": "next draw: P(one card) {p}, expected new bingos {e:.3f}, "
        "P(any of {k} cards gets a new bingo) {a}",
        "column": "column",
        "left": "left",
        "p_col": "P(column)",
        "after": "P(one card) after",
        "new": "exp. new bingos",
        "any_new": "P(any new bingo)",
        "done": "every number has been drawn",
        "reg_board": "{k} registered cards ({n}x{n}, {m} numbers per column, "
        "bingo = {t} connected{free})",
        "reg_called": "{c} numbers called: {numbers}",
        "reg_now": "cards with a bingo now: {b}, one away: {r}, numbers left: {p}",
        "reg_next": "someone gets a new bingo on the next ball: {pct} ({g} of the {p} numbers)",
        "reg_expected": "expected new bingos on the next ball: {e:.2f} ({total}/{p})",
        "reg_completing": "numbers that complete cards (cards): {list}",
        "reg_curve_first": "chance of a first bingo among the registered cards",
        "reg_curve_next": "chance of the next bingo (card no. {n})",
        "reg_all_bingo": "every registered card has a bingo",
        "reg_never": "no bingo is possible with these settings",
        "reg_p": "chance",
        "reg_err": "error",
        "reg_expected_draw": "{what} on average at draw {e:.2f}",
        "reg_first": "first bingo",
        "reg_following": "next bingo",
        "reg_sampled": "(sampled over {s} draw orders, the next draw exact; probabilities "
        "±{err:.4f}, the average ±{e_err:.2f})",
        "prizes": "{p} prizes: the chance that at least k cards have a bingo (k = 1..{p})",
        "at_least": "k>={k}",
        "prize_expected": "bingo no. {k} on average at draw {e}{err}",
        "prize_never": "bingo no. {k} is not certain to come",
        "prize_sampled": "(sampled over {s} draw orders; probabilities ±{err:.4f})",
    },
}


class ProbArgumentError(UserError):
    """A bad `bingo prob` option."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", metavar="N", help="cells per side (default: board.size)")
    parser.add_argument(
        "--per-column", metavar="M", help="numbers per column (default: board.numbers_per_column)"
    )
    parser.add_argument(
        "--threshold", metavar="T", help="connected cells for a bingo (default: board.threshold)"
    )
    parser.add_argument("--cards", metavar="K", help="cards in play (default: event.cards_in_play)")
    parser.add_argument(
        "--free-center",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="free centre cell (default: board.free_center)",
    )
    parser.add_argument(
        "--drawn",
        type=str,
        metavar="D0,D1,...",
        help="numbers drawn so far in each column: print the odds for the next draw",
    )
    parser.add_argument(
        "--registry",
        metavar="CSV",
        help="card registry written by `bingo cards`: the odds of those cards, as the show "
        "prints them with `bingo draw --registry`",
    )
    parser.add_argument(
        "--numbers",
        metavar="N1,N2,...",
        help="with --registry: the numbers called so far, in order (default: none yet)",
    )
    parser.add_argument(
        "--prizes",
        metavar="K",
        help="when the prizes run out: for each draw, the chance that at least k of the cards "
        "have a bingo (k = 1..K), and the expected draw of the 1st .. K-th bingo",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="with --registry: one JSON object (exact p_new_bingo_next and "
        "expected_new_bingos_next, cards with a bingo, the curve with its error); with "
        '--prizes: {"prizes": [{"k", "expected_ball", "p_by_ball"}, ...]}',
    )
    parser.add_argument("--csv", action="store_true", help="machine-readable CSV output")
    parser.add_argument(
        "--samples",
        metavar="S",
        help="draw orders sampled when the exact curve is out of reach (above 5x5) "
        "(default: 200, then more where the error is above ±0.005: up to 3200 on boards of "
        "up to 120 numbers, else 800; with --prizes: 200)",
    )
    parser.add_argument("--seed", metavar="SEED", help="seed of that sampling")


def _int_option(name: str, text: str | None, default: int) -> int:
    if text is None:
        return default
    try:
        return int(text.strip())
    except ValueError:
        raise refused(TABLES, "whole", ProbArgumentError, name=name, text=text) from None


def _fmt(p: float) -> str:
    if p == 0.0:
        return "0"
    if p >= 0.9999995:
        return "1" if p == 1.0 else ">0.999999"
    if p < 1e-6:
        return f"{p:.1e}"
    return f"{p:.6f}"


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _print_table(header: list[str], rows: list[list[str]]) -> None:
    """Right-aligned columns; Japanese characters count double so the columns line up."""
    widths = [max(_width(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        cells = zip(row, widths, strict=True)
        print("  ".join(" " * (w - _width(cell)) + cell for cell, w in cells))


def run(args: argparse.Namespace) -> int:
    # imported here so `bingo --help` stays quick
    from bingo import probability as prob

    config = load_config(args.config, check_images=False)
    board = config.board
    text = _TEXT.get(config.event.language, _TEXT["en"])
    if getattr(args, "registry", None) is not None:
        return _run_registry(args, config, text)
    prizes_text = getattr(args, "prizes", None)
    if getattr(args, "numbers", None):
        raise refused(TABLES, "numbers_alone", ProbArgumentError)
    if getattr(args, "json", False) and prizes_text is None:
        raise refused(TABLES, "json_alone", ProbArgumentError)
    size = _int_option("--size", args.size, board.size)
    per_column = _int_option("--per-column", args.per_column, board.numbers_per_column)
    threshold = _int_option("--threshold", args.threshold, board.threshold)
    cards = _int_option("--cards", args.cards, config.event.cards_in_play)
    free = board.free_center and size % 2 == 1 if args.free_center is None else args.free_center
    check_board_options(ProbArgumentError, size, per_column, threshold, free)
    if cards < 1:
        raise refused(TABLES, "cards", ProbArgumentError, cards=cards)
    samples, seed = _sampling_options(args, size, per_column)
    names = config.columns.names if len(config.columns.names) == size else None
    names = names or tuple(str(c + 1) for c in range(size))
    try:
        if prizes_text is not None:
            if args.drawn is not None:
                raise refused(TABLES, "prizes_drawn", ProbArgumentError)
            prizes = _prizes_option(prizes_text, cards)
            curves = prob.prize_curves(
                cards, prizes, size, per_column, threshold, free, samples=samples, seed=seed
            )
            board_json = {"size": size, "numbers_per_column": per_column,
                          "threshold": threshold, "free_center": free}  # fmt: skip
            header = text["board"].format(
                n=size, m=per_column, total=size * per_column, t=threshold,
                free=text["free"] if free else "", k=cards,
            )  # fmt: skip
            _print_prizes(curves, board_json, header, text, args)
        elif args.drawn is not None:
            drawn = _parse_drawn(args.drawn, size, per_column)
            stats = prob.next_draw_stats(drawn, size, per_column, threshold, free, cards)
            _print_next(stats, names, per_column, drawn, text, args.csv)
        else:
            curve = prob.first_bingo_curve(
                cards, size, per_column, threshold, free, samples=samples, seed=seed
            )
            header = text["board"].format(
                n=size, m=per_column, total=size * per_column, t=threshold,
                free=text["free"] if free else "", k=cards,
            )  # fmt: skip
            _print_curve(curve, header, text, args.csv)
    except UserError:
        raise
    except ValueError as exc:
        raise ProbArgumentError(str(exc)) from None
    return 0


def _prizes_option(text: str, cards: int) -> int:
    """--prizes K: 1..cards."""
    prizes = _int_option("--prizes", text, 0)
    if prizes < 1:
        raise refused(TABLES, "prizes", ProbArgumentError, prizes=prizes)
    if prizes > cards:
        raise refused(TABLES, "prizes_many", ProbArgumentError, prizes=prizes, cards=cards)
    return prizes


def _print_prizes(
    curves: PrizeCurves,
    board: dict[str, object],
    header: str,
    text: dict[str, str],
    args: argparse.Namespace,
) -> None:
    """The prize curves as JSON, CSV or a table from the first draw that can give a bingo to
    the first at which the K-th bingo is near certain; then the expected draws."""
    k_all = range(1, curves.prizes + 1)
    if args.json:
        out = curves.to_json()
        out["board"] = board
        print(json.dumps(out, ensure_ascii=False))
        return
    if args.csv:
        out_csv = csv.writer(sys.stdout, lineterminator="\n")
        out_csv.writerow(
            ["draws", *(f"p_at_least_{k}" for k in k_all), *(f"error_{k}" for k in k_all)]
        )
        for t in curves.draws:
            out_csv.writerow(
                [int(t), *(repr(float(curves.p_at_least[k - 1, t])) for k in k_all),
                 *(repr(float(curves.error[k - 1, t])) for k in k_all)]
            )  # fmt: skip
        return
    print(header)
    first_curve, last_curve = curves.p_at_least[0], curves.p_at_least[-1]
    if not first_curve.any() or first_curve[-1] == 0.0:
        print(text["never"])
        return
    print(text["prizes"].format(p=curves.prizes))
    first = max(int(first_curve.nonzero()[0][0]) - 1, 0)
    near = (last_curve >= 0.9999).nonzero()[0]
    last = int(near[0]) if near.size else len(curves.draws) - 1
    rows = [
        [str(t), *(_fmt(curves.p_at_least[k - 1, t]) for k in k_all)]
        for t in range(first, last + 1)
    ]
    _print_table([text["draws"], *(text["at_least"].format(k=k) for k in k_all)], rows)
    for k in k_all:
        e = float(curves.expected[k - 1])
        if math.isinf(e):
            print(text["prize_never"].format(k=k))
            continue
        err = "" if curves.exact else f" ±{curves.expected_error[k - 1]:.2f}"
        print(text["prize_expected"].format(k=k, e=f"{e:.2f}", err=err))
    print(
        text["exact"]
        if curves.exact
        else text["prize_sampled"].format(s=curves.samples, err=curves.max_error)
    )


def _sampling_options(
    args: argparse.Namespace, size: int, per_column: int
) -> tuple[int | None, int]:
    """(--samples or None, --seed), checked against the board."""
    from bingo import probability as prob

    samples = None if args.samples is None else _int_option("--samples", args.samples, 0)
    seed = _int_option("--seed", args.seed, prob.DEFAULT_SEED)
    if seed < 0:
        raise refused(TABLES, "seed", ProbArgumentError, seed=seed)
    if samples is not None and samples < 2:
        raise refused(TABLES, "samples", ProbArgumentError, samples=samples)
    if (
        samples is not None
        and size * per_column > 0
        and samples > (largest := prob.max_samples(size, per_column))
    ):
        raise refused(
            TABLES,
            "samples_many",
            ProbArgumentError,
            samples=samples,
            size=size,
            per_column=per_column,
            largest=largest,
        )
    return samples, seed


def _parse_drawn(value: str, size: int, per_column: int) -> list[int]:
    try:
        drawn = [int(part) for part in value.replace(" ", "").split(",")]
    except ValueError:
        raise refused(TABLES, "drawn", ProbArgumentError, value=value) from None
    if len(drawn) != size:
        raise refused(TABLES, "drawn_count", ProbArgumentError, size=size, count=len(drawn))
    for column, d in enumerate(drawn, start=1):
        if not 0 <= d <= per_column:
            raise refused(
                TABLES,
                "drawn_range",
                ProbArgumentError,
                column=column,
                value=d,
                per_column=per_column,
            )
    return drawn


def _print_curve(curve: FirstBingoCurve, header: str, text: dict[str, str], as_csv: bool) -> None:
    if as_csv:
        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(["draws", "p_one_card", f"p_any_of_{curve.cards}_cards", "error"])
        for t in curve.draws:
            out.writerow(
                [int(t), repr(float(curve.p_one[t])), repr(float(curve.p_any[t])),
                 repr(float(curve.error[t]))]
            )  # fmt: skip
        return
    print(header)
    if math.isinf(curve.expected_first_bingo) and curve.p_one[-1] == 0.0:
        print(text["never"])
        return
    # rows from the last certain "no bingo" draw to the first near-certain bingo among K cards
    first = max(int(curve.p_one.nonzero()[0][0]) - 1, 0) if curve.p_one.any() else 0
    near = (curve.p_any >= 0.9999).nonzero()[0]
    last = int(near[0]) if near.size else len(curve.draws) - 1
    rows = [[str(t), _fmt(curve.p_one[t]), _fmt(curve.p_any[t])] for t in range(first, last + 1)]
    _print_table([text["draws"], text["one"], text["any"].format(k=curve.cards)], rows)
    note = (
        text["exact"]
        if curve.exact
        else text["sampled"].format(
            s=curve.samples, err=curve.max_error, e_err=curve.expected_error
        )
    )
    print(text["expected"].format(e=f"{curve.expected_first_bingo:.2f}") + " " + note)


def _print_next(
    stats: NextDrawStats,
    names: Sequence[str],
    per_column: int,
    drawn: Sequence[int],
    text: dict[str, str],
    as_csv: bool,
) -> None:
    rows = [
        (names[c.column], per_column - drawn[c.column], c.p_column, c.p_bingo_after,
         c.expected_new_bingos, c.p_any_new_bingo)
        for c in stats.by_column
    ]  # fmt: skip
    if as_csv:
        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(
            ["column", "left", "p_column", "p_bingo_after", "expected_new_bingos",
             "p_any_new_bingo"]
        )  # fmt: skip
        for row in rows:
            out.writerow([row[0], row[1], *(repr(float(x)) for x in row[2:])])
        out.writerow(
            ["all", stats.remaining, repr(1.0 if stats.remaining else 0.0),
             repr(stats.p_bingo_next), repr(stats.expected_new_bingos),
             repr(stats.p_any_new_bingo)]
        )  # fmt: skip
        return
    print(text["now"].format(p=_fmt(stats.p_bingo_now), r=stats.remaining))
    if stats.remaining == 0:
        print(text["done"])
        return
    print(
        text["next"].format(
            p=_fmt(stats.p_bingo_next), e=stats.expected_new_bingos, k=stats.cards,
            a=_fmt(stats.p_any_new_bingo),
        )
    )  # fmt: skip
    heads = [text[h] for h in ("column", "left", "p_col", "after", "new", "any_new")]
    _print_table(
        heads,
        [
            [name, str(left), _fmt(p_col), _fmt(after), f"{new:.4f}", _fmt(any_new)]
            for name, left, p_col, after, new, any_new in rows
        ],
    )


# ---------------------------------------------------------------- --registry

_BOARD_OPTIONS = (
    "size", "per_column", "threshold", "cards", "free_center", "drawn", "csv", "prizes",
)  # fmt: skip


def _run_registry(args: argparse.Namespace, config: Config, text: dict[str, str]) -> int:
    """`bingo prob --registry cards.csv [--numbers ...] [--json]`: the show's real-card odds."""
    from bingo import probability as prob

    for option in _BOARD_OPTIONS:
        if getattr(args, option, None) not in (None, False):
            flag = "--" + option.replace("_", "-")
            raise refused(TABLES, "registry_board", ProbArgumentError, flag=flag)
    load = getattr(args, "load_registry", None)
    if load is None:
        raise refused(TABLES, "registry_cli", ProbArgumentError)
    cards = load(config, args.registry)
    b = config.board
    called = _parse_numbers(args.numbers, b.size * b.numbers_per_column)
    samples = None if args.samples is None else _int_option("--samples", args.samples, 0)
    seed = _int_option("--seed", args.seed, prob.DEFAULT_SEED)
    if seed < 0:
        raise refused(TABLES, "seed", ProbArgumentError, seed=seed)
    if samples is not None and samples < 2:
        raise refused(TABLES, "samples", ProbArgumentError, samples=samples)
    try:
        registered = prob.prepare_registry(
            cards.values(), b.size, b.numbers_per_column, b.threshold, b.free_center
        )
        figures = prob.registry_next_draw(registered, called)
        curve = prob.registry_curve(registered, called, samples=samples, seed=seed)
    except ValueError as exc:  # the options are checked above: the engine's words, last
        raise ProbArgumentError(str(exc)) from None
    if args.json:
        out = figures.to_json()
        out["board"] = {
            "size": b.size,
            "numbers_per_column": b.numbers_per_column,
            "threshold": b.threshold,
            "free_center": b.free_center,
        }
        out["curve"] = curve.to_json()
        print(json.dumps(out, ensure_ascii=False))
        return 0
    _print_registry(figures, curve, config, text)
    return 0


def _parse_numbers(value: str | None, total: int) -> list[int]:
    """--numbers: the numbers called so far, each on the board (1..total) once."""
    if value is None or not value.strip():
        return []
    try:
        called = [int(part) for part in value.replace(" ", "").split(",")]
    except ValueError:
        raise refused(TABLES, "numbers", ProbArgumentError, value=value) from None
    seen: set[int] = set()
    for n in called:
        if not 1 <= n <= total:
            raise refused(TABLES, "number_off_board", ProbArgumentError, n=n, total=total)
        if n in seen:
            raise refused(TABLES, "number_twice", ProbArgumentError, n=n)
        seen.add(n)
    return called


def _percent(p: float) -> str:
    """As the show's odds tiles print a probability (bingo.ui.odds_panel.percent)."""
    if p < 1e-12:
        return "0%"
    if p > 1.0 - 1e-12:
        return "100%"
    if p < 0.001:
        return "<0.1%"
    if p > 0.999:
        return ">99.9%"
    return f"{p * 100:.1f}%"


def _print_registry(
    figures: RegistryNextDraw, curve: RegistryCurve, config: Config, text: dict[str, str]
) -> None:
    b = config.board
    free = text["free"] if b.free_center else ""
    print(
        text["reg_board"].format(
            k=figures.cards, n=b.size, m=b.numbers_per_column, t=b.threshold, free=free
        )
    )
    numbers = ", ".join(str(n) for n in figures.called) or "—"
    print(text["reg_called"].format(c=len(figures.called), numbers=numbers))
    print(text["reg_now"].format(b=figures.bingo_cards, r=figures.reach_cards, p=figures.pool))
    if figures.pool == 0:
        print(text["done"])
        return
    print(
        text["reg_next"].format(
            pct=_percent(figures.p_new_bingo_next), g=figures.numbers_giving_bingo, p=figures.pool
        )
    )
    print(
        text["reg_expected"].format(
            e=figures.expected_new_bingos_next, total=figures.new_bingos_total, p=figures.pool
        )
    )
    if figures.completing:
        listed = ", ".join(f"{n} ({k})" for n, k in figures.completing)
        print(text["reg_completing"].format(list=listed))
    if curve.finished:
        print(text["reg_all_bingo"])
        return
    if math.isinf(curve.expected_draw):
        print(text["reg_never"])
        return
    first = curve.bingo_cards == 0
    print(text["reg_curve_first"] if first else text["reg_curve_next"].format(n=curve.milestone))
    near = (curve.p_any >= 0.9999).nonzero()[0]
    last = int(near[0]) if near.size else len(curve.draws) - 1
    rows = [
        [str(t), _percent(curve.p_any[t]), _fmt(curve.p_any[t]), f"±{curve.error[t]:.4f}"]
        for t in range(curve.now + 1, last + 1)
    ]
    _print_table([text["draws"], text["reg_p"], "", text["reg_err"]], rows)
    what = text["reg_first"] if first else text["reg_following"]
    line = text["reg_expected_draw"].format(what=what, e=curve.expected_draw)
    note = (
        text["exact"]
        if curve.exact
        else text["reg_sampled"].format(
            s=curve.samples, err=curve.max_error, e_err=curve.expected_error
        )
    )
    print(line + " " + note)
