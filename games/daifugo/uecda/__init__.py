"""UECda: our Daifugō CPUs in the computer-Daihinmin contest's arena (protocol 20070).

Modules: ``protocol`` (tables, bytes, table <-> engine cards and plays, in one place), ``wire``
(sockets), ``view`` (a client's picture of a game -> the engine Observation), ``client``
(``games daifugo --uecda HOST[:PORT] --level LEVEL``), ``server`` (a small server for tests and
benchmarks, our engine as referee), ``contest`` (the one legality rule our engine lacks).

Sources (public code, read through the search corpus; none of it is copied here):
- [P] the standard client's connection code as shipped with contest clients, e.g.
  koki-hamada/Daihinmin ``Asshole/jn17/connection.c``: PROTOCOL_VERSION 20070, default port
  42485, the profile table ([0][0] = 20070, [1][*] = name), 480-byte tables and 4-byte ints in
  network order, the accept sign after a play, the end flag (0 go on, 1 game over, other =
  match over); ``Asshole/jn17/client.c``: the game loop and status cells [5][0..2], [6][*].
- [S] the standard server tndhms 0.29 (main loop ``daihu.c`` of tndhm_devkit_c-20180826, the
  kit the contest distributes: tetsuya-suzuki/daihinmin-dev-env ``bootstrap.sh`` downloads it;
  a derived copy is koki-hamada/Daihinmin ``Asshole/Blauweregen/src/server/daihubc.cc``) and
  its ``external.c`` (analyze_card, compare_card_status, check_special_card, shuffle_card).
- [C] the default settings tndhms prints (yagays/uecda-server-docker README): RULE_KAKUMEI
  YES, RULE_SHIBARI YES, RULE_KINSOKU NO, RULE_KAIDAN YES, RULE_CHANGE YES, RULE_5TOBI NO,
  RULE_6REVERS NO, RULE_8GIRI YES, RULE_11BACK NO, RULE_SEKIGAE YES (RULE_SEKIGAE_NUM 3),
  GAME_NUMBER 1000, FLASH_MIBUN_NUMBER 100 (ranks reset every 100 games).
- [L] the standard client's lone joker: 2 at [0][14] (``search_low_card``).

The contest's rules, and how ``Rules.uecda()`` (games/daifugo/ruleset.py) meets them:
- 5 players, 53 cards (one joker), dealt one by one from the 大富豪's seat (first game: a
  random seat): 11/11/11/10/10 [S shuffle_card]. Engine: the same deal sizes.
- Plays: single, set of one rank (the joker may join), sequence of 3+ of one suit (the joker
  may fill a place) [S analyze_card, RULE_KAIDAN]. Engine: the same; the server also allows a
  5-card set (four + joker) and a joker beyond the 3 or the 2 in a sequence, which the engine
  cannot represent: the client holds such a field as a play at least as hard to beat
  (``protocol.field_from_table``) and never answers a 5-card set.
- Beating: same kind and size, stronger; a lone joker beats any single; a sequence must lie
  wholly above the field's (wholly below while reversed) [S compare_card_status]. Engine:
  sequences compare by their lowest card, so ``contest.refusal`` vetoes an overlapping sequence
  in the client (it passes instead) when it plays a contest server.
- 革命: a set of 4+ or a sequence of 5+ flips the order for the rest of the game
  [S RULE_KAKUMEI]. Engine: 革命 on (a 4-card sequence also flips there).
- 8切り: any play containing an 8, sequences included, clears the field [S check_special_card,
  RULE_8GIRI]. Engine: 8切り on (a sequence through 8 does not cut there).
- 絵柄しばり: a play with exactly the suits of the play it beats locks the field to them until
  it clears; a lone joker neither locks nor is locked [S RULE_SHIBARI]. Engine: 絵柄しばり on.
- スペ3返し: after a lone joker only the ♠3 may be played; it clears the field [S
  now_jocker_single]. Engine: スペ3返し on.
- Off in the contest, off in ``Rules.uecda()``: 11バック, 禁止あがり (KINSOKU), 階段しばり,
  都落ち (no such rule in tndhms), 5飛び, 6リバース.
- Passing: a player who passed sits out until the field clears; the field clears when every
  player still in has passed, so the last player gets a turn over his own play first [S].
  Engine: the field clears once all others passed. The client passes on its own play, which
  gives the same result.
- A refused play counts as a pass (accept sign 8) [S]. The client never relies on it.
- Exchange: 大貧民 gives its 2 strongest cards to 大富豪, 貧民 its strongest to 富豪 (the
  server picks them), then 大富豪 gives any 2, 富豪 any 1 [S trans_strong_card]. Engine: the
  大貧民 gives 1 (the seed's table); the client follows whatever the server does.
- First player: the holder of the ♦3 [S search_card]; seats change between games
  [C RULE_SEKIGAE, tn_sekigae]. Engine: the lowest rank leads, seats fixed; the client reads
  the seat order from every table ([6][10..14]) and maps it onto engine seats.

Time: tndhms reads each play with a blocking read and measures no limit; the contest rules
text is not in the corpus, so no per-move limit is cited. The strong CPU's budget is counted in
simulated moves (benchmarks/bench_daifugo.py: longest decision <= 1 s on this machine).
"""
