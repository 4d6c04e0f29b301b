"""CPU players for Schwimmen: easy (greedy), normal (counts seen cards), strong (Monte Carlo).

Every player sees only its own `Observation` and is deterministic given its seed. Internally
cards are small integers (suit * 8 + rank index) and hands are bit masks, so the strong player
can play a few hundred simulated round endings within its time budget.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from games.common.cards import Card, deck_32
from games.schwimmen.rules import (
    Action,
    DealerKeep,
    DealerSwap,
    Knock,
    Observation,
    Pass,
    Phase,
    SwapAll,
    SwapOne,
    hand_key,
)

__all__ = ["LEVELS", "CpuPlayer", "make_player"]

LEVELS = ("easy", "normal", "strong")

_CARDS: list[Card] = deck_32()
_INDEX: dict[Card, int] = {card: i for i, card in enumerate(_CARDS)}
# hand mask -> doubled value (int), and -> comparable score with the suit tie-break
_VALUE2: dict[int, int] = {}
_SCORE_TB: dict[int, int] = {}
_BITS: dict[int, tuple[int, int, int]] = {}
for _combo in combinations(range(32), 3):
    _mask = (1 << _combo[0]) | (1 << _combo[1]) | (1 << _combo[2])
    _cards = [_CARDS[i] for i in _combo]
    _value, _tb = hand_key(_cards, True)
    _VALUE2[_mask] = int(_value * 2)
    _BITS[_mask] = _combo
    _SCORE_TB[_mask] = int(_value * 2) * 16 + _tb
_SCHNAUZ2 = 62  # 31 doubled


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# ---------------------------------------------------------------- fast greedy move


def _greedy(hand: list[int], table: list[int]) -> tuple[int, int, int]:
    """Best immediate swap: (doubled value, hand index or -1 for swap-all, table index)."""
    hm = _mask(hand)
    best = (_VALUE2[_mask(table)], -1, -1)
    for i, h in enumerate(hand):
        base = hm ^ (1 << h)
        for j, t in enumerate(table):
            v = _VALUE2[base | (1 << t)]
            if v > best[0]:
                best = (v, i, j)
    return best


@dataclass
class _Sim:
    """A determinized round for rollouts (all hands known)."""

    hands: list[list[int]]
    table: list[int]
    stock: list[int]
    order: list[int]  # alive seats in play order starting anywhere
    current: int
    knocker: int
    final: list[int]
    passed: list[bool]
    turns: list[int]
    streak: int
    house: bool
    human: int | None
    starter: int

    def copy(self) -> _Sim:
        return _Sim(
            [list(h) for h in self.hands],
            list(self.table),
            list(self.stock),
            self.order,
            self.current,
            self.knocker,
            list(self.final),
            list(self.passed),
            list(self.turns),
            self.streak,
            self.house,
            self.human,
            self.starter,
        )

    def next_seat(self, seat: int) -> int:
        order = self.order
        return order[(order.index(seat) + 1) % len(order)]

    def seats_after_knock(self, knocker: int) -> list[int]:
        seats = []
        seat = self.next_seat(knocker)
        cut = self.house and knocker != self.human
        while seat != knocker:
            if cut and seat == self.starter:
                break
            seats.append(seat)
            seat = self.next_seat(seat)
        return seats

    def play(self, kind: str, i: int = -1, j: int = -1) -> bool:
        """Apply a move for the current seat; True when the round is over."""
        seat = self.current
        hand = self.hands[seat]
        if kind == "one":
            hand[i], self.table[j] = self.table[j], hand[i]
        elif kind == "all":
            self.hands[seat], self.table = self.table, hand
        elif kind == "knock":
            self.knocker = seat
            self.final = self.seats_after_knock(seat)
        self.turns[seat] += 1
        self.passed[seat] = kind == "pass"
        if kind in ("one", "all") and _VALUE2[_mask(self.hands[seat])] >= _SCHNAUZ2:
            return True
        if kind == "pass":
            self.streak += 1
            if self.streak >= len(self.order):
                self.streak = 0
                if len(self.stock) >= 3:
                    self.table = [self.stock.pop() for _ in range(3)]
        else:
            self.streak = 0
        if self.knocker >= 0:
            if seat != self.knocker and self.final and self.final[0] == seat:
                self.final.pop(0)
            if not self.final:
                return True
            self.current = self.final[0]
            return False
        self.current = self.next_seat(seat)
        return False

    def policy_move(self, threshold2: int, patience: int) -> bool:
        """The easy player's rule: knock when good enough, else the best improving swap."""
        seat = self.current
        hand = self.hands[seat]
        value = _VALUE2[_mask(hand)]
        can_knock = self.knocker < 0 and self.turns[seat] > 0
        if can_knock and (value >= threshold2 or self.turns[seat] >= patience):
            return self.play("knock")
        best, i, j = _greedy(hand, self.table)
        if best > value:
            return self.play("all" if i < 0 else "one", i, j)
        if not self.passed[seat]:
            return self.play("pass")
        return self.play("all" if i < 0 else "one", i, j)

    def loses(self, seat: int, tiebreak: bool) -> bool:
        table = _SCORE_TB if tiebreak else _VALUE2
        mine = table[_mask(self.hands[seat])]
        return all(table[_mask(self.hands[s])] >= mine for s in self.order)


# ---------------------------------------------------------------- the players


def _to_action(kind: str, hand: Sequence[Card], table: Sequence[Card], i: int, j: int) -> Action:
    if kind == "one":
        return SwapOne(hand[i], table[j])
    if kind == "all":
        return SwapAll()
    if kind == "pass":
        return Pass()
    return Knock()


def _alive_order(obs: Observation) -> list[int]:
    return [s for s in range(obs.players) if not obs.out[s]]


class CpuPlayer:
    """A CPU player of one level; `choose(observation, legal_actions)` picks a legal action."""

    # easy: knock at this (doubled) value or after this many turns
    EASY_KNOCK2 = 52  # 26 points
    EASY_PATIENCE = 7

    def __init__(self, level: str = "normal", seed: int | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"CPU level '{level}' is unknown: use easy, normal or strong")
        self.level = level
        self.rng = random.Random(seed)
        self.samples = 48
        self.rollout_rotations = 2

    def __repr__(self) -> str:
        return f"CpuPlayer({self.level!r})"

    # ------------------------------------------------------------ entry point

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        obs = observation
        legal = list(legal_actions)
        if not legal:
            raise ValueError("no legal action to choose from")
        if obs.phase is Phase.DEALER:
            return self._dealer(obs, legal)
        if self.level == "easy":
            action = self._easy(obs)
        elif self.level == "normal":
            action = self._normal(obs)
        else:
            action = self._strong(obs, legal)
        if action not in legal:  # defensive: never return an illegal move
            action = legal[0]
        return action

    # ------------------------------------------------------------ dealer

    def _dealer(self, obs: Observation, legal: list[Action]) -> Action:
        value = _VALUE2[_mask([_INDEX[c] for c in obs.hand])]
        limit = 32 if self.level == "easy" else 38  # 16 or 19 points
        return DealerSwap() if value < limit else DealerKeep()

    # ------------------------------------------------------------ easy

    def _easy(self, obs: Observation) -> Action:
        sim = self._sim_from(obs, [list(h) for h in self._own_only(obs)], [])
        kind, i, j = self._policy_choice(sim, self.EASY_KNOCK2, self.EASY_PATIENCE)
        return _to_action(kind, obs.hand, obs.table, i, j)

    def _policy_choice(self, sim: _Sim, threshold2: int, patience: int) -> tuple[str, int, int]:
        seat = sim.current
        hand = sim.hands[seat]
        value = _VALUE2[_mask(hand)]
        can_knock = sim.knocker < 0 and sim.turns[seat] > 0
        if can_knock and (value >= threshold2 or sim.turns[seat] >= patience):
            return ("knock", -1, -1)
        best, i, j = _greedy(hand, sim.table)
        if best > value or sim.passed[seat]:
            return ("all" if i < 0 else "one", i, j)
        return ("pass", -1, -1)

    def _own_only(self, obs: Observation) -> list[list[int]]:
        hands: list[list[int]] = [[] for _ in range(obs.players)]
        hands[obs.seat] = [_INDEX[c] for c in obs.hand]
        return hands

    def _sim_from(self, obs: Observation, hands: list[list[int]], stock: list[int]) -> _Sim:
        return _Sim(
            hands=hands,
            table=[_INDEX[c] for c in obs.table],
            stock=stock,
            order=_alive_order(obs),
            current=obs.seat,
            knocker=-1 if obs.knocker is None else obs.knocker,
            final=list(obs.final_turns),
            passed=list(obs.passed_last),
            turns=list(obs.turns_taken),
            streak=_pass_streak(obs),
            house=obs.rules.is_house,
            human=obs.rules.human_seat,
            starter=obs.starter,
        )

    # ------------------------------------------------------------ sampling hidden hands

    def _determinize(self, obs: Observation) -> _Sim:
        pool = sorted(_INDEX[c] for c in obs.unseen())
        self.rng.shuffle(pool)
        hands = self._own_only(obs)
        for s in _alive_order(obs):
            if s == obs.seat:
                continue
            hand = [_INDEX[c] for c in obs.known[s]]
            while len(hand) < 3:
                hand.append(pool.pop())
            hands[s] = hand
        return self._sim_from(obs, hands, pool)

    def _likely_deals(self, obs: Observation, count: int, candidates: int) -> list[_Sim]:
        """`count` determinizations drawn in proportion to how well they explain the round.

        Each candidate gives the other players random unseen cards; the public log is then
        rolled back to see, for every past decision of theirs, whether a greedy player holding
        those cards would have made it (a pass with an improving swap on the table, a swap that
        was not the best one, a knock on a weak hand are unlikely). Resampling by these weights
        concentrates the samples on hands that fit what the others did.
        """
        pool = [self._determinize(obs) for _ in range(candidates)]
        if not any(e.seat is not None and e.seat != obs.seat for e in obs.log):
            return pool[:count]
        weights = [_history_weight(obs, sim) for sim in pool]
        total = sum(weights)
        step = total / count
        pick = self.rng.random() * step
        chosen: list[_Sim] = []
        acc = 0.0
        for sim, w in zip(pool, weights, strict=True):
            acc += w
            while pick < acc and len(chosen) < count:
                chosen.append(sim)
                pick += step
        while len(chosen) < count:
            chosen.append(pool[-1])
        return chosen

    # ------------------------------------------------------------ normal

    def _normal(self, obs: Observation) -> Action:
        hand = [_INDEX[c] for c in obs.hand]
        table = [_INDEX[c] for c in obs.table]
        value = _VALUE2[_mask(hand)]
        seat = obs.seat
        can_knock = obs.knocker is None and obs.turns_taken[seat] > 0
        if can_knock:
            risk = self._knock_risk(obs, samples=40)
            limit = 0.12 if obs.coins[seat] <= 0 else 0.2
            if risk <= limit or obs.turns_taken[seat] >= 9:
                return Knock()
        best, i, j = _greedy(hand, table)
        if best > value or obs.passed_last[seat]:
            return SwapAll() if i < 0 else SwapOne(obs.hand[i], obs.table[j])
        return Pass()

    def _knock_risk(self, obs: Observation, samples: int) -> float:
        """Chance of having the lowest hand if this seat knocks now (others improve greedily)."""
        tiebreak = obs.rules.suit_tiebreak
        losses = 0
        for sim in self._likely_deals(obs, samples, samples * 3):
            sim.play("knock")
            over = not sim.final
            while not over:
                over = sim.policy_move(self.EASY_KNOCK2, 99)
            losses += sim.loses(obs.seat, tiebreak)
        return losses / samples

    # ------------------------------------------------------------ strong

    def _strong(self, obs: Observation, legal: list[Action]) -> Action:
        hand = [_INDEX[c] for c in obs.hand]
        table = [_INDEX[c] for c in obs.table]
        hm = _mask(hand)
        cands: list[tuple[str, int, int]] = []
        swaps = []
        for i, h in enumerate(hand):
            for j, t in enumerate(table):
                swaps.append((_VALUE2[(hm ^ (1 << h)) | (1 << t)], i, j))
        swaps.sort(key=lambda x: -x[0])
        if swaps and swaps[0][0] >= _SCHNAUZ2:
            _, i, j = swaps[0]
            return SwapOne(obs.hand[i], obs.table[j])
        if _VALUE2[_mask(table)] >= _SCHNAUZ2:
            return SwapAll()
        cands.extend(("one", i, j) for _, i, j in swaps[:4])
        cands.append(("all", -1, -1))
        if any(isinstance(a, Pass) for a in legal):
            cands.append(("pass", -1, -1))
        if any(isinstance(a, Knock) for a in legal):
            cands.append(("knock", -1, -1))
        tiebreak = obs.rules.suit_tiebreak
        losses = [0.0] * len(cands)
        horizon = self.rollout_rotations * len(_alive_order(obs))
        for base in self._likely_deals(obs, self.samples, self.samples * 4):
            for k, (kind, i, j) in enumerate(cands):
                sim = base.copy()
                over = sim.play(kind, i, j)
                steps = 0
                while not over and steps < horizon:
                    if sim.current == obs.seat:
                        over = sim.policy_move(54, 99)
                    else:
                        over = sim.policy_move(self.EASY_KNOCK2, self.EASY_PATIENCE)
                    steps += 1
                losses[k] += sim.loses(obs.seat, tiebreak)
        best = min(range(len(cands)), key=lambda k: (losses[k], k))
        self._last = [
            (c[0], c[1], c[2], round(x / self.samples, 2))
            for c, x in zip(cands, losses, strict=True)
        ]
        kind, i, j = cands[best]
        return _to_action(kind, obs.hand, obs.table, i, j)


_UNLIKELY_PASS = 0.12
_UNLIKELY_SWAP = 0.3
_UNLIKELY_KNOCK = 0.15


def _history_weight(obs: Observation, sim: _Sim) -> float:
    """How well the sampled hands explain the others' public decisions (greedy-player model)."""
    hands = {s: _mask(h) for s, h in enumerate(sim.hands) if h}
    table = _mask(sim.table)
    weight = 1.0
    for event in reversed(obs.log):
        seat, kind = event.seat, event.kind
        took = _mask([_INDEX[c] for c in event.took])
        gave = _mask([_INDEX[c] for c in event.gave])
        if kind == "refresh":
            table = gave
            continue
        if seat is None or kind in ("schnauz", "feuer"):
            continue
        if kind == "swap_one":
            after = hands[seat]
            hands[seat] = (after & ~took) | gave
            table = (table & ~gave) | took
            if seat != obs.seat:
                best = _best_mask_value(hands[seat], table)
                if _VALUE2[after] < best:
                    weight *= _UNLIKELY_SWAP
        elif kind == "swap_all":
            after = hands[seat]
            hands[seat], table = gave, took
            if seat != obs.seat and _VALUE2[after] < _best_mask_value(gave, took):
                weight *= _UNLIKELY_SWAP
        elif kind == "pass" and seat != obs.seat:
            if _best_mask_value(hands[seat], table) > _VALUE2[hands[seat]]:
                weight *= _UNLIKELY_PASS
        elif kind == "knock" and seat != obs.seat:
            if _VALUE2[hands[seat]] < 44:  # knocking below 22 points
                weight *= _UNLIKELY_KNOCK
        elif kind == "take_extra":
            break  # the dealer's hand before this was the table: nothing hidden earlier
    return weight


def _best_mask_value(hand: int, table: int) -> int:
    """Best doubled value reachable from hand mask `hand` with table mask `table`."""
    best = _VALUE2[table]
    ts = _BITS[table]
    for h in _BITS[hand]:
        base = hand ^ (1 << h)
        for t in ts:
            v = _VALUE2[base | (1 << t)]
            if v > best:
                best = v
    return best


def _pass_streak(obs: Observation) -> int:
    streak = 0
    for event in reversed(obs.log):
        if event.kind != "pass":
            break
        streak += 1
    return streak


def make_player(level: str, seed: int | None = None) -> CpuPlayer:
    """A CPU player of `level` ("easy", "normal" or "strong"), deterministic given `seed`."""
    return CpuPlayer(level, seed)
