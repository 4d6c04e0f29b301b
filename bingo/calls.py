"""The words of a call: "Pの7" as a Japanese caller says it (「ピーの、なな」), or "P, seven". No Qt.

Japanese callers read the column, の, a pause, then the number in the readings that cannot be
misheard in a noisy room: よん (not し), なな (not しち), きゅう (not く), as in じゅうよん,
ななじゅう, ひゃくごじゅう. The text is kana only, so every Japanese voice reads it right, also
espeak-ng's, which reads kana but not kanji.

Column names (columns.names: any non-empty text) are read by their form:
- one Latin letter, or up to three capitals ("P", "PL"): spelled, in Japanese with the letter
  names used in Japan (ピー, エル, ビー ...), in English as spaced letters ("P L");
- digits alone ("4", "10"): a number (よん / "four");
- digits after Latin letters ("O2"): as said in Japan, in English (オーツー / "O two");
- a longer word ("Red", "Bingo"): as written, for the voice to read;
- kana and kanji: as written; symbols (★, !, emoji) are not read. A name with nothing left to
  read gives a call of the number alone.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bingo.config import Config

_JA_DIGITS = ["", "いち", "に", "さん", "よん", "ご", "ろく", "なな", "はち", "きゅう"]
_JA_HUNDREDS = {1: "ひゃく", 3: "さんびゃく", 6: "ろっぴゃく", 8: "はっぴゃく"}
_JA_THOUSANDS = {1: "せん", 3: "さんぜん", 8: "はっせん"}
_JA_MAN = "まん"

_JA_LETTERS = {
    "A": "エー", "B": "ビー", "C": "シー", "D": "ディー", "E": "イー", "F": "エフ",
    "G": "ジー", "H": "エイチ", "I": "アイ", "J": "ジェー", "K": "ケー", "L": "エル",
    "M": "エム", "N": "エヌ", "O": "オー", "P": "ピー", "Q": "キュー", "R": "アール",
    "S": "エス", "T": "ティー", "U": "ユー", "V": "ブイ", "W": "ダブリュー", "X": "エックス",
    "Y": "ワイ", "Z": "ゼット",
}  # fmt: skip
# Digits inside a Latin name ("O2") are said in English, in katakana, as people in Japan do.
_JA_ENGLISH_DIGITS = ["ゼロ", "ワン", "ツー", "スリー", "フォー", "ファイブ", "シックス", "セブン",
                      "エイト", "ナイン"]  # fmt: skip

_EN_ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
            "seventeen", "eighteen", "nineteen"]  # fmt: skip
_EN_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

_TOKENS = re.compile(r"[A-Za-z]+|[0-9]+|[^\W\d_A-Za-z]+", re.UNICODE)


@dataclass(frozen=True)
class Call:
    """One call: the label as written on screen ("Pの7" / "P 7") and the words to say."""

    label: str
    speech: str


def ja_number(n: int) -> str:
    """A whole number 0..99,999,999 in hiragana, the caller's way (よん, なな, きゅう)."""
    if not 0 <= n < 100_000_000:
        raise ValueError(f"{n} is out of range for a call (0..99999999)")
    if n == 0:
        return "ゼロ"
    man, rest = divmod(n, 10_000)
    out = (ja_number(man) + _JA_MAN) if man else ""
    thousands, rest = divmod(rest, 1000)
    hundreds, rest = divmod(rest, 100)
    tens, ones = divmod(rest, 10)
    if thousands:
        out += _JA_THOUSANDS.get(thousands, _JA_DIGITS[thousands] + "せん")
    if hundreds:
        out += _JA_HUNDREDS.get(hundreds, _JA_DIGITS[hundreds] + "ひゃく")
    if tens:
        out += ("" if tens == 1 else _JA_DIGITS[tens]) + "じゅう"
    return out + _JA_DIGITS[ones]


def en_number(n: int) -> str:
    """A whole number 0..999,999 in English words: 150 -> "one hundred fifty"."""
    if not 0 <= n < 1_000_000:
        raise ValueError(f"{n} is out of range for a call (0..999999)")
    if n < 20:
        return _EN_ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _EN_TENS[tens] + (f"-{_EN_ONES[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_EN_ONES[hundreds]} hundred" + (f" {en_number(rest)}" if rest else "")
    thousands, rest = divmod(n, 1000)
    return f"{en_number(thousands)} thousand" + (f" {en_number(rest)}" if rest else "")


def _digits(run: str, read: Callable[[int], str]) -> str:
    """Leading zeros are said one by one ("07" -> zero seven), then the number."""
    zeros = len(run) - len(run.lstrip("0"))
    if zeros == len(run):
        zeros -= 1
    return " ".join([read(0)] * zeros + [read(int(run[zeros:]))])


def _spelled(run: str) -> bool:
    return len(run) == 1 or (run.isupper() and len(run) <= 3)


def column_speech(name: str, language: str) -> str:
    """How a column name is read out (see the module docstring); "" when nothing is readable."""
    text = unicodedata.normalize("NFKC", name).strip()
    tokens = _TOKENS.findall(text)
    latin = any(t.isascii() and t.isalpha() for t in tokens)
    words: list[str] = []
    for token in tokens:
        if token.isascii() and token.isalpha():
            if _spelled(token):
                letters = [c.upper() for c in token]
                words.append(
                    "".join(_JA_LETTERS[c] for c in letters)
                    if language == "ja"
                    else " ".join(letters)
                )
            else:
                words.append(token)
        elif token.isascii() and token.isdigit():
            if language == "ja" and latin:
                words.append("".join(_JA_ENGLISH_DIGITS[int(c)] for c in token))
            elif language == "ja":
                words.append(_digits(token, ja_number).replace(" ", ""))
            else:
                words.append(_digits(token, en_number))
        else:
            words.append(token)
    return ("" if language == "ja" else " ").join(words)


def call_for(number: int, names: tuple[str, ...], numbers_per_column: int, language: str) -> Call:
    """The call for `number` on a board whose column c holds c*M+1 .. (c+1)*M."""
    if number < 1 or numbers_per_column < 1:
        raise ValueError(f"no call for number {number} with {numbers_per_column} per column")
    column = (number - 1) // numbers_per_column
    if column >= len(names):
        raise ValueError(f"number {number} is not on a board of {len(names)} columns")
    name = names[column]
    spoken_name = column_speech(name, language)
    if language == "ja":
        label = f"{name}の{number}"
        speech = f"{spoken_name}の、{ja_number(number)}" if spoken_name else ja_number(number)
    else:
        label = f"{name} {number}"
        speech = f"{spoken_name}, {en_number(number)}" if spoken_name else en_number(number)
    return Call(label, speech)


def call_of(config: Config, number: int) -> Call:
    """The call for `number` under a bingo.config.Config (its columns and language)."""
    return call_for(
        number,
        tuple(config.columns.names),
        config.board.numbers_per_column,
        config.event.language,
    )
