"""The one legality rule of the UECda server that our engine's switches do not cover: a sequence
must lie wholly above the one it beats (wholly below while reversed). The standard server's
``compare_card_status`` compares a sequence's lowest card with the field's lowest card plus its
length, so 4-5-6 does not beat 3-4-5 there (our engine accepts it)."""

from __future__ import annotations

from games.daifugo.plays import SEQUENCE, Play


def refusal(play: Play | None, top: Play | None, reversed_order: bool) -> str | None:
    """None when the contest server accepts `play` on `top` (given that our engine does), else
    why not in English."""
    if play is None or top is None or play.kind != SEQUENCE or top.kind != SEQUENCE:
        return None
    if reversed_order:
        if play.hi < top.lo:
            return None
        return f"{play} does not lie wholly below {top} (UECda sequences may not overlap)"
    if play.lo > top.hi:
        return None
    return f"{play} does not lie wholly above {top} (UECda sequences may not overlap)"
