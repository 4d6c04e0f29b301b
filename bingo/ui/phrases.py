"""Where a line may break: between phrases, never inside a word (issue 35 item 6).

Japanese has no spaces, and Qt's and the browsers' line breaking cut anywhere between two kana
(「スマホでカー/ドを見よう」). Google's BudouX (a small model, no dependencies) splits a text into
phrases; spaces split the English (and the spaces inside Japanese lines) as usual. Qt-free: the
projector's and the operator's texts and the phones' pages (`wbr_html`) all break here.
"""

from __future__ import annotations

import functools
import html
import re

import budoux

ZWSP = "\u200b"  # zero-width space: Qt wraps a QLabel's text there (and only there in a phrase)
_SPACES = re.compile(r"(\s+)")
# never at a line's start (closing marks), never at a line's end (opening marks): 禁則
_CLOSING = set(")）]」』】〉》、。，．,.!！?？%％・:：;；ー")
_OPENING = set("(（[「『【〈《")


@functools.cache
def _parser() -> budoux.Parser:
    return budoux.load_default_japanese_parser()


@functools.lru_cache(maxsize=4096)
def _split(text: str) -> tuple[str, ...]:
    parts: list[str] = []
    for piece in _SPACES.split(text):
        if not piece:
            continue
        if piece.isspace():
            if parts:
                parts[-1] += piece  # a space ends the phrase before it
            else:
                parts.append(piece)
            continue
        parts.extend([piece] if piece.isascii() else _parser().parse(piece))
    return tuple(_keep_marks(parts))


def _keep_marks(parts: list[str]) -> list[str]:
    """Closing marks stay with the phrase before them, opening marks with the one after."""
    out: list[str] = []
    carry = ""
    for part in parts:
        part = carry + part
        carry = ""
        if out and part[0] in _CLOSING and not out[-1][-1:].isspace():
            out[-1] += part
        else:
            out.append(part)
        while out and out[-1].rstrip() and out[-1].rstrip()[-1] in _OPENING:
            tail = out.pop()
            stem = tail.rstrip()[:-1]
            carry = tail[len(stem) :]
            if stem:
                out.append(stem)
    if carry:
        out.append(carry)
    return out


def phrases(text: str) -> list[str]:
    """`text` cut into the pieces a line may break between; "".join(phrases(t)) == t."""
    return list(_split(text)) if text else []


WJ = "\u2060"  # word joiner: no line break here (between the characters of one phrase)


def keep_phrases(text: str) -> str:
    """`text` for Qt's word wrap: a zero-width space between phrases and a word joiner inside
    each Japanese one, so a line breaks between phrases only (Qt otherwise breaks between any two
    kana: 「スマホでカー/ドを見よう」). Both are invisible and take no width."""
    out = []
    for line in text.split("\n"):
        parts = [p if p.isascii() else WJ.join(p) for p in phrases(line)]
        out.append(ZWSP.join(parts))
    return "\n".join(out)


def plain(text: str) -> str:
    """`text` without the marks `keep_phrases` adds."""
    return text.replace(WJ, "").replace(ZWSP, "")


def breakable(text: str) -> str:
    """`text` with a zero-width space between phrases, so Qt's word wrap (QLabel, QTextLayout)
    breaks there and not inside a word (each line still joins back to `text` without them)."""
    return "\n".join(ZWSP.join(phrases(line)) for line in text.split("\n"))


def wbr_html(text: str) -> str:
    """`text` escaped for HTML with <wbr> between phrases (the phones' pages)."""
    return "<wbr>".join(html.escape(part) for part in phrases(text))
