"""Daifugō's entry in the game registry (games.common.registry): what the phone hub needs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.common.registry import GameEntry, TableSettings, register
from games.common.table import TableProtocol
from games.daifugo.chips import ROOMS
from games.daifugo.game import Game

RULE_SETS = ("1", "2", "3", "4")  # [daifugo] rule_set: the table plays Rules.preset(n)


def new_table(s: TableSettings) -> TableProtocol:
    from games.daifugo.ruleset import Rules
    from games.daifugo.table import TableSession

    table: TableProtocol = TableSession(
        players=s.players,
        people=s.people,
        seed=s.seed,
        language=s.language,
        cpu_levels=tuple(s.cpu_levels),
        names=list(s.names) if s.names else None,
        rules=Rules.preset(int(s.rules)) if s.rules else None,
        room=ROOMS[s.stake or "beginner"],
        bank=s.bank,  # type: ignore[arg-type]
    )
    return table


def public_text(applied: object, text: str, seat: int | None) -> str | None:
    """Card passing shows its cards to giver and receiver only; every other action is public."""
    from games.daifugo.plays import Give

    if not isinstance(getattr(applied, "action", None), Give):
        return text
    gift = getattr(applied, "gift", None)
    if seat is not None and gift is not None and seat in (gift.giver, gift.receiver):
        return text
    return None


def event_texts(applied: object, language: str) -> list[str]:
    """What an action set off (8切り, 革命, 都落ち...) in the Qt window's banner words."""
    codes = getattr(applied, "announcements", ()) or ()
    if not codes:
        return []
    from games.daifugo.texts import EVENT_TEXTS

    words = EVENT_TEXTS.get(language) or EVENT_TEXTS["ja"]
    return [words.get(code, code) for code in codes]


def check_room(stake: str | None, rules: str | None) -> None:
    if stake not in ROOMS:
        raise ValueError(f"stake {stake!r}: use {', '.join(ROOMS)}")
    if rules is not None and rules not in RULE_SETS:
        raise ValueError(f"rules {rules!r}: use a rule set 1-4")


def stake_of(stake: str | None) -> int:
    return ROOMS[stake or "beginner"].stake


def largest_fee(stake: str | None) -> int:
    """The 大富豪's fee: a balance below it is topped up at the deal."""
    from games.daifugo.chips import fee
    from games.daifugo.ruleset import Title

    return fee(ROOMS[stake or "beginner"], Title.DAIFUGO)


def room_label(stake: str | None, number: int, language: str) -> str:
    return ROOMS[stake or "beginner"].label(language)


def page_texts(language: str) -> Mapping[str, object]:
    """The Qt window's words (games.daifugo.texts.TEXTS) and the titles' names, in `language`."""
    from games.daifugo.ruleset import Title
    from games.daifugo.texts import TEXTS

    chosen = TEXTS.get(language) or TEXTS["ja"]
    words: dict[str, object] = {k: v for k, v in chosen.items() if isinstance(v, str)}
    words["titles"] = [title.label(language) for title in Title]
    return words


def screen_summary(*args: Any) -> Any:
    from games.daifugo.room_screen import summary

    return summary(*args)


def new_cpu(level: str, seed: int | None) -> object:
    from games.daifugo.ai import CPU

    return CPU(level, seed)


ENTRY = GameEntry(
    info=Game.info,
    labels={"ja": "大富豪", "en": "Daifugō"},
    engine=Game,
    new_table=new_table,
    public_text=public_text,
    room_label=room_label,
    page_texts=page_texts,
    money=True,
    stakes=tuple(ROOMS),
    check_room=check_room,
    stake_of=stake_of,
    largest_fee=largest_fee,
    new_cpu=new_cpu,
    screen_summary=screen_summary,
    event_texts=event_texts,
)
register(ENTRY)
