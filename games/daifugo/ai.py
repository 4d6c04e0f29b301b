"""CPU players for Daifugō: easy, normal and strong. Each sees only its own observation.

- easy: always the weakest legal play (passes only when it cannot play).
- normal: splits the hand into sequences, sets and singles and keeps the number of plays still
  needed small; keeps control cards (joker, 2, A; 3 and 4 when reversed) for the end or for
  emergencies (a lone joker is not spent on a field while it holds more than 3 other cards, an
  8 is not spent cutting a field, and taking a field with a play nothing unseen can beat has a
  cost); uses 革命 when its hand is weak; avoids 禁止あがり; passes its weakest unhelpful
  cards. Measured with benchmarks/bench_daifugo.py (see there).
  With 7 cards or fewer it looks for a winning line: plays that no unseen card can beat (the
  unseen cards are the deck minus the pile and its own hand; 8切り counts as unbeatable), each
  of which brings the lead back, then one last play that goes out without 禁止あがり. When there
  is one, it plays those unbeatable plays first and finishes with the rest.
- strong: determinized Monte Carlo. Each round deals the unseen cards to the opponents
  consistently with their hand sizes and the cards it passed them, then plays each candidate
  move (the rollout policy's best few, and passing) out with the rollout policy for everyone
  (`rollout_choice`: the normal policy's cost model as it was before the winning lines and the
  kept jokers and 8s, a better model of its opponents): until someone goes out while nobody
  has (reward: winning), to the end after that (reward: place). It picks the candidate with
  the best total. The budget is a count of rounds and of simulated moves, not a clock, so a
  game replays exactly from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.common.cards import JOKER, AnyCard, Rank, deck_53, parse_card
from games.daifugo.game import Game, sort_key
from games.daifugo.legality import candidates
from games.daifugo.plays import SEQUENCE, SET, Action, Give, Pass, Play, card_strength, strength
from games.daifugo.ruleset import Rules
from games.daifugo.state import Observation, Phase, Position

LEVELS = ("easy", "normal", "strong")
# Normal policy weights (tuned with benchmarks/bench_daifugo.py).
W_GROUP = 10.0  # per play still needed afterwards
W_JOKER = 12.0  # spending the joker early
W_HIGH = 3.0  # spending an A or 2 (3 or 4 reversed) early
W_LONE_JOKER = 30.0  # a lone joker on a field while more than 3 other cards stay
W_SPEND_CONTROL = 8.0  # following with a play nothing unseen can beat (kept for later)
PASS_MARGIN = 16.0  # passing costs this much more than keeping the hand as it is
MOVE_BUDGET = 3000  # strong CPU: simulated moves per decision (~0.3 s of CPU time)


def _s(card: AnyCard, rev: bool) -> int:
    """Strength in the order in force: 3 (weakest) .. 15, the joker 16."""
    v = card_strength(card)
    if card.is_joker or not rev:
        return v
    return 18 - v


def count_groups(hand: Sequence[AnyCard]) -> int:
    """Plays needed to empty the hand if nobody interferes (sequences, sets, singles)."""
    if not hand:
        return 0
    ranks: dict[int, int] = {}
    by_suit: dict[str, list[int]] = {}
    joker = 0
    for c in hand:
        rank, suit = c.rank, c.suit
        if rank is None or suit is None:
            joker = 1
            continue
        v = strength(rank)
        ranks[v] = ranks.get(v, 0) + 1
        # keyed by the suit's letter: hashing a str is much cheaper than an Enum member
        by_suit.setdefault(suit._value_, []).append(v)
    plain = len(ranks) + joker
    # Try taking runs of 3+ out of each suit; keep it only when it lowers the count.
    runs: list[list[int]] = []
    for values in by_suit.values():
        if len(values) < 3:
            continue
        values.sort()
        run = [values[0]]
        for v in values[1:]:
            if v == run[-1] + 1:
                run.append(v)
            else:
                if len(run) >= 3:
                    runs.append(run)
                run = [v]
        if len(run) >= 3:
            runs.append(run)
    if not runs:
        return plain
    left = dict(ranks)
    for run in runs:
        for v in run:
            left[v] -= 1
    with_runs = len(runs) + sum(1 for k in left.values() if k > 0) + joker
    return min(plain, with_runs)


def _forbidden_card(card: AnyCard, game: Game, rev: bool) -> bool:
    r = game.rules
    if not r.forbidden_finish:
        return False
    if card.is_joker:
        return True
    if card.rank == (Rank.THREE if rev else Rank.TWO):
        return True
    return r.eight_cut and card.rank == Rank.EIGHT


def _play_cost(
    game: Game,
    seat: int,
    play: Play,
    hand: list[AnyCard],
    danger: bool,
    rollout: bool = False,
    control: tuple[_Unseen, int] | None = None,
) -> float:
    """Lower is better: plays left afterwards, strength spent, control cards kept.

    control: (the unseen cards, the largest opponent's hand) when following: taking the
    field with a play nothing unseen can beat costs W_SPEND_CONTROL (such plays are worth
    more later; the end game's winning lines spend them).
    rollout: the former cost model, which the strong CPU keeps for its look-ahead (it spends
    the lone joker and the 8s more readily; with the new model in its rollouts the strong CPU
    won 16 of 60 test games against easy CPUs instead of 25)."""
    rev = game.reversed
    after = list(hand)
    for c in play.cards:
        after.remove(c)
    if not after:
        return 1000.0 if game.would_foul(play) else -1000.0
    rules = game.rules
    new_rev = rev != (rules.revolution and play.size >= 4)
    groups = count_groups(after)
    cost = W_GROUP * groups
    key = play.key(rev)
    cost += (key if not rev else 18 - key) / 2.0 if not play.lone_joker else 8.0
    if play.lone_joker and game.top is not None and len(after) > 3 and not rollout:
        cost += W_LONE_JOKER
    cost += _spent_cards(play, after, rev, danger)
    if game.top is None:
        cost -= 2.0 * play.size
    cost += _eight_cost(game, play, rollout)
    cost += _revolution_cost(after, rev, new_rev)
    cost += _unsafe_rest(game, after, new_rev)
    if control is not None:
        cost += _control_cost(play, rules, rev, control)
    cost += _last_play_bonus(play, groups, rev)
    return cost


def _last_play_bonus(play: Play, groups: int, rev: bool) -> float:
    """One play left after this one and this one is likely to take the lead: go for it."""
    if groups == 1 and (play.lone_joker or _s(play.cards[-1], rev) >= 15):
        return -15.0
    return 0.0


def _eight_cost(game: Game, play: Play, rollout: bool) -> float:
    """Leading an 8 keeps the lead; following, the normal CPU keeps it as a control card."""
    if not game.rules.eight_cut or play.kind == SEQUENCE or play.rank != Rank.EIGHT:
        return 0.0
    if game.top is None:
        return -3.0
    return -8.0 if rollout else 0.0


def _revolution_cost(after: list[AnyCard], rev: bool, new_rev: bool) -> float:
    """A revolution is worth what it adds to the average strength of the cards kept."""
    if new_rev == rev:
        return 0.0
    before = sum(_s(c, rev) for c in after) / len(after)
    flipped = sum(_s(c, new_rev) for c in after) / len(after)
    return -(3.0 * (flipped - before))


def _control_cost(play: Play, rules: Rules, rev: bool, control: tuple[_Unseen, int]) -> float:
    """W_SPEND_CONTROL for taking the field with a play nothing unseen can beat."""
    flip_rev, flip_back = _flips(play, rules)
    unseen, most = control
    if not flip_rev and not _beatable(play, unseen, rev != flip_back, rules, most):
        return W_SPEND_CONTROL
    return 0.0


def _spent_cards(play: Play, after: list[AnyCard], rev: bool, danger: bool) -> float:
    """What spending the joker (early) or the high cards (not yet near the end) costs."""
    cost = 0.0
    small = len(after) <= 4 or danger
    for c in play.cards:
        if c.is_joker:
            if len(after) > 2 and not danger:
                cost += W_JOKER
        elif not small and _s(c, rev) >= 14:
            cost += W_HIGH
    return cost


def _unsafe_rest(game: Game, after: list[AnyCard], rev: bool) -> float:
    """Keep enough safe cards to go out without 禁止あがり: the cost of a rest of 4 cards or
    fewer that holds forbidden finishers."""
    if len(after) > 4 or not game.rules.forbidden_finish:
        return 0.0
    bad = sum(1 for c in after if _forbidden_card(c, game, rev))
    if bad and bad == len(after):
        return 40.0
    if len(after) <= 3:
        return 4.0 * bad
    return 0.0


# ---------------------------------------------------------------------------- control

_FULL = sum(1 << v for v in range(3, 16))  # strengths 3..15 (3 .. 2)
_POP = [bin(i).count("1") for i in range(1 << 16)]


class _Unseen:
    """The cards this seat has not seen (deck minus the pile and its own hand): per suit a bit
    mask of strengths, per strength a count, and whether the joker and the ♠3 are among them.
    The other hands are among these cards but the CPU never looks at them."""

    __slots__ = ("masks", "counts", "joker", "spade3")

    def __init__(self, seen: Sequence[AnyCard]) -> None:
        masks = {"S": 0, "H": 0, "D": 0, "C": 0}
        joker = True
        for c in seen:
            rank = c.rank
            if rank is None:
                joker = False
            else:
                suit = c.suit
                assert suit is not None  # a card with a rank has a suit
                masks[suit._value_] |= 1 << strength(rank)
        self.masks = [_FULL & ~m for m in masks.values()]
        self.counts = [0] * 16
        for m in self.masks:
            for v in range(3, 16):
                if m >> v & 1:
                    self.counts[v] += 1
        self.joker = joker
        self.spade3 = not masks["S"] >> 3 & 1


def _flips(play: Play, rules: Rules) -> tuple[bool, bool]:
    """(革命, 11バック) caused by `play`."""
    rev = rules.revolution and play.size >= 4
    back = rules.eleven_back and play.kind != SEQUENCE and play.rank == Rank.JACK
    return rev, back


def _beatable(play: Play, unseen: _Unseen, rev: bool, rules: Rules, most: int) -> bool:
    """Could some unseen cards beat `play` (rev: the order in force once it is on the field)?
    most: the largest hand among the opponents still in."""
    if play.size > most:
        return False
    if play.lone_joker:
        return rules.spade_three and unseen.spade3
    if rules.eight_cut and play.kind != SEQUENCE and play.rank == Rank.EIGHT:
        return False  # 8切り clears the field
    jk = 1 if unseen.joker else 0
    size = play.size
    if play.kind == SEQUENCE:
        for m in unseen.masks:
            for start in range(3, 17 - size):
                if (start + size - 1 < play.hi) if rev else (start > play.lo):
                    window = ((1 << size) - 1) << start
                    if _POP[m & window] + jk >= size:
                        return True
        return False
    v = play.lo
    counts = unseen.counts
    if size == 1 and jk:
        return True
    stronger = range(3, v) if rev else range(v + 1, 16)
    for w in stronger:
        n = counts[w]
        if n and n + jk >= size:
            return True
    return False


def _fouls(play: Play, rev: bool, rules: Rules) -> bool:
    """Going out with `play` as a lead in order `rev` breaks 禁止あがり."""
    if not rules.forbidden_finish:
        return False
    if play.has_joker:
        return True
    bad = Rank.THREE if rev else Rank.TWO
    if any(f.rank == bad for f in play.faces):
        return True
    return rules.eight_cut and play.kind != SEQUENCE and play.rank == Rank.EIGHT


ENDGAME_CARDS = 7  # the winning-line search runs on hands this small or smaller


def _mask(play: Play, index: dict[AnyCard, int]) -> int:
    """`play`'s cards as bits of the hand they come from."""
    mask = 0
    for c in play.cards:
        mask |= 1 << index[c]
    return mask


class _Lines:
    """The end game from one hand: which card sets go out without 禁止あがり when led
    (`finish`), which leads nothing unseen can beat (`safe`), and whether a rest of the hand
    wins by safe leads and one finish (`wins`)."""

    def __init__(
        self, hand: Sequence[AnyCard], rules: Rules, base_rev: bool, unseen: _Unseen, most: int
    ) -> None:
        self.index = {c: i for i, c in enumerate(hand)}
        leads: list[tuple[int, bool, bool]] = []  # (cards mask, unbeatable, fouls as a finish)
        for p in candidates(Position(rules, []), hand):  # every lead: an empty field
            flip_rev, flip_back = _flips(p, rules)
            after = base_rev != flip_rev
            on_field = after != flip_back
            unbeatable = not flip_rev and not _beatable(p, unseen, on_field, rules, most)
            leads.append((_mask(p, self.index), unbeatable, _fouls(p, base_rev, rules)))
        self.finish = {m for m, _, foul in leads if not foul}
        self.safe = [m for m, unbeatable, _ in leads if unbeatable]
        self.memo: dict[int, bool] = {}

    def wins(self, rest: int) -> bool:
        if rest in self.finish:
            return True
        if rest in self.memo:
            return self.memo[rest]
        self.memo[rest] = False
        ok = any(m & rest == m and m != rest and self.wins(rest & ~m) for m in self.safe)
        self.memo[rest] = ok
        return ok


def _winning_first(
    game: Game, hand: Sequence[AnyCard], sizes: Sequence[int], plays: Sequence[Play]
) -> Play | None:
    """A play from `plays` that starts a line nobody can stop: unbeatable plays (nothing
    unseen beats them, so the lead comes back), then one last play that goes out without
    禁止あがり. None when there is no such line."""
    if len(hand) > ENDGAME_CARDS:
        return None
    seat = game.turn
    rules = game.rules
    others = [sizes[s] for s in game.active if s != seat]
    if not others:
        return None
    most = max(others)
    unseen = _Unseen([*game.pile, *hand])
    full = (1 << len(hand)) - 1
    lines = _Lines(hand, rules, game.revolution, unseen, most)  # the order once cleared
    plays = sorted(plays, key=lambda p: -p.size)  # the biggest unbeatable play first
    if game.top is None:
        if full in lines.finish:
            return None  # going out now: the cost model already does
        safe_leads = set(lines.safe)
        for p in plays:
            mask = _mask(p, lines.index)
            if mask in safe_leads and lines.wins(full & ~mask):
                return p
        return None
    for p in plays:
        mask = _mask(p, lines.index)
        if mask == full:
            continue
        flip_rev, flip_back = _flips(p, rules)
        if flip_rev:
            continue
        on_field = game.reversed != flip_back
        if _beatable(p, unseen, on_field, rules, most):
            continue
        if lines.wins(full & ~mask):
            return p
    return None


def normal_choice(
    game: Game, plays: Sequence[Play] | None = None, sizes: Sequence[int] | None = None
) -> Play | None:
    """The normal policy on a game whose current player is the one deciding (None = pass).

    sizes: the hand sizes of all seats (default: from the game's hands).
    """
    if plays is None:
        plays = game.legal_plays()
    if not plays:
        return None
    if sizes is None:
        sizes = [len(h) for h in game.hands]
    line = _winning_first(game, game.hands[game.turn], sizes, plays)
    if line is not None:
        return line
    return _cheapest(game, plays, sizes, rollout=False)


def rollout_choice(game: Game, plays: Sequence[Play] | None = None) -> Play | None:
    """The strong CPU's look-ahead policy for every seat: the former normal policy (the cost
    model alone, with its former weights). With the new normal policy in its rollouts the
    strong CPU won 16 of 60 test games against easy CPUs instead of 25, so it keeps this one."""
    if plays is None:
        plays = game.legal_plays()
    if not plays:
        return None
    return _cheapest(game, plays, [len(h) for h in game.hands], rollout=True)


def _cheapest(
    game: Game, plays: Sequence[Play], sizes: Sequence[int], rollout: bool
) -> Play | None:
    """The play of least cost, or None (pass) when passing is cheaper."""
    seat = game.turn
    hand = game.hands[seat]
    danger = any(sizes[s] <= 2 for s in game.active if s != seat)
    control = None
    others = [sizes[s] for s in game.active if s != seat]
    if not rollout and game.top is not None and others:
        control = (_Unseen([*game.pile, *hand]), max(others))
    best = None
    best_cost = 0.0
    for p in plays:
        c = _play_cost(game, seat, p, hand, danger, rollout, control)
        if best is None or c < best_cost:
            best, best_cost = p, c
    if game.top is not None:
        pass_cost = W_GROUP * count_groups(hand) + PASS_MARGIN
        if best_cost > pass_cost:
            return None
    return best


def _strands(game: Game, play: Play, hand: Sequence[AnyCard]) -> bool:
    """True when `play` leaves only cards that cannot end the game without 禁止あがり
    (in the order that will hold once the field clears)."""
    after = list(hand)
    for c in play.cards:
        after.remove(c)
    if not after or not game.rules.forbidden_finish:
        return False
    rev = game.revolution != (game.rules.revolution and play.size >= 4)
    return all(_forbidden_card(c, game, rev) for c in after)


def easy_choice(game: Game, plays: Sequence[Play] | None = None) -> Play | None:
    """The weakest play, but never careless with 禁止あがり: it does not go out on a
    forbidden play while it may pass or play something else, and it plays forbidden cards
    (2s, the joker, ...) before its last safe card rather than keep only those."""
    if plays is None:
        plays = game.legal_plays()
    if not plays:
        return None
    rev = game.reversed
    hand = game.hands[game.turn]
    safe = [p for p in plays if not (p.size == len(hand) and game.would_foul(p))]
    if not safe:
        return None if game.can_pass() else plays[0]
    keeps_a_way_out = [p for p in safe if not _strands(game, p, hand)]
    return min(
        keeps_a_way_out or safe,
        key=lambda p: (16 if p.lone_joker else _s(p.faces[0], rev), p.size),
    )


def exchange_choice(game: Game, level: str, rng: random.Random) -> tuple[str, ...]:
    """Cards to pass: the strongest (choice among equals) or the most useless ones."""
    step = game.exchange_step
    assert step is not None
    options = [tuple(str(c) for c in g.cards) for g in game.legal_actions() if isinstance(g, Give)]
    hand = game.hands[step.giver]
    if level == "easy":
        return options[0]
    if step.strongest_only:
        # Among equal strongest cards, give one that is not part of a sequence.
        def loss(codes: tuple[str, ...]) -> int:
            rest = [c for c in hand if str(c) != codes[0]]
            return count_groups(rest)

        return min(options, key=loss)
    rules = game.rules

    def worth(card: AnyCard) -> float:
        v = card_strength(card)
        if card.is_joker:
            return 100.0
        if rules.eight_cut and card.rank == Rank.EIGHT:
            v += 6
        same = sum(1 for c in hand if c.rank == card.rank)
        if same >= 2:
            v += 4 * (same - 1)
        return v

    ranked = sorted(hand, key=lambda c: (worth(c), sort_key(c)))
    chosen = ranked[: step.count]
    # Prefer giving cards whose removal leaves the fewest plays.
    base = count_groups([c for c in hand if c not in chosen])
    best = chosen
    for i in range(min(6, len(ranked))):
        for j in range(i + 1, min(6, len(ranked))):
            if step.count != 2:
                break
            trial = [ranked[i], ranked[j]]
            if any(c.is_joker for c in trial):
                continue
            g = count_groups([c for c in hand if c not in trial])
            if (
                g < base
                and worth(trial[0]) + worth(trial[1]) <= worth(chosen[0]) + worth(chosen[1]) + 4
            ):
                base, best = g, trial
    return tuple(str(c) for c in best)


# ---------------------------------------------------------------------------- strong


def determinize(obs: Observation, rng: random.Random) -> list[list[AnyCard]]:
    """Hands for every seat: mine as I hold it, the others a random deal of the unseen cards
    that fits their hand sizes and the cards I know they hold."""
    mine = [parse_card(c) for c in obs.hand]
    seen = set(mine) | {parse_card(c) for c in obs.pile}
    hands: list[list[AnyCard]] = [[] for _ in range(obs.num_players)]
    hands[obs.seat] = mine
    known = {seat: [parse_card(c) for c in cards] for seat, cards in obs.known}
    for seat, cards in known.items():
        hands[seat].extend(cards)
        seen.update(cards)
    unseen = [c for c in deck_53() if c not in seen]
    rng.shuffle(unseen)
    for seat in range(obs.num_players):
        if seat == obs.seat:
            continue
        need = obs.hand_sizes[seat] - len(hands[seat])
        hands[seat].extend(unseen[:need])
        del unseen[:need]
    return hands


def rollout(game: Game, max_moves: int = 400, until_first: bool = False) -> int:
    """Play the game out with the rollout policy for every seat (or until someone wins).

    Returns the number of moves simulated.
    """
    moves = 0
    while game.phase == Phase.PLAY and moves < max_moves:
        if until_first and game.finished:
            break
        p = rollout_choice(game)
        game.push(Pass() if p is None else p)
        moves += 1
    return moves


def _reward(game: Game, seat: int, for_win: bool) -> float:
    """Before anyone is out: 1 for winning, else a little for having few cards left (such
    rollouts stop at the first player out). Later: by place."""
    if not for_win:
        place = game.finish_order.index(seat)
        return (game.num_players - 1 - place) / (game.num_players - 1)
    if game.finished and game.finished[0] == seat:
        return 1.0
    if seat in game.bottom:
        return -0.5
    return -0.02 * len(game.hands[seat])


def strong_choice(
    obs: Observation,
    rng: random.Random,
    samples: int = 24,
    width: int = 4,
    move_budget: int = MOVE_BUDGET,
) -> Play | None:
    """Determinized Monte Carlo over the best few candidates (and passing).

    Each round deals one determinization and plays every candidate out on it (common random
    numbers). Rounds stop at `samples`, or earlier once `move_budget` simulated moves are used
    (at least 3 rounds): the budget counts moves, not seconds, so decisions stay deterministic
    while early-game decisions (long rollouts) stay fast and late ones get more samples.
    """
    base = Game.from_observation(obs, determinize(obs, random.Random(0)))
    plays = base.legal_plays()
    if not plays:
        return None
    normal = rollout_choice(base, plays)
    can_pass = base.can_pass()
    if len(plays) == 1 and not can_pass:
        return plays[0]
    danger = any(obs.hand_sizes[s] <= 2 for s in base.active if s != obs.seat)
    hand = base.hands[obs.seat]
    ranked = sorted(plays, key=lambda p: _play_cost(base, obs.seat, p, hand, danger, True))
    # Different joker stand-ins with the same effect are one candidate.
    candidates: list[Play | None] = []
    seen: set[object] = set()
    for p in ranked:
        sig = (p.kind, p.cards, p.lo, p.hi, p.suits if obs.rules.suit_lock else None)
        if sig in seen:
            continue
        seen.add(sig)
        candidates.append(p)
        if len(candidates) >= width:
            break
    if normal not in candidates:
        candidates.append(normal)
    if can_pass and None not in candidates:
        candidates.append(None)
    if len(candidates) == 1:
        return candidates[0]
    totals = [0.0] * len(candidates)
    for_win = not obs.finished
    used = 0
    for round_no in range(samples):
        if round_no >= 3 and used >= move_budget:
            break
        hands = determinize(obs, rng)
        start = Game.from_observation(obs, hands)
        for i, cand in enumerate(candidates):
            g = start.clone()
            g.push(Pass() if cand is None else cand)
            used += rollout(g, until_first=for_win)
            totals[i] += _reward(g, obs.seat, for_win)
    best = max(range(len(candidates)), key=lambda i: (totals[i], candidates[i] is normal))
    return candidates[best]


# ---------------------------------------------------------------------------- players


def _seen_game(obs: Observation) -> Game:
    """The game as the observing seat knows it: its own hand, the others' empty."""
    hands: list[list[AnyCard]] = [[] for _ in range(obs.num_players)]
    hands[obs.seat] = [parse_card(c) for c in obs.hand]
    return Game.from_observation(obs, hands)


def legal_actions_of(obs: Observation) -> list[Action]:
    """What the observing seat may do now, from its observation alone (for a caller that has
    no game, as the UECda client: its CPU's `choose(obs, legal)`)."""
    return _seen_game(obs).legal_actions()


class CPU:
    """A CPU seat: `choose(observation, legal)` -> one of the game's `legal_actions()` values
    (a `Play`, `Pass()`, or a `Give` during card passing), ready for `game.apply`."""

    def __init__(self, level: str = "normal", seed: int | None = None, samples: int = 24) -> None:
        if level not in LEVELS:
            raise ValueError(f"CPU level '{level}' does not exist: choose easy, normal or strong")
        self.level = level
        self.rng = random.Random(seed)
        self.samples = samples

    def _game(self, obs: Observation) -> Game:
        return _seen_game(obs)

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """The action for `obs.seat` (whose turn it is): one of `legal` (the game's
        `legal_actions()`, or `legal_actions_of(obs)`), as every game's CPU takes them
        (OpenSpiel's Bot). The CPU decides from `obs` alone; `legal` checks its choice."""
        if obs.phase == Phase.EXCHANGE:
            action: Action = self.choose_exchange(obs)
        else:
            if self.level == "strong":
                play = strong_choice(obs, self.rng, self.samples)
            else:
                game = self._game(obs)
                if self.level == "easy":
                    play = easy_choice(game)
                else:
                    play = normal_choice(game, sizes=obs.hand_sizes)
            action = Pass() if play is None else play
        if action not in legal:
            raise ValueError(f"the {self.level} CPU chose {action}, which is not a legal action")
        return action

    def choose_exchange(self, obs: Observation) -> Give:
        """The cards to hand over, as the `Give` listed by `legal_actions()`."""
        step = obs.exchange_step
        assert step is not None and step.giver == obs.seat
        game = self._game(obs)
        chosen = set(exchange_choice(game, self.level, self.rng))
        gives = (g for g in game.legal_actions() if isinstance(g, Give))
        return next(g for g in gives if {str(c) for c in g.cards} == chosen)


def play_cpu_turn(game: Game, cpu: CPU) -> Action:
    """Let `cpu` move for the current player of `game`; returns the action taken."""
    action = cpu.choose(game.observation(game.turn), game.legal_actions())
    game.apply(action)
    return action


def play_game(game: Game, cpus: Sequence[CPU]) -> list[int]:
    """Play a whole game with one CPU per seat; returns the places (seats, 1st first)."""
    while not game.is_over:
        play_cpu_turn(game, cpus[game.turn])
    return game.finish_order


__all__ = [
    "CPU",
    "LEVELS",
    "JOKER",
    "SET",
    "count_groups",
    "legal_actions_of",
    "play_game",
    "strong_choice",
]
