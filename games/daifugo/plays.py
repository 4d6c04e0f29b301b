"""Daifugō plays: what cards make a play (single, set, sequence, the joker's stand-in), their
strength, the actions (Play, Pass, Give) and the one error type with its reason codes. No Qt."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum

from eventkit.errors import UserError
from games.common.cards import JOKER, AnyCard, Card, Rank, Suit, parse_card
from games.common.protocol import IllegalMove


class PlayKind(IntEnum):
    SINGLE = 1
    SET = 2
    SEQUENCE = 3


SINGLE, SET, SEQUENCE = PlayKind.SINGLE, PlayKind.SET, PlayKind.SEQUENCE
SPADE_3 = Card(Rank.THREE, Suit.SPADES)
MAX_HAND = 15
LONE_JOKER_STRENGTH = 16
SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class IllegalDaifugoMove(IllegalMove):
    """A play, pass or gift the Daifugō rules refuse; `code` is one of the keys of `messages`."""

    messages = {
        "no_cards": "choose at least one card to play (or pass)",
        "one_joker": "there is only one joker",
        "card_twice": "the same card appears twice in the play",
        "only_joker_stands": "only the joker can stand for another card: write JK=5S",
        "joker_real_card": "'{item}': the joker must stand for a real card, like JK=5S",
        "lone_joker_face": "a lone joker stands for itself: play it as JK",
        "set_too_big": "a set has at most 4 cards (the joker cannot make a fifth)",
        "joker_set_face": (
            "in a set of {rank}s the joker must stand for a {rank} of a suit not already in it"
        ),
        "not_a_play": (
            "not a play: use one card, 2-4 cards of one rank, or 3+ consecutive cards of one suit"
        ),
        "not_a_sequence": "{cards} is not a sequence: the numbers must be consecutive",
        "joker_no_sequence": "{cards} and the joker do not make a sequence",
        "only_spade_three": "only the ♠3 beats a lone joker (スペ3返し): pass",
        "nothing_beats_joker": "nothing beats a lone joker: pass",
        "field_needs": "the field needs {shape} ({top})",
        "not_stronger": "{play} is not stronger than {top}",
        "not_stronger_reversed": "{play} is not stronger than {top} (the order is reversed: {why})",
        "suit_lock": "絵柄しばり: the field is locked to {suits}",
        "number_lock": "階段しばり: the next play must be {rank}",
        "number_lock_end": "階段しばり: nothing can follow",
        "not_in_hand": "{card} is not in your hand",
        "exchange_first": "pass cards first (card passing before the game)",
        "game_over": "the game is over",
        "lead_no_pass": "you lead: play a card (the field is empty)",
        "no_exchange": "there is no card passing now",
        "give_count": "give exactly {count} different card(s)",
        "give_not_in_hand": "{card} is not in the giver's hand",
        "give_strongest": "{title} must give the strongest card (one of {cards})",
        "not_an_action": "{action} is not a Daifugō action",
        "joker_suit": (
            "without 絵柄しばり the joker's suit in a set makes no difference: play it as {play}"
        ),
    }


_why = IllegalDaifugoMove
_STRENGTH = [0, 0, 15, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]


def strength(rank: Rank) -> int:
    """3..13 for 3..K, 14 for A, 15 for 2."""
    return _STRENGTH[rank]


def rank_of_strength(value: int) -> Rank:
    return Rank.TWO if value == 15 else Rank(value)


def card_strength(card: AnyCard) -> int:
    rank = card.rank
    return LONE_JOKER_STRENGTH if rank is None else _STRENGTH[rank]


# ---------------------------------------------------------------------------- plays


@dataclass(frozen=True, slots=True)
class Play:
    """One play: the physical cards and what they count as (a joker's face is its stand-in)."""

    kind: PlayKind
    cards: tuple[AnyCard, ...]
    faces: tuple[AnyCard, ...]
    lo: int
    hi: int
    suits: frozenset[Suit]
    has_joker: bool

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def lone_joker(self) -> bool:
        return self.kind == SINGLE and self.has_joker

    @property
    def rank(self) -> Rank | None:
        """The rank of a single or set (None for a lone joker or a sequence)."""
        if self.kind == SEQUENCE or self.lone_joker:
            return None
        return self.faces[0].rank

    def key(self, reversed_order: bool) -> int:
        return self.hi if reversed_order else self.lo

    @property
    def codes(self) -> tuple[str, ...]:
        out = []
        for card, face in zip(self.cards, self.faces, strict=True):
            if card.is_joker and not face.is_joker:
                out.append(f"JK={face}")
            else:
                out.append(str(card))
        return tuple(out)

    def __str__(self) -> str:
        return " ".join(self.codes)

    @classmethod
    def parse(cls, text: str) -> Play:
        """The play written as its `str()` ("5S 5H", "JK=7D 7S", "JK"); a bare joker inside a
        set or sequence must say what it stands for unless only one reading exists."""
        readings = classify(parse_move(str(text).split()))
        if len(readings) > 1:
            raise UserError(f"'{text}': say what the joker stands for, like JK=5S")
        return readings[0]


@dataclass(frozen=True)
class Pass:
    """Pass this turn (not when leading)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Give:
    """Card passing before play: the giver hands these cards over."""

    cards: tuple[AnyCard, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(parse_card(c) for c in self.cards))

    def __str__(self) -> str:
        return " ".join(["give", *(str(c) for c in self.cards)])


Action = Play | Pass | Give


def _make_play(kind: PlayKind, pairs: Sequence[tuple[AnyCard, AnyCard]]) -> Play:
    """pairs: (physical card, face), already sorted by face strength."""
    cards = tuple(p for p, _ in pairs)
    faces = tuple(f for _, f in pairs)
    strengths = [card_strength(f) for f in faces]
    has_joker = any(c.is_joker for c in cards)
    suits = frozenset(f.suit for f in faces if not f.is_joker)
    return Play(kind, cards, faces, min(strengths), max(strengths), suits, has_joker)


def single(card: AnyCard) -> Play:
    return _make_play(SINGLE, [(card, card)])


def _face_sort(pairs: Sequence[tuple[AnyCard, AnyCard]]) -> list[tuple[AnyCard, AnyCard]]:
    return sorted(pairs, key=lambda p: (card_strength(p[1]), SUIT_ORDER.index(p[1].suit)))


def classify(tokens: Sequence[tuple[AnyCard, AnyCard | None]]) -> list[Play]:
    """Every reading of the given cards as a play (several when a bare joker is in it).

    tokens: (physical card, the joker's stand-in or None). Raises IllegalMove naming the problem
    when the cards form no play.
    """
    n = len(tokens)
    real, joker_face = _check_tokens(tokens)
    joker = len(real) < n
    if n == 1:
        if joker:
            if joker_face is not None:
                raise _why("lone_joker_face")
            return [_make_play(SINGLE, [(JOKER, JOKER)])]
        return [single(real[0])]
    if len({c.rank for c in real}) == 1:
        return _set_readings(real, joker, joker_face)
    if n < 3 or len({c.suit for c in real}) != 1:
        raise _why("not_a_play")
    return _sequence_readings(real, joker, joker_face)


def _check_tokens(
    tokens: Sequence[tuple[AnyCard, AnyCard | None]],
) -> tuple[list[Card], AnyCard | None]:
    """(the real cards, the joker's stand-in): at least one card, at most one joker, no card
    twice, and only a joker stands in for another card."""
    if not tokens:
        raise _why("no_cards")
    jokers = [t for t in tokens if t[0].is_joker]
    real = [t[0] for t in tokens if not t[0].is_joker]
    if len(jokers) > 1:
        raise _why("one_joker")
    if len(set(real)) != len(real):
        raise _why("card_twice")
    for card, face in tokens:
        if face is not None and (not card.is_joker or face.is_joker):
            raise _why("only_joker_stands")
    return real, jokers[0][1] if jokers else None


def _set_readings(real: list[Card], joker: bool, joker_face: AnyCard | None) -> list[Play]:
    """The readings of 2+ cards of one rank (the joker, if any, for a missing suit)."""
    rank = real[0].rank
    if len(real) + joker > 4:
        raise _why("set_too_big")
    if not joker:
        return [_make_play(SET, _face_sort([(c, c) for c in real]))]
    used = {c.suit for c in real}
    if joker_face is not None:
        if joker_face.rank != rank or joker_face.suit in used:
            raise _why("joker_set_face", rank=rank.text)
        faces: list[AnyCard] = [joker_face]
    else:
        faces = [Card(rank, s) for s in SUIT_ORDER if s not in used]
    return [_make_play(SET, _face_sort([(c, c) for c in real] + [(JOKER, f)])) for f in faces]


def _sequence_readings(real: list[Card], joker: bool, joker_face: AnyCard | None) -> list[Play]:
    """The readings of 3+ cards of one suit as a sequence (the joker for a gap or an end)."""
    n = len(real) + joker
    suit = real[0].suit
    values = sorted(strength(c.rank) for c in real)
    pairs: list[tuple[AnyCard, AnyCard]] = [(c, c) for c in real]
    if not joker:
        if values != list(range(values[0], values[0] + n)):
            raise _why("not_a_sequence", cards=_text(real))
        return [_make_play(SEQUENCE, _face_sort(pairs))]
    if joker_face is not None:
        candidates = [joker_face]
    else:
        lo, hi = values[0], values[-1]
        if hi - lo + 1 == n:  # one gap inside
            candidates = [Card(rank_of_strength(v), suit) for v in range(lo, hi) if v not in values]
        elif hi - lo + 1 == n - 1:  # joker extends an end
            candidates = [Card(rank_of_strength(v), suit) for v in (lo - 1, hi + 1) if 3 <= v <= 15]
        else:
            candidates = []
    plays = []
    for face in candidates:
        if face.is_joker or face.suit != suit:
            continue
        vals = sorted(values + [strength(face.rank)])
        if vals == list(range(vals[0], vals[0] + n)):
            plays.append(_make_play(SEQUENCE, _face_sort(pairs + [(JOKER, face)])))
    if not plays:
        raise _why("joker_no_sequence", cards=_text(real))
    return plays


def _text(cards: Iterable[AnyCard]) -> str:
    return " ".join(str(c) for c in cards)


def parse_move(cards: Iterable[str | AnyCard]) -> list[tuple[AnyCard, AnyCard | None]]:
    """Codes like "5S", "JK", "JK=5S" -> (physical card, joker stand-in)."""
    tokens: list[tuple[AnyCard, AnyCard | None]] = []
    for item in cards:
        if isinstance(item, AnyCard):
            tokens.append((item, None))
            continue
        text = str(item).strip().upper()
        if "=" in text:
            left, right = text.split("=", 1)
            if parse_card(left) != JOKER:
                raise _why("only_joker_stands")
            face = parse_card(right)
            if face.is_joker:
                raise _why("joker_real_card", item=item)
            tokens.append((JOKER, face))
        else:
            tokens.append((parse_card(text), None))
    return tokens


def describe(play: Play) -> str:
    if play.lone_joker:
        return "a single card"
    if play.kind == SINGLE:
        return "a single card"
    if play.kind == SET:
        return f"a set of {play.size} cards of one rank"
    return f"a {play.size}-card sequence"
