"""What a person's selection of cards may do now, decided without Qt for every view (the Qt
window's buttons and prompt, a phone's): whether it can be played or given and why not, the
joker's readings, the cards that take part in a legal action, and the line under the field.
The table (games.daifugo.table) answers these for a seat; the widgets only paint them."""

from __future__ import annotations

from collections.abc import Sequence

from eventkit.i18n import Texts
from games.common.cards import AnyCard
from games.common.protocol import IllegalMove
from games.daifugo.game import Game
from games.daifugo.plays import Give, IllegalDaifugoMove, Play
from games.daifugo.state import Phase
from games.daifugo.texts import explain


def _reading(game: Game, codes: Sequence[str]) -> IllegalMove | Play:
    """The play these cards make now (a bare joker: its first legal reading), or why not."""
    try:
        action = game.parse_action(" ".join(codes))
    except IllegalMove as error:
        return error
    except ValueError as error:  # not card codes at all
        return IllegalDaifugoMove("not_an_action", action=str(error))
    why = game.why_illegal(action)
    if why is not None:
        return why
    assert isinstance(action, Play)
    return action


def refusal(game: Game, codes: Sequence[str], language: str) -> str | None:
    """None when the current player may play (or give) these cards, else why not in
    `language` ("" when there is nothing to say: nothing chosen, a gift not complete)."""
    if game.phase == Phase.EXCHANGE:
        step = game.exchange_step
        assert step is not None
        gifts = {tuple(map(str, a.cards)) for a in game.legal_actions() if isinstance(a, Give)}
        if tuple(codes) in gifts or (len(codes) == step.count and not step.strongest_only):
            return None
        return ""
    if not codes:
        return ""
    play = _reading(game, codes)
    return explain(play, language) if isinstance(play, IllegalMove) else None


def joker_readings(game: Game, codes: Sequence[str]) -> list[tuple[str, ...]]:
    """The legal plays of exactly these cards, one per card the joker may stand for."""
    if "JK" not in codes:
        return []
    wanted = sorted(codes)
    return [
        play.codes
        for play in game.legal_plays()
        if sorted("JK" if c.startswith("JK=") else c for c in play.codes) == wanted
    ]


def legal_cards(game: Game) -> set[AnyCard]:
    """The current player's cards that take part in some legal play (or may be given)."""
    step = game.exchange_step
    if step is not None:
        if step.strongest_only:
            return {a.cards[0] for a in game.legal_actions() if isinstance(a, Give)}
        return set(game.hands[step.giver])
    return {c for play in game.legal_plays() for c in play.cards}


def prompt(g: Game, seat: int, codes: Sequence[str], names: Sequence[str], t: Texts) -> str:
    """The line under the field for the person at `seat` who has selected `codes` (names:
    the seats' names; t: the table's texts)."""
    if g.is_over:
        return ""
    if seat in g.out:
        return str(t["spectate"])
    step = g.exchange_step
    if step is not None:
        if step.giver != seat:
            return str(t["exchange_cpu"])
        key = "give_strongest" if step.strongest_only else "give_any"
        return str(t[key].format(to=names[step.receiver], n=step.count))
    if g.turn != seat:
        return str(t["thinking"].format(name=names[g.turn]))
    text = t["your_lead"] if g.top is None else t["your_turn"]
    if g.top is not None and not g.legal_plays():
        text = t["no_play"]
    why = refusal(g, codes, t.language)
    if why:
        return str(t["cant_play"].format(why=why))
    if why is None and len(g.hands[seat]) == len(codes):
        play = _reading(g, codes)
        if isinstance(play, Play) and g.would_foul(play):
            return str(t["foul_warning"])
    return str(text)
