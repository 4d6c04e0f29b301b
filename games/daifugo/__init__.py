"""Daifugō (大富豪): 53 cards, ranks and card passing, eight special rules; the engine has no Qt.

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
- A joker inside a set or sequence always stands for one card ("JK=5S"). ``parse_action`` also
  takes a bare "JK": it then tries what the joker can stand for in the order the plays are
  generated and takes the first one that is legal. With 絵柄しばり off the joker's suit in a set
  makes no difference, so ``legal_actions`` lists one choice (``parse_action`` reads any suit
  as that one; ``apply`` refuses the others with ``joker_suit``).
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

The package by role (import each name from the module that defines it):
- plays.py: cards -> plays (single, set, sequence, the joker's stand-in), strength, the actions
  (Play, Pass, Give) and the one error type with its reason codes (IllegalDaifugoMove).
- ruleset.py: Rules (the eight switches), the presets ルール1..4 (PRESETS), titles (Title) and
  the ranks the places give (ranks_from_places).
- state.py: Phase, ExchangeStep, Field, Position (what legality reads), Observation.
- legality.py: what is legal on a Position now, and why not (no import of game.py).
- events.py: Applied (what Game.apply returns) and the announcements (革命, 8切り, しばり ...).
- game.py: Game (GameProtocol: Game.new, deal, card passing, flow, places, returns) and sort_key.
- match.py: games in a row (ranks carry over).
- ai.py: the CPUs (easy, normal, strong). table.py: the table session (TableProtocol: people
  and CPUs at any seats, chips, refusals in the table's language); selection.py: what a
  person's selected cards may do (the play button, the joker's readings, the prompt line),
  which the table answers per seat.
- chips.py: rooms, fees, the chips file. texts.py: the player's texts (ja, en).
  settings.py: the [daifugo] config section. app.py: the `games daifugo` command.
- uecda/: the UECda contest protocol, client and server. qt/: the window (paints, forwards).
"""
