"""One generic test over the table session (games.common.table), run for every game's table.

Each table is built the same way (``TableSession(players=, people=, seed=, language=,
cpu_levels=, rules=, settings=)``; `test_one_constructor_vocabulary`), a person sits at a
random seat (or several), CPUs fill the rest, and whole games are played to their results
through the protocol alone: a refused action from the wrong seat, an illegal action from the
right one (code and text in the table's language), actions as values and as text, views that
are JSON and never show another seat's hidden cards.
"""

from __future__ import annotations

import importlib
import json
import random

import pytest

from games.common import registry
from games.common.protocol import to_json
from games.common.registry import TableSettings
from games.common.table import Refused, Results, TableProtocol

OWN = {
    # name: (players to try, games per case)
    "daifugo": ((2, 4, 5), 2),
    "schwimmen": ((2, 4, 9), 1),
    "cool24": ((1,), 3),
}
# every registered game (a game from elsewhere, e.g. tests/extra_games' Sticks: its fewest and
# most seats, two games each)
GAMES = {
    **OWN,
    **{
        e.name: (tuple(sorted({e.info.min_players, e.info.max_players})), 2)
        for e in registry.entries()
        if e.name not in OWN
    },
}


def _table_class(name: str) -> type:
    """The game's table class: the three games' TableSession; another game's, the class of the
    table its registry entry makes (games.common.generic.GameTable's vocabulary)."""
    if name in OWN:
        return importlib.import_module(f"games.{name}.table").TableSession  # type: ignore[no-any-return]
    entry = registry.entry(name)
    return type(entry.new_table(TableSettings(players=entry.info.min_players)))


def _table(name: str, **kwargs) -> TableProtocol:
    table = _table_class(name)(**kwargs)
    assert isinstance(table, TableProtocol)
    assert table.info.name == name
    return table


def _person_action(table: TableProtocol, seat: int, rng: random.Random):
    legal = list(table.legal_actions(seat))
    assert legal, f"seat {seat} is to move with nothing to do"
    action = rng.choice(legal)
    return str(action) if rng.random() < 0.3 else action  # text is accepted as well


def _cases():
    for name, (counts, games) in GAMES.items():
        for players in counts:
            yield pytest.param(name, players, games, id=f"{name}-{players}")


@pytest.mark.parametrize(("name", "players", "games"), list(_cases()))
def test_people_anywhere_cpus_elsewhere_whole_games(name, players, games):
    rng = random.Random(players * 101)
    for case in range(games):
        people = frozenset(rng.sample(range(players), rng.randint(1, players)))
        language = "en" if case % 2 else "ja"
        table = _table(
            name,
            players=players,
            people=people,
            seed=case,
            language=language,
            cpu_levels=("easy",),
        )
        assert table.num_players == players == len(table.names)
        assert table.people == people
        assert table.results() is None
        with pytest.raises(Refused) as no_game:
            table.act(min(people), "pass")
        assert no_game.value.code == "no_game" and no_game.value.text
        table.start_game()
        assert table.in_game
        refused_once = False
        for _ in range(20_000):
            if not table.in_game:
                break
            seat = table.to_move
            if seat is None:
                assert table.advance()
                continue
            if table.cpu_due:
                assert seat not in table.people
                chosen = table.step_cpu()
                assert chosen is not None and chosen[0] == seat
                continue
            assert seat in table.people
            for other in range(players):
                if other != seat:
                    assert not table.legal_actions(other)
                    refusal = table.refusal(other, _person_action(table, seat, rng))
                    assert refusal is not None
                    assert refusal.code in ("not_your_turn", "not_a_person"), refusal.code
            if not refused_once:
                refused_once = _refuse_something(table, seat, language)
            view = table.view(seat)
            json.dumps(to_json(view))
            table.act(seat, _person_action(table, seat, rng))
        else:
            pytest.fail(f"{name}: the game did not end")
        results = table.results()
        assert isinstance(results, Results)
        assert len(results.returns) == len(results.places) == players
        if results.money is not None:
            assert len(results.money) == players
        json.dumps(to_json(table.view(None)))


def _refuse_something(table: TableProtocol, seat: int, language: str) -> bool:
    """An action not among the legal ones is refused with a code and a text in the table's
    language, and changes nothing. False when every candidate tried was legal."""
    legal = {str(a) for a in table.legal_actions(seat)}
    before = json.dumps(to_json(table.view(seat)))
    for text in ("pass", "knock", "1", "3S", "3S 3H", "JK", "9", "take", "swap 7H 8S"):
        if text in legal:
            continue
        with pytest.raises(Refused) as info:
            table.act(seat, text)
        error = info.value
        assert error.code and error.text
        is_japanese = any(ord(ch) > 0x3000 for ch in error.text)
        assert is_japanese == (language == "ja"), (error.code, error.text)
        assert table.refusal(seat, text) is not None
        assert json.dumps(to_json(table.view(seat))) == before
        return True
    return False


@pytest.mark.parametrize("name", list(GAMES))
def test_a_seat_outside_the_table_is_refused_with_the_fix(name):
    players = GAMES[name][0][0]
    with pytest.raises(ValueError, match=f"use 0-{players - 1}"):
        _table(name, players=players, people={players}, seed=1, language="en")


def _publicly_known(name: str, game, seat: int) -> set[str]:
    """Cards of `seat`'s hand that every seat has seen: Schwimmen's cards taken face up from
    the table (its ``known``); none in Daifugō."""
    if name == "schwimmen":
        return set(map(str, game.known[seat]))
    return set()


def _known_to(name: str, game, viewer: int, seat: int) -> set[str]:
    """Cards of `seat`'s hand that `viewer` alone knows of: the ones it gave in Daifugō's card
    passing (the engine's ``known[viewer][seat]``)."""
    if name == "daifugo":
        return set(map(str, game.known[viewer].get(seat, ())))
    return set()


@pytest.mark.parametrize("name", [n for n, (counts, _) in OWN.items() if max(counts) > 1])
def test_public_view_hides_every_hand(name):
    """The public view (a spectator's) and a seat's view never carry another seat's hidden
    cards: a card of another hand shows only when every seat has seen it (Schwimmen's cards
    taken face up) or, in that seat's view, when it gave it (Daifugō's card passing)."""
    table = _table(name, players=4, people={1, 3}, seed=7, language="ja")
    table.start_game()
    steps = 0
    checked = 0
    while table.in_game and steps < 400:
        steps += 1
        seat = table.to_move
        if seat is None:
            table.advance()
            continue
        game = table.game  # type: ignore[attr-defined]
        hidden = [set(map(str, game.hands[s])) - _publicly_known(name, game, s) for s in range(4)]
        public = json.dumps(to_json(table.view(None)))
        for s in range(4):
            mine = json.dumps(to_json(table.view(s)))
            for other in range(4):
                if other == s:
                    continue
                for card in hidden[other]:
                    token = f'"{card}"'
                    assert token not in public, f"{card} of seat {other} in the public view"
                    if card not in hidden[s] and card not in _known_to(name, game, s, other):
                        assert token not in mine, f"seat {s} sees {card} of seat {other}"
                        checked += 1
        if table.cpu_due:
            table.step_cpu()
        else:
            table.act(seat, table.legal_actions(seat)[0])
    assert checked > 100  # the check ran over many hidden cards


def test_shared_and_money_tables_follow_their_protocols():
    """The tables people share rename seats and set CPU levels; Daifugō's also has money."""
    from games.common.table import MoneyTable, SharedTable

    daifugo = _table("daifugo", players=3, people={0}, seed=1, language="ja")
    schwimmen = _table("schwimmen", players=3, people={0}, seed=1, language="ja")
    cool = _table("cool24", players=1, people={0}, seed=1, language="ja")
    assert isinstance(daifugo, MoneyTable)
    assert isinstance(schwimmen, SharedTable) and not isinstance(schwimmen, MoneyTable)
    # COOL's is the generic table's (games.common.generic): it renames its one seat too
    assert isinstance(cool, SharedTable) and not isinstance(cool, MoneyTable)
    cool.rename(0, "さくら")
    assert cool.names == ("さくら",)
    for table in (daifugo, schwimmen):
        table.rename(2, "さくら")
        assert table.names[2] == "さくら"
        with pytest.raises(ValueError):
            table.set_cpu_level("grandmaster")
    for table in (daifugo, schwimmen, cool):
        assert table.out == frozenset()
        assert table.rules_lines() and all(isinstance(line, str) for line in table.rules_lines())


VOCABULARY = ("players", "people", "seed", "language", "cpu_levels", "rules", "settings")


@pytest.mark.parametrize("name", list(GAMES))
def test_one_constructor_vocabulary(name):
    """Every table takes the same keywords first, meaning the same (registry.TableSettings):
    `cpu_levels` one per seat (one value: every seat; more levels than seats: a ValueError),
    `rules` and `settings` None for the game's defaults."""
    import inspect

    params = inspect.signature(_table_class(name).__init__).parameters
    keywords = [p for p in params.values() if p.kind is inspect.Parameter.KEYWORD_ONLY]
    assert tuple(p.name for p in keywords[: len(VOCABULARY)]) == VOCABULARY
    assert all(params[key].default is None for key in ("seed", "rules", "settings"))
    players = GAMES[name][0][-1]
    per_seat = tuple(("easy", "strong")[s % 2] for s in range(players))
    table = _table(name, players=players, people=frozenset({0}), cpu_levels=per_seat)
    assert table.cpu_levels == per_seat  # type: ignore[attr-defined]
    one = _table(name, players=players, cpu_levels=("strong",), rules=None, settings=None)
    assert one.cpu_levels == ("strong",) * players  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="CPU levels for"):
        _table(name, players=players, cpu_levels=("easy",) * (players + 1))
