"""Daifugō's rule switches and presets (ルール1..4, the UECda contest's), their names, and the
ranks (階級) a table's places give for the next game, as the seed's tables. No Qt.

The seed's table of rule sets lost its empty cells; it is read left-aligned: 絵柄しばり and
階段しばり only in rule set 1, スペ3返し and 都落ち in rule sets 1 and 2. Its 「革命中と11バック
中は禁止となりません」 (the 2 is not forbidden then) is read as "while the order is reversed",
so 革命 + 11バック, the normal order again, forbids the 2 (games.daifugo.game.would_foul).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from eventkit.errors import UserError


@dataclass(frozen=True)
class Rules:
    """The eight special rules, each a switch."""

    revolution: bool = True  # 革命
    forbidden_finish: bool = True  # 禁止あがり
    eight_cut: bool = True  # 8切り
    eleven_back: bool = True  # 11バック
    suit_lock: bool = False  # 絵柄しばり
    number_lock: bool = False  # 階段しばり
    spade_three: bool = False  # スペ3返し
    miyako_ochi: bool = False  # 都落ち

    @classmethod
    def preset(cls, number: int) -> Rules:
        """ルール1..4 exactly as the seed's table (PRESETS)."""
        if number not in PRESETS:
            raise UserError(f"rule set {number} does not exist: choose 1, 2, 3 or 4")
        return PRESETS[number]

    @classmethod
    def uecda(cls) -> Rules:
        """The UECda contest server's rules as far as these switches go: 革命, 8切り, 絵柄しばり
        and スペ3返し on; 11バック, 禁止あがり, 階段しばり and 都落ち off. Where the contest
        differs beyond the switches, see games/daifugo/uecda/__init__.py."""
        return cls(True, False, True, False, True, False, True, False)

    def preset_number(self) -> int | None:
        return next((n for n, rules in PRESETS.items() if rules == self), None)


# ルール1..4, the seed's table read left-aligned (see the module's docstring)
PRESETS: dict[int, Rules] = {
    1: Rules(
        revolution=True,
        forbidden_finish=True,
        eight_cut=True,
        eleven_back=True,
        suit_lock=True,
        number_lock=True,
        spade_three=True,
        miyako_ochi=True,
    ),
    2: Rules(
        revolution=True,
        forbidden_finish=True,
        eight_cut=True,
        eleven_back=True,
        suit_lock=False,
        number_lock=False,
        spade_three=True,
        miyako_ochi=True,
    ),
    3: Rules(
        revolution=True,
        forbidden_finish=True,
        eight_cut=True,
        eleven_back=True,
        suit_lock=False,
        number_lock=False,
        spade_three=False,
        miyako_ochi=False,
    ),
    4: Rules(
        revolution=True,
        forbidden_finish=False,
        eight_cut=True,
        eleven_back=False,
        suit_lock=False,
        number_lock=False,
        spade_three=False,
        miyako_ochi=False,
    ),
}


RULE_NAMES = {
    "revolution": ("革命", "Revolution"),
    "forbidden_finish": ("禁止あがり", "Forbidden finish"),
    "eight_cut": ("8切り", "8-cut"),
    "eleven_back": ("11バック", "11-back"),
    "suit_lock": ("絵柄しばり", "Suit lock"),
    "number_lock": ("階段しばり", "Number lock"),
    "spade_three": ("スペ3返し", "Spade 3 return"),
    "miyako_ochi": ("都落ち", "Capital fall"),
}


class Title(Enum):
    """階級: the rank a player holds for one game."""

    DAIFUGO = 0
    FUGO = 1
    HEIMIN = 2
    HINMIN = 3
    DAIHINMIN = 4

    @property
    def ja(self) -> str:
        return ("大富豪", "富豪", "平民", "貧民", "大貧民")[self.value]

    @property
    def en(self) -> str:
        return ("Grand Millionaire", "Millionaire", "Commoner", "Poor", "Grand Poor")[self.value]

    def label(self, language: str = "ja") -> str:
        return self.ja if language == "ja" else self.en


_RANK_TABLE = {
    5: (Title.DAIFUGO, Title.FUGO, Title.HEIMIN, Title.HINMIN, Title.DAIHINMIN),
    4: (Title.DAIFUGO, Title.FUGO, Title.HINMIN, Title.DAIHINMIN),
    3: (Title.FUGO, Title.HEIMIN, Title.HINMIN),
    2: (Title.FUGO, Title.HINMIN),
}


def ranks_from_places(places: Sequence[int]) -> tuple[Title, ...]:
    """Titles per seat from the previous game's places (seats 1st to last), as the seed's table."""
    n = len(places)
    if n not in _RANK_TABLE or sorted(places) != list(range(n)):
        raise ValueError(f"places must be a permutation of 0..n-1 with 2-5 players, got {places}")
    titles: list[Title] = [Title.HEIMIN] * n
    for place, seat in enumerate(places):
        titles[seat] = _RANK_TABLE[n][place]
    return tuple(titles)
