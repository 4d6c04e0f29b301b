"""Daifugō (大富豪) rules engine: 53 cards, ranks and card passing, eight special rules. No Qt.

The rules follow the seed's rule page (``shared/seeds/daifugo.txt``). Where the page is silent
these are the decisions taken here (each one has a test in ``tests/test_daifugo_rules.py``):

Plays and strength
- Strength 3 < 4 < ... < K < A < 2; a lone joker is above everything in either order. The
  order is reversed while exactly one of 革命 / 11バック is in force (``Game.reversed``), so a
  革命 plus an 11バック gives the normal order, as the seed says.
- A set has 2-4 cards of one rank (the joker may be one of them; it cannot make a fifth card).
  A sequence (階段) has 3+ consecutive cards of one suit in strength order (..., K, A, 2); the
  joker may fill any one place.
- Sequences compare by their weakest card in the order in force (4-5-6 beats 3-4-5).
- A joker inside a set or sequence always stands for one card ("JK=5S"). ``play`` also takes
  a bare "JK": the engine then tries what it can stand for in the order ``legal_moves`` lists
  and takes the first one that is legal. With 絵柄しばり off the joker's suit in a set makes no
  difference, so ``legal_moves`` lists one choice (any is accepted by ``play``).
- A lone joker stands for itself: "JK=5S" alone is refused.
- Turns: passing does not lock you out of the field; the field clears once every other player
  still in the game has passed since the last play. The last player to play leads; if that
  player has gone out, the next player still in the game (clockwise) leads.

Special rules (switches in ``Rules``)
- 革命: a set of 4 (a joker counts) or a 4+ sequence flips the order until the game ends; a
  second one flips it back (革命返し). It takes effect at once, for the rest of the field too.
- 8切り: a single 8 or a set of 8s clears the field; a joker standing for an 8 in a set counts;
  8s inside a sequence do not. The player who cut leads (or the next player if they went out).
- 11バック: a single J or a set of Js (a joker bound to a J counts, a sequence with a J does not)
  flips the order until the field clears. Four Jacks are both 革命 and 11バック: normal order
  until the field clears, reversed after it.
- 絵柄しばり: when a play has exactly the same suit(s) as the play it beats, the field is locked
  to those suits until it clears. A joker in a set or sequence counts as the suit it stands
  for (so "5H JK=5S" then "7H JK=7S" locks ♥♠, and a joker can stand for a locked suit to
  follow). A lone joker has no suit: it never starts a lock and may be played on a locked field.
- 階段しばり: when a play is exactly one step stronger than the play it beats (in the order in
  force at that moment), the field is locked: each next play must again be exactly one step
  stronger in the order in force now (if the locking play also flipped the order, e.g. 10 then
  J with 11バック, the chain turns: 10 is next). Sequences step by their weakest card. A lone
  joker may be played on a locked field.
- スペ3返し: the ♠3 as a single beats a lone joker (ignoring locks) and clears the field.
- 禁止あがり: going out on a forbidden play is allowed but costs the game: the player goes out
  and takes the lowest place still free (the first to do so is last, the next second-to-last).
  Forbidden: any play with the joker; any play with a 2 while the order is normal; any play
  with a 3 while it is reversed (the order in force when the play is made, i.e. 革命 or
  11バック but not both); a single or set of 8s with 8切り on; the ♠3 on a lone joker with
  スペ3返し on.
- 都落ち: when someone other than the 大富豪 goes out first (a 禁止あがり does not count as first),
  the 大富豪 leaves at once and takes the lowest place still free; their cards leave play.

Ranks, passing, first player
- Ranks come from the previous game's places by player count (``ranks_from_places``);
  the first game everyone is 平民. Before play: 大貧民 gives the strongest card to 大富豪 and
  貧民 the strongest to 富豪 (a choice among equals; joker > 2 > A ...), then 大富豪 gives any
  2 cards to 大貧民 and 富豪 any 1 to 貧民 (after seeing what they received).
- The lowest rank leads; all equal: a random player (from the game's seed).
- Cards are dealt round-robin from seat 0, at most 15 each; cards left over stay out of play.

The engine lives in modules by role; this one re-exports what callers use: plays.py (cards ->
plays, strength, actions, reason codes), ruleset.py (Rules, presets, titles), state.py (phase,
field, observation), legality.py (what is legal now, and why not), game.py (deal, card passing,
flow, places), match.py (games in a row).
"""

from __future__ import annotations

from games.common.cards import JOKER
from games.common.protocol import IllegalMove
from games.daifugo.game import Game, sort_key
from games.daifugo.match import Match
from games.daifugo.plays import (
    LONE_JOKER_STRENGTH,
    MAX_HAND,
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
    PlayKind,
    card_strength,
    classify,
    describe,
    parse_move,
    rank_of_strength,
    single,
    strength,
)
from games.daifugo.ruleset import RULE_NAMES, Rules, Title, ranks_from_places
from games.daifugo.state import ExchangeStep, Observation, Phase

__all__ = [
    "Action",
    "ExchangeStep",
    "Game",
    "Give",
    "IllegalDaifugoMove",
    "IllegalMove",
    "JOKER",
    "LONE_JOKER_STRENGTH",
    "MAX_HAND",
    "Match",
    "Observation",
    "Pass",
    "Phase",
    "Play",
    "PlayKind",
    "RULE_NAMES",
    "Rules",
    "SEQUENCE",
    "SET",
    "SINGLE",
    "SPADE_3",
    "SUIT_ORDER",
    "Title",
    "card_strength",
    "classify",
    "describe",
    "parse_move",
    "rank_of_strength",
    "ranks_from_places",
    "single",
    "sort_key",
    "strength",
]
