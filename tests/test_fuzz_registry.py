"""Fuzzing the registry loader: a mutated registry file loads or gives one RegistryError, never a
traceback. Seeded (derandomized) and bounded, so it runs the same few hundred files every time.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bingo.config import parse_config
from cards.check import load_registry_for
from cards.generate import generate_cards
from cards.model import BingoCard
from cards.registry import RegistryError, write_registry

ROOT = Path(__file__).resolve().parent.parent
CONFIG = parse_config(
    {"board": {"size": 5, "numbers_per_column": 15, "free_center": True}}, base_dir=ROOT
)

# Pieces that found crashes before or sit on parsing edges.
PIECES = [
    "\ufeff",
    "\x00",
    '"',
    ",",
    "\r\n",
    "\n",
    "FREE",
    "-1",
    "0",
    "٣",
    "1_0",
    "+3",
    " ",
    "serial",
    "r1c1",
    "9" * 13,
    "99999999999999999999999",
    "1e3",
    "\u3000",
]

text_piece = st.one_of(
    st.sampled_from(PIECES),
    st.text(max_size=12),
    st.builds(lambda ch, n: ch * n, st.sampled_from('7x,"'), st.sampled_from([1000, 140_000])),
)


@st.composite
def mutated_registry(draw) -> bytes:
    cards = generate_cards(CONFIG.board, draw(st.integers(1, 4)), seed=draw(st.integers(0, 99)))
    lines = [",".join(["serial"] + [f"r{r + 1}c{c + 1}" for r in range(5) for c in range(5)])] + [
        ",".join([str(c.serial)] + ["FREE" if n is None else str(n) for row in c.rows for n in row])
        for c in cards
    ]
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["field", "insert", "delete", "dup", "drop", "swap"]))
        i = draw(st.integers(0, len(lines) - 1))
        if kind == "field":
            fields = lines[i].split(",")
            fields[draw(st.integers(0, len(fields) - 1))] = draw(text_piece)
            lines[i] = ",".join(fields)
        elif kind == "insert":
            at = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:at] + draw(text_piece) + lines[i][at:]
        elif kind == "delete":
            at = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:at] + lines[i][at + draw(st.integers(1, 30)) :]
        elif kind == "dup":
            lines.insert(i, lines[i])
        elif kind == "drop" and len(lines) > 1:
            del lines[i]
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    if draw(st.booleans()):
        cut = draw(st.integers(0, len(data)))
        data = data[:cut] + draw(st.binary(max_size=8)) + data[cut:]
    return data


@settings(
    max_examples=250,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=mutated_registry())
def test_mutated_registries_load_or_give_a_registry_error(tmp_path, data) -> None:
    path = tmp_path / "cards.csv"
    path.write_bytes(data)
    try:
        cards = load_registry_for(CONFIG, path)
    except RegistryError as exc:
        message = str(exc)
        assert "\n" not in message.strip() and str(path) in message
        return
    assert cards and all(isinstance(card, BingoCard) for card in cards.values())
    grids = [card.rows for card in cards.values()]
    assert len(set(grids)) == len(grids)
    for card in cards.values():
        numbers = card.numbers()
        assert len(set(numbers)) == len(numbers) and 0 <= card.serial < 10**12


def test_a_written_registry_round_trips(tmp_path) -> None:
    """The fuzzer's starting point is valid: without mutations the registry loads unchanged."""
    cards = generate_cards(CONFIG.board, 4, seed=1)
    write_registry(tmp_path / "cards.csv", cards)
    assert list(load_registry_for(CONFIG, tmp_path / "cards.csv").values()) == cards
