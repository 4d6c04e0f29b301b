"""The room screen's last-action line reads in the screen's language (it showed the engines'
action text, 「CPU 5: pass」, on a Japanese projector): every action of real Schwimmen games,
and Daifugō's pass, through `public_table` as the screen gets them."""

from __future__ import annotations

import random
import re

import pytest

from games.schwimmen.actions import NextRound
from games.schwimmen.room_screen import action_in_words
from games.schwimmen.rules import Game
from games.web.screen_text import public_table

CARD = re.compile(r"(10|[2-9JQKA])[♠♥♦♣]")


def _schwimmen_actions(seed: int) -> list[str]:
    game, rng, texts = Game.new(seed=seed, players=4), random.Random(seed), []
    while not game.is_over and len(texts) < 400:
        action = rng.choice(game.legal_actions())
        if not isinstance(action, NextRound):
            texts.append(str(action))
        game.apply(action)
    return texts


@pytest.mark.parametrize("seed", range(6))
def test_every_schwimmen_action_reads_in_japanese_words(seed):
    texts = _schwimmen_actions(seed)
    kinds = {t.split()[0] if t.startswith("swap ") and len(t.split()) == 3 else t for t in texts}
    assert len(kinds) >= 4, kinds  # swaps, passes, knocks and the dealer's choice at least
    for text in texts:
        ja, en = action_in_words(text, "ja"), action_in_words(text, "en")
        assert ja and en, text
        assert not re.search("[A-Za-z]", CARD.sub("", ja)), (text, ja)
        assert ja != en


def _message(game: str, action: str) -> dict:
    names = ["あや", "CPU 2", "CPU 3", "CPU 4", "CPU 5"]
    return {"type": "table", "game": game, "game_no": 1, "step": 4, "seat": None,
            "view": {"observation": {}}, "names": names, "to_move": 1,
            "last": {"seat": 4, "action": action}}  # fmt: skip


@pytest.mark.parametrize(
    ("game", "action", "ja", "en"),
    [
        ("schwimmen", "swap 7H KS", "CPU 5: 7♥ を出して K♠ を取った", "CPU 5: gives 7♥, takes K♠"),
        ("schwimmen", "pass", "CPU 5: パス", "CPU 5: Pass"),
        ("schwimmen", "knock", "CPU 5: 終了!", "CPU 5: Knock!"),
        ("schwimmen", "next round", "", ""),
        ("daifugo", "pass", "CPU 5: パス", "CPU 5: passed"),
        ("daifugo", "JK=5S 5H", "CPU 5: JK 5♥", "CPU 5: JK 5♥"),
    ],
)
def test_the_screens_last_line_speaks_its_language(game, action, ja, en):
    assert public_table(_message(game, action), "room", "ja").last == ja
    assert public_table(_message(game, action), "room", "en").last == en
