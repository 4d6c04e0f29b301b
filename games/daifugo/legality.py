"""Daifugō legality: which plays, passes and gifts the rules allow on a position (a
state.Position: a Game, or a bare one for the CPU's end-game search), and why not (the reason
codes of IllegalDaifugoMove). The one legality source: Game.legal_actions and
Game.why_illegal both come from here; the move generator (`candidates`) only pre-filters by shape
and strength, and every candidate still passes `refusal_code`. No Qt."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from games.common.cards import JOKER, AnyCard, Card, Suit
from games.daifugo.plays import (
    _STRENGTH,
    SEQUENCE,
    SET,
    SINGLE,
    SPADE_3,
    SUIT_ORDER,
    Action,
    Give,
    IllegalDaifugoMove,
    Pass,
    Play,
    _face_sort,
    _make_play,
    _why,
    card_strength,
    classify,
    describe,
    rank_of_strength,
    single,
    strength,
)
from games.daifugo.state import Phase, Position


def why_illegal(g: Position, action: Action) -> IllegalDaifugoMove | None:
    """None when `action` is legal now, else the error `apply` would raise."""
    if g.phase == Phase.OVER:
        return _why("game_over")
    if isinstance(action, Give):
        return gift_refusal(g, action.cards)
    if g.phase == Phase.EXCHANGE:
        return _why("exchange_first")
    if isinstance(action, Pass):
        return None if g.field.top is not None else _why("lead_no_pass")
    if not isinstance(action, Play):
        return _why("not_an_action", action=repr(action))
    hand = g.hands[g.turn]
    for card in action.cards:
        if card not in hand:
            return _why("not_in_hand", card=card)
    tokens = [
        (c, f if c.is_joker and not f.is_joker else None)
        for c, f in zip(action.cards, action.faces, strict=True)
    ]
    try:
        if action not in classify(tokens):
            return _why("not_a_play")
    except IllegalDaifugoMove as error:
        return error
    reading = canonical(g, action)
    if reading != action:
        return _why("joker_suit", play=reading)
    return refusal_error(g, action)


def canonical(g: Position, play: Play) -> Play:
    """Without 絵柄しばり a joker in a set stands for the first missing suit (♠♥♦♣): the
    suit changes nothing, so legal_actions lists that reading only."""
    if play.kind != SET or not play.has_joker or g.rules.suit_lock:
        return play
    real = [c for c in play.cards if not c.is_joker]
    used = {c.suit for c in real}
    rank = real[0].rank
    face = Card(rank, next(s for s in SUIT_ORDER if s not in used))
    return _make_play(SET, _face_sort([(c, c) for c in real] + [(JOKER, face)]))


def refusal_code(g: Position, play: Play) -> str | None:
    """The one legality rule for a well-formed play from the current hand: None when it
    may be made on the current field, else the reason code (see `refusal_error`)."""
    top = g.field.top
    if top is None:
        return None
    if top.lone_joker:
        if g.rules.spade_three:
            if play.kind == SINGLE and play.cards[0] == SPADE_3:
                return None
            return "only_spade_three"
        return "nothing_beats_joker"
    if play.kind != top.kind or play.size != top.size:
        return "field_needs"
    if play.lone_joker:
        return None
    rev = g.reversed
    if rev:
        if not play.hi < top.hi:
            return "not_stronger_reversed"
    elif not play.lo > top.lo:
        return "not_stronger"
    lock = g.field.suit_lock
    if lock is not None and play.suits != lock:
        return "suit_lock"
    if g.field.number_lock and play.key(rev) != top.key(rev) + (-1 if rev else 1):
        need = top.key(rev) + (-1 if rev else 1)
        return "number_lock" if 3 <= need <= 15 else "number_lock_end"
    return None


def refusal_error(g: Position, play: Play) -> IllegalDaifugoMove | None:
    """`refusal_code` with the parameters its message needs."""
    code = refusal_code(g, play)
    if code is None:
        return None
    top = g.field.top
    assert top is not None
    rev = g.reversed
    if code == "field_needs":
        return _why(code, shape=describe(top), top=top, kind=top.kind.name.lower(), size=top.size)
    if code in ("not_stronger", "not_stronger_reversed"):
        return _why(code, play=play, top=top, why="革命" if g.revolution else "11バック")
    if code == "suit_lock":
        lock = g.field.suit_lock or frozenset()
        return _why(code, suits="".join(s.symbol for s in SUIT_ORDER if s in lock))
    if code == "number_lock":
        need = top.key(rev) + (-1 if rev else 1)
        return _why(code, rank=rank_of_strength(need).text)
    return _why(code)


def candidates(g: Position, hand: Sequence[AnyCard]) -> list[Play]:
    """The move generator: every well-formed play from `hand` that may beat the field by shape
    and strength (locks are left to `refusal_code`, which legal_plays applies)."""
    top = g.field.top
    if top is not None and top.lone_joker:
        if g.rules.spade_three and SPADE_3 in hand:
            return [single(SPADE_3)]
        return []
    kind = top.kind if top else None
    size = top.size if top else None
    joker = JOKER in hand
    # Keys that can beat the field (cheap filter before building plays).
    low, high = 0, 99
    if top is not None:
        if g.reversed:
            high = top.hi
        else:
            low = top.lo
    out: list[Play] = []
    if kind in (None, SINGLE):
        for c in hand:
            if c.rank is None or low < _STRENGTH[c.rank] < high:
                out.append(single(c))
    if kind in (None, SET):
        _sets(out, hand, joker, (size,) if size else (2, 3, 4), low, high, g.rules.suit_lock)
    if kind in (None, SEQUENCE):
        _sequences(out, hand, joker, (size,) if size else range(3, 14), low, high)
    return out


def _sets(
    out: list[Play],
    hand: Sequence[AnyCard],
    joker: bool,
    sizes: Sequence[int],
    low: int,
    high: int,
    all_suits: bool,
) -> None:
    """The sets of `sizes` cards whose strength is strictly between low and high, into `out`
    (with the joker for each missing suit under 絵柄しばり, else for the first one)."""
    by_rank: dict[int, list[AnyCard]] = {}
    for c in hand:
        if not c.is_joker:
            by_rank.setdefault(_STRENGTH[c.rank], []).append(c)
    for value, cards in by_rank.items():
        if not low < value < high:
            continue
        rank = rank_of_strength(value)
        for k in sizes:
            if len(cards) >= k:
                for combo in itertools.combinations(cards, k):
                    out.append(_make_play(SET, _face_sort([(c, c) for c in combo])))
            if joker and len(cards) >= k - 1 >= 1:
                for combo in itertools.combinations(cards, k - 1):
                    used = {c.suit for c in combo}
                    free = [s for s in SUIT_ORDER if s not in used]
                    if not all_suits:
                        free = free[:1]
                    for s in free:
                        pairs = [(c, c) for c in combo] + [(JOKER, Card(rank, s))]
                        out.append(_make_play(SET, _face_sort(pairs)))


def _sequences(
    out: list[Play],
    hand: Sequence[AnyCard],
    joker: bool,
    lengths: Sequence[int],
    low: int,
    high: int,
) -> None:
    """The sequences of `lengths` cards whose weakest card is above low and whose strongest is
    below high, into `out` (the joker for a gap, or for each card of a complete run)."""
    by_suit: dict[str, tuple[Suit, set[int]]] = {}
    for c in hand:
        if not c.is_joker:
            # keyed by the suit's letter: hashing a str is much cheaper than an Enum
            by_suit.setdefault(c.suit._value_, (c.suit, set()))[1].add(_STRENGTH[c.rank])
    for suit, present in by_suit.values():
        if len(present) + joker < 3:
            continue
        for k in lengths:
            for start in range(max(3, low + 1), min(17 - k, high - k + 1)):
                window = range(start, start + k)
                gaps = [v for v in window if v not in present]
                if len(gaps) > 1 or (gaps and not joker):
                    continue
                run = [Card(rank_of_strength(v), suit) for v in window]
                if gaps:
                    pairs = [(JOKER, c) if strength(c.rank) == gaps[0] else (c, c) for c in run]
                    out.append(_make_play(SEQUENCE, pairs))
                    continue
                out.append(_make_play(SEQUENCE, [(c, c) for c in run]))
                if joker:
                    for i in range(k):
                        pairs = [(c, c) for c in run]
                        pairs[i] = (JOKER, run[i])
                        out.append(_make_play(SEQUENCE, pairs))


def gifts(g: Position) -> list[Give]:
    """The gifts the pending giver may hand over (all of them, or the strongest card only)."""
    step = g.exchange_step
    if step is None:
        return []
    hand = g.hands[step.giver]
    if step.strongest_only:
        best = max(card_strength(c) for c in hand)
        return [Give((c,)) for c in hand if card_strength(c) == best]
    return [Give(combo) for combo in itertools.combinations(hand, step.count)]


def gift_refusal(g: Position, given: Sequence[AnyCard]) -> IllegalDaifugoMove | None:
    """None when the pending giver may hand over `given`, else why not."""
    step = g.exchange_step
    if step is None:
        return _why("game_over") if g.phase == Phase.OVER else _why("no_exchange")
    hand = g.hands[step.giver]
    if len(given) != step.count or len(set(given)) != len(given):
        return _why("give_count", count=step.count)
    for c in given:
        if c not in hand:
            return _why("give_not_in_hand", card=c)
    if step.strongest_only:
        best = max(card_strength(c) for c in hand)
        if card_strength(given[0]) != best:
            strongest = ", ".join(str(c) for c in hand if card_strength(c) == best)
            return _why("give_strongest", title=g.ranks[step.giver].ja, cards=strongest)
    return None
