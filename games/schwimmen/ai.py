"""CPU players for Schwimmen: easy (greedy), normal and strong (Monte Carlo over unseen cards).

Every player sees only its own `Observation` and is deterministic given its seed.

- easy: takes the swap that raises its hand most, passes when nothing helps, knocks at 26+.
- normal: tracks every card it has seen and reads the others' moves (a pass means no swap
  helped them, a swap shows what they collect); it deals the hidden cards a few dozen times,
  weighted by how well each deal explains those moves, plays knocking, its best swaps and
  passing to the end of the round against greedy opponents, and keeps the move that loses a
  coin least often (its "expected standing"); after 10 turns in a round it knocks, so
  every round ends.
- strong: the same search with about ten times as many deals and more candidate swaps, and in
  its play-outs the others knock as players are seen to (more often the better their hand)
  instead of at a fixed 26 points.

Internally cards are integers 0..31 (suit * 8 + rank index) and hands are 32-bit masks, so a
simulated turn is a handful of dictionary look-ups.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations

from games.common.cards import Card, deck_32
from games.schwimmen.actions import Action, DealerKeep, DealerSwap, Knock, Pass, SwapAll, SwapOne
from games.schwimmen.hands import hand_key
from games.schwimmen.rules import Observation, Phase

__all__ = ["LEVELS", "CpuPlayer"]

LEVELS = ("easy", "normal", "strong")

_CARDS: list[Card] = deck_32()
_INDEX: dict[Card, int] = {card: i for i, card in enumerate(_CARDS)}
_VALUE2: dict[int, int] = {}  # hand mask -> value doubled (30.5 -> 61)
_SCORE_TB: dict[int, int] = {}  # hand mask -> comparable score with the suit tie-break
_BITS: dict[int, tuple[int, int, int]] = {}  # hand mask -> its three cards
for _combo in combinations(range(32), 3):
    _m = (1 << _combo[0]) | (1 << _combo[1]) | (1 << _combo[2])
    _value, _tb = hand_key([_CARDS[i] for i in _combo], True)
    _VALUE2[_m] = int(_value * 2)
    _SCORE_TB[_m] = int(_value * 2) * 16 + _tb
    _BITS[_m] = _combo
_SCHNAUZ2 = 62  # 31 doubled
_GOOD2 = 52  # 26 points: the easy player's knock value
_WEAK2 = 44  # 22 points

_NEVER = 99  # a knock value or patience that is never reached

# How often the normal CPU knocks, by the value of its hand, when it may (counted over 120
# four-player games of normal CPUs; 22 and 23 points cannot be held). The strong CPU plays its
# opponents this way in its play-outs: against three normal CPUs that won 32.8% of 1,000 games
# where the deterministic "knock at 26" model won 28.6%; with 300 deals per decision as well,
# 36.4% of 2,000 (benchmarks/bench_schwimmen.py).
_SEEN_KNOCK_RATES: dict[float, float] = {
    19: 0.05, 20: 0.10, 21: 0.24, 24: 0.68, 25: 0.50, 26: 0.58,
    27: 0.64, 28: 0.72, 29: 0.78, 30: 0.90, 30.5: 0.90,
}  # fmt: skip
_SEEN_KNOCK_ODDS = tuple(  # indexed by the doubled value, like _VALUE2
    _SEEN_KNOCK_RATES.get(v2 / 2, 0.01 if v2 < 38 else 0.0) for v2 in range(65)
)

# move kinds inside simulations
_ONE, _ALL, _PASS, _KNOCK = 0, 1, 2, 3


def _seat(obs: Observation) -> int:
    """The seat a CPU plays (a spectator's observation has none)."""
    if obs.seat is None:
        raise ValueError("a CPU plays a seat: this is a spectator's observation")
    return obs.seat


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << _INDEX[c]
    return m


_GREEDY_CACHE: dict[int, tuple[int, int, int]] = {}


def _greedy(hand: int, table: int) -> tuple[int, int, int]:
    """Best immediate swap: (doubled value, hand card or -1 for swap-all, table card)."""
    key = hand << 32 | table
    found = _GREEDY_CACHE.get(key)
    if found is not None:
        return found
    if len(_GREEDY_CACHE) > 500_000:
        _GREEDY_CACHE.clear()
    best = _greedy_uncached(hand, table)
    _GREEDY_CACHE[key] = best
    return best


def _greedy_uncached(hand: int, table: int) -> tuple[int, int, int]:
    best = (_VALUE2[table], -1, -1)
    tcards = _BITS[table]
    for h in _BITS[hand]:
        base = hand ^ (1 << h)
        for t in tcards:
            v = _VALUE2[base | (1 << t)]
            if v > best[0]:
                best = (v, h, t)
    return best


class _Sim:
    """A round with every hand known (one determinization), fast to copy and play out."""

    __slots__ = (
        "hands",
        "table",
        "stock",
        "discards",
        "rng",
        "nxt",
        "alive",
        "current",
        "knocker",
        "final",
        "passed",
        "turns",
        "streak",
        "house",
        "people",
        "starter",
    )
    hands: list[int]  # per seat, a card mask (0 for seats that are out)
    table: int
    stock: list[int]  # card indices, drawn from the end
    discards: list[int]
    rng: random.Random
    nxt: dict[int, int]  # seat -> the next seat still in the game
    alive: list[int]
    current: int
    knocker: int  # -1 until someone knocks
    final: list[int]  # seats still to play after the knock
    passed: list[bool]
    turns: list[int]
    streak: int  # passes in a row
    house: bool
    people: frozenset[int]  # the seats people play (the house rules' knock)
    starter: int

    def copy(self) -> _Sim:
        s = _Sim.__new__(_Sim)
        s.hands = list(self.hands)
        s.table = self.table
        s.stock = self.stock
        s.discards = self.discards
        s.rng = self.rng
        s.nxt = self.nxt
        s.alive = self.alive
        s.current = self.current
        s.knocker = self.knocker
        s.final = list(self.final)
        s.passed = list(self.passed)
        s.turns = list(self.turns)
        s.streak = self.streak
        s.house = self.house
        s.people = self.people
        s.starter = self.starter
        return s

    def seats_after_knock(self, knocker: int) -> list[int]:
        seats = []
        seat = self.nxt[knocker]
        cut = self.house and knocker not in self.people
        while seat != knocker:
            if cut and seat == self.starter:
                break
            seats.append(seat)
            seat = self.nxt[seat]
        return seats

    def play(self, kind: int, h: int = -1, t: int = -1) -> bool:
        """Apply a move for the current seat; True when the round is over."""
        seat = self.current
        if kind == _ONE:
            self.hands[seat] = self.hands[seat] ^ (1 << h) | (1 << t)
            self.table = self.table ^ (1 << t) | (1 << h)
        elif kind == _ALL:
            self.hands[seat], self.table = self.table, self.hands[seat]
        elif kind == _KNOCK:
            self.knocker = seat
            self.final = self.seats_after_knock(seat)
        self.turns[seat] += 1
        self.passed[seat] = kind == _PASS
        if kind <= _ALL and _VALUE2[self.hands[seat]] >= _SCHNAUZ2:
            return True
        if kind == _PASS:
            self.streak += 1
            if self.streak >= len(self.alive):
                self.refresh_table()
        else:
            self.streak = 0
        if self.knocker >= 0:
            if seat != self.knocker and self.final and self.final[0] == seat:
                self.final.pop(0)
            if not self.final:
                return True
            self.current = self.final[0]
            return False
        self.current = self.nxt[seat]
        return False

    def refresh_table(self) -> None:
        """Everyone passed: as the engine's Game._refresh_table (stock and discards are never
        changed in place, so copies may share them)."""
        self.streak = 0
        if len(self.stock) < 3:
            reshuffled = list(self.discards)
            self.rng.shuffle(reshuffled)
            self.stock = reshuffled + self.stock
            self.discards = []
        if len(self.stock) < 3:
            return
        stock = list(self.stock)
        self.discards = self.discards + list(_BITS[self.table])
        self.table = (1 << stock.pop()) | (1 << stock.pop()) | (1 << stock.pop())
        self.stock = stock

    def greedy_choice(self, threshold2: int, patience: int) -> tuple[int, int, int]:
        """The easy player's rule: knock when good enough, else the best improving swap."""
        seat = self.current
        hand = self.hands[seat]
        value = _VALUE2[hand]
        turns = self.turns[seat]
        if self.knocker < 0 and turns > 0 and (value >= threshold2 or turns >= patience):
            return (_KNOCK, -1, -1)
        best, h, t = _greedy(hand, self.table)
        if best > value or self.passed[seat]:
            return (_ALL if h < 0 else _ONE, h, t)
        return (_PASS, -1, -1)

    def greedy_move(self, threshold2: int, patience: int) -> bool:
        return self.play(*self.greedy_choice(threshold2, patience))

    def modelled_move(self, knock_odds: Sequence[float], patience: int) -> bool:
        """An opponent as players are seen to play: knocks with a chance that grows with its
        hand (`knock_odds[doubled value]`), else takes the best improving swap."""
        seat = self.current
        turns = self.turns[seat]
        if self.knocker < 0 and turns > 0:
            if turns >= patience or self.rng.random() < knock_odds[_VALUE2[self.hands[seat]]]:
                return self.play(_KNOCK)
        return self.play(*self.greedy_choice(_NEVER, _NEVER))

    def loses(self, seat: int, tiebreak: bool) -> bool:
        """Would `seat` lose a coin if the round were scored now (ties lose)?"""
        score = _SCORE_TB if tiebreak else _VALUE2
        hands = self.hands
        mine = score[hands[seat]]
        return all(score[hands[s]] >= mine for s in self.alive)

    def cost(self, seat: int, tiebreak: bool, swimmers: frozenset[int], bonus: float) -> float:
        """1 when `seat` loses a coin, minus `bonus` for each swimming opponent knocked out."""
        score = _SCORE_TB if tiebreak else _VALUE2
        hands = self.hands
        values = [score[hands[s]] for s in self.alive]
        low = min(values)
        lost = score[hands[seat]] == low
        out = sum(1 for s, v in zip(self.alive, values, strict=True) if v == low and s in swimmers)
        return (1.0 if lost else 0.0) - bonus * (out - (1 if lost and seat in swimmers else 0))


# ---------------------------------------------------------------- reading the round log

# Likelihood factors for a decision that a greedy player would not have made with the sampled
# hand (measured against easy opponents: sharper factors read them better; none is zero, so a
# person's unusual play still leaves every deal possible).
_UNLIKELY_PASS = 0.025  # passed although a swap would have improved the hand
_UNLIKELY_SWAP = 0.06  # swapped to less than the best swap
_UNLIKELY_IDLE_SWAP = 0.06  # swapped when passing kept the value (and it had not just passed)
_UNLIKELY_KNOCK = 0.05  # knocked on a weak hand
_UNLIKELY_NO_KNOCK = 0.06  # could knock on a very good hand and did not
_FACTORS = (
    _UNLIKELY_PASS,
    _UNLIKELY_SWAP,
    _UNLIKELY_IDLE_SWAP,
    _UNLIKELY_KNOCK,
    _UNLIKELY_NO_KNOCK,
)


def _log_context(obs: Observation) -> list[tuple[int, bool, bool]]:
    """For each log event: the seat's turn number, whether someone had knocked, passed last."""
    context = []
    turns: dict[int | None, int] = {}
    last_pass: dict[int | None, bool] = {}
    knocked = False
    for event in obs.log:
        seat = event.seat
        context.append((turns.get(seat, 0), knocked, last_pass.get(seat, False)))
        if event.kind in ("swap_one", "swap_all", "pass", "knock"):
            turns[seat] = turns.get(seat, 0) + 1
            last_pass[seat] = event.kind == "pass"
        if event.kind == "knock":
            knocked = True
    return context


def _history_weight(
    obs: Observation,
    sim: _Sim,
    context: list[tuple[int, bool, bool]],
    masks: list[tuple[int, int]],
    factors: tuple[float, float, float, float, float] | None = None,
) -> float:
    """How well the sampled hands explain the others' public decisions (greedy-player model).

    The log is rolled back from the sampled present: every swap tells what a hand held before
    it, so each past decision of the other players can be checked against what a sensible
    greedy player would have done with those cards.
    """
    unlikely_pass, unlikely_swap, unlikely_idle, unlikely_knock, unlikely_no_knock = (
        factors or _FACTORS
    )
    hands = list(sim.hands)
    table = sim.table
    weight = 1.0
    log = obs.log
    me = obs.seat
    for k in range(len(log) - 1, -1, -1):
        event = log[k]
        seat, kind = event.seat, event.kind
        took, gave = masks[k]
        if kind == "refresh":
            table = gave
            continue
        if seat is None or kind in ("schnauz", "feuer", "keep"):
            continue
        if kind == "take_extra":
            break  # before this the dealer's hand was the (public) table
        after = hands[seat]
        if kind == "swap_one":
            hands[seat] = (after & ~took) | gave
            table = (table & ~gave) | took
        elif kind == "swap_all":
            hands[seat], table = gave, took
        if seat == me:
            continue
        before = hands[seat]
        value = _VALUE2[before]
        turn, knocked, passed_last = context[k]
        if kind == "knock":
            if value < _WEAK2:
                weight *= unlikely_knock
            continue
        if not knocked and turn > 0 and value >= _GOOD2:
            weight *= unlikely_no_knock
        best = _greedy(before, table)[0]
        if kind == "pass":
            if best > value:
                weight *= unlikely_pass
        elif _VALUE2[after] < best:
            weight *= unlikely_swap
        elif best <= value and not passed_last:
            weight *= unlikely_idle
    return weight


def _pass_streak(obs: Observation) -> int:
    streak = 0
    for event in reversed(obs.log):
        if event.kind != "pass":
            break
        streak += 1
    return streak


# ---------------------------------------------------------------- the players


class CpuPlayer:
    """A CPU player of one level; `choose(observation, legal_actions)` picks a legal action."""

    EASY_KNOCK2 = _GOOD2  # easy knocks at 26 points ...
    EASY_PATIENCE = 7  # ... or after this many turns, so rounds always end
    # Normal and strong knock once they have had this many turns in a round. Without it two
    # searching CPUs left alone, each sure a knock loses, could swap the same cards back and
    # forth for ever (seen: seed 707 of the benchmark). Rounds rarely last past 7 turns a player.
    SEARCH_PATIENCE = 10

    def __init__(self, level: str = "normal", seed: int | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"CPU level '{level}' is unknown: use easy, normal or strong")
        self.level = level
        self.rng = random.Random(seed)
        self.samples = 300  # strong: deals played out per decision
        self.normal_samples = 32  # normal: deals played out per decision
        # deals drawn per deal kept (weighted resampling)
        self.candidates = 6 if level == "strong" else 4
        self.horizon_rotations = 2  # how far each play-out looks
        self.own_knock2 = 54  # in play-outs this player knocks at 27 points
        self.knockout_bonus = 0.0  # value of putting a swimming opponent out (vs. 1 = own loss)
        self.factors = _FACTORS  # how unlikely each greedy-contradicting move is (log reading)
        self.opponent_knock2 = _GOOD2  # play-outs: the others knock at this doubled value ...
        self.opponent_patience = self.EASY_PATIENCE  # ... or after this many turns
        # strong: the others knock by the rates seen in play instead (normal keeps the simple
        # model, so the two levels differ in how well they read the table, not only in effort)
        self.opponent_knock_odds: Sequence[float] | None = (
            _SEEN_KNOCK_ODDS if level == "strong" else None
        )
        self.swaps = 6 if level == "strong" else 3  # best swaps compared (with all/pass/knock)
        self.last_estimates: list[tuple[str, float]] = []  # strong: (move, loss rate), for tests

    def __repr__(self) -> str:
        return f"CpuPlayer({self.level!r})"

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        obs = observation
        legal = list(legal_actions)
        if not legal:
            raise ValueError("no legal action to choose from")
        if obs.phase is Phase.DEALER:
            action = self._dealer(obs)
        elif self.level == "easy":
            action = self._easy(obs)
        elif self.level == "normal":
            action = self._normal(obs)
        else:
            action = self._strong(obs)
        if action not in legal:  # defensive: never return an illegal move
            action = legal[0]
        return action

    # ------------------------------------------------------------ shared pieces

    def _sim(self, obs: Observation) -> _Sim:
        """The round as this seat sees it (other hands empty until determinized)."""
        alive = [s for s in range(obs.num_players) if not obs.out[s]]
        sim = _Sim.__new__(_Sim)
        sim.hands = [0] * obs.num_players
        sim.hands[_seat(obs)] = _mask(obs.hand)
        sim.table = _mask(obs.table)
        sim.stock = []
        sim.discards = [_INDEX[c] for c in obs.discards]
        sim.rng = self.rng
        sim.nxt = {s: alive[(k + 1) % len(alive)] for k, s in enumerate(alive)}
        sim.alive = alive
        sim.current = _seat(obs)
        sim.knocker = -1 if obs.knocker is None else obs.knocker
        sim.final = list(obs.final_turns)
        sim.passed = list(obs.passed_last)
        sim.turns = list(obs.turns_taken)
        sim.streak = _pass_streak(obs)
        sim.house = obs.rules.is_house
        sim.people = obs.rules.people
        sim.starter = obs.starter
        return sim

    def _deals(self, obs: Observation, count: int) -> list[_Sim]:
        """`count` random full deals: the others get their known cards plus unseen ones."""
        unseen = sorted(_INDEX[c] for c in obs.unseen())
        known = [
            (s, _mask(obs.known[s]), 3 - len(obs.known[s]))
            for s in range(obs.num_players)
            if s != obs.seat and not obs.out[s]
        ]
        need = sum(k[2] for k in known)
        template = self._sim(obs)
        sims = []
        sample = self.rng.sample
        for _ in range(count):
            picked = sample(unseen, need)
            sim = template.copy()
            pos = 0
            for seat, mask, missing in known:
                for c in picked[pos : pos + missing]:
                    mask |= 1 << c
                pos += missing
                sim.hands[seat] = mask
            taken = set(picked)
            sim.stock = [c for c in unseen if c not in taken]
            sims.append(sim)
        return sims

    def _likely_deals(self, obs: Observation, count: int, candidates: int) -> list[_Sim]:
        """`count` deals drawn in proportion to how well they explain the others' moves."""
        pool = self._deals(obs, candidates)
        if not any(e.seat is not None and e.seat != obs.seat for e in obs.log):
            return pool[:count]
        context = _log_context(obs)
        masks = [(_mask(e.took), _mask(e.gave)) for e in obs.log]
        weights = [_history_weight(obs, sim, context, masks, self.factors) for sim in pool]
        step = sum(weights) / count
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

    def _to_action(self, kind: int, h: int, t: int) -> Action:
        if kind == _ONE:
            return SwapOne(_CARDS[h], _CARDS[t])
        if kind == _ALL:
            return SwapAll()
        return Pass() if kind == _PASS else Knock()

    # ------------------------------------------------------------ dealer

    def _dealer(self, obs: Observation) -> Action:
        """Keep a dealt hand of 16+ (easy) / 19+ points, else take the face-down hand."""
        limit = 32 if self.level == "easy" else 38
        return DealerSwap() if _VALUE2[_mask(obs.hand)] < limit else DealerKeep()

    # ------------------------------------------------------------ easy

    def _easy(self, obs: Observation) -> Action:
        sim = self._sim(obs)
        return self._to_action(*sim.greedy_choice(self.EASY_KNOCK2, self.EASY_PATIENCE))

    # ------------------------------------------------------------ normal

    def _normal(self, obs: Observation) -> Action:
        """A lighter strong player: few play-outs, and only the obvious moves are compared."""
        return self._search(obs, self.normal_samples, swaps=self.swaps, swap_all=True)

    def _compare(
        self, obs: Observation, cands: list[tuple[int, int, int]], samples: int
    ) -> list[float]:
        """Loss rate of each candidate move over weighted deals played out greedily."""
        me = _seat(obs)
        tiebreak = obs.rules.suit_tiebreak
        losses = [0.0] * len(cands)
        horizon = self.horizon_rotations * (obs.num_players - sum(obs.out))
        easy2, patience = self.opponent_knock2, self.opponent_patience
        odds = self.opponent_knock_odds
        swimmers = frozenset(
            s for s in range(obs.num_players) if not obs.out[s] and obs.coins[s] < 0
        )
        bonus = self.knockout_bonus
        for base in self._likely_deals(obs, samples, samples * self.candidates):
            for k, (kind, h, t) in enumerate(cands):
                sim = base.copy()
                over = sim.play(kind, h, t)
                steps = 0
                while not over and steps < horizon:
                    if sim.current == me:
                        over = sim.greedy_move(self.own_knock2, _NEVER)
                    elif odds is not None:
                        over = sim.modelled_move(odds, patience)
                    else:
                        over = sim.greedy_move(easy2, patience)
                    steps += 1
                losses[k] += sim.cost(me, tiebreak, swimmers, bonus)
        return [n / samples for n in losses]

    # ------------------------------------------------------------ strong

    def _strong(self, obs: Observation) -> Action:
        return self._search(obs, self.samples, swaps=self.swaps, swap_all=True)

    def _search(self, obs: Observation, samples: int, swaps: int, swap_all: bool) -> Action:
        """Play out the candidate moves over weighted deals; take the one losing least often."""
        me = _seat(obs)
        sim = self._sim(obs)
        hand, table = sim.hands[me], sim.table
        ranked = sorted(
            (-_VALUE2[hand ^ (1 << h) | (1 << t)], h, t) for h in _BITS[hand] for t in _BITS[table]
        )
        if -ranked[0][0] >= _SCHNAUZ2:  # Schnauz or Feuer ends the round at once
            return self._to_action(_ONE, ranked[0][1], ranked[0][2])
        if _VALUE2[table] >= _SCHNAUZ2:
            return SwapAll()
        can_knock = obs.knocker is None and obs.turns_taken[me] > 0
        if can_knock and obs.turns_taken[me] >= self.SEARCH_PATIENCE:
            return Knock()
        # knock first: on equal estimates ending the round now is preferred
        cands: list[tuple[int, int, int]] = [(_KNOCK, -1, -1)] if can_knock else []
        cands.extend((_ONE, h, t) for _, h, t in ranked[:swaps])
        if swap_all or _VALUE2[table] > -ranked[0][0]:
            cands.append((_ALL, -1, -1))
        if not obs.passed_last[me]:
            cands.append((_PASS, -1, -1))
        losses = self._compare(obs, cands, samples)
        best = min(range(len(cands)), key=lambda k: (losses[k], k))
        self.last_estimates = [
            (str(self._to_action(*c)), x) for c, x in zip(cands, losses, strict=True)
        ]
        return self._to_action(*cands[best])
