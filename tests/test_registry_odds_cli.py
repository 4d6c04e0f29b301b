"""`bingo prob --registry cards.csv --numbers ...`: the registered cards' odds, text and JSON,
and one-line errors."""

from __future__ import annotations

import json

import pytest
from test_registry_odds import random_cards

from bingo import probability as prob
from bingo.cli import main
from cards.registry import write_registry


@pytest.fixture
def setup(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(
        '[event]\nlanguage = "en"\ncards_in_play = 100\n'
        "[board]\nsize = 5\nnumbers_per_column = 9\nimages_per_column = 9\nthreshold = 4\n"
        "free_center = true\n"
        '[columns]\nnames = ["P", "U", "Y", "O", "!"]\n',
        encoding="utf-8",
    )
    cards = random_cards(40, 5, 9, True, seed=8)
    registry = tmp_path / "cards.csv"
    write_registry(registry, cards)
    return str(config), str(registry), cards


CALLED = [3, 17, 22, 40, 11, 28, 35, 9]


def run_json(capsys, config, registry, numbers) -> dict:
    capsys.readouterr()
    args = ["prob", "--config", config, "--registry", registry, "--json"]
    assert main([*args, "--numbers", numbers]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_holds_the_exact_figures_and_the_curve(setup, capsys):
    config, registry, cards = setup
    shown = run_json(capsys, config, registry, ",".join(map(str, CALLED)))
    registered = prob.prepare_registry(cards, 5, 9, 4, True)
    figures = prob.registry_next_draw(registered, CALLED)
    assert shown["p_new_bingo_next"] == figures.p_new_bingo_next
    assert shown["expected_new_bingos_next"] == figures.expected_new_bingos_next
    giving, pool = shown["p_new_bingo_next_fraction"]
    assert pool == 45 - len(CALLED) and giving == len(shown["completing_numbers"])
    assert shown["expected_new_bingos_next_fraction"] == [
        sum(shown["completing_numbers"].values()),
        pool,
    ]
    assert shown["cards"] == 40 and shown["numbers_called"] == CALLED
    assert shown["cards_with_bingo"] == len(shown["bingo_serials"]) == figures.bingo_cards
    curve = shown["curve"]
    assert curve["milestone"] == figures.bingo_cards + 1
    assert curve["draws"][0] == len(CALLED) and curve["draws"][-1] == 45
    assert curve["p"][0] == 0.0 and curve["p"][1] == shown["p_new_bingo_next"]
    assert curve["samples"] > 0 and 0 < curve["max_error"] < 0.02
    # the order the numbers were called in does not change a figure
    again = run_json(capsys, config, registry, ",".join(map(str, reversed(CALLED))))
    assert again["curve"] == curve and again["completing_numbers"] == shown["completing_numbers"]


def test_text_names_the_figures_the_show_prints(setup, capsys):
    config, registry, cards = setup
    shown = run_json(capsys, config, registry, "3, 17, 22")
    assert main(["prob", "--config", config, "--registry", registry, "--numbers", "3,17,22"]) == 0
    out = capsys.readouterr().out
    giving, pool = shown["p_new_bingo_next_fraction"]
    percent = f"{shown['p_new_bingo_next'] * 100:.1f}%"
    assert "40 registered cards (5x5, 9 numbers per column, bingo = 4 connected" in out
    assert "3 numbers called: 3, 17, 22" in out
    assert f"next ball: {percent} ({giving} of the {pool} numbers)" in out
    assert f"expected new bingos on the next ball: {shown['expected_new_bingos_next']:.2f}" in out
    if shown["cards_with_bingo"]:
        assert f"chance of the next bingo (card no. {shown['cards_with_bingo'] + 1})" in out
        assert "first bingo" not in out
    else:
        assert "chance of a first bingo among the registered cards" in out
    assert "sampled over" in out and "the next draw exact" in out
    assert main(["prob", "--config", config, "--registry", registry]) == 0  # no number yet
    out = capsys.readouterr().out
    assert "0 numbers called: —" in out and "cards with a bingo now: 0," in out
    assert "chance of a first bingo among the registered cards" in out


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        (["--numbers", "3"], "--numbers goes with --registry"),
        (["--json"], "--json goes with --registry"),
        (["--registry", "REG", "--numbers", "3,3"], "--numbers: 3 appears twice"),
        (["--registry", "REG", "--numbers", "3,46"], "--numbers: 46 is not on this board"),
        (["--registry", "REG", "--numbers", "3,x"], "--numbers must be the numbers called"),
        (["--registry", "REG", "--size", "4"], "--size does not go with --registry"),
        (["--registry", "REG", "--drawn", "1,0,0,0,0"], "--drawn does not go with --registry"),
        (["--registry", "REG", "--samples", "1"], "--samples"),
        (["--registry", "missing.csv"], "not found"),
    ],
)
def test_bad_registry_arguments_give_one_line(setup, capsys, extra, needle):
    config, registry, _ = setup
    extra = [registry if e == "REG" else e for e in extra]
    assert main(["prob", "--config", config, *extra]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = [line for line in captured.err.strip().splitlines() if line.startswith("error: ")]
    assert len(lines) == 1 and needle in lines[0]
    assert "Traceback" not in captured.err
