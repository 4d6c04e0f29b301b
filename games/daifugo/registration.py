"""Daifugō's entry in the game registry (games.common.registry): what the phone hub needs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eventkit.tomlconf import get_int_in, get_list, mistake, report, show
from games.common.registry import (
    GameEntry,
    MenuTile,
    PhoneRooms,
    RoomPlan,
    TableSettings,
    settings_as,
    unless_default,
)
from games.common.table import TableProtocol
from games.daifugo.chips import MONEY, PLAY_FEE_PERCENT, ROOMS, ChipBank
from games.daifugo.game import Game
from games.daifugo.ruleset import PRESETS

RULE_SETS = ("1", "2", "3", "4")  # [daifugo] rule_set: the table plays Rules.preset(n)


def _chip_bank(bank: object | None) -> ChipBank | None:
    """The room's bank: one `MONEY.bank` made (a ChipBank), or None."""
    if bank is not None and not isinstance(bank, ChipBank):
        raise TypeError(f"a Daifugō table keeps its chips in a ChipBank, not {type(bank)}")
    return bank


def new_table(s: TableSettings) -> TableProtocol:
    from games.daifugo.settings import DaifugoSettings
    from games.daifugo.table import TableSession

    table: TableProtocol = TableSession(
        players=s.players,
        people=s.people,
        seed=s.seed,
        language=s.language,
        cpu_levels=tuple(s.cpu_levels),
        rules=s.rules or "1",  # a room's record keeps preset 1 as None (unless_default)
        settings=settings_as(s.settings, DaifugoSettings),
        names=list(s.names) if s.names else None,
        room=ROOMS[s.stake or "beginner"],
        bank=_chip_bank(s.bank),
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


def rules_label(rules: str | None, language: str) -> tuple[str, str]:
    """A room's rule set ("1".."4"; None: ルール1) by its name and its special rules in a line:
    ("ルール2", "革命・禁止あがり・8切り・11バック・スペ3返し・都落ち")."""
    from games.daifugo.ruleset import Rules
    from games.daifugo.texts import TEXTS, rules_summary

    number = int(rules or "1")
    words = TEXTS.get(language) or TEXTS["ja"]
    return str(words["rule_set"]).format(n=number), rules_summary(Rules.preset(number), language)


def room_label(stake: str | None, number: int, language: str) -> str:
    return ROOMS[stake or "beginner"].label(language)


def page_texts(language: str) -> Mapping[str, object]:
    """The Qt window's words (games.daifugo.texts.TEXTS) and the titles' names, in `language`."""
    from games.daifugo.ruleset import Title
    from games.daifugo.texts import EVENT_TEXTS, TEXTS

    chosen = TEXTS.get(language) or TEXTS["ja"]
    words: dict[str, object] = {k: v for k, v in chosen.items() if isinstance(v, str)}
    words["titles"] = [title.label(language) for title in Title]
    words["play_fee_percent"] = PLAY_FEE_PERCENT  # the results' parts
    words["events"] = dict(EVENT_TEXTS.get(language) or EVENT_TEXTS["ja"])  # the trick's log
    return words


def screen_summary(*args: Any) -> Any:
    from games.daifugo.room_screen import summary

    return summary(*args)


def new_cpu(level: str, seed: int | None) -> object:
    from games.daifugo.ai import CPU

    return CPU(level, seed)


@dataclass(frozen=True)
class PhoneRoomKeys:
    """[games_web]'s Daifugō keys: ``daifugo_rooms`` (one room per stake listed),
    ``daifugo_seats`` and ``daifugo_rule_sets`` (the rule set, ルール1..4, of each room in
    daifugo_rooms' order; one number: every room; empty: [daifugo] rule_set in every room)."""

    stakes: tuple[str, ...] = tuple(ROOMS)
    seats: int = 5
    rule_sets: tuple[int, ...] = ()

    def rule_set_of(self, index: int, default: int) -> int:
        """The rule set of the `index`-th room (0-based): its own, the one for all, or
        `default` ([daifugo] rule_set)."""
        if not self.rule_sets:
            return default
        return self.rule_sets[min(index, len(self.rule_sets) - 1)]


def parse_room_keys(section: str, table: dict[str, Any]) -> PhoneRoomKeys:
    from games.daifugo.settings import TEXTS

    d = PhoneRoomKeys()
    stakes = get_list(section, table, "daifugo_rooms", str, d.stakes)
    for stake in stakes:
        if stake not in ROOMS:
            stakes = report(
                mistake(
                    TEXTS, "rooms", section=section, value=show(stake), choices=", ".join(ROOMS)
                ),
                d.stakes,
            )
            break
    info = Game.info
    seats = get_int_in(section, table, "daifugo_seats", d.seats, info.min_players, info.max_players)
    return PhoneRoomKeys(tuple(stakes), seats, _rule_sets(section, table, len(stakes)))


def _rule_sets(section: str, table: dict[str, Any], rooms: int) -> tuple[int, ...]:
    """``daifugo_rule_sets``: 1..4 each, one per room (or one for every room)."""
    from games.daifugo.settings import TEXTS

    numbers: tuple[int, ...] = get_list(section, table, "daifugo_rule_sets", int, ())
    for number in numbers:
        if number not in PRESETS:
            return report(mistake(TEXTS, "rule_sets", section=section, value=show(number)), ())
    if len(numbers) > 1 and len(numbers) != rooms:
        return report(
            mistake(TEXTS, "rule_sets_count", section=section, given=len(numbers), rooms=rooms),
            (),
        )
    return numbers


def parse_rules(table: dict[str, Any]) -> object:
    from games.daifugo.settings import parse_settings

    return parse_settings(table)


def room_plans(keys: object, rules: object | None) -> Sequence[RoomPlan]:
    """One room per stake listed (a second room of the same stake gets -2, -3...), each
    playing its rule set of daifugo_rule_sets, else [daifugo] rule_set (the preset) as the Qt
    game does."""
    from games.daifugo.settings import DaifugoSettings

    assert isinstance(keys, PhoneRoomKeys)
    settings = rules if isinstance(rules, DaifugoSettings) else DaifugoSettings()
    out: list[RoomPlan] = []
    count: dict[str, int] = {}
    for index, stake in enumerate(keys.stakes):
        count[stake] = count.get(stake, 0) + 1
        suffix = "" if count[stake] == 1 else f"-{count[stake]}"
        out.append(
            RoomPlan(
                f"daifugo-{stake}{suffix}",
                keys.seats,
                stake=stake,
                rules=unless_default(str(keys.rule_set_of(index, settings.rule_set)), "1"),
            )
        )
    return out


ROOMS_KEYS = PhoneRooms(
    keys=("daifugo_rooms", "daifugo_seats", "daifugo_rule_sets"),
    parse=parse_room_keys,
    plans=room_plans,
    none="daifugo_rooms = []",
    example='daifugo_rooms = ["beginner"]',
    rules_section="daifugo",
    parse_rules=parse_rules,
)

ENTRY = GameEntry(
    info=Game.info,
    labels={"ja": "大富豪", "en": "Daifugō"},
    engine=Game,
    new_table=new_table,
    public_text=public_text,
    room_label=room_label,
    page_texts=page_texts,
    chips=MONEY,
    stakes=tuple(ROOMS),
    check_room=check_room,
    stake_of=stake_of,
    largest_fee=largest_fee,
    rule_sets=RULE_SETS,
    rules_label=rules_label,
    new_cpu=new_cpu,
    screen_summary=screen_summary,
    event_texts=event_texts,
    rooms=ROOMS_KEYS,
    phone_script=Path(__file__).resolve().parent / "web" / "daifugo.js",
    phone_style=Path(__file__).resolve().parent / "web" / "daifugo.css",
    app="games.daifugo.app",
    menu=MenuTile(
        lines={
            "ja": "階級・革命・8切り。日本の定番トランプ（2〜5人）",
            "en": "Japan's classic: ranks, revolutions and 8-cuts (2-5 players)",
        },
        cards=("2S", "JK", "8D"),
        rank=3,
    ),
)
