"""The `[cool24]` section of config.toml -> a frozen `Cool24Settings`.

Defaults follow the seed: base points 0..100 over lap 1 (0..24 cards played) and 100..1,000 over
lap 2 (25..48), bonuses 50 / 20 / 10, +4 to the bonus multiplier in lap 2 (x1 -> x5), refill
bias (3.0 - played x 0.1) in lap 1. Every bad value is a one-line `ConfigError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eventkit.tomlconf import (
    check_colour,
    check_keys,
    get_int_in,
    get_list,
    get_value,
    load_section,
    mistake,
    resolve_path,
    show,
)

SECTION = "cool24"
NUMBERS: tuple[str, ...] = ("9", "10", "J", "Q", "K", "A")
CARDS_PER_LAP = 24
MAX_PLAYED = 2 * CARDS_PER_LAP
BONUS_KINDS: tuple[str, ...] = ("straight_flush", "four_of_a_kind", "flush")
# its mistakes in the event's language (eventkit.tomlconf.mistake)
TEXTS: Mapping[str, Mapping[str, str]] = {
    "ja": {
        "card_table": (
            "cool24.card_win_table に {count} 個あります。{need} 個（出したカードが 0、1、…、"
            "{most} 枚のときの基本点）にしてください"
        ),
        "card_points": (
            "cool24.card_win_table[{i}] = {value} は範囲外です。0〜1000000000 にしてください"
        ),
        "bias_start": (
            "cool24.bias_start = {value} は範囲外です。0〜100 にしてください（元のゲーム: 3.0）"
        ),
        "bias_step": (
            "cool24.bias_step = {value} は範囲外です。0〜10 にしてください（元のゲーム: 0.1）"
        ),
        "suits": "cool24.suits = {value} は 4 つの、空でないちがう名前にしてください",
        "suit_prefix": (
            'cool24.suits: "{a}" が "{b}" の始まりと同じで、カードの記号が紛らわしくなります。'
            "どちらかの名前を変えてください"
        ),
        "suit_colors": "cool24.suit_colors に {count} 色あります。ちょうど 4 色にしてください",
        "hand_table": ("{where} = {value} は表にしてください（例: hand_win_table = {example}）"),
        # `games cool24`'s options (games.cool24.app; eventkit.tomlconf.refused)
        "simulate_none": "--simulate {n}: ゲームの数は 1 以上にしてください",
        "simulate_many": (
            "--simulate {n:,} は多すぎます。{most:,} までにしてください（もっと要るなら --seed を"
            "変えて何回か実行してください）"
        ),
        "rollouts": "--rollouts {n}: 1 以上にしてください",
        "seed": "--seed {seed} は範囲外です。0〜{most} にしてください",
        "plot_alone": "--plot には --simulate N が要ります（例: --simulate 100000 --plot payout.png）",
        "plot_unwritable": "グラフを {path} に書けません（{reason}）。別の --plot にしてください",
    },
    "en": {
        "card_table": (
            "cool24.card_win_table has {count} entries: give {need}, the base "
            "points for 0, 1, ..., {most} cards played"
        ),
        "card_points": "cool24.card_win_table[{i}] = {value} is out of range: use 0..1000000000",
        "bias_start": "cool24.bias_start = {value} is out of range: use 0..100 (seed: 3.0)",
        "bias_step": "cool24.bias_step = {value} is out of range: use 0..10 (seed: 0.1)",
        "suits": "cool24.suits = {value} must be 4 different, non-empty names",
        "suit_prefix": (
            'cool24.suits: "{a}" is the start of "{b}", so card codes would be ambiguous: '
            "rename one"
        ),
        "suit_colors": "cool24.suit_colors has {count} colours: give exactly 4",
        "hand_table": "{where} = {value} must be a table, e.g. hand_win_table = {example}",
        "simulate_none": "--simulate {n}: give a number of games of at least 1",
        "simulate_many": (
            "--simulate {n:,} is too many: the largest allowed is {most:,} (run it several "
            "times with different --seed values for more)"
        ),
        "rollouts": "--rollouts {n}: give at least 1",
        "seed": "--seed {seed} is out of range: use 0..{most}",
        "plot_alone": "--plot needs --simulate N: e.g. --simulate 100000 --plot payout.png",
        "plot_unwritable": "cannot write the plot to {path}: {reason}; choose another --plot path",
    },
}


def default_card_win_table() -> tuple[int, ...]:
    """Base points for 0..48 cards played: linear 0->100 over lap 1, 100->1,000 over lap 2."""
    lap1 = [round(100 * n / CARDS_PER_LAP) for n in range(CARDS_PER_LAP + 1)]
    lap2 = [round(100 + 900 * n / CARDS_PER_LAP) for n in range(1, CARDS_PER_LAP + 1)]
    return tuple(lap1 + lap2)


@dataclass(frozen=True)
class Cool24Settings:
    """Everything the rules, the simulator and the Qt game read from `[cool24]`."""

    card_win_table: tuple[int, ...] = default_card_win_table()
    hand_win_table: tuple[int, int, int] = (50, 20, 10)  # straight flush, four of a kind, flush
    hand_win_multi: int = 4
    bias: bool = True
    bias_start: float = 3.0
    bias_step: float = 0.1
    suits: tuple[str, ...] = ("r", "g", "b", "y")
    suit_colors: tuple[str, ...] = ("#ff4b5c", "#2fbf4f", "#3d7bff", "#ffc21a")
    image_dir: Path = Path("img/cool24")
    language: str = "ja"
    hint: bool = True

    def bonus_points(self, kind: str) -> int:
        return self.hand_win_table[BONUS_KINDS.index(kind)]

    def bias_factor(self, played: int) -> float:
        """Weight of a favoured card when `played` cards are down in lap 1 (never below 0)."""
        return max(0.0, self.bias_start - played * self.bias_step)


def parse_settings(
    table: dict[str, Any], *, base_dir: Path = Path("."), language: str = "ja"
) -> Cool24Settings:
    """Validate a `[cool24]` table."""
    d = Cool24Settings()
    s = SECTION
    check_keys(
        s,
        table,
        {
            "card_win_table",
            "hand_win_table",
            "hand_win_multi",
            "bias",
            "bias_start",
            "bias_step",
            "suits",
            "suit_colors",
            "image_dir",
            "hint",
        },
    )
    cards = get_list(s, table, "card_win_table", int, d.card_win_table)
    if len(cards) != MAX_PLAYED + 1:
        raise mistake(TEXTS, "card_table", count=len(cards), need=MAX_PLAYED + 1, most=MAX_PLAYED)
    for i, v in enumerate(cards):
        if not 0 <= v <= 1_000_000_000:
            raise mistake(TEXTS, "card_points", i=i, value=v)
    hands = _parse_hand_table(table.get("hand_win_table"), d.hand_win_table)
    multi = get_int_in(s, table, "hand_win_multi", d.hand_win_multi, 0, 1000)
    bias_start = get_value(s, table, "bias_start", float, d.bias_start)
    if not 0.0 <= bias_start <= 100.0:
        raise mistake(TEXTS, "bias_start", value=bias_start)
    bias_step = get_value(s, table, "bias_step", float, d.bias_step)
    if not 0.0 <= bias_step <= 10.0:
        raise mistake(TEXTS, "bias_step", value=bias_step)
    suits = get_list(s, table, "suits", str, d.suits)
    if len(suits) != 4 or len(set(suits)) != 4 or any(not x.strip() for x in suits):
        raise mistake(TEXTS, "suits", value=list(suits))
    for a in suits:
        for b in suits:
            if a != b and b.startswith(a):
                raise mistake(TEXTS, "suit_prefix", a=a, b=b)
    colours = get_list(s, table, "suit_colors", str, d.suit_colors)
    if len(colours) != 4:
        raise mistake(TEXTS, "suit_colors", count=len(colours))
    for i, c in enumerate(colours):
        check_colour(f"{s}.suit_colors[{i}]", c)
    image_text = get_value(s, table, "image_dir", str, str(d.image_dir))
    return Cool24Settings(
        card_win_table=tuple(cards),
        hand_win_table=hands,
        hand_win_multi=multi,
        bias=get_value(s, table, "bias", bool, d.bias),
        bias_start=bias_start,
        bias_step=bias_step,
        suits=tuple(suits),
        suit_colors=tuple(colours),
        image_dir=resolve_path(s, "image_dir", image_text, base_dir),
        language=language,
        hint=get_value(s, table, "hint", bool, d.hint),
    )


def _parse_hand_table(value: Any, default: tuple[int, int, int]) -> tuple[int, int, int]:
    where = f"{SECTION}.hand_win_table"
    example = "{ straight_flush = 50, four_of_a_kind = 20, flush = 10 }"
    if value is None:
        return default
    if not isinstance(value, dict):
        raise mistake(TEXTS, "hand_table", where=where, value=show(value), example=example)
    check_keys(where, value, set(BONUS_KINDS))
    points = []
    for kind, fallback in zip(BONUS_KINDS, default, strict=True):
        points.append(get_int_in(where, value, kind, fallback, 0, 1_000_000_000))
    return (points[0], points[1], points[2])


def settings_from_file(path: str | Path | None) -> Cool24Settings:
    """[cool24] of a config file (paths relative to the file)."""
    loaded = load_section(path, SECTION)
    return parse_settings(loaded.table, base_dir=loaded.base_dir, language=loaded.language)


def check_section(table: dict[str, Any], base_dir: Path) -> Cool24Settings:
    """The [cool24] checker of `bingo check-config` (declared in pyproject.toml)."""
    return parse_settings(table, base_dir=base_dir)
