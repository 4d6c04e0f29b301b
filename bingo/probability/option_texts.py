"""What `bingo prob` and `bingo plan` say when they refuse an option, in the event's language
(eventkit.i18n tables, Japanese by default; `eventkit.tomlconf.refused` labels them エラー /
error), and the board options' one check in those words (`check_board_options`), so the odds
engine's own ValueErrors (named after its arguments, in English) never reach the host. No Qt.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bingo.probability._model import MAX_PER_COLUMN, MAX_SIZE, MIN_SIZE
from eventkit.errors import UserError
from eventkit.tomlconf import refused

TABLES: Mapping[str, Mapping[str, Any]] = {
    "ja": {
        "whole": "{name} は整数にしてください（{text!r} ではなく）",
        "size": "--size {size} は範囲外です。{low}〜{high} にしてください",
        "per_column": (
            "--per-column {per_column} は範囲外です。{size}x{size} のカードには {size}〜{high} に"
            "してください（カードは各列の数を {size} 個持ちます）"
        ),
        "threshold": "--threshold {threshold} は使えません。1 以上にしてください",
        "free_odd": (
            "--free-center には奇数の --size が要ります（今は {size}）。--no-free-center にするか、"
            "奇数のサイズにしてください"
        ),
        "cards": "--cards {cards}: 1 以上にしてください",
        "prizes": "--prizes {prizes}: 1 以上にしてください（賞品の数）",
        "prizes_many": (
            "--prizes {prizes} は使うカード {cards} 枚より多いです。{cards} 以下にしてください"
            "（または --cards でカードを増やしてください）"
        ),
        "seed": "--seed {seed}: 0 以上の整数にしてください",
        "samples": "--samples {samples}: 2 以上にしてください",
        "samples_many": (
            "--samples {samples:,} は 1 列 {per_column} 個の {size}x{size} の盤には多すぎます。"
            "{largest:,} までにしてください"
        ),
        "numbers_alone": "--numbers は --registry cards.csv と使います（登録したカードの確率）",
        "json_alone": ("--json は --registry cards.csv か --prizes K（賞品の曲線）と使います"),
        "prizes_drawn": ("--prizes は --drawn と使えません。賞品の曲線は最初の球から数えます"),
        "drawn": (
            "--drawn は列ごとに 1 つ、カンマで区切った整数にしてください（{value!r} ではなく）"
        ),
        "drawn_count": "--drawn には列ごとに 1 つ、{size} 個の数を書いてください（今は {count} 個）",
        "drawn_range": (
            "--drawn の {column} 列目 = {value} は範囲外です。0〜{per_column} にしてください"
        ),
        "registry_board": (
            "{flag} は --registry と使えません。登録したカードの確率は、抽選と同じく config.toml "
            "の盤と台帳のカードで計算します"
        ),
        "registry_cli": "--registry には bingo のコマンドライン（`bingo prob`）が要ります",
        "numbers": (
            "--numbers にはこれまでに出た数を、カンマで区切って書いてください（{value!r} ではなく）"
        ),
        "number_off_board": "--numbers: {n} はこの盤の数ではありません（1〜{total}）",
        "number_twice": "--numbers: {n} が 2 回あります",
        "first": "--first は 12 や 12.5 のような球の番号にしてください（{text!r} ではなく）",
        "first_range": "--first {text}: 1〜{numbers} の球の番号にしてください",
        "threshold_engine": (
            "--threshold {threshold} は {size}x{size} の盤では確率の計算の範囲外です"
            "（{most} まで）。小さくしてください"
        ),
    },
    "en": {
        "whole": "{name} must be a whole number, not {text!r}",
        "size": "--size {size} is out of range: use {low}..{high}",
        "per_column": (
            "--per-column {per_column} is out of range: use {size}..{high} for a {size}x{size} "
            "card (a card holds {size} numbers of each column)"
        ),
        "threshold": "--threshold {threshold}: give 1 or more",
        "free_odd": (
            "--free-center needs an odd --size (now {size}): use --no-free-center or an odd size"
        ),
        "cards": "--cards {cards}: give 1 or more",
        "prizes": "--prizes {prizes}: give 1 or more (the number of prizes)",
        "prizes_many": (
            "--prizes {prizes} is more than the {cards} cards in play: give at most {cards} "
            "(or more cards with --cards)"
        ),
        "seed": "--seed {seed}: give a whole number of 0 or more",
        "samples": "--samples {samples}: give at least 2",
        "samples_many": (
            "--samples {samples:,} is too many for a {size}x{size} board with {per_column} "
            "numbers per column: the largest allowed is {largest:,}"
        ),
        "numbers_alone": (
            "--numbers goes with --registry cards.csv (the odds of the registered cards)"
        ),
        "json_alone": (
            "--json goes with --registry cards.csv or with --prizes K (the prize curves)"
        ),
        "prizes_drawn": (
            "--prizes does not go with --drawn: the prize curves start from the first draw"
        ),
        "drawn": (
            "--drawn must be whole numbers separated by commas (one per column), not {value!r}"
        ),
        "drawn_count": "--drawn needs {size} numbers, one per column, not {count}",
        "drawn_range": "--drawn: column {column} = {value} is out of range: use 0..{per_column}",
        "registry_board": (
            "{flag} does not go with --registry: the registered cards' odds use the board of "
            "config.toml and the registry's cards, as the show does"
        ),
        "registry_cli": "--registry needs the bingo command line (`bingo prob`)",
        "numbers": (
            "--numbers must be the numbers called so far, separated by commas, not {value!r}"
        ),
        "number_off_board": "--numbers: {n} is not on this board (1..{total})",
        "number_twice": "--numbers: {n} appears twice",
        "first": "--first must be a draw number such as 12 or 12.5, not {text!r}",
        "first_range": "--first {text}: give a draw from 1 to {numbers}",
        "threshold_engine": (
            "--threshold {threshold} is above what the odds engine handles on a {size}x{size} "
            "board (up to {most}): give a smaller one"
        ),
    },
}


def check_board_options(
    kind: type[UserError], size: int, per_column: int, threshold: int, free: bool
) -> None:
    """The board options (--size, --per-column, --threshold, --free-center) as the engine
    would take them, refused (a `kind`) in the command's words."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise refused(TABLES, "size", kind, size=size, low=MIN_SIZE, high=MAX_SIZE)
    if not size <= per_column <= MAX_PER_COLUMN:
        raise refused(
            TABLES, "per_column", kind, per_column=per_column, size=size, high=MAX_PER_COLUMN
        )
    if threshold < 1:
        raise refused(TABLES, "threshold", kind, threshold=threshold)
    if free and size % 2 == 0:
        raise refused(TABLES, "free_odd", kind, size=size)
