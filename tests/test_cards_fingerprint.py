"""The config fingerprint: equal for the same board, different when a card's meaning changes."""

from __future__ import annotations

import dataclasses

from bingo.config import BoardConfig, ColumnsConfig, Config, EventConfig
from cards.fingerprint import board_text, config_fingerprint


def test_same_board_same_fingerprint_whatever_the_look() -> None:
    base = Config()
    looks = dataclasses.replace(
        base,
        event=EventConfig(title="別の大会"),
        columns=dataclasses.replace(base.columns, fill=("#000000",) * 4),
    )
    assert config_fingerprint(base) == config_fingerprint(looks)
    assert len(config_fingerprint(base)) == 16
    int(config_fingerprint(base), 16)


def test_each_meaningful_setting_changes_it() -> None:
    base = Config()
    variants = [
        dataclasses.replace(base, board=BoardConfig(size=5, numbers_per_column=10)),
        dataclasses.replace(base, board=BoardConfig(numbers_per_column=12, images_per_column=12)),
        dataclasses.replace(base, board=BoardConfig(free_center=True)),
        dataclasses.replace(base, board=BoardConfig(threshold=3)),
        dataclasses.replace(base, columns=ColumnsConfig(names=("A", "B", "C", "D"))),
    ]
    prints = {config_fingerprint(c) for c in variants}
    assert len(prints) == len(variants)
    assert config_fingerprint(base) not in prints


def test_board_text() -> None:
    assert board_text(
        Config(board=BoardConfig(size=5, numbers_per_column=15, free_center=True))
    ) == ("5x5, 1-75, free centre")
